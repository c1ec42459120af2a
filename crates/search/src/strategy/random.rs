//! Random search: seeded random walks (see `docs/algorithms/random.md`).
//!
//! Each walk starts at the initial state ([`TransitionSystem::reset`]) and picks a
//! uniformly random enabled thread (and, for a thread before a choice, a uniformly
//! random branch) at every state until it reaches an end state, a deadlock, a
//! violation or the depth limit. Walks repeat until a limit stops the
//! search ([`SearchConfig::walks`], `max_states`, `max_time`, `max_memory`, the first
//! violation). All choices come from one [`SearchRng`] seeded with
//! [`SearchConfig::seed`], so a seed always reproduces the same walks.
//!
//! Walks go on through states seen before (a walk is a path, not a tree), but the
//! fingerprints are stored so the report counts distinct states, end states and
//! outcomes as the other strategies do, and a deadlock or a violating transition is
//! reported once, not once per walk that hits it. With `cfg.stateless` nothing is
//! stored and every walk counts on its own.
//!
//! With `cfg.liveness` a walk that comes back to a state of its own path has gone
//! round a cycle: if the cycle is fair (see `liveness.rs`) it is reported as a
//! livelock and the walk ends; otherwise the walk goes on (an unfair cycle has a way
//! out, which a random walk takes sooner or later).
//!
//! The walks are shared with the other randomized schedulers: [`explore_walks`] runs
//! walks whose threads a [`WalkScheduler`] picks (uniformly here; by priorities in
//! PCT, `pct.rs`, and in partial order sampling, `pos.rs`).

use rustc_hash::FxHashSet;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::liveness::{self, FairCycle, PathCycles};
use crate::report::{SearchReport, StopReason};
use crate::rng::SearchRng;
use crate::run::{Flow, Halt, Node, SearchRun};
use crate::strategy::Strategy;
use crate::system::{Fingerprint, Move, ThreadId, Transition, TransitionSystem};

/// Seeded random walks.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomStrategy;

impl Strategy for RandomStrategy {
    fn name(&self) -> &'static str {
        "random"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let mut run = SearchRun::new(cfg, listener);
        let result = explore_walks(sys, &mut run, &mut Uniform);
        run.finish(self.name(), result)
    }
}

/// Which thread a walk runs next: the one decision that tells randomized schedulers
/// apart (shuttle's `Scheduler`).
pub(crate) trait WalkScheduler {
    /// A walk begins; `rng` is the search's.
    fn new_walk(&mut self, _rng: &mut SearchRng) {}

    /// Whether [`WalkScheduler::choose`] wants the state's fingerprint (a stateless
    /// walk then computes one at every step).
    fn watches_states(&self) -> bool {
        false
    }

    /// The thread to run at step `step` (from 1) of the walk, among `enabled`
    /// (ascending, never empty), in the state with fingerprint `state` (given if the
    /// search is stateful, checks for livelocks, or the scheduler watches states).
    fn choose(&mut self, enabled: &[ThreadId], step: usize, state: Option<Fingerprint>, rng: &mut SearchRng) -> ThreadId;

    /// `done` was executed (the system is in the state after it).
    fn stepped(&mut self, _done: &Transition, _sys: &mut dyn TransitionSystem) {}

    /// The walk ended after `steps` steps.
    fn walk_ended(&mut self, _steps: usize) {}
}

/// Every enabled thread equally likely.
struct Uniform;

impl WalkScheduler for Uniform {
    fn choose(&mut self, enabled: &[ThreadId], _step: usize, _state: Option<Fingerprint>, rng: &mut SearchRng) -> ThreadId {
        enabled[rng.below(enabled.len())]
    }
}

/// Violations already reported: (state, move) of a violating transition, or (first
/// state, `Move::default()`) of a livelock's cycle.
type Reported = FxHashSet<(Fingerprint, Move)>;

/// What a walk carries from state to state.
#[derive(Default)]
struct Walk {
    path: Vec<Transition>,
    /// the moves of each state of the path (for the fairness of a cycle)
    moves: Vec<Vec<Move>>,
    cycles: PathCycles,
    /// steps taken (the path may be cut back at an unfair cycle)
    steps: usize,
}

/// Walks until a limit stops them, `scheduler` picking the threads (see the module
/// docs).
pub(crate) fn explore_walks(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, scheduler: &mut dyn WalkScheduler) -> Flow<()> {
    let cfg = run.cfg();
    let mut rng = SearchRng::new(cfg.seed);
    let mut reported = Reported::default();
    let mut walk = Walk::default();
    let mut walks = 0u64;
    run.begin(sys)?;
    loop {
        if cfg.walks.is_some_and(|max| walks >= max) {
            return Err(Halt::Stop(StopReason::Walks));
        }
        scheduler.new_walk(&mut rng);
        let result = one_walk(sys, run, scheduler, &mut rng, &mut walk, &mut reported);
        scheduler.walk_ended(walk.steps);
        result?;
        walks += 1;
    }
}

/// One walk from the initial state.
fn one_walk(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, scheduler: &mut dyn WalkScheduler, rng: &mut SearchRng, w: &mut Walk, reported: &mut Reported) -> Flow<()> {
    sys.reset()?;
    w.path.clear();
    w.moves.clear();
    w.cycles.clear();
    w.steps = 0;
    let liveness = run.cfg().liveness;
    loop {
        let depth = w.path.len();
        let seen = run.observe(sys, depth)?;
        let Node::Expand(enabled) = run.classify(sys, depth, seen.new, &w.path)? else {
            return Ok(());
        };
        let moves = SearchRun::moves(sys, &enabled);
        let key = seen.fp.or_else(|| (liveness || scheduler.watches_states()).then(|| sys.fingerprint()));
        if let Some(key) = key.filter(|_| liveness) {
            if let Some(at) = w.cycles.position(key) {
                let taken: Vec<Move> = w.path[at..].iter().map(Transition::mv).collect();
                let enabled: Vec<&[Move]> = w.moves[at..].iter().map(Vec::as_slice).collect();
                if liveness::is_fair(&enabled, &taken) {
                    if reported.insert((key, Move::default())) {
                        run.livelock(&w.path[..at], FairCycle { stem: Vec::new(), cycle: taken })?;
                    }
                    return Ok(());
                }
                // an unfair cycle: go on from here as from its first visit
                w.path.truncate(at);
                w.moves.truncate(at);
            }
            w.cycles.push(w.path.len(), key);
            w.moves.push(moves.clone());
        }
        w.steps += 1;
        let thread = scheduler.choose(&enabled, w.steps, key, rng);
        let branches = moves.iter().filter(|m| m.thread == thread).count();
        let mv = Move::new(thread, if branches > 1 { rng.below(branches) as u32 } else { 0 });
        let step = run.step(sys, mv)?;
        scheduler.stepped(&step.transition, sys);
        w.path.push(step.transition);
        if let Some(violation) = step.violation {
            let first_time = match seen.fp {
                Some(fp) => reported.insert((fp, mv)),
                None => true,
            };
            if first_time {
                run.violation(violation, &w.path)?;
            }
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{graph, racy_counter, Counter};
    use crate::NoListener;

    fn random(sys: &mut dyn TransitionSystem, cfg: &SearchConfig) -> SearchReport {
        RandomStrategy.search(sys, cfg, &mut NoListener).expect("search")
    }

    /// The report without the figures that vary from run to run.
    fn fixed(mut report: SearchReport) -> SearchReport {
        report.stats.elapsed = Default::default();
        report.stats.peak_rss_bytes = 0;
        report
    }

    #[test]
    fn same_seed_same_report_and_seeds_differ() {
        let cfg = |seed| SearchConfig { seed, walks: Some(3), depth_limit: Some(20), collect_outcomes: true, ..SearchConfig::default() };
        let a = fixed(random(&mut Counter::default(), &cfg(7)));
        let b = fixed(random(&mut Counter::default(), &cfg(7)));
        assert_eq!(a, b);
        assert_eq!(a.stop, StopReason::Walks);
        let differs = (0..10).any(|seed| fixed(random(&mut Counter::default(), &cfg(seed))) != a);
        assert!(differs, "every seed explored the same walks");
    }

    #[test]
    fn walks_reach_end_states_and_count_distinct_ones() {
        let cfg = SearchConfig { walks: Some(200), collect_outcomes: true, ..SearchConfig::default() };
        let report = random(&mut racy_counter(), &cfg);
        assert_eq!(report.stop, StopReason::Walks);
        assert!(report.violations.is_empty());
        // 200 walks over 6 interleavings find all 3 distinct end states (x=1 ×1, x=2 ×2)
        assert_eq!(report.stats.end_states, 3);
        assert_eq!(report.outcomes.get("x0=1"), Some(&1));
        assert_eq!(report.outcomes.get("x0=2"), Some(&2));
        assert_eq!(report.stats.transitions, 200 * 4);
        assert!(report.stats.states_visited > 0);

        let stateless = SearchConfig { stateless: true, ..cfg };
        let report = random(&mut racy_counter(), &stateless);
        assert_eq!(report.stats.end_states, 200);
        assert_eq!(report.outcomes.values().sum::<u64>(), 200);
    }

    #[test]
    fn a_violating_edge_is_reported_once() {
        // Both threads' first steps lead to node 1, whose thread-0 edge fails.
        let sys = || graph(3, &[(0, 0, 1), (0, 1, 1), (1, 0, 2)], &[2]).with_violation(1, 0, "bad");
        let cfg = SearchConfig { walks: Some(20), multiple_errors: true, ..SearchConfig::default() };
        let report = random(&mut sys(), &cfg);
        assert_eq!(report.violations.len(), 1);
        let stateless = SearchConfig { stateless: true, ..cfg };
        assert_eq!(random(&mut sys(), &stateless).violations.len(), 20);
    }

    #[test]
    fn first_violation_stops() {
        let mut sys = graph(3, &[(0, 0, 1), (0, 1, 1), (1, 0, 2)], &[2]).with_violation(1, 0, "bad");
        let report = random(&mut sys, &SearchConfig::default());
        assert_eq!(report.stop, StopReason::Violation);
        assert_eq!(report.violations[0].trace.len(), 2);
    }
}
