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

impl PartialEq for PoolEntry {
    fn eq(&self, other: &Self) -> bool {
        use PoolEntry::*;
        match (self, other) {
            (Int(a), Int(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            (Long(a), Long(b)) => a == b,
            (Double(a), Double(b)) => a.to_bits() == b.to_bits(),
            (String(a), String(b)) => a == b,
            (Class(a), Class(b)) => a == b,
            (Field(a), Field(b)) => a == b,
            (Method(a), Method(b)) => a == b,
            (InterfaceMethod(a), InterfaceMethod(b)) => a == b,
            (MethodHandle(a), MethodHandle(b)) => a == b,
            (MethodType(a), MethodType(b)) => a == b,
            (Dynamic(a), Dynamic(b)) => a == b,
            (InvokeDynamic(a), InvokeDynamic(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for PoolEntry {}

impl std::hash::Hash for PoolEntry {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        use PoolEntry::*;
        std::mem::discriminant(self).hash(h);
        match self {
            Int(v) => v.hash(h),
            Float(v) => v.to_bits().hash(h),
            Long(v) => v.hash(h),
            Double(v) => v.to_bits().hash(h),
            String(v) => v.hash(h),
            Class(v) | MethodType(v) => v.hash(h),
            Field(m) | Method(m) | InterfaceMethod(m) => m.hash(h),
            MethodHandle(m) => m.hash(h),
            Dynamic(d) | InvokeDynamic(d) => d.hash(h),
        }
    }
}

/// The constant entries a class's code uses, deduplicated. Indices are [`PoolIndex`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConstPool {
    entries: Vec<PoolEntry>,
    index: rustc_hash::FxHashMap<PoolEntry, PoolIndex>,
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
        if let Some(&i) = self.index.get(&entry) {
            return i;
        }
        let i = u16::try_from(self.entries.len()).expect("constant pool overflow");
        self.entries.push(entry.clone());
        self.index.insert(entry, i);
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
