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
use semantics::babycuda::{approximate, parse, type_program};
use semantics::history::History;
use semantics::{Nat, Var};
use std::collections::BTreeMap;
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
    let c = case.0;
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
    if program_drf {
        DRF.fetch_add(1, Ordering::Relaxed);
    } else {
        RACY.fetch_add(1, Ordering::Relaxed);
    }
    if h.len() > 1 {
        SYNC.fetch_add(1, Ordering::Relaxed);
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
    qc().quickcheck(theorem1 as fn(TypableCase) -> TestResult);
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
}

/// On typable programs, the over-approximation is the type (no unknown
/// reaches the protocol).
fn approximation_is_the_type(case: TypableCase) -> TestResult {
    let p = &case.0.program;
    let typed = type_program(p).expect("typable by construction");
    let a = approximate(p);
    TestResult::from_bool(a.unknowns.is_empty() && a.protocol == typed.protocol)
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
