//! `UpdateBack` (the stateful POR paper, Fig. 2), shared by DE-S-POR and DL-S-POR:
//! the new `s.backtrack` after the exploration of thread `t`'s transition from `s`.
//!
//! ```text
//! UpdateBack(s, a) = safeSet(s)                     if ∃ t ∈ s.current[tid(a)] \ safeSet(s)
//!                    s.done                         if ∃ T ⊂ s.done : T = ⋃_{t∈T} s.current[t]
//!                    ⋃_{t ∈ s.done} s.current[t]    otherwise
//! ```
//!
//! The third case falls back to `safeSet(s)` as well when the union holds a thread
//! outside it (the first case looks only at `current[tid(a)]`, but every explored
//! thread's set is in the union; a backtrack set must stay within the safe set).
//!
//! The second case asks for a set of explored threads closed under `current`: such a
//! set is a persistent set, so `done` (a superset) is a source set and the state is
//! complete. A closed subset exists iff some explored thread's closure under `current`
//! stays inside `done`, which is what [`closed_subset_exists`] computes. A fully
//! expanded state (cycle proviso) keeps every enabled thread in its backtrack set.

use super::explorer::Frame;
use super::thread_set::ThreadSet;
use crate::system::ThreadId;

/// `UpdateBack(s, a)` for `s = frame` and `tid(a) = t`.
pub(crate) fn update_back(frame: &Frame, t: ThreadId) -> ThreadSet {
    let safe = frame.safe_set();
    let mut back = if !frame.current(t).is_subset(&safe) {
        safe
    } else if closed_subset_exists(frame) {
        frame.done.clone()
    } else {
        let mut union = frame.done.clone();
        for u in frame.done.iter() {
            union.union_with(frame.current(u));
        }
        // an earlier thread's current set may hold a thread outside the safe set (the
        // first case only looks at tid(a)): the same conservative answer then
        if union.is_subset(&safe) {
            union
        } else {
            safe
        }
    };
    if frame.full {
        back.union_with(&frame.enabled);
    }
    back
}

/// Whether some non-empty `T ⊆ s.done` satisfies `T = ⋃_{t∈T} s.current[t]` (every
/// `current[t]` contains `t`).
pub(crate) fn closed_subset_exists(frame: &Frame) -> bool {
    frame.done.iter().any(|start| {
        let mut closure = ThreadSet::of(&[start]);
        let mut work = vec![start];
        while let Some(u) = work.pop() {
            for v in frame.current(u).iter() {
                if !frame.done.contains(v) {
                    return false;
                }
                if closure.insert(v) {
                    work.push(v);
                }
            }
        }
        true
    })
}
