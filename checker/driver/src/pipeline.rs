//! The pipeline for one file, used by `mapcheck check`, `mapcheck suite`
//! and `mapcheck check --show`: read → header merged with the command line
//! (`mapcheck_frontend::options::merge`) → front end → check
//! (`mapcheck_core::check`) → triage of the alarms.  [`check_file`] returns
//! a [`FileReport`]: the verdicts with the classification and triage of
//! every race, and the diagnostics about the file; [`show_file`] runs the
//! same stages for an observer instead of deciding verdicts.

use crate::suggest::Recheck;
use mapcheck_core::budget::FileBudget;
use mapcheck_core::c_terms::decode;
use mapcheck_core::check::{observe_kernel, par_map, Observer};
use mapcheck_core::kernel::{Kernel, Provenance};
use mapcheck_core::replay_proto::replays;
pub use mapcheck_core::results::{
    array_name, worst_outcome, CheckedArray, CheckedKernel, FileReport,
};
use mapcheck_core::smt::units_of_ms;
use mapcheck_core::triage::{check_with_triage, Resolution};
use mapcheck_core::verdict::{ArrayReport, CheckOptions, Verdict, Witness};
use mapcheck_frontend::options::Flags;
use mapcheck_frontend::{decode_source, load_bytes_with, read_source_bytes, Diagnostic, Loaded};
use semantics::babycuda::eval::Contents;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// Checks one file: every kernel, with the options of its header merged
/// with the command line's (`cli`), and triage of the alarms.
pub fn check_file(path: &Path, cli: &Flags) -> FileReport {
    run(path, cli, &[], None)
}

/// [`check_file`] with compiler flags of a compilation database besides
/// `-D` and `-I` (`-include FILE`, `-std=…`; `mapcheck_frontend::load_bytes_with`).
pub fn check_file_with(path: &Path, cli: &Flags, extra_args: &[String]) -> FileReport {
    run(path, cli, extra_args, None)
}

/// The stages of [`check_file`] shown to `observer`, without deciding
/// verdicts (`--show STAGE`): the report has diagnostics but no kernels.
pub fn show_file(path: &Path, cli: &Flags, observer: &mut dyn Observer) -> FileReport {
    run(path, cli, &[], Some(observer))
}

fn run(
    path: &Path,
    cli: &Flags,
    extra_args: &[String],
    observer: Option<&mut dyn Observer>,
) -> FileReport {
    let mut report = FileReport::new(path);
    // The file's wall-clock limit counts from here: loading it included.
    let started = Instant::now();
    // Any encoding: the text is UTF-8 or else Latin-1 (`decode_source`), so
    // no file, and no expectation in its header, is lost to a stray byte.
    let bytes = match read_source_bytes(path) {
        Ok(b) => b,
        Err(d) => {
            report.diagnostics.push(d);
            return report;
        }
    };
    report.source = Some(decode_source(&bytes));
    let assumed = match crate::assume::apply(path, bytes, cli, extra_args) {
        Ok(a) => a,
        Err(d) => {
            report.diagnostics.push(d);
            return report;
        }
    };
    report.diagnostics.extend(assumed.warnings);
    let text = decode_source(&assumed.bytes);
    let mut loaded = match load_bytes_with(path, &assumed.bytes, cli, extra_args) {
        Ok(l) => l,
        Err(d) => {
            report.diagnostics.push(d);
            return report;
        }
    };
    if let Some(d) = crate::assume::not_compiled(path, cli, &assumed.lines, &loaded.kernels) {
        report.diagnostics.push(d);
        return report;
    }
    report
        .diagnostics
        .extend(std::mem::take(&mut loaded.warnings));
    if loaded.kernels.is_empty() {
        // Host code (a CUDA file without kernels): nothing to check, and
        // nothing wrong (`docs/command-line.md`, "Projects").
        report.host_only = true;
        let note = "host code only: no `__global__` kernel in this file or the project headers it includes";
        report
            .diagnostics
            .push(Diagnostic::note(note).in_file(path));
    }
    for (flag, span) in std::mem::take(&mut loaded.ignored) {
        let note = format!("header flag `{flag}` only means something to GPUVerify; ignored");
        report
            .diagnostics
            .push(Diagnostic::note(note).in_file(path).at(span));
        report.ignored_flags.push(flag);
    }
    match observer {
        Some(o) => {
            for k in &loaded.kernels {
                observe_kernel(k, &loaded.options, o);
            }
        }
        None => check_kernels(
            &mut report,
            &loaded,
            File {
                path,
                text: &text,
                cli,
                extra_args,
                started,
            },
        ),
    }
    report
}

/// A file as loaded, for [`check_kernels`].
struct File<'a> {
    path: &'a Path,
    /// Its text as the front end read it (with `--assume` written in).
    text: &'a str,
    cli: &'a Flags,
    extra_args: &'a [String],
    /// When it began to load: its wall-clock limit counts from there.
    started: Instant,
}

/// Checks the kernels of a loaded file into `report`, and looks for the
/// suggestions of their races (`cli.suggest`).
fn check_kernels(report: &mut FileReport, loaded: &Loaded, f: File) {
    // Kernels are independent: checked in parallel (rayon), reported in
    // their order, each charging its solver work to the file's budget
    // (`mapcheck_ir::budget`).
    let budget = file_budget(&loaded.options, loaded.kernels.len(), f.started);
    let kernels: Vec<(usize, &Kernel)> = loaded.kernels.iter().enumerate().collect();
    let checked = par_map(kernels, |(i, k)| {
        let mut opts = loaded.options.clone();
        opts.meter = Some(budget.meter(i));
        let mut checked = check_kernel(k, &opts)?;
        // A kernel of an included header: its spans are the header's.
        checked.source = (k.file != f.path).then(|| k.source.clone());
        Ok(checked)
    });
    let over = budget.over();
    if std::env::var("MAPCHECK_TRACE").is_ok_and(|v| v != "0") {
        eprintln!(
            "mapcheck-trace: {}: {} resource units of solver work",
            f.path.display(),
            budget.total()
        );
    }
    let recheck = Recheck::new(f.path, f.text, f.cli, f.extra_args, budget.deadline());
    for ((c, k), over) in checked.into_iter().zip(&loaded.kernels).zip(over) {
        match c {
            Ok(mut checked) => {
                if over {
                    out_of_budget(&mut checked, k, &loaded.options, budget.wall_passed());
                } else if f.cli.suggest {
                    crate::suggest::kernel(&mut checked, k, &recheck);
                }
                let assumed = if k.file == f.path {
                    &f.cli.assume[..]
                } else {
                    &[]
                };
                checked.launch.extend(assumed.iter().map(|e| {
                    format!("{e} (--assume, written into the kernel as `__requires({e});`)")
                }));
                report.kernels.push(checked)
            }
            Err(d) => report.diagnostics.push(d),
        }
    }
}

/// The budget of solver work of a file of `kernels` kernels
/// (`--file-budget`, in the solver's units: `mapcheck_core::smt::units_of_ms`).
/// Its wall-clock limit counts from `started`, when the file began to load.
fn file_budget(opts: &CheckOptions, kernels: usize, started: Instant) -> Arc<FileBudget> {
    let seconds = opts.file_budget_s;
    let units = units_of_ms(seconds.saturating_mul(1_000));
    FileBudget::since(started, units, kernels, seconds)
}

/// A kernel the file's budget did not reach (`FileBudget::over`): every
/// array `unknown (time budget)`, at the kernel's first statement —
/// whatever its check found, so that which kernels are cut off does not
/// depend on how far each got (`mapcheck_ir::budget`).
fn out_of_budget(checked: &mut CheckedKernel, k: &Kernel, opts: &CheckOptions, wall: bool) {
    let span = k.program.body.first().map(|s| s.span);
    let why = if wall {
        format!(
            "time budget: the file's wall-clock limit (--file-budget {} s) passed before this kernel was checked",
            opts.file_budget_s
        )
    } else {
        format!(
            "time budget: the file's --file-budget of {} s of solver work was used up before this kernel was checked",
            opts.file_budget_s
        )
    };
    for a in &mut checked.arrays {
        a.check.verdict = Verdict::Unknown {
            reason: why.clone(),
            span,
        };
        a.classification = None;
        a.triage = None;
    }
}

/// Check and triage of one kernel; a provable race that does not replay is
/// an internal error, never hidden.
fn check_kernel(k: &Kernel, opts: &CheckOptions) -> Result<CheckedKernel, Diagnostic> {
    let (mut report, mut triage) = check_with_triage(k, opts)
        .map_err(|bug| Diagnostic::error(format!("internal error: {bug}")).in_file(&k.file))?;
    if matches!(
        k.provenance,
        Provenance::BabyCudaTyped | Provenance::BabyCudaApproximated
    ) {
        // `mapcheck run FILE.bcu` takes the thread count and every
        // parameter, and starts from the program's `init` contents: the
        // replay command is the concrete run triage found, if it found one
        // with those contents; else none is printed.
        for a in &mut report.arrays {
            if let Verdict::Racy(w) = &mut a.verdict {
                let t = triage.iter().find(|t| t.array == a.array);
                match t.map(|t| &t.resolution) {
                    Some(Resolution::Replayed(r) | Resolution::Confirmed(r))
                        if r.init == program_init(k) =>
                    {
                        let mut values = r.params.clone();
                        values.insert(semantics::trace::THREAD_COUNT.to_string(), r.threads.into());
                        w.replay_values = Some(values);
                    }
                    Some(Resolution::Replayed(_) | Resolution::Confirmed(_)) => {
                        w.replay_blocked = Some(
                            "the concrete race triage found needs initial array contents that `mapcheck run` cannot be given".into(),
                        );
                    }
                    _ => w.replay_blocked = Some(
                        "the reference interpreter has not reproduced this alarm (see the triage)"
                            .into(),
                    ),
                }
            }
        }
    }
    if k.provenance == Provenance::Protocol {
        // The replay command is printed only if `mapcheck run` reproduces it.
        for a in &mut report.arrays {
            if let Verdict::Racy(w) = &mut a.verdict {
                if let Err(why) = replays(&k.program, w) {
                    w.replay_blocked = Some(why);
                }
            }
        }
    }
    let notes = std::mem::take(&mut report.notes);
    let arrays = report
        .arrays
        .into_iter()
        .map(|mut a| {
            let triage = triage
                .iter()
                .position(|t| t.array == a.array)
                .map(|i| triage.remove(i));
            in_user_terms(k, &mut a);
            // A divergence is an alarm too: whether it may rest on an
            // approximation is said the same way.
            let alarm = a.verdict.is_racy() || matches!(a.verdict, Verdict::Divergence { .. });
            let classification = alarm.then(|| match &triage {
                Some(t) => t.class.to_string(),
                // Barriers the check read as ordering nothing (the
                // report's notes): the alarm may rest on them.
                None if !notes.is_empty() && k.alarm_class() == "exact" => {
                    "approximated".to_string()
                }
                None => k.alarm_class().to_string(),
            });
            CheckedArray {
                check: a,
                classification,
                triage,
                suppressed: None,
                precondition: None,
                fix: None,
            }
        })
        .collect();
    // `--warp-sync` is an assumption about the execution: printed with the
    // launch assumptions whenever it applies (or was asked for and not
    // applied).
    let mut launch = k.assumed();
    launch.extend(mapcheck_core::warp::note(k, opts));
    launch.extend(notes);
    Ok(CheckedKernel {
        kernel: report.kernel,
        file: report.file,
        arrays,
        launch,
        source: None,
    })
}

/// The array's report in the user's terms: the name the user wrote, and
/// each witness decoded into C values ([`mapcheck_core::c_terms`]).
fn in_user_terms(k: &Kernel, a: &mut ArrayReport) {
    a.array = k.encoding.array_name(&a.array);
    let decode = |w: &mut Witness| w.in_c = decode(k, w).map(Box::new);
    if let Verdict::Racy(w) = &mut a.verdict {
        decode(w);
    }
    for b in &mut a.benign {
        decode(&mut b.witness);
    }
}

/// The `init` contents of a BabyCUDA kernel's program (empty if its source
/// no longer parses, which cannot happen for a kernel that was checked).
fn program_init(k: &Kernel) -> Contents {
    semantics::babycuda::parse(&k.source)
        .map(|p| Contents::from_program(&p))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mapcheck_core::verdict::Severity;
    use std::path::PathBuf;

    fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
        let p = dir.path().join(name);
        std::fs::write(&p, text).expect("writes");
        p
    }

    /// Listing 2.2 of the paper: racy iff `M > 1`.
    const LISTING_2_2: &str = "forU j in 0..M { rd[tid + j] };\nforU i in 0..M { wr[tid] }\n";

    #[test]
    fn header_flags_reach_the_check_and_the_command_line_wins() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = write(&dir, "l.proto", &format!("//--param M=1\n{LISTING_2_2}"));
        let drf = check_file(&p, &Flags::default());
        assert_eq!(worst_outcome(&[drf]), Some(Severity::Drf));
        let cli = Flags {
            params: vec![("M".into(), 2)],
            ..Flags::default()
        };
        let racy = check_file(&p, &cli);
        let (_, a) = racy.worst().expect("an array");
        assert!(a.verdict().is_racy());
        assert_eq!(a.classification.as_deref(), Some("protocol"));
        assert!(a.triage.is_none());
    }

    #[test]
    fn a_bad_header_flag_is_an_error_where_it_is() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = write(&dir, "b.proto", &format!("// --frobnicate\n{LISTING_2_2}"));
        let r = check_file(&p, &Flags::default());
        assert!(r.kernels.is_empty());
        let e = r.errors().next().expect("an error");
        assert_eq!(e.span.map(|s| (s.line, s.col)), Some((1, 4)));
        assert_eq!(worst_outcome(&[r]), Some(Severity::Invalid));
    }
}
