//! `java.lang.Object`: identity, class, clone, monitors' wait/notify.

use crate::heap::{Body, YOUNG};
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::{ThreadStack, ThreadStatus};
use crate::value::ObjRef;
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/Object";
    r.native(c, "getClass", "()Ljava/lang/Class;", get_class);
    r.native(c, "hashCode", "()I", hash_code);
    r.native(c, "clone", "()Ljava/lang/Object;", clone);
    r.native(c, "notify", "()V", notify);
    r.native(c, "notifyAll", "()V", notify_all);
    r.native(c, "wait", "(J)V", wait);
}

/// The identity hash of an object, never 0, fixed for its lifetime. An object that
/// exists on every path (created before checking, or permanent) hashes its stable id.
/// An object allocated while checking gets its hash when the program first asks for
/// it: a mix of the asking thread's id and how many hashes that thread handed out
/// before (`JThread::identity_hashes`, part of the state), kept in the object. It must
/// not derive from the object's stable id: heap symmetry (`check/symmetry.rs`) matches
/// states that differ in those ids, and they depend on allocation counters that are
/// not part of the state.
pub(crate) fn identity_hash(vm: &mut Vm, tid: u32, obj: ObjRef) -> i32 {
    let o = vm.heap.get(obj);
    if o.identity_hash != 0 {
        return o.identity_hash;
    }
    if !(o.has(YOUNG) && vm.heap.tracking()) {
        return mix_to_hash(o.sid);
    }
    let t = vm.thread_mut(tid);
    t.identity_hashes += 1;
    let h = mix_to_hash(crate::heap::mix_ids(t.sid, t.identity_hashes as u64));
    vm.heap.get_mut(obj).identity_hash = h;
    h
}

/// A positive, non-zero `int` from a 64-bit id.
fn mix_to_hash(mut x: u64) -> i32 {
    x = (x ^ (x >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    x = (x ^ (x >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^= x >> 33;
    let h = (x & 0x7fff_ffff) as i32;
    if h == 0 { 1 } else { h }
}

fn get_class(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let this = a.obj(0)?.ok_or_else(|| Unwind::Fatal(crate::error::VmError::Internal("getClass on null".into())))?;
    let c = vm.heap.class_of(this);
    Ret::obj(Some(vm.mirror_of(c)?))
}

fn hash_code(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    Ret::int(a.obj(0)?.map_or(0, |o| identity_hash(vm, ts.tid, o)))
}

fn clone(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(this) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let obj = vm.heap.get(this).clone();
    if let Body::Fields(_) = obj.body {
        let cloneable = vm.load_required("java/lang/Cloneable")?;
        if !vm.is_assignable(obj.class, cloneable) {
            let name = vm.class(obj.class).java_name();
            return Err(vm.throw_new(ts, "java/lang/CloneNotSupportedException", Some(&name)));
        }
    }
    Ret::obj(Some(vm.heap.alloc(obj)))
}

fn notify(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(this) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    if !vm.holds_monitor(ts, this) {
        return Err(vm.throw_new(ts, "java/lang/IllegalMonitorStateException", Some("current thread is not owner")));
    }
    vm.monitor_notify(this, false);
    Ret::void()
}

fn notify_all(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(this) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    if !vm.holds_monitor(ts, this) {
        return Err(vm.throw_new(ts, "java/lang/IllegalMonitorStateException", Some("current thread is not owner")));
    }
    vm.monitor_notify(this, true);
    Ret::void()
}

/// `Object.wait(millis)`. The first call releases the monitor, joins the wait set and
/// blocks; the invoke is retried when the thread is scheduled again (the scheduler
/// only does so once it was notified, interrupted, or — for a timed wait — may time
/// out, and the monitor is free), and that call re-acquires the monitor and returns.
fn wait(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(this) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let millis = a.long(1)?;
    let tid = ts.tid;
    if let ThreadStatus::Waiting { monitor, count, timeout } = vm.threads[tid as usize].status {
        if monitor == this {
            let interrupted = vm.take_interrupt(tid)?;
            let notified = vm.monitor_notified(this, tid);
            vm.monitor_end_wait(this, tid, count, notified);
            vm.thread_mut(tid).status = ThreadStatus::Runnable;
            if let (false, false, Some(nanos)) = (notified, interrupted, timeout) {
                vm.advance_clock(nanos);
            }
            if interrupted {
                return Err(vm.throw_new(ts, "java/lang/InterruptedException", None));
            }
            return Ret::void();
        }
    }
    if millis < 0 {
        return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("timeout value is negative")));
    }
    if !vm.holds_monitor(ts, this) {
        return Err(vm.throw_new(ts, "java/lang/IllegalMonitorStateException", Some("current thread is not owner")));
    }
    if vm.take_interrupt(ts.tid)? {
        return Err(vm.throw_new(ts, "java/lang/InterruptedException", None));
    }
    let count = vm.monitor_wait(tid, this);
    let timeout = if millis > 0 { vm.timeout_for(millis.saturating_mul(1_000_000)) } else { None };
    vm.thread_mut(tid).status = ThreadStatus::Waiting { monitor: this, count, timeout };
    vm.block_on(crate::check::BlockReason::Wait);
    Err(Unwind::Block)
}
