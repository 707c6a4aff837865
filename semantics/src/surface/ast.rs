//! Syntax tree of the `.proto` format.  Unlike `U`/`W`, it keeps the
//! programmer's sequencing, optional loop tags and source positions.

use crate::expr::{BExp, NExp, Var};
use crate::history::Mode;
use std::collections::BTreeSet;
use std::fmt;

/// A source region (1-based lines and columns; `end` is exclusive).
/// `Span::default()` (line 0) is "no location".
///
/// Spans compare as the positions they are, so a test can catch a wrong
/// location; to compare programs and not layouts (`parse(print(p))` against
/// `p`), compare [`Program::without_spans`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    pub line: u32,
    pub col: u32,
    pub end_line: u32,
    pub end_col: u32,
}

impl Span {
    pub fn point(line: u32, col: u32) -> Span {
        Span {
            line,
            col,
            end_line: line,
            end_col: col + 1,
        }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            line: self.line,
            col: self.col,
            end_line: other.end_line,
            end_col: other.end_col,
        }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// What a kernel file expects (its header, `docs/headers.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    Drf,
    Racy,
}

impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expect::Drf => "drf",
            Expect::Racy => "racy",
        })
    }
}

/// The leading comment lines of a file that carry meaning.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// `// expect: drf|racy`, `//pass`, `//xfail:…`
    pub expect: Option<Expect>,
    /// The words of `//--flag …` lines (command-line flags for this file).
    pub flags: Vec<String>,
}

/// Loop tag: `forU` (unsynchronized) or `forS` (synchronized); an untagged
/// `for` has its tag inferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopTag {
    Unsync,
    Sync,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    Skip,
    /// `sync` (also written `sync(block)`): the block barrier of Fig. 2.
    Sync,
    /// `sync(warp)`, `sync(tile N)`, `sync(grid)`, `sync(warp, m)`: a
    /// barrier of another scope, with an optional lane mask
    /// (`proofs-notes/scoped-barriers.md`, Def. S2).  Only the reference
    /// reads it ([`crate::scoped::lower`]); lowering to `W` rejects it.
    ScopedSync {
        scope: crate::scoped::Scope,
        mask: Option<NExp>,
    },
    /// `rd[n]`, `wr A[n][m]`, `atomic A[n]`: `array` is `None` for the unnamed array.
    Access {
        mode: Mode,
        array: Option<String>,
        index: Vec<NExp>,
    },
    /// `if b {…} else {…}` (the `else` branch may be omitted: `skip`).
    If {
        cond: BExp,
        then_branch: Block,
        else_branch: Block,
    },
    /// `for x in n..m {…}`, `forU …`, `forS …`
    For {
        tag: Option<LoopTag>,
        var: Var,
        lo: NExp,
        hi: NExp,
        body: Block,
    },
}

/// A sequence of statements.
pub type Block = Vec<Stmt>;

/// A top-level assumption `assume b;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    pub cond: BExp,
    pub span: Span,
}

/// A whole `.proto` file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Program {
    pub header: Header,
    /// Explicitly declared thread-global parameters (`param N, M;`).
    pub params: Vec<Var>,
    /// Declared thread-local unknowns (`local x;`).
    pub locals: Vec<Var>,
    pub assumptions: Vec<Assumption>,
    pub body: Block,
}

impl Program {
    /// The program with every span set to "no location": two programs that
    /// differ only in layout have equal `without_spans()`.
    pub fn without_spans(&self) -> Program {
        Program {
            assumptions: self
                .assumptions
                .iter()
                .map(|a| Assumption {
                    cond: a.cond.clone(),
                    span: Span::default(),
                })
                .collect(),
            body: block_without_spans(&self.body),
            ..self.clone()
        }
    }
}

fn block_without_spans(b: &[Stmt]) -> Block {
    b.iter().map(Stmt::without_spans).collect()
}

/// The reserved names: the thread identifier and the thread count.
pub fn is_builtin(x: &str) -> bool {
    x == crate::expr::TID || x == crate::trace::THREAD_COUNT
}

impl Stmt {
    pub fn new(kind: StmtKind, span: Span) -> Stmt {
        Stmt { kind, span }
    }

    /// The statement with every span set to "no location".
    pub fn without_spans(&self) -> Stmt {
        let kind = match &self.kind {
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
            k @ (StmtKind::Skip
            | StmtKind::Sync
            | StmtKind::ScopedSync { .. }
            | StmtKind::Access { .. }) => k.clone(),
        };
        Stmt::new(kind, Span::default())
    }

    /// `s[x := m]`, stopping under a loop that binds `x` again; `m` must
    /// not mention a variable a loop of `s` binds (nothing is renamed).
    pub fn subst(&self, x: &str, m: &NExp) -> Stmt {
        let block = |b: &Block| b.iter().map(|s| s.subst(x, m)).collect::<Block>();
        let kind = match &self.kind {
            StmtKind::Access { mode, array, index } => StmtKind::Access {
                mode: *mode,
                array: array.clone(),
                index: index.iter().map(|n| n.subst(x, m)).collect(),
            },
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => StmtKind::If {
                cond: cond.subst(x, m),
                then_branch: block(then_branch),
                else_branch: block(else_branch),
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
                body: if var == x { body.clone() } else { block(body) },
            },
            StmtKind::ScopedSync { scope, mask } => StmtKind::ScopedSync {
                scope: *scope,
                mask: mask.as_ref().map(|k| k.subst(x, m)),
            },
            k @ (StmtKind::Skip | StmtKind::Sync) => k.clone(),
        };
        Stmt::new(kind, self.span)
    }

    /// Does this statement contain a barrier (`sync`)?
    pub fn has_sync(&self) -> bool {
        match &self.kind {
            StmtKind::Sync | StmtKind::ScopedSync { .. } => true,
            StmtKind::Skip | StmtKind::Access { .. } => false,
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => block_has_sync(then_branch) || block_has_sync(else_branch),
            StmtKind::For { body, .. } => block_has_sync(body),
        }
    }

    /// The variables the statement mentions free.
    pub fn free_vars(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut Vec::new(), &mut out);
        out
    }

    fn collect_fv(&self, bound: &mut Vec<Var>, out: &mut BTreeSet<Var>) {
        let mut add = |vars: BTreeSet<Var>, bound: &Vec<Var>| {
            out.extend(vars.into_iter().filter(|x| !bound.contains(x)));
        };
        match &self.kind {
            StmtKind::Skip | StmtKind::Sync => {}
            StmtKind::ScopedSync { mask, .. } => {
                if let Some(m) = mask {
                    add(m.fv(), bound);
                }
            }
            StmtKind::Access { index, .. } => {
                for n in index {
                    add(n.fv(), bound);
                }
            }
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                add(cond.fv(), bound);
                block_fv(then_branch, bound, out);
                block_fv(else_branch, bound, out);
            }
            StmtKind::For {
                var, lo, hi, body, ..
            } => {
                add(lo.fv(), bound);
                add(hi.fv(), bound);
                bound.push(var.clone());
                block_fv(body, bound, out);
                bound.pop();
            }
        }
    }

    /// The names of the arrays accessed (the unnamed array is `""`).
    fn collect_arrays(&self, out: &mut BTreeSet<String>) {
        match &self.kind {
            StmtKind::Access { array, .. } => {
                out.insert(array.clone().unwrap_or_default());
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
            StmtKind::Skip | StmtKind::Sync | StmtKind::ScopedSync { .. } => {}
        }
    }
}

/// The span of the first scoped barrier (`sync(warp)`, …) of a block.
pub fn first_scoped_sync(b: &Block) -> Option<Span> {
    b.iter().find_map(|s| match &s.kind {
        StmtKind::ScopedSync { .. } => Some(s.span),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => first_scoped_sync(then_branch).or_else(|| first_scoped_sync(else_branch)),
        StmtKind::For { body, .. } => first_scoped_sync(body),
        StmtKind::Skip | StmtKind::Sync | StmtKind::Access { .. } => None,
    })
}

pub fn block_has_sync(b: &Block) -> bool {
    b.iter().any(Stmt::has_sync)
}

fn block_fv(b: &Block, bound: &mut Vec<Var>, out: &mut BTreeSet<Var>) {
    for s in b {
        s.collect_fv(bound, out);
    }
}

impl Program {
    /// Free variables of the body and assumptions (including `tid` and `T`).
    pub fn free_vars(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        block_fv(&self.body, &mut Vec::new(), &mut out);
        for a in &self.assumptions {
            out.extend(a.cond.fv());
        }
        out
    }

    /// The span of the first assumption or statement (outermost first) in
    /// which `x` occurs free.
    pub fn first_use(&self, x: &str) -> Option<Span> {
        if let Some(a) = self.assumptions.iter().find(|a| a.cond.fv().contains(x)) {
            return Some(a.span);
        }
        fn find(b: &Block, x: &str) -> Option<Span> {
            b.iter().find_map(|s| {
                let mut fv = BTreeSet::new();
                s.collect_fv(&mut Vec::new(), &mut fv);
                if !fv.contains(x) {
                    return None;
                }
                match &s.kind {
                    StmtKind::If {
                        cond,
                        then_branch,
                        else_branch,
                    } if !cond.fv().contains(x) => find(then_branch, x)
                        .or_else(|| find(else_branch, x))
                        .or(Some(s.span)),
                    StmtKind::For { lo, hi, body, .. }
                        if !lo.fv().contains(x) && !hi.fv().contains(x) =>
                    {
                        find(body, x).or(Some(s.span))
                    }
                    _ => Some(s.span),
                }
            })
        }
        find(&self.body, x)
    }

    /// The thread-global parameters: declared ones plus every other free
    /// variable that is neither built in nor a declared thread-local.
    pub fn parameters(&self) -> Vec<Var> {
        // Sets for the membership tests: a kernel that inlines a large
        // device function many times has thousands of locals, and linear
        // searches made this the most of the time of its check.
        let locals: BTreeSet<&Var> = self.locals.iter().collect();
        let mut seen: BTreeSet<Var> = self.params.iter().cloned().collect();
        let mut out: Vec<Var> = self.params.clone();
        for x in self.free_vars() {
            if !is_builtin(&x) && !locals.contains(&x) && seen.insert(x.clone()) {
                out.push(x);
            }
        }
        out
    }

    /// The arrays accessed, in name order (`""` is the unnamed array).
    pub fn arrays(&self) -> Vec<String> {
        let mut out = BTreeSet::new();
        self.body.iter().for_each(|s| s.collect_arrays(&mut out));
        out.into_iter().collect()
    }
}
