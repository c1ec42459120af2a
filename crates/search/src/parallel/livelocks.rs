//! Livelock detection for the parallel search: the workers log the state graph they
//! explore, and once the search is complete one depth-first walk of the logged graph
//! runs the sequential search's fair-cycle finder (`liveness.rs`) on it.
//!
//! Tarjan's algorithm follows one depth-first order, so it cannot run on the fly
//! across workers: a cycle whose states two workers expanded would be seen by
//! neither. The logged graph is the whole explored graph — every expanded state with
//! its moves, every transition with its target — which is the graph the one-worker
//! search explores (the same states are expanded and the same transitions taken), so
//! the walk finds a fair cycle exactly when that search does. The walk needs no
//! system: it runs on fingerprints, in memory, on the calling thread.
//!
//! This module owns the log and the walk; it does not explore, and it does not build
//! traces with labels (the walk knows moves only: a livelock's trace is its moves,
//! and the CLI reports the one-worker search's counterexample anyway).

use crate::liveness::{CycleFinder, FairCycle};
use crate::system::{Fingerprint, Move, Transition};

/// What one worker saw of the state graph.
#[derive(Default)]
pub(crate) struct GraphLog {
    /// the initial state (worker 0's first), if this worker expanded it
    pub initial: Option<Fingerprint>,
    /// expanded states, each with all its moves in the order tried
    states: Vec<(Fingerprint, Vec<Move>)>,
    /// transitions that reached a state: from, move, to
    edges: Vec<(Fingerprint, Move, Fingerprint)>,
}

impl GraphLog {
    /// Logs the expansion of `fp`, whose moves are `moves`.
    pub fn state(&mut self, fp: Fingerprint, moves: &[Move]) {
        self.states.push((fp, moves.to_vec()));
    }

    /// Logs the transition `mv` from `from` to `to`.
    pub fn edge(&mut self, from: Fingerprint, mv: Move, to: Fingerprint) {
        self.edges.push((from, mv, to));
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> u64 {
        let moves: usize = self.states.iter().map(|(_, m)| m.capacity() * std::mem::size_of::<Move>()).sum();
        (self.states.capacity() * std::mem::size_of::<(Fingerprint, Vec<Move>)>() + moves + self.edges.capacity() * std::mem::size_of::<(Fingerprint, Move, Fingerprint)>()) as u64
    }
}

/// A livelock found in the logged graph: the moves from the initial state to the
/// first state of its component, and the fair cycle.
pub(crate) struct Found {
    pub path: Vec<Transition>,
    pub cycle: FairCycle,
}

/// The fair cycles of the graph the workers logged (one per component that has one,
/// as the one-worker search reports them; only the first unless `all`).
///
/// The logs are merged and sorted, then edges are turned into indices by merging
/// them with the sorted states — two sorts and linear passes, with the locality
/// hashing or a binary search per edge would not have — so the walk looks nothing up.
pub(crate) fn fair_cycles(logs: Vec<GraphLog>, all: bool) -> Vec<Found> {
    let Some(initial) = logs.iter().find_map(|l| l.initial) else { return Vec::new() };
    let (mut states, mut edges) = (Vec::new(), Vec::new());
    for mut log in logs {
        states.append(&mut log.states);
        edges.append(&mut log.edges);
    }
    states.sort_unstable_by_key(|s| s.0);
    // each edge's target as an index into `states` (NONE: a state not expanded)
    const NONE: u32 = u32::MAX;
    edges.sort_unstable_by_key(|e| e.2);
    let mut targets: Vec<(Fingerprint, Move, u32)> = Vec::with_capacity(edges.len());
    let mut k = 0;
    for (from, mv, to) in edges {
        while k < states.len() && states[k].0 < to {
            k += 1;
        }
        targets.push((from, mv, if k < states.len() && states[k].0 == to { k as u32 } else { NONE }));
    }
    // then grouped by source: `first[i]..first[i + 1]` are the edges of state `i`
    targets.sort_unstable_by_key(|e| (e.0, e.1));
    let mut first = Vec::with_capacity(states.len() + 1);
    let mut k = 0;
    for (fp, _) in &states {
        while k < targets.len() && targets[k].0 < *fp {
            k += 1;
        }
        first.push(k);
    }
    first.push(targets.len());
    /// A state on the walk's stack: its index, the next move, its position in the
    /// cycle finder.
    struct Frame {
        state: usize,
        next: usize,
        pos: u32,
    }
    let mut finder = CycleFinder::default();
    let mut seen = vec![false; states.len()];
    let mut path: Vec<Transition> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut found = Vec::new();
    if let Ok(i) = states.binary_search_by_key(&initial, |s| s.0) {
        seen[i] = true;
        stack.push(Frame { state: i, next: 0, pos: finder.enter(initial, states[i].1.clone()) });
    }
    while let Some(top) = stack.last_mut() {
        let i = top.state;
        let Some(&mv) = states[i].1.get(top.next) else {
            let done = stack.pop().map(|f| f.pos);
            if let Some(cycle) = done.and_then(|pos| finder.leave(pos, stack.last().map(|f| f.pos))) {
                found.push(Found { path: path.clone(), cycle });
                if !all {
                    return found;
                }
            }
            if !stack.is_empty() {
                path.pop();
            }
            continue;
        };
        top.next += 1;
        let pos = top.pos;
        // a transition that raised a violation reached no state
        let Some(&(_, _, to)) = targets[first[i]..first[i + 1]].iter().find(|e| e.1 == mv) else { continue };
        let to_fp = if to == NONE {
            // not expanded: an end state or a deadlock, never on the finder's stack
            continue;
        } else {
            states[to as usize].0
        };
        if !seen[to as usize] {
            seen[to as usize] = true;
            let entered = finder.enter(to_fp, states[to as usize].1.clone());
            stack.push(Frame { state: to as usize, next: 0, pos: entered });
            path.push(Transition { thread: mv.thread, branch: mv.branch, accesses: Vec::new() });
        }
        finder.edge(pos, mv, to_fp);
    }
    found
}
