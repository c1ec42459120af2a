//! SDPOR against Flanagan–Godefroid DPOR on the classic DPOR families
//! (`benchmarks/dpor`): the same verdict and outcomes, and no more transitions
//! (issue 12's target; SDPOR replays F–G's race rule over the explored future of a
//! visited state, `crates/search/src/por/sdpor.rs`).

mod support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, report_outcomes, run};

const TIMEOUT: Duration = Duration::from_secs(300);

fn check(dir: &Path, args: &[&str], class: &str, n: u32) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--workers", "1", "--cp"]).arg(dir).args(["--outcomes", "--json", "-"]).args(args).arg(class).arg(n.to_string());
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn sdpor_takes_no_more_transitions_than_fg_dpor_on_the_classic_families() {
    let dir = compile_benchmarks("dpor", TIMEOUT);
    // the sizes where collisions (Indexer) and several zeros (LastZero) begin
    for (class, n) in [("LastZero", 4), ("LastZero", 5), ("Indexer", 12), ("Readers", 4)] {
        let fg = check(dir.path(), &["--search", "dpor"], class, n);
        let sd = check(dir.path(), &["--por", "sdpor", "--no-liveness"], class, n);
        assert_eq!(sd["verdict"], fg["verdict"], "{class} {n}");
        assert!(!report_outcomes(&fg).is_empty(), "{class} {n}: {fg}");
        assert_eq!(report_outcomes(&sd), report_outcomes(&fg), "{class} {n}");
        let transitions = |j: &Value| j["stats"]["transitions"].as_u64().unwrap_or(u64::MAX);
        assert!(transitions(&sd) <= transitions(&fg), "{class} {n}: SDPOR {} transitions, F–G DPOR {}", transitions(&sd), transitions(&fg));
    }
}
