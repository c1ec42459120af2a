//! `jvmc check --workers N` (`crates/cli/src/parallel.rs`, `jvmc_search::parallel`):
//! the workers share one visited set and split the work, so on every client of the POR
//! benchmark a complete unreduced search (`--por none`) with two workers counts exactly the states,
//! transitions and end states of one worker and finds the same outcomes, with no
//! fingerprint merging different states (`--exact-states`); a violation is reported
//! as the one-worker search finds it, the same trace on every run; and what the
//! parallel search does not do is refused with a reason. The concurrent suite
//! (`check_suite.rs`) and the random programs (`random_programs.rs`) compare one and
//! two workers too.

mod support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, compile_source, report_outcomes, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(600);

fn jvmc(dir: &Path, args: &[&str]) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(args);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn json(out: &Outcome) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

const COUNTS: [&str; 4] = ["states_new", "states_visited", "transitions", "end_states"];

#[test]
fn two_workers_count_what_one_counts_on_every_por_client() {
    let dir = compile_benchmarks("por", TIMEOUT);
    let clients = [
        "CasBstSetHigh", "CasBstSetLow", "ChmHigh", "ChmLow", "ChmSetHigh", "ChmSetLow", "ClqSetHigh", "ClqSetLow", "LazyListSetHigh", "LazyListSetLow",
        "LockedHashMapHigh", "LockedHashMapLow", "RwLockListSetHigh", "RwLockListSetLow",
    ];
    let mut shared_work = false;
    for client in clients {
        let calls = if client == "LazyListSetHigh" { "2" } else { "3" };
        let one = json(&jvmc(dir.path(), &["--outcomes", "--json", "-", "--por", "none", "--workers", "1", client, calls]));
        let out = jvmc(dir.path(), &["--outcomes", "--json", "-", "--por", "none", "--workers", "2", "--exact-states", client, calls]);
        assert_eq!(out.code(), Some(0), "{client}: {}", String::from_utf8_lossy(&out.stderr));
        let two = json(&out);
        for c in COUNTS {
            assert_eq!(one["stats"][c], two["stats"][c], "{client} {calls}: {c}");
        }
        assert_eq!(report_outcomes(&one), report_outcomes(&two), "{client} {calls}");
        assert_eq!(two["stats"]["parallel"]["workers"], 2, "{two}");
        assert!(one["stats"]["parallel"].is_null(), "one worker is the sequential search");
        shared_work |= two["stats"]["parallel"]["replayed_transitions"].as_u64().unwrap_or(0) > 0;
    }
    assert!(shared_work, "on some client a worker handed work to the other");
    // by default, livelock detection and all, on the available cores
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let j = json(&jvmc(dir.path(), &["--json", "-", "LazyListSetHigh", "1"]));
    if cores > 1 {
        assert_eq!(j["stats"]["parallel"]["workers"], cores, "{j}");
    } else {
        assert!(j["stats"]["parallel"].is_null(), "{j}");
    }
}

/// Sleep sets on two workers (`--por sleep`): on every client of the POR benchmark
/// the verdict and outcomes of unreduced search, no more transitions than it (all
/// clients end, so no second search), with no fingerprint merging different states;
/// a violation is reported as the one-worker search with sleep sets finds it.
#[test]
fn sleep_sets_on_two_workers_find_what_unreduced_search_finds() {
    let dir = compile_benchmarks("por", TIMEOUT);
    let clients = ["CasBstSetHigh", "ChmSetHigh", "ClqSetHigh", "ClqSetLow", "LazyListSetLow", "LockedHashMapHigh", "RwLockListSetHigh"];
    for client in clients {
        let none = json(&jvmc(dir.path(), &["--outcomes", "--json", "-", "--por", "none", client, "3"]));
        let out = jvmc(dir.path(), &["--outcomes", "--json", "-", "--por", "sleep", "--workers", "2", "--exact-states", client, "3"]);
        assert_eq!(out.code(), Some(0), "{client}: {}", String::from_utf8_lossy(&out.stderr));
        let sleep = json(&out);
        assert_eq!(report_outcomes(&none), report_outcomes(&sleep), "{client}");
        assert_eq!(sleep["stats"]["parallel"]["workers"], 2, "{sleep}");
        assert_eq!(sleep["stats"]["strategy"], "sleep", "{sleep}");
        let transitions = |j: &Value| j["stats"]["transitions"].as_u64().unwrap_or(0);
        assert!(transitions(&sleep) < transitions(&none), "{client}: {} transitions with sleep sets, {} without", transitions(&sleep), transitions(&none));
    }
    let dir = compile_source("RacyCount", RACY, TIMEOUT);
    let one = json(&jvmc(dir.path(), &["--json", "-", "--por", "sleep", "--workers", "1", "RacyCount"]));
    let out = jvmc(dir.path(), &["--json", "-", "--por", "sleep", "--workers", "2", "RacyCount"]);
    assert_eq!(out.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json(&out)["violation"], one["violation"], "the same counterexample, trace included");
}

/// Two threads incrementing a counter without a lock, many states before the lost
/// update shows.
const RACY: &str = r#"
public class RacyCount {
    static int count;
    public static void main(String[] args) throws InterruptedException {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            ts[i] = new Thread(() -> { for (int k = 0; k < 3; k++) { count++; } });
            ts[i].start();
        }
        for (Thread t : ts) t.join();
        assert count == 9 : "lost update: " + count;
    }
}
"#;

#[test]
fn a_violation_found_in_parallel_is_reported_as_one_worker_finds_it() {
    let dir = compile_source("RacyCount", RACY, TIMEOUT);
    let one = json(&jvmc(dir.path(), &["--json", "-", "--workers", "1", "RacyCount"]));
    for _ in 0..3 {
        let out = jvmc(dir.path(), &["--json", "-", "--workers", "2", "RacyCount"]);
        assert_eq!(out.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
        let two = json(&out);
        assert_eq!(two["violation"], one["violation"], "the same counterexample, trace included");
        for c in COUNTS {
            assert_eq!(one["stats"][c], two["stats"][c], "the one-worker search's statistics: {c}");
        }
        assert!(String::from_utf8_lossy(&out.stderr).contains("2 workers found a violation"), "the report says so");
    }
}

#[test]
fn what_the_parallel_search_does_not_do_is_refused_with_a_reason() {
    let dir = compile_source("RacyCount", RACY, TIMEOUT);
    for (args, why) in [
        (&["--workers", "2", "--por", "dl-spor", "RacyCount"][..], "dl-spor"),
        (&["--workers", "2", "--stateless", "RacyCount"], "--stateless"),
        (&["--workers", "0", "RacyCount"], "at least 1"),
    ] {
        let out = jvmc(dir.path(), args);
        assert_eq!(out.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // without --workers, searches the parallel one cannot do run on one worker
    let out = jvmc(dir.path(), &["--json", "-", "--depth-limit", "100", "RacyCount"]);
    assert_eq!(out.code(), Some(1));
    assert!(json(&out)["stats"]["parallel"].is_null());
}
