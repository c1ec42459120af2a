//! Livelock detection: fair cycles of the explored state graph.
//!
//! A cycle of the state graph is an execution that runs forever without the program
//! ending. Not every cycle is a bug: a thread spinning on a flag while the thread that
//! would set it never gets to run is an artefact of an unfair scheduler, not of the
//! program. jvmc assumes two kinds of fairness, and reports a cycle only if it is fair:
//! - **strong fairness of threads**: a thread that is enabled infinitely often runs
//!   infinitely often;
//! - **fairness of choices**: a choice (a weak compare-and-set that may fail
//!   spuriously, a random draw; see [`Move`]) that a thread makes infinitely often from
//!   the same state takes each of its branches infinitely often, as a random
//!   resolution would.
//!
//! A fair cycle is a real way for the program to run forever — a livelock, or a hang of
//! a spinning thread. So:
//! - a spin-wait whose writer can still run is not reported (the writer is enabled on
//!   the cycle and never runs), nor a lock a waiter never gets while another thread
//!   keeps re-taking it (the waiter is enabled whenever it is free), nor a CAS loop
//!   that fails spuriously forever (its succeeding branch is never taken);
//! - a spin-wait whose writer is blocked for good is reported (nothing else can run),
//!   and so are two threads retrying `tryLock` against each other forever (both run).
//!
//! # The algorithm
//! Strongly connected components are found on the fly by Tarjan's algorithm as a
//! depth-first search enters and leaves states ([`CycleFinder`]). When a component
//! completes, the decomposition for strong fairness (Emerson and Lei; Lichtenstein and
//! Pnueli) looks for a fair cycle in it, on its states and edges:
//! - a choice taken inside the part from a state, but with a branch that leaves it,
//!   cannot be taken from that state on a fair cycle: its edges there are dropped;
//! - a thread enabled in some state of the part but running on none of its edges
//!   cannot be enabled on a fair cycle: the states that enable it are dropped;
//! - and the strongly connected components of what remains are examined the same way,
//!   until one needs no dropping: it holds a fair cycle.
//!
//! The witness is a lasso: the search's path to the component, a path inside it to the
//! fair part, and one round through the fair part on which every thread enabled there
//! runs and every choice taken takes all its branches.
//!
//! Which searches find what: stateful DFS finds a fair cycle whenever one is reachable;
//! the partial-order reductions run the same on their reduced graph, whose cycles are
//! real (so every report is), but a fair cycle of the full graph may have no fair
//! counterpart in it; stateless DFS and random walks see only a state repeating on
//! their own path (a simple cycle, [`PathCycles`]), and BFS sees none.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::system::Move;

/// How a search names a state to the finder: a fingerprint, or a dense state id.
pub(crate) type StateKey = u128;

/// A state on Tarjan's stack.
struct Entry {
    key: StateKey,
    /// Tarjan's index: the order in which states were entered (never reused, unlike
    /// stack positions)
    index: u64,
    /// the lowest index reachable from it through states on the stack
    lowlink: u64,
    /// the moves enabled in it
    moves: Vec<Move>,
    /// its edges to states that were on the stack when the edge was added, by index
    /// (the others cannot be in its component; some of these may have completed
    /// components of their own since)
    edges: Vec<(Move, u64)>,
}

/// A fair cycle of a completed component: how to reach it from the component's first
/// state (the one the search entered it by), and one round of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FairCycle {
    /// moves from the component's first state to the cycle's start
    pub stem: Vec<Move>,
    /// one round of the cycle, back to its start
    pub cycle: Vec<Move>,
}

/// Tarjan's strongly connected components, on the fly (see the module docs). The
/// search calls [`CycleFinder::enter`] when it starts expanding a state,
/// [`CycleFinder::edge`] for every transition it executes (after entering the
/// successor, if that is new), and [`CycleFinder::leave`] when it is done with a state,
/// in last-in first-out order.
#[derive(Default)]
pub(crate) struct CycleFinder {
    /// the stack position of every state on the stack
    positions: FxHashMap<StateKey, u32>,
    stack: Vec<Entry>,
    /// the next Tarjan index
    next: u64,
}

impl CycleFinder {
    /// Enters `key`, whose enabled moves are `moves`; its stack position.
    pub fn enter(&mut self, key: StateKey, moves: Vec<Move>) -> u32 {
        let pos = self.stack.len() as u32;
        self.positions.insert(key, pos);
        let index = self.next;
        self.next += 1;
        self.stack.push(Entry { key, index, lowlink: index, moves, edges: Vec::new() });
        pos
    }

    /// The transition `mv` from the state at stack position `from` leads to `to`.
    /// Edges to states no longer (or never) on the stack are ignored: their
    /// components are complete, so no cycle through `from` passes them.
    pub fn edge(&mut self, from: u32, mv: Move, to: StateKey) {
        let Some(&target) = self.positions.get(&to) else { return };
        let target = self.stack[target as usize].index;
        let entry = &mut self.stack[from as usize];
        entry.lowlink = entry.lowlink.min(target);
        entry.edges.push((mv, target));
    }

    /// Leaves the state at stack position `pos`, whose parent in the search is at
    /// `parent`. If it closes a component, returns a fair cycle of it, if any.
    pub fn leave(&mut self, pos: u32, parent: Option<u32>) -> Option<FairCycle> {
        let Entry { index, lowlink, .. } = self.stack[pos as usize];
        if let Some(p) = parent {
            let entry = &mut self.stack[p as usize];
            entry.lowlink = entry.lowlink.min(lowlink);
        }
        if lowlink != index {
            return None;
        }
        let component = self.stack.split_off(pos as usize);
        for e in &component {
            self.positions.remove(&e.key);
        }
        fair_cycle(&component)
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        self.positions.capacity() * 24
            + self.stack.capacity() * std::mem::size_of::<Entry>()
            + self.stack.iter().map(|e| (e.moves.capacity() + e.edges.capacity() * 2) * std::mem::size_of::<Move>()).sum::<usize>()
    }
}

/// Local edges of a component: per state, `(move, target)` with targets inside.
type LocalEdges = Vec<Vec<(Move, usize)>>;

/// Which edges of [`LocalEdges`] a part of a component keeps (same shape).
type EdgeFlags = Vec<Vec<bool>>;

/// A fair cycle in the component `states` (in index order), if any.
fn fair_cycle(states: &[Entry]) -> Option<FairCycle> {
    let local = |index: u64| states.binary_search_by_key(&index, |e| e.index).ok();
    let edges: LocalEdges = states.iter().map(|e| e.edges.iter().filter_map(|&(m, t)| local(t).map(|l| (m, l))).collect()).collect();
    let moves: Vec<&[Move]> = states.iter().map(|e| e.moves.as_slice()).collect();
    let (fair, kept) = fair_part(&edges, &moves)?;
    let start = fair.iter().position(|&x| x).unwrap_or(0);
    let all: EdgeFlags = edges.iter().map(|out| vec![true; out.len()]).collect();
    let stem = path_to(&edges, &all, 0, start);
    let cycle = round_trip(&edges, &moves, &kept, start);
    Some(FairCycle { stem, cycle })
}

/// How many branches `thread` has in a state whose moves are `moves`.
fn branch_count(moves: &[Move], thread: u32) -> usize {
    moves.iter().filter(|m| m.thread == thread).count()
}

/// The decomposition (see the module docs): the states of a fair strongly connected
/// part of the graph and the edges its fair cycles may use, if there is one.
fn fair_part(edges: &LocalEdges, moves: &[&[Move]]) -> Option<(Vec<bool>, EdgeFlags)> {
    let n = edges.len();
    let all: EdgeFlags = edges.iter().map(|out| vec![true; out.len()]).collect();
    let mut work = vec![(vec![true; n], all)];
    while let Some((member, allowed)) = work.pop() {
        for component in components(edges, &member, &allowed) {
            let mut inside = vec![false; n];
            component.iter().for_each(|&v| inside[v] = true);
            let mut kept: EdgeFlags = (0..n).map(|v| edges[v].iter().enumerate().map(|(i, e)| inside[v] && allowed[v][i] && inside[e.1]).collect()).collect();
            // choices: all branches inside, or none taken from that state
            let mut dropped = false;
            for &v in &component {
                let mut threads: Vec<u32> = edges[v].iter().map(|e| e.0.thread).collect();
                threads.sort_unstable();
                threads.dedup();
                for t in threads {
                    let kept_branches = edges[v].iter().zip(&kept[v]).filter(|(e, &k)| k && e.0.thread == t).count();
                    if kept_branches > 0 && kept_branches < branch_count(moves[v], t).max(1) {
                        edges[v].iter().zip(kept[v].iter_mut()).filter(|(e, _)| e.0.thread == t).for_each(|(_, k)| *k = false);
                        dropped = true;
                    }
                }
            }
            if dropped {
                work.push((inside, kept));
                continue;
            }
            let ran: FxHashSet<u32> = component.iter().flat_map(|&v| edges[v].iter().zip(&kept[v]).filter(|(_, &k)| k).map(|(e, _)| e.0.thread)).collect();
            if ran.is_empty() {
                continue; // one state without a self-loop: no cycle
            }
            let idle: FxHashSet<u32> = component.iter().flat_map(|&v| moves[v].iter().map(|m| m.thread)).filter(|t| !ran.contains(t)).collect();
            if idle.is_empty() {
                return Some((inside, kept));
            }
            let keep: Vec<bool> = (0..n).map(|v| inside[v] && !moves[v].iter().any(|m| idle.contains(&m.thread))).collect();
            if keep.iter().any(|&k| k) {
                work.push((keep, kept));
            }
        }
    }
    None
}

/// Tarjan's algorithm (iterative) on the subgraph of the `member` states and the
/// `allowed` edges: its strongly connected components, each as a list of states.
fn components(edges: &LocalEdges, member: &[bool], allowed: &EdgeFlags) -> Vec<Vec<usize>> {
    let mut t = Tarjan::new(edges.len());
    let mut out = Vec::new();
    for root in 0..edges.len() {
        if !member[root] || t.index[root] != Tarjan::UNSEEN {
            continue;
        }
        // the recursion, as (state, next edge) pairs
        let mut calls: Vec<(usize, usize)> = vec![(root, 0)];
        t.visit(root);
        while let Some(top) = calls.len().checked_sub(1) {
            let (v, i) = calls[top];
            if let Some(&(_, w)) = edges[v].get(i) {
                calls[top].1 += 1;
                if !member[w] || !allowed[v][i] {
                    continue;
                }
                if t.index[w] == Tarjan::UNSEEN {
                    t.visit(w);
                    calls.push((w, 0));
                } else if t.on_stack[w] {
                    t.low[v] = t.low[v].min(t.index[w]);
                }
                continue;
            }
            calls.pop();
            if let Some(&(u, _)) = calls.last() {
                t.low[u] = t.low[u].min(t.low[v]);
            }
            if t.low[v] == t.index[v] {
                out.push(t.pop_component(v));
            }
        }
    }
    out
}

/// The bookkeeping of [`components`].
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: u32,
}

impl Tarjan {
    const UNSEEN: u32 = u32::MAX;

    fn new(n: usize) -> Tarjan {
        Tarjan { index: vec![Self::UNSEEN; n], low: vec![0; n], on_stack: vec![false; n], stack: Vec::new(), next: 0 }
    }

    fn visit(&mut self, v: usize) {
        self.index[v] = self.next;
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
    }

    /// Pops the component whose root is `v`.
    fn pop_component(&mut self, v: usize) -> Vec<usize> {
        let mut component = Vec::new();
        while let Some(w) = self.stack.pop() {
            self.on_stack[w] = false;
            component.push(w);
            if w == v {
                break;
            }
        }
        component
    }
}

/// A shortest path from `from` over the `allowed` edges whose last edge
/// `(state, move, target)` satisfies `goal`: its edges as `(state, move)`, and the
/// state it ends in.
fn path_to_edge(edges: &LocalEdges, allowed: &EdgeFlags, from: usize, goal: impl Fn(usize, Move, usize) -> bool) -> Option<(Vec<(usize, Move)>, usize)> {
    let mut parent: Vec<Option<(usize, Move)>> = vec![None; edges.len()];
    let mut seen = vec![false; edges.len()];
    seen[from] = true;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(v) = queue.pop_front() {
        for (i, &(m, w)) in edges[v].iter().enumerate() {
            if !allowed[v][i] {
                continue;
            }
            if goal(v, m, w) {
                let mut path = vec![(v, m)];
                let mut at = v;
                while let Some((p, pm)) = parent[at] {
                    path.push((p, pm));
                    at = p;
                }
                path.reverse();
                return Some((path, w));
            }
            if !seen[w] {
                seen[w] = true;
                parent[w] = Some((v, m));
                queue.push_back(w);
            }
        }
    }
    None
}

/// The moves of a shortest path from `from` to `to` over the `allowed` edges (empty
/// when they are the same state, or when there is none).
fn path_to(edges: &LocalEdges, allowed: &EdgeFlags, from: usize, to: usize) -> Vec<Move> {
    if from == to {
        return Vec::new();
    }
    path_to_edge(edges, allowed, from, |_, _, w| w == to).map(|(p, _)| p.into_iter().map(|e| e.1).collect()).unwrap_or_default()
}

/// What a fair round still owes (see [`round_trip`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Owed {
    /// a move of this thread, anywhere
    Run(u32),
    /// this move from this state (a branch of a choice taken there)
    Branch(usize, Move),
}

/// One round from `start` over the `kept` edges of a fair part, back to `start`, on
/// which every thread running there runs, and every choice taken from a state takes
/// all its branches from it.
fn round_trip(edges: &LocalEdges, moves: &[&[Move]], kept: &EdgeFlags, start: usize) -> Vec<Move> {
    let mut threads: Vec<u32> = (0..edges.len()).flat_map(|v| edges[v].iter().zip(&kept[v]).filter(|(_, &k)| k).map(|(e, _)| e.0.thread)).collect();
    threads.sort_unstable();
    threads.dedup();
    let mut owed: std::collections::VecDeque<Owed> = threads.into_iter().map(Owed::Run).collect();
    let mut paid: FxHashSet<Owed> = FxHashSet::default();
    let (mut out, mut at) = (Vec::new(), start);
    // each pass pays what is owed, then goes back to `start` — which may take choices
    // and owe their other branches, paid by another pass
    while !owed.is_empty() {
        while let Some(debt) = owed.pop_front() {
            if paid.contains(&debt) {
                continue;
            }
            let goal = |v: usize, m: Move, _| match debt {
                Owed::Run(t) => m.thread == t,
                Owed::Branch(s, b) => v == s && m == b,
            };
            if let Some((path, to)) = path_to_edge(edges, kept, at, goal) {
                pay(&path, moves, &mut paid, &mut owed, &mut out);
                at = to;
            }
        }
        if at != start {
            if let Some((path, _)) = path_to_edge(edges, kept, at, |_, _, w| w == start) {
                pay(&path, moves, &mut paid, &mut owed, &mut out);
            }
            at = start;
        }
    }
    out
}

/// Appends `path` to the round `out`, marking what it pays and owing the other
/// branches of every choice it takes.
fn pay(path: &[(usize, Move)], moves: &[&[Move]], paid: &mut FxHashSet<Owed>, owed: &mut std::collections::VecDeque<Owed>, out: &mut Vec<Move>) {
    for &(v, m) in path {
        paid.insert(Owed::Run(m.thread));
        let branches = branch_count(moves[v], m.thread);
        if paid.insert(Owed::Branch(v, m)) && branches > 1 {
            owed.extend((0..branches as u32).map(|b| Owed::Branch(v, Move::new(m.thread, b))));
        }
        out.push(m);
    }
}

/// Whether a simple cycle — its states' moves `enabled`, and the move `taken` from
/// each — is fair: no choice is made on it (it would take one branch only), and every
/// thread enabled in one of its states runs on it.
pub(crate) fn is_fair(enabled: &[&[Move]], taken: &[Move]) -> bool {
    let choice = enabled.iter().zip(taken).any(|(moves, m)| branch_count(moves, m.thread) > 1);
    !choice && enabled.iter().all(|moves| moves.iter().all(|m| taken.iter().any(|t| t.thread == m.thread)))
}

/// The states of one path (a stateless DFS stack, a random walk) by key, for finding
/// a state that repeats on its own path: a cycle, which the path need not follow
/// again (its future was explored from the first occurrence).
#[derive(Default)]
pub(crate) struct PathCycles {
    positions: FxHashMap<StateKey, usize>,
    keys: Vec<StateKey>,
}

impl PathCycles {
    /// Forgets every state.
    pub fn clear(&mut self) {
        self.positions.clear();
        self.keys.clear();
    }

    /// The path position where `key` occurs, if it is on the path.
    pub fn position(&self, key: StateKey) -> Option<usize> {
        self.positions.get(&key).copied()
    }

    /// Appends a state at position `depth` (dropping any at `depth` or deeper).
    pub fn push(&mut self, depth: usize, key: StateKey) {
        self.truncate(depth);
        self.positions.insert(key, depth);
        self.keys.push(key);
    }

    /// Drops the states at positions `depth` and deeper.
    pub fn truncate(&mut self, depth: usize) {
        while self.keys.len() > depth {
            if let Some(k) = self.keys.pop() {
                self.positions.remove(&k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(t: u32) -> Move {
        Move::new(t, 0)
    }

    /// Runs the finder over an explicit graph by DFS from state 0: `enabled[s]` are the
    /// moves of `s`, `edges` are `(from, move, to)`. Returns the first fair cycle with
    /// the state its stem starts from (the root of its component).
    fn search_rooted(enabled: &[Vec<Move>], edges: &[(usize, Move, usize)]) -> Option<(usize, FairCycle)> {
        let mut finder = CycleFinder::default();
        let mut seen = vec![false; enabled.len()];
        // (state, position, next edge)
        let mut stack: Vec<(usize, u32, usize)> = Vec::new();
        seen[0] = true;
        stack.push((0, finder.enter(0, enabled[0].clone()), 0));
        while let Some(&(s, pos, i)) = stack.last() {
            let out: Vec<&(usize, Move, usize)> = edges.iter().filter(|e| e.0 == s).collect();
            if let Some(&&(_, mv, to)) = out.get(i) {
                stack.last_mut().expect("non-empty").2 += 1;
                if !seen[to] {
                    seen[to] = true;
                    let p = finder.enter(to as u128, enabled[to].clone());
                    finder.edge(pos, mv, to as u128);
                    stack.push((to, p, 0));
                } else {
                    finder.edge(pos, mv, to as u128);
                }
                continue;
            }
            stack.pop();
            let parent = stack.last().map(|f| f.1);
            if let Some(c) = finder.leave(pos, parent) {
                return Some((s, c));
            }
        }
        None
    }

    fn search(enabled: &[Vec<Move>], edges: &[(usize, Move, usize)]) -> Option<FairCycle> {
        search_rooted(enabled, edges).map(|(_, c)| c)
    }

    /// Follows `moves` from `from` in the graph; the state reached.
    fn follow(edges: &[(usize, Move, usize)], from: usize, moves: &[Move]) -> usize {
        moves.iter().fold(from, |s, mv| edges.iter().find(|e| e.0 == s && e.1 == *mv).map(|e| e.2).expect("the witness follows edges"))
    }

    #[test]
    fn a_spin_whose_writer_is_blocked_is_a_livelock() {
        // thread 0 spins alone in state 1 (a self-loop); thread 1 is blocked
        let enabled = vec![vec![m(0)], vec![m(0)]];
        let edges = [(0, m(0), 1), (1, m(0), 1)];
        let c = search(&enabled, &edges).expect("a fair cycle");
        assert_eq!(c.stem, vec![]);
        assert_eq!(c.cycle, vec![m(0)]);
    }

    #[test]
    fn a_spin_whose_writer_can_run_is_not() {
        // state 0: thread 0 spins (self-loop), thread 1 can set the flag (to state 1, end)
        let enabled = vec![vec![m(0), m(1)], vec![]];
        let edges = [(0, m(0), 0), (0, m(1), 1)];
        assert_eq!(search(&enabled, &edges), None);
    }

    #[test]
    fn two_threads_retrying_against_each_other_are_a_livelock() {
        // 0 -a-> 1 -b-> 2 -a-> 3 -b-> 0, and an escape 0 -b-> 4 (end) that is not enabled
        // on the cycle's other states: every state of the cycle enables only the moves
        // the cycle takes except state 0, whose escape is thread 1's move (taken too)
        let enabled = vec![vec![m(0), m(1)], vec![m(1)], vec![m(0)], vec![m(1)], vec![]];
        let edges = [(0, m(0), 1), (1, m(1), 2), (2, m(0), 3), (3, m(1), 0), (0, m(1), 4)];
        let c = search(&enabled, &edges).expect("a fair cycle");
        let start = follow(&edges, 0, &c.stem);
        assert_eq!(follow(&edges, start, &c.cycle), start, "the cycle closes");
        assert!(c.cycle.contains(&m(0)) && c.cycle.contains(&m(1)));
    }

    #[test]
    fn strong_fairness_excludes_a_waiter_that_is_enabled_infinitely_often() {
        // thread 0 takes and releases a lock in a loop (states 0 <-> 1); thread 1 waits
        // for it, enabled in state 0 (lock free), its move leaves to state 2 (end)
        let enabled = vec![vec![m(0), m(1)], vec![m(0)], vec![]];
        let edges = [(0, m(0), 1), (1, m(0), 0), (0, m(1), 2)];
        assert_eq!(search(&enabled, &edges), None);
    }

    #[test]
    fn the_decomposition_finds_a_fair_cycle_inside_an_unfair_component() {
        // component {0, 1, 2}: 0 <-> 1 by thread 0; 1 -> 2 -> 1 by thread 1 and back;
        // state 0 also enables thread 2, whose move leaves the component: states
        // {1, 2} alone form a fair cycle (threads 0? no: 1 -> 2 by thread 1, 2 -> 1 by
        // thread 1), once 0 (which enables the untaken thread 2) is dropped
        let enabled = vec![vec![m(0), m(2)], vec![m(0), m(1)], vec![m(1)], vec![]];
        let edges = [(0, m(0), 1), (1, m(0), 0), (1, m(1), 2), (2, m(1), 1), (0, m(2), 3)];
        // in {1, 2} thread 0 is enabled in state 1 but its move leads to 0: dropped
        // too, so no fair cycle remains
        assert_eq!(search(&enabled, &edges), None);
        // without thread 0's move in state 1 the part {1, 2} is fair
        let enabled = vec![vec![m(0), m(2)], vec![m(1)], vec![m(1)], vec![]];
        let edges = [(0, m(0), 1), (1, m(1), 2), (2, m(1), 1), (0, m(2), 3)];
        let (root, c) = search_rooted(&enabled, &edges).expect("a fair cycle");
        let start = follow(&edges, root, &c.stem);
        assert_ne!(start, 0);
        assert_eq!(follow(&edges, start, &c.cycle), start);
        // a component whose first state is unfair but contains a fair part: state 0
        // enables thread 2 (leaving for good); in {1, 2} threads 1 and 3 run, and
        // thread 3's move from 1 goes back to 0 — but from 2 it stays inside
        let enabled = vec![vec![m(0), m(2)], vec![m(1), m(3)], vec![m(1), m(3)], vec![]];
        let edges = [(0, m(0), 1), (0, m(2), 3), (1, m(1), 2), (1, m(3), 0), (2, m(1), 1), (2, m(3), 1)];
        let (root, c) = search_rooted(&enabled, &edges).expect("a fair cycle in {1, 2}");
        assert_eq!(root, 0);
        let start = follow(&edges, root, &c.stem);
        assert!(start == 1 || start == 2, "the stem leads into the fair part, not {start}");
        assert_eq!(follow(&edges, start, &c.cycle), start);
        assert!(!c.cycle.contains(&m(2)));
    }

    #[test]
    fn a_choice_failing_forever_is_not_fair() {
        // a weak CAS: branch 1 (spurious failure) loops, branch 0 succeeds and leaves
        let enabled = vec![vec![Move::new(0, 0), Move::new(0, 1)], vec![]];
        let edges = [(0, Move::new(0, 1), 0), (0, Move::new(0, 0), 1)];
        assert_eq!(search(&enabled, &edges), None);
    }

    #[test]
    fn a_choice_is_fair_per_state_not_per_branch_number() {
        // thread 0 reads (state 0: its branch 0), then makes a weak CAS (state 1):
        // branch 0 succeeds and the program ends (state 2), branch 1 fails and goes
        // back to the read; thread 1 spins (self-loops) meanwhile. "Branch 0 of thread
        // 0" runs on the cycle (the read), but the CAS's own branch 0 never does from
        // state 1: no fair cycle
        let b = Move::new;
        let enabled = vec![vec![m(0), m(1)], vec![b(0, 0), b(0, 1), m(1)], vec![]];
        let edges = [(0, m(0), 1), (0, m(1), 0), (1, b(0, 0), 2), (1, b(0, 1), 0), (1, m(1), 1)];
        assert_eq!(search(&enabled, &edges), None);
        // if both branches of the CAS stay in the loop, the loop is a livelock, and
        // its witness takes both branches from state 1
        let edges = [(0, m(0), 1), (0, m(1), 0), (1, b(0, 0), 0), (1, b(0, 1), 0), (1, m(1), 1)];
        let c = search(&enabled, &edges).expect("a fair cycle");
        assert!(c.cycle.contains(&b(0, 0)) && c.cycle.contains(&b(0, 1)) && c.cycle.contains(&m(1)), "{:?}", c.cycle);
        let start = follow(&edges, 0, &c.stem);
        assert_eq!(follow(&edges, start, &c.cycle), start);
    }

    #[test]
    fn the_witness_covers_every_move_of_the_fair_part() {
        // a fair component with three states and moves of three threads
        let enabled = vec![vec![m(0), m(1)], vec![m(1), m(2)], vec![m(0), m(2)]];
        let edges = [(0, m(0), 1), (0, m(1), 2), (1, m(1), 2), (1, m(2), 0), (2, m(0), 0), (2, m(2), 1)];
        let c = search(&enabled, &edges).expect("a fair cycle");
        let start = follow(&edges, 0, &c.stem);
        assert_eq!(follow(&edges, start, &c.cycle), start);
        for t in 0..3 {
            assert!(c.cycle.contains(&m(t)), "thread {t} runs on the cycle: {:?}", c.cycle);
        }
    }

    #[test]
    fn path_cycles_track_positions() {
        let mut p = PathCycles::default();
        p.push(0, 7);
        p.push(1, 8);
        assert_eq!(p.position(7), Some(0));
        p.push(1, 9);
        assert_eq!(p.position(8), None);
        assert_eq!(p.position(9), Some(1));
        p.truncate(1);
        assert_eq!(p.position(9), None);
        assert!(is_fair(&[&[m(0)][..], &[m(0), m(1)][..]], &[m(0), m(1)]));
        assert!(!is_fair(&[&[m(0), m(1)][..]], &[m(0)]));
        // a choice made on a simple cycle takes one branch only: unfair
        assert!(!is_fair(&[&[Move::new(0, 0), Move::new(0, 1)][..]], &[Move::new(0, 1)]));
    }
}
