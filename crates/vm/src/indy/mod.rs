//! `invokedynamic` and signature-polymorphic calls.
//!
//! jvmc does not run the JDK's `java.lang.invoke` machinery. It recognises the
//! bootstrap methods `javac` emits — `StringConcatFactory.makeConcat[WithConstants]`,
//! `LambdaMetafactory.metafactory`/`altMetafactory`, `ObjectMethods.bootstrap` — and
//! links each call site to a static method of a class it builds (see `codegen`), which
//! is then interpreted like any other code.

mod codegen;
mod lambda;
mod object_methods;
mod string_concat;

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::{ClassDef, HandleKind, PoolEntry};

use crate::class::{MethodId, Resolved};
use crate::error::VmError;
use crate::interpreter::Flow;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// `invokedynamic` (JVMS §6.5.invokedynamic).
    pub(crate) fn invoke_dynamic(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let current = self.method(method).class;
        let cache = self.class(current).pool.clone();
        match cache[index as usize].get() {
            Resolved::CallSite(target) => return self.invoke_method(ts, target),
            Resolved::Constant(v) => {
                ts.values.push(v);
                if v.is_wide() {
                    ts.values.push(Value::Top);
                }
                return Ok(Flow::Next);
            }
            _ => {}
        }
        let Some(def) = self.class(current).def.clone() else {
            return Err(Unwind::Fatal(VmError::Internal("invokedynamic in a class without a pool".into())));
        };
        let PoolEntry::InvokeDynamic(site) = def.pool.get(index) else {
            return Err(Unwind::Fatal(VmError::Internal("invokedynamic operand is not a call site".into())));
        };
        let Some(bsm) = def.bootstrap_methods.get(site.bootstrap as usize) else {
            return Err(Unwind::Fatal(VmError::Internal("invokedynamic bootstrap index out of range".into())));
        };
        let unsupported = |vm: &Vm, why: String| {
            Unwind::Fatal(VmError::Unsupported(format!(
                "invokedynamic with bootstrap method {}.{} in {}{}",
                bsm.handle.member.class.replace('/', "."),
                bsm.handle.member.name,
                vm.method_display(method),
                if why.is_empty() { String::new() } else { format!(": {why}") }
            )))
        };
        let caller = self.class(current).name.to_string();
        let (class_name, built): (String, Result<ClassDef, String>) =
            match (&*bsm.handle.member.class, &*bsm.handle.member.name) {
                ("java/lang/invoke/StringConcatFactory", name @ ("makeConcatWithConstants" | "makeConcat")) => {
                    let n = self.synthetic_name(&caller, "$$Concat$", index);
                    let recipe = match (name, bsm.args.first()) {
                        ("makeConcat", _) => None,
                        (_, Some(PoolEntry::String(r))) => Some(&r[..]),
                        _ => return Err(unsupported(self, "no recipe".into())),
                    };
                    let constants = if recipe.is_some() { &bsm.args[1..] } else { &[][..] };
                    let d = string_concat::build(&n, &site.descriptor, recipe, constants);
                    (n, d)
                }
                ("java/lang/invoke/LambdaMetafactory", "metafactory" | "altMetafactory") => {
                    let n = self.synthetic_name(&caller, "$$Lambda$", index);
                    let Some(iface) = jvmc_classfile::descriptor::MethodSig::parse(&site.descriptor)
                        .and_then(|s| s.ret)
                        .and_then(|r| r.1.strip_prefix('L').and_then(|x| x.strip_suffix(';')).map(str::to_string))
                    else {
                        return Err(unsupported(self, "bad call-site type".into()));
                    };
                    let d = lambda::spec(&bsm.args).and_then(|spec| lambda::build(&n, &iface, &site.name, &site.descriptor, &spec));
                    (n, d)
                }
                ("java/lang/runtime/ObjectMethods", "bootstrap") => {
                    let n = self.synthetic_name(&caller, "$$ObjectMethods$", index);
                    let d = self.record_methods(ts, &n, &site.name, &site.descriptor, &bsm.args)?;
                    (n, d)
                }
                _ => return Err(unsupported(self, String::new())),
            };
        let def = built.map_err(|why| unsupported(self, why))?;
        let entry = match &*bsm.handle.member.class {
            "java/lang/invoke/LambdaMetafactory" => "get$Lambda",
            "java/lang/invoke/StringConcatFactory" => "concat",
            _ => &*site.name,
        };
        let c = match self.define_class(def, None)? {
            Ok(c) => c,
            Err(missing) => return Err(self.throw_new(ts, "java/lang/NoClassDefFoundError", Some(&missing.0))),
        };
        self.class_states[c.index()].init = crate::class::InitState::Initialized;
        let _ = class_name;
        let Some(target) = self.class(c).methods.iter().copied().find(|&m| &*self.method(m).name == entry && self.method(m).is_static()) else {
            return Err(Unwind::Fatal(VmError::Internal("call-site adapter without entry method".into())));
        };
        let non_capturing = entry == "get$Lambda" && self.method(target).arg_slots == 0;
        if non_capturing {
            // one shared instance, as HotSpot gives non-capturing lambdas
            self.heap.set_permanent(Some(self.class(c).stable));
            let obj = self.alloc_object(c);
            self.heap.set_permanent(None);
            self.pinned.push(obj);
            cache[index as usize].set(Resolved::Constant(Value::obj(obj)));
            ts.values.push(Value::obj(obj));
            return Ok(Flow::Next);
        }
        cache[index as usize].set(Resolved::CallSite(target));
        self.invoke_method(ts, target)
    }

    /// The name of the class that links call site `index` of `caller`: named by the
    /// site, not by how many sites were linked before, so vms that link sites in
    /// different orders (the workers of a parallel search) name the class alike
    /// (class names are part of fingerprints, see `class::stable_key`).
    fn synthetic_name(&mut self, caller: &str, infix: &str, index: u16) -> String {
        let name = format!("{caller}{infix}{index}");
        if !self.class_by_name.contains_key(&*name) {
            return name;
        }
        self.synthetic_classes += 1;
        format!("{name}_{}", self.synthetic_classes)
    }

    /// Reads `ObjectMethods.bootstrap` arguments (record class, names, getters) and
    /// builds the adapter.
    fn record_methods(
        &mut self,
        ts: &mut ThreadStack,
        class_name: &str,
        which: &str,
        call_desc: &str,
        args: &[PoolEntry],
    ) -> Result<Result<ClassDef, String>, Unwind> {
        let Some(PoolEntry::Class(record)) = args.first() else { return Ok(Err("no record class".into())) };
        let rc = self.resolve_class_name(ts, record)?;
        let simple = self.simple_name(rc);
        let mut comps = Vec::new();
        for a in args.iter().skip(2) {
            let PoolEntry::MethodHandle(h) = a else { return Ok(Err("getter is not a method handle".into())) };
            if h.kind != HandleKind::GetField {
                return Ok(Err("getter is not a getField handle".into()));
            }
            let ty = BasicType::from_descriptor(&h.member.descriptor).unwrap_or(BasicType::Reference);
            comps.push(object_methods::Component { name: h.member.name.clone(), descriptor: h.member.descriptor.clone(), ty });
        }
        Ok(object_methods::build(class_name, which, call_desc, record, &simple, &comps))
    }

    /// `Class.getSimpleName()` of a non-array class: the `InnerClasses` simple name,
    /// else the binary name after the package.
    pub(crate) fn simple_name(&self, c: crate::class::ClassId) -> String {
        let cls = self.class(c);
        if let Some(def) = &cls.def {
            if let Some(ic) = def.inner_classes.iter().find(|ic| ic.inner == cls.name) {
                return ic.simple_name.as_deref().unwrap_or("").to_string();
            }
        }
        cls.name.rsplit('/').next().unwrap_or("").to_string()
    }

    /// A call of a signature-polymorphic method (`MethodHandle.invoke*`, `VarHandle.*`):
    /// the call site's descriptor, not the declared one, says what is on the stack.
    pub(crate) fn invoke_polymorphic(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16, target: MethodId) -> Result<Flow, Unwind> {
        let current = self.method(method).class;
        let def = self.class(current).def.clone();
        let desc = match def.as_ref().map(|d| d.pool.get(index)) {
            Some(PoolEntry::Method(r)) | Some(PoolEntry::InterfaceMethod(r)) => r.descriptor.clone(),
            _ => return Err(Unwind::Fatal(VmError::Internal("polymorphic call without a method reference".into()))),
        };
        if &*self.class(self.method(target).class).name != "java/lang/invoke/VarHandle" {
            return Err(Unwind::Fatal(VmError::Unsupported(format!(
                "MethodHandle invocation ({}) in {}",
                self.method(target).name,
                self.method_display(method)
            ))));
        }
        let sig = jvmc_classfile::descriptor::MethodSig::parse(&desc)
            .ok_or_else(|| Unwind::Fatal(VmError::Internal(format!("bad call-site descriptor {desc}"))))?;
        let slots = sig.arg_slots() + 1;
        let base = ts.values.len().checked_sub(slots).ok_or_else(|| VmError::Internal("operand stack underflow".into()))?;
        let handle = match ts.values[base] {
            Value::Ref(Some(h)) => h,
            Value::Ref(None) => return Err(self.null_pointer(ts)),
            _ => return Err(Unwind::Fatal(VmError::Internal("VarHandle call without a handle".into()))),
        };
        let mode = self.method(target).name.to_string();
        if crate::native::java_lang_invoke::is_jvmc_var_handle(self, handle) {
            self.invoke_jvmc_var_handle(ts, handle, &mode, &desc, base)
        } else {
            self.invoke_var_form(ts, handle, &mode, &desc, base)
        }
    }
}
