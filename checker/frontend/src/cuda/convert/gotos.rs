//! `goto` rewritten into structured statements the inference knows.
//!
//! A jump *forward and outward* — `goto L` inside an earlier statement of
//! the block whose statement `L:` labels — skips the rest of every block
//! between the two.  It becomes a thread-local flag: `goto L` sets it, the
//! rest of each block on the way runs under `if (!flag)`, each loop on the
//! way is left by `if (flag) break;`, and the label clears it (the block
//! may be in a loop).  The rewritten function has exactly the executions of
//! the original, so nothing is lost; the inference then treats the flag as
//! any other variable (a barrier under it is decided like any other).
//!
//! Every other `goto` (backward, into a block, through a `switch`) stays a
//! statement the front end does not model (`unsupported`).

use crate::cuda::ast::*;
use semantics::surface::Span;
use std::collections::BTreeMap;

/// The function body `body` with its forward, outward `goto`s rewritten and
/// its labels dropped; other `goto`s become unmodelled statements.
pub fn eliminate(body: S) -> S {
    let mut totals = BTreeMap::new();
    count_gotos(&body, &mut totals);
    let mut serial = 0;
    let body = if totals.is_empty() {
        body
    } else {
        rewrite(body, &totals, &mut serial)
    };
    unlabel(body)
}

/// How many `goto L` the function has, for each `L`.
fn count_gotos(s: &S, out: &mut BTreeMap<String, usize>) {
    if let SK::Goto(l) = &s.kind {
        *out.entry(l.clone()).or_default() += 1;
    }
    children(s).into_iter().for_each(|c| count_gotos(c, out));
}

fn children(s: &S) -> Vec<&S> {
    match &s.kind {
        SK::Block(b) => b.iter().collect(),
        SK::If(_, t, e) => std::iter::once(&**t).chain(e.as_deref()).collect(),
        SK::For { init, body, .. } => init.as_deref().into_iter().chain([&**body]).collect(),
        SK::While(_, b) | SK::Do(b, _) | SK::Switch(_, b) | SK::Case(_, b) | SK::Label(_, b) => {
            vec![&**b]
        }
        _ => vec![],
    }
}

/// The `goto L` inside `s` that the rewrite can follow out of `s` (not
/// through a `switch`, whose `break` leaves the `switch`, and not in a
/// `for` header); `None` if some `goto L` in `s` cannot be followed.
fn followable(s: &S, label: &str) -> Option<usize> {
    match &s.kind {
        SK::Goto(l) => Some(usize::from(l == label)),
        SK::Switch(..) | SK::Case(..) => match contains_goto(s, label) {
            true => None,
            false => Some(0),
        },
        SK::For { init: Some(i), .. } if contains_goto(i, label) => None,
        _ => children(s)
            .into_iter()
            .try_fold(0, |n, c| Some(n + followable(c, label)?)),
    }
}

fn contains_goto(s: &S, label: &str) -> bool {
    matches!(&s.kind, SK::Goto(l) if l == label)
        || children(s).into_iter().any(|c| contains_goto(c, label))
}

/// Rewrites every block of `s`, outermost first.
fn rewrite(s: S, totals: &BTreeMap<String, usize>, serial: &mut usize) -> S {
    let kind = match s.kind {
        SK::Block(b) => SK::Block(rewrite_block(b, totals, serial)),
        k => k,
    };
    S {
        kind: map_statements(kind, &mut |c| rewrite(c, totals, serial)),
        span: s.span,
    }
}

/// `kind` with `f` applied to each statement directly inside it.
fn map_statements(kind: SK, f: &mut impl FnMut(S) -> S) -> SK {
    let mut go = |c: Box<S>| Box::new(f(*c));
    match kind {
        SK::Block(b) => SK::Block(b.into_iter().map(|c| *go(Box::new(c))).collect()),
        SK::If(c, t, e) => SK::If(c, go(t), e.map(&mut go)),
        SK::For {
            init,
            cond,
            inc,
            body,
        } => SK::For {
            init: init.map(&mut go),
            cond,
            inc,
            body: go(body),
        },
        SK::While(c, b) => SK::While(c, go(b)),
        SK::Do(b, c) => SK::Do(go(b), c),
        SK::Switch(c, b) => SK::Switch(c, go(b)),
        SK::Case(c, b) => SK::Case(c, go(b)),
        SK::Label(l, b) => SK::Label(l, go(b)),
        k => k,
    }
}

/// The labels of `block`'s own statements (`L: M: s` labels with both), in
/// order, each rewritten when every `goto` to it comes from before it.
fn rewrite_block(
    mut block: Vec<S>,
    totals: &BTreeMap<String, usize>,
    serial: &mut usize,
) -> Vec<S> {
    let labels: Vec<String> = block.iter().flat_map(labels_of).collect();
    for label in labels {
        let Some(k) = block.iter().position(|s| labels_of(s).contains(&label)) else {
            continue;
        };
        let from_before = block[..k]
            .iter()
            .try_fold(0, |n, s| Some(n + followable(s, &label)?));
        let total = totals.get(&label).copied().unwrap_or(0);
        if total == 0 || from_before != Some(total) {
            continue;
        }
        *serial += 1;
        let flag = Flag::new(&label, *serial, block[k].span);
        block = jump_forward(block, k, &label, &flag);
    }
    block
}

fn labels_of(s: &S) -> Vec<String> {
    match &s.kind {
        SK::Label(l, inner) => std::iter::once(l.clone()).chain(labels_of(inner)).collect(),
        _ => vec![],
    }
}

/// `block` with the `goto label` of its first `k` statements rewritten:
/// the flag declared first, the statements up to the label guarded, and
/// the flag cleared where the label was.
fn jump_forward(block: Vec<S>, k: usize, label: &str, flag: &Flag) -> Vec<S> {
    let mut rest = block;
    let after = rest.split_off(k);
    let mut out = vec![flag.declare()];
    out.extend(guard_seq(rest, label, flag, false));
    out.push(flag.set(0));
    out.extend(after);
    out
}

/// Statements in sequence with the `goto label` among them setting the
/// flag, and what follows each such statement skipped when it is set: by
/// `if (flag) break;` in a loop's body (`in_loop`), else by running the
/// rest under `if (!flag)`.
fn guard_seq(stmts: Vec<S>, label: &str, flag: &Flag, in_loop: bool) -> Vec<S> {
    let Some(i) = stmts.iter().position(|s| contains_goto(s, label)) else {
        return stmts;
    };
    let mut stmts = stmts;
    let rest = stmts.split_off(i + 1);
    let jumping = stmts.pop().map(|s| guard(s, label, flag));
    let mut out = stmts;
    out.extend(jumping);
    if in_loop {
        out.push(flag.leave_loop());
        out.extend(guard_seq(rest, label, flag, true));
    } else if !rest.is_empty() {
        let span = rest[0].span;
        let rest = guard_seq(rest, label, flag, false);
        out.push(flag.unless_set(rest, span));
    }
    out
}

/// One statement containing `goto label`, guarded inside.
fn guard(s: S, label: &str, flag: &Flag) -> S {
    if !contains_goto(&s, label) {
        return s;
    }
    let span = s.span;
    let branch = |b: Box<S>| Box::new(guard(*b, label, flag));
    let kind = match s.kind {
        SK::Goto(_) => return flag.set(1),
        SK::Block(b) => SK::Block(guard_seq(b, label, flag, false)),
        SK::If(c, t, e) => SK::If(c, branch(t), e.map(branch)),
        SK::Label(l, b) => SK::Label(l, branch(b)),
        SK::For {
            init,
            cond,
            inc,
            body,
        } => SK::For {
            init,
            cond,
            inc,
            body: Box::new(loop_body(*body, label, flag)),
        },
        SK::While(c, b) => SK::While(c, Box::new(loop_body(*b, label, flag))),
        SK::Do(b, c) => SK::Do(Box::new(loop_body(*b, label, flag)), c),
        // `followable` keeps `switch` out.
        k => k,
    };
    S { kind, span }
}

fn loop_body(body: S, label: &str, flag: &Flag) -> S {
    let span = body.span;
    let stmts = match body.kind {
        SK::Block(b) => b,
        kind => vec![S { kind, span }],
    };
    S {
        kind: SK::Block(guard_seq(stmts, label, flag, true)),
        span,
    }
}

/// Drops the labels; a `goto` left is a statement not modelled.
fn unlabel(s: S) -> S {
    let kind = match s.kind {
        SK::Label(_, inner) => return unlabel(*inner),
        SK::Goto(_) => UnmodelledStmt::control("GotoStmt"),
        k => map_statements(k, &mut unlabel),
    };
    S { kind, span: s.span }
}

/// The thread-local flag of one label: set by its `goto`s.
struct Flag {
    name: String,
    key: String,
    span: Span,
}

impl Flag {
    fn new(label: &str, serial: usize, span: Span) -> Flag {
        Flag {
            name: format!("goto_{label}"),
            key: format!("goto:{label}:{serial}"),
            span,
        }
    }

    fn int(&self, v: i128) -> E {
        E {
            kind: EK::Int(v),
            span: self.span,
            ty: Some(IntTy::INT),
        }
    }

    fn var(&self) -> E {
        E {
            kind: EK::Var(self.name.clone(), self.key.clone(), RefKind::Local),
            span: self.span,
            ty: Some(IntTy::INT),
        }
    }

    fn stmt(&self, kind: SK) -> S {
        S {
            kind,
            span: self.span,
        }
    }

    /// `int flag = 0;`
    fn declare(&self) -> S {
        self.stmt(SK::Decl(vec![VarDecl {
            name: self.name.clone(),
            key: self.key.clone(),
            shape: Shape::Scalar,
            memory: Memory::Local,
            ty: Some(IntTy::INT),
            sizes: vec![],
            elem_bytes: None,
            init: Some(self.int(0)),
            span: self.span,
            read_only: false,
            to_scalar: false,
            file: None,
        }]))
    }

    /// `flag = v;`
    fn set(&self, v: i128) -> S {
        let e = EK::Assign(None, Box::new(self.var()), Box::new(self.int(v)));
        self.stmt(SK::Expr(E {
            kind: e,
            span: self.span,
            ty: Some(IntTy::INT),
        }))
    }

    /// `if (flag) break;`
    fn leave_loop(&self) -> S {
        let brk = Box::new(self.stmt(SK::Break));
        self.stmt(SK::If(self.var(), brk, None))
    }

    /// `if (!flag) { stmts }`
    fn unless_set(&self, stmts: Vec<S>, span: Span) -> S {
        let not = E {
            kind: EK::Un(UnOp::LNot, Box::new(self.var())),
            span: self.span,
            ty: None,
        };
        let block = Box::new(S {
            kind: SK::Block(stmts),
            span,
        });
        // Located at the first statement skipped (a barrier divergence
        // points there).
        S {
            kind: SK::If(not, block, None),
            span,
        }
    }
}
