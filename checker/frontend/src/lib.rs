//! Front ends: each turns an input file into [`Kernel`]s.  Dispatch is by
//! file extension: `.proto` (protocol text), `.bcu` (BabyCUDA), `.cu`/`.cuh`
//! (CUDA through libclang).

use mapcheck_core::kernel::Kernel;
use std::fmt;
use std::path::{Path, PathBuf};

pub mod bcu;
pub mod cuda;
pub mod options;
pub mod proto;

/// What front ends need from the command line.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// `-D NAME[=VAL]` (CUDA).
    pub defines: Vec<String>,
    /// `-I DIR` (CUDA).
    pub includes: Vec<PathBuf>,
    /// `--kernel NAME`: only this kernel.
    pub kernel: Option<String>,
    /// `--grid-level`: accepted for compatibility (both scopes are checked by default).
    pub grid_level: bool,
    /// `--block-level`: only pairs of threads of the same block (CUDA).
    pub block_level: bool,
    /// `--all-dims`: no default for dimensions the kernel never mentions.
    pub all_dims: bool,
}

/// Bad input: a message with a location.  Exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: PathBuf,
    /// 1-based; 0 when the error has no position (e.g. unreadable file).
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file.display(), self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file.display(),
                self.line,
                self.col,
                self.message
            )
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    pub fn new(file: &Path, line: u32, col: u32, message: impl Into<String>) -> LoadError {
        LoadError {
            file: file.to_path_buf(),
            line,
            col,
            message: message.into(),
        }
    }
}

/// Reads a file as text, as a [`LoadError`] on failure.
pub fn read_source(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path)
        .map_err(|e| LoadError::new(path, 0, 0, format!("cannot read: {e}")))
}

/// Loads the kernels of a file, by extension.
pub fn load(path: &Path, opts: &LoadOptions) -> Result<Vec<Kernel>, LoadError> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("proto") => proto::load(path, opts),
        Some("bcu") => bcu::load(path, opts),
        Some("cu") | Some("cuh") => cuda::load(path, opts),
        _ => Err(LoadError::new(
            path,
            0,
            0,
            "unknown file type: expected .cu, .proto or .bcu",
        )),
    }
}
