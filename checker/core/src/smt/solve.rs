//! Solving queries with Z3 (see [`crate::smt`]): what to ask and how — a
//! query's alternatives in adaptive batches on the session's reused
//! solver, fresh solvers joining in as a portfolio, validity goals and
//! thread counterexamples in a scope of their own.  The Z3 plumbing
//! (the [`Session`] itself, contexts, error codes, deadlines) is
//! `z3session`.

use super::counterexample::{counterexample_script, threads_counterexample_script};
use super::encode::{Query, QueryContext};
use super::model::{small_model, small_values, Model};
use super::script::{or_all, Script};
use super::z3session::{
    assert_script, trace_enabled, until_stopped, with_deadline, Fresh, Session, Signal, Timed,
};
use semantics::expr::{BExp, NExp, Var};
use std::time::{Duration, Instant};

/// The answer of Z3 for one query.
#[derive(Clone, Debug)]
pub enum Answer {
    /// No race in this closure.
    Unsat,
    /// A race: the value of every SMT constant of interest.
    Sat(Model),
    /// Nothing decided: why.
    Unknown(GaveUp),
}

/// Why a query was not decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// Its time ran out (the query's limit, in milliseconds).
    Timeout { after_ms: u64 },
    /// Z3 rejected the script or answered `unknown`: its reason.
    Other(String),
}

impl std::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GaveUp::Timeout { after_ms } => write!(f, "timeout after {after_ms} ms"),
            GaveUp::Other(why) => f.write_str(why),
        }
    }
}

impl From<String> for GaveUp {
    fn from(why: String) -> GaveUp {
        GaveUp::Other(why)
    }
}

/// Answers [`Session::proves`] remembers before it forgets them all
/// (bounds memory).
const PROVED_CACHE: usize = 20_000;

impl Session {
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
            return Answer::Unknown(GaveUp::Other(
                "the goal mentions an undeclared variable".into(),
            ));
        };
        self.in_scope(&script, timeout_ms, |solver, checked| match checked {
            Err(rejected) => Answer::Unknown(rejected.into()),
            Ok(Timed {
                result: z3::SatResult::Unsat,
                ..
            }) => Answer::Unsat,
            Ok(Timed {
                result: z3::SatResult::Sat,
                ..
            }) => Answer::Sat(small_values(solver, ctx.logic, &params, &names, timeout_ms)),
            Ok(Timed { timed_out, .. }) => Answer::Unknown(if timed_out {
                GaveUp::Timeout {
                    after_ms: timeout_ms,
                }
            } else {
                GaveUp::Other("Z3 answered unknown".into())
            }),
        })
    }

    /// Does `goal` hold for one thread (any thread) of the kernel under the
    /// global facts wherever `ranges` hold (the script of
    /// [`Session::thread_counterexample`] with one thread is `unsat`)?  The answer is remembered by the
    /// query's text, for the whole session: the index splits
    /// ([`super::prover::prover`]) are searched again for each query of a
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
        if let Some(&known) = self.proved.borrow().get(&script.text) {
            return known;
        }
        let holds = self.in_scope(&script, timeout_ms, |_, checked| is_unsat(&checked));
        let mut proved = self.proved.borrow_mut();
        if proved.len() >= PROVED_CACHE {
            proved.clear();
        }
        proved.insert(script.text, holds);
        holds
    }

    /// Asserts `script` in a new scope of the solver and checks it within
    /// `timeout_ms`; `read` gets the solver (for its model) and the result
    /// — Z3's answer and whether the deadline passed, or why Z3 rejected
    /// the script — before the scope is popped.
    fn in_scope<R>(
        &self,
        script: &Script,
        timeout_ms: u64,
        read: impl FnOnce(&z3::Solver, Result<Timed<z3::SatResult>, String>) -> R,
    ) -> R {
        let (script, wraps_around) = (script.text.as_str(), script.wraps_around);
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
        if wraps_around {
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
        let fresh = if q.wraps_around {
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
            Err(rejected) => Answer::Unknown(rejected.into()),
            Ok(()) => {
                let (answer, checks) = solve_alternatives(&solver, q, timeout_ms, deadline, stop);
                // Each check is a scope, like a query (see QUERIES_PER_SOLVER).
                let extra = u32::try_from(checks.saturating_sub(1)).unwrap_or(u32::MAX);
                self.count_scopes(extra);
                answer
            }
        };
        solver.pop(1);
        answer
    }
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
                return Answer::Unknown(GaveUp::Timeout {
                    after_ms: timeout_ms,
                });
            }
            let last = left <= budget;
            let limit = if last { left } else { budget };
            let solver = self.solver();
            solver.push();
            let answer = if whole {
                let script = format!("{}(assert {})\n", q.text, or_all(&q.alternatives));
                match assert_script(&solver, &script) {
                    Err(rejected) => Answer::Unknown(rejected.into()),
                    Ok(()) => check_asserted(&solver, q, timeout_ms, limit),
                }
            } else {
                match assert_script(&solver, &q.text) {
                    Err(rejected) => Answer::Unknown(rejected.into()),
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
                    let why = GaveUp::Timeout {
                        after_ms: timeout_ms,
                    };
                    (Answer::Unknown(why), "none")
                })
        })
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
    let undecided = || {
        Answer::Unknown(GaveUp::Timeout {
            after_ms: timeout_ms,
        })
    };
    if decided.wait_until(run.1.min(deadline)) || Instant::now() >= deadline {
        return undecided();
    }
    let fresh = run.0.solver();
    if let Err(rejected) = assert_script(&fresh, script) {
        return Answer::Unknown(rejected.into());
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
/// ([`Query::wraps_around`]), each with how long after the start it
/// begins.  Z3's incremental core (the solver after a `push`) does none of
/// the preprocessing a fresh solver does, and on such queries that is
/// often the whole difference: a 2-thread query on `(t - 1u) % 48` was
/// `unknown` after 20 s there and `sat` in 58 ms on a fresh solver.  So
/// they try a fresh solver (about 13 ms of set-up) early, and an
/// obligation with wrap-around tries fresh ones first
/// ([`Session::in_scope`]); on the real kernels that need the incremental
/// core's non-linear reasoning, the fresh one gives up and the
/// incremental one answers as before.
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
    let mut unknown: Option<GaveUp> = None;
    while next < n {
        let end = (next + size).min(n);
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || stop.is_set() {
            unknown.get_or_insert(GaveUp::Timeout {
                after_ms: timeout_ms,
            });
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
        Err(rejected) => Answer::Unknown(rejected.into()),
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
        z3::SatResult::Unknown if timed_out => Answer::Unknown(GaveUp::Timeout {
            after_ms: timeout_ms,
        }),
        z3::SatResult::Unknown => Answer::Unknown(GaveUp::Other(
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into()),
        )),
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

/// Did the time of the query run out?
fn is_timeout(a: &Answer) -> bool {
    matches!(a, Answer::Unknown(GaveUp::Timeout { .. }))
}

#[cfg(test)]
mod tests;
