//! Native peers: Rust implementations of Java `native` methods (and of the few Java
//! methods jvmc replaces), registered by class, name and descriptor.
//!
//! Each submodule mirrors a Java package and registers its peers in `register`.
//! Adding a peer is one function plus one `reg.native(..)` line. A native method
//! without a peer is a clear error naming it ([`VmError::UnsupportedNative`]), never a
//! silent default.

mod args;
pub(crate) mod java_io;
pub(crate) mod java_lang;
pub(crate) mod java_lang_invoke;
mod java_lang_management;
mod java_lang_reflect;
mod java_security;
pub(crate) mod java_util;
pub(crate) mod jdk_internal;
pub(crate) mod raw_memory;
mod sun_nio_ch;
mod sun_nio_fs;

pub use args::Args;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::class::MethodId;
use crate::error::VmError;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Why normal execution stops: a Java exception propagates, the program halts, or the
/// checker fails.
#[derive(Debug)]
pub enum Unwind {
    /// a Java exception being thrown
    Throw(ObjRef),
    /// `Runtime.halt`/`System.exit` with this status
    Halt(i32),
    /// the thread cannot continue (a contended monitor, `wait`, `park`, a class being
    /// initialised by another thread): the current instruction is retried when the
    /// thread is scheduled again
    Block,
    /// interpreter-internal: the thread stands before a scheduling point; stop the
    /// transition here (never returned by natives)
    Yield,
    /// a checker failure
    Fatal(VmError),
}

impl From<VmError> for Unwind {
    fn from(e: VmError) -> Self {
        Unwind::Fatal(e)
    }
}

/// What a native returns.
#[derive(Debug)]
pub enum Ret {
    /// `void`
    Void,
    /// a value (one per parameter convention: a `long` is one `Value::Long`)
    Val(Value),
    /// continue in Java: call `method` with `args` (in slot form); its result is
    /// the native's result, post-processed by a frame of kind `kind`
    Call {
        /// the method to call
        method: MethodId,
        /// argument slots
        args: Vec<Value>,
        /// the frame between the native's caller and the callee
        kind: Option<FrameKind>,
    },
}

impl Ret {
    /// An `int` (or `boolean`, `char`, ...) result.
    pub fn int(i: i32) -> NativeResult {
        Ok(Ret::Val(Value::Int(i)))
    }
    /// A `boolean` result.
    pub fn bool(b: bool) -> NativeResult {
        Ok(Ret::Val(Value::Int(b as i32)))
    }
    /// A `long` result.
    pub fn long(l: i64) -> NativeResult {
        Ok(Ret::Val(Value::Long(l)))
    }
    /// A reference result.
    pub fn obj(r: Option<ObjRef>) -> NativeResult {
        Ok(Ret::Val(Value::Ref(r)))
    }
    /// No result.
    pub fn void() -> NativeResult {
        Ok(Ret::Void)
    }
}

/// Result of a native peer.
pub type NativeResult = Result<Ret, Unwind>;

/// A native peer. `args` holds one value per parameter, the receiver first for
/// instance methods.
pub type NativeFn = fn(&mut Vm, &mut ThreadStack, Args<'_>) -> NativeResult;

/// The registry of native peers.
#[derive(Default)]
pub struct NativeRegistry {
    peers: FxHashMap<Box<str>, NativeFn>,
    overrides: FxHashSet<Box<str>>,
}

impl std::fmt::Debug for NativeRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NativeRegistry({} peers)", self.peers.len())
    }
}

fn key(class: &str, name: &str, descriptor: &str) -> Box<str> {
    format!("{class}.{name}{descriptor}").into()
}

impl NativeRegistry {
    /// The registry with every peer jvmc has.
    pub fn with_all_peers() -> NativeRegistry {
        let mut r = NativeRegistry::default();
        java_lang::register(&mut r);
        java_lang_invoke::register(&mut r);
        java_lang_reflect::register(&mut r);
        java_io::register(&mut r);
        java_security::register(&mut r);
        java_util::register(&mut r);
        jdk_internal::register(&mut r);
        sun_nio_fs::register(&mut r);
        sun_nio_ch::register(&mut r);
        java_lang_management::register(&mut r);
        r
    }

    /// Registers the peer of a `native` method.
    pub fn native(&mut self, class: &str, name: &str, descriptor: &str, f: NativeFn) {
        self.peers.insert(key(class, name, descriptor), f);
    }

    /// Registers a peer that replaces a Java method's bytecode. Used only where running
    /// the real code is impossible under the vm; each use says why.
    pub fn replace(&mut self, class: &str, name: &str, descriptor: &str, f: NativeFn) {
        let k = key(class, name, descriptor);
        self.overrides.insert(k.clone());
        self.peers.insert(k, f);
    }

    /// Whether a Java method's bytecode is replaced by a peer.
    pub fn overrides(&self, class: &str, name: &str, descriptor: &str) -> bool {
        !self.overrides.is_empty() && self.overrides.contains(&key(class, name, descriptor))
    }

    /// The peer of a method.
    pub fn lookup(&self, class: &str, name: &str, descriptor: &str) -> Option<NativeFn> {
        self.peers.get(&key(class, name, descriptor)).copied()
    }

    /// Number of registered peers.
    pub fn len(&self) -> usize {
        self.peers.len()
    }

    /// Whether no peers are registered.
    pub fn is_empty(&self) -> bool {
        self.peers.is_empty()
    }
}

/// The JDK call the program made that led to the running native, for messages: the
/// outermost JDK frame above the program's own code (`java.nio.file.Files.writeString`).
pub(crate) fn api_call(vm: &Vm, ts: &ThreadStack) -> String {
    let mut call = None;
    for f in ts.frames.iter().rev() {
        let m = vm.method(f.method);
        let c = vm.class(m.class);
        if !c.is_jdk() {
            break;
        }
        call = Some(format!("{}.{}", c.java_name(), m.name));
    }
    call.unwrap_or_else(|| "the program".into())
}

/// A peer that does nothing (`registerNatives` and friends).
pub(crate) fn nop(_: &mut Vm, _: &mut ThreadStack, _: Args<'_>) -> NativeResult {
    Ret::void()
}
