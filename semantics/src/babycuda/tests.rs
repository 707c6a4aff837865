//! Unit tests of the BabyCUDA reference: the paper's examples.

use super::eval::{self, history_race, Config};
use super::*;
use crate::expr::Nat;
use std::collections::BTreeMap;

fn cfg(threads: u64, params: &[(&str, u64)]) -> Config {
    let mut c = Config::new(threads);
    c.params = params
        .iter()
        .map(|(x, v)| (x.to_string(), Nat::from(*v)))
        .collect();
    c
}

fn kernel(name: &str) -> Program {
    let path = format!("{}/../kernels/babycuda/{name}", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    parse(&src).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn fig3_is_typable_with_the_papers_type_and_racy() {
    let p = kernel("fig3_racy.bcu");
    let t = type_program(&p).unwrap();
    let printed = t.protocol.to_string();
    assert!(
        printed.contains("for x in 0..M {\n  rd A[x];\n  wr A[x]\n}"),
        "{printed}"
    );
    let h = run(&p, &cfg(2, &[("M", 2)])).unwrap();
    let r = history_race(&h).expect("racy");
    assert_eq!(r.array, "A");
    assert!(eval::drf(&run(&p, &cfg(2, &[("M", 0)])).unwrap()));
}

#[test]
fn fig4_is_drf_and_writes_the_thread_id() {
    let p = kernel("fig4_drf.bcu");
    assert!(type_program(&p).is_ok());
    let h = run(&p, &cfg(3, &[])).unwrap();
    assert!(eval::drf(&h));
    assert_eq!(h[0][&0]["A"].writes[&Nat::from(0u32)], Nat::from(0u32));
}

#[test]
fn equation2_is_ill_typed_naming_the_variable_and_lines() {
    let p = kernel("eq2_data_dependent.bcu");
    let errs = type_program(&p).unwrap_err();
    assert_eq!(errs.len(), 1);
    let e = &errs[0];
    assert!(e.is_data_dependent());
    match &e.kind {
        TypeErrorKind::DataFlow { read, usage } => {
            assert_eq!(read.var, "x");
            assert_eq!(read.array, "A");
            assert_eq!(read.span.line, 8);
            assert!(matches!(usage, DataUse::Index { array, .. } if array == "A"));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(e.span.line, 9);
    // The program is DRF: every thread reads its own write.
    assert!(eval::drf(&run(&p, &cfg(4, &[])).unwrap()));
    // The approximation makes `x` a thread-local unknown.
    let a = approximate(&p);
    assert_eq!(a.protocol.locals, vec!["x".to_string()]);
    assert_eq!(a.unknowns[0].array, "A");
}

#[test]
fn fig16_pair_racy_and_drf_in_the_reference() {
    let racy = kernel("fig16_read_index_racy.bcu");
    let drf = kernel("fig16_read_index_drf.bcu");
    let r = history_race(&run(&racy, &cfg(2, &[])).unwrap()).expect("racy");
    assert_eq!((r.index.clone(), r.phase), (Nat::from(1u32), 0));
    assert!(eval::drf(&run(&drf, &cfg(4, &[])).unwrap()));
}

#[test]
fn lastwrite_sees_own_writes_then_earlier_phases_then_initial_contents() {
    let p = parse("init A = [7, 8];\nA[tid] := 10 + tid; sync; let x = A[(tid + 1) % T] in let y = A[5] in B[tid] := x + y").unwrap();
    let mut c = cfg(2, &[]);
    c.init = eval::Contents::from_program(&p);
    let h = run(&p, &c).unwrap();
    assert_eq!(h.len(), 2);
    assert!(eval::drf(&h));
    assert_eq!(h[1][&0]["B"].writes[&Nat::from(0u32)], Nat::from(11u32));
    assert_eq!(h[1][&1]["B"].writes[&Nat::from(1u32)], Nat::from(10u32));
    // Without the barrier, thread 0 reads A[1] from the initial contents.
    let p = parse("init A = [7, 8];\nA[0] := 1; let x = A[1] in B[tid] := x").unwrap();
    let mut c = cfg(2, &[]);
    c.init = eval::Contents::from_program(&p);
    let h = run(&p, &c).unwrap();
    assert_eq!(h[0][&0]["B"].writes[&Nat::from(0u32)], Nat::from(8u32));
}

#[test]
fn synchronized_fragment_matches_the_map_history() {
    for (name, racy) in [
        ("sync_shift_drf.bcu", false),
        ("sync_missing_barrier_racy.bcu", true),
    ] {
        let p = kernel(name);
        let t = type_program(&p).unwrap();
        let params: BTreeMap<String, Nat> =
            [("N".to_string(), Nat::from(1u32))].into_iter().collect();
        let mut c = cfg(3, &[]);
        c.params = params.clone();
        let h = run(&p, &c).unwrap();
        assert_eq!(!eval::drf(&h), racy, "{name}");
        let maps = map::map_histories(&t.protocol, 3, &params, &BTreeMap::new()).unwrap();
        assert_eq!(!map::all_safe(&maps), racy, "{name}");
        for (array, mh) in &maps {
            let mut ph = eval::access_history(&h, array);
            let mut mh = mh.clone();
            while ph.last().is_some_and(|p| p.is_empty()) {
                ph.pop_back();
            }
            while mh.last().is_some_and(|p| p.is_empty()) {
                mh.pop_back();
            }
            assert_eq!(ph, mh, "{name} {array}");
        }
    }
}

#[test]
fn barrier_divergence_and_empty_sync_loops_have_no_derivation() {
    let p = parse("if tid == 0 { sync } else { skip }").unwrap();
    assert!(matches!(
        run(&p, &cfg(2, &[])).unwrap_err().kind,
        eval::EvalErrorKind::BarrierDivergence(_)
    ));
    assert!(matches!(
        type_program(&p).unwrap_err()[0].kind,
        TypeErrorKind::BarrierDivergence { .. }
    ));
    let p = parse("for i in 0..0 { sync }").unwrap();
    assert!(matches!(
        run(&p, &cfg(2, &[])).unwrap_err().kind,
        eval::EvalErrorKind::EmptySyncLoop { .. }
    ));
    let p = parse("A[M] := 1").unwrap();
    assert!(matches!(
        run(&p, &cfg(2, &[])).unwrap_err().kind,
        eval::EvalErrorKind::Unbound(_)
    ));
}

#[test]
fn print_parse_round_trip_and_errors_with_positions() {
    let src = "// expect: racy\nparam M;\ninit A = [1, 2];\nfor x in 0..M {\n  let y = A[x] in {\n    B[y] := 1\n  };\n  if y > 0 && !(x == 1) { A[x] := y + 1 } else { skip };\n  let z = B[0] in\n  sync\n}";
    let p = parse(src).unwrap();
    let printed = p.to_string();
    let p2 = parse(&printed).unwrap();
    assert_eq!(p.without_spans(), p2.without_spans());
    assert_eq!(printed, p2.to_string());
    let e = parse("A[tid] := ;").unwrap_err();
    assert_eq!((e.line, e.col), (1, 11));
    let e = parse("for i in 0..2 {\n A[i] := 1\n").unwrap_err();
    assert_eq!((e.line, e.col), (1, 15));
    let e = parse("x := A[0]").unwrap_err();
    assert_eq!(e.line, 1);
    let e = parse("A[B[0]] := 1").unwrap_err();
    assert!(e.message.contains("let"), "{e}");
    let e = parse("forU i in 0..2 { sync }").unwrap_err();
    assert!(e.message.contains("forU"));
}

#[test]
fn approximation_renames_clashing_binders_and_keeps_typable_programs() {
    let p = parse("let x = A[0] in { B[x] := 1 };\nlet x = A[1] in B[x] := 2").unwrap();
    let a = approximate(&p);
    assert_eq!(a.protocol.locals.len(), 2);
    assert_ne!(a.protocol.locals[0], a.protocol.locals[1]);
    let p = kernel("sync_shift_drf.bcu");
    assert_eq!(approximate(&p).protocol, type_program(&p).unwrap().protocol);
}

/// Only data flowing into an index is data-dependent (triage's classes,
/// `checker/core/src/triage/classify.rs`): data in a condition, a reused
/// binder and a barrier under `tid` are not.
#[test]
fn only_data_in_an_index_is_data_dependent() {
    let errors = |src: &str| type_program(&parse(src).expect("parses")).unwrap_err();
    let condition = errors("let x = A[tid] in\nif x < 1 { A[tid] := 1 } else { skip }");
    assert!(!condition.is_empty());
    assert!(
        condition.iter().all(|e| !e.is_data_dependent()),
        "{condition:?}"
    );
    let index = errors("let x = A[tid] in\nA[x] := 1");
    assert!(index.iter().any(TypeError::is_data_dependent), "{index:?}");
}

/// The message names the rule and the access the data reaches.
#[test]
fn data_flow_errors_name_the_access_and_the_rule() {
    let message = |src: &str| {
        let errors = type_program(&parse(src).expect("parses")).unwrap_err();
        errors[0].to_string()
    };
    let write = message("let x = A[tid] in\nA[x] := 1");
    assert!(
        write.contains("reaches the index of the write to `A` (T-WRITE)"),
        "{write}"
    );
    assert!(write.contains("`x`, read from array `A`"), "{write}");
    let read = message("let x = A[tid] in\nlet y = B[x] in\nA[tid] := y");
    assert!(
        read.contains("the index of the read of `B` (T-READ)"),
        "{read}"
    );
}

/// Binders are distinct (x ∉ V, Fig. 6 of 004): a loop variable bound
/// again, and a variable read from an array bound again, are rejected.
#[test]
fn binders_bound_again_are_rejected() {
    let binder_errors = |src: &str| {
        let errors = type_program(&parse(src).expect("parses")).unwrap_err();
        errors
            .into_iter()
            .filter(|e| matches!(&e.kind, TypeErrorKind::BinderNotDistinct { var } if var == "x"))
            .count()
    };
    assert_eq!(
        binder_errors("for x in 0..2 {\n  for x in 0..2 {\n    A[tid] := x\n  }\n}"),
        1
    );
    assert_eq!(
        binder_errors("let x = A[tid] in\nlet x = B[tid] in\nC[tid] := 1"),
        1
    );
}

/// `V` starts with `tid`, `T` and the parameters: none may be bound again.
#[test]
fn thread_id_count_and_parameters_cannot_be_bound_again() {
    for (src, var) in [
        ("for tid in 0..2 {\n  A[tid] := 1\n}", "tid"),
        ("let T = A[tid] in\nB[tid] := 1", "T"),
        ("param N;\nlet N = A[tid] in\nB[tid] := 1", "N"),
    ] {
        let errors = type_program(&parse(src).expect("parses")).unwrap_err();
        assert!(
            errors.iter().any(
                |e| matches!(&e.kind, TypeErrorKind::BinderNotDistinct { var: v } if v == var)
            ),
            "{src}: {errors:?}"
        );
    }
}

// ----- killing the mutants of `eval.rs` that the examples left alive -----

#[test]
fn the_step_budget_bounds_evaluation_exactly() {
    // `for i in 0..10 { A[tid] := i }` with 2 threads: each thread runs the
    // loop's 10 iterations; more fuel than they take succeeds, none fails.
    let p = parse("for i in 0..10 { A[tid] := i }").unwrap();
    let mut c = cfg(2, &[]);
    c.fuel = 0;
    assert_eq!(
        run(&p, &c).unwrap_err().kind,
        eval::EvalErrorKind::OutOfFuel
    );
    c.fuel = 1_000;
    assert!(run(&p, &c).is_ok());
    // The budget is spent, not refilled: find the least that suffices and
    // check one less fails.
    let least = (0..1_000u64)
        .find(|&f| {
            c.fuel = f;
            run(&p, &c).is_ok()
        })
        .expect("some budget suffices");
    assert!(
        least >= 20,
        "20 assignments take at least 20 steps, not {least}"
    );
    c.fuel = least - 1;
    assert_eq!(
        run(&p, &c).unwrap_err().kind,
        eval::EvalErrorKind::OutOfFuel
    );
}

#[test]
fn the_thread_limit_is_inclusive() {
    let p = parse("skip").unwrap();
    let max = crate::limits::MAX_THREADS;
    let mut c = cfg(max, &[]);
    c.fuel = 10 * max;
    assert!(run(&p, &c).is_ok(), "{max} threads are simulated");
    let c = cfg(max + 1, &[]);
    assert_eq!(
        run(&p, &c).unwrap_err().kind,
        eval::EvalErrorKind::TooManyThreads(max + 1)
    );
}

#[test]
fn only_fuel_and_thread_count_are_limits() {
    use eval::EvalErrorKind as K;
    assert!(K::OutOfFuel.is_limit());
    assert!(K::TooManyThreads(7).is_limit());
    for k in [
        K::Unbound("x".into()),
        K::EmptySyncLoop {
            var: "i".into(),
            lo: Nat::from(0u8),
            hi: Nat::from(0u8),
        },
        K::BarrierDivergence("d".into()),
        K::TooFewThreads(1),
    ] {
        assert!(!k.is_limit(), "{k:?}");
    }
}

#[test]
fn errors_and_races_are_printed_with_their_facts() {
    let p = parse("for i in 0..M { sync }").unwrap();
    let e = run(&p, &cfg(2, &[("M", 0)])).unwrap_err().to_string();
    assert!(
        e.contains("for i in 0..0") && e.contains("empty range"),
        "{e}"
    );
    let p = parse("A[0] := tid").unwrap();
    let h = run(&p, &cfg(2, &[])).unwrap();
    let race = history_race(&h).expect("racy").to_string();
    assert!(race.contains("phase 0") && race.contains("A[0]"), "{race}");
    assert!(
        race.contains("writes A[0] := 1") || race.contains("writes A[0] := 0"),
        "{race}"
    );
}

#[test]
fn the_printed_history_lists_only_threads_that_access_an_array() {
    // Thread 0 writes A; thread 1 accesses nothing: its line is omitted,
    // and a history with no access at all says so.
    let p = parse("if tid == 0 { A[0] := 5 } else { skip }").unwrap();
    let h = run(&p, &cfg(2, &[])).unwrap();
    let s = eval::format_history(&h);
    assert!(s.contains("thread 0: A reads {} writes {0↦5}"), "{s}");
    assert!(!s.contains("thread 1"), "{s}");
    assert!(!s.contains("(no accesses)"), "{s}");
    let h = run(&parse("sync").unwrap(), &cfg(2, &[])).unwrap();
    let s = eval::format_history(&h);
    assert_eq!(s, "phase 0:\n  (no accesses)\nphase 1:\n  (no accesses)\n");
    let mut reads_only = eval::ArrayRw::default();
    assert!(reads_only.is_empty());
    reads_only.reads.insert(Nat::from(3u8));
    assert!(!reads_only.is_empty());
    let mut writes_only = eval::ArrayRw::default();
    writes_only.writes.insert(Nat::from(3u8), Nat::from(1u8));
    assert!(!writes_only.is_empty());
}
