//! Source-set DPOR with sleep sets, stateless: `--por source-dpor` (Abdulla,
//! Aronis, Jonsson, Sagonas, "Optimal dynamic partial order reduction", POPL 2014,
//! Algorithm 1 "Source-DPOR"; issue 12, the base of item 2, whose wakeup trees come
//! on top of it).
//!
//! The search is a stateless depth-first search (the strategy turns state matching
//! off; a state repeating on the stack still closes a cycle) with sleep sets
//! ([`Explorer::inherited_sleep`]). Every state starts with one thread; others join its
//! `backtrack` set as races are found. Algorithm 1 checks the races of a whole
//! maximal execution when it ends (lines 4–8); here each transition is checked when it
//! is taken, against the transitions before it on the stack — the same pairs, since
//! every event of the execution is taken once, and an execution cut short by the sleep
//! sets is redundant and needs no check (the paper's executions end there as well).
//! For the transition `e'` of thread `p` taken at stack position `n`:
//! - line 5, the races `e ⋖ e'` ([`races::races`]: dependent, of another thread, and
//!   not ordered through a third transition);
//! - line 6, `v = notdep(e, E).p`: the transitions after `e` that do not happen after
//!   it, then `e'`;
//! - lines 7–8: the initials of `v` (the threads whose first transition in `v` has
//!   no predecessor in `v`), enabled where `e` ran; if none of them is in that
//!   state's `backtrack`, one joins it (`p` if it is one, else the lowest).
//!
//! A thread that is disabled at a new state (waiting for a monitor) stands before a
//! transition that may never run in this execution; its races are checked there as if
//! it ran (more backtracking, never less).
//!
//! Cycles: the paper's programs terminate. A transition back to a state on the stack
//! fully expands every state of the cycle (the stack proviso), as the other
//! algorithms do.

use jvmc_state::StateId;

use super::clocks::{StackClocks, VectorClock};
use super::races;
use super::thread_set::ThreadSet;
use super::{Explorer, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{Transition, TransitionSystem};

/// Source-DPOR with sleep sets (see the module docs).
#[derive(Default)]
pub struct SourceDpor {
    /// the clock of each transition on the stack, by position
    clocks: StackClocks,
}

impl SourceDpor {
    /// With an empty stack.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lines 5–8 for transition `t` that runs (or would run: `pending`) at stack
    /// position `n`; `clock` and `preds` are its clock and direct predecessors.
    fn add_backtrack_points(&self, ex: &mut Explorer, t: &Transition, n: usize, clock: &VectorClock, preds: &[usize], pending: bool) {
        let p = t.thread;
        for i in races::races(ex, &self.clocks, p, preds) {
            // lines 6–7: the initials of notdep(e, E).e', enabled where e ran
            let v = races::notdep(ex, &self.clocks, i, n);
            let initials = races::initials(ex, &self.clocks, &v, p, clock, pending);
            let frame = &mut ex.frames[i];
            // line 8 (an initial is always enabled where `e` ran: the first transition
            // of `v` is, so the fallback to every enabled thread is not reached)
            if initials.intersection(&frame.enabled).iter().any(|r| frame.backtrack.contains(r)) {
                continue;
            }
            frame.add_backtrack(&initials, p);
        }
    }
}

impl Reduction for SourceDpor {
    fn name(&self) -> &'static str {
        "source-dpor"
    }

    fn uses_safe_sets(&self) -> bool {
        false
    }

    fn reset(&mut self, _sys: &dyn TransitionSystem) {
        *self = Self::default();
    }

    fn tracks_stack_accesses(&self) -> bool {
        true
    }

    fn uses_sleep_sets(&self) -> bool {
        true
    }

    /// Races are found on the stack alone: no graph is kept.
    fn reads_graph(&self) -> bool {
        false
    }

    /// Line 13: a thread of `backtrack` not explored yet (the explorer leaves out the
    /// sleeping ones).
    fn candidates(&self, frame: &super::Frame) -> ThreadSet {
        frame.backtrack.minus(&frame.done)
    }

    /// Lines 11–12 and 14–16 (the transition taken joins `backtrack` and `done`), and
    /// lines 5–8 for it.
    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        let Some((k, preds)) = self.clocks.record_taken(ex, top) else { return };
        if k.visible {
            let t = ex.path[top].clone();
            let clock = self.clocks[top].clone();
            self.add_backtrack_points(ex, &t, top, &clock, &preds, false);
        }
    }

    /// Lines 5–8 for a disabled thread's pending operation at a new state.
    fn on_disabled(&mut self, ex: &mut Explorer, _state: StateId, depth: usize, pending: &Transition) {
        let (clock, preds) = self.clocks.clock_of(ex, pending, depth);
        self.add_backtrack_points(ex, pending, depth, &clock, &preds, true);
    }

    /// Only a state on the stack is ever matched (stateless search): a cycle, fully
    /// expanded.
    fn on_visited(&mut self, ex: &mut Explorer, top: usize, target: StateId) {
        ex.expand_cycle(top, target);
    }

    fn on_return(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, top: usize, _taken: super::Explored) -> Flow<bool> {
        self.clocks.truncate(top);
        Ok(false)
    }

    fn heap_bytes(&self) -> usize {
        self.clocks.heap_bytes()
    }
}
