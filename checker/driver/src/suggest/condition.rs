//! The conditions a precondition is built of, as C expressions: written
//! as the user would write them (`n >= gridDim.x * blockDim.x`) and
//! evaluated with C's rules on the values of a witness — integer
//! promotions, the usual arithmetic conversions, unsigned wrap-around —
//! so that a candidate the witness already satisfies is not checked at
//! all.  The evaluation only orders the search: whether a condition makes
//! a kernel race-free is decided by checking the kernel with it.

use num_bigint::BigInt;
use std::collections::BTreeMap;
use std::fmt;

/// A C integer type by width and signedness.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CType {
    pub bits: u32,
    pub signed: bool,
}

/// `int`, the type of a small literal and of every promoted narrow value.
const INT: CType = CType {
    bits: 32,
    signed: true,
};

/// `unsigned int`, the type of `blockDim.x` and `gridDim.x`.
pub const UNSIGNED: CType = CType {
    bits: 32,
    signed: false,
};

/// The values a condition is evaluated on: C names with their values and
/// types.
pub type Env = BTreeMap<String, (BigInt, CType)>;

/// An integer term: a name (a parameter, `blockDim.x`), a literal, or a
/// product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Name(String),
    Num(i64),
    Mul(Box<Term>, Box<Term>),
}

/// A condition: a comparison, a remainder of 0, or a conjunction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    Ge(Term, Term),
    Le(Term, Term),
    Eq(Term, Term),
    /// `a % b == 0`
    Multiple(Term, Term),
    And(Box<Cond>, Box<Cond>),
}

impl Term {
    pub fn name(n: &str) -> Term {
        Term::Name(n.to_string())
    }

    pub fn times(self, other: Term) -> Term {
        Term::Mul(Box::new(self), Box::new(other))
    }

    /// The term's C value and type, or `None` when a name has no value.
    fn eval(&self, env: &Env) -> Option<(BigInt, CType)> {
        match self {
            Term::Name(n) => env
                .get(n)
                .map(|(v, t)| (wrap(v.clone(), promote(*t)), promote(*t))),
            Term::Num(k) => Some((BigInt::from(*k), INT)),
            Term::Mul(a, b) => {
                let (a, b, t) = converted(a.eval(env)?, b.eval(env)?);
                Some((wrap(a * b, t), t))
            }
        }
    }
}

impl Cond {
    pub fn and(self, other: Cond) -> Cond {
        Cond::And(Box::new(self), Box::new(other))
    }

    /// Whether the condition holds of `env` in C, or `None` when a name
    /// has no value there (or a remainder is by 0).
    pub fn holds(&self, env: &Env) -> Option<bool> {
        let pair = |a: &Term, b: &Term| -> Option<(BigInt, BigInt)> {
            let (a, b, _) = converted(a.eval(env)?, b.eval(env)?);
            Some((a, b))
        };
        match self {
            Cond::Ge(a, b) => pair(a, b).map(|(a, b)| a >= b),
            Cond::Le(a, b) => pair(a, b).map(|(a, b)| a <= b),
            Cond::Eq(a, b) => pair(a, b).map(|(a, b)| a == b),
            Cond::Multiple(a, b) => {
                let (a, b) = pair(a, b)?;
                (b != BigInt::from(0)).then(|| (a % b) == BigInt::from(0))
            }
            Cond::And(a, b) => match (a.holds(env), b.holds(env)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
        }
    }
}

/// C's integer promotion: a type narrower than `int` becomes `int`.
fn promote(t: CType) -> CType {
    if t.bits < 32 {
        INT
    } else {
        t
    }
}

/// The usual arithmetic conversions of two promoted operands (C11
/// 6.3.1.8): the common type, and both values converted to it.
fn converted(a: (BigInt, CType), b: (BigInt, CType)) -> (BigInt, BigInt, CType) {
    let t = common(a.1, b.1);
    (wrap(a.0, t), wrap(b.0, t), t)
}

fn common(a: CType, b: CType) -> CType {
    if a.signed == b.signed {
        return if a.bits >= b.bits { a } else { b };
    }
    let (s, u) = if a.signed { (a, b) } else { (b, a) };
    if u.bits >= s.bits {
        u
    } else {
        // The signed type is wider, so it holds every value of the
        // unsigned one.
        s
    }
}

/// `v` converted to `t`: reduced modulo 2^bits into the type's range.
fn wrap(v: BigInt, t: CType) -> BigInt {
    let m = BigInt::from(1) << t.bits;
    let mut r = ((v % &m) + &m) % &m;
    if t.signed && r >= (&m >> 1) {
        r -= m;
    }
    r
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Name(n) => f.write_str(n),
            Term::Num(k) => write!(f, "{k}"),
            Term::Mul(a, b) => write!(f, "{a} * {b}"),
        }
    }
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cond::Ge(a, b) => write!(f, "{a} >= {b}"),
            Cond::Le(a, b) => write!(f, "{a} <= {b}"),
            Cond::Eq(a, b) => write!(f, "{a} == {b}"),
            Cond::Multiple(a, b) => match b {
                Term::Mul(..) => write!(f, "{a} % ({b}) == 0"),
                _ => write!(f, "{a} % {b} == 0"),
            },
            Cond::And(a, b) => write!(f, "{a} && {b}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(entries: &[(&str, i64, CType)]) -> Env {
        entries
            .iter()
            .map(|(n, v, t)| (n.to_string(), (BigInt::from(*v), *t)))
            .collect()
    }

    const LONG: CType = CType {
        bits: 64,
        signed: true,
    };

    #[test]
    fn a_negative_int_compared_with_an_unsigned_dimension_is_converted() {
        // C: `n >= blockDim.x` with int n = -1 converts n to 4294967295.
        let e = env(&[("n", -1, INT), ("blockDim.x", 256, UNSIGNED)]);
        let c = Cond::Ge(Term::name("n"), Term::name("blockDim.x"));
        assert_eq!(c.holds(&e), Some(true));
        // A long keeps its sign: long is wider than unsigned int.
        let e = env(&[("n", -1, LONG), ("blockDim.x", 256, UNSIGNED)]);
        assert_eq!(c.holds(&e), Some(false));
    }

    #[test]
    fn the_product_of_two_dimensions_wraps_as_unsigned_int() {
        let e = env(&[
            ("w", 5, INT),
            ("gridDim.x", 1 << 22, UNSIGNED),
            ("blockDim.x", 1 << 10, UNSIGNED),
        ]);
        let c = Cond::Ge(
            Term::name("w"),
            Term::name("gridDim.x").times(Term::name("blockDim.x")),
        );
        // 2^32 wraps to 0.
        assert_eq!(c.holds(&e), Some(true));
        assert_eq!(c.to_string(), "w >= gridDim.x * blockDim.x");
    }

    #[test]
    fn sign_bounds_multiples_and_conjunctions() {
        let e = env(&[("n", 100, INT), ("blockDim.x", 32, UNSIGNED)]);
        let ge0 = Cond::Ge(Term::name("n"), Term::Num(0));
        let mult = Cond::Multiple(Term::name("n"), Term::name("blockDim.x"));
        assert_eq!(ge0.holds(&e), Some(true));
        assert_eq!(mult.holds(&e), Some(false));
        assert_eq!(ge0.clone().and(mult.clone()).holds(&e), Some(false));
        assert_eq!(ge0.and(mult).to_string(), "n >= 0 && n % blockDim.x == 0");
        let unknown = Cond::Ge(Term::name("m"), Term::Num(0));
        assert_eq!(unknown.holds(&e), None);
    }
}
