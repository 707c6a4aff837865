//! The CUDA front end against the reference (issue 15, item 5): random
//! protocols printed as CUDA kernels (`differential_tests::cuda_print`),
//! loaded with the checker's libclang front end (`checker::frontend::load`
//! on a temporary `.cu` file) and checked; the verdict is compared with the
//! reference's verdict for the protocol (`p ↓`, Fig. 5 of `seeds/000_*`).
//!
//! - Kernels that use only exactly modelled constructs: same verdict, and a
//!   racy witness (threads `threadIdx.x`, index, modes) is a racy pair of one
//!   phase of the reference history.
//! - Kernels that print the total ℕ operators with `?:` guards: never DRF
//!   when the reference races.
//!
//! Cases: a fiftieth of `MAPCHECK_CASES` (libclang parses each kernel).

use checker::check::check_kernel;
use checker::frontend::{load, LoadOptions};
use checker::verdict::{CheckOptions, Verdict, Witness};
use differential_tests::cuda_print::kernel;
use differential_tests::protocols::Case;
use differential_tests::Counter;
use differential_tests::{assert_ceiling, assert_floor, check_with, reference_history};
use quickcheck::TestResult;
use semantics::history::{racy, safe, History};
use semantics::AccessValue;
use std::sync::atomic::{AtomicU64, Ordering};

fn cuda_cases() -> u64 {
    differential_tests::scaled_cases(50)
}

static EXACT_AGREED: Counter = Counter::new();
static EXACT_RACY: Counter = Counter::new();
static GUARDED: Counter = Counter::new();
static GUARDED_RACY: Counter = Counter::new();
static GUARDED_PRECISE: Counter = Counter::new();
static UNKNOWN: Counter = Counter::new();
static ALL: Counter = Counter::new();
static FILE_NO: AtomicU64 = AtomicU64::new(0);

fn witness_in_history(w: &Witness, h: &History) -> bool {
    let access = |k: usize| {
        let owner = w.threads[k]
            .ids
            .get("threadIdx.x")
            .cloned()
            .unwrap_or_default();
        AccessValue::new(owner, w.accesses[k].mode, w.index.clone())
    };
    let same_block = w.threads.iter().all(|t| {
        ["threadIdx.y", "threadIdx.z"]
            .iter()
            .all(|d| t.ids.get(*d).is_none_or(|v| *v == 0u32.into()))
    });
    let (a, b) = (access(0), access(1));
    same_block && racy(&a, &b) && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

fn round_trip(case: Case) -> TestResult {
    ALL.add();
    let printed = kernel(&case.protocol, case.threads);
    let path = std::env::temp_dir().join(format!(
        "mapcheck-difftests-{}-{}.cu",
        std::process::id(),
        FILE_NO.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(e) = std::fs::write(&path, &printed.source) {
        return TestResult::error(format!("cannot write {}: {e}", path.display()));
    }
    let loaded = load(&path, &LoadOptions::default());
    let _ = std::fs::remove_file(&path);
    let kernels = match loaded {
        Ok(k) => k,
        Err(e) => return TestResult::error(format!("{e}\n{}", printed.source)),
    };
    let [k] = kernels.as_slice() else {
        return TestResult::error(format!("{} kernels", kernels.len()));
    };
    let report = check_kernel(k, &CheckOptions::default());
    let verdict = match report.arrays.iter().find(|a| a.array == "A") {
        Some(a) => a.verdict.clone(),
        None => Verdict::Drf {
            assumptions: Vec::new(),
        },
    };
    let history = reference_history(&case.protocol, case.threads);
    let reference_drf = safe(&history);
    if matches!(verdict, Verdict::Unknown { .. }) {
        UNKNOWN.add();
        return TestResult::passed();
    }
    let fail = |what: &str| {
        TestResult::error(format!(
            "{what}: checker {verdict:?}, reference DRF = {reference_drf}\n{}\nprotocol:\n{}",
            printed.source, case.protocol
        ))
    };
    if printed.exact {
        match &verdict {
            Verdict::Drf { .. } if reference_drf => EXACT_AGREED.add(),
            Verdict::Racy(w) if !reference_drf => {
                if !witness_in_history(w, &history) {
                    return fail("the witness is not a race of the reference");
                }
                EXACT_AGREED.add();
                EXACT_RACY.add();
            }
            _ => return fail("exactly modelled kernel, different verdict"),
        }
    } else {
        GUARDED.add();
        if !reference_drf {
            GUARDED_RACY.add();
        }
        match &verdict {
            Verdict::Drf { .. } if !reference_drf => return fail("DRF, but the reference races"),
            Verdict::Racy(_) if reference_drf => {}
            _ => GUARDED_PRECISE.add(),
        }
    }
    TestResult::passed()
}

#[test]
fn cuda_round_trip_agrees_with_the_reference() {
    check_with(cuda_cases(), 20, round_trip);
    let n = ALL.get();
    eprintln!(
        "cuda round trip: {n} kernels; exact: {} agreed ({} racy); guarded: {} ({} racy in \
         the reference, {} with the reference's verdict); {} unknown",
        EXACT_AGREED.get(),
        EXACT_RACY.get(),
        GUARDED.get(),
        GUARDED_RACY.get(),
        GUARDED_PRECISE.get(),
        UNKNOWN.get()
    );
    assert_floor("exactly modelled kernels", EXACT_AGREED.get(), n, 15.0);
    assert_ceiling("unknown verdicts", UNKNOWN.get(), n, 5.0);
}
