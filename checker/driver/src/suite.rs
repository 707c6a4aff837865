//! `mapcheck suite`: every kernel file under some directories, checked with
//! the flags of its header and compared with its expectation (README.md,
//! "Expectation headers").  Pure functions over files; the command line
//! (table, progress bar, parallelism) is in `cli/suite.rs`.

use mapcheck_core::kernel::Kernel;
use mapcheck_core::triage::{check_with_triage, Resolution, Triage};
use mapcheck_core::verdict::{CheckOptions, KernelReport, Verdict};
use mapcheck_frontend::options::{parse_flags, FileFlags};
use mapcheck_frontend::{load, LoadOptions};
use semantics::surface::{parse::parse_header, Expect};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What a file expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

#[derive(Clone, Debug, Serialize)]
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
            walk(p, &mut out).map_err(|e| format!("{}: {e}", p.display()))?;
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
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
    let source = std::fs::read_to_string(path).unwrap_or_default();
    let expected = expectation(&source);
    let flags = parse_flags(&parse_header(&source).flags);
    let (got, classification, detail) = match flags.errors.first() {
        Some(e) => (Got::Error, None, format!("bad header flag: {e}")),
        None => check_file(path, &flags, timeout_ms),
    };
    FileResult {
        file: path.to_path_buf(),
        expected,
        got,
        outcome: outcome(expected, got),
        millis: start.elapsed().as_secs_f64() * 1000.0,
        classification,
        detail,
        ignored_flags: flags.ignored,
    }
}

fn check_options(flags: &FileFlags, timeout_ms: u64) -> CheckOptions {
    let mut opts = CheckOptions {
        threads: flags.threads,
        timeout_ms,
        ..CheckOptions::default()
    };
    opts.params.extend(flags.params.iter().cloned());
    for (name, dims) in [("blockDim", &flags.block_dim), ("gridDim", &flags.grid_dim)] {
        if let Some(d) = dims {
            for (i, axis) in ["x", "y", "z"].iter().enumerate() {
                opts.params
                    .insert(format!("{name}.{axis}"), d.get(i).copied().unwrap_or(1));
            }
        }
    }
    opts
}

fn check_file(path: &Path, flags: &FileFlags, timeout_ms: u64) -> (Got, Option<String>, String) {
    let dir = path.parent().unwrap_or(Path::new("."));
    let load_opts = LoadOptions {
        defines: Vec::new(),
        includes: flags.includes.iter().map(|i| dir.join(i)).collect(),
        kernel: flags.kernel.clone(),
        grid_level: flags.grid_level,
        block_level: flags.block_level,
        all_dims: flags.all_dims,
    };
    let kernels = match load(path, &load_opts) {
        Ok(k) => k,
        Err(e) => return (Got::Error, None, first_line(&e.to_string())),
    };
    let opts = check_options(flags, timeout_ms);
    let mut reports = Vec::new();
    for k in &kernels {
        match check_with_triage(k, &opts) {
            Ok((report, triage)) => reports.push((report, k, triage)),
            // A provable race that does not replay is a bug: fail loudly.
            Err(bug) => return (Got::Error, None, bug.to_string()),
        }
    }
    summarize(&reports)
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or_default().to_string()
}

/// The file's verdict: racy beats divergence beats invalid beats unknown beats DRF.
fn summarize(reports: &[(KernelReport, &Kernel, Vec<Triage>)]) -> (Got, Option<String>, String) {
    let mut best: (u8, Got, Option<String>, String) = (0, Got::Drf, None, String::new());
    for (r, k, triage) in reports {
        for a in &r.arrays {
            let here = |rank, got, class, detail| (rank, got, class, detail);
            let c = match &a.verdict {
                Verdict::Racy(w) => here(
                    4,
                    Got::Racy,
                    Some(triage_class(triage, &a.array).unwrap_or_else(|| classify(k))),
                    format!("{}: race on `{}`", r.kernel, w.array),
                ),
                Verdict::Divergence { span, message } => here(
                    3,
                    Got::Divergence,
                    None,
                    format!("{}: {span}: {message}", r.kernel),
                ),
                Verdict::Invalid { span, message } => here(
                    2,
                    Got::Error,
                    None,
                    format!("{}: {span}: {message}", r.kernel),
                ),
                Verdict::Unknown { reason, span } => {
                    let at = span.map(|s| format!(" at {s}")).unwrap_or_default();
                    here(1, Got::Unknown, None, format!("{}: {reason}{at}", r.kernel))
                }
                Verdict::Drf { .. } => continue,
            };
            if c.0 > best.0 {
                best = c;
            }
        }
    }
    (best.1, best.2, best.3)
}

/// The triage class of an array's alarm, when triage ran (`.bcu`).
fn triage_class(triage: &[Triage], array: &str) -> Option<String> {
    let t = triage.iter().find(|t| t.array == array)?;
    let resolution = match &t.resolution {
        Resolution::Confirmed(_) => " (confirmed)",
        Resolution::Replayed(_) => " (replayed)",
        _ => "",
    };
    Some(format!("{}{resolution}", t.class))
}

/// Triage class of an alarm from how the kernel's protocol was obtained.
pub fn classify(k: &Kernel) -> String {
    k.alarm_class().to_string()
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
