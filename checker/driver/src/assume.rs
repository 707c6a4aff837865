//! `--assume EXPR` (`docs/command-line.md`): a precondition given on the
//! command line instead of written in the kernel.  It is written into the
//! kernel — `__requires(EXPR);` right after the opening brace of each
//! selected kernel of the file, on the same line, so that no other line
//! moves — and the edited text is what the front end reads.  So the
//! expression means exactly what it would mean in the kernel (C's types
//! and conversions, the kernel's parameter names), and a name the kernel
//! does not have is clang's error, reported as an error of `--assume`.

use crate::suggest::edit::after_brace;
use crate::suggest::tokens::{tokens, ASSIGNMENTS};
use mapcheck_core::kernel::{Kernel, UnsupportedKind};
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{decode_source, load_bytes_with, Diagnostic};
use std::path::Path;

/// The text of `path` with the assumptions written into its kernels.
pub struct Assumed {
    pub bytes: Vec<u8>,
    /// The lines the assumptions are on.
    pub lines: Vec<u32>,
    /// Kernels they could not be written into (written in a header).
    pub warnings: Vec<Diagnostic>,
}

/// The text of `path` with the assumptions written into its kernels;
/// `bytes` unchanged without `--assume`.
pub fn apply(
    path: &Path,
    bytes: Vec<u8>,
    cli: &Flags,
    extra_args: &[String],
) -> Result<Assumed, Diagnostic> {
    let mut out = Assumed {
        bytes,
        lines: Vec::new(),
        warnings: Vec::new(),
    };
    if cli.assume.is_empty() {
        return Ok(out);
    }
    let is_cuda = !matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("proto" | "bcu")
    );
    if !is_cuda {
        let m = "--assume states a C condition of a CUDA kernel; in a protocol write `assume …;`";
        return Err(Diagnostic::error(m).in_file(path));
    }
    if let Some(e) = cli
        .assume
        .iter()
        .find_map(|e| malformed(e).map(|why| (e, why)))
    {
        let m = format!("--assume '{}': {}", e.0, e.1);
        return Err(Diagnostic::error(m).in_file(path));
    }
    let plain = Flags {
        assume: Vec::new(),
        suggest: false,
        ..cli.clone()
    };
    let loaded = load_bytes_with(path, &out.bytes, &plain, extra_args)?;
    let mut bodies = Vec::new();
    for k in &loaded.kernels {
        if k.file != path || k.body == Default::default() {
            // Once per kernel, not per scope.
            if k.threads.scope() == Some(mapcheck_core::kernel::Scope::AcrossBlocks) {
                continue;
            }
            let m = format!(
                "--assume is not applied to kernel `{}`: it is written in {}, not in this file (state the condition with `__requires(…)` in it)",
                k.name,
                k.file.display()
            );
            out.warnings.push(Diagnostic::warning(m).in_file(path));
            continue;
        }
        if !bodies.contains(&k.body) {
            bodies.push(k.body);
        }
    }
    // From the last brace to the first, so that an edit does not move the
    // braces still to edit.
    bodies.sort_by_key(|b| std::cmp::Reverse((b.line, b.col)));
    let stmt: String = cli
        .assume
        .iter()
        .map(|e| format!("__requires({e});"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut text = decode_source(&out.bytes);
    for b in &bodies {
        text = after_brace(&text, *b, &stmt).ok_or_else(|| {
            Diagnostic::error("--assume: the kernel's body could not be located").in_file(path)
        })?;
    }
    out.bytes = text.into_bytes();
    out.lines = bodies.iter().map(|b| b.line).collect();
    Ok(out)
}

/// Why `e` is not one C condition over the kernel's parameters and
/// launch, as far as its text shows: it must not leave the parentheses
/// of `__requires(…)` or its line, hold a comment, a string or a
/// character, assign or step a variable, or name a thread's own index
/// (an assumption about every thread at once is a precondition; one
/// about `threadIdx` would drop threads).  Whether it is a condition of
/// the kernel (its names, its types) is clang's to say, on the kernel.
fn malformed(e: &str) -> Option<&'static str> {
    if e.trim().is_empty() {
        return Some("an empty condition");
    }
    if e.contains(['\n', '\r', ';', '{', '}', '"', '\'', '#', '\\'])
        || e.contains("//")
        || e.contains("/*")
    {
        return Some(
            "not one condition: a line break, `;`, a brace, a string, a comment or a directive",
        );
    }
    let toks = tokens(e);
    let mut depth = 0i32;
    for t in &toks {
        depth += match t.as_str() {
            "(" => 1,
            ")" => -1,
            _ => 0,
        };
        if depth < 0 {
            return Some("a `)` closes more than the condition opened");
        }
    }
    if depth != 0 {
        return Some("unbalanced parentheses");
    }
    if toks
        .iter()
        .any(|t| ASSIGNMENTS.contains(&t.as_str()) || t == ",")
    {
        return Some("it assigns or steps a variable (or is a comma expression)");
    }
    if toks
        .iter()
        .any(|t| t.starts_with("threadIdx") || t.starts_with("blockIdx"))
    {
        return Some("it names threadIdx or blockIdx: a precondition is about the parameters and the launch, the same for every thread");
    }
    None
}

/// An error for the first kernel whose code does not compile on a line an
/// assumption was written on: the expression is not a C condition of that
/// kernel (a misspelt name, a syntax error).
pub fn not_compiled(
    path: &Path,
    cli: &Flags,
    lines: &[u32],
    kernels: &[Kernel],
) -> Option<Diagnostic> {
    let (k, bad) = kernels.iter().find_map(|k| {
        let bad = k
            .unsupported
            .iter()
            .find(|u| u.kind == UnsupportedKind::DoesNotCompile && lines.contains(&u.span.line))?;
        Some((k, bad))
    })?;
    let m = format!(
        "--assume '{}': not a condition of kernel `{}` ({}); --kernel NAME selects the kernels it is about",
        cli.assume.join("' --assume '"),
        k.name,
        bad.what
    );
    Some(Diagnostic::error(m).in_file(path))
}

#[cfg(test)]
mod tests {
    use super::malformed;

    #[test]
    fn an_assumption_is_one_condition_and_cannot_leave_its_parentheses() {
        for ok in [
            "n >= 0",
            "width >= gridDim.x * blockDim.x",
            "(n % 32) == 0 && m > 1",
            "n != 0",
        ] {
            assert_eq!(malformed(ok), None, "{ok}");
        }
        for bad in [
            "1); if (threadIdx.x) return; (void)(1",
            "(n = 0) == 0",
            "n = 1000",
            "n++ > 0",
            "threadIdx.x == 0",
            "\"abc\"",
            "n >= 0); (void)(0",
            "n > 0 // c",
            "n >= blockDim.x\n",
            "n > 0)",
            "(n > 0",
            "",
            "a, b",
            "n > 0 /* x",
        ] {
            assert!(malformed(bad).is_some(), "{bad}");
        }
    }
}
