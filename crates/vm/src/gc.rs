//! Garbage collection glue: which objects are roots. The heap does the marking and
//! sweeping; this module only enumerates roots at a safepoint.

use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    /// Collects garbage if enough was allocated since the last collection. Called by
    /// the interpreter before allocating, when every live reference is in a root.
    #[inline]
    pub(crate) fn maybe_collect(&mut self, ts: &ThreadStack) {
        if self.heap.wants_collection() {
            self.collect_garbage(ts);
        }
    }

    /// Collects garbage now. `ts` is the running thread's stack (held outside the
    /// thread table while it runs).
    pub fn collect_garbage(&mut self, ts: &ThreadStack) -> usize {
        let roots = self.roots(Some(ts));
        self.heap.collect(roots)
    }

    /// The roots of the young collection (model checker): thread stacks and objects,
    /// statics of classes changed since the initial state, saved initialisation
    /// errors. Old and permanent objects are covered by the heap's remembered set.
    pub(crate) fn young_roots(&self) -> Vec<ObjRef> {
        let mut roots: Vec<ObjRef> = Vec::new();
        let refs = |vals: &[Value], out: &mut Vec<ObjRef>| {
            out.extend(vals.iter().filter_map(|v| match v {
                Value::Ref(Some(r)) => Some(*r),
                _ => None,
            }))
        };
        for t in &self.threads {
            refs(&t.stack.values, &mut roots);
            roots.extend(t.object);
        }
        if let Some(chk) = self.check.as_ref() {
            for c in &chk.changed_classes {
                refs(&self.class_states[c.index()].statics, &mut roots);
            }
        }
        roots.extend(self.init_errors.values().copied());
        roots
    }

    /// Every root: thread stacks and objects (plus `running`, the stack of the thread
    /// being run, held outside the thread table), statics, class mirrors and other
    /// pinned objects, interned strings, saved initialisation errors.
    pub(crate) fn roots(&self, running: Option<&ThreadStack>) -> Vec<ObjRef> {
        let mut roots: Vec<ObjRef> = Vec::new();
        let refs = |vals: &[Value], out: &mut Vec<ObjRef>| {
            out.extend(vals.iter().filter_map(|v| match v {
                Value::Ref(Some(r)) => Some(*r),
                _ => None,
            }))
        };
        if let Some(ts) = running {
            refs(&ts.values, &mut roots);
        }
        for t in &self.threads {
            refs(&t.stack.values, &mut roots);
            roots.extend(t.object);
        }
        for s in &self.class_states {
            refs(&s.statics, &mut roots);
        }
        roots.extend(self.classes.iter().filter_map(|c| c.mirror));
        roots.extend(self.pinned.iter().copied());
        roots.extend(self.interned.values().copied());
        roots.extend(self.init_errors.values().copied());
        roots.extend(self.unnamed_module);
        roots
    }
}
