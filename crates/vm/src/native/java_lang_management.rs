//! `java.lang.management`: `ManagementFactory`'s platform MXBeans
//! (`getThreadMXBean()`, `getRuntimeMXBean()`, ...) are found through the boot module
//! layer (`ModuleLayer.boot()` and the `PlatformMBeanProvider` services of the
//! `java.management` and `jdk.management` modules). jvmc runs without a module
//! system — it has no boot layer — so the JDK's code would fail with a
//! `NullPointerException` deep inside `ManagementFactoryHelper`. Each entry point is
//! replaced by a peer that stops with a clear error naming the missing feature.

use crate::error::VmError;
use crate::native::{Args, NativeRegistry, NativeResult, Unwind};
use crate::thread::ThreadStack;
use crate::vm::Vm;

const MF: &str = "java/lang/management/ManagementFactory";

/// The entry points of `ManagementFactory` that look platform MXBeans up.
const ENTRY_POINTS: &[(&str, &str)] = &[
    ("getPlatformMXBean", "(Ljava/lang/Class;)Ljava/lang/management/PlatformManagedObject;"),
    ("getPlatformMXBeans", "(Ljava/lang/Class;)Ljava/util/List;"),
    ("getPlatformMXBean", "(Ljavax/management/MBeanServerConnection;Ljava/lang/Class;)Ljava/lang/management/PlatformManagedObject;"),
    ("getPlatformMXBeans", "(Ljavax/management/MBeanServerConnection;Ljava/lang/Class;)Ljava/util/List;"),
    ("getPlatformManagementInterfaces", "()Ljava/util/Set;"),
    ("getPlatformMBeanServer", "()Ljavax/management/MBeanServer;"),
    ("newPlatformMXBeanProxy", "(Ljavax/management/MBeanServerConnection;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;"),
];

pub(super) fn register(r: &mut NativeRegistry) {
    for (name, descriptor) in ENTRY_POINTS {
        // the real code cannot run: it needs the boot module layer (see the module docs)
        r.replace(MF, name, descriptor, no_boot_layer);
    }
}

fn no_boot_layer(vm: &mut Vm, ts: &mut ThreadStack, _: Args<'_>) -> NativeResult {
    let called = crate::native::api_call(vm, ts);
    Err(Unwind::Fatal(VmError::Unsupported(format!(
        "{called}: the platform MXBeans (ThreadMXBean, RuntimeMXBean, ...) are found through the boot module layer, and jvmc has no module system (ModuleLayer.boot() is null)"
    ))))
}
