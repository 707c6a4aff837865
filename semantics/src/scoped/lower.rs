//! From a `.proto` program to a scoped protocol `p ∈ SW` for one array
//! (`proofs-notes/scoped-barriers.md`, "Conditionals around barriers").
//!
//! As `surface::lower` does for `W`, with one difference: a synchronized
//! conditional whose condition the environment does not decide is not an
//! error but a *guard*.  `if c {P} else {Q}` becomes `P|c ; Q|¬c`, where
//! `P|c` runs each unsynchronized part of `P` under `if c` and makes `c`
//! part of each barrier's arrival condition.  A thread runs exactly the
//! accesses and reaches exactly the barriers of its branch, in the same
//! order, so its run is unchanged; whether the threads of one tile or block
//! agree is then decided per barrier by Def. S3 (barrier divergence), not
//! rejected up front.  A loop whose range mentions `tid` still has no
//! derivation (its range is not closed, Lemma 1).

use super::{Barrier, Scope, SW};
use crate::expr::{BExp, NExp};
use crate::protocol::U;
use crate::surface::ast::{Block, LoopTag, Program, Stmt, StmtKind};
use crate::surface::lower::{unsync_stmt, LowerError, LowerErrorKind, LowerOptions};

/// Lowers a program to `p ∈ SW` for `opts.array`, closing it with the
/// implicit block barrier at the end of the kernel.
pub fn lower(prog: &Program, opts: &LowerOptions) -> Result<SW, LowerError> {
    let lw = Lowerer { prog, opts };
    let (mut parts, trailing) = lw.block(&prog.body, &BExp::Bool(true))?;
    if trailing != U::Skip || parts.is_empty() {
        parts.push(SW::Sync(trailing, Barrier::block()));
    }
    Ok(seq_sw(parts))
}

fn seq_sw(mut parts: Vec<SW>) -> SW {
    let mut acc = parts
        .pop()
        .unwrap_or_else(|| SW::Sync(U::Skip, Barrier::block()));
    while let Some(prev) = parts.pop() {
        acc = SW::seq(prev, acc);
    }
    acc
}

/// `g ∧ c`, without the `true ∧` of the outermost guard.
fn and(g: &BExp, c: BExp) -> BExp {
    if *g == BExp::Bool(true) {
        c
    } else {
        BExp::and(g.clone(), c)
    }
}

/// `u` run only by the threads where `g` holds.
fn guarded(g: &BExp, u: U) -> U {
    if *g == BExp::Bool(true) || u == U::Skip {
        u
    } else {
        U::if_(g.clone(), u, U::Skip)
    }
}

struct Lowerer<'a> {
    prog: &'a Program,
    opts: &'a LowerOptions,
}

impl Lowerer<'_> {
    fn block(&self, block: &Block, g: &BExp) -> Result<(Vec<SW>, U), LowerError> {
        let mut parts = Vec::new();
        let mut pending = Vec::new();
        self.block_into(block, g, &mut parts, &mut pending)?;
        Ok((parts, U::seq_all(pending)))
    }

    fn block_into(
        &self,
        block: &Block,
        g: &BExp,
        parts: &mut Vec<SW>,
        pending: &mut Vec<U>,
    ) -> Result<(), LowerError> {
        for s in block {
            if !s.has_sync() {
                pending.push(guarded(g, unsync_stmt(self.prog, self.opts, s)?));
                continue;
            }
            match &s.kind {
                StmtKind::Sync => parts.push(self.barrier(pending, Scope::Block, None, g)),
                StmtKind::ScopedSync { scope, mask } => {
                    parts.push(self.barrier(pending, *scope, mask.clone(), g))
                }
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => match self.decide(cond) {
                    Some(true) => self.block_into(then_branch, g, parts, pending)?,
                    Some(false) => self.block_into(else_branch, g, parts, pending)?,
                    None => {
                        self.block_into(then_branch, &and(g, cond.clone()), parts, pending)?;
                        let not = BExp::not(cond.clone());
                        self.block_into(else_branch, &and(g, not), parts, pending)?;
                    }
                },
                StmtKind::For { .. } => self.sync_loop(s, g, parts, pending)?,
                StmtKind::Skip | StmtKind::Access { .. } => unreachable!("no barrier"),
            }
        }
        Ok(())
    }

    fn barrier(&self, pending: &mut Vec<U>, scope: Scope, mask: Option<NExp>, g: &BExp) -> SW {
        let b = Barrier {
            scope,
            mask,
            arrive: g.clone(),
        };
        SW::Sync(U::seq_all(pending.drain(..)), b)
    }

    fn sync_loop(
        &self,
        s: &Stmt,
        g: &BExp,
        parts: &mut Vec<SW>,
        pending: &mut Vec<U>,
    ) -> Result<(), LowerError> {
        let StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        } = &s.kind
        else {
            unreachable!("called on loops")
        };
        if *tag == Some(LoopTag::Unsync) {
            return Err(LowerError {
                kind: LowerErrorKind::SyncInUnsyncLoop,
                span: s.span,
            });
        }
        let (inner, u2) = self.block(body, g)?;
        if inner.is_empty() {
            if *tag == Some(LoopTag::Sync) {
                return Err(LowerError {
                    kind: LowerErrorKind::SyncLoopWithoutSync,
                    span: s.span,
                });
            }
            pending.push(U::For(var.clone(), lo.clone(), hi.clone(), Box::new(u2)));
            return Ok(());
        }
        let u1 = U::seq_all(pending.drain(..));
        let p = Box::new(seq_sw(inner));
        parts.push(SW::For(u1, var.clone(), lo.clone(), hi.clone(), p, u2));
        Ok(())
    }

    /// The branch the environment selects, if it decides the condition.
    fn decide(&self, cond: &BExp) -> Option<bool> {
        let mut c = cond.clone();
        for (x, v) in &self.opts.env {
            c = c.subst(x, &NExp::Num(v.clone()));
        }
        c.eval().ok()
    }
}
