//! The translation units of a compilation database (`compile_commands.json`,
//! `docs/command-line.md`, "Projects"): exactly the CUDA files it compiles
//! (`.cu`, or compiled with `-x cuda`), each with its own `-I`, `-D`,
//! `-include` and `-std`.
//! libclang reads the database (`mapcheck_frontend::cuda::clang::database`);
//! when it cannot, serde_json says where the text stops being JSON.

use crate::project::{Role, TranslationUnit, UnitFlags};
use mapcheck_frontend::cuda::clang::database::{compile_commands, CompileCommand};
use mapcheck_frontend::Diagnostic;
use semantics::surface::Span;
use std::path::{Path, PathBuf};

/// The file name clang tools look for.
pub const FILE_NAME: &str = "compile_commands.json";

/// Where the database of directory `dir` is: `-p DIR` if given, else the
/// directory itself or its `build/`, whichever holds one.
pub fn find(dir: &Path, given: Option<&Path>) -> Option<PathBuf> {
    if let Some(p) = given {
        return Some(p.to_path_buf());
    }
    [dir.to_path_buf(), dir.join("build")]
        .into_iter()
        .find(|d| d.join(FILE_NAME).is_file())
}

/// The CUDA translation units of the database in directory `db`, sorted by
/// path, one per file; the errors are located in the database's file.
pub fn units(db: &Path) -> (Vec<TranslationUnit>, Vec<Diagnostic>) {
    let json = db.join(FILE_NAME);
    if let Err(d) = validate(&json) {
        return (Vec::new(), vec![d]);
    }
    let commands = match compile_commands(db) {
        Ok(c) => c,
        Err(why) => {
            let m = format!("not a compilation database: {why}");
            return (Vec::new(), vec![Diagnostic::error(m).in_file(&json)]);
        }
    };
    let mut units: Vec<TranslationUnit> = Vec::new();
    let mut errors = Vec::new();
    for c in commands.iter().filter(|c| is_cuda(c)) {
        let file = c.directory.join(&c.file);
        if !file.is_file() {
            let m = format!("names `{}`, which is not a file", file.display());
            errors.push(Diagnostic::error(m).in_file(&json));
        } else if !units.iter().any(|u| u.file == file) {
            units.push(TranslationUnit {
                file,
                role: Role::Unit,
                flags: flags(c),
            });
        }
    }
    units.sort_by(|a, b| a.file.cmp(&b.file));
    (units, errors)
}

/// The database's text checked before libclang reads it (libclang
/// prints its own complaints on standard error and returns no reason): a
/// located error where it stops being JSON, or names the entry that is
/// not a compile command.
fn validate(json: &Path) -> Result<(), Diagnostic> {
    let error = |m: String| Diagnostic::error(m).in_file(json);
    let text = std::fs::read(json).map_err(|e| error(format!("cannot read: {e}")))?;
    let value: serde_json::Value = serde_json::from_slice(&text).map_err(|e| {
        let at = Span::point(e.line() as u32, e.column().max(1) as u32);
        error(format!("not a compilation database: not JSON: {e}")).at(at)
    })?;
    let expected =
        "a list of {\"directory\", \"file\", \"command\" or \"arguments\"} entries is expected";
    let Some(entries) = value.as_array() else {
        return Err(error(format!("not a compilation database: {expected}")));
    };
    for (i, e) in entries.iter().enumerate() {
        let has = |k: &str| e.get(k).is_some();
        if !(has("directory") && has("file") && (has("command") || has("arguments"))) {
            let m = format!(
                "not a compilation database: entry {} lacks a key: {expected}",
                i + 1
            );
            return Err(error(m));
        }
    }
    Ok(())
}

/// A CUDA translation unit: a `.cu` file, or one compiled with `-x cuda`.
fn is_cuda(c: &CompileCommand) -> bool {
    let cu = c.file.extension().is_some_and(|e| e == "cu");
    let x_cuda = c
        .arguments
        .windows(2)
        .any(|w| w[0] == "-x" && w[1] == "cuda")
        || c.arguments.iter().any(|a| a == "-xcuda");
    cu || x_cuda
}

/// The `-I`, `-isystem`, `-D`, `-include` and `-std` flags of a command
/// (`-I DIR` or `-IDIR`), paths made relative to the command's directory.
/// The others (optimisation, code generation, warnings) do not change
/// what the kernel's code means to mapcheck.
fn flags(c: &CompileCommand) -> UnitFlags {
    let mut out = UnitFlags::default();
    let mut args = c.arguments.iter().skip(1);
    while let Some(a) = args.next() {
        let mut value = |flag: &str| match a.strip_prefix(flag) {
            Some("") => args.next().cloned(),
            Some(v) => Some(v.to_string()),
            None => None,
        };
        if let Some(file) = value("-include") {
            let at = c.directory.join(&file);
            let file = if at.is_file() {
                at
            } else {
                PathBuf::from(file)
            };
            out.others
                .extend(["-include".to_string(), file.display().to_string()]);
        } else if let Some(dir) = value("-isystem").or_else(|| value("-I")) {
            out.includes.push(c.directory.join(dir));
        } else if let Some(d) = value("-D") {
            out.defines.push(d);
        } else if a.starts_with("-std=") {
            out.others.push(a.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_and_defines_are_read_in_both_spellings() {
        let c = CompileCommand {
            directory: PathBuf::from("/p"),
            file: PathBuf::from("k.cu"),
            arguments: [
                "nvcc",
                "-Iinc",
                "-I",
                "/abs",
                "-DN=4",
                "-D",
                "M",
                "-std=c++14",
                "-c",
                "k.cu",
            ]
            .map(String::from)
            .to_vec(),
        };
        let f = flags(&c);
        assert_eq!(
            f.includes,
            vec![PathBuf::from("/p/inc"), PathBuf::from("/abs")]
        );
        assert_eq!(f.defines, vec!["N=4".to_string(), "M".to_string()]);
        assert_eq!(f.others, vec!["-std=c++14".to_string()]);
        assert!(is_cuda(&c));
    }
}
