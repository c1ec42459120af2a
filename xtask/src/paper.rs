//! `cargo xtask paper`: the stateful POR paper's evaluation (Section 5 and the
//! Appendix of `shared/papers/stateful-por-source-sets.md`), ours end to end.
//!
//! 1. Clients, generated with `jvmc gen` and fixed seeds: 75 clients of the seven
//!    structures of `benchmarks/por` (3 threads × up to 5 `add`/`remove` calls — `put`
//!    for the maps — with low contention, keys 10…80, and high, keys 1 and 2), and 310
//!    clients of the two buggy variations (3 threads × up to 4 calls, keys 1…4; an
//!    `add` of an odd key is where the bug can fire), in the paper's classes by how
//!    many of its invocations are such adds: all (40 per variation, drawn from adds of
//!    odd keys only), half (40: more than one, not all — the paper's "half" is a share
//!    Violat chose, ours is what the draw gave), one (40), none (35); as Violat does,
//!    a client of the first three classes is kept only if unreduced search finds a
//!    violation in it within `--max-time`.
//! 2. Runs, `--jobs` at a time, each a release `jvmc check` with `--max-time` and
//!    `--max-memory`: the correct clients under every algorithm of `--algorithms`
//!    (computing all states, sequential order); the buggy ones under S-POR and
//!    DL-S-POR, until the first error and computing all states (`--multiple-errors`),
//!    in sequential and random order (`--order random --seed 1`), and the portfolio
//!    (`--portfolio`, first error).
//! 3. `raw.csv` and `raw.json` (one record per run: wall time, peak memory, states,
//!    verdict), `summary.md` (per configuration: runs completed, geometric mean time;
//!    clients on which complete runs disagree), and the figures (`paper_figures.rs`):
//!    `fig5-time` and `fig6-memory`, quantile plots of the correct clients per
//!    algorithm; `fig7-spor-vs-dl-spor`, their times against each other;
//!    `fig8-buggy-first-error`, a quantile plot of the buggy clients' time to the first
//!    error per configuration; `fig9-order-all-states` and `fig10-order-first-error`,
//!    DL-S-POR's sequential against random order on the buggy clients.
//!
//! The runs are a plan (`batch.rs`): on this machine's cores by default (`--resume`
//! continues an interrupted run), or a Slurm job array with `--slurm`; `--collect DIR`
//! writes the files from a plan's merged results without running anything.
//!
//! `--clients-only` stops after step 1, listing the clients of each structure and
//! class. `--quick` makes everything small (2 calls per thread, one high-contention client
//! per structure, one buggy client per class and variation, four algorithms) to try
//! the pipeline in a minute; `JVMC_BIN` runs a given `jvmc` instead of building the release one.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::batch::{Executor, PlannedRun, RunOutput};
use crate::paper_figures::{quantile_plot, scatter_plot};

/// What to run.
pub struct Options {
    pub quick: bool,
    pub jobs: usize,
    /// seconds per run
    pub max_time: u64,
    /// `--max-memory` of every run
    pub max_memory: String,
    pub out: Option<PathBuf>,
    /// the algorithms for the correct clients (every stateful one when empty)
    pub algorithms: Vec<String>,
    /// only generate the clients (step 1) and list how many of each kind
    pub clients_only: bool,
    /// the `jvmc` to run; `None`: `release_jvmc`'s (`JVMC_BIN`, or the release build)
    pub jvmc: Option<PathBuf>,
    /// where the runs go: this machine's cores, or a Slurm job array (`batch.rs`)
    pub executor: Executor,
    /// `--collect DIR`: run nothing, merge the results of a plan run on Slurm in
    /// `DIR` and write the files from them
    pub collect: Option<PathBuf>,
}

/// The stateful algorithms: the paper's, their JPF-style variants, and the refined ones.
const ALGORITHMS: &[&str] = &["none", "spor", "de-spor-paper", "de-spor", "dl-spor-paper", "dl-spor", "de-jpf", "dl-jpf", "odpor-paper", "odpor"];

/// A structure of the benchmark: its class, the methods clients call (as `jvmc gen`
/// spec JSON), its constructor's arguments, and how many clients of each contention.
struct Structure {
    class: &'static str,
    methods: &'static str,
    constructor: &'static str,
    clients: [usize; 2],
}

const SET: &str = r#"[{"name": "add", "params": ["int"]}, {"name": "remove", "params": ["int"]}]"#;

/// The seven structures (75 clients: 6 low and 5 high for five, 5 and 5 for two).
const STRUCTURES: &[Structure] = &[
    Structure { class: "RwLockListSet", methods: SET, constructor: "[]", clients: [6, 5] },
    Structure { class: "LazyListSet", methods: SET, constructor: "[]", clients: [6, 5] },
    Structure { class: "CasBstSet", methods: SET, constructor: "[]", clients: [6, 5] },
    Structure { class: "ClqSet", methods: SET, constructor: "[]", clients: [6, 5] },
    Structure { class: "ChmSet", methods: SET, constructor: "[]", clients: [6, 5] },
    Structure {
        class: "java.util.concurrent.ConcurrentHashMap",
        methods: r#"[{"name": "put", "params": ["Object", "Object"]}, {"name": "remove", "params": ["Object"]}]"#,
        constructor: "[32]",
        clients: [5, 5],
    },
    Structure { class: "LockedHashMap", methods: r#"[{"name": "put", "params": ["int", "int"]}, {"name": "remove", "params": ["int"]}]"#, constructor: "[]", clients: [5, 5] },
];

/// The buggy variations, 155 clients each.
const BUGGY: &[&str] = &["BuggyRwLockListSet", "BuggyLazyListSet"];

/// One client: its class, where it is, and how the paper groups it.
#[derive(Clone, Debug, Serialize)]
struct Client {
    name: String,
    dir: PathBuf,
    structure: String,
    /// `low`/`high` contention, or the bug class (`all`, `half`, `one`, `none`)
    group: String,
    buggy: bool,
}

/// One run's configuration.
#[derive(Clone, Debug)]
struct Job {
    client: usize,
    /// a `--por` algorithm, or `portfolio`
    algorithm: String,
    first_error: bool,
    random: bool,
}

/// One run's record.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Record {
    client: String,
    structure: String,
    group: String,
    buggy: bool,
    algorithm: String,
    mode: String,
    order: String,
    verdict: String,
    stop: String,
    states: u64,
    wall_ms: u64,
    peak_rss_mb: f64,
}

impl Record {
    /// Whether the run did what its mode asks: explored every state, or (first
    /// error) found a violation or explored every state.
    fn completed(&self) -> bool {
        self.stop == "complete" || (self.mode == "first-error" && self.verdict == "violation")
    }
}

/// The bug class of a buggy client from its calls (`clients.json`'s `threads`).
fn bug_class(threads: &[Vec<String>]) -> &'static str {
    let calls: Vec<&String> = threads.iter().flatten().collect();
    let buggy = calls.iter().filter(|c| matches!(c.as_str(), "add(1)" | "add(3)")).count();
    match buggy {
        0 => "none",
        n if n == calls.len() => "all",
        1 => "one",
        _ => "half",
    }
}

/// Runs `jvmc gen` for one spec; returns the clients it wrote.
fn generate(jvmc: &Path, classes: &Path, out: &Path, spec: &str, prefix: &str, calls: usize, count: usize, seed: u64) -> anyhow::Result<Vec<(String, Vec<Vec<String>>)>> {
    let dir = out.join(prefix);
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("spec.json");
    std::fs::write(&file, spec)?;
    let status = Command::new(jvmc)
        .args(["gen", &file.to_string_lossy(), "--cp", &classes.to_string_lossy(), "--out", &dir.to_string_lossy()])
        .args(["--threads", "3", "--calls", &calls.to_string(), "--clients", &count.to_string(), "--seed", &seed.to_string(), "--name", prefix])
        .output()
        .context("running jvmc gen")?;
    if !status.status.success() {
        bail!("jvmc gen {prefix}: {}", String::from_utf8_lossy(&status.stderr));
    }
    let listed: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("clients.json"))?)?;
    Ok(listed
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            let threads = c["threads"].as_array().into_iter().flatten().map(|t| t.as_array().into_iter().flatten().filter_map(|s| s.as_str().map(str::to_string)).collect()).collect();
            (name, threads)
        })
        .collect())
}

/// Step 1: every client.
fn clients(jvmc: &Path, classes: &Path, out: &Path, quick: bool, max_time: u64) -> anyhow::Result<Vec<Client>> {
    let mut all = Vec::new();
    let calls = if quick { 2 } else { 5 };
    for (si, s) in STRUCTURES.iter().enumerate() {
        for (ci, (contention, values)) in [("low", "[10, 20, 30, 40, 50, 60, 70, 80]"), ("high", "[1, 2]")].into_iter().enumerate() {
            let count = if quick { ci } else { s.clients[ci] };
            if count == 0 {
                continue;
            }
            let spec = format!(r#"{{"class": "{}", "constructor": {}, "methods": {}, "values": {values}}}"#, s.class, s.constructor, s.methods);
            let simple = s.class.rsplit('.').next().unwrap_or(s.class);
            let prefix = format!("P{simple}{}", if contention == "low" { "Low" } else { "High" });
            for (name, _) in generate(jvmc, classes, out, &spec, &prefix, calls, count, 100 + (si * 2 + ci) as u64)? {
                all.push(Client { name, dir: out.join(&prefix), structure: simple.to_string(), group: contention.to_string(), buggy: false });
            }
        }
    }
    for (bi, b) in BUGGY.iter().enumerate() {
        all.extend(buggy_clients(jvmc, classes, out, b, bi as u64, quick, max_time)?);
    }
    Ok(all)
}

/// How many clients of a buggy variation each class gets (155 in all; 1 each with
/// `--quick`).
const QUOTAS: [(&str, usize); 4] = [("all", 40), ("half", 40), ("one", 40), ("none", 35)];

/// Draws of candidates for a buggy variation's classes at most (one with `--quick`);
/// the first gives the clients of earlier runs, later ones only what a class still
/// lacks.
const ROUNDS: u64 = 8;

/// The clients of buggy variation `class`, as Violat chooses them: drawn (class all
/// from a spec of adds of odd keys, class none from one whose adds take even keys, the
/// others from adds and removes of keys 1…4, sorted into classes by their adds of odd
/// keys), and — for classes all, half and one — kept only if unreduced search finds a
/// violation within `max_time` seconds; each class up to its quota. Most draws with a
/// single buggy add admit no violation, so classes short of their quota are drawn
/// again, with new seeds, up to [`ROUNDS`] times.
fn buggy_clients(jvmc: &Path, classes: &Path, out: &Path, class: &str, seed: u64, quick: bool, max_time: u64) -> anyhow::Result<Vec<Client>> {
    let calls = if quick { 2 } else { 4 };
    let quota = |c: &str| if quick { 1 } else { QUOTAS.iter().find(|(k, _)| *k == c).map_or(0, |(_, n)| *n) };
    let mut kept: BTreeMap<&str, usize> = BTreeMap::new();
    let mut clients = Vec::new();
    // `--quick` keeps its one draw: it tries the pipeline, quotas met or not
    for round in 0..if quick { 1 } else { ROUNDS } {
        let missing = |g: &str| quota(g).saturating_sub(kept.get(g).copied().unwrap_or(0));
        if QUOTAS.iter().all(|(g, _)| missing(g) == 0) {
            break;
        }
        // round 0 draws as many as the first form of this did, so its clients stay
        let wanted = |g: &str| if round == 0 { quota(g) } else { missing(g) };
        let tag = if round == 0 { String::new() } else { format!("R{round}") };
        let reseed = |base: u64| base + seed + 1000 * round;
        let mut drawn: Vec<(String, PathBuf, &'static str)> = Vec::new();
        if missing("all") > 0 {
            let spec = format!(r#"{{"class": "{class}", "methods": [{{"name": "add", "params": ["int"]}}], "values": [1, 3]}}"#);
            let prefix = format!("P{class}All{tag}");
            for (name, _) in generate(jvmc, classes, out, &spec, &prefix, calls, (wanted("all") * 3).max(4), reseed(300))? {
                drawn.push((name, out.join(&prefix), "all"));
            }
        }
        // class none from adds of even keys (and removes of any), the others from adds
        // and removes of keys 1…4, sorted by their adds of odd keys
        if missing("none") > 0 {
            let spec = format!(r#"{{"class": "{class}", "methods": [{{"name": "add", "params": ["int"], "values": [2, 4]}}, {{"name": "remove", "params": ["int"]}}], "values": [1, 2, 3, 4]}}"#);
            let prefix = format!("P{class}None{tag}");
            for (name, _) in generate(jvmc, classes, out, &spec, &prefix, calls, wanted("none"), reseed(400))? {
                drawn.push((name, out.join(&prefix), "none"));
            }
        }
        if missing("one") > 0 || missing("half") > 0 {
            let spec = format!(r#"{{"class": "{class}", "methods": {SET}, "values": [1, 2, 3, 4]}}"#);
            let prefix = format!("P{class}{tag}");
            for (name, threads) in generate(jvmc, classes, out, &spec, &prefix, calls, (wanted("one").max(wanted("half")) * 6).max(8), reseed(200))? {
                let group = bug_class(&threads);
                if group != "none" && missing(group) > 0 {
                    drawn.push((name, out.join(&prefix), group));
                }
            }
        }
        // Violat's filter: a client of classes 1-3 must admit a violation
        let found = super::in_parallel(&drawn, 2, |(name, dir, group)| {
            *group == "none"
                || Command::new(jvmc)
                    .args(["check", "--json", "-", "--max-time", &format!("{max_time}s")])
                    .arg("--cp")
                    .arg(format!("{}:{}", dir.display(), classes.display()))
                    .arg(name)
                    .output()
                    .ok()
                    .and_then(|o| serde_json::from_slice::<Value>(&o.stdout).ok())
                    .is_some_and(|r| r["verdict"] == "violation")
        })?;
        for ((name, dir, group), ok) in drawn.into_iter().zip(found) {
            let taken = kept.entry(group).or_default();
            if ok && *taken < quota(group) {
                *taken += 1;
                clients.push(Client { name, dir, structure: class.to_string(), group: group.to_string(), buggy: true });
            }
        }
    }
    for (group, _) in QUOTAS {
        if kept.get(group).copied().unwrap_or(0) < quota(group) {
            eprintln!("paper: {class}: only {} clients of class {group} (quota {})", kept.get(group).copied().unwrap_or(0), quota(group));
        }
    }
    Ok(clients)
}

/// Step 2's matrix.
fn jobs(clients: &[Client], algorithms: &[String]) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (i, c) in clients.iter().enumerate() {
        if !c.buggy {
            jobs.extend(algorithms.iter().map(|a| Job { client: i, algorithm: a.clone(), first_error: false, random: false }));
            continue;
        }
        for algorithm in ["spor", "dl-spor"] {
            for first_error in [true, false] {
                for random in [false, true] {
                    jobs.push(Job { client: i, algorithm: algorithm.into(), first_error, random });
                }
            }
        }
        jobs.push(Job { client: i, algorithm: "portfolio".into(), first_error: true, random: false });
    }
    jobs
}

/// The run of job `j` on client `c` as a plan's command line; its labels are the
/// record to fill in.
fn planned(jvmc: &Path, classes: &Path, c: &Client, j: &Job, opts: &Options) -> anyhow::Result<PlannedRun> {
    let mut argv: Vec<String> = vec![jvmc.display().to_string(), "check".into(), "--json".into(), "-".into(), "--max-time".into(), format!("{}s", opts.max_time), "--max-memory".into(), opts.max_memory.clone()];
    argv.extend(["--cp".into(), format!("{}:{}", c.dir.display(), classes.display())]);
    if j.algorithm == "portfolio" {
        argv.push("--portfolio".into());
    } else {
        argv.extend(["--por".into(), j.algorithm.clone()]);
    }
    if j.random {
        argv.extend(["--order", "random", "--seed", "1"].map(String::from));
    }
    if !j.first_error {
        argv.push("--multiple-errors".into());
    }
    argv.push(c.name.clone());
    let labels = Record {
        client: c.name.clone(),
        structure: c.structure.clone(),
        group: c.group.clone(),
        buggy: c.buggy,
        algorithm: j.algorithm.clone(),
        mode: if j.first_error { "first-error" } else { "all-states" }.into(),
        order: if j.random { "random" } else { "sequential" }.into(),
        verdict: String::new(),
        stop: String::new(),
        states: 0,
        wall_ms: 0,
        peak_rss_mb: 0.0,
    };
    Ok(PlannedRun { argv, labels: serde_json::to_value(labels)? })
}

/// A run's record: its labels, filled in from what it printed.
fn record(run: &PlannedRun, out: &RunOutput) -> anyhow::Result<Record> {
    let mut r: Record = serde_json::from_value(run.labels.clone()).context("a paper plan's labels")?;
    match serde_json::from_str::<Value>(&out.stdout) {
        Ok(report) => {
            r.verdict = report["verdict"].as_str().unwrap_or("?").to_string();
            r.stop = report["stats"]["stop_reason"].as_str().unwrap_or("?").to_string();
            r.states = report["stats"]["states_new"].as_u64().unwrap_or(0);
            r.peak_rss_mb = report["stats"]["peak_rss_bytes"].as_u64().unwrap_or(0) as f64 / (1 << 20) as f64;
        }
        Err(_) => (r.verdict, r.stop) = ("error".into(), out.stderr.lines().next().unwrap_or("no output").to_string()),
    }
    r.wall_ms = out.wall_ms;
    Ok(r)
}

fn geo_mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    (values.iter().map(|v| v.max(1e-3).ln()).sum::<f64>() / values.len() as f64).exp()
}

/// Runs the evaluation and writes its files (see the module docs).
pub fn paper(opts: &Options) -> anyhow::Result<()> {
    let root = super::workspace_root()?;
    let out = opts.out.clone().unwrap_or_else(|| root.join("target/paper"));
    let (plan, outputs) = match &opts.collect {
        Some(dir) => crate::batch::collect(dir)?,
        None => match run_plan(opts, &root, &out)? {
            Some(ran) => ran,
            None => return Ok(()),
        },
    };
    let records = plan.runs.iter().zip(&outputs).map(|(run, o)| record(run, o)).collect::<anyhow::Result<Vec<_>>>()?;
    write_results(&records, &out)
}

/// Generates the clients, makes the plan and runs it with `opts.executor`: the plan
/// and its outputs, or `None` if it was submitted without waiting.
fn run_plan(opts: &Options, root: &Path, out: &Path) -> anyhow::Result<Option<(crate::batch::Plan, Vec<RunOutput>)>> {
    std::fs::create_dir_all(out)?;
    let jvmc = match &opts.jvmc {
        Some(bin) => std::path::absolute(bin)?,
        None => super::release_jvmc(root)?,
    };
    let classes = compile(root, out)?;
    let clients = clients(&jvmc, &classes, &out.join("clients"), opts.quick, opts.max_time)?;
    if opts.clients_only {
        let mut counts: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        for c in &clients {
            *counts.entry((&c.structure, &c.group)).or_default() += 1;
        }
        for ((structure, group), n) in counts {
            println!("{structure} {group}: {n}");
        }
        println!("paper: {} clients in {}", clients.len(), out.join("clients").display());
        return Ok(None);
    }
    let algorithms: Vec<String> = if !opts.algorithms.is_empty() {
        opts.algorithms.clone()
    } else if opts.quick {
        ["none", "spor", "dl-spor", "odpor"].map(String::from).to_vec()
    } else {
        ALGORITHMS.iter().map(|a| a.to_string()).collect()
    };
    let jobs = jobs(&clients, &algorithms);
    let plan = crate::batch::Plan { name: "paper".into(), runs: jobs.iter().map(|j| planned(&jvmc, &classes, &clients[j.client], j, opts)).collect::<anyhow::Result<_>>()? };
    eprintln!("paper: {} clients, {} runs, {} s each ({:?})", clients.len(), jobs.len(), opts.max_time, opts.executor);
    let outputs = crate::batch::execute(&plan, &out.join("plan"), &opts.executor)?;
    Ok(outputs.map(|o| (plan, o)))
}

/// `raw.csv`, `raw.json`, `summary.md` and the figures from the records.
fn write_results(records: &[Record], out: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(out)?;
    // the algorithms run on the correct clients, in the plan's order
    let mut algorithms: Vec<String> = Vec::new();
    for r in records.iter().filter(|r| !r.buggy) {
        if !algorithms.contains(&r.algorithm) {
            algorithms.push(r.algorithm.clone());
        }
    }
    let mut csv = String::from("client,structure,group,buggy,algorithm,mode,order,verdict,stop,states,wall_ms,peak_rss_mb\n");
    for r in records {
        let _ = writeln!(csv, "{},{},{},{},{},{},{},{},\"{}\",{},{},{:.1}", r.client, r.structure, r.group, r.buggy, r.algorithm, r.mode, r.order, r.verdict, r.stop.replace('"', "'"), r.states, r.wall_ms, r.peak_rss_mb);
    }
    std::fs::write(out.join("raw.csv"), csv)?;
    std::fs::write(out.join("raw.json"), serde_json::to_string_pretty(records)? + "\n")?;
    let summary = summarise(records, &algorithms, out)?;
    std::fs::write(out.join("summary.md"), &summary)?;
    print!("{summary}");
    eprintln!("paper: results in {}", out.display());
    Ok(())
}

/// `summary.md` and the figures.
fn summarise(records: &[Record], algorithms: &[String], out: &Path) -> anyhow::Result<String> {
    let mut md = String::from("# The stateful POR paper's evaluation, ours\n\n");
    let secs = |r: &Record| r.wall_ms as f64 / 1000.0;
    // the correct clients: per algorithm
    let correct: Vec<&Record> = records.iter().filter(|r| !r.buggy).collect();
    let clients = correct.iter().map(|r| &r.client).collect::<std::collections::BTreeSet<_>>().len();
    let _ = writeln!(md, "## Correct clients ({clients}), all states, sequential order\n\n| algorithm | completed | geo-mean time of completed (s) | violations |\n|---|---:|---:|---:|");
    let mut time_series = Vec::new();
    let mut memory_series = Vec::new();
    for a in algorithms {
        let done: Vec<&&Record> = correct.iter().filter(|r| &r.algorithm == a && r.completed()).collect();
        let times: Vec<f64> = done.iter().map(|r| secs(r)).collect();
        let violations = done.iter().filter(|r| r.verdict == "violation").count();
        let _ = writeln!(md, "| {a} | {}/{clients} | {:.2} | {violations} |", done.len(), geo_mean(&times));
        time_series.push((a.clone(), times));
        memory_series.push((a.clone(), done.iter().map(|r| r.peak_rss_mb).collect()));
    }
    quantile_plot("Correct clients: time per algorithm", "seconds", &time_series, &out.join("fig5-time"))?;
    quantile_plot("Correct clients: peak memory per algorithm", "MB", &memory_series, &out.join("fig6-memory"))?;
    let by = |alg: &str, mode: &str, order: &str, buggy: bool| -> BTreeMap<String, &Record> {
        records.iter().filter(|r| r.algorithm == alg && r.mode == mode && r.order == order && r.buggy == buggy && r.completed()).map(|r| (r.client.clone(), r)).collect()
    };
    let pairs = |a: &BTreeMap<String, &Record>, b: &BTreeMap<String, &Record>| -> Vec<(f64, f64)> { a.iter().filter_map(|(c, r)| b.get(c).map(|s| (secs(r), secs(s)))).collect() };
    let (spor, dl) = (by("spor", "all-states", "sequential", false), by("dl-spor", "all-states", "sequential", false));
    scatter_plot("Correct clients: S-POR vs DL-S-POR", "spor (s)", "dl-spor (s)", &pairs(&spor, &dl), &out.join("fig7-spor-vs-dl-spor"))?;

    // agreement: every complete run of a client has the same verdict
    let mut verdicts: BTreeMap<&str, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.completed()) {
        verdicts.entry(&r.client).or_default().insert(&r.verdict);
    }
    let disagree: Vec<&&str> = verdicts.iter().filter(|(_, v)| v.len() > 1).map(|(c, _)| c).collect();
    let _ = writeln!(md, "\nClients on which complete runs disagree: {}\n", if disagree.is_empty() { "none".to_string() } else { format!("{disagree:?}") });

    // the buggy clients
    let buggy: Vec<&Record> = records.iter().filter(|r| r.buggy).collect();
    let _ = writeln!(md, "## Buggy clients\n\n| configuration | bug class | runs | completed | violations found | geo-mean time of completed (s) |\n|---|---|---:|---:|---:|---:|");
    let mut configs: Vec<(String, &str, &str)> = Vec::new();
    for r in &buggy {
        let key = (r.algorithm.clone(), r.mode.as_str(), r.order.as_str());
        if !configs.contains(&key) {
            configs.push(key);
        }
    }
    let mut first_error_series = Vec::new();
    for (alg, mode, order) in &configs {
        for class in ["all", "half", "one", "none"] {
            let runs: Vec<&&Record> = buggy.iter().filter(|r| &r.algorithm == alg && r.mode == *mode && r.order == *order && r.group == class).collect();
            if runs.is_empty() {
                continue;
            }
            let done: Vec<f64> = runs.iter().filter(|r| r.completed()).map(|r| secs(r)).collect();
            let found = runs.iter().filter(|r| r.verdict == "violation").count();
            let _ = writeln!(md, "| {alg}, {mode}, {order} | {class} | {} | {} | {found} | {:.2} |", runs.len(), done.len(), geo_mean(&done));
        }
        if *mode == "first-error" {
            let times = buggy.iter().filter(|r| &r.algorithm == alg && r.mode == *mode && r.order == *order && r.verdict == "violation").map(|r| secs(r)).collect();
            first_error_series.push((format!("{alg} {order}"), times));
        }
    }
    quantile_plot("Buggy clients: time to the first error", "seconds", &first_error_series, &out.join("fig8-buggy-first-error"))?;
    // the portfolio against the best single configuration, to the first error
    let mut ratios = Vec::new();
    let mut wins = 0;
    for r in buggy.iter().filter(|r| r.algorithm == "portfolio" && r.verdict == "violation") {
        let best = buggy.iter().filter(|s| s.client == r.client && s.mode == "first-error" && s.algorithm != "portfolio" && s.verdict == "violation").map(|s| secs(s)).fold(f64::INFINITY, f64::min);
        if best.is_finite() {
            ratios.push(secs(r) / best.max(1e-3));
            wins += usize::from(secs(r) <= best);
        }
    }
    let _ = writeln!(md, "\nPortfolio against the best of S-POR and DL-S-POR in sequential and random order, to the first error: geo-mean time ratio {:.2} over {} clients; the portfolio at least as fast on {wins}.", geo_mean(&ratios), ratios.len());
    // every complete run finds the bug of a class 1-3 client, and none in class 4
    let missed: Vec<String> = buggy.iter().filter(|r| r.completed() && r.group != "none" && r.verdict != "violation").map(|r| format!("{} ({}, {}, {})", r.client, r.algorithm, r.mode, r.order)).collect();
    let false_alarms: Vec<String> = buggy.iter().filter(|r| r.completed() && r.group == "none" && r.verdict != "ok").map(|r| format!("{} ({})", r.client, r.algorithm)).collect();
    let _ = writeln!(md, "\nComplete runs that found no violation in a client of classes all/half/one: {}", if missed.is_empty() { "none".to_string() } else { missed.join(", ") });
    let _ = writeln!(md, "Complete runs that found a violation in a client of class none: {}", if false_alarms.is_empty() { "none".to_string() } else { false_alarms.join(", ") });
    for (mode, fig) in [("all-states", "fig9-order-all-states"), ("first-error", "fig10-order-first-error")] {
        let (seq, random) = (by("dl-spor", mode, "sequential", true), by("dl-spor", mode, "random", true));
        scatter_plot(&format!("Buggy clients, DL-S-POR, {mode}"), "sequential order (s)", "random order (s)", &pairs(&seq, &random), &out.join(fig))?;
    }
    let _ = writeln!(md, "\nFigures: fig5-time, fig6-memory, fig7-spor-vs-dl-spor, fig8-buggy-first-error, fig9-order-all-states, fig10-order-first-error (.svg, .png).");
    Ok(md)
}

/// Compiles `benchmarks/por` into `out/classes`; returns that directory.
fn compile(root: &Path, out: &Path) -> anyhow::Result<PathBuf> {
    let classes = out.join("classes");
    std::fs::create_dir_all(&classes)?;
    let sources: Vec<PathBuf> = std::fs::read_dir(root.join("benchmarks/por"))?.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "java")).collect();
    super::run(Command::new("javac").arg("-g").arg("-d").arg(&classes).args(&sources))?;
    Ok(classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter().map(|t| t.iter().map(|s| s.to_string()).collect()).collect()
    }

    #[test]
    fn bug_classes_count_the_adds_of_odd_keys() {
        assert_eq!(bug_class(&calls(&[&["add(1)"], &["add(3)", "add(1)"]])), "all");
        assert_eq!(bug_class(&calls(&[&["add(1)", "remove(1)"], &["add(3)"], &["add(2)"]])), "half");
        assert_eq!(bug_class(&calls(&[&["add(2)", "remove(1)"], &["add(3)"]])), "one");
        assert_eq!(bug_class(&calls(&[&["add(2)", "remove(3)"], &["add(4)"]])), "none");
    }

    #[test]
    fn the_matrix_has_every_algorithm_for_correct_clients_and_nine_configurations_for_buggy_ones() {
        let c = |buggy| Client { name: "C".into(), dir: PathBuf::new(), structure: "S".into(), group: "low".into(), buggy };
        let jobs = jobs(&[c(false), c(true)], &["none".to_string(), "spor".to_string()]);
        assert_eq!(jobs.iter().filter(|j| j.client == 0).count(), 2);
        assert_eq!(jobs.iter().filter(|j| j.client == 1).count(), 2 * 2 * 2 + 1);
        assert!(jobs.iter().any(|j| j.client == 1 && j.algorithm == "portfolio" && j.first_error));
    }

    /// The whole pipeline at `--quick` size on the debug `jvmc` (which the workspace's
    /// test build makes): records, summary and every figure, and the checks in the
    /// summary hold.
    #[test]
    fn a_quick_run_writes_records_summary_and_every_figure() {
        let root = crate::workspace_root().unwrap();
        let bin = root.join("target/debug/jvmc");
        assert!(bin.exists(), "{} is missing: build it (cargo build -p jvmc)", bin.display());
        let out = std::env::temp_dir().join(format!("jvmc-paper-quick-{}", std::process::id()));
        let opts = Options { quick: true, clients_only: false, jobs: 2, max_time: 60, max_memory: "4G".into(), out: Some(out.clone()), algorithms: Vec::new(), jvmc: Some(bin), executor: Executor::Local { jobs: 2, resume: false }, collect: None };
        paper(&opts).unwrap();
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(summary.contains("| none | 7/7 |"), "every correct client completes unreduced:\n{summary}");
        assert!(summary.contains("Clients on which complete runs disagree: none"), "{summary}");
        assert!(summary.contains("found no violation in a client of classes all/half/one: none"), "{summary}");
        assert!(summary.contains("found a violation in a client of class none: none"), "{summary}");
        let records: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(out.join("raw.json")).unwrap()).unwrap();
        assert_eq!(records.iter().filter(|r| r["buggy"] == false).count(), 7 * 4, "7 clients × 4 algorithms");
        assert!(records.iter().any(|r| r["algorithm"] == "portfolio" && r["verdict"] == "violation"));
        for fig in ["fig5-time", "fig6-memory", "fig7-spor-vs-dl-spor", "fig8-buggy-first-error", "fig9-order-all-states", "fig10-order-first-error"] {
            for ext in ["svg", "png"] {
                assert!(out.join(format!("{fig}.{ext}")).exists(), "{fig}.{ext}");
            }
        }
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn the_benchmark_has_the_papers_client_counts() {
        assert_eq!(STRUCTURES.iter().map(|s| s.clients[0] + s.clients[1]).sum::<usize>(), 75);
        assert_eq!(STRUCTURES.len(), 7);
    }
}
