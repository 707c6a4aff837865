//! The sound over-approximation used when a program is not typable: every
//! value read from an array becomes a *thread-local unknown* (Sec. 6 of
//! `seeds/000_*`, "thread-local variables"; Fig. 16 of 000: "x becomes a free
//! thread-local variable as protocols do not model array elements").
//!
//! `let y = A[n] in b` becomes `rd A[n]; b'` where `y` (renamed when its
//! name is not unique) is declared `local`.  One unknown per binder suffices
//! even inside loops: a race is a pair of dynamic accesses, one per thread,
//! and giving each thread's unknowns the values bound on the path to its
//! access reproduces that access (`proofs-notes/babycuda-theorem1.md`).
//! On typable programs no unknown reaches the protocol, and the result is the
//! type of [`super::typing::type_program`] (tested in `differential-tests`).

use super::syntax::*;
use crate::expr::{BExp, NExp, Var};
use crate::protocol::fresh_name;
use crate::surface;
use std::collections::{BTreeMap, BTreeSet};

/// A thread-local unknown introduced for `let original = array[…]` at `span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadUnknown {
    /// The name in the protocol.
    pub var: Var,
    /// The name in the program.
    pub original: Var,
    pub array: String,
    pub span: Span,
}

/// The over-approximated protocol (all arrays) and its unknowns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approximation {
    /// `locals` lists the unknowns that occur in the protocol.
    pub protocol: surface::Program,
    /// The unknowns that occur in the protocol, in binding order.
    pub unknowns: Vec<ReadUnknown>,
}

struct Approx {
    taken: BTreeSet<Var>,
    unknowns: Vec<ReadUnknown>,
}

fn rename_n(n: &NExp, ren: &BTreeMap<Var, Var>) -> NExp {
    match n {
        NExp::Var(x) => NExp::Var(ren.get(x).cloned().unwrap_or_else(|| x.clone())),
        NExp::Num(_) => n.clone(),
        NExp::Bin(op, a, b) => NExp::bin(*op, rename_n(a, ren), rename_n(b, ren)),
    }
}

fn rename_b(c: &BExp, ren: &BTreeMap<Var, Var>) -> BExp {
    match c {
        BExp::Bool(_) => c.clone(),
        BExp::Rel(op, a, b) => BExp::Rel(*op, rename_n(a, ren), rename_n(b, ren)),
        BExp::Bin(op, a, b) => {
            BExp::Bin(*op, Box::new(rename_b(a, ren)), Box::new(rename_b(b, ren)))
        }
        BExp::Not(a) => BExp::not(rename_b(a, ren)),
    }
}

fn collect_names(b: &[Stmt], out: &mut BTreeSet<Var>) {
    for s in b {
        match &s.kind {
            StmtKind::Skip | StmtKind::Sync => {}
            StmtKind::Write { index, value, .. } => {
                out.extend(index.fv());
                out.extend(value.fv());
            }
            StmtKind::Let {
                var, index, body, ..
            } => {
                out.insert(var.clone());
                out.extend(index.fv());
                collect_names(body, out);
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                out.extend(cond.fv());
                collect_names(then_branch, out);
                collect_names(else_branch, out);
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                out.insert(var.clone());
                out.extend(lo.fv());
                out.extend(hi.fv());
                collect_names(body, out);
            }
        }
    }
}

/// Counts how many binders (`let` or `for`) use each name.
fn count_binders(b: &[Stmt], out: &mut BTreeMap<Var, usize>) {
    for s in b {
        match &s.kind {
            StmtKind::Let { var, body, .. } => {
                *out.entry(var.clone()).or_default() += 1;
                count_binders(body, out);
            }
            StmtKind::For { var, body, .. } => {
                *out.entry(var.clone()).or_default() += 1;
                count_binders(body, out);
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                count_binders(then_branch, out);
                count_binders(else_branch, out);
            }
            StmtKind::Skip | StmtKind::Sync | StmtKind::Write { .. } => {}
        }
    }
}

impl Approx {
    fn block(
        &mut self,
        b: &[Stmt],
        ren: &BTreeMap<Var, Var>,
        unique: &BTreeSet<Var>,
        out: &mut surface::Block,
    ) {
        for s in b {
            self.stmt(s, ren, unique, out);
        }
    }

    fn stmt(
        &mut self,
        s: &Stmt,
        ren: &BTreeMap<Var, Var>,
        unique: &BTreeSet<Var>,
        out: &mut surface::Block,
    ) {
        let push = |out: &mut surface::Block, k| out.push(surface::Stmt::new(k, s.span));
        match &s.kind {
            StmtKind::Skip => push(out, surface::StmtKind::Skip),
            StmtKind::Sync => push(out, surface::StmtKind::Sync),
            StmtKind::Write { array, index, .. } => push(
                out,
                surface::StmtKind::Access {
                    mode: crate::Mode::Wr,
                    array: Some(array.clone()),
                    index: vec![rename_n(index, ren)],
                },
            ),
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => {
                push(
                    out,
                    surface::StmtKind::Access {
                        mode: crate::Mode::Rd,
                        array: Some(array.clone()),
                        index: vec![rename_n(index, ren)],
                    },
                );
                let name = if unique.contains(var) {
                    var.clone()
                } else {
                    fresh_name(var, &self.taken)
                };
                self.taken.insert(name.clone());
                self.unknowns.push(ReadUnknown {
                    var: name.clone(),
                    original: var.clone(),
                    array: array.clone(),
                    span: s.span,
                });
                let mut ren2 = ren.clone();
                ren2.insert(var.clone(), name);
                self.block(body, &ren2, unique, out);
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let (mut t, mut e) = (Vec::new(), Vec::new());
                self.block(then_branch, ren, unique, &mut t);
                self.block(else_branch, ren, unique, &mut e);
                push(
                    out,
                    surface::StmtKind::If {
                        cond: rename_b(cond, ren),
                        then_branch: t,
                        else_branch: e,
                    },
                );
            }
            StmtKind::For {
                tag,
                var,
                lo,
                hi,
                body,
            } => {
                // Loop variables keep their names (they are not unknowns);
                // inside, the loop variable is not renamed.
                let mut ren2 = ren.clone();
                ren2.remove(var);
                let mut u = Vec::new();
                self.block(body, &ren2, unique, &mut u);
                push(
                    out,
                    surface::StmtKind::For {
                        tag: *tag,
                        var: var.clone(),
                        lo: rename_n(lo, ren),
                        hi: rename_n(hi, ren),
                        body: u,
                    },
                );
            }
        }
    }
}

/// The over-approximated protocol of any program (typable or not).
pub fn approximate(p: &Program) -> Approximation {
    let mut taken = BTreeSet::new();
    collect_names(&p.body, &mut taken);
    taken.extend(p.params.iter().cloned());
    taken.insert(crate::TID.to_string());
    taken.insert(crate::trace::THREAD_COUNT.to_string());
    // A `let` keeps its name when it is the only binder of that name and the
    // name is not free anywhere (not a parameter, `tid` or `T`).
    let mut binders = BTreeMap::new();
    count_binders(&p.body, &mut binders);
    let params: BTreeSet<Var> = super::typing::initial_context(p);
    let unique: BTreeSet<Var> = binders
        .into_iter()
        .filter(|(x, n)| *n == 1 && !params.contains(x))
        .map(|(x, _)| x)
        .collect();
    let mut a = Approx {
        taken,
        unknowns: Vec::new(),
    };
    let mut body = Vec::new();
    a.block(&p.body, &BTreeMap::new(), &unique, &mut body);
    let mut protocol = surface::Program {
        header: p.header.clone(),
        params: p.params.clone(),
        locals: Vec::new(),
        assumptions: Vec::new(),
        body,
    };
    let free = protocol.free_vars();
    let unknowns: Vec<ReadUnknown> = a
        .unknowns
        .into_iter()
        .filter(|u| free.contains(&u.var))
        .collect();
    protocol.locals = unknowns.iter().map(|u| u.var.clone()).collect();
    Approximation { protocol, unknowns }
}
