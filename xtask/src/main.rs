//! `cargo xtask <task>`: project chores that are more than one command.
//!
//! - `soundness [N] [--first F]`: the long soundness run of partial-order reduction — N
//!   random synthetic programs (default 20000) in `jvmc-search` and N/10 random Java
//!   programs (default 2000) through `jvmc check`, every POR algorithm against
//!   unreduced DFS; `--first F` starts the seeds at F (to go on from an earlier run).
//! - `por-bench [--max-time S] [--visible|--only-visible] [--calls N] [--library MODE] [--algorithms A,B] [CLIENT...]`: the POR benchmark table
//!   (`por_bench`).
//! - `liveness-bench [CLIENT...]`: what livelock detection costs (`liveness_bench`).
//! - `library-bench [CLIENT...]`: library calls as atomic steps against exploring the
//!   JDK (`library_bench`).
//! - `dpor-bench [--max-time S] [--engine] [--searches A,B] [PROGRAM...]`: the DPOR family (stateless,
//!   and SDPOR) against stateful and stateless unreduced search; with `--engine`, the
//!   DPOR engine's markers (`dpor_bench`).
//! - `estimate-bench [--max-time S] [--walks A,B] [PROGRAM...]`: how close Knuth's
//!   estimate of the stateless search tree comes to the real one (`estimate_bench`).
//! - `parallel-bench [--workers 1,2] [--repeat N] [CLIENT CALLS ...]`: the parallel
//!   search against one worker on the large POR clients, with a scaling model
//!   (`parallel_bench`).
//! - `rb-characteristics [--max-time S] [--seed N] [PROGRAM...]`: the DFS-RB paper's
//!   Table 1 for `benchmarks/rb/` (`rb_characteristics`).
//! - `rb-compare [--seeds N] [--max-time S] [--jobs J] [--techniques A,B] [--out DIR] [PROGRAM...]`: Section 9's
//!   comparison with tables and Figure 8-style plots (`rb_compare`).
//! - `rb-experiments [--configs all|sample:N|FILE] [--seeds N] [--max-time S]
//!   [--jobs J] [--out DIR] [PROGRAM...]`: the DFS-RB paper's experiment, ranking and
//!   leave-one-out validation (`rb_experiments`, `rb_ranking`).
//! - `pgo [--max-time S] [--jobs J] [--compare N]`: a profile-guided release build of
//!   `jvmc`, trained on the programs under `tests/programs/concurrent` and
//!   `benchmarks/` except `benchmarks/dpor` (`pgo`); written to `target/pgo/jvmc`;
//!   `--compare N` checks it explores what the plain build does and times both.
//! - `paper` and `rb-experiments` run their plans on this machine's cores, or with
//!   `--slurm [--chunk N] [--sbatch-args ARGS] [--no-wait]` as a Slurm job array whose
//!   results `--collect DIR` merges (`batch`); `batch-task PLAN TASK CHUNK` is what
//!   each array task runs. `--resume` continues an interrupted local run: runs whose
//!   output is already in the directory are not run again.

mod batch;
mod dpor_bench;
mod estimate_bench;
mod figure;
mod library_bench;
mod liveness_bench;
mod paper;
mod paper_figures;
mod parallel_bench;
mod pgo;
mod por_bench;
mod rb_characteristics;
mod rb_compare;
mod rb_experiments;
mod rb_ranking;

use std::process::Command;

use anyhow::{bail, Context};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let task = args.next().unwrap_or_default();
    match task.as_str() {
        "soundness" => {
            let (mut n, mut first) = (20_000, None);
            while let Some(a) = args.next() {
                let number = |v: Option<String>, what: &str| -> anyhow::Result<u64> {
                    let v = v.with_context(|| format!("{a} needs {what}"))?;
                    v.parse().with_context(|| format!("not {what}: {v}"))
                };
                match a.as_str() {
                    "--first" => first = Some(number(args.next(), "a seed")?),
                    _ => n = number(Some(a.clone()), "a number of programs")?,
                }
            }
            soundness(n, first)
        }
        "por-bench" => {
            let mut opts = por_bench::Options { max_time: 300, default: true, visible: false, filter: Vec::new(), calls: None, library: None, algorithms: Vec::new() };
            while let Some(a) = args.next() {
                match a.as_str() {
                    "--max-time" => {
                        let v = args.next().context("--max-time needs a number of seconds")?;
                        opts.max_time = v.parse().with_context(|| format!("not a number of seconds: {v}"))?;
                    }
                    "--visible" => opts.visible = true,
                    "--only-visible" => (opts.default, opts.visible) = (false, true),
                    "--calls" => {
                        let v = args.next().context("--calls needs a number")?;
                        opts.calls = Some(v.parse().with_context(|| format!("not a number of calls: {v}"))?);
                    }
                    "--library" => opts.library = Some(args.next().context("--library needs atomic or explore")?),
                    "--algorithms" => opts.algorithms = args.next().context("--algorithms needs a comma-separated list")?.split(',').map(str::to_string).collect(),
                    _ => opts.filter.push(a),
                }
            }
            por_bench::por_bench(&opts)
        }
        "liveness-bench" => liveness_bench::liveness_bench(&args.collect::<Vec<_>>()),
        "library-bench" => library_bench::library_bench(&args.collect::<Vec<_>>()),
        "dpor-bench" => {
            let (mut max_time, mut engine, mut filter, mut searches) = (60, false, Vec::new(), Vec::new());
            while let Some(a) = args.next() {
                match a.as_str() {
                    "--max-time" => {
                        let v = args.next().context("--max-time needs a number of seconds")?;
                        max_time = v.parse().with_context(|| format!("not a number of seconds: {v}"))?;
                    }
                    "--engine" => engine = true,
                    "--searches" => searches.extend(args.next().context("--searches needs a list such as dpor,sdpor")?.split(',').map(str::to_string)),
                    _ => filter.push(a),
                }
            }
            dpor_bench::dpor_bench(max_time, engine, &filter, &searches)
        }
        "estimate-bench" => {
            let (mut max_time, mut walks, mut filter) = (60, vec![100, 1_000, 10_000], Vec::new());
            while let Some(a) = args.next() {
                match a.as_str() {
                    "--max-time" => max_time = args.next().context("--max-time needs a number of seconds")?.parse().context("--max-time needs a number of seconds")?,
                    "--walks" => walks = args.next().context("--walks needs a list")?.split(',').map(str::parse).collect::<Result<_, _>>().context("--walks needs numbers")?,
                    _ => filter.push(a),
                }
            }
            estimate_bench::estimate_bench(max_time, &walks, &filter)
        }
        "batch-task" => {
            let usage = "usage: xtask batch-task PLAN TASK CHUNK (what a Slurm array task runs)";
            let plan = args.next().context(usage)?;
            let task: usize = args.next().context(usage)?.parse().context(usage)?;
            let chunk: usize = args.next().context(usage)?.parse().context(usage)?;
            batch::run_task(std::path::Path::new(&plan), task, chunk)
        }
        "rb-compare" => {
            let mut opts = rb_compare::Options { seeds: 10, max_time: 10, jobs: 2, techniques: Vec::new(), out: None, filter: Vec::new() };
            while let Some(a) = args.next() {
                let mut value = |what: &str| args.next().with_context(|| format!("{a} needs {what}"));
                match a.as_str() {
                    "--seeds" => opts.seeds = value("a number")?.parse().context("--seeds needs a number")?,
                    "--max-time" => opts.max_time = value("a number of seconds")?.parse().context("--max-time needs a number of seconds")?,
                    "--jobs" => opts.jobs = value("a number")?.parse().context("--jobs needs a number")?,
                    "--techniques" => opts.techniques = value("a comma-separated list")?.split(',').map(str::to_string).collect(),
                    "--out" => opts.out = Some(value("a directory")?.into()),
                    _ => opts.filter.push(a),
                }
            }
            rb_compare::rb_compare(&opts)
        }
        "rb-experiments" => {
            let mut opts = rb_experiments::Options { configs: "sample:60".into(), seeds: 5, max_time: 10, jobs: 2, out: None, filter: Vec::new(), executor: batch::Executor::Local { jobs: 2, resume: false }, collect: None };
            let mut cluster = ClusterOptions::default();
            while let Some(a) = args.next() {
                if cluster.parse(&a, &mut args)? {
                    continue;
                }
                let mut value = |what: &str| args.next().with_context(|| format!("{a} needs {what}"));
                match a.as_str() {
                    "--collect" => opts.collect = Some(value("the directory of a plan")?.into()),
                    "--configs" => opts.configs = value("all, sample:N or a file")?,
                    "--seeds" => opts.seeds = value("a number")?.parse().context("--seeds needs a number")?,
                    "--max-time" => opts.max_time = value("a number of seconds")?.parse().context("--max-time needs a number of seconds")?,
                    "--jobs" => opts.jobs = value("a number")?.parse().context("--jobs needs a number")?,
                    "--out" => opts.out = Some(value("a directory")?.into()),
                    _ => opts.filter.push(a),
                }
            }
            opts.executor = cluster.executor(opts.jobs)?;
            rb_experiments::rb_experiments(&opts)
        }
        "paper" => {
            // (`JVMC_BIN` is `release_jvmc`'s)
            let mut opts = paper::Options { quick: false, clients_only: false, jobs: 2, max_time: 60, max_memory: "4G".into(), out: None, algorithms: Vec::new(), jvmc: None, executor: batch::Executor::Local { jobs: 2, resume: false }, collect: None };
            let mut cluster = ClusterOptions::default();
            while let Some(a) = args.next() {
                if cluster.parse(&a, &mut args)? {
                    continue;
                }
                let mut value = |what: &str| args.next().with_context(|| format!("{a} needs {what}"));
                match a.as_str() {
                    "--quick" => opts.quick = true,
                    "--clients-only" => opts.clients_only = true,
                    "--collect" => opts.collect = Some(value("the directory of a plan")?.into()),
                    "--jobs" => opts.jobs = value("a number")?.parse().context("--jobs needs a number")?,
                    "--max-time" => opts.max_time = value("a number of seconds")?.parse().context("--max-time needs a number of seconds")?,
                    "--max-memory" => opts.max_memory = value("a size (e.g. 4G)")?,
                    "--out" => opts.out = Some(value("a directory")?.into()),
                    "--algorithms" => opts.algorithms = value("a comma-separated list")?.split(',').map(str::to_string).collect(),
                    other => anyhow::bail!("paper: unknown option {other}"),
                }
            }
            opts.executor = cluster.executor(opts.jobs)?;
            paper::paper(&opts)
        }
        "parallel-bench" => {
            let (mut workers, mut repeat, mut clients) = (vec![1, 2], 1, Vec::new());
            while let Some(a) = args.next() {
                match a.as_str() {
                    "--workers" => workers = args.next().context("--workers needs a list")?.split(',').map(str::parse).collect::<Result<_, _>>().context("--workers needs numbers")?,
                    "--repeat" => repeat = args.next().context("--repeat needs a number")?.parse().context("--repeat needs a number")?,
                    _ => clients.push(a),
                }
            }
            if workers.first() != Some(&1) {
                anyhow::bail!("parallel-bench: --workers must start with 1 (the baseline)");
            }
            parallel_bench::parallel_bench(&workers, repeat, &clients)
        }
        "pgo" => {
            let mut opts = pgo::Options { max_time: 5, jobs: 2, compare: None };
            while let Some(a) = args.next() {
                let mut value = |what: &str| args.next().with_context(|| format!("{a} needs {what}"));
                match a.as_str() {
                    "--max-time" => opts.max_time = value("a number of seconds")?.parse().context("--max-time needs a number of seconds")?,
                    "--jobs" => opts.jobs = value("a number")?.parse().context("--jobs needs a number")?,
                    "--compare" => opts.compare = Some(value("a number of runs")?.parse().context("--compare needs a number of runs")?),
                    other => bail!("pgo: unknown option {other}"),
                }
            }
            pgo::pgo(&opts).map(|_| ())
        }
        "rb-characteristics" => {
            let (mut max_time, mut seed, mut filter) = (60, 1, Vec::new());
            while let Some(a) = args.next() {
                match a.as_str() {
                    "--max-time" => {
                        let v = args.next().context("--max-time needs a number of seconds")?;
                        max_time = v.parse().with_context(|| format!("not a number of seconds: {v}"))?;
                    }
                    "--seed" => {
                        let v = args.next().context("--seed needs a number")?;
                        seed = v.parse().with_context(|| format!("not a seed: {v}"))?;
                    }
                    _ => filter.push(a),
                }
            }
            rb_characteristics::rb_characteristics(max_time, seed, &filter)
        }
        _ => {
            eprintln!("usage: cargo xtask <task>\n\ntasks:\n  soundness [N] [--first F]\n                  POR against unreduced search on N random synthetic programs and N/10 Java programs, seeds from F\n  por-bench [--max-time S] [--visible|--only-visible] [--calls N] [--library atomic|explore] [--algorithms A,B] [CLIENT...]\n                  the POR benchmark table over benchmarks/por (docs/algorithms/results.md)\n  liveness-bench [CLIENT...]\n                  the cost of livelock detection (docs/algorithms/liveness.md)\n  library-bench [CLIENT...]\n                  library calls atomic vs explored (docs/algorithms/library-calls.md)\n  dpor-bench [--max-time S] [--engine] [--searches A,B] [PROGRAM...]\n                  the DPOR family (stateless and SDPOR) against unreduced search (docs/algorithms/sdpor.md, optimal-dpor.md);\n                  --engine: the DPOR engine's markers (docs/algorithms/dpor-engine.md)\n  estimate-bench [--max-time S] [--walks A,B] [PROGRAM...]\n                  Knuth's estimate of the stateless search tree against the real one (docs/algorithms/estimation.md)\n  paper [--quick] [--clients-only] [--jobs J] [--max-time S] [--max-memory SIZE] [--algorithms A,B] [--out DIR] [--slurm [--chunk N] [--sbatch-args ARGS] [--no-wait]] [--resume] [--collect DIR]
                  the stateful POR paper's evaluation: generated clients (75 correct, 310 buggy), runs, CSV/JSON, figures (xtask/src/paper.rs)
  parallel-bench [--workers 1,2] [--repeat N] [CLIENT CALLS ...]\n                  the parallel search against one worker on the large POR clients, with a scaling model (docs/algorithms/parallel.md)\n  pgo [--max-time S] [--jobs J] [--compare N]\n                  a profile-guided release build of jvmc, trained on the test and benchmark programs except benchmarks/dpor: target/pgo/jvmc;\n                  --compare N: the same counts as the plain release build on benchmarks/dpor, and both timed (docs/algorithms/optimal-dpor.md)\n  rb-characteristics [--max-time S] [--seed N] [PROGRAM...]\n                  the DFS-RB paper's Table 1 for benchmarks/rb (docs/algorithms/dfs-rb.md)\n  rb-compare [--seeds N] [--max-time S] [--jobs J] [--techniques A,B] [--out DIR] [PROGRAM...]\n                  Section 9: DFS-RB against and with other techniques, tables and plots (docs/algorithms/dfs-rb.md)\n  rb-experiments [--configs all|sample:N|FILE] [--seeds N] [--max-time S] [--jobs J] [--out DIR] [--slurm ...] [--resume] [--collect DIR] [PROGRAM...]\n                  DFS-RB configurations x benchmarks x seeds, the ranking and leave-one-out (docs/algorithms/dfs-rb.md)");
            std::process::exit(2);
        }
    }
}

/// The options that send an experiment's runs to Slurm (`batch.rs`): `--slurm`,
/// `--chunk N` (runs per array task, default 20), `--sbatch-args "ARGS"`, `--no-wait`;
/// and `--resume`, which keeps the outputs of an interrupted local run.
#[derive(Default)]
struct ClusterOptions {
    slurm: bool,
    resume: bool,
    chunk: Option<usize>,
    sbatch_args: String,
    no_wait: bool,
}

impl ClusterOptions {
    /// Takes `arg` (and its value from `rest`) if it is one of these options.
    fn parse(&mut self, arg: &str, rest: &mut impl Iterator<Item = String>) -> anyhow::Result<bool> {
        match arg {
            "--slurm" => self.slurm = true,
            "--resume" => self.resume = true,
            "--no-wait" => self.no_wait = true,
            "--chunk" => self.chunk = Some(rest.next().context("--chunk needs a number of runs")?.parse().context("--chunk needs a number of runs")?),
            "--sbatch-args" => self.sbatch_args = rest.next().context("--sbatch-args needs the arguments, quoted")?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Where the runs go: Slurm if `--slurm` was given, else `jobs` at a time here.
    fn executor(&self, jobs: usize) -> anyhow::Result<batch::Executor> {
        if !self.slurm {
            return Ok(batch::Executor::Local { jobs, resume: self.resume });
        }
        if self.resume {
            bail!("--resume continues a local run; a Slurm run's results are merged with --collect");
        }
        let sbatch_args = self.sbatch_args.split_whitespace().map(String::from).collect();
        Ok(batch::Executor::Slurm { chunk: self.chunk.unwrap_or(20).max(1), sbatch_args, wait: !self.no_wait })
    }
}

/// `cargo xtask soundness [N] [--first F]`: every seed range starts at `F` when given
/// (else synthetic programs at 0, Java programs at 1), so a long run can be split
/// into pieces that go on where the last stopped.
fn soundness(n: u64, first: Option<u64>) -> anyhow::Result<()> {
    let with_first = |cmd: &mut Command| {
        if let Some(f) = first {
            cmd.env("JVMC_POR_FIRST_SEED", f.to_string());
        }
    };
    let mut synthetic = Command::new("cargo");
    synthetic.args(["test", "--release", "-p", "jvmc-search", "soundness_long_run", "--", "--ignored", "--nocapture"]).env("JVMC_POR_SEEDS", n.to_string());
    let mut blocking = Command::new("cargo");
    blocking
        .args(["test", "--release", "-p", "jvmc-search", "--lib", "--", "sound_on_programs_with_monitors", "sound_on_programs_that_wait"])
        .env("JVMC_MONITOR_PROGRAMS", (n / 4).max(1).to_string())
        .env("JVMC_WAITING_PROGRAMS", (n / 4).max(1).to_string());
    let mut java = Command::new("cargo");
    java.args(["nextest", "run", "--release", "-p", "jvmc", "--test", "por_soundness", "--no-fail-fast"]).env("JVMC_POR_PROGRAMS", (n / 10).max(1).to_string());
    for cmd in [&mut synthetic, &mut blocking, &mut java] {
        with_first(cmd);
        run(cmd)?;
    }
    Ok(())
}

/// The workspace root.
fn workspace_root() -> anyhow::Result<std::path::PathBuf> {
    Ok(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().context("the workspace root")?.to_path_buf())
}

/// Builds the release `jvmc` of the workspace at `root`; returns its path. With
/// `JVMC_BIN` set, that binary instead (e.g. `target/pgo/jvmc` from `cargo xtask pgo`),
/// made absolute (Slurm tasks run it from elsewhere).
fn release_jvmc(root: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    if let Some(bin) = std::env::var_os("JVMC_BIN") {
        let bin = std::path::PathBuf::from(bin);
        if !bin.is_file() {
            bail!("JVMC_BIN names no file: {}", bin.display());
        }
        return Ok(std::path::absolute(bin)?);
    }
    build_release_jvmc(root)
}

/// Builds the plain release `jvmc` of the workspace at `root`; returns its path.
fn build_release_jvmc(root: &std::path::Path) -> anyhow::Result<std::path::PathBuf> {
    run(Command::new("cargo").args(["build", "--release", "-p", "jvmc"]).current_dir(root))?;
    Ok(root.join("target/release/jvmc"))
}

/// Runs a `jvmc check --json -` command and parses its report; `what` names the run
/// in the error when there is no report (with the first lines jvmc printed).
fn json_report(cmd: &mut Command, what: &str) -> anyhow::Result<serde_json::Value> {
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    serde_json::from_slice(&out.stdout).with_context(|| format!("{what}: no JSON report ({})", String::from_utf8_lossy(&out.stderr).trim()))
}

/// The median of `v` (the upper one of an even count); `v` must not be empty.
fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn run(cmd: &mut Command) -> anyhow::Result<()> {
    let status = cmd.status().with_context(|| format!("running {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed: {status}");
    }
    Ok(())
}

/// `work` on every job, `workers` jobs at a time (the experiments' runs are
/// independent processes); the results in the jobs' order.
fn in_parallel<J: Sync, R: Send>(jobs: &[J], workers: usize, work: impl Fn(&J) -> R + Sync) -> anyhow::Result<Vec<R>> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<R>>> = std::sync::Mutex::new(jobs.iter().map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            scope.spawn(|| {
                let mut i = next.fetch_add(1, Ordering::Relaxed);
                while let Some(job) = jobs.get(i) {
                    let result = work(job);
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(result);
                    }
                    i = next.fetch_add(1, Ordering::Relaxed);
                }
            });
        }
    });
    let results = results.into_inner().map_err(|_| anyhow::anyhow!("a job thread panicked"))?;
    results.into_iter().collect::<Option<Vec<R>>>().context("a job thread panicked")
}
