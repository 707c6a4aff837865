//! Conversions and casts: implicit conversions, C-style and C++ casts
//! (integer conversions, pointers reinterpreted as other element types,
//! conversions to `bool` and from floating-point values).

use super::*;

impl Converter<'_> {
    /// An implicit conversion (libclang shows it as an unexposed
    /// expression around its operand): between integer types it is a
    /// [`EK::Cast`]; from a pointer to an integer it is an unknown integer.
    pub(super) fn conversion(&self, c: Cursor, inner: Cursor) -> EK {
        let (to, from) = (c.ty(), inner.ty());
        if let Some(k) = self.scalar_conversion(c, inner) {
            return k;
        }
        match (to.int_type(), from.int_type()) {
            (Some(t), Some(f)) if t != f => EK::Cast(Box::new(self.expr(inner))),
            (Some(_), None) if from.is_pointer() => {
                EK::Unknown(PTR_TO_INT.into(), vec![self.expr(inner)])
            }
            // To a type libclang does not expose (`_BitInt(5)`, which
            // keeps 5 bits): an unknown value.
            (None, Some(_)) if to.is_unexposed() => EK::Unknown(
                format!("conversion to `{}`", to.spelling()),
                vec![self.expr(inner)],
            ),
            // To `bool` or a floating type: the operand keeps its own C
            // type (a value it reads is of that type).
            (None, Some(_)) => EK::Cast(Box::new(self.expr(inner))),
            _ => self.expr_kind(inner),
        }
    }

    /// Conversions the integers of the protocol cannot follow: from a
    /// floating-point type to another type (rounding, truncation) is an
    /// unknown value; to `bool` it is `x != 0` (a `bool` holds 0 or 1).
    fn scalar_conversion(&self, c: Cursor, inner: Cursor) -> Option<EK> {
        let (to, from) = (c.ty(), inner.ty());
        if from.is_floating() && !to.is_floating() {
            return Some(EK::Unknown(FLOAT_CONVERSION.into(), vec![self.expr(inner)]));
        }
        if to.is_bool() && !from.is_bool() && from.int_type().is_some() {
            let x = self.expr(inner);
            let zero = E::typed(EK::Int(0), x.span, x.ty);
            return Some(EK::Bin(BinOp::Ne, Box::new(x), Box::new(zero)));
        }
        None
    }

    /// A cast keeps its operand, unless it converts between integer types
    /// ([`EK::Cast`]), between pointers and integers (an unknown integer;
    /// a pointer made from an integer is not located), or reinterprets a
    /// pointer as a pointer to another type (indices would change meaning).
    pub(super) fn cast(&self, c: Cursor, ch: &[Cursor]) -> EK {
        let Some(op) = ch.iter().rev().find(|k| k.is_expression()) else {
            return EK::Unknown("cast".into(), vec![]);
        };
        let (to, from) = (c.ty(), op.ty());
        if let Some(k) = self.scalar_conversion(c, *op) {
            return k;
        }
        match (to.int_type(), from.int_type()) {
            (Some(t), Some(f)) if t != f => return EK::Cast(Box::new(self.expr(*op))),
            (Some(_), None) if from.is_pointer() => {
                return EK::Unknown(PTR_TO_INT.into(), vec![self.expr(*op)])
            }
            (None, Some(_)) if to.is_pointer() => {
                return EK::Unknown(INT_TO_PTR.into(), vec![self.expr(*op)])
            }
            (None, Some(_)) if to.is_unexposed() => {
                return EK::Unknown(
                    format!("conversion to `{}`", to.spelling()),
                    vec![self.expr(*op)],
                )
            }
            _ => {}
        }
        // `(float4 &)x` or `reinterpret_cast<float4 &>(x)` on a `float`:
        // the place is another size than the operand's, which keeping the
        // operand would hide (a write of 16 bytes as one of 4).
        if (to.is_record() || from.is_record()) && to.size_of() != from.size_of() {
            return EK::Unknown(
                format!("cast from `{}` to `{}`", from.spelling(), to.spelling()),
                vec![self.expr(*op)],
            );
        }
        if to.is_pointer() && from.is_pointer() {
            let (a, b) = (
                to.pointee().canonical().spelling(),
                from.pointee().canonical().spelling(),
            );
            let strip = |s: &str| s.replace("const ", "").replace("volatile ", "");
            // Elements of the same size occupy the same bytes under both
            // types (`int *` as `unsigned *`, `float *` as `int *`): an
            // index means the same cell.
            let same_size = match (to.pointee().size_of(), from.pointee().size_of()) {
                (Some(x), Some(y)) => x == y && x > 0,
                _ => false,
            };
            let sizes = (from.pointee().size_of(), to.pointee().size_of());
            if let (Some(f), Some(t), false) = (sizes.0, sizes.1, same_size) {
                if f > 0 && t > 0 {
                    let align = to.pointee().align_of().unwrap_or(1);
                    return EK::Reinterpret(Box::new(self.expr(*op)), f, t, align);
                }
            }
            if strip(&a) != strip(&b) && !same_size {
                return EK::Unknown(
                    format!("pointer cast from `{b} *` to `{a} *`"),
                    vec![self.expr(*op)],
                );
            }
        }
        self.expr_kind(*op)
    }
}
