#![allow(non_upper_case_globals)]
//! Kernels named in code that clang could not compile.
//!
//! With partial input (`partial.rs`, `docs/cuda-model.md`) a host
//! function with errors stays in the unit, but what clang could not parse
//! is missing from its syntax tree.  A launch written there is not among
//! the unit's launches, and the launches that are seen would fix
//! dimensions and arguments the kernel is also launched without
//! (`launches::configure`).  So in every file of the user's that has an
//! error, each identifier token spelled like a kernel must be a node of
//! the tree (its declaration or a reference at that position).  A mention
//! that is not one (in code clang dropped, or in a macro's body) makes the
//! kernel *escape*, as a kernel named by a function pointer does: its
//! launches fix nothing.  A file without errors is whole in the tree.

use super::ast::Unit;
use super::clang::{self, Cursor, Tu};
use clang_sys::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A kernel mentioned where the syntax tree does not show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostMention {
    /// The kernel's definition keys (overloads and templates share a name).
    pub keys: Vec<String>,
    pub name: String,
    pub file: PathBuf,
    pub line: u32,
}

/// Nodes deeper than this are not visited (their mentions stay lost,
/// which only makes kernels escape).
const MAX_DEPTH: usize = 512;

/// The kernels of `unit` mentioned, in a file of `errors` (or in `main`
/// when an error has no position), where the tree of `tu` has no node.
pub fn lost(tu: &Tu, unit: &Unit, errors: &[clang::Diagnostic], main: &Path) -> Vec<LostMention> {
    let names = kernel_names(unit);
    if names.is_empty() || errors.is_empty() {
        return Vec::new();
    }
    let files: BTreeSet<PathBuf> = errors
        .iter()
        .map(|e| match (&e.file, e.line) {
            (Some(f), l) if l > 0 => f.clone(),
            _ => main.to_path_buf(),
        })
        .filter(|f| !f.to_string_lossy().starts_with("/mapcheck-"))
        .collect();
    let seen = tree_mentions(tu.root(), &names);
    let mut out = Vec::new();
    for file in files {
        for (name, offset, line) in tu.identifiers_in(&file) {
            let Some(keys) = names.get(&name) else {
                continue;
            };
            if !seen.contains(&(file.clone(), offset)) {
                out.push(LostMention {
                    keys: keys.clone(),
                    name,
                    file: file.clone(),
                    line,
                });
            }
        }
    }
    out
}

/// The user's kernels by the name written in the source (a template's
/// without its arguments), with their definition keys.
fn kernel_names(unit: &Unit) -> BTreeMap<String, Vec<String>> {
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in unit.funcs.iter().filter(|f| f.is_kernel && !f.library) {
        let base = f.name.split('<').next().unwrap_or(&f.name).to_string();
        names.entry(base).or_default().push(f.key.clone());
    }
    names
}

/// The positions (file, byte offset) of the tree's nodes spelled like one
/// of `names`, at their expansion and at their spelling locations.
fn tree_mentions(root: Cursor, names: &BTreeMap<String, Vec<String>>) -> BTreeSet<(PathBuf, u32)> {
    let mut out = BTreeSet::new();
    let mut todo: Vec<(Cursor, usize)> = root
        .children()
        .into_iter()
        .filter(|c| !c.in_library())
        .map(|c| (c, 0))
        .collect();
    while let Some((c, depth)) = todo.pop() {
        if names.contains_key(&c.spelling()) || c.kind() == CXCursor_OverloadedDeclRef {
            for (file, offset) in c.locations() {
                out.extend(file.map(|f| (f, offset)));
            }
        }
        if depth < MAX_DEPTH {
            todo.extend(c.children().into_iter().map(|k| (k, depth + 1)));
        }
    }
    out
}

/// The note printed with a kernel whose launches fix nothing because of
/// a lost mention.
pub fn note(m: &LostMention) -> String {
    format!(
        "`{}` is named at {}:{} in code clang could not compile, so a launch may be \
         there: the launches seen fix no dimension or argument",
        m.name,
        m.file.display(),
        m.line
    )
}
