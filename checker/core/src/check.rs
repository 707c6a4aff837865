//! The checking pipeline for one kernel (`ARCHITECTURE.md`, "The pipeline"):
//! well-formedness ([`crate::wellformed`]) → phases ([`crate::phases`]) →
//! one SMT query per closure ([`crate::smt`]) → verdict and witness
//! ([`crate::witness`]).
//!
//! Soundness (`docs/fail-closed.md`): a verdict is DRF only when every query of every
//! case is `unsat` and the front end understood everything
//! (`kernel.unsupported` is empty); a solver `unknown` or timeout gives
//! [`Verdict::Unknown`] unless a race is found elsewhere.

use crate::kernel::Written;
use crate::kernel::{Kernel, UnsupportedKind};
use crate::numbered::AccessId;
use crate::numbered::C;
use crate::params::{fixed_env, parameters};
use crate::phases::closures;
use crate::smt::{
    encode, encode_all, Answer, Benign, Model, PairFilter, Query, QueryContext, Session,
};
use crate::verdict::{
    worst, ArrayReport, Assumption, BenignPair, CheckOptions, KernelReport, Verdict, MAX_BENIGN,
};
use crate::warp::WarpMode;
use crate::wellformed::{lower_cases, wellformed, Case, Resolution, Wellformed, WfError};
use mapcheck_ir::threads::Builtin;
use semantics::expr::Var;
use semantics::surface::Span;
use semantics::{Mode, NExp};
use std::time::Instant;

/// What [`observe_kernel`] shows of each stage of the check (`mapcheck
/// check --show STAGE`).  The stages are the ones [`check_kernel`] runs, in
/// its order; every method does nothing by default.
pub trait Observer {
    /// The kernel as the front end produced it (its protocol).  Returns
    /// whether to go on to the arrays.
    fn kernel(&mut self, _kernel: &Kernel) -> bool {
        true
    }
    /// Well-formedness of one array (after discharging the assumptions
    /// that always hold): its cases, or why it has none.
    fn wellformed(&mut self, _array: &str, _result: Result<&Wellformed, &WfError>) {}
    /// Case `n` of the array: its closures (phases) and the SMT query over
    /// them (`None`: no two accesses of a closure conflict).
    fn case(&mut self, _n: usize, _case: &Case, _closures: &[C], _query: Option<&Query>) {}
}

/// The observer of a check that shows nothing.
struct Quiet;
impl Observer for Quiet {}

/// Checks every array of `kernel` (or only `opts.array`).
pub fn check_kernel(kernel: &Kernel, opts: &CheckOptions) -> KernelReport {
    Session::scoped(opts.meter.as_ref(), |session| {
        check_kernel_with(session, kernel, opts)
    })
}

/// Runs the stages of [`check_kernel`] for `observer`, without solving the
/// queries that decide verdicts: a dry run that shows the pipeline.
pub fn observe_kernel(kernel: &Kernel, opts: &CheckOptions, observer: &mut dyn Observer) {
    if !observer.kernel(kernel) {
        return;
    }
    // Nothing is solved: the session only answers the obligations of the
    // index rewritings, on this thread.
    let session = Session::new();
    for a in selected_arrays(kernel, opts) {
        run_array(&session, kernel, &a, opts, observer, false, None);
    }
}

/// `f` over the items, in parallel on rayon's pool when there are several
/// (a single item stays on this thread), in order.
pub fn par_map<T: Send, R: Send>(items: Vec<T>, f: impl Fn(T) -> R + Sync + Send) -> Vec<R> {
    use rayon::prelude::*;
    if items.len() <= 1 {
        items.into_iter().map(f).collect()
    } else {
        items.into_par_iter().map(f).collect()
    }
}

/// The arrays of the kernel that `opts` asks for.
fn selected_arrays(kernel: &Kernel, opts: &CheckOptions) -> Vec<String> {
    kernel
        .program
        .arrays()
        .into_iter()
        .filter(|a| opts.array.as_ref().is_none_or(|only| only == a))
        .collect()
}

/// The arrays are checked one after the other in the kernel's session
/// (its own Z3 context, [`check_kernel`]), in their order, so that each
/// answer depends only on the kernel, never on which thread ran what
/// before.  Not in parallel: a context and a solver cost more to set up
/// (tens of milliseconds) than most arrays take to check, and the kernels
/// of a file — each checked within and across blocks — are parallel
/// already.
///
/// A kernel with barriers below the block is checked as one kernel per
/// scope of its barriers ([`crate::scoped`]).
fn check_kernel_with(session: &Session, kernel: &Kernel, opts: &CheckOptions) -> KernelReport {
    let Some(plan) = crate::scoped::plan(kernel, opts, session) else {
        return check_scope(session, kernel, opts);
    };
    let reports = plan
        .kernels
        .iter()
        .map(|k| check_scope(session, k, opts))
        .collect();
    let mut report = crate::scoped::merge(reports);
    report.notes = plan.notes;
    report
}

/// [`check_kernel_with`] for the pairs of threads of one scope.
fn check_scope(session: &Session, kernel: &Kernel, opts: &CheckOptions) -> KernelReport {
    let contradiction =
        not_compiled(kernel).or_else(|| contradictory_assumptions(session, kernel, opts));
    // The synchronized conditions are the same for every array: decided
    // once (their divergence queries are the costly part).
    let resolution = contradiction
        .is_none()
        .then(|| crate::wellformed::resolve(kernel, opts, session));
    let arrays: Vec<ArrayReport> = selected_arrays(kernel, opts)
        .into_iter()
        .map(|a| match &contradiction {
            Some(verdict) => ArrayReport {
                array: a,
                verdict: verdict.clone(),
                closures: 0,
                queries: 1,
                seconds: 0.0,
                benign: Vec::new(),
            },
            None => check_array_with(session, kernel, &a, opts, resolution.as_ref()),
        })
        .collect();
    let mut arrays = if arrays.is_empty() {
        unsupported_without_arrays(kernel)
            .or_else(|| match &contradiction {
                Some(_) => None,
                None => ill_formed_without_arrays(session, kernel, opts, resolution.as_ref()),
            })
            .into_iter()
            .collect()
    } else {
        arrays
    };
    if contradiction.is_none() {
        recheck_with_uniform_reads(session, kernel, opts, &mut arrays);
    }
    KernelReport {
        kernel: kernel.display_name(),
        file: kernel.file.clone(),
        arrays,
        notes: Vec::new(),
    }
}

/// The second round of benign pairs whose value is read from memory
/// ([`Written::Read`]): a racy array that stores values read from arrays
/// this first round proved race-free is checked again, with those reads
/// taken as uniform.  The first round took no read as uniform, so the
/// arrays it proved race-free are race-free whatever the values: no
/// circularity.
fn recheck_with_uniform_reads(
    session: &Session,
    kernel: &Kernel,
    opts: &CheckOptions,
    arrays: &mut [ArrayReport],
) {
    let read = kernel.written.read_arrays();
    if read.is_empty() || opts.strict {
        // Under `--strict` benign pairs are races: nothing to gain.
        return;
    }
    let mut trusting = kernel.clone();
    let mut any = false;
    for a in arrays.iter() {
        if a.verdict.is_drf() && read.contains(a.array.as_str()) {
            trusting.written.trust(&a.array);
            any = true;
        }
    }
    if !any {
        return;
    }
    let racy: Vec<usize> = (0..arrays.len())
        .filter(|&i| arrays[i].verdict.is_racy())
        .collect();
    let again: Vec<ArrayReport> = racy
        .iter()
        .map(|&i| check_array(session, &trusting, &arrays[i].array.clone(), opts))
        .collect();
    for (i, mut r) in racy.into_iter().zip(again) {
        r.queries += arrays[i].queries;
        r.seconds += arrays[i].seconds;
        arrays[i] = r;
    }
}

/// The verdict of every array of a kernel whose code does not compile:
/// `unknown` at the first error, without a check (what the code means is
/// not known).
fn not_compiled(kernel: &Kernel) -> Option<Verdict> {
    let u = kernel
        .unsupported
        .iter()
        .find(|u| u.kind == UnsupportedKind::DoesNotCompile)?;
    Some(Verdict::Unknown {
        reason: format!("{}: what the kernel does there is not known", u.what),
        span: Some(u.span),
    })
}

/// A kernel whose accesses could not be attributed to any array (they went
/// through unsupported constructs) has nothing to check, which is not DRF:
/// its verdict is unknown.
fn unsupported_without_arrays(kernel: &Kernel) -> Option<ArrayReport> {
    let u = kernel.unsupported.first()?;
    Some(ArrayReport {
        array: String::new(),
        verdict: Verdict::Unknown {
            reason: format!(
                "no array access could be modelled; unsupported construct: {}",
                u.what
            ),
            span: Some(u.span),
        },
        closures: 0,
        queries: 0,
        seconds: 0.0,
        benign: Vec::new(),
    })
}

/// A kernel without array accesses has no race, but its barriers may still
/// diverge (`switch (threadIdx.x) { case 5: break; default:
/// __syncthreads(); }`): barrier divergence is decided on the protocol,
/// whatever the array, so it is reported for the kernel's protocol with no
/// array (`None` when it is well formed).
fn ill_formed_without_arrays(
    session: &Session,
    kernel: &Kernel,
    opts: &CheckOptions,
    resolution: Option<&Resolution>,
) -> Option<ArrayReport> {
    if opts.array.is_some() {
        // Only a named array was asked for (and the kernel has none).
        return None;
    }
    let report = run_array(session, kernel, "", opts, &mut Quiet, true, resolution).report;
    (!report.verdict.is_drf()).then_some(report)
}

/// Assumptions that no parameter values satisfy (e.g. `assume N > 0` with
/// `--param N=0`) would make every verdict vacuously DRF: they are bad input.
fn contradictory_assumptions(
    session: &Session,
    kernel: &Kernel,
    opts: &CheckOptions,
) -> Option<Verdict> {
    // Without assumptions the constraints are `x = v` on distinct
    // constants, which some execution satisfies.
    if kernel.program.assumptions.is_empty() {
        return None;
    }
    let ctx = parameter_context(kernel, opts);
    let never = semantics::BExp::Bool(false);
    if !session.valid(&[], &never, &ctx, opts.timeout_ms) {
        return None;
    }
    let span = kernel
        .program
        .assumptions
        .first()
        .map(|a| a.span)
        .unwrap_or_default();
    Some(Verdict::Invalid {
        span,
        message: "the assumptions and the fixed values (--param, --threads, dimensions) \
                  contradict each other: no execution satisfies them"
            .to_string(),
    })
}

/// The context of a question about the kernel's parameters and one or
/// two threads under its assumptions alone (no case, no pair filter):
/// whether the assumptions contradict, what they imply of the block's size
/// (`crate::scoped`).
pub(crate) fn parameter_context(kernel: &Kernel, opts: &CheckOptions) -> QueryContext {
    QueryContext {
        logic: opts.logic,
        thread_ids: kernel.threads.ids(),
        locals: kernel.program.locals.clone(),
        params: parameters(kernel),
        fixed: fixed_env(kernel, opts),
        globals: kernel
            .program
            .assumptions
            .iter()
            .map(|a| a.cond.clone())
            .collect(),
        pairs: PairFilter::default(),
        chains: Default::default(),
    }
}

/// The query context of one case: the parameters' context with the
/// case's facts, the relational assumptions and the case's pair filter.
pub fn query_context(kernel: &Kernel, case: &Case, opts: &CheckOptions) -> QueryContext {
    let mut ctx = parameter_context(kernel, opts);
    ctx.globals.extend(case.facts.iter().cloned());
    ctx.globals
        .extend(kernel.relational.iter().map(|a| a.cond.clone()));
    ctx.pairs = pair_filter(kernel, case, opts);
    ctx
}

/// The pair filter of a case: the warp of `--warp-sync` (when it applies)
/// with the site of each access, and the classes of the values written
/// (unless `--strict`).
fn pair_filter(kernel: &Kernel, case: &Case, opts: &CheckOptions) -> PairFilter {
    let warp = match crate::warp::mode(kernel, opts) {
        WarpMode::On(w) => Some(w),
        _ => None,
    };
    let mut spans: Vec<(u32, u32, u32, u32)> = Vec::new();
    let sites = case
        .accesses
        .iter()
        .map(|a| {
            let key = (a.span.line, a.span.col, a.span.end_line, a.span.end_col);
            let n = spans.iter().position(|s| *s == key).unwrap_or_else(|| {
                spans.push(key);
                spans.len() - 1
            });
            n as u64
        })
        .collect();
    let mut classes: Vec<&Written> = Vec::new();
    let values: Vec<u64> = case
        .accesses
        .iter()
        .map(|a| {
            let w = kernel.written.at(&a.array, a.span);
            if a.mode != Mode::Wr || !uniform_here(kernel, w) {
                return 0;
            }
            let n = classes.iter().position(|c| *c == w).unwrap_or_else(|| {
                classes.push(w);
                classes.len() - 1
            });
            n as u64 + 1
        })
        .collect();
    let benign = if opts.strict || values.iter().all(|v| *v == 0) {
        Benign::Count
    } else {
        Benign::Exclude
    };
    PairFilter {
        warp,
        sites,
        values,
        benign,
        exclude: Vec::new(),
        alike: kernel.phase_uniform.clone(),
        tile: kernel.tile.clone(),
    }
}

/// Is the written value `w` the same for both threads of this kernel's
/// queries?  A constant is; an integer value is when no variable of it
/// identifies a thread or belongs to one (`blockIdx` is uniform within a
/// block, not across blocks; `threadIdx` never is).
fn uniform_here(kernel: &Kernel, w: &Written) -> bool {
    match w {
        Written::Constant(_) => true,
        Written::Unknown => false,
        Written::Uniform { pos, neg } => shared_by_threads(kernel, [pos, neg]),
        Written::Read { array, index } => {
            kernel.written.trusts(array)
                && kernel.program.arrays().contains(array)
                && shared_by_threads(kernel, index.iter().flat_map(|(p, n)| [p, n]))
        }
    }
}

/// Do the expressions mention no thread identifier and nothing of one
/// thread (`blockIdx` is uniform within a block, not across blocks;
/// `threadIdx` never is)?
fn shared_by_threads<'a>(kernel: &Kernel, es: impl IntoIterator<Item = &'a NExp>) -> bool {
    let own = crate::params::thread_locals(kernel);
    let thread_idx = Builtin::ThreadIdx.vars();
    es.into_iter().all(|e| {
        e.fv()
            .iter()
            .all(|x| !own.contains(x) && !thread_idx.contains(x))
    })
}

/// Checks one array of a kernel.
pub fn check_array(
    session: &Session,
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
) -> ArrayReport {
    check_array_with(session, kernel, array, opts, None)
}

/// [`check_array`], with the kernel's synchronized conditions resolved
/// already under `opts` when `resolution` is given.
fn check_array_with(
    session: &Session,
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
    resolution: Option<&Resolution>,
) -> ArrayReport {
    let domains = crate::domains::finite_domains(kernel);
    let fixed_values = crate::params::fixed_values(kernel, opts);
    let fixed = |x: &Var| fixed_values.contains_key(x);
    let fixings: Vec<Vec<(Var, u64)>> =
        match crate::domains::split_for(kernel, array, &domains, &fixed) {
            Some((x, values)) => values.iter().map(|&v| vec![(x.clone(), v)]).collect(),
            None => {
                let pairs = crate::domains::sign_splits_for(kernel, array, &fixed);
                if pairs.is_empty() {
                    return run_array(session, kernel, array, opts, &mut Quiet, true, resolution)
                        .report;
                }
                crate::domains::sign_combinations(&pairs)
            }
        };
    // The symbolic check first, briefly: often it decides (a race found
    // for some value, or DRF) faster than one check per value.
    let mut quick = opts.clone();
    quick.timeout_ms = opts.timeout_ms.min(QUICK_TIMEOUT_MS);
    let Run {
        report: first,
        solver_gave_up,
    } = run_array(session, kernel, array, &quick, &mut Quiet, true, resolution);
    if !solver_gave_up {
        return first;
    }
    let mut split = check_array_per_fixing(kernel, array, opts, &fixings);
    split.seconds += first.seconds;
    split.queries += first.queries;
    split
}

/// The per-query timeout of the symbolic check that precedes a split on a
/// parameter's values.
const QUICK_TIMEOUT_MS: u64 = 1_000;

/// `array` checked once for each value of the parameter `x`
/// ([`crate::domains`]), in parallel: race-free iff it is for every
/// value; otherwise the worst verdict, of the smallest value among equals.
#[cfg(test)]
pub(crate) fn check_array_per_value(
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
    x: &Var,
    values: &[u64],
) -> ArrayReport {
    let fixings: Vec<Vec<(Var, u64)>> = values.iter().map(|&v| vec![(x.clone(), v)]).collect();
    check_array_per_fixing(kernel, array, opts, &fixings)
}

/// `array` checked once per fixing of `fixings`, with its parameters fixed
/// to their values, in parallel: race-free iff it is in every run (the
/// fixings must cover every execution: the values of one parameter's
/// domain, or every combination of signs of signed ones); otherwise the
/// worst verdict, of the first among equals.
fn check_array_per_fixing(
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
    fixings: &[Vec<(Var, u64)>],
) -> ArrayReport {
    let start = Instant::now();
    let reports = par_map(fixings.to_vec(), |fixing| {
        let mut fixed = opts.clone();
        fixed.params.extend(fixing);
        Session::scoped(opts.meter.as_ref(), |s| {
            run_array(s, kernel, array, &fixed, &mut Quiet, true, None).report
        })
    });
    let mut out = worst(reports.iter(), |r| r.verdict.severity())
        .cloned()
        // No value at all: the assumptions exclude every execution.
        .unwrap_or_else(|| ArrayReport::drf(array));
    if let Verdict::Drf { assumptions } = &mut out.verdict {
        for r in &reports {
            if let Verdict::Drf { assumptions: more } = &r.verdict {
                for a in more {
                    if !assumptions.iter().any(|b| b.condition == a.condition) {
                        assumptions.push(a.clone());
                    }
                }
            }
        }
    }
    out.benign = reports
        .iter()
        .flat_map(|r| r.benign.iter().cloned())
        .take(MAX_BENIGN)
        .collect();
    out.closures = reports.iter().map(|r| r.closures).sum();
    out.queries = reports.iter().map(|r| r.queries).sum();
    out.seconds = start.elapsed().as_secs_f64();
    out
}

/// The report of one array ([`run_array`]).
struct Run {
    report: ArrayReport,
    /// Is the verdict unknown because the solver did not decide a query
    /// (timeout or `unknown`), rather than because the front end left
    /// something unsupported?
    solver_gave_up: bool,
}

/// The stages for one array, shown to `observer`; the queries are solved
/// only when `solve` (else the verdict is unknown).  `resolution`: the
/// kernel's synchronized conditions resolved already under `opts`.
#[allow(clippy::too_many_arguments)]
fn run_array(
    session: &Session,
    kernel: &Kernel,
    array: &str,
    opts: &CheckOptions,
    observer: &mut dyn Observer,
    solve: bool,
    resolution: Option<&Resolution>,
) -> Run {
    let start = Instant::now();
    let mut report = ArrayReport::drf(array);
    let mut cases = Cases {
        session,
        kernel,
        opts,
        observer,
        solve,
        solver_gave_up: false,
    };
    let wf = match resolution {
        Some(r) => lower_cases(kernel, array, r),
        None => wellformed(kernel, array, opts, session),
    };
    report.verdict = match wf {
        Err(e) => {
            cases.observer.wellformed(array, Err(&e));
            verdict_of_error(e)
        }
        Ok(mut wf) => {
            discharge(session, kernel, &mut wf, opts);
            cases.observer.wellformed(array, Ok(&wf));
            cases.check(array, &wf, &mut report)
        }
    };
    report.seconds = start.elapsed().as_secs_f64();
    Run {
        report,
        solver_gave_up: cases.solver_gave_up,
    }
}

/// Drops the non-emptiness assumptions that hold for every value of the
/// enclosing loop variables (e.g. `1 < x + 1` under `x in 1..N+1`).
pub fn discharge(session: &Session, kernel: &Kernel, wf: &mut Wellformed, opts: &CheckOptions) {
    for case in &mut wf.cases {
        let ctx = query_context(kernel, case, opts);
        let keep: Vec<bool> = case
            .obligations
            .iter()
            .map(|o| !session.valid(&o.ranges, &o.goal, &ctx, opts.timeout_ms))
            .collect();
        let mut k = keep.iter();
        case.assumed.retain(|_| *k.next().unwrap_or(&true));
        let mut k = keep.iter();
        case.obligations.retain(|_| *k.next().unwrap_or(&true));
    }
}

fn verdict_of_error(e: WfError) -> Verdict {
    match e {
        WfError::Divergence { span, message } => Verdict::Divergence { span, message },
        WfError::Unknown { reason, span } => Verdict::Unknown {
            reason,
            span: Some(span),
        },
        WfError::Invalid { span, message } => Verdict::Invalid { span, message },
    }
}

/// What checking the cases of one array needs.
struct Cases<'a> {
    session: &'a Session,
    kernel: &'a Kernel,
    opts: &'a CheckOptions,
    observer: &'a mut dyn Observer,
    /// Solve the queries (else only build and show them).
    solve: bool,
    /// Set by [`Cases::check`] when its verdict is unknown for
    /// [`Undecided::Solver`].
    solver_gave_up: bool,
}

/// Why the cases of an array leave its verdict unknown (the first reason
/// met is reported).
enum Undecided {
    /// The queries were only built and shown.
    NotSolved,
    /// A race was found but its witness could not be read.
    NoWitness,
    /// The solver did not decide a query: timeout or `unknown` (its reason).
    Solver(String),
}

impl Undecided {
    fn reason(self) -> String {
        match self {
            Undecided::NotSolved => "not solved: the stages were only shown".into(),
            Undecided::NoWitness => "a race was found but its witness could not be read".into(),
            Undecided::Solver(why) => format!("the SMT solver answered unknown ({why})"),
        }
    }
}

impl Cases<'_> {
    /// Queries every case; the first race wins.
    fn check(&mut self, array: &str, wf: &Wellformed, report: &mut ArrayReport) -> Verdict {
        let mut unknown: Option<Undecided> = None;
        let mut assumptions: Vec<Assumption> = Vec::new();
        for (n, case) in wf.cases.iter().enumerate() {
            let cs = closures(&case.protocol);
            report.closures += cs.len();
            let mut ctx = query_context(self.kernel, case, self.opts);
            let (cs, chains) = crate::smt::split_indices(&cs, &ctx, self.session);
            ctx.chains = chains;
            let query = encode_all(&cs, &ctx);
            self.observer.case(n, case, &cs, query.as_ref());
            if !self.solve {
                unknown.get_or_insert(Undecided::NotSolved);
                continue;
            }
            match check_case(self.session, &ctx, &cs, query, self.opts, report) {
                CaseResult::Race(race) => {
                    let Race { model, query } = *race;
                    let assumed = case_assumptions(case);
                    if let Some(mut w) = crate::witness::build(&query, &model, case, array, assumed)
                    {
                        w.benign = self.counted_benign((&ctx, case), &query, &model);
                        return Verdict::Racy(Box::new(w));
                    }
                    unknown.get_or_insert(Undecided::NoWitness);
                }
                CaseResult::Unknown(reason) => {
                    unknown.get_or_insert(Undecided::Solver(reason));
                }
                CaseResult::Safe => {}
            }
            for a in &case.assumed {
                // The same condition assumed for the same reason is reported
                // once, wherever it was assumed.
                let seen = |b: &Assumption| b.condition == a.condition && b.reason == a.reason;
                if !assumptions.iter().any(seen) {
                    assumptions.push(a.clone());
                }
            }
        }
        if let Some(undecided) = unknown {
            self.solver_gave_up = matches!(undecided, Undecided::Solver(_));
            return Verdict::Unknown {
                reason: undecided.reason(),
                span: None,
            };
        }
        if let Some(u) = self.kernel.unsupported.first() {
            return Verdict::Unknown {
                reason: format!("unsupported construct: {}", u.what),
                span: Some(u.span),
            };
        }
        for case in &wf.cases {
            self.benign_pairs(array, case, report);
        }
        Verdict::Drf { assumptions }
    }

    /// Under `--strict`, the value both writes of a race store when the
    /// pair is benign (a race only because `--strict` counts it).
    fn counted_benign(
        &self,
        (ctx, case): (&QueryContext, &Case),
        q: &Query,
        model: &Model,
    ) -> Option<String> {
        if !self.opts.strict {
            return None;
        }
        let (a, b) = (access_of(q, model, 0)?, access_of(q, model, 1)?);
        let value = |id: AccessId| ctx.pairs.values.get(id.0).copied().unwrap_or(0);
        if value(a) == 0 || value(a) != value(b) {
            return None;
        }
        let access = case.access(a)?;
        Some(
            self.kernel
                .written
                .at(&access.array, access.span)
                .to_string(),
        )
    }

    /// The benign pairs of a race-free case (`docs/benign-writes.md`): the
    /// write/write pairs the query left out because both store the same
    /// uniform value, one per pair of source accesses, at most
    /// [`MAX_BENIGN`] over the array.
    fn benign_pairs(&mut self, array: &str, case: &Case, report: &mut ArrayReport) {
        let cs = closures(&case.protocol);
        let mut ctx = query_context(self.kernel, case, self.opts);
        if ctx.pairs.benign != Benign::Exclude {
            return;
        }
        ctx.pairs.benign = Benign::Only;
        // Pairs of accesses that share their source locations (an inlined
        // call) are listed once: a bound on the queries, not only on the
        // pairs listed, keeps that cheap.
        for _ in 0..4 * MAX_BENIGN {
            if report.benign.len() >= MAX_BENIGN {
                return;
            }
            let Some(q) = encode_all(&cs, &ctx) else {
                return;
            };
            report.queries += 1;
            let Answer::Sat(model) = self.session.solve(&q, self.opts.timeout_ms) else {
                return;
            };
            let (Some(a), Some(b)) = (access_of(&q, &model, 0), access_of(&q, &model, 1)) else {
                return;
            };
            ctx.pairs.exclude.push((a, b));
            let assumed = case_assumptions(case);
            if let Some(w) = crate::witness::build(&q, &model, case, array, assumed) {
                let same = |v: &BenignPair| {
                    let v = &v.witness;
                    let spans = |x: &crate::verdict::Witness| {
                        let mut s = [x.accesses[0].span, x.accesses[1].span]
                            .map(|s| (s.line, s.col, s.end_line, s.end_col));
                        s.sort();
                        s
                    };
                    spans(v) == spans(&w)
                };
                if !report.benign.iter().any(same) {
                    let first = &w.accesses[0];
                    let written = self.kernel.written.at(&first.array, first.span);
                    let value = written.describe(|a| self.kernel.encoding.array_name(a));
                    report.benign.push(BenignPair { witness: w, value });
                }
            }
        }
    }
}

/// The access of thread `k` in a model of `q`.
fn access_of(q: &Query, model: &Model, k: usize) -> Option<AccessId> {
    let selected = model.get(&format!("acc{}", k + 1))?;
    let occ = q.occurrences[k].get(usize::try_from(selected).ok()?)?;
    Some(occ.access)
}

enum CaseResult {
    Safe,
    Race(Box<Race>),
    Unknown(String),
}

/// A satisfiable query and its model.
struct Race {
    model: Model,
    query: Query,
}

/// One query for all closures of a case (the disjunction over closures);
/// if Z3 cannot decide it within a quarter of the time limit, one query per
/// closure (each with the whole limit), so that a race in an easy closure
/// is still found and an undecided one is localized.  The combined query
/// gets less time because its timeout decides nothing: FDTD3d of the
/// GPUVerify corpus spent its whole 10 s there before each closure was
/// proved in about a second.
fn check_case(
    session: &Session,
    ctx: &QueryContext,
    cs: &[C],
    query: Option<Query>,
    opts: &CheckOptions,
    report: &mut ArrayReport,
) -> CaseResult {
    let Some(q) = query else {
        return CaseResult::Safe;
    };
    report.queries += 1;
    // One closure, or one alternative (the other closures have no pair to
    // query): the per-closure queries would repeat this one.
    let alone = cs.len() == 1 || q.alternatives.len() == 1;
    let combined_ms = if alone {
        opts.timeout_ms
    } else {
        opts.timeout_ms / 4
    };
    match session.solve(&q, combined_ms) {
        Answer::Unsat => return CaseResult::Safe,
        Answer::Sat(model) => return CaseResult::Race(Box::new(Race { model, query: q })),
        Answer::Unknown(r) if alone => return CaseResult::Unknown(r.to_string()),
        Answer::Unknown(_) => {}
    }
    let mut result = CaseResult::Safe;
    for (i, c) in cs.iter().enumerate() {
        let mut ctx = ctx.clone();
        ctx.chains = ctx.chains.only(i);
        let Some(q) = encode(c, &ctx) else { continue };
        report.queries += 1;
        match session.solve(&q, opts.timeout_ms) {
            Answer::Unsat => {}
            Answer::Sat(model) => return CaseResult::Race(Box::new(Race { model, query: q })),
            Answer::Unknown(r) => {
                if matches!(result, CaseResult::Safe) {
                    result = CaseResult::Unknown(r.to_string());
                }
            }
        }
    }
    result
}

/// The case's decisions and assumptions, as reported with a witness.
fn case_assumptions(case: &Case) -> Vec<Assumption> {
    let mut out: Vec<Assumption> = case
        .facts
        .iter()
        .map(|f| Assumption {
            condition: f.to_string(),
            reason: "case of a synchronized conditional or loop range".into(),
            span: Span::default(),
        })
        .collect();
    out.extend(case.assumed.iter().cloned());
    out
}

#[cfg(test)]
mod tests;
