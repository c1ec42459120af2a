//! Java threads as the vm holds them: a frame stack over one slot vector, a status,
//! and the `java.lang.Thread` object.
//!
//! This module owns the data; running a thread is the interpreter's business, and
//! choosing which thread runs is never the vm's (the search decides).

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
}

/// One activation record. Locals start at `base` in the thread's slot vector; the
/// operand stack follows the locals.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// the method (meaningful for `Java` and `Native` frames)
    pub method: MethodId,
    /// index of the current (or, in callers, the invoking) instruction
    pub pc: u32,
    /// first local slot
    pub base: u32,
    /// what this frame is
    pub kind: FrameKind,
}

/// The execution stack of one thread.
#[derive(Clone, Debug, Default)]
pub struct ThreadStack {
    /// the thread's index in the vm
    pub tid: u32,
    /// locals and operand stacks of all frames, bottom first
    pub values: Vec<Value>,
    /// frames, bottom first
    pub frames: Vec<Frame>,
}

/// Lifecycle of a thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadStatus {
    /// created by `Thread.start` (or the main thread), can run
    Runnable,
    /// finished
    Terminated,
}

/// A Java thread.
#[derive(Debug)]
pub struct JThread {
    /// the `java.lang.Thread` object
    pub object: Option<ObjRef>,
    /// the stack; empty while the thread is running (the interpreter holds it)
    pub stack: ThreadStack,
    /// status
    pub status: ThreadStatus,
}

/// The method/pc pairs of a stack trace, innermost first.
pub type Backtrace = Vec<(MethodId, u32)>;
