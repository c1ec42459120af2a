//! Experiment plans on a real Slurm cluster (`xtask/src/batch.rs`): the README's
//! "Cluster runs (Slurm)" commands, run as they stand there — a one-node cluster on
//! this machine, the quick plan of `cargo xtask paper` as a job array, the same plan
//! locally — and the merged results compared with the local ones.
//!
//! It needs root and Debian's packages, so it runs when `JVMC_SLURM_TEST=1` (`.ci/run`
//! sets it where the cluster starts) and otherwise says it is skipped. The runs use
//! the workspace's debug `jvmc` (`JVMC_BIN`), which the test build makes.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

/// The lines of the first `sh` block after the README's heading `heading`.
fn readme_commands(heading: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let section = &readme[readme.find(heading).unwrap_or_else(|| panic!("README has no {heading:?}"))..];
    let block = &section[section.find("```sh\n").expect("a sh block") + 6..];
    let block = &block[..block.find("```").expect("the block ends")];
    block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

fn records(path: &Path) -> Vec<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))).expect("JSON records")
}

#[test]
fn the_readme_cluster_commands_give_the_local_results() {
    if std::env::var_os("JVMC_SLURM_TEST").is_none() {
        eprintln!("SKIPPED: the Slurm test needs a local cluster (root, Debian's slurm-wlm and munge); set JVMC_SLURM_TEST=1 to run it (.ci/run does where Slurm starts)");
        return;
    }
    let root = root();
    let jvmc = root.join("target/debug/jvmc");
    assert!(jvmc.exists(), "{} is missing: build it (cargo build -p jvmc)", jvmc.display());
    let commands = readme_commands("### Cluster runs (Slurm)");
    assert_eq!(commands.len(), 3, "{commands:?}");
    for out in ["target/paper-slurm", "target/paper-local"] {
        let _ = std::fs::remove_dir_all(root.join(out));
    }
    for line in &commands {
        let status = Command::new("bash").arg("-c").arg(line).current_dir(&root).env("JVMC_BIN", &jvmc).status().expect("bash runs");
        assert!(status.success(), "`{line}` failed: {status}");
    }
    let slurm = records(&root.join("target/paper-slurm/raw.json"));
    let local = records(&root.join("target/paper-local/raw.json"));
    assert_eq!(slurm.len(), local.len());
    assert!(slurm.len() > 20, "the quick plan has its runs");
    let tasks = std::fs::read_dir(root.join("target/paper-slurm/plan/results")).expect("results").count();
    assert_eq!(tasks, slurm.len().div_ceil(4), "one result file per array task of 4 runs");
    for (s, l) in slurm.iter().zip(&local) {
        for key in ["client", "algorithm", "mode", "order", "verdict", "stop"] {
            assert_eq!(s[key], l[key], "{key}: {s} against {l}");
        }
        // the portfolio's states are its winner's, and which member wins is a race; a
        // run stopped by its time limit counts what it reached by then
        if s["algorithm"] != "portfolio" && s["stop"] != "max-time" {
            assert_eq!(s["states"], l["states"], "{s} against {l}");
        }
    }
    let summary = std::fs::read_to_string(root.join("target/paper-slurm/summary.md")).expect("a summary from the merged results");
    assert!(summary.contains("Clients on which complete runs disagree: none"), "{summary}");
    assert!(root.join("target/paper-slurm/fig5-time.png").exists(), "figures drawn from the merged results");
}
