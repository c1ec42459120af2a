//! Optimal DPOR with wakeup trees, stateless: `--por optimal-dpor` (Abdulla, Aronis,
//! Jonsson, Sagonas, "Source Sets: A Foundation for Optimal Dynamic Partial Order
//! Reduction", JACM 2017, Algorithm 2 "Optimal-DPOR"; issue 12, item 2).
//!
//! A stateless depth-first search with sleep sets ([`Explorer::inherited_sleep`]), like
//! [`super::source_dpor`], whose states carry a wakeup tree `wut(E)`
//! ([`WakeupTree`]) instead of a backtrack set. Line by line:
//! - lines 2–6, at the end of each execution ([`Reduction::on_leaf`]): for each race
//!   `e ⋖ e'` ([`races::races`]), `v = notdep(e, E).e'` is inserted into `wut(E')` at
//!   `E' = pre(E, e)` unless a thread asleep at `E'` is a weak initial of `v`. Races
//!   are found when their later transition is taken and reversed at the end of the
//!   first execution that contains them (with that execution's `notdep`); the
//!   prefix an execution shares with the one before was reversed there;
//! - lines 7–10: a new state explores the subtree its parent's branch handed down
//!   ([`WakeupTree::subtree`]), or, if that is empty, the first enabled thread that is
//!   not asleep;
//! - lines 11–16: the branches in the order `≺`; after one, its thread is asleep
//!   (the explorer's sleep sets) and its sequences leave the tree.
//!
//! On programs without blocking it explores one execution per Mazurkiewicz trace
//! and none is sleep-blocked (the paper's Theorem 7.6); the unit tests count traces
//! independently. Java programs leave the paper's model, and soundness comes first:
//! - a Java transition's accesses depend on the values it reads, so `e'`, moved
//!   before the `e` it read from, may touch other locations: its label in `v`, and in
//!   the tree leaves made from it until they are taken, is a guess, which the weak
//!   initial checks never trust ([`super::races::Sequence::exact`]; exact where the
//!   system says accesses are fixed by code);
//! - a sleeping thread counts as a weak initial without a transition in `v` only for
//!   maximal executions and transitions that raised no violation ([`Self::reverse`]);
//! - a disabled thread's pending transition races like a taken one
//!   ([`Reduction::on_disabled`]); its `v` ends where it was found;
//! - a branch whose thread is disabled where the tree reaches it cannot be followed:
//!   the state then explores every enabled thread that is not asleep (sound, not
//!   optimal), as does a state on a cycle (the stack proviso).
//!
//! Executions cut short by the sleep sets (possible only around blocking) are counted
//! (`sleep_blocked`); their races are reversed like those of any other execution.

use jvmc_state::{LabelId, StateId};
use rustc_hash::FxHashSet;

use super::clocks::{StackClocks, VectorClock};
use super::races::{self, Reversal, Sequence};
use super::thread_set::ThreadSet;
use super::wakeup_tree::{weak_initial, WakeupTree};
use super::{Explorer, Frame, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{Transition, TransitionSystem};

/// Optimal DPOR with wakeup trees (see the module docs).
#[derive(Default)]
pub struct OptimalDpor {
    /// the clock of each transition on the stack, by position
    clocks: StackClocks,
    /// `wut(E)` of each state on the stack, by position (one more than the path: the
    /// subtree the newest state inherits)
    trees: Vec<WakeupTree>,
    /// per position `j < races_len` of the path: the positions `i` with `i ⋖ j`
    /// (the lists past `races_len` are spare buffers, filled again as the path
    /// grows: a list per transition taken is not allocated anew)
    races: Vec<Vec<usize>>,
    races_len: usize,
    /// the first position whose races are not reversed yet
    unreversed: usize,
    /// the system's transitions access what their code says, whatever they read
    /// ([`TransitionSystem::accesses_fixed_by_code`]): `e'` keeps its label in `v`
    fixed_accesses: bool,
    /// labels of transitions that raised a violation somewhere: such a transition
    /// ends its branch, which then explored nothing after it
    violating: FxHashSet<LabelId>,
}

impl OptimalDpor {
    /// With an empty stack.
    pub fn new() -> Self {
        Self::default()
    }

    /// Lines 4–6 for the race of position `i` with `last` (a transition and its clock),
    /// `E` being the first `end` transitions of the path; `maximal`: `E` is a maximal
    /// execution.
    ///
    /// A sleeping thread that is a weak initial of `v` without a transition in it
    /// stands for "some extension of `E'.v` was explored from that thread's branch" —
    /// true when `v` comes from a maximal execution and the branch was explored past
    /// its first transition. A truncated `E` (a violation, a cycle, a bound, sleep
    /// sets, a disabled thread's pending transition) shortens `v` and enlarges its
    /// weak initials, and a transition that raised a violation explored nothing
    /// after itself; there only a sleeping initial of `v` keeps `v` out.
    fn reverse(&mut self, ex: &Explorer, i: usize, end: usize, last: (&Transition, &VectorClock), maximal: bool, last_pending: bool) {
        let positions = races::notdep(ex, &self.clocks, i, end);
        let v = Reversal { ex, clocks: &self.clocks, positions, last, last_exact: self.fixed_accesses, last_pending };
        let w: Vec<usize> = (0..v.len()).collect();
        // sleep(E') ∩ WI(v) = ∅: the inherited sleep set, and the threads explored
        // from E' before the active one (a thread with several branches is a weak
        // initial only if every branch is)
        let asleep = ex.frames[i].asleep_beside_active();
        let mut threads: Vec<_> = asleep.iter().map(|&(u, _)| u).collect();
        threads.sort_unstable();
        threads.dedup();
        let covers = |l: LabelId| match weak_initial(&v, &w, ex.labels.get(l), true) {
            Some(Some(_)) => true,
            Some(None) => maximal && !self.violating.contains(&l),
            None => false,
        };
        let blocked = threads.iter().any(|&u| asleep.iter().filter(|&&(t, _)| t == u).all(|&(_, l)| covers(l)));
        if blocked {
            return;
        }
        if v.exact(v.len() - 1) {
            self.trees[i].insert(&v);
            return;
        }
        // `e'`'s label is a guess: no branch can be shown to cover `v` (every check
        // of `weak_initial` needs it), so inserting `v` whole would add a branch for
        // nearly every race, most of them redundant and ending in the sleep sets.
        // Source-DPOR's rule instead (Algorithm 1, lines 7–8): one initial of `v`,
        // `e'`'s thread if it is one, becomes a branch unless an initial already is
        // one or was explored here; none enabled: every enabled thread.
        let initials = initials_of(&v);
        let frame = &ex.frames[i];
        let enabled_initials: Vec<usize> = initials.iter().copied().filter(|&e| frame.enabled.contains(v.transition(e).thread)).collect();
        let present = |e: &usize| {
            let t = v.transition(*e).thread;
            frame.done.contains(t) || self.trees[i].threads().any(|u| u == t)
        };
        if enabled_initials.iter().any(present) {
            return;
        }
        let last = v.len() - 1;
        match enabled_initials.iter().find(|&&e| e == last).or(enabled_initials.iter().min_by_key(|&&e| v.transition(e).thread)) {
            Some(&e) => self.trees[i].add_branch(v.transition(e), v.exact(e)),
            None => {
                for t in frame.enabled.iter() {
                    if !frame.done.contains(t) {
                        self.trees[i].add_thread(t);
                    }
                }
            }
        }
    }
}

/// The initials of `seq`: the events that are their thread's first in it and have no
/// predecessor in it.
fn initials_of(seq: &dyn Sequence) -> Vec<usize> {
    (0..seq.len())
        .filter(|&k| {
            let t = seq.transition(k).thread;
            (0..k).all(|m| seq.transition(m).thread != t && !seq.before(m, k))
        })
        .collect()
}

impl Reduction for OptimalDpor {
    fn name(&self) -> &'static str {
        "optimal-dpor"
    }

    fn uses_safe_sets(&self) -> bool {
        false
    }

    fn reset(&mut self, sys: &dyn TransitionSystem) {
        *self = Self { fixed_accesses: sys.accesses_fixed_by_code(), ..Self::default() };
    }

    fn tracks_stack_accesses(&self) -> bool {
        true
    }

    fn uses_sleep_sets(&self) -> bool {
        true
    }

    /// Races are found on the stack alone: no graph is kept.
    fn reads_graph(&self) -> bool {
        false
    }

    /// The first transition is the tree's too.
    fn chooses_first(&self) -> bool {
        true
    }

    /// Lines 7–11: the first branch of `wut(E)` not explored and not asleep; a new
    /// state without a tree explores any thread (the explorer takes the first awake
    /// one). A branch whose thread is disabled here, or a state on a cycle, falls back
    /// to every enabled thread (see the module docs).
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        let all = || frame.enabled.minus(&frame.done);
        if frame.full {
            return all();
        }
        let tree = self.trees.get(frame.depth).filter(|t| !t.is_empty());
        let Some(tree) = tree else {
            return if frame.taken.is_empty() { frame.enabled.clone() } else { ThreadSet::new() };
        };
        let asleep = frame.asleep();
        for p in tree.threads() {
            if frame.done.contains(p) || asleep.contains(p) {
                continue;
            }
            if !frame.enabled.contains(p) {
                return all();
            }
            return ThreadSet::of(&[p]);
        }
        ThreadSet::new()
    }

    /// Line 11: the transition taken is a branch of `wut(E)` (made one if the tree
    /// was empty), its subtree goes to the next state (line 14); its races are
    /// recorded (reversed at the end of the execution).
    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        self.races_len = self.races_len.min(top);
        self.trees.resize_with(top + 1, WakeupTree::default);
        self.unreversed = self.unreversed.min(top);
        let Some((k, preds)) = self.clocks.record_taken(ex, top) else { return };
        if k.target == jvmc_state::NO_STATE {
            self.violating.insert(k.label);
        }
        self.trees[top].take(&ex.path[top]);
        let child = self.trees[top].subtree(k.thread);
        self.trees.push(child);
        if self.races.len() == self.races_len {
            self.races.push(Vec::new());
        }
        let raced = &mut self.races[self.races_len];
        if k.visible {
            races::races_into(ex, &self.clocks, k.thread, &preds, raced);
        } else {
            raced.clear();
        }
        self.races_len += 1;
    }

    /// A disabled thread's pending transition: its races are reversed at once, with
    /// `notdep` up to here.
    fn on_disabled(&mut self, ex: &mut Explorer, _state: StateId, depth: usize, pending: &Transition) {
        let (clock, preds) = self.clocks.clock_of(ex, pending, depth);
        for i in races::races(ex, &self.clocks, pending.thread, &preds) {
            self.reverse(ex, i, depth, (pending, &clock), false, true);
        }
    }

    /// Lines 2–6 for the races not reversed yet.
    fn on_leaf(&mut self, ex: &mut Explorer, maximal: bool) {
        let ex: &Explorer = ex;
        let end = ex.path.len();
        for j in self.unreversed..end.min(self.races_len) {
            // (drained, the buffer stays for the position's next transition)
            let mut raced = std::mem::take(&mut self.races[j]);
            for i in raced.drain(..) {
                let clock = self.clocks[j].clone();
                self.reverse(ex, i, end, (&ex.path[j], &clock), maximal, false);
            }
            self.races[j] = raced;
        }
        self.unreversed = end;
    }

    /// Only a state on the stack is ever matched (stateless search): a cycle, fully
    /// expanded.
    fn on_visited(&mut self, ex: &mut Explorer, top: usize, target: StateId) {
        ex.expand_cycle(top, target);
    }

    /// Lines 15–16: the branch leaves the tree (its thread is asleep from now on).
    fn on_return(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, top: usize, taken: super::Explored) -> Flow<bool> {
        self.clocks.truncate(top);
        self.races_len = self.races_len.min(top);
        self.trees.truncate(top + 1);
        if let Some(tree) = self.trees.get_mut(top) {
            tree.remove(taken.thread);
        }
        Ok(false)
    }

    fn heap_bytes(&self) -> usize {
        self.clocks.heap_bytes() + self.trees.iter().map(WakeupTree::nodes).sum::<usize>() * 64 + self.races.iter().map(|r| r.capacity() * 8 + 24).sum::<usize>()
    }
}
