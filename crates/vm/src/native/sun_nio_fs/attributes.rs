//! File attributes: `stat`/`lstat`/`fstat` into `UnixFileAttributes`, `statvfs` into
//! `UnixFileStoreAttributes`, and user and group names and ids.

use std::ffi::{CStr, CString};
use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;

use super::{byte_array, non_null, os_path, path_at, unix_exception, UND};
use crate::file_table::{c_path, errno_of, Errno};
use crate::native::{NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    r.native(UND, "stat0", "(JLsun/nio/fs/UnixFileAttributes;)V", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        let attrs = non_null(a, 1, "stat0")?;
        stat_into(vm, ts, std::fs::metadata(os_path(&p)).map_err(|e| errno_of(&e)), attrs)
    });
    r.native(UND, "lstat0", "(JLsun/nio/fs/UnixFileAttributes;)V", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        let attrs = non_null(a, 1, "lstat0")?;
        stat_into(vm, ts, std::fs::symlink_metadata(os_path(&p)).map_err(|e| errno_of(&e)), attrs)
    });
    r.native(UND, "stat1", "(J)I", |vm, _, a| {
        let p = path_at(vm, a, 0)?;
        Ret::int(std::fs::metadata(os_path(&p)).map_or(0, |m| m.mode() as i32))
    });
    r.native(UND, "fstat", "(ILsun/nio/fs/UnixFileAttributes;)V", |vm, ts, a| {
        let fd = a.int(0)?;
        let attrs = non_null(a, 1, "fstat")?;
        let m = vm.file_metadata(fd as i64).map(|m| (*m).clone());
        stat_into(vm, ts, m, attrs)
    });
    r.native(UND, "statvfs0", "(JLsun/nio/fs/UnixFileStoreAttributes;)V", |vm, ts, a| {
        let p = path_at(vm, a, 0)?;
        let attrs = non_null(a, 1, "statvfs0")?;
        let st = match statvfs(&p) {
            Ok(st) => st,
            Err(e) => return Err(unix_exception(vm, ts, e)),
        };
        let c = vm.heap.class_of(attrs);
        for (name, v) in [("f_frsize", st.f_frsize as i64), ("f_blocks", st.f_blocks as i64), ("f_bfree", st.f_bfree as i64), ("f_bavail", st.f_bavail as i64)] {
            let s = vm.instance_slot(c, name, "J")?;
            vm.heap.set_field(attrs, s, Value::Long(v));
        }
        Ret::void()
    });
    r.native(UND, "getpwuid", "(I)[B", |vm, ts, a| {
        let uid = a.int(0)? as libc::uid_t;
        match user_name(uid) {
            Ok(n) => byte_array(vm, &n),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "getgrgid", "(I)[B", |vm, ts, a| {
        let gid = a.int(0)? as libc::gid_t;
        match group_name(gid) {
            Ok(n) => byte_array(vm, &n),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "getpwnam0", "(J)I", |vm, ts, a| {
        let name = path_at(vm, a, 0)?;
        match user_id(&name) {
            Ok(id) => Ret::int(id),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
    r.native(UND, "getgrnam0", "(J)I", |vm, ts, a| {
        let name = path_at(vm, a, 0)?;
        match group_id(&name) {
            Ok(id) => Ret::int(id),
            Err(e) => Err(unix_exception(vm, ts, e)),
        }
    });
}

fn stat_into(vm: &mut Vm, ts: &mut ThreadStack, m: Result<Metadata, Errno>, attrs: ObjRef) -> NativeResult {
    match m {
        Ok(m) => {
            fill_attributes(vm, attrs, &m)?;
            Ret::void()
        }
        Err(e) => Err(unix_exception(vm, ts, e)),
    }
}

/// Sets the `st_*` fields of a `UnixFileAttributes` from `stat` results.
pub(crate) fn fill_attributes(vm: &mut Vm, attrs: ObjRef, m: &Metadata) -> Result<(), Unwind> {
    let c = vm.heap.class_of(attrs);
    let ints = [("st_mode", m.mode() as i32), ("st_nlink", m.nlink() as i32), ("st_uid", m.uid() as i32), ("st_gid", m.gid() as i32)];
    for (name, v) in ints {
        let s = vm.instance_slot(c, name, "I")?;
        vm.heap.set_field(attrs, s, Value::Int(v));
    }
    let longs = [
        ("st_ino", m.ino() as i64),
        ("st_dev", m.dev() as i64),
        ("st_rdev", m.rdev() as i64),
        ("st_size", m.size() as i64),
        ("st_atime_sec", m.atime()),
        ("st_atime_nsec", m.atime_nsec()),
        ("st_mtime_sec", m.mtime()),
        ("st_mtime_nsec", m.mtime_nsec()),
        ("st_ctime_sec", m.ctime()),
        ("st_ctime_nsec", m.ctime_nsec()),
    ];
    for (name, v) in longs {
        let s = vm.instance_slot(c, name, "J")?;
        vm.heap.set_field(attrs, s, Value::Long(v));
    }
    Ok(())
}

fn statvfs(p: &[u8]) -> Result<libc::statvfs, Errno> {
    let c = c_path(p)?;
    // SAFETY: an all-zero statvfs is a valid value of this plain C struct.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid path and `st` a valid out-pointer.
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return Err(errno_of(&std::io::Error::last_os_error()));
    }
    Ok(st)
}

/// Runs a `get*_r` lookup with a growing buffer. `call` returns the function's
/// result code and whether an entry was found.
fn lookup(mut call: impl FnMut(&mut Vec<libc::c_char>) -> (libc::c_int, bool)) -> Result<(), Errno> {
    let mut buf: Vec<libc::c_char> = vec![0; 1024];
    loop {
        match call(&mut buf) {
            (libc::ERANGE, _) if buf.len() < 1 << 20 => buf.resize(buf.len() * 2, 0),
            (0, true) => return Ok(()),
            (0, false) => return Err(libc::ENOENT),
            (e, _) => return Err(e),
        }
    }
}

fn user_name(uid: libc::uid_t) -> Result<Vec<u8>, Errno> {
    // SAFETY: an all-zero passwd is a valid value of this plain C struct.
    let mut pw: libc::passwd = unsafe { std::mem::zeroed() };
    let mut name = Vec::new();
    lookup(|buf| {
        let mut out: *mut libc::passwd = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call; `buf` outlives it.
        let r = unsafe { libc::getpwuid_r(uid, &mut pw, buf.as_mut_ptr(), buf.len(), &mut out) };
        if r == 0 && !out.is_null() && !pw.pw_name.is_null() {
            // SAFETY: on success `pw_name` points to a NUL-terminated string in `buf`.
            name = unsafe { CStr::from_ptr(pw.pw_name) }.to_bytes().to_vec();
        }
        (r, !out.is_null())
    })?;
    Ok(name)
}

fn group_name(gid: libc::gid_t) -> Result<Vec<u8>, Errno> {
    // SAFETY: an all-zero group is a valid value of this plain C struct.
    let mut gr: libc::group = unsafe { std::mem::zeroed() };
    let mut name = Vec::new();
    lookup(|buf| {
        let mut out: *mut libc::group = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call; `buf` outlives it.
        let r = unsafe { libc::getgrgid_r(gid, &mut gr, buf.as_mut_ptr(), buf.len(), &mut out) };
        if r == 0 && !out.is_null() && !gr.gr_name.is_null() {
            // SAFETY: on success `gr_name` points to a NUL-terminated string in `buf`.
            name = unsafe { CStr::from_ptr(gr.gr_name) }.to_bytes().to_vec();
        }
        (r, !out.is_null())
    })?;
    Ok(name)
}

/// The uid of a user name; -1 when there is no such user (as the JDK returns).
fn user_id(name: &[u8]) -> Result<i32, Errno> {
    let c = CString::new(name).map_err(|_| libc::EINVAL)?;
    // SAFETY: an all-zero passwd is a valid value of this plain C struct.
    let mut pw: libc::passwd = unsafe { std::mem::zeroed() };
    let mut id = -1;
    let r = lookup(|buf| {
        let mut out: *mut libc::passwd = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call; `buf` outlives it.
        let r = unsafe { libc::getpwnam_r(c.as_ptr(), &mut pw, buf.as_mut_ptr(), buf.len(), &mut out) };
        if r == 0 && !out.is_null() {
            id = pw.pw_uid as i32;
        }
        (r, !out.is_null())
    });
    match r {
        Ok(()) => Ok(id),
        Err(libc::ENOENT) => Ok(-1),
        Err(e) => Err(e),
    }
}

/// The gid of a group name; -1 when there is no such group.
fn group_id(name: &[u8]) -> Result<i32, Errno> {
    let c = CString::new(name).map_err(|_| libc::EINVAL)?;
    // SAFETY: an all-zero group is a valid value of this plain C struct.
    let mut gr: libc::group = unsafe { std::mem::zeroed() };
    let mut id = -1;
    let r = lookup(|buf| {
        let mut out: *mut libc::group = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call; `buf` outlives it.
        let r = unsafe { libc::getgrnam_r(c.as_ptr(), &mut gr, buf.as_mut_ptr(), buf.len(), &mut out) };
        if r == 0 && !out.is_null() {
            id = gr.gr_gid as i32;
        }
        (r, !out.is_null())
    });
    match r {
        Ok(()) => Ok(id),
        Err(libc::ENOENT) => Ok(-1),
        Err(e) => Err(e),
    }
}
