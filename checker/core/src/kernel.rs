//! The common currency of the checker: a kernel's inferred protocol, as
//! produced by every front end (`.proto`, `.bcu`, `.cu`), with what the
//! report and the triage need to know about where it came from.

use semantics::surface::{Program, Span};
use semantics::{NExp, Var};
use std::path::PathBuf;

/// One kernel ready for checking.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// Kernel name (`__global__` function) or, for `.proto`/`.bcu`, the file stem.
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
    /// Assumptions about the launch that the user did not state (default
    /// dimensions), printed with the verdict.
    pub launch: Vec<String>,
    /// Thread-local unknowns (of `program.locals`) that all threads of a
    /// block have alike within one iteration of the enclosing synchronized
    /// loops, but that may change between iterations: values read in such
    /// a loop from a cell no thread writes in the read's barrier interval
    /// (`frontend::cuda::infer::uniform_reads`).  Races treat them as
    /// per-thread; [`crate::divergence`] as shared by the two threads.
    pub iteration_uniform: Vec<Var>,
}

/// Thread identity: a tuple of thread-local variables, each below its bound.
/// Two threads are distinct when the tuples differ.  `.proto` files use
/// `[(tid, T)]`; CUDA kernels use `threadIdx.{x,y,z}` below `blockDim.{x,y,z}`
/// (and `blockIdx` below `gridDim` with `--grid-level`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadModel {
    pub ids: Vec<(Var, NExp)>,
}

impl ThreadModel {
    /// The model of the theory: `tid ∈ 0..T`.
    pub fn single_tid() -> ThreadModel {
        ThreadModel {
            ids: vec![(
                semantics::TID.to_string(),
                NExp::var(semantics::trace::THREAD_COUNT),
            )],
        }
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
            launch: Vec::new(),
            iteration_uniform: Vec::new(),
        }
    }

    /// The class of an alarm on this kernel, from how its protocol was
    /// obtained (README, "Reading a race report").
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
