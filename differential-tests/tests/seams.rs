//! Properties at the seams between the stages of the reference and the
//! checker (`proofs-notes/seams.md`):
//!
//! - Definition 3 with `align` (Fig. 6 and Fig. 13 of `seeds/000_*`): the
//!   phases an aligned protocol produces, in order, followed by the phase of
//!   its unsynchronized remainder, are the history of the protocol, and DRF of
//!   the aligned protocol (Definition 3) is DRF of the history (Definition 2).
//! - The checker's linear phase splitting: `closures(p)` (checker
//!   `phases.rs`) has the same instantiated phases as `split(align(p))`.
//! - Lemma 2 as a property that can fail: the ways the code evaluates an
//!   expression (substitution in either order, an environment, after
//!   `simplify`) agree.

use differential_tests::protocols::Case;
use differential_tests::{check, reference_history};
use quickcheck::{Arbitrary, Gen, TestResult};
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::history::{safe, Phase};
use semantics::{align, split_pair, Nat, Threads, A, C};
use std::collections::{BTreeMap, BTreeSet};

/// `a; u; sync`, the reading of `align(p) = (a, u)` that Proposition 1 uses.
fn aligned_whole(p: &semantics::W) -> A {
    let (a, u) = align(p);
    A::seq(a, A::Sync(u))
}

/// Definition 3 and Fig. 13 (`A::phases`, `A::race`) against Fig. 5 (`W::eval`):
/// the phases of `align(p) = (a, u)` read as `a; u; sync` are the phases of
/// `p ↓` in order, and `a` is DRF
/// (Definition 3) iff `p ↓` is safe (Definition 2).
#[test]
fn aligned_phases_are_the_history_and_definition3_is_definition2() {
    check(|case: Case| {
        let threads = Threads::new(case.threads);
        let a = aligned_whole(&case.protocol);
        let phases = match a.phases(&threads) {
            Ok(ph) => ph,
            Err(e) => return TestResult::error(format!("align(p) does not run: {e}")),
        };
        // The last phase of `p ↓` is the code after the last barrier: `u`.
        let history: Vec<Phase> = reference_history(&case.protocol, case.threads)
            .into_iter()
            .collect();
        if phases != history {
            return TestResult::error(format!(
                "phases of align(p) differ from p ↓:\n{phases:?}\n{history:?}\n{a}"
            ));
        }
        let drf3 = matches!(a.race(&threads), Ok(None));
        let drf2 = safe(&reference_history(&case.protocol, case.threads));
        TestResult::from_bool(drf3 == drf2)
    });
}

/// The instantiated phases of a closure: one per value of its `var`s.
fn instances(c: &C, threads: &Threads, out: &mut BTreeSet<Phase>) -> Result<(), String> {
    match c {
        C::U(u) => {
            out.insert(u.eval_par(threads).map_err(|e| e.to_string())?);
            Ok(())
        }
        C::Var(x, n, m, rest) => {
            let lo = n.eval().map_err(|e| format!("{e:?}"))?;
            let hi = m.eval().map_err(|e| format!("{e:?}"))?;
            let mut j = lo;
            while j < hi {
                let inner = semantics::membership::subst_c(rest, x, &NExp::Num(j.clone()));
                instances(&inner, threads, out)?;
                j += 1u32;
            }
            Ok(())
        }
    }
}

fn instance_set(cs: &[C], threads: &Threads) -> Result<BTreeSet<Phase>, String> {
    let mut out = BTreeSet::new();
    for c in cs {
        instances(c, threads, &mut out)?;
    }
    // The empty phase is not a phase anyone can race in; `closures` drops
    // `skip` closures that `split` keeps.
    out.remove(&Phase::new());
    Ok(out)
}

/// `closures(p)` (checker, linear) and `split(align(p))` (reference, Fig. 8)
/// instantiate to the same set of phases — on random protocols, not only on
/// the hand-written ones of the unit tests.
#[test]
fn checker_closures_instantiate_like_split_align() {
    check(|case: Case| {
        let threads = Threads::new(case.threads);
        let numbered = mapcheck_core::numbered::W::number(
            &case.protocol,
            &mut (0..).map(mapcheck_core::numbered::AccessId),
        )
        .expect("enough ids");
        let fast: Vec<semantics::C> = mapcheck_core::phases::closures(&numbered)
            .iter()
            .map(|c| c.erase())
            .collect();
        let reference = split_pair(&align(&case.protocol));
        match (
            instance_set(&fast, &threads),
            instance_set(&reference, &threads),
        ) {
            (Ok(f), Ok(r)) if f == r => TestResult::passed(),
            (f, r) => TestResult::error(format!(
                "closures(p) and split(align(p)) differ:\n{f:?}\n{r:?}\n{}",
                case.protocol
            )),
        }
    });
}

/// A random expression over `x`, `y`, `z`, with an assignment to all of them.
#[derive(Clone, Debug)]
struct ClosedExpr {
    n: NExp,
    b: BExp,
    env: BTreeMap<String, u64>,
}

fn gen_n(g: &mut Gen, depth: u32) -> NExp {
    match u8::arbitrary(g) % 4 {
        0 | 1 if depth > 0 => {
            let op = *g
                .choose(&[NOp::Add, NOp::Sub, NOp::Mul, NOp::Div, NOp::Mod])
                .unwrap();
            NExp::bin(op, gen_n(g, depth - 1), gen_n(g, depth - 1))
        }
        2 => NExp::var(g.choose(&["x", "y", "z"]).unwrap()),
        _ => NExp::num(u64::arbitrary(g) % 12),
    }
}

impl Arbitrary for ClosedExpr {
    fn arbitrary(g: &mut Gen) -> ClosedExpr {
        let n = gen_n(g, 4);
        let op = *g
            .choose(&[ROp::Eq, ROp::Ne, ROp::Lt, ROp::Le, ROp::Gt, ROp::Ge])
            .unwrap();
        let mut b = BExp::rel(op, gen_n(g, 2), n.clone());
        if bool::arbitrary(g) {
            b = BExp::and(b, BExp::not(BExp::rel(ROp::Lt, gen_n(g, 1), gen_n(g, 1))));
        }
        let env = ["x", "y", "z"]
            .iter()
            .map(|x| (x.to_string(), u64::arbitrary(g) % 20))
            .collect();
        ClosedExpr { n, b, env }
    }
}

/// An independent evaluator of the total ℕ operators (`docs/proto-format.md`, "Numbers").
fn spec_n(n: &NExp, env: &BTreeMap<String, u64>) -> Nat {
    match n {
        NExp::Num(k) => k.clone(),
        NExp::Var(x) => Nat::from(env[x]),
        NExp::Bin(op, a, b) => {
            let (a, b) = (spec_n(a, env), spec_n(b, env));
            let zero = Nat::from(0u32);
            match op {
                NOp::Add => a + b,
                NOp::Sub => {
                    if b > a {
                        zero
                    } else {
                        a - b
                    }
                }
                NOp::Mul => a * b,
                NOp::Div => {
                    if b == zero {
                        zero
                    } else {
                        a / b
                    }
                }
                NOp::Mod => {
                    if b == zero {
                        a
                    } else {
                        a % b
                    }
                }
            }
        }
    }
}

/// Lemma 2 (`n_step_fun`, `b_step_fun`): evaluation is a function.  The
/// code reaches a value by several derivations — substituting the variables
/// in different orders, substituting an environment at once (BabyCUDA's
/// `close_n`), evaluating after `simplify` — and they must agree, with each
/// other and with an independent evaluator of the ℕ operators.
#[test]
fn lemma2_every_evaluation_path_gives_one_value() {
    check(|c: ClosedExpr| {
        let order1: Vec<_> = c.env.iter().collect();
        let mut order2 = order1.clone();
        order2.reverse();
        let subst_n = |order: &[(&String, &u64)]| {
            order
                .iter()
                .fold(c.n.clone(), |n, (x, v)| n.subst(x, &NExp::num(**v)))
        };
        let subst_b = |order: &[(&String, &u64)]| {
            order
                .iter()
                .fold(c.b.clone(), |b, (x, v)| b.subst(x, &NExp::num(**v)))
        };
        let env: BTreeMap<String, Nat> = c
            .env
            .iter()
            .map(|(x, v)| (x.clone(), Nat::from(*v)))
            .collect();
        let n1 = subst_n(&order1).eval();
        let n2 = subst_n(&order2).eval();
        let n3 = semantics::babycuda::eval::close_n(&c.n, &env).eval();
        let n4 = subst_n(&order1).simplify().eval();
        let b1 = subst_b(&order1).eval();
        let b2 = subst_b(&order2).eval();
        let b3 = semantics::babycuda::eval::close_b(&c.b, &env).eval();
        let b4 = subst_b(&order1).simplify().eval();
        let spec = spec_n(&c.n, &c.env);
        let ok = n1 == n2
            && n1 == n3
            && n1 == n4
            && n1.as_ref().ok() == Some(&spec)
            && b1 == b2
            && b1 == b3
            && b1 == b4
            && b1.is_ok();
        if ok {
            TestResult::passed()
        } else {
            TestResult::error(format!(
                "{n1:?} {n2:?} {n3:?} {n4:?} spec {spec}; {b1:?} {b2:?} {b3:?} {b4:?}"
            ))
        }
    });
}
