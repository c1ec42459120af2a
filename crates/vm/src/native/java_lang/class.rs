//! `java.lang.Class` natives: names, modifiers, hierarchy, `forName`, nest and record
//! attributes. Reflection objects (`getDeclaredFields0` and friends) live in
//! `java_lang_reflect`.

use jvmc_classfile::access;

use crate::class::{ClassId, ClassKind};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret, Unwind};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/lang/Class";
    r.native(c, "registerNatives", "()V", crate::native::nop);
    r.native(c, "getPrimitiveClass", "(Ljava/lang/String;)Ljava/lang/Class;", get_primitive_class);
    r.native(c, "desiredAssertionStatus0", "(Ljava/lang/Class;)Z", desired_assertion_status);
    r.native(c, "isInstance", "(Ljava/lang/Object;)Z", is_instance);
    r.native(c, "isAssignableFrom", "(Ljava/lang/Class;)Z", is_assignable_from);
    r.native(c, "isInterface", "()Z", |vm, _, a| Ret::bool(vm.class(this_class(vm, a)?).is_interface()));
    r.native(c, "isArray", "()Z", |vm, _, a| Ret::bool(vm.class(this_class(vm, a)?).is_array()));
    r.native(c, "isPrimitive", "()Z", |vm, _, a| {
        Ret::bool(matches!(vm.class(this_class(vm, a)?).kind, ClassKind::Primitive(_)))
    });
    r.native(c, "isHidden", "()Z", |_, _, _| Ret::bool(false));
    r.native(c, "getSuperclass", "()Ljava/lang/Class;", get_superclass);
    r.native(c, "getInterfaces0", "()[Ljava/lang/Class;", get_interfaces);
    r.native(c, "getModifiers", "()I", get_modifiers);
    r.native(c, "initClassName", "()Ljava/lang/String;", init_class_name);
    r.native(c, "getDeclaringClass0", "()Ljava/lang/Class;", get_declaring_class);
    r.native(c, "getSimpleBinaryName0", "()Ljava/lang/String;", get_simple_binary_name);
    r.native(c, "getEnclosingMethod0", "()[Ljava/lang/Object;", get_enclosing_method);
    r.native(c, "forName0", "(Ljava/lang/String;ZLjava/lang/ClassLoader;Ljava/lang/Class;)Ljava/lang/Class;", for_name);
    r.native(c, "getGenericSignature0", "()Ljava/lang/String;", get_generic_signature);
    r.native(c, "getRawAnnotations", "()[B", |_, _, _| Ret::obj(None));
    r.native(c, "getRawTypeAnnotations", "()[B", |_, _, _| Ret::obj(None));
    r.native(c, "getConstantPool", "()Ljdk/internal/reflect/ConstantPool;", |_, _, _| Ret::obj(None));
    r.native(c, "getProtectionDomain0", "()Ljava/security/ProtectionDomain;", |_, _, _| Ret::obj(None));
    r.native(c, "getNestHost0", "()Ljava/lang/Class;", get_nest_host);
    r.native(c, "getNestMembers0", "()[Ljava/lang/Class;", get_nest_members);
    r.native(c, "isRecord0", "()Z", |vm, _, a| {
        let c = this_class(vm, a)?;
        Ret::bool(vm.class(c).def.as_ref().is_some_and(|d| d.record.is_some()))
    });
    r.native(c, "getPermittedSubclasses0", "()[Ljava/lang/Class;", get_permitted_subclasses);
    r.native("java/lang/ClassLoader", "findBootstrapClass", "(Ljava/lang/String;)Ljava/lang/Class;", find_bootstrap_class);
    r.native("java/lang/ClassLoader", "findLoadedClass0", "(Ljava/lang/String;)Ljava/lang/Class;", |vm, _, a| {
        let Some(n) = a.obj(1)? else { return Ret::obj(None) };
        let name = vm.string_to_rust(n)?.replace('.', "/");
        match vm.lookup_class(&name) {
            Some(c) => Ret::obj(Some(vm.mirror_of(c)?)),
            None => Ret::obj(None),
        }
    });
    // jvmc has no module system: every class is in the unnamed module of the boot
    // loader, so resource lookups of JDK and user classes all end here
    r.replace("java/lang/ClassLoader", "getSystemResourceAsStream", "(Ljava/lang/String;)Ljava/io/InputStream;", system_resource_as_stream);
    r.replace("jdk/internal/loader/BootLoader", "findResourceAsStream", "(Ljava/lang/String;Ljava/lang/String;)Ljava/io/InputStream;", system_resource_as_stream);
    r.native(
        "java/lang/ClassLoader",
        "defineClass1",
        "(Ljava/lang/ClassLoader;Ljava/lang/String;[BIILjava/security/ProtectionDomain;Ljava/lang/String;)Ljava/lang/Class;",
        define_class1,
    );
    // no module system: ServiceLoader's catalog lookups are answered from the
    // `provides` directives of the runtime image's module descriptors
    r.replace(
        "jdk/internal/module/ServicesCatalog",
        "findServices",
        "(Ljava/lang/String;)Ljava/util/List;",
        find_services,
    );
    r.native(c, "getSigners", "()[Ljava/lang/Object;", |_, _, _| Ret::obj(None));
    r.native(c, "setSigners", "([Ljava/lang/Object;)V", crate::native::nop);
    r.native(c, "getClassAccessFlagsRaw0", "()I", |vm, _, a| Ret::int(vm.class(this_class(vm, a)?).access as i32));
    r.native(c, "getClassFileVersion0", "()I", |vm, _, a| {
        Ret::int(vm.class(this_class(vm, a)?).def.as_ref().map_or(61, |d| d.major_version as i32))
    });
}

/// The class a `Class` receiver (argument 0) stands for.
pub(crate) fn this_class(vm: &Vm, a: Args<'_>) -> Result<ClassId, Unwind> {
    mirror_class(vm, a.obj(0)?)
}

/// The class a `Class` object stands for.
pub(crate) fn mirror_class(vm: &Vm, m: Option<ObjRef>) -> Result<ClassId, Unwind> {
    m.and_then(|m| vm.class_of_mirror(m))
        .ok_or_else(|| Unwind::Fatal(VmError::Internal("expected a Class object".into())))
}

/// A `Class[]` of the given classes.
pub(crate) fn class_array(vm: &mut Vm, classes: &[ClassId]) -> Result<ObjRef, Unwind> {
    let mut elems = Vec::with_capacity(classes.len());
    for &c in classes {
        elems.push(Some(vm.mirror_of(c)?));
    }
    let class_class = vm.wk.class;
    let ac = vm.array_class_of(class_class)?;
    Ok(vm.heap.alloc_array(ac, Array::Ref(elems.into())))
}

fn get_primitive_class(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let name = vm.string_to_rust(a.obj(0)?.ok_or_else(|| VmError::Internal("null name".into()))?)?;
    let c = match vm.load_class(&name)? {
        Ok(c) if matches!(vm.class(c).kind, ClassKind::Primitive(_)) => c,
        _ => return Err(Unwind::Fatal(VmError::Internal(format!("no primitive class {name}")))),
    };
    Ret::obj(Some(vm.mirror_of(c)?))
}

fn desired_assertion_status(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = mirror_class(vm, a.obj(0)?)?;
    // `java -ea` enables assertions in user classes, not in system classes
    Ret::bool(vm.options.enable_assertions && !vm.class(c).is_jdk())
}

fn is_instance(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    Ret::bool(a.obj(1)?.is_some_and(|o| vm.is_assignable(vm.heap.class_of(o), c)))
}

fn is_assignable_from(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let Some(other) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let o = mirror_class(vm, Some(other))?;
    Ret::bool(vm.is_assignable(o, c))
}

fn get_superclass(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let cls = vm.class(c);
    if cls.is_interface() || matches!(cls.kind, ClassKind::Primitive(_)) {
        return Ret::obj(None);
    }
    match cls.super_class {
        Some(s) => Ret::obj(Some(vm.mirror_of(s)?)),
        None => Ret::obj(None),
    }
}

fn get_interfaces(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let ifaces = vm.class(c).interfaces.clone();
    Ret::obj(Some(class_array(vm, &ifaces)?))
}

/// `Class.getModifiers` (JVM_GetClassModifiers): the InnerClasses flags for member
/// classes, without `ACC_SUPER`; arrays get their component's visibility plus
/// `final abstract`.
fn get_modifiers(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let cls = vm.class(c);
    let flags = match cls.kind {
        ClassKind::Array { component, .. } => {
            let comp = vm.class(component);
            let vis = inner_access(vm, component).unwrap_or(comp.access) & (access::PUBLIC | access::PRIVATE | access::PROTECTED);
            vis | access::FINAL | access::ABSTRACT
        }
        ClassKind::Primitive(_) => access::PUBLIC | access::FINAL | access::ABSTRACT,
        ClassKind::Instance => inner_access(vm, c).unwrap_or(cls.access) & !access::SUPER & 0x7FFF,
    };
    Ret::int(flags as i32)
}

fn inner_access(vm: &Vm, c: ClassId) -> Option<u16> {
    let cls = vm.class(c);
    let def = cls.def.as_ref()?;
    def.inner_classes.iter().find(|ic| ic.inner == cls.name).map(|ic| ic.access)
}

fn init_class_name(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let this = a.obj(0)?.ok_or_else(|| VmError::Internal("null Class".into()))?;
    let c = mirror_class(vm, Some(this))?;
    let name = vm.class(c).java_name();
    let s = vm.intern_str(&name)?;
    let slot = vm.wk.class_name;
    vm.heap.set_field(this, slot, Value::obj(s));
    Ret::obj(Some(s))
}

fn get_declaring_class(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let cls = vm.class(c);
    let outer = cls.def.as_ref().and_then(|d| {
        d.inner_classes.iter().find(|ic| ic.inner == cls.name).and_then(|ic| ic.outer.clone())
    });
    match outer {
        Some(o) => {
            let oc = vm.resolve_class_name(ts, &o)?;
            Ret::obj(Some(vm.mirror_of(oc)?))
        }
        None => Ret::obj(None),
    }
}

fn get_simple_binary_name(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let cls = vm.class(c);
    let simple = cls.def.as_ref().and_then(|d| {
        d.inner_classes.iter().find(|ic| ic.inner == cls.name).and_then(|ic| ic.simple_name.clone())
    });
    match simple {
        Some(s) => Ret::obj(Some(vm.intern_str(&s)?)),
        None => Ret::obj(None),
    }
}

fn get_enclosing_method(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let Some(em) = vm.class(c).def.as_ref().and_then(|d| d.enclosing_method.clone()) else { return Ret::obj(None) };
    let ec = vm.resolve_class_name(ts, &em.class)?;
    let mut elems = vec![Some(vm.mirror_of(ec)?), None, None];
    if let Some((n, d)) = em.method {
        elems[1] = Some(vm.intern_str(&n)?);
        elems[2] = Some(vm.intern_str(&d)?);
    }
    let oa = vm.wk.object_array;
    Ret::obj(Some(vm.heap.alloc_array(oa, Array::Ref(elems.into()))))
}

/// `Class.forName0`: binary names with dots; arrays as descriptors (`[Ljava.lang.String;`).
fn for_name(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(name_obj) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
    let name = vm.string_to_rust(name_obj)?;
    let initialize = a.bool(1)?;
    let internal = name.replace('.', "/");
    let valid = !name.contains('/')
        && !name.is_empty()
        && (!internal.starts_with('[') || jvmc_classfile::descriptor::field_descriptor_len(&internal) == Some(internal.len()))
        && !matches!(name.as_str(), "int" | "long" | "boolean" | "byte" | "char" | "short" | "float" | "double" | "void");
    let found = if valid { vm.load_class(&internal)?.ok() } else { None };
    let Some(c) = found else {
        return Err(vm.throw_new(ts, "java/lang/ClassNotFoundException", Some(&name)));
    };
    if initialize {
        vm.initialize_now(ts, c)?;
    }
    Ret::obj(Some(vm.mirror_of(c)?))
}

fn get_generic_signature(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    match vm.class(c).def.as_ref().and_then(|d| d.signature.clone()) {
        Some(s) => Ret::obj(Some(vm.intern_str(&s)?)),
        None => Ret::obj(None),
    }
}

fn get_nest_host(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let host = match vm.class(c).def.as_ref().and_then(|d| d.nest_host.clone()) {
        Some(h) => vm.load_class(&h)?.unwrap_or(c),
        None => c,
    };
    let _ = ts;
    Ret::obj(Some(vm.mirror_of(host)?))
}

fn get_nest_members(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let names = vm.class(c).def.as_ref().map(|d| d.nest_members.clone()).unwrap_or_default();
    let mut classes = vec![c];
    for n in names {
        classes.push(vm.resolve_class_name(ts, &n)?);
    }
    Ret::obj(Some(class_array(vm, &classes)?))
}

fn get_permitted_subclasses(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let c = this_class(vm, a)?;
    let names = vm.class(c).def.as_ref().map(|d| d.permitted_subclasses.clone()).unwrap_or_default();
    if names.is_empty() {
        return Ret::obj(None);
    }
    let mut classes = Vec::new();
    for n in names {
        classes.push(vm.resolve_class_name(ts, &n)?);
    }
    Ret::obj(Some(class_array(vm, &classes)?))
}

/// `ClassLoader.findBootstrapClass(name)`: jvmc has one class namespace.
fn find_bootstrap_class(vm: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(n) = a.obj(a.len() - 1)? else { return Ret::obj(None) };
    let name = vm.string_to_rust(n)?.replace('.', "/");
    match vm.load_class(&name)? {
        Ok(c) => Ret::obj(Some(vm.mirror_of(c)?)),
        Err(_) => Ret::obj(None),
    }
}

/// `ClassLoader.getSystemResourceAsStream(name)` and
/// `BootLoader.findResourceAsStream(module, name)`: the resource's bytes from the
/// runtime image or the user class path, as a `ByteArrayInputStream`; `null` if absent.
fn system_resource_as_stream(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(n) = a.obj(a.len() - 1)? else { return Err(vm.null_pointer(ts)) };
    let name = vm.string_to_rust(n)?;
    let Some(bytes) = vm.class_path.find_resource(&name).map_err(VmError::from)? else { return Ret::obj(None) };
    let ba = vm.wk.byte_array;
    let arr = vm.heap.alloc_array(ba, Array::Byte(bytes.into_iter().map(|b| b as i8).collect()));
    let bais = vm.load_required("java/io/ByteArrayInputStream")?;
    vm.initialize_now(ts, bais)?;
    let stream = vm.alloc_object(bais);
    let Some(init) = vm.declared_method(bais, "<init>", "([B)V") else {
        return Err(Unwind::Fatal(VmError::Internal("ByteArrayInputStream.<init>([B) missing".into())));
    };
    vm.call_java(ts, init, &[Value::obj(stream), Value::obj(arr)])?;
    Ret::obj(Some(stream))
}

/// `ClassLoader.defineClass1(loader, name, bytes, off, len, pd, source)`: classes the
/// JDK generates at run time (serialization constructor accessors) and programs
/// define themselves.
fn define_class1(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(b) = a.obj(2)? else { return Err(vm.null_pointer(ts)) };
    let (off, len) = (a.int(3)?, a.int(4)?);
    let bytes: Vec<u8> = match vm.heap.array(b) {
        Some(Array::Byte(x)) if off >= 0 && len >= 0 && (off as usize + len as usize) <= x.len() => {
            x[off as usize..(off + len) as usize].iter().map(|&c| c as u8).collect()
        }
        _ => return Err(vm.throw_new(ts, "java/lang/ArrayIndexOutOfBoundsException", None)),
    };
    let name = match a.obj(1)? {
        Some(n) => Some(vm.string_to_rust(n)?.replace('.', "/")),
        None => None,
    };
    let def = match jvmc_classfile::parse_class(&bytes, name.as_deref().unwrap_or("defined class")) {
        Ok(d) => d,
        Err(e) => {
            let m = e.to_string();
            return Err(vm.throw_new(ts, "java/lang/ClassFormatError", Some(&m)));
        }
    };
    if name.as_deref().is_some_and(|n| *n != *def.name) {
        let m = format!("{} (wrong name: {})", name.unwrap_or_default(), def.name);
        return Err(vm.throw_new(ts, "java/lang/NoClassDefFoundError", Some(&m)));
    }
    if vm.lookup_class(&def.name).is_some() {
        let m = format!("duplicate class definition: {}", def.name);
        return Err(vm.throw_new(ts, "java/lang/LinkageError", Some(&m)));
    }
    let origin = jvmc_classfile::Origin::User { location: "defined at run time".into() };
    match vm.define_class(def, Some(origin))? {
        Ok(c) => Ret::obj(Some(vm.mirror_of(c)?)),
        Err(missing) => Err(vm.throw_new(ts, "java/lang/NoClassDefFoundError", Some(&missing.0))),
    }
}

/// `ServicesCatalog.findServices(service)`: the providers the JDK's modules declare
/// for `service`, as `ServiceProvider(unnamed module, class name)` entries.
fn find_services(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let Some(n) = a.obj(1)? else { return Err(vm.null_pointer(ts)) };
    let service = vm.string_to_rust(n)?.replace('.', "/");
    if vm.service_providers.is_none() {
        vm.service_providers = Some(vm.class_path.jdk().service_providers());
    }
    let names: Vec<String> = vm
        .service_providers
        .as_ref()
        .map(|all| all.iter().filter(|(s, _)| **s == *service).flat_map(|(_, p)| p.iter().map(|x| x.replace('/', "."))).collect())
        .unwrap_or_default();
    let spc = vm.load_required("jdk/internal/module/ServicesCatalog$ServiceProvider")?;
    vm.initialize_now(ts, spc)?;
    let Some(ctor) = vm.declared_method(spc, "<init>", "(Ljava/lang/Module;Ljava/lang/String;)V") else {
        return Err(Unwind::Fatal(VmError::Internal("ServiceProvider(Module, String) missing".into())));
    };
    let mut items = Vec::new();
    for name in names {
        let sp = vm.alloc_object(spc);
        let s = vm.new_string(&name)?;
        vm.call_java(ts, ctor, &[Value::obj(sp), Value::Ref(vm.unnamed_module), Value::obj(s)])?;
        items.push(Some(sp));
    }
    let object_array = vm.wk.object_array;
    let arr = vm.heap.alloc_array(object_array, Array::Ref(items.into()));
    let list = vm.load_required("java/util/List")?;
    let Some(of) = vm.declared_method(list, "of", "([Ljava/lang/Object;)Ljava/util/List;") else {
        return Err(Unwind::Fatal(VmError::Internal("List.of(Object[]) missing".into())));
    };
    let r = vm.call_java(ts, of, &[Value::obj(arr)])?;
    Ok(Ret::Val(r.unwrap_or(Value::NULL)))
}
