//! Front ends: each turns an input file into [`Kernel`]s.  Dispatch is by
//! file extension: `.proto` (protocol text), `.bcu` (BabyCUDA), `.cu`/`.cuh`
//! (CUDA through libclang).  [`load`] reads a file, parses its header once,
//! merges it with the command line ([`options::merge`]) and runs the front
//! end with the result.

use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::CheckOptions;
use semantics::surface::parse::parse_header_with_spans;
use semantics::surface::Span;
use std::path::{Path, PathBuf};

pub mod bcu;
pub mod cuda;
pub mod diagnostic;
pub mod options;
pub mod proto;

pub use diagnostic::{Diagnostic, Level};
use options::{Dims, Flags};

/// What the front ends need, after [`options::merge`].
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// `-D NAME[=VAL]` (CUDA).
    pub defines: Vec<String>,
    /// `-I DIR` (CUDA).
    pub includes: Vec<PathBuf>,
    /// `--kernel NAME`: only this kernel.
    pub kernel: Option<String>,
    /// `--grid-level`: threads of different blocks may race (CUDA).
    pub grid_level: bool,
    /// Fixed block dimensions, assumed by CUDA kernels.
    pub block_dim: Option<Dims>,
    /// Fixed grid dimensions, assumed by CUDA kernels.
    pub grid_dim: Option<Dims>,
}

/// A file's kernels with the options to check them with.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub kernels: Vec<Kernel>,
    /// The file's header merged with the command line.
    pub options: CheckOptions,
    /// Header flags only GPUVerify understands, with where they are.
    pub ignored: Vec<(String, Span)>,
}

/// Reads a file as text, as a [`Diagnostic`] on failure.
pub fn read_source(path: &Path) -> Result<String, Diagnostic> {
    std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::error(format!("cannot read: {e}")).in_file(path))
}

/// Loads the kernels of a file with its header's flags merged with the
/// command line's (`cli`).
pub fn load(path: &Path, cli: &Flags) -> Result<Loaded, Diagnostic> {
    load_source(path, &read_source(path)?, cli)
}

/// [`load`] for a file already read.
pub fn load_source(path: &Path, source: &str, cli: &Flags) -> Result<Loaded, Diagnostic> {
    let (header, spans) = parse_header_with_spans(source);
    let flags = options::header_flags(path, &header.flags, &spans);
    if let Some(e) = flags.errors.into_iter().next() {
        return Err(e);
    }
    let opts = options::merge(path, &flags.flags, cli);
    let mut kernels = load_with(path, source, &opts.load)?;
    kernels.retain(|k| opts.load.kernel.as_ref().is_none_or(|n| *n == k.name));
    for k in &mut kernels {
        k.program.header = header.clone();
    }
    Ok(Loaded {
        kernels,
        options: opts.check,
        ignored: flags.ignored,
    })
}

/// Runs the front end of the file's type with the given options (the
/// file's header is not read).
pub fn load_with(path: &Path, source: &str, opts: &LoadOptions) -> Result<Vec<Kernel>, Diagnostic> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("proto") => proto::load(path, source),
        Some("bcu") => bcu::load(path, source),
        Some("cu") | Some("cuh") => cuda::load(path, source, opts),
        _ => {
            Err(Diagnostic::error("unknown file type: expected .cu, .proto or .bcu").in_file(path))
        }
    }
}
