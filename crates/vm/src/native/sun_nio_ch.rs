//! `sun.nio.ch`: the natives under `FileChannel` — `FileDispatcherImpl` (read, write,
//! seek, size, truncate, force on a `FileDescriptor`, between the file and off-heap
//! buffers), `FileChannelImpl` (transfers, read-only mappings), `IOUtil`,
//! `NativeThread` and `FileKey`.
//!
//! Descriptors are handles of the vm's open-file table (`file_table.rs`) or the
//! standard streams 0–2. Results follow the JDK's `IOStatus` convention (`-1` at the
//! end of a file); failures are `IOException`s with the error's description.
//! Writing to a file is refused under the model checker (it cannot be open for
//! writing there; the check is repeated here to name the call).

use std::io::SeekFrom;

use crate::error::VmError;
use crate::file_table::Errno;
use crate::native::java_io::{descriptor_fd, io_exception};
use crate::native::raw_memory::{alloc_raw, free_raw, read_raw, read_u64, write_raw};
use crate::native::{Args, NativeRegistry, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

/// `IOStatus.EOF`.
const IOS_EOF: i64 = -1;
/// `FileChannelImpl.MAP_RW`.
const MAP_RW: i32 = 1;
/// Linux's largest single read or write (`MAX_RW_COUNT`).
const MAX_RW_COUNT: i32 = 0x7fff_f000;

pub(super) fn register(r: &mut NativeRegistry) {
    let io = "sun/nio/ch/IOUtil";
    r.native(io, "initIDs", "()V", crate::native::nop);
    // SAFETY: sysconf has no preconditions.
    r.native(io, "iovMax", "()I", |_, _, _| Ret::int(unsafe { libc::sysconf(libc::_SC_IOV_MAX) }.clamp(-1, i32::MAX as libc::c_long) as i32));
    r.native(io, "fdLimit", "()I", |_, _, _| {
        // SAFETY: an all-zero rlimit is valid; getrlimit writes through a valid pointer.
        let mut rl: libc::rlimit = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut rl) } == 0;
        Ret::int(if ok { rl.rlim_cur.min(i32::MAX as libc::rlim_t) as i32 } else { i32::MAX })
    });
    r.native(io, "fdVal", "(Ljava/io/FileDescriptor;)I", |vm, _, a| Ret::int(fd_arg(vm, a, 0)?));
    r.native(io, "setfdVal", "(Ljava/io/FileDescriptor;I)V", |vm, _, a| {
        let fdo = a.obj(0)?.ok_or_else(|| VmError::Internal("setfdVal on null".into()))?;
        crate::native::java_io::set_descriptor_fd(vm, fdo, a.int(1)?)?;
        Ret::void()
    });
    let nt = "sun/nio/ch/NativeThread";
    r.native(nt, "init", "()V", crate::native::nop);
    // no thread of the vm ever blocks inside an I/O call, so none needs signalling:
    // the JDK's "no signalling" token
    r.native(nt, "current", "()J", |_, _, _| Ret::long(-1));
    // JDK 17.0.21 and later ask whether a signal sent to a thread not yet blocked is
    // delivered once it blocks (`FileDispatcherImpl`): on Linux it is. No thread is
    // ever signalled here (the token above), so only the order of the close steps
    // depends on it
    r.native(nt, "supportPendingSignals0", "()Z", |_, _, _| Ret::bool(true));
    let fk = "sun/nio/ch/FileKey";
    r.native(fk, "initIDs", "()V", crate::native::nop);
    r.native(fk, "init", "(Ljava/io/FileDescriptor;)V", |vm, ts, a| {
        use std::os::unix::fs::MetadataExt;
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("FileKey.init on null".into()))?;
        let fd = fd_arg(vm, a, 1)?;
        let m = vm.file_metadata(fd as i64).map_err(|e| io_exception(vm, ts, e, "fstat64 failed"))?;
        let c = vm.heap.class_of(this);
        for (name, v) in [("st_dev", m.dev() as i64), ("st_ino", m.ino() as i64)] {
            let s = vm.instance_slot(c, name, "J")?;
            vm.heap.set_field(this, s, Value::Long(v));
        }
        Ret::void()
    });
    dispatcher(r);
    channel(r);
}

fn dispatcher(r: &mut NativeRegistry) {
    let d = "sun/nio/ch/FileDispatcherImpl";
    r.native(d, "init", "()V", crate::native::nop);
    r.native(d, "canTransferToFromOverlappedMap0", "()Z", |_, _, _| Ret::bool(true));
    r.native(d, "read0", "(Ljava/io/FileDescriptor;JI)I", |vm, ts, a| {
        let (fd, addr, len) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?);
        let n = read_to(vm, ts, fd, addr, len.max(0) as usize, None)?;
        Ret::int(n as i32)
    });
    r.native(d, "pread0", "(Ljava/io/FileDescriptor;JIJ)I", |vm, ts, a| {
        let (fd, addr, len, pos) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?, a.long(3)?);
        let n = read_to(vm, ts, fd, addr, len.max(0) as usize, Some(pos.max(0) as u64))?;
        Ret::int(n as i32)
    });
    r.native(d, "readv0", "(Ljava/io/FileDescriptor;JI)J", |vm, ts, a| {
        let (fd, iov, count) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?);
        let vecs = iovecs(vm, iov, count)?;
        let total: usize = vecs.iter().map(|v| v.1).sum();
        let mut buf = vec![0u8; total];
        let n = match read_fd(vm, fd, &mut buf, None) {
            Ok(0) if total > 0 => return Ret::long(IOS_EOF),
            Ok(n) => n,
            Err(e) => return Err(io_exception(vm, ts, e, "Read failed")),
        };
        let mut done = 0;
        for (base, len) in vecs {
            let k = len.min(n - done);
            write_raw(vm, base, &buf[done..done + k])?;
            done += k;
        }
        Ret::long(n as i64)
    });
    r.native(d, "write0", "(Ljava/io/FileDescriptor;JI)I", |vm, ts, a| {
        let (fd, addr, len) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?);
        let bytes = read_raw(vm, addr, len.max(0) as usize)?;
        Ret::int(write_from(vm, ts, fd, &bytes, None, "sun.nio.ch.FileDispatcherImpl.write0")? as i32)
    });
    r.native(d, "pwrite0", "(Ljava/io/FileDescriptor;JIJ)I", |vm, ts, a| {
        let (fd, addr, len, pos) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?, a.long(3)?);
        let bytes = read_raw(vm, addr, len.max(0) as usize)?;
        Ret::int(write_from(vm, ts, fd, &bytes, Some(pos.max(0) as u64), "sun.nio.ch.FileDispatcherImpl.pwrite0")? as i32)
    });
    r.native(d, "writev0", "(Ljava/io/FileDescriptor;JI)J", |vm, ts, a| {
        let (fd, iov, count) = (fd_arg(vm, a, 0)?, a.long(1)? as u64, a.int(2)?);
        let mut bytes = Vec::new();
        for (base, len) in iovecs(vm, iov, count)? {
            bytes.extend(read_raw(vm, base, len)?);
        }
        Ret::long(write_from(vm, ts, fd, &bytes, None, "sun.nio.ch.FileDispatcherImpl.writev0")? as i64)
    });
    r.native(d, "seek0", "(Ljava/io/FileDescriptor;J)J", |vm, ts, a| {
        let (fd, offset) = (fd_arg(vm, a, 0)?, a.long(1)?);
        let to = if offset < 0 { SeekFrom::Current(0) } else { SeekFrom::Start(offset as u64) };
        let r = if (0..=2).contains(&fd) { Err(libc::ESPIPE) } else { vm.file_seek(fd as i64, to) };
        match r {
            Ok(p) => Ret::long(p as i64),
            Err(e) => Err(io_exception(vm, ts, e, "lseek64 failed")),
        }
    });
    r.native(d, "size0", "(Ljava/io/FileDescriptor;)J", |vm, ts, a| {
        let fd = fd_arg(vm, a, 0)?;
        match vm.file_size(fd as i64) {
            Ok(n) => Ret::long(n as i64),
            Err(e) => Err(io_exception(vm, ts, e, "Size failed")),
        }
    });
    r.native(d, "truncate0", "(Ljava/io/FileDescriptor;J)I", |vm, ts, a| {
        let (fd, size) = (fd_arg(vm, a, 0)?, a.long(1)?);
        vm.refuse_fs_write(ts, || format!("sun.nio.ch.FileDispatcherImpl.truncate0 to {size} bytes"))?;
        match u64::try_from(size).map_err(|_| libc::EINVAL).and_then(|n| vm.file_truncate(fd as i64, n)) {
            Ok(()) => Ret::int(0),
            Err(e) => Err(io_exception(vm, ts, e, "Truncation failed")),
        }
    });
    r.native(d, "force0", "(Ljava/io/FileDescriptor;Z)I", |vm, ts, a| {
        let (fd, metadata) = (fd_arg(vm, a, 0)?, a.bool(1)?);
        match vm.file_sync(fd as i64, metadata) {
            Ok(()) => Ret::int(0),
            Err(e) => Err(io_exception(vm, ts, e, "fsync failed")),
        }
    });
}

fn channel(r: &mut NativeRegistry) {
    let c = "sun/nio/ch/FileChannelImpl";
    // SAFETY: sysconf has no preconditions.
    r.native(c, "initIDs", "()J", |_, _, _| Ret::long(unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as i64));
    r.native(c, "maxDirectTransferSize0", "()I", |_, _, _| Ret::int(MAX_RW_COUNT));
    r.native(c, "transferTo0", "(Ljava/io/FileDescriptor;JJLjava/io/FileDescriptor;)J", |vm, ts, a| {
        let (src, pos, count, dst) = (fd_arg(vm, a, 1)?, a.long(2)?, a.long(3)?, fd_arg(vm, a, 4)?);
        let mut buf = vec![0u8; count.clamp(0, MAX_RW_COUNT as i64) as usize];
        let n = match vm.file_pread(src as i64, &mut buf, pos.max(0) as u64) {
            Ok(n) => n,
            Err(e) => return Err(io_exception(vm, ts, e, "Transfer failed")),
        };
        Ret::long(write_from(vm, ts, dst, &buf[..n], None, "sun.nio.ch.FileChannelImpl.transferTo0")? as i64)
    });
    r.native(c, "map0", "(IJJZ)J", |vm, ts, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("map0 on null".into()))?;
        let (prot, pos, len) = (a.int(1)?, a.long(2)?, a.long(3)?);
        if prot == MAP_RW {
            return Err(Unwind::Fatal(VmError::Unsupported(
                "FileChannel.map in READ_WRITE mode (sun.nio.ch.FileChannelImpl.map0: jvmc keeps no shared writable mappings)".into(),
            )));
        }
        let cc = vm.heap.class_of(this);
        let slot = vm.instance_slot(cc, "fd", "Ljava/io/FileDescriptor;")?;
        let Some(Value::Ref(Some(fdo))) = vm.heap.field(this, slot) else { return Err(io_exception(vm, ts, libc::EBADF, "Map failed")) };
        let fd = descriptor_fd(vm, fdo)?;
        // a private copy of the mapped range: READ_ONLY cannot be written, and PRIVATE
        // writes stay in the mapping (bytes past the end of the file read as zero)
        let mut bytes = vec![0u8; len.max(0) as usize];
        let mut done = 0;
        while done < bytes.len() {
            match vm.file_pread(fd as i64, &mut bytes[done..], pos.max(0) as u64 + done as u64) {
                Ok(0) => break,
                Ok(n) => done += n,
                Err(e) => return Err(io_exception(vm, ts, e, "Map failed")),
            }
        }
        Ret::long(alloc_raw(vm, &bytes)? as i64)
    });
    r.native(c, "unmap0", "(JJ)I", |vm, _, a| {
        free_raw(vm, a.long(0)? as u64)?;
        Ret::int(0)
    });
}

/// The descriptor number of `FileDescriptor` argument `i` (-1 for null).
fn fd_arg(vm: &Vm, a: Args<'_>, i: usize) -> Result<i32, Unwind> {
    match a.obj(i)? {
        Some(fdo) => descriptor_fd(vm, fdo),
        None => Ok(-1),
    }
}

/// `count` `iovec`s at `addr`: (base, length) pairs.
fn iovecs(vm: &mut Vm, addr: u64, count: i32) -> Result<Vec<(u64, usize)>, Unwind> {
    (0..count.max(0) as u64).map(|i| Ok((read_u64(vm, addr + 16 * i)?, read_u64(vm, addr + 16 * i + 8)? as usize))).collect()
}

/// Reads from descriptor `fd` (at `pos`, or the current position).
fn read_fd(vm: &mut Vm, fd: i32, buf: &mut [u8], pos: Option<u64>) -> Result<usize, Errno> {
    match (fd, pos) {
        (0, None) => vm.read_stdin(buf),
        (0..=2, _) => Err(libc::ESPIPE),
        (_, None) => vm.file_read(fd as i64, buf),
        (_, Some(p)) => vm.file_pread(fd as i64, buf, p),
    }
}

/// Reads up to `len` bytes into off-heap memory at `addr`: the count, or `IOS_EOF`.
fn read_to(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, addr: u64, len: usize, pos: Option<u64>) -> Result<i64, Unwind> {
    let mut buf = vec![0u8; len];
    match read_fd(vm, fd, &mut buf, pos) {
        Ok(0) if len > 0 => Ok(IOS_EOF),
        Ok(n) => {
            write_raw(vm, addr, &buf[..n])?;
            Ok(n as i64)
        }
        Err(e) => Err(io_exception(vm, ts, e, "Read failed")),
    }
}

/// Writes `bytes` to descriptor `fd` (at `pos`, or the current position): the count.
fn write_from(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, bytes: &[u8], pos: Option<u64>, native: &str) -> Result<usize, Unwind> {
    if (fd == 1 || fd == 2) && pos.is_none() {
        if let Err(e) = vm.output.write(fd, bytes) {
            let m = e.to_string();
            return Err(vm.throw_new(ts, "java/io/IOException", Some(&m)));
        }
        return Ok(bytes.len());
    }
    vm.refuse_fs_write(ts, || format!("{native} to descriptor {fd}"))?;
    let r = match pos {
        _ if (0..=2).contains(&fd) => Err(libc::ESPIPE),
        None => vm.file_write(fd as i64, bytes),
        Some(p) => vm.file_pwrite(fd as i64, bytes, p),
    };
    r.map_err(|e| io_exception(vm, ts, e, "Write failed"))
}
