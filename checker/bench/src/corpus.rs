//! `mapcheck bench corpus DIR...`: one row per kernel of a corpus of real
//! CUDA files (the rows are measured by the CLI, which can load files; this
//! module holds what is computed from them): CSV, summary and plot.

use std::path::Path;

/// One kernel (one scope of a `__global__` function) of a corpus file.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelRow {
    pub file: String,
    /// The kernel's name; empty when the file could not be analysed.
    pub kernel: String,
    /// The worst verdict over its arrays, or `error` (file not analysed).
    pub verdict: String,
    /// Time spent checking the kernel (all its arrays, solver included).
    pub check_seconds: f64,
    /// Wall-clock time of the whole file: front end (libclang) and every
    /// kernel of the file.
    pub file_seconds: f64,
    /// The process's peak resident set while the file was checked (kB).
    pub peak_rss_kb: Option<u64>,
}

impl KernelRow {
    /// Was the kernel analysed (the file loaded and the kernel checked)?
    pub fn analysed(&self) -> bool {
        !self.kernel.is_empty()
    }
}

/// The CSV: `file,kernel,verdict,check_seconds,file_seconds,peak_rss_kb`.
pub fn csv(rows: &[KernelRow]) -> String {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let header = [
        "file",
        "kernel",
        "verdict",
        "check_seconds",
        "file_seconds",
        "peak_rss_kb",
    ];
    let mut ok = w.write_record(header).is_ok();
    for r in rows {
        let record = [
            r.file.clone(),
            r.kernel.clone(),
            r.verdict.clone(),
            format!("{:.6}", r.check_seconds),
            format!("{:.6}", r.file_seconds),
            r.peak_rss_kb.map(|k| k.to_string()).unwrap_or_default(),
        ];
        ok &= w.write_record(&record).is_ok();
    }
    match w.into_inner() {
        Ok(bytes) if ok => String::from_utf8_lossy(&bytes).into_owned(),
        _ => String::new(),
    }
}

/// Median, 90th percentile and maximum of some times, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    pub median: f64,
    pub p90: f64,
    pub max: f64,
}

/// The spread of `values` (nearest-rank percentiles); `None` when empty.
pub fn spread(values: &[f64]) -> Option<Spread> {
    let mut v: Vec<f64> = values.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = |p: f64| {
        let k = ((p * v.len() as f64).ceil() as usize).clamp(1, v.len());
        v[k - 1]
    };
    (!v.is_empty()).then(|| Spread {
        median: rank(0.5),
        p90: rank(0.9),
        max: rank(1.0),
    })
}

/// What a reader wants to know of a corpus run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub files: usize,
    /// Kernels analysed, and files that could not be analysed at all.
    pub kernels: usize,
    pub files_not_analysed: usize,
    /// Kernels whose verdict is `unknown` because a query timed out.
    pub timeouts: usize,
    /// Per analysed kernel: check time.
    pub check: Option<Spread>,
    /// Per file: wall-clock time (front end included).
    pub file: Option<Spread>,
    pub peak_rss_kb: Option<u64>,
}

/// The summary of a run; `timed_out` tells the rows whose verdict came
/// from a solver timeout.
pub fn summary(rows: &[KernelRow], timed_out: &dyn Fn(&KernelRow) -> bool) -> Summary {
    let analysed: Vec<&KernelRow> = rows.iter().filter(|r| r.analysed()).collect();
    let mut files: Vec<(&str, f64)> = rows
        .iter()
        .map(|r| (r.file.as_str(), r.file_seconds))
        .collect();
    files.dedup_by(|a, b| a.0 == b.0);
    let not_analysed = rows.iter().filter(|r| !r.analysed()).count();
    Summary {
        files: files.len(),
        kernels: analysed.len(),
        files_not_analysed: not_analysed,
        timeouts: analysed.iter().filter(|r| timed_out(r)).count(),
        check: spread(&analysed.iter().map(|r| r.check_seconds).collect::<Vec<_>>()),
        file: spread(&files.iter().map(|f| f.1).collect::<Vec<_>>()),
        peak_rss_kb: rows.iter().filter_map(|r| r.peak_rss_kb).max(),
    }
}

/// An SVG plot: the check time of every analysed kernel, sorted (a
/// cactus plot), time on a logarithmic scale, with the file times.
pub fn plot(rows: &[KernelRow], path: &Path) -> Result<(), String> {
    let ms = |s: f64| (s * 1e3).max(0.01);
    let mut checks: Vec<f64> = rows
        .iter()
        .filter(|r| r.analysed())
        .map(|r| ms(r.check_seconds))
        .collect();
    checks.sort_by(f64::total_cmp);
    let mut files: Vec<(&str, f64)> = rows
        .iter()
        .map(|r| (r.file.as_str(), r.file_seconds))
        .collect();
    files.dedup_by(|a, b| a.0 == b.0);
    let mut file_ms: Vec<f64> = files.iter().map(|f| ms(f.1)).collect();
    file_ms.sort_by(f64::total_cmp);
    let n = checks.len().max(file_ms.len()).max(1) as f64;
    let sorted = |label: &str, values: Vec<f64>| crate::plot::Series {
        label: label.to_string(),
        points: values
            .iter()
            .enumerate()
            .map(|(i, v)| (i as f64 + 1.0, *v))
            .collect(),
    };
    crate::plot::log_time_plot(
        path,
        "mapcheck on a corpus of CUDA kernels (sorted times)",
        "kernels (files), sorted by time",
        n,
        vec![
            sorted("check time per kernel", checks),
            sorted("wall time per file (libclang included)", file_ms),
        ],
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(file: &str, kernel: &str, check: f64, wall: f64) -> KernelRow {
        KernelRow {
            file: file.into(),
            kernel: kernel.into(),
            verdict: if kernel.is_empty() { "error" } else { "drf" }.into(),
            check_seconds: check,
            file_seconds: wall,
            peak_rss_kb: Some(100),
        }
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<f64> = (1..=10).map(f64::from).collect();
        let s = spread(&v).expect("not empty");
        assert_eq!((s.median, s.p90, s.max), (5.0, 9.0, 10.0));
        assert_eq!(spread(&[]), None);
        let one = spread(&[3.0]).expect("one");
        assert_eq!((one.median, one.p90, one.max), (3.0, 3.0, 3.0));
    }

    #[test]
    fn the_summary_counts_kernels_files_and_timeouts() {
        let rows = [
            row("a.cu", "k", 0.01, 0.2),
            row("a.cu", "k (across blocks)", 0.03, 0.2),
            row("b.cu", "", 0.0, 0.1),
            row("c.cu", "slow", 2.0, 2.5),
        ];
        let s = summary(&rows, &|r| r.kernel == "slow");
        assert_eq!(
            (s.files, s.kernels, s.files_not_analysed, s.timeouts),
            (3, 3, 1, 1)
        );
        assert_eq!(s.check.map(|c| c.median), Some(0.03));
        assert_eq!(s.file.map(|f| f.max), Some(2.5));
        let text = csv(&rows);
        assert!(text.starts_with("file,kernel,verdict,check_seconds,file_seconds,peak_rss_kb\n"));
        assert_eq!(text.lines().count(), 5);
    }
}
