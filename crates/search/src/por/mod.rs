//! Stateful partial-order reduction: the algorithms of "A Pragmatic Approach to
//! Stateful Partial Order Reduction" (Cirisci, Enea, Farzan, Mutluergil; the paper in
//! `shared/papers/stateful-por-source-sets.md`), each a [`Reduction`] run by one
//! [`explorer::Explorer`] (see `docs/algorithms/`):
//! - [`sleep_sets`]: sleep sets alone (Godefroid; not the paper's): every state
//!   expanded, transitions asleep skipped, until the explored graph closes a cycle;
//! - [`safe_sets`]: S-POR, Algorithm 1 (safe sets only);
//! - [`eager`]: DE-S-POR, Algorithm 2 (`UpdateCurr` on every new transition and on
//!   every visited state, `UpdateBack` on backtracking), and DE-JPF;
//! - [`lazy`]: DL-S-POR, Algorithm 3 (`IsComplete` re-traversals on backtracking, with
//!   the Appendix A optimisations), and DL-JPF;
//! - [`source_sets`]: `UpdateBack` (Fig. 2), shared by both;
//! - [`optimal`]: O-DPOR, the paper's baseline: source-set DPOR (Abdulla et al.) with
//!   happens-before tracking, stateful, on top of S-POR, without wakeup trees;
//! - [`fg_dpor`]: Flanagan–Godefroid DPOR with sleep sets, stateless;
//! - [`source_dpor`]: source-set DPOR with sleep sets (Abdulla et al.), stateless;
//! - [`sdpor`]: SDPOR (Yang et al.): F–G DPOR with states matched and the visible
//!   operation dependency graph's summary at visited states, stateful;
//! - [`optimal_dpor`]: optimal DPOR with wakeup trees (Abdulla et al.), stateless,
//!   on the same race detection ([`races`]) with [`wakeup_tree`]s.
//!
//! The `-JPF` variants use `safeSet(s) = enabled(s)` (no static filter). With
//! `SearchConfig::stateless` nothing is matched: `L_r` is the execution tree.
//!
//! Dependence is the labels' ([`Transition`]): two transitions of different threads
//! that make conflicting accesses. The system decides what is visible (its labels
//! leave invisible accesses out).
//!
//! Adding an algorithm: one file with a [`Reduction`] and one line in
//! [`crate::strategy::STRATEGIES`].

mod access_index;
mod clocks;
pub mod eager;
mod explorer;
pub mod fg_dpor;
mod hb_summary;
pub mod lazy;
pub mod optimal;
pub mod optimal_dpor;
mod races;
pub mod safe_sets;
pub mod sleep_sets;
pub mod sdpor;
pub mod source_dpor;
mod source_sets;
pub(crate) mod stack_keys;
mod thread_paths;
pub mod thread_set;
mod wakeup_tree;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::report::SearchReport;
use crate::run::{Flow, SearchRun};
use crate::strategy::Strategy;
use crate::system::{ThreadId, Transition, TransitionSystem};

pub(crate) use explorer::{Explored, Explorer, Frame};
pub use thread_set::ThreadSet;

/// A POR algorithm: which threads to explore from a state and how to update the
/// papers' per-state sets. The explorer calls the hooks at the points the pseudo-code
/// names; the defaults do nothing.
pub(crate) trait Reduction {
    /// The name it is registered under.
    fn name(&self) -> &'static str;

    /// Whether `safeSet(s)` is the static safe set (S-POR family) rather than
    /// `enabled(s)` (the JPF variants).
    fn uses_safe_sets(&self) -> bool;

    /// Whether the explorer must index the stack's accesses
    /// ([`Explorer::index`]), for `UpdateCurr`.
    fn tracks_stack_accesses(&self) -> bool {
        false
    }

    /// Whether a stateless search keeps sleep sets ([`Frame::sleep`]): a thread
    /// asleep in a state is never explored from it.
    fn uses_sleep_sets(&self) -> bool {
        false
    }

    /// Whether, in a stateful search, its sleep sets stay on with livelock detection
    /// until the explored graph closes a cycle (a transition to a state on the
    /// stack): the search then stops and runs again without sleep sets, with the
    /// cycle finder (see `docs/algorithms/sleep.md` for why a graph explored to the
    /// end without closing a cycle proves the program has none).
    fn sleeps_until_cycle(&self) -> bool {
        false
    }

    /// Whether a state needs no thread explored after one whose transition reads
    /// nothing any thread can change any more ([`Transition::reads_only`] of
    /// [`TransitionSystem::frozen`]): that transition alone is a persistent set
    /// (the stateful POR paper's Definition 1, after Godefroid), so the explorer takes no further transition from
    /// the state ([`Frame::cut`]). Only while sleep sets run until a cycle
    /// ([`Reduction::sleeps_until_cycle`]): the argument needs an acyclic explored
    /// graph (`docs/algorithms/sleep.md`, "Steps nothing can touch").
    fn cuts_after_untouchable_steps(&self) -> bool {
        false
    }

    /// Whether it needs steps whose extent and label do not depend on the state
    /// ([`Strategy::needs_state_independent_steps`]): an algorithm that follows
    /// Flanagan–Godefroid's race rule does.
    fn needs_state_independent_steps(&self) -> bool {
        false
    }

    /// Whether states may be matched up to heap symmetry
    /// ([`Strategy::matches_up_to_symmetry`]): only if nothing it keeps about a state
    /// names objects (sleep sets alone keep threads).
    fn matches_up_to_symmetry(&self) -> bool {
        false
    }

    /// Whether the algorithm reads the explored graph `L_r` (re-traversals). One that
    /// does not, in a stateless search, keeps no graph: a state's id is then its stack
    /// depth, reused once it is popped, so memory stays proportional to the stack.
    fn reads_graph(&self) -> bool {
        true
    }

    /// A search of `sys` begins: forget what the last one left (a strategy may run
    /// several searches: `--restarts`, and the tests run one on many programs).
    fn reset(&mut self, sys: &dyn TransitionSystem);

    /// Whether [`Reduction::candidates`] also picks a state's first transition
    /// (otherwise the explorer does: the safe set's, or the first enabled thread).
    fn chooses_first(&self) -> bool {
        false
    }

    /// The threads still to explore from `frame` after its first transition (empty:
    /// the state is done).
    fn candidates(&self, frame: &Frame) -> ThreadSet;

    /// A transition was taken from `ex.frames[top]` (it is the frame's `active`
    /// transition and the last label of `ex.path`).
    fn on_taken(&mut self, _ex: &mut Explorer, _top: usize) {}

    /// The transition just taken from `ex.frames[top]` led to a state explored
    /// before, `target`.
    fn on_visited(&mut self, _ex: &mut Explorer, _top: usize, _target: jvmc_state::StateId) {}

    /// Frame `top` has nothing left to explore and is about to be popped (the system
    /// is in its state). An algorithm that needs the next transition of every thread
    /// there, not only of those it took, probes the others now
    /// ([`Explorer::untaken_transitions`]).
    fn on_exhausted(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, _top: usize) -> Flow<()> {
        Ok(())
    }

    /// The state `state`, reached by `ex.path` (`depth` transitions), is new, and the
    /// system is in it (called before [`Reduction::on_disabled`] for it).
    fn on_new_state(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _state: jvmc_state::StateId, _depth: usize) {}

    /// The new state `state`, reached by `ex.path` (`depth` transitions), has a disabled thread
    /// that stands before `pending` (see [`Explorer`]'s `add_disabled`).
    fn on_disabled(&mut self, _ex: &mut Explorer, _state: jvmc_state::StateId, _depth: usize, _pending: &Transition) {}


    /// The execution `ex.path` ends here: at a state with no enabled thread, a
    /// violation, a bound, a state repeating on the stack, or one whose enabled
    /// threads are all asleep. `maximal`: every thread has ended (the papers'
    /// maximal execution).
    fn on_leaf(&mut self, _ex: &mut Explorer, _maximal: bool) {}

    /// Back at `ex.frames[top]` after exploring below `taken`. `true`: the state is
    /// complete (pop it).
    fn on_return(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, _top: usize, _taken: Explored) -> Flow<bool> {
        Ok(false)
    }

    /// Heap bytes of the algorithm's own per-stack data (for the statistics).
    fn heap_bytes(&self) -> usize {
        0
    }
}

/// The registered names of the POR strategies (see [`crate::strategy::STRATEGIES`]).
pub const ALGORITHMS: &[&str] = &["sleep", "spor", "de-spor", "de-spor-paper", "dl-spor", "dl-spor-paper", "de-jpf", "dl-jpf", "odpor", "odpor-paper", "sdpor"];

/// The registered names of the stateless DPOR strategies: they never match states,
/// so they neither check fingerprints (`exact_states`) nor look for livelocks.
pub const STATELESS: &[&str] = &["dpor", "source-dpor", "optimal-dpor", "dpor-engine", "dpor-engine-every-access", "dpor-engine-every-step"];

/// A POR strategy: the explorer running one [`Reduction`].
pub struct PorStrategy {
    reduction: Box<dyn Reduction>,
    /// a stateless algorithm: never matches states, whatever the configuration says
    stateless: bool,
}

impl PorStrategy {
    fn stateful(reduction: Box<dyn Reduction>) -> Self {
        PorStrategy { reduction, stateless: false }
    }

    /// Source-set DPOR with sleep sets, stateless.
    pub fn source_dpor() -> Self {
        PorStrategy { reduction: Box::new(source_dpor::SourceDpor::new()), stateless: true }
    }

    /// Flanagan–Godefroid DPOR with sleep sets, stateless.
    pub fn fg_dpor() -> Self {
        PorStrategy { reduction: Box::new(fg_dpor::FlanaganGodefroid::default()), stateless: true }
    }

    /// Optimal DPOR with wakeup trees, stateless.
    pub fn optimal_dpor() -> Self {
        PorStrategy { reduction: Box::new(optimal_dpor::OptimalDpor::new()), stateless: true }
    }

    /// SDPOR (Yang et al.): stateful F–G DPOR with the operation graph's summaries.
    pub fn sdpor() -> Self {
        PorStrategy::stateful(Box::new(sdpor::StatefulDpor::default()))
    }

    /// Sleep sets alone: every enabled thread expanded, asleep transitions skipped.
    pub fn sleep_sets() -> Self {
        PorStrategy::stateful(Box::new(sleep_sets::SleepSets))
    }

    /// S-POR (Algorithm 1).
    pub fn spor() -> Self {
        PorStrategy::stateful(Box::new(safe_sets::SafeSetPor))
    }

    /// DE-S-POR (Algorithm 2), with the happens-before-aware rule at visited states.
    pub fn de_spor() -> Self {
        PorStrategy::stateful(Box::new(eager::EagerSourceSets::new(true, false)))
    }

    /// DE-S-POR as the paper has it: every conflict with a transition reachable from
    /// a visited state updates a `current` set.
    pub fn de_spor_paper() -> Self {
        PorStrategy::stateful(Box::new(eager::EagerSourceSets::new(true, true)))
    }

    /// DE-JPF: Algorithm 2 with `safeSet(s) = enabled(s)` (the paper's rule).
    pub fn de_jpf() -> Self {
        PorStrategy::stateful(Box::new(eager::EagerSourceSets::new(false, true)))
    }

    /// DL-S-POR (Algorithm 3), with the happens-before-aware re-traversal.
    pub fn dl_spor() -> Self {
        PorStrategy::stateful(Box::new(lazy::LazySourceSets::new(true, false)))
    }

    /// DL-S-POR as the paper has it: every later dependent transition counts.
    pub fn dl_spor_paper() -> Self {
        PorStrategy::stateful(Box::new(lazy::LazySourceSets::new(true, true)))
    }

    /// DL-JPF: Algorithm 3 with `safeSet(s) = enabled(s)` (the paper's rule).
    pub fn dl_jpf() -> Self {
        PorStrategy::stateful(Box::new(lazy::LazySourceSets::new(false, true)))
    }

    /// O-DPOR: stateful source-set DPOR on top of S-POR, with the
    /// happens-before-aware summary at visited states.
    pub fn odpor() -> Self {
        PorStrategy::stateful(Box::new(optimal::OptimalSourceSets::new(false)))
    }

    /// O-DPOR as the paper's baseline: every conflict with a transition reachable
    /// from a visited state counts as a race.
    pub fn odpor_paper() -> Self {
        PorStrategy::stateful(Box::new(optimal::OptimalSourceSets::new(true)))
    }
}

impl Strategy for PorStrategy {
    fn name(&self) -> &'static str {
        self.reduction.name()
    }

    fn needs_state_independent_steps(&self) -> bool {
        self.reduction.needs_state_independent_steps()
    }

    fn matches_up_to_symmetry(&self) -> bool {
        !self.stateless && self.reduction.matches_up_to_symmetry()
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let stateless_cfg;
        let cfg = if self.stateless && !cfg.stateless {
            stateless_cfg = SearchConfig { stateless: true, ..cfg.clone() };
            &stateless_cfg
        } else {
            cfg
        };
        let started = std::time::Instant::now();
        let (first, met_cycle) = search_once(self.reduction.as_mut(), sys, cfg, &mut *listener, |_| {})?;
        if !met_cycle {
            return Ok(first);
        }
        // sleep sets until a cycle (`Reduction::sleeps_until_cycle`): the program has
        // one, so the whole search runs again without them, livelocks looked for
        let (second, _) = search_once(self.reduction.as_mut(), sys, &cfg.time_left(started), listener, Explorer::drop_sleep_sets)?;
        Ok(second.after_sleep_sets_met_a_cycle(&first, started))
    }
}

/// One search of `sys` by `red` on a new explorer (`adjust`ed before it starts): its
/// report, and whether it stopped at a cycle ([`Reduction::sleeps_until_cycle`]).
fn search_once(red: &mut dyn Reduction, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener, adjust: impl FnOnce(&mut Explorer)) -> Result<(SearchReport, bool), SearchError> {
    let mut run = SearchRun::new(cfg, listener);
    let mut explorer = Explorer::new(&run, red);
    adjust(&mut explorer);
    let result = explorer.explore(red, sys, &mut run);
    explorer.report(&mut run);
    Ok((run.finish(red.name(), result)?, explorer.met_cycle()))
}

/// `a ≈ b` for transitions of different threads: a conflicting access.
pub(crate) fn dependent(a: &Transition, b: &Transition) -> bool {
    a.thread != b.thread && a.dependent(b)
}

/// Sleep sets (Godefroid; with DPOR as Flanagan and Godefroid, POPL 2005, Fig. 4):
/// of `sleepers`, threads each with (the label of) one of its branches, keeps those
/// still asleep after a transition of thread `taken` — not `taken` itself, and no
/// thread with a branch `dependent` (the caller's [`dependent`] on the labels) on the
/// transition (its next transition may differ now). The one rule of the explorer's
/// and the parallel search's sleep sets.
pub(crate) fn keep_asleep<L>(sleepers: &mut Vec<(ThreadId, L)>, taken: ThreadId, dependent: impl Fn(&L) -> bool) {
    let awake: ThreadSet = sleepers.iter().filter(|(u, l)| *u == taken || dependent(l)).map(|(u, _)| *u).collect();
    sleepers.retain(|(u, _)| !awake.contains(*u));
}


#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod dpor_tests;
