//! Heap symmetry (issue 10, item 3): canonical names for the objects allocated while
//! checking, so that states which differ only in the names of such objects match.
//!
//! A young object's stable id says which thread allocated it, where, and how many
//! objects that thread had allocated there before. Two paths that build the same heap
//! differently — a CAS retry that allocates a fresh node, the node a lock queue keeps
//! as its head coming from whichever thread queued first — give it different ids, and
//! the fingerprint then tells equal heaps apart. With symmetry on, the fingerprint
//! names a young object by its position in a breadth-first traversal from the roots
//! instead (canonical heap numbering by traversal; Iosif, *Symmetry reduction
//! criteria for software model checking*, SPIN 2002). The roots come in an order no
//! name influences: the thread objects by thread id (a thread's id comes from its
//! parent's and how many threads the parent started before), the statics of classes
//! holding young objects by class, old objects that may point to young ones by their
//! fixed id, saved initialisation errors by class — and only then the threads'
//! stacks, so that the data the threads share keeps its names while the stacks change.
//! Each object's references are followed in field or element order. Old objects keep
//! their ids: they exist on every path.
//!
//! Why matching up to names is sound: nothing the program can observe depends on a
//! young object's stable id. Its identity hash code does not either: it is handed out
//! on first use from the asking thread's id and count of hashes handed out, both part
//! of the state, and kept in the object (`native/java_lang/object.rs`). So two states
//! equal up to a renaming of young objects have the same futures up to that renaming:
//! the search may explore one and skip the other. The allocation counters that form
//! stable ids are not part of the state; they only name objects.
//!
//! The search's partial-order reduction records accesses by stable id and, in its
//! stateful algorithms, reuses what it learnt at a state when it matches the state
//! again; under a renaming those names would point to other objects. The CLI therefore
//! turns symmetry on only where the search asks for it (`Strategy::matches_up_to_symmetry`):
//! without partial-order reduction (`--por none`) and with sleep sets alone (`--por
//! sleep`, the default), which keep nothing per state that names objects.
//!
//! This module owns the numbering; `fingerprint.rs` hashes with it. It never changes
//! the heap. Cost: the young objects (and the old ones that point to them) are named at
//! every state — on the POR clients about 50 young and a dozen remembered objects —
//! and rehashed when they changed or a name they use moved (`Object::canon_sig`).

use crate::class::ClassId;
use crate::heap::{mix_ids, Array, Body, Heap, REMEMBERED, YOUNG};
use crate::thread::ThreadStatus;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Canonical names are `CANON_TAG | position` (position from 1): boot ids are small
/// counters, young stable ids have bit 63 set, so neither can be one.
const CANON_TAG: u64 = 1 << 61;

/// The canonical name of traversal position `position` (from 1).
fn canonical(position: u32) -> u64 {
    CANON_TAG | u64::from(position)
}

/// The current state's numbering of young objects.
#[derive(Default)]
pub(crate) struct Numbering {
    /// by slot: position in the traversal (from 1), 0 for objects not numbered;
    /// valid for the slots in `order`, 0 elsewhere
    position: Vec<u32>,
    /// the numbered young objects' slots, in traversal order
    order: Vec<u32>,
    /// per entry of `order`: a digest of the object's own name and its references'
    /// names, never 0 (a cached hash computed with the same digest is still valid)
    sigs: Vec<u64>,
    /// old objects currently marked remembered, by stable id: they may point to young
    /// objects, so their hashes use the numbering too
    remembered: Vec<ObjRef>,
    /// per entry of `remembered`: a digest of its references' names, never 0
    remembered_sigs: Vec<u64>,
    /// every object ever remembered (`Heap::remembered`) with its stable id, sorted by
    /// it; rebuilt when that list grows (old objects are never freed while checking)
    ever_remembered: Vec<(u64, ObjRef)>,
    /// classes whose statics hold young objects, by id
    pub(crate) classes: Vec<ClassId>,
    /// every class whose statics held young objects when its hash was last brought up
    /// to date, on any path (`update_hashes` adds them; `classes` is drawn from it)
    class_candidates: Vec<ClassId>,
}

impl Numbering {
    /// Notes that class `c`'s statics hold young objects.
    pub(crate) fn note_young_statics(&mut self, c: ClassId) {
        if !self.class_candidates.contains(&c) {
            self.class_candidates.push(c);
        }
    }

    /// The objects whose hashes use the numbering (the young ones in traversal order,
    /// then the remembered old ones), each with the digest of the names it uses.
    pub(crate) fn objects(&self) -> impl Iterator<Item = (ObjRef, u64)> + '_ {
        let young = self.order.iter().zip(&self.sigs).filter_map(|(&slot, &sig)| Some((ObjRef::from_index(slot)?, sig)));
        young.chain(self.remembered.iter().copied().zip(self.remembered_sigs.iter().copied()))
    }

    /// The canonical name of the object in `slot`, if it was numbered.
    #[inline]
    pub(crate) fn name(&self, slot: usize) -> Option<u64> {
        match self.position.get(slot) {
            Some(&p) if p != 0 => Some(canonical(p)),
            _ => None,
        }
    }

    /// Numbers `r` if it is young and not numbered yet; returns its name.
    fn visit(&mut self, heap: &Heap, r: ObjRef) -> u64 {
        let i = r.index();
        let o = heap.get(r);
        if !o.has(YOUNG) {
            return o.sid;
        }
        if self.position[i] == 0 {
            self.order.push(i as u32);
            self.position[i] = self.order.len() as u32;
        }
        canonical(self.position[i])
    }

    fn visit_values(&mut self, heap: &Heap, vals: &[Value]) {
        for v in vals {
            if let Value::Ref(Some(r)) = v {
                self.visit(heap, *r);
            }
        }
    }

    /// Numbers the young objects `r` references, in field or element order, and
    /// returns a digest (never 0) of `name` and their names.
    fn visit_references(&mut self, heap: &Heap, r: ObjRef, name: u64) -> u64 {
        let mut sig = mix_ids(CANON_TAG, name);
        match &heap.get(r).body {
            Body::Fields(fields) => {
                for v in fields.iter() {
                    if let Value::Ref(Some(c)) = v {
                        sig = mix_ids(sig, self.visit(heap, *c));
                    }
                }
            }
            Body::Array(Array::Ref(elements)) => {
                for c in elements.iter().flatten() {
                    sig = mix_ids(sig, self.visit(heap, *c));
                }
            }
            Body::Array(_) => {}
        }
        sig | 1
    }

    /// Numbers, breadth-first, everything young reachable from the objects numbered
    /// from `order[from]` on, and digests each one's names.
    fn traverse(&mut self, heap: &Heap, from: usize) {
        let mut next = from;
        while next < self.order.len() {
            let slot = self.order[next];
            next += 1;
            let Some(r) = ObjRef::from_index(slot) else { continue };
            let sig = self.visit_references(heap, r, canonical(next as u32));
            self.sigs.push(sig);
        }
    }
}

impl Vm {
    /// Whether young objects are named by position (`CheckOptions::symmetry`).
    pub(crate) fn symmetric(&self) -> bool {
        self.check.as_ref().is_some_and(|c| c.numbering.is_some())
    }

    /// Numbers the young objects of the current state (after the young collection, so
    /// every young object is reachable) and lists the old objects and classes whose
    /// hashes depend on the numbering. What the threads' stacks reach comes last, so
    /// that the data they share keeps its names while the stacks change.
    pub(crate) fn number_young_objects(&mut self) {
        let Some(mut n) = self.check.as_mut().and_then(|c| c.numbering.take()) else { return };
        for &i in &n.order {
            n.position[i as usize] = 0;
        }
        n.order.clear();
        n.sigs.clear();
        n.position.resize(self.heap.slots(), 0);
        let heap = &self.heap;
        let mut threads: Vec<(u64, usize)> = self.threads.iter().enumerate().map(|(i, t)| (t.sid, i)).collect();
        threads.sort_unstable();
        for &(_, i) in &threads {
            if let Some(o) = self.threads[i].object {
                n.visit(heap, o);
            }
        }
        n.classes.clear();
        for k in 0..n.class_candidates.len() {
            let c = n.class_candidates[k];
            if self.class_states[c.index()].statics.iter().any(|v| is_young(heap, v)) {
                n.classes.push(c);
            }
        }
        n.classes.sort_unstable_by_key(|&c| self.classes[c.index()].stable);
        for k in 0..n.classes.len() {
            let c = n.classes[k];
            n.visit_values(heap, &self.class_states[c.index()].statics);
        }
        if n.ever_remembered.len() != heap.remembered().len() {
            n.ever_remembered = heap.remembered().iter().filter_map(|&i| ObjRef::from_index(i)).map(|r| (heap.get(r).sid, r)).collect();
            n.ever_remembered.sort_unstable();
        }
        n.remembered.clear();
        n.remembered_sigs.clear();
        for k in 0..n.ever_remembered.len() {
            let (sid, r) = n.ever_remembered[k];
            if heap.get(r).has(REMEMBERED) {
                n.remembered.push(r);
                let sig = n.visit_references(heap, r, sid);
                n.remembered_sigs.push(sig);
            }
        }
        let mut errors: Vec<(ClassId, ObjRef)> = self.init_errors.iter().map(|(&c, &r)| (c, r)).collect();
        errors.sort_unstable_by_key(|&(c, _)| self.classes[c.index()].stable);
        for (_, r) in errors {
            n.visit(heap, r);
        }
        n.traverse(heap, 0);
        let from = n.order.len();
        for &(_, i) in &threads {
            let t = &self.threads[i];
            n.visit_values(heap, &t.stack.values);
            if let ThreadStatus::Waiting { monitor, .. } = t.status {
                n.visit(heap, monitor);
            }
        }
        n.traverse(heap, from);
        if let Some(chk) = self.check.as_mut() {
            chk.numbering = Some(n);
        }
    }
}

/// Whether `v` refers to a young object.
pub(crate) fn is_young(heap: &Heap, v: &Value) -> bool {
    matches!(v, Value::Ref(Some(r)) if heap.get(*r).has(YOUNG))
}
