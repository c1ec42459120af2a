//! Arbitrary bytes through the class loader's parser: it must return `Ok` or `Err`,
//! never panic. `parse_class` catches panics raised inside `cafebabe`; libFuzzer's
//! panic hook would abort on those even though they are caught, so this target
//! installs a hook that only remembers the last panic message, and treats a panic that
//! escapes `parse_class` (or a broken IR invariant) as a crash.
#![no_main]

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

use libfuzzer_sys::fuzz_target;

static HOOK: Once = Once::new();

thread_local! {
    static LAST_PANIC: RefCell<String> = const { RefCell::new(String::new()) };
}

fn check(data: &[u8]) {
    match jvmc_classfile::parse_class(data, "fuzz") {
        Ok(class) => {
            // the IR must be internally consistent
            for m in &class.methods {
                let Some(code) = &m.code else { continue };
                let n = code.insns.len();
                assert_eq!(n, code.offsets.len());
                assert!(code.offsets.windows(2).all(|w| w[0] < w[1]), "offsets not increasing");
                for h in &code.handlers {
                    assert!(h.start as usize <= n && h.end as usize <= n && (h.handler as usize) < n);
                    if let Some(c) = h.catch_type {
                        assert!(matches!(class.pool.get(c), jvmc_classfile::PoolEntry::Class(_)));
                    }
                }
                for i in &code.insns {
                    if let Some(t) = i.branch_target() {
                        assert!((t as usize) < n, "branch target out of range");
                    }
                }
                for s in &code.switches {
                    let ok = match s {
                        jvmc_classfile::SwitchTable::Table { default, targets, .. } => {
                            (*default as usize) < n && targets.iter().all(|&t| (t as usize) < n)
                        }
                        jvmc_classfile::SwitchTable::Lookup { default, pairs } => {
                            (*default as usize) < n && pairs.iter().all(|&(_, t)| (t as usize) < n)
                        }
                    };
                    assert!(ok, "switch target out of range");
                }
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    HOOK.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let msg = format!("{info}");
            LAST_PANIC.with(|p| *p.borrow_mut() = msg);
        }));
    });
    if catch_unwind(AssertUnwindSafe(|| check(data))).is_err() {
        let msg = LAST_PANIC.with(|p| p.borrow().clone());
        eprintln!("parse_class panicked (escaped its catch_unwind or broke an IR invariant): {msg}");
        std::process::abort();
    }
});
