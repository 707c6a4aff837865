//! Member expressions: `obj.f`, `p->f`, constants of a class read through
//! an object, and the names under which fields are known (union members
//! and bit-fields share one cell).

use super::*;

/// Is the base of the member expression `c` a reference to a CUDA
/// built-in variable as mapcheck's headers declare it (`threadIdx`), not a
/// variable of the user's with the same name (`n::threadIdx`)?
fn builtin_base(c: Cursor) -> bool {
    let mut base = c.children().into_iter().find(|k| k.is_expression());
    while let Some(k) = base {
        match k.kind() {
            CXCursor_DeclRefExpr => return k.referenced().in_library(),
            CXCursor_UnexposedExpr | CXCursor_ParenExpr => {
                base = k.children().into_iter().find(|k| k.is_expression())
            }
            _ => return false,
        }
    }
    false
}

/// The value of `obj.C` or `p->C` where `C` is an enumerator or an
/// integral constant static member of the object's class (`frag.num_elements`),
/// when evaluating the object has no effect (a variable, `this`): the
/// member is a constant of the class, not of the object.
pub(super) fn constant_member(c: Cursor) -> Option<i128> {
    if expr_rule(c.kind()) != ExprRule::Member {
        return None;
    }
    let decl = c.referenced();
    let value = match decl.kind() {
        CXCursor_EnumConstantDecl => Some(decl.enum_value()),
        CXCursor_VarDecl => integral_constant(decl),
        _ => None,
    }?;
    let mut base = c.children().into_iter().find(|k| k.is_expression());
    while let Some(k) = base {
        match k.kind() {
            CXCursor_DeclRefExpr | CXCursor_CXXThisExpr => return Some(value),
            CXCursor_UnexposedExpr | CXCursor_ParenExpr => {
                base = k.children().into_iter().find(|k| k.is_expression())
            }
            _ => return None,
        }
    }
    // No base: a member named inside a method (`num_elements`).
    Some(value)
}

/// `base.field`, or `base->field` (when `arrow`) as `(*base).field`.
pub(super) fn member(c: Cursor, base: E, arrow: bool) -> EK {
    let field = match field_name(c.referenced(), c.spelling()) {
        Ok(f) => f,
        Err(why) => return EK::Opaque(why),
    };
    if let EK::Var(name, _, RefKind::Global) = &base.kind {
        let xyz = matches!(field.as_str(), "x" | "y" | "z");
        if BUILTIN_VARS.contains(&name.as_str()) && xyz && builtin_base(c) {
            return EK::Builtin(format!("{name}.{field}"));
        }
    }
    let base = if arrow {
        let span = base.span;
        E::new(EK::Un(UnOp::Deref, Box::new(base)), span)
    } else {
        base
    };
    EK::Member(Box::new(base), field, type_shape(c.ty()))
}

/// The name under which the front end knows field `decl` (spelt
/// `spelling`): members of a union overlap, and adjacent bit-fields are
/// one memory location (C11, 3.14), so each group is one cell.  A
/// reference member may name any place (a variable of the thread, an
/// element of any array): not modelled, the reason for an opaque
/// expression instead.
pub(super) fn field_name(decl: Cursor, spelling: String) -> Result<String, String> {
    if decl.is_null() {
        return Ok(spelling);
    }
    if decl.ty().is_reference() {
        return Err(format!("member `{spelling}` of reference type"));
    }
    if let Some(parent) = enclosing_union(decl) {
        // Members laid out alike (one element size, the same rows) are
        // one array whose indices mean the same bytes; others
        // (`int a[32]` with `short h[64]` or `int b[2][16]`) are not.
        return Ok(match union_members_agree(parent) {
            true => UNION_MEMBERS.into(),
            false => MIXED_UNION_MEMBERS.into(),
        });
    }
    if decl.is_bit_field() {
        return Ok("bit_fields".into());
    }
    Ok(spelling)
}

/// The field name of the members of a union laid out alike (one cell
/// array), and of a union whose members have different element sizes or
/// row lengths (`infer::memory`: not located in shared or global memory).
pub const UNION_MEMBERS: &str = "union_members";
pub const MIXED_UNION_MEMBERS: &str = "union_members_of_mixed_layout";

/// The union field `f` is a member of: its parent, or the union an
/// anonymous struct holding it is a member of (`union { struct { int x,
/// y; }; long long v; }`: `u.y` overlaps `u.v`).
fn enclosing_union(f: Cursor) -> Option<Cursor> {
    let mut p = f.semantic_parent();
    for _ in 0..8 {
        match p.kind() {
            CXCursor_UnionDecl => return Some(p),
            CXCursor_StructDecl | CXCursor_ClassDecl
                if unsafe { clang_Cursor_isAnonymousRecordDecl(p.0) } != 0 =>
            {
                p = p.semantic_parent()
            }
            _ => return None,
        }
    }
    None
}

/// Do the members of union `u` have one element size and the same
/// dimensions after the first (a scalar: none), and none of them (when
/// there are several) is a struct — whose fields would be arrays of their
/// own (`u.p.y`), apart from the bytes of the other members they overlap?
fn union_members_agree(u: Cursor) -> bool {
    // An anonymous struct or union member shows as its declaration.
    let anonymous = |m: &Cursor| {
        matches!(
            m.kind(),
            CXCursor_StructDecl | CXCursor_ClassDecl | CXCursor_UnionDecl
        ) && unsafe { clang_Cursor_isAnonymousRecordDecl(m.0) } != 0
    };
    let members: Vec<Cursor> = u
        .children()
        .into_iter()
        .filter(|m| m.kind() == CXCursor_FieldDecl || anonymous(m))
        .collect();
    let record = |m: &Cursor| {
        if anonymous(m) {
            return true;
        }
        m.ty().innermost_element().is_record()
    };
    if members.len() > 1 && members.iter().any(record) {
        return false;
    }
    let layouts: BTreeSet<(Option<u64>, Vec<Option<u64>>)> = members
        .iter()
        .map(|m| {
            let sizes = m.ty().array_sizes();
            let rows = sizes.get(1..).unwrap_or_default().to_vec();
            (elem_bytes(m.ty()), rows)
        })
        .collect();
    layouts.len() <= 1
}
