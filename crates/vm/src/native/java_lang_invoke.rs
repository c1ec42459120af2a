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

pub(super) fn register(r: &mut NativeRegistry) {
    let l = "java/lang/invoke/MethodHandles$Lookup";
    let desc = "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;";
    r.replace(l, "findVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, false));
    r.replace(l, "findStaticVarHandle", desc, |vm, ts, a| find_field_handle(vm, ts, a, true));
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
    match vm.define_class(def, None)? {
        Ok(c) => {
            vm.class_states[c.index()].init = crate::class::InitState::Initialized;
            Ok(c)
        }
        Err(m) => Err(Unwind::Fatal(VmError::Internal(format!("VarHandle support class needs {}", m.0)))),
    }
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
        let cur = unsafe_access::load(self, loc, k);
        let arg = |i: usize| values.get(i).copied().unwrap_or(Value::Top);
        Ok(match mode {
            "get" | "getVolatile" | "getAcquire" | "getOpaque" => Some(cur),
            "set" | "setVolatile" | "setRelease" | "setOpaque" => {
                unsafe_access::store(self, loc, k, arg(0));
                None
            }
            "compareAndSet" | "weakCompareAndSet" | "weakCompareAndSetPlain" | "weakCompareAndSetAcquire"
            | "weakCompareAndSetRelease" => {
                let ok = same(cur, arg(0));
                if ok {
                    unsafe_access::store(self, loc, k, arg(1));
                }
                Some(Value::Int(ok as i32))
            }
            "compareAndExchange" | "compareAndExchangeAcquire" | "compareAndExchangeRelease" => {
                if same(cur, arg(0)) {
                    unsafe_access::store(self, loc, k, arg(1));
                }
                Some(cur)
            }
            "getAndSet" | "getAndSetAcquire" | "getAndSetRelease" => {
                unsafe_access::store(self, loc, k, arg(0));
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
                unsafe_access::store(self, loc, k, new);
                Some(cur)
            }
            m if m.starts_with("getAndBitwise") => {
                let op = if m.contains("Or") { 0 } else if m.contains("And") { 1 } else { 2 };
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
                unsafe_access::store(self, loc, k, new);
                Some(cur)
            }
            other => return Err(Unwind::Fatal(VmError::Unsupported(format!("VarHandle access mode {other}")))),
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

