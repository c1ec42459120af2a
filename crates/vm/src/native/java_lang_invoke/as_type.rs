//! The `MethodHandle.asType` conversions between a call site's symbolic type and a
//! `VarHandle` access-mode type: which ones exist (`MethodType.canConvert`) and
//! what they do to a value at run time — widening, boxing, unboxing (with widening),
//! reference casts, and `void` to a zero value or away. Types are class ids, with
//! the primitive pseudo-classes for primitives and `void`.
//!
//! This module converts values; it does not decide when a conversion is needed
//! (`var_form.rs` does).

use jvmc_classfile::descriptor::BasicType;
use jvmc_classfile::PrimitiveType as P;

use crate::class::{ClassId, ClassKind};
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

/// A method type as class ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct MethodTypeIds {
    /// parameter types
    pub params: Vec<ClassId>,
    /// return type (`void`'s pseudo-class for none)
    pub ret: ClassId,
}

impl MethodTypeIds {
    /// `AccessType.accessModeType`: the type of an access mode of access type `at`
    /// (the `VarHandle.AccessType` ordinal) on a variable of type `value` with these
    /// coordinates.
    pub(super) fn of_access(vm: &mut Vm, coordinates: &[ClassId], value: ClassId, at: usize) -> MethodTypeIds {
        let mut params = coordinates.to_vec();
        let ret = match at {
            0 => value,
            1 => {
                params.push(value);
                vm.primitive_class(None)
            }
            2 => {
                params.extend([value, value]);
                vm.primitive_class(Some(P::Boolean))
            }
            3 => {
                params.extend([value, value]);
                value
            }
            _ => {
                params.push(value);
                value
            }
        };
        MethodTypeIds { params, ret }
    }
}

/// What a class id names, for conversions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Void,
    Prim(P),
    Ref,
}

fn shape(vm: &Vm, c: ClassId) -> Shape {
    match vm.class(c).kind {
        ClassKind::Primitive(None) => Shape::Void,
        ClassKind::Primitive(Some(p)) => Shape::Prim(p),
        _ => Shape::Ref,
    }
}

/// The basic type of a primitive.
pub(super) fn basic(p: P) -> BasicType {
    match p {
        P::Boolean => BasicType::Boolean,
        P::Byte => BasicType::Byte,
        P::Char => BasicType::Char,
        P::Short => BasicType::Short,
        P::Int => BasicType::Int,
        P::Long => BasicType::Long,
        P::Float => BasicType::Float,
        P::Double => BasicType::Double,
    }
}

/// `Wrapper.isConvertibleFrom`: a widening primitive conversion (JLS §5.1.2) or
/// none.
fn widens(from: P, to: P) -> bool {
    from == to
        || match to {
            P::Short => from == P::Byte,
            P::Int => matches!(from, P::Byte | P::Short | P::Char),
            P::Long => matches!(from, P::Byte | P::Short | P::Char | P::Int),
            P::Float => matches!(from, P::Byte | P::Short | P::Char | P::Int | P::Long),
            P::Double => !matches!(from, P::Boolean | P::Double),
            P::Boolean | P::Byte | P::Char => false,
        }
}

/// The primitive a wrapper class holds.
fn wrapped(vm: &Vm, c: ClassId) -> Option<P> {
    Some(match &*vm.class(c).name {
        "java/lang/Boolean" => P::Boolean,
        "java/lang/Byte" => P::Byte,
        "java/lang/Character" => P::Char,
        "java/lang/Short" => P::Short,
        "java/lang/Integer" => P::Int,
        "java/lang/Long" => P::Long,
        "java/lang/Float" => P::Float,
        "java/lang/Double" => P::Double,
        _ => return None,
    })
}

fn wrapper_class(vm: &mut Vm, p: P) -> Result<ClassId, Unwind> {
    let name = crate::boxing::wrapper_of(basic(p)).map_or("java/lang/Object", |(n, _)| n);
    Ok(vm.load_required(name)?)
}

/// `MethodType.canConvert(from, to)`: whether `asType` can adapt a value of type
/// `from` to type `to`.
pub(super) fn convertible(vm: &mut Vm, from: ClassId, to: ClassId) -> Result<bool, Unwind> {
    let object = vm.wk.object;
    if from == to || from == object || to == object {
        return Ok(true);
    }
    Ok(match (shape(vm, from), shape(vm, to)) {
        (Shape::Void, _) | (_, Shape::Void) | (Shape::Ref, Shape::Ref) => true,
        (Shape::Prim(f), Shape::Prim(t)) => widens(f, t),
        (Shape::Prim(f), Shape::Ref) => {
            let w = wrapper_class(vm, f)?;
            vm.is_assignable(w, to)
        }
        (Shape::Ref, Shape::Prim(t)) => {
            let w = wrapper_class(vm, t)?;
            vm.is_assignable(w, from) || wrapped(vm, from).is_some_and(|f| widens(f, t))
        }
    })
}

/// Converts `v` of type `from` to type `to` (a conversion [`convertible`] admits):
/// `Ok(None)` when `to` is `void`.
pub(super) fn convert(vm: &mut Vm, ts: &mut ThreadStack, v: Value, from: ClassId, to: ClassId) -> Result<Option<Value>, Unwind> {
    if from == to {
        return Ok(Some(v));
    }
    Ok(Some(match (shape(vm, from), shape(vm, to)) {
        (_, Shape::Void) => return Ok(None),
        (Shape::Void, Shape::Ref) => Value::NULL,
        (Shape::Void, Shape::Prim(t)) => zero(t),
        (Shape::Prim(f), Shape::Prim(t)) => widen(v, f, t)?,
        (Shape::Prim(f), Shape::Ref) => Value::obj(vm.box_value(ts, basic(f), v)?),
        (Shape::Ref, Shape::Ref) => cast(vm, ts, v, to)?,
        (Shape::Ref, Shape::Prim(t)) => unbox(vm, ts, v, t)?,
    }))
}

fn zero(p: P) -> Value {
    match p {
        P::Long => Value::Long(0),
        P::Float => Value::Float(0.0),
        P::Double => Value::Double(0.0),
        _ => Value::Int(0),
    }
}

fn widen(v: Value, from: P, to: P) -> Result<Value, Unwind> {
    super::super::java_lang_reflect::widen(basic(from), v, basic(to))
        .ok_or_else(|| Unwind::Fatal(crate::error::VmError::Internal(format!("asType cannot widen {from:?} to {to:?}"))))
}

/// A reference cast as `Class.cast` does it.
fn cast(vm: &mut Vm, ts: &mut ThreadStack, v: Value, to: ClassId) -> Result<Value, Unwind> {
    if let Value::Ref(Some(o)) = v {
        let oc = vm.heap.class_of(o);
        if !vm.is_assignable(oc, to) {
            let msg = format!("Cannot cast {} to {}", vm.class(oc).java_name(), vm.class(to).java_name());
            return Err(vm.throw_new(ts, "java/lang/ClassCastException", Some(&msg)));
        }
    }
    Ok(v)
}

/// Unboxing of a reference whose run-time class decides (`ValueConversions`):
/// `null` is a `NullPointerException`; a wrapper whose primitive does not widen to
/// `to` a `ClassCastException` naming `to`'s wrapper.
fn unbox(vm: &mut Vm, ts: &mut ThreadStack, v: Value, to: P) -> Result<Value, Unwind> {
    let Value::Ref(Some(o)) = v else { return Err(vm.null_pointer(ts)) };
    let oc = vm.heap.class_of(o);
    match (wrapped(vm, oc), vm.unbox(o)) {
        (Some(f), Some((_, pv))) if widens(f, to) => widen(pv, f, to),
        _ => {
            let w = wrapper_class(vm, to)?;
            let msg = format!("Cannot cast {} to {}", vm.class(oc).java_name(), vm.class(w).java_name());
            Err(vm.throw_new(ts, "java/lang/ClassCastException", Some(&msg)))
        }
    }
}

/// `Class.getSimpleName()` of a type (`int`, `byte[]`, `ByteBuffer`).
fn simple_name(vm: &Vm, c: ClassId) -> String {
    match vm.class(c).kind {
        ClassKind::Primitive(None) => "void".into(),
        ClassKind::Primitive(Some(p)) => p.java_name().into(),
        ClassKind::Array { component, .. } => format!("{}[]", simple_name(vm, component)),
        ClassKind::Instance => vm.simple_name(c),
    }
}

/// `MethodType.toString()`: `(byte[],int)int`.
pub(super) fn display(vm: &Vm, t: &MethodTypeIds) -> String {
    let params: Vec<String> = t.params.iter().map(|&p| simple_name(vm, p)).collect();
    format!("({}){}", params.join(","), simple_name(vm, t.ret))
}

/// The descriptor of a type (`I`, `[B`, `Ljava/lang/Object;`, `V`).
pub(super) fn descriptor(vm: &Vm, c: ClassId) -> String {
    let cls = vm.class(c);
    match cls.kind {
        ClassKind::Primitive(None) => "V".into(),
        ClassKind::Primitive(Some(p)) => p.descriptor_char().to_string(),
        ClassKind::Array { .. } => cls.name.to_string(),
        ClassKind::Instance => format!("L{};", cls.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_is_jls_5_1_2() {
        assert!(widens(P::Byte, P::Short) && widens(P::Char, P::Int) && widens(P::Long, P::Float) && widens(P::Int, P::Double));
        assert!(!widens(P::Char, P::Short) && !widens(P::Short, P::Char) && !widens(P::Int, P::Byte) && !widens(P::Double, P::Float));
        assert!(!widens(P::Boolean, P::Int) && !widens(P::Int, P::Boolean) && widens(P::Boolean, P::Boolean));
    }
}
