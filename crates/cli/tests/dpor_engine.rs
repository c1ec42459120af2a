//! The DPOR engine on Java (`benchmarks/engine/`, run with `--sched all` so that every
//! access is an event): the engine paper's `DporGraphExample` and `MaybeExample` with
//! their `Maybe` nodes and replays counted, fewer choice points with the data-race
//! marker than with every access where only one thread touches data all threads can
//! reach, the graphs written with `--engine-graphs`, and the outcomes of unreduced
//! search every time.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::Value;
use support::{report_outcomes, run};

const TIMEOUT: Duration = Duration::from_secs(300);

/// `benchmarks/engine/` compiled once.
fn classes() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| support::compile_benchmarks("engine", TIMEOUT)).path()
}

fn check(por: &str, program: &[&str], extra: &[&str]) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(classes()).args(["--sched", "all", "--outcomes", "--json", "-", "--por", por]).args(extra).args(program);
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(report["stats"]["stop_reason"], "complete", "{por} {program:?}: {report}");
    report
}

/// The engine's counts of a report: executions, choice points, Maybe nodes, replays.
fn counts(report: &Value) -> [u64; 4] {
    let e = &report["stats"]["engine"];
    ["executions", "choice_points", "maybe_nodes", "replays"].map(|k| e[k].as_u64().unwrap_or_else(|| panic!("no engine.{k} in {report}")))
}

/// The engine with each marker against unreduced stateful search: same verdict and
/// outcomes. Returns the data-race and every-access reports.
fn engines(program: &[&str]) -> (Value, Value) {
    let reference = check("none", program, &[]);
    let mut reports = ["dpor-engine", "dpor-engine-every-access", "dpor-engine-every-step"].map(|por| check(por, program, &[]));
    for (por, r) in ["dpor-engine", "dpor-engine-every-access", "dpor-engine-every-step"].iter().zip(&reports) {
        assert_eq!(r["verdict"], reference["verdict"], "{por} {program:?}");
        assert_eq!(report_outcomes(r), report_outcomes(&reference), "{por} {program:?}");
    }
    let [race, every, _] = &mut reports;
    (race.take(), every.take())
}

#[test]
fn dpor_graph_example_replays_the_maybe_write() {
    let (race, every) = engines(&["DporGraphExample"]);
    assert_eq!(report_outcomes(&race).len(), 2, "{race}");
    let [race_runs, _, race_maybe, race_replays] = counts(&race);
    let [every_runs, _, every_maybe, every_replays] = counts(&every);
    // as in the paper's Figure 2, both writes are Maybe in the first pass (neither
    // location is known shared yet); the thread's write races with main's: one replay
    // from the root
    assert_eq!((race_maybe, race_replays), (2, 1), "{race}");
    assert_eq!((every_maybe, every_replays), (0, 0), "{every}");
    // the replay re-runs what the first pass explored (the paper's MaybeExample: 8 vs 5 graphs)
    assert!(race_runs > every_runs, "{race_runs} vs {every_runs}");
}

#[test]
fn maybe_example_replays_and_makes_no_choice_point_at_local_writes() {
    let (race, every) = engines(&["MaybeExample"]);
    let [race_runs, _, race_maybe, race_replays] = counts(&race);
    let [every_runs, ..] = counts(&every);
    assert!(race_replays >= 1 && race_maybe >= 1, "{race}");
    assert!(race_runs > every_runs, "{race_runs} vs {every_runs}");
}

#[test]
fn data_race_marker_makes_fewer_choice_points_on_data_one_thread_uses() {
    let mut choice_points = Vec::new();
    for n in ["2", "6"] {
        let (race, every) = engines(&["LocalWork", n]);
        let [_, race_points, race_maybe, _] = counts(&race);
        let [_, every_points, ..] = counts(&every);
        assert!(race_points < every_points, "n = {n}: {race_points} vs {every_points}");
        assert!(race_maybe > 0, "{race}");
        choice_points.push((race_points, every_points));
    }
    // more local work: more choice points for every access, none more for data races
    assert_eq!(choice_points[0].0, choice_points[1].0, "{choice_points:?}");
    assert!(choice_points[1].1 > choice_points[0].1, "{choice_points:?}");
}

#[test]
fn engine_graphs_are_written_one_per_execution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let graphs = dir.path().join("graphs");
    let report = check("dpor-engine", &["DporGraphExample"], &["--engine-graphs", graphs.to_str().expect("utf-8 path")]);
    let [executions, ..] = counts(&report);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&graphs).expect("graphs written").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert_eq!(files.len() as u64, executions);
    assert!(files[0].ends_with("execution-000001.dot"), "{files:?}");
    let texts: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).expect("read graph")).collect();
    assert!(texts.iter().all(|t| t.starts_with("digraph execution_") && t.contains("Replay")));
    assert!(texts.iter().any(|t| t.contains("Maybe")), "no Maybe node in any graph");
    // the root flagged for the replay is drawn doubled in some graph
    assert!(texts.iter().any(|t| t.contains("diamond, peripheries=2")), "no flagged replay node");
}

#[test]
fn engine_graphs_need_the_engine() {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(classes()).args(["--engine-graphs", "/tmp/unused-jvmc-graphs", "DporGraphExample"]);
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    assert_eq!(out.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--engine-graphs needs the DPOR engine"));
}
