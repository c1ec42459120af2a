//! Reflection: `java.lang.reflect.Array`, the `Field`/`Method`/`Constructor`
//! objects `Class.getDeclared*0` return, and reflective invocation
//! (`NativeMethodAccessorImpl.invoke0`, `NativeConstructorAccessorImpl.newInstance0`).
//!
//! Reflective calls continue in Java through a `Reflective` frame that boxes the
//! result and wraps exceptions in `InvocationTargetException`.

use jvmc_classfile::access;
use jvmc_classfile::descriptor::{BasicType, MethodSig};

use crate::class::{ClassId, ClassKind, MethodId};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

use super::java_lang::class_array;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/Class";
    r.native(c, "getDeclaredFields0", "(Z)[Ljava/lang/reflect/Field;", declared_fields);
    r.native(c, "getDeclaredMethods0", "(Z)[Ljava/lang/reflect/Method;", |vm, ts, a| declared_methods(vm, ts, a, false));
    r.native(c, "getDeclaredConstructors0", "(Z)[Ljava/lang/reflect/Constructor;", |vm, ts, a| declared_methods(vm, ts, a, true));
    r.native(c, "getRecordComponents0", "()[Ljava/lang/reflect/RecordComponent;", record_components);
    let ar = "java/lang/reflect/Array";
    r.native(ar, "newArray", "(Ljava/lang/Class;I)Ljava/lang/Object;", new_array);
    r.native(ar, "multiNewArray", "(Ljava/lang/Class;[I)Ljava/lang/Object;", multi_new_array);
    r.native(ar, "getLength", "(Ljava/lang/Object;)I", |vm, ts, a| {
        let (_, len) = array_arg(vm, ts, a.obj(0)?)?;
        Ret::int(len as i32)
    });
    r.native(ar, "get", "(Ljava/lang/Object;I)Ljava/lang/Object;", array_get);
    r.native(ar, "set", "(Ljava/lang/Object;ILjava/lang/Object;)V", array_set);
    macro_rules! typed {
        ($get:literal, $set:literal, $d:literal, $t:expr) => {
            r.native(ar, $get, concat!("(Ljava/lang/Object;I)", $d), |vm, ts, a| array_get_typed(vm, ts, a, $t));
            r.native(ar, $set, concat!("(Ljava/lang/Object;I", $d, ")V"), |vm, ts, a| array_set_typed(vm, ts, a, $t));
        };
    }
    typed!("getBoolean", "setBoolean", "Z", BasicType::Boolean);
    typed!("getByte", "setByte", "B", BasicType::Byte);
    typed!("getChar", "setChar", "C", BasicType::Char);
    typed!("getShort", "setShort", "S", BasicType::Short);
    typed!("getInt", "setInt", "I", BasicType::Int);
    typed!("getLong", "setLong", "J", BasicType::Long);
    typed!("getFloat", "setFloat", "F", BasicType::Float);
    typed!("getDouble", "setDouble", "D", BasicType::Double);
    r.native("jdk/internal/reflect/NativeMethodAccessorImpl", "invoke0",
        "(Ljava/lang/reflect/Method;Ljava/lang/Object;[Ljava/lang/Object;)Ljava/lang/Object;", invoke0);
    r.native("jdk/internal/reflect/NativeConstructorAccessorImpl", "newInstance0",
        "(Ljava/lang/reflect/Constructor;[Ljava/lang/Object;)Ljava/lang/Object;", new_instance0);
    r.native("java/lang/reflect/Executable", "getParameters0", "()[Ljava/lang/reflect/Parameter;", |_, _, _| Ret::obj(None));
    r.native("java/lang/reflect/Executable", "getTypeAnnotationBytes0", "()[B", |_, _, _| Ret::obj(None));
    r.native("java/lang/reflect/Field", "getTypeAnnotationBytes0", "()[B", |_, _, _| Ret::obj(None));
}

/// The class a `Class` argument stands for.
pub(crate) fn class_arg(vm: &Vm, c: Option<ObjRef>) -> Result<ClassId, Unwind> {
    super::java_lang::mirror_class(vm, c)
}

fn slot_of(vm: &Vm, obj: ObjRef, class: &str, name: &str, desc: &str) -> Result<Value, Unwind> {
    let c = vm.lookup_class(class).ok_or_else(|| VmError::Internal(format!("{class} not loaded")))?;
    let s = vm.instance_slot(c, name, desc)?;
    vm.heap.field(obj, s).ok_or_else(|| Unwind::Fatal(VmError::Internal(format!("{class}.{name} missing"))))
}

/// The declaring class and field index of a `Field` object.
pub(crate) fn field_of(vm: &Vm, f: Option<ObjRef>) -> Result<(ClassId, usize), Unwind> {
    let f = f.ok_or_else(|| VmError::Internal("null Field".into()))?;
    let clazz = slot_of(vm, f, "java/lang/reflect/Field", "clazz", "Ljava/lang/Class;")?;
    let slot = slot_of(vm, f, "java/lang/reflect/Field", "slot", "I")?;
    match (clazz, slot) {
        (Value::Ref(c), Value::Int(s)) => Ok((class_arg(vm, c)?, s as usize)),
        _ => Err(Unwind::Fatal(VmError::Internal("malformed Field object".into()))),
    }
}

/// The method a `Method` or `Constructor` object stands for.
fn method_of(vm: &Vm, m: ObjRef, class: &str) -> Result<MethodId, Unwind> {
    let clazz = slot_of(vm, m, class, "clazz", "Ljava/lang/Class;")?;
    let slot = slot_of(vm, m, class, "slot", "I")?;
    match (clazz, slot) {
        (Value::Ref(c), Value::Int(s)) => {
            let c = class_arg(vm, c)?;
            vm.class(c).methods.get(s as usize).copied().ok_or_else(|| Unwind::Fatal(VmError::Internal("bad method slot".into())))
        }
        _ => Err(Unwind::Fatal(VmError::Internal("malformed Method object".into()))),
    }
}

/// The class of a field descriptor (`I` → `int.class`).
pub(crate) fn type_class(vm: &mut Vm, ts: &mut ThreadStack, desc: &str) -> Result<ClassId, Unwind> {
    match jvmc_classfile::descriptor::class_name_of_descriptor(desc) {
        Some(n) => vm.resolve_class_name(ts, n),
        None => {
            let p = jvmc_classfile::PrimitiveType::from_descriptor_char(desc.as_bytes()[0]);
            Ok(vm.primitive_class(p))
        }
    }
}

fn set(vm: &mut Vm, obj: ObjRef, class: ClassId, name: &str, desc: &str, v: Value) -> Result<(), Unwind> {
    let s = vm.instance_slot(class, name, desc)?;
    vm.heap.set_field(obj, s, v);
    Ok(())
}

fn opt_string(vm: &mut Vm, s: Option<&str>) -> Result<Value, Unwind> {
    Ok(match s {
        Some(s) => Value::obj(vm.intern_str(s)?),
        None => Value::NULL,
    })
}

fn declared_fields(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = class_arg(vm, a.obj(0)?)?;
    let public_only = a.bool(1)?;
    let fc = vm.load_required("java/lang/reflect/Field")?;
    vm.initialize_now(ts, fc)?;
    let fields = vm.class(c).fields.clone();
    let mirror = vm.mirror_of(c)?;
    let is_record = vm.class(c).def.as_ref().is_some_and(|d| d.record.is_some());
    let mut out = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        if public_only && f.access & access::PUBLIC == 0 {
            continue;
        }
        let obj = vm.alloc_object(fc);
        let ty = type_class(vm, ts, &f.descriptor)?;
        let ty_m = vm.mirror_of(ty)?;
        let name = vm.intern_str(&f.name)?;
        let sig = opt_string(vm, f.signature.as_deref())?;
        let is_final = f.access & access::FINAL != 0;
        let trusted = is_final && (f.is_static() || is_record);
        set(vm, obj, fc, "clazz", "Ljava/lang/Class;", Value::obj(mirror))?;
        set(vm, obj, fc, "slot", "I", Value::Int(i as i32))?;
        set(vm, obj, fc, "name", "Ljava/lang/String;", Value::obj(name))?;
        set(vm, obj, fc, "type", "Ljava/lang/Class;", Value::obj(ty_m))?;
        set(vm, obj, fc, "modifiers", "I", Value::Int((f.access & 0x50df) as i32))?;
        set(vm, obj, fc, "trustedFinal", "Z", Value::Int(trusted as i32))?;
        set(vm, obj, fc, "signature", "Ljava/lang/String;", sig)?;
        out.push(Some(obj));
    }
    let ac = vm.array_class_of(fc)?;
    Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(out.into()))))
}

fn declared_methods(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, constructors: bool) -> NativeResult {
    let c = class_arg(vm, a.obj(0)?)?;
    let public_only = a.bool(1)?;
    let rc_name = if constructors { "java/lang/reflect/Constructor" } else { "java/lang/reflect/Method" };
    let rc = vm.load_required(rc_name)?;
    vm.initialize_now(ts, rc)?;
    let mirror = vm.mirror_of(c)?;
    let methods = vm.class(c).methods.clone();
    let mut out = Vec::new();
    for m in methods {
        let method = vm.method(m);
        let is_ctor = method.is_init();
        if is_ctor != constructors || &*method.name == "<clinit>" || (public_only && method.access & access::PUBLIC == 0) {
            continue;
        }
        let (name, desc, acc, index) = (method.name.clone(), method.descriptor.clone(), method.access, method.index);
        let (exceptions, signature) = (method.exceptions.clone(), method.signature.clone());
        let sig = MethodSig::parse(&desc).ok_or_else(|| VmError::Internal("bad descriptor".into()))?;
        let mut params = Vec::new();
        for p in &sig.params {
            params.push(type_class(vm, ts, &p.1)?);
        }
        let params = class_array(vm, &params)?;
        let mut exs = Vec::new();
        for e in exceptions.iter() {
            exs.push(vm.resolve_class_name(ts, e)?);
        }
        let exs = class_array(vm, &exs)?;
        let obj = vm.alloc_object(rc);
        set(vm, obj, rc, "clazz", "Ljava/lang/Class;", Value::obj(mirror))?;
        set(vm, obj, rc, "slot", "I", Value::Int(index as i32))?;
        set(vm, obj, rc, "parameterTypes", "[Ljava/lang/Class;", Value::obj(params))?;
        set(vm, obj, rc, "exceptionTypes", "[Ljava/lang/Class;", Value::obj(exs))?;
        set(vm, obj, rc, "modifiers", "I", Value::Int((acc & 0x1dff) as i32))?;
        let sig_s = opt_string(vm, signature.as_deref())?;
        set(vm, obj, rc, "signature", "Ljava/lang/String;", sig_s)?;
        if !constructors {
            let name_s = vm.intern_str(&name)?;
            set(vm, obj, rc, "name", "Ljava/lang/String;", Value::obj(name_s))?;
            let ret = match &sig.ret {
                Some(r) => type_class(vm, ts, &r.1)?,
                None => vm.primitive_class(None),
            };
            let ret_m = vm.mirror_of(ret)?;
            set(vm, obj, rc, "returnType", "Ljava/lang/Class;", Value::obj(ret_m))?;
        }
        out.push(Some(obj));
    }
    let ac = vm.array_class_of(rc)?;
    Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(out.into()))))
}

fn record_components(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = class_arg(vm, a.obj(0)?)?;
    let Some(comps) = vm.class(c).def.as_ref().and_then(|d| d.record.clone()) else { return Ret::obj(None) };
    let rc = vm.load_required("java/lang/reflect/RecordComponent")?;
    vm.initialize_now(ts, rc)?;
    let mirror = vm.mirror_of(c)?;
    let mut out = Vec::new();
    for comp in comps {
        let obj = vm.alloc_object(rc);
        let ty = type_class(vm, ts, &comp.descriptor)?;
        let ty_m = vm.mirror_of(ty)?;
        let name = vm.intern_str(&comp.name)?;
        let sig = opt_string(vm, comp.signature.as_deref())?;
        let accessor = vm.declared_method(c, &comp.name, &format!("(){}", comp.descriptor));
        set(vm, obj, rc, "clazz", "Ljava/lang/Class;", Value::obj(mirror))?;
        set(vm, obj, rc, "name", "Ljava/lang/String;", Value::obj(name))?;
        set(vm, obj, rc, "type", "Ljava/lang/Class;", Value::obj(ty_m))?;
        set(vm, obj, rc, "signature", "Ljava/lang/String;", sig)?;
        if let Some(m) = accessor {
            // the accessor Method object, found among the declared methods
            let _ = m;
        }
        out.push(Some(obj));
    }
    let ac = vm.array_class_of(rc)?;
    Ret::obj(Some(vm.heap.alloc_array(ac, Array::Ref(out.into()))))
}

fn array_arg(vm: &mut Vm, ts: &mut ThreadStack, a: Option<ObjRef>) -> Result<(ObjRef, usize), Unwind> {
    let Some(a) = a else { return Err(vm.null_pointer(ts)) };
    match vm.heap.array(a) {
        Some(arr) => Ok((a, arr.len())),
        None => Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("Argument is not an array"))),
    }
}

fn new_array(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(cm) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let c = class_arg(vm, Some(cm))?;
    let n = a.int(1)?;
    if n < 0 {
        return Err(vm.throw_new(ts, "java/lang/NegativeArraySizeException", Some(&n.to_string())));
    }
    match vm.class(c).kind {
        ClassKind::Primitive(None) => Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", None)),
        ClassKind::Primitive(Some(p)) => Ret::obj(Some(vm.new_primitive_array(ts, p, n)?)),
        _ => {
            let ac = vm.array_class_of(c)?;
            Ret::obj(Some(vm.heap.alloc_array(ac, Array::new_refs(n as usize))))
        }
    }
}

fn multi_new_array(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = class_arg(vm, a.obj(0)?)?;
    let Some(dims) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let counts: Vec<i32> = match vm.heap.array(dims) {
        Some(Array::Int(d)) => d.to_vec(),
        _ => return Err(Unwind::Fatal(VmError::Internal("dimensions must be an int[]".into()))),
    };
    if let Some(n) = counts.iter().find(|&&n| n < 0) {
        return Err(vm.throw_new(ts, "java/lang/NegativeArraySizeException", Some(&n.to_string())));
    }
    let mut ac = c;
    for _ in 0..counts.len() {
        ac = vm.array_class_of(ac)?;
    }
    Ret::obj(Some(build(vm, ac, &counts)?))
}

fn build(vm: &mut Vm, class: ClassId, counts: &[i32]) -> Result<ObjRef, Unwind> {
    let ClassKind::Array { component, elem } = vm.class(class).kind else {
        return Err(Unwind::Fatal(VmError::Internal("not an array class".into())));
    };
    let n = counts[0] as usize;
    if let Some(p) = elem {
        return Ok(vm.heap.alloc_array(class, Array::new_primitive(p, n)));
    }
    let arr = vm.heap.alloc_array(class, Array::new_refs(n));
    if counts.len() > 1 {
        for i in 0..n {
            let sub = build(vm, component, &counts[1..])?;
            if let Some(Array::Ref(r)) = vm.heap.array_mut(arr) {
                r[i] = Some(sub);
            }
        }
    }
    Ok(arr)
}

fn array_get(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (arr, len) = array_arg(vm, ts, a.obj(0)?)?;
    let i = a.int(1)?;
    if i < 0 || i as usize >= len {
        return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&format!("Index {i} out of bounds for length {len}"))));
    }
    let v = vm.heap.array(arr).and_then(|x| x.get(i as usize)).unwrap_or(Value::NULL);
    let t = match vm.heap.array(arr) {
        Some(Array::Boolean(_)) => BasicType::Boolean,
        Some(Array::Byte(_)) => BasicType::Byte,
        Some(Array::Char(_)) => BasicType::Char,
        Some(Array::Short(_)) => BasicType::Short,
        Some(Array::Int(_)) => BasicType::Int,
        Some(Array::Long(_)) => BasicType::Long,
        Some(Array::Float(_)) => BasicType::Float,
        Some(Array::Double(_)) => BasicType::Double,
        _ => return Ok(Ret::Val(v)),
    };
    Ret::obj(Some(vm.box_value(ts, t, v)?))
}

fn array_set(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (arr, len) = array_arg(vm, ts, a.obj(0)?)?;
    let i = a.int(1)?;
    let v = a.obj(2)?;
    let is_refs = matches!(vm.heap.array(arr), Some(Array::Ref(_)));
    if is_refs {
        if i < 0 || i as usize >= len {
            return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&format!("Index {i} out of bounds for length {len}"))));
        }
        if let Some(v) = v {
            let ClassKind::Array { component, .. } = vm.class(vm.heap.class_of(arr)).kind else { return Ret::void() };
            if !vm.is_assignable(vm.heap.class_of(v), component) {
                return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("array element type mismatch")));
            }
        }
        if let Some(Array::Ref(r)) = vm.heap.array_mut(arr) {
            r[i as usize] = v;
        }
        if let Some(v) = v {
            vm.heap.note_ref_store(arr, v);
        }
        return Ret::void();
    }
    let Some(v) = v else { return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", None)) };
    let Some((_, pv)) = vm.unbox(v) else {
        return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("argument type mismatch")));
    };
    if i < 0 || i as usize >= len {
        return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&format!("Index {i} out of bounds for length {len}"))));
    }
    let target = match vm.heap.array(arr) {
        Some(Array::Long(_)) => BasicType::Long,
        Some(Array::Float(_)) => BasicType::Float,
        Some(Array::Double(_)) => BasicType::Double,
        Some(Array::Boolean(_)) => BasicType::Boolean,
        Some(Array::Byte(_)) => BasicType::Byte,
        Some(Array::Char(_)) => BasicType::Char,
        Some(Array::Short(_)) => BasicType::Short,
        _ => BasicType::Int,
    };
    let src_t = vm.unbox(v).map(|x| x.0).unwrap_or(BasicType::Int);
    let Some(w) = widen(src_t, pv, target) else {
        return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("argument type mismatch")));
    };
    if let Some(arr) = vm.heap.array_mut(arr) {
        arr.set(i as usize, w);
    }
    Ret::void()
}

/// The element type of a primitive array (`None` for reference arrays).
fn element_type(arr: &Array) -> Option<BasicType> {
    Some(match arr {
        Array::Boolean(_) => BasicType::Boolean,
        Array::Byte(_) => BasicType::Byte,
        Array::Char(_) => BasicType::Char,
        Array::Short(_) => BasicType::Short,
        Array::Int(_) => BasicType::Int,
        Array::Long(_) => BasicType::Long,
        Array::Float(_) => BasicType::Float,
        Array::Double(_) => BasicType::Double,
        Array::Ref(_) => return None,
    })
}

fn mismatch(vm: &mut Vm, ts: &mut ThreadStack) -> Unwind {
    vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("argument type mismatch"))
}

/// `Array.getInt(array, i)` and friends: the element widened to the requested type.
fn array_get_typed(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, want: BasicType) -> NativeResult {
    let (arr, len) = array_arg(vm, ts, a.obj(0)?)?;
    let Some(elem) = vm.heap.array(arr).and_then(element_type) else { return Err(mismatch(vm, ts)) };
    let i = a.int(1)?;
    if i < 0 || i as usize >= len {
        return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&format!("Index {i} out of bounds for length {len}"))));
    }
    let v = vm.heap.array(arr).and_then(|x| x.get(i as usize)).unwrap_or(Value::Int(0));
    match widen(elem, v, want) {
        Some(w) => Ok(Ret::Val(w)),
        None => Err(mismatch(vm, ts)),
    }
}

/// `Array.setInt(array, i, v)` and friends: the value widened to the element type.
fn array_set_typed(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, have: BasicType) -> NativeResult {
    let (arr, len) = array_arg(vm, ts, a.obj(0)?)?;
    let Some(elem) = vm.heap.array(arr).and_then(element_type) else { return Err(mismatch(vm, ts)) };
    let i = a.int(1)?;
    let Some(w) = widen(have, a.value(2)?, elem) else { return Err(mismatch(vm, ts)) };
    if i < 0 || i as usize >= len {
        return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", Some(&format!("Index {i} out of bounds for length {len}"))));
    }
    if let Some(x) = vm.heap.array_mut(arr) {
        x.set(i as usize, w);
    }
    Ret::void()
}

/// Method-invocation conversion of an unboxed primitive (JLS §5.3 widening only).
pub(crate) fn widen(from: BasicType, v: Value, to: BasicType) -> Option<Value> {
    use BasicType as B;
    if from == to {
        return Some(v);
    }
    let i = v.as_int();
    Some(match (from, to) {
        (B::Byte | B::Short | B::Char | B::Int, B::Long) => Value::Long(i? as i64),
        (B::Byte | B::Short | B::Char | B::Int, B::Float) => Value::Float(i? as f32),
        (B::Byte | B::Short | B::Char | B::Int, B::Double) => Value::Double(i? as f64),
        (B::Byte, B::Short | B::Int) | (B::Short | B::Char, B::Int) => v,
        (B::Long, B::Float) => Value::Float(v.as_long()? as f32),
        (B::Long, B::Double) => Value::Double(v.as_long()? as f64),
        (B::Float, B::Double) => Value::Double(v.as_float()? as f64),
        _ => return None,
    })
}

/// Converts reflective arguments (`Object[]`) to argument slots for `m`.
fn unpack_args(vm: &mut Vm, ts: &mut ThreadStack, m: MethodId, args: Option<ObjRef>) -> Result<Vec<Value>, Unwind> {
    let params = vm.method(m).params.clone();
    let items: Vec<Option<ObjRef>> = match args {
        None => Vec::new(),
        Some(a) => match vm.heap.array(a) {
            Some(Array::Ref(r)) => r.to_vec(),
            _ => return Err(Unwind::Fatal(VmError::Internal("arguments must be an Object[]".into()))),
        },
    };
    if items.len() != params.len() {
        return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some(&format!(
            "wrong number of arguments: {} expected: {}", items.len(), params.len()))));
    }
    let sig = MethodSig::parse(&vm.method(m).descriptor.clone()).ok_or_else(|| VmError::Internal("bad descriptor".into()))?;
    let mut out = Vec::new();
    for ((p, item), (_, pdesc)) in params.iter().zip(items).zip(sig.params.iter()) {
        if *p == BasicType::Reference {
            if let Some(o) = item {
                let pc = type_class(vm, ts, pdesc)?;
                if !vm.is_assignable(vm.heap.class_of(o), pc) {
                    return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("argument type mismatch")));
                }
            }
            out.push(Value::Ref(item));
            continue;
        }
        let converted = item.and_then(|o| vm.unbox(o)).and_then(|(t, v)| widen(t, v, *p));
        match converted {
            Some(v) => {
                out.push(v);
                if v.is_wide() {
                    out.push(Value::Top);
                }
            }
            None => return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("argument type mismatch"))),
        }
    }
    Ok(out)
}

fn invoke0(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(mobj) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let m = method_of(vm, mobj, "java/lang/reflect/Method")?;
    let receiver = a.obj(1)?;
    let method = vm.method(m);
    let (class, is_static) = (method.class, method.is_static());
    let mut slots = Vec::new();
    let target = if is_static {
        vm.initialize_now(ts, class)?;
        m
    } else {
        let Some(r) = receiver else { return Err(vm.null_pointer(ts)) };
        let rc = vm.heap.class_of(r);
        if !vm.is_assignable(rc, class) {
            return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some("object is not an instance of declaring class")));
        }
        slots.push(Value::obj(r));
        match vm.select_method(rc, m) {
            Some(t) => t,
            None => return Err(vm.throw_new(ts, "java/lang/AbstractMethodError", None)),
        }
    };
    slots.extend(unpack_args(vm, ts, m, a.obj(2)?)?);
    let box_result = vm.method(m).ret;
    Ok(Ret::Call { method: target, args: slots, kind: Some(FrameKind::Reflective { box_result, result: None }) })
}

fn new_instance0(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(cobj) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let m = method_of(vm, cobj, "java/lang/reflect/Constructor")?;
    let class = vm.method(m).class;
    if vm.class(class).access & (access::ABSTRACT | access::INTERFACE) != 0 {
        let n = vm.class(class).java_name();
        return Err(vm.throw_new(ts, "java/lang/InstantiationException", Some(&n)));
    }
    vm.initialize_now(ts, class)?;
    let obj = vm.alloc_object(class);
    let mut slots = vec![Value::obj(obj)];
    slots.extend(unpack_args(vm, ts, m, a.obj(1)?)?);
    Ok(Ret::Call { method: m, args: slots, kind: Some(FrameKind::Reflective { box_result: None, result: Some(obj) }) })
}
