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

/// Reads a file as text, as a [`LoadError`] on failure.  Any byte
/// encoding is accepted: see [`decode_source`].
pub fn read_source(path: &Path) -> Result<String, LoadError> {
    read_source_bytes(path).map(|b| decode_source(&b))
}

/// Reads a file's bytes, as a [`LoadError`] on failure.
pub fn read_source_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    std::fs::read(path).map_err(|e| LoadError::new(path, 0, 0, format!("cannot read: {e}")))
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

#[cfg(test)]
mod tests {
    use super::*;

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
