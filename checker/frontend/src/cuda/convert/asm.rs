//! Inline PTX that cannot touch memory (`asm("mov.u32 %0, %%laneid;" :
//! "=r"(lane))`): a whitelist of register-only instructions.  Such a
//! statement only gives its output operands new values, which the
//! inference takes as unknown values of each thread; any other inline
//! assembly (loads, stores, atomics, barriers, branches, a memory operand
//! or a `"memory"` clobber) stays unmodelled: it may read and write any
//! array (see `infer::statements`).

/// Instruction names (the part before the first `.`) that read and write
/// registers only: arithmetic, bit manipulation, conversions, comparisons
/// and selections, and reads of special registers (`%laneid`, `%clock`).
/// Loads, stores, atomics, barriers, fences, warp collectives, textures
/// and control flow are absent on purpose.
const REGISTER_ONLY: [&str; 45] = [
    "mov", "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs", "neg", "min",
    "max", "popc", "clz", "bfind", "brev", "bfe", "bfi", "prmt", "and", "or", "xor", "not", "cnot",
    "shl", "shr", "shf", "cvt", "set", "setp", "selp", "slct", "lop3", "fma", "rcp", "sqrt",
    "rsqrt", "sin", "cos", "lg2", "ex2", "copysign", "testp",
];

/// Letters of an operand constraint that name a register or an immediate
/// (after the modifiers `=`, `+`, `&`); `m` (memory) is not one of them.
const REGISTER_CONSTRAINTS: &str = "rlhfdnc";

/// The operands of an inline assembly statement whose instructions all
/// work on registers: how many outputs and inputs it has (libclang lists
/// their expressions in that order).  `None` when it may do anything else.
pub(super) fn register_only(tokens: &[String]) -> Option<(usize, usize)> {
    let sections = sections(tokens)?;
    let template: String = sections[0].strings.concat();
    if !template_is_register_only(&template) {
        return None;
    }
    let operands = |k: usize| sections.get(k).map_or(Some(0), operand_count);
    let (outputs, inputs) = (operands(1)?, operands(2)?);
    let clobbers_memory = sections
        .get(3)
        .is_some_and(|s| s.strings.iter().any(|c| c.trim() == "memory"));
    (!clobbers_memory && sections.len() <= 4).then_some((outputs, inputs))
}

/// One `:`-separated part of `asm(…)`: its string literals (unquoted) and
/// how many parenthesised operand expressions it has.
#[derive(Default)]
struct Section {
    strings: Vec<String>,
    operands: usize,
}

/// Splits the tokens of `asm [volatile] ( … )` at the colons of the
/// outer parentheses.  The tokens are the source's, before macro
/// expansion, so a statement written by a macro (`STORE(p, v)`) or a
/// template, constraint or clobber named by one (`asm(STORE :: …)`) shows
/// a name where the text should be: `None`, since what the macro stands
/// for is unknown (a template seen as empty would be register-only).
fn sections(tokens: &[String]) -> Option<Vec<Section>> {
    let open = tokens.iter().position(|t| t == "(")?;
    let (keyword, qualifiers) = tokens[..open].split_first()?;
    let qualifier = |q: &String| matches!(q.as_str(), "volatile" | "__volatile__" | "inline");
    if !matches!(keyword.as_str(), "asm" | "__asm__" | "__asm") || !qualifiers.iter().all(qualifier)
    {
        return None;
    }
    let mut out = vec![Section::default()];
    let mut depth = 0usize;
    let mut previous = "(";
    for t in &tokens[open + 1..] {
        match t.as_str() {
            "(" => {
                if depth == 0 {
                    out.last_mut()?.operands += 1;
                }
                depth += 1;
            }
            ")" if depth == 0 => return Some(out),
            ")" => depth -= 1,
            ":" if depth == 0 => out.push(Section::default()),
            "::" if depth == 0 => out.extend([Section::default(), Section::default()]),
            s if depth == 0 && s.starts_with('"') => out.last_mut()?.strings.push(unquote(s)?),
            // Between operands: a comma, or a symbolic name `[x]`.
            "," | "[" | "]" => {}
            _ if depth == 0 && previous != "[" => return None,
            _ => {}
        }
        previous = t;
    }
    None
}

/// The number of operands of an output or input section, if each has a
/// register constraint.
fn operand_count(s: &Section) -> Option<usize> {
    let registers = s.strings.iter().all(|c| {
        let letters = c.trim_start_matches(['=', '+', '&']);
        !letters.is_empty() && letters.chars().all(|l| REGISTER_CONSTRAINTS.contains(l))
    });
    (registers && s.strings.len() == s.operands).then_some(s.operands)
}

/// The text of a string literal token (`"…"`), with `\n`, `\t`, `\"` and
/// `\\` unescaped; `None` for prefixed or unterminated literals.
fn unquote(token: &str) -> Option<String> {
    let body = token.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            other => out.push(other),
        }
    }
    Some(out)
}

/// Is every instruction of the PTX template one of [`REGISTER_ONLY`]?
/// Blank lines, braces and `.reg` declarations of scratch registers are
/// allowed; a label or anything else is not.
fn template_is_register_only(template: &str) -> bool {
    template
        .split([';', '\n'])
        .flat_map(|line| line.split(['{', '}']))
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .all(|instruction| {
            let unguarded = match instruction.strip_prefix('@') {
                // `@p add…` or `@!p add…`: the guard is a predicate register.
                Some(guarded) => guarded
                    .split_once(char::is_whitespace)
                    .map_or("", |(_, i)| i),
                None => instruction,
            };
            let word = unguarded.split_whitespace().next().unwrap_or("");
            word == ".reg" || REGISTER_ONLY.contains(&word.split('.').next().unwrap_or(""))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tokens libclang gives for `asm(<text>)`, roughly.
    fn tokens(text: &str) -> Vec<String> {
        let mut out = vec!["asm".to_string(), "(".to_string()];
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = &rest[1..];
            } else if c == '"' {
                let end = rest[1..].find('"').expect("closed") + 2;
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            } else if rest.starts_with("::") {
                out.push("::".into());
                rest = &rest[2..];
            } else if "():,[]?".contains(c) {
                out.push(c.to_string());
                rest = &rest[1..];
            } else {
                let end = rest
                    .find(|x: char| !x.is_alphanumeric() && x != '_')
                    .unwrap_or(rest.len());
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
        out.push(")".into());
        out
    }

    #[test]
    fn register_instructions_give_their_operand_counts() {
        let lane = tokens(r#""mov.u32 %0, %%laneid;" : "=r"(lane)"#);
        assert_eq!(register_only(&lane), Some((1, 0)));
        let two = tokens(
            r#""{ .reg .u32 t; add.u32 t, %1, %2; shl.b32 %0, t, 1; }" : "=r"(x) : "r"(a), "r"(b)"#,
        );
        assert_eq!(register_only(&two), Some((1, 2)));
        let inputs_only = tokens(r#""@p mov.u32 %0, %1;" :: "r"(a)"#);
        assert_eq!(register_only(&inputs_only), Some((0, 1)));
    }

    /// libclang gives the tokens of the source, before macro expansion: a
    /// template, a constraint or a clobber named by a macro, or a whole
    /// statement written by one, hides what the assembly does.
    #[test]
    fn text_hidden_behind_a_macro_is_not_register_only() {
        for text in [
            r#"STORE :: "l"(p), "r"(v)"#,
            r#""mov.u32 %0, 1;" : OUT(x)"#,
            r#""mov.u32 %0, 1;" : "=r"(x) :: CLOBBERS"#,
        ] {
            assert_eq!(register_only(&tokens(text)), None, "{text}");
        }
        // `BARRIER()` standing for `asm("bar.sync 0;")`, `STORE(p, v)` for a
        // store: the name is not `asm`.
        let invocation = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(register_only(&invocation(&["BARRIER", "(", ")"])), None);
        let store = invocation(&["STORE", "(", "p", ",", "v", ")"]);
        assert_eq!(register_only(&store), None);
        // The spellings and qualifiers of `asm` are accepted, and symbolic
        // operand names `[x]` are not macros.
        let mut lane = tokens(r#""mov.u32 %0, %%laneid;" : "=r"(lane)"#);
        assert_eq!(register_only(&lane), Some((1, 0)));
        lane[0] = "__asm__".into();
        lane.insert(1, "__volatile__".into());
        assert_eq!(register_only(&lane), Some((1, 0)));
        lane.insert(1, "goto".into());
        assert_eq!(register_only(&lane), None, "asm goto has labels");
        let named = tokens(r#""add.u32 %[y], %[x], 1;" : [y] "=r"(y) : [x] "r"(x)"#);
        assert_eq!(register_only(&named), Some((1, 1)));
    }

    /// A `:` or `::` inside an operand's parentheses (a conditional, a
    /// qualified name) does not start a section: the counts must match the
    /// operand expressions libclang lists.
    #[test]
    fn colons_inside_operands_do_not_split_sections() {
        let conditional = tokens(r#""add.u32 %0, %1, %2;" : "=r"(x) : "r"(c ? a : b), "r"(d)"#);
        assert_eq!(register_only(&conditional), Some((1, 2)));
        let qualified = tokens(r#""add.u32 %0, %1, %2;" : "=r"(x) : "r"(ns::v), "r"(d)"#);
        assert_eq!(register_only(&qualified), Some((1, 2)));
    }

    #[test]
    fn memory_barriers_control_flow_and_memory_operands_are_not_register_only() {
        for text in [
            r#""st.shared.u32 [%0], %1;" :: "r"(p), "r"(v)"#,
            r#""ld.global.u32 %0, [%1];" : "=r"(x) : "l"(p)"#,
            r#""atom.add.u32 %0, [%1], 1;" : "=r"(x) : "l"(p)"#,
            r#""bar.sync 0;""#,
            r#""membar.gl;""#,
            r#""shfl.sync.idx.b32 %0, %1, 0, 31, -1;" : "=r"(x) : "r"(v)"#,
            r#""L1: add.u32 %0, %0, 1;" : "+r"(x)"#,
            r#""mov.u32 %0, 1;" : "=m"(x)"#,
            r#""mov.u32 %0, 1;" : "=r"(x) :: "memory""#,
        ] {
            assert_eq!(register_only(&tokens(text)), None, "{text}");
        }
    }
}
