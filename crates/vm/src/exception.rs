//! Java exceptions the vm raises itself (`NullPointerException`,
//! `ArrayIndexOutOfBoundsException`, ...) and stack traces (backtraces) of throwables.
//!
//! A vm-raised exception is built as its constructor would build it — message,
//! `cause = this`, the unassigned-stack and suppressed sentinels — and gets a
//! backtrace of the current frames. Backtraces are stored in `Throwable.backtrace`
//! as a `long[]` of `(method id << 32) | pc`, innermost first, at most 1024 frames
//! (HotSpot's `MaxJavaStackTraceDepth`).

use crate::class::{ClassId, MethodId};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::Unwind;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// HotSpot's default `MaxJavaStackTraceDepth`.
pub const MAX_STACK_TRACE_DEPTH: usize = 1024;

impl Vm {
    /// Builds a throwable of class `class` with `message` and returns it as an
    /// [`Unwind::Throw`] (or the failure to build it).
    pub(crate) fn throw_new(&mut self, ts: &mut ThreadStack, class: &str, message: Option<&str>) -> Unwind {
        match self.new_throwable(ts, class, message) {
            Ok(ex) => Unwind::Throw(ex),
            Err(e) => e,
        }
    }

    /// `NullPointerException` (its helpful message is computed lazily by
    /// `getExtendedNPEMessage`).
    pub(crate) fn null_pointer(&mut self, ts: &mut ThreadStack) -> Unwind {
        self.throw_new(ts, "java/lang/NullPointerException", None)
    }

    /// `ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 3`.
    pub(crate) fn index_out_of_bounds(&mut self, ts: &mut ThreadStack, index: i32, len: usize) -> Unwind {
        let msg = format!("Index {index} out of bounds for length {len}");
        self.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&msg))
    }

    /// A new throwable of class `class`, initialised as `new Class(message)` would.
    pub(crate) fn new_throwable(&mut self, ts: &mut ThreadStack, class: &str, message: Option<&str>) -> Result<ObjRef, Unwind> {
        let c = self.load_required(class)?;
        let msg = match message {
            Some(m) => Some(self.new_string(m)?),
            None => None,
        };
        self.new_throwable_of(ts, c, msg)
    }

    /// A new throwable of class `c` with message object `msg`.
    pub(crate) fn new_throwable_of(&mut self, ts: &mut ThreadStack, c: ClassId, msg: Option<ObjRef>) -> Result<ObjRef, Unwind> {
        self.initialize_now(ts, c)?;
        let throwable = self.wk.throwable;
        self.initialize_now(ts, throwable)?;
        let ex = self.alloc_object(c);
        let unassigned = self.static_value(throwable, "UNASSIGNED_STACK", "[Ljava/lang/StackTraceElement;")?;
        let sentinel = self.static_value(throwable, "SUPPRESSED_SENTINEL", "Ljava/util/List;")?;
        let wk = &self.wk;
        let (m, cause, st, sup) = (wk.throwable_message, wk.throwable_cause, wk.throwable_stack_trace, wk.throwable_suppressed);
        self.heap.set_field(ex, m, Value::Ref(msg));
        self.heap.set_field(ex, cause, Value::obj(ex));
        self.heap.set_field(ex, st, unassigned);
        self.heap.set_field(ex, sup, sentinel);
        self.fill_in_stack_trace(ts, ex, false)?;
        Ok(ex)
    }

    /// Wraps `cause` in a new `ExceptionInInitializerError` or
    /// `InvocationTargetException`, as their `(Throwable)` constructors do.
    pub(crate) fn wrap_exception(&mut self, ts: &mut ThreadStack, class: &str, cause: ObjRef) -> Result<ObjRef, Unwind> {
        let ex = self.new_throwable(ts, class, None)?;
        let c = self.heap.class_of(ex);
        if class == "java/lang/reflect/InvocationTargetException" {
            let target = self.instance_slot(c, "target", "Ljava/lang/Throwable;")?;
            self.heap.set_field(ex, target, Value::obj(cause));
            let cs = self.wk.throwable_cause;
            self.heap.set_field(ex, cs, Value::NULL);
        } else {
            let cs = self.wk.throwable_cause;
            self.heap.set_field(ex, cs, Value::obj(cause));
        }
        Ok(ex)
    }

    /// The value of a static field (the class must be initialised).
    pub(crate) fn static_value(&self, class: ClassId, name: &str, descriptor: &str) -> Result<Value, VmError> {
        match self.find_field(class, name, descriptor) {
            Some((decl, f)) if f.is_static() => Ok(self.class_states[decl.index()].statics[f.slot as usize]),
            _ => Err(VmError::Internal(format!("no static field {name}:{descriptor} in {}", self.class(class).name))),
        }
    }

    /// Records the current frames as the backtrace of `ex`. With `from_java`, skips the
    /// `fillInStackTrace` frames and the constructors of `ex` on top, as HotSpot does.
    pub(crate) fn fill_in_stack_trace(&mut self, ts: &ThreadStack, ex: ObjRef, from_java: bool) -> Result<(), Unwind> {
        let ex_class = self.heap.class_of(ex);
        let mut frames: Vec<i64> = Vec::new();
        let mut skipping = from_java;
        let mut skipping_init = from_java;
        for f in ts.frames.iter().rev() {
            if !matches!(f.kind, FrameKind::Java | FrameKind::Native) {
                continue;
            }
            let m = self.method(f.method);
            // frames of vm-built adapter classes are hidden, as HotSpot hides lambda forms
            if self.class(m.class).origin.is_none() {
                continue;
            }
            if skipping {
                if &*m.name == "fillInStackTrace" && self.is_assignable(m.class, self.wk.throwable) {
                    continue;
                }
                skipping = false;
            }
            if skipping_init {
                if m.is_init() && self.is_assignable(ex_class, m.class) {
                    continue;
                }
                skipping_init = false;
            }
            frames.push(((self.method(f.method).stable & crate::class::BACKTRACE_METHOD_MASK) | u64::from(f.pc & 0xffff)) as i64);
            if frames.len() == MAX_STACK_TRACE_DEPTH {
                break;
            }
        }
        let depth = frames.len() as i32;
        let la = self.load_required("[J")?;
        let bt = self.heap.alloc_array(la, Array::Long(frames.into()));
        let (b, d) = (self.wk.throwable_backtrace, self.wk.throwable_depth);
        self.heap.set_field(ex, b, Value::obj(bt));
        self.heap.set_field(ex, d, Value::Int(depth));
        Ok(())
    }

    /// The recorded backtrace of a throwable: `(method, pc)` innermost first.
    pub fn backtrace(&self, ex: ObjRef) -> Vec<(MethodId, u32)> {
        let Some(Value::Ref(Some(bt))) = self.heap.field(ex, self.wk.throwable_backtrace) else { return Vec::new() };
        match self.heap.array(bt) {
            Some(Array::Long(l)) => l.iter().filter_map(|&e| Some((*self.method_by_stable.get(&(e as u64 & crate::class::BACKTRACE_METHOD_MASK))?, (e & 0xffff) as u32))).collect(),
            _ => Vec::new(),
        }
    }

    /// `Class.method(File.java:line)` for one backtrace entry, as `StackTraceElement`
    /// prints it (without module prefix).
    pub fn frame_display(&self, m: MethodId, pc: u32) -> String {
        let method = self.method(m);
        let class = self.class(method.class);
        let file = class.def.as_ref().and_then(|d| d.source_file.clone());
        let line = match &method.body {
            crate::class::MethodBody::Code(c) => c.line_of(pc),
            _ => None,
        };
        let loc = match (&method.body, file, line) {
            (crate::class::MethodBody::Native(_) | crate::class::MethodBody::NativeUnlinked, _, _) => "Native Method".to_string(),
            (_, Some(f), Some(l)) => format!("{f}:{l}"),
            (_, Some(f), None) => f.to_string(),
            _ => "Unknown Source".to_string(),
        };
        format!("{}.{}({loc})", class.java_name(), method.name)
    }
}
