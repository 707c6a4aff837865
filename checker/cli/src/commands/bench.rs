//! `mapcheck bench synthetic --max N [--step S] --out DIR`: `DIR/synthetic.csv`
//! and `DIR/synthetic.svg` (Claim 2, Fig. 17), with the growth of each
//! category; `mapcheck bench corpus DIR... --out OUT`: `OUT/corpus.csv` and
//! `OUT/corpus.svg`, one row per kernel, with median, 90th percentile and
//! maximum times and the peak memory.

use super::{exit, BenchArgs};
use mapcheck_bench::corpus::{self, KernelRow};
use mapcheck_bench::measure::{
    csv, growth, peak_rss_kb, plot, reset_peak_rss, run_sizes, sizes, slowest, FIT_FROM,
};
use mapcheck_core::verdict::{worst, CheckOptions, Severity, Verdict};
use mapcheck_driver::pipeline::check_file;
use mapcheck_driver::suite::collect_files;
use mapcheck_frontend::options::Flags;
use std::path::Path;
use std::time::Instant;

/// Largest `--max`.
const MAX_SIZE: usize = 1_000;

pub fn main(args: &BenchArgs) -> i32 {
    if args.what != "synthetic" && args.what != "corpus" {
        eprintln!(
            "mapcheck bench: unknown benchmark `{}` (expected `synthetic` or `corpus`)",
            args.what
        );
        return exit::BAD_INPUT;
    }
    if args.max > MAX_SIZE {
        eprintln!(
            "mapcheck bench: --max {}: at most {MAX_SIZE} (every size up to it is checked in all five categories)",
            args.max
        );
        return exit::BAD_INPUT;
    }
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("mapcheck bench: cannot create {}: {e}", args.out.display());
        return exit::BAD_INPUT;
    }
    if args.what == "corpus" {
        return corpus_main(args);
    }
    let rows = run_sizes(&sizes(args.max, args.step), &CheckOptions::default());
    let csv_path = args.out.join("synthetic.csv");
    let svg_path = args.out.join("synthetic.svg");
    if let Err(code) = write(&csv_path, &csv(&rows)) {
        return code;
    }
    if let Err(e) = plot(&rows, &svg_path) {
        eprintln!("mapcheck bench: cannot plot {}: {e}", svg_path.display());
        return exit::BAD_INPUT;
    }
    println!("wrote {} and {}", csv_path.display(), svg_path.display());
    for (c, size, secs) in slowest(&rows) {
        let g = growth(&rows, c)
            .map(|g| format!("growth: time ∝ size^{g:.2} (sizes ≥ {FIT_FROM})"))
            .unwrap_or_default();
        let peak = rows
            .iter()
            .filter(|r| r.category == c)
            .filter_map(|r| r.peak_rss_kb)
            .max()
            .map(|k| format!("peak {} MB", k / 1024))
            .unwrap_or_default();
        println!("{c:12} slowest: size {size:4}  {secs:.4} s  {peak}  {g}");
    }
    let not_drf = rows.iter().filter(|r| r.verdict != "drf").count();
    println!("{} protocols, {} not verified DRF", rows.len(), not_drf);
    if not_drf == 0 {
        exit::OK
    } else {
        exit::RACE
    }
}

fn write(path: &Path, text: &str) -> Result<(), i32> {
    std::fs::write(path, text).map_err(|e| {
        eprintln!("mapcheck bench: cannot write {}: {e}", path.display());
        exit::BAD_INPUT
    })
}

/// Every file in turn (one at a time, so that times and peak memory are
/// the file's own; the arrays and kernels of a file may still use several
/// cores, `RAYON_NUM_THREADS` of them if set).
fn corpus_main(args: &BenchArgs) -> i32 {
    let files = match collect_files(&args.dirs) {
        Ok(f) if !f.is_empty() => f,
        Ok(_) => {
            eprintln!("mapcheck bench corpus: no .cu, .proto or .bcu file under the directories");
            return exit::BAD_INPUT;
        }
        Err(e) => {
            eprintln!("mapcheck bench corpus: {e}");
            return exit::BAD_INPUT;
        }
    };
    let (rows, timed_out) = corpus_rows(&files, args);
    let csv_path = args.out.join("corpus.csv");
    let svg_path = args.out.join("corpus.svg");
    if let Err(code) = write(&csv_path, &corpus::csv(&rows)) {
        return code;
    }
    if let Err(e) = corpus::plot(&rows, &svg_path) {
        eprintln!("mapcheck bench: cannot plot {}: {e}", svg_path.display());
        return exit::BAD_INPUT;
    }
    println!("wrote {} and {}", csv_path.display(), svg_path.display());
    print_corpus_summary(&rows, &timed_out);
    exit::OK
}

/// The kernels whose check hit a solver timeout, by file and kernel.
type TimedOut = std::collections::BTreeSet<(String, String)>;

/// The rows of the kernels of `files`, each file checked in a thread
/// pool of its own, and the kernels with a solver timeout.
fn corpus_rows(files: &[std::path::PathBuf], args: &BenchArgs) -> (Vec<KernelRow>, TimedOut) {
    let cli = Flags {
        timeout_ms: Some(args.timeout),
        ..Flags::default()
    };
    let mut rows = Vec::new();
    let mut timed_out = TimedOut::new();
    for f in files {
        reset_peak_rss();
        let start = Instant::now();
        // A thread pool (hence Z3 contexts) of its own per file, as a
        // `mapcheck check FILE` process would have: Z3's time on a query
        // depends on what its context saw before, so a file's figures do
        // not depend on the files run before it.
        let report = match rayon::ThreadPoolBuilder::new().build() {
            Ok(pool) => pool.install(|| check_file(f, &cli)),
            Err(_) => check_file(f, &cli),
        };
        let wall = start.elapsed().as_secs_f64();
        let rss = peak_rss_kb();
        // Relative to the corpus directory given, so the CSV does not
        // depend on where the corpus lives.
        let file = args
            .dirs
            .iter()
            .find_map(|d| f.strip_prefix(d).ok().filter(|r| !r.as_os_str().is_empty()))
            .unwrap_or(f)
            .display()
            .to_string();
        let measured = (wall, rss);
        file_rows(&report, file, measured, &mut rows, &mut timed_out);
    }
    (rows, timed_out)
}

/// The rows of one file's `report`, with the file's wall time and peak
/// memory: one per kernel (those with a solver timeout also go to
/// `timed_out`), or one `error` row when no kernel was analysed.
fn file_rows(
    report: &mapcheck_driver::pipeline::FileReport,
    file: String,
    (wall, rss): (f64, Option<u64>),
    rows: &mut Vec<KernelRow>,
    timed_out: &mut TimedOut,
) {
    if report.kernels.is_empty() {
        rows.push(KernelRow {
            file,
            kernel: String::new(),
            verdict: "error".into(),
            check_seconds: 0.0,
            file_seconds: wall,
            peak_rss_kb: rss,
        });
        return;
    }
    for k in &report.kernels {
        let verdicts = k.arrays.iter().map(|a| a.check.verdict.severity());
        let verdict = worst(verdicts, |s| *s).unwrap_or(Severity::Drf);
        let timeout = k.arrays.iter().any(|a| {
            matches!(&a.check.verdict, Verdict::Unknown { reason, .. } if reason.contains("timeout"))
        });
        if timeout {
            timed_out.insert((file.clone(), k.kernel.clone()));
        }
        rows.push(KernelRow {
            file: file.clone(),
            kernel: k.kernel.clone(),
            verdict: verdict.keyword().to_string(),
            check_seconds: k.arrays.iter().fold(0.0, |t, a| t + a.check.seconds),
            file_seconds: wall,
            peak_rss_kb: rss,
        });
    }
}

/// Prints the counts of files and kernels, the median, 90th percentile
/// and maximum times, and the peak memory of a corpus run.
fn print_corpus_summary(rows: &[KernelRow], timed_out: &TimedOut) {
    let s = corpus::summary(rows, &|r| {
        timed_out.contains(&(r.file.clone(), r.kernel.clone()))
    });
    println!(
        "{} files: {} kernels analysed, {} files not analysed (front-end errors), {} kernels with a solver timeout",
        s.files, s.kernels, s.files_not_analysed, s.timeouts
    );
    let ms = |x: f64| format!("{:.1} ms", x * 1e3);
    if let Some(c) = s.check {
        println!(
            "check time per kernel: median {}, 90th percentile {}, max {}",
            ms(c.median),
            ms(c.p90),
            ms(c.max)
        );
    }
    if let Some(f) = s.file {
        println!(
            "wall time per file (front end included): median {}, 90th percentile {}, max {}",
            ms(f.median),
            ms(f.p90),
            ms(f.max)
        );
    }
    if let Some(kb) = s.peak_rss_kb {
        println!("peak memory: {} MB", kb / 1024);
    }
}
