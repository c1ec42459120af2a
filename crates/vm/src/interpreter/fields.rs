//! `getfield`/`putfield` resolution and `getstatic`/`putstatic` (JVMS §6.5, §5.4.3.2).

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::PoolEntry;

use super::Flow;
use crate::class::{InitState, MethodId, Resolved};
use crate::error::VmError;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

/// Narrows an int stored into a sub-int field as the field's type requires.
#[inline(always)]
pub(crate) fn narrow(v: Value, ty: BasicType) -> Value {
    match (v, ty) {
        (Value::Int(i), BasicType::Boolean) => Value::Int(i & 1),
        (Value::Int(i), BasicType::Byte) => Value::Int(i as i8 as i32),
        (Value::Int(i), BasicType::Char) => Value::Int(i as u16 as i32),
        (Value::Int(i), BasicType::Short) => Value::Int(i as i16 as i32),
        _ => v,
    }
}

impl Vm {
    /// Resolves the field reference `index` of `method`'s class and caches it.
    pub(crate) fn resolve_field_insn(
        &mut self,
        ts: &mut ThreadStack,
        method: MethodId,
        index: u16,
        want_static: bool,
    ) -> Result<Resolved, Unwind> {
        let current = self.method(method).class;
        let cache = self.class(current).pool.clone();
        let cached = cache[index as usize].get();
        if cached != Resolved::Unresolved {
            return Ok(cached);
        }
        let Some(def) = self.class(current).def.clone() else {
            return Err(Unwind::Fatal(VmError::Internal("field reference in a class without a pool".into())));
        };
        let PoolEntry::Field(r) = def.pool.get(index) else {
            return Err(Unwind::Fatal(VmError::Internal("getfield operand is not a field reference".into())));
        };
        let owner = self.resolve_class_name(ts, &r.class)?;
        let Some((decl, f)) = self.find_field(owner, &r.name, &r.descriptor) else {
            let msg = format!("'{} {}.{}'", descriptor_to_java(&r.descriptor), self.class(owner).java_name(), r.name);
            return Err(self.throw_new(ts, "java/lang/NoSuchFieldError", Some(&msg)));
        };
        if f.is_static() != want_static {
            let msg = format!(
                "Expected {} field {}.{}",
                if want_static { "static" } else { "non-static" },
                self.class(owner).java_name(),
                r.name
            );
            return Err(self.throw_new(ts, "java/lang/IncompatibleClassChangeError", Some(&msg)));
        }
        let resolved = if want_static {
            Resolved::Static { class: decl, slot: f.slot, ty: f.ty }
        } else {
            // a class file has at most 65535 fields; not found (impossible) names none
            let index = self.class(decl).fields.iter().position(|g| std::ptr::eq(g, f)).map_or(u16::MAX, |i| i as u16);
            Resolved::Field { class: decl, slot: f.slot, ty: f.ty, index }
        };
        cache[index as usize].set(resolved);
        Ok(resolved)
    }

    /// `getstatic` / `putstatic`, including the class initialisation they trigger.
    pub(crate) fn static_field(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16, put: bool) -> Result<Flow, Unwind> {
        let cache = self.class(self.method(method).class).pool.clone();
        let (class, slot, ty) = match cache[index as usize].get() {
            Resolved::Static { class, slot, ty } => (class, slot, ty),
            _ => match self.resolve_field_insn(ts, method, index, true)? {
                Resolved::Static { class, slot, ty } => (class, slot, ty),
                _ => return Err(Unwind::Fatal(VmError::Internal("static field resolved to an instance field".into()))),
            },
        };
        if self.class_states[class.index()].init != InitState::Initialized && !self.ensure_initialized(ts, class)? {
            return Ok(Flow::Switched);
        }
        if put {
            if ty.slots() == 2 {
                ts.values.pop();
            }
            let v = ts.values.pop().ok_or_else(|| VmError::Internal("putstatic on an empty stack".into()))?;
            self.set_static_slot(class, slot as usize, narrow(v, ty));
        } else {
            ts.values.push(self.class_states[class.index()].statics[slot as usize]);
            if ty.slots() == 2 {
                ts.values.push(Value::Top);
            }
        }
        Ok(Flow::Next)
    }
}

/// `Ljava/lang/String;` → `java.lang.String`, `[I` → `int[]`, for messages.
pub(crate) fn descriptor_to_java(d: &str) -> String {
    let dims = d.bytes().take_while(|&b| b == b'[').count();
    let base = &d[dims..];
    let name = match base {
        "Z" => "boolean".to_string(),
        "B" => "byte".to_string(),
        "C" => "char".to_string(),
        "S" => "short".to_string(),
        "I" => "int".to_string(),
        "J" => "long".to_string(),
        "F" => "float".to_string(),
        "D" => "double".to_string(),
        "V" => "void".to_string(),
        _ => base.trim_start_matches('L').trim_end_matches(';').replace('/', "."),
    };
    format!("{name}{}", "[]".repeat(dims))
}
