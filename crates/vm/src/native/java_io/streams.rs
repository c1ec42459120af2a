//! `FileInputStream`, `FileOutputStream` and `RandomAccessFile`: open, read, write,
//! seek, as the JDK's `io_util.c` does them (the same exceptions and messages:
//! `FileNotFoundException("path (reason)")`, `IOException("Stream Closed")`, the
//! error's description otherwise).

use std::io::SeekFrom;

use super::{io_exception, path_arg, stream_descriptor, stream_fd};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::ObjRef;
use crate::vm::Vm;

/// `RandomAccessFile`'s mode bits (`RandomAccessFile.O_*`).
const RAF_RDONLY: i32 = 1;
const RAF_SYNC: i32 = 4;
const RAF_DSYNC: i32 = 8;

pub(super) fn register(r: &mut NativeRegistry) {
    let fis = "java/io/FileInputStream";
    r.native(fis, "initIDs", "()V", crate::native::nop);
    r.native(fis, "open0", "(Ljava/lang/String;)V", |vm, ts, a| open(vm, ts, a, libc::O_RDONLY, "java.io.FileInputStream.open0"));
    r.native(fis, "readBytes", "([BII)I", read_bytes);
    r.native(fis, "read0", "()I", read_single);
    r.native(fis, "skip0", "(J)J", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        let n = a.long(1)?;
        let cur = seek(vm, ts, fd, SeekFrom::Current(0), "Seek error")?;
        let end = seek(vm, ts, fd, SeekFrom::Current(n), "Seek error")?;
        Ret::long(end as i64 - cur as i64)
    });
    r.native(fis, "available0", "()I", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        if fd == 0 {
            let n = vm.stdin_available().map_err(|e| io_exception(vm, ts, e, ""))?;
            return Ret::int(n.min(i32::MAX as u64) as i32);
        }
        let pos = vm.file_position(fd as i64).map_err(|e| io_exception(vm, ts, e, ""))?;
        let len = vm.file_size(fd as i64).map_err(|e| io_exception(vm, ts, e, ""))?;
        Ret::int(len.saturating_sub(pos).min(i32::MAX as u64) as i32)
    });
    r.native(fis, "length0", "()J", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        match vm.file_size(fd as i64) {
            Ok(n) => Ret::long(n as i64),
            Err(e) => Err(io_exception(vm, ts, e, "GetLength failed")),
        }
    });
    r.native(fis, "position0", "()J", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        match vm.file_position(fd as i64) {
            Ok(n) => Ret::long(n as i64),
            Err(e) => Err(io_exception(vm, ts, e, "Position failed")),
        }
    });
    let fos = "java/io/FileOutputStream";
    r.native(fos, "initIDs", "()V", crate::native::nop);
    r.native(fos, "open0", "(Ljava/lang/String;Z)V", |vm, ts, a| {
        let flags = libc::O_WRONLY | libc::O_CREAT | if a.bool(2)? { libc::O_APPEND } else { libc::O_TRUNC };
        open(vm, ts, a, flags, "java.io.FileOutputStream.open0")
    });
    r.native(fos, "writeBytes", "([BIIZ)V", write_bytes);
    r.native(fos, "write", "(IZ)V", write_single);
    let raf = "java/io/RandomAccessFile";
    r.native(raf, "initIDs", "()V", crate::native::nop);
    r.native(raf, "open0", "(Ljava/lang/String;I)V", |vm, ts, a| {
        let mode = a.int(2)?;
        let flags = if mode & RAF_RDONLY != 0 {
            libc::O_RDONLY
        } else {
            let mut f = libc::O_RDWR | libc::O_CREAT;
            if mode & RAF_SYNC != 0 {
                f |= libc::O_SYNC;
            } else if mode & RAF_DSYNC != 0 {
                f |= libc::O_DSYNC;
            }
            f
        };
        open(vm, ts, a, flags, "java.io.RandomAccessFile.open0")
    });
    r.native(raf, "read0", "()I", read_single);
    r.native(raf, "readBytes", "([BII)I", read_bytes);
    r.native(raf, "write0", "(I)V", write_single);
    r.native(raf, "writeBytes", "([BII)V", write_bytes);
    r.native(raf, "getFilePointer", "()J", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        Ret::long(seek(vm, ts, fd, SeekFrom::Current(0), "Seek failed")? as i64)
    });
    r.native(raf, "seek0", "(J)V", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        let pos = a.long(1)?;
        if pos < 0 {
            return Err(vm.throw_new(ts, "java/io/IOException", Some("Negative seek offset")));
        }
        seek(vm, ts, fd, SeekFrom::Start(pos as u64), "Seek failed")?;
        Ret::void()
    });
    r.native(raf, "length", "()J", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        match vm.file_size(fd as i64) {
            Ok(n) => Ret::long(n as i64),
            Err(e) => Err(io_exception(vm, ts, e, "GetLength failed")),
        }
    });
    r.native(raf, "setLength", "(J)V", |vm, ts, a| {
        let fd = open_fd(vm, ts, a.obj(0)?)?;
        let len = a.long(1)?;
        vm.refuse_fs_write(ts, || format!("java.io.RandomAccessFile.setLength({len})"))?;
        let cur = seek(vm, ts, fd, SeekFrom::Current(0), "setLength failed")?;
        let r = u64::try_from(len).map_err(|_| libc::EINVAL).and_then(|n| vm.file_truncate(fd as i64, n));
        if let Err(e) = r {
            return Err(io_exception(vm, ts, e, "setLength failed"));
        }
        let to = if cur as i64 > len { SeekFrom::End(0) } else { SeekFrom::Start(cur) };
        seek(vm, ts, fd, to, "setLength failed")?;
        Ret::void()
    });
}

/// `open0(path, ...)`: opens the file and stores its handle in the stream's
/// `FileDescriptor`; a failure (or a directory) is `FileNotFoundException("path
/// (reason)")`. Opening for writing is refused under the model checker.
fn open(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, flags: i32, native: &str) -> NativeResult {
    let this = a.obj(0)?;
    let path = path_arg(vm, ts, a, 1)?;
    if flags & libc::O_ACCMODE != libc::O_RDONLY {
        vm.refuse_fs_write(ts, || format!("{native} for writing, path {path}"))?;
    }
    let handle = match vm.open_host_file(path.as_bytes(), flags, 0o666)? {
        Ok(h) => h,
        Err(e) => return Err(not_found(vm, ts, &path, e)),
    };
    if vm.file_metadata(handle).is_ok_and(|m| m.is_dir()) {
        let _ = vm.close_file(handle);
        return Err(not_found(vm, ts, &path, libc::EISDIR));
    }
    match stream_descriptor(vm, this)? {
        Some(fdo) => super::set_descriptor_fd(vm, fdo, handle as i32)?,
        None => {
            let _ = vm.close_file(handle);
            return Err(Unwind::Fatal(VmError::Internal(format!("{native}: the stream has no FileDescriptor"))));
        }
    }
    Ret::void()
}

fn not_found(vm: &mut Vm, ts: &mut ThreadStack, path: &str, e: i32) -> Unwind {
    let msg = format!("{path} ({})", super::strerror(e));
    vm.throw_new(ts, "java/io/FileNotFoundException", Some(&msg))
}

/// The stream's descriptor; `IOException("Stream Closed")` when it is closed.
fn open_fd(vm: &mut Vm, ts: &mut ThreadStack, stream: Option<ObjRef>) -> Result<i32, Unwind> {
    match stream_fd(vm, stream)? {
        -1 => Err(vm.throw_new(ts, "java/io/IOException", Some("Stream Closed"))),
        fd => Ok(fd),
    }
}

fn seek(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, to: SeekFrom, what: &str) -> Result<u64, Unwind> {
    if (0..=2).contains(&fd) {
        return Err(io_exception(vm, ts, libc::ESPIPE, what));
    }
    vm.file_seek(fd as i64, to).map_err(|e| io_exception(vm, ts, e, what))
}

/// Reads from descriptor `fd` into `buf`: 0 at the end.
fn read_fd(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, buf: &mut [u8]) -> Result<usize, Unwind> {
    if fd == 0 {
        return vm.read_stdin(buf).map_err(|e| io_exception(vm, ts, e, "Read error"));
    }
    if (1..=2).contains(&fd) {
        return Err(io_exception(vm, ts, libc::EBADF, "Read error"));
    }
    vm.file_read(fd as i64, buf).map_err(|e| io_exception(vm, ts, e, "Read error"))
}

fn read_single(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let fd = open_fd(vm, ts, a.obj(0)?)?;
    let mut b = [0u8; 1];
    match read_fd(vm, ts, fd, &mut b)? {
        0 => Ret::int(-1),
        _ => Ret::int(b[0] as i32),
    }
}

/// Checks `(off, len)` against a byte array; returns its length.
fn byte_range(vm: &mut Vm, ts: &mut ThreadStack, b: Option<ObjRef>, off: i32, len: i32) -> Result<ObjRef, Unwind> {
    let Some(b) = b else { return Err(vm.null_pointer(ts)) };
    let n = match vm.heap.array(b) {
        Some(Array::Byte(x)) => x.len() as i64,
        _ => return Err(Unwind::Fatal(VmError::Internal("file native on a non-byte[]".into()))),
    };
    if off < 0 || len < 0 || off as i64 + len as i64 > n {
        return Err(vm.throw_new(ts, "java/lang/IndexOutOfBoundsException", None));
    }
    Ok(b)
}

fn read_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (off, len) = (a.int(2)?, a.int(3)?);
    let b = byte_range(vm, ts, a.obj(1)?, off, len)?;
    if len == 0 {
        return Ret::int(0);
    }
    let fd = open_fd(vm, ts, a.obj(0)?)?;
    let mut buf = vec![0u8; len as usize];
    let n = read_fd(vm, ts, fd, &mut buf)?;
    if n == 0 {
        return Ret::int(-1);
    }
    if let Some(Array::Byte(x)) = vm.heap.array_mut(b) {
        for (dst, &src) in x[off as usize..off as usize + n].iter_mut().zip(&buf[..n]) {
            *dst = src as i8;
        }
    }
    Ret::int(n as i32)
}

/// Writes all of `bytes` to descriptor `fd`.
fn write_fd(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, bytes: &[u8]) -> Result<(), Unwind> {
    if fd == 1 || fd == 2 {
        if let Err(e) = vm.output.write(fd, bytes) {
            // a closed stdout (e.g. a pipe to `head`) is the program's IOException
            let m = e.to_string();
            return Err(vm.throw_new(ts, "java/io/IOException", Some(&m)));
        }
        return Ok(());
    }
    if fd == 0 {
        return Err(io_exception(vm, ts, libc::EBADF, "Write error"));
    }
    let mut done = 0;
    while done < bytes.len() {
        match vm.file_write(fd as i64, &bytes[done..]) {
            Ok(0) => return Err(io_exception(vm, ts, libc::EIO, "Write error")),
            Ok(n) => done += n,
            Err(e) => return Err(io_exception(vm, ts, e, "Write error")),
        }
    }
    Ok(())
}

fn write_single(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let fd = open_fd(vm, ts, a.obj(0)?)?;
    write_fd(vm, ts, fd, &[a.int(1)? as u8])?;
    Ret::void()
}

fn write_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (off, len) = (a.int(2)?, a.int(3)?);
    let b = byte_range(vm, ts, a.obj(1)?, off, len)?;
    if len == 0 {
        return Ret::void();
    }
    let fd = open_fd(vm, ts, a.obj(0)?)?;
    let bytes: Vec<u8> = match vm.heap.array(b) {
        Some(Array::Byte(x)) => x[off as usize..(off + len) as usize].iter().map(|&c| c as u8).collect(),
        _ => Vec::new(),
    };
    write_fd(vm, ts, fd, &bytes)?;
    Ret::void()
}
