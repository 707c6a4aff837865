//! C's unsigned wrap-around taken out of access indices where it provably
//! does not happen (`ARCHITECTURE.md`, "The pipeline").
//!
//! The CUDA front end reduces an unsigned operation modulo `2^bits`
//! unless its interval arithmetic proves the value fits
//! (`cuda::infer::integers`); intervals cannot relate two terms, so the
//! bitonic sorts' `2 * tid - (tid & (stride - 1))` becomes
//! `(2·t + (2^32 ∸ t % s % 2^32)) % 2^32`.  Z3 is slow on such moduli
//! (seconds per query on the sorting networks of the GPUVerify corpus).
//! Here each index is rewritten bottom-up by two rules, each applied only
//! when Z3 proves its side conditions for one thread under the kernel's
//! facts, the ranges of the loops around the access and the conditions of
//! the `if`s it is under (so for both threads of the race query, wherever
//! the access is performed; a side condition with a remainder or quotient
//! by a variable is first made linear by [`super::abstraction`]):
//!
//! * `x % M → x` when `x < M`;
//! * `(a + (M ∸ b)) % M → a ∸ b` when `b ≤ a`, `b ≤ M` and `a < M + b`:
//!   then `M ∸ b = M − b`, the sum is `(a − b) + M` with `0 ≤ a − b < M`,
//!   and its remainder is `a − b = a ∸ b`.
//!
//! Differences are then written as sums where that is exact
//! ([`minus_remainder`], [`minus_multiple`]), so that `stride` can split
//! them into digits.
//!
//! `M` is a power of two of at least `2^8` (the moduli of C's types); the
//! rewritten index has the same value in every state where the access
//! happens, so the query has the same models.

use super::abstraction::linear_goal;
use super::encode::QueryContext;
use super::prover::{chains_for, prover};
use super::stride::{may_split, Chains, Range};
use super::z3session::Session;
use crate::numbered::{Site, C, U};
use crate::verdict::IntModel;
use semantics::expr::{BExp, NExp, NOp, Nat, ROp};

/// `closures` with the wrap-around of their indices removed where it is
/// provably the identity (see the module comment).  Only the ℕ model.
pub fn unwrap_closures(closures: &[C], ctx: &QueryContext, session: &Session) -> Vec<C> {
    if ctx.logic != IntModel::Nat || !closures.iter().any(|c| has_mod(c.innermost())) {
        return closures.to_vec();
    }
    let mut prove = prover(ctx, session);
    // Z3 rarely proves a non-linear side condition and then spends the
    // whole time limit on it (collideD of the GPUVerify corpus: 2.5 s
    // where the check took 10 ms), so only goals linear after
    // `abstraction` are asked.
    let mut holds = |ranges: &[Range], conditions: &[BExp], goal: &BExp| {
        let Some(conditions) = relevant(conditions, goal, ctx) else {
            return false;
        };
        linear_goal(ranges, &conditions, goal, ctx)
            .is_some_and(|(ranges, goal)| prove(&ranges, &goal))
    };
    closures
        .iter()
        .map(|c| closure(c, &mut Place::default(), &mut holds))
        .collect()
}

/// The conditions worth assuming for `goal`: those about the variables of
/// the goal and not about the threads' unknowns (values read from memory
/// rarely bound an index, and each distinct set costs a Z3 call).  `None`
/// when conditions were given but none is worth it (the goal was asked
/// without them already: see [`Place::holds`]).
fn relevant(conditions: &[BExp], goal: &BExp, ctx: &QueryContext) -> Option<Vec<BExp>> {
    let vars = goal.fv();
    let kept: Vec<BExp> = conditions
        .iter()
        .filter(|c| {
            let fv = c.fv();
            fv.iter().any(|x| vars.contains(x)) && !fv.iter().any(|x| ctx.locals.contains(x))
        })
        .cloned()
        .collect();
    (conditions.is_empty() || !kept.is_empty()).then_some(kept)
}

/// Does an index of `u` take a remainder (else there is nothing to do)?
fn has_mod(u: &U) -> bool {
    fn in_exp(e: &NExp) -> bool {
        match e {
            NExp::Bin(NOp::Mod, ..) => true,
            NExp::Bin(_, a, b) => in_exp(a) || in_exp(b),
            _ => false,
        }
    }
    match u {
        U::Skip => false,
        U::Acc(site) => site.access.index.iter().any(in_exp),
        U::Seq(a, b) | U::If(_, a, b) => has_mod(a) || has_mod(b),
        U::For(_, _, _, body) => has_mod(body),
    }
}

/// The closures with their indices unwrapped ([`unwrap_closures`]) and
/// the chains of their indices ([`super::prover::chains_for`]), proved
/// with `session`; nothing is proved when there is nothing to prove.
/// (The proofs' terms stay in the session's Z3 context, which changes
/// Z3's luck on later queries there; the fresh solver of a wrap-around
/// query has a context of its own for that reason, see `solve.rs`.)
pub fn split_indices(closures: &[C], ctx: &QueryContext, session: &Session) -> (Vec<C>, Chains) {
    let any_mod = closures.iter().any(|c| has_mod(c.innermost()));
    if ctx.logic != IntModel::Nat || !(any_mod || may_split(closures, &ctx.params, &ctx.fixed)) {
        return (closures.to_vec(), Chains::default());
    }
    let cs = unwrap_closures(closures, ctx, session);
    let chains = chains_for(&cs, ctx, session);
    (cs, chains)
}

/// Is `goal` linear: no product of two non-constants, no division or
/// remainder by a non-constant (fixed parameters count as constants)?
/// `holds(ranges, conditions, goal)`: is `goal` proved wherever the loop
/// ranges and the access's conditions hold?
type Holds<'a> = dyn FnMut(&[Range], &[BExp], &BExp) -> bool + 'a;

/// Where an access is: the ranges of the loops around it and the
/// conditions of the `if`s (or their negations, in `else`).
#[derive(Default)]
struct Place {
    ranges: Vec<Range>,
    conditions: Vec<BExp>,
}

impl Place {
    /// Does `goal` hold here?
    /// Does `goal` hold here?  Asked first without the conditions: the
    /// answer is then shared by every access under the same loops (the
    /// prover caches by goal), and most goals do not need them.
    fn holds(&self, goal: &BExp, holds: &mut Holds) -> bool {
        holds(&self.ranges, &[], goal)
            || (!self.conditions.is_empty() && holds(&self.ranges, &self.conditions, goal))
    }
}

fn closure(c: &C, at: &mut Place, holds: &mut Holds) -> C {
    match c {
        C::U(u) => C::U(unsync(u, at, holds)),
        C::Var(x, n, m, inner) => {
            at.ranges.push((x.clone(), n.clone(), m.clone()));
            let inner = closure(inner, at, holds);
            at.ranges.pop();
            C::Var(x.clone(), n.clone(), m.clone(), Box::new(inner))
        }
    }
}

fn unsync(u: &U, at: &mut Place, holds: &mut Holds) -> U {
    match u {
        U::Skip => U::Skip,
        U::Acc(site) => {
            let mut access = site.access.clone();
            for e in &mut access.index {
                *e = simplify(e, at, holds);
            }
            U::Acc(Site {
                id: site.id,
                access,
            })
        }
        U::Seq(a, b) => U::seq(unsync(a, at, holds), unsync(b, at, holds)),
        U::If(c, a, b) => {
            let mut branch = |taken: BExp, body: &U| {
                at.conditions.push(taken);
                let body = unsync(body, at, holds);
                at.conditions.pop();
                Box::new(body)
            };
            let then = branch(c.clone(), a);
            let otherwise = branch(BExp::not(c.clone()), b);
            U::If(c.clone(), then, otherwise)
        }
        U::For(x, n, m, body) => {
            at.ranges.push((x.clone(), n.clone(), m.clone()));
            let body = unsync(body, at, holds);
            at.ranges.pop();
            U::For(x.clone(), n.clone(), m.clone(), Box::new(body))
        }
    }
}

/// The two rules, bottom-up.
fn simplify(e: &NExp, at: &Place, holds: &mut Holds) -> NExp {
    let NExp::Bin(op, a, b) = e else {
        return e.clone();
    };
    let (a, b) = (simplify(a, at, holds), simplify(b, at, holds));
    if *op == NOp::Sub {
        return difference(&a, &b, at, holds);
    }
    if let (NOp::Mod, Some(m)) = (op, c_modulus(&b)) {
        // The second rule first: where it applies, the first cannot.
        if let Some(e) = unwrap_difference(&a, &m, at, holds) {
            return e;
        }
        if at.holds(&BExp::rel(ROp::Lt, a.clone(), b.clone()), holds) {
            return a;
        }
    }
    NExp::bin(*op, a, b)
}

/// The second rule: `(x + (m ∸ y)) % m → x ∸ y` (without the monus where
/// [`minus_remainder`] applies) when `y ≤ x`, `y ≤ m` and `x < m + y`.
fn unwrap_difference(a: &NExp, m: &Nat, at: &Place, holds: &mut Holds) -> Option<NExp> {
    let NExp::Bin(NOp::Add, x, minus) = a else {
        return None;
    };
    let NExp::Bin(NOp::Sub, top, y) = minus.as_ref() else {
        return None;
    };
    let m = NExp::Num(m.clone());
    let (x, y) = (x.as_ref(), y.as_ref());
    let le = |p: &NExp, q: &NExp| BExp::rel(ROp::Le, p.clone(), q.clone());
    let below = BExp::rel(ROp::Lt, x.clone(), NExp::add(m.clone(), y.clone()));
    let proved = top.as_ref() == &m
        && at.holds(&le(y, x), holds)
        && at.holds(&le(y, &m), holds)
        && at.holds(&below, holds);
    proved.then(|| difference(x, y, at, holds))
}

/// `x ∸ y`, as a sum where [`minus_remainder`] or [`minus_multiple`]
/// applies.
fn difference(x: &NExp, y: &NExp, at: &Place, holds: &mut Holds) -> NExp {
    minus_remainder(x, y)
        .or_else(|| minus_multiple(x, y, at, holds))
        .unwrap_or_else(|| NExp::sub(x.clone(), y.clone()))
}

/// `a ∸ j·m` where a summand `t` of `a` is `k·(m·(x / m))` and `t ≥ j·m`
/// holds here: `(a − t) + m·(k·(x / m) ∸ j)`.  `k·m·q ∸ j·m = m·(k·q ∸ j)`
/// for all naturals (both are `0` when `k·q < j` or `m = 0`), and `t ≥
/// j·m` lets the other summands out of the monus.  The odd-even merge
/// sort's `2 * tid - (tid & (s - 1)) - s` is such an index: the result
/// is a mixed-radix number in base `m` that `stride` splits.
fn minus_multiple(a: &NExp, b: &NExp, at: &Place, holds: &mut Holds) -> Option<NExp> {
    let mut terms = Vec::new();
    summands(a, &mut terms);
    let (i, (k, m, quotient)) = terms
        .iter()
        .enumerate()
        .find_map(|(i, t)| rounded_multiple(t).map(|r| (i, r)))?;
    let j = times_of(b, &m)?;
    if !at.holds(&BExp::rel(ROp::Ge, terms[i].clone(), b.clone()), holds) {
        return None;
    }
    terms.remove(i);
    let digit = NExp::sub(times(k, quotient), NExp::Num(j));
    terms.push(NExp::mul(m, digit));
    terms.into_iter().reduce(NExp::add)
}

/// `Some((k, m, x / m))` when `t` is `k·(m·(x / m))` (`k = 1` without the
/// factor; either order of the product).
fn rounded_multiple(t: &NExp) -> Option<(Nat, NExp, NExp)> {
    let (k, product) = match t {
        NExp::Bin(NOp::Mul, k, p) | NExp::Bin(NOp::Mul, p, k)
            if matches!(k.as_ref(), NExp::Num(_))
                && matches!(p.as_ref(), NExp::Bin(NOp::Mul, ..)) =>
        {
            let NExp::Num(k) = k.as_ref() else {
                return None;
            };
            (k.clone(), p.as_ref())
        }
        _ => (Nat::from(1u32), t),
    };
    let NExp::Bin(NOp::Mul, p, q) = product else {
        return None;
    };
    [(p, q), (q, p)]
        .into_iter()
        .find_map(|(m, quotient)| match quotient.as_ref() {
            NExp::Bin(NOp::Div, _, d) if d == m => {
                Some((k.clone(), (**m).clone(), (**quotient).clone()))
            }
            _ => None,
        })
}

/// `Some(j)` when `b = j·m` for a constant `j ≥ 1`.
fn times_of(b: &NExp, m: &NExp) -> Option<Nat> {
    if let (NExp::Num(b), NExp::Num(m)) = (b, m) {
        let zero = Nat::from(0u32);
        return (*m != zero && *b != zero && (b % m) == zero).then(|| b / m);
    }
    multiple_of(b, m).filter(|j| *j >= Nat::from(1u32))
}

/// `a ∸ x % c` without the monus, when a summand of `a` is `x` or `k·x`
/// (`k ≥ 1` a constant).  With `x = c·(x / c) + x % c` (for `c = 0`: `x / 0
/// = 0` and `x % 0 = x`), `a' + k·x ∸ x % c = a' + k·c·(x / c) + (k − 1)·(x
/// % c)`, a sum that needs no case split, is linear for a constant `c`,
/// and is a mixed-radix number in base `c` that `stride` splits.  The
/// bitonic sorts' `2 * tid - (tid & (s - 1))` is such an index.
fn minus_remainder(a: &NExp, b: &NExp) -> Option<NExp> {
    let NExp::Bin(NOp::Mod, x, c) = b else {
        return None;
    };
    let mut terms = Vec::new();
    summands(a, &mut terms);
    let (at, k) = terms.iter().enumerate().find_map(|(i, t)| {
        let k = multiple_of(t, x)?;
        (k >= Nat::from(1u32)).then_some((i, k))
    })?;
    terms.remove(at);
    let quotient = NExp::bin(NOp::Div, (**x).clone(), (**c).clone());
    terms.push(times(k.clone(), NExp::mul((**c).clone(), quotient)));
    let rest = k - Nat::from(1u32);
    if rest > Nat::from(0u32) {
        terms.push(times(rest, b.clone()));
    }
    terms.into_iter().reduce(NExp::add)
}

/// `k·e`, or `e` for `k = 1`.
fn times(k: Nat, e: NExp) -> NExp {
    if k == Nat::from(1u32) {
        e
    } else {
        NExp::mul(NExp::Num(k), e)
    }
}

/// The summands of a tree of additions.
fn summands(e: &NExp, out: &mut Vec<NExp>) {
    match e {
        NExp::Bin(NOp::Add, a, b) => {
            summands(a, out);
            summands(b, out);
        }
        _ => out.push(e.clone()),
    }
}

/// `Some(k)` when `t` is `x` (`k = 1`) or `k·x` / `x·k` for a constant `k`.
fn multiple_of(t: &NExp, x: &NExp) -> Option<Nat> {
    if t == x {
        return Some(Nat::from(1u32));
    }
    match t {
        NExp::Bin(NOp::Mul, k, y) | NExp::Bin(NOp::Mul, y, k) if y.as_ref() == x => {
            match k.as_ref() {
                NExp::Num(k) => Some(k.clone()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `Some(M)` when `e` is the constant `M`, a power of two of at least
/// `2^8` (a modulus of C's integer types).
fn c_modulus(e: &NExp) -> Option<Nat> {
    let NExp::Num(m) = e else {
        return None;
    };
    if *m < Nat::from(256u32) {
        return None;
    }
    let power = (m.clone() & (m.clone() - Nat::from(1u32))) == Nat::from(0u32);
    power.then(|| m.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &str) -> NExp {
        NExp::var(x)
    }

    fn m() -> NExp {
        NExp::num(1 << 32)
    }

    /// `(2·t + (2^32 ∸ t % 2 % 2^32)) % 2^32`, as the front end writes
    /// `2 * t - (t & 1)` for an unsigned `t`.
    fn bitonic() -> NExp {
        let low = NExp::bin(NOp::Mod, NExp::bin(NOp::Mod, v("t"), NExp::num(2)), m());
        let sum = NExp::add(NExp::mul(NExp::num(2), v("t")), NExp::sub(m(), low));
        NExp::bin(NOp::Mod, sum, m())
    }

    #[test]
    fn a_wrap_that_cannot_happen_is_removed() {
        // Every side condition holds (t is small).
        let out = simplify(&bitonic(), &Place::default(), &mut |_, _, _| true);
        assert_eq!(out.to_string(), "2 * (2 * (t / 2)) + t % 2");
    }

    #[test]
    fn a_remainder_subtracted_from_a_multiple_becomes_a_sum() {
        // 2·t + base ∸ t % 4 = base + 2·(4·(t / 4)) + t % 4, for every t.
        let a = NExp::add(NExp::mul(NExp::num(2), v("t")), v("base"));
        let b = NExp::bin(NOp::Mod, v("t"), NExp::num(4));
        let out = minus_remainder(&a, &b).unwrap();
        assert_eq!(out.to_string(), "base + 2 * (4 * (t / 4)) + t % 4");
        for t in 0..50u64 {
            for base in [0u64, 7] {
                let at = |e: &NExp| {
                    e.subst("t", &NExp::num(t))
                        .subst("base", &NExp::num(base))
                        .eval()
                        .unwrap()
                };
                assert_eq!(at(&out), at(&NExp::sub(a.clone(), b.clone())));
            }
        }
        // Not a multiple of t: unchanged.
        assert!(minus_remainder(&v("u"), &b).is_none());
    }

    #[test]
    fn a_multiple_of_the_stride_subtracted_from_a_rounded_multiple_factors() {
        // base + 2·(m·(t / m)) ∸ m = base + m·(2·(t / m) ∸ 1) where the
        // rounded multiple is at least m (the side condition, assumed).
        let rounded = NExp::mul(v("m"), NExp::bin(NOp::Div, v("t"), v("m")));
        let a = NExp::add(v("base"), NExp::mul(NExp::num(2), rounded.clone()));
        let mut holds = |_: &[Range], _: &[BExp], _: &BExp| true;
        let out = minus_multiple(&a, &v("m"), &Place::default(), &mut holds).unwrap();
        assert_eq!(out.to_string(), "base + m * (2 * (t / m) - 1)");
        for t in 0..40u64 {
            for m in 0..6u64 {
                let at = |e: &NExp| {
                    let e = e.subst("t", &NExp::num(t)).subst("m", &NExp::num(m));
                    e.subst("base", &NExp::num(3)).eval().unwrap()
                };
                let side = at(&NExp::mul(NExp::num(2), rounded.clone())) >= at(&v("m"));
                if side {
                    assert_eq!(at(&out), at(&NExp::sub(a.clone(), v("m"))), "t={t} m={m}");
                }
            }
        }
        // A constant stride: j = 8 / 4 = 2.
        let four = NExp::mul(NExp::num(4), NExp::bin(NOp::Div, v("t"), NExp::num(4)));
        let out = minus_multiple(&four, &NExp::num(8), &Place::default(), &mut holds).unwrap();
        assert_eq!(out.to_string(), "4 * (t / 4 - 2)");
        // Not a multiple of the stride: unchanged.
        assert!(minus_multiple(&a, &v("n"), &Place::default(), &mut holds).is_none());
    }

    #[test]
    fn nothing_unproved_is_rewritten() {
        let out = simplify(&bitonic(), &Place::default(), &mut |_, _, _| false);
        assert_eq!(out, bitonic());
    }

    #[test]
    fn the_second_rule_is_the_identity_where_its_conditions_hold() {
        let m = 256u64;
        for a in 0..600u64 {
            for b in 0..300u64 {
                if b <= a && b <= m && a < m + b {
                    assert_eq!((a + (m - b)) % m, a - b);
                }
            }
        }
    }
}
