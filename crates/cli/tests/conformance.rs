//! Differential conformance suite: every `tests/programs/conformance/*.java` is compiled
//! with `javac -g`, then run under HotSpot (`java -ea`) and under `jvmc run`; stdout
//! bytes and exit status must be identical.
//!
//! One dynamic test per program (libtest-mimic), so `cargo nextest run -p jvmc --test
//! conformance` lists and runs them in parallel. Filters work as usual, e.g.
//! `cargo test -p jvmc --test conformance -- Strings`.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread;
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use support::{java_tool, run, truncate};

/// Wall-clock limit for each of the two runs (and for javac).
const TIMEOUT: Duration = Duration::from_secs(60);
/// At most this many diff lines are shown on a mismatch.
const MAX_DIFF_LINES: usize = 30;
/// jvmc's stderr is truncated to this many bytes in failure messages.
const MAX_STDERR: usize = 4000;

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/conformance")
}

/// Finds where two line sequences resynchronise after a difference at (`i`, `j`):
/// the smallest total skip (di + dj) after which `SYNC` lines (or both ends) agree.
fn resync(e: &[&str], a: &[&str], i: usize, j: usize) -> (usize, usize) {
    const SYNC: usize = 3;
    const MAX_SKIP: usize = 400;
    let agree = |x: usize, y: usize| -> bool {
        for k in 0..SYNC {
            match (e.get(x + k), a.get(y + k)) {
                (Some(l), Some(r)) if l == r => {}
                (None, None) => return true,
                _ => return false,
            }
        }
        true
    };
    for d in 1..=MAX_SKIP {
        for di in 0..=d {
            let dj = d - di;
            if i + di > e.len() || j + dj > a.len() {
                continue;
            }
            if agree(i + di, j + dj) {
                return (di, dj);
            }
        }
    }
    (e.len() - i, a.len() - j)
}

/// A compact unified-diff-like rendering of the differing regions, at most
/// `MAX_DIFF_LINES` changed lines, with a little context.
fn diff(expected: &[u8], actual: &[u8]) -> String {
    let exp = String::from_utf8_lossy(expected);
    let act = String::from_utf8_lossy(actual);
    let e: Vec<&str> = exp.split_inclusive('\n').collect();
    let a: Vec<&str> = act.split_inclusive('\n').collect();
    let show = |l: &str| -> String {
        let (body, nl) = match l.strip_suffix('\n') {
            Some(t) => (t, true),
            None => (l, false),
        };
        let mut s: String = body
            .chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect();
        if !nl {
            s.push_str("  (no newline at end)");
        }
        s
    };
    let mut out = vec![format!(
        "(expected {} lines, got {} lines)",
        e.len(),
        a.len()
    )];
    let (mut i, mut j) = (0usize, 0usize);
    let mut budget = MAX_DIFF_LINES;
    let mut last_printed = 0usize; // index into `e` up to which context was printed
    while i < e.len() || j < a.len() {
        if i < e.len() && j < a.len() && e[i] == a[j] {
            i += 1;
            j += 1;
            continue;
        }
        if budget == 0 {
            out.push("... (more differences not shown)".to_string());
            break;
        }
        let (di, dj) = resync(&e, &a, i, j);
        out.push(format!("@@ -{},{} +{},{} @@", i + 1, di, j + 1, dj));
        for l in &e[i.saturating_sub(2).max(last_printed)..i] {
            out.push(format!("  {}", show(l)));
        }
        let mut shown = 0;
        for l in &e[i..i + di] {
            if shown == budget {
                out.push(format!("- ... ({} more)", di - shown));
                break;
            }
            out.push(format!("- {}", show(l)));
            shown += 1;
        }
        let mut shown_plus = 0;
        for l in &a[j..j + dj] {
            if shown + shown_plus == budget {
                out.push(format!("+ ... ({} more)", dj - shown_plus));
                break;
            }
            out.push(format!("+ {}", show(l)));
            shown_plus += 1;
        }
        budget -= shown + shown_plus;
        i += di;
        j += dj;
        last_printed = i;
    }
    out.join("\n")
}

fn check(source: &Path, class: &str) -> Result<(), Failed> {
    let dir = tempfile::Builder::new()
        .prefix(&format!("jvmc-conf-{class}-"))
        .tempdir()
        .map_err(|e| format!("tempdir: {e}"))?;
    let classes = dir.path();

    support::javac(&[source], classes, TIMEOUT)?;

    let mut java = Command::new(java_tool("java"));
    java.arg("-ea").arg("-cp").arg(classes).arg(class);
    let mut jvmc = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    jvmc.arg("run").arg("--cp").arg(classes).arg(class);

    // Run both concurrently: the test's wall time is the slower of the two.
    let java_thread = thread::spawn(move || run(java, TIMEOUT));
    let got = run(jvmc, TIMEOUT)?;
    let want = java_thread
        .join()
        .map_err(|_| "java runner panicked".to_string())??;

    if want.timed_out.is_some() {
        return Err(format!(
            "HotSpot itself timed out on {class}; the program is not a valid conformance test"
        )
        .into());
    }

    let same_out = want.stdout == got.stdout;
    let same_status = got.timed_out.is_none() && want.code() == got.code() && got.code().is_some();
    if same_out && same_status {
        return Ok(());
    }
    let mut msg = String::new();
    msg.push_str(&format!(
        "{class}: {}\n  java -ea: {}\n  jvmc:     {}\n",
        match (same_out, same_status) {
            (false, false) => "stdout and exit status differ",
            (false, true) => "stdout differs",
            _ => "exit status differs",
        },
        want.status_text(),
        got.status_text()
    ));
    if !same_out {
        msg.push_str("--- java -ea (expected)\n+++ jvmc (actual)\n");
        msg.push_str(&diff(&want.stdout, &got.stdout));
        msg.push('\n');
    }
    msg.push_str("---- jvmc stderr ----\n");
    if got.stderr.is_empty() {
        msg.push_str("(empty)");
    }
    msg.push_str(&truncate(&got.stderr, MAX_STDERR));
    if !got.stderr.ends_with(b"\n") {
        msg.push('\n');
    }
    if want.code() != got.code() && !want.stderr.is_empty() {
        msg.push_str("---- java stderr ----\n");
        msg.push_str(&truncate(&want.stderr, MAX_STDERR / 2));
    }
    Err(msg.into())
}

fn main() {
    let args = Arguments::from_args();
    let dir = programs_dir();
    let sources = support::java_sources(&dir);
    let trials = sources
        .into_iter()
        .map(|path| {
            let class = path.file_stem().unwrap().to_string_lossy().into_owned();
            let name = class.clone();
            Trial::test(name, move || check(&path, &class))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
