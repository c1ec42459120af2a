//! Experiment plans and where they run: on this machine's cores, or as a Slurm job
//! array (issue 14, item 2).
//!
//! An experiment (`paper`, `rb-experiments`) turns its matrix into a [`Plan`]: one
//! command line per run, with labels the experiment reads back (which client, which
//! algorithm). [`execute`] writes the plan to `DIR/plan.json` and runs it:
//! - **locally** (`Executor::Local`): `jobs` runs at a time on this machine, each
//!   run's output written to `DIR/results/run-N.json` as soon as it is done; with
//!   `resume`, the outputs already there of runs whose command line the new plan
//!   repeats are kept and only the rest run (an evaluation of hours survives an
//!   interruption: run the same command again with `--resume`);
//! - **on Slurm** (`Executor::Slurm`): the runs are cut into chunks, `DIR/job.sh` is a
//!   batch script for `sbatch --array=0-(chunks-1)`, and every array task runs
//!   `xtask batch-task DIR/plan.json TASK CHUNK` — its chunk, one run after the other —
//!   writing `DIR/results/task-TASK.json`. `sbatch --wait` blocks until the array is
//!   done (or, with `wait: false`, the plan is left to run and [`collect`] merges it
//!   later: `cargo xtask paper --collect DIR`).
//!
//! Either way a run's output is the same [`RunOutput`] (exit status, standard output,
//! the first lines of standard error, wall time), so what an experiment draws from
//! merged Slurm results equals what it draws from a local run of the same plan.
//! [`collect`] insists that every run has exactly one result. The cluster must share
//! the file system that holds `DIR`, the `xtask` binary and the programs the runs
//! name (absolute paths), as clusters usually do.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One run: a command line and the experiment's labels for it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct PlannedRun {
    /// the program (an absolute path) and its arguments
    pub argv: Vec<String>,
    /// what the run is, for the experiment that reads its output back
    pub labels: Value,
}

/// The runs of an experiment.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Plan {
    /// the experiment (`paper`, `rb-experiments`)
    pub name: String,
    pub runs: Vec<PlannedRun>,
}

/// What one run did.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunOutput {
    /// its index in the plan
    pub run: usize,
    /// exit status (`None`: killed by a signal, or it could not start)
    pub code: Option<i32>,
    pub stdout: String,
    /// the first lines of standard error (the reason a run failed)
    pub stderr: String,
    pub wall_ms: u64,
}

/// Where a plan runs.
#[derive(Clone, Debug, PartialEq)]
pub enum Executor {
    /// this machine, `jobs` runs at a time; `resume` keeps the outputs of an earlier
    /// run of the same command lines in the directory
    Local { jobs: usize, resume: bool },
    /// a Slurm job array: `chunk` runs per array task, `sbatch_args` passed to
    /// `sbatch` (a partition, an account, a time limit), and whether to wait for it
    Slurm { chunk: usize, sbatch_args: Vec<String>, wait: bool },
}

/// A local run reports its progress every this many runs.
const PROGRESS_EVERY: usize = 50;

/// Lines of standard error kept per run.
const STDERR_LINES: usize = 5;

/// Runs one planned command and records what it did.
fn run_one(index: usize, run: &PlannedRun) -> RunOutput {
    let started = Instant::now();
    let out = match run.argv.split_first() {
        Some((program, args)) => Command::new(program).args(args).output(),
        None => Err(std::io::Error::other("an empty command line")),
    };
    let wall_ms = started.elapsed().as_millis() as u64;
    match out {
        Ok(o) => RunOutput {
            run: index,
            code: o.status.code(),
            stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&o.stderr).lines().take(STDERR_LINES).collect::<Vec<_>>().join("\n"),
            wall_ms,
        },
        Err(e) => RunOutput { run: index, code: None, stdout: String::new(), stderr: format!("could not run {:?}: {e}", run.argv.first()), wall_ms },
    }
}

/// Writes `plan` to `dir/plan.json` and runs it with `executor`; the outputs in plan
/// order (`None` if it was submitted without waiting).
pub fn execute(plan: &Plan, dir: &Path, executor: &Executor) -> anyhow::Result<Option<Vec<RunOutput>>> {
    std::fs::create_dir_all(dir)?;
    let plan_path = dir.join("plan.json");
    let earlier = match executor {
        Executor::Local { resume: true, .. } => earlier_outputs(dir, plan)?,
        _ => vec![None; plan.runs.len()],
    };
    std::fs::write(&plan_path, serde_json::to_string_pretty(plan)? + "\n")?;
    match executor {
        Executor::Local { jobs, .. } => {
            let results = fresh_results(dir)?;
            for o in earlier.iter().flatten() {
                write_whole(&run_file(dir, o.run), std::slice::from_ref(o))?;
            }
            let kept = earlier.iter().flatten().count();
            if kept > 0 {
                eprintln!("{}: {kept} of {} runs done before ({}), running the rest", plan.name, plan.runs.len(), results.display());
            }
            let todo: Vec<(usize, &PlannedRun)> = plan.runs.iter().enumerate().filter(|(i, _)| earlier[*i].is_none()).collect();
            let finished = std::sync::atomic::AtomicUsize::new(kept);
            let started = Instant::now();
            let done = super::in_parallel(&todo, *jobs, |&(i, run)| {
                let o = run_one(i, run);
                let n = finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if n % PROGRESS_EVERY == 0 {
                    eprintln!("{}: {n} of {} runs done ({} s)", plan.name, plan.runs.len(), started.elapsed().as_secs());
                }
                write_whole(&run_file(dir, i), std::slice::from_ref(&o)).map(|()| o)
            })?;
            let mut slots = earlier;
            for o in done {
                let o = o?;
                let i = o.run;
                slots[i] = Some(o);
            }
            Ok(Some(slots.into_iter().flatten().collect()))
        }
        Executor::Slurm { chunk, sbatch_args, wait } => {
            fresh_results(dir)?;
            std::fs::create_dir_all(dir.join("logs"))?;
            let tasks = plan.runs.len().div_ceil(*chunk);
            if tasks == 0 {
                return Ok(Some(Vec::new()));
            }
            let xtask = std::env::current_exe().context("the xtask binary")?;
            let script = job_script(&plan.name, &xtask, &std::path::absolute(&plan_path)?, &std::path::absolute(dir)?, tasks, *chunk);
            let script_path = dir.join("job.sh");
            std::fs::write(&script_path, script)?;
            let mut sbatch = Command::new("sbatch");
            sbatch.args(sbatch_args);
            if *wait {
                sbatch.arg("--wait");
            }
            sbatch.arg(&script_path);
            eprintln!("{}: {} runs in {tasks} Slurm array tasks of {chunk} ({})", plan.name, plan.runs.len(), script_path.display());
            let status = sbatch.status().context("running sbatch (is Slurm installed and its controller up?)")?;
            if !status.success() {
                bail!("sbatch failed ({status}); the tasks' logs are in {}", dir.join("logs").display());
            }
            if !*wait {
                eprintln!("{}: submitted; when the array is done, merge with --collect {}", plan.name, dir.display());
                return Ok(None);
            }
            Ok(Some(collect(dir)?.1))
        }
    }
}

/// The batch script of a plan's job array.
fn job_script(name: &str, xtask: &Path, plan: &Path, dir: &Path, tasks: usize, chunk: usize) -> String {
    format!(
        "#!/bin/sh\n#SBATCH --job-name=jvmc-{name}\n#SBATCH --array=0-{last}\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n#SBATCH --output={logs}/task-%a.out\nexec '{xtask}' batch-task '{plan}' \"$SLURM_ARRAY_TASK_ID\" {chunk}\n",
        last = tasks - 1,
        logs = dir.join("logs").display(),
        xtask = xtask.display(),
        plan = plan.display(),
    )
}

/// Empties (or creates) `dir/results`; returns its path.
fn fresh_results(dir: &Path) -> anyhow::Result<PathBuf> {
    let results = dir.join("results");
    if results.exists() {
        std::fs::remove_dir_all(&results)?;
    }
    std::fs::create_dir_all(&results)?;
    Ok(results)
}

/// The outputs an earlier run of a plan left in `dir`, renumbered to `plan`'s runs:
/// each output goes to a run of `plan` with the command line it was run with (one
/// output per run; outputs of command lines `plan` does not have are dropped).
/// Nothing if `dir` has no plan.
fn earlier_outputs(dir: &Path, plan: &Plan) -> anyhow::Result<Vec<Option<RunOutput>>> {
    let mut slots: Vec<Option<RunOutput>> = vec![None; plan.runs.len()];
    let Ok(text) = std::fs::read_to_string(dir.join("plan.json")) else {
        return Ok(slots);
    };
    let old: Plan = serde_json::from_str(&text).with_context(|| format!("reading {}", dir.join("plan.json").display()))?;
    let mut by_argv: std::collections::HashMap<&[String], Vec<usize>> = std::collections::HashMap::new();
    for (i, run) in plan.runs.iter().enumerate().rev() {
        by_argv.entry(run.argv.as_slice()).or_default().push(i);
    }
    for output in result_files(dir)?.into_iter().flat_map(|(_, outputs)| outputs) {
        let Some(argv) = old.runs.get(output.run).map(|r| r.argv.as_slice()) else { continue };
        if let Some(index) = by_argv.get_mut(argv).and_then(Vec::pop) {
            slots[index] = Some(RunOutput { run: index, ..output });
        }
    }
    Ok(slots)
}

/// Every result file in `dir/results` (none if it does not exist), in name order.
fn result_files(dir: &Path) -> anyhow::Result<Vec<(PathBuf, Vec<RunOutput>)>> {
    let results = dir.join("results");
    if !results.exists() {
        return Ok(Vec::new());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&results)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
    entries.sort();
    entries
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let outputs = serde_json::from_str(&std::fs::read_to_string(&path)?).with_context(|| format!("reading {}", path.display()))?;
            Ok((path, outputs))
        })
        .collect()
}

/// Writes `outputs` to `path` whole: to a temporary file first, then renamed, so a
/// result file that exists is complete.
fn write_whole(path: &Path, outputs: &[RunOutput]) -> anyhow::Result<()> {
    let temporary = path.with_extension("json.partial");
    std::fs::write(&temporary, serde_json::to_string(outputs)? + "\n")?;
    std::fs::rename(&temporary, path)?;
    Ok(())
}

/// The file a local run writes its output to.
fn run_file(dir: &Path, run: usize) -> PathBuf {
    dir.join("results").join(format!("run-{run:05}.json"))
}

/// The file an array task writes its outputs to.
fn task_file(dir: &Path, task: usize) -> PathBuf {
    dir.join("results").join(format!("task-{task:05}.json"))
}

/// `xtask batch-task PLAN TASK CHUNK`: runs chunk `task` of the plan at `plan_path`
/// (runs `task * chunk ..`), one after the other, and writes their outputs next to
/// the plan (written to a temporary file, then renamed: a file that exists is whole).
pub fn run_task(plan_path: &Path, task: usize, chunk: usize) -> anyhow::Result<()> {
    let plan: Plan = serde_json::from_str(&std::fs::read_to_string(plan_path).with_context(|| format!("reading {}", plan_path.display()))?)?;
    let dir = plan_path.parent().context("the plan's directory")?;
    let first = task * chunk;
    let outputs: Vec<RunOutput> = plan.runs.iter().enumerate().skip(first).take(chunk).map(|(i, run)| run_one(i, run)).collect();
    write_whole(&task_file(dir, task), &outputs)
}

/// Merges the task files of the plan in `dir`: the plan and every run's output, in
/// plan order. Fails, naming them, if some runs have no output or more than one.
pub fn collect(dir: &Path) -> anyhow::Result<(Plan, Vec<RunOutput>)> {
    let plan: Plan = serde_json::from_str(&std::fs::read_to_string(dir.join("plan.json")).with_context(|| format!("no plan in {}", dir.display()))?)?;
    let mut slots: Vec<Option<RunOutput>> = vec![None; plan.runs.len()];
    for (path, outputs) in result_files(dir)? {
        for o in outputs {
            let index = o.run;
            match slots.get_mut(index) {
                Some(slot @ None) => *slot = Some(o),
                Some(Some(_)) => bail!("run {index} has two results ({})", path.display()),
                None => bail!("{} has run {index}, but the plan has {} runs", path.display(), plan.runs.len()),
            }
        }
    }
    let missing: Vec<usize> = slots.iter().enumerate().filter(|(_, s)| s.is_none()).map(|(i, _)| i).collect();
    if !missing.is_empty() {
        let shown: Vec<String> = missing.iter().take(10).map(usize::to_string).collect();
        bail!("{} of {} runs have no result yet (runs {}{}); see {}", missing.len(), plan.runs.len(), shown.join(", "), if missing.len() > 10 { ", …" } else { "" }, dir.join("logs").display());
    }
    Ok((plan, slots.into_iter().flatten().collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(n: usize) -> Plan {
        Plan { name: "test".into(), runs: (0..n).map(|i| PlannedRun { argv: vec!["/bin/sh".into(), "-c".into(), format!("echo run {i}; echo oops >&2; exit {}", i % 3)], labels: serde_json::json!({ "i": i }) }).collect() }
    }

    #[test]
    fn chunks_run_as_array_tasks_merge_into_what_a_local_run_gives() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = plan(7);
        let local = execute(&p, dir.path(), &Executor::Local { jobs: 2, resume: false }).expect("runs").expect("waited");
        fresh_results(dir.path()).expect("results dir");
        // what the array tasks do: 3 tasks of 3 runs, the last one short
        for task in [2, 0, 1] {
            run_task(&dir.path().join("plan.json"), task, 3).expect("a task");
        }
        let (read, merged) = collect(dir.path()).expect("merged");
        assert_eq!(read, p);
        let strip = |v: &[RunOutput]| v.iter().map(|o| (o.run, o.code, o.stdout.clone(), o.stderr.clone())).collect::<Vec<_>>();
        assert_eq!(strip(&merged), strip(&local));
        assert_eq!(merged[4].stdout, "run 4\n");
        assert_eq!((merged[4].code, merged[4].stderr.as_str()), (Some(1), "oops"));
    }

    #[test]
    fn a_resumed_local_run_keeps_the_outputs_of_the_command_lines_it_repeats() {
        let dir = tempfile::tempdir().expect("temp dir");
        let first = plan(4);
        execute(&first, dir.path(), &Executor::Local { jobs: 2, resume: false }).expect("runs");
        // mark what must be kept, and lose run 2 as an interrupted run would
        for i in [0, 1, 3] {
            let mut o: Vec<RunOutput> = serde_json::from_str(&std::fs::read_to_string(run_file(dir.path(), i)).expect("result")).expect("json");
            o[0].stdout = format!("kept {i}\n");
            write_whole(&run_file(dir.path(), i), &o).expect("write");
        }
        std::fs::remove_file(run_file(dir.path(), 2)).expect("remove");
        // the new plan: run 3 first, then runs 0-2, then one new command line
        let five = plan(5);
        let second = Plan { name: five.name.clone(), runs: [3, 0, 1, 2, 4].map(|i| five.runs[i].clone()).to_vec() };
        let outputs = execute(&second, dir.path(), &Executor::Local { jobs: 2, resume: true }).expect("runs").expect("waited");
        let stdout: Vec<&str> = outputs.iter().map(|o| o.stdout.as_str()).collect();
        assert_eq!(stdout, ["kept 3\n", "kept 0\n", "kept 1\n", "run 2\n", "run 4\n"]);
        assert_eq!(outputs.iter().map(|o| o.run).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        // what the directory holds now is the new plan's, whole
        let (read, merged) = collect(dir.path()).expect("merged");
        assert_eq!(read, second);
        assert_eq!(merged, outputs);
        // without --resume everything runs again
        let again = execute(&second, dir.path(), &Executor::Local { jobs: 2, resume: false }).expect("runs").expect("waited");
        assert_eq!(again[0].stdout, "run 3\n");
    }

    #[test]
    fn collect_names_missing_and_doubled_runs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let p = plan(5);
        std::fs::write(dir.path().join("plan.json"), serde_json::to_string(&p).expect("json")).expect("plan");
        std::fs::create_dir_all(dir.path().join("results")).expect("results dir");
        run_task(&dir.path().join("plan.json"), 0, 2).expect("a task");
        let e = collect(dir.path()).expect_err("runs 2-4 missing").to_string();
        assert!(e.contains("3 of 5 runs have no result yet (runs 2, 3, 4)"), "{e}");
        run_task(&dir.path().join("plan.json"), 1, 2).expect("a task");
        run_task(&dir.path().join("plan.json"), 2, 2).expect("a task");
        std::fs::copy(task_file(dir.path(), 0), dir.path().join("results/task-copy.json")).expect("copy");
        let e = collect(dir.path()).expect_err("run 0 twice").to_string();
        assert!(e.contains("run 0 has two results"), "{e}");
    }

    #[test]
    fn the_job_script_runs_one_chunk_per_array_task() {
        let s = job_script("paper", Path::new("/x/xtask"), Path::new("/d/plan.json"), Path::new("/d"), 4, 25);
        assert!(s.contains("#SBATCH --array=0-3\n"), "{s}");
        assert!(s.contains("exec '/x/xtask' batch-task '/d/plan.json' \"$SLURM_ARRAY_TASK_ID\" 25\n"), "{s}");
        assert!(s.contains("#SBATCH --output=/d/logs/task-%a.out"), "{s}");
    }
}
