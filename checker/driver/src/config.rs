//! The project's configuration, `mapcheck.toml` (`docs/ci.md`,
//! "Configuration"), and the suppression of races the user reviewed: by
//! an entry of the configuration, or inline, by a comment
//! `// mapcheck-ignore: data-race — reason` on the line of one of the two
//! accesses.  A suppressed race stays racy in every report, with where
//! and why it was suppressed; it no longer decides the exit status
//! (`mapcheck_core::results::RunOutcome`).  Suppression only reads
//! verdicts.  A `[[kernel]]` entry gives one kernel its launch, parameters
//! and assumptions, as the command line would for it alone
//! ([`check_unit`]).

use crate::pipeline::FileReport;
use crate::project::TranslationUnit;
use mapcheck_core::kernel::Scope;
use mapcheck_core::results::Suppression;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::{Dims, Flags};
use serde::Deserialize;
use std::path::{Component, Path, PathBuf};

/// The configuration file's name, looked for from the checked path up.
pub const FILE_NAME: &str = "mapcheck.toml";

/// The marker of an inline suppression.
const INLINE: &str = "mapcheck-ignore:";

/// The rule an inline suppression or an entry names (the only one that
/// can be suppressed: a divergence or an unknown is not a reviewed alarm).
const RULE: &str = "data-race";

/// How many directories up the search for [`FILE_NAME`] goes.
const MAX_LEVELS: usize = 64;

/// `mapcheck.toml`, as read.
#[derive(Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    /// Include directories, relative to the file's directory.
    #[serde(default)]
    include: Vec<String>,
    /// Preprocessor definitions `NAME[=VALUE]`.
    #[serde(default)]
    define: Vec<String>,
    #[serde(default)]
    suppress: Vec<Entry>,
    #[serde(default)]
    kernel: Vec<KernelEntry>,
}

/// A `[[kernel]]` entry: how one kernel is launched and what the program
/// guarantees it, as `--block-dim`, `--grid-dim`, `--param` and `--assume`
/// would say for that kernel alone.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct KernelEntry {
    /// The kernel's function (both scopes).
    pub name: String,
    /// A file, relative to the configuration's directory; every file with
    /// a kernel of that name when absent.
    pub file: Option<String>,
    pub block_dim: Option<Vec<u64>>,
    pub grid_dim: Option<Vec<u64>>,
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, i64>,
    #[serde(default)]
    pub assume: Vec<String>,
}

/// A `[[suppress]]` entry: the races it matches (every field given must
/// match) and why they are silenced.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// A file, relative to the configuration's directory.
    file: Option<String>,
    /// A kernel (both scopes).
    kernel: Option<String>,
    array: Option<String>,
    /// Must be `data-race` when given.
    rule: Option<String>,
    reason: String,
}

/// A project's configuration: where it is, and what it says.
#[derive(Debug, PartialEq, Eq)]
pub struct Config {
    pub path: PathBuf,
    /// Include directories, made relative to the current directory.
    pub includes: Vec<PathBuf>,
    pub defines: Vec<String>,
    entries: Vec<Entry>,
    kernels: Vec<KernelEntry>,
}

/// The nearest `mapcheck.toml` in the directory of `start` (the directory
/// itself, or a file's) or above it.
pub fn find(start: &Path) -> Option<PathBuf> {
    let absolute = std::env::current_dir().ok()?.join(start);
    let mut dir = if absolute.is_dir() {
        Some(absolute.as_path())
    } else {
        absolute.parent()
    };
    for _ in 0..MAX_LEVELS {
        let d = dir?;
        let candidate = d.join(FILE_NAME);
        if candidate.is_file() {
            return Some(candidate);
        }
        dir = d.parent();
    }
    None
}

/// Reads the configuration at `path`: an error names the file and, for
/// TOML that does not parse or a key that is not known, the position.
pub fn load(path: &Path) -> Result<Config, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let file: FileConfig = toml::from_str(&text)
        .map_err(|e| format!("{}: {}", path.display(), e.to_string().trim()))?;
    if let Some(e) = file
        .suppress
        .iter()
        .find(|e| e.rule.as_deref().is_some_and(|r| r != RULE))
    {
        let rule = e.rule.as_deref().unwrap_or_default();
        return Err(format!(
            "{}: [[suppress]] rule `{rule}`: only `{RULE}` can be suppressed",
            path.display()
        ));
    }
    if let Some(e) = file.suppress.iter().find(|e| e.reason.trim().is_empty()) {
        return Err(format!(
            "{}: a [[suppress]] entry has an empty reason ({e:?}): say why the race is not one",
            path.display()
        ));
    }
    if let Some(k) = file.kernel.iter().find(|k| bad_dims(k).is_some()) {
        let what = bad_dims(k).unwrap_or_default();
        return Err(format!(
            "{}: [[kernel]] `{}`: {what}",
            path.display(),
            k.name
        ));
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    Ok(Config {
        path: path.to_path_buf(),
        includes: file.include.iter().map(|i| dir.join(i)).collect(),
        defines: file.define,
        entries: file.suppress,
        kernels: file.kernel,
    })
}

impl KernelEntry {
    /// What the entry states: `blockDim = [128], n = 128, width >= 1`.
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = &self.block_dim {
            parts.push(format!("blockDim = {d:?}"));
        }
        if let Some(d) = &self.grid_dim {
            parts.push(format!("gridDim = {d:?}"));
        }
        parts.extend(self.params.iter().map(|(n, v)| format!("{n} = {v}")));
        parts.extend(self.assume.iter().cloned());
        parts.join(", ")
    }
}

/// What is wrong with an entry's dimensions: 1 to 3 positive numbers each.
fn bad_dims(k: &KernelEntry) -> Option<String> {
    [("block_dim", &k.block_dim), ("grid_dim", &k.grid_dim)]
        .into_iter()
        .find_map(|(name, d)| {
            let d = d.as_ref()?;
            let ok = (1..=3).contains(&d.len()) && d.iter().all(|&x| x > 0);
            (!ok).then(|| format!("{name} is 1 to 3 positive numbers, not {d:?}"))
        })
}

/// The dimensions of an entry as the command line's.
fn dims(d: &[u64]) -> Dims {
    let mut xyz = [1; 3];
    xyz[..d.len()].copy_from_slice(d);
    Dims::new(xyz)
}

/// [`crate::project::check_unit`] with the `[[kernel]]` entries of
/// `config` that match a kernel of the unit: each such kernel is checked
/// again alone under its entry's launch, parameters and assumptions (on
/// top of `cli`), and its report replaces the plain one; the entry is
/// listed with the kernel's assumptions.
pub fn check_unit(unit: &TranslationUnit, cli: &Flags, config: Option<&Config>) -> FileReport {
    let mut report = crate::project::check_unit(unit, cli);
    let Some(c) = config else {
        return report;
    };
    let functions: Vec<String> = report
        .kernels
        .iter()
        .map(|k| function(&k.kernel).to_string())
        .collect();
    for entry in c.kernels_of(&unit.file) {
        if !functions.contains(&entry.name) {
            continue;
        }
        let flags = entry_flags(cli, entry);
        let mut again = crate::project::check_unit(unit, &flags);
        let note = format!(
            "{} ([[kernel]] `{}` in {})",
            entry.describe(),
            entry.name,
            c.path.display()
        );
        for k in &mut again.kernels {
            k.launch.push(note.clone());
        }
        report
            .diagnostics
            .extend(again.diagnostics.into_iter().filter(|d| d.is_error()));
        let at = report
            .kernels
            .iter()
            .position(|k| function(&k.kernel) == entry.name);
        report.kernels.retain(|k| function(&k.kernel) != entry.name);
        let at = at.unwrap_or(report.kernels.len()).min(report.kernels.len());
        report.kernels.splice(at..at, again.kernels);
    }
    report
}

/// The flags of a kernel checked under its entry.
fn entry_flags(cli: &Flags, e: &KernelEntry) -> Flags {
    let mut f = cli.clone();
    f.kernel = Some(e.name.clone());
    if let Some(d) = &e.block_dim {
        f.block_dim = Some(dims(d));
    }
    if let Some(d) = &e.grid_dim {
        f.grid_dim = Some(dims(d));
    }
    f.params
        .extend(e.params.iter().map(|(n, v)| (n.clone(), i128::from(*v))));
    f.assume.extend(e.assume.iter().cloned());
    f
}

/// The function of a kernel's report name (`k (across blocks)` is `k`).
fn function(kernel: &str) -> &str {
    kernel
        .strip_suffix(Scope::AcrossBlocks.suffix())
        .unwrap_or(kernel)
}

/// Marks the races of `report` that an inline comment or an entry of
/// `config` suppresses (the inline comment first).
pub fn suppress(report: &mut FileReport, config: Option<&Config>) {
    let source = report.source.clone().unwrap_or_default();
    let file = report.file.clone();
    for k in &mut report.kernels {
        let kernel = function(&k.kernel);
        for a in &mut k.arrays {
            let Verdict::Racy(w) = &a.check.verdict else {
                continue;
            };
            let lines = w.accesses.iter().map(|acc| acc.span.line);
            let inline = lines
                .filter_map(|l| inline_reason(&source, l).map(|r| (l, r)))
                .next();
            a.suppressed = match inline {
                Some((line, reason)) => Some(Suppression {
                    in_source: true,
                    at: format!("{}:{line}", file.display()),
                    reason,
                }),
                None => config.and_then(|c| c.matching(&file, kernel, &a.check.array)),
            };
        }
    }
}

/// The reason of a `// mapcheck-ignore: data-race — reason` comment on
/// 1-based line `line` (the separator may be `—`, `--`, `-` or `:`); `None`
/// without one, or without a reason: a suppression must say why.
pub fn inline_reason(source: &str, line: u32) -> Option<String> {
    let text = source.lines().nth((line as usize).checked_sub(1)?)?;
    let comment = &text[text.find("//")? + 2..];
    let rest = comment.trim_start().strip_prefix(INLINE)?.trim_start();
    let rest = rest.strip_prefix(RULE)?;
    let reason = rest.trim_start().trim_start_matches(['—', '-', ':']).trim();
    (!reason.is_empty()).then(|| reason.to_string())
}

impl Config {
    /// The `[[kernel]]` entries that apply to `file`.
    fn kernels_of<'a>(&'a self, file: &'a Path) -> impl Iterator<Item = &'a KernelEntry> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        self.kernels.iter().filter(move |k| {
            k.file
                .as_ref()
                .is_none_or(|f| same_file(&dir.join(f), file))
        })
    }

    /// The first entry matching the race of `array` of `kernel` in `file`.
    fn matching(&self, file: &Path, kernel: &str, array: &str) -> Option<Suppression> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let e = self.entries.iter().find(|e| {
            e.file
                .as_ref()
                .is_none_or(|f| same_file(&dir.join(f), file))
                && e.kernel.as_deref().is_none_or(|k| k == kernel)
                && e.array.as_deref().is_none_or(|a| a == array)
        })?;
        Some(Suppression {
            in_source: false,
            at: self.path.display().to_string(),
            reason: e.reason.clone(),
        })
    }
}

/// Are the two paths the same file (canonically when both exist, else
/// lexically from the current directory)?
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => lexical(a) == lexical(b),
    }
}

fn lexical(p: &Path) -> PathBuf {
    let base = std::env::current_dir().unwrap_or_default().join(p);
    let mut out = PathBuf::new();
    for c in base.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_suppressions_need_the_rule_and_a_reason() {
        let src = "a[0] = 1; // mapcheck-ignore: data-race — every thread writes 1\n\
                   b[0] = t; // mapcheck-ignore: data-race\n\
                   c[0] = t; // mapcheck-ignore: divergence -- no\n\
                   d[0] = t; //mapcheck-ignore: data-race -- reviewed\n";
        assert_eq!(
            inline_reason(src, 1).as_deref(),
            Some("every thread writes 1")
        );
        assert_eq!(inline_reason(src, 2), None, "no reason");
        assert_eq!(inline_reason(src, 3), None, "another rule");
        assert_eq!(inline_reason(src, 4).as_deref(), Some("reviewed"));
        assert_eq!(inline_reason(src, 0), None);
        assert_eq!(inline_reason(src, 9), None);
    }

    #[test]
    fn the_configuration_is_read_and_checked() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join(FILE_NAME);
        let write = |t: &str| std::fs::write(&path, t).expect("writes");
        write(
            "include = [\"inc\"]\ndefine = [\"N=4\"]\n\
             [[suppress]]\nfile = \"k.cu\"\nkernel = \"k\"\nreason = \"benign\"\n",
        );
        let c = load(&path).expect("loads");
        assert_eq!(c.includes, [dir.path().join("inc")]);
        assert_eq!(c.defines, ["N=4"]);
        let k = dir.path().join("k.cu");
        assert!(c.matching(&k, "k", "A").is_some());
        assert!(c.matching(&k, "other", "A").is_none());
        assert!(c.matching(&dir.path().join("x.cu"), "k", "A").is_none());
        write("[[suppress]]\nreason = \"\"\n");
        assert!(load(&path).unwrap_err().contains("empty reason"));
        write("[[suppress]]\nrule = \"unknown\"\nreason = \"x\"\n");
        assert!(load(&path).unwrap_err().contains("only `data-race`"));
        write("includes = [\"x\"]\n");
        let e = load(&path).unwrap_err();
        assert!(e.contains("includes") && e.contains("line 1"), "{e}");
    }

    #[test]
    fn the_nearest_configuration_above_is_found() {
        let dir = tempfile::tempdir().expect("tempdir");
        let sub = dir.path().join("a/b");
        std::fs::create_dir_all(&sub).expect("mkdir");
        std::fs::write(dir.path().join(FILE_NAME), "").expect("writes");
        let found = find(&sub.join("k.cu")).expect("found");
        assert_eq!(found, dir.path().join(FILE_NAME));
        std::fs::write(sub.join(FILE_NAME), "").expect("writes");
        assert_eq!(find(&sub).expect("found"), sub.join(FILE_NAME));
    }
}
