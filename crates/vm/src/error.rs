//! Checker failures: errors of jvmc itself or of its input, never Java exceptions.
//!
//! A Java exception thrown by the program under test is data (a heap object being
//! propagated), not a [`VmError`].

use jvmc_classfile::{ClassFormatError, ClassPathError};

/// A failure that stops execution: bad input, an unsupported feature, or a jvmc bug.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VmError {
    /// The class path could not be read.
    #[error(transparent)]
    ClassPath(#[from] ClassPathError),
    /// A class file is malformed.
    #[error(transparent)]
    ClassFormat(#[from] ClassFormatError),
    /// The main class does not exist.
    #[error("class {0} not found on the class path")]
    MainClassNotFound(String),
    /// A class the program needs is not on the class path (reported when the
    /// program does not handle the resulting `NoClassDefFoundError`).
    #[error("class {class} is not on the class path (needed by {needed_by})")]
    MissingClass {
        /// the missing class (binary name)
        class: String,
        /// where it was needed
        needed_by: String,
    },
    /// The main class has no `public static void main(String[])`.
    #[error("class {0} has no method public static void main(String[])")]
    NoMainMethod(String),
    /// A class cannot be linked (circular superclasses, a superclass that is an
    /// interface, a class file whose name does not match its path).
    #[error("linkage error: {0}")]
    Linkage(String),
    /// A native method jvmc has no peer for.
    #[error("unsupported native method {class}.{name}{descriptor}")]
    UnsupportedNative {
        /// declaring class (internal name)
        class: String,
        /// method name
        name: String,
        /// method descriptor
        descriptor: String,
    },
    /// `jvmc run`: every thread is blocked forever (the JVM would hang).
    #[error("deadlock: {0}")]
    Deadlock(String),
    /// A Java feature jvmc does not implement.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// Bytecode that a verifier would reject (wrong operand types, stack underflow).
    #[error("verify error in {method} at instruction {pc}: {reason}")]
    Verify {
        /// `Class.method(descriptor)`
        method: String,
        /// instruction index
        pc: u32,
        /// what is wrong
        reason: String,
    },
    /// `jvmc check`: the program changes the file system (creates, writes, truncates,
    /// deletes or renames a file or directory), which backtracking cannot undo.
    #[error("jvmc check cannot undo file-system writes: {call} ({native})")]
    FileSystemWrite {
        /// the Java call the program made (`java.nio.file.Files.writeString`)
        call: String,
        /// the native that would write, with its arguments
        native: String,
    },
    /// The configured memory limit was reached.
    #[error("out of memory: the heap limit of {limit_bytes} bytes was reached")]
    HeapLimit {
        /// the limit
        limit_bytes: usize,
    },
    /// The model checker's limits (time, memory) ran out inside a transition (the
    /// search stops cleanly; see `check::InterruptCheck`).
    #[error("a search limit ran out inside a transition")]
    Interrupted,
    /// The locking discipline found a key it had relied on racy (`check/lockset.rs`):
    /// the search explored too few interleavings and must start again (the vm keeps
    /// what it learnt; see `Vm::begin_search`).
    #[error("the locking discipline changed: the search must restart")]
    Restart,
    /// A thread ran for the model checker's whole transition budget without reaching
    /// a scheduling point. The checker turns it into a non-termination violation
    /// (`check::Diverged`); it only escapes as an error if that fails.
    #[error("a thread ran {instructions} instructions without reaching a scheduling point")]
    Diverged {
        /// the instructions it ran
        instructions: u64,
        /// where it was, innermost first
        stack: Vec<String>,
    },
    /// An access to off-heap memory outside every allocated block, or a free of an
    /// address that starts no block: the program's bug, on which HotSpot would crash.
    #[error("invalid native memory access: {0}")]
    NativeMemory(String),
    /// An invariant of jvmc itself was broken (a bug: please report it).
    #[error("internal error (a jvmc bug): {0}")]
    Internal(String),
}

impl VmError {
    /// Whether the error is the user's input or configuration (exit status 2) rather
    /// than a jvmc bug (exit status 4).
    pub fn is_input_error(&self) -> bool {
        !matches!(self, VmError::Internal(_))
    }
}

/// Shorthand for `Result<T, VmError>`.
pub type VmResult<T> = Result<T, VmError>;
