//! Walks over protocol statements, shared by the passes that rewrite an
//! inferred protocol (unlocated accesses, the scope across blocks, the
//! order of a loop's iterations).  Substitution is `Stmt::subst` of the
//! protocol language itself.

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
