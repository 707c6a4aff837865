//! Bit operations with a power of two (`docs/c-model.md`): the strides of
//! sorting networks and scans (`tid & (stride - 1)`, `tid ^ j`, `tid & j`)
//! where the power is a constant or a variable known to hold only powers
//! of two (or 0) in the program's executions: the counter of a loop
//! `for (s = 1; …; s <<= 1)` from a power of two, of one halving a power
//! of two, and their halves and doublings by constants.
//!
//! With `p` a power of two and `x ≥ 0`:
//!
//! * `x & (p - 1)` is `x % p` (and for `p = 0` both are `x`, as `0 - 1`
//!   wraps to all ones and `x % 0 = x` over ℕ);
//! * `x & p` is `0` when `(x / p) % 2 == 0`, else `p`;
//! * `x ^ p` is `x + p` when `(x / p) % 2 == 0`, else `x - p`;
//! * `x | p` is `x + p` when `(x / p) % 2 == 0`, else `x`;
//!
//! the last three as conditional values (`choices.rs`), exact at every
//! access.  A loop over powers may be over-approximated by every integer
//! between its bounds (`loops.rs`); the formulas hold on the values the
//! program takes, which is what soundness needs.

use super::*;

impl Infer<'_> {
    /// Records that the protocol variable `k` holds only powers of two
    /// (or 0) in real executions.
    pub(super) fn note_power(&mut self, k: &str) {
        self.values.powers.insert(k.to_string());
    }

    /// Is `l` a power of two or 0 in every execution?
    pub(super) fn is_power(&self, l: &Lin) -> bool {
        l.is_nat() && self.power_nexp(&l.pos)
    }

    fn power_nexp(&self, e: &NExp) -> bool {
        match e {
            NExp::Num(n) => n.count_ones() <= 1,
            NExp::Var(x) => self.values.powers.contains(x),
            NExp::Bin(NOp::Div | NOp::Mul, a, b) => self.power_nexp(a) && self.power_nexp(b),
            _ => false,
        }
    }

    /// `a & b`, `a ^ b` or `a | b` when one side is a power of two;
    /// `None` otherwise.
    pub(super) fn power_bits(&mut self, op: BinOp, a: &Lin, b: &Lin, span: Span) -> Option<Val> {
        let (x, p) = if self.is_power(b) && a.is_nat() {
            (a, b)
        } else if self.is_power(a) && b.is_nat() {
            (b, a)
        } else {
            return None;
        };
        let bit_clear = BExp::rel(
            ROp::Eq,
            NExp::bin(
                NOp::Mod,
                NExp::bin(NOp::Div, x.pos.clone(), p.pos.clone()),
                NExp::num(2),
            ),
            NExp::num(0),
        );
        let (clear, set) = match op {
            BinOp::BitAnd => (Lin::int(0), p.clone()),
            BinOp::BitXor => (x.add(p), x.sub(p)),
            BinOp::BitOr => (x.add(p), x.clone()),
            _ => return None,
        };
        let v = self.other(&format!("bit operation {op:?} with a power of two"), span);
        // Exact even for an unsigned `v`: `x - p` is taken only when bit
        // `p` of `x` is set, so it is not negative.
        self.record_exact_choice(&v, &bit_clear, &clear, &set);
        Some(v)
    }

    /// `x & (p - 1)` (either way round) for a power of two `p`: `x % p`
    /// when `x` is not negative.  `None` (nothing evaluated) when the
    /// expression has another form or `p` is not known to be a power;
    /// `p` must be pure, so that checking it emits nothing.  `p - 1` must
    /// be computed and converted in types at least as wide as the `&`'s:
    /// `x & (0u - 1)` with an `unsigned long long x` is `x % 2^32`, not
    /// `x % 0 = x` (the mask is zero-extended), and so is
    /// `x & (unsigned)((1ull << 40) - 1)`.  With every type that wide the
    /// mask's low bits are those of `p - 1`, and for `0 ≤ x < 2^bits`,
    /// `x & (p - 1)` is `x % p` for every power `p` (`x` when `p = 0` or
    /// `p ≥ 2^bits`).
    pub(super) fn and_below_power(&mut self, a: &E, b: &E, span: Span) -> Option<Val> {
        let (x, p, m) = match (minus_one(a), minus_one(b)) {
            (_, Some(p)) => (a, p, b),
            (Some(p), None) => (b, p, a),
            (None, None) => return None,
        };
        if !pure(p) || !keeps_bits(m, m.ty) {
            return None;
        }
        let lp = match self.eval(p) {
            Val::Int(l) if self.is_power(&l) => l,
            _ => return None,
        };
        match self.eval(x) {
            Val::Int(lx) if lx.is_nat() => lx.divmod(NOp::Mod, &lp).map(Val::Int),
            vx => {
                let vm = self.eval(m);
                Some(self.apply(BinOp::BitAnd, vx, vm, span))
            }
        }
    }

    /// Learns from a top-level assumption `(v & (v - 1)) == 0` (in a
    /// conjunction) that `v` is a power of two or 0.
    pub(super) fn learn_powers(&mut self, e: &E) {
        match &e.kind {
            EK::Bin(BinOp::LAnd, a, b) => {
                self.learn_powers(a);
                self.learn_powers(b);
            }
            _ => {
                self.assume_power(e);
            }
        }
    }

    /// `(v & (v - 1)) == 0` for a variable `v` holding a natural number:
    /// notes that `v` is a power of two or 0 and states the values that
    /// leaves it as an assumption (exactly what the condition says, for
    /// `v`'s type).  `false` when `e` has another form.
    pub(super) fn assume_power(&mut self, e: &E) -> bool {
        let EK::Bin(BinOp::Eq, l, r) = &e.kind else {
            return false;
        };
        let a = if is_zero(r) { l } else { r };
        let EK::Bin(BinOp::BitAnd, x, m) = &strip_casts(a).kind else {
            return false;
        };
        let same = (is_zero(l) || is_zero(r))
            && (minus_one(m).is_some_and(|p| same_name(p, x))
                || minus_one(x).is_some_and(|p| same_name(p, m)));
        let v = strip_casts(x);
        let (true, EK::Var(_, key, _), Some(ty)) = (same, &v.kind, v.ty) else {
            return false;
        };
        // No cast may narrow `v`, `v - 1` or their `&` below `v`'s type:
        // `(unsigned char)(v & (v - 1)) == 0` holds for `v = 768`.
        // (`v` is `x`, so `m` is `v - 1`.)
        let Some(p) = minus_one(m) else {
            return false;
        };
        if ![a, x, m, p].iter().all(|e| keeps_bits(e, Some(ty))) {
            return false;
        }
        let Some(Val::Int(l)) = self.values.env.get(key).cloned() else {
            return false;
        };
        let (true, NExp::Var(v)) = (l.is_nat(), &l.pos) else {
            return false;
        };
        self.note_power(v);
        self.assume_power_domain(v, ty, e.span)
    }

    /// States the values `(v & (v - 1)) == 0` leaves a non-negative `v` of
    /// type `ty`: 0 and the powers of two the type holds (`0, 1, …, 2^31`
    /// for `unsigned`), as a disjunction the checker can split on when `v`
    /// makes an index non-linear (`x % v`: `core::domains`).  `false` for
    /// types wider than 64 bits.
    fn assume_power_domain(&mut self, v: &str, ty: IntTy, span: Span) -> bool {
        let top = if ty.signed { ty.bits - 1 } else { ty.bits };
        if top > 64 {
            return false;
        }
        let is = |c: u64| BExp::rel(ROp::Eq, NExp::var(v), NExp::num(c));
        let cond = (0..top).fold(is(0), |d, k| BExp::or(d, is(1u64 << k)));
        self.out.assumptions.push(Assumption {
            cond,
            span: self.span(span),
        });
        true
    }
}

impl Infer<'_> {
    /// `x & m` for `x ≥ 0` and a mask `m` of one run of bits from bit
    /// `j > 0` to bit `k` (`48`: bits 4–5): `x / 2^j % 2^(k-j) * 2^j`, or
    /// `x / 2^j * 2^j` when the run covers every bit of `x` from `j` up
    /// (`-32`, or `0xFFFFFFE0` with `x < 2^32`).  Written as products, so
    /// that their low zero bits are visible to [`Infer::disjoint_or`].
    pub(super) fn high_mask(&self, x: &Lin, m: &Lin) -> Option<Lin> {
        let m = m.constant()?;
        let r = self.range(x);
        if r.lo.is_none_or(|lo| lo < 0) || m == 0 {
            return None;
        }
        let j = m.trailing_zeros();
        if j == 0 || j >= 62 {
            return None;
        }
        let run = m >> j;
        let p = Lin::int(1i128 << j);
        let high = x.divmod(NOp::Div, &p)?;
        if run < 0 {
            // `-2^j`: every bit from `j` up, in any width.
            return (run == -1).then(|| high.mul(&p));
        }
        let width = 128 - run.leading_zeros();
        if run & (run + 1) != 0 || j + width >= 126 {
            return None;
        }
        if r.hi.is_some_and(|h| h < 1i128 << (j + width)) {
            // The run covers every bit of `x` from `j` up.
            return Some(high.mul(&p));
        }
        let bits = Lin::int(1i128 << width);
        Some(high.divmod(NOp::Mod, &bits)?.mul(&p))
    }

    /// `x | y` when the two have no bit in common because `x` is a multiple
    /// of `2^k` (`a - a % 32`, `2 * a`, `a << k`) and `0 ≤ y < 2^k` (either
    /// way round): `x + y`.
    pub(super) fn disjoint_or(&self, a: &Lin, b: &Lin) -> Option<Lin> {
        let below = |y: &Lin, k: u32| {
            let r = self.range(y);
            r.lo.is_some_and(|lo| lo >= 0) && r.hi.is_some_and(|h| k < 127 && h < 1i128 << k)
        };
        let non_negative = |x: &Lin| self.range(x).lo.is_some_and(|lo| lo >= 0);
        let fits = |x: &Lin, y: &Lin| non_negative(x) && below(y, zero_low_bits(x));
        (fits(a, b) || fits(b, a)).then(|| a.add(b))
    }
}

/// How many low bits are 0 in every value of `l` (a lower bound; 128 for
/// the constant 0): `x - x % 2^j` has `j`, a product the sum of its
/// factors'.
fn zero_low_bits(l: &Lin) -> u32 {
    if let NExp::Bin(NOp::Mod, a, m) = &l.neg {
        if let (true, NExp::Num(m)) = (**a == l.pos, &**m) {
            if m.count_ones() == 1 {
                return m.trailing_zeros().unwrap_or(0) as u32;
            }
        }
    }
    nexp_zero_low_bits(&l.pos).min(nexp_zero_low_bits(&l.neg))
}

fn nexp_zero_low_bits(e: &NExp) -> u32 {
    match e {
        NExp::Num(c) => c.trailing_zeros().map_or(128, |t| (t as u32).min(128)),
        NExp::Bin(NOp::Mul, a, b) => (nexp_zero_low_bits(a) + nexp_zero_low_bits(b)).min(128),
        NExp::Bin(NOp::Add, a, b) => nexp_zero_low_bits(a).min(nexp_zero_low_bits(b)),
        _ => 0,
    }
}

/// Is every type from `e` down through its casts (the value converted, and
/// each conversion) an integer type at least as wide as `ty`?  Then the
/// low `ty.bits` bits of `e`'s value are those of the innermost
/// expression's.
fn keeps_bits(e: &E, ty: Option<IntTy>) -> bool {
    let Some(ty) = ty else { return false };
    let mut e = e;
    loop {
        if e.ty.is_none_or(|t| t.bits < ty.bits) {
            return false;
        }
        match &e.kind {
            EK::Cast(inner) => e = inner,
            _ => return true,
        }
    }
}

/// `p` when `e` is `p - 1` (through casts).
fn minus_one(e: &E) -> Option<&E> {
    match &strip_casts(e).kind {
        EK::Bin(BinOp::Sub, p, one) if matches!(strip_casts(one).kind, EK::Int(1)) => Some(p),
        _ => None,
    }
}

fn is_zero(e: &E) -> bool {
    matches!(strip_casts(e).kind, EK::Int(0))
}

/// Two uses of the same variable.
fn same_name(a: &E, b: &E) -> bool {
    matches!((&strip_casts(a).kind, &strip_casts(b).kind), (EK::Var(_, x, _), EK::Var(_, y, _)) if x == y)
}
