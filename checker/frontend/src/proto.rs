//! `.proto` files: the protocol is written by hand.

use super::Diagnostic;
use mapcheck_ir::kernel::Kernel;
use std::path::Path;

/// Parses a `.proto` file into one kernel named after the file.
pub fn load(path: &Path, source: &str) -> Result<Vec<Kernel>, Diagnostic> {
    let program = semantics::surface::parse(source)
        .map_err(|e| Diagnostic::at_position(path, e.line, e.col, e.message))?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Ok(vec![Kernel::protocol(
        &name,
        path.to_path_buf(),
        source.to_string(),
        program,
    )])
}
