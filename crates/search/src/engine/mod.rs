//! The DPOR engine (Storey, Mercer, Parízek, "A Sound Dynamic Partial Order Reduction
//! Engine for Java Pathfinder", `shared/papers/dpor-engine-replay.md`; issue 12, item
//! 4): stateless DPOR that does not make every potential scheduling point a choice
//! point. A [`Marker`] says of each event (one step of the system) whether it is a
//! scheduling point (`Yes`: a choice point before it), not one (`No`: the thread runs
//! on), maybe one (`Maybe`: a node without a choice point), or a place to replay from
//! (`Replay`). A [`DependenceRelation`] says which nodes are dependent. Algorithm 1
//! runs at every `Yes` and `Maybe` node ([`graph`]); a race with a `Maybe` node flags
//! the nearest `Replay` ancestor, and when the search comes back to it the subtree is
//! explored again (Algorithm 2, with its rule against redundant replays), now with
//! the marker knowing that the event is a scheduling point.
//!
//! # How it runs on a [`TransitionSystem`]
//! The system's steps are the events (run it with a fine policy, `--sched all`, so
//! that every access is one). Between choice points the running thread steps on. The
//! marker sees each step's label, so a step is executed before it is marked: a `Yes`
//! or `Replay` step is undone (restored from a save taken before it) and becomes a
//! choice point; its thread runs it again from there (the probe counts as a
//! transition). Another thread chosen at a choice point runs its first step there
//! unmarked, and the node stands for that step from then on (its race is checked
//! then). A thread that blocks or ends, or stands before a choice, makes a choice
//! point with no event (its choices: the thread itself, or the first runnable one);
//! the first step taken from it is marked like any other.
//!
//! # Sleep sets
//! Not in the paper: Godefroid's sleep sets as F–G DPOR uses them (POPL 2005, Fig. 4).
//! A choice point keeps the sleep set it was reached with and the first step of each
//! thread explored from it; a branch starts asleep with both (less its own thread),
//! every step kept on the execution wakes the sleepers it depends on, a sleeping thread
//! is never chosen, and a choice point where every runnable thread sleeps ends the
//! execution. Races then add a thread awake at the ancestor
//! ([`graph::DporGraph::execute_dpor`]).
//!
//! # Merged steps
//! The engine needs unmerged steps ([`Strategy::needs_state_independent_steps`]; the CLI
//! has the vm merge only until the program starts its second thread). The vm runs a
//! thread on past its scheduling points while no other thread could run, so one step
//! may hold several events (a lone thread's `y = x; r0 = a`). Algorithm 1 reverses
//! the race of an event with its latest dependent ancestor only; in a merged step
//! that is the race of the part that conflicts latest (`y = x` with `x = 1`), and the
//! race of a later part with an earlier node (`r0 = a` with `a = 1`) is left to the
//! executions that reversing the latest one starts — which a sleep set cuts off when
//! the thread is asleep at the racing node. The suite program `LoneThreadRaces` lost `z=0 r0=0 y=1` so; with one
//! event per step each race is an event's own latest and is reversed.
//!
//! # Cycles
//! A state that repeats on the current execution closes a cycle: if a choice point
//! lies on it, every choice point on it is given every runnable thread and the
//! execution ends (the stack proviso); if none does (a thread spinning alone), the
//! state becomes a choice point for every runnable thread, so the others can run.

pub mod graph;
pub mod marker;

use jvmc_state::StateId;

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::SearchListener;
use crate::por::stack_keys::StackKeys;
use crate::por::ThreadSet;
use crate::report::SearchReport;
use crate::run::{Flow, Node, SearchRun};
use crate::strategy::Strategy;
use crate::system::{Move, SaveMark, ThreadId, Transition, TransitionSystem};

pub use graph::{ConflictingAccesses, DependenceRelation, NodeInfo, NodeKind};
pub use marker::{DataRaceBehavior, EveryAccess, EveryStep, Mark, Marker};

use graph::DporGraph;

/// What the engine did, as the paper reports it (Table 1: graphs, i.e. executions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EngineCounts {
    /// executions (the paper's emitted graphs)
    pub executions: u64,
    /// choice points made (`Yes` and `Replay` nodes, and points where a thread stopped)
    pub choice_points: u64,
    /// `Maybe` nodes made
    pub maybe_nodes: u64,
    /// subtrees explored again (Algorithm 2)
    pub replays: u64,
    /// choice points where every runnable thread was asleep (sleep sets): the
    /// execution ends there, redundant
    pub sleep_blocked: u64,
}

/// The DPOR engine with a marker and a dependence relation (see the module docs).
pub struct DporEngine {
    name: &'static str,
    marker: Box<dyn Marker>,
    relation: Box<dyn DependenceRelation>,
    /// the counts of the last search
    pub counts: EngineCounts,
}

impl DporEngine {
    /// An engine registered as `name` with `marker` and `relation`.
    pub fn new(name: &'static str, marker: Box<dyn Marker>, relation: Box<dyn DependenceRelation>) -> Self {
        DporEngine { name, marker, relation, counts: EngineCounts::default() }
    }

    /// With the data-race behaviour (sharing discovered on the fly, replays).
    pub fn data_race() -> Self {
        DporEngine::new("dpor-engine", Box::new(DataRaceBehavior::default()), Box::new(ConflictingAccesses))
    }

    /// With every access a scheduling point.
    pub fn every_access() -> Self {
        DporEngine::new("dpor-engine-every-access", Box::new(EveryAccess), Box::new(ConflictingAccesses))
    }

    /// With every step of the system a scheduling point (its own policy).
    pub fn every_step() -> Self {
        DporEngine::new("dpor-engine-every-step", Box::new(EveryStep), Box::new(ConflictingAccesses))
    }
}

impl Strategy for DporEngine {
    fn name(&self) -> &'static str {
        self.name
    }

    /// The events are single steps (see the module docs, "Merged steps") whose
    /// labels do not depend on the state, as F–G DPOR's race rule needs.
    fn needs_state_independent_steps(&self) -> bool {
        true
    }

    fn search(&mut self, sys: &mut dyn TransitionSystem, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
        let stateless = SearchConfig { stateless: true, ..cfg.clone() };
        let mut run = SearchRun::new(&stateless, listener);
        self.marker.reset();
        self.counts = EngineCounts::default();
        let mut search = Search { marker: self.marker.as_mut(), relation: self.relation.as_ref(), counts: &mut self.counts, graph: DporGraph::default(), frames: Vec::new(), path: Vec::new(), states: StackKeys::default(), sleep: Vec::new() };
        let result = search.explore(sys, &mut run);
        let mut report = run.finish(self.name, result)?;
        report.stats.engine = Some(self.counts);
        Ok(report)
    }
}

/// A choice point on the search stack.
struct Frame {
    /// its node in the graph
    node: usize,
    /// the save taken before the thread now explored from it
    mark: Option<SaveMark>,
    /// the execution's length (steps) at it
    path_len: usize,
    /// how many states of the execution precede it and it (its state is the last)
    states_len: usize,
    /// the thread now explored from it, and its next branch
    current: Option<(ThreadId, u32)>,
    /// the threads enabled at it
    enabled: Vec<ThreadId>,
    /// its sleep set when it was reached: threads whose next events were explored
    /// from an ancestor and are independent of everything run since
    sleep: Vec<(ThreadId, Transition)>,
    /// the first step of each thread (branch) explored from it so far: asleep in the
    /// branches explored after it
    explored: Vec<(ThreadId, Transition)>,
}

/// The threads of a sleep set.
fn sleepers(sleep: &[(ThreadId, Transition)]) -> ThreadSet {
    sleep.iter().map(|&(u, _)| u).collect()
}

/// One search (see the module docs).
struct Search<'a> {
    marker: &'a mut dyn Marker,
    relation: &'a dyn DependenceRelation,
    counts: &'a mut EngineCounts,
    graph: DporGraph,
    frames: Vec<Frame>,
    /// the current execution's steps
    path: Vec<Transition>,
    /// the current execution's states, initial first, each named by its position
    states: StackKeys,
    /// the sleep set of the current state (Godefroid's sleep sets, as F–G DPOR uses
    /// them, POPL 2005 Fig. 4): the last choice point's sleep set and the threads
    /// explored from it before the running one, less those woken by a dependent step
    sleep: Vec<(ThreadId, Transition)>,
}

impl Search<'_> {
    fn explore(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>) -> Flow<()> {
        run.begin(sys)?;
        run.observe(sys, 0)?;
        let key = self.states.key(sys);
        self.states.push(key, 0);
        let Node::Expand(enabled) = run.classify(sys, 0, true, &[])? else {
            return self.end_execution(run);
        };
        let blocked = sys.disabled();
        self.push_choice(NodeKind::Replay, None, Transition::new(0, Vec::new()), enabled, blocked);
        while let Some(top) = self.frames.len().checked_sub(1) {
            let f = &mut self.frames[top];
            if let Some(m) = f.mark.take() {
                sys.restore(m);
                self.graph.nodes.truncate(f.node + 1);
                self.path.truncate(f.path_len);
                self.states.truncate(f.states_len);
            }
            // the chosen thread's next branch
            if let Some((t, b)) = f.current {
                if b < sys.branches(t) {
                    self.run_thread(sys, run, top, t, b)?;
                    continue;
                }
            }
            let n = f.node;
            if self.graph.nodes[n].replay {
                if self.graph.must_replay(n) {
                    self.counts.replays += 1;
                    self.graph.nodes[n].done = ThreadSet::new();
                    self.frames[top].explored.clear();
                }
                self.graph.nodes[n].replay = false;
            }
            let node = &mut self.graph.nodes[n];
            let Some(t) = node.choices.minus(&node.done).minus(&node.asleep).iter().next() else {
                self.check_unexplored(sys, run, top)?;
                self.frames.pop();
                continue;
            };
            node.done.insert(t);
            self.run_thread(sys, run, top, t, 0)?;
        }
        Ok(())
    }

    /// Makes the current state a choice point: a node of `kind` for `event` of
    /// `thread` (`None`: no event), with the `enabled` threads runnable.
    fn push_choice(&mut self, kind: NodeKind, thread: Option<ThreadId>, event: Transition, enabled: Vec<ThreadId>, blocked: Vec<ThreadId>) -> usize {
        let n = self.graph.add(kind, thread, event, ThreadSet::of(&enabled), ThreadSet::of(&blocked));
        self.counts.choice_points += 1;
        let sleep = self.sleep.clone();
        // a first choice asleep: the first runnable thread awake instead (none: the
        // execution is redundant, sleep-blocked)
        let asleep = sleepers(&sleep);
        let frame = Frame { node: n, mark: None, path_len: self.path.len(), states_len: self.states.len(), current: None, enabled, sleep, explored: Vec::new() };
        let node = &mut self.graph.nodes[n];
        node.asleep = asleep.clone();
        if !node.choices.is_empty() && node.choices.minus(&asleep).is_empty() {
            node.choices = node.runnable.minus(&asleep).iter().next().map_or_else(ThreadSet::new, |u| ThreadSet::of(&[u]));
            if node.choices.is_empty() {
                self.counts.sleep_blocked += 1;
            }
        }
        self.frames.push(frame);
        n
    }

    /// The sleep set after `step` ran: threads whose events depend on it wake.
    fn wake(&mut self, step: &Transition) {
        self.sleep.retain(|(u, e)| *u != step.thread && !e.dependent(step));
    }

    /// Runs branch `branch` of thread `t` from frame `top` until the next choice point
    /// or the end of the execution.
    fn run_thread(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize, t: ThreadId, branch: u32) -> Flow<()> {
        let f = &mut self.frames[top];
        f.mark = Some(sys.save());
        f.current = Some((t, branch + 1));
        let mut enabled = f.enabled.clone();
        let node = f.node;
        self.sleep = f.sleep.iter().chain(&f.explored).filter(|(u, _)| *u != t).cloned().collect();
        let mut first = true;
        self.graph.nodes[node].ran = Some(t);
        // a choice point with an event: the chosen thread's first step is decided (the
        // node stands for it from now on); one without (the root, a stopped thread):
        // that step is marked like any other
        let at_event = self.graph.nodes[node].info.thread.is_some();
        let mut marked = !at_event;
        let mut mv = Move::new(t, branch);
        loop {
            let nodes_before = self.graph.nodes.len();
            let before = marked.then(|| (sys.save(), sys.disabled()));
            let step = run.step(sys, mv)?;
            if std::mem::take(&mut first) {
                self.frames[top].explored.push((t, step.transition.clone()));
            }
            if !marked && self.graph.nodes[node].info.thread != Some(t) {
                self.graph.reassign(node, t, step.transition.clone());
                if self.graph.nodes[node].kind == NodeKind::Yes {
                    self.graph.execute_dpor(self.relation, node);
                }
            }
            let mut unmarked_save = None;
            if let Some((before, blocked)) = before {
                match self.marker.mark(&step.transition) {
                    mark @ (Mark::Yes | Mark::Replay) => {
                        sys.restore(before);
                        let kind = if mark == Mark::Yes { NodeKind::Yes } else { NodeKind::Replay };
                        let n = self.push_choice(kind, Some(t), step.transition, enabled, blocked);
                        if kind == NodeKind::Yes {
                            self.graph.execute_dpor(self.relation, n);
                        }
                        return Ok(());
                    }
                    Mark::Maybe => {
                        let n = self.graph.add(NodeKind::Maybe, Some(t), step.transition.clone(), ThreadSet::of(&enabled), ThreadSet::of(&blocked));
                        self.graph.nodes[n].asleep = sleepers(&self.sleep);
                        self.counts.maybe_nodes += 1;
                        self.graph.execute_dpor(self.relation, n);
                        unmarked_save = Some((before, blocked));
                    }
                    Mark::No => unmarked_save = Some((before, blocked)),
                }
            }
            let was_marked = marked;
            marked = true;
            self.marker.observe(&step.transition);
            self.wake(&step.transition);
            if let Some(v) = step.violation {
                // the violation ends every path through it, so it disables every other
                // thread: the state before it is a choice point for every thread
                self.end_execution(run)?;
                self.path.push(step.transition.clone());
                let reported = run.violation(v, &self.path);
                self.path.pop();
                reported?;
                if !was_marked {
                    // that state is this frame's: fully expanded
                    self.graph.nodes[node].expand_fully();
                } else if let Some((mark, blocked)) = unmarked_save.take() {
                    sys.restore(mark);
                    self.graph.nodes.truncate(nodes_before);
                    let n = self.push_choice(NodeKind::Yes, Some(t), step.transition, enabled.clone(), blocked);
                    self.graph.execute_dpor(self.relation, n);
                    let node = &mut self.graph.nodes[n];
                    node.choices = ThreadSet::of(&enabled);
                    node.done = ThreadSet::of(&[t]);
                }
                return Ok(());
            }
            self.path.push(step.transition);
            run.observe(sys, self.path.len())?;
            let key = self.states.key(sys);
            if let Some(pos) = self.states.find(&key) {
                run.repeated(self.path.len());
                if self.close_cycle(pos as usize) {
                    return self.end_execution(run);
                }
                let here = sys.enabled();
                let blocked = sys.disabled();
                let n = self.push_choice(NodeKind::Yes, None, Transition::new(t, Vec::new()), here.clone(), blocked);
                self.graph.nodes[n].choices = ThreadSet::of(&here);
                return Ok(());
            }
            self.states.push(key, self.states.len() as StateId);
            match run.classify(sys, self.path.len(), true, &self.path)? {
                Node::Leaf => {
                    // a deadlock: the blocked threads' pending events may race too
                    let n = self.graph.nodes.len();
                    for u in sys.disabled() {
                        let event = Transition::new(u, sys.pending(u));
                        self.graph.check_unexplored(self.relation, n, u, event);
                    }
                    return self.end_execution(run);
                }
                Node::Expand(e) => enabled = e,
            }
            if enabled.contains(&t) && sys.branches(t) <= 1 {
                mv = Move::new(t, 0);
                continue;
            }
            // t stopped, or stands before a choice: a scheduling point without an event
            let blocked = sys.disabled();
            let n = self.push_choice(NodeKind::Yes, None, Transition::new(t, Vec::new()), enabled, blocked);
            if self.frames[self.frames.len() - 1].enabled.contains(&t) {
                self.graph.nodes[n].choices = ThreadSet::of(&[t]);
            }
            return Ok(());
        }
    }

    /// The current execution ended: counted, and its graph handed to the listener
    /// if it takes graphs.
    fn end_execution(&mut self, run: &mut SearchRun<'_>) -> Flow<()> {
        self.counts.executions += 1;
        if run.wants_graphs() {
            run.graph(self.counts.executions, &self.graph.to_dot(self.counts.executions))?;
        }
        Ok(())
    }

    /// Before choice point `top` is left (the system in its state): the next step of
    /// every runnable thread not explored from it (probed: executed and undone) and
    /// every blocked thread's pending event are checked for races with its ancestors.
    fn check_unexplored(&mut self, sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, top: usize) -> Flow<()> {
        let n = self.frames[top].node;
        let node = &self.graph.nodes[n];
        let untaken = node.runnable.minus(&node.done);
        let blocked = node.blocked.clone();
        for u in untaken.iter() {
            for branch in 0..sys.branches(u) {
                let mark = sys.save();
                let step = run.step(sys, Move::new(u, branch));
                sys.restore(mark);
                self.graph.check_unexplored(self.relation, n, u, step?.transition);
            }
        }
        for u in blocked.iter() {
            let event = Transition::new(u, sys.pending(u));
            self.graph.check_unexplored(self.relation, n, u, event);
        }
        Ok(())
    }

    /// A state repeats at position `pos` of the execution: every choice point on the
    /// cycle gets every runnable thread. Returns whether there was one.
    fn close_cycle(&mut self, pos: usize) -> bool {
        let mut any = false;
        for f in self.frames.iter().filter(|f| f.states_len > pos) {
            self.graph.nodes[f.node].expand_fully();
            any = true;
        }
        any
    }
}

#[cfg(test)]
mod tests;
