//! The fail-closed invariant of the inference, on hand-built syntax trees:
//! whatever the front end cannot locate is reported *and* becomes accesses
//! at unknown indices of the arrays it may reach; nothing is dropped.

use super::*;

fn sp(line: u32) -> Span {
    Span::point(line, 1)
}

fn e(kind: EK) -> E {
    E::new(kind, sp(1))
}

fn var(name: &str) -> E {
    e(EK::Var(name.into(), name.into(), RefKind::Local))
}

fn stmt(kind: SK) -> S {
    S { kind, span: sp(1) }
}

fn assign(l: E, r: E) -> S {
    stmt(SK::Expr(e(EK::Assign(None, Box::new(l), Box::new(r)))))
}

fn index(base: E, i: E) -> E {
    e(EK::Index(Box::new(base), Box::new(i)))
}

fn tid() -> E {
    e(EK::Builtin("threadIdx.x".into()))
}

fn ptr_param(name: &str) -> VarDecl {
    VarDecl {
        ty: None,
        sizes: vec![],
        elem_bytes: None,
        name: name.into(),
        key: name.into(),
        shape: Shape::Pointer,
        memory: Memory::Local,
        init: None,
        span: sp(1),
        read_only: false,
        to_scalar: false,
        file: None,
    }
}

/// Runs a kernel with pointer parameters `a` and `b` and the given body.
fn infer(body: Vec<S>) -> Output {
    infer_with(body, &BTreeMap::new())
}

/// [`infer`] under launch limits (`blockDim.x` → its largest value).
fn infer_with(body: Vec<S>, limits: &BTreeMap<String, i128>) -> Output {
    let (unit, f) = kernel_unit(vec![ptr_param("a"), ptr_param("b")], body);
    Infer::new(&unit, Vec::<String>::new())
        .launch_limits(limits)
        .kernel(&f)
}

/// A unit holding one kernel `k` with `params` and `body`.
fn kernel_unit(params: Vec<VarDecl>, body: Vec<S>) -> (Unit, Func) {
    let f = Func {
        name: "k".into(),
        key: "k".into(),
        params,
        body: stmt(SK::Block(body)),
        is_kernel: true,
        span: sp(1),
        in_main_file: true,
        library: false,
        file: None,
        offset: 0,
        signature: None,
    };
    let unit = Unit {
        funcs: vec![f.clone()],
        ..Default::default()
    };
    (unit, f)
}

/// The (mode, array) of every access, in order (through branches).
fn accesses(block: &[Stmt]) -> Vec<(Mode, String)> {
    let mut out = Vec::new();
    for s in block {
        match &s.kind {
            StmtKind::Access {
                mode,
                array: Some(a),
                ..
            } => out.push((*mode, a.clone())),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                out.extend(accesses(then_branch));
                out.extend(accesses(else_branch));
            }
            StmtKind::For { body, .. } => out.extend(accesses(body)),
            _ => {}
        }
    }
    out
}

fn writes_to(out: &Output, array: &str) -> bool {
    accesses(&out.body)
        .iter()
        .any(|(m, a)| *m == Mode::Wr && a == array)
}

#[test]
fn a_write_to_an_unmodelled_lvalue_writes_every_array() {
    let target = e(EK::Unknown("some new construct".into(), vec![]));
    let out = infer(vec![assign(target, e(EK::Int(1)))]);
    assert!(!out.unsupported.is_empty());
    assert!(
        writes_to(&out, "a") && writes_to(&out, "b"),
        "{:?}",
        out.body
    );
    assert!(accesses(&out.body).iter().all(|(_, a)| a != ANY_ARRAY));
}

#[test]
fn the_commuted_subscript_is_the_element() {
    // 0[a] = tid
    let out = infer(vec![assign(index(e(EK::Int(0)), var("a")), tid())]);
    assert!(out.unsupported.is_empty(), "{:?}", out.unsupported);
    assert_eq!(accesses(&out.body), vec![(Mode::Wr, "a".to_string())]);
}

#[test]
fn indexing_a_value_read_from_memory_writes_every_array() {
    // a[b[0]][0] = 1: the pointer came from memory
    let inner = index(var("b"), e(EK::Int(0)));
    let out = infer(vec![assign(index(inner, e(EK::Int(0))), e(EK::Int(1)))]);
    assert!(!out.unsupported.is_empty());
    assert!(
        writes_to(&out, "a") && writes_to(&out, "b"),
        "{:?}",
        out.body
    );
}

#[test]
fn a_field_through_a_pointer_is_the_pointed_element() {
    // a->x = tid  is  (*a).x = tid
    let deref = e(EK::Un(UnOp::Deref, Box::new(var("a"))));
    let member = e(EK::Member(Box::new(deref), "x".into(), Shape::Scalar));
    let out = infer(vec![assign(member, tid())]);
    assert!(out.unsupported.is_empty(), "{:?}", out.unsupported);
    assert_eq!(accesses(&out.body), vec![(Mode::Wr, "a".to_string())]);
}

#[test]
fn a_conditional_lvalue_writes_under_its_condition() {
    // (tid < 1 ? a[0] : b[0]) = 1
    let c = e(EK::Bin(BinOp::Lt, Box::new(tid()), Box::new(e(EK::Int(1)))));
    let l = e(EK::Cond(
        Box::new(c),
        Box::new(index(var("a"), e(EK::Int(0)))),
        Box::new(index(var("b"), e(EK::Int(0)))),
    ));
    let out = infer(vec![assign(l, e(EK::Int(1)))]);
    assert!(
        writes_to(&out, "a") && writes_to(&out, "b"),
        "{:?}",
        out.body
    );
}

fn call(name: &str, library: bool, free: bool) -> S {
    let callee = Callee::named(name, None, library, free);
    stmt(SK::Expr(e(EK::Call(callee, vec![]))))
}

#[test]
fn a_call_through_a_function_pointer_touches_every_array() {
    let out = infer(vec![
        assign(index(var("a"), tid()), e(EK::Int(0))),
        call("", false, false),
    ]);
    assert!(!out.unsupported.is_empty());
    assert!(writes_to(&out, "b"), "{:?}", out.body);
}

#[test]
fn an_extern_free_function_reaches_only_file_scope_memory() {
    let out = infer(vec![call("extern_fn", false, true)]);
    assert!(
        out.notes
            .iter()
            .any(|n| n.contains("`extern_fn` (no body here)")),
        "never silently assumed: {:?}",
        out.notes
    );
    assert!(!writes_to(&out, "a"), "{:?}", out.body);
}

#[test]
fn a_constructor_without_a_body_is_unsupported() {
    let mut callee = Callee::named("S", None, false, true);
    callee.constructor = true;
    let out = infer(vec![stmt(SK::Expr(e(EK::Call(callee, vec![]))))]);
    assert!(!out.unsupported.is_empty());
}

#[test]
fn a_library_function_without_pointers_touches_nothing() {
    let out = infer(vec![call("sqrtf", true, true)]);
    assert!(out.unsupported.is_empty());
    assert!(accesses(&out.body).is_empty());
}

#[test]
fn a_user_function_named_atomic_is_not_an_atomic() {
    let callee = Callee::named("atomicMine", None, false, true);
    let call = stmt(SK::Expr(e(EK::Call(callee, vec![var("a")]))));
    let out = infer(vec![call]);
    let acc = accesses(&out.body);
    assert!(acc.contains(&(Mode::Wr, "a".to_string())), "{acc:?}");
    assert!(acc.iter().all(|(m, _)| *m != Mode::Atomic), "{acc:?}");
}

#[test]
fn an_unknown_statement_is_reported() {
    let out = infer(vec![stmt(UnmodelledStmt::memory("GCCAsmStmt"))]);
    assert!(!out.unsupported.is_empty());
}

/// What an unmodelled statement may do decides its accesses, whatever its
/// text says: one that may touch memory reads and writes every array the
/// kernel reaches, one that changes control flow only touches none.
#[test]
fn an_unmodelled_statement_accesses_what_its_reach_says() {
    // The two texts are swapped on purpose: the reach decides, not the name.
    let memory = infer(vec![stmt(UnmodelledStmt::memory("GotoStmt"))]);
    let acc = accesses(&memory.body);
    for array in ["a", "b"] {
        assert!(acc.contains(&(Mode::Wr, array.to_string())), "{acc:?}");
        assert!(acc.contains(&(Mode::Rd, array.to_string())), "{acc:?}");
    }
    let control = infer(vec![stmt(UnmodelledStmt::control("GCCAsmStmt"))]);
    assert!(accesses(&control.body).is_empty(), "{:?}", control.body);
    assert!(!control.unsupported.is_empty());
}

#[test]
fn an_expression_holding_statements_is_unsupported_and_writes_every_array() {
    // `({ a[0] = t; 0; })`: the statements inside are not seen.
    let out = infer(vec![stmt(SK::Expr(e(EK::Opaque("StmtExpr".into()))))]);
    assert!(!out.unsupported.is_empty());
    assert!(
        writes_to(&out, "a") && writes_to(&out, "b"),
        "{:?}",
        out.body
    );
}

#[test]
fn an_unsigned_result_wraps_and_a_signed_one_does_not() {
    let uchar = IntTy {
        bits: 8,
        signed: false,
    };
    // a[(unsigned char)(300)] is a[44]; a[(int)300] is a[300].
    let idx = |ty| E {
        kind: EK::Cast(Box::new(e(EK::Int(300)))),
        span: sp(1),
        ty: Some(ty),
    };
    for (ty, want) in [(uchar, 44u64), (IntTy::INT, 300)] {
        let out = infer(vec![assign(index(var("a"), idx(ty)), e(EK::Int(1)))]);
        let text = format!("{:?}", out.body);
        assert!(text.contains(&format!("Num({want})")), "{ty:?}: {text}");
    }
}

#[test]
fn launch_limits_decide_whether_an_unsigned_index_wraps() {
    // a[threadIdx.x + 1u]: below 2^32 when blockDim.x <= 1024, so no `%`;
    // without a limit on blockDim.x it may wrap.
    let uint = |kind| E {
        kind,
        span: sp(1),
        ty: Some(IntTy::UINT),
    };
    let index_expr = uint(EK::Bin(
        BinOp::Add,
        Box::new(uint(EK::Builtin("threadIdx.x".into()))),
        Box::new(uint(EK::Int(1))),
    ));
    let body = || vec![assign(index(var("a"), index_expr.clone()), e(EK::Int(1)))];
    let limits: BTreeMap<String, i128> = [("blockDim.x".to_string(), 1024)].into();
    let bounded = format!("{:?}", infer_with(body(), &limits).body);
    let unbounded = format!("{:?}", infer_with(body(), &BTreeMap::new()).body);
    assert!(!bounded.contains("Mod"), "{bounded}");
    assert!(unbounded.contains("Mod"), "{unbounded}");
}

// ----- what writes store (values.rs) ------------------------------------

fn typed(kind: EK, ty: Option<IntTy>) -> E {
    E {
        kind,
        span: sp(1),
        ty,
    }
}

const U32: Option<IntTy> = Some(IntTy {
    bits: 32,
    signed: false,
});

/// The value recorded for the writes at line 1 of a kernel with pointer
/// parameters `a`, `b` and the unsigned parameter `n`.
fn stored(body: Vec<S>) -> Written {
    let n = VarDecl {
        ty: U32,
        shape: Shape::Scalar,
        ..ptr_param("n")
    };
    let (unit, f) = kernel_unit(vec![ptr_param("a"), ptr_param("b"), n], body);
    let out = Infer::new(&unit, Vec::<String>::new()).kernel(&f);
    out.written.at("a", sp(1)).clone()
}

fn a0() -> E {
    index(var("a"), e(EK::Int(0)))
}

#[test]
fn a_literal_stored_to_a_non_integer_cell_is_a_constant() {
    let zero = e(EK::Cast(Box::new(e(EK::Int(0)))));
    assert_eq!(
        stored(vec![assign(a0(), zero)]),
        Written::Constant("0.0".into())
    );
    // The same location storing two different values is unknown.
    let two = vec![
        assign(a0(), e(EK::Float(Some(1.0)))),
        assign(a0(), e(EK::Float(Some(2.0)))),
    ];
    assert_eq!(stored(two), Written::Unknown);
    // A thread's own value, a value read from memory, a compound assignment.
    assert_eq!(stored(vec![assign(a0(), tid())]), Written::Unknown);
    let b0 = index(var("b"), e(EK::Int(0)));
    assert_eq!(stored(vec![assign(a0(), b0)]), Written::Unknown);
    let add = EK::Assign(Some(BinOp::Add), Box::new(a0()), Box::new(e(EK::Int(1))));
    assert_eq!(stored(vec![stmt(SK::Expr(e(add)))]), Written::Unknown);
}

#[test]
fn an_unchanged_integer_parameter_is_a_uniform_value() {
    let a0 = typed(EK::Index(Box::new(var("a")), Box::new(e(EK::Int(0)))), U32);
    let n = || typed(EK::Var("n".into(), "n".into(), RefKind::Local), U32);
    let n_plus_1 = typed(
        EK::Bin(BinOp::Add, Box::new(n()), Box::new(typed(EK::Int(1), U32))),
        U32,
    );
    let w = stored(vec![assign(a0.clone(), n_plus_1.clone())]);
    assert!(
        matches!(&w, Written::Uniform { pos, .. } if pos.to_string() == "n + 1"),
        "{w:?}"
    );
    // Once a thread changes its copy of `n`, `n` is no longer the launch
    // value, whatever it now holds.
    let change = stmt(SK::Expr(e(EK::Assign(
        None,
        Box::new(n()),
        Box::new(typed(EK::Builtin("threadIdx.x".into()), U32)),
    ))));
    let change = S {
        span: sp(2),
        ..change
    };
    assert_eq!(stored(vec![change, assign(a0, n_plus_1)]), Written::Unknown);
}

#[test]
fn a_case_label_inside_a_statement_of_a_switch_is_unsupported() {
    // switch (tid) { case 0: if (tid > 1000) { case 1: a[0] = 1; } }: odd
    // threads enter at `case 1` (Duff's device), which the flattened cases
    // do not see.
    let write = assign(index(var("a"), e(EK::Int(0))), e(EK::Int(1)));
    let inner = stmt(SK::Case(Some(e(EK::Int(1))), Box::new(write)));
    let cond = e(EK::Bin(
        BinOp::Gt,
        Box::new(tid()),
        Box::new(e(EK::Int(1000))),
    ));
    let guarded = stmt(SK::If(cond, Box::new(stmt(SK::Block(vec![inner]))), None));
    let case0 = stmt(SK::Case(Some(e(EK::Int(0))), Box::new(guarded)));
    let switch = stmt(SK::Switch(tid(), Box::new(stmt(SK::Block(vec![case0])))));
    let out = infer(vec![switch]);
    assert!(!out.unsupported.is_empty(), "{:?}", out.body);
}

/// A name of the encoding's own never spells an identifier of the source
/// (a report quoting `target[g]` must not share the word `g` with an
/// unknown), while a local of the user's keeps its C name where free.
#[test]
fn internal_names_avoid_the_source_s_identifiers() {
    let (unit, _) = kernel_unit(vec![ptr_param("a")], vec![]);
    let source: BTreeSet<String> = ["g", "g_1", "index_base"].map(String::from).into();
    let mut infer = Infer::new(&unit, Vec::<String>::new()).source_names(&source);
    assert_eq!(infer.fresh_internal_name("g"), "g_2");
    assert_eq!(infer.fresh_internal_name("index_base"), "index_base_1");
    assert_eq!(infer.fresh_name("g"), "g");
    assert_eq!(
        infer.fresh_name("g"),
        "g_3",
        "suffixes go on from the last one given"
    );
}
