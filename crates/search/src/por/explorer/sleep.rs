//! Sleep sets on the explorer (Godefroid; with DPOR as Flanagan and Godefroid, POPL
//! 2005, Fig. 4): the sleep set a new state inherits, and, in a stateful search,
//! Godefroid's condition for matching a visited state — every thread asleep when it
//! was explored must be asleep now, else it is explored again. Owns no state of its
//! own; which algorithms use sleep sets is theirs to say (`Reduction::uses_sleep_sets`).

use jvmc_state::{LabelId, StateId};

use super::super::thread_set::ThreadSet;
use super::Explorer;
use crate::liveness::CycleFinder;
use crate::report::StopReason;
use crate::run::{Flow, Halt};
use crate::system::ThreadId;

impl Explorer {
    /// Sleep sets until a cycle: `target`, a visited state just reached, is on the
    /// stack, so the explored graph has a cycle — the search stops here (the
    /// strategy runs it again without sleep sets, [`Explorer::drop_sleep_sets`]).
    /// While no transition closes a cycle, the graph explored with sleep sets
    /// reaches every state, and a search that ends so proves the program has no cycle
    /// at all, hence no livelock (`docs/algorithms/sleep.md`).
    pub(super) fn stop_at_cycle(&mut self, target: StateId) -> Flow<()> {
        if self.until_cycle && self.on_stack(target).is_some() {
            self.met_cycle = true;
            return Err(Halt::Stop(StopReason::Complete));
        }
        Ok(())
    }

    /// Whether the search stopped at a cycle (see [`Explorer::stop_at_cycle`]).
    pub fn met_cycle(&self) -> bool {
        self.met_cycle
    }

    /// For the search again after a cycle: no sleep sets, every enabled thread
    /// explored (in order, as unreduced search), livelocks looked for as the
    /// configuration says.
    pub fn drop_sleep_sets(&mut self) {
        self.sleep_sets = false;
        self.until_cycle = false;
        self.cycles = self.liveness.then(CycleFinder::default);
    }

    /// Stateful search with sleep sets: if the visited state `target`, reached from
    /// frame `top`, had a thread asleep when it was explored that would be awake now
    /// (Godefroid's condition for matching a state under sleep sets fails), the sleep
    /// set to explore it again with, and the threads woken (asleep then, awake now). A
    /// state on the stack is a cycle, never explored again.
    pub(super) fn woken_sleep(&self, top: usize, target: StateId) -> Option<(Vec<(ThreadId, LabelId)>, ThreadSet)> {
        if !self.sleep_sets || self.stateless || self.on_stack(target).is_some() {
            return None;
        }
        // never explored (a leaf): nothing to explore again
        let Some(Some(stored)) = self.stored_sleep.get(target as usize) else { return None };
        let sleep = self.inherited_sleep(top);
        let mut now = ThreadSet::new();
        for &(t, _) in &sleep {
            now.insert(t);
        }
        let woken = stored.minus(&now);
        (!woken.is_empty()).then_some((sleep, woken))
    }

    /// Frame `i`, just pushed for `state`, sleeps `sleep`; in a stateful search the
    /// state's stored sleep set becomes the intersection with it.
    pub(super) fn set_sleep(&mut self, state: StateId, i: usize, sleep: Vec<(ThreadId, LabelId)>) {
        self.frames[i].sleep = sleep;
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
    pub(crate) fn inherited_sleep(&self, top: usize) -> Vec<(ThreadId, LabelId)> {
        let Some(t) = self.path.last() else { return Vec::new() };
        let mut candidates = self.frames[top].asleep_beside_active();
        super::super::keep_asleep(&mut candidates, t.thread, |&l| super::super::dependent(self.labels.get(l), t));
        candidates
    }
}
