//! Boxing and unboxing of primitives through the real `valueOf` methods (so the
//! `Integer` cache and friends behave as in HotSpot).

use jvmc_classfile::descriptor::BasicType;

use crate::error::VmError;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// The wrapper class and `valueOf` descriptor of a primitive type.
pub(crate) fn wrapper_of(t: BasicType) -> Option<(&'static str, &'static str)> {
    Some(match t {
        BasicType::Boolean => ("java/lang/Boolean", "(Z)Ljava/lang/Boolean;"),
        BasicType::Byte => ("java/lang/Byte", "(B)Ljava/lang/Byte;"),
        BasicType::Char => ("java/lang/Character", "(C)Ljava/lang/Character;"),
        BasicType::Short => ("java/lang/Short", "(S)Ljava/lang/Short;"),
        BasicType::Int => ("java/lang/Integer", "(I)Ljava/lang/Integer;"),
        BasicType::Long => ("java/lang/Long", "(J)Ljava/lang/Long;"),
        BasicType::Float => ("java/lang/Float", "(F)Ljava/lang/Float;"),
        BasicType::Double => ("java/lang/Double", "(D)Ljava/lang/Double;"),
        BasicType::Reference => return None,
    })
}

impl Vm {
    /// `Wrapper.valueOf(v)`.
    pub(crate) fn box_value(&mut self, ts: &mut ThreadStack, t: BasicType, v: Value) -> Result<ObjRef, Unwind> {
        let Some((class, desc)) = wrapper_of(t) else {
            return match v {
                Value::Ref(Some(r)) => Ok(r),
                _ => Err(Unwind::Fatal(VmError::Internal("boxing a non-primitive".into()))),
            };
        };
        let c = self.load_required(class)?;
        let Some(m) = self.declared_method(c, "valueOf", desc) else {
            return Err(Unwind::Fatal(VmError::Internal(format!("{class}.valueOf{desc} missing"))));
        };
        self.initialize_now(ts, c)?;
        match self.call_java(ts, m, &[v])? {
            Some(Value::Ref(Some(r))) => Ok(r),
            _ => Err(Unwind::Fatal(VmError::Internal("valueOf returned no object".into()))),
        }
    }

    /// The primitive inside a wrapper object, with its type; `None` if `obj` is not a
    /// wrapper.
    pub(crate) fn unbox(&self, obj: ObjRef) -> Option<(BasicType, Value)> {
        let name = &*self.class(self.heap.class_of(obj)).name;
        let t = match name {
            "java/lang/Boolean" => BasicType::Boolean,
            "java/lang/Byte" => BasicType::Byte,
            "java/lang/Character" => BasicType::Char,
            "java/lang/Short" => BasicType::Short,
            "java/lang/Integer" => BasicType::Int,
            "java/lang/Long" => BasicType::Long,
            "java/lang/Float" => BasicType::Float,
            "java/lang/Double" => BasicType::Double,
            _ => return None,
        };
        let c = self.heap.class_of(obj);
        let f = self.class(c).fields.iter().find(|f| &*f.name == "value" && !f.is_static())?;
        Some((t, self.heap.field(obj, f.slot as usize)?))
    }
}
