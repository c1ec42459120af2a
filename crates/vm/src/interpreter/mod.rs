//! The bytecode interpreter: a `match` dispatch loop over pre-decoded [`Insn`]s
//! (JVMS §6.5 gives each opcode's semantics; handlers cite it where it is subtle).
//!
//! `execute` drives the frames of one thread until the `Barrier` frame that started
//! the current call is reached again; `run_java` is the hot loop for one interpreted
//! frame, leaving it whenever the top frame changes (call, return, class
//! initialisation, exception). Submodules hold the instruction families that need
//! resolution: `fields`, `invoke`, `objects`; `unwind` propagates exceptions.
//!
//! **Invariant:** between instructions the operand stack holds exactly the JVM's slots
//! (a long/double is a value followed by `Value::Top`), and `Frame::pc` of every frame
//! below the top is the index of its pending invoke instruction.

mod fields;
mod invoke;
mod objects;
mod unwind;

use jvmc_classfile::Insn;

use crate::class::{MethodBody, MethodId};
use crate::error::{VmError, VmResult};
use crate::heap::{Array, StoreError};
use crate::native::Unwind;
use crate::thread::{FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Why `execute` returned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Exit {
    /// the call at the barrier completed; its result slots are above the barrier's base
    Returned,
    /// an exception reached the barrier
    Threw(ObjRef),
    /// the program halted with this status
    Halted(i32),
    /// the thread stands before a scheduling point (model checker)
    Yielded,
    /// the thread cannot continue until another thread acts
    Blocked,
    /// the thread finished
    Terminated,
    /// an exception escaped the thread (model checker: reported, not handled)
    Uncaught(ObjRef),
}

/// What an instruction helper did to the frame stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flow {
    /// the instruction completed in this frame: advance the pc
    Next,
    /// the top frame changed (a call, a class initialisation): leave the loop, keep pc
    Switched,
}

/// Whether `insn` can be a scheduling point at all (see [`Vm::stop_before`]): it
/// touches the heap, a monitor, or calls or returns.
#[inline(always)]
fn may_stop(insn: Insn) -> bool {
    matches!(
        insn,
        Insn::Getfield(_)
        | Insn::Putfield(_)
        | Insn::Getstatic(_)
        | Insn::Putstatic(_)
        | Insn::Iaload
        | Insn::Laload
        | Insn::Faload
        | Insn::Daload
        | Insn::Aaload
        | Insn::Baload
        | Insn::Caload
        | Insn::Saload
        | Insn::Iastore
        | Insn::Lastore
        | Insn::Fastore
        | Insn::Dastore
        | Insn::Aastore
        | Insn::Bastore
        | Insn::Castore
        | Insn::Sastore
        | Insn::Monitorenter
        | Insn::Monitorexit
        | Insn::Invokevirtual(_)
        | Insn::Invokespecial(_)
        | Insn::Invokestatic(_)
        | Insn::Invokeinterface(_)
        | Insn::Ireturn
        | Insn::Lreturn
        | Insn::Freturn
        | Insn::Dreturn
        | Insn::Areturn
        | Insn::Return
    )
}

impl Vm {
    /// Runs the thread whose stack is `ts` until the innermost `Barrier` frame is on
    /// top again.
    pub(crate) fn execute(&mut self, ts: &mut ThreadStack) -> VmResult<Exit> {
        loop {
            let Some(&frame) = ts.frames.last() else {
                return Err(VmError::Internal("execute without a barrier frame".into()));
            };
            let step = match frame.kind {
                FrameKind::Java => self.run_java(ts),
                FrameKind::Barrier => return Ok(Exit::Returned),
                FrameKind::ThreadEntry { stage } => match self.step_thread_entry(ts, stage) {
                    Ok(Some(exit)) => return Ok(exit),
                    Ok(None) => Ok(()),
                    Err(e) => Err(e),
                },
                FrameKind::ClassInit { class, stage } => self.step_class_init(ts, class, stage),
                FrameKind::Reflective { box_result, result } => self.finish_reflective(ts, box_result, result),
                FrameKind::VarHandleResult { from, to } => self.finish_var_handle_result(ts, from, to),
                FrameKind::Native => Err(Unwind::Fatal(VmError::Internal("native frame left on the stack".into()))),
            };
            match step {
                Ok(()) => {}
                Err(Unwind::Throw(ex)) => {
                    if let Some(exit) = self.unwind(ts, ex)? {
                        return Ok(exit);
                    }
                }
                Err(Unwind::Halt(code)) => return Ok(Exit::Halted(code)),
                Err(Unwind::Block) => return Ok(Exit::Blocked),
                Err(Unwind::Yield) => return Ok(Exit::Yielded),
                Err(Unwind::Fatal(e)) => {
                    if std::env::var_os("JVMC_DEBUG").is_some() {
                        eprintln!("jvmc debug: {e}; Java stack:");
                        for f in ts.frames.iter().rev().filter(|f| matches!(f.kind, FrameKind::Java | FrameKind::Native)).take(40) {
                            eprintln!("\tat {}", self.frame_display(f.method, f.pc));
                        }
                    }
                    return Err(e);
                }
            }
        }
    }

    /// Pops the top frame, leaving `result` (0–2 slots) for the frame below and
    /// advancing that frame's pc if it is interpreted.
    pub(crate) fn complete_frame(&mut self, ts: &mut ThreadStack, result: &[Value]) {
        if let Some(f) = ts.frames.pop() {
            ts.values.truncate(f.base as usize);
        }
        ts.values.extend_from_slice(result);
        if let Some(top) = ts.frames.last_mut() {
            if top.kind == FrameKind::Java {
                top.pc += 1;
            }
        }
    }

    /// Whether the thread must stop before `insn`: a scheduling point under the model
    /// checker (not the first operation of the transition, not inside an atomic
    /// region or a Rust-initiated call), or the end of its time slice under `jvmc run`.
    /// Under the model checker it also enforces the transition budget and polls the
    /// search's limits (an error then ends the transition).
    #[inline]
    fn stop_before(&mut self, ts: &mut ThreadStack, method: MethodId, insn: Insn, count: u64, pc: usize) -> Result<bool, Unwind> {
        let Some(chk) = self.check.as_mut() else { return Ok(self.instructions + count >= self.preempt_at) };
        let now = self.instructions + count;
        if now >= chk.next_check {
            // the budget and the search's limits apply inside vm-initiated calls too;
            // the stack a divergence reports shows where the loop is
            if let Some(top) = ts.frames.last_mut() {
                top.pc = pc as u32;
            }
            self.long_transition(ts, now)?;
        }
        if self.first_operation() {
            return Ok(false);
        }
        if !may_stop(insn) {
            return Ok(false);
        }
        if ts.frames.last().is_some_and(|f| f.bookkeeping)
            && !matches!(insn, Insn::Monitorenter | Insn::Invokevirtual(_) | Insn::Invokespecial(_) | Insn::Invokestatic(_) | Insn::Invokeinterface(_))
        {
            // the call's update of the group's monitor stands for what thread-group
            // bookkeeping touches (`check/thread_group.rs`); only an acquire or a call,
            // where the thread may block and a transition begin, needs it again
            return Ok(false);
        }
        let op = self.classify(ts, method, insn)?;
        if op == crate::check::Op::Local {
            return Ok(false);
        }
        if ts.in_atomic() || self.check.as_ref().is_some_and(|c| c.nested > 0) {
            // an atomic method (class initialisers, thread start and exit, thread
            // groups, printing) or a call from Rust does not stop, but what it touches
            // is in the label: `Thread.start` and `Thread.exit` both change the
            // thread group
            self.note_accesses(ts, op);
            self.close_opening();
            return Ok(false);
        }
        let ran = self.check.as_ref().map_or(0, |c| now - c.segment_start);
        if self.release_lets_through(insn, op, ran) {
            self.note_accesses(ts, op);
            self.close_opening();
            return Ok(false);
        }
        if ts.frames.last().is_some_and(|f| f.library) {
            return Ok(self.library_stop(ts, method, insn, op, ran));
        }
        let mut held = None;
        let call = matches!(insn, Insn::Invokevirtual(_) | Insn::Invokespecial(_) | Insn::Invokestatic(_) | Insn::Invokeinterface(_));
        match op {
            // a field, static or element access the locking discipline lets through
            crate::check::Op::Access(a) if !call && self.lockset_lets_through(ts.tid, &a, ran, &mut held) => {
                self.note_guarded(ts.tid, &[a], held);
                Ok(false)
            }
            // the first unprotected one after the acquire the transition began with
            crate::check::Op::Access(a) if !call && self.acquire_lets_through(ran) => {
                self.note_guarded(ts.tid, &[a], held);
                Ok(false)
            }
            // a trusted call (not a lock's acquire or release) assumed to touch only
            // protected locations, which its region checks
            crate::check::Op::Library { call } if self.call_lets_through(call, ran) => Ok(false),
            _ => Ok(true),
        }
    }

    #[cold]
    fn verify_error(&self, method: MethodId, pc: usize, want: &str, got: Option<Value>) -> Unwind {
        Unwind::Fatal(VmError::Verify {
            method: self.method_display(method),
            pc: pc as u32,
            reason: format!("expected {want} on the operand stack, found {got:?}"),
        })
    }

    /// The hot loop for the interpreted frame on top of `ts`.
    fn run_java(&mut self, ts: &mut ThreadStack) -> Result<(), Unwind> {
        let fi = ts.frames.len() - 1;
        let frame = ts.frames[fi];
        let method = frame.method;
        let code = match &self.methods[method.0 as usize].body {
            MethodBody::Code(c) => c.clone(),
            _ => return Err(Unwind::Fatal(VmError::Internal("interpreted frame without code".into()))),
        };
        let base = frame.base as usize;
        let mut pc = frame.pc as usize;
        let mut count: u64 = 0;
        // scheduling points (model checker) or time slices (`jvmc run` with threads)
        let hooks = self.check.is_some() || self.preempt_at != u64::MAX;

        macro_rules! throw {
            ($e:expr) => {{
                ts.frames[fi].pc = pc as u32;
                self.instructions += count;
                return Err($e);
            }};
        }
        macro_rules! sync {
            () => {
                ts.frames[fi].pc = pc as u32;
            };
        }
        macro_rules! pop_i {
            () => {
                match ts.values.pop() {
                    Some(Value::Int(v)) => v,
                    other => throw!(self.verify_error(method, pc, "int", other)),
                }
            };
        }
        macro_rules! pop_l {
            () => {{
                let _ = ts.values.pop();
                match ts.values.pop() {
                    Some(Value::Long(v)) => v,
                    other => throw!(self.verify_error(method, pc, "long", other)),
                }
            }};
        }
        macro_rules! pop_f {
            () => {
                match ts.values.pop() {
                    Some(Value::Float(v)) => v,
                    other => throw!(self.verify_error(method, pc, "float", other)),
                }
            };
        }
        macro_rules! pop_d {
            () => {{
                let _ = ts.values.pop();
                match ts.values.pop() {
                    Some(Value::Double(v)) => v,
                    other => throw!(self.verify_error(method, pc, "double", other)),
                }
            }};
        }
        macro_rules! pop_a {
            () => {
                match ts.values.pop() {
                    Some(Value::Ref(r)) => r,
                    other => throw!(self.verify_error(method, pc, "reference", other)),
                }
            };
        }
        macro_rules! pop_any {
            () => {
                match ts.values.pop() {
                    Some(v) => v,
                    None => throw!(self.verify_error(method, pc, "a value", None)),
                }
            };
        }
        macro_rules! push_i {
            ($v:expr) => {
                ts.values.push(Value::Int($v))
            };
        }
        macro_rules! push_l {
            ($v:expr) => {{
                ts.values.push(Value::Long($v));
                ts.values.push(Value::Top);
            }};
        }
        macro_rules! push_f {
            ($v:expr) => {
                ts.values.push(Value::Float($v))
            };
        }
        macro_rules! push_d {
            ($v:expr) => {{
                ts.values.push(Value::Double($v));
                ts.values.push(Value::Top);
            }};
        }
        macro_rules! bin_i {
            ($op:expr) => {{
                let b = pop_i!();
                let a = pop_i!();
                let f: fn(i32, i32) -> i32 = $op;
                push_i!(f(a, b));
            }};
        }
        macro_rules! bin_l {
            ($op:expr) => {{
                let b = pop_l!();
                let a = pop_l!();
                let f: fn(i64, i64) -> i64 = $op;
                push_l!(f(a, b));
            }};
        }
        macro_rules! bin_f {
            ($op:expr) => {{
                let b = pop_f!();
                let a = pop_f!();
                let f: fn(f32, f32) -> f32 = $op;
                push_f!(f(a, b));
            }};
        }
        macro_rules! bin_d {
            ($op:expr) => {{
                let b = pop_d!();
                let a = pop_d!();
                let f: fn(f64, f64) -> f64 = $op;
                push_d!(f(a, b));
            }};
        }
        macro_rules! local {
            ($n:expr) => {
                ts.values[base + $n as usize]
            };
        }
        macro_rules! helper {
            ($call:expr) => {{
                sync!();
                match $call {
                    Ok(Flow::Next) => {}
                    Ok(Flow::Switched) => {
                        self.instructions += count;
                        return Ok(());
                    }
                    Err(e) => {
                        self.instructions += count;
                        return Err(e);
                    }
                }
            }};
        }
        macro_rules! array_op {
            ($call:expr) => {{
                sync!();
                match $call {
                    Ok(()) => {}
                    Err(e) => throw!(e),
                }
            }};
        }

        loop {
            let Some(&insn) = code.insns.get(pc) else {
                throw!(Unwind::Fatal(VmError::Verify {
                    method: self.method_display(method),
                    pc: pc as u32,
                    reason: "execution fell off the end of the code".into(),
                }))
            };
            count += 1;
            if hooks {
                // the instruction has not run: on a yield or an error its pc is the frame's
                match self.stop_before(ts, method, insn, count, pc) {
                    Ok(false) => {}
                    Ok(true) => {
                        count -= 1;
                        throw!(Unwind::Yield);
                    }
                    Err(e) => {
                        count -= 1;
                        throw!(e);
                    }
                }
            }
            match insn {
                Insn::Nop => {}
                Insn::AconstNull => ts.values.push(Value::NULL),
                Insn::Iconst(v) => push_i!(v),
                Insn::Lconst0 => push_l!(0),
                Insn::Lconst1 => push_l!(1),
                Insn::Fconst(v) => push_f!(v),
                Insn::Dconst0 => push_d!(0.0),
                Insn::Dconst1 => push_d!(1.0),
                Insn::Ldc(i) | Insn::Ldc2(i) => match code.pool[i as usize].get() {
                    crate::class::Resolved::Constant(v) => {
                        ts.values.push(v);
                        if v.is_wide() {
                            ts.values.push(Value::Top);
                        }
                    }
                    _ => helper!(self.ldc_slow(ts, method, i)),
                },
                Insn::Iload(n) | Insn::Fload(n) | Insn::Aload(n) => {
                    let v = local!(n);
                    ts.values.push(v);
                }
                Insn::Lload(n) | Insn::Dload(n) => {
                    let v = local!(n);
                    ts.values.push(v);
                    ts.values.push(Value::Top);
                }
                Insn::Istore(n) => {
                    let v = pop_i!();
                    local!(n) = Value::Int(v);
                }
                Insn::Fstore(n) => {
                    let v = pop_f!();
                    local!(n) = Value::Float(v);
                }
                Insn::Astore(n) => {
                    // astore also stores return addresses (jsr), kept as ints
                    let v = pop_any!();
                    local!(n) = v;
                }
                Insn::Lstore(n) => {
                    let v = pop_l!();
                    local!(n) = Value::Long(v);
                    local!(n as usize + 1) = Value::Top;
                }
                Insn::Dstore(n) => {
                    let v = pop_d!();
                    local!(n) = Value::Double(v);
                    local!(n as usize + 1) = Value::Top;
                }
                Insn::Iaload | Insn::Baload | Insn::Caload | Insn::Saload | Insn::Faload | Insn::Aaload => {
                    let i = pop_i!();
                    let a = pop_a!();
                    sync!();
                    match self.array_load(ts, a, i) {
                        Ok(v) => ts.values.push(v),
                        Err(e) => throw!(e),
                    }
                }
                Insn::Laload | Insn::Daload => {
                    let i = pop_i!();
                    let a = pop_a!();
                    sync!();
                    match self.array_load(ts, a, i) {
                        Ok(v) => {
                            ts.values.push(v);
                            ts.values.push(Value::Top);
                        }
                        Err(e) => throw!(e),
                    }
                }
                Insn::Iastore | Insn::Bastore | Insn::Castore | Insn::Sastore | Insn::Fastore => {
                    let v = pop_any!();
                    let i = pop_i!();
                    let a = pop_a!();
                    array_op!(self.array_store(ts, a, i, v));
                }
                Insn::Lastore | Insn::Dastore => {
                    let _ = ts.values.pop();
                    let v = pop_any!();
                    let i = pop_i!();
                    let a = pop_a!();
                    array_op!(self.array_store(ts, a, i, v));
                }
                Insn::Aastore => {
                    let v = pop_a!();
                    let i = pop_i!();
                    let a = pop_a!();
                    array_op!(self.aastore(ts, a, i, v));
                }
                Insn::Pop => {
                    let _ = pop_any!();
                }
                Insn::Pop2 => {
                    let _ = pop_any!();
                    let _ = pop_any!();
                }
                Insn::Dup => {
                    let v = pop_any!();
                    ts.values.push(v);
                    ts.values.push(v);
                }
                Insn::DupX1 => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    ts.values.extend_from_slice(&[v1, v2, v1]);
                }
                Insn::DupX2 => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    let v3 = pop_any!();
                    ts.values.extend_from_slice(&[v1, v3, v2, v1]);
                }
                Insn::Dup2 => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    ts.values.extend_from_slice(&[v2, v1, v2, v1]);
                }
                Insn::Dup2X1 => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    let v3 = pop_any!();
                    ts.values.extend_from_slice(&[v2, v1, v3, v2, v1]);
                }
                Insn::Dup2X2 => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    let v3 = pop_any!();
                    let v4 = pop_any!();
                    ts.values.extend_from_slice(&[v2, v1, v4, v3, v2, v1]);
                }
                Insn::Swap => {
                    let v1 = pop_any!();
                    let v2 = pop_any!();
                    ts.values.extend_from_slice(&[v1, v2]);
                }
                Insn::Iadd => bin_i!(|a, b| a.wrapping_add(b)),
                Insn::Ladd => bin_l!(|a, b| a.wrapping_add(b)),
                Insn::Fadd => bin_f!(|a, b| a + b),
                Insn::Dadd => bin_d!(|a, b| a + b),
                Insn::Isub => bin_i!(|a, b| a.wrapping_sub(b)),
                Insn::Lsub => bin_l!(|a, b| a.wrapping_sub(b)),
                Insn::Fsub => bin_f!(|a, b| a - b),
                Insn::Dsub => bin_d!(|a, b| a - b),
                Insn::Imul => bin_i!(|a, b| a.wrapping_mul(b)),
                Insn::Lmul => bin_l!(|a, b| a.wrapping_mul(b)),
                Insn::Fmul => bin_f!(|a, b| a * b),
                Insn::Dmul => bin_d!(|a, b| a * b),
                // JVMS §6.5.idiv: int.MIN_VALUE / -1 overflows to MIN_VALUE; zero divisor throws
                Insn::Idiv | Insn::Irem => {
                    let b = pop_i!();
                    let a = pop_i!();
                    if b == 0 {
                        sync!();
                        throw!(self.throw_new(ts, "java/lang/ArithmeticException", Some("/ by zero")));
                    }
                    push_i!(if insn == Insn::Idiv { a.wrapping_div(b) } else { a.wrapping_rem(b) });
                }
                Insn::Ldiv | Insn::Lrem => {
                    let b = pop_l!();
                    let a = pop_l!();
                    if b == 0 {
                        sync!();
                        throw!(self.throw_new(ts, "java/lang/ArithmeticException", Some("/ by zero")));
                    }
                    push_l!(if insn == Insn::Ldiv { a.wrapping_div(b) } else { a.wrapping_rem(b) });
                }
                Insn::Fdiv => bin_f!(|a, b| a / b),
                Insn::Ddiv => bin_d!(|a, b| a / b),
                // JVMS §6.5.frem: truncating remainder, as C fmod (Rust `%`)
                Insn::Frem => bin_f!(|a, b| a % b),
                Insn::Drem => bin_d!(|a, b| a % b),
                Insn::Ineg => {
                    let a = pop_i!();
                    push_i!(a.wrapping_neg());
                }
                Insn::Lneg => {
                    let a = pop_l!();
                    push_l!(a.wrapping_neg());
                }
                Insn::Fneg => {
                    let a = pop_f!();
                    push_f!(-a);
                }
                Insn::Dneg => {
                    let a = pop_d!();
                    push_d!(-a);
                }
                // shifts use the low 5 (int) or 6 (long) bits of the distance
                Insn::Ishl => bin_i!(|a, b| a.wrapping_shl(b as u32 & 31)),
                Insn::Ishr => bin_i!(|a, b| a.wrapping_shr(b as u32 & 31)),
                Insn::Iushr => bin_i!(|a, b| ((a as u32) >> (b as u32 & 31)) as i32),
                Insn::Lshl | Insn::Lshr | Insn::Lushr => {
                    let s = pop_i!() as u32 & 63;
                    let a = pop_l!();
                    push_l!(match insn {
                        Insn::Lshl => a.wrapping_shl(s),
                        Insn::Lshr => a.wrapping_shr(s),
                        _ => ((a as u64) >> s) as i64,
                    });
                }
                Insn::Iand => bin_i!(|a, b| a & b),
                Insn::Land => bin_l!(|a, b| a & b),
                Insn::Ior => bin_i!(|a, b| a | b),
                Insn::Lor => bin_l!(|a, b| a | b),
                Insn::Ixor => bin_i!(|a, b| a ^ b),
                Insn::Lxor => bin_l!(|a, b| a ^ b),
                Insn::Iinc(n, d) => match local!(n) {
                    Value::Int(v) => local!(n) = Value::Int(v.wrapping_add(d as i32)),
                    other => throw!(self.verify_error(method, pc, "int local", Some(other))),
                },
                Insn::I2l => {
                    let a = pop_i!();
                    push_l!(a as i64);
                }
                Insn::I2f => {
                    let a = pop_i!();
                    push_f!(a as f32);
                }
                Insn::I2d => {
                    let a = pop_i!();
                    push_d!(a as f64);
                }
                Insn::L2i => {
                    let a = pop_l!();
                    push_i!(a as i32);
                }
                Insn::L2f => {
                    let a = pop_l!();
                    push_f!(a as f32);
                }
                Insn::L2d => {
                    let a = pop_l!();
                    push_d!(a as f64);
                }
                // Rust float-to-int casts saturate and map NaN to 0, exactly JVMS §6.5.f2i
                Insn::F2i => {
                    let a = pop_f!();
                    push_i!(a as i32);
                }
                Insn::F2l => {
                    let a = pop_f!();
                    push_l!(a as i64);
                }
                Insn::F2d => {
                    let a = pop_f!();
                    push_d!(a as f64);
                }
                Insn::D2i => {
                    let a = pop_d!();
                    push_i!(a as i32);
                }
                Insn::D2l => {
                    let a = pop_d!();
                    push_l!(a as i64);
                }
                Insn::D2f => {
                    let a = pop_d!();
                    push_f!(a as f32);
                }
                Insn::I2b => {
                    let a = pop_i!();
                    push_i!(a as i8 as i32);
                }
                Insn::I2c => {
                    let a = pop_i!();
                    push_i!(a as u16 as i32);
                }
                Insn::I2s => {
                    let a = pop_i!();
                    push_i!(a as i16 as i32);
                }
                Insn::Lcmp => {
                    let b = pop_l!();
                    let a = pop_l!();
                    push_i!(a.cmp(&b) as i32);
                }
                // fcmpl/dcmpl give -1 on NaN, fcmpg/dcmpg give 1 (JVMS §6.5.fcmp<op>)
                Insn::Fcmpl | Insn::Fcmpg => {
                    let b = pop_f!();
                    let a = pop_f!();
                    push_i!(match a.partial_cmp(&b) {
                        Some(o) => o as i32,
                        None => if insn == Insn::Fcmpl { -1 } else { 1 },
                    });
                }
                Insn::Dcmpl | Insn::Dcmpg => {
                    let b = pop_d!();
                    let a = pop_d!();
                    push_i!(match a.partial_cmp(&b) {
                        Some(o) => o as i32,
                        None => if insn == Insn::Dcmpl { -1 } else { 1 },
                    });
                }
                Insn::If(c, t) => {
                    let a = pop_i!();
                    if c.holds(a, 0) {
                        pc = t as usize;
                        continue;
                    }
                }
                Insn::IfIcmp(c, t) => {
                    let b = pop_i!();
                    let a = pop_i!();
                    if c.holds(a, b) {
                        pc = t as usize;
                        continue;
                    }
                }
                Insn::IfAcmpeq(t) | Insn::IfAcmpne(t) => {
                    let b = pop_a!();
                    let a = pop_a!();
                    if (a == b) == matches!(insn, Insn::IfAcmpeq(_)) {
                        pc = t as usize;
                        continue;
                    }
                }
                Insn::Ifnull(t) | Insn::Ifnonnull(t) => {
                    let a = pop_a!();
                    if a.is_none() == matches!(insn, Insn::Ifnull(_)) {
                        pc = t as usize;
                        continue;
                    }
                }
                Insn::Goto(t) => {
                    pc = t as usize;
                    continue;
                }
                Insn::Jsr(t) => {
                    push_i!(pc as i32 + 1);
                    pc = t as usize;
                    continue;
                }
                Insn::Ret(n) => match local!(n) {
                    Value::Int(r) => {
                        pc = r as usize;
                        continue;
                    }
                    other => throw!(self.verify_error(method, pc, "return address", Some(other))),
                },
                Insn::Tableswitch(s) | Insn::Lookupswitch(s) => {
                    let k = pop_i!();
                    pc = code.switches[s as usize].target(k) as usize;
                    continue;
                }
                Insn::Ireturn | Insn::Freturn | Insn::Areturn => {
                    let v = pop_any!();
                    sync!();
                    self.instructions += count;
                    return self.return_from_java(ts, &[v]);
                }
                Insn::Lreturn | Insn::Dreturn => {
                    let _ = pop_any!();
                    let v = pop_any!();
                    sync!();
                    self.instructions += count;
                    return self.return_from_java(ts, &[v, Value::Top]);
                }
                Insn::Return => {
                    sync!();
                    self.instructions += count;
                    return self.return_from_java(ts, &[]);
                }
                Insn::Getfield(i) => match code.pool[i as usize].get() {
                    crate::class::Resolved::Field { slot, ty, .. } => {
                        let Some(obj) = pop_a!() else {
                            sync!();
                            throw!(self.null_pointer(ts));
                        };
                        match self.heap.field(obj, slot as usize) {
                            Some(v) => {
                                ts.values.push(v);
                                if ty.slots() == 2 {
                                    ts.values.push(Value::Top);
                                }
                            }
                            None => throw!(self.verify_error(method, pc, "object with the field", Some(Value::obj(obj)))),
                        }
                    }
                    _ => helper!(self.resolve_field_insn(ts, method, i, false).map(|_| Flow::Switched)),
                },
                Insn::Putfield(i) => match code.pool[i as usize].get() {
                    crate::class::Resolved::Field { slot, ty, .. } => {
                        if ty.slots() == 2 {
                            let _ = pop_any!();
                        }
                        let v = fields::narrow(pop_any!(), ty);
                        let Some(obj) = pop_a!() else {
                            sync!();
                            throw!(self.null_pointer(ts));
                        };
                        if !self.heap.set_field(obj, slot as usize, v) {
                            throw!(self.verify_error(method, pc, "object with the field", Some(Value::obj(obj))));
                        }
                    }
                    _ => helper!(self.resolve_field_insn(ts, method, i, false).map(|_| Flow::Switched)),
                },
                Insn::Getstatic(i) | Insn::Putstatic(i) => helper!(self.static_field(ts, method, i, matches!(insn, Insn::Putstatic(_)))),
                Insn::Invokevirtual(i) | Insn::Invokeinterface(i) => helper!(self.invoke_virtual(ts, method, i)),
                Insn::Invokespecial(i) => helper!(self.invoke_special(ts, method, i)),
                Insn::Invokestatic(i) => helper!(self.invoke_static(ts, method, i)),
                Insn::Invokedynamic(i) => helper!(self.invoke_dynamic(ts, method, i)),
                Insn::New(i) => {
                    self.heap.set_alloc_site(alloc_site(self.methods[method.0 as usize].stable, pc));
                    helper!(self.new_object(ts, method, i))
                }
                Insn::Newarray(t) => {
                    self.heap.set_alloc_site(alloc_site(self.methods[method.0 as usize].stable, pc));
                    let n = pop_i!();
                    sync!();
                    self.maybe_collect(ts);
                    match self.new_primitive_array(ts, t, n) {
                        Ok(a) => ts.values.push(Value::obj(a)),
                        Err(e) => throw!(e),
                    }
                }
                Insn::Anewarray(i) => {
                    self.heap.set_alloc_site(alloc_site(self.methods[method.0 as usize].stable, pc));
                    helper!(self.anewarray(ts, method, i))
                }
                Insn::Multianewarray(i, d) => {
                    self.heap.set_alloc_site(alloc_site(self.methods[method.0 as usize].stable, pc));
                    helper!(self.multianewarray(ts, method, i, d))
                }
                Insn::Arraylength => {
                    let Some(a) = pop_a!() else {
                        sync!();
                        throw!(self.null_pointer(ts));
                    };
                    match self.heap.array(a) {
                        Some(arr) => push_i!(arr.len() as i32),
                        None => throw!(self.verify_error(method, pc, "array", Some(Value::obj(a)))),
                    }
                }
                Insn::Athrow => {
                    let ex = pop_a!();
                    sync!();
                    match ex {
                        Some(ex) => throw!(Unwind::Throw(ex)),
                        None => throw!(self.null_pointer(ts)),
                    }
                }
                Insn::Checkcast(i) | Insn::Instanceof(i) => helper!(self.type_check(ts, method, i, matches!(insn, Insn::Checkcast(_)))),
                Insn::Monitorenter | Insn::Monitorexit => {
                    sync!();
                    let obj = match ts.values.last() {
                        Some(Value::Ref(r)) => *r,
                        other => throw!(self.verify_error(method, pc, "reference", other.copied())),
                    };
                    let Some(obj) = obj else {
                        ts.values.pop();
                        throw!(self.null_pointer(ts))
                    };
                    if insn == Insn::Monitorenter && !self.monitor_available(obj, ts.tid) {
                        // blocked: the operand stays, the instruction is retried
                        self.block_on(crate::check::BlockReason::Monitor(obj));
                        throw!(Unwind::Block);
                    }
                    ts.values.pop();
                    let r = if insn == Insn::Monitorenter { self.monitor_enter(ts, obj) } else { self.monitor_exit(ts, obj) };
                    if let Err(e) = r {
                        throw!(e);
                    }
                }
                Insn::Reserved(op) => throw!(Unwind::Fatal(VmError::Verify {
                    method: self.method_display(method),
                    pc: pc as u32,
                    reason: format!("reserved opcode 0x{op:02x}"),
                })),
            }
            pc += 1;
        }
    }

    /// Returns from the interpreted frame on top with `result`: releases the monitor
    /// of a synchronized method and hands the result to the caller.
    fn return_from_java(&mut self, ts: &mut ThreadStack, result: &[Value]) -> Result<(), Unwind> {
        let Some(&f) = ts.frames.last() else { return Ok(()) };
        let m = self.method(f.method);
        if m.is_synchronized() {
            let lock = self.sync_object(ts, f.method, f.base as usize)?;
            self.monitor_exit(ts, lock)?;
        }
        if f.lin {
            self.lin_exit(ts.tid, f.method, Ok(result));
        }
        self.complete_frame(ts, result);
        Ok(())
    }

    fn array_load(&mut self, ts: &mut ThreadStack, a: Option<ObjRef>, i: i32) -> Result<Value, Unwind> {
        let Some(a) = a else { return Err(self.null_pointer(ts)) };
        let Some(arr) = self.heap.array(a) else {
            return Err(Unwind::Fatal(VmError::Internal("array load from a non-array".into())));
        };
        match arr.get(i as u32 as usize).filter(|_| i >= 0) {
            Some(v) => Ok(v),
            None => {
                let len = arr.len();
                Err(self.index_out_of_bounds(ts, i, len))
            }
        }
    }

    fn array_store(&mut self, ts: &mut ThreadStack, a: Option<ObjRef>, i: i32, v: Value) -> Result<(), Unwind> {
        let Some(a) = a else { return Err(self.null_pointer(ts)) };
        // a negative index is out of range as a usize too
        match self.heap.store_primitive(a, i as u32 as usize, v) {
            Ok(()) => Ok(()),
            Err(StoreError::OutOfBounds(len)) => Err(self.index_out_of_bounds(ts, i, len)),
            Err(StoreError::NotAnArray) => Err(Unwind::Fatal(VmError::Internal("array store into a non-array".into()))),
            Err(StoreError::WrongType) => Err(Unwind::Fatal(VmError::Internal(format!("array store of {v:?} into the wrong array type")))),
        }
    }

    /// `aastore` (JVMS §6.5.aastore): null check, bounds check, then the store check.
    fn aastore(&mut self, ts: &mut ThreadStack, a: Option<ObjRef>, i: i32, v: Option<ObjRef>) -> Result<(), Unwind> {
        let Some(a) = a else { return Err(self.null_pointer(ts)) };
        let len = match self.heap.array(a) {
            Some(Array::Ref(r)) => r.len(),
            _ => return Err(Unwind::Fatal(VmError::Internal("aastore into a non-reference array".into()))),
        };
        if i < 0 || i as usize >= len {
            return Err(self.index_out_of_bounds(ts, i, len));
        }
        if let Some(v) = v {
            let elem = match self.class(self.heap.class_of(a)).kind {
                crate::class::ClassKind::Array { component, .. } => component,
                _ => self.wk.object,
            };
            let vc = self.heap.class_of(v);
            if !self.is_assignable(vc, elem) {
                let name = self.class(vc).java_name();
                return Err(self.throw_new(ts, "java/lang/ArrayStoreException", Some(&name)));
            }
        }
        if let Some(Array::Ref(r)) = self.heap.array_mut(a) {
            r[i as usize] = v;
        }
        if let Some(v) = v {
            self.heap.note_ref_store(a, v);
        }
        Ok(())
    }
}

/// The allocation site of instruction `pc` of the method with stable id `method`
/// (part of an object's stable id; see `Heap::next_sid`).
#[inline(always)]
pub(crate) fn alloc_site(method: u64, pc: usize) -> u64 {
    crate::heap::mix_ids(method, pc as u64)
}
