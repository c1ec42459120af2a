//! What `jvmc check` prints: the human-readable report (verdict, counterexample
//! trace grouped by thread, statistics block, outcomes) and the `--json` document of
//! the CLI contract.

use std::fmt::Write as _;

use jvmc_search::{SearchReport, StopReason, Verdict};
use serde::Serialize;

use crate::trace::{TraceStep, ViolationReport};

/// The statistics of the JSON document (names fixed by the CLI contract).
#[derive(Clone, Debug, Serialize)]
pub struct JsonStats {
    pub states_new: u64,
    pub states_visited: u64,
    pub end_states: u64,
    pub transitions: u64,
    pub max_depth: usize,
    pub instructions: u64,
    pub elapsed_ms: u128,
    pub peak_rss_bytes: u64,
    pub visited_set_bytes: u64,
    pub strategy: &'static str,
    pub stop_reason: &'static str,
    /// partial-order reduction only: memory per structure and re-traversal work
    #[serde(skip_serializing_if = "Option::is_none")]
    pub por: Option<JsonPorStats>,
    /// the DPOR engine only: executions (the paper's graphs), choice points, `Maybe`
    /// nodes and replays
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<JsonEngineStats>,
    /// violations found (with --multiple-errors, also those the report does not
    /// keep) and the lengths of their traces
    #[serde(skip_serializing_if = "Option::is_none")]
    pub violations: Option<JsonViolationStats>,
    /// a parallel search (`--workers` above 1) only: how it shared its work
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallel: Option<JsonParallelStats>,
}

/// How the workers of a parallel search shared the visited set and the work.
#[derive(Clone, Debug, Serialize)]
pub struct JsonParallelStats {
    pub workers: u32,
    /// lookups in the shared visited set, and those that found their shard locked
    pub lookups: u64,
    pub contended: u64,
    /// transitions workers replayed to reach the states others gave them
    pub replayed_transitions: u64,
    /// with livelock detection: memory of the state graph the workers logged
    pub graph_bytes: u64,
}

/// Every violation a search found, counted.
#[derive(Clone, Debug, Serialize)]
pub struct JsonViolationStats {
    pub count: u64,
    pub depth_min: usize,
    pub depth_mean: f64,
}

/// What the DPOR engine made and replayed.
#[derive(Clone, Debug, Serialize)]
pub struct JsonEngineStats {
    pub executions: u64,
    pub choice_points: u64,
    pub maybe_nodes: u64,
    pub replays: u64,
    /// choice points where every runnable thread was asleep
    pub sleep_blocked: u64,
}

/// What partial-order reduction held and did.
#[derive(Clone, Debug, Serialize)]
pub struct JsonPorStats {
    /// the explored transition graph (states, edges, fingerprint index)
    pub graph_bytes: u64,
    /// the interned transition labels
    pub labels_bytes: u64,
    /// the most the per-state sets and the stack's access index held at once
    pub sets_peak_bytes: u64,
    pub retraversed_transitions: u64,
    pub full_expansions: u64,
    /// executions cut short by sleep sets (stateless DPOR)
    pub sleep_blocked: u64,
    /// stateful POR with sleep sets: visited states explored again (a thread asleep
    /// there before is awake now)
    pub sleep_reexplored: u64,
    /// `--por sleep`: the transitions of a first run that met a cycle, after which
    /// the search ran again without sleep sets (0: none)
    pub sleep_cycle_rerun: u64,
}

/// One outcome and how many end states show it.
#[derive(Clone, Debug, Serialize)]
pub struct JsonOutcome {
    pub output: String,
    pub count: u64,
}

/// The `--json` document.
#[derive(Clone, Debug, Serialize)]
pub struct JsonReport {
    pub verdict: &'static str,
    pub violation: Option<ViolationReport>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<ViolationReport>,
    pub stats: JsonStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcomes: Option<Vec<JsonOutcome>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lockset: Option<Restarts>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimized: Option<Minimized>,
    /// `--linearizability`: why tracked objects went unchecked (a constructor or a
    /// call the specification does not model)
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub linearizability_unchecked: Vec<String>,
    /// `--portfolio`: the member whose verdict this is
    #[serde(skip_serializing_if = "Option::is_none")]
    pub portfolio: Option<PortfolioWinner>,
    /// `--estimate`: the estimated tree of unreduced stateless search
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<JsonEstimate>,
}

/// What `--estimate` found: means over the walks, with standard errors.
#[derive(Clone, Debug, Serialize)]
pub struct JsonEstimate {
    pub walks: u64,
    pub cut_walks: u64,
    pub executions: f64,
    pub executions_error: f64,
    pub transitions: f64,
    pub transitions_error: f64,
    pub mean_depth: f64,
    pub elapsed_ms: u128,
}

impl JsonEstimate {
    /// The estimate and the time its walks took.
    pub fn new(e: &jvmc_search::estimate::TreeEstimate, elapsed: std::time::Duration) -> JsonEstimate {
        JsonEstimate {
            walks: e.walks,
            cut_walks: e.cut_walks,
            executions: e.executions,
            executions_error: e.executions_error,
            transitions: e.transitions,
            transitions_error: e.transitions_error,
            mean_depth: e.mean_depth,
            elapsed_ms: elapsed.as_millis(),
        }
    }
}

/// The `--estimate` line of the human-readable report.
pub fn estimate_text(e: &JsonEstimate) -> String {
    let approx = |x: f64, err: f64| {
        let rel = if x > 0.0 { err / x * 100.0 } else { 0.0 };
        format!("~{} (± {rel:.0}%)", if x < 1e15 { thousands(x.round() as u64) } else { format!("{x:.2e}") })
    };
    format!(
        "  estimate      {} executions, {} transitions of unreduced stateless search; {} walks{}, mean depth {:.1}, {:.2} s",
        approx(e.executions, e.executions_error),
        approx(e.transitions, e.transitions_error),
        thousands(e.walks),
        if e.cut_walks > 0 { format!(" ({} cut at the depth bound: an underestimate)", thousands(e.cut_walks)) } else { String::new() },
        e.mean_depth,
        e.elapsed_ms as f64 / 1000.0
    )
}

/// The portfolio member that reached the verdict first.
#[derive(Clone, Debug, Serialize)]
pub struct PortfolioWinner {
    pub algorithm: String,
    pub order: String,
    /// how many members ran
    pub members: usize,
}

/// What `--minimize` did: the first counterexample's preemptions and length
/// (transitions) before and after, and the bounded searches it took.
#[derive(Clone, Debug, Serialize)]
pub struct Minimized {
    pub from_preemptions: usize,
    pub preemptions: usize,
    pub from_transitions: usize,
    pub transitions: usize,
    /// how the last bounded search ended (`violation`: a shorter one was found)
    pub stop: &'static str,
    pub states: u64,
    pub elapsed_ms: u128,
}

/// The `--minimize` line of the human-readable report.
pub fn minimized_text(m: &Minimized) -> String {
    let what = if m.preemptions < m.from_preemptions {
        format!("{} → {} preemptions, {} → {} transitions", m.from_preemptions, m.preemptions, m.from_transitions, m.transitions)
    } else {
        format!("{} preemptions, none fewer found ({})", m.from_preemptions, m.stop)
    };
    format!("  minimized     {what}; {} states in {:.2} s", thousands(m.states), m.elapsed_ms as f64 / 1000.0)
}

/// What the locking discipline learnt (`--lockset on`): how often the search started
/// again, the time the abandoned runs took, and the keys found racy.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Restarts {
    pub restarts: u32,
    pub earlier_runs_ms: u128,
    pub racy: Vec<String>,
}

/// The restarts line of the human-readable report.
pub fn restarts_text(r: &Restarts) -> String {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    format!(
        "  lockset       {} restart{} ({:.2} s before the last run); {} key{} racy",
        r.restarts,
        plural(r.restarts as usize),
        r.earlier_runs_ms as f64 / 1000.0,
        r.racy.len(),
        plural(r.racy.len())
    )
}

impl JsonReport {
    /// Assembles the document from the search report and the described violations.
    pub fn new(report: &SearchReport, violations: &[ViolationReport], instructions: u64, with_outcomes: bool) -> JsonReport {
        let s = &report.stats;
        JsonReport {
            verdict: report.verdict().name(),
            violation: violations.first().cloned(),
            violations: if violations.len() > 1 { violations.to_vec() } else { Vec::new() },
            stats: JsonStats {
                states_new: s.states_new,
                states_visited: s.states_visited,
                end_states: s.end_states,
                transitions: s.transitions,
                max_depth: s.max_depth,
                instructions,
                elapsed_ms: s.elapsed.as_millis(),
                peak_rss_bytes: s.peak_rss_bytes,
                visited_set_bytes: s.visited_set_bytes,
                strategy: report.strategy,
                stop_reason: report.stop.name(),
                por: (s.graph_bytes > 0 || s.sleep_cycle_rerun > 0 || s.sleep_reexplored > 0).then(|| JsonPorStats {
                    graph_bytes: s.graph_bytes,
                    labels_bytes: s.labels_bytes,
                    sets_peak_bytes: s.por_sets_peak_bytes,
                    retraversed_transitions: s.retraversed_transitions,
                    full_expansions: s.full_expansions,
                    sleep_blocked: s.sleep_blocked,
                    sleep_reexplored: s.sleep_reexplored,
                    sleep_cycle_rerun: s.sleep_cycle_rerun,
                }),
                engine: s.engine.map(|e| JsonEngineStats { executions: e.executions, choice_points: e.choice_points, maybe_nodes: e.maybe_nodes, replays: e.replays, sleep_blocked: e.sleep_blocked }),
                violations: s.violation_depth_mean().map(|depth_mean| JsonViolationStats { count: s.violations, depth_min: s.violation_depth_min, depth_mean }),
                parallel: (s.workers > 1).then_some(JsonParallelStats {
                    workers: s.workers,
                    lookups: s.parallel_lookups,
                    contended: s.parallel_contended,
                    replayed_transitions: s.replayed_transitions,
                    graph_bytes: s.parallel_graph_bytes,
                }),
            },
            outcomes: with_outcomes.then(|| report.outcomes.iter().map(|(o, &c)| JsonOutcome { output: o.clone(), count: c }).collect()),
            lockset: None,
            linearizability_unchecked: Vec::new(),
            portfolio: None,
            minimized: None,
            estimate: None,
        }
    }
}

/// `1234567` → `1,234,567`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Bytes for people: `12.3 MB`.
pub fn bytes(n: u64) -> String {
    let n = n as f64;
    if n >= 1e9 {
        format!("{:.2} GB", n / 1e9)
    } else if n >= 1e6 {
        format!("{:.1} MB", n / 1e6)
    } else if n >= 1e3 {
        format!("{:.1} kB", n / 1e3)
    } else {
        format!("{n} B")
    }
}

/// A violation with its trace, grouped by thread.
pub fn violation_text(v: &ViolationReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "error: {}: {}", v.kind, v.message);
    if let Some(t) = &v.thread {
        let _ = writeln!(s, "  in thread \"{t}\"");
    }
    for f in &v.stack {
        let _ = writeln!(s, "      at {f}");
    }
    for t in &v.threads {
        let _ = writeln!(s, "  thread \"{}\": {}", t.name, t.state);
        for f in &t.stack {
            let _ = writeln!(s, "      at {f}");
        }
    }
    let _ = writeln!(s);
    s.push_str(&trace_text(&v.trace, v.cycle_start));
    s
}

/// The transitions of a trace, one line each, with a header whenever the thread
/// changes and the program's output under the transition that printed it. A
/// livelock's cycle (from `cycle_start` on) is marked.
pub fn trace_text(trace: &[TraceStep], cycle_start: Option<usize>) -> String {
    let mut s = String::new();
    let preemptions = crate::trace::preemptions(trace);
    let _ = writeln!(s, "trace ({} transitions, {preemptions} preemption{}):", trace.len(), if preemptions == 1 { "" } else { "s" });
    let width = trace.iter().map(|t| t.location.len()).max().unwrap_or(0).min(70);
    let mut current = None;
    for (i, t) in trace.iter().enumerate() {
        if cycle_start == Some(i) {
            let _ = writeln!(s, "  ══ the cycle: from here on, the transitions repeat forever ══");
            current = None;
        }
        if current != Some(t.thread) || t.preempts {
            let preempting = if t.preempts { ", preempting" } else { "" };
            let _ = writeln!(s, "  ── thread \"{}\" (#{}){preempting} ──", t.thread_name, t.thread);
            current = Some(t.thread);
        }
        let _ = writeln!(s, "  {:>4}  {:<width$}  {}", i + 1, t.location, t.operation);
        for line in t.output.lines() {
            let _ = writeln!(s, "        | {line}");
        }
    }
    s
}

/// The statistics block.
pub fn stats_text(report: &SearchReport, instructions: u64) -> String {
    let st = &report.stats;
    let secs = st.elapsed.as_secs_f64();
    let per_sec = if secs > 0.0 { (st.states_new as f64 / secs) as u64 } else { 0 };
    let per_state = if st.states_new > 0 && st.visited_set_bytes > 0 { format!(" ({:.1} B/state)", st.visited_set_bytes as f64 / st.states_new as f64) } else { String::new() };
    let mut s = String::new();
    let _ = writeln!(s, "statistics:");
    let workers = if st.workers > 1 { format!(", {} workers", st.workers) } else { String::new() };
    let _ = writeln!(s, "  search        {} ({}{workers})", report.strategy, report.stop.name());
    let _ = writeln!(s, "  states        {} new, {} visited, {} end", thousands(st.states_new), thousands(st.states_visited), thousands(st.end_states));
    let _ = writeln!(s, "  transitions   {} (max depth {})", thousands(st.transitions), st.max_depth);
    let _ = writeln!(s, "  instructions  {}", thousands(instructions));
    let _ = writeln!(s, "  time          {secs:.2} s ({} states/s)", thousands(per_sec));
    let _ = writeln!(s, "  memory        peak RSS {}, visited set {}{per_state}", bytes(st.peak_rss_bytes), bytes(st.visited_set_bytes));
    if let Some(mean) = st.violation_depth_mean().filter(|_| st.violations > report.violations.len() as u64) {
        let _ = writeln!(s, "  violations    {} found, {} kept; traces of {} transitions or more, {mean:.1} on average", thousands(st.violations), report.violations.len(), st.violation_depth_min);
    }
    if st.graph_bytes > 0 {
        let _ = writeln!(
            s,
            "  reduction     graph {}, labels {}, sets {} (peak); {} transitions re-traversed, {} states fully expanded{}{}{}",
            bytes(st.graph_bytes),
            bytes(st.labels_bytes),
            bytes(st.por_sets_peak_bytes),
            thousands(st.retraversed_transitions),
            thousands(st.full_expansions),
            if st.sleep_blocked > 0 { format!(", {} executions sleep-blocked", thousands(st.sleep_blocked)) } else { String::new() },
            if st.sleep_reexplored > 0 { format!(", {} visited states explored again (sleep sets)", thousands(st.sleep_reexplored)) } else { String::new() },
            if st.sleep_cycle_rerun > 0 { format!("; the program has a cycle: searched again without sleep sets after {} transitions", thousands(st.sleep_cycle_rerun)) } else { String::new() }
        );
    }
    if st.workers > 1 {
        let share = |part: u64, whole: u64| if whole > 0 { 100.0 * part as f64 / whole as f64 } else { 0.0 };
        let _ = writeln!(
            s,
            "  parallel      {} workers; {} lookups of the shared visited set, {:.3}% found their shard locked; {} transitions replayed to share work ({:.2}% of those explored){}",
            st.workers,
            thousands(st.parallel_lookups),
            share(st.parallel_contended, st.parallel_lookups),
            thousands(st.replayed_transitions),
            share(st.replayed_transitions, st.transitions),
            if st.parallel_graph_bytes > 0 { format!("; state graph logged for livelock detection {}", bytes(st.parallel_graph_bytes)) } else { String::new() }
        );
    }
    if let Some(e) = st.engine {
        let _ = writeln!(
            s,
            "  engine        {} executions (graphs), {} choice points, {} Maybe nodes, {} replays, {} sleep-blocked",
            thousands(e.executions),
            thousands(e.choice_points),
            thousands(e.maybe_nodes),
            thousands(e.replays),
            thousands(e.sleep_blocked)
        );
    }
    s
}

/// The outcomes, most frequent first, like jcstress.
pub fn outcomes_text(report: &SearchReport) -> String {
    let mut rows: Vec<(&String, &u64)> = report.outcomes.iter().collect();
    rows.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let mut s = String::new();
    let _ = writeln!(s, "outcomes ({} distinct, over {} end states):", rows.len(), thousands(report.stats.end_states));
    for (out, count) in rows {
        let _ = writeln!(s, "  {:>8}  {:?}", thousands(*count), out);
    }
    s
}

/// The one-line verdict.
pub fn verdict_line(report: &SearchReport) -> String {
    verdict_text(report.verdict(), report.violations.len(), report.stop.name())
}

/// The one-line verdict of a search that found `violations` and stopped for the
/// reason named `stop` ([`StopReason::name`]).
pub fn verdict_text(verdict: Verdict, violations: usize, stop: &str) -> String {
    match verdict {
        Verdict::Ok => "no violation: every reachable state was explored".to_string(),
        Verdict::Violation => format!("{violations} violation{} found", if violations == 1 { "" } else { "s" }),
        Verdict::Incomplete if stop == StopReason::Pruned.name() => "no violation found, but the search is incomplete (it backtracked early and left parts of the state space unexplored)".to_string(),
        Verdict::Incomplete => format!("no violation found, but the search is incomplete ({stop} reached)"),
    }
}
