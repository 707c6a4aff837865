//! Solving queries with Z3: one [`Session`] (a reused solver) per thread,
//! each query in its own scope, with a watchdog for the time limit (see
//! [`crate::smt`]).

use super::counterexample::{counterexample_script, threads_counterexample_script};
use super::encode::{Query, QueryContext};
use super::model::{small_model, small_values, Model};
use super::script::or_all;
use semantics::expr::{BExp, NExp, Var};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The answer of Z3 for one query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// No race in this closure.
    Unsat,
    /// A race: the value of every SMT constant of interest.
    Sat(Model),
    /// Timeout or `unknown`, with Z3's reason.
    Unknown(String),
}

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
    solver: RefCell<z3::Solver>,
    queries: Cell<u32>,
    /// The answers of [`Session::proves`], by script.
    proved: RefCell<std::collections::HashMap<String, bool>>,
}

/// Answers [`Session::proves`] remembers before it forgets them all
/// (bounds memory).
const PROVED_CACHE: usize = 20_000;

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
    fn solver(&self) -> std::cell::Ref<'_, z3::Solver> {
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

    /// Is `goal` valid for all parameters satisfying the global facts and
    /// all values of the loop variables `ranges` (outermost first) in their
    /// ranges?  `false` when Z3 finds a counterexample or cannot decide.
    pub fn valid(
        &self,
        ranges: &[(Var, NExp, NExp)],
        goal: &BExp,
        ctx: &QueryContext,
        timeout_ms: u64,
    ) -> bool {
        let Some(script) = counterexample_script(ranges, goal, ctx) else {
            return false;
        };
        self.in_scope(&script, timeout_ms, |_, checked| is_unsat(&checked))
    }

    /// Does `goal` hold for every choice of `threads` threads (1, or 2
    /// distinct ones) of the kernel, every parameter satisfying the global
    /// facts and every value of the loop variables `ranges`?  The goal names
    /// thread `k`'s variables [`thread_copy`](super::thread_copy)`(x, k)`.
    /// `Unsat`: it holds; `Sat`: a counterexample, with the value of every
    /// parameter (`p.x`) and thread variable (`t1.x`, `t2.x`), parameters
    /// small where possible ([`SMALL_MODEL_BOUND`](super::SMALL_MODEL_BOUND));
    /// `Unknown`: Z3 could not decide, or the goal mentions a variable that
    /// is none of these.
    pub fn thread_counterexample(
        &self,
        ranges: &[(Var, NExp, NExp)],
        threads: usize,
        goal: &BExp,
        ctx: &QueryContext,
        timeout_ms: u64,
    ) -> Answer {
        let Some((script, params, names)) =
            threads_counterexample_script(ranges, threads, goal, ctx)
        else {
            return Answer::Unknown("the goal mentions an undeclared variable".into());
        };
        self.in_scope(&script, timeout_ms, |solver, checked| match checked {
            Err(rejected) => Answer::Unknown(rejected),
            Ok(Timed {
                result: z3::SatResult::Unsat,
                ..
            }) => Answer::Unsat,
            Ok(Timed {
                result: z3::SatResult::Sat,
                ..
            }) => Answer::Sat(small_values(solver, ctx.logic, &params, &names, timeout_ms)),
            Ok(Timed { timed_out, .. }) => Answer::Unknown(if timed_out {
                format!("{TIMEOUT} after {timeout_ms} ms")
            } else {
                "Z3 answered unknown".into()
            }),
        })
    }

    /// Does `goal` hold for one thread (any thread) of the kernel under the
    /// global facts wherever `ranges` hold (the script of
    /// [`Session::thread_counterexample`] with one thread is `unsat`)?  The answer is remembered by the
    /// query's text, for the whole session: the index splits
    /// ([`super::stride::prover`]) are searched again for each query of a
    /// kernel, the per-closure ones after a combined one among them.
    pub fn proves(
        &self,
        ranges: &[(Var, NExp, NExp)],
        goal: &BExp,
        ctx: &QueryContext,
        timeout_ms: u64,
    ) -> bool {
        let Some((script, _, _)) = threads_counterexample_script(ranges, 1, goal, ctx) else {
            return false;
        };
        if let Some(&known) = self.proved.borrow().get(&script) {
            return known;
        }
        let holds = self.in_scope(&script, timeout_ms, |_, checked| is_unsat(&checked));
        let mut proved = self.proved.borrow_mut();
        if proved.len() >= PROVED_CACHE {
            proved.clear();
        }
        proved.insert(script, holds);
        holds
    }

    /// Asserts `script` in a new scope of the solver and checks it within
    /// `timeout_ms`; `read` gets the solver (for its model) and the result
    /// — Z3's answer and whether the deadline passed, or why Z3 rejected
    /// the script — before the scope is popped.
    fn in_scope<R>(
        &self,
        script: &str,
        timeout_ms: u64,
        read: impl FnOnce(&z3::Solver, Result<Timed<z3::SatResult>, String>) -> R,
    ) -> R {
        let started = Instant::now();
        let trace = |by: &str, checked: &Result<Timed<z3::SatResult>, String>| {
            if trace_enabled() {
                let result = match checked {
                    Ok(t) => format!(
                        "{:?}{}",
                        t.result,
                        if t.timed_out { " (timeout)" } else { "" }
                    ),
                    Err(e) => format!("rejected ({e})"),
                };
                use std::hash::{Hash, Hasher};
                let mut hash = std::collections::hash_map::DefaultHasher::new();
                script.hash(&mut hash);
                eprintln!(
                    "mapcheck-trace: obligation {:016x} of {} bytes within {timeout_ms} ms: {result} by {by} in {:?}",
                    hash.finish(),
                    script.len(),
                    started.elapsed()
                );
            }
        };
        if wraps_around(script) {
            // Fresh solvers first, Z3's core alone with a quarter of the
            // time, then the default one; if neither can decide, the
            // incremental one.
            for (kind, limit) in [(Fresh::Core, timeout_ms / 4), (Fresh::Plain, timeout_ms)] {
                let fresh = kind.solver();
                let checked =
                    assert_script(&fresh, script).map(|()| with_deadline(limit, || fresh.check()));
                trace(kind.name(), &checked);
                if !matches!(
                    checked,
                    Ok(Timed {
                        result: z3::SatResult::Unknown,
                        ..
                    })
                ) {
                    return read(&fresh, checked);
                }
            }
        }
        let solver = self.solver();
        solver.push();
        let checked =
            assert_script(&solver, script).map(|()| with_deadline(timeout_ms, || solver.check()));
        trace("the reused solver", &checked);
        let out = read(&solver, checked);
        solver.pop(1);
        out
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

    /// Solves a query with Z3 within `timeout_ms`.
    ///
    /// The query's text is asserted once; its alternatives are checked in
    /// batches (see [`solve_alternatives`]), each batch in its own scope
    /// with the query's declarations.  The query is the disjunction of its
    /// alternatives, so it is `sat` as soon as one batch is (the first race
    /// found wins), `unsat` when every batch is, and otherwise `unknown`.
    /// One deadline holds for the whole query.
    ///
    /// The time limit is enforced by a watchdog thread that interrupts the
    /// context (`z3::ContextHandle::interrupt`), not by Z3's `timeout`
    /// parameter: with the system libz3 4.8.12 the latter deadlocks on some
    /// non-linear queries (nested `scoped_timer`s).
    ///
    /// Fresh solvers join in ([`Session::solve_portfolio`]): at once for a
    /// query with C's wrap-around ([`WRAP_PORTFOLIO`]), after
    /// [`ESCALATE_MS`] for the others ([`PORTFOLIO`]).  Z3's incremental
    /// core does none of the preprocessing a fresh solver does, and that is
    /// often the whole difference (FDTD3d of the GPUVerify corpus: `unsat`
    /// in 1 s on a fresh solver, undecided after 60 s on the reused one).
    pub fn solve(&self, q: &Query, timeout_ms: u64) -> Answer {
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        let script = format!("{}(assert {})\n", q.text, or_all(&q.alternatives));
        let fresh = if wraps_around(&script) {
            &WRAP_PORTFOLIO[..]
        } else {
            &PORTFOLIO[..]
        };
        let started = Instant::now();
        let (answer, by) = self.solve_portfolio(q, &script, fresh, (timeout_ms, deadline));
        if trace_enabled() {
            let verdict = match &answer {
                Answer::Unsat => "unsat".to_string(),
                Answer::Sat(_) => "sat".to_string(),
                Answer::Unknown(why) => format!("unknown ({why})"),
            };
            eprintln!(
                "mapcheck-trace: query of {} alternatives, {} bytes: {verdict} by {by} in {:?}",
                q.alternatives.len(),
                script.len(),
                started.elapsed()
            );
        }
        answer
    }

    /// The reused solver's way (see [`Session::solve`]), until `deadline`.
    /// It gives up early, between two checks, once `stop` is set.
    fn solve_incremental(
        &self,
        q: &Query,
        timeout_ms: u64,
        deadline: Instant,
        stop: &Signal,
    ) -> Answer {
        if q.alternatives.len() <= q.batch.max(1) {
            return self.solve_one_batch(q, timeout_ms, deadline, stop);
        }
        let solver = self.solver();
        solver.push();
        let answer = match assert_script(&solver, &q.text) {
            Err(rejected) => Answer::Unknown(rejected),
            Ok(()) => {
                let (answer, checks) = solve_alternatives(&solver, q, timeout_ms, deadline, stop);
                // Each check is a scope, like a query (see QUERIES_PER_SOLVER).
                let extra = u32::try_from(checks.saturating_sub(1)).unwrap_or(u32::MAX);
                self.queries.set(self.queries.get().saturating_add(extra));
                answer
            }
        };
        solver.pop(1);
        answer
    }
}

/// Does the query reduce modulo a power of two of at least 2^8 (C's
/// unsigned wrap-around and narrowing conversions, `infer::integers` of
/// the CUDA front end)?  Z3's incremental core (the solver after a `push`)
/// can be very slow on them: a 2-thread query on `(t - 1u) % 48` was
/// `unknown` after 20 s there and `sat` in 58 ms on a fresh solver, which
/// preprocesses the whole query first.  Such queries try a fresh solver
/// (about 13 ms of set-up) first; on the real kernels that need the
/// incremental core's non-linear reasoning, the fresh one gives up and the
/// incremental one answers as before.
fn wraps_around(script: &str) -> bool {
    ["256)", "65536)", "4294967296)", "18446744073709551616)"]
        .iter()
        .any(|m| script.contains(&format!(" {m}")) && script.contains("(mod "))
}

impl Session {
    /// A query whose alternatives fit in one batch.  Z3's time on a
    /// non-linear query depends a lot on luck, i.e. on the order in which
    /// it meets terms: the same query of the GPUVerify corpus takes 0.1 s
    /// asserted in one piece and 8 s asserted in two (text, then the
    /// alternatives in a scope), and another one the other way round.  So
    /// the two ways take turns, with a time limit starting at
    /// [`FIRST_TRY_MS`] and doubling, until the deadline: a query that
    /// needs time `t` either way costs at most about `3t`.
    fn solve_one_batch(
        &self,
        q: &Query,
        timeout_ms: u64,
        deadline: Instant,
        stop: &Signal,
    ) -> Answer {
        let mut budget = Duration::from_millis(FIRST_TRY_MS);
        let mut whole = true;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || stop.is_set() {
                return Answer::Unknown(format!("{TIMEOUT} after {timeout_ms} ms"));
            }
            let last = left <= budget;
            let limit = if last { left } else { budget };
            let solver = self.solver();
            solver.push();
            let answer = if whole {
                let script = format!("{}(assert {})\n", q.text, or_all(&q.alternatives));
                match assert_script(&solver, &script) {
                    Err(rejected) => Answer::Unknown(rejected),
                    Ok(()) => check_asserted(&solver, q, timeout_ms, limit),
                }
            } else {
                match assert_script(&solver, &q.text) {
                    Err(rejected) => Answer::Unknown(rejected),
                    Ok(()) => {
                        let script =
                            format!("{}(assert {})\n", q.declarations, or_all(&q.alternatives));
                        check_now(&solver, q, &script, timeout_ms, limit)
                    }
                }
            };
            solver.pop(1);
            if last || !is_timeout(&answer) {
                return answer;
            }
            whole = !whole;
            budget *= 2;
        }
    }
}

impl Session {
    /// The portfolio: the reused solver runs its own schedule (see
    /// [`Session::solve_one_batch`]) while the solvers of `fresh` each
    /// check the whole script on a thread of its own, in a new Z3 context,
    /// from their delay on; the first decided answer wins.  Either may be
    /// the fast one, and Z3's time on them differs by orders of magnitude
    /// (GPUVerify corpus: `fwtBatch2Kernel` 70 ms fresh, undecided after
    /// 20 s reused; `histogram64Kernel` the other way round;
    /// `kernels/cuda/divergence/shared-count-loop-drf.cu` 4 s reused,
    /// undecided fresh).  A query decided before a fresh solver's delay
    /// costs no more than the reused solver alone: the waiting threads
    /// wake up when it is decided.
    fn solve_portfolio(
        &self,
        q: &Query,
        script: &str,
        fresh: &[(Fresh, Duration)],
        (timeout_ms, deadline): (u64, Instant),
    ) -> (Answer, &'static str) {
        let decided = Signal::default();
        std::thread::scope(|scope| {
            let (decided, now) = (&decided, Instant::now());
            let others: Vec<_> = fresh
                .iter()
                .map(|&(kind, delay)| {
                    scope.spawn(move || {
                        let run = (kind, now + delay);
                        solve_in_fresh_context(q, script, run, timeout_ms, deadline, decided)
                    })
                })
                .collect();
            // The reused solver gives up between two checks once a fresh
            // one has decided.  It is not interrupted for it: that was
            // tried, and the session's context (libz3 4.8.12) then
            // answered `unsat` to satisfiable queries, in about one corpus
            // run out of three.
            let mine = match self.solve_incremental(q, timeout_ms, deadline, decided) {
                answer @ (Answer::Sat(_) | Answer::Unsat) => Some((answer, "the reused solver")),
                Answer::Unknown(_) => None,
            };
            // Decided here: the fresh solvers stop; otherwise they have the
            // time left.
            if mine.is_some() {
                decided.set();
            }
            let theirs: Vec<Answer> = others
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            let first_decided = theirs.iter().position(|a| !matches!(a, Answer::Unknown(_)));
            mine.or_else(|| first_decided.map(|i| (theirs[i].clone(), fresh[i].0.name())))
                .or_else(|| theirs.into_iter().next().map(|a| (a, "none")))
                .unwrap_or_else(|| {
                    let why = format!("{TIMEOUT} after {timeout_ms} ms");
                    (Answer::Unknown(why), "none")
                })
        })
    }
}

/// Is `MAPCHECK_TRACE` set (to anything but `0`)?  Then every query's
/// time, answer and deciding solver go to standard error.
fn trace_enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("MAPCHECK_TRACE").is_ok_and(|v| v != "0"))
}

/// A flag set once, which threads can wait for.
#[derive(Default)]
struct Signal {
    set: std::sync::Mutex<bool>,
    changed: std::sync::Condvar,
}

impl Signal {
    fn set(&self) {
        *self.lock() = true;
        self.changed.notify_all();
    }

    fn is_set(&self) -> bool {
        *self.lock()
    }

    /// Waits until the flag is set (`true`) or `until` has come (`false`).
    fn wait_until(&self, until: Instant) -> bool {
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

/// Checks `script` (the whole query `q`) on a new solver of kind `run.0`
/// in a new Z3 context, on this thread (the `z3` crate has one context per
/// thread), from `run.1` until `deadline` or until `decided` is set (by
/// another solver of the portfolio; this one sets it when it decides).  A
/// solver in the session's context is not fresh enough: Z3's luck depends
/// on the terms the context already holds (`fwtBatch2Kernel`, `unsat` in
/// 70 ms on a new context, was `unknown` after 10 s in one run out of
/// three on a context that had served other queries).
fn solve_in_fresh_context(
    q: &Query,
    script: &str,
    run: (Fresh, Instant),
    timeout_ms: u64,
    deadline: Instant,
    decided: &Signal,
) -> Answer {
    let undecided = || Answer::Unknown(format!("{TIMEOUT} after {timeout_ms} ms"));
    if decided.wait_until(run.1.min(deadline)) || Instant::now() >= deadline {
        return undecided();
    }
    let fresh = run.0.solver();
    if let Err(rejected) = assert_script(&fresh, script) {
        return Answer::Unknown(rejected);
    }
    let answer = match until_stopped(deadline, decided, || fresh.check()) {
        z3::SatResult::Unsat => Answer::Unsat,
        z3::SatResult::Sat => Answer::Sat(small_model(q, &fresh, timeout_ms)),
        z3::SatResult::Unknown => return undecided(),
    };
    decided.set();
    answer
}

/// The fresh solvers of the portfolio for a query with C's wrap-around
/// ([`wraps_around`]), each with how long after the start it begins.
/// Z3's incremental core does none of the preprocessing a fresh solver
/// does, and on such queries that is often the whole difference.
const WRAP_PORTFOLIO: [(Fresh, Duration); 2] = [
    (Fresh::Plain, Duration::from_millis(PLAIN_DELAY_MS)),
    (Fresh::Purified, Duration::from_millis(FIRST_TRY_MS)),
];

/// How long a wrap-around query is left to the reused solver alone before
/// a fresh plain solver joins: most are decided within it, and a fresh
/// context costs its set-up and the script's parsing even when the reused
/// solver answers first (half the time of `_bisect_kernel_large_multi` of
/// the GPUVerify corpus went there).
const PLAIN_DELAY_MS: u64 = 25;

/// The fresh solver of the portfolio for the other queries: only the
/// purified one, and only for a query the reused solver has not decided
/// within [`ESCALATE_MS`].  A fresh plain solver too took CPU time from
/// the reused one on 2 cores with `suite --jobs 2` and decided none of the
/// slow queries the reused one did not (the tiled convolution of
/// `kernels/cuda/conv2d-tiled-drf.cu` across blocks: 0.2 s and 2 s
/// purified, undecided after 12 s by a fresh plain solver, 1 to 6 s
/// reused).
const PORTFOLIO: [(Fresh, Duration); 1] = [(Fresh::Purified, Duration::from_millis(ESCALATE_MS))];

/// How long a query without wrap-around is left to the reused solver alone.
pub const ESCALATE_MS: u64 = 500;

/// A fresh solver: of a portfolio ([`Session::solve_portfolio`]), or
/// for an obligation with wrap-around ([`Session::in_scope`]).
#[derive(Clone, Copy)]
enum Fresh {
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
    fn name(self) -> &'static str {
        match self {
            Fresh::Plain => "a fresh solver",
            Fresh::Core => "a fresh SMT core",
            Fresh::Purified => "a fresh purified solver",
        }
    }

    fn solver(self) -> z3::Solver {
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
fn until_stopped<T>(deadline: Instant, stop: &Signal, f: impl FnOnce() -> T) -> T {
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

/// The first time limit of a query in one batch (see
/// [`Session::solve_one_batch`]).
pub const FIRST_TRY_MS: u64 = 250;

/// A check of a batch of several alternatives that takes longer than this
/// is stopped and its batch split in two (a single alternative gets all
/// the time left).
pub const PROBE_MS: u64 = 400;

/// Batches checked faster than this double; slower than [`SLOW_MS`], halve
/// (tuned on `mapcheck bench synthetic` at size 1000: larger thresholds
/// slow the `access` category down, where a check costs the square of its
/// batch).
const FAST_MS: u128 = 3;
const SLOW_MS: u128 = 12;

/// Checks the alternatives of `q` (whose text `solver` holds) in batches:
/// the first batch has [`Query::batch`] alternatives, then the size adapts
/// to the time a check takes (cheap checks amortize their overhead over
/// more alternatives; expensive ones, where Z3 slows down with the
/// number of alternatives, get fewer).  Returns the answer and the number
/// of checks.
fn solve_alternatives(
    solver: &z3::Solver,
    q: &Query,
    timeout_ms: u64,
    deadline: Instant,
    stop: &Signal,
) -> (Answer, usize) {
    let n = q.alternatives.len();
    let (mut next, mut size, mut checks) = (0, q.batch.max(1), 0);
    let mut unknown: Option<String> = None;
    while next < n {
        let end = (next + size).min(n);
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stop.is_set() {
            unknown.get_or_insert(format!("{TIMEOUT} after {timeout_ms} ms"));
            break;
        }
        let probe = end - next > 1 && left > Duration::from_millis(PROBE_MS);
        let limit = if probe {
            Duration::from_millis(PROBE_MS)
        } else {
            left
        };
        let batch = &q.alternatives[next..end];
        let script = format!("{}(assert {})\n", q.declarations, or_all(batch));
        let started = Instant::now();
        checks += 1;
        match check_now(solver, q, &script, timeout_ms, limit) {
            Answer::Sat(model) => return (Answer::Sat(model), checks),
            Answer::Unsat => {
                let took = started.elapsed().as_millis();
                next = end;
                if took < FAST_MS {
                    size = (size * 2).min(MAX_BATCH);
                } else if took > SLOW_MS {
                    size = (size / 2).max(1);
                }
            }
            // The probe ran out: the same alternatives, fewer at a time.
            Answer::Unknown(_) if probe && started.elapsed() >= limit => {
                size = ((end - next) / 2).max(1);
            }
            Answer::Unknown(why) => {
                unknown.get_or_insert(why);
                next = end;
            }
        }
    }
    let answer = match unknown {
        Some(why) => Answer::Unknown(why),
        None => Answer::Unsat,
    };
    (answer, checks)
}

/// The largest batch.
const MAX_BATCH: usize = 1024;

/// Asserts `script` (a batch of alternatives with the query's
/// declarations) in a new scope of `solver`, where the rest of the query
/// holds, and checks it within `limit`.
fn check_now(
    solver: &z3::Solver,
    q: &Query,
    script: &str,
    timeout_ms: u64,
    limit: Duration,
) -> Answer {
    solver.push();
    let answer = match assert_script(solver, script) {
        Err(rejected) => Answer::Unknown(rejected),
        Ok(()) => check_asserted(solver, q, timeout_ms, limit),
    };
    solver.pop(1);
    answer
}

/// Checks what `solver` holds within `limit`; a model is read for `q`.
fn check_asserted(solver: &z3::Solver, q: &Query, timeout_ms: u64, limit: Duration) -> Answer {
    let limit_ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX).max(1);
    let Timed { result, timed_out } = with_deadline(limit_ms, || solver.check());
    match result {
        z3::SatResult::Unsat => Answer::Unsat,
        z3::SatResult::Unknown if timed_out => {
            Answer::Unknown(format!("{TIMEOUT} after {timeout_ms} ms"))
        }
        z3::SatResult::Unknown => Answer::Unknown(
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into()),
        ),
        z3::SatResult::Sat => Answer::Sat(small_model(q, solver, timeout_ms)),
    }
}

/// Did Z3 answer `unsat` (a checked script proved its goal)?
fn is_unsat(checked: &Result<Timed<z3::SatResult>, String>) -> bool {
    matches!(
        checked,
        Ok(Timed {
            result: z3::SatResult::Unsat,
            ..
        })
    )
}

/// How the reason of an unknown answer starts when the time ran out.
const TIMEOUT: &str = "timeout";

fn is_timeout(a: &Answer) -> bool {
    matches!(a, Answer::Unknown(why) if why.starts_with(TIMEOUT))
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

#[cfg(test)]
mod tests;
