//! `java.io`: file descriptors, the standard streams (fd 0–2), file streams and
//! `RandomAccessFile` (`streams`), and `java.io.File`'s file-system calls
//! (`file_system`).
//!
//! A `FileDescriptor.fd` of 0–2 is a standard stream; any other valid value is a
//! handle of the vm's open-file table (`file_table.rs`), shared with `sun.nio`. Under
//! the model checker every call that would change the file system is refused
//! ([`Vm::refuse_fs_write`]); reads use the table's snapshots.

mod file_system;
mod streams;

use crate::error::VmError;
use crate::file_table::Errno;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let fd = "java/io/FileDescriptor";
    r.native(fd, "initIDs", "()V", crate::native::nop);
    r.native(fd, "getHandle", "(I)J", |_, _, _| Ret::long(-1));
    r.native(fd, "getAppend", "(I)Z", |_, _, _| Ret::bool(false));
    r.native(fd, "close0", "()V", |vm, ts, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("close0 on null".into()))?;
        let n = descriptor_fd(vm, this)?;
        set_descriptor_fd(vm, this, -1)?;
        close_fd(vm, ts, n, "close failed")
    });
    r.native(fd, "sync", "()V", |vm, ts, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("sync on null".into()))?;
        let n = descriptor_fd(vm, this)?;
        if (0..=2).contains(&n) {
            return Ret::void();
        }
        match vm.file_sync(n as i64, true) {
            Ok(()) => Ret::void(),
            Err(_) => Err(vm.throw_new(ts, "java/io/SyncFailedException", Some("sync failed"))),
        }
    });
    r.native("java/io/FileCleanable", "cleanupClose0", "(IJ)V", |vm, ts, a| {
        let n = a.int(0)?;
        close_fd(vm, ts, n, "close failed")
    });
    let osc = "java/io/ObjectStreamClass";
    r.native(osc, "initNative", "()V", crate::native::nop);
    r.native(osc, "hasStaticInitializer", "(Ljava/lang/Class;)Z", |vm, _, a| {
        let c = super::java_lang_reflect::class_arg(vm, a.obj(0)?)?;
        Ret::bool(vm.class(c).clinit.is_some())
    });
    streams::register(r);
    file_system::register(r);
}

/// Closes descriptor `n` (a standard stream is left open: jvmc's own streams stay
/// usable, as the JDK redirects them to `/dev/null`).
fn close_fd(vm: &mut Vm, ts: &mut ThreadStack, n: i32, what: &str) -> NativeResult {
    if n == -1 || (0..=2).contains(&n) {
        return Ret::void();
    }
    match vm.close_file(n as i64) {
        Ok(()) => Ret::void(),
        Err(e) => Err(io_exception(vm, ts, e, what)),
    }
}

/// The `fd` of a `FileDescriptor`.
pub(crate) fn descriptor_fd(vm: &Vm, fdo: ObjRef) -> Result<i32, Unwind> {
    let fdc = vm.heap.class_of(fdo);
    let s = vm.instance_slot(fdc, "fd", "I")?;
    Ok(vm.heap.field(fdo, s).and_then(Value::as_int).unwrap_or(-1))
}

/// Sets the `fd` of a `FileDescriptor`.
pub(crate) fn set_descriptor_fd(vm: &mut Vm, fdo: ObjRef, fd: i32) -> Result<(), Unwind> {
    let fdc = vm.heap.class_of(fdo);
    let s = vm.instance_slot(fdc, "fd", "I")?;
    vm.heap.set_field(fdo, s, Value::Int(fd));
    Ok(())
}

/// The `FileDescriptor` in a stream's `fd` field.
fn stream_descriptor(vm: &Vm, stream: Option<ObjRef>) -> Result<Option<ObjRef>, Unwind> {
    let stream = stream.ok_or_else(|| VmError::Internal("file native on null".into()))?;
    let sc = vm.heap.class_of(stream);
    let fd_slot = vm.instance_slot(sc, "fd", "Ljava/io/FileDescriptor;")?;
    Ok(match vm.heap.field(stream, fd_slot) {
        Some(Value::Ref(r)) => r,
        _ => None,
    })
}

/// The descriptor number of a stream (-1 when it has none or it is closed).
fn stream_fd(vm: &Vm, stream: Option<ObjRef>) -> Result<i32, Unwind> {
    match stream_descriptor(vm, stream)? {
        Some(fdo) => descriptor_fd(vm, fdo),
        None => Ok(-1),
    }
}

/// `strerror(errno)`.
pub(crate) fn strerror(e: Errno) -> String {
    let s = std::io::Error::from_raw_os_error(e).to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// `JNU_ThrowIOExceptionWithLastError`: an `IOException` whose message is the
/// error's description (`fallback` when it has none).
pub(crate) fn io_exception(vm: &mut Vm, ts: &mut ThreadStack, e: Errno, fallback: &str) -> Unwind {
    let msg = if e == 0 { fallback.to_string() } else { strerror(e) };
    vm.throw_new(ts, "java/io/IOException", Some(&msg))
}

/// The path string of a `java.io.File`.
fn file_path(vm: &Vm, f: Option<ObjRef>) -> Result<String, Unwind> {
    let f = f.ok_or_else(|| VmError::Internal("null File".into()))?;
    let fc = vm.heap.class_of(f);
    let slot = vm.instance_slot(fc, "path", "Ljava/lang/String;")?;
    match vm.heap.field(f, slot) {
        Some(Value::Ref(Some(s))) => Ok(vm.string_to_rust(s)?),
        _ => Ok(String::new()),
    }
}

/// A string argument as a path (null: `NullPointerException`).
fn path_arg(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, i: usize) -> Result<String, Unwind> {
    match a.obj(i)? {
        Some(p) => Ok(vm.string_to_rust(p)?),
        None => Err(vm.null_pointer(ts)),
    }
}
