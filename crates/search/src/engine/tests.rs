//! The DPOR engine on small synthetic programs: the paper's `DporGraphExample` with
//! its nodes and replay, fewer choice points with the data-race marker than with
//! every access on thread-local data, and soundness against stateful DFS on random
//! programs (locks, choices, spins; threads started and joined) and on
//! `LoneThreadRaces` for every marker.

use super::*;
use crate::por::tests::{complete_runs_agreeing_with_dfs, complete_spawning_runs_agreeing_with_dfs, lone_thread_races_missed, observable, with_outcomes};
use crate::strategy::DfsStrategy;
use crate::testkit::{Op, Program};
use crate::NoListener;

fn engines() -> Vec<DporEngine> {
    vec![DporEngine::every_step(), DporEngine::every_access(), DporEngine::data_race()]
}

/// Figure 2's `DporGraphExample`: `main` writes `i = 2`, the other thread `i = 1`.
/// The first execution marks both writes `Maybe` (neither location is known shared
/// yet); the second write races with the first, a `Maybe` node, so the root is
/// flagged and replayed; on the replay both writes are `Yes` and both orders run.
#[test]
fn dpor_graph_example_replays_once() {
    let program = || Program::new(1, vec![vec![Op::Set(0, 2)], vec![Op::Set(0, 1)]]);
    let mut engine = DporEngine::data_race();
    let r = engine.search(&mut program(), &with_outcomes(), &mut NoListener).expect("engine");
    assert_eq!(r.outcomes.keys().collect::<Vec<_>>(), ["x0=1", "x0=2"]);
    assert_eq!(engine.counts, EngineCounts { executions: 3, choice_points: 7, maybe_nodes: 2, replays: 1, sleep_blocked: 0 });
    // every access marked: no Maybe nodes, no replay, two executions
    let mut every = DporEngine::every_access();
    let r = every.search(&mut program(), &with_outcomes(), &mut NoListener).expect("engine");
    assert_eq!(r.outcomes.len(), 2);
    assert_eq!((every.counts.executions, every.counts.maybe_nodes, every.counts.replays), (2, 0, 0));
}

/// Thread-local data: each thread writes its own variable three times, then a shared
/// one. The data-race marker leaves the local writes `Maybe` (one thread only) and
/// makes choice points at the shared writes alone.
#[test]
fn data_race_marker_makes_fewer_choice_points_on_thread_local_data() {
    let code = vec![vec![Op::Set(1, 1), Op::Set(1, 2), Op::Set(1, 3), Op::Set(0, 1)], vec![Op::Set(2, 1), Op::Set(2, 2), Op::Set(2, 3), Op::Set(0, 2)]];
    let program = || Program::new(3, code.clone());
    let reference = DfsStrategy.search(&mut program(), &with_outcomes(), &mut NoListener).expect("dfs");
    let mut race = DporEngine::data_race();
    let mut every = DporEngine::every_access();
    let a = race.search(&mut program(), &with_outcomes(), &mut NoListener).expect("engine");
    let b = every.search(&mut program(), &with_outcomes(), &mut NoListener).expect("engine");
    assert_eq!(observable(&a), observable(&reference));
    assert_eq!(observable(&b), observable(&reference));
    assert!(race.counts.choice_points < every.counts.choice_points, "{:?} vs {:?}", race.counts, every.counts);
}

/// Random programs with locks, choices and (every third) spins, against stateful DFS.
#[test]
fn every_marker_is_sound_on_random_programs() {
    let budget = SearchConfig { max_states: Some(200_000), ..with_outcomes() };
    for mut engine in engines() {
        let complete = complete_runs_agreeing_with_dfs(&mut engine, 0..300, 2, 4, &budget);
        assert!(complete > 250, "{} completed only {complete} of 300", engine.name());
    }
}

/// The suite program `LoneThreadRaces` with every assignment of its workers to
/// threads: with unmerged steps, every marker finds what stateful DFS finds; with
/// merged ones (a lone thread's rest one step) the engine loses an outcome on some
/// of them, which is why it asks for unmerged steps.
#[test]
fn lone_thread_races_need_unmerged_steps() {
    for mut engine in engines() {
        assert!(engine.needs_state_independent_steps(), "{}", engine.name());
        assert_eq!(lone_thread_races_missed(&mut engine, false), 0, "{}", engine.name());
    }
    let missed = lone_thread_races_missed(&mut DporEngine::every_step(), true);
    assert!(missed > 0, "merged steps lost nothing: the engine may not need unmerged steps");
}

/// Random programs shaped like a Java `main` (threads started and joined), against
/// stateful DFS.
#[test]
fn every_marker_is_sound_on_random_spawning_programs() {
    let budget = SearchConfig { max_states: Some(200_000), ..with_outcomes() };
    for mut engine in engines() {
        let complete = complete_spawning_runs_agreeing_with_dfs(&mut engine, 0..150, &budget);
        assert!(complete > 130, "{} completed only {complete} of 150", engine.name());
    }
}
