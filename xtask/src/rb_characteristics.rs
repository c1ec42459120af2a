//! `cargo xtask rb-characteristics`: the state space characteristics of the DFS-RB
//! paper's Table 1 (Section 5.1.1) for the programs of `benchmarks/rb/`.
//!
//! Each program declares the runs it wants in header lines `// jvmc-rb: args=...`
//! (one row each). A run is DFS in random order (`--order random`, the paper used
//! JPF's random search order for the same reason: to reach error states early) that
//! goes on past violations (`--multiple-errors --keep-violations 1`) until the state
//! space is exhausted or the time limit (default 60 s; the paper: one hour) stops it.
//! From its counts:
//! - ratio of error states: violations / (new states + violations) — a violation
//!   ends its path in an error state, which is never matched, so each counts once;
//! - ratio of error paths: violations / paths, where the paths are the leaves of the
//!   search tree — end states, transitions into explored states, and violations;
//! - minimal and average length of an error path: the violations' trace lengths.
//!
//! The paper samples (it records every ⌈x/1000⌉-th state, x the states so far, to
//! bound the listener's memory); jvmc counts every state and path exactly, so the
//! figures carry no sampling error, only that of a time-limited, seeded traversal.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;
use serde_json::Value;

/// Prints the table for the programs whose names contain one of `filter` (all if
/// empty), each traversal limited to `max_time` seconds, with `seed`.
pub fn rb_characteristics(max_time: u64, seed: u64, filter: &[String]) -> anyhow::Result<()> {
    let (root, classes, runs) = compile_rb("rb-characteristics", filter)?;
    let jvmc = root.join("target/release/jvmc");
    println!("| program | LoC | stop | states | error states | ratio of error states | paths | error paths | ratio of error paths | min length | avg length | time (s) |");
    println!("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for Declared { name, lines, args } in &runs {
        let mut cmd = Command::new(&jvmc);
        cmd.args(["check", "--search", "dfs", "--order", "random", "--multiple-errors", "--keep-violations", "1", "--json", "-"])
            .arg("--seed")
            .arg(seed.to_string())
            .arg("--max-time")
            .arg(format!("{max_time}s"))
            .arg("--cp")
            .arg(&classes)
            .arg(name)
            .args(args);
        let label = format!("{name} {}", args.join(" "));
        let report = super::json_report(&mut cmd, &label)?;
        let s = &report["stats"];
        let n = |v: &Value| v.as_u64().unwrap_or(0);
        let errors = n(&s["violations"]["count"]);
        let states = n(&s["states_new"]);
        let paths = n(&s["end_states"]) + n(&s["states_visited"]) + errors;
        let ratio = |a: u64, b: u64| if b == 0 { "–".to_string() } else { format!("{:.3e}", a as f64 / b as f64) };
        let (min, avg) = match errors {
            0 => ("–".to_string(), "–".to_string()),
            _ => (n(&s["violations"]["depth_min"]).to_string(), format!("{:.1}", s["violations"]["depth_mean"].as_f64().unwrap_or(0.0))),
        };
        println!(
            "| {label} | {lines} | {} | {states} | {errors} | {} | {paths} | {errors} | {} | {min} | {avg} | {:.2} |",
            s["stop_reason"].as_str().unwrap_or("?"),
            ratio(errors, states + errors),
            ratio(errors, paths),
            n(&s["elapsed_ms"]) as f64 / 1000.0
        );
    }
    Ok(())
}

/// A run a benchmark of `benchmarks/rb` declares (`// jvmc-rb: args=...`).
pub struct Declared {
    pub name: String,
    /// the source's line count
    pub lines: usize,
    pub args: Vec<String>,
}

/// Builds the release `jvmc`, compiles `benchmarks/rb` into `target/<task>/classes`,
/// and collects the declared runs of the programs whose names contain one of
/// `filter` (all if empty). Returns the workspace root, the classes and the runs.
pub fn compile_rb(task: &str, filter: &[String]) -> anyhow::Result<(PathBuf, PathBuf, Vec<Declared>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().context("the workspace root")?.to_path_buf();
    let classes = root.join("target").join(task).join("classes");
    super::release_jvmc(&root)?;
    std::fs::create_dir_all(&classes)?;
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(&classes);
    let mut runs = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join("benchmarks/rb"))?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "java")) {
        javac.arg(path);
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let text = std::fs::read_to_string(path)?;
        let lines = text.lines().count();
        for line in text.lines() {
            if let Some(args) = line.trim().strip_prefix("// jvmc-rb: args=") {
                runs.push(Declared { name: name.clone(), lines, args: args.split_whitespace().map(str::to_string).collect() });
            }
        }
    }
    super::run(&mut javac)?;
    Ok((root, classes, runs))
}
