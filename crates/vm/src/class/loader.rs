//! Loading and linking (JVMS §5.3, §5.4): class bytes → [`ClassDef`] → [`Class`] with
//! field layout, methods and supertypes. Array and primitive classes are made here
//! too. Loading never runs Java code; initialisation is `init`'s business.

use std::cell::Cell;
use std::rc::Rc;

use jvmc_classfile::descriptor::{BasicType, MethodSig};
use jvmc_classfile::{access, parse_class, ClassDef, Origin, PrimitiveType};

use super::{Class, ClassId, ClassKind, ClassState, FieldInfo, InitState, Method, MethodBody, MethodCode, MethodId};
use crate::error::{VmError, VmResult};
use crate::value::Value;
use crate::vm::Vm;

/// A class that is not on the class path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Missing(pub Box<str>);

/// Result of loading: the class, or the name of the class that was not found.
pub type Loaded = Result<ClassId, Missing>;

/// Number of hidden slots the vm appends to `java.lang.Class` instances (the class id).
pub const CLASS_HIDDEN_SLOTS: u32 = 1;

impl Vm {
    /// The id of an already loaded class.
    pub fn lookup_class(&self, name: &str) -> Option<ClassId> {
        self.class_by_name.get(name).copied()
    }

    /// Loads (and links) the class with internal name `name`, or finds it loaded.
    pub fn load_class(&mut self, name: &str) -> VmResult<Loaded> {
        if let Some(&c) = self.class_by_name.get(name) {
            return Ok(Ok(c));
        }
        if name.starts_with('[') {
            return self.load_array_class(name);
        }
        if let Some(p) = primitive_by_name(name) {
            return Ok(Ok(self.primitive_class(p)));
        }
        if let Some((def, origin)) = self.class_path.cached(name) {
            return self.define_class(def, Some(origin));
        }
        let found = match self.class_path.find(name)? {
            Some(f) => f,
            None => return Ok(Err(Missing(name.into()))),
        };
        let origin = found.origin.clone();
        let def = parse_class(&found.bytes, &format!("{origin} ({name})"))?;
        if origin.is_jdk() {
            self.class_path.remember(&def);
        }
        if &*def.name != name {
            return Err(VmError::Linkage(format!(
                "class file {origin} declares class {} where {name} was expected",
                def.name.replace('/', ".")
            )));
        }
        self.define_class(def, Some(origin))
    }

    /// Loads a class the vm knows must exist (part of `java.base`).
    pub(crate) fn load_required(&mut self, name: &str) -> VmResult<ClassId> {
        match self.load_class(name)? {
            Ok(c) => Ok(c),
            Err(Missing(m)) => Err(VmError::Internal(format!("required JDK class {m} is missing from the runtime image"))),
        }
    }

    /// Links `def` into a new class. Superclass and interfaces are loaded first.
    pub fn define_class(&mut self, mut def: ClassDef, origin: Option<Origin>) -> VmResult<Loaded> {
        if self.class_by_name.contains_key(&*def.name) {
            return Err(VmError::Linkage(format!("duplicate definition of class {}", def.name.replace('/', "."))));
        }
        if self.loading.iter().any(|n| **n == *def.name) {
            return Err(VmError::Linkage(format!("class circularity involving {}", def.name.replace('/', "."))));
        }
        self.loading.push(def.name.clone());
        let result = self.link(&mut def, origin);
        self.loading.pop();
        let (class, state) = match result? {
            Ok(x) => x,
            Err(m) => return Ok(Err(m)),
        };
        let id = class.id;
        self.class_by_name.insert(class.name.clone(), id);
        self.class_by_stable.insert(class.stable, id);
        self.classes.push(class);
        self.class_states.push(state);
        let methods = std::mem::take(&mut def.methods);
        let def_rc = Rc::new(ClassDef { methods: Vec::new(), ..def });
        let mut ids = Vec::with_capacity(methods.len());
        for (i, m) in methods.into_iter().enumerate() {
            ids.push(self.add_method(id, i, m)?);
        }
        let cls = &mut self.classes[id.index()];
        cls.clinit = ids.iter().copied().find(|&m| {
            let mm = &self.methods[m.0 as usize];
            &*mm.name == "<clinit>" && mm.is_static()
        });
        cls.declares_defaults = cls.is_interface()
            && ids.iter().any(|&m| {
                let mm = &self.methods[m.0 as usize];
                !mm.is_abstract() && !mm.is_static()
            });
        cls.methods = ids;
        cls.def = Some(def_rc);
        Ok(Ok(id))
    }

    fn link(&mut self, def: &mut ClassDef, origin: Option<Origin>) -> VmResult<Result<(Class, ClassState), Missing>> {
        let super_class = match &def.super_name {
            None => {
                if &*def.name != "java/lang/Object" {
                    return Err(VmError::Linkage(format!("class {} has no superclass", def.name)));
                }
                None
            }
            Some(s) => {
                let s = s.clone();
                match self.load_class(&s)? {
                    Ok(c) => {
                        if self.class(c).is_interface() {
                            return Err(VmError::Linkage(format!(
                                "class {} has interface {} as superclass",
                                def.name.replace('/', "."),
                                s.replace('/', ".")
                            )));
                        }
                        Some(c)
                    }
                    Err(m) => return Ok(Err(m)),
                }
            }
        };
        let mut interfaces = Vec::with_capacity(def.interfaces.len());
        for i in def.interfaces.clone() {
            match self.load_class(&i)? {
                Ok(c) => {
                    if !self.class(c).is_interface() {
                        return Err(VmError::Linkage(format!(
                            "class {} implements {}, which is not an interface",
                            def.name.replace('/', "."),
                            i.replace('/', ".")
                        )));
                    }
                    interfaces.push(c)
                }
                Err(m) => return Ok(Err(m)),
            }
        }
        let id = ClassId(self.classes.len() as u32);
        let (mut slots, mut template): (u32, Vec<Value>) = match super_class {
            Some(s) => (self.class(s).instance_slots, self.class(s).instance_template.to_vec()),
            None => (0, Vec::new()),
        };
        let mut fields = Vec::with_capacity(def.fields.len());
        let mut static_template = Vec::new();
        for f in &def.fields {
            let ty = BasicType::from_descriptor(&f.descriptor)
                .ok_or_else(|| VmError::Linkage(format!("bad field descriptor {} in {}", f.descriptor, def.name)))?;
            let is_static = f.access & access::STATIC != 0;
            let slot = if is_static {
                static_template.push(Value::zero_of(ty));
                static_template.len() as u32 - 1
            } else {
                template.push(Value::zero_of(ty));
                slots += 1;
                slots - 1
            };
            fields.push(FieldInfo {
                name: f.name.clone(),
                descriptor: f.descriptor.clone(),
                access: f.access,
                ty,
                slot,
                constant: f.constant.clone(),
                signature: f.signature.clone(),
            });
        }
        if &*def.name == "java/lang/Class" {
            for _ in 0..CLASS_HIDDEN_SLOTS {
                template.push(Value::Int(-1));
                slots += 1;
            }
        }
        let mut supertypes: Vec<ClassId> = vec![id];
        if let Some(s) = super_class {
            supertypes.extend_from_slice(&self.class(s).supertypes);
        }
        for &i in &interfaces {
            supertypes.extend_from_slice(&self.class(i).supertypes);
        }
        supertypes.sort_unstable();
        supertypes.dedup();
        let pool: Rc<[Cell<super::Resolved>]> = (0..def.pool.len()).map(|_| Cell::new(super::Resolved::Unresolved)).collect();
        let statics: Box<[Value]> = static_template.into();
        let class = Class {
            id,
            name: def.name.clone(),
            stable: super::stable_key(&def.name),
            access: def.access,
            kind: ClassKind::Instance,
            super_class,
            interfaces,
            supertypes,
            fields,
            instance_slots: slots,
            instance_template: template.into(),
            static_slots: statics.len() as u32,
            static_template: statics.clone(),
            methods: Vec::new(),
            def: None,
            pool,
            origin,
            mirror: None,
            clinit: None,
            declares_defaults: false,
        };
        let state = ClassState { init: InitState::Uninitialized, statics, epoch: 0, hash: 0, dirty: false };
        Ok(Ok((class, state)))
    }

    fn add_method(&mut self, class: ClassId, index: usize, m: jvmc_classfile::MethodDef) -> VmResult<MethodId> {
        let cls = &self.classes[class.index()];
        let class_stable = cls.stable;
        let sig = MethodSig::parse(&m.descriptor)
            .ok_or_else(|| VmError::Linkage(format!("bad method descriptor {} in {}", m.descriptor, cls.name)))?;
        let is_static = m.access & access::STATIC != 0;
        let arg_slots = sig.arg_slots() + usize::from(!is_static);
        let overridden = self.natives.overrides(&cls.name, &m.name, &m.descriptor);
        let body = if m.access & access::NATIVE != 0 || overridden {
            MethodBody::NativeUnlinked
        } else if let Some(code) = m.code {
            if (code.max_locals as usize) < arg_slots {
                return Err(VmError::Linkage(format!(
                    "method {}.{}{} has max_locals {} below its {} argument slots",
                    cls.name, m.name, m.descriptor, code.max_locals, arg_slots
                )));
            }
            MethodBody::Code(Rc::new(MethodCode {
                insns: code.insns.into(),
                handlers: code.handlers.into(),
                switches: code.switches.into(),
                lines: code.lines.into(),
                local_names: code.local_names.into(),
                max_locals: code.max_locals,
                max_stack: code.max_stack,
                pool: cls.pool.clone(),
                live: std::cell::OnceCell::new(),
            }))
        } else {
            MethodBody::Abstract
        };
        let id = MethodId(self.methods.len() as u32);
        let stable = super::method_stable_key(class_stable, &m.name, &m.descriptor);
        self.method_by_stable.insert(stable & super::BACKTRACE_METHOD_MASK, id);
        self.methods.push(Method {
            id,
            class,
            stable,
            name: m.name,
            descriptor: m.descriptor,
            access: m.access,
            arg_slots: arg_slots as u16,
            params: sig.params.iter().map(|p| p.0).collect(),
            ret: sig.ret.map(|r| r.0),
            body,
            index: index as u16,
            exceptions: m.exceptions.into(),
            signature: m.signature,
        });
        Ok(id)
    }

    fn load_array_class(&mut self, name: &str) -> VmResult<Loaded> {
        let elem_desc = &name[1..];
        let (component, elem) = match elem_desc.as_bytes().first() {
            Some(b'L') => {
                let Some(inner) = elem_desc.strip_prefix('L').and_then(|s| s.strip_suffix(';')) else {
                    return Err(VmError::Linkage(format!("bad array class name {name}")));
                };
                match self.load_class(inner)? {
                    Ok(c) => (c, None),
                    Err(m) => return Ok(Err(m)),
                }
            }
            Some(b'[') => match self.load_class(elem_desc)? {
                Ok(c) => (c, None),
                Err(m) => return Ok(Err(m)),
            },
            Some(&c) => match PrimitiveType::from_descriptor_char(c).filter(|_| elem_desc.len() == 1) {
                Some(p) => (self.primitive_class(Some(p)), Some(p)),
                None => return Err(VmError::Linkage(format!("bad array class name {name}"))),
            },
            None => return Err(VmError::Linkage(format!("bad array class name {name}"))),
        };
        let object = self.wk.object;
        let cloneable = self.load_required("java/lang/Cloneable")?;
        let serializable = self.load_required("java/io/Serializable")?;
        let comp_access = self.class(component).access & access::PUBLIC;
        let id = ClassId(self.classes.len() as u32);
        let mut supertypes = vec![id, object, cloneable, serializable];
        supertypes.sort_unstable();
        let class = Class {
            id,
            name: name.into(),
            stable: super::stable_key(name),
            access: comp_access | access::FINAL | access::ABSTRACT,
            kind: ClassKind::Array { component, elem },
            super_class: Some(object),
            interfaces: vec![cloneable, serializable],
            supertypes,
            fields: Vec::new(),
            instance_slots: 0,
            instance_template: Rc::from(Vec::new()),
            static_slots: 0,
            static_template: Box::new([]),
            methods: Vec::new(),
            def: None,
            pool: Rc::from(Vec::new()),
            origin: self.class(component).origin.clone(),
            mirror: None,
            clinit: None,
            declares_defaults: false,
        };
        Ok(Ok(self.push_bare_class(class)))
    }

    fn push_bare_class(&mut self, class: Class) -> ClassId {
        let id = class.id;
        self.class_by_name.insert(class.name.clone(), id);
        self.class_by_stable.insert(class.stable, id);
        self.classes.push(class);
        self.class_states.push(ClassState { init: InitState::Initialized, statics: Box::new([]), epoch: 0, hash: 0, dirty: false });
        id
    }

    /// The pseudo-class of a primitive type (`None` is `void`).
    pub fn primitive_class(&mut self, p: Option<PrimitiveType>) -> ClassId {
        let name = p.map_or("void", PrimitiveType::java_name);
        if let Some(&c) = self.class_by_name.get(name) {
            return c;
        }
        let id = ClassId(self.classes.len() as u32);
        let class = Class {
            id,
            name: name.into(),
            stable: super::stable_key(name),
            access: access::PUBLIC | access::FINAL | access::ABSTRACT,
            kind: ClassKind::Primitive(p),
            super_class: None,
            interfaces: Vec::new(),
            supertypes: vec![id],
            fields: Vec::new(),
            instance_slots: 0,
            instance_template: Rc::from(Vec::new()),
            static_slots: 0,
            static_template: Box::new([]),
            methods: Vec::new(),
            def: None,
            pool: Rc::from(Vec::new()),
            origin: Some(Origin::Jdk { module: "java.base".into() }),
            mirror: None,
            clinit: None,
            declares_defaults: false,
        };
        self.push_bare_class(class)
    }

    /// The array class whose components are `component`.
    pub fn array_class_of(&mut self, component: ClassId) -> VmResult<ClassId> {
        let c = self.class(component);
        let name = match c.kind {
            ClassKind::Primitive(Some(p)) => format!("[{}", p.descriptor_char()),
            ClassKind::Primitive(None) => return Err(VmError::Internal("array of void".into())),
            ClassKind::Array { .. } => format!("[{}", c.name),
            ClassKind::Instance => format!("[L{};", c.name),
        };
        match self.load_class(&name)? {
            Ok(c) => Ok(c),
            Err(Missing(m)) => Err(VmError::Internal(format!("array component {m} vanished"))),
        }
    }

    /// JVMS §6.5 `checkcast`/`instanceof` assignability of class `s` to type `t`.
    pub fn is_assignable(&self, s: ClassId, t: ClassId) -> bool {
        if s == t {
            return true;
        }
        let sc = self.class(s);
        let tc = self.class(t);
        match (sc.kind, tc.kind) {
            (ClassKind::Array { component: a, elem: ea }, ClassKind::Array { component: b, elem: eb }) => {
                match (ea, eb) {
                    (None, None) => self.is_assignable(a, b),
                    (Some(x), Some(y)) => x == y,
                    _ => false,
                }
            }
            (ClassKind::Primitive(_), _) | (_, ClassKind::Primitive(_)) => false,
            _ => sc.is_subtype_of(t),
        }
    }
}

fn primitive_by_name(name: &str) -> Option<Option<PrimitiveType>> {
    Some(Some(match name {
        "int" => PrimitiveType::Int,
        "long" => PrimitiveType::Long,
        "boolean" => PrimitiveType::Boolean,
        "byte" => PrimitiveType::Byte,
        "char" => PrimitiveType::Char,
        "short" => PrimitiveType::Short,
        "float" => PrimitiveType::Float,
        "double" => PrimitiveType::Double,
        "void" => return Some(None),
        _ => return None,
    }))
}
