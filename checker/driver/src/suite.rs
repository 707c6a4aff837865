//! `mapcheck suite`: every kernel file under some directories, checked by
//! the pipeline ([`crate::pipeline`]) with the flags of its header and
//! compared with its expectation (`docs/headers.md`).  Pure
//! functions over files; the table, JSON and CSV are `mapcheck_report::suite`,
//! the progress bar and parallelism `mapcheck suite` (`cli/src/commands/suite.rs`).

use crate::pipeline::{check_file, CheckedArray, FileReport};
use mapcheck_core::triage::Resolution;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::Flags;
use semantics::surface::{parse::parse_header, Expect};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a file expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Expected {
    Drf,
    Racy,
    /// `// expect: error`: the file must be rejected (bad input, exit 2).
    Error,
    /// No expectation header.
    None,
}

/// What the checker answered for a file (all kernels, all arrays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Got {
    Drf,
    Racy,
    /// Barrier divergence (counts as racy: GPUVerify's `xfail`).
    Divergence,
    Unknown,
    Error,
}

/// How a result compares with its expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    CorrectDrf,
    CorrectRacy,
    CorrectError,
    FalseAlarm,
    MissedRace,
    Unknown,
    Error,
    NoExpectation,
}

impl Outcome {
    /// Does this outcome meet the file's expectation?
    pub fn met(self) -> bool {
        matches!(
            self,
            Outcome::CorrectDrf
                | Outcome::CorrectRacy
                | Outcome::CorrectError
                | Outcome::NoExpectation
        )
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FileResult {
    pub file: PathBuf,
    pub expected: Expected,
    pub got: Got,
    pub outcome: Outcome,
    pub millis: f64,
    /// Triage class of the first race: `provable`, `data-dependent`,
    /// `approximated`, `protocol`.
    pub classification: Option<String>,
    /// Why: the error, the unknown reason, or the racy array.
    pub detail: String,
    /// Header flags accepted but meaningless to mapcheck.
    pub ignored_flags: Vec<String>,
}

/// Totals of a run.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub correct_drf: usize,
    pub correct_racy: usize,
    pub correct_error: usize,
    pub false_alarms: usize,
    pub missed_races: usize,
    pub unknown: usize,
    pub errors: usize,
    pub no_expectation: usize,
}

impl Totals {
    pub fn of(results: &[FileResult]) -> Totals {
        let mut t = Totals {
            files: results.len(),
            ..Totals::default()
        };
        for r in results {
            let slot = match r.outcome {
                Outcome::CorrectDrf => &mut t.correct_drf,
                Outcome::CorrectRacy => &mut t.correct_racy,
                Outcome::CorrectError => &mut t.correct_error,
                Outcome::FalseAlarm => &mut t.false_alarms,
                Outcome::MissedRace => &mut t.missed_races,
                Outcome::Unknown => &mut t.unknown,
                Outcome::Error => &mut t.errors,
                Outcome::NoExpectation => &mut t.no_expectation,
            };
            *slot += 1;
        }
        t
    }
    /// Every expectation met.
    pub fn all_met(&self) -> bool {
        self.false_alarms + self.missed_races + self.unknown + self.errors == 0
    }
}

const EXTENSIONS: [&str; 3] = ["cu", "proto", "bcu"];

/// Every kernel file under the paths (files are taken as given), sorted.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_file() {
            out.push(p.clone());
        } else if p.is_dir() {
            let mut seen = std::collections::HashSet::new();
            walk(p, &mut out, &mut seen).map_err(|e| format!("{}: {e}", p.display()))?;
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Every kernel file under `dir`.  A directory reached twice (a symbolic
/// link to an ancestor, two links to one directory) is walked once: `seen`
/// holds the canonical paths of the directories walked.
fn walk(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    seen: &mut std::collections::HashSet<PathBuf>,
) -> std::io::Result<()> {
    if !seen.insert(std::fs::canonicalize(dir)?) {
        return Ok(());
    }
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out, seen)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// The expectation of a file: `//pass`, `//xfail:…`, `// expect: drf|racy|error`.
pub fn expectation(source: &str) -> Expected {
    let wants_error = source
        .lines()
        .take_while(|l| l.trim().is_empty() || l.trim().starts_with("//"))
        .any(|l| l.trim().trim_start_matches('/').trim().replace(' ', "") == "expect:error");
    if wants_error {
        return Expected::Error;
    }
    match parse_header(source).expect {
        Some(Expect::Drf) => Expected::Drf,
        Some(Expect::Racy) => Expected::Racy,
        None => Expected::None,
    }
}

/// Checks one file with the flags of its header.
pub fn run_file(path: &Path, timeout_ms: u64) -> FileResult {
    let start = Instant::now();
    let cli = Flags {
        timeout_ms: Some(timeout_ms),
        ..Flags::default()
    };
    let report = check_file(path, &cli);
    let expected = expectation(report.source.as_deref().unwrap_or_default());
    let (got, classification, detail) = summarize(&report);
    FileResult {
        file: path.to_path_buf(),
        expected,
        got,
        outcome: outcome(expected, got),
        millis: start.elapsed().as_secs_f64() * 1000.0,
        classification,
        detail,
        ignored_flags: report.ignored_flags,
    }
}

/// The file's answer: an error if it could not be checked, else its worst
/// verdict (racy beats divergence beats invalid beats unknown beats DRF).
fn summarize(report: &FileReport) -> (Got, Option<String>, String) {
    if let Some(e) = report.errors().next() {
        return (Got::Error, None, one_line(&e.to_string()));
    }
    let Some((k, a)) = report.worst() else {
        return (Got::Drf, None, String::new());
    };
    let kernel = &k.kernel;
    match a.verdict() {
        Verdict::Racy(w) => (
            Got::Racy,
            suite_class(a),
            format!(
                "{kernel}: race on `{}`",
                crate::pipeline::array_name(&w.array)
            ),
        ),
        Verdict::Divergence { span, message } => (
            Got::Divergence,
            None,
            format!("{kernel}: {span}: {message}"),
        ),
        Verdict::Invalid { span, message } => {
            (Got::Error, None, format!("{kernel}: {span}: {message}"))
        }
        Verdict::Unknown { reason, span } => {
            let at = span.map(|s| format!(" at {s}")).unwrap_or_default();
            (Got::Unknown, None, format!("{kernel}: {reason}{at}"))
        }
        Verdict::Drf { .. } => (Got::Drf, None, String::new()),
    }
}

/// A multi-line error (a compiler's diagnostics under a headline) on one
/// line of at most 500 characters: `the file does not compile: k.cu:1:47:
/// error: expected ';' …`.
fn one_line(s: &str) -> String {
    let joined = s
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    match joined.char_indices().nth(500) {
        Some((k, _)) => format!("{} …", &joined[..k]),
        None => joined,
    }
}

/// The class of a race, with how triage settled it (`.bcu`).
fn suite_class(a: &CheckedArray) -> Option<String> {
    let resolution = match a.triage.as_ref().map(|t| &t.resolution) {
        Some(Resolution::Confirmed(_)) => " (confirmed)",
        Some(Resolution::Replayed(_)) => " (replayed)",
        _ => "",
    };
    Some(format!("{}{resolution}", a.classification.as_deref()?))
}

pub fn outcome(expected: Expected, got: Got) -> Outcome {
    match (expected, got) {
        (Expected::None, _) => Outcome::NoExpectation,
        (Expected::Error, Got::Error) => Outcome::CorrectError,
        (_, Got::Error) | (Expected::Error, _) => Outcome::Error,
        (_, Got::Unknown) => Outcome::Unknown,
        (Expected::Drf, Got::Drf) => Outcome::CorrectDrf,
        (Expected::Drf, _) => Outcome::FalseAlarm,
        (Expected::Racy, Got::Drf) => Outcome::MissedRace,
        (Expected::Racy, _) => Outcome::CorrectRacy,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `docs/errors.md`: a symbolic link to an ancestor is not followed forever.
    #[cfg(unix)]
    #[test]
    fn symbolic_link_loops_are_walked_once() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("a");
        std::fs::create_dir(&sub).unwrap();
        std::fs::write(sub.join("k.proto"), "wr[tid]\n").unwrap();
        std::os::unix::fs::symlink(dir.path(), sub.join("loop")).unwrap();
        let files = collect_files(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(files.len(), 1, "{files:?}");
    }

    #[test]
    fn expectations_and_outcomes() {
        assert_eq!(expectation("//pass\n"), Expected::Drf);
        assert_eq!(expectation("//xfail:NOT_ALL_VERIFIED\n"), Expected::Racy);
        assert_eq!(expectation("// expect: error\nint x;"), Expected::Error);
        assert_eq!(expectation("int x;\n// expect: error\n"), Expected::None);
        assert_eq!(outcome(Expected::Drf, Got::Racy), Outcome::FalseAlarm);
        assert_eq!(outcome(Expected::Racy, Got::Drf), Outcome::MissedRace);
        assert_eq!(
            outcome(Expected::Racy, Got::Divergence),
            Outcome::CorrectRacy
        );
        assert_eq!(outcome(Expected::Drf, Got::Unknown), Outcome::Unknown);
        assert!(!Outcome::Unknown.met());
    }
}
