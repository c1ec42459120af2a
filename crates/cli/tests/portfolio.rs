//! `jvmc check --portfolio` (`crates/cli/src/portfolio.rs`): S-POR and DL-S-POR in
//! every order of the workers race in threads of one process; the first verdict wins,
//! is the same as a single search's, names its member, and its counterexample replays.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, java_sources, javac, report_outcomes, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

fn jvmc(dir: &Path, args: &[&str]) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--json", "-"]).args(args);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn json(out: &Outcome) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

fn concurrent_programs() -> tempfile::TempDir {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/concurrent");
    let sources = java_sources(&src);
    let dir = tempfile::tempdir().expect("temp dir");
    javac(&sources.iter().map(PathBuf::as_path).collect::<Vec<_>>(), dir.path(), TIMEOUT).expect("javac");
    dir
}

#[test]
fn the_portfolio_finds_what_a_single_search_finds_and_names_the_winner() {
    let dir = concurrent_programs();
    for program in ["BrokenStack", "WrongLockRace", "LockOrderDeadlock2"] {
        let single = json(&jvmc(dir.path(), &["--por", "dl-spor", program]));
        let trace = dir.path().join(format!("{program}.json"));
        let out = jvmc(dir.path(), &["--portfolio", "--trace", trace.to_str().expect("utf-8"), program]);
        assert_eq!(out.code(), Some(1), "{program}: {}", String::from_utf8_lossy(&out.stderr));
        let j = json(&out);
        assert_eq!(j["violation"]["kind"], single["violation"]["kind"], "{program}: {j}");
        assert_eq!(j["portfolio"]["members"], 12, "{program}: two algorithms, six orders of three workers");
        assert!(["spor", "dl-spor"].contains(&j["portfolio"]["algorithm"].as_str().unwrap_or("")), "{j}");
        let mut replay = Command::new(env!("CARGO_BIN_EXE_jvmc"));
        replay.arg("replay").arg(&trace);
        let replayed = run(replay, TIMEOUT).expect("jvmc runs");
        assert_eq!(replayed.code(), Some(1), "{program}: the winner's counterexample replays: {}", String::from_utf8_lossy(&replayed.stderr));
    }
}

#[test]
fn on_a_correct_program_the_portfolio_completes_with_the_same_outcomes() {
    let dir = compile_benchmarks("por", TIMEOUT);
    for client in ["RwLockListSetHigh", "CasBstSetHigh"] {
        let single = json(&jvmc(dir.path(), &["--outcomes", "--por", "dl-spor", client, "2"]));
        for mode in [&[][..], &["--multiple-errors"]] {
            let mut args = vec!["--outcomes", "--portfolio"];
            args.extend_from_slice(mode);
            args.extend([client, "2"]);
            let j = json(&jvmc(dir.path(), &args));
            assert_eq!(j["verdict"], "ok", "{client} {mode:?}: {j}");
            assert_eq!(report_outcomes(&j), report_outcomes(&single), "{client} {mode:?}");
            let members = if mode.is_empty() { 12 } else { 2 };
            assert_eq!(j["portfolio"]["members"], members, "{client} {mode:?}: {j}");
        }
    }
}

#[test]
fn the_portfolio_picks_its_own_algorithms() {
    let dir = concurrent_programs();
    let out = jvmc(dir.path(), &["--portfolio", "--por", "odpor", "BrokenStack"]);
    assert_eq!(out.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
}
