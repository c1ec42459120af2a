//! What a search found: the verdict, the counterexamples, statistics and outcomes.
//!
//! A [`SearchReport`] is the whole result of [`crate::Strategy::search`]. Its
//! [`SearchReport::verdict`] is what the CLI maps to an exit status and to the JSON
//! `verdict` field; [`StopReason`] says why the search ended (finished, or which
//! limit cut it short).

use std::collections::BTreeMap;
use std::time::Duration;

use crate::system::{Limit, Move, Transition, Violation};

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// Everything reachable was explored.
    Complete,
    /// Everything reachable within the depth limit was explored, but some states at
    /// the limit were not expanded: the search is incomplete.
    DepthLimit,
    /// A violation was found and [`crate::SearchConfig::multiple_errors`] is off.
    Violation,
    /// [`crate::SearchConfig::max_states`] new states were explored and there were
    /// more.
    MaxStates,
    /// [`crate::SearchConfig::max_time`] ran out.
    MaxTime,
    /// [`crate::SearchConfig::max_memory`] was exceeded.
    MaxMemory,
    /// Random search made the configured number of walks
    /// ([`crate::SearchConfig::walks`]).
    Walks,
    /// The listener asked to stop.
    Listener,
    /// A randomized search (DFS-RB) ended having left transitions unexplored on
    /// purpose: it found nothing, but it did not look everywhere.
    Pruned,
}

impl From<Limit> for StopReason {
    fn from(limit: Limit) -> Self {
        match limit {
            Limit::Time => StopReason::MaxTime,
            Limit::Memory => StopReason::MaxMemory,
        }
    }
}

impl StopReason {
    /// A short name for reports (`complete`, `depth-limit`, `violation`, `max-states`,
    /// `max-time`, `max-memory`, `walks`, `listener`, `pruned`).
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Complete => "complete",
            StopReason::DepthLimit => "depth-limit",
            StopReason::Violation => "violation",
            StopReason::MaxStates => "max-states",
            StopReason::MaxTime => "max-time",
            StopReason::MaxMemory => "max-memory",
            StopReason::Walks => "walks",
            StopReason::Listener => "listener",
            StopReason::Pruned => "pruned",
        }
    }
}

/// The overall verdict (the CLI's `verdict` and exit status).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No violation, and the search was complete.
    Ok,
    /// At least one violation was found.
    Violation,
    /// No violation, but the search was cut short.
    Incomplete,
}

impl Verdict {
    /// `ok`, `violation` or `incomplete`, as in the JSON report.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::Violation => "violation",
            Verdict::Incomplete => "incomplete",
        }
    }
}

/// A violation and how to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// what went wrong (kind, message, thread)
    pub violation: Violation,
    /// the transitions from the initial state; for a violation raised by a step, the
    /// last one is that step; for a deadlock, they lead to the deadlocked state.
    /// Replaying the moves of `trace` in order from the initial state reproduces
    /// it. For a livelock the trace is a lasso: a stem, then one round of the cycle,
    /// which ends where it started.
    pub trace: Vec<Transition>,
    /// for a livelock: the index in `trace` where the cycle starts (the state after
    /// `trace[..cycle_start]` is the state after the whole trace)
    pub cycle_start: Option<usize>,
}

impl Counterexample {
    /// The moves of the trace, in order.
    pub fn schedule(&self) -> Vec<Move> {
        self.trace.iter().map(Transition::mv).collect()
    }
}

/// Counters of a search. In a stateless search nothing is matched: every state
/// reached counts as new and `states_visited` stays 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// distinct states explored (including the initial one)
    pub states_new: u64,
    /// times a transition led to a state already explored
    pub states_visited: u64,
    /// new states that are terminal (the program ended)
    pub end_states: u64,
    /// transitions executed by the exploration (replays not included)
    pub transitions: u64,
    /// transitions re-executed only to re-materialise a state (BFS's reset and
    /// replay)
    pub replayed_transitions: u64,
    /// new states at the depth limit, not expanded
    pub depth_cutoffs: u64,
    /// the largest depth reached
    pub max_depth: usize,
    /// wall-clock time since the search started
    pub elapsed: Duration,
    /// peak resident set of the process (`VmHWM`), in bytes; 0 if unknown
    pub peak_rss_bytes: u64,
    /// memory of the visited set, in bytes
    pub visited_set_bytes: u64,
    /// partial-order reduction: memory of the explored transition graph (states,
    /// edges, fingerprint index), in bytes; 0 for other strategies
    pub graph_bytes: u64,
    /// partial-order reduction: memory of the interned transition labels, in bytes
    pub labels_bytes: u64,
    /// partial-order reduction: the largest memory held at once by the per-state
    /// `done`/`backtrack`/`current` sets and the stack's access index, in bytes
    pub por_sets_peak_bytes: u64,
    /// partial-order reduction: transitions walked again by re-traversals of the
    /// explored graph (dependency tracking)
    pub retraversed_transitions: u64,
    /// partial-order reduction: states expanded fully because they close a cycle
    /// (the stack proviso) or their dependency information was incomplete
    pub full_expansions: u64,
    /// partial-order reduction with sleep sets: executions cut short because every
    /// enabled thread was asleep (redundant ones, which an optimal algorithm avoids)
    pub sleep_blocked: u64,
    /// stateful partial-order reduction with sleep sets: visited states explored
    /// again because a thread asleep when they were explored is awake now
    pub sleep_reexplored: u64,
    /// sleep sets until a cycle (`--por sleep`): the transitions of a first run that
    /// met a cycle, after which the search ran again without sleep sets (0: no such
    /// run; `transitions` counts both runs' transitions)
    pub sleep_cycle_rerun: u64,
    /// the DPOR engine only: what it made and replayed
    pub engine: Option<crate::engine::EngineCounts>,
    /// violations found, including those a report does not keep
    /// ([`crate::SearchConfig::kept_violations`])
    pub violations: u64,
    /// the shortest trace of a violation (transitions; 0 before the first)
    pub violation_depth_min: usize,
    /// the lengths of all violations' traces, summed (their mean: divided by
    /// `violations`)
    pub violation_depth_sum: u64,
    /// parallel search ([`crate::parallel`]): the worker threads that explored; 0 for
    /// a sequential search
    pub workers: u32,
    /// parallel search: lookups of states in the shared visited set (one for each
    /// state reached, new or not)
    pub parallel_lookups: u64,
    /// parallel search: those of `parallel_lookups` that found their shard of the
    /// shared visited set locked by another worker and had to wait
    pub parallel_contended: u64,
    /// parallel search with livelock detection: memory of the state graph the
    /// workers logged for it, in bytes
    pub parallel_graph_bytes: u64,
}

impl Stats {
    /// Counts one more violation, whose trace is `depth` transitions long.
    pub(crate) fn count_violation(&mut self, depth: usize) {
        self.violation_depth_min = if self.violations == 0 { depth } else { self.violation_depth_min.min(depth) };
        self.violations += 1;
        self.violation_depth_sum += depth as u64;
    }

    /// The mean length of the violations' traces (`None` before the first).
    pub fn violation_depth_mean(&self) -> Option<f64> {
        (self.violations > 0).then(|| self.violation_depth_sum as f64 / self.violations as f64)
    }

    /// Adds the counters of a later search of the same program: counts summed, depth
    /// and memory figures the larger, the later elapsed time.
    pub fn add(&mut self, later: &Stats) {
        self.states_new += later.states_new;
        self.states_visited += later.states_visited;
        self.end_states += later.end_states;
        self.transitions += later.transitions;
        self.depth_cutoffs += later.depth_cutoffs;
        self.max_depth = self.max_depth.max(later.max_depth);
        self.violation_depth_min = match (self.violations, later.violations) {
            (0, _) => later.violation_depth_min,
            (_, 0) => self.violation_depth_min,
            _ => self.violation_depth_min.min(later.violation_depth_min),
        };
        self.violations += later.violations;
        self.violation_depth_sum += later.violation_depth_sum;
        self.peak_rss_bytes = self.peak_rss_bytes.max(later.peak_rss_bytes);
        self.visited_set_bytes = self.visited_set_bytes.max(later.visited_set_bytes);
        self.workers = self.workers.max(later.workers);
        self.sleep_reexplored += later.sleep_reexplored;
        self.parallel_lookups += later.parallel_lookups;
        self.parallel_contended += later.parallel_contended;
        self.parallel_graph_bytes = self.parallel_graph_bytes.max(later.parallel_graph_bytes);
        self.elapsed = later.elapsed;
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchReport {
    /// the strategy that ran
    pub strategy: &'static str,
    /// why it ended
    pub stop: StopReason,
    /// the violations found, in the order found (at most one unless
    /// [`crate::SearchConfig::multiple_errors`])
    pub violations: Vec<Counterexample>,
    /// counters
    pub stats: Stats,
    /// outcome → count, if [`crate::SearchConfig::collect_outcomes`]: the number of
    /// distinct new end states with that outcome (stateful), or of paths ending with
    /// it (stateless). End states without an outcome are not counted here.
    pub outcomes: BTreeMap<String, u64>,
}

impl SearchReport {
    /// The report of a search run again without sleep sets, begun at `started`,
    /// after `first`, with them, met a cycle (`--por sleep`): its own, with the first
    /// run's transitions counted too ([`Stats::sleep_cycle_rerun`]).
    pub(crate) fn after_sleep_sets_met_a_cycle(mut self, first: &SearchReport, started: std::time::Instant) -> SearchReport {
        self.stats.sleep_cycle_rerun = first.stats.transitions;
        self.stats.transitions += first.stats.transitions;
        self.stats.elapsed = started.elapsed();
        self
    }

    /// Whether the whole reachable state space (within no limit) was explored.
    pub fn is_complete(&self) -> bool {
        self.stop == StopReason::Complete
    }

    /// Adds the report of a later search of the same program (an iteration of DFS-RB
    /// or of preemption bounding) to this one: counts summed, memory figures the
    /// larger, outcomes and violations joined, the later stop reason.
    pub fn absorb(&mut self, later: SearchReport) {
        self.stats.add(&later.stats);
        for (o, c) in later.outcomes {
            *self.outcomes.entry(o).or_default() += c;
        }
        self.violations.extend(later.violations);
        self.stop = later.stop;
    }

    /// The verdict: any violation wins; otherwise ok only if complete.
    pub fn verdict(&self) -> Verdict {
        if !self.violations.is_empty() {
            Verdict::Violation
        } else if self.is_complete() {
            Verdict::Ok
        } else {
            Verdict::Incomplete
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::ViolationKind;

    fn report(stop: StopReason, violations: usize) -> SearchReport {
        let v = Counterexample {
            violation: Violation { kind: ViolationKind::Deadlock, message: "d".into(), thread: None },
            trace: vec![Transition::new(3, vec![])],
            cycle_start: None,
        };
        SearchReport { strategy: "dfs", stop, violations: vec![v; violations], stats: Stats::default(), outcomes: BTreeMap::new() }
    }

    #[test]
    fn verdicts() {
        assert_eq!(report(StopReason::Complete, 0).verdict(), Verdict::Ok);
        assert_eq!(report(StopReason::Complete, 2).verdict(), Verdict::Violation);
        assert_eq!(report(StopReason::Violation, 1).verdict(), Verdict::Violation);
        assert_eq!(report(StopReason::DepthLimit, 0).verdict(), Verdict::Incomplete);
        assert_eq!(report(StopReason::MaxTime, 0).verdict(), Verdict::Incomplete);
        assert_eq!(Verdict::Incomplete.name(), "incomplete");
        assert_eq!(StopReason::MaxStates.name(), "max-states");
        assert_eq!(report(StopReason::Complete, 1).violations[0].schedule(), vec![Move::new(3, 0)]);
    }
}
