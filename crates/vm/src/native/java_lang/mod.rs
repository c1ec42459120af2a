//! Peers for `java.lang`.

mod class;
mod fdlibm;
mod math;
mod object;
mod reference;
mod runtime;
mod string;
mod system;
mod thread;
mod throwable;

use super::NativeRegistry;

pub(super) fn register(r: &mut NativeRegistry) {
    class::register(r);
    math::register(r);
    object::register(r);
    reference::register(r);
    runtime::register(r);
    string::register(r);
    system::register(r);
    thread::register(r);
    throwable::register(r);
}

pub(crate) use class::{class_array, mirror_class};
pub(crate) use thread::{park, unpark};
