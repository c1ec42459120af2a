//! Model-checking support: the vm as a transition system.
//!
//! - `journal`: undo of everything outside the heap (the heap, off-heap memory and
//!   the zip streams journal themselves).
//! - `policy`: which operations are scheduling points (`--sched all|shared|classes`)
//!   and what each pending operation accesses.
//! - which objects another thread can reach (the `shared` policy) is the heap's
//!   `SHARED` flag, maintained by `Heap::publish` on every store of a reference into
//!   a shared object or a static field, and when a thread starts.
//! - `transition`: executing one transition of one thread; enabledness; save/restore.
//! - `lifecycle`: thread entry, start and termination.
//! - `describe`: words for people (trace lines, deadlock reports).
//! - `fingerprint`: incremental state hashing with heap symmetry, the young
//!   collection at state ends, and the canonical encoding for `--exact-states`.
//!
//! **Architecture invariant:** the vm never chooses which thread runs: a search calls
//! [`Vm::enabled_threads`] and [`Vm::step`]. Everything a transition changes is
//! journaled, so [`Vm::restore`] returns exactly to a saved state, and the same
//! schedule from the same state always produces the same states and labels.

mod describe;
mod fingerprint;
mod lifecycle;
pub(crate) mod journal;
mod policy;
mod transition;

pub(crate) use policy::Op;
pub use policy::{SchedPolicy, Visibility};
pub(crate) use policy::is_atomic_method;
pub use describe::{NextOp, ThreadReport};
pub use transition::{Pending, StepReport, Uncaught};
pub(crate) use lifecycle::THREAD_STATUS_RUNNABLE;

use crate::class::ClassId;
use crate::value::ObjRef;

/// Options of a model-checking run.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// which operations are scheduling points
    pub policy: SchedPolicy,
    /// merge transitions while the running thread is the only enabled one
    pub merge_single_thread: bool,
    /// make the program's output part of the state (for `--outcomes`)
    pub hash_output: bool,
    /// which accesses are visible to partial-order reduction
    pub visibility: Visibility,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions { policy: SchedPolicy::Shared, merge_single_thread: true, hash_output: false, visibility: Visibility::Reachable }
    }
}

/// A shared access a transition made, with stable identities (see
/// `jvmc_search::Access`; the vm does not depend on the search crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccessRecord {
    /// stable id of the object, class or thread
    pub object: u64,
    /// field slot, element index, or a pseudo-field
    pub field: u32,
    /// whether it writes
    pub write: bool,
    /// whether partial-order reduction must treat it as visible (see
    /// [`Visibility`]); invisible accesses are left out of transition labels
    pub visible: bool,
}

impl AccessRecord {
    /// Pseudo-field of a monitor.
    pub const MONITOR: u32 = u32::MAX;
    /// Pseudo-field of a thread's life cycle.
    pub const LIFECYCLE: u32 = u32::MAX - 1;
    /// Pseudo-field of a thread's interrupt status (`Thread.interrupted`, written by
    /// `interrupt`, read and cleared by `sleep`, `wait`, `park`, `join`).
    pub const INTERRUPT: u32 = u32::MAX - 2;
    /// Pseudo-field of an off-heap block's existence: read by every access to the
    /// block, written by freeing or reallocating it (see `native_memory`).
    pub const BLOCK: u32 = u32::MAX - 3;
}

/// Why a thread cannot continue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BlockReason {
    /// a monitor another thread owns
    Monitor(ObjRef),
    /// a class another thread is initialising
    ClassInit(ClassId),
    /// `Object.wait`
    Wait,
    /// `Unsafe.park`
    Park,
    /// `Thread.join()` on this thread object
    Join(ObjRef),
}

/// The model checker's state inside the vm.
pub(crate) struct CheckState {
    pub(crate) options: CheckOptions,
    pub(crate) journal: Vec<journal::VmUndo>,
    pub(crate) epoch: u32,
    pub(crate) next_epoch: u32,
    pub(crate) marks: Vec<journal::VmMark>,
    pub(crate) heap_sum: u128,
    pub(crate) statics_sum: u128,
    pub(crate) dirty_classes: Vec<ClassId>,
    /// nothing changed since the hashes were last brought up to date
    pub(crate) hashes_current: bool,
    /// scratch buffer for hashing
    pub(crate) buf: Vec<u8>,
    /// the young objects the stacks referenced at the last young collection (see
    /// `Vm::young_stack_refs`)
    pub(crate) stack_refs: std::rc::Rc<[u32]>,
    /// a static field holding a reference was overwritten since the last collection
    pub(crate) static_ref_dropped: bool,
    /// classes changed since the initial state (may repeat; see `ClassState::changed`)
    pub(crate) changed_classes: Vec<ClassId>,
    /// execute the next instruction without a scheduling-point check (the first
    /// operation of a transition)
    pub(crate) skip_next_check: bool,
    /// shared accesses of the current transition
    pub(crate) accesses: Vec<AccessRecord>,
    /// why the running thread blocked
    pub(crate) block: Option<BlockReason>,
    /// nesting of Rust-initiated Java calls (no scheduling points inside them)
    pub(crate) nested: u32,
    /// the thread whose exception escaped in the current transition
    pub(crate) uncaught: Option<(u32, ObjRef)>,
    /// end the transition once the instruction count reaches this (see
    /// [`TRANSITION_BUDGET`])
    pub(crate) yield_at: u64,
    /// the current transition was ended by its budget
    pub(crate) forced: bool,
}

/// Instructions a transition may run before it is ended at the next instruction
/// outside a vm-initiated call or atomic method, even though no scheduling point was
/// reached. Ending a transition early only adds states (it never loses an
/// interleaving), and it keeps a long local computation or an infinite local loop
/// from hiding inside one transition, out of reach of the search's limits (an
/// infinite loop that changes nothing then revisits its state and is cut off).
pub(crate) const TRANSITION_BUDGET: u64 = 4_000_000;

impl CheckState {
    fn new(options: CheckOptions) -> CheckState {
        CheckState {
            options,
            journal: Vec::new(),
            epoch: 1,
            next_epoch: 2,
            marks: Vec::new(),
            heap_sum: 0,
            statics_sum: 0,
            dirty_classes: Vec::new(),
            hashes_current: false,
            buf: Vec::new(),
            stack_refs: std::rc::Rc::from([]),
            static_ref_dropped: true,
            changed_classes: Vec::new(),
            skip_next_check: false,
            accesses: Vec::new(),
            block: None,
            nested: 0,
            uncaught: None,
            yield_at: u64::MAX,
            forced: false,
        }
    }
}
