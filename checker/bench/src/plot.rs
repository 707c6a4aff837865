//! The one chart of the benchmarks: time (ms, log scale) against a
//! number, one line per series, written as SVG.

use plotters::prelude::*;

/// A named line of (x, time in ms) points.
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// Draws `series` on a log-scale time axis from 0 to `x_max`, the legend
/// in the upper left corner (`upper_left`) or the lower right.
pub fn log_time_plot(
    path: &std::path::Path,
    caption: &str,
    x_desc: &str,
    x_max: f64,
    series: Vec<Series>,
    upper_left: bool,
) -> Result<(), String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let times = || series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let top = times().fold(1.0, f64::max) * 2.0;
    let bottom = times().fold(top, f64::min) / 2.0;
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..x_max, (bottom..top).log_scale())
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc("time (ms, log scale)")
        .draw()
        .map_err(|e| err(&e))?;
    for (k, s) in series.into_iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        chart
            .draw_series(LineSeries::new(s.points, color.stroke_width(2)))
            .map_err(|e| err(&e))?
            .label(s.label)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
    }
    let position = if upper_left {
        SeriesLabelPosition::UpperLeft
    } else {
        SeriesLabelPosition::LowerRight
    };
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}
