//! DFS-RB: depth-first state space traversal with randomized backtracking (Pavela,
//! Parízek et al., `shared/papers/dfs-rb-randomized-backtracking.md`), an incomplete
//! search for finding bugs fast. Stateful DFS (Fig. 1) that, once the search depth
//! reaches a threshold, backtracks early from a state with unexplored transitions
//! when a random draw exceeds a ratio (lines 14–16), and after each return may jump
//! back further by the chosen strategy (line 22, Fig. 4). Threshold, depth and ratio
//! are Fig. 2 and 3 over the configuration of `rb_config.rs`; `I:t1-…-tn` runs one
//! full search per value, each from scratch (an empty visited set) and bounded by the
//! configuration's iteration time.
//!
//! Reading of the figures where they leave room:
//! - a backtrack jump starts with an early backtrack (line 16) and continues while
//!   `backtrackAgain` says so (line 22); after a normal return (the child explored or
//!   matched) no jump is in progress and the search goes on at line 13, where line 16
//!   decides again. For Luby the jump's length is `luby(total_jump_index)`
//!   transitions; the index moves on when a jump ends.
//! - `L·f`: until the first path ends (an end state, a visited state, a violation or
//!   the depth limit) the threshold is infinite.
//! - `ncs` counts, on the path, the transitions taken at a state with more than one
//!   move whose thread is that of the transition before.
//! - `r` is the number of transitions at the end of the path made by the last one's
//!   thread; `rtc` applies when the last two transitions' threads differ.
//!
//! A search whose last iteration backtracked early and ran to its end ends with
//! [`StopReason::Pruned`] (its verdict is then incomplete); one whose last iteration
//! ran out of time ends with `MaxTime`. An iteration that explored everything without
//! backtracking early ends the search as complete. No livelock detection (yet): a hang is found
//! by the exhaustive strategies.

use std::time::Instant;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::liveness::CycleFinder;
use crate::report::{SearchReport, StopReason};
use crate::rng::SearchRng;
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::in_turn::InTurn;
use crate::strategy::preemption_bound::preempts;
use crate::strategy::rb_config::{luby, JumpStrategy, RbConfig, ThresholdBase, ThresholdMode, ThresholdReduction};
use crate::strategy::Strategy;
use crate::system::{Fingerprint, Move, SaveMark, Transition, TransitionSystem};

/// DFS-RB with [`SearchConfig::rb`] (default: the paper's best-ranked configuration).
#[derive(Clone, Copy, Debug, Default)]
pub struct DfsRbStrategy;

impl Strategy for DfsRbStrategy {
    fn name(&self) -> &'static str {
        "dfs-rb"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let rb = cfg.rb.clone().unwrap_or_default();
        let mut in_turn = InTurn::new(cfg);
        let mut rng = SearchRng::new(cfg.seed);
        let mut pruned = false;
        for iteration in 0..rb.iterations() {
            let bound = matches!(rb.thb, ThresholdBase::Iterate(_)).then_some(rb.iteration_time);
            let it_cfg = in_turn.next_config(cfg, bound);
            let iteration_started = Instant::now();
            let mut search = Search::new(&rb, iteration, &mut rng);
            let report = in_turn.search(self.name(), &it_cfg, listener, |run| search.explore(sys, run))?;
            pruned = search.pruned;
            // an iteration ends at its own time bound (not the search's) or when done
            let iteration_over = in_turn.budget_ran_out(report.stop, iteration_started, bound, cfg) || matches!(report.stop, StopReason::Complete | StopReason::DepthLimit);
            let total = in_turn.join(report);
            let stop = total.stop;
            // found something, stopped by a limit, or explored everything: done
            let exhaustive = stop == StopReason::Complete && !pruned;
            if !total.violations.is_empty() || !iteration_over || exhaustive {
                break;
            }
        }
        let mut report = in_turn.finish().expect("at least one iteration");
        if pruned && report.violations.is_empty() && matches!(report.stop, StopReason::Complete | StopReason::DepthLimit) {
            report.stop = StopReason::Pruned;
        }
        Ok(report)
    }
}

/// A state on the stack.
struct Frame {
    /// every branch of every enabled thread, in `--order` (Fig. 1's `order`; random
    /// order is Section 9's combination)
    moves: Vec<Move>,
    /// index of the next one to try
    next: usize,
    /// the save taken before the transition being explored below it
    mark: Option<SaveMark>,
    /// its position in the cycle finder (with liveness)
    scc: Option<u32>,
}

/// What Fig. 2 and 3 need of the path up to a position, kept per position.
#[derive(Clone, Copy, Default)]
struct PathCounts {
    /// thread context switches
    switches: u32,
    /// transitions taken where another thread could have run, by the thread that
    /// made the transition before
    no_switch_choices: u32,
    /// switches away from a thread that could have gone on (for `--preemption-bound`)
    preemptions: u32,
    /// transitions at the end made by the last one's thread
    run: u32,
}

/// One DFS-RB search (one iteration).
struct Search<'a> {
    rb: &'a RbConfig,
    /// the index of this search among `I:t1-…-tn` (Fig. 2's `search_count`)
    iteration: usize,
    rng: &'a mut SearchRng,
    stack: Vec<Frame>,
    path: Vec<Transition>,
    /// `counts[i]`: the path's first `i` transitions
    counts: Vec<PathCounts>,
    /// the length of the first path explored to its end (`L`)
    first_path: Option<usize>,
    /// Luby: the index of the current jump (from 1) and how far it went
    total_jump_index: u64,
    cur_jump_len: u64,
    /// a backtrack jump is in progress
    jumping: bool,
    /// some transition was left unexplored
    pruned: bool,
    /// livelock detection (`cfg.liveness`): Tarjan's components of the explored
    /// part of the state graph, as DFS finds them — a fair cycle among explored
    /// states and transitions is a real one, whatever early backtracking left out
    cycles: Option<CycleFinder>,
}

impl<'a> Search<'a> {
    fn new(rb: &'a RbConfig, iteration: usize, rng: &'a mut SearchRng) -> Self {
        Search {
            rb,
            iteration,
            rng,
            stack: Vec::new(),
            path: Vec::new(),
            counts: vec![PathCounts::default()],
            first_path: None,
            total_jump_index: 1,
            cur_jump_len: 0,
            jumping: false,
            pruned: false,
            cycles: None,
        }
    }

    fn explore(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
        run.begin(sys)?;
        if run.cfg().liveness && !run.cfg().stateless {
            self.cycles = Some(CycleFinder::default());
        }
        let seen = run.observe(sys, 0)?;
        if seen.new {
            self.expand(sys, run, seen.fp)?;
        }
        while let Some(top) = self.stack.len().checked_sub(1) {
            if let Some(mark) = self.stack[top].mark.take() {
                // back from a child (Fig. 1, line 21–22)
                sys.restore(mark);
                self.pop_path();
                if self.jumping {
                    if self.backtrack_again() {
                        self.leave(top, run)?;
                        continue;
                    }
                    self.jumping = false;
                    self.total_jump_index += 1;
                    self.cur_jump_len = 0;
                }
            }
            let f = &self.stack[top];
            let Some(&mv) = f.moves.get(f.next) else {
                self.leave(top, run)?;
                continue;
            };
            // lines 14–16: early backtracking
            if self.depth() >= self.threshold() && self.draw() > self.ratio() {
                self.leave(top, run)?;
                self.jumping = true;
                self.cur_jump_len = 1;
                continue;
            }
            // Section 9's combination with preemption bounding: a move past the bound
            // is left out (and counts as pruned)
            let preempting = preempts(self.path.last().map(|t| t.thread), mv.thread, self.stack[top].moves.iter().map(|m| m.thread));
            let preemptions = self.here().preemptions as usize + usize::from(preempting);
            let f = &mut self.stack[top];
            f.next += 1;
            if run.cfg().preemption_bound.is_some_and(|b| preemptions > b) {
                self.pruned = true;
                continue;
            }
            f.mark = Some(sys.save());
            let choice = f.moves.len() > 1;
            let from = f.scc;
            let step = run.step(sys, mv)?;
            self.push_path(step.transition, choice, preempting);
            if let Some(v) = step.violation {
                self.path_ended();
                run.violation(v, &self.path)?;
                continue;
            }
            let seen = run.observe(sys, self.path.len())?;
            if seen.new {
                self.expand(sys, run, seen.fp)?;
            } else {
                self.path_ended();
            }
            if let (Some(cycles), Some(from), Some(fp)) = (self.cycles.as_mut(), from, seen.fp) {
                cycles.edge(from, mv, fp);
            }
        }
        Ok(())
    }

    /// The current state (fingerprint `fp`) is new: pushed if it has transitions,
    /// else the path ends.
    fn expand(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, fp: Option<Fingerprint>) -> Flow<()> {
        match run.classify(sys, self.path.len(), true, &self.path)? {
            Node::Expand(enabled) => {
                let mut moves = SearchRun::moves(sys, &enabled);
                run.cfg().order.arrange(&mut moves, |m| m.thread, self.rng);
                let scc = match (self.cycles.as_mut(), fp) {
                    (Some(cycles), Some(fp)) => Some(cycles.enter(fp, moves.clone())),
                    _ => None,
                };
                self.stack.push(Frame { moves, next: 0, mark: None, scc })
            }
            Node::Leaf => self.path_ended(),
        }
        Ok(())
    }

    /// Returns from frame `top` (pops it); anything it had left is pruned. A fair
    /// cycle its component closes is reported.
    fn leave(&mut self, top: usize, run: &mut SearchRun<'_>) -> Flow<()> {
        let f = &self.stack[top];
        self.pruned |= f.next < f.moves.len();
        let scc = self.stack.pop().and_then(|f| f.scc);
        if let (Some(cycles), Some(pos)) = (self.cycles.as_mut(), scc) {
            if let Some(found) = cycles.leave(pos, self.stack.last().and_then(|f| f.scc)) {
                run.livelock(&self.path, found)?;
            }
        }
        Ok(())
    }

    fn path_ended(&mut self) {
        self.first_path.get_or_insert(self.path.len());
    }

    fn push_path(&mut self, t: Transition, choice: bool, preempts: bool) {
        let before = self.counts[self.path.len()];
        let same = self.path.last().is_some_and(|p| p.thread == t.thread);
        let counts = PathCounts {
            switches: before.switches + u32::from(!same && !self.path.is_empty()),
            no_switch_choices: before.no_switch_choices + u32::from(same && choice),
            run: if same { before.run + 1 } else { 1 },
            preemptions: before.preemptions + u32::from(preempts),
        };
        self.path.push(t);
        self.counts.truncate(self.path.len());
        self.counts.push(counts);
    }

    fn pop_path(&mut self) {
        self.path.pop();
        self.counts.truncate(self.path.len() + 1);
    }

    fn here(&self) -> PathCounts {
        self.counts[self.path.len()]
    }

    /// Fig. 2, `depth`.
    fn depth(&self) -> u32 {
        match self.rb.thm {
            ThresholdMode::ContextSwitches => self.here().switches,
            ThresholdMode::PathLength => self.path.len() as u32,
        }
    }

    /// Fig. 2, `threshold`.
    fn threshold(&self) -> u32 {
        let v = match &self.rb.thb {
            ThresholdBase::Constant(c) => *c,
            ThresholdBase::FirstPath(f) => match self.first_path {
                Some(l) => (l as f64 * f) as u32,
                None => return u32::MAX,
            },
            ThresholdBase::Iterate(values) => values[self.iteration.min(values.len() - 1)],
        };
        match self.rb.thr {
            ThresholdReduction::Disabled => v,
            ThresholdReduction::NoContextSwitch => v.saturating_sub(self.here().no_switch_choices),
        }
    }

    /// Fig. 3, `ratio`.
    fn ratio(&self) -> f64 {
        let v = self.rb.rtb.eval(self.depth(), self.here().run);
        let n = self.path.len();
        if n >= 2 && self.path[n - 1].thread != self.path[n - 2].thread {
            v * self.rb.rtc
        } else {
            v
        }
    }

    /// `rnd(0, 1)`: uniform in [0, 1).
    fn draw(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Fig. 4, `backtrackAgain`, during a jump.
    fn backtrack_again(&mut self) -> bool {
        if self.depth() < self.threshold() {
            return false;
        }
        match self.rb.stg {
            JumpStrategy::Fixed => false,
            JumpStrategy::Random => self.draw() > self.ratio(),
            JumpStrategy::Luby => {
                if luby(self.total_jump_index) > self.cur_jump_len {
                    self.cur_jump_len += 1;
                    true
                } else {
                    false
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::DfsStrategy;
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    fn rb(text: &str) -> SearchConfig {
        SearchConfig { rb: Some(RbConfig::parse(text).expect("config")), ..SearchConfig::default() }
    }

    /// `n` threads each add 1 to `x0` non-atomically (load, store), then count
    /// themselves done in `x1`; another waits for all and asserts no update was lost.
    fn lost_updates(n: usize) -> Program {
        let mut code: Vec<Vec<Op>> = (0..n).map(|_| vec![Op::Load(0), Op::Store(0, 1), Op::Add(1, 1)]).collect();
        code.push(vec![Op::Await(1, n as i64), Op::Assert(0, n as i64)]);
        Program::new(2, code)
    }

    #[test]
    fn a_threshold_beyond_every_path_is_plain_dfs() {
        let program = || Program::new(2, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Load(0), Op::Store(0, 1)]]);
        let dfs = DfsStrategy.search(&mut program(), &SearchConfig::default(), &mut NoListener).expect("dfs");
        let r = DfsRbStrategy.search(&mut program(), &rb("1000,pl,d,F,0.5,1"), &mut NoListener).expect("dfs-rb");
        assert_eq!(r.stop, StopReason::Complete);
        assert_eq!((r.stats.states_new, r.stats.transitions), (dfs.stats.states_new, dfs.stats.transitions));
    }

    #[test]
    fn early_backtracking_prunes_and_says_so() {
        let r = DfsRbStrategy.search(&mut lost_updates(3), &rb("2,pl,d,F,0.5,1"), &mut NoListener).expect("dfs-rb");
        let dfs = DfsStrategy.search(&mut lost_updates(3), &SearchConfig::default(), &mut NoListener).expect("dfs");
        assert!(r.stats.states_new < dfs.stats.states_new);
        if r.violations.is_empty() {
            assert_eq!(r.stop, StopReason::Pruned);
            assert_eq!(r.verdict(), crate::Verdict::Incomplete);
        }
    }

    #[test]
    fn same_seed_same_search_other_seed_other_search() {
        let run = |seed| {
            let cfg = SearchConfig { seed, ..rb("3,pl,d,R,0.6,1.2") };
            let r = DfsRbStrategy.search(&mut lost_updates(3), &cfg, &mut NoListener).expect("dfs-rb");
            (r.stats.states_new, r.stats.transitions, r.violations.first().map(|v| v.schedule()))
        };
        assert_eq!(run(7), run(7));
        assert!((0..8).map(run).collect::<std::collections::BTreeSet<_>>().len() > 1);
    }

    #[test]
    fn iterations_restart_from_scratch_with_the_next_threshold() {
        // thresholds 1 then 1000: the second iteration is plain DFS and finds the bug
        let cfg = rb("I:1-1000,pl,d,F,0,1");
        let r = DfsRbStrategy.search(&mut lost_updates(2), &cfg, &mut NoListener).expect("dfs-rb");
        assert_eq!(r.verdict(), crate::Verdict::Violation);
        let dfs = DfsStrategy.search(&mut lost_updates(2), &SearchConfig::default(), &mut NoListener).expect("dfs");
        // the first iteration (ratio 0: backtrack at depth 1) explored a few states of its own
        assert!(r.stats.states_new > dfs.stats.states_new, "{} vs {}", r.stats.states_new, dfs.stats.states_new);
    }

    #[test]
    fn an_iteration_that_prunes_nothing_proves_the_program() {
        let program = || Program::new(2, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Set(1, 1)]]);
        let r = DfsRbStrategy.search(&mut program(), &rb("I:1-1000,pl,d,F,0,1"), &mut NoListener).expect("dfs-rb");
        assert_eq!((r.stop, r.verdict()), (StopReason::Complete, crate::Verdict::Ok));
        let r = DfsRbStrategy.search(&mut program(), &rb("I:1-1,pl,d,F,0,1"), &mut NoListener).expect("dfs-rb");
        assert_eq!((r.stop, r.verdict()), (StopReason::Pruned, crate::Verdict::Incomplete));
    }

    #[test]
    fn every_configuration_kind_runs_and_reports_only_real_violations() {
        let dfs = DfsStrategy.search(&mut lost_updates(3), &SearchConfig { multiple_errors: true, ..SearchConfig::default() }, &mut NoListener).expect("dfs");
        let real: std::collections::BTreeSet<String> = dfs.violations.iter().map(|v| v.violation.message.clone()).collect();
        for text in ["I:2-5-50,pl,d,Lb,0.75,1.5", "L*0.25,pl,d,Lb,1-d/1000,1.1", "5,cs,ncs,R,1-r/5,1", "L*0.5,pl,ncs,F,0.9^r,1.2", "2,cs,d,Lb,0.5^r,1"] {
            for seed in 0..20 {
                let cfg = SearchConfig { seed, ..rb(text) };
                let r = DfsRbStrategy.search(&mut lost_updates(3), &cfg, &mut NoListener).expect("dfs-rb");
                for v in &r.violations {
                    assert!(real.contains(&v.violation.message), "{text} seed {seed}: {}", v.violation.message);
                }
                assert!(matches!(r.stop, StopReason::Violation | StopReason::Pruned | StopReason::Complete), "{text}: {:?}", r.stop);
            }
        }
    }

    #[test]
    fn with_a_preemption_bound_it_is_bounded_search_with_early_backtracking() {
        // thread 1 fails only between thread 0's writes: one preemption
        let program = || Program::new(1, vec![vec![Op::Set(0, 1), Op::Set(0, 0), Op::Local], vec![Op::Assert(0, 0)]]);
        let no_backtracking = "1000,pl,d,F,0.5,1";
        let zero = SearchConfig { preemption_bound: Some(0), ..rb(no_backtracking) };
        let r = DfsRbStrategy.search(&mut program(), &zero, &mut NoListener).expect("dfs-rb");
        assert_eq!((r.violations.len(), r.stop), (0, StopReason::Pruned), "bound 0 cuts the one preemption the bug needs");
        let one = SearchConfig { preemption_bound: Some(1), ..rb(no_backtracking) };
        let r = DfsRbStrategy.search(&mut program(), &one, &mut NoListener).expect("dfs-rb");
        assert_eq!(r.stop, StopReason::Violation);
    }
}

