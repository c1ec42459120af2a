//! JDK start-up and running `main`.
//!
//! jvmc does not run `System.initPhase1`/`2`/`3`. [`Vm::boot`] does what a program
//! needs, in HotSpot's order (`Threads::create_vm`): initialise `String`, `System`,
//! `Class`, `ThreadGroup`, `Thread`; create the `system` and `main` thread groups and
//! the `main` thread; then the parts of `initPhase1` that matter — system properties,
//! `System.in/out/err`, the `JavaLangAccess` secrets — without signal handlers, the
//! module system or the system class loader. Everything else initialises lazily, on
//! first use.

use crate::class::ClassId;
use crate::error::{VmError, VmResult};
use crate::native::Unwind;
use crate::interpreter::Exit;
use crate::thread::{JThread, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// JDK classes whose initialiser only fills its own statics with constants or with
/// new objects built from constants: the boxing caches (HotSpot's CDS archive holds
/// the same ones), `CoderResult`'s constant results and the char buffers' array
/// offsets (the last three are what a program's first `println` initialises). When
/// such a class is initialised cannot be observed — nothing but the initialiser's
/// effects could tell (JLS §12.4.1), and it has none outside its own class — so the
/// vm initialises them at start-up. Left lazy, a model checker re-runs each of them
/// on every path that first uses it, since backtracking undoes the initialisation:
/// `Long.valueOf` in the POR clients' end-of-run check cost about a third of their
/// instructions, and a stateless search re-ran the `println` ones every execution.
const PURE_INITIALISERS: [&str; 7] = [
    "java/lang/Long$LongCache",
    "java/lang/Short$ShortCache",
    "java/lang/Byte$ByteCache",
    "java/lang/Character$CharacterCache",
    "java/nio/charset/CoderResult",
    "java/nio/CharBuffer",
    "java/nio/HeapCharBuffer",
];

/// Instructions a thread runs under `jvmc run` before another may run.
pub const RUN_SLICE: u64 = 100_000;

impl Vm {
    /// Starts the JDK: main thread, thread groups, system properties, standard streams.
    pub fn boot(&mut self) -> VmResult<()> {
        if !self.threads.is_empty() {
            return Err(VmError::Internal("boot called twice".into()));
        }
        self.threads.push(JThread::new(0, 1, None));
        let mut ts = std::mem::take(&mut self.threads[0].stack);
        let result = self.boot_on(&mut ts);
        self.threads[0].stack = ts;
        result
    }

    /// The name of thread `tid` (its `Thread.name`), for messages.
    pub(crate) fn thread_name(&self, tid: u32) -> String {
        let Some(t) = self.threads.get(tid as usize).and_then(|t| t.object) else { return "main".into() };
        let tc = self.wk.thread;
        let Ok(slot) = self.instance_slot(tc, "name", "Ljava/lang/String;") else { return "?".into() };
        match self.heap.field(t, slot) {
            Some(Value::Ref(Some(s))) => self.string_to_rust(s).unwrap_or_default(),
            _ => "?".into(),
        }
    }

    /// Describes a Java exception for an error message: `java.lang.Foo: message`.
    pub fn describe_throwable(&self, ex: ObjRef) -> String {
        let name = self.class(self.heap.class_of(ex)).java_name();
        match self.heap.field(ex, self.wk.throwable_message) {
            Some(Value::Ref(Some(m))) => match self.string_to_rust(m) {
                Ok(m) => format!("{name}: {m}"),
                Err(_) => name,
            },
            _ => name,
        }
    }

    fn unwind_to_error(&self, what: &str, e: Unwind) -> VmError {
        match e {
            Unwind::Throw(ex) => {
                let mut msg = format!("{what} failed: {}", self.describe_throwable(ex));
                for (m, pc) in self.backtrace(ex).into_iter().take(12) {
                    msg.push_str(&format!("\n\tat {}", self.frame_display(m, pc)));
                }
                VmError::Internal(msg)
            }
            Unwind::Halt(code) => VmError::Internal(format!("{what} halted with status {code}")),
            Unwind::Block | Unwind::Yield => VmError::Internal(format!("{what} blocked during start-up")),
            Unwind::Fatal(e) => e,
        }
    }

    /// Calls a static method by name during start-up.
    pub(crate) fn call_static(&mut self, ts: &mut ThreadStack, class: &str, name: &str, desc: &str, args: &[Value]) -> VmResult<Option<Value>> {
        let c = self.load_required(class)?;
        self.initialize_now(ts, c).map_err(|e| self.unwind_to_error(&format!("initialising {class}"), e))?;
        let Some(m) = self.declared_method(c, name, desc) else {
            return Err(VmError::Internal(format!("{class}.{name}{desc} not found")));
        };
        self.call_java(ts, m, args).map_err(|e| self.unwind_to_error(&format!("{class}.{name}"), e))
    }

    /// Calls an instance method (with virtual selection) during start-up.
    pub(crate) fn call_virtual(&mut self, ts: &mut ThreadStack, obj: ObjRef, name: &str, desc: &str, args: &[Value]) -> VmResult<Option<Value>> {
        let c = self.heap.class_of(obj);
        let Some(m) = self.resolve_method(c, name, desc) else {
            return Err(VmError::Internal(format!("{}.{name}{desc} not found", self.class(c).name)));
        };
        let target = self.select_method(c, m).unwrap_or(m);
        let mut all = vec![Value::obj(obj)];
        all.extend_from_slice(args);
        self.call_java(ts, target, &all).map_err(|e| self.unwind_to_error(&format!("{name}{desc}"), e))
    }

    /// `new Class(args)` during start-up.
    pub(crate) fn construct(&mut self, ts: &mut ThreadStack, class: &str, desc: &str, args: &[Value]) -> VmResult<ObjRef> {
        let c = self.load_required(class)?;
        self.initialize_now(ts, c).map_err(|e| self.unwind_to_error(&format!("initialising {class}"), e))?;
        let obj = self.alloc_object(c);
        self.construct_into(ts, obj, c, desc, args)?;
        Ok(obj)
    }

    fn construct_into(&mut self, ts: &mut ThreadStack, obj: ObjRef, c: ClassId, desc: &str, args: &[Value]) -> VmResult<()> {
        let Some(init) = self.declared_method(c, "<init>", desc) else {
            return Err(VmError::Internal(format!("{}.<init>{desc} not found", self.class(c).name)));
        };
        let mut all = vec![Value::obj(obj)];
        all.extend_from_slice(args);
        self.call_java(ts, init, &all).map_err(|e| self.unwind_to_error(&format!("new {}", self.class(c).name), e))?;
        Ok(())
    }

    pub(crate) fn static_of(&self, class: &str, name: &str, desc: &str) -> VmResult<Value> {
        let c = self.lookup_class(class).ok_or_else(|| VmError::Internal(format!("{class} not loaded")))?;
        self.static_value(c, name, desc)
    }

    fn set_static(&mut self, class: &str, name: &str, desc: &str, v: Value) -> VmResult<()> {
        let c = self.load_required(class)?;
        match self.find_field(c, name, desc) {
            Some((decl, f)) if f.is_static() => {
                let slot = f.slot as usize;
                self.set_static_slot(decl, slot, v);
                Ok(())
            }
            _ => Err(VmError::Internal(format!("no static field {class}.{name}"))),
        }
    }

    fn boot_on(&mut self, ts: &mut ThreadStack) -> VmResult<()> {
        self.initialize_by_name(ts, &["java/lang/Object", "java/lang/String", "java/lang/System", "java/lang/Class", "java/lang/ThreadGroup", "java/lang/Thread"])?;
        // thread groups and the main thread, as HotSpot's create_initial_thread does
        let tg = self.load_required("java/lang/ThreadGroup")?;
        let system_group = self.alloc_object(tg);
        self.construct_into(ts, system_group, tg, "()V", &[])?;
        let main_name = self.intern_str("main")?;
        let main_group = self.construct(ts, "java/lang/ThreadGroup", "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V", &[Value::obj(system_group), Value::obj(main_name)])?;
        let thread_class = self.wk.thread;
        let main_thread = self.alloc_object(thread_class);
        let (eetop, prio, status) = (self.wk.thread_eetop, self.wk.thread_priority, self.wk.thread_status);
        self.heap.set_field(main_thread, eetop, Value::Long(1));
        self.heap.set_field(main_thread, prio, Value::Int(5));
        self.heap.set_field(main_thread, status, Value::Int(crate::check::THREAD_STATUS_RUNNABLE));
        self.threads[0].object = Some(main_thread);
        self.construct_into(ts, main_thread, thread_class, "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V", &[Value::obj(main_group), Value::obj(main_name)])?;

        let module = self.construct(ts, "java/lang/Module", "(Ljava/lang/ClassLoader;)V", &[Value::NULL])?;
        self.set_unnamed_module(module);
        // "the VM preresolves methods to these classes", as HotSpot initialises them here
        self.initialize_by_name(ts, &["java/lang/reflect/Method", "java/lang/ref/Finalizer"])?;

        // System.initPhase1, minus signal handlers and OS-environment set-up
        self.call_static(ts, "java/lang/System", "setJavaLangAccess", "()V", &[])?;
        let temp_props = self
            .call_static(ts, "jdk/internal/util/SystemProps", "initProperties", "()Ljava/util/Map;", &[])?
            .ok_or_else(|| VmError::Internal("initProperties returned nothing".into()))?;
        self.call_static(ts, "java/lang/VersionProps", "init", "(Ljava/util/Map;)V", &[temp_props])?;
        self.call_static(ts, "jdk/internal/misc/VM", "saveProperties", "(Ljava/util/Map;)V", &[temp_props])?;
        let props = self
            .call_static(ts, "java/lang/System", "createProperties", "(Ljava/util/Map;)Ljava/util/Properties;", &[temp_props])?
            .ok_or_else(|| VmError::Internal("createProperties returned nothing".into()))?;
        self.set_static("java/lang/System", "props", "Ljava/util/Properties;", props)?;
        self.call_static(ts, "jdk/internal/util/StaticProperty", "javaHome", "()Ljava/lang/String;", &[])?;
        let Value::Ref(Some(props_obj)) = props else { return Err(VmError::Internal("no Properties".into())) };
        let get_prop = "(Ljava/lang/String;)Ljava/lang/String;";
        let key = Value::obj(self.intern_str("line.separator")?);
        let sep = self.call_virtual(ts, props_obj, "getProperty", get_prop, &[key])?.unwrap_or(Value::NULL);
        self.set_static("java/lang/System", "lineSeparator", "Ljava/lang/String;", sep)?;

        let fd_in = self.fd_static(ts, "in")?;
        let fd_out = self.fd_static(ts, "out")?;
        let fd_err = self.fd_static(ts, "err")?;
        let fis = self.construct(ts, "java/io/FileInputStream", "(Ljava/io/FileDescriptor;)V", &[fd_in])?;
        let bis = self.construct(ts, "java/io/BufferedInputStream", "(Ljava/io/InputStream;)V", &[Value::obj(fis)])?;
        self.call_static(ts, "java/lang/System", "setIn0", "(Ljava/io/InputStream;)V", &[Value::obj(bis)])?;
        for (fd, setter, enc_key) in [(fd_out, "setOut0", "sun.stdout.encoding"), (fd_err, "setErr0", "sun.stderr.encoding")] {
            let fos = self.construct(ts, "java/io/FileOutputStream", "(Ljava/io/FileDescriptor;)V", &[fd])?;
            let key = Value::obj(self.intern_str(enc_key)?);
            let enc = self.call_virtual(ts, props_obj, "getProperty", get_prop, &[key])?.unwrap_or(Value::NULL);
            let ps = self
                .call_static(ts, "java/lang/System", "newPrintStream", "(Ljava/io/FileOutputStream;Ljava/lang/String;)Ljava/io/PrintStream;", &[Value::obj(fos), enc])?
                .unwrap_or(Value::NULL);
            self.call_static(ts, "java/lang/System", setter, "(Ljava/io/PrintStream;)V", &[ps])?;
        }
        self.call_virtual(ts, main_group, "add", "(Ljava/lang/Thread;)V", &[Value::obj(main_thread)])?;
        self.call_static(ts, "jdk/internal/misc/VM", "initLevel", "(I)V", &[Value::Int(1)])?;
        // HotSpot initialises the exceptions it raises itself right after initPhase1
        self.initialize_by_name(
            ts,
            &[
                "java/lang/OutOfMemoryError",
                "java/lang/NullPointerException",
                "java/lang/ClassCastException",
                "java/lang/ArrayStoreException",
                "java/lang/ArithmeticException",
                "java/lang/StackOverflowError",
                "java/lang/IllegalMonitorStateException",
                "java/lang/IllegalArgumentException",
            ],
        )?;
        self.initialize_by_name(ts, &PURE_INITIALISERS)?;
        Ok(())
    }

    fn initialize_by_name(&mut self, ts: &mut ThreadStack, classes: &[&str]) -> VmResult<()> {
        for c in classes {
            let id = self.load_required(c)?;
            self.initialize_now(ts, id).map_err(|e| self.unwind_to_error(&format!("initialising {c}"), e))?;
        }
        Ok(())
    }

    fn fd_static(&mut self, ts: &mut ThreadStack, name: &str) -> VmResult<Value> {
        let c = self.load_required("java/io/FileDescriptor")?;
        self.initialize_now(ts, c).map_err(|e| self.unwind_to_error("initialising FileDescriptor", e))?;
        self.static_of("java/io/FileDescriptor", name, "Ljava/io/FileDescriptor;")
    }

    /// Runs `main_class.main(args)` on the main thread, as the `java` launcher does,
    /// and returns the exit status: 0, the `System.exit` status, or 1 after an uncaught
    /// exception in `main` (reported on `System.err` by the thread's handler).
    pub fn run_main(&mut self, main_class: &str, args: &[String]) -> VmResult<i32> {
        self.prepare_main(main_class, args)?;
        self.run_threads()
    }

    /// Runs every thread to the end under a deterministic round-robin schedule (a
    /// thread runs until it blocks or terminates, or for [`RUN_SLICE`] instructions
    /// when others could run), then runs the shutdown hooks, as `DestroyJavaVM` does.
    pub fn run_threads(&mut self) -> VmResult<i32> {
        let mut next = 0usize;
        loop {
            if let Some(code) = self.exit_status {
                return Ok(code);
            }
            if self.program_ended() {
                break;
            }
            let n = self.threads.len();
            let Some(tid) = (0..n).map(|i| (next + i) % n).find(|&t| self.thread_enabled(t as u32)) else {
                return Err(VmError::Deadlock(self.deadlock_description()));
            };
            next = tid + 1;
            let mut ts = std::mem::take(&mut self.threads[tid].stack);
            ts.tid = tid as u32;
            self.preempt_at = if n > 1 { self.instructions + RUN_SLICE } else { u64::MAX };
            let exit = self.execute(&mut ts);
            self.threads[tid].stack = ts;
            match exit? {
                Exit::Halted(code) => self.exit_status = Some(code),
                Exit::Uncaught(ex) | Exit::Threw(ex) => {
                    return Err(VmError::Internal(format!("exception escaped a thread entry: {}", self.describe_throwable(ex))))
                }
                Exit::Blocked | Exit::Yielded | Exit::Terminated | Exit::Returned => {}
            }
            if let Some(e) = self.missing_class.take() {
                return Err(e);
            }
        }
        self.preempt_at = u64::MAX;
        // DestroyJavaVM: run shutdown hooks
        let mut ts = std::mem::take(&mut self.threads[0].stack);
        let shutdown = self.load_required("java/lang/Shutdown")?;
        let result = match self.declared_method(shutdown, "shutdown", "()V") {
            Some(m) => self.call_java(&mut ts, m, &[]),
            None => Ok(None),
        };
        self.threads[0].stack = ts;
        match result {
            Err(Unwind::Halt(code)) => Ok(code),
            Err(Unwind::Fatal(e)) => Err(e),
            _ => Ok(if self.main_failed { 1 } else { 0 }),
        }
    }

    fn deadlock_description(&self) -> String {
        let stuck: Vec<String> = (0..self.threads.len() as u32)
            .filter(|&t| self.threads[t as usize].status != crate::thread::ThreadStatus::Terminated)
            .map(|t| format!("\"{}\" ({:?})", self.thread_name(t), self.threads[t as usize].status))
            .collect();
        format!("no thread can run: {}", stuck.join(", "))
    }

    /// An uncaught `NoClassDefFoundError` for a class missing from the class path,
    /// as an input error naming the class and where it was needed.
    pub(crate) fn missing_class_error(&self, ex: ObjRef) -> Option<VmError> {
        let ncdfe = self.lookup_class("java/lang/NoClassDefFoundError")?;
        if self.heap.class_of(ex) != ncdfe {
            return None;
        }
        let msg = match self.heap.field(ex, self.wk.throwable_message) {
            Some(Value::Ref(Some(m))) => self.string_to_rust(m).ok()?,
            _ => return None,
        };
        if !self.missing_classes.iter().any(|c| **c == *msg) {
            return None;
        }
        let needed_by = self.backtrace(ex).first().map_or_else(|| "?".to_string(), |&(m, pc)| self.frame_display(m, pc));
        Some(VmError::MissingClass { class: msg.replace('/', "."), needed_by })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::class::InitState;
    use crate::vm::VmOptions;

    /// The classes with pure initialisers are initialised once booting is done, so no
    /// search runs their initialisers (the JDK comes from `JAVA_HOME` or `java` on
    /// `PATH`).
    #[test]
    fn boot_runs_the_pure_initialisers() {
        let mut vm = Vm::new(VmOptions::default()).expect("a JDK 17");
        vm.boot().expect("boots");
        for name in PURE_INITIALISERS {
            let class = vm.lookup_class(name).unwrap_or_else(|| panic!("{name} is loaded"));
            assert_eq!(vm.class_states[class.0 as usize].init, InitState::Initialized, "{name}");
        }
    }
}
