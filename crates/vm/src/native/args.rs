//! Typed access to a native's arguments.

use crate::error::VmError;
use crate::native::Unwind;
use crate::value::{ObjRef, Value};

/// A native's arguments: one [`Value`] per parameter, receiver first.
#[derive(Clone, Copy, Debug)]
pub struct Args<'a>(pub &'a [Value]);

fn mismatch(i: usize, want: &str, got: Option<&Value>) -> Unwind {
    Unwind::Fatal(VmError::Internal(format!("native argument {i}: expected {want}, got {got:?}")))
}

impl<'a> Args<'a> {
    /// Argument `i` as an int.
    pub fn int(&self, i: usize) -> Result<i32, Unwind> {
        self.0.get(i).and_then(|v| v.as_int()).ok_or_else(|| mismatch(i, "int", self.0.get(i)))
    }
    /// Argument `i` as a boolean.
    pub fn bool(&self, i: usize) -> Result<bool, Unwind> {
        Ok(self.int(i)? != 0)
    }
    /// Argument `i` as a long.
    pub fn long(&self, i: usize) -> Result<i64, Unwind> {
        self.0.get(i).and_then(|v| v.as_long()).ok_or_else(|| mismatch(i, "long", self.0.get(i)))
    }
    /// Argument `i` as a float.
    pub fn float(&self, i: usize) -> Result<f32, Unwind> {
        self.0.get(i).and_then(|v| v.as_float()).ok_or_else(|| mismatch(i, "float", self.0.get(i)))
    }
    /// Argument `i` as a double.
    pub fn double(&self, i: usize) -> Result<f64, Unwind> {
        self.0.get(i).and_then(|v| v.as_double()).ok_or_else(|| mismatch(i, "double", self.0.get(i)))
    }
    /// Argument `i` as a reference (`None` = null).
    pub fn obj(&self, i: usize) -> Result<Option<ObjRef>, Unwind> {
        self.0.get(i).and_then(|v| v.as_ref()).ok_or_else(|| mismatch(i, "reference", self.0.get(i)))
    }
    /// Argument `i` as a value.
    pub fn value(&self, i: usize) -> Result<Value, Unwind> {
        self.0.get(i).copied().ok_or_else(|| mismatch(i, "value", None))
    }
    /// Number of arguments.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
