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
//! Not for a daemon group: its last exit destroys it, after which `add` throws, so
//! an exit and a start there do not commute. Other calls on a group (`activeCount`,
//! `enumerate`, `uncaughtException`, which prints) stay ordinary accesses.
//!
//! This module owns which calls are bookkeeping; `transition.rs` and `policy.rs`
//! mark their accesses.

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
    fn is_daemon_group(&self, group: ObjRef) -> bool {
        let Some(o) = self.heap.try_get(group) else { return true };
        match self.instance_slot(o.class, "daemon", "Z") {
            Ok(slot) => !matches!(self.heap.field(group, slot), Some(Value::Int(0))),
            Err(_) => true,
        }
    }

    /// The group whose bookkeeping thread `ts` runs inside now, if it does: a frame of
    /// a bookkeeping call, whose receiver is its local 0.
    pub(crate) fn group_in_bookkeeping(&self, ts: &ThreadStack) -> Option<ObjRef> {
        ts.frames.iter().rev().find_map(|f| match ts.values.get(f.base as usize) {
            Some(&Value::Ref(Some(group))) if self.is_group_bookkeeping(f.method, group) => Some(group),
            _ => None,
        })
    }
}
