//! The locking discipline's knowledge shared by the vms of a parallel search
//! (`jvmc check --workers N`; `docs/algorithms/parallel.md`).
//!
//! Each worker of a parallel search runs its own vm, and each vm counts the accesses
//! it executes against the discipline (`lockset.rs`). The accesses that break the
//! discipline at a location may be spread over two workers' paths, so what the vms
//! learn must be pooled, or neither would see the race. [`SharedDiscipline`] is that
//! pool. It holds, under one mutex, everything `lockset.rs` knows that is not local
//! to a vm — which keys are racy, what every location's accesses had in common,
//! which keys and lock families the running search relied on — by names that mean
//! the same thing in every vm (stable class and method ids, stable object ids).
//!
//! Each vm keeps its own copy as a cache, for the hot path (one check per access):
//! - what it learns it publishes at once (a location's entry when the vm's own copy
//!   changes; a key becoming racy; a key, family or trusted method relied on for the
//!   first time in this vm);
//! - what others learnt it pulls when [`SharedDiscipline::epoch`] moved, at most once
//!   per transition;
//! - a copy that is stale can only let through an access that the pool already knows
//!   should stop. That is caught where it is published: relying on a key the pool
//!   knows is racy breaks the search, as does a key becoming racy that some vm relied
//!   on. A broken search restarts (`VmError::Restart`) in every worker.
//!
//! An entry's copy in a vm is the meet of accesses that vm executed and of earlier
//! pooled entries, so it is never below the pooled one: an access that leaves the
//! copy unchanged leaves the pooled entry unchanged too, and need not be published.
//!
//! This module owns the pool and its rules; it does not decide scheduling points
//! (that stays `lockset.rs`'s, from its cache).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rustc_hash::{FxHashMap, FxHashSet};

use super::lockset::{Entry, Key, LOCKED_TOO, SCHEDULED_CALL};
use super::release::LockFamily;

/// The discipline's knowledge pooled by the vms of one parallel search (module
/// docs). Create one per `jvmc check` run and hand it to every worker's vm with
/// [`crate::Vm::share_lockset`]; it outlives restarts.
#[derive(Default)]
pub struct SharedDiscipline {
    pool: Mutex<Pool>,
    /// moves whenever a key, a lock family or a trusted method becomes racier
    epoch: AtomicU64,
    /// a key (family, method) some vm relied on in the running search became racy
    broken: AtomicBool,
}

/// What the vms learnt (see [`SharedDiscipline`]).
#[derive(Default)]
pub(crate) struct Pool {
    pub(crate) racy: FxHashSet<Key>,
    pub(crate) racy_locked: FxHashSet<Key>,
    /// trusted methods (stable ids) whose calls are scheduled
    pub(crate) unmerged: FxHashSet<u64>,
    pub(crate) probed: FxHashSet<LockFamily>,
    relied: FxHashSet<Key>,
    relied_locked: FxHashSet<Key>,
    relied_unprobed: FxHashSet<LockFamily>,
    entries: FxHashMap<(u64, u32), Entry>,
    /// what reports and trace files call the racy keys and the scheduled methods
    /// (named by the vm that found them: another may not have loaded the class)
    names: FxHashMap<Key, String>,
    method_names: FxHashMap<u64, String>,
}

impl SharedDiscipline {
    /// An empty pool.
    pub fn new() -> SharedDiscipline {
        SharedDiscipline::default()
    }

    fn pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn racier(&self) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
    }

    fn breaks(&self) {
        self.broken.store(true, Ordering::Release);
    }

    /// How often the pool became racier; a vm whose copy is older pulls.
    pub(crate) fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::Acquire)
    }

    /// Whether the running search must start again (module docs).
    pub fn broken(&self) -> bool {
        self.broken.load(Ordering::Acquire)
    }

    /// Prepares the next search over the same program: nothing relied on, not broken.
    /// Call it between searches, while no worker runs.
    pub fn begin_search(&self) {
        let mut p = self.pool();
        p.relied.clear();
        p.relied_locked.clear();
        p.relied_unprobed.clear();
        self.broken.store(false, Ordering::Release);
    }

    /// Copies what the pool knows into a vm's cache: `f` sees the pool.
    pub(crate) fn pull<R>(&self, f: impl FnOnce(&Pool) -> R) -> R {
        f(&self.pool())
    }

    /// The names of the racy keys, probed lock families and scheduled trusted
    /// methods, sorted, as [`crate::Vm::racy_keys`] gives a single vm's (what a trace
    /// file records, so that its schedule replays).
    pub fn racy_names(&self) -> Vec<String> {
        let p = self.pool();
        let key = |k: &Key| {
            let name = p.names.get(k).cloned().unwrap_or_default();
            if p.racy_locked.contains(k) { name + LOCKED_TOO } else { name }
        };
        let probed = p.probed.iter().map(|f| f.probed_name().to_string());
        let scheduled = p.unmerged.iter().filter_map(|m| p.method_names.get(m)).map(|m| format!("{m}{SCHEDULED_CALL}"));
        let mut names: Vec<String> = p.racy.iter().map(key).chain(probed).chain(scheduled).collect();
        names.sort();
        names.dedup();
        names
    }

    /// Meets the pooled entry of `location` with `copy` (a vm's, after it changed);
    /// the result, which the vm keeps as its copy.
    pub(crate) fn meet_entry(&self, location: (u64, u32), copy: Entry) -> Entry {
        let mut p = self.pool();
        let e = p.entries.entry(location).or_insert(copy);
        *e = e.meet(&copy);
        *e
    }

    /// `key`, called `name()`, is racy (`locked_too`: for reads under a lock as
    /// well).
    pub(crate) fn make_racy(&self, key: Key, locked_too: bool, name: impl FnOnce() -> String) {
        let mut p = self.pool();
        p.names.entry(key).or_insert_with(name);
        let mut racier = p.racy.insert(key);
        let mut broken = racier && p.relied.contains(&key);
        if locked_too && p.racy_locked.insert(key) {
            racier = true;
            broken |= p.relied.contains(&key) || p.relied_locked.contains(&key);
        }
        drop(p);
        if racier {
            self.racier();
        }
        if broken {
            self.breaks();
        }
    }

    /// A vm let an access of `key` through (`locked`: a read under a lock of a racy
    /// key) for the first time in this search.
    pub(crate) fn rely(&self, key: Key, locked: bool) {
        let mut p = self.pool();
        let broken = if locked {
            p.relied_locked.insert(key);
            p.racy_locked.contains(&key)
        } else {
            p.relied.insert(key);
            p.racy.contains(&key)
        };
        drop(p);
        if broken {
            self.breaks();
        }
    }

    /// A thread probed a lock of `family`.
    pub(crate) fn probe(&self, family: LockFamily) {
        let mut p = self.pool();
        let racier = p.probed.insert(family);
        let broken = racier && p.relied_unprobed.contains(&family);
        drop(p);
        if racier {
            self.racier();
        }
        if broken {
            self.breaks();
        }
    }

    /// A vm relied on nobody probing `family` for the first time in this search.
    pub(crate) fn rely_on_unprobed(&self, family: LockFamily) {
        let mut p = self.pool();
        p.relied_unprobed.insert(family);
        let broken = p.probed.contains(&family);
        drop(p);
        if broken {
            self.breaks();
        }
    }

    /// A region of the trusted method `method` (stable id) that was let through
    /// touched what the discipline cannot protect: its calls are scheduled from now
    /// on, and the search, which let one through, is broken.
    pub(crate) fn unmerge(&self, method: u64, name: impl FnOnce() -> String) {
        let mut p = self.pool();
        p.method_names.entry(method).or_insert_with(name);
        let racier = p.unmerged.insert(method);
        drop(p);
        if racier {
            self.racier();
        }
        self.breaks();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::NO_GUARDS;

    fn key(n: u64) -> Key {
        Key::for_tests(n)
    }

    #[test]
    fn a_key_relied_on_in_one_vm_and_found_racy_in_another_breaks_the_search() {
        let pool = SharedDiscipline::new();
        pool.rely(key(1), false);
        assert!(!pool.broken());
        let before = pool.epoch();
        pool.make_racy(key(2), false, String::new);
        assert!(pool.epoch() > before, "others must pull");
        assert!(!pool.broken(), "nobody relied on key 2");
        pool.make_racy(key(1), false, String::new);
        assert!(pool.broken());
        pool.begin_search();
        assert!(!pool.broken());
        pool.rely(key(1), false);
        assert!(pool.broken(), "relying on a key already known racy (a stale copy) breaks too");
    }

    #[test]
    fn locked_reads_break_only_when_racy_for_them_too() {
        let pool = SharedDiscipline::new();
        pool.make_racy(key(3), false, || "C.f".into());
        pool.rely(key(3), true);
        assert!(!pool.broken(), "a locked read of a key whose locked reads are protected");
        pool.make_racy(key(3), true, String::new);
        assert_eq!(pool.racy_names(), [format!("C.f{LOCKED_TOO}")]);
        assert!(pool.broken());
    }

    #[test]
    fn entries_meet_across_vms() {
        let pool = SharedDiscipline::new();
        let a = Entry { thread: 1, held: [7, 0, 0], written: Some([7, 0, 0]), locked_reads: None };
        let b = Entry { thread: 2, held: NO_GUARDS, written: None, locked_reads: None };
        assert!(pool.meet_entry((5, 0), a).protected());
        let both = pool.meet_entry((5, 0), b);
        assert!(!both.protected(), "written under lock 7 by one thread, read without it by another");
    }

    #[test]
    fn probes_and_unmerged_methods() {
        let pool = SharedDiscipline::new();
        pool.rely_on_unprobed(LockFamily::ALL[0]);
        pool.probe(LockFamily::ALL[0]);
        assert!(pool.broken());
        pool.begin_search();
        pool.unmerge(42, || "A.m()V".into());
        assert!(pool.broken() && pool.pull(|p| p.unmerged.contains(&42)));
        assert!(pool.racy_names().contains(&format!("A.m()V{SCHEDULED_CALL}")));
    }
}
