//! `java.lang.invoke`: `VarHandle`s.
//!
//! jvmc does not run the JDK's method-handle machinery. `Lookup.findVarHandle`,
//! `findStaticVarHandle` and `MethodHandles.arrayElementVarHandle` return an instance
//! of a vm-built subclass of `VarHandle` (`VAR_HANDLE_CLASS`) that records what it
//! accesses; a call of a signature-polymorphic access mode (`get`, `setVolatile`,
//! `compareAndSet`, `getAndAdd`, ...) on it is run by [`Vm::invoke_jvmc_var_handle`]
//! as the JDK's guards would run the JDK's handle — invoke-exact check,
//! `UnsupportedOperationException` for the modes the JDK's class lacks (numeric
//! updates of booleans and references, bitwise ones of floating point, writes through
//! a final field's read-only handle), `asType` conversions (`as_type.rs`) — and the
//! access itself is one `Unsafe`-addressed operation and one scheduling point. The
//! byte-array and byte-buffer views are the JDK's own classes, made by the JDK's
//! factories; their access modes run the JDK's Java implementation (`var_form.rs`).
//! `isAccessModeSupported` is answered for both kinds without the method-handle
//! machinery. All access modes are sequentially consistent. `MethodHandle` invocation is not
//! supported and says so.

mod as_type;
mod var_form;

use jvmc_classfile::{access, ClassDef, FieldDef};

use self::as_type::MethodTypeIds;
use super::jdk_internal::unsafe_access::{self, Kind, Location};
use crate::interpreter::Flow;
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
    r.native(VAR_HANDLE_CLASS, "withInvokeExactBehavior", WITH_BEHAVIOR, |vm, ts, a| with_behavior(vm, ts, a, true));
    r.native(VAR_HANDLE_CLASS, "withInvokeBehavior", WITH_BEHAVIOR, |vm, ts, a| with_behavior(vm, ts, a, false));
    r.replace("java/lang/invoke/VarHandle", "isAccessModeSupported", "(Ljava/lang/invoke/VarHandle$AccessMode;)Z", is_access_mode_supported);
    let l = "java/lang/invoke/MethodHandles$Lookup";
    let desc = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;";
    r.replace(l, "findVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, false));
    r.replace(l, "findStaticVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, true));
    r.replace("java/lang/invoke/MethodHandles", "arrayElementVarHandle", "(Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;", |vm, ts, a| {
        let Some(m) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
        let c = super::java_lang_reflect::class_arg(vm, Some(m))?;
        let ClassKind::Array { component, .. } = vm.class(c).kind else {
            // `"not an array: " + arrayClass` (Class.toString)
            let cls = vm.class(c);
            let n = match cls.kind {
                ClassKind::Primitive(_) => cls.java_name(),
                _ if cls.is_interface() => format!("interface {}", cls.java_name()),
                _ => format!("class {}", cls.java_name()),
            };
            return Err(vm.throw_new(ts, "java/lang/IllegalArgumentException", Some(&format!("not an array: {n}"))));
        };
        let comp = vm.mirror_of(component)?;
        Ret::obj(Some(new_handle(vm, ARRAY_ELEMENT, Some(m), 0, comp, false)?))
    });
}

fn handle_class(vm: &mut Vm) -> Result<ClassId, Unwind> {
    if let Some(c) = vm.lookup_class(VAR_HANDLE_CLASS) {
        return Ok(c);
    }
    let mut def = ClassDef::new(VAR_HANDLE_CLASS, Some("java/lang/invoke/VarHandle"), access::FINAL | access::SYNTHETIC);
    for (name, desc) in HANDLE_FIELDS {
        def.fields.push(FieldDef { name: (*name).into(), descriptor: (*desc).into(), access: access::FINAL, constant: None, signature: None });
    }
    for (name, desc, acc) in [
        ("withInvokeExactBehavior", WITH_BEHAVIOR, access::PUBLIC | access::NATIVE),
        ("withInvokeBehavior", WITH_BEHAVIOR, access::PUBLIC | access::NATIVE),
        ("accessModeTypeUncached", ACCESS_MODE_TYPE, access::NATIVE),
    ] {
        def.methods.push(jvmc_classfile::MethodDef {
            name: name.into(),
            descriptor: desc.into(),
            access: acc,
            code: None,
            exceptions: Vec::new(),
            signature: None,
        });
    }
    match vm.define_class(def, None)? {
        Ok(c) => {
            vm.class_states[c.index()].init = crate::class::InitState::Initialized;
            Ok(c)
        }
        Err(m) => Err(Unwind::Fatal(VmError::Internal(format!("VarHandle support class needs {}", m.0)))),
    }
}

const ACCESS_MODE_TYPE: &str = "(Ljava/lang/invoke/VarHandle$AccessType;)Ljava/lang/invoke/MethodType;";
const WITH_BEHAVIOR: &str = "()Ljava/lang/invoke/VarHandle;";

/// The fields of a jvmc handle (`readOnly`: a final field's handle, which has only
/// the `get` modes, as the JDK's `FieldInstanceReadOnly`/`FieldStaticReadOnly`).
const HANDLE_FIELDS: &[(&str, &str)] =
    &[("kind", "I"), ("base", "Ljava/lang/Object;"), ("offset", "J"), ("varType", "Ljava/lang/Class;"), ("readOnly", "Z")];

/// `VarHandle.isAccessModeSupported(mode)` (the JDK asks the `VarForm` through the
/// method-handle machinery jvmc does not run): whether a call of the mode would run
/// rather than throw `UnsupportedOperationException`.
fn is_access_mode_supported(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (Some(h), Some(m)) = (a.obj(0)?, a.obj(1)?) else { return Err(vm.null_pointer(ts)) };
    let slot = vm.instance_slot(vm.heap.class_of(m), "methodName", "Ljava/lang/String;")?;
    let Some(Value::Ref(Some(name))) = vm.heap.field(m, slot) else { return Err(var_form::internal("AccessMode without a method name")) };
    let name = vm.string_to_rust(name)?;
    if is_jvmc_var_handle(vm, h) {
        let (_, _, _, var_type, read_only) = vm.jvmc_handle(h)?;
        Ret::bool(mode_supported(kind_of(vm, var_type), &name, read_only))
    } else {
        Ret::bool(vm.var_form_supports(h, &name)?)
    }
}

/// `withInvokeExactBehavior()` / `withInvokeBehavior()`: this handle if it already
/// behaves so, else a copy with VarHandle's `exact` flag set to `exact`.
fn with_behavior(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, exact: bool) -> NativeResult {
    let Some(h) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let c = vm.heap.class_of(h);
    let exact_slot = vm.instance_slot(c, "exact", "Z")?;
    if vm.heap.field(h, exact_slot) == Some(Value::Int(exact as i32)) {
        return Ret::obj(Some(h));
    }
    let copy = vm.alloc_object(c);
    for (name, desc) in HANDLE_FIELDS {
        let s = vm.instance_slot(c, name, desc)?;
        let v = vm.heap.field(h, s).unwrap_or(Value::Top);
        vm.heap.set_field(copy, s, v);
    }
    vm.heap.set_field(copy, exact_slot, Value::Int(exact as i32));
    Ret::obj(Some(copy))
}

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
    let (receiver, intermediate): (Value, Vec<crate::class::ClassId>) = match kind {
        INSTANCE_FIELD => (base, vec![]),
        STATIC_FIELD => (Value::NULL, vec![]),
        _ => (base, vec![int_class]),
    };
    let inter = super::java_lang::class_array(vm, &intermediate)?;
    let atc = vm.heap.class_of(at);
    let Some(m) = vm.resolve_method(atc, "accessModeType", "(Ljava/lang/Class;Ljava/lang/Class;[Ljava/lang/Class;)Ljava/lang/invoke/MethodType;") else {
        return Err(Unwind::Fatal(VmError::Internal("AccessType.accessModeType missing".into())));
    };
    let r = vm.call_java(ts, m, &[Value::obj(at), receiver, var_type, Value::obj(inter)])?;
    Ok(Ret::Val(r.unwrap_or(Value::NULL)))
}

fn new_handle(vm: &mut Vm, kind: i32, base: Option<ObjRef>, offset: i64, var_type: ObjRef, read_only: bool) -> Result<ObjRef, Unwind> {
    let c = handle_class(vm)?;
    let h = vm.alloc_object(c);
    let values = [Value::Int(kind), Value::Ref(base), Value::Long(offset), Value::obj(var_type), Value::Int(read_only as i32)];
    for ((name, desc), v) in HANDLE_FIELDS.iter().zip(values) {
        let s = vm.instance_slot(c, name, desc)?;
        vm.heap.set_field(h, s, v);
    }
    Ok(h)
}

/// `Lookup.findVarHandle(recv, name, type)` / `findStaticVarHandle(decl, name, type)`:
/// the field named `name` of type `type` in the class or a superclass, as
/// `Lookup.resolveOrFail` finds it. A final field's handle is read-only unless the
/// lookup is trusted; a static handle initialises `decl`, as `VarHandles` does.
fn find_field_handle(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>, want_static: bool) -> NativeResult {
    let (Some(recv), Some(name), Some(ty)) = (a.obj(1)?, a.obj(2)?, a.obj(3)?) else { return Err(vm.null_pointer(ts)) };
    let c = super::java_lang_reflect::class_arg(vm, Some(recv))?;
    let tc = super::java_lang_reflect::class_arg(vm, Some(ty))?;
    let name = vm.string_to_rust(name)?;
    let desc = as_type::descriptor(vm, tc);
    // `MemberName.toString()`, with the reference kind of the field found
    let member = |vm: &Vm, is_static: bool| {
        let kind = if is_static { "getStatic" } else { "getField" };
        format!("{}.{name}/{}/{kind}", vm.class(c).java_name(), vm.class(tc).java_name())
    };
    let mut cur = Some(c);
    let found = loop {
        let Some(k) = cur else { break None };
        if let Some(f) = vm.class(k).fields.iter().find(|f| *f.name == *name && *f.descriptor == *desc).cloned() {
            break Some((k, f));
        }
        cur = vm.class(k).super_class;
    };
    let Some((k, f)) = found else {
        let msg = format!("no such field: {}", member(vm, want_static));
        return Err(vm.throw_new(ts, "java/lang/NoSuchFieldException", Some(&msg)));
    };
    if f.is_static() != want_static {
        // (HotSpot adds the lookup class and its module, whose identity hash differs)
        let msg = format!("expected a {}static field: {}", if want_static { "" } else { "non-" }, member(vm, f.is_static()));
        return Err(vm.throw_new(ts, "java/lang/IllegalAccessException", Some(&msg)));
    }
    let trusted = match a.obj(0)? {
        Some(lookup) => {
            let s = vm.instance_slot(vm.heap.class_of(lookup), "allowedModes", "I")?;
            vm.heap.field(lookup, s) == Some(Value::Int(-1))
        }
        None => false,
    };
    let read_only = f.access & access::FINAL != 0 && !trusted;
    let (kind, base, offset) = if want_static {
        vm.initialize_now(ts, c)?;
        (STATIC_FIELD, Some(vm.mirror_of(k)?), unsafe_access::STATIC_BASE + 8 * f.slot as i64)
    } else {
        (INSTANCE_FIELD, Some(recv), unsafe_access::FIELD_BASE + 8 * f.slot as i64)
    };
    Ret::obj(Some(new_handle(vm, kind, base, offset, ty, read_only)?))
}

/// Whether `handle` is one of jvmc's own field, static and array handles (whose
/// access modes [`Vm::var_handle_access`] performs), not an instance of a JDK
/// `VarHandle` class.
pub(crate) fn is_jvmc_var_handle(vm: &Vm, handle: ObjRef) -> bool {
    &*vm.class(vm.heap.class_of(handle)).name == VAR_HANDLE_CLASS
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
        _ => match (first, second) {
            (Some(Value::Ref(Some(arr))), Some(Value::Int(i))) if i >= 0 => {
                let scale = vm.heap.array(arr)?.element_size() as i64;
                unsafe_access::locate(vm, Some(arr), unsafe_access::ARRAY_BASE + i as i64 * scale, scale as usize).ok()
            }
            _ => None,
        },
    }
}

/// Whether the JDK's handle class for a variable of kind `k` has access mode `mode`:
/// numeric updates need a number, bitwise ones an integral or boolean variable, and
/// a read-only handle has only the `get` modes.
fn mode_supported(k: Kind, mode: &str, read_only: bool) -> bool {
    let reads_only = matches!(mode, "get" | "getVolatile" | "getAcquire" | "getOpaque");
    let supported = match k {
        Kind::Ref => !mode.starts_with("getAndAdd") && !mode.starts_with("getAndBitwise"),
        Kind::Boolean => !mode.starts_with("getAndAdd"),
        Kind::Float | Kind::Double => !mode.starts_with("getAndBitwise"),
        _ => true,
    };
    supported && (reads_only || !read_only)
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
    /// What one of jvmc's handles accesses: `(kind, base, offset, variable type,
    /// read-only)`.
    fn jvmc_handle(&self, handle: ObjRef) -> Result<(i32, Option<ObjRef>, i64, ClassId, bool), Unwind> {
        let hc = self.heap.class_of(handle);
        let field = |n: &str, d: &str| -> Result<Value, Unwind> {
            let s = self.instance_slot(hc, n, d)?;
            Ok(self.heap.field(handle, s).unwrap_or(Value::Top))
        };
        let kind = field("kind", "I")?.as_int().unwrap_or(-1);
        let base = field("base", "Ljava/lang/Object;")?.as_ref().flatten();
        let offset = field("offset", "J")?.as_long().unwrap_or(0);
        let var_type = super::java_lang_reflect::class_arg(self, field("varType", "Ljava/lang/Class;")?.as_ref().flatten())?;
        let read_only = field("readOnly", "Z")? == Value::Int(1);
        Ok((kind, base, offset, var_type, read_only))
    }

    /// A call of access mode `mode` on one of jvmc's own handles from a call site
    /// with descriptor `call_desc` (the handle and the argument slots are on the
    /// operand stack from `base`), as the JDK's guards run it: the invoke-exact
    /// check, `UnsupportedOperationException` for a mode the handle lacks, the
    /// `asType` conversions to the access-mode type, the access, and the result
    /// converted to the call site's return type.
    pub(crate) fn invoke_jvmc_var_handle(&mut self, ts: &mut ThreadStack, handle: ObjRef, mode: &str, call_desc: &str, base: usize) -> Result<Flow, Unwind> {
        let at = var_form::access_type(mode).ok_or_else(|| var_form::internal("unknown VarHandle access mode"))?;
        let (kind, base_obj, _, var_type, read_only) = self.jvmc_handle(handle)?;
        let int = self.primitive_class(Some(jvmc_classfile::PrimitiveType::Int));
        let coordinates = match kind {
            INSTANCE_FIELD => vec![super::java_lang_reflect::class_arg(self, base_obj)?],
            STATIC_FIELD => vec![],
            _ => vec![super::java_lang_reflect::class_arg(self, base_obj)?, int],
        };
        let declared = MethodTypeIds::of_access(self, &coordinates, var_type, at);
        let symbolic = self.symbolic_type(ts, call_desc)?;
        if self.is_exact(handle)? && declared != symbolic {
            return Err(self.wrong_exact_type(ts, &declared, &symbolic));
        }
        if !mode_supported(kind_of(self, var_type), mode, read_only) {
            return Err(self.throw_new(ts, "java/lang/UnsupportedOperationException", None));
        }
        let args: Vec<Value> = ts.values[base + 1..].iter().copied().filter(|v| *v != Value::Top).collect();
        let void = self.primitive_class(None);
        let primitive_array = kind == ARRAY_ELEMENT && matches!(self.class(var_type).kind, ClassKind::Primitive(_));
        if let (true, Some(Value::Ref(Some(a)))) = (primitive_array, args.first().copied()) {
            // the guards' direct path (erased types equal, or equal but for a
            // call site's void result) reaches `(int[]) oarray`, a checkcast
            let ac = self.heap.class_of(a);
            let (call, form) = (self.erased(&symbolic), self.erased(&declared));
            let direct = call.params == form.params && (call.ret == form.ret || call.ret == void);
            if direct && !self.is_assignable(ac, declared.params[0]) {
                let msg = self.class_cast_message(ac, declared.params[0]);
                return Err(self.throw_new(ts, "java/lang/ClassCastException", Some(&msg)));
            }
        }
        let args = self.as_type_arguments(ts, &args, &symbolic, &declared)?;
        let result = self.var_handle_access(ts, handle, mode, &args)?;
        let value = match result {
            Some(v) => as_type::convert(self, ts, v, declared.ret, symbolic.ret)?,
            None => as_type::convert(self, ts, Value::Top, void, symbolic.ret)?,
        };
        ts.values.truncate(base);
        if let Some(v) = value {
            ts.values.push(v);
            if v.is_wide() {
                ts.values.push(Value::Top);
            }
        }
        Ok(Flow::Next)
    }

    /// Executes access mode `mode` of jvmc's `VarHandle` `handle` with the remaining
    /// arguments `args` (coordinates, then values), already converted to the
    /// access-mode type. Returns the result, if any.
    fn var_handle_access(&mut self, ts: &mut ThreadStack, handle: ObjRef, mode: &str, args: &[Value]) -> Result<Option<Value>, Unwind> {
        let (kind, base, offset, vt, _) = self.jvmc_handle(handle)?;
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
            // the new value was cast to the handle's component type; an array of a
            // narrower type checks it again (`reflectiveTypeCheck`)
            if mode.starts_with("set") || mode.contains("AndSet") || mode.starts_with("compareAnd") || mode.starts_with("weak") {
                if let ClassKind::Array { component, .. } = self.class(self.heap.class_of(arr)).kind {
                    if !self.is_assignable(self.heap.class_of(v), component) {
                        // plain `set` is an `aastore`, which names the value's class
                        let msg = (mode == "set").then(|| self.class(self.heap.class_of(v)).java_name());
                        return Err(self.throw_new(ts, "java/lang/ArrayStoreException", msg.as_deref()));
                    }
                }
            }
        }
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
                let ok = Value::same_bits(cur, arg(0));
                if ok {
                    unsafe_access::store(self, loc, k, arg(1))?;
                }
                Some(Value::Int(ok as i32))
            }
            "compareAndExchange" | "compareAndExchangeAcquire" | "compareAndExchangeRelease" => {
                if Value::same_bits(cur, arg(0)) {
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

