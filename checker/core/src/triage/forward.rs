//! (b) Store-to-load forwarding within the current phase: a read of an
//! index the thread itself wrote earlier in the phase returns that write's
//! payload (see [`crate::triage`]).

use semantics::babycuda::syntax::{Block, Stmt, StmtKind};
use semantics::babycuda::Program;
use semantics::expr::{BExp, NExp};
use semantics::Var;

fn subst_block(b: &[Stmt], x: &str, m: &NExp) -> Block {
    let mut out = Vec::new();
    for s in b {
        let kind = match &s.kind {
            StmtKind::Skip | StmtKind::Sync => s.kind.clone(),
            StmtKind::Write {
                array,
                index,
                value,
            } => StmtKind::Write {
                array: array.clone(),
                index: index.subst(x, m),
                value: value.subst(x, m),
            },
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => StmtKind::Let {
                var: var.clone(),
                array: array.clone(),
                index: index.subst(x, m),
                body: if var == x {
                    body.clone()
                } else {
                    subst_block(body, x, m)
                },
            },
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: BExp::subst(cond, x, m),
                then_branch: subst_block(then_branch, x, m),
                else_branch: subst_block(else_branch, x, m),
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
                lo: lo.subst(x, m),
                hi: hi.subst(x, m),
                body: if var == x {
                    body.clone()
                } else {
                    subst_block(body, x, m)
                },
            },
        };
        out.push(Stmt::new(kind, s.span));
    }
    out
}

/// Names bound anywhere in a block.
fn binders(b: &[Stmt], out: &mut Vec<Var>) {
    for s in b {
        match &s.kind {
            StmtKind::Let { var, body, .. } | StmtKind::For { var, body, .. } => {
                out.push(var.clone());
                binders(body, out);
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                binders(then_branch, out);
                binders(else_branch, out);
            }
            _ => {}
        }
    }
}

/// `body[var ≔ m]` for a read `let var = A[n] in body` that returns `m`;
/// `None` when a binder of `body` (or `var` itself) would capture a
/// variable of `m`.
pub(super) fn substitute_read(body: &[Stmt], var: &str, m: &NExp) -> Option<Block> {
    let mut bound = Vec::new();
    binders(body, &mut bound);
    let capture = m.fv().iter().any(|y| bound.contains(y) || y == var);
    (!capture).then(|| subst_block(body, var, m))
}

/// A write `array[index] := value` of the thread in the current phase.
#[derive(Clone)]
struct OwnWrite {
    array: String,
    index: NExp,
    value: NExp,
}

/// The thread's own writes of the current phase, by (array, index
/// expression): their payloads.  Variables are immutable, so a payload
/// means the same value wherever both it and the read are in scope.
type StoreBuffer = Vec<OwnWrite>;

/// Rewrites `let x = A[n] in b` into `let x = A[n] in b[x ≔ m]` when the last
/// write of this thread to `A` in the current phase, on every path, is
/// `A[n] := m` with the same index expression.  Conservative: any other
/// write to `A` (any index) forgets `A`; `sync` and loops forget everything.
fn forward(b: &[Stmt], buf: &mut StoreBuffer, changed: &mut bool) -> Block {
    b.iter()
        .map(|s| Stmt::new(forward_stmt(s, buf, changed), s.span))
        .collect()
}

fn forward_stmt(s: &Stmt, buf: &mut StoreBuffer, changed: &mut bool) -> StmtKind {
    match &s.kind {
        StmtKind::Skip => s.kind.clone(),
        StmtKind::Sync => {
            buf.clear();
            s.kind.clone()
        }
        StmtKind::Write {
            array,
            index,
            value,
        } => {
            buf.retain(|w| &w.array != array);
            buf.push(OwnWrite {
                array: array.clone(),
                index: index.clone(),
                value: value.clone(),
            });
            s.kind.clone()
        }
        StmtKind::Let {
            var,
            array,
            index,
            body,
        } => {
            let hit = buf.iter().find(|w| &w.array == array && &w.index == index);
            let forwarded = hit.and_then(|w| substitute_read(body, var, &w.value));
            *changed |= forwarded.is_some();
            let body = forwarded.unwrap_or_else(|| body.clone());
            StmtKind::Let {
                var: var.clone(),
                array: array.clone(),
                index: index.clone(),
                body: forward(&body, buf, changed),
            }
        }
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            let t = forward(then_branch, &mut buf.clone(), changed);
            let e = forward(else_branch, &mut buf.clone(), changed);
            buf.clear();
            StmtKind::If {
                cond: cond.clone(),
                then_branch: t,
                else_branch: e,
            }
        }
        StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        } => {
            buf.clear();
            let body = forward(body, &mut Vec::new(), changed);
            StmtKind::For {
                tag: *tag,
                var: var.clone(),
                lo: lo.clone(),
                hi: hi.clone(),
                body,
            }
        }
    }
}

/// The program with own-write reads forwarded, if anything changed.
pub fn forwarded(program: &Program) -> Option<Program> {
    let mut changed = false;
    let body = forward(&program.body, &mut Vec::new(), &mut changed);
    changed.then(|| Program {
        body,
        ..program.clone()
    })
}
