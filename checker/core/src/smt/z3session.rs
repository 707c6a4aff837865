//! Z3 plumbing for [`super::solve`]: the [`Session`] (one reused solver
//! for the checks of one unit of work, in a Z3 context of its own, each
//! query in its own scope, replaced every [`QUERIES_PER_SOLVER`]
//! queries), fresh solvers ([`Fresh`]), scripts asserted with Z3's error
//! codes read ([`assert_script`]), and the budget of each check: Z3's
//! deterministic resource limit ([`check_within`], `ARCHITECTURE.md`,
//! "Deterministic solver budgets"), with a wall-clock safety net enforced
//! by a watchdog that interrupts the context ([`with_deadline`]).  What to
//! ask Z3, with which solvers and in which order, is `solve`'s business.

use mapcheck_ir::budget::Meter;
use std::cell::{Cell, RefCell};
use std::ffi::CString;
use std::time::{Duration, Instant};

/// Z3's resource units (`rlimit`) per millisecond of `--timeout`.  The
/// per-query budget is a count of these units, so that whether a query is
/// decided does not depend on the machine's load; a millisecond of the
/// flag is about what the calibration queries used per millisecond of CPU
/// time on the development machine: 510 (a linear query with `mod` and
/// `div`) to 1,590 (a non-linear one) — `docs/performance.md`, "Budgets",
/// has the figures and how to measure them again.
pub const UNITS_PER_MS: u64 = 1_000;

/// The resource units of `ms` milliseconds of `--timeout` (at least 1:
/// Z3 reads an `rlimit` of 0 as no limit).
pub fn units_of_ms(ms: u64) -> u64 {
    ms.saturating_mul(UNITS_PER_MS).max(1)
}

/// The wall-clock safety net of a query, in multiples of its budget: only
/// on a machine this many times slower than the calibration does it end a
/// query before its units do (and then the answer is `unknown`, never a
/// wrong one).  Z3's own `timeout` parameter is not used for it: with the
/// system libz3 4.8.12 it deadlocks on some non-linear queries (nested
/// `scoped_timer`s).
pub const WALL_FACTOR: u64 = 5;

/// The wall-clock safety net of a query of `ms` milliseconds, from now.
pub(super) fn safety_net(ms: u64) -> Instant {
    let ms = ms.saturating_mul(WALL_FACTOR).max(1_000);
    Instant::now() + Duration::from_millis(ms)
}

/// One Z3 solver reused for many queries: each query is asserted in its
/// own scope (`push`/`pop`).  Measured with `cargo run --release -p
/// mapcheck-core --example solver_costs`, a small query costs about 13 ms
/// on a fresh solver (Z3 builds its default tactic), 5 ms on a fresh
/// solver used with `push` (the first `push` builds the solver) and 0.3 ms
/// in a scope of a solver already built — hence one session per unit of
/// work.  Z3's luck on a query depends on the terms its context already
/// holds, so a session lives in a Z3 context of its own, created for one
/// unit of work that runs on one thread in a fixed order (a kernel's
/// common queries, an array, one value of a split: [`Session::scoped`]):
/// its history, and with it every answer, does not depend on how rayon
/// schedules the units.  A solver keeps about 1 KB per scope after `pop`
/// (libz3 4.8.12), so it is replaced every [`QUERIES_PER_SOLVER`] queries.
pub struct Session {
    pub(super) solver: RefCell<z3::Solver>,
    /// Queries (scopes) of the solver so far.
    pub(super) queries: Cell<u32>,
    /// The answers of [`Session::proves`], by script.
    pub(super) proved: RefCell<std::collections::HashMap<String, bool>>,
    /// Where the solver work of this session is charged (the per-file
    /// budget, `mapcheck_ir::budget`).
    meter: Option<Meter>,
    /// Resource units used by this session's checks.
    pub(super) spent: Cell<u64>,
}

/// Queries a session's solver answers before it is replaced (bounds memory;
/// see [`Session`]).
pub const QUERIES_PER_SOLVER: u32 = 2_000;

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session in this thread's current Z3 context, charging nothing.
    pub fn new() -> Session {
        Session::charging(None)
    }

    fn charging(meter: Option<Meter>) -> Session {
        Session {
            solver: RefCell::new(z3::Solver::new()),
            queries: Cell::new(0),
            proved: RefCell::default(),
            meter,
            spent: Cell::new(0),
        }
    }

    /// Runs `f` with a new session in a new Z3 context (see [`Session`]),
    /// charging its solver work to `meter`.
    pub fn scoped<R: Send + Sync>(
        meter: Option<&Meter>,
        f: impl FnOnce(&Session) -> R + Send + Sync,
    ) -> R {
        let meter = meter.cloned();
        z3::with_z3_config(&z3::Config::new(), move || f(&Session::charging(meter)))
    }

    /// The solver for the next query, a fresh one every
    /// [`QUERIES_PER_SOLVER`] queries.
    pub(super) fn solver(&self) -> std::cell::Ref<'_, z3::Solver> {
        self.ensure_clean();
        if self.queries.get() >= QUERIES_PER_SOLVER {
            *self.solver.borrow_mut() = z3::Solver::new();
            self.queries.set(0);
        }
        self.queries.set(self.queries.get() + 1);
        self.solver.borrow()
    }

    /// Every query starts on a solver without assertions at the base level.
    /// Should a `push` or `pop` of an earlier query have failed (see
    /// [`absorb_interrupt`]), the solver is replaced rather than trusted: a
    /// leftover assertion could make this query `unsat`, a wrong DRF verdict.
    fn ensure_clean(&self) {
        if !self.solver.borrow().get_assertions().is_empty() {
            *self.solver.borrow_mut() = z3::Solver::new();
            self.queries.set(0);
        }
    }

    /// Counts `extra` scopes more against [`QUERIES_PER_SOLVER`]: the
    /// checks of a query beyond its first, each in a scope of its own.
    pub(super) fn count_scopes(&self, extra: u32) {
        self.queries.set(self.queries.get().saturating_add(extra));
    }

    /// Counts `units` of solver work against this session and its meter.
    pub(super) fn charge(&self, units: u64) {
        self.spent.set(self.spent.get().saturating_add(units));
        if let Some(m) = &self.meter {
            m.charge(units);
        }
    }

    /// The wall-clock limit of the file this session's work is charged
    /// to (`mapcheck_ir::budget::Meter::deadline`), if any.
    pub(super) fn file_deadline(&self) -> Option<Instant> {
        self.meter.as_ref().map(Meter::deadline)
    }

    /// Is the per-file budget certainly used up for this session's kernel
    /// (`mapcheck_ir::budget::Meter::exhausted`)?  Then its queries are
    /// not asked.
    pub(super) fn out_of_budget(&self) -> bool {
        self.meter.as_ref().is_some_and(Meter::exhausted)
    }
}

/// Is `MAPCHECK_TRACE` set (to anything but `0`)?  Then every query's
/// time, answer and deciding solver go to standard error.
pub(super) fn trace_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("MAPCHECK_TRACE").is_ok_and(|v| v != "0"))
}

/// A fresh solver: of a portfolio ([`Session::solve_portfolio`]), or
/// for an obligation with wrap-around ([`Session::in_scope`]).
#[derive(Clone, Copy)]
pub(super) enum Fresh {
    /// Z3's default solver.
    Plain,
    /// Z3's SMT core alone (tactic `smt`), without the default strategy's
    /// set-up and preprocessing: the 784 obligations of the index splits
    /// of scanExclusiveShared (GPUVerify corpus) take 0.35 s with it and
    /// 3.7 s on default solvers, with the same answers.
    Core,
    /// One that first names every `div` and `mod` term (Z3's
    /// `purify-arith` tactic: `x / c` and `x % c` become fresh `q`, `r`
    /// with `x = c * q + r`, `0 <= r < c`, one pair per term however often
    /// it occurs), then runs Z3's SMT core (tactic `smt`) on the result.
    /// On the chains of divisions that 2-D and 3-D index arithmetic
    /// produces it is the difference between milliseconds and an
    /// undecided query; times of single queries of the GPUVerify corpus,
    /// each checked on its own (plain / purified with Z3's default
    /// strategy after `purify-arith` / this one):
    /// spPostprocess2D 1.3 s / 18 ms / 20 ms and undecided after 12 s /
    /// 37 ms / 21 ms; scanExclusiveShared undecided / 7.8 s / 0.6 s;
    /// generateSampleRanksKernel undecided / 0.34 s / 18 ms.  On
    /// wrap-around queries it starts [`FIRST_TRY_MS`] after the plain
    /// one: their `mod 2^32` terms can make it slow where the plain solver
    /// is fast (two queries of bitonicSortSharedKernel: 0.1 s plain,
    /// undecided after 12 s purified).
    Purified,
}

impl Fresh {
    pub(super) fn name(self) -> &'static str {
        match self {
            Fresh::Plain => "a fresh solver",
            Fresh::Core => "a fresh SMT core",
            Fresh::Purified => "a fresh purified solver",
        }
    }

    pub(super) fn solver(self) -> z3::Solver {
        match self {
            Fresh::Plain => z3::Solver::new(),
            Fresh::Core => z3::Tactic::new("smt").solver(),
            Fresh::Purified => z3::Tactic::new("purify-arith")
                .and_then(&z3::Tactic::new("smt"))
                .solver(),
        }
    }
}

/// Asserts an SMT-LIB script in the solver's current scope.  Z3 stops at
/// the first error and keeps the assertions before it — a weaker query
/// whose `sat` would be a race that is not there — so an error is returned
/// instead.  The `z3` crate does not report parse errors of
/// `Solver::from_string`, so they are read with the C API of `z3-sys`.
pub(super) fn assert_script(solver: &z3::Solver, script: &str) -> Result<(), String> {
    solver.from_string(script);
    let ctx = solver.get_context().get_z3_context();
    // SAFETY: `ctx` is the live context of `solver`; the message is a C
    // string owned by Z3, copied before the next API call.
    unsafe {
        match z3_sys::Z3_get_error_code(ctx) {
            z3_sys::ErrorCode::Ok => Ok(()),
            code => {
                let msg = z3_sys::Z3_get_error_msg(ctx, code);
                let msg = if msg.is_null() {
                    format!("error code {}", code as u32)
                } else {
                    std::ffi::CStr::from_ptr(msg).to_string_lossy().into_owned()
                };
                Err(format!("Z3 rejected the query: {msg}"))
            }
        }
    }
}

/// The result of a call run under a deadline, and whether the deadline
/// passed (the call was interrupted).
pub(super) struct Timed<T> {
    pub(super) result: T,
    pub(super) timed_out: bool,
}

/// Clears an interrupt of this thread's context that no check consumed.
/// The watchdog may interrupt just after `f` returned; the flag then stays
/// set and would cancel the next `push`, `pop` or parse of the session's
/// solver, silently (the `z3` crate does not report their errors), which
/// could leave a query's assertions in the solver for the queries after
/// it.  A check resets the flag when it starts, so an empty check on a
/// scratch solver consumes it.
fn absorb_interrupt() {
    let _ = z3::Solver::new().check();
}

/// Runs `f` (a Z3 call on this thread's context) and interrupts it after
/// `timeout_ms`.
pub(super) fn with_deadline<T>(timeout_ms: u64, f: impl FnOnce() -> T) -> Timed<T> {
    let ctx = z3::Context::thread_local();
    let handle = ctx.handle();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    // A scoped thread: the watchdog borrows the context's interrupt handle
    // and is joined before the context can go away.
    std::thread::scope(|scope| {
        let handle = &handle;
        let watchdog = scope.spawn(move || {
            use std::sync::mpsc::RecvTimeoutError::Timeout;
            let limit = std::time::Duration::from_millis(timeout_ms.max(1));
            if !matches!(wait.recv_timeout(limit), Err(Timeout)) {
                return false;
            }
            // An interrupt that lands before Z3 has started the check is lost
            // (the check resets the flag), so repeat it until `f` returns.
            let again = std::time::Duration::from_millis(20);
            loop {
                handle.interrupt();
                if !matches!(wait.recv_timeout(again), Err(Timeout)) {
                    return true;
                }
            }
        });
        let result = f();
        let _ = done.send(());
        let timed_out = watchdog.join().unwrap_or(true);
        if timed_out {
            absorb_interrupt();
        }
        Timed { result, timed_out }
    })
}

/// Why a check ended without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ended {
    /// It used every resource unit it was given (deterministic).
    Units,
    /// The wall-clock safety net passed ([`WALL_FACTOR`]).
    WallClock,
    /// Z3 gave up for a reason of its own (its reason unknown).
    Z3,
}

/// A check within a budget: Z3's answer, the resource units it used, and,
/// when the answer is `unknown`, why.
pub(super) struct Checked {
    pub(super) result: z3::SatResult,
    pub(super) used: u64,
    pub(super) ended: Ended,
}

/// The context's resource units used so far (Z3's statistic `rlimit
/// count`, the context's counter, which the solver's statistics report).
fn units_used(solver: &z3::Solver) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        // Never negative or fractional; truncation is the intent.
        Some(z3::StatisticsValue::Double(d)) => d.max(0.0) as u64,
        None => 0,
    }
}

/// Sets the resource limit of the next checks in `solver`'s context.
///
/// It is the context's parameter, not the solver's: Z3 reads a check's
/// `rlimit` from the solver's parameters, else from its context's, and
/// setting a solver's parameters makes it re-read all of them (about 4 ms a
/// call, a fifth of the time of the differential tests' small kernels),
/// where updating the context's is a store.  No solver of ours sets its own.
fn set_rlimit(solver: &z3::Solver, units: u64) {
    // `rlimit` is an unsigned 32-bit parameter; 0 would mean no limit.
    let value = u32::try_from(units.max(1)).unwrap_or(u32::MAX).to_string();
    let (Ok(key), Ok(value)) = (CString::new("rlimit"), CString::new(value)) else {
        return;
    };
    let ctx = solver.get_context().get_z3_context();
    // SAFETY: `ctx` is the live context of `solver` (which holds a
    // reference to it), and both strings are NUL-terminated and outlive
    // the call, which copies them.
    unsafe { z3_sys::Z3_update_param_value(ctx, key.as_ptr(), value.as_ptr()) };
}

/// Checks what `solver` holds with at most `units` resource units (Z3's
/// `rlimit`, relative to the context's count when the check starts) and
/// interrupts it at the wall-clock `safety` net; the units it used are
/// charged to `session` when given (a fresh context's checks are charged
/// by their caller).
pub(super) fn check_within(solver: &z3::Solver, units: u64, safety: Instant) -> Checked {
    set_rlimit(solver, units);
    let before = units_used(solver);
    let left = safety.saturating_duration_since(Instant::now());
    let left_ms = u64::try_from(left.as_millis()).unwrap_or(u64::MAX);
    let Timed { result, timed_out } = with_deadline(left_ms, || solver.check());
    let used = units_used(solver).saturating_sub(before);
    let ended = if timed_out {
        Ended::WallClock
    } else if used >= units {
        Ended::Units
    } else {
        Ended::Z3
    };
    Checked {
        result,
        used,
        ended,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timeout_maps_to_units_and_never_to_no_limit() {
        assert_eq!(units_of_ms(0), 1);
        assert_eq!(units_of_ms(1), UNITS_PER_MS);
        assert_eq!(units_of_ms(10_000), 10_000 * UNITS_PER_MS);
        assert_eq!(units_of_ms(u64::MAX), u64::MAX);
    }

    #[test]
    fn a_check_stops_at_its_units_and_reports_them() {
        // x³ + y³ = z³ with x, y, z > 1: Z3 cannot decide it.
        let s = z3::Solver::new();
        s.from_string(
            "(declare-const x Int)(declare-const y Int)(declare-const z Int)\
             (assert (> x 1))(assert (> y 1))(assert (> z 1))\
             (assert (= (+ (* x x x) (* y y y)) (* z z z)))",
        );
        let far = Instant::now() + Duration::from_secs(3_600);
        let c = check_within(&s, 2_000, far);
        assert_eq!(c.result, z3::SatResult::Unknown);
        assert_eq!(c.ended, Ended::Units);
        assert!(c.used >= 2_000, "{}", c.used);
        // The same check again uses the same units: the limit is relative
        // to the context's count when the check starts.
        let again = check_within(&s, 2_000, far);
        assert_eq!(
            (again.result, again.ended),
            (z3::SatResult::Unknown, Ended::Units)
        );
    }

    #[test]
    fn an_easy_check_is_decided_within_its_units() {
        let s = z3::Solver::new();
        s.from_string("(declare-const x Int)(assert (> x 1))(assert (< x 3))");
        let far = Instant::now() + Duration::from_secs(3_600);
        let c = check_within(&s, units_of_ms(1_000), far);
        assert_eq!(c.result, z3::SatResult::Sat);
        assert!(c.used < units_of_ms(1_000));
    }
}
