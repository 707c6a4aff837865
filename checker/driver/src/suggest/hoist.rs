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

use super::edit::body_lines;
use super::tokens::{is_name, prefix_at, tokens, ASSIGNMENTS};
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
    // Only inside the kernel's own body (see `fixes`).
    let Some((first, last)) = body_lines(recheck.text(), k.body) else {
        return;
    };
    spans.retain(|s| s.line > first && s.end_line < last);
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
        let barrier = only_barrier(&lines, span.line as usize..end - 1)?;
        let before = lines[span.line as usize..barrier - 1].join("\n");
        let after = lines[barrier..end - 1].join("\n");
        if may_change(&before, &names, text) || shadows(&before, &after) {
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

/// No call, memory read, assignment or increment in the condition.
fn pure(cond: &str) -> bool {
    let toks = tokens(cond);
    let call = toks.windows(2).any(|w| is_name(&w[0]) && w[1] == "(");
    // `*` and `&` read memory or take an address only as prefixes.
    let effect = toks.iter().enumerate().any(|(i, t)| {
        ASSIGNMENTS.contains(&t.as_str())
            || ["[", "->", "?"].contains(&t.as_str())
            || (["*", "&"].contains(&t.as_str()) && prefix_at(&toks, i))
    });
    !call && !effect
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
        // A `}` that closes the `if`'s block before its end (`} else if
        // (…) {`) puts the barrier in another branch.
        for c in l.chars() {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            if depth < 0 {
                return None;
            }
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

/// Could `code` (the part of the block before the barrier) change the
/// value of the condition, whose names are `names`, in a way the rewrite
/// would not keep?  Conservatively: it assigns or steps one of them (or a
/// member), writes through a pointer (a prefix `*`) or takes an address
/// or binds a reference (`&`), calls a function with one of them or a
/// method of one, assigns a name the file declares as a reference, or
/// uses a macro of the file other than a constant (its expansion is not
/// seen here).
fn may_change(code: &str, names: &[String], text: &str) -> bool {
    let toks = tokens(code);
    let bases: Vec<&str> = names.iter().map(|n| base(n)).collect();
    let in_cond = |t: &str| is_name(t) && bases.contains(&base(t));
    let mut calls: Vec<bool> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let next = toks.get(i + 1).map(String::as_str);
        let assigned = next.is_some_and(|n| ASSIGNMENTS.contains(&n));
        let stepped = i > 0 && ["++", "--"].contains(&toks[i - 1].as_str());
        match t.as_str() {
            "(" => calls.push(i > 0 && is_name(&toks[i - 1])),
            ")" => {
                calls.pop();
            }
            "*" | "&" if prefix_at(&toks, i) => return true,
            "&" if toks.get(i + 2).is_some_and(|t| t == "=") => return true,
            "->" if i > 0 && in_cond(&toks[i - 1]) => return true,
            _ if in_cond(t) && (assigned || stepped || calls.iter().any(|c| *c)) => return true,
            _ if in_cond(t) && next == Some("(") => return true,
            _ if is_name(t) && (assigned || stepped) && is_reference(text, base(t)) => return true,
            _ if is_name(t) && macro_(text, t) => return true,
            _ => {}
        }
    }
    false
}

/// The variable a name with members belongs to (`c` of `c.lim`).
fn base(name: &str) -> &str {
    name.split('.').next().unwrap_or(name)
}

/// Does the file declare `name` as a reference (`T &name = …`, or a
/// parameter `T &name`)?
fn is_reference(text: &str, name: &str) -> bool {
    let toks = tokens(text);
    toks.windows(3)
        .any(|w| w[0] == "&" && w[1] == name && ["=", ",", ")", ";"].contains(&w[2].as_str()))
}

/// Does `before` declare a name that `after` uses (the rewrite would make
/// `after` read another variable of that name, or not compile)?
fn shadows(before: &str, after: &str) -> bool {
    let toks = tokens(before);
    let used: Vec<String> = tokens(after).into_iter().filter(|t| is_name(t)).collect();
    toks.windows(3).any(|w| {
        let declares = is_name(&w[0])
            && !KEYWORDS.contains(&w[0].as_str())
            && is_name(&w[1])
            && ["=", ";", ",", "[", "("].contains(&w[2].as_str());
        declares && used.iter().any(|u| base(u) == w[1])
    })
}

/// Words that precede a name without declaring it.
const KEYWORDS: [&str; 8] = [
    "return", "else", "case", "goto", "do", "sizeof", "delete", "throw",
];

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
        // The barrier in the `else if` branch of the divergent `if`.
        let chain = GUARD.replace(
            "    t[i] = in[j];\n",
            "    t[i] = 1;\n  } else if (j < n) {\n",
        );
        let long = Span {
            line: 2,
            col: 3,
            end_line: 7,
            end_col: 4,
        };
        assert!(Hoist::find(&chain, long).is_none());
        // A reference bound before the `if`, assigned before the barrier.
        let alias = format!("int &r = x;\n{}", GUARD.replace("t[i] = in[j];", "r = 5;"));
        assert!(Hoist::find(&alias, moved).is_none());
        let pointer = GUARD.replace("t[i] = in[j];", "*p = 5;");
        assert!(Hoist::find(&pointer, span).is_none());
        let method = GUARD
            .replace("x < W", "c.lim < W")
            .replace("t[i] = in[j];", "c.shrink();");
        assert!(Hoist::find(&method, span).is_none());
        let assigning_macro = format!(
            "#define RESET x = 0\n{}",
            GUARD.replace("t[i] = in[j];", "RESET;")
        );
        assert!(Hoist::find(&assigning_macro, moved).is_none());
        let shadow = GUARD
            .replace("t[i] = in[j];", "float v = in[j];")
            .replace("out[j] = t[i + 1];", "out[j] = v;");
        assert!(Hoist::find(&shadow, span).is_none());
    }
}
