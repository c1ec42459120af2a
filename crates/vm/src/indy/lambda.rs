//! `LambdaMetafactory.metafactory`/`altMetafactory` call sites: a proxy class that
//! implements the functional interface, holds the captured values in fields and
//! forwards the interface method (and any bridges) to the implementation method with
//! the conversions the metafactory specifies (casts, boxing, unboxing, widening).
//!
//! The call site is linked to the proxy's static factory `get$Lambda`; a
//! non-capturing lambda is one shared instance, as in HotSpot.

use jvmc_classfile::descriptor::{BasicType, MethodSig};
use jvmc_classfile::{access, ClassDef, HandleKind, Insn, MethodHandleRef, PoolEntry};

use super::codegen::{emit_box, emit_unbox, emit_widen, method, CodeBuilder};

const FLAG_SERIALIZABLE: i32 = 1;
const FLAG_MARKERS: i32 = 2;
const FLAG_BRIDGES: i32 = 4;

/// What the bootstrap arguments say.
pub(crate) struct LambdaSpec<'a> {
    /// the erased interface method descriptor
    pub sam: &'a str,
    /// the implementation method
    pub implementation: &'a MethodHandleRef,
    /// the instantiated (specialised) interface method descriptor
    pub instantiated: &'a str,
    /// extra interfaces
    pub markers: Vec<Box<str>>,
    /// extra descriptors to implement
    pub bridges: Vec<Box<str>>,
    /// whether the lambda is serializable
    pub serializable: bool,
}

/// Reads the bootstrap arguments of `metafactory` (3) or `altMetafactory` (3+).
pub(crate) fn spec(args: &[PoolEntry]) -> Result<LambdaSpec<'_>, String> {
    let (Some(PoolEntry::MethodType(sam)), Some(PoolEntry::MethodHandle(imp)), Some(PoolEntry::MethodType(inst))) =
        (args.first(), args.get(1), args.get(2))
    else {
        return Err("unexpected LambdaMetafactory arguments".into());
    };
    let mut s = LambdaSpec { sam, implementation: imp, instantiated: inst, markers: Vec::new(), bridges: Vec::new(), serializable: false };
    if let Some(PoolEntry::Int(flags)) = args.get(3) {
        let mut i = 4;
        s.serializable = flags & FLAG_SERIALIZABLE != 0;
        if flags & FLAG_MARKERS != 0 {
            let n = match args.get(i) {
                Some(PoolEntry::Int(n)) => *n as usize,
                _ => return Err("bad marker count".into()),
            };
            i += 1;
            for _ in 0..n {
                if let Some(PoolEntry::Class(c)) = args.get(i) {
                    s.markers.push(c.clone());
                }
                i += 1;
            }
        }
        if flags & FLAG_BRIDGES != 0 {
            let n = match args.get(i) {
                Some(PoolEntry::Int(n)) => *n as usize,
                _ => return Err("bad bridge count".into()),
            };
            i += 1;
            for _ in 0..n {
                if let Some(PoolEntry::MethodType(d)) = args.get(i) {
                    s.bridges.push(d.clone());
                }
                i += 1;
            }
        }
    }
    Ok(s)
}

fn class_of_desc(d: &str) -> &str {
    d.strip_prefix('L').and_then(|x| x.strip_suffix(';')).unwrap_or(d)
}

/// Converts the value on top of the stack from type `from` to type `to`; `hint` is the
/// instantiated type, which names the wrapper to unbox through.
fn convert(c: &mut CodeBuilder<'_>, from: (BasicType, &str), to: (BasicType, &str), hint: Option<&str>) {
    let (ft, fd) = from;
    let (tt, td) = to;
    if fd == td {
        return;
    }
    match (ft, tt) {
        (BasicType::Reference, BasicType::Reference) => {
            if td != "Ljava/lang/Object;" {
                c.checkcast(class_of_desc(td));
            }
        }
        (BasicType::Reference, prim) => {
            let via = [hint, Some(fd)].into_iter().flatten().find_map(wrapper_type);
            emit_unbox(c, prim, via);
        }
        (prim, BasicType::Reference) => {
            emit_box(c, prim);
            let boxed = super::codegen::wrapper_class(prim).unwrap_or("java/lang/Object");
            let target = class_of_desc(td);
            if target != boxed && td != "Ljava/lang/Object;" && !matches!(target, "java/lang/Number" | "java/lang/Comparable" | "java/io/Serializable") {
                c.checkcast(target);
            }
        }
        (a, b) => emit_widen(c, a, b),
    }
}

/// The primitive a wrapper-class descriptor boxes.
fn wrapper_type(d: &str) -> Option<BasicType> {
    Some(match d {
        "Ljava/lang/Boolean;" => BasicType::Boolean,
        "Ljava/lang/Byte;" => BasicType::Byte,
        "Ljava/lang/Character;" => BasicType::Char,
        "Ljava/lang/Short;" => BasicType::Short,
        "Ljava/lang/Integer;" => BasicType::Int,
        "Ljava/lang/Long;" => BasicType::Long,
        "Ljava/lang/Float;" => BasicType::Float,
        "Ljava/lang/Double;" => BasicType::Double,
        _ => return None,
    })
}

/// Builds the proxy class. `captured` is the call site's parameter list.
pub(crate) fn build(class_name: &str, interface: &str, method_name: &str, call_desc: &str, s: &LambdaSpec<'_>) -> Result<ClassDef, String> {
    let call = MethodSig::parse(call_desc).ok_or("bad call-site descriptor")?;
    let captured = call.params;
    let mut def = ClassDef::new(class_name, Some("java/lang/Object"), access::FINAL | access::SYNTHETIC | access::SUPER);
    def.interfaces.push(interface.into());
    for m in &s.markers {
        if **m != *interface {
            def.interfaces.push(m.clone());
        }
    }
    if s.serializable && !def.interfaces.iter().any(|i| &**i == "java/io/Serializable") {
        def.interfaces.push("java/io/Serializable".into());
    }
    for (i, (_, d)) in captured.iter().enumerate() {
        def.fields.push(jvmc_classfile::FieldDef {
            name: format!("arg${}", i + 1).into(),
            descriptor: d.clone(),
            access: access::PRIVATE | access::FINAL,
            constant: None,
            signature: None,
        });
    }
    // constructor
    let ctor_desc = format!("({})V", captured.iter().map(|p| &*p.1).collect::<String>());
    let slots: usize = 1 + captured.iter().map(|p| p.0.slots()).sum::<usize>();
    let mut c = CodeBuilder::new(&mut def.pool, slots);
    c.emit(Insn::Aload(0));
    c.invokespecial("java/lang/Object", "<init>", "()V", false);
    let mut slot = 1u16;
    for (i, (t, d)) in captured.iter().enumerate() {
        c.emit(Insn::Aload(0));
        c.load(*t, slot);
        c.putfield(class_name, &format!("arg${}", i + 1), d);
        slot += t.slots() as u16;
    }
    c.emit(Insn::Return);
    let code = c.finish();
    def.methods.push(method("<init>", &ctor_desc, access::PRIVATE, code));
    // factory
    let mut c = CodeBuilder::new(&mut def.pool, slots - 1);
    c.new_object(class_name);
    c.emit(Insn::Dup);
    let mut slot = 0u16;
    for (t, _) in &captured {
        c.load(*t, slot);
        slot += t.slots() as u16;
    }
    c.invokespecial(class_name, "<init>", &ctor_desc, false);
    c.emit(Insn::Areturn);
    let code = c.finish();
    def.methods.push(method("get$Lambda", call_desc, access::PUBLIC | access::STATIC, code));
    // the interface method and bridges
    let mut descs: Vec<&str> = vec![s.sam];
    for b in &s.bridges {
        if !descs.contains(&&**b) {
            descs.push(b);
        }
    }
    for d in descs {
        let body = forwarding_body(&mut def.pool, class_name, &captured, d, s)?;
        def.methods.push(method(method_name, d, access::PUBLIC, body));
    }
    Ok(def)
}

fn forwarding_body(
    pool: &mut jvmc_classfile::ConstPool,
    class_name: &str,
    captured: &[(BasicType, Box<str>)],
    desc: &str,
    s: &LambdaSpec<'_>,
) -> Result<jvmc_classfile::Code, String> {
    let sig = MethodSig::parse(desc).ok_or("bad interface method descriptor")?;
    let inst = MethodSig::parse(s.instantiated).ok_or("bad instantiated descriptor")?;
    let imp = s.implementation;
    let imp_sig = MethodSig::parse(&imp.member.descriptor).ok_or("bad implementation descriptor")?;
    let owner_desc = format!("L{};", imp.member.class);
    let mut params: Vec<(BasicType, Box<str>)> = Vec::new();
    let has_receiver = matches!(imp.kind, HandleKind::InvokeVirtual | HandleKind::InvokeInterface | HandleKind::InvokeSpecial);
    if has_receiver {
        params.push((BasicType::Reference, owner_desc.clone().into()));
    }
    params.extend(imp_sig.params.iter().cloned());
    if captured.len() + sig.params.len() != params.len() {
        return Err(format!("lambda arity mismatch: {} captured + {} parameters for {}", captured.len(), sig.params.len(), imp.member.descriptor));
    }
    let arg_slots = 1 + sig.params.iter().map(|p| p.0.slots()).sum::<usize>();
    let mut c = CodeBuilder::new(pool, arg_slots);
    if imp.kind == HandleKind::NewInvokeSpecial {
        c.new_object(&imp.member.class);
        c.emit(Insn::Dup);
    }
    let mut k = 0;
    for (i, (t, d)) in captured.iter().enumerate() {
        c.emit(Insn::Aload(0));
        c.getfield(class_name, &format!("arg${}", i + 1), d);
        convert(&mut c, (*t, d), (params[k].0, &params[k].1), None);
        k += 1;
    }
    let mut slot = 1u16;
    for (j, (t, d)) in sig.params.iter().enumerate() {
        c.load(*t, slot);
        slot += t.slots() as u16;
        let hint = inst.params.get(j).map(|p| &*p.1);
        // cast to the instantiated type first when it is more specific (JDK does the same)
        convert(&mut c, (*t, d), (params[k].0, &params[k].1), hint);
        k += 1;
    }
    let m = &imp.member;
    match imp.kind {
        HandleKind::InvokeStatic => c.invokestatic(&m.class, &m.name, &m.descriptor, imp.is_interface),
        HandleKind::InvokeInterface => c.invokeinterface(&m.class, &m.name, &m.descriptor),
        HandleKind::InvokeVirtual | HandleKind::InvokeSpecial => {
            if imp.is_interface {
                c.invokeinterface(&m.class, &m.name, &m.descriptor)
            } else {
                c.invokevirtual(&m.class, &m.name, &m.descriptor)
            }
        }
        HandleKind::NewInvokeSpecial => c.invokespecial(&m.class, "<init>", &m.descriptor, false),
        _ => return Err(format!("field method handle {:?} as a lambda implementation", imp.kind)),
    }
    let produced: Option<(BasicType, Box<str>)> =
        if imp.kind == HandleKind::NewInvokeSpecial { Some((BasicType::Reference, owner_desc.into())) } else { imp_sig.ret.clone() };
    match (&produced, &sig.ret) {
        (None, None) => {}
        (Some((t, _)), None) => {
            c.emit(if t.slots() == 2 { Insn::Pop2 } else { Insn::Pop });
        }
        (Some((ft, fd)), Some((tt, td))) => {
            let hint = inst.ret.as_ref().map(|r| &*r.1);
            if *ft == BasicType::Reference && *tt == BasicType::Reference {
                if let Some(h) = hint.filter(|h| *h != &**fd && *h != "Ljava/lang/Object;" && *h != &**td) {
                    c.checkcast(class_of_desc(h));
                }
            }
            convert(&mut c, (*ft, fd), (*tt, td), hint);
        }
        (None, Some(_)) => {
            c.emit(Insn::AconstNull);
        }
    }
    c.ret(sig.ret.as_ref().map(|r| r.0));
    Ok(c.finish())
}
