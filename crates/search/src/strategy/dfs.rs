//! Depth-first search, stateful or stateless (see `docs/algorithms/dfs.md`).
//!
//! Stateful (the default): every state is fingerprinted; a state already explored is
//! not expanded again, so each reachable state is expanded once and each of its
//! transitions executed once. Stateless (`cfg.stateless`): nothing is stored and every
//! path of the execution tree is explored (bounded by `cfg.depth_limit`).
//!
//! The search is iterative (no recursion, so deep state spaces cannot overflow the
//! stack). Backtracking uses the system's nested saves: before taking a transition
//! from a state the search saves it, and restores the save once the subtree below the
//! transition is done. Threads are tried in the ascending order
//! [`TransitionSystem::enabled`] gives.

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::Strategy;
use crate::system::{SaveMark, ThreadId, Transition, TransitionSystem};

/// Depth-first search (stateful, or stateless with `cfg.stateless`).
#[derive(Clone, Copy, Debug, Default)]
pub struct DfsStrategy;

/// A state on the DFS stack.
struct Frame {
    /// its enabled threads, ascending
    enabled: Vec<ThreadId>,
    /// index in `enabled` of the next thread to try
    next: usize,
    /// the save taken before the transition currently being explored below it
    mark: Option<SaveMark>,
}

impl Strategy for DfsStrategy {
    fn name(&self) -> &'static str {
        "dfs"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let mut run = SearchRun::new(cfg, listener);
        let result = explore(sys, &mut run);
        run.finish(self.name(), result)
    }
}

fn explore(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
    sys.reset()?;
    let mut path: Vec<Transition> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    if let Node::Expand(enabled) = run.arrive(sys, 0, &path)? {
        stack.push(Frame { enabled, next: 0, mark: None });
    }
    while let Some(top) = stack.last_mut() {
        // Back from the transition explored last (its subtree is done).
        if let Some(mark) = top.mark.take() {
            sys.restore(mark);
            path.pop();
        }
        let Some(&thread) = top.enabled.get(top.next) else {
            stack.pop();
            continue;
        };
        top.next += 1;
        top.mark = Some(sys.save());
        let depth = stack.len();
        let step = run.step(sys, thread)?;
        path.push(step.transition);
        if let Some(violation) = step.violation {
            run.violation(violation, &path)?;
            continue;
        }
        if let Node::Expand(enabled) = run.arrive(sys, depth, &path)? {
            stack.push(Frame { enabled, next: 0, mark: None });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::StopReason;
    use crate::testkit::{graph, Op, Program};
    use crate::NoListener;

    fn dfs(sys: &mut dyn TransitionSystem, cfg: &SearchConfig) -> SearchReport {
        DfsStrategy.search(sys, cfg, &mut NoListener).expect("search")
    }

    #[test]
    fn visits_exactly_the_reachable_states_of_a_graph() {
        // 0 -> 1 -> 3, 0 -> 2 -> 3, 3 -> 4 (end); 5 -> 6 (end) unreachable.
        let mut sys = graph(7, &[(0, 0, 1), (0, 1, 2), (1, 0, 3), (2, 0, 3), (3, 0, 4), (5, 0, 6)], &[4, 6]).with_outcome(4, "four").with_outcome(6, "six");
        let cfg = SearchConfig { collect_outcomes: true, ..SearchConfig::default() };
        let report = dfs(&mut sys, &cfg);
        assert_eq!(report.outcomes.into_iter().collect::<Vec<_>>(), [("four".to_string(), 1)]);
        assert_eq!(report.stop, StopReason::Complete);
        assert_eq!(report.stats.states_new, 5);
        assert_eq!(report.stats.states_visited, 1); // 3 reached twice
        assert_eq!(report.stats.transitions, 5);
        assert_eq!(report.stats.end_states, 1);
        assert_eq!(report.stats.max_depth, 3);
        assert!(report.violations.is_empty());
    }

    #[test]
    fn handles_cycles() {
        let mut sys = graph(3, &[(0, 0, 1), (1, 0, 0), (1, 1, 2)], &[2]);
        let report = dfs(&mut sys, &SearchConfig::default());
        assert_eq!(report.stop, StopReason::Complete);
        assert_eq!(report.stats.states_new, 3);
        assert_eq!(report.stats.states_visited, 1);
    }

    #[test]
    fn stateless_explores_every_path() {
        // 3 threads × 2 independent writes: 6!/(2!·2!·2!) = 90 interleavings.
        let mut sys = Program::new(3, vec![vec![Op::Set(0, 1), Op::Set(0, 2)], vec![Op::Set(1, 1), Op::Set(1, 2)], vec![Op::Set(2, 1), Op::Set(2, 2)]]);
        let cfg = SearchConfig { stateless: true, ..SearchConfig::default() };
        let report = dfs(&mut sys, &cfg);
        assert_eq!(report.stop, StopReason::Complete);
        assert_eq!(report.stats.end_states, 90);
        assert_eq!(report.stats.states_visited, 0);
        assert_eq!(report.stats.visited_set_bytes, 0);
        // tree nodes: sum over prefixes = number of distinct (a,b,c) prefix schedules
        let stateful = dfs(&mut sys, &SearchConfig::default());
        assert_eq!(stateful.stats.states_new, 27); // each thread at pc 0..=2
        assert_eq!(stateful.stats.end_states, 1);
        assert!(report.stats.states_new > stateful.stats.states_new);
        assert_eq!(report.stats.transitions, report.stats.states_new - 1);
    }

    #[test]
    fn depth_limit_cuts_and_says_so() {
        let mut sys = Program::new(2, vec![vec![Op::Set(0, 1), Op::Set(0, 2)], vec![Op::Set(1, 1), Op::Set(1, 2)]]);
        let cfg = SearchConfig { depth_limit: Some(2), ..SearchConfig::default() };
        let report = dfs(&mut sys, &cfg);
        assert_eq!(report.stop, StopReason::DepthLimit);
        assert_eq!(report.stats.max_depth, 2);
        assert_eq!(report.stats.states_new, 6); // depths 0, 1, 2: 1 + 2 + 3
        assert_eq!(report.stats.depth_cutoffs, 3);
        assert_eq!(report.stats.end_states, 0);

        // A limit the system never reaches changes nothing.
        let cfg = SearchConfig { depth_limit: Some(4), ..SearchConfig::default() };
        assert_eq!(dfs(&mut sys, &cfg).stop, StopReason::Complete);
    }
}
