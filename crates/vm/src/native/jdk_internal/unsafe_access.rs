//! `jdk.internal.misc.Unsafe`: field, static and array access by offset, CAS, fences,
//! class initialisation, instance allocation.
//!
//! Offsets are jvmc's own encoding: instance field slot `s` is `16 + 8s`, static slot
//! `s` is `STATIC_BASE + 8s` (its base object is the `Class` mirror), array element
//! `i` is `16 + i * scale` with the real element size as scale. Primitive arrays are
//! byte-addressable (little-endian), so `getLongUnaligned` over an `int[]` works as in
//! HotSpot. Raw (off-heap) memory — `allocateMemory` and a `null` base — is the vm's
//! `native_memory` (direct byte buffers use it), always reached through its API
//! (`Vm::native_read` and friends), which journals, hashes and reports every access
//! and turns an access outside every block into an error. Every access here is
//! sequentially consistent: volatile, acquire/release and opaque modes are the same
//! operation.

use crate::class::{ClassId, ClassKind};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Offset of instance field slot 0.
pub(crate) const FIELD_BASE: i64 = 16;
/// Offset of static slot 0.
pub(crate) const STATIC_BASE: i64 = 1 << 28;
/// Offset of array element 0.
pub(crate) const ARRAY_BASE: i64 = 16;

const U: &str = "jdk/internal/misc/Unsafe";

pub(super) fn register(r: &mut NativeRegistry) {
    r.native(U, "arrayBaseOffset0", "(Ljava/lang/Class;)I", |_, _, _| Ret::int(ARRAY_BASE as i32));
    r.native(U, "arrayIndexScale0", "(Ljava/lang/Class;)I", |vm, _, a| {
        let c = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
        Ret::int(match vm.class(c).kind {
            ClassKind::Array { elem: Some(p), .. } => Array::new_primitive(p, 0).element_size() as i32,
            _ => 4,
        })
    });
    r.native(U, "addressSize0", "()I", |_, _, _| Ret::int(8));
    r.native(U, "pageSize", "()I", |_, _, _| Ret::int(4096));
    r.native(U, "isBigEndian0", "()Z", |_, _, _| Ret::bool(false));
    r.native(U, "unalignedAccess0", "()Z", |_, _, _| Ret::bool(true));
    r.native(U, "objectFieldOffset1", "(Ljava/lang/Class;Ljava/lang/String;)J", object_field_offset1);
    r.native(U, "objectFieldOffset0", "(Ljava/lang/reflect/Field;)J", |vm, _, a| field_offset(vm, a.obj(1)?, false));
    r.native(U, "staticFieldOffset0", "(Ljava/lang/reflect/Field;)J", |vm, _, a| field_offset(vm, a.obj(1)?, true));
    r.native(U, "staticFieldBase0", "(Ljava/lang/reflect/Field;)Ljava/lang/Object;", |vm, _, a| {
        let (c, _) = super::super::java_lang_reflect::field_of(vm, a.obj(1)?)?;
        Ret::obj(Some(vm.mirror_of(c)?))
    });
    r.native(U, "ensureClassInitialized0", "(Ljava/lang/Class;)V", |vm, ts, a| {
        let c = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
        vm.initialize_now(ts, c)?;
        Ret::void()
    });
    r.native(U, "shouldBeInitialized0", "(Ljava/lang/Class;)Z", |vm, _, a| {
        let c = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
        Ret::bool(vm.class_states[c.index()].init != crate::class::InitState::Initialized)
    });
    r.native(U, "allocateInstance", "(Ljava/lang/Class;)Ljava/lang/Object;", |vm, ts, a| {
        let c = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
        let cls = vm.class(c);
        if cls.kind != ClassKind::Instance || cls.access & (jvmc_classfile::access::ABSTRACT | jvmc_classfile::access::INTERFACE) != 0 {
            let n = cls.java_name();
            return Err(vm.throw_new(ts, "java/lang/InstantiationException", Some(&n)));
        }
        vm.initialize_now(ts, c)?;
        Ret::obj(Some(vm.alloc_object(c)))
    });
    r.native(U, "throwException", "(Ljava/lang/Throwable;)V", |vm, ts, a| match a.obj(1)? {
        Some(ex) => Err(Unwind::Throw(ex)),
        None => Err(vm.null_pointer(ts)),
    });
    for fence in ["fullFence", "loadFence", "storeFence"] {
        r.native(U, fence, "()V", crate::native::nop);
    }
    // typed get/put, plain and volatile (both sequentially consistent here)
    macro_rules! typed {
        ($name:literal, $desc:literal, $kind:expr) => {
            r.native(U, concat!("get", $name), concat!("(Ljava/lang/Object;J)", $desc), |vm, ts, a| get(vm, ts, a, $kind));
            r.native(U, concat!("get", $name, "Volatile"), concat!("(Ljava/lang/Object;J)", $desc), |vm, ts, a| get(vm, ts, a, $kind));
            r.native(U, concat!("put", $name), concat!("(Ljava/lang/Object;J", $desc, ")V"), |vm, ts, a| put(vm, ts, a, $kind));
            r.native(U, concat!("put", $name, "Volatile"), concat!("(Ljava/lang/Object;J", $desc, ")V"), |vm, ts, a| put(vm, ts, a, $kind));
        };
    }
    typed!("Int", "I", Kind::Int);
    typed!("Long", "J", Kind::Long);
    typed!("Boolean", "Z", Kind::Boolean);
    typed!("Byte", "B", Kind::Byte);
    typed!("Short", "S", Kind::Short);
    typed!("Char", "C", Kind::Char);
    typed!("Float", "F", Kind::Float);
    typed!("Double", "D", Kind::Double);
    typed!("Reference", "Ljava/lang/Object;", Kind::Ref);
    r.native(U, "compareAndSetInt", "(Ljava/lang/Object;JII)Z", |vm, ts, a| cas(vm, ts, a, Kind::Int, false));
    r.native(U, "compareAndSetLong", "(Ljava/lang/Object;JJJ)Z", |vm, ts, a| cas(vm, ts, a, Kind::Long, false));
    r.native(U, "compareAndSetReference", "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Z", |vm, ts, a| {
        cas(vm, ts, a, Kind::Ref, false)
    });
    r.native(U, "compareAndExchangeInt", "(Ljava/lang/Object;JII)I", |vm, ts, a| cas(vm, ts, a, Kind::Int, true));
    r.native(U, "compareAndExchangeLong", "(Ljava/lang/Object;JJJ)J", |vm, ts, a| cas(vm, ts, a, Kind::Long, true));
    r.native(
        U,
        "compareAndExchangeReference",
        "(Ljava/lang/Object;JLjava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;",
        |vm, ts, a| cas(vm, ts, a, Kind::Ref, true),
    );
    r.native(U, "copyMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJ)V", copy_memory);
    r.native(U, "setMemory0", "(Ljava/lang/Object;JJB)V", set_memory);
    r.native(U, "park", "(ZJ)V", crate::native::java_lang::park);
    r.native(U, "unpark", "(Ljava/lang/Object;)V", crate::native::java_lang::unpark);
    r.native(U, "copySwapMemory0", "(Ljava/lang/Object;JLjava/lang/Object;JJJ)V", |vm, _, a| {
        let (src, so, dst, doff, n, elem) = (a.obj(1)?, a.long(2)?, a.obj(3)?, a.long(4)?, a.long(5)?, a.long(6)?);
        copy_bytes(vm, src, so, dst, doff, n, elem.max(1) as usize)?;
        Ret::void()
    });
    r.native(U, "allocateMemory0", "(J)J", |vm, _, a| Ret::long(vm.native_allocate(a.long(1)?.max(0) as u64) as i64));
    r.native(U, "reallocateMemory0", "(JJ)J", |vm, _, a| {
        let (old, n) = (a.long(1)? as u64, a.long(2)?.max(0) as u64);
        Ret::long(vm.native_reallocate(old, n)? as i64)
    });
    r.native(U, "freeMemory0", "(J)V", |vm, _, a| {
        vm.native_free(a.long(1)? as u64)?;
        Ret::void()
    });
}

/// The value kind an Unsafe accessor reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
    Ref,
}

impl Kind {
    fn size(self) -> usize {
        match self {
            Kind::Boolean | Kind::Byte => 1,
            Kind::Short | Kind::Char => 2,
            Kind::Int | Kind::Float | Kind::Ref => 4,
            Kind::Long | Kind::Double => 8,
        }
    }
}

/// Where an (object, offset) pair points.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Location {
    /// instance field slot
    Field(ObjRef, usize),
    /// static slot of a class
    Static(ClassId, usize),
    /// byte offset into a primitive array's storage
    Bytes(ObjRef, usize),
    /// element of a reference array
    Element(ObjRef, usize),
    /// off-heap memory
    Raw(u64),
}

fn unsupported(what: String) -> Unwind {
    Unwind::Fatal(VmError::Unsupported(what))
}

/// Decodes an Unsafe address.
pub(crate) fn locate(vm: &Vm, o: Option<ObjRef>, offset: i64, size: usize) -> Result<Location, Unwind> {
    // off-heap memory is checked when it is accessed (`native_memory`)
    let Some(o) = o else { return Ok(Location::Raw(offset as u64)) };
    if offset >= STATIC_BASE {
        if let Some(c) = vm.class_of_mirror(o) {
            let slot = ((offset - STATIC_BASE) / 8) as usize;
            if slot < vm.class_states[c.index()].statics.len() {
                return Ok(Location::Static(c, slot));
            }
        }
        return Err(Unwind::Fatal(VmError::Internal(format!("bad Unsafe static offset {offset}"))));
    }
    match vm.heap.array(o) {
        Some(arr) => {
            let rel = offset - ARRAY_BASE;
            if rel < 0 {
                return Err(Unwind::Fatal(VmError::Internal(format!("bad Unsafe array offset {offset}"))));
            }
            let rel = rel as usize;
            match arr {
                Array::Ref(r) => {
                    let i = rel / 4;
                    if rel % 4 != 0 || i >= r.len() {
                        return Err(Unwind::Fatal(VmError::Internal(format!("Unsafe offset {offset} outside a reference array"))));
                    }
                    Ok(Location::Element(o, i))
                }
                _ => {
                    if rel + size > arr.byte_size() {
                        return Err(Unwind::Fatal(VmError::Internal(format!("Unsafe offset {offset} outside an array"))));
                    }
                    Ok(Location::Bytes(o, rel))
                }
            }
        }
        None => {
            let rel = offset - FIELD_BASE;
            let slot = (rel / 8) as usize;
            if rel < 0 || rel % 8 != 0 || vm.heap.field(o, slot).is_none() {
                return Err(Unwind::Fatal(VmError::Internal(format!("bad Unsafe field offset {offset}"))));
            }
            Ok(Location::Field(o, slot))
        }
    }
}

fn read_bytes(arr: &Array, at: usize, n: usize) -> u64 {
    let mut v: u64 = 0;
    for k in 0..n {
        let byte_index = at + k;
        let b = match arr {
            Array::Boolean(x) | Array::Byte(x) => x[byte_index] as u8,
            Array::Char(x) => (x[byte_index / 2] >> (8 * (byte_index % 2))) as u8,
            Array::Short(x) => ((x[byte_index / 2] as u16) >> (8 * (byte_index % 2))) as u8,
            Array::Int(x) => ((x[byte_index / 4] as u32) >> (8 * (byte_index % 4))) as u8,
            Array::Float(x) => (x[byte_index / 4].to_bits() >> (8 * (byte_index % 4))) as u8,
            Array::Long(x) => ((x[byte_index / 8] as u64) >> (8 * (byte_index % 8))) as u8,
            Array::Double(x) => (x[byte_index / 8].to_bits() >> (8 * (byte_index % 8))) as u8,
            Array::Ref(_) => 0,
        };
        v |= (b as u64) << (8 * k);
    }
    v
}

fn write_bytes(arr: &mut Array, at: usize, n: usize, v: u64) {
    for k in 0..n {
        let byte_index = at + k;
        let b = (v >> (8 * k)) as u8;
        macro_rules! patch {
            ($x:expr, $w:expr, $get:expr, $set:expr) => {{
                let i = byte_index / $w;
                let sh = 8 * (byte_index % $w);
                let old: u64 = $get($x[i]);
                let new = (old & !(0xFFu64 << sh)) | ((b as u64) << sh);
                $x[i] = $set(new);
            }};
        }
        match arr {
            Array::Boolean(x) | Array::Byte(x) => x[byte_index] = b as i8,
            Array::Char(x) => patch!(x, 2, |e: u16| e as u64, |n: u64| n as u16),
            Array::Short(x) => patch!(x, 2, |e: i16| e as u16 as u64, |n: u64| n as u16 as i16),
            Array::Int(x) => patch!(x, 4, |e: i32| e as u32 as u64, |n: u64| n as u32 as i32),
            Array::Float(x) => patch!(x, 4, |e: f32| e.to_bits() as u64, |n: u64| f32::from_bits(n as u32)),
            Array::Long(x) => patch!(x, 8, |e: i64| e as u64, |n: u64| n as i64),
            Array::Double(x) => patch!(x, 8, |e: f64| e.to_bits(), f64::from_bits),
            Array::Ref(_) => {}
        }
    }
}

fn bits_to_value(kind: Kind, bits: u64) -> Value {
    match kind {
        Kind::Boolean => Value::Int((bits as u8 != 0) as i32),
        Kind::Byte => Value::Int(bits as u8 as i8 as i32),
        Kind::Short => Value::Int(bits as u16 as i16 as i32),
        Kind::Char => Value::Int(bits as u16 as i32),
        Kind::Int => Value::Int(bits as u32 as i32),
        Kind::Long => Value::Long(bits as i64),
        Kind::Float => Value::Float(f32::from_bits(bits as u32)),
        Kind::Double => Value::Double(f64::from_bits(bits)),
        Kind::Ref => Value::NULL,
    }
}

fn value_to_bits(v: Value) -> u64 {
    match v {
        Value::Int(i) => i as u32 as u64,
        Value::Long(l) => l as u64,
        Value::Float(f) => f.to_bits() as u64,
        Value::Double(d) => d.to_bits(),
        _ => 0,
    }
}

fn read_raw(vm: &mut Vm, addr: u64, n: usize) -> Result<u64, Unwind> {
    let mut b = [0u8; 8];
    vm.native_read(addr, &mut b[..n])?;
    Ok(u64::from_le_bytes(b))
}

/// Reads the value at a location as `kind`.
pub(crate) fn load(vm: &mut Vm, loc: Location, kind: Kind) -> Result<Value, Unwind> {
    Ok(match loc {
        Location::Raw(addr) => bits_to_value(kind, read_raw(vm, addr, kind.size())?),
        Location::Field(o, s) => vm.heap.field(o, s).unwrap_or(Value::Top),
        Location::Static(c, s) => vm.class_states[c.index()].statics[s],
        Location::Element(o, i) => match vm.heap.array(o) {
            Some(Array::Ref(r)) => Value::Ref(r[i]),
            _ => Value::Top,
        },
        Location::Bytes(o, at) => match vm.heap.array(o) {
            Some(arr) => bits_to_value(kind, read_bytes(arr, at, kind.size())),
            None => Value::Top,
        },
    })
}

/// Writes `v` at a location as `kind`.
pub(crate) fn store(vm: &mut Vm, loc: Location, kind: Kind, v: Value) -> Result<(), Unwind> {
    let v = match (kind, v) {
        (Kind::Boolean, Value::Int(i)) => Value::Int((i != 0) as i32),
        (Kind::Byte, Value::Int(i)) => Value::Int(i as i8 as i32),
        (Kind::Short, Value::Int(i)) => Value::Int(i as i16 as i32),
        (Kind::Char, Value::Int(i)) => Value::Int(i as u16 as i32),
        _ => v,
    };
    match loc {
        Location::Raw(addr) => return vm.native_write(addr, &value_to_bits(v).to_le_bytes()[..kind.size()]),
        Location::Field(o, s) => {
            vm.heap.set_field(o, s, v);
        }
        Location::Static(c, s) => vm.set_static_slot(c, s, v),
        Location::Element(o, i) => {
            if let (Some(Array::Ref(r)), Value::Ref(x)) = (vm.heap.array_mut(o), v) {
                r[i] = x;
                if let Some(x) = x {
                    vm.heap.note_ref_store(o, x);
                }
            }
        }
        Location::Bytes(o, at) => {
            if let Some(arr) = vm.heap.array_mut(o) {
                write_bytes(arr, at, kind.size(), value_to_bits(v));
            }
        }
    }
    Ok(())
}

fn get(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>, kind: Kind) -> NativeResult {
    let loc = locate(vm, a.obj(1)?, a.long(2)?, kind.size())?;
    Ok(Ret::Val(load(vm, loc, kind)?))
}

fn put(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>, kind: Kind) -> NativeResult {
    let loc = locate(vm, a.obj(1)?, a.long(2)?, kind.size())?;
    store(vm, loc, kind, a.value(3)?)?;
    Ret::void()
}

fn cas(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>, kind: Kind, exchange: bool) -> NativeResult {
    let loc = locate(vm, a.obj(1)?, a.long(2)?, kind.size())?;
    let (expected, new) = (a.value(3)?, a.value(4)?);
    let current = load(vm, loc, kind)?;
    let ok = Value::same_bits(current, expected);
    if ok {
        store(vm, loc, kind, new)?;
    }
    if exchange {
        Ok(Ret::Val(current))
    } else {
        Ret::bool(ok)
    }
}

fn object_field_offset1(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
    let Some(n) = a.obj(2)? else { return Err(vm.null_pointer(ts)) };
    let name = vm.string_to_rust(n)?;
    let mut cur = Some(c);
    while let Some(k) = cur {
        if let Some(f) = vm.class(k).fields.iter().find(|f| *f.name == *name && !f.is_static()) {
            return Ret::long(FIELD_BASE + 8 * f.slot as i64);
        }
        cur = vm.class(k).super_class;
    }
    Err(vm.throw_new(ts, "java/lang/InternalError", Some(&name)))
}

fn field_offset(vm: &mut Vm, field: Option<ObjRef>, want_static: bool) -> NativeResult {
    let (c, index) = super::super::java_lang_reflect::field_of(vm, field)?;
    let f = &vm.class(c).fields[index];
    if f.is_static() != want_static {
        return Err(Unwind::Fatal(VmError::Internal("Unsafe field offset of the wrong kind of field".into())));
    }
    let base = if want_static { STATIC_BASE } else { FIELD_BASE };
    Ret::long(base + 8 * f.slot as i64)
}

fn copy_memory(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (src, so, dst, doff, n) = (a.obj(1)?, a.long(2)?, a.obj(3)?, a.long(4)?, a.long(5)?);
    copy_bytes(vm, src, so, dst, doff, n, 1)?;
    Ret::void()
}

fn bad_memory_base() -> Unwind {
    unsupported("Unsafe memory operation outside primitive arrays and native memory".into())
}

/// Reads `n` bytes at `(o, off)`: a primitive array's storage or off-heap memory.
fn read_range(vm: &mut Vm, o: Option<ObjRef>, off: i64, n: usize) -> Result<Vec<u8>, Unwind> {
    let mut out = vec![0u8; n];
    match o {
        None => vm.native_read(off as u64, &mut out)?,
        Some(_) => {
            let Location::Bytes(a, at) = locate(vm, o, off, n)? else { return Err(bad_memory_base()) };
            let Some(arr) = vm.heap.array(a) else { return Err(bad_memory_base()) };
            for (k, b) in out.iter_mut().enumerate() {
                *b = read_bytes(arr, at + k, 1) as u8;
            }
        }
    }
    Ok(out)
}

/// Writes `bytes` at `(o, off)`: a primitive array's storage or off-heap memory.
fn write_range(vm: &mut Vm, o: Option<ObjRef>, off: i64, bytes: &[u8]) -> Result<(), Unwind> {
    match o {
        None => vm.native_write(off as u64, bytes),
        Some(_) => {
            let Location::Bytes(a, at) = locate(vm, o, off, bytes.len())? else { return Err(bad_memory_base()) };
            let Some(arr) = vm.heap.array_mut(a) else { return Err(bad_memory_base()) };
            for (k, &b) in bytes.iter().enumerate() {
                write_bytes(arr, at + k, 1, b as u64);
            }
            Ok(())
        }
    }
}

/// Copies `n` bytes, reversing the byte order of each `elem`-byte unit (`elem` 1: a
/// plain copy). Reads everything first, so overlapping ranges behave as `memmove`.
fn copy_bytes(vm: &mut Vm, src: Option<ObjRef>, so: i64, dst: Option<ObjRef>, doff: i64, n: i64, elem: usize) -> Result<(), Unwind> {
    if n <= 0 {
        return Ok(());
    }
    let mut bytes = read_range(vm, src, so, n as usize)?;
    if elem > 1 {
        for unit in bytes.chunks_mut(elem) {
            unit.reverse();
        }
    }
    write_range(vm, dst, doff, &bytes)
}

fn set_memory(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (o, off, n, b) = (a.obj(1)?, a.long(2)?, a.long(3)?, a.int(4)? as u8);
    if n <= 0 {
        return Ret::void();
    }
    match o {
        None => vm.native_fill(off as u64, n as u64, b)?,
        Some(_) => write_range(vm, o, off, &vec![b; n as usize])?,
    }
    Ret::void()
}
