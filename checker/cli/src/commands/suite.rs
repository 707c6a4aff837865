//! `mapcheck suite DIR...`: runs `mapcheck_driver::suite` over the files,
//! in parallel, with a progress bar on a terminal, and prints the
//! `mapcheck_report::suite` table, JSON or CSV, or SARIF
//! (`mapcheck_report::sarif::suite_sarif`).
//!
//! Files are checked in child processes (this executable, `mapcheck
//! suite-file FILE...`, which prints each file's `FileResult` as a line of
//! JSON), a batch of files per child, under an address-space limit
//! (`--file-memory`) and a wall-clock limit per file (`--file-timeout`): a
//! file that crashes its child, runs out of memory or time is one row of the
//! table with its reason, and a new child goes on with the rest of the batch
//! (`ARCHITECTURE.md`, "Limits").

use super::{exit, Format, SuiteArgs, SuiteFileArgs};
use indicatif::{ProgressBar, ProgressStyle};
use mapcheck_driver::suite::{
    collect_files, expectation, outcome, run_file_report, run_outcome, FileResult, Got, Totals,
};
use mapcheck_frontend::Diagnostic;
use mapcheck_report::diagnostic::{render, Style};
use mapcheck_report::sarif::{failure_part, file_part, suite_sarif};
use mapcheck_report::suite::{suite_csv, suite_json, suite_table};
use rayon::prelude::*;
use serde_json::Value;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// At most this many files in parallel per core: each child is one
/// process with its own solver, and more only adds memory.
const JOBS_PER_CORE: usize = 4;

/// Runs the suite; returns the exit status (`docs/errors.md`).
pub fn main(args: &SuiteArgs) -> i32 {
    let jobs = match jobs(args.jobs.unwrap_or_else(cores)) {
        Ok(j) => j,
        Err(e) => {
            eprint!("{}", render(&Diagnostic::error(e), None, Style::Short));
            return exit::BAD_INPUT;
        }
    };
    let files = match collect_files(&args.dirs) {
        Ok(f) => f,
        Err(e) => {
            eprint!("{}", render(&Diagnostic::error(e), None, Style::Short));
            return exit::BAD_INPUT;
        }
    };
    let bar = progress(files.len() as u64, args.format);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(crate::STACK_BYTES)
        .build();
    let run = || -> Vec<Row> {
        let batches: Vec<Vec<Row>> = files
            .par_chunks(BATCH)
            .map(|batch| run_batch(batch, args, &bar))
            .collect();
        batches.into_iter().flatten().collect()
    };
    let results = match pool {
        Ok(p) => p.install(run),
        Err(_) => run(),
    };
    bar.finish_and_clear();
    let (results, parts): (Vec<FileResult>, Vec<Option<Value>>) =
        results.into_iter().map(|r| (r.result, r.sarif)).unzip();
    let totals = Totals::of(&results);
    match args.format {
        Format::Json => println!("{}", suite_json(&results, &totals)),
        Format::Csv => print!("{}", suite_csv(&results)),
        Format::Sarif => println!("{}", sarif_document(&results, parts)),
        Format::Text => print!("{}", suite_table(&results, &totals)),
    }
    exit::of(run_outcome(&results))
}

/// A file's row, and for `--format sarif` its share of the document
/// (`mapcheck_report::sarif::file_part`), made by the child that checked it.
struct Row {
    result: FileResult,
    sarif: Option<Value>,
}

impl Row {
    /// A line of a child's output: a `FileResult` with its share of the
    /// SARIF document under `"sarif"`, if asked for.
    fn parse(line: &str) -> Option<Row> {
        let mut value: Value = serde_json::from_str(line.trim()).ok()?;
        let sarif = value.as_object_mut().and_then(|o| o.remove("sarif"));
        let result = serde_json::from_value(value).ok()?;
        Some(Row { result, sarif })
    }
}

/// The suite's SARIF document: each file's share, or for a file whose
/// child failed, what `failure_part` makes of its row.
fn sarif_document(results: &[FileResult], parts: Vec<Option<Value>>) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    let parts: Vec<Value> = results
        .iter()
        .zip(parts)
        .map(|(r, part)| {
            part.unwrap_or_else(|| failure_part(&r.file, r.got == Got::Error, &r.detail, &cwd))
        })
        .collect();
    suite_sarif(&parts, &cwd)
}

/// The number of cores (the default of `--jobs`).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `--jobs N`: at least 1; more than [`JOBS_PER_CORE`] per core is capped
/// (with a note).
fn jobs(requested: usize) -> Result<usize, String> {
    if requested == 0 {
        return Err("--jobs 0: at least one file must be checked at a time (--jobs 1)".into());
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max = JOBS_PER_CORE * cores;
    if requested > max {
        eprintln!(
            "note: --jobs {requested} capped to {max} ({JOBS_PER_CORE} per core, {cores} cores)"
        );
    }
    Ok(requested.min(max))
}

/// `mapcheck suite-file FILE...`: the child's side; prints each file's
/// result as one line of JSON as soon as it has it.
pub fn file_main(args: &SuiteFileArgs) -> i32 {
    let mut stdout = std::io::stdout().lock();
    let cwd = std::env::current_dir().unwrap_or_default();
    for file in &args.files {
        let (r, report) = run_file_report(file, args.timeout);
        let line = serde_json::to_value(&r).map(|mut v| {
            if let (true, Some(o)) = (args.sarif, v.as_object_mut()) {
                o.insert("sarif".into(), file_part(&report, &cwd));
            }
            v.to_string()
        });
        match line {
            Ok(s) => {
                if writeln!(stdout, "{s}")
                    .and_then(|()| stdout.flush())
                    .is_err()
                {
                    return exit::BAD_INPUT;
                }
            }
            Err(e) => {
                eprintln!("{}: cannot encode the result: {e}", file.display());
                return exit::BAD_INPUT;
            }
        }
    }
    exit::OK
}

/// Files per child process: a process start (loading the solver, libclang
/// and mapcheck's CUDA headers) costs about as much as checking a small
/// file, so each child checks a batch, and a crash or a limit only restarts
/// the rest of its batch.
const BATCH: usize = 16;

/// The row of a file whose child failed (crash, time or memory limit).
fn failed_row(file: &Path, got: Got, detail: String, millis: f64) -> Row {
    let source = std::fs::read(file).unwrap_or_default();
    let expected = expectation(&String::from_utf8_lossy(&source));
    let result = FileResult {
        file: file.to_path_buf(),
        expected,
        got,
        outcome: outcome(expected, got),
        millis,
        classification: None,
        detail,
        ignored_flags: Vec::new(),
    };
    Row {
        result,
        sarif: None,
    }
}

/// Checks `files` in child processes under the suite's limits, in order:
/// one child for the whole batch, restarted after the file it failed on.
fn run_batch(files: &[PathBuf], args: &SuiteArgs, bar: &ProgressBar) -> Vec<Row> {
    let mut out = Vec::with_capacity(files.len());
    let mut rest = files;
    while !rest.is_empty() {
        let done = run_child(rest, args, &mut out, bar);
        rest = &rest[done..];
    }
    out
}

/// One child on `files`: pushes a row per file it answered, plus a row for
/// the file it failed on, if any; returns how many files have a row.
fn run_child(files: &[PathBuf], args: &SuiteArgs, out: &mut Vec<Row>, bar: &ProgressBar) -> usize {
    let mut started = Instant::now();
    let fail = |out: &mut Vec<Row>, k: usize, got: Got, detail: String, started: Instant| {
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        out.push(failed_row(&files[k], got, detail, millis));
        bar.inc(1);
        k + 1
    };
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            let why = format!("cannot find mapcheck's executable: {e}");
            return fail(out, 0, Got::Error, why, started);
        }
    };
    let mut cmd = Command::new(exe);
    cmd.arg("suite-file")
        .args(files)
        .arg("--timeout")
        .arg(args.timeout.to_string())
        .args((args.format == Format::Sarif).then_some("--sarif"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // The row quotes the panic message, not a backtrace; and printing
        // one under `--file-memory` can run out of memory inside std's
        // backtrace lock, which then deadlocks the child (it hung instead
        // of crashing with RUST_BACKTRACE=1 and a 40 MiB address space).
        .env("RUST_BACKTRACE", "0");
    limit_child(&mut cmd, args.file_memory);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            let why = format!("cannot start a child process: {e}");
            return fail(out, 0, Got::Error, why, started);
        }
    };
    let lines = read_lines(child.stdout.take());
    let err = drain(child.stderr.take());
    let limit = Duration::from_secs(args.file_timeout);
    let mut k = 0;
    while k < files.len() {
        let left = limit.saturating_sub(started.elapsed());
        match lines.recv_timeout(left) {
            Ok(line) => {
                let Some(r) = Row::parse(&line) else {
                    continue;
                };
                out.push(r);
                bar.inc(1);
                k += 1;
                started = Instant::now();
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                // Our own child, by its handle.
                let _ = child.kill();
                let _ = child.wait();
                let why = format!(
                    "time limit reached: not checked within --file-timeout {} s",
                    args.file_timeout
                );
                return fail(out, k, Got::Unknown, why, started);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().ok();
    let stderr = err.join().unwrap_or_default();
    if k == files.len() {
        return k;
    }
    let last = crash_reason(&stderr);
    let out_of_memory = stderr.contains("memory allocation of")
        || stderr.contains("out of memory")
        || stderr.contains("bad_alloc");
    if out_of_memory {
        let why = format!(
            "memory limit reached: more than --file-memory {} MiB ({last})",
            args.file_memory
        );
        return fail(out, k, Got::Unknown, why, started);
    }
    let how = match status.map(|s| (s.code(), signal_of(&s))) {
        Some((_, Some(sig))) => format!("signal {sig}"),
        Some((Some(code), _)) => format!("exit status {code}"),
        _ => "no exit status".into(),
    };
    let why = format!("internal error: mapcheck crashed on this file ({how}): {last}");
    fail(out, k, Got::Error, why, started)
}

/// The lines of a child's standard output, as they come.
fn read_lines<R: Read + Send + 'static>(pipe: Option<R>) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        if let Some(p) = pipe {
            for line in std::io::BufRead::lines(std::io::BufReader::new(p)) {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        }
    });
    rx
}

/// The line of a crashed child's standard error that says why: a panic's
/// message, a fatal runtime error, an allocation failure, else the last line
/// that is not part of a backtrace.
fn crash_reason(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if let Some(k) = lines.iter().position(|l| l.contains("panicked at")) {
        let message = lines.get(k + 1).copied().unwrap_or_default();
        return format!("{} {message}", lines[k]);
    }
    let telling = ["memory allocation of", "fatal runtime error", "error"];
    if let Some(l) = lines.iter().find(|l| telling.iter().any(|t| l.contains(t))) {
        return l.to_string();
    }
    let is_trace = |l: &&&str| {
        l.starts_with("note:")
            || l.starts_with("at ")
            || l.starts_with(|c: char| c.is_ascii_digit())
    };
    lines
        .iter()
        .rev()
        .find(|l| !is_trace(l))
        .map(|l| l.to_string())
        .unwrap_or_else(|| "no message".into())
}

/// Reads a child's pipe to its end on a thread (so that neither pipe fills).
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut bytes);
        }
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

#[cfg(unix)]
fn signal_of(status: &std::process::ExitStatus) -> Option<i32> {
    std::os::unix::process::ExitStatusExt::signal(status)
}

#[cfg(not(unix))]
fn signal_of(_: &std::process::ExitStatus) -> Option<i32> {
    None
}

/// The child's address space (its 512 MiB stack reservation included) is
/// limited to `mib` MiB, and it writes no core file.
#[cfg(unix)]
fn limit_child(cmd: &mut Command, mib: u64) {
    use std::os::unix::process::CommandExt;
    let bytes = mib.saturating_mul(1 << 20);
    // SAFETY: `setrlimit` is async-signal-safe; the closure allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            let r#as = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            libc::setrlimit(libc::RLIMIT_AS, &r#as);
            let core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            libc::setrlimit(libc::RLIMIT_CORE, &core);
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn limit_child(_: &mut Command, _: u64) {}

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
