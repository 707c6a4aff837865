//! Where a kernel is defined, for the reports of verdicts that have no
//! location of their own (a solver timeout concerns a whole array of a
//! kernel, not one statement): pointing at the kernel's name is what the
//! reader needs, where line 1 of the file would point at nothing
//! (`docs/formats.md`, "SARIF and CSV").  Only presentation reads this:
//! no verdict depends on it.

use mapcheck_ir::kernel::Scope;
use semantics::surface::Span;

/// How far before a kernel's name `__global__` may stand (attributes,
/// launch bounds, a return type and a template header fit).
const DECLARATION_REACH: usize = 400;

/// The span of the name of CUDA kernel `kernel` (as reports name it: `k`,
/// `k (across blocks)`, `reduce<int, 256>`) where `source` defines it:
/// the first whole-word occurrence of the name followed by `(` or `<`
/// with `__global__` before it in the same declaration.  `None` when there
/// is none (a `.proto` or `.bcu` file, a kernel from a header).
pub fn kernel_span(source: &str, kernel: &str) -> Option<Span> {
    let name = base_name(kernel);
    if name.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(found) = source[from..].find(name) {
        let at = from + found;
        from = at + name.len();
        if is_definition(source, at, name) {
            return Some(span_at(source, at, name));
        }
    }
    None
}

/// The identifier of a kernel as reports name it: without the scope's
/// suffix and template arguments.
fn base_name(kernel: &str) -> &str {
    let across = Scope::AcrossBlocks.suffix();
    let name = kernel.strip_suffix(across).unwrap_or(kernel);
    name.split('<').next().unwrap_or(name).trim()
}

fn is_identifier_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Is the occurrence of `name` at byte `at` the name of a `__global__`
/// function: a whole word, followed by `(` or `<`, and preceded in the
/// same declaration (no `;`, `{` or `}` in between) by `__global__`?
fn is_definition(source: &str, at: usize, name: &str) -> bool {
    let bytes = source.as_bytes();
    let before = at.checked_sub(1).map(|k| bytes[k]);
    let end = at + name.len();
    if before.is_some_and(is_identifier_byte)
        || bytes.get(end).is_some_and(|&b| is_identifier_byte(b))
    {
        return false;
    }
    let next = source[end..].trim_start().bytes().next();
    if !matches!(next, Some(b'(' | b'<')) {
        return false;
    }
    let mut start = at.saturating_sub(DECLARATION_REACH);
    while !source.is_char_boundary(start) {
        start += 1;
    }
    let head = &source[start..at];
    let declaration = head.rsplit([';', '{', '}']).next().unwrap_or(head);
    declaration.contains("__global__")
}

/// The 1-based span (columns in characters) of `name` at byte `at`.
fn span_at(source: &str, at: usize, name: &str) -> Span {
    let line_start = source[..at].rfind('\n').map_or(0, |k| k + 1);
    let line = source[..at].matches('\n').count() as u32 + 1;
    let col = source[line_start..at].chars().count() as u32 + 1;
    Span {
        line,
        col,
        end_line: line,
        end_col: col + name.chars().count() as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "// k is mentioned here: k(…)\n\
                          __device__ int k2(int x) { return x; }\n\
                          void host() { k<<<1, 32>>>(nullptr); }\n\
                          template <int N>\n\
                          __global__ void\n  k(int *A) { A[threadIdx.x] = k2(0); }\n";

    #[test]
    fn the_name_of_the_global_definition_is_found() {
        let s = kernel_span(SOURCE, "k").expect("found");
        assert_eq!((s.line, s.col, s.end_line, s.end_col), (6, 3, 6, 4));
        let across = kernel_span(SOURCE, "k (across blocks)").expect("found");
        assert_eq!(across, s);
        assert_eq!(kernel_span(SOURCE, "k<4>"), Some(s));
    }

    #[test]
    fn mentions_calls_and_device_functions_are_not_definitions() {
        assert_eq!(kernel_span(SOURCE, "k2"), None);
        assert_eq!(kernel_span(SOURCE, "host"), None);
        assert_eq!(kernel_span("rd A[tid];", "listing"), None);
        assert_eq!(kernel_span(SOURCE, ""), None);
    }
}
