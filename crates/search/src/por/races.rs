//! Races on the stack and the sequences that reverse them, for the stateless DPOR
//! algorithms (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets: A Foundation for
//! Optimal Dynamic Partial Order Reduction", JACM 2017, Sections 3–4: `e ⋖_E e'`,
//! `notdep(e, E)`, initials `I` and weak initials `WI`).
//!
//! Happens-before is the stack's vector clocks ([`super::clocks`]): `x → y` for
//! positions `x < y` iff `y`'s clock has seen `x`. Owns no state: it reads the
//! explorer's stack and the algorithm's clocks, and never changes a set.

use super::clocks::{StackClocks, VectorClock};
use super::thread_set::ThreadSet;
use super::Explorer;
use crate::system::{ThreadId, Transition};

/// The races `e ⋖ e'` of a transition `e'` of thread `p` that runs (or would run) at
/// stack position `n`, given its direct predecessors `preds` (from
/// [`StackClocks::clock_of`]): each `e` at position `i` is a transition of another
/// thread, dependent on `e'`, and no other transition happens between them (`e`
/// happens before none of `e'`'s other direct predecessors), ascending.
///
/// The papers' events are never disabled; a Java thread that acquires a monitor is,
/// until its owner releases it. That release enabled `e'` and is not co-enabled with
/// it, so it is no race — but it hides the one there is: the transition that
/// disabled `p` before it (the owner's acquire, taken while `p` could have taken the
/// monitor first), which happens before the release. That transition is a race in
/// the release's place. The race was also checked when `p` stood disabled before
/// `e'` (its pending operation), but a blocked thread stands before the acquire
/// only: once it holds the monitor, `e'` runs on through accesses that make other
/// transitions of `notdep(e, E)` its predecessors, and `I(notdep(e, E).e')` is then
/// another set. (Random programs with `synchronized` blocks stepped as the vm steps
/// them lost outcomes under `source-dpor` and `optimal-dpor`: the pending check's
/// only initial was `p`, asleep where the acquire ran.)
pub(crate) fn races(ex: &Explorer, clocks: &StackClocks, p: ThreadId, preds: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    races_into(ex, clocks, p, preds, &mut out);
    out
}

/// [`races`], into `out` (cleared first): a search that keeps the races of every
/// position reuses their buffers.
pub(crate) fn races_into(ex: &Explorer, clocks: &StackClocks, p: ThreadId, preds: &[usize], out: &mut Vec<usize>) {
    out.clear();
    maximal_into(ex, clocks, preds, out);
    let mut disablers = Vec::new();
    out.retain(|&i| {
        if ex.path[i].thread == p {
            return false;
        }
        if ex.enabled_by(i, p) {
            disablers.extend(ex.disabler(i, p).filter(|&d| ex.path[d].thread != p));
            return false;
        }
        true
    });
    out.extend(disablers);
    out.sort_unstable();
    out.dedup();
}

/// Of the direct predecessors `preds` of a transition (positions, from
/// [`StackClocks::clock_of`]), those that happen before no other of them, ascending.
/// Only a thread's latest one can be such (its earlier ones happen before it, in
/// program order), and it is one when no other thread's latest has seen it: a
/// predecessor that has seen it makes its thread's latest one see it too. So the cost
/// is in the predecessors times the threads, not the predecessors squared — a
/// transition that reads a whole array after the joins has a predecessor per element.
pub(crate) fn maximal(ex: &Explorer, clocks: &StackClocks, preds: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    maximal_into(ex, clocks, preds, &mut out);
    out
}

/// [`maximal`], appended to `out` (which is empty).
fn maximal_into(ex: &Explorer, clocks: &StackClocks, preds: &[usize], out: &mut Vec<usize>) {
    // each thread's latest, (thread, position): on the stack for up to `INLINE`
    // threads (this runs for every transition taken)
    const INLINE: usize = 8;
    let mut inline = [(0 as ThreadId, 0usize); INLINE];
    let mut len = 0;
    let mut spilled: Vec<(ThreadId, usize)> = Vec::new();
    for &i in preds {
        let t = ex.path[i].thread;
        let latest = if spilled.is_empty() { &mut inline[..len] } else { &mut spilled[..] };
        if let Some(l) = latest.iter_mut().find(|(u, _)| *u == t) {
            l.1 = l.1.max(i);
        } else if spilled.is_empty() && len < INLINE {
            inline[len] = (t, i);
            len += 1;
        } else {
            if spilled.is_empty() {
                spilled.extend_from_slice(&inline[..len]);
            }
            spilled.push((t, i));
        }
    }
    let latest = if spilled.is_empty() { &inline[..len] } else { &spilled[..] };
    out.extend(latest.iter().filter(|&&(t, i)| latest.iter().all(|&(u, k)| u == t || !clocks[k].after(t, i))).map(|&(_, i)| i));
    out.sort_unstable();
}

/// `notdep(e, E)` for `e` at position `i` and `E` the first `end` transitions of the
/// path: the positions after `i` whose transitions do not happen after `e`, in order.
pub(crate) fn notdep(ex: &Explorer, clocks: &StackClocks, i: usize, end: usize) -> Vec<usize> {
    let q = ex.path[i].thread;
    (i + 1..end).filter(|&j| !clocks[j].after(q, i)).collect()
}

/// Whether the transition with clock `clock` has no predecessor among the positions
/// `v` (it is an initial of any sequence `v` of which it is the next event).
pub(crate) fn first_in(ex: &Explorer, clock: &VectorClock, v: &[usize]) -> bool {
    v.iter().all(|&k| !clock.after(ex.path[k].thread, k))
}

/// `I(v.e')` for `v` a list of positions (from [`notdep`]) and `e'` of thread `p` with
/// clock `clock`: the threads whose first transition in the sequence has no
/// predecessor in it. `pending`: `e'` is a disabled thread's pending transition,
/// whose label is only what the thread blocks on — once it runs, it runs on through
/// accesses that may depend on any transition of `v` — so `p` is an initial of an
/// empty `v` only.
pub(crate) fn initials(ex: &Explorer, clocks: &StackClocks, v: &[usize], p: ThreadId, clock: &VectorClock, pending: bool) -> ThreadSet {
    let mut out = ThreadSet::new();
    for (n, &j) in v.iter().enumerate() {
        if first_in(ex, &clocks[j], &v[..n]) {
            out.insert(ex.path[j].thread);
        }
    }
    let p_first = if pending { v.is_empty() } else { first_in(ex, clock, v) };
    if p_first {
        out.insert(p);
    }
    out
}

/// A sequence of transitions with their happens-before order, as the wakeup trees
/// need it ([`super::wakeup_tree`]): events are indices `0..len`, in sequence order.
pub(crate) trait Sequence {
    /// Number of events.
    fn len(&self) -> usize;
    /// Event `e`'s transition.
    fn transition(&self, e: usize) -> &Transition;
    /// Whether event `a` happens before event `b` (`a < b`).
    fn before(&self, a: usize, b: usize) -> bool;
    /// Whether event `e`'s transition is what its thread does at that point of the
    /// sequence. A Java transition's accesses depend on the values it reads (a
    /// pointer decides which object is next), so an event moved before one it read
    /// from may access other locations: its label is only a guess.
    fn exact(&self, e: usize) -> bool;
}

/// `notdep(e, E).e'` on the stack: positions of the path, then `e'` (on the path too,
/// or a disabled thread's pending transition with its clock). The transitions of
/// `notdep(e, E)` read from `E'` and each other only, so they do in `E'.v` what they
/// did in `E`; `e'` read from `e`, which it now precedes, so its label is a guess
/// unless the system's accesses are fixed by its code.
pub(crate) struct Reversal<'a> {
    /// the explorer (for the path)
    pub ex: &'a Explorer,
    /// the clocks of the path's transitions
    pub clocks: &'a StackClocks,
    /// `notdep(e, E)`
    pub positions: Vec<usize>,
    /// `e'` and its clock
    pub last: (&'a Transition, &'a VectorClock),
    /// whether `e'`'s label holds in `v` too (accesses fixed by the code)
    pub last_exact: bool,
    /// `e'` is a disabled thread's pending transition: its label is only what the
    /// thread blocks on, and it may depend on every transition of `v` (see
    /// [`initials`])
    pub last_pending: bool,
}

impl Sequence for Reversal<'_> {
    fn len(&self) -> usize {
        self.positions.len() + 1
    }

    fn transition(&self, e: usize) -> &Transition {
        match self.positions.get(e) {
            Some(&j) => &self.ex.path[j],
            None => self.last.0,
        }
    }

    fn exact(&self, e: usize) -> bool {
        e < self.positions.len() || (self.last_exact && !self.last_pending)
    }

    fn before(&self, a: usize, b: usize) -> bool {
        let (ta, pa) = (self.ex.path[self.positions[a]].thread, self.positions[a]);
        match self.positions.get(b) {
            Some(&j) => self.clocks[j].after(ta, pa),
            None => self.last_pending || self.last.1.after(ta, pa),
        }
    }
}
