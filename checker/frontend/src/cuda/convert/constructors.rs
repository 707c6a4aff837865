//! User-written constructors as functions: the object being built is the
//! parameter `this` (a reference, as for a method), and the body starts
//! with the initialisation of the fields — from the member-initialiser
//! list (`: r(a), i(b)`) or the default member initialiser (`int n = 4;`)
//! — in the order the fields are declared (C++ [class.base.init]).
//!
//! What is not modelled runs as an opaque expression at the start of the
//! body (unsupported, reaching every array): base classes, delegating
//! constructors, initialisers of fields that are structs, arrays,
//! references, bit-fields or of a type a template parameter gives, and
//! default construction of a field whose class runs code of the user's.
//! The fields it would set stay unknown.

use super::*;

impl Converter<'_> {
    /// The statements that initialise the fields of the object before
    /// the body of constructor `ctor` runs.
    pub(super) fn member_initialisers(&self, ctor: Cursor) -> Vec<S> {
        let span = ctor.span();
        let class = ctor.semantic_parent();
        let name = class.spelling();
        if !matches!(
            class.kind(),
            CXCursor_StructDecl
                | CXCursor_ClassDecl
                | CXCursor_ClassTemplate
                | CXCursor_ClassTemplatePartialSpecialization
        ) {
            let what = format!("constructor of `{name}`, not a struct or class");
            return vec![opaque_statement(what, span)];
        }
        let mut out = Vec::new();
        if class.has_attr(CXCursor_CXXBaseSpecifier) {
            let what = format!("construction of the base classes of `{name}`");
            out.push(opaque_statement(what, span));
        }
        let mut listed = listed_initialisers(ctor, class, &mut out);
        for f in class.children() {
            if is_anonymous_record(f) {
                out.extend(self.anonymous_initialisers(f, &mut listed));
                continue;
            }
            if f.kind() != CXCursor_FieldDecl {
                continue;
            }
            out.extend(self.field_initialiser(f, &mut listed, &name, span));
        }
        // A listed member that is not a field of the class (an anonymous
        // union's, …).
        if !listed.is_empty() {
            let what = format!("initialiser of a member of `{name}`");
            out.push(opaque_statement(what, span));
        }
        out
    }

    /// The statement that initialises field `f` of class `name` (from
    /// its initialiser in `listed`, which it removes, or its default
    /// member initialiser): an assignment for a number or a pointer,
    /// opaque where the field is of another type, `None` where nothing
    /// initialises it.
    fn field_initialiser(
        &self,
        f: Cursor,
        listed: &mut BTreeMap<String, Cursor>,
        name: &str,
        span: semantics::surface::Span,
    ) -> Option<S> {
        let field = f.spelling();
        let init = listed.remove(&f.decl_key()).or_else(|| {
            let ch = f.children();
            let exprs: Vec<Cursor> = ch.into_iter().filter(|e| e.is_expression()).collect();
            // A bit-field's first expression is its width, an array's
            // first ones are the sizes its declarator writes.
            let skip = usize::from(f.is_bit_field()) + f.ty().written_dimensions();
            exprs.get(skip).copied()
        });
        let t = f.ty();
        // A number or a pointer: not a struct, array, reference, nor a
        // type that depends on a template parameter (`T r;` may be a
        // reference in an instance).
        let scalar =
            t.canonical().is_pointer() || t.int_type().is_some() || t.is_floating() || t.is_bool();
        let plain = scalar && !f.is_bit_field();
        match init {
            Some(e) if plain => Some(self.field_assignment(e, field, t)),
            Some(_) => {
                let what = format!("initialisation of field `{field}` of `{name}`");
                Some(opaque_statement(what, span))
            }
            None if t.runs_user_code(&constructs, 0) => {
                let what = format!("construction of field `{field}` of `{name}`");
                Some(opaque_statement(what, span))
            }
            None => None,
        }
    }

    /// The initialisers of the members of anonymous struct or union
    /// `record` (`: x(a)` for `union { struct { int x, y; }; };`), in the
    /// order of their declarations, as assignments through the anonymous
    /// members (`this->x` is `this->(anonymous).x`); those it lists are
    /// removed from `listed`.
    fn anonymous_initialisers(
        &self,
        record: Cursor,
        listed: &mut BTreeMap<String, Cursor>,
    ) -> Vec<S> {
        let mut out = Vec::new();
        for f in record.children() {
            if is_anonymous_record(f) {
                out.extend(self.anonymous_initialisers(f, listed));
                continue;
            }
            if f.kind() != CXCursor_FieldDecl {
                continue;
            }
            let Some(e) = listed.remove(&f.decl_key()) else {
                continue;
            };
            let t = f.ty();
            let scalar = t.canonical().is_pointer()
                || t.int_type().is_some()
                || t.is_floating()
                || t.is_bool();
            // Anything else stays listed: opaque, as a member of no field.
            let Ok(field) = field_name(f, f.spelling()) else {
                listed.insert(f.decl_key(), e);
                continue;
            };
            if !scalar || f.is_bit_field() {
                listed.insert(f.decl_key(), e);
                continue;
            }
            // As clang shows `this->x`: through the anonymous unions (by
            // their spelling), not the anonymous structs.
            let mut object = this_object(e.span());
            for r in anonymous_chain(f) {
                if r.kind() == CXCursor_UnionDecl {
                    let name = field_name(r, r.spelling()).unwrap_or_default();
                    object = E::new(EK::Member(Box::new(object), name, Shape::Record), e.span());
                }
            }
            out.push(self.assignment_to(e, object, field, t));
        }
        out
    }

    /// `this->field = e` for a field of type `t`, a number or a pointer.
    fn field_assignment(&self, e: Cursor, field: String, t: crate::cuda::clang::Type) -> S {
        self.assignment_to(e, this_object(e.span()), field, t)
    }

    /// `object.field = e` for a field of type `t`, a number or a pointer.
    fn assignment_to(&self, e: Cursor, object: E, field: String, t: crate::cuda::clang::Type) -> S {
        // `i{t}`: a number's braces hold its one value.
        let e = match e.children().as_slice() {
            [x] if e.kind() == CXCursor_InitListExpr && x.is_expression() => *x,
            _ => e,
        };
        let target = E::new(EK::Member(Box::new(object), field, type_shape(t)), e.span());
        let value = self.expr(e);
        let assign = E::typed(
            EK::Assign(None, Box::new(target), Box::new(value)),
            e.span(),
            t.int_type(),
        );
        S {
            kind: SK::Expr(assign),
            span: e.span(),
        }
    }
}

/// An anonymous struct or union declared in a class (`union { … };`):
/// its members are members of the class.
fn is_anonymous_record(d: Cursor) -> bool {
    matches!(
        d.kind(),
        CXCursor_StructDecl | CXCursor_UnionDecl | CXCursor_ClassDecl
    ) && unsafe { clang_Cursor_isAnonymousRecordDecl(d.0) } != 0
}

/// Is field `f` a member of `class`, directly or through anonymous
/// structs and unions?
fn member_of(f: Cursor, class: Cursor) -> bool {
    let mut p = f.semantic_parent();
    for _ in 0..8 {
        if p.decl_key() == class.decl_key() {
            return true;
        }
        if !is_anonymous_record(p) {
            return false;
        }
        p = p.semantic_parent();
    }
    false
}

/// The anonymous records between field `f` and its class, outermost
/// first.
fn anonymous_chain(f: Cursor) -> Vec<Cursor> {
    let mut chain = Vec::new();
    let mut p = f.semantic_parent();
    while is_anonymous_record(p) && chain.len() < 8 {
        chain.push(p);
        p = p.semantic_parent();
    }
    chain.reverse();
    chain
}

/// An expression statement of what is not modelled (unsupported, reaching
/// every array), at the constructor (`span`).
fn opaque_statement(what: String, span: semantics::surface::Span) -> S {
    let e = E::new(EK::Opaque(what), span);
    S {
        kind: SK::Expr(e),
        span,
    }
}

/// The member-initialiser list `: f(e), …` of constructor `ctor` of
/// `class`: each field (by key) and its expression.  An initialiser of
/// anything else (a member of another class, a base class, a delegated
/// constructor) is an opaque statement in `out`.
fn listed_initialisers(ctor: Cursor, class: Cursor, out: &mut Vec<S>) -> BTreeMap<String, Cursor> {
    let (span, name) = (ctor.span(), class.spelling());
    let mut listed: BTreeMap<String, Cursor> = BTreeMap::new();
    let mut member: Option<Cursor> = None;
    for k in ctor.children() {
        match k.kind() {
            CXCursor_MemberRef => member = Some(k.referenced()),
            _ if k.is_expression() => match member.take() {
                Some(f) if !f.is_null() && member_of(f, class) => {
                    listed.insert(f.decl_key(), k);
                }
                Some(f) => {
                    let what = format!("initialiser of member `{}` of `{name}`", f.spelling());
                    out.push(opaque_statement(what, span));
                }
                // `: Base(x)` or `: S(x, 0)` (a delegating constructor).
                None => {
                    let what =
                        format!("initialiser of a base or delegated constructor of `{name}`");
                    out.push(opaque_statement(what, span));
                }
            },
            _ => {}
        }
    }
    listed
}

/// Does running constructor `ctor` of a library class touch no memory?
/// Its body is empty, it has no member or base initialisers, and neither
/// its class nor any base class has a data member (so no default member
/// initialiser runs either) or a constructor that does something
/// (`cooperative_groups::thread_block_tile`'s conversion from a tile of
/// another parent type).
pub(super) fn does_nothing(ctor: Cursor) -> bool {
    if ctor.kind() != CXCursor_Constructor || !ctor.in_library() {
        return false;
    }
    let d = ctor.definition();
    if d.is_null() {
        return false;
    }
    empty_body(d) && dataless(ctor.semantic_parent(), 0)
}

/// A constructor definition with an empty body and no initialisers.
fn empty_body(d: Cursor) -> bool {
    let ch = d.children();
    let body = ch
        .iter()
        .filter(|k| k.kind() == CXCursor_CompoundStmt)
        .all(|k| k.children().is_empty());
    let inits = ch
        .iter()
        .any(|k| k.is_expression() || k.kind() == CXCursor_MemberRef);
    body && !inits && ch.iter().any(|k| k.kind() == CXCursor_CompoundStmt)
}

/// A class without data members, whose bases are such classes and whose
/// constructors (with a body) do nothing.
fn dataless(class: Cursor, depth: usize) -> bool {
    if depth > 8 || class.is_null() {
        return false;
    }
    // An instance of a class template shows its members in the template
    // (an explicit specialization in itself: both are checked).
    let t = class.template_of();
    let own = class.children().into_iter();
    let template = if t.is_null() { vec![] } else { t.children() };
    own.chain(template).all(|k| match k.kind() {
        CXCursor_FieldDecl => false,
        CXCursor_Constructor if k.is_definition() => empty_body(k),
        CXCursor_CXXBaseSpecifier => {
            let base = k.ty().canonical().declaration();
            dataless(base, depth + 1)
        }
        _ => true,
    })
}
