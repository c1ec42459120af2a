//! The locking discipline (`--lockset on`, the default): accesses no other thread can
//! race with are no scheduling points, the search restarts when an assumption fails,
//! and verdicts, outcomes and replayed traces stay those of `--lockset off`.

mod support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{report_outcomes, run, Outcome};

const TIMEOUT: Duration = Duration::from_secs(300);

fn check(dir: &Path, args: &[&str], class: &str) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--outcomes", "--json", "-"]).args(args).arg(class);
    run(cmd, TIMEOUT).expect("jvmc runs")
}

fn json(out: &Outcome) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

/// The keys the report lists as racy.
fn racy(j: &Value) -> Vec<String> {
    j["lockset"]["racy"].as_array().map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect()).unwrap_or_default()
}


/// Runs `class` with the discipline on and off: same verdict, violation kind and
/// outcomes. Returns both documents.
fn on_and_off(dir: &Path, class: &str) -> (Value, Value) {
    let on = json(&check(dir, &["--lockset", "on"], class));
    let off = json(&check(dir, &["--lockset", "off"], class));
    assert_eq!(on["verdict"], off["verdict"], "on: {on}\noff: {off}");
    assert_eq!(on["violation"]["kind"], off["violation"]["kind"]);
    assert_eq!(report_outcomes(&on), report_outcomes(&off));
    (on, off)
}

const LOCKED: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class Locked {
    static final ReentrantLock lock = new ReentrantLock();
    static final Object monitor = new Object();
    static int a, b;
    static int[] log = new int[3];
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            int id = i;
            ts[i] = new Thread(() -> {
                lock.lock();
                try { a = a + 1; log[id] = a; } finally { lock.unlock(); }
                synchronized (monitor) { b = b * 2 + id; }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(a + " " + b + " " + log[0] + log[1] + log[2]);
    }
}
"#;

/// Runs the correct program `class` on and off: ok, at least `factor` times fewer
/// states with the discipline, and no restart. Returns the `on` report.
fn fewer_states(dir: &Path, class: &str, factor: u64) -> Value {
    let (on, off) = on_and_off(dir, class);
    assert_eq!(on["verdict"], "ok");
    let (s_on, s_off) = (on["stats"]["states_new"].as_u64().unwrap_or(0), off["stats"]["states_new"].as_u64().unwrap_or(0));
    assert!(s_on * factor < s_off, "{class}: {s_on} states with the discipline, {s_off} without");
    assert_eq!(on["lockset"]["restarts"], 0, "{}", on["lockset"]);
    on
}

#[test]
fn accesses_under_a_common_lock_are_no_scheduling_points() {
    let dir = support::compile_source("Locked", LOCKED, TIMEOUT);
    let on = fewer_states(dir.path(), "Locked", 2);
    let racy = racy(&on);
    assert!(!racy.iter().any(|k| k.starts_with("Locked.")), "a locked field counted racy: {racy:?}");
}

const CHECK_THEN_ACT: &str = r#"
public class CheckThenAct {
    static int balance = 10;
    static final Object lock = new Object();
    public static void main(String[] args) throws Exception {
        Runnable withdraw = () -> {
            // the check reads without the lock: a race the discipline must find
            if (balance >= 10) {
                synchronized (lock) { balance -= 10; }
            }
        };
        Thread t1 = new Thread(withdraw), t2 = new Thread(withdraw);
        t1.start(); t2.start(); t1.join(); t2.join();
        assert balance >= 0 : "overdrawn: " + balance;
        System.out.println(balance);
    }
}
"#;

/// Checks `class` with a trace file: an assertion fails, `key` is reported racy, the
/// trace file carries the racy keys (so its transitions end where they did) and
/// replays to the failure, whose message contains `message`. Returns the report.
fn fails_and_replays(dir: &Path, class: &str, key: &str, message: &str) -> Value {
    let trace = dir.join("trace.json");
    let out = check(dir, &["--trace", trace.to_str().expect("utf-8")], class);
    assert_eq!(out.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let j = json(&out);
    assert_eq!(j["violation"]["kind"], "assertion", "{j}");
    assert!(racy(&j).iter().any(|k| k == key), "{:?}", racy(&j));
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&trace).expect("trace")).expect("trace JSON");
    assert!(file["program"]["racy"].as_array().is_some_and(|a| a.iter().any(|k| k == key)), "{file}");
    let mut replay = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    replay.arg("replay").arg(&trace);
    let replayed = run(replay, TIMEOUT).expect("jvmc runs");
    assert_eq!(replayed.code(), Some(1), "{}", String::from_utf8_lossy(&replayed.stderr));
    assert!(String::from_utf8_lossy(&replayed.stdout).contains(message));
    on_and_off(dir, class);
    j
}

#[test]
fn an_unlocked_read_that_races_restarts_the_search_and_the_bug_is_found_and_replays() {
    let dir = support::compile_source("CheckThenAct", CHECK_THEN_ACT, TIMEOUT);
    let j = fails_and_replays(dir.path(), "CheckThenAct", "CheckThenAct.balance (static)", "overdrawn");
    assert!(j["lockset"]["restarts"].as_u64().unwrap_or(0) >= 1, "{}", j["lockset"]);
}

const SPIN: &str = r#"
public class Spin {
    static boolean ready;
    static int data;
    public static void main(String[] args) throws Exception {
        Thread reader = new Thread(() -> {
            while (!ready) { }
            System.out.println(data);
        });
        reader.start();
        data = 42;
        ready = true;
        reader.join();
    }
}
"#;

#[test]
fn a_spin_on_a_flag_nobody_wrote_yet_lets_the_writer_run() {
    let dir = support::compile_source("Spin", SPIN, TIMEOUT);
    let (on, _) = on_and_off(dir.path(), "Spin");
    assert_eq!(on["verdict"], "ok", "{on}");
    assert_eq!(report_outcomes(&on), BTreeSet::from(["42\n".to_string()]));
}

const READ_WRITE: &str = r#"
import java.util.concurrent.locks.ReentrantReadWriteLock;
public class ReadWrite {
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static int value;
    public static void main(String[] args) throws Exception {
        Runnable reader = () -> {
            rw.readLock().lock();
            try { int v = value; assert v == 0 || v == 1 || v == 2; } finally { rw.readLock().unlock(); }
        };
        Runnable writer = () -> {
            rw.writeLock().lock();
            try { value = value + 1; } finally { rw.writeLock().unlock(); }
        };
        Thread[] ts = { new Thread(reader), new Thread(writer), new Thread(reader), new Thread(writer) };
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(value);
    }
}
"#;

#[test]
fn reads_under_a_read_lock_and_writes_under_the_write_lock_keep_the_discipline() {
    let dir = support::compile_source("ReadWrite", READ_WRITE, TIMEOUT);
    let (on, off) = on_and_off(dir.path(), "ReadWrite");
    assert_eq!(on["verdict"], "ok");
    let racy = racy(&on);
    assert!(!racy.iter().any(|k| k.starts_with("ReadWrite.value")), "{racy:?}");
    assert!(on["stats"]["states_new"].as_u64() < off["stats"]["states_new"].as_u64());
}

const LOCKED_READS: &str = r#"
public class LockedReads {
    static final Object lock = new Object();
    static int x;
    public static void main(String[] args) throws Exception {
        Thread reader = new Thread(() -> {
            synchronized (lock) {
                int a = x;
                int b = x;
                assert a == b : "x changed under the lock: " + a + " " + b;
            }
        });
        // the writer takes no lock: the reads under the lock race with it
        Thread writer = new Thread(() -> x = 1);
        reader.start(); writer.start(); reader.join(); writer.join();
        System.out.println(x);
    }
}
"#;

#[test]
fn reads_under_a_lock_the_writers_do_not_take_are_scheduling_points() {
    let dir = support::compile_source("LockedReads", LOCKED_READS, TIMEOUT);
    let (on, _) = on_and_off(dir.path(), "LockedReads");
    assert_eq!(on["violation"]["kind"], "assertion", "{on}");
    let racy = racy(&on);
    assert!(racy.iter().any(|k| k == "LockedReads.x (static) (locked reads too)"), "{racy:?}");
}

const RELEASES: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
public class Releases {
    static final ReentrantLock lock = new ReentrantLock();
    static final ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
    static final Object monitor = new Object();
    static int a, b, c;
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            int id = i;
            ts[i] = new Thread(() -> {
                lock.lock();
                try { a = a + id; } finally { lock.unlock(); }
                synchronized (monitor) { b = b + id; }
                rw.writeLock().lock();
                try { c = c + id; } finally { rw.writeLock().unlock(); }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(a + " " + b + " " + c);
    }
}
"#;

#[test]
fn lock_releases_are_no_scheduling_points() {
    let dir = support::compile_source("Releases", RELEASES, TIMEOUT);
    // without the state before each release, nobody finds a lock held and queues
    let on = fewer_states(dir.path(), "Releases", 20);
    assert!(!racy(&on).iter().any(|k| k.ends_with("(probed)")), "{:?}", racy(&on));
}

const PROBED: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class Probed {
    static final ReentrantLock lock = new ReentrantLock();
    static int x;
    public static void main(String[] args) throws Exception {
        Thread holder = new Thread(() -> {
            for (int k = 0; k < 2; k++) {
                lock.lock();
                try { x++; } finally { lock.unlock(); }
            }
        });
        Thread prober = new Thread(() -> {
            int local = 0;
            for (int k = 0; k < 3; k++) local += k;
            // fails only while the holder is inside its critical section
            boolean free = lock.tryLock();
            if (free) lock.unlock();
            assert free || local < 0 : "found the lock held";
        });
        holder.start(); prober.start(); holder.join(); prober.join();
        System.out.println(x);
    }
}
"#;

#[test]
fn a_probe_of_a_lock_makes_its_releases_scheduling_points_again_and_the_trace_replays() {
    let dir = support::compile_source("Probed", PROBED, TIMEOUT);
    fails_and_replays(dir.path(), "Probed", "java.util.concurrent.locks.ReentrantLock (probed)", "found the lock held");
}

/// A writer that takes a lock and writes `a` then `b` (`WRITER`), which a reader reads
/// without it: the reader can see `a` without `b`.
const AFTER_ACQUIRE: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class CLASS {
    static final Object monitor = new Object();
    static final ReentrantLock lock = new ReentrantLock();
    static int a, b;
    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> { WRITER });
        Thread reader = new Thread(() -> {
            int ra = a;
            int rb = b;
            assert !(ra == 1 && rb == 0) : "saw a without b";
        });
        writer.start(); reader.start(); writer.join(); reader.join();
        System.out.println(a + b);
    }
}
"#;

#[test]
fn the_first_unprotected_write_after_an_acquire_joins_it_and_the_bug_after_it_is_still_found() {
    for (class, writer) in [("AfterMonitor", "synchronized (monitor) { a = 1; b = 1; }"), ("AfterLock", "lock.lock(); try { a = 1; b = 1; } finally { lock.unlock(); }")] {
        let source = AFTER_ACQUIRE.replace("CLASS", class).replace("WRITER", writer);
        let dir = support::compile_source(class, &source, TIMEOUT);
        let j = fails_and_replays(dir.path(), class, &format!("{class}.a (static)"), "saw a without b");
        // the write of `a` ran in the acquire's transition: no step of its own (and
        // the reader, seeing `a` but not `b`, ran before `b`'s scheduling point)
        let steps = j["violation"]["trace"].as_array().cloned().unwrap_or_default();
        assert!(!steps.iter().any(|s| s.to_string().contains(&format!("write {class}.a"))), "{}", j["violation"]["trace"]);
    }
}

const ABBA_AFTER_ACQUIRE: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class AbbaAfterAcquire {
    static final Object monitor = new Object();
    static final ReentrantLock lock = new ReentrantLock();
    static int x;
    public static void main(String[] args) throws Exception {
        Thread t1 = new Thread(() -> {
            synchronized (monitor) {
                x = 1;
                lock.lock();
                try { x = 2; } finally { lock.unlock(); }
            }
        });
        Thread t2 = new Thread(() -> {
            lock.lock();
            try {
                x = 3;
                synchronized (monitor) { x = 4; }
            } finally { lock.unlock(); }
        });
        t1.start(); t2.start(); t1.join(); t2.join();
        System.out.println(x);
    }
}
"#;

#[test]
fn a_write_joined_to_an_acquire_keeps_the_deadlock_of_the_second_acquire() {
    let dir = support::compile_source("AbbaAfterAcquire", ABBA_AFTER_ACQUIRE, TIMEOUT);
    let (on, _) = on_and_off(dir.path(), "AbbaAfterAcquire");
    assert_eq!(on["violation"]["kind"], "deadlock", "{on}");
}

/// Two workers that each count on their own `AtomicLong` (`WORK` times), then update
/// a shared `AtomicInteger` with a non-atomic get-and-set: a lost update. (The
/// discipline's unit is the class's field, so the private counters are of another
/// class than the shared one.)
const MERGED_CALLS: &str = r#"
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
public class CLASS {
    static final AtomicLong[] own = { new AtomicLong(), new AtomicLong() };
    static final AtomicInteger shared = new AtomicInteger();
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            int id = i;
            ts[i] = new Thread(() -> {
                for (int k = 0; k < WORK; k++) own[id].incrementAndGet();
                int v = shared.get();
                shared.set(v + 1);
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        assert shared.get() == 2 : "lost update";
    }
}
"#;

#[test]
fn trusted_calls_on_locations_one_thread_touches_are_no_scheduling_points_and_a_wrong_guess_restarts() {
    let compile = |class: &str, work: &str| support::compile_source(class, &MERGED_CALLS.replace("CLASS", class).replace("WORK", work), TIMEOUT);
    let (busy, idle) = (compile("MergedBusy", "3"), compile("MergedIdle", "0"));
    let states = |dir: &Path, class: &str| {
        let j = json(&check(dir, &[], class));
        assert_eq!(j["violation"]["message"], "java.lang.AssertionError: lost update", "{j}");
        j
    };
    // the shared counter's calls were merged at first, then scheduled after a
    // restart; the counterexample replays and `--lockset off` agrees
    let b = fails_and_replays(busy.path(), "MergedBusy", "java.util.concurrent.atomic.AtomicInteger.get()I (call scheduled)", "lost update");
    let i = states(idle.path(), "MergedIdle");
    assert_eq!(b["violation"]["message"], "java.lang.AssertionError: lost update", "{b}");
    // the private counters' calls ran inside the workers' transitions
    assert_eq!(b["stats"]["states_new"], i["stats"]["states_new"], "{b}\n{i}");
    let scheduled: Vec<String> = racy(&b).into_iter().filter(|k| k.ends_with("(call scheduled)")).collect();
    assert!(!scheduled.is_empty() && scheduled.iter().all(|k| k.starts_with("java.util.concurrent.atomic.AtomicInteger.")), "{:?}", racy(&b));
    assert!(!scheduled.iter().any(|k| k.contains("incrementAndGet")), "{scheduled:?}");
    assert!(b["lockset"]["restarts"].as_u64().unwrap_or(0) >= 1, "{}", b["lockset"]);
    // explored without the assumption, the same verdict
    let explored = json(&check(busy.path(), &["--library", "explore"], "MergedBusy"));
    assert_eq!(explored["violation"]["kind"], "assertion", "{explored}");
}

/// Threads that each take two locks nested, twice (`a` then `b`, always in ascending
/// order), and update cells under both. The first argument says which locks:
/// `ReentrantLock`s (`fair` or `unfair`) or `monitors`; the second, how many threads.
const NESTED_LOCKS: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class NestedLocks {
    static ReentrantLock[] locks;
    static Object[] monitors;
    static final int[] cells = new int[3];
    static void update(int id, int a, int b) {
        cells[a] += id;
        cells[b] = cells[b] * 3 + id;
    }
    static void work(int id, int a, int b) {
        if (monitors != null) {
            synchronized (monitors[a]) {
                synchronized (monitors[b]) {
                    update(id, a, b);
                }
            }
            return;
        }
        locks[a].lock();
        try {
            locks[b].lock();
            try {
                update(id, a, b);
            } finally {
                locks[b].unlock();
            }
        } finally {
            locks[a].unlock();
        }
    }
    public static void main(String[] args) throws Exception {
        if (args[0].equals("monitors")) {
            monitors = new Object[] { new Object(), new Object(), new Object() };
        } else {
            boolean fair = args[0].equals("fair");
            locks = new ReentrantLock[] { new ReentrantLock(fair), new ReentrantLock(fair), new ReentrantLock(fair) };
        }
        Thread[] ts = new Thread[Integer.parseInt(args[1])];
        for (int i = 0; i < ts.length; i++) {
            int id = i + 1;
            ts[i] = new Thread(() -> { work(id, 0, 1); work(id, 1, 2); });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        System.out.println(cells[0] + " " + cells[1] + " " + cells[2]);
    }
}
"#;

/// `jvmc check` with options `opts` on `program` (the class and its arguments).
fn check_program(dir: &Path, opts: &[&str], program: &[&str]) -> Value {
    support::check_program_report(dir, opts, program, TIMEOUT)
}

#[test]
fn an_acquire_of_a_lock_another_thread_holds_waits_before_its_call_like_a_monitor_enter() {
    let locks = support::compile_source("NestedLocks", NESTED_LOCKS, TIMEOUT);
    let states = |j: &Value| j["stats"]["states_new"].as_u64().unwrap_or(0);
    // (unreduced: the default sleep sets on two workers may pass a state inside a
    // merged step in one run and not in another)
    let waiting = check_program(locks.path(), &["--por", "none"], &["NestedLocks", "unfair", "3"]);
    let queueing = check_program(locks.path(), &["--por", "none", "--lockset", "off"], &["NestedLocks", "unfair", "3"]);
    let fair = check_program(locks.path(), &["--por", "none"], &["NestedLocks", "fair", "3"]);
    let monitor = check_program(locks.path(), &["--por", "none"], &["NestedLocks", "monitors", "3"]);
    for j in [&waiting, &queueing, &fair, &monitor] {
        assert_eq!(j["verdict"], "ok", "{j}");
    }
    // the same outcomes whether a blocked `lock()` queues and parks (`--lockset
    // off`) or waits before its call, fair or not, and as with monitors
    let outcomes = report_outcomes(&waiting);
    assert!(outcomes.len() > 10, "{outcomes:?}");
    for j in [&queueing, &fair, &monitor] {
        assert_eq!(report_outcomes(j), outcomes, "{j}");
    }
    // no wait queue is ever built: the states are exactly the monitors' states
    assert_eq!(states(&waiting), states(&monitor), "{waiting}\n{monitor}");
    assert_eq!(states(&fair), states(&monitor), "{fair}\n{monitor}");
    assert!(states(&waiting) * 5 < states(&queueing), "{waiting}\n{queueing}");
    // with the JDK's lock code explored, two threads reach the same outcomes
    let explored = check_program(locks.path(), &["--library", "explore"], &["NestedLocks", "fair", "2"]);
    assert_eq!(report_outcomes(&explored), report_outcomes(&check_program(locks.path(), &[], &["NestedLocks", "fair", "2"])), "{explored}");
}

/// `main` holds the lock while its worker calls `lockInterruptibly()`, and either
/// interrupts the worker before releasing (`first`) or after.
const INTERRUPTED_WAIT: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class InterruptedWait {
    public static void main(String[] args) throws Exception {
        ReentrantLock lock = new ReentrantLock();
        int[] r = new int[1];
        lock.lock();
        Thread t = new Thread(() -> {
            try {
                lock.lockInterruptibly();
                try { r[0] = 1; } finally { lock.unlock(); }
            } catch (InterruptedException e) {
                r[0] = 2;
            }
        });
        t.start();
        if (args[0].equals("first")) {
            t.interrupt();
            lock.unlock();
        } else {
            lock.unlock();
            t.interrupt();
        }
        t.join();
        System.out.println(r[0]);
    }
}
"#;

/// Two threads taking two `ReentrantLock`s in opposite orders.
const LOCK_ORDER: &str = r#"
import java.util.concurrent.locks.ReentrantLock;
public class LockOrder {
    public static void main(String[] args) throws Exception {
        ReentrantLock a = new ReentrantLock(), b = new ReentrantLock();
        Thread t1 = new Thread(() -> { a.lock(); b.lock(); b.unlock(); a.unlock(); }, "ab");
        Thread t2 = new Thread(() -> { b.lock(); a.lock(); a.unlock(); b.unlock(); }, "ba");
        t1.start(); t2.start(); t1.join(); t2.join();
    }
}
"#;

#[test]
fn a_waiting_acquire_ends_by_interrupt_and_a_deadlock_names_the_locks_awaited() {
    let dir = support::compile_source("InterruptedWait", INTERRUPTED_WAIT, TIMEOUT);
    for (order, expected) in [("first", &["2\n"][..]), ("second", &["1\n", "2\n"][..])] {
        let on = check_program(dir.path(), &[], &["InterruptedWait", order]);
        let off = check_program(dir.path(), &["--lockset", "off"], &["InterruptedWait", order]);
        let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
        assert_eq!(report_outcomes(&on), expected, "{on}");
        assert_eq!(report_outcomes(&off), expected, "{off}");
    }
    let dir = support::compile_source("LockOrder", LOCK_ORDER, TIMEOUT);
    let (on, _) = on_and_off(dir.path(), "LockOrder");
    assert_eq!(on["violation"]["kind"], "deadlock", "{on}");
    let states: Vec<&str> = on["violation"]["threads"].as_array().map(|a| a.iter().filter_map(|t| t["state"].as_str()).collect()).unwrap_or_default();
    assert!(states.iter().any(|s| s.starts_with("waiting to lock ReentrantLock@") && s.ends_with("held by \"ba\"")), "{states:?}");
    assert!(states.iter().any(|s| s.starts_with("waiting to lock ReentrantLock@") && s.ends_with("held by \"ab\"")), "{states:?}");
}

/// A writer and readers of one variable, joined, then `OBSERVE` after the joins.
const TERMINATIONS: &str = r#"
public class CLASS {
    static volatile int x;
    static int[] seen = new int[3];
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[4];
        ts[0] = new Thread(() -> x = 1);
        for (int i = 1; i < 4; i++) {
            int k = i - 1;
            ts[i] = new Thread(() -> seen[k] = x);
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        OBSERVE
        System.out.println(seen[0] + " " + seen[1] + " " + seen[2]);
    }
}
"#;

#[test]
fn terminations_join_the_last_transition_until_another_thread_observes_one() {
    let quiet = TERMINATIONS.replace("CLASS", "Quiet").replace("OBSERVE", "");
    // after the joins, main asks whether the writer is alive: a probe
    let asking = TERMINATIONS.replace("CLASS", "Asking").replace("OBSERVE", "if (ts[0].isAlive()) throw new Error();");
    let (quiet_dir, asking_dir) = (support::compile_source("Quiet", &quiet, TIMEOUT), support::compile_source("Asking", &asking, TIMEOUT));
    const PROBED: &str = "java.lang.Thread termination (probed)";
    for por in ["none", "odpor", "optimal-dpor"] {
        let q = json(&check(quiet_dir.path(), &["--por", por], "Quiet"));
        let a = json(&check(asking_dir.path(), &["--por", por], "Asking"));
        assert_eq!(q["verdict"], "ok", "{q}");
        assert_eq!(a["verdict"], "ok", "{a}");
        assert_eq!(report_outcomes(&q), report_outcomes(&a), "{por}");
        assert!(!racy(&q).iter().any(|k| k == PROBED), "{por}: {:?}", racy(&q));
        assert!(racy(&a).iter().any(|k| k == PROBED), "{por}: {:?}", racy(&a));
        // each thread's termination a step of its own: more states and transitions
        let stat = |j: &Value, k: &str| j["stats"][k].as_u64().unwrap_or(0);
        assert!(stat(&q, "states_new") < stat(&a, "states_new"), "{por}: {q}\n{a}");
        assert!(stat(&q, "transitions") < stat(&a, "transitions"), "{por}: {q}\n{a}");
    }
}

const ALIVE_AFTER_WRITE: &str = r#"
public class AliveAfter {
    static int x;
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> x = 1);
        t.start();
        int r = x;
        boolean alive = t.isAlive();
        assert !(r == 1 && alive) : "wrote and still alive";
        t.join();
    }
}
"#;

#[test]
fn an_observed_termination_is_a_step_of_its_own_and_the_trace_replays() {
    let dir = support::compile_source("AliveAfter", ALIVE_AFTER_WRITE, TIMEOUT);
    fails_and_replays(dir.path(), "AliveAfter", "java.lang.Thread termination (probed)", "wrote and still alive");
}
