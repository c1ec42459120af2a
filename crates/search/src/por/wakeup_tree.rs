//! Wakeup trees (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets: A Foundation for
//! Optimal Dynamic Partial Order Reduction", JACM 2017, Section 6.1): an ordered tree
//! of transitions at a state, whose root-to-leaf paths are the sequences still to
//! explore from it, first branch first.
//!
//! Owns the tree and its one non-trivial operation, `insert_[E](w, B)`: `w` is added
//! unless a sequence of the tree is already weakly compatible with it. The paper
//! states it on sequences; this is its operational form (as its Example 6.3 walks
//! it): from the root, descend into the first (in the order `≺`) branch whose
//! transition is a weak initial of what is left of `w` — removing that thread's first
//! transition from `w` if it is in `w` — and stop at a leaf (covered); if no branch
//! matches, `w`'s remainder becomes a new last branch.
//!
//! Which sequences to insert, and when a thread is asleep, is the algorithm's
//! business ([`super::optimal_dpor`]).

use super::races::Sequence;
use crate::system::{ThreadId, Transition};

/// A wakeup tree (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct WakeupTree {
    branches: Vec<Branch>,
}

#[derive(Clone, Debug)]
struct Branch {
    transition: Transition,
    /// whether `transition` is what the thread does here (taken from this state, or
    /// exact in the sequence it came from: [`Sequence::exact`])
    exact: bool,
    subtree: WakeupTree,
}

/// Whether the thread whose next transition is `t` (`exact`: known, not guessed) is a
/// weak initial of the events `w` of `seq` (`t.thread ∈ WI(w)`): `Some(Some(k))` if
/// its first transition in `w`, `w[k]`, has no predecessor in `w` (an initial),
/// `Some(None)` if it has no transition in `w` and `t` is independent of all of `w`,
/// `None` otherwise. Guessed labels ([`Sequence::exact`]) are trusted for neither
/// claim: a guessed `w[k]` after other events may depend on them, and independence
/// needs every label involved exact. (`None` only ever explores more.)
pub(crate) fn weak_initial(seq: &dyn Sequence, w: &[usize], t: &Transition, exact: bool) -> Option<Option<usize>> {
    match w.iter().position(|&e| seq.transition(e).thread == t.thread) {
        Some(k) => ((k == 0 || seq.exact(w[k])) && (0..k).all(|m| !seq.before(w[m], w[k]))).then_some(Some(k)),
        None => (exact && w.iter().all(|&e| seq.exact(e) && !super::dependent(t, seq.transition(e)))).then_some(None),
    }
}

impl WakeupTree {
    /// Whether it has no branch.
    pub fn is_empty(&self) -> bool {
        self.branches.is_empty()
    }

    /// The threads of its branches, in the order `≺`.
    pub fn threads(&self) -> impl Iterator<Item = ThreadId> + '_ {
        self.branches.iter().map(|b| b.transition.thread)
    }

    /// `t` was taken from this state: its branch (a new last one if its thread has
    /// none) now carries the exact label.
    pub fn take(&mut self, t: &Transition) {
        match self.branches.iter_mut().find(|b| b.transition.thread == t.thread) {
            Some(b) => (b.transition, b.exact) = (t.clone(), true),
            None => self.branches.push(Branch { transition: t.clone(), exact: true, subtree: WakeupTree::default() }),
        }
    }

    /// The subtree below the branch of `thread` (empty if there is none).
    pub fn subtree(&self, thread: ThreadId) -> WakeupTree {
        self.branches.iter().find(|b| b.transition.thread == thread).map(|b| b.subtree.clone()).unwrap_or_default()
    }

    /// Removes the branch of `thread` (every sequence that starts with it).
    pub fn remove(&mut self, thread: ThreadId) {
        self.branches.retain(|b| b.transition.thread != thread);
    }

    /// `insert_[E](w, B)` for all of `seq` (see the module docs).
    pub fn insert(&mut self, seq: &dyn Sequence) {
        let mut w: Vec<usize> = (0..seq.len()).collect();
        let mut node = self;
        while !w.is_empty() {
            let found = node.branches.iter().enumerate().find_map(|(n, b)| weak_initial(seq, &w, &b.transition, b.exact).map(|k| (n, k)));
            let Some((n, k)) = found else {
                // a new last branch: the rest of `w`, as a chain
                let mut chain = WakeupTree::default();
                for &e in w.iter().rev() {
                    chain = WakeupTree { branches: vec![Branch { transition: seq.transition(e).clone(), exact: seq.exact(e), subtree: chain }] };
                }
                node.branches.extend(chain.branches);
                return;
            };
            if node.branches[n].subtree.is_empty() {
                return; // a leaf weakly compatible with `w`: covered
            }
            if let Some(k) = k {
                w.remove(k);
            }
            node = &mut node.branches[n].subtree;
        }
    }

    /// A new last branch of one transition, unless its thread has one.
    pub fn add_branch(&mut self, t: &Transition, exact: bool) {
        if !self.threads().any(|u| u == t.thread) {
            self.branches.push(Branch { transition: t.clone(), exact, subtree: WakeupTree::default() });
        }
    }

    /// A new last branch for `thread`, whose transition here is not known, unless it
    /// has one.
    pub fn add_thread(&mut self, thread: ThreadId) {
        self.add_branch(&Transition::new(thread, Vec::new()), false);
    }

    /// Number of nodes (for the memory statistics).
    pub fn nodes(&self) -> usize {
        self.branches.iter().map(|b| 1 + b.subtree.nodes()).sum()
    }

    /// The sequences of the tree, root to leaf, as threads (for tests).
    #[cfg(test)]
    pub fn leaves(&self) -> Vec<Vec<ThreadId>> {
        let mut out = Vec::new();
        for b in &self.branches {
            let below = b.subtree.leaves();
            if below.is_empty() {
                out.push(vec![b.transition.thread]);
            }
            for mut l in below {
                l.insert(0, b.transition.thread);
                out.push(l);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::{Access, AccessKind};

    /// A sequence of transitions with happens-before from program order and conflicts.
    struct Events(Vec<Transition>);

    impl Sequence for Events {
        fn len(&self) -> usize {
            self.0.len()
        }
        fn transition(&self, e: usize) -> &Transition {
            &self.0[e]
        }
        fn exact(&self, _e: usize) -> bool {
            true
        }
        fn before(&self, a: usize, b: usize) -> bool {
            // transitive closure of program order and dependence
            let mut reach = vec![false; self.0.len()];
            reach[a] = true;
            for j in a + 1..=b {
                reach[j] = (a..j).any(|i| reach[i] && (self.0[i].thread == self.0[j].thread || self.0[i].dependent(&self.0[j])));
            }
            reach[b]
        }
    }

    fn write(thread: ThreadId, var: u32) -> Transition {
        Transition::new(thread, vec![Access::new(1, var, AccessKind::Write)])
    }

    fn read(thread: ThreadId, var: u32) -> Transition {
        Transition::new(thread, vec![Access::new(1, var, AccessKind::Read)])
    }

    /// A sequence whose first event is a weak initial of an existing leaf's thread is
    /// covered; one that no branch is compatible with becomes a new last branch.
    #[test]
    fn insert_adds_only_incompatible_sequences() {
        let mut tree = WakeupTree::default();
        tree.insert(&Events(vec![write(1, 0), read(2, 0)]));
        assert_eq!(tree.leaves(), vec![vec![1, 2]]);
        // 1 is an initial of [3:x1, 1:x0]: covered by the branch 1.2 only if 2 is a
        // weak initial of the rest, [3:x1] — independent, so it is
        tree.insert(&Events(vec![write(3, 1), write(1, 0)]));
        assert_eq!(tree.leaves(), vec![vec![1, 2]]);
        // [2:r0] : 1 is no weak initial (1 writes what 2 reads): a new branch
        tree.insert(&Events(vec![read(2, 0)]));
        assert_eq!(tree.leaves(), vec![vec![1, 2], vec![2]]);
        // [3:w0, 2:r0]: 1 conflicts with 3, 2 is not an initial (3 comes first)
        tree.insert(&Events(vec![write(3, 0), read(2, 0)]));
        assert_eq!(tree.leaves(), vec![vec![1, 2], vec![2], vec![3, 2]]);
        // below branch 1, [2:r0, 3:w1] descends to 2 (a leaf): covered
        tree.insert(&Events(vec![write(1, 0), read(2, 0), write(3, 1)]));
        assert_eq!(tree.leaves(), vec![vec![1, 2], vec![2], vec![3, 2]]);
    }

    /// A branch's subtree is what its child state inherits; removing the branch
    /// removes every sequence that starts with its thread.
    #[test]
    fn subtree_and_remove() {
        let mut tree = WakeupTree::default();
        tree.insert(&Events(vec![write(1, 0), write(2, 1), read(3, 0)]));
        tree.insert(&Events(vec![read(3, 0)]));
        assert_eq!(tree.subtree(1).leaves(), vec![vec![2, 3]]);
        tree.remove(1);
        assert_eq!(tree.leaves(), vec![vec![3]]);
        assert!(tree.subtree(7).is_empty());
    }
}
