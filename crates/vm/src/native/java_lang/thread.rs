//! `java.lang.Thread` natives.
//!
//! jvmc never starts the JDK's own service threads (reference handler, finalizer,
//! common cleaner): jvmc does no reference processing or finalization, so they would
//! only ever block.

use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStatus;
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

/// Classes of JDK service threads whose `start` does nothing under jvmc.
const SERVICE_THREADS: &[&str] = &[
    "java/lang/ref/Reference$ReferenceHandler",
    "java/lang/ref/Finalizer$FinalizerThread",
    "jdk/internal/misc/InnocuousThread",
];

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/Thread";
    r.native(c, "registerNatives", "()V", crate::native::nop);
    r.native(c, "currentThread", "()Ljava/lang/Thread;", |vm, ts, _| Ret::obj(vm.threads[ts.tid as usize].object));
    r.native(c, "yield", "()V", crate::native::nop);
    r.native(c, "sleep", "(J)V", sleep);
    r.native(c, "start0", "()V", start0);
    // The JDK's `join()` holds the thread object's monitor and polls `isAlive()`
    // around `wait()`: four scheduling points where one operation ("wait until the
    // thread has terminated") is what matters, multiplying the interleavings the
    // model checker must explore. This peer is that one operation; it differs only in
    // not holding the thread object's monitor while it waits.
    r.replace(c, "join", "()V", join);
    r.native(c, "holdsLock", "(Ljava/lang/Object;)Z", |vm, ts, a| {
        let Some(o) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
        Ret::bool(vm.holds_monitor(ts, o))
    });
    r.native(c, "getThreads", "()[Ljava/lang/Thread;", |vm, _, _| {
        // which threads are alive: an observation of their terminations
        vm.probe_terminations();
        let live: Vec<_> = vm.threads.iter().filter(|t| t.status != ThreadStatus::Terminated).filter_map(|t| t.object).map(Some).collect();
        let tc = vm.wk.thread;
        let ac = vm.array_class_of(tc)?;
        Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(live.into()))))
    });
    r.native(c, "setPriority0", "(I)V", crate::native::nop);
    r.native(c, "interrupt0", "()V", crate::native::nop);
    r.native(c, "clearInterruptEvent", "()V", crate::native::nop);
    r.native(c, "setNativeName", "(Ljava/lang/String;)V", crate::native::nop);
}

fn sleep(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let millis = a.long(0)?;
    if millis < 0 {
        return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("timeout value is negative")));
    }
    if vm.take_interrupt(ts.tid)? {
        return Err(vm.throw_new(ts, "java/lang/InterruptedException", Some("sleep interrupted")));
    }
    vm.advance_clock(millis.saturating_mul(1_000_000));
    Ret::void()
}

/// `Unsafe.park(absolute, time)`: returns at once with a permit (consuming it) or when
/// interrupted; otherwise blocks until unparked, interrupted or — if timed — it may
/// time out. The retried call after blocking finishes the park.
pub(crate) fn park(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (absolute, time) = (a.bool(1)?, a.long(2)?);
    let tid = ts.tid;
    if let ThreadStatus::Parked { timeout } = vm.threads[tid as usize].status {
        let permit = vm.threads[tid as usize].permit;
        let t = vm.thread_mut(tid);
        t.permit = false;
        t.status = ThreadStatus::Runnable;
        if let (false, false, Some(nanos)) = (permit, vm.thread_interrupted(tid), timeout) {
            vm.advance_clock(nanos);
        }
        return Ret::void();
    }
    if vm.threads[tid as usize].permit {
        vm.thread_mut(tid).permit = false;
        return Ret::void();
    }
    if vm.thread_interrupted(tid) || (time <= 0 && (absolute || time < 0)) {
        return Ret::void();
    }
    let timeout = match (absolute, time) {
        (_, 0) => None,
        // a deadline in epoch milliseconds
        (true, deadline) => vm.timeout_for(deadline.saturating_sub(vm.clock_millis()).max(0).saturating_mul(1_000_000)),
        (false, nanos) => vm.timeout_for(nanos),
    };
    vm.thread_mut(tid).status = ThreadStatus::Parked { timeout };
    vm.block_on(crate::check::BlockReason::Park);
    Err(Unwind::Block)
}

/// `Unsafe.unpark(thread)`: gives the thread its permit (no effect before it starts).
pub(crate) fn unpark(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(t) = a.obj(1)? else { return Ret::void() };
    let eetop = vm.wk.thread_eetop;
    if let Some(Value::Long(e)) = vm.heap.field(t, eetop) {
        if e > 0 && ((e - 1) as usize) < vm.threads.len() {
            vm.thread_mut((e - 1) as u32).permit = true;
        }
    }
    Ret::void()
}

impl Vm {
    /// Whether thread `tid` has its interrupt status set; clears it (the check
    /// `sleep`, `wait` and `join` make before throwing `InterruptedException`).
    pub(crate) fn take_interrupt(&mut self, tid: u32) -> Result<bool, Unwind> {
        let Some(t) = self.threads.get(tid as usize).and_then(|t| t.object) else { return Ok(false) };
        let slot = self.wk.thread_interrupted;
        if self.heap.field(t, slot) == Some(crate::value::Value::Int(1)) {
            self.heap.set_field(t, slot, crate::value::Value::Int(0));
            return Ok(true);
        }
        Ok(false)
    }
}

/// `Thread.join()`: returns once the thread is not alive; blocks until then (the call
/// is retried when the joining thread runs again); `InterruptedException` if the
/// joining thread is interrupted while the other is alive.
fn join(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(this) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    if !vm.thread_alive(this) {
        return Ret::void();
    }
    if vm.take_interrupt(ts.tid)? {
        return Err(vm.throw_new(ts, "java/lang/InterruptedException", None));
    }
    vm.block_on(crate::check::BlockReason::Join(this));
    Err(Unwind::Block)
}

fn start0(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let this = a.obj(0)?.ok_or_else(|| VmError::Internal("start0 on null".into()))?;
    let class = vm.heap.class_of(this);
    if SERVICE_THREADS.iter().any(|s| vm.lookup_class(s).is_some_and(|c| vm.is_assignable(class, c))) {
        return Ret::void();
    }
    vm.start_thread(ts.tid, this)?;
    Ret::void()
}
