//! What the end-to-end suites share: finding the JDK's tools, running a process with a
//! timeout and captured output, and trimming output for failure messages.

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// `jvmc check --cp DIR --outcomes --json - ARGS CLASS`, its report parsed (panics
/// when the output is not a report).
pub fn check_report(dir: &Path, args: &[&str], class: &str, timeout: Duration) -> serde_json::Value {
    check_program_report(dir, args, &[class], timeout)
}

/// [`check_report`] of `program`: the class followed by the program's arguments.
pub fn check_program_report(dir: &Path, args: &[&str], program: &[&str], timeout: Duration) -> serde_json::Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--outcomes", "--json", "-"]).args(args).args(program);
    let out = run(cmd, timeout).expect("jvmc runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)))
}

/// The distinct outputs a `jvmc check --outcomes --json` report lists.
pub fn report_outcomes(report: &serde_json::Value) -> std::collections::BTreeSet<String> {
    report["outcomes"].as_array().map(|a| a.iter().filter_map(|o| o["output"].as_str().map(str::to_string)).collect()).unwrap_or_default()
}

/// A JDK tool (`java`, `javac`) from `JAVA_HOME`, else from `PATH`.
pub fn java_tool(name: &str) -> PathBuf {
    match std::env::var_os("JAVA_HOME") {
        Some(home) if Path::new(&home).join("bin").join(name).exists() => Path::new(&home).join("bin").join(name),
        _ => PathBuf::from(name),
    }
}

/// What one process did.
pub struct Outcome {
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// killed after this timeout
    pub timed_out: Option<Duration>,
}

impl Outcome {
    /// `exit 3`, `killed by signal 9`, `timeout after 60s (killed)`.
    pub fn status_text(&self) -> String {
        if let Some(t) = self.timed_out {
            return format!("timeout after {}s (killed)", t.as_secs());
        }
        match self.status {
            Some(s) => match s.code() {
                Some(c) => format!("exit {c}"),
                None => {
                    #[cfg(unix)]
                    {
                        use std::os::unix::process::ExitStatusExt;
                        if let Some(sig) = s.signal() {
                            return format!("killed by signal {sig}");
                        }
                    }
                    format!("{s}")
                }
            },
            None => "unknown".to_string(),
        }
    }

    /// The exit code, if the process exited.
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }
}

/// Runs `cmd` with LC_ALL=C.UTF-8, no stdin, captured stdout/stderr, killed after
/// `timeout`.
pub fn run(mut cmd: Command, timeout: Duration) -> Result<Outcome, String> {
    cmd.env("LC_ALL", "C.UTF-8").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let desc = format!("{cmd:?}");
    let mut child = cmd.spawn().map_err(|e| format!("cannot start {desc}: {e}"))?;
    let mut out = child.stdout.take().ok_or("no stdout pipe")?;
    let mut err = child.stderr.take().ok_or("no stderr pipe")?;
    let out_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out.read_to_end(&mut buf);
        buf
    });
    let err_reader = thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        buf
    });
    let deadline = Instant::now() + timeout;
    let mut timed_out = None;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => {
                if Instant::now() >= deadline {
                    timed_out = Some(timeout);
                    let _ = child.kill();
                    break child.wait().ok();
                }
                thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(format!("waiting for {desc}: {e}")),
        }
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(Outcome { status, stdout, stderr, timed_out })
}

/// At most `max` bytes of `bytes` as text, with a note of what was cut.
pub fn truncate(bytes: &[u8], max: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= max {
        return text.into_owned();
    }
    let mut cut = max;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}\n... ({} more bytes)", &text[..cut], text.len() - cut)
}

/// The `.java` files of `dir`, sorted.
pub fn java_sources(dir: &Path) -> Vec<PathBuf> {
    let mut sources: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension() == Some(std::ffi::OsStr::new("java")))
        .collect();
    sources.sort();
    sources
}

/// A program written on the spot: `source` (class `class`) compiled into a fresh
/// directory, which holds the source too.
pub fn compile_source(class: &str, source: &str, timeout: Duration) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join(format!("{class}.java"));
    std::fs::write(&file, source).expect("write source");
    javac(&[&file], dir.path(), timeout).expect("javac");
    dir
}

/// `tests/programs/concurrent/{class}.java` for each of `classes`, compiled into one
/// fresh directory.
pub fn compile_suite_programs(classes: &[&str], timeout: Duration) -> tempfile::TempDir {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/concurrent");
    let sources: Vec<PathBuf> = classes.iter().map(|c| src.join(format!("{c}.java"))).collect();
    let dir = tempfile::tempdir().expect("temp dir");
    javac(&sources.iter().map(PathBuf::as_path).collect::<Vec<_>>(), dir.path(), timeout).expect("javac");
    dir
}

/// `benchmarks/<sub>/*.java` compiled into a fresh directory.
pub fn compile_benchmarks(sub: &str, timeout: Duration) -> tempfile::TempDir {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benchmarks").join(sub);
    let sources = java_sources(&src);
    let dir = tempfile::tempdir().expect("temp dir");
    javac(&sources.iter().map(PathBuf::as_path).collect::<Vec<_>>(), dir.path(), timeout).expect("javac");
    dir
}

/// Compiles `sources` with `javac -g` into `dir`.
pub fn javac(sources: &[&Path], dir: &Path, timeout: Duration) -> Result<(), String> {
    let mut cmd = Command::new(java_tool("javac"));
    cmd.arg("-g").arg("-d").arg(dir).args(sources);
    let compiled = run(cmd, timeout)?;
    if compiled.timed_out.is_some() || compiled.code() != Some(0) {
        return Err(format!(
            "javac failed ({}):\n{}{}",
            compiled.status_text(),
            truncate(&compiled.stdout, 4000),
            truncate(&compiled.stderr, 4000)
        ));
    }
    Ok(())
}

/// splitmix64: a tiny deterministic generator for the random-program suites.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
