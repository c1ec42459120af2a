//! A small assembler for the classes jvmc builds itself (call-site adapters): it
//! produces [`ClassDef`]s in the same IR the class-file parser produces, so they load,
//! link and run like any other class.

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{Code, ConstPool, Insn, MemberRef, MethodDef, PoolEntry};

/// Builds one method body.
pub(crate) struct CodeBuilder<'p> {
    pool: &'p mut ConstPool,
    insns: Vec<Insn>,
    max_locals: u16,
}

impl<'p> CodeBuilder<'p> {
    /// A body whose first `arg_slots` locals are the arguments.
    pub(crate) fn new(pool: &'p mut ConstPool, arg_slots: usize) -> Self {
        CodeBuilder { pool, insns: Vec::new(), max_locals: arg_slots as u16 }
    }

    pub(crate) fn emit(&mut self, i: Insn) -> usize {
        self.insns.push(i);
        self.insns.len() - 1
    }

    /// Index the next instruction will get (a branch target).
    pub(crate) fn here(&self) -> u32 {
        self.insns.len() as u32
    }

    /// Points the branch at `at` to `target`.
    pub(crate) fn patch(&mut self, at: usize, target: u32) {
        self.insns[at] = match self.insns[at] {
            Insn::If(c, _) => Insn::If(c, target),
            Insn::IfIcmp(c, _) => Insn::IfIcmp(c, target),
            Insn::IfAcmpeq(_) => Insn::IfAcmpeq(target),
            Insn::IfAcmpne(_) => Insn::IfAcmpne(target),
            Insn::Ifnull(_) => Insn::Ifnull(target),
            Insn::Ifnonnull(_) => Insn::Ifnonnull(target),
            Insn::Goto(_) => Insn::Goto(target),
            other => other,
        };
    }

    /// Reserves a scratch local of `slots` slots.
    pub(crate) fn temp(&mut self, slots: u16) -> u16 {
        let s = self.max_locals;
        self.max_locals += slots;
        s
    }

    pub(crate) fn load(&mut self, t: BasicType, slot: u16) {
        self.emit(match t {
            BasicType::Long => Insn::Lload(slot),
            BasicType::Float => Insn::Fload(slot),
            BasicType::Double => Insn::Dload(slot),
            BasicType::Reference => Insn::Aload(slot),
            _ => Insn::Iload(slot),
        });
    }

    pub(crate) fn ret(&mut self, t: Option<BasicType>) {
        self.emit(match t {
            None => Insn::Return,
            Some(BasicType::Long) => Insn::Lreturn,
            Some(BasicType::Float) => Insn::Freturn,
            Some(BasicType::Double) => Insn::Dreturn,
            Some(BasicType::Reference) => Insn::Areturn,
            Some(_) => Insn::Ireturn,
        });
    }

    fn member(class: &str, name: &str, desc: &str) -> MemberRef {
        MemberRef { class: class.into(), name: name.into(), descriptor: desc.into() }
    }

    pub(crate) fn invokestatic(&mut self, class: &str, name: &str, desc: &str, interface: bool) {
        let m = Self::member(class, name, desc);
        let e = if interface { PoolEntry::InterfaceMethod(m) } else { PoolEntry::Method(m) };
        let i = self.pool.add(e);
        self.emit(Insn::Invokestatic(i));
    }

    pub(crate) fn invokevirtual(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.pool.add(PoolEntry::Method(Self::member(class, name, desc)));
        self.emit(Insn::Invokevirtual(i));
    }

    pub(crate) fn invokeinterface(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.pool.add(PoolEntry::InterfaceMethod(Self::member(class, name, desc)));
        self.emit(Insn::Invokeinterface(i));
    }

    pub(crate) fn invokespecial(&mut self, class: &str, name: &str, desc: &str, interface: bool) {
        let m = Self::member(class, name, desc);
        let e = if interface { PoolEntry::InterfaceMethod(m) } else { PoolEntry::Method(m) };
        let i = self.pool.add(e);
        self.emit(Insn::Invokespecial(i));
    }

    pub(crate) fn getfield(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.pool.add(PoolEntry::Field(Self::member(class, name, desc)));
        self.emit(Insn::Getfield(i));
    }

    pub(crate) fn putfield(&mut self, class: &str, name: &str, desc: &str) {
        let i = self.pool.add(PoolEntry::Field(Self::member(class, name, desc)));
        self.emit(Insn::Putfield(i));
    }

    pub(crate) fn new_object(&mut self, class: &str) {
        let i = self.pool.add(PoolEntry::Class(class.into()));
        self.emit(Insn::New(i));
    }

    pub(crate) fn checkcast(&mut self, class: &str) {
        let i = self.pool.add(PoolEntry::Class(class.into()));
        self.emit(Insn::Checkcast(i));
    }

    pub(crate) fn instanceof(&mut self, class: &str) {
        let i = self.pool.add(PoolEntry::Class(class.into()));
        self.emit(Insn::Instanceof(i));
    }

    pub(crate) fn ldc(&mut self, e: PoolEntry) {
        let wide = matches!(e, PoolEntry::Long(_) | PoolEntry::Double(_));
        let i = self.pool.add(e);
        self.emit(if wide { Insn::Ldc2(i) } else { Insn::Ldc(i) });
    }

    pub(crate) fn ldc_string(&mut self, s: &str) {
        self.ldc(PoolEntry::String(s.encode_utf16().collect::<Vec<_>>().into()));
    }

    /// Finishes the body.
    pub(crate) fn finish(self) -> Code {
        let n = self.insns.len();
        Code {
            max_stack: 64,
            max_locals: self.max_locals.max(1),
            insns: self.insns,
            offsets: (0..n as u32).collect(),
            ..Code::default()
        }
    }
}

/// A method definition with a body.
pub(crate) fn method(name: &str, descriptor: &str, access: u16, code: Code) -> MethodDef {
    MethodDef { name: name.into(), descriptor: descriptor.into(), access, code: Some(code), exceptions: Vec::new(), signature: None }
}

/// The internal name of the wrapper class of a primitive type.
pub(crate) fn wrapper_class(t: BasicType) -> Option<&'static str> {
    crate::boxing::wrapper_of(t).map(|w| w.0)
}

/// Emits boxing of the primitive on top of the stack (`Wrapper.valueOf`).
pub(crate) fn emit_box(c: &mut CodeBuilder<'_>, t: BasicType) {
    if let Some((class, desc)) = crate::boxing::wrapper_of(t) {
        c.invokestatic(class, "valueOf", desc, false);
    }
}

/// Emits unboxing to `t` of the reference on top of the stack: a cast to the wrapper
/// named by `via` (or to `t`'s own wrapper), then its `xValue()`; a numeric wrapper
/// may be widened on the way (e.g. `Integer` to `long`).
pub(crate) fn emit_unbox(c: &mut CodeBuilder<'_>, t: BasicType, via: Option<BasicType>) {
    let source = via.unwrap_or(t);
    let Some(wrapper) = wrapper_class(source) else { return };
    c.checkcast(wrapper);
    let (name, desc) = value_method(source);
    c.invokevirtual(wrapper, name, desc);
    emit_widen(c, source, t);
}

fn value_method(t: BasicType) -> (&'static str, &'static str) {
    match t {
        BasicType::Boolean => ("booleanValue", "()Z"),
        BasicType::Byte => ("byteValue", "()B"),
        BasicType::Char => ("charValue", "()C"),
        BasicType::Short => ("shortValue", "()S"),
        BasicType::Int => ("intValue", "()I"),
        BasicType::Long => ("longValue", "()J"),
        BasicType::Float => ("floatValue", "()F"),
        BasicType::Double => ("doubleValue", "()D"),
        BasicType::Reference => ("", ""),
    }
}

/// Emits a primitive widening conversion (JLS §5.1.2) from `from` to `to`.
pub(crate) fn emit_widen(c: &mut CodeBuilder<'_>, from: BasicType, to: BasicType) {
    use BasicType as B;
    let int_like = |t| matches!(t, B::Byte | B::Short | B::Char | B::Int | B::Boolean);
    match (from, to) {
        (f, B::Long) if int_like(f) => {
            c.emit(Insn::I2l);
        }
        (f, B::Float) if int_like(f) => {
            c.emit(Insn::I2f);
        }
        (f, B::Double) if int_like(f) => {
            c.emit(Insn::I2d);
        }
        (B::Long, B::Float) => {
            c.emit(Insn::L2f);
        }
        (B::Long, B::Double) => {
            c.emit(Insn::L2d);
        }
        (B::Float, B::Double) => {
            c.emit(Insn::F2d);
        }
        _ => {}
    }
}
