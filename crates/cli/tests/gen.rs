//! `jvmc gen` (`crates/cli/src/gen/`): generated clients' admitted outcomes are what
//! real `java` computes from the same sequential runs; clients of correct structures
//! verify under the outcome assertion and under `--linearizability` alike; clients of
//! the buggy variants that fail the outcome assertion also fail linearizability, which
//! finds more (real-time order), and clients that never call the buggy code pass.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, java_tool, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

fn jvmc(args: &[&str]) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(args);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

/// Generates `n` clients of `class` (keys 1 and 2, at most `calls` calls per thread)
/// into a fresh directory; returns it and `clients.json`.
fn generate(classes: &Path, class: &str, n: usize, calls: usize, seed: u64) -> (tempfile::TempDir, Vec<Value>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = dir.path().join("spec.json");
    let text = format!(
        r#"{{"class": "{class}", "methods": [{{"name": "add", "params": ["int"]}}, {{"name": "remove", "params": ["int"]}}, {{"name": "contains", "params": ["int"]}}], "values": [1, 2]}}"#
    );
    std::fs::write(&spec, text).expect("spec");
    let out = dir.path().join("clients");
    let (n, calls, seed) = (n.to_string(), calls.to_string(), seed.to_string());
    let done = jvmc(&["gen", spec.to_str().unwrap(), "--cp", classes.to_str().unwrap(), "--out", out.to_str().unwrap(), "--clients", &n, "--calls", &calls, "--seed", &seed]);
    assert_eq!(done.code(), Some(0), "{}", String::from_utf8_lossy(&done.stderr));
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(out.join("clients.json")).expect("clients.json")).expect("JSON");
    (dir, manifest.as_array().cloned().unwrap_or_default())
}

fn class_path(dir: &Path, classes: &Path) -> String {
    format!("{}:{}", dir.join("clients").display(), classes.display())
}

/// The verdict of `jvmc check` with `extra` options: `ok` or the violation's kind.
fn verdict(cp: &str, extra: &[&str], client: &str) -> String {
    let mut args = vec!["check", "--cp", cp, "--json", "-"];
    args.extend_from_slice(extra);
    args.push(client);
    let out = jvmc(&args);
    let j: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{client}: not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    match j["verdict"].as_str() {
        Some("ok") => "ok".into(),
        _ => j["violation"]["kind"].as_str().unwrap_or("?").to_string(),
    }
}

#[test]
fn clients_of_correct_structures_are_admitted_by_java_and_verify_both_ways() {
    let classes = compile_benchmarks("por", TIMEOUT);
    for class in ["LazyListSet", "RwLockListSet"] {
        let (dir, clients) = generate(classes.path(), class, 4, 2, 3);
        assert_eq!(clients.len(), 4);
        let cp = class_path(dir.path(), classes.path());
        for c in &clients {
            let name = c["name"].as_str().expect("name");
            // the admitted outcomes are what real java's sequential runs give
            let mut java = Command::new(java_tool("java"));
            java.args(["-cp", &cp, name, "--admitted"]);
            let oracle = run(java, TIMEOUT).expect("java runs");
            let expected: Vec<&str> = c["admitted"].as_array().expect("admitted").iter().filter_map(Value::as_str).collect();
            assert!(!expected.is_empty(), "{name}");
            assert_eq!(String::from_utf8_lossy(&oracle.stdout).lines().collect::<Vec<_>>(), expected, "{name}");
            assert_eq!(verdict(&cp, &[], name), "ok", "{name}");
            assert_eq!(verdict(&cp, &["--linearizability", &format!("set:{class}")], name), "ok", "{name}");
            assert_eq!(verdict(&cp, &["--por", "dl-spor"], name), "ok", "{name}");
        }
    }
}

/// `spec` (JSON) generated with `options`: the admitted outcomes of the first client.
fn admitted_of(spec: &str, options: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("spec.json");
    std::fs::write(&file, spec).expect("spec");
    let out = dir.path().join("clients");
    let mut args = vec!["gen", file.to_str().unwrap(), "--out", out.to_str().unwrap(), "--clients", "1"];
    args.extend_from_slice(options);
    let done = jvmc(&args);
    assert_eq!(done.code(), Some(0), "{}", String::from_utf8_lossy(&done.stderr));
    let manifest: Value = serde_json::from_str(&std::fs::read_to_string(out.join("clients.json")).expect("clients.json")).expect("JSON");
    manifest[0]["admitted"].as_array().expect("admitted").iter().filter_map(|v| v.as_str().map(str::to_string)).collect()
}

#[test]
fn admitted_outcomes_of_small_clients_are_the_hand_checked_ones() {
    // two threads adding 1 twice each to an empty set: only the first add overall
    // returns true
    let set = r#"{"class": "java.util.concurrent.ConcurrentSkipListSet", "methods": [{"name": "add", "params": ["Object"]}], "values": [1]}"#;
    assert_eq!(admitted_of(set, &["--threads", "2", "--calls", "2", "--min-calls", "2"]), ["[false, false][true, false]", "[true, false][false, false]"]);
    // three increments of a counter from 5: each thread gets one of 6, 7, 8
    let counter = r#"{"class": "java.util.concurrent.atomic.AtomicInteger", "constructor": [5], "methods": [{"name": "incrementAndGet"}]}"#;
    let mut expected: Vec<String> = ["[6][7][8]", "[6][8][7]", "[7][6][8]", "[7][8][6]", "[8][6][7]", "[8][7][6]"].map(String::from).to_vec();
    expected.sort();
    assert_eq!(admitted_of(counter, &["--threads", "3", "--calls", "1"]), expected);
    // one thread alone: exactly its sequential results
    let queue = r#"{"class": "java.util.concurrent.ConcurrentLinkedQueue", "methods": [{"name": "offer", "params": ["Object"]}], "values": [7]}"#;
    assert_eq!(admitted_of(queue, &["--threads", "1", "--calls", "3", "--min-calls", "3"]), ["[true, true, true]"]);
}

#[test]
fn java_util_concurrent_classes_work_out_of_the_box() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = dir.path().join("spec.json");
    std::fs::write(&spec, r#"{"class": "java.util.concurrent.ConcurrentLinkedQueue", "methods": [{"name": "offer", "params": ["Object"]}, {"name": "poll"}, {"name": "peek"}], "values": [1, 2]}"#).expect("spec");
    let out = dir.path().join("clients");
    let done = jvmc(&["gen", spec.to_str().unwrap(), "--out", out.to_str().unwrap(), "--clients", "3", "--calls", "3"]);
    assert_eq!(done.code(), Some(0), "{}", String::from_utf8_lossy(&done.stderr));
    let cp = out.to_str().unwrap();
    for i in 0..3 {
        let name = format!("ConcurrentLinkedQueueClient{i}");
        assert_eq!(verdict(cp, &[], &name), "ok", "{name}");
        assert_eq!(verdict(cp, &["--linearizability", "queue:java.util.concurrent.ConcurrentLinkedQueue"], &name), "ok", "{name}");
    }
}

#[test]
fn the_same_seed_generates_the_same_clients() {
    let classes = compile_benchmarks("por", TIMEOUT);
    let (_a, first) = generate(classes.path(), "LazyListSet", 3, 3, 11);
    let (_b, again) = generate(classes.path(), "LazyListSet", 3, 3, 11);
    let (_c, other) = generate(classes.path(), "LazyListSet", 3, 3, 12);
    assert_eq!(first, again);
    assert_ne!(first, other);
}

#[test]
fn buggy_variants_fail_both_ways_and_linearizability_finds_at_least_as_much() {
    let classes = compile_benchmarks("por", TIMEOUT);
    for class in ["BuggyLazyListSet", "BuggyRwLockListSet"] {
        let (dir, clients) = generate(classes.path(), class, 8, 3, 1);
        let cp = class_path(dir.path(), classes.path());
        let mut found = BTreeSet::new();
        for c in &clients {
            let name = c["name"].as_str().expect("name");
            let calls: Vec<String> = c["threads"].as_array().expect("threads").iter().flat_map(|t| t.as_array().cloned().unwrap_or_default()).filter_map(|v| v.as_str().map(str::to_string)).collect();
            let outcome = verdict(&cp, &[], name);
            let lin = verdict(&cp, &["--linearizability", &format!("set:{class}")], name);
            if !calls.iter().any(|c| c == "add(1)") {
                // the bug is in add of an odd key
                assert_eq!((outcome.as_str(), lin.as_str()), ("ok", "ok"), "{name} {calls:?}");
            }
            if outcome != "ok" {
                assert_eq!(outcome, "assertion", "{name}");
                assert_eq!(lin, "linearizability", "{name}: an outcome no interleaving gives is not linearizable");
                found.insert("outcome");
            }
            if lin != "ok" {
                found.insert("linearizability");
            }
        }
        assert_eq!(found.len(), 2, "{class}: some client fails the outcome assertion, some linearizability: {found:?}");
    }
}

#[test]
fn a_bad_specification_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let spec = dir.path().join("spec.json");
    for (text, words) in [("{\"class\": \"X\", \"methods\": []}", "no methods"), ("{\"class\": \"X\"}", "not a client specification"), ("{\"class\": \"X\", \"methods\": [{\"name\": \"add\", \"params\": [\"int\"]}]}", "values")] {
        std::fs::write(&spec, text).expect("spec");
        let out = jvmc(&["gen", spec.to_str().unwrap(), "--out", dir.path().join("o").to_str().unwrap()]);
        assert_eq!(out.code(), Some(2), "{text}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).contains(words), "{text}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = jvmc(&["gen", dir.path().join("missing.json").to_str().unwrap(), "--out", "x"]);
    assert_eq!(out.code(), Some(2));
}
