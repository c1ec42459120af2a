//! O-DPOR: the paper's baseline (Section 5), a stateful version of the source-set DPOR
//! of Abdulla, Aronis, Jonsson and Sagonas ("Source sets: a foundation for optimal
//! dynamic partial order reduction", J. ACM 64(4), Algorithm 1, "Source-DPOR") built on
//! S-POR, without wakeup trees.
//!
//! It tracks the happens-before relation of the execution on the stack with one vector
//! clock per transition, and for every new transition `e'` of thread `p` (Algorithm 1,
//! lines 5–9):
//! - finds its races `e ⋖ e'`: the earlier transitions it conflicts with that are
//!   not ordered before it through another transition (line 5);
//! - for each, computes the initials `I_{E'}(v)` of `v = notdep(e, E).p`, the
//!   transitions after `e` that do not happen after it, followed by `p` (lines 6–7);
//! - adds one of them to `backtrack(E')` unless one is already there (lines 8–9).
//!
//! Deviations, all conservative (they explore more, never less):
//! - no sleep sets (lines 2 and 10–12): with state matching a state's sleep set
//!   depends on the path that reached it, and a state first reached with a larger
//!   sleep set would hide interleavings from later paths (the paper's O-DPOR has the
//!   same limitation, which is why it is "best effort"); without them the backtrack
//!   sets are still source sets;
//! - a state whose safe set is a single invisible transition is complete after it
//!   (S-POR): a race never involves an invisible transition;
//! - blocking: the theory assumes a race can always be reversed. A thread waiting
//!   for a monitor is not enabled here, and when `p`'s transition acquires the
//!   monitor that `e` releases, `p` is an initial of `v` that cannot run at `E'`; the
//!   race is then reversed at the last earlier transition `e'` conflicts with (the
//!   releasing thread's acquisition), as in DE-S-POR;
//! - a visited state: the transitions reachable from it in `L_r` are walked once
//!   (Appendix A) and each is treated as racing with *every* stack transition it
//!   conflicts with, since the path and thus the happens-before order is not known:
//!   its thread is added to that state's backtrack set if enabled there, else every
//!   enabled thread is (the stateful DPOR summary rule of Yang et al., with
//!   Flanagan and Godefroid's fallback);
//! - an initial that is not enabled (it waits for something outside `v`) is replaced
//!   by all enabled threads.

use jvmc_state::StateId;

use super::clocks::{StackClocks, VectorClock};
use super::explorer::Frame;
use super::thread_set::ThreadSet;
use super::{Explorer, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{ThreadId, Transition, TransitionSystem};

/// O-DPOR (see the module docs).
#[derive(Default)]
pub struct OptimalSourceSets {
    /// the clock of each transition on the stack, by position
    clocks: StackClocks,
    /// the paper's summary rule at visited states (every conflict a race) instead
    /// of the happens-before-aware one
    faithful: bool,
    /// the happens-before-aware walks' summaries of completed states
    summaries: super::hb_summary::Summaries,
}

impl OptimalSourceSets {
    /// With an empty stack; `faithful`: the paper's summary rule (`odpor-paper`).
    pub fn new(faithful: bool) -> Self {
        OptimalSourceSets { clocks: StackClocks::default(), faithful, summaries: Default::default() }
    }

    /// The clock of a transition `e` that would run at position `n`, its direct
    /// predecessors and its thread's start if that is one of them
    /// ([`StackClocks::clock_of_started`]). Algorithm 1's `→` orders dependent events,
    /// and a start is dependent with the started thread's first transition (it
    /// enables it), though their labels need not conflict. Without that edge, a race
    /// `r ⋖ e'` (line 5) with a thread `p` started after `r` took `p` for an initial
    /// of `notdep(r, E).p` (line 6: `e'`'s clock did not see the start, which is in
    /// `v`); `p` cannot run at `pre(E, r)`, so `reverse` took the race for one with a
    /// monitor release and moved it to an earlier conflicting transition, or dropped
    /// it with none. Under the order `1, 2, 0`, `main: start(2) ‖ x = r + 1 ‖ x = 3`
    /// never ran `x = 3` first (`odpor_sound_under_every_thread_order`); ascending
    /// orders run `main`'s start before the others race.
    fn clock_of(&self, ex: &Explorer, e: &Transition, n: usize) -> (VectorClock, Vec<usize>, Option<usize>) {
        self.clocks.clock_of_started(ex, e, n, || ex.start_of(e.thread, n))
    }

    /// Lines 5–9 for a transition `e'` of thread `p` that would run at position
    /// `n = path.len()` (taken, or `pending` in a disabled thread).
    fn races(&self, ex: &mut Explorer, e: &Transition, n: usize, pending: bool) -> VectorClock {
        let (clock, preds, start) = self.clock_of(ex, e, n);
        let p = e.thread;
        // line 5: r ⋖ e' — no other direct predecessor of e' happens after r; every
        // predecessor of another thread conflicts with e' (`clock_of`) but `p`'s
        // start, which is no race (`p` is not enabled before it)
        for r in super::races::maximal(ex, &self.clocks, &preds) {
            if ex.path[r].thread == p || Some(r) == start {
                continue;
            }
            debug_assert!(crate::por::dependent(&ex.path[r], e));
            self.reverse(ex, r, &clock, e, n, pending);
        }
        clock
    }

    /// Lines 6–9 for the race of the transition at position `r` with `e'` (thread
    /// `p`, clock `clock`, position `n`). When `p` is an initial that cannot run at
    /// `r` it is waiting for what `r` does (the monitor `r` releases): the race cannot
    /// be reversed there, and it is reversed at the last earlier conflicting
    /// transition instead (only `p` can be such an initial: any other thread's first
    /// transition in `v` is independent of `r`, so enabled before it).
    fn reverse(&self, ex: &mut Explorer, mut r: usize, clock: &VectorClock, e: &Transition, n: usize, pending: bool) {
        let p = e.thread;
        loop {
            let initials = self.initials(ex, r, clock, p, n, pending);
            let blocked = initials.contains(&p) && !ex.frames[r].enabled.contains(p);
            if !blocked {
                add_initial(&mut ex.frames[r], &initials, p);
                return;
            }
            let mut last = None;
            ex.index.dependent(e, r, |q, _| {
                if last.is_none_or(|l| q > l) {
                    last = Some(q);
                }
            });
            match last {
                Some(q) => r = q,
                None => return,
            }
        }
    }

    /// `I_{E'}(v)` for `E' = pre(E, e)`, `e` at position `at`, `v = notdep(e, E).p`,
    /// where `p`'s transition has clock `clock` and would run at position `n`. A
    /// `pending` transition of a disabled thread is labelled with what it blocks on
    /// alone and may depend on any transition of `v` once it runs: `p` is then an
    /// initial of an otherwise empty `v` only (`races::initials`).
    fn initials(&self, ex: &Explorer, at: usize, clock: &VectorClock, p: ThreadId, n: usize, pending: bool) -> Vec<ThreadId> {
        let te = ex.path[at].thread;
        let in_v = |j: usize| !self.clocks[j].after(te, at);
        // per thread, its first transition after `at` if that one is in v (the ones of
        // v form a prefix of each thread's transitions after `at`)
        let mut first_in_v: Vec<(ThreadId, usize)> = Vec::new();
        let mut seen = ThreadSet::new();
        for j in at + 1..n {
            let t = ex.path[j].thread;
            if seen.insert(t) && in_v(j) {
                first_in_v.push((t, j));
            }
        }
        // a thread's first transition of v is an initial when no transition of v of
        // another thread happens before it
        let is_initial = |t: ThreadId, c: &VectorClock| first_in_v.iter().all(|&(r, f)| r == t || !c.after(r, f));
        let mut out: Vec<ThreadId> = first_in_v.iter().filter(|&&(t, j)| is_initial(t, &self.clocks[j])).map(|&(t, _)| t).collect();
        let p_first = if pending { first_in_v.is_empty() } else { is_initial(p, clock) };
        if p_first && !first_in_v.iter().any(|&(t, _)| t == p) {
            out.push(p);
        }
        out
    }

    fn truncate(&mut self, len: usize) {
        self.clocks.truncate(len);
    }
}

/// Lines 8–9: unless `backtrack(E')` already holds an initial, adds one (`p` if it is
/// one, else the first): within the safe set; when the initial cannot run there, every
/// enabled thread of the safe set.
fn add_initial(frame: &mut Frame, initials: &[ThreadId], p: ThreadId) {
    let safe = frame.safe_set();
    if initials.iter().any(|&t| frame.backtrack.contains(t)) {
        return;
    }
    let pick = if initials.contains(&p) { Some(p) } else { initials.first().copied() };
    match pick {
        Some(t) if safe.contains(t) => {
            frame.backtrack.insert(t);
        }
        _ => {
            frame.backtrack.union_with(&safe);
        }
    }
}

/// The summary rule at a visited state: thread `t`'s transition, reachable later,
/// conflicts with `frame`'s.
fn add_conflicting(frame: &mut Frame, t: ThreadId) {
    let safe = frame.safe_set();
    if safe.contains(t) {
        frame.backtrack.insert(t);
    } else {
        frame.backtrack.union_with(&safe);
    }
}

impl Reduction for OptimalSourceSets {
    fn name(&self) -> &'static str {
        if self.faithful {
            "odpor-paper"
        } else {
            "odpor"
        }
    }

    /// The clocks and summaries of the last search are forgotten.
    fn reset(&mut self, _sys: &dyn TransitionSystem) {
        *self = Self::new(self.faithful);
    }

    fn uses_safe_sets(&self) -> bool {
        true
    }

    fn tracks_stack_accesses(&self) -> bool {
        true
    }

    /// Line 3: `∃ p ∈ backtrack(E) \ done`.
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        match frame.safe {
            super::explorer::Safe::Single(_) => ThreadSet::new(),
            _ => frame.backtrack.minus(&frame.done),
        }
    }

    /// Lines 2 and 4–9 for the transition just taken from `ex.frames[top]`.
    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        self.truncate(top);
        let f = &mut ex.frames[top];
        let Some(k) = f.active else { return };
        f.backtrack.insert(k.thread);
        f.done.insert(k.thread);
        let e = ex.path[top].clone();
        let clock = if k.visible { self.races(ex, &e, top, false) } else { self.clock_of(ex, &e, top).0 };
        self.clocks.push(clock);
    }

    /// A disabled thread's pending transition races like one taken here.
    fn on_disabled(&mut self, ex: &mut Explorer, _state: StateId, depth: usize, pending: &Transition) {
        self.races(ex, pending, depth, true);
    }

    /// The summary rule (see the module docs), happens-before-aware unless
    /// `faithful` ([`super::hb_summary`]).
    fn on_visited(&mut self, ex: &mut Explorer, top: usize, target: StateId) {
        let lowest = if self.faithful {
            ex.traverse(target, |labels, index, frames, e| {
                let a = labels.get(e.label);
                if !a.accesses.is_empty() {
                    index.dependent(a, top + 1, |q, _| add_conflicting(&mut frames[q], a.thread));
                }
                true
            })
            .lowest_on_stack
        } else {
            let (conflicts, lowest) = self.clocks.unordered_conflicts(ex, &mut self.summaries, top, target);
            for (q, t) in conflicts {
                add_conflicting(&mut ex.frames[q], t);
            }
            lowest
        };
        if let Some(q) = lowest {
            for i in q + 1..=top {
                ex.make_full(i);
            }
        }
    }

    fn on_return(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, top: usize, _taken: super::Explored) -> Flow<bool> {
        self.truncate(top);
        Ok(false)
    }

    fn heap_bytes(&self) -> usize {
        self.clocks.heap_bytes() + self.summaries.heap_bytes()
    }
}
