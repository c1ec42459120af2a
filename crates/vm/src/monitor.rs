//! Object monitors (JVMS §2.11.10, §6.5.monitorenter; JLS §17.2 wait sets).
//!
//! A monitor lives in its object's header (so the heap journal undoes it and the
//! object's hash covers it) and exists only while in use. It records the owner and
//! recursion count, the wait set, and pending `notify` calls as *tokens*: a notify
//! does not pick a waiter itself; it leaves a token naming the threads waiting at that
//! moment, and whichever of them is scheduled first consumes it. Every choice the JVM
//! could make at the notify is thereby a choice of the scheduler, which the search
//! explores.

use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::ObjRef;
use crate::vm::Vm;

/// The monitor of one object.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Monitor {
    /// owning thread, while `count > 0`
    pub owner: u32,
    /// recursion count (0: free)
    pub count: u32,
    /// threads in the wait set, in the order they started waiting
    pub waiters: Vec<u32>,
    /// pending `notify` calls, each waking one of the listed threads
    pub tokens: Vec<Vec<u32>>,
}

impl Monitor {
    fn idle(&self) -> bool {
        self.count == 0 && self.waiters.is_empty() && self.tokens.is_empty()
    }
}

impl Vm {
    /// The monitor of `obj`, if it is in use.
    pub(crate) fn monitor(&self, obj: ObjRef) -> Option<&Monitor> {
        self.heap.get(obj).monitor.as_deref()
    }

    /// Changes the monitor of `obj` (created if absent; dropped again when idle, so an
    /// unused monitor never makes two states differ).
    pub(crate) fn with_monitor<R>(&mut self, obj: ObjRef, f: impl FnOnce(&mut Monitor) -> R) -> R {
        let holder = |m: &Monitor| (m.count > 0).then_some(m.owner);
        let o = self.heap.get_mut(obj);
        let before = o.monitor.as_deref().and_then(holder);
        let m = o.monitor.get_or_insert_with(Default::default);
        let r = f(m);
        let after = holder(m);
        if m.idle() {
            o.monitor = None;
        }
        if before != after {
            // which locks these threads hold changed (`check/guards.rs`)
            self.monitor_changed_hands(obj, before, after);
        }
        r
    }

    /// Whether thread `tid` could enter the monitor of `obj` now.
    pub(crate) fn monitor_available(&self, obj: ObjRef, tid: u32) -> bool {
        self.monitor(obj).is_none_or(|m| m.count == 0 || m.owner == tid)
    }

    /// `monitorenter` by the thread of `ts`; `Unwind::Block` if another thread owns
    /// the monitor (the instruction is retried when the thread is scheduled again).
    pub(crate) fn monitor_enter(&mut self, ts: &mut ThreadStack, obj: ObjRef) -> Result<(), Unwind> {
        if !self.monitor_available(obj, ts.tid) {
            return Err(Unwind::Block);
        }
        let tid = ts.tid;
        self.remember_monitor(obj);
        self.with_monitor(obj, |m| {
            m.owner = tid;
            m.count += 1;
        });
        Ok(())
    }

    /// `monitorexit` by the thread of `ts`; not owning the monitor is an
    /// `IllegalMonitorStateException`.
    pub(crate) fn monitor_exit(&mut self, ts: &mut ThreadStack, obj: ObjRef) -> Result<(), Unwind> {
        if !self.holds_monitor(ts, obj) {
            return Err(self.throw_new(ts, "java/lang/IllegalMonitorStateException", None));
        }
        self.with_monitor(obj, |m| m.count -= 1);
        Ok(())
    }

    /// Whether the thread of `ts` owns the monitor of `obj`.
    pub(crate) fn holds_monitor(&self, ts: &ThreadStack, obj: ObjRef) -> bool {
        self.monitor(obj).is_some_and(|m| m.count > 0 && m.owner == ts.tid)
    }

    /// Releases the monitor completely and joins its wait set; returns the count to
    /// restore when the wait ends.
    pub(crate) fn monitor_wait(&mut self, tid: u32, obj: ObjRef) -> u32 {
        self.with_monitor(obj, |m| {
            let count = m.count;
            m.count = 0;
            m.waiters.push(tid);
            count
        })
    }

    /// `notify`: leaves a token for the threads waiting now. `notifyAll`: every waiter
    /// gets its own token.
    pub(crate) fn monitor_notify(&mut self, obj: ObjRef, all: bool) {
        self.with_monitor(obj, |m| {
            if m.waiters.is_empty() {
                return;
            }
            if all {
                for &w in &m.waiters {
                    m.tokens.push(vec![w]);
                }
            } else {
                m.tokens.push(m.waiters.clone());
            }
        });
    }

    /// Whether waiter `tid` holds a notification it could consume.
    pub(crate) fn monitor_notified(&self, obj: ObjRef, tid: u32) -> bool {
        self.monitor(obj).is_some_and(|m| m.tokens.iter().any(|t| t.contains(&tid)))
    }

    /// Ends the wait of `tid`: consumes its oldest token if `consume`, leaves the wait
    /// set (and every token), and re-acquires the monitor with `count`.
    pub(crate) fn monitor_end_wait(&mut self, obj: ObjRef, tid: u32, count: u32, consume: bool) {
        self.with_monitor(obj, |m| {
            if consume {
                if let Some(i) = m.tokens.iter().position(|t| t.contains(&tid)) {
                    m.tokens.remove(i);
                }
            }
            m.waiters.retain(|&w| w != tid);
            for t in &mut m.tokens {
                t.retain(|&w| w != tid);
            }
            m.tokens.retain(|t| !t.is_empty());
            m.owner = tid;
            m.count = count;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_monitor_is_recognised() {
        let mut m = Monitor::default();
        assert!(m.idle());
        m.waiters.push(1);
        assert!(!m.idle());
    }
}
