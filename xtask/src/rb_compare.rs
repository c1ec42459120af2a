//! `cargo xtask rb-compare`: the DFS-RB paper's Section 9 — DFS-RB against the other
//! bug-finding techniques and in combination with them, on `benchmarks/rb/` — as
//! per-benchmark tables (Appendix A's: states to the error as mean ± standard
//! deviation, time, percentage of runs that found it) and Figure 8-style plots (one
//! per benchmark, SVG and PNG, [`crate::figure`]: mean states on a log scale with ±1
//! sd bars, standalone DFS-RB in red, the other techniques in green, combinations in
//! blue, a cross at the top where no run found the error).
//!
//! Randomized techniques run once per seed (`--seeds`, default 10 as in the paper),
//! deterministic ones once, `--jobs` runs at a time (default 2); `--techniques`
//! keeps those whose labels contain one of the given words. Each run has
//! `--max-time` seconds (default 10; the paper: one minute). Writes `compare.md` and
//! `<benchmark>.svg` and `<benchmark>.png` into `--out` (default `target/rb-compare`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use serde_json::Value;

use crate::figure::{states_plot, Mark};
use crate::rb_characteristics::compile_rb;

/// A technique: its label, group (0 DFS-RB, 1 other, 2 combination), whether it is
/// randomized, and its `jvmc check` options.
const TECHNIQUES: &[(&str, u8, bool, &[&str])] = &[
    ("dfs-rb", 0, true, &["--search", "dfs-rb"]),
    ("dfs", 1, false, &["--search", "dfs", "--por", "none"]),
    ("preemption bound 5", 1, false, &["--search", "preemption-bounded", "--preemption-bound", "5"]),
    ("preemption bound 10", 1, false, &["--search", "preemption-bounded", "--preemption-bound", "10"]),
    ("max-preemption", 1, false, &["--search", "max-preemption"]),
    ("dl-spor", 1, false, &["--por", "dl-spor"]),
    ("random order", 1, true, &["--search", "dfs", "--order", "random"]),
    ("restarts fixed 1s", 1, true, &["--search", "dfs", "--order", "random", "--restarts", "fixed", "--restart-unit", "1s"]),
    ("restarts luby 1s", 1, true, &["--search", "dfs", "--order", "random", "--restarts", "luby", "--restart-unit", "1s"]),
    ("restarts walsh 1s", 1, true, &["--search", "dfs", "--order", "random", "--restarts", "walsh", "--restart-unit", "1s"]),
    ("random walks", 1, true, &["--search", "random"]),
    ("pct d=3", 1, true, &["--search", "pct"]),
    ("pos", 1, true, &["--search", "pos"]),
    ("dfs-rb + bound 10", 2, true, &["--search", "dfs-rb", "--preemption-bound", "10"]),
    ("dfs-rb + random order", 2, true, &["--search", "dfs-rb", "--order", "random"]),
    ("dfs-rb + restarts", 2, true, &["--search", "dfs-rb", "--restarts", "fixed", "--restart-unit", "5s"]),
];

/// What the runs of one technique on one benchmark gave.
struct Summary {
    runs: usize,
    found: Vec<(f64, f64)>,
}

impl Summary {
    fn mean_sd(&self, f: impl Fn(&(f64, f64)) -> f64) -> Option<(f64, f64)> {
        if self.found.is_empty() {
            return None;
        }
        let n = self.found.len() as f64;
        let mean = self.found.iter().map(&f).sum::<f64>() / n;
        let var = if self.found.len() < 2 { 0.0 } else { self.found.iter().map(|x| (f(x) - mean).powi(2)).sum::<f64>() / (n - 1.0) };
        Some((mean, var.sqrt()))
    }
}

/// What to compare.
pub struct Options {
    pub seeds: u64,
    pub max_time: u64,
    /// runs at a time
    pub jobs: usize,
    /// only the techniques whose labels contain one of these (all if empty)
    pub techniques: Vec<String>,
    pub out: Option<PathBuf>,
    pub filter: Vec<String>,
}

/// Runs the comparison (see the module docs).
pub fn rb_compare(opts: &Options) -> anyhow::Result<()> {
    let (seeds, max_time) = (opts.seeds, opts.max_time);
    let techniques: Vec<_> = TECHNIQUES.iter().filter(|t| opts.techniques.is_empty() || opts.techniques.iter().any(|f| t.0.contains(f.as_str()))).collect();
    let (root, classes, declared) = compile_rb("rb-compare", &opts.filter)?;
    let out = opts.out.clone();
    let out_dir = out.unwrap_or_else(|| root.join("target/rb-compare"));
    std::fs::create_dir_all(&out_dir)?;
    let jvmc = root.join("target/release/jvmc");
    let mut md = format!("Section 9 on benchmarks/rb: states to the error (mean ± sd over the runs that found it), seconds, found / runs; {seeds} seeds for randomized techniques, {max_time} s a run\n\n");
    let mut seen = Vec::new();
    for d in declared {
        if seen.contains(&d.name) {
            continue;
        }
        seen.push(d.name.clone());
        let label = format!("{} {}", d.name, d.args.join(" "));
        // every (technique, seed) run of this benchmark, `jobs` at a time
        let runs: Vec<(usize, u64)> = techniques.iter().enumerate().flat_map(|(t, (_, _, randomized, _))| (1..=if *randomized { seeds } else { 1 }).map(move |s| (t, s))).collect();
        let outcomes = super::in_parallel(&runs, opts.jobs, |&(t, seed)| {
            let output = Command::new(&jvmc)
                .args(["check", "--json", "-", "--seed", &seed.to_string(), "--max-time", &format!("{max_time}s")])
                .args(techniques[t].3)
                .arg("--cp")
                .arg(&classes)
                .arg(&d.name)
                .args(&d.args)
                .output();
            output.ok().and_then(|o| serde_json::from_slice::<Value>(&o.stdout).ok()).filter(|r| r["verdict"] == "violation").map(|r| {
                let s = &r["stats"];
                (s["states_new"].as_f64().unwrap_or(0.0), s["elapsed_ms"].as_f64().unwrap_or(0.0) / 1000.0)
            })
        })?;
        let mut rows: Vec<(&str, u8, Summary)> = techniques.iter().map(|(name, group, _, _)| (*name, *group, Summary { runs: 0, found: Vec::new() })).collect();
        for (&(t, _), found) in runs.iter().zip(outcomes) {
            rows[t].2.runs += 1;
            rows[t].2.found.extend(found);
        }
        let _ = writeln!(md, "### {label}\n\n| technique | states | time (s) | found |\n|---|---:|---:|---:|");
        for (name, _, s) in &rows {
            let states = s.mean_sd(|x| x.0).map_or("–".to_string(), |(m, sd)| format!("{m:.0} ± {sd:.0}"));
            let time = s.mean_sd(|x| x.1).map_or("–".to_string(), |(m, _)| format!("{m:.2}"));
            let _ = writeln!(md, "| {name} | {states} | {time} | {}/{} |", s.found.len(), s.runs);
        }
        md.push('\n');
        let marks: Vec<Mark<'_>> = rows.iter().map(|(name, group, s)| Mark { label: name, group: *group, value: s.mean_sd(|x| x.0) }).collect();
        states_plot(&label, &marks, &out_dir.join(&d.name))?;
    }
    std::fs::write(out_dir.join("compare.md"), &md)?;
    println!("{md}");
    eprintln!("rb-compare: wrote {}", out_dir.display());
    Ok(())
}
