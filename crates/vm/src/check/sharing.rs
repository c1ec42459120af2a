//! Which objects another thread can reach, for the `shared` scheduling policy.
//!
//! Every object that exists when checking starts is shared (the JDK's objects hang
//! off static fields). A new object is local to the thread that allocated it until it
//! is *published*: stored into a shared object, an array of one, or a static field, or
//! reachable from a thread object when that thread starts. Publishing marks the
//! object and everything reachable from it shared. The publishing store is itself an
//! access to a shared object, hence a scheduling point, so no interleaving is lost.
//! Sharing only grows along a path and is journaled with the objects, so a path always
//! sees the same sharing; it is not part of the state (it is a sound
//! over-approximation of reachability, which the state already determines).

use crate::heap::SHARED;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    /// Marks `obj` and everything reachable from it shared.
    pub(crate) fn publish(&mut self, obj: ObjRef) {
        if self.heap.get(obj).has(SHARED) {
            return;
        }
        let mut work = vec![obj];
        while let Some(o) = work.pop() {
            if self.heap.get(o).has(SHARED) {
                continue;
            }
            self.heap.get_mut(o).flags |= SHARED;
            let next: Vec<ObjRef> = self.heap.references(o).filter(|c| !self.heap.get(*c).has(SHARED)).collect();
            work.extend(next);
        }
    }

    /// A reference stored into `container` (`None`: a static field) is published if the
    /// container is shared.
    #[inline]
    pub(crate) fn note_store(&mut self, container: Option<ObjRef>, v: Value) {
        if self.check.is_none() {
            return;
        }
        let Value::Ref(Some(r)) = v else { return };
        let shared_container = container.is_none_or(|c| self.heap.get(c).has(SHARED));
        if shared_container && !self.heap.get(r).has(SHARED) {
            self.publish(r);
        }
    }
}
