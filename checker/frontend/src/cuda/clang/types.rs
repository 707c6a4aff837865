//! Clang types: what the front end asks of a type (integer type, pointer,
//! element sizes, …).

use super::*;

/// A type.
#[derive(Clone, Copy)]
pub struct Type(pub CXType);

impl Type {
    pub fn canonical(&self) -> Type {
        Type(unsafe { clang_getCanonicalType(self.0) })
    }
    pub fn kind(&self) -> CXTypeKind {
        self.canonical().0.kind
    }
    pub fn pointee(&self) -> Type {
        Type(unsafe { clang_getPointeeType(self.canonical().0) })
    }
    pub fn element(&self) -> Type {
        Type(unsafe { clang_getArrayElementType(self.canonical().0) })
    }
    /// `sizeof` the type, when it is complete.
    pub fn size_of(&self) -> Option<u64> {
        let n = unsafe { clang_Type_getSizeOf(self.canonical().0) };
        u64::try_from(n).ok()
    }
    /// The alignment in bytes (`float3`: 4, though its size is 12).
    pub fn align_of(&self) -> Option<u64> {
        let n = unsafe { clang_Type_getAlignOf(self.canonical().0) };
        u64::try_from(n).ok()
    }
    /// The declaration of a record (or other named) type.
    pub fn declaration(&self) -> Cursor {
        Cursor(unsafe { clang_getTypeDeclaration(self.canonical().0) })
    }
    pub fn spelling(&self) -> String {
        take(unsafe { clang_getTypeSpelling(self.0) })
    }
    /// `const`-qualified (the type itself, not what it points to).
    pub fn is_const(&self) -> bool {
        unsafe { clang_isConstQualifiedType(self.0) != 0 }
    }
    /// The canonical spelling of the function type a value of this type
    /// calls (a function, or a pointer to one), e.g. `int (int, float)`,
    /// without its exception specification: a pointer to `int (int)` may
    /// hold a `noexcept` function (C++17 converts it implicitly).
    pub fn function_signature(&self) -> Option<String> {
        let t = if self.is_pointer() {
            self.pointee().canonical()
        } else {
            self.canonical()
        };
        matches!(t.0.kind, CXType_FunctionProto | CXType_FunctionNoProto)
            .then(|| without_exception_spec(&t.spelling()))
    }
    pub fn is_pointer(&self) -> bool {
        self.kind() == CXType_Pointer
    }
    /// A floating-point type (`float`, `double`, `__half`, …).
    pub fn is_floating(&self) -> bool {
        matches!(
            self.canonical().0.kind,
            CXType_Float
                | CXType_Double
                | CXType_LongDouble
                | CXType_Half
                | CXType_Float16
                | CXType_Float128
                | CXType_BFloat16
        )
    }
    /// A type libclang does not expose (`_BitInt(5)`): an integer
    /// converted to it may lose bits in ways the front end does not know.
    pub fn is_unexposed(&self) -> bool {
        self.canonical().0.kind == CXType_Unexposed
    }
    pub fn is_bool(&self) -> bool {
        self.canonical().0.kind == CXType_Bool
    }
    pub fn is_array(&self) -> bool {
        matches!(
            self.kind(),
            CXType_ConstantArray
                | CXType_IncompleteArray
                | CXType_VariableArray
                | CXType_DependentSizedArray
        )
    }
    pub fn is_reference(&self) -> bool {
        matches!(self.kind(), CXType_LValueReference | CXType_RValueReference)
    }
    /// Number of array dimensions (`float a[4][8]` has 2).
    pub fn array_rank(&self) -> usize {
        let mut t = *self;
        let mut n = 0;
        while t.is_array() {
            n += 1;
            t = t.element();
        }
        n
    }
    /// Does C++ run code of the user's, picked by `user` among the members
    /// of this record type (through arrays), of its bases or of its
    /// fields' types — a user's `operator=` or destructor that a defaulted
    /// one calls?  A nesting too deep counts as yes.
    pub fn runs_user_code(&self, user: &dyn Fn(Cursor) -> bool, depth: usize) -> bool {
        let t = self.innermost_element();
        if !t.is_record() {
            return false;
        }
        let d = t.declaration();
        if depth > 8 {
            return true;
        }
        // An instance's members, and those of the template it comes from.
        let pattern = d.template_of();
        let members = d.children().into_iter().chain(if pattern.is_null() {
            vec![]
        } else {
            pattern.children()
        });
        let members: Vec<Cursor> = members.collect();
        members.iter().any(|m| {
            (!m.in_library() && user(*m))
                || matches!(m.kind(), CXCursor_FieldDecl | CXCursor_CXXBaseSpecifier)
                    && m.ty().runs_user_code(user, depth + 1)
        })
    }
    /// How many array dimensions with a size expression this type, as
    /// written in a declarator, has: 2 for `float x[8][N]`, 0 for a typedef
    /// of an array or for `x[]` (the typedef's sizes are written elsewhere).
    pub fn written_dimensions(&self) -> usize {
        let mut n = 0;
        let mut t = *self;
        while matches!(
            t.kind(),
            CXType_ConstantArray | CXType_DependentSizedArray | CXType_VariableArray
        ) {
            n += 1;
            t = t.element();
        }
        n
    }
    /// The canonical type of an element, through every array dimension
    /// (`P` of `P[4][2]`; the type itself when it is no array).
    pub fn innermost_element(&self) -> Type {
        let mut t = self.canonical();
        while t.is_array() {
            t = t.element().canonical();
        }
        t
    }
    pub fn is_record(&self) -> bool {
        self.kind() == CXType_Record
    }
    /// Is this a record type (through arrays) with a field or base that
    /// holds a pointer or a reference?  A nesting too deep counts as yes.
    pub fn record_holds_pointer(&self, depth: usize) -> bool {
        let t = self.innermost_element();
        if !t.is_record() {
            return false;
        }
        if depth > 8 {
            return true;
        }
        t.declaration().children().iter().any(|m| {
            let ty = m.ty().canonical();
            matches!(m.kind(), CXCursor_FieldDecl | CXCursor_CXXBaseSpecifier)
                && (ty.is_pointer() || ty.is_reference() || ty.record_holds_pointer(depth + 1))
        })
    }
    /// The length of each dimension of an array type (`None` when not a
    /// constant), outermost first.
    pub fn array_sizes(&self) -> Vec<Option<u64>> {
        let mut t = *self;
        let mut out = Vec::new();
        while t.is_array() {
            let n = unsafe { clang_getArraySize(t.canonical().0) };
            out.push(u64::try_from(n).ok());
            t = t.element();
        }
        out
    }
    /// The C integer type this is (an enum is its underlying type), or
    /// `None` for `bool`, floating-point, pointer and other types.
    pub fn int_type(&self) -> Option<crate::cuda::ast::IntTy> {
        let t = self.canonical();
        let signed = match t.0.kind {
            CXType_Char_U | CXType_UChar | CXType_Char16 | CXType_Char32 | CXType_UShort
            | CXType_UInt | CXType_ULong | CXType_ULongLong | CXType_UInt128 => false,
            CXType_Char_S | CXType_SChar | CXType_WChar | CXType_Short | CXType_Int
            | CXType_Long | CXType_LongLong | CXType_Int128 => true,
            CXType_Enum => {
                let decl = unsafe { clang_getTypeDeclaration(t.0) };
                let under = Type(unsafe { clang_getEnumDeclIntegerType(decl) });
                return (under.kind() != CXType_Enum)
                    .then(|| under.int_type())
                    .flatten();
            }
            _ => return None,
        };
        let bytes = unsafe { clang_Type_getSizeOf(t.0) };
        (1..=16).contains(&bytes).then(|| crate::cuda::ast::IntTy {
            bits: 8 * bytes as u32,
            signed,
        })
    }
}

/// A function type's spelling without the exception specification at its
/// end (`int (int) noexcept`, `noexcept(true)`, `throw()` — part of the
/// type in C++17, but dropped by the implicit conversion of a pointer to
/// such a function into a pointer to the same type without it).
fn without_exception_spec(spelling: &str) -> String {
    let mut s = spelling.trim_end();
    loop {
        let cut = [" noexcept(true)", " noexcept", " throw()"]
            .iter()
            .find_map(|suffix| s.strip_suffix(suffix));
        match cut {
            Some(rest) => s = rest.trim_end(),
            None => return s.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_exception_spec;

    #[test]
    fn exception_specifications_are_not_part_of_the_signature() {
        assert_eq!(without_exception_spec("int (int) noexcept"), "int (int)");
        assert_eq!(
            without_exception_spec("int (int) noexcept(true)"),
            "int (int)"
        );
        assert_eq!(without_exception_spec("int (int) throw()"), "int (int)");
        assert_eq!(without_exception_spec("int (int)"), "int (int)");
        assert_eq!(
            without_exception_spec("int (*(int))(float) noexcept"),
            "int (*(int))(float)"
        );
    }
}
