//! Like `parse_class`, but aborts on *every* panic, including those `parse_class`
//! catches inside `cafebabe`: finds inputs that make the dependency panic. Findings here
//! are robustness issues in cafebabe (contained by `parse_class`), not violations of
//! `parse_class`'s contract. Panic sites already known are tolerated so the fuzzer can
//! look for new ones.
#![no_main]

use std::sync::Once;

use libfuzzer_sys::fuzz_target;

/// `file:line` of panics already reported (see tests/parse_robustness.rs):
/// cafebabe 0.9 computes a tableswitch's `high - low + 1` in i32 (overflow check).
const KNOWN: &[&str] = &["cafebabe-0.9.0/src/bytecode.rs:503"];

static HOOK: Once = Once::new();

fuzz_target!(|data: &[u8]| {
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            if KNOWN.iter().any(|k| at.ends_with(k)) {
                return; // unwinds into parse_class's catch_unwind
            }
            eprintln!("new panic: {info}");
            std::process::abort();
        }));
    });
    let _ = jvmc_classfile::parse_class(data, "fuzz");
});
