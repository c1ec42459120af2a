//! Happens-before over the stack: one vector clock per transition on the stack
//! (program order and conflicting accesses), and the happens-before-aware rule at a
//! visited state that O-DPOR and DE-S-POR share ([`StackClocks::unordered_conflicts`],
//! built on [`super::hb_summary`]).
//!
//! Owns the clocks only; which sets a conflict updates is each algorithm's business.

use jvmc_state::StateId;

use super::hb_summary::Summaries;
use super::{Explored, Explorer};
use crate::system::{ThreadId, Transition};

/// A vector clock: entry `t` is one more than the stack position of the last
/// transition of thread `t` that happens before (or is) the transition it belongs to;
/// 0 when there is none. The first [`VectorClock::INLINE`] threads' entries are
/// inline, so that a clock of the usual handful of threads does not allocate (one is
/// made for every transition taken).
#[derive(Clone, Debug, Default)]
pub(crate) struct VectorClock {
    first: [u32; VectorClock::INLINE],
    /// the entries of threads `INLINE..`, by thread
    rest: Vec<u32>,
}

impl VectorClock {
    const INLINE: usize = 8;

    fn get(&self, t: ThreadId) -> u32 {
        let i = t as usize;
        if i < Self::INLINE { self.first[i] } else { self.rest.get(i - Self::INLINE).copied().unwrap_or(0) }
    }

    fn set(&mut self, t: ThreadId, v: u32) {
        let i = t as usize;
        if i < Self::INLINE {
            self.first[i] = v;
            return;
        }
        let i = i - Self::INLINE;
        if i >= self.rest.len() {
            self.rest.resize(i + 1, 0);
        }
        self.rest[i] = v;
    }

    fn join(&mut self, other: &VectorClock) {
        for (a, &b) in self.first.iter_mut().zip(&other.first) {
            *a = (*a).max(b);
        }
        if other.rest.len() > self.rest.len() {
            self.rest.resize(other.rest.len(), 0);
        }
        for (a, &b) in self.rest.iter_mut().zip(&other.rest) {
            *a = (*a).max(b);
        }
    }

    /// Whether the transition at stack position `pos` of thread `t` happens before
    /// (or is) the one this clock belongs to.
    pub(crate) fn after(&self, t: ThreadId, pos: usize) -> bool {
        self.get(t) > pos as u32
    }
}

/// The clocks of the transitions on the stack, by position (the algorithm keeps them
/// in step with the path: [`StackClocks::truncate`] to the top before pushing).
#[derive(Default)]
pub(crate) struct StackClocks {
    clocks: Vec<VectorClock>,
}

impl std::ops::Index<usize> for StackClocks {
    type Output = VectorClock;

    fn index(&self, pos: usize) -> &VectorClock {
        &self.clocks[pos]
    }
}

impl StackClocks {
    /// The clock a transition `e` at position `n = path.len()` would get, and its
    /// direct predecessors: its thread's previous transition and the conflicting ones
    /// (positions, deduplicated; needs the explorer's access index).
    pub(crate) fn clock_of(&self, ex: &Explorer, e: &Transition, n: usize) -> (VectorClock, Vec<usize>) {
        let (clock, preds, _) = self.clock_of_started(ex, e, n, || None);
        (clock, preds)
    }

    /// [`StackClocks::clock_of`] with the creation edge: when `e`'s thread has no
    /// transition below `n`, its start (the stack position `start()` names: the
    /// transition after which the thread first existed) is a direct predecessor too,
    /// and is returned apart (it is no race: the thread did not exist before it). The
    /// labels do not give that edge — a start writes the new thread's life cycle,
    /// which the thread's own transitions never touch — so without it the thread's
    /// clocks see neither its start nor anything before it. Its later transitions
    /// inherit the edge from its first one (program order).
    pub(crate) fn clock_of_started(&self, ex: &Explorer, e: &Transition, n: usize, start: impl FnOnce() -> Option<usize>) -> (VectorClock, Vec<usize>, Option<usize>) {
        let mut preds = Vec::with_capacity(e.accesses.len() + 1);
        ex.index.clock_predecessors(e, n, |q| preds.push(q));
        let prev = ex.path[..n].iter().rposition(|a| a.thread == e.thread);
        let start = if prev.is_none() { start() } else { None };
        preds.extend(prev.or(start));
        preds.sort_unstable();
        preds.dedup();
        let mut clock = VectorClock::default();
        for &q in &preds {
            clock.join(&self.clocks[q]);
        }
        clock.set(e.thread, n as u32 + 1);
        (clock, preds, start)
    }

    /// A transition was taken from frame `top` (its `active` one), for the stateless
    /// DPOR algorithms: the clocks are cut back to `top`, its thread joins the frame's
    /// `backtrack` and `done`, and its clock is recorded at `top`. Returns it and its
    /// direct predecessors (`None`: nothing is active); its label is `ex.path[top]`.
    pub(crate) fn record_taken(&mut self, ex: &mut Explorer, top: usize) -> Option<(Explored, Vec<usize>)> {
        self.truncate(top);
        let f = &mut ex.frames[top];
        let k = f.active?;
        f.backtrack.insert(k.thread);
        f.done.insert(k.thread);
        let (clock, preds) = self.clock_of(ex, &ex.path[top], top);
        self.push(clock);
        Some((k, preds))
    }

    /// Records the clock of the transition at the next position.
    pub(crate) fn push(&mut self, clock: VectorClock) {
        self.clocks.push(clock);
    }

    /// Keeps the clocks of the first `len` positions.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.clocks.truncate(len);
    }

    /// Heap bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.clocks.capacity() * std::mem::size_of::<VectorClock>() + self.clocks.iter().map(|c| c.rest.capacity() * 4).sum::<usize>()
    }

    /// The happens-before-aware rule at a visited state `target`, reached from the
    /// transition at stack position `top`: every transition `b` reachable from
    /// `target` in `L_r` ([`super::hb_summary::traverse`]) against each stack
    /// transition it conflicts with (the latest of each thread per access); a pair
    /// ordered through other transitions is no race. Returns the racing pairs as
    /// (stack position, `b`'s thread), and the lowest stack position the walk reached
    /// (the walk's transitions count as re-traversed).
    pub(crate) fn unordered_conflicts(&self, ex: &mut Explorer, summaries: &mut Summaries, top: usize, target: StateId) -> (Vec<(usize, ThreadId)>, Option<usize>) {
        // the clock of each thread's last transition on the stack
        let mut last: Vec<(ThreadId, usize)> = Vec::new();
        for (i, t) in ex.path[..=top].iter().enumerate().rev() {
            if !last.iter().any(|(u, _)| *u == t.thread) {
                last.push((t.thread, i));
            }
        }
        let mut conflicts: Vec<(usize, ThreadId)> = Vec::new();
        let end = ex.hb_traverse(summaries, target, |index, b, ordered| {
            let synced = |w: ThreadId| w == b.thread || ((w as usize) < 64 && ordered & (1 << w) != 0);
            index.latest_dependent(b, top + 1, |q, p| {
                let before = synced(p) || last.iter().any(|&(w, i)| synced(w) && self.clocks[i].after(p, q));
                if !before {
                    conflicts.push((q, b.thread));
                }
            });
            true
        });
        (conflicts, end.lowest_on_stack)
    }
}

#[cfg(test)]
mod tests {
    use super::VectorClock;

    #[test]
    fn clocks_past_the_inline_threads() {
        let mut a = VectorClock::default();
        a.set(1, 3);
        a.set(VectorClock::INLINE as u32 + 2, 5);
        let mut b = VectorClock::default();
        b.set(1, 7);
        b.join(&a);
        assert!(b.after(1, 6) && !b.after(1, 7));
        assert!(b.after(VectorClock::INLINE as u32 + 2, 4) && !b.after(VectorClock::INLINE as u32 + 2, 5));
        assert!(!b.after(VectorClock::INLINE as u32 + 9, 0));
    }
}
