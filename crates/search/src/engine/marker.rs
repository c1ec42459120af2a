//! Which events are scheduling points: the [`Marker`] of the DPOR engine (Storey,
//! Mercer, Parízek, "A Sound Dynamic Partial Order Reduction Engine for Java
//! Pathfinder", Section 3.2, `DporInstructionMarker`), and the paper's three: the
//! data-race behaviour with dynamic sharing discovery ([`DataRaceBehavior`]), every
//! access ([`EveryAccess`]), and every step of the system ([`EveryStep`], the system's
//! own policy).
//!
//! An event is one step of the system's thread (its label: the thread and the shared
//! accesses it made). A marker may learn as the search goes (which locations are
//! shared); what it learns is knowledge about the program, never undone on
//! backtracking.

use rustc_hash::FxHashMap;

use crate::por::ThreadSet;
use crate::system::{Access, Transition};

/// What a marker says of an event (Algorithm 1, lines 2–13).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// a scheduling point: a choice point before it, a `Yes` node
    Yes,
    /// not a scheduling point: runs on, no node
    No,
    /// maybe a scheduling point (not known yet): no choice point, but a `Maybe` node;
    /// if it turns out to race, the search is replayed to insert one
    Maybe,
    /// not a scheduling point, but a place to replay from: a choice point for the
    /// running thread only, a `Replay` node
    Replay,
}

/// Decides per event whether it is a scheduling point (see the module docs). A user's
/// own events are one implementation of this trait.
pub trait Marker {
    /// Its name (for reports).
    fn name(&self) -> &'static str;

    /// The mark of `event`, which the search is about to make part of the execution.
    fn mark(&mut self, event: &Transition) -> Mark;

    /// `event` was executed (after [`Marker::mark`] of it, if it was asked).
    fn observe(&mut self, _event: &Transition) {}

    /// A search begins: forget what the last one learnt.
    fn reset(&mut self) {}
}

/// Every step of the system is a scheduling point: the engine is then plain DPOR over
/// the system's own transitions (its policy decides).
#[derive(Clone, Copy, Debug, Default)]
pub struct EveryStep;

impl Marker for EveryStep {
    fn name(&self) -> &'static str {
        "every-step"
    }

    fn mark(&mut self, _event: &Transition) -> Mark {
        Mark::Yes
    }
}

/// Every event that makes a shared access is a scheduling point (the paper's naive
/// `EveryAccess`); steps without accesses run on.
#[derive(Clone, Copy, Debug, Default)]
pub struct EveryAccess;

impl Marker for EveryAccess {
    fn name(&self) -> &'static str {
        "every-access"
    }

    fn mark(&mut self, event: &Transition) -> Mark {
        if event.accesses.is_empty() {
            Mark::No
        } else {
            Mark::Yes
        }
    }
}

/// The paper's `DataRaceBehavior`: accesses to a location more than one thread has
/// accessed are scheduling points; an access to a location only one thread has
/// touched so far is `Maybe` (another thread may come later); synchronisation
/// (monitors, thread life cycle, interrupts, the program's end) is always a
/// scheduling point; steps
/// without accesses run on. Sharing, once seen, stays known, so a replay marks the
/// access that turned out to race `Yes`.
#[derive(Clone, Debug, Default)]
pub struct DataRaceBehavior {
    /// the threads seen accessing each location
    accessors: FxHashMap<(u64, u32), ThreadSet>,
}

impl DataRaceBehavior {
    fn synchronisation(a: &Access) -> bool {
        matches!(a.field, Access::MONITOR | Access::LIFECYCLE | Access::INTERRUPT) || a.is_everything()
    }

    fn shared(&self, a: &Access) -> bool {
        self.accessors.get(&(a.object, a.field)).is_some_and(|s| s.len() > 1)
    }
}

impl Marker for DataRaceBehavior {
    fn name(&self) -> &'static str {
        "data-race"
    }

    fn mark(&mut self, event: &Transition) -> Mark {
        if event.accesses.is_empty() {
            Mark::No
        } else if event.accesses.iter().any(|a| Self::synchronisation(a) || self.shared(a)) {
            Mark::Yes
        } else {
            Mark::Maybe
        }
    }

    fn observe(&mut self, event: &Transition) {
        for a in &event.accesses {
            self.accessors.entry((a.object, a.field)).or_default().insert(event.thread);
        }
    }

    fn reset(&mut self) {
        self.accessors.clear();
    }
}
