//! Symbolic reference resolution (JVMS §5.4.3.2–4) and method selection (§5.4.6).
//! Pure lookups over loaded classes: they may load classes but never run Java code.

use jvmc_classfile::access;

use super::{ClassId, ClassKind, FieldInfo, MethodId};
use crate::vm::Vm;

impl Vm {
    /// Field resolution (JVMS §5.4.3.2): `class` itself, then its superinterfaces
    /// (recursively), then its superclass. Returns the declaring class and the field.
    pub fn find_field(&self, class: ClassId, name: &str, descriptor: &str) -> Option<(ClassId, &FieldInfo)> {
        let c = self.class(class);
        if let Some(f) = c.field(name, descriptor) {
            return Some((class, f));
        }
        for &i in &c.interfaces {
            if let Some(found) = self.find_field(i, name, descriptor) {
                return Some(found);
            }
        }
        c.super_class.and_then(|s| self.find_field(s, name, descriptor))
    }

    /// A method declared directly in `class`.
    pub fn declared_method(&self, class: ClassId, name: &str, descriptor: &str) -> Option<MethodId> {
        self.class(class).methods.iter().copied().find(|&m| {
            let mm = self.method(m);
            &*mm.name == name && &*mm.descriptor == descriptor
        })
    }

    /// Method resolution (JVMS §5.4.3.3 for classes, §5.4.3.4 for interfaces): the
    /// class and its superclasses, then the maximally specific superinterface methods
    /// (a non-abstract one preferred), then — for interfaces — `Object`'s public methods.
    pub fn resolve_method(&self, class: ClassId, name: &str, descriptor: &str) -> Option<MethodId> {
        let mut c = Some(class);
        while let Some(cid) = c {
            if let Some(m) = self.declared_method(cid, name, descriptor) {
                return Some(m);
            }
            // signature-polymorphic methods (MethodHandle.invoke*, VarHandle.*) are
            // declared once with descriptor ([Ljava/lang/Object;)Ljava/lang/Object;
            if let Some(m) = self.signature_polymorphic(cid, name) {
                return Some(m);
            }
            c = self.class(cid).super_class;
        }
        if let Some(m) = self.max_specific_interface_method(class, name, descriptor) {
            return Some(m);
        }
        if self.class(class).is_interface() {
            let object = self.wk.object;
            if let Some(m) = self.declared_method(object, name, descriptor) {
                if self.method(m).access & access::PUBLIC != 0 {
                    return Some(m);
                }
            }
        }
        None
    }

    fn signature_polymorphic(&self, class: ClassId, name: &str) -> Option<MethodId> {
        let cname = &*self.class(class).name;
        if cname != "java/lang/invoke/MethodHandle" && cname != "java/lang/invoke/VarHandle" {
            return None;
        }
        self.class(class).methods.iter().copied().find(|&m| {
            let mm = self.method(m);
            &*mm.name == name && mm.access & access::NATIVE != 0 && mm.access & access::VARARGS != 0
        })
    }

    /// The maximally-specific superinterface method of `class` named `name`
    /// (JVMS §5.4.3.3): among all superinterface declarations, those not overridden by
    /// a declaration in a subinterface; a non-abstract one is preferred.
    fn max_specific_interface_method(&self, class: ClassId, name: &str, descriptor: &str) -> Option<MethodId> {
        let c = self.class(class);
        let mut candidates: Vec<MethodId> = Vec::new();
        for &t in &c.supertypes {
            if t == class && !c.is_interface() {
                continue;
            }
            let tc = self.class(t);
            if !tc.is_interface() {
                continue;
            }
            if let Some(m) = self.declared_method(t, name, descriptor) {
                let mm = self.method(m);
                if !mm.is_static() && !mm.is_private() {
                    candidates.push(m);
                }
            }
        }
        // drop candidates whose interface is a proper supertype of another candidate's
        let keep: Vec<MethodId> = candidates
            .iter()
            .copied()
            .filter(|&m| {
                let mi = self.method(m).class;
                !candidates.iter().any(|&o| {
                    let oi = self.method(o).class;
                    oi != mi && self.class(oi).is_subtype_of(mi)
                })
            })
            .collect();
        keep.iter().copied().find(|&m| !self.method(m).is_abstract()).or_else(|| keep.first().copied())
    }

    /// Method selection (JVMS §5.4.6) for `invokevirtual`/`invokeinterface`: the method
    /// that `resolved` means for a receiver of class `receiver`. Cached per
    /// (receiver class, resolved method).
    pub fn select_method(&mut self, receiver: ClassId, resolved: MethodId) -> Option<MethodId> {
        let rm = self.method(resolved);
        if rm.is_private() || rm.is_static() {
            return Some(resolved);
        }
        if let Some(&m) = self.dispatch_cache.get(&(receiver, resolved)) {
            return Some(m);
        }
        let selected = self.select_uncached(receiver, resolved)?;
        self.dispatch_cache.insert((receiver, resolved), selected);
        Some(selected)
    }

    fn select_uncached(&self, receiver: ClassId, resolved: MethodId) -> Option<MethodId> {
        let rm = self.method(resolved);
        let (name, desc) = (&*rm.name, &*rm.descriptor);
        // arrays inherit Object's methods
        let start = match self.class(receiver).kind {
            ClassKind::Array { .. } => self.wk.object,
            _ => receiver,
        };
        let mut c = Some(start);
        while let Some(cid) = c {
            if let Some(m) = self.declared_method(cid, name, desc) {
                let mm = self.method(m);
                if !mm.is_static() && (m == resolved || self.overrides(m, resolved)) {
                    return Some(m);
                }
            }
            c = self.class(cid).super_class;
        }
        self.max_specific_interface_method(start, name, desc)
    }

    /// Whether `m` overrides `other` (JVMS §5.4.5), given equal name and descriptor.
    fn overrides(&self, m: MethodId, other: MethodId) -> bool {
        let mm = self.method(m);
        let om = self.method(other);
        if mm.is_private() {
            return false;
        }
        if om.access & (access::PUBLIC | access::PROTECTED) != 0 || self.class(om.class).is_interface() {
            return true;
        }
        // package-private: same runtime package
        self.class(mm.class).package() == self.class(om.class).package()
    }

    /// `invokespecial` selection (JVMS §6.5.invokespecial): for a non-`<init>` method
    /// of a superclass of the current class, look up from the current class's
    /// superclass; otherwise the resolved method itself.
    pub fn select_special(&self, current: ClassId, symbolic: ClassId, resolved: MethodId) -> MethodId {
        let rm = self.method(resolved);
        let cur = self.class(current);
        let is_super_call = !rm.is_init()
            && !self.class(symbolic).is_interface()
            && symbolic != current
            && cur.is_subtype_of(symbolic)
            && cur.access & access::SUPER != 0;
        if !is_super_call {
            return resolved;
        }
        let mut c = cur.super_class;
        while let Some(cid) = c {
            if let Some(m) = self.declared_method(cid, &rm.name, &rm.descriptor) {
                if !self.method(m).is_static() {
                    return m;
                }
            }
            c = self.class(cid).super_class;
        }
        self.max_specific_interface_method(cur.super_class.unwrap_or(current), &rm.name, &rm.descriptor)
            .unwrap_or(resolved)
    }
}
