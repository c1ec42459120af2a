//! Lock releases need no scheduling point, nor does the first unprotected access
//! after a lock acquire (issue 10; `docs/algorithms/lockset.md`, "Releases" and
//! "After an acquire").
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
//! Acquires are right movers in the same sense: no other thread's step can depend on
//! the lock being taken a moment later — nobody else acquires or releases it while
//! the thread holds it, and a thread that would block on it is simply not enabled (in
//! `lock()` it would park, which no client code can tell from not having called yet,
//! short of a probe — so it waits before its call: `lock_wait.rs`). Lipton's theorem makes a sequence of right movers, then one
//! step that is neither, then left movers, one transition. So a transition that
//! *begins* with an acquire — a `monitorenter`, a synchronized method's entry, a
//! trusted `lock()` — runs on through the accesses the discipline protects (which
//! move both ways) and past its first unprotected field, static or element access
//! (the one non-mover), and then on through releases as before, up to its next
//! scheduling point. Only the first acquire of a transition: a second one may block
//! after the first has taken its lock, which would hide deadlocks. Nothing in such a
//! transition can block after its first step (every blocking operation is a
//! scheduling point), so a deadlock state never has a thread inside one, and
//! deadlocks are kept. A probed family gets no merge (and a probe after one was made
//! asks for a restart, as for releases); a monitor cannot be probed.
//!
//! Only the locking discipline turns this on (`--lockset on`, the default); with
//! `--lockset off` and `--sched all` every release and every access is a scheduling
//! point.
//!
//! This module owns which calls acquire, release or probe a lock, the probed
//! families and the opening of a transition; the rest of the discipline is
//! `lockset.rs`'s.

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
    /// threads' terminations, which `join` waits for as an acquire waits for a
    /// release (`termination.rs`)
    Termination,
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
            LockFamily::Termination => "java.lang.Thread termination (probed)",
        }
    }

    /// Every family.
    pub(crate) const ALL: [LockFamily; 3] = [LockFamily::Reentrant, LockFamily::ReadWrite, LockFamily::Termination];
}

/// How the running transition began, when it began with a lock acquire (see the
/// module docs): the first unprotected access may still join it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opening {
    /// entering a monitor
    Monitor,
    /// a trusted `lock()` of this family
    Lock(LockFamily),
}

/// What a call of a lock family's method does to the lock, when it takes or releases
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LockCall {
    /// `lock` or `lockInterruptibly`: acquires, blocking if it must
    Acquire,
    /// `unlock`
    Release,
}

/// Methods of a lock family that cannot tell whether another thread holds the lock:
/// blocking acquires, releases, and questions about the calling thread's own holds.
const NOT_PROBES: &[&str] = &[
    "<init>", "lock", "lockInterruptibly", "unlock", "newCondition", "isHeldByCurrentThread", "getHoldCount", "getReadHoldCount",
    "getWriteHoldCount", "isWriteLockedByCurrentThread", "isFair", "readLock", "writeLock",
];

impl Vm {
    /// Whether a call of method `m` takes or releases the lock of a family (a
    /// `ReentrantLock`, or a read-write lock's read or write lock), and which.
    pub(crate) fn lock_call(&self, m: MethodId) -> Option<(LockFamily, LockCall)> {
        let method = self.method(m);
        let call = match &*method.name {
            "lock" | "lockInterruptibly" => LockCall::Acquire,
            "unlock" => LockCall::Release,
            _ => return None,
        };
        LockFamily::of(&self.class(method.class).name).map(|family| (family, call))
    }

    /// Starts a transition whose first operation is `first`: it opens with a lock
    /// acquire (module docs) if `first` is one and the discipline is on.
    pub(crate) fn open_transition(&mut self, first: Option<Op>) {
        let opening = match first {
            _ if self.lockset().is_none() => None,
            Some(Op::Lock(_)) => Some(Opening::Monitor),
            Some(Op::Library { call }) => match self.lock_call(call) {
                Some((family, LockCall::Acquire)) => Some(Opening::Lock(family)),
                _ => None,
            },
            _ => None,
        };
        if let Some(chk) = self.check.as_mut() {
            chk.opening = opening;
        }
    }

    /// The running transition lets through something other than an access the
    /// discipline protects: an access after it needs its scheduling point again.
    pub(crate) fn close_opening(&mut self) {
        if let Some(chk) = self.check.as_mut() {
            chk.opening = None;
        }
    }

    /// Whether an unprotected data access, `ran` instructions into the transition, may
    /// run on in a transition that opened with a lock acquire (it is the one
    /// non-mover; the opening closes).
    pub(crate) fn acquire_lets_through(&mut self, ran: u64) -> bool {
        if ran >= super::LIBRARY_SLICE {
            return false;
        }
        match self.check.as_mut().and_then(|c| c.opening.take()) {
            None => false,
            Some(Opening::Monitor) => true,
            Some(Opening::Lock(family)) => self.lockset().is_some_and(|ls| ls.borrow_mut().rely_on_unprobed(family)),
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
            (_, Op::Library { call }) => match self.lock_call(call) {
                Some((family, LockCall::Release)) => ls.borrow_mut().rely_on_unprobed(family),
                _ => false,
            },
            _ => false,
        }
    }
}
