//! Parser of the `.bcu` text format (see [`super`] for the grammar).  Errors
//! carry line and column; the expectation header is read by
//! [`crate::surface::parse::parse_header`] (same conventions as `.proto`).

use super::syntax::*;
use crate::surface::lex::{err, parser_over_token_stream, LexConfig, PResult, Tok, TokenStream};
pub use crate::surface::ParseError;

/// Symbols, longest first.
const SYMBOLS: &[&str] = &[
    ":=", "..", "==", "!=", "<=", ">=", "&&", "||", "∈", "+", "-", "*", "/", "%", "<", ">", "!",
    "(", ")", "[", "]", "{", "}", ";", ",", "=",
];

/// The `.bcu` tokens and expressions: those of `.proto` with `:=` for
/// writes, its own keywords, and array reads rejected inside expressions.
const BCU: LexConfig = LexConfig {
    symbols: SYMBOLS,
    dotted_names: false,
    is_keyword,
    reject_array_reads: true,
};

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

parser_over_token_stream!(
/// The `.bcu` statement parser over the shared token stream
/// (`crate::surface::lex`, `crate::surface::expr_parse`).
    Parser
);

impl Parser {
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
        self.enter()?;
        let s = self.let_stmt_inner(top);
        self.leave();
        s
    }

    fn let_stmt_inner(&mut self, top: bool) -> PResult<(Stmt, bool)> {
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
        self.loop_in()?;
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
}

/// Parses a `.bcu` file.
pub fn parse(src: &str) -> Result<Program, ParseError> {
    let header = crate::surface::parse::parse_header(src);
    Parser(TokenStream::new(src, &BCU)?).program(header)
}
