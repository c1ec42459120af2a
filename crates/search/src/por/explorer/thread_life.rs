//! Where each thread's life shows on the path the algorithms reason about (the stack,
//! and a path SDPOR replays past it): the transition after which a thread first
//! existed (its start), the one that enabled it, and the one that last disabled it.
//! Fig. 3 of Flanagan and Godefroid counts a thread's start as happening before it
//! and asks for races that "may be co-enabled"; the labels say neither, so every
//! algorithm reads them here, off the frames' enabled and disabled threads. Owns no
//! state: the explorer's frames, `arriving`, `path_starts` and `path_enablings`.

use super::{Explorer, Frame};
use crate::system::ThreadId;

impl Explorer {
    /// Whether the transition at path position `i` enabled thread `p`: `p` was
    /// disabled before it and enabled after it — on the stack, by its frames; past
    /// them, by [`Self::path_enablings`].
    pub fn enabled_by(&self, i: usize, p: ThreadId) -> bool {
        match (self.frames.get(i), self.frames.get(i + 1)) {
            (Some(before), Some(after)) => !before.enabled.contains(p) && after.enabled.contains(p),
            _ => self.path_enablings.contains(&(p, i)),
        }
    }

    /// The start of thread `p`, whose transition runs (or would run) at path position
    /// `n`: the position of the transition after which `p` first existed — enabled,
    /// or disabled, as a thread that waits for a monitor from its first instruction
    /// on ("first enabled" would take the release it waits for, whose clock need not
    /// see the start) — on the stack (the state at `n` included, before its frame is
    /// pushed: [`Self::arriving`]), or on a path SDPOR replays past it
    /// ([`Self::path_starts`]). `None` if `p` existed in the initial state, or is not
    /// known to exist by `n` (a thread that may be started after a visited state).
    /// Every algorithm that counts a start as happening before the started thread
    /// asks here.
    pub fn start_of(&self, p: ThreadId, n: usize) -> Option<usize> {
        let exists = |f: &Frame| f.enabled.contains(p) || f.disabled.contains(p);
        let first = self.frames.iter().take(n + 1).position(exists).or_else(|| self.arriving.as_ref().filter(|(d, b)| *d == n && b.contains(p)).map(|&(d, _)| d));
        match first {
            Some(first) => first.checked_sub(1),
            None => self.path_starts.iter().find(|&&(q, at)| q == p && at < n).map(|&(_, at)| at),
        }
    }

    /// The stack position of the transition that last disabled thread `p` before
    /// position `i`, where `p` is disabled: the latest `j < i` with `p` enabled
    /// before it (and disabled from after it until `i`). `None` if `p` was never
    /// enabled below `i` on the stack.
    pub fn disabler(&self, i: usize, p: ThreadId) -> Option<usize> {
        self.frames[..i.min(self.frames.len())].iter().rposition(|f| f.enabled.contains(p))
    }
}
