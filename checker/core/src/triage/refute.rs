//! (b) Refuting an alarm: the forwarded program, if typable, is an exact
//! MAP that the SMT checker decides (see [`crate::triage`]).

use super::forward::forwarded;
use super::forward_phases::{forwarded_across_barriers, Forwarded};
use super::replay::replay;
use super::Resolution;
use crate::babycuda::Inferred;
use crate::check::check_kernel;
use crate::kernel::{Kernel, Provenance};
use crate::verdict::{CheckOptions, Verdict};
use semantics::babycuda::{type_program, Program};
use std::collections::BTreeSet;

/// (b) Refutes (or confirms) an alarm: forwards own writes of the current
/// phase, then reads of earlier phases; if the result is typable, its type
/// is an exact MAP (Theorem 1 of 004) and the SMT checker decides it for
/// every thread count and parameter (and, the program being typable, every
/// initial contents).
pub(super) fn refute(inferred: &Inferred, array: &str, opts: &CheckOptions) -> Resolution {
    let Some(fwd) = forward_own_writes(&inferred.program) else {
        return Resolution::Unresolved(
            "no read is resolved by the thread's own earlier write, in this phase or an earlier one".into(),
        );
    };
    let typed = match type_program(&fwd.program) {
        Ok(t) => t,
        Err(errs) => {
            return Resolution::Unresolved(format!(
                "after forwarding own writes, still not typable: {}",
                errs[0]
            ))
        }
    };
    let kernel = Kernel {
        program: typed.protocol,
        unknowns: Vec::new(),
        provenance: Provenance::BabyCudaTyped,
        ..inferred.kernel.clone()
    };
    let mut o = opts.clone();
    let mut needed = fwd.sources.clone();
    needed.insert(array.to_string());
    o.array = (needed.len() == 1).then(|| array.to_string());
    let report = check_kernel(&kernel, &o);
    let verdict = |a: &str| {
        report
            .arrays
            .iter()
            .find(|r| r.array == a)
            .map(|r| &r.verdict)
    };
    if let Some(unresolved) = source_not_drf(&fwd.sources, array, verdict) {
        return unresolved;
    }
    resolution(inferred, array, verdict(array), &across(&fwd.sources))
}

/// The program with own writes of the current phase forwarded, then reads
/// of earlier phases; `None` when neither changes anything.
fn forward_own_writes(program: &Program) -> Option<Forwarded> {
    let p1 = forwarded(program);
    let base = p1.as_ref().unwrap_or(program);
    match forwarded_across_barriers(base) {
        Some(fwd) => Some(fwd),
        None => p1.map(|program| Forwarded {
            program,
            sources: Default::default(),
        }),
    }
}

/// Forwarding across barriers is exact only while the source arrays'
/// earlier phases are DRF (then `lastwrite` has one candidate): the
/// resolution when one of them (other than `array`) is not.
fn source_not_drf<'r>(
    sources: &BTreeSet<String>,
    array: &str,
    verdict: impl Fn(&str) -> Option<&'r Verdict>,
) -> Option<Resolution> {
    for s in sources.iter().filter(|s| *s != array) {
        match verdict(s) {
            Some(Verdict::Drf { assumptions }) if assumptions.is_empty() => {}
            v => {
                return Some(Resolution::Unresolved(format!(
                    "reads of `{s}` were forwarded across barriers, which assumes `{s}` is DRF, but its forwarded MAP is {}",
                    v.map_or("unchecked", Verdict::keyword)
                )))
            }
        }
    }
    None
}

/// How the refutation explains reads forwarded across barriers.
fn across(sources: &BTreeSet<String>) -> String {
    if sources.is_empty() {
        return String::new();
    }
    let names: Vec<String> = sources.iter().map(|s| format!("`{s}`")).collect();
    format!(
        ", or its own write of the latest earlier phase writing {} (LASTWRITE-PREV; unique as those phases are DRF)",
        names.join(", ")
    )
}

/// The resolution from the verdict of the forwarded program on `array`.
fn resolution(
    inferred: &Inferred,
    array: &str,
    verdict: Option<&Verdict>,
    across: &str,
) -> Resolution {
    match verdict {
        Some(Verdict::Drf { assumptions }) if assumptions.is_empty() => Resolution::Refuted {
            how: format!("each forwarded read returns the thread's own earlier write of the current phase (LASTWRITE-CURR){across}; the forwarded program is typable and its exact MAP (Theorem 1 of 004) is DRF for every thread count, parameter and initial contents")
        },
        Some(Verdict::Drf { .. }) => Resolution::Refuted {
            how: format!("forwarded program (own writes{across}) typable and its MAP DRF under the checker's well-formedness assumptions"),
        },
        // The race is in the forwarded program; confirm it on the original.
        Some(Verdict::Racy(w)) => match replay(&inferred.program, array, w) {
            Ok(r) => Resolution::Confirmed(r),
            Err(e) => Resolution::Unresolved(format!(
                "the forwarded program races, but the original does not replay it: {e}"
            )),
        },
        Some(v) => Resolution::Unresolved(format!("forwarded program: {}", v.keyword())),
        None => Resolution::Unresolved("no verdict".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{bcu, kernel, triage};
    use super::super::{check_with_triage, confirm, forwarded_across_barriers, Class};
    use super::*;

    #[test]
    fn earlier_phase_reads_refuted_and_racy_counterpart_confirmed() {
        let opts = CheckOptions::default();
        let (r, t) = triage("xphase_read_index_drf.bcu", &opts);
        assert!(
            r.arrays[0].verdict.is_racy(),
            "the over-approximation alarms"
        );
        assert_eq!(t[0].class, Class::DataDependent);
        assert!(t[0].refuted(), "{}", t[0]);
        assert!(t[0].to_string().contains("LASTWRITE-PREV"), "{}", t[0]);
        let inf = kernel("xphase_read_index_drf.bcu");
        let (r, _) = check_with_triage(&inf.kernel, &opts).unwrap();
        assert!(r.arrays[0].verdict.is_drf());
        // The racy counterpart: confirmed by the search, and the refutation
        // alone finds the race too (replayed on the original program).
        let (_, t) = triage("xphase_read_index_racy.bcu", &opts);
        assert!(
            matches!(t[0].resolution, Resolution::Confirmed(_)),
            "{}",
            t[0]
        );
        let inf = kernel("xphase_read_index_racy.bcu");
        let res = refute(&inf, "A", &opts);
        assert!(matches!(res, Resolution::Confirmed(_)), "{res:?}");
    }

    #[test]
    fn forwarding_from_a_racy_array_is_not_a_refutation() {
        // Every thread writes A[0]; the phase is racy, so `lastwrite` does not
        // return the reader's own write (the reference picks thread 0's).
        let inf = bcu("A[0] := tid; sync; let x = A[0] in B[x] := 0");
        assert!(forwarded_across_barriers(&inf.program).is_some());
        let res = refute(&inf, "B", &CheckOptions::default());
        assert!(matches!(res, Resolution::Unresolved(_)), "{res:?}");
        assert!(confirm(&inf.program, "B", None, 100).is_some());
    }

    #[test]
    fn forwarding_from_a_race_free_array_refutes() {
        // Each thread reads back its own cell of A after the barrier: x is
        // tid, so B[x] is B[tid].  The forwarded program needs A's verdict
        // too (A is a source): both arrays are checked.
        let inf = bcu("A[tid] := tid; sync; let x = A[tid] in B[x] := 0");
        let res = refute(&inf, "B", &CheckOptions::default());
        assert!(matches!(res, Resolution::Refuted { .. }), "{res:?}");
    }

    /// A DRF verdict, and one that rests on an assumption.
    fn drf_without_and_with_assumptions() -> (Verdict, Verdict) {
        let assumption = crate::verdict::Assumption {
            condition: "0 < N".into(),
            reason: "a synchronized loop runs".into(),
            span: Default::default(),
        };
        (
            Verdict::Drf {
                assumptions: Vec::new(),
            },
            Verdict::Drf {
                assumptions: vec![assumption],
            },
        )
    }

    #[test]
    fn a_refutation_says_whether_it_rests_on_assumptions() {
        let inf = bcu("A[tid] := tid; sync; let x = A[tid] in B[x] := 0");
        let (plain, assuming) = drf_without_and_with_assumptions();
        let how = |v: &Verdict| match resolution(&inf, "B", Some(v), "") {
            Resolution::Refuted { how } => how,
            other => panic!("{other:?}"),
        };
        assert!(
            how(&plain).contains("for every thread count"),
            "{}",
            how(&plain)
        );
        assert!(
            how(&assuming).contains("well-formedness assumptions"),
            "{}",
            how(&assuming)
        );
        assert!(matches!(
            resolution(&inf, "B", None, ""),
            Resolution::Unresolved(_)
        ));
    }

    #[test]
    fn a_source_race_free_only_under_assumptions_is_not_trusted() {
        let sources: BTreeSet<String> = ["A".to_string(), "B".to_string()].into();
        let (drf, assuming) = drf_without_and_with_assumptions();
        // `B` is the array triaged: only `A`'s verdict matters.
        assert!(source_not_drf(&sources, "B", |_| Some(&drf)).is_none());
        let unresolved = source_not_drf(&sources, "B", |a| {
            Some(if a == "A" { &assuming } else { &drf })
        });
        assert!(
            matches!(unresolved, Some(Resolution::Unresolved(_))),
            "{unresolved:?}"
        );
        assert!(source_not_drf(&sources, "B", |a| (a == "B").then_some(&drf)).is_some());
        assert!(source_not_drf(&sources, "A", |a| Some(if a == "A" {
            &assuming
        } else {
            &drf
        }))
        .is_none());
    }
}
