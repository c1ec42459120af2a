//! Each thread's own paths through its code, for SDPOR's summaries (`sdpor.rs`): per
//! thread, a graph whose nodes are the thread's positions
//! ([`TransitionSystem::thread_positions`]) and whose edges are its own steps; each
//! node holds the labels of the transitions the thread was seen to run from it (taken,
//! probed, or pending while it was disabled).
//!
//! Why: the paper's visible operation dependency graph `G` (Section 4.2) links each
//! operation to whatever any interleaving ran next, so from a visited state it reaches
//! the threads' *past* operations too, through the interleavings in which other
//! threads ran them the other way round — and every one of those adds backtrack points
//! at the visited state. What thread `p` may still run after state `s` is instead what
//! is reachable from `p`'s position at `s` in `p`'s own graph:
//! - a position is a function of the state, so a matched state has the position it had
//!   when it was explored, and its node holds what `p` ran from there;
//! - only `p`'s own transitions change `p`'s position, and each of them adds the edge
//!   from the old position to the new one, so along every explored path from `s`
//!   (also through states matched later, whose futures were explored from the same
//!   positions) `p`'s positions form a walk from its position at `s`.
//!
//! A thread that has ended stands where nothing runs. Threads not yet started at `s`
//! run from positions unknown there: all their labels count.
//!
//! This module knows labels and state ids only as numbers; which races they make is
//! `sdpor.rs`'s business.

use jvmc_state::{LabelId, StateId, TraversalMarks};
use rustc_hash::FxHashMap;

use crate::system::{ThreadId, TransitionSystem};

/// One position of one thread.
struct Node {
    /// the labels the thread ran (or would run) from it
    labels: Vec<LabelId>,
    /// the positions its steps from here led to
    next: Vec<u32>,
}

/// The threads' graphs (see the module docs).
#[derive(Default)]
pub(super) struct ThreadPaths {
    ids: FxHashMap<(ThreadId, u64), u32>,
    nodes: Vec<Node>,
    /// the nodes of each thread, by thread
    of_thread: Vec<Vec<u32>>,
    /// per state: the node of each thread started by then, by thread
    at: Vec<Option<Box<[u32]>>>,
    marks: TraversalMarks,
    label_marks: TraversalMarks,
    /// a state's positions could not be recorded: the threads' walks may break there,
    /// so no summary can be read off the graphs any more
    broken: bool,
}

impl ThreadPaths {
    /// Records where the threads stand at the new `state` (the system is in it);
    /// `false`, recording nothing, if the system cannot tell (from then on there are
    /// no summaries).
    pub fn record_state(&mut self, sys: &mut dyn TransitionSystem, state: StateId) -> bool {
        let Some(positions) = sys.thread_positions() else {
            self.broken = true;
            return false;
        };
        let mut at = Vec::with_capacity(positions.len());
        for (t, position) in positions.into_iter().enumerate() {
            let t = t as ThreadId;
            let next = self.nodes.len() as u32;
            let node = *self.ids.entry((t, position)).or_insert(next);
            if node == next {
                self.nodes.push(Node { labels: Vec::new(), next: Vec::new() });
                let t = t as usize;
                if self.of_thread.len() <= t {
                    self.of_thread.resize_with(t + 1, Vec::new);
                }
                self.of_thread[t].push(node);
            }
            at.push(node);
        }
        let i = state as usize;
        if self.at.len() <= i {
            self.at.resize(i + 1, None);
        }
        self.at[i] = Some(at.into_boxed_slice());
        true
    }

    /// The node of `thread` at `state`, if recorded.
    fn node(&self, state: StateId, thread: ThreadId) -> Option<u32> {
        self.at.get(state as usize)?.as_deref()?.get(thread as usize).copied()
    }

    /// `thread` runs (or would run) `label` from its position at `state`.
    pub fn add_label(&mut self, state: StateId, thread: ThreadId, label: LabelId) {
        if let Some(n) = self.node(state, thread) {
            let labels = &mut self.nodes[n as usize].labels;
            if !labels.contains(&label) {
                labels.push(label);
            }
        }
    }

    /// `thread` stepped from `from` to `to`.
    pub fn add_step(&mut self, from: StateId, to: StateId, thread: ThreadId) {
        if let (Some(a), Some(b)) = (self.node(from, thread), self.node(to, thread)) {
            let next = &mut self.nodes[a as usize].next;
            if !next.contains(&b) {
                next.push(b);
            }
        }
    }

    /// Every label a thread may run after `state`: for each thread started by then,
    /// those reachable from its position there in its own graph (so its past is left
    /// out, and an ended thread has none); all of those of threads started later.
    /// `None` if `state`'s positions, or any state's, could not be recorded.
    pub fn summary(&mut self, state: StateId) -> Option<Vec<LabelId>> {
        if self.broken {
            return None;
        }
        let at = self.at.get(state as usize)?.as_deref()?;
        let mut work: Vec<u32> = at.to_vec();
        work.extend(self.of_thread.iter().skip(at.len()).flatten().copied());
        self.marks.begin();
        self.label_marks.begin();
        work.retain(|&n| self.marks.mark(n));
        let mut out = Vec::new();
        while let Some(n) = work.pop() {
            let node = &self.nodes[n as usize];
            out.extend(node.labels.iter().copied().filter(|&l| self.label_marks.mark(l)));
            work.extend(node.next.iter().copied().filter(|&m| self.marks.mark(m)));
        }
        Some(out)
    }

    pub fn heap_bytes(&self) -> usize {
        let nodes: usize = self.nodes.iter().map(|n| (n.labels.capacity() + n.next.capacity()) * 4).sum();
        let at: usize = self.at.iter().flatten().map(|a| a.len() * 4).sum();
        self.ids.capacity() * (std::mem::size_of::<((ThreadId, u64), u32)>() + 1)
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + nodes
            + self.of_thread.iter().map(|v| v.capacity() * 4).sum::<usize>()
            + self.at.capacity() * std::mem::size_of::<Option<Box<[u32]>>>()
            + at
            + (self.marks.bytes() + self.label_marks.bytes()) as usize
    }
}
