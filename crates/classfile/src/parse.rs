//! Class-file bytes to [`ClassDef`], via `cafebabe`.
//!
//! `cafebabe` checks the format (JVMS §4.8 format checking, constant-pool types,
//! jump targets); this module turns its output into the linked IR: pool entries
//! deduplicated, branch targets and exception ranges as instruction indices, line
//! numbers per instruction. It does no loading or verification beyond that.

use std::borrow::Cow;

use cafebabe::attributes::{AttributeData, AttributeInfo, CodeData};
use cafebabe::bytecode::{Opcode, PrimitiveArrayType};
use cafebabe::constant_pool::{
    BootstrapArgument, LiteralConstant, Loadable, MemberKind, MemberRef as CbMemberRef,
    MethodHandle as CbMethodHandle, ObjectArrayType, ReferenceKind,
};

use crate::error::ClassFormatError;
use crate::insn::{Cond, Insn, InsnIndex, PrimitiveType, SwitchTable};
use crate::ir::*;
use crate::mutf8;

/// Highest class-file major version accepted (Java 17).
pub const MAX_MAJOR_VERSION: u16 = 61;

/// Parses a class file. `origin` names the source in error messages.
pub fn parse_class(bytes: &[u8], origin: &str) -> Result<ClassDef, ClassFormatError> {
    let malformed = |reason: String| ClassFormatError::Malformed { origin: origin.to_string(), reason };
    if bytes.len() >= 8 && bytes[0..4] == [0xCA, 0xFE, 0xBA, 0xBE] {
        let major = u16::from_be_bytes([bytes[6], bytes[7]]);
        let minor = u16::from_be_bytes([bytes[4], bytes[5]]);
        if major > MAX_MAJOR_VERSION {
            return Err(ClassFormatError::UnsupportedVersion { origin: origin.to_string(), major, minor });
        }
    }
    crate::prescan::check_code_bounds(bytes).map_err(malformed)?;
    // cafebabe is not written to be panic-free on every malformed input; a panic in it
    // is reported as a malformed class, never propagated.
    let parsed = std::panic::catch_unwind(|| cafebabe::parse_class(bytes).map_err(|e| e.to_string()));
    let cf = match parsed {
        Ok(Ok(cf)) => cf,
        Ok(Err(e)) => return Err(malformed(e)),
        Err(_) => return Err(malformed("parser failure on malformed input".to_string())),
    };
    let mut b = Builder { pool: ConstPool::new(), origin };
    let mut class = ClassDef::new(&cf.this_class, cf.super_class.as_deref(), cf.access_flags.bits());
    class.major_version = cf.major_version;
    class.interfaces = cf.interfaces.iter().map(|i| Box::from(&**i)).collect();
    for f in &cf.fields {
        let mut fd = FieldDef {
            name: f.name.as_ref().into(),
            descriptor: f.descriptor.to_string().into(),
            access: f.access_flags.bits(),
            constant: None,
            signature: None,
        };
        for a in &f.attributes {
            match &a.data {
                AttributeData::ConstantValue(c) => fd.constant = Some(literal(c)),
                AttributeData::Signature(s) => fd.signature = Some(s.as_ref().into()),
                _ => {}
            }
        }
        class.fields.push(fd);
    }
    for m in &cf.methods {
        let mut md = MethodDef {
            name: m.name.as_ref().into(),
            descriptor: m.descriptor.to_string().into(),
            access: m.access_flags.bits(),
            code: None,
            exceptions: Vec::new(),
            signature: None,
        };
        for a in &m.attributes {
            match &a.data {
                AttributeData::Code(code) => {
                    md.code = Some(b.code(code).map_err(|r| malformed(format!("method {}{}: {}", md.name, md.descriptor, r)))?)
                }
                AttributeData::Exceptions(ex) => md.exceptions = ex.iter().map(|e| Box::from(e.as_ref())).collect(),
                AttributeData::Signature(s) => md.signature = Some(s.as_ref().into()),
                _ => {}
            }
        }
        class.methods.push(md);
    }
    b.class_attributes(&cf.attributes, &mut class);
    class.pool = b.pool;
    Ok(class)
}

struct Builder<'o> {
    pool: ConstPool,
    #[allow(dead_code)]
    origin: &'o str,
}

fn string_units(s: &str) -> Box<[u16]> {
    s.encode_utf16().collect::<Vec<_>>().into_boxed_slice()
}

fn literal(c: &LiteralConstant<'_>) -> PoolEntry {
    match c {
        LiteralConstant::Integer(v) => PoolEntry::Int(*v),
        LiteralConstant::Float(v) => PoolEntry::Float(*v),
        LiteralConstant::Long(v) => PoolEntry::Long(*v),
        LiteralConstant::Double(v) => PoolEntry::Double(*v),
        LiteralConstant::String(s) => PoolEntry::String(string_units(s)),
        LiteralConstant::StringBytes(b) => PoolEntry::String(mutf8::decode_to_utf16(b).into_boxed_slice()),
    }
}

/// Adds a member reference (tag 0 field, 1 method, 2 interface method) to the pool,
/// allocating only if it is new.
fn add_member(pool: &mut ConstPool, tag: u8, m: &CbMemberRef<'_>) -> u16 {
    let key = PoolKey::Member(tag, &m.class_name, &m.name_and_type.name, &m.name_and_type.descriptor);
    pool.add_with(key, || {
        let r = member(m);
        match tag {
            0 => PoolEntry::Field(r),
            1 => PoolEntry::Method(r),
            _ => PoolEntry::InterfaceMethod(r),
        }
    })
}

/// Adds a class reference to the pool, allocating only if it is new.
fn add_class(pool: &mut ConstPool, name: &str) -> u16 {
    pool.add_with(PoolKey::Name(0, name), || PoolEntry::Class(name.into()))
}

fn member(m: &CbMemberRef<'_>) -> MemberRef {
    MemberRef {
        class: m.class_name.as_ref().into(),
        name: m.name_and_type.name.as_ref().into(),
        descriptor: m.name_and_type.descriptor.as_ref().into(),
    }
}

fn handle(h: &CbMethodHandle<'_>) -> MethodHandleRef {
    let kind = match h.kind {
        ReferenceKind::GetField => HandleKind::GetField,
        ReferenceKind::GetStatic => HandleKind::GetStatic,
        ReferenceKind::PutField => HandleKind::PutField,
        ReferenceKind::PutStatic => HandleKind::PutStatic,
        ReferenceKind::InvokeVirtual => HandleKind::InvokeVirtual,
        ReferenceKind::InvokeStatic => HandleKind::InvokeStatic,
        ReferenceKind::InvokeSpecial => HandleKind::InvokeSpecial,
        ReferenceKind::NewInvokeSpecial => HandleKind::NewInvokeSpecial,
        ReferenceKind::InvokeInterface => HandleKind::InvokeInterface,
    };
    MethodHandleRef {
        kind,
        member: MemberRef {
            class: h.class_name.as_ref().into(),
            name: h.member_ref.name.as_ref().into(),
            descriptor: h.member_ref.descriptor.as_ref().into(),
        },
        is_interface: matches!(h.member_kind, MemberKind::InterfaceMethod),
    }
}

/// Adds the class an `anewarray`/`checkcast`/... operand names.
fn add_object_type(pool: &mut ConstPool, t: &ObjectArrayType<'_>) -> u16 {
    match t {
        ObjectArrayType::ArrayType(d) => add_class(pool, &d.to_string()),
        ObjectArrayType::BinaryName(n) => add_class(pool, n),
    }
}

fn primitive(t: PrimitiveArrayType) -> PrimitiveType {
    match t {
        PrimitiveArrayType::Boolean => PrimitiveType::Boolean,
        PrimitiveArrayType::Char => PrimitiveType::Char,
        PrimitiveArrayType::Float => PrimitiveType::Float,
        PrimitiveArrayType::Double => PrimitiveType::Double,
        PrimitiveArrayType::Byte => PrimitiveType::Byte,
        PrimitiveArrayType::Short => PrimitiveType::Short,
        PrimitiveArrayType::Int => PrimitiveType::Int,
        PrimitiveArrayType::Long => PrimitiveType::Long,
    }
}

impl Builder<'_> {
    fn loadable(&mut self, l: &Loadable<'_>) -> PoolEntry {
        match l {
            Loadable::LiteralConstant(c) => literal(c),
            Loadable::ClassInfo(n) => PoolEntry::Class(n.as_ref().into()),
            Loadable::MethodHandle(h) => PoolEntry::MethodHandle(handle(h)),
            Loadable::MethodType(d) => PoolEntry::MethodType(d.as_ref().into()),
            Loadable::Dynamic(d) => PoolEntry::Dynamic(DynamicRef {
                bootstrap: d.attr_index,
                name: d.name_and_type.name.as_ref().into(),
                descriptor: d.name_and_type.descriptor.as_ref().into(),
            }),
        }
    }

    fn code(&mut self, code: &CodeData<'_>) -> Result<Code, String> {
        let bc = code.bytecode.as_ref().ok_or("code was not decoded")?;
        let offsets: Vec<u32> = bc.opcodes.iter().map(|(o, _)| *o as u32).collect();
        let index_of = |from: usize, jump: i32| -> Result<InsnIndex, String> {
            let target = from as i64 + jump as i64;
            offsets
                .binary_search(&(target as u32))
                .map(|i| i as InsnIndex)
                .map_err(|_| format!("branch at offset {from} to {target} is not an instruction"))
        };
        // an exception-range bound may be the code length (one past the last instruction)
        let bound_of = |off: u16| -> Result<InsnIndex, String> {
            if off as usize == code.code.len() {
                return Ok(offsets.len() as InsnIndex);
            }
            offsets
                .binary_search(&(off as u32))
                .map(|i| i as InsnIndex)
                .map_err(|_| format!("offset {off} is not an instruction boundary"))
        };
        let mut insns = Vec::with_capacity(bc.opcodes.len());
        let mut switches = Vec::new();
        for (off, op) in &bc.opcodes {
            let off = *off;
            let insn = self.insn(op, off, &index_of, &mut switches)?;
            insns.push(insn);
        }
        let mut handlers = Vec::with_capacity(code.exception_table.len());
        for h in &code.exception_table {
            // JVMS §4.7.3: start_pc < end_pc, and handler_pc is an instruction (cafebabe
            // does not check the exception table)
            let (start, end) = (bound_of(h.start_pc)?, bound_of(h.end_pc)?);
            if start >= end {
                return Err(format!("empty exception range {}..{}", h.start_pc, h.end_pc));
            }
            let handler = offsets
                .binary_search(&(h.handler_pc as u32))
                .map_err(|_| format!("exception handler at {} is not an instruction", h.handler_pc))?;
            handlers.push(Handler {
                start,
                end,
                handler: handler as InsnIndex,
                catch_type: h.catch_type.as_ref().map(|c| add_class(&mut self.pool, c)),
            });
        }
        let mut lines = Vec::new();
        let mut local_names = Vec::new();
        for a in &code.attributes {
            match &a.data {
                AttributeData::LineNumberTable(t) => {
                    for e in t {
                        if let Ok(i) = bound_of(e.start_pc) {
                            lines.push((i, e.line_number as u32));
                        }
                    }
                }
                AttributeData::LocalVariableTable(t) => {
                    for e in t {
                        let start = bound_of(e.start_pc);
                        let end = bound_of(e.start_pc.saturating_add(e.length));
                        if let (Ok(start), Ok(end)) = (start, end) {
                            local_names.push(LocalVar { start, end, index: e.index, name: e.name.as_ref().into() });
                        }
                    }
                }
                _ => {}
            }
        }
        // several LineNumberTable attributes may appear, in any order (JVMS §4.7.12)
        lines.sort_by_key(|e| e.0);
        Ok(Code {
            max_stack: code.max_stack,
            max_locals: code.max_locals,
            insns,
            offsets,
            switches,
            handlers,
            lines,
            local_names,
        })
    }

    fn insn(
        &mut self,
        op: &Opcode<'_>,
        off: usize,
        index_of: &dyn Fn(usize, i32) -> Result<InsnIndex, String>,
        switches: &mut Vec<SwitchTable>,
    ) -> Result<Insn, String> {
        use Insn as I;
        let t = |j: i32| index_of(off, j);
        let pool = &mut self.pool;
        Ok(match op {
            Opcode::Aaload => I::Aaload,
            Opcode::Aastore => I::Aastore,
            Opcode::AconstNull => I::AconstNull,
            Opcode::Aload(i) => I::Aload(*i),
            Opcode::Anewarray(c) => I::Anewarray(add_object_type(pool, c)),
            Opcode::Areturn => I::Areturn,
            Opcode::Arraylength => I::Arraylength,
            Opcode::Astore(i) => I::Astore(*i),
            Opcode::Athrow => I::Athrow,
            Opcode::Baload => I::Baload,
            Opcode::Bastore => I::Bastore,
            Opcode::Bipush(v) => I::Iconst(*v as i32),
            Opcode::Breakpoint => I::Reserved(0xca),
            Opcode::Caload => I::Caload,
            Opcode::Castore => I::Castore,
            Opcode::Checkcast(c) => I::Checkcast(add_object_type(pool, c)),
            Opcode::D2f => I::D2f,
            Opcode::D2i => I::D2i,
            Opcode::D2l => I::D2l,
            Opcode::Dadd => I::Dadd,
            Opcode::Daload => I::Daload,
            Opcode::Dastore => I::Dastore,
            Opcode::Dcmpg => I::Dcmpg,
            Opcode::Dcmpl => I::Dcmpl,
            Opcode::Dconst0 => I::Dconst0,
            Opcode::Dconst1 => I::Dconst1,
            Opcode::Ddiv => I::Ddiv,
            Opcode::Dload(i) => I::Dload(*i),
            Opcode::Dmul => I::Dmul,
            Opcode::Dneg => I::Dneg,
            Opcode::Drem => I::Drem,
            Opcode::Dreturn => I::Dreturn,
            Opcode::Dstore(i) => I::Dstore(*i),
            Opcode::Dsub => I::Dsub,
            Opcode::Dup => I::Dup,
            Opcode::DupX1 => I::DupX1,
            Opcode::DupX2 => I::DupX2,
            Opcode::Dup2 => I::Dup2,
            Opcode::Dup2X1 => I::Dup2X1,
            Opcode::Dup2X2 => I::Dup2X2,
            Opcode::F2d => I::F2d,
            Opcode::F2i => I::F2i,
            Opcode::F2l => I::F2l,
            Opcode::Fadd => I::Fadd,
            Opcode::Faload => I::Faload,
            Opcode::Fastore => I::Fastore,
            Opcode::Fcmpg => I::Fcmpg,
            Opcode::Fcmpl => I::Fcmpl,
            Opcode::Fconst0 => I::Fconst(0.0),
            Opcode::Fconst1 => I::Fconst(1.0),
            Opcode::Fconst2 => I::Fconst(2.0),
            Opcode::Fdiv => I::Fdiv,
            Opcode::Fload(i) => I::Fload(*i),
            Opcode::Fmul => I::Fmul,
            Opcode::Fneg => I::Fneg,
            Opcode::Frem => I::Frem,
            Opcode::Freturn => I::Freturn,
            Opcode::Fstore(i) => I::Fstore(*i),
            Opcode::Fsub => I::Fsub,
            Opcode::Getfield(m) => I::Getfield(add_member(pool, 0, m)),
            Opcode::Getstatic(m) => I::Getstatic(add_member(pool, 0, m)),
            Opcode::Goto(j) => I::Goto(t(*j)?),
            Opcode::I2b => I::I2b,
            Opcode::I2c => I::I2c,
            Opcode::I2d => I::I2d,
            Opcode::I2f => I::I2f,
            Opcode::I2l => I::I2l,
            Opcode::I2s => I::I2s,
            Opcode::Iadd => I::Iadd,
            Opcode::Iaload => I::Iaload,
            Opcode::Iand => I::Iand,
            Opcode::Iastore => I::Iastore,
            Opcode::IconstM1 => I::Iconst(-1),
            Opcode::Iconst0 => I::Iconst(0),
            Opcode::Iconst1 => I::Iconst(1),
            Opcode::Iconst2 => I::Iconst(2),
            Opcode::Iconst3 => I::Iconst(3),
            Opcode::Iconst4 => I::Iconst(4),
            Opcode::Iconst5 => I::Iconst(5),
            Opcode::Idiv => I::Idiv,
            Opcode::IfAcmpeq(j) => I::IfAcmpeq(t(*j)?),
            Opcode::IfAcmpne(j) => I::IfAcmpne(t(*j)?),
            Opcode::IfIcmpeq(j) => I::IfIcmp(Cond::Eq, t(*j)?),
            Opcode::IfIcmpge(j) => I::IfIcmp(Cond::Ge, t(*j)?),
            Opcode::IfIcmpgt(j) => I::IfIcmp(Cond::Gt, t(*j)?),
            Opcode::IfIcmple(j) => I::IfIcmp(Cond::Le, t(*j)?),
            Opcode::IfIcmplt(j) => I::IfIcmp(Cond::Lt, t(*j)?),
            Opcode::IfIcmpne(j) => I::IfIcmp(Cond::Ne, t(*j)?),
            Opcode::Ifeq(j) => I::If(Cond::Eq, t(*j)?),
            Opcode::Ifge(j) => I::If(Cond::Ge, t(*j)?),
            Opcode::Ifgt(j) => I::If(Cond::Gt, t(*j)?),
            Opcode::Ifle(j) => I::If(Cond::Le, t(*j)?),
            Opcode::Iflt(j) => I::If(Cond::Lt, t(*j)?),
            Opcode::Ifne(j) => I::If(Cond::Ne, t(*j)?),
            Opcode::Ifnonnull(j) => I::Ifnonnull(t(*j)?),
            Opcode::Ifnull(j) => I::Ifnull(t(*j)?),
            Opcode::Iinc(i, v) => I::Iinc(*i, *v),
            Opcode::Iload(i) => I::Iload(*i),
            Opcode::Impdep1 => I::Reserved(0xfe),
            Opcode::Impdep2 => I::Reserved(0xff),
            Opcode::Imul => I::Imul,
            Opcode::Ineg => I::Ineg,
            Opcode::Instanceof(c) => I::Instanceof(add_object_type(pool, c)),
            Opcode::Invokedynamic(d) => I::Invokedynamic(pool.add(PoolEntry::InvokeDynamic(DynamicRef {
                bootstrap: d.attr_index,
                name: d.name_and_type.name.as_ref().into(),
                descriptor: d.name_and_type.descriptor.as_ref().into(),
            }))),
            Opcode::Invokeinterface(m, _) => I::Invokeinterface(add_member(pool, 2, m)),
            Opcode::Invokespecial(m) => I::Invokespecial(add_member(pool, 1, m)),
            Opcode::Invokestatic(m) => I::Invokestatic(add_member(pool, 1, m)),
            Opcode::Invokevirtual(m) => I::Invokevirtual(add_member(pool, 1, m)),
            Opcode::Ior => I::Ior,
            Opcode::Irem => I::Irem,
            Opcode::Ireturn => I::Ireturn,
            Opcode::Ishl => I::Ishl,
            Opcode::Ishr => I::Ishr,
            Opcode::Istore(i) => I::Istore(*i),
            Opcode::Isub => I::Isub,
            Opcode::Iushr => I::Iushr,
            Opcode::Ixor => I::Ixor,
            Opcode::Jsr(j) => I::Jsr(t(*j)?),
            Opcode::L2d => I::L2d,
            Opcode::L2f => I::L2f,
            Opcode::L2i => I::L2i,
            Opcode::Ladd => I::Ladd,
            Opcode::Laload => I::Laload,
            Opcode::Land => I::Land,
            Opcode::Lastore => I::Lastore,
            Opcode::Lcmp => I::Lcmp,
            Opcode::Lconst0 => I::Lconst0,
            Opcode::Lconst1 => I::Lconst1,
            Opcode::Ldc(l) | Opcode::LdcW(l) => {
                let e = self.loadable(l);
                I::Ldc(self.pool.add(e))
            }
            Opcode::Ldc2W(l) => {
                let e = self.loadable(l);
                I::Ldc2(self.pool.add(e))
            }
            Opcode::Ldiv => I::Ldiv,
            Opcode::Lload(i) => I::Lload(*i),
            Opcode::Lmul => I::Lmul,
            Opcode::Lneg => I::Lneg,
            Opcode::Lookupswitch(tab) => {
                let mut pairs = Vec::with_capacity(tab.match_offsets.len());
                for (k, j) in &tab.match_offsets {
                    pairs.push((*k, t(*j)?));
                }
                pairs.sort_by_key(|p| p.0);
                switches.push(SwitchTable::Lookup { default: t(tab.default)?, pairs });
                I::Lookupswitch(u16::try_from(switches.len() - 1).map_err(|_| "too many switches")?)
            }
            Opcode::Lor => I::Lor,
            Opcode::Lrem => I::Lrem,
            Opcode::Lreturn => I::Lreturn,
            Opcode::Lshl => I::Lshl,
            Opcode::Lshr => I::Lshr,
            Opcode::Lstore(i) => I::Lstore(*i),
            Opcode::Lsub => I::Lsub,
            Opcode::Lushr => I::Lushr,
            Opcode::Lxor => I::Lxor,
            Opcode::Monitorenter => I::Monitorenter,
            Opcode::Monitorexit => I::Monitorexit,
            Opcode::Multianewarray(c, dims) => I::Multianewarray(add_object_type(pool, c), *dims),
            Opcode::New(c) => I::New(add_class(pool, c)),
            Opcode::Newarray(p) => I::Newarray(primitive(*p)),
            Opcode::Nop => I::Nop,
            Opcode::Pop => I::Pop,
            Opcode::Pop2 => I::Pop2,
            Opcode::Putfield(m) => I::Putfield(add_member(pool, 0, m)),
            Opcode::Putstatic(m) => I::Putstatic(add_member(pool, 0, m)),
            Opcode::Ret(i) => I::Ret(*i),
            Opcode::Return => I::Return,
            Opcode::Saload => I::Saload,
            Opcode::Sastore => I::Sastore,
            Opcode::Sipush(v) => I::Iconst(*v as i32),
            Opcode::Swap => I::Swap,
            Opcode::Tableswitch(tab) => {
                let mut targets = Vec::with_capacity(tab.jumps.len());
                for j in &tab.jumps {
                    targets.push(t(*j)?);
                }
                switches.push(SwitchTable::Table { low: tab.low, default: t(tab.default)?, targets });
                I::Tableswitch(u16::try_from(switches.len() - 1).map_err(|_| "too many switches")?)
            }
        })
    }

    fn class_attributes(&mut self, attrs: &[AttributeInfo<'_>], class: &mut ClassDef) {
        for a in attrs {
            match &a.data {
                AttributeData::SourceFile(s) => class.source_file = Some(s.as_ref().into()),
                AttributeData::Signature(s) => class.signature = Some(s.as_ref().into()),
                AttributeData::BootstrapMethods(bms) => {
                    class.bootstrap_methods = bms
                        .iter()
                        .map(|bm| BootstrapMethod {
                            handle: handle(&bm.method),
                            args: bm.arguments.iter().map(bootstrap_arg).collect(),
                        })
                        .collect()
                }
                AttributeData::InnerClasses(ics) => {
                    class.inner_classes = ics
                        .iter()
                        .map(|ic| InnerClass {
                            inner: ic.inner_class_info.as_ref().into(),
                            outer: ic.outer_class_info.as_ref().map(|o| o.as_ref().into()),
                            simple_name: ic.inner_name.as_ref().map(|n| n.as_ref().into()),
                            access: ic.access_flags.bits(),
                        })
                        .collect()
                }
                AttributeData::EnclosingMethod { class_name, method } => {
                    class.enclosing_method = Some(EnclosingMethod {
                        class: class_name.as_ref().into(),
                        method: method.as_ref().map(|m| (m.name.as_ref().into(), m.descriptor.as_ref().into())),
                    })
                }
                AttributeData::NestHost(h) => class.nest_host = Some(h.as_ref().into()),
                AttributeData::NestMembers(ms) => class.nest_members = ms.iter().map(|m| cow(m)).collect(),
                AttributeData::PermittedSubclasses(ps) => class.permitted_subclasses = ps.iter().map(|m| cow(m)).collect(),
                AttributeData::Record(rs) => {
                    class.record = Some(
                        rs.iter()
                            .map(|r| RecordComponent {
                                name: r.name.as_ref().into(),
                                descriptor: r.descriptor.to_string().into(),
                                signature: r.attributes.iter().find_map(|a| match &a.data {
                                    AttributeData::Signature(s) => Some(s.as_ref().into()),
                                    _ => None,
                                }),
                            })
                            .collect(),
                    )
                }
                _ => {}
            }
        }
    }
}

fn cow(c: &Cow<'_, str>) -> Box<str> {
    c.as_ref().into()
}

fn bootstrap_arg(a: &BootstrapArgument<'_>) -> PoolEntry {
    match a {
        BootstrapArgument::LiteralConstant(c) => literal(c),
        BootstrapArgument::ClassInfo(n) => PoolEntry::Class(n.as_ref().into()),
        BootstrapArgument::MethodHandle(h) => PoolEntry::MethodHandle(handle(h)),
        BootstrapArgument::MethodType(d) => PoolEntry::MethodType(d.as_ref().into()),
    }
}
