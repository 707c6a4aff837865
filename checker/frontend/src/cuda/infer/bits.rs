//! Bit operations with a power of two (issue 14, item 2): the strides of
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
        self.powers.insert(k.to_string());
    }

    /// Is `l` a power of two or 0 in every execution?
    pub(super) fn is_power(&self, l: &Lin) -> bool {
        l.is_nat() && self.power_nexp(&l.pos)
    }

    fn power_nexp(&self, e: &NExp) -> bool {
        match e {
            NExp::Num(n) => n.to_i128().is_some_and(|v| v == 0 || v & (v - 1) == 0),
            NExp::Var(x) => self.powers.contains(x),
            NExp::Bin(NOp::Div | NOp::Mul, a, b) => self.power_nexp(a) && self.power_nexp(b),
            _ => false,
        }
    }

    /// `a & b`, `a ^ b` or `a | b` when one side is a power of two (or,
    /// for `&`, one less than a power of two); `None` otherwise.
    pub(super) fn power_bits(&mut self, op: BinOp, a: &Lin, b: &Lin, span: Span) -> Option<Val> {
        if op == BinOp::BitAnd {
            for (x, m) in [(a, b), (b, a)] {
                let p = m.add(&Lin::int(1)).folded();
                if x.is_nat() && self.is_power(&p) {
                    return x.divmod(NOp::Mod, &p).map(Val::Int);
                }
            }
        }
        let (x, p) = if self.is_power(b) && a.is_nat() {
            (a, b)
        } else if self.is_power(a) && b.is_nat() {
            (b, a)
        } else {
            return None;
        };
        let bit_clear = BExp::rel(
            ROp::Eq,
            NExp::bin(NOp::Mod, NExp::bin(NOp::Div, x.pos.clone(), p.pos.clone()), NExp::num(2)),
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
}
