//! The thread life cycle: the main thread's entry, `Thread.start`, and the
//! `ThreadEntry` frame at the bottom of every thread, which runs its body (`main` or
//! `Thread.run`), hands an escaping exception to the handler (or, under the model
//! checker without a program-installed handler, reports it), calls `Thread.exit()`,
//! and terminates the thread as HotSpot does: `eetop = 0`, status TERMINATED,
//! `notifyAll` on the thread object.

use super::policy::AccessClass;
use super::termination::MERGED_EXIT_STAGE;
use super::{AccessRecord, BlockReason};
use crate::class::InitState;
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

/// Where a thread about to terminate goes on.
enum TerminationStop {
    /// a scheduling point: the termination is the next transition
    Stop,
    /// the termination is this transition's operation (or there is no checker)
    Own,
    /// the termination joins this transition (`termination.rs`)
    Merged,
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
        if t.daemon {
            // the program's end, which a termination may bring about, cuts a daemon
            // short: it observes terminations (`termination.rs`)
            self.probe_terminations();
        }
        t.stack.frames.push(Frame::new(body, 0, 0, FrameKind::ThreadEntry { stage: 0 }));
        t.stack.values.push(Value::obj(thread_obj));
        t.stack.values.push(Value::NULL);
        let tid = self.push_thread(t);
        let (eetop, status) = (self.wk.thread_eetop, self.wk.thread_status);
        self.heap.set_field(thread_obj, eetop, Value::Long(tid as i64 + 1));
        self.heap.set_field(thread_obj, status, Value::Int(THREAD_STATUS_RUNNABLE));
        self.heap.publish(thread_obj);
        for a in self.life_cycle_writes(parent, thread_obj) {
            self.note_access(a);
        }
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
                match self.termination_stop(ts.tid) {
                    TerminationStop::Stop => return Err(Unwind::Yield),
                    TerminationStop::Own => set_stage(ts, 4),
                    TerminationStop::Merged => set_stage(ts, MERGED_EXIT_STAGE),
                }
                let Some(t) = self.threads[ts.tid as usize].object else { return Ok(None) };
                if self.exit_natively(ts, t)? {
                    // `exit_intrinsic.rs`
                    return Ok(None);
                }
                if let Some(m) = self.declared_method(self.wk.thread, "exit", "()V") {
                    ts.values.push(Value::obj(t));
                    self.invoke_method(ts, m)?;
                }
                Ok(None)
            }
            merged => {
                // ensure_join: under the thread object's monitor, mark it dead, wake joiners
                if let Some(t) = self.threads[ts.tid as usize].object {
                    if !self.monitor_available(t, ts.tid) {
                        self.block_on(BlockReason::Monitor(t));
                        return Err(Unwind::Block);
                    }
                    let (eetop, status) = (self.wk.thread_eetop, self.wk.thread_status);
                    self.heap.set_field(t, eetop, Value::Long(0));
                    self.heap.set_field(t, status, Value::Int(THREAD_STATUS_TERMINATED));
                    let [eetop_write, status_write] = self.life_cycle_writes(ts.tid, t);
                    self.monitor_notify(t, true);
                    let sync = |field| self.access_record(t, field, true, AccessClass::Sync);
                    let accesses = [eetop_write, status_write, sync(AccessRecord::MONITOR), sync(AccessRecord::LIFECYCLE)];
                    if merged == MERGED_EXIT_STAGE {
                        self.record_termination(ts.tid, &accesses);
                    }
                    for a in accesses {
                        self.note_access(a);
                    }
                }
                ts.frames.pop();
                ts.values.clear();
                self.thread_mut(ts.tid).status = ThreadStatus::Terminated;
                Ok(Some(Exit::Terminated))
            }
        }
    }

    /// The vm's own writes of `thread`'s `eetop` and `threadStatus` (at its start and
    /// its exit, on behalf of thread `tid`): counted against the locking discipline,
    /// and returned for the transition's label, since `isAlive` and `getState` of
    /// other threads read them.
    fn life_cycle_writes(&self, tid: u32, thread: ObjRef) -> [AccessRecord; 2] {
        let (eetop, status) = (self.wk.thread_eetop, self.wk.thread_status);
        self.lockset_observe_vm_writes(tid, thread, [eetop, status]);
        [eetop, status].map(|field| self.access_record(thread, field as u32, true, AccessClass::Sync))
    }

    /// Under the model checker, whether thread `tid`, about to terminate (`Thread.exit`,
    /// then dead for `join` and `isAlive`), stops there: unless this is its
    /// transition's first operation, termination is visible to other threads, so it
    /// must not share a transition with the thread's last shared access (else `x = 1`
    /// in a thread and `isAlive()` in main could never show the thread alive after its
    /// write) — except where nobody observes terminations without blocking
    /// (`termination.rs`).
    fn termination_stop(&mut self, tid: u32) -> TerminationStop {
        if self.check.as_ref().is_none_or(|c| c.nested != 0) || self.first_operation() {
            TerminationStop::Own
        } else if self.termination_lets_through(tid) {
            TerminationStop::Merged
        } else {
            TerminationStop::Stop
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

    /// Whether the thread of a `Thread` object was started and has not terminated
    /// (`Thread.isAlive`: `eetop != 0`).
    pub(crate) fn thread_alive(&self, thread: ObjRef) -> bool {
        !matches!(self.heap.field(thread, self.wk.thread_eetop), Some(Value::Long(0)) | None)
    }

    /// Whether the interrupt flag of thread `tid` is set.
    pub(crate) fn thread_interrupted(&self, tid: u32) -> bool {
        let Some(t) = self.threads.get(tid as usize).and_then(|t| t.object) else { return false };
        self.heap.field(t, self.wk.thread_interrupted) == Some(Value::Int(1))
    }
}
