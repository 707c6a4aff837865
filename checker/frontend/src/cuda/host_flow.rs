#![allow(non_upper_case_globals)]
//! Where the value a host variable has at a launch was set
//! (`docs/launch-configuration.md`, "Relations from the host code"): the
//! last assignment (or the declaration) that every path to the launch
//! passes, with the statements that run from it to the launch.
//!
//! C code often declares first and assigns later (`int n; … n =
//! atoi(argv[1]);`, `dim3 grid; grid.x = n / 256;`), or reassigns in a
//! launch loop (`dimGrid.x = i;`).  Such a variable is not *stable*
//! (`host_facts::stable`: nothing in the function changes it), but its
//! value at the launch is still known when the assignment dominates the
//! launch and nothing changes the variable after it.
//!
//! The analysis is syntactic and fails closed.  From the launch it walks
//! back over the statements of each enclosing block, innermost first:
//! the first statement that assigns the variable by name (`v = e;`,
//! `v.x = e;`) or declares it is its definition; a statement that
//! changes it otherwise, a label or `case` (a way in that skips what is
//! before it), or an enclosing loop that changes it anywhere (the change
//! reaches the launch through the loop's back edge) ends the walk with
//! no definition.  A variable whose storage may be reached other than by
//! its name (its address taken, bound to a reference, passed to a
//! function that may change it) is never followed, and a function with a
//! `goto` is not analysed at all.

use super::clang::Cursor;
use clang_sys::*;

/// The ancestors of a launch, outermost first, each with the position
/// among its children of the one that leads to the launch.
pub type Path = [(Cursor, usize)];

/// Deeper trees are taken to change anything.
const MAX_DEPTH: usize = 256;

/// What is followed: a scalar local, or one component of a `dim3`
/// local (by declaration key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target<'a> {
    Var(&'a str),
    Member(&'a str, &'a str),
}

/// The function of a launch and the launch's ancestors in it.
#[derive(Clone, Copy)]
pub struct Flow<'p> {
    pub fun: Cursor,
    pub path: &'p Path,
}

/// What a definition gives the variable.
#[derive(Clone)]
pub enum Value {
    /// `v = e;` or `v.x = e;`: the expression `e`.
    Assigned(Cursor),
    /// The declaration's initialiser (for a `dim3`, the whole object's).
    Initialised(Cursor),
    /// Declared without an initialiser: indeterminate.
    Uninitialised,
    /// After `if (c) A else B`: `c ? (what A leaves) : (what B leaves)`.
    Joined(Box<Join>),
}

/// The definitions the two ways through an `if` leave (a way that does
/// not change the variable leaves the definition before the `if`); each
/// with the statements from it to the launch.  The condition is read at
/// the `if` (the [`Def::between`] of the joined definition).
#[derive(Clone)]
pub struct Join {
    pub cond: Cursor,
    pub then: Def,
    pub otherwise: Def,
}

/// The definition of a variable that reaches a launch, and the
/// statements that run from it (included) to the launch.
#[derive(Clone)]
pub struct Def {
    pub value: Value,
    pub between: Vec<Cursor>,
}

impl Flow<'_> {
    /// The definition of `t` that every path to the launch passes last,
    /// when the syntax shows one.
    pub fn reaching(&self, t: Target) -> Option<Def> {
        if has_goto(self.fun) || escapes(self.fun, t) {
            return None;
        }
        for &(parent, at) in self.path.iter().rev() {
            let ch = parent.children();
            match parent.kind() {
                CXCursor_CompoundStmt => {
                    if let Some(found) = in_block(&ch, at, t) {
                        return found;
                    }
                }
                CXCursor_LambdaExpr
                | CXCursor_FunctionDecl
                | CXCursor_FunctionTemplate
                | CXCursor_CXXMethod
                | CXCursor_CaseStmt
                | CXCursor_DefaultStmt
                | CXCursor_LabelStmt => return None,
                k if is_loop(k) => {
                    if changed_in(&[parent], t) {
                        return None;
                    }
                }
                _ => {
                    if changed_in(&ch[..at.min(ch.len())], t) {
                        return None;
                    }
                }
            }
        }
        None
    }
}

/// The statements of a block before the one at `at`, last first: `Some`
/// when the walk ends here (with the definition, or with none), `None`
/// when it goes on to the enclosing statement.
fn in_block(ch: &[Cursor], at: usize, t: Target) -> Option<Option<Def>> {
    let at = at.min(ch.len().saturating_sub(1));
    before(ch, at, &ch[at..=at], t, 0)
}

/// The definition of `t` among `ch[..end]`, last first, when `tail` runs
/// from `ch[end]` to the launch (as [`in_block`]).  An `if` that changes
/// `t` gives the join of what its two ways leave ([`joined`]).
fn before(
    ch: &[Cursor],
    end: usize,
    tail: &[Cursor],
    t: Target,
    depth: usize,
) -> Option<Option<Def>> {
    for idx in (0..end.min(ch.len())).rev() {
        let s = ch[idx];
        if has_label(s) {
            return Some(None);
        }
        let between = || [&ch[idx..end], tail].concat();
        if let Some(value) = defines(s, t) {
            return Some(Some(Def {
                value,
                between: between(),
            }));
        }
        if changed_in(&[s], t) {
            return Some(joined(ch, idx, end, tail, t, depth));
        }
    }
    None
}

/// The definition statement `ch[idx]`, an `if` that changes `t`, leaves
/// (`tail` as for [`before`]): each way's own last definition, or for a
/// way that does not change `t` (an absent `else`) the one before the
/// `if` in this block; `None` unless both are found and the condition
/// does not change `t`.
fn joined(
    ch: &[Cursor],
    idx: usize,
    end: usize,
    tail: &[Cursor],
    t: Target,
    depth: usize,
) -> Option<Def> {
    let s = ch[idx];
    if s.kind() != CXCursor_IfStmt || depth > MAX_DEPTH {
        return None;
    }
    let parts = s.children();
    let (cond, then, otherwise) = match parts[..] {
        [c, a] => (c, a, None),
        [c, a, b] => (c, a, Some(b)),
        _ => return None,
    };
    if !cond.is_expression() || changed_in(&[cond], t) {
        return None;
    }
    let after = [&ch[idx + 1..end], tail].concat();
    let from_if = [&ch[idx..end], tail].concat();
    let way = |b: Option<Cursor>| match b {
        Some(b) if changed_in(&[b], t) => {
            let stmts = match b.kind() {
                CXCursor_CompoundStmt => b.children(),
                _ => vec![b],
            };
            before(&stmts, stmts.len(), &after, t, depth + 1).flatten()
        }
        _ => before(ch, idx, &from_if, t, depth + 1).flatten(),
    };
    let join = Join {
        cond,
        then: way(Some(then))?,
        otherwise: way(otherwise)?,
    };
    Some(Def {
        value: Value::Joined(Box::new(join)),
        between: from_if,
    })
}

fn is_loop(k: CXCursorKind) -> bool {
    matches!(
        k,
        CXCursor_ForStmt | CXCursor_WhileStmt | CXCursor_DoStmt | CXCursor_CXXForRangeStmt
    )
}

/// Does statement `s` define `t`: declare it, or assign it by name as a
/// whole statement?
fn defines(s: Cursor, t: Target) -> Option<Value> {
    if s.kind() == CXCursor_DeclStmt {
        let key = match t {
            Target::Var(k) | Target::Member(k, _) => k,
        };
        let d = s.children().into_iter().find(|d| d.decl_key() == key)?;
        return Some(
            d.var_init()
                .map_or(Value::Uninitialised, Value::Initialised),
        );
    }
    let (lhs, rhs) = plain_assignment(s)?;
    names(lhs, t).then_some(Value::Assigned(rhs))
}

/// `lhs = rhs` (not a compound assignment), through parentheses.
fn plain_assignment(s: Cursor) -> Option<(Cursor, Cursor)> {
    let s = parens(s);
    if s.kind() != CXCursor_BinaryOperator || s.binop() != CXBinaryOperator_Assign {
        return None;
    }
    let ch: Vec<Cursor> = s
        .children()
        .into_iter()
        .filter(|k| k.is_expression())
        .collect();
    let [lhs, rhs] = ch[..] else { return None };
    Some((parens(lhs), rhs))
}

fn parens(mut e: Cursor) -> Cursor {
    while e.kind() == CXCursor_ParenExpr {
        match e.children().into_iter().find(|k| k.is_expression()) {
            Some(k) => e = k,
            None => break,
        }
    }
    e
}

/// Is `e` (without parentheses) the lvalue `t` itself: `v`, or `v.x`?
fn names(e: Cursor, t: Target) -> bool {
    match t {
        Target::Var(key) => is_ref_to(e, key),
        Target::Member(key, m) => member_of(e, key).is_some_and(|name| name == m),
    }
}

fn is_ref_to(e: Cursor, key: &str) -> bool {
    e.kind() == CXCursor_DeclRefExpr && e.referenced().decl_key() == key
}

/// For `v.m` with `v` the variable `key`: `m`.
fn member_of(e: Cursor, key: &str) -> Option<String> {
    if e.kind() != CXCursor_MemberRefExpr {
        return None;
    }
    let base = e.children().into_iter().find(|k| k.is_expression())?;
    is_ref_to(parens(base), key).then(|| e.spelling())
}

/// How a use of the target may affect it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Use {
    Read,
    /// Assigned by name (`v = e`, `v += e`, `v++`, `v.x = e`).
    Named,
    /// Anything else: the address taken, bound to a reference, passed to
    /// a call that may change it.
    Other,
}

/// Does anything in `stmts` change `t` (any use but a read)?
pub fn changed_in(stmts: &[Cursor], t: Target) -> bool {
    let mut found = false;
    for s in stmts {
        uses(*s, t, false, 0, &mut |u| found |= u != Use::Read);
        if found {
            return true;
        }
    }
    false
}

/// May `t`'s storage be reached other than by its name anywhere in
/// function `fun` (so that a change through a pointer or a reference
/// goes unseen)?
pub fn escapes(fun: Cursor, t: Target) -> bool {
    let mut found = false;
    uses(fun, t, false, 0, &mut |u| found |= u == Use::Other);
    found
}

/// Does function `fun` hold a `goto`?
pub fn has_goto(fun: Cursor) -> bool {
    contains(fun, &[CXCursor_GotoStmt, CXCursor_IndirectGotoStmt], 0)
}

/// Reports each use of `t` under `c`; `reading`: the value of `c` itself
/// is only read (it is under an implicit conversion, perhaps through
/// parentheses and `?:`, which pass an lvalue on).
fn uses(c: Cursor, t: Target, reading: bool, depth: usize, seen: &mut dyn FnMut(Use)) {
    if depth > MAX_DEPTH {
        seen(Use::Other);
        return;
    }
    let children_read = match c.kind() {
        CXCursor_UnexposedExpr => true,
        CXCursor_ParenExpr | CXCursor_ConditionalOperator => reading,
        CXCursor_MemberRefExpr => reading && !c.ty().is_record(),
        _ => false,
    };
    let lhs = named_write_lhs(c);
    for (i, k) in c.children().into_iter().enumerate() {
        if lhs == Some(i) && names(parens(k), t) {
            seen(Use::Named);
            continue;
        }
        match occurrence(k, t) {
            Occurrence::Itself | Occurrence::Whole => {
                seen(if children_read { Use::Read } else { Use::Other })
            }
            Occurrence::OtherMember => {}
            // A lambda runs where it is called, not where it is written:
            // what it does to the variable is not placed.
            Occurrence::No if k.kind() == CXCursor_LambdaExpr => {
                let mut inside = false;
                uses(k, t, false, depth + 1, &mut |_| inside = true);
                if inside {
                    seen(Use::Other);
                }
            }
            Occurrence::No => uses(k, t, children_read, depth + 1, seen),
        }
    }
}

/// The position among `c`'s children of the lvalue a by-name write `c`
/// assigns: the left of `=`, `+=`, …, or the operand of `++`/`--`.
fn named_write_lhs(c: Cursor) -> Option<usize> {
    let write = match c.kind() {
        CXCursor_BinaryOperator => c.binop() == CXBinaryOperator_Assign,
        CXCursor_CompoundAssignOperator => true,
        CXCursor_UnaryOperator => matches!(
            c.unop(),
            CXUnaryOperator_PostInc
                | CXUnaryOperator_PostDec
                | CXUnaryOperator_PreInc
                | CXUnaryOperator_PreDec
        ),
        _ => false,
    };
    if !write {
        return None;
    }
    c.children().iter().position(|k| k.is_expression())
}

/// What a node is to the target.
enum Occurrence {
    /// The lvalue itself: `v`, or the followed component `v.x`.
    Itself,
    /// The whole `dim3` of a followed component.
    Whole,
    /// Another component of that `dim3` (no use of the followed one).
    OtherMember,
    No,
}

fn occurrence(k: Cursor, t: Target) -> Occurrence {
    match t {
        Target::Var(key) if is_ref_to(k, key) => Occurrence::Itself,
        Target::Var(_) => Occurrence::No,
        Target::Member(key, m) => match member_of(k, key) {
            Some(name) if name == m => Occurrence::Itself,
            Some(_) => Occurrence::OtherMember,
            None if is_ref_to(k, key) => Occurrence::Whole,
            None => Occurrence::No,
        },
    }
}

/// Does `s` hold a label, `case` or `default` (a way in past what is
/// before it)?
pub fn has_label(s: Cursor) -> bool {
    let kinds = [CXCursor_LabelStmt, CXCursor_CaseStmt, CXCursor_DefaultStmt];
    kinds.contains(&s.kind()) || contains(s, &kinds, 0)
}

/// Does `c` hold a node of one of `kinds` (deeper than the bound: yes)?
fn contains(c: Cursor, kinds: &[CXCursorKind], depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    c.children()
        .into_iter()
        .any(|k| kinds.contains(&k.kind()) || contains(k, kinds, depth + 1))
}
