#![allow(non_upper_case_globals)]
//! A thin, safe layer over libclang (through `clang-sys`, loaded at run
//! time): load the library once and share it with every thread, parse a
//! translation unit with the CUDA prelude, and read cursors.  Nothing here
//! knows about protocols.

use clang_sys::*;
use semantics::surface::Span;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_uint, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The CUDA built-ins, force-included before every kernel file.
pub const PRELUDE: &str = include_str!("../../cuda-prelude/mapcheck_cuda.h");
const PRELUDE_NAME: &str = "/mapcheck-prelude/mapcheck_cuda.h";

static LIBRARY: OnceLock<Result<Arc<SharedLibrary>, String>> = OnceLock::new();

/// Makes libclang available on the calling thread (clang-sys keeps the
/// library in thread-local storage, so rayon workers need this too).
pub fn ensure_loaded() -> Result<(), String> {
    if clang_sys::get_library().is_some() {
        return Ok(());
    }
    let lib = LIBRARY.get_or_init(|| {
        if std::env::var_os("LIBCLANG_PATH").is_none() {
            if let Some(dir) = find_libclang_dir() {
                std::env::set_var("LIBCLANG_PATH", dir);
            }
        }
        clang_sys::load_manually().map(Arc::new).map_err(|e| {
            format!(
                "cannot load libclang ({e}); install it with scripts/setup.sh or set LIBCLANG_PATH"
            )
        })
    });
    let lib = lib.clone()?;
    clang_sys::set_library(Some(lib));
    Ok(())
}

/// The newest `/usr/lib/llvm-N/lib` holding `libclang.so`.
fn find_libclang_dir() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib")
        .ok()?
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let version = name.strip_prefix("llvm-")?.parse::<u32>().ok()?;
            let dir = e.path().join("lib");
            dir.join("libclang.so").exists().then_some((version, dir))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, d)| d)
}

/// A diagnostic of the compiler.
pub struct Diagnostic {
    pub line: u32,
    pub col: u32,
    pub text: String,
    pub is_error: bool,
}

/// A parsed translation unit (owns the index).
pub struct Tu {
    index: CXIndex,
    tu: CXTranslationUnit,
    pub main_file: PathBuf,
}

impl Drop for Tu {
    fn drop(&mut self) {
        unsafe {
            clang_disposeTranslationUnit(self.tu);
            clang_disposeIndex(self.index);
        }
    }
}

fn cstr(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// The command line libclang sees: CUDA device code, no CUDA installation.
fn arguments(defines: &[String], includes: &[PathBuf]) -> Vec<String> {
    let mut args: Vec<String> = [
        "-x",
        "cuda",
        "--cuda-device-only",
        "-nocudainc",
        "-nocudalib",
        "--cuda-gpu-arch=sm_70",
        "-std=c++17",
        "-Wno-everything",
        "-include",
        PRELUDE_NAME,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(defines.iter().map(|d| format!("-D{d}")));
    args.extend(includes.iter().map(|i| format!("-I{}", i.display())));
    args
}

impl Tu {
    /// Parses `source` (the contents of `path`).  Errors are the compiler's
    /// diagnostics.
    pub fn parse(
        path: &Path,
        source: &str,
        defines: &[String],
        includes: &[PathBuf],
    ) -> Result<Tu, Vec<Diagnostic>> {
        let no_pos = |text: String| {
            vec![Diagnostic {
                line: 0,
                col: 0,
                text,
                is_error: true,
            }]
        };
        ensure_loaded().map_err(no_pos)?;
        let args: Vec<CString> = arguments(defines, includes)
            .iter()
            .map(|a| cstr(a))
            .collect();
        let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
        let file_name = cstr(&path.to_string_lossy());
        let (pre_name, pre_text) = (cstr(PRELUDE_NAME), cstr(PRELUDE));
        let main_text = cstr(source);
        let unsaved = [
            CXUnsavedFile {
                Filename: pre_name.as_ptr(),
                Contents: pre_text.as_ptr(),
                Length: PRELUDE.len() as _,
            },
            CXUnsavedFile {
                Filename: file_name.as_ptr(),
                Contents: main_text.as_ptr(),
                Length: main_text.as_bytes().len() as _,
            },
        ];
        unsafe {
            let index = clang_createIndex(0, 0);
            let mut tu: CXTranslationUnit = std::ptr::null_mut();
            let rc = clang_parseTranslationUnit2(
                index,
                file_name.as_ptr(),
                argv.as_ptr(),
                argv.len() as i32,
                unsaved.as_ptr() as *mut CXUnsavedFile,
                unsaved.len() as c_uint,
                CXTranslationUnit_KeepGoing,
                &mut tu,
            );
            if rc != CXError_Success || tu.is_null() {
                clang_disposeIndex(index);
                return Err(no_pos(format!(
                    "libclang could not parse the file (error code {rc})"
                )));
            }
            let tu = Tu {
                index,
                tu,
                main_file: path.to_path_buf(),
            };
            let errors: Vec<Diagnostic> = tu
                .diagnostics()
                .into_iter()
                .filter(|d| d.is_error)
                .collect();
            if errors.is_empty() {
                Ok(tu)
            } else {
                Err(errors)
            }
        }
    }

    fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        unsafe {
            for i in 0..clang_getNumDiagnostics(self.tu) {
                let d = clang_getDiagnostic(self.tu, i);
                let severity = clang_getDiagnosticSeverity(d);
                let (line, col) = spelling_pos(clang_getDiagnosticLocation(d));
                let text = take(clang_formatDiagnostic(
                    d,
                    clang_defaultDiagnosticDisplayOptions(),
                ));
                clang_disposeDiagnostic(d);
                out.push(Diagnostic {
                    line,
                    col,
                    text,
                    is_error: severity >= CXDiagnostic_Error,
                });
            }
        }
        out
    }

    pub fn root(&self) -> Cursor {
        Cursor(unsafe { clang_getTranslationUnitCursor(self.tu) })
    }

    /// The spellings of the tokens in a cursor's extent.
    pub fn tokens(&self, c: Cursor) -> Vec<(String, u32)> {
        let mut out = Vec::new();
        unsafe {
            let range = clang_getCursorExtent(c.0);
            let mut toks: *mut CXToken = std::ptr::null_mut();
            let mut n: c_uint = 0;
            clang_tokenize(self.tu, range, &mut toks, &mut n);
            if toks.is_null() {
                return out;
            }
            for i in 0..n as usize {
                let t = *toks.add(i);
                let offset = file_offset(clang_getTokenLocation(self.tu, t));
                out.push((take(clang_getTokenSpelling(self.tu, t)), offset));
            }
            clang_disposeTokens(self.tu, toks, n);
        }
        out
    }
}

/// Takes ownership of a `CXString`.
fn take(s: CXString) -> String {
    unsafe {
        let p = clang_getCString(s);
        let out = if p.is_null() {
            String::new()
        } else {
            CStr::from_ptr(p).to_string_lossy().into_owned()
        };
        clang_disposeString(s);
        out
    }
}

fn spelling_pos(loc: CXSourceLocation) -> (u32, u32) {
    let (mut line, mut col) = (0, 0);
    unsafe {
        clang_getExpansionLocation(
            loc,
            std::ptr::null_mut(),
            &mut line,
            &mut col,
            std::ptr::null_mut(),
        )
    };
    (line, col)
}

fn file_offset(loc: CXSourceLocation) -> u32 {
    let mut off = 0;
    unsafe {
        clang_getExpansionLocation(
            loc,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            &mut off,
        )
    };
    off
}

/// A cursor of the AST.
#[derive(Clone, Copy)]
pub struct Cursor(pub CXCursor);

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
    pub fn is_definition(&self) -> bool {
        unsafe { clang_isCursorDefinition(self.0) != 0 }
    }
    /// Declared in a system header or in mapcheck's own CUDA headers (the
    /// virtual files under `/mapcheck-…`): a library function, not the user's.
    pub fn in_library(&self) -> bool {
        let loc = unsafe { clang_getCursorLocation(self.0) };
        if unsafe { clang_Location_isInSystemHeader(loc) } != 0 {
            return true;
        }
        let mut file: CXFile = std::ptr::null_mut();
        unsafe {
            clang_getExpansionLocation(
                loc,
                &mut file,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        !file.is_null() && take(unsafe { clang_getFileName(file) }).starts_with("/mapcheck-")
    }
    /// A bit-field declaration.
    pub fn is_bit_field(&self) -> bool {
        unsafe { clang_Cursor_isBitField(self.0) != 0 }
    }
    /// `extern` storage.
    pub fn is_extern(&self) -> bool {
        unsafe { clang_Cursor_getStorageClass(self.0) == CX_SC_Extern }
    }
    /// `static` storage.
    pub fn is_static(&self) -> bool {
        unsafe { clang_Cursor_getStorageClass(self.0) == CX_SC_Static }
    }
    pub fn in_main_file(&self) -> bool {
        unsafe { clang_Location_isFromMainFile(clang_getCursorLocation(self.0)) != 0 }
    }
    /// A key identifying the declaration (its expansion offset in its file
    /// plus its name; the file is implied by the translation unit order).
    pub fn decl_key(&self) -> String {
        let loc = unsafe { clang_getCursorLocation(self.0) };
        let mut file: CXFile = std::ptr::null_mut();
        let mut off = 0;
        unsafe {
            clang_getExpansionLocation(
                loc,
                &mut file,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                &mut off,
            )
        };
        let fname = if file.is_null() {
            String::new()
        } else {
            take(unsafe { clang_getFileName(file) })
        };
        format!("{}@{fname}:{off}", self.spelling())
    }
    /// The source region (expansion locations: macros map to their use).
    pub fn span(&self) -> Span {
        unsafe {
            let r = clang_getCursorExtent(self.0);
            let (line, col) = spelling_pos(clang_getRangeStart(r));
            let (end_line, end_col) = spelling_pos(clang_getRangeEnd(r));
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
    pub fn enum_value(&self) -> i128 {
        unsafe { clang_getEnumConstantDeclValue(self.0) as i128 }
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
    pub fn overloaded_decl(&self, i: u32) -> Cursor {
        Cursor(unsafe { clang_getOverloadedDecl(self.0, i) })
    }
    pub fn var_init(&self) -> Option<Cursor> {
        let c = Cursor(unsafe { clang_Cursor_getVarDeclInitializer(self.0) });
        (!c.is_null() && c.kind() != CXCursor_InvalidFile).then_some(c)
    }
    pub fn is_expression(&self) -> bool {
        unsafe { clang_isExpression(self.kind()) != 0 }
    }
    pub fn has_attr(&self, kind: CXCursorKind) -> bool {
        self.children().iter().any(|c| c.kind() == kind)
    }
}

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
    pub fn spelling(&self) -> String {
        take(unsafe { clang_getTypeSpelling(self.0) })
    }
    pub fn is_pointer(&self) -> bool {
        self.kind() == CXType_Pointer
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
    pub fn is_record(&self) -> bool {
        self.kind() == CXType_Record
    }
}
