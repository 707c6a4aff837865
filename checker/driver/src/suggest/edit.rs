//! Edits of a file's text in memory, for a suggestion to be checked on the
//! very text it proposes: a statement after a kernel's opening brace (a
//! `__requires`, `--assume`) or on a line of its own before a line (a
//! barrier).  And the integer literals of a kernel's body, from which
//! candidate block sizes are drawn.

use semantics::surface::Span;

/// The byte offset of a 1-based line and byte column.
fn offset(text: &str, line: u32, col: u32) -> Option<usize> {
    let start = line_start(text, line)?;
    let at = start + (col as usize).checked_sub(1)?;
    (at <= text.len()).then_some(at)
}

/// The byte offset where 1-based `line` starts.
fn line_start(text: &str, line: u32) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let mut start = 0;
    for _ in 1..line {
        start += text[start..].find('\n')? + 1;
    }
    Some(start)
}

/// `text` with ` stmt` right after the `{` at `body` (a kernel's opening
/// brace), on the same line so that no later line moves; `None` when
/// there is no `{` there.
pub fn after_brace(text: &str, body: Span, stmt: &str) -> Option<String> {
    let at = offset(text, body.line, body.col)?;
    if text.as_bytes().get(at) != Some(&b'{') {
        return None;
    }
    let mut out = String::with_capacity(text.len() + stmt.len() + 1);
    out.push_str(&text[..=at]);
    out.push(' ');
    out.push_str(stmt);
    out.push_str(&text[at + 1..]);
    Some(out)
}

/// `text` with `stmt` on a line of its own before 1-based `line`,
/// indented like it; `None` when the text has no such line.
pub fn before_line(text: &str, line: u32, stmt: &str) -> Option<String> {
    let start = line_start(text, line)?;
    if start >= text.len() {
        return None;
    }
    let indent: String = text[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let mut out = String::with_capacity(text.len() + indent.len() + stmt.len() + 1);
    out.push_str(&text[..start]);
    out.push_str(&indent);
    out.push_str(stmt);
    out.push('\n');
    out.push_str(&text[start..]);
    Some(out)
}

/// Walks the body whose `{` is at byte `start`, calling `code` at each
/// byte of code outside comments, strings and character literals (it
/// returns where to go on from, for a token it read whole), up to the
/// matching `}`, whose offset it returns (`None`: the text ends first).
fn walk_body(b: &[u8], start: usize, mut code: impl FnMut(usize) -> usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'/' if b.get(i + 1) == Some(&b'/') => i = skip_to(b, i, b"\n"),
            b'/' if b.get(i + 1) == Some(&b'*') => i = skip_to(b, i + 2, b"*/"),
            b'"' | b'\'' => i = skip_quoted(b, i),
            _ => {
                i = code(i);
                continue;
            }
        }
        i += 1;
    }
    None
}

/// The 1-based lines of the body that opens at `body`: its `{` and its
/// matching `}` (comments, strings and characters skipped).
pub fn body_lines(text: &str, body: Span) -> Option<(u32, u32)> {
    let start = offset(text, body.line, body.col)?;
    let end = walk_body(text.as_bytes(), start, |i| i + 1)?;
    Some((body.line, text[..end].matches('\n').count() as u32 + 1))
}

/// The decimal and hexadecimal integer literals of the body that opens at
/// `body`, up to its matching `}` (comments, strings and character
/// literals skipped), in order of first appearance, each once.
pub fn literals(text: &str, body: Span) -> Vec<u64> {
    let Some(start) = offset(text, body.line, body.col) else {
        return Vec::new();
    };
    let b = text.as_bytes();
    let mut out = Vec::new();
    walk_body(b, start, |i| {
        if !b[i].is_ascii_digit() || (i > 0 && is_ident(b[i - 1])) {
            return i + 1;
        }
        let end = (i..b.len()).find(|&j| !is_ident(b[j])).unwrap_or(b.len());
        if let Some(v) = literal(&text[i..end]) {
            if !out.contains(&v) {
                out.push(v);
            }
        }
        end
    });
    out
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.'
}

/// The index of the last byte of the first `end` at or after `from`.
fn skip_to(b: &[u8], from: usize, end: &[u8]) -> usize {
    (from..b.len())
        .find(|&j| b[j..].starts_with(end))
        .map_or(b.len(), |j| j + end.len() - 1)
}

/// The index of the closing quote of the literal opening at `i`.
fn skip_quoted(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q && b[j] != b'\n' {
        j += if b[j] == b'\\' { 2 } else { 1 };
    }
    j
}

/// The value of an integer literal token (`256`, `0x100`, `32u`).
fn literal(token: &str) -> Option<u64> {
    let t = token.trim_end_matches(['u', 'U', 'l', 'L']);
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => t.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: &str = "__global__ void k(int n) {\n  s[t] = 1;\n  r = s[t + 1];\n}\n";

    #[test]
    fn a_statement_goes_after_the_brace_and_no_line_moves() {
        let body = Span::point(1, 26);
        let out = after_brace(K, body, "__requires(n >= 0);").expect("a brace");
        assert_eq!(
            out.lines().next(),
            Some("__global__ void k(int n) { __requires(n >= 0);")
        );
        assert_eq!(out.lines().count(), K.lines().count());
        assert_eq!(after_brace(K, Span::point(1, 3), "x;"), None);
        assert_eq!(after_brace(K, Span::point(9, 1), "x;"), None);
    }

    #[test]
    fn a_barrier_goes_on_its_own_line_indented_like_the_next() {
        let out = before_line(K, 3, "__syncthreads();").expect("line 3");
        assert_eq!(out.lines().nth(2), Some("  __syncthreads();"));
        assert_eq!(out.lines().nth(3), Some("  r = s[t + 1];"));
        assert_eq!(before_line(K, 6, "x;"), None);
        assert_eq!(before_line(K, 0, "x;"), None);
    }

    #[test]
    fn a_body_ends_at_its_matching_brace() {
        assert_eq!(body_lines(K, Span::point(1, 26)), Some((1, 4)));
        let text = "void f() {\n  if (a) { b(\"}\"); } // }\n}\nint x;\n";
        assert_eq!(body_lines(text, Span::point(1, 10)), Some((1, 3)));
        assert_eq!(body_lines("void f() {\n", Span::point(1, 10)), None);
    }

    #[test]
    fn the_literals_of_a_body_skip_comments_strings_and_names() {
        let text =
            "void f() { int a[256]; // 512\n x2 = 0x80 + 3u; /* 64 */ p(\"7\"); }\nint z = 9;";
        assert_eq!(literals(text, Span::point(1, 10)), vec![256, 0x80, 3]);
    }
}
