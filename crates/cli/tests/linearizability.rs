//! `--linearizability KIND:CLASS` (`crates/vm/src/check/linearizability/`): objects that
//! are not linearizable are found by every complete search, with the history as a
//! table, and the counterexample replays; linearizable objects — the POR benchmark's
//! sets, `java.util.concurrent` classes — pass, with the same outcomes as without
//! the check; a call the specification does not model stops the check with a warning;
//! `SPEC:CLASS`, a Java class as the specification, agrees with the built-in ones.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, java_sources, javac, report_outcomes, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

fn programs() -> tempfile::TempDir {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/linearizability");
    let sources = java_sources(&src);
    let dir = tempfile::tempdir().expect("temp dir");
    javac(&sources.iter().map(PathBuf::as_path).collect::<Vec<_>>(), dir.path(), TIMEOUT).expect("javac");
    dir
}

fn jvmc(dir: &Path, args: &[&str], main: &[&str]) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--json", "-"]).args(args).args(main);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn json(out: &Outcome) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

/// Complete searches of every family: unreduced DFS and BFS, stateful POR, stateful
/// and stateless DPOR.
const SEARCHES: &[&[&str]] = &[
    &[],
    &["--search", "bfs"],
    &["--por", "dl-spor"],
    &["--por", "odpor"],
    &["--por", "sdpor"],
    &["--search", "dpor"],
    &["--search", "optimal-dpor"],
];

#[test]
fn objects_that_are_not_linearizable_are_found_by_every_search_and_replay() {
    let dir = programs();
    let cases: &[(&str, &str, &str)] = &[
        ("set:RacySet", "RacySet", "add(1) = true"),
        ("set:LaggySet", "LaggySet", "contains(1) = false"),
        ("counter:RacyCounter", "RacyCounter", "incrementAndGet() = 1"),
        ("queue:RacyQueue", "RacyQueue", "poll() = 1"),
    ];
    for (spec, class, failing) in cases {
        for search in SEARCHES {
            let mut args = vec!["--linearizability", spec];
            args.extend_from_slice(search);
            let out = jvmc(dir.path(), &args, &[class]);
            assert_eq!(out.code(), Some(1), "{class} {search:?}: {}", String::from_utf8_lossy(&out.stderr));
            let j = json(&out);
            assert_eq!(j["violation"]["kind"], "linearizability", "{class} {search:?}: {j}");
            let message = j["violation"]["message"].as_str().unwrap_or_default();
            assert!(message.starts_with("not linearizable:") && message.contains(failing), "{class} {search:?}: {message}");
        }
        // without the check, nothing is wrong with these programs
        let out = jvmc(dir.path(), &[], &[class]);
        assert_eq!(out.code(), Some(0), "{class} without --linearizability: {}", String::from_utf8_lossy(&out.stderr));
        // the counterexample replays, history and all
        let trace = dir.path().join(format!("{class}.trace.json"));
        let out = jvmc(dir.path(), &["--linearizability", spec, "--trace", trace.to_str().expect("utf-8")], &[class]);
        let message = json(&out)["violation"]["message"].as_str().unwrap_or_default().to_string();
        let mut replay = Command::new(env!("CARGO_BIN_EXE_jvmc"));
        replay.arg("replay").arg(&trace).args(["--json", "-"]);
        let replayed = run(replay, TIMEOUT).expect("jvmc runs");
        assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
        assert_eq!(json(&replayed)["message"], message.as_str(), "{class}: the replay fails the same way");
    }
}

#[test]
fn the_history_table_shows_real_time_order() {
    let dir = programs();
    // LaggySet is sequentially consistent: only the order of add's response before
    // contains' invocation makes it fail
    let out = jvmc(dir.path(), &["--linearizability", "set:LaggySet"], &["LaggySet"]);
    let message = json(&out)["violation"]["message"].as_str().unwrap_or_default().to_string();
    let rows: Vec<&str> = message.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| #")).collect();
    assert_eq!(rows, ["| 1 | add(1) begins |  |", "| 2 | add(1) = true |  |", "| 3 |  | contains(1) begins |", "| 4 |  | contains(1) = false |"], "{message}");
}

#[test]
fn java_util_concurrent_objects_are_linearizable() {
    let dir = programs();
    let cases = [
        ("map:java.util.concurrent.ConcurrentHashMap", "map"),
        ("queue:java.util.concurrent.ConcurrentLinkedQueue", "queue"),
        ("counter:java.util.concurrent.atomic.AtomicInteger", "counter"),
        ("register:java.util.concurrent.atomic.AtomicReference", "register"),
    ];
    for (spec, mode) in cases {
        for search in SEARCHES {
            let mut args = vec!["--linearizability", spec];
            args.extend_from_slice(search);
            let out = jvmc(dir.path(), &args, &["JucObjects", mode]);
            let j = json(&out);
            assert_eq!(j["verdict"], "ok", "{mode} {search:?}: {j}");
            assert!(j.get("linearizability_unchecked").is_none(), "{mode}: every call is modelled: {j}");
        }
    }
    // a call the specification does not model: the map is not checked from then on
    let j = json(&jvmc(dir.path(), &["--linearizability", "map:java.util.concurrent.ConcurrentHashMap"], &["JucObjects", "unmodelled"]));
    assert_eq!(j["verdict"], "ok", "{j}");
    let unchecked = j["linearizability_unchecked"].as_array().cloned().unwrap_or_default();
    assert!(unchecked.len() == 1 && unchecked[0].as_str().is_some_and(|w| w.contains("call of merge")), "{j}");
}

#[test]
fn the_por_benchmark_structures_are_linearizable_with_the_same_outcomes() {
    let dir = compile_benchmarks("por", TIMEOUT);
    let cases = [
        ("set:LazyListSet", "LazyListSetHigh"),
        ("set:RwLockListSet", "RwLockListSetHigh"),
        ("set:CasBstSet", "CasBstSetHigh"),
        ("set:ChmSet", "ChmSetHigh"),
        ("set:LazyListSet", "LazyListSetLow"),
        ("map:java.util.concurrent.ConcurrentHashMap", "ChmHigh"),
    ];
    for (spec, client) in cases {
        // two calls per thread; one for the stateless search, which takes minutes on
        // two calls of the lazy list
        for (calls, searches) in [("2", &[&[][..], &["--por", "dl-spor"]][..]), ("1", &[&["--search", "optimal-dpor"][..]][..])] {
            let plain = json(&jvmc(dir.path(), &["--outcomes"], &[client, calls]));
            assert_eq!(plain["verdict"], "ok", "{client}: {plain}");
            for search in searches {
                let mut args = vec!["--outcomes", "--linearizability", spec];
                args.extend_from_slice(search);
                let j = json(&jvmc(dir.path(), &args, &[client, calls]));
                assert_eq!(j["verdict"], "ok", "{client} {calls} {search:?}: {j}");
                assert!(j.get("linearizability_unchecked").is_none(), "{client}: {j}");
                assert_eq!(report_outcomes(&j), report_outcomes(&plain), "{client} {calls} {search:?}: the check does not change what the program can print");
            }
        }
    }
}

/// A user-written Java class as the specification: it finds what the built-in one
/// finds, with the same history, in every family of search, and the trace replays;
/// on a linearizable structure it agrees with the built-in one state for state.
#[test]
fn a_java_class_serves_as_the_specification() {
    let dir = programs();
    let cases = [("SetSpec:RacySet", "set:RacySet", "RacySet"), ("SetSpec:LaggySet", "set:LaggySet", "LaggySet"), ("CounterSpec:RacyCounter", "counter:RacyCounter", "RacyCounter"), ("QueueSpec:RacyQueue", "queue:RacyQueue", "RacyQueue")];
    for (java, builtin, class) in cases {
        for search in [&[][..], &["--por", "dl-spor"], &["--por", "sdpor"], &["--search", "optimal-dpor"]] {
            let run = |spec: &str| {
                let mut args = vec!["--linearizability", spec];
                args.extend_from_slice(search);
                json(&jvmc(dir.path(), &args, &[class]))
            };
            let (j, b) = (run(java), run(builtin));
            assert_eq!(j["violation"]["kind"], "linearizability", "{java} {search:?}: {j}");
            let message = |v: &Value, spec: &str| v["violation"]["message"].as_str().unwrap_or_default().replace(&format!("({spec} specification)"), "(SPEC)");
            let kind = builtin.split(':').next().unwrap_or_default();
            assert_eq!(message(&j, java.split(':').next().unwrap_or_default()), message(&b, kind), "{java} {search:?}: the same history fails");
            assert_eq!(j["stats"]["states_new"], b["stats"]["states_new"], "{java} {search:?}");
        }
        let trace = dir.path().join(format!("{class}.java-spec.trace.json"));
        let out = jvmc(dir.path(), &["--linearizability", java, "--trace", trace.to_str().expect("utf-8")], &[class]);
        let message = json(&out)["violation"]["message"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(&format!("({} specification)", java.split(':').next().unwrap_or_default())), "{message}");
        let mut replay = Command::new(env!("CARGO_BIN_EXE_jvmc"));
        replay.arg("replay").arg(&trace).args(["--json", "-"]);
        let replayed = run(replay, TIMEOUT).expect("jvmc runs");
        assert_eq!(json(&replayed)["message"], message.as_str(), "{class}: the replay fails the same way");
    }
    // a linearizable structure: the Java set and the built-in one, state for state
    let por = compile_benchmarks("por", TIMEOUT);
    javac(&[&Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/linearizability/SetSpec.java")], por.path(), TIMEOUT).expect("javac");
    let run = |spec: &str| json(&jvmc(por.path(), &["--outcomes", "--linearizability", spec], &["LazyListSetHigh", "2"]));
    let (j, b) = (run("SetSpec:LazyListSet"), run("set:LazyListSet"));
    assert_eq!(j["verdict"], "ok", "{j}");
    assert!(j.get("linearizability_unchecked").is_none(), "{j}");
    for counter in ["states_new", "states_visited", "transitions"] {
        assert_eq!(j["stats"][counter], b["stats"][counter], "{counter}");
    }
    assert_eq!(report_outcomes(&j), report_outcomes(&b));
}

/// A `.java` main whose specification class is declared in the same file: the
/// specification's vm loads it from the one compilation (with a compilation of its
/// own, dropped at once, it was "missing from the runtime image").
#[test]
fn a_specification_in_the_main_source_file() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/linearizability");
    let read = |name: &str| std::fs::read_to_string(src.join(name)).expect("source");
    let spec = read("CounterSpec.java").replace("public class CounterSpec {", "class CounterSpec {\n    public CounterSpec() {}");
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("RacyCounter.java");
    std::fs::write(&file, read("RacyCounter.java") + &spec).expect("write");
    let out = jvmc(dir.path(), &["--linearizability", "CounterSpec:RacyCounter"], &[file.to_str().expect("utf-8")]);
    let j = json(&out);
    assert_eq!(j["violation"]["kind"], "linearizability", "{j}");
}

#[test]
fn a_bad_specification_is_a_clear_error() {
    let dir = programs();
    let cases = [
        ("list:RacySet", "specification class list"),
        ("RacySet", "expected KIND:CLASS"),
        ("set:", "expected KIND:CLASS"),
        ("NoTextSpec:RacyCounter", "must declare toString()"),
    ];
    for (spec, words) in cases {
        let out = jvmc(dir.path(), &["--linearizability", spec], &["RacySet"]);
        assert_eq!(out.code(), Some(2), "{spec}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains(words), "{spec}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
