//! Transitions: one thread runs from the operation it stands before until it stands
//! before its next scheduling point (or blocks, or terminates) — the papers' "one
//! visible action followed by local steps". While the running thread is the only one
//! enabled, its transition continues (there is nothing to choose) — for at most
//! [`MERGE_SLICE`] instructions, then it stops at its next scheduling point. Also which
//! threads are enabled, what each stands before (and how many branches a choice
//! gives it), and saving/restoring states.
//!
//! **After a join.** A transition that runs on alone past a `join` stops at its next
//! scheduling point that is no join. When the last of the threads a thread joins
//! ends, the joiner may be waiting in any of its joins (or standing before the
//! first), one state each, and each merged run from there would execute everything
//! after the joins — typically the program's check of the results — once per join it
//! could have waited in: `--por none` ran the end check of the `benchmarks/por`
//! clients twice per state after the joins, 43,896 times for 21,227 such states on
//! `ChmHigh 5`. Stopping once the joins are behind it makes those runs meet in one
//! state, which the search matches. The stop depends on the thread's own operations
//! only, and stopping a merged transition early only adds states.
//!
//! A thread that runs [`CheckOptions::transition_budget`] instructions without
//! reaching a scheduling point is diverging (an endless local loop): its transition
//! stops there and the report says so ([`Diverged`]), a non-termination violation.
//!
//! **The program's end.** The program ends when its last non-daemon thread
//! terminates or a thread calls `System.exit`; the threads still alive then (daemons,
//! or anyone `exit` cut short) never run again. So the transition that ends the
//! program disables them, and partial-order reduction must see it as dependent with
//! every step they take before it — run first, it makes those steps never happen
//! (the suite program `DaemonSeesLastWrite` lost its daemon's `seen` under every POR
//! algorithm when the writer came first in the order, and `ExitRacesWithPrint` its
//! outcomes where the worker prints before `main` exits). That transition's label
//! gets a write of the pseudo-location [`AccessRecord::program_end`], which the
//! search takes for a write of every location (`jvmc_search::Access::everything`:
//! it conflicts with every access of another thread), and in the end state each
//! thread still alive counts as disabled ([`Vm::cut_short_threads`]), standing
//! before what it stood before plus a read of it ([`Vm::pending`]).

use super::policy::{AccessClass, Op};
use super::{AccessRecord, BlockReason, CheckOptions, CheckState, InterruptCheck, Merging, LIMIT_POLL, MERGE_SLICE};
use crate::class::{InitState, MethodId};
use crate::error::{VmError, VmResult};
use crate::interpreter::Exit;
use super::Guards;
use crate::thread::{ThreadStack, ThreadStatus};
use crate::value::ObjRef;
use crate::vm::Vm;

/// What a thread stands before, as the search sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// nothing shared (the first step of a thread, or a local stop)
    Local,
    /// a shared access or synchronisation operation (its accesses, first the
    /// operation's own)
    Access(Vec<AccessRecord>),
    /// the thread has terminated
    Terminated,
}

/// The result of [`Vm::step`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StepReport {
    /// the shared accesses the transition made, in order, each with the locks its
    /// thread held at every occurrence (`guards.rs`)
    pub accesses: Vec<(AccessRecord, super::Guards)>,
    /// an exception escaped the thread
    pub uncaught: Option<Uncaught>,
    /// the program exited with this status
    pub exited: Option<i32>,
    /// a thread ran its whole instruction budget without reaching a scheduling point
    pub diverged: Option<Diverged>,
    /// a call's response that no order of the calls explains (`--linearizability`)
    pub not_linearizable: Option<super::NotLinearizable>,
}

/// A thread that ran for its whole instruction budget without reaching a scheduling
/// point (a non-termination violation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diverged {
    /// the thread
    pub thread: u32,
    /// the instructions it ran since its last scheduling point
    pub instructions: u64,
    /// where it was when stopped, innermost first, as `Class.method(File.java:line)`
    pub stack: Vec<String>,
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
    /// Turns the prepared program into a transition system: journaling and hashing on.
    pub fn start_checking(&mut self, options: CheckOptions) {
        let exit_fields = self.exit_fields(&options);
        self.check = Some(Box::new(CheckState { exit_fields, ..CheckState::new(options) }));
        self.heap.start_tracking();
        self.native_memory.start_tracking();
        self.zip_streams.start_tracking();
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

    /// Records a shared access of the running transition.
    pub(crate) fn note_access(&mut self, a: AccessRecord) {
        if let Some(chk) = self.check.as_mut() {
            chk.accesses.insert(a);
            if let Some(noted) = &mut chk.noted {
                noted.push(a);
            }
        }
    }

    /// Whether the operation the running thread stands before is its transition's
    /// first, which runs without a scheduling-point check (the flag is consumed).
    pub(crate) fn first_operation(&mut self) -> bool {
        self.check.as_mut().is_some_and(|c| std::mem::take(&mut c.skip_next_check))
    }

    /// Records the accesses of `op`, which thread `ts` runs inside a transition
    /// without stopping before it (an atomic method, a library region, a release), in
    /// the transition's label. Inside the region of a trusted call let through
    /// without a scheduling point they are checked too ([`Vm::check_merged_call`]).
    pub(crate) fn note_accesses(&mut self, ts: &ThreadStack, op: Op) {
        let bookkeeping = self.group_in_bookkeeping(ts);
        self.note_accesses_of(ts, &[op], bookkeeping, None);
    }

    /// [`Vm::note_accesses`] for operations made one after the other (the vm makes
    /// them itself instead of interpreting their bytecode: `exit_intrinsic.rs`), of
    /// the bookkeeping of group `bookkeeping` if that is `Some`, with the locks
    /// `held` the thread holds at each if known.
    pub(crate) fn note_accesses_of(&mut self, ts: &ThreadStack, ops: &[Op], bookkeeping: Option<ObjRef>, held: Option<(Guards, Guards)>) {
        self.with_access_buffer(|vm, accesses| {
            for op in ops {
                op.accesses(vm, accesses);
            }
            if !accesses.is_empty() {
                vm.note_op_accesses(ts, accesses, bookkeeping, held);
            }
        });
    }

    /// Runs `f` with the vm's buffer for an operation's accesses, empty (one buffer
    /// for every operation noted: this runs for each inside a transition); nothing
    /// outside model checking.
    pub(super) fn with_access_buffer(&mut self, f: impl FnOnce(&mut Vm, &mut Vec<AccessRecord>)) {
        let Some(chk) = self.check.as_mut() else { return };
        let mut accesses = std::mem::take(&mut chk.op_accesses);
        accesses.clear();
        f(self, &mut accesses);
        if let Some(chk) = self.check.as_mut() {
            chk.op_accesses = accesses;
        }
    }

    /// [`Vm::note_accesses_of`] for the operations' accesses `accesses` (not empty);
    /// they are left drained.
    fn note_op_accesses(&mut self, ts: &ThreadStack, accesses: &mut Vec<AccessRecord>, bookkeeping: Option<ObjRef>, held: Option<(Guards, Guards)>) {
        self.lockset_observe(ts.tid, accesses, held);
        if let Some(group) = bookkeeping {
            // every access of the bookkeeping is to the group or its array of threads,
            // which only the group's own methods touch, each a write of the group's
            // monitor first (`policy.rs`): one update of the monitor stands for them all
            // in the label (`thread_group.rs`)
            accesses.clear();
            accesses.push(self.group_monitor_write(group, true));
        }
        self.watch_terminations(ts, accesses);
        if self.check.as_ref().is_some_and(|c| c.merged_call.is_some()) && ts.frames.iter().any(|f| f.library) {
            self.check_merged_call(accesses);
        }
        for a in accesses.drain(..) {
            self.note_access(a);
        }
    }

    /// Sets the check of the search's limits the interpreter polls inside long
    /// transitions (see [`InterruptCheck`]); `None` removes it.
    pub fn set_interrupt_check(&mut self, check: Option<InterruptCheck>) {
        if let Some(chk) = self.check.as_mut() {
            chk.interrupt = check;
        }
    }

    /// How many branches thread `tid`'s next transition has: more than one when it
    /// stands before a choice (`choice.rs`).
    pub fn branches(&self, tid: u32) -> u32 {
        let t = &self.threads[tid as usize];
        match (t.status, t.blocked, t.pending.and_then(Op::choice)) {
            (ThreadStatus::Runnable, None, Some(c)) => c.branches(),
            _ => 1,
        }
    }

    /// Starts a segment of the running thread: it has just passed a scheduling point,
    /// and its budget counts from here.
    fn start_segment(&mut self) {
        let now = self.instructions;
        if let Some(chk) = self.check.as_mut() {
            chk.segment_start = now;
            if chk.interrupt.is_some() && chk.next_poll == u64::MAX {
                chk.next_poll = now.saturating_add(LIMIT_POLL);
            }
            chk.next_check = now.saturating_add(chk.options.transition_budget).min(chk.next_poll);
        }
    }

    /// The interpreter's slow path, taken when the instruction count reaches
    /// `next_check` (`now`): polls the search's limits and enforces the budget.
    #[cold]
    pub(crate) fn long_transition(&mut self, ts: &crate::thread::ThreadStack, now: u64) -> Result<(), crate::native::Unwind> {
        let Some(chk) = self.check.as_mut() else { return Ok(()) };
        if now >= chk.next_poll {
            chk.next_poll = now.saturating_add(LIMIT_POLL);
            if chk.interrupt.as_mut().is_some_and(|check| check()) {
                return Err(crate::native::Unwind::Fatal(VmError::Interrupted));
            }
        }
        let ran = now - chk.segment_start;
        if ran >= chk.options.transition_budget {
            let stack = ts.frames.iter().rev().filter(|f| f.kind == crate::thread::FrameKind::Java).take(40).map(|f| self.frame_display(f.method, f.pc)).collect();
            return Err(crate::native::Unwind::Fatal(VmError::Diverged { instructions: ran, stack }));
        }
        chk.next_check = chk.segment_start.saturating_add(chk.options.transition_budget).min(chk.next_poll);
        Ok(())
    }

    /// Whether thread `tid` could take a transition now.
    pub fn thread_enabled(&self, tid: u32) -> bool {
        let t = &self.threads[tid as usize];
        let interrupted = || self.thread_interrupted(tid);
        match t.status {
            ThreadStatus::Terminated => false,
            ThreadStatus::Waiting { monitor, timeout, .. } => {
                (timeout.is_some() || interrupted() || self.monitor_notified(monitor, tid)) && self.monitor_available(monitor, tid)
            }
            ThreadStatus::Parked { timeout } => timeout.is_some() || t.permit || interrupted(),
            ThreadStatus::Runnable => match (t.blocked, t.pending) {
                (Some(BlockReason::Monitor(o)), _) | (_, Some(Op::Lock(o))) => self.monitor_available(o, tid),
                (Some(BlockReason::Join(o)), _) | (_, Some(Op::Join(o))) => !self.thread_alive(o) || interrupted(),
                (Some(BlockReason::ClassInit(c)), _) => {
                    !matches!(self.class_states[c.index()].init, InitState::InProgress(other) if other != tid)
                }
                (None, Some(Op::Library { .. })) => self.waits_for_lock(tid).is_none(),
                _ => true,
            },
        }
    }

    /// The threads that could take a transition now, ascending.
    pub fn enabled_threads(&self) -> Vec<u32> {
        (0..self.threads.len() as u32).filter(|&t| self.thread_enabled(t)).collect()
    }

    /// [`Vm::enabled_threads`], and the threads that have not terminated but could
    /// not take a transition now, in one pass.
    pub fn thread_sets(&self) -> (Vec<u32>, Vec<u32>) {
        let (mut enabled, mut disabled) = (Vec::with_capacity(self.threads.len()), Vec::new());
        for (tid, t) in (0..).zip(&self.threads) {
            if self.thread_enabled(tid) {
                enabled.push(tid);
            } else if t.status != ThreadStatus::Terminated {
                disabled.push(tid);
            }
        }
        (enabled, disabled)
    }

    /// Whether `sid` is the stable id of a thread that has terminated: its life cycle
    /// ([`AccessRecord::LIFECYCLE`]) changes no more (a `Thread` is started at most
    /// once; one never started is not terminated, and may still be started).
    pub fn thread_ended(&self, sid: u64) -> bool {
        self.threads.iter().any(|t| t.status == ThreadStatus::Terminated && t.object.is_some_and(|o| self.heap.get(o).sid == sid))
    }

    /// The threads the program's end cut short: none before it ends, then every
    /// thread that has not terminated (see the module docs, "The program's end").
    pub fn cut_short_threads(&self) -> Vec<u32> {
        self.cut_short().collect()
    }

    /// [`Vm::cut_short_threads`], without collecting them.
    fn cut_short(&self) -> impl Iterator<Item = u32> + '_ {
        let ended = self.program_ended();
        (0..self.threads.len() as u32).filter(move |&t| ended && self.threads[t as usize].status != ThreadStatus::Terminated)
    }

    /// Whether the program has ended: it exited, or every non-daemon thread finished.
    pub fn program_ended(&self) -> bool {
        self.exit_status.is_some()
            || self.threads.iter().all(|t| t.status == ThreadStatus::Terminated || t.daemon)
    }

    /// What thread `tid` stands before (after the program's end, also a read of
    /// [`AccessRecord::program_end`]: see the module docs).
    pub fn pending(&self, tid: u32) -> Pending {
        let t = &self.threads[tid as usize];
        if t.status == ThreadStatus::Terminated {
            return Pending::Terminated;
        }
        let mut accesses = self.pending_accesses(tid);
        if self.program_ended() {
            accesses.push(AccessRecord::program_end(false));
        }
        if accesses.is_empty() {
            Pending::Local
        } else {
            Pending::Access(accesses)
        }
    }

    /// The shared accesses of thread `tid`'s next transition that are known before
    /// running it: the operation it stands before, or — for a blocked thread — what
    /// waking up does (re-acquiring the monitor after `wait` or a contended
    /// `monitorenter`, consuming the permit after `park`, observing the end of the
    /// joined thread), plus the interrupt status for interruptible operations.
    pub(super) fn pending_accesses(&self, tid: u32) -> Vec<AccessRecord> {
        let mut v = Vec::new();
        self.pending_accesses_into(tid, &mut v);
        v
    }

    /// [`Vm::pending_accesses`], appended to `v`.
    pub(super) fn pending_accesses_into(&self, tid: u32, v: &mut Vec<AccessRecord>) {
        let t = &self.threads[tid as usize];
        let sync = |o, field, write| self.access_record(o, field, write, AccessClass::Sync);
        let interrupt = || t.object.map(|me| sync(me, AccessRecord::INTERRUPT, true));
        match t.status {
            ThreadStatus::Terminated => {}
            ThreadStatus::Waiting { monitor, .. } => v.extend([Some(sync(monitor, AccessRecord::MONITOR, true)), interrupt()].into_iter().flatten()),
            ThreadStatus::Parked { .. } => v.extend([t.object.map(|o| sync(o, AccessRecord::LIFECYCLE, true)), interrupt()].into_iter().flatten()),
            ThreadStatus::Runnable => match (t.blocked, t.pending) {
                (Some(BlockReason::Monitor(o)), _) => v.push(sync(o, AccessRecord::MONITOR, true)),
                // `join` of a thread that is not alive returns at once: it does not
                // look at the interrupt status (`native/java_lang/thread.rs`)
                (Some(BlockReason::Join(o)), _) => v.extend([Some(sync(o, AccessRecord::LIFECYCLE, false)), self.thread_alive(o).then(interrupt).flatten()].into_iter().flatten()),
                (Some(_), _) | (None, None) => {}
                (None, Some(op)) => {
                    op.accesses(self, v);
                    v.extend(self.pending_acquire_access(tid));
                    if op.interruptible() && !matches!(op, Op::Join(o) if !self.thread_alive(o)) {
                        v.extend(interrupt());
                    }
                }
            },
        }
        // the invocations its next transition puts into their histories
        v.extend(self.lin_deferred_reads(tid));
    }

    /// Hands back the accesses of an earlier [`Vm::step`]'s report, no longer
    /// needed: the next step fills them in instead of allocating its own.
    pub fn recycle_accesses(&mut self, accesses: Vec<(AccessRecord, Guards)>) {
        if let Some(chk) = self.check.as_mut() {
            chk.accesses.recycle(accesses);
        }
    }

    /// Executes branch `branch` of the transition of thread `tid` (which must be
    /// enabled; `branch` below [`Vm::branches`]).
    pub fn step(&mut self, tid: u32, branch: u32) -> VmResult<StepReport> {
        let Some(chk) = self.check.as_mut() else { return Err(VmError::Internal("step outside model checking".into())) };
        chk.accesses.clear();
        chk.noted = None;
        chk.block = None;
        chk.uncaught = None;
        chk.lin_failure = None;
        chk.hashes_current = false;
        // (a step that failed, or a search that restarted, may have left them set)
        self.end_merges();
        // where the transition's before-images begin (`restored.rs`)
        let epoch_from = if self.check.as_ref().is_some_and(|c| c.options.restored_writes) { self.heap.open_epoch() } else { None };
        self.note_pending(tid);
        if self.checks_linearizability() {
            self.lin_commit(tid);
        }
        // a choice: the branch replaces the call by its result, or performs it
        let mut first_unchecked = true;
        if let Some(c) = self.threads[tid as usize].pending.and_then(Op::choice) {
            if branch >= c.branches() {
                return self.internal(format!("branch {branch} of a choice with {} branches", c.branches()));
            }
            let mut ts = std::mem::take(&mut self.thread_mut(tid).stack);
            // the call is replaced: what follows it is checked as usual
            first_unchecked = !c.apply(&mut ts, branch);
            self.threads[tid as usize].stack = ts;
        } else if branch > 0 {
            return self.internal(format!("branch {branch} of a transition without a choice"));
        }
        let ended_before = self.program_ended();
        let threads_before = self.threads.len();
        let merge = match self.check.as_ref().map(|c| c.options.merging) {
            Some(Merging::WhileAlone) => true,
            Some(Merging::BeforeSecondThread) => threads_before == 1,
            Some(Merging::Never) | None => false,
        };
        let mut report = StepReport::default();
        let first = self.threads[tid as usize].pending;
        self.open_transition(first.filter(|_| first_unchecked));
        self.run_thread(tid, first_unchecked, merge, &mut report)?;
        self.end_merges();
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
        if !ended_before && self.cut_short().next().is_some() {
            self.note_access(AccessRecord::program_end(true));
        }
        if let Some(chk) = self.check.as_mut() {
            report.accesses = chk.accesses.take();
            report.not_linearizable = chk.lin_failure.take();
        }
        if let Some(from) = epoch_from {
            self.downgrade_restored(from, &mut report.accesses);
        }
        if self.lockset_broken() {
            return Err(VmError::Restart);
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
        let started = self.instructions;
        // whether this run has passed a join (module docs, "After a join")
        let mut joined = {
            let t = &self.threads[tid as usize];
            matches!(t.pending, Some(Op::Join(_))) || matches!(t.blocked, Some(BlockReason::Join(_)))
        };
        let outcome = loop {
            if let Some(chk) = self.check.as_mut() {
                chk.skip_next_check = unchecked;
            }
            unchecked = true;
            self.start_segment();
            let exit = match self.execute(&mut ts) {
                Ok(e) => e,
                Err(VmError::Diverged { instructions, stack }) => {
                    self.thread_mut(tid).stack = ts;
                    report.diverged = Some(Diverged { thread: tid, instructions, stack });
                    break Ok(());
                }
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
                    // merge on while the thread is alone — but not past a choice (the
                    // search must pick a branch), its slice, or the first scheduling point
                    // that is no join after a join
                    let sliced = self.instructions - started >= MERGE_SLICE;
                    let at_join = matches!(op, Op::Join(_));
                    let alone = merge
                        && !sliced
                        && op.choice().is_none()
                        && (at_join || !joined)
                        && self.thread_enabled(tid)
                        && (0..self.threads.len() as u32).all(|o| o == tid || !self.thread_enabled(o));
                    if !alone {
                        break Ok(());
                    }
                    joined |= at_join;
                    // (a transition merged on alone opens with nothing: the rule
                    // after an acquire is for the search's scheduling points)
                    self.end_merges();
                    self.note_pending(tid);
                    ts = std::mem::take(&mut self.thread_mut(tid).stack);
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
        if outcome.is_ok() {
            self.forget_dead_locals(tid);
        }
        outcome
    }

    /// Forgets what the running transition let through on assumption: the acquire it
    /// opened with (`release.rs`) and the trusted call whose region it checks
    /// (`lockset.rs`). Both belong to one transition.
    fn end_merges(&mut self) {
        self.close_opening();
        if let Some(chk) = self.check.as_mut() {
            chk.merged_call = None;
        }
    }

    /// Remembers the current state; returns a handle for [`Vm::restore`].
    ///
    /// A save does not bring hashes up to date: a stateful search has just taken
    /// the state's fingerprint (which did), and a stateless one needs them only where
    /// it takes a fingerprint, so hashing at every save was most of a save's cost.
    /// Restoring keeps the hash caches exact however stale they were at the save
    /// (`journal.rs`). The first save (the initial state, where every reset
    /// returns) hashes, and under heap symmetry every save does.
    pub fn save(&mut self) -> usize {
        if self.symmetric() || self.check.as_ref().is_some_and(|c| c.marks.is_empty()) {
            self.update_hashes();
        }
        let mark = self.make_mark();
        let chk = self.check.as_mut().expect("save while checking");
        chk.marks.push(mark);
        chk.marks.len() - 1
    }

    /// Returns to the state saved as `handle`, discarding later saves.
    pub fn restore(&mut self, handle: usize) {
        let Some(mark) = self.check.as_ref().and_then(|c| c.marks.get(handle).cloned()) else { return };
        self.rollback_to(&mark);
        // the same state, marked again: a later restore of this handle then finds
        // the dirty list it left (only grown since, so truncated, not rebuilt) and
        // counts only young collections after now
        let again = self.make_mark();
        if let Some(chk) = self.check.as_mut() {
            chk.marks.truncate(handle + 1);
            chk.marks[handle] = again;
        }
    }

    /// The method a thread's entry frame runs (its body).
    pub fn thread_body(&self, tid: u32) -> Option<MethodId> {
        let t = &self.threads[tid as usize];
        t.stack.frames.first().map(|f| f.method)
    }
}
