//! Partial input: a file with compile errors still yields the kernels
//! whose code parsed cleanly.  libclang recovers from errors; a kernel is
//! *touched* by an error inside its body or the body of a function it
//! calls (or in a file-scope declaration), and a touched kernel is
//! `unknown`, with the error as an unsupported construct (never DRF).
//! Errors that touch no kernel are warnings.

use super::ast::{Func, RefKind, Unit, EK};
use super::clang;
use crate::Diagnostic;
use mapcheck_ir::kernel::{Unsupported, UnsupportedKind};
use semantics::surface::Span;
use std::collections::BTreeSet;
use std::path::Path;

/// The kernel and every function with a body it calls (transitively):
/// by name, and through a pointer — every function of the pointer's type
/// (the inference inlines those, `Unit::functions_of_type`) and every
/// function named as a value — and every kernel of the name of one it
/// launches in device code (what the parent assumes of its child is read
/// from the child's code, `infer/device_launches.rs`).
pub fn reachable<'u>(unit: &'u Unit, kernel: &'u Func) -> Vec<&'u Func> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let mut todo = vec![kernel.key.clone()];
    while let Some(key) = todo.pop() {
        if !seen.insert(key.clone()) {
            continue;
        }
        let Some(f) = unit.func(&key) else { continue };
        super::infer::visit_stmt(&f.body, &mut |e| match &e.kind {
            EK::Call(c, _) => {
                todo.extend(c.key.clone());
                let through_pointer = c.pointer.is_some() || c.signature.is_some();
                if c.key.is_none() && !c.library && through_pointer {
                    let targets = unit.functions_of_type(c.signature.as_deref());
                    todo.extend(targets.map(|g| g.key.clone()));
                }
                if let Some(l) = &c.launch {
                    let named =
                        |g: &&Func| g.is_kernel && g.name.split('<').next() == Some(&l.kernel);
                    todo.extend(unit.funcs.iter().filter(named).map(|g| g.key.clone()));
                }
            }
            EK::Var(_, key, RefKind::Function) => todo.push(key.clone()),
            _ => {}
        });
        out.push(f);
    }
    out
}

/// Withholds the host facts of every launch whose host function holds an
/// error (or of every launch, when an error has no position): clang's
/// tree of such a function may lack a statement it could not parse — an
/// assignment that changes a value a fact reads, an exit, a loop — and a
/// fact is used only when the code that establishes it is understood.
pub fn withhold_facts(unit: &mut Unit, errors: &[clang::Diagnostic], main: &Path) {
    for l in unit.launches.iter_mut() {
        if l.facts.is_empty() {
            continue;
        }
        let hit = errors.iter().find(|e| match &l.host_fn {
            _ if e.line == 0 => true,
            None => true,
            Some((file, span)) => {
                same_file(
                    file.as_deref().unwrap_or(main),
                    e.file.as_deref().unwrap_or(main),
                ) && span.line <= e.line
                    && e.line <= span.end_line.max(span.line)
            }
        });
        if let Some(e) = hit {
            l.facts.clear();
            l.facts_withheld = Some(format!(
                "no fact of the host code at the launch at line {}: clang could not compile all of the function it is in ({}), so a statement that changes what they read may be missing",
                l.span.line, e.text
            ));
        }
    }
}

/// Does error `e` lie in one of `funcs` or in a file-scope declaration?
/// Each is compared in the line space of its own file (a header's global
/// at line 12 is not the main file's line 12).  An error without a
/// position touches nothing: a kernel whose code holds no error is what
/// clang understood of it.
pub fn touches(e: &clang::Diagnostic, funcs: &[&Func], unit: &Unit, main: &Path) -> bool {
    if e.line == 0 {
        return false;
    }
    let file = e.file.as_deref().unwrap_or(main);
    let inside = |span: &Span, in_file: Option<&Path>| {
        same_file(in_file.unwrap_or(main), file)
            && span.line <= e.line
            && e.line <= span.end_line.max(span.line)
    };
    funcs.iter().any(|f| inside(&f.span, f.file.as_deref()))
        || unit
            .globals
            .iter()
            .any(|g| inside(&g.span, g.file.as_deref()))
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || a.file_name().is_some_and(|n| Some(n) == b.file_name()) && a.ends_with(b)
        || b.ends_with(a)
}

/// The error as an unsupported construct of a kernel written in `file`.
pub fn unsupported(e: &clang::Diagnostic, file: &Path) -> Unsupported {
    let here = e.file.as_deref().is_none_or(|f| same_file(f, file));
    let first = message(e);
    Unsupported {
        span: if here {
            Span::point(e.line, e.col)
        } else {
            Span::default()
        },
        what: format!("code that does not compile ({first})"),
        kind: UnsupportedKind::DoesNotCompile,
    }
}

/// An error that touches no kernel, as a warning.
pub fn warning(e: &clang::Diagnostic, main: &Path) -> Diagnostic {
    let file = e.file.as_deref().unwrap_or(main);
    Diagnostic::warning(format!(
        "this does not compile, but no kernel uses it (the kernels were checked): {}",
        message(e)
    ))
    .in_file(file)
    .at(Span::point(e.line, e.col))
}

/// The note on a header that was not found and was read as an empty
/// stand-in ([`clang::MissingHeader`]), at its `#include`.
pub fn stand_in_warning(m: &clang::MissingHeader, main: &Path) -> Diagnostic {
    let including = m.file.as_deref().unwrap_or(main);
    let hint = super::header_hints::hint(&m.name, including).unwrap_or_default();
    Diagnostic::warning(format!(
        "`{}` not found: read as an empty file (what it declares is undeclared; a kernel \
         whose code uses it is unknown){hint}",
        m.name
    ))
    .in_file(including)
    .at(Span::point(m.line, m.col))
}

/// What the verdict of a kernel of a file with a missing header rests
/// on: the header could also change the meaning of code that compiles
/// without it (a macro tested by `#ifdef`, a better overload).
pub fn stand_in_assumption(m: &clang::MissingHeader) -> String {
    format!(
        "the missing header `{}` changes the meaning of no code this kernel runs (it was read as an empty file)",
        m.name
    )
}

/// clang's message without the position it starts with (`k.cu:3:5: error: `).
fn message(e: &clang::Diagnostic) -> &str {
    let first = e.text.lines().next().unwrap_or_default();
    first
        .split_once(" error: ")
        .map_or(first, |(_, m)| m)
        .trim()
}

/// Does the text declare a kernel: the word `__global__` outside comments
/// and literals?  A file whose errors leave no kernel to find although it
/// declares one lost its kernels to the errors.
pub fn declares_kernel(source: &str) -> bool {
    code_words(source).any(|w| w == "__global__")
}

/// The identifiers of C++ text `source`, comments and string and
/// character literals left out.
fn code_words(source: &str) -> impl Iterator<Item = &str> {
    let bytes = source.as_bytes();
    let mut words = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            i += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        } else if rest.starts_with(b"/*") {
            i += 2 + rest[2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(rest.len(), |p| p + 2);
        } else if rest[0] == b'"' || rest[0] == b'\'' {
            i += literal_len(rest);
        } else if rest[0].is_ascii_alphabetic() || rest[0] == b'_' {
            let n = rest
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                .count();
            words.push(&source[i..i + n]);
            i += n;
        } else {
            i += 1;
        }
    }
    words.into_iter()
}

/// The length of the literal `text` starts with (its quote to the
/// matching one, escapes skipped; the rest of the line if unterminated).
fn literal_len(text: &[u8]) -> usize {
    let quote = text[0];
    let mut k = 1;
    while k < text.len() && text[k] != quote && text[k] != b'\n' {
        k += if text[k] == b'\\' { 2 } else { 1 };
    }
    (k + 1).min(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kernel_is_declared_only_in_code() {
        assert!(declares_kernel("__global__ void k(int *a {"));
        assert!(declares_kernel("#define K __global__\nK void k();"));
        assert!(!declares_kernel("// __global__ in a comment\nint main();"));
        assert!(!declares_kernel(
            "/* __global__ */ const char *s = \"__global__\";"
        ));
        assert!(!declares_kernel("char c = '\\''; int __global__x;"));
        assert!(!declares_kernel(
            "const char *s = \"unterminated __global__"
        ));
    }

    fn error(line: u32) -> clang::Diagnostic {
        clang::Diagnostic {
            file: Some("k.cu".into()),
            line,
            col: 3,
            text: format!("k.cu:{line}:3: error: use of undeclared identifier 'X'"),
            is_error: true,
        }
    }

    #[test]
    fn an_error_touches_the_kernels_whose_code_holds_it() {
        let unit = Unit::default();
        let f = Func {
            name: "k".into(),
            key: "k".into(),
            params: vec![],
            body: super::super::ast::S {
                kind: super::super::ast::SK::Null,
                span: Span::default(),
            },
            is_kernel: true,
            span: Span {
                line: 5,
                col: 1,
                end_line: 9,
                end_col: 2,
            },
            in_main_file: true,
            library: false,
            file: Some("k.cu".into()),
            offset: 0,
            signature: None,
        };
        let main = Path::new("k.cu");
        assert!(touches(&error(7), &[&f], &unit, main));
        assert!(!touches(&error(12), &[&f], &unit, main));
        assert!(
            !touches(&error(0), &[&f], &unit, main),
            "no position: nowhere"
        );
        let u = unsupported(&error(7), main);
        assert_eq!(
            u.what,
            "code that does not compile (use of undeclared identifier 'X')"
        );
        assert_eq!(u.span.line, 7);
        let w = warning(&error(12), main);
        assert!(w.message.ends_with("use of undeclared identifier 'X'"));
    }
}
