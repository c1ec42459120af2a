//! The trusted-method table checks itself (issue 10): the clients of
//! `tests/programs/library/` call every method of `jvmc_vm::check::trusted_table()`
//! (each says which in its `// covers:` lines), and every scenario of theirs is
//! model-checked in `--library explore` mode, where the JDK's own code interleaves
//! freely, and must never show an outcome that no order of its calls admits (`Lin.java`
//! computes the admitted outcomes by running every order sequentially). The same
//! scenarios must pass in atomic mode and on the real JVM, and the control
//! (`LinUntrusted`, a class that is not thread-safe) must fail in both modes, so the
//! check can fail.
//!
//! Explore runs use `--weak-cas strong`: `LongAdder` and the skip lists retry a weak
//! CAS with a fresh hash probe each time, so spurious failures in a row would make the
//! state space infinite; a spurious failure inside the JDK is only one more retry.

mod support;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};

use support::{java_tool, javac, run, truncate};

const TIMEOUT: Duration = Duration::from_secs(600);

fn programs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/library")
}

fn sources() -> Vec<PathBuf> {
    support::java_sources(&programs())
}

/// `Class.method` pairs (internal class names; method `*` for a whole class) named by
/// the `// covers: pkg.Class.{m1,m2}` or `// covers: pkg.Class.*` lines of `text`.
fn covered(text: &str) -> Result<BTreeSet<(String, String)>, String> {
    let mut out = BTreeSet::new();
    for line in text.lines().filter_map(|l| l.trim().strip_prefix("// covers:")) {
        let line = line.trim();
        let (class, methods) = match line.strip_suffix(".*") {
            Some(class) => (class, vec!["*"]),
            None => {
                let (class, rest) = line.split_once(".{").ok_or_else(|| format!("bad covers line: {line}"))?;
                (class, rest.trim_end_matches('}').split(',').map(str::trim).collect())
            }
        };
        for m in methods {
            out.insert((class.replace('.', "/"), m.to_string()));
        }
    }
    Ok(out)
}

/// Every method of the table is covered by some client, and clients cover nothing the
/// table does not trust.
fn coverage() -> Result<(), Failed> {
    let mut claimed = BTreeSet::new();
    for path in sources() {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        claimed.extend(covered(&text)?);
    }
    let mut table = BTreeSet::new();
    for (class, methods) in jvmc_vm::check::trusted_table() {
        for m in *methods {
            table.insert((class.to_string(), m.to_string()));
        }
    }
    let missing: Vec<_> = table.difference(&claimed).collect();
    let extra: Vec<_> = claimed.difference(&table).collect();
    if missing.is_empty() && extra.is_empty() {
        Ok(())
    } else {
        Err(format!("trusted but not self-checked: {missing:?}\nself-checked but not trusted: {extra:?}").into())
    }
}

/// Compiles `Lin.java` and the client into a fresh directory.
fn compile(class: &str) -> Result<tempfile::TempDir, String> {
    let dir = tempfile::Builder::new().prefix(&format!("jvmc-lin-{class}-")).tempdir().map_err(|e| format!("tempdir: {e}"))?;
    let (lin, client) = (programs().join("Lin.java"), programs().join(format!("{class}.java")));
    javac(&[&lin, &client], dir.path(), TIMEOUT)?;
    Ok(dir)
}

/// The client's scenarios, as its `--list` prints them on the real JVM.
fn scenarios(classes: &Path, class: &str) -> Result<Vec<String>, String> {
    let mut cmd = Command::new(java_tool("java"));
    cmd.arg("-cp").arg(classes).arg(class).arg("--list");
    let out = run(cmd, TIMEOUT)?;
    if out.code() != Some(0) {
        return Err(format!("{class} --list: {}\n{}", out.status_text(), truncate(&out.stderr, 4000)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}

/// Runs one scenario; `Ok(true)` when it verifies, `Ok(false)` on a linearizability
/// violation, `Err` on anything else.
fn jvmc(classes: &Path, class: &str, scenario: &str, mode: &[&str]) -> Result<bool, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.arg("check").arg("--classpath").arg(classes).args(mode).arg(class).arg(scenario);
    let out = run(cmd, TIMEOUT)?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    match out.code() {
        Some(0) => Ok(true),
        Some(1) if stdout.contains("not linearizable") => Ok(false),
        _ => Err(format!("{class} {scenario:?} {mode:?}: {}\n{}{}", out.status_text(), truncate(&out.stdout, 4000), truncate(&out.stderr, 4000))),
    }
}

const EXPLORE: &[&str] = &["--library", "explore", "--weak-cas", "strong"];
const ATOMIC: &[&str] = &["--library", "atomic"];

/// Every scenario of `class` passes on the real JVM, in explore mode and in atomic
/// mode (or, for the control, fails in both modes).
fn client(class: &str, control: bool) -> Result<(), Failed> {
    let dir = compile(class)?;
    let mut java = Command::new(java_tool("java"));
    java.arg("-ea").arg("-cp").arg(dir.path()).arg(class);
    let real = run(java, TIMEOUT)?;
    if !control && real.code() != Some(0) {
        return Err(format!("{class} fails on the real JVM: {}\n{}", real.status_text(), truncate(&real.stderr, 4000)).into());
    }
    let list = scenarios(dir.path(), class)?;
    if list.is_empty() {
        return Err(format!("{class} lists no scenario").into());
    }
    let mut failures = Vec::new();
    for scenario in &list {
        for mode in [EXPLORE, ATOMIC] {
            if jvmc(dir.path(), class, scenario, mode)? == control {
                let found = if control { "verifies" } else { "is not linearizable" };
                failures.push(format!("{scenario:?} {found} with {}", mode.join(" ")));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = vec![Trial::test("every_trusted_method_has_a_client", coverage)];
    for path in sources() {
        let class = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        if class == "Lin" {
            continue;
        }
        let control = class == "LinUntrusted";
        trials.push(Trial::test(class.clone(), move || client(&class, control)));
    }
    libtest_mimic::run(&args, trials).exit();
}
