//! Heap symmetry (`--symmetry on`, the default without POR): states that differ only
//! in the names of objects allocated while checking match, with the verdicts and
//! outcomes of `--symmetry off`, identity hash codes included.

mod support;

use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::report_outcomes;

const TIMEOUT: Duration = Duration::from_secs(300);

fn check(dir: &Path, args: &[&str], class: &str) -> Value {
    support::check_report(dir, args, class, TIMEOUT)
}


fn states(j: &Value) -> u64 {
    j["stats"]["states_new"].as_u64().unwrap_or(0)
}

/// Checks `class` with symmetry on (proving with `--exact-states` that no two
/// different canonical states merge) and off: same verdict and outcomes. Returns both
/// reports, on first.
fn on_and_off(dir: &Path, class: &str) -> (Value, Value) {
    let on = check(dir, &["--symmetry", "on", "--exact-states"], class);
    let off = check(dir, &["--symmetry", "off"], class);
    assert_eq!(on["verdict"], off["verdict"], "on: {on}\noff: {off}");
    assert_eq!(on["violation"]["kind"], off["violation"]["kind"]);
    assert_eq!(report_outcomes(&on), report_outcomes(&off), "on: {on}\noff: {off}");
    (on, off)
}

const RETRY: &str = r#"
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
public class Retry {
    static final class Node {
        final int value; final Node next;
        Node(int value, Node next) { this.value = value; this.next = next; }
    }
    static final AtomicReference<Node> top = new AtomicReference<>();
    static final ReentrantLock lock = new ReentrantLock();
    static int sum;
    static void push(int v) {
        Node n;
        do { n = new Node(v, top.get()); } while (!top.compareAndSet(n.next, n));
    }
    public static void main(String[] args) throws Exception {
        Thread[] ts = new Thread[3];
        for (int i = 0; i < 3; i++) {
            int id = i;
            ts[i] = new Thread(() -> {
                push(id);
                lock.lock();
                try { sum += id; } finally { lock.unlock(); }
            });
        }
        for (Thread t : ts) t.start();
        for (Thread t : ts) t.join();
        StringBuilder s = new StringBuilder();
        for (Node n = top.get(); n != null; n = n.next) s.append(n.value);
        System.out.println(s + " " + sum);
    }
}
"#;

/// A node a failed CAS discards, and the lock-queue node whichever thread queued
/// first leaves behind, give equal heaps different stable ids: symmetry matches them.
#[test]
fn heaps_equal_up_to_allocation_names_match() {
    let dir = support::compile_source("Retry", RETRY, TIMEOUT);
    let (on, off) = on_and_off(dir.path(), "Retry");
    assert_eq!(on["verdict"], "ok");
    assert_eq!(report_outcomes(&on).len(), 6, "{on}");
    assert!(states(&on) < states(&off), "symmetry merged nothing: {} states on, {} off", states(&on), states(&off));
}

const HASH_AFTER: &str = r#"
public class HashAfter {
    static Object slot;
    static void install() {
        Object o = new Object();
        synchronized (HashAfter.class) { if (slot == null) slot = o; }
    }
    public static void main(String[] args) throws Exception {
        Thread a = new Thread(HashAfter::install), b = new Thread(HashAfter::install);
        a.start(); b.start(); a.join(); b.join();
        System.out.println(slot.hashCode() == System.identityHashCode(slot));
        System.out.println(slot.hashCode());
    }
}
"#;

/// Which thread's object won is invisible once both threads are gone, and the
/// identity hash `main` asks for afterwards must not tell either: with hashes
/// derived from stable ids, matching the two end states would lose an outcome.
#[test]
fn identity_hashes_taken_after_a_match_agree_with_no_symmetry() {
    let dir = support::compile_source("HashAfter", HASH_AFTER, TIMEOUT);
    let (on, off) = on_and_off(dir.path(), "HashAfter");
    assert_eq!(on["verdict"], "ok");
    assert_eq!(report_outcomes(&on).len(), 1, "{on}");
    assert!(states(&on) < states(&off), "the two winners were not matched: {} states on, {} off", states(&on), states(&off));
}

const HASH_BEFORE: &str = r#"
public class HashBefore {
    static Object slot;
    static int hash;
    static void install() {
        Object o = new Object();
        int h = o.hashCode();
        synchronized (HashBefore.class) { if (slot == null) { slot = o; hash = h; } }
    }
    public static void main(String[] args) throws Exception {
        Thread a = new Thread(HashBefore::install), b = new Thread(HashBefore::install);
        a.start(); b.start(); a.join(); b.join();
        System.out.println((slot.hashCode() == hash) + " " + slot.hashCode());
    }
}
"#;

/// A hash taken before the threads end is part of the object: the two winners stay
/// apart, and each keeps the hash it had.
#[test]
fn identity_hashes_taken_before_keep_states_apart() {
    let dir = support::compile_source("HashBefore", HASH_BEFORE, TIMEOUT);
    let (on, _) = on_and_off(dir.path(), "HashBefore");
    let found = report_outcomes(&on);
    assert_eq!(found.len(), 2, "{on}");
    assert!(found.iter().all(|o| o.starts_with("true ")), "a hash changed: {found:?}");
}
