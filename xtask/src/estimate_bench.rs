//! `cargo xtask estimate-bench [--max-time S] [--walks A,B,...] [PROGRAM...]`: how
//! good Knuth's estimator (`jvmc check --estimate`, `jvmc_search::estimate`) is on
//! our programs — the table of `docs/algorithms/estimation.md`.
//!
//! For each program of `benchmarks/concurrent`, `benchmarks/por` and the families of
//! `benchmarks/dpor` (as `dpor-bench` lists them): the estimate with each number of
//! walks (a run with `--max-states 1`, so only the walks count), then the real
//! unreduced stateless search (`--stateless`) within the time limit, and the stateful
//! unreduced search's states for comparison. One markdown row per program: the
//! actual executions and transitions (or `>` the count reached at the limit), each
//! estimate as mean ± standard error with its ratio to the actual count, and the
//! walks' time. Runs are separate processes of the release `jvmc`, one at a time.

use std::process::Command;

use serde_json::Value;

/// Runs the table (see the module docs).
pub fn estimate_bench(max_time: u64, walks: &[u64], filter: &[String]) -> anyhow::Result<()> {
    let root = super::workspace_root()?;
    let jvmc = super::release_jvmc(&root)?;
    let classes = root.join("target/estimate-bench/classes");
    let programs = super::dpor_bench::benchmark_programs(&root, &classes, |dir, name| dir != "engine" && (filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()))))?;
    let check = |args: &[String], options: &[&str]| -> anyhow::Result<Value> {
        let mut cmd = Command::new(&jvmc);
        cmd.args(["check", "--json", "-", "--max-time"]).arg(format!("{max_time}s")).arg("--cp").arg(&classes).args(options).args(args);
        super::json_report(&mut cmd, &format!("{} {}", args.join(" "), options.join(" ")))
    };
    let n = |v: &Value| v.as_u64().unwrap_or(0);
    let mut header = "| program | stateful states | stateless executions | stateless transitions |".to_string();
    let mut rule = "|---|---:|---:|---:|".to_string();
    for w in walks {
        header.push_str(&format!(" {w} walks: executions (ratio) | transitions (ratio) | s |"));
        rule.push_str("---:|---:|---:|");
    }
    println!("{header}\n{rule}");
    for program @ (name, args) in &programs {
        let label = super::dpor_bench::label(program);
        let program: Vec<String> = std::iter::once(name.clone()).chain(args.iter().cloned()).collect();
        let stateful = check(&program, &["--por", "none"])?;
        let stateless = check(&program, &["--stateless"])?;
        let complete = |r: &Value| r["stats"]["stop_reason"] == "complete";
        let count = |r: &Value, what: &str| if complete(r) { n(&r["stats"][what]).to_string() } else { format!("> {}", n(&r["stats"][what])) };
        let actual_executions = n(&stateless["stats"]["end_states"]) as f64;
        let actual_transitions = n(&stateless["stats"]["transitions"]) as f64;
        let mut row = format!("| {label} | {} | {} | {} |", count(&stateful, "states_new"), count(&stateless, "end_states"), count(&stateless, "transitions"));
        for w in walks {
            let e = check(&program, &["--estimate", &w.to_string(), "--max-states", "1"])?;
            let e = &e["estimate"];
            let f = |k: &str| e[k].as_f64().unwrap_or(f64::NAN);
            let cell = |mean: f64, error: f64, actual: f64| {
                let ratio = if complete(&stateless) { format!(" ({:.2})", mean / actual) } else { String::new() };
                format!("{} ± {}{ratio}", round(mean), round(error))
            };
            row.push_str(&format!(
                " {} | {} | {:.2} |",
                cell(f("executions"), f("executions_error"), actual_executions),
                cell(f("transitions"), f("transitions_error"), actual_transitions),
                e["elapsed_ms"].as_f64().unwrap_or(0.0) / 1000.0
            ));
        }
        println!("{row}");
    }
    Ok(())
}

/// A count for the table: three significant digits.
fn round(x: f64) -> String {
    if !x.is_finite() {
        return "–".into();
    }
    if x < 1000.0 {
        return format!("{x:.0}");
    }
    let digits = x.log10().floor() as i32;
    let scale = 10f64.powi(digits - 2);
    let r = (x / scale).round() * scale;
    if r < 1e7 {
        format!("{r:.0}")
    } else {
        format!("{r:.2e}")
    }
}
