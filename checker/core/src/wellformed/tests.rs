use super::*;
use crate::kernel::{Provenance, ThreadModel};

pub(crate) fn kernel_of(src: &str) -> Kernel {
    let program = semantics::surface::parse(src).expect("parses");
    Kernel {
        name: "test".into(),
        file: "test.proto".into(),
        source: src.into(),
        program,
        threads: ThreadModel::single_tid(),
        unknowns: Vec::new(),
        unsupported: Vec::new(),
        provenance: Provenance::Protocol,
        launch: Vec::new(),
        written: Default::default(),
        iteration_uniform: Vec::new(),
        phase_uniform: Vec::new(),
        relational: Vec::new(),
        loop_exits: Vec::new(),
    }
}

fn wf(src: &str) -> Result<Wellformed, WfError> {
    wellformed(
        &kernel_of(src),
        "",
        &CheckOptions::default(),
        &Session::new(),
    )
}

#[test]
fn nested_loops_over_the_same_range_give_two_cases() {
    let mut src = String::new();
    for k in 0..50 {
        src.push_str(&format!("forS i{k} in 0..N {{ wr[tid]; sync; "));
    }
    src.push_str(&"}".repeat(50));
    let w = wf(&src).unwrap();
    assert_eq!(w.cases.len(), 2);
    // Every loop runs (50 accesses), or none does.
    let mut accesses: Vec<usize> = w.cases.iter().map(|c| c.accesses.len()).collect();
    accesses.sort();
    assert_eq!(accesses, [0, 50]);
}

#[test]
fn sync_under_tid_condition_is_divergence_with_location() {
    let e = wf("wr[tid];\nif tid < 16 { sync }").unwrap_err();
    match e {
        WfError::Divergence { span, message } => {
            assert_eq!(span.line, 2);
            assert!(message.contains("tid"), "{message}");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert!(matches!(
        wf("forS i in 0..tid { sync }"),
        Err(WfError::Divergence { .. })
    ));
}

#[test]
fn inner_loop_bound_on_outer_variable_is_assumed() {
    let w = wf("forS x in 0..4 { forS y in 0..x { sync } }").unwrap();
    assert_eq!(w.cases.len(), 1);
    assert_eq!(w.cases[0].assumed.len(), 1);
    assert_eq!(w.cases[0].assumed[0].condition, "0 < x");
}

#[test]
fn parameter_conditional_is_inlined_into_two_copies() {
    let w = wf("if N > 2 { wr[tid]; sync } else { rd[0]; sync }").unwrap();
    assert_eq!(w.cases.len(), 2);
    let facts: Vec<String> = w.cases.iter().map(|c| c.facts[0].to_string()).collect();
    assert!(facts.contains(&"N > 2".to_string()) && facts.contains(&"!(N > 2)".to_string()));
}

#[test]
fn access_numbers_are_removed_for_printing() {
    let w = wf("wr[tid]; sync").unwrap();
    assert_eq!(w.cases[0].protocol.erase().to_string(), "wr[tid];\nsync");
}

#[test]
fn every_access_is_numbered_with_its_source_access() {
    let k = kernel_of("wr A[tid];\nrd B[0];\nif N > 1 { rd A[tid + 1]; sync }");
    let w = wellformed(&k, "A", &CheckOptions::default(), &Session::new()).unwrap();
    for case in &w.cases {
        for site in case.protocol.sites() {
            let info = case.access(site.id).expect("numbered");
            assert_eq!(info.mode, site.access.mode);
            assert_eq!(info.array, "A");
        }
    }
    let lines: Vec<u32> = w
        .cases
        .iter()
        .flat_map(|c| c.accesses.iter().map(|a| a.span.line))
        .collect();
    assert!(lines.contains(&1) && lines.contains(&3), "{lines:?}");
}

#[test]
fn a_protocol_that_does_not_match_its_source_accesses_is_an_error() {
    let lowered = lower_case(&kernel_of("wr[tid]; rd[0]").program, "").unwrap();
    let one = source_accesses(&kernel_of("wr[tid]").program.body, "");
    assert!(matches!(
        number(&lowered, &one),
        Err(WfError::Unknown { .. })
    ));
    let swapped = source_accesses(&kernel_of("rd[0]; wr[tid]").program.body, "");
    assert!(matches!(
        number(&lowered, &swapped),
        Err(WfError::Unknown { .. })
    ));
    // Only the index differs, or only the mode: no match either.
    for other in ["wr[tid + 1]; rd[0]", "rd[tid]; rd[0]"] {
        let accesses = source_accesses(&kernel_of(other).program.body, "");
        assert!(
            matches!(number(&lowered, &accesses), Err(WfError::Unknown { .. })),
            "{other}"
        );
    }
    let same = source_accesses(&kernel_of("wr[tid]; rd[0]").program.body, "");
    assert!(number(&lowered, &same).is_ok());
}

#[test]
fn a_sync_under_a_thread_condition_found_by_lowering_is_divergence() {
    let e = lower_case(&kernel_of("wr[0];\nif tid < 16 { sync }").program, "").unwrap_err();
    assert!(
        matches!(e, WfError::Divergence { ref span, .. } if span.line == 2),
        "{e:?}"
    );
    let e = lower_case(&kernel_of("param N;\nif N < 16 { sync }").program, "").unwrap_err();
    assert!(matches!(e, WfError::Invalid { .. }), "{e:?}");
}
