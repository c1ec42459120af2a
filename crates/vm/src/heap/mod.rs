//! The heap: an object table indexed by [`ObjRef`], each entry a class and a body of
//! flat slots (instance fields) or a typed [`Array`].
//!
//! Owns allocation, field/element storage and garbage collection (mark from roots the
//! caller supplies, sweep into a free list). It knows classes only as [`ClassId`]s and
//! nothing about Java semantics: no bounds messages, no exceptions.
//!
//! **Invariant:** the heap never collects on its own. Collection happens only when the
//! interpreter asks for it at a safepoint, when every live reference is in a root the
//! caller passes; natives may therefore hold `ObjRef`s in Rust locals.

mod array;

pub use array::Array;

use crate::class::ClassId;
use crate::value::{ObjRef, Value};

/// What an object holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// instance fields, one slot each, in layout order (see `Class::instance_slots`)
    Fields(Box<[Value]>),
    /// array elements
    Array(Array),
}

/// One heap object.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    /// the object's class (for arrays, the array class)
    pub class: ClassId,
    /// fields or elements
    pub body: Body,
}

impl Object {
    fn byte_size(&self) -> usize {
        16 + match &self.body {
            Body::Fields(f) => f.len() * 8,
            Body::Array(a) => a.byte_size(),
        }
    }
}

/// The object table.
#[derive(Debug)]
pub struct Heap {
    objects: Vec<Option<Object>>,
    free: Vec<u32>,
    live_objects: usize,
    bytes_since_gc: usize,
    live_bytes_after_gc: usize,
    /// collection is requested once this many bytes were allocated since the last one
    gc_threshold: usize,
    /// how many collections ran
    pub collections: u64,
}

impl Default for Heap {
    fn default() -> Self {
        Heap::new()
    }
}

const MIN_GC_THRESHOLD: usize = 64 << 20;

impl Heap {
    /// An empty heap.
    pub fn new() -> Heap {
        Heap {
            objects: vec![None],
            free: Vec::new(),
            live_objects: 0,
            bytes_since_gc: 0,
            live_bytes_after_gc: 0,
            gc_threshold: MIN_GC_THRESHOLD,
            collections: 0,
        }
    }

    /// Allocates an object and returns its reference.
    pub fn alloc(&mut self, obj: Object) -> ObjRef {
        self.bytes_since_gc += obj.byte_size();
        self.live_objects += 1;
        let index = match self.free.pop() {
            Some(i) => {
                self.objects[i as usize] = Some(obj);
                i
            }
            None => {
                self.objects.push(Some(obj));
                (self.objects.len() - 1) as u32
            }
        };
        // index 0 is never handed out
        ObjRef::from_index(index).unwrap_or_else(|| unreachable!("object index 0 is reserved"))
    }

    /// An instance with `slots` fields, all set to `init[i]`.
    pub fn alloc_instance(&mut self, class: ClassId, fields: Box<[Value]>) -> ObjRef {
        self.alloc(Object { class, body: Body::Fields(fields) })
    }

    /// An array object.
    pub fn alloc_array(&mut self, class: ClassId, array: Array) -> ObjRef {
        self.alloc(Object { class, body: Body::Array(array) })
    }

    /// The object behind `r`.
    ///
    /// A live `ObjRef` always names an object; a dangling one is a jvmc bug and
    /// panics with a message saying so.
    #[inline(always)]
    pub fn get(&self, r: ObjRef) -> &Object {
        match self.objects.get(r.index()) {
            Some(Some(o)) => o,
            _ => dangling(r),
        }
    }

    /// The object behind `r`, mutably.
    #[inline(always)]
    pub fn get_mut(&mut self, r: ObjRef) -> &mut Object {
        match self.objects.get_mut(r.index()) {
            Some(Some(o)) => o,
            _ => dangling(r),
        }
    }

    /// The class of `r`.
    #[inline(always)]
    pub fn class_of(&self, r: ObjRef) -> ClassId {
        self.get(r).class
    }

    /// Field slot `slot` of instance `r`.
    #[inline(always)]
    pub fn field(&self, r: ObjRef, slot: usize) -> Option<Value> {
        match &self.get(r).body {
            Body::Fields(f) => f.get(slot).copied(),
            Body::Array(_) => None,
        }
    }

    /// Sets field slot `slot` of instance `r`; `false` if there is no such slot.
    #[inline(always)]
    pub fn set_field(&mut self, r: ObjRef, slot: usize, v: Value) -> bool {
        match &mut self.get_mut(r).body {
            Body::Fields(f) => f.get_mut(slot).map(|s| *s = v).is_some(),
            Body::Array(_) => false,
        }
    }

    /// The array behind `r`, if it is one.
    #[inline(always)]
    pub fn array(&self, r: ObjRef) -> Option<&Array> {
        match &self.get(r).body {
            Body::Array(a) => Some(a),
            Body::Fields(_) => None,
        }
    }

    /// The array behind `r`, mutably, if it is one.
    #[inline(always)]
    pub fn array_mut(&mut self, r: ObjRef) -> Option<&mut Array> {
        match &mut self.get_mut(r).body {
            Body::Array(a) => Some(a),
            Body::Fields(_) => None,
        }
    }

    /// Number of live objects.
    pub fn live_objects(&self) -> usize {
        self.live_objects
    }

    /// Whether enough was allocated since the last collection that one is due.
    #[inline(always)]
    pub fn wants_collection(&self) -> bool {
        self.bytes_since_gc > self.gc_threshold
    }

    /// Collects everything not reachable from `roots`. Returns the number of objects
    /// freed.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = ObjRef>) -> usize {
        let mut marked = vec![false; self.objects.len()];
        let mut work: Vec<ObjRef> = Vec::new();
        for r in roots {
            if !marked[r.index()] {
                marked[r.index()] = true;
                work.push(r);
            }
        }
        while let Some(r) = work.pop() {
            let mut visit = |c: Option<ObjRef>| {
                if let Some(c) = c {
                    if !marked[c.index()] {
                        marked[c.index()] = true;
                        work.push(c);
                    }
                }
            };
            match &self.get(r).body {
                Body::Fields(f) => {
                    for v in f.iter() {
                        if let Value::Ref(c) = v {
                            visit(*c);
                        }
                    }
                }
                Body::Array(Array::Ref(a)) => {
                    for c in a.iter() {
                        visit(*c);
                    }
                }
                Body::Array(_) => {}
            }
        }
        let mut freed = 0;
        let mut live_bytes = 0;
        for (i, slot) in self.objects.iter_mut().enumerate().skip(1) {
            match slot {
                Some(o) if !marked[i] => {
                    let _ = o;
                    *slot = None;
                    self.free.push(i as u32);
                    freed += 1;
                }
                Some(o) => live_bytes += o.byte_size(),
                None => {}
            }
        }
        // reuse low indices first: deterministic and compact
        self.free.sort_unstable_by(|a, b| b.cmp(a));
        self.live_objects -= freed;
        self.collections += 1;
        self.bytes_since_gc = 0;
        self.live_bytes_after_gc = live_bytes;
        self.gc_threshold = MIN_GC_THRESHOLD.max(live_bytes);
        freed
    }

    /// Bytes held by live objects at the last collection.
    pub fn live_bytes_after_gc(&self) -> usize {
        self.live_bytes_after_gc
    }

    /// Iterates over all live objects.
    pub fn iter(&self) -> impl Iterator<Item = (ObjRef, &Object)> {
        self.objects.iter().enumerate().filter_map(|(i, o)| Some((ObjRef::from_index(i as u32)?, o.as_ref()?)))
    }
}

#[cold]
#[inline(never)]
fn dangling(r: ObjRef) -> ! {
    panic!("internal error (a jvmc bug): dangling object reference #{}", r.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collect_frees_unreachable_and_reuses_slots() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let a = h.alloc_instance(c, vec![Value::NULL].into());
        let b = h.alloc_instance(c, vec![Value::NULL].into());
        let garbage = h.alloc_instance(c, vec![Value::NULL].into());
        h.set_field(a, 0, Value::obj(b));
        assert_eq!(h.collect([a]), 1);
        assert_eq!(h.live_objects(), 2);
        let again = h.alloc_instance(c, vec![].into());
        assert_eq!(again, garbage);
    }

    #[test]
    fn collect_follows_reference_arrays() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let x = h.alloc_instance(c, vec![].into());
        let arr = h.alloc_array(c, Array::Ref(vec![Some(x)].into()));
        assert_eq!(h.collect([arr]), 0);
        assert_eq!(h.collect([]), 2);
    }
}
