//! Lock releases need no scheduling point (issue 10; `docs/algorithms/lockset.md`,
//! "Releases").
//!
//! Releasing a lock is a left mover in Lipton's sense ("Reduction: a method of proving
//! properties of parallel programs", CACM 18(12), 1975): no other thread's step can
//! depend on the lock being still held a moment longer — an acquire of it is not
//! enabled while it is held, and every other step is independent of it. So a
//! release may join the transition before it: the thread runs on past the release up
//! to its next scheduling point, and the states in which it stands just before the
//! release, lock still held, are never built. With the locking discipline
//! (`lockset.rs`) a critical section that touches only data it protects becomes one
//! transition from the acquire to the next scheduling point after the release, and
//! no other thread ever finds the lock held and queues for it: the AQS queue
//! states of `ReentrantLock` and `ReentrantReadWriteLock` disappear with the
//! intermediate states. Acquires keep their scheduling point: merging two acquires
//! would lose deadlocks (the classic ABBA order needs a state between them).
//!
//! The argument fails for a lock some thread *probes* — asks whether it is held
//! without blocking (`tryLock`, `isLocked`, `getQueueLength`, `toString`, ...):
//! such a step sees the difference. Monitors cannot be probed (`Thread.holdsLock`
//! asks about the calling thread only). For `java.util.concurrent` locks jvmc
//! assumes, per lock family, that nobody probes, and checks it at every call: the
//! first probe of a family makes its releases scheduling points again, and if the
//! running search let one through, the vm asks for a restart
//! ([`crate::VmError::Restart`]), exactly as a key becoming racy does. The probed
//! families are listed with the racy keys, so a trace file replays.
//!
//! Only the locking discipline turns this on (`--lockset on`, the default); with
//! `--lockset off` and `--sched all` every release is a scheduling point.
//!
//! This module owns which calls release or probe a lock and the probed families;
//! the rest of the discipline is `lockset.rs`'s.

use jvmc_classfile::Insn;

use super::policy::Op;
use crate::class::MethodId;
use crate::vm::Vm;

/// A kind of lock whose releases are merged and whose probes are watched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum LockFamily {
    /// `ReentrantLock`
    Reentrant,
    /// `ReentrantReadWriteLock` with its read and write locks
    ReadWrite,
}

impl LockFamily {
    /// The family of a method of `class` (internal name), if it is a lock's.
    fn of(class: &str) -> Option<LockFamily> {
        match class {
            "java/util/concurrent/locks/ReentrantLock" => Some(LockFamily::Reentrant),
            "java/util/concurrent/locks/ReentrantReadWriteLock"
            | "java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock"
            | "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock" => Some(LockFamily::ReadWrite),
            _ => None,
        }
    }

    /// The name a report and a trace file give a probed family.
    pub(crate) fn probed_name(self) -> &'static str {
        match self {
            LockFamily::Reentrant => "java.util.concurrent.locks.ReentrantLock (probed)",
            LockFamily::ReadWrite => "java.util.concurrent.locks.ReentrantReadWriteLock (probed)",
        }
    }

    /// Every family.
    pub(crate) const ALL: [LockFamily; 2] = [LockFamily::Reentrant, LockFamily::ReadWrite];
}

/// Methods of a lock family that cannot tell whether another thread holds the lock:
/// blocking acquires, releases, and questions about the calling thread's own holds.
const NOT_PROBES: &[&str] = &[
    "<init>", "lock", "lockInterruptibly", "unlock", "newCondition", "isHeldByCurrentThread", "getHoldCount", "getReadHoldCount",
    "getWriteHoldCount", "isWriteLockedByCurrentThread", "isFair", "readLock", "writeLock",
];

impl Vm {
    /// The family whose lock a call of method `m` releases: `unlock` of a
    /// `ReentrantLock` or of a read-write lock's read or write lock.
    pub(crate) fn unlock_family(&self, m: MethodId) -> Option<LockFamily> {
        let method = self.method(m);
        if &*method.name == "unlock" {
            LockFamily::of(&self.class(method.class).name)
        } else {
            None
        }
    }

    /// Notes a call of method `m`: a probe of a lock family makes that family's
    /// releases scheduling points from now on.
    pub(crate) fn note_lock_call(&self, m: MethodId) {
        let method = self.method(m);
        let Some(family) = LockFamily::of(&self.class(method.class).name) else { return };
        if NOT_PROBES.contains(&&*method.name) {
            return;
        }
        if let Some(ls) = self.lockset() {
            ls.borrow_mut().probe(family);
        }
    }

    /// Whether the operation `op` before `insn`, `ran` instructions into the
    /// transition, is a lock release the transition may run on past (see the module
    /// docs): `monitorexit`, the return of a synchronized method, or a trusted
    /// `unlock` call of a family nobody probed.
    pub(crate) fn release_lets_through(&self, insn: Insn, op: Op, ran: u64) -> bool {
        if ran >= super::LIBRARY_SLICE {
            return false;
        }
        let Some(ls) = self.lockset() else { return false };
        match (insn, op) {
            (Insn::Monitorexit, Op::Sync(_)) => true,
            (Insn::Ireturn | Insn::Lreturn | Insn::Freturn | Insn::Dreturn | Insn::Areturn | Insn::Return, Op::Sync(_)) => true,
            (_, Op::Library { unlocks: Some(family) }) => ls.borrow_mut().rely_on_release(family),
            _ => false,
        }
    }
}
