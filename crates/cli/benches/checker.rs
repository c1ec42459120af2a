//! Model-checking speed on the two programs of DESIGN.md's performance targets, full
//! stateful DFS under the JPF-like `--sched shared` policy:
//! - `benchmarks/concurrent/RacyCounter.java` with 4 threads × 2 increments;
//! - `benchmarks/concurrent/DiningPhilosophers.java` with 5 philosophers.
//!
//! Each is timed end to end (the whole `jvmc check` process, start-up included) by
//! criterion. Before timing, one run prints the search's own figures (states, states/s,
//! bytes per visited state, peak RSS) and the ratio to JPF's time on this machine kind
//! (DESIGN.md: 14.1 s and 53.2 s). JPF itself is not installed here, so the JPF side is
//! the recorded figure, not a measurement of this run.
//!
//! `cargo bench -p jvmc --bench checker`

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

mod support;
use support::field;

/// (program, arguments, JPF's seconds from DESIGN.md)
const PROGRAMS: &[(&str, &[&str], f64)] = &[("RacyCounter", &["4", "2"], 14.1), ("DiningPhilosophers", &["5"], 53.2)];

fn compile(dir: &Path, source: &Path) {
    let ok = Command::new("javac").arg("-d").arg(dir).arg(source).status().expect("javac runs").success();
    assert!(ok, "javac failed on {}", source.display());
}

fn check(jvmc: &Path, cp: &str, class: &str, args: &[&str], json: Option<&Path>) {
    let mut cmd = Command::new(jvmc);
    cmd.args(["check", "--sched", "shared", "--cp", cp]);
    if let Some(j) = json {
        cmd.arg("--json").arg(j);
    }
    let out = cmd.arg(class).args(args).output().expect("jvmc runs");
    assert_eq!(out.status.code(), Some(0), "{class}: {}", String::from_utf8_lossy(&out.stderr));
}

/// One run with the JSON report, summarised on stderr.
fn report(jvmc: &Path, cp: &str, dir: &Path, class: &str, args: &[&str], jpf_secs: f64) {
    let json = dir.join(format!("{class}.json"));
    let started = Instant::now();
    check(jvmc, cp, class, args, Some(&json));
    let wall = started.elapsed().as_secs_f64();
    let text = std::fs::read_to_string(&json).expect("JSON report");
    let field = |name: &str| field(&text, name);
    let (states, visited, ms) = (field("states_new"), field("states_visited"), field("elapsed_ms"));
    eprintln!(
        "{class} {}: {states} new / {visited} visited states, search {:.2} s ({:.0} states/s), {:.1} B per visited state, peak RSS {:.1} MB; \
         whole process {wall:.2} s = {:.1}x faster than JPF's {jpf_secs} s",
        args.join(" "),
        ms / 1000.0,
        states / (ms / 1000.0).max(1e-9),
        field("visited_set_bytes") / states,
        field("peak_rss_bytes") / 1e6,
        jpf_secs / wall
    );
}

fn benches(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let jvmc = PathBuf::from(env!("CARGO_BIN_EXE_jvmc"));
    let dir = tempfile::tempdir().expect("temp dir");
    for (class, _, _) in PROGRAMS {
        compile(dir.path(), &root.join(format!("benchmarks/concurrent/{class}.java")));
    }
    let cp = dir.path().to_str().expect("utf-8 path").to_string();
    for &(class, args, jpf) in PROGRAMS {
        report(&jvmc, &cp, dir.path(), class, args, jpf);
    }
    let mut g = c.benchmark_group("check");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    for &(class, args, _) in PROGRAMS {
        g.bench_function(format!("{class} {}", args.join(" ")), |b| b.iter(|| check(&jvmc, &cp, class, args, None)));
    }
    g.finish();
}

criterion_group!(checker, benches);
criterion_main!(checker);
