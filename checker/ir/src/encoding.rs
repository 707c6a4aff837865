//! How a C kernel's values are carried by its protocol, recorded so that a
//! report can decode a witness back into the user's terms: C integers are
//! `pos − neg` pairs over ℕ (ARCHITECTURE.md, "Integers"), array dimensions
//! that may be indexed negatively are offset (`docs/integers.md`), values
//! the front end does not track are fresh unknowns, and all `extern
//! __shared__` arrays are one array.  None of this is the user's: a report
//! shows the C value of each, never the variables of the encoding
//! ([`Encoding::internal_vars`]).

use crate::kernel::{IntType, SignedParam, Unknown};
use crate::launch::Site;
use semantics::expr::NExp;
use semantics::surface::Span;
use semantics::{Nat, Var};
use std::collections::{BTreeMap, BTreeSet};

/// What a report needs to read a witness of a C kernel in C terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Encoding {
    /// Every signed C value the protocol carries as two naturals
    /// `pos − neg` (parameters, unknowns, thread-global unknowns); the
    /// `pos` part keeps the value's name.
    pub pairs: Vec<SignedParam>,
    /// The C integer type of protocol variables that stand for C values
    /// (a pair under its `pos` part): a witness's value is reduced into it.
    pub types: BTreeMap<Var, IntType>,
    /// The array dimensions whose protocol index is the C index plus a
    /// constant.
    pub shifts: Vec<IndexShift>,
    /// Thread-global unknowns: values computed from parameters in ways the
    /// front end does not track (thread-local ones are `Kernel::unknowns`).
    pub uniform_unknowns: Vec<Unknown>,
    /// The names the user wrote for an array the protocol names otherwise
    /// (every `extern __shared__` declaration is one array).
    pub array_names: BTreeMap<String, Vec<String>>,
    /// The parameter of the encoding that holds the 2^64 of an offset
    /// (`Kernel::index_base`).
    pub index_base: Option<Var>,
    /// The values the host code holds at the kernel's launches, when the
    /// kernel is checked under their facts (`docs/launch-configuration.md`,
    /// "Relations from the host code").
    pub host: Option<HostValues>,
    /// The loops of the protocol that count iterations of a C loop, by
    /// their variable: the C counter's name and its value in an iteration
    /// (a report gives the C value of `i`, not the iteration number).
    pub loops: BTreeMap<Var, LoopCounter>,
    /// The loops of the encoding's own (over the parts of an element read
    /// through a wider view, the bytes of one through a byte view): no C
    /// loop, and the access's index already says which part.
    pub part_loops: BTreeSet<Var>,
    /// The loops of unknown shape (a `while` the front end cannot count),
    /// by their variable, which counts iterations: where the C loop is.
    pub iteration_loops: BTreeMap<Var, Span>,
}

/// A protocol loop variable that counts the iterations of a C loop: in
/// iteration `k` the C counter `name` holds `pos − neg` (expressions over
/// `k` and the values the loop starts from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopCounter {
    pub name: String,
    pub pos: NExp,
    pub neg: NExp,
}

/// The launches whose facts the kernel is checked under and the protocol
/// parameters that stand for their host values: a witness meets the facts
/// of one launch, which a report names with that launch's host values by
/// their C names (`docs/reports.md`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostValues {
    /// The launches, in the order the selector numbers them.
    pub launches: Vec<Site>,
    /// With several launches, the parameter whose value `i` says the
    /// facts of `launches[i]` hold (the facts are a disjunction over the
    /// launches); `None` with one launch.
    pub selector: Option<Var>,
    /// Each host value a launch's facts read.
    pub values: Vec<HostValue>,
}

/// One value the host holds at one launch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostValue {
    /// The protocol parameter that stands for it (the `pos` part of a
    /// pair when its C type is signed).
    pub var: Var,
    /// Its launch, an index into [`HostValues::launches`].
    pub launch: usize,
    /// The host variable's name in the host code.
    pub name: String,
}

impl HostValues {
    /// The launch whose facts a witness meets, given the witness's value
    /// of the selector (`None` when the witness does not give it): the
    /// only launch, or the one the selector numbers.
    pub fn launch_of(&self, selector_value: Option<usize>) -> Option<usize> {
        match (&self.selector, selector_value) {
            (None, _) if self.launches.len() == 1 => Some(0),
            (Some(_), Some(i)) if i < self.launches.len() => Some(i),
            _ => None,
        }
    }

    /// The protocol variables that are no value of the user's program as
    /// such: every host value (a report names the witness's launch's by
    /// their C names) and the selector.
    pub fn vars(&self) -> impl Iterator<Item = Var> + '_ {
        let values = self.values.iter().map(|v| v.var.clone());
        values.chain(self.selector.clone())
    }
}

/// An array dimension offset in the protocol: its protocol index is the C
/// index plus `offset`, for every access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexShift {
    /// The array, as the protocol names it.
    pub array: String,
    /// The dimension, from 0.
    pub dim: usize,
    pub offset: Nat,
}

impl Encoding {
    /// The `neg` part of the pair whose `pos` part is `x`.
    pub fn neg_of(&self, x: &str) -> Option<&Var> {
        self.pairs.iter().find(|p| p.pos == x).map(|p| &p.neg)
    }

    /// Whether `x` is the `neg` part of a pair.
    pub fn is_neg(&self, x: &str) -> bool {
        self.pairs.iter().any(|p| p.neg == x)
    }

    /// The offset of dimension `dim` of `array` (0 when not offset).
    pub fn offset(&self, array: &str, dim: usize) -> Nat {
        self.shifts
            .iter()
            .find(|s| s.array == array && s.dim == dim)
            .map(|s| s.offset.clone())
            .unwrap_or_default()
    }

    /// The name the user gave `array` (several declarations of one
    /// dynamic shared memory are joined by `/`).
    pub fn array_name(&self, array: &str) -> String {
        match self.array_names.get(array) {
            Some(names) if !names.is_empty() => names.join("/"),
            _ => array.to_string(),
        }
    }

    /// The variables that exist only in the encoding (`neg` parts, the
    /// index base, thread-global unknowns, the host values and the launch
    /// selector) — with `Kernel::unknowns`, what no report may name.
    pub fn internal_vars(&self) -> BTreeSet<Var> {
        let negs = self.pairs.iter().map(|p| p.neg.clone());
        let uniform = self.uniform_unknowns.iter().map(|u| u.var.clone());
        let host = self.host.iter().flat_map(HostValues::vars);
        let base = self.index_base.clone();
        negs.chain(uniform).chain(base).chain(host).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_and_names_default_to_the_protocol_s() {
        let mut e = Encoding::default();
        e.shifts.push(IndexShift {
            array: "a".into(),
            dim: 1,
            offset: Nat::from(3u8),
        });
        e.array_names
            .insert("extern_shared".into(), vec!["s".into(), "t".into()]);
        assert_eq!(e.offset("a", 1), Nat::from(3u8));
        assert_eq!(e.offset("a", 0), Nat::from(0u8));
        assert_eq!(e.array_name("extern_shared"), "s/t");
        assert_eq!(e.array_name("b"), "b");
    }

    #[test]
    fn internal_vars_are_the_encoding_s_own() {
        let e = Encoding {
            pairs: vec![SignedParam {
                pos: "n".into(),
                neg: "n_neg".into(),
            }],
            index_base: Some("index_base".into()),
            ..Default::default()
        };
        let internal = e.internal_vars();
        assert!(internal.contains("n_neg") && internal.contains("index_base"));
        assert!(!internal.contains("n"), "the pair's pos part is the C name");
    }

    fn site(line: u32) -> Site {
        Site {
            file: None,
            span: semantics::surface::Span::point(line, 3),
        }
    }

    fn host_value(var: &str, launch: usize) -> HostValue {
        HostValue {
            var: var.into(),
            launch,
            name: "n".into(),
        }
    }

    #[test]
    fn host_values_and_the_selector_are_internal() {
        let e = Encoding {
            host: Some(HostValues {
                launches: vec![site(23), site(24)],
                selector: Some("host_launch".into()),
                values: vec![host_value("host_n", 0), host_value("host_n_1", 1)],
            }),
            ..Default::default()
        };
        let internal = e.internal_vars();
        for x in ["host_n", "host_n_1", "host_launch"] {
            assert!(internal.contains(x), "{x}");
        }
    }

    #[test]
    fn the_selector_picks_the_launch() {
        let mut h = HostValues {
            launches: vec![site(23), site(24)],
            selector: Some("host_launch".into()),
            values: Vec::new(),
        };
        assert_eq!(h.launch_of(Some(1)), Some(1));
        assert_eq!(h.launch_of(Some(2)), None, "no such launch");
        assert_eq!(h.launch_of(None), None, "the witness does not say");
        h.launches.truncate(1);
        h.selector = None;
        assert_eq!(h.launch_of(None), Some(0), "the only launch");
    }
}
