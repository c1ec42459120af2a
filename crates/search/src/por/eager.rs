//! DE-S-POR, Algorithm 2 of the stateful POR paper (eager source sets), and DE-JPF
//! (the same with `safeSet(s) = enabled(s)`).
//!
//! Every new visible transition `a` updates, eagerly, the `current` set of the last
//! transition on the stack that it depends on (`UpdateCurr`, lines 18–22); reaching a
//! visited state `s'` does the same for every transition reachable from `s'` in `L_r`
//! (lines 16–17), as if they were executed again. Back at a state, `UpdateBack`
//! (Fig. 2) recomputes its backtrack set (line 13); the state is done when
//! `backtrack = done` (line 6).
//!
//! Blocking: the paper assumes transitions are never disabled (in its JPF setting a
//! lock is a CAS loop); here a thread waiting for a monitor is not enabled, and the
//! last dependent transition of its `monitorenter` is the owner's release, which the
//! acquisition can never precede. So when `tid(a)` was not enabled at the last
//! dependent transition, the last dependent transition where it *was* enabled (the
//! owner's acquisition) is updated too — Flanagan and Godefroid's "may be co-enabled"
//! condition, approximated by enabledness. And when the last dependent transition is
//! the one that enabled `tid(a)` (that release), the last dependent transition before
//! it is updated too (and so on, while that one enabled it as well): the release hid
//! it, though `a` may race with it — a blocked thread stands before the acquire only,
//! and once it holds the monitor `a` runs on through accesses the release never
//! touched. (Without it, `de-spor` and `de-spor-paper` lost an outcome of a random
//! program with `synchronized` blocks stepped as the vm steps them: `x0 = x2;
//! synchronized (L) { x0 += 1 } ‖ x2 = x1; x2 = x0 ‖ synchronized (L) { x1 += 2 }`,
//! the acquire and the access in one step.) The walk back from that release also
//! passes over the dependent transitions that happen before it (the stack's vector
//! clocks, kept for every variant for this rule): `a` cannot run before them either,
//! so they hide the race behind them as the release does. (Without it, `de-spor` lost
//! an outcome of `x2 = x1; x0 = x2 ‖ synchronized (L) { x2 += 2 … ‖ synchronized (L)
//! { synchronized (L) { x2 += 1 } }`: the reentrant inner release, a write of the
//! monitor made before the outer one, passed for the last dependent transition of the
//! waiting acquire, and `x2 = x1` was never tried after it; found by
//! `por::tests::random_waiting_program`.) DL-S-POR needs no such rule: its `current`
//! sets take every later dependent transition, not only the last.
//!
//! Appendix A's optimisation is applied to the re-traversal at visited states: each
//! transition reachable from `s'` is walked once, and — since some orders between them
//! are then never seen — it updates the `current` sets of *all* stack transitions it
//! depends on, not only the last. That is the paper's rule (`de-spor-paper`, and
//! DE-JPF). `de-spor` refines it (issue 10) with happens-before: the stack carries
//! vector clocks, the walk carries what happens before each reachable transition on
//! every path from `s'` ([`super::hb_summary`]), and a stack transition that happens
//! before the reachable one through other transitions is left alone — as O-DPOR's
//! summary rule does ([`super::clocks::StackClocks::unordered_conflicts`]). The races
//! along such a chain are each handled where they are: on the stack, or in the visited
//! state's explored subtree. Every stack transition the paper's unoptimised rule
//! would update (the last one the reachable transition depends on, on each path) is
//! still updated unless a later transition on that path is the last one.
//!
//! The program's end ([`Access::everything`], `System.exit` with threads alive)
//! depends on every transition of every other thread, so its last dependent
//! transition is any thread's latest — typically the start of the exiting thread,
//! which happens before it anyway. Updating only that one never reversed the real
//! races: with the exiting thread not enabled before its start, `UpdateBack` there
//! re-explored only the starter, and a worker's earlier step was never tried after
//! the exit (`por::tests::sound_on_programs_that_exit`). So an end updates the last
//! transition of *each* other thread on the stack: an earlier transition of that
//! thread happens before its last one, and is reached as the paper's rule reaches
//! it, once the end runs before the last.

use jvmc_state::StateId;

use super::clocks::StackClocks;
use super::explorer::Frame;
use super::hb_summary::Summaries;
use super::source_sets::update_back;
use super::thread_set::ThreadSet;
use super::{Explorer, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{Access, TransitionSystem};

/// DE-S-POR (`safe_sets`) or DE-JPF.
#[derive(Default)]
pub struct EagerSourceSets {
    safe_sets: bool,
    /// the paper's rule at visited states (every conflict updates a `current` set),
    /// else the happens-before-aware one with `clocks` and `summaries`
    faithful: bool,
    clocks: StackClocks,
    summaries: Summaries,
}

impl EagerSourceSets {
    /// With the static safe-set filter (DE-S-POR) or without (DE-JPF, always the
    /// paper's rule); `faithful`: the paper's rule at visited states (`de-spor-paper`).
    pub fn new(safe_sets: bool, faithful: bool) -> Self {
        EagerSourceSets { safe_sets, faithful: faithful || !safe_sets, ..Default::default() }
    }
}

impl Reduction for EagerSourceSets {
    fn name(&self) -> &'static str {
        match (self.safe_sets, self.faithful) {
            (true, false) => "de-spor",
            (true, true) => "de-spor-paper",
            (false, _) => "de-jpf",
        }
    }

    fn uses_safe_sets(&self) -> bool {
        self.safe_sets
    }

    /// The clocks and summaries of the last search are forgotten.
    fn reset(&mut self, _sys: &dyn TransitionSystem) {
        *self = Self::new(self.safe_sets, self.faithful);
    }

    fn tracks_stack_accesses(&self) -> bool {
        true
    }

    /// Line 6: `∃ t' ∈ s.backtrack \ s.done`.
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        frame.backtrack.minus(&frame.done)
    }

    /// Lines 5 and 9–11.
    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        // (the paper's rules need no clocks; the blocking rule below does)
        self.clocks.truncate(top);
        let clock = self.clocks.clock_of(ex, &ex.path[top], top).0;
        self.clocks.push(clock);
        let f = &mut ex.frames[top];
        let Some(k) = f.active else { return };
        f.backtrack.insert(k.thread); // line 5 (the first pick); a no-op afterwards
        if f.done.insert(k.thread) {
            // line 9, and line 10 once per thread: the branches of a choice share it
            *f.current_mut(k.thread) = ThreadSet::of(&[k.thread]);
        }
        if k.visible {
            // line 11: UpdateCurr(a) — the last earlier stack transition dependent on a
            // (the last of each thread if a ends the program: see the module docs)
            let a = ex.path.last().expect("the taken transition is on the path");
            let mut last = Vec::new();
            if a.accesses.iter().any(Access::is_everything) {
                ex.index.latest_dependent(a, top, |p, tp| last.push((p, tp)));
            } else {
                last.extend(ex.index.last_dependent(a, top));
            }
            for (p, tp) in last {
                ex.frames[p].current_mut(tp).insert(k.thread); // line 22
                if !ex.frames[p].enabled.contains(k.thread) {
                    // tid(a) could not run there (it was blocked, e.g. on the monitor
                    // that transition releases): the race to reverse is with the last
                    // dependent transition where it could — see the module docs
                    let mut co_enabled = None;
                    ex.index.dependent(a, p, |q, tq| {
                        if ex.frames[q].enabled.contains(k.thread) && co_enabled.is_none_or(|(r, _)| q > r) {
                            co_enabled = Some((q, tq));
                        }
                    });
                    if let Some((q, tq)) = co_enabled {
                        ex.frames[q].current_mut(tq).insert(k.thread);
                    }
                }
                // the release that enabled tid(a) hides the last dependent transition
                // before it, which the paper's rule would update without it; so do
                // the dependent transitions that happen before that release (an
                // inner release of a reentrant lock, the owner's acquire): a cannot
                // run before them either
                let (mut p, mut enabler) = (p, None);
                loop {
                    if ex.enabled_by(p, k.thread) {
                        enabler = Some(p);
                    } else if !enabler.is_some_and(|e| self.clocks[e].after(ex.path[p].thread, p)) {
                        break;
                    }
                    let Some((q, tq)) = ex.index.last_dependent(a, p) else { break };
                    ex.frames[q].current_mut(tq).insert(k.thread);
                    p = q;
                }
            }
        }
    }

    /// A disabled thread's pending transition counts as executed here: `UpdateCurr`.
    fn on_disabled(&mut self, ex: &mut Explorer, _state: StateId, depth: usize, pending: &crate::system::Transition) {
        if let Some((p, tp)) = ex.index.last_dependent(pending, depth) {
            ex.frames[p].current_mut(tp).insert(pending.thread);
        }
    }

    /// Lines 16–17, optimised (see the module docs).
    fn on_visited(&mut self, ex: &mut Explorer, top: usize, target: StateId) {
        let lowest = if self.faithful {
            ex.traverse(target, |labels, index, frames, e| {
                let a = labels.get(e.label);
                if !a.accesses.is_empty() {
                    index.dependent(a, top + 1, |p, tp| {
                        frames[p].current_mut(tp).insert(a.thread);
                    });
                }
                true
            })
            .lowest_on_stack
        } else {
            let (conflicts, lowest) = self.clocks.unordered_conflicts(ex, &mut self.summaries, top, target);
            for (q, t) in conflicts {
                let tq = ex.path[q].thread;
                ex.frames[q].current_mut(tq).insert(t);
            }
            lowest
        };
        if let Some(q) = lowest {
            for i in q + 1..=top {
                ex.make_full(i);
            }
        }
    }

    /// Line 13: `s.backtrack ← UpdateBack(s, a)`.
    fn on_return(&mut self, ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, top: usize, taken: super::Explored) -> Flow<bool> {
        self.clocks.truncate(top);
        let f = &mut ex.frames[top];
        f.backtrack = update_back(f, taken.thread);
        Ok(false)
    }

    fn heap_bytes(&self) -> usize {
        self.clocks.heap_bytes() + self.summaries.heap_bytes()
    }
}
