//! The jvmc virtual machine: runs real class files on the installed JDK's class
//! library, one thread at a time, exactly as HotSpot would (`java -ea`).
//!
//! - [`Vm`] holds one Java world: class table ([`class`]), heap ([`heap`]), threads
//!   ([`thread`]), native peers ([`native`]).
//! - The interpreter ([`interpreter`]) executes pre-decoded instructions from
//!   `jvmc-classfile`; `invokedynamic` is linked by [`indy`].
//! - [`Vm::boot`] starts the JDK lazily; [`Vm::run_main`] runs a program.
//!
//! ```no_run
//! use jvmc_vm::{Vm, VmOptions};
//! let mut vm = Vm::new(VmOptions { class_path: vec!["classes".into()], ..VmOptions::default() }).unwrap();
//! vm.boot().unwrap();
//! let status = vm.run_main("Hello", &[]).unwrap();
//! assert_eq!(status, 0);
//! ```
//!
//! **Architecture invariants:** the vm never chooses which thread runs (the search
//! does); a Java exception is data, never a Rust error; the heap never collects except
//! at an interpreter safepoint.
#![deny(missing_docs)]

mod boot;
mod boxing;
pub mod check;
pub mod class;
mod clock;
mod error;
mod exception;
mod file_table;
mod gc;
pub mod heap;
mod indy;
pub mod interpreter;
mod monitor;
pub mod native;
mod native_memory;
mod string;
pub mod thread;
pub mod value;
mod vm;
mod well_known;
mod zip_streams;

pub use error::{VmError, VmResult};
pub use value::{ObjRef, Value};
pub use vm::{Output, OutputMode, Vm, VmOptions};
