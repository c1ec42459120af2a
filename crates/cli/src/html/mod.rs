//! `jvmc check --html FILE`: one self-contained HTML page per run — the verdict, each
//! counterexample as a table with one column per thread, library frames folded
//! (expandable), source lines with context, the outcomes histogram and the search
//! statistics with a plot of states over time.
//!
//! The page is written in one piece from the same [`JsonReport`] the `--json`
//! document is made of, so the two never disagree (`jvmc replay --html` writes the
//! replayed violation's page, without statistics). It needs nothing beside itself:
//! the style sheet, the small script (expand or fold everything, highlight a thread's
//! column) and the plot (inline SVG, `plot.rs`) are inside. Without the script
//! everything still shows; `<details>` elements fold by themselves.
//!
//! This module only renders; it must not run searches or replay traces.

mod plot;
pub mod sources;

use std::fmt::Write as _;

use crate::progress::Sample;
use jvmc_search::Verdict;

use crate::report::{thousands, verdict_text, JsonOutcome, JsonReport, JsonStats};
use crate::trace::{TraceStep, ViolationReport};

use self::sources::SourceFinder;

const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("script.js");

/// Violations rendered in full; further ones are listed by kind and message only.
const SHOWN_VIOLATIONS: usize = 10;

/// `<`, `>`, `&` and quotes escaped for text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// What the page shows.
pub struct Page<'a> {
    /// the command line, as the user would type it
    pub command: String,
    /// `ok`, `violation` or `incomplete`
    pub verdict: &'a str,
    pub violations: Vec<&'a ViolationReport>,
    /// the search's statistics (none for a replayed trace)
    pub stats: Option<&'a JsonStats>,
    pub outcomes: Option<&'a [JsonOutcome]>,
    /// states over time (the progress listener's samples)
    pub samples: &'a [Sample],
    /// the statistics' lines as the human report prints them (`  states        12
    /// new, …`, then lockset restarts, minimisation, the portfolio's winner,
    /// warnings, the estimate), shown with their names as row headers
    pub notes: Vec<String>,
}

impl<'a> Page<'a> {
    /// The page of a `jvmc check` run: everything its `--json` document says.
    pub fn of_check(command: String, report: &'a JsonReport, samples: &'a [Sample], notes: Vec<String>) -> Page<'a> {
        Page {
            command,
            verdict: report.verdict,
            violations: report.violation.iter().chain(report.violations.iter().skip(1)).collect(),
            stats: Some(&report.stats),
            outcomes: report.outcomes.as_deref(),
            samples,
            notes,
        }
    }
}

/// The whole page.
pub fn render(page: &Page, sources: &mut SourceFinder) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>jvmc: {} — {}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        escape(page.verdict),
        escape(&page.command)
    );
    let _ = write!(h, "<header><h1>jvmc report</h1><p class=\"command\"><code>{}</code></p>", escape(&page.command));
    let _ = write!(h, "<p class=\"verdict {0}\" id=\"verdict\">{0}</p><p class=\"summary\">{1}</p></header>\n", escape(page.verdict), escape(&summary(page)));
    h.push_str("<nav><button type=\"button\" id=\"expand-all\">expand all</button> <button type=\"button\" id=\"fold-all\">fold all</button> <span id=\"trace-summary\"></span></nav>\n");
    let violations = &page.violations;
    for (i, v) in violations.iter().take(SHOWN_VIOLATIONS).enumerate() {
        let heading = if violations.len() > 1 { format!("Violation {} of {}", i + 1, violations.len()) } else { "Violation".to_string() };
        violation_section(&mut h, &heading, i, v, sources);
    }
    if violations.len() > SHOWN_VIOLATIONS {
        h.push_str("<section><h2>Further violations</h2><ul>");
        for v in &violations[SHOWN_VIOLATIONS..] {
            let _ = write!(h, "<li><b>{}</b>: {}</li>", escape(&v.kind), escape(&v.message));
        }
        h.push_str("</ul></section>\n");
    }
    if let Some(outcomes) = page.outcomes {
        outcomes_section(&mut h, outcomes);
    }
    if page.stats.is_some() {
        stats_section(&mut h, page);
    }
    let _ = write!(h, "<footer>jvmc {}</footer>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n", env!("CARGO_PKG_VERSION"));
    h
}

/// The line under the verdict.
fn summary(page: &Page) -> String {
    let what = match page.violations.first() {
        Some(v) if v.message.len() <= 100 => format!("{}: {}", v.kind, v.message),
        Some(v) => v.kind.clone(),
        None => {
            let verdict = if page.verdict == Verdict::Ok.name() { Verdict::Ok } else { Verdict::Incomplete };
            verdict_text(verdict, 0, page.stats.map_or("?", |s| s.stop_reason))
        }
    };
    match page.stats {
        Some(s) => format!("{what} — {} states, {} transitions, {:.2} s ({})", thousands(s.states_new), thousands(s.transitions), s.elapsed_ms as f64 / 1000.0, s.strategy),
        None => format!("{what} — replayed from a trace file"),
    }
}

/// A `<details>` with the source lines around `location`, if they are found.
fn source_details(h: &mut String, location: &str, sources: &mut SourceFinder) {
    let Some(e) = sources.excerpt(location) else {
        return;
    };
    h.push_str("<details class=\"source\"><summary>source</summary><pre>");
    for (i, line) in e.lines.iter().enumerate() {
        let n = e.first + i;
        let class = if n == e.line { " class=\"here\"" } else { "" };
        let _ = write!(h, "<span{class}><i>{n:>5}</i> {}</span>\n", escape(line));
    }
    h.push_str("</pre></details>");
}

/// A stack, innermost frame first, each frame with its source.
fn stack_list(h: &mut String, frames: &[String], sources: &mut SourceFinder) {
    h.push_str("<ol class=\"stack\">");
    for f in frames {
        let _ = write!(h, "<li><code>at {}</code>", escape(f));
        source_details(h, f, sources);
        h.push_str("</li>");
    }
    h.push_str("</ol>");
}

fn violation_section(h: &mut String, heading: &str, index: usize, v: &ViolationReport, sources: &mut SourceFinder) {
    let _ = write!(h, "<section class=\"violation\" id=\"violation-{index}\"><h2>{}</h2>", escape(heading));
    let _ = write!(h, "<p class=\"message\"><b>{}</b>: {}", escape(&v.kind), escape(&v.message));
    if let Some(t) = &v.thread {
        let _ = write!(h, " <span class=\"in\">in thread “{}”</span>", escape(t));
    }
    h.push_str("</p>");
    if !v.stack.is_empty() {
        stack_list(h, &v.stack, sources);
    }
    if !v.threads.is_empty() {
        h.push_str("<h3>Threads</h3><ul class=\"threads\">");
        for t in &v.threads {
            let _ = write!(h, "<li><b>{}</b>: {}", escape(&t.name), escape(&t.state));
            stack_list(h, &t.stack, sources);
            h.push_str("</li>");
        }
        h.push_str("</ul>");
    }
    trace_table(h, &v.trace, v.cycle_start, sources);
    h.push_str("</section>\n");
}

/// The counterexample: one row per transition, one column per thread (in the order
/// threads first run), the step in its thread's column.
fn trace_table(h: &mut String, trace: &[TraceStep], cycle_start: Option<usize>, sources: &mut SourceFinder) {
    let mut threads: Vec<(u32, &str)> = Vec::new();
    for s in trace {
        if !threads.iter().any(|(t, _)| *t == s.thread) {
            threads.push((s.thread, &s.thread_name));
        }
    }
    let preemptions = crate::trace::preemptions(trace);
    let _ = write!(h, "<h3>Counterexample: {} transitions, {preemptions} preemption{}</h3>", trace.len(), if preemptions == 1 { "" } else { "s" });
    let _ = write!(h, "<table class=\"trace\" data-steps=\"{}\" data-threads=\"{}\"><thead><tr><th class=\"step\">#</th>", trace.len(), threads.len());
    for (col, (id, name)) in threads.iter().enumerate() {
        let _ = write!(h, "<th class=\"thread\" data-col=\"{col}\" title=\"click to highlight\">{} <small>#{id}</small></th>", escape(name));
    }
    h.push_str("</tr></thead><tbody>");
    for (i, s) in trace.iter().enumerate() {
        if cycle_start == Some(i) {
            let _ = write!(h, "<tr class=\"cycle\"><td colspan=\"{}\">the cycle: from here on, the transitions repeat forever</td></tr>", threads.len() + 1);
        }
        let col = threads.iter().position(|(t, _)| *t == s.thread).unwrap_or(0);
        let class = if s.preempts { " class=\"preempts\"" } else { "" };
        let _ = write!(h, "<tr{class}><td class=\"step\">{}</td>", i + 1);
        for c in 0..threads.len() {
            if c != col {
                let _ = write!(h, "<td data-col=\"{c}\"></td>");
                continue;
            }
            let _ = write!(h, "<td data-col=\"{c}\" class=\"op\"><div class=\"operation\">{}</div><div class=\"location\"><code>{}</code></div>", escape(&s.operation), escape(&s.location));
            if s.preempts {
                h.push_str("<div class=\"tag\">preempts</div>");
            }
            if !s.library_frames.is_empty() {
                let _ = write!(h, "<details class=\"library\"><summary>{} library frame{}</summary><ol>", s.library_frames.len(), if s.library_frames.len() == 1 { "" } else { "s" });
                for f in &s.library_frames {
                    let _ = write!(h, "<li><code>{}</code></li>", escape(f));
                }
                h.push_str("</ol></details>");
            }
            source_details(h, &s.location, sources);
            if !s.output.is_empty() {
                let _ = write!(h, "<pre class=\"output\">{}</pre>", escape(&s.output));
            }
            h.push_str("</td>");
        }
        h.push_str("</tr>");
    }
    h.push_str("</tbody></table>");
}

fn outcomes_section(h: &mut String, outcomes: &[JsonOutcome]) {
    let mut rows: Vec<&JsonOutcome> = outcomes.iter().collect();
    rows.sort_by(|a, b| b.count.cmp(&a.count).then(a.output.cmp(&b.output)));
    let total: u64 = rows.iter().map(|o| o.count).sum();
    let most = rows.first().map_or(1, |o| o.count.max(1));
    let _ = write!(h, "<section id=\"outcomes\"><h2>Outcomes</h2><p>{} distinct, over {} end states</p><table class=\"outcomes\">", rows.len(), thousands(total));
    for o in rows {
        let width = (o.count as f64 / most as f64 * 100.0).max(0.5);
        let _ = write!(h, "<tr><td class=\"count\">{}</td><td class=\"bar\"><div style=\"width:{width:.1}%\"></div></td><td><pre>{}</pre></td></tr>", thousands(o.count), escape(&o.output));
    }
    h.push_str("</table></section>\n");
}

fn stats_section(h: &mut String, page: &Page) {
    h.push_str("<section id=\"statistics\"><h2>Search statistics</h2><table class=\"stats\">");
    // the report's lines, `  name          text`: the name as the row's header
    for note in &page.notes {
        let (k, v) = note.trim().split_once(char::is_whitespace).map_or(("", note.trim()), |(k, v)| (k, v.trim()));
        let _ = write!(h, "<tr><th>{}</th><td>{}</td></tr>", escape(k), escape(v));
    }
    h.push_str("</table>");
    if page.samples.len() >= 2 {
        h.push_str("<h3>States over time</h3>");
        h.push_str(&plot::states_over_time(page.samples));
    }
    h.push_str("</section>\n");
}
