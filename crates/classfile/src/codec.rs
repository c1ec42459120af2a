//! A compact binary encoding of [`ClassDef`], for the class-data cache. Varint
//! integers, length-prefixed strings; decoding validates every length and tag and
//! fails (returns `None`) on anything malformed, so a corrupt cache can only cause a
//! re-parse, never a wrong class or a panic.

use crate::insn::{Cond, Insn, PrimitiveType, SwitchTable};
use crate::ir::*;

/// Appends encodings to a byte vector.
#[derive(Default)]
pub(crate) struct Writer {
    pub(crate) out: Vec<u8>,
}

impl Writer {
    fn u(&mut self, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.out.push(b);
                return;
            }
            self.out.push(b | 0x80);
        }
    }
    fn i(&mut self, v: i64) {
        self.u(((v << 1) ^ (v >> 63)) as u64);
    }
    fn s(&mut self, s: &str) {
        self.u(s.len() as u64);
        self.out.extend_from_slice(s.as_bytes());
    }
    fn os(&mut self, s: &Option<Box<str>>) {
        match s {
            None => self.u(0),
            Some(s) => {
                self.u(1);
                self.s(s);
            }
        }
    }
    fn strs(&mut self, v: &[Box<str>]) {
        self.u(v.len() as u64);
        for s in v {
            self.s(s);
        }
    }
    fn member(&mut self, m: &MemberRef) {
        self.s(&m.class);
        self.s(&m.name);
        self.s(&m.descriptor);
    }
    fn handle(&mut self, h: &MethodHandleRef) {
        self.u(h.kind as u64);
        self.member(&h.member);
        self.u(h.is_interface as u64);
    }
    fn dynamic(&mut self, d: &DynamicRef) {
        self.u(d.bootstrap as u64);
        self.s(&d.name);
        self.s(&d.descriptor);
    }
    fn entry(&mut self, e: &PoolEntry) {
        match e {
            PoolEntry::Int(v) => {
                self.u(0);
                self.i(*v as i64)
            }
            PoolEntry::Float(v) => {
                self.u(1);
                self.u(v.to_bits() as u64)
            }
            PoolEntry::Long(v) => {
                self.u(2);
                self.i(*v)
            }
            PoolEntry::Double(v) => {
                self.u(3);
                self.u(v.to_bits())
            }
            PoolEntry::String(s) => {
                self.u(4);
                self.u(s.len() as u64);
                for &c in s.iter() {
                    self.u(c as u64);
                }
            }
            PoolEntry::Class(n) => {
                self.u(5);
                self.s(n)
            }
            PoolEntry::Field(m) => {
                self.u(6);
                self.member(m)
            }
            PoolEntry::Method(m) => {
                self.u(7);
                self.member(m)
            }
            PoolEntry::InterfaceMethod(m) => {
                self.u(8);
                self.member(m)
            }
            PoolEntry::MethodHandle(h) => {
                self.u(9);
                self.handle(h)
            }
            PoolEntry::MethodType(d) => {
                self.u(10);
                self.s(d)
            }
            PoolEntry::Dynamic(d) => {
                self.u(11);
                self.dynamic(d)
            }
            PoolEntry::InvokeDynamic(d) => {
                self.u(12);
                self.dynamic(d)
            }
        }
    }
    fn insn(&mut self, i: &Insn) {
        // the tag is the position in a fixed table; operands follow
        let (tag, a, b): (u64, i64, i64) = match *i {
            Insn::Iconst(v) => (200, v as i64, 0),
            Insn::Fconst(v) => (201, v.to_bits() as i64, 0),
            Insn::Ldc(p) => (202, p as i64, 0),
            Insn::Ldc2(p) => (203, p as i64, 0),
            Insn::Iload(n) => (204, n as i64, 0),
            Insn::Lload(n) => (205, n as i64, 0),
            Insn::Fload(n) => (206, n as i64, 0),
            Insn::Dload(n) => (207, n as i64, 0),
            Insn::Aload(n) => (208, n as i64, 0),
            Insn::Istore(n) => (209, n as i64, 0),
            Insn::Lstore(n) => (210, n as i64, 0),
            Insn::Fstore(n) => (211, n as i64, 0),
            Insn::Dstore(n) => (212, n as i64, 0),
            Insn::Astore(n) => (213, n as i64, 0),
            Insn::Iinc(n, d) => (214, n as i64, d as i64),
            Insn::If(c, t) => (215, c as i64, t as i64),
            Insn::IfIcmp(c, t) => (216, c as i64, t as i64),
            Insn::IfAcmpeq(t) => (217, t as i64, 0),
            Insn::IfAcmpne(t) => (218, t as i64, 0),
            Insn::Goto(t) => (219, t as i64, 0),
            Insn::Jsr(t) => (220, t as i64, 0),
            Insn::Ret(n) => (221, n as i64, 0),
            Insn::Tableswitch(s) => (222, s as i64, 0),
            Insn::Lookupswitch(s) => (223, s as i64, 0),
            Insn::Getstatic(p) => (224, p as i64, 0),
            Insn::Putstatic(p) => (225, p as i64, 0),
            Insn::Getfield(p) => (226, p as i64, 0),
            Insn::Putfield(p) => (227, p as i64, 0),
            Insn::Invokevirtual(p) => (228, p as i64, 0),
            Insn::Invokespecial(p) => (229, p as i64, 0),
            Insn::Invokestatic(p) => (230, p as i64, 0),
            Insn::Invokeinterface(p) => (231, p as i64, 0),
            Insn::Invokedynamic(p) => (232, p as i64, 0),
            Insn::New(p) => (233, p as i64, 0),
            Insn::Newarray(t) => (234, t as i64, 0),
            Insn::Anewarray(p) => (235, p as i64, 0),
            Insn::Checkcast(p) => (236, p as i64, 0),
            Insn::Instanceof(p) => (237, p as i64, 0),
            Insn::Multianewarray(p, d) => (238, p as i64, d as i64),
            Insn::Ifnull(t) => (239, t as i64, 0),
            Insn::Ifnonnull(t) => (240, t as i64, 0),
            Insn::Reserved(o) => (241, o as i64, 0),
            other => match SIMPLE.iter().position(|s| *s == other) {
                Some(p) => (p as u64, 0, 0),
                None => (255, 0, 0),
            },
        };
        self.u(tag);
        if tag >= 200 {
            self.i(a);
            if matches!(tag, 214 | 215 | 216 | 238) {
                self.i(b);
            }
        }
    }
    fn code(&mut self, c: &Code) {
        self.u(c.max_stack as u64);
        self.u(c.max_locals as u64);
        self.u(c.insns.len() as u64);
        for i in &c.insns {
            self.insn(i);
        }
        for &o in &c.offsets {
            self.u(o as u64);
        }
        self.u(c.switches.len() as u64);
        for s in &c.switches {
            match s {
                SwitchTable::Table { low, default, targets } => {
                    self.u(0);
                    self.i(*low as i64);
                    self.u(*default as u64);
                    self.u(targets.len() as u64);
                    for &t in targets {
                        self.u(t as u64);
                    }
                }
                SwitchTable::Lookup { default, pairs } => {
                    self.u(1);
                    self.u(*default as u64);
                    self.u(pairs.len() as u64);
                    for &(k, t) in pairs {
                        self.i(k as i64);
                        self.u(t as u64);
                    }
                }
            }
        }
        self.u(c.handlers.len() as u64);
        for h in &c.handlers {
            self.u(h.start as u64);
            self.u(h.end as u64);
            self.u(h.handler as u64);
            self.u(h.catch_type.map_or(0, |t| t as u64 + 1));
        }
        self.u(c.lines.len() as u64);
        for &(i, l) in &c.lines {
            self.u(i as u64);
            self.u(l as u64);
        }
        self.u(c.local_names.len() as u64);
        for v in &c.local_names {
            self.u(v.start as u64);
            self.u(v.end as u64);
            self.u(v.index as u64);
            self.s(&v.name);
        }
    }

    /// Encodes a class.
    pub(crate) fn class(&mut self, c: &ClassDef) {
        self.s(&c.name);
        self.os(&c.super_name);
        self.strs(&c.interfaces);
        self.u(c.access as u64);
        self.u(c.major_version as u64);
        self.u(c.fields.len() as u64);
        for f in &c.fields {
            self.s(&f.name);
            self.s(&f.descriptor);
            self.u(f.access as u64);
            match &f.constant {
                None => self.u(0),
                Some(e) => {
                    self.u(1);
                    self.entry(e)
                }
            }
            self.os(&f.signature);
        }
        self.u(c.methods.len() as u64);
        for m in &c.methods {
            self.s(&m.name);
            self.s(&m.descriptor);
            self.u(m.access as u64);
            match &m.code {
                None => self.u(0),
                Some(code) => {
                    self.u(1);
                    self.code(code)
                }
            }
            self.strs(&m.exceptions);
            self.os(&m.signature);
        }
        self.u(c.pool.len() as u64);
        for e in c.pool.entries() {
            self.entry(e);
        }
        self.os(&c.source_file);
        self.u(c.bootstrap_methods.len() as u64);
        for b in &c.bootstrap_methods {
            self.handle(&b.handle);
            self.u(b.args.len() as u64);
            for a in &b.args {
                self.entry(a);
            }
        }
        self.u(c.inner_classes.len() as u64);
        for ic in &c.inner_classes {
            self.s(&ic.inner);
            self.os(&ic.outer);
            self.os(&ic.simple_name);
            self.u(ic.access as u64);
        }
        match &c.enclosing_method {
            None => self.u(0),
            Some(e) => {
                self.u(1);
                self.s(&e.class);
                match &e.method {
                    None => self.u(0),
                    Some((n, d)) => {
                        self.u(1);
                        self.s(n);
                        self.s(d);
                    }
                }
            }
        }
        self.os(&c.nest_host);
        self.strs(&c.nest_members);
        self.strs(&c.permitted_subclasses);
        match &c.record {
            None => self.u(0),
            Some(r) => {
                self.u(1);
                self.u(r.len() as u64);
                for rc in r {
                    self.s(&rc.name);
                    self.s(&rc.descriptor);
                    self.os(&rc.signature);
                }
            }
        }
        self.os(&c.signature);
    }
}

/// Operand-free instructions, in a fixed order (their cache tag is the position).
const SIMPLE: &[Insn] = &[
    Insn::Nop, Insn::AconstNull, Insn::Lconst0, Insn::Lconst1, Insn::Dconst0, Insn::Dconst1,
    Insn::Iaload, Insn::Laload, Insn::Faload, Insn::Daload, Insn::Aaload, Insn::Baload, Insn::Caload, Insn::Saload,
    Insn::Iastore, Insn::Lastore, Insn::Fastore, Insn::Dastore, Insn::Aastore, Insn::Bastore, Insn::Castore, Insn::Sastore,
    Insn::Pop, Insn::Pop2, Insn::Dup, Insn::DupX1, Insn::DupX2, Insn::Dup2, Insn::Dup2X1, Insn::Dup2X2, Insn::Swap,
    Insn::Iadd, Insn::Ladd, Insn::Fadd, Insn::Dadd, Insn::Isub, Insn::Lsub, Insn::Fsub, Insn::Dsub,
    Insn::Imul, Insn::Lmul, Insn::Fmul, Insn::Dmul, Insn::Idiv, Insn::Ldiv, Insn::Fdiv, Insn::Ddiv,
    Insn::Irem, Insn::Lrem, Insn::Frem, Insn::Drem, Insn::Ineg, Insn::Lneg, Insn::Fneg, Insn::Dneg,
    Insn::Ishl, Insn::Lshl, Insn::Ishr, Insn::Lshr, Insn::Iushr, Insn::Lushr, Insn::Iand, Insn::Land,
    Insn::Ior, Insn::Lor, Insn::Ixor, Insn::Lxor, Insn::I2l, Insn::I2f, Insn::I2d, Insn::L2i, Insn::L2f, Insn::L2d,
    Insn::F2i, Insn::F2l, Insn::F2d, Insn::D2i, Insn::D2l, Insn::D2f, Insn::I2b, Insn::I2c, Insn::I2s,
    Insn::Lcmp, Insn::Fcmpl, Insn::Fcmpg, Insn::Dcmpl, Insn::Dcmpg,
    Insn::Ireturn, Insn::Lreturn, Insn::Freturn, Insn::Dreturn, Insn::Areturn, Insn::Return,
    Insn::Arraylength, Insn::Athrow, Insn::Monitorenter, Insn::Monitorexit,
];

/// Reads encodings; every method returns `None` on malformed input.
pub(crate) struct Reader<'a> {
    b: &'a [u8],
    p: usize,
}

const CONDS: [Cond; 6] = [Cond::Eq, Cond::Ne, Cond::Lt, Cond::Ge, Cond::Gt, Cond::Le];
const PRIMS: [PrimitiveType; 8] = [
    PrimitiveType::Boolean,
    PrimitiveType::Char,
    PrimitiveType::Float,
    PrimitiveType::Double,
    PrimitiveType::Byte,
    PrimitiveType::Short,
    PrimitiveType::Int,
    PrimitiveType::Long,
];

impl<'a> Reader<'a> {
    pub(crate) fn new(b: &'a [u8]) -> Self {
        Reader { b, p: 0 }
    }
    fn u(&mut self) -> Option<u64> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let byte = *self.b.get(self.p)?;
            self.p += 1;
            if shift > 63 {
                return None;
            }
            v |= ((byte & 0x7f) as u64) << shift;
            if byte & 0x80 == 0 {
                return Some(v);
            }
            shift += 7;
        }
    }
    fn n(&mut self) -> Option<usize> {
        let n = self.u()? as usize;
        // no count can exceed the remaining bytes
        (n <= self.b.len()).then_some(n)
    }
    fn u16(&mut self) -> Option<u16> {
        u16::try_from(self.u()?).ok()
    }
    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.u()?).ok()
    }
    fn i(&mut self) -> Option<i64> {
        let v = self.u()?;
        Some(((v >> 1) as i64) ^ -((v & 1) as i64))
    }
    fn s(&mut self) -> Option<Box<str>> {
        let n = self.n()?;
        let bytes = self.b.get(self.p..self.p + n)?;
        self.p += n;
        Some(std::str::from_utf8(bytes).ok()?.into())
    }
    fn os(&mut self) -> Option<Option<Box<str>>> {
        Some(match self.u()? {
            0 => None,
            1 => Some(self.s()?),
            _ => return None,
        })
    }
    fn strs(&mut self) -> Option<Vec<Box<str>>> {
        let n = self.n()?;
        (0..n).map(|_| self.s()).collect()
    }
    fn member(&mut self) -> Option<MemberRef> {
        Some(MemberRef { class: self.s()?, name: self.s()?, descriptor: self.s()? })
    }
    fn handle(&mut self) -> Option<MethodHandleRef> {
        let kind = match self.u()? {
            1 => HandleKind::GetField,
            2 => HandleKind::GetStatic,
            3 => HandleKind::PutField,
            4 => HandleKind::PutStatic,
            5 => HandleKind::InvokeVirtual,
            6 => HandleKind::InvokeStatic,
            7 => HandleKind::InvokeSpecial,
            8 => HandleKind::NewInvokeSpecial,
            9 => HandleKind::InvokeInterface,
            _ => return None,
        };
        Some(MethodHandleRef { kind, member: self.member()?, is_interface: self.u()? != 0 })
    }
    fn dynamic(&mut self) -> Option<DynamicRef> {
        Some(DynamicRef { bootstrap: self.u16()?, name: self.s()?, descriptor: self.s()? })
    }
    fn entry(&mut self) -> Option<PoolEntry> {
        Some(match self.u()? {
            0 => PoolEntry::Int(i32::try_from(self.i()?).ok()?),
            1 => PoolEntry::Float(f32::from_bits(self.u32()?)),
            2 => PoolEntry::Long(self.i()?),
            3 => PoolEntry::Double(f64::from_bits(self.u()?)),
            4 => {
                let n = self.n()?;
                PoolEntry::String((0..n).map(|_| self.u16()).collect::<Option<Vec<u16>>>()?.into())
            }
            5 => PoolEntry::Class(self.s()?),
            6 => PoolEntry::Field(self.member()?),
            7 => PoolEntry::Method(self.member()?),
            8 => PoolEntry::InterfaceMethod(self.member()?),
            9 => PoolEntry::MethodHandle(self.handle()?),
            10 => PoolEntry::MethodType(self.s()?),
            11 => PoolEntry::Dynamic(self.dynamic()?),
            12 => PoolEntry::InvokeDynamic(self.dynamic()?),
            _ => return None,
        })
    }
    fn insn(&mut self) -> Option<Insn> {
        let tag = self.u()?;
        if tag < 200 {
            return SIMPLE.get(tag as usize).copied();
        }
        let a = self.i()?;
        let b = if matches!(tag, 214 | 215 | 216 | 238) { self.i()? } else { 0 };
        let u16a = || u16::try_from(a).ok();
        let u32a = || u32::try_from(a).ok();
        let cond = || CONDS.get(usize::try_from(a).ok()?).copied();
        Some(match tag {
            200 => Insn::Iconst(i32::try_from(a).ok()?),
            201 => Insn::Fconst(f32::from_bits(u32a()?)),
            202 => Insn::Ldc(u16a()?),
            203 => Insn::Ldc2(u16a()?),
            204 => Insn::Iload(u16a()?),
            205 => Insn::Lload(u16a()?),
            206 => Insn::Fload(u16a()?),
            207 => Insn::Dload(u16a()?),
            208 => Insn::Aload(u16a()?),
            209 => Insn::Istore(u16a()?),
            210 => Insn::Lstore(u16a()?),
            211 => Insn::Fstore(u16a()?),
            212 => Insn::Dstore(u16a()?),
            213 => Insn::Astore(u16a()?),
            214 => Insn::Iinc(u16a()?, i16::try_from(b).ok()?),
            215 => Insn::If(cond()?, u32::try_from(b).ok()?),
            216 => Insn::IfIcmp(cond()?, u32::try_from(b).ok()?),
            217 => Insn::IfAcmpeq(u32a()?),
            218 => Insn::IfAcmpne(u32a()?),
            219 => Insn::Goto(u32a()?),
            220 => Insn::Jsr(u32a()?),
            221 => Insn::Ret(u16a()?),
            222 => Insn::Tableswitch(u16a()?),
            223 => Insn::Lookupswitch(u16a()?),
            224 => Insn::Getstatic(u16a()?),
            225 => Insn::Putstatic(u16a()?),
            226 => Insn::Getfield(u16a()?),
            227 => Insn::Putfield(u16a()?),
            228 => Insn::Invokevirtual(u16a()?),
            229 => Insn::Invokespecial(u16a()?),
            230 => Insn::Invokestatic(u16a()?),
            231 => Insn::Invokeinterface(u16a()?),
            232 => Insn::Invokedynamic(u16a()?),
            233 => Insn::New(u16a()?),
            234 => Insn::Newarray(*PRIMS.get(usize::try_from(a).ok()?)?),
            235 => Insn::Anewarray(u16a()?),
            236 => Insn::Checkcast(u16a()?),
            237 => Insn::Instanceof(u16a()?),
            238 => Insn::Multianewarray(u16a()?, u8::try_from(b).ok()?),
            239 => Insn::Ifnull(u32a()?),
            240 => Insn::Ifnonnull(u32a()?),
            241 => Insn::Reserved(u8::try_from(a).ok()?),
            _ => return None,
        })
    }
    fn code(&mut self) -> Option<Code> {
        let max_stack = self.u16()?;
        let max_locals = self.u16()?;
        let n = self.n()?;
        let insns = (0..n).map(|_| self.insn()).collect::<Option<Vec<_>>>()?;
        let offsets = (0..n).map(|_| self.u32()).collect::<Option<Vec<_>>>()?;
        let ns = self.n()?;
        let mut switches = Vec::with_capacity(ns);
        for _ in 0..ns {
            switches.push(match self.u()? {
                0 => {
                    let low = i32::try_from(self.i()?).ok()?;
                    let default = self.u32()?;
                    let k = self.n()?;
                    SwitchTable::Table { low, default, targets: (0..k).map(|_| self.u32()).collect::<Option<_>>()? }
                }
                1 => {
                    let default = self.u32()?;
                    let k = self.n()?;
                    let pairs = (0..k)
                        .map(|_| Some((i32::try_from(self.i()?).ok()?, self.u32()?)))
                        .collect::<Option<_>>()?;
                    SwitchTable::Lookup { default, pairs }
                }
                _ => return None,
            });
        }
        let nh = self.n()?;
        let mut handlers = Vec::with_capacity(nh);
        for _ in 0..nh {
            let (start, end, handler) = (self.u32()?, self.u32()?, self.u32()?);
            let ct = self.u()?;
            let catch_type = if ct == 0 { None } else { Some(u16::try_from(ct - 1).ok()?) };
            handlers.push(Handler { start, end, handler, catch_type });
        }
        let nl = self.n()?;
        let lines = (0..nl).map(|_| Some((self.u32()?, self.u32()?))).collect::<Option<_>>()?;
        let nv = self.n()?;
        let local_names = (0..nv)
            .map(|_| Some(LocalVar { start: self.u32()?, end: self.u32()?, index: self.u16()?, name: self.s()? }))
            .collect::<Option<_>>()?;
        Some(Code { max_stack, max_locals, insns, offsets, switches, handlers, lines, local_names })
    }

    /// Decodes a class.
    pub(crate) fn class(&mut self) -> Option<ClassDef> {
        let name = self.s()?;
        let super_name = self.os()?;
        let interfaces = self.strs()?;
        let access = self.u16()?;
        let major_version = self.u16()?;
        let mut c = ClassDef::new(&name, super_name.as_deref(), access);
        c.interfaces = interfaces;
        c.major_version = major_version;
        let nf = self.n()?;
        for _ in 0..nf {
            let (name, descriptor, access) = (self.s()?, self.s()?, self.u16()?);
            let constant = match self.u()? {
                0 => None,
                1 => Some(self.entry()?),
                _ => return None,
            };
            c.fields.push(FieldDef { name, descriptor, access, constant, signature: self.os()? });
        }
        let nm = self.n()?;
        for _ in 0..nm {
            let (name, descriptor, access) = (self.s()?, self.s()?, self.u16()?);
            let code = match self.u()? {
                0 => None,
                1 => Some(self.code()?),
                _ => return None,
            };
            c.methods.push(MethodDef { name, descriptor, access, code, exceptions: self.strs()?, signature: self.os()? });
        }
        let np = self.n()?;
        for _ in 0..np {
            let e = self.entry()?;
            c.pool.add(e);
        }
        if c.pool.len() != np {
            return None;
        }
        c.source_file = self.os()?;
        let nb = self.n()?;
        for _ in 0..nb {
            let handle = self.handle()?;
            let na = self.n()?;
            let args = (0..na).map(|_| self.entry()).collect::<Option<_>>()?;
            c.bootstrap_methods.push(BootstrapMethod { handle, args });
        }
        let ni = self.n()?;
        for _ in 0..ni {
            c.inner_classes.push(InnerClass { inner: self.s()?, outer: self.os()?, simple_name: self.os()?, access: self.u16()? });
        }
        c.enclosing_method = match self.u()? {
            0 => None,
            1 => {
                let class = self.s()?;
                let method = match self.u()? {
                    0 => None,
                    1 => Some((self.s()?, self.s()?)),
                    _ => return None,
                };
                Some(EnclosingMethod { class, method })
            }
            _ => return None,
        };
        c.nest_host = self.os()?;
        c.nest_members = self.strs()?;
        c.permitted_subclasses = self.strs()?;
        c.record = match self.u()? {
            0 => None,
            1 => {
                let n = self.n()?;
                Some(
                    (0..n)
                        .map(|_| Some(RecordComponent { name: self.s()?, descriptor: self.s()?, signature: self.os()? }))
                        .collect::<Option<_>>()?,
                )
            }
            _ => return None,
        };
        c.signature = self.os()?;
        (self.p == self.b.len()).then_some(c)
    }
}
