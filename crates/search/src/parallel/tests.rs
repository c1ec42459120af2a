//! Tests of the parallel search (`mod.rs`): against sequential DFS on random and
//! hand-built programs, violations, limits, livelocks and work sharing.

use std::collections::BTreeSet;

use super::*;
use crate::por::tests::random_program_sized;
use crate::report::Verdict;
use crate::strategy::{DfsStrategy, Strategy};
use crate::testkit::{graph, lock_order_deadlock, racy_counter, replay, Counter, Graph, Op, Program};
use crate::{NoListener, ViolationKind};

/// Runs the parallel search on copies of `sys`.
fn par<S: TransitionSystem + Clone + Sync + 'static>(sys: &S, workers: usize, cfg: &SearchConfig) -> Result<SearchReport, SearchError> {
    let make = |_: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { Ok(Box::new(sys.clone())) };
    parallel_dfs(&make, workers, cfg, &mut NoListener)
}

fn seq<S: TransitionSystem + Clone>(sys: &S, cfg: &SearchConfig) -> SearchReport {
    DfsStrategy.search(&mut sys.clone(), cfg, &mut NoListener).expect("dfs")
}

fn every_outcome() -> SearchConfig {
    SearchConfig { multiple_errors: true, collect_outcomes: true, ..SearchConfig::default() }
}

/// Replays a counterexample on a fresh system: it must end in its violation.
fn assert_replays(fresh: &mut dyn TransitionSystem, found: &Counterexample, what: &str) {
    let steps = replay(fresh, &found.schedule());
    let labels: Vec<Transition> = steps.iter().map(|s| s.transition.clone()).collect();
    assert_eq!(labels, found.trace, "{what}: replayed labels");
    assert!(steps.iter().rev().skip(1).all(|s| s.violation.is_none()), "{what}: a violation before the trace's end");
    match found.violation.kind {
        ViolationKind::Deadlock => {
            assert!(steps.last().is_none_or(|s| s.violation.is_none()), "{what}");
            assert!(fresh.enabled().is_empty() && !fresh.is_terminal(), "{what}: replay does not end in a deadlock");
        }
        _ => assert_eq!(steps.last().and_then(|s| s.violation.as_ref()), Some(&found.violation), "{what}"),
    }
}

/// A complete parallel search counts what the sequential DFS counts, and its
/// counterexamples replay.
fn assert_agrees<S: TransitionSystem + Clone + Sync + 'static>(sys: &S, cfg: &SearchConfig, what: &str) -> Vec<SearchReport> {
    let reference = seq(sys, cfg);
    let messages = |r: &SearchReport| r.violations.iter().map(|v| v.violation.to_string()).collect::<BTreeSet<_>>();
    let mut reports = Vec::new();
    for workers in 1..=4 {
        let what = format!("{what} with {workers} workers");
        let r = par(sys, workers, cfg).expect("parallel search");
        assert_eq!((r.strategy, r.stats.workers, r.stop, r.verdict()), ("dfs", workers as u32, reference.stop, reference.verdict()), "{what}");
        assert_eq!((r.violations.len(), r.stats.violations), (reference.violations.len(), reference.stats.violations), "{what}");
        let (s, t) = (&r.stats, &reference.stats);
        if r.stop == StopReason::Complete {
            assert_eq!((s.states_new, s.states_visited, s.transitions, s.end_states), (t.states_new, t.states_visited, t.transitions, t.end_states), "{what}");
            assert_eq!((&r.outcomes, messages(&r)), (&reference.outcomes, messages(&reference)), "{what}");
            // one lookup for each state reached: the initial one, and after each
            // transition that raised no violation
            let raised = reference.violations.iter().filter(|v| v.violation.kind != ViolationKind::Deadlock).count() as u64;
            assert_eq!(s.parallel_lookups, t.transitions + 1 - raised, "{what}");
        }
        for found in &r.violations {
            assert_replays(&mut sys.clone(), found, &what);
        }
        reports.push(r);
    }
    reports
}

/// A program large enough that idle workers get work many times (259,318
/// states).
fn big_program() -> Program {
    let thread = |t: usize| vec![Op::Load(t % 3), Op::Store(t % 3, 1), Op::Local, Op::Add((t + 1) % 3, 1), Op::Local, Op::Set(t % 3, 2), Op::Load((t + 2) % 3)];
    Program::new(3, (0..4).map(thread).collect())
}

/// A random graph: `nodes` nodes, up to 3 threads a node with up to 2 branches
/// each, some end nodes, some nodes without edges (deadlocks), some violations.
fn random_graph(seed: u64, nodes: usize) -> Graph {
    let mut rng = SearchRng::new(seed);
    let (mut edges, mut terminal, mut violations) = (Vec::new(), Vec::new(), Vec::new());
    for from in 0..nodes {
        match rng.below(10) {
            0 => terminal.push(from),
            1 => {}
            _ => {
                for thread in 0..1 + rng.below(3) as ThreadId {
                    edges.extend((0..1 + rng.below(2)).map(|_| (from, thread, rng.below(nodes))));
                    if rng.below(40) == 0 {
                        violations.push((from, thread));
                    }
                }
            }
        }
    }
    let g = terminal.iter().enumerate().fold(graph(nodes, &edges, &terminal), |g, (i, &t)| g.with_outcome(t, &format!("o{}", i % 3)));
    violations.into_iter().fold(g, |g, (from, thread)| g.with_violation(from, thread, &format!("edge {from}/{thread}")))
}

#[test]
fn agrees_with_sequential_dfs_on_random_programs() {
    for seed in 0..200 {
        let program = random_program_sized(seed, seed % 2 == 1, seed % 3 == 0, 3, 4);
        assert_agrees(&program, &every_outcome(), &format!("random program {seed}"));
    }
}

#[test]
fn agrees_with_sequential_dfs_on_graphs() {
    let small = graph(7, &[(0, 0, 1), (0, 1, 2), (1, 0, 3), (2, 0, 3), (3, 0, 4), (5, 0, 6)], &[4, 6]).with_outcome(4, "four").with_outcome(6, "six");
    assert_agrees(&small, &every_outcome(), "the small graph");
    assert_agrees(&graph(3, &[(0, 0, 1), (1, 0, 0), (1, 1, 2)], &[2]), &every_outcome(), "a cycle");
    assert_agrees(&graph(1, &[], &[0]), &every_outcome(), "one end state");
    assert_agrees(&graph(1, &[], &[]), &every_outcome(), "a deadlocked initial state");
    for seed in 0..30 {
        assert_agrees(&random_graph(seed, 40 + 100 * seed as usize), &every_outcome(), &format!("random graph {seed}"));
    }
}

#[test]
fn shares_work_on_a_big_program() {
    let reports = assert_agrees(&big_program(), &every_outcome(), "the big program");
    assert_eq!(reports[0].stats.states_new, 259_318);
    assert_eq!(reports[0].stats.replayed_transitions, 0, "one worker never waits");
    assert!(reports[3].stats.replayed_transitions > 0, "four workers shared no work");
    let random = SearchConfig { order: crate::ThreadOrder::Random, seed: 5, ..every_outcome() };
    assert_agrees(&big_program(), &random, "the big program in random orders");
}

#[test]
fn violations_agree_and_replay() {
    let t0 = vec![Op::Lock(0), Op::Load(0), Op::Store(0, 1), Op::Unlock(0), Op::Set(1, 5)];
    let t2 = vec![Op::Lock(0), Op::Load(0), Op::Store(0, 10), Op::Unlock(0), Op::Assert(0, 10)];
    let asserting = Program::new(2, vec![t0, vec![Op::Load(1), Op::Store(0, 2), Op::Assert(1, 0)], t2]);
    let first = SearchConfig::default();
    for (name, program) in [("deadlock", lock_order_deadlock()), ("assertions", asserting), ("racy counter", racy_counter())] {
        for cfg in [&first, &every_outcome()] {
            let reports = assert_agrees(&program, cfg, name);
            for r in reports.iter().filter(|r| !cfg.multiple_errors && r.verdict() == Verdict::Violation) {
                assert_eq!((r.stop, r.violations.len(), r.stats.violations), (StopReason::Violation, 1, 1), "{name}");
            }
        }
    }
    // the big program with a late assertion: stops at the first violation
    let mut code: Vec<Vec<Op>> = (0..4).map(|t| vec![Op::Load(t % 3), Op::Store(t % 3, 1), Op::Local, Op::Add((t + 1) % 3, 1)]).collect();
    code[3].push(Op::Assert(0, 0));
    let late = Program::new(3, code);
    for workers in 1..=4 {
        let r = par(&late, workers, &first).expect("search");
        assert_eq!((r.stop, r.violations.len(), r.stats.violations), (StopReason::Violation, 1, 1));
        assert_replays(&mut late.clone(), &r.violations[0], "late assertion");
    }
}

#[test]
fn kept_violations_and_the_listener_see_every_violation() {
    struct Counting(u64);
    impl SearchListener for Counting {
        fn on_state(&mut self, _: &Stats) -> Result<bool, ListenerError> {
            Ok(true)
        }
        fn on_violation(&mut self, _: &Counterexample, stats: &Stats) -> Result<bool, ListenerError> {
            self.0 += 1;
            assert!(stats.violations >= self.0);
            Ok(true)
        }
    }
    let program = random_program_sized(4, false, false, 3, 4);
    let all = seq(&program, &every_outcome());
    assert!(all.violations.len() > 2);
    let cfg = SearchConfig { kept_violations: Some(2), ..every_outcome() };
    let make = |_: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { Ok(Box::new(program.clone())) };
    let mut listener = Counting(0);
    let r = parallel_dfs(&make, 3, &cfg, &mut listener).expect("search");
    assert_eq!((r.violations.len() as u64, r.stats.violations, listener.0), (2, all.stats.violations, all.stats.violations));
}

#[test]
fn max_states_is_a_global_limit() {
    for workers in 1..=4 {
        for max in [1, 7, 1000] {
            let r = par(&Counter::default(), workers, &SearchConfig { max_states: Some(max), ..SearchConfig::default() }).expect("search");
            assert_eq!((r.stop, r.verdict(), r.stats.states_new), (StopReason::MaxStates, Verdict::Incomplete, max), "{workers} workers, {max}");
        }
        let big = big_program();
        let all = seq(&big, &SearchConfig::default()).stats.states_new;
        let r = par(&big, workers, &SearchConfig { max_states: Some(all / 3), ..SearchConfig::default() }).expect("search");
        assert_eq!((r.stop, r.stats.states_new), (StopReason::MaxStates, all / 3));
        // a limit the search does not reach leaves it complete
        let r = par(&big, workers, &SearchConfig { max_states: Some(all), ..SearchConfig::default() }).expect("search");
        assert_eq!((r.stop, r.stats.states_new), (StopReason::Complete, all));
    }
}

#[test]
fn time_limit_and_listener_stop_cleanly() {
    let cfg = SearchConfig { max_time: Some(Duration::from_millis(150)), ..SearchConfig::default() };
    let r = par(&Counter::default(), 3, &cfg).expect("search");
    assert_eq!(r.stop, StopReason::MaxTime);
    struct StopAfter(u32);
    impl SearchListener for StopAfter {
        fn on_state(&mut self, _: &Stats) -> Result<bool, ListenerError> {
            self.0 += 1;
            Ok(self.0 < 3)
        }
    }
    let make = |_: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { Ok(Box::new(Counter::default())) };
    let r = parallel_dfs(&make, 2, &SearchConfig::default(), &mut StopAfter(0)).expect("search");
    assert_eq!(r.stop, StopReason::Listener);
    assert!(r.stats.states_new > 0);
}

#[test]
fn exact_states_are_shared() {
    let cfg = SearchConfig { exact_states: true, ..every_outcome() };
    assert_agrees(&big_program(), &cfg, "the big program with exact states");
    let colliding = graph(4, &[(0, 0, 1), (0, 1, 2), (1, 0, 3), (2, 0, 3)], &[3]).with_same_fingerprint(1, 2);
    for workers in [1, 2] {
        assert!(matches!(par(&colliding, workers, &cfg), Err(SearchError::Fingerprint(jvmc_state::FingerprintError::Collision { .. }))));
    }
}

#[test]
fn system_errors_pass_through() {
    #[derive(Debug, thiserror::Error)]
    #[error("restart with other settings")]
    struct Restart;
    let make = |w: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { if w == 1 { Err(Box::new(Restart)) } else { Ok(Box::new(Counter::default())) } };
    match parallel_dfs(&make, 2, &SearchConfig::default(), &mut NoListener) {
        Err(SearchError::System(e)) => assert!(e.downcast_ref::<Restart>().is_some()),
        other => panic!("{other:?}"),
    }
    // a step that fails: the move is not enabled in a replay of another system
    let make = |w: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { Ok(Box::new(if w == 0 { big_program() } else { racy_counter() })) };
    assert!(matches!(parallel_dfs(&make, 2, &SearchConfig::default(), &mut NoListener), Err(SearchError::System(_) | SearchError::Nondeterministic { .. })));
}

/// With livelock detection, a complete parallel search reports the livelocks of the
/// sequential DFS — the same components, the same witnesses — and each lasso
/// closes when replayed.
fn assert_same_livelocks<S: TransitionSystem + Clone + Sync + 'static>(sys: &S, what: &str) -> usize {
    let live = SearchConfig { liveness: true, ..every_outcome() };
    let reference = seq(sys, &live);
    let found = |r: &SearchReport| r.violations.iter().map(|v| (v.violation.to_string(), v.schedule())).collect::<Vec<_>>();
    for workers in 1..=3 {
        let what = format!("{what} with {workers} workers");
        let r = par(sys, workers, &live).expect("parallel search");
        assert_eq!((r.stop, r.verdict(), r.stats.states_new, r.stats.transitions), (reference.stop, reference.verdict(), reference.stats.states_new, reference.stats.transitions), "{what}");
        let livelocks = |r: &SearchReport| found(r).into_iter().filter(|(m, _)| m.starts_with("livelock")).collect::<Vec<_>>();
        assert_eq!(livelocks(&r), livelocks(&reference), "{what}");
        assert!(r.stats.parallel_graph_bytes > 0 || r.stats.transitions == 0, "{what}: the graph was logged");
        for cx in r.violations.iter().filter(|v| v.violation.kind == ViolationKind::Livelock) {
            let start = cx.cycle_start.expect("a lasso");
            let mut fresh = sys.clone();
            replay(&mut fresh, &cx.schedule()[..start]);
            let before = fresh.fingerprint();
            for &mv in &cx.schedule()[start..] {
                fresh.step(mv).expect("the cycle replays");
            }
            assert_eq!(fresh.fingerprint(), before, "{what}: the cycle closes");
        }
    }
    reference.violations.iter().filter(|v| v.violation.kind == ViolationKind::Livelock).count()
}

#[test]
fn finds_the_livelocks_the_sequential_search_finds() {
    // a spin whose writer needs the spinner's lock: a livelock; the same spin with a
    // writer that can run: none; a weak CAS that may fail forever (unfair) or whose
    // value never matches (a livelock)
    let hang = Program::new(1, vec![vec![Op::Lock(0), Op::Await(0, 1), Op::Unlock(0)], vec![Op::Lock(0), Op::Set(0, 1), Op::Unlock(0)], vec![Op::Local]]);
    assert_eq!(assert_same_livelocks(&hang, "the hang"), 1);
    assert_eq!(assert_same_livelocks(&Program::new(1, vec![vec![Op::Await(0, 1)], vec![Op::Local, Op::Set(0, 1)]]), "a fair spin"), 0);
    assert_eq!(assert_same_livelocks(&Program::new(1, vec![vec![Op::CasLoop(0, 0, 1)], vec![Op::Local]]), "a retry"), 0);
    assert_eq!(assert_same_livelocks(&Program::new(1, vec![vec![Op::CasLoop(0, 7, 1)], vec![Op::Local]]), "a stuck CAS"), 1);
    let mut with_cycles = 0;
    for seed in 0..40 {
        with_cycles += assert_same_livelocks(&random_graph(seed, 30 + 20 * seed as usize), &format!("random graph {seed}"));
    }
    assert!(with_cycles > 0, "some random graph has a fair cycle");
    for seed in 0..60 {
        assert_same_livelocks(&random_program_sized(seed, seed % 2 == 1, seed % 3 == 0, 3, 3), &format!("random program {seed}"));
    }
}

#[test]
fn the_livelock_walk_keeps_the_limits() {
    // over its memory limit from the start (1 byte): the search, or at the latest
    // the walk after it, stops there and never says complete
    let hang = Program::new(1, vec![vec![Op::Lock(0), Op::Await(0, 1), Op::Unlock(0)], vec![Op::Lock(0), Op::Set(0, 1), Op::Unlock(0)], vec![Op::Local]]);
    let cfg = SearchConfig { liveness: true, max_memory: Some(1), ..every_outcome() };
    let r = par(&hang, 2, &cfg).expect("parallel search");
    assert_eq!(r.stop, StopReason::MaxMemory);
    assert!(r.violations.iter().all(|v| v.violation.kind != ViolationKind::Livelock));
    // the walk alone, on a logged spin (one state, one thread, a step back to it)
    let spin = || {
        let mut log = GraphLog::default();
        log.initial = Some(7);
        let frame = log.frame(7, &[Move::new(0, 0)], true);
        log.edge(frame, 0, 7);
        vec![log]
    };
    let (found, stopped) = livelocks::fair_cycles(spin(), false, &|| None);
    assert_eq!((found.len(), stopped), (1, None), "the spin is a livelock");
    let (found, stopped) = livelocks::fair_cycles(spin(), false, &|| Some(StopReason::MaxTime));
    assert_eq!((found.len(), stopped), (0, Some(StopReason::MaxTime)), "a limit ends the walk");
}

#[test]
fn refuses_what_it_does_not_support() {
    let d = SearchConfig::default;
    let refused = [(2, SearchConfig { stateless: true, ..d() }), (2, SearchConfig { depth_limit: Some(3), ..d() }), (0, d())];
    for (workers, cfg) in refused {
        assert!(matches!(par(&racy_counter(), workers, &cfg), Err(SearchError::Unsupported(_))), "{cfg:?}");
    }
}
