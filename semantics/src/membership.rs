//! Phase-membership and pair-inclusion judgments (Figs. 10–14 of
//! `seeds/000_*`), as decision procedures on closed, bounded instances: they
//! follow the rules one by one and enumerate loop indices where a rule says
//! `∃i`.  They exist so that the lemmas of Sec. 5 can be tested (see
//! `proofs-notes/` and `differential-tests/`).
//!
//! Two readings of garbled rules in our copy of the paper, both forced by the
//! semantics (Fig. 5):
//! - `∈U` on `forU x ∈ n..m {u}` needs `∃j: i ≤ j < k` and `α ∈U u[x := j]`.
//! - `⊆W-FOR-6` and `⊆W-FOR-7` relate iteration `i` with iteration `i + 1`, so
//!   `i + 1` must be in the range too (`j ≤ i` and `i + 1 < k`); the `q` of
//!   those rules is the loop body `p`.

use crate::aligned::A;
use crate::expr::{NExp, Nat, TID};
use crate::history::AccessValue;
use crate::protocol::{U, W};
use crate::trace::{C, L};

/// A pair of access values `φ ::= (α, α)`.
pub type Pair<'a> = (&'a AccessValue, &'a AccessValue);

/// `owner(i:o[j]) = i`.
pub fn owner(a: &AccessValue) -> &Nat {
    &a.owner
}

/// The naturals of `n..m` after evaluating the bounds (empty if either is open).
fn range(n: &NExp, m: &NExp) -> Vec<Nat> {
    match (n.eval(), m.eval()) {
        (Ok(lo), Ok(hi)) => {
            let mut out = Vec::new();
            let mut j = lo;
            while j < hi {
                out.push(j.clone());
                j += 1u32;
            }
            out
        }
        _ => Vec::new(),
    }
}

fn num(i: &Nat) -> NExp {
    NExp::Num(i.clone())
}

// ---------------------------------------------------------------------------
// Fig. 10: unsynchronized phase membership and pair inclusion
// ---------------------------------------------------------------------------

/// `α ∈U u` (Fig. 10) for the thread set `{0, …, threads-1}`.
pub fn in_u(alpha: &AccessValue, u: &U, threads: u64) -> bool {
    let tid_is_owner = |e: &NExp| e.subst(TID, &num(owner(alpha)));
    match u {
        U::Skip => false,
        // α ∈ {i:o[j] | i ∈ T ∧ n[tid := i] ↓ j}
        U::Acc(acc) => {
            alpha.owner < Nat::from(threads)
                && alpha.mode == acc.mode
                && acc.index.len() == alpha.index.len()
                && acc
                    .index
                    .iter()
                    .zip(&alpha.index)
                    .all(|(n, j)| tid_is_owner(n).eval().as_ref() == Ok(j))
        }
        U::Seq(u1, u2) => in_u(alpha, u1, threads) || in_u(alpha, u2, threads),
        U::If(b, u1, u2) => match b.subst(TID, &num(owner(alpha))).eval() {
            Ok(true) => in_u(alpha, u1, threads),
            Ok(false) => in_u(alpha, u2, threads),
            Err(_) => false,
        },
        U::For(x, n, m, body) => range(&tid_is_owner(n), &tid_is_owner(m))
            .iter()
            .any(|j| in_u(alpha, &body.subst(x, &num(j)), threads)),
    }
}

/// `φ ⊆U u` (Fig. 10): both accesses belong to the phase of `u`.
pub fn pair_in_u(phi: Pair, u: &U, threads: u64) -> bool {
    in_u(phi.0, u, threads) && in_u(phi.1, u, threads)
}

/// `α ∈W fst(p)` (Fig. 10): `α` is in the first phase of `p`.
pub fn in_w_fst(alpha: &AccessValue, p: &W, threads: u64) -> bool {
    match p {
        W::Sync(u) => in_u(alpha, u, threads),
        W::Seq(p, _) => in_w_fst(alpha, p, threads),
        W::For(u1, x, n, _, p, _) => {
            in_u(alpha, u1, threads) || in_w_fst(alpha, &p.subst(x, n), threads)
        }
    }
}

/// `α ∈A fst(a)` (Fig. 10): `α` is in the first phase of `a`.
pub fn in_a_fst(alpha: &AccessValue, a: &A, threads: u64) -> bool {
    match a {
        A::Sync(u) => in_u(alpha, u, threads),
        A::Seq(a, _) | A::For(a, ..) => in_a_fst(alpha, a, threads),
    }
}

/// `α ∈W lst(p)` (Fig. 10): `α` is in the last phase of `p` (never for
/// `u; sync`, whose last phase is empty).
pub fn in_w_lst(alpha: &AccessValue, p: &W, threads: u64) -> bool {
    match p {
        W::Sync(_) => false,
        W::Seq(_, q) => in_w_lst(alpha, q, threads),
        W::For(_, x, _, m, p, u2) => {
            let last = NExp::sub(m.clone(), NExp::num(1));
            in_w_lst(alpha, &p.subst(x, &last), threads)
                || in_u(alpha, &u2.subst(x, &last), threads)
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 11: pair inclusion for well-formed protocols
// ---------------------------------------------------------------------------

/// `φ ⊆W p` (Fig. 11).
pub fn pair_in_w(phi: Pair, p: &W, threads: u64) -> bool {
    let (a1, a2) = phi;
    match p {
        // W-ACC
        W::Sync(u) => pair_in_u(phi, u, threads),
        // W-SEQ-L, W-SEQ-R, W-SEQ-B
        W::Seq(p, q) => {
            pair_in_w(phi, p, threads)
                || pair_in_w(phi, q, threads)
                || (in_w_lst(a1, p, threads) && in_w_fst(a2, q, threads))
        }
        W::For(u1, x, n, m, body, u2) => {
            let at = |i: &Nat| body.subst(x, &num(i));
            let u2_at = |i: &Nat| u2.subst(x, &num(i));
            let iters = range(n, m);
            // ⊆W-FOR-1, ⊆W-FOR-2
            pair_in_u(phi, u1, threads)
                || (in_u(a1, u1, threads) && in_w_fst(a2, &body.subst(x, n), threads))
                || iters.iter().any(|i| {
                    // ⊆W-FOR-3, -4, -5
                    pair_in_w(phi, &at(i), threads)
                        || pair_in_u(phi, &u2_at(i), threads)
                        || (in_w_lst(a1, &at(i), threads) && in_u(a2, &u2_at(i), threads))
                })
                || iters.windows(2).any(|w| {
                    // ⊆W-FOR-6, -7: iteration i and i + 1
                    let (i, next) = (&w[0], &w[1]);
                    let first_next = in_w_fst(a2, &at(next), threads);
                    first_next && (in_u(a1, &u2_at(i), threads) || in_w_lst(a1, &at(i), threads))
                })
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 12: pair inclusion for aligned protocols
// ---------------------------------------------------------------------------

/// `φ ⊆A a` (Fig. 12).
pub fn pair_in_a(phi: Pair, a: &A, threads: u64) -> bool {
    match a {
        // ⊆A-ACC
        A::Sync(u) => pair_in_u(phi, u, threads),
        // ⊆A-SEQ-L, ⊆A-SEQ-R
        A::Seq(a, b) => pair_in_a(phi, a, threads) || pair_in_a(phi, b, threads),
        // ⊆A-FOR-1, ⊆A-FOR-2
        A::For(a, x, n, m, body) => {
            pair_in_a(phi, a, threads)
                || range(n, m)
                    .iter()
                    .any(|i| pair_in_a(phi, &body.subst(x, &num(i)), threads))
        }
    }
}

/// `φ ⊆A (a, u)` (Fig. 12, ⊆A-DEF): `φ ⊆A a; u; sync`.
pub fn pair_in_a_pair(phi: Pair, pair: &(A, U), threads: u64) -> bool {
    let (a, u) = pair;
    pair_in_a(phi, &A::seq(a.clone(), A::Sync(u.clone())), threads)
}

// ---------------------------------------------------------------------------
// Fig. 13 (top): pair inclusion for protocol closures
// ---------------------------------------------------------------------------

/// `φ ⊆C c` (Fig. 13).
pub fn pair_in_c(phi: Pair, c: &C, threads: u64) -> bool {
    match c {
        C::U(u) => pair_in_u(phi, u, threads),
        C::Var(x, n, m, c) => range(n, m)
            .iter()
            .any(|j| pair_in_c(phi, &subst_c(c, x, &num(j)), threads)),
    }
}

/// `c[x := n]`.
pub fn subst_c(c: &C, x: &str, n: &NExp) -> C {
    match c {
        C::U(u) => C::U(u.subst(x, n)),
        C::Var(y, lo, hi, body) if y == x => {
            C::Var(y.clone(), lo.subst(x, n), hi.subst(x, n), body.clone())
        }
        C::Var(y, lo, hi, body) => {
            // Closures are built from aligned protocols whose binders never
            // capture a numeral; numerals are the only thing substituted here.
            C::Var(
                y.clone(),
                lo.subst(x, n),
                hi.subst(x, n),
                Box::new(subst_c(body, x, n)),
            )
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 14: phase membership and pair inclusion for symbolic traces
// ---------------------------------------------------------------------------

/// `α ∈H h` (Fig. 14).
pub fn in_h(alpha: &AccessValue, h: &L) -> bool {
    match h {
        L::Skip => false,
        L::Acc(n, o, idx) => {
            *o == alpha.mode
                && n.eval().as_ref() == Ok(&alpha.owner)
                && idx.len() == alpha.index.len()
                && idx
                    .iter()
                    .zip(&alpha.index)
                    .all(|(m, j)| m.eval().as_ref() == Ok(j))
        }
        L::Seq(a, b) => in_h(alpha, a) || in_h(alpha, b),
        L::If(b, t, e) => match b.eval() {
            Ok(true) => in_h(alpha, t),
            Ok(false) => in_h(alpha, e),
            Err(_) => false,
        },
        L::Var(x, n, m, body) => range(n, m)
            .iter()
            .any(|j| in_h(alpha, &body.subst(x, &num(j)))),
    }
}

/// `φ ⊆H h` (Fig. 14).  There is no rule for a single access: the two
/// accesses of a pair come from the two sides of a sequence.
pub fn pair_in_h(phi: Pair, h: &L) -> bool {
    match h {
        L::Skip | L::Acc(..) => false,
        L::Seq(a, b) => {
            pair_in_h(phi, a) || pair_in_h(phi, b) || (in_h(phi.0, a) && in_h(phi.1, b))
        }
        L::If(b, t, e) => match b.eval() {
            Ok(true) => pair_in_h(phi, t),
            Ok(false) => pair_in_h(phi, e),
            Err(_) => false,
        },
        L::Var(x, n, m, body) => range(n, m)
            .iter()
            .any(|j| pair_in_h(phi, &body.subst(x, &num(j)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Mode;
    use crate::protocol::Access;
    use crate::trace::{seq, trace};

    fn acc(owner: u64, mode: Mode, j: u64) -> AccessValue {
        AccessValue::new(owner, mode, vec![Nat::from(j)])
    }

    /// Listing 2.2 with M = 2 as u.
    fn listing_2_2() -> U {
        U::seq(
            U::for_(
                "j",
                NExp::num(0),
                NExp::num(2),
                U::acc(Access::rd(NExp::add(NExp::tid(), NExp::var("j")))),
            ),
            U::for_(
                "i",
                NExp::num(0),
                NExp::num(2),
                U::acc(Access::wr(NExp::tid())),
            ),
        )
    }

    #[test]
    fn unsynchronized_membership_follows_the_phase() {
        let u = listing_2_2();
        assert!(in_u(&acc(0, Mode::Rd, 1), &u, 2));
        assert!(in_u(&acc(1, Mode::Wr, 1), &u, 2));
        assert!(!in_u(&acc(1, Mode::Wr, 0), &u, 2));
        assert!(
            !in_u(&acc(2, Mode::Wr, 2), &u, 2),
            "owner 2 is not in T = {{0, 1}}"
        );
        assert!(pair_in_u(
            (&acc(0, Mode::Rd, 1), &acc(1, Mode::Wr, 1)),
            &u,
            2
        ));
    }

    #[test]
    fn trace_pairs_need_two_sides_of_a_sequence() {
        // Lemma 16 on an instance: the racy pair of Listing 2.2 is in seq(u).
        let h = seq(&C::U(listing_2_2())).subst("T", &NExp::num(2));
        let (a, b) = (acc(1, Mode::Wr, 1), acc(0, Mode::Rd, 1));
        assert!(pair_in_h((&a, &b), &h));
        // A single access is never a pair by itself in trace(u).
        let single = trace(&U::acc(Access::wr(NExp::num(0)))).subst(TID, &NExp::num(0));
        let w = acc(0, Mode::Wr, 0);
        assert!(in_h(&w, &single));
        assert!(!pair_in_h((&w, &w), &single));
    }

    #[test]
    fn first_iteration_pairs_with_code_before_the_loop() {
        // first-iter (Fig. 15, racy): wr[tid+1]; forS x in 0..1 { wr[tid]; sync }
        let p = W::for_(
            U::acc(Access::wr(NExp::add(NExp::tid(), NExp::num(1)))),
            "x",
            NExp::num(0),
            NExp::num(1),
            W::Sync(U::acc(Access::wr(NExp::tid()))),
            U::Skip,
        );
        let (a, b) = (acc(0, Mode::Wr, 1), acc(1, Mode::Wr, 1));
        assert!(pair_in_w((&a, &b), &p, 2));
        let aligned = crate::aligned::align(&p);
        assert!(pair_in_a_pair((&a, &b), &aligned, 2));
    }
}
