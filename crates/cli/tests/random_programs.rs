//! State matching checked against exhaustive search on randomly generated programs.
//!
//! Each program (generated from a seed, so failures reproduce) starts two threads
//! that read and write shared statics and array elements, lock monitors (in a fixed
//! order, or not — some programs deadlock), take a `ReentrantLock` and probe it
//! (`tryLock`, `isLocked`: lock releases are no scheduling points under the
//! discipline until a probe is seen), allocate and publish linked nodes (which
//! exercises sharing, stable ids and the young collection) and assert over what they
//! read; main prints the final values. For every program, stateful DFS (the default
//! search: sleep sets) under
//! `--sched shared`, and stateless DFS (which stores nothing and explores every path)
//! where it finishes within a budget, must agree with unreduced stateful DFS under
//! `--sched all` (`--por none`) on the verdict and, for correct programs, on the exact set of printed outcomes;
//! so must the parallel unreduced search with two workers, which must count exactly
//! the states and transitions of one; so must stateful DFS with dead locals kept in the
//! state (`--dead-locals keep`); `--exact-states` must never see a fingerprint
//! merge two different states.
//!
//! `JVMC_RANDOM_PROGRAMS=N` changes how many programs are generated (default 24).

mod support;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use support::Rng;
use serde_json::Value;

const TIMEOUT: Duration = Duration::from_secs(300);
/// States (tree nodes) a stateless search may visit before its comparison is skipped.
const STATELESS_BUDGET: &str = "300000";

const VARS: &[&str] = &["x", "y", "z"];

/// One statement of a thread body.
fn statement(rng: &mut Rng, locks_ordered: bool, depth: u32, out: &mut String) {
    let v = |rng: &mut Rng| VARS[rng.below(VARS.len() as u64) as usize];
    match rng.below(if depth > 0 { 7 } else { 11 }) {
        0 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "{a} = {b} + 1; ");
        }
        1 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "{{ int r = {a}; {b} = r * 2 + 1; }} ");
        }
        2 => {
            let (i, a) = (rng.below(2), v(rng));
            let _ = write!(out, "arr[{i}] = {a}; ");
        }
        3 => {
            let (a, i) = (v(rng), rng.below(2));
            let _ = write!(out, "{a} += arr[{i}]; ");
        }
        4 => {
            let a = v(rng);
            let _ = write!(out, "head = new Node(head, {a}); ");
        }
        5 => {
            let a = v(rng);
            let _ = write!(out, "{{ Node h = head; if (h != null) {a} = h.value; }} ");
        }
        6 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "if ({a} > {b}) {{ {b} = {a}; }} ");
        }
        7 => {
            // a critical section, possibly nested
            let (l1, l2) = if locks_ordered || rng.below(2) == 0 { ("L1", "L2") } else { ("L2", "L1") };
            let _ = write!(out, "synchronized ({l1}) {{ ");
            statement(rng, locks_ordered, depth + 1, out);
            if rng.below(2) == 0 {
                let _ = write!(out, "synchronized ({l2}) {{ ");
                statement(rng, locks_ordered, depth + 1, out);
                let _ = write!(out, "}} ");
            }
            let _ = write!(out, "}} ");
        }
        8 => {
            let (a, k) = (v(rng), rng.below(5) + 3);
            let _ = write!(out, "assert {a} < {k} : \"{a} reached \" + {a}; ");
        }
        9 => {
            // a critical section under a java.util.concurrent lock (its release is
            // no scheduling point unless some thread probes the lock)
            let _ = write!(out, "R.lock(); try {{ ");
            statement(rng, locks_ordered, depth + 1, out);
            let _ = write!(out, "}} finally {{ R.unlock(); }} ");
        }
        _ => {
            // a probe: it tells "held" from "free", so releases must stay visible
            let a = v(rng);
            if rng.below(2) == 0 {
                let _ = write!(out, "if (R.tryLock()) {{ try {{ {a} = {a} + 2; }} finally {{ R.unlock(); }} }} else {{ {a} = 7; }} ");
            } else {
                let _ = write!(out, "if (R.isLocked()) {{ {a} = 9; }} ");
            }
        }
    }
}

/// The Java source of program `seed` (class `R{seed}`).
fn generate(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x6a09_e667);
    let locks_ordered = rng.below(3) != 0;
    let mut bodies = Vec::new();
    for _ in 0..3 {
        let mut b = String::new();
        let n = 1 + rng.below(3);
        for _ in 0..n {
            statement(&mut rng, locks_ordered, 0, &mut b);
        }
        bodies.push(b);
    }
    format!(
        "public class R{seed} {{\n\
         static int x, y, z;\n\
         static int[] arr = new int[2];\n\
         static Node head;\n\
         static final Object L1 = new Object(), L2 = new Object();\n\
         static final java.util.concurrent.locks.ReentrantLock R = new java.util.concurrent.locks.ReentrantLock();\n\
         static final class Node {{ final Node next; int value; Node(Node next, int value) {{ this.next = next; this.value = value; }} }}\n\
         public static void main(String[] args) throws InterruptedException {{\n\
         Thread t1 = new Thread(() -> {{ {} }});\n\
         Thread t2 = new Thread(() -> {{ {} }});\n\
         t1.start(); t2.start();\n\
         {}\n\
         t1.join(); t2.join();\n\
         int n = 0; for (Node h = head; h != null; h = h.next) n += h.value;\n\
         System.out.println(\"x=\" + x + \" y=\" + y + \" z=\" + z + \" arr=\" + arr[0] + \",\" + arr[1] + \" nodes=\" + n);\n\
         }}\n}}\n",
        bodies[0], bodies[1], bodies[2]
    )
}

struct Found {
    verdict: String,
    kind: Option<String>,
    outcomes: BTreeSet<String>,
    /// states, visited states, transitions and end states
    counts: [u64; 4],
}

fn search(dir: &Path, class: &str, args: &[&str]) -> Result<Found, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.arg("check").arg("--cp").arg(dir).args(["--outcomes", "--json", "-"]).args(args).arg(class);
    let out = support::run(cmd, TIMEOUT)?;
    if !matches!(out.code(), Some(0 | 1 | 3)) {
        return Err(format!("{args:?}: {}\n{}", out.status_text(), support::truncate(&out.stderr, 4000)));
    }
    let j: Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("{args:?}: bad JSON: {e}"))?;
    Ok(Found {
        verdict: j["verdict"].as_str().unwrap_or("?").to_string(),
        kind: j["violation"]["kind"].as_str().map(str::to_string),
        outcomes: support::report_outcomes(&j),
        counts: ["states_new", "states_visited", "transitions", "end_states"].map(|c| j["stats"][c].as_u64().unwrap_or(u64::MAX)),
    })
}

fn check(seed: u64) -> Result<(), Failed> {
    let class = format!("R{seed}");
    let source = generate(seed);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let file = dir.path().join(format!("{class}.java"));
    std::fs::write(&file, &source).map_err(|e| e.to_string())?;
    support::javac(&[&file], dir.path(), TIMEOUT)?;
    // The reference: stateful DFS with a scheduling point at every access, checked
    // against stateless search (which stores nothing) when that finishes within its
    // budget — the number of paths grows exponentially with the program.
    let reference = search(dir.path(), &class, &["--sched", "all", "--por", "none", "--exact-states"])?;
    let stateless = search(dir.path(), &class, &["--sched", "all", "--stateless", "--max-states", STATELESS_BUDGET])?;
    let mut others = vec![("--sched shared", search(dir.path(), &class, &["--sched", "shared"])?)];
    // stale locals kept in the state (the scoped `r` and `h` of the statements):
    // more states, the same verdicts and outcomes
    others.push(("--dead-locals keep", search(dir.path(), &class, &["--sched", "shared", "--dead-locals", "keep"])?));
    // the parallel search: one worker's counts with two workers sharing the visited
    // set (unreduced search, whose counts do not depend on timing as the default sleep
    // sets' do)
    let one = search(dir.path(), &class, &["--sched", "shared", "--por", "none", "--workers", "1"])?;
    let two = search(dir.path(), &class, &["--sched", "shared", "--por", "none", "--workers", "2", "--exact-states"])?;
    if one.verdict == "ok" && one.counts != two.counts {
        return Err(format!("one worker counted {:?} (states, visited, transitions, end states), two {:?}\n{source}", one.counts, two.counts).into());
    }
    others.push(("--workers 2", two));
    if stateless.verdict != "incomplete" {
        others.push(("--stateless --sched all", stateless));
    }
    for (name, other) in others {
        if other.verdict != reference.verdict || other.kind != reference.kind {
            return Err(format!(
                "{name} found {} {:?}, stateful --sched all found {} {:?}\n{source}",
                other.verdict, other.kind, reference.verdict, reference.kind
            )
            .into());
        }
        if reference.verdict == "ok" && other.outcomes != reference.outcomes {
            return Err(format!("{name} found outcomes {:?}, stateful --sched all found {:?}\n{source}", other.outcomes, reference.outcomes).into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let n: u64 = std::env::var("JVMC_RANDOM_PROGRAMS").ok().and_then(|v| v.parse().ok()).unwrap_or(24);
    let trials = (1..=n).map(|seed| Trial::test(format!("R{seed}"), move || check(seed))).collect();
    libtest_mimic::run(&args, trials).exit();
}
