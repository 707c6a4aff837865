//! Numeric and boolean expressions — Fig. 2 (syntax), Fig. 3 (free variables)
//! and Fig. 4 (big-step semantics) of `seeds/000_*` (Cogumbreiro et al.,
//! "Memory Access Protocols: Certified Data-Race Freedom for GPU Kernels").
//!
//! Numbers are naturals ℕ (arbitrary precision).  The abstract operators `⋆`,
//! `◇`, `∘` of the paper are instantiated with *total* functions over ℕ
//! (`docs/proto-format.md`, "Numbers"): `a - b` is monus, `a / 0 = 0`, `a % 0 = a`.
//! Negation `!b` is an extension of the paper's grammar (it is expressible
//! with comparisons, but kernels use it everywhere).

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{CheckedSub, Zero};
use std::collections::BTreeSet;
use std::fmt;

/// A natural number `i ∈ ℕ`.
pub type Nat = BigUint;

/// A variable name `x`.  The thread identifier is the variable [`TID`].
pub type Var = String;

/// The name of the thread-identifier variable `tid`.
pub const TID: &str = "tid";

/// Binary numeric operators `⋆` (Fig. 2), all total on ℕ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NOp {
    Add,
    /// Monus: `a - b = 0` when `b > a`.
    Sub,
    Mul,
    /// `a / 0 = 0`.
    Div,
    /// `a % 0 = a`.
    Mod,
}

/// Comparison operators `◇` (Fig. 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ROp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Boolean connectives `∘` (Fig. 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BOp {
    And,
    Or,
}

/// Numeric expressions `n ::= x | i | n ⋆ n` (Fig. 2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NExp {
    Var(Var),
    Num(Nat),
    Bin(NOp, Box<NExp>, Box<NExp>),
}

/// Boolean expressions `b ::= d | n ◇ n | b ∘ b` (Fig. 2), plus `!b`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BExp {
    Bool(bool),
    Rel(ROp, NExp, NExp),
    Bin(BOp, Box<BExp>, Box<BExp>),
    Not(Box<BExp>),
}

/// Why an expression has no big-step derivation: by Lemma 1 this happens
/// exactly when the expression is open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// A free variable of the expression (there is no rule for variables).
    pub free_var: Var,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no derivation: variable `{}` is free (Fig. 4 has no rule for variables)",
            self.free_var
        )
    }
}

impl std::error::Error for Stuck {}

// ---------------------------------------------------------------------------
// Constructors (convenience for tests, parsers and transformations)
// ---------------------------------------------------------------------------

impl NExp {
    pub fn var(x: &str) -> NExp {
        NExp::Var(x.to_string())
    }
    pub fn num(i: u64) -> NExp {
        NExp::Num(Nat::from(i))
    }
    pub fn tid() -> NExp {
        NExp::var(TID)
    }
    pub fn bin(op: NOp, a: NExp, b: NExp) -> NExp {
        NExp::Bin(op, Box::new(a), Box::new(b))
    }
    #[allow(clippy::should_implement_trait)] // named after the paper's `n + m`, not std::ops
    pub fn add(a: NExp, b: NExp) -> NExp {
        NExp::bin(NOp::Add, a, b)
    }
    #[allow(clippy::should_implement_trait)]
    pub fn sub(a: NExp, b: NExp) -> NExp {
        NExp::bin(NOp::Sub, a, b)
    }
    #[allow(clippy::should_implement_trait)]
    pub fn mul(a: NExp, b: NExp) -> NExp {
        NExp::bin(NOp::Mul, a, b)
    }
}

impl BExp {
    pub fn rel(op: ROp, a: NExp, b: NExp) -> BExp {
        BExp::Rel(op, a, b)
    }
    pub fn and(a: BExp, b: BExp) -> BExp {
        BExp::Bin(BOp::And, Box::new(a), Box::new(b))
    }
    pub fn or(a: BExp, b: BExp) -> BExp {
        BExp::Bin(BOp::Or, Box::new(a), Box::new(b))
    }
    #[allow(clippy::should_implement_trait)]
    pub fn not(a: BExp) -> BExp {
        BExp::Not(Box::new(a))
    }
}

// ---------------------------------------------------------------------------
// The abstract operators, made total (`docs/proto-format.md`, "Numbers")
// ---------------------------------------------------------------------------

/// `⋆(i, j)`: total arithmetic on ℕ.
pub fn apply_nop(op: NOp, i: &Nat, j: &Nat) -> Nat {
    match op {
        NOp::Add => i + j,
        NOp::Sub => i.checked_sub(j).unwrap_or_else(Nat::zero),
        NOp::Mul => i * j,
        NOp::Div if j.is_zero() => Nat::zero(),
        NOp::Div => i.div_floor(j),
        NOp::Mod if j.is_zero() => i.clone(),
        NOp::Mod => i.mod_floor(j),
    }
}

/// `◇(i, j)`.
pub fn apply_rop(op: ROp, i: &Nat, j: &Nat) -> bool {
    match op {
        ROp::Eq => i == j,
        ROp::Ne => i != j,
        ROp::Lt => i < j,
        ROp::Le => i <= j,
        ROp::Gt => i > j,
        ROp::Ge => i >= j,
    }
}

/// `∘(d, d')`.
pub fn apply_bop(op: BOp, d: bool, e: bool) -> bool {
    match op {
        BOp::And => d && e,
        BOp::Or => d || e,
    }
}

// ---------------------------------------------------------------------------
// Fig. 3: free variables
// ---------------------------------------------------------------------------

impl NExp {
    /// `fv(n)` (Fig. 3).
    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    /// `x ∈ fv(n)`, without building the set.
    pub fn mentions(&self, x: &str) -> bool {
        match self {
            NExp::Var(y) => y == x,
            NExp::Num(_) => false,
            NExp::Bin(_, a, b) => a.mentions(x) || b.mentions(x),
        }
    }

    pub(crate) fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            NExp::Var(x) => {
                out.insert(x.clone());
            }
            NExp::Num(_) => {}
            NExp::Bin(_, a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
        }
    }
}

impl BExp {
    /// `fv(b)` (Fig. 3).
    pub fn fv(&self) -> BTreeSet<Var> {
        let mut out = BTreeSet::new();
        self.collect_fv(&mut out);
        out
    }

    /// `x ∈ fv(b)`, without building the set.
    pub fn mentions(&self, x: &str) -> bool {
        match self {
            BExp::Bool(_) => false,
            BExp::Rel(_, a, b) => a.mentions(x) || b.mentions(x),
            BExp::Bin(_, a, b) => a.mentions(x) || b.mentions(x),
            BExp::Not(a) => a.mentions(x),
        }
    }

    pub(crate) fn collect_fv(&self, out: &mut BTreeSet<Var>) {
        match self {
            BExp::Bool(_) => {}
            BExp::Rel(_, a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
            BExp::Bin(_, a, b) => {
                a.collect_fv(out);
                b.collect_fv(out);
            }
            BExp::Not(a) => a.collect_fv(out),
        }
    }
}

// ---------------------------------------------------------------------------
// Substitution `[x := n]`.  Expressions have no binders, so substitution is
// plain replacement; protocols (which bind loop variables) rename where needed.
// ---------------------------------------------------------------------------

impl NExp {
    /// `n[x := m]`.
    pub fn subst(&self, x: &str, m: &NExp) -> NExp {
        match self {
            NExp::Var(y) if y == x => m.clone(),
            NExp::Var(_) | NExp::Num(_) => self.clone(),
            NExp::Bin(op, a, b) => NExp::bin(*op, a.subst(x, m), b.subst(x, m)),
        }
    }
}

impl BExp {
    /// `b[x := m]`.
    pub fn subst(&self, x: &str, m: &NExp) -> BExp {
        match self {
            BExp::Bool(_) => self.clone(),
            BExp::Rel(op, a, b) => BExp::Rel(*op, a.subst(x, m), b.subst(x, m)),
            BExp::Bin(op, a, b) => BExp::Bin(*op, Box::new(a.subst(x, m)), Box::new(b.subst(x, m))),
            BExp::Not(a) => BExp::not(a.subst(x, m)),
        }
    }
}

// ---------------------------------------------------------------------------
// Fig. 4: big-step semantics `n ↓ i` and `b ↓ d`
// ---------------------------------------------------------------------------

impl NExp {
    /// `n ↓ i` (Fig. 4, rules NAT and N-BIN).  Defined iff `n` is closed
    /// (Lemma 1, `n_step_iff_closed`, `faial-coq/src/NExp.v`); a function, hence
    /// deterministic (Lemma 2, `n_step_fun`).
    pub fn eval(&self) -> Result<Nat, Stuck> {
        match self {
            NExp::Num(i) => Ok(i.clone()),
            NExp::Var(x) => Err(Stuck {
                free_var: x.clone(),
            }),
            NExp::Bin(op, a, b) => {
                let i = a.eval()?;
                let j = b.eval()?;
                Ok(apply_nop(*op, &i, &j))
            }
        }
    }
}

impl BExp {
    /// `b ↓ d` (Fig. 4, rules BOOL, N-REL and B-BIN).  Defined iff `b` is closed
    /// (Lemma 1, `b_step_iff_closed`, `faial-coq/src/BExp.v`).  Both operands are
    /// evaluated (no short circuit), exactly as in rule B-BIN.
    pub fn eval(&self) -> Result<bool, Stuck> {
        match self {
            BExp::Bool(d) => Ok(*d),
            BExp::Rel(op, a, b) => {
                let i = a.eval()?;
                let j = b.eval()?;
                Ok(apply_rop(*op, &i, &j))
            }
            BExp::Bin(op, a, b) => {
                let d = a.eval()?;
                let e = b.eval()?;
                Ok(apply_bop(*op, d, e))
            }
            BExp::Not(a) => Ok(!a.eval()?),
        }
    }
}

// ---------------------------------------------------------------------------
// Printing (the `.proto` text syntax; fully parenthesised where needed)
// ---------------------------------------------------------------------------

impl NOp {
    pub fn symbol(self) -> &'static str {
        match self {
            NOp::Add => "+",
            NOp::Sub => "-",
            NOp::Mul => "*",
            NOp::Div => "/",
            NOp::Mod => "%",
        }
    }
    /// Binding strength used by the printer and the parser.
    pub fn precedence(self) -> u8 {
        match self {
            NOp::Add | NOp::Sub => 1,
            NOp::Mul | NOp::Div | NOp::Mod => 2,
        }
    }
}

impl ROp {
    pub fn symbol(self) -> &'static str {
        match self {
            ROp::Eq => "==",
            ROp::Ne => "!=",
            ROp::Lt => "<",
            ROp::Le => "<=",
            ROp::Gt => ">",
            ROp::Ge => ">=",
        }
    }
}

impl BOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BOp::And => "&&",
            BOp::Or => "||",
        }
    }
    pub fn precedence(self) -> u8 {
        match self {
            BOp::Or => 1,
            BOp::And => 2,
        }
    }
}

impl NExp {
    fn fmt_prec(&self, f: &mut fmt::Formatter<'_>, min_prec: u8) -> fmt::Result {
        match self {
            NExp::Var(x) => write!(f, "{x}"),
            NExp::Num(i) => write!(f, "{i}"),
            NExp::Bin(op, a, b) => {
                let p = op.precedence();
                let paren = p < min_prec;
                if paren {
                    write!(f, "(")?;
                }
                // Left-associative: the right operand needs a strictly tighter binding.
                a.fmt_prec(f, p)?;
                write!(f, " {} ", op.symbol())?;
                b.fmt_prec(f, p + 1)?;
                if paren {
                    write!(f, ")")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for NExp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_prec(f, 0)
    }
}

impl BExp {
    fn fmt_prec(&self, f: &mut fmt::Formatter<'_>, min_prec: u8) -> fmt::Result {
        match self {
            BExp::Bool(d) => write!(f, "{d}"),
            BExp::Rel(op, a, b) => write!(f, "{a} {} {b}", op.symbol()),
            BExp::Bin(op, a, b) => {
                let p = op.precedence();
                let paren = p < min_prec;
                if paren {
                    write!(f, "(")?;
                }
                a.fmt_prec(f, p)?;
                write!(f, " {} ", op.symbol())?;
                b.fmt_prec(f, p + 1)?;
                if paren {
                    write!(f, ")")?;
                }
                Ok(())
            }
            BExp::Not(a) => {
                write!(f, "!")?;
                match **a {
                    BExp::Bool(_) | BExp::Not(_) => a.fmt_prec(f, 3),
                    _ => {
                        write!(f, "(")?;
                        a.fmt_prec(f, 0)?;
                        write!(f, ")")
                    }
                }
            }
        }
    }
}

impl fmt::Display for BExp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_prec(f, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(i: u64) -> Nat {
        Nat::from(i)
    }

    #[test]
    fn total_operators_follow_design_md() {
        assert_eq!(apply_nop(NOp::Sub, &n(2), &n(5)), n(0));
        assert_eq!(apply_nop(NOp::Sub, &n(5), &n(2)), n(3));
        assert_eq!(apply_nop(NOp::Div, &n(7), &n(0)), n(0));
        assert_eq!(apply_nop(NOp::Div, &n(7), &n(2)), n(3));
        assert_eq!(apply_nop(NOp::Mod, &n(7), &n(0)), n(7));
        assert_eq!(apply_nop(NOp::Mod, &n(7), &n(3)), n(1));
    }

    #[test]
    fn lemma1_open_terms_have_no_derivation() {
        let e = NExp::add(NExp::tid(), NExp::num(1));
        assert_eq!(
            e.eval(),
            Err(Stuck {
                free_var: "tid".into()
            })
        );
        let closed = e.subst(TID, &NExp::num(4));
        assert_eq!(closed.eval(), Ok(n(5)));
        let b = BExp::rel(ROp::Lt, NExp::var("x"), NExp::num(1));
        assert!(b.eval().is_err());
        assert_eq!(b.subst("x", &NExp::num(0)).eval(), Ok(true));
    }

    #[test]
    fn printing_respects_precedence() {
        let e = NExp::mul(NExp::add(NExp::var("a"), NExp::num(1)), NExp::var("b"));
        assert_eq!(e.to_string(), "(a + 1) * b");
        let e = NExp::sub(NExp::var("a"), NExp::sub(NExp::var("b"), NExp::var("c")));
        assert_eq!(e.to_string(), "a - (b - c)");
        let b = BExp::and(
            BExp::or(BExp::Bool(true), BExp::Bool(false)),
            BExp::not(BExp::rel(ROp::Lt, NExp::num(1), NExp::num(2))),
        );
        assert_eq!(b.to_string(), "(true || false) && !(1 < 2)");
    }
}
