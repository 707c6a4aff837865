//! Front ends: each turns an input file into [`Kernel`]s.  Dispatch is by
//! file extension: `.proto` (protocol text), `.bcu` (BabyCUDA), `.cu`/`.cuh`
//! (CUDA through libclang).  [`load`] reads a file, parses its header once,
//! merges it with the command line ([`options::merge`]) and runs the front
//! end with the result.

use mapcheck_ir::kernel::Kernel;
use mapcheck_ir::options::CheckOptions;
use semantics::surface::parse::parse_header_with_spans;
use semantics::surface::Span;
use std::path::{Path, PathBuf};

pub mod bcu;
pub mod cuda;

pub mod options;
pub mod proto;

pub use mapcheck_ir::diagnostic::{self, Diagnostic, Level};
use mapcheck_ir::launch::Launch;
use options::Flags;

/// What the front ends need, after [`options::merge`].
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// `-D NAME[=VAL]` (CUDA).
    pub defines: Vec<String>,
    /// `-I DIR` (CUDA).
    pub includes: Vec<PathBuf>,
    /// The other compiler flags of a compilation database's entry (CUDA):
    /// `-include FILE`, `-std=…` (see [`load_bytes_with`]).
    pub extra_args: Vec<String>,
    /// `--kernel NAME`: only this kernel.
    pub kernel: Option<String>,
    /// `--grid-level`: accepted for compatibility (both scopes are checked by default).
    pub grid_level: bool,
    /// `--block-level`: only pairs of threads of the same block (CUDA).
    pub block_level: bool,
    /// `--all-dims`: no default for dimensions the kernel never mentions.
    pub all_dims: bool,
    /// `--large-params`: integer parameters of the kernel may be 2^31 or
    /// more (by default they are assumed below, a reported assumption).
    pub large_params: bool,
    /// The dimensions the header or the command line fixes (`--blockDim`,
    /// `--gridDim`), with their origin; the others have CUDA's limits.
    /// The CUDA front end completes it per kernel (`cuda::dims`).
    pub launch: Launch,
    /// The values fixed by `--param` (header and command line): a CUDA
    /// parameter fixed to a value is that value, whatever its C type.
    pub params: std::collections::BTreeMap<String, u64>,
    /// The `--param` values below zero, by magnitude: only a CUDA
    /// kernel's integer parameter takes one, converted to its C type
    /// (`cuda::params`); the variables of a protocol are natural numbers.
    pub negative_params: std::collections::BTreeMap<String, u128>,
}

/// A file's kernels with the options to check them with.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub kernels: Vec<Kernel>,
    /// The file's header merged with the command line.
    pub options: CheckOptions,
    /// Header flags only GPUVerify understands, with where they are.
    pub ignored: Vec<(String, Span)>,
    /// What the front end wants the user to know (compile errors in code
    /// no kernel uses).
    pub warnings: Vec<Diagnostic>,
}

/// Reads a file as text, as a [`Diagnostic`] on failure.  Any byte
/// encoding is accepted: see [`decode_source`].
pub fn read_source(path: &Path) -> Result<String, Diagnostic> {
    read_source_bytes(path).map(|b| decode_source(&b))
}

/// Reads a file's bytes, as a [`Diagnostic`] on failure.
pub fn read_source_bytes(path: &Path) -> Result<Vec<u8>, Diagnostic> {
    std::fs::read(path).map_err(|e| Diagnostic::error(format!("cannot read: {e}")).in_file(path))
}

/// The text of a file: UTF-8 when the bytes are valid UTF-8, otherwise
/// Latin-1 (ISO 8859-1: each byte is the character of the same code), so a
/// stray byte in a comment never rejects a file, and each byte of a
/// Latin-1 file stays one character: line and column numbers counted in
/// bytes (as clang counts them) are the positions in the text.
pub fn decode_source(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Loads the kernels of a file with its header's flags merged with the
/// command line's (`cli`).
pub fn load(path: &Path, cli: &Flags) -> Result<Loaded, Diagnostic> {
    load_bytes(path, &read_source_bytes(path)?, cli)
}

/// [`load`] for a file's bytes already read: the header is read from their
/// text ([`decode_source`]); clang reads the bytes as they are.
pub fn load_bytes(path: &Path, bytes: &[u8], cli: &Flags) -> Result<Loaded, Diagnostic> {
    load_decoded(path, bytes, &decode_source(bytes), cli, &[])
}

/// [`load_bytes`] with compiler flags of a compilation database besides
/// `-D` and `-I` (which are the command line's `defines` and `includes`):
/// `-include FILE` and `-std=…`, given to clang as they are.
pub fn load_bytes_with(
    path: &Path,
    bytes: &[u8],
    cli: &Flags,
    extra_args: &[String],
) -> Result<Loaded, Diagnostic> {
    load_decoded(path, bytes, &decode_source(bytes), cli, extra_args)
}

/// [`load`] for a file's text already read.
pub fn load_source(path: &Path, source: &str, cli: &Flags) -> Result<Loaded, Diagnostic> {
    load_decoded(path, source.as_bytes(), source, cli, &[])
}

/// [`load_bytes`] with the text decoded from `bytes`.
fn load_decoded(
    path: &Path,
    bytes: &[u8],
    source: &str,
    cli: &Flags,
    extra_args: &[String],
) -> Result<Loaded, Diagnostic> {
    let (header, spans) = parse_header_with_spans(source);
    let flags = options::header_flags(path, &header.flags, &spans);
    if let Some(e) = flags.errors.into_iter().next() {
        return Err(e);
    }
    let mut opts = options::merge(path, &flags.flags, cli);
    opts.load.extra_args = extra_args.to_vec();
    let (mut kernels, warnings) = load_with(path, bytes, source, &opts.load)?;
    let all: Vec<String> = kernels.iter().map(Kernel::display_name).collect();
    // `--kernel k` keeps both scopes of a CUDA kernel: the name is the
    // function's, the scope is `Kernel::threads`; a template's name keeps
    // every instance (`--kernel scan` keeps `scan<1, 0>`).
    let selected = |k: &Kernel, n: &String| *n == k.name || k.name.split('<').next() == Some(n);
    kernels.retain(|k| opts.load.kernel.as_ref().is_none_or(|n| selected(k, n)));
    check_selection(path, &kernels, &all, &opts)?;
    for k in &mut kernels {
        k.program.header = header.clone();
    }
    Ok(Loaded {
        kernels,
        options: opts.check,
        ignored: flags.ignored,
        warnings,
    })
}

/// The command line and header name things that exist: `--kernel` a kernel,
/// `--array` an array, `--param` (for `.proto`/`.bcu`) a parameter; and
/// `--threads` is at least 2 (as for `mapcheck run`).
fn check_selection(
    path: &Path,
    kernels: &[Kernel],
    all: &[String],
    opts: &options::Options,
) -> Result<(), Diagnostic> {
    let list = |names: Vec<String>| {
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(", ")
        }
    };
    let error = |m: String| Err(Diagnostic::error(m).in_file(path));
    if let Some(k) = &opts.load.kernel {
        if kernels.is_empty() && !all.is_empty() {
            return error(format!(
                "--kernel {k}: no kernel `{k}` in this file (kernels: {})",
                list(all.to_vec())
            ));
        }
    }
    if let Some(a) = &opts.check.array {
        let arrays: std::collections::BTreeSet<String> =
            kernels.iter().flat_map(|k| k.program.arrays()).collect();
        if !kernels.is_empty() && !arrays.contains(a) {
            return error(format!(
                "--array {a}: no array `{a}` in this file (arrays: {})",
                list(arrays.into_iter().filter(|a| !a.is_empty()).collect())
            ));
        }
    }
    if let Some(t) = opts.check.threads {
        if t < 2 {
            return error(format!(
                "--threads {t}: at least 2 threads are needed (one thread cannot race)"
            ));
        }
    }
    let ext = path.extension().and_then(|e| e.to_str());
    if let (Some("proto" | "bcu"), Some((x, v))) = (ext, opts.load.negative_params.iter().next()) {
        return error(format!(
            "--param {x}=-{v}: the variables of a protocol are natural numbers"
        ));
    }
    if matches!(ext, Some("proto" | "bcu")) && !kernels.is_empty() {
        // A BabyCUDA parameter may be only a value written, absent from the
        // protocol: the program's own parameters count (as for `run`).
        let mut params: std::collections::BTreeSet<String> = kernels
            .iter()
            .flat_map(|k| k.program.parameters())
            .collect();
        if ext == Some("bcu") {
            for k in kernels {
                if let Ok(p) = semantics::babycuda::parse(&k.source) {
                    params.extend(p.parameters());
                }
            }
        }
        // `--blockDim`/`--gridDim` name the dimensions they fix, in
        // order with the `--param`s.
        let dims = opts.load.launch.fixed_by_flags();
        let fixed: std::collections::BTreeSet<&String> =
            opts.check.params.keys().chain(dims.keys()).collect();
        for x in fixed {
            if !params.contains(x) && x != semantics::trace::THREAD_COUNT {
                return error(format!(
                    "--param {x}: `{x}` is not a parameter of this file (parameters: {})",
                    list(params.into_iter().collect())
                ));
            }
        }
    }
    Ok(())
}

/// Runs the front end of the file's type with the given options (the
/// file's header is not read): `source` is the text of `bytes`.  Besides
/// the kernels, the warnings about the file (see [`Loaded::warnings`]).
pub fn load_with(
    path: &Path,
    bytes: &[u8],
    source: &str,
    opts: &LoadOptions,
) -> Result<(Vec<Kernel>, Vec<Diagnostic>), Diagnostic> {
    let none = |kernels| (kernels, Vec::new());
    match path.extension().and_then(|e| e.to_str()) {
        Some("proto") => proto::load(path, source).map(none),
        Some("bcu") => bcu::load(path, source).map(none),
        Some("cu") | Some("cuh") => cuda::load(path, bytes, source, opts),
        _ => {
            Err(Diagnostic::error("unknown file type: expected .cu, .proto or .bcu").in_file(path))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dimensions_fixed_for_a_protocol_name_what_it_lacks() {
        let src = "//--blockDim=4\nparam N;\nwr[N]\n";
        let e = load_source(Path::new("a.proto"), src, &Flags::default()).expect_err("no blockDim");
        assert!(
            e.to_string()
                .contains("--param blockDim.x: `blockDim.x` is not a parameter"),
            "{e}"
        );
    }

    #[test]
    fn utf8_is_kept_and_other_bytes_are_latin1() {
        assert_eq!(
            decode_source("caf\u{e9} // \u{2200}".as_bytes()),
            "caf\u{e9} // \u{2200}"
        );
        let latin1 = b"// caf\xe9\nint x;\n";
        let text = decode_source(latin1);
        assert_eq!(text, "// caf\u{e9}\nint x;\n");
        assert_eq!(text.chars().count(), latin1.len(), "one character per byte");
    }
}
