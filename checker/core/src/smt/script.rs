//! SMT-LIB text for one query: the [`Builder`] that declares constants,
//! writes assertions and translates expressions, with the total ℕ
//! operators or 32-bit machine integers (see [`crate::smt`]).

use crate::verdict::IntModel;
use semantics::expr::{BExp, BOp, NExp, NOp, Nat, ROp, Var};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Source variable → SMT term.
pub(super) type Env = BTreeMap<Var, String>;

/// An SMT-LIB symbol for a name (quoted: names may contain `.`).
pub(super) fn sym(name: &str) -> String {
    let clean: String = name
        .chars()
        .map(|c| if c == '|' || c == '\\' { '_' } else { c })
        .collect();
    format!("|{clean}|")
}

/// The plain name of a quoted SMT-LIB symbol (for reading models).
pub fn unquote(s: &str) -> &str {
    s.trim_start_matches('|').trim_end_matches('|')
}

/// An SMT-LIB script being written: declarations and assertions in order.
pub(super) struct Builder {
    pub(super) logic: IntModel,
    /// The declarations alone (also in `out`).
    decls: String,
    out: String,
    pub(super) fresh: usize,
    /// Has a product of two non-constants, a division or a remainder been
    /// written (the query is not linear arithmetic)?
    pub(super) nonlinear: bool,
    /// Has a remainder modulo one of C's integer moduli been written
    /// ([`is_wrap_modulus`]; ℕ model only)?
    wraps_around: bool,
}

/// A finished SMT-LIB script.
pub(super) struct Script {
    pub(super) text: String,
    /// Does it reduce modulo 2^8, 2^16, 2^32 or 2^64 (C's unsigned
    /// wrap-around and narrowing conversions, `infer::integers` of the CUDA
    /// front end)?  The solvers are chosen by it (`solve.rs`).
    pub(super) wraps_around: bool,
}

/// Is the term `t` (a divisor as written, a fixed parameter as its value)
/// the modulus of one of C's integer types: 2^8, 2^16, 2^32 or 2^64?
fn is_wrap_modulus(t: &str) -> bool {
    ["256", "65536", "4294967296", "18446744073709551616"].contains(&t)
}

impl Builder {
    pub(super) fn new(logic: IntModel) -> Builder {
        Builder {
            logic,
            decls: String::new(),
            out: String::new(),
            fresh: 0,
            nonlinear: false,
            wraps_around: false,
        }
    }

    /// The script: declarations and assertions in the order written (Z3's
    /// heuristics, hence its time on hard queries, depend on the order).
    pub(super) fn finish(self) -> Script {
        Script {
            text: self.out,
            wraps_around: self.wraps_around,
        }
    }

    /// The declarations written so far.
    pub(super) fn declarations(&self) -> &str {
        &self.decls
    }

    fn sort(&self) -> &'static str {
        match self.logic {
            IntModel::Nat => "Int",
            IntModel::Bv32 => "(_ BitVec 32)",
        }
    }

    /// Declares a natural-number constant.
    pub(super) fn declare(&mut self, name: &str) -> String {
        let s = sym(name);
        let _ = writeln!(self.decls, "(declare-const {s} {})", self.sort());
        let _ = writeln!(self.out, "(declare-const {s} {})", self.sort());
        if self.logic == IntModel::Nat {
            let _ = writeln!(self.out, "(assert (>= {s} 0))");
        }
        s
    }

    /// Declares a Boolean constant (`name` already quoted).
    pub(super) fn declare_bool(&mut self, name: &str) {
        let _ = writeln!(self.decls, "(declare-const {name} Bool)");
        let _ = writeln!(self.out, "(declare-const {name} Bool)");
    }

    pub(super) fn assert(&mut self, formula: &str) {
        let _ = writeln!(self.out, "(assert {formula})");
    }

    // -- expressions ---------------------------------------------------------

    pub(super) fn lit(&self, v: u64) -> String {
        self.num(&Nat::from(v))
    }

    pub(super) fn num(&self, v: &Nat) -> String {
        match self.logic {
            IntModel::Nat => v.to_string(),
            IntModel::Bv32 => {
                let m: Nat = v % (Nat::from(1u64) << 32);
                format!("(_ bv{m} 32)")
            }
        }
    }

    /// The SMT term of `n`; free variables not in `env` are parameters
    /// (the caller declares every parameter).
    pub(super) fn nexp(&mut self, n: &NExp, env: &Env) -> String {
        match n {
            NExp::Var(x) => env
                .get(x)
                .cloned()
                .unwrap_or_else(|| sym(&format!("p.{x}"))),
            NExp::Num(v) => self.num(v),
            NExp::Bin(op, a, b) => {
                let (a, b) = (self.nexp(a, env), self.nexp(b, env));
                self.binop(*op, a, b)
            }
        }
    }

    fn binop(&mut self, op: NOp, a: String, b: String) -> String {
        let bv = self.logic == IntModel::Bv32;
        let numeral = |t: &str| t.starts_with("(_ bv") || t.chars().all(|c| c.is_ascii_digit());
        match op {
            NOp::Mul if !numeral(&a) && !numeral(&b) => self.nonlinear = true,
            NOp::Div | NOp::Mod => self.nonlinear = true,
            _ => {}
        }
        if op == NOp::Mod && !bv && is_wrap_modulus(&b) {
            self.wraps_around = true;
        }
        match op {
            NOp::Add => format!("({} {a} {b})", if bv { "bvadd" } else { "+" }),
            NOp::Mul => format!("({} {a} {b})", if bv { "bvmul" } else { "*" }),
            NOp::Sub if bv => format!("(bvsub {a} {b})"),
            NOp::Sub => self.with_lets(a, b, |a, b| format!("(ite (>= {a} {b}) (- {a} {b}) 0)")),
            NOp::Div => {
                let (zero, div) = (self.lit(0), if bv { "bvudiv" } else { "div" });
                self.with_lets(a, b, |a, b| {
                    format!("(ite (= {b} {zero}) {zero} ({div} {a} {b}))")
                })
            }
            NOp::Mod => {
                let (zero, rem) = (self.lit(0), if bv { "bvurem" } else { "mod" });
                self.with_lets(a, b, |a, b| {
                    format!("(ite (= {b} {zero}) {a} ({rem} {a} {b}))")
                })
            }
        }
    }

    /// Binds non-atomic operands with `let` so that `ite` does not duplicate them.
    fn with_lets(
        &mut self,
        a: String,
        b: String,
        body: impl FnOnce(&str, &str) -> String,
    ) -> String {
        let mut binds = Vec::new();
        let mut bind = |t: String, this: &mut Builder| {
            if !t.starts_with('(') {
                return t;
            }
            this.fresh += 1;
            let name = format!("|${}|", this.fresh);
            binds.push(format!("({name} {t})"));
            name
        };
        let a = bind(a, self);
        let b = bind(b, self);
        let inner = body(&a, &b);
        if binds.is_empty() {
            inner
        } else {
            format!("(let ({}) {inner})", binds.join(" "))
        }
    }

    pub(super) fn rel(&self, op: ROp, a: &str, b: &str) -> String {
        let bv = self.logic == IntModel::Bv32;
        let f = match op {
            ROp::Eq => "=",
            ROp::Ne => "distinct",
            ROp::Lt if bv => "bvult",
            ROp::Le if bv => "bvule",
            ROp::Gt if bv => "bvugt",
            ROp::Ge if bv => "bvuge",
            ROp::Lt => "<",
            ROp::Le => "<=",
            ROp::Gt => ">",
            ROp::Ge => ">=",
        };
        format!("({f} {a} {b})")
    }

    pub(super) fn bexp(&mut self, b: &BExp, env: &Env) -> String {
        match b {
            BExp::Bool(d) => d.to_string(),
            BExp::Rel(op, x, y) => {
                let (x, y) = (self.nexp(x, env), self.nexp(y, env));
                self.rel(*op, &x, &y)
            }
            BExp::Bin(op, x, y) => {
                let (x, y) = (self.bexp(x, env), self.bexp(y, env));
                let f = match op {
                    BOp::And => "and",
                    BOp::Or => "or",
                };
                format!("({f} {x} {y})")
            }
            BExp::Not(x) => format!("(not {})", self.bexp(x, env)),
        }
    }
}

pub(super) fn or_all(items: &[String]) -> String {
    match items.len() {
        0 => "false".into(),
        1 => items[0].clone(),
        _ => format!("(or {})", items.join(" ")),
    }
}

pub(super) fn and_all(items: &[String]) -> String {
    match items.len() {
        0 => "true".into(),
        1 => items[0].clone(),
        _ => format!("(and {})", items.join(" ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_quoted_without_quote_characters() {
        assert_eq!(sym("c0.s1.x"), "|c0.s1.x|");
        assert_eq!(sym("a|b\\c"), "|a_b_c|");
        assert_eq!(unquote(&sym("t1.tid")), "t1.tid");
    }

    #[test]
    fn monus_binds_compound_operands_once_and_atoms_not_at_all() {
        let mut b = Builder::new(IntModel::Nat);
        let atoms = b.binop(NOp::Sub, "a".into(), "b".into());
        assert_eq!(atoms, "(ite (>= a b) (- a b) 0)");
        let compound = b.binop(NOp::Sub, "(+ a 1)".into(), "b".into());
        assert_eq!(
            compound,
            "(let ((|$1| (+ a 1))) (ite (>= |$1| b) (- |$1| b) 0))"
        );
    }

    #[test]
    fn bv32_literals_are_reduced_modulo_two_to_the_32() {
        let b = Builder::new(IntModel::Bv32);
        let big = Nat::from(1u64 << 32) + Nat::from(5u32);
        assert_eq!(b.num(&big), "(_ bv5 32)");
    }
}
