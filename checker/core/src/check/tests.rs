use super::*;
use crate::kernel::Kernel;
use semantics::expr::Nat;
fn kernel_from_source(name: &str, source: &str) -> Result<Kernel, String> {
    Kernel::from_protocol_text(name, source)
}

fn assumptions(src: &str) -> Vec<String> {
    match &verdict(src) {
        Verdict::Drf { assumptions } => assumptions.iter().map(|a| a.condition.clone()).collect(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn provable_nonemptiness_is_not_reported_but_doubtful_one_is() {
    let proved = "forS x in 1..N+1 { forS y in 1..x+1 { wr[tid]; sync } }";
    assert!(assumptions(proved).is_empty());
    let doubtful = "forS x in 0..N { forS y in 0..x { wr[tid]; sync } }";
    assert_eq!(assumptions(doubtful), ["0 < x"]);
}

#[test]
fn arrays_are_checked_separately_with_multi_dimensional_indices() {
    let src = "wr A[tid][0];\nrd B[tid + 1];\nwr B[tid];\nrd A[tid][1];\nwr A[0][tid]";
    let k = kernel_from_source("t", src).expect("parses");
    let r = check_kernel(&k, &CheckOptions::default());
    let names: Vec<&str> = r.arrays.iter().map(|a| a.array.as_str()).collect();
    assert_eq!(names, ["A", "B"]);
    // A: wr A[0][tid] by thread 1 meets rd A[tid][1] by thread 0 at [0][1].
    match &r.arrays[0].verdict {
        Verdict::Racy(w) => {
            assert_eq!(w.index, [Nat::from(0u32), Nat::from(1u32)]);
            assert_eq!(w.accesses[0].index, ["0", "tid"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(r.arrays[1].verdict.is_racy());
    let only_b = CheckOptions {
        array: Some("B".into()),
        ..CheckOptions::default()
    };
    assert_eq!(check_kernel(&k, &only_b).arrays.len(), 1);
}

#[test]
fn unsupported_constructs_forbid_drf() {
    let mut k = kernel_from_source("t", "wr[tid]").expect("parses");
    k.unsupported.push(crate::kernel::Unsupported {
        span: Span::point(1, 1),
        what: "goto".into(),
        kind: crate::kernel::UnsupportedKind::Unmodelled,
    });
    let v = &check_kernel(&k, &CheckOptions::default()).arrays[0].verdict;
    assert!(matches!(v, Verdict::Unknown { .. }), "{v:?}");
}

/// The verdict of the first array of a `.proto` source.
fn verdict(src: &str) -> Verdict {
    let k = kernel_from_source("t", src).expect("test sources parse");
    check_kernel(&k, &CheckOptions::default()).arrays[0]
        .verdict
        .clone()
}

#[test]
fn assumptions_on_thread_identifiers_hold_for_both_threads() {
    // Only even threads exist, so `tid / 2` differs between threads.
    let even = verdict("assume tid % 2 == 0;\nwr[tid / 2]");
    assert!(matches!(even, Verdict::Drf { .. }), "{even:?}");
    assert!(verdict("wr[tid / 2]").is_racy());
}

#[test]
fn witness_accesses_carry_their_source_locations() {
    // Spans compare as positions: a wrong line or column fails here.
    let Verdict::Racy(w) = verdict("wr[tid + 1];\n  rd[tid]") else {
        panic!("racy");
    };
    let mut accesses = w.accesses.to_vec();
    accesses.sort_by_key(|a| (a.span.line, a.span.col));
    let at = |line, col, end_col| Span {
        line,
        col,
        end_line: line,
        end_col,
    };
    let access = |mode, index: &str, span| crate::verdict::WitnessAccess {
        mode,
        array: String::new(),
        index: vec![index.to_string()],
        span,
    };
    assert_eq!(
        accesses,
        [
            access(semantics::Mode::Wr, "tid + 1", at(1, 1, 12)),
            access(semantics::Mode::Rd, "tid", at(2, 3, 10)),
        ]
    );
    assert_ne!(at(1, 1, 12), at(1, 2, 12));
}

#[test]
fn observers_see_every_stage_of_every_case() {
    #[derive(Default)]
    struct Seen(Vec<String>);
    impl Observer for Seen {
        fn kernel(&mut self, k: &Kernel) -> bool {
            self.0.push(format!("kernel {}", k.name));
            true
        }
        fn wellformed(&mut self, array: &str, wf: Result<&Wellformed, &WfError>) {
            let cases = wf.map(|w| w.cases.len()).unwrap_or(0);
            self.0.push(format!("array {array}: {cases} cases"));
        }
        fn case(&mut self, n: usize, _: &Case, cs: &[C], q: Option<&Query>) {
            self.0.push(format!(
                "case {n}: {} closures, query {}",
                cs.len(),
                q.is_some()
            ));
        }
    }
    let k = kernel_from_source("t", "forS r in 0..N { wr A[tid]; sync }; rd B[0]").expect("parses");
    let mut seen = Seen::default();
    observe_kernel(&k, &CheckOptions::default(), &mut seen);
    assert_eq!(
        seen.0,
        [
            "kernel t",
            "array A: 2 cases",
            "case 0: 3 closures, query true",
            "case 1: 2 closures, query false",
            "array B: 2 cases",
            "case 0: 4 closures, query false",
            "case 1: 2 closures, query false",
        ]
    );
}

#[test]
fn witnesses_prefer_small_parameters() {
    // Z3's first model takes N = 100000; a race also exists at N = 7.
    match verdict("if (N >= 100000) { wr[0] } else { if (N == 7) { wr[0] } }") {
        Verdict::Racy(w) => assert_eq!(w.params["N"], Nat::from(7u32)),
        other => panic!("{other:?}"),
    }
}

fn with_threads(t: u64, warp: Option<u64>) -> CheckOptions {
    CheckOptions {
        threads: Some(t),
        warp_sync: warp,
        ..CheckOptions::default()
    }
}

fn first_verdict(k: &Kernel, opts: &CheckOptions) -> ArrayReport {
    check_kernel(k, opts).arrays.remove(0)
}

#[test]
fn threads_of_one_warp_race_only_by_two_writes_of_one_statement() {
    // A read and a write of different statements: ordered within a warp.
    let shift = kernel_from_source("t", "wr[tid];\nrd[tid + 1]").expect("parses");
    assert!(first_verdict(&shift, &with_threads(32, None))
        .verdict
        .is_racy());
    assert!(first_verdict(&shift, &with_threads(32, Some(32)))
        .verdict
        .is_drf());
    // Threads 31 and 32 are in different warps of 32 (not of 64).
    assert!(first_verdict(&shift, &with_threads(64, Some(32)))
        .verdict
        .is_racy());
    assert!(first_verdict(&shift, &with_threads(64, Some(64)))
        .verdict
        .is_drf());
    // Two writes by different statements are ordered too.
    let two = "if tid == 0 { wr[0] };\nif tid == 1 { wr[0] }";
    let two = kernel_from_source("t", two).expect("parses");
    assert!(first_verdict(&two, &with_threads(32, Some(32)))
        .verdict
        .is_drf());
    assert!(first_verdict(&two, &with_threads(32, None))
        .verdict
        .is_racy());
    // Two writes by the same statement conflict, lock-step or not.
    let same = kernel_from_source("t", "wr[tid / 2]").expect("parses");
    let Verdict::Racy(w) = first_verdict(&same, &with_threads(32, Some(32))).verdict else {
        panic!("racy")
    };
    assert_eq!(w.accesses[0].span, w.accesses[1].span);
}

/// `src` with every write storing `value`.
fn writing(src: &str, values: &[Written]) -> Kernel {
    let mut k = kernel_from_source("t", src).expect("parses");
    let mut writes = Vec::new();
    fn collect(b: &[semantics::surface::Stmt], out: &mut Vec<(String, Span)>) {
        use semantics::surface::StmtKind;
        for s in b {
            match &s.kind {
                StmtKind::Access {
                    mode: Mode::Wr,
                    array,
                    ..
                } => out.push((array.clone().unwrap_or_default(), s.span)),
                StmtKind::If {
                    then_branch,
                    else_branch,
                    ..
                } => {
                    collect(then_branch, out);
                    collect(else_branch, out);
                }
                StmtKind::For { body, .. } => collect(body, out),
                _ => {}
            }
        }
    }
    collect(&k.program.body, &mut writes);
    for ((array, span), v) in writes.into_iter().zip(values) {
        k.written.record(&array, span, v.clone());
    }
    k
}

fn zero() -> Written {
    Written::Constant("0".into())
}

#[test]
fn writes_of_one_uniform_value_are_benign_unless_strict() {
    let k = writing("wr[0]", &[zero()]);
    let r = first_verdict(&k, &CheckOptions::default());
    assert!(r.verdict.is_drf(), "{:?}", r.verdict);
    assert_eq!(r.benign.len(), 1);
    let strict = CheckOptions {
        strict: true,
        ..CheckOptions::default()
    };
    let r = first_verdict(&k, &strict);
    assert!(r.verdict.is_racy() && r.benign.is_empty());
    // Two statements storing the same value: one benign pair each way
    // (the same statement twice, and the two statements).
    let k = writing("if tid < 2 { wr[0] } else { wr[0] }", &[zero(), zero()]);
    let r = first_verdict(&k, &CheckOptions::default());
    assert!(r.verdict.is_drf(), "{:?}", r.verdict);
    assert_eq!(r.benign.len(), 3, "{:?}", r.benign);
}

#[test]
fn benign_needs_equal_known_values_and_two_writes() {
    let one = Written::Constant("1".into());
    let differ = writing("if tid < 2 { wr[0] } else { wr[0] }", &[zero(), one]);
    assert!(first_verdict(&differ, &CheckOptions::default())
        .verdict
        .is_racy());
    let unknown = writing("if tid < 2 { wr[0] } else { wr[0] }", &[zero()]);
    assert!(first_verdict(&unknown, &CheckOptions::default())
        .verdict
        .is_racy());
    let read = writing("wr[0];\nrd[0]", &[zero()]);
    let Verdict::Racy(w) = first_verdict(&read, &CheckOptions::default()).verdict else {
        panic!("a read and a write are never benign")
    };
    assert_eq!(w.accesses[1].mode, Mode::Rd);
    // A value mentioning the thread's identifier is not uniform.
    let own = Written::Uniform {
        pos: semantics::NExp::var(semantics::TID),
        neg: semantics::NExp::num(0),
    };
    let k = writing("wr[0]", &[own]);
    assert!(first_verdict(&k, &CheckOptions::default())
        .verdict
        .is_racy());
    let param = Written::Uniform {
        pos: semantics::NExp::var("N"),
        neg: semantics::NExp::num(0),
    };
    let k = writing("wr[0]", &[param]);
    assert!(first_verdict(&k, &CheckOptions::default()).verdict.is_drf());
}

fn read_of(array: &str) -> Written {
    Written::Read {
        array: array.into(),
        index: vec![(semantics::NExp::num(0), semantics::NExp::num(0))],
    }
}

#[test]
fn a_value_read_from_a_race_free_array_is_uniform() {
    // Every thread stores s[0] in d[0]; s is written only before the
    // barrier: the reads agree.
    let k = writing(
        "wr s[tid];\nsync;\nrd s[0];\nwr d[0]",
        &[Written::Unknown, read_of("s")],
    );
    let r = check_kernel(&k, &CheckOptions::default());
    let d = &r.arrays[0];
    assert_eq!(d.array, "d");
    assert!(d.verdict.is_drf(), "{:?}", d.verdict);
    assert_eq!(d.benign.len(), 1);
    assert_eq!(
        d.benign[0].value,
        "the value of `s` read in the same statement, from a race-free array"
    );
    // Thread 0 writes s[0] in the phase of the reads: the threads may
    // read different values, and s itself is racy.
    let k = writing(
        "wr s[tid];\nsync;\nif tid == 0 { wr s[0] };\nrd s[0];\nwr d[0]",
        &[Written::Unknown, Written::Unknown, read_of("s")],
    );
    let r = check_kernel(&k, &CheckOptions::default());
    assert!(r.arrays.iter().all(|a| a.verdict.is_racy()), "{r:?}");
    // Only the arrays the kernel checks count: with `--array d`, s is
    // not proved race-free.
    let k = writing(
        "wr s[tid];\nsync;\nrd s[0];\nwr d[0]",
        &[Written::Unknown, read_of("s")],
    );
    let only_d = CheckOptions {
        array: Some("d".into()),
        ..CheckOptions::default()
    };
    assert!(first_verdict(&k, &only_d).verdict.is_racy());
}
