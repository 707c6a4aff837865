//! What checking a kernel needs besides the kernel: the integer model of
//! the SMT encoding, fixed values, the array selection, limits and modes.
//! The front end builds it (header flags merged with the command line) and
//! the checker reads it.

use semantics::Var;
use std::collections::BTreeMap;

/// Which integer model the SMT encoding uses (`docs/proto-format.md`, "Numbers").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum IntModel {
    /// Unbounded naturals with the total operators (`a - b` monus, `/0 = 0`, `%0 = a`).
    #[default]
    Nat,
    /// 32-bit unsigned machine integers (wrap-around `+ - *`, same total `/` and `%`).
    Bv32,
}

/// What the checker needs besides the kernel.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// Fixes the thread count `T` (`--threads`).  A CUDA kernel's thread
    /// bounds (`blockDim.x`, …) are its launch (`Kernel::launch`: the
    /// header's and the command line's `--blockDim`, the host's launches, …).
    pub threads: Option<u64>,
    /// Fixed values of parameters / free protocol variables (`--param`).
    pub params: BTreeMap<Var, u64>,
    /// Check only this array (`--array`; `""` is the unnamed array).
    pub array: Option<String>,
    pub logic: IntModel,
    /// Per SMT query, in milliseconds of solver work (`--timeout`): the
    /// checker turns it into the solver's deterministic resource limit
    /// (`docs/performance.md`, "Budgets").
    pub timeout_ms: u64,
    /// Solver work per file, in seconds (`--file-budget`; see
    /// [`crate::budget`]).
    pub file_budget_s: u64,
    /// What this kernel's checks charge their solver work to (set by the
    /// driver, per kernel of a file; `None`: no per-file budget).
    pub meter: Option<crate::budget::Meter>,
    /// `--warp-sync=N`: threads of one warp (same block, same linear
    /// thread id divided by `N`) run in lock-step, each statement's reads
    /// before its writes (GPUVerify's warp-synchronous semantics, seed
    /// `001`; `docs/warp-sync.md`).  `None`: no such
    /// assumption (CUDA's independent thread scheduling).
    pub warp_sync: Option<u64>,
    /// `--strict`: writes of the same uniform value by two threads are
    /// races like any other (`docs/benign-writes.md`).
    pub strict: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            threads: None,
            params: BTreeMap::new(),
            array: None,
            logic: IntModel::Nat,
            timeout_ms: 10_000,
            file_budget_s: crate::budget::DEFAULT_FILE_BUDGET_S,
            meter: None,
            warp_sync: None,
            strict: false,
        }
    }
}
