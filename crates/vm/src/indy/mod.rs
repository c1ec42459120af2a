//! `invokedynamic` and signature-polymorphic calls.
//!
//! jvmc does not run the JDK's `java.lang.invoke` machinery. It recognises the
//! bootstrap methods `javac` emits — `StringConcatFactory.makeConcat[WithConstants]`,
//! `LambdaMetafactory.metafactory`/`altMetafactory`, `ObjectMethods.bootstrap` — and
//! links each call site to a static method of a class it builds (see `codegen`), which
//! is then interpreted like any other code.

use jvmc_classfile::PoolEntry;

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
        Err(Unwind::Fatal(VmError::Unsupported(format!(
            "invokedynamic with bootstrap method {}.{} in {}",
            bsm.handle.member.class.replace('/', "."),
            bsm.handle.member.name,
            self.method_display(method)
        ))))
    }

    /// A call of a signature-polymorphic method (`MethodHandle.invoke*`, `VarHandle.*`).
    pub(crate) fn invoke_polymorphic(&mut self, _ts: &mut ThreadStack, method: MethodId, _index: u16, target: MethodId) -> Result<Flow, Unwind> {
        Err(Unwind::Fatal(VmError::Unsupported(format!(
            "signature-polymorphic call {} in {}",
            self.method_display(target),
            self.method_display(method)
        ))))
    }
}
