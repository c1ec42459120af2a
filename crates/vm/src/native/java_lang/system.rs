//! `java.lang.System`: `arraycopy` with HotSpot's exception messages, identity hash,
//! the deterministic clock, standard streams.

use crate::class::ClassKind;
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/System";
    r.native(c, "registerNatives", "()V", crate::native::nop);
    r.native(c, "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V", arraycopy);
    r.native(c, "identityHashCode", "(Ljava/lang/Object;)I", |vm, ts, a| {
        Ret::int(a.obj(0)?.map_or(0, |o| super::object::identity_hash(vm, ts.tid, o)))
    });
    r.native(c, "nanoTime", "()J", |vm, _, _| Ret::long(vm.nano_time()));
    r.native(c, "currentTimeMillis", "()J", |vm, _, _| Ret::long(vm.current_time_millis()));
    r.native(c, "mapLibraryName", "(Ljava/lang/String;)Ljava/lang/String;", |vm, ts, a| {
        let Some(n) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
        let name = vm.string_to_rust(n)?;
        Ret::obj(Some(vm.new_string(&format!("lib{name}.so"))?))
    });
    r.native("java/lang/ProcessEnvironment", "environ", "()[[B", |vm, _, _| {
        // sorted, so the order never depends on the platform's environment block
        let mut vars: Vec<(Vec<u8>, Vec<u8>)> = std::env::vars_os()
            .map(|(k, v)| {
                use std::os::unix::ffi::OsStrExt;
                (k.as_bytes().to_vec(), v.as_bytes().to_vec())
            })
            .collect();
        vars.sort();
        let ba = vm.wk.byte_array;
        let mut items = Vec::new();
        for (k, v) in vars {
            for part in [k, v] {
                let bytes: Box<[i8]> = part.into_iter().map(|b| b as i8).collect();
                items.push(Some(vm.heap.alloc_array(ba, Array::Byte(bytes))));
            }
        }
        let bba = vm.array_class_of(ba)?;
        Ret::obj(Some(vm.heap.alloc_array(bba, Array::Ref(items.into()))))
    });
    r.native(c, "setIn0", "(Ljava/io/InputStream;)V", |vm, _, a| set_stream(vm, "in", "Ljava/io/InputStream;", a));
    r.native(c, "setOut0", "(Ljava/io/PrintStream;)V", |vm, _, a| set_stream(vm, "out", "Ljava/io/PrintStream;", a));
    r.native(c, "setErr0", "(Ljava/io/PrintStream;)V", |vm, _, a| set_stream(vm, "err", "Ljava/io/PrintStream;", a));
}

fn set_stream(vm: &mut Vm, name: &str, desc: &str, a: Args<'_>) -> NativeResult {
    let system = vm.load_required("java/lang/System")?;
    let Some((_, f)) = vm.find_field(system, name, desc) else {
        return Err(Unwind::Fatal(VmError::Internal(format!("System.{name} missing"))));
    };
    let slot = f.slot as usize;
    vm.set_static_slot(system, slot, Value::Ref(a.obj(0)?));
    Ret::void()
}

/// Name of an array's element type as HotSpot's messages print it.
fn elem_name(vm: &Vm, arr: &Array, class: crate::class::ClassId) -> String {
    match arr {
        Array::Boolean(_) => "boolean".into(),
        Array::Byte(_) => "byte".into(),
        Array::Char(_) => "char".into(),
        Array::Short(_) => "short".into(),
        Array::Int(_) => "int".into(),
        Array::Long(_) => "long".into(),
        Array::Float(_) => "float".into(),
        Array::Double(_) => "double".into(),
        Array::Ref(_) => {
            let _ = (vm, class);
            "object array".into()
        }
    }
}

/// `System.arraycopy` (JVM_ArrayCopy semantics and messages).
fn arraycopy(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (src, sp, dst, dp, len) = (a.obj(0)?, a.int(1)?, a.obj(2)?, a.int(3)?, a.int(4)?);
    let (Some(src), Some(dst)) = (src, dst) else { return Err(vm.null_pointer(ts)) };
    let (sc, dc) = (vm.heap.class_of(src), vm.heap.class_of(dst));
    if vm.heap.array(src).is_none() {
        let m = format!("arraycopy: source type {} is not an array", vm.class(sc).java_name());
        return Err(vm.throw_new(ts, "java/lang/ArrayStoreException", Some(&m)));
    }
    if vm.heap.array(dst).is_none() {
        let m = format!("arraycopy: destination type {} is not an array", vm.class(dc).java_name());
        return Err(vm.throw_new(ts, "java/lang/ArrayStoreException", Some(&m)));
    }
    let (sa, da) = (vm.heap.array(src).unwrap_or_else(|| unreachable!()), vm.heap.array(dst).unwrap_or_else(|| unreachable!()));
    let (sname, dname) = (elem_name(vm, sa, sc), elem_name(vm, da, dc));
    let same_kind = std::mem::discriminant(sa) == std::mem::discriminant(da);
    if !same_kind {
        let m = format!("arraycopy: type mismatch: can not copy {sname}[] into {dname}[]");
        return Err(vm.throw_new(ts, "java/lang/ArrayStoreException", Some(&m)));
    }
    let (slen, dlen) = (sa.len(), da.len());
    let oob = |m: String| m;
    let msg = if sp < 0 {
        Some(oob(format!("arraycopy: source index {sp} out of bounds for {sname}[{slen}]")))
    } else if dp < 0 {
        Some(oob(format!("arraycopy: destination index {dp} out of bounds for {dname}[{dlen}]")))
    } else if len < 0 {
        Some(oob(format!("arraycopy: length {len} is negative")))
    } else if (len as u32).wrapping_add(sp as u32) as usize > slen {
        Some(oob(format!("arraycopy: last source index {} out of bounds for {sname}[{slen}]", (len as u32).wrapping_add(sp as u32))))
    } else if (len as u32).wrapping_add(dp as u32) as usize > dlen {
        Some(oob(format!("arraycopy: last destination index {} out of bounds for {dname}[{dlen}]", (len as u32).wrapping_add(dp as u32))))
    } else {
        None
    };
    if let Some(m) = msg {
        return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&m)));
    }
    if len == 0 {
        return Ret::void();
    }
    let (sp, dp, n) = (sp as usize, dp as usize, len as usize);
    if let Array::Ref(_) = sa {
        return copy_refs(vm, ts, src, sp, dst, dp, n);
    }
    if src == dst {
        let arr = vm.heap.array_mut(src).ok_or_else(|| VmError::Internal("array vanished".into()))?;
        macro_rules! within {
            ($($v:ident),*) => {
                match arr {
                    $(Array::$v(x) => x.copy_within(sp..sp + n, dp),)*
                    Array::Ref(_) => {}
                }
            };
        }
        within!(Boolean, Byte, Char, Short, Int, Long, Float, Double);
        return Ret::void();
    }
    let copy = vm.heap.array(src).map(|s| slice_copy(s, sp, n)).ok_or_else(|| VmError::Internal("array vanished".into()))?;
    let arr = vm.heap.array_mut(dst).ok_or_else(|| VmError::Internal("array vanished".into()))?;
    paste(arr, dp, copy);
    Ret::void()
}

fn slice_copy(a: &Array, from: usize, n: usize) -> Array {
    match a {
        Array::Boolean(x) => Array::Boolean(x[from..from + n].into()),
        Array::Byte(x) => Array::Byte(x[from..from + n].into()),
        Array::Char(x) => Array::Char(x[from..from + n].into()),
        Array::Short(x) => Array::Short(x[from..from + n].into()),
        Array::Int(x) => Array::Int(x[from..from + n].into()),
        Array::Long(x) => Array::Long(x[from..from + n].into()),
        Array::Float(x) => Array::Float(x[from..from + n].into()),
        Array::Double(x) => Array::Double(x[from..from + n].into()),
        Array::Ref(x) => Array::Ref(x[from..from + n].into()),
    }
}

fn paste(dst: &mut Array, at: usize, src: Array) {
    match (dst, src) {
        (Array::Boolean(d), Array::Boolean(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Byte(d), Array::Byte(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Char(d), Array::Char(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Short(d), Array::Short(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Int(d), Array::Int(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Long(d), Array::Long(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Float(d), Array::Float(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Double(d), Array::Double(s)) => d[at..at + s.len()].copy_from_slice(&s),
        (Array::Ref(d), Array::Ref(s)) => d[at..at + s.len()].copy_from_slice(&s),
        _ => {}
    }
}

/// Reference arrays: when the destination's element type is not a supertype of the
/// source's, each element is checked and the copy stops at the first that does not
/// fit (JVMS: the elements before it stay copied).
fn copy_refs(vm: &mut Vm, ts: &mut ThreadStack, src: ObjRef, sp: usize, dst: ObjRef, dp: usize, n: usize) -> NativeResult {
    let elem = |vm: &Vm, a: ObjRef| match vm.class(vm.heap.class_of(a)).kind {
        ClassKind::Array { component, .. } => component,
        _ => vm.wk.object,
    };
    let (se, de) = (elem(vm, src), elem(vm, dst));
    let items: Vec<Option<ObjRef>> = match vm.heap.array(src) {
        Some(Array::Ref(r)) => r[sp..sp + n].to_vec(),
        _ => return Err(Unwind::Fatal(VmError::Internal("reference array expected".into()))),
    };
    let check = !vm.is_assignable(se, de);
    let mut bad = None;
    let mut ok = items.len();
    if check {
        for (i, it) in items.iter().enumerate() {
            if let Some(o) = it {
                if !vm.is_assignable(vm.heap.class_of(*o), de) {
                    ok = i;
                    bad = Some(());
                    break;
                }
            }
        }
    }
    if let Some(Array::Ref(d)) = vm.heap.array_mut(dst) {
        // overlapping copies within one array behave as if through a temporary
        d[dp..dp + ok].copy_from_slice(&items[..ok]);
    }
    vm.heap.note_bulk_store(dst);
    if bad.is_some() {
        // HotSpot words it by whether the destination type is a subtype of the source's
        let m = if !vm.is_assignable(de, se) {
            format!("arraycopy: type mismatch: can not copy {}[] into {}[]", vm.class(se).java_name(), vm.class(de).java_name())
        } else {
            format!(
                "arraycopy: element type mismatch: can not cast one of the elements of {}[] to the type of the destination array, {}",
                vm.class(se).java_name(),
                vm.class(de).java_name()
            )
        };
        return Err(vm.throw_new(ts, "java/lang/ArrayStoreException", Some(&m)));
    }
    Ret::void()
}
