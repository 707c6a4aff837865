//! Walks over protocol statements, shared by the passes that rewrite an
//! inferred protocol (unlocated accesses, the scope across blocks, the
//! order of a loop's iterations).

use semantics::expr::NExp;
use semantics::surface::{Stmt, StmtKind};

/// Rewrites every statement that is not an `if` or a loop with `f` (which
/// returns its replacement, possibly empty), keeping the `if`s and loops
/// around the rewritten bodies.
pub fn rewrite_leaves(block: Vec<Stmt>, f: &mut impl FnMut(Stmt) -> Vec<Stmt>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in block {
        let span = s.span;
        let kind = match s.kind {
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond,
                then_branch: rewrite_leaves(then_branch, f),
                else_branch: rewrite_leaves(else_branch, f),
            },
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body: rewrite_leaves(body, f),
            },
            kind => {
                out.extend(f(Stmt::new(kind, span)));
                continue;
            }
        };
        out.push(Stmt::new(kind, span));
    }
    out
}

/// `b` with `x` replaced by `e` (`e`'s variables are fresh: nothing in `b`
/// binds them).
pub fn subst_block(b: &[Stmt], x: &str, e: &NExp) -> Vec<Stmt> {
    b.iter()
        .map(|s| Stmt {
            kind: subst_stmt(&s.kind, x, e),
            span: s.span,
        })
        .collect()
}

fn subst_stmt(k: &StmtKind, x: &str, e: &NExp) -> StmtKind {
    match k {
        StmtKind::Skip | StmtKind::Sync => k.clone(),
        StmtKind::Access { mode, array, index } => StmtKind::Access {
            mode: *mode,
            array: array.clone(),
            index: index.iter().map(|i| i.subst(x, e)).collect(),
        },
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => StmtKind::If {
            cond: cond.subst(x, e),
            then_branch: subst_block(then_branch, x, e),
            else_branch: subst_block(else_branch, x, e),
        },
        StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        } => StmtKind::For {
            tag: *tag,
            var: var.clone(),
            lo: lo.subst(x, e),
            hi: hi.subst(x, e),
            body: match var == x {
                true => body.clone(),
                false => subst_block(body, x, e),
            },
        },
    }
}
