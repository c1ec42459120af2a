//! Sleep sets on the explorer (Godefroid; with DPOR as Flanagan and Godefroid, POPL
//! 2005, Fig. 4): the sleep set a new state inherits, and, in a stateful search,
//! Godefroid's condition for matching a visited state — every thread asleep when it
//! was explored must be asleep now, else it is explored again. Owns no state of its
//! own; which algorithms use sleep sets is theirs to say (`Reduction::uses_sleep_sets`).

use jvmc_state::{LabelId, StateId};

use super::super::thread_set::ThreadSet;
use super::Explorer;
use crate::system::ThreadId;

impl Explorer {
    /// Stateful search with sleep sets: whether the visited state `target`, reached
    /// from frame `top`, had a thread asleep when it was explored that would be awake
    /// now (Godefroid's condition for matching a state under sleep sets). A state on
    /// the stack is a cycle, never explored again.
    pub(super) fn wakes_sleeper(&self, top: usize, target: StateId) -> bool {
        if !self.sleep_sets || self.stateless || self.on_stack(target).is_some() {
            return false;
        }
        // never explored (a leaf): nothing to explore again
        let Some(Some(stored)) = self.stored_sleep.get(target as usize) else { return false };
        let mut now = ThreadSet::new();
        for (t, _) in self.inherited_sleep(top) {
            now.insert(t);
        }
        !stored.is_subset(&now)
    }

    /// Stateful search with sleep sets: records the sleep set of frame `i` as its
    /// state's, intersected with what it had.
    pub(super) fn store_sleep(&mut self, state: StateId, i: usize) {
        if self.stateless {
            return;
        }
        let now = self.frames[i].asleep();
        let j = state as usize;
        if j >= self.stored_sleep.len() {
            self.stored_sleep.resize(j + 1, None);
        }
        let stored = &mut self.stored_sleep[j];
        *stored = Some(match stored.take() {
            Some(before) => before.intersection(&now),
            None => now,
        });
    }

    /// The sleep set of the state reached from frame `top` by the transition just
    /// taken, `t` (Godefroid's sleep sets, as Flanagan and Godefroid combine them with
    /// DPOR, POPL 2005, Fig. 4): the threads asleep at `top` and those explored from
    /// it before `t` that stay asleep because each of their branches is independent of
    /// `t` (so it is still their next transition).
    pub(super) fn inherited_sleep(&self, top: usize) -> Vec<(ThreadId, LabelId)> {
        let Some(t) = self.path.last() else { return Vec::new() };
        let mut candidates = self.frames[top].asleep_beside_active();
        let mut awake = ThreadSet::new();
        for &(u, l) in &candidates {
            if super::super::dependent(self.labels.get(l), t) {
                awake.insert(u);
            }
        }
        candidates.retain(|&(u, _)| !awake.contains(u));
        candidates
    }
}
