//! The transitions' accesses by location: [`AccessIndex`], those of the transitions
//! on the stack (so that "the last transition of the stack dependent on `a`" is a few
//! lookups, not a walk of the path), and [`LocationAccessors`], every thread that
//! reads or writes each location in any label of `L_r`. The explorer keeps both in
//! step with the stack and the graph; neither decides anything.

use std::cell::Cell;

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
/// An [`Access::everything`] has no location: it is kept apart (`everything`), every
/// lookup also visits those entries, and a lookup for one visits every entry. (It is
/// rare: the program's end, the last transition of its path.)
#[derive(Default)]
pub(crate) struct AccessIndex {
    /// each location's place in `entries`
    slots: FxHashMap<(u64, u32), u32>,
    /// per place, the entries of its location, in stack order
    entries: Vec<Vec<IndexEntry>>,
    everything: Vec<IndexEntry>,
    /// the place of each entry, in the order they were pushed (`EVERYWHERE`: in
    /// `everything`): a pop takes the last ones without looking their locations up
    /// (pushes and pops follow the stack)
    pushed_places: Vec<u32>,
    /// the clock predecessors of the transition pushed last, found while pushing it
    /// (see [`AccessIndex::push`])
    pushed: PushedPredecessors,
}

/// What [`AccessIndex::clock_predecessors`] answers for the transition pushed last,
/// walked while its accesses were indexed (its locations are looked up once, not
/// twice): the stateless DPOR algorithms ask for it on every transition they take.
#[derive(Default)]
struct PushedPredecessors {
    /// someone asked for the pushed transition's predecessors: walk on every push
    wanted: Cell<bool>,
    /// the position pushed and its accesses' buffer (the transition's identity while
    /// it is on the stack), if `preds` are its
    of: Option<(usize, usize)>,
    preds: Vec<usize>,
}

impl AccessIndex {
    /// Where [`AccessIndex::pushed_places`] names `everything`.
    const EVERYWHERE: u32 = u32::MAX;

    /// Indexes the accesses of `t`, the transition at stack position `pos`.
    pub(crate) fn push(&mut self, pos: usize, t: &Transition) {
        let places = self.places_of(t);
        self.push_placed(pos, t, &places);
    }

    /// The places of `t`'s accesses in the index, its locations' from now on (the
    /// explorer keeps them per label: a transition taken again is indexed without
    /// looking its locations up).
    pub(crate) fn places_of(&mut self, t: &Transition) -> Box<[u32]> {
        t.accesses.iter().map(|a| if a.is_everything() { Self::EVERYWHERE } else { self.place_of((a.object, a.field)) }).collect()
    }

    fn place_of(&mut self, location: (u64, u32)) -> u32 {
        let next = self.entries.len() as u32;
        let place = *self.slots.entry(location).or_insert(next);
        if place == next {
            self.entries.push(Vec::new());
        }
        place
    }

    /// [`AccessIndex::push`] with the places of `t`'s accesses
    /// ([`AccessIndex::places_of`]).
    pub(crate) fn push_placed(&mut self, pos: usize, t: &Transition, places: &[u32]) {
        let pushed = &mut self.pushed;
        pushed.preds.clear();
        let mut walk = pushed.wanted.get() && self.everything.is_empty();
        for (a, &place) in t.accesses.iter().zip(places) {
            let entry = IndexEntry { pos: pos as u32, thread: t.thread, access: *a };
            if place == Self::EVERYWHERE {
                walk = false;
                self.everything.push(entry);
            } else {
                let at = &mut self.entries[place as usize];
                if walk {
                    latest_per_thread_to_write(at, t.thread, a, pos, |q| pushed.preds.push(q));
                }
                at.push(entry);
            }
            self.pushed_places.push(place);
        }
        pushed.of = walk.then_some((pos, t.accesses.as_ptr() as usize));
    }

    /// Takes back the [`AccessIndex::push`] of `t` at `pos`, the last one not taken
    /// back.
    pub(crate) fn pop(&mut self, pos: usize, t: &Transition) {
        self.pushed.of = None;
        for _ in &t.accesses {
            let Some(place) = self.pushed_places.pop() else { return };
            let entries = if place == Self::EVERYWHERE { &mut self.everything } else { &mut self.entries[place as usize] };
            let popped = entries.pop();
            debug_assert!(popped.is_some_and(|e| e.pos as usize == pos), "index pops follow its pushes");
        }
    }

    /// The entries of location `at`, in stack order.
    fn entries_at(&self, at: (u64, u32)) -> &[IndexEntry] {
        self.slots.get(&at).map_or(&[][..], |&place| &self.entries[place as usize])
    }

    /// Calls `f` for each entry `< below` that conflicts with access `a` of `thread`
    /// (another thread, [`Access::conflicts`]), latest first, while it answers `true`.
    fn for_each_conflict<'a>(&'a self, thread: ThreadId, a: &Access, below: usize, mut f: impl FnMut(&'a IndexEntry) -> bool) {
        let keep = |e: &&IndexEntry| (e.pos as usize) < below && e.thread != thread && a.conflicts(&e.access);
        if a.is_everything() {
            let mut all: Vec<&IndexEntry> = self.entries.iter().flatten().chain(&self.everything).filter(keep).collect();
            // latest first; within a position, by location (the map's order is not
            // the search's to depend on)
            all.sort_by_key(|e| (std::cmp::Reverse(e.pos), e.access.object, e.access.field, e.access.kind));
            // (`all` stops at the first `false`)
            let _ = all.into_iter().all(f);
            return;
        }
        let at = self.entries_at((a.object, a.field));
        if self.everything.is_empty() {
            let _ = at.iter().rev().filter(keep).all(f);
            return;
        }
        let mut located = at.iter().rev().filter(keep).peekable();
        let mut everywhere = self.everything.iter().rev().filter(keep).peekable();
        loop {
            let take_located = match (located.peek(), everywhere.peek()) {
                (Some(l), Some(e)) => l.pos >= e.pos,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => return,
            };
            let next = if take_located { located.next() } else { everywhere.next() };
            if next.is_some_and(|e| !f(e)) {
                return;
            }
        }
    }

    /// Stack positions `< below` whose transitions are dependent on `t` (another
    /// thread, a conflicting access), calling `f(pos, thread)` for each (a position
    /// may be reported once per conflicting access).
    pub fn dependent(&self, t: &Transition, below: usize, mut f: impl FnMut(usize, ThreadId)) {
        for a in &t.accesses {
            self.for_each_conflict(t.thread, a, below, |e| {
                f(e.pos as usize, e.thread);
                true
            });
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

    /// The positions `< below` a transition `t` (another thread, a conflicting
    /// access) needs as direct predecessors for its vector clock: those of
    /// [`AccessIndex::latest_dependent`] down to, per access, the latest unguarded
    /// write to its location. Every earlier entry there conflicts with that write (a
    /// write conflicts with every kind, and shares no lock with anything), so it
    /// happens before the write and, through it, before `t`: the clock is the same,
    /// and none of the positions left out could be a maximal predecessor. (Long runs
    /// of one location, a monitor taken on every step, are walked only to their last
    /// write.) An [`Access::everything`] of `t` walks every location, so it does not
    /// stop early. For the transition just pushed, once anyone has asked, the answer
    /// was found while pushing it (`PushedPredecessors`).
    pub fn clock_predecessors(&self, t: &Transition, below: usize, mut f: impl FnMut(usize)) {
        if self.pushed.of == Some((below, t.accesses.as_ptr() as usize)) {
            self.pushed.preds.iter().for_each(|&q| f(q));
            return;
        }
        // the algorithms that ask ask for every transition they take: from now on,
        // walk while pushing
        self.pushed.wanted.set(true);
        for a in &t.accesses {
            if a.is_everything() || !self.everything.is_empty() {
                let everything = a.is_everything();
                self.latest_per_thread(t.thread, a, below, |e| !everything && e.access.is_unguarded_write(), |pos, _| f(pos));
                continue;
            }
            latest_per_thread_to_write(self.entries_at((a.object, a.field)), t.thread, a, below, &mut f);
        }
    }

    /// [`AccessIndex::latest_dependent`] for one access `a` of `thread`.
    pub fn latest_dependent_on(&self, thread: ThreadId, a: &Access, below: usize, f: impl FnMut(usize, ThreadId)) {
        self.latest_per_thread(thread, a, below, |_| false, f);
    }

    /// The conflicting entries of access `a` of `thread` below `below`, latest first,
    /// the latest of each thread only (`f(pos, thread)`), up to and including the
    /// first one `last` says ends the walk.
    fn latest_per_thread(&self, thread: ThreadId, a: &Access, below: usize, last: impl Fn(&IndexEntry) -> bool, mut f: impl FnMut(usize, ThreadId)) {
        let mut seen = ThreadSet::new();
        self.for_each_conflict(thread, a, below, |e| {
            if seen.insert(e.thread) {
                f(e.pos as usize, e.thread);
            }
            !last(e)
        });
    }

    /// The last stack position `< below` whose transition is dependent on `t`.
    pub fn last_dependent(&self, t: &Transition, below: usize) -> Option<(usize, ThreadId)> {
        let mut last: Option<&IndexEntry> = None;
        for a in &t.accesses {
            let mut first = None;
            self.for_each_conflict(t.thread, a, below, |e| {
                first = Some(e);
                false
            });
            if let Some(e) = first.filter(|e| last.is_none_or(|l| e.pos > l.pos)) {
                last = Some(e);
            }
        }
        last.map(|e| (e.pos as usize, e.thread))
    }

    pub(crate) fn bytes(&self) -> usize {
        let entries: usize = self.entries.iter().map(|v| v.capacity()).sum::<usize>() + self.everything.capacity();
        self.slots.capacity() * 24 + self.entries.capacity() * 24 + self.pushed_places.capacity() * 4 + entries * std::mem::size_of::<IndexEntry>()
    }
}

/// [`AccessIndex::clock_predecessors`] for access `a` of `thread` at one location's
/// entries `at` (no [`Access::everything`] anywhere): the latest conflicting entry
/// of each thread below `below`, latest first, down to the first unguarded write.
fn latest_per_thread_to_write(at: &[IndexEntry], thread: ThreadId, a: &Access, below: usize, mut f: impl FnMut(usize)) {
    let guarded = a.guards != [0; 3];
    let mut seen = ThreadSet::new();
    for e in at.iter().rev() {
        if e.thread == thread || (e.pos as usize) >= below || !a.kind.conflicts_with(e.access.kind) || (guarded && a.shares_guard(&e.access)) {
            continue;
        }
        if seen.insert(e.thread) {
            f(e.pos as usize);
        }
        if e.access.is_unguarded_write() {
            break;
        }
    }
}

/// Every thread that reads, writes or updates each location in any label of `L_r`, by
/// kind of access (see [`Explorer::conflicting_threads`]); apart, the threads with an
/// [`Access::everything`] in a label and the threads with any access.
#[derive(Default)]
pub(crate) struct LocationAccessors {
    pub(crate) locations: FxHashMap<(u64, u32), [(AccessKind, ThreadSet); 3]>,
    pub(crate) everything: ThreadSet,
    pub(crate) any: ThreadSet,
}

impl LocationAccessors {
    pub(crate) fn add(&mut self, t: &Transition) {
        if !t.accesses.is_empty() {
            self.any.insert(t.thread);
        }
        for a in &t.accesses {
            if a.is_everything() {
                self.everything.insert(t.thread);
                continue;
            }
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
