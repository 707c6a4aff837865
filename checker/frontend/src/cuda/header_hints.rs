//! Where a header clang did not find may be (`docs/cuda-model.md`,
//! "Partial input"): a project built with `-I include` or `-I ../common`
//! and checked without its build flags misses its own headers, and every
//! kernel that uses what they declare is `unknown`.  The warning then
//! names the directories near the including file that hold a file of the
//! header's name, as the `-I` to give.  Only a hint: nothing is read from
//! them, since which directory the build uses is not known.

use std::path::{Path, PathBuf};

/// How many directories above the including file's are searched (each
/// with its direct subdirectories).
const LEVELS: usize = 3;

/// At most this many directory entries are looked at in all: the search
/// is a hint, bounded on any tree.
const MAX_ENTRIES: usize = 4_000;

/// At most this many directories are suggested.
const MAX_HINTS: usize = 3;

/// The directories `D` near `from` (the directory of the including file)
/// such that `D/name` is a file: at the nearest level that has any, `from`
/// and its ancestors up to [`LEVELS`] above it, each with its direct
/// subdirectories.
pub fn directories_holding(name: &str, from: &Path) -> Vec<PathBuf> {
    let mut budget = MAX_ENTRIES;
    let mut ancestor = Some(from);
    for _ in 0..=LEVELS {
        let Some(dir) = ancestor else { break };
        let found = level(name, dir, &mut budget);
        if !found.is_empty() || budget == 0 {
            return found;
        }
        ancestor = dir.parent().filter(|p| !p.as_os_str().is_empty());
    }
    Vec::new()
}

/// `dir` and its direct subdirectories (sorted) that hold `name`.
fn level(name: &str, dir: &Path, budget: &mut usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if dir.join(name).is_file() {
        out.push(dir.to_path_buf());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut subdirs = Vec::new();
    for e in entries.flatten() {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let path = e.path();
        if path.is_dir() {
            subdirs.push(path);
        }
    }
    subdirs.sort();
    out.extend(subdirs.into_iter().filter(|s| s.join(name).is_file()));
    out.truncate(MAX_HINTS);
    out
}

/// The hint to add to a missing header's warning, if any directory near
/// the including file holds it.
pub fn hint(name: &str, including: &Path) -> Option<String> {
    let from = including
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dirs = directories_holding(name, from);
    if dirs.is_empty() {
        return None;
    }
    let flags: Vec<String> = dirs
        .iter()
        .map(|d| format!("`-I {}`", d.display()))
        .collect();
    Some(format!(
        "; `{name}` is in {}: the build may use {} (or give a compile_commands.json, `-p DIR`)",
        dirs.iter()
            .map(|d| format!("`{}`", d.display()))
            .collect::<Vec<_>>()
            .join(", "),
        flags.join(" or ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_header_in_a_sibling_directory_is_found_and_nothing_else() {
        let root = tempfile::tempdir().expect("tempdir");
        let src = root.path().join("app/src");
        let inc = root.path().join("app/include");
        std::fs::create_dir_all(&src).expect("mkdir");
        std::fs::create_dir_all(inc.join("lib")).expect("mkdir");
        std::fs::write(inc.join("defs.h"), "").expect("write");
        std::fs::write(inc.join("lib/util.h"), "").expect("write");
        assert_eq!(directories_holding("defs.h", &src), vec![inc.clone()]);
        assert_eq!(directories_holding("lib/util.h", &src), vec![inc.clone()]);
        assert!(directories_holding("absent.h", &src).is_empty());
        let h = hint("defs.h", &src.join("main.cu")).expect("a hint");
        assert!(h.contains(&format!("-I {}", inc.display())), "{h}");
    }
}
