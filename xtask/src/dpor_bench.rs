//! `cargo xtask dpor-bench`: the DPOR tables of `docs/algorithms/fg-dpor.md`,
//! `sdpor.md`, `source-dpor.md` and `optimal-dpor.md`; with `--engine`, the DPOR
//! engine's table of `docs/algorithms/dpor-engine.md`.
//!
//! Compiles `benchmarks/concurrent/`, `benchmarks/por/`, `benchmarks/dpor/` and
//! `benchmarks/engine/` with `javac` and runs the release `jvmc check` on each program
//! (the families of `benchmarks/dpor/` at n = 2, 3, 4, `LocalWork` at 2, 4, 8). The
//! DPOR table (programs of the first three directories): stateful unreduced search
//! (`--por none`), stateless unreduced search (`--stateless`), the stateful source-set
//! DL-S-POR (`dl-spor`), SDPOR (`sdpor`, and with `--no-liveness` as the stateless
//! searches check no livelocks), and the stateless `dpor`, `source-dpor` and
//! `optimal-dpor`; one markdown row per program and search: verdict, states (new, and
//! visited again), transitions (probes included), executions (end states), executions
//! cut short by the sleep sets, time. The engine table (`benchmarks/engine/` and the
//! named programs, every access an event: `--sched all`): stateful unreduced search,
//! `dpor`, and the engine with each marker; its columns: verdict, executions,
//! choice points, `Maybe` nodes, replays, transitions, time. Every run is a separate
//! process, one at a time. It fails if a complete run's verdict or outcomes differ
//! from the first complete search's.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::bail;
use serde_json::Value;

/// The searches compared: a label and its `jvmc check` options.
const SEARCHES: &[(&str, &[&str])] = &[
    ("none", &["--por", "none"]),
    ("stateless", &["--por", "none", "--stateless"]),
    ("dl-spor", &["--por", "dl-spor"]),
    ("sdpor", &["--por", "sdpor"]),
    // what the stateless searches check: safety only, so SDPOR keeps its sleep sets
    ("sdpor --no-liveness", &["--por", "sdpor", "--no-liveness"]),
    ("dpor", &["--por", "dpor"]),
    ("source-dpor", &["--por", "source-dpor"]),
    ("optimal-dpor", &["--por", "optimal-dpor"]),
];

/// The engine's searches (each with `--sched all`).
const ENGINE_SEARCHES: &[(&str, &[&str])] = &[
    ("none", &["--por", "none"]),
    ("dpor", &["--por", "dpor"]),
    ("engine every-step", &["--por", "dpor-engine-every-step"]),
    ("engine every-access", &["--por", "dpor-engine-every-access"]),
    ("engine data-race", &["--por", "dpor-engine"]),
];

/// A benchmark program: its main class and arguments.
pub type BenchProgram = (String, Vec<String>);

/// Compiles `benchmarks/{concurrent,por,dpor,engine}` into `classes` and lists the
/// programs with a `main` that `wanted(dir, name)` keeps: the families of
/// `benchmarks/dpor/` at n = 2, 3, 4, `LocalWork` at 2, 4, 8, the others with no
/// arguments.
pub fn benchmark_programs(root: &Path, classes: &Path, wanted: impl Fn(&str, &str) -> bool) -> anyhow::Result<Vec<BenchProgram>> {
    std::fs::create_dir_all(classes)?;
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(classes);
    let mut programs: Vec<BenchProgram> = Vec::new();
    for dir in ["concurrent", "por", "dpor", "engine"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join("benchmarks").join(dir))?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        entries.sort();
        for path in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "java")) {
            javac.arg(path);
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            let text = std::fs::read_to_string(path)?;
            if !text.contains("static void main(") || !wanted(dir, &name) {
                continue;
            }
            match (dir, name.as_str()) {
                ("dpor", _) => programs.extend((2..=4).map(|n| (name.clone(), vec![n.to_string()]))),
                (_, "LocalWork") => programs.extend([2, 4, 8].map(|n| (name.clone(), vec![n.to_string()]))),
                _ => programs.push((name, Vec::new())),
            }
        }
    }
    super::run(&mut javac)?;
    Ok(programs)
}

/// A program's name as the tables show it: the class, then its arguments.
pub fn label((name, args): &BenchProgram) -> String {
    if args.is_empty() {
        name.clone()
    } else {
        format!("{name} {}", args.join(" "))
    }
}

/// Runs the DPOR table, or with `engine` the engine's (see the module docs);
/// `filter`: only programs whose names contain one of these (the engine table: its
/// own programs and these); `only`: only the searches of these labels (all if empty).
pub fn dpor_bench(max_time: u64, engine: bool, filter: &[String], only: &[String]) -> anyhow::Result<()> {
    let all = if engine { ENGINE_SEARCHES } else { SEARCHES };
    if let Some(unknown) = only.iter().find(|o| !all.iter().any(|(label, _)| label == o)) {
        bail!("no search {unknown:?}; the searches are {}", all.iter().map(|(label, _)| *label).collect::<Vec<_>>().join(", "));
    }
    let searches: Vec<&(&str, &[&str])> = all.iter().filter(|(label, _)| only.is_empty() || only.iter().any(|o| o == label)).collect();
    let root = super::workspace_root()?;
    let jvmc = super::release_jvmc(&root)?;
    let classes = root.join("target/dpor-bench/classes");
    let programs = benchmark_programs(&root, &classes, |dir, name| {
        let named = filter.iter().any(|f| name.contains(f.as_str()));
        if engine {
            dir == "engine" || named
        } else {
            dir != "engine" && (filter.is_empty() || named)
        }
    })?;
    if engine {
        println!("| program | search | verdict | executions | sleep-blocked | choice points | Maybe nodes | replays | transitions | time (s) |");
    } else {
        println!("| program | search | verdict | states | visited | transitions | executions | sleep-blocked | time (s) |");
    }
    println!("|---|---|---|---:|---:|---:|---:|---:|---:{}|", if engine { "|---:" } else { "" });
    let mut disagreements = Vec::new();
    for program @ (name, args) in &programs {
        let label = label(program);
        let mut reference: Option<(String, Value)> = None;
        for &(search, options) in searches.iter().copied() {
            let mut cmd = Command::new(&jvmc);
            cmd.args(["check", "--outcomes", "--json", "-", "--max-time"]).arg(format!("{max_time}s")).arg("--cp").arg(&classes).args(options);
            if engine {
                cmd.args(["--sched", "all"]);
            }
            cmd.arg(name).args(args);
            let report = super::json_report(&mut cmd, &format!("{label} {search}"))?;
            let stats = &report["stats"];
            let complete = stats["stop_reason"] == "complete";
            let verdict = if complete { report["verdict"].as_str().unwrap_or("?").to_string() } else { format!("stopped: {}", stats["stop_reason"].as_str().unwrap_or("?")) };
            let n = |v: &Value| v.as_u64().unwrap_or(0);
            let secs = n(&stats["elapsed_ms"]) as f64 / 1000.0;
            if engine {
                let e = &stats["engine"];
                let or_dash = |v: &Value| v.as_u64().map_or_else(|| "–".to_string(), |x| x.to_string());
                let blocked = if e.is_null() { n(&stats["por"]["sleep_blocked"]) } else { n(&e["sleep_blocked"]) };
                println!("| {label} | {search} | {verdict} | {} | {blocked} | {} | {} | {} | {} | {secs:.2} |", n(&stats["end_states"]), or_dash(&e["choice_points"]), or_dash(&e["maybe_nodes"]), or_dash(&e["replays"]), n(&stats["transitions"]));
            } else {
                println!("| {label} | {search} | {verdict} | {} | {} | {} | {} | {} | {secs:.2} |", n(&stats["states_new"]), n(&stats["states_visited"]), n(&stats["transitions"]), n(&stats["end_states"]), n(&stats["por"]["sleep_blocked"]));
            }
            if !complete {
                continue;
            }
            let observed = (report["verdict"].as_str().unwrap_or_default().to_string(), super::por_bench::outcomes(&report));
            match &reference {
                None => reference = Some(observed),
                Some(r) if *r != observed => disagreements.push(format!("{label}: {search} disagrees with the first complete search")),
                Some(_) => {}
            }
        }
    }
    if !disagreements.is_empty() {
        bail!("{}", disagreements.join("\n"));
    }
    Ok(())
}
