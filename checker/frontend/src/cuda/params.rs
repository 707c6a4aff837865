//! `--param NAME=VALUE` below zero on a CUDA file (`docs/command-line.md`).
//!
//! The checker fixes natural numbers (`LoadOptions::params`); a value below
//! zero is a C value, which only a kernel's integer parameter can take.  It
//! becomes that parameter's value as a call would pass it — converted to
//! the parameter's C type (`-1` is 4294967295 in an `unsigned`, and
//! 4294967295 is -1 in an `int`) — and the kernel is checked with the
//! parameter a constant, as when every launch in the host code passes one
//! (`launches::launched_constants`).

use super::ast::{Func, IntTy, Shape};
use super::{Diagnostic, LoadOptions};
use std::collections::BTreeMap;
use std::path::Path;

/// The value `v` takes when converted to `ty` (C11 6.3.1.3: modulo
/// 2^bits for an unsigned type; for a signed one the value if it fits,
/// else — implementation-defined — two's complement, as NVCC does).
pub fn c_value(v: i128, ty: IntTy) -> i128 {
    if ty.bits >= 127 {
        return v;
    }
    let (_, max) = ty.range();
    let r = v.rem_euclid(1i128 << ty.bits);
    if ty.signed && r > max {
        r - (1i128 << ty.bits)
    } else {
        r
    }
}

/// The parameters of `f` that a `--param` fixes to a value its C type
/// does not hold as given — below zero, or above the type's largest
/// value — each with its key and the value converted to its type, and
/// the notes that say so.  (A value the type holds stays a fixed
/// parameter of the checker, `LoadOptions::params`.)
pub fn converted_constants(f: &Func, opts: &LoadOptions) -> (BTreeMap<String, i128>, Vec<String>) {
    let negative = opts.negative_params.iter().map(|(x, m)| (x, -(*m as i128)));
    let natural = opts.params.iter().map(|(x, v)| (x, i128::from(*v)));
    let mut constants = BTreeMap::new();
    let mut notes = Vec::new();
    for (name, given) in negative.chain(natural) {
        let Some((p, ty)) = integer_param(f, name) else {
            continue;
        };
        let v = c_value(given, ty);
        if v == given && given >= 0 {
            continue;
        }
        constants.insert(p.key.clone(), v);
        notes.push(match v == given {
            true => format!("`{name}` = {v} (--param)"),
            false => format!("`{name}` = {v} (--param {name}={given}, converted to its type)"),
        });
    }
    (constants, notes)
}

/// The scalar integer parameter of `f` named `name`, with its type.
fn integer_param<'f>(f: &'f Func, name: &str) -> Option<(&'f super::ast::VarDecl, IntTy)> {
    let p = f
        .params
        .iter()
        .find(|p| p.name == name && p.shape == Shape::Scalar)?;
    Some((p, p.ty?))
}

/// A `--param` below zero that is no integer parameter of any checked
/// kernel: an error (a protocol variable or a dimension is a natural
/// number; a pointer has no integer value).
pub fn misplaced_negative(funcs: &[&Func], opts: &LoadOptions, path: &Path) -> Option<Diagnostic> {
    let (x, m) = opts
        .negative_params
        .iter()
        .find(|(x, _)| !funcs.iter().any(|f| integer_param(f, x).is_some()))?;
    let msg = format!(
        "--param {x}=-{m}: a value below zero is only for an integer parameter of a kernel, and `{x}` is none"
    );
    Some(Diagnostic::error(msg).in_file(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_convert_as_c_converts_them() {
        assert_eq!(c_value(-5, IntTy::INT), -5);
        assert_eq!(c_value(-1, IntTy::UINT), 4_294_967_295);
        let char_ = IntTy {
            bits: 8,
            signed: true,
        };
        assert_eq!(c_value(-129, char_), 127, "two's complement wraps");
        let ulong = IntTy {
            bits: 64,
            signed: false,
        };
        assert_eq!(c_value(-1, ulong), (1i128 << 64) - 1);
        let long = IntTy {
            bits: 64,
            signed: true,
        };
        assert_eq!(c_value(-(1i128 << 63), long), -(1i128 << 63));
    }
}
