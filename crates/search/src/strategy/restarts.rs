//! Restarts around a randomized search (the DFS-RB paper's Section 9, technique 8,
//! and its combination with DFS-RB): the search runs for a time budget, and if it
//! neither found a violation nor finished, it starts again from scratch — visited
//! states forgotten — with a new seed and the next budget of the schedule
//! ([`RestartSchedule`]: fixed, Luby, or Walsh's `u, √2·u, 2u, …`). A run that gets
//! stuck in a part of the state space with no error (a random order that went the
//! wrong way early, DFS-RB pruning the wrong subtrees) is cut short; a run that ends
//! `pruned` (DFS-RB backtracked early) is also followed by a new one.
//!
//! Run `i` uses the seed `cfg.seed + i`. The runs are reported as one search (counts
//! summed, the listener sees counters that only grow), until a run finds a
//! violation, completes (the search was exhaustive: verdict ok), or the search's own
//! limits stop it.

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::{SearchReport, StopReason};
use crate::strategy::in_turn::InTurn;
use crate::strategy::Strategy;
use crate::system::TransitionSystem;

/// `inner`, restarted by [`SearchConfig::restarts`] (without a schedule: run once).
pub struct Restarting {
    /// the search restarted
    pub inner: Box<dyn Strategy>,
}

impl Strategy for Restarting {
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    fn needs_state_independent_steps(&self) -> bool {
        self.inner.needs_state_independent_steps()
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let Some(schedule) = cfg.restarts else { return self.inner.search(sys, cfg, listener) };
        let mut in_turn = InTurn::new(cfg);
        for i in 0u32.. {
            let budget = schedule.budget(i);
            let run_cfg = SearchConfig { seed: cfg.seed.wrapping_add(u64::from(i)), restarts: None, ..in_turn.next_config(cfg, Some(budget)) };
            let started = std::time::Instant::now();
            let report = in_turn.run_strategy(self.inner.as_mut(), sys, &run_cfg, listener)?;
            let again = in_turn.budget_ran_out(report.stop, started, Some(budget), cfg) || report.stop == StopReason::Pruned;
            in_turn.join(report);
            if !again {
                break;
            }
        }
        Ok(in_turn.finish().expect("at least one run"))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::config::{RestartKind, RestartSchedule, ThreadOrder};
    use crate::strategy::DfsStrategy;
    use crate::testkit::{Op, Program};
    use crate::NoListener;

    #[test]
    fn the_schedules_grow_as_the_paper_says() {
        let unit = Duration::from_millis(100);
        let budgets = |kind| (0..7).map(|i| RestartSchedule { kind, unit }.budget(i).as_millis()).collect::<Vec<_>>();
        assert_eq!(budgets(RestartKind::Fixed), [100; 7]);
        assert_eq!(budgets(RestartKind::Luby), [100, 100, 200, 100, 100, 200, 400]);
        assert_eq!(budgets(RestartKind::Walsh), [100, 141, 200, 282, 400, 565, 800]);
    }

    #[test]
    fn a_run_that_finishes_is_not_restarted_and_a_bug_is_found() {
        let racy = || Program::new(1, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Local, Op::Assert(0, 1)]]);
        let schedule = Some(RestartSchedule { kind: RestartKind::Luby, unit: Duration::from_secs(5) });
        let cfg = SearchConfig { order: ThreadOrder::Random, restarts: schedule, seed: 7, ..SearchConfig::default() };
        let mut restarted = Restarting { inner: Box::new(DfsStrategy) };
        let r = restarted.search(&mut racy(), &cfg, &mut NoListener).expect("search");
        assert_eq!(r.stop, StopReason::Violation);
        assert_eq!(r.strategy, "dfs");
        let no_bug = || Program::new(1, vec![vec![Op::Load(0)], vec![Op::Local]]);
        let r = restarted.search(&mut no_bug(), &cfg, &mut NoListener).expect("search");
        assert_eq!(r.stop, StopReason::Complete, "an exhaustive run ends the search");
    }
}
