//! From a `.proto` program to a protocol `p ∈ W` (Fig. 2) for one array:
//! tag loops (a loop is synchronized iff its body contains `sync`), group
//! each unsynchronized fragment with the closest `sync` or synchronized loop
//! to its right (Sec. 3.1), and close the protocol with the implicit barrier
//! at the end of the kernel (`u; sync` has the same races as `u`).
//!
//! A synchronized conditional is not in the grammar of `W`.  When its
//! condition is closed under the given environment, lowering takes the branch
//! it selects (the paper's inlining of synchronized conditionals, Sec. 6,
//! specialised to known parameter values); otherwise it is an error that
//! names the cause (`tid`: barrier divergence).  The checker inlines symbolic
//! conditions before calling this function.

use super::ast::*;
use crate::expr::{NExp, Nat, Var, TID};
use crate::protocol::{Access, U, W};
use std::collections::BTreeMap;
use std::fmt;

/// What [`lower`] needs beyond the program.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    /// Keep the accesses of this array (`""` is the unnamed one); others become `skip`.
    pub array: String,
    /// Known values used to decide synchronized conditionals.
    pub env: BTreeMap<Var, Nat>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LowerErrorKind {
    /// `sync` inside a loop tagged `forU`.
    SyncInUnsyncLoop,
    /// A loop tagged `forS` whose body has no `sync`.
    SyncLoopWithoutSync,
    /// A synchronized conditional on `tid` or a thread-local: threads disagree
    /// on whether to reach the barrier.
    BarrierDivergence,
    /// A synchronized conditional whose condition is not known (it mentions
    /// the listed variables).
    UnresolvedSyncConditional(Vec<Var>),
    /// A barrier of another scope than the block (`sync(warp)`): `W` has
    /// only the block barrier; [`crate::scoped::lower`] reads it.
    ScopedBarrier,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    pub kind: LowerErrorKind,
    pub span: Span,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let msg = match &self.kind {
            LowerErrorKind::SyncInUnsyncLoop => {
                "`sync` inside an unsynchronized loop `forU` (Fig. 2: U has no sync)".to_string()
            }
            LowerErrorKind::SyncLoopWithoutSync => {
                "synchronized loop `forS` has no `sync` in its body (Fig. 2)".to_string()
            }
            LowerErrorKind::BarrierDivergence => {
                "barrier divergence: `sync` under a condition that depends on the thread".to_string()
            }
            LowerErrorKind::ScopedBarrier => {
                "a barrier of another scope than the block (`sync(warp)`, `sync(tile N)`, `sync(grid)`) is read by the reference semantics of scoped barriers only".to_string()
            }
            LowerErrorKind::UnresolvedSyncConditional(vars) => format!(
                "synchronized conditional depends on {}: give its value with --param or use `mapcheck check`",
                vars.iter().map(|v| format!("`{v}`")).collect::<Vec<_>>().join(", ")
            ),
        };
        write!(f, "{}: {msg}", self.span)
    }
}

impl std::error::Error for LowerError {}

/// Lowers a program to `p ∈ W` for `opts.array` (see the module docs).
pub fn lower(prog: &Program, opts: &LowerOptions) -> Result<W, LowerError> {
    let lw = Lowerer {
        opts,
        locals: &prog.locals,
    };
    let (parts, trailing) = lw.block(&prog.body)?;
    let mut parts = parts;
    if trailing != U::Skip || parts.is_empty() {
        parts.push(W::Sync(trailing));
    }
    Ok(seq_w(parts))
}

/// A statement without a barrier as `u ∈ U` (accesses of other arrays than
/// `opts.array` become `skip`); shared with [`crate::scoped::lower`].
pub(crate) fn unsync_stmt(prog: &Program, opts: &LowerOptions, s: &Stmt) -> Result<U, LowerError> {
    Lowerer {
        opts,
        locals: &prog.locals,
    }
    .unsync(s)
}

/// Right-nested `p1; (p2; …)`.
fn seq_w(mut parts: Vec<W>) -> W {
    let mut acc = parts.pop().expect("non-empty");
    while let Some(prev) = parts.pop() {
        acc = W::seq(prev, acc);
    }
    acc
}

struct Lowerer<'a> {
    opts: &'a LowerOptions,
    locals: &'a [Var],
}

impl Lowerer<'_> {
    /// A block becomes the synchronized parts it contains and the trailing
    /// unsynchronized code after the last one.
    fn block(&self, block: &Block) -> Result<(Vec<W>, U), LowerError> {
        let mut parts = Vec::new();
        let mut pending: Vec<U> = Vec::new();
        self.block_into(block, &mut parts, &mut pending)?;
        Ok((parts, U::seq_all(pending)))
    }

    fn block_into(
        &self,
        block: &Block,
        parts: &mut Vec<W>,
        pending: &mut Vec<U>,
    ) -> Result<(), LowerError> {
        for s in block {
            if !s.has_sync() {
                pending.push(self.unsync(s)?);
                continue;
            }
            match &s.kind {
                StmtKind::Sync => parts.push(W::Sync(U::seq_all(pending.drain(..)))),
                StmtKind::ScopedSync { .. } => {
                    return Err(self.err(LowerErrorKind::ScopedBarrier, s.span))
                }
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                } => {
                    let branch = self.decide(cond, s.span)?;
                    let chosen = if branch { then_branch } else { else_branch };
                    self.block_into(chosen, parts, pending)?;
                }
                StmtKind::For {
                    tag,
                    var,
                    lo,
                    hi,
                    body,
                } => {
                    if *tag == Some(LoopTag::Unsync) {
                        return Err(self.err(LowerErrorKind::SyncInUnsyncLoop, s.span));
                    }
                    let (inner, u2) = self.block(body)?;
                    if inner.is_empty() {
                        // Every `sync` of the body sits in a branch that the
                        // environment rules out: an unsynchronized loop.
                        if *tag == Some(LoopTag::Sync) {
                            return Err(self.err(LowerErrorKind::SyncLoopWithoutSync, s.span));
                        }
                        pending.push(U::For(var.clone(), lo.clone(), hi.clone(), Box::new(u2)));
                        continue;
                    }
                    let p = seq_w(inner);
                    let u1 = U::seq_all(pending.drain(..));
                    parts.push(W::For(
                        u1,
                        var.clone(),
                        lo.clone(),
                        hi.clone(),
                        Box::new(p),
                        u2,
                    ));
                }
                StmtKind::Skip | StmtKind::Access { .. } => unreachable!("no sync"),
            }
        }
        Ok(())
    }

    /// A statement without `sync` as `u ∈ U`.
    fn unsync(&self, s: &Stmt) -> Result<U, LowerError> {
        Ok(match &s.kind {
            StmtKind::Skip => U::Skip,
            StmtKind::Sync | StmtKind::ScopedSync { .. } => unreachable!("checked by has_sync"),
            StmtKind::Access { mode, array, index } => {
                if array.as_deref().unwrap_or("") == self.opts.array {
                    U::Acc(Access::new(*mode, index.clone()))
                } else {
                    U::Skip
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => U::if_(
                cond.clone(),
                self.unsync_block(then_branch)?,
                self.unsync_block(else_branch)?,
            ),
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                if *tag == Some(LoopTag::Sync) {
                    return Err(self.err(LowerErrorKind::SyncLoopWithoutSync, s.span));
                }
                U::For(
                    var.clone(),
                    lo.clone(),
                    hi.clone(),
                    Box::new(self.unsync_block(body)?),
                )
            }
        })
    }

    fn unsync_block(&self, b: &Block) -> Result<U, LowerError> {
        Ok(U::seq_all(
            b.iter()
                .map(|s| self.unsync(s))
                .collect::<Result<Vec<_>, _>>()?,
        ))
    }

    /// Decides a synchronized conditional from the environment.
    fn decide(&self, cond: &crate::expr::BExp, span: Span) -> Result<bool, LowerError> {
        let mut c = cond.clone();
        for (x, v) in &self.opts.env {
            c = c.subst(x, &NExp::Num(v.clone()));
        }
        match c.eval() {
            Ok(d) => Ok(d),
            Err(_) => {
                let vars: Vec<Var> = c.fv().into_iter().collect();
                if vars.iter().any(|v| v == TID || self.locals.contains(v)) {
                    Err(self.err(LowerErrorKind::BarrierDivergence, span))
                } else {
                    Err(self.err(LowerErrorKind::UnresolvedSyncConditional(vars), span))
                }
            }
        }
    }

    fn err(&self, kind: LowerErrorKind, span: Span) -> LowerError {
        LowerError { kind, span }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surface::parse;

    fn lower_src(src: &str) -> Result<W, LowerError> {
        lower(&parse(src).unwrap(), &LowerOptions::default())
    }

    #[test]
    fn groups_unsynchronized_code_with_the_next_barrier() {
        // (wr[0]; rd[1]; sync); (wr[2]; forS x in n..m {(wr[3]; sync); wr[4]})  — Sec. 3.1
        let w =
            lower_src("wr[0]; rd[1]; sync; wr[2]; for x in n..m { wr[3]; sync; wr[4] }").unwrap();
        let acc = |o: crate::Mode, k: u64| U::Acc(Access::new(o, vec![NExp::num(k)]));
        use crate::Mode::*;
        let expected = W::seq(
            W::Sync(U::seq(acc(Wr, 0), acc(Rd, 1))),
            W::for_(
                acc(Wr, 2),
                "x",
                NExp::var("n"),
                NExp::var("m"),
                W::Sync(acc(Wr, 3)),
                acc(Wr, 4),
            ),
        );
        assert_eq!(w, expected);
    }

    #[test]
    fn unsynchronized_program_gets_the_final_barrier() {
        assert_eq!(
            lower_src("wr[tid]").unwrap(),
            W::Sync(U::Acc(Access::wr(NExp::tid())))
        );
    }

    #[test]
    fn loop_whose_barriers_are_all_decided_away_is_unsynchronized() {
        // With M = 1 the body has no barrier: `for x in 0..2 { wr[x] }`
        // (this used to panic in `seq_w` on an empty list of parts).
        let p = parse("for x in 0..2 { if M > 1 { sync }; wr[x] }").unwrap();
        let mut opts = LowerOptions::default();
        opts.env.insert("M".into(), Nat::from(1u32));
        let w = lower(&p, &opts).unwrap();
        let body = U::Acc(Access::wr(NExp::var("x")));
        let expected = W::Sync(U::For(
            "x".into(),
            NExp::num(0),
            NExp::num(2),
            Box::new(body),
        ));
        assert_eq!(w, expected);
        opts.env.insert("M".into(), Nat::from(2u32));
        assert!(matches!(lower(&p, &opts).unwrap(), W::For(..)));
    }

    #[test]
    fn errors_name_the_rule_and_place() {
        // Mis-tagged loops are rejected by the parser (so that `check` and
        // `run` agree), at the loop.
        let e = parse("wr[0];\nforU i in 0..2 {\n sync }").unwrap_err();
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.message.contains("`sync` inside an unsynchronized loop"));
        let e = parse("forS i in 0..2 { wr[0] }").unwrap_err();
        assert!(e.message.contains("has no `sync`"));
        let e = lower_src("wr[0];\nif tid < 16 { sync }").unwrap_err();
        assert_eq!(e.kind, LowerErrorKind::BarrierDivergence);
        assert_eq!(e.span.line, 2);
    }
}
