//! A compilation database (`compile_commands.json`) read by libclang's own
//! reader, as clang tools read it (`-p DIR`): each command's file,
//! directory and arguments, for the driver to pick the CUDA translation
//! units and their flags from (`docs/command-line.md`, "Projects").

use super::{cstr, ensure_loaded, take};
use clang_sys::*;
use std::path::{Path, PathBuf};

/// One entry of a compilation database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileCommand {
    /// The directory the command runs in: relative paths of the command
    /// are relative to it.
    pub directory: PathBuf,
    /// The file compiled, as the database names it.
    pub file: PathBuf,
    /// The command line, the compiler first.
    pub arguments: Vec<String>,
}

/// Every command of the `compile_commands.json` in `dir`, or why libclang
/// could not load it (no such file, or not a compilation database).
pub fn compile_commands(dir: &Path) -> Result<Vec<CompileCommand>, String> {
    ensure_loaded()?;
    let name = cstr(&dir.to_string_lossy());
    let mut error = CXCompilationDatabase_NoError;
    // SAFETY: the database, its command list and each command's strings
    // are used only while they live, and each is disposed of once.
    unsafe {
        let db = clang_CompilationDatabase_fromDirectory(name.as_ptr(), &mut error);
        if db.is_null() || error != CXCompilationDatabase_NoError {
            if !db.is_null() {
                clang_CompilationDatabase_dispose(db);
            }
            return Err("libclang cannot load it as a compilation database".into());
        }
        let commands = clang_CompilationDatabase_getAllCompileCommands(db);
        let mut out = Vec::new();
        for i in 0..clang_CompileCommands_getSize(commands) {
            let c = clang_CompileCommands_getCommand(commands, i);
            out.push(CompileCommand {
                directory: PathBuf::from(take(clang_CompileCommand_getDirectory(c))),
                file: PathBuf::from(take(clang_CompileCommand_getFilename(c))),
                arguments: (0..clang_CompileCommand_getNumArgs(c))
                    .map(|a| take(clang_CompileCommand_getArg(c, a)))
                    .collect(),
            });
        }
        clang_CompileCommands_dispose(commands);
        clang_CompilationDatabase_dispose(db);
        Ok(out)
    }
}
