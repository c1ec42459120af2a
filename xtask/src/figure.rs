//! The experiment tasks' figures, drawn with `plotters` as SVG and PNG side by side.
//!
//! One kind so far: the DFS-RB paper's Figure 8 — per technique, the mean number of
//! states to the error on a log scale with ±1 standard deviation bars, coloured by
//! group, and a cross at the top for a technique that never found the error.
//!
//! Text needs a TrueType font. The SVG only names its family, but the layout and the
//! PNG's glyphs come from a font file: the system's sans-serif font (`fc-match`),
//! else DejaVu Sans at its Debian path. Without one the figures fail with an error
//! that says what to install; this module never draws without labels.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{anyhow, Context};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One technique's mark: its label, group (0, 1, 2: the colours below) and mean ±
/// standard deviation, `None` where no run found the error.
pub struct Mark<'a> {
    pub label: &'a str,
    pub group: u8,
    pub value: Option<(f64, f64)>,
}

/// The groups' colours and legend entries: DFS-RB red, other techniques green,
/// combinations blue (Figure 8's).
const GROUPS: [(RGBColor, &str); 3] = [(RGBColor(0xd6, 0x27, 0x28), "DFS-RB"), (RGBColor(0x2c, 0xa0, 0x2c), "other techniques"), (RGBColor(0x1f, 0x77, 0xb4), "combinations")];

/// Draws `marks` as `stem.svg` and `stem.png`, titled `title`; returns both paths.
pub fn states_plot(title: &str, marks: &[Mark<'_>], stem: &Path) -> anyhow::Result<[PathBuf; 2]> {
    register_font()?;
    let label_area = label_area(marks);
    let size = (360.max(110 + 44 * marks.len() as u32), 370 + label_area);
    let (svg, png) = (stem.with_extension("svg"), stem.with_extension("png"));
    draw(SVGBackend::new(&svg, size).into_drawing_area(), title, marks).with_context(|| format!("drawing {}", svg.display()))?;
    draw(BitMapBackend::new(&png, size).into_drawing_area(), title, marks).with_context(|| format!("drawing {}", png.display()))?;
    Ok([svg, png])
}

/// The height below the plot for the longest label, read downwards (about 7 pixels a
/// character at the labels' size).
fn label_area(marks: &[Mark<'_>]) -> u32 {
    let longest = marks.iter().map(|m| m.label.chars().count()).max().unwrap_or(0) as u32;
    (20 + 7 * longest).max(120)
}

/// The top of the y axis: the decade above every mean + sd (at least 10).
fn top_decade(marks: &[Mark<'_>]) -> f64 {
    let max = marks.iter().filter_map(|m| m.value.map(|(mean, sd)| mean + sd)).fold(10.0f64, f64::max);
    10f64.powf(max.log10().ceil())
}

fn draw<DB: DrawingBackend>(root: DrawingArea<DB, Shift>, title: &str, marks: &[Mark<'_>]) -> anyhow::Result<()> {
    let plot_err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow!("{e}");
    root.fill(&WHITE).map_err(plot_err)?;
    let below_title = root.titled(&format!("{title}: states to the error"), ("sans-serif", 18)).map_err(plot_err)?;
    let (legend, plot) = below_title.split_vertically(28);
    // the legend above the plot, so that it hides no mark
    let mut x = 70;
    for (color, name) in GROUPS.iter().filter(|&&(_, name)| marks.iter().any(|m| GROUPS[m.group as usize % GROUPS.len()].1 == name)) {
        legend.draw(&Circle::new((x, 12), 5, color.filled())).map_err(plot_err)?;
        legend.draw(&Text::new(*name, (x + 9, 5), ("sans-serif", 13))).map_err(plot_err)?;
        x += 20 + 7 * name.len() as i32;
    }
    let top = top_decade(marks);
    let n = marks.len();
    let mut chart = ChartBuilder::on(&plot)
        .margin(12)
        .x_label_area_size(label_area(marks))
        .y_label_area_size(70)
        .build_cartesian_2d((0..n).into_segmented(), (1f64..top).log_scale())
        .map_err(plot_err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(n)
        .x_label_formatter(&|_| String::new())
        .y_desc("states (log scale)")
        .y_label_formatter(&|y| if *y >= 1e4 { format!("{y:.0e}") } else { format!("{y:.0}") })
        .draw()
        .map_err(plot_err)?;
    // the techniques' names, reading downwards from below their marks
    let label_style = TextStyle::from(("sans-serif", 13).into_font().transform(FontTransform::Rotate90)).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, m) in marks.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(SegmentValue::CenterOf(i), 1.0));
        plot.draw(&Text::new(m.label, (x - plot.get_base_pixel().0, y - plot.get_base_pixel().1 + 10), label_style.clone())).map_err(plot_err)?;
    }
    for (group, (color, _)) in GROUPS.iter().enumerate() {
        let mine: Vec<(usize, &Mark<'_>)> = marks.iter().enumerate().filter(|(_, m)| m.group as usize % GROUPS.len() == group).collect();
        // (an error bar draws its mean as a dot)
        chart
            .draw_series(mine.iter().filter_map(|&(i, m)| m.value.map(|(mean, sd)| ErrorBar::new_vertical(SegmentValue::CenterOf(i), (mean - sd).max(1.0), mean.max(1.0), (mean + sd).max(1.0), color.filled().stroke_width(2), 10))))
            .map_err(plot_err)?;
        // never found: a cross at the top
        chart
            .draw_series(mine.iter().filter(|(_, m)| m.value.is_none()).map(|&(i, _)| Cross::new((SegmentValue::CenterOf(i), top / 1.5), 7, color.stroke_width(3))))
            .map_err(plot_err)?;
    }
    root.present().map_err(plot_err)?;
    Ok(())
}

/// Registers a sans-serif TrueType font with `plotters`, once (see the module docs).
pub(crate) fn register_font() -> anyhow::Result<()> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            let from_fontconfig = std::process::Command::new("fc-match").args(["--format=%{file}", "sans-serif"]).output().ok().map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
            let candidates = from_fontconfig.into_iter().chain([PathBuf::from("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")]);
            let bytes = candidates.filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("ttf"))).find_map(|p| std::fs::read(p).ok()).ok_or("no TrueType sans-serif font found for the figures' text: install one (Debian: apt-get install fonts-dejavu-core)")?;
            let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
            plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).map_err(|_| "the sans-serif font file is not a font plotters can read".to_string())
        })
        .clone()
        .map_err(|e| anyhow!(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_ends_at_the_decade_above_every_bar() {
        let marks = [Mark { label: "a", group: 0, value: Some((200.0, 141.0)) }, Mark { label: "b", group: 1, value: None }];
        assert_eq!(top_decade(&marks), 1000.0, "mean 200 + sd 141 needs three decades");
        assert_eq!(top_decade(&marks[1..]), 10.0);
    }

    #[test]
    fn a_figure_is_written_as_svg_and_png_with_its_labels_and_marks() {
        let dir = std::env::temp_dir().join(format!("jvmc-figure-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let marks = [Mark { label: "dfs-rb", group: 0, value: Some((200.0, 100.0)) }, Mark { label: "dfs", group: 1, value: None }, Mark { label: "dfs-rb + bound 10", group: 2, value: Some((30.0, 0.0)) }];
        let [svg, png] = states_plot("Prog", &marks, &dir.join("prog")).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        for label in ["Prog: states to the error", "dfs-rb", "dfs-rb + bound 10", "DFS-RB", "combinations", "states (log scale)"] {
            assert!(text.contains(label), "{label} is in the SVG");
        }
        // one dot per found technique, plus one per legend entry
        assert_eq!(text.matches("<circle").count(), 2 + 3);
        assert!(text.contains("<line") && text.matches("stroke=\"#D62728\"").count() >= 1, "DFS-RB's bar in red");
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
