//! Fig. S1 of `proofs-notes/scoped-barriers.md`: the big-step semantics
//! `p ↓ H` of scoped protocols.  It is Fig. 5 of `seeds/000_*` (rules
//! W-SYNC, W-SEQ, W-FOR-1, W-FOR-2, with U-PAR unchanged) where a history
//! records, between two phases, the *value* of the barrier that separates
//! them: which threads reached it and whom each one's mask names (rule
//! S-BAR).  Whether that barrier orders a pair of threads is decided from the
//! value by Def. S3 ([`super::race`]), not here.

use super::{Barrier, Layout, Scope, SW};
use crate::expr::{BExp, NExp, Nat, TID};
use crate::history::Phase;
use crate::protocol::{NoDerivation, Threads};
use std::collections::{BTreeMap, BTreeSet};

/// What one thread brings to a barrier it reaches (rule S-BAR): the threads
/// its mask names, and whether the mask also names a lane of its instance
/// that no thread fills (a tile past the end of its block, or a mask bit at
/// or beyond the instance's size).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Arrival {
    pub named: BTreeSet<u64>,
    pub missing_lane: bool,
}

/// The value of one barrier of a run: its scope and, for each thread that
/// reached it, its [`Arrival`].  Threads absent from `arrivals` did not reach
/// it (their arrival condition was false).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierValue {
    pub scope: Scope,
    pub arrivals: BTreeMap<u64, Arrival>,
}

/// A scoped history `P0 ·β1· P1 ·β2· … ·βk· Pk`: `phases.len()` is always
/// `barriers.len() + 1`, and `barriers[j]` separates `phases[j]` from
/// `phases[j + 1]`.  With only full block barriers of one block it is
/// Fig. 2's history `[P0, …, Pk]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopedHistory {
    pub phases: Vec<Phase>,
    pub barriers: Vec<BarrierValue>,
}

impl ScopedHistory {
    fn single(p: Phase) -> ScopedHistory {
        ScopedHistory {
            phases: vec![p],
            barriers: Vec::new(),
        }
    }

    /// `H ⊙ H'` (Fig. 5): the last phase of `H` and the first of `H'` run
    /// concurrently and merge; the barriers follow in order.
    pub fn merge(mut self, other: ScopedHistory) -> ScopedHistory {
        let mut rest = other.phases.into_iter();
        if let (Some(last), Some(first)) = (self.phases.pop(), rest.next()) {
            self.phases.push(last.union(first));
        }
        self.phases.extend(rest);
        self.barriers.extend(other.barriers);
        self
    }
}

fn step() -> Result<(), NoDerivation> {
    if crate::limits::step() {
        Ok(())
    } else {
        Err(NoDerivation::OutOfSteps)
    }
}

impl SW {
    /// `p ↓ H` (Fig. S1: S-SYNC, S-SEQ, S-FOR-1, S-FOR-2).
    pub fn eval(&self, layout: &Layout) -> Result<ScopedHistory, NoDerivation> {
        match self {
            // S-SYNC: u; sync(β) ↓ [P] ·b· [∅]   where u ↓ P (U-PAR) and β ⇓ b (S-BAR)
            SW::Sync(u, b) => Ok(ScopedHistory {
                phases: vec![u.eval_par(&layout.threads)?, Phase::new()],
                barriers: vec![b.eval(layout)?],
            }),
            // S-SEQ: p; q ↓ H ⊙ H'
            SW::Seq(p, q) => Ok(p.eval(layout)?.merge(q.eval(layout)?)),
            SW::For(u1, x, n, m, p, u2) => {
                let (lo, hi) = (n.eval()?, m.eval()?);
                if lo >= hi {
                    // Example 2: no rule derives an empty synchronized loop.
                    return Err(NoDerivation::EmptySyncLoop {
                        var: x.clone(),
                        lo,
                        hi,
                    });
                }
                // S-FOR-2 for n, …, m-2 and S-FOR-1 for m-1, folded left as
                // in `W::eval` (⊙ is associative).
                let mut out = ScopedHistory::single(u1.eval_par(&layout.threads)?);
                let mut k = lo;
                while k < hi {
                    step()?;
                    let xn = NExp::Num(k.clone());
                    out = out.merge(p.subst(x, &xn).eval(layout)?);
                    let tail = u2.subst(x, &xn).eval_par(&layout.threads)?;
                    out = out.merge(ScopedHistory::single(tail));
                    k += 1u32;
                }
                Ok(out)
            }
        }
    }
}

/// `tid := t` and thread `t`'s thread-locals in an expression (as
/// `Threads::instantiate` does for `u`).
fn at_thread_n(threads: &Threads, e: &NExp, t: u64) -> NExp {
    let mut e = e.subst(TID, &NExp::Num(Nat::from(t)));
    for (x, values) in &threads.locals {
        if let Some(v) = values.get(t as usize) {
            e = e.subst(x, &NExp::Num(v.clone()));
        }
    }
    e
}

fn at_thread_b(threads: &Threads, e: &BExp, t: u64) -> BExp {
    let mut e = e.subst(TID, &NExp::Num(Nat::from(t)));
    for (x, values) in &threads.locals {
        if let Some(v) = values.get(t as usize) {
            e = e.subst(x, &NExp::Num(v.clone()));
        }
    }
    e
}

impl Barrier {
    /// `β ⇓ b` (rule S-BAR): every thread `t` whose arrival condition holds
    /// reaches the barrier, with the threads its mask names.
    pub fn eval(&self, layout: &Layout) -> Result<BarrierValue, NoDerivation> {
        let mut arrivals = BTreeMap::new();
        for t in 0..layout.count() {
            step()?;
            if !at_thread_b(&layout.threads, &self.arrive, t).eval()? {
                continue;
            }
            let mask = match &self.mask {
                Some(m) => Some(at_thread_n(&layout.threads, m, t).eval()?),
                None => None,
            };
            arrivals.insert(t, named(layout, self.scope, t, mask.as_ref()));
        }
        Ok(BarrierValue {
            scope: self.scope,
            arrivals,
        })
    }
}

/// Whom thread `t`'s barrier of `scope` names: lane `j` of `t`'s instance
/// (the instance's `j`-th thread) when bit `j` of the mask is set, or every
/// lane without a mask.  A named lane whose thread is not in `t`'s block (a
/// tile cut by the block's end) or a mask bit past the instance is a
/// missing lane.
pub fn named(layout: &Layout, scope: Scope, t: u64, mask: Option<&Nat>) -> Arrival {
    let (start, size) = layout.instance(scope, t);
    let bit = |j: u64| match mask {
        Some(m) => m.bit(j),
        None => true,
    };
    let mut out = Arrival {
        named: BTreeSet::new(),
        missing_lane: mask.is_some_and(|m| m.bits() > size),
    };
    for j in (0..size).filter(|&j| bit(j)) {
        let lane = start + j;
        if scope == Scope::Grid || layout.same_block(t, lane) {
            out.named.insert(lane);
        } else {
            out.missing_lane = true;
        }
    }
    out
}
