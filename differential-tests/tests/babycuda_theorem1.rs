//! Theorem 1 of `seeds/004_*` (correctness of the BabyCUDA type system) and
//! the soundness of the read-as-unknown fallback, on random programs
//! (`differential_tests::babycuda_gen`).
//!
//! Cases per property: `QUICKCHECK_TESTS` (else `MAPCHECK_CASES`, else
//! 10,000).  `cargo test --release -p differential-tests --test
//! babycuda_theorem1 -- --nocapture` prints the racy/DRF ratio.

use differential_tests::babycuda_gen::{Case, IllTypedCase, TypableCase, MAX_VALUE};
use quickcheck::{QuickCheck, TestResult};
use semantics::babycuda::eval::{self, Config};
use semantics::babycuda::map::{all_safe, map_histories};
use semantics::babycuda::syntax::{Stmt, StmtKind};
use semantics::babycuda::{approximate, parse, type_program};
use semantics::history::History;
use semantics::{Nat, Var};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicU64, Ordering};

fn cases() -> u64 {
    ["QUICKCHECK_TESTS", "MAPCHECK_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok().and_then(|s| s.parse().ok()))
        .unwrap_or(10_000)
}

fn qc() -> QuickCheck {
    QuickCheck::new().tests(cases()).max_tests(cases() * 50)
}

fn config(c: &Case) -> Config {
    let mut cfg = Config::new(c.threads);
    cfg.params = c.params.clone();
    cfg.init = c.init.clone();
    cfg
}

fn strip(mut h: History) -> History {
    while h.last().is_some_and(|p| p.is_empty()) {
        h.pop_back();
    }
    h
}

static RACY: AtomicU64 = AtomicU64::new(0);
static DRF: AtomicU64 = AtomicU64::new(0);
static SYNC: AtomicU64 = AtomicU64::new(0);

/// Theorem 1 of 004 (and its proof's stronger statement: `α ∈̂ P ⟺ α ∈ Λ`,
/// phase by phase and array by array): the program's history is DRF iff the
/// MAP given by its type is.
fn theorem1(case: TypableCase) -> TestResult {
    theorem1_on(case.0, true)
}

static WITH_BARRIER: AtomicU64 = AtomicU64::new(0);
static BARRIER_UNDER_IF: AtomicU64 = AtomicU64::new(0);

/// Is a barrier under a conditional?
fn sync_under_if(b: &[Stmt]) -> bool {
    b.iter().any(|s| match &s.kind {
        StmtKind::If { .. } => s.has_sync(),
        StmtKind::Let { body, .. } | StmtKind::For { body, .. } => sync_under_if(body),
        _ => false,
    })
}

/// Theorem 1 on one typable program; `count`: record the statistics of
/// the typable generator.
fn theorem1_on(c: Case, count: bool) -> TestResult {
    if count && c.program.body.iter().any(|s| s.has_sync()) {
        WITH_BARRIER.fetch_add(1, Ordering::Relaxed);
    }
    if count && sync_under_if(&c.program.body) {
        BARRIER_UNDER_IF.fetch_add(1, Ordering::Relaxed);
    }
    let typed = match type_program(&c.program) {
        Ok(t) => t,
        Err(e) => {
            return TestResult::error(format!(
                "generated typable program is ill-typed: {e:?}\n{c:?}"
            ))
        }
    };
    let h = match eval::run(&c.program, &config(&c)) {
        Ok(h) => h,
        Err(e) => return TestResult::error(format!("no derivation: {e}\n{c:?}")),
    };
    let maps = match map_histories(&typed.protocol, c.threads, &c.params, &BTreeMap::new()) {
        Ok(m) => m,
        Err(e) => return TestResult::error(format!("MAP has no derivation: {e}\n{c:?}")),
    };
    let program_drf = eval::drf(&h);
    if count {
        let counter = if program_drf { &DRF } else { &RACY };
        counter.fetch_add(1, Ordering::Relaxed);
        if h.len() > 1 {
            SYNC.fetch_add(1, Ordering::Relaxed);
        }
    }
    if program_drf != all_safe(&maps) {
        return TestResult::error(format!(
            "Theorem 1 fails: program DRF = {program_drf}, MAP DRF = {}\n{c:?}\ntype:\n{}",
            !program_drf, typed.protocol
        ));
    }
    for (array, mh) in &maps {
        let ph = strip(eval::access_history(&h, array));
        if ph != strip(mh.clone()) {
            return TestResult::error(format!(
                "accesses of `{array}` differ:\nprogram {ph:?}\nMAP {mh:?}\n{c:?}"
            ));
        }
    }
    TestResult::passed()
}

#[test]
fn theorem1_typable_programs_are_drf_iff_their_map_is() {
    qc().quickcheck(differential_tests::Counted::new(
        theorem1 as fn(TypableCase) -> TestResult,
    ));
    let (r, d, s) = (
        RACY.load(Ordering::Relaxed),
        DRF.load(Ordering::Relaxed),
        SYNC.load(Ordering::Relaxed),
    );
    eprintln!(
        "babycuda theorem 1: {} cases, {r} racy / {d} DRF ({:.0}% racy), {s} with barriers",
        r + d,
        100.0 * r as f64 / (r + d).max(1) as f64
    );
    assert!(
        r > 0 && d > 0,
        "the generator must produce both racy and DRF programs"
    );
    let n = r + d;
    differential_tests::assert_floor("racy programs", r, n, 20.0);
    differential_tests::assert_floor("DRF programs", d, n, 20.0);
    differential_tests::assert_floor(
        "programs with a barrier",
        WITH_BARRIER.load(Ordering::Relaxed),
        n,
        40.0,
    );
    differential_tests::assert_floor(
        "programs with a barrier under a conditional",
        BARRIER_UNDER_IF.load(Ordering::Relaxed),
        n,
        5.0,
    );
}

/// On typable programs, the over-approximation is the type (no unknown
/// reaches the protocol).
fn approximation_is_the_type(case: TypableCase) -> TestResult {
    let p = &case.0.program;
    let typed = type_program(p).expect("typable by construction");
    let a = approximate(p);
    TestResult::from_bool(a.unknowns.is_empty() && a.protocol == typed.protocol)
}

static ILL_GEN_TYPABLE: AtomicU64 = AtomicU64::new(0);
static ILL_GEN_TOTAL: AtomicU64 = AtomicU64::new(0);

/// Theorem 1 on every program of the data-flow generator that the type
/// system accepts (instead of discarding them): a type system that accepts
/// too much (a data-dependent condition, a barrier under `tid`) gives a MAP
/// that does not evaluate, or a program without a derivation, or a MAP that
/// disagrees with the program.
#[test]
fn theorem1_on_typable_programs_of_the_data_flow_generator() {
    qc().quickcheck(differential_tests::Counted::new(
        (|case: IllTypedCase| {
            ILL_GEN_TOTAL.fetch_add(1, Ordering::Relaxed);
            if type_program(&case.0.program).is_err() {
                return TestResult::passed();
            }
            ILL_GEN_TYPABLE.fetch_add(1, Ordering::Relaxed);
            theorem1_on(case.0, false)
        }) as fn(IllTypedCase) -> TestResult,
    ));
    let (t, n) = (
        ILL_GEN_TYPABLE.load(Ordering::Relaxed),
        ILL_GEN_TOTAL.load(Ordering::Relaxed),
    );
    differential_tests::assert_floor("typable programs of the data-flow generator", t, n, 10.0);
}

/// What the type system must reject, computed independently of
/// `typing.rs`: a variable bound by `let` (a value read from an array) in an
/// index, a condition or a loop bound (T-WRITE, T-READ, T-IF, T-FOR: `V ⊢
/// n`, `V ⊢ c`); a barrier under a condition or in a loop whose bounds
/// mention `tid` (the synchronized rules, `babycuda-sync.md`); a binder that
/// reuses a name in scope.  `None`: typable.
fn must_reject(b: &[Stmt], v: &mut Vec<Var>, data: &mut Vec<Var>) -> Option<&'static str> {
    for s in b {
        let uses_data = |fv: BTreeSet<Var>, data: &Vec<Var>| fv.iter().any(|x| data.contains(x));
        match &s.kind {
            StmtKind::Skip | StmtKind::Sync => {}
            StmtKind::Write { index, .. } => {
                if uses_data(index.fv(), data) {
                    return Some("data-dependent write index");
                }
            }
            StmtKind::Let {
                var, index, body, ..
            } => {
                if uses_data(index.fv(), data) {
                    return Some("data-dependent read index");
                }
                if v.contains(var) || data.contains(var) {
                    return Some("binder reused");
                }
                data.push(var.clone());
                let r = must_reject(body, v, data);
                data.pop();
                if r.is_some() {
                    return r;
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                if uses_data(cond.fv(), data) {
                    return Some("data-dependent condition");
                }
                if s.has_sync() && cond.fv().contains(semantics::TID) {
                    return Some("barrier under a condition on tid");
                }
                let r =
                    must_reject(then_branch, v, data).or_else(|| must_reject(else_branch, v, data));
                if r.is_some() {
                    return r;
                }
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                let mut fv = lo.fv();
                fv.extend(hi.fv());
                if uses_data(fv.clone(), data) {
                    return Some("data-dependent loop bound");
                }
                if s.has_sync() && fv.contains(semantics::TID) {
                    return Some("barrier in a loop with bounds on tid");
                }
                if v.contains(var) || data.contains(var) {
                    return Some("binder reused");
                }
                v.push(var.clone());
                let r = must_reject(body, v, data);
                v.pop();
                if r.is_some() {
                    return r;
                }
            }
        }
    }
    None
}

static REJECTED: AtomicU64 = AtomicU64::new(0);
static REJECT_TOTAL: AtomicU64 = AtomicU64::new(0);
static REJECT_CONTROL: AtomicU64 = AtomicU64::new(0);
static REJECT_DIVERGENCE: AtomicU64 = AtomicU64::new(0);

/// The type system accepts exactly the programs without data flow into
/// indices, conditions or loop bounds and without barriers under `tid`.
#[test]
fn type_system_rejects_data_flow_and_divergence() {
    qc().quickcheck(differential_tests::Counted::new(
        (|case: IllTypedCase| {
            let p = &case.0.program;
            let mut v: Vec<Var> = p.parameters();
            v.extend(["tid".to_string(), "T".to_string()]);
            let expected = must_reject(&p.body, &mut v, &mut Vec::new());
            REJECT_TOTAL.fetch_add(1, Ordering::Relaxed);
            if let Some(why) = expected {
                REJECTED.fetch_add(1, Ordering::Relaxed);
                if why.contains("condition") || why.contains("loop bound") {
                    REJECT_CONTROL.fetch_add(1, Ordering::Relaxed);
                }
                if why.contains("tid") {
                    REJECT_DIVERGENCE.fetch_add(1, Ordering::Relaxed);
                }
            }
            match (expected, type_program(p)) {
                (None, Ok(_)) | (Some(_), Err(_)) => TestResult::passed(),
                (Some(why), Ok(_)) => {
                    TestResult::error(format!("typable, but it has a {why}:\n{p}"))
                }
                (None, Err(e)) => TestResult::error(format!("rejected: {e:?}\n{p}")),
            }
        }) as fn(IllTypedCase) -> TestResult,
    ));
    let total = REJECT_TOTAL.load(Ordering::Relaxed);
    differential_tests::assert_floor("rejections", REJECTED.load(Ordering::Relaxed), total, 30.0);
    differential_tests::assert_floor(
        "rejections for data-dependent control (condition, loop bound)",
        REJECT_CONTROL.load(Ordering::Relaxed),
        total,
        3.0,
    );
    differential_tests::assert_floor(
        "rejections for barriers under tid",
        REJECT_DIVERGENCE.load(Ordering::Relaxed),
        total,
        2.0,
    );
}

#[test]
fn approximation_coincides_with_the_type_on_typable_programs() {
    qc().quickcheck(approximation_is_the_type as fn(TypableCase) -> TestResult);
}

/// Printing and parsing a generated program gives it back.
fn round_trip(case: IllTypedCase) -> bool {
    let p = &case.0.program;
    parse(&p.to_string()).map(|q| q.without_spans()) == Ok(p.without_spans())
}

#[test]
fn bcu_print_parse_round_trip() {
    qc().quickcheck(round_trip as fn(IllTypedCase) -> bool);
}

static ILL_RACY: AtomicU64 = AtomicU64::new(0);
static ILL_TOTAL: AtomicU64 = AtomicU64::new(0);

/// Soundness of the fallback: when an ill-typed program is racy, some values
/// of the unknowns (per thread, in `0..=MAX_VALUE`) make the approximated MAP
/// racy — so the checker, which quantifies over all values, never says DRF.
/// The values of the two racing threads are enumerated; the others are 0
/// (more threads only add accesses).
fn fallback_sound(case: IllTypedCase) -> TestResult {
    let c = case.0;
    if type_program(&c.program).is_ok() {
        return TestResult::discard();
    }
    ILL_TOTAL.fetch_add(1, Ordering::Relaxed);
    let h = match eval::run(&c.program, &config(&c)) {
        Ok(h) => h,
        // A barrier under `tid` that the threads disagree on: no derivation
        // (the checker answers `divergence`, checked elsewhere).
        Err(e) if matches!(e.kind, eval::EvalErrorKind::BarrierDivergence(_)) => {
            return TestResult::discard()
        }
        Err(e) => return TestResult::error(format!("no derivation: {e}\n{c:?}")),
    };
    let Some(race) = eval::history_race(&h) else {
        return TestResult::passed();
    };
    ILL_RACY.fetch_add(1, Ordering::Relaxed);
    let a = approximate(&c.program);
    let vars: Vec<Var> = a.protocol.locals.clone();
    let (t1, t2) = (race.writer as usize, race.other as usize);
    let slots = 2 * vars.len();
    let base = MAX_VALUE + 1;
    for code in 0..base.pow(slots as u32) {
        let mut locals: BTreeMap<Var, Vec<Nat>> = BTreeMap::new();
        let mut k = code;
        for x in &vars {
            let mut vals = vec![Nat::from(0u32); c.threads as usize];
            vals[t1] = Nat::from(k % base);
            k /= base;
            vals[t2] = Nat::from(k % base);
            k /= base;
            locals.insert(x.clone(), vals);
        }
        match map_histories(&a.protocol, c.threads, &c.params, &locals) {
            // No derivation (e.g. divergence): the checker cannot say DRF either.
            Err(_) => return TestResult::passed(),
            Ok(maps) if !all_safe(&maps) => return TestResult::passed(),
            Ok(_) => {}
        }
    }
    TestResult::error(format!(
        "racy program ({race}) but its approximated MAP is DRF for all values of {vars:?}\n{c:?}\nMAP:\n{}",
        a.protocol
    ))
}

#[test]
fn fallback_never_drf_on_racy_ill_typed_programs() {
    qc().quickcheck(fallback_sound as fn(IllTypedCase) -> TestResult);
    let (r, t) = (
        ILL_RACY.load(Ordering::Relaxed),
        ILL_TOTAL.load(Ordering::Relaxed),
    );
    eprintln!("babycuda fallback: {t} ill-typed cases, {r} racy");
    assert!(r > 0, "the generator must produce racy ill-typed programs");
}
