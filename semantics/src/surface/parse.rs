//! Parser of the `.proto` format.  Errors carry line and column.

use super::ast::*;
use crate::expr::{BExp, BOp, NExp, NOp, Nat, ROp};
use crate::history::Mode;
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

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Ident(String),
    Num(Nat),
    Sym(&'static str),
    Eof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "`{s}`"),
            Tok::Num(n) => write!(f, "`{n}`"),
            Tok::Sym(s) => write!(f, "`{s}`"),
            Tok::Eof => write!(f, "end of file"),
        }
    }
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    span: Span,
}

/// Symbols, longest first so that `..` wins over `.` and `<=` over `<`.
const SYMBOLS: &[&str] = &[
    "..", "==", "!=", "<=", ">=", "&&", "||", "∈", "+", "-", "*", "/", "%", "<", ">", "!", "(",
    ")", "[", "]", "{", "}", ";", ",", ":", "=",
];

fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let mut toks = Vec::new();
    let chars: Vec<char> = src.chars().collect();
    let (mut k, mut line, mut col) = (0usize, 1u32, 1u32);
    let advance = |k: &mut usize, line: &mut u32, col: &mut u32, chars: &[char]| {
        if chars[*k] == '\n' {
            *line += 1;
            *col = 1;
        } else {
            *col += 1;
        }
        *k += 1;
    };
    while k < chars.len() {
        let c = chars[k];
        let (sl, sc) = (line, col);
        if c.is_whitespace() {
            advance(&mut k, &mut line, &mut col, &chars);
        } else if c == '/' && chars.get(k + 1) == Some(&'/') {
            while k < chars.len() && chars[k] != '\n' {
                advance(&mut k, &mut line, &mut col, &chars);
            }
        } else if c == '/' && chars.get(k + 1) == Some(&'*') {
            advance(&mut k, &mut line, &mut col, &chars);
            advance(&mut k, &mut line, &mut col, &chars);
            loop {
                if k + 1 >= chars.len() {
                    return Err(ParseError {
                        line: sl,
                        col: sc,
                        message: "unterminated comment `/*`".into(),
                    });
                }
                if chars[k] == '*' && chars[k + 1] == '/' {
                    advance(&mut k, &mut line, &mut col, &chars);
                    advance(&mut k, &mut line, &mut col, &chars);
                    break;
                }
                advance(&mut k, &mut line, &mut col, &chars);
            }
        } else if c.is_ascii_digit() {
            let mut s = String::new();
            while k < chars.len() && chars[k].is_ascii_digit() {
                s.push(chars[k]);
                advance(&mut k, &mut line, &mut col, &chars);
            }
            let n: Nat = s.parse().expect("digits");
            toks.push(Token {
                tok: Tok::Num(n),
                span: Span {
                    line: sl,
                    col: sc,
                    end_line: line,
                    end_col: col,
                },
            });
        } else if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            // Dotted names such as `threadIdx.x` are one identifier (CUDA built-ins).
            let dotted =
                |k: usize| chars[k] == '.' && chars.get(k + 1).is_some_and(|c| c.is_alphabetic());
            while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_' || dotted(k)) {
                s.push(chars[k]);
                advance(&mut k, &mut line, &mut col, &chars);
            }
            toks.push(Token {
                tok: Tok::Ident(s),
                span: Span {
                    line: sl,
                    col: sc,
                    end_line: line,
                    end_col: col,
                },
            });
        } else {
            let rest: String = chars[k..chars.len().min(k + 2)].iter().collect();
            let sym = SYMBOLS
                .iter()
                .find(|s| rest.starts_with(**s))
                .ok_or(ParseError {
                    line: sl,
                    col: sc,
                    message: format!("unexpected character `{c}`"),
                })?;
            for _ in 0..sym.chars().count() {
                advance(&mut k, &mut line, &mut col, &chars);
            }
            toks.push(Token {
                tok: Tok::Sym(sym),
                span: Span {
                    line: sl,
                    col: sc,
                    end_line: line,
                    end_col: col,
                },
            });
        }
    }
    toks.push(Token {
        tok: Tok::Eof,
        span: Span::point(line, col),
    });
    Ok(toks)
}

/// Reads the meaningful leading comment lines (DESIGN.md, "Expectation headers").
pub fn parse_header(src: &str) -> Header {
    let mut header = Header::default();
    for line in src.lines() {
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
        } else if c.starts_with("xfail") {
            header.expect = Some(Expect::Racy);
        } else if c.starts_with("--") {
            header.flags.extend(split_flags(c));
        }
    }
    header
}

/// Splits a GPUVerify flag line, keeping `[16, 16]` together.
fn split_flags(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for c in line.chars() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth == 0 {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else if !(c.is_whitespace() && depth > 0) {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
}

type PResult<T> = Result<T, ParseError>;

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    fn span(&self) -> Span {
        self.toks[self.pos].span
    }
    fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }
    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].tok.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    fn error<T>(&self, message: String) -> PResult<T> {
        let s = self.span();
        Err(ParseError {
            line: s.line,
            col: s.col,
            message,
        })
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == s)
    }
    fn eat_sym(&mut self, s: &str) -> bool {
        if self.is_sym(s) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            self.error(format!("expected `{s}`, found {}", self.peek()))
        }
    }
    fn ident(&mut self, what: &str) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(s) if !is_keyword(&s) => {
                self.bump();
                Ok(s)
            }
            t => self.error(format!("expected {what}, found {t}")),
        }
    }

    // -- program ---------------------------------------------------------

    fn program(&mut self, header: Header) -> PResult<Program> {
        let mut prog = Program {
            header,
            ..Program::default()
        };
        loop {
            if self.is_kw("param") || self.is_kw("local") {
                let local = self.is_kw("local");
                self.bump();
                let names = self.ident_list()?;
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
                return Err(ParseError {
                    line: open.line,
                    col: open.col,
                    message: "unclosed `{`: expected `}` before end of file".into(),
                });
            }
            out.push(self.stmt()?);
            self.eat_sym(";");
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Ident(k) if k == "skip" => {
                self.bump();
                StmtKind::Skip
            }
            Tok::Ident(k) if k == "sync" => {
                self.bump();
                StmtKind::Sync
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
        self.bump();
        let tag = match kw {
            "forU" => Some(LoopTag::Unsync),
            "forS" => Some(LoopTag::Sync),
            _ => None,
        };
        let var = self.ident("a loop variable")?;
        if !(self.eat_sym("∈")
            || (self.is_kw("in") && {
                self.bump();
                true
            }))
        {
            return self.error(format!(
                "expected `in` after the loop variable, found {}",
                self.peek()
            ));
        }
        let lo = self.nexp()?;
        self.expect_sym("..")?;
        let hi = self.nexp()?;
        let body = self.braced_block()?;
        Ok(StmtKind::For {
            tag,
            var,
            lo,
            hi,
            body,
        })
    }

    // -- expressions -----------------------------------------------------

    fn bexp(&mut self) -> PResult<BExp> {
        let mut lhs = self.bconj()?;
        while self.eat_sym("||") {
            let rhs = self.bconj()?;
            lhs = BExp::Bin(BOp::Or, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn bconj(&mut self) -> PResult<BExp> {
        let mut lhs = self.bnot()?;
        while self.eat_sym("&&") {
            let rhs = self.bnot()?;
            lhs = BExp::Bin(BOp::And, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn bnot(&mut self) -> PResult<BExp> {
        if self.eat_sym("!") {
            return Ok(BExp::not(self.bnot()?));
        }
        self.batom()
    }

    fn batom(&mut self) -> PResult<BExp> {
        if self.is_kw("true") || self.is_kw("false") {
            let d = self.is_kw("true");
            self.bump();
            return Ok(BExp::Bool(d));
        }
        // `( … )` may open a boolean or a numeric expression: try the
        // comparison first, and fall back to a parenthesised boolean.
        let save = self.pos;
        match self.comparison() {
            Ok(b) => Ok(b),
            Err(e) if self.toks[save].tok == Tok::Sym("(") => {
                self.pos = save;
                self.bump();
                let b = self.bexp().map_err(|e2| furthest(e.clone(), e2))?;
                self.expect_sym(")")?;
                Ok(b)
            }
            Err(e) => Err(e),
        }
    }

    fn comparison(&mut self) -> PResult<BExp> {
        let a = self.nexp()?;
        let op = match self.peek() {
            Tok::Sym("==") | Tok::Sym("=") => ROp::Eq,
            Tok::Sym("!=") => ROp::Ne,
            Tok::Sym("<") => ROp::Lt,
            Tok::Sym("<=") => ROp::Le,
            Tok::Sym(">") => ROp::Gt,
            Tok::Sym(">=") => ROp::Ge,
            t => {
                return self.error(format!(
                    "expected a comparison (==, !=, <, <=, >, >=), found {t}"
                ))
            }
        };
        self.bump();
        let b = self.nexp()?;
        Ok(BExp::Rel(op, a, b))
    }

    fn nexp(&mut self) -> PResult<NExp> {
        let mut lhs = self.nterm()?;
        loop {
            let op = match self.peek() {
                Tok::Sym("+") => NOp::Add,
                Tok::Sym("-") => NOp::Sub,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.nterm()?;
            lhs = NExp::bin(op, lhs, rhs);
        }
    }

    fn nterm(&mut self) -> PResult<NExp> {
        let mut lhs = self.nfactor()?;
        loop {
            let op = match self.peek() {
                Tok::Sym("*") => NOp::Mul,
                Tok::Sym("/") => NOp::Div,
                Tok::Sym("%") => NOp::Mod,
                _ => return Ok(lhs),
            };
            self.bump();
            let rhs = self.nfactor()?;
            lhs = NExp::bin(op, lhs, rhs);
        }
    }

    fn nfactor(&mut self) -> PResult<NExp> {
        match self.peek().clone() {
            Tok::Num(n) => {
                self.bump();
                Ok(NExp::Num(n))
            }
            Tok::Ident(x) if !is_keyword(&x) => {
                self.bump();
                Ok(NExp::Var(x))
            }
            Tok::Sym("(") => {
                self.bump();
                let e = self.nexp()?;
                self.expect_sym(")")?;
                Ok(e)
            }
            t => self.error(format!("expected a number, a variable or `(`, found {t}")),
        }
    }
}

/// Of two errors, the one further into the input explains more.
fn furthest(a: ParseError, b: ParseError) -> ParseError {
    if (b.line, b.col) >= (a.line, a.col) {
        b
    } else {
        a
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
    let toks = lex(src)?;
    let mut p = Parser { toks, pos: 0 };
    p.program(header)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
