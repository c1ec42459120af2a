//! Dead local variables are forgotten: at the end of a thread's step, every local slot
//! of its interpreted frames that no path from the frame's instruction reads before
//! writing it is set to `Top`.
//!
//! Why: javac reuses slots and leaves values behind (the last `pred` of a loop that
//! restarted, the result a `finally` block kept, a loop's index after the loop). Two
//! states that differ only in such values behave alike in every future, yet their
//! fingerprints differ, and a stale reference keeps a young object from being
//! collected. Forgetting them is a state transformation that keeps every future:
//! the bytecode never reads a dead slot, so the state with it cleared has exactly the
//! same executions, labels and outcomes (it is bisimilar). That makes it sound for
//! every search and every reduction, and states only merge more.
//!
//! What counts as a read is [`jvmc_classfile::LiveLocals`], plus what the vm reads
//! behind the bytecode's back: local 0 of an instance method (a synchronized
//! method's monitor, the receiver `thread_group.rs` looks at). A caller frame
//! stands at its invoke, which reads no local, so the slots live there are those
//! live after the call. Only the stepping thread's frames change in a step, and the
//! step has already copied its thread into the journal, so the clearing is undone
//! with it.
//!
//! This module must not decide liveness itself (that is the class-file analysis)
//! nor touch frames other than interpreted ones.

use jvmc_classfile::LiveLocals;

use crate::class::MethodBody;
use crate::thread::FrameKind;
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// Sets to `Top` every dead local of thread `tid`'s interpreted frames (if the
    /// options ask for it).
    pub(super) fn forget_dead_locals(&mut self, tid: u32) {
        if !self.check.as_ref().is_some_and(|c| c.options.dead_locals) {
            return;
        }
        let mut ts = std::mem::take(&mut self.thread_mut(tid).stack);
        for f in &ts.frames {
            if f.kind != FrameKind::Java {
                continue;
            }
            let method = self.method(f.method);
            let MethodBody::Code(code) = &method.body else { continue };
            let live = code.live.get_or_init(|| LiveLocals::analyse(&code.insns, &code.handlers, &code.switches, code.max_locals));
            let Some(live) = live else { continue };
            let first = u16::from(!method.is_static());
            let base = f.base as usize;
            for slot in first..code.max_locals {
                if let Some(v) = ts.values.get_mut(base + slot as usize) {
                    if *v != Value::Top && !live.is_live(f.pc, slot) {
                        *v = Value::Top;
                    }
                }
            }
        }
        self.threads[tid as usize].stack = ts;
    }
}
