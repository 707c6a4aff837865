//! `mapcheck check PATH...`: a verdict per kernel and array
//! (`docs/command-line.md`), or one pipeline stage with `--show`.  Both run the
//! driver's pipeline (`mapcheck_driver::pipeline`) on the translation units
//! of the paths (`mapcheck_driver::project`); this module only picks the
//! output format.

use super::{exit, CheckArgs, Format, Stage};
use mapcheck_driver::project::{self, Role};
use mapcheck_driver::show::Show;
use mapcheck_driver::{show_file, worst_outcome, FileReport};
use mapcheck_report::diagnostic::{render, Style};
use mapcheck_report::{csv, json, sarif, text};

/// Runs `mapcheck check`; returns the exit status.
pub fn main(args: &CheckArgs) -> i32 {
    if let Some(stage) = args.show {
        return show(args, stage);
    }
    let cli = args.flags();
    let project = project::units(&args.files);
    let mut files = Vec::new();
    for report in project.problems {
        eprint_diagnostics(&report);
        files.push(report);
    }
    for unit in &project.units {
        let report = project::check_unit(unit, &cli);
        eprint_diagnostics(&report);
        if args.format == Format::Text {
            print!("{}", text::text(&report));
        }
        files.push(report);
    }
    match args.format {
        Format::Json => println!("{}", json::json(&files)),
        Format::Sarif => {
            let cwd = std::env::current_dir().unwrap_or_default();
            println!("{}", sarif::sarif(&files, &cwd));
        }
        Format::Csv => print!("{}", csv::check_csv(&files)),
        Format::Text => {}
    }
    exit::of(worst_outcome(&files))
}

/// `--show STAGE`: the pipeline's stages printed instead of checked; exit
/// status 2 if a file could not be loaded, else 0.
fn show(args: &CheckArgs, stage: Stage) -> i32 {
    let cli = args.flags();
    let mut observer = Show::new(stage);
    let project = project::units(&args.files);
    let mut failed = false;
    for report in &project.problems {
        eprint_diagnostics(report);
        failed |= report.errors().next().is_some();
    }
    for unit in &project.units {
        if matches!(unit.role, Role::Fragment { .. }) {
            continue;
        }
        let report = show_file(&unit.file, &cli, &mut observer);
        print!("{}", observer.take());
        eprint_diagnostics(&report);
        failed |= report.errors().next().is_some();
    }
    if failed {
        exit::BAD_INPUT
    } else {
        exit::OK
    }
}

/// The file's diagnostics on standard error: errors with their source
/// line underlined, notes on one line.
fn eprint_diagnostics(report: &FileReport) {
    for d in &report.diagnostics {
        let style = if d.is_error() {
            Style::Rich
        } else {
            Style::Short
        };
        eprint!("{}", render(d, report.source.as_deref(), style));
    }
}
