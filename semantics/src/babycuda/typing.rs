//! The behavioral type system `V ⊢ b ▶ u` of BabyCUDA — Fig. 6 of
//! `seeds/004_*` — extended to several arrays and to the synchronized
//! fragment (`proofs-notes/babycuda-sync.md`).
//!
//! The type of a program is its memory access protocol.  We return it as a
//! [`crate::surface::Program`] holding the accesses of *every* array (each
//! access names its array), so that the checker consumes it like a `.proto`
//! file and [`crate::surface::lower`] projects it to one `p ∈ W` per array.
//! When the program is not typable, the errors say which variable read from
//! which array (and where) reaches which index, condition or loop bound.

use super::syntax::*;
use crate::expr::{NExp, Var, TID};
use crate::history::Mode;
use crate::surface;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// Where a data variable was bound: `let var = array[…]` at `span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadSite {
    pub var: Var,
    pub array: String,
    pub span: Span,
}

/// Where data flowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataUse {
    /// The index of an access (`A[x] := …` or `let y = A[x] in …`):
    /// T-WRITE / T-READ require `V ⊢ n`.  A *data-dependent* alarm.
    Index { array: String, mode: Mode },
    /// A condition (T-IF requires `V ⊢ c`).  A *control-dependent* alarm.
    Condition,
    /// A loop bound (T-FOR requires `V ⊢ n`, `V ⊢ m`).  Control-dependent.
    LoopBound,
}

/// Why a program is not typable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeErrorKind {
    /// A variable bound by `let` (data read from an array) is used where
    /// only `V` is allowed.
    DataFlow { read: ReadSite, usage: DataUse },
    /// A binder reuses a name already in scope (T-READ / T-FOR: `x ∉ V`,
    /// "nested binders are all distinct").
    BinderNotDistinct { var: Var },
    /// `sync` under a condition or in a loop whose bounds depend on `tid`.
    BarrierDivergence { var: Var },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    pub kind: TypeErrorKind,
    /// The statement where the rule fails.
    pub span: Span,
}

impl TypeError {
    /// `true` for data flowing into an index (data-dependent), `false` for
    /// flows into control (control-dependent) and other errors.
    pub fn is_data_dependent(&self) -> bool {
        matches!(
            self.kind,
            TypeErrorKind::DataFlow {
                usage: DataUse::Index { .. },
                ..
            }
        )
    }
}

impl fmt::Display for TypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            TypeErrorKind::DataFlow { read, usage } => {
                let what = match usage {
                    DataUse::Index { array, mode } => {
                        let op = if *mode == Mode::Wr { "write to" } else { "read of" };
                        format!("the index of the {op} `{array}` (T-{})", if *mode == Mode::Wr { "WRITE" } else { "READ" })
                    }
                    DataUse::Condition => "a condition (T-IF)".to_string(),
                    DataUse::LoopBound => "a loop bound (T-FOR)".to_string(),
                };
                write!(
                    f,
                    "{}: `{}`, read from array `{}` at {}, reaches {what}",
                    self.span, read.var, read.array, read.span
                )
            }
            TypeErrorKind::BinderNotDistinct { var } => write!(
                f,
                "{}: `{var}` is bound again (Fig. 6 of 004 requires distinct binders: x ∉ V)",
                self.span
            ),
            TypeErrorKind::BarrierDivergence { var } => write!(
                f,
                "{}: `sync` under control that depends on `{var}`: threads may disagree on the barrier",
                self.span
            ),
        }
    }
}

/// A well-typed program and its type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// `u` (or `p`) of `V ⊢ b ▶ u`, all arrays together.
    pub protocol: surface::Program,
}

struct Typer {
    errors: Vec<TypeError>,
}

/// The typing context: `V`, and the data variables in scope (not in `V`).
#[derive(Clone)]
struct Ctx {
    v: BTreeSet<Var>,
    data: BTreeMap<Var, ReadSite>,
}

impl Typer {
    /// `V ⊢ n` (T-N) / `V ⊢ c` (T-B): `fv ⊆ V`; otherwise reports each
    /// data variable that escapes.
    fn check_vars(&mut self, fv: BTreeSet<Var>, ctx: &Ctx, usage: DataUse, span: Span) {
        for x in fv {
            if ctx.v.contains(&x) {
                continue;
            }
            if let Some(read) = ctx.data.get(&x) {
                self.errors.push(TypeError {
                    kind: TypeErrorKind::DataFlow {
                        read: read.clone(),
                        usage: usage.clone(),
                    },
                    span,
                });
            }
        }
    }

    fn divergence(&mut self, fv: BTreeSet<Var>, span: Span) {
        if fv.contains(TID) {
            self.errors.push(TypeError {
                kind: TypeErrorKind::BarrierDivergence { var: TID.into() },
                span,
            });
        }
    }

    fn binder(&mut self, x: &Var, ctx: &Ctx, span: Span) {
        if ctx.v.contains(x) || ctx.data.contains_key(x) {
            self.errors.push(TypeError {
                kind: TypeErrorKind::BinderNotDistinct { var: x.clone() },
                span,
            });
        }
    }

    /// `V ⊢ b ▶ u` for a sequence (T-SEQ).
    fn block(&mut self, b: &[Stmt], ctx: &Ctx, out: &mut surface::Block) {
        for s in b {
            self.stmt(s, ctx, out);
        }
    }

    fn stmt(&mut self, s: &Stmt, ctx: &Ctx, out: &mut surface::Block) {
        let acc = |mode, array: &str, index: &NExp| surface::StmtKind::Access {
            mode,
            array: Some(array.to_string()),
            index: vec![index.clone()],
        };
        match &s.kind {
            // T-SKIP
            StmtKind::Skip => out.push(surface::Stmt::new(surface::StmtKind::Skip, s.span)),
            // T-SYNC (000's `u; sync`)
            StmtKind::Sync => out.push(surface::Stmt::new(surface::StmtKind::Sync, s.span)),
            // T-WRITE: V ⊢ n  ⟹  V ⊢ A[n] := m ▶ wr[n]   (the payload m is unconstrained)
            StmtKind::Write { array, index, .. } => {
                self.check_vars(
                    index.fv(),
                    ctx,
                    DataUse::Index {
                        array: array.clone(),
                        mode: Mode::Wr,
                    },
                    s.span,
                );
                out.push(surface::Stmt::new(acc(Mode::Wr, array, index), s.span));
            }
            // T-READ: V ⊢ n, y ∉ V, V ⊢ b ▶ u  ⟹  V ⊢ let y = A[n] in b ▶ rd[n]; u
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                self.check_vars(
                    index.fv(),
                    ctx,
                    DataUse::Index {
                        array: array.clone(),
                        mode: Mode::Rd,
                    },
                    s.span,
                );
                self.binder(var, ctx, s.span);
                out.push(surface::Stmt::new(acc(Mode::Rd, array, index), s.span));
                let mut inner = ctx.clone();
                inner.data.insert(
                    var.clone(),
                    ReadSite {
                        var: var.clone(),
                        array: array.clone(),
                        span: s.span,
                    },
                );
                self.block(body, &inner, out);
            }
            // T-IF: V ⊢ c, V ⊢ b1 ▶ u1, V ⊢ b2 ▶ u2
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.check_vars(cond.fv(), ctx, DataUse::Condition, s.span);
                if s.has_sync() {
                    self.divergence(cond.fv(), s.span);
                }
                let (mut t, mut e) = (Vec::new(), Vec::new());
                self.block(then_branch, ctx, &mut t);
                self.block(else_branch, ctx, &mut e);
                out.push(surface::Stmt::new(
                    surface::StmtKind::If {
                        cond: cond.clone(),
                        then_branch: t,
                        else_branch: e,
                    },
                    s.span,
                ));
            }
            // T-FOR: V ⊢ n, V ⊢ m, x ∉ V, V ∪ {x} ⊢ b ▶ u
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                let mut fv = lo.fv();
                fv.extend(hi.fv());
                self.check_vars(fv.clone(), ctx, DataUse::LoopBound, s.span);
                if s.has_sync() {
                    self.divergence(fv, s.span);
                }
                self.binder(var, ctx, s.span);
                let mut inner = ctx.clone();
                inner.v.insert(var.clone());
                inner.data.remove(var);
                let mut u = Vec::new();
                self.block(body, &inner, &mut u);
                out.push(surface::Stmt::new(
                    surface::StmtKind::For {
                        tag: *tag,
                        var: var.clone(),
                        lo: lo.clone(),
                        hi: hi.clone(),
                        body: u,
                    },
                    s.span,
                ));
            }
        }
    }
}

/// The initial context `V = {tid, T} ∪ parameters` (the paper types Fig. 3
/// under `{M, tid}`).
pub fn initial_context(p: &Program) -> BTreeSet<Var> {
    let mut v: BTreeSet<Var> = p.parameters().into_iter().collect();
    v.insert(TID.to_string());
    v.insert(crate::trace::THREAD_COUNT.to_string());
    v
}

/// `V ⊢ b ▶ u` (Fig. 6 of 004): the protocol of a typable program, or every
/// reason it is not typable, in source order.
pub fn type_program(p: &Program) -> Result<Typed, Vec<TypeError>> {
    let ctx = Ctx {
        v: initial_context(p),
        data: BTreeMap::new(),
    };
    let mut t = Typer { errors: Vec::new() };
    let mut body = Vec::new();
    t.block(&p.body, &ctx, &mut body);
    if !t.errors.is_empty() {
        return Err(t.errors);
    }
    Ok(Typed {
        protocol: surface::Program {
            header: p.header.clone(),
            params: p.params.clone(),
            locals: Vec::new(),
            assumptions: Vec::new(),
            body,
        },
    })
}
