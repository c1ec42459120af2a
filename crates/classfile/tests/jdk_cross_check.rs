//! Cross-checks `jvmc_classfile::parse_class` against an independent parser, the
//! `classfile-parser` crate, on every class of the installed JDK's runtime image.
//!
//! For each class both parsers read the same bytes and must agree on the class name,
//! super class, interfaces, access flags, fields (name, descriptor, flags), methods
//! (name, descriptor, flags) and, for every method with code: the byte offset and
//! opcode family of every instruction, their operands (locals, constants, symbolic
//! constant-pool references, branch and switch targets converted back to byte offsets
//! through `Code::offsets`) and the exception table (byte offsets and catch type).
//!
//! `classfile-parser` 0.3 does not know `CONSTANT_Dynamic`/`Module`/`Package`; classes
//! it cannot parse are counted and skipped (the count must stay small). Our parser must
//! parse every class.
//!
//! The test is skipped (with a message) when no JDK is installed.

use std::panic::{catch_unwind, AssertUnwindSafe};

use classfile_parser::attribute_info::code_attribute_parser;
use classfile_parser::code_attribute::{code_parser, Instruction as TI};
use classfile_parser::constant_info::ConstantInfo as CI;
use classfile_parser::ClassFile as TheirClass;
use jvmc_classfile::{
    find_java_home, parse_class, ClassDef, Code, Cond, Insn, JImage, PoolEntry, PrimitiveType, SwitchTable,
};

/// Result of comparing one chunk of classes.
#[derive(Default)]
struct Tally {
    classes: usize,
    compared: usize,
    ours_failed: Vec<String>,
    theirs_failed: Vec<String>,
    methods: usize,
    fields: usize,
    code_bodies: usize,
    insns: usize,
    handlers: usize,
    pool_operands: usize,
    /// string constants that are not valid UTF-16 (lone surrogates): text not compared
    strings_unpaired: usize,
    mismatches: Vec<String>,
    mismatch_count: usize,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        self.classes += o.classes;
        self.compared += o.compared;
        self.ours_failed.extend(o.ours_failed);
        self.theirs_failed.extend(o.theirs_failed);
        self.methods += o.methods;
        self.fields += o.fields;
        self.code_bodies += o.code_bodies;
        self.insns += o.insns;
        self.handlers += o.handlers;
        self.pool_operands += o.pool_operands;
        self.strings_unpaired += o.strings_unpaired;
        self.mismatch_count += o.mismatch_count;
        for m in o.mismatches {
            if self.mismatches.len() < 50 {
                self.mismatches.push(m);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// the other parser's constant pool, resolved symbolically

struct Theirs<'a> {
    cf: &'a TheirClass,
}

impl<'a> Theirs<'a> {
    fn entry(&self, idx: u16) -> Result<&'a CI, String> {
        if idx == 0 {
            return Err("constant-pool index 0".into());
        }
        self.cf.const_pool.get(idx as usize - 1).ok_or_else(|| format!("constant-pool index {idx} out of range"))
    }

    fn utf8(&self, idx: u16) -> Result<&'a str, String> {
        match self.entry(idx)? {
            CI::Utf8(u) => Ok(&u.utf8_string),
            e => Err(format!("#{idx} is not Utf8: {e:?}")),
        }
    }

    fn class(&self, idx: u16) -> Result<&'a str, String> {
        match self.entry(idx)? {
            CI::Class(c) => self.utf8(c.name_index),
            e => Err(format!("#{idx} is not Class: {e:?}")),
        }
    }

    fn name_and_type(&self, idx: u16) -> Result<(&'a str, &'a str), String> {
        match self.entry(idx)? {
            CI::NameAndType(n) => Ok((self.utf8(n.name_index)?, self.utf8(n.descriptor_index)?)),
            e => Err(format!("#{idx} is not NameAndType: {e:?}")),
        }
    }

    /// `(kind, class, name, descriptor)`; kind 9 field, 10 method, 11 interface method
    fn member(&self, idx: u16) -> Result<(u8, &'a str, &'a str, &'a str), String> {
        let (kind, c, nt) = match self.entry(idx)? {
            CI::FieldRef(r) => (9, r.class_index, r.name_and_type_index),
            CI::MethodRef(r) => (10, r.class_index, r.name_and_type_index),
            CI::InterfaceMethodRef(r) => (11, r.class_index, r.name_and_type_index),
            e => return Err(format!("#{idx} is not a member ref: {e:?}")),
        };
        let (n, d) = self.name_and_type(nt)?;
        Ok((kind, self.class(c)?, n, d))
    }
}

// ---------------------------------------------------------------------------
// comparisons

struct Ctx<'a, 'b> {
    ours: &'a ClassDef,
    theirs: &'a Theirs<'b>,
    code: &'a Code,
    code_len: usize,
    tally: &'a mut Tally,
}

fn ensure(cond: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if cond {
        Ok(())
    } else {
        Err(what())
    }
}

impl Ctx<'_, '_> {
    /// Byte offset of one of our instruction-index targets.
    fn target_offset(&self, idx: u32) -> Result<i64, String> {
        self.code.offsets.get(idx as usize).map(|&o| o as i64).ok_or_else(|| format!("target index {idx} out of range"))
    }

    /// Byte offset of an exception-range bound (may be one past the last instruction).
    fn bound_offset(&self, idx: u32) -> Result<usize, String> {
        if idx as usize == self.code.offsets.len() {
            Ok(self.code_len)
        } else {
            self.code.offsets.get(idx as usize).map(|&o| o as usize).ok_or_else(|| format!("bound index {idx} out of range"))
        }
    }

    fn branch(&self, at: usize, ours: u32, jump: i64) -> Result<(), String> {
        let got = self.target_offset(ours)?;
        ensure(got == at as i64 + jump, || format!("branch target {got}, expected {}", at as i64 + jump))
    }

    fn pool_class(&mut self, ours: u16, theirs: u16) -> Result<(), String> {
        self.tally.pool_operands += 1;
        let want = self.theirs.class(theirs)?;
        match self.ours.pool.get(ours) {
            PoolEntry::Class(c) if &**c == want => Ok(()),
            e => Err(format!("class operand {e:?}, expected {want}")),
        }
    }

    fn pool_member(&mut self, ours: u16, theirs: u16, expect_kind: &[u8]) -> Result<(), String> {
        self.tally.pool_operands += 1;
        let (kind, c, n, d) = self.theirs.member(theirs)?;
        ensure(expect_kind.contains(&kind), || format!("their member kind {kind} unexpected"))?;
        let m = match self.ours.pool.get(ours) {
            PoolEntry::Field(m) if kind == 9 => m,
            // invokespecial/invokestatic may name an InterfaceMethodref (Java 8+); we keep Method
            PoolEntry::Method(m) if kind == 10 || kind == 11 => m,
            PoolEntry::InterfaceMethod(m) if kind == 11 => m,
            e => return Err(format!("member operand {e:?}, expected kind {kind} {c}.{n}{d}")),
        };
        ensure(&*m.class == c && &*m.name == n && &*m.descriptor == d, || {
            format!("member operand {}.{}{}, expected {c}.{n}{d}", m.class, m.name, m.descriptor)
        })
    }

    fn string_matches(&mut self, ours: &[u16], string_index: u16) -> Result<(), String> {
        let raw = match self.theirs.entry(string_index)? {
            CI::Utf8(u) => u,
            e => return Err(format!("string #{string_index} is not Utf8: {e:?}")),
        };
        match String::from_utf16(ours) {
            Ok(s) => ensure(s == raw.utf8_string, || format!("string {} vs {}", clip(&s), clip(&raw.utf8_string))),
            Err(_) => {
                // lone surrogates: classfile-parser falls back to a lossy decoding, so
                // decode its raw bytes with the test's own modified-UTF-8 decoder
                self.tally.strings_unpaired += 1;
                let want = mutf8_units(&raw.bytes).ok_or("their string bytes are not modified UTF-8")?;
                ensure(ours == want.as_slice(), || format!("string of {} UTF-16 units differs from {} units", ours.len(), want.len()))
            }
        }
    }

    fn method_handle(&mut self, ours: &jvmc_classfile::MethodHandleRef, kind: u8, idx: u16) -> Result<(), String> {
        ensure(ours.kind as u8 == kind, || format!("handle kind {:?}, expected {kind}", ours.kind))?;
        let (mk, c, n, d) = self.theirs.member(idx)?;
        ensure(ours.is_interface == (mk == 11), || format!("handle is_interface {}, member kind {mk}", ours.is_interface))?;
        ensure(&*ours.member.class == c && &*ours.member.name == n && &*ours.member.descriptor == d, || {
            format!("handle {:?}, expected {c}.{n}{d}", ours.member)
        })
    }

    fn loadable(&mut self, ours: u16, theirs: u16, wide: bool) -> Result<(), String> {
        self.tally.pool_operands += 1;
        let ours = self.ours.pool.get(ours).clone();
        match (&ours, self.theirs.entry(theirs)?) {
            (PoolEntry::Int(a), CI::Integer(b)) if !wide => ensure(*a == b.value, || format!("int {a} vs {}", b.value)),
            (PoolEntry::Float(a), CI::Float(b)) if !wide => {
                ensure(a.to_bits() == b.value.to_bits(), || format!("float {a} vs {}", b.value))
            }
            (PoolEntry::Long(a), CI::Long(b)) if wide => ensure(*a == b.value, || format!("long {a} vs {}", b.value)),
            (PoolEntry::Double(a), CI::Double(b)) if wide => {
                ensure(a.to_bits() == b.value.to_bits(), || format!("double {a} vs {}", b.value))
            }
            (PoolEntry::String(a), CI::String(s)) if !wide => {
                self.string_matches(a, s.string_index)
            }
            (PoolEntry::Class(a), CI::Class(c)) if !wide => {
                let want = self.theirs.utf8(c.name_index)?;
                ensure(&**a == want, || format!("ldc class {a} vs {want}"))
            }
            (PoolEntry::MethodType(a), CI::MethodType(t)) if !wide => {
                let want = self.theirs.utf8(t.descriptor_index)?;
                ensure(&**a == want, || format!("ldc method type {a} vs {want}"))
            }
            (PoolEntry::MethodHandle(h), CI::MethodHandle(t)) if !wide => {
                self.method_handle(h, t.reference_kind, t.reference_index)
            }
            (o, t) => Err(format!("ldc{} operand {o:?} vs {t:?}", if wide { "2_w" } else { "" })),
        }
    }

    /// Compares one instruction: family, operands, targets.
    fn insn(&mut self, at: usize, ours: &Insn, theirs: &TI) -> Result<(), String> {
        use Insn as I;
        use TI as T;
        let local = |o: u16, t: u16| ensure(o == t, || format!("local {o} vs {t}"));
        let cond = |o: Cond, t: Cond| ensure(o == t, || format!("condition {o:?} vs {t:?}"));
        match (ours, theirs) {
            // constants
            (I::Nop, T::Nop) | (I::AconstNull, T::Aconstnull) => Ok(()),
            (I::Iconst(v), t) => {
                let want = match t {
                    T::Iconstm1 => -1,
                    T::Iconst0 => 0,
                    T::Iconst1 => 1,
                    T::Iconst2 => 2,
                    T::Iconst3 => 3,
                    T::Iconst4 => 4,
                    T::Iconst5 => 5,
                    T::Bipush(b) => *b as i32,
                    T::Sipush(s) => *s as i32,
                    _ => return Err(format!("{ours:?} vs {theirs:?}")),
                };
                ensure(*v == want, || format!("iconst {v} vs {want}"))
            }
            (I::Lconst0, T::Lconst0) | (I::Lconst1, T::Lconst1) => Ok(()),
            (I::Dconst0, T::Dconst0) | (I::Dconst1, T::Dconst1) => Ok(()),
            (I::Fconst(v), T::Fconst0 | T::Fconst1 | T::Fconst2) => {
                let want = match theirs {
                    T::Fconst0 => 0.0f32,
                    T::Fconst1 => 1.0,
                    _ => 2.0,
                };
                ensure(v.to_bits() == want.to_bits(), || format!("fconst {v} vs {want}"))
            }
            (I::Ldc(p), T::Ldc(i)) => self.loadable(*p, *i as u16, false),
            (I::Ldc(p), T::LdcW(i)) => self.loadable(*p, *i, false),
            (I::Ldc2(p), T::Ldc2W(i)) => self.loadable(*p, *i, true),

            // locals
            (I::Iload(n), T::Iload(t)) => local(*n, *t as u16),
            (I::Iload(n), T::IloadWide(t)) => local(*n, *t),
            (I::Iload(n), T::Iload0 | T::Iload1 | T::Iload2 | T::Iload3) => local(*n, short_index(theirs)),
            (I::Lload(n), T::Lload(t)) => local(*n, *t as u16),
            (I::Lload(n), T::LloadWide(t)) => local(*n, *t),
            (I::Lload(n), T::Lload0 | T::Lload1 | T::Lload2 | T::Lload3) => local(*n, short_index(theirs)),
            (I::Fload(n), T::Fload(t)) => local(*n, *t as u16),
            (I::Fload(n), T::FloadWide(t)) => local(*n, *t),
            (I::Fload(n), T::Fload0 | T::Fload1 | T::Fload2 | T::Fload3) => local(*n, short_index(theirs)),
            (I::Dload(n), T::Dload(t)) => local(*n, *t as u16),
            (I::Dload(n), T::DloadWide(t)) => local(*n, *t),
            (I::Dload(n), T::Dload0 | T::Dload1 | T::Dload2 | T::Dload3) => local(*n, short_index(theirs)),
            (I::Aload(n), T::Aload(t)) => local(*n, *t as u16),
            (I::Aload(n), T::AloadWide(t)) => local(*n, *t),
            (I::Aload(n), T::Aload0 | T::Aload1 | T::Aload2 | T::Aload3) => local(*n, short_index(theirs)),
            (I::Istore(n), T::Istore(t)) => local(*n, *t as u16),
            (I::Istore(n), T::IstoreWide(t)) => local(*n, *t),
            (I::Istore(n), T::Istore0 | T::Istore1 | T::Istore2 | T::Istore3) => local(*n, short_index(theirs)),
            (I::Lstore(n), T::Lstore(t)) => local(*n, *t as u16),
            (I::Lstore(n), T::LstoreWide(t)) => local(*n, *t),
            (I::Lstore(n), T::Lstore0 | T::Lstore1 | T::Lstore2 | T::Lstore3) => local(*n, short_index(theirs)),
            (I::Fstore(n), T::Fstore(t)) => local(*n, *t as u16),
            (I::Fstore(n), T::FstoreWide(t)) => local(*n, *t),
            (I::Fstore(n), T::Fstore0 | T::Fstore1 | T::Fstore2 | T::Fstore3) => local(*n, short_index(theirs)),
            (I::Dstore(n), T::Dstore(t)) => local(*n, *t as u16),
            (I::Dstore(n), T::DstoreWide(t)) => local(*n, *t),
            (I::Dstore(n), T::Dstore0 | T::Dstore1 | T::Dstore2 | T::Dstore3) => local(*n, short_index(theirs)),
            (I::Astore(n), T::Astore(t)) => local(*n, *t as u16),
            (I::Astore(n), T::AstoreWide(t)) => local(*n, *t),
            (I::Astore(n), T::Astore0 | T::Astore1 | T::Astore2 | T::Astore3) => local(*n, short_index(theirs)),
            (I::Iinc(n, v), T::Iinc { index, value }) => {
                ensure(*n == *index as u16 && *v == *value as i16, || format!("iinc {n} {v} vs {index} {value}"))
            }
            (I::Iinc(n, v), T::IincWide { index, value }) => {
                ensure(*n == *index && *v == *value, || format!("iinc {n} {v} vs wide {index} {value}"))
            }
            (I::Ret(n), T::Ret(t)) => local(*n, *t as u16),
            (I::Ret(n), T::RetWide(t)) => local(*n, *t),

            // arrays, stack, arithmetic, conversions, comparisons, returns, monitors
            (I::Iaload, T::Iaload) | (I::Laload, T::Laload) | (I::Faload, T::Faload) | (I::Daload, T::Daload)
            | (I::Aaload, T::Aaload) | (I::Baload, T::Baload) | (I::Caload, T::Caload) | (I::Saload, T::Saload)
            | (I::Iastore, T::Iastore) | (I::Lastore, T::Lastore) | (I::Fastore, T::Fastore)
            | (I::Dastore, T::Dastore) | (I::Aastore, T::Aastore) | (I::Bastore, T::Bastore)
            | (I::Castore, T::Castore) | (I::Sastore, T::Sastore) => Ok(()),
            (I::Pop, T::Pop) | (I::Pop2, T::Pop2) | (I::Dup, T::Dup) | (I::DupX1, T::Dupx1) | (I::DupX2, T::Dupx2)
            | (I::Dup2, T::Dup2) | (I::Dup2X1, T::Dup2x1) | (I::Dup2X2, T::Dup2x2) | (I::Swap, T::Swap) => Ok(()),
            (I::Iadd, T::Iadd) | (I::Ladd, T::Ladd) | (I::Fadd, T::Fadd) | (I::Dadd, T::Dadd)
            | (I::Isub, T::Isub) | (I::Lsub, T::Lsub) | (I::Fsub, T::Fsub) | (I::Dsub, T::Dsub)
            | (I::Imul, T::Imul) | (I::Lmul, T::Lmul) | (I::Fmul, T::Fmul) | (I::Dmul, T::Dmul)
            | (I::Idiv, T::Idiv) | (I::Ldiv, T::Ldiv) | (I::Fdiv, T::Fdiv) | (I::Ddiv, T::Ddiv)
            | (I::Irem, T::Irem) | (I::Lrem, T::Lrem) | (I::Frem, T::Frem) | (I::Drem, T::Drem)
            | (I::Ineg, T::Ineg) | (I::Lneg, T::Lneg) | (I::Fneg, T::Fneg) | (I::Dneg, T::Dneg)
            | (I::Ishl, T::Ishl) | (I::Lshl, T::Lshl) | (I::Ishr, T::Ishr) | (I::Lshr, T::Lshr)
            | (I::Iushr, T::Iushr) | (I::Lushr, T::Lushr) | (I::Iand, T::Iand) | (I::Land, T::Land)
            | (I::Ior, T::Ior) | (I::Lor, T::Lor) | (I::Ixor, T::Ixor) | (I::Lxor, T::Lxor) => Ok(()),
            (I::I2l, T::I2l) | (I::I2f, T::I2f) | (I::I2d, T::I2d) | (I::L2i, T::L2i) | (I::L2f, T::L2f)
            | (I::L2d, T::L2d) | (I::F2i, T::F2i) | (I::F2l, T::F2l) | (I::F2d, T::F2d) | (I::D2i, T::D2i)
            | (I::D2l, T::D2l) | (I::D2f, T::D2f) | (I::I2b, T::I2b) | (I::I2c, T::I2c) | (I::I2s, T::I2s) => Ok(()),
            (I::Lcmp, T::Lcmp) | (I::Fcmpl, T::Fcmpl) | (I::Fcmpg, T::Fcmpg) | (I::Dcmpl, T::Dcmpl)
            | (I::Dcmpg, T::Dcmpg) => Ok(()),
            (I::Ireturn, T::Ireturn) | (I::Lreturn, T::Lreturn) | (I::Freturn, T::Freturn)
            | (I::Dreturn, T::Dreturn) | (I::Areturn, T::Areturn) | (I::Return, T::Return) => Ok(()),
            (I::Arraylength, T::Arraylength) | (I::Athrow, T::Athrow) | (I::Monitorenter, T::Monitorenter)
            | (I::Monitorexit, T::Monitorexit) => Ok(()),

            // branches
            (I::If(c, t), T::Ifeq(j)) => cond(*c, Cond::Eq).and(self.branch(at, *t, *j as i64)),
            (I::If(c, t), T::Ifne(j)) => cond(*c, Cond::Ne).and(self.branch(at, *t, *j as i64)),
            (I::If(c, t), T::Iflt(j)) => cond(*c, Cond::Lt).and(self.branch(at, *t, *j as i64)),
            (I::If(c, t), T::Ifge(j)) => cond(*c, Cond::Ge).and(self.branch(at, *t, *j as i64)),
            (I::If(c, t), T::Ifgt(j)) => cond(*c, Cond::Gt).and(self.branch(at, *t, *j as i64)),
            (I::If(c, t), T::Ifle(j)) => cond(*c, Cond::Le).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmpeq(j)) => cond(*c, Cond::Eq).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmpne(j)) => cond(*c, Cond::Ne).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmplt(j)) => cond(*c, Cond::Lt).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmpge(j)) => cond(*c, Cond::Ge).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmpgt(j)) => cond(*c, Cond::Gt).and(self.branch(at, *t, *j as i64)),
            (I::IfIcmp(c, t), T::IfIcmple(j)) => cond(*c, Cond::Le).and(self.branch(at, *t, *j as i64)),
            (I::IfAcmpeq(t), T::IfAcmpeq(j)) | (I::IfAcmpne(t), T::IfAcmpne(j)) => self.branch(at, *t, *j as i64),
            (I::Ifnull(t), T::Ifnull(j)) | (I::Ifnonnull(t), T::Ifnonnull(j)) => self.branch(at, *t, *j as i64),
            (I::Goto(t), T::Goto(j)) | (I::Jsr(t), T::Jsr(j)) => self.branch(at, *t, *j as i64),
            (I::Goto(t), T::GotoW(j)) | (I::Jsr(t), T::JsrW(j)) => self.branch(at, *t, *j as i64),
            (I::Tableswitch(s), T::Tableswitch { default, low, high, offsets }) => {
                match self.code.switches.get(*s as usize) {
                    Some(SwitchTable::Table { low: l, default: d, targets }) => {
                        ensure(l == low, || format!("tableswitch low {l} vs {low}"))?;
                        ensure(targets.len() as i64 == *high as i64 - *low as i64 + 1, || {
                            format!("tableswitch has {} targets, high {high}", targets.len())
                        })?;
                        ensure(targets.len() == offsets.len(), || "tableswitch target count".into())?;
                        self.branch(at, *d, *default as i64)?;
                        for (t, j) in targets.iter().zip(offsets) {
                            self.branch(at, *t, *j as i64)?;
                        }
                        Ok(())
                    }
                    other => Err(format!("tableswitch table {other:?}")),
                }
            }
            (I::Lookupswitch(s), T::Lookupswitch { default, pairs }) => match self.code.switches.get(*s as usize) {
                Some(SwitchTable::Lookup { default: d, pairs: ours_pairs }) => {
                    self.branch(at, *d, *default as i64)?;
                    let mut want = pairs.clone();
                    want.sort_by_key(|p| p.0);
                    ensure(ours_pairs.len() == want.len(), || "lookupswitch pair count".into())?;
                    for ((k, t), (wk, wj)) in ours_pairs.iter().zip(&want) {
                        ensure(k == wk, || format!("lookupswitch key {k} vs {wk}"))?;
                        self.branch(at, *t, *wj as i64)?;
                    }
                    Ok(())
                }
                other => Err(format!("lookupswitch table {other:?}")),
            },

            // references
            (I::Getstatic(p), T::Getstatic(i)) | (I::Putstatic(p), T::Putstatic(i)) | (I::Getfield(p), T::Getfield(i))
            | (I::Putfield(p), T::Putfield(i)) => self.pool_member(*p, *i, &[9]),
            (I::Invokevirtual(p), T::Invokevirtual(i)) => self.pool_member(*p, *i, &[10]),
            (I::Invokespecial(p), T::Invokespecial(i)) | (I::Invokestatic(p), T::Invokestatic(i)) => {
                self.pool_member(*p, *i, &[10, 11])
            }
            (I::Invokeinterface(p), T::Invokeinterface { index, .. }) => self.pool_member(*p, *index, &[11]),
            (I::Invokedynamic(p), T::Invokedynamic(i)) => {
                self.tally.pool_operands += 1;
                let (bsm, nt) = match self.theirs.entry(*i)? {
                    CI::InvokeDynamic(d) => (d.bootstrap_method_attr_index, d.name_and_type_index),
                    e => return Err(format!("invokedynamic operand {e:?}")),
                };
                let (n, d) = self.theirs.name_and_type(nt)?;
                match self.ours.pool.get(*p) {
                    PoolEntry::InvokeDynamic(r) if r.bootstrap == bsm && &*r.name == n && &*r.descriptor == d => Ok(()),
                    e => Err(format!("invokedynamic {e:?}, expected #{bsm} {n}{d}")),
                }
            }
            (I::New(p), T::New(i)) | (I::Anewarray(p), T::Anewarray(i)) | (I::Checkcast(p), T::Checkcast(i))
            | (I::Instanceof(p), T::Instanceof(i)) => self.pool_class(*p, *i),
            (I::Multianewarray(p, d), T::Multianewarray { index, dimensions }) => {
                ensure(d == dimensions, || format!("multianewarray dims {d} vs {dimensions}"))?;
                self.pool_class(*p, *index)
            }
            (I::Newarray(t), T::Newarray(a)) => {
                let want = match a {
                    4 => PrimitiveType::Boolean,
                    5 => PrimitiveType::Char,
                    6 => PrimitiveType::Float,
                    7 => PrimitiveType::Double,
                    8 => PrimitiveType::Byte,
                    9 => PrimitiveType::Short,
                    10 => PrimitiveType::Int,
                    11 => PrimitiveType::Long,
                    _ => return Err(format!("newarray atype {a}")),
                };
                ensure(*t == want, || format!("newarray {t:?} vs {want:?}"))
            }
            _ => Err(format!("opcode family {} ({ours:?}) vs {theirs:?}", ours.mnemonic())),
        }
    }
}

/// Strict modified-UTF-8 (JVMS §4.4.7) to UTF-16, written independently of the crate's
/// decoder: 1-, 2- and 3-byte forms only, no 4-byte forms, no raw NUL.
fn mutf8_units(b: &[u8]) -> Option<Vec<u16>> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as u16;
        let cont = |k: usize| b.get(i + k).filter(|&&x| x & 0xC0 == 0x80).map(|&x| (x & 0x3F) as u16);
        match b[i] {
            0x01..=0x7F => {
                out.push(c);
                i += 1;
            }
            0xC0..=0xDF => {
                out.push(((c & 0x1F) << 6) | cont(1)?);
                i += 2;
            }
            0xE0..=0xEF => {
                out.push(((c & 0x0F) << 12) | (cont(1)? << 6) | cont(2)?);
                i += 3;
            }
            _ => return None,
        }
    }
    Some(out)
}

/// First characters of a message part (class files hold huge string constants).
fn clip(s: &str) -> String {
    if s.chars().count() <= 80 {
        format!("{s:?}")
    } else {
        format!("{:?}... ({} chars)", s.chars().take(80).collect::<String>(), s.chars().count())
    }
}

fn short_index(t: &TI) -> u16 {
    use TI as T;
    match t {
        T::Iload0 | T::Lload0 | T::Fload0 | T::Dload0 | T::Aload0 => 0,
        T::Istore0 | T::Lstore0 | T::Fstore0 | T::Dstore0 | T::Astore0 => 0,
        T::Iload1 | T::Lload1 | T::Fload1 | T::Dload1 | T::Aload1 => 1,
        T::Istore1 | T::Lstore1 | T::Fstore1 | T::Dstore1 | T::Astore1 => 1,
        T::Iload2 | T::Lload2 | T::Fload2 | T::Dload2 | T::Aload2 => 2,
        T::Istore2 | T::Lstore2 | T::Fstore2 | T::Dstore2 | T::Astore2 => 2,
        T::Iload3 | T::Lload3 | T::Fload3 | T::Dload3 | T::Aload3 => 3,
        T::Istore3 | T::Lstore3 | T::Fstore3 | T::Dstore3 | T::Astore3 => 3,
        _ => u16::MAX,
    }
}

/// Compares one class; returns the first disagreement.
fn compare_class(ours: &ClassDef, cf: &TheirClass, tally: &mut Tally) -> Result<(), String> {
    let t = Theirs { cf };
    let name = t.class(cf.this_class)?;
    ensure(&*ours.name == name, || format!("class name {} vs {name}", ours.name))?;
    let sup = if cf.super_class == 0 { None } else { Some(t.class(cf.super_class)?) };
    ensure(ours.super_name.as_deref() == sup, || format!("super {:?} vs {sup:?}", ours.super_name))?;
    let ifs: Vec<&str> = cf.interfaces.iter().map(|&i| t.class(i)).collect::<Result<_, _>>()?;
    let our_ifs: Vec<&str> = ours.interfaces.iter().map(|s| &**s).collect();
    ensure(our_ifs == ifs, || format!("interfaces {our_ifs:?} vs {ifs:?}"))?;
    ensure(ours.access == cf.access_flags.bits(), || {
        format!("class access {:#06x} vs {:#06x}", ours.access, cf.access_flags.bits())
    })?;
    ensure(ours.major_version == cf.major_version, || "major version".into())?;

    ensure(ours.fields.len() == cf.fields.len(), || format!("{} fields vs {}", ours.fields.len(), cf.fields.len()))?;
    for (f, tf) in ours.fields.iter().zip(&cf.fields) {
        tally.fields += 1;
        let (n, d) = (t.utf8(tf.name_index)?, t.utf8(tf.descriptor_index)?);
        ensure(&*f.name == n && &*f.descriptor == d, || format!("field {}:{} vs {n}:{d}", f.name, f.descriptor))?;
        ensure(f.access == tf.access_flags.bits(), || {
            format!("field {n} access {:#06x} vs {:#06x}", f.access, tf.access_flags.bits())
        })?;
    }

    ensure(ours.methods.len() == cf.methods.len(), || {
        format!("{} methods vs {}", ours.methods.len(), cf.methods.len())
    })?;
    for (m, tm) in ours.methods.iter().zip(&cf.methods) {
        tally.methods += 1;
        let (n, d) = (t.utf8(tm.name_index)?, t.utf8(tm.descriptor_index)?);
        ensure(&*m.name == n && &*m.descriptor == d, || format!("method {}{} vs {n}{d}", m.name, m.descriptor))?;
        ensure(m.access == tm.access_flags.bits(), || {
            format!("method {n}{d} access {:#06x} vs {:#06x}", m.access, tm.access_flags.bits())
        })?;
        let code_attr = tm.attributes.iter().find(|a| t.utf8(a.attribute_name_index).ok() == Some("Code"));
        let (code, ta) = match (&m.code, code_attr) {
            (None, None) => continue,
            (Some(c), Some(a)) => {
                let (_, ta) =
                    code_attribute_parser(&a.info).map_err(|e| format!("their Code of {n}{d}: {e:?}"))?;
                (c, ta)
            }
            (o, a) => return Err(format!("method {n}{d}: code present {} vs {}", o.is_some(), a.is_some())),
        };
        tally.code_bodies += 1;
        compare_code(ours, &t, code, &ta, tally).map_err(|e| format!("method {n}{d}: {e}"))?;
    }
    Ok(())
}

fn compare_code(
    ours: &ClassDef,
    t: &Theirs<'_>,
    code: &Code,
    ta: &classfile_parser::attribute_info::CodeAttribute,
    tally: &mut Tally,
) -> Result<(), String> {
    ensure(code.max_stack == ta.max_stack && code.max_locals == ta.max_locals, || "max_stack/max_locals".into())?;
    let (rest, insns) = code_parser(&ta.code).map_err(|e| format!("their bytecode: {e:?}"))?;
    ensure(rest.is_empty(), || format!("their bytecode parse stopped {} bytes early", rest.len()))?;
    ensure(code.insns.len() == code.offsets.len(), || "insns/offsets length".into())?;
    let their_offsets: Vec<u32> = insns.iter().map(|(o, _)| *o as u32).collect();
    ensure(code.offsets == their_offsets, || {
        let i = code.offsets.iter().zip(&their_offsets).position(|(a, b)| a != b).unwrap_or(code.offsets.len().min(their_offsets.len()));
        format!("instruction offsets differ at #{i} ({} vs {} insns)", code.offsets.len(), their_offsets.len())
    })?;
    let mut cx = Ctx { ours, theirs: t, code, code_len: ta.code.len(), tally };
    for ((at, ti), oi) in insns.iter().zip(&code.insns) {
        cx.tally.insns += 1;
        cx.insn(*at, oi, ti).map_err(|e| format!("insn at {at}: {e}"))?;
    }

    ensure(code.handlers.len() == ta.exception_table.len(), || {
        format!("{} handlers vs {}", code.handlers.len(), ta.exception_table.len())
    })?;
    for (h, th) in code.handlers.iter().zip(&ta.exception_table) {
        cx.tally.handlers += 1;
        let got = (cx.bound_offset(h.start)?, cx.bound_offset(h.end)?, cx.bound_offset(h.handler)?);
        let want = (th.start_pc as usize, th.end_pc as usize, th.handler_pc as usize);
        ensure(got == want, || format!("handler range {got:?} vs {want:?}"))?;
        let want_type = if th.catch_type == 0 { None } else { Some(t.class(th.catch_type)?) };
        let got_type = match h.catch_type {
            None => None,
            Some(p) => match ours.pool.get(p) {
                PoolEntry::Class(c) => Some(&**c),
                e => return Err(format!("catch type {e:?}")),
            },
        };
        ensure(got_type == want_type, || format!("catch type {got_type:?} vs {want_type:?}"))?;
    }
    Ok(())
}

fn check_chunk(image: &JImage, classes: &[(Box<str>, Box<str>)]) -> Tally {
    let mut tally = Tally::default();
    for (module, name) in classes {
        tally.classes += 1;
        let res = format!("/{module}/{name}.class");
        let bytes = match image.find_resource(&res) {
            Ok(Some(b)) => b,
            other => {
                tally.ours_failed.push(format!("{res}: lookup {other:?}"));
                continue;
            }
        };
        let ours = match parse_class(bytes, &res) {
            Ok(c) => c,
            Err(e) => {
                tally.ours_failed.push(e.to_string());
                continue;
            }
        };
        let theirs = catch_unwind(AssertUnwindSafe(|| classfile_parser::class_parser(bytes)));
        let cf = match theirs {
            Ok(Ok((_, cf))) => cf,
            Ok(Err(_)) => {
                tally.theirs_failed.push(format!("{name} (error)"));
                continue;
            }
            Err(_) => {
                tally.theirs_failed.push(format!("{name} (panic)"));
                continue;
            }
        };
        tally.compared += 1;
        if let Err(e) = compare_class(&ours, &cf, &mut tally) {
            tally.mismatch_count += 1;
            if tally.mismatches.len() < 50 {
                tally.mismatches.push(format!("{name}: {}", e.chars().take(400).collect::<String>()));
            }
        }
    }
    tally
}

#[test]
fn every_jdk_class_agrees_with_classfile_parser() {
    let home = match find_java_home(None) {
        Ok(h) => h,
        Err(e) => {
            eprintln!("skipping: {e}");
            return;
        }
    };
    let modules = home.join("lib").join("modules");
    let start = std::time::Instant::now();
    let classes = JImage::open(&modules).expect("open image").all_classes();
    assert!(classes.len() > 1000, "only {} classes in the image", classes.len());

    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).clamp(1, 8);
    let chunk = classes.len().div_ceil(threads);
    let mut tally = Tally::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = classes
            .chunks(chunk)
            .map(|part| {
                let modules = &modules;
                // JImage is not Sync (it caches package lookups): one per thread
                s.spawn(move || check_chunk(&JImage::open(modules).expect("open image"), part))
            })
            .collect();
        for h in handles {
            tally.merge(h.join().expect("checker thread panicked"));
        }
    });

    eprintln!(
        "jdk cross-check: {} classes in {}, ours parsed {}, classfile-parser failed on {}, compared {} \
         ({} fields, {} methods, {} code bodies, {} instructions, {} pool operands, {} handlers, \
         {} strings with lone surrogates length-checked); {} mismatching classes; {:.1}s on {threads} threads",
        tally.classes,
        modules.display(),
        tally.classes - tally.ours_failed.len(),
        tally.theirs_failed.len(),
        tally.compared,
        tally.fields,
        tally.methods,
        tally.code_bodies,
        tally.insns,
        tally.pool_operands,
        tally.handlers,
        tally.strings_unpaired,
        tally.mismatch_count,
        start.elapsed().as_secs_f64()
    );
    for f in tally.theirs_failed.iter().take(20) {
        eprintln!("  classfile-parser failed: {f}");
    }
    for m in &tally.mismatches {
        eprintln!("  MISMATCH {m}");
    }
    for f in tally.ours_failed.iter().take(20) {
        eprintln!("  OURS FAILED {f}");
    }

    assert!(tally.ours_failed.is_empty(), "our parser failed on {} classes", tally.ours_failed.len());
    assert!(
        tally.theirs_failed.len() * 100 < tally.classes,
        "classfile-parser failed on {} of {} classes (>= 1%)",
        tally.theirs_failed.len(),
        tally.classes
    );
    assert_eq!(tally.mismatch_count, 0, "parsers disagree on {} classes", tally.mismatch_count);
    assert!(tally.compared * 100 >= tally.classes * 99);
}
