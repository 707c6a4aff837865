//! The per-file budget of solver work (`--file-budget`,
//! `docs/command-line.md`): once the kernels of a file have used it up,
//! the kernels after them are `unknown (time budget)`.
//!
//! The budget is counted in the SMT solver's deterministic resource units
//! (Z3's `rlimit`, converted from seconds by the checker), not in seconds,
//! so that which kernels it cuts off is a function of the input and the
//! flags, not of the machine's load.  The kernels of a file are checked in
//! parallel; the rule that keeps this deterministic:
//!
//! * each kernel (its index in the file) has a counter of the units its
//!   checks used, and each check of the kernel uses a deterministic
//!   amount (fresh solver contexts, budgets in units: `ARCHITECTURE.md`,
//!   "Deterministic solver budgets");
//! * kernel `k` is over the budget iff the units of kernels `0..=k`
//!   together exceed it ([`FileBudget::over`], read once every kernel is
//!   done);
//! * while they run, kernel `k` may stop early only when the units counted
//!   so far for kernels `0..=k` — a lower bound of their final sum —
//!   already exceed the budget ([`Meter::exhausted`]): then it is over the
//!   budget whatever the others still do, and so is every kernel after it.
//!
//! A wall-clock limit of [`WALL_SHARE_PERCENT`] of the budget is kept as
//! a safety net: the checks in flight stop at it too ([`Meter::deadline`]),
//! and the kernels not yet checked are `unknown (time budget)`.  Only it
//! depends on the load.  Z3 counts its units at very different rates on
//! different queries (25 to 2,400 a millisecond on HeCBench and the
//! GPUVerify corpora, `docs/performance.md`, "Budgets"), so on real
//! programs the units of a file often last longer than its seconds; the
//! wall-clock limit is what keeps a file within about `--file-budget`
//! seconds (after it is loaded), and a file that needs that long may get
//! a different answer on a loaded machine.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The wall-clock safety net of a file, in percent of its budget: the
/// checks stop a little before `--file-budget` seconds, so that the
/// checks in flight (a solver call answers its interruption within a
/// fraction of a second, the work between two calls is not interrupted)
/// and the report still end within it.  With the limit at the budget
/// itself, 11 HeCBench and Rodinia files ended 0.0–1.0 s after it.
pub const WALL_SHARE_PERCENT: u64 = 95;

/// The default `--file-budget`, in seconds.
pub const DEFAULT_FILE_BUDGET_S: u64 = 60;

/// The solver work a file may use, and what its kernels used so far.
#[derive(Debug)]
pub struct FileBudget {
    /// In the solver's resource units.
    limit: u64,
    /// Units used, per kernel (by its index in the file).
    spent: Vec<AtomicU64>,
    started: Instant,
    wall: Duration,
    /// Set once the wall-clock safety net has been seen to pass.
    wall_passed: AtomicBool,
}

impl FileBudget {
    /// A budget of `limit` units for `kernels` kernels, with a wall-clock
    /// safety net of [`WALL_SHARE_PERCENT`] of `seconds` (the budget as
    /// the user gave it).
    pub fn new(limit: u64, kernels: usize, seconds: u64) -> Arc<FileBudget> {
        FileBudget::since(Instant::now(), limit, kernels, seconds)
    }

    /// [`FileBudget::new`] with the wall-clock limit counted from
    /// `started` (when the file began to load) instead of now.
    pub fn since(started: Instant, limit: u64, kernels: usize, seconds: u64) -> Arc<FileBudget> {
        Arc::new(FileBudget {
            limit,
            spent: (0..kernels).map(|_| AtomicU64::new(0)).collect(),
            started,
            wall: Duration::from_millis(seconds.saturating_mul(10 * WALL_SHARE_PERCENT)),
            wall_passed: AtomicBool::new(false),
        })
    }

    /// The meter of kernel `kernel` (its index in the file).
    pub fn meter(self: &Arc<Self>, kernel: usize) -> Meter {
        Meter {
            file: Arc::clone(self),
            kernel,
        }
    }

    /// Which kernels are over the budget: those whose units, with those
    /// of every kernel before them, exceed it.  Deterministic once every
    /// kernel is done (see the module's documentation).
    pub fn over(&self) -> Vec<bool> {
        let mut sum = 0u64;
        self.spent
            .iter()
            .map(|s| {
                sum = sum.saturating_add(s.load(Ordering::SeqCst));
                sum > self.limit
            })
            .collect()
    }

    /// The units used by all the kernels so far.
    pub fn total(&self) -> u64 {
        self.sum_through(self.spent.len())
    }

    /// When the wall-clock safety net passes.
    pub fn deadline(&self) -> Instant {
        self.started + self.wall
    }

    /// Has the wall-clock safety net passed (during some check)?
    pub fn wall_passed(&self) -> bool {
        self.wall_passed.load(Ordering::SeqCst)
    }

    fn sum_through(&self, kernel: usize) -> u64 {
        self.spent
            .iter()
            .take(kernel.saturating_add(1))
            .fold(0u64, |s, x| s.saturating_add(x.load(Ordering::SeqCst)))
    }
}

/// What one kernel's checks charge their solver work to.
#[derive(Clone, Debug)]
pub struct Meter {
    file: Arc<FileBudget>,
    kernel: usize,
}

impl Meter {
    /// Counts `units` of solver work for this meter's kernel.
    pub fn charge(&self, units: u64) {
        if let Some(s) = self.file.spent.get(self.kernel) {
            s.fetch_add(units, Ordering::SeqCst);
        }
    }

    /// When the file's wall-clock limit passes: no check of its runs past
    /// it.
    pub fn deadline(&self) -> Instant {
        self.file.started + self.file.wall
    }

    /// May the kernel stop checking?  Only when it is certain to be over
    /// the budget (the units so far of it and the kernels before it exceed
    /// the budget), or when the wall-clock safety net has passed.
    pub fn exhausted(&self) -> bool {
        if self.file.started.elapsed() > self.file.wall {
            self.file.wall_passed.store(true, Ordering::SeqCst);
            return true;
        }
        self.file.sum_through(self.kernel) > self.file.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_is_over_when_it_and_those_before_it_exceed_the_budget() {
        let b = FileBudget::new(100, 3, 60);
        let (m0, m1, m2) = (b.meter(0), b.meter(1), b.meter(2));
        m2.charge(500);
        // Kernel 2 alone is over; kernels 0 and 1 are not yet.
        assert!(m2.exhausted());
        assert!(!m0.exhausted() && !m1.exhausted());
        m0.charge(60);
        m1.charge(30);
        assert_eq!(b.over(), vec![false, false, true]);
        m1.charge(20);
        assert!(m1.exhausted());
        assert_eq!(b.over(), vec![false, true, true]);
    }

    #[test]
    fn the_order_of_charges_does_not_change_which_kernels_are_over() {
        let charges = [(0usize, 40u64), (1, 50), (2, 30), (0, 5)];
        let run = |order: &[usize]| {
            let b = FileBudget::new(90, 3, 60);
            for &i in order {
                let (k, u) = charges[i];
                b.meter(k).charge(u);
            }
            b.over()
        };
        assert_eq!(run(&[0, 1, 2, 3]), run(&[3, 2, 1, 0]));
        assert_eq!(run(&[0, 1, 2, 3]), vec![false, true, true]);
    }

    #[test]
    fn a_budget_of_no_kernels_is_never_over() {
        let b = FileBudget::new(0, 0, 60);
        assert!(b.over().is_empty());
        // A meter past the kernels counts nothing and stops nothing.
        let m = b.meter(5);
        m.charge(10);
        assert!(!m.exhausted());
    }

    #[test]
    fn the_wall_clock_limit_leaves_a_twentieth_of_the_budget_to_end() {
        let t0 = Instant::now();
        let b = FileBudget::since(t0, 100, 1, 60);
        assert_eq!(b.meter(0).deadline(), t0 + Duration::from_secs(57));
        let huge = FileBudget::since(t0, 100, 1, u64::MAX);
        assert!(huge.meter(0).deadline() > t0 + Duration::from_secs(1 << 40));
    }
}
