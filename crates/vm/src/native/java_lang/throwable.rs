//! `Throwable.fillInStackTrace` and `StackTraceElement.initStackTraceElements`.

use crate::class::MethodBody;
use crate::error::VmError;
use crate::heap::Array;
use crate::native::{Args, NativeRegistry, NativeResult, Ret};
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/lang/Throwable", "fillInStackTrace", "(I)Ljava/lang/Throwable;", |vm, ts, a| {
        let this = a.obj(0)?.ok_or_else(|| VmError::Internal("fillInStackTrace on null".into()))?;
        vm.fill_in_stack_trace(ts, this, true)?;
        Ret::obj(Some(this))
    });
    // helpful NullPointerException messages are not computed (getMessage() is null)
    r.native("java/lang/NullPointerException", "getExtendedNPEMessage", "()Ljava/lang/String;", |_, _, _| Ret::obj(None));
    r.native(
        "java/lang/StackTraceElement",
        "initStackTraceElements",
        "([Ljava/lang/StackTraceElement;Ljava/lang/Throwable;)V",
        init_stack_trace_elements,
    );
}

fn init_stack_trace_elements(vm: &mut Vm, ts: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    let (Some(elements), Some(ex)) = (a.obj(0)?, a.obj(1)?) else { return Err(vm.null_pointer(ts)) };
    let ste = vm.load_required("java/lang/StackTraceElement")?;
    let slot = |vm: &Vm, n: &str, d: &str| vm.instance_slot(ste, n, d);
    let s_class_obj = slot(vm, "declaringClassObject", "Ljava/lang/Class;")?;
    let s_module = slot(vm, "moduleName", "Ljava/lang/String;")?;
    let s_class = slot(vm, "declaringClass", "Ljava/lang/String;")?;
    let s_method = slot(vm, "methodName", "Ljava/lang/String;")?;
    let s_file = slot(vm, "fileName", "Ljava/lang/String;")?;
    let s_line = slot(vm, "lineNumber", "I")?;
    let items: Vec<Option<crate::value::ObjRef>> = match vm.heap.array(elements) {
        Some(Array::Ref(r)) => r.to_vec(),
        _ => return Err(VmError::Internal("StackTraceElement[] expected".into()).into()),
    };
    let frames = vm.backtrace(ex);
    for (el, (m, pc)) in items.into_iter().zip(frames) {
        let Some(el) = el else { continue };
        let method = vm.method(m);
        let class = method.class;
        let (mname, native) = (method.name.to_string(), matches!(method.body, MethodBody::Native(_) | MethodBody::NativeUnlinked));
        let line = match &method.body {
            MethodBody::Code(c) => c.line_of(pc).map_or(-1, |l| l as i32),
            _ => -1,
        };
        let cls = vm.class(class);
        let module = match &cls.origin {
            Some(jvmc_classfile::Origin::Jdk { module }) => Some(module.to_string()),
            _ => None,
        };
        let file = cls.def.as_ref().and_then(|d| d.source_file.as_deref().map(str::to_string));
        let cname = cls.java_name();
        let mirror = vm.mirror_of(class)?;
        let cname_s = vm.new_string(&cname)?;
        let mname_s = vm.intern_str(&mname)?;
        let file_s = match file {
            Some(f) => Some(vm.intern_str(&f)?),
            None => None,
        };
        let module_s = match module {
            Some(m) => Some(vm.intern_str(&m)?),
            None => None,
        };
        vm.heap.set_field(el, s_class_obj, Value::obj(mirror));
        vm.heap.set_field(el, s_class, Value::obj(cname_s));
        vm.heap.set_field(el, s_method, Value::obj(mname_s));
        vm.heap.set_field(el, s_file, Value::Ref(file_s));
        vm.heap.set_field(el, s_line, Value::Int(if native { -2 } else { line }));
        vm.heap.set_field(el, s_module, Value::Ref(module_s));
    }
    Ret::void()
}
