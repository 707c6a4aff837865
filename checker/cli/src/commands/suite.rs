//! `mapcheck suite DIR...`: runs `mapcheck_driver::suite` over the files,
//! in parallel, with a progress bar on a terminal, and prints the
//! `mapcheck_report::suite` table, JSON or CSV.

use super::{exit, Format, SuiteArgs};
use indicatif::{ProgressBar, ProgressStyle};
use mapcheck_driver::suite::{collect_files, run_file, FileResult, Totals};
use mapcheck_frontend::Diagnostic;
use mapcheck_report::diagnostic::{render, Style};
use mapcheck_report::suite::{suite_csv, suite_json, suite_table};
use rayon::prelude::*;
use std::io::IsTerminal;

/// Runs the suite; returns the exit status (1 if an expectation is missed).
pub fn main(args: &SuiteArgs) -> i32 {
    let files = match collect_files(&args.dirs) {
        Ok(f) => f,
        Err(e) => {
            eprint!("{}", render(&Diagnostic::error(e), None, Style::Short));
            return exit::BAD_INPUT;
        }
    };
    let bar = progress(files.len() as u64, args.format);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or_else(cores).max(1))
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
        Format::Json => println!("{}", suite_json(&results, &totals)),
        Format::Csv => print!("{}", suite_csv(&results)),
        _ => print!("{}", suite_table(&results, &totals)),
    }
    if totals.all_met() {
        exit::OK
    } else {
        exit::RACE
    }
}

/// The number of cores (the default of `--jobs`).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
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
