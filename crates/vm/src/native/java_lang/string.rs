//! `java.lang.String.intern` and `StringUTF16.isBigEndian`.

use crate::native::{NativeRegistry, Ret};

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/lang/String", "intern", "()Ljava/lang/String;", |vm, ts, a| {
        let Some(s) = a.obj(0)? else { return Err(vm.null_pointer(ts)) };
        Ret::obj(Some(vm.intern(s)?))
    });
    // jvmc stores UTF16 strings little-endian (see `string.rs`)
    r.native("java/lang/StringUTF16", "isBigEndian", "()Z", |_, _, _| Ret::bool(false));
}
