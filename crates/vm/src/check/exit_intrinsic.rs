//! The exit intrinsic: a thread's `Thread.exit()` and the group bookkeeping it calls
//! (`ThreadGroup.threadTerminated(t)`) made by the vm itself, with the effects of
//! JDK 17's bytecode for them.
//!
//! Every execution of a stateless search runs each thread's exit again, and the
//! exit was most of the instructions a small program ran: `threadTerminated` (under
//! the group's monitor: find the thread in the group's array, close the gap with
//! `arraycopy`, wake the group's waiters if it was the last) and `Thread.exit`
//! (clear seven of the thread's fields) were 64% of the instructions of
//! `BoundedBuffer 2` under `optimal-dpor`. With [`super::CheckOptions::intrinsics`]
//! (the default, `--intrinsics on`) the vm makes the same writes to the thread, the
//! group and its array, enters the group's monitor around them as the bytecode
//! does, and sends the same notification. It notes each operation the interpreter
//! would classify there (the field accesses of `Thread.exit`, the call of
//! `threadTerminated`, its monitor enters, the call of `remove`, the `arraycopy`,
//! `notifyAll`) as the interpreter notes one inside an atomic method (`stop_before`
//! in `interpreter/mod.rs`), in the same order: the transition's label, the locking
//! discipline and the terminations watch see what they would see, and the search
//! explores the same transitions and states. Only the instruction count differs.
//!
//! Where anything is not the common case, the bytecode runs as before: a thread with
//! thread locals (`Thread.exit` then calls into `TerminatingThreadLocal`), the
//! group's monitor held by another thread (the bytecode would block there), a daemon
//! or destroyed group, a field or method missing (another JDK), a call made trusted
//! by `--atomic-classes`, linearizability checking on. `Thread.exit` falls back as a
//! whole; `threadTerminated` alone is also made natively when the bytecode of
//! `Thread.exit` calls it. `--intrinsics off` always runs the bytecode; an
//! end-to-end test compares the two (`crates/cli/tests/thread_group.rs`).
//!
//! **Repeated exits.** A stateless search runs the same exit again in nearly every
//! execution, and what it notes is a function of few things: the thread, its group's
//! bookkeeping (where the thread stands in the group's array, how many are live),
//! whether the objects are shared, the locks the thread holds, and whether it is the
//! only thread left ([`ExitKey`]). Noting it again changes nothing but the label:
//! the locking discipline meets each location's entry with the same access (a meet
//! is idempotent), and the terminations watch records the same accesses. So for a
//! merged termination (the watch records it; an unmerged one probes the watch, which
//! depends on the state) outside a trusted call's region, the intrinsic keeps what
//! the first exit in given circumstances put into the label, and the next one in the
//! same circumstances puts in those accesses, in the same order, and makes only the
//! changes. The keep is knowledge, not state: never undone.
//!
//! This module owns the intrinsic; which group calls are bookkeeping and how their
//! accesses are labelled is `thread_group.rs`'s.

use super::policy::{AccessClass, Op};
use super::{AccessRecord, CheckOptions, Guards};
use crate::class::{ClassId, MethodId};
use crate::heap::Array;
use crate::native::Unwind;
use super::termination::MERGED_EXIT_STAGE;
use crate::heap::SHARED;
use crate::thread::{FrameKind, ThreadStack, ThreadStatus};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// A field the intrinsic reads or writes: its slot and its place in its class's
/// fields (what the interpreter's classification of an access to it takes).
#[derive(Clone, Copy, Debug)]
struct Field {
    slot: usize,
    index: u16,
}

/// JDK 17's `ThreadGroup` and `Thread` fields the intrinsic works with, looked up
/// when checking starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExitFields {
    group_class: ClassId,
    group_destroyed: usize,
    /// `ThreadGroup.daemon` (also read by `thread_group.rs`)
    pub(crate) group_daemon: usize,
    group_nthreads: usize,
    group_threads: usize,
    thread_locals: Field,
    thread_group: Field,
    /// what `Thread.exit` clears after the group's bookkeeping, in its order
    cleared: [Field; 6],
}

/// The calls the bytecode makes whose classification the intrinsic repeats; it
/// stands aside if the library policy trusts one of them (their classification
/// would differ).
const INNER_CALLS: [(&str, &str); 5] = [
    ("java/lang/Thread", "exit"),
    ("java/lang/ThreadGroup", "threadTerminated"),
    ("java/lang/ThreadGroup", "remove"),
    ("java/lang/System", "arraycopy"),
    ("java/lang/Object", "notifyAll"),
];

/// What removing a thread from its group finds (`ThreadGroup.remove`).
struct Removal {
    group: ObjRef,
    threads: ObjRef,
    /// `nthreads` before
    live: usize,
    /// the thread's index among the live entries
    found: Option<usize>,
}

/// The circumstances of an exit that decide everything it notes ([`Vm::exit_key`]):
/// the thread (its index, stable id and object, and whether that is shared), its
/// group's bookkeeping (group, array of threads, live entries, the thread's place,
/// whether group and array are shared), the locks it holds, and whether it is the
/// only thread left (then the locking discipline counts nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ExitKey {
    tid: u32,
    thread_sid: u64,
    thread: ObjRef,
    object_sid: u64,
    group: Option<(ObjRef, ObjRef, usize, Option<usize>, bool, bool)>,
    held: (Guards, Guards),
    shared: bool,
    alone: bool,
}

impl Vm {
    /// The fields the intrinsic needs, if it applies under `options` (no
    /// linearizability checking, none of the calls it repeats trusted) and the
    /// classes are loaded and have them all.
    pub(crate) fn exit_fields(&self, options: &CheckOptions) -> Option<ExitFields> {
        if !options.intrinsics || options.linearizability.is_some() || INNER_CALLS.iter().any(|(class, name)| options.library.trusts(class, name)) {
            return None;
        }
        let group = self.lookup_class("java/lang/ThreadGroup")?;
        let thread = self.wk.thread;
        let slot = |class, name, descriptor| self.instance_slot(class, name, descriptor).ok();
        let field = |name: &str, descriptor: &str| {
            let c = self.class(thread);
            let index = c.fields.iter().position(|f| !f.is_static() && &*f.name == name && &*f.descriptor == descriptor)?;
            Some(Field { slot: c.fields[index].slot as usize, index: u16::try_from(index).ok()? })
        };
        Some(ExitFields {
            group_class: group,
            group_destroyed: slot(group, "destroyed", "Z")?,
            group_daemon: slot(group, "daemon", "Z")?,
            group_nthreads: slot(group, "nthreads", "I")?,
            group_threads: slot(group, "threads", "[Ljava/lang/Thread;")?,
            thread_locals: field("threadLocals", "Ljava/lang/ThreadLocal$ThreadLocalMap;")?,
            thread_group: field("group", "Ljava/lang/ThreadGroup;")?,
            cleared: [
                field("target", "Ljava/lang/Runnable;")?,
                field("threadLocals", "Ljava/lang/ThreadLocal$ThreadLocalMap;")?,
                field("inheritableThreadLocals", "Ljava/lang/ThreadLocal$ThreadLocalMap;")?,
                field("inheritedAccessControlContext", "Ljava/security/AccessControlContext;")?,
                field("blocker", "Lsun/nio/ch/Interruptible;")?,
                field("uncaughtExceptionHandler", "Ljava/lang/Thread$UncaughtExceptionHandler;")?,
            ],
        })
    }

    /// The fields, if the intrinsic applies at all ([`Vm::exit_fields`]).
    fn intrinsic_fields(&self) -> Option<ExitFields> {
        self.check.as_ref()?.exit_fields
    }

    /// `Thread.exit()` for thread `ts`'s thread object `thread` (module docs): made
    /// natively and `true`, or nothing changed and `false` (the caller runs the
    /// bytecode).
    pub(crate) fn exit_natively(&mut self, ts: &mut ThreadStack, thread: ObjRef) -> Result<bool, Unwind> {
        let Some(f) = self.intrinsic_fields() else { return Ok(false) };
        if self.heap.field(thread, f.thread_locals.slot) != Some(Value::Ref(None)) {
            return Ok(false);
        }
        let removal = match self.heap.field(thread, f.thread_group.slot) {
            Some(Value::Ref(None)) => None,
            // a daemon group's exits are not bookkeeping (`thread_group.rs`)
            Some(Value::Ref(Some(group))) if !self.is_daemon_group(group) => match self.removal(ts.tid, group, thread, &f) {
                Some(r) => Some(r),
                None => return Ok(false),
            },
            _ => return Ok(false),
        };
        // the first instruction of the transition runs without a check (`stop_before`)
        self.first_operation();
        // what the thread holds around the group's bookkeeping, which releases what
        // it takes
        let held = self.held(ts.tid);
        let key = self.exit_key(ts, thread, removal.as_ref(), held);
        let known = key.and_then(|k| self.check.as_ref()?.exit_notes.get(&k).cloned());
        if let Some(noted) = &known {
            // noted before in the same circumstances: the same accesses, in order
            for &a in noted.iter() {
                self.note_access(a);
            }
            if !noted.is_empty() {
                self.close_opening();
            }
        } else if let (Some(_), Some(chk)) = (key, self.check.as_mut()) {
            chk.noted = Some(Vec::new());
        }
        let note = known.is_none();
        let in_group = removal.is_some();
        if note {
            // the `getfield`s of `threadLocals` and `group` (read again to pass it
            // on), then the call of `threadTerminated`, noted at once
            let mut ops = Operations::default();
            ops.push(self.thread_field_op(thread, f.thread_locals, false));
            ops.push(self.thread_field_op(thread, f.thread_group, false));
            if let Some(r) = &removal {
                ops.push(self.thread_field_op(thread, f.thread_group, false));
                ops.push(Op::Sync(self.group_monitor_write(r.group, true)));
            }
            self.note_ops(ts, &ops, None, Some(held));
        }
        if let Some(r) = removal {
            self.remove_from_group(ts, r, &f, note)?;
        }
        // the `putfield`s of `null` that end `Thread.exit` (`group` only if it was
        // set), noted at once
        let cleared = || in_group.then_some(f.thread_group).into_iter().chain(f.cleared);
        if note {
            let mut writes = Operations::default();
            for field in cleared() {
                writes.push(self.thread_field_op(thread, field, true));
            }
            self.note_ops(ts, &writes, None, Some(held));
        }
        for field in cleared() {
            self.heap.set_field(thread, field.slot, Value::Ref(None));
        }
        if let (Some(k), Some(chk)) = (key.filter(|_| note), self.check.as_mut()) {
            if let Some(noted) = chk.noted.take() {
                chk.exit_notes.insert(k, noted.into());
            }
        }
        Ok(true)
    }

    /// The circumstances of thread `ts`'s exit (module docs, "Repeated exits"), if
    /// what it notes may be taken from an earlier exit in the same ones: a merged
    /// termination (whose accesses the terminations watch records, which an exit
    /// does again to no effect) outside a trusted call's region.
    fn exit_key(&self, ts: &ThreadStack, thread: ObjRef, removal: Option<&Removal>, held: (Guards, Guards)) -> Option<ExitKey> {
        let chk = self.check.as_ref()?;
        if chk.merged_call.is_some() || !ts.frames.first().is_some_and(|f| f.kind == FrameKind::ThreadEntry { stage: MERGED_EXIT_STAGE }) {
            return None;
        }
        let shared = |o: ObjRef| self.heap.get(o).has(SHARED);
        let tid = ts.tid;
        Some(ExitKey {
            tid,
            thread_sid: self.threads.get(tid as usize)?.sid,
            thread,
            object_sid: self.heap.get(thread).sid,
            group: removal.map(|r| (r.group, r.threads, r.live, r.found, shared(r.group), shared(r.threads))),
            held,
            shared: shared(thread),
            alone: self.threads.iter().enumerate().all(|(i, t)| i == tid as usize || t.status == ThreadStatus::Terminated),
        })
    }

    /// What `Thread.exit`'s `getfield` (`put`: `putfield`) of `field` of `thread`
    /// does.
    fn thread_field_op(&self, thread: ObjRef, field: Field, put: bool) -> Op {
        self.classify_field(thread, self.wk.thread, field.slot as u32, field.index, put)
    }

    /// `ThreadGroup.threadTerminated(t)` when the bytecode of `Thread.exit` calls it:
    /// if `m`, which thread `ts` is about to enter with its arguments at `base`, is
    /// that method and the common case holds, makes the call natively, pops the
    /// arguments and returns `true`; else changes nothing and returns `false`.
    pub(crate) fn terminate_in_group(&mut self, ts: &mut ThreadStack, m: MethodId, base: usize) -> Result<bool, Unwind> {
        let Some(f) = self.intrinsic_fields() else { return Ok(false) };
        let method = self.method(m);
        if method.class != f.group_class || &*method.name != "threadTerminated" || &*method.descriptor != "(Ljava/lang/Thread;)V" {
            return Ok(false);
        }
        let (Some(&Value::Ref(Some(group))), Some(&Value::Ref(Some(thread)))) = (ts.values.get(base), ts.values.get(base + 1)) else { return Ok(false) };
        let Some(removal) = self.removal(ts.tid, group, thread, &f) else { return Ok(false) };
        self.remove_from_group(ts, removal, &f, true)?;
        ts.values.truncate(base);
        Ok(true)
    }

    /// What removing `thread` from `group` on behalf of thread `tid` finds, if the
    /// common case holds: the group's monitor free for `tid`, the group not
    /// destroyed, its fields as expected.
    fn removal(&self, tid: u32, group: ObjRef, thread: ObjRef, f: &ExitFields) -> Option<Removal> {
        if !self.monitor_available(group, tid) || self.heap.field(group, f.group_destroyed) != Some(Value::Int(0)) {
            return None;
        }
        let (Some(Value::Int(n)), Some(Value::Ref(Some(threads)))) = (self.heap.field(group, f.group_nthreads), self.heap.field(group, f.group_threads)) else { return None };
        let Some(Array::Ref(elements)) = self.heap.array(threads) else { return None };
        let live = usize::try_from(n).ok().filter(|&n| n <= elements.len())?;
        let found = elements[..live].iter().position(|&e| e == Some(thread));
        Some(Removal { group, threads, live, found })
    }

    /// The body of `threadTerminated` (`synchronized (this) { remove(t); if (nthreads
    /// == 0) notifyAll(); }`, `remove` itself synchronized on the group) for a
    /// non-daemon group: its changes, and its operations noted as bookkeeping.
    fn remove_from_group(&mut self, ts: &mut ThreadStack, r: Removal, f: &ExitFields, note: bool) -> Result<(), Unwind> {
        let group = r.group;
        let enter = if self.monitor_visible(group) { Op::Lock(group) } else { Op::Local };
        self.monitor_enter(ts, group)?;
        // `threadTerminated`'s monitor enter, the call of `remove`, its monitor
        // enter, the `arraycopy`, `notifyAll`: noted at once, as bookkeeping (unless
        // `note` is off: the exit took them from an earlier one)
        let mut ops = Operations::default();
        if note {
            ops.push(enter);
            ops.push(Op::Sync(self.group_monitor_write(group, false)));
            ops.push(enter);
        }
        let mut left = r.live;
        if let Some(i) = r.found {
            left -= 1;
            if note {
                // at most the array's length, which is an int
                let (at, count) = (i as i32, (left - i) as i32);
                ops.push(self.arraycopy_op(r.threads, at + 1, r.threads, at, count));
            }
            if let Some(Array::Ref(elements)) = self.heap.array_mut(r.threads) {
                elements.copy_within(i + 1..r.live, i);
                elements[left] = None;
            }
            self.heap.set_field(group, f.group_nthreads, Value::Int(left as i32));
        }
        if left == 0 {
            if note {
                ops.push(Op::Sync(self.access_record(group, AccessRecord::MONITOR, true, AccessClass::Sync)));
            }
            self.monitor_notify(group, true);
        }
        self.note_ops(ts, &ops, Some(group), None);
        self.monitor_exit(ts, group)
    }

    /// Notes operations `ops` (of `group`'s bookkeeping if that is `Some`, made
    /// holding `held` if known) as the interpreter notes each one it classifies
    /// inside an atomic method (`interpreter::stop_before`), in order.
    fn note_ops(&mut self, ts: &ThreadStack, ops: &Operations, group: Option<ObjRef>, held: Option<(Guards, Guards)>) {
        if ops.len > 0 {
            self.note_accesses_of(ts, &ops.ops[..ops.len], group, held);
            self.close_opening();
        }
    }
}

/// The operations of one stretch of the intrinsic that the interpreter would
/// classify (those that are not [`Op::Local`]), without allocating.
struct Operations {
    ops: [Op; 8],
    len: usize,
}

impl Default for Operations {
    fn default() -> Self {
        Operations { ops: [Op::Local; 8], len: 0 }
    }
}

impl Operations {
    fn push(&mut self, op: Op) {
        if op != Op::Local {
            self.ops[self.len] = op;
            self.len += 1;
        }
    }
}
