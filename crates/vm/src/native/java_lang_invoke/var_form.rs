//! Access modes of the JDK's own `VarHandle` classes, run as the JDK runs them: the
//! byte-array and byte-buffer views of `MethodHandles.byteArrayViewVarHandle` and
//! `byteBufferViewVarHandle` (`VarHandleByteArrayAsInts$ArrayHandle`,
//! `...$ByteBufferHandle`, and the Shorts, Chars, Longs, Floats and Doubles
//! variants), built by the JDK's `VarHandles` factories.
//!
//! Such a handle's `VarForm` names its implementation class; access mode `m` is that
//! class's static method `m(VarHandle, coordinates..., values...)` over the form's
//! erased types, as `VarHandleGuards` links it. When the call site's erased type is
//! the form's, the method is called with the call's own arguments (the guards'
//! `linkToStatic` path); otherwise the arguments go through the `MethodHandle.asType`
//! conversions to the handle's access-mode type, and a `VarHandleResult` frame
//! converts the result to the call site's return type. Exact-invocation handles
//! check the call site's type first, as `checkExactAccessMode` does. The JDK's Java
//! code then does everything else — index, alignment and read-only checks, their
//! exceptions, the byte-wise composition of `Unsafe.get*Unaligned` — and its
//! `Unsafe` accesses are the model checker's scheduling points (the call of the
//! signature-polymorphic method itself is not one).
//!
//! This module never performs an access itself, and runs no Java of its own on the
//! direct path; only the conversions and the exact check read the handle's
//! access-mode type through `VarHandle.accessModeType`, which caches it in the
//! handle as the JDK does.

use jvmc_classfile::descriptor::MethodSig;

use super::as_type::{self, MethodTypeIds};
use crate::class::{ClassId, ClassKind, InitState, MethodId};
use crate::error::VmError;
use crate::heap::Array;
use crate::interpreter::Flow;
use crate::native::Unwind;
use crate::thread::{Frame, FrameKind, ThreadStack};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// The `VarHandle.AccessType` ordinal of an access mode (`AccessMode.at`).
pub(super) fn access_type(mode: &str) -> Option<usize> {
    Some(match mode {
        "get" | "getVolatile" | "getAcquire" | "getOpaque" => 0,
        "set" | "setVolatile" | "setRelease" | "setOpaque" => 1,
        "compareAndSet" | "weakCompareAndSetPlain" | "weakCompareAndSet" | "weakCompareAndSetAcquire" | "weakCompareAndSetRelease" => 2,
        "compareAndExchange" | "compareAndExchangeAcquire" | "compareAndExchangeRelease" => 3,
        m if m.starts_with("getAnd") => 4,
        _ => return None,
    })
}

pub(super) fn internal(what: &str) -> Unwind {
    Unwind::Fatal(VmError::Internal(what.into()))
}

impl Vm {
    /// A reference field of `obj` (searching superclasses).
    fn ref_field(&self, obj: ObjRef, name: &str, descriptor: &str) -> Result<Option<ObjRef>, Unwind> {
        let slot = self.instance_slot(self.heap.class_of(obj), name, descriptor)?;
        Ok(self.heap.field(obj, slot).and_then(|v| v.as_ref()).flatten())
    }

    /// The classes of a `MethodType` object (`rtype`, `ptypes`).
    fn method_type_ids(&self, mt: ObjRef) -> Result<MethodTypeIds, Unwind> {
        let class_of = |vm: &Vm, m: Option<ObjRef>| m.and_then(|m| vm.class_of_mirror(m)).ok_or_else(|| internal("MethodType names no class"));
        let ret = class_of(self, self.ref_field(mt, "rtype", "Ljava/lang/Class;")?)?;
        let ptypes = self.ref_field(mt, "ptypes", "[Ljava/lang/Class;")?;
        let Some(Array::Ref(ps)) = ptypes.and_then(|p| self.heap.array(p)) else { return Err(internal("MethodType without ptypes")) };
        let params = ps.iter().map(|&p| class_of(self, p)).collect::<Result<_, _>>()?;
        Ok(MethodTypeIds { params, ret })
    }

    /// The type a call site's descriptor gives the access mode (without the handle).
    pub(super) fn symbolic_type(&mut self, ts: &mut ThreadStack, call_desc: &str) -> Result<MethodTypeIds, Unwind> {
        let sig = MethodSig::parse(call_desc).ok_or_else(|| internal("bad call-site descriptor"))?;
        let mut params = Vec::with_capacity(sig.params.len());
        for (_, d) in &sig.params {
            params.push(super::super::java_lang_reflect::type_class(self, ts, d)?);
        }
        let ret = match &sig.ret {
            Some((_, d)) => super::super::java_lang_reflect::type_class(self, ts, d)?,
            None => self.primitive_class(None),
        };
        Ok(MethodTypeIds { params, ret })
    }

    /// `MethodTypeForm.ERASE`: references become `Object`.
    pub(super) fn erased(&self, t: &MethodTypeIds) -> MethodTypeIds {
        let erase = |c: ClassId| if matches!(self.class(c).kind, ClassKind::Primitive(_)) { c } else { self.wk.object };
        MethodTypeIds { params: t.params.iter().map(|&c| erase(c)).collect(), ret: erase(t.ret) }
    }

    /// `handle.accessModeType(at)`: the handle's own (unerased) access-mode type, run
    /// in Java (the JDK caches it in the handle).
    fn access_mode_type(&mut self, ts: &mut ThreadStack, handle: ObjRef, at: usize) -> Result<MethodTypeIds, Unwind> {
        let vh = self.load_required("java/lang/invoke/VarHandle")?;
        let m = self.declared_method(vh, "accessModeType", "(I)Ljava/lang/invoke/MethodType;").ok_or_else(|| internal("VarHandle.accessModeType(int) missing"))?;
        match self.call_java(ts, m, &[Value::obj(handle), Value::Int(at as i32)])? {
            Some(Value::Ref(Some(mt))) => self.method_type_ids(mt),
            _ => Err(internal("VarHandle.accessModeType returned no MethodType")),
        }
    }

    /// The static method `name` with descriptor `desc` of `class` or a superclass
    /// (`Lookup.resolveOrNull(REF_invokeStatic, ...)`).
    fn static_method_in(&self, class: ClassId, name: &str, desc: &str) -> Option<MethodId> {
        let mut c = Some(class);
        while let Some(k) = c {
            if let Some(m) = self.declared_method(k, name, desc).filter(|&m| self.method(m).is_static()) {
                return Some(m);
            }
            c = self.class(k).super_class;
        }
        None
    }

    /// Whether `handle` has invoke-exact behaviour (VarHandle's `exact`).
    pub(super) fn is_exact(&self, handle: ObjRef) -> Result<bool, Unwind> {
        let slot = self.instance_slot(self.heap.class_of(handle), "exact", "Z")?;
        Ok(self.heap.field(handle, slot) == Some(Value::Int(1)))
    }

    /// `checkExactAccessMode`'s failure: an exact handle called from a site of another
    /// type.
    pub(super) fn wrong_exact_type(&mut self, ts: &mut ThreadStack, declared: &MethodTypeIds, symbolic: &MethodTypeIds) -> Unwind {
        let msg = format!("expected {} but found {}", as_type::display(self, declared), as_type::display(self, symbolic));
        self.throw_new(ts, "java/lang/invoke/WrongMethodTypeException", Some(&msg))
    }

    /// `vform.getMemberNameOrNull(mode)` of a JDK handle: its `VarForm`'s
    /// implementation class, the form's (erased) type of access type `at`, and the
    /// static method implementing `mode`, if the class has one.
    fn var_form_member(&self, handle: ObjRef, mode: &str, at: usize) -> Result<(ClassId, MethodTypeIds, Option<MethodId>), Unwind> {
        let unsupported = || {
            Unwind::Fatal(VmError::Unsupported(format!(
                "VarHandle of class {} (jvmc runs field, static and array VarHandles and the JDK's byte-array and byte-buffer views)",
                self.class(self.heap.class_of(handle)).java_name()
            )))
        };
        let vform = self.ref_field(handle, "vform", "Ljava/lang/invoke/VarForm;")?.ok_or_else(unsupported)?;
        let impl_class = self.ref_field(vform, "implClass", "Ljava/lang/Class;")?.and_then(|m| self.class_of_mirror(m)).ok_or_else(unsupported)?;
        let table = self.ref_field(vform, "methodType_table", "[Ljava/lang/invoke/MethodType;")?;
        let Some(Some(form_mt)) = table.and_then(|t| match self.heap.array(t) {
            Some(Array::Ref(r)) => r.get(at).copied(),
            _ => None,
        }) else {
            return Err(internal("VarForm without a method type for the access type"));
        };
        let form = self.method_type_ids(form_mt)?;
        let mut desc = String::from("(Ljava/lang/invoke/VarHandle;");
        for &p in &form.params {
            desc.push_str(&as_type::descriptor(self, p));
        }
        desc.push(')');
        desc.push_str(&as_type::descriptor(self, form.ret));
        let member = self.static_method_in(impl_class, mode, &desc);
        Ok((impl_class, form, member))
    }

    /// `VarHandle.isAccessModeSupported` of a JDK handle: whether its implementation
    /// class has the access mode named `mode`.
    pub(super) fn var_form_supports(&self, handle: ObjRef, mode: &str) -> Result<bool, Unwind> {
        let at = access_type(mode).ok_or_else(|| internal("unknown VarHandle access mode"))?;
        Ok(self.var_form_member(handle, mode, at)?.2.is_some())
    }

    /// A call of access mode `mode` on `handle`, an instance of a JDK `VarHandle`
    /// class, from a call site with descriptor `call_desc`; the handle and the
    /// argument slots are on the operand stack from `base`.
    pub(crate) fn invoke_var_form(&mut self, ts: &mut ThreadStack, handle: ObjRef, mode: &str, call_desc: &str, base: usize) -> Result<Flow, Unwind> {
        let at = access_type(mode).ok_or_else(|| internal("unknown VarHandle access mode"))?;
        let (impl_class, form, implementation) = self.var_form_member(handle, mode, at)?;
        if self.class_states[impl_class.index()].init != InitState::Initialized && !self.ensure_initialized(ts, impl_class)? {
            return Ok(Flow::Switched);
        }
        let symbolic = self.symbolic_type(ts, call_desc)?;
        let mut declared = None;
        if self.is_exact(handle)? {
            let d = self.access_mode_type(ts, handle, at)?;
            if d != symbolic {
                return Err(self.wrong_exact_type(ts, &d, &symbolic));
            }
            declared = Some(d);
        }
        let Some(implementation) = implementation else {
            return Err(self.throw_new(ts, "java/lang/UnsupportedOperationException", None));
        };
        let erased = self.erased(&symbolic);
        let void = self.primitive_class(None);
        if erased == form {
            // the guards' direct path: the call's arguments are the method's
            return self.invoke_method(ts, implementation);
        }
        let args: Vec<Value> = ts.values[base + 1..].iter().copied().filter(|v| *v != Value::Top).collect();
        let (args, from) = if erased.params == form.params && symbolic.ret == void {
            // the direct path of a call site that ignores the result
            (args, form.ret)
        } else {
            let declared = match declared {
                Some(d) => d,
                None => self.access_mode_type(ts, handle, at)?,
            };
            (self.as_type_arguments(ts, &args, &symbolic, &declared)?, declared.ret)
        };
        ts.values.truncate(base + 1);
        if from != symbolic.ret {
            ts.frames.push(Frame::new(implementation, 0, base as u32, FrameKind::VarHandleResult { from, to: symbolic.ret }));
        }
        for v in args {
            ts.values.push(v);
            if v.is_wide() {
                ts.values.push(Value::Top);
            }
        }
        match self.invoke_method(ts, implementation)? {
            Flow::Next if from != symbolic.ret => Ok(Flow::Switched),
            flow => Ok(flow),
        }
    }

    /// `getMethodHandle(mode).asType(symbolic)` applied to the arguments: checks that
    /// every conversion exists (`WrongMethodTypeException` otherwise, before anything
    /// runs) and converts the values.
    pub(super) fn as_type_arguments(&mut self, ts: &mut ThreadStack, args: &[Value], symbolic: &MethodTypeIds, declared: &MethodTypeIds) -> Result<Vec<Value>, Unwind> {
        let mut ok = args.len() == declared.params.len() && symbolic.params.len() == declared.params.len();
        if ok {
            for (&from, &to) in symbolic.params.iter().zip(&declared.params) {
                ok &= as_type::convertible(self, from, to)?;
            }
            ok &= as_type::convertible(self, declared.ret, symbolic.ret)?;
        }
        if !ok {
            let vh = self.load_required("java/lang/invoke/VarHandle")?;
            let with_handle = |t: &MethodTypeIds| MethodTypeIds { params: std::iter::once(vh).chain(t.params.iter().copied()).collect(), ret: t.ret };
            let msg = format!(
                "cannot convert MethodHandle{} to {}",
                as_type::display(self, &with_handle(declared)),
                as_type::display(self, &with_handle(symbolic))
            );
            return Err(self.throw_new(ts, "java/lang/invoke/WrongMethodTypeException", Some(&msg)));
        }
        let mut out = Vec::with_capacity(args.len());
        for ((&v, &from), &to) in args.iter().zip(&symbolic.params).zip(&declared.params) {
            out.push(as_type::convert(self, ts, v, from, to)?.ok_or_else(|| internal("a void parameter"))?);
        }
        Ok(out)
    }

    /// Completes a `VarHandleResult` frame whose access-mode method returned: its
    /// result (of type `from`, at the frame's base) converted to the call site's
    /// return type `to`.
    pub(crate) fn finish_var_handle_result(&mut self, ts: &mut ThreadStack, from: ClassId, to: ClassId) -> Result<(), Unwind> {
        let Some(&f) = ts.frames.last() else { return Ok(()) };
        let result = if from == self.primitive_class(None) { Value::Top } else { ts.values.get(f.base as usize).copied().unwrap_or(Value::Top) };
        match as_type::convert(self, ts, result, from, to)? {
            Some(v) if v.is_wide() => self.complete_frame(ts, &[v, Value::Top]),
            Some(v) => self.complete_frame(ts, &[v]),
            None => self.complete_frame(ts, &[]),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_types_follow_the_access_mode_enum() {
        assert_eq!(access_type("get"), Some(0));
        assert_eq!(access_type("getOpaque"), Some(0));
        assert_eq!(access_type("setRelease"), Some(1));
        assert_eq!(access_type("weakCompareAndSetPlain"), Some(2));
        assert_eq!(access_type("compareAndExchangeAcquire"), Some(3));
        assert_eq!(access_type("getAndBitwiseXorRelease"), Some(4));
        assert_eq!(access_type("getAndSet"), Some(4));
        assert_eq!(access_type("invoke"), None);
    }
}
