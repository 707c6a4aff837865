//! A race witness of a C kernel in the user's terms, decoded in this one
//! place from the kernel's [`Encoding`] (`docs/reports.md`, "A CUDA race"):
//! each value is the C value of its C type (a `pos − neg` pair folded to
//! one integer, reduced into its type), each index the C index (the
//! offset of its dimension removed), each array under the name the user
//! wrote, each unknown named by the source expression it stands for.  The
//! protocol's own witness ([`Witness`]) stays as it is: replay and triage
//! read it.

use crate::kernel::{Kernel, Provenance, Unknown};
use crate::verdict::{Assumption, Witness, WitnessAccess};
use mapcheck_ir::encoding::Encoding;
use mapcheck_ir::kernel::IntType;
use mapcheck_ir::threads::Builtin;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use semantics::expr::NExp;
use semantics::surface::Span;
use semantics::{Nat, Var};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

pub use crate::verdict::{Approximation, CAccess, CLaunch, CThread, CUnknown, CValue, CWitness};

/// A C index, or a value of no known C type: at most 64 bits wide, so
/// one outside [-2^63, 2^64) (a protocol value under the offset that
/// shifts negative indices, or a pair with a part of 2^64) is the same
/// value modulo 2^64 — the cell an address offset that wraps reaches —
/// with the sign it had.
fn c_index(i: BigInt) -> BigInt {
    let m: BigInt = BigInt::from(1) << 64;
    let half: BigInt = BigInt::from(1) << 63;
    if i >= -half.clone() && i < m {
        return i;
    }
    let r = ((&i % &m) + &m) % &m;
    if i < BigInt::from(0) && r >= half {
        r - m
    } else {
        r
    }
}

/// The witness `w` of `kernel` in C terms; `None` for the theory's kernels
/// (`.proto`, `.bcu`), whose protocol is the user's own text.
pub fn decode(kernel: &Kernel, w: &Witness) -> Option<CWitness> {
    if !matches!(
        kernel.provenance,
        Provenance::CudaExact | Provenance::CudaApproximated
    ) {
        return None;
    }
    let d = Decoder::new(kernel);
    let threads = [0, 1].map(|k| d.thread(w, k));
    let (unknowns, params) = d.globals(&w.params);
    let index = w.index.iter().enumerate();
    let index: Vec<BigInt> = index
        .map(|(dim, v)| c_index(big(v) - big(&d.enc.offset(&w.array, dim))))
        .collect();
    // A synchronized loop's counter is read from its loop variable and
    // the parameters (`r = 1` is the C counter's value, not the iteration).
    let mut sync_env = w.params.clone();
    sync_env.extend(w.sync_vars.iter().map(|(x, v)| (x.clone(), v.clone())));
    let approximations = kernel.unsupported.iter().map(|u| Approximation {
        what: u.what.clone(),
        span: u.span,
    });
    Some(CWitness {
        array: d.enc.array_name(&w.array),
        accesses: [0, 1].map(|k| d.access(&w.accesses[k])),
        threads,
        launch: d.launch(&w.params),
        outside_sizes: outside_sizes(kernel, &params, &index),
        index,
        sync_vars: d.loop_values(&w.sync_vars, &sync_env),
        params,
        unknowns,
        assumptions: w.assumptions.iter().map(|a| d.assumption(a)).collect(),
        approximations: approximations.collect(),
    })
}

/// One line naming the integer parameters and indices of the witness
/// outside `0 ..= 2^31 - 1`, the values a size takes: a race shown with
/// `n = -3` may be one no caller meets (`docs/reports.md`).
fn outside_sizes(kernel: &Kernel, params: &[CValue], index: &[BigInt]) -> Option<String> {
    let limit = BigInt::from(1u8) << 31;
    let outside = |v: &BigInt| v.sign() == num_bigint::Sign::Minus || *v >= limit;
    let is_param = |name: &str| {
        kernel
            .params
            .iter()
            .any(|p| p.name == name && p.int.is_some())
    };
    let mut items: Vec<String> = params
        .iter()
        .filter(|p| is_param(&p.name) && outside(&p.value))
        .map(|p| format!("`{} = {}`", p.name, p.value))
        .collect();
    let cell: String = index.iter().map(|v| format!("[{v}]")).collect();
    if index.iter().any(outside) {
        items.push(format!("index {cell}"));
    }
    (!items.is_empty()).then(|| {
        format!(
            "this witness gives {}: negative, or 2^31 or more — not a size a caller usually passes (mapcheck has not checked whether the race needs it)",
            items.join(", ")
        )
    })
}

/// `x=v` for each of `values` in the terms of `kernel`'s user: for a C
/// kernel, signed pairs folded, unknowns named by their source expression
/// and location, the encoding's own variables left out (the other
/// reports of a C kernel, such as barrier divergence, read values through
/// this); for the theory's kernels, as they are.
pub fn value_parts(kernel: &Kernel, values: &BTreeMap<Var, Nat>) -> Vec<String> {
    let plain = |(x, v): (&Var, &Nat)| format!("{x}={v}");
    if !matches!(
        kernel.provenance,
        Provenance::CudaExact | Provenance::CudaApproximated
    ) {
        return values.iter().map(plain).collect();
    }
    let d = Decoder::new(kernel);
    let mut out = Vec::new();
    for x in values.keys() {
        let unknown = d.unknowns.get(x.as_str()).or(d.uniform.get(x.as_str()));
        if d.enc.is_neg(x) {
            continue;
        }
        if let Some(u) = unknown {
            out.push(d.unknown(u, d.value(x, values)).to_string());
        } else if !d.internal.contains(x) {
            out.push(format!("{x}={}", d.value(x, values)));
        }
    }
    out
}

/// The variable `x` of `kernel`'s protocol as its user knows it: an
/// unknown by its source expression (`` `in[i]` at 9:11 ``) or what it is;
/// any other variable by its name.
pub fn user_name(kernel: &Kernel, x: &str) -> String {
    let d = Decoder::new(kernel);
    match d.unknowns.get(x).or(d.uniform.get(x)) {
        Some(u) => {
            let u = d.unknown(u, BigInt::default());
            match u.expr {
                Some(e) => format!("`{e}` at {}", u.span),
                None => format!("the {} at {}", u.what, u.span),
            }
        }
        None => format!("`{x}`"),
    }
}

/// Whether `text` (a protocol expression) names a variable of `kernel`
/// that its user never wrote ([`Kernel::internal_vars`]).
pub fn names_internal(kernel: &Kernel, text: &str) -> bool {
    let internal = kernel.internal_vars();
    let mut words = text.split(|c: char| !(c.is_alphanumeric() || c == '_'));
    words.any(|w| internal.contains(w))
}

/// What decoding needs from the kernel.
struct Decoder<'a> {
    enc: &'a Encoding,
    /// The kernel's file (a launch in it names no file of its own).
    file: &'a Path,
    source: &'a str,
    /// Thread-local unknowns by variable.
    unknowns: BTreeMap<&'a str, &'a Unknown>,
    /// Thread-global unknowns by variable.
    uniform: BTreeMap<&'a str, &'a Unknown>,
    /// The C integer parameters' types, by name.
    param_types: BTreeMap<&'a str, IntType>,
    internal: BTreeSet<Var>,
}

impl<'a> Decoder<'a> {
    fn new(k: &'a Kernel) -> Decoder<'a> {
        let by_var = |us: &'a [Unknown]| us.iter().map(|u| (u.var.as_str(), u)).collect();
        let typed = k
            .params
            .iter()
            .filter_map(|p| Some((p.name.as_str(), p.int?)));
        Decoder {
            enc: &k.encoding,
            file: &k.file,
            source: &k.source,
            unknowns: by_var(&k.unknowns),
            uniform: by_var(&k.encoding.uniform_unknowns),
            param_types: typed.collect(),
            internal: k.internal_vars(),
        }
    }

    /// The C value of the variable `x` among `values`: its pair folded,
    /// reduced into its C type.
    fn value(&self, x: &str, values: &BTreeMap<Var, Nat>) -> BigInt {
        let get = |v: &str| values.get(v).map(big).unwrap_or_default();
        let mut v = get(x);
        if let Some(neg) = self.enc.neg_of(x) {
            v -= get(neg);
        }
        let ty = self.enc.types.get(x).or(self.param_types.get(x));
        match ty {
            Some(t) => wrap(v, *t),
            None => c_index(v),
        }
    }

    /// The launch whose facts `params` (a witness's) meet, with its host
    /// values that the witness gives: the only launch, or the one the
    /// selector's value numbers (`Encoding::host`); `None` when the kernel
    /// has no host facts or the witness does not say.
    fn launch(&self, params: &BTreeMap<Var, Nat>) -> Option<CLaunch> {
        let host = self.enc.host.as_ref()?;
        let chosen = match &host.selector {
            Some(x) => Some(params.get(x)?.to_usize()?),
            None => None,
        };
        let i = host.launch_of(chosen)?;
        let site = &host.launches[i];
        let values = host.values.iter().filter(|v| v.launch == i);
        let given = values.filter(|v| params.contains_key(&v.var));
        let host_values = given.map(|v| CValue {
            name: v.name.clone(),
            value: self.value(&v.var, params),
        });
        Some(CLaunch {
            file: site.file.clone().unwrap_or_else(|| self.file.to_path_buf()),
            span: site.span,
            host_values: host_values.collect(),
        })
    }

    /// Thread `k`'s identifiers, loop iteration and unknowns.
    fn thread(&self, w: &Witness, k: usize) -> CThread {
        let t = &w.threads[k];
        let env = || {
            let mut all = w.params.clone();
            for m in [&t.ids, &t.locals, &t.loop_vars] {
                all.extend(m.iter().map(|(x, v)| (x.clone(), v.clone())));
            }
            all
        };
        let mut out = CThread {
            ids: self.plain(&t.ids),
            loop_vars: self.loop_values(&t.loop_vars, &env()),
            unknowns: Vec::new(),
        };
        for x in t.locals.keys() {
            if self.enc.is_neg(x) {
                continue;
            }
            if let Some(u) = self.unknowns.get(x.as_str()) {
                out.unknowns.push(self.unknown(u, self.value(x, &t.locals)));
            } else if Builtin::of_var(x).is_some() || !self.internal.contains(x) {
                let value = self.value(x, &t.locals);
                out.ids.push(CValue {
                    name: x.clone(),
                    value,
                });
            }
        }
        out
    }

    /// The thread-global unknowns and the other parameters of `params`.
    fn globals(&self, params: &BTreeMap<Var, Nat>) -> (Vec<CUnknown>, Vec<CValue>) {
        let mut unknowns = Vec::new();
        let mut plain = Vec::new();
        for x in params.keys() {
            if let Some(u) = self.uniform.get(x.as_str()) {
                unknowns.push(self.unknown(u, self.value(x, params)));
            } else if self.enc.loops.contains_key(x) || self.enc.iteration_loops.contains_key(x) {
                // A synchronized loop's variable: every thread's iteration.
                let one = BTreeMap::from([(x.clone(), params[x].clone())]);
                plain.extend(self.loop_values(&one, params));
            } else if !self.internal.contains(x) {
                let value = self.value(x, params);
                plain.push(CValue {
                    name: x.clone(),
                    value,
                });
            }
        }
        (unknowns, plain)
    }

    /// The C loop counters of loop variables `vars` (`i = 37`, the value
    /// of the counter in the witness's iteration, with every value of the
    /// witness in `env`), without the loops over the parts of an element;
    /// a loop variable of no known C counter keeps its name.
    fn loop_values(&self, vars: &BTreeMap<Var, Nat>, env: &BTreeMap<Var, Nat>) -> Vec<CValue> {
        let mut out = Vec::new();
        for (x, v) in vars {
            if self.enc.part_loops.contains(x) || self.internal.contains(x) {
                continue;
            }
            out.push(match self.enc.loops.get(x) {
                Some(c) => match (closed_value(&c.pos, env), closed_value(&c.neg, env)) {
                    (Some(pos), Some(neg)) => CValue {
                        name: c.name.clone(),
                        value: pos - neg,
                    },
                    _ => CValue {
                        name: format!("iteration of the loop over `{}`", c.name),
                        value: big(v),
                    },
                },
                None => CValue {
                    name: match self.enc.iteration_loops.get(x) {
                        Some(at) => format!("iteration of the loop at {at}"),
                        None => x.clone(),
                    },
                    value: big(v),
                },
            });
        }
        out
    }

    /// Values of variables the user wrote (identifiers, loop variables).
    fn plain(&self, values: &BTreeMap<Var, Nat>) -> Vec<CValue> {
        let named = values.keys().filter(|x| !self.internal.contains(*x));
        let value = |x: &Var| CValue {
            name: x.clone(),
            value: self.value(x, values),
        };
        named.map(value).collect()
    }

    fn unknown(&self, u: &Unknown, value: BigInt) -> CUnknown {
        let expr = span_text(self.source, &u.span).filter(|t| t.chars().count() <= MAX_EXPR);
        let what = match &u.cause {
            mapcheck_ir::kernel::UnknownCause::ArrayRead { array } => {
                format!("a value read from `{}`", self.enc.array_name(array))
            }
            mapcheck_ir::kernel::UnknownCause::Call { function } => {
                format!("the result of `{function}`")
            }
            mapcheck_ir::kernel::UnknownCause::Declared => u.var.clone(),
            mapcheck_ir::kernel::UnknownCause::Other(why) => why.clone(),
        };
        CUnknown {
            expr,
            what,
            span: u.span,
            value,
        }
    }

    fn access(&self, a: &WitnessAccess) -> CAccess {
        let array = self.enc.array_name(&a.array);
        CAccess {
            mode: a.mode,
            text: span_text(self.source, &a.span).unwrap_or_else(|| array.clone()),
            array,
            span: a.span,
        }
    }

    /// A well-formedness assumption, its condition kept only when it
    /// names nothing of the encoding (else its reason says what it is).
    fn assumption(&self, a: &Assumption) -> Assumption {
        let words = a
            .condition
            .split(|c: char| !(c.is_alphanumeric() || c == '_'));
        if words.clone().any(|w| self.internal.contains(w)) {
            return Assumption {
                condition: a.reason.clone(),
                ..a.clone()
            };
        }
        a.clone()
    }
}

/// `v` reduced into the C integer type `t` (C11 6.3.1.3, with CUDA's
/// compilers' wrap-around for signed types).
pub fn wrap(v: BigInt, t: IntType) -> BigInt {
    let modulus = BigInt::from(1u8) << t.bits;
    let mut r = ((v % &modulus) + &modulus) % &modulus;
    if t.signed && r >= (BigInt::from(1u8) << (t.bits - 1)) {
        r -= modulus;
    }
    r
}

fn big(n: &Nat) -> BigInt {
    BigInt::from(n.clone())
}

/// The most characters of source text a report quotes for one access.
const MAX_TEXT: usize = 80;

/// The longest source text that names an unknown (a longer span is a
/// statement, such as a loop: the unknown is named by what it is).
const MAX_EXPR: usize = 48;

/// The source text of `span` (1-based line and column in characters, end
/// exclusive), on one line with its spaces collapsed; `None` when the span
/// is empty or outside `source`.
pub fn span_text(source: &str, span: &Span) -> Option<String> {
    if span.line == 0 || span.col == 0 || span.end_line < span.line {
        return None;
    }
    let lines: Vec<&str> = source.lines().collect();
    let first = span.line as usize - 1;
    let last = (span.end_line as usize - 1).min(lines.len().checked_sub(1)?);
    let mut text = String::new();
    for (n, line) in lines.get(first..=last)?.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let from = if n == 0 { span.col as usize - 1 } else { 0 };
        let to = if first + n == span.end_line as usize - 1 {
            (span.end_col as usize).saturating_sub(1).min(chars.len())
        } else {
            chars.len()
        };
        text.extend(chars.get(from..to.max(from))?);
        text.push(' ');
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return None;
    }
    if text.chars().count() > MAX_TEXT {
        let cut: String = text.chars().take(MAX_TEXT - 1).collect();
        return Some(format!("{cut}…"));
    }
    Some(text)
}

/// The value of `n` with every variable given by `env`; `None` when one
/// is not.
fn closed_value(n: &NExp, env: &BTreeMap<Var, Nat>) -> Option<BigInt> {
    let mut closed = n.clone();
    for x in n.fv() {
        closed = closed.subst(&x, &NExp::Num(env.get(&x)?.clone()));
    }
    closed.eval().ok().map(|v| big(&v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use semantics::Mode;
    use std::path::PathBuf;

    fn int(bits: u32, signed: bool) -> IntType {
        IntType { bits, signed }
    }

    #[test]
    fn values_wrap_into_their_c_type() {
        let i = |n: i64| BigInt::from(n);
        assert_eq!(wrap(i(8589934591), int(32, true)), i(-1));
        assert_eq!(wrap(i(-1), int(32, false)), i(4294967295));
        assert_eq!(wrap(i(-5), int(32, true)), i(-5));
        assert_eq!(wrap(i(2147483648), int(32, true)), i(-2147483648));
        assert_eq!(wrap(i(300), int(8, false)), i(44));
    }

    #[test]
    fn span_text_is_the_expression_on_one_line() {
        let src = "int x;\n  a[tid &\n    (n - 1)] = 0;\n";
        let s = Span {
            line: 2,
            col: 3,
            end_line: 3,
            end_col: 13,
        };
        assert_eq!(span_text(src, &s).as_deref(), Some("a[tid & (n - 1)]"));
        assert_eq!(span_text(src, &Span::default()), None);
        let past = Span::point(9, 1);
        assert_eq!(span_text(src, &past), None);
    }

    fn kernel() -> Kernel {
        let mut k = Kernel::from_protocol_text("k", "param n;\nwr[0]").expect("parses");
        k.provenance = Provenance::CudaApproximated;
        k.encoding.pairs.push(mapcheck_ir::kernel::SignedParam {
            pos: "n".into(),
            neg: "n_neg".into(),
        });
        k.encoding.types.insert("n".into(), int(32, true));
        k.params.push(mapcheck_ir::kernel::Param {
            name: "n".into(),
            c_type: "int".into(),
            int: Some(int(32, true)),
        });
        k.encoding.index_base = Some("index_base".into());
        k.encoding.shifts.push(mapcheck_ir::encoding::IndexShift {
            array: "extern_shared".into(),
            dim: 0,
            offset: Nat::from(1u8) << 64usize,
        });
        k.encoding
            .array_names
            .insert("extern_shared".into(), vec!["workspace".into()]);
        k.source = "__global__ void k(int n) {\n  v = in[tid];\n}\n".into();
        k.unknowns.push(Unknown {
            var: "rd_in".into(),
            cause: mapcheck_ir::kernel::UnknownCause::ArrayRead { array: "in".into() },
            span: Span {
                line: 2,
                col: 7,
                end_line: 2,
                end_col: 14,
            },
        });
        k
    }

    fn witness() -> Witness {
        let n = |v: u64| Nat::from(v);
        let access = WitnessAccess {
            mode: Mode::Wr,
            array: "extern_shared".into(),
            index: vec!["index_base - n".into()],
            span: Span::default(),
        };
        let mut t = crate::verdict::ThreadValues::default();
        t.locals.insert("rd_in".into(), n(4294967295));
        let mut params = BTreeMap::new();
        params.insert("n".into(), n(0));
        params.insert("n_neg".into(), n(3));
        params.insert("index_base".into(), n(1) << 64usize);
        Witness {
            array: "extern_shared".into(),
            accesses: [access.clone(), access],
            threads: [t.clone(), t],
            index: vec![(n(1) << 64usize) - n(3)],
            sync_vars: BTreeMap::new(),
            params,
            assumptions: vec![Assumption {
                condition: "0 < n_neg".into(),
                reason: "a synchronized loop runs at least once".into(),
                span: Span::default(),
            }],
            replay_blocked: None,
            replay_values: None,
            in_c: None,
            benign: None,
        }
    }

    #[test]
    fn a_witness_decodes_into_c_terms() {
        let c = decode(&kernel(), &witness()).expect("a C kernel");
        assert_eq!(c.array, "workspace");
        assert_eq!(c.accesses[0].array, "workspace");
        assert_eq!(c.index, vec![BigInt::from(-3)]);
        let params: Vec<(&str, i64)> = c
            .params
            .iter()
            .map(|p| (p.name.as_str(), i64::try_from(&p.value).unwrap()))
            .collect();
        assert_eq!(params, vec![("n", -3)], "no neg part, no index base");
        let u = &c.threads[0].unknowns[0];
        assert_eq!((u.expr.as_deref(), u.span.line), (Some("in[tid]"), 2));
        assert_eq!(u.to_string(), "`in[tid]` at 2:7 = 4294967295");
        assert_eq!(
            c.assumptions[0].condition,
            "a synchronized loop runs at least once"
        );
        let note = c.outside_sizes.expect("n = -3 is no size");
        assert!(
            note.contains("`n = -3`") && note.contains("index [-3]"),
            "{note}"
        );
    }

    /// `kernel()` launched twice (lines 23 and 24), each launch's facts
    /// reading the host's `n` (`host_n`, `host_n_1`, signed pairs), the
    /// selector `host_launch` picking one.
    fn launched_twice() -> Kernel {
        use mapcheck_ir::encoding::{HostValue, HostValues};
        let mut k = kernel();
        let site = |line| mapcheck_ir::launch::Site {
            file: None,
            span: Span::point(line, 3),
        };
        for x in ["host_n", "host_n_1"] {
            k.encoding.pairs.push(mapcheck_ir::kernel::SignedParam {
                pos: x.into(),
                neg: format!("{x}_neg"),
            });
            k.encoding.types.insert(x.into(), int(32, true));
        }
        let value = |var: &str, launch| HostValue {
            var: var.into(),
            launch,
            name: "n".into(),
        };
        k.encoding.host = Some(HostValues {
            launches: vec![site(23), site(24)],
            selector: Some("host_launch".into()),
            values: vec![value("host_n", 0), value("host_n_1", 1)],
        });
        k.file = "k.cu".into();
        k
    }

    /// `witness()` with the host values of both launches and the
    /// selector's `launch`.
    fn at_launch(launch: u64) -> Witness {
        let mut w = witness();
        for (x, v) in [
            ("host_n", 2147483648u64),
            ("host_n_neg", 0),
            ("host_n_1", 0),
            ("host_n_1_neg", 3),
            ("host_launch", launch),
        ] {
            w.params.insert(x.into(), Nat::from(v));
        }
        w
    }

    fn names(values: &[CValue]) -> Vec<(&str, i64)> {
        let value = |v: &CValue| i64::try_from(&v.value).expect("small");
        values.iter().map(|v| (v.name.as_str(), value(v))).collect()
    }

    #[test]
    fn a_witness_names_the_launch_the_selector_picks() {
        let c = decode(&launched_twice(), &at_launch(1)).expect("a C kernel");
        let launch = c.launch.expect("the kernel has host facts");
        assert_eq!((launch.span.line, launch.span.col), (24, 3));
        assert_eq!(launch.file, PathBuf::from("k.cu"), "the kernel's own file");
        assert_eq!(names(&launch.host_values), vec![("n", -3)], "by its C name");
        assert_eq!(
            names(&c.params),
            vec![("n", -3)],
            "no host value, no selector"
        );
        assert_eq!(
            launch.to_string(),
            "the launch at k.cu:24:3 (with n = -3 on the host)"
        );
        let first = decode(&launched_twice(), &at_launch(0)).expect("a C kernel");
        let first = first.launch.expect("the kernel has host facts");
        assert_eq!(first.span.line, 23);
        // The first launch's host n, wrapped into its `int`.
        assert_eq!(names(&first.host_values), vec![("n", -2147483648)]);
    }

    #[test]
    fn a_witness_without_the_selector_names_no_launch() {
        let mut w = at_launch(1);
        w.params.remove("host_launch");
        let c = decode(&launched_twice(), &w).expect("a C kernel");
        assert_eq!(c.launch, None);
        let out_of_range = decode(&launched_twice(), &at_launch(2)).expect("a C kernel");
        assert_eq!(out_of_range.launch, None);
    }

    #[test]
    fn one_launch_is_the_launch_of_every_witness() {
        let mut k = launched_twice();
        let host = k.encoding.host.as_mut().expect("host values");
        host.selector = None;
        host.launches.remove(0);
        host.values.remove(0);
        host.values[0].launch = 0;
        let c = decode(&k, &at_launch(0)).expect("a C kernel");
        let launch = c.launch.expect("the only launch");
        assert_eq!(launch.span.line, 24);
        assert_eq!(names(&launch.host_values), vec![("n", -3)]);
        // `host_n` is no longer a host value: the decoder leaves the
        // variables it is not told about among the parameters.
        assert!(names(&c.params).contains(&("host_n", -2147483648)));
        assert!(!c.params.iter().any(|p| p.name == "host_n_1"));
    }

    #[test]
    fn the_theory_s_kernels_are_their_own_terms() {
        let mut k = kernel();
        k.provenance = Provenance::Protocol;
        assert!(decode(&k, &witness()).is_none());
    }
}

#[cfg(test)]
mod c_index_tests {
    use super::c_index;
    use num_bigint::BigInt;

    #[test]
    fn an_index_below_minus_2_63_is_the_cell_2_64_above() {
        let two64: BigInt = BigInt::from(1) << 64;
        assert_eq!(c_index(-two64.clone()), BigInt::from(0));
        assert_eq!(c_index(-two64 + BigInt::from(5)), BigInt::from(5));
        assert_eq!(c_index(BigInt::from(-3)), BigInt::from(-3));
        let half: BigInt = BigInt::from(1) << 63;
        let min: BigInt = -half;
        assert_eq!(c_index(min.clone()), min);
        let big: BigInt = (BigInt::from(1) << 64) + BigInt::from(7);
        assert_eq!(c_index(big), BigInt::from(7));
        let three: BigInt = BigInt::from(3) << 64;
        let huge_negative: BigInt = -three - BigInt::from(1);
        assert_eq!(c_index(huge_negative), BigInt::from(-1));
    }
}
