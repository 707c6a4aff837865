//! The results of checking: one [`Verdict`] per kernel and array, with a
//! [`Witness`] for every race.  These types are the stable interface between
//! the checking pipeline ([`crate::check`]) and its users (reports, triage,
//! `suite`).
//!
//! Numbers in witnesses are naturals ([`Nat`]) because the default logic is
//! over ℕ (`docs/proto-format.md`, "Numbers"); in JSON they are numbers when they fit in a
//! `u64`, decimal strings otherwise.

use num_bigint::BigInt;
use semantics::surface::Span;
use semantics::{Mode, Nat, Var};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

pub use mapcheck_ir::options::{CheckOptions, IntModel};

/// The result for one kernel: one entry per array it accesses.
#[derive(Clone, Debug)]
pub struct KernelReport {
    pub kernel: String,
    pub file: PathBuf,
    pub arrays: Vec<ArrayReport>,
    /// How the check read the kernel's execution where the kernel does
    /// not say (barriers below the block that order nothing, and why),
    /// printed with the launch assumptions.
    pub notes: Vec<String>,
}

/// The result for one array of a kernel.
#[derive(Clone, Debug)]
pub struct ArrayReport {
    /// The array name (`""` is the unnamed array of `.proto` files).
    pub array: String,
    pub verdict: Verdict,
    /// Number of protocol closures (phases) checked, over all case splits.
    pub closures: usize,
    /// Number of SMT queries issued.
    pub queries: usize,
    /// Wall-clock time spent on this array, in seconds.
    pub seconds: f64,
    /// Benign write/write pairs: two threads write the same cell in the
    /// same phase, but store the same uniform value
    /// (`docs/benign-writes.md`).  Not races (unless `--strict`), listed so the user sees
    /// them; at most [`MAX_BENIGN`] pairs of distinct source accesses.
    pub benign: Vec<BenignPair>,
}

impl ArrayReport {
    /// Race-free without assumptions, before any query.
    pub fn drf(array: &str) -> ArrayReport {
        ArrayReport {
            array: array.to_string(),
            verdict: Verdict::Drf {
                assumptions: Vec::new(),
            },
            closures: 0,
            queries: 0,
            seconds: 0.0,
            benign: Vec::new(),
        }
    }
}

/// A benign write/write pair: the two writes and the value both store.
#[derive(Clone, Debug)]
pub struct BenignPair {
    pub witness: Witness,
    /// The value both writes store, as the front end recorded it.
    pub value: String,
}

/// The most benign pairs listed per array.
pub const MAX_BENIGN: usize = 4;

/// The verdict for one array.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Data-race free, under the listed assumptions (e.g. that a synchronized
    /// loop whose bounds depend on an enclosing loop variable runs at least
    /// once).  Empty assumptions: unconditionally DRF.
    Drf { assumptions: Vec<Assumption> },
    /// A data race with a concrete witness.
    Racy(Box<Witness>),
    /// No race found, but DRF could not be established (solver timeout or
    /// `unknown`, unsupported construct, …).  Never a hidden DRF.
    Unknown { reason: String, span: Option<Span> },
    /// Barrier divergence: threads may disagree on reaching a barrier (a
    /// `sync` under a thread-dependent condition, a synchronized loop whose
    /// bounds depend on the thread).  Counts as an error (exit status 1).
    Divergence { span: Span, message: String },
    /// The protocol is malformed (e.g. `sync` inside a loop tagged `forU`):
    /// bad input, exit status 2.
    Invalid { span: Span, message: String },
}

/// How bad a verdict is, from best to worst.  The worst verdict of a kernel,
/// a file or a run ([`worst`]) is what summaries report and what decides the
/// exit status (`docs/errors.md`): the one order used everywhere.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Drf,
    Unknown,
    Invalid,
    Divergence,
    Racy,
}

impl Severity {
    /// Short keyword: `drf`, `racy`, `unknown`, `divergence`, `invalid`.
    pub fn keyword(self) -> &'static str {
        match self {
            Severity::Drf => "drf",
            Severity::Racy => "racy",
            Severity::Unknown => "unknown",
            Severity::Divergence => "divergence",
            Severity::Invalid => "invalid",
        }
    }
}

/// The first of the worst items by [`Severity`] (`None` when empty).
pub fn worst<T>(
    items: impl IntoIterator<Item = T>,
    severity: impl Fn(&T) -> Severity,
) -> Option<T> {
    let mut best: Option<(Severity, T)> = None;
    for item in items {
        let s = severity(&item);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, item));
        }
    }
    best.map(|(_, item)| item)
}

impl Verdict {
    /// Where this verdict is in the one severity order.
    pub fn severity(&self) -> Severity {
        match self {
            Verdict::Drf { .. } => Severity::Drf,
            Verdict::Racy(_) => Severity::Racy,
            Verdict::Unknown { .. } => Severity::Unknown,
            Verdict::Divergence { .. } => Severity::Divergence,
            Verdict::Invalid { .. } => Severity::Invalid,
        }
    }

    /// Short keyword: `drf`, `racy`, `unknown`, `divergence`, `invalid`.
    pub fn keyword(&self) -> &'static str {
        self.severity().keyword()
    }
    pub fn is_drf(&self) -> bool {
        matches!(self, Verdict::Drf { .. })
    }
    pub fn is_racy(&self) -> bool {
        matches!(self, Verdict::Racy(_))
    }
}

/// A fact assumed to obtain a well-formed protocol (Sec. 6,
/// "Well-formedness"), e.g. a non-empty synchronized loop range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    /// The assumed condition, in `.proto` syntax (`0 < N`).
    pub condition: String,
    /// Why it is assumed.
    pub reason: String,
    pub span: Span,
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}, at {})", self.condition, self.reason, self.span)
    }
}

/// One side of a race: the access as written in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessAccess {
    pub mode: Mode,
    /// The array name (`""`: the unnamed array).
    pub array: String,
    /// The index expressions as written in the source, one per dimension.
    pub index: Vec<String>,
    pub span: Span,
}

/// The values one thread of the race has.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ThreadValues {
    /// The thread identifier: one value per id variable (`tid`, or
    /// `threadIdx.x`, `threadIdx.y`, …).
    pub ids: BTreeMap<Var, Nat>,
    /// Thread-local unknowns (`local x;`, values read from arrays).
    pub locals: BTreeMap<Var, Nat>,
    /// Unsynchronized loop variables enclosing this thread's access
    /// (each thread has its own iteration).
    pub loop_vars: BTreeMap<Var, Nat>,
}

/// A concrete data race: two distinct threads access the same index, with
/// conflicting modes, in the same phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    pub array: String,
    /// The access of the first thread, and of the second.
    pub accesses: [WitnessAccess; 2],
    pub threads: [ThreadValues; 2],
    /// The common index, one value per dimension.
    pub index: Vec<Nat>,
    /// Synchronized loop variables of the phase (shared by both threads).
    /// In the phase that joins iterations `x-1` and `x` of a loop, `x` is the
    /// later iteration.
    pub sync_vars: BTreeMap<Var, Nat>,
    /// Every parameter (thread-global variable), including the thread count `T`.
    pub params: BTreeMap<Var, Nat>,
    /// Assumptions under which the race happens (well-formedness case split).
    pub assumptions: Vec<Assumption>,
    /// Why `mapcheck run` with these values would not reproduce the race,
    /// when the replay was tried and failed ([`crate::replay_proto`]); the
    /// race stands, only the replay command is withheld.
    pub replay_blocked: Option<String>,
    /// The values (thread count `T` included) the replay command gives, when
    /// they are not the witness's own: a BabyCUDA race that triage
    /// reproduced gives every parameter of the program, with the values of
    /// that concrete run.
    pub replay_values: Option<BTreeMap<Var, Nat>>,
    /// Under `--strict`: the value both writes store, when the pair is
    /// benign and a race only because `--strict` counts it
    /// (`docs/benign-writes.md`).
    pub benign: Option<String>,
    /// The race in the user's terms, for a C kernel (decoded by the
    /// module `c_terms`): what every report shows instead of the
    /// protocol's values above.
    pub in_c: Option<Box<CWitness>>,
}

impl Witness {
    /// The `mapcheck run` flags that replay this race in the reference
    /// semantics: `--threads T --param X=V …` (and `--local` when the
    /// protocol has thread-local unknowns; unspecified threads get 0).
    ///
    /// Check [`Witness::replay_limit`] first: these flags are only meaningful
    /// when it is `None`.
    pub fn replay_args(&self, thread_count_var: &str) -> Vec<String> {
        let mut out = Vec::new();
        let params = self.replay_values.as_ref().unwrap_or(&self.params);
        if let Some(t) = params.get(thread_count_var) {
            out.push("--threads".to_string());
            out.push(t.to_string());
        }
        for (x, v) in params {
            if x != thread_count_var {
                out.push("--param".to_string());
                out.push(format!("{x}={v}"));
            }
        }
        out.extend(self.local_args(thread_count_var));
        out
    }

    /// Why `mapcheck run` cannot replay this race, if it cannot: it needs
    /// more threads than the reference interpreter simulates
    /// (`semantics::limits::MAX_THREADS`), or a value that does not fit the
    /// 64 bits of `--threads`/`--param`.
    pub fn replay_limit(&self, thread_count_var: &str) -> Option<String> {
        if let Some(why) = &self.replay_blocked {
            return Some(why.clone());
        }
        let max = semantics::limits::MAX_THREADS;
        let params = self.replay_values.as_ref().unwrap_or(&self.params);
        let Some(t) = params.get(thread_count_var) else {
            return Some("the witness has no thread count".into());
        };
        if u64::try_from(t).map_or(true, |t| t > max) {
            return Some(format!(
                "the race needs {thread_count_var} = {t} threads; `mapcheck run` simulates at most {max}"
            ));
        }
        for (x, v) in params {
            if u64::try_from(v).is_err() {
                return Some(format!("`{x}` = {v} does not fit the 64 bits of --param"));
            }
        }
        None
    }

    /// `--local x=v0,v1,…` for each thread-local unknown, with the two
    /// racing threads' values at their `tid` (single-`tid` model only).
    fn local_args(&self, thread_count_var: &str) -> Vec<String> {
        let tid = |k: usize| -> Option<usize> {
            let v = self.threads[k].ids.get(semantics::TID)?;
            usize::try_from(v).ok()
        };
        let (Some(a), Some(b)) = (tid(0), tid(1)) else {
            return Vec::new();
        };
        // One value per thread of the run (`run` requires as many), the
        // others 0.  Both ids are below the thread count, which
        // `replay_limit` bounds.
        let params = self.replay_values.as_ref().unwrap_or(&self.params);
        let count = params
            .get(thread_count_var)
            .and_then(|t| usize::try_from(t).ok())
            .unwrap_or(0);
        let len = count.max(a.max(b) + 1);
        let mut out = Vec::new();
        for x in self.threads[0].locals.keys() {
            let mut vals = vec![Nat::from(0u32); len];
            vals[a] = self.threads[0].locals[x].clone();
            if let Some(v) = self.threads[1].locals.get(x) {
                vals[b] = v.clone();
            }
            let text: Vec<String> = vals.iter().map(|v| v.to_string()).collect();
            out.push("--local".to_string());
            out.push(format!("{x}={}", text.join(",")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worst_is_the_first_of_the_most_severe() {
        let items = [
            ("a", Severity::Unknown),
            ("b", Severity::Racy),
            ("c", Severity::Divergence),
            ("d", Severity::Racy),
        ];
        assert_eq!(worst(items, |(_, s)| *s).map(|(n, _)| n), Some("b"));
        assert_eq!(worst([] as [Severity; 0], |s| *s), None);
        assert!(Severity::Invalid > Severity::Unknown && Severity::Divergence > Severity::Invalid);
    }
}

// ---------------------------------------------------------------------------
// A witness in C terms: the types `c_terms` decodes a C kernel's witness
// into (here, with the witness that holds them, so that the decoder
// depends on the verdict and not the other way round).
// ---------------------------------------------------------------------------

/// A witness of a C kernel as the user reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CWitness {
    /// The array, by the name the user wrote.
    pub array: String,
    pub accesses: [CAccess; 2],
    pub threads: [CThread; 2],
    /// The C index of the cell both touch, one value per dimension.
    pub index: Vec<BigInt>,
    /// The iteration of the enclosing synchronized loops.
    pub sync_vars: Vec<CValue>,
    /// The kernel's parameters, launch dimensions and, within one block,
    /// `blockIdx`.
    pub params: Vec<CValue>,
    /// Values the same in every thread that mapcheck does not compute.
    pub unknowns: Vec<CUnknown>,
    /// The well-formedness assumptions of the race.
    pub assumptions: Vec<Assumption>,
    /// The constructs of the kernel mapcheck over-approximated: why the
    /// alarm may be spurious (`docs/fail-closed.md`).
    pub approximations: Vec<Approximation>,
    /// The launch whose host facts the witness meets, when the kernel is
    /// checked under the facts of its launches.
    pub launch: Option<CLaunch>,
    /// When the witness gives a parameter or an index outside what a size
    /// is (negative, or 2^31 or more): says so, in one line.  The solver
    /// chose the value; whether every witness needs one is not checked.
    pub outside_sizes: Option<String>,
}

/// The launch at which a race happens: the one whose host facts the
/// witness meets (`docs/launch-configuration.md`, "Relations from the host
/// code"), with the values the host holds there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CLaunch {
    /// The file of the launch (the kernel's own, when the launch is in it).
    pub file: PathBuf,
    /// Where the launch (`k<<<…>>>(…)`) is.
    pub span: Span,
    /// The host variables its facts read, by their names in the host code.
    pub host_values: Vec<CValue>,
}

impl CLaunch {
    /// `k.cu:24:3 (with n = 1 on the host)`: where, and the host values.
    pub fn detail(&self) -> String {
        let (file, s) = (self.file.display(), self.span);
        let at = format!("{file}:{}:{}", s.line, s.col);
        if self.host_values.is_empty() {
            return at;
        }
        let values: Vec<String> = self
            .host_values
            .iter()
            .map(|v| format!("{} = {}", v.name, v.value))
            .collect();
        format!("{at} (with {} on the host)", values.join(", "))
    }
}

impl std::fmt::Display for CLaunch {
    /// `the launch at k.cu:24:3 (with n = 1 on the host)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the launch at {}", self.detail())
    }
}

/// A construct mapcheck did not model exactly, where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approximation {
    pub what: String,
    pub span: Span,
}

/// One side of the race: the access as the source writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CAccess {
    pub mode: Mode,
    pub array: String,
    /// The access's source text (`s[tid + 1]`), or the array's name when
    /// the span has no text.
    pub text: String,
    pub span: Span,
}

/// The values of one thread of the race.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct CThread {
    /// `threadIdx.x`, … (and `blockIdx.x`, … across blocks).
    pub ids: Vec<CValue>,
    /// Its own loop iteration.
    pub loop_vars: Vec<CValue>,
    /// Values of this thread that mapcheck does not compute (a value read
    /// from memory, the result of a call it does not model).
    pub unknowns: Vec<CUnknown>,
}

/// A named C value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CValue {
    pub name: String,
    pub value: BigInt,
}

/// An unknown of the protocol: the source expression it stands for, where,
/// and the value the witness gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CUnknown {
    /// The expression's source text (`tid & (size - 1)`), when it has a
    /// short one.
    pub expr: Option<String>,
    /// What it is (`a value read from `in``, `iteration count of a
    /// loop`).
    pub what: String,
    pub span: Span,
    pub value: BigInt,
}

impl std::fmt::Display for CUnknown {
    /// ``tid & (size - 1)` at 44:12 = 3`, or `what at 44:12 = 3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.expr {
            Some(e) => write!(f, "`{e}` at {} = {}", self.span, self.value),
            None => write!(f, "{} at {} = {}", self.what, self.span, self.value),
        }
    }
}
