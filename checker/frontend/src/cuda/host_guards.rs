#![allow(non_upper_case_globals)]
//! The conditions the host checks on every path to a launch
//! (`docs/launch-configuration.md`, "Relations from the host code"): the
//! condition of an enclosing `if` (or its negation, in the `else`), of an
//! enclosing `while`, the negation of an earlier `if (c) return;` (or
//! `exit(…)`, `abort()`) in an enclosing block, and an earlier
//! `assert(c)`.
//!
//! A check holds at the launch only when the launch cannot be reached
//! without it and what it reads has not changed since.  The first is
//! the syntax: the check encloses the launch or comes before it in a
//! block, and no `goto` in the function and no label or `case` between
//! the check and the launch lets control in past it; a lambda is a
//! function of its own (it runs when called, not where it is written),
//! so nothing outside one holds in it.  The second is
//! `host_facts::guard`: only variables nothing in the function changes.

use super::clang::Cursor;
use super::host_facts::{guard, HostFact};
use clang_sys::*;

/// The ancestors of a launch, outermost first, each with the position
/// among its children of the one that leads to the launch.
pub type Path = [(Cursor, usize)];

/// The checks that hold at the launch under `path` in function `fun`.
pub fn guards(fun: Cursor, path: &Path) -> Vec<HostFact> {
    if contains(fun, &[CXCursor_GotoStmt, CXCursor_IndirectGotoStmt], 0) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &(parent, at) in path.iter().rev() {
        let ch = parent.children();
        match parent.kind() {
            CXCursor_LambdaExpr => break,
            CXCursor_IfStmt => out.extend(branch(&ch, at)),
            CXCursor_WhileStmt
                if ch.len() == 2 && at == 1 && ch[0].is_expression() && !has_label(ch[1]) =>
            {
                out.extend(guard(ch[0], false, "the enclosing `while`"));
            }
            CXCursor_CompoundStmt => out.extend(earlier_checks(&ch, at)),
            _ => {}
        }
    }
    out
}

/// The condition of an `if` whose branch at position `at` holds the
/// launch (negated in the `else`).
fn branch(ch: &[Cursor], at: usize) -> Option<HostFact> {
    if !(2..=3).contains(&ch.len()) || !ch[0].is_expression() || at == 0 {
        return None;
    }
    if has_label(ch[at]) {
        return None;
    }
    match at {
        1 => guard(ch[0], false, "the enclosing `if`"),
        _ => guard(ch[0], true, "the `else` of an enclosing `if`"),
    }
}

/// The checks among the statements of a block before the one at `at`,
/// after the last one a label or `case` may enter past them.
fn earlier_checks(stmts: &[Cursor], at: usize) -> Vec<HostFact> {
    let upto = at.min(stmts.len().saturating_sub(1));
    let start = (0..=upto)
        .rev()
        .find(|&j| has_label(stmts[j]))
        .map_or(0, |j| j + 1);
    let mut out = Vec::new();
    for s in stmts.iter().take(upto).skip(start) {
        if let Some(c) = early_exit(*s) {
            out.extend(guard(c, true, "an earlier early exit"));
        } else if let Some(c) = assertion(*s) {
            out.extend(guard(c, false, "an earlier `assert`"));
        }
    }
    out
}

/// The condition of `if (c) return;` (or a block ending in `return`,
/// `exit(…)`, `abort()`), without an `else`.
fn early_exit(s: Cursor) -> Option<Cursor> {
    if s.kind() != CXCursor_IfStmt {
        return None;
    }
    let ch = s.children();
    let [c, then] = ch[..] else { return None };
    (c.is_expression() && exits(then)).then_some(c)
}

/// Does statement `s` always leave the function: a `return`, a call of
/// the C library's `exit`, `abort`, …, or a block whose last statement
/// does?
fn exits(s: Cursor) -> bool {
    match s.kind() {
        CXCursor_ReturnStmt => true,
        CXCursor_CompoundStmt => s.children().last().is_some_and(|l| exits(*l)),
        CXCursor_CallExpr => {
            let name = s.spelling();
            matches!(
                name.as_str(),
                "exit" | "abort" | "_exit" | "_Exit" | "quick_exit"
            ) && s.referenced().canonical_decl().in_library()
        }
        _ => false,
    }
}

/// The condition of `assert(c)` as the C library expands it: `(c) ?
/// void(0) : __assert_fail(…)` (glibc; `__assert_rtn` on macOS).
fn assertion(s: Cursor) -> Option<Cursor> {
    let s = super::host_values::strip(s);
    if s.kind() != CXCursor_ConditionalOperator {
        return None;
    }
    let ch: Vec<Cursor> = s
        .children()
        .into_iter()
        .filter(|k| k.is_expression())
        .collect();
    let [c, _, fail] = ch[..] else { return None };
    let fail = super::host_values::strip(fail);
    let named = matches!(
        fail.spelling().as_str(),
        "__assert_fail" | "__assert_rtn" | "_assert" | "_wassert" | "__assert"
    );
    (fail.kind() == CXCursor_CallExpr && named && fail.referenced().canonical_decl().in_library())
        .then_some(c)
}

/// Does `s` hold a label, `case` or `default` (a way in past a check)?
fn has_label(s: Cursor) -> bool {
    let kinds = [CXCursor_LabelStmt, CXCursor_CaseStmt, CXCursor_DefaultStmt];
    kinds.contains(&s.kind()) || contains(s, &kinds, 0)
}

/// Does `c` hold a node of one of `kinds` (deeper than the bound: yes)?
fn contains(c: Cursor, kinds: &[CXCursorKind], depth: usize) -> bool {
    if depth > 256 {
        return true;
    }
    c.children()
        .into_iter()
        .any(|k| kinds.contains(&k.kind()) || contains(k, kinds, depth + 1))
}
