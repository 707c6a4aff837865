//! The outputs of `mapcheck suite`: a table with totals, JSON and CSV of
//! the `mapcheck_core::results::suite` results (filled in by `mapcheck_driver::suite`).

use crate::csv::write_csv;
use mapcheck_core::results::suite::{Expected, FileResult, Got, Totals};
use serde::Serialize;
use std::fmt::Write as _;

/// `{"files": [...], "totals": {...}}`, pretty-printed.
pub fn suite_json(results: &[FileResult], totals: &Totals) -> String {
    #[derive(Serialize)]
    struct Document<'a> {
        files: &'a [FileResult],
        totals: &'a Totals,
    }
    serde_json::to_string_pretty(&Document {
        files: results,
        totals,
    })
    .unwrap_or_default()
}

/// `file,expected,got,outcome,ms,classification,detail`.
pub fn suite_csv(results: &[FileResult]) -> String {
    let header = [
        "file",
        "expected",
        "got",
        "outcome",
        "ms",
        "classification",
        "detail",
    ];
    let rows = results.iter().map(|r| {
        vec![
            r.file.display().to_string(),
            name(&r.expected),
            name(&r.got),
            name(&r.outcome),
            format!("{:.1}", r.millis),
            r.classification.clone().unwrap_or_default(),
            r.detail.clone(),
        ]
    });
    write_csv(&header, rows)
}

/// The serde name of a unit enum value (`"correct-drf"`).
fn name<T: Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

/// The table: one line per file (with why, when its expectation is
/// missed), then the totals.
pub fn suite_table(results: &[FileResult], totals: &Totals) -> String {
    let width = results
        .iter()
        .map(|r| r.file.display().to_string().len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:width$}  {:8} {:10} {:>8}  {:14} outcome",
        "file", "expected", "got", "ms", "class"
    );
    for r in results {
        // A file without expectation that is not DRF says why, as a
        // missed expectation does: it decides the exit status too.
        let quiet = r.outcome.met() && (r.expected != Expected::None || r.got == Got::Drf);
        let (mark, detail) = if quiet {
            ("", "")
        } else {
            ("  <-- ", r.detail.as_str())
        };
        let _ = writeln!(
            out,
            "{:width$}  {:8} {:10} {:>8.1}  {:14} {}{mark}{detail}",
            r.file.display(),
            name(&r.expected),
            name(&r.got),
            r.millis,
            r.classification.as_deref().unwrap_or("-"),
            name(&r.outcome),
        );
        if !r.ignored_flags.is_empty() {
            let flags = r.ignored_flags.join(" ");
            let _ = writeln!(out, "{:width$}  (ignored GPUVerify flags: {flags})", "");
        }
    }
    let t = totals;
    let _ = writeln!(
        out,
        "\n{} files: {} correct DRF, {} correct racy, {} correct errors, {} known alarms, {} false alarms, {} missed races, {} unknown/unsupported, {} errors, {} without expectation{}",
        t.files,
        t.correct_drf,
        t.correct_racy,
        t.correct_error,
        t.known_alarms,
        t.false_alarms,
        t.missed_races,
        t.unknown,
        t.errors,
        t.no_expectation,
        without_expectation(t),
    );
    out
}

/// ` (2 racy, 1 unknown, 1 error)`: what the files without expectation
/// got, when any is not DRF (they decide the exit status as for `check`).
fn without_expectation(t: &Totals) -> String {
    let parts: Vec<String> = [
        (t.no_expectation_racy, "racy"),
        (t.no_expectation_unknown, "unknown"),
        (t.no_expectation_errors, "unreadable"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    }
}
