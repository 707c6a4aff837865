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
    let mut rows = Vec::new();
    for c in Category::ALL {
        for size in 1..=max {
            rows.push(measure(c, size, opts));
        }
    }
    rows
}

fn reset_peak_rss() {
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

/// An SVG plot of time against size, one line per category.
pub fn plot(rows: &[Row], path: &std::path::Path) -> Result<(), String> {
    use plotters::prelude::*;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let max_size = rows.iter().map(|r| r.size).max().unwrap_or(1) as f64;
    let max_ms = rows
        .iter()
        .map(|r| r.seconds * 1e3)
        .fold(0.0, f64::max)
        .max(1e-3)
        * 1.1;
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "mapcheck: synthetic protocols of Fig. 17",
            ("sans-serif", 22),
        )
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..max_size, 0.0..max_ms)
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc("size")
        .y_desc("time (ms)")
        .draw()
        .map_err(|e| err(&e))?;
    for (k, c) in Category::ALL.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        let points: Vec<(f64, f64)> = rows
            .iter()
            .filter(|r| r.category == *c)
            .map(|r| (r.size as f64, r.seconds * 1e3))
            .collect();
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(c.name())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}
