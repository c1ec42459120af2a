//! The DPOR graph along the current execution (Storey et al., Section 3.1) and the
//! engine's DPOR and replay rules (Algorithm 1, lines 15–36; Algorithm 2), with the
//! [`DependenceRelation`] users may replace.
//!
//! Only the nodes of the current execution are kept (the search is stateless and
//! depth-first: a finished subtree is never looked at again), so the graph is the
//! path of the search tree, as a stack.

use crate::por::ThreadSet;
use crate::system::{ThreadId, Transition};

/// A node's kind (Section 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// a confirmed scheduling point (a choice point)
    Yes,
    /// an event that may be a scheduling point (no choice point)
    Maybe,
    /// a place to replay from (a choice point for its thread only; the root is one)
    Replay,
}

/// What a [`DependenceRelation`] sees of a node: its thread, its event, and its place
/// in the happens-before order of the execution's nodes.
#[derive(Clone, Debug)]
pub struct NodeInfo {
    /// the thread whose event it is (`None`: a point where the running thread
    /// stopped, with no event of its own)
    pub thread: Option<ThreadId>,
    /// the event (its label)
    pub event: Transition,
    /// its position among the execution's nodes
    pub position: usize,
    /// per thread, one more than the position of that thread's last node that happens
    /// before this one (before its own event: the clock of its thread so far)
    clock: Vec<u32>,
}

impl NodeInfo {
    /// Whether `self` happens before `later` (program order, or a chain of
    /// dependent nodes).
    pub fn happens_before(&self, later: &NodeInfo) -> bool {
        match self.thread {
            Some(t) => later.clock.get(t as usize).is_some_and(|&c| c as usize > self.position),
            None => false,
        }
    }
}

/// Which pairs of nodes are dependent (Section 3.2, `DporDependenceRelation`): true iff
/// their events are dependent, may be co-enabled and are concurrent.
pub trait DependenceRelation {
    /// Whether `earlier` (an ancestor) and `later` are dependent.
    fn dependent(&self, earlier: &NodeInfo, later: &NodeInfo) -> bool;
}

/// The default relation: events of different threads with conflicting accesses that
/// are not already ordered by happens-before.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConflictingAccesses;

impl DependenceRelation for ConflictingAccesses {
    fn dependent(&self, earlier: &NodeInfo, later: &NodeInfo) -> bool {
        earlier.thread.is_some() && earlier.thread != later.thread && earlier.event.dependent(&later.event) && !earlier.happens_before(later)
    }
}

/// A node of the DPOR graph.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub kind: NodeKind,
    pub info: NodeInfo,
    /// the threads that could run at the node
    pub runnable: ThreadSet,
    /// the threads blocked at the node (their next events are not co-enabled with it)
    pub blocked: ThreadSet,
    /// the threads to schedule from it
    pub choices: ThreadSet,
    /// the threads scheduled from it so far
    pub done: ThreadSet,
    /// a `Replay` node whose subtree must be explored again
    pub replay: bool,
    /// the thread that ran from it to the next node (for the DOT graph)
    pub ran: Option<ThreadId>,
    /// the threads asleep at it (sleep sets): never chosen there
    pub asleep: ThreadSet,
}

impl Node {
    /// Every thread runnable at the node becomes a choice.
    pub fn expand_fully(&mut self) {
        let all = self.runnable.clone();
        self.choices.union_with(&all);
    }
}

/// The nodes of the current execution (see the module docs).
#[derive(Default)]
pub(crate) struct DporGraph {
    pub nodes: Vec<Node>,
}

impl DporGraph {
    /// Adds a node for `event` of `thread` (`None`: no event) with the threads
    /// `runnable` there; it starts with `thread` (or the first runnable one) as its
    /// only choice.
    pub fn add(&mut self, kind: NodeKind, thread: Option<ThreadId>, event: Transition, runnable: ThreadSet, blocked: ThreadSet) -> usize {
        let position = self.nodes.len();
        let clock = thread.map_or_else(Vec::new, |t| self.clock_before(position, t));
        let first = thread.filter(|&t| runnable.contains(t)).or_else(|| runnable.iter().next());
        let choices = first.map_or_else(ThreadSet::new, |t| ThreadSet::of(&[t]));
        self.nodes.push(Node { kind, info: NodeInfo { thread, event, position, clock }, runnable, blocked, choices, done: ThreadSet::new(), replay: false, ran: thread, asleep: ThreadSet::new() });
        position
    }

    /// The clock of `thread` so far at position `n`: that of its last node before `n`,
    /// or, before its first node, that of the event that started it — the last node
    /// with an event before the first node where `thread` could run or was blocked.
    /// Flanagan and Godefroid's `→` includes a thread's creation (Fig. 3), and labels
    /// do not (a start and the new thread's first event need not conflict): without
    /// it, the started thread's first event counted as unordered with the starter's
    /// every node, so the latest of those passed for its race and a real race behind
    /// it was never reversed (an `exit` of a thread `main` started lost outcomes under
    /// the every-step marker: `por::tests::sound_on_programs_that_exit`).
    fn clock_before(&self, n: usize, thread: ThreadId) -> Vec<u32> {
        if let Some(m) = self.nodes[..n].iter().rev().find(|m| m.info.thread == Some(thread)) {
            return m.info.clock.clone();
        }
        let Some(first) = self.nodes[..n].iter().position(|m| m.runnable.contains(thread) || m.blocked.contains(thread)) else { return Vec::new() };
        self.nodes[..first].iter().rev().find(|m| m.info.thread.is_some()).map_or_else(Vec::new, |m| m.info.clock.clone())
    }

    /// Node `n`, a choice point, now stands for `event` of `thread`: another thread
    /// than before was chosen there (its clock is that thread's so far).
    pub fn reassign(&mut self, n: usize, thread: ThreadId, event: Transition) {
        let clock = self.clock_before(n, thread);
        let info = &mut self.nodes[n].info;
        info.thread = Some(thread);
        info.event = event;
        info.clock = clock;
    }

    /// Algorithm 1, `EXECUTEDPOR(N)` (lines 15–25) and `ADDSCHEDULEFOR` (lines 26–36):
    /// the latest ancestor that is no `Replay` node and is dependent with node `n`
    /// gets a choice (see [`DporGraph::schedule_race`]); if it is a `Maybe` node, a
    /// replay is arranged. Then `n`'s clock takes in every earlier node its event
    /// conflicts with. Returns whether a replay was arranged.
    pub fn execute_dpor(&mut self, relation: &dyn DependenceRelation, n: usize) -> bool {
        let Some(t) = self.nodes[n].info.thread else { return false };
        let info = self.nodes[n].info.clone();
        let replay = self.schedule_race(relation, &info, n);
        self.join_clock(n, t);
        replay
    }

    /// Algorithm 1 for an event no node stands for: `event` of `thread`, the next step
    /// of a thread not explored from choice point `n` (or a blocked thread's pending
    /// one), checked against the ancestors of `n` as F–G DPOR checks every thread's
    /// next transition at every state.
    pub fn check_unexplored(&mut self, relation: &dyn DependenceRelation, n: usize, thread: ThreadId, event: Transition) -> bool {
        let clock = self.clock_before(n, thread);
        let info = NodeInfo { thread: Some(thread), event, position: n, clock };
        self.schedule_race(relation, &info, n)
    }

    /// Lines 16–36 for `info` against the nodes before position `n`. The choice
    /// added at the racing ancestor `p` is Flanagan and Godefroid's (POPL 2005, Fig. 3
    /// line 7, with sleep sets as in Fig. 4): one thread of `E` — the event's thread
    /// and the threads of the later nodes that happen before the event — that is
    /// runnable and awake at `p`, the event's own thread first; if there is none,
    /// every runnable thread. (The paper's engine adds the event's thread or,
    /// if it cannot run there, every thread; with sleep sets that loses executions
    /// when the thread is asleep at `p`: the random-program test found one.)
    fn schedule_race(&mut self, relation: &dyn DependenceRelation, info: &NodeInfo, n: usize) -> bool {
        let Some(t) = info.thread else { return false };
        let candidate = |p: usize| self.nodes[p].kind != NodeKind::Replay && relation.dependent(&self.nodes[p].info, info);
        let Some(p) = (0..n).rev().find(|&p| candidate(p)) else { return false };
        let mut e = ThreadSet::of(&[t]);
        for later in &self.nodes[p + 1..n] {
            if let Some(u) = later.info.thread.filter(|_| later.info.happens_before(info)) {
                e.insert(u);
            }
        }
        let node = &mut self.nodes[p];
        let e = e.intersection(&node.runnable).minus(&node.asleep);
        match e.iter().next() {
            Some(_) if e.contains(t) => {
                node.choices.insert(t);
            }
            Some(u) => {
                node.choices.insert(u);
            }
            None => node.expand_fully(),
        }
        node.kind == NodeKind::Maybe && self.arrange_replay(p)
    }

    /// Node `n`'s clock after its event: joined with every earlier conflicting node's.
    fn join_clock(&mut self, n: usize, t: ThreadId) {
        let mut clock = std::mem::take(&mut self.nodes[n].info.clock);
        for p in 0..n {
            let earlier = &self.nodes[p].info;
            if earlier.thread.is_some_and(|u| u != t) && earlier.event.dependent(&self.nodes[n].info.event) {
                if earlier.clock.len() > clock.len() {
                    clock.resize(earlier.clock.len(), 0);
                }
                for (c, &e) in clock.iter_mut().zip(&earlier.clock) {
                    *c = (*c).max(e);
                }
            }
        }
        let i = t as usize;
        if i >= clock.len() {
            clock.resize(i + 1, 0);
        }
        clock[i] = n as u32 + 1;
        self.nodes[n].info.clock = clock;
    }

    /// Algorithm 2, `ARRANGEREPLAY(P)`: the nearest `Replay` ancestor of `p` is flagged.
    fn arrange_replay(&mut self, p: usize) -> bool {
        match (0..p).rev().find(|&r| self.nodes[r].kind == NodeKind::Replay) {
            Some(r) => {
                self.nodes[r].replay = true;
                true
            }
            None => false,
        }
    }

    /// The graph in Graphviz DOT, as the paper's engine emits it when an execution
    /// ends (Section 4): one node per line of the path, shaped by kind (box `Yes`,
    /// ellipse `Maybe`, diamond `Replay`, doubled when flagged for a replay), with
    /// its thread, its choices and the threads done; an edge is labelled with the
    /// thread that ran from its source.
    pub fn to_dot(&self, execution: u64) -> String {
        use std::fmt::Write as _;
        let set = |s: &ThreadSet| s.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",");
        let mut dot = format!("digraph execution_{execution} {{\n  node [fontname=monospace];\n");
        for (i, node) in self.nodes.iter().enumerate() {
            let (kind, shape) = match node.kind {
                NodeKind::Yes => ("Yes", "box"),
                NodeKind::Maybe => ("Maybe", "ellipse"),
                NodeKind::Replay => ("Replay", "diamond"),
            };
            let thread = node.info.thread.map_or_else(|| "-".to_string(), |t| format!("t{t}"));
            let peripheries = if node.replay { 2 } else { 1 };
            let _ = writeln!(dot, "  n{i} [shape={shape}, peripheries={peripheries}, label=\"{i} {kind} {thread}\\nchoices {{{}}} done {{{}}}\"];", set(&node.choices), set(&node.done));
            if let Some(t) = (i > 0).then(|| self.nodes[i - 1].ran).flatten() {
                let _ = writeln!(dot, "  n{} -> n{i} [label=\"t{t}\"];", i - 1);
            } else if i > 0 {
                let _ = writeln!(dot, "  n{} -> n{i};", i - 1);
            }
        }
        dot.push_str("}\n");
        dot
    }

    /// Algorithm 2, `MUSTREPLAY(R)`: `r` is flagged and no `Replay` ancestor is (that one
    /// will replay a larger part, this one included).
    pub fn must_replay(&self, r: usize) -> bool {
        self.nodes[r].replay && !(0..r).any(|s| self.nodes[s].kind == NodeKind::Replay && self.nodes[s].replay)
    }
}
