//! Theorem 1 of `seeds/000_*` (`drf_1`, `drf_2`, `faial-coq/src/Main.v`) on
//! random protocols: aligning, splitting and sequentializing preserve and
//! reflect data races — at the level of verdicts and of the pairs of
//! concurrent accesses behind them.

use differential_tests::protocols::Case;
use differential_tests::{check, cross_thread_pairs, reference_history, trace_history};
use quickcheck::TestResult;
use semantics::history::safe;
use std::sync::atomic::{AtomicU64, Ordering};

static RACY: AtomicU64 = AtomicU64::new(0);
static TOTAL: AtomicU64 = AtomicU64::new(0);

/// `p ↓ H1` and `seq(split(align(p))) ⇓ H2` give `safe(H1) == safe(H2)`.
#[test]
fn theorem1_same_verdict_on_random_protocols() {
    check(|case: Case| {
        let h1 = reference_history(&case.protocol, case.threads);
        let h2 = trace_history(&case.protocol, case.threads);
        TOTAL.fetch_add(1, Ordering::Relaxed);
        if !safe(&h1) {
            RACY.fetch_add(1, Ordering::Relaxed);
        }
        TestResult::from_bool(safe(&h1) == safe(&h2))
    });
    let (racy, total) = (RACY.load(Ordering::Relaxed), TOTAL.load(Ordering::Relaxed));
    eprintln!(
        "theorem 1: {total} protocols, {racy} racy, {} DRF",
        total - racy
    );
    // The generator must exercise both verdicts in useful proportions.
    assert!(
        racy * 5 >= total && (total - racy) * 5 >= total,
        "racy {racy} of {total}"
    );
}

/// The pair-level statement behind Theorem 1 (Lemmas 6, 10, 11, 12, 15–18
/// composed): two accesses of different threads share a phase of `H1` iff
/// they share a phase of `H2`.
#[test]
fn theorem1_same_concurrent_pairs_on_random_protocols() {
    check(|case: Case| {
        let h1 = reference_history(&case.protocol, case.threads);
        let h2 = trace_history(&case.protocol, case.threads);
        TestResult::from_bool(cross_thread_pairs(&h1) == cross_thread_pairs(&h2))
    });
}
