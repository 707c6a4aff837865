//! The optimized checker (linear phase splitting, well-formedness, Z3
//! encoding) agrees with the reference semantics on random protocols — the
//! contract of DESIGN.md.
//!
//! - Closed instantiations: with `--threads` fixed and no parameters, the
//!   checker's verdict is `safe(p ↓)`.
//! - Symbolic parameters and thread count: a symbolic "racy" replays as a
//!   reference race at the witness's values; a symbolic "DRF" has no
//!   reference race for any |T| ∈ 2..=4 and parameters in 0..=3.

use checker::check::check_kernel;
use checker::kernel::{Kernel, Provenance, ThreadModel};
use checker::verdict::{CheckOptions, Verdict, Witness};
use differential_tests::protocols::{Case, ParamCase, PARAMS};
use differential_tests::witness_check::check_witness;
use differential_tests::{cases, check, reference_history};
use quickcheck::TestResult;
use semantics::history::{racy, safe, History};
use semantics::{AccessValue, NExp, Nat, Threads, W};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the checker answered, over the cases of one property (printed at
/// the end, so that a soak reports how many racy and DRF verdicts it compared).
struct Tally {
    drf: AtomicU64,
    racy: AtomicU64,
    /// Racy witnesses whose values are too large to replay (not compared).
    too_big: AtomicU64,
    /// Solver timeouts: `unknown` is a sound answer (never DRF), so such
    /// cases make no claim to compare; they must stay rare.
    unknown: AtomicU64,
}

impl Tally {
    const fn new() -> Tally {
        Tally {
            drf: AtomicU64::new(0),
            racy: AtomicU64::new(0),
            too_big: AtomicU64::new(0),
            unknown: AtomicU64::new(0),
        }
    }

    /// Prints the counts; at most one case in a hundred may be `unknown`.
    fn report_and_check(&self, property: &str) {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let unknown = get(&self.unknown);
        eprintln!(
            "{property}: {} DRF and {} racy verdicts agreed with the reference; \
             {} witnesses too large to replay, {unknown} solver timeouts (unknown)",
            get(&self.drf),
            get(&self.racy),
            get(&self.too_big),
        );
        assert!(
            unknown * 100 <= cases(),
            "{unknown} unknown answers in {} cases",
            cases()
        );
    }
}

fn count(counter: &AtomicU64) {
    counter.fetch_add(1, Ordering::Relaxed);
}

static CLOSED: Tally = Tally::new();
static SYMBOLIC: Tally = Tally::new();

/// The protocol as a `.proto` kernel, as `mapcheck check` would load it.
fn kernel_of(w: &W) -> Kernel {
    let source = w.to_string();
    let program = semantics::surface::parse(&source).expect("printed protocols parse");
    Kernel {
        name: "random".into(),
        file: "random.proto".into(),
        source,
        program,
        threads: ThreadModel::single_tid(),
        unknowns: Vec::new(),
        unsupported: Vec::new(),
        provenance: Provenance::Protocol,
    }
}

fn verdict_of(kernel: &Kernel, opts: &CheckOptions) -> Verdict {
    let report = check_kernel(kernel, opts);
    match report.arrays.as_slice() {
        // A protocol without accesses has no array to report: nothing can race.
        [] => Verdict::Drf {
            assumptions: Vec::new(),
        },
        [only] => only.verdict.clone(),
        more => panic!("one array expected, got {}", more.len()),
    }
}

#[test]
fn checker_agrees_with_reference_on_closed_instantiations() {
    check(|case: Case| {
        let opts = CheckOptions {
            threads: Some(case.threads),
            ..CheckOptions::default()
        };
        let history = reference_history(&case.protocol, case.threads);
        let kernel = kernel_of(&case.protocol);
        match verdict_of(&kernel, &opts) {
            Verdict::Drf { .. } => {
                count(&CLOSED.drf);
                TestResult::from_bool(safe(&history))
            }
            // The witness's two accesses share a phase of the reference history.
            Verdict::Racy(w) => {
                count(&CLOSED.racy);
                if let Err(e) = check_witness(&w, &kernel.program, Some(case.threads)) {
                    return TestResult::error(format!("{e}\n{w:?}\n{}", kernel.source));
                }
                TestResult::from_bool(witness_in_history(&w, &history))
            }
            Verdict::Unknown { .. } => {
                count(&CLOSED.unknown);
                TestResult::discard()
            }
            other => TestResult::error(format!("checker answered {other:?}")),
        }
    });
    CLOSED.report_and_check("closed instantiations");
}

/// Do the two accesses of the witness race in one phase of `h`?
fn witness_in_history(w: &Witness, h: &History) -> bool {
    let access = |k: usize| {
        let owner = w.threads[k]
            .ids
            .get(semantics::TID)
            .cloned()
            .unwrap_or_default();
        AccessValue::new(owner, w.accesses[k].mode, w.index.clone())
    };
    let (a, b) = (access(0), access(1));
    racy(&a, &b) && h.iter().any(|p| p.contains(&a) && p.contains(&b))
}

/// `safe(p ↓)` with `|T| = threads` and the parameters set.
fn reference_drf(w: &W, threads: u64, params: &BTreeMap<String, Nat>) -> bool {
    let p = params
        .iter()
        .fold(w.clone(), |p, (x, v)| p.subst(x, &NExp::Num(v.clone())));
    let p = p.subst("T", &NExp::num(threads));
    let h = p
        .eval(&Threads::new(threads))
        .expect("generated protocols run");
    safe(&h)
}

/// Every assignment of 0..=3 to the parameters.
fn small_assignments() -> Vec<BTreeMap<String, Nat>> {
    let mut out = vec![BTreeMap::new()];
    for x in PARAMS {
        out = out
            .into_iter()
            .flat_map(|m| {
                (0..=3u64).map(move |v| {
                    let mut m = m.clone();
                    m.insert(x.to_string(), Nat::from(v));
                    m
                })
            })
            .collect();
    }
    out
}

/// Witness values small enough to replay in the reference.
const REPLAY_LIMIT: u64 = 12;

#[test]
fn symbolic_verdicts_are_sound_and_witnesses_replay() {
    check(|case: ParamCase| {
        let w = &case.protocol;
        let kernel = kernel_of(w);
        match verdict_of(&kernel, &CheckOptions::default()) {
            Verdict::Drf { .. } => {
                count(&SYMBOLIC.drf);
                let all_drf =
                    (2..=4).all(|t| small_assignments().iter().all(|m| reference_drf(w, t, m)));
                TestResult::from_bool(all_drf)
            }
            Verdict::Racy(witness) => {
                let threads = witness.params.get("T").cloned().unwrap_or_default();
                let mut params: BTreeMap<String, Nat> = witness.params.clone();
                params.remove("T");
                for x in PARAMS {
                    params.entry(x.to_string()).or_default();
                }
                let too_big = threads > Nat::from(REPLAY_LIMIT)
                    || params.values().any(|v| *v > Nat::from(REPLAY_LIMIT));
                if too_big {
                    // Out of the replay range: the race needs large values.
                    count(&SYMBOLIC.too_big);
                    return TestResult::discard();
                }
                count(&SYMBOLIC.racy);
                // The witness pair itself races (not just some pair at its values).
                if let Err(e) = check_witness(&witness, &kernel.program, None) {
                    return TestResult::error(format!("{e}\n{witness:?}\n{}", kernel.source));
                }
                let t: u64 = threads.to_string().parse().expect("small");
                TestResult::from_bool(!reference_drf(w, t, &params))
            }
            Verdict::Unknown { .. } => {
                count(&SYMBOLIC.unknown);
                TestResult::discard()
            }
            other => TestResult::error(format!("checker answered {other:?}")),
        }
    });
    SYMBOLIC.report_and_check("symbolic parameters");
}
