#![allow(non_upper_case_globals)]
//! Library functions and implicit members, as the converter recognises
//! them: the CUDA and C headers' functions (a user's redeclaration of one is
//! that function), defaulted copy constructors that copy members without
//! user code, and the surface functions the inference models itself.

use super::clang::Cursor;
use clang_sys::*;
use std::collections::HashSet;

/// A function's qualified name and the canonical spellings of its
/// parameter types.
pub type Signature = (String, Vec<String>);

/// `surf1Dwrite`, `surf2DLayeredread` …: the surface functions of the
/// CUDA headers, which read or write surface memory (modelled by the
/// inference, not by their declarations).
pub fn is_surface_function(name: &str) -> bool {
    name.starts_with("surf") && (name.ends_with("write") || name.ends_with("read"))
}

/// A texture fetch of the CUDA headers (`tex1Dfetch`, `tex2D`,
/// `tex2DLayered`, `texCubemap`, `tex2Dgather`, …).
pub fn is_texture_fetch(name: &str) -> bool {
    name.strip_prefix("tex").is_some_and(|rest| {
        ["1D", "2D", "3D", "Cubemap"]
            .iter()
            .any(|d| rest.starts_with(d))
    })
}

/// The size of the element a surface call moves: its first argument's
/// (the written value, or the pointee of `T *ret`), or the call's own
/// type for the form that returns the value read.
pub(super) fn surface_element_bytes(name: &str, call: Cursor) -> Option<u64> {
    let first = (call.num_args() > 0).then(|| call.arg(0).ty());
    let ty = match first {
        Some(t) if name.ends_with("write") => t,
        Some(t) if t.is_pointer() => t.pointee(),
        _ => call.ty(),
    };
    ty.size_of()
}

/// The signature of a function or function template declaration.
pub(super) fn signature(f: Cursor) -> Signature {
    let params = f
        .parameters()
        .into_iter()
        .map(|p| p.ty().canonical().spelling())
        .collect();
    (qualified_name(f), params)
}

/// `f`'s name with the namespaces and classes around it (`my::__syncthreads`,
/// `cooperative_groups::sync`; `extern "C"` blocks add nothing): a user's
/// function in a namespace of its own is not the library's function of
/// the same name.
fn qualified_name(f: Cursor) -> String {
    let mut name = f.spelling();
    let mut scope = f.semantic_parent();
    for _ in 0..16 {
        match scope.kind() {
            CXCursor_Namespace
            | CXCursor_StructDecl
            | CXCursor_ClassDecl
            | CXCursor_ClassTemplate
            | CXCursor_UnionDecl => {
                name = format!("{}::{name}", scope.spelling());
            }
            CXCursor_LinkageSpec => {}
            _ => break,
        }
        scope = scope.semantic_parent();
    }
    name
}

/// Every function declared in a library header, in namespaces and (as
/// friends) in records too.
pub(super) fn collect_library_functions(c: Cursor, depth: usize, out: &mut HashSet<Signature>) {
    if depth > 6 {
        return;
    }
    for d in c.children() {
        match d.kind() {
            CXCursor_FunctionDecl | CXCursor_FunctionTemplate if d.in_library() => {
                out.insert(signature(d));
            }
            CXCursor_Namespace | CXCursor_StructDecl | CXCursor_ClassDecl | CXCursor_FriendDecl
            | CXCursor_LinkageSpec
                if d.in_library() =>
            {
                collect_library_functions(d, depth + 1, out)
            }
            _ => {}
        }
    }
}

/// The members of a defaulted copy constructor's class copy without
/// running code of the user's: every field and base of record type has a
/// defaulted copy constructor in turn (bounded depth; deeper is `false`).
pub(super) fn members_copy_trivially(ctor: Cursor) -> bool {
    fn record_copies_trivially(record: Cursor, depth: usize) -> bool {
        if depth > 8 {
            return false;
        }
        record.children().into_iter().all(|m| match m.kind() {
            CXCursor_Constructor => !m.is_copy_or_move_ctor() || m.is_defaulted_copy(),
            CXCursor_FieldDecl | CXCursor_CXXBaseSpecifier => {
                let t = m.ty().innermost_element();
                !t.is_record() || record_copies_trivially(t.declaration(), depth + 1)
            }
            _ => true,
        })
    }
    record_copies_trivially(ctor.semantic_parent(), 0)
}
