//! Parser of the `.bcu` text format (see [`super`] for the grammar).  Errors
//! carry line and column; the expectation header is read by
//! [`crate::surface::parse::parse_header`] (same conventions as `.proto`).

use super::syntax::*;
use crate::expr::{BExp, BOp, NExp, NOp, Nat, ROp};
pub use crate::surface::ParseError;
use std::fmt;

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

/// Symbols, longest first.
const SYMBOLS: &[&str] = &[
    ":=", "..", "==", "!=", "<=", ">=", "&&", "||", "∈", "+", "-", "*", "/", "%", "<", ">", "!",
    "(", ")", "[", "]", "{", "}", ";", ",", "=",
];

fn err<T>(line: u32, col: u32, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        line,
        col,
        message: message.into(),
    })
}

fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let (mut k, mut line, mut col) = (0usize, 1u32, 1u32);
    let step = |k: &mut usize, line: &mut u32, col: &mut u32| {
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
        let span = |line: u32, col: u32| Span {
            line: sl,
            col: sc,
            end_line: line,
            end_col: col,
        };
        if c.is_whitespace() {
            step(&mut k, &mut line, &mut col);
        } else if c == '/' && chars.get(k + 1) == Some(&'/') {
            while k < chars.len() && chars[k] != '\n' {
                step(&mut k, &mut line, &mut col);
            }
        } else if c == '/' && chars.get(k + 1) == Some(&'*') {
            step(&mut k, &mut line, &mut col);
            step(&mut k, &mut line, &mut col);
            loop {
                if k + 1 >= chars.len() {
                    return err(sl, sc, "unterminated comment `/*`");
                }
                if chars[k] == '*' && chars[k + 1] == '/' {
                    step(&mut k, &mut line, &mut col);
                    step(&mut k, &mut line, &mut col);
                    break;
                }
                step(&mut k, &mut line, &mut col);
            }
        } else if c.is_ascii_digit() {
            let mut s = String::new();
            while k < chars.len() && chars[k].is_ascii_digit() {
                s.push(chars[k]);
                step(&mut k, &mut line, &mut col);
            }
            let n: Nat = s.parse().map_err(|_| ParseError {
                line: sl,
                col: sc,
                message: "bad number".into(),
            })?;
            toks.push(Token {
                tok: Tok::Num(n),
                span: span(line, col),
            });
        } else if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_') {
                s.push(chars[k]);
                step(&mut k, &mut line, &mut col);
            }
            toks.push(Token {
                tok: Tok::Ident(s),
                span: span(line, col),
            });
        } else {
            let rest: String = chars[k..chars.len().min(k + 2)].iter().collect();
            let Some(sym) = SYMBOLS.iter().find(|s| rest.starts_with(**s)) else {
                return err(sl, sc, format!("unexpected character `{c}`"));
            };
            for _ in 0..sym.chars().count() {
                step(&mut k, &mut line, &mut col);
            }
            toks.push(Token {
                tok: Tok::Sym(sym),
                span: span(line, col),
            });
        }
    }
    toks.push(Token {
        tok: Tok::Eof,
        span: Span::point(line, col),
    });
    Ok(toks)
}

/// Words that cannot be variable or array names.
pub fn is_keyword(s: &str) -> bool {
    matches!(
        s,
        "skip"
            | "sync"
            | "let"
            | "in"
            | "if"
            | "else"
            | "for"
            | "forU"
            | "forS"
            | "true"
            | "false"
            | "param"
            | "init"
    )
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
    fn peek2(&self) -> &Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].tok
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
        err(s.line, s.col, message)
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == s)
    }
    fn eat_sym(&mut self, s: &str) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.bump();
        }
        yes
    }
    fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            self.error(format!("expected `{s}`, found {}", self.peek()))
        }
    }
    fn expect_kw(&mut self, s: &str) -> PResult<()> {
        if self.is_kw(s) {
            self.bump();
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

    fn program(&mut self, header: Header) -> PResult<Program> {
        let mut prog = Program {
            header,
            ..Program::default()
        };
        loop {
            if self.is_kw("param") {
                self.bump();
                prog.params.push(self.ident("a parameter name")?);
                while self.eat_sym(",") {
                    prog.params.push(self.ident("a parameter name")?);
                }
                self.eat_sym(";");
            } else if self.is_kw("init") {
                let start = self.span();
                self.bump();
                let array = self.ident("an array name")?;
                if prog.inits.iter().any(|i| i.array == array) {
                    return err(
                        start.line,
                        start.col,
                        format!("array `{array}` is initialised twice"),
                    );
                }
                self.expect_sym("=")?;
                self.expect_sym("[")?;
                let mut values = Vec::new();
                if !self.is_sym("]") {
                    loop {
                        match self.bump() {
                            Tok::Num(n) => values.push(n),
                            t => {
                                let s = self.prev_span();
                                return err(
                                    s.line,
                                    s.col,
                                    format!("expected a natural number, found {t}"),
                                );
                            }
                        }
                        if !self.eat_sym(",") {
                            break;
                        }
                    }
                }
                self.expect_sym("]")?;
                prog.inits.push(Init {
                    array,
                    values,
                    span: start.to(self.prev_span()),
                });
                self.eat_sym(";");
            } else {
                break;
            }
        }
        prog.body = self.block(true)?;
        Ok(prog)
    }

    /// Statements up to `}` (not consumed) or the end of file.
    fn block(&mut self, top: bool) -> PResult<Block> {
        let mut out = Vec::new();
        loop {
            match self.peek() {
                Tok::Eof if top => return Ok(out),
                Tok::Sym("}") if !top => return Ok(out),
                Tok::Eof => return self.error("expected `}` before end of file".into()),
                _ => {}
            }
            if self.is_kw("param") || self.is_kw("init") {
                return self
                    .error("declarations (`param`, `init`) must come before statements".into());
            }
            if self.is_kw("let") {
                let (s, open) = self.let_stmt(top)?;
                out.push(s);
                // A `let` without braces takes the rest of the block.
                if open {
                    return Ok(out);
                }
            } else {
                out.push(self.stmt()?);
            }
            self.eat_sym(";");
        }
    }

    fn braced(&mut self) -> PResult<Block> {
        let open = self.span();
        self.expect_sym("{")?;
        let b = self.block(false).map_err(|e| {
            if e.message.starts_with("expected `}` before end of file") {
                ParseError {
                    line: open.line,
                    col: open.col,
                    message: "unclosed `{`: expected `}` before end of file".into(),
                }
            } else {
                e
            }
        })?;
        self.expect_sym("}")?;
        Ok(b)
    }

    /// `let x = A[n] in {b}` or `let x = A[n] in b…` (rest of the block);
    /// the flag tells which.
    fn let_stmt(&mut self, top: bool) -> PResult<(Stmt, bool)> {
        let start = self.span();
        self.bump();
        let var = self.ident("a variable name")?;
        self.expect_sym("=")?;
        let array = self.ident("an array name")?;
        self.expect_sym("[")?;
        let index = self.nexp()?;
        self.expect_sym("]")?;
        self.expect_kw("in")?;
        let head = start.to(self.prev_span());
        let open = !self.is_sym("{");
        let body = if open {
            self.block(top)?
        } else {
            self.braced()?
        };
        let kind = StmtKind::Let {
            var,
            array,
            index,
            body,
        };
        Ok((Stmt::new(kind, head), open))
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
            Tok::Ident(k) if k == "if" => self.if_stmt()?,
            Tok::Ident(k) if k == "for" || k == "forU" || k == "forS" => {
                self.for_stmt(&k, start)?
            }
            Tok::Ident(a) if !is_keyword(&a) && *self.peek2() == Tok::Sym("[") => {
                self.bump();
                self.expect_sym("[")?;
                let index = self.nexp()?;
                self.expect_sym("]")?;
                self.expect_sym(":=")?;
                let value = self.nexp()?;
                StmtKind::Write {
                    array: a,
                    index,
                    value,
                }
            }
            t => {
                return self.error(format!(
                    "expected a statement (A[n] := m, let, if, for, skip, sync), found {t}"
                ))
            }
        };
        Ok(Stmt::new(kind, start.to(self.prev_span())))
    }

    fn if_stmt(&mut self) -> PResult<StmtKind> {
        self.bump();
        let cond = self.bexp()?;
        let then_branch = self.braced()?;
        let else_branch = if self.is_kw("else") {
            self.bump();
            if self.is_kw("if") {
                let start = self.span();
                let kind = self.if_stmt()?;
                vec![Stmt::new(kind, start.to(self.prev_span()))]
            } else {
                self.braced()?
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

    fn for_stmt(&mut self, kw: &str, start: Span) -> PResult<StmtKind> {
        self.bump();
        let tag = match kw {
            "forU" => Some(LoopTag::Unsync),
            "forS" => Some(LoopTag::Sync),
            _ => None,
        };
        let var = self.ident("a loop variable")?;
        if !(self.eat_sym("∈") || (self.is_kw("in") && self.bump() == Tok::Ident("in".into()))) {
            return self.error(format!(
                "expected `in` after the loop variable, found {}",
                self.peek()
            ));
        }
        let lo = self.nexp()?;
        self.expect_sym("..")?;
        let hi = self.nexp()?;
        let body = self.braced()?;
        match (tag, block_has_sync(&body)) {
            (Some(LoopTag::Unsync), true) => {
                return err(
                    start.line,
                    start.col,
                    "`sync` inside an unsynchronized loop `forU`",
                )
            }
            (Some(LoopTag::Sync), false) => {
                return err(
                    start.line,
                    start.col,
                    "synchronized loop `forS` has no `sync` in its body",
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

    // -- expressions (the grammar of `.proto`, Fig. 2 of 004) -------------

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
        if self.is_kw("true") || self.is_kw("false") {
            let d = self.is_kw("true");
            self.bump();
            return Ok(BExp::Bool(d));
        }
        let save = self.pos;
        match self.comparison() {
            Ok(b) => Ok(b),
            Err(e) if self.toks[save].tok == Tok::Sym("(") => {
                self.pos = save;
                self.bump();
                let b = self.bexp().map_err(|e2| {
                    if (e2.line, e2.col) >= (e.line, e.col) {
                        e2
                    } else {
                        e.clone()
                    }
                })?;
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
        Ok(BExp::Rel(op, a, self.nexp()?))
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
            lhs = NExp::bin(op, lhs, self.nterm()?);
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
            lhs = NExp::bin(op, lhs, self.nfactor()?);
        }
    }

    fn nfactor(&mut self) -> PResult<NExp> {
        match self.peek().clone() {
            Tok::Num(n) => {
                self.bump();
                Ok(NExp::Num(n))
            }
            Tok::Ident(x) if !is_keyword(&x) => {
                if *self.peek2() == Tok::Sym("[") {
                    return self.error(format!(
                        "array read `{x}[…]` inside an expression: bind it first with `let v = {x}[…] in …` (Fig. 5 of 004)"
                    ));
                }
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

/// Parses a `.bcu` file.
pub fn parse(src: &str) -> Result<Program, ParseError> {
    let header = crate::surface::parse::parse_header(src);
    let toks = lex(src)?;
    let mut p = Parser { toks, pos: 0 };
    p.program(header)
}
