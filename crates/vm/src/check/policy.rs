//! Scheduling points (DESIGN.md "Scheduling points, transitions and labels").
//!
//! Synchronisation always breaks: `monitorenter`/`monitorexit`, synchronized method
//! entry and exit, `wait`/`notify`, thread start, `yield`/`sleep`, `park`/`unpark`,
//! `interrupt`. Heap accesses break by policy: `all` — every field, static and array
//! access; `shared` — accesses to objects another thread can reach (`sharing.rs`) and
//! to statics; `classes:<patterns>` — accesses to objects of the listed classes, plus
//! every `Unsafe`/`VarHandle` access (CAS and friends). Reads of final fields never
//! break (they cannot race), nor do the JDK's benign hash caches (`String.hash`).
//!
//! Natives that use the open-file table (`file_table.rs`) break too, as writes of
//! one shared location.
//!
//! Classification looks at the instruction a thread stands before and its operands
//! on the stack; it resolves constant-pool entries (cached) but never runs Java code.

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{access, Insn, PoolEntry};

use super::AccessRecord;
use crate::class::{ClassId, MethodBody, MethodId, Resolved};
use crate::heap::SHARED;
use crate::native::java_lang_invoke::var_handle_target;
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
fn glob(pattern: &str, name: &str) -> bool {
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
    /// The shared access this operation makes first, if any.
    pub(crate) fn access(self, vm: &Vm) -> Option<AccessRecord> {
        match self {
            Op::Local => None,
            Op::Access(a) | Op::Sync(a) | Op::Blocking(a) => Some(a),
            Op::Lock(o) => Some(vm.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
            Op::Join(o) => Some(vm.access_record(o, AccessRecord::LIFECYCLE, false, AccessClass::Sync)),
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
        AccessRecord { object: o.sid, field, write, visible }
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

    fn policy_covers_object(&self, obj: ObjRef) -> bool {
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

    fn policy_covers_unsafe(&self, obj: Option<ObjRef>) -> bool {
        match (obj, self.check.as_ref().map(|c| &c.options.policy)) {
            (_, Some(SchedPolicy::All | SchedPolicy::Classes(_))) => true,
            (Some(o), Some(SchedPolicy::Shared)) => self.heap.get(o).has(SHARED),
            _ => false,
        }
    }

    fn stack_ref(ts: &ThreadStack, depth: usize) -> Option<ObjRef> {
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
                let (slot, ty, decl) = match self.resolve_field_insn(ts, method, i, false) {
                    Ok(Resolved::Field { slot, ty, class }) => (slot, ty, class),
                    _ => return Ok(Op::Local),
                };
                let depth = if put { ty.slots() } else { 0 };
                let Some(obj) = Self::stack_ref(ts, depth) else { return Ok(Op::Local) };
                if !put && self.field_is_final_or_benign(decl, slot, false) {
                    return Ok(Op::Local);
                }
                if put && self.field_is_final_or_benign(decl, slot, true) {
                    return Ok(Op::Local);
                }
                if decl == self.wk.thread && self.class(decl).fields.iter().any(|f| !f.is_static() && f.slot == slot && &*f.name == "interrupted") {
                    // the interrupt status: the location sleep, wait, park and join read
                    return Ok(Op::Sync(self.access_record(obj, AccessRecord::INTERRUPT, put, AccessClass::Sync)));
                }
                if self.policy_covers_object(obj) {
                    Op::Access(self.access_record(obj, slot, put, AccessClass::Data))
                } else {
                    Op::Local
                }
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
                Op::Access(AccessRecord { object: self.class_sid(class), field: slot, write: put, visible: self.class_visible(class) })
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
                Some(o) => Op::Lock(o),
                None => Op::Local,
            },
            Insn::Monitorexit => match Self::stack_ref(ts, 0) {
                Some(o) => Op::Sync(self.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
                None => Op::Local,
            },
            Insn::Ireturn | Insn::Lreturn | Insn::Freturn | Insn::Dreturn | Insn::Areturn | Insn::Return => {
                if !self.method(method).is_synchronized() {
                    return Ok(Op::Local);
                }
                let base = ts.frames.last().map_or(0, |f| f.base as usize);
                match self.sync_object(ts, method, base) {
                    Ok(o) => Op::Sync(self.access_record(o, AccessRecord::MONITOR, true, AccessClass::Sync)),
                    Err(_) => Op::Local,
                }
            }
            Insn::Invokevirtual(i) | Insn::Invokeinterface(i) | Insn::Invokespecial(i) | Insn::Invokestatic(i) => self.classify_invoke(ts, method, i, insn)?,
            _ => Op::Local,
        })
    }

    fn field_is_final_or_benign(&self, decl: ClassId, slot: u32, write: bool) -> bool {
        let c = self.class(decl);
        let Some(f) = c.fields.iter().find(|f| !f.is_static() && f.slot == slot) else { return false };
        (!write && f.access & access::FINAL != 0) || BENIGN.iter().any(|(cn, fname)| *cn == &*c.name && *fname == &*f.name)
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
            ("java/lang/Thread", "join") if t.access & access::NATIVE != 0 || self.natives.overrides(cname, name, &t.descriptor) => {
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
            ("java/io/PrintStream", _) if self.check.is_some() => {
                if let Some(r) = receiver {
                    return Ok(Op::Sync(self.access_record(r, AccessRecord::MONITOR, true, AccessClass::Sync)));
                }
            }
            (c, n) if t.access & access::NATIVE != 0 && crate::file_table::touches_file_table(c, n) => {
                // open files and directory streams are state outside the heap
                return Ok(Op::Access(AccessRecord { object: crate::file_table::FILE_TABLE_SID, field: 0, write: true, visible: true }));
            }
            _ => {}
        }
        if t.is_synchronized() {
            let lock = if t.is_static() { Some(self.mirror_of(t.class)?) } else { receiver };
            if let Some(l) = lock {
                return Ok(Op::Lock(l));
            }
        }
        Ok(Op::Local)
    }

    /// `Unsafe` accessors: `(Object o, long offset, ...)` after the receiver.
    fn classify_unsafe(&self, ts: &ThreadStack, target: MethodId, name: &str) -> Option<Op> {
        let m = self.method(target);
        let write = name.starts_with("put") || name.starts_with("compareAnd") || name.starts_with("getAnd");
        let read = name.starts_with("get");
        if !(write || read) || m.params.len() < 2 || m.params[0] != BasicType::Reference || m.params[1] != BasicType::Long {
            return None;
        }
        // slots after (o, offset): the remaining parameters
        let rest: usize = m.params[2..].iter().map(|p| p.slots()).sum();
        let off_depth = rest;
        let obj_depth = rest + 2;
        let off = ts.values.len().checked_sub(off_depth + 2).and_then(|i| ts.values.get(i)).and_then(|v| v.as_long())?;
        let obj = Self::stack_ref(ts, obj_depth);
        if !self.policy_covers_unsafe(obj) {
            return Some(Op::Local);
        }
        Some(Op::Access(match obj {
            Some(o) => self.location_record(locate(self, Some(o), off, 1).ok(), o, off, write),
            None => AccessRecord { object: 0, field: off as u32, write, visible: true },
        }))
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
            Some(Location::Static(c, slot)) => AccessRecord { object: self.class_sid(c), field: slot as u32, write, visible: true },
            Some(Location::Raw(addr)) => AccessRecord { object: 0, field: addr as u32, write, visible: true },
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
        // the first coordinate: receiver object or array (static handles: the class)
        let coord = if slots >= 1 { Self::stack_ref(ts, slots - 1) } else { None };
        let write = !(mode.starts_with("get") && !mode.contains("And"));
        let second = if slots >= 2 { ts.values.len().checked_sub(slots - 1).and_then(|i| ts.values.get(i)).copied() } else { None };
        let target = var_handle_target(self, handle, coord.map(Value::obj), second);
        match coord {
            Some(o) if self.policy_covers_unsafe(Some(o)) => Op::Access(self.location_record(target, o, 0, write)),
            Some(_) => Op::Local,
            None => match target {
                Some(loc) => Op::Access(self.location_record(Some(loc), handle, 0, write)),
                None => Op::Access(AccessRecord { object: self.heap.get(handle).sid, field: 0, write, visible: true }),
            },
        }
    }

    /// What the thread of `ts` stands before (its top frame's instruction).
    pub(crate) fn pending_op(&mut self, ts: &mut ThreadStack) -> Result<Op, Unwind> {
        let Some(&f) = ts.frames.last() else { return Ok(Op::Local) };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_patterns() {
        assert!(glob("java.util.concurrent.*", "java.util.concurrent.ConcurrentHashMap"));
        assert!(glob("*Stack", "my.LockFreeStack"));
        assert!(!glob("java.util.*", "javax.swing.JList"));
        assert!(glob("a.B", "a.B"));
        assert_eq!(SchedPolicy::parse("classes:a.*,b.C"), Some(SchedPolicy::Classes(vec!["a.*".into(), "b.C".into()])));
        assert_eq!(SchedPolicy::parse("nope"), None);
    }
}
