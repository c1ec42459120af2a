//! Transitions: one thread runs from the operation it stands before until it stands
//! before its next scheduling point (or blocks, or terminates) — the papers' "one
//! visible action followed by local steps". While the running thread is the only one
//! enabled, its transition continues (there is nothing to choose).
//!
//! Also the thread life cycle: the `ThreadEntry` frame at the bottom of every thread
//! runs its body (`main` or `Thread.run`), hands an escaping exception to the handler
//! (or, under the model checker, reports it), calls `Thread.exit()`, and terminates
//! the thread as HotSpot does: `eetop = 0`, status TERMINATED, `notifyAll` on the
//! thread object (which `join` waits on).

use super::policy::Op;
use super::{AccessRecord, BlockReason, CheckOptions, CheckState};
use crate::class::{InitState, MethodId};
use crate::error::{VmError, VmResult};
use crate::interpreter::Exit;
use crate::native::Unwind;
use crate::thread::{Frame, FrameKind, JThread, ThreadStack, ThreadStatus};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// `Thread.threadStatus` for a runnable thread (JVMTI ALIVE | RUNNABLE).
pub(crate) const THREAD_STATUS_RUNNABLE: i32 = 0x0005;
/// `Thread.threadStatus` for a terminated thread.
pub(crate) const THREAD_STATUS_TERMINATED: i32 = 0x0002;

/// What a thread stands before, as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// nothing shared (the first step of a thread, or a local stop)
    Local,
    /// a shared access or synchronisation operation
    Access(AccessRecord),
    /// the thread has terminated
    Terminated,
}

/// The result of [`Vm::step`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepReport {
    /// the shared accesses the transition made, in order
    pub accesses: Vec<AccessRecord>,
    /// an exception escaped the thread
    pub uncaught: Option<Uncaught>,
    /// the program exited with this status
    pub exited: Option<i32>,
}

/// An exception that escaped a thread (a violation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncaught {
    /// the thread it escaped from
    pub thread: u32,
    /// `java.lang.Foo: message`
    pub message: String,
    /// whether it is an `AssertionError`
    pub assertion: bool,
    /// where it was thrown, innermost first, as `Class.method(File.java:line)`
    pub stack: Vec<String>,
}

impl Vm {
    /// Sets up `main_class.main(args)` on the main thread as its entry, without
    /// running anything. Run with [`Vm::run_threads`] or step with the model checker.
    pub fn prepare_main(&mut self, main_class: &str, args: &[String]) -> VmResult<()> {
        let internal = main_class.replace('.', "/");
        let class = match self.load_class(&internal)? {
            Ok(c) => c,
            Err(_) => return Err(VmError::MainClassNotFound(main_class.to_string())),
        };
        let main = self
            .declared_method(class, "main", "([Ljava/lang/String;)V")
            .filter(|&m| self.method(m).is_static())
            .ok_or_else(|| VmError::NoMainMethod(main_class.to_string()))?;
        let mut strings = Vec::with_capacity(args.len());
        for a in args {
            strings.push(Some(self.new_string(a)?));
        }
        let sc = self.wk.string;
        let ac = self.array_class_of(sc)?;
        let argv = self.heap.alloc_array(ac, crate::heap::Array::Ref(strings.into()));
        let ts = &mut self.threads[0].stack;
        ts.frames.clear();
        ts.values.clear();
        ts.frames.push(Frame::new(main, 0, 0, FrameKind::ThreadEntry { stage: 0 }));
        ts.values.push(Value::obj(argv));
        ts.values.push(Value::NULL);
        Ok(())
    }

    /// Turns the prepared program into a transition system: journaling and hashing on.
    pub fn start_checking(&mut self, options: CheckOptions) {
        self.check = Some(Box::new(CheckState::new(options)));
        self.heap.start_tracking();
        for c in 0..self.class_states.len() {
            let st = &mut self.class_states[c];
            st.dirty = true;
            st.hash = 0;
            if let Some(chk) = self.check.as_mut() {
                chk.dirty_classes.push(crate::class::ClassId(c as u32));
            }
        }
        let sid = self.threads[0].sid;
        self.heap.set_allocating_thread(sid);
    }

    /// Starts a thread for `thread_obj` (`Thread.start0`): its entry runs `run()`.
    pub(crate) fn start_thread(&mut self, parent: u32, thread_obj: ObjRef) -> Result<u32, Unwind> {
        let tc = self.wk.thread;
        let run = self
            .resolve_method(tc, "run", "()V")
            .ok_or_else(|| Unwind::Fatal(VmError::Internal("Thread.run missing".into())))?;
        let oc = self.heap.class_of(thread_obj);
        let body = self.select_method(oc, run).unwrap_or(run);
        let children = {
            let p = self.thread_mut(parent);
            p.children += 1;
            p.children
        };
        let sid = crate::heap::mix_ids(self.threads[parent as usize].sid, children as u64) | (1 << 62);
        let tid = self.threads.len() as u32;
        let mut t = JThread::new(tid, sid, Some(thread_obj));
        let daemon_slot = self.instance_slot(tc, "daemon", "Z")?;
        t.daemon = self.heap.field(thread_obj, daemon_slot) == Some(Value::Int(1));
        t.stack.frames.push(Frame::new(body, 0, 0, FrameKind::ThreadEntry { stage: 0 }));
        t.stack.values.push(Value::obj(thread_obj));
        t.stack.values.push(Value::NULL);
        let tid = self.push_thread(t);
        let (eetop, status) = (self.wk.thread_eetop, self.wk.thread_status);
        self.heap.set_field(thread_obj, eetop, Value::Long(tid as i64 + 1));
        self.heap.set_field(thread_obj, status, Value::Int(THREAD_STATUS_RUNNABLE));
        self.heap.publish(thread_obj);
        Ok(tid)
    }

    /// Advances the `ThreadEntry` frame on top of `ts`.
    pub(crate) fn step_thread_entry(&mut self, ts: &mut ThreadStack, stage: u8) -> Result<Option<Exit>, Unwind> {
        let top = ts.frames.len() - 1;
        let f = ts.frames[top];
        let base = f.base as usize;
        ts.values.truncate(base + 2);
        let set_stage = |ts: &mut ThreadStack, s: u8| ts.frames[top].kind = FrameKind::ThreadEntry { stage: s };
        match stage {
            0 => {
                let body = f.method;
                let arg = ts.values[base];
                let m = self.method(body);
                if m.is_static() {
                    // `main`: its class is initialised first
                    let c = m.class;
                    if self.class_states[c.index()].init != InitState::Initialized && !self.ensure_initialized(ts, c)? {
                        return Ok(None);
                    }
                }
                set_stage(ts, 1);
                ts.values.push(arg);
                self.invoke_method(ts, body).map(|_| None)
            }
            1 => {
                // the body returned normally
                set_stage(ts, 3);
                Ok(None)
            }
            2 => {
                // an exception escaped: hand it to the thread's handler
                set_stage(ts, 3);
                let ex = ts.values[base + 1];
                let thread = self.threads[ts.tid as usize].object;
                let tc = self.wk.thread;
                if let (Some(t), Some(m)) = (thread, self.declared_method(tc, "dispatchUncaughtException", "(Ljava/lang/Throwable;)V")) {
                    ts.values.push(Value::obj(t));
                    ts.values.push(ex);
                    self.invoke_method(ts, m)?;
                }
                Ok(None)
            }
            3 => {
                set_stage(ts, 4);
                let thread = self.threads[ts.tid as usize].object;
                let tc = self.wk.thread;
                if let (Some(t), Some(m)) = (thread, self.declared_method(tc, "exit", "()V")) {
                    ts.values.push(Value::obj(t));
                    self.invoke_method(ts, m)?;
                }
                Ok(None)
            }
            _ => {
                // ensure_join: under the thread object's monitor, mark it dead, wake joiners
                if let Some(t) = self.threads[ts.tid as usize].object {
                    if !self.monitor_available(t, ts.tid) {
                        self.block_on(BlockReason::Monitor(t));
                        return Err(Unwind::Block);
                    }
                    let (eetop, status) = (self.wk.thread_eetop, self.wk.thread_status);
                    self.heap.set_field(t, eetop, Value::Long(0));
                    self.heap.set_field(t, status, Value::Int(THREAD_STATUS_TERMINATED));
                    self.monitor_notify(t, true);
                    let sid = self.heap.get(t).sid;
                    for field in [eetop as u32, status as u32, AccessRecord::MONITOR, AccessRecord::LIFECYCLE] {
                        self.note_access(AccessRecord { object: sid, field, write: true });
                    }
                }
                ts.frames.pop();
                ts.values.clear();
                self.thread_mut(ts.tid).status = ThreadStatus::Terminated;
                Ok(Some(Exit::Terminated))
            }
        }
    }

    /// Whether the program installed a handler for exceptions escaping thread `tid`
    /// (its own or the default one); the model checker then lets the handler deal
    /// with the exception instead of reporting it.
    pub(crate) fn has_uncaught_handler(&mut self, tid: u32) -> bool {
        let tc = self.wk.thread;
        let own = match (self.threads[tid as usize].object, self.instance_slot(tc, "uncaughtExceptionHandler", "Ljava/lang/Thread$UncaughtExceptionHandler;")) {
            (Some(t), Ok(slot)) => matches!(self.heap.field(t, slot), Some(Value::Ref(Some(_)))),
            _ => false,
        };
        own || matches!(
            self.static_of("java/lang/Thread", "defaultUncaughtExceptionHandler", "Ljava/lang/Thread$UncaughtExceptionHandler;"),
            Ok(Value::Ref(Some(_)))
        )
    }

    /// Records why the running thread blocks.
    pub(crate) fn block_on(&mut self, reason: BlockReason) {
        if let Some(chk) = self.check.as_mut() {
            chk.block = Some(reason);
        }
    }

    /// Records a shared access of the running transition.
    pub(crate) fn note_access(&mut self, a: AccessRecord) {
        if let Some(chk) = self.check.as_mut() {
            chk.accesses.push(a);
        }
    }

    /// Whether thread `tid` could take a transition now.
    pub fn thread_enabled(&self, tid: u32) -> bool {
        let t = &self.threads[tid as usize];
        let interrupted = || self.thread_interrupted(tid);
        match t.status {
            ThreadStatus::Terminated => false,
            ThreadStatus::Waiting { monitor, timed, .. } => {
                (timed || interrupted() || self.monitor_notified(monitor, tid)) && self.monitor_available(monitor, tid)
            }
            ThreadStatus::Parked { timed } => timed || t.permit || interrupted(),
            ThreadStatus::Runnable => match (t.blocked, t.pending) {
                (Some(BlockReason::Monitor(o)), _) | (_, Some(Op::Lock(o))) => self.monitor_available(o, tid),
                (Some(BlockReason::Join(o)), _) => !self.thread_alive(o) || interrupted(),
                (Some(BlockReason::ClassInit(c)), _) => {
                    !matches!(self.class_states[c.index()].init, InitState::InProgress(other) if other != tid)
                }
                _ => true,
            },
        }
    }

    /// The threads that could take a transition now, ascending.
    pub fn enabled_threads(&self) -> Vec<u32> {
        (0..self.threads.len() as u32).filter(|&t| self.thread_enabled(t)).collect()
    }

    /// Whether the program has ended: it exited, or every non-daemon thread finished.
    pub fn program_ended(&self) -> bool {
        self.exit_status.is_some()
            || self.threads.iter().all(|t| t.status == ThreadStatus::Terminated || t.daemon)
    }

    /// Whether the thread of a `Thread` object was started and has not terminated
    /// (`Thread.isAlive`: `eetop != 0`).
    pub(crate) fn thread_alive(&self, thread: ObjRef) -> bool {
        !matches!(self.heap.field(thread, self.wk.thread_eetop), Some(Value::Long(0)) | None)
    }

    /// Whether the interrupt flag of thread `tid` is set.
    pub(crate) fn thread_interrupted(&self, tid: u32) -> bool {
        let Some(t) = self.threads.get(tid as usize).and_then(|t| t.object) else { return false };
        let Ok(slot) = self.instance_slot(self.wk.thread, "interrupted", "Z") else { return false };
        self.heap.field(t, slot) == Some(Value::Int(1))
    }

    /// What thread `tid` stands before.
    pub fn pending(&self, tid: u32) -> Pending {
        let t = &self.threads[tid as usize];
        if t.status == ThreadStatus::Terminated {
            return Pending::Terminated;
        }
        match t.pending {
            Some(Op::Access(a)) | Some(Op::Sync(a)) => Pending::Access(a),
            Some(Op::Lock(o)) => Pending::Access(AccessRecord { object: self.heap.get(o).sid, field: AccessRecord::MONITOR, write: true }),
            _ => Pending::Local,
        }
    }

    /// Executes one transition of thread `tid` (which must be enabled).
    pub fn step(&mut self, tid: u32) -> VmResult<StepReport> {
        let Some(chk) = self.check.as_mut() else { return Err(VmError::Internal("step outside model checking".into())) };
        chk.accesses.clear();
        chk.block = None;
        chk.uncaught = None;
        chk.forced = false;
        chk.hashes_current = false;
        chk.yield_at = self.instructions.saturating_add(super::TRANSITION_BUDGET);
        if let Some(a) = match self.threads[tid as usize].pending {
            Some(Op::Access(a)) | Some(Op::Sync(a)) => Some(a),
            Some(Op::Lock(o)) => Some(AccessRecord { object: self.heap.get(o).sid, field: AccessRecord::MONITOR, write: true }),
            _ => None,
        } {
            self.note_access(a);
        }
        let threads_before = self.threads.len();
        let merge = self.check.as_ref().is_some_and(|c| c.options.merge_single_thread);
        let mut report = StepReport::default();
        self.run_thread(tid, true, merge, &mut report)?;
        // A thread started by this transition runs its invisible prefix — from its
        // entry up to its first scheduling point — right away: those steps touch only
        // objects no other thread can reach, so they commute with every other
        // transition, and giving them a state of their own would only multiply the
        // interleavings.
        let mut child = threads_before;
        while child < self.threads.len() && report.uncaught.is_none() && self.exit_status.is_none() {
            if self.threads[child].pending.is_none() && self.threads[child].status == ThreadStatus::Runnable && self.threads[child].blocked.is_none() {
                self.run_thread(child as u32, false, false, &mut report)?;
            }
            child += 1;
        }
        if let Some(chk) = self.check.as_mut() {
            report.accesses = std::mem::take(&mut chk.accesses);
        }
        Ok(report)
    }

    /// Runs thread `tid` until it stands before a scheduling point (with `merge`: one
    /// where another thread could run), blocks, terminates or fails. `first_unchecked`:
    /// the operation it stands before is performed without a scheduling-point check
    /// (it is the transition's visible operation).
    fn run_thread(&mut self, tid: u32, first_unchecked: bool, merge: bool, report: &mut StepReport) -> VmResult<()> {
        let sid = self.threads[tid as usize].sid;
        self.heap.set_allocating_thread(sid);
        let mut ts = std::mem::take(&mut self.thread_mut(tid).stack);
        ts.tid = tid;
        let mut unchecked = first_unchecked;
        let outcome = loop {
            if let Some(chk) = self.check.as_mut() {
                chk.skip_next_check = unchecked;
            }
            unchecked = true;
            let exit = match self.execute(&mut ts) {
                Ok(e) => e,
                Err(e) => {
                    self.thread_mut(tid).stack = ts;
                    return Err(e);
                }
            };
            match exit {
                Exit::Yielded => {
                    let op = self.pending_op(&mut ts).unwrap_or(Op::Local);
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    {
                        let t = self.thread_mut(tid);
                        t.pending = Some(op);
                        t.blocked = None;
                    }
                    let forced = self.check.as_mut().is_some_and(|c| std::mem::take(&mut c.forced));
                    let alone = merge && !forced && self.thread_enabled(tid) && (0..self.threads.len() as u32).all(|o| o == tid || !self.thread_enabled(o));
                    if !alone {
                        break Ok(());
                    }
                    ts = std::mem::take(&mut self.thread_mut(tid).stack);
                    match op {
                        Op::Access(a) | Op::Sync(a) => self.note_access(a),
                        Op::Lock(o) => self.note_access(AccessRecord { object: self.heap.get(o).sid, field: AccessRecord::MONITOR, write: true }),
                        Op::Local => {}
                    }
                }
                Exit::Blocked => {
                    let reason = self.check.as_mut().and_then(|c| c.block.take());
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    let t = self.thread_mut(tid);
                    t.blocked = reason;
                    t.pending = None;
                    break Ok(());
                }
                Exit::Terminated => {
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    break Ok(());
                }
                Exit::Uncaught(ex) => {
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    if let Some(e) = self.missing_class_error(ex) {
                        break Err(e);
                    }
                    let name = self.class(self.heap.class_of(ex)).java_name();
                    let stack = self.backtrace(ex).into_iter().map(|(m, pc)| self.frame_display(m, pc)).collect();
                    report.uncaught = Some(Uncaught { thread: tid, message: self.describe_throwable(ex), assertion: name == "java.lang.AssertionError", stack });
                    break Ok(());
                }
                Exit::Halted(code) => {
                    self.exit_status = Some(code);
                    report.exited = Some(code);
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    break Ok(());
                }
                Exit::Returned | Exit::Threw(_) => {
                    self.threads[tid as usize].stack = std::mem::take(&mut ts);
                    break Err(VmError::Internal("a thread returned past its entry frame".into()));
                }
            }
        };
        outcome
    }

    /// Remembers the current state; returns a handle for [`Vm::restore`].
    pub fn save(&mut self) -> usize {
        // marks are taken with every hash up to date, so restoring needs no rehashing
        self.update_hashes();
        let mark = self.make_mark();
        let chk = self.check.as_mut().expect("save while checking");
        chk.marks.push(mark);
        chk.marks.len() - 1
    }

    /// Returns to the state saved as `handle`, discarding later saves.
    pub fn restore(&mut self, handle: usize) {
        let Some(mark) = self.check.as_ref().and_then(|c| c.marks.get(handle).cloned()) else { return };
        self.rollback_to(&mark);
        if let Some(chk) = self.check.as_mut() {
            chk.marks.truncate(handle + 1);
        }
    }

    /// The method a thread's entry frame runs (its body).
    pub fn thread_body(&self, tid: u32) -> Option<MethodId> {
        let t = &self.threads[tid as usize];
        t.stack.frames.first().map(|f| f.method)
    }
}
