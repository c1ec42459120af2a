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
//! transition is done. Threads are tried in `cfg.order` — by default the ascending
//! order [`TransitionSystem::enabled`] gives; `random` shuffles each state's moves
//! with `cfg.seed` (the DFS-RB paper's "random search order", Section 9) — each
//! thread's branches in order.
//!
//! The stateless search stores nothing beyond its stack, but it does not expand a state
//! that repeats on its own stack (its future is being explored from the first
//! occurrence), so it ends on cyclic systems too (a spin loop, a compare-and-set that
//! fails spuriously and retries).
//!
//! With `cfg.liveness` the stateful search finds strongly connected components on the
//! fly and reports fair cycles among them; the stateless one reports a state repeating
//! on its stack if the cycle is fair. See `liveness.rs`.

use crate::config::{SearchConfig, ThreadOrder};
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::liveness::{self, CycleFinder, FairCycle, PathCycles};
use crate::report::SearchReport;
use crate::rng::SearchRng;
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::Strategy;
use crate::system::{Fingerprint, Move, SaveMark, ThreadId, Transition, TransitionSystem};

/// Depth-first search (stateful, or stateless with `cfg.stateless`).
#[derive(Clone, Copy, Debug, Default)]
pub struct DfsStrategy;

/// A state on the DFS stack.
struct Frame {
    /// its moves: every branch of every enabled thread, threads in `cfg.order`
    moves: Vec<Move>,
    /// index in `moves` of the next one to try
    next: usize,
    /// the save taken before the transition currently being explored below it
    mark: Option<SaveMark>,
    /// its position in the cycle finder (stateful search with liveness)
    scc: Option<u32>,
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

/// Cycles for the two kinds of DFS: fair components of the state graph (stateful,
/// with liveness), or states repeating on the stack (stateless; see `liveness.rs`).
#[derive(Default)]
struct Cycles {
    on: bool,
    stateless: bool,
    components: CycleFinder,
    path: PathCycles,
}

impl Cycles {
    /// The system is at a state at `depth`, reached by `path`. Stateless search: a
    /// state repeating on the stack closes a cycle (reported with liveness, if fair)
    /// and is counted as visited; `true` means "do not expand it".
    fn repeats(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, stack: &[Frame], path: &[Transition], depth: usize) -> Flow<bool> {
        if !self.stateless {
            return Ok(false);
        }
        let key = sys.fingerprint();
        self.path.truncate(depth);
        let Some(at) = self.path.position(key) else {
            self.path.push(depth, key);
            return Ok(false);
        };
        run.repeated(depth);
        let taken: Vec<Move> = path[at..].iter().map(Transition::mv).collect();
        let enabled: Vec<&[Move]> = stack[at..].iter().map(|f| f.moves.as_slice()).collect();
        if self.on && liveness::is_fair(&enabled, &taken) {
            run.livelock(&path[..at], FairCycle { stem: Vec::new(), cycle: taken })?;
        }
        Ok(true)
    }
}

fn explore(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
    run.begin(sys)?;
    let cfg = run.cfg();
    let mut cycles = Cycles { on: cfg.liveness, stateless: cfg.stateless, ..Cycles::default() };
    let mut order = Order { order: cfg.order.clone(), rng: SearchRng::new(cfg.seed) };
    let mut path: Vec<Transition> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    cycles.repeats(sys, run, &stack, &path, 0)?;
    let seen = run.observe(sys, 0)?;
    if let Node::Expand(enabled) = run.classify(sys, 0, true, &path)? {
        push(sys, &mut stack, &mut cycles, &mut order, seen.fp, &enabled);
    }
    while let Some(top) = stack.last_mut() {
        // Back from the transition explored last (its subtree is done).
        if let Some(mark) = top.mark.take() {
            sys.restore(mark);
            path.pop();
        }
        let Some(&mv) = top.moves.get(top.next) else {
            let done = stack.pop().and_then(|f| f.scc);
            if let Some(pos) = done {
                if let Some(found) = cycles.components.leave(pos, stack.last().and_then(|f| f.scc)) {
                    run.livelock(&path, found)?;
                }
            }
            continue;
        };
        top.next += 1;
        top.mark = Some(sys.save());
        let from = top.scc;
        let depth = stack.len();
        let step = run.step(sys, mv)?;
        path.push(step.transition);
        if let Some(violation) = step.violation {
            run.violation(violation, &path)?;
            continue;
        }
        if cycles.repeats(sys, run, &stack, &path, depth)? {
            continue;
        }
        let seen = run.observe(sys, depth)?;
        if seen.new {
            if let Node::Expand(enabled) = run.classify(sys, depth, true, &path)? {
                push(sys, &mut stack, &mut cycles, &mut order, seen.fp, &enabled);
            }
        }
        if let (Some(from), Some(fp)) = (from, seen.fp) {
            cycles.components.edge(from, mv, fp);
        }
    }
    Ok(())
}

/// The order a state's moves are tried in, and the generator a random order draws
/// from.
struct Order {
    order: ThreadOrder,
    rng: SearchRng,
}

/// Pushes the state with fingerprint `fp` (`None`: stateless), whose enabled threads
/// are `enabled`, entering it into the cycle finder if that runs.
fn push(sys: &mut dyn TransitionSystem, stack: &mut Vec<Frame>, cycles: &mut Cycles, order: &mut Order, fp: Option<Fingerprint>, enabled: &[ThreadId]) {
    let mut moves = SearchRun::moves(sys, enabled);
    order.order.arrange(&mut moves, |m| m.thread, &mut order.rng);
    let scc = match fp {
        Some(fp) if cycles.on => Some(cycles.components.enter(fp, moves.clone())),
        _ => None,
    };
    stack.push(Frame { moves, next: 0, mark: None, scc });
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
