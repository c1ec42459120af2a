//! The transitions' accesses by location: [`AccessIndex`], those of the transitions
//! on the stack (so that "the last transition of the stack dependent on `a`" is a few
//! lookups, not a walk of the path), and [`LocationAccessors`], every thread that
//! reads or writes each location in any label of `L_r`. The explorer keeps both in
//! step with the stack and the graph; neither decides anything.

use rustc_hash::FxHashMap;

use super::thread_set::ThreadSet;
use crate::system::{Access, AccessKind, ThreadId, Transition};

/// One access of a label on the stack, indexed by location.
#[derive(Clone, Copy, Debug)]
struct IndexEntry {
    pos: u32,
    thread: ThreadId,
    access: Access,
}

/// The accesses of the transitions on the stack, by location, so that "the last
/// transition of the stack dependent on `a`" is a few lookups, not a walk of the path.
#[derive(Default)]
pub(crate) struct AccessIndex {
    locations: FxHashMap<(u64, u32), Vec<IndexEntry>>,
}

impl AccessIndex {
    pub(crate) fn push(&mut self, pos: usize, t: &Transition) {
        for a in &t.accesses {
            self.locations.entry((a.object, a.field)).or_default().push(IndexEntry { pos: pos as u32, thread: t.thread, access: *a });
        }
    }

    pub(crate) fn pop(&mut self, pos: usize, t: &Transition) {
        for a in &t.accesses {
            if let Some(v) = self.locations.get_mut(&(a.object, a.field)) {
                while v.last().is_some_and(|e| e.pos as usize == pos) {
                    v.pop();
                }
            }
        }
    }

    /// For each access of `t`, the entries of that location `< below` that conflict
    /// with it (another thread, [`Access::conflicts`]), latest first.
    fn conflicts<'a>(&'a self, t: &'a Transition, below: usize) -> impl Iterator<Item = impl Iterator<Item = &'a IndexEntry>> + 'a {
        t.accesses.iter().map(move |a| self.conflicts_with(t.thread, a, below))
    }

    /// The entries `< below` that conflict with access `a` of `thread`, latest first.
    fn conflicts_with<'a>(&'a self, thread: ThreadId, a: &'a Access, below: usize) -> impl Iterator<Item = &'a IndexEntry> + 'a {
        let entries = self.locations.get(&(a.object, a.field)).map_or(&[][..], Vec::as_slice);
        entries.iter().rev().filter(move |e| (e.pos as usize) < below && e.thread != thread && a.conflicts(&e.access))
    }

    /// Stack positions `< below` whose transitions are dependent on `t` (another
    /// thread, a conflicting access), calling `f(pos, thread)` for each (a position
    /// may be reported once per conflicting access).
    pub fn dependent(&self, t: &Transition, below: usize, mut f: impl FnMut(usize, ThreadId)) {
        for e in self.conflicts(t, below).flatten() {
            f(e.pos as usize, e.thread);
        }
    }

    /// Like [`AccessIndex::dependent`], but per access only the latest conflicting
    /// position of each thread: an earlier transition of that thread happens before
    /// the latest one (program order), which conflicts with `t` and comes before it, so
    /// it is ordered before `t` and never in a race with it.
    pub fn latest_dependent(&self, t: &Transition, below: usize, mut f: impl FnMut(usize, ThreadId)) {
        for a in &t.accesses {
            self.latest_dependent_on(t.thread, a, below, &mut f);
        }
    }

    /// [`AccessIndex::latest_dependent`] for one access `a` of `thread`.
    pub fn latest_dependent_on(&self, thread: ThreadId, a: &Access, below: usize, mut f: impl FnMut(usize, ThreadId)) {
        let mut seen = ThreadSet::new();
        for e in self.conflicts_with(thread, a, below) {
            if seen.insert(e.thread) {
                f(e.pos as usize, e.thread);
            }
        }
    }

    /// The last stack position `< below` whose transition is dependent on `t`.
    pub fn last_dependent(&self, t: &Transition, below: usize) -> Option<(usize, ThreadId)> {
        self.conflicts(t, below).filter_map(|mut es| es.next()).max_by_key(|e| e.pos).map(|e| (e.pos as usize, e.thread))
    }

    pub(crate) fn bytes(&self) -> usize {
        self.locations.capacity() * 40 + self.locations.values().map(|v| v.capacity() * std::mem::size_of::<IndexEntry>()).sum::<usize>()
    }
}

/// Every thread that reads, writes or updates each location in any label of `L_r`, by
/// kind of access (see [`Explorer::conflicting_threads`]).
#[derive(Default)]
pub(crate) struct LocationAccessors {
    pub(crate) locations: FxHashMap<(u64, u32), [(AccessKind, ThreadSet); 3]>,
}

impl LocationAccessors {
    pub(crate) fn add(&mut self, t: &Transition) {
        for a in &t.accesses {
            let by_kind = self.locations.entry((a.object, a.field)).or_insert_with(|| {
                [(AccessKind::Read, ThreadSet::new()), (AccessKind::Write, ThreadSet::new()), (AccessKind::Update, ThreadSet::new())]
            });
            if let Some((_, threads)) = by_kind.iter_mut().find(|(kind, _)| *kind == a.kind) {
                threads.insert(t.thread);
            }
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        self.locations.capacity() * (16 + std::mem::size_of::<[(AccessKind, ThreadSet); 3]>())
    }
}
