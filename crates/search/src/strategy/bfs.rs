//! Breadth-first search (see `docs/algorithms/bfs.md`), and the frontier search it
//! is an instance of (`max_preemption.rs` is another).
//!
//! States are expanded in order of depth, so the first violation found has a shortest
//! trace (fewest transitions), and with a depth limit every state within the bound is
//! seen at its smallest depth. The frontier is not kept as live states: each state
//! to expand is re-materialised by [`TransitionSystem::reset`] and replaying its
//! moves, which the search keeps as a tree of `(parent, move)` nodes (16 bytes a
//! state). BFS does not look for livelocks (it keeps no edges). Replaying checks the system: the replayed state must have the
//! fingerprint recorded when it was first reached, or the search fails with
//! [`SearchError::Nondeterministic`].

use std::collections::VecDeque;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::preemption_bound::preempts;
use crate::strategy::Strategy;
use crate::system::{Fingerprint, Move, ThreadId, Transition, TransitionSystem};

/// Breadth-first search.
#[derive(Clone, Copy, Debug, Default)]
pub struct BfsStrategy;

/// A state in the tree of first discoveries: how it was first reached.
#[derive(Clone, Copy, Debug)]
struct TreeNode {
    /// the node it was reached from (`ROOT` for the initial state)
    parent: usize,
    /// the move that reached it
    mv: Move,
}

const ROOT: usize = usize::MAX;

/// A state waiting to be expanded.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    node: usize,
    pub(crate) depth: usize,
    /// its fingerprint when first reached (`None` in a stateless search)
    fp: Option<Fingerprint>,
    /// the thread that ran last on the way to it
    last: Option<ThreadId>,
    /// preemptions on the way to it (a switch away from a thread that could go on)
    pub(crate) preemptions: usize,
}

/// The states waiting to be expanded, in the order a search expands them.
pub(crate) trait Frontier {
    fn push(&mut self, pending: Pending);
    fn pop(&mut self) -> Option<Pending>;
}

/// Breadth-first: first in, first out.
impl Frontier for VecDeque<Pending> {
    fn push(&mut self, pending: Pending) {
        self.push_back(pending);
    }
    fn pop(&mut self) -> Option<Pending> {
        self.pop_front()
    }
}

impl Strategy for BfsStrategy {
    fn name(&self) -> &'static str {
        "bfs"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let mut run = SearchRun::new(cfg, listener);
        let result = explore(sys, &mut run, &mut VecDeque::new());
        run.finish(self.name(), result)
    }
}

/// Expands every reachable state once, in the order `queue` gives (first discovery
/// wins; the state's path is that discovery's).
pub(crate) fn explore(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, queue: &mut dyn Frontier) -> Flow<()> {
    run.begin(sys)?;
    let mut tree: Vec<TreeNode> = Vec::new();
    let root = run.observe(sys, 0)?;
    if let Node::Expand(_) = run.classify(sys, 0, true, &[])? {
        tree.push(TreeNode { parent: ROOT, mv: Move::default() });
        queue.push(Pending { node: 0, depth: 0, fp: root.fp, last: None, preemptions: 0 });
    }
    // The system is at the initial state: the root needs no replay.
    let mut at_root = true;
    let mut path: Vec<Transition> = Vec::new();
    while let Some(pending) = queue.pop() {
        if !std::mem::take(&mut at_root) {
            materialise(sys, run, &tree, pending, &mut path)?;
        }
        let child_depth = pending.depth + 1;
        let enabled = sys.enabled();
        for mv in SearchRun::moves(sys, &enabled) {
            let preempting = preempts(pending.last, mv.thread, enabled.iter().copied());
            let mark = sys.save();
            let step = run.step(sys, mv)?;
            path.push(step.transition);
            if let Some(violation) = step.violation {
                run.violation(violation, &path)?;
            } else {
                let seen = run.observe(sys, child_depth)?;
                if seen.new {
                    if let Node::Expand(_) = run.classify(sys, child_depth, true, &path)? {
                        tree.push(TreeNode { parent: pending.node, mv });
                        let preemptions = pending.preemptions + usize::from(preempting);
                        queue.push(Pending { node: tree.len() - 1, depth: child_depth, fp: seen.fp, last: Some(mv.thread), preemptions });
                    }
                }
            }
            path.pop();
            sys.restore(mark);
        }
    }
    Ok(())
}

/// Brings the system to `pending`'s state: reset, then replay the moves that first
/// reached it. `path` receives the replayed transitions.
fn materialise(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, tree: &[TreeNode], pending: Pending, path: &mut Vec<Transition>) -> Flow<()> {
    let mut schedule = Vec::with_capacity(pending.depth);
    let mut node = pending.node;
    while node != ROOT {
        let n = tree[node];
        if n.parent != ROOT {
            schedule.push(n.mv);
        }
        node = n.parent;
    }
    schedule.reverse();

    sys.reset()?;
    path.clear();
    for (i, &mv) in schedule.iter().enumerate() {
        let step = sys.step(mv)?;
        run.stats.replayed_transitions += 1;
        if let Some(violation) = step.violation {
            let detail = format!("raised a violation at step {} of {}: {violation}", i + 1, schedule.len());
            return Err(SearchError::Nondeterministic { detail }.into());
        }
        path.push(step.transition);
    }
    if let Some(expected) = pending.fp {
        let actual = sys.fingerprint();
        if actual != expected {
            let detail = format!("of {} steps reached fingerprint {actual:032x}, not {expected:032x}", schedule.len());
            return Err(SearchError::Nondeterministic { detail }.into());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::StopReason;
    use crate::strategy::DfsStrategy;
    use crate::testkit::{graph, racy_counter, Counter};
    use crate::{NoListener, SaveMark, Step, SystemError};

    fn bfs(sys: &mut dyn TransitionSystem, cfg: &SearchConfig) -> SearchReport {
        BfsStrategy.search(sys, cfg, &mut NoListener).expect("search")
    }

    /// A long way (thread 0 first, as DFS tries it) and a short way to a failing edge.
    fn long_and_short() -> crate::testkit::Graph {
        // 0 -t0-> 1 -t0-> 2 -t0-> 3 -t0-> 4 (fails); 0 -t1-> 5 -t0-> 4
        graph(7, &[(0, 0, 1), (1, 0, 2), (2, 0, 3), (3, 0, 4), (0, 1, 5), (5, 0, 4), (4, 0, 6)], &[6]).with_violation(4, 0, "boom")
    }

    #[test]
    fn finds_a_shortest_counterexample() {
        let dfs = DfsStrategy.search(&mut long_and_short(), &SearchConfig::default(), &mut NoListener).expect("dfs");
        let moves = |ts: &[u32]| ts.iter().map(|&t| Move::from(t)).collect::<Vec<_>>();
        assert_eq!(dfs.violations[0].schedule(), moves(&[0, 0, 0, 0, 0]));
        let report = bfs(&mut long_and_short(), &SearchConfig::default());
        assert_eq!(report.stop, StopReason::Violation);
        assert_eq!(report.violations.len(), 1);
        assert_eq!(report.violations[0].schedule(), moves(&[1, 0, 0]));
        assert_eq!(report.violations[0].violation.message, "boom");
    }

    #[test]
    fn explores_like_dfs_and_counts_replays() {
        let cfg = SearchConfig { collect_outcomes: true, ..SearchConfig::default() };
        let b = bfs(&mut racy_counter(), &cfg);
        let d = DfsStrategy.search(&mut racy_counter(), &cfg, &mut NoListener).expect("dfs");
        assert_eq!(b.stop, StopReason::Complete);
        assert_eq!(b.stats.states_new, d.stats.states_new);
        assert_eq!(b.stats.end_states, d.stats.end_states);
        assert_eq!(b.stats.transitions, d.stats.transitions);
        assert_eq!(b.outcomes, d.outcomes);
        assert!(b.stats.replayed_transitions > 0);
    }

    #[test]
    fn depth_limit_sees_every_state_within_the_bound() {
        // Counter: states within depth d are the values 0..=2d.
        let cfg = SearchConfig { depth_limit: Some(5), ..SearchConfig::default() };
        let report = bfs(&mut Counter::default(), &cfg);
        assert_eq!(report.stop, StopReason::DepthLimit);
        assert_eq!(report.stats.states_new, 11);
        assert_eq!(report.stats.max_depth, 5);
    }

    /// A system whose second reset leads somewhere else.
    struct Forgetful {
        inner: Counter,
        resets: u32,
    }

    impl TransitionSystem for Forgetful {
        fn enabled(&mut self) -> Vec<ThreadId> {
            self.inner.enabled()
        }
        fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
            // after the first reset, thread 0 behaves like thread 1
            self.inner.step(if self.resets > 1 { Move::from(1) } else { mv })
        }
        fn save(&mut self) -> SaveMark {
            self.inner.save()
        }
        fn restore(&mut self, mark: SaveMark) {
            self.inner.restore(mark)
        }
        fn reset(&mut self) -> Result<(), SystemError> {
            self.resets += 1;
            self.inner.reset()
        }
        fn fingerprint(&mut self) -> Fingerprint {
            self.inner.fingerprint()
        }
        fn is_terminal(&mut self) -> bool {
            false
        }
    }

    #[test]
    fn a_nondeterministic_system_is_an_error() {
        let mut sys = Forgetful { inner: Counter::default(), resets: 0 };
        let cfg = SearchConfig { depth_limit: Some(3), ..SearchConfig::default() };
        let err = BfsStrategy.search(&mut sys, &cfg, &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::Nondeterministic { .. }), "{err}");
        assert!(err.to_string().contains("not deterministic"));
    }
}
