//! `jdk.internal.misc.VM`, `CDS`, `Signal`, `ScopedMemoryAccess`: the vm-support
//! natives that have nothing to do in jvmc (no class-data sharing, no signals).

use crate::heap::Array;
use crate::native::{NativeRegistry, Ret};

pub(super) fn register(r: &mut NativeRegistry) {
    let vm = "jdk/internal/misc/VM";
    r.native(vm, "initialize", "()V", crate::native::nop);
    r.native(vm, "latestUserDefinedLoader0", "()Ljava/lang/ClassLoader;", |_, _, _| Ret::obj(None));
    r.native(vm, "getuid", "()J", |_, _, _| Ret::long(0));
    r.native(vm, "geteuid", "()J", |_, _, _| Ret::long(0));
    r.native(vm, "getgid", "()J", |_, _, _| Ret::long(0));
    r.native(vm, "getegid", "()J", |_, _, _| Ret::long(0));
    r.native(vm, "getNanoTimeAdjustment", "(J)J", |vm, _, a| {
        // seconds since the epoch `offset` → nanoseconds to add to reach now
        let offset = a.long(0)?;
        let now_nanos = vm.current_time_millis() as i128 * 1_000_000;
        let adj = now_nanos - offset as i128 * 1_000_000_000;
        Ret::long(if adj > i64::MAX as i128 || adj < i64::MIN as i128 { -1 } else { adj as i64 })
    });
    r.native(vm, "getRuntimeArguments", "()[Ljava/lang/String;", |vm, _, _| {
        let sc = vm.wk.string;
        let ac = vm.array_class_of(sc)?;
        Ret::obj(Some(vm.heap.alloc_array(ac, Array::new_refs(0))))
    });
    let cds = "jdk/internal/misc/CDS";
    r.native(cds, "isDumpingClassList0", "()Z", |_, _, _| Ret::bool(false));
    r.native(cds, "isDumpingArchive0", "()Z", |_, _, _| Ret::bool(false));
    r.native(cds, "isSharingEnabled0", "()Z", |_, _, _| Ret::bool(false));
    r.native(cds, "initializeFromArchive", "(Ljava/lang/Class;)V", crate::native::nop);
    r.native(cds, "defineArchivedModules", "(Ljava/lang/ClassLoader;Ljava/lang/ClassLoader;)V", crate::native::nop);
    r.native(cds, "getRandomSeedForDumping", "()J", |_, _, _| Ret::long(0));
    r.native(cds, "logLambdaFormInvoker", "(Ljava/lang/String;)V", crate::native::nop);
    r.native("jdk/internal/misc/Signal", "findSignal0", "(Ljava/lang/String;)I", |_, _, _| Ret::int(-1));
    r.native("jdk/internal/misc/Signal", "handle0", "(IJ)J", |_, _, _| Ret::long(0));
    r.native("jdk/internal/misc/ScopedMemoryAccess", "registerNatives", "()V", crate::native::nop);
    r.native("jdk/internal/misc/Unsafe", "registerNatives", "()V", crate::native::nop);
    r.native("java/lang/invoke/MethodHandleNatives", "registerNatives", "()V", crate::native::nop);
    // the JDK's own libraries (zip, nio, ...) are "loaded": jvmc implements the natives
    // it supports itself, and reports the others by name when they are called
    r.native(
        "jdk/internal/loader/NativeLibraries",
        "load",
        "(Ljdk/internal/loader/NativeLibraries$NativeLibraryImpl;Ljava/lang/String;ZZZ)Z",
        |vm, _, a| {
            let Some(imp) = a.obj(0)? else { return Ret::bool(false) };
            let c = vm.heap.class_of(imp);
            let handle = vm.instance_slot(c, "handle", "J")?;
            let version = vm.instance_slot(c, "jniVersion", "I")?;
            vm.heap.set_field(imp, handle, crate::value::Value::Long(1));
            vm.heap.set_field(imp, version, crate::value::Value::Int(0x0001_0008));
            Ret::bool(true)
        },
    );
    r.native("jdk/internal/loader/NativeLibraries", "findBuiltinLib", "(Ljava/lang/String;)Ljava/lang/String;", |_, _, _| Ret::obj(None));
    r.native("jdk/internal/loader/BootLoader", "setBootLoaderUnnamedModule0", "(Ljava/lang/Module;)V", crate::native::nop);
    r.native("java/lang/ClassLoader", "registerNatives", "()V", crate::native::nop);
    r.native("java/util/concurrent/atomic/AtomicLong", "VMSupportsCS8", "()Z", |_, _, _| Ret::bool(true));
}
