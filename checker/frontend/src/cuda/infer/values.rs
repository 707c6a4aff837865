//! What a write stores, for benign write/write pairs (`docs/benign-writes.md`;
//! `mapcheck_ir::kernel::Written`).
//!
//! Only values that are the same for every thread, and whose equality the
//! front end can decide, are recorded; everything else is
//! [`Written::Unknown`], which is never part of a benign pair:
//!
//! * to an integer destination, an expression built only from integer
//!   literals, integer kernel parameters still holding their launch value,
//!   non-type template parameters, `blockDim`, `gridDim`, `blockIdx`, and
//!   the integer operators (every sub-expression of an integer type, so
//!   that the exact value the inference computes, [`Lin`], is the C value):
//!   [`Written::Uniform`];
//! * to any other destination (`float`, `double`, `bool`, a pointer), a
//!   literal, possibly negated, under at most one conversion (the one to
//!   the destination's type), by its value: [`Written::Constant`];
//! * to any destination, an element of a `__shared__` array at an index
//!   built like an integer value above, read in the same statement and
//!   converted at most once (`d_clocks[0] = s_clocks[0]`):
//!   [`Written::Read`].  The checker takes it as uniform only if it proves
//!   that array race-free (then no thread writes the cell in the barrier
//!   interval of the read, and every thread reads the same value); not
//!   through a view of another element size, nor in memory modelled in
//!   bytes (`hs[0]` of `short *hs = (short *)s` is part of `s[0]`).
//!
//! A write through such a view, or into memory modelled in bytes, stores
//! [`Written::Unknown`] whatever its value (`memory.rs`, `write_place`):
//! an `int` 1 and a `short` 1 in its upper half differ in a byte.
//!
//! A value read from global memory, a local variable, a call, `threadIdx`,
//! or a floating-point computation is unknown.

use super::*;
use mapcheck_ir::kernel::Written;

impl Infer<'_> {
    /// What the assignment `l = r` (or `l op= r`) stores, `v` being the
    /// value the inference computed.
    /// What the assignment `l = r` (or `l op= r`) stores, `v` being the
    /// value the inference computed and `read` the last place evaluating
    /// `r` read.
    pub(super) fn written_value(
        &self,
        op: Option<BinOp>,
        (l, r): (&E, &E),
        v: &Val,
        read: Option<Place>,
    ) -> Written {
        if op.is_some() {
            // `x op= r` stores a value computed from what `x` held.
            return Written::Unknown;
        }
        if let Some(w) = self.shared_read(r, read) {
            return w;
        }
        match (l.ty, v) {
            (Some(_), Val::Int(lin)) if self.uniform_syntax(r) && self.uniform_lin(lin) => {
                Written::Uniform {
                    pos: lin.pos.clone(),
                    neg: lin.neg.clone(),
                }
            }
            (None, _) => constant(r).map_or(Written::Unknown, Written::Constant),
            _ => Written::Unknown,
        }
    }

    /// Does `lin` mention only integer kernel parameters and uniform
    /// built-ins?
    fn uniform_lin(&self, lin: &Lin) -> bool {
        let allowed = |x: &String| {
            self.params.vars.contains(x)
                || ["blockDim.", "gridDim.", "blockIdx."]
                    .iter()
                    .any(|p| x.starts_with(p))
        };
        lin.pos.fv().iter().chain(lin.neg.fv().iter()).all(allowed)
    }

    /// `r` is `s[i]` (under at most one conversion) for a `__shared__`
    /// array `s` and a uniform index `i`, and `read` is that element.
    fn shared_read(&self, r: &E, read: Option<Place>) -> Option<Written> {
        let inner = match &r.kind {
            EK::Cast(x) => x,
            _ => r,
        };
        if !matches!(inner.kind, EK::Index(..) | EK::Un(UnOp::Deref, _)) {
            return None;
        }
        let Some(Place::Elem { arr, index }) = read else {
            return None;
        };
        let shared = self.memory.shared.iter().any(|s| belongs_to(&arr.name, s));
        // Through a view (`(short *)s`), or in memory modelled in bytes,
        // the element read is not the array's: `hs[0]` and `s[0]` are two
        // values at one index.
        let whole = arr.view.is_none() && arr.bytes.is_none();
        if !arr.tracked || !shared || !whole || !index.iter().all(|i| self.uniform_lin(i)) {
            return None;
        }
        Some(Written::Read {
            array: arr.name.clone(),
            index: index
                .iter()
                .map(|i| (i.pos.clone(), i.neg.clone()))
                .collect(),
        })
    }

    /// Is `e` an integer expression of literals, unchanged integer kernel
    /// parameters, template parameters and uniform built-ins?
    fn uniform_syntax(&self, e: &E) -> bool {
        if e.ty.is_none() {
            return false;
        }
        match &e.kind {
            EK::Int(_) => true,
            EK::Builtin(b) => ["blockDim.", "gridDim.", "blockIdx."]
                .iter()
                .any(|p| b.starts_with(p)),
            EK::Var(_, key, RefKind::Local) => {
                let initial = self.params.initial.get(key);
                initial.is_some() && initial == self.values.env.get(key)
            }
            EK::Var(_, _, RefKind::TemplateParam) => true,
            EK::Bin(op, a, b) => {
                use BinOp::*;
                matches!(
                    op,
                    Add | Sub | Mul | Div | Rem | Shl | Shr | BitAnd | BitXor | BitOr
                ) && self.uniform_syntax(a)
                    && self.uniform_syntax(b)
            }
            EK::Un(UnOp::Neg | UnOp::Plus | UnOp::BitNot, x) => self.uniform_syntax(x),
            // A conversion between integer types (`uniform_syntax` of `x`
            // requires its type to be one).
            EK::Cast(x) => self.uniform_syntax(x),
            _ => false,
        }
    }
}

/// The canonical text of a constant stored to a non-integer destination:
/// a literal, possibly negated, under at most one conversion.
fn constant(e: &E) -> Option<String> {
    let inner = match &e.kind {
        EK::Cast(x) => x,
        _ => e,
    };
    let value = literal(inner)?;
    Some(format!("{value:?}"))
}

/// The value of a literal, possibly negated, as a `double` (integers only
/// when the conversion is exact).
fn literal(e: &E) -> Option<f64> {
    match &e.kind {
        EK::Float(v) => *v,
        EK::Int(i) if i.unsigned_abs() <= 1u128 << 53 => Some(*i as f64),
        EK::Un(UnOp::Neg, x) => literal(x).map(|v| -v),
        EK::Un(UnOp::Plus, x) => literal(x),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(kind: EK, ty: Option<IntTy>) -> E {
        E {
            kind,
            span: Span::default(),
            ty,
        }
    }

    #[test]
    fn constants_are_literals_under_one_conversion_at_most() {
        let float = |v| e(EK::Float(Some(v)), None);
        let cast = |x: E| e(EK::Cast(Box::new(x)), None);
        let neg = |x: E| e(EK::Un(UnOp::Neg, Box::new(x)), None);
        assert_eq!(constant(&float(0.0)), Some("0.0".into()));
        assert_eq!(constant(&cast(e(EK::Int(0), None))), Some("0.0".into()));
        assert_eq!(constant(&neg(float(0.0))), Some("-0.0".into()));
        assert_eq!(constant(&cast(neg(float(1.5)))), Some("-1.5".into()));
        // Two conversions may round twice: not a constant we compare.
        assert_eq!(constant(&cast(cast(float(0.1)))), None);
        assert_eq!(constant(&e(EK::Float(None), None)), None);
        assert_eq!(constant(&e(EK::Int(1 << 60), None)), None);
    }
}
