//! `cargo xtask por-bench`: the POR benchmark table of `docs/algorithms/results.md`.
//!
//! Compiles the clients under `benchmarks/por/` with `javac`, runs the release `jvmc
//! check` on each with `--por none` and every POR algorithm (with `--visible`, also in
//! the paper's visibility mode; with `--only-visible`, only in it: `--visible-classes` from the client's `// jvmc-visible:`
//! header line), and prints one markdown row per client and algorithm: verdict, new
//! states, transitions, time, peak resident memory, the POR structures' bytes. Every run
//! is a separate process, one at a time, so times and memory are comparable within a
//! table. `--calls N` passes the clients their size (calls per thread; the papers'
//! experiments use up to 5), `--library MODE` the library mode, `--algorithms a,b`
//! picks columns. It checks as it goes that every algorithm reaches `none`'s verdict and
//! outcomes, and fails if one does not.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};
use serde_json::Value;

/// What `por-bench` was asked for.
pub struct Options {
    /// the time limit of one run, in seconds
    pub max_time: u64,
    /// run in the default visibility mode
    pub default: bool,
    /// run in the paper's visibility mode
    pub visible: bool,
    /// only clients whose name contains one of these
    pub filter: Vec<String>,
    /// the clients' argument: calls per thread (their default size when `None`)
    pub calls: Option<u32>,
    /// `--library` of every run (jvmc's default when `None`)
    pub library: Option<String>,
    /// the algorithms to run (all of [`ALGORITHMS`] when empty)
    pub algorithms: Vec<String>,
}

/// The paper's algorithms (`-paper`, `-jpf`, `spor`) and the refined ones users get.
const ALGORITHMS: &[&str] = &["none", "sleep", "spor", "de-spor-paper", "de-spor", "dl-spor-paper", "dl-spor", "de-jpf", "dl-jpf", "odpor-paper", "odpor"];

/// One client: its class and its `// jvmc-visible:` patterns.
pub struct Client {
    /// its main class
    pub name: String,
    /// its `// jvmc-visible:` patterns
    pub visible: Option<String>,
}

/// The release `jvmc` and the compiled clients of `benchmarks/por/` whose names
/// contain one of `filter` (all if it is empty): builds and compiles them.
pub fn prepare(filter: &[String]) -> anyhow::Result<(PathBuf, PathBuf, Vec<Client>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().context("the workspace root")?.to_path_buf();
    let sources = root.join("benchmarks/por");
    let classes = root.join("target/por-bench/classes");
    let jvmc = super::release_jvmc(&root)?;
    std::fs::create_dir_all(&classes)?;
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(&classes);
    let mut clients = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&sources)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    for path in entries.iter().filter(|p| p.extension().is_some_and(|e| e == "java")) {
        javac.arg(path);
        let text = std::fs::read_to_string(path)?;
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if text.contains("static void main(") && (filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()))) {
            let visible = text.lines().find_map(|l| l.trim().strip_prefix("// jvmc-visible:")).map(|v| v.trim().to_string());
            clients.push(Client { name, visible });
        }
    }
    super::run(&mut javac)?;
    Ok((jvmc, classes, clients))
}

/// Runs the table (see the module docs).
pub fn por_bench(opts: &Options) -> anyhow::Result<()> {
    let (jvmc, classes, clients) = prepare(&opts.filter)?;
    println!("| client | mode | algorithm | verdict | states | transitions | time (s) | peak RSS (MB) | L_r + labels (KB) | POR sets peak (KB) |");
    println!("|---|---|---|---|---:|---:|---:|---:|---:|---:|");
    let mut disagreements = Vec::new();
    for client in &clients {
        let mut modes = Vec::new();
        if opts.default {
            modes.push(("default", None));
        }
        if opts.visible {
            if let Some(v) = &client.visible {
                modes.push(("visible", Some(v.as_str())));
            }
        }
        for (mode, visible) in modes {
            let mut reference: Option<(&str, (String, Value))> = None;
            for alg in ALGORITHMS.iter().filter(|a| opts.algorithms.is_empty() || opts.algorithms.iter().any(|b| b == *a)) {
                let mut cmd = Command::new(&jvmc);
                cmd.args(["check", "--outcomes", "--json", "-", "--max-time"]).arg(format!("{}s", opts.max_time));
                cmd.arg("--cp").arg(&classes).args(["--por", alg]);
                if let Some(v) = visible {
                    cmd.args(["--visible-classes", v]);
                }
                if let Some(library) = &opts.library {
                    cmd.args(["--library", library]);
                }
                cmd.arg(&client.name);
                if let Some(calls) = opts.calls {
                    cmd.arg(calls.to_string());
                }
                let report = super::json_report(&mut cmd, &format!("{} {alg}", client.name))?;
                let stats = &report["stats"];
                let complete = stats["stop_reason"] == "complete";
                let verdict = if complete { report["verdict"].as_str().unwrap_or("?").to_string() } else { format!("stopped: {}", stats["stop_reason"].as_str().unwrap_or("?")) };
                let n = |v: &Value| v.as_u64().unwrap_or(0);
                let por = &stats["por"];
                println!(
                    "| {} | {mode} | {alg} | {verdict} | {} | {} | {:.2} | {:.0} | {:.0} | {:.0} |",
                    client.name,
                    n(&stats["states_new"]),
                    n(&stats["transitions"]),
                    n(&stats["elapsed_ms"]) as f64 / 1000.0,
                    n(&stats["peak_rss_bytes"]) as f64 / 1e6,
                    (n(&por["graph_bytes"]) + n(&por["labels_bytes"])) as f64 / 1e3,
                    n(&por["sets_peak_bytes"]) as f64 / 1e3,
                );
                if !complete {
                    continue;
                }
                let observed = (report["verdict"].as_str().unwrap_or_default().to_string(), outcomes(&report));
                match &reference {
                    None => reference = Some((alg, observed)),
                    Some((first, r)) if *r != observed => disagreements.push(format!("{} ({mode}): {alg} disagrees with {first}", client.name)),
                    Some(_) => {}
                }
            }
        }
    }
    if !disagreements.is_empty() {
        bail!("{}", disagreements.join("\n"));
    }
    Ok(())
}

/// The sorted outputs of a report's end states.
pub fn outcomes(report: &Value) -> Value {
    let mut v: Vec<String> = report["outcomes"].as_array().map(|a| a.iter().filter_map(|o| o["output"].as_str().map(str::to_string)).collect()).unwrap_or_default();
    v.sort();
    Value::from(v)
}
