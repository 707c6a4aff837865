//! Property-based differential tests: generators here, properties in `tests/`.
//!
//! The number of random cases per property comes from `MAPCHECK_CASES`
//! (default [`DEFAULT_CASES`]); `scripts/soak.sh` runs a long soak.

pub mod babycuda_gen;
pub mod cuda_batch;
pub mod cuda_print;
pub mod protocols;
pub mod scoped_gen;
pub mod scoped_oracle;
pub mod surface_gen;
pub mod witness_check;

use semantics::history::{History, Phase};
use semantics::trace::{eval_list, with_thread_count};
use semantics::{align, seq_list, split_pair, AccessValue, Threads, W};
use std::collections::BTreeSet;

/// Cases per property in CI.
pub const DEFAULT_CASES: u64 = 10_000;

/// The number of cases per property (`MAPCHECK_CASES`, else the default).
pub fn cases() -> u64 {
    std::env::var("MAPCHECK_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// The cases of a costly property in CI: `cases() / divisor` (at least 1),
/// or `cases()` when `MAPCHECK_FULL` is set (`scripts/soak.sh` sets it, so
/// that a soak runs every property on `MAPCHECK_CASES` cases).
pub fn scaled_cases(divisor: u64) -> u64 {
    if std::env::var_os("MAPCHECK_FULL").is_some() {
        cases()
    } else {
        (cases() / divisor).max(1)
    }
}

/// Runs a property on `cases()` random inputs with quickcheck (shrinking on
/// failure).  A failure also prints how many cases (discarded ones included)
/// were generated before the first failing one: the "cases to catch" of a
/// planted bug (`proofs-notes/planted-bugs.md`).
pub fn check<A>(property: fn(A) -> quickcheck::TestResult)
where
    A: quickcheck::Arbitrary + std::fmt::Debug,
{
    check_with(cases(), 20, property);
}

/// [`check`] with an explicit number of passing cases and a bound on the
/// generated cases (`cases * max_factor`, discards included).
pub fn check_with<A>(cases: u64, max_factor: u64, property: fn(A) -> quickcheck::TestResult)
where
    A: quickcheck::Arbitrary + std::fmt::Debug,
{
    quickcheck::QuickCheck::new()
        .tests(cases)
        .max_tests(cases * max_factor)
        .quickcheck(Counted::new(property));
}

/// A property that counts the cases it is run on and reports the count of
/// the first failing one.
pub struct Counted<A> {
    property: fn(A) -> quickcheck::TestResult,
    seen: std::sync::atomic::AtomicU64,
    reported: std::sync::atomic::AtomicBool,
}

impl<A> Counted<A> {
    pub fn new(property: fn(A) -> quickcheck::TestResult) -> Counted<A> {
        Counted {
            property,
            seen: std::sync::atomic::AtomicU64::new(0),
            reported: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

impl<A> quickcheck::Testable for Counted<A>
where
    A: quickcheck::Arbitrary + std::fmt::Debug,
{
    fn result(&self, g: &mut quickcheck::Gen) -> quickcheck::TestResult {
        use std::sync::atomic::Ordering;
        let n = self.seen.fetch_add(1, Ordering::Relaxed) + 1;
        let r = quickcheck::Testable::result(&self.property, g);
        if (r.is_failure() || r.is_error()) && !self.reported.swap(true, Ordering::Relaxed) {
            let test = std::thread::current().name().unwrap_or("?").to_string();
            eprintln!("[differential-tests] {test}: first failure at generated case {n}");
        }
        r
    }
}

/// A named event counter for generator statistics and discard rates.
pub struct Counter(std::sync::atomic::AtomicU64);

impl Counter {
    pub const fn new() -> Counter {
        Counter(std::sync::atomic::AtomicU64::new(0))
    }
    pub fn add(&self) {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    pub fn get(&self) -> u64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Default for Counter {
    fn default() -> Self {
        Counter::new()
    }
}

/// Below this many cases a share says little: floors and ceilings are
/// printed but not enforced (e.g. `MAPCHECK_CASES=50` while debugging).
pub const MIN_SAMPLE: u64 = 100;

/// Fails unless `part` is at least `floor` percent of `total`, after printing it.
pub fn assert_floor(what: &str, part: u64, total: u64, floor: f64) {
    let pct = 100.0 * part as f64 / total.max(1) as f64;
    eprintln!("  {what}: {part} of {total} ({pct:.1}%, floor {floor}%)");
    assert!(
        total < MIN_SAMPLE || pct >= floor,
        "{what}: {pct:.1}% is below its floor of {floor}%"
    );
}

/// Fails if `part` exceeds `ceiling` percent of `total` (discard rates).
pub fn assert_ceiling(what: &str, part: u64, total: u64, ceiling: f64) {
    let pct = 100.0 * part as f64 / total.max(1) as f64;
    eprintln!("  {what}: {part} of {total} ({pct:.1}%, ceiling {ceiling}%)");
    assert!(
        total < MIN_SAMPLE || pct <= ceiling,
        "{what}: {pct:.1}% is above its ceiling of {ceiling}%"
    );
}

/// `p ↓ H1` (Fig. 5).
pub fn reference_history(p: &W, threads: u64) -> History {
    p.eval(&Threads::new(threads))
        .expect("generated protocols are well-formed and closed")
}

/// `seq(split(align(p))) ⇓ H2` (Figs. 6–8) with `|T| = threads`.
pub fn trace_history(p: &W, threads: u64) -> History {
    let traces = with_thread_count(&seq_list(&split_pair(&align(p))), threads);
    eval_list(&traces).expect("traces of closed protocols evaluate")
}

/// Pairs of accesses by different threads that share a phase, unordered.
pub fn cross_thread_pairs(h: &History) -> BTreeSet<(AccessValue, AccessValue)> {
    let mut out = BTreeSet::new();
    for p in h {
        add_pairs(p, &mut out);
    }
    out
}

fn add_pairs(p: &Phase, out: &mut BTreeSet<(AccessValue, AccessValue)>) {
    let v: Vec<&AccessValue> = p.iter().collect();
    for (k, a) in v.iter().enumerate() {
        for b in &v[k + 1..] {
            if a.owner != b.owner {
                out.insert(((*a).clone(), (*b).clone()));
            }
        }
    }
}
