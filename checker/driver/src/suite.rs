//! `mapcheck suite`: every kernel file under some directories, checked by
//! the pipeline ([`crate::pipeline`]) with the flags of its header and
//! compared with its expectation (`docs/headers.md`).  Pure
//! functions over files; the table, JSON and CSV are `mapcheck_report::suite`,
//! the progress bar and parallelism `mapcheck suite` (`cli/src/commands/suite.rs`).

use crate::pipeline::{check_file, CheckedArray, FileReport};
pub use mapcheck_core::results::suite::{
    outcome, run_outcome, Expected, FileResult, Got, Outcome, Totals,
};
use mapcheck_core::triage::Resolution;
use mapcheck_core::verdict::Verdict;
use mapcheck_frontend::options::Flags;
use semantics::surface::{parse::parse_header, Expect};
use std::path::{Path, PathBuf};
use std::time::Instant;

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

/// The expectation of a file: `//pass`, `//xfail:…`, `// expect:
/// drf|racy|error|known-alarm|known-unknown`.
pub fn expectation(source: &str) -> Expected {
    let says = |what: &str| {
        source
            .lines()
            .take_while(|l| l.trim().is_empty() || l.trim().starts_with("//"))
            .any(|l| l.trim().trim_start_matches('/').trim().replace(' ', "") == what)
    };
    if says("expect:error") {
        return Expected::Error;
    }
    if says("expect:known-alarm") {
        return Expected::KnownAlarm;
    }
    if says("expect:known-unknown") {
        return Expected::KnownUnknown;
    }
    match parse_header(source).expect {
        Some(Expect::Drf) => Expected::Drf,
        Some(Expect::Racy) => Expected::Racy,
        None => Expected::None,
    }
}

/// Checks one file with the flags of its header.
pub fn run_file(path: &Path, timeout_ms: u64) -> FileResult {
    run_file_report(path, timeout_ms).0
}

/// Checks one file with the flags of its header: its row, and the report
/// it summarizes (for the formats that show every verdict, SARIF).
pub fn run_file_report(path: &Path, timeout_ms: u64) -> (FileResult, FileReport) {
    let start = Instant::now();
    let cli = Flags {
        timeout_ms: Some(timeout_ms),
        ..Flags::default()
    };
    let report = check_file(path, &cli);
    let expected = expectation(report.source.as_deref().unwrap_or_default());
    let (got, classification, detail) = summarize(&report);
    let row = FileResult {
        file: path.to_path_buf(),
        expected,
        got,
        outcome: outcome(expected, got),
        millis: start.elapsed().as_secs_f64() * 1000.0,
        classification,
        detail,
        ignored_flags: report.ignored_flags.clone(),
    };
    (row, report)
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
        Verdict::Racy(_) => (
            Got::Racy,
            suite_class(a),
            format!(
                "{kernel}: race on `{}`",
                crate::pipeline::array_name(&a.check.array)
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
