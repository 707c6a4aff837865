//! Property-based differential tests: generators here, properties in `tests/`.
//!
//! The number of random cases per property comes from `MAPCHECK_CASES`
//! (default [`DEFAULT_CASES`]); `scripts/soak.sh` runs a long soak.

pub mod babycuda_gen;
pub mod protocols;

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

/// Runs a property on `cases()` random inputs with quickcheck (shrinking on failure).
pub fn check<A>(property: fn(A) -> quickcheck::TestResult)
where
    A: quickcheck::Arbitrary + std::fmt::Debug,
{
    quickcheck::QuickCheck::new()
        .tests(cases())
        .max_tests(cases() * 20)
        .quickcheck(property);
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
