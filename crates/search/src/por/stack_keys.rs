//! The states on the stack of a stateless search, for matching a state that repeats
//! on its own path (a cycle): by a cheap key of where the threads stand, and by the
//! full fingerprint only where that key repeats.
//!
//! A stateless search matches no states except one that repeats on the current
//! path, which it must match so that a cyclic program's executions end. Taking the
//! full fingerprint of every state for that (on the JVM: every thread's stack hashed,
//! and the young objects numbered under symmetry) is wasted on programs without
//! loops, where no state ever repeats. [`TransitionSystem::positions_hash`]
//! is cheap and a function of the state, so two equal states have equal positions;
//! a state whose positions are not those of an earlier state on the stack cannot
//! equal it, and its fingerprint is not needed.
//!
//! A state whose positions do repeat gets its fingerprint, and so does every later
//! state with those positions. The first repetition of a state may therefore go
//! unmatched (the earlier state's fingerprint was never taken), but not the next:
//! a path through finitely many states repeats some state infinitely often, and
//! from its second occurrence on each occurrence is fingerprinted, so the third is
//! matched. Every match is a real repetition; a cycle is found one turn later than
//! with every state fingerprinted, and the search explores that turn as it would
//! any other path. Systems without positions fingerprint every state.
//!
//! This module owns the lookup only; what a match means is the caller's.

use rustc_hash::FxHashMap;

use crate::system::TransitionSystem;
use jvmc_state::StateId;

/// What a state on the stack is known by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StackKey {
    /// the hash of its thread positions (`None`: the system has none)
    positions: Option<u64>,
    /// its fingerprint, if taken
    fingerprint: Option<u128>,
}

/// The states on the stack, by [`StackKey`] (see the module docs).
#[derive(Default)]
pub struct StackKeys {
    /// the key of each state on the stack, the initial state first, with the name
    /// its search gives it
    stack: Vec<(StackKey, StateId)>,
    /// how many states on the stack have each positions hash
    positions: FxHashMap<u64, u32>,
    /// the states on the stack whose fingerprint was taken
    fingerprints: FxHashMap<u128, StateId>,
}

impl StackKeys {
    /// The key of the current state: its positions, and its fingerprint when a state
    /// on the stack has the same positions (or the system has none).
    pub fn key(&self, sys: &mut dyn TransitionSystem) -> StackKey {
        let positions = sys.positions_hash();
        let fingerprint = match positions {
            Some(p) if !self.positions.contains_key(&p) => None,
            _ => Some(sys.fingerprint()),
        };
        StackKey { positions, fingerprint }
    }

    /// The state on the stack the current state (`key`) repeats, if found.
    pub fn find(&self, key: &StackKey) -> Option<StateId> {
        key.fingerprint.and_then(|f| self.fingerprints.get(&f).copied())
    }

    /// A state pushed on the stack, named `state`.
    pub fn push(&mut self, key: StackKey, state: StateId) {
        if let Some(p) = key.positions {
            *self.positions.entry(p).or_default() += 1;
        }
        if let Some(f) = key.fingerprint {
            self.fingerprints.insert(f, state);
        }
        self.stack.push((key, state));
    }

    /// How many states are on the stack.
    pub fn len(&self) -> usize {
        self.stack.len()
    }

    /// Pops the states above the first `len`.
    pub fn truncate(&mut self, len: usize) {
        while self.stack.len() > len {
            let Some((key, _)) = self.stack.pop() else { return };
            if let Some(p) = key.positions {
                if let Some(n) = self.positions.get_mut(&p) {
                    *n -= 1;
                    if *n == 0 {
                        self.positions.remove(&p);
                    }
                }
            }
            if let Some(f) = key.fingerprint {
                self.fingerprints.remove(&f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::system::Move;
    use crate::testkit::{Op, Program};

    const SPIN: Move = Move { thread: 0, branch: 0 };

    /// Thread 0 spins until thread 1 sets `x0`: each spin step repeats the state.
    fn spinner() -> Program {
        Program::new(1, vec![vec![Op::Await(0, 1)], vec![Op::Set(0, 1)]])
    }

    #[test]
    fn a_state_is_fingerprinted_only_where_its_positions_repeat_and_matched_the_turn_after() {
        let mut sys = spinner();
        let mut keys = StackKeys::default();
        let first = keys.key(&mut sys);
        assert_eq!(first.fingerprint, None, "new positions: no fingerprint");
        keys.push(first, 0);
        sys.step(SPIN).expect("the spin is enabled");
        let second = keys.key(&mut sys);
        assert!(second.fingerprint.is_some(), "repeated positions: fingerprinted");
        assert_eq!(keys.find(&second), None, "the first occurrence has no fingerprint");
        keys.push(second, 1);
        sys.step(SPIN).expect("the spin is enabled");
        let third = keys.key(&mut sys);
        assert_eq!(keys.find(&third), Some(1), "the third occurrence matches the second");
        // thread 1 moves on: positions no state on the stack has
        sys.step(Move { thread: 1, branch: 0 }).expect("thread 1 is enabled");
        assert_eq!(keys.key(&mut sys).fingerprint, None);
    }

    #[test]
    fn popped_states_are_forgotten() {
        let mut sys = spinner();
        let mut keys = StackKeys::default();
        let first = keys.key(&mut sys);
        keys.push(first, 0);
        sys.step(SPIN).expect("the spin is enabled");
        let second = keys.key(&mut sys);
        keys.push(second, 1);
        keys.truncate(1);
        assert_eq!(keys.len(), 1);
        assert_eq!(keys.find(&second), None);
        keys.truncate(0);
        assert_eq!(keys.key(&mut sys).fingerprint, None, "no state on the stack has these positions");
    }
}
