//! The lemmas of Sec. 5 of `seeds/000_*` that can be executed, on random
//! protocols, with the judgments of Figs. 10–14 (`semantics::membership`).
//! Accesses and pairs are drawn from the protocol's own history plus
//! near-misses (index or owner shifted by one), so both answers occur.

use differential_tests::protocols::{protocol, Case};
use differential_tests::{check, reference_history};
use quickcheck::{Arbitrary, Gen, TestResult};
use semantics::aligned::seq_u_a;
use semantics::expr::{BExp, NExp, NOp, ROp};
use semantics::membership::*;
use semantics::trace::{seq, THREAD_COUNT};
use semantics::{align, split_pair, trace, AccessValue, Nat, A, TID, U, W};

/// Accesses of `p`'s history and their near-misses, at most `limit`.
fn universe(p: &W, threads: u64, limit: usize) -> Vec<AccessValue> {
    let mut out: Vec<AccessValue> = Vec::new();
    for phase in reference_history(p, threads) {
        for a in phase {
            let mut shifted = a.clone();
            shifted.index[0] += 1u32;
            let mut other = a.clone();
            other.owner = (a.owner.clone() + 1u32) % Nat::from(threads);
            for v in [a, shifted, other] {
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
    }
    out.truncate(limit);
    out
}

/// Up to `limit` pairs of the universe (a deterministic spread).
fn pairs(u: &[AccessValue], limit: usize) -> Vec<(AccessValue, AccessValue)> {
    let mut out = Vec::new();
    for (k, a) in u.iter().enumerate() {
        for b in u.iter().skip(k % 3).step_by(3) {
            out.push((a.clone(), b.clone()));
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

/// Lemma 3 (`i_last_align`, `faial-coq/src/Align.v`): with `align(p) = (a, u)`,
/// `α ∈U u ⟺ α ∈W lst(p)`.
#[test]
fn lemma3_align_preserves_the_last_phase() {
    check(|case: Case| {
        let (_, u) = align(&case.protocol);
        let ok = universe(&case.protocol, case.threads, 40)
            .iter()
            .all(|x| in_u(x, &u, case.threads) == in_w_lst(x, &case.protocol, case.threads));
        TestResult::from_bool(ok)
    });
}

/// Lemma 4 (`i_first_align`, `faial-coq/src/Align.v`): `α ∈W fst(p) ⟺ α ∈A fst(a)`.
#[test]
fn lemma4_align_preserves_the_first_phase() {
    check(|case: Case| {
        let (a, _) = align(&case.protocol);
        let ok = universe(&case.protocol, case.threads, 40)
            .iter()
            .all(|x| in_w_fst(x, &case.protocol, case.threads) == in_a_fst(x, &a, case.threads));
        TestResult::from_bool(ok)
    });
}

/// Lemmas 6 and 10 (`in_1`, `in_2`, `faial-coq/src/Align.v`):
/// `φ ⊆A align(p) ⟺ φ ⊆W p` (up to the order of the pair: `⊆W-SEQ-B` is
/// stated for the ordered pair, `⊆A` is symmetric).
#[test]
fn lemmas6_10_align_preserves_and_reflects_pairs() {
    check(|case: Case| {
        let (p, t) = (&case.protocol, case.threads);
        let aligned = align(p);
        let ok = pairs(&universe(p, t, 24), 60).iter().all(|(x, y)| {
            let in_w = pair_in_w((x, y), p, t) || pair_in_w((y, x), p, t);
            in_w == pair_in_a_pair((x, y), &aligned, t)
        });
        TestResult::from_bool(ok)
    });
}

/// Lemmas 11 and 12 (`in_phases_1`, `i_pair_in_ph`, `faial-coq/src/PhaseSplit.v`):
/// `φ ⊆A (a, u) ⟺ ∃c ∈ split((a, u)): φ ⊆C c`.
#[test]
fn lemmas11_12_split_preserves_and_reflects_pairs() {
    check(|case: Case| {
        let (p, t) = (&case.protocol, case.threads);
        let aligned = align(p);
        let closures = split_pair(&aligned);
        let ok = pairs(&universe(p, t, 24), 60).iter().all(|(x, y)| {
            pair_in_a_pair((x, y), &aligned, t) == closures.iter().any(|c| pair_in_c((x, y), c, t))
        });
        TestResult::from_bool(ok)
    });
}

/// Lemma 13 (`s_in_p_in_iff`, `faial-coq/src/Sequentialization.v`): for
/// `i ∈ T` and `owner(α) = i`, `α ∈H trace(u)[tid := i] ⟺ α ∈U u`.
#[test]
fn lemma13_trace_membership() {
    check(|case: Case| {
        let (p, t) = (&case.protocol, case.threads);
        let closures = split_pair(&align(p));
        let ok = closures.iter().all(|c| {
            let u = innermost_instance(c);
            universe(p, t, 30).iter().all(|x| {
                let i = x.owner.clone();
                let h = trace(&u).subst(TID, &NExp::Num(i));
                in_h(x, &h) == in_u(x, &u, t)
            })
        });
        TestResult::from_bool(ok)
    });
}

/// The unsynchronized protocol of a closure with its `var`s at their lower bounds.
fn innermost_instance(c: &semantics::C) -> U {
    match c {
        semantics::C::U(u) => u.clone(),
        semantics::C::Var(x, n, _, body) => innermost_instance(&subst_c(body, x, n)),
    }
}

/// Lemmas 15 and 17 (`i_pair_in_1`, `faial-coq/src/Sequentialization.v`;
/// `in_1`, `faial-coq/src/Main.v`): `φ ⊆H seq(c) ⟹ φ ⊆C c`; and Lemmas 16 and
/// 18 (`i_pair_in_2`; `in_2`): for different owners, `φ ⊆C c ⟹ φ ⊆H seq(c)`
/// (in one of the two orders: `seq` puts the larger thread id first).
#[test]
fn lemmas15_18_seq_preserves_and_reflects_pairs_of_different_threads() {
    check(|case: Case| {
        let (p, t) = (&case.protocol, case.threads);
        let closures = split_pair(&align(p));
        let candidates = pairs(&universe(p, t, 20), 40);
        let ok = closures.iter().all(|c| {
            let h = seq(c).subst(THREAD_COUNT, &NExp::num(t));
            candidates.iter().all(|(x, y)| {
                let in_h = pair_in_h((x, y), &h) || pair_in_h((y, x), &h);
                let in_c = pair_in_c((x, y), c, t);
                let reflects = !in_h || in_c;
                let preserves = x.owner == y.owner || !in_c || in_h;
                reflects && preserves
            })
        });
        TestResult::from_bool(ok)
    });
}

/// A random expression and an assignment to some of its variables.
#[derive(Clone, Debug)]
struct ExprCase {
    n: NExp,
    b: BExp,
    assigned: Vec<(String, u64)>,
}

impl Arbitrary for ExprCase {
    fn arbitrary(g: &mut Gen) -> ExprCase {
        let vars = ["x", "y", "z"];
        fn gen_n(g: &mut Gen, vars: &[&str], depth: u32) -> NExp {
            match u8::arbitrary(g) % 4 {
                0 if depth > 0 => {
                    let op = *g
                        .choose(&[NOp::Add, NOp::Sub, NOp::Mul, NOp::Div, NOp::Mod])
                        .unwrap();
                    NExp::bin(op, gen_n(g, vars, depth - 1), gen_n(g, vars, depth - 1))
                }
                1 => NExp::var(g.choose(vars).unwrap()),
                _ => NExp::num(u64::arbitrary(g) % 50),
            }
        }
        let n = gen_n(g, &vars, 3);
        let b = BExp::Rel(
            *g.choose(&[ROp::Lt, ROp::Eq, ROp::Ge]).unwrap(),
            gen_n(g, &vars, 2),
            n.clone(),
        );
        let mut assigned = Vec::new();
        for x in vars {
            if bool::arbitrary(g) {
                assigned.push((x.to_string(), u64::arbitrary(g) % 10));
            }
        }
        ExprCase { n, b, assigned }
    }
}

/// Lemma 1 (`n_step_iff_closed`, `b_step_iff_closed`) and Lemma 2
/// (`n_step_fun`, `b_step_fun`): evaluation is defined iff the expression is
/// closed, and deterministic.
#[test]
fn lemmas1_2_evaluation_defined_iff_closed_and_deterministic() {
    check(|case: ExprCase| {
        let (mut n, mut b) = (case.n.clone(), case.b.clone());
        for (x, v) in &case.assigned {
            n = n.subst(x, &NExp::num(*v));
            b = b.subst(x, &NExp::num(*v));
        }
        let ok = n.eval().is_ok() == n.fv().is_empty()
            && b.eval().is_ok() == b.fv().is_empty()
            && n.eval() == n.eval()
            && b.eval() == b.eval();
        TestResult::from_bool(ok)
    });
}

/// `simplify` (display clean-up) never changes a history.
#[test]
fn simplification_preserves_histories() {
    check(|case: Case| {
        let p = &case.protocol;
        let same =
            reference_history(p, case.threads) == reference_history(&p.simplify(), case.threads);
        TestResult::from_bool(same)
    });
}

/// Printing a protocol in the `.proto` format and reading it back gives a
/// protocol with the same history, and printing is stable.
#[test]
fn print_parse_round_trip() {
    check(|case: Case| {
        let p = &case.protocol;
        let text = p.to_string();
        let program = match semantics::surface::parse(&text) {
            Ok(prog) => prog,
            Err(e) => return TestResult::error(format!("{e}\n{text}")),
        };
        let back = match semantics::surface::lower(&program, &Default::default()) {
            Ok(w) => w,
            Err(e) => return TestResult::error(format!("{e}\n{text}")),
        };
        let stable = back.to_string() == text
            && semantics::surface::parse(&program.to_string()).map(|p| p.without_spans())
                == Ok(program.without_spans());
        let same = reference_history(&back, case.threads) == reference_history(p, case.threads);
        TestResult::from_bool(stable && same)
    });
}

#[test]
fn generator_produces_closed_protocols() {
    let mut g = Gen::new(8);
    for _ in 0..200 {
        let p = protocol(&mut g);
        assert!(p.is_closed(), "{p}");
    }
}

/// Two random protocols: `u` is the unsynchronized remainder of aligning the
/// first, `a` the aligned form of the second (both closed but for `tid`).
#[derive(Clone, Debug)]
struct SeqCase {
    u: U,
    a: A,
    first: W,
    second: W,
    threads: u64,
}

impl Arbitrary for SeqCase {
    fn arbitrary(g: &mut Gen) -> SeqCase {
        let (first, second) = (protocol(g), protocol(g));
        let (_, u) = align(&first);
        let (a, rest) = align(&second);
        SeqCase {
            u,
            a: A::seq(a, A::Sync(rest)),
            first,
            second,
            threads: 2 + u64::arbitrary(g) % 3,
        }
    }
}

/// Lemma 5 (`i_pair_in_inv_n_seq`, `faial-coq/src/ALang.v`) and its converse,
/// Lemmas 7, 8, 9 (`i_pair_in_n_seq_l`, `i_pair_in_n_seq_r`,
/// `i_pair_in_n_seq_2`, `faial-coq/src/Align.v`): `φ ⊆A u ;S a` iff
/// `φ ⊆U u`, or `φ ⊆A a`, or one access is in `u` and the other in `fst(a)`.
#[test]
fn lemmas5_7_8_9_sequencing_unsynchronized_code_before_aligned() {
    check(|case: SeqCase| {
        let t = case.threads;
        let mut accesses = universe(&case.first, t, 12);
        accesses.extend(universe(&case.second, t, 12));
        let joined = seq_u_a(&case.u, &case.a);
        let ok = pairs(&accesses, 60).iter().all(|(x, y)| {
            let lhs = pair_in_a((x, y), &joined, t);
            let rhs = pair_in_u((x, y), &case.u, t)
                || pair_in_a((x, y), &case.a, t)
                || (in_u(x, &case.u, t) && in_a_fst(y, &case.a, t))
                || (in_u(y, &case.u, t) && in_a_fst(x, &case.a, t));
            lhs == rhs
        });
        TestResult::from_bool(ok)
    });
}

/// Lemma 14 (`i_in_sequentialize_to_t_in`, `faial-coq/src/Sequentialization.v`):
/// `α ∈H seq(u) ⟹ α ∈U u`.
#[test]
fn lemma14_accesses_of_seq_are_accesses_of_u() {
    check(|case: Case| {
        let (p, t) = (&case.protocol, case.threads);
        let ok = split_pair(&align(p)).iter().all(|c| {
            let u = innermost_instance(c);
            let h = seq(&semantics::C::U(u.clone())).subst(THREAD_COUNT, &NExp::num(t));
            universe(p, t, 30)
                .iter()
                .all(|x| !in_h(x, &h) || in_u(x, &u, t))
        });
        TestResult::from_bool(ok)
    });
}
