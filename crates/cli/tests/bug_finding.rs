//! The bug-finding searches on Java (`benchmarks/rb/`): PCT, DFS-RB and iterative
//! preemption bounding find the reorder bug, their counterexamples replay, a seed
//! reproduces a search, a search that pruned reports itself incomplete, and bad
//! configurations are input errors.

mod support;

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use serde_json::Value;
use support::run;

const TIMEOUT: Duration = Duration::from_secs(300);

/// `benchmarks/rb/` compiled once.
fn classes() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| support::compile_benchmarks("rb", TIMEOUT)).path()
}

fn jvmc(args: &[&str]) -> support::Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(args);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn check(options: &[&str], program: &[&str]) -> Value {
    let mut args = vec!["check", "--cp", classes().to_str().expect("utf-8 path"), "--json", "-"];
    args.extend_from_slice(options);
    args.extend_from_slice(program);
    let out = jvmc(&args);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn pct_finds_the_reorder_bug_and_its_trace_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trace = dir.path().join("trace.json");
    let mut found = 0;
    for seed in ["1", "2", "3"] {
        let r = check(&["--search", "pct", "--pct-depth", "3", "--seed", seed, "--max-states", "200000", "--trace", trace.to_str().expect("utf-8")], &["Reorder", "6", "1"]);
        if r["verdict"] == "violation" {
            found += 1;
            assert!(r["violation"]["message"].as_str().unwrap_or_default().contains("reordered"), "{r}");
            let replayed = jvmc(&["replay", trace.to_str().expect("utf-8")]);
            assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
            assert!(String::from_utf8_lossy(&replayed.stdout).contains("reordered"));
        }
    }
    assert_eq!(found, 3, "PCT found the bug with {found} of 3 seeds");
}

#[test]
fn dfs_rb_finds_the_reorder_bug_and_a_seed_reproduces_the_search() {
    let options = ["--search", "dfs-rb", "--rb", "I:5-10-20-50-100,pl,d,Lb,0.75,1.5", "--order", "random", "--seed", "4", "--max-states", "200000"];
    let a = check(&options, &["Reorder", "3", "1"]);
    assert_eq!(a["verdict"], "violation", "{a}");
    let b = check(&options, &["Reorder", "3", "1"]);
    assert_eq!(a["stats"]["states_new"], b["stats"]["states_new"]);
    assert_eq!(a["stats"]["transitions"], b["stats"]["transitions"]);
    assert_eq!(a["violation"]["trace"], b["violation"]["trace"]);
}

#[test]
fn dfs_rb_without_a_bug_says_what_it_covered() {
    // no checker: nothing can fail; thresholds of 2 prune, a threshold past every
    // path explores everything
    let pruned = check(&["--search", "dfs-rb", "--rb", "I:2-2,pl,d,F,0.5,1"], &["Reorder", "2", "0"]);
    assert_eq!((pruned["verdict"].as_str(), pruned["stats"]["stop_reason"].as_str()), (Some("incomplete"), Some("pruned")), "{pruned}");
    let complete = check(&["--search", "dfs-rb", "--rb", "I:2-100000,pl,d,F,0.5,1"], &["Reorder", "2", "0"]);
    assert_eq!(complete["verdict"], "ok", "{complete}");
    // the text report says why, and the exit status is the incomplete one
    let out = jvmc(&["check", "--cp", classes().to_str().expect("utf-8 path"), "--search", "dfs-rb", "--rb", "I:2-2,pl,d,F,0.5,1", "Reorder", "2", "0"]);
    assert_eq!(out.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stdout).contains("backtracked early"), "{}", String::from_utf8_lossy(&out.stdout));
}

#[test]
fn bad_configurations_are_input_errors() {
    let cp = classes().to_str().expect("utf-8 path");
    for (args, needle) in [
        (vec!["check", "--cp", cp, "--search", "dfs-rb", "--rb", "5,pl,d,Q,0.5,1", "Reorder"], "strategy"),
        (vec!["check", "--cp", cp, "--search", "dfs-rb", "--rb", "5,pl,d", "Reorder"], "six"),
        (vec!["check", "--cp", cp, "--rb", "5,pl,d,F,0.5,1", "Reorder"], "configure --search dfs-rb"),
        (vec!["check", "--cp", cp, "--search", "dfs-rb", "--rb", "@/nonexistent/rb.conf", "Reorder"], "reading the DFS-RB configuration"),
        (vec!["check", "--cp", cp, "--restarts", "luby", "Reorder"], "restarts a randomized search"),
        (vec!["check", "--cp", cp, "--search", "pct", "--restarts", "geometric", "Reorder"], "geometric"),
        (vec!["check", "--cp", cp, "--search", "pct", "--preemption-bound", "2", "Reorder"], "bounds --search preemption-bounded or dfs-rb"),
    ] {
        let out = jvmc(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn a_configuration_file_is_read() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("rb.conf");
    std::fs::write(&file, "# the paper's best by variation\nthb = L*0.25\nstg = F\nrtb = 1-d/100\nrtc = 1.2\n").expect("write");
    let at = format!("@{}", file.display());
    let r = check(&["--search", "dfs-rb", "--rb", &at, "--seed", "1", "--max-states", "200000"], &["Reorder", "3", "1"]);
    assert!(matches!(r["verdict"].as_str(), Some("violation" | "incomplete")), "{r}");
    assert_eq!(r["stats"]["strategy"], "dfs-rb");
}

#[test]
fn iterative_preemption_bounding_finds_the_bug_with_the_fewest_preemptions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trace = dir.path().join("trace.json");
    let r = check(&["--search", "preemption-bounded", "--trace", trace.to_str().expect("utf-8")], &["Reorder", "3", "1"]);
    assert_eq!(r["verdict"], "violation", "{r}");
    let replayed = jvmc(&["replay", trace.to_str().expect("utf-8")]);
    assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
    // with no preemption at all the checker cannot fall between a setter's writes
    let none = check(&["--search", "preemption-bounded", "--preemption-bound", "0"], &["Reorder", "3", "1"]);
    assert_eq!((none["verdict"].as_str(), none["stats"]["stop_reason"].as_str()), (Some("incomplete"), Some("pruned")), "{none}");
}

/// The steps of a JSON counterexample that preempt.
fn preemptions(r: &Value) -> usize {
    r["violation"]["trace"].as_array().map_or(0, |t| t.iter().filter(|s| s["preempts"] == true).count())
}

#[test]
fn minimize_shortens_a_counterexample_to_the_fewest_preemptions_and_it_replays() {
    let dir = tempfile::tempdir().expect("temp dir");
    let trace = dir.path().join("trace.json");
    let plain = check(&["--search", "random", "--seed", "3"], &["Reorder", "6", "1"]);
    assert_eq!(plain["verdict"], "violation", "{plain}");
    let from = preemptions(&plain);
    assert!(from > 1, "the random walk's counterexample has {from} preemptions");
    let r = check(&["--search", "random", "--seed", "3", "--minimize", "--trace", trace.to_str().expect("utf-8")], &["Reorder", "6", "1"]);
    assert_eq!(r["verdict"], "violation", "{r}");
    // the same violation, with the single preemption the bug needs
    assert_eq!(r["violation"]["message"], plain["violation"]["message"]);
    assert_eq!(preemptions(&r), 1, "{}", r["violation"]);
    assert_eq!((r["minimized"]["from_preemptions"].as_u64(), r["minimized"]["preemptions"].as_u64()), (Some(from as u64), Some(1)), "{}", r["minimized"]);
    // and never longer: the bounded searches go no deeper than the first trace
    let (before, after) = (r["minimized"]["from_transitions"].as_u64(), r["minimized"]["transitions"].as_u64());
    assert_eq!(before, plain["violation"]["trace"].as_array().map(|t| t.len() as u64), "{}", r["minimized"]);
    assert!(after <= before && after == r["violation"]["trace"].as_array().map(|t| t.len() as u64), "{}", r["minimized"]);
    let replayed = jvmc(&["replay", trace.to_str().expect("utf-8")]);
    assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
    assert!(String::from_utf8_lossy(&replayed.stdout).contains("1 preemption"), "{}", String::from_utf8_lossy(&replayed.stdout));
    // a counterexample that cannot be shortened stays, and says so
    let again = check(&["--search", "preemption-bounded", "--minimize"], &["Reorder", "6", "1"]);
    assert_eq!((preemptions(&again), again["minimized"]["preemptions"].as_u64()), (1, Some(1)), "{again}");
}

#[test]
fn restarted_searches_find_the_bug_and_report_one_search() {
    for options in [
        vec!["--search", "dfs", "--order", "random", "--seed", "2", "--restarts", "luby", "--restart-unit", "50ms"],
        vec!["--search", "dfs-rb", "--seed", "2", "--restarts", "fixed", "--restart-unit", "50ms"],
        vec!["--search", "pct", "--seed", "2", "--restarts", "walsh", "--restart-unit", "50ms"],
    ] {
        let r = check(&[options.as_slice(), &["--max-time", "60s"]].concat(), &["Reorder", "3", "1"]);
        assert_eq!(r["verdict"], "violation", "{options:?}: {r}");
        assert_eq!(r["stats"]["strategy"], options[1], "{r}");
    }
    // without a bug, an exhaustive random-order run ends the search: verdict ok
    let ok = check(&["--search", "dfs", "--order", "random", "--restarts", "fixed", "--restart-unit", "60s"], &["Reorder", "0", "2"]);
    assert_eq!(ok["verdict"], "ok", "{ok}");
}

#[test]
fn dfs_rb_and_restarted_searches_report_livelocks_that_replay() {
    for class in ["LivelockTryLockRetry", "LivelockLeakedSpinLock"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../tests/programs/concurrent/{class}.java"));
        let source = std::fs::read_to_string(&path).expect("suite program");
        let dir = support::compile_source(class, &source, TIMEOUT);
        for options in [vec!["--search", "dfs-rb", "--seed", "1"], vec!["--search", "dfs", "--order", "random", "--seed", "1", "--restarts", "fixed", "--restart-unit", "10s"]] {
            let trace = dir.path().join("trace.json");
            let mut args = vec!["check", "--cp", dir.path().to_str().expect("utf-8"), "--json", "-", "--max-time", "60s", "--trace", trace.to_str().expect("utf-8")];
            args.extend_from_slice(&options);
            args.push(class);
            let out = jvmc(&args);
            let r: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("no JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
            assert_eq!(r["violation"]["kind"], "livelock", "{class} {options:?}: {r}");
            let replayed = jvmc(&["replay", trace.to_str().expect("utf-8")]);
            assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
        }
    }
}

#[test]
fn a_search_past_violations_that_runs_out_of_time_reports_them_and_counts_all() {
    // the replays of what was found ran into the expired time limit (exit 2, no report)
    let r = check(&["--search", "random", "--seed", "1", "--multiple-errors", "--keep-violations", "2", "--max-time", "1s"], &["Reorder", "3", "1"]);
    assert_eq!((r["verdict"].as_str(), r["stats"]["stop_reason"].as_str()), (Some("violation"), Some("max-time")), "{r}");
    assert_eq!(r["violations"].as_array().map(Vec::len), Some(2), "{r}");
    let v = &r["stats"]["violations"];
    assert!(v["count"].as_u64().unwrap_or(0) > 2, "{v}");
    assert!(v["depth_min"].as_u64().unwrap_or(0) > 0 && v["depth_mean"].as_f64().unwrap_or(0.0) >= v["depth_min"].as_f64().unwrap_or(0.0), "{v}");
}

/// The runs a benchmark of `benchmarks/rb` declares: `// jvmc-rb: args=...` (its bug)
/// and `// jvmc-rb: fixed=...` (its correct variant).
fn declared_runs(source: &str, key: &str) -> Vec<Vec<String>> {
    let prefix = format!("// jvmc-rb: {key}=");
    source.lines().filter_map(|l| l.trim().strip_prefix(prefix.as_str())).map(|a| a.split_whitespace().map(str::to_string).collect()).collect()
}

#[test]
fn every_rb_benchmark_has_a_bug_dfs_rb_finds_and_a_correct_variant_dfs_proves() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchmarks/rb");
    let mut programs = 0;
    for path in support::java_sources(&dir) {
        let class = path.file_stem().and_then(|s| s.to_str()).expect("file name").to_string();
        let source = std::fs::read_to_string(&path).expect("benchmark source");
        let (bugs, fixed) = (declared_runs(&source, "args"), declared_runs(&source, "fixed"));
        assert!(!bugs.is_empty() && fixed.len() == 1, "{class}: declare its runs (// jvmc-rb: args=... and fixed=...)");
        programs += 1;
        let args: Vec<&str> = bugs[0].iter().map(String::as_str).collect();
        let found = check(&["--search", "dfs-rb", "--seed", "1", "--max-time", "120s"], &[&[class.as_str()], args.as_slice()].concat());
        assert_eq!(found["verdict"], "violation", "{class} {args:?}: {found}");
        let args: Vec<&str> = fixed[0].iter().map(String::as_str).collect();
        let proved = check(&["--max-time", "120s"], &[&[class.as_str()], args.as_slice()].concat());
        assert_eq!((proved["verdict"].as_str(), proved["stats"]["stop_reason"].as_str()), (Some("ok"), Some("complete")), "{class} {args:?}: {proved}");
    }
    assert_eq!(programs, 13, "the twelve benchmark kinds of the DFS-RB paper and the reorder bug");
}
