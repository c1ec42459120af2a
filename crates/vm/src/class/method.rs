//! Runtime methods: signature facts, the body as executed, and per-class resolution
//! caches for constant-pool operands.

use std::cell::Cell;
use std::rc::Rc;

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{access, Handler, Insn, SwitchTable};

use super::ClassId;
use crate::native::NativeFn;
use crate::value::Value;

/// Index of a method in the vm's method table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MethodId(pub u32);

/// A constant-pool entry after resolution (JVMS §5.4.3). Resolution results are
/// facts about loaded classes, valid for the whole run; class *initialisation* is
/// state and is always checked separately.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Resolved {
    /// not resolved yet
    #[default]
    Unresolved,
    /// a class, array class or interface
    Class(ClassId),
    /// an instance field: declaring class, slot, type
    Field {
        /// class that declares the field
        class: ClassId,
        /// slot in the instance layout
        slot: u32,
        /// basic type
        ty: BasicType,
        /// position in the declaring class's `fields`
        index: u16,
    },
    /// a static field: declaring class (to initialise), slot, type
    Static {
        /// class that declares the field
        class: ClassId,
        /// slot among the class's statics
        slot: u32,
        /// basic type
        ty: BasicType,
    },
    /// a method (what it resolved to; selection happens per call)
    Method(MethodId),
    /// a constant value (`ldc` of strings, classes, numbers; non-capturing lambdas)
    Constant(Value),
    /// an `invokedynamic` call site linked to a static method of a synthetic class
    CallSite(MethodId),
}

/// The executable body of a bytecode method.
#[derive(Debug)]
pub struct MethodCode {
    /// instructions
    pub insns: Box<[Insn]>,
    /// exception handlers in table order
    pub handlers: Box<[Handler]>,
    /// switch tables
    pub switches: Box<[SwitchTable]>,
    /// `(first instruction, line)` sorted
    pub lines: Box<[(u32, u32)]>,
    /// local-variable names, when the class has them
    pub local_names: Box<[jvmc_classfile::LocalVar]>,
    /// declared local slots
    pub max_locals: u16,
    /// declared operand-stack slots
    pub max_stack: u16,
    /// resolution cache of the declaring class's pool
    pub pool: Rc<[Cell<Resolved>]>,
    /// which locals each instruction can still read, analysed on first use (`None`
    /// inside: not analysable, every slot live); see `check/dead_locals.rs`
    pub live: std::cell::OnceCell<Option<jvmc_classfile::LiveLocals>>,
}

impl MethodCode {
    /// Source line of instruction `pc`.
    pub fn line_of(&self, pc: u32) -> Option<u32> {
        match self.lines.binary_search_by_key(&pc, |e| e.0) {
            Ok(i) => Some(self.lines[i].1),
            Err(0) => None,
            Err(i) => Some(self.lines[i - 1].1),
        }
    }
}

/// How a call to this method is carried out.
#[derive(Clone, Debug)]
pub enum MethodBody {
    /// interpreted bytecode
    Code(Rc<MethodCode>),
    /// a native method (or a Java method jvmc overrides) whose Rust peer is not looked
    /// up yet
    NativeUnlinked,
    /// a linked native peer
    Native(NativeFn),
    /// an abstract method (calling it is an `AbstractMethodError`)
    Abstract,
}

/// A method of a loaded class.
#[derive(Debug)]
pub struct Method {
    /// this method's id
    pub id: MethodId,
    /// declaring class
    pub class: ClassId,
    /// name
    pub name: Box<str>,
    /// a name-derived id, the same in every vm (declaring class, name and descriptor;
    /// see [`super::stable_key`]), for fingerprints, allocation sites and backtraces
    pub stable: u64,
    /// descriptor
    pub descriptor: Box<str>,
    /// access flags
    pub access: u16,
    /// argument slots including the receiver
    pub arg_slots: u16,
    /// parameter basic types (excluding the receiver)
    pub params: Box<[BasicType]>,
    /// result type; `None` for void
    pub ret: Option<BasicType>,
    /// the body
    pub body: MethodBody,
    /// index among the declaring class's methods (reflection `slot`)
    pub index: u16,
    /// declared checked exceptions
    pub exceptions: Box<[Box<str>]>,
    /// generic signature
    pub signature: Option<Box<str>>,
}

impl Method {
    /// Whether the method is static.
    #[inline]
    pub fn is_static(&self) -> bool {
        self.access & access::STATIC != 0
    }

    /// Whether the method is private.
    #[inline]
    pub fn is_private(&self) -> bool {
        self.access & access::PRIVATE != 0
    }

    /// Whether the method is abstract.
    #[inline]
    pub fn is_abstract(&self) -> bool {
        self.access & access::ABSTRACT != 0
    }

    /// Whether the method is synchronized.
    #[inline]
    pub fn is_synchronized(&self) -> bool {
        self.access & access::SYNCHRONIZED != 0
    }

    /// Whether this is an instance initialiser.
    pub fn is_init(&self) -> bool {
        &*self.name == "<init>"
    }

    /// Slots the result occupies on the operand stack.
    pub fn ret_slots(&self) -> usize {
        self.ret.map_or(0, |t| t.slots())
    }
}
