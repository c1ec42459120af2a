//! Classes and field slots the vm itself reads or writes, looked up once.

use crate::class::ClassId;
use crate::error::VmResult;
use crate::vm::Vm;

/// Ids and slots of JDK classes the vm works with directly.
#[derive(Debug, Default, Clone)]
pub struct WellKnown {
    pub(crate) object: ClassId,
    pub(crate) class: ClassId,
    pub(crate) string: ClassId,
    pub(crate) throwable: ClassId,
    pub(crate) thread: ClassId,
    pub(crate) byte_array: ClassId,
    pub(crate) object_array: ClassId,
    /// `String.value`
    pub(crate) string_value: usize,
    /// `String.coder`
    pub(crate) string_coder: usize,
    /// hidden slot of `Class` holding the class id
    pub(crate) class_id_slot: usize,
    /// `Class.componentType`
    pub(crate) class_component: usize,
    /// `Class.name`
    pub(crate) class_name: usize,
    /// `Class.module`
    pub(crate) class_module: usize,
    /// `Throwable.detailMessage`
    pub(crate) throwable_message: usize,
    /// `Throwable.backtrace`
    pub(crate) throwable_backtrace: usize,
    /// `Throwable.stackTrace`
    pub(crate) throwable_stack_trace: usize,
    /// `Throwable.cause`
    pub(crate) throwable_cause: usize,
    /// `Throwable.suppressedExceptions`
    pub(crate) throwable_suppressed: usize,
    /// `Throwable.depth`
    pub(crate) throwable_depth: usize,
    /// `Thread.eetop` (holds the vm's thread index)
    pub(crate) thread_eetop: usize,
    /// `Thread.priority`
    pub(crate) thread_priority: usize,
    /// `Thread.threadStatus`
    pub(crate) thread_status: usize,
    /// `Thread.interrupted`
    pub(crate) thread_interrupted: usize,
}

impl Vm {
    /// The instance slot of a field (searching superclasses).
    pub(crate) fn instance_slot(&self, class: ClassId, name: &str, descriptor: &str) -> VmResult<usize> {
        match self.find_field(class, name, descriptor) {
            Some((_, f)) if !f.is_static() => Ok(f.slot as usize),
            _ => self.internal(format!("{}.{name}:{descriptor} is not an instance field", self.class(class).name)),
        }
    }

    /// The instance slot of a field of the class named `class`, if that class is
    /// loaded and has such an instance field (searching superclasses).
    pub(crate) fn loaded_instance_slot(&self, class: &str, name: &str, descriptor: &str) -> Option<usize> {
        self.instance_slot(self.lookup_class(class)?, name, descriptor).ok()
    }

    pub(crate) fn load_well_known(&mut self) -> VmResult<()> {
        let object = self.load_required("java/lang/Object")?;
        self.wk.object = object;
        let class = self.load_required("java/lang/Class")?;
        let string = self.load_required("java/lang/String")?;
        let throwable = self.load_required("java/lang/Throwable")?;
        let thread = self.load_required("java/lang/Thread")?;
        let wk = WellKnown {
            object,
            class,
            string,
            throwable,
            thread,
            byte_array: self.load_required("[B")?,
            object_array: self.load_required("[Ljava/lang/Object;")?,
            string_value: self.instance_slot(string, "value", "[B")?,
            string_coder: self.instance_slot(string, "coder", "B")?,
            class_id_slot: self.class(class).instance_slots as usize - 1,
            class_component: self.instance_slot(class, "componentType", "Ljava/lang/Class;")?,
            class_name: self.instance_slot(class, "name", "Ljava/lang/String;")?,
            class_module: self.instance_slot(class, "module", "Ljava/lang/Module;")?,
            throwable_message: self.instance_slot(throwable, "detailMessage", "Ljava/lang/String;")?,
            throwable_backtrace: self.instance_slot(throwable, "backtrace", "Ljava/lang/Object;")?,
            throwable_stack_trace: self.instance_slot(throwable, "stackTrace", "[Ljava/lang/StackTraceElement;")?,
            throwable_cause: self.instance_slot(throwable, "cause", "Ljava/lang/Throwable;")?,
            throwable_suppressed: self.instance_slot(throwable, "suppressedExceptions", "Ljava/util/List;")?,
            throwable_depth: self.instance_slot(throwable, "depth", "I")?,
            thread_eetop: self.instance_slot(thread, "eetop", "J")?,
            thread_priority: self.instance_slot(thread, "priority", "I")?,
            thread_status: self.instance_slot(thread, "threadStatus", "I")?,
            thread_interrupted: self.instance_slot(thread, "interrupted", "Z")?,
        };
        self.wk = wk;
        Ok(())
    }
}
