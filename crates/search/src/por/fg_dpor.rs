//! Flanagan–Godefroid DPOR with sleep sets, stateless: `--por dpor` (Flanagan,
//! Godefroid, "Dynamic partial-order reduction for model checking software", POPL
//! 2005, Fig. 3, with the sleep sets they add in Section 4; issue 12, item 1).
//!
//! At every state `s` (the top of the stack `S`) and for every thread `p`,
//! `next(s, p)` — its next transition, or a disabled thread's pending operation — is
//! checked against the stack (Fig. 3, lines 5–9): `i` is the last position whose
//! transition is dependent on `next(s, p)` and does not happen before `p` (the vector
//! clock of `p`'s last transition has not seen it; [`super::clocks`]). If there is
//! one, a thread of `E` — `p`, or the thread of a transition after `i` that happens
//! before `p` — joins `backtrack(pre(S, i))`, else every enabled thread does.
//! Co-enabledness is refined only where the stack shows it: the transition that
//! enabled `p` (disabled before it, enabled after: a release of the monitor `p` waits
//! for) is never co-enabled with `p`'s next transition and is passed over; every
//! other dependent pair may be (more backtracking, never less). Where the latest race
//! conflicts on a monitor or a life cycle — a release made before `p` existed looks
//! like one — the race before it is reversed too ([`update_below`]). The explorer's
//! sleep sets skip threads whose next transition is independent of everything since
//! they were explored; the stack proviso fully expands cycles.
//!
//! Sleep sets and the choice from `E`: the paper may add any thread of `E`. One that
//! is asleep at `pre(S, i)` is never explored from there, so the thread added is one
//! of `E` that is enabled and awake there (`p` first). Adding `p` regardless lost
//! an outcome of `T1: x0 = 0; x1 = 3 ‖ T2: x1 = 1 ‖ T3: unlock; cas(x0, 0, 5)`:
//! `p = T1` was asleep where the race with `T2` had to be reversed, and `T3`, whose
//! compare-and-set happens before `T1`'s next write, was the thread to add.
//!
//! Unlike Source-DPOR ([`super::source_dpor`]), which looks only at the transitions
//! taken, this needs `next(s, p)` of every thread at every state: a thread whose
//! next transition is never taken from a state may still race with the stack. (A
//! variant that checked only taken transitions, with sleep sets, lost outcomes on
//! random programs.) `next(s, p)` of a thread taken from `s` is the transition taken
//! (checked in `on_taken`); of a sleeping thread, its sleep-set entry; any other
//! enabled thread is executed and undone once, when `s` is left
//! ([`Explorer::untaken_transitions`] in `on_exhausted`; counted as transitions). The
//! updates only touch states below `s`, which stay on the stack meanwhile, so doing
//! them late changes nothing.
//!
//! Merged steps: lines 5–9 reverse only the latest race of a transition, so this
//! needs unmerged steps ([`crate::Strategy::needs_state_independent_steps`]; the CLI has the
//! vm merge only until the program starts its second thread). The vm runs a thread
//! on past its scheduling points while no other thread could run, and a merged
//! step's latest race is that of its part that conflicts latest: the race of a later
//! part with an earlier transition (the suite program `LoneThreadRaces`: `r0 = a` in
//! a lone `y = x; r0 = a`, with `a = 1`) was left to the executions that reversing
//! the latest one starts, and a sleep set cut them off (`z=0 r0=0 y=1` was lost).
//! Source-DPOR and optimal DPOR reverse every race of a step and keep merged steps.

use jvmc_state::StateId;

use super::clocks::StackClocks;
use super::thread_set::ThreadSet;
use super::{Explorer, Frame, Reduction};
use crate::run::{Flow, SearchRun};
use crate::system::{Access, ThreadId, Transition, TransitionSystem};

/// Flanagan–Godefroid DPOR with sleep sets (see the module docs).
#[derive(Default)]
pub struct FlanaganGodefroid {
    /// the clock of each transition on the stack, by position
    clocks: StackClocks,
}

/// Fig. 3, lines 5–9, for `t`, the next transition of its thread at the state at
/// stack position `n`: the latest dependent transition that does not happen before
/// `t`'s thread races with it.
pub(super) fn update(clocks: &StackClocks, ex: &mut Explorer, t: &Transition, n: usize) {
    update_below(clocks, ex, t, n, n);
}

/// [`update`], with the race added only if it is with one of the first `limit`
/// positions (SDPOR replays the rule over paths that extend the stack for a while,
/// and only the stack's own frames take backtrack points).
pub(super) fn update_below(clocks: &StackClocks, ex: &mut Explorer, t: &Transition, n: usize, limit: usize) {
    if t.accesses.is_empty() {
        return;
    }
    let mut dependent = Vec::new();
    ex.index.dependent(t, n, |i, _| dependent.push(i));
    let before_p = happens_before_thread(clocks, ex, t.thread, n);
    // Line 5's race must also "may be co-enabled" with `t`: not the transition that
    // enabled `t`'s thread (a release of the monitor it waited for), which it can
    // never precede — on the stack, or on a path SDPOR replays past it
    // (`Explorer::enabled_by`). Taking that one for the latest race hid the real one
    // behind it (docs/algorithms/por.md: `t2` releasing `L1` after a nested acquire).
    // The latest race and the one before it, in one pass (a position may be reported
    // once per conflicting access)
    let (mut latest, mut previous) = (None, None);
    for i in dependent.into_iter().filter(|&i| !before_p(&ex.path, i) && !ex.enabled_by(i, t.thread)) {
        if Some(i) > latest {
            (latest, previous) = (Some(i), latest);
        } else if Some(i) < latest && Some(i) > previous {
            previous = Some(i);
        }
    }
    let Some(i) = latest else { return };
    if i < limit {
        add_race(ex, &before_p, t.thread, i, n);
    }
    // A release is never co-enabled with an acquire of its monitor (nor a thread's
    // end with a join of it) even where `t`'s thread did not exist yet to be seen
    // disabled, and labels do not tell an acquire from a release. So if the latest
    // race conflicts with `t` on a monitor or a life cycle, the one before it is
    // reversed too: it may be the latest that is co-enabled (random programs with
    // `synchronized` blocks stepped as the vm steps them lost outcomes: `t`'s
    // acquire-and-write raced latest with a release, which hid its race with a
    // write made while the monitor was held, before `t`'s thread was started).
    if blocks_on(&ex.path[i], t) {
        if let Some(j) = previous {
            if j < limit {
                add_race(ex, &before_p, t.thread, j, n);
            }
        }
    }
}

/// Whether `a` and `b` conflict on a monitor or a thread's life cycle: the
/// pseudo-locations a thread blocks on.
fn blocks_on(a: &Transition, b: &Transition) -> bool {
    a.accesses.iter().any(|x| matches!(x.field, Access::MONITOR | Access::LIFECYCLE) && b.accesses.iter().any(|y| x.conflicts(y)))
}

/// Whether the stack transition at position `i` happens before thread `p` among the
/// first `n` positions (`j → p` of Fig. 3): before its last transition there, by
/// that transition's vector clock, or before the transition after which `p` first
/// existed (its start, [`Explorer::start_of`]), which every transition of `p` follows
/// — Fig. 3's `→` includes the creation of `p`, and the labels do not (a start and
/// the new thread's first transition need not conflict). Without the start, `main`'s
/// access before it started `p` passed for the latest race of `p`'s next transition,
/// and a real race with a thread that ran before that access was never reversed: a
/// random spawning program lost its assertion violation under the order `1, 2, 0`,
/// and `LitmusSB` its `r1=1 r2=0` under `--order sequential:1,2,0`. (The start is
/// where `p` first existed, not where it was first enabled: a thread blocked from
/// its first instruction on is first enabled by the release it waits for, and what
/// happens before that release need not happen before `p`.)
pub(super) fn happens_before_thread<'a>(clocks: &'a StackClocks, ex: &Explorer, p: ThreadId, n: usize) -> impl Fn(&[Transition], usize) -> bool + 'a {
    let last = ex.path[..n].iter().rposition(|a| a.thread == p);
    let start = ex.start_of(p, n);
    move |path: &[Transition], i: usize| [last, start].into_iter().flatten().any(|k| clocks[k].after(path[i].thread, i))
}

/// Fig. 3, lines 6–9, for a race of thread `p`'s next transition (at position `n`)
/// with the stack transition at position `i`: `E` is `p` and the threads of the
/// transitions after `i` that happen before `p`; with sleep sets, one awake at
/// `pre(S, i)` joins its backtrack set (`p` first), else every enabled thread does.
pub(super) fn add_race(ex: &mut Explorer, before_p: &impl Fn(&[Transition], usize) -> bool, p: ThreadId, i: usize, n: usize) {
    let mut e = ThreadSet::of(&[p]);
    for j in i + 1..n {
        if before_p(&ex.path, j) {
            e.insert(ex.path[j].thread);
        }
    }
    let f = &mut ex.frames[i];
    f.add_backtrack(&e.minus(&f.asleep()), p);
}

impl Reduction for FlanaganGodefroid {
    fn name(&self) -> &'static str {
        "dpor"
    }

    fn uses_safe_sets(&self) -> bool {
        false
    }

    fn reset(&mut self, _sys: &dyn TransitionSystem) {
        *self = Self::default();
    }

    fn tracks_stack_accesses(&self) -> bool {
        true
    }

    fn uses_sleep_sets(&self) -> bool {
        true
    }

    /// Lines 5–9 reverse only the latest race of each transition (module docs,
    /// "Merged steps") and take `next(s, p)` to race the same way wherever it runs
    /// (`docs/algorithms/fg-dpor.md`, "What the race rule assumes of a label").
    fn needs_state_independent_steps(&self) -> bool {
        true
    }

    /// Races are found on the stack alone: no graph is kept.
    fn reads_graph(&self) -> bool {
        false
    }

    /// Fig. 3, line 10: a thread of `backtrack` not explored yet (the explorer leaves
    /// out the sleeping ones).
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        frame.backtrack.minus(&frame.done)
    }

    /// Lines 10–13: the transition taken joins `backtrack` and `done`; its clock is
    /// recorded. It is `next(s, p)` of its thread at its state: lines 4–9 for it.
    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        if self.clocks.record_taken(ex, top).is_some() {
            let t = ex.path[top].clone();
            update(&self.clocks, ex, &t, top);
        }
    }

    /// Lines 4–9 for the next transition of every enabled thread not taken from the
    /// state, before it is left.
    fn on_exhausted(&mut self, ex: &mut Explorer, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize) -> Flow<()> {
        for t in ex.untaken_transitions(sys, run, top)? {
            update(&self.clocks, ex, &t, top);
        }
        Ok(())
    }

    /// Lines 4–9 for a disabled thread's pending operation.
    fn on_disabled(&mut self, ex: &mut Explorer, _state: StateId, depth: usize, pending: &Transition) {
        update(&self.clocks, ex, pending, depth);
    }

    /// Only a state on the stack is ever matched (stateless search): a cycle, fully
    /// expanded.
    fn on_visited(&mut self, ex: &mut Explorer, top: usize, target: StateId) {
        ex.expand_cycle(top, target);
    }

    fn on_return(&mut self, _ex: &mut Explorer, _sys: &mut dyn TransitionSystem, _run: &mut SearchRun<'_>, top: usize, _taken: super::Explored) -> Flow<bool> {
        self.clocks.truncate(top);
        Ok(false)
    }

    fn heap_bytes(&self) -> usize {
        self.clocks.heap_bytes()
    }
}
