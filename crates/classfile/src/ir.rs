//! The linked class IR: what the vm loads.
//!
//! A [`ClassDef`] is a parsed class file with every constant-pool reference that code
//! or attributes use resolved to symbolic form once ([`PoolEntry`]), instructions
//! decoded into [`Insn`]s with instruction-index branch targets, and the attributes the
//! vm needs (exception tables, line numbers, bootstrap methods, inner classes, nest
//! and record information). The IR is plain data: the vm may also build `ClassDef`s
//! itself (lambda proxies, string-concat helpers) and load them like parsed ones.

use crate::insn::{Insn, InsnIndex, PoolIndex, SwitchTable};

/// Access flags (JVMS §4.1, §4.5, §4.6).
pub mod access {
    #![allow(missing_docs)]
    pub const PUBLIC: u16 = 0x0001;
    pub const PRIVATE: u16 = 0x0002;
    pub const PROTECTED: u16 = 0x0004;
    pub const STATIC: u16 = 0x0008;
    pub const FINAL: u16 = 0x0010;
    pub const SUPER: u16 = 0x0020;
    pub const SYNCHRONIZED: u16 = 0x0020;
    pub const VOLATILE: u16 = 0x0040;
    pub const BRIDGE: u16 = 0x0040;
    pub const TRANSIENT: u16 = 0x0080;
    pub const VARARGS: u16 = 0x0080;
    pub const NATIVE: u16 = 0x0100;
    pub const INTERFACE: u16 = 0x0200;
    pub const ABSTRACT: u16 = 0x0400;
    pub const STRICT: u16 = 0x0800;
    pub const SYNTHETIC: u16 = 0x1000;
    pub const ANNOTATION: u16 = 0x2000;
    pub const ENUM: u16 = 0x4000;
    pub const MODULE: u16 = 0x8000;
}

/// A symbolic reference to a field or method (`Fieldref`, `Methodref`,
/// `InterfaceMethodref`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemberRef {
    /// internal name of the class (or array descriptor for methods on arrays)
    pub class: Box<str>,
    /// member name
    pub name: Box<str>,
    /// field or method descriptor
    pub descriptor: Box<str>,
}

/// `CONSTANT_MethodHandle` reference kinds (JVMS §5.4.3.5).
#[allow(missing_docs)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandleKind {
    GetField = 1,
    GetStatic = 2,
    PutField = 3,
    PutStatic = 4,
    InvokeVirtual = 5,
    InvokeStatic = 6,
    InvokeSpecial = 7,
    NewInvokeSpecial = 8,
    InvokeInterface = 9,
}

/// A `CONSTANT_MethodHandle`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MethodHandleRef {
    /// how the member is accessed
    pub kind: HandleKind,
    /// the member
    pub member: MemberRef,
    /// whether the member is an interface method (`InterfaceMethodref`)
    pub is_interface: bool,
}

/// A dynamically-computed constant or call site (`CONSTANT_Dynamic`,
/// `CONSTANT_InvokeDynamic`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DynamicRef {
    /// index into [`ClassDef::bootstrap_methods`]
    pub bootstrap: u16,
    /// name passed to the bootstrap method
    pub name: Box<str>,
    /// field descriptor (condy) or method descriptor (indy)
    pub descriptor: Box<str>,
}

/// One resolved constant-pool entry, as referenced by instructions and attributes.
///
/// Equality and hashing compare floating-point constants by bit pattern, so a pool
/// can deduplicate entries with a hash map (and `NaN` constants stay distinct only
/// when their bits differ).
#[derive(Clone, Debug)]
pub enum PoolEntry {
    /// `CONSTANT_Integer`
    Int(i32),
    /// `CONSTANT_Float`
    Float(f32),
    /// `CONSTANT_Long`
    Long(i64),
    /// `CONSTANT_Double`
    Double(f64),
    /// `CONSTANT_String`, as UTF-16 code units (lone surrogates preserved)
    String(Box<[u16]>),
    /// `CONSTANT_Class`: internal name or array descriptor
    Class(Box<str>),
    /// `CONSTANT_Fieldref`
    Field(MemberRef),
    /// `CONSTANT_Methodref`
    Method(MemberRef),
    /// `CONSTANT_InterfaceMethodref`
    InterfaceMethod(MemberRef),
    /// `CONSTANT_MethodHandle`
    MethodHandle(MethodHandleRef),
    /// `CONSTANT_MethodType`: a method descriptor
    MethodType(Box<str>),
    /// `CONSTANT_Dynamic`
    Dynamic(DynamicRef),
    /// `CONSTANT_InvokeDynamic`
    InvokeDynamic(DynamicRef),
}

/// A borrowed view of a pool entry's identity, so lookups need no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolKey<'a> {
    /// `Int`
    Int(i32),
    /// `Float`, by bits
    Float(u32),
    /// `Long`
    Long(i64),
    /// `Double`, by bits
    Double(u64),
    /// `String`
    String(&'a [u16]),
    /// `Class` or `MethodType` (tag 0 / 1)
    Name(u8, &'a str),
    /// `Field`/`Method`/`InterfaceMethod` (tag 0 / 1 / 2): class, name, descriptor
    Member(u8, &'a str, &'a str, &'a str),
    /// anything rarer: handles and dynamic entries, compared by value
    Other(&'a PoolEntry),
}

impl PoolEntry {
    /// This entry's identity.
    pub fn key(&self) -> PoolKey<'_> {
        match self {
            PoolEntry::Int(v) => PoolKey::Int(*v),
            PoolEntry::Float(v) => PoolKey::Float(v.to_bits()),
            PoolEntry::Long(v) => PoolKey::Long(*v),
            PoolEntry::Double(v) => PoolKey::Double(v.to_bits()),
            PoolEntry::String(s) => PoolKey::String(s),
            PoolEntry::Class(n) => PoolKey::Name(0, n),
            PoolEntry::MethodType(n) => PoolKey::Name(1, n),
            PoolEntry::Field(m) => PoolKey::Member(0, &m.class, &m.name, &m.descriptor),
            PoolEntry::Method(m) => PoolKey::Member(1, &m.class, &m.name, &m.descriptor),
            PoolEntry::InterfaceMethod(m) => PoolKey::Member(2, &m.class, &m.name, &m.descriptor),
            other => PoolKey::Other(other),
        }
    }
}

impl PartialEq for PoolEntry {
    fn eq(&self, other: &Self) -> bool {
        use PoolEntry::*;
        match (self, other) {
            (MethodHandle(a), MethodHandle(b)) => a == b,
            (Dynamic(a), Dynamic(b)) => a == b,
            (InvokeDynamic(a), InvokeDynamic(b)) => a == b,
            (MethodHandle(_) | Dynamic(_) | InvokeDynamic(_), _) | (_, MethodHandle(_) | Dynamic(_) | InvokeDynamic(_)) => false,
            _ => self.key() == other.key(),
        }
    }
}

impl Eq for PoolEntry {}

impl std::hash::Hash for PoolEntry {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        std::mem::discriminant(self).hash(h);
        match self {
            PoolEntry::MethodHandle(m) => m.hash(h),
            PoolEntry::Dynamic(d) | PoolEntry::InvokeDynamic(d) => d.hash(h),
            _ => self.key().hash(h),
        }
    }
}

fn key_hash(k: &PoolKey<'_>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    match k {
        PoolKey::Other(e) => e.hash(&mut h),
        k => k.hash(&mut h),
    }
    h.finish()
}

/// The constant entries a class's code uses, deduplicated. Indices are [`PoolIndex`].
#[derive(Clone, Debug, Default)]
pub struct ConstPool {
    entries: Vec<PoolEntry>,
    /// hash of an entry's key -> first entry with that hash
    heads: rustc_hash::FxHashMap<u64, PoolIndex>,
    /// next entry with the same hash (`PoolIndex::MAX` ends a chain)
    chain: Vec<PoolIndex>,
}

impl PartialEq for ConstPool {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
    }
}

impl ConstPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `entry` (or finds an equal one) and returns its index.
    ///
    /// # Panics
    /// Never for class files (a class file has fewer than 65536 entries); the vm's
    /// synthetic classes are far smaller.
    pub fn add(&mut self, entry: PoolEntry) -> PoolIndex {
        let key = entry.key();
        let hash = key_hash(&key);
        if let Some(i) = self.find(hash, &entry) {
            return i;
        }
        self.insert(hash, entry)
    }

    /// Finds the entry with identity `key`, or adds the one `make` builds. Allocates
    /// only when the entry is new.
    pub fn add_with(&mut self, key: PoolKey<'_>, make: impl FnOnce() -> PoolEntry) -> PoolIndex {
        let hash = key_hash(&key);
        let mut i = self.heads.get(&hash).copied().unwrap_or(PoolIndex::MAX);
        while i != PoolIndex::MAX {
            let e = &self.entries[i as usize];
            let same = match key {
                PoolKey::Other(o) => e == o,
                k => e.key() == k,
            };
            if same {
                return i;
            }
            i = self.chain[i as usize];
        }
        self.insert(hash, make())
    }

    fn find(&self, hash: u64, entry: &PoolEntry) -> Option<PoolIndex> {
        let mut i = self.heads.get(&hash).copied().unwrap_or(PoolIndex::MAX);
        while i != PoolIndex::MAX {
            if &self.entries[i as usize] == entry {
                return Some(i);
            }
            i = self.chain[i as usize];
        }
        None
    }

    fn insert(&mut self, hash: u64, entry: PoolEntry) -> PoolIndex {
        let i = u16::try_from(self.entries.len()).expect("constant pool overflow");
        self.entries.push(entry);
        let prev = self.heads.insert(hash, i).unwrap_or(PoolIndex::MAX);
        self.chain.push(prev);
        i
    }

    /// The entry at `index`.
    pub fn get(&self, index: PoolIndex) -> &PoolEntry {
        &self.entries[index as usize]
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the pool is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// All entries in index order.
    pub fn entries(&self) -> &[PoolEntry] {
        &self.entries
    }
}

/// An exception-table entry with instruction-index bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Handler {
    /// first covered instruction
    pub start: InsnIndex,
    /// first instruction after the covered range
    pub end: InsnIndex,
    /// handler entry
    pub handler: InsnIndex,
    /// [`PoolEntry::Class`] index of the caught type; `None` catches everything
    pub catch_type: Option<PoolIndex>,
}

/// A method body.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Code {
    /// declared maximum operand-stack depth (in JVM slots)
    pub max_stack: u16,
    /// declared number of local-variable slots
    pub max_locals: u16,
    /// the instructions
    pub insns: Vec<Insn>,
    /// byte offset of each instruction in the original code array
    pub offsets: Vec<u32>,
    /// switch tables referenced by `Tableswitch`/`Lookupswitch`
    pub switches: Vec<SwitchTable>,
    /// exception table in class-file order (first match wins)
    pub handlers: Vec<Handler>,
    /// `(first instruction, source line)`, sorted by instruction
    pub lines: Vec<(InsnIndex, u32)>,
    /// local variable names where the class file has them (`LocalVariableTable`)
    pub local_names: Vec<LocalVar>,
}

impl Code {
    /// The source line of instruction `pc`, if the class has line numbers.
    pub fn line_of(&self, pc: InsnIndex) -> Option<u32> {
        match self.lines.binary_search_by_key(&pc, |e| e.0) {
            Ok(i) => Some(self.lines[i].1),
            Err(0) => None,
            Err(i) => Some(self.lines[i - 1].1),
        }
    }
}

/// A `LocalVariableTable` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalVar {
    /// first instruction where the variable is live
    pub start: InsnIndex,
    /// first instruction after the live range
    pub end: InsnIndex,
    /// slot
    pub index: u16,
    /// source name
    pub name: Box<str>,
}

/// A field declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDef {
    /// name
    pub name: Box<str>,
    /// descriptor
    pub descriptor: Box<str>,
    /// access flags
    pub access: u16,
    /// `ConstantValue` for static fields
    pub constant: Option<PoolEntry>,
    /// generic `Signature`
    pub signature: Option<Box<str>>,
}

/// A method declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodDef {
    /// name
    pub name: Box<str>,
    /// descriptor
    pub descriptor: Box<str>,
    /// access flags
    pub access: u16,
    /// the body; `None` for abstract and native methods
    pub code: Option<Code>,
    /// declared checked exceptions (internal names)
    pub exceptions: Vec<Box<str>>,
    /// generic `Signature`
    pub signature: Option<Box<str>>,
}

impl MethodDef {
    /// Whether the method is `static`.
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }
}

/// A `BootstrapMethods` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct BootstrapMethod {
    /// the bootstrap method handle
    pub handle: MethodHandleRef,
    /// static arguments (pool entries: literals, classes, handles, method types)
    pub args: Vec<PoolEntry>,
}

/// An `InnerClasses` entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerClass {
    /// the inner class
    pub inner: Box<str>,
    /// the outer class, if it is a member
    pub outer: Option<Box<str>>,
    /// simple name; `None` for anonymous classes
    pub simple_name: Option<Box<str>>,
    /// access flags as declared in source
    pub access: u16,
}

/// A `Record` component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordComponent {
    /// name
    pub name: Box<str>,
    /// descriptor
    pub descriptor: Box<str>,
    /// generic signature
    pub signature: Option<Box<str>>,
}

/// The `EnclosingMethod` attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnclosingMethod {
    /// the enclosing class
    pub class: Box<str>,
    /// name and descriptor of the enclosing method, if any
    pub method: Option<(Box<str>, Box<str>)>,
}

/// A parsed and linked class.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// internal name, e.g. `java/lang/String`
    pub name: Box<str>,
    /// super class; `None` only for `java/lang/Object`
    pub super_name: Option<Box<str>>,
    /// direct superinterfaces
    pub interfaces: Vec<Box<str>>,
    /// access flags
    pub access: u16,
    /// class-file major version
    pub major_version: u16,
    /// fields in declaration order
    pub fields: Vec<FieldDef>,
    /// methods in declaration order
    pub methods: Vec<MethodDef>,
    /// constant entries used by code and attributes
    pub pool: ConstPool,
    /// `SourceFile`
    pub source_file: Option<Box<str>>,
    /// `BootstrapMethods`
    pub bootstrap_methods: Vec<BootstrapMethod>,
    /// `InnerClasses`
    pub inner_classes: Vec<InnerClass>,
    /// `EnclosingMethod`
    pub enclosing_method: Option<EnclosingMethod>,
    /// `NestHost`
    pub nest_host: Option<Box<str>>,
    /// `NestMembers`
    pub nest_members: Vec<Box<str>>,
    /// `PermittedSubclasses`
    pub permitted_subclasses: Vec<Box<str>>,
    /// `Record` components, if the class is a record
    pub record: Option<Vec<RecordComponent>>,
    /// generic `Signature`
    pub signature: Option<Box<str>>,
}

impl ClassDef {
    /// An empty class named `name` extending `super_name`, for classes the vm builds.
    pub fn new(name: &str, super_name: Option<&str>, access: u16) -> Self {
        ClassDef {
            name: name.into(),
            super_name: super_name.map(Into::into),
            interfaces: Vec::new(),
            access,
            major_version: 61,
            fields: Vec::new(),
            methods: Vec::new(),
            pool: ConstPool::new(),
            source_file: None,
            bootstrap_methods: Vec::new(),
            inner_classes: Vec::new(),
            enclosing_method: None,
            nest_host: None,
            nest_members: Vec::new(),
            permitted_subclasses: Vec::new(),
            record: None,
            signature: None,
        }
    }

    /// Whether this is an interface.
    pub fn is_interface(&self) -> bool {
        self.access & access::INTERFACE != 0
    }

    /// Finds a method by name and descriptor.
    pub fn method(&self, name: &str, descriptor: &str) -> Option<&MethodDef> {
        self.methods.iter().find(|m| &*m.name == name && &*m.descriptor == descriptor)
    }
}
