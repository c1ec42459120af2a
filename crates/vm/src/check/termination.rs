//! Thread terminations that need no scheduling point (issue 12: the transitions of
//! an execution; `docs/algorithms/lockset.md`, "Terminations").
//!
//! **Termination is a release.** A thread's termination (`Thread.exit`, then `eetop =
//! 0`, status TERMINATED, `notifyAll` on the thread object) is what `join` waits for,
//! as an acquire waits for a release, and it is a left mover in Lipton's sense
//! (`release.rs`) for the same reason: a blocking `join` is not enabled before it,
//! and no other step depends on it — unless a thread *observes* the termination
//! without blocking: `isAlive`, `getState`, a timed `join` (which polls `isAlive`),
//! the thread's monitor (`synchronized (t)`, `t.wait()`, which the termination
//! notifies), the fields `Thread.exit` clears (`getThreadGroup`), a call on the
//! thread group that reads its members (`activeCount`, `enumerate`), or
//! `Thread.getAllStackTraces`. So a termination may join the thread's last
//! transition, and the states in which the thread has finished its work but is
//! still alive are never built.
//!
//! jvmc assumes that nobody observes a termination that way — the termination
//! "family" is unprobed — and checks it: every access another thread makes to a
//! location a merged termination accessed, conflicting with that access, is a probe
//! ([`Watch`]), as is the native behind `getAllStackTraces`. The first probe makes
//! terminations scheduling points again, and if the running search merged one, the
//! vm asks for a restart ([`crate::VmError::Restart`]), exactly as a probe of a lock
//! family does (the family is listed with the racy keys, so a trace file replays).
//! Why checking after the fact suffices: before the first probe of an execution,
//! every step between a thread's last transition and its termination commutes with
//! the termination, so the execution up to the probe is equivalent to one in which
//! the termination came right after the last transition; the merged search explores
//! that one, and in it the probe comes after the termination, where the watch sees
//! it. A blocking `join` is no probe (its life-cycle read is left out), nor is an
//! `unpark` of the thread (it changes nothing a terminated or finished thread does).
//!
//! Two more things probe: the start of a daemon thread (the program's end, which a
//! termination may bring about, cuts daemons short: the end observes every
//! termination), and a termination that finds another thread holding its thread
//! object's monitor (it would block inside a transition). Both make the decision a
//! function of what the search knows, not of the state: a transition's extent may
//! depend on another thread's state only through what its label records. Without
//! the locking discipline (nothing could restart the search), and under `--sched
//! classes:...` or `--visible-classes`, where a probe might not be recorded, every
//! termination stays a scheduling point.
//!
//! **A join stays a scheduling point**, even of a thread that has terminated (which
//! returns at once, and commutes with every step). Letting such a join through would
//! make how far the joining thread's transition runs depend on another thread's
//! state, and the label must then record that read for a join that stops too — else
//! sleep sets keep the joiner asleep while a termination lengthens its next
//! transition (F–G DPOR missed an outcome of `LitmusIRIW` so). With the read
//! recorded, every termination conflicts with every joiner's transition, and
//! `optimal-dpor` explored 2,653,109 executions of `Readers 13` instead of its 8,192
//! traces.
//!
//! This module owns the decision and the watch (knowledge about the program, not
//! state: never undone on backtracking); `lifecycle.rs` runs terminations, and the
//! probed families are `release.rs`'s and `lockset.rs`'s.

use rustc_hash::FxHashMap;

use super::release::LockFamily;
use super::{AccessRecord, SchedPolicy, Visibility};
use crate::thread::{FrameKind, ThreadStack, ThreadStatus};
use crate::vm::Vm;

/// The [`FrameKind::ThreadEntry`] stage of a termination merged into the thread's
/// last transition (an unmerged one runs at stage 4; `lifecycle.rs`).
pub(crate) const MERGED_EXIT_STAGE: u8 = 5;

/// Kinds of access, as bits.
const READ: u8 = 1;
const WRITE: u8 = 2;
const UPDATE: u8 = 4;

/// [`Accessed::terminator`] of a location more than one thread's termination touched.
const MANY: u64 = u64::MAX;

/// How the merged terminations touched one location.
#[derive(Clone, Copy, Debug)]
struct Accessed {
    /// the stable id of the only thread whose termination touched it, or [`MANY`]
    terminator: u64,
    /// [`READ`], [`WRITE`], [`UPDATE`]
    kinds: u8,
}

/// The locations merged terminations accessed, and how (see the module docs).
#[derive(Default)]
pub(crate) struct Watch {
    locations: FxHashMap<(u64, u32), Accessed>,
    /// a filter of the locations' objects: one bit per object, chosen by hash
    objects: u64,
}

fn kind_of(a: &AccessRecord) -> u8 {
    if a.update {
        UPDATE
    } else if a.write {
        WRITE
    } else {
        READ
    }
}

fn object_bit(object: u64) -> u64 {
    1 << (object.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
}

/// Whether an access of kind `kind` conflicts with earlier ones of kinds `kinds`
/// (updates commute with updates, reads with reads).
fn conflicts(kind: u8, kinds: u8) -> bool {
    match kind {
        READ => kinds & (WRITE | UPDATE) != 0,
        UPDATE => kinds & (READ | WRITE) != 0,
        _ => kinds != 0,
    }
}

impl Watch {
    /// The termination of the thread with stable id `terminator` accessed `a`.
    fn record(&mut self, terminator: u64, a: &AccessRecord) {
        if a.field == AccessRecord::LIFECYCLE {
            // what a blocking join reads (module docs)
            return;
        }
        self.objects |= object_bit(a.object);
        let e = self.locations.entry((a.object, a.field)).or_insert(Accessed { terminator, kinds: 0 });
        if e.terminator != terminator {
            e.terminator = MANY;
        }
        e.kinds |= kind_of(a);
    }

    /// Whether the access `a` by the thread with stable id `by` conflicts with what a
    /// merged termination of another thread accessed, and if so, whose termination
    /// ([`MANY`]: several threads').
    fn conflicting(&self, by: u64, a: &AccessRecord) -> Option<u64> {
        if self.objects & object_bit(a.object) == 0 || a.field == AccessRecord::LIFECYCLE {
            return None;
        }
        self.locations.get(&(a.object, a.field)).filter(|e| e.terminator != by && conflicts(kind_of(a), e.kinds)).map(|e| e.terminator)
    }
}

impl Vm {
    /// Whether thread `tid`, about to terminate inside a transition that did
    /// something else first, may go on and terminate in it (module docs); if so the
    /// running search relies on nobody probing terminations.
    pub(crate) fn termination_lets_through(&self, tid: u32) -> bool {
        let Some(chk) = self.check.as_ref() else { return false };
        if chk.options.policy != SchedPolicy::Shared || chk.options.visibility != Visibility::Reachable {
            return false;
        }
        let Some(ls) = self.lockset() else { return false };
        let Some(object) = self.threads[tid as usize].object else { return false };
        if !self.monitor_available(object, tid) {
            // another thread synchronizes on the thread object: the decision must
            // not depend on that state, so terminations stop from now on
            self.probe_terminations();
            return false;
        }
        ls.borrow_mut().rely_on_unprobed(LockFamily::Termination)
    }

    /// Records the accesses `accesses` of thread `ts` in the watch if they belong to
    /// a merged termination, or else probes terminations if one of them observes a
    /// merged one.
    pub(crate) fn watch_terminations(&mut self, ts: &ThreadStack, accesses: &[AccessRecord]) {
        let merged = ts.frames.first().is_some_and(|f| f.kind == FrameKind::ThreadEntry { stage: MERGED_EXIT_STAGE });
        if merged {
            self.record_termination(ts.tid, accesses);
        } else {
            self.probe_if_observed(ts.tid, accesses);
        }
    }

    /// Records accesses of thread `tid`'s merged termination in the watch.
    pub(crate) fn record_termination(&mut self, tid: u32, accesses: &[AccessRecord]) {
        let sid = self.threads[tid as usize].sid;
        if let Some(chk) = self.check.as_mut() {
            for a in accesses {
                chk.terminations.record(sid, a);
            }
        }
    }

    /// Probes terminations if one of `accesses`, by thread `tid`, observes a merged
    /// one.
    pub(crate) fn probe_if_observed(&self, tid: u32, accesses: &[AccessRecord]) {
        let Some(chk) = self.check.as_ref() else { return };
        if chk.terminations.objects == 0 {
            return;
        }
        let sid = self.threads[tid as usize].sid;
        // the watch holds what merged terminations accessed on every path so far: an
        // access observes one only once such a thread has terminated on this path
        let terminated = |terminator: u64| {
            self.threads.iter().any(|t| t.status == ThreadStatus::Terminated && t.sid != sid && (terminator == MANY || t.sid == terminator))
        };
        if accesses.iter().any(|a| chk.terminations.conflicting(sid, a).is_some_and(terminated)) {
            self.probe_terminations();
        }
    }

    /// Something observed, or may have observed, a thread's termination without
    /// blocking: terminations are scheduling points from now on.
    pub(crate) fn probe_terminations(&self) {
        if let Some(ls) = self.lockset() {
            ls.borrow_mut().probe(LockFamily::Termination);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(object: u64, field: u32, write: bool, update: bool) -> AccessRecord {
        AccessRecord { object, field, write, update, visible: true, owner: 0 }
    }

    #[test]
    fn another_threads_conflicting_access_observes_a_termination() {
        let mut w = Watch::default();
        let (t, u) = (7, 9);
        w.record(t, &access(100, 3, true, false));
        w.record(t, &access(200, 1, true, true));
        w.record(t, &access(300, 0, false, false));
        // a read of what the termination wrote
        assert_eq!(w.conflicting(u, &access(100, 3, false, false)), Some(t));
        // the terminated thread itself (on another path) does not count
        assert_eq!(w.conflicting(t, &access(100, 3, false, false)), None);
        // updates commute with updates, reads with reads
        assert_eq!(w.conflicting(u, &access(200, 1, true, true)), None);
        assert_eq!(w.conflicting(u, &access(200, 1, false, false)), Some(t));
        assert_eq!(w.conflicting(u, &access(300, 0, false, false)), None);
        assert_eq!(w.conflicting(u, &access(300, 0, true, false)), Some(t));
        // other locations, and the life cycle a blocking join reads
        assert_eq!(w.conflicting(u, &access(100, 4, true, false)), None);
        w.record(t, &access(100, AccessRecord::LIFECYCLE, true, false));
        assert_eq!(w.conflicting(u, &access(100, AccessRecord::LIFECYCLE, false, false)), None);
    }

    #[test]
    fn a_location_two_terminations_touched_is_watched_for_both() {
        let mut w = Watch::default();
        w.record(1, &access(100, 3, true, false));
        w.record(2, &access(100, 3, true, false));
        assert_eq!(w.conflicting(1, &access(100, 3, false, false)), Some(MANY));
        assert_eq!(w.conflicting(2, &access(100, 3, false, false)), Some(MANY));
    }
}
