//! `java.util`: time-zone lookup.

use crate::native::{NativeRegistry, Ret};

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/util/TimeZone", "getSystemTimeZoneID", "(Ljava/lang/String;)Ljava/lang/String;", |vm, _, _| {
        let tz = std::env::var("TZ")
            .ok()
            .filter(|t| !t.is_empty())
            .or_else(|| std::fs::read_to_string("/etc/timezone").ok().map(|s| s.trim().to_string()))
            .unwrap_or_else(|| "UTC".into());
        Ret::obj(Some(vm.new_string(&tz)?))
    });
}
