//! `cargo xtask library-bench`: trusted library calls as atomic steps against
//! exploring the JDK, the table of `docs/algorithms/library-calls.md`.
//!
//! For each client of `benchmarks/por/` (or those named), runs the release
//! `jvmc check --outcomes` once with `--library atomic` and once with
//! `--library explore` (120 s each), prints one markdown row (states and time of each,
//! whether verdict and outcome set agree) and fails if a pair that both finished
//! disagrees.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use anyhow::bail;
use serde_json::Value;

/// Verdict, stop reason, states, seconds, outcomes.
type Run = (String, String, u64, f64, BTreeSet<String>);

fn check(jvmc: &Path, classes: &Path, client: &str, library: &str) -> anyhow::Result<Run> {
    let mut cmd = Command::new(jvmc);
    cmd.args(["check", "--outcomes", "--json", "-", "--max-time", "120s", "--library", library]).arg("--cp").arg(classes).arg(client);
    let report = super::json_report(&mut cmd, &format!("{client} {library}"))?;
    let stats = &report["stats"];
    let text = |v: &Value| v.as_str().unwrap_or("?").to_string();
    let outcomes = report["outcomes"].as_array().map(|a| a.iter().map(|o| o["output"].to_string()).collect()).unwrap_or_default();
    Ok((text(&report["verdict"]), text(&stats["stop_reason"]), stats["states_new"].as_u64().unwrap_or(0), stats["elapsed_ms"].as_u64().unwrap_or(0) as f64 / 1000.0, outcomes))
}

/// Runs the table (see the module docs).
pub fn library_bench(filter: &[String]) -> anyhow::Result<()> {
    let (jvmc, classes, clients) = super::por_bench::prepare(filter)?;
    println!("| client | atomic: verdict | states | time (s) | explore: verdict | states | time (s) | outcomes equal |");
    println!("|---|---|---:|---:|---|---:|---:|---|");
    let mut disagreements = Vec::new();
    for client in &clients {
        let a = check(&jvmc, &classes, &client.name, "atomic")?;
        let e = check(&jvmc, &classes, &client.name, "explore")?;
        let both = a.1 == "complete" && e.1 == "complete";
        let equal = (&a.0, &a.4) == (&e.0, &e.4);
        if both && !equal {
            disagreements.push(client.name.clone());
        }
        let verdict = |r: &Run| format!("{}/{}", r.0, r.1);
        let agree = if both { if equal { "yes" } else { "**NO**" } } else { "n/a" };
        println!("| {} | {} | {} | {:.2} | {} | {} | {:.2} | {agree} |", client.name, verdict(&a), a.2, a.3, verdict(&e), e.2, e.3);
    }
    if !disagreements.is_empty() {
        bail!("atomic and explore disagree on {disagreements:?}");
    }
    Ok(())
}
