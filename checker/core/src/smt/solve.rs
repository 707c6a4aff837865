//! Solving queries with Z3 (see [`crate::smt`]): what to ask and how — a
//! query's alternatives in adaptive batches on the session's reused
//! solver, fresh solvers taking turns with it, validity goals and thread
//! counterexamples in a scope of their own.  Every check is bounded by
//! resource units (Z3's deterministic `rlimit`), never by the clock, and
//! every choice of the schedule depends only on answers and units used:
//! the answer to a query is a function of the query and the session's
//! history (`ARCHITECTURE.md`, "Deterministic solver budgets").  The Z3
//! plumbing (the [`Session`] itself, contexts, error codes, budgets) is
//! `z3session`.

use super::counterexample::{counterexample_script, threads_counterexample_script};
use super::encode::{Query, QueryContext};
use super::model::{small_model, small_values, Model};
use super::script::{or_all, Script};
use super::z3session::{
    assert_script, check_within, safety_net, trace_enabled, units_of_ms, Checked, Ended, Fresh,
    Session, UNITS_PER_MS,
};
use semantics::expr::{BExp, NExp, Var};
use std::time::Instant;

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
    /// Its budget of solver work ran out (`--timeout`, in milliseconds,
    /// counted in resource units: the same on every run).
    Timeout { after_ms: u64 },
    /// The wall-clock safety net passed before the budget ran out (a
    /// machine several times slower than the calibration).
    WallClock { after_ms: u64 },
    /// The file's budget of solver work was used up (`--file-budget`).
    FileBudget,
    /// The query's text is longer than [`MAX_QUERY_BYTES`]: not asked.
    TooLarge { bytes: usize },
    /// Z3 rejected the script or answered `unknown`: its reason.
    Other(String),
}

impl std::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GaveUp::Timeout { after_ms } => {
                write!(f, "timeout: its budget of {after_ms} ms of solver work ran out")
            }
            GaveUp::WallClock { after_ms } => write!(
                f,
                "timeout: the wall-clock safety limit of a {after_ms} ms query passed (machine overloaded)"
            ),
            GaveUp::FileBudget => f.write_str("time budget: the file's --file-budget was used up"),
            GaveUp::TooLarge { bytes } => write!(
                f,
                "not asked: the query is {:.1} MB of SMT-LIB, more than the limit of {} MB \
                 (the kernel's code, with its device functions inlined, is too long to check)",
                *bytes as f64 / 1e6,
                MAX_QUERY_BYTES / 1_000_000
            ),
            GaveUp::Other(why) => f.write_str(why),
        }
    }
}

/// The longest text asked of Z3 (bytes) as a query's common part (its
/// declarations and facts, [`Query::text`]) or as an obligation.  Z3
/// neither counts the parsing of a script in its resource units nor stops
/// it when interrupted, and counts its units very slowly on huge formulas:
/// a query of HeCBench's logic-rewrite with 4.4 MB of facts (a kernel that
/// inlines the same large device function many times, each call with its
/// unknowns) ran 97 s against a 10 s budget and its 50 s wall-clock safety
/// net; without this limit its file took 205 s, with it 17 s, and the
/// arrays it leaves `unknown` were undecided within the file's budget
/// anyway.  A query's alternatives are not counted: many small ones (a
/// kernel of 5,000 accesses in a row) are asked in batches, each check
/// small.  The largest common part of the GPUVerify corpora is 13 KB
/// (`docs/performance.md`, "Budgets").
pub const MAX_QUERY_BYTES: usize = 2_000_000;

impl From<String> for GaveUp {
    fn from(why: String) -> GaveUp {
        GaveUp::Other(why)
    }
}

/// Why a check of a query's budget of `ms` milliseconds ended without an
/// answer (`solver`'s reason when Z3 gave up on its own).
fn gave_up(ended: Ended, ms: u64, solver: &z3::Solver) -> GaveUp {
    match ended {
        Ended::Units => GaveUp::Timeout { after_ms: ms },
        Ended::WallClock => GaveUp::WallClock { after_ms: ms },
        Ended::Z3 => GaveUp::Other(
            solver
                .get_reason_unknown()
                .unwrap_or_else(|| "unknown".into()),
        ),
    }
}

/// The resource units of one query: those left, and its wall-clock
/// safety net.
pub(super) struct Allowance {
    pub(super) ms: u64,
    pub(super) left: u64,
    pub(super) safety: Instant,
}

impl Allowance {
    /// The allowance of `ms` of `--timeout`; its safety net is never
    /// later than `file_deadline` (the file's wall-clock limit).
    pub(super) fn new(ms: u64, file_deadline: Option<Instant>) -> Allowance {
        let safety = safety_net(ms);
        Allowance {
            ms,
            left: units_of_ms(ms),
            safety: file_deadline.map_or(safety, |d| d.min(safety)),
        }
    }

    /// At most `want` of the units left.
    fn take(&self, want: u64) -> u64 {
        want.min(self.left)
    }

    fn spend(&mut self, used: u64) {
        self.left = self.left.saturating_sub(used);
    }

    /// The safety net of one stage given `units` of the allowance: that
    /// share of the units' milliseconds, times the safety factor, from
    /// now — never later than the whole allowance's.  A stage on which Z3
    /// counts its units slowly then leaves the next stages their time.
    fn stage_safety(&self, units: u64) -> Instant {
        safety_net(units / UNITS_PER_MS).min(self.safety)
    }

    /// Has the whole allowance's safety net passed?
    fn safety_passed(&self) -> bool {
        Instant::now() >= self.safety
    }
}

/// The fresh solvers an obligation with wrap-around tries before the
/// reused one ([`Session::in_scope`]), each with its share of the units
/// left (1/4, then 1/3 of the rest, then 1/2): the core after
/// `purify-arith`, Z3's core alone, the default solver.  The purified one
/// comes first since a satisfiable precondition `(unsigned char)(n - 1)
/// == 0` (`kernels/cuda/integers/requires-narrowed-difference-racy.cu`):
/// the other two counted their units slowly on it and ran out of
/// wall-clock time (50 s of a 10 s budget); the purified one answers in
/// 2 ms.
const OBLIGATION_FRESH: [(Fresh, u64); 3] =
    [(Fresh::Purified, 4), (Fresh::Core, 3), (Fresh::Plain, 2)];

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
            Err(why) => Answer::Unknown(why),
            Ok(c) => match c.result {
                z3::SatResult::Unsat => Answer::Unsat,
                z3::SatResult::Sat => {
                    let units = units_of_ms(timeout_ms);
                    let (model, used) = small_values(solver, ctx.logic, (&params, &names), units);
                    self.charge(used);
                    Answer::Sat(model)
                }
                z3::SatResult::Unknown => Answer::Unknown(gave_up(c.ended, timeout_ms, solver)),
            },
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
    /// the units of `timeout_ms`; `read` gets the solver (for its model)
    /// and the result — the check, or why there is none — before the scope
    /// is popped.  A script with wrap-around is first given to fresh
    /// solvers of this session's context (Z3's core alone with a quarter
    /// of the units, then the default solver with half of the rest); the
    /// reused one gets what they leave.
    fn in_scope<R>(
        &self,
        script: &Script,
        timeout_ms: u64,
        read: impl FnOnce(&z3::Solver, Result<Checked, GaveUp>) -> R,
    ) -> R {
        let text = script.text.as_str();
        let mut allow = Allowance::new(timeout_ms, self.file_deadline());
        let started = Instant::now();
        let trace = |by: &str, checked: &Result<Checked, GaveUp>| {
            if trace_enabled() {
                trace_obligation(text, timeout_ms, by, checked, started);
            }
        };
        if self.out_of_budget() {
            return read(&self.solver(), Err(GaveUp::FileBudget));
        }
        if text.len() > MAX_QUERY_BYTES {
            let too_large = GaveUp::TooLarge { bytes: text.len() };
            return read(&self.solver(), Err(too_large));
        }
        if script.wraps_around {
            for (kind, share) in OBLIGATION_FRESH {
                let fresh = kind.solver();
                let units = allow.take(allow.left / share);
                let safety = allow.stage_safety(units);
                let checked = assert_script(&fresh, text)
                    .map(|()| self.check(&fresh, units, safety))
                    .map_err(GaveUp::from);
                trace(kind.name(), &checked);
                if let Ok(c) = &checked {
                    allow.spend(c.used);
                }
                // Out of its units or of its own share of time, the next
                // stage goes on; past the whole safety net, none does.
                let undecided = matches!(&checked, Ok(c) if c.result == z3::SatResult::Unknown
                    && (c.ended != Ended::WallClock || !allow.safety_passed()));
                if !undecided {
                    return read(&fresh, checked);
                }
            }
        }
        let solver = self.solver();
        solver.push();
        let checked = assert_script(&solver, text)
            .map(|()| self.check(&solver, allow.left.max(1), allow.safety))
            .map_err(GaveUp::from);
        trace("the reused solver", &checked);
        let out = read(&solver, checked);
        solver.pop(1);
        out
    }

    /// [`check_within`], the units used charged to this session.
    pub(super) fn check(&self, solver: &z3::Solver, units: u64, safety: Instant) -> Checked {
        let c = check_within(solver, units, safety);
        self.charge(c.used);
        c
    }
}

/// The trace line of an obligation (`MAPCHECK_TRACE`).
fn trace_obligation(
    script: &str,
    timeout_ms: u64,
    by: &str,
    checked: &Result<Checked, GaveUp>,
    started: Instant,
) {
    let result = match checked {
        Ok(c) => format!("{:?} ({:?}, {} units)", c.result, c.ended, c.used),
        Err(e) => format!("not asked ({e})"),
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

/// One of the ways a query is tried (see [`Session::solve`]).
#[derive(Clone, Copy)]
enum Way {
    /// The session's reused solver, its state in [`Reused`].
    Reused,
    /// A fresh solver of this kind in a new Z3 context.
    Fresh(Fresh),
}

impl Way {
    fn name(self) -> &'static str {
        match self {
            Way::Reused => "the reused solver",
            Way::Fresh(kind) => kind.name(),
        }
    }
}

/// Where the reused solver is in a query, from one turn to the next.
struct Reused {
    /// The first alternative not yet proved `unsat` (batches).
    next: usize,
    /// The size of the next batch.
    size: usize,
    /// A query in one batch is asserted in one piece (`true`) or as text
    /// then alternatives (`false`): they take turns.
    whole: bool,
    /// An alternative Z3 gave up on for a reason of its own (skipped).
    skipped: Option<GaveUp>,
}

impl Session {
    /// Solves a query with Z3 within the resource units of `timeout_ms`
    /// (`--timeout`, see [`units_of_ms`]).
    ///
    /// The query is the disjunction of its alternatives, so it is `sat` as
    /// soon as one batch of them is (the first race found wins), `unsat`
    /// when every batch is, and otherwise `unknown`.
    ///
    /// Several ways take turns, on this thread ([`Session::schedule`]):
    /// the reused solver (its alternatives in batches, see
    /// [`solve_alternatives`]), and fresh solvers in new Z3 contexts.  Z3's
    /// incremental core does none of the preprocessing a fresh solver
    /// does, and that is often the whole difference (FDTD3d of the
    /// GPUVerify corpus: `unsat` in 1 s on a fresh solver, undecided after
    /// 60 s on the reused one); other queries go the other way round
    /// (`histogram64Kernel`; `kernels/cuda/divergence/shared-count-loop-drf.cu`
    /// 4 s reused, undecided fresh).  Taking turns in units, rather than
    /// racing threads on the clock, makes the answer, its model and the
    /// units charged the same on every run.
    pub fn solve(&self, q: &Query, timeout_ms: u64) -> Answer {
        let (started, before) = (Instant::now(), self.spent.get());
        let (answer, by) = if self.out_of_budget() {
            (Answer::Unknown(GaveUp::FileBudget), "none")
        } else if q.text.len() > MAX_QUERY_BYTES {
            let bytes = q.text.len();
            (Answer::Unknown(GaveUp::TooLarge { bytes }), "none")
        } else {
            self.schedule(q, timeout_ms)
        };
        // A check the file's wall-clock limit stopped: the file's budget
        // ran out, not the query's.
        let answer = match answer {
            Answer::Unknown(GaveUp::WallClock { .. }) if self.out_of_budget() => {
                Answer::Unknown(GaveUp::FileBudget)
            }
            other => other,
        };
        if trace_enabled() {
            let verdict = match &answer {
                Answer::Unsat => "unsat".to_string(),
                Answer::Sat(_) => "sat".to_string(),
                Answer::Unknown(why) => format!("unknown ({why})"),
            };
            eprintln!(
                "mapcheck-trace: query of {} alternatives, {} bytes: {verdict} by {by} in {:?}, {} units",
                q.alternatives.len(),
                q.text.len(),
                started.elapsed(),
                self.spent.get().saturating_sub(before)
            );
        }
        answer
    }

    /// The turns of [`Session::solve`]: the reused solver alone first,
    /// with [`ESCALATE_MS`] (a query with wrap-around: [`PLAIN_DELAY_MS`]),
    /// where most queries are decided; then, in rounds, each fresh solver
    /// of the query's kind ([`FRESH`], [`WRAP_FRESH`]) and the reused one,
    /// each turn with [`FIRST_TRY_MS`] doubling every round, until the
    /// units run out: a query that one way decides with `u` units costs at
    /// most about `2u` times the number of ways.  A way that Z3 gives up on
    /// for a reason of its own leaves the rotation.
    fn schedule(&self, q: &Query, timeout_ms: u64) -> (Answer, &'static str) {
        let mut allow = Allowance::new(timeout_ms, self.file_deadline());
        let script = format!("{}(assert {})\n", q.text, or_all(&q.alternatives));
        let (fresh, first_ms) = if q.wraps_around {
            (&WRAP_FRESH[..], PLAIN_DELAY_MS)
        } else {
            (&FRESH[..], ESCALATE_MS)
        };
        let mut ways: Vec<Way> = vec![Way::Reused];
        let mut state = Reused {
            next: 0,
            size: q.batch.max(1),
            whole: true,
            skipped: None,
        };
        let mut last = GaveUp::Timeout {
            after_ms: timeout_ms,
        };
        let mut slice = units_of_ms(first_ms);
        let mut joined = false;
        while allow.left > 0 && !ways.is_empty() {
            let mut retired = Vec::new();
            for (i, &way) in ways.iter().enumerate() {
                let units = allow.take(slice);
                if units == 0 {
                    break;
                }
                let turn_started = Instant::now();
                let (answer, used) = match way {
                    Way::Reused => self.reused_turn(q, &mut state, units, &allow),
                    Way::Fresh(kind) => {
                        let turn = fresh_turn(kind, q, &script, units, &allow);
                        self.charge(turn.1);
                        turn
                    }
                };
                if trace_enabled() {
                    // Z3's rate of units per millisecond, by way: the
                    // calibration of `UNITS_PER_MS` on real queries.
                    eprintln!(
                        "mapcheck-trace: turn of {}: {used} units in {:?}",
                        way.name(),
                        turn_started.elapsed()
                    );
                }
                allow.spend(used);
                match answer {
                    Answer::Unknown(GaveUp::Timeout { .. }) => {}
                    Answer::Unknown(why @ (GaveUp::WallClock { .. } | GaveUp::FileBudget)) => {
                        return (Answer::Unknown(why), "none")
                    }
                    Answer::Unknown(why) => {
                        retired.push(i);
                        last = why;
                    }
                    decided => return (decided, way.name()),
                }
            }
            for i in retired.into_iter().rev() {
                ways.remove(i);
            }
            if !joined {
                // After the first turn of the reused solver alone, the
                // fresh ones join (once: a fresh way that leaves the
                // rotation does not come back).
                joined = true;
                ways.splice(0..0, fresh.iter().map(|&k| Way::Fresh(k)));
                slice = units_of_ms(FIRST_TRY_MS);
            } else {
                slice = slice.saturating_mul(2);
            }
            if self.out_of_budget() {
                return (Answer::Unknown(GaveUp::FileBudget), "none");
            }
        }
        (Answer::Unknown(last), "none")
    }

    /// One turn of the reused solver with `units`: the query in one batch
    /// (asserted whole or in two parts, taking turns: Z3's time on a
    /// non-linear query depends a lot on the order in which it meets
    /// terms — the same query of the GPUVerify corpus takes 0.1 s asserted
    /// in one piece and 8 s in two, another one the other way round), or
    /// its batches from where the last turn stopped.  Returns the answer
    /// and the units used.
    fn reused_turn(
        &self,
        q: &Query,
        state: &mut Reused,
        units: u64,
        allow: &Allowance,
    ) -> (Answer, u64) {
        let before = self.spent.get();
        let solver = self.solver();
        solver.push();
        let answer = if q.alternatives.len() <= q.batch.max(1) {
            let script = if state.whole {
                format!("{}(assert {})\n", q.text, or_all(&q.alternatives))
            } else {
                q.text.clone()
            };
            let whole = state.whole;
            state.whole = !state.whole;
            match assert_script(&solver, &script) {
                Err(rejected) => Answer::Unknown(rejected.into()),
                Ok(()) if whole => self.check_asserted(&solver, q, units, allow),
                Ok(()) => {
                    let script =
                        format!("{}(assert {})\n", q.declarations, or_all(&q.alternatives));
                    self.check_now(&solver, q, &script, units, allow)
                }
            }
        } else {
            match assert_script(&solver, &q.text) {
                Err(rejected) => Answer::Unknown(rejected.into()),
                Ok(()) => self.solve_alternatives(&solver, q, state, units, allow),
            }
        };
        solver.pop(1);
        (answer, self.spent.get().saturating_sub(before))
    }
}

/// One turn of a fresh solver of kind `kind`, in a new Z3 context of its
/// own, on the whole `script` of `q` with `units`.  A solver in the
/// session's context is not fresh enough: Z3's luck depends on the terms
/// the context already holds (`fwtBatch2Kernel`, `unsat` in 70 ms on a new
/// context, was `unknown` after 10 s in one run out of three on a context
/// that had served other queries).  Returns the answer and the units used.
fn fresh_turn(
    kind: Fresh,
    q: &Query,
    script: &str,
    units: u64,
    allow: &Allowance,
) -> (Answer, u64) {
    let (ms, safety) = (allow.ms, allow.safety);
    z3::with_z3_config(&z3::Config::new(), move || {
        let fresh = kind.solver();
        if let Err(rejected) = assert_script(&fresh, script) {
            return (Answer::Unknown(rejected.into()), 0);
        }
        let c = check_within(&fresh, units, safety);
        match c.result {
            z3::SatResult::Unsat => (Answer::Unsat, c.used),
            z3::SatResult::Sat => {
                let (model, more) = small_model(q, &fresh, units);
                (Answer::Sat(model), c.used.saturating_add(more))
            }
            z3::SatResult::Unknown => (Answer::Unknown(gave_up(c.ended, ms, &fresh)), c.used),
        }
    })
}

/// The fresh solvers for a query with C's wrap-around
/// ([`Query::wraps_around`]), in their order of turns.  Z3's incremental
/// core (the solver after a `push`) does none of the preprocessing a fresh
/// solver does, and on such queries that is often the whole difference: a
/// 2-thread query on `(t - 1u) % 48` was `unknown` after 20 s there and
/// `sat` in 58 ms on a fresh solver.  So they join early (after
/// [`PLAIN_DELAY_MS`]), and an obligation with wrap-around tries fresh
/// ones first ([`Session::in_scope`]); on the real kernels that need the
/// incremental core's non-linear reasoning, the fresh ones give up and
/// the incremental one answers as before.
const WRAP_FRESH: [Fresh; 2] = [Fresh::Plain, Fresh::Purified];

/// How long a wrap-around query is left to the reused solver alone before
/// the fresh ones join: most are decided within it, and a fresh context
/// costs its set-up and the script's parsing (half the time of
/// `_bisect_kernel_large_multi` of the GPUVerify corpus went there).
const PLAIN_DELAY_MS: u64 = 25;

/// The fresh solver for the other queries: only the purified one, and only
/// for a query the reused solver has not decided within [`ESCALATE_MS`].
/// A fresh plain solver decided none of the slow queries the reused one
/// did not (the tiled convolution of `kernels/cuda/conv2d-tiled-drf.cu`
/// across blocks: 0.2 s and 2 s purified, undecided after 12 s by a fresh
/// plain solver, 1 to 6 s reused).
const FRESH: [Fresh; 1] = [Fresh::Purified];

/// How long a query without wrap-around is left to the reused solver alone.
pub const ESCALATE_MS: u64 = 500;

/// The first turn of each way once the fresh solvers have joined (it
/// doubles every round, see [`Session::schedule`]).
pub const FIRST_TRY_MS: u64 = 250;

/// A check of a batch of several alternatives that uses more than the
/// units of this is stopped and its batch split in two (a single
/// alternative gets all the units of the turn).
pub const PROBE_MS: u64 = 400;

/// Batches checked with fewer units than those of this double; with more
/// than those of [`SLOW_MS`], halve (tuned, in milliseconds, on `mapcheck
/// bench synthetic` at size 1000: larger thresholds slow the `access`
/// category down, where a check costs the square of its batch).
const FAST_MS: u64 = 3;
const SLOW_MS: u64 = 12;

/// The largest batch.
const MAX_BATCH: usize = 1024;

impl Session {
    /// Checks the alternatives of `q` (whose text `solver` holds) in
    /// batches from `state.next`, with `units` in all: the first batch
    /// has [`Query::batch`] alternatives, then the size adapts to the
    /// units a check uses (cheap checks amortize their overhead over more
    /// alternatives; expensive ones, where Z3 slows down with the number
    /// of alternatives, get fewer).  `unknown` when the units ran out
    /// (the next turn goes on from there) or when Z3 gave up on some
    /// alternative for a reason of its own (the others are still checked:
    /// a race there is still found).
    fn solve_alternatives(
        &self,
        solver: &z3::Solver,
        q: &Query,
        state: &mut Reused,
        units: u64,
        allow: &Allowance,
    ) -> Answer {
        let n = q.alternatives.len();
        let mut left = units;
        let (probe_units, fast, slow) = (
            units_of_ms(PROBE_MS),
            units_of_ms(FAST_MS),
            units_of_ms(SLOW_MS),
        );
        while state.next < n {
            let (next, end) = (state.next, (state.next + state.size).min(n));
            if left == 0 {
                return Answer::Unknown(GaveUp::Timeout { after_ms: allow.ms });
            }
            let probe = end - next > 1 && left > probe_units;
            let give = if probe { probe_units } else { left };
            let script = format!(
                "{}(assert {})\n",
                q.declarations,
                or_all(&q.alternatives[next..end])
            );
            let before = self.spent.get();
            let answer = self.check_now(solver, q, &script, give, allow);
            let used = self.spent.get().saturating_sub(before);
            left = left.saturating_sub(used);
            self.count_scopes(1);
            match answer {
                Answer::Sat(model) => return Answer::Sat(model),
                Answer::Unsat => {
                    state.next = end;
                    if used < fast {
                        state.size = (state.size * 2).min(MAX_BATCH);
                    } else if used > slow {
                        state.size = (state.size / 2).max(1);
                    }
                }
                // The probe ran out: the same alternatives, fewer at a time.
                Answer::Unknown(GaveUp::Timeout { .. }) if probe => {
                    state.size = ((end - next) / 2).max(1);
                }
                timeout @ Answer::Unknown(GaveUp::Timeout { .. } | GaveUp::WallClock { .. }) => {
                    return timeout
                }
                Answer::Unknown(why) => {
                    state.skipped.get_or_insert(why);
                    state.next = end;
                }
            }
        }
        match &state.skipped {
            Some(why) => Answer::Unknown(why.clone()),
            None => Answer::Unsat,
        }
    }

    /// Asserts `script` (a batch of alternatives with the query's
    /// declarations) in a new scope of `solver`, where the rest of the
    /// query holds, and checks it with `units`.
    fn check_now(
        &self,
        solver: &z3::Solver,
        q: &Query,
        script: &str,
        units: u64,
        allow: &Allowance,
    ) -> Answer {
        solver.push();
        let answer = match assert_script(solver, script) {
            Err(rejected) => Answer::Unknown(rejected.into()),
            Ok(()) => self.check_asserted(solver, q, units, allow),
        };
        solver.pop(1);
        answer
    }

    /// Checks what `solver` holds with `units`; a model is read for `q`.
    fn check_asserted(
        &self,
        solver: &z3::Solver,
        q: &Query,
        units: u64,
        allow: &Allowance,
    ) -> Answer {
        let c = self.check(solver, units, allow.safety);
        match c.result {
            z3::SatResult::Unsat => Answer::Unsat,
            z3::SatResult::Unknown => Answer::Unknown(gave_up(c.ended, allow.ms, solver)),
            z3::SatResult::Sat => {
                let (model, used) = small_model(q, solver, units_of_ms(allow.ms));
                self.charge(used);
                Answer::Sat(model)
            }
        }
    }
}

/// Did Z3 answer `unsat` (a checked script proved its goal)?
fn is_unsat(checked: &Result<Checked, GaveUp>) -> bool {
    matches!(checked, Ok(c) if c.result == z3::SatResult::Unsat)
}

#[cfg(test)]
mod tests;
