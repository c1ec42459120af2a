//! Class files for jvmc: where they are and what they say.
//!
//! - [`ClassPath`] finds class bytes in the JDK runtime image ([`JImage`], the
//!   installed JDK's `lib/modules`) and in user directories and jars;
//!   [`find_java_home`] locates the JDK.
//! - [`parse_class`] turns bytes into a [`ClassDef`]: the linked IR the vm loads, with
//!   instructions as [`Insn`]s (branch targets are instruction indices), constant-pool
//!   references resolved to symbolic [`PoolEntry`]s once, exception tables, line
//!   numbers and bootstrap methods.
//! - [`LiveLocals`] says which local slots a method body can still read at each
//!   instruction (live variables), so the model checker can forget dead values.
//!
//! ```no_run
//! use jvmc_classfile::{find_java_home, parse_class, ClassPath};
//! let home = find_java_home(None).unwrap();
//! let cp = ClassPath::new(&home, &[]).unwrap();
//! let found = cp.find("java/lang/Object").unwrap().unwrap();
//! let class = parse_class(&found.bytes, "java/lang/Object").unwrap();
//! assert!(class.super_name.is_none());
//! ```
//!
//! **Architecture invariant:** this crate knows nothing about execution. It does not
//! depend on the vm, and the vm never sees a raw constant-pool index.
#![deny(missing_docs)]

mod cache;
mod classpath;
mod codec;
pub mod descriptor;
mod error;
pub mod insn;
mod ir;
mod java_home;
pub mod jimage;
mod liveness;
mod mutf8;
mod parse;
mod prescan;

pub use cache::ClassCache;
pub use classpath::{ClassBytes, ClassPath, Origin};
pub use error::{ClassFormatError, ClassPathError};
pub use insn::{Cond, Insn, InsnIndex, PoolIndex, PrimitiveType, SwitchTable};
pub use ir::*;
pub use java_home::find_java_home;
pub use jimage::JImage;
pub use liveness::LiveLocals;
pub use mutf8::decode_to_utf16;
pub use parse::{parse_class, MAX_MAJOR_VERSION};
