//! `java.io.UnixFileSystem`: what `java.io.File` asks the file system (attributes,
//! access, listing, canonical paths) and changes in it (create, delete, rename,
//! permissions, times — refused under the model checker).

use std::ffi::CString;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

use super::{file_path, io_exception, path_arg};
use crate::file_table::errno_of;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret};
use crate::thread::ThreadStack;
use crate::vm::Vm;

/// `FileSystem.BA_*` and `ACCESS_*` and `SPACE_*`.
const BA_EXISTS: i32 = 0x01;
const BA_REGULAR: i32 = 0x02;
const BA_DIRECTORY: i32 = 0x04;
const ACCESS_READ: i32 = 0x04;
const ACCESS_WRITE: i32 = 0x02;
const ACCESS_EXECUTE: i32 = 0x01;
const SPACE_TOTAL: i32 = 0;
const SPACE_FREE: i32 = 1;
const SPACE_USABLE: i32 = 2;

const UFS: &str = "java/io/UnixFileSystem";

pub(super) fn register(r: &mut NativeRegistry) {
    r.native(UFS, "initIDs", "()V", crate::native::nop);
    r.native(UFS, "canonicalize0", "(Ljava/lang/String;)Ljava/lang/String;", canonicalize);
    r.native(UFS, "getBooleanAttributes0", "(Ljava/io/File;)I", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        Ret::int(match std::fs::metadata(&p) {
            Ok(m) => BA_EXISTS | if m.is_file() { BA_REGULAR } else { 0 } | if m.is_dir() { BA_DIRECTORY } else { 0 },
            Err(_) => 0,
        })
    });
    r.native(UFS, "checkAccess", "(Ljava/io/File;I)Z", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let mode = match a.int(2)? {
            ACCESS_READ => libc::R_OK,
            ACCESS_WRITE => libc::W_OK,
            ACCESS_EXECUTE => libc::X_OK,
            _ => libc::F_OK,
        };
        Ret::bool(access(&p, mode))
    });
    r.native(UFS, "getLength", "(Ljava/io/File;)J", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        Ret::long(std::fs::metadata(&p).map_or(0, |m| m.len() as i64))
    });
    r.native(UFS, "getLastModifiedTime", "(Ljava/io/File;)J", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        Ret::long(std::fs::metadata(&p).map_or(0, |m| m.mtime() * 1000 + m.mtime_nsec() / 1_000_000))
    });
    r.native(UFS, "list", "(Ljava/io/File;)[Ljava/lang/String;", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let Ok(rd) = std::fs::read_dir(&p) else { return Ret::obj(None) };
        // in the order the directory lists them, as the JDK's readdir loop
        let mut refs = Vec::new();
        for e in rd {
            let Ok(e) = e else { return Ret::obj(None) };
            let name = e.file_name().to_string_lossy().into_owned();
            refs.push(Some(vm.new_string(&name)?));
        }
        let sc = vm.wk.string;
        let ac = vm.array_class_of(sc)?;
        Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(refs.into()))))
    });
    r.native(UFS, "getSpace", "(Ljava/io/File;I)J", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let kind = a.int(2)?;
        Ret::long(space(&p, kind).unwrap_or(0))
    });
    r.native(UFS, "getNameMax0", "(Ljava/lang/String;)J", |vm, ts, a| {
        let p = path_arg(vm, ts, a, 1)?;
        let Ok(c) = CString::new(p) else { return Ret::long(255) };
        // SAFETY: `c` is a valid NUL-terminated path.
        let n = unsafe { libc::pathconf(c.as_ptr(), libc::_PC_NAME_MAX) };
        if n < 0 {
            let e = errno_of(&std::io::Error::last_os_error());
            return Err(io_exception(vm, ts, e, "statvfs failed"));
        }
        Ret::long(n as i64)
    });
    writes(r);
}

/// The calls that change the file system.
fn writes(r: &mut NativeRegistry) {
    r.native(UFS, "createFileExclusively", "(Ljava/lang/String;)Z", |vm, ts, a| {
        let p = path_arg(vm, ts, a, 1)?;
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.createFileExclusively({p})"))?;
        match std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&p) {
            Ok(_) => Ret::bool(true),
            Err(e) if e.raw_os_error() == Some(libc::EEXIST) => Ret::bool(false),
            Err(e) => Err(io_exception(vm, ts, errno_of(&e), "Could not create file")),
        }
    });
    r.native(UFS, "delete0", "(Ljava/io/File;)Z", |vm, ts, a| {
        let p = file_path(vm, a.obj(1)?)?;
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.delete0({p})"))?;
        // C's remove(): unlink, or rmdir for a directory
        let done = match std::fs::symlink_metadata(&p) {
            Ok(m) if m.is_dir() => std::fs::remove_dir(&p).is_ok(),
            Ok(_) => std::fs::remove_file(&p).is_ok(),
            Err(_) => false,
        };
        Ret::bool(done)
    });
    r.native(UFS, "rename0", "(Ljava/io/File;Ljava/io/File;)Z", |vm, ts, a| {
        let (from, to) = (file_path(vm, a.obj(1)?)?, file_path(vm, a.obj(2)?)?);
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.rename0({from}, {to})"))?;
        Ret::bool(std::fs::rename(&from, &to).is_ok())
    });
    r.native(UFS, "createDirectory", "(Ljava/io/File;)Z", |vm, ts, a| {
        let p = file_path(vm, a.obj(1)?)?;
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.createDirectory({p})"))?;
        use std::os::unix::fs::DirBuilderExt;
        Ret::bool(std::fs::DirBuilder::new().mode(0o777).create(&p).is_ok())
    });
    r.native(UFS, "setPermission", "(Ljava/io/File;IZZ)Z", set_permission);
    r.native(UFS, "setReadOnly", "(Ljava/io/File;)Z", |vm, ts, a| {
        let p = file_path(vm, a.obj(1)?)?;
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.setReadOnly({p})"))?;
        Ret::bool(change_mode(&p, |m| m & !0o222))
    });
    r.native(UFS, "setLastModifiedTime", "(Ljava/io/File;J)Z", |vm, ts, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let ms = a.long(2)?;
        vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.setLastModifiedTime({p})"))?;
        let Ok(m) = std::fs::metadata(&p) else { return Ret::bool(false) };
        let Ok(c) = CString::new(p) else { return Ret::bool(false) };
        let times = [
            libc::timeval { tv_sec: m.atime() as libc::time_t, tv_usec: (m.atime_nsec() / 1000) as libc::suseconds_t },
            libc::timeval { tv_sec: ms.div_euclid(1000) as libc::time_t, tv_usec: (ms.rem_euclid(1000) * 1000) as libc::suseconds_t },
        ];
        // SAFETY: `c` is a valid path and `times` holds the two timevals utimes reads.
        Ret::bool(unsafe { libc::utimes(c.as_ptr(), times.as_ptr()) } == 0)
    });
}

fn set_permission(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let p = file_path(vm, a.obj(1)?)?;
    let (which, enable, owner_only) = (a.int(2)?, a.bool(3)?, a.bool(4)?);
    vm.refuse_fs_write(ts, || format!("java.io.UnixFileSystem.setPermission({p})"))?;
    let bits: u32 = match which {
        ACCESS_READ => 0o444,
        ACCESS_WRITE => 0o222,
        ACCESS_EXECUTE => 0o111,
        _ => return Ret::bool(false),
    };
    let bits = if owner_only { bits & 0o700 } else { bits };
    Ret::bool(change_mode(&p, |m| if enable { m | bits } else { m & !bits }))
}

/// `chmod(path, f(current mode))`.
fn change_mode(p: &str, f: impl FnOnce(u32) -> u32) -> bool {
    let Ok(m) = std::fs::metadata(p) else { return false };
    let mode = f(m.permissions().mode() & 0o7777);
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).is_ok()
}

/// `access(path, mode) == 0`.
pub(crate) fn access(p: &str, mode: i32) -> bool {
    let Ok(c) = CString::new(p) else { return false };
    // SAFETY: `c` is a valid NUL-terminated path.
    unsafe { libc::access(c.as_ptr(), mode) == 0 }
}

/// Total, free or usable bytes of the file system holding `p` (`statvfs`).
fn space(p: &str, kind: i32) -> Option<i64> {
    let c = CString::new(p).ok()?;
    // SAFETY: statvfs fills the zeroed struct through a valid pointer.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `c` is a valid path and `st` a valid out-pointer.
    if unsafe { libc::statvfs(c.as_ptr(), &mut st) } != 0 {
        return None;
    }
    let frsize = st.f_frsize as i64;
    Some(match kind {
        SPACE_TOTAL => frsize * st.f_blocks as i64,
        SPACE_FREE => frsize * st.f_bfree as i64,
        SPACE_USABLE => frsize * st.f_bavail as i64,
        _ => 0,
    })
}

/// `canonicalize0`: resolve `.`/`..` and symbolic links of the longest existing
/// prefix, keep the rest lexically normalised (as the JDK's `canonicalize_md.c`).
fn canonicalize(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let path = path_arg(vm, ts, a, 1)?;
    let mut parts: Vec<&str> = Vec::new();
    for c in path.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    let mut result = std::path::PathBuf::from("/");
    let mut resolved = true;
    for p in parts {
        result.push(p);
        if resolved {
            match std::fs::canonicalize(&result) {
                Ok(r) => result = r,
                Err(_) => resolved = false,
            }
        }
    }
    let out = result.display().to_string();
    Ret::obj(Some(vm.new_string(&out)?))
}
