//! The locking discipline: shared data accesses that need no scheduling point
//! (issue 10, items 2 and 4; `docs/algorithms/lockset.md`).
//!
//! An access to a location that every thread touches only under a common lock — or
//! that no thread writes once it is shared — cannot race: no other thread can make a
//! conflicting access between the accessing thread's last scheduling point and the
//! access. Such an access is a both-mover in Lipton's sense, and the transition may
//! go on past it; the access stays in the transition's label, so partial-order
//! reduction still sees it. Stoller ("Model-checking multi-threaded distributed Java
//! programs", STTT 4(1), 2002) shows that a search that schedules only at
//! synchronisation is sound when the locking discipline holds, and that a violation
//! of the discipline, if there is one, is reached by that same reduced search.
//!
//! So jvmc *assumes* the discipline per **key** — a field of a class, the statics'
//! field of a class, or the elements of an array class — and *checks* it on every
//! access it executes, per location, Eraser-style: a location's candidate locks are
//! those held at every access (read locks count for reads), intersected over the
//! accesses. A location is **protected** while nobody has written it since it became
//! shared, or while only one thread touched it, or while some lock is held
//! exclusively at every write and at least shared at every access. Accesses are not
//! counted while their thread is the only one alive (nothing can run beside it), nor
//! before their object is shared (the policy makes them local anyway).
//!
//! When a location stops being protected, its key becomes **racy**: from then on its
//! writes and its reads made without a lock are scheduling points. A read made
//! holding a lock still goes through while the location's *locked reads* are
//! protected — some lock held exclusively at every write is held at every read made
//! under a lock — since only a write can conflict with a read (the validation reads
//! of an optimistic list, under the node locks its writers take). When that fails
//! too, the key is racy even for locked reads, and nothing of it goes through.
//!
//! If an access that a key becoming racy (or racy for locked reads) would have
//! stopped was let through in this search, the search explored too few
//! interleavings, and the vm asks for a restart ([`crate::VmError::Restart`]): the
//! caller runs the whole search again with what it learnt. Keys only ever become
//! racier, so restarts are bounded by twice the number of keys. Which accesses are
//! scheduling points is then a function of the racy sets alone (and of the locks a
//! thread holds, which is state), which a trace file records, so a counterexample
//! replays.
//!
//! **Trusted calls.** Under `--library atomic` a trusted call runs as one step
//! whose accesses are known only once it has run, so its call is a scheduling point.
//! Yet a call whose region touches only locations of keys that are not racy is made
//! of both-movers and needs none — an `AtomicReference` of a tree node that one
//! thread alone updates. The discipline assumes this per trusted method and checks it
//! on every access of a region it let through ([`Vm::check_merged_call`]): an access
//! to a racy key, or to a location the discipline cannot protect (a monitor, a
//! thread's life cycle, off-heap memory), makes the method's calls scheduling points
//! from then on, and the search restarts; the keys the region touched are relied on
//! like any let through. Such methods are listed with the racy keys
//! (`AtomicInteger.incrementAndGet()I (call scheduled)`), so a trace replays.
//!
//! A thread that runs [`super::LIBRARY_SLICE`] instructions in one transition past
//! accesses let through here stops at its next one (a spin on a flag nobody wrote
//! yet must let the writer run). Extra stops only add states.
//!
//! This module owns the discipline's bookkeeping (never undone on backtracking: it
//! is knowledge about the program, not state). Reading which locks a thread holds
//! is `guards.rs`'s; deciding the other scheduling points is `policy.rs`'s.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::policy::AccessClass;
use super::release::LockFamily;
use super::shared_lockset::SharedDiscipline;
use super::{guards, AccessRecord, Guards, NO_GUARDS};
use crate::class::{ClassId, InitState, MethodId};
use crate::thread::ThreadStatus;
use crate::value::ObjRef;
use crate::vm::Vm;

/// The unit the discipline is assumed for: a field of a class (the object's class
/// and the field's slot), a class's static field, or every element of an array class.
/// The class is named by its stable id, so a key means the same in every vm of a
/// parallel search (`shared_lockset.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Key {
    class: u64,
    statics: bool,
    field: u32,
}

#[cfg(test)]
impl Key {
    /// A key of a made-up class.
    pub(crate) fn for_tests(class: u64) -> Key {
        Key { class, statics: false, field: 0 }
    }
}

/// The suffix that names a trusted method whose calls are scheduled, among the racy
/// keys of reports and trace files.
pub(crate) const SCHEDULED_CALL: &str = " (call scheduled)";

/// The [`Key::field`] of array elements.
const ELEMENTS: u32 = u32::MAX;

/// What the accesses to one location so far had in common.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// the only thread that accessed it, or [`MANY`]
    pub(crate) thread: u32,
    /// locks held (exclusively or shared) at every access
    pub(crate) held: Guards,
    /// locks held exclusively at every write; `None` before the first write
    pub(crate) written: Option<Guards>,
    /// locks held (exclusively or shared) at every read made holding a lock; `None`
    /// before the first
    pub(crate) locked_reads: Option<Guards>,
}

/// [`Entry::thread`] of a location more than one thread accessed.
const MANY: u32 = u32::MAX;

impl Entry {
    /// What the accesses of both entries had in common.
    pub(crate) fn meet(&self, other: &Entry) -> Entry {
        let both = |a: Option<Guards>, b: Option<Guards>| match (a, b) {
            (Some(a), Some(b)) => Some(guards::meet(&a, &b)),
            (a, b) => a.or(b),
        };
        Entry {
            thread: if self.thread == other.thread { self.thread } else { MANY },
            held: guards::meet(&self.held, &other.held),
            written: both(self.written, other.written),
            locked_reads: both(self.locked_reads, other.locked_reads),
        }
    }

    /// No access to the location can race with another.
    pub(crate) fn protected(&self) -> bool {
        self.thread != MANY
            || match &self.written {
                None => true,
                Some(w) => w.iter().any(|&l| l != 0 && self.held.contains(&l)),
            }
    }

    /// No read made holding a lock can race with a write: some lock is held
    /// exclusively at every write and at every such read.
    fn locked_reads_protected(&self) -> bool {
        self.thread != MANY
            || match (&self.written, &self.locked_reads) {
                (Some(w), Some(r)) => w.iter().any(|&l| l != 0 && r.contains(&l)),
                _ => true,
            }
    }
}

/// The suffix of a key's name when even its reads under a lock are scheduling points.
pub(crate) const LOCKED_TOO: &str = " (locked reads too)";

/// The discipline's knowledge (see the module docs). Not state.
#[derive(Default)]
pub(crate) struct Lockset {
    /// off: every shared access is a scheduling point (`--lockset off`)
    pub(crate) enabled: bool,
    /// keys some of whose accesses race: only their reads made holding a lock go through
    racy: FxHashSet<Key>,
    /// racy keys whose reads under a lock race too: nothing goes through
    racy_locked: FxHashSet<Key>,
    /// keys let through (any access) in the running search
    relied: FxHashSet<Key>,
    /// trusted methods (by stable id) one of whose calls touched a racy key or a
    /// location the discipline cannot protect: their calls are scheduling points
    unmerged: FxHashSet<u64>,
    /// racy keys whose reads under a lock were let through in the running search
    relied_locked: FxHashSet<Key>,
    entries: FxHashMap<(u64, u32), Entry>,
    /// names of keys known to be racy before the search (a trace file's)
    preset: FxHashSet<String>,
    /// keys already compared with `preset`
    named: FxHashSet<Key>,
    /// lock families some thread probed: their releases are scheduling points, and
    /// their acquires open no merged transition (`release.rs`)
    probed: FxHashSet<LockFamily>,
    /// lock families whose releases, or accesses after whose acquires, were let
    /// through in the running search
    relied_unprobed: FxHashSet<LockFamily>,
    /// a key let through became racy, or a family the search relied on being
    /// unprobed was probed: the search must start again
    pub(crate) broken: bool,
    /// the pool of a parallel search's vms, and its epoch when this copy last
    /// pulled from it (`shared_lockset.rs`)
    shared: Option<(Arc<SharedDiscipline>, u64)>,
    /// accesses counted already, by a hash ([`Observation`])
    observed: Vec<Option<Observation>>,
}

/// An access of a thread holding given locks, counted against the discipline:
/// counting it again changes nothing (a location's entry meets the same access
/// again; keys only become racier), so [`Vm::lockset_observe`] skips it. Kept in a
/// table of [`Lockset::OBSERVED`] slots, the latest of each slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Observation {
    tid: u32,
    access: AccessRecord,
    exclusive: Guards,
    shared: Guards,
}

impl Observation {
    fn slot(&self) -> usize {
        let mut h = rustc_hash::FxHasher::default();
        std::hash::Hash::hash(&(self.tid, self.access, self.exclusive[0], self.shared[0]), &mut h);
        std::hash::Hasher::finish(&h) as usize % Lockset::OBSERVED
    }
}

impl Lockset {
    /// Slots of the table of accesses counted already.
    const OBSERVED: usize = 1024;

    /// Whether `o` was counted already (as far as the table remembers).
    fn observed(&self, o: &Observation) -> bool {
        self.observed.get(o.slot()).is_some_and(|s| s.as_ref() == Some(o))
    }

    /// `o` has been counted.
    fn remember_observed(&mut self, o: Observation) {
        if self.observed.is_empty() {
            self.observed = vec![None; Self::OBSERVED];
        }
        let slot = o.slot();
        self.observed[slot] = Some(o);
    }

    /// A discipline that assumes nothing is racy yet (`enabled`), or lets nothing
    /// through.
    pub(crate) fn new(enabled: bool) -> Lockset {
        Lockset { enabled, ..Default::default() }
    }

    /// A probe of a lock of `family` (`release.rs`): its releases stop from now on,
    /// and so do the accesses after its acquires.
    pub(crate) fn probe(&mut self, family: LockFamily) {
        if self.probed.insert(family) {
            if self.relied_unprobed.contains(&family) {
                self.broken = true;
            }
            if let Some((pool, _)) = &self.shared {
                pool.probe(family);
            }
        }
    }

    /// Whether a release of a lock of `family`, or the first access after an acquire
    /// of one, may go through (nobody probed the family); if so the running search
    /// relies on it.
    pub(crate) fn rely_on_unprobed(&mut self, family: LockFamily) -> bool {
        if self.probed.contains(&family) {
            return false;
        }
        if self.relied_unprobed.insert(family) {
            if let Some((pool, _)) = &self.shared {
                pool.rely_on_unprobed(family);
            }
        }
        true
    }

    /// Lets `key` through: the running search relies on it (`locked`: a read under a
    /// lock of a racy key).
    fn rely(&mut self, key: Key, locked: bool) {
        let new = if locked { self.relied_locked.insert(key) } else { self.relied.insert(key) };
        if let (true, Some((pool, _))) = (new, &self.shared) {
            pool.rely(key, locked);
        }
    }

    /// `key`, called `name()`, is racy (`locked_too`: its reads under a lock as
    /// well); breaks the search if it relied on the key.
    fn make_racy(&mut self, key: Key, locked_too: bool, name: impl FnOnce() -> String) {
        let mut racier = false;
        if self.racy.insert(key) {
            racier = true;
            self.broken |= self.relied.contains(&key);
        }
        if locked_too && self.racy_locked.insert(key) {
            racier = true;
            self.broken |= self.relied.contains(&key) || self.relied_locked.contains(&key);
        }
        if let (true, Some((pool, _))) = (racier, &self.shared) {
            pool.make_racy(key, locked_too, name);
        }
    }

    /// Brings this copy up to date with the pool of a parallel search, if it moved.
    fn pull(&mut self) {
        let Some((pool, pulled)) = &self.shared else { return };
        let epoch = pool.epoch();
        if epoch == *pulled {
            return;
        }
        let pool = pool.clone();
        pool.pull(|p| {
            self.racy.extend(p.racy.iter().copied());
            self.racy_locked.extend(p.racy_locked.iter().copied());
            self.unmerged.extend(p.unmerged.iter().copied());
            self.probed.extend(p.probed.iter().copied());
        });
        self.shared = Some((pool, epoch));
    }
}

impl Vm {
    pub(super) fn lockset(&self) -> Option<&std::cell::RefCell<Lockset>> {
        self.check.as_ref().map(|c| &c.lockset).filter(|l| l.borrow().enabled)
    }

    /// Whether `a` is to a location the discipline has no key for: outside the Java
    /// heap, or a pseudo-location (monitor, life cycle, off-heap block).
    fn keyless(a: &AccessRecord) -> bool {
        a.owner == AccessRecord::NO_OWNER || a.field >= AccessRecord::BLOCK
    }

    fn key_of(&self, a: &AccessRecord) -> Option<Key> {
        if Self::keyless(a) {
            return None;
        }
        let statics = a.owner & AccessRecord::STATICS != 0;
        let class = self.class(ClassId(a.owner & !AccessRecord::STATICS));
        let is_array = !statics && class.is_array();
        Some(Key { class: class.stable, statics, field: if is_array { ELEMENTS } else { a.field } })
    }

    /// Whether the data access `a` of thread `tid`, `ran` instructions into its
    /// transition, needs no scheduling point: its key is not racy, or it is a read
    /// made holding a lock and the key's locked reads are not racy. What it relied on
    /// becoming racy restarts the search. The locks the thread holds, if it had to
    /// read them, are left in `held`.
    pub(crate) fn lockset_lets_through(&self, tid: u32, a: &AccessRecord, ran: u64, held: &mut Option<(Guards, Guards)>) -> bool {
        if ran >= super::LIBRARY_SLICE {
            return false;
        }
        let (Some(ls), Some(key)) = (self.lockset(), self.key_of(a)) else { return false };
        let mut ls = ls.borrow_mut();
        ls.pull();
        if !ls.preset.is_empty() && ls.named.insert(key) {
            let name = self.key_name(key);
            if ls.preset.contains(&name) {
                ls.racy.insert(key);
            }
            if ls.preset.contains(&(name + LOCKED_TOO)) {
                ls.racy.insert(key);
                ls.racy_locked.insert(key);
            }
        }
        if !ls.racy.contains(&key) {
            ls.rely(key, false);
            return true;
        }
        if a.write || ls.racy_locked.contains(&key) || *held.get_or_insert_with(|| self.held(tid)) == (NO_GUARDS, NO_GUARDS) {
            return false;
        }
        ls.rely(key, true);
        true
    }

    /// Counts the accesses `accesses` thread `tid` makes now against the discipline.
    /// `held`: the locks it holds exclusively and shared, if the caller has them
    /// (else they are read when needed).
    pub(crate) fn lockset_observe(&self, tid: u32, accesses: &[AccessRecord], mut held: Option<(Guards, Guards)>) {
        let Some(ls) = self.lockset() else { return };
        if self.threads.iter().enumerate().all(|(i, t)| i == tid as usize || t.status == ThreadStatus::Terminated) {
            // nothing can run beside it
            return;
        }
        for a in accesses {
            // a static of a class this thread is initialising is not counted, while
            // that lasts: state, so such an access is not remembered as counted
            if Self::keyless(a) || self.initialising_statics(tid, a) {
                continue;
            }
            let (exclusive, shared) = *held.get_or_insert_with(|| self.held(tid));
            let seen = Observation { tid, access: *a, exclusive, shared };
            if ls.borrow().observed(&seen) {
                continue;
            }
            ls.borrow_mut().remember_observed(seen);
            let locks = if a.write { exclusive } else { guards::union(&exclusive, &shared) };
            let access = Entry {
                thread: tid,
                held: locks,
                written: a.write.then_some(exclusive),
                locked_reads: (!a.write && locks != NO_GUARDS).then_some(locks),
            };
            let location = (a.object, a.field);
            let old = ls.borrow().entries.get(&location).copied();
            if old.is_some_and(|e| e.meet(&access) == e) {
                // nothing new (the common case, looked at first)
                continue;
            }
            let Some(key) = self.key_of(a) else { continue };
            if ls.borrow().racy_locked.contains(&key) {
                continue;
            }
            let mut ls = ls.borrow_mut();
            let mut entry = old.map_or(access, |e| e.meet(&access));
            if let Some((pool, _)) = &ls.shared {
                entry = pool.meet_entry(location, entry);
            }
            ls.entries.insert(location, entry);
            let name = || self.key_name(key);
            if !entry.locked_reads_protected() {
                ls.make_racy(key, true, name);
            } else if !entry.protected() {
                ls.make_racy(key, false, name);
            }
        }
    }

    /// Counts writes the vm makes itself (not through an instruction the policy
    /// classifies) to fields `slots` of `obj`, on behalf of thread `tid`: a thread's
    /// `eetop` and `threadStatus` at start and exit, a reference cleared.
    pub(crate) fn lockset_observe_vm_writes<const N: usize>(&self, tid: u32, obj: ObjRef, slots: [usize; N]) {
        if self.lockset().is_none() || !self.heap.get(obj).has(crate::heap::SHARED) {
            return;
        }
        let writes = slots.map(|s| self.access_record(obj, s as u32, true, AccessClass::Data));
        self.lockset_observe(tid, &writes, None);
    }

    /// Whether `a` accesses a static of a class thread `tid` is initialising: every
    /// other thread's access to it waits for the initialisation to end (JVMS §5.5),
    /// so it cannot race with these.
    fn initialising_statics(&self, tid: u32, a: &AccessRecord) -> bool {
        a.owner & AccessRecord::STATICS != 0
            && matches!(self.class_states[(a.owner & !AccessRecord::STATICS) as usize].init, InitState::InProgress(t) if t == tid)
    }

    /// `Class.field`, `Class.field (static)` or `[LClass; elements`, for reports and
    /// trace files.
    fn key_name(&self, key: Key) -> String {
        let Some(&class) = self.class_by_stable.get(&key.class) else { return format!("class#{:x}.#{}", key.class, key.field) };
        let statics = key.statics;
        if key.field == ELEMENTS {
            return format!("{} elements", self.class(class).java_name());
        }
        let mut c = Some(class);
        while let Some(k) = c {
            let cls = self.class(k);
            if let Some(f) = cls.fields.iter().find(|f| f.is_static() == statics && f.slot == key.field) {
                return format!("{}.{}{}", cls.java_name(), f.name, if statics { " (static)" } else { "" });
            }
            c = if statics { None } else { cls.super_class };
        }
        format!("{}.#{}", self.class(class).java_name(), key.field)
    }

    /// The keys found racy so far (sorted names; see the module docs), with the
    /// probed lock families and the trusted methods whose calls are scheduled.
    pub fn racy_keys(&self) -> Vec<String> {
        let Some(ls) = self.lockset() else { return Vec::new() };
        let ls = ls.borrow();
        let name = |k: &Key| if ls.racy_locked.contains(k) { self.key_name(*k) + LOCKED_TOO } else { self.key_name(*k) };
        let probed = ls.probed.iter().map(|f| f.probed_name().to_string());
        let scheduled = ls.unmerged.iter().filter_map(|&m| self.method_by_stable.get(&(m & crate::class::BACKTRACE_METHOD_MASK))).map(|&m| self.method_display(m) + SCHEDULED_CALL);
        let mut names: Vec<String> = ls.racy.iter().map(name).chain(probed).chain(scheduled).chain(ls.preset.iter().cloned()).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Treats the keys named `names` (as [`Vm::racy_keys`] gives them) as racy from
    /// the start: a trace file's, so that its schedule replays.
    pub fn preset_racy_keys(&mut self, names: &[String]) {
        if let Some(ls) = self.lockset() {
            let mut ls = ls.borrow_mut();
            ls.preset.extend(names.iter().cloned());
            ls.named.clear();
            for family in LockFamily::ALL {
                if names.iter().any(|n| n == family.probed_name()) {
                    ls.probed.insert(family);
                }
            }
        }
    }

    /// Whether the trusted call of `m`, `ran` instructions into the transition, may
    /// run without a scheduling point before it (module docs, "Trusted calls"); if so
    /// the transition checks what the call's region touches. A call that takes or
    /// releases a lock keeps the rules of `release.rs`.
    pub(crate) fn call_lets_through(&mut self, m: MethodId, ran: u64) -> bool {
        if ran >= super::LIBRARY_SLICE || self.lock_call(m).is_some() {
            return false;
        }
        let Some(ls) = self.lockset() else { return false };
        {
            let mut ls = ls.borrow_mut();
            ls.pull();
            let stable = self.method(m).stable;
            if ls.unmerged.contains(&stable) {
                return false;
            }
            if !ls.preset.is_empty() && ls.preset.contains(&(self.method_display(m) + SCHEDULED_CALL)) {
                ls.unmerged.insert(stable);
                return false;
            }
        }
        if let Some(chk) = self.check.as_mut() {
            chk.merged_call = Some(m);
        }
        true
    }

    /// Checks accesses that the region of a trusted call let through without a
    /// scheduling point made (after they were counted): each must be to a key that
    /// is not racy, which the search then relies on; otherwise the call needed its
    /// scheduling point, gets it from now on, and the search starts again.
    pub(crate) fn check_merged_call(&self, accesses: &[AccessRecord]) {
        let (Some(m), Some(ls)) = (self.check.as_ref().and_then(|c| c.merged_call), self.lockset()) else { return };
        let mut ls = ls.borrow_mut();
        for a in accesses {
            match self.key_of(a) {
                Some(key) if !ls.racy.contains(&key) => {
                    ls.rely(key, false);
                }
                _ => {
                    let stable = self.method(m).stable;
                    if ls.unmerged.insert(stable) {
                        ls.broken = true;
                        if let Some((pool, _)) = &ls.shared {
                            pool.unmerge(stable, || self.method_display(m));
                        }
                    }
                }
            }
        }
    }

    /// Prepares a new search over the same program: nothing is relied on yet.
    pub fn begin_search(&mut self) {
        if let Some(ls) = self.lockset() {
            let mut ls = ls.borrow_mut();
            ls.relied.clear();
            ls.relied_locked.clear();
            ls.relied_unprobed.clear();
            ls.broken = false;
        }
    }

    /// Whether a key the search relied on became racy (see the module docs), here or,
    /// in a parallel search, in another worker's vm.
    pub(crate) fn lockset_broken(&self) -> bool {
        self.lockset().is_some_and(|ls| {
            let ls = ls.borrow();
            ls.broken || ls.shared.as_ref().is_some_and(|(pool, _)| pool.broken())
        })
    }

    /// Makes this vm one worker of a parallel search: its discipline pools what it
    /// learns with the other workers' vms through `pool` (`shared_lockset.rs`), and
    /// starts from what the pool knows.
    pub fn share_lockset(&mut self, pool: Arc<SharedDiscipline>) {
        if let Some(ls) = self.lockset() {
            let mut ls = ls.borrow_mut();
            ls.shared = Some((pool, u64::MAX));
            ls.pull();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_is_protected_by_a_lock_held_at_every_write_and_access() {
        let shared = |held, written| Entry { thread: MANY, held, written, locked_reads: None };
        assert!(shared(NO_GUARDS, None).protected(), "read only: nothing to race with");
        assert!(shared([7, 0, 0], Some([7, 9, 0])).protected());
        assert!(!shared(NO_GUARDS, Some([7, 0, 0])).protected(), "a read without the lock races with the writes");
        assert!(!shared([9, 0, 0], Some([7, 0, 0])).protected());
        let own = Entry { thread: 2, held: NO_GUARDS, written: Some(NO_GUARDS), locked_reads: None };
        assert!(own.protected(), "one thread's location: no other access to race with");
    }

    #[test]
    fn locked_reads_are_protected_by_a_lock_held_at_every_write() {
        // written under lock 7, read under 7 and also without a lock: the unlocked
        // reads race, the locked ones do not
        let optimistic = Entry { thread: MANY, held: NO_GUARDS, written: Some([7, 0, 0]), locked_reads: Some([7, 3, 0]) };
        assert!(!optimistic.protected());
        assert!(optimistic.locked_reads_protected());
        let other_lock = Entry { locked_reads: Some([3, 0, 0]), ..optimistic };
        assert!(!other_lock.locked_reads_protected());
        let unlocked_writes = Entry { written: Some(NO_GUARDS), ..optimistic };
        assert!(!unlocked_writes.locked_reads_protected());
    }
}
