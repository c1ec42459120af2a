//! Method invocation: `invokestatic`, `invokevirtual`, `invokeinterface`,
//! `invokespecial` (JVMS §6.5), frame set-up for interpreted methods and calls into
//! native peers.

use std::rc::Rc;

use jvmc_classfile::PoolEntry;

use super::Flow;
use crate::class::{InitState, MethodBody, MethodCode, MethodId, Resolved};
use crate::error::VmError;
use crate::native::{Args, Ret, Unwind};
use crate::thread::{Frame, FrameKind, ThreadStack};
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// Resolves the method reference `index` of `method`'s class (cached). Returns the
    /// resolved method and the class named by the reference.
    pub(crate) fn resolve_method_insn(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<MethodId, Unwind> {
        let current = self.method(method).class;
        let cache = self.class(current).pool.clone();
        if let Resolved::Method(m) = cache[index as usize].get() {
            return Ok(m);
        }
        let Some(def) = self.class(current).def.clone() else {
            return Err(Unwind::Fatal(VmError::Internal("method reference in a class without a pool".into())));
        };
        let r = match def.pool.get(index) {
            PoolEntry::Method(r) | PoolEntry::InterfaceMethod(r) => r,
            _ => return Err(Unwind::Fatal(VmError::Internal("invoke operand is not a method reference".into()))),
        };
        let owner = self.resolve_class_name(ts, &r.class)?;
        let Some(m) = self.resolve_method(owner, &r.name, &r.descriptor) else {
            let msg = format!("'{}'", self.method_message(owner, &r.name, &r.descriptor));
            return Err(self.throw_new(ts, "java/lang/NoSuchMethodError", Some(&msg)));
        };
        cache[index as usize].set(Resolved::Method(m));
        Ok(m)
    }

    /// `ret Class.name(params)` for `NoSuchMethodError` messages, as HotSpot words them.
    fn method_message(&self, class: crate::class::ClassId, name: &str, descriptor: &str) -> String {
        let sig = jvmc_classfile::descriptor::MethodSig::parse(descriptor);
        let (params, ret) = match &sig {
            Some(s) => (
                s.params.iter().map(|p| super::fields::descriptor_to_java(&p.1)).collect::<Vec<_>>().join(", "),
                s.ret.as_ref().map_or("void".to_string(), |r| super::fields::descriptor_to_java(&r.1)),
            ),
            None => (String::new(), String::new()),
        };
        format!("{ret} {}.{name}({params})", self.class(class).java_name())
    }

    /// `invokestatic`.
    pub(crate) fn invoke_static(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let m = self.resolve_method_insn(ts, method, index)?;
        let callee = self.method(m);
        if !callee.is_static() {
            let msg = format!("Expected static method '{}'", self.method_message(callee.class, &callee.name, &callee.descriptor));
            return Err(self.throw_new(ts, "java/lang/IncompatibleClassChangeError", Some(&msg)));
        }
        let class = callee.class;
        if self.class_states[class.index()].init != InitState::Initialized && !self.ensure_initialized(ts, class)? {
            return Ok(Flow::Switched);
        }
        self.invoke_method(ts, m)
    }

    /// `invokevirtual` and `invokeinterface`: null check, selection, call.
    pub(crate) fn invoke_virtual(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let m = self.resolve_method_insn(ts, method, index)?;
        let callee = self.method(m);
        if callee.access & jvmc_classfile::access::NATIVE != 0
            && callee.access & jvmc_classfile::access::VARARGS != 0
            && matches!(&*self.class(callee.class).name, "java/lang/invoke/MethodHandle" | "java/lang/invoke/VarHandle")
        {
            return self.invoke_polymorphic(ts, method, index, m);
        }
        if callee.is_static() {
            let msg = format!("Expecting non-static method '{}'", self.method_message(callee.class, &callee.name, &callee.descriptor));
            return Err(self.throw_new(ts, "java/lang/IncompatibleClassChangeError", Some(&msg)));
        }
        let nargs = callee.arg_slots as usize;
        let Some(&Value::Ref(receiver)) = ts.values.get(ts.values.len().wrapping_sub(nargs)) else {
            return Err(Unwind::Fatal(VmError::Internal("invoke without a receiver slot".into())));
        };
        let Some(receiver) = receiver else { return Err(self.null_pointer(ts)) };
        let rc = self.heap.class_of(receiver);
        let Some(target) = self.select_method(rc, m) else {
            let callee = self.method(m);
            let msg = format!("Receiver class {} does not define or inherit an implementation of the resolved method '{}'",
                self.class(rc).java_name(), self.method_message(callee.class, &callee.name, &callee.descriptor));
            return Err(self.throw_new(ts, "java/lang/AbstractMethodError", Some(&msg)));
        };
        self.invoke_method(ts, target)
    }

    /// `invokespecial`: constructors, private methods, `super.m()`.
    pub(crate) fn invoke_special(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let m = self.resolve_method_insn(ts, method, index)?;
        let callee = self.method(m);
        let nargs = callee.arg_slots as usize;
        match ts.values.get(ts.values.len().wrapping_sub(nargs)) {
            Some(Value::Ref(Some(_))) => {}
            Some(Value::Ref(None)) => return Err(self.null_pointer(ts)),
            _ => return Err(Unwind::Fatal(VmError::Internal("invokespecial without a receiver slot".into()))),
        }
        let current = self.method(method).class;
        let symbolic = callee.class;
        let target = self.select_special(current, symbolic, m);
        self.invoke_method(ts, target)
    }

    /// Calls `m` with its argument slots on top of the operand stack.
    pub(crate) fn invoke_method(&mut self, ts: &mut ThreadStack, m: MethodId) -> Result<Flow, Unwind> {
        let body = self.methods[m.0 as usize].body.clone();
        match body {
            MethodBody::Code(code) => self.enter_java(ts, m, &code),
            MethodBody::Native(f) => self.call_native(ts, m, f),
            MethodBody::NativeUnlinked => {
                let f = match self.link_native(m) {
                    Ok(f) => f,
                    Err(e) => {
                        if std::env::var_os("JVMC_DEBUG").is_some() {
                            eprintln!("jvmc debug: missing native {}; Java stack:", self.method_display(m));
                            for f in ts.frames.iter().rev().filter(|f| f.kind == crate::thread::FrameKind::Java).take(40) {
                                eprintln!("\tat {}", self.frame_display(f.method, f.pc));
                            }
                        }
                        return Err(e);
                    }
                };
                self.call_native(ts, m, f)
            }
            MethodBody::Abstract => {
                let msg = self.method_display(m);
                Err(self.throw_new(ts, "java/lang/AbstractMethodError", Some(&msg)))
            }
        }
    }

    fn enter_java(&mut self, ts: &mut ThreadStack, m: MethodId, code: &Rc<MethodCode>) -> Result<Flow, Unwind> {
        let java_frames = ts.frames.len();
        if java_frames >= self.options.max_frames {
            return Err(self.throw_new(ts, "java/lang/StackOverflowError", None));
        }
        let method = &self.methods[m.0 as usize];
        let base = ts.values.len() - method.arg_slots as usize;
        let synchronized = method.is_synchronized();
        let atomic = self.check.is_some() && crate::check::is_atomic_method(&self.class(method.class).name, &method.name);
        let library = self.check.is_some() && self.enters_library_region(ts, m, base);
        let in_bookkeeping = ts.frames.last().is_some_and(|f| f.bookkeeping);
        let bookkeeping = self.check.is_some() && (in_bookkeeping || (atomic && self.calls_group_bookkeeping(ts, m, base)));
        if bookkeeping && !in_bookkeeping && self.terminate_in_group(ts, m, base)? {
            // the vm made the call's changes itself (`check/exit_intrinsic.rs`)
            return Ok(Flow::Next);
        }
        let lock = if synchronized {
            let lock = self.sync_object(ts, m, base)?;
            if !self.monitor_available(lock, ts.tid) {
                self.block_on(crate::check::BlockReason::Monitor(lock));
                return Err(Unwind::Block);
            }
            Some(lock)
        } else {
            None
        };
        ts.values.resize(base + code.max_locals as usize, Value::Top);
        let mut frame = Frame::new(m, 0, base as u32, FrameKind::Java);
        frame.atomic = atomic;
        frame.library = library;
        frame.bookkeeping = bookkeeping;
        ts.frames.push(frame);
        if let Some(lock) = lock {
            self.monitor_enter(ts, lock)?;
        }
        if self.checks_linearizability() && self.lin_enter(ts, m, base) {
            if let Some(top) = ts.frames.last_mut() {
                top.lin = true;
            }
        }
        Ok(Flow::Switched)
    }

    fn link_native(&mut self, m: MethodId) -> Result<crate::native::NativeFn, Unwind> {
        let method = self.method(m);
        let class = &self.class(method.class).name;
        match self.natives.lookup(class, &method.name, &method.descriptor) {
            Some(f) => {
                self.methods[m.0 as usize].body = MethodBody::Native(f);
                Ok(f)
            }
            None => Err(Unwind::Fatal(VmError::UnsupportedNative {
                class: class.replace('/', "."),
                name: method.name.to_string(),
                descriptor: method.descriptor.to_string(),
            })),
        }
    }

    fn call_native(&mut self, ts: &mut ThreadStack, m: MethodId, f: crate::native::NativeFn) -> Result<Flow, Unwind> {
        // what the native allocates has the native as its site
        self.heap.set_alloc_site(super::alloc_site(self.methods[m.0 as usize].stable, u32::MAX as usize));
        let method = &self.methods[m.0 as usize];
        let nslots = method.arg_slots as usize;
        let synchronized = method.is_synchronized();
        let ret_wide = method.ret_slots() == 2;
        let base = ts.values.len() - nslots;
        let mut buf = [Value::Top; 16];
        let mut heap_args = Vec::new();
        let args: &[Value] = if nslots <= buf.len() {
            let mut n = 0;
            for v in &ts.values[base..] {
                if *v != Value::Top {
                    buf[n] = *v;
                    n += 1;
                }
            }
            &buf[..n]
        } else {
            heap_args.extend(ts.values[base..].iter().copied().filter(|v| *v != Value::Top));
            &heap_args
        };
        let frames_before = ts.frames.len();
        let lock = if synchronized {
            let l = self.sync_object(ts, m, base)?;
            if !self.monitor_available(l, ts.tid) {
                self.block_on(crate::check::BlockReason::Monitor(l));
                return Err(Unwind::Block);
            }
            Some(l)
        } else {
            None
        };
        ts.frames.push(Frame::new(m, 0, base as u32, FrameKind::Native));
        if let Some(l) = lock {
            self.monitor_enter(ts, l)?;
        }
        // the argument slots as they were, for a retry (on the stack when few)
        let mut saved_inline = [Value::Top; 16];
        let saved_heap: Vec<Value>;
        let saved: &[Value] = if nslots <= saved_inline.len() {
            saved_inline[..nslots].copy_from_slice(&ts.values[base..]);
            &saved_inline[..nslots]
        } else {
            saved_heap = ts.values[base..].to_vec();
            &saved_heap
        };
        let result = f(self, ts, Args(args));
        if let Some(l) = lock {
            self.monitor_exit(ts, l)?;
        }
        ts.frames.truncate(frames_before);
        ts.values.truncate(base);
        if matches!(result, Err(Unwind::Block)) {
            // the invoke is retried when the thread runs again: its arguments stay
            ts.values.extend_from_slice(saved);
        }
        match result? {
            Ret::Void => Ok(Flow::Next),
            Ret::Val(v) => {
                ts.values.push(v);
                if ret_wide {
                    ts.values.push(Value::Top);
                }
                Ok(Flow::Next)
            }
            Ret::Call { method, args, kind } => {
                if let Some(kind) = kind {
                    ts.frames.push(Frame::new(method, 0, ts.values.len() as u32, kind));
                }
                ts.values.extend_from_slice(&args);
                match self.invoke_method(ts, method)? {
                    Flow::Next if kind.is_some() => Ok(Flow::Switched),
                    flow => Ok(flow),
                }
            }
        }
    }

    /// The object a synchronized method locks: the receiver, or the class mirror.
    pub(crate) fn sync_object(&mut self, ts: &mut ThreadStack, m: MethodId, base: usize) -> Result<crate::value::ObjRef, Unwind> {
        let method = self.method(m);
        if method.is_static() {
            let c = method.class;
            Ok(self.mirror_of(c)?)
        } else {
            match ts.values.get(base) {
                Some(Value::Ref(Some(r))) => Ok(*r),
                _ => Err(Unwind::Fatal(VmError::Internal("synchronized method without a receiver".into()))),
            }
        }
    }

    /// Calls `m` from Rust on the thread of `ts` and runs it to completion.
    pub(crate) fn call_java(&mut self, ts: &mut ThreadStack, m: MethodId, args: &[Value]) -> Result<Option<Value>, Unwind> {
        let barrier = ts.frames.len();
        let base = ts.values.len();
        ts.frames.push(Frame::new(m, 0, base as u32, FrameKind::Barrier));
        for &a in args {
            ts.values.push(a);
            if a.is_wide() {
                ts.values.push(Value::Top);
            }
        }
        if let Some(chk) = self.check.as_mut() {
            chk.nested += 1;
        }
        let exit = match self.invoke_method(ts, m) {
            Ok(Flow::Next) => Ok(super::Exit::Returned),
            Ok(Flow::Switched) => self.execute(ts).map_err(Unwind::Fatal),
            Err(Unwind::Throw(ex)) => Ok(super::Exit::Threw(ex)),
            Err(e) => Err(e),
        };
        if let Some(chk) = self.check.as_mut() {
            chk.nested -= 1;
        }
        let result = ts.values.get(base).copied();
        ts.frames.truncate(barrier);
        ts.values.truncate(base);
        match exit? {
            super::Exit::Returned => Ok(if self.method(m).ret.is_some() { result } else { None }),
            super::Exit::Threw(ex) | super::Exit::Uncaught(ex) => Err(Unwind::Throw(ex)),
            super::Exit::Halted(c) => Err(Unwind::Halt(c)),
            super::Exit::Blocked => Err(Unwind::Block),
            super::Exit::Yielded | super::Exit::Terminated => {
                Err(Unwind::Fatal(crate::error::VmError::Internal("a nested call stopped at a scheduling point".into())))
            }
        }
    }
}
