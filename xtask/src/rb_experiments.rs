//! `cargo xtask rb-experiments`: the DFS-RB paper's experiment (Sections 5.2, 6 and
//! 7.1) on `benchmarks/rb/`: configurations × benchmarks × seeds, each run a
//! `jvmc check --search dfs-rb --rb CONFIG --seed S`, then the ranking of Section 6.1
//! (`rb_ranking.rs`) and its leave-one-out validation.
//!
//! The configurations are the paper's 7,920 — every combination of the Section 4
//! values: threshold base 5, 10, 20, 50, 100, `L·f` for f in 0.1, 0.25, 0.33, 0.5,
//! 0.7, and `I:5-10-20-50-100`; mode `pl`/`cs`; reduction `d`/`ncs`; strategy `F`,
//! `R`, `Lb`; ratio base 0.50, 0.75, 0.90, 0.99, `1-d/c` (c = 20, 50, 100, 1000),
//! `1-r/c` (c = 2, 5, 10), `c^r` (c = 0.50, 0.75, 0.90, 0.95); coefficient 1, 1.1,
//! 1.2, 1.5 — or a subset: `--configs sample:N` takes every (7920/N)-th, `--configs
//! FILE` one tuple per line. Each benchmark is its first declared run (`// jvmc-rb:
//! args=`). A run has `--max-time` seconds (the paper: one minute, and one minute per
//! iteration of `I:…`, which is `--rb-iteration-time` here). The paper's two phases
//! (5 runs everywhere, then 100 where the 5 varied and found something) are one
//! phase of `--seeds` runs here.
//!
//! Writes into `--out` (default `target/rb-experiments`): `raw.csv` (one line per
//! run), `ranking.md` (the combined list's top 20 with the three scores, and how many
//! configurations fail somewhere), `benchmarks.md` (per benchmark, the ten fastest
//! configurations that always found the error: the Appendix's tables), `loo.md`
//! (Spearman's ρ between the ranking without each benchmark and the ranking of that
//! benchmark alone, over all configurations and over those successful in both), and
//! per benchmark `figure8-<Program>.svg`/`.png`: the DFS-RB part of Figure 8, the
//! configurations ranked 1, 2, 3 and 10 overall (the ones the paper plots) with their
//! mean states to the error and ±1 sd (`cargo xtask rb-compare` draws the techniques
//! beside the default configuration).
//!
//! The runs are a plan (`batch.rs`): on this machine's cores by default, or a Slurm
//! job array with `--slurm`; `--collect DIR` writes the files from a plan's merged
//! results without running anything.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use serde_json::Value;

use crate::batch::{Executor, Plan, PlannedRun, RunOutput};
use crate::figure::{states_plot, Mark};
use crate::rb_characteristics::compile_rb;
use crate::rb_ranking::{rank, spearman, Cell, Results, Run};

/// What to run.
pub struct Options {
    /// `all`, `sample:N` or a file of tuples
    pub configs: String,
    pub seeds: u64,
    pub max_time: u64,
    pub jobs: usize,
    pub out: Option<PathBuf>,
    pub filter: Vec<String>,
    /// where the runs go: this machine's cores, or a Slurm job array (`batch.rs`)
    pub executor: Executor,
    /// `--collect DIR`: run nothing, merge the results of a plan run on Slurm
    pub collect: Option<PathBuf>,
}

/// Every configuration of Section 4, in the paper's tuple notation.
pub fn all_configs() -> Vec<String> {
    let mut thb: Vec<String> = ["5", "10", "20", "50", "100"].map(String::from).to_vec();
    thb.extend(["0.1", "0.25", "0.33", "0.5", "0.7"].map(|f| format!("L*{f}")));
    thb.push("I:5-10-20-50-100".into());
    let rtb = ["0.5", "0.75", "0.9", "0.99", "1-d/20", "1-d/50", "1-d/100", "1-d/1000", "1-r/2", "1-r/5", "1-r/10", "0.5^r", "0.75^r", "0.9^r", "0.95^r"];
    let mut out = Vec::with_capacity(7920);
    for b in &thb {
        for m in ["pl", "cs"] {
            for r in ["d", "ncs"] {
                for s in ["F", "R", "Lb"] {
                    for rb in rtb {
                        for c in ["1", "1.1", "1.2", "1.5"] {
                            out.push(format!("{b},{m},{r},{s},{rb},{c}"));
                        }
                    }
                }
            }
        }
    }
    out
}

fn configs(spec: &str) -> anyhow::Result<Vec<String>> {
    let all = all_configs();
    if spec == "all" {
        return Ok(all);
    }
    if let Some(n) = spec.strip_prefix("sample:") {
        let n: usize = n.parse().with_context(|| format!("not a number of configurations: {n}"))?;
        // a stride prime to the count visits distinct configurations that vary in
        // every parameter (a stride dividing it would keep the inner ones fixed)
        let len = all.len();
        let mut stride = (len / n.clamp(1, len)).max(1);
        while gcd(stride, len) != 1 {
            stride += 1;
        }
        return Ok((0..n.min(len)).map(|i| all[(i * stride) % len].clone()).collect());
    }
    let text = std::fs::read_to_string(spec).with_context(|| format!("reading the configurations {spec}"))?;
    Ok(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string).collect())
}

/// One run's result: configuration and benchmark (indices), seed, found, states,
/// milliseconds.
type Outcome = (usize, usize, u64, bool, u64, u64);

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Runs the experiment and writes its files (see the module docs).
pub fn rb_experiments(opts: &Options) -> anyhow::Result<()> {
    let root = super::workspace_root()?;
    let out_dir = opts.out.clone().unwrap_or_else(|| root.join("target/rb-experiments"));
    if let Some(dir) = &opts.collect {
        let (plan, outputs) = crate::batch::collect(dir)?;
        return write_results(&plan, &outputs, &out_dir);
    }
    let configs = configs(&opts.configs)?;
    let (root, classes, declared) = compile_rb("rb-experiments", &opts.filter)?;
    std::fs::create_dir_all(&out_dir)?;
    let jvmc = std::path::absolute(root.join("target/release/jvmc"))?;
    // each program's first declared run is its benchmark
    let mut benches: Vec<(String, Vec<String>)> = Vec::new();
    for d in declared {
        if !benches.iter().any(|(n, _)| n.split(' ').next() == Some(d.name.as_str())) {
            benches.push((format!("{} {}", d.name, d.args.join(" ")), d.args.clone()));
        }
    }
    let jobs: Vec<(usize, usize, u64)> = (0..configs.len()).flat_map(|c| (0..benches.len()).flat_map(move |b| (1..=opts.seeds).map(move |s| (c, b, s)))).collect();
    eprintln!("rb-experiments: {} configurations × {} benchmarks × {} seeds = {} runs ({:?})", configs.len(), benches.len(), opts.seeds, jobs.len(), opts.executor);
    let runs = jobs
        .iter()
        .map(|&(c, b, seed)| {
            let (name, args) = &benches[b];
            let class = name.split(' ').next().unwrap_or_default();
            let mut argv: Vec<String> = vec![jvmc.display().to_string()];
            argv.extend(["check", "--search", "dfs-rb", "--json", "-", "--rb"].map(String::from));
            argv.push(configs[c].clone());
            argv.extend(["--seed".into(), seed.to_string(), "--max-time".into(), format!("{}s", opts.max_time), "--rb-iteration-time".into(), format!("{}s", opts.max_time)]);
            argv.extend(["--cp".into(), classes.display().to_string(), class.to_string()]);
            argv.extend(args.iter().cloned());
            PlannedRun { argv, labels: serde_json::json!({ "config": configs[c], "benchmark": name, "seed": seed }) }
        })
        .collect();
    let plan = Plan { name: "rb-experiments".into(), runs };
    match crate::batch::execute(&plan, &out_dir.join("plan"), &opts.executor)? {
        Some(outputs) => write_results(&plan, &outputs, &out_dir),
        None => Ok(()),
    }
}

/// `raw.csv`, the ranking, the tables and the figures from the plan's outputs.
fn write_results(plan: &Plan, outputs: &[RunOutput], out_dir: &std::path::Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    // configurations and benchmarks by index, in the plan's order
    fn index_of(list: &mut Vec<String>, item: &str) -> usize {
        list.iter().position(|x| x == item).unwrap_or_else(|| {
            list.push(item.to_string());
            list.len() - 1
        })
    }
    let (mut configs, mut benches): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    let mut rows: Vec<Outcome> = Vec::with_capacity(plan.runs.len());
    for (run, out) in plan.runs.iter().zip(outputs) {
        let c = index_of(&mut configs, run.labels["config"].as_str().context("a plan's configuration")?);
        let b = index_of(&mut benches, run.labels["benchmark"].as_str().context("a plan's benchmark")?);
        let seed = run.labels["seed"].as_u64().unwrap_or(0);
        let (found, states, ms) = match serde_json::from_str::<Value>(&out.stdout) {
            Ok(r) => (r["verdict"] == "violation", r["stats"]["states_new"].as_u64().unwrap_or(0), r["stats"]["elapsed_ms"].as_u64().unwrap_or(0)),
            Err(_) => (false, 0, 0),
        };
        rows.push((c, b, seed, found, states, ms));
    }
    let mut csv = String::from("config,benchmark,seed,found,states,ms\n");
    let mut runs: BTreeMap<(usize, usize), Vec<Run>> = BTreeMap::new();
    for &(c, b, seed, found, states, ms) in &rows {
        let _ = writeln!(csv, "\"{}\",\"{}\",{seed},{found},{states},{ms}", configs[c], benches[b]);
        runs.entry((c, b)).or_default().push(Run { found, states });
    }
    std::fs::write(out_dir.join("raw.csv"), csv)?;
    let mut table = Results::new();
    for ((c, b), rs) in &runs {
        table.entry(configs[*c].clone()).or_default().insert(benches[*b].clone(), Cell::of(rs));
    }
    let names: Vec<&str> = benches.iter().map(String::as_str).collect();
    let (ranking, loo) = (ranking_md(&table, &names), loo_md(&table, &names));
    std::fs::write(out_dir.join("ranking.md"), &ranking)?;
    std::fs::write(out_dir.join("benchmarks.md"), benchmarks_md(&table, &names))?;
    std::fs::write(out_dir.join("loo.md"), &loo)?;
    figures(&table, &names, out_dir)?;
    println!("{ranking}");
    println!("{loo}");
    eprintln!("rb-experiments: wrote {}", out_dir.display());
    Ok(())
}

/// Figure 8's DFS-RB marks for each benchmark (see the module docs).
fn figures(table: &Results, benches: &[&str], out_dir: &std::path::Path) -> anyhow::Result<()> {
    let ranked = rank(table, benches);
    let picks: Vec<_> = [1, 2, 3, 10].iter().filter_map(|&k| ranked.get(k - 1)).collect();
    let labels: Vec<String> = picks.iter().map(|r| format!("#{} ⟨{}⟩", r.combined, r.config)).collect();
    for &b in benches {
        let marks: Vec<Mark<'_>> = picks
            .iter()
            .zip(&labels)
            .map(|(r, label)| Mark { label, group: 0, value: table.get(&r.config).and_then(|cells| cells.get(b)).and_then(|c| c.mean.map(|m| (m, c.cov * m))) })
            .collect();
        let program = b.split(' ').next().unwrap_or(b);
        states_plot(b, &marks, &out_dir.join(format!("figure8-{program}")))?;
    }
    Ok(())
}

fn score(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.2}")
    } else {
        "∞".into()
    }
}

fn ranking_md(table: &Results, benches: &[&str]) -> String {
    let ranked = rank(table, benches);
    let failing = ranked.iter().filter(|r| r.errors.is_infinite()).count();
    let mut s = format!(
        "Ranking over {} benchmarks ({}), {} configurations, {failing} of them failing on some benchmark (Section 6.1; scores normalised to the best = 1)\n\n",
        benches.len(),
        benches.join(", "),
        ranked.len()
    );
    s.push_str("| rank | configuration | errors (r_e) | distance (r_d) | variation (r_v) |\n|---:|---|---:|---:|---:|\n");
    for r in ranked.iter().take(20) {
        let _ = writeln!(s, "| {} | ⟨{}⟩ | {} ({}) | {} ({}) | {} ({}) |", r.combined, r.config, score(r.errors), r.ranks[0], score(r.distance), r.ranks[1], score(r.variation), r.ranks[2]);
    }
    s
}

fn benchmarks_md(table: &Results, benches: &[&str]) -> String {
    let mut s = String::new();
    for &b in benches {
        let mut cells: Vec<(&String, &Cell)> = table.iter().filter_map(|(cfg, cells)| cells.get(b).map(|c| (cfg, c))).filter(|(_, c)| c.errp >= 100.0).collect();
        cells.sort_by(|x, y| x.1.mean.partial_cmp(&y.1.mean).unwrap_or(std::cmp::Ordering::Equal));
        let found_any = table.values().filter(|cells| cells.get(b).is_some_and(|c| c.errp > 0.0)).count();
        let _ = writeln!(s, "### {b}\n\n{found_any} of {} configurations found the error at least once; the fastest that always did:\n", table.len());
        s.push_str("| configuration | mean states | cov |\n|---|---:|---:|\n");
        for (cfg, c) in cells.iter().take(10) {
            let _ = writeln!(s, "| ⟨{cfg}⟩ | {:.0} | {:.2} |", c.mean.unwrap_or(0.0), c.cov);
        }
        s.push('\n');
    }
    s
}

fn loo_md(table: &Results, benches: &[&str]) -> String {
    let mut s = String::from("Leave-one-out (Section 7.1): Spearman's ρ between the ranking without the benchmark and the ranking of the benchmark alone\n\n| left out | ρ with failures | ρ just success |\n|---|---:|---:|\n");
    for &b in benches {
        let rest: Vec<&str> = benches.iter().copied().filter(|&x| x != b).collect();
        if rest.is_empty() {
            continue;
        }
        let (without, alone) = (rank(table, &rest), rank(table, &[b]));
        let succeeds = |list: &[crate::rb_ranking::Ranked], cfg: &str| list.iter().any(|r| r.config == cfg && r.errors.is_finite());
        let rho = |x: Option<f64>| x.map_or("–".to_string(), |v| format!("{v:.2}"));
        let all = spearman(&without, &alone, |_| true);
        let success = spearman(&without, &alone, |cfg| succeeds(&without, cfg) && succeeds(&alone, cfg));
        let _ = writeln!(s, "| {b} | {} | {} |", rho(all), rho(success));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_7920_configurations_all_parse() {
        let all = all_configs();
        assert_eq!(all.len(), 7920);
        assert_eq!(all.iter().collect::<std::collections::BTreeSet<_>>().len(), 7920);
        assert!(all.contains(&"I:5-10-20-50-100,pl,d,Lb,0.75,1.5".to_string()), "the paper's best-ranked");
        for c in &all {
            let parsed = jvmc_search::strategy::rb_config::RbConfig::parse(c).unwrap_or_else(|e| panic!("{c}: {e}"));
            assert_eq!(parsed.to_string(), *c, "prints back");
        }
        let sample = configs("sample:12").expect("sample");
        assert_eq!(sample.iter().collect::<std::collections::BTreeSet<_>>().len(), 12);
        let field = |i: usize| sample.iter().map(|c| c.split(',').nth(i).unwrap_or_default().to_string()).collect::<std::collections::BTreeSet<_>>().len();
        assert!((0..6).all(|i| field(i) > 1), "every parameter varies in a sample: {sample:?}");
    }
}
