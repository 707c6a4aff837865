#![allow(non_upper_case_globals)]
//! The values host code computes for a launch (`docs/launch-configuration.md`): a launch's
//! dimensions, dynamic shared memory and scalar arguments, when they are
//! computed from constants — literals, macros, `const` variables, locals
//! initialised once and never changed (`int cols = 512;`), the components
//! of such a `dim3` (`block.x`), integer and floating-point arithmetic on
//! them, and `ceil`/`floor` (`ceil(n / (float)block.x)`).  Anything else
//! is unknown (`None`), and the launch leaves that value symbolic.

use super::clang::Cursor;
use super::host_nullness::{address_nullness, is_null_constant, variable_nullness, Nullness};
use clang_sys::*;

/// Deeper expressions are unknown.
const MAX_DEPTH: usize = 32;

#[derive(Clone, Copy, Debug)]
enum Num {
    Int(i128),
    Float(f64),
}

/// The value of integer expression `e`, when host code fixes it.
pub fn host_int(e: Cursor) -> Option<i128> {
    match value(e, 0)? {
        Num::Int(v) => Some(v),
        Num::Float(_) => None,
    }
}

/// Where a pointer argument of a launch points: into the storage of host
/// variable `base` (its declaration key), `offset` elements (of the
/// argument's pointee type) in, when host code fixes the offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostPointer {
    pub base: String,
    pub offset: Option<i128>,
    /// Whether it is null (`host_nullness.rs`).
    pub null: Nullness,
}

impl HostPointer {
    /// Do `self` and `other` point into one host storage?  (Two null
    /// pointers do not.)
    pub fn same_storage(&self, other: &HostPointer) -> bool {
        self.base == other.base && self.null != Nullness::Null
    }
}

/// The host variable pointer expression `e` points into, when host code
/// shows it: a pointer variable (followed through its initialiser when
/// nothing changes it: `float *in = d + 1;`), `p + k`, `p - k`, `&a[k]`
/// and casts.  Two launch arguments with the same base may overlap
/// (`kernel<<<…>>>(d, d + 1)`); `None` when the base is not shown.
pub fn host_pointer(e: Cursor) -> Option<HostPointer> {
    pointer(e, 0)
}

fn pointer(e: Cursor, depth: usize) -> Option<HostPointer> {
    if depth > MAX_DEPTH {
        return None;
    }
    let e = strip(e);
    let moved = |p: HostPointer, k: Option<i128>| HostPointer {
        offset: p.offset.zip(k).and_then(|(a, b)| a.checked_add(b)),
        ..p
    };
    if is_null_constant(e) {
        return Some(HostPointer {
            base: "nullptr".into(),
            offset: None,
            null: Nullness::Null,
        });
    }
    match e.kind() {
        CXCursor_DeclRefExpr => {
            let d = e.referenced();
            if !matches!(d.kind(), CXCursor_VarDecl | CXCursor_ParmDecl) {
                return None;
            }
            let followed = unchanged_local(d)
                .filter(|init| init.ty().is_pointer())
                .and_then(|init| pointer(init, depth + 1));
            followed.or(Some(HostPointer {
                base: d.decl_key(),
                offset: Some(0),
                null: variable_nullness(d, e),
            }))
        }
        CXCursor_BinaryOperator => {
            let ch = e.children();
            let [a, b] = ch.as_slice() else { return None };
            let sign = match e.binop() {
                CXBinaryOperator_Add => 1,
                CXBinaryOperator_Sub => -1,
                _ => return None,
            };
            let (p, k) = match (a.ty().is_pointer(), b.ty().is_pointer()) {
                (true, false) => (pointer(*a, depth + 1)?, host_int(*b)),
                (false, true) if sign == 1 => (pointer(*b, depth + 1)?, host_int(*a)),
                _ => return None,
            };
            Some(moved(p, k.and_then(|k| k.checked_mul(sign))))
        }
        CXCursor_UnaryOperator if e.unop() == CXUnaryOperator_AddrOf => {
            let inner = strip(e.children().into_iter().find(|k| k.is_expression())?);
            if inner.kind() == CXCursor_DeclRefExpr {
                // `&x`: into `x`, never null.
                return Some(HostPointer {
                    base: inner.referenced().decl_key(),
                    offset: Some(0),
                    null: address_nullness(e),
                });
            }
            if inner.kind() != CXCursor_ArraySubscriptExpr {
                return None;
            }
            let ch = inner.children();
            let [a, i] = ch.as_slice() else { return None };
            Some(moved(pointer(*a, depth + 1)?, host_int(*i)))
        }
        // A cast to another element type keeps the base; the offset then
        // counts other elements.
        CXCursor_CStyleCastExpr | CXCursor_CXXStaticCastExpr | CXCursor_CXXReinterpretCastExpr => {
            let inner = e.children().into_iter().rfind(|k| k.is_expression())?;
            let p = pointer(inner, depth + 1)?;
            let same = inner.ty().pointee().spelling() == e.ty().pointee().spelling();
            Some(match (same, p.offset) {
                (true, _) | (false, Some(0)) => p,
                (false, _) => HostPointer { offset: None, ..p },
            })
        }
        _ => None,
    }
}

/// The three components of a `dim3` expression (or of an integer
/// converted to one), each when host code fixes it.
pub fn host_dim3(e: Cursor) -> [Option<u64>; 3] {
    dim3(e, 0)
}

fn dim3(e: Cursor, depth: usize) -> [Option<u64>; 3] {
    let e = strip(e);
    if depth > MAX_DEPTH {
        return [None; 3];
    }
    if !e.ty().spelling().contains("dim3") {
        let x = value(e, depth + 1).and_then(as_int);
        return [x.and_then(|v| u64::try_from(v).ok()), Some(1), Some(1)];
    }
    match e.kind() {
        // `dim3(x, y)`: the constructor's arguments (missing ones are 1);
        // a function returning a `dim3` is not one.
        CXCursor_CallExpr if e.num_args() >= 0 && e.referenced().kind() == CXCursor_Constructor => {
            let n = e.num_args() as u32;
            if n == 1 && e.arg(0).ty().spelling().contains("dim3") {
                return dim3(e.arg(0), depth + 1);
            }
            let mut out = [Some(1); 3];
            for (i, slot) in out.iter_mut().enumerate().take(n.min(3) as usize) {
                *slot = value(e.arg(i as u32), depth + 1)
                    .and_then(as_int)
                    .and_then(|v| u64::try_from(v).ok());
            }
            out
        }
        // A `dim3` variable nothing changes: its initialiser.
        CXCursor_DeclRefExpr => match unchanged_local(e.referenced()) {
            Some(init) => dim3(init, depth + 1),
            None => [None; 3],
        },
        CXCursor_CallExpr => [None; 3],
        _ => e
            .children()
            .into_iter()
            .find(|k| k.is_expression())
            .map(|k| dim3(k, depth + 1))
            .unwrap_or([None; 3]),
    }
}

fn as_int(n: Num) -> Option<i128> {
    match n {
        Num::Int(v) => Some(v),
        Num::Float(_) => None,
    }
}

fn value(e: Cursor, depth: usize) -> Option<Num> {
    if depth > MAX_DEPTH {
        return None;
    }
    let ty = e.ty();
    if ty.is_floating() {
        if let Some(f) = e.evaluate_float() {
            return Some(Num::Float(f));
        }
    } else if let Some(v) = e.evaluate_int() {
        return Some(Num::Int(v));
    }
    let v = match e.kind() {
        CXCursor_UnexposedExpr => value(e.wrapped()?, depth + 1)?,
        CXCursor_ParenExpr
        | CXCursor_CStyleCastExpr
        | CXCursor_CXXFunctionalCastExpr
        | CXCursor_CXXStaticCastExpr => {
            let inner = e.children().into_iter().rfind(|k| k.is_expression())?;
            value(inner, depth + 1)?
        }
        CXCursor_DeclRefExpr => value(unchanged_local(e.referenced())?, depth + 1)?,
        CXCursor_MemberRefExpr => component(e, depth)?,
        CXCursor_BinaryOperator => {
            let ch = e.children();
            let [a, b] = ch.as_slice() else { return None };
            let (a, b) = (value(*a, depth + 1)?, value(*b, depth + 1)?);
            arithmetic(e.binop(), a, b, ty.is_floating())?
        }
        CXCursor_UnaryOperator => {
            let inner = e.children().into_iter().find(|k| k.is_expression())?;
            match (e.unop(), value(inner, depth + 1)?) {
                (CXUnaryOperator_Plus, v) => v,
                (CXUnaryOperator_Minus, Num::Int(v)) => Num::Int(v.checked_neg()?),
                (CXUnaryOperator_Minus, Num::Float(f)) => Num::Float(-f),
                (CXUnaryOperator_LNot, Num::Int(v)) => Num::Int(i128::from(v == 0)),
                (CXUnaryOperator_LNot, Num::Float(f)) => Num::Int(i128::from(f == 0.0)),
                _ => return None,
            }
        }
        CXCursor_ConditionalOperator => {
            let ch = e.children();
            let [c, a, b] = ch.as_slice() else {
                return None;
            };
            let pick = match value(*c, depth + 1)? {
                Num::Int(v) => v != 0,
                Num::Float(f) => f != 0.0,
            };
            value(if pick { *a } else { *b }, depth + 1)?
        }
        // The C library's `ceil` and `floor` (not a function of the user's
        // with that name).
        CXCursor_CallExpr if e.num_args() == 1 && e.referenced().canonical_decl().in_library() => {
            let name = e.spelling();
            let x = match value(e.arg(0), depth + 1)? {
                Num::Int(v) => v as f64,
                Num::Float(f) => f,
            };
            match name.as_str() {
                "ceil" | "ceilf" => Num::Float(x.ceil()),
                "floor" | "floorf" => Num::Float(x.floor()),
                _ => return None,
            }
        }
        _ => return None,
    };
    convert(v, e)
}

/// `v` converted to the type of expression `e`: floating values are
/// rounded to `float` where it is one; integers must fit their type (a
/// value that would wrap is left unknown).
fn convert(v: Num, e: Cursor) -> Option<Num> {
    let ty = e.ty();
    if ty.is_floating() {
        let f = match v {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        };
        let single = ty.canonical().0.kind == CXType_Float;
        return Some(Num::Float(if single { f as f32 as f64 } else { f }));
    }
    let i = match v {
        Num::Int(i) => i,
        Num::Float(f) if f.is_finite() && f.abs() < 1e30 => f.trunc() as i128,
        Num::Float(_) => return None,
    };
    let (lo, hi) = ty
        .int_type()
        .map(|t| t.range())
        .unwrap_or((i128::MIN, i128::MAX));
    (lo..=hi).contains(&i).then_some(Num::Int(i))
}

fn arithmetic(op: CXBinaryOperatorKind, a: Num, b: Num, floating: bool) -> Option<Num> {
    if floating {
        let f = |n: Num| match n {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        };
        let (a, b) = (f(a), f(b));
        return Some(Num::Float(match op {
            CXBinaryOperator_Add => a + b,
            CXBinaryOperator_Sub => a - b,
            CXBinaryOperator_Mul => a * b,
            CXBinaryOperator_Div if b != 0.0 => a / b,
            _ => return None,
        }));
    }
    let (Num::Int(a), Num::Int(b)) = (a, b) else {
        return None;
    };
    let shift = u32::try_from(b).ok().filter(|&s| s < 64);
    Some(Num::Int(match op {
        CXBinaryOperator_Add => a.checked_add(b)?,
        CXBinaryOperator_Sub => a.checked_sub(b)?,
        CXBinaryOperator_Mul => a.checked_mul(b)?,
        CXBinaryOperator_Div => a.checked_div(b)?,
        CXBinaryOperator_Rem => a.checked_rem(b)?,
        CXBinaryOperator_Shl => a.checked_shl(shift?)?,
        CXBinaryOperator_Shr => a.checked_shr(shift?)?,
        CXBinaryOperator_And => a & b,
        CXBinaryOperator_Or => a | b,
        CXBinaryOperator_Xor => a ^ b,
        CXBinaryOperator_LT => i128::from(a < b),
        CXBinaryOperator_GT => i128::from(a > b),
        CXBinaryOperator_LE => i128::from(a <= b),
        CXBinaryOperator_GE => i128::from(a >= b),
        CXBinaryOperator_EQ => i128::from(a == b),
        CXBinaryOperator_NE => i128::from(a != b),
        CXBinaryOperator_LAnd => i128::from(a != 0 && b != 0),
        CXBinaryOperator_LOr => i128::from(a != 0 || b != 0),
        _ => return None,
    }))
}

/// `v.x`, `v.y` or `v.z` of a `dim3` variable nothing changes.
fn component(m: Cursor, depth: usize) -> Option<Num> {
    let i = ["x", "y", "z"].iter().position(|c| *c == m.spelling())?;
    let base = m.children().into_iter().find(|k| k.is_expression())?;
    let base = strip(base);
    if base.kind() != CXCursor_DeclRefExpr || !base.ty().spelling().contains("dim3") {
        return None;
    }
    let v = dim3(base, depth + 1)[i]?;
    Some(Num::Int(v as i128))
}

/// The initialiser of local variable `d` when nothing in its function
/// changes it: every use reads it (an implicit conversion or a member
/// read around it) or passes it to a launch's configuration by value.
/// Anything else — an assignment, `++`, `&d`, binding a non-const
/// reference — may change it.
fn unchanged_local(d: Cursor) -> Option<Cursor> {
    if d.kind() != CXCursor_VarDecl {
        return None;
    }
    let init = d.var_init()?;
    unchanged_in_function(d).then_some(init)
}

/// Is `p` a parameter of a function definition that the function never
/// assigns, takes the address of or binds to a reference (so that its
/// value is the caller's argument throughout)?
pub fn unchanged_param(p: Cursor) -> bool {
    p.kind() == CXCursor_ParmDecl && p.semantic_parent().is_definition() && unchanged_in_function(p)
}

/// Does nothing in the function that declares `d` (a local or a
/// parameter) change it ([`reads_only`])?
pub(super) fn unchanged_in_function(d: Cursor) -> bool {
    let scope = d.semantic_parent();
    if !matches!(
        scope.kind(),
        CXCursor_FunctionDecl | CXCursor_FunctionTemplate | CXCursor_CXXMethod
    ) {
        return false;
    }
    let mut ok = true;
    reads_only(scope, false, &d.decl_key(), false, &mut ok, 0);
    ok
}

/// Walks `c` for uses of variable `key` that may change it; `reading`:
/// the value of `c` itself is only read (it is under an implicit
/// conversion, perhaps through parentheses and `?:`, which pass an lvalue
/// on).
fn reads_only(c: Cursor, reading: bool, key: &str, in_config: bool, ok: &mut bool, depth: usize) {
    if depth > 256 || !*ok {
        *ok = false;
        return;
    }
    let children_read = match c.kind() {
        CXCursor_UnexposedExpr => true,
        CXCursor_ParenExpr | CXCursor_ConditionalOperator => reading,
        // `block.x` read: `block` is read (a scalar member only).
        CXCursor_MemberRefExpr => reading && !c.ty().is_record(),
        _ => false,
    };
    for k in c.children() {
        let names = k.kind() == CXCursor_DeclRefExpr && k.referenced().decl_key() == key;
        if names && !(in_config || children_read) {
            *ok = false;
            return;
        }
        let config =
            in_config || (k.kind() == CXCursor_CallExpr && k.spelling() == "cudaConfigureCall");
        reads_only(k, children_read, key, config, ok, depth + 1);
    }
}

/// Looks through parentheses, implicit conversions and functional casts
/// (not through clang's recovery from an error, `Cursor::wrapped`).
pub(super) fn strip(e: Cursor) -> Cursor {
    let mut e = e;
    while matches!(
        e.kind(),
        CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CXXFunctionalCastExpr
    ) {
        let inner = match e.kind() {
            CXCursor_UnexposedExpr => e.wrapped(),
            _ => e.children().into_iter().find(|k| k.is_expression()),
        };
        match inner {
            Some(k) => e = k,
            None => break,
        }
    }
    e
}
