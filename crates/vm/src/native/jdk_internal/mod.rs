//! Peers for `jdk.internal.*`: `Unsafe`, `VM`, `CDS`, `Reflection`, system
//! properties, signals.

mod reflection;
mod system_props;
pub(crate) mod unsafe_access;
mod vm_support;

use super::NativeRegistry;

pub(super) fn register(r: &mut NativeRegistry) {
    reflection::register(r);
    system_props::register(r);
    unsafe_access::register(r);
    vm_support::register(r);
}
