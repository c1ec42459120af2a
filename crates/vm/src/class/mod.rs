//! Runtime classes: the loaded, linked form of class files, array classes and the
//! primitive pseudo-classes, plus the per-class state that belongs to the program
//! state (initialisation status and static fields).
//!
//! Submodules: `method` (methods and resolution caches), `loader` (finding, parsing,
//! linking), `resolve` (field and method resolution and selection, JVMS §5.4.3,
//! §5.4.6), `init` (initialisation, JVMS §5.5), `mirror` (`java.lang.Class` objects).

pub mod init;
pub mod loader;
pub mod method;
pub mod mirror;
pub mod resolve;

use std::cell::Cell;
use std::rc::Rc;

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{access, ClassDef, Origin, PrimitiveType};

pub use method::{Method, MethodBody, MethodCode, MethodId, Resolved};

use crate::value::{ObjRef, Value};

/// Index of a class in the vm's class table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

impl ClassId {
    /// As a table index.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What kind of class this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassKind {
    /// a class or interface loaded from a class file (or built by the vm)
    Instance,
    /// an array class
    Array {
        /// component class
        component: ClassId,
        /// element storage; `None` for reference arrays
        elem: Option<PrimitiveType>,
    },
    /// `int.class` etc.; `None` is `void.class`
    Primitive(Option<PrimitiveType>),
}

/// A declared field with its storage slot.
#[derive(Clone, Debug)]
pub struct FieldInfo {
    /// name
    pub name: Box<str>,
    /// descriptor
    pub descriptor: Box<str>,
    /// access flags
    pub access: u16,
    /// basic type
    pub ty: BasicType,
    /// instance slot or static slot
    pub slot: u32,
    /// `ConstantValue` of a static final field
    pub constant: Option<jvmc_classfile::PoolEntry>,
    /// generic signature
    pub signature: Option<Box<str>>,
}

impl FieldInfo {
    /// Whether the field is static.
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }
}

/// A loaded class.
#[derive(Debug)]
pub struct Class {
    /// this class's id
    pub id: ClassId,
    /// internal name (`java/lang/String`, `[I`, `int`)
    pub name: Box<str>,
    /// a name-derived id, the same in every vm that loads the class whatever the
    /// load order (what fingerprints and stable object ids use; see [`stable_key`])
    pub stable: u64,
    /// access flags
    pub access: u16,
    /// kind
    pub kind: ClassKind,
    /// direct superclass
    pub super_class: Option<ClassId>,
    /// direct superinterfaces
    pub interfaces: Vec<ClassId>,
    /// every supertype including itself, sorted (for subtype tests)
    pub supertypes: Vec<ClassId>,
    /// declared fields
    pub fields: Vec<FieldInfo>,
    /// instance slots including inherited and hidden ones
    pub instance_slots: u32,
    /// initial values of the instance slots (typed zeros)
    pub instance_template: Rc<[Value]>,
    /// number of static slots
    pub static_slots: u32,
    /// typed zero values of the static slots
    pub static_template: Box<[Value]>,
    /// declared methods
    pub methods: Vec<MethodId>,
    /// the class file IR (pool, attributes); `None` for array and primitive classes
    pub def: Option<Rc<ClassDef>>,
    /// resolution cache parallel to `def.pool`
    pub pool: Rc<[Cell<Resolved>]>,
    /// where the class came from; `None` for classes the vm made
    pub origin: Option<Origin>,
    /// the `java.lang.Class` object, once created
    pub mirror: Option<ObjRef>,
    /// `<clinit>`, if declared
    pub clinit: Option<MethodId>,
    /// whether an interface declares a non-abstract, non-static method (JVMS §5.5)
    pub declares_defaults: bool,
}

impl Class {
    /// Whether this is an interface.
    #[inline]
    pub fn is_interface(&self) -> bool {
        self.access & access::INTERFACE != 0
    }

    /// Whether this is an array class.
    #[inline]
    pub fn is_array(&self) -> bool {
        matches!(self.kind, ClassKind::Array { .. })
    }

    /// Whether `other` is this class or one of its supertypes.
    #[inline]
    pub fn is_subtype_of(&self, other: ClassId) -> bool {
        self.id == other || self.supertypes.binary_search(&other).is_ok()
    }

    /// The package part of the internal name (`java/lang`), empty for the default
    /// package.
    pub fn package(&self) -> &str {
        let n = self.name.trim_start_matches('[');
        let n = n.strip_prefix('L').filter(|_| self.is_array()).unwrap_or(n);
        n.rfind('/').map_or("", |i| &n[..i])
    }

    /// The binary name with dots (`java.lang.String`, `[I`, `[Ljava.lang.String;`).
    pub fn java_name(&self) -> String {
        self.name.replace('/', ".")
    }

    /// Finds a declared field.
    pub fn field(&self, name: &str, descriptor: &str) -> Option<&FieldInfo> {
        self.fields.iter().find(|f| &*f.name == name && &*f.descriptor == descriptor)
    }

    /// Whether the class comes from the JDK runtime image.
    pub fn is_jdk(&self) -> bool {
        !matches!(self.origin, Some(Origin::User { .. }))
    }
}

/// Initialisation status (JVMS §5.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InitState {
    /// linked, not initialised
    Uninitialized,
    /// `<clinit>` running in the given thread
    InProgress(u32),
    /// initialised
    Initialized,
    /// initialisation failed; uses throw `NoClassDefFoundError`
    Failed,
}

/// The part of a class that belongs to the program state.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassState {
    /// initialisation status
    pub init: InitState,
    /// static field values
    pub statics: Box<[Value]>,
    /// journal epoch of the last copy (model checker)
    pub epoch: u32,
    /// what the statics hash sum counts for this class (model checker)
    pub hash: u128,
    /// changed since `hash` was computed
    pub dirty: bool,
}

/// The id of a class with internal name `name` that fingerprints and stable object
/// ids use instead of its [`ClassId`]: ids count classes in load order, which differs
/// between vms that explore different paths (the workers of a parallel search), while
/// a name means the same class in every vm (there is one class namespace).
pub fn stable_key(name: &str) -> u64 {
    xxhash_rust::xxh3::xxh3_64_with_seed(name.as_bytes(), 0x6a76_6d63_636c_7373)
}

/// The stable id of the method `name` `descriptor` of the class whose stable id is
/// `class` (see [`stable_key`]).
pub fn method_stable_key(class: u64, name: &str, descriptor: &str) -> u64 {
    let own = xxhash_rust::xxh3::xxh3_64_with_seed(format!("{name}{descriptor}").as_bytes(), class);
    crate::heap::mix_ids(class, own)
}

/// The bits of a method's stable id a backtrace entry keeps (the low 16 hold the
/// pc, which JVMS §4.7.3 bounds below 65,536): 48 bits, enough that two methods of
/// one program share them with odds below one in a million.
pub(crate) const BACKTRACE_METHOD_MASK: u64 = !0xffff;
