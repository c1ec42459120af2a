//! `java.lang.Class` objects ("mirrors"): created on first use, pinned for the run,
//! with the class id in a hidden slot.

use super::{ClassId, ClassKind};
use crate::error::VmResult;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Tags the stable ids of mirrors (see `Heap::set_permanent`).
const MIRROR: u64 = 0x6d69_7272_6f72;

impl Vm {
    /// The `Class` object of `class`.
    pub fn mirror_of(&mut self, class: ClassId) -> VmResult<ObjRef> {
        if let Some(m) = self.class(class).mirror {
            return Ok(m);
        }
        let component = match self.class(class).kind {
            ClassKind::Array { component, .. } => Some(self.mirror_of(component)?),
            _ => None,
        };
        let cc = self.wk.class;
        let mut fields: Box<[Value]> = self.class(cc).instance_template.to_vec().into();
        fields[self.wk.class_id_slot] = Value::Int(class.0 as i32);
        fields[self.wk.class_component] = Value::Ref(component);
        fields[self.wk.class_module] = Value::Ref(self.unnamed_module);
        self.heap.set_permanent(Some(crate::heap::mix_ids(MIRROR, self.class(class).stable)));
        let m = self.heap.alloc_instance(cc, fields);
        self.heap.set_permanent(None);
        self.pinned.push(m);
        self.classes[class.index()].mirror = Some(m);
        Ok(m)
    }

    /// Makes `module` the module of every class, present and future.
    pub(crate) fn set_unnamed_module(&mut self, module: ObjRef) {
        self.unnamed_module = Some(module);
        self.pinned.push(module);
        let slot = self.wk.class_module;
        let mirrors: Vec<ObjRef> = self.classes.iter().filter_map(|c| c.mirror).collect();
        for m in mirrors {
            self.heap.set_field(m, slot, Value::obj(module));
        }
    }

    /// The class a `Class` object stands for, if `obj` is one.
    pub fn class_of_mirror(&self, obj: ObjRef) -> Option<ClassId> {
        if self.heap.class_of(obj) != self.wk.class {
            return None;
        }
        match self.heap.field(obj, self.wk.class_id_slot) {
            Some(Value::Int(i)) if i >= 0 => Some(ClassId(i as u32)),
            _ => None,
        }
    }
}
