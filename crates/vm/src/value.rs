//! Java values as the interpreter holds them in locals, operand stacks and fields.

use std::num::NonZeroU32;

/// A reference to a live heap object: an index into the heap's object table.
/// Never 0, so `Option<ObjRef>` (a Java reference, `None` = `null`) is 4 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjRef(NonZeroU32);

impl ObjRef {
    /// The reference with table index `i` (`i > 0`).
    pub fn from_index(i: u32) -> Option<ObjRef> {
        NonZeroU32::new(i).map(ObjRef)
    }

    /// The object-table index.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0.get() as usize
    }
}

/// One JVM slot. `long` and `double` occupy two slots (the value, then [`Value::Top`]),
/// in locals and on the operand stack alike, so stack manipulation follows JVMS §2.11.1
/// categories exactly and arguments become the callee's locals without conversion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An unusable slot: the upper half of a long/double, or an unset local.
    Top,
    /// `int`, and `boolean`, `byte`, `char`, `short` widened to `int`
    Int(i32),
    /// `long`
    Long(i64),
    /// `float`
    Float(f32),
    /// `double`
    Double(f64),
    /// a reference; `None` is `null`
    Ref(Option<ObjRef>),
}

impl Value {
    /// The `null` reference.
    pub const NULL: Value = Value::Ref(None);

    /// Whether two slots hold the same value, floating-point values by their bits
    /// (`0.0` and `-0.0` differ, a NaN equals itself): what a compare-and-set
    /// compares, and what "unchanged" means for a location.
    pub fn same_bits(self, other: Value) -> bool {
        match (self, other) {
            (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
            (Value::Double(x), Value::Double(y)) => x.to_bits() == y.to_bits(),
            _ => self == other,
        }
    }

    /// A non-null reference.
    #[inline(always)]
    pub fn obj(r: ObjRef) -> Value {
        Value::Ref(Some(r))
    }

    /// The int in this slot, if it holds one.
    #[inline(always)]
    pub fn as_int(self) -> Option<i32> {
        match self {
            Value::Int(i) => Some(i),
            _ => None,
        }
    }

    /// The long in this slot, if it holds one.
    #[inline(always)]
    pub fn as_long(self) -> Option<i64> {
        match self {
            Value::Long(i) => Some(i),
            _ => None,
        }
    }

    /// The float in this slot, if it holds one.
    #[inline(always)]
    pub fn as_float(self) -> Option<f32> {
        match self {
            Value::Float(f) => Some(f),
            _ => None,
        }
    }

    /// The double in this slot, if it holds one.
    #[inline(always)]
    pub fn as_double(self) -> Option<f64> {
        match self {
            Value::Double(f) => Some(f),
            _ => None,
        }
    }

    /// The reference in this slot, if it holds one (`Some(None)` is `null`).
    #[inline(always)]
    pub fn as_ref(self) -> Option<Option<ObjRef>> {
        match self {
            Value::Ref(r) => Some(r),
            _ => None,
        }
    }

    /// Whether this value occupies two slots.
    #[inline(always)]
    pub fn is_wide(self) -> bool {
        matches!(self, Value::Long(_) | Value::Double(_))
    }

    /// The default (zero) value of a field of basic type `t`.
    pub fn zero_of(t: jvmc_classfile::descriptor::BasicType) -> Value {
        use jvmc_classfile::descriptor::BasicType as B;
        match t {
            B::Long => Value::Long(0),
            B::Float => Value::Float(0.0),
            B::Double => Value::Double(0.0),
            B::Reference => Value::NULL,
            _ => Value::Int(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hot_types_stay_small() {
        assert_eq!(std::mem::size_of::<Option<ObjRef>>(), 4);
        assert_eq!(std::mem::size_of::<Value>(), 16);
    }

    #[test]
    fn same_bits_compares_floating_point_values_by_their_bits() {
        assert!(!Value::Float(0.0).same_bits(Value::Float(-0.0)));
        assert!(!Value::Double(0.0).same_bits(Value::Double(-0.0)));
        assert!(Value::Double(f64::NAN).same_bits(Value::Double(f64::NAN)));
        assert!(Value::Int(7).same_bits(Value::Int(7)));
        assert!(!Value::Int(7).same_bits(Value::Long(7)));
    }
}
