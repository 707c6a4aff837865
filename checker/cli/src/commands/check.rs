//! `mapcheck check PATH...`: a verdict per kernel and array
//! (`docs/command-line.md`), or one pipeline stage with `--show`.  Both run the
//! driver's pipeline (`mapcheck_driver::pipeline`) on the translation units
//! of the paths (`mapcheck_driver::project`); this module only picks the
//! output format.

use super::{exit, CheckArgs, Format, PFlags, Stage};
use indicatif::{ProgressBar, ProgressStyle};
use mapcheck_core::results::RunOutcome;
use mapcheck_driver::config::{self, Config};
use mapcheck_driver::project::{self, Role};
use mapcheck_driver::show::Show;
use mapcheck_driver::{show_file, FileReport};
use mapcheck_frontend::Diagnostic;
use mapcheck_report::diagnostic::{render, Style};
use mapcheck_report::{csv, json, sarif, text};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// Runs `mapcheck check`; returns the exit status.
pub fn main(args: &CheckArgs) -> i32 {
    let database = match usage(args) {
        Ok(d) => d,
        Err(e) => {
            eprint!("{}", render(&Diagnostic::error(e), None, Style::Short));
            return exit::BAD_INPUT;
        }
    };
    let config = match project_config(args) {
        Ok(c) => c,
        Err(e) => {
            eprint!("{}", render(&Diagnostic::error(e), None, Style::Short));
            return exit::BAD_INPUT;
        }
    };
    if let Some(stage) = args.show {
        return show(args, stage, database.as_deref());
    }
    let mut cli = args.flags();
    if let Some(c) = &config {
        cli.includes.extend(c.includes.iter().cloned());
        cli.defines.extend(c.defines.iter().cloned());
    }
    let mut project = project::units(&args.files, database.as_deref());
    if let Some((k, n)) = args.shard {
        // Every n-th unit from the k-th; the paths' problems in shard 1
        // only, so that merged shards report each once.
        let units = std::mem::take(&mut project.units);
        project.units = units.into_iter().skip(k - 1).step_by(n).collect();
        if k > 1 {
            project.problems.clear();
        }
    }
    let mut files = Vec::new();
    for report in project.problems {
        eprint_diagnostics(&report);
        files.push(report);
    }
    let bar = progress(project.units.len());
    for unit in &project.units {
        bar.set_message(unit.file.display().to_string());
        let mut report = config::check_unit(unit, &cli, config.as_ref());
        config::suppress(&mut report, config.as_ref());
        bar.suspend(|| {
            eprint_diagnostics(&report);
            if args.format == Format::Text {
                print!("{}", text::text(&report));
            }
        });
        bar.inc(1);
        files.push(report);
    }
    bar.finish_and_clear();
    // Several files, or a directory: one line says what the run found.
    let several = files.len() > 1 || args.files.iter().any(|p| p.is_dir());
    if args.format == Format::Text && several {
        print!("{}", text::summary(&files));
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
    exit::of(RunOutcome::of(&files))
}

/// The usage errors clap cannot see, and the database directory of `-p`:
/// a `-p` that is neither a directory nor `NAME=VALUE` once; a path that
/// does not exist and is the number after an optional flag written
/// without `=` (`--warp-sync 32`, where `32` is read as a path: the value
/// of an optional flag is given only with `=`).
fn usage(args: &CheckArgs) -> Result<Option<PathBuf>, String> {
    let p = PFlags::of(&args.p)?;
    let raw: Vec<String> = std::env::args().collect();
    for path in &args.files {
        let text = path.display().to_string();
        if path.exists() || text.parse::<u64>().is_err() {
            continue;
        }
        let after = raw.windows(2).find(|w| w[1] == text).map(|w| w[0].as_str());
        if let Some(flag) = after.filter(|f| OPTIONAL_VALUE_FLAGS.contains(f)) {
            return Err(format!(
                "`{flag} {text}`: the value of {flag} is given with `=` ({flag}={text}); \
                 `{text}` was read as a file, and there is none"
            ));
        }
    }
    Ok(p.database)
}

/// The project's `mapcheck.toml`, found from the first path upward
/// (`docs/ci.md`, "Configuration"); a note on standard error says which.
fn project_config(args: &CheckArgs) -> Result<Option<Config>, String> {
    let Some(path) = args.files.first().and_then(|p| config::find(p)) else {
        return Ok(None);
    };
    let c = config::load(&path)?;
    eprintln!("note: using {}", path.display());
    Ok(Some(c))
}

/// The flags whose value is optional, so given only as `--flag=value`.
const OPTIONAL_VALUE_FLAGS: [&str; 1] = ["--warp-sync"];

/// A progress bar on standard error for a run of several files, only
/// when standard error is a terminal.
fn progress(units: usize) -> ProgressBar {
    if units < 2 || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(units as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed} {wide_msg}") {
        bar.set_style(style);
    }
    bar
}

/// `--show STAGE`: the pipeline's stages printed instead of checked; exit
/// status 2 if a file could not be loaded, else 0.
fn show(args: &CheckArgs, stage: Stage, database: Option<&Path>) -> i32 {
    let cli = args.flags();
    let mut observer = Show::new(stage);
    let project = project::units(&args.files, database);
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
