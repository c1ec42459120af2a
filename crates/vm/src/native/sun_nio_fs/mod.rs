//! `sun.nio.fs`: the natives under `java.nio.file` on Linux —
//! `UnixNativeDispatcher` (POSIX calls on paths that `NativeBuffer`s hold as C strings
//! in off-heap memory), `LinuxNativeDispatcher` and `UnixCopyFile`.
//!
//! Failures are `UnixException(errno)`, which the JDK's Java code turns into
//! `NoSuchFileException`, `FileAlreadyExistsException`, `DirectoryNotEmptyException`,
//! `AccessDeniedException`, ... Calls that change the file system are refused under
//! the model checker ([`Vm::refuse_fs_write`]); file descriptors and directory
//! streams are handles of the vm's open-file table (`file_table.rs`).
//!
//! `init` reports the `futimes`, `futimens` and `lutimes` capabilities; not `openat`
//! (so directory streams are `UnixDirectoryStream`s, never `SecureDirectoryStream`s)
//! nor extended attributes, whose natives stay unsupported.

mod attributes;

use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use crate::error::VmError;
use crate::file_table::{c_path, errno_of, Errno};
use crate::heap::Array;
use crate::native::raw_memory::{read_c_string, read_raw, write_raw};
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

const UND: &str = "sun/nio/fs/UnixNativeDispatcher";

/// `UnixNativeDispatcher.SUPPORTS_*`.
const SUPPORTS_FUTIMES: i32 = 1 << 2;
const SUPPORTS_FUTIMENS: i32 = 1 << 3;
const SUPPORTS_LUTIMES: i32 = 1 << 4;

pub(super) fn register(r: &mut NativeRegistry) {
    r.native(UND, "init", "()I", |_, _, _| Ret::int(SUPPORTS_FUTIMES | SUPPORTS_FUTIMENS | SUPPORTS_LUTIMES));
    r.native("sun/nio/fs/LinuxNativeDispatcher", "init", "()V", crate::native::nop);
    r.native(UND, "getcwd", "()[B", |vm, ts, _| match std::env::current_dir() {
        Ok(d) => byte_array(vm, d.as_os_str().as_bytes()),
        Err(e) => Err(unix_exception(vm, ts, errno_of(&e))),
    });
    r.native(UND, "strerror", "(I)[B", |vm, _, a| {
        let s = crate::native::java_io::strerror(a.int(0)?);
        byte_array(vm, s.as_bytes())
    });
    r.native(UND, "open0", "(JII)I", open0);
    r.native(UND, "close0", "(I)V", |vm, _, a| {
        // close errors are not reported (the JDK ignores them too)
        let _ = vm.close_file(a.int(0)? as i64);
        Ret::void()
    });
    r.native(UND, "opendir0", "(J)J", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        match vm.open_host_dir(&p) {
            Ok(h) => Ret::long(h),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "readdir", "(J)[B", |vm, ts, a| match vm.read_dir_entry(a.long(0)?) {
        Ok(Some(name)) => byte_array(vm, &name),
        Ok(None) => Ret::obj(None),
        Err(e) => Err(unix_exception(vm, ts, e)),
    });
    r.native(UND, "closedir", "(J)V", |vm, ts, a| match vm.close_file(a.long(0)?) {
        Ok(()) => Ret::void(),
        Err(e) => Err(unix_exception(vm, ts, e)),
    });
    r.native(UND, "read", "(IJI)I", |vm, ts, a| {
        let (fd, addr, n) = (a.int(0)?, a.long(1)? as u64, a.int(2)?.max(0) as usize);
        let mut buf = vec![0u8; n];
        match vm.file_read(fd as i64, &mut buf) {
            Ok(k) => {
                write_raw(vm, addr, &buf[..k])?;
                Ret::int(k as i32)
            }
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "write", "(IJI)I", |vm, ts, a| {
        let (fd, addr, n) = (a.int(0)?, a.long(1)? as u64, a.int(2)?.max(0) as usize);
        vm.refuse_fs_write(ts, || format!("sun.nio.fs.UnixNativeDispatcher.write to descriptor {fd}"))?;
        let bytes = read_raw(vm, addr, n)?;
        match vm.file_write(fd as i64, &bytes) {
            Ok(k) => Ret::int(k as i32),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "exists0", "(J)Z", |vm, _, a| {
        let p = path_at(vm, a, 0)?;
        Ret::bool(access(&p, libc::F_OK).is_ok())
    });
    r.native(UND, "access0", "(JI)V", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        match access(&p, a.int(1)?) {
            Ok(()) => Ret::void(),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "realpath0", "(J)[B", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        match std::fs::canonicalize(os_path(&p)) {
            Ok(r) => byte_array(vm, r.as_os_str().as_bytes()),
            Err(e) => Err(unix_exception(vm, ts, errno_of(&e))),
        }
    });
    r.native(UND, "readlink0", "(J)[B", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        match std::fs::read_link(os_path(&p)) {
            Ok(r) => byte_array(vm, r.as_os_str().as_bytes()),
            Err(e) => Err(unix_exception(vm, ts, errno_of(&e))),
        }
    });
    attributes::register(r);
    writes(r);
    r.native("sun/nio/fs/UnixCopyFile", "transfer", "(IIJ)V", |vm, ts, a| {
        let (dst, src) = (a.int(0)?, a.int(1)?);
        vm.refuse_fs_write(ts, || format!("sun.nio.fs.UnixCopyFile.transfer to descriptor {dst}"))?;
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = match vm.file_read(src as i64, &mut buf) {
                Ok(0) => return Ret::void(),
                Ok(n) => n,
                Err(e) => return Err(unix_exception(vm, ts, e)),
            };
            let mut done = 0;
            while done < n {
                match vm.file_write(dst as i64, &buf[done..n]) {
                    Ok(k) => done += k,
                    Err(e) => return Err(unix_exception(vm, ts, e)),
                }
            }
        }
    });
}

/// The calls that change the file system (refused under the model checker).
fn writes(r: &mut NativeRegistry) {
    macro_rules! path_op {
        ($name:literal, $desc:literal, $paths:expr, $op:expr) => {
            r.native(UND, $name, $desc, |vm, ts, a| {
                let paths: Vec<Vec<u8>> = (0..$paths).map(|i| path_at(vm, a, i)).collect::<Result<_, _>>()?;
                vm.refuse_fs_write(ts, || describe(concat!("sun.nio.fs.UnixNativeDispatcher.", $name), &paths))?;
                #[allow(clippy::redundant_closure_call)]
                match ($op)(&paths, a) {
                    Ok(()) => Ret::void(),
                    Err(e) => Err(unix_exception(vm, ts, e)),
                }
            });
        };
    }
    path_op!("mkdir0", "(JI)V", 1, |p: &[Vec<u8>], a: Args<'_>| -> Result<(), Errno> {
        use std::os::unix::fs::DirBuilderExt;
        std::fs::DirBuilder::new().mode(a.int(1).unwrap_or(0o777) as u32).create(os_path(&p[0])).map_err(|e| errno_of(&e))
    });
    path_op!("rmdir0", "(J)V", 1, |p: &[Vec<u8>], _| std::fs::remove_dir(os_path(&p[0])).map_err(|e| errno_of(&e)));
    path_op!("unlink0", "(J)V", 1, |p: &[Vec<u8>], _| std::fs::remove_file(os_path(&p[0])).map_err(|e| errno_of(&e)));
    path_op!("rename0", "(JJ)V", 2, |p: &[Vec<u8>], _| std::fs::rename(os_path(&p[0]), os_path(&p[1])).map_err(|e| errno_of(&e)));
    path_op!("link0", "(JJ)V", 2, |p: &[Vec<u8>], _| std::fs::hard_link(os_path(&p[0]), os_path(&p[1])).map_err(|e| errno_of(&e)));
    path_op!("symlink0", "(JJ)V", 2, |p: &[Vec<u8>], _| std::os::unix::fs::symlink(os_path(&p[0]), os_path(&p[1])).map_err(|e| errno_of(&e)));
    path_op!("chmod0", "(JI)V", 1, |p: &[Vec<u8>], a: Args<'_>| -> Result<(), Errno> {
        use std::os::unix::fs::PermissionsExt;
        let mode = a.int(1).unwrap_or(0) as u32;
        std::fs::set_permissions(os_path(&p[0]), std::fs::Permissions::from_mode(mode)).map_err(|e| errno_of(&e))
    });
    path_op!("chown0", "(JII)V", 1, |p: &[Vec<u8>], a: Args<'_>| {
        let (u, g) = (a.int(1).unwrap_or(-1), a.int(2).unwrap_or(-1));
        std::os::unix::fs::chown(os_path(&p[0]), id(u), id(g)).map_err(|e| errno_of(&e))
    });
    path_op!("lchown0", "(JII)V", 1, |p: &[Vec<u8>], a: Args<'_>| {
        let (u, g) = (a.int(1).unwrap_or(-1), a.int(2).unwrap_or(-1));
        std::os::unix::fs::lchown(os_path(&p[0]), id(u), id(g)).map_err(|e| errno_of(&e))
    });
    path_op!("mknod0", "(JIJ)V", 1, |p: &[Vec<u8>], a: Args<'_>| -> Result<(), Errno> {
        let c = c_path(&p[0])?;
        let (mode, dev) = (a.int(1).unwrap_or(0), a.long(2).unwrap_or(0));
        // SAFETY: `c` is a valid NUL-terminated path.
        check(unsafe { libc::mknod(c.as_ptr(), mode as libc::mode_t, dev as libc::dev_t) })
    });
    path_op!("utimes0", "(JJJ)V", 1, |p: &[Vec<u8>], a: Args<'_>| -> Result<(), Errno> {
        let c = c_path(&p[0])?;
        let t = timevals(a.long(1).unwrap_or(0), a.long(2).unwrap_or(0));
        // SAFETY: `c` is a valid path and `t` the two timevals utimes reads.
        check(unsafe { libc::utimes(c.as_ptr(), t.as_ptr()) })
    });
    path_op!("lutimes0", "(JJJ)V", 1, |p: &[Vec<u8>], a: Args<'_>| -> Result<(), Errno> {
        let c = c_path(&p[0])?;
        let t = timevals(a.long(1).unwrap_or(0), a.long(2).unwrap_or(0));
        // SAFETY: `c` is a valid path and `t` the two timevals lutimes reads.
        check(unsafe { libc::lutimes(c.as_ptr(), t.as_ptr()) })
    });
    r.native(UND, "futimes", "(IJJ)V", |vm, ts, a| {
        let t = timevals(a.long(1)?, a.long(2)?);
        // SAFETY: the descriptor is owned by the open file; `t` holds two timevals.
        fd_op(vm, ts, a.int(0)?, "futimes", |fd| check(unsafe { libc::futimes(fd, t.as_ptr()) }))
    });
    r.native(UND, "futimens", "(IJJ)V", |vm, ts, a| {
        let ns = |v: i64| libc::timespec { tv_sec: v.div_euclid(1_000_000_000) as libc::time_t, tv_nsec: v.rem_euclid(1_000_000_000) as _ };
        let t = [ns(a.long(1)?), ns(a.long(2)?)];
        // SAFETY: the descriptor is owned by the open file; `t` holds two timespecs.
        fd_op(vm, ts, a.int(0)?, "futimens", |fd| check(unsafe { libc::futimens(fd, t.as_ptr()) }))
    });
    r.native(UND, "fchmod", "(II)V", |vm, ts, a| {
        let mode = a.int(1)?;
        // SAFETY: the descriptor is owned by the open file.
        fd_op(vm, ts, a.int(0)?, "fchmod", |fd| check(unsafe { libc::fchmod(fd, mode as libc::mode_t) }))
    });
    r.native(UND, "fchown", "(III)V", |vm, ts, a| {
        let (u, g) = (a.int(1)?, a.int(2)?);
        // SAFETY: the descriptor is owned by the open file.
        fd_op(vm, ts, a.int(0)?, "fchown", |fd| check(unsafe { libc::fchown(fd, u as libc::uid_t, g as libc::gid_t) }))
    });
}

/// A call on the real descriptor behind an open-file handle (refused under the model
/// checker: all of them change the file).
fn fd_op(vm: &mut Vm, ts: &mut ThreadStack, fd: i32, name: &str, op: impl FnOnce(i32) -> Result<(), Errno>) -> NativeResult {
    use std::os::unix::io::AsRawFd;
    vm.refuse_fs_write(ts, || format!("sun.nio.fs.UnixNativeDispatcher.{name} on descriptor {fd}"))?;
    let r = vm.host_file_of(fd as i64).and_then(|f| op(f.as_raw_fd()));
    match r {
        Ok(()) => Ret::void(),
        Err(e) => Err(unix_exception(vm, ts, e)),
    }
}

fn id(v: i32) -> Option<u32> {
    (v != -1).then_some(v as u32)
}

/// `[atime, mtime]` in microseconds as `timeval`s.
fn timevals(access_us: i64, modify_us: i64) -> [libc::timeval; 2] {
    let tv = |v: i64| libc::timeval { tv_sec: v.div_euclid(1_000_000) as libc::time_t, tv_usec: v.rem_euclid(1_000_000) as libc::suseconds_t };
    [tv(access_us), tv(modify_us)]
}

/// A libc return value: 0 is success, -1 sets errno.
fn check(r: libc::c_int) -> Result<(), Errno> {
    if r == 0 {
        Ok(())
    } else {
        Err(errno_of(&std::io::Error::last_os_error()))
    }
}

fn access(p: &[u8], mode: i32) -> Result<(), Errno> {
    let c = c_path(p)?;
    // SAFETY: `c` is a valid NUL-terminated path.
    check(unsafe { libc::access(c.as_ptr(), mode) })
}

/// `open0(path, flags, mode)`: opening with a flag that writes or may create is
/// refused under the model checker.
fn open0(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let p = path_at(vm, a, 0)?;
    let (flags, mode) = (a.int(1)?, a.int(2)?);
    let writes = flags & libc::O_ACCMODE != libc::O_RDONLY || flags & (libc::O_CREAT | libc::O_TRUNC | libc::O_APPEND) != 0;
    if writes {
        vm.refuse_fs_write(ts, || format!("sun.nio.fs.UnixNativeDispatcher.open0 with {} on {}", open_flags(flags), String::from_utf8_lossy(&p)))?;
    }
    match vm.open_host_file(&p, flags, mode as u32)? {
        Ok(h) => Ret::int(h as i32),
        Err(e) => Err(unix_exception(vm, ts, e)),
    }
}

/// The writing flags of an `open` call, for messages (`O_WRONLY|O_CREAT|O_TRUNC`).
fn open_flags(flags: i32) -> String {
    let mut v = vec![match flags & libc::O_ACCMODE {
        libc::O_WRONLY => "O_WRONLY",
        libc::O_RDWR => "O_RDWR",
        _ => "O_RDONLY",
    }];
    for (bit, name) in [(libc::O_CREAT, "O_CREAT"), (libc::O_EXCL, "O_EXCL"), (libc::O_TRUNC, "O_TRUNC"), (libc::O_APPEND, "O_APPEND")] {
        if flags & bit != 0 {
            v.push(name);
        }
    }
    v.join("|")
}

fn describe(native: &str, paths: &[Vec<u8>]) -> String {
    let p: Vec<String> = paths.iter().map(|p| String::from_utf8_lossy(p).into_owned()).collect();
    format!("{native} on {}", p.join(", "))
}

/// The path in the `NativeBuffer` whose address is argument `i`.
fn path_at(vm: &mut Vm, a: Args<'_>, i: usize) -> Result<Vec<u8>, Unwind> {
    read_c_string(vm, a.long(i)? as u64)
}

fn os_path(p: &[u8]) -> &Path {
    Path::new(std::ffi::OsStr::from_bytes(p))
}

/// A new `byte[]` with these bytes.
fn byte_array(vm: &mut Vm, bytes: &[u8]) -> NativeResult {
    let ba = vm.wk.byte_array;
    let arr = vm.heap.alloc_array(ba, Array::Byte(bytes.iter().map(|&b| b as i8).collect()));
    Ret::obj(Some(arr))
}

/// `new UnixException(errno)`, thrown.
pub(crate) fn unix_exception(vm: &mut Vm, ts: &mut ThreadStack, errno: Errno) -> Unwind {
    let make = |vm: &mut Vm, ts: &mut ThreadStack| -> Result<ObjRef, Unwind> {
        let c = vm.load_required("sun/nio/fs/UnixException")?;
        let ex = vm.new_throwable_of(ts, c, None)?;
        let slot = vm.instance_slot(c, "errno", "I")?;
        vm.heap.set_field(ex, slot, Value::Int(errno));
        Ok(ex)
    };
    match make(vm, ts) {
        Ok(ex) => Unwind::Throw(ex),
        Err(e) => e,
    }
}

/// An object argument that must not be null.
fn non_null(a: Args<'_>, i: usize, what: &str) -> Result<ObjRef, Unwind> {
    a.obj(i)?.ok_or_else(|| Unwind::Fatal(VmError::Internal(format!("{what}: null argument"))))
}
