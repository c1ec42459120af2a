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
//! The log is built for memory, since it holds every transition: a worker logs each
//! frame it works on once (the state's fingerprint and the moves it has) and each
//! transition as the frame's number, the move's index and the target (24 bytes, no
//! padding: fingerprints are kept as two words), in chunks that never reallocate.
//! Before the walk the logs become an index of the expanded states, sorted by
//! fingerprint, and the transitions of each state by index, the log's transitions
//! dropped chunk by chunk as they are converted.
//!
//! The walk keeps the search's limits: `limit` is asked every few thousand steps (and
//! once the graph is built, its largest allocation), and a limit it reports ends the
//! walk, whose livelocks found so far are kept — the search then ends at that limit,
//! not complete.
//!
//! This module owns the log and the walk; it does not explore, and it does not build
//! traces with labels (the walk knows moves only: a livelock's trace is its moves,
//! and the CLI reports the one-worker search's counterexample anyway).

use crate::liveness::{CycleFinder, FairCycle};
use crate::report::StopReason;
use crate::system::{Fingerprint, Move, Transition};

/// A fingerprint as two words: 8-byte aligned, so records pack without padding.
type Fp = [u64; 2];

fn split(fp: Fingerprint) -> Fp {
    [fp as u64, (fp >> 64) as u64]
}

fn join(fp: Fp) -> Fingerprint {
    u128::from(fp[0]) | (u128::from(fp[1]) << 64)
}

/// Elements per chunk of a [`Chunked`].
const CHUNK: usize = 1 << 16;

/// A vector that grows by whole chunks: never reallocated or copied, and never more
/// than one chunk of spare room.
struct Chunked<T> {
    chunks: Vec<Vec<T>>,
}

impl<T> Default for Chunked<T> {
    fn default() -> Self {
        Chunked { chunks: Vec::new() }
    }
}

impl<T> Chunked<T> {
    fn push(&mut self, value: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => last.push(value),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(value);
                self.chunks.push(chunk);
            }
        }
    }

    fn len(&self) -> usize {
        self.chunks.iter().map(Vec::len).sum()
    }

    fn get(&self, i: usize) -> &T {
        &self.chunks[i / CHUNK][i % CHUNK]
    }

    fn bytes(&self) -> u64 {
        (self.chunks.iter().map(Vec::capacity).sum::<usize>() * std::mem::size_of::<T>()) as u64
    }
}

/// A frame a worker worked on: its state, where its moves begin in the log's
/// `moves`, and whether the worker expanded the state (else it was given some of the
/// state's moves by another worker).
struct FrameRecord {
    fp: Fp,
    moves_at: u32,
    expanded: u32,
}

/// A transition: the frame it left, the index of its move among the frame's, the
/// state it reached.
struct EdgeRecord {
    frame: u32,
    k: u32,
    to: Fp,
}

/// What one worker saw of the state graph.
#[derive(Default)]
pub(crate) struct GraphLog {
    /// the initial state (worker 0's first), if this worker expanded it
    pub initial: Option<Fingerprint>,
    frames: Chunked<FrameRecord>,
    moves: Chunked<Move>,
    edges: Chunked<EdgeRecord>,
}

impl GraphLog {
    /// Logs a frame of the state `fp` with `moves`, which the worker `expanded` (or
    /// was given); its number, for [`GraphLog::edge`].
    pub fn frame(&mut self, fp: Fingerprint, moves: &[Move], expanded: bool) -> u32 {
        let at = self.frames.len() as u32;
        self.frames.push(FrameRecord { fp: split(fp), moves_at: self.moves.len() as u32, expanded: u32::from(expanded) });
        for &mv in moves {
            self.moves.push(mv);
        }
        at
    }

    /// Logs the transition by move `k` of frame `frame` to the state `to`.
    pub fn edge(&mut self, frame: u32, k: usize, to: Fingerprint) {
        self.edges.push(EdgeRecord { frame, k: k as u32, to: split(to) });
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> u64 {
        self.frames.bytes() + self.moves.bytes() + self.edges.bytes()
    }

    /// The moves of frame `f`.
    fn frame_moves(&self, f: usize) -> impl Iterator<Item = Move> + '_ {
        let end = if f + 1 < self.frames.len() { self.frames.get(f + 1).moves_at as usize } else { self.moves.len() };
        (self.frames.get(f).moves_at as usize..end).map(|i| *self.moves.get(i))
    }
}

/// A livelock found in the logged graph: the moves from the initial state to the
/// first state of its component, and the fair cycle.
pub(crate) struct Found {
    pub path: Vec<Transition>,
    pub cycle: FairCycle,
}

/// No state: a transition's target that was never expanded (an end state, a
/// deadlock).
const NONE: u32 = u32::MAX;

/// The logged graph by state index: the expanded states sorted by fingerprint, each
/// with the log frame that holds its moves, and its transitions.
struct Graph {
    /// fingerprint, worker, frame
    states: Vec<(Fp, u32, u32)>,
    /// the states whose fingerprints' top `bits` bits (of the first word) are `b` are
    /// `states[buckets[b]..buckets[b + 1]]`: fingerprints are uniform, so a lookup
    /// searches a few states, not all (`bits` is about log2 of their number)
    bits: u32,
    buckets: Vec<u32>,
    /// the transitions of state `i` are `edges[first[i]..first[i + 1]]`
    first: Vec<u64>,
    edges: Vec<(Move, u32)>,
}

impl Graph {
    fn bucket(fp: Fp, bits: u32) -> usize {
        fp[0].checked_shr(64 - bits).unwrap_or(0) as usize
    }

    fn index(&self, fp: Fp) -> u32 {
        let b = Self::bucket(fp, self.bits);
        let (lo, hi) = (self.buckets[b] as usize, self.buckets[b + 1] as usize);
        self.states[lo..hi].binary_search_by_key(&fp, |s| s.0).map_or(NONE, |i| (lo + i) as u32)
    }

    /// Turns the logs' transitions into the graph's, dropping each chunk of them once
    /// converted (two passes: count per state, then place).
    fn build(logs: &mut [GraphLog]) -> Graph {
        let mut states = Vec::new();
        for (w, log) in logs.iter().enumerate() {
            for f in 0..log.frames.len() {
                let r = log.frames.get(f);
                if r.expanded != 0 {
                    states.push((r.fp, w as u32, f as u32));
                }
            }
        }
        states.sort_unstable_by_key(|s| s.0);
        let bits = (usize::BITS - states.len().leading_zeros()).saturating_sub(2).min(32);
        let mut buckets = vec![0u32; (1 << bits) + 1];
        for s in &states {
            buckets[Self::bucket(s.0, bits) + 1] += 1;
        }
        for b in 1..buckets.len() {
            buckets[b] += buckets[b - 1];
        }
        let mut graph = Graph { states, bits, buckets, first: Vec::new(), edges: Vec::new() };
        // each frame's state
        let frame_state: Vec<Vec<u32>> = logs.iter().map(|log| (0..log.frames.len()).map(|f| graph.index(log.frames.get(f).fp)).collect()).collect();
        let mut count = vec![0u64; graph.states.len() + 1];
        for (w, log) in logs.iter().enumerate() {
            for chunk in &log.edges.chunks {
                for e in chunk.iter().filter(|e| frame_state[w][e.frame as usize] != NONE) {
                    count[frame_state[w][e.frame as usize] as usize] += 1;
                }
            }
        }
        // `first[i]` counts up from state i's start while its edges are placed, ending
        // at state i + 1's start; shifted by one afterwards
        let mut at = 0;
        for c in &mut count {
            (*c, at) = (at, at + *c);
        }
        graph.edges = vec![(Move::new(0, 0), NONE); at as usize];
        for (w, log) in logs.iter_mut().enumerate() {
            let chunks = std::mem::take(&mut log.edges.chunks);
            for chunk in chunks {
                for e in chunk.into_iter().filter(|e| frame_state[w][e.frame as usize] != NONE) {
                    let from = frame_state[w][e.frame as usize] as usize;
                    let Some(mv) = log.frame_moves(e.frame as usize).nth(e.k as usize) else { continue };
                    let to = graph.index(e.to);
                    graph.edges[count[from] as usize] = (mv, to);
                    count[from] += 1;
                }
            }
        }
        count.pop();
        count.insert(0, 0);
        graph.first = count;
        graph
    }
}

/// Whether the graph the workers logged has a cycle (iterative depth-first search,
/// three colours). Consumes the logs' transitions.
pub(crate) fn has_cycle(logs: &mut [GraphLog]) -> bool {
    let graph = Graph::build(logs);
    const WHITE: u8 = 0;
    const GREY: u8 = 1;
    const BLACK: u8 = 2;
    let mut colour = vec![WHITE; graph.states.len()];
    // (state, index of its next edge)
    let mut stack: Vec<(usize, u64)> = Vec::new();
    for root in 0..graph.states.len() {
        if colour[root] != WHITE {
            continue;
        }
        colour[root] = GREY;
        stack.push((root, graph.first[root]));
        while let Some(&mut (s, ref mut next)) = stack.last_mut() {
            if *next == graph.first[s + 1] {
                colour[s] = BLACK;
                stack.pop();
                continue;
            }
            let (_, to) = graph.edges[*next as usize];
            *next += 1;
            if to == NONE {
                continue;
            }
            match colour[to as usize] {
                GREY => return true,
                WHITE => {
                    colour[to as usize] = GREY;
                    stack.push((to as usize, graph.first[to as usize]));
                }
                _ => {}
            }
        }
    }
    false
}

/// How many steps of the walk go between two questions to its `limit`.
const LIMIT_EVERY: u32 = 4096;

/// The fair cycles of the graph the workers logged (one per component that has one,
/// as the one-worker search reports them; only the first unless `all`), and the limit
/// that ended the walk early, if one did (`limit` says whether one is reached).
pub(crate) fn fair_cycles(mut logs: Vec<GraphLog>, all: bool, limit: &dyn Fn() -> Option<StopReason>) -> (Vec<Found>, Option<StopReason>) {
    let Some(initial) = logs.iter().find_map(|l| l.initial) else { return (Vec::new(), None) };
    let graph = Graph::build(&mut logs);
    if let Some(reason) = limit() {
        return (Vec::new(), Some(reason));
    }
    let moves_of = |i: usize| -> Vec<Move> {
        let (_, w, f) = graph.states[i];
        logs[w as usize].frame_moves(f as usize).collect()
    };
    /// A state on the walk's stack: its index, its moves, the next one, its position
    /// in the cycle finder.
    struct Frame {
        state: usize,
        moves: Vec<Move>,
        next: usize,
        pos: u32,
    }
    let mut finder = CycleFinder::default();
    let mut seen = vec![false; graph.states.len()];
    let mut path: Vec<Transition> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut found = Vec::new();
    let mut steps = 0u32;
    let root = graph.index(split(initial));
    if root != NONE {
        let i = root as usize;
        seen[i] = true;
        let moves = moves_of(i);
        stack.push(Frame { state: i, pos: finder.enter(initial, moves.clone()), moves, next: 0 });
    }
    while let Some(top) = stack.last_mut() {
        steps = steps.wrapping_add(1);
        if steps.is_multiple_of(LIMIT_EVERY) {
            if let Some(reason) = limit() {
                return (found, Some(reason));
            }
        }
        let i = top.state;
        let Some(&mv) = top.moves.get(top.next) else {
            let done = stack.pop().map(|f| f.pos);
            if let Some(cycle) = done.and_then(|pos| finder.leave(pos, stack.last().map(|f| f.pos))) {
                found.push(Found { path: path.clone(), cycle });
                if !all {
                    return (found, None);
                }
            }
            if !stack.is_empty() {
                path.pop();
            }
            continue;
        };
        top.next += 1;
        let pos = top.pos;
        // a transition that raised a violation reached no state; one to a state not
        // expanded (an end state or a deadlock) is never on the finder's stack
        let edges = &graph.edges[graph.first[i] as usize..graph.first[i + 1] as usize];
        let Some(&(_, to)) = edges.iter().find(|e| e.0 == mv) else { continue };
        if to == NONE {
            continue;
        }
        let to_fp = join(graph.states[to as usize].0);
        if !seen[to as usize] {
            seen[to as usize] = true;
            let moves = moves_of(to as usize);
            let entered = finder.enter(to_fp, moves.clone());
            stack.push(Frame { state: to as usize, moves, next: 0, pos: entered });
            path.push(Transition { thread: mv.thread, branch: mv.branch, accesses: Vec::new() });
        }
        finder.edge(pos, mv, to_fp);
    }
    (found, None)
}
