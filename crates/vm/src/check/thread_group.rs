//! Thread-group bookkeeping as commutative updates (issue 12: the `readers` family's
//! 2^n traces).
//!
//! `Thread`'s constructor, `start` and `exit` enter and leave the thread in its
//! `ThreadGroup` (`addUnstarted`, `add`, `threadStartFailed`, `threadTerminated`).
//! Each of these calls adds or removes the calling thread's own entry. Two of them,
//! in either order, leave the group with the same threads and the same counts; only
//! the order of the group's private array (and perhaps its capacity) differs, and
//! nothing but another call on the group can see that — a call that reads and writes
//! the same locations. So every access such a call makes is a commutative update
//! ([`AccessRecord::update`]): it conflicts with reads and writes of its location,
//! not with another update. Starts and exits of different threads then no longer
//! depend on each other through the group, and partial-order reduction stops
//! ordering them (the `readers` family: 2^n traces, not (n + 1)! exit orders).
//!
//! The states two orders reach are equal up to the group's array order, not equal:
//! a stateful search may store both. Matching is unaffected (each is a real state),
//! and every property jvmc checks (assertions, exceptions, deadlocks, outputs) is the
//! same on both, since they differ only where no thread looks without conflicting.
//!
//! Every access of a bookkeeping call is to the group or to its array of threads,
//! which only the group's own methods touch, and a call of any of them is a write of
//! the group's monitor first (`policy.rs`). So in a transition's label one update of
//! the group's monitor stands for all of a bookkeeping call's accesses: whatever
//! would conflict with one of them conflicts with it. An exit's label, compared at
//! every step of the partial-order reductions, stays short.
//!
//! So the interpreter does not classify the field and array accesses, returns and
//! releases of a bookkeeping call: the call is marked on its frame and on every
//! frame it calls, and only a monitor acquire or a call, where the thread may block
//! so that a transition begins inside the bookkeeping, is classified (and stands
//! for the bookkeeping again). Nothing is lost for the locking discipline either: it
//! decides only whether accesses made outside atomic regions are scheduling points,
//! and the group's fields are touched only by the group's own methods, which all run
//! atomically (`policy.rs`); the array of threads, whose key all `Thread[]` arrays
//! share, is touched only holding the group's monitor, so its accesses could never
//! make that key racy. On `readers` and the bounded buffer, bookkeeping was most of
//! the instructions a search ran.
//!
//! Not for a daemon group: its last exit destroys it, after which `add` throws, so
//! an exit and a start there do not commute. Other calls on a group (`activeCount`,
//! `enumerate`, `uncaughtException`, which prints) stay ordinary accesses.
//!
//! This module owns which calls are bookkeeping; `transition.rs` and `policy.rs`
//! mark their accesses, and `exit_intrinsic.rs` makes an exit's bookkeeping without
//! its bytecode.

use super::policy::AccessClass;
use super::AccessRecord;
use crate::class::MethodId;
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// The `ThreadGroup` methods `Thread` enters and leaves a thread through.
const BOOKKEEPING: [&str; 4] = ["add", "addUnstarted", "threadTerminated", "threadStartFailed"];

impl Vm {
    /// Whether calling `m` on `group` is bookkeeping whose accesses commute (module
    /// docs).
    pub(crate) fn is_group_bookkeeping(&self, m: MethodId, group: ObjRef) -> bool {
        let method = self.method(m);
        // the method's name first: it rules out most frames with one short compare
        BOOKKEEPING.contains(&&*method.name) && &*self.class(method.class).name == "java/lang/ThreadGroup" && !self.is_daemon_group(group)
    }

    /// Whether `group` is a daemon group (or cannot be read as a group: then it is
    /// treated as one, which keeps its accesses ordinary).
    pub(crate) fn is_daemon_group(&self, group: ObjRef) -> bool {
        let Some(o) = self.heap.try_get(group) else { return true };
        // the slot the exit intrinsic looked up, else the field by name
        let cached = self.check.as_ref().and_then(|c| c.exit_fields).map(|f| f.group_daemon);
        match cached.or_else(|| self.instance_slot(o.class, "daemon", "Z").ok()) {
            Some(slot) => !matches!(self.heap.field(group, slot), Some(Value::Int(0))),
            None => true,
        }
    }

    /// The write of `group`'s monitor a call on the group makes; `update` for
    /// bookkeeping, whose writes commute (module docs).
    pub(crate) fn group_monitor_write(&self, group: ObjRef, update: bool) -> AccessRecord {
        AccessRecord { update, ..self.access_record(group, AccessRecord::MONITOR, true, AccessClass::Sync) }
    }

    /// Whether thread `ts` calls `m` as bookkeeping, its arguments at `base` (the
    /// receiver first): the call's frame is marked
    /// ([`crate::thread::Frame::bookkeeping`]), and so is every frame it calls.
    pub(crate) fn calls_group_bookkeeping(&self, ts: &ThreadStack, m: MethodId, base: usize) -> bool {
        match ts.values.get(base) {
            Some(&Value::Ref(Some(group))) => self.is_group_bookkeeping(m, group),
            _ => false,
        }
    }

    /// The group whose bookkeeping thread `ts` runs inside now, if it does: the
    /// receiver (local 0) of the outermost marked frame.
    pub(crate) fn group_in_bookkeeping(&self, ts: &ThreadStack) -> Option<ObjRef> {
        if !ts.frames.last().is_some_and(|f| f.bookkeeping) {
            return None;
        }
        match ts.frames.iter().find(|f| f.bookkeeping).and_then(|f| ts.values.get(f.base as usize)) {
            Some(&Value::Ref(Some(group))) => Some(group),
            _ => None,
        }
    }
}
