//! The class of each alarm of a `.bcu` kernel and how it is settled: a
//! replay for provable races, else the bounded search and the refutation
//! (see [`crate::triage`]).

use super::refute::refute;
use super::replay::{confirm, replay, ReplayFailure};
use super::{Class, Resolution, Triage, TriageBug};
use crate::babycuda::Inferred;
use crate::check::check_kernel;
use crate::kernel::{Kernel, Provenance};
use crate::verdict::{CheckOptions, KernelReport, Verdict};
use semantics::babycuda::TypeError;

fn causes(errors: &[TypeError]) -> (Class, Vec<String>) {
    let class = if errors.iter().any(TypeError::is_data_dependent) {
        Class::DataDependent
    } else {
        Class::ControlDependent
    };
    (class, errors.iter().map(|e| e.to_string()).collect())
}

/// Triage of every racy array of a `.bcu` kernel's report.
pub fn triage_bcu(
    inferred: &Inferred,
    report: &KernelReport,
    opts: &CheckOptions,
) -> Result<Vec<Triage>, TriageBug> {
    let mut out = Vec::new();
    for a in &report.arrays {
        let Verdict::Racy(w) = &a.verdict else {
            continue;
        };
        let t = if inferred.kernel.provenance == Provenance::BabyCudaTyped {
            Triage {
                array: a.array.clone(),
                class: Class::Provable,
                causes: Vec::new(),
                resolution: match replay(&inferred.program, &a.array, w) {
                    Ok(r) => Resolution::Replayed(r),
                    Err(ReplayFailure::Bug(b)) => return Err(b),
                    Err(e) => Resolution::Unresolved(e.to_string()),
                },
            }
        } else {
            let (class, causes) = causes(&inferred.type_errors);
            let resolution = match confirm(&inferred.program, &a.array, Some(w), 4000) {
                Some(r) => Resolution::Confirmed(r),
                None => refute(inferred, &a.array, opts),
            };
            Triage {
                array: a.array.clone(),
                class,
                causes,
                resolution,
            }
        };
        out.push(t);
    }
    Ok(out)
}

/// `check_kernel` followed by triage, for the `check` and `suite` commands:
/// for a `.bcu` kernel, every racy array is triaged and an alarm that is
/// refuted becomes DRF (the forwarded program's exact MAP is DRF).  Other
/// kernels are returned unchanged with no triage.
pub fn check_with_triage(
    kernel: &Kernel,
    opts: &CheckOptions,
) -> Result<(KernelReport, Vec<Triage>), TriageBug> {
    let mut report = check_kernel(kernel, opts);
    let is_bcu = kernel.file.extension().and_then(|e| e.to_str()) == Some("bcu");
    if !is_bcu {
        return Ok((report, Vec::new()));
    }
    let Some(inferred) = crate::babycuda::infer_source(&kernel.file, kernel.source.clone()) else {
        return Ok((report, Vec::new()));
    };
    let triage = triage_bcu(&inferred, &report, opts)?;
    for t in &triage {
        if t.refuted() {
            if let Some(a) = report.arrays.iter_mut().find(|a| a.array == t.array) {
                a.verdict = Verdict::Drf {
                    assumptions: Vec::new(),
                };
            }
        }
    }
    Ok((report, triage))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{kernel, triage};
    use super::*;

    #[test]
    fn a_race_needing_an_empty_synchronized_loop_stands_unresolved() {
        // With M = 0 the inner loop runs no barrier, and the two iterations
        // of the outer loop race on A (thread 0's A[1] at x0 = 1, thread
        // 1's A[1] at x0 = 0).  The reference semantics has no derivation
        // for an empty synchronized loop: the witness is not replayed.
        let inf = super::super::test_support::bcu(
            "param M;\nfor x0 in 0..2 {\n  A[x0 + tid] := x0;\n  for x1 in 0..M { sync }\n}",
        );
        let (r, t) = check_with_triage(&inf.kernel, &CheckOptions::default()).expect("no bug");
        assert!(r.arrays[0].verdict.is_racy());
        let Resolution::Unresolved(why) = &t[0].resolution else {
            panic!("{}", t[0])
        };
        assert!(why.starts_with("not replayed: "), "{why}");
        assert!(
            why.contains("empty synchronized loop") && why.contains("empty range"),
            "{why}"
        );
    }

    #[test]
    fn fig16_racy_is_confirmed_and_drf_is_refuted() {
        let opts = CheckOptions::default();
        let (r, t) = triage("fig16_read_index_racy.bcu", &opts);
        assert!(r.arrays[0].verdict.is_racy());
        assert_eq!(t[0].class, Class::DataDependent);
        assert!(
            matches!(t[0].resolution, Resolution::Confirmed(_)),
            "{}",
            t[0]
        );
        assert!(t[0].causes[0].contains("`x`"), "{:?}", t[0].causes);
        let (r, t) = triage("fig16_read_index_drf.bcu", &opts);
        assert!(r.arrays[0].verdict.is_racy(), "Faial's alarm");
        assert!(t[0].refuted(), "{}", t[0]);
        let (_, t) = triage("eq2_data_dependent.bcu", &opts);
        assert!(t[0].refuted(), "{}", t[0]);
        assert!(t[0].causes[0].contains("9:1"), "{:?}", t[0].causes);
        let inf = kernel("fig16_read_index_drf.bcu");
        let (r, _) = check_with_triage(&inf.kernel, &opts).unwrap();
        assert!(r.arrays[0].verdict.is_drf());
    }

    #[test]
    fn typed_races_are_provable_and_replayed() {
        let opts = CheckOptions::default();
        for name in ["fig3_racy.bcu", "sync_missing_barrier_racy.bcu"] {
            let (r, t) = triage(name, &opts);
            assert!(r.arrays.iter().any(|a| a.verdict.is_racy()), "{name}");
            assert!(!t.is_empty());
            for x in &t {
                assert_eq!(x.class, Class::Provable);
                assert!(matches!(x.resolution, Resolution::Replayed(_)), "{x}");
            }
        }
    }
}
