//! Z3 plumbing for [`super::solve`]: the [`Session`] (one reused solver
//! per thread, each query in its own scope, replaced every
//! [`QUERIES_PER_SOLVER`] queries), fresh solvers in contexts of their own
//! ([`Fresh`]), scripts asserted with Z3's error codes read
//! ([`assert_script`]), and time limits enforced by watchdogs that
//! interrupt a context ([`with_deadline`], [`until_stopped`]).  What to ask
//! Z3, with which solvers and in which order, is `solve`'s business.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One Z3 solver reused for many queries: each query is asserted in its
/// own scope (`push`/`pop`).  Measured with `cargo run --release -p
/// mapcheck-core --example solver_costs`, a small query costs about 13 ms
/// on a fresh solver (Z3 builds its default tactic), 5 ms on a fresh
/// solver used with `push` (the first `push` builds the solver) and 0.3 ms
/// in a scope of a solver already built — hence one session per thread
/// ([`Session::on_this_thread`]).  A solver keeps about 1 KB per scope
/// after `pop` (libz3 4.8.12), so it is replaced every
/// [`QUERIES_PER_SOLVER`] queries.
pub struct Session {
    pub(super) solver: RefCell<z3::Solver>,
    /// Queries (scopes) of the solver so far.
    pub(super) queries: Cell<u32>,
    /// The answers of [`Session::proves`], by script.
    pub(super) proved: RefCell<std::collections::HashMap<String, bool>>,
}

/// Queries a session's solver answers before it is replaced (bounds memory;
/// see [`Session`]).
pub const QUERIES_PER_SOLVER: u32 = 2_000;

thread_local! {
    static THIS_THREAD: Session = Session::new();
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            solver: RefCell::new(z3::Solver::new()),
            queries: Cell::new(0),
            proved: RefCell::default(),
        }
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

    /// Runs `f` with this thread's session (built on first use).
    pub fn on_this_thread<R>(f: impl FnOnce(&Session) -> R) -> R {
        THIS_THREAD.with(f)
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
}

/// Is `MAPCHECK_TRACE` set (to anything but `0`)?  Then every query's
/// time, answer and deciding solver go to standard error.
pub(super) fn trace_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("MAPCHECK_TRACE").is_ok_and(|v| v != "0"))
}

/// A flag set once, which threads can wait for.
#[derive(Default)]
pub(super) struct Signal {
    set: std::sync::Mutex<bool>,
    changed: std::sync::Condvar,
}

impl Signal {
    pub(super) fn set(&self) {
        *self.lock() = true;
        self.changed.notify_all();
    }

    pub(super) fn is_set(&self) -> bool {
        *self.lock()
    }

    /// Waits until the flag is set (`true`) or `until` has come (`false`).
    pub(super) fn wait_until(&self, until: Instant) -> bool {
        let mut set = self.lock();
        while !*set {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            set = match self.changed.wait_timeout(set, left) {
                Ok((guard, _)) => guard,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        true
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, bool> {
        // A thread that panicked holding the lock left a valid bool.
        self.set
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
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

/// Runs `f` (a Z3 call on this thread's context) and interrupts it at
/// `deadline` or once `stop` is set (polled every 10 ms).
pub(super) fn until_stopped<T>(deadline: Instant, stop: &Signal, f: impl FnOnce() -> T) -> T {
    let ctx = z3::Context::thread_local();
    let handle = ctx.handle();
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (handle, done) = (&handle, &done);
        let watchdog = scope.spawn(move || {
            let mut interrupted = false;
            while !done.load(Ordering::SeqCst) {
                if interrupted || stop.is_set() || Instant::now() >= deadline {
                    // Repeated until `f` returns: an interrupt that lands
                    // before the check starts is lost.
                    handle.interrupt();
                    interrupted = true;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            interrupted
        });
        let result = f();
        done.store(true, Ordering::SeqCst);
        if watchdog.join().unwrap_or(true) {
            absorb_interrupt();
        }
        result
    })
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
