//! Search strategies: the [`Strategy`] trait and the registry of built-in ones.
//!
//! A strategy decides the order in which the state space is explored; everything else
//! (matching states, counting, limits, violations, outcomes, the report) is shared
//! bookkeeping in `run.rs`, so strategies differ only where they should. Each
//! strategy is one file here and one line in [`STRATEGIES`]:
//! - [`dfs`]: depth-first, stateful or stateless ([`DfsStrategy`]);
//! - [`bfs`]: breadth-first, shortest counterexamples ([`BfsStrategy`]);
//! - [`random`]: seeded random walks ([`RandomStrategy`]);
//! - [`dfs_rb`]: DFS with randomized early backtracking, for finding bugs fast
//!   ([`DfsRbStrategy`], configured by [`rb_config`]);
//! - [`pct`]: probabilistic concurrency testing, random walks by thread priorities
//!   ([`PctStrategy`]);
//! - [`pos`]: partial order sampling, random walks by event priorities
//!   ([`PosStrategy`]);
//! - [`preemption_bound`]: DFS over the executions with at most so many preemptions
//!   ([`PreemptionBoundedStrategy`]);
//! - [`max_preemption`]: best-first search, most preemptions first
//!   ([`MaxPreemptionStrategy`]).
//!
//! [`restarts::Restarting`] wraps any of them (`--restarts`): runs with growing time
//! budgets and fresh seeds.

pub mod bfs;
pub mod dfs;
pub mod dfs_rb;
mod in_turn;
pub mod max_preemption;
pub mod pct;
pub mod pos;
pub mod preemption_bound;
pub mod random;
pub mod rb_config;
pub mod restarts;

pub use bfs::BfsStrategy;
pub use dfs::DfsStrategy;
pub use dfs_rb::DfsRbStrategy;
pub use max_preemption::MaxPreemptionStrategy;
pub use pct::PctStrategy;
pub use pos::PosStrategy;
pub use preemption_bound::PreemptionBoundedStrategy;
pub use random::RandomStrategy;

use crate::config::SearchConfig;
use crate::por::PorStrategy;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::system::TransitionSystem;

/// A way of exploring a [`TransitionSystem`].
///
/// # Contract
/// An implementation must:
/// - start with [`TransitionSystem::reset`], so the search begins at the initial state
///   whatever state the system is in, and may leave the system in any state;
/// - be deterministic: for a deterministic system and the same [`SearchConfig`]
///   (seed included), make the same calls on the system and return the same report
///   (apart from `elapsed` and memory figures);
/// - treat a state with no enabled thread that is not terminal as a deadlock, a step
///   that returns a violation as a violation (without exploring past it), terminal
///   states as end states, and honour every limit of the config, stopping cleanly
///   with the statistics so far and the [`crate::StopReason`] that stopped it;
/// - give each violation a trace whose thread choices, replayed from the initial
///   state, reproduce it;
/// - return `Err` only when the search cannot be trusted (the system failed, the exact
///   check caught a fingerprint bug, a listener failed).
pub trait Strategy {
    /// The name it is registered under (`dfs`, `bfs`, ...).
    fn name(&self) -> &'static str;

    /// Explores `sys` as `cfg` asks, telling `listener` what happens.
    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError>;

    /// Whether the search takes each step to be one event that conflicts the same
    /// way wherever its thread runs it, as Flanagan–Godefroid's race rule does (a
    /// race adds the racing thread where the earlier transition ran, and only the
    /// latest race of a transition is reversed). The CLI then gives it steps that
    /// end at the thread's next scheduling point once the program starts its second
    /// thread (the vm merges steps where no other thread could run, and a merged
    /// step holds several events whose extent depends on whether others can run),
    /// and labels that do not depend on the state (a write that restored its
    /// location stays a write, `--restored-writes` notwithstanding). Default: no.
    fn needs_state_independent_steps(&self) -> bool {
        false
    }

    /// Whether states may be matched up to heap symmetry (`--symmetry on`: objects
    /// allocated while checking named by their place in the heap). Partial-order
    /// reductions that reuse what they learnt at a matched state (its explored
    /// future's labels, which name objects by stable id) must not; a search that
    /// compares labels only along its own path may. Default: yes.
    fn matches_up_to_symmetry(&self) -> bool {
        true
    }
}

/// A built-in strategy: its name, a one-line summary, and how to make one.
#[derive(Clone, Copy, Debug)]
pub struct Registration {
    /// the name users select it by (`--strategy NAME`)
    pub name: &'static str,
    /// one line for `--help`
    pub summary: &'static str,
    /// a new instance with default settings
    pub make: fn() -> Box<dyn Strategy>,
}

/// Every built-in strategy, in the order `--help` lists them.
pub static STRATEGIES: &[Registration] = &[
    Registration { name: "dfs", summary: "depth-first search (stateful, or stateless with --stateless)", make: || Box::new(DfsStrategy) },
    Registration { name: "bfs", summary: "breadth-first search: shortest counterexamples", make: || Box::new(BfsStrategy) },
    Registration { name: "random", summary: "seeded random walks (--seed, --walks)", make: || Box::new(RandomStrategy) },
    Registration { name: "dfs-rb", summary: "DFS with randomized early backtracking (DFS-RB), incomplete: fast bug finding (--rb, --seed)", make: || Box::new(DfsRbStrategy) },
    Registration { name: "pct", summary: "PCT: random walks by thread priorities with d - 1 change points (--pct-depth, --seed, --walks)", make: || Box::new(PctStrategy) },
    Registration { name: "pos", summary: "POS: partial order sampling, random walks by event priorities re-drawn on races (--seed, --walks)", make: || Box::new(PosStrategy) },
    Registration { name: "preemption-bounded", summary: "DFS over executions with at most N preemptions (--preemption-bound N; without it 0, 1, 2, ... in turn: fewest-preemption counterexamples)", make: || Box::new(PreemptionBoundedStrategy) },
    Registration { name: "max-preemption", summary: "guided search: best-first, the path with the most preemptions first (complete)", make: || Box::new(MaxPreemptionStrategy) },
    Registration { name: "sleep", summary: "sleep sets alone: every state expanded, transitions asleep skipped (stateful, Godefroid's condition at visited states)", make: || Box::new(PorStrategy::sleep_sets()) },
    Registration { name: "spor", summary: "POR with safe sets (S-POR, Algorithm 1)", make: || Box::new(PorStrategy::spor()) },
    Registration { name: "de-spor", summary: "POR with eager source sets over safe sets (DE-S-POR, Algorithm 2), happens-before-aware at visited states", make: || Box::new(PorStrategy::de_spor()) },
    Registration { name: "de-spor-paper", summary: "DE-S-POR as the paper has it (every conflict past a visited state counts)", make: || Box::new(PorStrategy::de_spor_paper()) },
    Registration { name: "dl-spor", summary: "POR with lazy source sets over safe sets (DL-S-POR, Algorithm 3), happens-before-aware re-traversals", make: || Box::new(PorStrategy::dl_spor()) },
    Registration { name: "dl-spor-paper", summary: "DL-S-POR as the paper has it (every later dependent transition counts)", make: || Box::new(PorStrategy::dl_spor_paper()) },
    Registration { name: "de-jpf", summary: "eager source sets without safe sets (DE-JPF)", make: || Box::new(PorStrategy::de_jpf()) },
    Registration { name: "dl-jpf", summary: "lazy source sets without safe sets (DL-JPF)", make: || Box::new(PorStrategy::dl_jpf()) },
    Registration { name: "odpor", summary: "stateful source-set DPOR over safe sets, happens-before-aware at visited states", make: || Box::new(PorStrategy::odpor()) },
    Registration { name: "odpor-paper", summary: "O-DPOR as the paper's baseline (every conflict past a visited state is a race)", make: || Box::new(PorStrategy::odpor_paper()) },
    Registration { name: "sdpor", summary: "SDPOR (Yang et al.): stateful F–G DPOR with summaries at visited states", make: || Box::new(PorStrategy::sdpor()) },
    Registration { name: "dpor", summary: "Flanagan–Godefroid DPOR with sleep sets, stateless", make: || Box::new(PorStrategy::fg_dpor()) },
    Registration { name: "source-dpor", summary: "source-set DPOR with sleep sets (Abdulla et al.), stateless", make: || Box::new(PorStrategy::source_dpor()) },
    Registration { name: "optimal-dpor", summary: "optimal DPOR with wakeup trees (Abdulla et al.), stateless", make: || Box::new(PorStrategy::optimal_dpor()) },
    Registration { name: "dpor-engine", summary: "the DPOR engine: data-race marker (sharing found on the fly), Maybe events replayed", make: || Box::new(crate::engine::DporEngine::data_race()) },
    Registration { name: "dpor-engine-every-access", summary: "the DPOR engine, every access a scheduling point", make: || Box::new(crate::engine::DporEngine::every_access()) },
    Registration { name: "dpor-engine-every-step", summary: "the DPOR engine, every step of the system a scheduling point", make: || Box::new(crate::engine::DporEngine::every_step()) },
];

/// The built-in strategy called `name`.
pub fn by_name(name: &str) -> Option<Box<dyn Strategy>> {
    STRATEGIES.iter().find(|r| r.name == name).map(|r| (r.make)())
}

/// The names of the built-in strategies.
pub fn names() -> impl Iterator<Item = &'static str> {
    STRATEGIES.iter().map(|r| r.name)
}

#[cfg(test)]
mod tests;
