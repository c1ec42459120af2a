//! The HTML report's plot of states over time: an inline SVG line chart drawn from
//! the progress samples (no script, no external files).

use std::fmt::Write as _;

use crate::progress::Sample;
use crate::report::thousands;

use super::escape;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 78.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 14.0;
const BOTTOM: f64 = 42.0;

/// A round step for about `ticks` ticks over `0..=max` (1, 2 or 5 times a power of ten).
fn tick_step(max: f64, ticks: f64) -> f64 {
    if max <= 0.0 {
        return 1.0;
    }
    let raw = max / ticks;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].into_iter().map(|m| m * power).find(|s| *s >= raw).unwrap_or(10.0 * power);
    step
}

/// `secs` as a tick label: `0.5 s`, `12 s`.
fn seconds(secs: f64) -> String {
    if secs < 10.0 && secs.fract() != 0.0 {
        format!("{secs:.1} s")
    } else {
        format!("{secs:.0} s")
    }
}

/// The SVG element: states (new) against seconds since the search started.
pub fn states_over_time(samples: &[Sample]) -> String {
    let max_t = samples.iter().map(|s| s.secs).fold(0.0, f64::max);
    let max_s = samples.iter().map(|s| s.states).max().unwrap_or(0) as f64;
    let t_step = tick_step(max_t, 6.0);
    let s_step = tick_step(max_s, 5.0);
    let t_top = (max_t / t_step).ceil().max(1.0) * t_step;
    let s_top = (max_s / s_step).ceil().max(1.0) * s_step;
    let x = |t: f64| LEFT + t / t_top * (WIDTH - LEFT - RIGHT);
    let y = |s: f64| HEIGHT - BOTTOM - s / s_top * (HEIGHT - TOP - BOTTOM);
    let mut svg = String::new();
    let _ = write!(svg, r#"<svg class="plot" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="states over time">"#);
    let mut t = 0.0;
    while t <= t_top + t_step / 2.0 {
        let _ = write!(svg, r#"<line class="grid" x1="{0:.1}" x2="{0:.1}" y1="{TOP}" y2="{1:.1}"/><text x="{0:.1}" y="{2:.1}" text-anchor="middle">{3}</text>"#, x(t), HEIGHT - BOTTOM, HEIGHT - BOTTOM + 16.0, seconds(t));
        t += t_step;
    }
    let mut s = 0.0;
    while s <= s_top + s_step / 2.0 {
        let _ = write!(svg, r#"<line class="grid" x1="{LEFT}" x2="{0:.1}" y1="{1:.1}" y2="{1:.1}"/><text x="{2:.1}" y="{3:.1}" text-anchor="end">{4}</text>"#, WIDTH - RIGHT, y(s), LEFT - 6.0, y(s) + 4.0, thousands(s as u64));
        s += s_step;
    }
    let _ = write!(svg, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">time since the search started</text>"#, (LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 6.0);
    let points: Vec<String> = samples.iter().map(|p| format!("{:.1},{:.1}", x(p.secs), y(p.states as f64))).collect();
    let _ = write!(svg, r#"<polyline class="states" points="{}"><title>{}</title></polyline>"#, points.join(" "), escape(&format!("{} samples", samples.len())));
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(10.0, 5.0), 2.0);
        assert_eq!(tick_step(359_997.0, 5.0), 100_000.0);
        assert_eq!(tick_step(0.3, 6.0), 0.05);
        assert_eq!(tick_step(0.0, 6.0), 1.0);
    }

    #[test]
    fn one_point_per_sample() {
        let samples = [Sample { secs: 0.0, states: 1, transitions: 0 }, Sample { secs: 1.5, states: 900, transitions: 2000 }, Sample { secs: 3.0, states: 1200, transitions: 3000 }];
        let svg = states_over_time(&samples);
        let points = svg.split(r#"points=""#).nth(1).and_then(|p| p.split('"').next()).unwrap();
        assert_eq!(points.split(' ').count(), 3);
        assert!(svg.contains(">1,000<") || svg.contains(">1,200<"), "{svg}");
    }
}
