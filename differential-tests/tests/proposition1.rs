//! Proposition 1 of `seeds/000_*` (`compositionality`,
//! `faial-coq/src/Compositionality.v`) on random contexts and aligned
//! protocols: if `E[skip; sync]` is DRF and runs, and `a` is DRF, runs and
//! `fv(a) ⊆ {tid}`, then `E[a]` is DRF (Definition 3).

use differential_tests::check;
use differential_tests::protocols::protocol;
use quickcheck::{Arbitrary, Gen, TestResult};
use semantics::{align, Context, NExp, Threads, A, U, W};
use std::sync::atomic::{AtomicU64, Ordering};

/// A closed aligned protocol: `align(p)` read as `a; u; sync`.
fn aligned(g: &mut Gen) -> A {
    let (a, u) = align(&protocol(g));
    A::seq(a, A::Sync(u))
}

fn context(g: &mut Gen, depth: u32) -> Context {
    let choice = if depth == 0 {
        u8::arbitrary(g) % 2
    } else {
        u8::arbitrary(g) % 6
    };
    let range = |g: &mut Gen| {
        let lo = u64::arbitrary(g) % 3;
        (NExp::num(lo), NExp::num(lo + u64::arbitrary(g) % 3))
    };
    match choice {
        0 => Context::Hole,
        1 => match protocol(g) {
            W::Sync(u) => Context::Sync(u),
            _ => Context::Sync(U::Skip),
        },
        2 => Context::SeqR(aligned(g), Box::new(context(g, depth - 1))),
        3 => Context::SeqL(Box::new(context(g, depth - 1)), aligned(g)),
        4 => {
            let (n, m) = range(g);
            Context::ForPrefix(
                Box::new(context(g, depth - 1)),
                "e".into(),
                n,
                m,
                aligned(g),
            )
        }
        _ => {
            let (n, m) = range(g);
            Context::ForBody(
                aligned(g),
                "e".into(),
                n,
                m,
                Box::new(context(g, depth - 1)),
            )
        }
    }
}

#[derive(Clone, Debug)]
struct PropCase {
    context: Context,
    a: A,
    threads: u64,
}

impl Arbitrary for PropCase {
    fn arbitrary(g: &mut Gen) -> PropCase {
        PropCase {
            context: context(g, 2),
            a: aligned(g),
            threads: 2 + u64::arbitrary(g) % 3,
        }
    }
}

static PREMISES_HELD: AtomicU64 = AtomicU64::new(0);

#[test]
fn proposition1_compositionality() {
    check(|case: PropCase| {
        let threads = Threads::new(case.threads);
        let skip_sync = A::Sync(U::Skip);
        let closed = case.a.fv().iter().all(|x| x == semantics::TID);
        let drf_and_runs = |a: &A| matches!(a.race(&threads), Ok(None));
        if !(closed && drf_and_runs(&case.context.fill(&skip_sync)) && drf_and_runs(&case.a)) {
            return TestResult::discard();
        }
        PREMISES_HELD.fetch_add(1, Ordering::Relaxed);
        TestResult::from_bool(drf_and_runs(&case.context.fill(&case.a)))
    });
    assert!(PREMISES_HELD.load(Ordering::Relaxed) > 0);
}
