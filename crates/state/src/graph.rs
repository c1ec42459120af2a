//! The explored transition graph (the stateful POR paper's `L_r`): numbered states,
//! their explored outgoing transitions, and interned transition labels.
//!
//! The dynamic POR algorithms re-traverse the part of the state space they have
//! already explored to learn which threads later perform dependent transitions, so a
//! stateful search with POR keeps every explored transition. This module stores them
//! compactly and knows nothing of what a label means:
//! - [`StateGraph`] maps fingerprints to dense [`StateId`]s (in discovery order) and
//!   keeps, per state, a singly linked list of [`GraphEdge`]s in one flat array
//!   (12 bytes an edge, 4 bytes a state plus the fingerprint index);
//! - [`LabelTable`] interns labels (any `Hash + Eq` value) to dense [`LabelId`]s, so an
//!   edge stores 4 bytes for its label however many accesses the label lists;
//! - [`TraversalMarks`] gives re-traversals a "visited in this traversal" mark per state
//!   that is reset in O(1) (epochs), so each traversal visits each transition once.
//!
//! It must not decide anything about dependence or exploration order: that is the
//! search's business.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::fingerprint::Fingerprint;

/// A state of the graph: dense, in discovery order.
pub type StateId = u32;

/// An interned label.
pub type LabelId = u32;

/// The target of an edge whose transition ended the path (a violation): no state.
pub const NO_STATE: StateId = StateId::MAX;

const NO_EDGE: u32 = u32::MAX;

/// An explored transition: its label and the state it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphEdge {
    /// the interned label
    pub label: LabelId,
    /// the successor ([`NO_STATE`] if the transition ended in a violation)
    pub target: StateId,
}

#[derive(Clone, Copy, Debug)]
struct EdgeSlot {
    edge: GraphEdge,
    next: u32,
}

/// States and explored transitions (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct StateGraph {
    ids: FxHashMap<Fingerprint, StateId>,
    /// per state: its first edge (the most recently added), or `NO_EDGE`
    first: Vec<u32>,
    edges: Vec<EdgeSlot>,
}

impl StateGraph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of the state with fingerprint `fp`, and whether it is new.
    pub fn intern(&mut self, fp: Fingerprint) -> (StateId, bool) {
        let next = self.first.len() as StateId;
        let id = *self.ids.entry(fp).or_insert(next);
        if id == next {
            self.first.push(NO_EDGE);
            (id, true)
        } else {
            (id, false)
        }
    }

    /// A new state that matches no other (stateless searches: every node of the
    /// execution tree is its own state).
    pub fn fresh(&mut self) -> StateId {
        self.first.push(NO_EDGE);
        (self.first.len() - 1) as StateId
    }

    /// The id of a known fingerprint.
    pub fn get(&self, fp: Fingerprint) -> Option<StateId> {
        self.ids.get(&fp).copied()
    }

    /// Number of states.
    pub fn states(&self) -> usize {
        self.first.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Adds the transition `from --label--> target`.
    pub fn add_edge(&mut self, from: StateId, label: LabelId, target: StateId) {
        let slot = EdgeSlot { edge: GraphEdge { label, target }, next: self.first[from as usize] };
        self.first[from as usize] = self.edges.len() as u32;
        self.edges.push(slot);
    }

    /// The explored transitions out of `state`, most recent first.
    pub fn edges(&self, state: StateId) -> Edges<'_> {
        Edges { graph: self, at: self.first.get(state as usize).copied().unwrap_or(NO_EDGE) }
    }

    /// Bytes held (fingerprint index, per-state heads, edges), approximately.
    pub fn bytes(&self) -> u64 {
        let index = self.ids.capacity() * (std::mem::size_of::<Fingerprint>() + std::mem::size_of::<StateId>() + 1);
        (index + self.first.capacity() * 4 + self.edges.capacity() * std::mem::size_of::<EdgeSlot>()) as u64
    }
}

/// Iterator over a state's edges (see [`StateGraph::edges`]).
pub struct Edges<'a> {
    graph: &'a StateGraph,
    at: u32,
}

impl Iterator for Edges<'_> {
    type Item = GraphEdge;

    fn next(&mut self) -> Option<GraphEdge> {
        if self.at == NO_EDGE {
            return None;
        }
        let slot = self.graph.edges[self.at as usize];
        self.at = slot.next;
        Some(slot.edge)
    }
}

/// Interned labels (see the module docs).
#[derive(Clone, Debug)]
pub struct LabelTable<L> {
    ids: FxHashMap<L, LabelId>,
    labels: Vec<L>,
    bytes: u64,
}

impl<L> Default for LabelTable<L> {
    fn default() -> Self {
        LabelTable { ids: FxHashMap::default(), labels: Vec::new(), bytes: 0 }
    }
}

impl<L: Hash + Eq + Clone> LabelTable<L> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The id of `label`; `heap_bytes` is what the label holds outside itself (for
    /// the memory statistics), counted once per distinct label.
    pub fn intern(&mut self, label: &L, heap_bytes: usize) -> LabelId {
        if let Some(&id) = self.ids.get(label) {
            return id;
        }
        let id = self.labels.len() as LabelId;
        self.labels.push(label.clone());
        self.ids.insert(label.clone(), id);
        self.bytes += 2 * (std::mem::size_of::<L>() + heap_bytes) as u64 + 4;
        id
    }

    /// The label with id `id`.
    pub fn get(&self, id: LabelId) -> &L {
        &self.labels[id as usize]
    }

    /// Number of distinct labels.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether no label was interned.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Bytes held, approximately.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// Per-state "seen in this traversal" marks, cleared in O(1) by starting a new epoch.
#[derive(Clone, Debug, Default)]
pub struct TraversalMarks {
    epoch: u32,
    marks: Vec<u32>,
}

impl TraversalMarks {
    /// No marks.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts a traversal: every state is unmarked.
    pub fn begin(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.epoch = 1;
        }
    }

    /// Marks `state`; returns whether it was unmarked in this traversal.
    pub fn mark(&mut self, state: StateId) -> bool {
        let i = state as usize;
        if i >= self.marks.len() {
            self.marks.resize((i + 1).max(self.marks.len() * 2), 0);
        }
        let fresh = self.marks[i] != self.epoch;
        self.marks[i] = self.epoch;
        fresh
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        (self.marks.capacity() * 4) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_are_numbered_in_discovery_order_and_edges_listed() {
        let mut g = StateGraph::new();
        assert_eq!(g.intern(10), (0, true));
        assert_eq!(g.intern(20), (1, true));
        assert_eq!(g.intern(10), (0, false));
        let f = g.fresh();
        assert_eq!(f, 2);
        assert_eq!(g.get(20), Some(1));
        assert_eq!(g.get(30), None);
        g.add_edge(0, 7, 1);
        g.add_edge(0, 8, NO_STATE);
        g.add_edge(1, 9, 0);
        assert_eq!(g.edges(0).collect::<Vec<_>>(), [GraphEdge { label: 8, target: NO_STATE }, GraphEdge { label: 7, target: 1 }]);
        assert_eq!(g.edges(1).map(|e| e.target).collect::<Vec<_>>(), [0]);
        assert_eq!(g.edges(2).count(), 0);
        assert_eq!(g.edges(99).count(), 0);
        assert_eq!((g.states(), g.edge_count()), (3, 3));
        assert!(g.bytes() > 0);
    }

    #[test]
    fn labels_are_interned_once() {
        let mut t = LabelTable::new();
        let a = t.intern(&vec![1u8, 2], 2);
        let b = t.intern(&vec![3u8], 1);
        assert_eq!(t.intern(&vec![1u8, 2], 2), a);
        assert_ne!(a, b);
        assert_eq!(t.get(b), &vec![3u8]);
        assert_eq!(t.len(), 2);
    }

    #[test]
    fn marks_reset_with_each_traversal() {
        let mut m = TraversalMarks::new();
        m.begin();
        assert!(m.mark(5));
        assert!(!m.mark(5));
        assert!(m.mark(1000));
        m.begin();
        assert!(m.mark(5));
    }
}
