//! Def. S5 of `proofs-notes/scoped-barriers.md`: erasing barriers.  A
//! scoped protocol becomes a protocol of Fig. 2 (`W`) by keeping some
//! barriers as the paper's `sync` and dropping the others, whose code
//! before then joins the code after (Sec. 3.1's grouping of unsynchronized
//! code with the next barrier).
//!
//! Two uses: Theorem S1 keeps, for the pairs of threads whose closest common
//! scope is `s`, exactly the full barriers of scope `s` or wider
//! ([`erase_below`]); the sound reduction for a checker that knows only
//! `sync` keeps only barriers that order every pair of its threads
//! ([`erase_unless`] with [`orders_everyone`]), since dropping a barrier
//! only removes order.

use super::{Barrier, Layout, Scope, SW};
use crate::protocol::{U, W};

/// The protocol with the barriers `keep` accepts as `sync` and the others
/// dropped.  A synchronized loop left without a barrier becomes an
/// unsynchronized one.
pub fn erase_unless(p: &SW, keep: &dyn Fn(&Barrier) -> bool) -> W {
    let (mut parts, trailing) = parts(p, keep);
    if trailing != U::Skip || parts.is_empty() {
        parts.push(W::Sync(trailing));
    }
    seq_w(parts)
}

/// Theorem S1's erasure: keep the full barriers of scope `s` or wider.
pub fn erase_below(p: &SW, s: Scope) -> W {
    erase_unless(p, &|b| b.is_full() && b.scope >= s)
}

/// A barrier that orders every pair of threads of `layout` whenever it is
/// reached: full, and of a scope whose one instance holds every thread.
pub fn orders_everyone(layout: &Layout, b: &Barrier) -> bool {
    b.is_full()
        && match b.scope {
            Scope::Grid => true,
            Scope::Block => layout.block >= layout.count(),
            Scope::Tile(_) => false,
        }
}

/// The synchronized parts of `p` and the unsynchronized code after its
/// last kept barrier (as `surface::lower` groups a block).
fn parts(p: &SW, keep: &dyn Fn(&Barrier) -> bool) -> (Vec<W>, U) {
    match p {
        SW::Sync(u, b) if keep(b) => (vec![W::Sync(u.clone())], U::Skip),
        SW::Sync(u, _) => (Vec::new(), u.clone()),
        SW::Seq(p, q) => {
            let (mut ps, tp) = parts(p, keep);
            let (mut qs, tq) = parts(q, keep);
            if qs.is_empty() {
                return (ps, U::seq(tp, tq));
            }
            qs[0] = prefix(tp, &qs[0]);
            ps.extend(qs);
            (ps, tq)
        }
        SW::For(u1, x, n, m, body, u2) => {
            let (inner, tail) = parts(body, keep);
            if inner.is_empty() {
                let body = U::seq(tail, u2.clone());
                let lp = U::For(x.clone(), n.clone(), m.clone(), Box::new(body));
                return (Vec::new(), U::seq(u1.clone(), lp));
            }
            let w = W::For(
                u1.clone(),
                x.clone(),
                n.clone(),
                m.clone(),
                Box::new(seq_w(inner)),
                U::seq(tail, u2.clone()),
            );
            (vec![w], U::Skip)
        }
    }
}

/// `u; p` as a `W`: `u` joins the first unsynchronized part of `p`.
fn prefix(u: U, p: &W) -> W {
    if u == U::Skip {
        return p.clone();
    }
    match p {
        W::Sync(v) => W::Sync(U::seq(u, v.clone())),
        W::Seq(a, b) => W::seq(prefix(u, a), (**b).clone()),
        W::For(u1, x, n, m, body, u2) => W::For(
            U::seq(u, u1.clone()),
            x.clone(),
            n.clone(),
            m.clone(),
            body.clone(),
            u2.clone(),
        ),
    }
}

/// Right-nested `p1; (p2; …)` of a non-empty list.
fn seq_w(mut parts: Vec<W>) -> W {
    let mut acc = parts.pop().unwrap_or(W::Sync(U::Skip));
    while let Some(prev) = parts.pop() {
        acc = W::seq(prev, acc);
    }
    acc
}
