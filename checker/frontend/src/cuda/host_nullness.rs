#![allow(non_upper_case_globals)]
//! Whether a pointer argument of a launch is null, when host code shows it
//! (`docs/launch-configuration.md`, "Null pointers").
//!
//! The null pointer constants (`nullptr`, `NULL`, `0`) are null.  A
//! pointer is not null when the host understandably obtained it from
//! storage: a host array, `&x`, a local initialised by `new` (which
//! throws rather than return null) and never changed, or a local that
//! only allocation calls (`cudaMalloc(&d, size)`, …) change, one of them
//! with a size host code fixes above 0 (an allocation of 0 bytes gives
//! null) executed before every use (`allocation_dominates`).  Anything
//! else is [`Nullness::Unknown`]: the kernel's tests of the pointer are
//! checked both ways.  An allocation that fails leaves the program in
//! error (every later CUDA call fails), so it is not a run to check.

use super::clang::Cursor;
use super::host_values::{host_int, strip};
use clang_sys::*;

/// What host code shows of whether a pointer is null.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nullness {
    /// The null pointer constant.
    Null,
    /// Not null, from the storage described (`cudaMalloc` at `k.cu:31:5`).
    NotNull(String),
    Unknown,
}

/// The allocation calls that set their first argument's pointee to new
/// storage, with the positions of their size arguments (all must be
/// known above 0).
const ALLOCATIONS: &[(&str, &[u32])] = &[
    ("cudaMalloc", &[1]),
    ("cudaMallocManaged", &[1]),
    ("cudaMallocHost", &[1]),
    ("cudaHostAlloc", &[1]),
    ("cudaMallocAsync", &[1]),
    ("cudaMallocFromPoolAsync", &[1]),
    ("cudaMallocPitch", &[2, 3]),
];

/// Deeper statements are not searched (the pointer is then unknown).
const MAX_DEPTH: usize = 256;

/// Is `e` (stripped) a null pointer constant?
pub fn is_null_constant(e: Cursor) -> bool {
    let e = strip(e);
    match e.kind() {
        CXCursor_CXXNullPtrLiteralExpr | CXCursor_GNUNullExpr => true,
        CXCursor_IntegerLiteral => host_int(e) == Some(0),
        CXCursor_CStyleCastExpr | CXCursor_CXXStaticCastExpr | CXCursor_CXXReinterpretCastExpr => e
            .children()
            .into_iter()
            .rfind(|k| k.is_expression())
            .is_some_and(is_null_constant),
        _ => false,
    }
}

/// Whether host variable `d`, read at `at`, holds null there.
pub fn variable_nullness(d: Cursor, at: Cursor) -> Nullness {
    if d.kind() != CXCursor_VarDecl {
        return Nullness::Unknown;
    }
    if d.ty().is_array() {
        return Nullness::NotNull(format!("the host array `{}`", d.spelling()));
    }
    if !d.ty().is_pointer() {
        return Nullness::Unknown;
    }
    let fun = d.semantic_parent();
    if !matches!(fun.kind(), CXCursor_FunctionDecl | CXCursor_CXXMethod) {
        return Nullness::Unknown;
    }
    let key = d.decl_key();
    let mut allocations = Vec::new();
    if !only_allocated(fun, &key, false, &mut allocations, 0) {
        return Nullness::Unknown;
    }
    if allocations.is_empty() {
        // Only read: its initialiser's value throughout.
        return match d.var_init() {
            Some(i) if strip(i).kind() == CXCursor_CXXNewExpr => {
                Nullness::NotNull(format!("`new` at {}", place(i)))
            }
            Some(i) if is_null_constant(i) => Nullness::Null,
            _ => Nullness::Unknown,
        };
    }
    let jumps = has_labels(fun, 0);
    allocations
        .into_iter()
        .find(|a| !jumps && sized(*a) && allocation_dominates(fun, *a, at))
        .map_or(Nullness::Unknown, |a| {
            Nullness::NotNull(format!("`{}` at {}", a.spelling(), place(a)))
        })
}

/// `&x` is not null.
pub fn address_nullness(e: Cursor) -> Nullness {
    let e = strip(e);
    match e.kind() == CXCursor_UnaryOperator && e.unop() == CXUnaryOperator_AddrOf {
        true => Nullness::NotNull(format!("`&` at {}", place(e))),
        false => Nullness::Unknown,
    }
}

/// `k.cu:31:5`.
fn place(c: Cursor) -> String {
    let s = c.span();
    match c.file() {
        Some(f) => format!("{}:{}:{}", f.display(), s.line, s.col),
        None => format!("{}:{}", s.line, s.col),
    }
}

/// Do the uses of variable `key` under `c` only read it or pass `&key` as
/// the first argument of an allocation call (collected in `out`)?
/// `reading`: `c`'s value is only read (under an implicit conversion).
fn only_allocated(
    c: Cursor,
    key: &str,
    reading: bool,
    out: &mut Vec<Cursor>,
    depth: usize,
) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    if let Some(target) = allocation_target(c) {
        if strip(target).kind() == CXCursor_DeclRefExpr
            && strip(target).referenced().decl_key() == key
        {
            out.push(c);
            let args = (1..c.num_args().max(0) as u32).map(|i| c.arg(i));
            return args
                .into_iter()
                .all(|a| only_allocated(a, key, false, out, depth + 1));
        }
    }
    let children_read = match c.kind() {
        CXCursor_UnexposedExpr => true,
        CXCursor_ParenExpr => reading,
        _ => false,
    };
    c.children().into_iter().all(|k| {
        let names = k.kind() == CXCursor_DeclRefExpr && k.referenced().decl_key() == key;
        (children_read || !names) && only_allocated(k, key, children_read, out, depth + 1)
    })
}

/// For an allocation call `cudaMalloc((void **)&d, …)`: the `d` whose
/// address it takes.
fn allocation_target(c: Cursor) -> Option<Cursor> {
    if c.kind() != CXCursor_CallExpr || !ALLOCATIONS.iter().any(|(n, _)| c.spelling() == *n) {
        return None;
    }
    let mut first = strip(c.arg(0));
    while matches!(
        first.kind(),
        CXCursor_CStyleCastExpr | CXCursor_CXXStaticCastExpr | CXCursor_CXXReinterpretCastExpr
    ) {
        first = strip(first.children().into_iter().rfind(|k| k.is_expression())?);
    }
    if first.kind() != CXCursor_UnaryOperator || first.unop() != CXUnaryOperator_AddrOf {
        return None;
    }
    first.children().into_iter().find(|k| k.is_expression())
}

/// Are the size arguments of allocation call `a` fixed above 0?
fn sized(a: Cursor) -> bool {
    let Some((_, sizes)) = ALLOCATIONS.iter().find(|(n, _)| a.spelling() == *n) else {
        return false;
    };
    sizes
        .iter()
        .all(|&i| i < a.num_args().max(0) as u32 && host_int(a.arg(i)).is_some_and(|v| v > 0))
}

/// Does `c` hold a label, a `case` or a `default` (a jump may then skip
/// a statement that precedes another)?
fn has_labels(c: Cursor, depth: usize) -> bool {
    depth > MAX_DEPTH
        || c.children().into_iter().any(|k| {
            matches!(
                k.kind(),
                CXCursor_LabelStmt | CXCursor_CaseStmt | CXCursor_DefaultStmt
            ) || has_labels(k, depth + 1)
        })
}

/// Does allocation call `a` run before `at` whenever `at` runs, in
/// function `fun` (which has no labels)?  Both lie in one block `{…}`,
/// `a` in a statement before `at`'s, and nothing on the way from that
/// statement down to `a` may skip it: only expressions that evaluate
/// their operands (not the right of `&&`, `||`, `?:`), declarations, the
/// condition of an `if`, and the body of a `do … while` (which runs once
/// at least: the `CHECK(…)` macros), with no `break` or `continue` before.
pub(super) fn allocation_dominates(fun: Cursor, a: Cursor, at: Cursor) -> bool {
    let (Some(pa), Some(pu)) = (path_to(fun, a, 0), path_to(fun, at, 0)) else {
        return false;
    };
    let common = pa.iter().zip(&pu).take_while(|(x, y)| x == y).count();
    if common == 0 || common >= pa.len() || common >= pu.len() {
        return false;
    }
    let block = pa[common - 1];
    let (sa, su) = (pa[common], pu[common]);
    block.kind() == CXCursor_CompoundStmt
        && sa.end_offset() <= su.start_offset()
        && pa[common..].windows(2).all(|w| unconditional(w[0], w[1]))
}

/// Does `parent` always run its child `child` when it runs?
fn unconditional(parent: Cursor, child: Cursor) -> bool {
    let ch = parent.children();
    let first = ch.first() == Some(&child);
    match parent.kind() {
        CXCursor_BinaryOperator => {
            first || !matches!(parent.binop(), CXBinaryOperator_LAnd | CXBinaryOperator_LOr)
        }
        CXCursor_ConditionalOperator | CXCursor_IfStmt => first,
        CXCursor_DoStmt => first,
        CXCursor_CompoundStmt => ch
            .iter()
            .take_while(|k| **k != child)
            .all(|k| !has_jump(*k, 0)),
        CXCursor_CallExpr
        | CXCursor_UnexposedExpr
        | CXCursor_ParenExpr
        | CXCursor_CStyleCastExpr
        | CXCursor_CXXStaticCastExpr
        | CXCursor_UnaryOperator
        | CXCursor_DeclStmt
        | CXCursor_VarDecl => true,
        _ => false,
    }
}

/// Does `c` hold a `break`, `continue` or `goto` (which may leave a
/// `do … while` body before its later statements)?
fn has_jump(c: Cursor, depth: usize) -> bool {
    depth > MAX_DEPTH
        || matches!(
            c.kind(),
            CXCursor_BreakStmt
                | CXCursor_ContinueStmt
                | CXCursor_GotoStmt
                | CXCursor_IndirectGotoStmt
        )
        || c.children().into_iter().any(|k| has_jump(k, depth + 1))
}

/// The cursors from `c` down to `target`, both included.
fn path_to(c: Cursor, target: Cursor, depth: usize) -> Option<Vec<Cursor>> {
    if c == target {
        return Some(vec![c]);
    }
    let inside = c.start_offset() <= target.start_offset() && target.end_offset() <= c.end_offset();
    if depth > MAX_DEPTH || !inside {
        return None;
    }
    c.children().into_iter().find_map(|k| {
        let mut p = path_to(k, target, depth + 1)?;
        p.insert(0, c);
        Some(p)
    })
}
