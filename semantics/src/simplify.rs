//! Semantics-preserving clean-up for display: constant folding and removal
//! of `skip` units in sequences.  The transformations of the paper produce
//! terms such as `skip; forU …` and `forS r in 0 + 1..N`; the paper prints
//! them as `forU …` and `forS r in 1..N` (Listing 2.3).  `simplify` bridges the
//! two so that outputs can be compared with the paper; it never changes a
//! history (tested in `tests/paper_examples.rs` and the differential tests).

use crate::aligned::A;
use crate::expr::{apply_bop, apply_nop, apply_rop, BExp, NExp, NOp};
use crate::protocol::{U, W};
use crate::trace::L;
use num_traits::{One, Zero};

impl NExp {
    /// Folds closed sub-terms and the units `x + 0`, `0 + x`, `x - 0`, `x * 1`, `1 * x`.
    pub fn simplify(&self) -> NExp {
        match self {
            NExp::Var(_) | NExp::Num(_) => self.clone(),
            NExp::Bin(op, a, b) => {
                let (a, b) = (a.simplify(), b.simplify());
                match (op, &a, &b) {
                    (_, NExp::Num(i), NExp::Num(j)) => NExp::Num(apply_nop(*op, i, j)),
                    (NOp::Add | NOp::Sub, _, NExp::Num(j)) if j.is_zero() => a,
                    (NOp::Add, NExp::Num(i), _) if i.is_zero() => b,
                    (NOp::Mul | NOp::Div, _, NExp::Num(j)) if j.is_one() => a,
                    (NOp::Mul, NExp::Num(i), _) if i.is_one() => b,
                    _ => NExp::bin(*op, a, b),
                }
            }
        }
    }
}

impl BExp {
    /// Folds closed comparisons and connectives.
    pub fn simplify(&self) -> BExp {
        match self {
            BExp::Bool(_) => self.clone(),
            BExp::Rel(op, a, b) => match (a.simplify(), b.simplify()) {
                (NExp::Num(i), NExp::Num(j)) => BExp::Bool(apply_rop(*op, &i, &j)),
                (a, b) => BExp::Rel(*op, a, b),
            },
            BExp::Bin(op, a, b) => match (a.simplify(), b.simplify()) {
                (BExp::Bool(d), BExp::Bool(e)) => BExp::Bool(apply_bop(*op, d, e)),
                (a, b) => BExp::Bin(*op, Box::new(a), Box::new(b)),
            },
            BExp::Not(a) => match a.simplify() {
                BExp::Bool(d) => BExp::Bool(!d),
                a => BExp::not(a),
            },
        }
    }
}

impl U {
    /// Drops `skip` from sequences and folds constants.
    pub fn simplify(&self) -> U {
        match self {
            U::Skip => U::Skip,
            U::Acc(a) => U::Acc(crate::protocol::Access::new(
                a.mode,
                a.index.iter().map(NExp::simplify).collect(),
            )),
            U::Seq(a, b) => match (a.simplify(), b.simplify()) {
                (U::Skip, u) | (u, U::Skip) => u,
                (a, b) => U::seq(a, b),
            },
            U::If(b, t, e) => U::if_(b.simplify(), t.simplify(), e.simplify()),
            U::For(x, n, m, body) => U::for_(x, n.simplify(), m.simplify(), body.simplify()),
        }
    }
}

impl W {
    pub fn simplify(&self) -> W {
        match self {
            W::Sync(u) => W::Sync(u.simplify()),
            W::Seq(p, q) => W::seq(p.simplify(), q.simplify()),
            W::For(u1, x, n, m, p, u2) => W::for_(
                u1.simplify(),
                x,
                n.simplify(),
                m.simplify(),
                p.simplify(),
                u2.simplify(),
            ),
        }
    }
}

impl A {
    pub fn simplify(&self) -> A {
        match self {
            A::Sync(u) => A::Sync(u.simplify()),
            A::Seq(a, b) => A::seq(a.simplify(), b.simplify()),
            A::For(a, x, n, m, body) => {
                A::for_(a.simplify(), x, n.simplify(), m.simplify(), body.simplify())
            }
        }
    }
}

impl L {
    pub fn simplify(&self) -> L {
        match self {
            L::Skip => L::Skip,
            L::Acc(t, o, idx) => L::Acc(t.simplify(), *o, idx.iter().map(NExp::simplify).collect()),
            // `skip ⇓ [∅]` is the unit of `⊗`.
            L::Seq(a, b) => match (a.simplify(), b.simplify()) {
                (L::Skip, h) | (h, L::Skip) => h,
                (a, b) => L::seq(a, b),
            },
            L::If(b, t, e) => L::If(b.simplify(), Box::new(t.simplify()), Box::new(e.simplify())),
            L::Var(x, n, m, h) => L::var(x, n.simplify(), m.simplify(), h.simplify()),
        }
    }
}

impl crate::trace::C {
    pub fn simplify(&self) -> crate::trace::C {
        use crate::trace::C;
        match self {
            C::U(u) => C::U(u.simplify()),
            C::Var(x, n, m, c) => C::Var(
                x.clone(),
                n.simplify(),
                m.simplify(),
                Box::new(c.simplify()),
            ),
        }
    }
}
