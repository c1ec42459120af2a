//! Search strategies for jvmc, generic over a small [`TransitionSystem`] trait so every
//! algorithm can be unit-tested on tiny synthetic systems.
//!
//! # Roles
//! - [`system`]: the contract with the explored system ([`TransitionSystem`],
//!   [`Transition`], [`Access`], [`Violation`], [`Step`], [`SaveMark`]).
//! - [`config`]: [`SearchConfig`], limits and modes shared by every strategy.
//! - [`strategy`]: the [`Strategy`] trait, one file per strategy (DFS, BFS, random) and
//!   the registry ([`strategy::by_name`], [`strategy::names`]).
//! - [`por`]: partial-order reduction (the stateful source-set algorithms, SDPOR, and
//!   the stateless DPOR family) on one explorer with the explored graph `L_r`.
//! - [`engine`]: the DPOR engine — markers decide which events are scheduling points,
//!   `Maybe` events that turn out to race are replayed.
//! - [`report`]: [`SearchReport`] — [`StopReason`], [`Verdict`], [`Counterexample`]s,
//!   [`Stats`], outcomes.
//! - [`listener`]: [`SearchListener`], events while a search runs (progress lines,
//!   stopping early); [`NoListener`].
//! - [`parallel`]: the multi-core stateful DFS ([`parallel::parallel_dfs`]): worker
//!   threads sharing one sharded visited set, with work sharing.
//! - [`rng`]: [`SearchRng`], the seeded generator of randomised strategies.
//! - [`estimate`]: Knuth's estimator of the unreduced search tree (random walks).
//! - livelock detection (fair cycles of the state graph, under strong fairness) is
//!   one private module the strategies drive as they enter and leave states.
//! - State matching uses `jvmc-state` ([`jvmc_state::VisitedSet`],
//!   [`jvmc_state::ExactStore`]); the shared bookkeeping (counting, limits, deadlocks,
//!   end states) lives in one private module so every strategy means the same thing
//!   by them.
//!
//! # Example
//! ```
//! use jvmc_search::{strategy, NoListener, SearchConfig, TransitionSystem, Verdict};
//! # use jvmc_search::{Move, SaveMark, Step, SystemError, ThreadId, Transition, Fingerprint};
//! # /// One thread counting to 3.
//! # struct Count(u32, Vec<u32>);
//! # impl TransitionSystem for Count {
//! #     fn enabled(&mut self) -> Vec<ThreadId> { if self.0 < 3 { vec![0] } else { vec![] } }
//! #     fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
//! #         self.0 += 1;
//! #         Ok(Step { transition: Transition::new(mv.thread, vec![]), violation: None })
//! #     }
//! #     fn save(&mut self) -> SaveMark { self.1.push(self.0); SaveMark(self.1.len() - 1) }
//! #     fn restore(&mut self, mark: SaveMark) { self.0 = self.1[mark.0]; self.1.truncate(mark.0); }
//! #     fn reset(&mut self) -> Result<(), SystemError> { self.0 = 0; self.1.clear(); Ok(()) }
//! #     fn fingerprint(&mut self) -> Fingerprint { u128::from(self.0) }
//! #     fn is_terminal(&mut self) -> bool { self.0 == 3 }
//! # }
//! let mut system = Count(0, vec![]);
//! let mut dfs = strategy::by_name("dfs").expect("built in");
//! let report = dfs.search(&mut system, &SearchConfig::default(), &mut NoListener)?;
//! assert_eq!(report.verdict(), Verdict::Ok);
//! assert_eq!(report.stats.states_new, 4);
//! assert_eq!(report.stats.end_states, 1);
//! # Ok::<(), jvmc_search::SearchError>(())
//! ```
//!
//! **Architecture invariant:** this crate depends on neither the vm nor the class-file
//! crate; it never looks inside a state.
#![deny(missing_docs)]

pub mod config;
pub mod engine;
pub mod error;
pub mod estimate;
pub mod listener;
mod liveness;
mod memory;
pub mod parallel;
pub mod por;
pub mod report;
pub mod rng;
mod run;
pub mod strategy;
pub mod system;

#[cfg(any(test, feature = "testkit"))]
pub mod testkit;

pub use config::{RestartKind, RestartSchedule, SearchConfig, ThreadOrder};
pub use error::SearchError;
pub use jvmc_state::FingerprintError;
pub use listener::{ListenerError, NoListener, SearchListener};
pub use report::{Counterexample, SearchReport, Stats, StopReason, Verdict};
pub use memory::resident_set_bytes;
pub use rng::SearchRng;
pub use strategy::Strategy;
pub use system::{
    Access, AccessKind, Fingerprint, Limit, LimitReached, Move, SaveMark, Step, StepLimits, SystemError, ThreadId, Transition, TransitionSystem, Violation,
    ViolationKind,
};

#[cfg(test)]
mod tests {
    /// The architecture invariant, checked: `jvmc-search` must not depend on the vm or
    /// the class-file crate (in any dependency section).
    #[test]
    fn does_not_depend_on_the_vm_or_the_class_file_crate() {
        let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../search/Cargo.toml");
        let text = std::fs::read_to_string(&manifest).expect("read jvmc-search's Cargo.toml");
        assert!(text.contains("name = \"jvmc-search\""), "read the wrong manifest: {}", manifest.display());
        for forbidden in ["jvmc-vm", "jvmc-classfile", "jvmc_vm", "jvmc_classfile", "crates/vm", "crates/classfile"] {
            assert!(!text.contains(forbidden), "jvmc-search must not depend on {forbidden} (see docs/ARCHITECTURE.md)");
        }
    }
}
