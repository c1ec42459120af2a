//! Several searches of one program in turn, reported as one: DFS-RB's iterations,
//! the bounds of preemption bounding, the runs of a restarted search. Owns the limits each search has left, the
//! listener's view (one search whose counters only grow) and the joined report; what
//! each search does, and when to stop, stay with the strategy.

use std::time::{Duration, Instant};

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::{Continued, SearchListener};
use crate::report::{SearchReport, StopReason};
use crate::run::{Flow, SearchRun};
use crate::strategy::Strategy;
use crate::system::TransitionSystem;

/// The searches so far (see the module docs).
pub(crate) struct InTurn {
    started: Instant,
    total: Option<SearchReport>,
    /// the counterexamples the joined report keeps ([`SearchConfig::kept_violations`])
    kept: Option<usize>,
}

impl InTurn {
    /// Searches in turn under `cfg` (the whole search's).
    pub fn new(cfg: &SearchConfig) -> Self {
        InTurn { started: Instant::now(), total: None, kept: cfg.kept_violations }
    }

    /// `cfg` for the next search: what is left of its time limit (capped by `bound`)
    /// and of its state limit.
    pub fn next_config(&self, cfg: &SearchConfig, bound: Option<Duration>) -> SearchConfig {
        let left = cfg.max_time.map(|t| t.saturating_sub(self.started.elapsed()));
        let max_time = match (left, bound) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let explored = self.total.as_ref().map_or(0, |t| t.stats.states_new);
        let max_states = cfg.max_states.map(|m| m.saturating_sub(explored));
        SearchConfig { max_time, max_states, ..cfg.clone() }
    }

    /// Whether a search that started at `run_started` with its own time `budget`
    /// stopped at that budget while the whole search (`cfg`'s limit) still has time:
    /// then the strategy may start its next one.
    pub fn budget_ran_out(&self, stop: StopReason, run_started: Instant, budget: Option<Duration>, cfg: &SearchConfig) -> bool {
        stop == StopReason::MaxTime && budget.is_some_and(|b| run_started.elapsed() >= b) && cfg.max_time.is_none_or(|t| self.started.elapsed() < t)
    }

    /// One search: `explore` on a run with `cfg` whose listener sees the counts of
    /// the searches before added. Its report, to be joined with [`InTurn::join`].
    pub fn search(&mut self, name: &'static str, cfg: &SearchConfig, listener: &mut dyn SearchListener, explore: impl FnOnce(&mut SearchRun<'_>) -> Flow<()>) -> Result<SearchReport, SearchError> {
        let mut continued = self.continued(listener);
        let mut run = SearchRun::new(cfg, &mut continued);
        let result = explore(&mut run);
        run.finish(name, result)
    }

    /// One run of `strategy` with `cfg`, its listener seeing the counts of the
    /// searches before added. Its report, to be joined with [`InTurn::join`].
    pub fn run_strategy(&mut self, strategy: &mut dyn Strategy, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        strategy.search(sys, cfg, &mut self.continued(listener))
    }

    /// `listener` as the next search's: it sees the counts of the searches before
    /// added, timed from the first one's start.
    fn continued<'l>(&self, listener: &'l mut dyn SearchListener) -> Continued<'l> {
        let before = self.total.as_ref().map(|t| t.stats.clone()).unwrap_or_default();
        Continued { inner: listener, before, started: self.started }
    }

    /// Adds a search's report to those before: the joined report so far (its stop
    /// reason that of the last search).
    pub fn join(&mut self, report: SearchReport) -> &SearchReport {
        match self.total.take() {
            None => self.total.insert(report),
            Some(mut t) => {
                t.absorb(report);
                if let Some(k) = self.kept {
                    t.violations.truncate(k);
                }
                self.total.insert(t)
            }
        }
    }

    /// The joined report, timed from the first search's start; `None` if no search
    /// ran.
    pub fn finish(self) -> Option<SearchReport> {
        let mut report = self.total?;
        report.stats.elapsed = self.started.elapsed();
        Some(report)
    }
}
