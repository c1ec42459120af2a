//! Array storage: one typed vector per array, so element access is a plain indexed
//! load and `System.arraycopy` is a `copy_within`.

use crate::value::{ObjRef, Value};
use jvmc_classfile::PrimitiveType;

/// The elements of a Java array.
#[derive(Clone, Debug, PartialEq)]
pub enum Array {
    /// `boolean[]` (0 or 1 per element)
    Boolean(Box<[i8]>),
    /// `byte[]`
    Byte(Box<[i8]>),
    /// `char[]`
    Char(Box<[u16]>),
    /// `short[]`
    Short(Box<[i16]>),
    /// `int[]`
    Int(Box<[i32]>),
    /// `long[]`
    Long(Box<[i64]>),
    /// `float[]`
    Float(Box<[f32]>),
    /// `double[]`
    Double(Box<[f64]>),
    /// any reference array
    Ref(Box<[Option<ObjRef>]>),
}

impl Array {
    /// A zero-filled primitive array.
    pub fn new_primitive(t: PrimitiveType, len: usize) -> Array {
        match t {
            PrimitiveType::Boolean => Array::Boolean(vec![0; len].into()),
            PrimitiveType::Byte => Array::Byte(vec![0; len].into()),
            PrimitiveType::Char => Array::Char(vec![0; len].into()),
            PrimitiveType::Short => Array::Short(vec![0; len].into()),
            PrimitiveType::Int => Array::Int(vec![0; len].into()),
            PrimitiveType::Long => Array::Long(vec![0; len].into()),
            PrimitiveType::Float => Array::Float(vec![0.0; len].into()),
            PrimitiveType::Double => Array::Double(vec![0.0; len].into()),
        }
    }

    /// A null-filled reference array.
    pub fn new_refs(len: usize) -> Array {
        Array::Ref(vec![None; len].into())
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        match self {
            Array::Boolean(a) | Array::Byte(a) => a.len(),
            Array::Char(a) => a.len(),
            Array::Short(a) => a.len(),
            Array::Int(a) => a.len(),
            Array::Long(a) => a.len(),
            Array::Float(a) => a.len(),
            Array::Double(a) => a.len(),
            Array::Ref(a) => a.len(),
        }
    }

    /// Whether the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Size of one element in bytes, as `Unsafe.arrayIndexScale` reports it.
    pub fn element_size(&self) -> usize {
        match self {
            Array::Boolean(_) | Array::Byte(_) => 1,
            Array::Char(_) | Array::Short(_) => 2,
            Array::Int(_) | Array::Float(_) | Array::Ref(_) => 4,
            Array::Long(_) | Array::Double(_) => 8,
        }
    }

    /// Approximate heap footprint in bytes (for GC pacing and memory limits).
    pub fn byte_size(&self) -> usize {
        self.len() * self.element_size()
    }

    /// Element `i` as a slot value (sub-int types widened). Bounds are checked by the
    /// caller; out of range gives `None`.
    pub fn get(&self, i: usize) -> Option<Value> {
        Some(match self {
            Array::Boolean(a) | Array::Byte(a) => Value::Int(*a.get(i)? as i32),
            Array::Char(a) => Value::Int(*a.get(i)? as i32),
            Array::Short(a) => Value::Int(*a.get(i)? as i32),
            Array::Int(a) => Value::Int(*a.get(i)?),
            Array::Long(a) => Value::Long(*a.get(i)?),
            Array::Float(a) => Value::Float(*a.get(i)?),
            Array::Double(a) => Value::Double(*a.get(i)?),
            Array::Ref(a) => Value::Ref(*a.get(i)?),
        })
    }

    /// Stores a slot value into element `i`, narrowing ints as the array type requires
    /// (JVMS §6.5 bastore/castore/sastore). Returns `false` if `i` is out of range or
    /// the value has the wrong basic type.
    pub fn set(&mut self, i: usize, v: Value) -> bool {
        match (self, v) {
            (Array::Boolean(a), Value::Int(x)) => a.get_mut(i).map(|e| *e = (x & 1) as i8).is_some(),
            (Array::Byte(a), Value::Int(x)) => a.get_mut(i).map(|e| *e = x as i8).is_some(),
            (Array::Char(a), Value::Int(x)) => a.get_mut(i).map(|e| *e = x as u16).is_some(),
            (Array::Short(a), Value::Int(x)) => a.get_mut(i).map(|e| *e = x as i16).is_some(),
            (Array::Int(a), Value::Int(x)) => a.get_mut(i).map(|e| *e = x).is_some(),
            (Array::Long(a), Value::Long(x)) => a.get_mut(i).map(|e| *e = x).is_some(),
            (Array::Float(a), Value::Float(x)) => a.get_mut(i).map(|e| *e = x).is_some(),
            (Array::Double(a), Value::Double(x)) => a.get_mut(i).map(|e| *e = x).is_some(),
            (Array::Ref(a), Value::Ref(x)) => a.get_mut(i).map(|e| *e = x).is_some(),
            _ => false,
        }
    }

    /// Whether this is an array of a primitive type.
    pub fn is_primitive(&self) -> bool {
        !matches!(self, Array::Ref(_))
    }

    /// The bits of primitive element `i`, zero-extended (floats by `to_bits`, so every
    /// NaN payload stays distinct); `None` out of range or for a reference array.
    pub fn bits(&self, i: usize) -> Option<u64> {
        Some(match self {
            Array::Boolean(a) | Array::Byte(a) => *a.get(i)? as u8 as u64,
            Array::Char(a) => *a.get(i)? as u64,
            Array::Short(a) => *a.get(i)? as u16 as u64,
            Array::Int(a) => *a.get(i)? as u32 as u64,
            Array::Long(a) => *a.get(i)? as u64,
            Array::Float(a) => a.get(i)?.to_bits() as u64,
            Array::Double(a) => a.get(i)?.to_bits(),
            Array::Ref(_) => return None,
        })
    }

    /// Puts back primitive element `i` as [`Array::bits`] gave it.
    pub(crate) fn set_bits(&mut self, i: usize, bits: u64) {
        match self {
            Array::Boolean(a) | Array::Byte(a) => a[i] = bits as u8 as i8,
            Array::Char(a) => a[i] = bits as u16,
            Array::Short(a) => a[i] = bits as u16 as i16,
            Array::Int(a) => a[i] = bits as u32 as i32,
            Array::Long(a) => a[i] = bits as i64,
            Array::Float(a) => a[i] = f32::from_bits(bits as u32),
            Array::Double(a) => a[i] = f64::from_bits(bits),
            Array::Ref(_) => {}
        }
    }

    /// A copy of this array (`clone()` on arrays is shallow).
    pub fn duplicate(&self) -> Array {
        self.clone()
    }
}
