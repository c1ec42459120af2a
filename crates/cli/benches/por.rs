//! Partial-order reduction on data-structure clients of `benchmarks/por/` (the stateful
//! POR paper's benchmark; the full table is `cargo xtask por-bench`, recorded in
//! `docs/algorithms/results.md`): every POR algorithm against plain stateful DFS
//! (`--por none`, JPF-like), end to end (`jvmc check` processes).
//!
//! Before timing, one run of each algorithm prints its states, transitions and search
//! time and the speed-up over `none` measured in that same run; criterion then times
//! each client × algorithm.
//!
//! `cargo bench -p jvmc --bench por`

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};

mod support;
use support::field;

/// Small clients (about a second of unreduced search each): disjoint keys (high
/// reduction potential) and contended keys.
const CLIENTS: &[&str] = &["CasBstSetLow", "ChmSetLow", "LazyListSetHigh", "ClqSetHigh"];

const ALGORITHMS: &[&str] = &["none", "spor", "de-spor", "dl-spor", "de-jpf", "dl-jpf", "odpor"];

fn check(jvmc: &Path, cp: &str, class: &str, por: &str) -> String {
    let out = Command::new(jvmc).args(["check", "--json", "-", "--cp", cp, "--por", por, class]).output().expect("jvmc runs");
    assert_eq!(out.status.code(), Some(0), "{class} --por {por}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8 report")
}

fn benches(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let jvmc = PathBuf::from(env!("CARGO_BIN_EXE_jvmc"));
    let dir = tempfile::tempdir().expect("temp dir");
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(dir.path());
    for e in std::fs::read_dir(root.join("benchmarks/por")).expect("benchmarks/por") {
        let path = e.expect("dir entry").path();
        if path.extension().is_some_and(|x| x == "java") {
            javac.arg(path);
        }
    }
    assert!(javac.status().expect("javac runs").success(), "javac failed on benchmarks/por");
    let cp = dir.path().to_str().expect("utf-8 path").to_string();
    for &client in CLIENTS {
        let mut base = 0.0;
        for &por in ALGORITHMS {
            let r = check(&jvmc, &cp, client, por);
            let ms = field(&r, "elapsed_ms").max(1.0);
            if por == "none" {
                base = ms;
            }
            eprintln!("{client} {por:>8}: {:>8} states {:>9} transitions {:>8.3} s  {:.2}x none", field(&r, "states_new"), field(&r, "transitions"), ms / 1000.0, base / ms);
        }
    }
    for &client in CLIENTS {
        let mut g = c.benchmark_group(client);
        g.sample_size(10).measurement_time(Duration::from_secs(10));
        for &por in ALGORITHMS {
            g.bench_function(por, |b| b.iter(|| check(&jvmc, &cp, client, por)));
        }
        g.finish();
    }
}

criterion_group!(por, benches);
criterion_main!(por);
