#![allow(non_upper_case_globals)]
//! Where a launch's pointer arguments point, in each calling context the
//! host code shows (`docs/launch-configuration.md`, "Pointer arguments").
//!
//! `host_values::host_pointer` names the host storage of one argument
//! expression.  A launch inside a host wrapper passes the wrapper's
//! parameters, `shift_kernel<<<…>>>(out, in, n)`, and the wrapper is
//! called as `shift_left(d, d, n)`: the two parameters are distinct
//! variables but one buffer.  So the arguments are followed through the
//! wrapper's calls in the file (a few levels up), giving one vector of
//! pointers per call site; each pairs the arguments as that call does, so
//! the ping-pong `step(a, b); step(b, a);` is two contexts in which `a`
//! and `b` never meet.  An argument `c ? d : e` gives a context for each
//! branch, and so does each value the host assigns to a pointer variable,
//! a wrapper's parameter or a pointer of the file (`src = dst;`).  Where a
//! context cannot be resolved (beyond the bounds below, or a value
//! assigned from another function's parameter) the argument's pointer is
//! the variable's own, as before: no overlap found, and the printed
//! assumption that there is none.

use super::clang::Cursor;
use super::host_values::{host_pointer, strip, unchanged_param, HostPointer};
use clang_sys::*;

/// The pointers of one calling context, one per argument of the launch.
pub type Context = Vec<Option<HostPointer>>;

/// At most this many contexts per launch (more: only the launch's own).
const MAX_CONTEXTS: usize = 16;

/// Wrappers are followed this many calls up.
const MAX_LEVELS: usize = 3;

/// The contexts of a call with arguments `args` inside function `fun`.
pub fn pointer_contexts(fun: Cursor, args: &[Cursor]) -> Vec<Context> {
    let own: Context = args.iter().map(|a| host_pointer(*a)).collect();
    let out = contexts(fun, args, 0);
    match out.is_empty() || out.len() > MAX_CONTEXTS {
        true => vec![own],
        false => out,
    }
}

fn contexts(fun: Cursor, args: &[Cursor], level: usize) -> Vec<Context> {
    let mut out = Vec::new();
    for alternative in branches(args) {
        let pointers: Context = alternative.iter().map(|a| host_pointer(*a)).collect();
        out.extend(through_callers(fun, pointers, level));
        if out.len() > MAX_CONTEXTS {
            break;
        }
    }
    out
}

/// The argument lists with each `c ? x : y` argument replaced by one of
/// its branches, and each pointer variable or parameter the host assigns
/// by one of the values it is given ([`assigned_values`]), every combination (at
/// most [`MAX_CONTEXTS`]).
fn branches(args: &[Cursor]) -> Vec<Vec<Cursor>> {
    let mut out = vec![Vec::new()];
    for a in args {
        let options = match strip(*a) {
            c if c.kind() == CXCursor_ConditionalOperator => {
                c.children().into_iter().skip(1).collect()
            }
            c if c.kind() == CXCursor_DeclRefExpr => {
                let mut values = vec![*a];
                values.extend(assigned_values(c.referenced()));
                values
            }
            _ => vec![*a],
        };
        out = out
            .into_iter()
            .flat_map(|prefix: Vec<Cursor>| {
                options.iter().map(move |o| {
                    let mut p = prefix.clone();
                    p.push(*o);
                    p
                })
            })
            .collect();
        if out.len() > MAX_CONTEXTS {
            return vec![args.to_vec()];
        }
    }
    out
}

/// `pointers` with each one into a parameter of host function `fun`
/// replaced by what the callers of `fun` pass (one context per caller's
/// context); `pointers` alone when none is, or when the callers are not
/// all seen.  A parameter `fun` changes (`p = q;`, `p++`) keeps the
/// caller's array but not its offset; what it is assigned are contexts
/// of their own ([`branches`]).
fn through_callers(fun: Cursor, pointers: Context, level: usize) -> Vec<Context> {
    let params: Vec<(String, bool)> = fun
        .parameters()
        .iter()
        .map(|p| (p.decl_key(), unchanged_param(*p)))
        .collect();
    let of_param = |p: &Option<HostPointer>| {
        p.as_ref()
            .and_then(|p| params.iter().position(|(k, _)| *k == p.base))
    };
    if level >= MAX_LEVELS
        || fun.has_attr(CXCursor_CUDAGlobalAttr)
        || !pointers.iter().any(|p| of_param(p).is_some())
    {
        return vec![pointers];
    }
    let sites = calls_of(fun);
    if sites.is_empty() || sites.len() > MAX_CONTEXTS {
        return vec![pointers];
    }
    let mut out = Vec::new();
    for (caller, call) in sites {
        let args: Vec<Cursor> = (0..call.num_args().max(0) as u32)
            .map(|i| call.arg(i))
            .collect();
        for outer in contexts(caller, &args, level + 1) {
            let resolve = |p: &Option<HostPointer>| match of_param(p) {
                Some(i) => {
                    let at = outer.get(i).cloned().flatten()?;
                    let inner = p.as_ref()?.offset.filter(|_| params[i].1);
                    Some(HostPointer {
                        offset: at.offset.zip(inner).and_then(|(a, b)| a.checked_add(b)),
                        ..at
                    })
                }
                None => p.clone(),
            };
            out.push(pointers.iter().map(resolve).collect());
        }
    }
    out
}

/// Every call of `fun` in the file's function definitions, with the
/// function it is in.
fn calls_of(fun: Cursor) -> Vec<(Cursor, Cursor)> {
    let target = fun.canonical_decl().decl_key();
    let mut out = Vec::new();
    for f in definitions(fun.tu_root(), 0) {
        collect_calls(f, f, &target, &mut out, 0);
    }
    out
}

fn definitions(scope: Cursor, depth: usize) -> Vec<Cursor> {
    let mut out = Vec::new();
    if depth > 8 {
        return out;
    }
    for d in scope.children() {
        match d.kind() {
            CXCursor_Namespace | CXCursor_LinkageSpec | CXCursor_ClassDecl
            | CXCursor_StructDecl => out.extend(definitions(d, depth + 1)),
            CXCursor_FunctionDecl | CXCursor_CXXMethod | CXCursor_FunctionTemplate
                if d.is_definition() && !d.in_library() =>
            {
                out.push(d)
            }
            _ => {}
        }
    }
    out
}

fn collect_calls(
    caller: Cursor,
    c: Cursor,
    target: &str,
    out: &mut Vec<(Cursor, Cursor)>,
    depth: usize,
) {
    if depth > 256 || out.len() > MAX_CONTEXTS {
        return;
    }
    for k in c.children() {
        if k.kind() == CXCursor_CallExpr {
            let r = k.referenced();
            if !r.is_null() && r.canonical_decl().decl_key() == target {
                out.push((caller, k));
            }
        }
        collect_calls(caller, k, target, out, depth + 1);
    }
}

/// The values a pointer variable or parameter `v` of host code may hold
/// besides its own storage (a parameter: the caller's argument): its
/// initialiser and the right-hand sides of
/// its assignments `v = e` (`src = dst;` after a launch makes the next
/// launch run in place), except the steps of a swap through a temporary
/// (`t = a; a = b; b = t;`), which only exchange distinct values.  Empty
/// for a variable nothing assigns (`host_pointer` follows those).
fn assigned_values(v: Cursor) -> Vec<Cursor> {
    if !matches!(v.kind(), CXCursor_VarDecl | CXCursor_ParmDecl) || !v.ty().is_pointer() {
        return Vec::new();
    }
    // A local or a parameter is assigned in its function; a pointer of
    // the file or a namespace in any function of the file.
    let parent = v.semantic_parent();
    let scope = match parent.kind() {
        CXCursor_FunctionDecl | CXCursor_CXXMethod => parent,
        CXCursor_TranslationUnit | CXCursor_Namespace => v.tu_root(),
        _ => return Vec::new(),
    };
    let mut all = Vec::new();
    if !assignments(scope, &mut all, 0) {
        // Not all seen: the variable's own storage only, as without
        // this search (and the printed assumption covers it).
        return Vec::new();
    }
    let key = v.decl_key();
    let var = |c: &Cursor| strip(*c).referenced();
    let mine: Vec<Cursor> = all
        .iter()
        .filter(|(lhs, _)| var(lhs).decl_key() == key)
        .map(|(_, rhs)| *rhs)
        .collect();
    if mine.is_empty() {
        return Vec::new();
    }
    // The variables whose value variable `x` is given (assigned or
    // initialised with).
    let sources = |x: Cursor| -> Vec<String> {
        let k = x.decl_key();
        let mut out: Vec<String> = all
            .iter()
            .filter(|(lhs, _)| var(lhs).decl_key() == k)
            .map(|(_, rhs)| var(rhs).decl_key())
            .collect();
        out.extend(x.var_init().map(|i| var(&i).decl_key()));
        out
    };
    // The variables assigned the value of `x`.
    let sinks = |x: &str| -> Vec<Cursor> {
        all.iter()
            .filter(|(_, rhs)| var(rhs).decl_key() == x)
            .map(|(lhs, _)| var(lhs))
            .collect()
    };
    let swap_step = |rhs: &Cursor| {
        let r = var(rhs);
        // `v = r` after `t = v`, followed by `r = t`.
        let second = all
            .iter()
            .any(|(lhs, t)| var(lhs).decl_key() == r.decl_key() && sources(var(t)).contains(&key));
        // `v = t` where `t` holds an `x` assigned `v` (`t = x; x = v;`).
        let third = sources(r)
            .iter()
            .any(|x| sinks(&key).iter().any(|s| s.decl_key() == *x));
        second || third
    };
    let mut out: Vec<Cursor> = v.var_init().into_iter().collect();
    out.extend(mine.into_iter().filter(|rhs| !swap_step(rhs)));
    out
}

/// Adds every assignment `lhs = rhs` of a pointer in `c` to `out`;
/// false when the search stopped short (more than 256 assignments, or
/// deeper than 256 levels), so that not all were seen.
fn assignments(c: Cursor, out: &mut Vec<(Cursor, Cursor)>, depth: usize) -> bool {
    if depth > 256 || out.len() > 256 {
        return false;
    }
    c.children().into_iter().all(|k| {
        if k.kind() == CXCursor_BinaryOperator
            && k.binop() == CXBinaryOperator_Assign
            && k.ty().is_pointer()
        {
            if let [lhs, rhs] = k.children().as_slice() {
                out.push((*lhs, *rhs));
            }
        }
        assignments(k, out, depth + 1)
    })
}
