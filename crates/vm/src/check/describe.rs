//! Words for people: what a thread is about to do and where, what a blocked thread
//! waits for, and a thread's stack — for counterexample traces and deadlock reports.
//!
//! Only reports call these (a replayed trace, a deadlock), never the search loop: they
//! build strings and may be slow. They never change the state.

use jvmc_classfile::{Insn, PoolEntry};

use super::BlockReason;
use crate::class::MethodBody;
use crate::thread::{FrameKind, ThreadStatus};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// What a thread is about to do, for a trace line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextOp {
    /// `Class.method(File.java:line)` of the innermost Java frame (empty if none)
    pub location: String,
    /// the operation, e.g. `read Counter.count`, `lock Object@3f2a`, `start Thread-1`
    pub operation: String,
    /// inside a trusted library call: the library frames folded into it, innermost
    /// first (`location` is then the user frame that made the call)
    pub library_frames: Vec<String>,
}

/// A thread, for a deadlock report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadReport {
    /// thread id
    pub tid: u32,
    /// `Thread.getName()`
    pub name: String,
    /// `terminated`, `blocked on ...`, `waiting on ...`, `parked`, `runnable`
    pub state: String,
    /// its Java frames, innermost first, as `Class.method(File.java:line)`
    pub stack: Vec<String>,
}

/// A duration for people: `1 day`, `2 h`, `5 min`, `1.5 s`, `50 ms`, `20 µs`, `100 ns`.
pub fn duration_text(nanos: i64) -> String {
    const UNITS: [(i64, &str); 7] = [(86_400_000_000_000, " day"), (3_600_000_000_000, " h"), (60_000_000_000, " min"), (1_000_000_000, " s"), (1_000_000, " ms"), (1_000, " µs"), (1, " ns")];
    let (size, unit) = UNITS.iter().copied().find(|&(size, _)| nanos >= size).unwrap_or((1, " ns"));
    let value = nanos as f64 / size as f64;
    let number = if (value - value.round()).abs() < 1e-9 { format!("{}", value.round()) } else { format!("{value:.1}") };
    let plural = if unit == " day" && number != "1" { "s" } else { "" };
    format!("{number}{unit}{plural}")
}

impl Vm {
    /// The thread whose `Thread` object `obj` is, if any.
    pub(crate) fn thread_of_object(&self, obj: ObjRef) -> Option<u32> {
        self.threads.iter().position(|t| t.object == Some(obj)).map(|t| t as u32)
    }

    /// A short, stable name of an object: `Counter@3f2a` (the suffix comes from its
    /// stable id, so it is the same in every replay), or a thread's name.
    pub fn object_name(&self, obj: ObjRef) -> String {
        if let Some(t) = self.thread_of_object(obj) {
            return format!("Thread \"{}\"", self.thread_name(t));
        }
        if let Some(c) = self.class_of_mirror(obj) {
            return format!("{}.class", self.class(c).java_name());
        }
        let name = self.class(self.heap.class_of(obj)).java_name();
        let simple = name.rsplit('.').next().unwrap_or(&name).to_string();
        format!("{simple}@{:04x}", self.heap.get(obj).sid & 0xffff)
    }

    /// The name of thread `tid` (`Thread.getName()`).
    pub fn thread_display_name(&self, tid: u32) -> String {
        self.thread_name(tid)
    }

    /// The innermost Java frame of thread `tid` as `Class.method(File.java:line)`
    /// (before the thread runs: the method it will run).
    pub fn thread_location(&self, tid: u32) -> String {
        if let Some(f) = self.java_frames(tid).into_iter().next() {
            return f;
        }
        match self.threads[tid as usize].stack.frames.first() {
            Some(f) => {
                let m = self.method(f.method);
                format!("{}.{}", self.class(m.class).java_name(), m.name)
            }
            None => String::new(),
        }
    }

    fn java_frames(&self, tid: u32) -> Vec<String> {
        let t = &self.threads[tid as usize];
        t.stack
            .frames
            .iter()
            .rev()
            // frames of vm-built adapter classes are hidden, as in stack traces
            .filter(|f| matches!(f.kind, FrameKind::Java) && self.class(self.method(f.method).class).origin.is_some())
            .map(|f| self.frame_display(f.method, f.pc))
            .collect()
    }

    /// What thread `tid` is about to do when it takes branch `branch` of its
    /// transition (0 unless it stands before a choice).
    pub fn describe_next(&self, tid: u32, branch: u32) -> NextOp {
        let mut next = self.describe_step(tid);
        if let Some(c) = self.threads[tid as usize].pending.and_then(super::Op::choice) {
            next.operation = format!("{} {}", next.operation, c.describe(branch));
        }
        next
    }

    /// A thread inside a trusted library call run as one step: the call's method, the
    /// frame that made it, and the library frames folded into the call (innermost
    /// first).
    fn library_call(&self, tid: u32) -> Option<(String, String, Vec<String>)> {
        let frames = &self.threads[tid as usize].stack.frames;
        let java = |f: &&crate::thread::Frame| f.kind == FrameKind::Java;
        if !frames.iter().rev().find(java)?.library {
            return None;
        }
        let mut entry = None;
        let mut folded = Vec::new();
        for f in frames.iter().rev().filter(java) {
            if !f.library {
                let m = self.method(entry?);
                let class = self.class(m.class).java_name();
                let simple = class.rsplit(['.', '$']).next().unwrap_or(&class).to_string();
                return Some((format!("{simple}.{}()", m.name), self.frame_display(f.method, f.pc), folded));
            }
            entry = Some(f.method);
            folded.push(self.frame_display(f.method, f.pc));
        }
        None
    }

    fn describe_step(&self, tid: u32) -> NextOp {
        let mut next = self.describe_operation(tid);
        if let Some((call, caller, folded)) = self.library_call(tid) {
            next = NextOp { location: caller, operation: format!("in {call}: {}", next.operation), library_frames: folded };
        }
        next
    }

    fn describe_operation(&self, tid: u32) -> NextOp {
        let location = self.thread_location(tid);
        let t = &self.threads[tid as usize];
        let interrupted = self.thread_interrupted(tid);
        let operation = match t.status {
            ThreadStatus::Terminated => "terminated".to_string(),
            ThreadStatus::Waiting { monitor, timeout, .. } if !interrupted && !self.monitor_notified(monitor, tid) => match timeout {
                Some(nanos) => format!("wait() on {} times out after {}", self.object_name(monitor), duration_text(nanos)),
                None => format!("returns from wait() on {}", self.object_name(monitor)),
            },
            ThreadStatus::Waiting { monitor, .. } => format!("returns from wait() on {}", self.object_name(monitor)),
            ThreadStatus::Parked { timeout: Some(nanos) } if !interrupted && !t.permit => format!("park() times out after {}", duration_text(nanos)),
            ThreadStatus::Parked { .. } => "returns from park()".to_string(),
            ThreadStatus::Runnable => match t.blocked {
                Some(BlockReason::Monitor(o)) => format!("lock {}", self.object_name(o)),
                Some(BlockReason::ClassInit(c)) => format!("initialise {}", self.class(c).java_name()),
                Some(BlockReason::Join(o)) => format!("returns from join() on {}", self.object_name(o)),
                _ => self.describe_top(tid),
            },
        };
        NextOp { location, operation, library_frames: Vec::new() }
    }

    fn describe_top(&self, tid: u32) -> String {
        let t = &self.threads[tid as usize];
        let Some(f) = t.stack.frames.last() else { return "runs".into() };
        match f.kind {
            FrameKind::ThreadEntry { stage: 0 } => return "starts".into(),
            FrameKind::ThreadEntry { .. } => return "exits".into(),
            FrameKind::ClassInit { class, .. } => return format!("initialises {}", self.class(class).java_name()),
            FrameKind::Java => {}
            _ => return "runs".into(),
        }
        let insn = match &self.method(f.method).body {
            MethodBody::Code(c) => c.insns.get(f.pc as usize).copied(),
            _ => None,
        };
        let Some(insn) = insn else { return "runs".into() };
        let vals = &t.stack.values;
        let stack_ref = |depth: usize| match vals.len().checked_sub(depth + 1).and_then(|i| vals.get(i)) {
            Some(Value::Ref(Some(r))) => Some(*r),
            _ => None,
        };
        let stack_int = |depth: usize| vals.len().checked_sub(depth + 1).and_then(|i| vals.get(i)).and_then(|v| v.as_int());
        let obj = |r: Option<ObjRef>| r.map_or_else(|| "null".to_string(), |r| self.object_name(r));
        let pool_member = |index: u16| -> Option<(String, String)> {
            let def = self.class(self.method(f.method).class).def.as_ref()?;
            match def.pool.get(index) {
                PoolEntry::Field(r) | PoolEntry::Method(r) | PoolEntry::InterfaceMethod(r) => {
                    let class = r.class.rsplit('/').next().unwrap_or(&r.class).to_string();
                    Some((class, r.name.to_string()))
                }
                _ => None,
            }
        };
        let member = |index: u16| pool_member(index).map_or_else(|| "?".into(), |(c, n)| format!("{c}.{n}"));
        match insn {
            Insn::Getfield(i) => format!("read {} of {}", member(i), obj(stack_ref(0))),
            Insn::Putfield(i) => {
                // the value may be one or two slots: find the receiver below it
                let wide = matches!(vals.last(), Some(Value::Top));
                format!("write {} of {}", member(i), obj(stack_ref(if wide { 2 } else { 1 })))
            }
            Insn::Getstatic(i) => format!("read {}", member(i)),
            Insn::Putstatic(i) => format!("write {}", member(i)),
            Insn::Iaload | Insn::Laload | Insn::Faload | Insn::Daload | Insn::Aaload | Insn::Baload | Insn::Caload | Insn::Saload => {
                format!("read {}[{}]", obj(stack_ref(1)), stack_int(0).map_or("?".into(), |i| i.to_string()))
            }
            Insn::Iastore | Insn::Fastore | Insn::Aastore | Insn::Bastore | Insn::Castore | Insn::Sastore => {
                format!("write {}[{}]", obj(stack_ref(2)), stack_int(1).map_or("?".into(), |i| i.to_string()))
            }
            Insn::Lastore | Insn::Dastore => format!("write {}[{}]", obj(stack_ref(3)), stack_int(2).map_or("?".into(), |i| i.to_string())),
            Insn::Monitorenter => format!("lock {}", obj(stack_ref(0))),
            Insn::Monitorexit => format!("unlock {}", obj(stack_ref(0))),
            Insn::Ireturn | Insn::Lreturn | Insn::Freturn | Insn::Dreturn | Insn::Areturn | Insn::Return => {
                let m = self.method(f.method);
                if m.is_synchronized() {
                    format!("return from synchronized {}", self.method_display(f.method))
                } else {
                    "return".into()
                }
            }
            Insn::Invokevirtual(i) | Insn::Invokeinterface(i) | Insn::Invokespecial(i) | Insn::Invokestatic(i) => {
                let (class, name) = pool_member(i).unwrap_or_else(|| ("?".into(), "?".into()));
                match (class.as_str(), name.as_str()) {
                    (_, "start") if class.contains("Thread") => "start thread".into(),
                    (_, "wait" | "notify" | "notifyAll" | "join") => self.describe_monitor_call(tid, &name, i),
                    _ => match t.pending {
                        Some(super::Op::Lock(o)) => format!("call synchronized {class}.{name} (lock {})", self.object_name(o)),
                        _ => format!("call {class}.{name}"),
                    },
                }
            }
            other => format!("{other:?}").to_lowercase(),
        }
    }

    fn describe_monitor_call(&self, tid: u32, name: &str, index: u16) -> String {
        let t = &self.threads[tid as usize];
        let Some(f) = t.stack.frames.last() else { return name.into() };
        let def = self.class(self.method(f.method).class).def.as_ref();
        let slots = def
            .and_then(|d| match d.pool.get(index) {
                PoolEntry::Method(r) | PoolEntry::InterfaceMethod(r) => jvmc_classfile::descriptor::MethodSig::parse(&r.descriptor),
                _ => None,
            })
            .map_or(0, |s| s.arg_slots());
        let vals = &t.stack.values;
        let receiver = match vals.len().checked_sub(slots + 1).and_then(|i| vals.get(i)) {
            Some(Value::Ref(Some(r))) => self.object_name(*r),
            _ => "?".into(),
        };
        format!("{name}() on {receiver}")
    }

    /// Every thread that has not terminated, for a deadlock report.
    pub fn thread_reports(&self) -> Vec<ThreadReport> {
        (0..self.threads.len() as u32)
            .filter(|&t| self.threads[t as usize].status != ThreadStatus::Terminated)
            .map(|tid| {
                let t = &self.threads[tid as usize];
                let owner = |o: ObjRef| match self.monitor(o) {
                    Some(m) if m.count > 0 => format!(" held by \"{}\"", self.thread_name(m.owner)),
                    _ => String::new(),
                };
                let state = match (t.status, t.blocked, t.pending) {
                    (ThreadStatus::Waiting { monitor, .. }, _, _) => format!("waiting on {}{}", self.object_name(monitor), owner(monitor)),
                    (ThreadStatus::Parked { .. }, _, _) => "parked".into(),
                    (ThreadStatus::Terminated, _, _) => "terminated".into(),
                    (_, Some(BlockReason::Monitor(o)), _) | (_, _, Some(super::Op::Lock(o))) if !self.monitor_available(o, tid) => {
                        format!("blocked on {}{}", self.object_name(o), owner(o))
                    }
                    (_, Some(BlockReason::ClassInit(c)), _) => format!("waiting for the initialisation of {}", self.class(c).java_name()),
                    (_, Some(BlockReason::Join(o)), _) | (_, _, Some(super::Op::Join(o))) => format!("joining {}", self.object_name(o)),
                    _ => match self.waits_for_lock(tid) {
                        Some(a) => {
                            let holder = self.synchronizer_owner(a.sync).map(|o| format!(" held by \"{}\"", self.thread_name(o))).unwrap_or_default();
                            format!("waiting to lock {}{holder}", self.object_name(a.lock))
                        }
                        None => "runnable".into(),
                    },
                };
                ThreadReport { tid, name: self.thread_name(tid), state, stack: self.java_frames(tid) }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::duration_text;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration_text(86_400_000_000_000), "1 day");
        assert_eq!(duration_text(2 * 86_400_000_000_000), "2 days");
        assert_eq!(duration_text(3_600_000_000_000), "1 h");
        assert_eq!(duration_text(1_500_000_000), "1.5 s");
        assert_eq!(duration_text(50_000_000), "50 ms");
        assert_eq!(duration_text(20_000), "20 µs");
        assert_eq!(duration_text(7), "7 ns");
        assert_eq!(duration_text(0), "0 ns");
    }
}
