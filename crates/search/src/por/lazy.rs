//! DL-S-POR, Algorithm 3 of the stateful POR paper (lazy source sets), and DL-JPF
//! (the same with `safeSet(s) = enabled(s)`).
//!
//! Nothing is tracked while exploring forward. Each time the search backtracks to a
//! state `s`, `IsComplete(s)` (lines 17–32) takes the transitions explored from `s`
//! since the last time, re-traverses `L_r` from their successors to collect the
//! threads that later perform a dependent transition (`current[t]`, lines 26–28), and
//! updates `backtrack` with `UpdateBack` (line 29); `s` is complete when
//! `backtrack = done`.
//!
//! Every optimisation of the paper's Appendix A is in:
//! - each transition is re-traversed once per traversal (a state is entered once);
//! - no re-traversal from the last successor: once `done = safeSet(s)` the state is
//!   complete (line 21, first disjunct) — so reducible states never re-traverse;
//! - no re-traversal when every remaining thread of the safe set leads to a visited
//!   state (line 21, second disjunct; the explorer's probes find out, and their
//!   transitions are added to `L_r`, line 22);
//! - a traversal stops as soon as `current[t]` holds the whole safe set, or a thread
//!   not enabled in `s` (`UpdateBack` then answers `safeSet(s)` whatever else is
//!   found).
//!
//! Happens-before (issue 10): `dl-spor` adds a thread to `current[t]` only for a
//! dependent transition `b` that is not ordered after `t`'s transition `k` through
//! other transitions on every path of `L_r` from `k`'s successor — that is, unless
//! `t` itself made a transition after `k` that happens before `b` there
//! ([`super::hb_summary`]; `k` is the top of the stack, so no stack transition comes
//! between). Such a `b` races with a transition of the chain, not with `k`; that race
//! is handled inside the subtree, which is explored completely. `dl-spor-paper` (and
//! DL-JPF) add every dependent transition's thread, as the paper does.
//!
//! One more of our own, which changes no set: the explorer knows which threads access
//! each location anywhere in `L_r` ([`Explorer::conflicting_threads`]), an upper bound
//! of what a traversal can add to `current[t]`. The traversal is skipped when
//! `current[t]` already holds it, and stops once it does. A traversal also looks for
//! states on the stack (the incomplete-region rule, `por.md`), so this applies only
//! while no edge of `L_r` leads to the stack ([`Explorer::may_reach_stack`]).

use super::explorer::{Explored, Frame};
use super::hb_summary::Summaries;
use super::source_sets::update_back;
use super::thread_set::ThreadSet;
use super::{dependent, Explorer, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{ThreadId, TransitionSystem};

/// DL-S-POR (`safe_sets`) or DL-JPF.
#[derive(Default)]
pub struct LazySourceSets {
    safe_sets: bool,
    /// the paper's rule (every later dependent transition counts), else the
    /// happens-before-aware one with `summaries`
    faithful: bool,
    summaries: Summaries,
}

impl LazySourceSets {
    /// With the static safe-set filter (DL-S-POR) or without (DL-JPF, always the
    /// paper's rule); `faithful`: the paper's rule (`dl-spor-paper`).
    pub fn new(safe_sets: bool, faithful: bool) -> Self {
        LazySourceSets { safe_sets, faithful: faithful || !safe_sets, summaries: Summaries::default() }
    }
}

impl Reduction for LazySourceSets {
    fn name(&self) -> &'static str {
        match (self.safe_sets, self.faithful) {
            (true, false) => "dl-spor",
            (true, true) => "dl-spor-paper",
            (false, _) => "dl-jpf",
        }
    }

    /// The summaries of the last search are forgotten.
    fn reset(&mut self, _sys: &dyn TransitionSystem) {
        *self = Self::new(self.safe_sets, self.faithful);
    }

    fn uses_safe_sets(&self) -> bool {
        self.safe_sets
    }

    /// Lines 5–8: `s.backtrack \ s.done` (the first choice, from `safeSet(s)`, is the
    /// explorer's).
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        frame.backtrack.minus(&frame.done)
    }

    /// Line 13: `IsComplete(s)`.
    fn on_return(&mut self, ex: &mut Explorer, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize, _taken: Explored) -> Flow<bool> {
        let summaries = (!self.faithful).then_some(&mut self.summaries);
        is_complete(ex, sys, run, top, summaries)
    }

    fn heap_bytes(&self) -> usize {
        self.summaries.heap_bytes()
    }
}

/// `IsComplete(s)`, lines 17–32. A thread with several branches (a choice) has one
/// taken transition per branch: its `current` set collects what every branch's
/// re-traversal finds before `UpdateBack` looks at it.
/// With `summaries`, the happens-before-aware rule (see the module docs).
fn is_complete(ex: &mut Explorer, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize, mut summaries: Option<&mut Summaries>) -> Flow<bool> {
    // line 18: the transitions from s taken since the last call
    let fresh: Vec<Explored> = ex.frames[top].taken.iter().filter(|k| !ex.frames[top].done.contains(k.thread)).copied().collect();
    let mut threads: Vec<ThreadId> = fresh.iter().map(|k| k.thread).collect();
    threads.dedup();
    for t in threads {
        ex.frames[top].done.insert(t); // line 19
        // lines 20–25
        if ex.frames[top].done == ex.frames[top].safe_set() || rest_leads_to_visited(ex, sys, run, top)? {
            let f = &mut ex.frames[top];
            f.done = f.safe_set();
            f.backtrack = f.done.clone();
            return Ok(true);
        }
        // lines 26–28
        *ex.frames[top].current_mut(t) = ThreadSet::of(&[t]);
        for k in fresh.iter().filter(|k| k.thread == t && k.visible) {
            collect_dependent(ex, top, k, summaries.as_deref_mut());
        }
        // lines 29–31
        let f = &mut ex.frames[top];
        f.backtrack = update_back(f, t);
        if f.backtrack == f.done {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Lines 26–28 for one taken transition `k` of frame `top`: re-traverses `L_r` from its
/// successor and adds the threads of dependent transitions to `current[tid(k)]` (with
/// `summaries`, of those not ordered after `k` through `tid(k)`'s later transitions).
fn collect_dependent(ex: &mut Explorer, top: usize, k: &Explored, summaries: Option<&mut Summaries>) {
    let a = ex.labels.get(k.label).clone();
    let (safe, enabled) = (ex.frames[top].safe_set(), ex.frames[top].enabled.clone());
    // all the traversal could add: skip it, or stop once it has been found (unless it
    // must look for the stack, see the module docs)
    let mut findable = ex.conflicting_threads(&a);
    findable.insert(k.thread);
    let summary = !ex.may_reach_stack();
    if summary && findable.is_subset(ex.frames[top].current(k.thread)) {
        return;
    }
    // stop early: UpdateBack's answer can no longer change, or nothing more can be
    // found
    let done = |current: &ThreadSet| safe.is_subset(current) || !current.is_subset(&enabled) || (summary && findable.is_subset(current));
    let lowest = match summaries {
        None => {
            ex.traverse(k.target, |labels, _, frames, e| {
                let b = labels.get(e.label);
                if dependent(&a, b) {
                    let current = frames[top].current_mut(k.thread);
                    current.insert(b.thread);
                    return !done(current);
                }
                true
            })
            .lowest_on_stack
        }
        Some(summaries) => {
            let mut current = ex.frames[top].current(k.thread).clone();
            let end = ex.hb_traverse(summaries, k.target, |_, b, ordered| {
                let after_k = (k.thread as usize) < 64 && ordered & (1 << k.thread) != 0;
                if dependent(&a, b) && !after_k {
                    current.insert(b.thread);
                    return !done(&current);
                }
                true
            });
            ex.frames[top].current_mut(k.thread).union_with(&current);
            end.lowest_on_stack
        }
    };
    if lowest.is_some() {
        ex.make_full(top);
    }
}

/// Line 21, second disjunct: every thread of `safeSet(s)` not in `s.done` leads to a
/// visited state (probing executes the unknown ones).
fn rest_leads_to_visited(ex: &mut Explorer, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize) -> Flow<bool> {
    loop {
        let safe = ex.frames[top].safe_set();
        for t in safe.minus(&ex.frames[top].done).iter() {
            if ex.probe(sys, run, top, t)?.is_none() {
                return Ok(false);
            }
        }
        // a probe that closed a cycle made the state fully expanded: check again
        if ex.frames[top].safe_set() == safe {
            return Ok(true);
        }
    }
}
