use super::super::encode::encode;
use super::super::script::{and_all, or_all};
use super::super::z3session::QUERIES_PER_SOLVER;
use super::*;
use crate::numbered::{AccessId, Site, C, U};
use crate::verdict::IntModel;
use semantics::expr::{BExp, NExp, NOp, Nat, ROp};
use semantics::{Access, Mode, TID};
use std::collections::BTreeMap;

fn ctx() -> QueryContext {
    QueryContext {
        logic: IntModel::Nat,
        thread_ids: vec![(TID.into(), NExp::var("T"))],
        locals: Vec::new(),
        params: vec!["T".into()],
        fixed: BTreeMap::new(),
        globals: Vec::new(),
        pairs: Default::default(),
        chains: Default::default(),
    }
}

/// `o[n]` numbered as access `k`.
fn acc(mode: Mode, n: NExp, k: usize) -> U {
    U::Acc(Site {
        id: AccessId(k),
        access: Access::new(mode, vec![n]),
    })
}

/// The context with another logic and, optionally, `T` fixed.
fn ctx_in(logic: IntModel, threads: Option<u64>) -> QueryContext {
    let mut c = ctx();
    c.logic = logic;
    if let Some(t) = threads {
        c.fixed.insert("T".into(), Nat::from(t));
    }
    c
}

/// The query of a protocol with a write (so it may conflict).
fn query(u: U, c: &QueryContext) -> Query {
    encode(&C::U(u), c).expect("a protocol with a write is queried")
}

/// Solves with this thread's session.
fn solve(q: &Query, timeout_ms: u64) -> Answer {
    Session::new().solve(q, timeout_ms)
}

fn answer_in(u: U, c: &QueryContext) -> Answer {
    solve(&query(u, c), 5_000)
}

fn answer(u: U) -> Answer {
    answer_in(u, &ctx())
}

#[test]
fn example5_disjoint_writes_and_reads_overlap() {
    // wr[tid+1]; rd[tid+2]: thread t1 writes t1+1 = t2+2, a race.
    let tid = NExp::tid;
    let u = U::seq(
        acc(Mode::Wr, NExp::add(tid(), NExp::num(1)), 0),
        acc(Mode::Rd, NExp::add(tid(), NExp::num(2)), 1),
    );
    match answer(u) {
        Answer::Sat(m) => {
            let (t1, t2) = (&m["t1.tid"], &m["t2.tid"]);
            assert_ne!(t1, t2);
            assert_eq!(m["idx1.0"], m["idx2.0"]);
        }
        other => panic!("expected a race, got {other:?}"),
    }
}

#[test]
fn own_cell_writes_are_safe_and_monus_is_exact() {
    assert!(matches!(
        answer(acc(Mode::Wr, NExp::tid(), 0)),
        Answer::Unsat
    ));
    // wr[tid - 1]: threads 0 and 1 both write index 0 (monus).
    let u = acc(Mode::Wr, NExp::sub(NExp::tid(), NExp::num(1)), 0);
    assert!(matches!(answer(u), Answer::Sat(_)));
    // wr[tid / 0] writes 0 for everyone; wr[tid % 0] is wr[tid].
    let div0 = acc(Mode::Wr, NExp::bin(NOp::Div, NExp::tid(), NExp::num(0)), 0);
    assert!(matches!(answer(div0), Answer::Sat(_)));
    let mod0 = acc(Mode::Wr, NExp::bin(NOp::Mod, NExp::tid(), NExp::num(0)), 0);
    assert!(matches!(answer(mod0), Answer::Unsat));
}

#[test]
fn reads_alone_and_atomics_alone_are_not_queried() {
    assert!(encode(&C::U(acc(Mode::Rd, NExp::num(0), 0)), &ctx()).is_none());
    assert!(encode(&C::U(acc(Mode::Atomic, NExp::num(0), 0)), &ctx()).is_none());
    let mixed = U::seq(
        acc(Mode::Atomic, NExp::num(0), 0),
        acc(Mode::Rd, NExp::num(0), 1),
    );
    assert!(matches!(answer(mixed), Answer::Sat(_)));
}

#[test]
fn bv32_wraps_around() {
    // wr[tid * 2^31]: threads 0 and 2 collide modulo 2^32, not over ℕ.
    let big = NExp::Num(Nat::from(1u64 << 31));
    let u = acc(Mode::Wr, NExp::mul(NExp::tid(), big), 0);
    assert!(matches!(answer(u.clone()), Answer::Unsat));
    assert!(matches!(
        answer_in(u, &ctx_in(IntModel::Bv32, None)),
        Answer::Sat(_)
    ));
}

#[test]
fn a_session_answers_across_solver_replacements() {
    let session = Session::new();
    let racy = query(acc(Mode::Wr, NExp::num(0), 0), &ctx());
    let safe = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
    for k in 0..QUERIES_PER_SOLVER + 3 {
        let (q, expect_race) = if k % 100 == 0 {
            (&racy, true)
        } else {
            (&safe, false)
        };
        let got = session.solve(q, 5_000);
        assert_eq!(
            matches!(got, Answer::Sat(_)),
            expect_race,
            "query {k}: {got:?}"
        );
    }
    // Replaced at query QUERIES_PER_SOLVER + 1, three queries ago.
    assert_eq!(session.queries.get(), 3);
}

/// wr[A³·tid + B³]; rd[C³·tid + 7ABC + 11A²] with A, B, C > 1: non-linear.
fn hard_query() -> Query {
    let v = NExp::var;
    let cube = |x: &str| NExp::mul(NExp::mul(v(x), v(x)), v(x));
    let wr = NExp::add(NExp::mul(cube("A"), NExp::tid()), cube("B"));
    let abc = NExp::mul(NExp::mul(NExp::mul(NExp::num(7), v("A")), v("B")), v("C"));
    let aa = NExp::mul(NExp::mul(NExp::num(11), v("A")), v("A"));
    let rd = NExp::add(NExp::add(NExp::mul(cube("C"), NExp::tid()), abc), aa);
    let mut c = ctx();
    for x in ["A", "B", "C"] {
        c.params.push(x.into());
        c.globals.push(BExp::rel(ROp::Gt, v(x), NExp::num(1)));
    }
    query(U::seq(acc(Mode::Wr, wr, 0), acc(Mode::Rd, rd, 1)), &c)
}

#[test]
fn a_query_beyond_its_budget_is_unknown_with_the_reason() {
    // 1 ms of budget: a few hundred resource units, whatever the clock.
    match solve(&hard_query(), 1) {
        Answer::Unknown(why) => {
            assert_eq!(why, GaveUp::Timeout { after_ms: 1 });
            assert!(why.to_string().contains("budget of 1 ms"), "{why}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_query_uses_the_same_units_on_every_run() {
    // Each run in a session of its own, in a new Z3 context: the same
    // answer and the same units, which is what makes the per-file budget
    // deterministic.
    let run = || {
        Session::scoped(None, |s| {
            let undecided = matches!(s.solve(&hard_query(), 20), Answer::Unknown(_));
            (undecided, s.spent.get())
        })
    };
    let first = run();
    assert!(first.0, "undecided within 20 ms of units");
    assert!(first.1 >= crate::smt::units_of_ms(20), "{first:?}");
    assert_eq!(run(), first);
}

#[test]
fn a_session_out_of_its_file_budget_asks_nothing() {
    let budget = mapcheck_ir::budget::FileBudget::new(0, 1, 60);
    let meter = budget.meter(0);
    meter.charge(1);
    let safe = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
    let got = Session::scoped(Some(&meter), |s| (s.solve(&safe, 5_000), s.spent.get()));
    assert!(
        matches!(got.0, Answer::Unknown(GaveUp::FileBudget)),
        "{:?}",
        got.0
    );
    assert_eq!(got.1, 0);
}

#[test]
fn a_query_longer_than_the_limit_is_not_asked() {
    // Every thread writes cell 0: a race, when asked.
    let mut q = query(acc(Mode::Wr, NExp::num(0), 0), &ctx());
    assert!(matches!(solve(&q, 5_000), Answer::Sat(_)));
    // The same query with a comment that makes it too long.
    q.text
        .push_str(&format!("; {}\n", "x".repeat(MAX_QUERY_BYTES)));
    let got = Session::scoped(None, |s| (s.solve(&q, 5_000), s.spent.get()));
    match got.0 {
        Answer::Unknown(why @ GaveUp::TooLarge { .. }) => {
            assert!(why.to_string().contains("MB of SMT-LIB"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(got.1, 0, "nothing was asked");
}

/// `wr[tid + k·T]` for `k` in `1..=n` (accesses numbered from `first`).
fn blocks(n: u64, first: usize) -> U {
    let t = || NExp::var("T");
    (1..=n)
        .map(|k| {
            let i = NExp::add(NExp::tid(), NExp::mul(NExp::num(k), t()));
            acc(Mode::Wr, i, first + k as usize)
        })
        .reduce(U::seq)
        .expect("n > 0")
}

#[test]
fn alternatives_are_checked_in_batches_and_a_race_in_the_last_is_found() {
    // Each block of T cells is its own group: 20 alternatives.
    let safe = query(blocks(20, 0), &ctx());
    assert_eq!(safe.alternatives.len(), 20);
    assert_eq!(safe.batch, crate::smt::encode::LINEAR_BATCH);
    assert!(matches!(solve(&safe, 5_000), Answer::Unsat));
    // rd[tid + 20·T + 1] meets the write of thread tid + 1 in block 20.
    let last = NExp::add(
        NExp::add(NExp::tid(), NExp::mul(NExp::num(20), NExp::var("T"))),
        NExp::num(1),
    );
    let racy = query(U::seq(blocks(20, 0), acc(Mode::Rd, last, 99)), &ctx());
    match solve(&racy, 5_000) {
        Answer::Sat(m) => {
            assert_eq!(m["idx1.0"], m["idx2.0"]);
            assert_eq!(&m["t1.tid"] + 0u32, &m["t2.tid"] + 1u32);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn non_linear_queries_check_one_alternative_at_a_time() {
    let sq = NExp::mul(NExp::tid(), NExp::tid());
    let q = query(U::seq(blocks(3, 0), acc(Mode::Wr, sq, 9)), &ctx());
    assert_eq!(q.batch, 1);
    // tid² meets tid' + T, e.g. T = 3: 2² = 1 + 3.
    assert!(matches!(solve(&q, 5_000), Answer::Sat(_)));
}

#[test]
fn a_timeout_leaves_the_session_sound() {
    let session = Session::new();
    let v = NExp::var;
    let cube = |x: &str| NExp::mul(NExp::mul(v(x), v(x)), v(x));
    let mut c = ctx();
    for x in ["A", "B"] {
        c.params.push(x.into());
        c.globals.push(BExp::rel(ROp::Gt, v(x), NExp::num(1)));
    }
    let hard = U::seq(
        acc(
            Mode::Wr,
            NExp::add(NExp::mul(cube("A"), NExp::tid()), cube("B")),
            0,
        ),
        acc(
            Mode::Rd,
            NExp::add(NExp::mul(cube("B"), NExp::tid()), cube("A")),
            1,
        ),
    );
    let safe = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
    let racy = query(acc(Mode::Wr, NExp::num(0), 0), &ctx());
    for timeout in [0, 1, 2, 3, 5, 8] {
        let _ = session.solve(&query(hard.clone(), &c), timeout);
        assert!(matches!(session.solve(&racy, 5_000), Answer::Sat(_)));
        assert!(matches!(session.solve(&safe, 5_000), Answer::Unsat));
    }
    // An assertion left at the base level is not trusted.
    session
        .solver
        .borrow()
        .assert(z3::ast::Bool::from_bool(false));
    assert!(matches!(session.solve(&racy, 5_000), Answer::Sat(_)));
}

#[test]
fn a_query_z3_rejects_is_unknown_not_a_race() {
    let mut q = query(acc(Mode::Wr, NExp::tid(), 0), &ctx());
    q.text
        .push_str("(assert (> |t1.tid| true))\n(assert false)\n");
    match solve(&q, 5_000) {
        Answer::Unknown(why) => {
            assert!(
                matches!(&why, GaveUp::Other(w) if w.contains("Z3 rejected")),
                "{why}"
            )
        }
        other => panic!("{other:?}"),
    }
    // The session is usable afterwards.
    assert!(matches!(
        answer(acc(Mode::Wr, NExp::num(0), 0)),
        Answer::Sat(_)
    ));
}

#[test]
fn bv32_subtraction_wraps_and_fixed_values_are_literals() {
    // wr[tid - 1]: threads 0 and 1 collide over ℕ (monus), not modulo 2^32.
    let u = acc(Mode::Wr, NExp::sub(NExp::tid(), NExp::num(1)), 0);
    assert!(matches!(
        answer_in(u, &ctx_in(IntModel::Bv32, None)),
        Answer::Unsat
    ));
    // wr[0] with T = 2 fixed: threads 0 and 1 race.
    match answer_in(
        acc(Mode::Wr, NExp::num(0), 0),
        &ctx_in(IntModel::Bv32, Some(2)),
    ) {
        Answer::Sat(m) => assert_eq!(m["p.T"], Nat::from(2u32)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn comparisons_mean_the_same_over_nat_and_bv32() {
    // if (tid op 1) wr[0] with T = 3: racy iff two of 0, 1, 2 pass.
    let cases = [
        (ROp::Lt, false),
        (ROp::Le, true),
        (ROp::Gt, false),
        (ROp::Ge, true),
        (ROp::Eq, false),
        (ROp::Ne, true),
    ];
    for (op, racy) in cases {
        let cond = BExp::rel(op, NExp::tid(), NExp::num(1));
        let u = U::If(
            cond,
            Box::new(acc(Mode::Wr, NExp::num(0), 0)),
            Box::new(U::Skip),
        );
        for logic in [IntModel::Nat, IntModel::Bv32] {
            let got = answer_in(u.clone(), &ctx_in(logic, Some(3)));
            let ok = match got {
                Answer::Sat(_) => racy,
                Answer::Unsat => !racy,
                Answer::Unknown(_) => false,
            };
            assert!(ok, "{op:?} in {logic:?}: {got:?}");
        }
    }
}

#[test]
fn connectives_of_no_formula_are_constants_and_of_one_the_formula() {
    // Z3 4.8.12 rejects `(or)` and `(and)`.
    let solver = z3::Solver::new();
    assert!(assert_script(&solver, "(assert (or))").is_err());
    assert!(assert_script(&solver, "(assert (and))").is_err());
    assert_eq!(or_all(&[]), "false");
    assert_eq!(and_all(&[]), "true");
    assert_eq!(or_all(&["x".into()]), "x");
    assert_eq!(and_all(&["x".into()]), "x");
    assert_eq!(or_all(&["x".into(), "y".into()]), "(or x y)");
}

#[test]
fn obligations_are_proved_once_and_remembered_by_their_text() {
    let session = Session::new();
    let c = ctx();
    // `tid < T` holds for every thread; `tid < 1` does not.
    let tid = || NExp::Var(super::super::counterexample::thread_copy(TID, 1));
    let holds = BExp::rel(ROp::Lt, tid(), NExp::var("T"));
    let fails = BExp::rel(ROp::Lt, tid(), NExp::num(1));
    // With C's wrap-around (the fresh solvers' path): `tid % 256 < 256`.
    let wraps = BExp::rel(
        ROp::Lt,
        NExp::bin(NOp::Mod, tid(), NExp::num(256)),
        NExp::num(256),
    );
    for _ in 0..2 {
        assert!(session.proves(&[], &holds, &c, 10_000));
        assert!(!session.proves(&[], &fails, &c, 10_000));
        assert!(session.proves(&[], &wraps, &c, 10_000));
    }
    assert_eq!(session.proved.borrow().len(), 3);
}
