//! Writes a transition undid: a location the transition wrote but left holding
//! what it held when the transition began counts as *read* in its label (issue 10,
//! item 2).
//!
//! The typical case is a lock taken and released inside one transition: a
//! `synchronized` call whose body the locking discipline runs without a scheduling
//! point, or a `ReentrantLock.lock()` … `unlock()` around it. The monitor (or the
//! synchronizer's `state` and `exclusiveOwnerThread`) is free before and after, so
//! two such transitions of different threads that touch disjoint data commute; with
//! the lock as a write in both labels, every pair of them was a race.
//!
//! Why it is sound. Transitions run atomically, and a label only has to make
//! dependent every pair that does not commute where both are enabled. Take `t`,
//! which leaves location `x` as it found it, and `u` of another thread, enabled
//! together in a state `s`. If `u` only reads `x` or does not touch it, `u` finds
//! the same `x` before and after `t`, and `t` finds the same `x` before and after
//! `u` (`u` does not change it), so the pair commutes as far as `x` goes, as two
//! reads do. If `u` changes `x`, the pair stays dependent (a read against a write).
//! A monitor counts as unchanged when its count, owner (while held), wait set and
//! pending notifications are all as they were: a `notify` that woke nobody changed
//! nothing.
//!
//! The argument holds pair by pair in a state; a search whose backtracking assumes a
//! thread's next transition races the same way wherever it runs (Flanagan–Godefroid
//! DPOR's rule, and SDPOR's and the DPOR engine's) must not use it, since the label
//! now depends on the state: the CLI turns it off for them (`Strategy::needs_state_independent_steps`).
//!
//! Guards (`guards.rs`) rest on the lock's own conflict: two accesses under a
//! common lock need no conflict because the lock's acquisitions conflict. A lock
//! whose state the transition restored no longer conflicts, so it is removed from
//! the guards of the transition's accesses.
//!
//! This module owns the comparison of the before-images (`Heap::before_images`,
//! from the epoch [`Vm::step`] opens) with the state after; it must not decide
//! scheduling points. Statics, off-heap memory and the pseudo-locations other than
//! the monitor are left as they are (writes).

use super::guards::Guards;
use super::AccessRecord;
use crate::heap::{BeforeImage, Body, Object};
use crate::monitor::Monitor;
use crate::value::ObjRef;
use crate::vm::Vm;

impl Vm {
    /// Turns the writes of `label` whose location holds what it held at journal
    /// position `from` into reads, and removes the locks whose state was restored
    /// from every access's guards.
    pub(crate) fn downgrade_restored(&mut self, from: usize, label: &mut [(AccessRecord, Guards)]) {
        let Some(chk) = self.check.as_mut() else { return };
        // the candidates, by object: writes of heap locations and monitors, each
        // decided by the oldest before-image of its location (one buffer for every
        // step)
        let mut writes = std::mem::take(&mut chk.restored_candidates);
        writes.clear();
        writes.extend(
            label
                .iter()
                .enumerate()
                .filter(|(_, (a, _))| {
                    a.write
                        && !a.update
                        && a.owner != AccessRecord::NO_OWNER
                        && a.owner & AccessRecord::STATICS == 0
                        && (a.field < AccessRecord::BLOCK || a.field == AccessRecord::MONITOR)
                })
                .map(|(i, (a, _))| (a.object, i, false)),
        );
        if !writes.is_empty() {
            self.downgrade_candidates(from, &mut writes, label);
        }
        if let Some(chk) = self.check.as_mut() {
            chk.restored_candidates = writes;
        }
    }

    /// [`Vm::downgrade_restored`] for the candidate writes `writes` (stable id, index
    /// in `label`, decided), not empty.
    fn downgrade_candidates(&self, from: usize, writes: &mut [(u64, usize, bool)], label: &mut [(AccessRecord, Guards)]) {
        // by object only: each write is decided on its own
        writes.sort_unstable_by_key(|w| w.0);
        let mut restored: Vec<u64> = Vec::new();
        for (slot, image) in self.heap.before_images(from) {
            let Some(now) = ObjRef::from_index(slot).and_then(|r| self.heap.try_get(r)) else { continue };
            let first = writes.partition_point(|&(sid, ..)| sid < now.sid);
            // whether every field is as it was, computed once per object
            let mut fields_same = None;
            for (sid, i, decided) in writes[first..].iter_mut().take_while(|w| w.0 == now.sid) {
                let field = label[*i].0.field;
                let same = match image {
                    BeforeImage::Object(before) if field == AccessRecord::MONITOR => same_monitor(before.monitor.as_deref(), now.monitor.as_deref()),
                    BeforeImage::Object(before) => same_slot(before, now, field) && *fields_same.get_or_insert_with(|| same_fields(before, now)),
                    BeforeImage::Element(index, bits) if index == field => matches!(&now.body, Body::Array(arr) if arr.bits(index as usize) == Some(bits)),
                    // another element of the same large array
                    BeforeImage::Element(..) => continue,
                };
                if !std::mem::replace(decided, true) && same {
                    label[*i].0.write = false;
                    if !restored.contains(sid) {
                        restored.push(*sid);
                    }
                }
            }
        }
        if restored.is_empty() {
            return;
        }
        for (_, g) in label.iter_mut() {
            for lock in g.iter_mut() {
                if restored.contains(lock) {
                    *lock = 0;
                }
            }
        }
    }
}

/// Whether field slot or element `at` holds the same in `before` and `now` (`true`
/// when `at` names neither: [`same_fields`] decides then).
fn same_slot(before: &Object, now: &Object, at: u32) -> bool {
    let at = at as usize;
    match (&before.body, &now.body) {
        (Body::Fields(x), Body::Fields(y)) => match (x.get(at), y.get(at)) {
            (Some(a), Some(b)) => a.same_bits(*b),
            _ => true,
        },
        (Body::Array(x), Body::Array(y)) => matches!((x.get(at), y.get(at)), (Some(a), Some(b)) if a.same_bits(b)),
        _ => false,
    }
}

/// Whether an object with fields holds the same in every field in `before` and
/// `now` (arrays: `true`, their elements are compared one by one). A write of an
/// object with fields counts as restored only when the whole object is, so that a
/// record naming its location by something other than a slot (an `Unsafe` offset
/// the vm could not resolve) cannot pass for an unchanged field.
fn same_fields(before: &Object, now: &Object) -> bool {
    match (&before.body, &now.body) {
        (Body::Fields(x), Body::Fields(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| a.same_bits(*b)),
        (Body::Array(_), Body::Array(_)) => true,
        _ => false,
    }
}

/// Whether two monitor states are the same to every thread: the same count, owner
/// while held, wait set and pending notifications (no monitor is an idle one).
fn same_monitor(x: Option<&Monitor>, y: Option<&Monitor>) -> bool {
    fn state(m: Option<&Monitor>) -> (u32, u32, &[u32], &[Vec<u32>]) {
        match m {
            None => (0, u32::MAX, &[], &[]),
            Some(m) => (m.count, if m.count > 0 { m.owner } else { u32::MAX }, &m.waiters, &m.tokens),
        }
    }
    state(x) == state(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn monitor(owner: u32, count: u32, waiters: &[u32]) -> Monitor {
        Monitor { owner, count, waiters: waiters.to_vec(), tokens: Vec::new() }
    }

    #[test]
    fn a_free_monitor_is_the_same_whoever_held_it_last() {
        assert!(same_monitor(None, Some(&monitor(3, 0, &[]))));
        assert!(same_monitor(Some(&monitor(1, 0, &[])), Some(&monitor(2, 0, &[]))));
        assert!(!same_monitor(None, Some(&monitor(2, 1, &[]))), "held is not free");
        assert!(!same_monitor(Some(&monitor(1, 1, &[])), Some(&monitor(2, 1, &[]))), "another owner");
        assert!(!same_monitor(None, Some(&monitor(0, 0, &[4]))), "a thread began to wait");
        let mut notified = monitor(0, 0, &[4]);
        notified.tokens.push(vec![4]);
        assert!(!same_monitor(Some(&monitor(0, 0, &[4])), Some(&notified)), "a notification is pending");
    }
}
