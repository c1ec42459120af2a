//! Preemption-bounded search (Musuvathi and Qadeer, "Iterative Context Bounding for
//! Systematic Testing of Multithreaded Programs", PLDI 2007; CHESS), one of the
//! techniques the DFS-RB paper compares with (Section 8 and 9): stateful DFS over the
//! executions with at most `b` preemptions. A preemption is a switch away from a
//! thread that could have gone on (the thread of the last transition is enabled and
//! another runs); a switch from a thread that blocked or ended is free.
//!
//! `--preemption-bound N` explores bound `N` only; without it the bounds 0, 1, 2, … are
//! explored in turn (iterative context bounding), each from scratch, until one finds a
//! violation, a bound cuts nothing (the search was complete), or a limit stops it. So
//! the first violation found has a counterexample with the fewest preemptions any
//! counterexample of the program has.
//!
//! States are matched by fingerprint together with the thread that ran last (it
//! decides what counts as a preemption next), and a state reached again with fewer
//! preemptions than before is explored again: its future may reach further. A search
//! whose bound cut a transition ends with [`StopReason::Pruned`].

use rustc_hash::FxHashMap;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::{ListenerError, SearchListener};
use crate::report::{Counterexample, SearchReport, Stats, StopReason};
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::in_turn::InTurn;
use crate::strategy::Strategy;
use crate::system::{Fingerprint, Move, SaveMark, ThreadId, Transition, TransitionSystem, Violation};

/// Whether running thread `next` after `last` (the thread of the step before, if
/// any) is a preemption: a switch away from `last` while it could go on — it is one
/// of `enabled`. The one definition every search and trace that counts preemptions
/// uses.
pub fn preempts(last: Option<ThreadId>, next: ThreadId, mut enabled: impl Iterator<Item = ThreadId>) -> bool {
    last.is_some_and(|l| l != next && enabled.any(|t| t == l))
}

/// Preemption-bounded DFS with [`SearchConfig::preemption_bound`] (`None`: iterative).
#[derive(Clone, Copy, Debug, Default)]
pub struct PreemptionBoundedStrategy;

impl Strategy for PreemptionBoundedStrategy {
    fn name(&self) -> &'static str {
        "preemption-bounded"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let bounds: Box<dyn Iterator<Item = usize>> = match cfg.preemption_bound {
            Some(b) => Box::new(std::iter::once(b)),
            None => Box::new(0..),
        };
        Ok(search_bounds(sys, cfg, bounds, None, listener)?.expect("at least one bound"))
    }
}

/// Counterexample minimisation (`--minimize`): a counterexample of the violation
/// `target` — same kind, same message — with fewer than `fewer_than` preemptions,
/// and of those the fewest: the bounds `0 .. fewer_than` in turn, each a search that
/// goes on past other violations and stops at the first of `target`. The report's
/// violations are that counterexample, or none (stopped by a limit, or no bound
/// below `fewer_than` reaches `target`); `None` when `fewer_than` is 0.
pub fn minimize(
    sys: &mut dyn TransitionSystem,
    cfg: &SearchConfig,
    target: &Violation,
    fewer_than: usize,
    listener: &mut dyn SearchListener,
) -> Result<Option<SearchReport>, SearchError> {
    if fewer_than == 0 {
        return Ok(None);
    }
    // other violations are passed over, so every one found must be kept to find the
    // target among them
    let cfg = SearchConfig { multiple_errors: true, kept_violations: None, ..cfg.clone() };
    search_bounds(sys, &cfg, Box::new(0..fewer_than), Some(target), listener)
}

/// Bounded searches, one per bound in turn, reported as one: until one finds a
/// violation (of `target`, if given: others are passed over), cuts nothing, or stops
/// at a limit. `None` if `bounds` is empty.
fn search_bounds(
    sys: &mut dyn TransitionSystem,
    cfg: &SearchConfig,
    bounds: Box<dyn Iterator<Item = usize>>,
    target: Option<&Violation>,
    listener: &mut dyn SearchListener,
) -> Result<Option<SearchReport>, SearchError> {
    let mut in_turn = InTurn::new(cfg);
    let mut matching = Matching { target, inner: listener };
    for bound in bounds {
        let it_cfg = SearchConfig { stateless: false, ..in_turn.next_config(cfg, None) };
        let mut search = Bounded { bound, cut: false, best: FxHashMap::default(), stack: Vec::new(), path: Vec::new() };
        let mut report = in_turn.search("preemption-bounded", &it_cfg, &mut matching, |run| search.explore(sys, run))?;
        if let Some(target) = target {
            report.violations.retain(|c| same_violation(&c.violation, target));
            if !report.violations.is_empty() {
                report.stop = StopReason::Violation;
            } else if report.stop == StopReason::Violation {
                report.stop = StopReason::Complete;
            }
        }
        if search.cut && matches!(report.stop, StopReason::Complete | StopReason::DepthLimit) {
            report.stop = StopReason::Pruned;
        }
        if in_turn.join(report).stop != StopReason::Pruned {
            break;
        }
    }
    Ok(in_turn.finish())
}

/// The same violation, for minimisation: same kind and message.
fn same_violation(a: &Violation, b: &Violation) -> bool {
    a.kind == b.kind && a.message == b.message
}

/// Passes violations other than the target over (the search goes on) and stops the
/// search at the target's; without a target, every violation goes to `inner` as is.
struct Matching<'a, 'l> {
    target: Option<&'a Violation>,
    inner: &'l mut dyn SearchListener,
}

impl SearchListener for Matching<'_, '_> {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        self.inner.on_state(stats)
    }

    fn on_violation(&mut self, found: &Counterexample, stats: &Stats) -> Result<bool, ListenerError> {
        match self.target {
            None => self.inner.on_violation(found, stats),
            Some(t) if same_violation(&found.violation, t) => {
                self.inner.on_violation(found, stats)?;
                Ok(false)
            }
            Some(_) => Ok(true),
        }
    }
}

/// A state on the stack.
struct Frame {
    moves: Vec<Move>,
    next: usize,
    mark: Option<SaveMark>,
    /// preemptions on the path to it
    preemptions: usize,
}

/// One search with one bound.
struct Bounded {
    bound: usize,
    /// a transition was left out for exceeding the bound
    cut: bool,
    /// (state, thread that ran last) → the fewest preemptions it was explored with
    best: FxHashMap<(Fingerprint, Option<ThreadId>), usize>,
    stack: Vec<Frame>,
    path: Vec<Transition>,
}

impl Bounded {
    fn explore(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
        run.begin(sys)?;
        self.arrive(sys, run, 0)?;
        while let Some(top) = self.stack.len().checked_sub(1) {
            if let Some(mark) = self.stack[top].mark.take() {
                sys.restore(mark);
                self.path.pop();
            }
            let f = &self.stack[top];
            let Some(&mv) = f.moves.get(f.next) else {
                self.stack.pop();
                continue;
            };
            let preempting = preempts(self.path.last().map(|t| t.thread), mv.thread, f.moves.iter().map(|m| m.thread));
            let preemptions = f.preemptions + usize::from(preempting);
            let f = &mut self.stack[top];
            f.next += 1;
            if preemptions > self.bound {
                self.cut = true;
                continue;
            }
            f.mark = Some(sys.save());
            let step = run.step(sys, mv)?;
            self.path.push(step.transition);
            if let Some(v) = step.violation {
                run.violation(v, &self.path)?;
                continue;
            }
            self.arrive(sys, run, preemptions)?;
        }
        Ok(())
    }

    /// The system reached a state along `self.path` with `preemptions`: pushed if it
    /// is new, or was explored only with more preemptions (or after another thread).
    fn arrive(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, preemptions: usize) -> Flow<()> {
        let depth = self.path.len();
        let seen = run.observe(sys, depth)?;
        let key = (seen.fp.unwrap_or_else(|| sys.fingerprint()), self.path.last().map(|t| t.thread));
        match self.best.get(&key) {
            Some(&before) if before <= preemptions => return Ok(()),
            _ => {
                self.best.insert(key, preemptions);
            }
        }
        if let Node::Expand(enabled) = run.classify(sys, depth, seen.new, &self.path)? {
            let moves = SearchRun::moves(sys, &enabled);
            self.stack.push(Frame { moves, next: 0, mark: None, preemptions });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::DfsStrategy;
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    fn bounded(bound: Option<usize>) -> SearchConfig {
        SearchConfig { preemption_bound: bound, ..SearchConfig::default() }
    }

    /// Thread 0 writes 1 then 0 and goes on; thread 1 fails if it sees 1: it must
    /// preempt thread 0 between its writes — one preemption.
    fn one_preemption_bug() -> Program {
        Program::new(1, vec![vec![Op::Set(0, 1), Op::Set(0, 0), Op::Local], vec![Op::Assert(0, 0)]])
    }

    #[test]
    fn a_bound_cuts_and_the_next_bound_finds() {
        let r = PreemptionBoundedStrategy.search(&mut one_preemption_bug(), &bounded(Some(0)), &mut NoListener).expect("pb");
        assert!(r.violations.is_empty());
        assert_eq!(r.stop, StopReason::Pruned);
        let r = PreemptionBoundedStrategy.search(&mut one_preemption_bug(), &bounded(Some(1)), &mut NoListener).expect("pb");
        assert_eq!(r.stop, StopReason::Violation);
    }

    #[test]
    fn iterative_bounding_finds_the_fewest_preemptions() {
        let r = PreemptionBoundedStrategy.search(&mut one_preemption_bug(), &bounded(None), &mut NoListener).expect("pb");
        assert_eq!(r.stop, StopReason::Violation);
        // the counterexample preempts once: 0, 1 (thread 0 could have gone on)
        let threads: Vec<ThreadId> = r.violations[0].trace.iter().map(|t| t.thread).collect();
        assert_eq!(threads, [0, 1]);
    }

    #[test]
    fn without_a_cut_the_search_is_complete_and_agrees_with_dfs() {
        let program = || Program::new(2, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Set(1, 1)]]);
        let cfg = SearchConfig { collect_outcomes: true, ..bounded(None) };
        let r = PreemptionBoundedStrategy.search(&mut program(), &cfg, &mut NoListener).expect("pb");
        let dfs = DfsStrategy.search(&mut program(), &SearchConfig { collect_outcomes: true, ..SearchConfig::default() }, &mut NoListener).expect("dfs");
        assert_eq!(r.stop, StopReason::Complete);
        assert_eq!(r.outcomes.keys().collect::<Vec<_>>(), dfs.outcomes.keys().collect::<Vec<_>>());
    }

    #[test]
    fn minimisation_finds_the_fewest_preemptions_for_the_same_violation_only() {
        // thread 1 sees x0 = 1 only between thread 0's writes (one preemption); a
        // different violation, thread 2 seeing x1 = 1, needs none (thread 0 runs to
        // its end, then thread 2) and must be passed over
        let program = || {
            Program::new(2, vec![vec![Op::Set(0, 1), Op::Set(0, 0), Op::Set(1, 1)], vec![Op::Assert(0, 0)], vec![Op::Local, Op::Assert(1, 0)]])
        };
        let cfg = SearchConfig::default();
        let target = Violation { kind: crate::system::ViolationKind::Assertion, message: "assert x0 == 0 failed: x0 is 1".into(), thread: Some(1) };
        let r = minimize(&mut program(), &cfg, &target, 5, &mut NoListener).expect("minimize").expect("a search ran");
        assert_eq!(r.stop, StopReason::Violation);
        assert_eq!(r.violations.len(), 1, "{:?}", r.violations);
        assert_eq!(r.violations[0].violation, target);
        let threads: Vec<ThreadId> = r.violations[0].trace.iter().map(|t| t.thread).collect();
        assert_eq!(threads, [0, 1], "one preemption: thread 1 right after thread 0's first write");
        // bound 0 alone cannot reach it
        let r = minimize(&mut program(), &cfg, &target, 1, &mut NoListener).expect("minimize").expect("a search ran");
        assert!(r.violations.is_empty(), "{:?}", r.violations);
        assert!(minimize(&mut program(), &cfg, &target, 0, &mut NoListener).expect("minimize").is_none());
    }
}
