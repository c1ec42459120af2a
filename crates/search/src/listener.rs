//! Observing a search while it runs: progress lines, early stops, trace recording.
//!
//! [`SearchListener`] follows ripgrep's `Sink`: one required method, defaults for the
//! rest, and every event returns `Ok(true)` to go on, `Ok(false)` to stop the search
//! cleanly (the report then says [`crate::StopReason::Listener`]), or an error that
//! aborts it ([`crate::SearchError::Listener`]).

use crate::report::{Counterexample, Stats};

/// An error raised by a listener (e.g. it could not write its progress line).
pub type ListenerError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Events of a running search.
pub trait SearchListener {
    /// A new state was reached (in a stateless search: any state). `stats` is up to
    /// date, `elapsed` included, so a listener can print a progress line about once
    /// a second by comparing `stats.elapsed` with the last time it printed. Called
    /// very often: keep it cheap.
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError>;

    /// A violation was found (it is already part of the report).
    fn on_violation(&mut self, _found: &Counterexample, _stats: &Stats) -> Result<bool, ListenerError> {
        Ok(true)
    }

    /// Whether the listener takes [`SearchListener::on_graph`] (strategies build the
    /// graph's text only then).
    fn wants_graphs(&self) -> bool {
        false
    }

    /// An execution of a strategy that keeps a graph of it (the DPOR engine) ended:
    /// the graph in Graphviz DOT; `execution` counts from 1.
    fn on_graph(&mut self, _execution: u64, _dot: &str) -> Result<bool, ListenerError> {
        Ok(true)
    }
}

/// A listener that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoListener;

impl SearchListener for NoListener {
    fn on_state(&mut self, _stats: &Stats) -> Result<bool, ListenerError> {
        Ok(true)
    }
}

/// The listener of a search made of several searches one after the other (DFS-RB's
/// iterations, preemption bounds): what the earlier ones counted is added to every
/// event's statistics, so the listener sees one search whose counters only grow.
pub(crate) struct Continued<'a> {
    pub inner: &'a mut dyn SearchListener,
    /// the earlier searches' counters
    pub before: Stats,
    /// when the first search started
    pub started: std::time::Instant,
}

impl Continued<'_> {
    fn combined(&self, now: &Stats) -> Stats {
        let mut all = self.before.clone();
        all.add(now);
        all.elapsed = self.started.elapsed();
        all
    }
}

impl SearchListener for Continued<'_> {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        let all = self.combined(stats);
        self.inner.on_state(&all)
    }

    fn on_violation(&mut self, found: &Counterexample, stats: &Stats) -> Result<bool, ListenerError> {
        let all = self.combined(stats);
        self.inner.on_violation(found, &all)
    }

    fn wants_graphs(&self) -> bool {
        self.inner.wants_graphs()
    }

    fn on_graph(&mut self, execution: u64, dot: &str) -> Result<bool, ListenerError> {
        self.inner.on_graph(execution, dot)
    }
}
