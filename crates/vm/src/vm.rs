//! The [`Vm`]: one Java world — class table, heap, threads, natives — and its options.

use std::io::Write;
use std::path::PathBuf;

use jvmc_classfile::ClassPath;
use rustc_hash::FxHashMap;

use crate::class::{Class, ClassId, ClassState, Method, MethodId};
use crate::error::{VmError, VmResult};
use crate::heap::Heap;
use crate::native::NativeRegistry;
use crate::thread::JThread;
use crate::value::ObjRef;
use crate::well_known::WellKnown;

/// Where the program's `System.out` and `System.err` bytes go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputMode {
    /// to this process's stdout/stderr
    Inherit,
    /// into [`Output::stdout`]/[`Output::stderr`]
    Capture,
}

/// The program's output.
#[derive(Debug)]
pub struct Output {
    /// mode
    pub mode: OutputMode,
    /// captured stdout
    pub stdout: Vec<u8>,
    /// captured stderr
    pub stderr: Vec<u8>,
    /// while capturing, also copy everything to this process's stderr
    pub echo: bool,
}

impl Output {
    /// Writes `bytes` to file descriptor `fd` (1 or 2).
    pub fn write(&mut self, fd: i32, bytes: &[u8]) -> std::io::Result<()> {
        if self.echo && self.mode == OutputMode::Capture {
            let mut e = std::io::stderr().lock();
            e.write_all(bytes)?;
            e.flush()?;
        }
        match (self.mode, fd) {
            (OutputMode::Capture, 2) => self.stderr.extend_from_slice(bytes),
            (OutputMode::Capture, _) => self.stdout.extend_from_slice(bytes),
            (OutputMode::Inherit, 2) => {
                let mut e = std::io::stderr().lock();
                e.write_all(bytes)?;
                e.flush()?;
            }
            (OutputMode::Inherit, _) => {
                let mut o = std::io::stdout().lock();
                o.write_all(bytes)?;
                o.flush()?;
            }
        }
        Ok(())
    }
}

/// Options of a vm.
#[derive(Clone, Debug)]
pub struct VmOptions {
    /// the JDK; `None` searches `JAVA_HOME` and `PATH`
    pub java_home: Option<PathBuf>,
    /// user class path entries
    pub class_path: Vec<PathBuf>,
    /// `-ea` for user classes (on by default, as the issue asks)
    pub enable_assertions: bool,
    /// where output goes
    pub output: OutputMode,
    /// maximum Java frames per thread before `StackOverflowError`
    pub max_frames: usize,
    /// extra system properties (`-Dk=v`)
    pub properties: Vec<(String, String)>,
}

impl Default for VmOptions {
    fn default() -> Self {
        VmOptions {
            java_home: None,
            class_path: Vec::new(),
            enable_assertions: true,
            output: OutputMode::Inherit,
            max_frames: 6000,
            properties: Vec::new(),
        }
    }
}

/// A Java virtual machine instance.
pub struct Vm {
    pub(crate) options: VmOptions,
    pub(crate) java_home: PathBuf,
    pub(crate) class_path: ClassPath,
    pub(crate) classes: Vec<Class>,
    pub(crate) class_states: Vec<ClassState>,
    pub(crate) class_by_name: FxHashMap<Box<str>, ClassId>,
    /// classes whose loading is in progress (circularity detection)
    pub(crate) loading: Vec<Box<str>>,
    pub(crate) methods: Vec<Method>,
    pub(crate) heap: Heap,
    pub(crate) threads: Vec<JThread>,
    pub(crate) natives: NativeRegistry,
    pub(crate) interned: FxHashMap<Box<[u16]>, ObjRef>,
    /// the saved `ExceptionInInitializerError` of each class whose initialisation
    /// failed, the cause of later `NoClassDefFoundError`s (JDK 17 behaviour)
    pub(crate) init_errors: FxHashMap<ClassId, ObjRef>,
    /// classes found missing during resolution, to report an uncaught
    /// `NoClassDefFoundError` as an input error
    pub(crate) missing_classes: Vec<Box<str>>,
    /// `(service, providers)` declared by the runtime image's modules, once read
    pub(crate) service_providers: Option<Vec<(Box<str>, Vec<Box<str>>)>>,
    /// objects that must never be collected (resolved constants, mirrors)
    pub(crate) pinned: Vec<ObjRef>,
    pub(crate) dispatch_cache: FxHashMap<(ClassId, MethodId), MethodId>,
    pub(crate) wk: WellKnown,
    /// the unnamed `java.lang.Module` every class belongs to (jvmc has no module system)
    pub(crate) unnamed_module: Option<ObjRef>,
    pub(crate) output: Output,
    /// `java.util.zip` inflater and deflater streams (native state, journaled and
    /// hashed; see `zip_streams.rs`)
    pub(crate) zip_streams: crate::zip_streams::ZipStreams,
    /// off-heap memory (`Unsafe.allocateMemory`; journaled and hashed; natives use it
    /// through the `native_*` methods of `native_memory/mod.rs`)
    pub(crate) native_memory: crate::native_memory::NativeMemory,
    /// files and directory streams the program opened (state; see `file_table.rs`)
    pub(crate) files: crate::file_table::FileTable,
    /// the model checker's state (journal, hashes, policy); `None` when just running
    pub(crate) check: Option<Box<crate::check::CheckState>>,
    /// the status the program exited with (`System.exit`, `Runtime.halt`)
    pub(crate) exit_status: Option<i32>,
    /// `jvmc run`: an exception escaped `main`
    pub(crate) main_failed: bool,
    /// `jvmc run`: a missing class ended the program (reported as an input error)
    pub(crate) missing_class: Option<VmError>,
    /// `jvmc run`: switch threads when the instruction count reaches this
    pub(crate) preempt_at: u64,
    /// bytecode instructions executed
    pub(crate) instructions: u64,
    /// counter for names of vm-made classes
    pub(crate) synthetic_classes: u32,
    /// methods by the stable-id bits a backtrace entry keeps
    /// (`class::BACKTRACE_METHOD_MASK`)
    pub(crate) method_by_stable: rustc_hash::FxHashMap<u64, MethodId>,
    /// classes by stable id (`class::stable_key`)
    pub(crate) class_by_stable: rustc_hash::FxHashMap<u64, ClassId>,
    /// deterministic clock, advanced by reads
    pub(crate) nano_clock: i64,
}

impl std::fmt::Debug for Vm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vm").field("classes", &self.classes.len()).finish_non_exhaustive()
    }
}

impl Vm {
    /// Opens the class path and prepares an empty world. Call [`Vm::boot`] next.
    pub fn new(options: VmOptions) -> VmResult<Vm> {
        let java_home = jvmc_classfile::find_java_home(options.java_home.as_deref())?;
        let class_path = ClassPath::new(&java_home, &options.class_path)?;
        let output = Output { mode: options.output, stdout: Vec::new(), stderr: Vec::new(), echo: false };
        let mut vm = Vm {
            options,
            java_home,
            class_path,
            classes: Vec::new(),
            class_states: Vec::new(),
            class_by_name: FxHashMap::default(),
            loading: Vec::new(),
            methods: Vec::new(),
            heap: Heap::new(),
            threads: Vec::new(),
            natives: NativeRegistry::with_all_peers(),
            interned: FxHashMap::default(),
            pinned: Vec::new(),
            service_providers: None,
            missing_classes: Vec::new(),
            init_errors: FxHashMap::default(),
            dispatch_cache: FxHashMap::default(),
            wk: WellKnown::default(),
            unnamed_module: None,
            output,
            zip_streams: Default::default(),
            files: crate::file_table::FileTable::default(),
            native_memory: Default::default(),
            check: None,
            exit_status: None,
            main_failed: false,
            missing_class: None,
            preempt_at: u64::MAX,
            instructions: 0,
            synthetic_classes: 0,
            method_by_stable: Default::default(),
            class_by_stable: Default::default(),
            nano_clock: 0,
        };
        vm.load_well_known()?;
        Ok(vm)
    }

    /// Saves newly parsed JDK classes in the class-data cache for later runs.
    pub fn persist_class_cache(&mut self) {
        self.class_path.persist_cache();
    }

    /// The class with id `c`.
    #[inline(always)]
    pub fn class(&self, c: ClassId) -> &Class {
        &self.classes[c.index()]
    }

    /// The method with id `m`.
    #[inline(always)]
    pub fn method(&self, m: MethodId) -> &Method {
        &self.methods[m.0 as usize]
    }

    /// The heap.
    pub fn heap(&self) -> &Heap {
        &self.heap
    }

    /// While capturing output, also copy it to this process's stderr (`--echo-output`).
    pub fn set_echo_output(&mut self, on: bool) {
        self.output.echo = on;
    }

    /// The number of threads ever started (ids `0..n`).
    pub fn thread_count(&self) -> usize {
        self.threads.len()
    }

    /// The status the program exited with, if it called `System.exit`.
    pub fn exit_status(&self) -> Option<i32> {
        self.exit_status
    }

    /// The program's output (captured mode).
    pub fn output(&self) -> &Output {
        &self.output
    }

    /// Bytecode instructions executed so far.
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Number of loaded classes.
    pub fn loaded_classes(&self) -> usize {
        self.classes.len()
    }

    /// `Class.method(descriptor)` for messages.
    pub fn method_display(&self, m: MethodId) -> String {
        let method = self.method(m);
        format!("{}.{}{}", self.class(method.class).java_name(), method.name, method.descriptor)
    }

    pub(crate) fn internal<T>(&self, msg: impl Into<String>) -> VmResult<T> {
        Err(VmError::Internal(msg.into()))
    }
}
