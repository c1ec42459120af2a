//! `cargo xtask parallel-bench [--workers 1,2] [--repeat N] [CLIENT CALLS ...]`: the
//! parallel search (`jvmc check --workers N`) against one worker on the large clients
//! of `benchmarks/por` — the table and the scaling model of
//! `docs/algorithms/parallel.md`.
//!
//! Each client runs with the default options (livelock detection included) but
//! `--por none` — unreduced search, whose counts repeat on any number of workers, where
//! those of the default `sleep` vary a little — once per worker count, repeated `--repeat` times (the fastest run counts), one
//! process at a time. A run must count exactly the states, transitions and end states
//! of the one-worker run, or the task fails. Printed: one markdown row per client —
//! states, the time per worker count, the speedup over one worker, the share of
//! lookups of the shared visited set that found their shard locked, and the share of
//! transitions replayed to hand work over — then the geometric mean of the speedups
//! and the scaling model (see [`model`]).

use std::process::Command;

use anyhow::bail;
use serde_json::Value;

/// The large clients: sequential searches of a few seconds to a minute.
const CLIENTS: &[(&str, &str)] = &[
    ("CasBstSetHigh", "5"),
    ("ChmHigh", "5"),
    ("ChmSetHigh", "5"),
    ("ClqSetHigh", "5"),
    ("LazyListSetHigh", "3"),
    ("LockedHashMapHigh", "5"),
    ("RwLockListSetHigh", "5"),
];

/// One run's numbers.
struct Measured {
    seconds: f64,
    counts: [u64; 3],
    lookups: u64,
    contended: u64,
    replayed: u64,
    transitions: u64,
}

/// Runs the table (see the module docs). `clients`: pairs of client and number of
/// calls; empty: [`CLIENTS`].
pub fn parallel_bench(workers: &[usize], repeat: usize, clients: &[String]) -> anyhow::Result<()> {
    let root = super::workspace_root()?;
    let jvmc = super::release_jvmc(&root)?;
    let classes = root.join("target/parallel-bench/classes");
    std::fs::create_dir_all(&classes)?;
    let mut javac = Command::new("javac");
    javac.arg("-d").arg(&classes);
    for entry in std::fs::read_dir(root.join("benchmarks/por"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "java") {
            javac.arg(path);
        }
    }
    super::run(&mut javac)?;
    let chosen: Vec<(String, String)> = if clients.is_empty() {
        CLIENTS.iter().map(|&(c, n)| (c.to_string(), n.to_string())).collect()
    } else if clients.len() % 2 == 0 {
        clients.chunks(2).map(|p| (p[0].clone(), p[1].clone())).collect()
    } else {
        bail!("parallel-bench: give clients as pairs CLIENT CALLS");
    };
    let run = |client: &str, calls: &str, w: usize| -> anyhow::Result<Measured> {
        let mut cmd = Command::new(&jvmc);
        cmd.args(["check", "--json", "-", "--por", "none", "--workers"]).arg(w.to_string()).arg("--cp").arg(&classes).args([client, calls]);
        let j = super::json_report(&mut cmd, &format!("{client} {calls} --workers {w}"))?;
        let n = |v: &Value| v.as_u64().unwrap_or(0);
        let s = &j["stats"];
        if s["stop_reason"] != "complete" {
            bail!("{client} {calls} --workers {w}: stopped ({})", s["stop_reason"]);
        }
        Ok(Measured {
            seconds: n(&s["elapsed_ms"]) as f64 / 1000.0,
            counts: [n(&s["states_new"]), n(&s["transitions"]), n(&s["end_states"])],
            lookups: n(&s["parallel"]["lookups"]),
            contended: n(&s["parallel"]["contended"]),
            replayed: n(&s["parallel"]["replayed_transitions"]),
            transitions: n(&s["transitions"]),
        })
    };
    let mut header = "| client | states |".to_string();
    let mut rule = "|---|---:|".to_string();
    for w in workers {
        header.push_str(&format!(" {w} worker{} (s) |", if *w == 1 { "" } else { "s" }));
        rule.push_str("---:|");
    }
    for w in workers.iter().skip(1) {
        header.push_str(&format!(" speedup {w} | locked lookups {w} | replayed {w} |"));
        rule.push_str("---:|---:|---:|");
    }
    println!("{header}\n{rule}");
    let mut speedups: Vec<Vec<f64>> = vec![Vec::new(); workers.len()];
    let mut locked: Vec<Vec<f64>> = vec![Vec::new(); workers.len()];
    for (client, calls) in &chosen {
        let mut best: Vec<Measured> = Vec::new();
        for &w in workers {
            let mut fastest: Option<Measured> = None;
            for _ in 0..repeat.max(1) {
                let m = run(client, calls, w)?;
                if fastest.as_ref().is_none_or(|f| m.seconds < f.seconds) {
                    fastest = Some(m);
                }
            }
            best.extend(fastest);
        }
        for m in &best[1..] {
            if m.counts != best[0].counts {
                bail!("{client} {calls}: {:?} (states, transitions, end states) with one worker count, {:?} with more", best[0].counts, m.counts);
            }
        }
        let mut row = format!("| {client} {calls} | {} |", best[0].counts[0]);
        for m in &best {
            row.push_str(&format!(" {:.2} |", m.seconds));
        }
        for (i, m) in best.iter().enumerate().skip(1) {
            let speedup = best[0].seconds / m.seconds;
            let share = |part: u64, whole: u64| if whole > 0 { part as f64 / whole as f64 } else { 0.0 };
            speedups[i].push(speedup);
            locked[i].push(share(m.contended, m.lookups));
            row.push_str(&format!(" {speedup:.2}× | {:.3}% | {:.2}% |", 100.0 * share(m.contended, m.lookups), 100.0 * share(m.replayed, m.transitions)));
        }
        println!("{row}");
    }
    println!();
    for (i, w) in workers.iter().enumerate().skip(1) {
        let geo = (speedups[i].iter().map(|s| s.ln()).sum::<f64>() / speedups[i].len().max(1) as f64).exp();
        let contention = locked[i].iter().sum::<f64>() / locked[i].len().max(1) as f64;
        println!("geometric mean speedup with {w} workers: {geo:.2}×; mean share of locked lookups {:.3}%", 100.0 * contention);
        println!("{}", model(*w, geo, contention));
    }
    Ok(())
}

/// The scaling curve up to 16 cores from a measured speedup `speedup` on `w` workers
/// and the measured share `locked` of lookups that found their shard locked.
///
/// Amdahl's law with a serial fraction `σ` fitted to the measurement,
/// `S(n) = n / (1 + σ (n − 1))`, lumps together everything that does not run in
/// parallel: handing work over (replays), the pooled locking discipline, waiting
/// for a locked shard, and the memory bandwidth the workers share. The shard locks'
/// own part is bounded from the contention measured: with `n` workers a lookup finds
/// its shard locked with probability about `1 − (1 − p)^(n − 1)`, `p` the share
/// measured on `w` workers divided by `w − 1`; shown for 16 workers, it says how much
/// of `σ` a lock-free table could remove.
fn model(w: usize, speedup: f64, locked: f64) -> String {
    let n = w as f64;
    let sigma = ((n / speedup - 1.0) / (n - 1.0)).max(0.0);
    let at = |k: f64| k / (1.0 + sigma * (k - 1.0));
    let p = locked / (n - 1.0);
    let locked16 = 1.0 - (1.0 - p).powf(15.0);
    format!(
        "model: serial fraction σ = {sigma:.3}; predicted speedup 4 workers {:.2}×, 8 workers {:.2}×, 16 workers {:.2}×; at 16 workers {:.2}% of lookups would find their shard locked",
        at(4.0),
        at(8.0),
        at(16.0),
        100.0 * locked16
    )
}
