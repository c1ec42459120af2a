//! `jvmc check` and `jvmc replay` as scripts use them: exit statuses, limits, the JSON
//! document, strategies, determinism, scheduling policies, trace files, and clear
//! errors for bad input.

mod support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{report_outcomes, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

/// Compiles `tests/programs/concurrent/{class}.java` into a fresh directory.
fn compiled(class: &str) -> tempfile::TempDir {
    support::compile_suite_programs(&[class], TIMEOUT)
}

fn compile_source(class: &str, source: &str) -> tempfile::TempDir {
    support::compile_source(class, source, TIMEOUT)
}

fn jvmc(args: &[&str]) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(args);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn check(dir: &Path, args: &[&str], class: &str) -> Outcome {
    let cp = dir.to_str().expect("utf-8 path");
    let mut all = vec!["check", "--cp", cp];
    all.extend_from_slice(args);
    all.push(class);
    jvmc(&all)
}

fn json(out: &Outcome) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

fn stderr(out: &Outcome) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The README's first command: a `.java` main, compiled by jvmc, checked on one and
/// on two workers (each worker loads classes from the one compilation: a worker that
/// compiled its own copy dropped it at once, and failed on `Transfers$Account`).
#[test]
fn the_readme_example_finds_its_deadlock_from_source() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/Transfers.java");
    for workers in ["1", "2"] {
        let out = jvmc(&["check", "--workers", workers, "--json", "-", example]);
        assert_eq!(out.code(), Some(1), "--workers {workers}: {}", stderr(&out));
        assert_eq!(json(&out)["violation"]["kind"], "deadlock", "--workers {workers}");
    }
}

#[test]
fn json_on_stdout_has_the_contract_fields_and_the_report_goes_to_stderr() {
    let dir = compiled("RacyCounter2");
    let out = check(dir.path(), &["--json", "-"], "RacyCounter2");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let j = json(&out);
    assert_eq!(j["verdict"], "violation");
    assert_eq!(j["violation"]["kind"], "assertion");
    assert!(j["violation"]["message"].as_str().unwrap_or("").starts_with("java.lang.AssertionError"));
    assert!(j["violation"]["thread"].is_string());
    let trace = j["violation"]["trace"].as_array().expect("trace array");
    assert!(!trace.is_empty());
    for step in trace {
        for field in ["thread", "thread_name", "location", "operation"] {
            assert!(!step[field].is_null(), "trace step without {field}: {step}");
        }
    }
    for field in ["states_new", "states_visited", "end_states", "transitions", "max_depth", "instructions", "elapsed_ms", "peak_rss_bytes"] {
        assert!(j["stats"][field].is_u64(), "stats.{field} missing: {}", j["stats"]);
    }
    // the human-readable report went to stderr
    let err = stderr(&out);
    assert!(err.contains("error: assertion: java.lang.AssertionError"), "{err}");
    assert!(err.contains("statistics:"), "{err}");
}

#[test]
fn limits_stop_cleanly_with_status_3_and_the_statistics_so_far() {
    let dir = compiled("ConditionHandshake");
    // large enough for every limit only with the JDK's interleavings
    let check = |dir: &Path, args: &[&str], class: &str| check(dir, &[args, &["--library", "explore"]].concat(), class);
    let out = check(dir.path(), &["--max-states", "50", "--json", "-"], "ConditionHandshake");
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    let j = json(&out);
    assert_eq!(j["verdict"], "incomplete");
    assert_eq!(j["stats"]["stop_reason"], "max-states");
    assert_eq!(j["stats"]["states_new"], 50);

    let out = check(dir.path(), &["--depth-limit", "5", "--json", "-"], "ConditionHandshake");
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    assert_eq!(json(&out)["stats"]["stop_reason"], "depth-limit");

    let out = check(dir.path(), &["--max-time", "0s", "--json", "-"], "ConditionHandshake");
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    assert_eq!(json(&out)["stats"]["stop_reason"], "max-time");

    let out = check(dir.path(), &["--max-memory", "1M", "--json", "-"], "ConditionHandshake");
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    assert_eq!(json(&out)["stats"]["stop_reason"], "max-memory");
}

#[test]
fn a_violation_found_before_a_limit_still_exits_with_1() {
    let dir = compiled("RacyCounter2");
    let out = check(dir.path(), &["--max-states", "100000"], "RacyCounter2");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn every_strategy_finds_the_deadlock_and_random_search_is_deterministic() {
    let dir = compiled("LockOrderDeadlock2");
    for search in ["dfs", "bfs"] {
        let out = check(dir.path(), &["--search", search, "--json", "-"], "LockOrderDeadlock2");
        assert_eq!(out.code(), Some(1), "{search}: {}", stderr(&out));
        assert_eq!(json(&out)["violation"]["kind"], "deadlock", "{search}");
    }
    let random = |seed: &str| check(dir.path(), &["--search", "random", "--seed", seed, "--walks", "200", "--json", "-"], "LockOrderDeadlock2");
    let (a, b) = (random("7"), random("7"));
    assert_eq!(a.code(), Some(1), "{}", stderr(&a));
    assert_eq!(json(&a)["violation"], json(&b)["violation"], "same seed, same counterexample");
}

#[test]
fn bfs_finds_a_shortest_counterexample() {
    let dir = compiled("RacyCounter3");
    let trace_len = |search: &str| {
        let out = check(dir.path(), &["--search", search, "--json", "-"], "RacyCounter3");
        assert_eq!(out.code(), Some(1), "{}", stderr(&out));
        json(&out)["violation"]["trace"].as_array().map_or(0, |t| t.len())
    };
    assert!(trace_len("bfs") <= trace_len("dfs"));
}

#[test]
fn multiple_errors_reports_more_than_one_violation() {
    let dir = compiled("RacyCounter3");
    let out = check(dir.path(), &["--multiple-errors", "--json", "-"], "RacyCounter3");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let j = json(&out);
    assert!(j["violations"].as_array().is_some_and(|v| v.len() > 1), "{}", j["violations"]);
}

#[test]
fn searches_are_deterministic() {
    let dir = compiled("ChmPutIfAbsent");
    let strip = |out: &Outcome| {
        let mut j = json(out);
        for volatile in ["elapsed_ms", "peak_rss_bytes"] {
            j["stats"][volatile] = Value::Null;
        }
        j["lockset"]["earlier_runs_ms"] = Value::Null;
        j
    };
    let a = check(dir.path(), &["--workers", "1", "--outcomes", "--json", "-"], "ChmPutIfAbsent");
    let b = check(dir.path(), &["--workers", "1", "--outcomes", "--json", "-"], "ChmPutIfAbsent");
    assert_eq!(a.code(), Some(0), "{}", stderr(&a));
    assert_eq!(strip(&a), strip(&b));
    // two workers: the same verdict, counts and outcomes; which worker explores what,
    // and so the depth at which states are first reached, the instructions run and
    // the work handed over, depend on timing (docs/algorithms/parallel.md)
    let parallel = |out: &Outcome| {
        let mut j = strip(out);
        for volatile in ["max_depth", "instructions", "parallel"] {
            j["stats"][volatile] = Value::Null;
        }
        j["lockset"]["restarts"] = Value::Null;
        j
    };
    // (unreduced search: the counts of the default sleep sets on several workers
    // depend on which worker reaches a state first)
    let c = check(dir.path(), &["--por", "none", "--workers", "2", "--outcomes", "--json", "-"], "ChmPutIfAbsent");
    let d = check(dir.path(), &["--por", "none", "--workers", "2", "--outcomes", "--json", "-"], "ChmPutIfAbsent");
    assert_eq!(parallel(&c), parallel(&d));
    // (the shared visited set has 256 shards: another size)
    let counts = |out: &Outcome| {
        let mut j = parallel(out);
        j["stats"]["visited_set_bytes"] = Value::Null;
        j
    };
    let e = check(dir.path(), &["--por", "none", "--workers", "1", "--outcomes", "--json", "-"], "ChmPutIfAbsent");
    assert_eq!(counts(&e), counts(&c), "two workers count what one counts");
    // the default on two workers: the verdict and outcomes of one
    let f = json(&check(dir.path(), &["--workers", "2", "--outcomes", "--json", "-"], "ChmPutIfAbsent"));
    assert_eq!(f["verdict"], json(&a)["verdict"]);
    assert_eq!(report_outcomes(&f), report_outcomes(&json(&a)));
}

#[test]
fn scheduling_policies_agree_and_classes_patterns_work() {
    let dir = compiled("TreiberStack");
    let outcomes = |sched: &str| {
        let out = check(dir.path(), &["--sched", sched, "--outcomes", "--json", "-"], "TreiberStack");
        assert_eq!(out.code(), Some(0), "{sched}: {}", stderr(&out));
        json(&out)["outcomes"].clone()
    };
    let all = outcomes("all");
    assert_eq!(outcomes("shared"), all);
    assert_eq!(outcomes("classes:TreiberStack*,java.util.concurrent.*"), all);
}

#[test]
fn a_saved_trace_replays_and_a_trace_that_does_not_fit_is_an_input_error() {
    let dir = compiled("LockOrderDeadlock2");
    let trace = dir.path().join("trace.json");
    let out = check(dir.path(), &["--trace", trace.to_str().expect("utf-8")], "LockOrderDeadlock2");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let replayed = jvmc(&["replay", trace.to_str().expect("utf-8")]);
    assert_eq!(replayed.code(), Some(1), "{}", stderr(&replayed));
    let text = String::from_utf8_lossy(&replayed.stdout);
    assert!(text.contains("error: deadlock"), "{text}");
    assert!(text.contains("trace ("), "{text}");

    // a schedule naming a thread that cannot run
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace")).expect("trace JSON");
    file["schedule"] = serde_json::json!([0, 7]);
    std::fs::write(&trace, file.to_string()).expect("write");
    let bad = jvmc(&["replay", trace.to_str().expect("utf-8")]);
    assert_eq!(bad.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("does not fit the program"), "{}", stderr(&bad));

    std::fs::write(&trace, "{ not json").expect("write");
    let garbage = jvmc(&["replay", trace.to_str().expect("utf-8")]);
    assert_eq!(garbage.code(), Some(2));
    assert!(stderr(&garbage).contains("not a jvmc trace file"), "{}", stderr(&garbage));
}

#[test]
fn bad_options_are_usage_errors() {
    let dir = compiled("RacyCounter2");
    for args in [&["--sched", "sometimes"][..], &["--search", "psychic"], &["--max-time", "soon"], &["--max-memory", "lots"]] {
        let out = check(dir.path(), args, "RacyCounter2");
        assert_eq!(out.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
}

#[test]
fn output_is_captured_unless_echoed() {
    let dir = compiled("SyncCounter");
    let quiet = check(dir.path(), &["--json", "-"], "SyncCounter");
    assert_eq!(quiet.code(), Some(0), "{}", stderr(&quiet));
    json(&quiet); // stdout is nothing but the JSON document
    let echoed = check(dir.path(), &["--echo-output"], "SyncCounter");
    assert_eq!(echoed.code(), Some(0));
    assert!(stderr(&echoed).contains("count="), "{}", stderr(&echoed));
}

#[test]
fn unsupported_natives_and_missing_classes_are_input_errors_under_check() {
    let dir = compile_source(
        "UsesProxy",
        "public class UsesProxy { public static void main(String[] a) { Runnable r = (Runnable) java.lang.reflect.Proxy.newProxyInstance(UsesProxy.class.getClassLoader(), new Class<?>[] { Runnable.class }, (p, m, args) -> null); r.run(); } }",
    );
    let out = check(dir.path(), &[], "UsesProxy");
    assert_eq!(out.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("jvmc: error:"), "{}", stderr(&out));

    let dir = compile_source("NeedsB", "public class NeedsB { public static void main(String[] a) { new Thread(B::hello).start(); } }\nclass B { static void hello() {} }");
    std::fs::remove_file(dir.path().join("B.class")).expect("remove B.class");
    let out = check(dir.path(), &[], "NeedsB");
    assert_eq!(out.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("class B is not on the class path"), "{}", stderr(&out));
}

#[test]
fn exact_states_mode_runs_on_a_java_util_concurrent_client() {
    let dir = compiled("ClqOfferPoll");
    let out = check(dir.path(), &["--exact-states", "--json", "-"], "ClqOfferPoll");
    assert_eq!(out.code(), Some(0), "{}", stderr(&out));
}

/// Issue 9, defect 7: `--max-time` and `--max-memory` hold inside a transition that
/// runs for a very long time (without the vm's own checks this search would run for
/// hours in its first transition: the budget is raised out of the way).
#[test]
fn limits_are_checked_inside_a_long_transition() {
    let src = r#"
public class LongTransition {
    static int shared;
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            java.util.List<long[]> keep = new java.util.ArrayList<>();
            long sum = 0;
            for (long i = 0; ; i++) {
                sum += i;
                if (args.length > 0 && i % 1000 == 0) keep.add(new long[4096]);
            }
        });
        t.start();
        shared = 1;
        t.join();
    }
}"#;
    let dir = compile_source("LongTransition", src);
    let budget = ["--transition-budget", "1000000000000", "--json", "-"];
    let out = check(dir.path(), &[&budget[..], &["--max-time", "1s"]].concat(), "LongTransition");
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    assert_eq!(json(&out)["stats"]["stop_reason"], "max-time");
    // with an argument the loop also allocates (locally: no scheduling point)
    let cp = dir.path().to_str().expect("utf-8 path");
    let out = jvmc(&[&["check", "--cp", cp], &budget[..], &["--max-memory", "300M", "LongTransition", "grow"]].concat());
    assert_eq!(out.code(), Some(3), "{}", stderr(&out));
    assert_eq!(json(&out)["stats"]["stop_reason"], "max-memory");
}

/// Issue 9, defect 0: a transition that exhausts the instruction budget is reported
/// with the stack where the thread loops (the loop's line, not where the transition
/// began), and the instructions it ran count in the statistics.
#[test]
fn a_non_terminating_transition_shows_where_it_loops() {
    let src = r#"
public class LoopsOnLocals {
    static int start;
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> {
            int i = start;
            System.out.println("entered");
            while (i != 0) {
                i += 2;
            }
        });
        t.start();
        start = 1;
        t.join();
    }
}"#;
    let dir = compile_source("LoopsOnLocals", src);
    let out = check(dir.path(), &["--transition-budget", "300000", "--json", "-"], "LoopsOnLocals");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let report = json(&out);
    let violation = &report["violation"];
    assert_eq!(violation["kind"], "non-termination", "{report}");
    let text = stderr(&out);
    let in_loop = ["lambda$main$0(LoopsOnLocals.java:8)", "lambda$main$0(LoopsOnLocals.java:9)"];
    assert!(in_loop.iter().any(|at| text.contains(at)), "the loop is on lines 8-9: {text}");
    let instructions = report["stats"]["instructions"].as_u64().expect("instructions");
    assert!(instructions >= 300_000, "the looping transition's instructions are counted: {instructions}");
}

/// Issue 9, defect 4: a trace step that ends a timed wait by timing out says so.
#[test]
fn a_timed_out_wait_says_so_in_the_trace() {
    let src = r#"
public class TimesOut {
    public static void main(String[] args) throws Exception {
        Object lock = new Object();
        Thread t = new Thread(() -> { synchronized (lock) { lock.notify(); } });
        t.start();
        long before = System.nanoTime();
        synchronized (lock) { lock.wait(250); }
        t.join();
        assert System.nanoTime() - before < 250_000_000L : "timed out";
    }
}"#;
    let dir = compile_source("TimesOut", src);
    let out = check(dir.path(), &[], "TimesOut");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("times out after 250 ms"), "{text}");
    // with --timeouts never the wait ends only by the notification
    let out = check(dir.path(), &["--timeouts", "never"], "TimesOut");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("deadlock"));
    let out = check(dir.path(), &["--timeouts", "100ms"], "TimesOut");
    assert!(String::from_utf8_lossy(&out.stdout).contains("deadlock"), "a 250 ms wait is longer than 100 ms: untimed");
}

/// Issue 9, defects 0 and 2: a livelock's lasso and a choice's branch survive a trace
/// file and `jvmc replay` reproduces them.
#[test]
fn livelocks_and_choices_replay_from_trace_files() {
    let dir = compiled("LivelockLeakedSpinLock");
    let trace = dir.path().join("livelock.json");
    let out = check(dir.path(), &["--trace", trace.to_str().expect("utf-8")], "LivelockLeakedSpinLock");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("error: livelock") && text.contains("the cycle: from here on"), "{text}");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace file")).expect("JSON");
    assert!(file["cycle_start"].is_u64(), "{file}");
    let out = jvmc(&["replay", trace.to_str().expect("utf-8"), "--json", "-"]);
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    assert_eq!(json(&out)["kind"], "livelock");

    let src = r#"
import java.util.concurrent.atomic.AtomicInteger;
public class MustSucceed {
    public static void main(String[] args) {
        AtomicInteger a = new AtomicInteger();
        assert a.weakCompareAndSetPlain(0, 1) : "spurious failure";
    }
}"#;
    let dir = compile_source("MustSucceed", src);
    let trace = dir.path().join("choice.json");
    let out = check(dir.path(), &["--trace", trace.to_str().expect("utf-8")], "MustSucceed");
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("fails spuriously"));
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace file")).expect("JSON");
    assert!(file["schedule"].as_array().expect("schedule").iter().any(|m| m.is_array()), "a [thread, branch] move: {file}");
    let out = jvmc(&["replay", trace.to_str().expect("utf-8"), "--json", "-"]);
    assert_eq!(out.code(), Some(1), "{}", stderr(&out));
    assert_eq!(json(&out)["message"], "java.lang.AssertionError: spurious failure");
    // with --weak-cas strong it never fails
    assert_eq!(check(dir.path(), &["--weak-cas", "strong"], "MustSucceed").code(), Some(0));
}

#[test]
fn bad_liveness_and_choice_options_are_usage_errors() {
    let dir = compiled("RacyCounter2");
    for bad in [&["--timeouts", "soon"][..], &["--random", "choice:0"], &["--random", "dice"], &["--weak-cas", "sometimes"], &["--transition-budget", "-1"], &["--library", "trusted"]] {
        let out = check(dir.path(), bad, "RacyCounter2");
        assert_eq!(out.code(), Some(2), "{bad:?}: {}", stderr(&out));
    }
}

/// Issue 10: a trusted library call is one step; a step inside it (where it blocks)
/// names the call and the line that made it, with the library frames folded; and
/// `--library explore` interleaves inside the JDK, finding the same deadlock with
/// more states.
#[test]
fn library_calls_are_one_step_and_their_trace_steps_name_the_call() {
    let src = r#"
import java.util.concurrent.Semaphore;
public class OnePermitTooFew {
    public static void main(String[] args) throws Exception {
        Semaphore done = new Semaphore(0);
        Thread t = new Thread(() -> done.release());
        t.start();
        done.acquire(2);
        t.join();
    }
}"#;
    let dir = compile_source("OnePermitTooFew", src);
    let mut states = Vec::new();
    for library in ["atomic", "explore"] {
        let out = check(dir.path(), &["--library", library, "--json", "-"], "OnePermitTooFew");
        assert_eq!(out.code(), Some(1), "{library}: {}", stderr(&out));
        let report = json(&out);
        assert_eq!(report["violation"]["kind"], "deadlock", "{library}: {report}");
        states.push(report["stats"]["states_new"].as_u64().expect("states"));
        if library == "atomic" {
            let text = stderr(&out);
            assert!(text.contains("OnePermitTooFew.main(OnePermitTooFew.java:8)"), "the user's line: {text}");
            assert!(text.contains("in Semaphore.acquire(): "), "the call, library frames folded: {text}");
            // the JSON trace expands the folded frames, innermost first, ending in the call
            let steps = report["violation"]["trace"].as_array().expect("trace");
            let call = steps.iter().find(|s| s["operation"].as_str().is_some_and(|o| o.starts_with("in Semaphore.acquire()"))).expect("the call's step");
            let frames: Vec<&str> = call["library_frames"].as_array().expect("library frames").iter().filter_map(|f| f.as_str()).collect();
            assert!(frames.last().is_some_and(|f| f.starts_with("java.util.concurrent.Semaphore.acquire(Semaphore.java:")), "{frames:?}");
            assert!(frames.iter().all(|f| f.starts_with("java.util.concurrent.")), "{frames:?}");
            assert!(steps.iter().filter(|s| s["library_frames"].is_array()).all(|s| s["operation"].as_str().is_some_and(|o| o.starts_with("in "))), "{steps:?}");
        }
    }
    assert!(states[0] < states[1], "atomic {} states, explore {}", states[0], states[1]);
}

/// Two workers that each build a string in their own buffer (`BUFFER`: a
/// synchronized `StringBuffer` or an unsynchronized `StringBuilder`), then race on a
/// shared counter.
const LOCAL_BUFFERS: &str = r#"
public class CLASS {
    static int shared;
    public static void main(String[] args) throws Exception {
        Runnable work = () -> {
            BUFFER sb = new BUFFER();
            for (int i = 0; i < 4; i++) sb.append(i);
            Object own = new Object();
            synchronized (own) { shared = shared + sb.length(); }
        };
        Thread a = new Thread(work), b = new Thread(work);
        a.start(); b.start(); a.join(); b.join();
        System.out.println(shared);
    }
}
"#;

#[test]
fn a_monitor_no_other_thread_can_reach_is_no_scheduling_point() {
    let states = |buffer: &str, sched: &str| {
        let class = format!("Local{buffer}");
        let dir = compile_source(&class, &LOCAL_BUFFERS.replace("CLASS", &class).replace("BUFFER", buffer));
        let out = check(dir.path(), &["--sched", sched, "--outcomes", "--json", "-"], &class);
        assert_eq!(out.code(), Some(0), "{class}: {}", stderr(&out));
        let j = json(&out);
        (j["stats"]["states_new"].as_u64().unwrap_or(0), report_outcomes(&j))
    };
    // the synchronized buffer and the private monitor add nothing under `shared`
    let (synchronized, outcomes) = states("StringBuffer", "shared");
    let (unsynchronized, same) = states("StringBuilder", "shared");
    assert_eq!((synchronized, &outcomes), (unsynchronized, &same));
    // the lost update is still there, and `all` (every monitor counts) agrees
    assert!(outcomes.len() >= 2, "{outcomes:?}");
    let (all, all_outcomes) = states("StringBuffer", "all");
    assert_eq!(all_outcomes, outcomes);
    assert!(all > synchronized, "{all} states under `all`, {synchronized} under `shared`");
}

const PUBLISHED_WHILE_HELD: &str = r#"
public class PublishedWhileHeld {
    static Object box;
    static int x;
    public static void main(String[] args) throws Exception {
        Thread owner = new Thread(() -> {
            Object lock = new Object();
            synchronized (lock) {
                box = lock;      // published while held: the other thread may now wait for it
                x = 1;
                x = 2;
            }
        });
        Thread other = new Thread(() -> {
            Object seen = box;
            if (seen != null) {
                synchronized (seen) { assert x != 1 : "entered while the owner held it"; }
            }
        });
        owner.start(); other.start(); owner.join(); other.join();
    }
}
"#;

#[test]
fn a_monitor_published_while_held_is_contended_correctly() {
    let dir = compile_source("PublishedWhileHeld", PUBLISHED_WHILE_HELD);
    for sched in ["shared", "all"] {
        let out = check(dir.path(), &["--sched", sched, "--outcomes", "--json", "-"], "PublishedWhileHeld");
        assert_eq!(out.code(), Some(0), "{sched}: {}", stderr(&out));
    }
}

#[test]
fn estimate_reports_the_stateless_tree_within_its_standard_error() {
    let dir = compiled("RacyCounterOutcomes");
    let out = check(dir.path(), &["--stateless", "--estimate", "2000", "--json", "-"], "RacyCounterOutcomes");
    assert_eq!(out.code(), Some(0), "{}", stderr(&out));
    let j = json(&out);
    let e = &j["estimate"];
    assert_eq!(e["walks"], 2000);
    for (estimate, error, actual) in [("executions", "executions_error", "end_states"), ("transitions", "transitions_error", "transitions")] {
        let (mean, se) = (e[estimate].as_f64().expect("a mean"), e[error].as_f64().expect("an error"));
        let real = j["stats"][actual].as_u64().expect("a count") as f64;
        assert!((mean - real).abs() <= 4.0 * se + 1e-9, "{estimate}: {mean} ± {se} against {real}");
    }
    assert!(stderr(&out).contains("estimate      ~"), "the human report has the estimate line");
    let both = check(dir.path(), &["--portfolio", "--estimate", "10"], "RacyCounterOutcomes");
    assert_eq!(both.code(), Some(2), "--estimate with --portfolio is refused: {}", stderr(&both));
}

/// `main` back from `join(t1)` while `t2` still runs only reads that `t1` has ended,
/// which nothing can change: the default search explores nothing else from there
/// (`docs/algorithms/sleep.md`, "Steps nothing can touch"), so it visits fewer states
/// than unreduced search, with the same outcomes, on one worker and on two.
#[test]
fn the_default_search_explores_nothing_beside_a_join_of_an_ended_thread() {
    let dir = compiled("ChmPutIfAbsent");
    let run = |args: &[&str]| {
        let out = check(dir.path(), &[&["--outcomes", "--json", "-"], args].concat(), "ChmPutIfAbsent");
        assert_eq!(out.code(), Some(0), "{args:?}: {}", stderr(&out));
        let j = json(&out);
        (j["stats"]["states_new"].as_u64().unwrap_or(0), report_outcomes(&j))
    };
    let (none_states, none_outcomes) = run(&["--por", "none", "--workers", "1"]);
    for workers in ["1", "2"] {
        let (states, outcomes) = run(&["--workers", workers]);
        assert_eq!(outcomes, none_outcomes, "{workers} workers");
        assert!(states < none_states, "{workers} workers: {states} states, unreduced {none_states}");
    }
}

/// A transition that runs on alone past a `join` stops at its next scheduling point
/// that is no join (`transition.rs`, "After a join"), so the runs of `main` that
/// waited in different joins meet in one state and what follows the joins runs once
/// per state there: as often as with `--no-merge`, where every scheduling point ends a
/// transition. Before, unreduced search ran `main`'s loop three times instead of
/// twice here (7.2 M instructions against 4.8 M with `--no-merge`): once more for
/// `main` waiting in `join(b)` rather than in `join(a)` when the last writer ended.
#[test]
fn what_follows_the_joins_runs_once_per_state_after_them() {
    let src = r#"
public class AfterJoins {
    static int last;
    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> last = 1);
        Thread b = new Thread(() -> last = 2);
        a.start();
        b.start();
        a.join();
        b.join();
        int seen = last;
        long sum = 0;
        for (int i = 0; i < 200_000; i++) {
            sum += i ^ seen;
        }
        System.out.println(seen + " " + sum);
    }
}
"#;
    let dir = compile_source("AfterJoins", src);
    let run = |args: &[&str]| {
        let out = check(dir.path(), &[&["--outcomes", "--workers", "1", "--json", "-"], args].concat(), "AfterJoins");
        assert_eq!(out.code(), Some(0), "{args:?}: {}", stderr(&out));
        let j = json(&out);
        (j["stats"]["instructions"].as_u64().unwrap_or(0), report_outcomes(&j))
    };
    for por in ["none", "sleep"] {
        let (merged, outcomes) = run(&["--por", por]);
        let (unmerged, unmerged_outcomes) = run(&["--por", por, "--no-merge"]);
        assert_eq!(outcomes, unmerged_outcomes, "--por {por}");
        assert_eq!(outcomes.len(), 2, "--por {por}: {outcomes:?}");
        // the loop is about 2.4 M instructions a run: twice in both modes
        assert!(merged < unmerged + unmerged / 10, "--por {por}: {merged} instructions, with --no-merge {unmerged}");
    }
}

/// Without `--por`, stateful depth-first search in a fixed order runs with sleep sets
/// (`check.rs` `default_por`); `--stateless`, `--order random` and the other
/// strategies run unreduced, and `--por` with another strategy is refused.
#[test]
fn the_default_reduction_is_sleep_sets_for_stateful_depth_first_search_only() {
    let dir = compiled("ChmPutIfAbsent");
    let strategy = |args: &[&str]| {
        let out = check(dir.path(), &[&["--json", "-"], args].concat(), "ChmPutIfAbsent");
        assert_eq!(out.code(), Some(0), "{args:?}: {}", stderr(&out));
        json(&out)["stats"]["strategy"].as_str().unwrap_or_default().to_string()
    };
    assert_eq!(strategy(&[]), "sleep");
    assert_eq!(strategy(&["--workers", "1"]), "sleep");
    assert_eq!(strategy(&["--order", "sequential:1,0"]), "sleep");
    assert_eq!(strategy(&["--por", "none"]), "dfs");
    assert_eq!(strategy(&["--stateless"]), "dfs");
    assert_eq!(strategy(&["--order", "random"]), "dfs");
    assert_eq!(strategy(&["--search", "bfs"]), "bfs");
    let out = check(dir.path(), &["--search", "bfs", "--por", "sleep"], "ChmPutIfAbsent");
    assert_eq!(out.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--por works with depth-first search only"), "{}", stderr(&out));
}
