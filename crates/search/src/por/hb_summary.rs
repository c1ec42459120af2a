//! The happens-before-aware summary at a visited state (issue 10): which transitions
//! reachable from a visited state `s'` in `L_r` race with transitions on the stack.
//!
//! The paper's summary rule (Yang et al.'s stateful DPOR, as O-DPOR used it) treats a
//! reachable transition `b` as racing with *every* stack transition `a` it conflicts
//! with, since the path from `s'` to `b`, and so the happens-before order, is not
//! known. That disables the reduction wherever a thread reads results after a `join`:
//! `main`'s reads conflict with every worker's writes, although on every path they
//! happen after the worker's termination, which `join` waits for.
//!
//! Here the traversal carries, per state, what happens before each thread's next
//! transition *on every path* from `s'` to that state (a meet over paths, iterated to
//! a fixpoint, so each state may be walked more than once; values only shrink, so it
//! ends):
//! - `synced[u]`: threads whose whole stack history happens before `u`'s next
//!   transition, because `u` conflicted with a transition they made after `s'`;
//! - `last[ℓ]`: the transitions made after `s'` that accessed location `ℓ` — their
//!   thread, whether they wrote, and that thread's `synced` set then.
//!
//! A reachable transition `b` of thread `u` happens after the stack transition `a`
//! (thread `p`, position `q`) when some thread `w` in `S = {u} ∪ synced[u] ∪ {v, synced
//! of v : v made a transition after s' that conflicts with b}` had a transition on the
//! stack that `a` happens before (the stack's vector clocks), or `w = p`. Then `a` and
//! `b` are ordered through other transitions: not a race, no backtrack point (the
//! races along that chain are each handled where they are: on the stack, or inside
//! the visited state's explored subtree, which is complete). Otherwise `b` is treated
//! as racing with `a`, as before. With no information the rule degrades to the
//! paper's, so it is never less conservative than what happens-before allows.
//!
//! # Summaries
//! Walking everything reachable at every visited state costs time in proportion to
//! the explored graph below it, so O-DPOR's cost per state grew with the program.
//! A walk that reaches no state on the stack has seen a complete region of `L_r`
//! that never changes again; its result is kept as the state's *summary*: every
//! reachable label with accesses, and the meet over its occurrences of `S \ {u}`
//! relative to the walked state. A later walk that reaches a summarised state `y`
//! does not enter it: it reports each summarised label `b` with
//! `S_y(b) ∪ synced[w] (w ∈ S_y(b) ∪ {u}) ∪ {v, synced of v : v accessed b's
//! locations conflictingly after s' and before y}` — the summary's threads made
//! transitions after `s'` that happen before `b`, and what happens before their
//! transitions at `y` happens before `b`. That under-approximates what a full walk
//! would find (it drops chains through transitions after `y` that conflict with
//! transitions before it), so it is sound, only less precise. Summaries are kept up
//! to a fixed number of entries in all ([`SUMMARY_BUDGET`]).

use rustc_hash::FxHashMap;

use jvmc_state::{StateId, NO_STATE};

use jvmc_state::LabelId;

use crate::system::{Access, AccessKind, ThreadId, Transition};

/// A set of threads with ids below 64 (threads with larger ids are never recorded,
/// which only loses information: the rule then falls back to the paper's).
pub(crate) type Threads = u64;

fn bit(t: ThreadId) -> Threads {
    if (t as usize) < 64 {
        1 << t
    } else {
        0
    }
}

/// One transition after `s'` that accessed a location: the location, its thread,
/// the kind of access, and the thread's `synced` set then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Accessor {
    location: (u64, u32),
    thread: ThreadId,
    kind: AccessKind,
    synced: Threads,
}

/// What is known at one state (see the module docs); `last` sorted by location,
/// thread and kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Known {
    synced: Vec<(ThreadId, Threads)>,
    last: Vec<Accessor>,
    /// a filter of `last`'s locations: the [`location_bit`] of each is set (bits of
    /// locations no longer in `last` may stay set). A label has about fifty
    /// accesses and `last` a handful of locations, so most accesses need no search.
    locations: u64,
}

/// One of 64 bits, chosen by a hash of `location` (see [`Known::locations`]).
fn location_bit(location: (u64, u32)) -> u64 {
    1 << (crate::system::location_hash(location) >> 58)
}

/// Walks of one state before its value drops to "nothing known".
const WALKS_BEFORE_BOTTOM: u32 = 4;

impl Known {
    /// Nothing known: every conflict is a race (the paper's rule).
    fn is_bottom(&self) -> bool {
        self.synced.is_empty() && self.last.is_empty()
    }

    fn synced(&self, t: ThreadId) -> Threads {
        self.synced.iter().find(|(u, _)| *u == t).map_or(0, |&(_, s)| s)
    }

    /// The range of `last` holding `location`'s accessors.
    fn range(&self, location: (u64, u32)) -> std::ops::Range<usize> {
        let from = self.last.partition_point(|e| e.location < location);
        let to = from + self.last[from..].iter().take_while(|e| e.location == location).count();
        from..to
    }

    fn at(&self, location: (u64, u32)) -> &[Accessor] {
        &self.last[self.range(location)]
    }

    /// `S` for transition `b` (see the module docs), without `b`'s own thread.
    fn ordered_before(&self, b: &Transition) -> Threads {
        self.ordered_through(b, 0)
    }

    /// `S` for a transition `b` reached through a summarised state, where the
    /// threads of `through` made transitions after that state that happen before `b`.
    fn ordered_through(&self, b: &Transition, through: Threads) -> Threads {
        let mut s = through;
        if self.is_bottom() {
            return s & !bit(b.thread);
        }
        for (u, synced) in &self.synced {
            if *u == b.thread || through & bit(*u) != 0 {
                s |= synced;
            }
        }
        // an `Access::everything` (a write) conflicts with every access: one in
        // `last` with each of `b`'s, one of `b`'s with every entry of `last`
        if !b.accesses.is_empty() && self.locations & location_bit(Access::EVERYTHING) != 0 {
            for e in self.at(Access::EVERYTHING).iter().filter(|e| e.thread != b.thread) {
                s |= bit(e.thread) | e.synced;
            }
        }
        for a in &b.accesses {
            let entries = if a.is_everything() {
                &self.last[..]
            } else if self.locations & location_bit((a.object, a.field)) != 0 {
                self.at((a.object, a.field))
            } else {
                continue;
            };
            for e in entries {
                if e.thread != b.thread && a.kind.conflicts_with(e.kind) {
                    s |= bit(e.thread) | e.synced;
                }
            }
        }
        s & !bit(b.thread)
    }

    /// The state after `b`, whose `S` is `ordered`.
    fn after(&self, b: &Transition, ordered: Threads) -> Known {
        let mut next = self.clone();
        match next.synced.iter_mut().find(|(u, _)| *u == b.thread) {
            Some((_, s)) => *s = ordered,
            None if ordered != 0 => next.synced.push((b.thread, ordered)),
            None => {}
        }
        if bit(b.thread) == 0 {
            return next;
        }
        for a in &b.accesses {
            let location = (a.object, a.field);
            let kind = a.kind;
            // the latest access of a thread supersedes its earlier ones (its synced
            // set only grows along a path) that conflict with no more than it does: a
            // write supersedes every kind, a read or an update only its own kind
            let range = next.range(location);
            let mut at = range.start;
            let mut end = range.end;
            let mut i = range.start;
            while i < end {
                let e = next.last[i];
                if e.thread == b.thread && (e.kind == kind || kind == AccessKind::Write) {
                    next.last.remove(i);
                    end -= 1;
                    continue;
                }
                if (e.thread, e.kind) < (b.thread, kind) {
                    at = i + 1;
                }
                i += 1;
            }
            next.last.insert(at, Accessor { location, thread: b.thread, kind, synced: ordered });
            next.locations |= location_bit(location);
        }
        next
    }

    /// The meet with `other` (what holds on both paths); `true` if `self` changed.
    fn meet(&mut self, other: &Known) -> bool {
        let mut changed = false;
        self.synced.retain_mut(|(u, s)| {
            let kept = *s & other.synced(*u);
            changed |= kept != *s;
            *s = kept;
            kept != 0
        });
        // both sorted by (location, thread, kind): a merge
        let theirs = &other.last;
        let mut j = 0;
        self.last.retain_mut(|e| {
            let key = (e.location, e.thread, e.kind);
            while j < theirs.len() && (theirs[j].location, theirs[j].thread, theirs[j].kind) < key {
                j += 1;
            }
            match theirs.get(j).filter(|o| (o.location, o.thread, o.kind) == key) {
                Some(o) => {
                    let kept = e.synced & o.synced;
                    changed |= kept != e.synced;
                    e.synced = kept;
                    true
                }
                None => {
                    changed = true;
                    false
                }
            }
        });
        changed
    }
}

/// Summary entries kept in all (about 12 bytes each); past it, no more summaries are
/// stored and walks go on entering the states they reach.
pub(crate) const SUMMARY_BUDGET: usize = 16 << 20;

/// The summaries of completed states (see the module docs).
#[derive(Default)]
pub(crate) struct Summaries {
    by_state: FxHashMap<StateId, std::rc::Rc<[(LabelId, Threads)]>>,
    entries: usize,
}

impl Summaries {
    /// Bytes held.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.by_state.capacity() * 24 + self.entries * std::mem::size_of::<(LabelId, Threads)>()
    }
}

/// Walks `L_r` from `from` (see the module docs), calling `race(b, ordered)` for every
/// reachable visible transition `b` with the threads other than its own whose stack
/// history happens before it. A walk that reaches no state on the stack leaves `from`'s summary in
/// `summaries`. `race` returning `false` ends the walk there (it then leaves no
/// summary).
///
/// `race` must be antitone in `ordered`: what it does for `(b, o)` must include what
/// it would do for `(b, o')` whenever `o ⊆ o'` (more threads ordered before `b`, fewer
/// races). A label is then not reported again with a superset of a set it was
/// reported with in this walk.
pub(crate) fn traverse(
    graph: &jvmc_state::StateGraph,
    labels: &jvmc_state::LabelTable<Transition>,
    on_stack: impl Fn(StateId) -> Option<usize>,
    summaries: &mut Summaries,
    from: StateId,
    mut race: impl FnMut(&Transition, Threads) -> bool,
) -> Walk {
    let mut walk = Walk::default();
    if from == NO_STATE {
        return walk;
    }
    if let Some(summary) = summaries.by_state.get(&from) {
        for &(label, ordered) in summary.iter() {
            walk.transitions += 1;
            if !race(labels.get(label), ordered) {
                break;
            }
        }
        return walk;
    }
    // what this walk finds: per label, the meet of its `S`
    let mut found: FxHashMap<LabelId, Threads> = FxHashMap::default();
    // the sets each label was reported with, none a superset of another: a label met
    // again with a superset of one of them tells `race` nothing new (it is antitone),
    // and the edges of a graph share labels, and summaries overlap
    let mut reported = Reported::default();
    // `lower`: a subset of `b`'s `S`, which `ordered` computes
    let mut report = |label: LabelId, b: &Transition, lower: Threads, ordered: &dyn Fn() -> Threads| {
        if reported.covers(label, lower) {
            return true;
        }
        let ordered = ordered();
        if reported.covers(label, ordered) {
            // `found[label]` is a subset of a reported set, so of `ordered`: unchanged
            return true;
        }
        reported.insert(label, ordered);
        found.entry(label).and_modify(|o| *o &= ordered).or_insert(ordered);
        race(b, ordered)
    };
    // the reachable states in reverse postorder: in an acyclic part of L_r every
    // state comes after all its predecessors, so it is walked once, with the meet of
    // all its paths; only edges that close a cycle make a state walk again
    let rank = reverse_postorder(graph, from, summaries);
    let mut known: FxHashMap<StateId, (Known, u32)> = FxHashMap::default();
    known.insert(from, (Known::default(), 0));
    let mut work = std::collections::BinaryHeap::new();
    work.push(std::cmp::Reverse((0u32, from)));
    let mut queued: rustc_hash::FxHashSet<StateId> = rustc_hash::FxHashSet::default();
    queued.insert(from);
    // a state is walked again only when its value shrank, and after
    // `WALKS_BEFORE_BOTTOM` walks its value drops to "nothing known" (the paper's
    // rule), which no meet can change: every state is walked a bounded number of times
    while let Some(std::cmp::Reverse((_, s))) = work.pop() {
        queued.remove(&s);
        if let Some(p) = on_stack(s) {
            walk.lowest_on_stack = Some(walk.lowest_on_stack.map_or(p, |q| q.min(p)));
        }
        let here = match known.get_mut(&s) {
            Some((k, walks)) => {
                *walks += 1;
                if *walks > WALKS_BEFORE_BOTTOM {
                    *k = Known::default();
                }
                k.clone()
            }
            None => Known::default(),
        };
        // (`from` has no summary: it would have been used above)
        if let Some(summary) = summaries.by_state.get(&s) {
            for &(label, through) in summary.iter() {
                walk.transitions += 1;
                let b = labels.get(label);
                // `through` is a subset of `b`'s `S` here: a label reported with a
                // subset of it needs no `S` computed (most of a walk's cost)
                let lower = through & !bit(b.thread);
                if !report(label, b, lower, &|| here.ordered_through(b, through) & !bit(b.thread)) {
                    return walk;
                }
            }
            continue;
        }
        for e in graph.edges(s) {
            walk.transitions += 1;
            let b = labels.get(e.label);
            let ordered = here.ordered_before(b);
            if !b.accesses.is_empty() && !report(e.label, b, ordered, &|| ordered) {
                return walk;
            }
            if e.target == NO_STATE {
                continue;
            }
            let changed = match known.get_mut(&e.target) {
                None => {
                    known.insert(e.target, (here.after(b, ordered), 0));
                    true
                }
                Some((k, _)) if k.is_bottom() => false,
                Some((k, _)) => k.meet(&here.after(b, ordered)),
            };
            if changed && queued.insert(e.target) {
                let r = rank.get(&e.target).copied().unwrap_or(u32::MAX);
                work.push(std::cmp::Reverse((r, e.target)));
            }
        }
    }
    if walk.lowest_on_stack.is_none() && on_stack(from).is_none() && summaries.entries + found.len() <= SUMMARY_BUDGET {
        let mut summary: Vec<(LabelId, Threads)> = found.into_iter().collect();
        summary.sort_unstable();
        summaries.entries += summary.len();
        summaries.by_state.insert(from, summary.into());
    }
    walk
}

/// The sets of threads each label was reported with in one walk, none a superset of
/// another of the same label.
#[derive(Default)]
struct Reported(FxHashMap<LabelId, Vec<Threads>>);

impl Reported {
    /// Whether `label` was reported with a subset of `ordered`.
    fn covers(&self, label: LabelId, ordered: Threads) -> bool {
        self.0.get(&label).is_some_and(|sets| sets.iter().any(|&o| o & !ordered == 0))
    }

    /// Records a report of `label` with `ordered` (which [`Reported::covers`] denied).
    fn insert(&mut self, label: LabelId, ordered: Threads) {
        let sets = self.0.entry(label).or_default();
        sets.retain(|&o| ordered & !o != 0);
        sets.push(ordered);
    }
}

/// How a walk ended.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Walk {
    /// the lowest stack position of a state it reached that is on the stack
    pub lowest_on_stack: Option<usize>,
    /// transitions it looked at (summarised ones included)
    pub transitions: u64,
}

/// The states reachable from `from` without entering a summarised one, numbered in
/// reverse postorder.
fn reverse_postorder(graph: &jvmc_state::StateGraph, from: StateId, summaries: &Summaries) -> FxHashMap<StateId, u32> {
    let mut seen: rustc_hash::FxHashSet<StateId> = rustc_hash::FxHashSet::default();
    let mut post: Vec<StateId> = Vec::new();
    // (state, its successors still to visit)
    let mut stack: Vec<(StateId, Vec<StateId>)> = Vec::new();
    let successors = |s: StateId| {
        if summaries.by_state.contains_key(&s) {
            return Vec::new();
        }
        graph.edges(s).map(|e| e.target).filter(|&t| t != NO_STATE).collect::<Vec<_>>()
    };
    seen.insert(from);
    stack.push((from, successors(from)));
    while let Some((s, next)) = stack.last_mut() {
        match next.pop() {
            Some(t) => {
                if seen.insert(t) {
                    let succ = successors(t);
                    stack.push((t, succ));
                }
            }
            None => {
                post.push(*s);
                stack.pop();
            }
        }
    }
    post.iter().rev().enumerate().map(|(i, &s)| (s, i as u32)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::Access;

    fn t(thread: ThreadId, accesses: &[(u64, u32, AccessKind)]) -> Transition {
        Transition::new(thread, accesses.iter().map(|&(object, field, kind)| Access::new(object, field, kind)).collect())
    }

    const W: AccessKind = AccessKind::Write;
    const R: AccessKind = AccessKind::Read;
    const U: AccessKind = AccessKind::Update;

    #[test]
    fn updates_order_reads_but_not_each_other() {
        // threads 1 and 2 update the group (their exits), then main (0) reads it
        let start = Known::default();
        let exit1 = t(1, &[(9, 0, U)]);
        let exit2 = t(2, &[(9, 0, U)]);
        let k = start.after(&exit1, start.ordered_before(&exit1));
        assert_eq!(k.ordered_before(&exit2), 0, "two updates are not ordered");
        let k = k.after(&exit2, k.ordered_before(&exit2));
        assert_eq!(k.ordered_before(&t(0, &[(9, 0, R)])), bit(1) | bit(2), "a read comes after both");
        // a thread's later update does not supersede its earlier read, which another
        // thread's update conflicts with; its later write supersedes both
        let k = start.after(&t(1, &[(9, 0, R)]), 0);
        let k = k.after(&t(1, &[(9, 0, U)]), 0);
        assert_eq!(k.ordered_before(&t(2, &[(9, 0, U)])), bit(1), "the read is kept");
        assert_eq!(k.at((9, 0)).len(), 2);
        let k = k.after(&t(1, &[(9, 0, W)]), 0);
        assert_eq!(k.at((9, 0)).len(), 1);
    }

    #[test]
    fn a_join_orders_the_joiner_after_the_worker() {
        // worker 1 writes x, then terminates (writes its life cycle L1); main (0)
        // joins (reads L1), then reads x
        let start = Known::default();
        let write_x = t(1, &[(7, 0, W)]);
        let exit = t(1, &[(9, 0, W)]);
        let join = t(0, &[(9, 0, R)]);
        let read_x = t(0, &[(7, 0, R)]);
        let k = start.after(&write_x, start.ordered_before(&write_x));
        let k = k.after(&exit, k.ordered_before(&exit));
        assert_eq!(k.ordered_before(&join), bit(1), "the join reads what the exit wrote");
        let k = k.after(&join, k.ordered_before(&join));
        assert_eq!(k.ordered_before(&read_x), bit(1), "main's later reads come after worker 1");
        // without the join, main's read is ordered after nothing of worker 1 but the
        // conflicting write itself, which the caller tells from a race
        let k2 = start.after(&write_x, start.ordered_before(&write_x));
        assert_eq!(k2.ordered_before(&read_x), bit(1));
        assert_eq!(start.ordered_before(&read_x), 0, "nothing known: the paper's rule");
    }

    #[test]
    fn a_label_is_reported_again_only_with_a_set_no_reported_one_is_inside() {
        let mut reported = Reported::default();
        assert!(!reported.covers(7, 0b111), "nothing reported yet");
        reported.insert(7, 0b011);
        assert!(reported.covers(7, 0b011) && reported.covers(7, 0b111), "the same set or a superset");
        assert!(!reported.covers(7, 0b001) && !reported.covers(7, 0b100), "a subset or another set");
        assert!(!reported.covers(8, 0b111), "another label");
        // a smaller set replaces the sets it is inside
        reported.insert(7, 0b101);
        reported.insert(7, 0b001);
        assert_eq!(reported.0[&7], vec![0b001]);
        assert!(reported.covers(7, 0b101));
    }

    #[test]
    fn the_location_filter_changes_no_answer() {
        // random walks over 42 locations (3 objects, 14 fields); every `S` is the one found
        // with the filter off (every bit set)
        let mut rng = crate::rng::SearchRng::new(0x2545_F491_4F6C_DD1D);
        let mut next = |n: u64| rng.below(n as usize) as u64;
        let kinds = [R, W, U];
        for _ in 0..200 {
            let mut k = Known::default();
            for _ in 0..12 {
                let accesses: Vec<(u64, u32, AccessKind)> = (0..1 + next(8)).map(|_| (next(3), next(14) as u32, kinds[next(3) as usize])).collect();
                let b = t(next(4) as ThreadId, &accesses);
                let through = next(16);
                let unfiltered = Known { locations: !0, ..k.clone() };
                assert_eq!(k.ordered_through(&b, through), unfiltered.ordered_through(&b, through));
                if next(4) == 0 {
                    let other = k.after(&t(next(4) as ThreadId, &accesses[..1]), next(16));
                    k.meet(&other);
                }
                k = k.after(&b, k.ordered_before(&b));
            }
        }
    }

    #[test]
    fn the_meet_keeps_only_what_holds_on_both_paths() {
        let start = Known::default();
        let exit = t(1, &[(9, 0, W)]);
        let join = t(0, &[(9, 0, R)]);
        let k = start.after(&exit, 0);
        let joined = k.after(&join, k.ordered_before(&join));
        let mut other = start.after(&t(2, &[(5, 0, W)]), 0);
        let mut both = joined.clone();
        assert!(both.meet(&other), "the other path knows nothing of thread 1");
        assert_eq!(both.synced(0), 0);
        assert!(both.last.is_empty());
        assert!(!other.meet(&Known { synced: Vec::new(), last: other.last.clone(), locations: other.locations }), "meeting an equal value changes nothing");
        let mut same = joined.clone();
        assert!(!same.meet(&joined));
    }
}
