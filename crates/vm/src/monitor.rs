//! Object monitors (JVMS §2.11.10, §6.5.monitorenter): owner and recursion count per
//! locked object, kept beside the heap so unlocked objects cost nothing.

use crate::error::VmError;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::ObjRef;
use crate::vm::Vm;

/// The monitor of one object.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Monitor {
    /// owning thread
    pub owner: u32,
    /// recursion count (> 0 while owned)
    pub count: u32,
}

impl Vm {
    /// `monitorenter` by the thread of `ts`.
    pub(crate) fn monitor_enter(&mut self, ts: &mut ThreadStack, obj: ObjRef) -> Result<(), Unwind> {
        let m = self.monitors.entry(obj).or_default();
        if m.count == 0 {
            m.owner = ts.tid;
            m.count = 1;
            Ok(())
        } else if m.owner == ts.tid {
            m.count += 1;
            Ok(())
        } else {
            Err(Unwind::Fatal(VmError::Unsupported("contended monitor in single-threaded execution".into())))
        }
    }

    /// `monitorexit` by the thread of `ts`; not owning the monitor is an
    /// `IllegalMonitorStateException`.
    pub(crate) fn monitor_exit(&mut self, ts: &mut ThreadStack, obj: ObjRef) -> Result<(), Unwind> {
        match self.monitors.get_mut(&obj) {
            Some(m) if m.count > 0 && m.owner == ts.tid => {
                m.count -= 1;
                if m.count == 0 {
                    self.monitors.remove(&obj);
                }
                Ok(())
            }
            _ => Err(self.throw_new(ts, "java/lang/IllegalMonitorStateException", None)),
        }
    }

    /// Whether the thread of `ts` owns the monitor of `obj`.
    pub(crate) fn holds_monitor(&self, ts: &ThreadStack, obj: ObjRef) -> bool {
        self.monitors.get(&obj).is_some_and(|m| m.count > 0 && m.owner == ts.tid)
    }
}
