//! C text as tokens, roughly — enough for the suggestions to read a
//! condition or a statement they rewrite or write into a kernel (names
//! with their `.` members, numbers, operators, punctuation), and to say
//! what a piece of code may assign.

/// The operators that assign or step a variable.
pub const ASSIGNMENTS: [&str; 13] = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--",
];

/// Operators of more than one character, longest first.
const OPERATORS: [&str; 21] = [
    "<<=", ">>=", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "++",
    "--", "->", "&&", "||", "<<", ">>",
];

/// A name (an identifier, with its `.` members).
pub fn is_name(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
}

pub fn is_number(t: &str) -> bool {
    t.starts_with(|c: char| c.is_ascii_digit())
}

/// Is token `i` of `toks` a prefix operator's place: after nothing, an
/// operator or `(` (so `*` and `&` there dereference or take an address)?
pub fn prefix_at(toks: &[String], i: usize) -> bool {
    i == 0
        || !(is_name(&toks[i - 1])
            || toks[i - 1] == ")"
            || toks[i - 1] == "]"
            || is_number(&toks[i - 1]))
}

/// C tokens, roughly: names (with `.` members), numbers, operators.
pub fn tokens(s: &str) -> Vec<String> {
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
