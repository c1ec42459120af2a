//! The pre-decoded instruction set.
//!
//! One [`Insn`] per JVM instruction, in code order. Branch targets are *instruction
//! indices* (not byte offsets); constant-pool operands are indices into the class's
//! [`ConstPool`](crate::ConstPool); switch tables live in [`Code::switches`](crate::Code).
//! `wide`, `_0.._3` and `_w` forms are normalised away (JVMS §6.5 gives each opcode's
//! semantics; the variant names follow the mnemonics).
//!
//! This module owns the instruction *shape* only; what an instruction does is the vm's
//! business.

/// Index of an entry in a class's [`ConstPool`](crate::ConstPool).
pub type PoolIndex = u16;

/// Index of an instruction inside one method's code.
pub type InsnIndex = u32;

/// Element kind of a primitive array (`newarray` operand, JVMS §6.5.newarray).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrimitiveType {
    /// `boolean` (stored as bytes)
    Boolean,
    /// `char`
    Char,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `byte`
    Byte,
    /// `short`
    Short,
    /// `int`
    Int,
    /// `long`
    Long,
}

impl PrimitiveType {
    /// The descriptor character (`Z`, `C`, ...).
    pub fn descriptor_char(self) -> char {
        match self {
            PrimitiveType::Boolean => 'Z',
            PrimitiveType::Char => 'C',
            PrimitiveType::Float => 'F',
            PrimitiveType::Double => 'D',
            PrimitiveType::Byte => 'B',
            PrimitiveType::Short => 'S',
            PrimitiveType::Int => 'I',
            PrimitiveType::Long => 'J',
        }
    }

    /// Parses a descriptor character.
    pub fn from_descriptor_char(c: u8) -> Option<Self> {
        Some(match c {
            b'Z' => PrimitiveType::Boolean,
            b'C' => PrimitiveType::Char,
            b'F' => PrimitiveType::Float,
            b'D' => PrimitiveType::Double,
            b'B' => PrimitiveType::Byte,
            b'S' => PrimitiveType::Short,
            b'I' => PrimitiveType::Int,
            b'J' => PrimitiveType::Long,
            _ => return None,
        })
    }

    /// The Java keyword (`int`, `boolean`, ...).
    pub fn java_name(self) -> &'static str {
        match self {
            PrimitiveType::Boolean => "boolean",
            PrimitiveType::Char => "char",
            PrimitiveType::Float => "float",
            PrimitiveType::Double => "double",
            PrimitiveType::Byte => "byte",
            PrimitiveType::Short => "short",
            PrimitiveType::Int => "int",
            PrimitiveType::Long => "long",
        }
    }
}

/// Comparison of a conditional branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>=`
    Ge,
    /// `>`
    Gt,
    /// `<=`
    Le,
}

impl Cond {
    /// Evaluates the comparison `a <cond> b`.
    #[inline(always)]
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Cond::Eq => a == b,
            Cond::Ne => a != b,
            Cond::Lt => a < b,
            Cond::Ge => a >= b,
            Cond::Gt => a > b,
            Cond::Le => a <= b,
        }
    }
}

/// One decoded JVM instruction (JVMS §6.5). Kept at 8 bytes: it is the hot type of the
/// interpreter loop.
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Insn {
    Nop,
    AconstNull,
    /// `iconst_<i>`, `bipush`, `sipush`
    Iconst(i32),
    Lconst0,
    Lconst1,
    Fconst(f32),
    Dconst0,
    Dconst1,
    /// `ldc`, `ldc_w` (int, float, String, Class, MethodType, MethodHandle, dynamic)
    Ldc(PoolIndex),
    /// `ldc2_w` (long, double, dynamic)
    Ldc2(PoolIndex),
    Iload(u16),
    Lload(u16),
    Fload(u16),
    Dload(u16),
    Aload(u16),
    Istore(u16),
    Lstore(u16),
    Fstore(u16),
    Dstore(u16),
    Astore(u16),
    Iaload,
    Laload,
    Faload,
    Daload,
    Aaload,
    Baload,
    Caload,
    Saload,
    Iastore,
    Lastore,
    Fastore,
    Dastore,
    Aastore,
    Bastore,
    Castore,
    Sastore,
    Pop,
    Pop2,
    Dup,
    DupX1,
    DupX2,
    Dup2,
    Dup2X1,
    Dup2X2,
    Swap,
    Iadd,
    Ladd,
    Fadd,
    Dadd,
    Isub,
    Lsub,
    Fsub,
    Dsub,
    Imul,
    Lmul,
    Fmul,
    Dmul,
    Idiv,
    Ldiv,
    Fdiv,
    Ddiv,
    Irem,
    Lrem,
    Frem,
    Drem,
    Ineg,
    Lneg,
    Fneg,
    Dneg,
    Ishl,
    Lshl,
    Ishr,
    Lshr,
    Iushr,
    Lushr,
    Iand,
    Land,
    Ior,
    Lor,
    Ixor,
    Lxor,
    Iinc(u16, i16),
    I2l,
    I2f,
    I2d,
    L2i,
    L2f,
    L2d,
    F2i,
    F2l,
    F2d,
    D2i,
    D2l,
    D2f,
    I2b,
    I2c,
    I2s,
    Lcmp,
    Fcmpl,
    Fcmpg,
    Dcmpl,
    Dcmpg,
    /// `ifeq` .. `ifle`: compare the popped int with zero
    If(Cond, InsnIndex),
    /// `if_icmpeq` .. `if_icmple`
    IfIcmp(Cond, InsnIndex),
    IfAcmpeq(InsnIndex),
    IfAcmpne(InsnIndex),
    Goto(InsnIndex),
    Jsr(InsnIndex),
    Ret(u16),
    /// index into [`Code::switches`](crate::Code)
    Tableswitch(u16),
    /// index into [`Code::switches`](crate::Code)
    Lookupswitch(u16),
    Ireturn,
    Lreturn,
    Freturn,
    Dreturn,
    Areturn,
    Return,
    Getstatic(PoolIndex),
    Putstatic(PoolIndex),
    Getfield(PoolIndex),
    Putfield(PoolIndex),
    Invokevirtual(PoolIndex),
    Invokespecial(PoolIndex),
    Invokestatic(PoolIndex),
    Invokeinterface(PoolIndex),
    Invokedynamic(PoolIndex),
    New(PoolIndex),
    Newarray(PrimitiveType),
    Anewarray(PoolIndex),
    Arraylength,
    Athrow,
    Checkcast(PoolIndex),
    Instanceof(PoolIndex),
    Monitorenter,
    Monitorexit,
    Multianewarray(PoolIndex, u8),
    Ifnull(InsnIndex),
    Ifnonnull(InsnIndex),
    /// `breakpoint`, `impdep1`, `impdep2`: reserved, never valid in a class file
    Reserved(u8),
}

impl Insn {
    /// The JVMS mnemonic of this instruction (normalised form, e.g. `iload` for `iload_1`).
    pub fn mnemonic(&self) -> &'static str {
        use Insn::*;
        match self {
            Nop => "nop",
            AconstNull => "aconst_null",
            Iconst(_) => "iconst",
            Lconst0 | Lconst1 => "lconst",
            Fconst(_) => "fconst",
            Dconst0 | Dconst1 => "dconst",
            Ldc(_) => "ldc",
            Ldc2(_) => "ldc2_w",
            Iload(_) => "iload",
            Lload(_) => "lload",
            Fload(_) => "fload",
            Dload(_) => "dload",
            Aload(_) => "aload",
            Istore(_) => "istore",
            Lstore(_) => "lstore",
            Fstore(_) => "fstore",
            Dstore(_) => "dstore",
            Astore(_) => "astore",
            Iaload => "iaload",
            Laload => "laload",
            Faload => "faload",
            Daload => "daload",
            Aaload => "aaload",
            Baload => "baload",
            Caload => "caload",
            Saload => "saload",
            Iastore => "iastore",
            Lastore => "lastore",
            Fastore => "fastore",
            Dastore => "dastore",
            Aastore => "aastore",
            Bastore => "bastore",
            Castore => "castore",
            Sastore => "sastore",
            Pop => "pop",
            Pop2 => "pop2",
            Dup => "dup",
            DupX1 => "dup_x1",
            DupX2 => "dup_x2",
            Dup2 => "dup2",
            Dup2X1 => "dup2_x1",
            Dup2X2 => "dup2_x2",
            Swap => "swap",
            Iadd => "iadd",
            Ladd => "ladd",
            Fadd => "fadd",
            Dadd => "dadd",
            Isub => "isub",
            Lsub => "lsub",
            Fsub => "fsub",
            Dsub => "dsub",
            Imul => "imul",
            Lmul => "lmul",
            Fmul => "fmul",
            Dmul => "dmul",
            Idiv => "idiv",
            Ldiv => "ldiv",
            Fdiv => "fdiv",
            Ddiv => "ddiv",
            Irem => "irem",
            Lrem => "lrem",
            Frem => "frem",
            Drem => "drem",
            Ineg => "ineg",
            Lneg => "lneg",
            Fneg => "fneg",
            Dneg => "dneg",
            Ishl => "ishl",
            Lshl => "lshl",
            Ishr => "ishr",
            Lshr => "lshr",
            Iushr => "iushr",
            Lushr => "lushr",
            Iand => "iand",
            Land => "land",
            Ior => "ior",
            Lor => "lor",
            Ixor => "ixor",
            Lxor => "lxor",
            Iinc(..) => "iinc",
            I2l => "i2l",
            I2f => "i2f",
            I2d => "i2d",
            L2i => "l2i",
            L2f => "l2f",
            L2d => "l2d",
            F2i => "f2i",
            F2l => "f2l",
            F2d => "f2d",
            D2i => "d2i",
            D2l => "d2l",
            D2f => "d2f",
            I2b => "i2b",
            I2c => "i2c",
            I2s => "i2s",
            Lcmp => "lcmp",
            Fcmpl => "fcmpl",
            Fcmpg => "fcmpg",
            Dcmpl => "dcmpl",
            Dcmpg => "dcmpg",
            If(c, _) => match c {
                Cond::Eq => "ifeq",
                Cond::Ne => "ifne",
                Cond::Lt => "iflt",
                Cond::Ge => "ifge",
                Cond::Gt => "ifgt",
                Cond::Le => "ifle",
            },
            IfIcmp(c, _) => match c {
                Cond::Eq => "if_icmpeq",
                Cond::Ne => "if_icmpne",
                Cond::Lt => "if_icmplt",
                Cond::Ge => "if_icmpge",
                Cond::Gt => "if_icmpgt",
                Cond::Le => "if_icmple",
            },
            IfAcmpeq(_) => "if_acmpeq",
            IfAcmpne(_) => "if_acmpne",
            Goto(_) => "goto",
            Jsr(_) => "jsr",
            Ret(_) => "ret",
            Tableswitch(_) => "tableswitch",
            Lookupswitch(_) => "lookupswitch",
            Ireturn => "ireturn",
            Lreturn => "lreturn",
            Freturn => "freturn",
            Dreturn => "dreturn",
            Areturn => "areturn",
            Return => "return",
            Getstatic(_) => "getstatic",
            Putstatic(_) => "putstatic",
            Getfield(_) => "getfield",
            Putfield(_) => "putfield",
            Invokevirtual(_) => "invokevirtual",
            Invokespecial(_) => "invokespecial",
            Invokestatic(_) => "invokestatic",
            Invokeinterface(_) => "invokeinterface",
            Invokedynamic(_) => "invokedynamic",
            New(_) => "new",
            Newarray(_) => "newarray",
            Anewarray(_) => "anewarray",
            Arraylength => "arraylength",
            Athrow => "athrow",
            Checkcast(_) => "checkcast",
            Instanceof(_) => "instanceof",
            Monitorenter => "monitorenter",
            Monitorexit => "monitorexit",
            Multianewarray(..) => "multianewarray",
            Ifnull(_) => "ifnull",
            Ifnonnull(_) => "ifnonnull",
            Reserved(_) => "reserved",
        }
    }

    /// The branch targets of this instruction (not including switch tables).
    pub fn branch_target(&self) -> Option<InsnIndex> {
        use Insn::*;
        match *self {
            If(_, t) | IfIcmp(_, t) | IfAcmpeq(t) | IfAcmpne(t) | Goto(t) | Jsr(t)
            | Ifnull(t) | Ifnonnull(t) => Some(t),
            _ => None,
        }
    }
}

/// A `tableswitch` or `lookupswitch` table with targets as instruction indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchTable {
    /// `tableswitch`: keys `low..=high` map to `targets[key - low]`.
    Table {
        /// smallest key
        low: i32,
        /// target when the key is outside the range
        default: InsnIndex,
        /// one target per key
        targets: Vec<InsnIndex>,
    },
    /// `lookupswitch`: `pairs` sorted by key.
    Lookup {
        /// target when no key matches
        default: InsnIndex,
        /// `(key, target)` sorted by key
        pairs: Vec<(i32, InsnIndex)>,
    },
}

impl SwitchTable {
    /// The target instruction for `key`.
    pub fn target(&self, key: i32) -> InsnIndex {
        match self {
            SwitchTable::Table { low, default, targets } => {
                let idx = (key as i64) - (*low as i64);
                if idx >= 0 && (idx as usize) < targets.len() {
                    targets[idx as usize]
                } else {
                    *default
                }
            }
            SwitchTable::Lookup { default, pairs } => {
                match pairs.binary_search_by_key(&key, |p| p.0) {
                    Ok(i) => pairs[i].1,
                    Err(_) => *default,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insn_stays_small() {
        assert_eq!(std::mem::size_of::<Insn>(), 8);
    }

    #[test]
    fn switch_targets() {
        let t = SwitchTable::Table { low: -1, default: 9, targets: vec![1, 2, 3] };
        assert_eq!(t.target(-1), 1);
        assert_eq!(t.target(1), 3);
        assert_eq!(t.target(2), 9);
        assert_eq!(t.target(i32::MIN), 9);
        let l = SwitchTable::Lookup { default: 7, pairs: vec![(-5, 1), (3, 2)] };
        assert_eq!(l.target(3), 2);
        assert_eq!(l.target(4), 7);
    }
}
