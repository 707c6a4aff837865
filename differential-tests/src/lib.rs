//! Property-based differential tests: generators here, properties in `tests/`.
//!
//! The number of random cases per property comes from `MAPCHECK_CASES`
//! (default [`DEFAULT_CASES`]); `scripts/soak.sh` runs a long soak.

pub mod babycuda_gen;
pub mod cuda_batch;
pub mod cuda_print;
pub mod protocols;
pub mod scoped_check;
pub mod scoped_gen;
pub mod scoped_oracle;
pub mod surface_gen;
pub mod witness_check;

use semantics::history::{History, Phase};
use semantics::trace::{eval_list, with_thread_count};
use semantics::{align, seq_list, split_pair, AccessValue, NExp, Threads, L, W};
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

/// How far, in percentage points, a share of `total` random cases may
/// fall from the share `pct` the generator is held to by chance alone:
/// four standard deviations of the binomial share.  The cases are drawn
/// afresh in every run, so a floor or ceiling checked without it fails
/// now and then for a generator exactly at it (seen: 99 loops in 250
/// kernels, 39.6% against a floor of 40%); with it, such a generator
/// fails about once in 30,000 runs, and one that stopped producing the
/// feature still fails.
pub fn sampling_slack(pct: f64, total: u64) -> f64 {
    let p = (pct / 100.0).clamp(0.0, 1.0);
    400.0 * (p * (1.0 - p) / total.max(1) as f64).sqrt()
}

/// Fails unless `part` is at least `floor` percent of `total` (up to
/// [`sampling_slack`]), after printing it.
pub fn assert_floor(what: &str, part: u64, total: u64, floor: f64) {
    let pct = 100.0 * part as f64 / total.max(1) as f64;
    let slack = sampling_slack(floor, total);
    eprintln!("  {what}: {part} of {total} ({pct:.1}%, floor {floor}% ± {slack:.1})");
    assert!(
        total < MIN_SAMPLE || pct >= floor - slack,
        "{what}: {pct:.1}% is below its floor of {floor}% (by more than the {slack:.1} points of chance)"
    );
}

/// Fails if `part` exceeds `ceiling` percent of `total` (up to
/// [`sampling_slack`]); for discard rates.
pub fn assert_ceiling(what: &str, part: u64, total: u64, ceiling: f64) {
    let pct = 100.0 * part as f64 / total.max(1) as f64;
    let slack = sampling_slack(ceiling, total);
    eprintln!("  {what}: {part} of {total} ({pct:.1}%, ceiling {ceiling}% ± {slack:.1})");
    assert!(
        total < MIN_SAMPLE || pct <= ceiling + slack,
        "{what}: {pct:.1}% is above its ceiling of {ceiling}% (by more than the {slack:.1} points of chance)"
    );
}

/// `p ↓ H1` (Fig. 5).
pub fn reference_history(p: &W, threads: u64) -> History {
    p.eval(&Threads::new(threads))
        .expect("generated protocols are well-formed and closed")
}

/// `seq(split(align(p))) ⇓ H2` (Figs. 6–8) with `|T| = threads`.
pub fn trace_history(p: &W, threads: u64) -> History {
    eval_list(&traces(p, threads)).expect("traces of closed protocols evaluate")
}

/// The size of a history: its phases and the accesses they hold, counted
/// with multiplicity (an access in two phases counts twice; `∪` may merge
/// equal ones, so `accesses` bounds what a history holds from above).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct HistorySize {
    pub phases: u64,
    pub accesses: u64,
}

impl HistorySize {
    /// Both counts at most those of `bound`.
    pub fn within(self, bound: HistorySize) -> bool {
        self.phases <= bound.phases && self.accesses <= bound.accesses
    }

    fn concat(self, o: HistorySize) -> HistorySize {
        HistorySize {
            phases: self.phases.saturating_add(o.phases),
            accesses: self.accesses.saturating_add(o.accesses),
        }
    }

    /// `H1 ⊗ H2` has a phase per pair of phases, each with the accesses of both.
    fn product(self, o: HistorySize) -> HistorySize {
        HistorySize {
            phases: self.phases.saturating_mul(o.phases),
            accesses: self
                .accesses
                .saturating_mul(o.phases)
                .saturating_add(o.accesses.saturating_mul(self.phases)),
        }
    }
}

/// The size of `h ⇓ H` (Fig. 7), found without building `H`: `h; h'`
/// multiplies phases (`⊗`), `var` adds those of its iterations, so `H` can
/// be exponential in the loops that `h` runs one after another, while this
/// walk is linear in the unrolled nesting.  `None` when `h` has no derivation.
pub fn trace_size(h: &L) -> Option<HistorySize> {
    let one = |accesses| HistorySize {
        phases: 1,
        accesses,
    };
    Some(match h {
        L::Skip => one(0),
        L::Acc(..) => one(1),
        L::Seq(a, b) => trace_size(a)?.product(trace_size(b)?),
        L::If(b, t, e) => trace_size(if b.eval().ok()? { t } else { e })?,
        L::Var(x, n, m, body) => {
            let (lo, hi) = (n.eval().ok()?, m.eval().ok()?);
            let mut out = one(0);
            let mut j = lo;
            while j < hi {
                out = out.concat(trace_size(&body.subst(x, &NExp::Num(j.clone())))?);
                j += 1u32;
            }
            out
        }
    })
}

/// The traces `seq(split(align(p)))` with `|T| = threads`, which
/// [`trace_history`] evaluates.
pub fn traces(p: &W, threads: u64) -> Vec<L> {
    with_thread_count(&seq_list(&split_pair(&align(p))), threads)
}

/// The size of [`trace_history`]`(p, threads)`, without building it.
pub fn trace_history_size(p: &W, threads: u64) -> Option<HistorySize> {
    traces(p, threads)
        .iter()
        .try_fold(HistorySize::default(), |acc, h| {
            Some(acc.concat(trace_size(h)?))
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_floor_allows_chance_but_not_a_lost_feature() {
        // 40% of 250: four standard deviations are 12.4 points.
        assert!((sampling_slack(40.0, 250) - 12.39).abs() < 0.01);
        assert_floor("at the floor by chance", 99, 250, 40.0);
        let lost = std::panic::catch_unwind(|| assert_floor("lost", 60, 250, 40.0));
        assert!(lost.is_err(), "24% is far below a floor of 40%");
        // A floor of all cases and a ceiling of none stay exact.
        assert_eq!(sampling_slack(100.0, 250), 0.0);
        assert_eq!(sampling_slack(0.0, 250), 0.0);
    }
}
