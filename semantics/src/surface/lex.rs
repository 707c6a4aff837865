//! The lexer and token stream shared by the `.proto` parser ([`super::parse`])
//! and the `.bcu` parser (`crate::babycuda::parse`).  Both formats have the
//! same tokens (identifiers, naturals, symbols, `//` and `/* */` comments);
//! they differ in their symbol sets, their keywords and whether dotted names
//! such as `threadIdx.x` are one identifier ([`LexConfig`]).  Every token
//! carries its span, so errors carry line and column.

use super::ast::Span;
use super::parse::ParseError;
use crate::expr::Nat;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
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
pub(crate) struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// What distinguishes the two formats' lexical and expression syntax.
pub(crate) struct LexConfig {
    /// Symbols, longest first so that `..` wins over `.` and `<=` over `<`.
    pub symbols: &'static [&'static str],
    /// Dotted names such as `threadIdx.x` are one identifier (CUDA built-ins).
    pub dotted_names: bool,
    /// Words that cannot be variable names.
    pub is_keyword: fn(&str) -> bool,
    /// `A[…]` inside an expression is an error pointing at `let` (`.bcu`).
    pub reject_array_reads: bool,
}

/// A syntax error at a line and column.
pub(crate) fn err<T>(line: u32, col: u32, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        line,
        col,
        message: message.into(),
    })
}

pub(crate) fn lex(src: &str, cfg: &LexConfig) -> Result<Vec<Token>, ParseError> {
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
            let Ok(n) = s.parse::<Nat>() else {
                return err(sl, sc, "bad number");
            };
            toks.push(Token {
                tok: Tok::Num(n),
                span: span(line, col),
            });
        } else if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            let dotted = |k: usize| {
                cfg.dotted_names
                    && chars[k] == '.'
                    && chars.get(k + 1).is_some_and(|c| c.is_alphabetic())
            };
            while k < chars.len() && (chars[k].is_alphanumeric() || chars[k] == '_' || dotted(k)) {
                s.push(chars[k]);
                step(&mut k, &mut line, &mut col);
            }
            toks.push(Token {
                tok: Tok::Ident(s),
                span: span(line, col),
            });
        } else {
            let rest: String = chars[k..chars.len().min(k + 2)].iter().collect();
            let Some(sym) = cfg.symbols.iter().find(|s| rest.starts_with(**s)) else {
                return err(sl, sc, unexpected_character(c));
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

/// An unexpected character, named when it is invisible.
fn unexpected_character(c: char) -> String {
    let name = match c {
        '\u{feff}' => Some("a byte order mark; save the file as UTF-8 without BOM"),
        '\0' => Some("a NUL byte"),
        '\u{a0}' => Some("a non-breaking space"),
        '\u{200b}' => Some("a zero-width space"),
        c if c.is_control() || c.is_whitespace() => Some("an invisible character"),
        _ => None,
    };
    match name {
        Some(n) => format!("unexpected character U+{:04X} ({n})", c as u32),
        None => format!("unexpected character `{c}`"),
    }
}

pub(crate) type PResult<T> = Result<T, ParseError>;

/// A cursor over the tokens, with the helpers both parsers use.  The
/// expression grammar is in [`super::expr_parse`].
pub(crate) struct TokenStream {
    pub toks: Vec<Token>,
    pub pos: usize,
    pub is_keyword: fn(&str) -> bool,
    pub reject_array_reads: bool,
    /// Current nesting (see [`TokenStream::enter`]).
    pub depth: usize,
}

impl TokenStream {
    /// Lexes `src`.
    pub fn new(src: &str, cfg: &LexConfig) -> PResult<TokenStream> {
        Ok(TokenStream {
            toks: lex(src, cfg)?,
            pos: 0,
            is_keyword: cfg.is_keyword,
            reject_array_reads: cfg.reject_array_reads,
            depth: 0,
        })
    }
    /// One more level of nesting: a statement inside a block, a `let`, a
    /// parenthesis, a `!`, or one more operator of a chain (`a + b + …` is a
    /// tree as deep as it is long).  Everything after the parser recurses on
    /// this nesting, so past [`crate::limits::MAX_NESTING`] the input is
    /// rejected here, at the token that goes too deep.  Pair with
    /// [`TokenStream::leave`].
    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > crate::limits::MAX_NESTING {
            return self.error(crate::limits::nesting_message());
        }
        Ok(())
    }
    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }
    pub fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }
    pub fn peek2(&self) -> &Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].tok
    }
    pub fn span(&self) -> Span {
        self.toks[self.pos].span
    }
    pub fn prev_span(&self) -> Span {
        self.toks[self.pos.saturating_sub(1)].span
    }
    pub fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].tok.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }
    /// An error at the current token.
    pub fn error<T>(&self, message: String) -> PResult<T> {
        let s = self.span();
        err(s.line, s.col, message)
    }
    pub fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }
    pub fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == s)
    }
    pub fn eat_sym(&mut self, s: &str) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.bump();
        }
        yes
    }
    pub fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            self.error(format!("expected `{s}`, found {}", self.peek()))
        }
    }
    pub fn expect_kw(&mut self, s: &str) -> PResult<()> {
        if self.is_kw(s) {
            self.bump();
            Ok(())
        } else {
            self.error(format!("expected `{s}`, found {}", self.peek()))
        }
    }
    /// A name that is not a keyword.
    pub fn ident(&mut self, what: &str) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(s) if !(self.is_keyword)(&s) => {
                self.bump();
                Ok(s)
            }
            t => self.error(format!("expected {what}, found {t}")),
        }
    }
    /// `in` or `∈` after a loop variable.
    pub fn loop_in(&mut self) -> PResult<()> {
        if self.eat_sym("∈") {
            Ok(())
        } else if self.is_kw("in") {
            self.bump();
            Ok(())
        } else {
            self.error(format!(
                "expected `in` after the loop variable, found {}",
                self.peek()
            ))
        }
    }
}

/// Declares a statement parser `struct $name(TokenStream)` that derefs to
/// the shared token stream, so that `self.peek()`, `self.nexp()`, … work in
/// its methods.
macro_rules! parser_over_token_stream {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        struct $name($crate::surface::lex::TokenStream);

        impl std::ops::Deref for $name {
            type Target = $crate::surface::lex::TokenStream;
            fn deref(&self) -> &Self::Target {
                &self.0
            }
        }

        impl std::ops::DerefMut for $name {
            fn deref_mut(&mut self) -> &mut Self::Target {
                &mut self.0
            }
        }
    };
}
pub(crate) use parser_over_token_stream;
