//! Java strings from Rust and back, in the JDK 17 compact representation
//! (`byte[] value` + `coder`: LATIN1 = 0, UTF16 = 1 little-endian, matching
//! `StringUTF16.isBigEndian() == false`), and the intern table.

use crate::error::VmResult;
use crate::heap::Array;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    /// A new `String` with the given UTF-16 content.
    pub fn new_string_utf16(&mut self, units: &[u16]) -> VmResult<ObjRef> {
        let (bytes, coder): (Vec<i8>, i32) = if units.iter().all(|&u| u < 256) {
            (units.iter().map(|&u| u as u8 as i8).collect(), 0)
        } else {
            let mut b = Vec::with_capacity(units.len() * 2);
            for &u in units {
                b.push((u & 0xFF) as u8 as i8);
                b.push((u >> 8) as u8 as i8);
            }
            (b, 1)
        };
        let value = self.heap.alloc_array(self.wk.byte_array, Array::Byte(bytes.into()));
        let sc = self.wk.string;
        let mut fields: Box<[Value]> = self.class(sc).instance_template.to_vec().into();
        fields[self.wk.string_value] = Value::obj(value);
        fields[self.wk.string_coder] = Value::Int(coder);
        Ok(self.heap.alloc_instance(sc, fields))
    }

    /// A new `String` from Rust text.
    pub fn new_string(&mut self, s: &str) -> VmResult<ObjRef> {
        let units: Vec<u16> = s.encode_utf16().collect();
        self.new_string_utf16(&units)
    }

    /// The UTF-16 content of a `String`.
    pub fn string_utf16(&self, s: ObjRef) -> VmResult<Vec<u16>> {
        let value = match self.heap.field(s, self.wk.string_value) {
            Some(Value::Ref(Some(v))) => v,
            _ => return self.internal("String without value array"),
        };
        let coder = self.heap.field(s, self.wk.string_coder).and_then(Value::as_int).unwrap_or(0);
        let Some(Array::Byte(b)) = self.heap.array(value) else {
            return self.internal("String.value is not a byte[]");
        };
        Ok(if coder == 0 {
            b.iter().map(|&x| x as u8 as u16).collect()
        } else {
            b.chunks_exact(2).map(|c| (c[0] as u8 as u16) | ((c[1] as u8 as u16) << 8)).collect()
        })
    }

    /// The content of a `String` as Rust text (unpaired surrogates become U+FFFD).
    pub fn string_to_rust(&self, s: ObjRef) -> VmResult<String> {
        Ok(String::from_utf16_lossy(&self.string_utf16(s)?))
    }

    /// The canonical (interned) string with this content; created and pinned if new.
    pub fn intern_utf16(&mut self, units: &[u16]) -> VmResult<ObjRef> {
        if let Some(&s) = self.interned.get(units) {
            return Ok(s);
        }
        let content: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
        self.heap.set_permanent(Some(xxhash_rust::xxh3::xxh3_64_with_seed(&content, 0x696e_7465_726e)));
        let s = self.new_string_utf16(units);
        self.heap.set_permanent(None);
        let s = s?;
        self.pinned.push(s);
        self.interned.insert(units.into(), s);
        Ok(s)
    }

    /// An interned string from Rust text.
    pub fn intern_str(&mut self, s: &str) -> VmResult<ObjRef> {
        let units: Vec<u16> = s.encode_utf16().collect();
        self.intern_utf16(&units)
    }

    /// `String.intern()`: the canonical instance equal to `s` (`s` itself if first;
    /// under the model checker a permanent copy, because the intern table is not
    /// undone when a path is backtracked).
    pub fn intern(&mut self, s: ObjRef) -> VmResult<ObjRef> {
        let units = self.string_utf16(s)?;
        if let Some(&c) = self.interned.get(&units[..]) {
            return Ok(c);
        }
        if self.heap.tracking() {
            return self.intern_utf16(&units);
        }
        self.pinned.push(s);
        self.interned.insert(units.into(), s);
        Ok(s)
    }
}
