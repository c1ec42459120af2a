//! The stateful POR paper's kinds of figure, drawn with `plotters` as SVG and PNG
//! side by side (the font: `figure.rs`).
//!
//! - quantile plots (Figures 5, 6, 8): per algorithm, the values of the runs that
//!   completed, sorted, against their rank — a curve that stays low and runs far to the
//!   right is an algorithm that is fast and completes many clients; the legend counts
//!   the completed runs;
//! - scatter plots (Figures 7, 9, 10): one point per client, one configuration on
//!   each axis, log-log, with the diagonal.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::figure::register_font;

/// Colours of the series, in order.
const COLORS: [RGBColor; 10] = [
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0x7f, 0x7f, 0x7f),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x17, 0xbe, 0xcf),
];

/// The decade at or above `v` (at least 10× `floor`'s decade above it).
fn decade_above(v: f64) -> f64 {
    10f64.powf(v.max(1e-9).log10().ceil())
}

fn decade_below(v: f64) -> f64 {
    10f64.powf(v.max(1e-9).log10().floor())
}

/// A quantile plot: each series (name, values of its completed runs) sorted; x the
/// rank, y the value on a log scale (`unit` names it).
pub fn quantile_plot(title: &str, unit: &str, series: &[(String, Vec<f64>)], stem: &Path) -> anyhow::Result<[PathBuf; 2]> {
    register_font()?;
    let (svg, png) = (stem.with_extension("svg"), stem.with_extension("png"));
    let size = (760, 480);
    draw_quantiles(SVGBackend::new(&svg, size).into_drawing_area(), title, unit, series).with_context(|| format!("drawing {}", svg.display()))?;
    draw_quantiles(BitMapBackend::new(&png, size).into_drawing_area(), title, unit, series).with_context(|| format!("drawing {}", png.display()))?;
    Ok([svg, png])
}

fn draw_quantiles<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, title: &str, unit: &str, series: &[(String, Vec<f64>)]) -> anyhow::Result<()> {
    let plot_err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    root.fill(&WHITE).map_err(plot_err)?;
    let all = series.iter().flat_map(|(_, v)| v.iter().copied());
    let (lo, hi) = all.fold((f64::MAX, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if hi == 0.0 { (0.01, 10.0) } else { (decade_below(lo.max(1e-3)), decade_above(hi)) };
    let n = series.iter().map(|(_, v)| v.len()).max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(0f64..(n as f64 + 1.0), (lo..hi).log_scale())
        .map_err(plot_err)?;
    chart.configure_mesh().x_desc("runs completed (sorted by value)").x_label_formatter(&|x| format!("{x:.0}")).y_desc(format!("{unit} (log scale)")).draw().map_err(plot_err)?;
    for (i, (name, values)) in series.iter().enumerate() {
        let color = COLORS[i % COLORS.len()];
        let mut sorted = values.clone();
        sorted.sort_by(f64::total_cmp);
        let points: Vec<(f64, f64)> = sorted.iter().enumerate().map(|(k, v)| (k as f64 + 1.0, v.max(lo))).collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
            .map_err(plot_err)?
            .label(format!("{name} ({} completed)", values.len()))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2)));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 2, color.filled()))).map_err(plot_err)?;
    }
    chart.configure_series_labels().position(SeriesLabelPosition::UpperLeft).background_style(WHITE.mix(0.85)).border_style(BLACK).label_font(("sans-serif", 13)).draw().map_err(plot_err)?;
    root.present().map_err(plot_err)?;
    Ok(())
}

/// A log-log scatter plot of `points` (x, y) with the diagonal; axes named `x` and
/// `y`.
pub fn scatter_plot(title: &str, x: &str, y: &str, points: &[(f64, f64)], stem: &Path) -> anyhow::Result<[PathBuf; 2]> {
    register_font()?;
    let (svg, png) = (stem.with_extension("svg"), stem.with_extension("png"));
    let size = (520, 520);
    draw_scatter(SVGBackend::new(&svg, size).into_drawing_area(), title, x, y, points).with_context(|| format!("drawing {}", svg.display()))?;
    draw_scatter(BitMapBackend::new(&png, size).into_drawing_area(), title, x, y, points).with_context(|| format!("drawing {}", png.display()))?;
    Ok([svg, png])
}

fn draw_scatter<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, title: &str, x: &str, y: &str, points: &[(f64, f64)]) -> anyhow::Result<()> {
    let plot_err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    root.fill(&WHITE).map_err(plot_err)?;
    let (lo, hi) = points.iter().flat_map(|&(a, b)| [a, b]).fold((f64::MAX, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if hi == 0.0 { (0.01, 10.0) } else { (decade_below(lo.max(1e-3)), decade_above(hi)) };
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
        .map_err(plot_err)?;
    chart.configure_mesh().x_desc(x).y_desc(y).draw().map_err(plot_err)?;
    chart.draw_series(LineSeries::new([(lo, lo), (hi, hi)], BLACK.mix(0.4).stroke_width(1))).map_err(plot_err)?;
    chart.draw_series(points.iter().map(|&(a, b)| Circle::new((a.max(lo), b.max(lo)), 3, COLORS[0].filled()))).map_err(plot_err)?;
    root.present().map_err(plot_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantile_and_scatter_plots_are_written_with_their_labels() {
        let dir = std::env::temp_dir().join(format!("jvmc-paper-figure-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let series = vec![("spor".to_string(), vec![0.5, 0.02, 3.0]), ("dl-spor".to_string(), vec![0.1])];
        let [svg, png] = quantile_plot("time", "seconds", &series, &dir.join("q")).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        for label in ["spor (3 completed)", "dl-spor (1 completed)", "seconds (log scale)", "runs completed"] {
            assert!(text.contains(label), "{label} is in the SVG");
        }
        assert_eq!(text.matches("<circle").count(), 4, "one dot per completed run");
        assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
        let [svg, _] = scatter_plot("S-POR vs DL-S-POR", "spor (s)", "dl-spor (s)", &[(0.1, 0.2), (3.0, 1.0)], &dir.join("s")).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("spor (s)") && text.contains("dl-spor (s)"));
        assert_eq!(text.matches("<circle").count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
