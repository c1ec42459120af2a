//! `java.lang.invoke`: jvmc links `invokedynamic` itself (see `indy`), so only the
//! handful of natives the JDK's own start-up touches are here.

use crate::native::NativeRegistry;

pub(super) fn register(_r: &mut NativeRegistry) {}
