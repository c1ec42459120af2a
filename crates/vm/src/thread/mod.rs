//! Java threads as the vm holds them: a frame stack over one slot vector, a status,
//! and the `java.lang.Thread` object.
//!
//! This module owns the data; running a thread is the interpreter's business
//! (`transition.rs`), and choosing which thread runs is never the vm's (the search
//! decides).

use jvmc_classfile::descriptor::BasicType;

use crate::class::{ClassId, MethodId};
use crate::value::{ObjRef, Value};

/// What a frame is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FrameKind {
    /// an interpreted method
    Java,
    /// a native method being called (present so stack traces and caller-sensitive
    /// natives see it)
    Native,
    /// the boundary of a call from Rust into Java; execution stops when it is reached
    Barrier,
    /// the bottom frame of a thread: runs `run()` (or `main`), hands an escaping
    /// exception to the uncaught-exception handler, calls `Thread.exit()`, and
    /// terminates the thread; `stage` counts the steps done
    ThreadEntry {
        /// 0: body running; 1: body done (an exception, if any, is on the stack);
        /// 2: handler done; 3: `exit()` done
        stage: u8,
    },
    /// class initialisation of `class` in progress (JVMS §5.5); `stage` counts the
    /// steps already done
    ClassInit {
        /// the class being initialised
        class: ClassId,
        /// 0: superclass/superinterfaces next; 1: `<clinit>` running; 2: done
        stage: u8,
    },
    /// a reflective call (`Method.invoke`, `Constructor.newInstance`): the callee's
    /// result is boxed (or replaced by `result`) and exceptions are wrapped in
    /// `InvocationTargetException`
    Reflective {
        /// box a primitive result of this type
        box_result: Option<BasicType>,
        /// return this object instead of the callee's (void) result
        result: Option<ObjRef>,
    },
    /// a `VarHandle` access mode the JDK implements in Java, called with arguments
    /// converted as `MethodHandle.asType` does: the callee's result of type `from` is
    /// converted to the call site's return type `to` (class ids; `void`'s
    /// pseudo-class when there is no value)
    VarHandleResult {
        /// the access-mode type's return type
        from: ClassId,
        /// the call site's return type
        to: ClassId,
    },
}

/// One activation record. Locals start at `base` in the thread's slot vector; the
/// operand stack follows the locals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// the method (meaningful for `Java` and `Native` frames)
    pub method: MethodId,
    /// index of the current (or, in callers, the invoking) instruction
    pub pc: u32,
    /// first local slot
    pub base: u32,
    /// what this frame is
    pub kind: FrameKind,
    /// whether the frame runs atomically under the model checker (no scheduling
    /// points until it returns)
    pub atomic: bool,
    /// whether the frame belongs to a trusted library call run as one step
    /// (`check/library.rs`): set on the call's frame and on the library frames it
    /// calls, not on frames of user classes
    pub library: bool,
    /// whether the frame is a call on an object `--linearizability` checks: its
    /// return is the call's response (`check/linearizability`)
    pub lin: bool,
    /// whether the frame runs thread-group bookkeeping (set on the call's frame and
    /// on every frame it calls), whose label one update of the group's monitor
    /// stands for (`check/thread_group.rs`): its data accesses are not classified
    pub bookkeeping: bool,
}

impl Frame {
    /// A frame that is not atomic.
    pub fn new(method: MethodId, pc: u32, base: u32, kind: FrameKind) -> Frame {
        Frame { method, pc, base, kind, atomic: false, library: false, lin: false, bookkeeping: false }
    }
}

/// The execution stack of one thread.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ThreadStack {
    /// the thread's index in the vm
    pub tid: u32,
    /// locals and operand stacks of all frames, bottom first
    pub values: Vec<Value>,
    /// frames, bottom first
    pub frames: Vec<Frame>,
}

impl ThreadStack {
    /// Whether a frame on the stack runs atomically.
    pub fn in_atomic(&self) -> bool {
        self.frames.iter().any(|f| f.atomic)
    }
}

/// Where a thread is in its life cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThreadStatus {
    /// can run (it may still be unable to, e.g. before a contended monitor)
    Runnable,
    /// in `Object.wait`: out of the monitor, in its wait set
    Waiting {
        /// the monitor's object
        monitor: ObjRef,
        /// recursion count to restore
        count: u32,
        /// the timeout in nanoseconds, if the wait may end by timing out (see
        /// `check::TimeoutPolicy`; `None` for an untimed wait)
        timeout: Option<i64>,
    },
    /// in `Unsafe.park`
    Parked {
        /// the timeout in nanoseconds, if the park may end by timing out
        timeout: Option<i64>,
    },
    /// finished
    Terminated,
}

/// A Java thread.
#[derive(Clone, Debug, PartialEq)]
pub struct JThread {
    /// the `java.lang.Thread` object
    pub object: Option<ObjRef>,
    /// stable identity (from the parent's identity and child count)
    pub sid: u64,
    /// the stack; empty while the thread is running (the interpreter holds it)
    pub stack: ThreadStack,
    /// life cycle
    pub status: ThreadStatus,
    /// `LockSupport` permit
    pub permit: bool,
    /// whether it is a daemon thread (the program ends without it)
    pub daemon: bool,
    /// threads started by this one (for their identities)
    pub children: u32,
    /// identity hash codes this thread handed out to objects allocated while checking
    /// (the source of the next one; see `native/java_lang/object.rs`)
    pub identity_hashes: u32,
    /// journal epoch of the last copy of this thread
    pub epoch: u32,
    /// what the thread stands before (model checker; refreshed after each step)
    pub(crate) pending: Option<crate::check::Op>,
    /// why its last step blocked (model checker)
    pub(crate) blocked: Option<crate::check::BlockReason>,
}

impl JThread {
    /// A runnable thread with an empty stack.
    pub fn new(tid: u32, sid: u64, object: Option<ObjRef>) -> JThread {
        JThread {
            object,
            sid,
            stack: ThreadStack { tid, ..ThreadStack::default() },
            status: ThreadStatus::Runnable,
            permit: false,
            daemon: false,
            children: 0,
            identity_hashes: 0,
            epoch: 0,
            pending: None,
            blocked: None,
        }
    }
}

/// The method/pc pairs of a stack trace, innermost first.
pub type Backtrace = Vec<(MethodId, u32)>;
