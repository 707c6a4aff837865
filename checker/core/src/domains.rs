//! Parameters of finite domain (`ARCHITECTURE.md`): a parameter the kernel's
//! assumptions restrict to a few values — `__requires((n & (n - 1)) == 0)`
//! on an `unsigned n` leaves 0 and the 32 powers of two, `__requires(n ==
//! 64 || n == 128)` two values — checked one value at a time when it makes
//! an index of the array non-linear (`tid % n`, `i * n`).  With the value
//! fixed the queries are linear, and Z3 decides them in milliseconds where
//! the symbolic ones time out (`scan1Inclusive`'s `2 * tid - (tid & (size
//! - 1))`).
//!
//! Sound and complete: every execution gives the parameter one of the
//! values, so the array is race-free iff it is for each value, and a race
//! for one value is a race of the kernel (its witness fixes the value).

use crate::kernel::Kernel;
use semantics::expr::{BExp, BOp, NExp, NOp, ROp, Var};
use semantics::surface::{Stmt, StmtKind};
use std::collections::BTreeSet;

/// The most values a parameter is split into.
pub const MAX_VALUES: usize = 64;

/// The parameters the assumptions restrict to two to [`MAX_VALUES`]
/// values, with those values (ascending): a top-level conjunct that is a
/// disjunction of `x == c` for one `x`.  (One value is a plain equality,
/// which the solver substitutes itself.)
pub fn finite_domains(kernel: &Kernel) -> Vec<(Var, Vec<u64>)> {
    let params: BTreeSet<Var> = crate::params::parameters(kernel).into_iter().collect();
    let mut out: Vec<(Var, Vec<u64>)> = Vec::new();
    for a in &kernel.program.assumptions {
        for c in conjuncts(&a.cond) {
            let Some((x, values)) = one_of(c) else {
                continue;
            };
            if !params.contains(&x) || values.len() > MAX_VALUES {
                continue;
            }
            match out.iter_mut().find(|(y, _)| *y == x) {
                // Two restrictions: the values both allow.
                Some((_, old)) => old.retain(|v| values.contains(v)),
                None => out.push((x, values.into_iter().collect())),
            }
        }
    }
    out.retain(|(_, values)| values.len() >= 2);
    out
}

fn conjuncts(b: &BExp) -> Vec<&BExp> {
    match b {
        BExp::Bin(BOp::And, l, r) => {
            let mut v = conjuncts(l);
            v.extend(conjuncts(r));
            v
        }
        _ => vec![b],
    }
}

/// `x == c1 || x == c2 || …` (either way round): `x` and the `c`s.
fn one_of(b: &BExp) -> Option<(Var, BTreeSet<u64>)> {
    match b {
        BExp::Rel(ROp::Eq, NExp::Var(x), NExp::Num(c))
        | BExp::Rel(ROp::Eq, NExp::Num(c), NExp::Var(x)) => {
            Some((x.clone(), [u64::try_from(c).ok()?].into()))
        }
        BExp::Bin(BOp::Or, l, r) => {
            let (x, mut a) = one_of(l)?;
            let (y, b) = one_of(r)?;
            (x == y).then(|| {
                a.extend(b);
                (x, a)
            })
        }
        _ => None,
    }
}

/// The parameter (with its values) to split on for `array`: the first of
/// `domains` not fixed by `fixed` that occurs in a non-linear position of
/// one of the array's indices or of a condition or loop bound.
pub fn split_for<'d>(
    kernel: &Kernel,
    array: &str,
    domains: &'d [(Var, Vec<u64>)],
    fixed: &dyn Fn(&Var) -> bool,
) -> Option<&'d (Var, Vec<u64>)> {
    let exprs = index_and_bound_exprs(kernel, array);
    domains
        .iter()
        .find(|(x, _)| !fixed(x) && exprs.iter().any(|e| nonlinear_in(e, x)))
}

/// The signed parameters `(n, n_neg)` of the kernel ([`Kernel::signed`]:
/// value `n - n_neg`, one of the two parts 0 in every execution) whose
/// parts are both parameters of the protocol.
pub fn sign_pairs(kernel: &Kernel) -> Vec<(Var, Var)> {
    let params: BTreeSet<Var> = crate::params::parameters(kernel).into_iter().collect();
    kernel
        .signed
        .iter()
        .filter(|s| s.pos != s.neg && params.contains(&s.pos) && params.contains(&s.neg))
        .map(|s| (s.pos.clone(), s.neg.clone()))
        .collect()
}

/// The signed parameters ([`sign_pairs`]) to split on for `array`: those,
/// neither part fixed, whose negative part occurs in a non-linear
/// position of one of the array's indices or of a condition or loop bound
/// (`y * width` is `y * width - y * width_neg` in the protocol; with the
/// sign known, one product is gone and the index can be split into digits
/// by `crate::smt::stride`), at most [`MAX_SIGN_SPLITS`] of them.  A
/// linearised 3-D index `i + nx * (j + ny * k)` needs both `nx` and `ny`.
pub fn sign_splits_for(
    kernel: &Kernel,
    array: &str,
    fixed: &dyn Fn(&Var) -> bool,
) -> Vec<(Var, Var)> {
    let exprs = index_and_bound_exprs(kernel, array);
    sign_pairs(kernel)
        .into_iter()
        .filter(|(x, neg)| !fixed(x) && !fixed(neg) && exprs.iter().any(|e| nonlinear_in(e, neg)))
        .take(MAX_SIGN_SPLITS)
        .collect()
}

/// At most this many signed parameters are split on at once (`2^3` runs).
pub const MAX_SIGN_SPLITS: usize = 3;

/// Every combination of signs of `pairs`, as the parameters each fixes to
/// 0: non-negative (`n_neg = 0`) first, then negative (`n = 0`); the
/// combinations cover every execution, since one part of each pair is 0.
pub fn sign_combinations(pairs: &[(Var, Var)]) -> Vec<Vec<(Var, u64)>> {
    let mut out = vec![Vec::new()];
    for (x, neg) in pairs {
        out = out
            .into_iter()
            .flat_map(|fixing: Vec<(Var, u64)>| {
                [neg, x].map(|part| {
                    let mut f = fixing.clone();
                    f.push((part.clone(), 0));
                    f
                })
            })
            .collect();
    }
    out
}

/// The expressions of `kernel` whose non-linear parameters make `array`'s
/// queries hard: see [`collect`].
fn index_and_bound_exprs<'k>(kernel: &'k Kernel, array: &str) -> Vec<&'k NExp> {
    let mut exprs = Vec::new();
    collect(&kernel.program.body, array, &mut exprs);
    exprs
}

/// The index expressions of `array`'s accesses and every condition and
/// loop bound of `block`.
fn collect<'p>(block: &'p [Stmt], array: &str, out: &mut Vec<&'p NExp>) {
    for s in block {
        match &s.kind {
            StmtKind::Access {
                array: Some(a),
                index,
                ..
            } if a == array => out.extend(index),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                cond_exprs(cond, out);
                collect(then_branch, array, out);
                collect(else_branch, array, out);
            }
            StmtKind::For { lo, hi, body, .. } => {
                out.push(lo);
                out.push(hi);
                collect(body, array, out);
            }
            _ => {}
        }
    }
}

fn cond_exprs<'p>(b: &'p BExp, out: &mut Vec<&'p NExp>) {
    match b {
        BExp::Bool(_) => {}
        BExp::Rel(_, l, r) => out.extend([l, r]),
        BExp::Bin(_, l, r) => {
            cond_exprs(l, out);
            cond_exprs(r, out);
        }
        BExp::Not(b) => cond_exprs(b, out),
    }
}

/// Does `x` occur in `e` as a factor of a product of two non-constants,
/// or in a divisor that is not a constant?
pub fn nonlinear_in(e: &NExp, x: &Var) -> bool {
    match e {
        NExp::Num(_) | NExp::Var(_) => false,
        NExp::Bin(op, a, b) => {
            let here = match op {
                NOp::Mul => !is_constant(a) && !is_constant(b) && (a.mentions(x) || b.mentions(x)),
                NOp::Div | NOp::Mod => !is_constant(b) && b.mentions(x),
                NOp::Add | NOp::Sub => false,
            };
            here || nonlinear_in(a, x) || nonlinear_in(b, x)
        }
    }
}

fn is_constant(e: &NExp) -> bool {
    e.fv().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_kernel;
    use crate::verdict::CheckOptions;
    use crate::wellformed::tests::kernel_of;

    const TRANSPOSE: &str = "param W;
assume W == 2 || W == 4 || W == 5;
assume T == 16;
wr A[(tid % W) * (16 / W) + tid / W]";

    #[test]
    fn a_disjunction_of_equalities_is_a_domain() {
        let k = kernel_of(TRANSPOSE);
        assert_eq!(finite_domains(&k), vec![("W".to_string(), vec![2, 4, 5])]);
        // Two restrictions: the values both allow.
        let k = kernel_of(
            "param W; assume W == 1 || W == 2 || W == 4; assume W == 2 || W == 3 || W == 4; wr A[tid * W]",
        );
        assert_eq!(finite_domains(&k), vec![("W".to_string(), vec![2, 4])]);
        // Not a domain: another variable, an inequality, a conjunction of two.
        for src in [
            "param W, V; assume W == 1 || V == 2; wr A[tid * W]",
            "param W; assume W == 1 || W < 4; wr A[tid * W]",
        ] {
            assert!(finite_domains(&kernel_of(src)).is_empty(), "{src}");
        }
    }

    #[test]
    fn only_a_nonlinear_use_splits() {
        let x = "W".to_string();
        let nl = |src: &str| {
            let k = kernel_of(src);
            let d = finite_domains(&k);
            split_for(&k, "A", &d, &|_| false).is_some()
        };
        assert!(nl("param W; assume W == 1 || W == 2; wr A[tid % W]"));
        assert!(nl("param W; assume W == 1 || W == 2; wr A[tid * W]"));
        assert!(nl(
            "param W; assume W == 1 || W == 2; if tid / W == 0 { wr A[tid] }"
        ));
        assert!(!nl("param W; assume W == 1 || W == 2; wr A[tid + 2 * W]"));
        assert!(!nl(
            "param W; assume W == 1 || W == 2; wr A[tid % 4]; wr B[tid % W]"
        ));
        // Fixed by `--param`: nothing to split.
        let k = kernel_of("param W; assume W == 1 || W == 2; wr A[tid % W]");
        let d = finite_domains(&k);
        assert!(split_for(&k, "A", &d, &|y| *y == x).is_none());
    }

    #[test]
    fn sign_combinations_cover_every_sign_of_every_pair() {
        let pairs = [("a", "a_neg"), ("b", "b_neg")].map(|(x, n)| (x.to_string(), n.to_string()));
        let zero = |xs: &[&str]| xs.iter().map(|x| (x.to_string(), 0u64)).collect::<Vec<_>>();
        assert_eq!(
            sign_combinations(&pairs),
            vec![
                zero(&["a_neg", "b_neg"]),
                zero(&["a_neg", "b"]),
                zero(&["a", "b_neg"]),
                zero(&["a", "b"]),
            ]
        );
        assert_eq!(sign_combinations(&[]), vec![Vec::new()]);
    }

    /// The kernel of `src` with `names` signed parameters (`x`, `x_neg`),
    /// as the CUDA front end makes them.
    fn signed_kernel(src: &str, names: &[&str]) -> Kernel {
        let mut k = kernel_of(src);
        k.signed = names
            .iter()
            .map(|x| mapcheck_ir::kernel::SignedParam {
                pos: x.to_string(),
                neg: format!("{x}_neg"),
            })
            .collect();
        k
    }

    #[test]
    fn two_multiplying_signed_parameters_both_split() {
        let k = signed_kernel(
            "param X, X_neg, Y, Y_neg; assume X == 0 || X_neg == 0; assume Y == 0 || Y_neg == 0;
             wr A[tid + X * (tid * Y - tid * Y_neg) - X_neg * tid]",
            &["X", "Y"],
        );
        let pairs = sign_splits_for(&k, "A", &|_| false);
        assert_eq!(pairs.len(), 2, "{pairs:?}");
    }

    #[test]
    fn a_signed_parameter_splits_on_its_sign_when_it_multiplies() {
        let src =
            |index: &str| format!("param W, W_neg; assume W == 0 || W_neg == 0; wr A[{index}]");
        let k = signed_kernel(&src("tid * W - tid * W_neg"), &["W"]);
        assert_eq!(sign_pairs(&k), [("W".to_string(), "W_neg".to_string())]);
        let pair = vec![("W".to_string(), "W_neg".to_string())];
        assert_eq!(sign_splits_for(&k, "A", &|_| false), pair);
        // Linear in it, or one part fixed: no split.
        let k = signed_kernel(&src("tid + W - W_neg"), &["W"]);
        assert!(sign_splits_for(&k, "A", &|_| false).is_empty());
        let k = signed_kernel(&src("tid * W - tid * W_neg"), &["W"]);
        assert!(sign_splits_for(&k, "A", &|y| y == "W_neg").is_empty());
        // A disjunction is not a signed parameter: only the front end's
        // record of one is.
        let k = kernel_of(&src("tid * W - tid * W_neg"));
        assert!(sign_pairs(&k).is_empty());
        // A part that is not a parameter of the protocol: no pair.
        let k = signed_kernel("param W; wr A[tid * W]", &["W"]);
        assert!(sign_pairs(&k).is_empty());
    }

    #[test]
    fn a_race_of_a_negative_signed_parameter_only_is_found_by_the_split() {
        // Races only when W < 0 (W = 0 and W_neg > 0).
        let k = signed_kernel(
            "param W, W_neg; assume W == 0 || W_neg == 0;
             if W_neg > 0 { wr A[(tid / 2) * W - (tid / 2) * W_neg + 100] }",
            &["W"],
        );
        let r = crate::check::check_array(
            &crate::smt::Session::new(),
            &k,
            "A",
            &CheckOptions::default(),
        );
        assert!(
            matches!(r.verdict, crate::verdict::Verdict::Racy { .. }),
            "{:?}",
            r.verdict
        );
    }

    #[test]
    fn the_split_finds_the_race_of_one_value_only() {
        let opts = CheckOptions::default();
        let w = "W".to_string();
        let k = kernel_of(TRANSPOSE);
        let r = crate::check::check_array_per_value(&k, "A", &opts, &w, &[2, 4, 5]);
        let crate::verdict::Verdict::Racy(witness) = &r.verdict else {
            panic!("{:?}", r.verdict)
        };
        assert_eq!(
            witness.params.get("W").map(|v| v.to_string()),
            Some("5".into())
        );
        let drf = kernel_of(&TRANSPOSE.replace("|| W == 5", "|| W == 8"));
        let r = crate::check::check_array_per_value(&drf, "A", &opts, &w, &[2, 4, 8]);
        assert!(r.verdict.is_drf(), "{:?}", r.verdict);
        // The whole check agrees (here the symbolic check decides alone).
        let report = check_kernel(&k, &opts);
        assert!(report.arrays[0].verdict.is_racy());
    }
}
