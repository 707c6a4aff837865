#![allow(non_upper_case_globals)]
//! A thin, safe layer over libclang (through `clang-sys`, loaded at run
//! time): load the library once and share it with every thread, parse a
//! translation unit with the CUDA prelude and mapcheck's CUDA headers, and
//! read cursors.  Nothing here knows about protocols.

use clang_sys::*;
use semantics::surface::Span;
use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_uint, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

mod cursor;
pub mod database;
pub mod device_launch;
mod types;
pub use cursor::Cursor;
pub use types::Type;

/// The CUDA prelude, force-included before every kernel file.
pub const PRELUDE: &str = include_str!("../../../cuda-prelude/mapcheck_cuda.h");
const PRELUDE_NAME: &str = "/mapcheck-prelude/mapcheck_cuda.h";
/// The virtual directory of [`HEADERS`], searched with `-isystem` (after
/// the user's `-I` directories, before the system's).
pub const INCLUDE_DIR: &str = "/mapcheck-prelude/include";

macro_rules! header {
    ($name:literal) => {
        (
            $name,
            include_str!(concat!("../../../cuda-prelude/include/", $name)),
        )
    };
}

/// mapcheck's SDK-free CUDA headers (`checker/frontend/cuda-prelude/include`),
/// embedded in the binary and handed to libclang as unsaved files under
/// [`INCLUDE_DIR`]: `(path relative to the directory, contents)`.  A test
/// checks that every file of the directory is listed.
pub const HEADERS: &[(&str, &str)] = &[
    header!("builtin_types.h"),
    header!("channel_descriptor.h"),
    header!("cooperative_groups.h"),
    header!("cooperative_groups/memcpy_async.h"),
    header!("cooperative_groups/reduce.h"),
    header!("cooperative_groups/scan.h"),
    header!("cuComplex.h"),
    header!("cuda/atomic"),
    header!("cuda/barrier"),
    header!("cuda/pipeline"),
    header!("cuda/std/atomic"),
    header!("cuda.h"),
    header!("cuda_bf16.h"),
    header!("cuda_fp16.h"),
    header!("cuda_fp8.h"),
    header!("cuda_profiler_api.h"),
    header!("cuda_runtime.h"),
    header!("cuda_runtime_api.h"),
    header!("cuda_surface_types.h"),
    header!("cuda_texture_types.h"),
    header!("curand.h"),
    header!("curand_kernel.h"),
    header!("curand_mtgp32.h"),
    header!("curand_mtgp32_host.h"),
    header!("curand_mtgp32_kernel.h"),
    header!("curand_mtgp32dc_p_11213.h"),
    header!("device_atomic_functions.h"),
    header!("device_functions.h"),
    header!("device_launch_parameters.h"),
    header!("device_types.h"),
    header!("driver_functions.h"),
    header!("driver_types.h"),
    header!("helper_cuda.h"),
    header!("helper_functions.h"),
    header!("helper_image.h"),
    header!("helper_math.h"),
    header!("helper_string.h"),
    header!("helper_timer.h"),
    header!("host_defines.h"),
    header!("mapcheck_gpuverify.h"),
    header!("mapcheck_vector_math.h"),
    header!("math_constants.h"),
    header!("math_functions.h"),
    header!("mma.h"),
    header!("sm_20_atomic_functions.h"),
    header!("sm_20_intrinsics.h"),
    header!("sm_30_intrinsics.h"),
    header!("sm_32_atomic_functions.h"),
    header!("sm_32_intrinsics.h"),
    header!("sm_35_atomic_functions.h"),
    header!("sm_60_atomic_functions.h"),
    header!("sm_70_intrinsics.h"),
    header!("sm_80_intrinsics.h"),
    header!("surface_functions.h"),
    header!("surface_indirect_functions.h"),
    header!("surface_types.h"),
    header!("texture_fetch_functions.h"),
    header!("texture_indirect_functions.h"),
    header!("texture_types.h"),
    header!("vector_functions.h"),
    header!("vector_types.h"),
];

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
    /// The file it is in (`None`: no position).
    pub file: Option<PathBuf>,
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
    /// The headers that were not found, parsed as empty stand-ins.
    pub missing: Vec<MissingHeader>,
    /// The kernel launches in device code, rewritten for clang
    /// ([`device_launch`]).
    pub device_launches: Vec<device_launch::DeviceLaunchSite>,
}

/// A header an `#include` names that is found nowhere on the include path
/// (a library the project uses but mapcheck does not model: thrust, cuBLAS,
/// OpenGL, MPI…).  clang's "file not found" is fatal and ends the parse,
/// so the file is parsed again with an empty stand-in for it: what the
/// header would declare becomes undeclared, and the code that uses it
/// does not compile (a kernel whose code does is `unknown`, located at the
/// use).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingHeader {
    /// As the `#include` writes it (`thrust/device_vector.h`).
    pub name: String,
    /// Where it is included.
    pub file: Option<PathBuf>,
    pub line: u32,
    pub col: u32,
}

/// The virtual directory of the empty stand-ins of missing headers,
/// searched last (`-idirafter`).
const MISSING_DIR: &str = "/mapcheck-missing";

/// At most this many headers are replaced by stand-ins (each costs a parse).
const MAX_MISSING: usize = 64;

impl MissingHeader {
    /// The header a fatal "file not found" error names, if `d` is one.
    fn of(d: &Diagnostic) -> Option<MissingHeader> {
        let first = d.text.lines().next()?;
        // Fatal for clang, but an error with `KeepGoing` (libclang 14).
        let (_, rest) = first
            .split_once(" fatal error: ")
            .or_else(|| first.split_once(" error: "))?;
        let name = rest.strip_suffix(" file not found")?;
        let name = name.strip_prefix('\'')?.strip_suffix('\'')?;
        Some(MissingHeader {
            name: name.to_string(),
            file: d.file.clone(),
            line: d.line,
            col: d.col,
        })
    }

    /// The path of its stand-in: found where `#include` searches last.
    fn stand_in(&self) -> String {
        if Path::new(&self.name).is_absolute() {
            self.name.clone()
        } else {
            format!("{MISSING_DIR}/{}", self.name)
        }
    }
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

/// Ways of parsing a file again when its first parse fails in a way a
/// kernel written for GPUVerify (not for nvcc) explains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Retry {
    /// The file defines `size_t`, `uint`, `ushort` or `ulong` as another
    /// type than the headers do (GPUVerify's 32-bit `size_t`): the headers
    /// leave those names to the file.
    own_typedefs: bool,
    /// A kernel uses a file-scope variable declared without `__device__`,
    /// which GPUVerify takes as device memory: every global declared after
    /// the prelude becomes a device variable.
    host_globals_on_device: bool,
}

impl Retry {
    /// What the errors of a failed parse call for (`None`: nothing).
    fn after(errors: &[Diagnostic]) -> Option<Retry> {
        let has = |what: &str| errors.iter().any(|d| d.text.contains(what));
        let r = Retry {
            own_typedefs: has("typedef redefinition with different types"),
            host_globals_on_device: has("reference to __host__ variable"),
        };
        (r != Retry::default()).then_some(r)
    }

    fn defines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.own_typedefs {
            out.push("__MAPCHECK_OWN_TYPEDEFS".to_string());
        }
        if self.host_globals_on_device {
            out.push("__MAPCHECK_HOST_GLOBALS_ON_DEVICE".to_string());
        }
        out
    }

    /// Text appended to the main file: it closes the prelude's
    /// `#pragma clang attribute push`.  Appended, so no position moves.
    fn epilogue(&self) -> &'static [u8] {
        if self.host_globals_on_device {
            b"\n#pragma clang attribute pop\n"
        } else {
            b""
        }
    }
}

/// The command line libclang sees: CUDA device code, no CUDA installation,
/// mapcheck's headers after the user's include directories.  `extra`
/// (`-include FILE`, `-std=…`) comes after mapcheck's prelude, which the
/// user's pre-included files may use; a `-std` there replaces C++17.
fn arguments(defines: &[String], includes: &[PathBuf], extra: &[String]) -> Vec<String> {
    let mut args: Vec<String> = [
        "-x",
        "cuda",
        "--cuda-device-only",
        "-nocudainc",
        "-nocudalib",
        "--cuda-gpu-arch=sm_70",
        "-std=c++17",
        "-Wno-everything",
        // Every error is reported: one that touches no kernel must not
        // hide (behind "too many errors emitted") one that does.
        "-ferror-limit=0",
        "-include",
        PRELUDE_NAME,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    if extra.iter().any(|a| a.starts_with("-std=")) {
        args.retain(|a| !a.starts_with("-std="));
    }
    args.extend(extra.iter().cloned());
    args.extend(defines.iter().map(|d| format!("-D{d}")));
    // An empty directory (the parent of a bare file name) is the current one.
    args.extend(includes.iter().map(|i| {
        if i.as_os_str().is_empty() {
            "-I.".to_string()
        } else {
            format!("-I{}", i.display())
        }
    }));
    args.extend(["-isystem".to_string(), INCLUDE_DIR.to_string()]);
    args.extend(["-idirafter".to_string(), MISSING_DIR.to_string()]);
    args
}

/// What a parse reads: the file, its bytes and its command line.
struct Input<'a> {
    path: &'a Path,
    source: &'a [u8],
    defines: &'a [String],
    includes: &'a [PathBuf],
    extra: &'a [String],
}

impl Input<'_> {
    /// Parses the file, and again with the headers adapted when its errors
    /// call for it ([`Retry`]); if that fails too, the first parse.
    fn parse_retrying(&self) -> Result<(Tu, Vec<Diagnostic>), Vec<Diagnostic>> {
        let (tu, errors) = self.parse_standing_in(Retry::default())?;
        if errors.is_empty() {
            return Ok((tu, errors));
        }
        if let Some(retry) = Retry::after(&errors) {
            if let Ok((again, none)) = self.parse_standing_in(retry) {
                if none.is_empty() {
                    return Ok((again, none));
                }
            }
        }
        Ok((tu, errors))
    }

    /// Parses the file, again with an empty stand-in for each header not
    /// found (see [`MissingHeader`]) until every `#include` is found or
    /// [`MAX_MISSING`] stand-ins are in place.  The "file not found" errors
    /// are gone from a parse with stand-ins; the unit lists the headers
    /// ([`Tu::missing`]).
    fn parse_standing_in(&self, retry: Retry) -> Result<(Tu, Vec<Diagnostic>), Vec<Diagnostic>> {
        let mut missing: Vec<MissingHeader> = Vec::new();
        loop {
            let (tu, errors) = Tu::parse_with(self, retry, &missing)?;
            let new: Vec<MissingHeader> = errors
                .iter()
                .filter_map(MissingHeader::of)
                .filter(|m| !missing.iter().any(|old| old.name == m.name))
                .collect();
            if new.is_empty() || missing.len() >= MAX_MISSING {
                return Ok((tu, errors));
            }
            missing.extend(new);
        }
    }
}

impl Tu {
    /// Parses `source`, the bytes of `path` exactly as they are on disk (so
    /// that the lines and columns clang reports are those of the file: a
    /// Latin-1 file keeps one byte per character).  Errors are the
    /// compiler's diagnostics.  A file that fails only because it was
    /// written for GPUVerify's headers (see [`Retry`]) is parsed again with
    /// the headers adapted; if that fails too, the first errors are
    /// reported.
    pub fn parse(
        path: &Path,
        source: &[u8],
        defines: &[String],
        includes: &[PathBuf],
    ) -> Result<Tu, Vec<Diagnostic>> {
        match Tu::parse_partial(path, source, defines, includes)? {
            (tu, errors) if errors.is_empty() => Ok(tu),
            (_, errors) => Err(errors),
        }
    }

    /// [`Tu::parse`] that keeps a translation unit with errors (libclang
    /// recovers from them): the unit and its errors, or only errors when
    /// libclang could not build a unit at all.
    pub fn parse_partial(
        path: &Path,
        source: &[u8],
        defines: &[String],
        includes: &[PathBuf],
    ) -> Result<(Tu, Vec<Diagnostic>), Vec<Diagnostic>> {
        Tu::parse_partial_with(path, source, defines, includes, &[])
    }

    /// [`Tu::parse_partial`] with more of the user's compiler flags
    /// (`extra`: a compilation database's `-include FILE` and `-std=…`,
    /// see [`arguments`]).
    pub fn parse_partial_with(
        path: &Path,
        source: &[u8],
        defines: &[String],
        includes: &[PathBuf],
        extra: &[String],
    ) -> Result<(Tu, Vec<Diagnostic>), Vec<Diagnostic>> {
        let input = Input {
            path,
            source,
            defines,
            includes,
            extra,
        };
        let (tu, errors) = input.parse_retrying()?;
        // Kernels launched in device code: parsed again with the launches
        // rewritten, kept if that leaves fewer errors.
        let Some((text, sites)) = device_launch::rewrite(source, path, &errors) else {
            return Ok((tu, errors));
        };
        let rewritten = Input {
            source: &text,
            ..input
        };
        match rewritten.parse_retrying() {
            Ok((mut again, fewer)) if fewer.len() < errors.len() => {
                again.device_launches = sites;
                Ok((again, fewer))
            }
            _ => Ok((tu, errors)),
        }
    }

    fn parse_with(
        Input {
            path,
            source,
            defines,
            includes,
            extra,
        }: &Input,
        retry: Retry,
        missing: &[MissingHeader],
    ) -> Result<(Tu, Vec<Diagnostic>), Vec<Diagnostic>> {
        let no_pos = |text: String| {
            vec![Diagnostic {
                file: None,
                line: 0,
                col: 0,
                text,
                is_error: true,
            }]
        };
        ensure_loaded().map_err(no_pos)?;
        let mut all_defines = retry.defines();
        all_defines.extend(defines.iter().cloned());
        let args: Vec<CString> = arguments(&all_defines, includes, extra)
            .iter()
            .map(|a| cstr(a))
            .collect();
        let argv: Vec<*const c_char> = args.iter().map(|a| a.as_ptr()).collect();
        let file_name = cstr(&path.to_string_lossy());
        let main_text: Vec<u8> = [source, retry.epilogue()].concat();
        // (name, contents): libclang copies `Length` bytes, so contents need
        // no terminating NUL and may hold any byte.
        let mut files: Vec<(CString, &[u8])> = vec![
            (cstr(PRELUDE_NAME), PRELUDE.as_bytes()),
            (file_name.clone(), &main_text[..]),
        ];
        files.extend(
            HEADERS
                .iter()
                .map(|(name, text)| (cstr(&format!("{INCLUDE_DIR}/{name}")), text.as_bytes())),
        );
        files.extend(missing.iter().map(|m| (cstr(&m.stand_in()), &b""[..])));
        let unsaved: Vec<CXUnsavedFile> = files
            .iter()
            .map(|(name, text)| CXUnsavedFile {
                Filename: name.as_ptr(),
                Contents: text.as_ptr() as *const c_char,
                Length: text.len() as _,
            })
            .collect();
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
                missing: missing.to_vec(),
                device_launches: Vec::new(),
            };
            let errors: Vec<Diagnostic> = tu
                .diagnostics()
                .into_iter()
                .filter(|d| d.is_error)
                .collect();
            Ok((tu, errors))
        }
    }

    fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut out = Vec::new();
        unsafe {
            for i in 0..clang_getNumDiagnostics(self.tu) {
                let d = clang_getDiagnostic(self.tu, i);
                let severity = clang_getDiagnosticSeverity(d);
                let loc = clang_getDiagnosticLocation(d);
                let (line, col) = spelling_pos(self.tu, loc);
                let file = expansion_file(loc);
                let text = take(clang_formatDiagnostic(
                    d,
                    clang_defaultDiagnosticDisplayOptions(),
                ));
                clang_disposeDiagnostic(d);
                out.push(Diagnostic {
                    file,
                    line,
                    col,
                    text,
                    is_error: severity >= CXDiagnostic_Error,
                });
            }
        }
        out
    }

    /// The main file's name as clang knows it (the name a `#line`
    /// directive must repeat to keep the main file's name).
    pub fn main_file_name(&self) -> String {
        take(unsafe { clang_getTranslationUnitSpelling(self.tu) })
    }

    pub fn root(&self) -> Cursor {
        Cursor(unsafe { clang_getTranslationUnitCursor(self.tu) })
    }

    /// The position (line, column) of the token at `offset` of the main
    /// file, as [`Tu::tokens`] gives it.
    pub fn position(&self, offset: u32) -> (u32, u32) {
        unsafe {
            let start = clang_getRangeStart(clang_getCursorExtent(self.root().0));
            let mut file: CXFile = std::ptr::null_mut();
            clang_getExpansionLocation(
                start,
                &mut file,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            let loc = clang_getLocationForOffset(self.tu, file, offset);
            spelling_pos(self.tu, loc)
        }
    }

    /// The identifier tokens of the whole file `path` (one the
    /// translation unit read), with their byte offsets and lines: the
    /// file's text as clang lexes it, including code its parser dropped
    /// after an error and the bodies of macros.
    pub fn identifiers_in(&self, path: &Path) -> Vec<(String, u32, u32)> {
        let mut out = Vec::new();
        let Ok(cpath) = CString::new(path.to_string_lossy().as_bytes()) else {
            return out;
        };
        unsafe {
            let file = clang_getFile(self.tu, cpath.as_ptr());
            if file.is_null() {
                return out;
            }
            let mut size: usize = 0;
            if clang_getFileContents(self.tu, file, &mut size).is_null() {
                return out;
            }
            let start = clang_getLocationForOffset(self.tu, file, 0);
            let end = clang_getLocationForOffset(self.tu, file, size as c_uint);
            let mut toks: *mut CXToken = std::ptr::null_mut();
            let mut n: c_uint = 0;
            clang_tokenize(self.tu, clang_getRange(start, end), &mut toks, &mut n);
            if toks.is_null() {
                return out;
            }
            for i in 0..n as usize {
                let t = *toks.add(i);
                if clang_getTokenKind(t) != CXToken_Identifier {
                    continue;
                }
                let loc = clang_getTokenLocation(self.tu, t);
                let (mut line, mut off) = (0, 0);
                let (no_file, no_col) = (std::ptr::null_mut(), std::ptr::null_mut());
                clang_getSpellingLocation(loc, no_file, &mut line, no_col, &mut off);
                out.push((take(clang_getTokenSpelling(self.tu, t)), off, line));
            }
            clang_disposeTokens(self.tu, toks, n);
        }
        out
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

/// The file a location is in (after macro expansion) and its byte offset
/// there.
fn expansion(loc: CXSourceLocation) -> (Option<PathBuf>, u32) {
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
    let name = (!file.is_null()).then(|| PathBuf::from(take(unsafe { clang_getFileName(file) })));
    (name, off)
}

/// Is a location inside a macro expansion (its characters are written
/// elsewhere than where it expands)?
fn in_macro(loc: CXSourceLocation) -> bool {
    let at = |spelled: bool| {
        let mut file: CXFile = std::ptr::null_mut();
        let mut off = 0;
        let null = std::ptr::null_mut();
        unsafe {
            if spelled {
                clang_getSpellingLocation(loc, &mut file, null, null, &mut off)
            } else {
                clang_getExpansionLocation(loc, &mut file, null, null, &mut off)
            }
        };
        (file, off)
    };
    at(true) != at(false)
}

/// The file a location is in (after macro expansion).
fn expansion_file(loc: CXSourceLocation) -> Option<PathBuf> {
    expansion(loc).0
}

/// Line and column of a location, the column counted in characters (as
/// the reports and SARIF count them) where clang counts bytes.
///
/// A `#line N` directive that keeps the file name renumbers the lines after
/// it (the instantiated copies of template kernels, `instantiate.rs`, carry
/// their template's line numbers this way); columns are unchanged by it.
fn spelling_pos(tu: CXTranslationUnit, loc: CXSourceLocation) -> (u32, u32) {
    let (mut file, mut line, mut col, mut off): (CXFile, u32, u32, u32) =
        (std::ptr::null_mut(), 0, 0, 0);
    unsafe { clang_getExpansionLocation(loc, &mut file, &mut line, &mut col, &mut off) };
    if !file.is_null() {
        let (mut name, mut presumed_line, mut presumed_col) = (CXString::default(), 0, 0);
        unsafe { clang_getPresumedLocation(loc, &mut name, &mut presumed_line, &mut presumed_col) };
        if take(name) == take(unsafe { clang_getFileName(file) }) && presumed_line > 0 {
            line = presumed_line;
        }
    }
    (line, char_column(tu, file, off, col))
}

/// The character column of byte column `col` at byte offset `off` of
/// `file`: the characters of the line before it, decoded as the text of
/// the file is (see `frontend::decode_source`: UTF-8 when the whole file is
/// valid UTF-8, else one character per byte).
fn char_column(tu: CXTranslationUnit, file: CXFile, off: u32, col: u32) -> u32 {
    if col <= 1 || file.is_null() || tu.is_null() {
        return col;
    }
    let mut size: usize = 0;
    let text = unsafe { clang_getFileContents(tu, file, &mut size) };
    if text.is_null() {
        return col;
    }
    let buf = unsafe { std::slice::from_raw_parts(text as *const u8, size) };
    let (end, start) = (off as usize, (off as usize).checked_sub(col as usize - 1));
    let Some(prefix) = start.and_then(|s| buf.get(s..end)) else {
        return col;
    };
    if prefix.is_ascii() || std::str::from_utf8(buf).is_err() {
        return col;
    }
    match std::str::from_utf8(prefix) {
        Ok(p) => p.chars().count() as u32 + 1,
        Err(_) => col,
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn header_dir() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("cuda-prelude/include")
    }

    fn files_under(dir: &Path, prefix: &str, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("header directory") {
            let path = entry.expect("entry").path();
            let name = format!(
                "{prefix}{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            );
            if path.is_dir() {
                files_under(&path, &format!("{name}/"), out);
            } else if name.ends_with(".h") || name.starts_with("cuda/") {
                // libcu++'s headers have no extension (`cuda/atomic`).
                out.insert(name);
            }
        }
    }

    #[test]
    fn every_header_of_the_directory_is_embedded() {
        let mut on_disk = BTreeSet::new();
        files_under(&header_dir(), "", &mut on_disk);
        let embedded: BTreeSet<String> = HEADERS.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(on_disk, embedded, "list every header in HEADERS");
        for (name, text) in HEADERS {
            let disk = std::fs::read_to_string(header_dir().join(name)).expect("read header");
            assert_eq!(disk, *text, "{name} is stale: rebuild");
        }
    }

    fn parse(name: &str, source: &[u8], defines: &[String]) -> Result<Tu, Vec<Diagnostic>> {
        Tu::parse(Path::new(name), source, defines, &[PathBuf::new()])
    }

    fn messages(r: Result<Tu, Vec<Diagnostic>>) -> String {
        match r {
            Ok(_) => String::new(),
            Err(d) => d.into_iter().map(|d| d.text).collect::<Vec<_>>().join("\n"),
        }
    }

    /// libclang finds the unsaved headers through `-isystem`, in
    /// subdirectories too, with angle brackets or quotes.
    #[test]
    fn unsaved_headers_are_found_on_the_include_path() {
        let src = b"#include <cuda.h>\n#include \"curand_kernel.h\"\n\
            #include <cooperative_groups/reduce.h>\n#include <helper_math.h>\n\
            __global__ void k(int *a) { a[threadIdx.x] = 0; }\n";
        assert_eq!(messages(parse("virtual-include.cu", src, &[])), "");
    }

    /// A header found nowhere is read as an empty stand-in, and the names
    /// it would declare are undeclared where they are used.
    #[test]
    fn a_missing_header_is_read_as_an_empty_file() {
        let src = b"#include <thrust/device_vector.h>\n#include \"local_missing.h\"\n\
            __global__ void k(int *a) { a[threadIdx.x] = thrust_thing(1); }\n";
        let (tu, errors) = Tu::parse_partial(Path::new("stand-in.cu"), src, &[], &[PathBuf::new()])
            .unwrap_or_else(|_| panic!("libclang parses"));
        let names: Vec<&str> = tu.missing.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["thrust/device_vector.h", "local_missing.h"]);
        assert_eq!((tu.missing[0].line, tu.missing[1].line), (1, 2));
        let texts: Vec<&str> = errors.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(errors.len(), 1, "{texts:?}");
        assert!(
            texts[0].contains("undeclared identifier 'thrust_thing'"),
            "{texts:?}"
        );
        assert_eq!(errors[0].line, 3);
    }

    /// Every header can be included after the prelude (the headers
    /// themselves compile alone: each includes what it uses).
    #[test]
    fn every_header_can_be_included() {
        for (name, _) in HEADERS {
            let src = format!("#include <{name}>\n");
            assert_eq!(
                messages(parse("alone.cu", src.as_bytes(), &[])),
                "",
                "{name}"
            );
        }
    }

    /// The top-level declaration `k` of a test file.
    fn kernel_k(tu: &Tu) -> Cursor {
        tu.root()
            .children()
            .into_iter()
            .find(|c| c.spelling() == "k")
            .expect("kernel")
    }

    /// A Latin-1 byte reaches clang unchanged, so columns after it count
    /// one per character of the decoded text.
    #[test]
    fn latin1_bytes_keep_their_columns() {
        let src = b"// \xe9t\xe9\n/* \xe9 */ __global__ void k(int *a) { a[threadIdx.x] = 0; }\n";
        let tu = parse("latin1.cu", src, &[])
            .map_err(|d| d.len())
            .expect("compiles");
        let kernel = kernel_k(&tu);
        assert_eq!((kernel.span().line, kernel.span().col), (2, 9));
        let text = crate::decode_source(src);
        let line2 = text.lines().nth(1).expect("line 2");
        assert_eq!(
            line2.chars().nth(8),
            Some('_'),
            "column 9 is `__global__` in the text"
        );
    }

    /// In a UTF-8 file, columns count characters, not bytes.
    #[test]
    fn utf8_columns_count_characters() {
        let src = "/* \u{3bb} \u{2192} */ __global__ void k(int *a) { a[threadIdx.x] = 0; }\n";
        let tu = parse("utf8.cu", src.as_bytes(), &[])
            .map_err(|d| d.len())
            .expect("compiles");
        let kernel = kernel_k(&tu);
        let col = kernel.span().col as usize;
        assert_eq!(src.chars().nth(col - 1), Some('_'), "column {col}");
        assert_eq!(col, 11);
    }

    /// Kernels written for GPUVerify: their own 32-bit `size_t`, and
    /// file-scope variables without `__device__` used in a kernel.
    #[test]
    fn gpuverify_kernels_are_parsed_again_with_adapted_headers() {
        let own =
            b"typedef unsigned int size_t;\n__global__ void k(int *a, size_t n) { a[n] = 0; }\n";
        assert_eq!(messages(parse("size_t.cu", own, &[])), "");
        let host = b"int counter;\nstruct s { char c; };\ns x;\n\
            __global__ void k(int *a) { a[counter] = x.c; }\n";
        assert_eq!(messages(parse("host-global.cu", host, &[])), "");
        // The same kernel with <iostream> still fails: the first errors are reported.
        let mut with_io = b"#include <iostream>\n".to_vec();
        with_io.extend_from_slice(host);
        let errors = messages(parse("host-global-io.cu", &with_io, &[]));
        assert!(
            errors.contains("reference to __host__ variable"),
            "{errors}"
        );
    }

    #[test]
    fn an_empty_include_directory_is_the_current_one() {
        let args = arguments(&[], &[PathBuf::new(), PathBuf::from("inc")], &[]);
        assert!(args.contains(&"-I.".to_string()) && args.contains(&"-Iinc".to_string()));
        assert!(!args.contains(&"-I".to_string()), "{args:?}");
    }

    /// A compilation database's `-std` replaces C++17; its `-include`
    /// comes after mapcheck's prelude.
    #[test]
    fn a_databases_standard_and_pre_includes_reach_clang() {
        let extra = ["-std=c++14", "-include", "/p/pre.h"].map(String::from);
        let args = arguments(&[], &[], &extra);
        let std: Vec<&String> = args.iter().filter(|a| a.starts_with("-std=")).collect();
        assert_eq!(std, vec!["-std=c++14"]);
        let at = |a: &str| args.iter().position(|x| x == a);
        assert!(at(PRELUDE_NAME) < at("/p/pre.h"), "{args:?}");
    }
}
