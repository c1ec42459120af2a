//! `java.io`: file descriptors and the standard streams (`FileOutputStream.writeBytes`
//! to fd 1/2, `FileInputStream` reads from fd 0). Files on disk are not supported.

use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let fd = "java/io/FileDescriptor";
    r.native(fd, "initIDs", "()V", crate::native::nop);
    r.native(fd, "getHandle", "(I)J", |_, _, _| Ret::long(-1));
    r.native(fd, "getAppend", "(I)Z", |_, _, _| Ret::bool(false));
    r.native(fd, "close0", "()V", crate::native::nop);
    let fos = "java/io/FileOutputStream";
    r.native(fos, "initIDs", "()V", crate::native::nop);
    r.native(fos, "writeBytes", "([BIIZ)V", write_bytes);
    r.native(fos, "write", "(IZ)V", |vm, ts, a| {
        let fd = fd_of(vm, a.obj(0)?)?;
        let b = [a.int(1)? as u8];
        write_fd(vm, ts, fd, &b)
    });
    let fis = "java/io/FileInputStream";
    r.native(fis, "initIDs", "()V", crate::native::nop);
    r.native(fis, "readBytes", "([BII)I", read_bytes);
    r.native(fis, "read0", "()I", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0)?)?;
        let mut b = [0u8; 1];
        match read_fd(fd, &mut b)? {
            0 => Ret::int(-1),
            _ => Ret::int(b[0] as i32),
        }
    });
    r.native(fis, "available0", "()I", |_, _, _| Ret::int(0));
    r.native("java/io/UnixFileSystem", "initIDs", "()V", crate::native::nop);
}

fn fd_of(vm: &Vm, stream: Option<ObjRef>) -> Result<i32, Unwind> {
    let stream = stream.ok_or_else(|| VmError::Internal("null stream".into()))?;
    let sc = vm.heap.class_of(stream);
    let fd_slot = vm.instance_slot(sc, "fd", "Ljava/io/FileDescriptor;")?;
    let Some(Value::Ref(Some(fdo))) = vm.heap.field(stream, fd_slot) else { return Ok(-1) };
    let fdc = vm.heap.class_of(fdo);
    let s = vm.instance_slot(fdc, "fd", "I")?;
    Ok(vm.heap.field(fdo, s).and_then(Value::as_int).unwrap_or(-1))
}

fn write_fd(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, bytes: &[u8]) -> NativeResult {
    if fd != 1 && fd != 2 {
        return Err(vm.throw_new(ts, "java/io/IOException", Some("Stream Closed")));
    }
    if let Err(e) = vm.output.write(fd, bytes) {
        // a closed stdout (e.g. a pipe to `head`) is the program's IOException
        let m = e.to_string();
        return Err(vm.throw_new(ts, "java/io/IOException", Some(&m)));
    }
    Ret::void()
}

fn write_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let fd = fd_of(vm, a.obj(0)?)?;
    let Some(b) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let (off, len) = (a.int(2)?, a.int(3)?);
    let bytes: Vec<u8> = match vm.heap.array(b) {
        Some(Array::Byte(x)) => {
            if off < 0 || len < 0 || off as usize + len as usize > x.len() {
                return Err(vm.throw_new(ts, "java/lang/IndexOutOfBoundsException", None));
            }
            x[off as usize..(off + len) as usize].iter().map(|&c| c as u8).collect()
        }
        _ => return Err(Unwind::Fatal(VmError::Internal("writeBytes of a non-byte[]".into()))),
    };
    write_fd(vm, ts, fd, &bytes)
}

fn read_fd(fd: i32, buf: &mut [u8]) -> Result<usize, Unwind> {
    use std::io::Read;
    if fd != 0 {
        return Ok(0);
    }
    std::io::stdin().read(buf).map_err(|e| Unwind::Fatal(VmError::Unsupported(format!("reading stdin: {e}"))))
}

fn read_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let fd = fd_of(vm, a.obj(0)?)?;
    let Some(b) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let (off, len) = (a.int(2)?, a.int(3)?);
    if len == 0 {
        return Ret::int(0);
    }
    let mut buf = vec![0u8; len.max(0) as usize];
    let n = read_fd(fd, &mut buf)?;
    if n == 0 {
        return Ret::int(-1);
    }
    if let Some(Array::Byte(x)) = vm.heap.array_mut(b) {
        for (i, &c) in buf[..n].iter().enumerate() {
            if let Some(slot) = x.get_mut(off as usize + i) {
                *slot = c as i8;
            }
        }
    }
    Ret::int(n as i32)
}
