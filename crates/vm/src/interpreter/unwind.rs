//! Exception propagation (JVMS §2.10, §6.5.athrow): search the exception table of
//! each frame, top down; release monitors of synchronized methods; mark classes whose
//! initialisation fails; wrap exceptions that leave reflective calls.

use jvmc_classfile::descriptor::BasicType;

use super::Exit;
use crate::class::{InitState, MethodBody, MethodId};
use crate::error::{VmError, VmResult};
use crate::native::Unwind;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    /// Propagates `ex` from the top frame. Returns `None` when a handler took it (its
    /// frame is on top with the pc at the handler), or the `Exit` when it reached the
    /// barrier.
    pub(crate) fn unwind(&mut self, ts: &mut ThreadStack, mut ex: ObjRef) -> VmResult<Option<Exit>> {
        loop {
            let Some(&f) = ts.frames.last() else {
                return Err(VmError::Internal("exception unwound past the bottom of the stack".into()));
            };
            match f.kind {
                FrameKind::Java => {
                    match self.find_handler(ts, f.method, f.pc, ex) {
                        Ok(Some(h)) => {
                            let max_locals = match &self.method(f.method).body {
                                MethodBody::Code(c) => c.max_locals as usize,
                                _ => 0,
                            };
                            ts.values.truncate(f.base as usize + max_locals);
                            ts.values.push(Value::obj(ex));
                            if let Some(top) = ts.frames.last_mut() {
                                top.pc = h;
                            }
                            return Ok(None);
                        }
                        Ok(None) => {}
                        Err(Unwind::Throw(other)) => {
                            ex = other;
                            continue;
                        }
                        Err(Unwind::Halt(c)) => return Ok(Some(Exit::Halted(c))),
                        Err(Unwind::Fatal(e)) => return Err(e),
                        Err(Unwind::Block | Unwind::Yield) => return Err(VmError::Internal("blocked while looking for a handler".into())),
                    }
                    if self.method(f.method).is_synchronized() {
                        let lock = match self.sync_object(ts, f.method, f.base as usize) {
                            Ok(l) => l,
                            Err(Unwind::Fatal(e)) => return Err(e),
                            Err(_) => return Err(VmError::Internal("synchronized frame without a lock".into())),
                        };
                        // an unbalanced monitor at this point is the program's
                        // IllegalMonitorStateException in HotSpot; here it is ignored
                        let _ = self.monitor_exit(ts, lock);
                    }
                    if f.lin {
                        self.lin_exit(ts.tid, f.method, Err(ex));
                    }
                    ts.frames.pop();
                    ts.values.truncate(f.base as usize);
                }
                FrameKind::Native | FrameKind::VarHandleResult { .. } => {
                    ts.frames.pop();
                    ts.values.truncate(f.base as usize);
                }
                FrameKind::Barrier => return Ok(Some(Exit::Threw(ex))),
                FrameKind::ThreadEntry { stage } => {
                    if stage >= 2 {
                        // exceptions from the handler or from Thread.exit() are ignored
                        // (the stages from 4 on all end the thread: one merged into
                        // its last transition keeps its own, `termination.rs`)
                        if let Some(top) = ts.frames.last_mut() {
                            top.kind = FrameKind::ThreadEntry { stage: if stage >= 4 { stage } else { stage + 1 } };
                        }
                        ts.values.truncate(f.base as usize + 2);
                        return Ok(None);
                    }
                    if self.check.is_some() && !self.has_uncaught_handler(ts.tid) {
                        return Ok(Some(Exit::Uncaught(ex)));
                    }
                    if let Some(e) = self.missing_class_error(ex) {
                        // a class missing from the class path is an input error
                        self.missing_class = Some(e);
                        return Ok(Some(Exit::Terminated));
                    }
                    if ts.tid == 0 {
                        // `java` exits with status 1 when main ends by an exception
                        self.main_failed = true;
                    }
                    ts.values.truncate(f.base as usize + 2);
                    ts.values[f.base as usize + 1] = Value::obj(ex);
                    if let Some(top) = ts.frames.last_mut() {
                        top.kind = FrameKind::ThreadEntry { stage: 2 };
                    }
                    return Ok(None);
                }
                FrameKind::ClassInit { class, stage } => {
                    self.set_init_state(class, InitState::Failed);
                    ts.frames.pop();
                    ts.values.truncate(f.base as usize);
                    match self.record_init_error(ts, class, ex) {
                        Ok(()) | Err(Unwind::Throw(_)) | Err(Unwind::Block | Unwind::Yield) => {}
                        Err(Unwind::Halt(c)) => return Ok(Some(Exit::Halted(c))),
                        Err(Unwind::Fatal(e)) => return Err(e),
                    }
                    let error = self.load_required("java/lang/Error")?;
                    if stage == 2 && !self.is_assignable(self.heap.class_of(ex), error) {
                        ex = match self.wrap_exception(ts, "java/lang/ExceptionInInitializerError", ex) {
                            Ok(w) => w,
                            Err(Unwind::Throw(other)) => other,
                            Err(Unwind::Block | Unwind::Yield) => ex,
                            Err(Unwind::Halt(c)) => return Ok(Some(Exit::Halted(c))),
                            Err(Unwind::Fatal(e)) => return Err(e),
                        };
                    }
                }
                FrameKind::Reflective { .. } => {
                    ts.frames.pop();
                    ts.values.truncate(f.base as usize);
                    ex = match self.wrap_exception(ts, "java/lang/reflect/InvocationTargetException", ex) {
                        Ok(w) => w,
                        Err(Unwind::Throw(other)) => other,
                        Err(Unwind::Block | Unwind::Yield) => ex,
                        Err(Unwind::Halt(c)) => return Ok(Some(Exit::Halted(c))),
                        Err(Unwind::Fatal(e)) => return Err(e),
                    };
                }
            }
        }
    }

    /// The handler of `method` at `pc` that catches `ex`, if any (first match in table
    /// order).
    fn find_handler(&mut self, ts: &mut ThreadStack, method: MethodId, pc: u32, ex: ObjRef) -> Result<Option<u32>, Unwind> {
        let code = match &self.method(method).body {
            MethodBody::Code(c) => c.clone(),
            _ => return Ok(None),
        };
        let ex_class = self.heap.class_of(ex);
        for h in code.handlers.iter() {
            if pc < h.start || pc >= h.end {
                continue;
            }
            let Some(t) = h.catch_type else { return Ok(Some(h.handler)) };
            let c = self.resolve_class_insn(ts, method, t)?;
            if self.is_assignable(ex_class, c) {
                return Ok(Some(h.handler));
            }
        }
        Ok(None)
    }

    /// Completes a `Reflective` frame whose callee returned: boxes a primitive result
    /// or substitutes the constructed object.
    pub(crate) fn finish_reflective(
        &mut self,
        ts: &mut ThreadStack,
        box_result: Option<BasicType>,
        result: Option<ObjRef>,
    ) -> Result<(), Unwind> {
        let Some(&f) = ts.frames.last() else { return Ok(()) };
        let slot = ts.values.get(f.base as usize).copied();
        let value = if let Some(obj) = result {
            Value::obj(obj)
        } else {
            match (box_result, slot) {
                (None, _) => Value::NULL,
                (Some(BasicType::Reference), Some(v)) => v,
                (Some(t), Some(v)) => Value::obj(self.box_value(ts, t, v)?),
                (Some(_), None) => Value::NULL,
            }
        };
        self.complete_frame(ts, &[value]);
        Ok(())
    }
}
