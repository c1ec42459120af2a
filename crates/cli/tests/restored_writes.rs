//! Restored writes (`--restored-writes read`, the default with POR;
//! `crates/vm/src/check/restored.rs`): a write its transition undid is a read in the
//! label. The searches that read labels must keep the verdicts and outcomes of
//! unreduced search, and on a client whose calls take and release one lock around
//! disjoint data they must explore fewer states than with such writes labelled writes.

mod support;

use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::report_outcomes;

const TIMEOUT: Duration = Duration::from_secs(300);
/// Stateful and stateless searches that read labels.
const SEARCHES: &[&str] = &["odpor", "dl-spor", "sdpor", "dpor", "optimal-dpor"];

fn states(j: &Value) -> u64 {
    j["stats"]["states_new"].as_u64().unwrap_or(0)
}

/// Checks `program` under `--por none` and under each of [`SEARCHES`] with restored
/// writes read and written: the same verdict, violation kind and outcomes in every
/// run. Returns, per search, the states explored with `read` and with `write`.
fn agree_with_none(dir: &Path, program: &[&str]) -> Vec<(&'static str, u64, u64)> {
    let none = support::check_program_report(dir, &["--por", "none"], program, TIMEOUT);
    let mut counts = Vec::new();
    for &search in SEARCHES {
        let mut pair = [0; 2];
        for (i, mode) in ["read", "write"].into_iter().enumerate() {
            let r = support::check_program_report(dir, &["--por", search, "--restored-writes", mode], program, TIMEOUT);
            let what = format!("{program:?} under {search} --restored-writes {mode}");
            assert_eq!(r["verdict"], none["verdict"], "{what}: {r}\nnone: {none}");
            assert_eq!(r["violation"]["kind"], none["violation"]["kind"], "{what}");
            if none["verdict"] == "ok" {
                assert_eq!(report_outcomes(&r), report_outcomes(&none), "{what}: {r}\nnone: {none}");
            }
            pair[i] = states(&r);
        }
        counts.push((search, pair[0], pair[1]));
    }
    counts
}

/// The programs written for it: a lock taken and released around a write that is
/// undone, a `notifyAll` that may wake nobody, an unlocked reader that sees the
/// value in between; a violation only the order of a restoring write against a real
/// one shows; a `ReentrantLock` whose state each call restores.
#[test]
fn suite_programs_keep_their_outcomes() {
    let programs = ["RestoredWrites", "RestoredWriteOrder", "RestoredLockState"];
    let dir = support::compile_suite_programs(&programs, TIMEOUT);
    for p in programs {
        agree_with_none(dir.path(), &[p]);
    }
}

/// `LockedHashMapLow` (`benchmarks/por`): each call is one transition that enters
/// and leaves the map's monitor, the three threads' keys lie in different buckets.
/// With the monitor a write every pair of calls is a race; read, they commute.
#[test]
fn calls_under_one_lock_on_disjoint_data_commute() {
    let dir = support::compile_benchmarks("por", TIMEOUT);
    let counts = agree_with_none(dir.path(), &["LockedHashMapLow", "3"]);
    for (search, read, write) in counts {
        assert!(read <= write, "{search}: {read} states with restored writes read, {write} written");
        if search == "odpor" || search == "optimal-dpor" {
            assert!(read < write, "{search} reduced nothing more: {read} states read, {write} written");
        }
        if jvmc_search::strategy::by_name(search).is_some_and(|s| s.needs_state_independent_steps()) {
            // their race rule needs labels that do not depend on the state: they
            // label restored writes as writes whatever the option says
            assert_eq!(read, write, "{search}: restored writes read");
        }
    }
}
