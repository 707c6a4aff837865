//! Projects as input (`docs/command-line.md`, "Projects"): the paths of
//! `mapcheck check` turned into the files to check, each a
//! [`TranslationUnit`] with its [`Role`] and its own flags.  A file is
//! taken as given; a directory means its translation units: those of its
//! compilation database ([`crate::database`]) when it has one, else the
//! `.cu` files no other file under it includes.  A file another one
//! includes (a fragment) is checked through its includer, never alone.

use mapcheck_core::results::FileReport;
pub use mapcheck_core::results::Role;
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{decode_source, Diagnostic};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

/// How deep a directory is walked: deeper directories are skipped with a
/// warning, so that no tree (however linked) makes the walk endless.
pub const MAX_DEPTH: usize = 64;

/// The files whose `#include` lines are read to find fragments: any
/// file of C or CUDA source may include a `.cu` file.
const SCANNED: [&str; 12] = [
    "cu", "cuh", "h", "hh", "hpp", "hxx", "inc", "inl", "c", "cc", "cpp", "cxx",
];

/// One file to check, why, and the flags it is compiled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranslationUnit {
    pub file: PathBuf,
    pub role: Role,
    pub flags: UnitFlags,
}

/// A translation unit's own compiler flags (from a compilation database),
/// before the command line's, which win.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitFlags {
    /// `-D NAME[=VAL]`.
    pub defines: Vec<String>,
    /// `-I DIR`, absolute or relative to the current directory.
    pub includes: Vec<PathBuf>,
    /// The others clang is given as they are: `-include FILE` (absolute
    /// when the file is found from the entry's directory), `-std=…`.
    pub others: Vec<String>,
}

/// What the paths of a run hold: the files to check, in order, and the
/// reports of paths that give nothing to check or could not be walked
/// (each with a located diagnostic).
#[derive(Debug, Default)]
pub struct Project {
    pub units: Vec<TranslationUnit>,
    pub problems: Vec<FileReport>,
}

/// The translation units of `paths`: a file as given (with its flags
/// from the database `-p` names, if it compiles the file), a directory as
/// the units of its compilation database (`-p DIR`, or found in it or its
/// `build/`) or else as its units and fragments (sorted).  A directory
/// without a `.cu` file is an error about the directory.
pub fn units(paths: &[PathBuf], database: Option<&Path>) -> Project {
    let mut project = Project::default();
    let given_db = database.map(crate::database::units);
    for path in paths {
        if path.is_dir() {
            match crate::database::find(path, database) {
                Some(db) => from_database(path, &db, &mut project),
                None => directory(path, &mut project),
            }
        } else {
            let same = |u: &&TranslationUnit| same_file(&u.file, path);
            let known = given_db.as_ref().and_then(|(us, _)| us.iter().find(same));
            project.units.push(TranslationUnit {
                file: path.clone(),
                role: Role::Given,
                flags: known.map(|u| u.flags.clone()).unwrap_or_default(),
            });
        }
    }
    if let (Some(db), Some((_, errors))) = (database, given_db) {
        let dir_given = paths.iter().any(|p| p.is_dir());
        if !errors.is_empty() && !dir_given {
            let mut report = FileReport::new(&db.join(crate::database::FILE_NAME));
            report.diagnostics = errors;
            project.problems.push(report);
        }
    }
    project
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

/// The units the database in directory `db` compiles, for directory `dir`.
fn from_database(dir: &Path, db: &Path, project: &mut Project) {
    let (units, errors) = crate::database::units(db);
    let json = db.join(crate::database::FILE_NAME);
    let mut report = FileReport::new(&json);
    report.diagnostics = errors;
    if units.is_empty() && report.diagnostics.is_empty() {
        let m = format!(
            "compiles no `.cu` file (nor any file with `-x cuda`), so `{}` has nothing to check",
            dir.display()
        );
        report.diagnostics.push(Diagnostic::error(m).in_file(&json));
    }
    project.units.extend(units);
    if !report.diagnostics.is_empty() {
        project.problems.push(report);
    }
}

/// The units and fragments of directory `dir`, added to `project`.
fn directory(dir: &Path, project: &mut Project) {
    let mut walk = Walk::default();
    walk.dir(dir, 0);
    let mut report = FileReport::new(dir);
    report.diagnostics = walk.problems;
    let found = classify(&walk.files);
    if found.is_empty() {
        report.diagnostics.push(
            Diagnostic::error(
                "no `.cu` file under this directory (and no compilation database naming one)",
            )
            .in_file(dir),
        );
    }
    project.units.extend(found);
    if !report.diagnostics.is_empty() {
        project.problems.push(report);
    }
}

/// A directory walk: the source files found, and what could not be
/// walked.
#[derive(Default)]
struct Walk {
    files: Vec<PathBuf>,
    problems: Vec<Diagnostic>,
    /// The canonical paths of the directories walked: a directory reached
    /// twice (a symbolic link to an ancestor, two links to one directory)
    /// is walked once.
    seen: HashSet<PathBuf>,
}

impl Walk {
    fn dir(&mut self, dir: &Path, depth: usize) {
        if depth > MAX_DEPTH {
            let m = format!("deeper than {MAX_DEPTH} directories: not walked");
            self.problems.push(Diagnostic::warning(m).in_file(dir));
            return;
        }
        let entries = std::fs::canonicalize(dir).and_then(|c| {
            let first = self.seen.insert(c);
            first.then(|| std::fs::read_dir(dir)).transpose()
        });
        let entries = match entries {
            Ok(Some(entries)) => entries,
            Ok(None) => return,
            Err(e) => {
                let m = format!("cannot read this directory: {e}");
                self.problems.push(Diagnostic::error(m).in_file(dir));
                return;
            }
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            self.entry(&path, depth);
        }
    }

    fn entry(&mut self, path: &Path, depth: usize) {
        // `metadata` follows symbolic links: a link that leads nowhere (or
        // round in a loop of links) fails here.
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => self.dir(path, depth + 1),
            Ok(_) if has_extension(path, &SCANNED) => self.files.push(path.to_path_buf()),
            Ok(_) => {}
            Err(e) if has_extension(path, &["cu", "cuh"]) => {
                let m = format!("cannot read: {e}");
                self.problems.push(Diagnostic::error(m).in_file(path));
            }
            // A broken link to anything else is none of mapcheck's business.
            Err(_) => {}
        }
    }
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.contains(&e))
}

/// The roles of the `.cu` and `.cuh` files among `files` (sorted): a `.cu`
/// file no file includes is a unit, a `.cu` or `.cuh` file a unit reaches
/// through `#include` a fragment of its first includer; a `.cu` file
/// no unit reaches (the includes form a cycle, or only a file no unit
/// includes includes it) is a unit too, so that every `.cu` file is
/// checked, once alone or once through its includer.
///
/// The includes are read from the text, not preprocessed: `#include "x"`
/// and `#include <x>` resolved against the including file's directory.  That is enough
/// because a mistake only moves where a file is checked: a fragment the
/// scan misses (included through a macro or an `-I` directory) stays a
/// unit and is checked alone, as `mapcheck check FILE` would; what stays
/// a risk is an include the scan sees and the preprocessor skips (under
/// `#if 0`), rare for a `.cu` file.
fn classify(files: &[PathBuf]) -> Vec<TranslationUnit> {
    let graph = IncludeGraph::of(files);
    let is_cu = |f: &PathBuf| has_extension(f, &["cu"]);
    let mut units: Vec<usize> = (0..files.len())
        .filter(|&i| is_cu(&files[i]) && !graph.included.contains(&i))
        .collect();
    let mut included_by = BTreeMap::new();
    for &u in &units {
        graph.reach(u, &mut included_by);
    }
    for (i, f) in files.iter().enumerate() {
        if is_cu(f) && !units.contains(&i) && !included_by.contains_key(&i) {
            units.push(i);
            graph.reach(i, &mut included_by);
        }
    }
    let mut out: Vec<TranslationUnit> = units
        .iter()
        .map(|&i| (i, Role::Unit))
        .chain(
            included_by
                .iter()
                .filter(|(i, _)| !units.contains(i))
                .filter(|(i, _)| has_extension(&files[**i], &["cu", "cuh"]))
                .map(|(&i, &by)| {
                    let included_by = files[by].clone();
                    (i, Role::Fragment { included_by })
                }),
        )
        .map(|(i, role)| TranslationUnit {
            file: files[i].clone(),
            role,
            flags: UnitFlags::default(),
        })
        .collect();
    out.sort_by(|a, b| a.file.cmp(&b.file));
    out
}

/// Who includes whom among a directory's files, by index.
struct IncludeGraph {
    /// `edges[i]`: the files file `i` includes, sorted.
    edges: Vec<BTreeSet<usize>>,
    /// Every file some file includes.
    included: BTreeSet<usize>,
}

impl IncludeGraph {
    fn of(files: &[PathBuf]) -> IncludeGraph {
        let index: BTreeMap<PathBuf, usize> = files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| Some((std::fs::canonicalize(f).ok()?, i)))
            .collect();
        let edges: Vec<BTreeSet<usize>> = files
            .iter()
            .map(|f| {
                let dir = f.parent().unwrap_or(Path::new("."));
                let text = std::fs::read(f).map(|b| decode_source(&b));
                let text = text.unwrap_or_default();
                let names = included_names(&text);
                names
                    .into_iter()
                    .filter_map(|n| index.get(&std::fs::canonicalize(dir.join(n)).ok()?))
                    .copied()
                    .collect()
            })
            .collect();
        let included = edges.iter().flatten().copied().collect();
        IncludeGraph { edges, included }
    }

    /// Every file `from` reaches, with its first includer on the way
    /// (kept if already known).
    fn reach(&self, from: usize, included_by: &mut BTreeMap<usize, usize>) {
        let mut stack = vec![from];
        while let Some(i) = stack.pop() {
            for &j in &self.edges[i] {
                if j != from && !included_by.contains_key(&j) {
                    included_by.insert(j, i);
                    stack.push(j);
                }
            }
        }
    }
}

/// The names of the `#include "…"` and `#include <…>` lines of a text.
/// An angle-bracket name counts too: the front end puts the main file's
/// directory on the include path (as builds do with `-I.`), so
/// `#include <kernel.cu>` next to the file reads that file (Rodinia's
/// mummergpu); a system header matches no file of the directory.
fn included_names(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| {
            let rest = l.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let (close, rest) = match rest.chars().next()? {
                '"' => ('"', &rest[1..]),
                '<' => ('>', &rest[1..]),
                _ => return None,
            };
            rest.split(close).next()
        })
        .collect()
}

/// Checks one unit with its own flags and then the command line's (`cli`,
/// which win); a fragment is not checked, only noted.
pub fn check_unit(unit: &TranslationUnit, cli: &Flags) -> FileReport {
    if let Role::Fragment { included_by } = &unit.role {
        let mut report = FileReport::new(&unit.file);
        report.role = unit.role.clone();
        let note = format!(
            "included by `{}`: its kernels are checked through it",
            included_by.display()
        );
        report
            .diagnostics
            .push(Diagnostic::note(note).in_file(&unit.file));
        return report;
    }
    let mut flags = cli.clone();
    flags.defines = unit.flags.defines.clone();
    flags.defines.extend(cli.defines.iter().cloned());
    flags.includes = unit.flags.includes.clone();
    flags.includes.extend(cli.includes.iter().cloned());
    let started = std::time::Instant::now();
    let mut report = crate::pipeline::check_file_with(&unit.file, &flags, &unit.flags.others);
    report.role = unit.role.clone();
    report.seconds = started.elapsed().as_secs_f64();
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn included_names_are_read_from_directive_lines() {
        let text = "#include \"a.cu\"\n  #  include \"b/c.cuh\" // x\n#include <d.cu>\nint x; // #include \"e\"\n#include MACRO\n";
        assert_eq!(included_names(text), vec!["a.cu", "b/c.cuh", "d.cu"]);
    }

    #[test]
    fn a_cycle_of_includes_still_checks_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.cu");
        let b = dir.path().join("b.cu");
        std::fs::write(&a, "#include \"b.cu\"\n").unwrap();
        std::fs::write(&b, "#include \"a.cu\"\n").unwrap();
        let units = classify(&[a.clone(), b.clone()]);
        assert_eq!(units.len(), 2);
        assert_eq!(units[0].role, Role::Unit);
        assert_eq!(units[1].role, Role::Fragment { included_by: a });
    }
}
