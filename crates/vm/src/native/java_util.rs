//! `java.util`: time-zone lookup, and `java.util.zip`'s `Inflater` and `CRC32` (the
//! JDK's libzip natives, here on `flate2` and `crc32fast`).
//!
//! Inflater streams are native state outside the heap, kept in the vm's
//! `zip_streams` table and named by the handle `init` returns.

use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::vm::Vm;

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
    r.native(inf, "init", "(Z)J", |vm, _, a| {
        let nowrap = a.bool(0)?;
        vm.zip_streams.push(Some(ZipStream::Inflate(flate2::Decompress::new(!nowrap), !nowrap)));
        Ret::long(vm.zip_streams.len() as i64)
    });
    r.native(inf, "inflateBytesBytes", "(J[BII[BII)J", inflate_bytes_bytes);
    r.native(inf, "getAdler", "(J)I", |_, _, _| Ret::int(1));
    r.native(inf, "reset", "(J)V", |vm, _, a| {
        match stream(vm, a.long(0)?)? {
            ZipStream::Inflate(s, zlib_header) => {
                let h = *zlib_header;
                s.reset(h)
            }
            ZipStream::Deflate(s) => s.reset(),
        }
        Ret::void()
    });
    r.native(inf, "end", "(J)V", |vm, _, a| {
        let h = a.long(0)?;
        if let Some(slot) = usize::try_from(h - 1).ok().and_then(|i| vm.zip_streams.get_mut(i)) {
            *slot = None;
        }
        Ret::void()
    });
    let def = "java/util/zip/Deflater";
    r.native(def, "initIDs", "()V", crate::native::nop);
    r.native(def, "init", "(IIZ)J", |vm, _, a| {
        let (level, strategy, nowrap) = (a.int(0)?, a.int(1)?, a.bool(2)?);
        if strategy != 0 {
            return Err(Unwind::Fatal(VmError::Unsupported(format!("Deflater strategy {strategy}"))));
        }
        let level = if level < 0 { flate2::Compression::default() } else { flate2::Compression::new(level as u32) };
        vm.zip_streams.push(Some(ZipStream::Deflate(flate2::Compress::new(level, !nowrap))));
        Ret::long(vm.zip_streams.len() as i64)
    });
    r.native(def, "deflateBytesBytes", "(J[BII[BIIII)J", deflate_bytes_bytes);
    r.native(def, "getAdler", "(J)I", |_, _, _| Err(Unwind::Fatal(VmError::Unsupported("Deflater.getAdler".into()))));
    r.native(def, "reset", "(J)V", |vm, _, a| {
        if let ZipStream::Deflate(s) = stream(vm, a.long(0)?)? {
            s.reset();
        }
        Ret::void()
    });
    r.native(def, "end", "(J)V", |vm, _, a| {
        let h = a.long(0)?;
        if let Some(slot) = usize::try_from(h - 1).ok().and_then(|i| vm.zip_streams.get_mut(i)) {
            *slot = None;
        }
        Ret::void()
    });
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

/// A zlib stream of the vm's `zip_streams` table.
pub(crate) enum ZipStream {
    /// an `Inflater` and whether it expects a zlib header
    Inflate(flate2::Decompress, bool),
    /// a `Deflater`
    Deflate(flate2::Compress),
}

fn stream(vm: &mut Vm, h: i64) -> Result<&mut ZipStream, Unwind> {
    usize::try_from(h - 1)
        .ok()
        .and_then(|i| vm.zip_streams.get_mut(i))
        .and_then(Option::as_mut)
        .ok_or_else(|| Unwind::Fatal(VmError::Internal(format!("bad inflater handle {h}"))))
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

/// `inflateBytesBytes(addr, in, off, len, out, off, len)`: returns
/// `read | written << 31 | finished << 62 | needsDictionary << 63`.
fn inflate_bytes_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let h = a.long(1)?;
    let (Some(input), Some(output)) = (a.obj(2)?, a.obj(5)?) else { return Err(vm.null_pointer(ts)) };
    let inp = byte_range(vm, input, a.int(3)?, a.int(4)?)?;
    let (out_off, out_len) = (a.int(6)?, a.int(7)?);
    let mut out = vec![0u8; out_len.max(0) as usize];
    let ZipStream::Inflate(s, _) = stream(vm, h)? else {
        return Err(Unwind::Fatal(VmError::Internal("inflate on a deflater".into())));
    };
    let (before_in, before_out) = (s.total_in(), s.total_out());
    let status = s.decompress(&inp, &mut out, flate2::FlushDecompress::None);
    let (read, written) = ((s.total_in() - before_in) as i64, (s.total_out() - before_out) as usize);
    let finished = match status {
        Ok(flate2::Status::StreamEnd) => 1i64,
        Ok(_) => 0,
        Err(e) => {
            let m = e.to_string();
            return Err(vm.throw_new(ts, "java/util/zip/DataFormatException", Some(&m)));
        }
    };
    if let Some(Array::Byte(dst)) = vm.heap.array_mut(output) {
        for (i, &b) in out[..written].iter().enumerate() {
            dst[out_off as usize + i] = b as i8;
        }
    }
    Ret::long(read | ((written as i64) << 31) | (finished << 62))
}

/// `deflateBytesBytes(addr, in, off, len, out, off, len, flush, params)`: returns
/// `read | written << 31 | finished << 62 | paramsApplied << 63`.
fn deflate_bytes_bytes(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let h = a.long(1)?;
    let (Some(input), Some(output)) = (a.obj(2)?, a.obj(5)?) else { return Err(vm.null_pointer(ts)) };
    let inp = byte_range(vm, input, a.int(3)?, a.int(4)?)?;
    let (out_off, out_len, flush, params) = (a.int(6)?, a.int(7)?, a.int(8)?, a.int(9)?);
    let mut out = vec![0u8; out_len.max(0) as usize];
    let ZipStream::Deflate(s) = stream(vm, h)? else {
        return Err(Unwind::Fatal(VmError::Internal("deflate on an inflater".into())));
    };
    if params & 1 != 0 {
        if s.total_in() != 0 {
            return Err(Unwind::Fatal(VmError::Unsupported("changing Deflater parameters after input".into())));
        }
        let level = params >> 3;
        let level = if level < 0 { flate2::Compression::default() } else { flate2::Compression::new(level as u32) };
        *s = flate2::Compress::new(level, true);
        return Ret::long(1 << 63);
    }
    let mode = match flush {
        2 => flate2::FlushCompress::Sync,
        3 => flate2::FlushCompress::Full,
        4 => flate2::FlushCompress::Finish,
        _ => flate2::FlushCompress::None,
    };
    let (before_in, before_out) = (s.total_in(), s.total_out());
    let status = s.compress(&inp, &mut out, mode);
    let (read, written) = ((s.total_in() - before_in) as i64, (s.total_out() - before_out) as usize);
    let finished = matches!(status, Ok(flate2::Status::StreamEnd)) as i64;
    if let Some(Array::Byte(dst)) = vm.heap.array_mut(output) {
        for (i, &b) in out[..written].iter().enumerate() {
            dst[out_off as usize + i] = b as i8;
        }
    }
    Ret::long(read | ((written as i64) << 31) | (finished << 62))
}
