//! PCT, probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi, Nagarakatte,
//! "A Randomized Scheduler with Probabilistic Guarantees of Finding Bugs", ASPLOS
//! 2010): random walks (`random.rs`) in which the highest-priority enabled thread
//! always runs. Each walk gives the threads random distinct priorities (a thread
//! created during the walk is put at a uniformly random rank among those there) and
//! picks `d - 1` change points uniformly among the steps `1..=k`; at the `i`-th one the
//! thread about to run drops below every other, and below those dropped before it.
//! A bug of depth `d` (that needs `d` ordering constraints) is found by one walk with
//! probability at least `1 / (n k^(d-1))`.
//!
//! `k`, the number of steps of a walk, is not known in advance: as shuttle's and
//! Coyote's PCT do, it is the longest walk so far (the first walk has no change
//! points). Branches of a thread (random values, weak compare-and-set) are picked
//! uniformly, as in random search.
//!
//! Spinning: a thread whose step brings the walk back to a state it has been in made
//! no progress (a spin loop waiting for another thread, a failed compare-and-set
//! retried); it drops below every other thread, as a yield does in Coyote's PCT.
//! Without this a high-priority spinner would run forever.

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::rng::SearchRng;
use crate::run::SearchRun;
use crate::strategy::random::{explore_walks, WalkScheduler};
use crate::strategy::Strategy;
use crate::system::{Fingerprint, ThreadId, TransitionSystem};

use rustc_hash::FxHashSet;

/// The bug depth when [`SearchConfig::pct_depth`] is 0: two change points, the depth
/// most bugs need (Burckhardt et al., Section 5).
pub const DEFAULT_DEPTH: usize = 3;

/// PCT with bug depth [`SearchConfig::pct_depth`] (the walks and limits of random
/// search).
#[derive(Clone, Copy, Debug, Default)]
pub struct PctStrategy;

impl Strategy for PctStrategy {
    fn name(&self) -> &'static str {
        "pct"
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let mut run = SearchRun::new(cfg, listener);
        let depth = if cfg.pct_depth == 0 { DEFAULT_DEPTH } else { cfg.pct_depth };
        let mut scheduler = Priorities { depth, ranked: Vec::new(), dropped: Vec::new(), change_points: Vec::new(), longest: 0, seen: FxHashSet::default(), last: None, rng: SearchRng::new(0) };
        let result = explore_walks(sys, &mut run, &mut scheduler);
        run.finish(self.name(), result)
    }
}

/// The priorities of one walk.
struct Priorities {
    /// `d`
    depth: usize,
    /// threads not dropped, highest priority first
    ranked: Vec<ThreadId>,
    /// threads dropped at change points, in the order dropped (each below the last)
    dropped: Vec<ThreadId>,
    /// the walk's change points (steps), ascending
    change_points: Vec<usize>,
    /// `k`: the longest walk so far
    longest: usize,
    /// the states this walk has been in
    seen: FxHashSet<Fingerprint>,
    /// the thread that ran last
    last: Option<ThreadId>,
    rng: SearchRng,
}

impl Priorities {
    fn drop_below_all(&mut self, t: ThreadId) {
        self.ranked.retain(|&u| u != t);
        self.dropped.retain(|&u| u != t);
        self.dropped.push(t);
    }
}

impl WalkScheduler for Priorities {
    fn new_walk(&mut self, rng: &mut SearchRng) {
        self.ranked.clear();
        self.dropped.clear();
        self.change_points.clear();
        self.seen.clear();
        self.last = None;
        // d - 1 distinct steps of 1..=k
        let wanted = (self.depth - 1).min(self.longest);
        while self.change_points.len() < wanted {
            let step = 1 + rng.below(self.longest);
            if !self.change_points.contains(&step) {
                self.change_points.push(step);
            }
        }
        self.change_points.sort_unstable();
        // the walk's own stream for ranks of threads created during it
        self.rng = SearchRng::new(rng.next_u64());
    }

    fn watches_states(&self) -> bool {
        true
    }

    fn choose(&mut self, enabled: &[ThreadId], step: usize, state: Option<Fingerprint>, _rng: &mut SearchRng) -> ThreadId {
        if state.is_some_and(|s| !self.seen.insert(s)) {
            if let Some(spinner) = self.last {
                self.drop_below_all(spinner);
            }
        }
        for &t in enabled {
            if !self.ranked.contains(&t) && !self.dropped.contains(&t) {
                let at = self.rng.below(self.ranked.len() + 1);
                self.ranked.insert(at, t);
            }
        }
        let best = |p: &Priorities| p.ranked.iter().chain(&p.dropped).copied().find(|t| enabled.contains(t)).expect("an enabled thread has a rank");
        let t = best(self);
        let t = if self.change_points.binary_search(&step).is_ok() {
            self.drop_below_all(t);
            best(self)
        } else {
            t
        };
        self.last = Some(t);
        t
    }

    fn walk_ended(&mut self, steps: usize) {
        self.longest = self.longest.max(steps);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::StopReason;
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    fn pct(depth: usize, seed: u64, walks: u64) -> SearchConfig {
        SearchConfig { pct_depth: depth, seed, walks: Some(walks), ..SearchConfig::default() }
    }

    /// A depth-1 bug: thread 1 must run before thread 0 writes.
    fn order_bug() -> Program {
        Program::new(1, vec![vec![Op::Set(0, 1)], vec![Op::Assert(0, 1)]])
    }

    #[test]
    fn depth_one_walks_follow_priorities_and_find_a_depth_one_bug() {
        let r = PctStrategy.search(&mut order_bug(), &pct(1, 3, 50), &mut NoListener).expect("pct");
        assert_eq!(r.stop, StopReason::Violation, "50 walks of random priorities");
    }

    #[test]
    fn change_points_find_a_bug_between_two_steps_of_one_thread() {
        // thread 0 writes x0 = 1 then x0 = 0; thread 1 must run in between: with
        // thread 0 ahead, only a change point after its first step finds it (depth 2)
        let program = || Program::new(1, vec![vec![Op::Set(0, 1), Op::Set(0, 0), Op::Local], vec![Op::Assert(0, 0)]]);
        let found = |depth| (0..20).filter(|&seed| PctStrategy.search(&mut program(), &pct(depth, seed, 30), &mut NoListener).expect("pct").stop == StopReason::Violation).count();
        assert!(found(2) >= 15, "depth 2 found it with {} of 20 seeds", found(2));
    }

    #[test]
    fn same_seed_same_walks() {
        let program = || Program::new(2, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Set(1, 4)]]);
        let run = |seed| {
            let r = PctStrategy.search(&mut program(), &SearchConfig { collect_outcomes: true, ..pct(3, seed, 40) }, &mut NoListener).expect("pct");
            (r.stats.transitions, r.stats.states_new, r.outcomes)
        };
        assert_eq!(run(5), run(5));
        assert!((0..6).map(run).collect::<Vec<_>>().windows(2).any(|w| w[0] != w[1]));
    }
}
