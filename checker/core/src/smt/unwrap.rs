//! C's unsigned wrap-around taken out of access indices where it provably
//! does not happen (issue 16).
//!
//! The CUDA front end reduces an unsigned operation modulo `2^bits`
//! unless its interval arithmetic proves the value fits
//! (`cuda::infer::integers`); intervals cannot relate two terms, so the
//! bitonic sorts' `2 * tid - (tid & (stride - 1))` becomes
//! `(2·t + (2^32 ∸ t % s % 2^32)) % 2^32`.  Z3 is slow on such moduli
//! (seconds per query on the sorting networks of the GPUVerify corpus).
//! Here each index is rewritten bottom-up by two rules, each applied only
//! when Z3 proves its side conditions for one thread under the kernel's
//! facts and the ranges of the loops around the access (so for both
//! threads of the race query, wherever the access is performed):
//!
//! * `x % M → x` when `x < M`;
//! * `(a + (M ∸ b)) % M → a ∸ b` when `b ≤ a`, `b ≤ M` and `a < M + b`:
//!   then `M ∸ b = M − b`, the sum is `(a − b) + M` with `0 ≤ a − b < M`,
//!   and its remainder is `a − b = a ∸ b`.
//!
//! `M` is a power of two of at least `2^8` (the moduli of C's types); the
//! rewritten index has the same value in every state where the access
//! happens, so the query has the same models.

use super::encode::QueryContext;
use super::solve::Session;
use super::stride::{chains_for, may_split, prover, Chains, Range};
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
    // where the check took 10 ms), so only linear ones are asked.
    let mut holds = |ranges: &[Range], goal: &BExp| linear(goal, ctx) && prove(ranges, goal);
    closures
        .iter()
        .map(|c| closure(c, &mut Vec::new(), &mut holds))
        .collect()
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
/// the chains of their indices ([`super::stride::chains_for`]), proved
/// with `session`; nothing is proved when there is nothing to prove.
/// (The proofs' terms stay in the session's Z3 context, which changes
/// Z3's luck on later queries there; the fresh solver of a wrap-around
/// query has a context of its own for that reason, see `solve.rs`.)
pub fn split_indices(closures: &[C], ctx: &QueryContext, session: &Session) -> (Vec<C>, Chains) {
    let any_mod = closures.iter().any(|c| has_mod(c.innermost()));
    if ctx.logic != IntModel::Nat || !(any_mod || may_split(closures, ctx)) {
        return (closures.to_vec(), Chains::default());
    }
    let cs = unwrap_closures(closures, ctx, session);
    let chains = chains_for(&cs, ctx, session);
    (cs, chains)
}

/// Is `goal` linear: no product of two non-constants, no division or
/// remainder by a non-constant (fixed parameters count as constants)?
fn linear(goal: &BExp, ctx: &QueryContext) -> bool {
    fn constant(e: &NExp, ctx: &QueryContext) -> bool {
        match e {
            NExp::Num(_) => true,
            NExp::Var(x) => ctx.fixed.contains_key(x),
            NExp::Bin(_, a, b) => constant(a, ctx) && constant(b, ctx),
        }
    }
    fn lin(e: &NExp, ctx: &QueryContext) -> bool {
        match e {
            NExp::Bin(NOp::Mul, a, b) => {
                (constant(a, ctx) || constant(b, ctx)) && lin(a, ctx) && lin(b, ctx)
            }
            NExp::Bin(NOp::Div | NOp::Mod, a, b) => constant(b, ctx) && lin(a, ctx),
            NExp::Bin(_, a, b) => lin(a, ctx) && lin(b, ctx),
            _ => true,
        }
    }
    match goal {
        BExp::Rel(_, a, b) => lin(a, ctx) && lin(b, ctx),
        BExp::Bin(_, a, b) => linear(a, ctx) && linear(b, ctx),
        BExp::Not(a) => linear(a, ctx),
        BExp::Bool(_) => true,
    }
}

type Holds<'a> = dyn FnMut(&[Range], &BExp) -> bool + 'a;

fn closure(c: &C, ranges: &mut Vec<Range>, holds: &mut Holds) -> C {
    match c {
        C::U(u) => C::U(unsync(u, ranges, holds)),
        C::Var(x, n, m, inner) => {
            ranges.push((x.clone(), n.clone(), m.clone()));
            let inner = closure(inner, ranges, holds);
            ranges.pop();
            C::Var(x.clone(), n.clone(), m.clone(), Box::new(inner))
        }
    }
}

fn unsync(u: &U, ranges: &mut Vec<Range>, holds: &mut Holds) -> U {
    match u {
        U::Skip => U::Skip,
        U::Acc(site) => {
            let mut access = site.access.clone();
            for e in &mut access.index {
                *e = simplify(e, ranges, holds);
            }
            U::Acc(Site {
                id: site.id,
                access,
            })
        }
        U::Seq(a, b) => U::seq(unsync(a, ranges, holds), unsync(b, ranges, holds)),
        U::If(c, a, b) => U::If(
            c.clone(),
            Box::new(unsync(a, ranges, holds)),
            Box::new(unsync(b, ranges, holds)),
        ),
        U::For(x, n, m, body) => {
            ranges.push((x.clone(), n.clone(), m.clone()));
            let body = unsync(body, ranges, holds);
            ranges.pop();
            U::For(x.clone(), n.clone(), m.clone(), Box::new(body))
        }
    }
}

/// The two rules, bottom-up.
fn simplify(e: &NExp, ranges: &[Range], holds: &mut Holds) -> NExp {
    let NExp::Bin(op, a, b) = e else {
        return e.clone();
    };
    let (a, b) = (simplify(a, ranges, holds), simplify(b, ranges, holds));
    if *op == NOp::Sub {
        if let Some(e) = minus_remainder(&a, &b) {
            return e;
        }
    }
    if let (NOp::Mod, Some(m)) = (op, c_modulus(&b)) {
        // The second rule first: where it applies, the first cannot.
        if let Some(e) = unwrap_difference(&a, &m, ranges, holds) {
            return e;
        }
        if holds(ranges, &BExp::rel(ROp::Lt, a.clone(), b.clone())) {
            return a;
        }
    }
    NExp::bin(*op, a, b)
}

/// The second rule: `(x + (m ∸ y)) % m → x ∸ y` (without the monus where
/// [`minus_remainder`] applies) when `y ≤ x`, `y ≤ m` and `x < m + y`.
fn unwrap_difference(a: &NExp, m: &Nat, ranges: &[Range], holds: &mut Holds) -> Option<NExp> {
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
        && holds(ranges, &le(y, x))
        && holds(ranges, &le(y, &m))
        && holds(ranges, &below);
    proved.then(|| minus_remainder(x, y).unwrap_or_else(|| NExp::sub(x.clone(), y.clone())))
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
        let out = simplify(&bitonic(), &[], &mut |_, _| true);
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
    fn nothing_unproved_is_rewritten() {
        let out = simplify(&bitonic(), &[], &mut |_, _| false);
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
