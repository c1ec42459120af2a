//! What a search is asked to do: limits and modes shared by every strategy.
//!
//! [`SearchConfig`] is plain data with public fields and a [`Default`] (no limits,
//! stop at the first violation, stateful, seed 0). Every strategy reads it the same
//! way; options that only make sense for one strategy say so in their docs.

use std::time::{Duration, Instant};

use crate::rng::SearchRng;
use crate::system::StepLimits;
use crate::strategy::rb_config::RbConfig;

/// Limits and modes of one search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchConfig {
    /// States at this depth (number of transitions from the initial state) are not
    /// expanded; the search then reports [`crate::StopReason::DepthLimit`] if any
    /// state was cut off. `None`: unbounded.
    pub depth_limit: Option<usize>,
    /// Stop with [`crate::StopReason::MaxStates`] instead of exploring more than this
    /// many new states.
    pub max_states: Option<u64>,
    /// Stop with [`crate::StopReason::MaxTime`] after this much time (checked every
    /// 64 transitions).
    pub max_time: Option<Duration>,
    /// Stop with [`crate::StopReason::MaxMemory`] once this process's resident set
    /// (`VmRSS`, Linux only) exceeds this many bytes (sampled every 1024
    /// transitions).
    pub max_memory: Option<u64>,
    /// Go on after a violation and report every one found; `false` (the default)
    /// stops at the first.
    pub multiple_errors: bool,
    /// With `multiple_errors`: keep at most this many counterexamples in the report
    /// (every violation is still counted in [`crate::Stats::violations`]); `None`:
    /// keep all.
    pub kept_violations: Option<usize>,
    /// Do not store states: explore every path (bounded by `depth_limit`). Only
    /// useful on acyclic systems or with a depth limit.
    pub stateless: bool,
    /// Seed of the strategy's random choices (random search, random orders).
    pub seed: u64,
    /// Test mode: keep every state's canonical encoding and fail on a fingerprint
    /// collision or an unstable fingerprint (needs [`crate::TransitionSystem::encode`]).
    /// Ignored by stateless searches, which store nothing.
    pub exact_states: bool,
    /// Record the outcome ([`crate::TransitionSystem::outcome`]) of end states.
    pub collect_outcomes: bool,
    /// Random search: the number of walks to make (`None`: until another limit
    /// stops it). Other strategies ignore it.
    pub walks: Option<u64>,
    /// Partial-order reduction, DFS and DFS-RB: the order in which a state's
    /// candidate threads are tried. Other strategies try threads in ascending order.
    pub order: ThreadOrder,
    /// Partial-order reduction: try first a transition that leads to an already
    /// visited state, if there is one (the stateful POR paper's enumeration; finding
    /// one costs executing candidates and undoing those that lead to new states).
    pub visited_first: bool,
    /// Report livelocks: fair cycles of the state graph, along which the program runs
    /// forever without ending (see `liveness.rs` for the fairness assumption and
    /// which strategies find which cycles).
    pub liveness: bool,
    /// DFS-RB: its configuration (`None`: the paper's best-ranked one, see
    /// [`RbConfig::default`]). Other strategies ignore it.
    pub rb: Option<RbConfig>,
    /// PCT: the bug depth `d` (`d - 1` priority change points per walk; 0: the
    /// default, 3). Other strategies ignore it.
    pub pct_depth: usize,
    /// Preemption-bounded search: the bound (`None`: 0, 1, 2, … in turn). Other
    /// strategies ignore it.
    pub preemption_bound: Option<usize>,
    /// Restarts around a randomized search ([`crate::strategy::restarts`]): the
    /// schedule of time budgets; `None`: one search. Only
    /// [`crate::strategy::restarts::Restarting`] reads it.
    pub restarts: Option<RestartSchedule>,
}

impl SearchConfig {
    /// Whether a report that keeps `kept` counterexamples keeps one more
    /// ([`SearchConfig::kept_violations`]).
    pub(crate) fn keeps_another(&self, kept: usize) -> bool {
        self.kept_violations.is_none_or(|k| kept < k)
    }

    /// The configuration of a search that goes on one begun at `started`: what is
    /// left of the time limit.
    pub(crate) fn time_left(&self, started: Instant) -> SearchConfig {
        SearchConfig { max_time: self.max_time.map(|t| t.saturating_sub(started.elapsed())), ..self.clone() }
    }

    /// The time and memory limits of a search begun at `started`.
    pub(crate) fn step_limits(&self, started: Instant) -> StepLimits {
        StepLimits { deadline: self.max_time.and_then(|d| started.checked_add(d)), max_memory: self.max_memory }
    }
}

/// How long each run of a restarted search may take: the base time unit `u` times
/// the run's factor — always 1 (`fixed`), the Luby sequence 1, 1, 2, 1, 1, 2, 4, …
/// (`luby`), or `r^i` with `r = √2` (`walsh`, Walsh's geometric restarts) — as the
/// DFS-RB paper's Section 9 uses them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RestartSchedule {
    /// the factor sequence
    pub kind: RestartKind,
    /// the base time unit
    pub unit: Duration,
}

/// The factor sequence of a [`RestartSchedule`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestartKind {
    /// 1, 1, 1, …
    Fixed,
    /// 1, 1, 2, 1, 1, 2, 4, …
    Luby,
    /// 1, √2, 2, 2√2, …
    Walsh,
}

impl RestartSchedule {
    /// Parses `fixed`, `luby` or `walsh`, with the unit.
    pub fn parse(kind: &str, unit: Duration) -> Option<RestartSchedule> {
        let kind = match kind {
            "fixed" => RestartKind::Fixed,
            "luby" => RestartKind::Luby,
            "walsh" => RestartKind::Walsh,
            _ => return None,
        };
        Some(RestartSchedule { kind, unit })
    }

    /// The time budget of run `i` (from 0).
    pub fn budget(&self, i: u32) -> Duration {
        let factor = match self.kind {
            RestartKind::Fixed => 1.0,
            RestartKind::Luby => crate::strategy::rb_config::luby(u64::from(i) + 1) as f64,
            RestartKind::Walsh => std::f64::consts::SQRT_2.powi(i.min(1000) as i32),
        };
        self.unit.mul_f64(factor.min(1e9))
    }
}

/// The order in which a search tries a state's candidate threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreadOrder {
    /// a fixed priority: the threads listed first, in that order, then the others
    /// ascending (an empty list: ascending)
    Sequential(Vec<u32>),
    /// uniformly at random, from [`SearchConfig::seed`]
    Random,
}

impl Default for ThreadOrder {
    fn default() -> Self {
        ThreadOrder::Sequential(Vec::new())
    }
}

impl ThreadOrder {
    /// Puts `items` (ascending by thread, as `thread` reads it off an item) in this
    /// order: the listed threads first, or shuffled (Fisher–Yates) with `rng`.
    pub fn arrange<T>(&self, items: &mut [T], thread: impl Fn(&T) -> u32, rng: &mut SearchRng) {
        match self {
            ThreadOrder::Sequential(perm) if !perm.is_empty() => {
                items.sort_by_key(|x| {
                    let t = thread(x);
                    (perm.iter().position(|&p| p == t).unwrap_or(perm.len()), t)
                });
            }
            ThreadOrder::Sequential(_) => {}
            ThreadOrder::Random => {
                for i in (1..items.len()).rev() {
                    let j = rng.below(i + 1);
                    items.swap(i, j);
                }
            }
        }
    }

    /// Parses `sequential`, `sequential:2,0,1` or `random`.
    pub fn parse(s: &str) -> Option<ThreadOrder> {
        match s {
            "random" => Some(ThreadOrder::Random),
            "sequential" => Some(ThreadOrder::Sequential(Vec::new())),
            _ => {
                let perm = s.strip_prefix("sequential:")?;
                perm.split(',').map(|t| t.trim().parse().ok()).collect::<Option<Vec<u32>>>().map(ThreadOrder::Sequential)
            }
        }
    }
}
