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
//! Shared holds count for reads: a `ReentrantReadWriteLock`'s read lock is held by
//! `t` when its sync's `firstReader` is `t`, or the sync's cached hold counter, or
//! `t`'s own (in its thread-local map, under the sync's `readHolds`), belongs to `t`
//! with a positive count. A read holding the read lock and a write holding the write
//! lock of one `ReentrantReadWriteLock` are never co-enabled either (the write lock
//! excludes readers), and two reads never conflict; so a read's guards are the locks
//! its thread holds exclusively or shared, a write's those it holds exclusively.
//!
//! The accesses of the operation a thread stands before at a scheduling point get
//! guards (the accesses the search sees as the transition's own), and so do the
//! accesses the locking discipline lets through without one (`lockset.rs`);
//! accesses made inside an atomic library call keep none, which only loses
//! independence.
//!
//! Reading a thread's exclusive holds walks the candidates, and a transition asks
//! for them at every access it notes; so they are kept per thread with the heap's
//! lock epoch ([`crate::heap::Heap::lock_epoch`]), which moves whenever a
//! synchronizer candidate (its slot marked watched) changes, a rollback restores a
//! marked slot, or the heap is collected, and are read again only then (or when the
//! candidates or the thread's object changed). A monitor changing hands changes
//! only the holds of the two threads it passes between
//! ([`Vm::monitor_changed_hands`]).
//! Read holds are read every time (they live in objects no candidate marks).
//!
//! This module owns the candidate list of objects that may be locks (every object
//! whose monitor was entered, every synchronizer accessed) and the reading of the
//! guards; it must not decide scheduling points or visibility.

use std::cell::RefCell;

use super::AccessRecord;
use crate::class::ClassId;
use crate::heap::{Body, LockMarks, Object};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Locks (their objects' stable ids) the accessing thread held exclusively during an
/// access; `0` is an empty slot. A thread holding more keeps the first three found:
/// fewer guards only mean fewer independent pairs.
pub type Guards = [u64; 3];

/// No lock held.
pub const NO_GUARDS: Guards = [0; 3];

/// Locks in either of two guard sets (as many as fit).
pub(crate) fn union(a: &Guards, b: &Guards) -> Guards {
    if *b == NO_GUARDS || a == b {
        return *a;
    }
    if *a == NO_GUARDS {
        return *b;
    }
    let mut out = *a;
    let mut n = out.iter().filter(|&&l| l != 0).count();
    for &l in b.iter().filter(|&&l| l != 0) {
        if n < out.len() && !out.contains(&l) {
            out[n] = l;
            n += 1;
        }
    }
    out
}

/// What the guards of two occurrences of one access in a transition are: the locks
/// held at both.
pub(crate) fn meet(a: &Guards, b: &Guards) -> Guards {
    if a == b {
        return *a;
    }
    if *a == NO_GUARDS || *b == NO_GUARDS {
        return NO_GUARDS;
    }
    let mut out = NO_GUARDS;
    for (slot, &g) in out.iter_mut().zip(a.iter().filter(|&&g| g != 0 && b.contains(&g))) {
        *slot = g;
    }
    out
}

const UNKNOWN: u8 = 0;
const PLAIN: u8 = 1;
const SYNCHRONIZER: u8 = 2;
/// the sync of a `ReentrantReadWriteLock` (a synchronizer with read holds)
const READ_WRITE: u8 = 3;

/// Field slots the read holds of a `ReentrantReadWriteLock` are read through.
#[derive(Clone, Copy, Debug)]
struct ReadHoldSlots {
    first_reader: usize,
    /// the hold counters' slots, once their classes are loaded (before, nobody but
    /// the first reader can hold a read lock)
    counters: Option<CounterSlots>,
}

/// Field slots of the read holds kept in hold counters.
#[derive(Clone, Copy, Debug)]
struct CounterSlots {
    cached: usize,
    read_holds: usize,
    count: usize,
    counter_tid: usize,
    thread_tid: usize,
    thread_locals: usize,
    table: usize,
    referent: usize,
    value: usize,
}

/// Objects that may be locks. Not state: a superset of the locks of every state
/// (never undone on backtracking; each entry is checked against the state when
/// read), with one entry per heap slot (marked in the heap:
/// [`crate::heap::Heap::mark_lock_slot`]).
#[derive(Default)]
pub(crate) struct LockCandidates {
    objects: Vec<ObjRef>,
    /// moves whenever what [`Vm::held_locks`] reads besides the heap changes: a
    /// candidate added, a class's kind found
    version: u64,
    /// by thread: the exclusive holds last read, and when (the heap's lock epoch,
    /// `version`, the thread's object then)
    exclusive: Vec<Option<HeldAt>>,
    /// per class id: whether it is an `AbstractOwnableSynchronizer`
    kinds: Vec<u8>,
    /// the slot of `AbstractOwnableSynchronizer.exclusiveOwnerThread`, once seen
    owner_slot: Option<usize>,
    /// see [`Vm::held_read_locks`]
    read_slots: Option<ReadHoldSlots>,
    /// whether some class was found to be a `ReentrantReadWriteLock`'s sync: until
    /// then no thread can hold a read lock
    read_write_seen: bool,
}

/// A thread's exclusive holds, as read at one moment.
#[derive(Clone, Copy, Debug)]
struct HeldAt {
    lock_epoch: u64,
    version: u64,
    thread: Option<ObjRef>,
    held: Guards,
}

impl Vm {
    fn lock_candidates(&self) -> Option<&RefCell<LockCandidates>> {
        self.check.as_ref().map(|c| &c.locks)
    }

    /// Notes that `obj`'s monitor was entered: it may be held later.
    pub(crate) fn remember_monitor(&self, obj: ObjRef) {
        if let Some(locks) = self.lock_candidates() {
            self.add_lock_candidate(locks, obj, LockMarks::CANDIDATE);
        }
    }

    /// Lists `obj` (once per slot) and marks its slot with `marks`: a synchronizer's
    /// fields say who holds it, so every change to it is watched; a monitor's changes
    /// move the heap's lock epoch anyway.
    fn add_lock_candidate(&self, locks: &RefCell<LockCandidates>, obj: ObjRef, marks: u8) {
        let bits = marks | LockMarks::CANDIDATE;
        let old = self.heap.mark_lock_slot(obj, bits);
        if old & bits != bits {
            let mut l = locks.borrow_mut();
            if old & LockMarks::CANDIDATE == 0 {
                l.objects.push(obj);
            }
            l.version += 1;
        }
    }

    /// Notes `obj` as a lock if it is a synchronizer (called for every shared access
    /// the policy classifies; a class is looked at once).
    pub(crate) fn remember_if_synchronizer(&self, obj: ObjRef) {
        let Some(locks) = self.lock_candidates() else { return };
        let class = self.heap.get(obj).class;
        let kind = locks.borrow().kinds.get(class.index()).copied().unwrap_or(UNKNOWN);
        let kind = if kind == UNKNOWN { self.classify_lock_class(class) } else { kind };
        if kind >= SYNCHRONIZER {
            self.add_lock_candidate(locks, obj, LockMarks::WATCHED);
        }
    }

    fn classify_lock_class(&self, class: ClassId) -> u8 {
        let Some(locks) = self.lock_candidates() else { return PLAIN };
        let mut kind = PLAIN;
        let mut c = Some(class);
        while let Some(k) = c {
            let cls = self.class(k);
            if cls.name.as_ref() == "java/util/concurrent/locks/ReentrantReadWriteLock$Sync" {
                kind = READ_WRITE;
            }
            if cls.name.as_ref() == "java/util/concurrent/locks/AbstractOwnableSynchronizer" {
                if let Ok(slot) = self.instance_slot(k, "exclusiveOwnerThread", "Ljava/lang/Thread;") {
                    locks.borrow_mut().owner_slot = Some(slot);
                    kind = kind.max(SYNCHRONIZER);
                }
                break;
            }
            c = cls.super_class;
        }
        let mut l = locks.borrow_mut();
        l.version += 1;
        l.read_write_seen |= kind == READ_WRITE;
        if l.kinds.len() <= class.index() {
            l.kinds.resize(class.index() + 1, UNKNOWN);
        }
        l.kinds[class.index()] = kind;
        kind
    }

    /// The locks thread `tid` holds now: exclusively, and shared (see the module
    /// docs).
    pub(crate) fn held(&self, tid: u32) -> (Guards, Guards) {
        (self.held_locks(tid), self.held_read_locks(tid))
    }

    /// The first [`Guards`]-full of lock candidates for which `holds` says yes.
    fn guards_where(&self, locks: &LockCandidates, mut holds: impl FnMut(ObjRef, &Object, u8) -> bool) -> Guards {
        let mut out = NO_GUARDS;
        let mut n = 0;
        for &r in &locks.objects {
            if n == out.len() {
                break;
            }
            let Some(o) = self.heap.try_get(r) else { continue };
            let kind = locks.kinds.get(o.class.index()).copied().unwrap_or(UNKNOWN);
            if holds(r, o, kind) && !out.contains(&o.sid) {
                out[n] = o.sid;
                n += 1;
            }
        }
        out
    }

    /// The locks thread `tid` holds exclusively now (see the module docs). Read
    /// again only when something they depend on may have changed: a candidate's
    /// object (the heap watches them), the candidates, the thread's object.
    pub(crate) fn held_locks(&self, tid: u32) -> Guards {
        let Some(cell) = self.lock_candidates() else { return NO_GUARDS };
        let me = self.threads.get(tid as usize).and_then(|t| t.object);
        let lock_epoch = self.heap.lock_epoch();
        let tracking = self.heap.tracking();
        let (held, version) = {
            let locks = cell.borrow();
            if let Some(Some(c)) = locks.exclusive.get(tid as usize).filter(|_| tracking) {
                if c.lock_epoch == lock_epoch && c.version == locks.version && c.thread == me {
                    debug_assert_eq!(c.held, self.read_held_locks(&locks, tid, me), "thread {tid}'s cached exclusive holds are stale");
                    return c.held;
                }
            }
            (self.read_held_locks(&locks, tid, me), locks.version)
        };
        if tracking {
            let mut l = cell.borrow_mut();
            if l.exclusive.len() <= tid as usize {
                l.exclusive.resize(tid as usize + 1, None);
            }
            l.exclusive[tid as usize] = Some(HeldAt { lock_epoch, version, thread: me, held });
        }
        held
    }

    /// The monitor of `obj` passed from `before` to `after` (either may be nobody):
    /// nobody else's holds changed, and theirs are updated where the candidates'
    /// order cannot matter — a thread holding nothing else takes it, or gives up the
    /// one lock it held — else read again when asked for.
    pub(crate) fn monitor_changed_hands(&self, obj: ObjRef, before: Option<u32>, after: Option<u32>) {
        let Some(cell) = self.lock_candidates() else { return };
        let lock = [self.heap.get(obj).sid, 0, 0];
        let mut locks = cell.borrow_mut();
        for (tid, (was, now)) in [(before, (lock, NO_GUARDS)), (after, (NO_GUARDS, lock))] {
            let Some(entry) = tid.and_then(|t| locks.exclusive.get_mut(t as usize)) else { continue };
            match entry {
                Some(c) if c.held == was => c.held = now,
                _ => *entry = None,
            }
        }
    }

    /// [`Vm::held_locks`], read from the state.
    fn read_held_locks(&self, locks: &LockCandidates, tid: u32, me: Option<ObjRef>) -> Guards {
        self.guards_where(locks, |_, o, kind| {
            let monitor = o.monitor.as_ref().is_some_and(|m| m.count > 0 && m.owner == tid);
            let owner = me.is_some()
                && kind >= SYNCHRONIZER
                && match (&o.body, locks.owner_slot) {
                    (Body::Fields(f), Some(slot)) => f.get(slot) == Some(&Value::Ref(me)),
                    _ => false,
                };
            monitor || owner
        })
    }

    /// The `ReentrantReadWriteLock`s whose read lock thread `tid` holds now (see the
    /// module docs; a hold this misses only costs independence).
    pub(crate) fn held_read_locks(&self, tid: u32) -> Guards {
        let Some(locks) = self.lock_candidates().filter(|l| l.borrow().read_write_seen) else { return NO_GUARDS };
        let Some(me) = self.threads.get(tid as usize).and_then(|t| t.object) else { return NO_GUARDS };
        let Some(slots) = self.read_hold_slots() else { return NO_GUARDS };
        let locks = locks.borrow();
        let field = |o: ObjRef, slot: usize| self.heap.field(o, slot);
        let my_tid = slots.counters.and_then(|s| field(me, s.thread_tid));
        // a hold counter of this thread with a positive count
        let counts = |s: &CounterSlots, counter: Option<Value>| match counter {
            Some(Value::Ref(Some(c))) => field(c, s.counter_tid) == my_tid && matches!(field(c, s.count), Some(Value::Int(k)) if k > 0),
            _ => false,
        };
        // the thread's own counter: its thread-local map's entry for `readHolds`
        let own = |s: &CounterSlots, sync: ObjRef| {
            let key = field(sync, s.read_holds).filter(|k| *k != Value::Ref(None));
            let table = match field(me, s.thread_locals) {
                Some(Value::Ref(Some(map))) => field(map, s.table),
                _ => None,
            };
            let Some(entries) = table.and_then(|t| t.as_ref().flatten()).and_then(|t| self.heap.array(t)) else { return false };
            key.is_some()
                && (0..entries.len()).any(|i| match entries.get(i) {
                    Some(Value::Ref(Some(e))) => field(e, s.referent) == key && counts(s, field(e, s.value)),
                    _ => false,
                })
        };
        self.guards_where(&locks, |r, _, kind| {
            kind == READ_WRITE
                && (field(r, slots.first_reader) == Some(Value::Ref(Some(me)))
                    || slots.counters.is_some_and(|s| counts(&s, field(r, s.cached)) || own(&s, r)))
        })
    }

    /// The slots [`Vm::held_read_locks`] reads (the counters' once their classes are
    /// loaded).
    fn read_hold_slots(&self) -> Option<ReadHoldSlots> {
        let locks = self.lock_candidates()?;
        if let Some(s) = locks.borrow().read_slots.filter(|s| s.counters.is_some()) {
            return Some(s);
        }
        let slot = |class: &str, name: &str, descriptor: &str| self.loaded_instance_slot(class, name, descriptor);
        let sync = "java/util/concurrent/locks/ReentrantReadWriteLock$Sync";
        let counter = "java/util/concurrent/locks/ReentrantReadWriteLock$Sync$HoldCounter";
        let counters = || {
            Some(CounterSlots {
                cached: slot(sync, "cachedHoldCounter", &format!("L{counter};"))?,
                read_holds: slot(sync, "readHolds", "Ljava/util/concurrent/locks/ReentrantReadWriteLock$Sync$ThreadLocalHoldCounter;")?,
                count: slot(counter, "count", "I")?,
                counter_tid: slot(counter, "tid", "J")?,
                thread_tid: slot("java/lang/Thread", "tid", "J")?,
                thread_locals: slot("java/lang/Thread", "threadLocals", "Ljava/lang/ThreadLocal$ThreadLocalMap;")?,
                table: slot("java/lang/ThreadLocal$ThreadLocalMap", "table", "[Ljava/lang/ThreadLocal$ThreadLocalMap$Entry;")?,
                referent: slot("java/lang/ref/Reference", "referent", "Ljava/lang/Object;")?,
                value: slot("java/lang/ThreadLocal$ThreadLocalMap$Entry", "value", "Ljava/lang/Object;")?,
            })
        };
        let s = ReadHoldSlots { first_reader: slot(sync, "firstReader", "Ljava/lang/Thread;")?, counters: counters() };
        locks.borrow_mut().read_slots = Some(s);
        Some(s)
    }

    /// Records the accesses of the operation thread `tid` stands before (its
    /// transition's own), guarded by the locks it holds.
    pub(crate) fn note_pending(&mut self, tid: u32) {
        self.with_access_buffer(|vm, accesses| {
            vm.pending_accesses_into(tid, accesses);
            vm.note_guarded(tid, accesses, None);
        });
    }

    /// Records accesses thread `tid` makes now in the transition's label — a read
    /// guarded by the locks its thread holds exclusively or shared, a write by those
    /// it holds exclusively (`held`, if the caller read them already: [`Vm::held`])
    /// — and counts them against the locking discipline.
    pub(crate) fn note_guarded(&mut self, tid: u32, accesses: &[AccessRecord], held: Option<(Guards, Guards)>) {
        if accesses.is_empty() {
            return;
        }
        // pseudo-locations (monitors, life cycles, off-heap blocks) are the
        // synchronisation itself: never guarded, so the locks are read only for a
        // real location (a thread's pending operation is mostly an acquire)
        let held = held.or_else(|| accesses.iter().any(|a| a.field < AccessRecord::BLOCK).then(|| self.held(tid)));
        self.lockset_observe(tid, accesses, held);
        self.probe_if_observed(tid, accesses);
        let (exclusive, shared) = held.unwrap_or((NO_GUARDS, NO_GUARDS));
        let Some(chk) = self.check.as_mut() else { return };
        for &a in accesses {
            let g = match (a.field < AccessRecord::BLOCK, a.write) {
                (false, _) => NO_GUARDS,
                (true, true) => exclusive,
                (true, false) => union(&exclusive, &shared),
            };
            chk.accesses.insert_guarded(a, g);
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

    #[test]
    fn union_keeps_each_lock_once() {
        assert_eq!(union(&[1, 2, 0], &[2, 3, 4]), [1, 2, 3]);
        assert_eq!(union(&NO_GUARDS, &[5, 0, 0]), [5, 0, 0]);
    }
}
