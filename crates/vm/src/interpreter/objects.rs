//! Object and array creation, type checks and constants: `new`, `newarray`,
//! `anewarray`, `multianewarray`, `checkcast`, `instanceof`, `ldc` (JVMS §6.5).

use jvmc_classfile::{access, PoolEntry, PrimitiveType};

use super::Flow;
use crate::class::{ClassId, ClassKind, InitState, MethodId, Resolved};
use crate::error::VmError;
use crate::heap::Array;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

impl Vm {
    /// Loads the class named in a symbolic reference; a missing class throws
    /// `NoClassDefFoundError`.
    pub(crate) fn resolve_class_name(&mut self, ts: &mut ThreadStack, name: &str) -> Result<ClassId, Unwind> {
        match self.load_class(name)? {
            Ok(c) => Ok(c),
            Err(missing) => {
                self.missing_classes.push(missing.0.clone());
                Err(self.throw_new(ts, "java/lang/NoClassDefFoundError", Some(&missing.0)))
            }
        }
    }

    /// Resolves the class reference `index` of `method`'s class (cached).
    pub(crate) fn resolve_class_insn(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<ClassId, Unwind> {
        let current = self.method(method).class;
        let cache = self.class(current).pool.clone();
        if let Resolved::Class(c) = cache[index as usize].get() {
            return Ok(c);
        }
        let Some(def) = self.class(current).def.clone() else {
            return Err(Unwind::Fatal(VmError::Internal("class reference in a class without a pool".into())));
        };
        let PoolEntry::Class(name) = def.pool.get(index) else {
            return Err(Unwind::Fatal(VmError::Internal("operand is not a class reference".into())));
        };
        let c = self.resolve_class_name(ts, name)?;
        cache[index as usize].set(Resolved::Class(c));
        Ok(c)
    }

    /// A new instance of `class` with zeroed fields (no constructor run).
    pub(crate) fn alloc_object(&mut self, class: ClassId) -> ObjRef {
        let fields: Box<[crate::value::Value]> = self.class(class).instance_template.to_vec().into();
        self.heap.alloc_instance(class, fields)
    }

    /// `new`: resolve, initialise, allocate.
    pub(crate) fn new_object(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let c = self.resolve_class_insn(ts, method, index)?;
        if self.class_states[c.index()].init != InitState::Initialized && !self.ensure_initialized(ts, c)? {
            return Ok(Flow::Switched);
        }
        let cls = self.class(c);
        if cls.access & (access::ABSTRACT | access::INTERFACE) != 0 || cls.kind != ClassKind::Instance {
            let name = cls.java_name();
            return Err(self.throw_new(ts, "java/lang/InstantiationError", Some(&name)));
        }
        self.maybe_collect(ts);
        let obj = self.alloc_object(c);
        ts.values.push(Value::obj(obj));
        Ok(Flow::Next)
    }

    /// `newarray`.
    pub(crate) fn new_primitive_array(&mut self, ts: &mut ThreadStack, t: PrimitiveType, n: i32) -> Result<ObjRef, Unwind> {
        if n < 0 {
            return Err(self.throw_new(ts, "java/lang/NegativeArraySizeException", Some(&n.to_string())));
        }
        self.check_array_size(ts, n as usize * 8)?;
        let pc = self.primitive_class(Some(t));
        let ac = self.array_class_of(pc)?;
        Ok(self.heap.alloc_array(ac, Array::new_primitive(t, n as usize)))
    }

    fn check_array_size(&mut self, ts: &mut ThreadStack, bytes: usize) -> Result<(), Unwind> {
        // arrays beyond 2 GiB would be refused by HotSpot's default heap as well
        if bytes > (2usize << 30) {
            return Err(self.throw_new(ts, "java/lang/OutOfMemoryError", Some("Java heap space")));
        }
        Ok(())
    }

    /// `anewarray`.
    pub(crate) fn anewarray(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let c = self.resolve_class_insn(ts, method, index)?;
        let n = match ts.values.pop() {
            Some(Value::Int(n)) => n,
            _ => return Err(Unwind::Fatal(VmError::Internal("anewarray without a count".into()))),
        };
        if n < 0 {
            return Err(self.throw_new(ts, "java/lang/NegativeArraySizeException", Some(&n.to_string())));
        }
        self.check_array_size(ts, n as usize * 4)?;
        self.maybe_collect(ts);
        let ac = self.array_class_of(c)?;
        let a = self.heap.alloc_array(ac, Array::new_refs(n as usize));
        ts.values.push(Value::obj(a));
        Ok(Flow::Next)
    }

    /// `multianewarray` (JVMS §6.5.multianewarray): all counts are checked for
    /// negativity before anything is allocated.
    pub(crate) fn multianewarray(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16, dims: u8) -> Result<Flow, Unwind> {
        let c = self.resolve_class_insn(ts, method, index)?;
        let mut counts = Vec::with_capacity(dims as usize);
        for _ in 0..dims {
            match ts.values.pop() {
                Some(Value::Int(n)) => counts.push(n),
                _ => return Err(Unwind::Fatal(VmError::Internal("multianewarray without counts".into()))),
            }
        }
        counts.reverse();
        if let Some(&n) = counts.iter().find(|&&n| n < 0) {
            return Err(self.throw_new(ts, "java/lang/NegativeArraySizeException", Some(&n.to_string())));
        }
        self.maybe_collect(ts);
        let a = self.build_multi_array(ts, c, &counts)?;
        ts.values.push(Value::obj(a));
        Ok(Flow::Next)
    }

    fn build_multi_array(&mut self, ts: &mut ThreadStack, class: ClassId, counts: &[i32]) -> Result<ObjRef, Unwind> {
        let ClassKind::Array { component, elem } = self.class(class).kind else {
            return Err(Unwind::Fatal(VmError::Internal("multianewarray of a non-array class".into())));
        };
        let n = counts[0] as usize;
        self.check_array_size(ts, n * 4)?;
        if let Some(p) = elem {
            return Ok(self.heap.alloc_array(class, Array::new_primitive(p, n)));
        }
        let a = self.heap.alloc_array(class, Array::new_refs(n));
        if counts.len() > 1 {
            for i in 0..n {
                let sub = self.build_multi_array(ts, component, &counts[1..])?;
                if let Some(Array::Ref(r)) = self.heap.array_mut(a) {
                    r[i] = Some(sub);
                }
            }
        }
        Ok(a)
    }

    /// `checkcast` (leaves the reference) or `instanceof` (replaces it by 0/1).
    pub(crate) fn type_check(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16, cast: bool) -> Result<Flow, Unwind> {
        let c = self.resolve_class_insn(ts, method, index)?;
        let obj = match ts.values.last() {
            Some(Value::Ref(r)) => *r,
            _ => return Err(Unwind::Fatal(VmError::Internal("type check on a non-reference".into()))),
        };
        let ok = match obj {
            None => None,
            Some(o) => Some(self.is_assignable(self.heap.class_of(o), c)),
        };
        if cast {
            if let (Some(o), Some(false)) = (obj, ok) {
                let oc = self.heap.class_of(o);
                let msg = self.class_cast_message(oc, c);
                return Err(self.throw_new(ts, "java/lang/ClassCastException", Some(&msg)));
            }
        } else {
            ts.values.pop();
            ts.values.push(Value::Int((ok == Some(true)) as i32));
        }
        Ok(Flow::Next)
    }

    /// HotSpot's `ClassCastException` message, e.g. `class java.lang.Integer cannot be
    /// cast to class java.lang.String (java.lang.Integer and java.lang.String are in
    /// module java.base of loader 'bootstrap')`.
    pub(crate) fn class_cast_message(&self, from: ClassId, to: ClassId) -> String {
        let describe = |c: ClassId| -> String {
            let cls = self.class(c);
            let base = match cls.kind {
                ClassKind::Array { .. } => {
                    let mut e = c;
                    while let ClassKind::Array { component, .. } = self.class(e).kind {
                        e = component;
                    }
                    e
                }
                _ => c,
            };
            let bc = self.class(base);
            match (&bc.origin, bc.kind) {
                (_, ClassKind::Primitive(_)) => "module java.base of loader 'bootstrap'".to_string(),
                (Some(jvmc_classfile::Origin::Jdk { module }), _) => {
                    let loader = if &**module == "java.base" || bc.is_jdk() { "'bootstrap'" } else { "'platform'" };
                    format!("module {module} of loader {loader}")
                }
                _ => "unnamed module of loader 'app'".to_string(),
            }
        };
        let (fname, tname) = (self.class(from).java_name(), self.class(to).java_name());
        let (fd, td) = (describe(from), describe(to));
        if fd == td {
            format!("class {fname} cannot be cast to class {tname} ({fname} and {tname} are in {fd})")
        } else {
            format!("class {fname} cannot be cast to class {tname} ({fname} is in {fd}; {tname} is in {td})")
        }
    }

    /// `ldc`/`ldc_w`/`ldc2_w` of an entry not yet resolved.
    pub(crate) fn ldc_slow(&mut self, ts: &mut ThreadStack, method: MethodId, index: u16) -> Result<Flow, Unwind> {
        let current = self.method(method).class;
        let cache = self.class(current).pool.clone();
        let Some(def) = self.class(current).def.clone() else {
            return Err(Unwind::Fatal(VmError::Internal("ldc in a class without a pool".into())));
        };
        let v = match def.pool.get(index) {
            PoolEntry::Int(i) => Value::Int(*i),
            PoolEntry::Float(f) => Value::Float(*f),
            PoolEntry::Long(l) => Value::Long(*l),
            PoolEntry::Double(d) => Value::Double(*d),
            PoolEntry::String(s) => Value::obj(self.intern_utf16(s)?),
            PoolEntry::Class(name) => {
                let c = self.resolve_class_name(ts, name)?;
                Value::obj(self.mirror_of(c)?)
            }
            other => {
                return Err(Unwind::Fatal(VmError::Unsupported(format!(
                    "ldc of {} in {}",
                    match other {
                        PoolEntry::MethodHandle(_) => "a MethodHandle constant",
                        PoolEntry::MethodType(_) => "a MethodType constant",
                        PoolEntry::Dynamic(_) => "a dynamically-computed constant",
                        _ => "an unexpected constant",
                    },
                    self.method_display(method)
                ))))
            }
        };
        cache[index as usize].set(Resolved::Constant(v));
        ts.values.push(v);
        if v.is_wide() {
            ts.values.push(Value::Top);
        }
        Ok(Flow::Next)
    }
}
