#![allow(non_upper_case_globals)]
//! What an enclosing `for` loop says at a launch in its body
//! (`docs/launch-configuration.md`, "Relations from the host code"):
//!
//! * its condition, which held when the body was entered, if nothing in
//!   the body changes what it reads (`host_facts::guard` with the body as
//!   what runs between the check and the launch);
//! * the side of its counter opposite the condition: a loop
//!   `for (i = s; i < n; i += c)` (with `c > 0`) that changes `i`
//!   nowhere else has `i >= s` in every iteration — `i` starts at `s`
//!   and only grows — as long as `i + c` never overflows.  With `<` and
//!   a step of 1, compared in `i`'s own type, it cannot (`i < n` bounds
//!   `i` below the type's maximum); otherwise the fact is weakened to
//!   `i >= s || n > MAX - c`, which holds whatever happens past the
//!   overflow (and likewise downwards for `i > n`, `i -= c`).
//!
//! Only a `for` with all three clauses is read, whose counter is a local
//! reached only by its name (`host_flow::escapes`), and whose start is
//! read from variables the loop does not change.

use super::ast::{BinOp, IntTy, RefKind, E, EK};
use super::clang::Cursor;
use super::host_facts::{guard, read_before, render, HostFact, Subject, HOST_PREFIX};
use super::host_flow::{changed_in, escapes, Flow, Target};
use super::host_values::{host_int, strip};
use clang_sys::*;

/// The facts of the `for` statement `f` whose child at `at` leads to the
/// launch of `flow`.
pub fn for_facts(flow: Flow<'_>, f: Cursor, at: usize) -> Vec<HostFact> {
    let ch = f.children();
    let [init, cond, inc, body] = ch[..] else {
        return Vec::new();
    };
    if at != 3 || !cond.is_expression() {
        return Vec::new();
    }
    let mut out: Vec<HostFact> = guard(cond, false, "the enclosing `for`", flow, &[body])
        .into_iter()
        .collect();
    out.extend(counter_bound(flow, f, [init, cond, inc, body]));
    out
}

/// Which way a counter moves, and by how much each iteration.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Up,
    Down,
}

/// The counter's side of the loop: `i >= s` counting up, `i <= s`
/// counting down (module documentation).
fn counter_bound(
    flow: Flow<'_>,
    f: Cursor,
    [init, cond, inc, body]: [Cursor; 4],
) -> Option<HostFact> {
    let (counter, dir, step) = stepping(inc)?;
    let key = counter.decl_key();
    let t = Target::Var(&key);
    let ty = counter.ty().int_type()?;
    if counter.ty().is_reference() || escapes(flow.fun, t) || changed_in(&[body, cond], t) {
        return None;
    }
    let start = read_before(start_of(init, &key)?, flow, &[f])?;
    let (op, bound) = comparison(cond, &key)?;
    let (strict, ok) = match (dir, op) {
        (Dir::Up, BinOp::Lt) | (Dir::Down, BinOp::Gt) => (true, true),
        (Dir::Up, BinOp::Le) | (Dir::Down, BinOp::Ge) => (false, true),
        _ => (false, false),
    };
    if !ok {
        return None;
    }
    // The bound as the comparison reads it; its type must be the
    // counter's for the overflow argument.
    let bound = read_before(bound, flow, &[body, inc])?;
    let name = format!("{HOST_PREFIX}{key}");
    let var = E {
        kind: EK::Var(counter.spelling(), name, RefKind::Local),
        span: cond.span(),
        ty: Some(ty),
    };
    let same_type = bound.ty == Some(ty);
    let side = match dir {
        Dir::Up => bin(BinOp::Ge, var, cast(start, ty)),
        Dir::Down => bin(BinOp::Le, var, cast(start, ty)),
    };
    let cond_e = if strict && step == 1 && same_type {
        side
    } else if same_type {
        bin(BinOp::LOr, side, no_room(bound, dir, step, ty)?)
    } else {
        return None;
    };
    let why = match dir {
        Dir::Up => "the enclosing `for` counts up from its start",
        Dir::Down => "the enclosing `for` counts down from its start",
    };
    Some(HostFact {
        subject: Subject::Guard,
        text: format!("{} ({why})", render(&cond_e)),
        cond: cond_e,
        line: f.span().line,
    })
}

/// `n > MAX - c` counting up, `n < MIN + c` counting down: the bound
/// leaves no room for the step (the only case in which the counter can
/// overflow and wrap past its start).
fn no_room(bound: E, dir: Dir, step: i128, ty: IntTy) -> Option<E> {
    let (min, max) = ty.range();
    let (op, edge) = match dir {
        Dir::Up => (BinOp::Gt, max.checked_sub(step)?),
        Dir::Down => (BinOp::Lt, min.checked_add(step)?),
    };
    let edge = E {
        kind: EK::Int(edge),
        span: bound.span,
        ty: Some(ty),
    };
    Some(bin(op, bound, edge))
}

/// The counter an increment clause steps (`i++`, `++i`, `i--`, `--i`,
/// `i += c`, `i -= c` with a constant `c > 0`), its direction and step.
fn stepping(inc: Cursor) -> Option<(Cursor, Dir, i128)> {
    let inc = strip(inc);
    let first = inc.children().into_iter().find(|k| k.is_expression())?;
    let counter = strip(first);
    if counter.kind() != CXCursor_DeclRefExpr {
        return None;
    }
    let (dir, step) = match inc.kind() {
        CXCursor_UnaryOperator => match inc.unop() {
            CXUnaryOperator_PostInc | CXUnaryOperator_PreInc => (Dir::Up, 1),
            CXUnaryOperator_PostDec | CXUnaryOperator_PreDec => (Dir::Down, 1),
            _ => return None,
        },
        CXCursor_CompoundAssignOperator => {
            let rhs = inc
                .children()
                .into_iter()
                .filter(|k| k.is_expression())
                .nth(1)?;
            let c = host_int(rhs).filter(|c| *c > 0)?;
            match inc.binop() {
                CXBinaryOperator_AddAssign => (Dir::Up, c),
                CXBinaryOperator_SubAssign => (Dir::Down, c),
                _ => return None,
            }
        }
        _ => return None,
    };
    Some((counter.referenced(), dir, step))
}

/// The start of counter `key` in the init clause: `int i = s` (the only
/// declaration) or `i = s`.
fn start_of(init: Cursor, key: &str) -> Option<Cursor> {
    if init.kind() == CXCursor_DeclStmt {
        let [d] = init.children()[..] else {
            return None;
        };
        return (d.decl_key() == key).then(|| d.var_init()).flatten();
    }
    let s = strip(init);
    if s.kind() != CXCursor_BinaryOperator || s.binop() != CXBinaryOperator_Assign {
        return None;
    }
    let ch: Vec<Cursor> = s
        .children()
        .into_iter()
        .filter(|k| k.is_expression())
        .collect();
    let [lhs, rhs] = ch[..] else { return None };
    let lhs = strip(lhs);
    (lhs.kind() == CXCursor_DeclRefExpr && lhs.referenced().decl_key() == key).then_some(rhs)
}

/// The condition as `counter OP bound` (a reversed comparison turned
/// around): the operator and the bound's cursor.
fn comparison(cond: Cursor, key: &str) -> Option<(BinOp, Cursor)> {
    let c = strip(cond);
    if c.kind() != CXCursor_BinaryOperator {
        return None;
    }
    let ch: Vec<Cursor> = c
        .children()
        .into_iter()
        .filter(|k| k.is_expression())
        .collect();
    let [a, b] = ch[..] else { return None };
    let is_counter = |x: Cursor| {
        let x = strip(x);
        x.kind() == CXCursor_DeclRefExpr && x.referenced().decl_key() == key
    };
    let (op, flipped) = match c.binop() {
        CXBinaryOperator_LT => (BinOp::Lt, BinOp::Gt),
        CXBinaryOperator_LE => (BinOp::Le, BinOp::Ge),
        CXBinaryOperator_GT => (BinOp::Gt, BinOp::Lt),
        CXBinaryOperator_GE => (BinOp::Ge, BinOp::Le),
        _ => return None,
    };
    match (is_counter(a), is_counter(b)) {
        (true, false) => Some((op, b)),
        (false, true) => Some((flipped, a)),
        _ => None,
    }
}

fn bin(op: BinOp, a: E, b: E) -> E {
    let span = a.span;
    E {
        kind: EK::Bin(op, Box::new(a), Box::new(b)),
        span,
        // A comparison's value is a `bool` (as `host_facts` types it).
        ty: None,
    }
}

fn cast(v: E, ty: IntTy) -> E {
    match v.ty == Some(ty) {
        true => v,
        false => E {
            span: v.span,
            kind: EK::Cast(Box::new(v)),
            ty: Some(ty),
        },
    }
}
