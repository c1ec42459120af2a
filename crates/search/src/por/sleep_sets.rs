//! Sleep sets alone (Godefroid, "Partial-Order Methods for the Verification of
//! Concurrent Systems", 1996, Chapter 5): stateful DFS that expands every enabled
//! thread, as unreduced search does, but never executes a transition that is asleep —
//! one whose thread was explored from an ancestor state and that every transition
//! since has been independent of (its successor is reached through the branch that
//! explored it). Sleep sets prune transitions, not states: every reachable state is
//! visited; with states matched, Godefroid's condition (the explorer's `woken_sleep`)
//! explores a visited state again for the threads asleep when it was explored and
//! awake now. On top, a state is left after a step nothing can touch
//! ([`Reduction::cuts_after_untouchable_steps`]: a persistent set of one), which
//! prunes states (`docs/algorithms/sleep.md`, "Steps nothing can touch").

use super::explorer::Frame;
use super::thread_set::ThreadSet;
use super::{Explorer, Reduction};
use crate::system::{Step, TransitionSystem};

/// Whether `step`, just taken by a thread with a single branch, is a step nothing can
/// touch ([`Reduction::cuts_after_untouchable_steps`]): it raised no violation and
/// only reads locations no thread can change any more ([`TransitionSystem::frozen`]).
/// Both searches with sleep sets ask it (`Explorer::run_transition`, `parallel`'s
/// `dfs`).
pub(crate) fn untouchable(sys: &mut dyn TransitionSystem, step: &Step) -> bool {
    step.violation.is_none() && step.transition.reads_only(|a| sys.frozen(a))
}

/// Full expansion with sleep sets.
#[derive(Clone, Copy, Debug, Default)]
pub struct SleepSets;

impl Reduction for SleepSets {
    fn name(&self) -> &'static str {
        "sleep"
    }

    fn uses_safe_sets(&self) -> bool {
        false
    }

    fn uses_sleep_sets(&self) -> bool {
        true
    }

    fn reads_graph(&self) -> bool {
        false
    }

    /// A visited state's stored sleep set holds threads, and labels are compared
    /// only along the path.
    fn matches_up_to_symmetry(&self) -> bool {
        true
    }

    fn sleeps_until_cycle(&self) -> bool {
        true
    }

    fn cuts_after_untouchable_steps(&self) -> bool {
        true
    }

    fn reset(&mut self, _sys: &dyn TransitionSystem) {}

    /// Every enabled thread not explored yet (the explorer leaves out the asleep);
    /// at a visited state explored again, only the threads woken since (the others
    /// were explored from it the first time).
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        let threads = if frame.woken.is_empty() { &frame.enabled } else { &frame.woken };
        threads.minus(&frame.done)
    }

    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        let f = &mut ex.frames[top];
        if let Some(k) = f.active {
            f.done.insert(k.thread);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::super::tests::{random_program_sized, with_outcomes};
    use super::super::PorStrategy;
    use crate::config::SearchConfig;
    use crate::strategy::{DfsStrategy, Strategy};
    use crate::system::{Fingerprint, Move, TransitionSystem};
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    /// The whole reachable state graph of `sys`, explored without any reduction: each
    /// state's successors, by fingerprint (a violation's successor is left out).
    fn state_graph(sys: &mut dyn TransitionSystem) -> BTreeMap<Fingerprint, BTreeSet<Fingerprint>> {
        fn visit(sys: &mut dyn TransitionSystem, graph: &mut BTreeMap<Fingerprint, BTreeSet<Fingerprint>>) {
            let from = sys.fingerprint();
            if graph.contains_key(&from) {
                return;
            }
            graph.insert(from, BTreeSet::new());
            for t in sys.enabled() {
                for b in 0..sys.branches(t).max(1) {
                    let mark = sys.save();
                    let step = sys.step(Move::new(t, b)).expect("step");
                    if step.violation.is_none() {
                        let to = sys.fingerprint();
                        graph.get_mut(&from).expect("inserted above").insert(to);
                        visit(sys, graph);
                    }
                    sys.restore(mark);
                }
            }
        }
        sys.reset().expect("reset");
        let mut graph = BTreeMap::new();
        visit(sys, &mut graph);
        graph
    }

    /// Whether `graph` has a cycle (Kahn: some state never loses all its in-edges).
    fn has_cycle(graph: &BTreeMap<Fingerprint, BTreeSet<Fingerprint>>) -> bool {
        let mut indegree: BTreeMap<Fingerprint, usize> = graph.keys().map(|&k| (k, 0)).collect();
        for succ in graph.values() {
            for s in succ {
                *indegree.entry(*s).or_default() += 1;
            }
        }
        let mut ready: Vec<Fingerprint> = indegree.iter().filter(|(_, &d)| d == 0).map(|(&k, _)| k).collect();
        let mut removed = 0;
        while let Some(k) = ready.pop() {
            removed += 1;
            for s in graph.get(&k).into_iter().flatten() {
                let d = indegree.get_mut(s).expect("every successor counted");
                *d -= 1;
                if *d == 0 {
                    ready.push(*s);
                }
            }
        }
        removed < indegree.len()
    }

    #[test]
    fn visits_every_state_with_fewer_transitions() {
        // 3 threads × 2 independent writes: 27 states; unreduced DFS runs 54
        // transitions (every edge of the cube), sleep sets only 26 (a spanning tree)
        let mut sys = Program::new(3, vec![vec![Op::Set(0, 1), Op::Set(0, 2)], vec![Op::Set(1, 1), Op::Set(1, 2)], vec![Op::Set(2, 1), Op::Set(2, 2)]]);
        let dfs = DfsStrategy.search(&mut sys, &SearchConfig::default(), &mut NoListener).expect("dfs");
        let sleep = PorStrategy::sleep_sets().search(&mut sys, &SearchConfig::default(), &mut NoListener).expect("sleep");
        assert_eq!((dfs.stats.states_new, dfs.stats.transitions), (27, 54));
        assert_eq!((sleep.stats.states_new, sleep.stats.transitions), (27, 26));
        assert_eq!(sleep.stats.sleep_cycle_rerun, 0);
        // dependent threads (one variable): nothing asleep, every edge explored
        let mut racy = Program::new(1, vec![vec![Op::Set(0, 1), Op::Set(0, 2)], vec![Op::Set(0, 3), Op::Set(0, 4)]]);
        let dfs = DfsStrategy.search(&mut racy, &SearchConfig::default(), &mut NoListener).expect("dfs");
        let sleep = PorStrategy::sleep_sets().search(&mut racy, &SearchConfig::default(), &mut NoListener).expect("sleep");
        assert_eq!(sleep.stats.transitions, dfs.stats.transitions);
    }

    /// Steps nothing can touch (`docs/algorithms/sleep.md`): a join of a thread that
    /// has ended and a step that touches nothing shared are each the only transition
    /// explored from their state, so fewer states than are reachable are visited; the
    /// outcomes (each ordering of the two writes) and the verdict stay DFS's.
    #[test]
    fn explores_nothing_beside_a_step_nothing_can_touch() {
        let main = vec![Op::Start(1), Op::Start(2), Op::Join(1), Op::Join(2), Op::Local, Op::Load(0)];
        let writer = |v| vec![Op::Local, Op::Set(0, v), Op::Local, Op::Exit];
        let mut sys = Program::new(1, vec![main, writer(1), writer(2)]);
        let cfg = super::super::tests::with_outcomes();
        let dfs = DfsStrategy.search(&mut sys, &cfg, &mut NoListener).expect("dfs");
        let sleep = PorStrategy::sleep_sets().search(&mut sys, &cfg, &mut NoListener).expect("sleep");
        assert_eq!(super::super::tests::observable(&sleep), super::super::tests::observable(&dfs));
        assert_eq!(dfs.outcomes.len(), 2);
        // (every state visited, as without the cut, would be 54)
        assert_eq!((sleep.stats.states_new, dfs.stats.states_new), (38, 54));
    }

    /// The argument for livelock detection (`docs/algorithms/sleep.md`): a search
    /// with sleep sets that never reaches a state on its stack proves the program
    /// has no cycle. On random programs with spins, with and without livelock
    /// detection: the search ran again without sleep sets exactly when the whole state
    /// graph has a cycle, and found what DFS finds.
    #[test]
    fn runs_again_exactly_when_the_state_graph_has_a_cycle() {
        let (mut cyclic, mut acyclic) = (0, 0);
        for seed in 0..200 {
            let program = || random_program_sized(seed, seed % 2 == 1, seed % 3 != 2, 3, 4);
            let graph = state_graph(&mut program());
            for liveness in [false, true] {
                let cfg = SearchConfig { liveness, ..with_outcomes() };
                let dfs = DfsStrategy.search(&mut program(), &cfg, &mut NoListener).expect("dfs");
                let r = PorStrategy::sleep_sets().search(&mut program(), &cfg, &mut NoListener).expect("sleep");
                assert_eq!(r.stats.sleep_cycle_rerun > 0, has_cycle(&graph), "seed {seed}: {:?}", program());
                assert_eq!(super::super::tests::observable(&r), super::super::tests::observable(&dfs), "seed {seed}, liveness {liveness}: {:?}", program());
            }
            if has_cycle(&graph) {
                cyclic += 1;
            } else {
                acyclic += 1;
            }
        }
        assert!(cyclic >= 25 && acyclic >= 25, "{cyclic} cyclic, {acyclic} acyclic programs");
    }
}
