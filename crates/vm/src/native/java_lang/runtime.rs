//! `java.lang.Runtime` and `java.lang.Shutdown`.

use crate::native::{NativeRegistry, Ret, Unwind};

/// Heap size jvmc reports as `maxMemory` (4 GiB).
const MAX_MEMORY: i64 = 4 << 30;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/Runtime";
    // one processor: deterministic, and the model checker decides interleavings anyway
    r.native(c, "availableProcessors", "()I", |_, _, _| Ret::int(1));
    r.native(c, "maxMemory", "()J", |_, _, _| Ret::long(MAX_MEMORY));
    r.native(c, "totalMemory", "()J", |vm, _, _| Ret::long((vm.heap.live_bytes_after_gc() as i64).max(256 << 20)));
    r.native(c, "freeMemory", "()J", |vm, _, _| {
        let total = (vm.heap.live_bytes_after_gc() as i64).max(256 << 20);
        Ret::long(total - vm.heap.live_bytes_after_gc() as i64)
    });
    r.native(c, "gc", "()V", |vm, ts, _| {
        vm.collect_garbage(ts);
        Ret::void()
    });
    let s = "java/lang/Shutdown";
    r.native(s, "beforeHalt", "()V", crate::native::nop);
    r.native(s, "halt0", "(I)V", |_, _, a| Err(Unwind::Halt(a.int(0)?)));
}
