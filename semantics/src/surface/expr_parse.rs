//! The expression grammar shared by `.proto` and `.bcu` (Fig. 2 of
//! `seeds/004_*`, the arithmetic of `seeds/000_*`): `||` below `&&` below
//! `!`, comparisons of naturals, `+ -` below `* / %`, all left-associative.

use super::lex::{PResult, Tok, TokenStream};
use super::parse::ParseError;
use crate::expr::{BExp, NExp, NOp, ROp};

/// An operator symbol and how it combines its operands.
type BinOp<T> = (&'static str, fn(T, T) -> T);

impl TokenStream {
    pub fn bexp(&mut self) -> PResult<BExp> {
        self.left_assoc(&[("||", |a, b| BExp::or(a, b))], Self::bconj)
    }

    fn bconj(&mut self) -> PResult<BExp> {
        self.left_assoc(&[("&&", |a, b| BExp::and(a, b))], Self::bnot)
    }

    fn bnot(&mut self) -> PResult<BExp> {
        if self.eat_sym("!") {
            self.enter()?;
            let b = self.bnot()?;
            self.leave();
            return Ok(BExp::not(b));
        }
        if self.is_kw("true") || self.is_kw("false") {
            let d = self.is_kw("true");
            self.bump();
            return Ok(BExp::Bool(d));
        }
        // `( … )` may open a boolean or a numeric expression: try the
        // comparison first, and fall back to a parenthesised boolean.
        let (save, save_depth) = (self.pos, self.depth);
        match self.comparison() {
            Ok(b) => Ok(b),
            Err(e) if self.toks[save].tok == Tok::Sym("(") => {
                (self.pos, self.depth) = (save, save_depth);
                self.bump();
                self.enter()?;
                let b = self.bexp().map_err(|e2| furthest(e.clone(), e2))?;
                self.leave();
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

    pub fn nexp(&mut self) -> PResult<NExp> {
        self.left_assoc(
            &[
                ("+", |a, b| NExp::bin(NOp::Add, a, b)),
                ("-", |a, b| NExp::bin(NOp::Sub, a, b)),
            ],
            Self::nterm,
        )
    }

    fn nterm(&mut self) -> PResult<NExp> {
        self.left_assoc(
            &[
                ("*", |a, b| NExp::bin(NOp::Mul, a, b)),
                ("/", |a, b| NExp::bin(NOp::Div, a, b)),
                ("%", |a, b| NExp::bin(NOp::Mod, a, b)),
            ],
            Self::nfactor,
        )
    }

    /// `operand (op operand)*`, left-associative, for one precedence level.
    fn left_assoc<T>(
        &mut self,
        ops: &[BinOp<T>],
        operand: fn(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let mut lhs = operand(self)?;
        let mut chain = 0;
        while let Some(&(_, combine)) = ops.iter().find(|(s, _)| self.is_sym(s)) {
            self.bump();
            chain += 1;
            if let Err(e) = self.enter() {
                self.depth -= chain;
                return Err(e);
            }
            lhs = combine(lhs, operand(self)?);
        }
        self.depth -= chain;
        Ok(lhs)
    }

    fn nfactor(&mut self) -> PResult<NExp> {
        match self.peek().clone() {
            Tok::Num(n) => {
                self.bump();
                Ok(NExp::Num(n))
            }
            Tok::Ident(x) if !(self.is_keyword)(&x) => {
                if self.reject_array_reads && *self.peek2() == Tok::Sym("[") {
                    return self.error(format!(
                        "array read `{x}[…]` inside an expression: bind it first with `let v = {x}[…] in …` (Fig. 5 of 004)"
                    ));
                }
                self.bump();
                Ok(NExp::Var(x))
            }
            Tok::Sym("(") => {
                self.bump();
                self.enter()?;
                let e = self.nexp()?;
                self.leave();
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
