//! `cargo xtask pgo [--max-time S] [--jobs J] [--compare N]`: a profile-guided
//! release build of `jvmc` (rustc's `-Cprofile-generate` / `-Cprofile-use`), written
//! to `target/pgo/jvmc`.
//!
//! The interpreter and the search are a large, branchy hot loop whose layout and
//! inlining LLVM decides better from measured branch and call counts than from its
//! heuristics. The task builds an instrumented `jvmc` (`target/pgo/gen`), runs it on a
//! training set, merges the counts with the toolchain's `llvm-profdata` (rustup's
//! `llvm-tools` component, added if missing) and builds again with them
//! (`target/pgo/use`).
//!
//! The training set is every program with a `main` under `tests/programs/concurrent`,
//! `benchmarks/concurrent`, `benchmarks/por` and `benchmarks/rb`, each checked with
//! [`SEARCHES`] for at most `--max-time` seconds (default 5). It leaves out
//! `benchmarks/dpor` on purpose: those are the programs the throughput of the
//! stateless DPOR family is measured on (`docs/algorithms/optimal-dpor.md`), so the
//! profile is not fitted to them. A training run that finds a bug in its program or
//! stops at its limit is as good as any (exit status 0, 1 or 3); one that ends
//! otherwise — an input or internal error, a panic, a signal — is a bug of jvmc's,
//! so the training doubles as a crash test: the task lists every such run with the
//! end of its error output and fails (after finishing the build).
//!
//! The profile changes code layout and inlining, never what jvmc computes: the same
//! inputs explore the same states in the same order with either binary. `--compare
//! N` checks that on the programs of `benchmarks/dpor` ([`COMPARED`]: under the
//! stateless DPOR family and the default search): it runs the plain release build and the
//! profile-guided one alternately `N` times each, fails unless both report the same
//! verdict, states, transitions and executions, and prints each pair's median times
//! and their ratio (measured in that one run: the benchmark of the build).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context};

/// Where the training programs are, relative to the workspace root.
const TRAINING_SOURCES: &[&str] = &["tests/programs/concurrent", "benchmarks/concurrent", "benchmarks/por", "benchmarks/rb"];

/// The searches every training program is checked with: the default stateful search,
/// a stateful POR algorithm and two stateless DPOR algorithms.
const SEARCHES: &[&[&str]] = &[&[], &["--por", "dl-spor"], &["--por", "optimal-dpor"], &["--por", "source-dpor"]];

/// What `pgo` was asked for.
pub struct Options {
    /// the time limit of one training run, in seconds
    pub max_time: u64,
    /// training runs at a time
    pub jobs: usize,
    /// after the build, compare it with the plain release build, alternating this
    /// many runs of each (`None`: no comparison)
    pub compare: Option<usize>,
}

/// The runs `--compare` makes: a program of `benchmarks/dpor`, its argument, the
/// search (a label and its options): the stateless DPOR family at the sizes
/// `docs/algorithms/optimal-dpor.md` measures, and the default stateful search.
const COMPARED: &[(&str, &str, &str, &[&str])] = &[
    ("BoundedBuffer", "2", "optimal-dpor", &["--por", "optimal-dpor"]),
    ("Readers", "13", "optimal-dpor", &["--por", "optimal-dpor"]),
    ("LastZero", "8", "optimal-dpor", &["--por", "optimal-dpor"]),
    ("Indexer", "13", "optimal-dpor", &["--por", "optimal-dpor"]),
    ("BoundedBuffer", "2", "source-dpor", &["--por", "source-dpor"]),
    ("BoundedBuffer", "2", "default", &[]),
    ("LastZero", "6", "default", &[]),
];

/// Builds `target/pgo/jvmc` (see the module docs); returns its path.
pub fn pgo(opts: &Options) -> anyhow::Result<PathBuf> {
    let root = super::workspace_root()?;
    let dir = root.join("target/pgo");
    let raw = dir.join("profiles");
    let merged = dir.join("jvmc.profdata");
    let profdata = llvm_profdata()?;
    // counts from an earlier build would not match this one's code
    if raw.exists() {
        std::fs::remove_dir_all(&raw).with_context(|| format!("removing {}", raw.display()))?;
    }
    std::fs::create_dir_all(&raw)?;
    let generating = build(&root, &dir.join("gen"), &format!("-Cprofile-generate={}", raw.display()))?;
    let runs = training_runs(&root, &dir.join("classes"))?;
    eprintln!("pgo: {} training runs ({} s each at most, {} at a time)", runs.len(), opts.max_time, opts.jobs);
    let max_time = format!("{}s", opts.max_time);
    let finished = super::in_parallel(&runs, opts.jobs, |r| {
        let mut cmd = Command::new(&generating);
        cmd.args(["check", "--workers", "1", "--max-time", &max_time]).args(r.search).arg("--cp").arg(&r.classes).arg(&r.main);
        cmd.output().ok()
    })?;
    let started = finished.iter().filter(|o| o.is_some()).count();
    if started == 0 {
        bail!("pgo: no training run started ({} tried)", runs.len());
    }
    let crashes: Vec<String> = runs.iter().zip(&finished).filter_map(|(r, out)| crash(r, out.as_ref()?)).collect();
    for c in &crashes {
        eprintln!("pgo: {c}");
    }
    run_quietly(Command::new(&profdata).arg("merge").arg("-o").arg(&merged).arg(&raw))?;
    let built = build(&root, &dir.join("use"), &format!("-Cprofile-use={}", merged.display()))?;
    let out = dir.join("jvmc");
    std::fs::copy(&built, &out).with_context(|| format!("copying {} to {}", built.display(), out.display()))?;
    eprintln!("pgo: {started} of {} training runs; the profile-guided jvmc is {}", runs.len(), out.display());
    if !crashes.is_empty() {
        bail!("pgo: {} of {} training runs ended in a jvmc error, panic or signal (listed above)", crashes.len(), runs.len());
    }
    if let Some(n) = opts.compare {
        compare(&root, &dir.join("classes"), &out, n.max(1))?;
    }
    Ok(out)
}

/// What went wrong in training run `r`, which ended with `out`, if it did not end as
/// a check ends (no violation, a violation, a limit: statuses 0, 1 and 3).
fn crash(r: &TrainingRun, out: &std::process::Output) -> Option<String> {
    let how = match out.status.code() {
        Some(0 | 1 | 3) => return None,
        Some(code) => format!("exit status {code}"),
        None => "a signal".to_string(),
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    // the panic's or error's own line (a backtrace may follow it), else the last one
    let mut lines = stderr.lines().filter(|l| !l.trim().is_empty());
    let said = lines.clone().find(|l| l.contains("panicked at") || l.starts_with("jvmc: error")).or_else(|| lines.next_back()).unwrap_or("(no error output)");
    Some(format!("{} {} ({}) ended with {how}: {said}", r.main, r.search.join(" "), r.classes.display()))
}

/// `--compare n` (module docs): the plain release build against `guided`.
fn compare(root: &Path, classes: &Path, guided: &Path, n: usize) -> anyhow::Result<()> {
    let plain = super::build_release_jvmc(root)?;
    let classes = classes.join("benchmarks");
    super::dpor_bench::benchmark_programs(root, &classes, |dir, _| dir == "dpor")?;
    println!("| program | search | verdict | states | transitions | executions | release (ms, median of {n}) | pgo (ms) | pgo / release |");
    println!("|---|---|---|---:|---:|---:|---:|---:|---:|");
    let mut differences = Vec::new();
    for (name, arg, search, options) in COMPARED {
        let what = format!("{name} {arg} {search}");
        // per binary: its times, and what its first run reported
        let mut times = [Vec::new(), Vec::new()];
        let mut counts: [Option<[String; 4]>; 2] = [None, None];
        for _ in 0..n {
            for (i, bin) in [&plain, guided].into_iter().enumerate() {
                let mut cmd = Command::new(bin);
                cmd.args(["check", "--workers", "1", "--json", "-"]).args(*options).arg("--cp").arg(&classes).args([name, arg]);
                let report = super::json_report(&mut cmd, &what)?;
                let stats = &report["stats"];
                times[i].push(stats["elapsed_ms"].as_u64().unwrap_or(0) as f64);
                let these = [report["verdict"].as_str().unwrap_or("?").to_string(), stats["states_new"].to_string(), stats["transitions"].to_string(), stats["end_states"].to_string()];
                match &counts[i] {
                    None => counts[i] = Some(these),
                    Some(c) if *c != these => differences.push(format!("{what}: one binary's runs differ ({c:?} against {these:?})")),
                    Some(_) => {}
                }
            }
        }
        if counts[0] != counts[1] {
            differences.push(format!("{what}: release {:?}, pgo {:?}", counts[0], counts[1]));
        }
        let [release, pgo] = times.map(super::median);
        let [verdict, states, transitions, executions] = counts[0].clone().unwrap_or_default();
        println!("| {name} {arg} | {search} | {verdict} | {states} | {transitions} | {executions} | {release:.0} | {pgo:.0} | {:.2} |", pgo / release.max(1.0));
    }
    if !differences.is_empty() {
        bail!("the profile-guided build explores differently:\n{}", differences.join("\n"));
    }
    Ok(())
}

/// One training run: a main class, where its classes are, the search options.
struct TrainingRun {
    classes: PathBuf,
    main: String,
    search: &'static [&'static str],
}

/// Compiles each training source directory into `classes/<its name>` and lists a run
/// per program and search.
fn training_runs(root: &Path, classes: &Path) -> anyhow::Result<Vec<TrainingRun>> {
    let mut runs = Vec::new();
    for dir in TRAINING_SOURCES {
        let sources = root.join(dir);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&sources)
            .with_context(|| format!("reading {}", sources.display()))?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()?;
        files.retain(|p| p.extension().is_some_and(|e| e == "java"));
        files.sort();
        let out = classes.join(dir.replace('/', "-"));
        std::fs::create_dir_all(&out)?;
        // (`benchmarks/concurrent` uses the data structures of `benchmarks/por`)
        let path = std::env::join_paths([sources.clone(), root.join("benchmarks/por")])?;
        run_quietly(Command::new("javac").args(["-nowarn", "-g", "-d"]).arg(&out).arg("-sourcepath").arg(path).args(&files))?;
        for file in &files {
            let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
            let Some(main) = main_class(file, &text) else { continue };
            for &search in SEARCHES {
                runs.push(TrainingRun { classes: out.clone(), main: main.clone(), search });
            }
        }
    }
    Ok(runs)
}

/// The class a source file declares, if it has a `main` method.
fn main_class(file: &Path, text: &str) -> Option<String> {
    let has_main = text.contains("static void main(");
    has_main.then(|| file.file_stem()?.to_str().map(str::to_string)).flatten()
}

/// `cargo build --release -p jvmc` into `target_dir` with `flag` added to the Rust
/// flags; returns the binary's path.
fn build(root: &Path, target_dir: &Path, flag: &str) -> anyhow::Result<PathBuf> {
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    if !flags.is_empty() {
        flags.push(' ');
    }
    flags.push_str(flag);
    super::run(Command::new("cargo").args(["build", "--release", "-p", "jvmc"]).current_dir(root).env("CARGO_TARGET_DIR", target_dir).env("RUSTFLAGS", flags))?;
    Ok(target_dir.join("release/jvmc"))
}

/// The toolchain's `llvm-profdata` (rustup's `llvm-tools` component; it must match
/// rustc's LLVM, so no other one will do), added with `rustup` if missing.
fn llvm_profdata() -> anyhow::Result<PathBuf> {
    let path = profdata_path()?;
    if path.exists() {
        return Ok(path);
    }
    eprintln!("pgo: {} is missing; adding rustup's llvm-tools component", path.display());
    let added = Command::new("rustup").args(["component", "add", "llvm-tools"]).status();
    if !path.exists() {
        bail!("pgo needs {} (rustup component add llvm-tools: {added:?})", path.display());
    }
    Ok(path)
}

/// Where rustc's toolchain keeps `llvm-profdata`: `<sysroot>/lib/rustlib/<host>/bin`.
fn profdata_path() -> anyhow::Result<PathBuf> {
    let sysroot = rustc(&["--print", "sysroot"])?;
    let version = rustc(&["-vV"])?;
    let host = version.lines().find_map(|l| l.strip_prefix("host: ")).context("rustc -vV names no host")?;
    Ok(Path::new(sysroot.trim()).join("lib/rustlib").join(host.trim()).join("bin/llvm-profdata"))
}

fn rustc(args: &[&str]) -> anyhow::Result<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(&rustc).args(args).output().with_context(|| format!("running rustc {args:?}"))?;
    if !out.status.success() {
        bail!("rustc {args:?} failed: {}", String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(String::from_utf8(out.stdout)?)
}

/// Runs `cmd`, showing its output only if it fails.
fn run_quietly(cmd: &mut Command) -> anyhow::Result<()> {
    let out = cmd.output().with_context(|| format!("running {cmd:?}"))?;
    if !out.status.success() {
        bail!("{cmd:?} failed: {}\n{}", out.status, String::from_utf8_lossy(&out.stderr).trim());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_training_program_is_a_source_with_a_main() {
        let file = Path::new("benchmarks/por/ChmHigh.java");
        assert_eq!(main_class(file, "public class ChmHigh { public static void main(String[] a) {} }").as_deref(), Some("ChmHigh"));
        assert_eq!(main_class(Path::new("benchmarks/por/IntSet.java"), "interface IntSet { boolean add(int k); }"), None);
    }

    #[test]
    fn the_training_set_leaves_out_the_measured_dpor_programs() {
        assert!(TRAINING_SOURCES.iter().all(|d| !d.contains("dpor")));
        let root = super::super::workspace_root().expect("root");
        for dir in TRAINING_SOURCES {
            assert!(root.join(dir).is_dir(), "{dir} is gone: update TRAINING_SOURCES");
        }
    }

    #[test]
    fn a_training_run_that_panics_or_errs_is_a_crash() {
        use std::os::unix::process::ExitStatusExt;
        let run = TrainingRun { classes: PathBuf::from("c"), main: "Main".into(), search: &["--por", "dl-spor"] };
        let ended = |raw: i32, stderr: &str| std::process::Output { status: std::process::ExitStatus::from_raw(raw), stdout: Vec::new(), stderr: stderr.as_bytes().to_vec() };
        // a check's own endings: no violation, a violation, a limit
        for code in [0, 1, 3] {
            assert_eq!(crash(&run, &ended(code << 8, "")), None);
        }
        let panic = crash(&run, &ended(101 << 8, "thread 'main' panicked at x.rs:1:2:\nboom\nstack backtrace:\n   0: f\n")).expect("a panic");
        assert!(panic.contains("Main --por dl-spor") && panic.contains("exit status 101") && panic.contains("panicked at x.rs"), "{panic}");
        assert!(crash(&run, &ended(4 << 8, "jvmc: error: internal: x\n")).expect("an internal error").contains("jvmc: error: internal"));
        // killed by SIGSEGV
        assert!(crash(&run, &ended(11, "")).expect("a signal").contains("a signal"));
    }

    #[test]
    fn llvm_profdata_is_looked_for_in_the_toolchain() {
        let path = profdata_path().expect("rustc runs");
        assert!(path.ends_with("bin/llvm-profdata"), "{}", path.display());
        assert!(path.components().any(|c| c.as_os_str() == "rustlib"), "{}", path.display());
    }
}
