//! Interpreter speed against HotSpot's interpreter (`java -Xint`) on the same
//! CPU-bound program (`benchmarks/sequential/Crunch.java`), measured in one run so the
//! ratio is meaningful on a noisy machine. Both sides are whole processes (start-up
//! included: ~30 ms for jvmc with a warm class cache, ~60 ms for `java`), which is
//! small against the workload. Also measures jvmc's hello-world start-up.
//!
//! `cargo bench -p jvmc --bench interpreter`

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

fn compile(dir: &Path, source: &Path) {
    let ok = Command::new("javac").arg("-d").arg(dir).arg(source).status().expect("javac runs").success();
    assert!(ok, "javac failed on {}", source.display());
}

fn run(cmd: &mut Command) {
    let out = cmd.output().expect("process runs");
    assert!(out.status.success(), "{:?} failed: {}", cmd, String::from_utf8_lossy(&out.stderr));
}

fn benches(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let jvmc = PathBuf::from(env!("CARGO_BIN_EXE_jvmc"));
    let dir = tempfile::tempdir().expect("temp dir");
    compile(dir.path(), &root.join("benchmarks/sequential/Crunch.java"));
    compile(dir.path(), &root.join("examples/Bank.java"));
    let cp = dir.path().to_str().expect("utf-8 path").to_string();

    let mut g = c.benchmark_group("crunch");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    g.bench_function("java -Xint", |b| b.iter(|| run(Command::new("java").args(["-Xint", "-cp", &cp, "Crunch", "3"]))));
    g.bench_function("jvmc run", |b| b.iter(|| run(Command::new(&jvmc).args(["run", "--cp", &cp, "Crunch", "3"]))));
    g.finish();

    let mut g = c.benchmark_group("start-up");
    g.sample_size(20);
    g.bench_function("jvmc run Bank", |b| b.iter(|| run(Command::new(&jvmc).args(["run", "--cp", &cp, "Bank"]))));
    g.bench_function("java -Xint Bank", |b| b.iter(|| run(Command::new("java").args(["-Xint", "-ea", "-cp", &cp, "Bank"]))));
    g.finish();
}

criterion_group!(interpreter, benches);
criterion_main!(interpreter);
