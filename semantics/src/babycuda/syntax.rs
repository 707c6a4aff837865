//! Syntax of BabyCUDA — Fig. 5 (top) of `seeds/004_*` (Liew, Cogumbreiro,
//! Lange, "Provable GPU Data-Races in Static Race Detection"):
//!
//! ```text
//! b ::= A[n] := n | let x = A[n] in b | b; b | if c {b} else {b}
//!     | for x ∈ n..m {b} | skip
//! ```
//!
//! extended with the synchronized fragment the paper omits (`sync`, and
//! loops whose body synchronizes, as in Fig. 2/5 of `seeds/000_*`) and with
//! several named arrays (the paper has one array `A`; "one behavioral type per
//! array").  A sequence `b; b` is a [`Block`]: the scope of `let` is the rest
//! of its block (or an explicit braced body).  Every statement keeps its
//! source [`Span`]; [`Program::without_spans`] compares programs, not layouts.

use crate::expr::{BExp, NExp, Nat, Var};
pub use crate::surface::{Header, LoopTag, Span};
use std::collections::BTreeSet;

/// A statement (one element of a sequence `b; b`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// The forms of Fig. 5 (004), plus `sync`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `skip`
    Skip,
    /// `sync` (barrier; synchronized fragment, 000 Fig. 2 `u; sync`).
    Sync,
    /// `A[n] := m` (rule WRITE).
    Write {
        array: String,
        index: NExp,
        value: NExp,
    },
    /// `let x = A[n] in b` (rule READ).  `body` is the rest of the block.
    Let {
        var: Var,
        array: String,
        index: NExp,
        body: Block,
    },
    /// `if c {b1} else {b2}` (rules IF-T, IF-F).
    If {
        cond: BExp,
        then_branch: Block,
        else_branch: Block,
    },
    /// `for x ∈ n..m {b}` (rules FOR-1, FOR-2); synchronized (000's `forS`)
    /// iff the body contains `sync`.  The optional tag is checked by the parser.
    For {
        tag: Option<LoopTag>,
        var: Var,
        lo: NExp,
        hi: NExp,
        body: Block,
    },
}

/// A sequence `b1; …; bn` (`skip` when empty).
pub type Block = Vec<Stmt>;

/// `init A = [k0, k1, …];`: the initial contents of array `A` (an input of
/// the program).  Indices not listed hold `0`.  This replaces the paper's ⊥
/// of LASTWRITE-UNDEF, so that programs are total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Init {
    pub array: String,
    pub values: Vec<Nat>,
    pub span: Span,
}

/// A `.bcu` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub header: Header,
    /// Declared thread-global parameters (`param M;`); other free variables
    /// are parameters too.
    pub params: Vec<Var>,
    pub inits: Vec<Init>,
    pub body: Block,
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }

    /// The statement with every span set to "no location".
    pub fn without_spans(&self) -> Stmt {
        let kind = match &self.kind {
            StmtKind::Let {
                var,
                array,
                index,
                body,
            } => StmtKind::Let {
                var: var.clone(),
                array: array.clone(),
                index: index.clone(),
                body: block_without_spans(body),
            },
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: cond.clone(),
                then_branch: block_without_spans(then_branch),
                else_branch: block_without_spans(else_branch),
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
                lo: lo.clone(),
                hi: hi.clone(),
                body: block_without_spans(body),
            },
            k @ (StmtKind::Skip | StmtKind::Sync | StmtKind::Write { .. }) => k.clone(),
        };
        Stmt::new(kind, Span::default())
    }

    /// Does the statement contain `sync` (is it in the synchronized fragment)?
    pub fn has_sync(&self) -> bool {
        match &self.kind {
            StmtKind::Sync => true,
            StmtKind::Skip | StmtKind::Write { .. } => false,
            StmtKind::Let { body, .. } | StmtKind::For { body, .. } => block_has_sync(body),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => block_has_sync(then_branch) || block_has_sync(else_branch),
        }
    }

    fn collect_fv(&self, bound: &mut Vec<Var>, out: &mut BTreeSet<Var>) {
        let add = |vars: BTreeSet<Var>, bound: &Vec<Var>, out: &mut BTreeSet<Var>| {
            out.extend(vars.into_iter().filter(|x| !bound.contains(x)));
        };
        match &self.kind {
            StmtKind::Skip | StmtKind::Sync => {}
            StmtKind::Write { index, value, .. } => {
                add(index.fv(), bound, out);
                add(value.fv(), bound, out);
            }
            StmtKind::Let {
                var, index, body, ..
            } => {
                add(index.fv(), bound, out);
                bound.push(var.clone());
                block_fv(body, bound, out);
                bound.pop();
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                add(cond.fv(), bound, out);
                block_fv(then_branch, bound, out);
                block_fv(else_branch, bound, out);
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                add(lo.fv(), bound, out);
                add(hi.fv(), bound, out);
                bound.push(var.clone());
                block_fv(body, bound, out);
                bound.pop();
            }
        }
    }

    fn collect_arrays(&self, out: &mut BTreeSet<String>) {
        match &self.kind {
            StmtKind::Skip | StmtKind::Sync => {}
            StmtKind::Write { array, .. } => {
                out.insert(array.clone());
            }
            StmtKind::Let { array, body, .. } => {
                out.insert(array.clone());
                body.iter().for_each(|s| s.collect_arrays(out));
            }
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                then_branch.iter().for_each(|s| s.collect_arrays(out));
                else_branch.iter().for_each(|s| s.collect_arrays(out));
            }
            StmtKind::For { body, .. } => body.iter().for_each(|s| s.collect_arrays(out)),
        }
    }
}

/// Does a block contain `sync`?
pub fn block_has_sync(b: &[Stmt]) -> bool {
    b.iter().any(Stmt::has_sync)
}

fn block_fv(b: &[Stmt], bound: &mut Vec<Var>, out: &mut BTreeSet<Var>) {
    for s in b {
        s.collect_fv(bound, out);
    }
}

/// Free variables of a block (`fv(b)`; `let` and `for` bind).
pub fn fv_block(b: &[Stmt]) -> BTreeSet<Var> {
    let mut out = BTreeSet::new();
    block_fv(b, &mut Vec::new(), &mut out);
    out
}

fn block_without_spans(b: &[Stmt]) -> Block {
    b.iter().map(Stmt::without_spans).collect()
}

impl Program {
    /// The program with every span set to "no location": two programs that
    /// differ only in layout have equal `without_spans()`.
    pub fn without_spans(&self) -> Program {
        Program {
            inits: self
                .inits
                .iter()
                .map(|i| Init {
                    span: Span::default(),
                    ..i.clone()
                })
                .collect(),
            body: block_without_spans(&self.body),
            ..self.clone()
        }
    }

    /// Free variables of the body (including `tid` and `T`).
    pub fn free_vars(&self) -> BTreeSet<Var> {
        fv_block(&self.body)
    }

    /// The thread-global parameters: declared ones, then every other free
    /// variable that is not built in (`tid`, `T`).
    pub fn parameters(&self) -> Vec<Var> {
        let mut out = self.params.clone();
        for x in self.free_vars() {
            if !crate::surface::is_builtin(&x) && !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }

    /// The arrays the program reads or writes or initialises, by name.
    pub fn arrays(&self) -> Vec<String> {
        let mut out = BTreeSet::new();
        self.body.iter().for_each(|s| s.collect_arrays(&mut out));
        out.extend(self.inits.iter().map(|i| i.array.clone()));
        out.into_iter().collect()
    }
}
