//! Class initialisation (JVMS §5.5) as a resumable frame.
//!
//! An instruction that needs an uninitialised class pushes a `ClassInit` frame and is
//! re-executed once that frame completes. The frame walks its stages: mark the class
//! in progress and set `ConstantValue` statics, initialise the superclass and the
//! superinterfaces that declare default methods, run `<clinit>`, mark initialised.
//! An exception from `<clinit>` marks the class failed and, unless it is an `Error`,
//! is wrapped in `ExceptionInInitializerError` (done by the unwinder).

use jvmc_classfile::PoolEntry;

use super::{ClassId, InitState};
use crate::native::Unwind;
use crate::thread::{Frame, FrameKind, ThreadStack};
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// Whether `class` may be used now. If not, a `ClassInit` frame has been pushed and
    /// the caller must return to the dispatch loop without advancing its pc.
    #[inline]
    pub(crate) fn ensure_initialized(&mut self, ts: &mut ThreadStack, class: ClassId) -> Result<bool, Unwind> {
        match self.class_states[class.index()].init {
            InitState::Initialized => Ok(true),
            InitState::InProgress(t) if t == ts.tid => Ok(true),
            // JVMS §5.5 step 2: wait until the other thread has finished
            InitState::InProgress(_) => {
                self.block_on(crate::check::BlockReason::ClassInit(class));
                Err(Unwind::Block)
            }
            InitState::Failed => Err(self.could_not_initialize(ts, class)),
            InitState::Uninitialized => {
                // class initialisation runs atomically under the model checker
                ts.frames.push(Frame {
                    method: crate::class::MethodId(0),
                    pc: 0,
                    base: ts.values.len() as u32,
                    kind: FrameKind::ClassInit { class, stage: 0 },
                    atomic: true,
                    library: false,
                    lin: false,
                    bookkeeping: false,
                });
                Ok(false)
            }
        }
    }

    /// Initialises `class` before returning (runs `<clinit>` in a nested loop). For
    /// natives that need an initialised class, such as reflection and exception
    /// construction.
    pub(crate) fn initialize_now(&mut self, ts: &mut ThreadStack, class: ClassId) -> Result<(), Unwind> {
        let barrier = ts.frames.len();
        ts.frames.push(Frame::new(crate::class::MethodId(0), 0, ts.values.len() as u32, FrameKind::Barrier));
        let ready = match self.ensure_initialized(ts, class) {
            Ok(r) => r,
            Err(e) => {
                ts.frames.truncate(barrier);
                return Err(e);
            }
        };
        if let Some(chk) = self.check.as_mut() {
            chk.nested += 1;
        }
        let result = if ready { Ok(crate::interpreter::Exit::Returned) } else { self.execute(ts) };
        if let Some(chk) = self.check.as_mut() {
            chk.nested -= 1;
        }
        let base = ts.frames[barrier].base as usize;
        ts.frames.truncate(barrier);
        ts.values.truncate(base);
        match result? {
            crate::interpreter::Exit::Returned => Ok(()),
            crate::interpreter::Exit::Threw(ex) | crate::interpreter::Exit::Uncaught(ex) => Err(Unwind::Throw(ex)),
            crate::interpreter::Exit::Halted(code) => Err(Unwind::Halt(code)),
            crate::interpreter::Exit::Blocked => Err(Unwind::Block),
            crate::interpreter::Exit::Yielded | crate::interpreter::Exit::Terminated => {
                Err(Unwind::Fatal(crate::error::VmError::Internal("class initialisation stopped at a scheduling point".into())))
            }
        }
    }

    /// Advances the `ClassInit` frame on top of the stack by one stage.
    pub(crate) fn step_class_init(&mut self, ts: &mut ThreadStack, class: ClassId, stage: u8) -> Result<(), Unwind> {
        let top = ts.frames.len() - 1;
        match stage {
            0 => {
                if self.class_states[class.index()].init == InitState::Uninitialized {
                    self.set_init_state(class, InitState::InProgress(ts.tid));
                    self.set_constant_statics(class)?;
                }
                let c = self.class(class);
                let mut supers: Vec<ClassId> = Vec::new();
                if !c.is_interface() {
                    supers.extend(c.super_class);
                    self.default_superinterfaces(class, &mut supers);
                }
                for s in supers {
                    if self.class_states[s.index()].init == InitState::Uninitialized {
                        // stay at stage 0: come back here when the supertype is done
                        self.ensure_initialized(ts, s)?;
                        return Ok(());
                    }
                    if self.class_states[s.index()].init == InitState::Failed {
                        return Err(self.could_not_initialize(ts, s));
                    }
                }
                match self.class(class).clinit {
                    Some(clinit) => {
                        ts.frames[top].kind = FrameKind::ClassInit { class, stage: 2 };
                        self.invoke_method(ts, clinit)?;
                    }
                    None => ts.frames[top].kind = FrameKind::ClassInit { class, stage: 2 },
                }
                Ok(())
            }
            _ => {
                self.set_init_state(class, InitState::Initialized);
                self.after_initialization(class);
                let f = ts.frames.pop().map(|f| f.base as usize).unwrap_or(0);
                ts.values.truncate(f);
                Ok(())
            }
        }
    }

    /// Values the JVM injects into a class right after initialising it:
    /// `jdk.internal.misc.UnsafeConstants` (its initialiser only sets defaults).
    fn after_initialization(&mut self, class: ClassId) {
        if &*self.class(class).name != "jdk/internal/misc/UnsafeConstants" {
            return;
        }
        let values = [
            ("ADDRESS_SIZE0", "I", Value::Int(8)),
            ("PAGE_SIZE", "I", Value::Int(4096)),
            ("BIG_ENDIAN", "Z", Value::Int(0)),
            ("UNALIGNED_ACCESS", "Z", Value::Int(1)),
            ("DATA_CACHE_LINE_FLUSH_SIZE", "I", Value::Int(0)),
        ];
        for (name, desc, v) in values {
            if let Some(slot) = self.class(class).field(name, desc).filter(|f| f.is_static()).map(|f| f.slot as usize) {
                self.set_static_slot(class, slot, v);
            }
        }
    }

    /// `NoClassDefFoundError: Could not initialize class X`, caused by the saved
    /// initialisation error of `X` (JVMS §5.5 step 5, with JDK 17's cause).
    fn could_not_initialize(&mut self, ts: &mut ThreadStack, class: ClassId) -> Unwind {
        let msg = format!("Could not initialize class {}", self.class(class).java_name());
        let ex = match self.new_throwable(ts, "java/lang/NoClassDefFoundError", Some(&msg)) {
            Ok(ex) => ex,
            Err(e) => return e,
        };
        if let Some(&cause) = self.init_errors.get(&class) {
            let slot = self.wk.throwable_cause;
            self.heap.set_field(ex, slot, Value::obj(cause));
        }
        Unwind::Throw(ex)
    }

    /// Saves why `class` failed to initialise, as HotSpot does: an
    /// `ExceptionInInitializerError` whose message names the exception and the thread,
    /// carrying that exception's stack trace.
    pub(crate) fn record_init_error(&mut self, ts: &mut ThreadStack, class: ClassId, ex: crate::value::ObjRef) -> Result<(), Unwind> {
        let name = self.class(self.heap.class_of(ex)).java_name();
        let message = match self.heap.field(ex, self.wk.throwable_message) {
            Some(Value::Ref(Some(m))) => Some(self.string_to_rust(m)?),
            _ => None,
        };
        let thread = self.thread_name(ts.tid);
        let text = match message {
            Some(m) => format!("Exception {name}: {m} [in thread \"{thread}\"]"),
            None => format!("Exception {name} [in thread \"{thread}\"]"),
        };
        let err = self.new_throwable(ts, "java/lang/ExceptionInInitializerError", Some(&text))?;
        let throwable = self.wk.throwable;
        if let Some(get) = self.resolve_method(throwable, "getStackTrace", "()[Ljava/lang/StackTraceElement;") {
            let target = self.select_method(self.heap.class_of(ex), get).unwrap_or(get);
            if let Some(trace) = self.call_java(ts, target, &[Value::obj(ex)])? {
                let (st, bt) = (self.wk.throwable_stack_trace, self.wk.throwable_backtrace);
                self.heap.set_field(err, st, trace);
                self.heap.set_field(err, bt, Value::NULL);
            }
        }
        self.record_init_error_object(class, err);
        Ok(())
    }

    /// The superinterfaces of `class` that declare a non-abstract, non-static method,
    /// in JVMS §5.5 step 7 order: for each direct superinterface (in declaration
    /// order), its own superinterfaces first, then itself.
    fn default_superinterfaces(&self, class: ClassId, out: &mut Vec<ClassId>) {
        for &i in &self.class(class).interfaces {
            self.default_superinterfaces(i, out);
            if self.class(i).declares_defaults && !out.contains(&i) {
                out.push(i);
            }
        }
    }

    fn set_constant_statics(&mut self, class: ClassId) -> Result<(), Unwind> {
        let constants: Vec<(u32, PoolEntry)> = self
            .class(class)
            .fields
            .iter()
            .filter(|f| f.is_static())
            .filter_map(|f| f.constant.clone().map(|c| (f.slot, c)))
            .collect();
        for (slot, c) in constants {
            let v = match c {
                PoolEntry::Int(i) => Value::Int(i),
                PoolEntry::Long(l) => Value::Long(l),
                PoolEntry::Float(f) => Value::Float(f),
                PoolEntry::Double(d) => Value::Double(d),
                PoolEntry::String(s) => Value::obj(self.intern_utf16(&s)?),
                _ => continue,
            };
            self.set_static_slot(class, slot as usize, v);
        }
        Ok(())
    }
}
