//! `java.util`: time-zone lookup, and `java.util.zip`'s `Inflater` and `CRC32` (the
//! JDK's libzip natives, here on `flate2` and `crc32fast`).
//!
//! Inflater and deflater streams are native state outside the heap, kept in the vm's
//! `zip_streams` table (`zip_streams.rs`: journaled and hashed for the model checker)
//! and named by the handle `init` returns. Direct buffers are read and written through
//! the off-heap memory API (`native_memory`).

use crate::check::AccessRecord;
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::ObjRef;
use crate::vm::Vm;
use crate::zip_streams::{ZipError, ZipKind};

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/util/TimeZone", "getSystemTimeZoneID", "(Ljava/lang/String;)Ljava/lang/String;", |vm, _, _| {
        let tz = std::env::var("TZ")
            .ok()
            .filter(|t| !t.is_empty())
            .or_else(|| std::fs::read_to_string("/etc/timezone").ok().map(|s| s.trim().to_string()))
            .unwrap_or_else(|| "UTC".into());
        Ret::obj(Some(vm.new_string(&tz)?))
    });
    let inf = "java/util/zip/Inflater";
    r.native(inf, "initIDs", "()V", crate::native::nop);
    r.native(inf, "init", "(Z)J", |vm, ts, a| {
        let zlib_header = !a.bool(0)?;
        let owner = vm.threads[ts.tid as usize].sid;
        Ret::long(vm.zip_streams.create(owner, ZipKind::Inflate { zlib_header }) as i64)
    });
    r.native(inf, "inflateBytesBytes", "(J[BII[BII)J", |vm, ts, a| {
        let (input, output) = (Side::array(&a, 2)?, Side::array(&a, 5)?);
        inflate(vm, ts, a.long(1)?, input, output)
    });
    r.native(inf, "inflateBytesBuffer", "(J[BIIJI)J", |vm, ts, a| {
        let (input, output) = (Side::array(&a, 2)?, Side::raw(&a, 5)?);
        inflate(vm, ts, a.long(1)?, input, output)
    });
    r.native(inf, "inflateBufferBytes", "(JJI[BII)J", |vm, ts, a| {
        let (input, output) = (Side::raw(&a, 2)?, Side::array(&a, 4)?);
        inflate(vm, ts, a.long(1)?, input, output)
    });
    r.native(inf, "inflateBufferBuffer", "(JJIJI)J", |vm, ts, a| {
        let (input, output) = (Side::raw(&a, 2)?, Side::raw(&a, 4)?);
        inflate(vm, ts, a.long(1)?, input, output)
    });
    // the stream's running checksum is not tracked (the JDK's streams never ask for it)
    r.native(inf, "getAdler", "(J)I", |_, _, _| Err(Unwind::Fatal(VmError::Unsupported("Inflater.getAdler".into()))));
    let def = "java/util/zip/Deflater";
    r.native(def, "initIDs", "()V", crate::native::nop);
    r.native(def, "init", "(IIZ)J", |vm, ts, a| {
        let (level, strategy, zlib_header) = (a.int(0)?, a.int(1)?, !a.bool(2)?);
        if strategy != 0 {
            return Err(Unwind::Fatal(VmError::Unsupported(format!("Deflater strategy {strategy}"))));
        }
        let owner = vm.threads[ts.tid as usize].sid;
        Ret::long(vm.zip_streams.create(owner, ZipKind::Deflate { level, zlib_header }) as i64)
    });
    r.native(def, "deflateBytesBytes", "(J[BII[BIIII)J", |vm, ts, a| {
        let (input, output) = (Side::array(&a, 2)?, Side::array(&a, 5)?);
        deflate(vm, ts, a.long(1)?, input, output, a.int(8)?, a.int(9)?)
    });
    r.native(def, "deflateBytesBuffer", "(J[BIIJIII)J", |vm, ts, a| {
        let (input, output) = (Side::array(&a, 2)?, Side::raw(&a, 5)?);
        deflate(vm, ts, a.long(1)?, input, output, a.int(7)?, a.int(8)?)
    });
    r.native(def, "deflateBufferBytes", "(JJI[BIIII)J", |vm, ts, a| {
        let (input, output) = (Side::raw(&a, 2)?, Side::array(&a, 4)?);
        deflate(vm, ts, a.long(1)?, input, output, a.int(7)?, a.int(8)?)
    });
    r.native(def, "deflateBufferBuffer", "(JJIJIII)J", |vm, ts, a| {
        let (input, output) = (Side::raw(&a, 2)?, Side::raw(&a, 4)?);
        deflate(vm, ts, a.long(1)?, input, output, a.int(6)?, a.int(7)?)
    });
    r.native(def, "getAdler", "(J)I", |_, _, _| Err(Unwind::Fatal(VmError::Unsupported("Deflater.getAdler".into()))));
    for class in [inf, def] {
        r.native(class, "reset", "(J)V", |vm, _, a| {
            let h = a.long(0)?;
            note_stream(vm, h);
            vm.zip_streams.reset(h as u64).map_err(zip_error)?;
            Ret::void()
        });
        r.native(class, "end", "(J)V", |vm, _, a| {
            let h = a.long(0)?;
            note_stream(vm, h);
            vm.zip_streams.end(h as u64).map_err(zip_error)?;
            Ret::void()
        });
    }
    let adler = "java/util/zip/Adler32";
    r.native(adler, "update", "(II)I", |_, _, a| Ret::int(adler32(a.int(0)? as u32, &[a.int(1)? as u8]) as i32));
    r.native(adler, "updateBytes", "(I[BII)I", |vm, ts, a| {
        let Some(b) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
        let raw = byte_range(vm, b, a.int(2)?, a.int(3)?)?;
        Ret::int(adler32(a.int(0)? as u32, &raw) as i32)
    });
    let crc = "java/util/zip/CRC32";
    r.native(crc, "update", "(II)I", |_, _, a| {
        let mut h = crc32fast::Hasher::new_with_initial(a.int(0)? as u32);
        h.update(&[a.int(1)? as u8]);
        Ret::int(h.finalize() as i32)
    });
    r.native(crc, "updateBytes0", "(I[BII)I", |vm, ts, a| {
        let Some(b) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
        let (off, len) = (a.int(2)? as usize, a.int(3)? as usize);
        let Some(Array::Byte(bytes)) = vm.heap.array(b) else { return Err(VmError::Internal("CRC32 of a non-byte[]".into()).into()) };
        let Some(slice) = bytes.get(off..off + len) else { return Err(VmError::Internal("CRC32 range".into()).into()) };
        let raw: Vec<u8> = slice.iter().map(|&x| x as u8).collect();
        let mut h = crc32fast::Hasher::new_with_initial(a.int(0)? as u32);
        h.update(&raw);
        Ret::int(h.finalize() as i32)
    });
}

/// Adler-32 (RFC 1950) continued from `adler`.
fn adler32(adler: u32, bytes: &[u8]) -> u32 {
    const MOD: u32 = 65521;
    let (mut a, mut b) = (adler & 0xffff, adler >> 16);
    for &x in bytes {
        a = (a + x as u32) % MOD;
        b = (b + a) % MOD;
    }
    (b << 16) | a
}

fn zip_error(e: ZipError) -> Unwind {
    Unwind::Fatal(VmError::Internal(e.to_string()))
}

/// Reports the use of a stream to the model checker (the JDK uses a stream only under
/// the monitor of its `zsRef`, so this only sharpens the transition's label).
fn note_stream(vm: &mut Vm, h: i64) {
    let object = crate::heap::mix_ids(0x5a49_5053_5452_4d53, h as u64);
    vm.note_access(AccessRecord { object, field: 0, write: true, update: false, visible: true, owner: AccessRecord::NO_OWNER });
}

/// Where a zip operation's input comes from or its output goes: a `byte[]` range or
/// off-heap memory (a direct buffer).
#[derive(Clone, Copy)]
enum Side {
    Array(Option<ObjRef>, i32, i32),
    Raw(u64, i32),
}

impl Side {
    /// `(byte[] array, int off, int len)` from argument `i`.
    fn array(a: &Args<'_>, i: usize) -> Result<Side, Unwind> {
        Ok(Side::Array(a.obj(i)?, a.int(i + 1)?, a.int(i + 2)?))
    }

    /// `(long address, int len)` from argument `i`.
    fn raw(a: &Args<'_>, i: usize) -> Result<Side, Unwind> {
        Ok(Side::Raw(a.long(i)? as u64, a.int(i + 1)?))
    }

    fn len(self) -> usize {
        match self {
            Side::Array(_, _, n) | Side::Raw(_, n) => n.max(0) as usize,
        }
    }

    fn read(self, vm: &mut Vm, ts: &mut ThreadStack) -> Result<Vec<u8>, Unwind> {
        match self {
            Side::Array(None, ..) => Err(vm.null_pointer(ts)),
            Side::Array(Some(arr), off, len) => byte_range(vm, arr, off, len),
            Side::Raw(addr, _) => {
                let mut v = vec![0u8; self.len()];
                vm.native_read(addr, &mut v)?;
                Ok(v)
            }
        }
    }

    fn write(self, vm: &mut Vm, ts: &mut ThreadStack, bytes: &[u8]) -> Result<(), Unwind> {
        match self {
            Side::Array(None, ..) => Err(vm.null_pointer(ts)),
            Side::Array(Some(arr), off, _) => {
                let Some(Array::Byte(dst)) = vm.heap.array_mut(arr) else {
                    return Err(Unwind::Fatal(VmError::Internal("zip output buffer is not a byte[]".into())));
                };
                let Some(range) = usize::try_from(off).ok().and_then(|o| dst.get_mut(o..o + bytes.len())) else {
                    return Err(Unwind::Fatal(VmError::Internal("zip output range".into())));
                };
                for (d, &b) in range.iter_mut().zip(bytes) {
                    *d = b as i8;
                }
                Ok(())
            }
            Side::Raw(addr, _) => vm.native_write(addr, bytes),
        }
    }
}

fn byte_range(vm: &Vm, arr: crate::value::ObjRef, off: i32, len: i32) -> Result<Vec<u8>, Unwind> {
    match vm.heap.array(arr) {
        Some(Array::Byte(b)) => b
            .get(off as usize..(off as usize).saturating_add(len as usize))
            .map(|s| s.iter().map(|&x| x as u8).collect())
            .ok_or_else(|| Unwind::Fatal(VmError::Internal("inflater range".into()))),
        _ => Err(Unwind::Fatal(VmError::Internal("inflater buffer is not a byte[]".into()))),
    }
}

/// The `inflate*` natives: returns
/// `read | written << 31 | finished << 62 | needsDictionary << 63`.
fn inflate(vm: &mut Vm, ts: &mut ThreadStack, h: i64, input: Side, output: Side) -> NativeResult {
    let inp = input.read(vm, ts)?;
    let mut out = vec![0u8; output.len()];
    note_stream(vm, h);
    if !matches!(vm.zip_streams.kind(h as u64).map_err(zip_error)?, ZipKind::Inflate { .. }) {
        return Err(Unwind::Fatal(VmError::Internal("inflate on a deflater".into())));
    }
    let o = vm.zip_streams.run(h as u64, &inp, &mut out, 0).map_err(zip_error)?;
    if let Some(m) = o.error {
        return Err(vm.throw_new(ts, "java/util/zip/DataFormatException", Some(&m)));
    }
    output.write(vm, ts, &out[..o.written as usize])?;
    Ret::long(o.read as i64 | ((o.written as i64) << 31) | ((o.finished as i64) << 62))
}

/// The `deflate*` natives (`flush`: the flush mode, `params`: `1 | strategy << 1 |
/// level << 3` to apply new parameters first): returns
/// `read | written << 31 | finished << 62 | paramsApplied << 63`.
fn deflate(vm: &mut Vm, ts: &mut ThreadStack, h: i64, input: Side, output: Side, flush: i32, params: i32) -> NativeResult {
    note_stream(vm, h);
    if !matches!(vm.zip_streams.kind(h as u64).map_err(zip_error)?, ZipKind::Deflate { .. }) {
        return Err(Unwind::Fatal(VmError::Internal("deflate on an inflater".into())));
    }
    if params & 1 != 0 {
        let strategy = (params >> 1) & 3;
        if strategy != 0 {
            return Err(Unwind::Fatal(VmError::Unsupported(format!("Deflater strategy {strategy}"))));
        }
        if !vm.zip_streams.set_level(h as u64, params >> 3).map_err(zip_error)? {
            return Err(Unwind::Fatal(VmError::Unsupported("changing Deflater parameters after input".into())));
        }
        return Ret::long(1 << 63);
    }
    let inp = input.read(vm, ts)?;
    let mut out = vec![0u8; output.len()];
    let o = vm.zip_streams.run(h as u64, &inp, &mut out, flush.clamp(0, 4) as u8).map_err(zip_error)?;
    output.write(vm, ts, &out[..o.written as usize])?;
    Ret::long(o.read as i64 | ((o.written as i64) << 31) | ((o.finished as i64) << 62))
}
