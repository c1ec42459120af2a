//! `java.lang.ref`: jvmc never clears references (no reference processing), so the
//! pending list is always empty and `refersTo` compares with the referent.

use crate::error::VmError;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/ref/Reference";
    r.native(c, "getAndClearReferencePendingList", "()Ljava/lang/ref/Reference;", |_, _, _| Ret::obj(None));
    r.native(c, "hasReferencePendingList", "()Z", |_, _, _| Ret::bool(false));
    r.native(c, "waitForReferencePendingList", "()V", |_, _, _| {
        Err(Unwind::Fatal(VmError::Unsupported("waiting for reference processing".into())))
    });
    r.native(c, "refersTo0", "(Ljava/lang/Object;)Z", refers_to);
    r.native("java/lang/ref/PhantomReference", "refersTo0", "(Ljava/lang/Object;)Z", refers_to);
    r.native(c, "clear0", "()V", |vm, ts, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("null reference".into()))?;
        let rc = vm.load_required("java/lang/ref/Reference")?;
        let slot = vm.instance_slot(rc, "referent", "Ljava/lang/Object;")?;
        vm.heap.set_field(this, slot, Value::NULL);
        vm.lockset_observe_vm_writes(ts.tid, this, [slot]);
        Ret::void()
    });
    r.native("java/lang/ref/Finalizer", "isFinalizationEnabled", "()Z", |_, _, _| Ret::bool(false));
}

fn refers_to(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let this = a.obj(0)?.ok_or_else(|| VmError::Internal("null reference".into()))?;
    let rc = vm.load_required("java/lang/ref/Reference")?;
    let slot = vm.instance_slot(rc, "referent", "Ljava/lang/Object;")?;
    Ret::bool(vm.heap.field(this, slot) == Some(Value::Ref(a.obj(1)?)))
}
