//! A trusted lock acquire that would block waits before its call (issue 10;
//! `docs/algorithms/lockset.md`, "Waiting acquires").
//!
//! Under `--library atomic` a call of `ReentrantLock.lock()` (or of a read-write
//! lock's read or write lock) from user code is one step. When another thread holds
//! the lock, that step runs the JDK's slow path: it creates a queue node, links it
//! into the synchronizer's wait queue, and parks; the holder's `unlock` later finds
//! the node and unparks it, and the woken thread makes its node the queue's new head.
//! Each of those is state: the queue's nodes, the parked thread, and — after the
//! hand-off — a head node that a lock nobody ever waited for does not have. States
//! that differ only there multiply (a lazy list of four node locks: 320,681 states
//! at 3 threads × 3 calls against 27,751 for the same list on monitors).
//!
//! A thread that would queue is instead *not enabled* until the lock is free (or
//! its own): it stands before its call, as a thread before a contended
//! `monitorenter` does. This loses no behaviour and adds none:
//! - every run of the model is a run of the JDK in which the waiting thread called
//!   `lock()` only when it went on to take the lock: the waiting thread does nothing
//!   while it waits, so making its call later changes nothing any thread sees —
//!   except through a method that reports queued threads (`hasQueuedThreads`,
//!   `getQueueLength`, ...), which is a *probe* (`release.rs`): a probed family
//!   gets no waiting, and a probe after the search relied on it restarts the search;
//! - every run of the JDK in which a thread queued and later took the lock has such
//!   a run beside it (the same steps, the call made at the hand-off). A non-fair
//!   lock hands over to its first queued thread, where the model lets any waiting
//!   thread have the lock; each of those orders is a JDK run in which the others
//!   called later. When the call does run, it runs the JDK's own code, so a fair
//!   lock, a reader behind a queued writer, or a lock some thread does queue for
//!   (a `Condition.await` re-acquiring) behave as the JDK does.
//!
//! `lockInterruptibly()` of an interrupted thread is enabled: the call throws.
//! A thread that waits forever is reported blocked, so a deadlock of such locks is a
//! deadlock of the model. The waiting thread's pending access is a write of the
//! synchronizer's `state`, which the holder's release writes: partial-order
//! reduction sees the release enable it, as it sees `monitorexit` enable a thread
//! before `monitorenter`.
//!
//! This module owns the decision and the slots it reads; `transition.rs` asks it
//! whether a thread is enabled, `describe.rs` how to report one that waits.

use rustc_hash::FxHashMap;

use super::policy::{AccessClass, Op};
use super::release::{LockCall, LockFamily};
use super::AccessRecord;
use crate::class::MethodId;
use crate::thread::ThreadStatus;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Field slots a waiting acquire reads (not state: fixed by the loaded classes).
#[derive(Default)]
pub(crate) struct LockWordSlots {
    /// per trusted method called: what an acquire through it reads, or `None` if it
    /// is no acquire of a lock family
    acquires: FxHashMap<MethodId, Option<AcquireSlots>>,
    /// `AbstractQueuedSynchronizer.state` and
    /// `AbstractOwnableSynchronizer.exclusiveOwnerThread`, once found
    words: Option<(usize, usize)>,
}

#[derive(Clone, Copy, Debug)]
struct AcquireSlots {
    /// the slot of the receiver's `sync` (the synchronizer)
    sync: usize,
    /// a read lock: only an exclusive hold makes it wait
    shared: bool,
    /// `lockInterruptibly`
    interruptible: bool,
    family: LockFamily,
}

/// A trusted acquire a thread stands before.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PendingAcquire {
    /// the lock object the call is made on
    pub(crate) lock: ObjRef,
    /// the synchronizer it takes
    pub(crate) sync: ObjRef,
    /// the slot of the synchronizer's `state`
    state_slot: usize,
    /// another thread holds the lock: the call would queue and park
    held_elsewhere: bool,
    interruptible: bool,
    family: LockFamily,
}

impl Vm {
    /// The trusted lock acquire thread `tid` stands before, if any (only under the
    /// locking discipline, which watches for probes).
    fn pending_acquire(&self, tid: u32) -> Option<PendingAcquire> {
        let t = self.threads.get(tid as usize)?;
        let Some(Op::Library { call }) = t.pending else { return None };
        if t.status != ThreadStatus::Runnable || t.blocked.is_some() {
            return None;
        }
        self.lockset()?;
        let slots = self.acquire_slots(call)?;
        let (state_slot, owner_slot) = self.lock_word_slots()?;
        // `lock()` and `lockInterruptibly()` take no arguments: the receiver is on top
        let receiver = Self::stack_ref(&t.stack, 0)?;
        let Some(Value::Ref(Some(sync))) = self.heap.field(receiver, slots.sync) else { return None };
        let Some(Value::Int(state)) = self.heap.field(sync, state_slot) else { return None };
        let mine = t.object.is_some() && self.heap.field(sync, owner_slot) == Some(Value::Ref(t.object));
        // a read-write lock's state: shared holds in the upper 16 bits, exclusive in
        // the lower
        let held = if slots.shared { state & 0xFFFF != 0 } else { state != 0 };
        Some(PendingAcquire {
            lock: receiver,
            sync,
            state_slot,
            held_elsewhere: held && !mine,
            interruptible: slots.interruptible,
            family: slots.family,
        })
    }

    /// The access the trusted acquire thread `tid` stands before makes first, if it
    /// stands before one: a write of the synchronizer's `state` (its pending access).
    pub(crate) fn pending_acquire_access(&self, tid: u32) -> Option<AccessRecord> {
        let a = self.pending_acquire(tid)?;
        Some(self.access_record(a.sync, a.state_slot as u32, true, AccessClass::Sync))
    }

    /// Whether thread `tid` stands before a trusted acquire of a lock another thread
    /// holds, and so is not enabled (module docs). The search relies on nobody
    /// probing the lock's family from then on.
    pub(crate) fn waits_for_lock(&self, tid: u32) -> Option<PendingAcquire> {
        let a = self.pending_acquire(tid).filter(|a| a.held_elsewhere)?;
        if a.interruptible && self.thread_interrupted(tid) {
            return None;
        }
        self.lockset().is_some_and(|ls| ls.borrow_mut().rely_on_unprobed(a.family)).then_some(a)
    }

    /// What a call of trusted method `call` reads to decide whether it waits.
    fn acquire_slots(&self, call: MethodId) -> Option<AcquireSlots> {
        let chk = self.check.as_ref()?;
        if let Some(&known) = chk.lock_words.borrow().acquires.get(&call) {
            return known;
        }
        let found = self.lock_call(call).filter(|(_, c)| *c == LockCall::Acquire).and_then(|(family, _)| {
            let method = self.method(call);
            let class = method.class;
            let (sync, shared) = match &*self.class(class).name {
                "java/util/concurrent/locks/ReentrantLock" => ("Ljava/util/concurrent/locks/ReentrantLock$Sync;", false),
                "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock" => ("Ljava/util/concurrent/locks/ReentrantReadWriteLock$Sync;", true),
                "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock" => ("Ljava/util/concurrent/locks/ReentrantReadWriteLock$Sync;", false),
                _ => return None,
            };
            let slot = self.instance_slot(class, "sync", sync).ok()?;
            Some(AcquireSlots { sync: slot, shared, interruptible: &*method.name == "lockInterruptibly", family })
        });
        chk.lock_words.borrow_mut().acquires.insert(call, found);
        found
    }

    fn lock_word_slots(&self) -> Option<(usize, usize)> {
        let chk = self.check.as_ref()?;
        if let Some(w) = chk.lock_words.borrow().words {
            return Some(w);
        }
        let words = (
            self.loaded_instance_slot("java/util/concurrent/locks/AbstractQueuedSynchronizer", "state", "I")?,
            self.loaded_instance_slot("java/util/concurrent/locks/AbstractOwnableSynchronizer", "exclusiveOwnerThread", "Ljava/lang/Thread;")?,
        );
        chk.lock_words.borrow_mut().words = Some(words);
        Some(words)
    }

    /// The thread holding the synchronizer `sync` exclusively, if any.
    pub(crate) fn synchronizer_owner(&self, sync: ObjRef) -> Option<u32> {
        let (_, owner_slot) = self.lock_word_slots()?;
        let Some(Value::Ref(Some(owner))) = self.heap.field(sync, owner_slot) else { return None };
        self.thread_of_object(owner)
    }
}
