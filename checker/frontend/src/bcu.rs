//! `.bcu` files: BabyCUDA programs (`seeds/004_*`), typed by
//! [`mapcheck_core::babycuda::infer`].

use super::{read_source, LoadError, LoadOptions};
use mapcheck_core::babycuda::{infer, Inferred};
use mapcheck_core::kernel::Kernel;
use std::path::Path;

/// Parses and infers, keeping the BabyCUDA program (for triage and replay).
pub fn load_inferred(path: &Path) -> Result<Inferred, LoadError> {
    let source = read_source(path)?;
    let program = semantics::babycuda::parse(&source)
        .map_err(|e| LoadError::new(path, e.line, e.col, e.message))?;
    Ok(infer(path, source, program))
}

/// Parses a `.bcu` file into one kernel named after the file.
pub fn load(path: &Path, _opts: &LoadOptions) -> Result<Vec<Kernel>, LoadError> {
    Ok(vec![load_inferred(path)?.kernel])
}
