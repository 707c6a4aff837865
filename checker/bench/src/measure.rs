//! `mapcheck bench synthetic`: checks the synthetic protocols of Fig. 17 at
//! sizes `1..=max` and records verdict, time and peak memory (Claim 2).
//!
//! Time is the wall-clock time of [`check_kernel`] on the parsed protocol.
//! Peak memory is the process's resident-set high-water mark (`VmHWM`),
//! reset before each protocol through `/proc/self/clear_refs` when the
//! kernel allows it (so it includes the process's baseline).

use crate::synthetic::{generate, Category};
use mapcheck_core::check::check_kernel;
use mapcheck_core::kernel::Kernel;
use mapcheck_core::verdict::{worst, CheckOptions, Severity};
use std::time::Instant;

/// One measurement.
#[derive(Clone, Debug)]
pub struct Row {
    pub category: Category,
    pub size: usize,
    /// `drf`, `racy`, `unknown`, … (the [`worst`] over the arrays).
    pub verdict: String,
    pub seconds: f64,
    pub peak_rss_kb: Option<u64>,
}

/// A kernel from protocol text (no file).
pub fn kernel_from_source(name: &str, source: &str) -> Result<Kernel, String> {
    Kernel::from_protocol_text(name, source)
}

/// Checks one synthetic protocol.
pub fn measure(category: Category, size: usize, opts: &CheckOptions) -> Row {
    reset_peak_rss();
    let start = Instant::now();
    let source = generate(category, size);
    let verdict = match kernel_from_source(&format!("{category}-{size}"), &source) {
        Err(e) => format!("error: {e}"),
        Ok(k) => {
            let report = check_kernel(&k, opts);
            let verdicts = report.arrays.iter().map(|a| a.verdict.severity());
            worst(verdicts, |s| *s)
                .unwrap_or(Severity::Drf)
                .keyword()
                .to_string()
        }
    };
    Row {
        category,
        size,
        verdict,
        seconds: start.elapsed().as_secs_f64(),
        peak_rss_kb: peak_rss_kb(),
    }
}

/// Every category at sizes `1..=max`.
pub fn run(max: usize, opts: &CheckOptions) -> Vec<Row> {
    run_sizes(&sizes(max, 1), opts)
}

/// Every category at the given sizes.
pub fn run_sizes(sizes: &[usize], opts: &CheckOptions) -> Vec<Row> {
    let mut rows = Vec::new();
    for c in Category::ALL {
        for &size in sizes {
            rows.push(measure(c, size, opts));
        }
    }
    rows
}

/// Sizes `1..=max` with a step: 1, then every multiple of `step` up to
/// `max` (and `max` itself).
pub fn sizes(max: usize, step: usize) -> Vec<usize> {
    let step = step.max(1);
    let mut out: Vec<usize> = (1..=max).filter(|n| *n == 1 || n % step == 0).collect();
    if max >= 1 && out.last() != Some(&max) {
        out.push(max);
    }
    out
}

/// Smallest size used to fit the growth (below it a check costs about
/// its constant overhead, which would hide the growth).
pub const FIT_FROM: usize = 50;

/// The growth of a category: the slope of the least-squares line through
/// `(ln size, ln seconds)` for sizes ≥ [`FIT_FROM`] (1 = linear, 2 =
/// quadratic); `None` with fewer than two such sizes.
pub fn growth(rows: &[Row], category: Category) -> Option<f64> {
    let points: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.category == category && r.size >= FIT_FROM && r.seconds > 0.0)
        .map(|r| ((r.size as f64).ln(), r.seconds.ln()))
        .collect();
    slope(&points)
}

/// The least-squares slope of `points`.
pub fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// Resets the peak resident set (`VmHWM`) of this process, when Linux allows it.
pub fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// `VmHWM` of this process, in kB (Linux).
pub fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CSV: `category,size,verdict,seconds,peak_rss_kb`, written by the
/// `csv` crate like every CSV of mapcheck.
pub fn csv(rows: &[Row]) -> String {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let header = ["category", "size", "verdict", "seconds", "peak_rss_kb"];
    let mut ok = w.write_record(header).is_ok();
    for r in rows {
        let rss = r.peak_rss_kb.map(|k| k.to_string()).unwrap_or_default();
        let record = [
            r.category.to_string(),
            r.size.to_string(),
            r.verdict.clone(),
            format!("{:.6}", r.seconds),
            rss,
        ];
        ok &= w.write_record(&record).is_ok();
    }
    match w.into_inner() {
        Ok(bytes) if ok => String::from_utf8_lossy(&bytes).into_owned(),
        _ => String::new(),
    }
}

/// The slowest protocol of each category: (category, size, seconds).
pub fn slowest(rows: &[Row]) -> Vec<(Category, usize, f64)> {
    Category::ALL
        .iter()
        .filter_map(|c| {
            rows.iter()
                .filter(|r| r.category == *c)
                .max_by(|a, b| a.seconds.total_cmp(&b.seconds))
                .map(|r| (*c, r.size, r.seconds))
        })
        .collect()
}

/// An SVG plot of time against size, one line per category, time on a
/// logarithmic scale (as Fig. 18 of `seeds/000_*`).
pub fn plot(rows: &[Row], path: &std::path::Path) -> Result<(), String> {
    let max_size = rows.iter().map(|r| r.size).max().unwrap_or(1) as f64;
    let ms = |r: &Row| (r.seconds * 1e3).max(0.01);
    let series = Category::ALL
        .iter()
        .map(|c| crate::plot::Series {
            label: c.name().to_string(),
            points: rows
                .iter()
                .filter(|r| r.category == *c)
                .map(|r| (r.size as f64, ms(r)))
                .collect(),
        })
        .collect();
    crate::plot::log_time_plot(
        path,
        "mapcheck: synthetic protocols of Fig. 17 (time per protocol)",
        "size",
        max_size,
        series,
        false,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_step_through_the_range_and_end_at_max() {
        assert_eq!(sizes(5, 1), [1, 2, 3, 4, 5]);
        assert_eq!(sizes(1000, 250), [1, 250, 500, 750, 1000]);
        assert_eq!(sizes(7, 3), [1, 3, 6, 7]);
    }

    #[test]
    fn the_slope_of_a_power_law_is_its_exponent() {
        let row = |size: usize, seconds: f64| Row {
            category: Category::Access,
            size,
            verdict: "drf".into(),
            seconds,
            peak_rss_kb: None,
        };
        let linear: Vec<Row> = [50, 100, 400]
            .iter()
            .map(|&n| row(n, n as f64 * 1e-3))
            .collect();
        let g = growth(&linear, Category::Access).expect("three points");
        assert!((g - 1.0).abs() < 1e-9, "{g}");
        let square: Vec<Row> = [50, 100, 400]
            .iter()
            .map(|&n| row(n, (n * n) as f64))
            .collect();
        let g = growth(&square, Category::Access).expect("three points");
        assert!((g - 2.0).abs() < 1e-9, "{g}");
        // Sizes below FIT_FROM do not count.
        assert_eq!(growth(&[row(1, 1.0), row(2, 5.0)], Category::Access), None);
        assert_eq!(growth(&linear, Category::Barrier), None);
    }
}
