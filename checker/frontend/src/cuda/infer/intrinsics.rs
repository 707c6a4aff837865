//! The integer intrinsics of the CUDA math API that have no body in
//! mapcheck's headers (issue 14, item 2): bit counts and scans (`__ffs`,
//! `__popc`, `__clz`, `__brev` and their 64-bit forms) and the high halves
//! of products (`__mulhi`, `__umulhi`, `__mul64hi`, `__umul64hi`).  Each is
//! a pure function of its arguments: computed exactly when they are
//! constants, else an unknown that is the same for every thread when the
//! arguments are (the same inputs give the same result).

use super::*;

/// The intrinsics modelled here.
const PURE_INTRINSICS: [&str; 12] = [
    "__ffs",
    "__ffsll",
    "__popc",
    "__popcll",
    "__clz",
    "__clzll",
    "__brev",
    "__brevll",
    "__mulhi",
    "__umulhi",
    "__mul64hi",
    "__umul64hi",
];

impl Infer<'_> {
    /// The value of a call of one of [`PURE_INTRINSICS`], `None` for any
    /// other function.
    pub(super) fn pure_intrinsic(&mut self, name: &str, args: &[E], span: Span) -> Option<Val> {
        if !PURE_INTRINSICS.contains(&name) {
            return None;
        }
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        let ints: Vec<&Lin> = values
            .iter()
            .filter_map(|v| match v {
                Val::Int(l) => Some(l),
                _ => None,
            })
            .collect();
        let ty = Some(result_type(name));
        let why = format!("result of `{name}`");
        if ints.len() != args.len() {
            return Some(self.other_typed(&why, span, ty));
        }
        let constants: Option<Vec<i128>> = ints.iter().map(|l| l.constant()).collect();
        if let Some(v) = constants.and_then(|c| evaluate(name, &c)) {
            return Some(Val::Int(Lin::int(v)));
        }
        let fv: BTreeSet<String> = ints.iter().flat_map(|l| lin_vars(l)).collect();
        Some(self.computed_unknown(&fv, ty, &why, span))
    }
}

/// The type of the values intrinsic `name` can return: the counts are
/// in `0..=64` (an unsigned type of 7 bits keeps them non-negative, so
/// that `__popc(x) % 8` stays exact), the others their C type.
fn result_type(name: &str) -> IntTy {
    let wide = name.ends_with("ll") || name.contains("64");
    let bits = if wide { 64 } else { 32 };
    match name {
        "__brev" | "__brevll" => IntTy {
            bits,
            signed: false,
        },
        "__mulhi" | "__mul64hi" => IntTy { bits, signed: true },
        "__umulhi" | "__umul64hi" => IntTy {
            bits,
            signed: false,
        },
        _ => IntTy {
            bits: 7,
            signed: false,
        },
    }
}

/// `v` as an unsigned number of `bits` bits (C's conversion).
fn bits_of(v: i128, bits: u32) -> u128 {
    (v.rem_euclid(1i128 << bits)) as u128
}

/// The value of intrinsic `name` on constant arguments (`None` when the
/// argument count is wrong).
fn evaluate(name: &str, args: &[i128]) -> Option<i128> {
    let wide = name.ends_with("ll") || name.contains("64");
    let bits = if wide { 64 } else { 32 };
    let one = |f: &dyn Fn(u128) -> i128| match args {
        [x] => Some(f(bits_of(*x, bits))),
        _ => None,
    };
    match name {
        "__ffs" | "__ffsll" => one(&|x| {
            if x == 0 {
                0
            } else {
                i128::from(x.trailing_zeros() + 1)
            }
        }),
        "__popc" | "__popcll" => one(&|x| i128::from(x.count_ones())),
        "__clz" | "__clzll" => one(&|x| i128::from(x.leading_zeros() - (128 - bits))),
        "__brev" | "__brevll" => one(&|x| (x.reverse_bits() >> (128 - bits)) as i128),
        _ => high_half(name, args, bits),
    }
}

/// `__mulhi` and friends: the high `bits` bits of the `2 * bits`-bit
/// product, signed or unsigned.
fn high_half(name: &str, args: &[i128], bits: u32) -> Option<i128> {
    let [x, y] = args else { return None };
    let signed = !name.starts_with("__u");
    let operand = |v: i128| {
        let u = bits_of(v, bits) as i128;
        if signed && u >= 1i128 << (bits - 1) {
            u - (1i128 << bits)
        } else {
            u
        }
    };
    let product = operand(*x).checked_mul(operand(*y))?;
    Some(product >> bits)
}

#[cfg(test)]
mod tests {
    use super::evaluate;

    #[test]
    fn bit_intrinsics_follow_the_cuda_math_api() {
        assert_eq!(evaluate("__ffs", &[512]), Some(10));
        assert_eq!(evaluate("__ffs", &[0]), Some(0));
        assert_eq!(evaluate("__ffs", &[-1]), Some(1));
        assert_eq!(evaluate("__ffsll", &[1 << 40]), Some(41));
        assert_eq!(evaluate("__popc", &[0xff]), Some(8));
        assert_eq!(evaluate("__popc", &[-1]), Some(32));
        assert_eq!(evaluate("__popcll", &[-1]), Some(64));
        assert_eq!(evaluate("__clz", &[1]), Some(31));
        assert_eq!(evaluate("__clz", &[0]), Some(32));
        assert_eq!(evaluate("__clz", &[-1]), Some(0));
        assert_eq!(evaluate("__clzll", &[1]), Some(63));
        assert_eq!(evaluate("__brev", &[1]), Some(1 << 31));
        assert_eq!(evaluate("__brevll", &[1]), Some(1 << 63));
    }

    #[test]
    fn high_halves_of_products() {
        assert_eq!(evaluate("__umulhi", &[1 << 31, 4]), Some(2));
        assert_eq!(evaluate("__mulhi", &[-1, 1]), Some(-1));
        assert_eq!(evaluate("__umulhi", &[-1, -1]), Some(0xffff_fffe));
        assert_eq!(evaluate("__mul64hi", &[1 << 62, 8]), Some(2));
        assert_eq!(evaluate("__umul64hi", &[-1, 2]), Some(1));
        assert_eq!(evaluate("__mulhi", &[3]), None);
    }
}
