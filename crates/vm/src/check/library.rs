//! Trusted library calls (`--library atomic|explore`): the table of JDK methods that
//! are thread-safe and linearizable, and the decision whether a call runs as one step.
//!
//! In `atomic` mode a call from outside a trusted call (user code, or library code
//! that is not itself inside one) to a trusted method on a shared receiver (or a
//! trusted static method) is one scheduling point, and the call runs as a *library
//! region*: its frames carry `Frame::library`, and inside them the policy
//! (`policy.rs`, `Vm::library_stop`) records the shared accesses they make in the
//! transition's label without stopping — except where the thread must block or yield
//! (`park`, `wait`, `join`, `sleep`, `yield`, `onSpinWait`), at a random draw, and in
//! frames of user classes the call reaches (a user `equals`, a lambda passed to
//! `compute`), which run under the ordinary policy. A region that runs longer than
//! [`LIBRARY_SLICE`] instructions without reaching such a point (a spin waiting for
//! another thread) falls back to the ordinary policy until its next scheduling point.
//!
//! Why this is sound (docs/algorithms/library-calls.md): a linearizable operation is
//! observationally equivalent to an atomic one (observational refinement, Filipović et
//! al.), so a client's outcomes do not depend on where other threads interleave inside
//! it, except where it blocks, which is kept as a scheduling point. Labels keep every
//! shared access, so partial-order reduction sees the call's true footprint.
//!
//! This module owns the table and the mode; it must not decide anything about code
//! outside trusted calls.

use jvmc_classfile::Insn;

use super::Op;
use crate::class::MethodId;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::ObjRef;
use crate::vm::Vm;

/// How calls into trusted library methods are scheduled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LibraryMode {
    /// a trusted call is one step, split only where it blocks or yields
    #[default]
    Atomic,
    /// every shared access inside the library is a scheduling point (checks the JDK
    /// itself)
    Explore,
}

/// Instructions a library region may run in one transition before it falls back to
/// the ordinary policy (a spin that waits for another thread must let it run).
pub const LIBRARY_SLICE: u64 = 1 << 16;

/// `--library` with `--atomic-classes` / `--explore-classes`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LibraryPolicy {
    /// the mode
    pub mode: LibraryMode,
    /// classes (`*` wildcards, binary names with dots) whose every method is trusted
    /// in addition to the table
    pub atomic_classes: Vec<String>,
    /// classes never trusted, whatever the table says
    pub explore_classes: Vec<String>,
}

/// Every method of the class (except constructors and class initialisers).
const ALL: &[&str] = &["*"];
const LOCK: &[&str] = &["lock", "lockInterruptibly", "tryLock", "unlock", "newCondition", "isHeldByCurrentThread", "getHoldCount", "isLocked"];
const CONDITION: &[&str] = &["await", "awaitUninterruptibly", "awaitNanos", "awaitUntil", "signal", "signalAll"];
const QUEUE: &[&str] = &["offer", "add", "poll", "peek", "put", "take", "remove", "element", "size", "isEmpty", "remainingCapacity"];
const DEQUE: &[&str] = &[
    "offer", "add", "poll", "peek", "put", "take", "push", "pop", "element", "offerFirst", "offerLast", "addFirst", "addLast", "pollFirst",
    "pollLast", "peekFirst", "peekLast", "putFirst", "putLast", "takeFirst", "takeLast", "getFirst", "getLast", "removeFirst", "removeLast",
];
const MAP: &[&str] = &[
    "get", "put", "putIfAbsent", "remove", "replace", "containsKey", "getOrDefault", "compute", "computeIfAbsent", "computeIfPresent", "merge",
];

/// The trusted methods: thread-safe, linearizable operations, by class (internal
/// names). Left out on purpose: classes that are not thread-safe (`HashMap`,
/// `ArrayList`: races in them are the user's bugs), weakly consistent operations
/// (`size` and `isEmpty` of the lock-free collections, iterators, bulk operations,
/// `toString`, `LongAdder.sum`), and
/// `AtomicLongFieldUpdater$LockedUpdater` (only used where the vm lacks a 64-bit CAS,
/// never here, so the self-check cannot run it).
///
/// The table checks itself: `crates/cli/tests/library_table.rs` runs the clients of
/// `tests/programs/library/` in explore mode, which cover every method listed here,
/// and requires every outcome to be one that some order of the calls admits.
const TRUSTED: &[(&str, &[&str])] = &[
    // locks, conditions, the AQS family
    ("java/util/concurrent/locks/ReentrantLock", LOCK),
    ("java/util/concurrent/locks/ReentrantReadWriteLock", &["readLock", "writeLock", "isWriteLocked", "isWriteLockedByCurrentThread"]),
    ("java/util/concurrent/locks/ReentrantReadWriteLock$ReadLock", &["lock", "lockInterruptibly", "tryLock", "unlock", "newCondition"]),
    (
        "java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock",
        &["lock", "lockInterruptibly", "tryLock", "unlock", "newCondition", "isHeldByCurrentThread", "getHoldCount"],
    ),
    ("java/util/concurrent/locks/AbstractQueuedSynchronizer$ConditionObject", CONDITION),
    ("java/util/concurrent/locks/AbstractQueuedLongSynchronizer$ConditionObject", CONDITION),
    ("java/util/concurrent/locks/LockSupport", &["park", "parkNanos", "parkUntil", "unpark"]),
    (
        "java/util/concurrent/locks/StampedLock",
        &["writeLock", "readLock", "tryWriteLock", "tryReadLock", "unlockWrite", "unlockRead", "unlock", "tryOptimisticRead", "validate"],
    ),
    // atomics and field updaters
    ("java/util/concurrent/atomic/AtomicBoolean", ALL),
    ("java/util/concurrent/atomic/AtomicInteger", ALL),
    ("java/util/concurrent/atomic/AtomicLong", ALL),
    ("java/util/concurrent/atomic/AtomicReference", ALL),
    ("java/util/concurrent/atomic/AtomicIntegerArray", ALL),
    ("java/util/concurrent/atomic/AtomicLongArray", ALL),
    ("java/util/concurrent/atomic/AtomicReferenceArray", ALL),
    ("java/util/concurrent/atomic/AtomicIntegerFieldUpdater", ALL),
    ("java/util/concurrent/atomic/AtomicIntegerFieldUpdater$AtomicIntegerFieldUpdaterImpl", ALL),
    ("java/util/concurrent/atomic/AtomicLongFieldUpdater", ALL),
    ("java/util/concurrent/atomic/AtomicLongFieldUpdater$CASUpdater", ALL),
    ("java/util/concurrent/atomic/AtomicReferenceFieldUpdater", ALL),
    ("java/util/concurrent/atomic/AtomicReferenceFieldUpdater$AtomicReferenceFieldUpdaterImpl", ALL),
    ("java/util/concurrent/atomic/LongAdder", &["add", "increment", "decrement"]),
    // latches, semaphores, barriers
    ("java/util/concurrent/CountDownLatch", &["await", "countDown", "getCount"]),
    ("java/util/concurrent/Semaphore", &["acquire", "acquireUninterruptibly", "tryAcquire", "release", "availablePermits", "drainPermits"]),
    ("java/util/concurrent/CyclicBarrier", &["await", "isBroken"]),
    // the linearizable core of the concurrent collections
    ("java/util/concurrent/ConcurrentHashMap", MAP),
    ("java/util/concurrent/ConcurrentHashMap$KeySetView", &["add", "remove", "contains"]),
    ("java/util/concurrent/ConcurrentSkipListMap", MAP),
    ("java/util/concurrent/ConcurrentSkipListSet", &["add", "remove", "contains"]),
    ("java/util/concurrent/ConcurrentLinkedQueue", &["offer", "add", "poll", "peek", "remove", "contains"]),
    ("java/util/concurrent/LinkedBlockingQueue", QUEUE),
    ("java/util/concurrent/ArrayBlockingQueue", QUEUE),
    ("java/util/concurrent/LinkedBlockingDeque", DEQUE),
    ("java/util/concurrent/CopyOnWriteArrayList", &["add", "get", "set", "remove", "contains", "indexOf", "size", "isEmpty", "addIfAbsent"]),
    ("java/util/concurrent/CopyOnWriteArraySet", &["add", "remove", "contains", "size", "isEmpty"]),
];

/// The trusted methods by class (internal names; `"*"`: every method but
/// constructors), for the table's self-check (`crates/cli/tests/library_table.rs`).
pub fn trusted_table() -> &'static [(&'static str, &'static [&'static str])] {
    TRUSTED
}

impl LibraryPolicy {
    /// Whether a call of `class.method` (internal class name) may run as one step.
    pub fn trusts(&self, class: &str, method: &str) -> bool {
        // constructors run as usual; a weak CAS called from user code keeps its
        // spurious failure (issue 9)
        if self.mode == LibraryMode::Explore || method.starts_with('<') || method.starts_with("weakCompareAndSet") {
            return false;
        }
        let dotted = || class.replace('/', ".");
        if !self.explore_classes.is_empty() && self.explore_classes.iter().any(|p| super::policy::glob(p, &dotted())) {
            return false;
        }
        if TRUSTED.iter().any(|(c, methods)| *c == class && (methods == &ALL || methods.contains(&method))) {
            return true;
        }
        !self.atomic_classes.is_empty() && self.atomic_classes.iter().any(|p| super::policy::glob(p, &dotted()))
    }
}

impl Vm {
    /// Whether a call of `m` on `receiver` (`None`: a static method) from outside a
    /// library region runs as one step: a trusted method on a receiver the policy
    /// covers (another thread can reach it), or a trusted static method.
    pub(crate) fn starts_library_call(&mut self, m: MethodId, receiver: Option<Option<ObjRef>>) -> bool {
        if !self.trusted_method(m) {
            return false;
        }
        match receiver {
            None => true,
            Some(Some(r)) => self.policy_covers_object(r),
            Some(None) => false,
        }
    }

    /// Whether `m` is a trusted JDK method, decided once per method (every call and
    /// every scheduling-point check of a call asks).
    fn trusted_method(&mut self, m: MethodId) -> bool {
        let Some(chk) = &self.check else { return false };
        if let Some(&Some(known)) = chk.trusted_methods.get(m.0 as usize) {
            return known;
        }
        let method = self.method(m);
        let class = self.class(method.class);
        let trusted = class.is_jdk() && chk.options.library.trusts(&class.name, &method.name);
        if let Some(chk) = self.check.as_mut() {
            let i = m.0 as usize;
            if chk.trusted_methods.len() <= i {
                chk.trusted_methods.resize(i + 1, None);
            }
            chk.trusted_methods[i] = Some(trusted);
        }
        trusted
    }

    /// Whether the Java frame of `m` about to be pushed (its arguments from `base`)
    /// belongs to a library region: it starts one (see [`Vm::starts_library_call`]),
    /// or its caller's frame is in one and `m` is not a user class's method.
    pub(crate) fn enters_library_region(&mut self, ts: &ThreadStack, m: MethodId, base: usize) -> bool {
        let method = self.method(m);
        if !self.class(method.class).is_jdk() {
            return false;
        }
        match ts.frames.iter().rev().find(|f| f.kind == FrameKind::Java) {
            Some(caller) if caller.library => true,
            _ => {
                let receiver = (!method.is_static()).then(|| ts.values.get(base).and_then(|v| v.as_ref()).flatten());
                self.starts_library_call(m, receiver)
            }
        }
    }

    /// Inside a library region, whether the thread must stop before `insn` (whose
    /// operation is `op`, not `Local`): where it blocks or yields, at a random draw,
    /// and once the region has run [`LIBRARY_SLICE`] instructions in this transition
    /// (`ran`). Otherwise the operation's accesses go into the transition's label.
    pub(crate) fn library_stop(&mut self, ts: &mut ThreadStack, method: MethodId, insn: Insn, op: Op, ran: u64) -> bool {
        let splits = match op {
            Op::Blocking(_) | Op::Join(_) => true,
            Op::Choice(c) => matches!(c.kind, super::choice::ChoiceKind::Draw(_)),
            _ => ran >= LIBRARY_SLICE || self.yields(ts, method, insn),
        };
        if !splits {
            self.note_accesses(ts, op);
        }
        splits
    }

    /// Whether a weak compare-and-set called from `caller` is the JDK's own retry
    /// loop, which `--library atomic` runs as a strong one: the caller is a JDK method
    /// other than a `weakCompareAndSet*` wrapper (which passes a user's weak CAS on).
    /// JDK code retries a weak CAS that fails, so a spurious failure there only adds a
    /// retry — yet `Striped64` (`LongAdder`, the skip lists' counters) picks a fresh
    /// hash probe on each retry, so failures in a row are an unbounded chain of new
    /// states. `--library explore` keeps them (it checks the JDK itself).
    pub(crate) fn weak_cas_is_library_internal(&self, caller: MethodId) -> bool {
        let Some(chk) = &self.check else { return false };
        let m = self.method(caller);
        chk.options.library.mode == LibraryMode::Atomic && self.class(m.class).is_jdk() && !m.name.starts_with("weakCompareAndSet")
    }

    /// Whether `insn` calls `Thread.yield`, `Thread.sleep` or `Thread.onSpinWait`.
    fn yields(&mut self, ts: &mut ThreadStack, method: MethodId, insn: Insn) -> bool {
        let Insn::Invokestatic(index) = insn else { return false };
        let Ok(m) = self.resolve_method_insn(ts, method, index) else { return false };
        let m = self.method(m);
        &*self.class(m.class).name == "java/lang/Thread" && matches!(&*m.name, "yield" | "sleep" | "onSpinWait")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_trusts_linearizable_operations_only() {
        let p = LibraryPolicy::default();
        assert!(p.trusts("java/util/concurrent/locks/ReentrantLock", "lock"));
        assert!(p.trusts("java/util/concurrent/atomic/AtomicInteger", "incrementAndGet"));
        assert!(p.trusts("java/util/concurrent/ConcurrentHashMap", "compute"));
        assert!(!p.trusts("java/util/concurrent/ConcurrentHashMap", "size"), "weakly consistent");
        assert!(!p.trusts("java/util/concurrent/ConcurrentLinkedQueue", "size"), "weakly consistent");
        assert!(!p.trusts("java/util/HashMap", "put"), "not thread-safe");
        assert!(!p.trusts("java/util/concurrent/atomic/AtomicInteger", "<init>"), "constructors run as usual");
    }

    #[test]
    fn patterns_adjust_the_table_and_explore_trusts_nothing() {
        let p = LibraryPolicy { atomic_classes: vec!["com.example.*".into()], explore_classes: vec!["java.util.concurrent.locks.*".into()], ..Default::default() };
        assert!(p.trusts("com/example/Counter", "inc"));
        assert!(!p.trusts("java/util/concurrent/locks/ReentrantLock", "lock"));
        assert!(p.trusts("java/util/concurrent/Semaphore", "acquire"));
        let explore = LibraryPolicy { mode: LibraryMode::Explore, ..p };
        assert!(!explore.trusts("com/example/Counter", "inc"));
        assert!(!explore.trusts("java/util/concurrent/Semaphore", "acquire"));
    }
}
