//! The depth-first explorer every POR algorithm runs on: the stack of states with
//! their `done`/`backtrack`/`current` sets, the explored transition graph `L_r`, the
//! safe-set choice, enumeration order, probing for visited successors, and the cycle
//! proviso. An algorithm ([`Reduction`]) only says which threads to explore next and
//! how to update the sets (see `docs/algorithms/`).
//!
//! # The loop
//! Iterative, like [`crate::strategy::DfsStrategy`]: the top frame either takes a
//! transition (executing it, or reusing one a probe already executed) or, when its
//! algorithm has nothing left to explore, is popped. Back from a transition's subtree
//! the algorithm's [`Reduction::on_return`] runs (`UpdateBack`, `IsComplete`).
//!
//! # Safe sets (S-POR, Algorithm 1)
//! `safeSet(s) = {t}` when thread `t`'s next transition is invisible, else
//! `enabled(s)`. The system's [`TransitionSystem::pending`] tells which threads stand
//! before no visible access; the first such thread (in the enumeration order) is
//! explored first, and its label (no visible access) confirms it. If the label shows a
//! visible access after all (a thread that terminates, say), the state is treated as
//! irreducible: `safeSet(s) = enabled(s)`, which is always a valid choice.
//!
//! # Cycles and violations
//! The paper assumes acyclic state spaces; Java programs that spin have cycles. Three
//! conservative rules keep every algorithm sound on them:
//! - the stack proviso (Peled's C3): a state with a transition to a state on the stack
//!   is fully expanded — every cycle of the explored graph then contains a fully
//!   expanded state, so no thread is ignored forever;
//! - a transition that raises a violation ends every path through it, so it disables
//!   every other thread (the papers' LTSs have no such transitions): its state is
//!   fully expanded too;
//! - dependency tracking over incomplete regions: a re-traversal that reaches a state
//!   still on the stack (whose exploration is unfinished, so its later transitions are
//!   not yet in `L_r`) fully expands the states whose sets it was updating.
//!
//! # Choices
//! A thread that stands before a choice has several branches (see `system.rs`). The
//! algorithms' sets hold threads, so a thread is explored as a unit: the explorer
//! takes every branch of it in turn, each a transition of its own in `L_r` and on the
//! path, and calls [`Reduction::on_return`] once, after the last. A safe set `{t}`
//! needs every branch of `t` invisible; a visible later branch makes the state
//! irreducible. Probes never execute a thread with several branches.
//!
//! # Livelocks
//! With `cfg.liveness` (and state matching) the explorer finds the strongly connected
//! components of `L_r` on the fly and reports fair cycles in them (`liveness.rs`).

use jvmc_state::{GraphEdge, LabelId, LabelTable, StateGraph, StateId, TraversalMarks, NO_STATE};

use super::access_index::{AccessIndex, LocationAccessors};
use super::stack_keys::{StackKey, StackKeys};
use super::thread_set::ThreadSet;
use super::Reduction;
use crate::config::ThreadOrder;
use crate::liveness::{CycleFinder, FairCycle};
use crate::rng::SearchRng;
use crate::run::{Flow, Node, SearchRun};
use crate::system::{Access, Move, SaveMark, ThreadId, Transition, TransitionSystem};

mod sleep;
mod thread_life;

/// Not on the stack.
const OFF_STACK: u32 = u32::MAX;

/// The stack position of `state` in `stack_pos` (per state, or `OFF_STACK`).
fn stack_position(stack_pos: &[u32], state: StateId) -> Option<usize> {
    stack_pos.get(state as usize).filter(|&&p| p != OFF_STACK).map(|&p| p as usize)
}

/// A transition taken (or probed) from a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Explored {
    /// the thread that ran
    pub thread: ThreadId,
    /// which of its branches
    pub branch: u32,
    /// its interned label
    pub label: LabelId,
    /// the successor ([`NO_STATE`] when the transition raised a violation)
    pub target: StateId,
    /// whether it made a visible access
    pub visible: bool,
}

/// What is known of a state's safe set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Safe {
    /// not decided before the first transition: `Some(t)` if `t` was picked because it
    /// stands before no visible access
    Undecided(Option<ThreadId>),
    /// `{t}`: `t`'s next transition is invisible
    Single(ThreadId),
    /// all enabled threads (an irreducible state, a JPF-style variant, or a fully
    /// expanded one)
    All,
}

/// A state on the stack, with the algorithms' sets.
pub(crate) struct Frame {
    /// its id in the explored graph
    pub state: StateId,
    /// its stack position
    pub depth: usize,
    /// its enabled threads
    pub enabled: ThreadSet,
    /// its disabled threads (alive, blocked): with `enabled`, the threads that exist
    /// here ([`Explorer::start_of`])
    pub disabled: ThreadSet,
    /// its safe set so far
    pub safe: Safe,
    /// threads whose transitions are fully explored (the papers' `s.done`)
    pub done: ThreadSet,
    /// the papers' `s.backtrack`
    pub backtrack: ThreadSet,
    /// the papers' `s.current[t]`, for the threads that have one
    pub current: Vec<(ThreadId, ThreadSet)>,
    /// fully expanded: explore every enabled thread (cycle proviso)
    pub full: bool,
    /// whether the first transition was chosen
    started: bool,
    /// the transition whose subtree is being explored (its label is on the path)
    pub active: Option<Explored>,
    /// the save taken before executing `active`
    mark: Option<SaveMark>,
    /// transitions taken from this state, in order
    pub taken: Vec<Explored>,
    /// transitions a probe executed whose successor was already visited (or that
    /// raised a violation), not taken yet
    pub known: Vec<Explored>,
    /// threads a probe found to lead to a new state
    leads_new: ThreadSet,
    /// edges of `L_r` into this state added while it is on the stack
    back_in: u32,
    /// its position in the cycle finder (livelock detection)
    scc: Option<u32>,
    /// its sleep set (algorithms with sleep sets, stateless): threads not to explore
    /// here, each with the labels of its branches (see [`Explorer::inherited_sleep`])
    pub sleep: Vec<(ThreadId, LabelId)>,
    /// a visited state explored again (stateful sleep sets): the threads asleep when
    /// it was explored before and awake now, its first choice (empty for a state
    /// explored the first time)
    pub woken: ThreadSet,
    /// a transition taken from it reads nothing any thread can change any more
    /// ([`Reduction::cuts_after_untouchable_steps`]): nothing more is explored from it
    pub cut: bool,
}

impl Frame {
    fn new(state: StateId, depth: usize, enabled: &[ThreadId], disabled: ThreadSet) -> Frame {
        Frame {
            state,
            depth,
            enabled: ThreadSet::of(enabled),
            disabled,
            safe: Safe::Undecided(None),
            done: ThreadSet::new(),
            backtrack: ThreadSet::new(),
            current: Vec::new(),
            full: false,
            started: false,
            active: None,
            mark: None,
            taken: Vec::new(),
            known: Vec::new(),
            leads_new: ThreadSet::new(),
            back_in: 0,
            scc: None,
            sleep: Vec::new(),
            woken: ThreadSet::new(),
            cut: false,
        }
    }

    /// [`Frame::new`] keeping the buffers of `self`, a popped frame (a deep search
    /// pushes a frame per transition; their lists are mostly a few entries long).
    fn renew(self, state: StateId, depth: usize, enabled: &[ThreadId], disabled: ThreadSet) -> Frame {
        let Frame { mut current, mut taken, mut known, mut sleep, .. } = self;
        current.clear();
        taken.clear();
        known.clear();
        sleep.clear();
        Frame { current, taken, known, sleep, ..Frame::new(state, depth, enabled, disabled) }
    }

    /// The threads of its sleep set.
    pub fn asleep(&self) -> ThreadSet {
        let mut out = ThreadSet::new();
        for &(t, _) in &self.sleep {
            out.insert(t);
        }
        out
    }

    /// Its sleep set while the subtree of its active transition is explored: the
    /// sleeping transitions it inherited and those explored from it before (each
    /// thread with the labels of its branches), sorted.
    pub fn asleep_beside_active(&self) -> Vec<(ThreadId, LabelId)> {
        let active = self.active.map(|k| k.thread);
        let before = self.taken.iter().filter(|k| Some(k.thread) != active).map(|k| (k.thread, k.label));
        let mut out: Vec<(ThreadId, LabelId)> = self.sleep.iter().copied().chain(before).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Adds to `backtrack` one of `choices` that is enabled here — `prefer` if it is
    /// one, else the lowest — or, if none is, every enabled thread.
    pub fn add_backtrack(&mut self, choices: &ThreadSet, prefer: ThreadId) {
        let choices = choices.intersection(&self.enabled);
        let first = choices.iter().next();
        match first {
            Some(first) => {
                self.backtrack.insert(if choices.contains(prefer) { prefer } else { first });
            }
            None => {
                let enabled = self.enabled.clone();
                self.backtrack.union_with(&enabled);
            }
        }
    }

    /// `safeSet(s)` (every enabled thread until the first transition decided it).
    pub fn safe_set(&self) -> ThreadSet {
        match self.safe {
            Safe::Single(t) => ThreadSet::of(&[t]),
            Safe::Undecided(_) | Safe::All => self.enabled.clone(),
        }
    }

    /// `s.current[t]` (empty if never set).
    pub fn current(&self, t: ThreadId) -> &ThreadSet {
        static EMPTY: ThreadSet = ThreadSet::new();
        self.current.iter().find(|(u, _)| *u == t).map_or(&EMPTY, |(_, s)| s)
    }

    /// `s.current[t]`, created empty if needed.
    pub fn current_mut(&mut self, t: ThreadId) -> &mut ThreadSet {
        let i = match self.current.iter().position(|(u, _)| *u == t) {
            Some(i) => i,
            None => {
                self.current.push((t, ThreadSet::new()));
                self.current.len() - 1
            }
        };
        &mut self.current[i].1
    }

    fn heap_bytes(&self) -> usize {
        let sets = [&self.enabled, &self.done, &self.backtrack, &self.leads_new].iter().map(|s| s.heap_bytes()).sum::<usize>();
        sets + self.current.iter().map(|(_, s)| s.heap_bytes() + 32).sum::<usize>() + (self.taken.capacity() + self.known.capacity()) * std::mem::size_of::<Explored>() + self.sleep.capacity() * std::mem::size_of::<(ThreadId, LabelId)>()
    }
}

/// How a re-traversal ended.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TraversalEnd {
    /// the lowest stack position of a state it reached that is on the stack
    pub lowest_on_stack: Option<usize>,
}

/// The search the algorithms run in (see the module docs).
pub(crate) struct Explorer {
    /// `L_r`
    pub graph: StateGraph,
    /// interned labels
    pub labels: LabelTable<Transition>,
    /// the DFS stack; frame `i` is at depth `i`
    pub frames: Vec<Frame>,
    /// popped frames, whose buffers the next pushed ones reuse
    spare_frames: Vec<Frame>,
    /// the labels of the active transitions of `frames[..top]`, in order
    pub path: Vec<Transition>,
    /// the stack's accesses by location (kept only if the algorithm asks)
    pub index: AccessIndex,
    /// per label (`k.label` of a transition taken), the places of its accesses in
    /// `index`, once it was taken
    label_places: Vec<Option<Box<[u32]>>>,
    /// where `path` runs on past the stack (SDPOR replays paths of `L_r` from a
    /// visited state), each thread first alive at a state of that extension, with
    /// the position of the transition that led there (its start)
    pub path_starts: Vec<(ThreadId, usize)>,
    /// on that extension, each thread a transition of it enabled (disabled before,
    /// enabled after), with the transition's position
    pub path_enablings: Vec<(ThreadId, usize)>,
    /// while the disabled threads of a new state at depth `d` are handed to the
    /// algorithm (before its frame is pushed): `d` and those threads
    arriving: Option<(usize, ThreadSet)>,
    index_on: bool,
    /// per state: its stack position, or `OFF_STACK`
    stack_pos: Vec<u32>,
    /// who accesses each location in `L_r`
    accessors: LocationAccessors,
    /// edges into states now on the stack (none: no re-traversal can reach the stack)
    back_edges: u64,
    /// re-traversal marks
    marks: TraversalMarks,
    /// the strongly connected components of `L_r` (livelock detection), if on
    cycles: Option<CycleFinder>,
    /// stateless search: the states on the stack, one per frame
    stack_keys: StackKeys,
    order: ThreadOrder,
    rng: SearchRng,
    visited_first: bool,
    safe_sets: bool,
    /// [`Reduction::cuts_after_untouchable_steps`] (only while `until_cycle` holds)
    cuts_after_untouchable: bool,
    stateless: bool,
    /// sleep sets on (an algorithm that asks for them; in a stateful search not
    /// with liveness, whose cycle finder sees each state once, unless they stay on
    /// until a cycle)
    sleep_sets: bool,
    /// stateful search with sleep sets until a cycle ([`Reduction::sleeps_until_cycle`]):
    /// a transition to a state on the stack ends the search (see `sleep.rs`)
    until_cycle: bool,
    /// such a transition was met
    met_cycle: bool,
    /// the configuration's livelock detection (for a search that drops its sleep
    /// sets, [`Explorer::drop_sleep_sets`])
    liveness: bool,
    /// stateful search with sleep sets: per state, the threads asleep in it when it
    /// was explored (the intersection over its explorations; `None`: never explored)
    stored_sleep: Vec<Option<ThreadSet>>,
    /// stateful search with sleep sets: visited states explored again because a
    /// thread asleep in them before is awake now
    sleep_reexplored: u64,
    /// `L_r` kept (off: a stateless search whose algorithm never reads it; states are
    /// numbered by stack depth)
    keeps_graph: bool,
    /// re-traversed transitions
    pub retraversed: u64,
    /// states made fully expanded
    pub full_expansions: u64,
    /// states where every enabled thread was asleep
    sleep_blocked: u64,
    sets_peak: u64,
    /// test hook: every completed state with its final `done` and `backtrack` sets
    /// and the threads taken from it, in completion order
    #[cfg(test)]
    pub completed: Vec<(StateId, ThreadSet, ThreadSet, Vec<ThreadId>)>,
}

/// What the top frame does next.
enum Choice {
    /// execute this thread's transition
    Run(ThreadId),
    /// take a transition a probe already executed
    Known(Explored),
}

impl Explorer {
    pub fn new(run: &SearchRun<'_>, red: &dyn Reduction) -> Explorer {
        let cfg = run.cfg();
        let until_cycle = red.uses_sleep_sets() && red.sleeps_until_cycle() && !cfg.stateless;
        Explorer {
            graph: StateGraph::new(),
            labels: LabelTable::new(),
            frames: Vec::new(),
            spare_frames: Vec::new(),
            path: Vec::new(),
            index: AccessIndex::default(),
            label_places: Vec::new(),
            path_starts: Vec::new(),
            path_enablings: Vec::new(),
            arriving: None,
            index_on: red.tracks_stack_accesses(),
            stack_pos: Vec::new(),
            accessors: LocationAccessors::default(),
            back_edges: 0,
            marks: TraversalMarks::new(),
            cycles: (cfg.liveness && !cfg.stateless && !until_cycle).then(CycleFinder::default),
            stack_keys: StackKeys::default(),
            order: cfg.order.clone(),
            rng: SearchRng::new(cfg.seed),
            visited_first: cfg.visited_first && !cfg.stateless && !red.uses_sleep_sets(),
            safe_sets: red.uses_safe_sets(),
            cuts_after_untouchable: red.cuts_after_untouchable_steps(),
            stateless: cfg.stateless,
            sleep_sets: red.uses_sleep_sets() && (cfg.stateless || !cfg.liveness || until_cycle),
            until_cycle,
            met_cycle: false,
            liveness: cfg.liveness,
            stored_sleep: Vec::new(),
            sleep_reexplored: 0,
            keeps_graph: red.reads_graph() || !cfg.stateless,
            retraversed: 0,
            full_expansions: 0,
            sleep_blocked: 0,
            sets_peak: 0,
            #[cfg(test)]
            completed: Vec::new(),
        }
    }

    /// Runs the search to its end.
    pub fn explore(&mut self, red: &mut dyn Reduction, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
        red.reset(sys);
        run.begin(sys)?;
        let seen = run.observe(sys, 0)?;
        let state = self.state_of(seen.fp);
        red.on_new_state(self, sys, state, 0);
        let disabled = self.add_disabled(red, sys, state, 0);
        if let Node::Expand(enabled) = run.classify(sys, 0, true, &[])? {
            let key = self.stateless.then(|| self.stack_keys.key(sys));
            self.push(sys, state, key, &enabled, disabled);
        }
        while let Some(top) = self.frames.len().checked_sub(1) {
            if run.stats.transitions & 1023 == 0 {
                self.sample_memory(red);
            }
            if let Some(mark) = self.frames[top].mark.take() {
                sys.restore(mark);
            }
            if let Some(taken) = self.frames[top].active.take() {
                let t = self.path.pop().expect("an active transition is on the path");
                if self.index_on {
                    self.index.pop(top, &t);
                }
                // the thread's next branch, if any, before the algorithm looks back
                let next = Move::new(taken.thread, taken.branch + 1);
                if next.branch < sys.branches(next.thread) {
                    self.run_transition(red, sys, run, top, next)?;
                    continue;
                }
                if red.on_return(self, sys, run, top, taken)? {
                    self.pop(run)?;
                    continue;
                }
            }
            match self.choose(red, sys, run, top)? {
                None => {
                    red.on_exhausted(self, sys, run, top)?;
                    self.pop(run)?;
                }
                Some(Choice::Known(k)) => {
                    let t = self.labels.get(k.label).clone();
                    self.take(red, top, k, t);
                    if k.target != NO_STATE {
                        red.on_visited(self, top, k.target);
                    }
                }
                Some(Choice::Run(thread)) => self.run_transition(red, sys, run, top, Move::new(thread, 0))?,
            }
        }
        self.sample_memory(red);
        Ok(())
    }

    /// The id of the state reached (with fingerprint `fp` if states are matched); it
    /// would be pushed at depth `frames.len()`.
    fn state_of(&mut self, fp: Option<crate::system::Fingerprint>) -> StateId {
        if !self.keeps_graph {
            return self.frames.len() as StateId;
        }
        match fp {
            Some(fp) => self.graph.intern(fp).0,
            None => self.graph.fresh(),
        }
    }

    fn push(&mut self, sys: &mut dyn TransitionSystem, state: StateId, key: Option<StackKey>, enabled: &[ThreadId], disabled: ThreadSet) {
        let i = state as usize;
        if i >= self.stack_pos.len() {
            self.stack_pos.resize((i + 1).max(self.stack_pos.len() * 2), OFF_STACK);
        }
        self.stack_pos[i] = self.frames.len() as u32;
        let depth = self.frames.len();
        let mut frame = match self.spare_frames.pop() {
            Some(spare) => spare.renew(state, depth, enabled, disabled),
            None => Frame::new(state, depth, enabled, disabled),
        };
        if let Some(k) = key {
            self.stack_keys.push(k, state);
        }
        if let Some(cycles) = self.cycles.as_mut() {
            frame.scc = Some(cycles.enter(u128::from(state), SearchRun::moves(sys, enabled)));
        }
        self.frames.push(frame);
    }

    /// Pops the top frame; a fair cycle it completes is reported.
    fn pop(&mut self, run: &mut SearchRun<'_>) -> Flow<()> {
        let Some(f) = self.frames.pop() else { return Ok(()) };
        self.stack_pos[f.state as usize] = OFF_STACK;
        self.back_edges -= u64::from(f.back_in);
        // a stateless search keys every frame, a stateful one none
        self.stack_keys.truncate(self.frames.len());
        #[cfg(test)]
        self.completed.push((f.state, f.done.clone(), f.backtrack.clone(), f.taken.iter().map(|k| k.thread).collect()));
        let parent = self.frames.last().and_then(|p| p.scc);
        let found: Option<FairCycle> = match (self.cycles.as_mut(), f.scc) {
            (Some(cycles), Some(pos)) => cycles.leave(pos, parent),
            _ => None,
        };
        self.spare_frames.push(f);
        match found {
            Some(c) => run.livelock(&self.path, c),
            None => Ok(()),
        }
    }

    /// Tells the cycle finder about the edge `mv` from frame `top` to `target`.
    fn cycle_edge(&mut self, top: usize, mv: Move, target: StateId) {
        if let (Some(cycles), Some(from)) = (self.cycles.as_mut(), self.frames[top].scc) {
            if target != NO_STATE {
                cycles.edge(from, mv, u128::from(target));
            }
        }
    }

    /// The stack position of `state`, if it is on the stack.
    pub fn on_stack(&self, state: StateId) -> Option<usize> {
        stack_position(&self.stack_pos, state)
    }

    /// Makes frame `i` fully expanded (see the module docs).
    pub fn make_full(&mut self, i: usize) {
        let f = &mut self.frames[i];
        if !f.full {
            f.full = true;
            f.safe = Safe::All;
            let enabled = f.enabled.clone();
            f.backtrack.union_with(&enabled);
            self.full_expansions += 1;
        }
    }

    /// The next transition (every branch) of every enabled thread of frame `top` that
    /// was not taken from it (`next(s, p)` of the DPOR papers): a sleeping thread's
    /// from its sleep set, any other executed and undone (the executions count as
    /// transitions). The system must be in the frame's state.
    pub fn untaken_transitions(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize) -> Flow<Vec<Transition>> {
        let f = &self.frames[top];
        let mut untaken = f.enabled.clone();
        for k in &f.taken {
            untaken.remove(k.thread);
        }
        let mut out = Vec::new();
        for &(t, label) in &f.sleep {
            if untaken.contains(t) {
                out.push(self.labels.get(label).clone());
            }
        }
        for t in untaken.minus(&f.asleep()).iter() {
            for branch in 0..sys.branches(t) {
                let mark = sys.save();
                let step = run.step(sys, Move::new(t, branch));
                sys.restore(mark);
                out.push(step?.transition);
            }
        }
        Ok(out)
    }

    /// The transition from frame `top` led to `target`: if that state is on the
    /// stack, every state of the cycle is fully expanded (the stack proviso).
    pub fn expand_cycle(&mut self, top: usize, target: StateId) {
        if let Some(q) = self.on_stack(target) {
            for i in q..=top {
                self.make_full(i);
            }
        }
    }

    /// `threads` in the enumeration order.
    fn ordered(&mut self, threads: &ThreadSet) -> Vec<ThreadId> {
        let mut v: Vec<ThreadId> = threads.iter().collect();
        self.order.arrange(&mut v, |&t| t, &mut self.rng);
        v
    }

    fn choose(&mut self, red: &mut dyn Reduction, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize) -> Flow<Option<Choice>> {
        if self.frames[top].cut {
            return Ok(None);
        }
        let candidates = if self.frames[top].started || red.chooses_first() {
            self.frames[top].started = true;
            red.candidates(&self.frames[top])
        } else {
            self.frames[top].started = true;
            if self.safe_sets && !self.frames[top].full {
                let enabled = self.frames[top].enabled.clone();
                for t in self.ordered(&enabled) {
                    if sys.pending(t).is_empty() {
                        self.frames[top].safe = Safe::Undecided(Some(t));
                        return Ok(Some(Choice::Run(t)));
                    }
                }
            }
            self.frames[top].safe = Safe::All;
            let safe = self.frames[top].safe_set();
            // explored again for threads woken since: they go first (Godefroid's
            // stateful sleep sets explore only those; races add the others)
            let woken = safe.intersection(&self.frames[top].woken);
            if woken.is_empty() { safe } else { woken }
        };
        let candidates = if self.sleep_sets {
            let awake = candidates.minus(&self.frames[top].asleep());
            if awake.is_empty() && self.frames[top].taken.is_empty() {
                self.sleep_blocked += 1;
                red.on_leaf(self, false);
            }
            awake
        } else {
            candidates
        };
        let order = self.ordered(&candidates);
        let Some(&first) = order.first() else { return Ok(None) };
        if self.visited_first && order.len() > 1 {
            for &t in &order {
                if let Some(k) = self.take_known(top, t) {
                    return Ok(Some(Choice::Known(k)));
                }
            }
            for &t in &order {
                if !self.frames[top].leads_new.contains(t) && self.probe(sys, run, top, t)?.is_some() {
                    let k = self.take_known(top, t).expect("a successful probe is known");
                    return Ok(Some(Choice::Known(k)));
                }
            }
        }
        Ok(Some(match self.take_known(top, first) {
            Some(k) => Choice::Known(k),
            None => Choice::Run(first),
        }))
    }

    fn take_known(&mut self, top: usize, t: ThreadId) -> Option<Explored> {
        let known = &mut self.frames[top].known;
        let i = known.iter().position(|k| k.thread == t)?;
        Some(known.remove(i))
    }

    /// Whether thread `t` of frame `top` was probed or taken and led to a visited
    /// state (or a violation): executes it if unknown. `None`: it leads to a new state
    /// (the system is back in the frame's state either way).
    pub fn probe(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize, t: ThreadId) -> Flow<Option<Explored>> {
        let f = &self.frames[top];
        if let Some(k) = f.known.iter().find(|k| k.thread == t) {
            return Ok(Some(*k));
        }
        if f.leads_new.contains(t) || self.stateless || sys.branches(t) > 1 {
            return Ok(None);
        }
        let mark = sys.save();
        let mv = Move::new(t, 0);
        let step = run.step(sys, mv)?;
        let label = self.intern(&step.transition);
        let visible = !step.transition.accesses.is_empty();
        let known = if let Some(v) = step.violation {
            self.path.push(step.transition);
            let reported = run.violation(v, &self.path);
            self.path.pop();
            sys.restore(mark);
            reported?;
            self.add_explored(top, mv, label, visible, NO_STATE)
        } else if let Some(seen) = run.revisit(sys, top + 1)? {
            sys.restore(mark);
            let target = self.state_of(seen.fp);
            self.cycle_edge(top, mv, target);
            self.add_explored(top, mv, label, visible, target)
        } else {
            sys.restore(mark);
            self.frames[top].leads_new.insert(t);
            return Ok(None);
        };
        self.frames[top].known.push(known);
        Ok(Some(known))
    }

    /// Interns a label.
    pub fn intern(&mut self, t: &Transition) -> LabelId {
        let known = self.labels.len();
        let id = self.labels.intern(t, t.accesses.len() * std::mem::size_of::<crate::system::Access>());
        if self.labels.len() > known {
            self.accessors.add(t);
        }
        id
    }

    /// The threads other than `t`'s with a transition in `L_r` that conflicts with
    /// `t`: all a re-traversal from anywhere can find dependent on `t`.
    pub fn conflicting_threads(&self, t: &Transition) -> ThreadSet {
        let mut out = ThreadSet::new();
        if !t.accesses.is_empty() {
            out.union_with(&self.accessors.everything);
        }
        if t.accesses.iter().any(Access::is_everything) {
            out.union_with(&self.accessors.any);
        }
        for a in &t.accesses {
            if let Some(by_kind) = self.accessors.locations.get(&(a.object, a.field)) {
                for (kind, threads) in by_kind {
                    if a.kind.conflicts_with(*kind) {
                        out.union_with(threads);
                    }
                }
            }
        }
        out.remove(t.thread);
        out
    }

    /// Whether a re-traversal may reach a state on the stack: only through an edge
    /// into a state now on the stack added while it was there (a state is pushed when
    /// it is created and popped for good; tree edges lead from a stack state), so not
    /// if there is none.
    pub fn may_reach_stack(&self) -> bool {
        self.back_edges > 0
    }

    /// Adds the transition `mv --label--> target` out of frame `top` to `L_r`,
    /// applying the stack proviso and the violation rule (see the module docs).
    fn add_explored(&mut self, top: usize, mv: Move, label: LabelId, visible: bool, target: StateId) -> Explored {
        if self.keeps_graph {
            self.graph.add_edge(self.frames[top].state, label, target);
        }
        if let Some(p) = self.on_stack(target) {
            self.frames[p].back_in += 1;
            self.back_edges += 1;
        }
        if target == NO_STATE || self.on_stack(target).is_some() {
            self.make_full(top);
        }
        Explored { thread: mv.thread, branch: mv.branch, label, target, visible }
    }

    /// Records `k` as the active transition of frame `top`.
    fn take(&mut self, red: &mut dyn Reduction, top: usize, k: Explored, t: Transition) {
        if self.index_on {
            let i = k.label as usize;
            if self.label_places.len() <= i {
                self.label_places.resize(i + 1, None);
            }
            let places = self.label_places[i].get_or_insert_with(|| self.index.places_of(&t));
            self.index.push_placed(top, &t, places);
        }
        self.path.push(t);
        let f = &mut self.frames[top];
        f.active = Some(k);
        f.taken.push(k);
        if f.taken.len() == 1 {
            f.safe = match f.safe {
                Safe::Undecided(Some(h)) if h == k.thread && !k.visible && !f.full => Safe::Single(h),
                Safe::Single(h) => Safe::Single(h),
                _ => Safe::All,
            };
        } else if f.safe == Safe::Single(k.thread) && k.visible {
            // a later branch of the safe thread is visible: the state is not reducible
            f.safe = Safe::All;
        }
        red.on_taken(self, top);
    }

    fn run_transition(&mut self, red: &mut dyn Reduction, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize, mv: Move) -> Flow<()> {
        let mark = sys.save();
        self.frames[top].mark = Some(mark);
        // a persistent set of one: the thread's only transition, reading nothing any
        // thread can change (`Reduction::cuts_after_untouchable_steps`)
        let may_cut = self.cuts_after_untouchable && self.until_cycle && !self.frames[top].full && sys.branches(mv.thread) <= 1;
        let step = run.step(sys, mv)?;
        let cut = may_cut && super::sleep_sets::untouchable(sys, &step);
        let label = self.intern(&step.transition);
        let visible = !step.transition.accesses.is_empty();
        if let Some(v) = step.violation {
            let k = self.add_explored(top, mv, label, visible, NO_STATE);
            self.take(red, top, k, step.transition);
            red.on_leaf(self, false);
            return run.violation(v, &self.path);
        }
        let depth = top + 1;
        // stateless: a state repeating on the stack is that state (its future is being
        // explored), reached by a transition that closes a cycle
        let key = self.stateless.then(|| self.stack_keys.key(sys));
        if let Some(target) = key.as_ref().and_then(|k| self.stack_keys.find(k)) {
            run.repeated(depth);
            let k = self.add_explored(top, mv, label, visible, target);
            self.take(red, top, k, step.transition);
            red.on_visited(self, top, target);
            red.on_leaf(self, false);
            return Ok(());
        }
        let seen = run.observe(sys, depth)?;
        let target = self.state_of(seen.fp);
        if !seen.new {
            self.stop_at_cycle(target)?;
        }
        let k = self.add_explored(top, mv, label, visible, target);
        self.take(red, top, k, step.transition);
        self.frames[top].cut |= cut;
        if seen.new {
            red.on_new_state(self, sys, target, depth);
            let disabled = self.add_disabled(red, sys, target, depth);
            if let Node::Expand(enabled) = run.classify(sys, depth, true, &self.path)? {
                self.push(sys, target, key, &enabled, disabled);
                if self.sleep_sets {
                    let sleep = self.inherited_sleep(top);
                    self.set_sleep(target, top + 1, sleep);
                }
            } else {
                // maximal: every thread has ended
                let maximal = sys.enabled().is_empty() && sys.disabled().is_empty();
                red.on_leaf(self, maximal);
            }
        } else if let Some((sleep, woken)) = self.woken_sleep(top, target) {
            // explored before with a thread asleep that is awake now: the summary of
            // what it explored, then explored again with the threads awake now
            red.on_visited(self, top, target);
            self.sleep_reexplored += 1;
            if let Node::Expand(enabled) = run.classify(sys, depth, false, &self.path)? {
                let disabled = ThreadSet::of(&sys.disabled());
                self.push(sys, target, None, &enabled, disabled);
                self.set_sleep(target, top + 1, sleep);
                self.frames[top + 1].woken = woken;
            }
        } else {
            red.on_visited(self, top, target);
            red.on_leaf(self, false);
        }
        self.cycle_edge(top, mv, target);
        Ok(())
    }

    /// Adds to `L_r`, for each disabled thread of the new state `state` (reached by
    /// `self.path`, `depth` transitions long), an edge to nowhere labelled with what
    /// the thread stands before: the transition that may still happen once it is
    /// enabled again — or never, if it stays blocked. Re-traversals then see the
    /// dependence between a transition and the threads it disabled, which the paper's
    /// deadlock-free model gets from executing them later.
    fn add_disabled(&mut self, red: &mut dyn Reduction, sys: &mut dyn TransitionSystem, state: StateId, depth: usize) -> ThreadSet {
        let threads = sys.disabled();
        self.arriving = Some((depth, ThreadSet::of(&threads)));
        for u in threads {
            let accesses = sys.pending(u);
            if !accesses.is_empty() {
                let t = Transition::new(u, accesses);
                if self.keeps_graph {
                    let label = self.intern(&t);
                    self.graph.add_edge(state, label, NO_STATE);
                }
                red.on_disabled(self, state, depth, &t);
            }
        }
        self.arriving.take().map(|(_, disabled)| disabled).unwrap_or_default()
    }

    /// The happens-before-aware walk of `L_r` from `from` ([`super::hb_summary::traverse`],
    /// with `summaries`): `race(index, b, ordered)` for every reachable visible
    /// transition `b` until it returns `false`; `race` must be antitone in `ordered`
    /// (see there). Its transitions count as re-traversed.
    pub fn hb_traverse(&mut self, summaries: &mut super::hb_summary::Summaries, from: StateId, mut race: impl FnMut(&AccessIndex, &Transition, super::hb_summary::Threads) -> bool) -> TraversalEnd {
        let (stack_pos, index) = (&self.stack_pos, &self.index);
        let walk = super::hb_summary::traverse(&self.graph, &self.labels, |s| stack_position(stack_pos, s), summaries, from, |b, ordered| race(index, b, ordered));
        self.retraversed += walk.transitions;
        TraversalEnd { lowest_on_stack: walk.lowest_on_stack }
    }

    /// Walks `L_r` from `from`, each state once, calling `f` on every edge until it
    /// returns `false`.
    pub fn traverse(&mut self, from: StateId, mut f: impl FnMut(&LabelTable<Transition>, &AccessIndex, &mut Vec<Frame>, GraphEdge) -> bool) -> TraversalEnd {
        let mut end = TraversalEnd::default();
        if from == NO_STATE {
            return end;
        }
        self.marks.begin();
        self.marks.mark(from);
        let mut work = vec![from];
        while let Some(s) = work.pop() {
            if let Some(p) = self.stack_pos.get(s as usize).filter(|&&p| p != OFF_STACK) {
                let p = *p as usize;
                end.lowest_on_stack = Some(end.lowest_on_stack.map_or(p, |q| q.min(p)));
            }
            for e in self.graph.edges(s) {
                self.retraversed += 1;
                if !f(&self.labels, &self.index, &mut self.frames, e) {
                    return end;
                }
                if e.target != NO_STATE && self.marks.mark(e.target) {
                    work.push(e.target);
                }
            }
        }
        end
    }

    fn sample_memory(&mut self, red: &dyn Reduction) {
        let places: usize = self.label_places.capacity() * 16 + self.label_places.iter().flatten().map(|p| p.len() * 4).sum::<usize>();
        let sets: usize = red.heap_bytes() + self.frames.iter().map(Frame::heap_bytes).sum::<usize>() + self.frames.capacity() * std::mem::size_of::<Frame>() + self.index.bytes() + places;
        self.sets_peak = self.sets_peak.max(sets as u64);
    }

    /// Fills the POR statistics of `run`.
    pub fn report(&self, run: &mut SearchRun<'_>) {
        let cycles = self.cycles.as_ref().map_or(0, CycleFinder::bytes) as u64;
        run.stats.graph_bytes = self.graph.bytes() + self.marks.bytes() + self.accessors.bytes() as u64 + (self.stack_pos.capacity() * 4) as u64 + cycles;
        run.stats.labels_bytes = self.labels.bytes();
        run.stats.por_sets_peak_bytes = self.sets_peak;
        run.stats.retraversed_transitions = self.retraversed;
        run.stats.full_expansions = self.full_expansions;
        run.stats.sleep_blocked = self.sleep_blocked;
        run.stats.sleep_reexplored = self.sleep_reexplored;
    }
}
