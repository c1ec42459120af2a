//! Partial-order reduction checked against unreduced search on random Java programs.
//!
//! Each program (generated from its seed, so a failure reproduces) starts 2–4 threads
//! that read and write shared statics and array elements (also by `System.arraycopy`
//! into, out of and within a shared array), run local loops (invisible steps), update an
//! `AtomicInteger` with CAS, take monitors (in a fixed order, or not — some programs
//! deadlock) and assert over what they read; main joins them and prints everything.
//! In every fourth program one thread may end the program with `System.exit` after
//! printing what it sees, cutting the others short. In every fifth that does not
//! exit (seeds 2, 12, 17, 22, 32, …) one thread waits on `L1` until the next one
//! sets a flag under it, re-entering `L1`, and notifies (`notify` or `notifyAll`).
//! Every POR algorithm ([`ALGORITHMS`]), stateful and — where marked — stateless, and
//! every stateless DPOR algorithm ([`STATELESS_ALGORITHMS`]) must reach the verdict,
//! violation kind and set of printed outcomes of plain stateful DFS with `--sched
//! all`, under both `--sched all` and `--sched shared` (the default, whose coarser
//! steps give other labels); `sdpor` also without livelock detection (where it keeps
//! sleep sets), against DFS without it. A disagreement fails the test and prints the
//! program and its seed.
//!
//! `JVMC_POR_PROGRAMS=N` sets how many programs (default 40: each costs about ten
//! model-checking runs; the synthetic programs of `jvmc-search` cover hundreds in CI)
//! and `JVMC_POR_FIRST_SEED=F` the first seed (default 1), so a long run can go on
//! where the last one stopped; `cargo xtask soundness` runs thousands; the seeds of
//! [`REGRESSIONS`] run always. Each program is compiled by a `javac` of its own.
//! `JVMC_POR_WRITE_SOURCES=DIR` writes the programs' sources into `DIR` instead of
//! checking them (to reproduce a run by hand).

mod support;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use support::Rng;

const TIMEOUT: Duration = Duration::from_secs(300);
const ALGORITHMS: &[&str] = &["sleep", "spor", "de-spor", "de-spor-paper", "dl-spor", "dl-spor-paper", "de-jpf", "dl-jpf", "odpor", "odpor-paper", "sdpor"];
/// Stateless algorithms: run on every program, within a state budget.
const STATELESS_ALGORITHMS: &[&str] = &["dpor", "source-dpor", "optimal-dpor", "dpor-engine"];
const VARS: &[&str] = &["x", "y", "z"];

/// One statement of thread `me`'s body.
fn statement(rng: &mut Rng, me: usize, locks_ordered: bool, depth: u32, out: &mut String) {
    let v = |rng: &mut Rng| VARS[rng.below(VARS.len() as u64) as usize];
    match rng.below(if depth > 0 { 7 } else { 11 }) {
        0 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "{a} = {b} + 1; ");
        }
        1 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "{{ int r = {a}; {b} = r + {me}; }} ");
        }
        2 => {
            let k = rng.below(3);
            let _ = write!(out, "if (A.compareAndSet({k}, {})) r{me} += 10; ", k + 1);
        }
        3 => {
            let _ = write!(out, "r{me} += A.incrementAndGet(); ");
        }
        4 => {
            // local work: no shared access at all
            let n = 1 + rng.below(3);
            let _ = write!(out, "for (int i = 0; i < {n}; i++) {{ local = local * 3 + i; }} ");
        }
        5 => {
            let a = v(rng);
            let _ = write!(out, "r{me} += {a}; ");
        }
        6 => {
            let (a, b) = (v(rng), v(rng));
            let _ = write!(out, "if ({a} > {b}) {{ {b} = {a}; }} ");
        }
        7 => {
            let (l1, l2) = if locks_ordered || rng.below(2) == 0 { ("L1", "L2") } else { ("L2", "L1") };
            let _ = write!(out, "synchronized ({l1}) {{ ");
            statement(rng, me, locks_ordered, depth + 1, out);
            if rng.below(2) == 0 {
                let _ = write!(out, "synchronized ({l2}) {{ ");
                statement(rng, me, locks_ordered, depth + 1, out);
                let _ = write!(out, "}} ");
            }
            let _ = write!(out, "}} ");
        }
        9 => {
            let i = rng.below(3);
            if rng.below(2) == 0 {
                let _ = write!(out, "arr[{i}] = {} + {me}; ", v(rng));
            } else {
                let _ = write!(out, "r{me} += arr[{i}]; ");
            }
        }
        10 => {
            // a bulk copy into, out of, or within the shared array
            let (i, j) = (rng.below(2), rng.below(2));
            let _ = match rng.below(3) {
                0 => write!(out, "{{ int[] l = {{ {}, {} }}; System.arraycopy(l, 0, arr, {i}, 2); }} ", me + 1, 2 * me + 5),
                1 => write!(out, "{{ int[] l = new int[2]; System.arraycopy(arr, {i}, l, 0, 2); r{me} += l[0] * 3 + l[1]; }} "),
                _ => write!(out, "System.arraycopy(arr, {i}, arr, {j}, 2); "),
            };
        }
        _ => {
            let (a, k) = (v(rng), rng.below(4) + 2);
            let _ = write!(out, "assert {a} < {k} : \"{a} reached \" + {a}; ");
        }
    }
}

/// A guarded wait on `L1` for the flag `w`.
const WAIT: &str = "synchronized (L1) { while (w == 0) { try { L1.wait(); } catch (InterruptedException e) { x = -2; } } r0 += w; } ";

/// The Java source of program `seed` (class `P{seed}`).
fn generate(seed: u64) -> String {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5851_f42d_4c95_7f2d);
    let locks_ordered = rng.below(3) != 0;
    let threads = 2 + rng.below(3) as usize;
    let mut src = format!(
        "import java.util.concurrent.atomic.AtomicInteger;\n\
         public class P{seed} {{\n\
         static int x, y, z, w, r0, r1, r2, r3;\n\
         static final int[] arr = new int[3];\n\
         static final AtomicInteger A = new AtomicInteger();\n\
         static final Object L1 = new Object(), L2 = new Object();\n\
         public static void main(String[] args) throws InterruptedException {{\n"
    );
    // every fourth program has a thread that may end it with `System.exit`, cutting
    // the others short (decided by the seed alone: the other programs stay as they were)
    let exiting = (seed % 4 == 3).then_some(seed as usize / 4 % threads);
    // every fifth program that does not exit has a thread that waits for a flag the
    // next one sets (also decided by the seed alone; with an exit too, P27 outgrew the
    // time limit of a run)
    let waiting = (seed % 5 == 2 && exiting.is_none()).then_some(seed as usize / 5 % threads);
    for me in 0..threads {
        let mut body = String::new();
        if waiting == Some(me) && seed / 10 % 2 == 0 {
            body.push_str(WAIT);
        }
        for _ in 0..1 + rng.below(3) {
            statement(&mut rng, me, locks_ordered, 0, &mut body);
        }
        if waiting == Some(me) && seed / 10 % 2 == 1 {
            body.push_str(WAIT);
        }
        if waiting.is_some_and(|waiter| (waiter + 1) % threads == me) {
            let notify = if seed / 20 % 2 == 0 { "notify" } else { "notifyAll" };
            let _ = write!(body, "synchronized (L1) {{ synchronized (L1) {{ w = {me} + 1; }} L1.{notify}(); }} ");
        }
        if exiting == Some(me) {
            let _ = write!(body, "if (x + y + z > {}) {{ System.out.println(\"exit: x=\" + x + \" y=\" + y + \" z=\" + z + \" A=\" + A.get()); System.exit(0); }} ", seed % 3);
        }
        let _ = writeln!(src, "Thread t{me} = new Thread(() -> {{ int local = 1; {body} if (local == 0) x = -1; }});");
    }
    for me in 0..threads {
        let _ = write!(src, "t{me}.start(); ");
    }
    for me in 0..threads {
        let _ = write!(src, "t{me}.join(); ");
    }
    let _ = write!(
        src,
        "\nSystem.out.println(\"x=\" + x + \" y=\" + y + \" z=\" + z + \" A=\" + A.get() + \" r=\" + r0 + \",\" + r1 + \",\" + r2 + \",\" + r3 + \" arr=\" + arr[0] + \",\" + arr[1] + \",\" + arr[2]);\n}}\n}}\n"
    );
    src
}

/// Program `seed` compiled into a temporary directory of its own, removed when the
/// check ends. One `javac` per program: nextest runs each trial in a process of its
/// own, so compiling every program in each (as this once did) cost a `javac` of all N
/// programs per trial.
fn compiled(seed: u64) -> Result<tempfile::TempDir, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let file = write_source(dir.path(), seed)?;
    support::javac(&[file.as_path()], dir.path(), TIMEOUT)?;
    Ok(dir)
}

/// Writes program `seed`'s source as `dir/P{seed}.java`; returns its path.
fn write_source(dir: &Path, seed: u64) -> Result<PathBuf, String> {
    let file = dir.join(format!("P{seed}.java"));
    std::fs::write(&file, generate(seed)).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
}

/// What must be preserved: the verdict, every violation (kind and message) and the
/// outcomes (the search goes on after violations).
#[derive(Debug, PartialEq, Eq)]
struct Found {
    /// whether the search explored everything (no limit stopped it)
    complete: bool,
    verdict: String,
    violations: BTreeSet<String>,
    outcomes: BTreeSet<String>,
}

/// The scheduling policies every program is checked under.
const SCHEDS: &[&str] = &["all", "shared"];

/// `jvmc check --sched sched ARGS class`.
fn search(dir: &Path, class: &str, sched: &str, args: &[&str]) -> Result<Found, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.arg("check").arg("--cp").arg(dir).args(["--sched", sched, "--outcomes", "--multiple-errors", "--json", "-"]).args(args).arg(class);
    let out = support::run(cmd, TIMEOUT)?;
    if !matches!(out.code(), Some(0 | 1 | 3)) {
        return Err(format!("{args:?}: {}\n{}", out.status_text(), support::truncate(&out.stderr, 4000)));
    }
    let j: Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("{args:?}: bad JSON: {e}"))?;
    let describe = |o: &Value, field: &[&str]| field.iter().map(|f| o[*f].as_str().unwrap_or("")).collect::<Vec<_>>().join(": ");
    let strings = |key: &str, field: &[&str]| -> BTreeSet<String> { j[key].as_array().map(|a| a.iter().map(|o| describe(o, field)).collect()).unwrap_or_default() };
    // the report lists several violations under `violations`, a single one under `violation`
    let mut violations = strings("violations", &["kind", "message"]);
    if j["violation"].is_object() {
        violations.insert(describe(&j["violation"], &["kind", "message"]));
    }
    Ok(Found { complete: j["stats"]["stop_reason"] == "complete", verdict: j["verdict"].as_str().unwrap_or("?").to_string(), violations, outcomes: strings("outcomes", &["output"]) })
}

fn check(seed: u64) -> Result<(), Failed> {
    let dir = compiled(seed)?;
    let dir = dir.path();
    let class = format!("P{seed}");
    // a run that fails (a timeout, a crash) names the program, as a disagreement does
    let search = |sched: &str, args: &[&str]| search(dir, &class, sched, args).map_err(|e| format!("seed {seed}, --sched {sched}, program:\n{}\n{e}", generate(seed)));
    let reference = search("all", &["--por", "none"])?;
    // SDPOR keeps its sleep sets only without livelock detection: checked against
    // unreduced search without it too
    let safety = search("all", &["--por", "none", "--no-liveness"])?;
    // stateless runs where the program is small enough for them
    let stateless = seed % 8 == 0;
    let mut dpor_runs = 0;
    for sched in SCHEDS {
        let mut runs: Vec<(Vec<&str>, &Found)> = Vec::new();
        // stateless DPOR on every program, within a budget
        for alg in STATELESS_ALGORITHMS {
            runs.push((vec!["--por", alg, "--max-states", "10000"], &reference));
        }
        for alg in ALGORITHMS {
            runs.push((vec!["--por", alg], &reference));
            if stateless {
                runs.push((vec!["--por", alg, "--stateless", "--max-states", "10000"], &reference));
            }
        }
        runs.push((vec!["--por", "sdpor", "--no-liveness"], &safety));
        if *sched != "all" {
            runs.push((vec!["--por", "none"], &reference));
        }
        for (args, expected) in runs {
            let found = search(sched, &args)?;
            if !found.complete {
                continue; // a stateless budget ran out
            }
            dpor_runs += usize::from(STATELESS_ALGORITHMS.contains(&args[1]));
            if found != *expected {
                return Err(format!("seed {seed}: --sched {sched} {args:?} found {found:?}, unreduced DFS (--sched all) found {expected:?}\n{}", generate(seed)).into());
            }
        }
    }
    eprintln!("seed {seed}: stateless DPOR completed {dpor_runs} of {} runs", STATELESS_ALGORITHMS.len() * SCHEDS.len());
    Ok(())
}

/// Seeds past the default count that once found a bug, run every time: `dpor`,
/// `sdpor` and the DPOR engine lost outcomes on them with restored writes read
/// (`docs/algorithms/por.md`).
const REGRESSIONS: &[u64] = &[58, 63, 97];

fn main() {
    let args = Arguments::from_args();
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let n = var("JVMC_POR_PROGRAMS").unwrap_or(40);
    let first = var("JVMC_POR_FIRST_SEED").unwrap_or(1).max(1);
    let range = first..first.saturating_add(n);
    let seeds: Vec<u64> = range.clone().chain(REGRESSIONS.iter().copied().filter(|s| !range.contains(s))).collect();
    if let Some(dir) = std::env::var_os("JVMC_POR_WRITE_SOURCES") {
        // reproduce by hand: write the programs' sources instead of checking them
        for seed in seeds {
            if let Err(e) = write_source(Path::new(&dir), seed) {
                eprintln!("{e}");
                std::process::exit(2);
            }
        }
        return;
    }
    let trials = seeds.into_iter().map(|seed| Trial::test(format!("P{seed}"), move || check(seed))).collect();
    libtest_mimic::run(&args, trials).exit();
}
