//! `java.lang.invoke`: `VarHandle`s.
//!
//! jvmc does not run the JDK's method-handle machinery. `Lookup.findVarHandle`,
//! `findStaticVarHandle` and `MethodHandles.arrayElementVarHandle` return an instance
//! of a vm-built subclass of `VarHandle` (`VAR_HANDLE_CLASS`) that records what it
//! accesses; the signature-polymorphic access modes (`get`, `setVolatile`,
//! `compareAndSet`, `getAndAdd`, ...) are then executed by [`Vm::var_handle_access`]
//! with the `Unsafe` addressing. All access modes are sequentially consistent.
//! `MethodHandle` invocation is not supported and says so.

use jvmc_classfile::{access, ClassDef, FieldDef};

use super::jdk_internal::unsafe_access::{self, Kind, Location};
use crate::class::{ClassId, ClassKind};
use crate::error::VmError;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// The vm's `VarHandle` implementation class.
pub(crate) const VAR_HANDLE_CLASS: &str = "java/lang/invoke/VarHandle$Jvmc";

/// What a jvmc `VarHandle` accesses (its `kind` field).
const INSTANCE_FIELD: i32 = 0;
const STATIC_FIELD: i32 = 1;
const ARRAY_ELEMENT: i32 = 2;
/// a `byte[]` viewed as elements of `varType` (`offset` 1 = big-endian)
const BYTE_ARRAY_VIEW: i32 = 3;

/// What jvmc says when a program reaches the method-handle machinery it does not run.
const METHOD_HANDLES_UNSUPPORTED: &str =
    "java.lang.invoke method handles (jvmc supports VarHandles and the invokedynamic call sites javac emits for string concatenation, lambdas and records)";

fn method_handles_unsupported(_: &mut Vm, _: &mut ThreadStack, _: Args<'_>) -> NativeResult {
    Err(Unwind::Fatal(VmError::Unsupported(METHOD_HANDLES_UNSUPPORTED.into())))
}

pub(super) fn register(r: &mut NativeRegistry) {
    let mhn = "java/lang/invoke/MethodHandleNatives";
    r.native(mhn, "init", "(Ljava/lang/invoke/MemberName;Ljava/lang/Object;)V", method_handles_unsupported);
    r.native(mhn, "resolve", "(Ljava/lang/invoke/MemberName;Ljava/lang/Class;IZ)Ljava/lang/invoke/MemberName;", method_handles_unsupported);
    r.native(mhn, "expand", "(Ljava/lang/invoke/MemberName;)V", method_handles_unsupported);
    let proxy = "java/lang/reflect/Proxy";
    let proxy_unsupported: crate::native::NativeFn = |_, _, _| {
        Err(Unwind::Fatal(VmError::Unsupported("java.lang.reflect.Proxy (dynamic proxies need the module system, which jvmc does not run)".into())))
    };
    r.replace(proxy, "newProxyInstance", "(Ljava/lang/ClassLoader;[Ljava/lang/Class;Ljava/lang/reflect/InvocationHandler;)Ljava/lang/Object;", proxy_unsupported);
    r.replace(proxy, "getProxyClass", "(Ljava/lang/ClassLoader;[Ljava/lang/Class;)Ljava/lang/Class;", proxy_unsupported);
    r.native(VAR_HANDLE_CLASS, "accessModeTypeUncached", ACCESS_MODE_TYPE, access_mode_type);
    let l = "java/lang/invoke/MethodHandles$Lookup";
    let desc = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;";
    r.replace(l, "findVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, false));
    r.replace(l, "findStaticVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, true));
    r.replace(
        "java/lang/invoke/MethodHandles",
        "byteArrayViewVarHandle",
        "(Ljava/lang/Class;Ljava/nio/ByteOrder;)Ljava/lang/invoke/VarHandle;",
        |vm, ts, a| {
            let (Some(m), Some(order)) = (a.obj(0)?, a.obj(1)?) else { return Err(vm.null_pointer(ts)) };
            let c = super::java_lang_reflect::class_arg(vm, Some(m))?;
            let ClassKind::Array { component, elem: Some(p) } = vm.class(c).kind else {
                let n = vm.class(c).java_name();
                return Err(vm.throw_new(ts, "java/lang/UnsupportedOperationException", Some(&format!("not a primitive array class: {n}"))));
            };
            if matches!(p, jvmc_classfile::PrimitiveType::Boolean | jvmc_classfile::PrimitiveType::Byte) {
                return Err(vm.throw_new(ts, "java/lang/UnsupportedOperationException", None));
            }
            // ByteOrder has exactly two instances, named by their `name` field
            let oc = vm.heap.class_of(order);
            let ns = vm.instance_slot(oc, "name", "Ljava/lang/String;")?;
            let big = match vm.heap.field(order, ns) {
                Some(Value::Ref(Some(n))) => vm.string_to_rust(n)? == "BIG_ENDIAN",
                _ => false,
            };
            let comp = vm.mirror_of(component)?;
            Ret::obj(Some(new_handle(vm, BYTE_ARRAY_VIEW, Some(m), big as i64, comp)?))
        },
    );
    r.replace("java/lang/invoke/MethodHandles", "arrayElementVarHandle", "(Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", |vm, ts, a| {
        let Some(m) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
        let c = super::java_lang_reflect::class_arg(vm, Some(m))?;
        let ClassKind::Array { component, .. } = vm.class(c).kind else {
            let n = vm.class(c).java_name();
            return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some(&format!("not an array class: {n}"))));
        };
        let comp = vm.mirror_of(component)?;
        Ret::obj(Some(new_handle(vm, ARRAY_ELEMENT, Some(m), 0, comp)?))
    });
}

fn handle_class(vm: &mut Vm) -> Result<ClassId, Unwind> {
    if let Some(c) = vm.lookup_class(VAR_HANDLE_CLASS) {
        return Ok(c);
    }
    let mut def = ClassDef::new(VAR_HANDLE_CLASS, Some("java/lang/invoke/VarHandle"), access::FINAL | access::SYNTHETIC);
    for (name, desc) in [("kind", "I"), ("base", "Ljava/lang/Object;"), ("offset", "J"), ("varType", "Ljava/lang/Class;")] {
        def.fields.push(FieldDef { name: name.into(), descriptor: desc.into(), access: access::FINAL, constant: None, signature: None });
    }
    // exact-invocation behaviour is not modelled: every jvmc VarHandle adapts
    for name in ["withInvokeExactBehavior", "withInvokeBehavior"] {
        let code = jvmc_classfile::Code {
            max_stack: 1,
            max_locals: 1,
            insns: vec![jvmc_classfile::Insn::Aload(0), jvmc_classfile::Insn::Areturn],
            offsets: vec![0, 1],
            ..jvmc_classfile::Code::default()
        };
        def.methods.push(jvmc_classfile::MethodDef {
            name: name.into(),
            descriptor: "()Ljava/lang/invoke/VarHandle;".into(),
            access: access::PUBLIC,
            code: Some(code),
            exceptions: Vec::new(),
            signature: None,
        });
    }
    def.methods.push(jvmc_classfile::MethodDef {
        name: "accessModeTypeUncached".into(),
        descriptor: ACCESS_MODE_TYPE.into(),
        access: access::NATIVE,
        code: None,
        exceptions: Vec::new(),
        signature: None,
    });
    match vm.define_class(def, None)? {
        Ok(c) => {
            vm.class_states[c.index()].init = crate::class::InitState::Initialized;
            Ok(c)
        }
        Err(m) => Err(Unwind::Fatal(VmError::Internal(format!("VarHandle support class needs {}", m.0)))),
    }
}

const ACCESS_MODE_TYPE: &str = "(Ljava/lang/invoke/VarHandle$AccessType;)Ljava/lang/invoke/MethodType;";

/// `accessModeTypeUncached(AccessType)`: the JDK's own `AccessType.accessModeType`
/// applied to this handle's coordinates (receiver, value type, intermediates).
fn access_mode_type(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (Some(h), Some(at)) = (a.obj(0)?, a.obj(1)?) else { return Err(vm.null_pointer(ts)) };
    let hc = vm.heap.class_of(h);
    let get = |vm: &Vm, n: &str, d: &str| -> Result<Value, Unwind> {
        let s = vm.instance_slot(hc, n, d)?;
        Ok(vm.heap.field(h, s).unwrap_or(Value::Top))
    };
    let kind = get(vm, "kind", "I")?.as_int().unwrap_or(-1);
    let base = get(vm, "base", "Ljava/lang/Object;")?;
    let var_type = get(vm, "varType", "Ljava/lang/Class;")?;
    let int_class = vm.primitive_class(Some(jvmc_classfile::PrimitiveType::Int));
    let int_mirror = vm.mirror_of(int_class)?;
    let byte_array = vm.wk.byte_array;
    let (receiver, intermediate): (Value, Vec<crate::class::ClassId>) = match kind {
        INSTANCE_FIELD => (base, vec![]),
        STATIC_FIELD => (Value::NULL, vec![]),
        ARRAY_ELEMENT => (base, vec![int_class]),
        _ => (Value::obj(vm.mirror_of(byte_array)?), vec![int_class]),
    };
    let _ = int_mirror;
    let inter = super::java_lang::class_array(vm, &intermediate)?;
    let atc = vm.heap.class_of(at);
    let Some(m) = vm.resolve_method(atc, "accessModeType", "(Ljava/lang/Class;Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;") else {
        return Err(Unwind::Fatal(VmError::Internal("AccessType.accessModeType missing".into())));
    };
    let r = vm.call_java(ts, m, &[Value::obj(at), receiver, var_type, Value::obj(inter)])?;
    Ok(Ret::Val(r.unwrap_or(Value::NULL)))
}

fn new_handle(vm: &mut Vm, kind: i32, base: Option<ObjRef>, offset: i64, var_type: ObjRef) -> Result<ObjRef, Unwind> {
    let c = handle_class(vm)?;
    let h = vm.alloc_object(c);
    for (name, desc, v) in [
        ("kind", "I", Value::Int(kind)),
        ("base", "Ljava/lang/Object;", Value::Ref(base)),
        ("offset", "J", Value::Long(offset)),
        ("varType", "Ljava/lang/Class;", Value::obj(var_type)),
    ] {
        let s = vm.instance_slot(c, name, desc)?;
        vm.heap.set_field(h, s, v);
    }
    Ok(h)
}

/// `Lookup.findVarHandle(recv, name, type)` / `findStaticVarHandle(decl, name, type)`.
fn find_field_handle(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, want_static: bool) -> NativeResult {
    let (Some(recv), Some(name), Some(ty)) = (a.obj(1)?, a.obj(2)?, a.obj(3)?) else { return Err(vm.null_pointer(ts)) };
    let c = super::java_lang_reflect::class_arg(vm, Some(recv))?;
    let tc = super::java_lang_reflect::class_arg(vm, Some(ty))?;
    let name = vm.string_to_rust(name)?;
    let mut cur = Some(c);
    while let Some(k) = cur {
        let found = vm.class(k).fields.iter().find(|f| *f.name == *name && f.is_static() == want_static).cloned();
        if let Some(f) = found {
            let field_class = match jvmc_classfile::descriptor::class_name_of_descriptor(&f.descriptor) {
                Some(n) => vm.load_class(n)?.ok(),
                None => vm.load_class(match f.descriptor.as_bytes()[0] {
                    b'I' => "int",
                    b'J' => "long",
                    b'Z' => "boolean",
                    b'B' => "byte",
                    b'S' => "short",
                    b'C' => "char",
                    b'F' => "float",
                    _ => "double",
                })?
                .ok(),
            };
            if field_class != Some(tc) {
                break;
            }
            let (kind, base, offset) = if want_static {
                (STATIC_FIELD, Some(vm.mirror_of(k)?), unsafe_access::STATIC_BASE + 8 * f.slot as i64)
            } else {
                (INSTANCE_FIELD, Some(recv), unsafe_access::FIELD_BASE + 8 * f.slot as i64)
            };
            return Ret::obj(Some(new_handle(vm, kind, base, offset, ty)?));
        }
        cur = vm.class(k).super_class;
    }
    Err(vm.throw_new(ts, "java/lang/NoSuchFieldException", Some(&name)))
}

/// Where an access through the `VarHandle` `handle` with first coordinates `first`
/// and `second` would go, without running it (for the model checker's transition
/// labels); `None` when that is not known without running it.
pub(crate) fn var_handle_target(vm: &Vm, handle: ObjRef, first: Option<Value>, second: Option<Value>) -> Option<Location> {
    let hc = vm.heap.class_of(handle);
    if &*vm.class(hc).name != VAR_HANDLE_CLASS {
        return None;
    }
    let field = |n: &str, d: &str| vm.instance_slot(hc, n, d).ok().and_then(|s| vm.heap.field(handle, s));
    let kind = field("kind", "I")?.as_int()?;
    let base = field("base", "Ljava/lang/Object;")?.as_ref().flatten();
    let offset = field("offset", "J")?.as_long()?;
    match kind {
        INSTANCE_FIELD => match first {
            Some(Value::Ref(Some(o))) => unsafe_access::locate(vm, Some(o), offset, 8).ok(),
            _ => None,
        },
        STATIC_FIELD => unsafe_access::locate(vm, base, offset, 8).ok(),
        BYTE_ARRAY_VIEW => None,
        _ => match (first, second) {
            (Some(Value::Ref(Some(arr))), Some(Value::Int(i))) if i >= 0 => {
                let scale = vm.heap.array(arr)?.element_size() as i64;
                unsafe_access::locate(vm, Some(arr), unsafe_access::ARRAY_BASE + i as i64 * scale, scale as usize).ok()
            }
            _ => None,
        },
    }
}

fn kind_of(vm: &Vm, var_type: ClassId) -> Kind {
    match vm.class(var_type).kind {
        ClassKind::Primitive(Some(p)) => match p {
            jvmc_classfile::PrimitiveType::Boolean => Kind::Boolean,
            jvmc_classfile::PrimitiveType::Byte => Kind::Byte,
            jvmc_classfile::PrimitiveType::Short => Kind::Short,
            jvmc_classfile::PrimitiveType::Char => Kind::Char,
            jvmc_classfile::PrimitiveType::Int => Kind::Int,
            jvmc_classfile::PrimitiveType::Long => Kind::Long,
            jvmc_classfile::PrimitiveType::Float => Kind::Float,
            jvmc_classfile::PrimitiveType::Double => Kind::Double,
        },
        _ => Kind::Ref,
    }
}

impl Vm {
    /// Executes access mode `mode` of the `VarHandle` `handle` with the remaining
    /// arguments `args` (coordinates, then values). Returns the result, if any.
    pub(crate) fn var_handle_access(
        &mut self,
        ts: &mut ThreadStack,
        handle: ObjRef,
        mode: &str,
        args: &[Value],
    ) -> Result<Option<Value>, Unwind> {
        let hc = self.heap.class_of(handle);
        if &*self.class(hc).name != VAR_HANDLE_CLASS {
            return Err(Unwind::Fatal(VmError::Unsupported(format!(
                "VarHandle of class {} (only field and array VarHandles from Lookup are supported)",
                self.class(hc).java_name()
            ))));
        }
        let field = |vm: &Vm, n: &str, d: &str| -> Result<Value, Unwind> {
            let s = vm.instance_slot(hc, n, d)?;
            Ok(vm.heap.field(handle, s).unwrap_or(Value::Top))
        };
        let kind = field(self, "kind", "I")?.as_int().unwrap_or(-1);
        let base = field(self, "base", "Ljava/lang/Object;")?.as_ref().flatten();
        let offset = field(self, "offset", "J")?.as_long().unwrap_or(0);
        let var_type = field(self, "varType", "Ljava/lang/Class;")?.as_ref().flatten();
        let vt = super::java_lang_reflect::class_arg(self, var_type)?;
        let k = kind_of(self, vt);
        let (loc, values) = match kind {
            INSTANCE_FIELD => {
                let Some(Value::Ref(obj)) = args.first().copied() else {
                    return Err(Unwind::Fatal(VmError::Internal("VarHandle call without receiver".into())));
                };
                let Some(obj) = obj else { return Err(self.null_pointer(ts)) };
                (unsafe_access::locate(self, Some(obj), offset, 8)?, &args[1..])
            }
            STATIC_FIELD => {
                let c = super::java_lang_reflect::class_arg(self, base)?;
                self.initialize_now(ts, c)?;
                (unsafe_access::locate(self, base, offset, 8)?, args)
            }
            BYTE_ARRAY_VIEW => return self.byte_view_access(ts, offset == 1, k, mode, args),
            _ => {
                let (Some(Value::Ref(arr)), Some(Value::Int(i))) = (args.first().copied(), args.get(1).copied()) else {
                    return Err(Unwind::Fatal(VmError::Internal("array VarHandle call without array and index".into())));
                };
                let Some(arr) = arr else { return Err(self.null_pointer(ts)) };
                let (len, scale) = match self.heap.array(arr) {
                    Some(a) => (a.len(), a.element_size() as i64),
                    None => return Err(Unwind::Fatal(VmError::Internal("array VarHandle on a non-array".into()))),
                };
                if i < 0 || i as usize >= len {
                    return Err(self.index_out_of_bounds(ts, i, len));
                }
                let loc = unsafe_access::locate(self, Some(arr), unsafe_access::ARRAY_BASE + i as i64 * scale, scale as usize)?;
                (loc, &args[2..])
            }
        };
        if let (Location::Element(arr, _), Some(Value::Ref(Some(v)))) = (loc, values.last().copied()) {
            if mode.starts_with("set") || mode.contains("AndSet") || mode.starts_with("compareAnd") || mode.starts_with("weak") {
                if let ClassKind::Array { component, .. } = self.class(self.heap.class_of(arr)).kind {
                    if !self.is_assignable(self.heap.class_of(v), component) {
                        let n = self.class(self.heap.class_of(v)).java_name();
                        return Err(self.throw_new(ts, "java/lang/ArrayStoreException", Some(&n)));
                    }
                }
            }
        }
        let mut converted = Vec::with_capacity(values.len());
        for &v in values {
            converted.push(self.convert_to_var_type(ts, v, vt, k)?);
        }
        let values = &converted[..];
        let cur = unsafe_access::load(self, loc, k)?;
        let arg = |i: usize| values.get(i).copied().unwrap_or(Value::Top);
        Ok(match mode {
            "get" | "getVolatile" | "getAcquire" | "getOpaque" => Some(cur),
            "set" | "setVolatile" | "setRelease" | "setOpaque" => {
                unsafe_access::store(self, loc, k, arg(0))?;
                None
            }
            "compareAndSet" | "weakCompareAndSet" | "weakCompareAndSetPlain" | "weakCompareAndSetAcquire"
            | "weakCompareAndSetRelease" => {
                let ok = same(cur, arg(0));
                if ok {
                    unsafe_access::store(self, loc, k, arg(1))?;
                }
                Some(Value::Int(ok as i32))
            }
            "compareAndExchange" | "compareAndExchangeAcquire" | "compareAndExchangeRelease" => {
                if same(cur, arg(0)) {
                    unsafe_access::store(self, loc, k, arg(1))?;
                }
                Some(cur)
            }
            "getAndSet" | "getAndSetAcquire" | "getAndSetRelease" => {
                unsafe_access::store(self, loc, k, arg(0))?;
                Some(cur)
            }
            m if m.starts_with("getAndAdd") => {
                let new = match (cur, arg(0)) {
                    (Value::Int(a), Value::Int(b)) => Value::Int(a.wrapping_add(b)),
                    (Value::Long(a), Value::Long(b)) => Value::Long(a.wrapping_add(b)),
                    (Value::Float(a), Value::Float(b)) => Value::Float(a + b),
                    (Value::Double(a), Value::Double(b)) => Value::Double(a + b),
                    _ => return Err(Unwind::Fatal(VmError::Internal(format!("{m} on a non-numeric VarHandle")))),
                };
                unsafe_access::store(self, loc, k, new)?;
                Some(cur)
            }
            m if m.starts_with("getAndBitwise") => {
                let which = &m["getAndBitwise".len()..];
                let op = if which.starts_with("Or") { 0 } else if which.starts_with("And") { 1 } else { 2 };
                let f = |a: i64, b: i64| match op {
                    0 => a | b,
                    1 => a & b,
                    _ => a ^ b,
                };
                let new = match (cur, arg(0)) {
                    (Value::Int(a), Value::Int(b)) => Value::Int(f(a as i64, b as i64) as i32),
                    (Value::Long(a), Value::Long(b)) => Value::Long(f(a, b)),
                    _ => return Err(Unwind::Fatal(VmError::Internal(format!("{m} on a non-integral VarHandle")))),
                };
                unsafe_access::store(self, loc, k, new)?;
                Some(cur)
            }
            other => return Err(Unwind::Fatal(VmError::Unsupported(format!("VarHandle access mode {other}")))),
        })
    }
}

impl Vm {
    /// The `asType` adaptation of a value argument to the variable's type: widening,
    /// unboxing, boxing, reference casts; `WrongMethodTypeException` when no
    /// conversion exists.
    fn convert_to_var_type(&mut self, ts: &mut ThreadStack, v: Value, var_type: ClassId, k: Kind) -> Result<Value, Unwind> {
        use jvmc_classfile::descriptor::BasicType as B;
        let want = match k {
            Kind::Boolean => B::Boolean,
            Kind::Byte => B::Byte,
            Kind::Short => B::Short,
            Kind::Char => B::Char,
            Kind::Int => B::Int,
            Kind::Long => B::Long,
            Kind::Float => B::Float,
            Kind::Double => B::Double,
            Kind::Ref => B::Reference,
        };
        let wrong = |vm: &mut Vm, ts: &mut ThreadStack| {
            let n = vm.class(var_type).java_name();
            vm.throw_new(ts, "java/lang/invoke/WrongMethodTypeException", Some(&format!("cannot convert an argument to {n}")))
        };
        match (v, want) {
            (Value::Ref(None), B::Reference) => Ok(v),
            (Value::Ref(Some(o)), B::Reference) => {
                let oc = self.heap.class_of(o);
                if self.is_assignable(oc, var_type) {
                    Ok(v)
                } else {
                    let (from, to) = (self.class(oc).java_name(), self.class(var_type).java_name());
                    Err(self.throw_new(ts, "java/lang/ClassCastException", Some(&format!("Cannot cast {from} to {to}"))))
                }
            }
            (Value::Ref(None), _) => Err(self.null_pointer(ts)),
            (Value::Ref(Some(o)), prim) => match self.unbox(o) {
                Some((t, pv)) => super::java_lang_reflect::widen(t, pv, prim).ok_or_else(|| wrong(self, ts)),
                None => Err(wrong(self, ts)),
            },
            (prim, B::Reference) => {
                let t = match prim {
                    Value::Long(_) => B::Long,
                    Value::Float(_) => B::Float,
                    Value::Double(_) => B::Double,
                    _ => B::Int,
                };
                let boxed = self.box_value(ts, t, prim)?;
                self.convert_to_var_type(ts, Value::obj(boxed), var_type, k)
            }
            (prim, want) => {
                let have = match prim {
                    Value::Long(_) => B::Long,
                    Value::Float(_) => B::Float,
                    Value::Double(_) => B::Double,
                    _ => want,
                };
                super::java_lang_reflect::widen(have, prim, want).ok_or_else(|| wrong(self, ts))
            }
        }
    }

    /// Access through a byte-array view handle: `(byte[] array, int byteIndex, ...)`.
    fn byte_view_access(&mut self, ts: &mut ThreadStack, big: bool, k: Kind, mode: &str, args: &[Value]) -> Result<Option<Value>, Unwind> {
        let (Some(Value::Ref(arr)), Some(Value::Int(i))) = (args.first().copied(), args.get(1).copied()) else {
            return Err(Unwind::Fatal(VmError::Internal("byte-array view access without array and index".into())));
        };
        let Some(arr) = arr else { return Err(self.null_pointer(ts)) };
        let size = match k {
            Kind::Short | Kind::Char => 2,
            Kind::Int | Kind::Float => 4,
            _ => 8,
        };
        let len = self.heap.array(arr).map_or(0, |a| a.len());
        let limit = len as i64 - (size - 1);
        if (i as i64) < 0 || i as i64 >= limit {
            return Err(self.index_out_of_bounds(ts, i, limit.max(0) as usize));
        }
        let read = |vm: &Vm| -> u64 {
            let Some(crate::heap::Array::Byte(b)) = vm.heap.array(arr) else { return 0 };
            let bytes = &b[i as usize..i as usize + size as usize];
            let mut v = 0u64;
            for (n, &x) in bytes.iter().enumerate() {
                let shift = if big { 8 * (size as usize - 1 - n) } else { 8 * n };
                v |= (x as u8 as u64) << shift;
            }
            v
        };
        let to_value = |bits: u64| match k {
            Kind::Short => Value::Int(bits as u16 as i16 as i32),
            Kind::Char => Value::Int(bits as u16 as i32),
            Kind::Int => Value::Int(bits as u32 as i32),
            Kind::Float => Value::Float(f32::from_bits(bits as u32)),
            Kind::Double => Value::Double(f64::from_bits(bits)),
            _ => Value::Long(bits as i64),
        };
        let to_bits = |v: Value| match v {
            Value::Int(x) => x as u32 as u64,
            Value::Long(x) => x as u64,
            Value::Float(x) => x.to_bits() as u64,
            Value::Double(x) => x.to_bits(),
            _ => 0,
        };
        let write = |vm: &mut Vm, bits: u64| {
            if let Some(crate::heap::Array::Byte(b)) = vm.heap.array_mut(arr) {
                for n in 0..size as usize {
                    let shift = if big { 8 * (size as usize - 1 - n) } else { 8 * n };
                    b[i as usize + n] = (bits >> shift) as u8 as i8;
                }
            }
        };
        let cur = to_value(read(self));
        let arg = |n: usize| args.get(2 + n).copied().unwrap_or(Value::Top);
        Ok(match mode {
            m if m.starts_with("get") && !m.contains("And") => Some(cur),
            m if m.starts_with("set") => {
                write(self, to_bits(arg(0)));
                None
            }
            m if m.starts_with("compareAndSet") || m.starts_with("weakCompareAndSet") => {
                let ok = same(cur, arg(0));
                if ok {
                    write(self, to_bits(arg(1)));
                }
                Some(Value::Int(ok as i32))
            }
            other => return Err(Unwind::Fatal(VmError::Unsupported(format!("byte-array view VarHandle access mode {other}")))),
        })
    }
}

fn same(a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Double(x), Value::Double(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

