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
//!
//! # Choices
//! Most transitions are deterministic: a thread's next transition is fixed by the
//! state. A thread that stands before a *choice* — a value the program does not
//! determine, such as a weak compare-and-set that may fail spuriously or a random
//! draw the user asked to explore — has several *branches*
//! ([`TransitionSystem::branches`]), each a transition of its own. A [`Move`] names
//! one: a thread and a branch. Searches treat a thread's branches as one unit: a
//! search that explores a thread from a state explores every branch of it.

use std::fmt;
use std::time::Instant;

/// A thread of the system. Ids are assigned in creation order and never reused
/// within a run, so the same schedule always names the same threads.
pub type ThreadId = u32;

/// A 128-bit fingerprint of a state.
pub type Fingerprint = u128;

/// One scheduling decision: which thread runs, and which branch of its transition
/// (0 unless the thread stands before a choice, see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// the thread that runs
    pub thread: ThreadId,
    /// which of its branches (`0..branches(thread)`)
    pub branch: u32,
}

impl Move {
    /// Branch `branch` of `thread`'s transition.
    pub const fn new(thread: ThreadId, branch: u32) -> Move {
        Move { thread, branch }
    }
}

impl From<ThreadId> for Move {
    /// The only branch of a deterministic transition.
    fn from(thread: ThreadId) -> Move {
        Move { thread, branch: 0 }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.branch {
            0 => write!(f, "{}", self.thread),
            b => write!(f, "{}/{b}", self.thread),
        }
    }
}

/// Whether an access reads, writes, or makes an update that commutes with other
/// updates of the location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccessKind {
    /// a read
    Read,
    /// a write (lock, unlock, wait and notify count as writes to the monitor)
    Write,
    /// a commutative update: two updates of a location, in either order, leave states
    /// that nothing but a read or a write of it can tell apart (the thread-group
    /// bookkeeping of thread creation, start and exit, which only adds or removes the
    /// thread itself). It conflicts with reads and writes, not with updates.
    Update,
}

impl AccessKind {
    /// Whether accesses of these two kinds to one location conflict.
    pub fn conflicts_with(self, other: AccessKind) -> bool {
        // all but read beside read and update beside update
        self == AccessKind::Write || self != other
    }
}

/// One shared-memory access of a transition. `object` is a stable identity (the same
/// object has the same id on every path), `field` a location inside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Access {
    /// the object (or class, for static fields; or thread, for thread operations)
    pub object: u64,
    /// the field, array element, or a pseudo-location ([`Access::MONITOR`], ...)
    pub field: u32,
    /// read or write
    pub kind: AccessKind,
    /// locks (stable ids, `0`: an empty slot) the thread held exclusively during the
    /// access: two accesses under a common lock do not conflict (their transitions
    /// are never co-enabled unless they also conflict on the lock; see the vm's
    /// `guards.rs`)
    pub guards: [u64; 3],
}

/// Three words per access (labels are interned, hashed once per transition taken):
/// the derived hash would feed each field and the guards' length apart.
impl std::hash::Hash for Access {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.object);
        state.write_u64(u64::from(self.field) << 8 | self.kind as u64);
        let [a, b, c] = self.guards;
        state.write_u64(a ^ b.rotate_left(21) ^ c.rotate_left(42));
    }
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
    /// The location of [`Access::everything`] (no system may use it for anything else).
    pub const EVERYTHING: (u64, u32) = (u64::MAX, u32::MAX);

    /// An unguarded access.
    pub const fn new(object: u64, field: u32, kind: AccessKind) -> Access {
        Access { object, field, kind, guards: [0; 3] }
    }

    /// A write of every location, which conflicts with every access of another thread:
    /// what the transition that ends the program makes when threads are still alive
    /// (`System.exit`, or the last non-daemon thread's termination while daemons run).
    /// It disables them for good, so it commutes with none of their steps: run before
    /// a step, the step never happens. It is location-free, so a search that indexes
    /// accesses by location keeps it apart (`por/access_index.rs`,
    /// `por/hb_summary.rs`).
    pub const fn everything() -> Access {
        Access::new(Access::EVERYTHING.0, Access::EVERYTHING.1, AccessKind::Write)
    }

    /// Whether this is [`Access::everything`].
    pub fn is_everything(&self) -> bool {
        (self.object, self.field) == Access::EVERYTHING
    }

    /// Whether two accesses conflict: same location (or one of them is
    /// [`Access::everything`]), kinds that conflict (at least one write, or an update
    /// beside a read), and not both made under a common lock.
    pub fn conflicts(&self, other: &Access) -> bool {
        let located = (self.object == other.object && self.field == other.field) || self.is_everything() || other.is_everything();
        located && self.kind.conflicts_with(other.kind) && !self.shares_guard(other)
    }

    /// Whether it is a write made under no lock: it conflicts with every access of
    /// another thread to its location.
    pub fn is_unguarded_write(&self) -> bool {
        self.kind == AccessKind::Write && self.guards == [0; 3]
    }

    /// Whether both accesses were made under a common lock.
    pub fn shares_guard(&self, other: &Access) -> bool {
        self.guards.iter().any(|&g| g != 0 && other.guards.contains(&g))
    }
}

/// A hash of a location (object, field) whose high bits pick a filter's bit: the
/// location filters of labels ([`Transition::dependent`]) and of the
/// happens-before walk (`por/hb_summary.rs`).
pub(crate) fn location_hash(location: (u64, u32)) -> u64 {
    (location.0 ^ u64::from(location.1).rotate_left(40)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// The label of a transition: who ran (which branch), and which shared accesses it
/// made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transition {
    /// the thread that ran
    pub thread: ThreadId,
    /// the branch it took (0 unless it stood before a choice)
    pub branch: u32,
    /// shared accesses, in order (empty for an invisible transition)
    pub accesses: Vec<Access>,
}

impl Transition {
    /// Whether every access of the label reads a location of `frozen` (vacuously, an
    /// invisible transition): such a transition commutes with every transition any
    /// thread can take from now on (see [`TransitionSystem::frozen`]).
    pub fn reads_only(&self, mut frozen: impl FnMut(&Access) -> bool) -> bool {
        self.accesses.iter().all(|a| a.kind == AccessKind::Read && frozen(a))
    }

    /// A transition of `thread` (branch 0) with these accesses.
    pub fn new(thread: ThreadId, accesses: Vec<Access>) -> Transition {
        Transition { thread, branch: 0, accesses }
    }

    /// The move that took it.
    pub fn mv(&self) -> Move {
        Move { thread: self.thread, branch: self.branch }
    }

    /// Whether two transitions of different threads are dependent (JVMS-level
    /// conflict on some shared location). Transitions of the same thread always are.
    pub fn dependent(&self, other: &Transition) -> bool {
        if self.thread == other.thread {
            return true;
        }
        let (short, long) = if self.accesses.len() <= other.accesses.len() { (self, other) } else { (other, self) };
        let conflicting = |a: &Access| long.accesses.iter().any(|b| a.conflicts(b));
        if short.accesses.len() <= Self::PAIRWISE {
            return short.accesses.iter().any(conflicting);
        }
        // labels of whole library calls (and terminations) have dozens of accesses:
        // most of the short label's locations are not in a filter of the long one's
        // locations of a conflicting kind (the thread-group updates every start and
        // exit makes are in both, as updates)
        let mut filters = [[0u64; 4]; 3];
        for b in &long.accesses {
            if b.is_everything() {
                return true;
            }
            let (word, bit) = Self::filter_slot(b);
            filters[b.kind as usize][word] |= bit;
        }
        short.accesses.iter().any(|a| {
            let (word, bit) = Self::filter_slot(a);
            let kinds = [AccessKind::Read, AccessKind::Write, AccessKind::Update];
            (a.is_everything() || kinds.iter().any(|&k| k.conflicts_with(a.kind) && filters[k as usize][word] & bit != 0)) && conflicting(a)
        })
    }

    /// Labels up to this long are compared access by access.
    const PAIRWISE: usize = 4;

    /// The word and bit of `a`'s location in a 256-bit filter.
    fn filter_slot(a: &Access) -> (usize, u64) {
        let h = location_hash((a.object, a.field)) >> 56;
        ((h >> 6) as usize, 1 << (h & 63))
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
    /// a thread ran for its whole instruction budget without reaching a scheduling
    /// point (an endless loop that touches nothing shared)
    NonTermination,
    /// a fair cycle: the threads can run forever, every one that can run infinitely
    /// often does, yet the program never ends (see `liveness.rs`)
    Livelock,
    /// a call's result that no order of the calls on its object explains (the
    /// system checks histories against a sequential specification)
    Linearizability,
}

impl ViolationKind {
    /// The name used in reports and JSON (`assertion`, `uncaught-exception`,
    /// `deadlock`, `non-termination`, `livelock`, `linearizability`).
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::Assertion => "assertion",
            ViolationKind::UncaughtException => "uncaught-exception",
            ViolationKind::Deadlock => "deadlock",
            ViolationKind::NonTermination => "non-termination",
            ViolationKind::Livelock => "livelock",
            ViolationKind::Linearizability => "linearizability",
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
/// A [`LimitReached`] in it is not a failure but a clean stop.
pub type SystemError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// The limits a system checks *inside* a transition, so that a transition running
/// for a long time cannot overrun them (see [`TransitionSystem::set_limits`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepLimits {
    /// stop once this instant has passed
    pub deadline: Option<Instant>,
    /// stop once the process's resident set exceeds this many bytes
    pub max_memory: Option<u64>,
}

impl StepLimits {
    /// Which limit has run out, if any (reads the clock, and the resident set if a
    /// memory limit is set: call it every so many thousand instructions, not more).
    pub fn exceeded(&self) -> Option<Limit> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Limit::Time);
        }
        match (self.max_memory, crate::memory::resident_set_bytes()) {
            (Some(max), Some(rss)) if rss > max => Some(Limit::Memory),
            _ => None,
        }
    }
}

/// A limit of [`StepLimits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// the time limit
    Time,
    /// the memory limit
    Memory,
}

/// The error a system returns from [`TransitionSystem::step`] when a limit of
/// [`StepLimits`] ran out inside the transition. The search then stops cleanly with
/// that limit's stop reason; the system may be left mid-transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the {} limit ran out inside a transition", match .0 { Limit::Time => "time", Limit::Memory => "memory" })]
pub struct LimitReached(pub Limit);

/// A handle to a saved state, valid until that state is restored or an earlier one is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SaveMark(pub usize);

/// A system a search can explore.
pub trait TransitionSystem {
    /// Threads that can take a transition in the current state, ascending.
    fn enabled(&mut self) -> Vec<ThreadId>;

    /// How many branches the transition of the enabled `thread` has: 1, unless the
    /// thread stands before a choice (see the module docs). Default: 1.
    fn branches(&mut self, _thread: ThreadId) -> u32 {
        1
    }

    /// Executes `mv`: branch `mv.branch` of the transition of `mv.thread` (which must
    /// be enabled).
    fn step(&mut self, mv: Move) -> Result<Step, SystemError>;

    /// Tells the system the limits to check inside long transitions (returning
    /// [`LimitReached`] from [`TransitionSystem::step`] when one runs out). Called
    /// once when a search starts. Default: ignored (limits are then checked only
    /// between transitions).
    fn set_limits(&mut self, _limits: StepLimits) {}

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

    /// Whether no transition of any thread can change `access`'s location any more,
    /// from the current state on (on the JVM: the life cycle of a thread that has
    /// ended). A read of such a location commutes with every transition there will
    /// be, so a transition that reads nothing else is independent of every other
    /// thread for good (`docs/algorithms/sleep.md`, "Steps nothing can touch").
    /// Default: no location is.
    fn frozen(&mut self, _access: &Access) -> bool {
        false
    }

    /// Whether a thread's next transition makes the same accesses whatever values it
    /// reads (its locations are fixed by its code, as in the DPOR papers' programs).
    /// Not so on the JVM, where a pointer it reads decides which object it touches
    /// next. Optimal DPOR trusts the label of a transition moved before one it read
    /// from only if this holds. Default: no.
    fn accesses_fixed_by_code(&self) -> bool {
        false
    }

    /// Threads that have not ended but cannot take a transition now (blocked on a
    /// monitor, waiting, parked, joining). Partial-order reduction treats what each
    /// of them stands before ([`TransitionSystem::pending`]) as a transition that may
    /// still happen, so that a transition which disables a thread — for good, in a
    /// deadlock — counts as dependent with it. Default: none.
    fn disabled(&mut self) -> Vec<ThreadId> {
        Vec::new()
    }

    /// Where each thread started so far stands in its own code, by thread id: a hash
    /// of its position (on the JVM, its frames' methods and pcs and its primitive
    /// values; an ended thread's is that of its empty stack), or `None` if the system
    /// cannot tell. Threads with larger ids have not been started yet. It must be a
    /// function of the state (equal in every two states the search matches), and only
    /// a thread's own transitions may change its position — so along any path a
    /// thread's positions follow its own steps. SDPOR keys its summaries by it
    /// (`por/thread_paths.rs`). Default: `None`.
    fn thread_positions(&mut self) -> Option<Vec<u64>> {
        None
    }

    /// One hash of [`TransitionSystem::thread_positions`] (the same function of the
    /// state, what a stateless search keys its stack by: `por/stack_keys.rs`), for a
    /// system that can take it without listing the positions. Default: from them.
    fn positions_hash(&mut self) -> Option<u64> {
        self.thread_positions().map(|p| {
            use std::hash::Hasher;
            let mut h = rustc_hash::FxHasher::default();
            h.write_usize(p.len());
            p.iter().for_each(|&x| h.write_u64(x));
            h.finish()
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accesses_under_a_common_lock_do_not_conflict() {
        let guarded = |kind, guards| Access { guards, ..Access::new(7, 1, kind) };
        let w = AccessKind::Write;
        let r = AccessKind::Read;
        assert!(Access::new(7, 1, w).conflicts(&Access::new(7, 1, r)));
        assert!(!guarded(w, [5, 0, 0]).conflicts(&guarded(r, [9, 5, 0])), "both under lock 5");
        assert!(guarded(w, [5, 0, 0]).conflicts(&guarded(w, [9, 0, 0])), "different locks");
        assert!(guarded(w, [5, 0, 0]).conflicts(&Access::new(7, 1, r)), "one side unguarded");
        assert!(!guarded(r, [5, 0, 0]).conflicts(&guarded(r, [0, 0, 0])), "two reads never conflict");
        let a = Transition::new(1, vec![guarded(w, [5, 0, 0])]);
        let b = Transition::new(2, vec![guarded(w, [5, 0, 0]), Access::new(8, 0, r)]);
        assert!(!a.dependent(&b));
        let c = Transition::new(2, vec![guarded(w, [5, 0, 0]), Access::new(5, Access::MONITOR, w)]);
        let d = Transition::new(1, vec![Access::new(5, Access::MONITOR, w)]);
        assert!(c.dependent(&d), "the lock operations themselves still conflict");
    }

    /// The filtered comparison of long labels answers as the access-by-access one.
    #[test]
    fn dependent_agrees_with_comparing_every_pair() {
        let mut rng = crate::rng::SearchRng::new(11);
        let kinds = [AccessKind::Read, AccessKind::Write, AccessKind::Update];
        let label = |rng: &mut crate::rng::SearchRng, thread| {
            let n = rng.below(40);
            let accesses = (0..n)
                .map(|_| match rng.below(200) {
                    0 => Access::everything(),
                    _ => Access { guards: [rng.below(3) as u64, 0, 0], ..Access::new(rng.below(12) as u64, rng.below(6) as u32, kinds[rng.below(3)]) },
                })
                .collect();
            Transition::new(thread, accesses)
        };
        let (mut yes, mut no) = (0, 0);
        for _ in 0..3000 {
            let (a, b) = (label(&mut rng, 1), label(&mut rng, 2));
            let pairwise = a.accesses.iter().any(|x| b.accesses.iter().any(|y| x.conflicts(y)));
            assert_eq!(a.dependent(&b), pairwise, "{a:?}\n{b:?}");
            assert_eq!(b.dependent(&a), pairwise);
            if pairwise {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 100 && no > 100, "{yes} dependent, {no} independent");
    }

    #[test]
    fn updates_commute_with_updates_only() {
        let (r, w, u) = (AccessKind::Read, AccessKind::Write, AccessKind::Update);
        let at = |kind| Access::new(3, 0, kind);
        assert!(!at(u).conflicts(&at(u)), "two updates commute");
        assert!(at(u).conflicts(&at(r)) && at(r).conflicts(&at(u)), "a read sees an update");
        assert!(at(u).conflicts(&at(w)) && at(w).conflicts(&at(u)));
        assert!(!at(r).conflicts(&at(r)) && at(w).conflicts(&at(w)));
        assert!(!at(u).conflicts(&Access::new(3, 1, u)) && !at(u).conflicts(&Access::new(3, 1, w)), "another location");
    }

    #[test]
    fn everything_conflicts_with_every_access() {
        let end = Access::everything();
        for kind in [AccessKind::Read, AccessKind::Write, AccessKind::Update] {
            let guarded = Access { guards: [5, 0, 0], ..Access::new(3, 1, kind) };
            assert!(end.conflicts(&guarded) && guarded.conflicts(&end), "{kind:?}");
        }
        let many = Transition::new(1, (0..10).map(|f| Access::new(4, f, AccessKind::Read)).collect());
        assert!(Transition::new(2, vec![end]).dependent(&many) && many.dependent(&Transition::new(2, vec![end])));
        assert!(!Transition::new(2, vec![end]).dependent(&Transition::new(1, vec![])), "an invisible step touches nothing");
    }
}
