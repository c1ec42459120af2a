//! The bookkeeping every strategy shares: state matching, statistics, limits,
//! violations, outcomes, the listener, and the final report.
//!
//! A strategy decides *which* transition to take next; [`SearchRun`] does everything
//! else the same way for all of them, so that "a deadlock", "an end state", "a limit"
//! or "a new state" mean the same thing whichever strategy runs:
//! - [`SearchRun::begin`] resets the system and hands it the limits to check inside
//!   long transitions;
//! - [`SearchRun::step`] executes a transition, counts it, and checks the time and
//!   memory limits (a limit the system reports from inside the transition stops the
//!   search just as cleanly);
//! - [`SearchRun::observe`] matches the current state against the visited set (and
//!   the exact store), counts it, enforces `max_states` and tells the listener;
//! - [`SearchRun::classify`] decides what a state is: an end state (outcome recorded),
//!   a deadlock (violation recorded), cut off by the depth limit, or to be expanded;
//! - [`SearchRun::violation`] records a counterexample and stops unless
//!   `multiple_errors`; [`SearchRun::livelock`] does the same for a fair cycle;
//! - [`SearchRun::finish`] turns the result into a [`SearchReport`].
//!
//! Early stops travel as [`Halt`] through `?`, so strategy code reads straight.
//!
//! A run matches states against its own visited set, or — one worker of the parallel
//! search ([`SearchRun::new_shared`]) — against the set all workers share
//! ([`SharedStates`]), which also counts new states against `max_states` for all of
//! them together.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use jvmc_state::{ExactStore, FingerprintError, VisitedSet};

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::memory;
use crate::parallel::SharedStates;
use crate::report::{Counterexample, SearchReport, Stats, StopReason};
use crate::liveness::FairCycle;
use crate::system::{Fingerprint, LimitReached, Move, Step, SystemError, ThreadId, Transition, TransitionSystem, Violation, ViolationKind};

/// The time limit is checked every this many transitions (a power of two).
const TIME_SAMPLE_PERIOD: u64 = 64;
/// The memory limit is checked every this many transitions (a power of two).
const MEMORY_SAMPLE_PERIOD: u64 = 1024;
const _: () = assert!(TIME_SAMPLE_PERIOD.is_power_of_two() && MEMORY_SAMPLE_PERIOD.is_power_of_two());

/// Why a strategy's loop ends early: a clean stop (with a report) or an error.
#[derive(Debug)]
pub(crate) enum Halt {
    /// stop exploring; report why
    Stop(StopReason),
    /// abort: no report
    Error(SearchError),
}

impl From<SearchError> for Halt {
    fn from(e: SearchError) -> Self {
        Halt::Error(e)
    }
}

impl From<SystemError> for Halt {
    fn from(e: SystemError) -> Self {
        match e.downcast_ref::<LimitReached>() {
            Some(&LimitReached(limit)) => Halt::Stop(limit.into()),
            None => Halt::Error(SearchError::System(e)),
        }
    }
}

impl From<FingerprintError> for Halt {
    fn from(e: FingerprintError) -> Self {
        Halt::Error(SearchError::Fingerprint(e))
    }
}

/// The result type of strategy internals.
pub(crate) type Flow<T> = Result<T, Halt>;

/// How a state was matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    /// first time (always, in a stateless search)
    pub new: bool,
    /// its fingerprint (`None` in a stateless search, which does not compute it)
    pub fp: Option<Fingerprint>,
}

/// What to do with a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    /// expand it: these threads are enabled (ascending)
    Expand(Vec<ThreadId>),
    /// do not expand it (end state, deadlock, depth limit, or already explored)
    Leaf,
}

/// Shared state of one running search (see the module docs).
pub(crate) struct SearchRun<'a> {
    cfg: &'a SearchConfig,
    listener: &'a mut dyn SearchListener,
    /// counters so far
    pub stats: Stats,
    states: States<'a>,
    violations: Vec<Counterexample>,
    outcomes: BTreeMap<String, u64>,
    started: Instant,
    depth_cut: bool,
    peak_rss: u64,
}

/// Where a run matches states.
enum States<'a> {
    /// its own visited set (and exact store): a sequential search
    Own { visited: VisitedSet, exact: Option<ExactStore> },
    /// the set the workers of a parallel search share
    Shared(&'a SharedStates),
}

impl States<'_> {
    fn bytes(&self) -> u64 {
        match self {
            States::Own { visited, .. } => visited.bytes(),
            States::Shared(shared) => shared.bytes(),
        }
    }
}

impl<'a> SearchRun<'a> {
    /// Starts the clock.
    pub fn new(cfg: &'a SearchConfig, listener: &'a mut dyn SearchListener) -> Self {
        let exact = (cfg.exact_states && !cfg.stateless).then(ExactStore::new);
        Self::with_states(cfg, listener, States::Own { visited: VisitedSet::new(), exact }, Instant::now())
    }

    /// A worker of a parallel search: states are matched against `shared` (exact
    /// store and `max_states` included), the clock started at `started`.
    pub fn new_shared(cfg: &'a SearchConfig, listener: &'a mut dyn SearchListener, shared: &'a SharedStates, started: Instant) -> Self {
        Self::with_states(cfg, listener, States::Shared(shared), started)
    }

    fn with_states(cfg: &'a SearchConfig, listener: &'a mut dyn SearchListener, states: States<'a>, started: Instant) -> Self {
        SearchRun {
            cfg,
            listener,
            stats: Stats::default(),
            states,
            violations: Vec::new(),
            outcomes: BTreeMap::new(),
            started,
            depth_cut: false,
            peak_rss: 0,
        }
    }

    /// The configuration.
    pub fn cfg(&self) -> &'a SearchConfig {
        self.cfg
    }

    /// Brings the system to its initial state and tells it the limits to check
    /// inside transitions. Every strategy starts with this.
    pub fn begin(&mut self, sys: &mut dyn TransitionSystem) -> Flow<()> {
        sys.set_limits(self.cfg.step_limits(self.started));
        sys.reset()?;
        Ok(())
    }

    /// The moves of the `enabled` threads: each thread's branches, in order.
    pub fn moves(sys: &mut dyn TransitionSystem, enabled: &[ThreadId]) -> Vec<Move> {
        let mut out = Vec::with_capacity(enabled.len());
        for &t in enabled {
            out.extend((0..sys.branches(t).max(1)).map(|b| Move::new(t, b)));
        }
        out
    }

    /// Executes `mv`, counts it, and checks the time and memory limits (sampled).
    pub fn step(&mut self, sys: &mut dyn TransitionSystem, mv: Move) -> Flow<Step> {
        let step = sys.step(mv)?;
        self.stats.transitions += 1;
        let n = self.stats.transitions;
        if n & (TIME_SAMPLE_PERIOD - 1) == 0 {
            if let Some(max) = self.cfg.max_time {
                if self.started.elapsed() >= max {
                    return Err(Halt::Stop(StopReason::MaxTime));
                }
            }
        }
        if n & (MEMORY_SAMPLE_PERIOD - 1) == 0 {
            if let Some(max) = self.cfg.max_memory {
                let rss = memory::resident_set_bytes().unwrap_or(0);
                self.peak_rss = self.peak_rss.max(rss);
                if rss > max {
                    return Err(Halt::Stop(StopReason::MaxMemory));
                }
            }
        }
        Ok(step)
    }

    /// Matches the current state, reached at `depth`, against the states explored so
    /// far and counts it. A new state beyond `max_states` stops the search; every new
    /// state is shown to the listener.
    pub fn observe(&mut self, sys: &mut dyn TransitionSystem, depth: usize) -> Flow<Seen> {
        let fp = if self.cfg.stateless { None } else { Some(sys.fingerprint()) };
        self.record(sys, fp, depth)
    }

    /// [`Self::observe`] for a state that was explored before; `None` (nothing
    /// recorded or counted) if the current state is new, or the search is stateless.
    pub fn revisit(&mut self, sys: &mut dyn TransitionSystem, depth: usize) -> Flow<Option<Seen>> {
        if self.cfg.stateless {
            return Ok(None);
        }
        let fp = sys.fingerprint();
        let known = match &self.states {
            States::Own { visited, .. } => visited.contains(fp),
            States::Shared(shared) => shared.contains(fp),
        };
        if !known {
            return Ok(None);
        }
        self.record(sys, Some(fp), depth).map(Some)
    }

    /// Counts a state a stateless search reached again on its own path (its future is
    /// being explored from there): a visited state, not expanded.
    pub fn repeated(&mut self, depth: usize) {
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.stats.states_visited += 1;
    }

    /// Counts the current state, with fingerprint `fp` (`None`: stateless).
    fn record(&mut self, sys: &mut dyn TransitionSystem, fp: Option<Fingerprint>, depth: usize) -> Flow<Seen> {
        self.stats.max_depth = self.stats.max_depth.max(depth);
        let new = match fp {
            None => true,
            Some(fp) => match &mut self.states {
                States::Own { visited, exact } => {
                    if let Some(exact) = exact {
                        let encoding = sys.encode().ok_or(SearchError::NoEncoding)?;
                        exact.insert(fp, &encoding)?;
                    }
                    visited.insert(fp)
                }
                States::Shared(shared) => {
                    self.stats.parallel_lookups += 1;
                    shared.insert(sys, fp)?
                }
            },
        };
        if !new {
            self.stats.states_visited += 1;
            return Ok(Seen { new, fp });
        }
        let over = match &self.states {
            States::Own { .. } => self.cfg.max_states.is_some_and(|max| self.stats.states_new >= max),
            States::Shared(shared) => !shared.admit(self.cfg.max_states),
        };
        if over {
            return Err(Halt::Stop(StopReason::MaxStates));
        }
        self.stats.states_new += 1;
        self.stats.elapsed = self.started.elapsed();
        if fp.is_some() {
            self.stats.visited_set_bytes = self.states.bytes();
        }
        if !self.listener.on_state(&self.stats).map_err(SearchError::Listener)? {
            return Err(Halt::Stop(StopReason::Listener));
        }
        Ok(Seen { new, fp })
    }

    /// What to do with the current state, at `depth`, reached by `path`. A `new` state
    /// is counted: as an end state (with its outcome), as a deadlock (a violation), or
    /// as cut off by the depth limit. A known state is only classified (random walks
    /// go on through known states).
    pub fn classify(&mut self, sys: &mut dyn TransitionSystem, depth: usize, new: bool, path: &[Transition]) -> Flow<Node> {
        if sys.is_terminal() {
            if new {
                self.stats.end_states += 1;
                if self.cfg.collect_outcomes {
                    if let Some(outcome) = sys.outcome() {
                        *self.outcomes.entry(outcome).or_insert(0) += 1;
                    }
                }
            }
            return Ok(Node::Leaf);
        }
        let enabled = sys.enabled();
        if enabled.is_empty() {
            if new {
                let deadlock = Violation {
                    kind: ViolationKind::Deadlock,
                    message: "no thread can run, but the program has not ended".to_string(),
                    thread: None,
                };
                self.violation(deadlock, path)?;
            }
            return Ok(Node::Leaf);
        }
        if self.cfg.depth_limit.is_some_and(|limit| depth >= limit) {
            self.depth_cut = true;
            if new {
                self.stats.depth_cutoffs += 1;
            }
            return Ok(Node::Leaf);
        }
        Ok(Node::Expand(enabled))
    }

    /// Records a violation reached by `path`; stops the search unless
    /// `multiple_errors` (or if the listener says so).
    pub fn violation(&mut self, violation: Violation, path: &[Transition]) -> Flow<()> {
        self.record_counterexample(Counterexample { violation, trace: path.to_vec(), cycle_start: None })
    }

    /// Records a livelock: `path` leads to the first state of the component the fair
    /// cycle `found` lies in (see `liveness.rs`). Stops like [`Self::violation`].
    pub fn livelock(&mut self, path: &[Transition], found: FairCycle) -> Flow<()> {
        self.record_counterexample(livelock_counterexample(path, found))
    }

    fn record_counterexample(&mut self, found: Counterexample) -> Flow<()> {
        self.stats.elapsed = self.started.elapsed();
        self.stats.count_violation(found.trace.len());
        let go_on = self.listener.on_violation(&found, &self.stats).map_err(SearchError::Listener)?;
        if self.cfg.keeps_another(self.violations.len()) {
            self.violations.push(found);
        }
        if !go_on {
            return Err(Halt::Stop(StopReason::Listener));
        }
        if !self.cfg.multiple_errors {
            return Err(Halt::Stop(StopReason::Violation));
        }
        Ok(())
    }

    /// Whether the listener takes graphs ([`SearchListener::on_graph`]).
    pub fn wants_graphs(&self) -> bool {
        self.listener.wants_graphs()
    }

    /// Hands the graph of execution `execution` (DOT) to the listener.
    pub fn graph(&mut self, execution: u64, dot: &str) -> Flow<()> {
        if self.listener.on_graph(execution, dot).map_err(SearchError::Listener)? {
            Ok(())
        } else {
            Err(Halt::Stop(StopReason::Listener))
        }
    }

    /// The report: `result` is how the strategy's loop ended (`Ok` when it ran out of
    /// work: complete, or complete up to the depth limit).
    pub fn finish(mut self, strategy: &'static str, result: Flow<()>) -> Result<SearchReport, SearchError> {
        let stop = match result {
            Ok(()) if self.depth_cut => StopReason::DepthLimit,
            Ok(()) => StopReason::Complete,
            Err(Halt::Stop(reason)) => reason,
            Err(Halt::Error(e)) => return Err(e),
        };
        self.stats.elapsed = self.started.elapsed();
        self.stats.visited_set_bytes = if self.cfg.stateless { 0 } else { self.states.bytes() };
        self.stats.peak_rss_bytes = memory::peak_resident_set_bytes().unwrap_or(0).max(self.peak_rss);
        Ok(SearchReport { strategy, stop, violations: self.violations, stats: self.stats, outcomes: self.outcomes })
    }
}

/// The counterexample of a livelock: `path` leads to the first state of the
/// component the fair cycle `found` lies in; the stem and the cycle follow, unlabelled.
pub(crate) fn livelock_counterexample(path: &[Transition], found: FairCycle) -> Counterexample {
    let unlabelled = |m: &Move| Transition { thread: m.thread, branch: m.branch, accesses: Vec::new() };
    let mut trace = path.to_vec();
    trace.extend(found.stem.iter().map(unlabelled));
    let cycle_start = trace.len();
    trace.extend(found.cycle.iter().map(unlabelled));
    let threads: BTreeSet<ThreadId> = found.cycle.iter().map(|m| m.thread).collect();
    let names: Vec<String> = threads.iter().map(ThreadId::to_string).collect();
    let message = format!(
        "the program can run forever: a fair cycle of {} transition{} by thread{} {} repeats without end",
        found.cycle.len(),
        if found.cycle.len() == 1 { "" } else { "s" },
        if names.len() == 1 { "" } else { "s" },
        names.join(", ")
    );
    let violation = Violation { kind: ViolationKind::Livelock, message, thread: None };
    Counterexample { violation, trace, cycle_start: Some(cycle_start) }
}
