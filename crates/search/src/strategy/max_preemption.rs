//! Guided search with the heuristic that maximises preemptions (the DFS-RB paper's
//! Section 9, technique 3; JPF's heuristic search with an interleaving heuristic):
//! a best-first search over the state space that always expands, among the states
//! discovered and not yet expanded, one whose path has the most preemptions — a
//! switch away from a thread that could have gone on — and among those the one
//! discovered last. Bugs that need threads to interleave closely are reached before
//! the long runs of one thread that depth-first search tries first.
//!
//! Every reachable state is expanded once (it is complete, like BFS, whose frontier
//! search it reuses: states are re-materialised by replaying their path, 16 bytes a
//! state); only the order differs. No livelock detection.

use std::collections::BinaryHeap;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::run::SearchRun;
use crate::strategy::bfs::{self, Frontier, Pending};
use crate::strategy::Strategy;
use crate::system::TransitionSystem;

/// Best-first search by preemptions.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxPreemptionStrategy;

impl Strategy for MaxPreemptionStrategy {
    fn name(&self) -> &'static str {
        "max-preemption"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let mut run = SearchRun::new(cfg, listener);
        let result = bfs::explore(sys, &mut run, &mut MostPreempted::default());
        run.finish(self.name(), result)
    }
}

/// The frontier, highest (preemptions, discovery number) first.
#[derive(Default)]
struct MostPreempted {
    heap: BinaryHeap<(usize, u64, Slot)>,
    discovered: u64,
}

/// A pending state in the heap (ordered only by the keys before it).
struct Slot(Pending);

impl PartialEq for Slot {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for Slot {}
impl PartialOrd for Slot {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Slot {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

impl Frontier for MostPreempted {
    fn push(&mut self, pending: Pending) {
        self.discovered += 1;
        self.heap.push((pending.preemptions, self.discovered, Slot(pending)));
    }
    fn pop(&mut self) -> Option<Pending> {
        self.heap.pop().map(|(_, _, Slot(p))| p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::StopReason;
    use crate::strategy::{BfsStrategy, DfsStrategy};
    use crate::testkit::{racy_counter, Op, Program};
    use crate::NoListener;

    #[test]
    fn explores_every_state_once_like_bfs() {
        let cfg = SearchConfig { collect_outcomes: true, ..SearchConfig::default() };
        let m = MaxPreemptionStrategy.search(&mut racy_counter(), &cfg, &mut NoListener).expect("search");
        let b = BfsStrategy.search(&mut racy_counter(), &cfg, &mut NoListener).expect("bfs");
        assert_eq!(m.stop, StopReason::Complete);
        assert_eq!((m.stats.states_new, m.stats.end_states, m.outcomes.clone()), (b.stats.states_new, b.stats.end_states, b.outcomes));
    }

    #[test]
    fn reaches_a_bug_that_needs_interleaving_before_dfs_does() {
        // thread 1 fails only between thread 0's writes; thread 0 has a long tail
        // that DFS explores under every order first
        let program = || {
            let mut t0 = vec![Op::Set(0, 1), Op::Set(0, 0)];
            t0.extend(std::iter::repeat_n(Op::Set(1, 1), 6));
            Program::new(2, vec![t0, vec![Op::Local, Op::Local, Op::Assert(0, 0)]])
        };
        let m = MaxPreemptionStrategy.search(&mut program(), &SearchConfig::default(), &mut NoListener).expect("search");
        let d = DfsStrategy.search(&mut program(), &SearchConfig::default(), &mut NoListener).expect("dfs");
        assert_eq!((m.stop, d.stop), (StopReason::Violation, StopReason::Violation));
        assert!(m.stats.states_new < d.stats.states_new, "max-preemption {} states, DFS {}", m.stats.states_new, d.stats.states_new);
    }
}
