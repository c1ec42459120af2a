//! `java.security.AccessController`: no security manager, no access-control contexts.

use crate::native::{NativeRegistry, Ret};

pub(super) fn register(r: &mut NativeRegistry) {
    let c = "java/security/AccessController";
    r.native(c, "getStackAccessControlContext", "()Ljava/security/AccessControlContext;", |_, _, _| Ret::obj(None));
    r.native(c, "getInheritedAccessControlContext", "()Ljava/security/AccessControlContext;", |_, _, _| Ret::obj(None));
    r.native(c, "getProtectionDomain", "(Ljava/lang/Class;)Ljava/security/ProtectionDomain;", |_, _, _| Ret::obj(None));
    r.native(c, "ensureMaterializedForStackWalk", "(Ljava/lang/Object;)V", crate::native::nop);
}
