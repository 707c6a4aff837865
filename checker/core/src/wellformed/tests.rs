use super::*;

pub(crate) fn kernel_of(src: &str) -> Kernel {
    let program = semantics::surface::parse(src).expect("parses");
    // A protocol kernel whose `local` variables are not declared unknowns.
    Kernel {
        unknowns: Vec::new(),
        ..Kernel::protocol("test", "test.proto".into(), src.into(), program)
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

/// `src` with its conditionals on line `exit_line` marked as loop exits
/// (`if c {} else { rest }`, as the CUDA front end emits `if (c) break;`).
fn with_exit_on_line(src: &str, exit_line: u32) -> Kernel {
    let mut k = kernel_of(src);
    fn find(b: &Block, line: u32, out: &mut Vec<Span>) {
        for s in b {
            match &s.kind {
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    if s.span.line == line {
                        out.push(s.span);
                    }
                    find(then_branch, line, out);
                    find(else_branch, line, out);
                }
                StmtKind::For { body, .. } => find(body, line, out),
                _ => {}
            }
        }
    }
    find(&k.program.body, exit_line, &mut k.loop_exits);
    assert_eq!(k.loop_exits.len(), 1, "one exit on line {exit_line}");
    k
}

#[test]
fn an_exit_on_the_loop_variable_is_peeled_off() {
    // `for i in 0..N { wr[tid]; sync; if (i + 1 == N) break; rd[tid + 1]; sync }`
    let k = with_exit_on_line(
        "param N;\nforS i in 0..N { wr[tid + i]; sync;\nif i + 1 == N { } else { rd[tid + 1]; sync } }",
        3,
    );
    let w = wellformed(&k, "", &CheckOptions::default(), &Session::new()).unwrap();
    // The exit is reached exactly when the loop runs (N >= 1): then the
    // iterations 0..N-1 go on and the last is peeled; when it is not, the
    // loop is empty.  No case keeps the exit.
    let printed: Vec<String> = w
        .cases
        .iter()
        .map(|c| c.protocol.erase().to_string())
        .collect();
    assert!(
        printed.iter().any(|p| p.contains("wr[tid + (N - 1)]")),
        "{printed:?}"
    );
    assert!(printed.iter().all(|p| !p.contains("if")), "{printed:?}");
}

#[test]
fn an_exit_on_the_loop_variable_that_cannot_be_solved_stays_unknown() {
    let k = with_exit_on_line(
        "param N;\nforS i in 0..N { wr[tid]; sync;\nif 2 * i == N { } else { rd[tid + 1]; sync } }",
        3,
    );
    let e = wellformed(&k, "", &CheckOptions::default(), &Session::new()).unwrap_err();
    assert!(matches!(e, WfError::Unknown { .. }), "{e:?}");
}
