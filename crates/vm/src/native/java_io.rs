//! `java.io`: file descriptors, the standard streams (fd 0–2) and files on disk.
//!
//! Open files are the vm's `files` table; a `FileDescriptor.fd` of `FIRST_FILE_FD + i`
//! names entry `i`. File contents are outside the program state: under the model
//! checker they are input, not something interleavings can change.

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
    r.native(fd, "close0", "()V", |vm, _, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("close0 on null".into()))?;
        let n = descriptor_fd(vm, this)?;
        if let Some(slot) = file_index(n).and_then(|i| vm.files.get_mut(i)) {
            *slot = None;
        }
        let fdc = vm.heap.class_of(this);
        let s = vm.instance_slot(fdc, "fd", "I")?;
        vm.heap.set_field(this, s, Value::Int(-1));
        Ret::void()
    });
    let fos = "java/io/FileOutputStream";
    r.native(fos, "initIDs", "()V", crate::native::nop);
    r.native(fos, "writeBytes", "([BIIZ)V", write_bytes);
    r.native(fos, "open0", "(Ljava/lang/String;Z)V", |vm, ts, a| {
        let append = a.bool(2)?;
        open(vm, ts, a, |o| {
            o.write(true).create(true);
            if append {
                o.append(true);
            } else {
                o.truncate(true);
            }
        })
    });
    r.native(fos, "write", "(IZ)V", |vm, ts, a| {
        let fd = fd_of(vm, a.obj(0)?)?;
        let b = [a.int(1)? as u8];
        write_fd(vm, ts, fd, &b)
    });
    let fis = "java/io/FileInputStream";
    r.native(fis, "initIDs", "()V", crate::native::nop);
    r.native(fis, "readBytes", "([BII)I", read_bytes);
    r.native(fis, "open0", "(Ljava/lang/String;)V", |vm, ts, a| {
        open(vm, ts, a, |o| {
            o.read(true);
        })
    });
    r.native(fis, "skip0", "(J)J", |vm, ts, a| {
        use std::io::{Seek, SeekFrom};
        let fd = fd_of(vm, a.obj(0)?)?;
        let n = a.long(1)?;
        let Some(f) = file_index(fd).and_then(|i| vm.files.get_mut(i)).and_then(Option::as_mut) else {
            return Err(vm.throw_new(ts, "java/io/IOException", Some("Stream Closed")));
        };
        let before = f.stream_position().unwrap_or(0);
        let end = f.seek(SeekFrom::End(0)).unwrap_or(before);
        let target = (before as i64).saturating_add(n).clamp(0, end as i64) as u64;
        let _ = f.seek(SeekFrom::Start(target));
        Ret::long(target as i64 - before as i64)
    });
    r.native(fis, "length0", "()J", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0)?)?;
        let len = file_index(fd).and_then(|i| vm.files.get(i)).and_then(Option::as_ref).and_then(|f| f.metadata().ok()).map_or(0, |m| m.len());
        Ret::long(len as i64)
    });
    r.native(fis, "position0", "()J", |vm, _, a| {
        use std::io::Seek;
        let fd = fd_of(vm, a.obj(0)?)?;
        let pos = file_index(fd).and_then(|i| vm.files.get_mut(i)).and_then(Option::as_mut).and_then(|f| f.stream_position().ok());
        Ret::long(pos.unwrap_or(0) as i64)
    });
    r.native(fis, "read0", "()I", |vm, _, a| {
        let fd = fd_of(vm, a.obj(0)?)?;
        let mut b = [0u8; 1];
        match read_fd(vm, fd, &mut b)? {
            0 => Ret::int(-1),
            _ => Ret::int(b[0] as i32),
        }
    });
    r.native(fis, "available0", "()I", |vm, _, a| {
        use std::io::Seek;
        let fd = fd_of(vm, a.obj(0)?)?;
        let Some(f) = file_index(fd).and_then(|i| vm.files.get_mut(i)).and_then(Option::as_mut) else { return Ret::int(0) };
        let pos = f.stream_position().unwrap_or(0);
        let len = f.metadata().map_or(0, |m| m.len());
        Ret::int(len.saturating_sub(pos).min(i32::MAX as u64) as i32)
    });
    let osc = "java/io/ObjectStreamClass";
    r.native(osc, "initNative", "()V", crate::native::nop);
    r.native(osc, "hasStaticInitializer", "(Ljava/lang/Class;)Z", |vm, _, a| {
        let c = super::java_lang_reflect::class_arg(vm, a.obj(0)?)?;
        Ret::bool(vm.class(c).clinit.is_some())
    });
    let ufs = "java/io/UnixFileSystem";
    r.native(ufs, "initIDs", "()V", crate::native::nop);
    r.native(ufs, "canonicalize0", "(Ljava/lang/String;)Ljava/lang/String;", canonicalize);
    r.native(ufs, "getBooleanAttributes0", "(Ljava/io/File;)I", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        Ret::int(match std::fs::metadata(&p) {
            Ok(m) => 0x01 | if m.is_file() { 0x02 } else { 0 } | if m.is_dir() { 0x04 } else { 0 },
            Err(_) => 0,
        })
    });
    r.native(ufs, "checkAccess", "(Ljava/io/File;I)Z", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let want_write = a.int(2)? & 0x02 != 0;
        Ret::bool(match std::fs::metadata(&p) {
            Ok(m) => !want_write || !m.permissions().readonly(),
            Err(_) => false,
        })
    });
    r.native(ufs, "getLength", "(Ljava/io/File;)J", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        Ret::long(std::fs::metadata(&p).map_or(0, |m| m.len() as i64))
    });
    r.native(ufs, "getLastModifiedTime", "(Ljava/io/File;)J", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let t = std::fs::metadata(&p).and_then(|m| m.modified()).ok();
        Ret::long(t.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map_or(0, |d| d.as_millis() as i64))
    });
    r.native(ufs, "list", "(Ljava/io/File;)[Ljava/lang/String;", |vm, _, a| {
        let p = file_path(vm, a.obj(1)?)?;
        let Ok(rd) = std::fs::read_dir(&p) else { return Ret::obj(None) };
        let mut names: Vec<String> = rd.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        let mut refs = Vec::new();
        for n in names {
            refs.push(Some(vm.new_string(&n)?));
        }
        let sc = vm.wk.string;
        let ac = vm.array_class_of(sc)?;
        Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(refs.into()))))
    });
}

fn file_path(vm: &Vm, f: Option<ObjRef>) -> Result<String, Unwind> {
    let f = f.ok_or_else(|| VmError::Internal("null File".into()))?;
    let fc = vm.heap.class_of(f);
    let slot = vm.instance_slot(fc, "path", "Ljava/lang/String;")?;
    match vm.heap.field(f, slot) {
        Some(Value::Ref(Some(s))) => Ok(vm.string_to_rust(s)?),
        _ => Ok(String::new()),
    }
}

/// `canonicalize0`: resolve `.`/`..` and symbolic links of the longest existing
/// prefix, keep the rest lexically normalised (as the JDK's `canonicalize_md.c`).
fn canonicalize(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let s = a.obj(1)?.ok_or_else(|| VmError::Internal("null path".into()))?;
    let path = vm.string_to_rust(s)?;
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

/// Descriptor numbers of files opened by the program start here.
const FIRST_FILE_FD: i32 = 1000;

fn file_index(fd: i32) -> Option<usize> {
    usize::try_from(fd - FIRST_FILE_FD).ok()
}

fn descriptor_fd(vm: &Vm, fdo: ObjRef) -> Result<i32, Unwind> {
    let fdc = vm.heap.class_of(fdo);
    let s = vm.instance_slot(fdc, "fd", "I")?;
    Ok(vm.heap.field(fdo, s).and_then(Value::as_int).unwrap_or(-1))
}

/// `open0(path, ...)` of a file stream: opens the file and stores its descriptor in
/// the stream's `FileDescriptor`; a failure is the JDK's `FileNotFoundException`
/// (`path (reason)`).
fn open(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, mode: impl FnOnce(&mut std::fs::OpenOptions)) -> NativeResult {
    let this = a.obj(0)?.ok_or_else(|| VmError::Internal("open0 on null".into()))?;
    let Some(p) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let path = vm.string_to_rust(p)?;
    let mut o = std::fs::OpenOptions::new();
    mode(&mut o);
    let file = match o.open(&path) {
        Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
            return Err(vm.throw_new(ts, "java/io/FileNotFoundException", Some(&format!("{path} (Is a directory)"))));
        }
        Ok(f) => f,
        Err(e) => {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
                std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
                _ => e.to_string(),
            };
            return Err(vm.throw_new(ts, "java/io/FileNotFoundException", Some(&format!("{path} ({reason})"))));
        }
    };
    vm.files.push(Some(file));
    let fd = FIRST_FILE_FD + vm.files.len() as i32 - 1;
    let sc = vm.heap.class_of(this);
    let fd_slot = vm.instance_slot(sc, "fd", "Ljava/io/FileDescriptor;")?;
    if let Some(Value::Ref(Some(fdo))) = vm.heap.field(this, fd_slot) {
        let fdc = vm.heap.class_of(fdo);
        let s = vm.instance_slot(fdc, "fd", "I")?;
        vm.heap.set_field(fdo, s, Value::Int(fd));
    }
    Ret::void()
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
    if let Some(i) = file_index(fd) {
        use std::io::Write;
        let Some(f) = vm.files.get_mut(i).and_then(Option::as_mut) else {
            return Err(vm.throw_new(ts, "java/io/IOException", Some("Stream Closed")));
        };
        if let Err(e) = f.write_all(bytes) {
            let m = e.to_string();
            return Err(vm.throw_new(ts, "java/io/IOException", Some(&m)));
        }
        return Ret::void();
    }
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

fn read_fd(vm: &mut Vm, fd: i32, buf: &mut [u8]) -> Result<usize, Unwind> {
    use std::io::Read;
    if let Some(f) = file_index(fd).and_then(|i| vm.files.get_mut(i)).and_then(Option::as_mut) {
        return f.read(buf).map_err(|e| Unwind::Fatal(VmError::Unsupported(format!("reading a file: {e}"))));
    }
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
    let n = read_fd(vm, fd, &mut buf)?;
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
