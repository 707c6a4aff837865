//! The common currency of the checker: a kernel's inferred protocol, as
//! produced by every front end (`.proto`, `.bcu`, `.cu`), with what the
//! report and the triage need to know about where it came from.

use semantics::surface::{Assumption, Program, Span};
use semantics::{NExp, Var};
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;

pub use crate::encoding::{Encoding, IndexShift};
pub use crate::launch::{Launch, Origin};
pub use crate::threads::{Scope, ThreadModel};

/// One kernel ready for checking.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// Kernel name (`__global__` function) or, for `.proto`/`.bcu`, the
    /// file stem; the scope is in [`Kernel::threads`], not in the name.
    pub name: String,
    /// The file the kernel came from.
    pub file: PathBuf,
    /// The file's text: spans in `program` and below point into it.
    pub source: String,
    /// The inferred protocol for all arrays (`program.arrays()`); its
    /// `locals` are the thread-local unknowns, its `assumptions` the
    /// constraints on parameters (`assume`, `__requires`, fixed dimensions).
    pub program: Program,
    /// How threads are identified.
    pub threads: ThreadModel,
    /// Why each thread-local unknown exists (for triage).
    pub unknowns: Vec<Unknown>,
    /// Constructs that were not understood: any entry forbids a DRF verdict.
    pub unsupported: Vec<Unsupported>,
    /// How the protocol was obtained (drives the triage of alarms).
    pub provenance: Provenance,
    /// Assumptions the front end made about the code (distinct pointers,
    /// parameters below 2^31, …), printed with the verdict before the
    /// launch's ([`Kernel::assumed`]).
    pub notes: Vec<String>,
    /// The launch configuration of a CUDA kernel (`None` for the theory's
    /// kernels, `.proto` and `.bcu`): its dimensions with their origins.
    pub launch: Option<Launch>,
    /// Where each of `program.assumptions` comes from, in their order
    /// ([`Kernel::facts`]); only for the reader's sake: no check reads it.
    /// Kept in step through [`Kernel::assume`] and [`Kernel::retract`].
    pub origins: Vec<Origin>,
    /// What each write stores, when the front end knows it is the same for
    /// every thread (`docs/benign-writes.md`); a write not listed stores an
    /// unknown value.
    pub written: WrittenValues,
    /// Thread-local unknowns (of `program.locals`) that all threads of a
    /// block have alike within one iteration of the enclosing synchronized
    /// loops, but that may change between iterations: values read in such
    /// a loop from a cell no thread writes in the read's barrier interval
    /// (`frontend::cuda::infer::passes::uniform_reads`).  Races treat them as
    /// per-thread; [`crate::divergence`] as shared by the two threads.
    pub iteration_uniform: Vec<Var>,
    /// Of [`Kernel::iteration_uniform`], the values read after a barrier of
    /// their iteration: two threads hold them alike whenever both use them
    /// in one barrier interval (both are then in the same iteration), so a
    /// race query shares them between its two threads.
    pub phase_uniform: Vec<Var>,
    /// Assumptions about two threads (GPUVerify's `__other_int`): a
    /// variable `x@other` ([`other`]) is the other thread's `x`.  The
    /// checker asserts each for both orders of the two threads of a race
    /// query; every other query ignores them (fewer facts: sound).
    pub relational: Vec<Assumption>,
    /// Synchronized conditionals (by location) whose `then` branch leaves
    /// the enclosing synchronized loop (`if (c) break;` in CUDA, the rest
    /// of the body in the `else` branch): [`crate::wellformed`] may split
    /// on a condition that is uniform only within an iteration.
    pub loop_exits: Vec<semantics::surface::Span>,
    /// The signed integer parameters of a C kernel, each carried by two
    /// protocol parameters (value `pos − neg` over ℕ) of which one is 0 in
    /// every execution (an assumption states it): the checker may check
    /// each sign apart ([`SignedParam`]; `core::domains`).
    pub signed: Vec<SignedParam>,
    /// How the protocol carries the kernel's C values (pairs, offsets of
    /// indices, unknowns, array names), for a report to decode a witness
    /// into C terms; the checker does not read it.
    pub encoding: Encoding,
    /// The parameters of a C kernel, in order (empty for the theory's
    /// kernels, whose parameters are the protocol's).
    pub params: Vec<Param>,
    /// Which pairs of threads of a block this kernel is about, when the
    /// checker splits a kernel with barriers below the block by scope
    /// (`core::scoped`, Theorem S1 of `proofs-notes/scoped-barriers.md`);
    /// `None` (every pair) for every kernel a front end makes.
    pub tile: Option<TilePair>,
    /// Where the kernel's body opens (its `{`) in [`Kernel::file`], for
    /// the driver to write an assumption into the kernel and check it
    /// again (`--assume`, a suggested precondition); `Span::default()`
    /// when the kernel has no C body (`.proto`, `.bcu`).
    pub body: semantics::surface::Span,
}

/// Two threads of one block, located by tiles of consecutive linear thread
/// indices (a warp is the tile of 32): in one tile of `within` threads
/// (when set) and not in one tile of `apart` threads (when set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePair {
    /// The linear index of a thread within its block, over the thread's
    /// identifiers (`threadIdx.x + threadIdx.y * 16`): a linear term.
    pub linear: NExp,
    pub within: Option<u32>,
    pub apart: Option<u32>,
}

/// A parameter of a C kernel: its name, C type, and, for an integer, its
/// width and signedness.  How the protocol carries a signed value (two
/// naturals, [`SignedParam`]) is the SMT layer's business.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: String,
    /// As clang spells it: `const float *`, `unsigned int`, a typedef by
    /// its name (`size_t`).
    pub c_type: String,
    /// `Some` for an integer (or a reference to one).
    pub int: Option<IntType>,
}

/// A C integer type: its width in bits and whether it is signed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntType {
    pub bits: u32,
    pub signed: bool,
}

/// A signed C integer as the protocol carries it: the value is
/// `pos − neg`, and one of the two is 0 in every execution.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SignedParam {
    pub pos: Var,
    pub neg: Var,
}

/// The suffix that names the other thread's copy of a variable in
/// [`Kernel::relational`].
pub const OTHER_SUFFIX: &str = "@other";

/// The other thread's copy of `x` (see [`Kernel::relational`]).
pub fn other(x: &str) -> Var {
    format!("{x}{OTHER_SUFFIX}")
}

/// What a write stores, as far as benign write/write pairs are concerned
/// (`docs/benign-writes.md`): two writes of the same cell that store the
/// same value, the same for every thread, leave the same memory whichever
/// comes last.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Written {
    /// An exact integer value (`pos - neg` over ℤ, as the front end keeps
    /// C integers), built from literals and thread-uniform variables only
    /// (integer kernel parameters, `blockDim`, `gridDim`, `blockIdx`): no
    /// thread identifier, no unknown, no loop variable.  The checker still
    /// refuses it when a variable is a thread identifier or a thread-local
    /// of the kernel at hand (`blockIdx` across blocks).
    Uniform { pos: NExp, neg: NExp },
    /// A constant that is not an integer (a floating-point literal), by a
    /// canonical text: equal texts are equal values.
    Constant(String),
    /// The value of `array[index]` (a `__shared__` array, the index built
    /// like a [`Written::Uniform`] value), read in the same statement as
    /// the write, so in the same barrier interval.  All threads read the
    /// same value there when no thread writes the cell in that interval,
    /// which holds when `array` is race-free: the checker takes it as
    /// uniform only for arrays it has proved race-free in the same kernel
    /// ([`WrittenValues::trust`]).
    Read {
        array: String,
        index: Vec<(NExp, NExp)>,
    },
    /// Anything else: never part of a benign pair.
    Unknown,
}

impl Written {
    /// What a report says the value is, in the user's terms: the
    /// protocol's expressions of a value (its signed parts, the offset of
    /// indices) are not the user's, so a uniform value is described and a
    /// value read from memory names the array by `name` (the user's name
    /// of a protocol array).
    pub fn describe(&self, name: impl Fn(&str) -> String) -> String {
        match self {
            Written::Uniform { pos, neg } => match (pos, neg) {
                (NExp::Num(p), NExp::Num(n)) if *n == semantics::Nat::from(0u8) => p.to_string(),
                _ => "a value computed from the parameters and the launch".to_string(),
            },
            Written::Constant(c) => c.clone(),
            Written::Read { array, .. } => format!(
                "the value of `{}` read in the same statement, from a race-free array",
                name(array)
            ),
            Written::Unknown => "an unknown value".to_string(),
        }
    }
}

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Written::Uniform { pos, neg } if *neg == NExp::num(0) => write!(f, "{pos}"),
            Written::Uniform { pos, neg } => write!(f, "{pos} - ({neg})"),
            Written::Constant(c) => f.write_str(c),
            Written::Read { array, index } => {
                write!(f, "{array}")?;
                for (pos, neg) in index {
                    if *neg == NExp::num(0) {
                        write!(f, "[{pos}]")?;
                    } else {
                        write!(f, "[{pos} - ({neg})]")?;
                    }
                }
                f.write_str(" as read in the same statement, from a race-free array")
            }
            Written::Unknown => f.write_str("an unknown value"),
        }
    }
}

/// An array and a source location (line, column, end line, end column).
type WriteSite = (String, (u32, u32, u32, u32));

/// The values written to each array at each source location (a [`Span`];
/// the accesses of an inlined call share the span of the call).  Two
/// writes of one array recorded at one span with different values make it
/// [`Written::Unknown`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WrittenValues {
    values: BTreeMap<WriteSite, Written>,
    /// The arrays proved race-free in this kernel, whose reads
    /// ([`Written::Read`]) give every thread the same value.
    trusted: std::collections::BTreeSet<String>,
}

impl WrittenValues {
    fn key(array: &str, s: Span) -> WriteSite {
        (array.to_string(), (s.line, s.col, s.end_line, s.end_col))
    }

    /// Records that a write of `array` at `span` stores `value`.
    pub fn record(&mut self, array: &str, span: Span, value: Written) {
        let e = self
            .values
            .entry(Self::key(array, span))
            .or_insert(value.clone());
        if *e != value {
            *e = Written::Unknown;
        }
    }

    /// What the writes of `array` at `span` store.
    pub fn at(&self, array: &str, span: Span) -> &Written {
        self.values
            .get(&Self::key(array, span))
            .unwrap_or(&Written::Unknown)
    }

    pub fn is_empty(&self) -> bool {
        self.values.values().all(|w| *w == Written::Unknown)
    }

    /// The arrays whose values some write stores ([`Written::Read`]).
    pub fn read_arrays(&self) -> std::collections::BTreeSet<&str> {
        self.values
            .values()
            .filter_map(|w| match w {
                Written::Read { array, .. } => Some(array.as_str()),
                _ => None,
            })
            .collect()
    }

    /// Takes the reads of `array` as uniform: only for an array proved
    /// race-free in the kernel (both scopes see their own copy of a
    /// `__shared__` array, so the kernel at hand is the whole story).
    pub fn trust(&mut self, array: &str) {
        self.trusted.insert(array.to_string());
    }

    /// Makes every [`Written::Read`] of one of `arrays` unknown (their
    /// cells hold several values: fields of one struct element).
    pub fn forget_reads(&mut self, arrays: &std::collections::BTreeSet<String>) {
        for w in self.values.values_mut() {
            if matches!(w, Written::Read { array, .. } if arrays.contains(array)) {
                *w = Written::Unknown;
            }
        }
    }

    pub fn trusts(&self, array: &str) -> bool {
        self.trusted.contains(array)
    }
}

/// Where a thread-local unknown comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    pub var: Var,
    pub cause: UnknownCause,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnknownCause {
    /// A value read from an array (data flows into an index or a branch).
    ArrayRead { array: String },
    /// The result of a call that is not modelled.
    Call { function: String },
    /// Declared as `local` in a `.proto` file.
    Declared,
    /// Anything else, explained.
    Other(String),
}

/// A construct the front end could not model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    pub span: Span,
    pub what: String,
    pub kind: UnsupportedKind,
}

/// What an [`Unsupported`] construct does to the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsupportedKind {
    /// A construct the front end does not model (its effect is
    /// over-approximated): the kernel is checked and a race is reported,
    /// but it is never DRF.
    Unmodelled,
    /// Code of the kernel that clang could not compile (partial input):
    /// what it means is not known, so neither a race nor its absence is
    /// claimed; the kernel is `unknown`, located at the error.
    DoesNotCompile,
}

/// How the protocol of a kernel was obtained: what an alarm on it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provenance {
    /// Written by hand as a `.proto` file: the protocol is its own model.
    Protocol,
    /// A BabyCUDA program accepted by its type system (`seeds/004_*`,
    /// Fig. 6): every alarm is a true race (Theorem 1 of `004`).
    BabyCudaTyped,
    /// A BabyCUDA program the type system rejects, over-approximated: array
    /// data reaches indices or branches; alarms may be spurious.
    BabyCudaApproximated,
    /// CUDA whose protocol has no unknowns and nothing approximated: control-
    /// and data-independent (FaialAA's CI/DI), so an alarm is not caused by
    /// an approximation — but Theorem 1 of `004` does not cover C.
    CudaExact,
    /// CUDA with unknown values or unsupported constructs: alarms may be
    /// spurious.
    CudaApproximated,
}

impl Kernel {
    /// A kernel from `.proto` text with no file (tests, benchmarks).
    pub fn from_protocol_text(name: &str, source: &str) -> Result<Kernel, String> {
        let program = semantics::surface::parse(source).map_err(|e| e.to_string())?;
        Ok(Kernel::protocol(
            name,
            format!("{name}.proto").into(),
            source.to_string(),
            program,
        ))
    }

    /// A kernel from a parsed `.proto` program: the thread model of the
    /// theory, its `local` variables as declared unknowns.
    pub fn protocol(name: &str, file: PathBuf, source: String, program: Program) -> Kernel {
        let origins = program
            .assumptions
            .iter()
            .map(|a| Origin::Protocol(a.span))
            .collect();
        let unknowns = program
            .locals
            .iter()
            .map(|x| Unknown {
                var: x.clone(),
                cause: UnknownCause::Declared,
                span: Default::default(),
            })
            .collect();
        Kernel {
            name: name.to_string(),
            file,
            source,
            program,
            threads: ThreadModel::single_tid(),
            unknowns,
            unsupported: Vec::new(),
            provenance: Provenance::Protocol,
            notes: Vec::new(),
            launch: None,
            origins,
            written: WrittenValues::default(),
            iteration_uniform: Vec::new(),
            phase_uniform: Vec::new(),
            relational: Vec::new(),
            loop_exits: Vec::new(),
            signed: Vec::new(),
            encoding: Encoding::default(),
            params: Vec::new(),
            tile: None,
            body: Default::default(),
        }
    }

    /// The name reports give the kernel: its function's name, followed for
    /// a CUDA kernel checked across blocks by ` (across blocks)`.
    pub fn display_name(&self) -> String {
        let suffix = self.threads.scope().map(Scope::suffix).unwrap_or("");
        format!("{}{suffix}", self.name)
    }

    /// Each assumption of the kernel with where it comes from.
    pub fn facts(&self) -> impl Iterator<Item = (&Assumption, &Origin)> {
        debug_assert_eq!(self.origins.len(), self.program.assumptions.len());
        self.program.assumptions.iter().zip(&self.origins)
    }

    /// Adds an assumption, from `origin`.
    pub fn assume(&mut self, a: Assumption, origin: Origin) {
        self.program.assumptions.push(a);
        self.origins.push(origin);
    }

    /// Drops the assumptions `drop` selects, with their origins.
    pub fn retract(&mut self, drop: impl Fn(&Assumption) -> bool) {
        let facts = std::mem::take(&mut self.program.assumptions)
            .into_iter()
            .zip(std::mem::take(&mut self.origins));
        (self.program.assumptions, self.origins) = facts.filter(|(a, _)| !drop(a)).unzip();
    }

    /// The assumptions the user did not state, printed with the verdict:
    /// the front end's [`Kernel::notes`], the launch's defaults
    /// ([`Launch::defaults`]) and what the host code's launches fixed
    /// ([`Launch::notes`]).
    pub fn assumed(&self) -> Vec<String> {
        let mut out = self.notes.clone();
        if let Some(l) = &self.launch {
            out.extend(l.defaults());
            out.extend(l.notes.iter().cloned());
        }
        out
    }

    /// The variables of the protocol that stand for nothing the user
    /// wrote: the encoding's ([`Encoding::internal_vars`]) and the
    /// thread-local unknowns but those a `.proto` file declares.  A report
    /// names none of them.
    pub fn internal_vars(&self) -> std::collections::BTreeSet<Var> {
        let mut out = self.encoding.internal_vars();
        // A BabyCUDA approximation names each unknown by the `let` that
        // binds it, the user's own name (`let x = A[tid] in …`: `x`).
        let babycuda = matches!(self.provenance, Provenance::BabyCudaApproximated);
        let made = self.unknowns.iter();
        let made = made.filter(|u| u.cause != UnknownCause::Declared && !babycuda);
        out.extend(made.map(|u| u.var.clone()));
        out
    }

    /// The class of an alarm on this kernel, from how its protocol was
    /// obtained (`docs/reports.md`).
    pub fn alarm_class(&self) -> &'static str {
        let reads_data = || {
            self.unknowns
                .iter()
                .any(|u| matches!(u.cause, UnknownCause::ArrayRead { .. }))
        };
        match self.provenance {
            Provenance::Protocol => "protocol",
            Provenance::BabyCudaTyped => "provable",
            // Theorem 1 of `004` covers BabyCUDA, not C: an exact CUDA
            // protocol (no unknowns, nothing approximated) is control- and
            // data-independent (FaialAA's CI/DI), so the alarm is not an
            // artefact of an approximation — named for what it is.
            Provenance::CudaExact => "exact",
            Provenance::BabyCudaApproximated | Provenance::CudaApproximated if reads_data() => {
                "data-dependent"
            }
            Provenance::BabyCudaApproximated | Provenance::CudaApproximated => "approximated",
        }
    }
}
