//! The model-checking suite: every `tests/programs/concurrent/*.java` declares its
//! expected verdict (and, for correct programs, the complete set of outputs it can
//! print under sequential consistency) in header comments:
//!
//! ```text
//! // jvmc-check: verdict=violation kind=deadlock
//! // jvmc-check: verdict=ok
//! // jvmc-check: stateless          (the state space is acyclic: also search without matching)
//! // jvmc-check: args=3 2
//! // jvmc-check: options=--timeouts never   (extra `jvmc check` options, on a line of their own)
//! // outcome: r1=1 r2=0              (one line per admitted output; `\n` between its lines)
//! ```
//!
//! Each program is checked by the default search (sleep sets alone, `--por sleep`) under
//! `--sched shared` with `--exact-states` (fingerprints must never merge different
//! states) and without heap symmetry (`--symmetry off`), by unreduced search
//! (`--por none`) under `--sched all` and under the default policy, with every
//! partial-order reduction (`--por sleep|spor|de-spor|dl-spor|de-jpf|dl-jpf|odpor|sdpor` and
//! the paper variants under `--sched all`; `sdpor --no-liveness` under both), with
//! trusted library calls explored (`--library explore`, alone and with `--por
//! dl-spor`) as well as atomic (the default), unreduced on one and on two
//! workers (`--workers`, which must give the same counts), and with exhaustive
//! `--stateless` searches and stateless DPOR (`--por dpor|source-dpor|optimal-dpor`) where
//! marked. Every run must give the expected verdict and violation kind; for correct
//! programs all runs must find the same outcomes, equal to the declared ones when
//! declared. A counterexample saved with `--trace` must replay (`jvmc replay`) to the
//! same violation.
//!
//! `cargo nextest run -p jvmc --test check_suite` (one test per program).

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use support::{run, truncate};

/// The POR algorithms checked against unreduced search.
const POR_ALGORITHMS: &[&str] = &["sleep", "spor", "de-spor", "de-spor-paper", "dl-spor", "dl-spor-paper", "de-jpf", "dl-jpf", "odpor", "odpor-paper", "sdpor"];

/// Wall-clock limit of one `jvmc check` run.
const TIMEOUT: Duration = Duration::from_secs(600);

/// What a program's header promises.
#[derive(Debug, Default)]
struct Expectation {
    verdict: String,
    kind: Option<String>,
    stateless: bool,
    args: Vec<String>,
    options: Vec<String>,
    outcomes: BTreeSet<String>,
}

fn parse_header(text: &str) -> Result<Expectation, String> {
    let mut e = Expectation::default();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("// jvmc-check:") {
            for item in rest.split_whitespace() {
                match item.split_once('=') {
                    Some(("verdict", v)) => e.verdict = v.to_string(),
                    Some(("kind", k)) => e.kind = Some(k.to_string()),
                    Some(("args" | "options", _)) => {}
                    None if item == "stateless" => e.stateless = true,
                    _ => {}
                }
            }
            if let Some(args) = rest.trim().strip_prefix("args=") {
                e.args = args.split_whitespace().map(str::to_string).collect();
            }
            if let Some(options) = rest.trim().strip_prefix("options=") {
                e.options = options.split_whitespace().map(str::to_string).collect();
            }
        } else if let Some(o) = line.strip_prefix("// outcome:") {
            e.outcomes.insert(o.trim().replace("\\n", "\n"));
        }
    }
    match e.verdict.as_str() {
        "ok" if e.kind.is_none() => Ok(e),
        "violation" if e.kind.is_some() => Ok(e),
        _ => Err(format!("bad or missing `// jvmc-check: verdict=...` header: {e:?}")),
    }
}

/// One `jvmc check` run and its JSON report.
struct Run {
    label: String,
    json: Value,
}

impl Run {
    fn verdict(&self) -> &str {
        self.json["verdict"].as_str().unwrap_or("?")
    }

    fn kind(&self) -> Option<&str> {
        self.json["violation"]["kind"].as_str()
    }

    /// The distinct outputs of end states, each without its final newline.
    fn outcomes(&self) -> BTreeSet<String> {
        self.json["outcomes"]
            .as_array()
            .map(|a| a.iter().filter_map(|o| o["output"].as_str()).map(|s| s.strip_suffix('\n').unwrap_or(s).to_string()).collect())
            .unwrap_or_default()
    }
}

fn jvmc_check(label: &str, classes: &Path, class: &str, e: &Expectation, extra: &[&str]) -> Result<Run, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.arg("check").arg("--cp").arg(classes).arg("--outcomes").arg("--json").arg("-").args(extra).args(&e.options).arg(class).args(&e.args);
    let out = run(cmd, TIMEOUT)?;
    let expected_code = if e.verdict == "ok" { 0 } else { 1 };
    if out.code() != Some(expected_code) {
        return Err(format!(
            "{label}: expected exit {expected_code} ({}), got {}\n---- stderr ----\n{}",
            e.verdict,
            out.status_text(),
            truncate(&out.stderr, 6000)
        ));
    }
    let json: Value = serde_json::from_slice(&out.stdout).map_err(|err| format!("{label}: stdout is not JSON ({err}): {}", truncate(&out.stdout, 2000)))?;
    let run = Run { label: label.to_string(), json };
    if run.verdict() != e.verdict || run.kind() != e.kind.as_deref() {
        return Err(format!("{label}: expected {} {:?}, got {} {:?}\n{}", e.verdict, e.kind, run.verdict(), run.kind(), truncate(&out.stderr, 6000)));
    }
    Ok(run)
}

fn check(source: &Path, class: &str) -> Result<(), Failed> {
    let text = std::fs::read_to_string(source).map_err(|e| format!("reading {}: {e}", source.display()))?;
    let e = parse_header(&text)?;
    let dir = tempfile::Builder::new().prefix(&format!("jvmc-check-{class}-")).tempdir().map_err(|e| format!("tempdir: {e}"))?;
    let classes = dir.path().join("classes");
    std::fs::create_dir_all(&classes).map_err(|e| e.to_string())?;
    support::javac(&[source], &classes, TIMEOUT)?;
    let trace = dir.path().join("trace.json");
    let trace_arg = trace.to_string_lossy().into_owned();

    let mut runs = vec![
        jvmc_check("--sched all --por none", &classes, class, &e, &["--sched", "all", "--por", "none"])?,
        jvmc_check("--sched shared --exact-states", &classes, class, &e, &["--sched", "shared", "--exact-states", "--trace", &trace_arg])?,
        jvmc_check("--symmetry off", &classes, class, &e, &["--symmetry", "off"])?,
    ];
    if e.stateless {
        runs.push(jvmc_check("--sched shared --stateless", &classes, class, &e, &["--sched", "shared", "--stateless"])?);
        runs.push(jvmc_check("--sched all --stateless --por dl-spor", &classes, class, &e, &["--sched", "all", "--stateless", "--por", "dl-spor"])?);
        runs.push(jvmc_check("--por dpor", &classes, class, &e, &["--por", "dpor"])?);
        runs.push(jvmc_check("--por source-dpor", &classes, class, &e, &["--por", "source-dpor"])?);
        runs.push(jvmc_check("--por optimal-dpor", &classes, class, &e, &["--por", "optimal-dpor"])?);
        runs.push(jvmc_check("--por dpor-engine", &classes, class, &e, &["--por", "dpor-engine"])?);
    }
    // every POR algorithm: the verdict and outcomes of unreduced search
    for alg in POR_ALGORITHMS {
        runs.push(jvmc_check(&format!("--sched all --por {alg}"), &classes, class, &e, &["--sched", "all", "--por", alg])?);
    }
    // unreduced search under the default policy (the default search is sleep sets
    // alone), states matched up to heap symmetry as there
    runs.push(jvmc_check("--por none", &classes, class, &e, &["--por", "none"])?);
    // SDPOR with its sleep sets, which it keeps only without livelock detection, under
    // both policies (`LoneThreadRaces` lost an outcome under `--sched shared` only)
    if e.kind.as_deref() != Some("livelock") {
        runs.push(jvmc_check("--sched all --por sdpor --no-liveness", &classes, class, &e, &["--sched", "all", "--por", "sdpor", "--no-liveness"])?);
        runs.push(jvmc_check("--por sdpor --no-liveness", &classes, class, &e, &["--por", "sdpor", "--no-liveness"])?);
    }
    // trusted library calls as one step (the default) against the JDK's own
    // interleavings: the same verdict and outcomes
    runs.push(jvmc_check("--library explore", &classes, class, &e, &["--library", "explore"])?);
    runs.push(jvmc_check("--sched all --library explore --por dl-spor", &classes, class, &e, &["--sched", "all", "--library", "explore", "--por", "dl-spor"])?);
    // the parallel search, unreduced (the default sleep sets' counts on several
    // workers depend on timing; the default runs above are on the available cores):
    // with two workers sharing one visited set, exactly the states, transitions and
    // end states of one worker, no fingerprint merging different states, and the same
    // livelocks
    let one = jvmc_check("--por none --workers 1", &classes, class, &e, &["--por", "none", "--workers", "1"])?;
    let two = jvmc_check("--por none --workers 2 --exact-states", &classes, class, &e, &["--por", "none", "--workers", "2", "--exact-states"])?;
    if e.verdict == "ok" {
        for counter in ["states_new", "states_visited", "transitions", "end_states"] {
            if one.json["stats"][counter] != two.json["stats"][counter] {
                return Err(format!("{counter}: {} with one worker, {} with two", one.json["stats"][counter], two.json["stats"][counter]).into());
            }
        }
    }
    runs.push(one);
    runs.push(two);

    if e.verdict == "ok" {
        let first = runs[0].outcomes();
        for r in &runs[1..] {
            if r.outcomes() != first {
                return Err(format!("outcomes differ: {} found {:?}, {} found {:?}", runs[0].label, first, r.label, r.outcomes()).into());
            }
        }
        if !e.outcomes.is_empty() && first != e.outcomes {
            return Err(format!("outcomes: expected {:?}, found {:?}", e.outcomes, first).into());
        }
        return Ok(());
    }

    // the saved counterexample replays to the same violation
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.arg("replay").arg(&trace).arg("--json").arg("-");
    let out = run(cmd, TIMEOUT)?;
    if out.code() != Some(1) {
        return Err(format!("jvmc replay: expected exit 1, got {}\n{}", out.status_text(), truncate(&out.stderr, 4000)).into());
    }
    let replayed: Value = serde_json::from_slice(&out.stdout).map_err(|err| format!("replay stdout is not JSON: {err}"))?;
    let recorded = &runs[1].json["violation"];
    if replayed["kind"] != recorded["kind"] || replayed["message"] != recorded["message"] {
        return Err(format!("replay found {} {}, the search recorded {} {}", replayed["kind"], replayed["message"], recorded["kind"], recorded["message"]).into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/concurrent");
    let sources = support::java_sources(&dir);
    let trials = sources
        .into_iter()
        .map(|path| {
            let class = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            Trial::test(class.clone(), move || check(&path, &class))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
