#![allow(non_upper_case_globals)]
//! Cursors: what the front end asks of a node of clang's tree (its kind,
//! children, location, type, declaration, …).

use super::*;

/// A cursor of the AST.
#[derive(Clone, Copy)]
pub struct Cursor(pub CXCursor);

/// Two cursors are equal when they are the same node (`clang_equalCursors`).
impl PartialEq for Cursor {
    fn eq(&self, other: &Cursor) -> bool {
        unsafe { clang_equalCursors(self.0, other.0) != 0 }
    }
}

extern "C" fn collect(c: CXCursor, _parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
    let out = unsafe { &mut *(data as *mut Vec<Cursor>) };
    out.push(Cursor(c));
    CXChildVisit_Continue
}

impl Cursor {
    pub fn kind(&self) -> CXCursorKind {
        unsafe { clang_getCursorKind(self.0) }
    }
    pub fn is_null(&self) -> bool {
        unsafe { clang_Cursor_isNull(self.0) != 0 }
    }
    pub fn children(&self) -> Vec<Cursor> {
        let mut out: Vec<Cursor> = Vec::new();
        unsafe {
            clang_visitChildren(self.0, collect, &mut out as *mut Vec<Cursor> as *mut c_void);
        }
        out
    }
    pub fn spelling(&self) -> String {
        take(unsafe { clang_getCursorSpelling(self.0) })
    }
    pub fn kind_name(&self) -> String {
        take(unsafe { clang_getCursorKindSpelling(self.kind()) })
    }
    pub fn referenced(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorReferenced(self.0) })
    }
    pub fn definition(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorDefinition(self.0) })
    }
    pub fn template_of(&self) -> Cursor {
        Cursor(unsafe { clang_getSpecializedCursorTemplate(self.0) })
    }
    /// The non-type template arguments of a function template
    /// specialization, by the declaration key of each template parameter
    /// (only integral values; others are left out).
    pub fn template_values(&self) -> Vec<(String, i128)> {
        let template = self.template_of();
        if template.is_null() {
            return Vec::new();
        }
        let params = template.template_parameters();
        let n = unsafe { clang_Cursor_getNumTemplateArguments(self.0) };
        let mut out = Vec::new();
        for (i, p) in params.iter().enumerate().take(n.max(0) as usize) {
            let kind = unsafe { clang_Cursor_getTemplateArgumentKind(self.0, i as u32) };
            if p.kind() == CXCursor_NonTypeTemplateParameter
                && kind == CXTemplateArgumentKind_Integral
            {
                // The signed accessor sign-extends at the parameter's
                // width (`template <unsigned M>` with M = 2^32 − 1 is −1).
                let ty = p.ty();
                let unsigned = ty.is_bool() || ty.int_type().is_some_and(|t| !t.signed);
                let v = unsafe {
                    match unsigned {
                        true => {
                            clang_Cursor_getTemplateArgumentUnsignedValue(self.0, i as u32) as i128
                        }
                        false => clang_Cursor_getTemplateArgumentValue(self.0, i as u32) as i128,
                    }
                };
                out.push((p.decl_key(), v));
            }
        }
        out
    }
    /// Every template argument of a function template specialization, in
    /// order, as C++ text: a type as clang spells it, an integral value in
    /// decimal; `None` for the kinds that have no such text (template
    /// template arguments, packs, expressions clang did not evaluate).
    pub fn template_argument_texts(&self) -> Vec<Option<String>> {
        let n = unsafe { clang_Cursor_getNumTemplateArguments(self.0) };
        let template = self.template_of();
        let params = match template.is_null() {
            true => Vec::new(),
            false => template.template_parameters(),
        };
        (0..n.max(0) as u32)
            .map(|i| unsafe {
                match clang_Cursor_getTemplateArgumentKind(self.0, i) {
                    CXTemplateArgumentKind_Type => {
                        let t = Type(clang_Cursor_getTemplateArgumentType(self.0, i));
                        Some(t.spelling()).filter(|s| !s.is_empty())
                    }
                    CXTemplateArgumentKind_Integral => {
                        // By the parameter's canonical type (libclang gives
                        // no type for an integral argument): `size_t` and
                        // `unsigned` are read unsigned, else 2^32 − 1 would
                        // be −1.
                        let ty = params
                            .get(i as usize)
                            .map_or(Type(clang_Cursor_getTemplateArgumentType(self.0, i)), |p| {
                                p.ty()
                            });
                        let unsigned = ty.int_type().map_or(ty.is_bool(), |t| !t.signed);
                        Some(if unsigned {
                            clang_Cursor_getTemplateArgumentUnsignedValue(self.0, i).to_string()
                        } else {
                            clang_Cursor_getTemplateArgumentValue(self.0, i).to_string()
                        })
                    }
                    _ => None,
                }
            })
            .collect()
    }
    /// The parameters of a function declaration, in order.
    pub fn parameters(&self) -> Vec<Cursor> {
        self.children()
            .into_iter()
            .filter(|c| c.kind() == CXCursor_ParmDecl)
            .collect()
    }

    /// The template parameters of a template declaration, in order.
    pub fn template_parameters(&self) -> Vec<Cursor> {
        self.children()
            .into_iter()
            .filter(|c| {
                matches!(
                    c.kind(),
                    CXCursor_TemplateTypeParameter
                        | CXCursor_NonTypeTemplateParameter
                        | CXCursor_TemplateTemplateParameter
                )
            })
            .collect()
    }
    pub fn is_definition(&self) -> bool {
        unsafe { clang_isCursorDefinition(self.0) != 0 }
    }
    /// Declared in a system header or in mapcheck's own CUDA headers (the
    /// virtual files under `/mapcheck-…`): a library function, not the user's.
    pub fn in_library(&self) -> bool {
        let loc = unsafe { clang_getCursorLocation(self.0) };
        let system = unsafe { clang_Location_isInSystemHeader(loc) != 0 };
        system || self.in_prelude()
    }
    /// In mapcheck's own CUDA headers (embedded under `/mapcheck-…`).
    pub fn in_prelude(&self) -> bool {
        self.file()
            .is_some_and(|f| f.to_string_lossy().starts_with("/mapcheck-"))
    }
    /// The cursor of the translation unit `self` belongs to.
    pub fn tu_root(&self) -> Cursor {
        unsafe {
            Cursor(clang_getTranslationUnitCursor(
                clang_Cursor_getTranslationUnit(self.0),
            ))
        }
    }
    /// The first declaration of the same entity (a user's redeclaration
    /// of `fabs` has the library's declaration as canonical cursor).
    pub fn canonical_decl(&self) -> Cursor {
        Cursor(unsafe { clang_getCanonicalCursor(self.0) })
    }
    /// A copy or move constructor that is defaulted (implicitly declared
    /// or `= default`): it copies the members.
    pub fn is_defaulted_copy(&self) -> bool {
        unsafe {
            self.kind() == CXCursor_Constructor
                && clang_CXXMethod_isDefaulted(self.0) != 0
                && (clang_CXXConstructor_isCopyConstructor(self.0) != 0
                    || clang_CXXConstructor_isMoveConstructor(self.0) != 0)
        }
    }
    /// A copy or move constructor (defaulted or written by the user).
    pub fn is_copy_or_move_ctor(&self) -> bool {
        unsafe {
            self.kind() == CXCursor_Constructor
                && (clang_CXXConstructor_isCopyConstructor(self.0) != 0
                    || clang_CXXConstructor_isMoveConstructor(self.0) != 0)
        }
    }
    /// A bit-field declaration.
    pub fn is_bit_field(&self) -> bool {
        unsafe { clang_Cursor_isBitField(self.0) != 0 }
    }
    /// The offset in bits of a field from the start of its record.
    pub fn field_offset_bits(&self) -> Option<u64> {
        u64::try_from(unsafe { clang_Cursor_getOffsetOfField(self.0) }).ok()
    }
    /// The file the cursor is written in (after macro expansion).
    pub fn file(&self) -> Option<PathBuf> {
        expansion_file(unsafe { clang_getCursorLocation(self.0) })
    }
    /// Where the cursor is, as (file, byte offset) pairs: its expansion
    /// location and its spelling location (they differ inside macros).
    pub fn locations(&self) -> [(Option<PathBuf>, u32); 2] {
        let loc = unsafe { clang_getCursorLocation(self.0) };
        let mut file: CXFile = std::ptr::null_mut();
        let mut off = 0;
        let (no_line, no_col) = (std::ptr::null_mut(), std::ptr::null_mut());
        unsafe { clang_getSpellingLocation(loc, &mut file, no_line, no_col, &mut off) };
        let name =
            (!file.is_null()).then(|| PathBuf::from(take(unsafe { clang_getFileName(file) })));
        [expansion(loc), (name, off)]
    }
    /// `extern` storage.
    pub fn is_extern(&self) -> bool {
        unsafe { clang_Cursor_getStorageClass(self.0) == CX_SC_Extern }
    }
    /// `static` storage.
    pub fn is_static(&self) -> bool {
        unsafe { clang_Cursor_getStorageClass(self.0) == CX_SC_Static }
    }
    /// Do both cursors sit at the very same source location (macro
    /// expansions included)?
    pub fn same_location(&self, other: Cursor) -> bool {
        unsafe {
            clang_equalLocations(
                clang_getCursorLocation(self.0),
                clang_getCursorLocation(other.0),
            ) != 0
        }
    }
    /// A method, constructor or destructor that is defaulted (implicitly
    /// declared or `= default`), not written by the user.
    pub fn is_defaulted(&self) -> bool {
        unsafe { clang_CXXMethod_isDefaulted(self.0) != 0 }
    }
    /// A virtual method (a call may run an override).
    pub fn is_virtual(&self) -> bool {
        unsafe { clang_CXXMethod_isVirtual(self.0) != 0 }
    }
    /// A method with an object (not `static`), or a conversion function.
    pub fn is_instance_method(&self) -> bool {
        match self.kind() {
            CXCursor_CXXMethod => unsafe { clang_CXXMethod_isStatic(self.0) == 0 },
            CXCursor_ConversionFunction => true,
            _ => false,
        }
    }
    pub fn in_main_file(&self) -> bool {
        unsafe { clang_Location_isFromMainFile(clang_getCursorLocation(self.0)) != 0 }
    }
    /// A key identifying the declaration (its expansion offset in its file
    /// plus its name; the file is implied by the translation unit order).
    ///
    /// Declarations written by one macro expansion share its expansion
    /// offset (`#define D(v) int i = v;` … `D(0) { D(t) … }`): a location
    /// inside a macro adds clang's raw encoding of it, unique in the
    /// translation unit, so that they do not become one entity.
    pub fn decl_key(&self) -> String {
        let loc = unsafe { clang_getCursorLocation(self.0) };
        let (file, off) = expansion(loc);
        let fname = file.map(|f| f.display().to_string()).unwrap_or_default();
        let name = self.spelling();
        if !in_macro(loc) {
            format!("{name}@{fname}:{off}")
        } else {
            format!("{name}@{fname}:{off}#{}", loc.int_data)
        }
    }
    /// The source region (expansion locations: macros map to their use;
    /// columns in characters).
    pub fn span(&self) -> Span {
        unsafe {
            let r = clang_getCursorExtent(self.0);
            let tu = clang_Cursor_getTranslationUnit(self.0);
            let (line, col) = spelling_pos(tu, clang_getRangeStart(r));
            let (end_line, end_col) = spelling_pos(tu, clang_getRangeEnd(r));
            Span {
                line,
                col,
                end_line,
                end_col,
            }
        }
    }
    pub fn start_offset(&self) -> u32 {
        unsafe { file_offset(clang_getRangeStart(clang_getCursorExtent(self.0))) }
    }
    pub fn end_offset(&self) -> u32 {
        unsafe { file_offset(clang_getRangeEnd(clang_getCursorExtent(self.0))) }
    }
    /// The value of an integer constant expression, if it is one.
    pub fn evaluate_int(&self) -> Option<i128> {
        unsafe {
            let r = clang_Cursor_Evaluate(self.0);
            if r.is_null() {
                return None;
            }
            let v = if clang_EvalResult_getKind(r) == CXEval_Int {
                if clang_EvalResult_isUnsignedInt(r) != 0 {
                    Some(clang_EvalResult_getAsUnsigned(r) as i128)
                } else {
                    Some(clang_EvalResult_getAsLongLong(r) as i128)
                }
            } else {
                None
            };
            clang_EvalResult_dispose(r);
            v
        }
    }
    /// The value of a floating-point constant expression, if it is one.
    pub fn evaluate_float(&self) -> Option<f64> {
        unsafe {
            let r = clang_Cursor_Evaluate(self.0);
            if r.is_null() {
                return None;
            }
            let v = (clang_EvalResult_getKind(r) == CXEval_Float)
                .then(|| clang_EvalResult_getAsDouble(r));
            clang_EvalResult_dispose(r);
            v
        }
    }
    /// The value of an enumerator.  libclang's signed accessor
    /// sign-extends the value at the enumeration's width, so an
    /// enumerator of an unsigned enumeration is read unsigned
    /// (`enum : unsigned { FULL = 0xffffffff }` is 2^32 − 1, not −1; the
    /// `true` of an enumeration over `bool` is 1).
    pub fn enum_value(&self) -> i128 {
        let unsigned = unsafe {
            let e = clang_getCursorSemanticParent(self.0);
            let under = super::types::Type(clang_getEnumDeclIntegerType(e));
            // `enum E : bool { F, T }`: T is 1 (its one bit, unsigned).
            under.is_bool() || under.int_type().is_some_and(|t| !t.signed)
        };
        match unsigned {
            true => unsafe { clang_getEnumConstantDeclUnsignedValue(self.0) as i128 },
            false => unsafe { clang_getEnumConstantDeclValue(self.0) as i128 },
        }
    }
    pub fn binop(&self) -> CXBinaryOperatorKind {
        unsafe { clang_getCursorBinaryOperatorKind(self.0) }
    }
    pub fn unop(&self) -> CXUnaryOperatorKind {
        unsafe { clang_getCursorUnaryOperatorKind(self.0) }
    }
    pub fn num_args(&self) -> i32 {
        unsafe { clang_Cursor_getNumArguments(self.0) }
    }
    pub fn arg(&self, i: u32) -> Cursor {
        Cursor(unsafe { clang_Cursor_getArgument(self.0, i) })
    }
    pub fn ty(&self) -> Type {
        Type(unsafe { clang_getCursorType(self.0) })
    }
    pub fn semantic_parent(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorSemanticParent(self.0) })
    }
    /// Where the declaration is written (a block-scope `extern` variable
    /// has the translation unit as its semantic parent, its function as
    /// its lexical one).
    pub fn lexical_parent(&self) -> Cursor {
        Cursor(unsafe { clang_getCursorLexicalParent(self.0) })
    }
    pub fn overloaded_decl(&self, i: u32) -> Cursor {
        Cursor(unsafe { clang_getOverloadedDecl(self.0, i) })
    }
    pub fn var_init(&self) -> Option<Cursor> {
        let c = Cursor(unsafe { clang_Cursor_getVarDeclInitializer(self.0) });
        (!c.is_null() && c.kind() != CXCursor_InvalidFile).then_some(c)
    }
    /// A reference to a type, template, namespace or member (a name in the
    /// tree, not code that runs).
    pub fn is_reference(&self) -> bool {
        unsafe { clang_isReference(self.kind()) != 0 }
    }
    pub fn is_expression(&self) -> bool {
        unsafe { clang_isExpression(self.kind()) != 0 }
    }
    /// The one child an `UnexposedExpr` only wraps: an implicit
    /// conversion, a temporary or a constant-expression wrapper, which
    /// span the same source as their child.  clang's recovery from code
    /// that does not compile (a `RecoveryExpr`: `nosuch(n, 1)`, a call no
    /// overload matches) is unexposed too, but spans more than any child
    /// or has none: it wraps nothing, and its value is not its last
    /// argument's.
    pub fn wrapped(&self) -> Option<Cursor> {
        if self.kind() != CXCursor_UnexposedExpr {
            return None;
        }
        let [only] = self.children()[..] else {
            return None;
        };
        let same = unsafe {
            clang_equalRanges(clang_getCursorExtent(self.0), clang_getCursorExtent(only.0)) != 0
        };
        (same && only.is_expression()).then_some(only)
    }
    /// This expression and, in order, what each implicit conversion
    /// around it converts (libclang shows those as one-child
    /// `UnexposedExpr`s), down to the expression written (bounded).
    pub fn implicit_chain(&self) -> Vec<Cursor> {
        let mut out = vec![*self];
        while out.len() < 8 {
            let k = out[out.len() - 1];
            match k.children().as_slice() {
                [only] if k.kind() == CXCursor_UnexposedExpr => out.push(*only),
                _ => break,
            }
        }
        out
    }
    pub fn has_attr(&self, kind: CXCursorKind) -> bool {
        self.children().iter().any(|c| c.kind() == kind)
    }
}
