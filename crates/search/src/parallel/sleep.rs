//! Sleep sets in the parallel search ([`super::parallel_sleep_sets`], `--por sleep`
//! on several workers): Godefroid's sleep sets with state caching, as the sequential
//! `por::sleep_sets` has them (`docs/algorithms/sleep.md`), shared by workers.
//!
//! # What it owns
//! - [`inherit`]: the sleep set of a state reached by a transition — the threads
//!   asleep in the state it left and those explored from it before, each kept while
//!   every one of its branches is independent of the transition.
//! - [`SleepStore`]: per visited state, the threads asleep in it when it was explored
//!   (the intersection over every worker's explorations), for Godefroid's condition:
//!   a worker that reaches a visited state with a thread awake that was asleep there
//!   explores that thread from it itself. A state found new by one worker and reached
//!   by another before the first stored its sleep set counts as explored with every
//!   thread asleep: the second worker explores every thread awake for it.
//!
//! # What it must not do
//! Put a thread to sleep whose branches were not all explored from the state by the
//! worker (or, in a work item, by the worker that gave it): a thread whose later
//! branches went to another worker is awake (work is split at thread boundaries).

use std::collections::HashMap;
use std::sync::Mutex;

use crate::por::ThreadSet;
use crate::system::{Fingerprint, ThreadId, Transition};

/// A thread asleep (or explored) with the label of one of its branches.
pub(super) type Sleeper = (ThreadId, Transition);

/// The sleep set of the state `taken` reaches from a state whose inherited sleep set
/// is `sleep` and whose explored moves so far are `done` (Godefroid; with DPOR as
/// Flanagan and Godefroid, POPL 2005, Fig. 4).
pub(super) fn inherit(sleep: &[Sleeper], done: &[Sleeper], taken: &Transition) -> Vec<Sleeper> {
    let mut out: Vec<Sleeper> = sleep.iter().chain(done).cloned().collect();
    crate::por::keep_asleep(&mut out, taken.thread, |label| crate::por::dependent(label, taken));
    out
}

/// The threads of a sleep set.
pub(super) fn threads(sleep: &[Sleeper]) -> ThreadSet {
    sleep.iter().map(|&(u, _)| u).collect()
}

/// Shards of the store (independently locked).
const SHARDS: usize = 256;

/// Per state explored, the threads asleep in it then (see the module docs).
pub(super) struct SleepStore {
    shards: Box<[Mutex<HashMap<Fingerprint, ThreadSet>>]>,
}

impl SleepStore {
    pub fn new() -> Self {
        SleepStore { shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect() }
    }

    fn shard(&self, fp: Fingerprint) -> std::sync::MutexGuard<'_, HashMap<Fingerprint, ThreadSet>> {
        super::lock(&self.shards[(fp >> 120) as usize % SHARDS])
    }

    /// A worker expands the new state `fp` with the threads `asleep`.
    pub fn explored(&self, fp: Fingerprint, asleep: ThreadSet) {
        let mut shard = self.shard(fp);
        match shard.get_mut(&fp) {
            Some(stored) => *stored = stored.intersection(&asleep),
            None => {
                shard.insert(fp, asleep);
            }
        }
    }

    /// A worker reached the visited state `fp`, whose threads `enabled` can run, with
    /// the threads `asleep`: the threads it must explore from it (Godefroid's
    /// condition); the stored set becomes the intersection.
    pub fn revisit(&self, fp: Fingerprint, asleep: &ThreadSet, enabled: &ThreadSet) -> ThreadSet {
        let mut shard = self.shard(fp);
        let woken = match shard.get_mut(&fp) {
            Some(stored) => {
                let woken = stored.minus(asleep);
                *stored = stored.intersection(asleep);
                woken
            }
            None => {
                // its finder has not told its sleep set yet
                shard.insert(fp, asleep.clone());
                enabled.minus(asleep)
            }
        };
        woken.intersection(enabled)
    }

    /// Heap bytes held (approximately: entries and table slots).
    pub fn bytes(&self) -> u64 {
        self.shards.iter().map(|s| super::lock(s).capacity() * (std::mem::size_of::<(Fingerprint, ThreadSet)>() + 1)).sum::<usize>() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SearchConfig;
    use crate::por::tests::{observable, random_program_sized, with_outcomes};
    use crate::por::PorStrategy;
    use crate::strategy::{DfsStrategy, Strategy};
    use crate::system::{Access, AccessKind, SystemError, TransitionSystem};
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    fn parallel(sys: &Program, workers: usize, cfg: &SearchConfig) -> crate::SearchReport {
        let make = |_: usize| -> Result<Box<dyn TransitionSystem>, SystemError> { Ok(Box::new(sys.clone())) };
        super::super::parallel_sleep_sets(&make, workers, cfg, &mut NoListener).expect("parallel search")
    }

    /// On random programs with and without spins, with and without livelock
    /// detection, on 2 and 3 workers: the verdict, violations and outcomes of DFS, no
    /// more states than DFS (every one after a cycle), and a second search exactly where the sequential
    /// search with sleep sets needs one (the program has a cycle).
    #[test]
    fn finds_what_dfs_finds_and_runs_again_on_cycles() {
        for seed in 0..120 {
            let program = random_program_sized(seed, seed % 2 == 1, seed % 3 != 2, 3, 4);
            for liveness in [false, true] {
                let cfg = SearchConfig { liveness, ..with_outcomes() };
                let dfs = DfsStrategy.search(&mut program.clone(), &cfg, &mut NoListener).expect("dfs");
                let sequential = PorStrategy::sleep_sets().search(&mut program.clone(), &cfg, &mut NoListener).expect("sleep");
                for workers in [2, 3] {
                    let what = format!("seed {seed}, liveness {liveness}, {workers} workers: {program:?}");
                    let r = parallel(&program, workers, &cfg);
                    assert_eq!((r.strategy, r.stop), ("sleep", dfs.stop), "{what}");
                    assert_eq!(observable(&r), observable(&dfs), "{what}");
                    // steps nothing can touch cut states (`sleep.md`); a search run
                    // again after a cycle is unreduced
                    if r.stats.sleep_cycle_rerun > 0 {
                        assert_eq!(r.stats.states_new, dfs.stats.states_new, "{what}");
                    } else {
                        assert!(r.stats.states_new <= dfs.stats.states_new, "{what}");
                    }
                    assert_eq!(r.stats.sleep_cycle_rerun > 0, sequential.stats.sleep_cycle_rerun > 0, "{what}");
                }
            }
        }
    }

    #[test]
    fn independent_threads_take_fewer_transitions_on_every_worker_count() {
        // 4 threads of 4 writes to variables of their own: 5^4 = 625 states
        let program = Program::new(4, (0..4).map(|t| (1..=4).map(|v| Op::Set(t, v)).collect()).collect());
        let dfs = DfsStrategy.search(&mut program.clone(), &SearchConfig::default(), &mut NoListener).expect("dfs");
        assert_eq!(dfs.stats.states_new, 625);
        for workers in 1..=4 {
            let r = parallel(&program, workers, &SearchConfig::default());
            assert_eq!(r.stats.states_new, 625, "{workers} workers");
            assert_eq!(r.stats.sleep_cycle_rerun, 0, "{workers} workers");
            assert!(r.stats.transitions < dfs.stats.transitions * 2 / 3, "{workers} workers: {} transitions, DFS {}", r.stats.transitions, dfs.stats.transitions);
        }
    }

    /// A thread that spins from the start, beside three busy ones: the first
    /// transition tried (the spin's self-loop) meets a state on the worker's stack,
    /// so the search with sleep sets stops there and runs again, instead of first
    /// exploring the hundreds of states of the others.
    #[test]
    fn a_cycle_on_a_workers_stack_stops_the_first_search_at_once() {
        let mut code = vec![vec![Op::Await(0, 1)]];
        code.extend((1..4).map(|t| (1..=6).map(|v| Op::Set(t, v)).collect::<Vec<_>>()));
        code[3].push(Op::Set(0, 1));
        let program = Program::new(4, code);
        let dfs = DfsStrategy.search(&mut program.clone(), &SearchConfig::default(), &mut NoListener).expect("dfs");
        assert!(dfs.stats.states_new > 400, "{}", dfs.stats.states_new);
        for workers in [2, 3] {
            let r = parallel(&program, workers, &SearchConfig::default());
            assert!(r.stats.sleep_cycle_rerun > 0 && r.stats.sleep_cycle_rerun < 10, "{workers} workers: {} transitions before the rerun", r.stats.sleep_cycle_rerun);
            assert_eq!(r.stats.states_new, dfs.stats.states_new, "{workers} workers");
            assert_eq!(observable(&r), observable(&dfs), "{workers} workers");
        }
    }

    fn write(thread: ThreadId, location: u64) -> Transition {
        Transition::new(thread, vec![Access::new(location, 0, AccessKind::Write)])
    }

    #[test]
    fn a_dependent_branch_wakes_its_thread() {
        let sleep = vec![(1, write(1, 10)), (2, write(2, 20)), (2, write(2, 30))];
        let out = inherit(&sleep, &[(3, write(3, 40))], &write(0, 30));
        assert_eq!(threads(&out), ThreadSet::of(&[1, 3]));
        // the taken thread itself is never asleep after its own transition
        assert!(threads(&inherit(&sleep, &[], &write(1, 99))).contains(2));
        assert!(!threads(&inherit(&sleep, &[], &write(1, 99))).contains(1));
    }

    #[test]
    fn the_store_keeps_the_intersection_and_wakes_what_was_asleep() {
        let store = SleepStore::new();
        let all = ThreadSet::of(&[0, 1, 2, 3]);
        store.explored(7, ThreadSet::of(&[1, 2]));
        assert_eq!(store.revisit(7, &ThreadSet::of(&[2, 3]), &all), ThreadSet::of(&[1]));
        assert_eq!(store.revisit(7, &ThreadSet::of(&[2]), &all), ThreadSet::new());
        assert_eq!(store.revisit(7, &ThreadSet::new(), &all), ThreadSet::of(&[2]));
        // reached before its finder told its sleep set: every thread awake
        assert_eq!(store.revisit(9, &ThreadSet::of(&[3]), &all), ThreadSet::of(&[0, 1, 2]));
        store.explored(9, ThreadSet::of(&[1, 3]));
        assert_eq!(store.revisit(9, &ThreadSet::new(), &all), ThreadSet::of(&[3]));
    }
}
