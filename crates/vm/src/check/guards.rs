//! Lock guards of accesses: which locks the accessing thread holds exclusively
//! when it makes a shared access, so that partial-order reduction can tell two
//! accesses under a common lock apart from a race (issue 10, item 2).
//!
//! Two transitions of different threads whose accesses to a location both happen
//! while their thread holds the same lock exclusively are never *co-enabled* unless
//! they also conflict on the lock itself: in a state where both could run, either one
//! of the threads holds the lock already (then the other cannot hold it during its
//! transition, so the other access is not in its next transition), or neither does,
//! and both transitions acquire it — their acquisitions write the lock word, so the
//! transitions are dependent through it anyway. Transitions that are never
//! co-enabled are independent (Godefroid's definition asks for commutation only
//! where both are enabled), so the search may drop the conflict of such a pair. The
//! order of the two accesses is then decided where the lock's acquisitions race.
//!
//! This needs the guards to be the *truth* at the access: a lock listed must really
//! be held exclusively at that moment. They are read from the state, never from a
//! summary of the calls a thread made:
//! - a monitor is held by `t` when its owner is `t` with a positive count;
//! - an `AbstractOwnableSynchronizer` (`ReentrantLock`'s and
//!   `ReentrantReadWriteLock`'s sync: exclusive mode, the write lock) is held by `t`
//!   when its `exclusiveOwnerThread` is `t`'s `Thread` object. The JDK sets the owner
//!   after the state's compare-and-set succeeds and clears it before the state is
//!   released, so "owner is `t`" implies "`t` holds it".
//!
//! Shared (read-lock) holds are not guards: two readers hold a read lock together.
//!
//! Only the accesses of the operation a thread stands before at a scheduling point
//! get guards (the accesses the search sees as the transition's own); accesses made
//! inside an atomic library call keep none, which only loses independence.
//!
//! This module owns the candidate list of objects that may be locks (every object
//! whose monitor was entered, every synchronizer accessed) and the reading of the
//! guards; it must not decide scheduling points or visibility.

use std::cell::RefCell;

use rustc_hash::FxHashSet;

use crate::class::ClassId;
use crate::heap::Body;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Locks (their objects' stable ids) the accessing thread held exclusively during an
/// access; `0` is an empty slot. A thread holding more keeps the first three found:
/// fewer guards only mean fewer independent pairs.
pub type Guards = [u64; 3];

/// No lock held.
pub const NO_GUARDS: Guards = [0; 3];

/// What the guards of two occurrences of one access in a transition are: the locks
/// held at both.
pub(crate) fn meet(a: &Guards, b: &Guards) -> Guards {
    let mut out = NO_GUARDS;
    for (slot, &g) in out.iter_mut().zip(a.iter().filter(|&&g| g != 0 && b.contains(&g))) {
        *slot = g;
    }
    out
}

const UNKNOWN: u8 = 0;
const PLAIN: u8 = 1;
const SYNCHRONIZER: u8 = 2;

/// Objects that may be locks. Not state: a superset of the locks of every state
/// (never undone on backtracking; each entry is checked against the state when
/// read), with one entry per heap slot.
#[derive(Default)]
pub(crate) struct LockCandidates {
    objects: Vec<ObjRef>,
    slots: FxHashSet<u32>,
    /// per class id: whether it is an `AbstractOwnableSynchronizer`
    kinds: Vec<u8>,
    /// the slot of `AbstractOwnableSynchronizer.exclusiveOwnerThread`, once seen
    owner_slot: Option<usize>,
}

impl LockCandidates {
    fn add(&mut self, r: ObjRef) {
        if self.slots.insert(r.index() as u32) {
            self.objects.push(r);
        }
    }
}

impl Vm {
    fn lock_candidates(&self) -> Option<&RefCell<LockCandidates>> {
        self.check.as_ref().map(|c| &c.locks)
    }

    /// Notes that `obj`'s monitor was entered: it may be held later.
    pub(crate) fn remember_monitor(&self, obj: ObjRef) {
        if let Some(locks) = self.lock_candidates() {
            locks.borrow_mut().add(obj);
        }
    }

    /// Notes `obj` as a lock if it is a synchronizer (called for every shared access
    /// the policy classifies; a class is looked at once).
    pub(crate) fn remember_if_synchronizer(&self, obj: ObjRef) {
        let Some(locks) = self.lock_candidates() else { return };
        let class = self.heap.get(obj).class;
        let kind = locks.borrow().kinds.get(class.index()).copied().unwrap_or(UNKNOWN);
        let kind = if kind == UNKNOWN { self.classify_lock_class(class) } else { kind };
        if kind == SYNCHRONIZER {
            locks.borrow_mut().add(obj);
        }
    }

    fn classify_lock_class(&self, class: ClassId) -> u8 {
        let Some(locks) = self.lock_candidates() else { return PLAIN };
        let mut kind = PLAIN;
        let mut c = Some(class);
        while let Some(k) = c {
            let cls = self.class(k);
            if cls.name.as_ref() == "java/util/concurrent/locks/AbstractOwnableSynchronizer" {
                if let Ok(slot) = self.instance_slot(k, "exclusiveOwnerThread", "Ljava/lang/Thread;") {
                    locks.borrow_mut().owner_slot = Some(slot);
                    kind = SYNCHRONIZER;
                }
                break;
            }
            c = cls.super_class;
        }
        let mut l = locks.borrow_mut();
        if l.kinds.len() <= class.index() {
            l.kinds.resize(class.index() + 1, UNKNOWN);
        }
        l.kinds[class.index()] = kind;
        kind
    }

    /// The locks thread `tid` holds exclusively now (see the module docs).
    pub(crate) fn held_locks(&self, tid: u32) -> Guards {
        let mut out = NO_GUARDS;
        let Some(locks) = self.lock_candidates() else { return out };
        let locks = locks.borrow();
        let me = self.threads.get(tid as usize).and_then(|t| t.object);
        let mut n = 0;
        for &r in &locks.objects {
            if n == out.len() {
                break;
            }
            let Some(o) = self.heap.try_get(r) else { continue };
            let monitor = o.monitor.as_ref().is_some_and(|m| m.count > 0 && m.owner == tid);
            let owner = me.is_some()
                && locks.kinds.get(o.class.index()) == Some(&SYNCHRONIZER)
                && match (&o.body, locks.owner_slot) {
                    (Body::Fields(f), Some(slot)) => f.get(slot) == Some(&Value::Ref(me)),
                    _ => false,
                };
            if (monitor || owner) && !out.contains(&o.sid) {
                out[n] = o.sid;
                n += 1;
            }
        }
        out
    }

    /// Records the accesses of the operation thread `tid` stands before (its
    /// transition's own), guarded by the locks it holds.
    pub(crate) fn note_pending(&mut self, tid: u32) {
        let accesses = self.pending_accesses(tid);
        if accesses.is_empty() {
            return;
        }
        let guards = self.held_locks(tid);
        for a in accesses {
            // pseudo-locations (monitors, life cycles, off-heap blocks) are the
            // synchronisation itself: never guarded
            let g = if a.field < crate::check::AccessRecord::BLOCK { guards } else { NO_GUARDS };
            if let Some(chk) = self.check.as_mut() {
                chk.accesses.insert_guarded(a, g);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guards_meet() {
        let a = [5, 7, 0];
        let b = [7, 0, 0];
        assert_eq!(meet(&a, &b), [7, 0, 0]);
        assert_eq!(meet(&a, &NO_GUARDS), NO_GUARDS);
    }
}
