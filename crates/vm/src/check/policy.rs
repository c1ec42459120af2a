//! Scheduling points (DESIGN.md "Scheduling points, transitions and labels").
//!
//! Synchronisation always breaks: `monitorenter`/`monitorexit`, synchronized method
//! entry and exit, `wait`/`notify`, thread start, `yield`/`sleep`, `park`/`unpark`,
//! `interrupt`. Heap accesses break by policy: `all` — every field, static and array
//! access; `shared` — accesses to objects another thread can reach (`sharing.rs`) and
//! to statics; `classes:<patterns>` — accesses to objects of the listed classes, plus
//! every `Unsafe`/`VarHandle` access (CAS and friends). Reads of final fields never
//! break (they cannot race), nor do the JDK's benign hash caches (`String.hash`).
//! Off-heap memory (`native_memory`) is shared under every policy — any thread that
//! knows an address can reach it — so every `Unsafe` operation on it breaks: raw
//! accesses, `copyMemory`/`setMemory`/`copySwapMemory` with a raw side, allocation
//! (the allocator's next address is state), reallocation and free. Their access
//! records are computed from the operands in the state the operation runs from
//! ([`Span`]), as the natives report them.
//!
//! Natives that use the open-file table (`file_table.rs`) break too, as writes of
//! one shared location.
//!
//! Classification looks at the instruction a thread stands before and its operands
//! on the stack; it resolves constant-pool entries (cached) but never runs Java code.

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{access, Insn, PoolEntry};

use super::choice::{Choice, ChoiceKind, Performs};
use super::AccessRecord;
use crate::class::{ClassId, MethodBody, MethodId, Resolved};
use crate::heap::SHARED;
use crate::native::java_lang_invoke::{is_jvmc_var_handle, var_handle_target};
use crate::native::jdk_internal::unsafe_access::{locate, Location};
use crate::native::Unwind;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Which operations are scheduling points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchedPolicy {
    /// every heap access and every synchronisation operation
    All,
    /// synchronisation and accesses to objects more than one thread can reach
    Shared,
    /// synchronisation, `Unsafe`/`VarHandle` accesses, and accesses to objects of
    /// classes matching these patterns (`*` matches any run of characters; names use
    /// dots, e.g. `java.util.concurrent.*`)
    Classes(Vec<String>),
}

impl SchedPolicy {
    /// Parses `all`, `shared` or `classes:<pattern>,<pattern>...`.
    pub fn parse(s: &str) -> Option<SchedPolicy> {
        match s {
            "all" => Some(SchedPolicy::All),
            "shared" => Some(SchedPolicy::Shared),
            _ => s.strip_prefix("classes:").map(|p| SchedPolicy::Classes(p.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect())),
        }
    }
}

/// Whether `name` (dotted) matches a `*` pattern.
pub(super) fn glob(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.as_bytes(), name.as_bytes());
    let (mut pi, mut ni, mut star, mut mark) = (0, 0, usize::MAX, 0);
    while ni < n.len() {
        if pi < p.len() && (p[pi] == n[ni] || p[pi] == b'?') {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == b'*' {
            star = pi;
            mark = ni;
            pi += 1;
        } else if star != usize::MAX {
            pi = star + 1;
            mark += 1;
            ni = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == b'*' {
        pi += 1;
    }
    pi == p.len()
}

/// Which accesses partial-order reduction may treat as invisible (independent of
/// every other thread's transitions).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Visibility {
    /// sound: an access is visible when another thread can reach what it touches
    /// (objects marked shared, every static, monitors and threads of shared objects)
    #[default]
    Reachable,
    /// the stateful POR paper's mode: accesses to objects and statics of classes
    /// matching these patterns, every synchronisation operation and every
    /// `Unsafe`/`VarHandle` access are visible; everything else is not (sound only for
    /// clients that do nothing but call the listed classes)
    Classes(Vec<String>),
}

impl Visibility {
    /// Parses a comma-separated pattern list (`--visible-classes`).
    pub fn classes(patterns: &str) -> Visibility {
        Visibility::Classes(patterns.split(',').filter(|x| !x.is_empty()).map(str::to_string).collect())
    }
}

/// What kind of operation an access belongs to (for [`Visibility`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AccessClass {
    /// a field or array element access
    Data,
    /// a monitor or thread operation
    Sync,
    /// an `Unsafe` or `VarHandle` access (CAS and friends)
    Atomic,
}

/// What the operation a thread stands before does, for scheduling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// not a scheduling point
    Local,
    /// a shared heap access
    Access(AccessRecord),
    /// acquiring a monitor (`monitorenter`, synchronized method entry): enabled only
    /// while the monitor is free or already the thread's
    Lock(ObjRef),
    /// `Thread.join()` on this thread object: enabled only once that thread has
    /// terminated (or the joining thread is interrupted)
    Join(ObjRef),
    /// another synchronisation operation with its access
    Sync(AccessRecord),
    /// a synchronisation operation that may block and is interruptible (`wait`,
    /// `park`): its access, and a write of the thread's interrupt status
    Blocking(AccessRecord),
    /// a call whose result is a choice (`choice.rs`): a weak compare-and-set, a
    /// random draw
    Choice(super::choice::Choice),
    /// an `Unsafe` memory operation on off-heap memory or array storage: what its two
    /// sides touch (source and destination of a copy)
    Memory(Span, Span),
    /// a trusted library call that runs as one step (`library.rs`): what it accesses
    /// is known only once it has run (its label); whether it takes or releases a
    /// lock is `release.rs`'s [`Vm::lock_call`]
    Library {
        /// the trusted method called
        call: MethodId,
    },
}

/// One side of an `Unsafe` memory operation: what it touches. Its access records are
/// computed in the state the operation runs from (see `native_memory` for off-heap
/// records), so they are exactly what the operation does there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Span {
    /// nothing
    Nothing,
    /// `len` bytes of off-heap memory at `addr`
    Raw {
        /// first byte
        addr: u64,
        /// bytes
        len: u64,
        /// writes them
        write: bool,
    },
    /// `len` bytes of a primitive array's storage from byte `rel`
    Array {
        /// the array
        arr: ObjRef,
        /// first byte
        rel: u64,
        /// bytes
        len: u64,
        /// writes them
        write: bool,
    },
    /// `count` elements of an array from index `from`, as plain accesses
    /// (`System.arraycopy`)
    Elements {
        /// the array
        arr: ObjRef,
        /// first index
        from: u32,
        /// elements
        count: u32,
        /// writes them
        write: bool,
    },
    /// the off-heap allocator (allocating, reallocating)
    Allocator,
    /// the off-heap block starting at this address, as a whole (freeing, reallocating)
    Block(u64),
}

/// Fields whose races are benign by construction: idempotent caches, and
/// `Thread.target`, written only by the constructor (before the thread object can be
/// shared) and by the thread itself when it exits.
const BENIGN: &[(&str, &str)] = &[("java/lang/String", "hash"), ("java/lang/String", "hashIsZero"), ("java/lang/Thread", "target")];

/// Methods that run atomically under the model checker: JDK bookkeeping around thread
/// start and exit, and printing (whose locking the stream does internally; a whole
/// `println` is one visible operation).
pub(crate) fn is_atomic_method(class: &str, name: &str) -> bool {
    matches!((class, name), ("java/lang/Thread", "start") | ("java/lang/Thread", "exit"))
        || class == "java/lang/ThreadGroup"
        || class == "java/io/PrintStream"
}

impl Op {
    /// Appends the shared accesses this operation makes (its own, first).
    pub(crate) fn accesses(self, vm: &Vm, out: &mut Vec<AccessRecord>) {
        match self {
            Op::Local | Op::Library { .. } => {}
            Op::Access(a) | Op::Sync(a) | Op::Blocking(a) => out.push(a),
            Op::Lock(o) => out.push(vm.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
            Op::Join(o) => out.push(vm.access_record(o, AccessRecord::LIFECYCLE, false, AccessClass::Sync)),
            Op::Memory(a, b) => {
                vm.span_records(a, out);
                vm.span_records(b, out);
            }
            Op::Choice(c) => match c.kind {
                super::choice::ChoiceKind::WeakCas(performs) => Op::from(performs).accesses(vm, out),
                super::choice::ChoiceKind::Draw(_) => {}
            },
        }
    }

    /// Whether the operation also reads (and may clear) the running thread's
    /// interrupt status: `wait`, `park`, `join`.
    pub(crate) fn interruptible(self) -> bool {
        matches!(self, Op::Blocking(_) | Op::Join(_))
    }
}

impl Vm {
    /// A stable id for a class's statics.
    pub(crate) fn class_sid(&self, c: ClassId) -> u64 {
        crate::heap::mix_ids(0x5741_7449_4353, self.class(c).name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x1000_0000_01b3)))
    }

    /// The access record of an access to `obj`, with its visibility (see
    /// [`Visibility`]).
    pub(crate) fn access_record(&self, obj: ObjRef, field: u32, write: bool, class: AccessClass) -> AccessRecord {
        self.remember_if_synchronizer(obj);
        let o = self.heap.get(obj);
        let visible = match self.check.as_ref().map(|c| &c.options.visibility) {
            None | Some(Visibility::Reachable) => o.has(SHARED),
            Some(Visibility::Classes(pats)) => match class {
                AccessClass::Sync | AccessClass::Atomic => true,
                AccessClass::Data => {
                    let name = self.class(self.heap.class_of(obj)).java_name();
                    pats.iter().any(|p| glob(p, &name))
                }
            },
        };
        AccessRecord { object: o.sid, field, write, update: false, visible, owner: o.class.0 }
    }

    /// Whether accesses to the statics of `c` are visible.
    fn class_visible(&self, c: ClassId) -> bool {
        match self.check.as_ref().map(|c| &c.options.visibility) {
            None | Some(Visibility::Reachable) => true,
            Some(Visibility::Classes(pats)) => {
                let name = self.class(c).java_name();
                pats.iter().any(|p| glob(p, &name))
            }
        }
    }

    pub(super) fn policy_covers_object(&self, obj: ObjRef) -> bool {
        let Some(chk) = &self.check else { return false };
        match &chk.options.policy {
            SchedPolicy::All => true,
            SchedPolicy::Shared => self.heap.get(obj).has(SHARED),
            SchedPolicy::Classes(pats) => {
                let name = self.class(self.heap.class_of(obj)).java_name();
                pats.iter().any(|p| glob(p, &name))
            }
        }
    }

    /// Whether entering or leaving the monitor of `obj` can matter to another thread.
    /// Under the `shared` policy only if another thread can reach `obj`: nobody else
    /// can then contend for the monitor (a `synchronized` block on a fresh
    /// `StringBuffer`, `Throwable.fillInStackTrace` on a new exception). Class
    /// mirrors and interned strings are shared from their creation (`Heap::publish`),
    /// and an object published while its monitor is held is shared by the time the
    /// holder leaves it. Under the other policies synchronisation always counts.
    pub(crate) fn monitor_visible(&self, obj: ObjRef) -> bool {
        match self.check.as_ref().map(|c| &c.options.policy) {
            Some(SchedPolicy::Shared) => self.heap.get(obj).has(SHARED),
            _ => true,
        }
    }

    fn policy_covers_class(&self, c: ClassId) -> bool {
        let Some(chk) = &self.check else { return false };
        match &chk.options.policy {
            SchedPolicy::All | SchedPolicy::Shared => true,
            SchedPolicy::Classes(pats) => {
                let name = self.class(c).java_name();
                pats.iter().any(|p| glob(p, &name))
            }
        }
    }

    fn policy_covers_unsafe(&self, obj: ObjRef) -> bool {
        match self.check.as_ref().map(|c| &c.options.policy) {
            Some(SchedPolicy::All | SchedPolicy::Classes(_)) => true,
            Some(SchedPolicy::Shared) => self.heap.get(obj).has(SHARED),
            None => false,
        }
    }

    /// Whether a side of a memory operation makes it a scheduling point: off-heap
    /// memory always, an array as the policy says.
    fn policy_covers_span(&self, span: Span) -> bool {
        match span {
            Span::Nothing => false,
            Span::Raw { .. } | Span::Allocator | Span::Block(_) => self.check.is_some(),
            Span::Array { arr, .. } => self.policy_covers_unsafe(arr),
            Span::Elements { arr, .. } => self.policy_covers_object(arr),
        }
    }

    /// Appends the access records of one side of a memory operation.
    fn span_records(&self, span: Span, out: &mut Vec<AccessRecord>) {
        match span {
            Span::Nothing => {}
            Span::Raw { addr, len, write } => self.native_access_records(addr, len, write, out),
            Span::Array { arr, rel, len, write } => {
                let Some(a) = self.heap.array(arr) else { return };
                let scale = a.element_size().max(1) as u64;
                let last = rel.saturating_add(len.max(1) - 1) / scale;
                for i in rel / scale..=last.min((a.len() as u64).saturating_sub(1)) {
                    out.push(self.access_record(arr, i as u32, write, AccessClass::Atomic));
                }
            }
            Span::Elements { arr, from, count, write } => {
                let len = self.heap.array(arr).map_or(0, |a| a.len() as u32);
                for i in from..from.saturating_add(count).min(len) {
                    out.push(self.access_record(arr, i, write, AccessClass::Data));
                }
            }
            Span::Allocator => out.push(Vm::allocator_record(true)),
            Span::Block(addr) => out.push(self.native_block_record(addr)),
        }
    }

    /// The side `(o, off)` of `len` bytes of a memory operation: off-heap memory for
    /// a `null` base, else a primitive array's storage.
    fn memory_span(&self, o: Option<ObjRef>, off: i64, len: i64, write: bool) -> Span {
        if len <= 0 {
            return Span::Nothing;
        }
        match o {
            None => Span::Raw { addr: off as u64, len: len as u64, write },
            Some(arr) if self.heap.array(arr).is_some() => {
                Span::Array { arr, rel: (off - crate::native::jdk_internal::unsafe_access::ARRAY_BASE).max(0) as u64, len: len as u64, write }
            }
            Some(_) => Span::Nothing,
        }
    }

    /// Parameter `i` of the method the thread of `ts` stands before calling (with
    /// parameter types `params`; the receiver is not a parameter).
    fn call_arg(ts: &ThreadStack, params: &[BasicType], i: usize) -> Option<Value> {
        let total: usize = params.iter().map(|p| p.slots()).sum();
        let before: usize = params.get(..i)?.iter().map(|p| p.slots()).sum();
        ts.values.get(ts.values.len().checked_sub(total)? + before).copied()
    }

    pub(super) fn stack_ref(ts: &ThreadStack, depth: usize) -> Option<ObjRef> {
        match ts.values.len().checked_sub(depth + 1).and_then(|i| ts.values.get(i)) {
            Some(Value::Ref(r)) => *r,
            _ => None,
        }
    }

    fn stack_int(ts: &ThreadStack, depth: usize) -> Option<i32> {
        ts.values.len().checked_sub(depth + 1).and_then(|i| ts.values.get(i)).and_then(|v| v.as_int())
    }

    /// What the instruction `insn` at the top frame of `ts` does, for scheduling.
    pub(crate) fn classify(&mut self, ts: &mut ThreadStack, method: MethodId, insn: Insn) -> Result<Op, Unwind> {
        Ok(match insn {
            Insn::Getfield(i) | Insn::Putfield(i) => {
                let put = matches!(insn, Insn::Putfield(_));
                let (slot, ty, decl, index) = match self.resolve_field_insn(ts, method, i, false) {
                    Ok(Resolved::Field { slot, ty, class, index }) => (slot, ty, class, index),
                    _ => return Ok(Op::Local),
                };
                let depth = if put { ty.slots() } else { 0 };
                let Some(obj) = Self::stack_ref(ts, depth) else { return Ok(Op::Local) };
                self.classify_field(obj, decl, slot, index, put)
            }
            Insn::Getstatic(i) | Insn::Putstatic(i) => {
                let put = matches!(insn, Insn::Putstatic(_));
                let (class, slot) = match self.resolve_field_insn(ts, method, i, true) {
                    Ok(Resolved::Static { class, slot, .. }) => (class, slot),
                    _ => return Ok(Op::Local),
                };
                let final_field = self.class(class).fields.iter().any(|f| f.is_static() && f.slot == slot && f.access & access::FINAL != 0);
                if (final_field && !put) || !self.policy_covers_class(class) {
                    return Ok(Op::Local);
                }
                Op::Access(AccessRecord { object: self.class_sid(class), field: slot, write: put, update: false, visible: self.class_visible(class), owner: class.0 | AccessRecord::STATICS })
            }
            Insn::Iaload | Insn::Laload | Insn::Faload | Insn::Daload | Insn::Aaload | Insn::Baload | Insn::Caload | Insn::Saload => {
                let (Some(arr), Some(i)) = (Self::stack_ref(ts, 1), Self::stack_int(ts, 0)) else { return Ok(Op::Local) };
                if self.policy_covers_object(arr) {
                    Op::Access(self.access_record(arr, i as u32, false, AccessClass::Data))
                } else {
                    Op::Local
                }
            }
            Insn::Iastore | Insn::Fastore | Insn::Aastore | Insn::Bastore | Insn::Castore | Insn::Sastore | Insn::Lastore | Insn::Dastore => {
                let width = if matches!(insn, Insn::Lastore | Insn::Dastore) { 2 } else { 1 };
                let (Some(arr), Some(i)) = (Self::stack_ref(ts, width + 1), Self::stack_int(ts, width)) else { return Ok(Op::Local) };
                if self.policy_covers_object(arr) {
                    Op::Access(self.access_record(arr, i as u32, true, AccessClass::Data))
                } else {
                    Op::Local
                }
            }
            Insn::Monitorenter => match Self::stack_ref(ts, 0) {
                Some(o) if self.monitor_visible(o) => Op::Lock(o),
                _ => Op::Local,
            },
            Insn::Monitorexit => match Self::stack_ref(ts, 0) {
                Some(o) if self.monitor_visible(o) => Op::Sync(self.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
                _ => Op::Local,
            },
            Insn::Ireturn | Insn::Lreturn | Insn::Freturn | Insn::Dreturn | Insn::Areturn | Insn::Return => {
                if !self.method(method).is_synchronized() {
                    return Ok(Op::Local);
                }
                let base = ts.frames.last().map_or(0, |f| f.base as usize);
                match self.sync_object(ts, method, base) {
                    Ok(o) if self.monitor_visible(o) => Op::Sync(self.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
                    _ => Op::Local,
                }
            }
            Insn::Invokevirtual(i) | Insn::Invokeinterface(i) | Insn::Invokespecial(i) | Insn::Invokestatic(i) => self.classify_invoke(ts, method, i, insn)?,
            _ => Op::Local,
        })
    }

    /// What a `getfield` (`put`: `putfield`) of `obj`'s field at `slot`, field `index`
    /// of class `decl`, does.
    pub(crate) fn classify_field(&self, obj: ObjRef, decl: ClassId, slot: u32, index: u16, put: bool) -> Op {
        if self.field_is_final_or_benign(decl, index, put) {
            return Op::Local;
        }
        if decl == self.wk.thread && self.class(decl).fields.get(usize::from(index)).is_some_and(|f| &*f.name == "interrupted") {
            // the interrupt status: the location sleep, wait, park and join read
            return Op::Sync(self.access_record(obj, AccessRecord::INTERRUPT, put, AccessClass::Sync));
        }
        if self.policy_covers_object(obj) {
            Op::Access(self.access_record(obj, slot, put, AccessClass::Data))
        } else {
            Op::Local
        }
    }

    /// Whether field `index` of class `decl` is final (and `write` is false) or
    /// benign (`BENIGN`).
    fn field_is_final_or_benign(&self, decl: ClassId, index: u16, write: bool) -> bool {
        let c = self.class(decl);
        let Some(f) = c.fields.get(usize::from(index)) else { return false };
        (!write && f.access & access::FINAL != 0) || BENIGN.iter().any(|(cn, fname)| *cn == &*c.name && *fname == &*f.name)
    }

    /// Whether `m` is an instance method whose whole body returns one final field of
    /// `this` (`aload_0; getfield; ?return`): calling it reads nothing another thread
    /// can write.
    fn is_final_field_getter(&mut self, ts: &mut ThreadStack, m: MethodId) -> Result<bool, Unwind> {
        let method = self.method(m);
        if method.is_static() {
            return Ok(false);
        }
        let MethodBody::Code(code) = &method.body else { return Ok(false) };
        let index = match *code.insns {
            [Insn::Aload(0), Insn::Getfield(i), Insn::Areturn | Insn::Ireturn | Insn::Lreturn | Insn::Freturn | Insn::Dreturn] => i,
            _ => return Ok(false),
        };
        Ok(match self.resolve_field_insn(ts, m, index, false) {
            Ok(Resolved::Field { class, index, .. }) => self.field_is_final_or_benign(class, index, false),
            _ => false,
        })
    }

    fn classify_invoke(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16, insn: Insn) -> Result<Op, Unwind> {
        let Ok(m) = self.resolve_method_insn(ts, method, index) else { return Ok(Op::Local) };
        let callee = self.method(m);
        let nargs = callee.arg_slots as usize;
        let receiver = if callee.is_static() { None } else { Self::stack_ref(ts, nargs - 1) };
        // the method that will run
        let target = match (insn, receiver) {
            (Insn::Invokevirtual(_) | Insn::Invokeinterface(_), Some(r)) => {
                let rc = self.heap.class_of(r);
                self.select_method(rc, m).unwrap_or(m)
            }
            (Insn::Invokespecial(_), _) => {
                let current = self.method(method).class;
                let symbolic = self.method(m).class;
                self.select_special(current, symbolic, m)
            }
            _ => m,
        };
        if let Some(op) = self.classify_choice(ts, method, index, target)? {
            return Ok(op);
        }
        self.note_lock_call(target);
        let outside_region = ts.frames.last().is_some_and(|f| !f.library);
        let receiver_arg = if self.method(target).is_static() { None } else { Some(receiver) };
        if outside_region && self.starts_library_call(target, receiver_arg) {
            if self.is_final_field_getter(ts, target)? {
                // `ReentrantReadWriteLock.writeLock()`: it touches nothing another
                // thread can change, so a scheduling point before it only adds
                // interleavings
                return Ok(Op::Local);
            }
            return Ok(Op::Library { call: target });
        }
        let t = self.method(target);
        let cname = &*self.class(t.class).name;
        let name = &*t.name;
        // synchronisation natives and thread operations
        match (cname, name) {
            ("java/lang/Object", "wait") => {
                if let Some(r) = receiver {
                    return Ok(Op::Blocking(self.access_record(r, AccessRecord::MONITOR, true, AccessClass::Sync)));
                }
            }
            ("java/lang/Object", "notify" | "notifyAll") => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.access_record(r, AccessRecord::MONITOR, true, AccessClass::Sync)));
                }
            }
            ("java/lang/Thread", "start") => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.access_record(r, AccessRecord::LIFECYCLE, true, AccessClass::Sync)));
                }
            }
            // native, or overridden by a peer: the loader gave it no bytecode
            ("java/lang/Thread", "join") if matches!(t.body, MethodBody::Native(_) | MethodBody::NativeUnlinked) => {
                if let Some(r) = receiver {
                    return Ok(Op::Join(r));
                }
            }
            ("java/lang/Thread", "interrupt0") => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.access_record(r, AccessRecord::INTERRUPT, true, AccessClass::Sync)));
                }
            }
            ("java/lang/Thread", "yield" | "sleep") => {
                // sleep reads and clears the interrupt status; yield only reads the
                // thread's own life cycle
                let me = self.threads[ts.tid as usize].object;
                let (field, write) = if name == "sleep" { (AccessRecord::INTERRUPT, true) } else { (AccessRecord::LIFECYCLE, false) };
                return Ok(match me {
                    Some(t) => Op::Sync(self.access_record(t, field, write, AccessClass::Sync)),
                    None => Op::Local,
                });
            }
            ("jdk/internal/misc/Unsafe", "park") => {
                let me = self.threads[ts.tid as usize].object;
                if let Some(t) = me {
                    return Ok(Op::Blocking(self.access_record(t, AccessRecord::LIFECYCLE, true, AccessClass::Sync)));
                }
            }
            ("jdk/internal/misc/Unsafe", "unpark") => {
                if let Some(target) = Self::stack_ref(ts, 0) {
                    return Ok(Op::Sync(self.access_record(target, AccessRecord::LIFECYCLE, true, AccessClass::Sync)));
                }
            }
            ("jdk/internal/misc/Unsafe", _) if t.access & access::NATIVE != 0 => {
                if let Some(op) = self.classify_unsafe(ts, target, name) {
                    return Ok(op);
                }
            }
            ("java/lang/invoke/VarHandle", _) if t.access & access::NATIVE != 0 => {
                return Ok(self.classify_var_handle(ts, method, index, name));
            }
            ("java/lang/System", "arraycopy") if t.access & access::NATIVE != 0 => return Ok(self.classify_arraycopy(ts, target)),
            // thread groups run atomically (`is_atomic_method`): a call is one visible
            // step on the group (start and exit change it; their bookkeeping commutes,
            // `thread_group.rs`)
            ("java/lang/ThreadGroup", _) if self.check.is_some() && t.access & access::STATIC == 0 => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.group_monitor_write(r, self.is_group_bookkeeping(target, r))));
                }
            }
            ("java/io/PrintStream", _) if self.check.is_some() => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.access_record(r, AccessRecord::MONITOR, true, AccessClass::Sync)));
                }
            }
            (c, n) if t.access & access::NATIVE != 0 && crate::file_table::touches_file_table(c, n) => {
                // open files and directory streams are state outside the heap
                return Ok(Op::Access(AccessRecord { object: crate::file_table::FILE_TABLE_SID, field: 0, write: true, update: false, visible: true, owner: AccessRecord::NO_OWNER }));
            }
            _ => {}
        }
        if t.is_synchronized() {
            let lock = if t.is_static() { Some(self.mirror_of(t.class)?) } else { receiver };
            if let Some(l) = lock.filter(|&l| self.monitor_visible(l)) {
                return Ok(Op::Lock(l));
            }
        }
        Ok(Op::Local)
    }

    /// A call whose result is a choice (see `choice.rs`): an `Unsafe` or `VarHandle`
    /// weak compare-and-set, or a random draw; `None` for any other call.
    fn classify_choice(&self, ts: &ThreadStack, method: MethodId, index: u16, target: MethodId) -> Result<Option<Op>, Unwind> {
        let Some(options) = self.check.as_ref().map(|c| c.options.choices) else { return Ok(None) };
        let t = self.method(target);
        let (cname, name) = (&*self.class(t.class).name, &*t.name);
        if let Some(n) = options.random_values {
            if let Some(draw) = super::choice::random_draw(ts, cname, name, &t.descriptor, n) {
                let arg_slots = super::choice::call_slots(&t.params, t.is_static());
                return Ok(Some(Op::Choice(Choice { kind: ChoiceKind::Draw(draw), arg_slots })));
            }
        }
        if !options.spurious_weak_cas || !name.starts_with("weakCompareAndSet") || self.weak_cas_is_library_internal(method) {
            return Ok(None);
        }
        let (performs, arg_slots) = match cname {
            // Java methods that delegate to the strong natives: the access is theirs
            "jdk/internal/misc/Unsafe" => {
                let strong = strong_cas(name).unwrap_or("compareAndSetInt");
                (Performs::from(self.classify_unsafe(ts, target, strong)), super::choice::call_slots(&t.params, t.is_static()))
            }
            "java/lang/invoke/VarHandle" if t.access & access::NATIVE != 0 => {
                let Some(slots) = self.call_site_slots(method, index) else { return Ok(None) };
                // a JDK view handle runs the mode in Java: its `Unsafe` weak CAS is the choice
                match Self::stack_ref(ts, slots as usize) {
                    Some(handle) if is_jvmc_var_handle(self, handle) => {}
                    _ => return Ok(None),
                }
                (Performs::from(Some(self.classify_var_handle(ts, method, index, name))), slots + 1)
            }
            _ => return Ok(None),
        };
        Ok(Some(Op::Choice(Choice { kind: ChoiceKind::WeakCas(performs), arg_slots })))
    }

    /// The argument slots of the signature-polymorphic call at `index` in `method`'s
    /// pool (its call-site descriptor, without the receiver).
    fn call_site_slots(&self, method: MethodId, index: u16) -> Option<u16> {
        let def = self.class(self.method(method).class).def.as_ref()?;
        let (PoolEntry::Method(r) | PoolEntry::InterfaceMethod(r)) = def.pool.get(index) else { return None };
        jvmc_classfile::descriptor::MethodSig::parse(&r.descriptor).map(|sig| sig.arg_slots() as u16)
    }

    /// `Unsafe` natives that touch memory: the typed accessors `(Object o, long offset,
    /// ...)` (CAS and friends), the bulk operations, and allocation.
    fn classify_unsafe(&self, ts: &ThreadStack, target: MethodId, name: &str) -> Option<Op> {
        let params = &self.method(target).params;
        let long = |i: usize| Self::call_arg(ts, params, i).and_then(|v| v.as_long());
        let obj = |i: usize| Self::call_arg(ts, params, i).and_then(|v| v.as_ref()).flatten();
        let op = match name {
            "allocateMemory0" => Op::Memory(Span::Allocator, Span::Nothing),
            "reallocateMemory0" => Op::Memory(Span::Allocator, Span::Block(long(0)? as u64)),
            "freeMemory0" => Op::Memory(Span::Block(long(0)? as u64), Span::Nothing),
            "copyMemory0" | "copySwapMemory0" => {
                let n = long(4)?;
                Op::Memory(self.memory_span(obj(0), long(1)?, n, false), self.memory_span(obj(2), long(3)?, n, true))
            }
            "setMemory0" => Op::Memory(self.memory_span(obj(0), long(1)?, long(2)?, true), Span::Nothing),
            _ => return self.classify_unsafe_accessor(ts, target, name),
        };
        match op {
            Op::Memory(a, b) if self.policy_covers_span(a) || self.policy_covers_span(b) => Some(op),
            _ => Some(Op::Local),
        }
    }

    /// `System.arraycopy(src, srcPos, dest, destPos, length)`: reads of the source's
    /// elements and writes of the destination's, one operation (the copy is atomic, as
    /// a native's effect is; see ARCHITECTURE.md). A call that will throw touches nothing.
    fn classify_arraycopy(&self, ts: &ThreadStack, target: MethodId) -> Op {
        let params = &self.method(target).params;
        let arg = |i: usize| Self::call_arg(ts, params, i);
        let (Some(Value::Ref(Some(src))), Some(Value::Int(sp)), Some(Value::Ref(Some(dst))), Some(Value::Int(dp)), Some(Value::Int(n))) =
            (arg(0), arg(1), arg(2), arg(3), arg(4))
        else {
            return Op::Local;
        };
        self.arraycopy_op(src, sp, dst, dp, n)
    }

    /// What `System.arraycopy(src, sp, dst, dp, n)` does, for scheduling.
    pub(crate) fn arraycopy_op(&self, src: ObjRef, sp: i32, dst: ObjRef, dp: i32, n: i32) -> Op {
        if sp < 0 || dp < 0 || n <= 0 || self.heap.array(src).is_none() || self.heap.array(dst).is_none() {
            return Op::Local;
        }
        let read = Span::Elements { arr: src, from: sp as u32, count: n as u32, write: false };
        let write = Span::Elements { arr: dst, from: dp as u32, count: n as u32, write: true };
        if self.policy_covers_span(read) || self.policy_covers_span(write) {
            Op::Memory(read, write)
        } else {
            Op::Local
        }
    }

    /// The typed `Unsafe` accessors `get*`, `put*`, `compareAnd*`, `getAnd*`.
    fn classify_unsafe_accessor(&self, ts: &ThreadStack, target: MethodId, name: &str) -> Option<Op> {
        let m = self.method(target);
        let write = name.starts_with("put") || name.starts_with("compareAnd") || name.starts_with("getAnd");
        let read = name.starts_with("get");
        if !(write || read) || m.params.len() < 2 || m.params[0] != BasicType::Reference || m.params[1] != BasicType::Long {
            return None;
        }
        let off = Self::call_arg(ts, &m.params, 1)?.as_long()?;
        let size = accessor_size(name) as u64;
        let Some(o) = Self::call_arg(ts, &m.params, 0)?.as_ref()? else {
            return Some(Op::Memory(Span::Raw { addr: off as u64, len: size, write }, Span::Nothing));
        };
        if !self.policy_covers_unsafe(o) {
            return Some(Op::Local);
        }
        Some(match locate(self, Some(o), off, 1).ok() {
            Some(Location::Bytes(arr, rel)) => Op::Memory(Span::Array { arr, rel: rel as u64, len: size, write }, Span::Nothing),
            loc => Op::Access(self.location_record(loc, o, off, write)),
        })
    }

    /// The access record of an `Unsafe` or `VarHandle` access to `loc` — the same
    /// object and field (slot, element index) as a plain access to that location, so
    /// that the two conflict — or, when the location is unknown, to `(o, off)`.
    fn location_record(&self, loc: Option<Location>, o: ObjRef, off: i64, write: bool) -> AccessRecord {
        match loc {
            Some(Location::Field(obj, slot)) => self.access_record(obj, slot as u32, write, AccessClass::Atomic),
            Some(Location::Element(arr, i)) => self.access_record(arr, i as u32, write, AccessClass::Atomic),
            Some(Location::Bytes(arr, rel)) => {
                let scale = self.heap.array(arr).map_or(1, |a| a.element_size().max(1));
                self.access_record(arr, (rel / scale) as u32, write, AccessClass::Atomic)
            }
            Some(Location::Static(c, slot)) => AccessRecord { object: self.class_sid(c), field: slot as u32, write, update: false, visible: true, owner: c.0 | AccessRecord::STATICS },
            Some(Location::Raw(addr)) => {
                let mut v = Vec::new();
                self.native_access_records(addr, 1, write, &mut v);
                v.pop().unwrap_or(Vm::allocator_record(false))
            }
            None => self.access_record(o, off as u32, write, AccessClass::Atomic),
        }
    }

    fn classify_var_handle(&self, ts: &ThreadStack, method: MethodId, index: u16, mode: &str) -> Op {
        let current = self.method(method).class;
        let Some(def) = self.class(current).def.as_ref() else { return Op::Local };
        let (PoolEntry::Method(r) | PoolEntry::InterfaceMethod(r)) = def.pool.get(index) else { return Op::Local };
        let Some(sig) = jvmc_classfile::descriptor::MethodSig::parse(&r.descriptor) else { return Op::Local };
        let slots = sig.arg_slots();
        let Some(handle) = Self::stack_ref(ts, slots) else { return Op::Local };
        if !is_jvmc_var_handle(self, handle) {
            // the JDK's own handle classes (byte-array and byte-buffer views) run
            // their access modes in Java: the `Unsafe` accesses inside are the
            // scheduling points, the call itself is not
            return Op::Local;
        }
        // the first coordinate: receiver object or array (static handles: the class)
        let coord = if slots >= 1 { Self::stack_ref(ts, slots - 1) } else { None };
        let write = !(mode.starts_with("get") && !mode.contains("And"));
        let second = if slots >= 2 { ts.values.len().checked_sub(slots - 1).and_then(|i| ts.values.get(i)).copied() } else { None };
        let target = var_handle_target(self, handle, coord.map(Value::obj), second);
        match coord {
            Some(o) if self.policy_covers_unsafe(o) => Op::Access(self.location_record(target, o, 0, write)),
            Some(_) => Op::Local,
            None => match target {
                Some(loc) => Op::Access(self.location_record(Some(loc), handle, 0, write)),
                None => Op::Access(AccessRecord { object: self.heap.get(handle).sid, field: 0, write, update: false, visible: true, owner: AccessRecord::NO_OWNER }),
            },
        }
    }

    /// What the thread of `ts` stands before (its top frame's instruction).
    pub(crate) fn pending_op(&mut self, ts: &mut ThreadStack) -> Result<Op, Unwind> {
        let Some(&f) = ts.frames.last() else { return Ok(Op::Local) };
        if f.kind == (FrameKind::ThreadEntry { stage: 3 }) {
            // before termination (see `lifecycle.rs`): the thread's life cycle changes
            return Ok(match self.threads[ts.tid as usize].object {
                Some(me) => Op::Sync(self.access_record(me, AccessRecord::LIFECYCLE, true, AccessClass::Sync)),
                None => Op::Local,
            });
        }
        if f.kind != FrameKind::Java {
            return Ok(Op::Local);
        }
        let insn = match &self.method(f.method).body {
            MethodBody::Code(c) => c.insns.get(f.pc as usize).copied(),
            _ => None,
        };
        match insn {
            Some(i) => self.classify(ts, f.method, i),
            None => Ok(Op::Local),
        }
    }
}

/// The bytes a typed `Unsafe` accessor (`getIntVolatile`, `compareAndSetLong`, ...)
/// reads or writes.
/// The strong `Unsafe` compare-and-set a weak one (`weakCompareAndSetLongAcquire`)
/// performs when it does not fail spuriously.
fn strong_cas(weak: &str) -> Option<&'static str> {
    const STRONG: &[&str] = &["compareAndSetInt", "compareAndSetLong", "compareAndSetReference", "compareAndSetBoolean", "compareAndSetByte", "compareAndSetShort", "compareAndSetChar", "compareAndSetFloat", "compareAndSetDouble"];
    let ty = weak.strip_prefix("weakCompareAndSet")?;
    STRONG.iter().copied().find(|s| ty.starts_with(&s["compareAndSet".len()..]))
}

fn accessor_size(name: &str) -> usize {
    let ty = ["compareAndExchange", "compareAndSet", "getAndSet", "getAndAdd", "get", "put"]
        .iter()
        .find_map(|p| name.strip_prefix(p))
        .unwrap_or(name);
    const SIZES: &[(&str, usize)] =
        &[("Int", 4), ("Long", 8), ("Boolean", 1), ("Byte", 1), ("Short", 2), ("Char", 2), ("Float", 4), ("Double", 8), ("Reference", 4)];
    SIZES.iter().find(|(t, _)| ty.starts_with(t)).map_or(1, |&(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weak_cas_names_their_strong_form() {
        assert_eq!(strong_cas("weakCompareAndSetIntPlain"), Some("compareAndSetInt"));
        assert_eq!(strong_cas("weakCompareAndSetReferenceAcquire"), Some("compareAndSetReference"));
        assert_eq!(strong_cas("weakCompareAndSetLong"), Some("compareAndSetLong"));
        assert_eq!(strong_cas("compareAndSetLong"), None);
    }

    #[test]
    fn glob_patterns() {
        assert!(glob("java.util.concurrent.*", "java.util.concurrent.ConcurrentHashMap"));
        assert!(glob("*Stack", "my.LockFreeStack"));
        assert!(!glob("java.util.*", "javax.swing.JList"));
        assert!(glob("a.B", "a.B"));
        assert_eq!(SchedPolicy::parse("classes:a.*,b.C"), Some(SchedPolicy::Classes(vec!["a.*".into(), "b.C".into()])));
        assert_eq!(SchedPolicy::parse("nope"), None);
    }

    #[test]
    fn unsafe_accessor_sizes() {
        assert_eq!(accessor_size("getIntVolatile"), 4);
        assert_eq!(accessor_size("putLong"), 8);
        assert_eq!(accessor_size("compareAndSetShort"), 2);
        assert_eq!(accessor_size("compareAndExchangeByte"), 1);
        assert_eq!(accessor_size("getReference"), 4);
        assert_eq!(accessor_size("putDoubleVolatile"), 8);
    }
}
