//! Integers of C as differences of naturals.  Protocol arithmetic is over ℕ
//! with monus (`docs/proto-format.md`, "Numbers"), but C indices and bounds are signed:
//! `i - 1 >= 0` is false for `i = 0` in C and true in ℕ.  We keep every
//! integer value as `pos - neg` with `pos`, `neg` free of subtraction, which
//! is exact over ℤ for `+ - *`.  Comparisons move `neg` to the other side
//! (`a - b < c` becomes `a < c + b`), so they are exact too; an index
//! `pos - neg` is emitted with a single outer monus, so negative indices
//! (undefined behaviour in C) collapse to 0 and can only add alarms.

use num_traits::ToPrimitive;
use semantics::expr::{BExp, NExp, NOp, Nat, ROp};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lin {
    pub pos: NExp,
    pub neg: NExp,
}

fn is_num(e: &NExp, i: u64) -> bool {
    matches!(e, NExp::Num(n) if *n == Nat::from(i))
}

/// `a + b`, folding constants.
pub fn add(a: NExp, b: NExp) -> NExp {
    match (&a, &b) {
        _ if is_num(&a, 0) => b,
        _ if is_num(&b, 0) => a,
        (NExp::Num(x), NExp::Num(y)) => NExp::Num(x + y),
        _ => NExp::add(a, b),
    }
}

/// `a * b`, folding constants.
pub fn mul(a: NExp, b: NExp) -> NExp {
    match (&a, &b) {
        _ if is_num(&a, 0) || is_num(&b, 0) => NExp::num(0),
        _ if is_num(&a, 1) => b,
        _ if is_num(&b, 1) => a,
        (NExp::Num(x), NExp::Num(y)) => NExp::Num(x * y),
        _ => NExp::mul(a, b),
    }
}

/// `e / c` when `c` divides each term of the sum `e` (a constant or a
/// product with such a factor); `None` otherwise.
fn divide_terms(e: &NExp, c: &Nat) -> Option<NExp> {
    match e {
        NExp::Num(k) => (k % c == Nat::from(0u8)).then(|| NExp::Num(k / c)),
        NExp::Bin(NOp::Add, a, b) => Some(add(divide_terms(a, c)?, divide_terms(b, c)?)),
        NExp::Bin(NOp::Mul, a, b) => match divide_terms(a, c) {
            Some(q) => Some(mul(q, (**b).clone())),
            None => Some(mul((**a).clone(), divide_terms(b, c)?)),
        },
        _ => None,
    }
}

impl Lin {
    pub fn nat(e: NExp) -> Lin {
        Lin {
            pos: e,
            neg: NExp::num(0),
        }
    }
    pub fn int(i: i128) -> Lin {
        let n = NExp::Num(Nat::from(i.unsigned_abs()));
        if i < 0 {
            Lin {
                pos: NExp::num(0),
                neg: n,
            }
        } else {
            Lin::nat(n)
        }
    }
    pub fn var(x: &str) -> Lin {
        Lin::nat(NExp::var(x))
    }
    /// Known to be non-negative (no subtracted part).
    pub fn is_nat(&self) -> bool {
        is_num(&self.neg, 0)
    }
    /// The value when it is a constant.
    pub fn constant(&self) -> Option<i128> {
        match (&self.pos, &self.neg) {
            (NExp::Num(p), NExp::Num(n)) => Some(p.to_i128()? - n.to_i128()?),
            _ => None,
        }
    }
    pub fn add(&self, o: &Lin) -> Lin {
        Lin {
            pos: add(self.pos.clone(), o.pos.clone()),
            neg: add(self.neg.clone(), o.neg.clone()),
        }
        .fold()
    }
    pub fn neg(&self) -> Lin {
        Lin {
            pos: self.neg.clone(),
            neg: self.pos.clone(),
        }
    }
    pub fn sub(&self, o: &Lin) -> Lin {
        self.add(&o.neg())
    }
    pub fn mul(&self, o: &Lin) -> Lin {
        let (a, b, c, d) = (&self.pos, &self.neg, &o.pos, &o.neg);
        Lin {
            pos: add(mul(a.clone(), c.clone()), mul(b.clone(), d.clone())),
            neg: add(mul(a.clone(), d.clone()), mul(b.clone(), c.clone())),
        }
        .fold()
    }
    /// `a op b` for `/` and `%` when both are non-negative (C truncation
    /// agrees with ℕ there); `None` otherwise.
    pub fn divmod(&self, op: NOp, o: &Lin) -> Option<Lin> {
        if let Some(q) = self.divided_exactly(o) {
            // Every term a multiple of the divisor: exact for any sign.
            return Some(match op {
                NOp::Div => q,
                _ => Lin::int(0),
            });
        }
        (self.is_nat() && o.is_nat())
            .then(|| Lin::nat(NExp::bin(op, self.pos.clone(), o.pos.clone())).fold())
    }

    /// `self / c` for a positive constant `c` that divides every term of
    /// both parts (`(2 * a + 4 * b) / 2` is `a + 2 * b`).
    pub fn divided_exactly(&self, o: &Lin) -> Option<Lin> {
        let c = Nat::from(u128::try_from(o.constant()?).ok().filter(|c| *c > 0)?);
        Some(Lin {
            pos: divide_terms(&self.pos, &c)?,
            neg: divide_terms(&self.neg, &c)?,
        })
    }
    /// The number of nodes of both sides, counted up to `limit` (values
    /// bigger than a budget become unknowns: see `infer::expressions`).
    pub fn size_up_to(&self, limit: usize) -> usize {
        fn count(e: &NExp, n: &mut usize, limit: usize) {
            if *n >= limit {
                return;
            }
            *n += 1;
            if let NExp::Bin(_, a, b) = e {
                count(a, n, limit);
                count(b, n, limit);
            }
        }
        let mut n = 0;
        count(&self.pos, &mut n, limit);
        count(&self.neg, &mut n, limit);
        n
    }
    pub fn folded(self) -> Lin {
        self.fold()
    }
    /// Constant folding of closed values.
    fn fold(self) -> Lin {
        if let (Ok(p), Ok(n)) = (self.pos.eval(), self.neg.eval()) {
            let (p, n) = (p.to_i128(), n.to_i128());
            if let (Some(p), Some(n)) = (p, n) {
                return Lin::int(p - n);
            }
        }
        if self.pos == self.neg {
            return Lin::int(0);
        }
        self
    }
    /// As an index (negative values become 0: see the module docs).
    pub fn to_nexp(&self) -> NExp {
        if self.is_nat() {
            self.pos.clone()
        } else if is_num(&self.pos, 0) {
            NExp::num(0)
        } else {
            NExp::sub(self.pos.clone(), self.neg.clone())
        }
    }
    /// `self op other`, exact over ℤ.
    pub fn compare(&self, op: ROp, o: &Lin) -> BExp {
        let l = add(self.pos.clone(), o.neg.clone());
        let r = add(o.pos.clone(), self.neg.clone());
        let b = BExp::rel(op, l, r);
        match b.eval() {
            Ok(v) => BExp::Bool(v),
            Err(_) => b,
        }
    }
    pub fn is_zero(&self) -> bool {
        self.constant() == Some(0)
    }
    /// The value modulo `2^bits`, in `0..2^bits` (two's complement
    /// truncation): `pos % 2^bits` when there is no subtracted part, else
    /// `(pos + (2^bits - neg % 2^bits)) % 2^bits`, which is exact over ℕ
    /// because the added term is positive.
    pub fn wrap_unsigned(&self, bits: u32) -> Lin {
        let m = NExp::Num(Nat::from(1u8) << bits as usize);
        let rem = |e: NExp| NExp::bin(NOp::Mod, e, m.clone());
        let pos = if self.is_nat() {
            rem(self.pos.clone())
        } else {
            let neg = NExp::sub(m.clone(), rem(self.neg.clone()));
            rem(add(self.pos.clone(), neg))
        };
        Lin::nat(pos).fold()
    }
    /// The value as a signed `bits`-wide integer (two's complement, as
    /// CUDA converts out-of-range values): `wrap(v + 2^(bits-1)) - 2^(bits-1)`.
    pub fn wrap_signed(&self, bits: u32) -> Lin {
        let half = Lin::nat(NExp::Num(Nat::from(1u8) << (bits as usize - 1)));
        self.add(&half).wrap_unsigned(bits).sub(&half)
    }
}

/// `2^k` for a small constant shift.
pub fn pow2(k: i128) -> Option<Lin> {
    (0..=62).contains(&k).then(|| Lin::int(1i128 << k))
}

/// `Some(k)` when `m = 2^k - 1`.
pub fn low_mask(m: i128) -> Option<i128> {
    (m >= 0 && (m + 1) & m == 0).then(|| (m + 1).trailing_zeros() as i128)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &str) -> NExp {
        NExp::var(x)
    }

    fn lin(pos: NExp, neg: NExp) -> Lin {
        Lin { pos, neg }
    }

    #[test]
    fn sums_and_products_fold_their_constants_and_units() {
        assert_eq!(add(NExp::num(0), v("a")), v("a"));
        assert_eq!(add(v("a"), NExp::num(0)), v("a"));
        assert_eq!(add(NExp::num(2), NExp::num(3)), NExp::num(5));
        assert_eq!(add(v("a"), v("b")), NExp::add(v("a"), v("b")));
        assert_eq!(mul(NExp::num(0), v("a")), NExp::num(0));
        assert_eq!(mul(v("a"), NExp::num(0)), NExp::num(0));
        assert_eq!(mul(NExp::num(1), v("a")), v("a"));
        assert_eq!(mul(v("a"), NExp::num(1)), v("a"));
        assert_eq!(mul(NExp::num(2), NExp::num(3)), NExp::num(6));
        assert_eq!(mul(v("a"), v("b")), NExp::mul(v("a"), v("b")));
    }

    #[test]
    fn integers_are_a_positive_and_a_subtracted_part() {
        assert_eq!(Lin::int(-3), lin(NExp::num(0), NExp::num(3)));
        assert_eq!(Lin::int(3), lin(NExp::num(3), NExp::num(0)));
        assert_eq!(Lin::int(-3).constant(), Some(-3));
        assert_eq!(Lin::int(7).constant(), Some(7));
        assert_eq!(Lin::var("a").constant(), None);
        assert!(Lin::var("a").is_nat() && Lin::int(0).is_nat());
        assert!(!Lin::int(-1).is_nat());
        assert!(!Lin::var("a").sub(&Lin::var("b")).is_nat());
        assert!(Lin::int(0).is_zero());
        assert!(!Lin::int(2).is_zero() && !Lin::var("a").is_zero());
        // Folding: closed values become constants, `x - x` is 0, and an
        // open value different on both sides stays as it is.
        assert_eq!(Lin::int(5).sub(&Lin::int(3)), Lin::int(2));
        assert_eq!(Lin::int(3).sub(&Lin::int(5)), Lin::int(-2));
        assert!(Lin::var("a").sub(&Lin::var("a")).is_zero());
        assert_eq!(
            Lin::var("a").add(&Lin::int(1)),
            Lin::nat(NExp::add(v("a"), NExp::num(1)))
        );
        let a_minus_b = Lin::var("a").sub(&Lin::var("b"));
        assert_eq!(a_minus_b, lin(v("a"), v("b")));
        // (a - b) * (c - d) = (ac + bd) - (ad + bc)
        let p = a_minus_b.mul(&Lin::var("c").sub(&Lin::var("d")));
        let m = |x: &str, y: &str| NExp::mul(v(x), v(y));
        assert_eq!(p.pos, NExp::add(m("a", "c"), m("b", "d")));
        assert_eq!(p.neg, NExp::add(m("a", "d"), m("b", "c")));
        // `folded` is the same folding, for callers outside the module.
        let closed = lin(NExp::mul(NExp::num(2), NExp::num(3)), NExp::num(10));
        assert_eq!(closed.folded(), Lin::int(-4));
    }

    #[test]
    fn as_an_index_a_negative_part_is_one_outer_monus() {
        assert_eq!(Lin::var("a").to_nexp(), v("a"));
        assert_eq!(Lin::int(-4).to_nexp(), NExp::num(0));
        let a_minus_b = Lin::var("a").sub(&Lin::var("b"));
        assert_eq!(a_minus_b.to_nexp(), NExp::sub(v("a"), v("b")));
    }

    #[test]
    fn comparisons_move_the_subtracted_parts_across() {
        // a - b < c - d  is  a + d < c + b
        let l = Lin::var("a").sub(&Lin::var("b"));
        let r = Lin::var("c").sub(&Lin::var("d"));
        assert_eq!(
            l.compare(ROp::Lt, &r),
            BExp::rel(
                ROp::Lt,
                NExp::add(v("a"), v("d")),
                NExp::add(v("c"), v("b"))
            )
        );
        // Closed comparisons are decided: -1 < 0 (false over ℕ with monus).
        assert_eq!(
            Lin::int(-1).compare(ROp::Lt, &Lin::int(0)),
            BExp::Bool(true)
        );
        assert_eq!(
            Lin::int(0).compare(ROp::Lt, &Lin::int(-1)),
            BExp::Bool(false)
        );
    }

    #[test]
    fn exact_division_divides_constant_terms_too() {
        // (4a - 6) / 2 = 2a - 3: the constant term goes through `divide_terms`'s
        // `Num` arm, the product through its `Mul` arm (either factor).
        let v4a = Lin::var("a").mul(&Lin::int(4));
        let q = v4a.sub(&Lin::int(6)).divmod(NOp::Div, &Lin::int(2));
        let two_a = NExp::mul(v("a"), NExp::num(2));
        assert_eq!(q, Some(lin(two_a.clone(), NExp::num(3))));
        let q = Lin::int(4)
            .mul(&Lin::var("a"))
            .divmod(NOp::Div, &Lin::int(2));
        assert_eq!(q, Some(Lin::nat(NExp::mul(NExp::num(2), v("a")))));
        // 3 does not divide 4: no exact quotient of a signed value.
        let odd = v4a.sub(&Lin::int(3));
        assert_eq!(odd.divmod(NOp::Div, &Lin::int(2)), None);
        assert_eq!(odd.divmod(NOp::Mod, &Lin::int(2)), None);
    }

    #[test]
    fn division_by_zero_is_the_natural_division_not_an_exact_one() {
        // No exact quotient by 0 (nor a panic): the ℕ division `2a / 0`.
        let two_a = Lin::var("a").mul(&Lin::int(2));
        let d = two_a.divmod(NOp::Div, &Lin::int(0)).expect("natural");
        let expected = NExp::bin(NOp::Div, NExp::mul(v("a"), NExp::num(2)), NExp::num(0));
        assert_eq!(d, Lin::nat(expected));
    }

    #[test]
    fn size_counts_the_nodes_of_both_parts_up_to_a_limit() {
        // (a + b * c) - d: 5 nodes and 1.
        let l = Lin::var("a")
            .add(&Lin::var("b").mul(&Lin::var("c")))
            .sub(&Lin::var("d"));
        assert_eq!(l.size_up_to(100), 6);
        assert_eq!(l.size_up_to(3), 3);
    }

    #[test]
    fn wrapping_is_two_s_complement() {
        let c = |l: Lin| l.constant().expect("constant");
        assert_eq!(c(Lin::int(300).wrap_unsigned(8)), 44);
        assert_eq!(c(Lin::int(-1).wrap_unsigned(8)), 255);
        assert_eq!(c(Lin::int(-256).wrap_unsigned(8)), 0);
        assert_eq!(c(Lin::int(200).wrap_signed(8)), -56);
        assert_eq!(c(Lin::int(100).wrap_signed(8)), 100);
        assert_eq!(c(Lin::int(-129).wrap_signed(8)), 127);
        // An open value keeps its `%`.
        let w = Lin::var("a").wrap_unsigned(8);
        assert_eq!(w, Lin::nat(NExp::bin(NOp::Mod, v("a"), NExp::num(256))));
    }

    #[test]
    fn powers_of_two_and_low_masks() {
        assert_eq!(pow2(3), Some(Lin::int(8)));
        assert_eq!(pow2(0), Some(Lin::int(1)));
        assert_eq!(pow2(63), None);
        assert_eq!(pow2(-1), None);
        assert_eq!(low_mask(255), Some(8));
        assert_eq!(low_mask(1), Some(1));
        assert_eq!(low_mask(0), Some(0));
        assert_eq!(low_mask(6), None);
        assert_eq!(low_mask(-1), None);
    }

    #[test]
    fn division_by_a_factor_of_every_term_is_exact_for_any_sign() {
        // (2a + 4b - 6c) / 2 = a + 2b - 3c, and the remainder is 0.
        let a = Lin::var("a").mul(&Lin::int(2));
        let b = Lin::var("b").mul(&Lin::int(4));
        let c = Lin::var("c").mul(&Lin::int(6));
        let v = a.add(&b).sub(&c);
        let q = v.divmod(NOp::Div, &Lin::int(2)).expect("exact");
        let expected = Lin::var("a")
            .add(&Lin::var("b").mul(&Lin::int(2)))
            .sub(&Lin::var("c").mul(&Lin::int(3)));
        assert_eq!(q.to_nexp(), expected.to_nexp());
        assert!(v.divmod(NOp::Mod, &Lin::int(2)).expect("exact").is_zero());
        // A term that 4 does not divide: not exact, and the signed value
        // has no ℕ division either.
        assert!(v.divmod(NOp::Div, &Lin::int(4)).is_none());
        // A natural value with an odd term keeps the ℕ division.
        let odd = Lin::var("a").add(&Lin::int(1));
        let d = odd.divmod(NOp::Div, &Lin::int(2)).expect("natural");
        assert!(matches!(d.pos, NExp::Bin(NOp::Div, ..)), "{d:?}");
    }
}
