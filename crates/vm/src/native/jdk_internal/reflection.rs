//! `jdk.internal.reflect.Reflection`: caller lookup and access facts.

use crate::native::{NativeRegistry, Ret};
use crate::thread::FrameKind;

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "jdk/internal/reflect/Reflection";
    r.native(c, "getCallerClass", "()Ljava/lang/Class;", |vm, ts, _| {
        // frame 0 is getCallerClass itself, frame 1 the caller-sensitive method;
        // reflection frames (Method.invoke and the accessors) are skipped
        let mut seen = 0;
        for f in ts.frames.iter().rev() {
            if !matches!(f.kind, FrameKind::Java | FrameKind::Native) {
                continue;
            }
            let m = vm.method(f.method);
            let cname = &*vm.class(m.class).name;
            if seen >= 2
                && ((cname == "java/lang/reflect/Method" && &*m.name == "invoke") || cname.starts_with("jdk/internal/reflect/"))
            {
                continue;
            }
            if seen == 2 {
                let class = m.class;
                return Ret::obj(Some(vm.mirror_of(class)?));
            }
            seen += 1;
        }
        Ret::obj(None)
    });
    r.native(c, "getClassAccessFlags", "(Ljava/lang/Class;)I", |vm, _, a| {
        let cl = super::super::java_lang_reflect::class_arg(vm, a.obj(0)?)?;
        Ret::int(vm.class(cl).access as i32)
    });
    r.native(c, "areNestMates", "(Ljava/lang/Class;Ljava/lang/Class;)Z", |vm, _, a| {
        let x = super::super::java_lang_reflect::class_arg(vm, a.obj(0)?)?;
        let y = super::super::java_lang_reflect::class_arg(vm, a.obj(1)?)?;
        let host = |c| vm.class(c).def.as_ref().and_then(|d| d.nest_host.clone()).unwrap_or_else(|| vm.class(c).name.clone());
        Ret::bool(host(x) == host(y))
    });
}
