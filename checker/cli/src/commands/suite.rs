//! `mapcheck suite DIR...`: the summary table of `mapcheck_driver::suite` results.

use super::{exit, Format, SuiteArgs};
use indicatif::{ProgressBar, ProgressStyle};
use mapcheck_driver::suite::{collect_files, run_file, FileResult, Totals};
use rayon::prelude::*;
use std::io::IsTerminal;

/// Runs the suite; returns the exit status (1 if an expectation is missed).
pub fn main(args: &SuiteArgs) -> i32 {
    let files = match collect_files(&args.dirs) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("mapcheck suite: {e}");
            return exit::BAD_INPUT;
        }
    };
    let bar = progress(files.len() as u64, args.format);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.max(1))
        .build();
    let run = || -> Vec<FileResult> {
        files
            .par_iter()
            .map(|f| {
                let r = run_file(f, args.timeout);
                bar.inc(1);
                r
            })
            .collect()
    };
    let results = match pool {
        Ok(p) => p.install(run),
        Err(_) => run(),
    };
    bar.finish_and_clear();
    let totals = Totals::of(&results);
    match args.format {
        Format::Json => print_json(&results, &totals),
        Format::Csv => print_csv(&results),
        _ => print_table(&results, &totals),
    }
    if totals.all_met() {
        exit::OK
    } else {
        exit::RACE
    }
}

fn progress(n: u64, format: Format) -> ProgressBar {
    if format != Format::Text || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(n);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed}") {
        bar.set_style(style);
    }
    bar
}

fn print_json(results: &[FileResult], totals: &Totals) {
    let doc = serde_json::json!({ "files": results, "totals": totals });
    println!("{}", serde_json::to_string_pretty(&doc).unwrap_or_default());
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn print_csv(results: &[FileResult]) {
    println!("file,expected,got,outcome,ms,classification,detail");
    for r in results {
        println!(
            "{},{},{},{},{:.1},{},{}",
            csv_field(&r.file.display().to_string()),
            name(&r.expected),
            name(&r.got),
            name(&r.outcome),
            r.millis,
            r.classification.as_deref().unwrap_or(""),
            csv_field(&r.detail)
        );
    }
}

/// The serde name of a unit enum value (`"correct-drf"`).
fn name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

fn print_table(results: &[FileResult], totals: &Totals) {
    let width = results
        .iter()
        .map(|r| r.file.display().to_string().len())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:width$}  {:8} {:10} {:>8}  {:14} outcome",
        "file", "expected", "got", "ms", "class"
    );
    for r in results {
        let mark = if r.outcome.met() { "" } else { "  <-- " };
        println!(
            "{:width$}  {:8} {:10} {:>8.1}  {:14} {}{}{}",
            r.file.display(),
            name(&r.expected),
            name(&r.got),
            r.millis,
            r.classification.as_deref().unwrap_or("-"),
            name(&r.outcome),
            mark,
            if r.outcome.met() {
                ""
            } else {
                r.detail.as_str()
            }
        );
        if !r.ignored_flags.is_empty() {
            println!(
                "{:width$}  (ignored GPUVerify flags: {})",
                "",
                r.ignored_flags.join(" ")
            );
        }
    }
    println!(
        "\n{} files: {} correct DRF, {} correct racy, {} correct errors, {} false alarms, {} missed races, {} unknown/unsupported, {} errors, {} without expectation",
        totals.files,
        totals.correct_drf,
        totals.correct_racy,
        totals.correct_error,
        totals.false_alarms,
        totals.missed_races,
        totals.unknown,
        totals.errors,
        totals.no_expectation
    );
}
