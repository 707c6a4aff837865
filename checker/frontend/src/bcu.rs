//! `.bcu` files: BabyCUDA programs (`seeds/004_*`), typed by
//! [`mapcheck_ir::babycuda::infer`].

use super::Diagnostic;
use mapcheck_ir::babycuda::infer;
use mapcheck_ir::kernel::Kernel;
use std::path::Path;

/// Parses a `.bcu` file into one kernel named after the file.
pub fn load(path: &Path, source: &str) -> Result<Vec<Kernel>, Diagnostic> {
    let program = semantics::babycuda::parse(source)
        .map_err(|e| Diagnostic::at_position(path, e.line, e.col, e.message))?;
    Ok(vec![infer(path, source.to_string(), program).kernel])
}
