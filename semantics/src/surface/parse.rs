//! Parser of the `.proto` format.  Errors carry line and column.

use super::ast::*;
use super::lex::{parser_over_token_stream, LexConfig, PResult, Tok, TokenStream};
use crate::history::Mode;
use crate::scoped::{Scope, WARP};
use std::fmt;

/// A syntax error at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Symbols, longest first so that `..` wins over `.` and `<=` over `<`.
const SYMBOLS: &[&str] = &[
    "..", "==", "!=", "<=", ">=", "&&", "||", "∈", "+", "-", "*", "/", "%", "<", ">", "!", "(",
    ")", "[", "]", "{", "}", ";", ",", ":", "=",
];

const PROTO: LexConfig = LexConfig {
    symbols: SYMBOLS,
    dotted_names: true,
    is_keyword,
    reject_array_reads: false,
};

/// A comment line of flags: `--blockDim=…`, not prose that happens to
/// start with dashes (`// -- note`, `// ----`).
fn is_flag_line(c: &str) -> bool {
    c.strip_prefix("--")
        .and_then(|rest| rest.chars().next())
        .is_some_and(|ch| ch.is_ascii_alphabetic())
}

/// Reads the meaningful leading comment lines (`docs/headers.md`).
pub fn parse_header(src: &str) -> Header {
    parse_header_with_spans(src).0
}

/// [`parse_header`] with where each word of `Header::flags` is in `src`
/// (one span per word, in the same order).
pub fn parse_header_with_spans(src: &str) -> (Header, Vec<Span>) {
    let mut header = Header::default();
    let mut spans = Vec::new();
    for (n, line) in src.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let Some(c) = t.strip_prefix("//") else { break };
        let c = c.trim();
        if let Some(rest) = c.strip_prefix("expect:") {
            match rest.trim() {
                "drf" => header.expect = Some(Expect::Drf),
                "racy" => header.expect = Some(Expect::Racy),
                _ => {}
            }
        } else if c == "pass" {
            header.expect = Some(Expect::Drf);
        } else if c.get(..5).is_some_and(|w| w.eq_ignore_ascii_case("xfail"))
            && !c.starts_with("xfail")
        {
            // `XFAIL:…`: a header line of GPUVerify's test suite that its
            // tester does not read (case matters to it): no expectation,
            // but not prose either.
        } else if let Some(kind) = c.strip_prefix("xfail") {
            // GPUVerify's `xfail:NOT_ALL_VERIFIED` reports a defect; its
            // `xfail:BUGLE_ERROR`/`CLANG_ERROR`/`TIMEOUT` are failures of
            // GPUVerify's own tool chain, which say nothing about races.
            let kind = kind.trim_start_matches(':').trim();
            if kind.is_empty() || kind == "NOT_ALL_VERIFIED" {
                header.expect = Some(Expect::Racy);
            }
        } else if is_flag_line(c) {
            // `c` is a slice of `line`: the columns of its words follow the
            // characters before it.
            let offset = c.as_ptr() as usize - line.as_ptr() as usize;
            let before = line[..offset].chars().count();
            let line_no = n as u32 + 1;
            let col = |k: usize| (before + k + 1) as u32;
            for (word, from, to) in split_flags(c) {
                spans.push(Span {
                    line: line_no,
                    col: col(from),
                    end_line: line_no,
                    end_col: col(to),
                });
                header.flags.push(word);
            }
        } else if !c.is_empty() {
            // Prose ends the header: a line of a comment block that only
            // looks like flags (`//   --creation of …` in a change log,
            // flags quoted in a note) is not one.
            break;
        }
    }
    (header, spans)
}

/// Splits a GPUVerify flag line, keeping `[16, 16]` together (without its
/// blanks): each word with its first and past-the-end character index.
fn split_flags(line: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut from = 0;
    let mut depth = 0;
    let mut count = 0;
    for (k, c) in line.chars().enumerate() {
        count = k + 1;
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth == 0 {
            if !cur.is_empty() {
                out.push((std::mem::take(&mut cur), from, k));
            }
        } else if !(c.is_whitespace() && depth > 0) {
            if cur.is_empty() {
                from = k;
            }
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push((cur, from, count));
    }
    out
}

/// With `param` declarations, every free variable must be declared (with
/// `param` or `local`): `check` and `run` then agree on what the parameters
/// are.  Without them, free variables are parameters.
fn check_declared(prog: &Program) -> PResult<()> {
    if prog.params.is_empty() {
        return Ok(());
    }
    for x in prog.free_vars() {
        let known =
            super::ast::is_builtin(&x) || prog.params.contains(&x) || prog.locals.contains(&x);
        if !known {
            let at = prog.first_use(&x).unwrap_or_default();
            return super::lex::err(
                at.line,
                at.col,
                format!("unknown variable `{x}`: not declared with `param` or `local` (declare it, or remove the `param` line to make every free variable a parameter)"),
            );
        }
    }
    Ok(())
}

parser_over_token_stream!(
/// The `.proto` statement parser over the shared token stream
/// ([`super::lex`], [`super::expr_parse`]).
    Parser
);

impl Parser {
    // -- program ---------------------------------------------------------

    fn program(&mut self, header: Header) -> PResult<Program> {
        let mut prog = Program {
            header,
            ..Program::default()
        };
        loop {
            if self.is_kw("param") || self.is_kw("local") {
                let local = self.is_kw("local");
                let at = self.span();
                self.bump();
                let names = self.ident_list()?;
                for x in &names {
                    let kind = if local { "local" } else { "param" };
                    if super::ast::is_builtin(x) {
                        return super::lex::err(
                            at.line,
                            at.col,
                            format!("`{kind} {x}`: `{x}` is built in (`tid` is the thread identifier, `T` the number of threads); choose another name"),
                        );
                    }
                    if prog.params.contains(x) || prog.locals.contains(x) {
                        return super::lex::err(
                            at.line,
                            at.col,
                            format!("`{x}` is declared twice (`param` and `local` names must be distinct)"),
                        );
                    }
                }
                if local {
                    prog.locals.extend(names);
                } else {
                    prog.params.extend(names);
                }
                self.eat_sym(";");
            } else if self.is_kw("assume") {
                let start = self.span();
                self.bump();
                let cond = self.bexp()?;
                prog.assumptions.push(Assumption {
                    cond,
                    span: start.to(self.prev_span()),
                });
                self.eat_sym(";");
            } else {
                break;
            }
        }
        prog.body = self.block_until_eof()?;
        check_declared(&prog)?;
        Ok(prog)
    }

    fn ident_list(&mut self) -> PResult<Vec<String>> {
        let mut out = vec![self.ident("a name")?];
        while self.eat_sym(",") {
            out.push(self.ident("a name")?);
        }
        Ok(out)
    }

    fn block_until_eof(&mut self) -> PResult<Block> {
        let mut out = Vec::new();
        while *self.peek() != Tok::Eof {
            if self.is_kw("param") || self.is_kw("local") || self.is_kw("assume") {
                return self.error(
                    "declarations (`param`, `local`, `assume`) must come before statements".into(),
                );
            }
            out.push(self.stmt()?);
            self.eat_sym(";");
        }
        Ok(out)
    }

    /// `{ stmt (;)? stmt … }`
    fn braced_block(&mut self) -> PResult<Block> {
        let open = self.span();
        self.expect_sym("{")?;
        let mut out = Vec::new();
        loop {
            if self.eat_sym("}") {
                return Ok(out);
            }
            if *self.peek() == Tok::Eof {
                return super::lex::err(
                    open.line,
                    open.col,
                    "unclosed `{`: expected `}` before end of file",
                );
            }
            out.push(self.stmt()?);
            self.eat_sym(";");
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let s = self.stmt_inner();
        self.leave();
        s
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Ident(k) if k == "skip" => {
                self.bump();
                StmtKind::Skip
            }
            Tok::Ident(k) if k == "sync" => {
                self.bump();
                self.barrier()?
            }
            Tok::Ident(k) if k == "rd" || k == "wr" || k == "atomic" => self.access(&k)?,
            Tok::Ident(k) if k == "if" => self.if_stmt()?,
            Tok::Ident(k) if k == "for" || k == "forU" || k == "forS" => self.for_stmt(&k)?,
            t => {
                return self.error(format!(
                    "expected a statement (skip, sync, rd, wr, if, for), found {t}"
                ))
            }
        };
        Ok(Stmt::new(kind, start.to(self.prev_span())))
    }

    /// `sync`, or `sync(S)` / `sync(S, m)` with the scope `S` one of
    /// `warp`, `tile N`, `block`, `grid` (`docs/proto-format.md`).  The scope
    /// words are not keywords: only here do they name scopes.  `sync(block)`
    /// is `sync`; a mask only fits a warp or a tile.
    fn barrier(&mut self) -> PResult<StmtKind> {
        if !self.eat_sym("(") {
            return Ok(StmtKind::Sync);
        }
        let scope = self.scope()?;
        let mask = if self.eat_sym(",") {
            if !matches!(scope, Scope::Tile(_)) {
                return self.error(format!(
                    "a mask names lanes of a warp or a tile, not of a {scope}"
                ));
            }
            Some(self.nexp()?)
        } else {
            None
        };
        self.expect_sym(")")?;
        Ok(match (scope, mask) {
            (Scope::Block, None) => StmtKind::Sync,
            (scope, mask) => StmtKind::ScopedSync { scope, mask },
        })
    }

    fn scope(&mut self) -> PResult<Scope> {
        let word = match self.peek().clone() {
            Tok::Ident(w) => w,
            t => {
                return self.error(format!(
                    "expected a scope (warp, tile N, block, grid), found {t}"
                ))
            }
        };
        let scope = match word.as_str() {
            "warp" => Scope::Tile(WARP),
            "block" => Scope::Block,
            "grid" => Scope::Grid,
            "tile" => {
                self.bump();
                return self.tile_size();
            }
            _ => {
                return self.error(format!(
                    "expected a scope (warp, tile N, block, grid), found `{word}`"
                ))
            }
        };
        self.bump();
        Ok(scope)
    }

    fn tile_size(&mut self) -> PResult<Scope> {
        let n = match self.peek().clone() {
            Tok::Num(n) => n,
            t => return self.error(format!("expected the tile's size, found {t}")),
        };
        match u32::try_from(&n).ok().filter(|&n| Scope::valid_tile(n)) {
            Some(n) => {
                self.bump();
                Ok(Scope::Tile(n))
            }
            None => self.error(format!(
                "a tile has a power of two of at most {WARP} threads, not {n}"
            )),
        }
    }

    fn access(&mut self, kw: &str) -> PResult<StmtKind> {
        self.bump();
        let mode = match kw {
            "rd" => Mode::Rd,
            "wr" => Mode::Wr,
            _ => Mode::Atomic,
        };
        let array = match self.peek() {
            Tok::Ident(_) => Some(self.ident("an array name")?),
            _ => None,
        };
        if !self.is_sym("[") {
            return self.error(format!(
                "expected `[` and an index after `{kw}`, found {}",
                self.peek()
            ));
        }
        let mut index = Vec::new();
        while self.eat_sym("[") {
            index.push(self.nexp()?);
            self.expect_sym("]")?;
        }
        Ok(StmtKind::Access { mode, array, index })
    }

    fn if_stmt(&mut self) -> PResult<StmtKind> {
        self.bump();
        let cond = self.bexp()?;
        let then_branch = self.braced_block()?;
        let else_branch = if self.is_kw("else") {
            self.bump();
            if self.is_kw("if") {
                let start = self.span();
                let kind = self.if_stmt()?;
                vec![Stmt::new(kind, start.to(self.prev_span()))]
            } else {
                self.braced_block()?
            }
        } else {
            Vec::new()
        };
        Ok(StmtKind::If {
            cond,
            then_branch,
            else_branch,
        })
    }

    fn for_stmt(&mut self, kw: &str) -> PResult<StmtKind> {
        let at_loop = self.span();
        self.bump();
        let tag = match kw {
            "forU" => Some(LoopTag::Unsync),
            "forS" => Some(LoopTag::Sync),
            _ => None,
        };
        let at = self.span();
        let var = self.ident("a loop variable")?;
        if super::ast::is_builtin(&var) {
            return super::lex::err(
                at.line,
                at.col,
                format!("loop variable `{var}`: `{var}` is built in (`tid` is the thread identifier, `T` the number of threads); choose another name"),
            );
        }
        self.loop_in()?;
        let lo = self.nexp()?;
        self.expect_sym("..")?;
        let hi = self.nexp()?;
        let body = self.braced_block()?;
        // Fig. 2: `forU` is a U (no `sync`), `forS` a W (its body syncs).
        // Structural, like a missing brace: `check` and `run` reject it alike.
        let start = at_loop;
        match (tag, super::ast::block_has_sync(&body)) {
            (Some(LoopTag::Unsync), true) => {
                return super::lex::err(
                    start.line,
                    start.col,
                    "`sync` inside an unsynchronized loop `forU` (Fig. 2: U has no sync); use `forS`, or `for` to let mapcheck decide",
                )
            }
            (Some(LoopTag::Sync), false) => {
                return super::lex::err(
                    start.line,
                    start.col,
                    "synchronized loop `forS` has no `sync` in its body (Fig. 2); use `forU`, or `for` to let mapcheck decide",
                )
            }
            _ => {}
        }
        Ok(StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        })
    }
}

/// Words that cannot be variable names.
pub fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "skip"
            | "sync"
            | "rd"
            | "wr"
            | "atomic"
            | "if"
            | "else"
            | "for"
            | "forU"
            | "forS"
            | "in"
            | "true"
            | "false"
            | "param"
            | "local"
            | "assume"
            | "var"
    )
}

/// Parses a `.proto` file.
pub fn parse(src: &str) -> Result<Program, ParseError> {
    let header = parse_header(src);
    Parser(TokenStream::new(src, &PROTO)?).program(header)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_flags_have_their_positions() {
        let (h, spans) = parse_header_with_spans("//pass\n  //--blockDim=[16, 16]  -DN=4\n");
        assert_eq!(h.flags, ["--blockDim=[16,16]", "-DN=4"]);
        let at = |col, end_col| Span {
            line: 2,
            col,
            end_line: 2,
            end_col,
        };
        assert_eq!(spans, [at(5, 24), at(26, 31)]);
    }

    #[test]
    fn parses_listing_2_2_verbatim() {
        let src = "// expect: racy\nforU j in 0..M // for ( int j = 0; j<M; j++)\n  {rd[tid+j]}; // _ = tile [tid+i];\nforU i in 0..M\n  {wr[tid]};\n";
        let p = parse(src).unwrap();
        assert_eq!(p.header.expect, Some(Expect::Racy));
        assert_eq!(p.body.len(), 2);
        assert_eq!(p.parameters(), vec!["M".to_string()]);
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("forU i in 0..N {\n  wr[tid]\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 16));
        assert!(e.message.contains("unclosed"));
        let e = parse("wr[tid +]").unwrap_err();
        assert_eq!((e.line, e.col), (1, 9));
    }

    #[test]
    fn parenthesised_conditions_and_comparisons() {
        let p = parse(
            "if (x > 0) { wr[tid] }; if (x + 1) * 2 < 3 && !(y == 1) { rd[0] } else { skip }",
        )
        .unwrap();
        assert_eq!(p.body.len(), 2);
    }

    #[test]
    fn gpuverify_headers() {
        let h = parse_header(
            "//xfail:NOT_ALL_VERIFIED\n//--blockDim=[16, 16] --gridDim=64 -DN=4\nkernel",
        );
        assert_eq!(h.expect, Some(Expect::Racy));
        assert_eq!(h.flags, vec!["--blockDim=[16,16]", "--gridDim=64", "-DN=4"]);
    }

    #[test]
    fn prose_starting_with_dashes_is_not_a_flag_line() {
        let h = parse_header("//pass\n//--blockDim=64\n// -- a note\n// ----\n//--\nkernel");
        assert_eq!(h.flags, vec!["--blockDim=64"]);
    }

    /// Only the leading run of expectation and flag lines is the header: a
    /// comment block's line that looks like a flag is prose.
    #[test]
    fn flags_after_prose_are_prose() {
        let change_log = "// srad: change log\n//        --creation of prototype version\nk";
        assert!(parse_header(change_log).flags.is_empty());
        let h = parse_header("//pass\n//--blockDim=64\n\n// Notes:\n//--blockDim=32 -DX\nk");
        assert_eq!(h.flags, vec!["--blockDim=64"]);
        // Neither GPUVerify's disabled `XFAIL:` nor an empty `//` ends it.
        let h = parse_header("//XFAIL:NOT_ALL_VERIFIED\n//\n//--blockDim=8\nk");
        assert_eq!(
            (h.expect, h.flags),
            (None, vec!["--blockDim=8".to_string()])
        );
        assert_eq!(parse_header("//é€xfail\n//--blockDim=8\nk").flags.len(), 0);
    }

    #[test]
    fn gpuverify_tool_chain_failures_are_no_expectation() {
        for kind in ["BUGLE_ERROR", "CLANG_ERROR", "TIMEOUT"] {
            let h = parse_header(&format!("//xfail:{kind}\nkernel"));
            assert_eq!(h.expect, None, "{kind}");
        }
        assert_eq!(parse_header("//xfail\nk").expect, Some(Expect::Racy));
    }
}
