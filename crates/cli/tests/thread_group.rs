//! Thread-group bookkeeping is a commutative update (`crates/vm/src/check/thread_group.rs`):
//! thread starts and exits of different threads do not depend on each other through
//! their group, so the `readers` family has its 2^n traces under the DPOR algorithms,
//! while a thread that looks at the group (`activeCount`, `enumerate`) still sees
//! every order of the others' exits. The vm's exit intrinsic (`--intrinsics on`)
//! changes no transition, state or outcome of any search.

mod support;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, compile_source, compile_suite_programs, report_outcomes, run};

const TIMEOUT: Duration = Duration::from_secs(300);

fn check(dir: &Path, args: &[&str], class: &str, class_args: &[&str]) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--outcomes", "--json", "-"]).args(args).arg(class).args(class_args);
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

fn stat(j: &Value, name: &str) -> u64 {
    j["stats"][name].as_u64().unwrap_or(u64::MAX)
}

#[test]
fn readers_have_two_to_the_n_executions() {
    let dir = compile_benchmarks("dpor", TIMEOUT);
    for n in 1..=4u32 {
        let arg = n.to_string();
        for search in ["optimal-dpor", "source-dpor", "dpor"] {
            let j = check(dir.path(), &["--search", search], "Readers", &[&arg]);
            assert_eq!(j["verdict"], "ok", "{search} Readers {n}: {j}");
            assert_eq!(stat(&j, "end_states"), 1 << n, "{search} Readers {n}: one execution per trace, {j}");
        }
    }
}

const WATCHER: &str = r#"
public class Watcher {
    public static void main(String[] args) throws Exception {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        Thread[] workers = new Thread[2];
        for (int i = 0; i < 2; i++) {
            workers[i] = new Thread(() -> {});
        }
        Thread watcher = new Thread(() -> {
            Thread[] seen = new Thread[8];
            int n = group.enumerate(seen, false);
            StringBuilder names = new StringBuilder();
            for (int i = 0; i < n; i++) {
                names.append(seen[i] == workers[0] ? "a" : seen[i] == workers[1] ? "b" : ".");
            }
            System.out.println(group.activeCount() + " " + names);
        });
        workers[0].start();
        watcher.start();
        workers[1].start();
        for (Thread t : workers) {
            t.join();
        }
        watcher.join();
    }
}
"#;

/// A thread that reads the group sees the others' starts and exits in every order the
/// unreduced search finds, under every reduction.
#[test]
fn a_thread_looking_at_the_group_sees_every_order() {
    let dir = compile_source("Watcher", WATCHER, TIMEOUT);
    let reference = check(dir.path(), &["--por", "none", "--symmetry", "off"], "Watcher", &[]);
    let outcomes = report_outcomes(&reference);
    assert!(outcomes.len() >= 4, "starts and exits on both sides of the watcher's looks: {outcomes:?}");
    for args in [
        &["--search", "optimal-dpor"][..],
        &["--search", "source-dpor"],
        &["--search", "dpor"],
        &["--search", "sdpor"],
        &["--por", "dl-spor"],
        &["--por", "de-spor"],
        &["--por", "odpor"],
        &["--stateless"],
    ] {
        let j = check(dir.path(), args, "Watcher", &[]);
        assert_eq!(j["verdict"], reference["verdict"], "{args:?}: {j}");
        assert_eq!(report_outcomes(&j), outcomes, "{args:?}");
    }
}

/// Two workers of a group of their own and a thread that waits on the group until
/// it is empty: the last exit's `notifyAll` (which the intrinsic makes) wakes it,
/// and an exit while the waiter holds the group's monitor runs the JDK's bytecode.
const GROUP_WAITER: &str = r#"
public class GroupWaiter {
    public static void main(String[] args) throws Exception {
        ThreadGroup group = new ThreadGroup("workers");
        int[] box = new int[1];
        Thread a = new Thread(group, () -> { box[0]++; });
        Thread b = new Thread(group, () -> { box[0]++; });
        Thread waiter = new Thread(() -> {
            synchronized (group) {
                while (group.activeCount() > 0) {
                    try {
                        group.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            System.out.println("empty " + box[0]);
        });
        a.start();
        b.start();
        waiter.start();
        waiter.join();
        System.out.println(box[0]);
    }
}
"#;

/// The exit intrinsic (`crates/vm/src/check/exit_intrinsic.rs`) against the JDK's
/// bytecode for the same calls (`--intrinsics off`): the same verdict, states,
/// transitions, executions and outcomes under stateful and stateless searches, and
/// never more instructions.
#[test]
fn the_exit_intrinsic_changes_no_transition() {
    let suite = compile_suite_programs(&["ExitWhileGroupHeld", "ActiveCountAfterWrite", "GroupAfterWrite", "JoinOrder"], TIMEOUT);
    let waiter = compile_source("GroupWaiter", GROUP_WAITER, TIMEOUT);
    let dpor = compile_benchmarks("dpor", TIMEOUT);
    let programs: [(&Path, &str, &[&str]); 7] = [
        (suite.path(), "ExitWhileGroupHeld", &[]),
        (suite.path(), "ActiveCountAfterWrite", &[]),
        (suite.path(), "GroupAfterWrite", &[]),
        (suite.path(), "JoinOrder", &[]),
        (waiter.path(), "GroupWaiter", &[]),
        (dpor.path(), "BoundedBuffer", &["1"]),
        (dpor.path(), "Readers", &["3"]),
    ];
    let mut fewer = 0;
    for (dir, class, class_args) in programs {
        for search in [&["--por", "none"][..], &["--por", "odpor"], &["--search", "sdpor"], &["--search", "optimal-dpor"]] {
            // one worker: the instruction counts of parallel workers vary
            let on = check(dir, &[search, &["--workers", "1", "--intrinsics", "on"]].concat(), class, class_args);
            let off = check(dir, &[search, &["--workers", "1", "--intrinsics", "off"]].concat(), class, class_args);
            assert_eq!(on["verdict"], off["verdict"], "{class} {search:?}: {on}\n{off}");
            for stat_name in ["states_new", "states_visited", "transitions", "end_states"] {
                assert_eq!(stat(&on, stat_name), stat(&off, stat_name), "{class} {search:?} {stat_name}: {on}\n{off}");
            }
            assert_eq!(report_outcomes(&on), report_outcomes(&off), "{class} {search:?}");
            assert!(stat(&on, "instructions") <= stat(&off, "instructions"), "{class} {search:?}");
            fewer += usize::from(stat(&on, "instructions") < stat(&off, "instructions"));
        }
    }
    assert!(fewer >= 20, "the intrinsic ran in {fewer} of 28 searches");
}
