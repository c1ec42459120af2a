//! `cargo xtask liveness-bench`: what livelock detection costs, the table of
//! `docs/algorithms/liveness.md`.
//!
//! For each client of `benchmarks/por/` (or those named) and each of `--por none` and
//! `--por dl-spor`, runs the release `jvmc check` with and without `--no-liveness`,
//! alternating, `ROUNDS` times each, and prints one markdown row: states, transitions,
//! the median time of each, and their ratio; then the geometric mean of the ratios.
//! Runs are separate processes, one at a time. It checks that both settings explore
//! the same states and reach the same verdict.

use std::path::Path;
use std::process::Command;

use anyhow::bail;
use serde_json::Value;

const ROUNDS: usize = 3;
const ALGORITHMS: &[&str] = &["none", "dl-spor"];

/// One run: verdict, states, transitions, seconds.
fn check(jvmc: &Path, classes: &Path, client: &str, alg: &str, liveness: bool) -> anyhow::Result<(String, u64, u64, f64)> {
    let mut cmd = Command::new(jvmc);
    cmd.args(["check", "--json", "-", "--max-time", "120s", "--por", alg]).arg("--cp").arg(classes);
    if !liveness {
        cmd.arg("--no-liveness");
    }
    cmd.arg(client);
    let report = super::json_report(&mut cmd, &format!("{client} {alg}"))?;
    let stats = &report["stats"];
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    let verdict = format!("{}/{}", report["verdict"].as_str().unwrap_or("?"), stats["stop_reason"].as_str().unwrap_or("?"));
    Ok((verdict, n(&stats["states_new"]), n(&stats["transitions"]), n(&stats["elapsed_ms"]) as f64 / 1000.0))
}

/// Runs the table (see the module docs).
pub fn liveness_bench(filter: &[String]) -> anyhow::Result<()> {
    let (jvmc, classes, clients) = super::por_bench::prepare(filter)?;
    println!("| client | por | verdict | states | transitions | time, liveness (s) | time, --no-liveness (s) | ratio |");
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    let mut log_sum = 0.0;
    let mut count = 0;
    for client in &clients {
        for alg in ALGORITHMS {
            let (mut on, mut off) = (Vec::new(), Vec::new());
            let mut seen = None;
            for _ in 0..ROUNDS {
                for liveness in [true, false] {
                    let (verdict, states, transitions, secs) = check(&jvmc, &classes, &client.name, alg, liveness)?;
                    let key = (verdict, states, transitions);
                    match &seen {
                        None => seen = Some(key),
                        Some(k) if *k != key => bail!("{} {alg}: liveness changed the exploration: {k:?} vs {key:?}", client.name),
                        Some(_) => {}
                    }
                    if liveness { on.push(secs) } else { off.push(secs) }
                }
            }
            let (verdict, states, transitions) = seen.unwrap_or_default();
            let (t_on, t_off) = (super::median(on), super::median(off));
            let ratio = if t_off > 0.0 { t_on / t_off } else { 1.0 };
            if verdict.ends_with("complete") && t_off > 0.05 {
                log_sum += ratio.ln();
                count += 1;
            }
            println!("| {} | {alg} | {verdict} | {states} | {transitions} | {t_on:.2} | {t_off:.2} | {ratio:.2} |", client.name);
        }
    }
    if count > 0 {
        println!("\ngeometric mean of the ratios over the {count} complete runs longer than 0.05 s: {:.3}", (log_sum / count as f64).exp());
    }
    Ok(())
}
