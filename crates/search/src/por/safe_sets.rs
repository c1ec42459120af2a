//! S-POR, Algorithm 1 of the stateful POR paper: stateful DFS that explores, from
//! each state, only its safe set — the one thread whose next transition is invisible
//! if there is one (a *reducible* state), else every enabled thread. No dependency
//! tracking, no re-traversals. The safe set itself is computed by the explorer (see
//! `explorer.rs`); this file only says "explore all of it".

use super::explorer::Frame;
use super::thread_set::ThreadSet;
use super::{Explorer, Reduction};
use crate::system::TransitionSystem;

/// S-POR.
#[derive(Clone, Copy, Debug, Default)]
pub struct SafeSetPor;

impl Reduction for SafeSetPor {
    fn name(&self) -> &'static str {
        "spor"
    }

    fn uses_safe_sets(&self) -> bool {
        true
    }

    /// Nothing is kept between searches.
    fn reset(&mut self, _sys: &dyn TransitionSystem) {}

    /// Algorithm 1, line 4: `forall t ∈ safeSet(s)`.
    fn candidates(&self, frame: &Frame) -> ThreadSet {
        frame.safe_set().minus(&frame.done)
    }

    fn on_taken(&mut self, ex: &mut Explorer, top: usize) {
        let f = &mut ex.frames[top];
        if let Some(k) = f.active {
            f.done.insert(k.thread);
        }
    }
}
