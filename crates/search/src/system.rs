//! The contract between a search and the system it explores.
//!
//! A [`TransitionSystem`] is a program under test seen as a labelled transition system
//! (the papers' LTS): states where every thread stands before its next visible
//! operation, and transitions where one thread performs that operation followed by
//! local steps. The search moves through it with [`TransitionSystem::step`] and goes
//! back with [`TransitionSystem::save`]/[`TransitionSystem::restore`] (last in, first
//! out), or all the way with [`TransitionSystem::reset`].
//!
//! The search never looks inside a state: it sees thread ids, transition labels
//! ([`Transition`]: thread and shared accesses), fingerprints and verdicts.

use std::fmt;

/// A thread of the system. Ids are assigned in creation order and never reused
/// within a run, so the same schedule always names the same threads.
pub type ThreadId = u32;

/// A 128-bit fingerprint of a state.
pub type Fingerprint = u128;

/// Whether an access reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccessKind {
    /// a read
    Read,
    /// a write (lock, unlock, wait and notify count as writes to the monitor)
    Write,
}

/// One shared-memory access of a transition. `object` is a stable identity (the same
/// object has the same id on every path), `field` a location inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Access {
    /// the object (or class, for static fields; or thread, for thread operations)
    pub object: u64,
    /// the field, array element, or a pseudo-location ([`Access::MONITOR`], ...)
    pub field: u32,
    /// read or write
    pub kind: AccessKind,
}

impl Access {
    /// The pseudo-field of an object's monitor (lock, unlock, wait, notify).
    pub const MONITOR: u32 = u32::MAX;
    /// The pseudo-field of a thread's life cycle (start, join, termination, park,
    /// unpark).
    pub const LIFECYCLE: u32 = u32::MAX - 1;
    /// The pseudo-field of a thread's interrupt status (interrupt; sleep, wait, park
    /// and join read and clear it).
    pub const INTERRUPT: u32 = u32::MAX - 2;

    /// Whether two accesses conflict: same location, at least one write.
    pub fn conflicts(&self, other: &Access) -> bool {
        self.object == other.object && self.field == other.field && (self.kind == AccessKind::Write || other.kind == AccessKind::Write)
    }
}

/// The label of a transition: who ran, and which shared accesses it made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transition {
    /// the thread that ran
    pub thread: ThreadId,
    /// shared accesses, in order (empty for an invisible transition)
    pub accesses: Vec<Access>,
}

impl Transition {
    /// Whether two transitions of different threads are dependent (JVMS-level
    /// conflict on some shared location). Transitions of the same thread always are.
    pub fn dependent(&self, other: &Transition) -> bool {
        self.thread == other.thread || self.accesses.iter().any(|a| other.accesses.iter().any(|b| a.conflicts(b)))
    }
}

/// What kind of property a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ViolationKind {
    /// an `AssertionError` escaped a thread
    Assertion,
    /// another exception escaped a thread
    UncaughtException,
    /// no thread can move, but the program has not ended
    Deadlock,
}

impl ViolationKind {
    /// The name used in reports and JSON (`assertion`, `uncaught-exception`,
    /// `deadlock`).
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::Assertion => "assertion",
            ViolationKind::UncaughtException => "uncaught-exception",
            ViolationKind::Deadlock => "deadlock",
        }
    }
}

/// A property violation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    /// what broke
    pub kind: ViolationKind,
    /// human-readable description (e.g. `java.lang.AssertionError: x != 2`)
    pub message: String,
    /// the thread it happened in (none for a deadlock)
    pub thread: Option<ThreadId>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)
    }
}

/// The result of one transition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// its label
    pub transition: Transition,
    /// a violation the transition caused (an exception escaping a thread)
    pub violation: Option<Violation>,
}

/// A failure of the system itself (not of the program under test): the search stops.
pub type SystemError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// A handle to a saved state, valid until that state is restored or an earlier one is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SaveMark(pub usize);

/// A system a search can explore.
pub trait TransitionSystem {
    /// Threads that can take a transition in the current state, ascending.
    fn enabled(&mut self) -> Vec<ThreadId>;

    /// Executes the transition of `thread` (which must be enabled).
    fn step(&mut self, thread: ThreadId) -> Result<Step, SystemError>;

    /// Remembers the current state so that [`TransitionSystem::restore`] can return
    /// to it. Saves nest: restoring a mark discards every later one.
    fn save(&mut self) -> SaveMark;

    /// Returns to a saved state.
    fn restore(&mut self, mark: SaveMark);

    /// Returns to the initial state and discards every save.
    fn reset(&mut self) -> Result<(), SystemError>;

    /// The fingerprint of the current state.
    fn fingerprint(&mut self) -> Fingerprint;

    /// Whether the program has ended in the current state (all non-daemon threads
    /// finished, or it exited). A state with no enabled thread that is not terminal
    /// is a deadlock.
    fn is_terminal(&mut self) -> bool;

    /// The visible accesses the next transition of `thread` is known to make before
    /// running it (empty: none known — partial-order reduction then tries the thread
    /// first as possibly invisible, and its label decides).
    fn pending(&mut self, _thread: ThreadId) -> Vec<Access> {
        Vec::new()
    }

    /// Threads that have not ended but cannot take a transition now (blocked on a
    /// monitor, waiting, parked, joining). Partial-order reduction treats what each
    /// of them stands before ([`TransitionSystem::pending`]) as a transition that may
    /// still happen, so that a transition which disables a thread — for good, in a
    /// deadlock — counts as dependent with it. Default: none.
    fn disabled(&mut self) -> Vec<ThreadId> {
        Vec::new()
    }

    /// A full canonical encoding of the current state, for checking fingerprints
    /// (`--exact-states`); `None` if the system has none.
    fn encode(&mut self) -> Option<Vec<u8>> {
        None
    }

    /// What an end state shows the outside world (the program's output), for
    /// `--outcomes`.
    fn outcome(&mut self) -> Option<String> {
        None
    }
}
