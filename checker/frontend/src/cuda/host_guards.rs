#![allow(non_upper_case_globals)]
//! The conditions the host checks on every path to a launch
//! (`docs/launch-configuration.md`, "Relations from the host code"): the
//! condition of an enclosing `if` (or its negation, in the `else`), of an
//! enclosing `while` or `for` (with its counter's range: `host_loops`), the negation of an earlier `if (c) return;` (or
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
//! `host_facts::guard`: only variables nothing changes between the check
//! and the launch (`host_flow`).

use super::clang::Cursor;
use super::host_facts::{guard, HostFact};
use super::host_flow::{has_goto, has_label, Flow};
use clang_sys::*;

/// The checks that hold at the launch of `flow`.
pub fn guards(flow: Flow<'_>) -> Vec<HostFact> {
    if has_goto(flow.fun) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &(parent, at) in flow.path.iter().rev() {
        let ch = parent.children();
        match parent.kind() {
            CXCursor_LambdaExpr => break,
            CXCursor_IfStmt => out.extend(branch(&ch, at, flow, parent)),
            CXCursor_WhileStmt
                if ch.len() == 2 && at == 1 && ch[0].is_expression() && !has_label(ch[1]) =>
            {
                out.extend(guard(
                    ch[0],
                    false,
                    "the enclosing `while`",
                    flow,
                    &[parent],
                ));
            }
            CXCursor_ForStmt => out.extend(super::host_loops::for_facts(flow, parent, at)),
            CXCursor_CompoundStmt => out.extend(earlier_checks(&ch, at, flow)),
            _ => {}
        }
    }
    out
}

/// The condition of `if` statement `s` (children `ch`) whose branch at
/// position `at` holds the launch (negated in the `else`).
fn branch(ch: &[Cursor], at: usize, flow: Flow<'_>, s: Cursor) -> Option<HostFact> {
    if !(2..=3).contains(&ch.len()) || !ch[0].is_expression() || at == 0 {
        return None;
    }
    if has_label(ch[at]) {
        return None;
    }
    match at {
        1 => guard(ch[0], false, "the enclosing `if`", flow, &[s]),
        _ => guard(ch[0], true, "the `else` of an enclosing `if`", flow, &[s]),
    }
}

/// The checks among the statements of a block before the one at `at`,
/// after the last one a label or `case` may enter past them.
fn earlier_checks(stmts: &[Cursor], at: usize, flow: Flow<'_>) -> Vec<HostFact> {
    let upto = at.min(stmts.len().saturating_sub(1));
    let start = (0..=upto)
        .rev()
        .find(|&j| has_label(stmts[j]))
        .map_or(0, |j| j + 1);
    let mut out = Vec::new();
    for (j, s) in stmts.iter().enumerate().take(upto).skip(start) {
        let between = &stmts[j..=upto];
        if let Some(c) = early_exit(*s) {
            out.extend(guard(c, true, "an earlier early exit", flow, between));
        } else if let Some(c) = assertion(*s) {
            out.extend(guard(c, false, "an earlier `assert`", flow, between));
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
