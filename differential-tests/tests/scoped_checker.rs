//! The checker's barriers below the block (`mapcheck_core::scoped`: one
//! check per scope of the kernel's barriers, Theorem S1 of
//! `proofs-notes/scoped-barriers.md`) held to the reference's Def. S4 on
//! random scoped protocols over one block (`.proto` kernels).
//!
//! - Soundness: checker DRF ⇒ no race of Def. S4, whatever the barriers
//!   (masks, arrival conditions, tiles the block cuts: the checker erases
//!   what it cannot place, Lemma S2).
//! - Precision where the theorem is exact (every barrier full, reached by
//!   every thread, and its tiles inside the block): the checker answers as
//!   the reference does — racy exactly when Def. S4 has a race.
//! - Divergence: a divergence the checker reports is one the reference
//!   finds (a tile or block barrier reached by part of its instance).

use differential_tests::scoped_check::{judge, report_and_floor, source, Tally, TileCase};
use differential_tests::scoped_gen::ScopedCase;
use differential_tests::{check_with, scaled_cases};
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{worst, CheckOptions, Verdict};
use quickcheck::TestResult;
use semantics::scoped::race::scoped_safe;
use std::sync::atomic::{AtomicU64, Ordering};

static ANY: Tally = Tally::new();
static TILED: Tally = Tally::new();

/// The property on one case, over one block (the theory's threads).
fn compare(case: ScopedCase, tally: &Tally) -> TestResult {
    let case = ScopedCase {
        block: case.count,
        ..case
    };
    let text = source(&case.protocol);
    let program = semantics::surface::parse(&text).expect("printed protocols parse");
    let kernel = Kernel {
        unknowns: Vec::new(),
        ..Kernel::protocol("random", "random.proto".into(), text.clone(), program)
    };
    let opts = CheckOptions {
        threads: Some(case.count),
        ..CheckOptions::default()
    };
    let report = check_kernel(&kernel, &opts);
    let verdict = worst(report.arrays.iter().map(|a| &a.verdict), |v| v.severity());
    match judge(&case, verdict, true, tally) {
        Ok(true) => TestResult::passed(),
        Ok(false) => TestResult::discard(),
        Err(why) => TestResult::error(format!("{why} on {text} ({} threads)", case.count)),
    }
}

/// Random protocols of `scoped_gen` (any barrier of any scope, masks,
/// arrival conditions).
#[test]
fn the_checker_per_scope_agrees_with_definition_s4() {
    check_with(scaled_cases(10), 20, |c: ScopedCase| compare(c, &ANY));
    report_and_floor(&ANY, 30.0, 0.0);
}

/// Protocols whose accesses stay in tiles of 1, 2 or 4 threads, with
/// barriers of tiles, under conditionals uniform in tiles, and in loops:
/// where the checker's levels decide.
#[test]
fn the_checker_per_scope_agrees_with_definition_s4_on_tile_local_protocols() {
    check_with(scaled_cases(10), 20, |c: TileCase| compare(c.0, &TILED));
    report_and_floor(&TILED, 15.0, 4.0);
}

static SYMBOLIC_DRF: AtomicU64 = AtomicU64::new(0);
static SYMBOLIC_ALL: AtomicU64 = AtomicU64::new(0);

/// With the thread count left symbolic (`T`), the checker splits on
/// whether `T` is a multiple of each tile size (`scoped::divisibility_cases`):
/// a DRF answer holds for every `T`, so for the case's count too.  (Only
/// soundness is asked: a race or a divergence may be one of another `T`.)
#[test]
fn with_a_symbolic_thread_count_checker_drf_is_drf_at_every_count() {
    check_with(scaled_cases(40), 20, |c: TileCase| {
        let case = c.0;
        let Ok(h) = case.protocol.eval(&case.layout()) else {
            return TestResult::discard();
        };
        let text = source(&case.protocol);
        let program = semantics::surface::parse(&text).expect("printed protocols parse");
        let kernel = Kernel {
            unknowns: Vec::new(),
            ..Kernel::protocol("random", "random.proto".into(), text.clone(), program)
        };
        let report = check_kernel(&kernel, &CheckOptions::default());
        let verdict = worst(report.arrays.iter().map(|a| &a.verdict), |v| v.severity());
        SYMBOLIC_ALL.fetch_add(1, Ordering::Relaxed);
        match verdict {
            None | Some(Verdict::Drf { .. }) => {
                SYMBOLIC_DRF.fetch_add(1, Ordering::Relaxed);
                if scoped_safe(&h) {
                    TestResult::passed()
                } else {
                    TestResult::error(format!(
                        "checker DRF for every T, racy at T = {}: {text}",
                        case.count
                    ))
                }
            }
            _ => TestResult::passed(),
        }
    });
    let (drf, all) = (
        SYMBOLIC_DRF.load(Ordering::Relaxed),
        SYMBOLIC_ALL.load(Ordering::Relaxed),
    );
    eprintln!("tile-local protocols with a symbolic thread count: {drf} DRF answers of {all}");
    differential_tests::assert_floor("DRF answers with a symbolic thread count", drf, all, 2.0);
}
