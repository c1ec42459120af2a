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
//! - `library`: trusted library calls (`--library atomic`), run as one step each.
//! - `guards`: the locks a thread holds; `lockset`: the locking discipline — data
//!   accesses no other thread can race with need no scheduling point; `release`:
//!   nor do lock releases nobody can observe; `shared_lockset`: the discipline's
//!   knowledge pooled by the vms of a parallel search; `termination`: nor do thread
//!   terminations nobody observes without blocking.
//! - `choice`: calls whose result is a choice (a weak compare-and-set that may fail
//!   spuriously, a random draw), explored as the branches of one transition.
//! - `dead_locals`: a thread's local variables that no path reads again are
//!   forgotten at the end of its step, so states that differ only in them match.
//! - `fingerprint`: incremental state hashing with heap symmetry, the young
//!   collection at state ends, and the canonical encoding for `--exact-states`.
//!
//! **Architecture invariant:** the vm never chooses which thread runs: a search calls
//! [`Vm::enabled_threads`] and [`Vm::step`]. Everything a transition changes is
//! journaled, so [`Vm::restore`] returns exactly to a saved state, and the same
//! schedule from the same state always produces the same states and labels.

mod choice;
mod dead_locals;
mod describe;
mod fingerprint;
mod guards;
mod library;
mod lifecycle;
mod linearizability;
mod lock_wait;
mod lockset;
pub(crate) mod journal;
mod policy;
mod release;
mod restored;
mod symmetry;
mod shared_lockset;
mod termination;
mod exit_intrinsic;
mod thread_group;
mod transition;

pub(crate) use policy::Op;
pub use policy::{SchedPolicy, Visibility};
pub(crate) use policy::is_atomic_method;
pub use choice::ChoiceOptions;
pub use linearizability::{JavaSpec, LinSpec, NotLinearizable, SpecKind};
pub(crate) use linearizability::Monitor as LinMonitor;
pub use library::{trusted_table, LibraryMode, LibraryPolicy, LIBRARY_SLICE};
pub use describe::{NextOp, ThreadReport};
pub use transition::{Diverged, Pending, StepReport, Uncaught};
pub use guards::{Guards, NO_GUARDS};
pub use shared_lockset::SharedDiscipline;
pub(crate) use lifecycle::THREAD_STATUS_RUNNABLE;

use crate::class::ClassId;
use crate::value::ObjRef;

/// When a transition runs on past its thread's scheduling points (no other thread
/// could run at them, so the search has no choice there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merging {
    /// while its thread is the only enabled one (the default)
    WhileAlone,
    /// only while the program has not started a second thread: such a merged step
    /// races with nothing, and the searches that reverse only the latest race of a
    /// step need every later one unmerged (`jvmc_search::Strategy::needs_state_independent_steps`)
    BeforeSecondThread,
    /// never: every scheduling point ends a transition (`--no-merge`)
    Never,
}

/// Options of a model-checking run.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// which operations are scheduling points
    pub policy: SchedPolicy,
    /// when a transition runs on past its thread's scheduling points
    pub merging: Merging,
    /// make the program's output part of the state (for `--outcomes`)
    pub hash_output: bool,
    /// which accesses are visible to partial-order reduction
    pub visibility: Visibility,
    /// which calls are choices (`choice.rs`)
    pub choices: ChoiceOptions,
    /// which timed waits may time out
    pub timeouts: TimeoutPolicy,
    /// instructions a thread may run without reaching a scheduling point before its
    /// transition is a non-termination violation
    pub transition_budget: u64,
    /// which library calls run as one step (`library.rs`)
    pub library: LibraryPolicy,
    /// data accesses that keep the locking discipline need no scheduling point
    /// (`lockset.rs`)
    pub lockset: bool,
    /// name objects allocated while checking by their position in the heap, not by
    /// who allocated them (`symmetry.rs`); only sound without partial-order reduction
    pub symmetry: bool,
    /// forget the values of local variables no path can read any more
    /// (`dead_locals.rs`)
    pub dead_locals: bool,
    /// check the calls on objects of a class against a sequential specification
    /// (`linearizability/`)
    pub linearizability: Option<LinSpec>,
    /// the vm makes a thread's exit (`Thread.exit`, `ThreadGroup.threadTerminated`)
    /// itself instead of running its bytecode, with the same effect
    /// (`exit_intrinsic.rs`)
    pub intrinsics: bool,
    /// a write the transition undid (its location holds at the transition's end what
    /// it held at its start: a lock taken and released inside it) is a read in the
    /// label (`restored.rs`)
    pub restored_writes: bool,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            policy: SchedPolicy::Shared,
            merging: Merging::WhileAlone,
            hash_output: false,
            visibility: Visibility::Reachable,
            choices: ChoiceOptions::default(),
            timeouts: TimeoutPolicy::default(),
            transition_budget: DEFAULT_TRANSITION_BUDGET,
            library: LibraryPolicy::default(),
            lockset: true,
            symmetry: true,
            dead_locals: true,
            linearizability: None,
            intrinsics: true,
            restored_writes: true,
        }
    }
}

/// Which timed waits (`wait(ms)`, `parkNanos`, `join(ms)`, and everything built on
/// them: `await(timeout)`, `poll(timeout)`, `Future.get(timeout)`, …) may end by
/// timing out. A wait that may not behaves as an untimed one: it ends only by a
/// notification, an unpark or an interrupt, and a thread nobody wakes is stuck (a
/// deadlock, if nothing else can run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeoutPolicy {
    /// every timed wait may time out, at any point
    Any,
    /// no timed wait times out
    Never,
    /// waits of at most this many nanoseconds may time out; longer ones never do
    UpTo(i64),
}

impl Default for TimeoutPolicy {
    /// Waits of up to one second may time out (see the README: test code uses short
    /// timeouts as part of its logic and long ones as "should never happen" guards).
    fn default() -> Self {
        TimeoutPolicy::UpTo(1_000_000_000)
    }
}

impl TimeoutPolicy {
    /// Whether a wait of `nanos` may time out.
    pub fn may_time_out(self, nanos: i64) -> bool {
        match self {
            TimeoutPolicy::Any => true,
            TimeoutPolicy::Never => false,
            TimeoutPolicy::UpTo(max) => nanos <= max,
        }
    }
}

/// The default of [`CheckOptions::transition_budget`]: about a second of
/// interpretation.
pub const DEFAULT_TRANSITION_BUDGET: u64 = 100_000_000;

/// The object id of [`AccessRecord::program_end`] ("PROGEND!", no stable id of an
/// object, class or thread).
const PROGRAM_END_ID: u64 = 0x5052_4f47_454e_4421;

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
    /// whether it is a commutative update (`thread_group.rs`): it conflicts with
    /// reads and writes of the location, not with other updates
    pub update: bool,
    /// whether partial-order reduction must treat it as visible (see
    /// [`Visibility`]); invisible accesses are left out of transition labels
    pub visible: bool,
    /// whose location it is, for the locking discipline (`lockset.rs`): the object's
    /// class id, the class id with [`AccessRecord::STATICS`] for a static, or
    /// [`AccessRecord::NO_OWNER`] outside the Java heap (a function of `object`)
    pub owner: u32,
}

impl AccessRecord {
    /// [`AccessRecord::owner`] of locations outside the Java heap.
    pub const NO_OWNER: u32 = u32::MAX;
    /// The bit of [`AccessRecord::owner`] that marks a class's statics.
    pub const STATICS: u32 = 1 << 31;
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

    /// The program's end, a pseudo-location (`transition.rs`, "The program's end"):
    /// written by the transition that ends the program while a thread is still alive
    /// (a write the search takes for one of every location:
    /// [`AccessRecord::ends_program`]), read by what each such thread stood before.
    pub const fn program_end(write: bool) -> AccessRecord {
        AccessRecord { object: PROGRAM_END_ID, field: AccessRecord::LIFECYCLE, write, update: false, visible: true, owner: AccessRecord::NO_OWNER }
    }

    /// Whether this is the write of [`AccessRecord::program_end`], which a search
    /// takes for a write of every location (it disables every thread still alive).
    pub fn ends_program(&self) -> bool {
        self.object == PROGRAM_END_ID && self.write
    }
}

/// The accesses of a transition, each recorded once (a long transition can make
/// millions), in the order of their first occurrence, with the locks held at every
/// occurrence (`guards.rs`).
#[derive(Default)]
pub(crate) struct AccessSet {
    list: Vec<(AccessRecord, Guards)>,
    seen: rustc_hash::FxHashMap<AccessRecord, usize>,
    /// a bit per location hash of the accesses in `list`: an access whose bit is
    /// clear is new without a search
    locations: u64,
    /// a buffer handed back for `list` to be filled in next ([`AccessSet::recycle`])
    spare: Vec<(AccessRecord, Guards)>,
}

impl AccessSet {
    /// Small sets are searched, latest first; larger ones hashed (an exit's label
    /// alone has about twenty accesses).
    const LINEAR: usize = 40;

    /// An access made without a guard.
    pub(crate) fn insert(&mut self, a: AccessRecord) {
        self.insert_guarded(a, NO_GUARDS);
    }

    fn location_bit(a: &AccessRecord) -> u64 {
        1 << ((a.object ^ (a.object >> 29) ^ u64::from(a.field).wrapping_mul(0x9E37_79B9)) & 63)
    }

    /// An access made holding the locks `g`.
    pub(crate) fn insert_guarded(&mut self, a: AccessRecord, g: Guards) {
        let bit = Self::location_bit(&a);
        let at = if self.locations & bit == 0 {
            None
        } else if self.list.len() < Self::LINEAR {
            self.list.iter().rposition(|(b, _)| *b == a)
        } else {
            if self.seen.is_empty() {
                self.seen.extend(self.list.iter().enumerate().map(|(i, (b, _))| (*b, i)));
            }
            self.seen.get(&a).copied()
        };
        match at {
            Some(i) => self.list[i].1 = guards::meet(&self.list[i].1, &g),
            None => {
                if !self.seen.is_empty() {
                    self.seen.insert(a, self.list.len());
                }
                self.locations |= bit;
                self.list.push((a, g));
            }
        }
    }

    /// The accesses, in the order of their first occurrence; the set is left empty,
    /// filling the buffer last handed back next ([`AccessSet::recycle`]).
    pub(crate) fn take(&mut self) -> Vec<(AccessRecord, Guards)> {
        let out = std::mem::replace(&mut self.list, std::mem::take(&mut self.spare));
        self.clear();
        out
    }

    /// Takes back a list [`AccessSet::take`] gave out, which its holder no longer
    /// needs, to fill in next (a transition then allocates no list of its own).
    pub(crate) fn recycle(&mut self, mut list: Vec<(AccessRecord, Guards)>) {
        list.clear();
        self.spare = list;
    }

    /// Forgets every access (keeping the buffer).
    pub(crate) fn clear(&mut self) {
        self.seen.clear();
        self.locations = 0;
        self.list.clear();
    }
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
    /// how many times `update_hashes` brought hashes up to date (a rollback to a
    /// mark taken with stale hashes checks whether any ran since, `journal.rs`)
    pub(crate) hash_runs: u64,
    /// debug builds: check the next hashing (`fingerprint.rs`, `verify_hashes`);
    /// set by a rollback to a mark taken with stale hashes
    pub(crate) verify_next_hashing: bool,
    /// the buffer `note_accesses` collects an operation's accesses in
    pub(crate) op_accesses: Vec<AccessRecord>,
    /// the buffer `restored.rs` sorts a label's candidate writes in
    pub(crate) restored_candidates: Vec<(u64, usize, bool)>,
    /// scratch buffer for hashing
    pub(crate) buf: Vec<u8>,
    /// the young objects the stacks referenced at the last young collection (see
    /// `Vm::young_stack_refs`)
    pub(crate) stack_refs: std::rc::Rc<[u32]>,
    /// a static field holding a reference was overwritten since the last collection
    pub(crate) static_ref_dropped: bool,
    /// classes changed since the initial state at some point of the search (their
    /// statics may hold young objects: roots of the young collection), each once
    /// (`changed_listed`); a class rolled back to its initial statics stays (its
    /// statics name no young object then, so it only adds roots that change nothing)
    pub(crate) changed_classes: Vec<ClassId>,
    /// by class index: whether it is in `changed_classes` (never rolled back)
    pub(crate) changed_listed: Vec<bool>,
    /// execute the next instruction without a scheduling-point check (the first
    /// operation of a transition)
    pub(crate) skip_next_check: bool,
    /// the running transition began with a lock acquire and has let nothing through
    /// since but accesses the locking discipline protects (`release.rs`)
    pub(crate) opening: Option<release::Opening>,
    /// the trusted call the running transition let through without a scheduling
    /// point (`lockset.rs`, "Trusted calls"): what its region touches is checked
    pub(crate) merged_call: Option<crate::class::MethodId>,
    /// shared accesses of the current transition
    pub(crate) accesses: AccessSet,
    /// why the running thread blocked
    pub(crate) block: Option<BlockReason>,
    /// nesting of Rust-initiated Java calls (no scheduling points inside them)
    pub(crate) nested: u32,
    /// the thread whose exception escaped in the current transition
    pub(crate) uncaught: Option<(u32, ObjRef)>,
    /// the instruction count when the running thread last passed a scheduling point
    /// (the budget counts from there)
    pub(crate) segment_start: u64,
    /// the instruction count at which the interpreter next looks at the budget and
    /// the limits ([`Vm::long_transition`])
    pub(crate) next_check: u64,
    /// the search's limits, checked every [`LIMIT_POLL`] instructions: `true` stops
    /// the transition with [`crate::VmError::Interrupted`]
    pub(crate) interrupt: Option<InterruptCheck>,
    /// the instruction count at which `interrupt` is next polled
    pub(crate) next_poll: u64,
    /// per method (by id): whether it is trusted (`library.rs`), once decided; a
    /// cache of a fixed function of the options, not state
    pub(crate) trusted_methods: Vec<Option<bool>>,
    /// objects that may be locks (`guards.rs`; not state)
    pub(crate) locks: std::cell::RefCell<guards::LockCandidates>,
    /// the slots a waiting lock acquire reads (`lock_wait.rs`; not state)
    pub(crate) lock_words: std::cell::RefCell<lock_wait::LockWordSlots>,
    /// the locking discipline's knowledge (`lockset.rs`; not state)
    pub(crate) lockset: std::cell::RefCell<lockset::Lockset>,
    /// what merged thread terminations accessed (`termination.rs`; not state)
    pub(crate) terminations: termination::Watch,
    /// the young objects' canonical names, under heap symmetry (`symmetry.rs`; not
    /// state, recomputed at every state)
    pub(crate) numbering: Option<symmetry::Numbering>,
    /// the histories of the objects `--linearizability` checks (state: journaled and
    /// hashed)
    pub(crate) lin: Option<linearizability::Monitor>,
    /// a response of the current transition no order of the calls explains
    pub(crate) lin_failure: Option<NotLinearizable>,
    /// why tracked objects went unchecked in some state so far (not state)
    pub(crate) lin_unchecked: std::collections::BTreeSet<String>,
    /// per class (by id): whether its objects are the ones `--linearizability`
    /// checks, once decided; a cache of a fixed function of the options, not state
    pub(crate) lin_classes: Vec<Option<bool>>,
    /// `--linearizability SPEC:CLASS` with a Java class as the specification: its vm
    /// and cache (not state)
    pub(crate) java_spec: Option<Box<linearizability::JavaSpec>>,
    /// the fields the exit intrinsic works on, when `options.intrinsics` and the
    /// classes have them (`exit_intrinsic.rs`; not state)
    pub(crate) exit_fields: Option<exit_intrinsic::ExitFields>,
    /// what exits noted, by their circumstances (`exit_intrinsic.rs`, "Repeated
    /// exits"; knowledge, not state)
    pub(crate) exit_notes: rustc_hash::FxHashMap<exit_intrinsic::ExitKey, std::rc::Rc<[AccessRecord]>>,
    /// while `Some`, every access [`Vm::note_access`] notes is pushed here too (an
    /// exit recording what it notes)
    pub(crate) noted: Option<Vec<AccessRecord>>,
}

/// A check of the search's limits (time, memory) the vm polls inside long
/// transitions; `true` means a limit ran out.
pub type InterruptCheck = Box<dyn FnMut() -> bool>;

/// Instructions between two polls of the [`InterruptCheck`] (a power of two).
pub(crate) const LIMIT_POLL: u64 = 1 << 20;

/// Instructions a merged transition (one that goes on while its thread is the only
/// one enabled) may run before it stops at its next scheduling point, so that a
/// thread spinning alone comes back to a state the search can see — and, going round
/// the same states, show the search a cycle. Stopping there only adds states.
pub(crate) const MERGE_SLICE: u64 = 1 << 18;

impl CheckState {
    fn new(options: CheckOptions) -> CheckState {
        let lockset = std::cell::RefCell::new(lockset::Lockset::new(options.lockset));
        let numbering = options.symmetry.then(symmetry::Numbering::default);
        let lin = options.linearizability.is_some().then(linearizability::Monitor::default);
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
            hash_runs: 0,
            op_accesses: Vec::new(),
            restored_candidates: Vec::new(),
            verify_next_hashing: false,
            buf: Vec::new(),
            stack_refs: std::rc::Rc::from([]),
            static_ref_dropped: true,
            changed_classes: Vec::new(),
            changed_listed: Vec::new(),
            skip_next_check: false,
            opening: None,
            merged_call: None,
            accesses: AccessSet::default(),
            block: None,
            nested: 0,
            uncaught: None,
            segment_start: 0,
            next_check: u64::MAX,
            interrupt: None,
            next_poll: u64::MAX,
            trusted_methods: Vec::new(),
            locks: Default::default(),
            lock_words: Default::default(),
            lockset,
            terminations: termination::Watch::default(),
            numbering,
            lin,
            lin_failure: None,
            lin_unchecked: Default::default(),
            lin_classes: Vec::new(),
            exit_fields: None,
            exit_notes: Default::default(),
            noted: None,
            java_spec: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_access_set_keeps_each_access_once_in_first_order() {
        let a = |object, field, write| AccessRecord { object, field, write, update: false, visible: true, owner: AccessRecord::NO_OWNER };
        let mut set = AccessSet::default();
        // more than the linear part, each accessed many times
        for round in 0..3 {
            for i in 0..100u32 {
                set.insert(a(7, i, round == 1));
            }
        }
        let list = set.take();
        assert_eq!(list.len(), 200, "reads and writes of 100 locations, once each");
        assert_eq!(list[0], (a(7, 0, false), NO_GUARDS));
        assert_eq!(list[100], (a(7, 0, true), NO_GUARDS));
        assert!(set.take().is_empty(), "take leaves the set empty");
        set.insert(a(1, 1, false));
        assert_eq!(set.take(), vec![(a(1, 1, false), NO_GUARDS)]);
    }

    #[test]
    fn an_access_keeps_the_locks_held_at_every_occurrence() {
        let a = |object, field| AccessRecord { object, field, write: true, update: false, visible: true, owner: AccessRecord::NO_OWNER };
        let mut set = AccessSet::default();
        // beyond the linear part too
        for i in 0..40u32 {
            set.insert_guarded(a(1, i), [9, 4, 0]);
            set.insert_guarded(a(1, i), [4, 0, 0]);
        }
        set.insert(a(1, 39));
        let list = set.take();
        assert_eq!(list.len(), 40);
        assert_eq!(list[0], (a(1, 0), [4, 0, 0]), "only the lock held both times");
        assert_eq!(list[39], (a(1, 39), NO_GUARDS), "one unguarded occurrence: no guard");
    }
}
