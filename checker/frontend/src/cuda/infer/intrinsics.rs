//! The integer intrinsics of the CUDA math API that have no body in
//! mapcheck's headers (`docs/c-model.md`): bit counts and scans (`__ffs`,
//! `__popc`, `__clz`, `__brev` and their 64-bit forms) and the high halves
//! of products (`__mulhi`, `__umulhi`, `__mul64hi`, `__umul64hi`).  Each is
//! a pure function of its arguments: computed exactly when they are
//! constants, else an unknown that is the same for every thread when the
//! arguments are (the same inputs give the same result).
//!
//! The floating-point functions of the math API ([`is_pure_math`]: `sqrtf`,
//! `__powf`, `__log2f`, `floorf`, `__float2int_rn`, …) are pure too: their
//! result is an unknown (the protocol's numbers are integers) as alike in
//! all threads as their arguments, so `n = ceilf(N / 32.0f)` is one value
//! in every thread and a loop bounded by it may hold a barrier.

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

/// mapcheck's own intrinsic of `mma.h`: a choice CUDA makes for the whole
/// execution and does not document (which lane of a warp stores which
/// element of a matrix fragment).  Its value is an unknown alike in every
/// thread, fresh at each evaluation; the header derives the lanes from it.
pub(super) const UNDOCUMENTED_CHOICE: &str = "__mapcheck_undocumented_choice";

impl Infer<'_> {
    /// A call of [`UNDOCUMENTED_CHOICE`]: one unsigned value, the same in
    /// every thread, that the checker may choose freely.
    pub(super) fn undocumented_choice(&mut self, span: Span) -> Val {
        let why = "the lane of the warp CUDA chooses for an element of a matrix fragment".into();
        self.uniform_unknown(Some(IntTy::UINT), UnknownCause::Other(why), span)
    }

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

    /// The value of a call of a pure math function ([`is_pure_math`]): an
    /// unknown as alike as its arguments when they are numbers, else what
    /// any call without a body gives.  `None` for any other function.
    pub(super) fn pure_math(&mut self, callee: &Callee, args: &[E], span: Span) -> Option<Val> {
        if !is_pure_math(&callee.name) {
            return None;
        }
        let values: Vec<Val> = args.iter().map(|a| self.eval(a)).collect();
        if !values
            .iter()
            .all(|v| matches!(v, Val::Int(_) | Val::Bool(_)))
        {
            return Some(self.opaque_effects(callee, &values, span));
        }
        let why = format!("result of `{}`", callee.name);
        Some(self.floating_value(&values, &why, span))
    }
}

/// The bases of the pure functions of CUDA's math API (single and double
/// precision, fast intrinsics and rounding variants): see
/// [`is_pure_math`].  None has a pointer parameter (`sincosf`, `modff`,
/// `frexpf` and `remquof` write through theirs and are not here).
const PURE_MATH: [&str; 75] = [
    "sqrt",
    "rsqrt",
    "cbrt",
    "rcbrt",
    "pow",
    "powi",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "ilogb",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "sinpi",
    "cospi",
    "fabs",
    "floor",
    "ceil",
    "round",
    "trunc",
    "rint",
    "nearbyint",
    "lround",
    "llround",
    "lrint",
    "llrint",
    "fmin",
    "fmax",
    "fmod",
    "remainder",
    "hypot",
    "rhypot",
    "fma",
    "fdim",
    "copysign",
    "erf",
    "erfc",
    "erfinv",
    "erfcinv",
    "lgamma",
    "tgamma",
    "ldexp",
    "scalbn",
    "normcdf",
    "normcdfinv",
    "saturate",
    "fdivide",
    "frcp",
    "fsqrt",
    "frsqrt",
    "fadd",
    "fsub",
    "fmul",
    "fdiv",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
    "nan",
];

/// A pure function of the math API: a base of [`PURE_MATH`] with the
/// decorations CUDA adds (`__` of the fast intrinsics, `f` of single
/// precision, `_rn`/`_rz`/`_ru`/`_rd` of a rounding mode), or a conversion
/// between numeric types (`__float2int_rn`, `__int_as_float`, …).
pub(super) fn is_pure_math(name: &str) -> bool {
    let bare = name.trim_start_matches('_');
    let bare = ["_rn", "_rz", "_ru", "_rd"]
        .iter()
        .find_map(|r| bare.strip_suffix(r))
        .unwrap_or(bare);
    let numeric = |t: &str| {
        [
            "float", "double", "int", "uint", "ll", "ull", "half", "hiint", "loint",
        ]
        .contains(&t)
    };
    let conversion = [bare.split_once('2'), bare.split_once("_as_")]
        .into_iter()
        .flatten()
        .any(|(from, to)| numeric(from) && numeric(to));
    conversion
        || PURE_MATH.contains(&bare)
        || bare
            .strip_suffix('f')
            .is_some_and(|b| PURE_MATH.contains(&b))
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
    use super::{evaluate, is_pure_math};

    #[test]
    fn pure_math_functions_are_recognised_with_their_decorations() {
        for f in [
            "sqrtf",
            "sqrt",
            "__powf",
            "__log2f",
            "floorf",
            "ceil",
            "__fdividef",
            "__saturatef",
            "__fsqrt_rn",
            "__fadd_rz",
            "__float2int_rn",
            "__int_as_float",
            "__double2hiint",
            "__uint2float_rd",
            "fmaxf",
            "isnan",
        ] {
            assert!(is_pure_math(f), "{f}");
        }
        // Pointer parameters, randomness, memory, time: not pure.
        for f in [
            "sincosf",
            "modff",
            "frexp",
            "remquof",
            "curand_uniform",
            "atomicAdd",
            "clock",
            "memcpy",
            "printf",
            "__syncthreads",
            "rand",
            "f",
            "float",
        ] {
            assert!(!is_pure_math(f), "{f}");
        }
    }

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
