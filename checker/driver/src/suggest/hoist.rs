//! A barrier under a divergent condition, hoisted out of it
//! (`docs/reports.md`, "Suggestions"): `if (c) { A; __syncthreads(); B; }`
//! becomes `if (c) { A; } __syncthreads(); if (c) { B; }`, so that every
//! thread of the block reaches the barrier.  The edit is tried only when
//! the rewritten code means the same — the condition is on the `if`'s
//! line, has no call, memory read or side effect, `A` assigns none of its
//! names (so it has the same value after the barrier), there is no `else`
//! and the barrier is the block's only one at its level — and it is
//! suggested only when the edited kernel, checked again, is race-free in
//! every array with no barrier divergence (a name declared in `A` and used
//! in `B` no longer compiles, and the edit is dropped).

use super::{Recheck, Rechecked};
use mapcheck_core::kernel::Kernel;
use mapcheck_core::results::{CheckedKernel, Fix};
use mapcheck_core::verdict::Verdict;
use semantics::surface::Span;

const BARRIER: &str = "__syncthreads();";

/// Sets the fix of the arrays whose divergence a hoisted barrier removes.
pub fn search(checked: &mut CheckedKernel, k: &Kernel, recheck: &Recheck) {
    let mut spans: Vec<Span> = Vec::new();
    for a in &checked.arrays {
        if let Verdict::Divergence { span, .. } = a.verdict() {
            if !spans.contains(span) {
                spans.push(*span);
            }
        }
    }
    for span in spans {
        let Some(h) = Hoist::find(recheck.text(), span) else {
            continue;
        };
        if !recheck.can() {
            return;
        }
        let edited = h.apply(recheck.text());
        let Some(result) = recheck.check(&edited, k) else {
            continue;
        };
        if !clean(&result, checked) {
            continue;
        }
        for a in &mut checked.arrays {
            if matches!(a.verdict(), Verdict::Divergence { span: s, .. } if *s == span) {
                a.fix = Some(Fix {
                    line: h.barrier,
                    insert: h.replacement.clone(),
                    replace: true,
                });
            }
        }
    }
}

/// Every array of the edited kernel race-free, and no divergence.
fn clean(r: &Rechecked, checked: &CheckedKernel) -> bool {
    !r.diverges() && checked.arrays.iter().all(|a| r.drf(&a.check.array))
}

/// A hoist found in the text: the barrier's line and what replaces it.
struct Hoist {
    barrier: u32,
    replacement: String,
}

impl Hoist {
    /// The hoist of the barrier of the `if` at `span`, when the rewrite
    /// keeps the code's meaning (the module's conditions).
    fn find(text: &str, span: Span) -> Option<Hoist> {
        let lines: Vec<&str> = text.lines().collect();
        let at = span.line.checked_sub(1)? as usize;
        let head = *lines.get(at)?;
        let (indent, cond) = if_head(head, span.col)?;
        let names = names(&cond);
        if !pure(&cond) || !stands_alone(&lines, at) || names.iter().any(|n| macro_(text, n)) {
            return None;
        }
        let end = span.end_line as usize;
        if lines.get(end.checked_sub(1)?)?.trim() != "}" || followed_by_else(&lines, end) {
            return None;
        }
        let body = span.line as usize..end - 1;
        let barrier = only_barrier(&lines, body.clone())?;
        let before = lines[span.line as usize..barrier - 1].join("\n");
        if assigns_any(&before, &names) || may_alias(&before, &names) {
            return None;
        }
        let replacement = format!("{indent}}}\n{indent}{BARRIER}\n{indent}if ({cond}) {{");
        Some(Hoist {
            barrier: barrier as u32,
            replacement,
        })
    }

    /// The text with the barrier's line replaced.
    fn apply(&self, text: &str) -> String {
        let mut out: Vec<&str> = text.lines().collect();
        let at = self.barrier as usize - 1;
        out[at] = &self.replacement;
        let mut s = out.join("\n");
        if text.ends_with('\n') {
            s.push('\n');
        }
        s
    }
}

/// The indentation and condition of `if (cond) {` at 1-based column
/// `col` of `line`, the whole of it on the line.
fn if_head(line: &str, col: u32) -> Option<(String, String)> {
    let at = (col as usize).checked_sub(1)?;
    let rest = line.get(at..)?.strip_prefix("if")?.trim_start();
    let inner = rest.strip_prefix('(')?;
    let mut depth = 1;
    let close = inner.char_indices().find_map(|(i, c)| {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(i)
    })?;
    if inner[close + 1..].trim() != "{" {
        return None;
    }
    let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
    Some((indent, inner[..close].trim().to_string()))
}

/// Is the `if` on line `at` (0-based) a statement of its own block: only
/// blanks before it on its line (not `else if`), and the line before it
/// ends a statement or opens or closes a block (not `for (…)` or `else`
/// without braces, whose body it would be)?
fn stands_alone(lines: &[&str], at: usize) -> bool {
    let head = lines[at].trim_start();
    if !head.starts_with("if") {
        return false;
    }
    let before = lines[..at]
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.is_empty());
    before.is_none_or(|l| l.ends_with(';') || l.ends_with('{') || l.ends_with('}'))
}

/// Is `name` a macro of the text (`#define name …`) other than a
/// constant (numbers and operators only)?  Its expansion is not followed
/// here, so a condition naming one is not rewritten.
fn macro_(text: &str, name: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        let Some(rest) = l
            .strip_prefix('#')
            .map(str::trim_start)
            .and_then(|l| l.strip_prefix("define"))
            .and_then(|r| r.trim_start().strip_prefix(name))
        else {
            return false;
        };
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            return false;
        }
        // A function-like macro, or one whose expansion names anything.
        rest.starts_with('(') || !pure(rest) || tokens(rest).iter().any(|t| is_name(t))
    })
}

/// Could `code` change one of `names` without naming it in an
/// assignment: a reference or pointer bound to one (`int &r = i`, `&i`),
/// or a call that takes one (`f(i)`, whose parameter may be a reference)?
fn may_alias(code: &str, names: &[String]) -> bool {
    let toks = tokens(code);
    let named = |t: &String| names.contains(t);
    let mut depth_in_call = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.as_str() {
            "(" => depth_in_call.push(i > 0 && is_name(&toks[i - 1])),
            ")" => {
                depth_in_call.pop();
            }
            "&" => {
                let prefix = i == 0
                    || !(is_name(&toks[i - 1]) || toks[i - 1] == ")" || is_number(&toks[i - 1]));
                let declares = toks.get(i + 2).is_some_and(|t| t == "=");
                if prefix || declares {
                    return true;
                }
            }
            _ if named(t) && depth_in_call.iter().any(|c| *c) => return true,
            _ => {}
        }
    }
    false
}

/// No call, memory read, assignment or increment in the condition.
fn pure(cond: &str) -> bool {
    let toks = tokens(cond);
    let call = toks.windows(2).any(|w| is_name(&w[0]) && w[1] == "(");
    // `*` and `&` read memory or take an address only as prefixes: after
    // nothing, an operator or `(`.
    let prefix = |i: usize| {
        i == 0 || !(is_name(&toks[i - 1]) || toks[i - 1] == ")" || is_number(&toks[i - 1]))
    };
    let effect = toks.iter().enumerate().any(|(i, t)| {
        ASSIGNMENTS.contains(&t.as_str())
            || ["[", "->", "?"].contains(&t.as_str())
            || (["*", "&"].contains(&t.as_str()) && prefix(i))
    });
    !call && !effect
}

fn is_number(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_digit())
}

/// The one line in `body` (0-based indices) that is a barrier at the
/// block's own level, as a 1-based line number.
fn only_barrier(lines: &[&str], body: std::ops::Range<usize>) -> Option<usize> {
    let mut depth = 0i32;
    let mut found = Vec::new();
    for i in body {
        let l = lines.get(i)?;
        // Braces the count would misread: in a comment, a string, a
        // character, or a preprocessor branch.
        let l = l.split("//").next().unwrap_or_default();
        let odd =
            ["/*", "\"", "'"].iter().any(|m| l.contains(m)) || l.trim_start().starts_with('#');
        if odd && (l.contains('{') || l.contains('}') || l.trim_start().starts_with('#')) {
            return None;
        }
        if depth == 0 && l.trim() == BARRIER {
            found.push(i + 1);
        }
        depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
        if depth < 0 {
            return None;
        }
    }
    (found.len() == 1).then(|| found[0])
}

/// Does the first non-blank line after 1-based line `end` start with `else`?
fn followed_by_else(lines: &[&str], end: usize) -> bool {
    lines[end..]
        .iter()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with("else"))
}

/// The names of an expression.
fn names(e: &str) -> Vec<String> {
    tokens(e).into_iter().filter(|t| is_name(t)).collect()
}

/// Does `code` assign, increment or take the address of one of `names`?
fn assigns_any(code: &str, names: &[String]) -> bool {
    let toks = tokens(code);
    toks.windows(2).any(|w| {
        let (a, b) = (w[0].as_str(), w[1].as_str());
        (names.iter().any(|n| n == a) && ASSIGNMENTS.contains(&b))
            || (["++", "--", "&"].contains(&a) && names.iter().any(|n| n == b))
    })
}

const ASSIGNMENTS: [&str; 13] = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--",
];

/// Operators of more than one character, longest first.
const OPERATORS: [&str; 21] = [
    "<<=", ">>=", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "++",
    "--", "->", "&&", "||", "<<", ">>",
];

fn is_name(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

/// C tokens, roughly: names (with `.` members), numbers, operators.
fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let len = if c.is_ascii_alphanumeric() || c == '_' {
            rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .unwrap_or(rest.len())
        } else {
            OPERATORS
                .iter()
                .find(|op| rest.starts_with(*op))
                .map_or(c.len_utf8(), |op| op.len())
        };
        out.push(rest[..len].to_string());
        rest = &rest[len..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUARD: &str = "k() {\n  if (x < W && y < H) {\n    t[i] = in[j];\n    __syncthreads();\n    out[j] = t[i + 1];\n  }\n}\n";

    #[test]
    fn a_guarded_barrier_is_hoisted_with_the_condition_repeated() {
        let span = Span {
            line: 2,
            col: 3,
            end_line: 6,
            end_col: 4,
        };
        let h = Hoist::find(GUARD, span).expect("a hoist");
        assert_eq!(h.barrier, 4);
        let out = h.apply(GUARD);
        assert!(
            out.contains("  }\n  __syncthreads();\n  if (x < W && y < H) {\n    out[j]"),
            "{out}"
        );
    }

    #[test]
    fn no_hoist_when_the_code_before_changes_the_condition_or_an_else_follows() {
        let span = Span {
            line: 2,
            col: 3,
            end_line: 6,
            end_col: 4,
        };
        let changes = GUARD.replace("t[i] = in[j];", "x += 1;");
        assert!(Hoist::find(&changes, span).is_none());
        let with_else = GUARD.replace("  }\n}\n", "  }\n  else { y = 0; }\n}\n");
        assert!(Hoist::find(&with_else, span).is_none());
        let call = GUARD.replace("x < W", "f(x) < W");
        assert!(Hoist::find(&call, span).is_none());
        let read = GUARD.replace("x < W", "flag[0]");
        assert!(Hoist::find(&read, span).is_none());
        let deref = GUARD.replace("x < W", "*p < W");
        assert!(Hoist::find(&deref, span).is_none());
        let arithmetic = GUARD.replace("x < W", "(x & 1) == 0 && x * 2 < W");
        assert!(Hoist::find(&arithmetic, span).is_some());
        let else_if = GUARD.replace("  if (x", "  } else if (x");
        assert!(Hoist::find(&else_if, span).is_none());
        let loop_body = GUARD.replace(
            "k() {
",
            "k() {
for (;;)
",
        );
        let shifted = Span {
            line: 3,
            col: 3,
            end_line: 7,
            end_col: 4,
        };
        assert!(Hoist::find(&loop_body, shifted).is_none());
        let reference = GUARD.replace("t[i] = in[j];", "int &r = x; r = 2;");
        assert!(Hoist::find(&reference, span).is_none());
        let call = GUARD.replace("t[i] = in[j];", "bump(x);");
        assert!(Hoist::find(&call, span).is_none());
        let macro_cond = format!("#define W (w++)\n{GUARD}");
        let moved = Span {
            line: 3,
            col: 3,
            end_line: 7,
            end_col: 4,
        };
        assert!(Hoist::find(&macro_cond, moved).is_none());
        let comment = GUARD.replace("t[i] = in[j];", "t[i] = in[j]; /* } */");
        assert!(Hoist::find(&comment, span).is_none());
    }
}
