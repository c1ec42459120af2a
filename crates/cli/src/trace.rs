//! Counterexamples as people and `jvmc replay` see them.
//!
//! The search records a counterexample as thread choices. [`replay`] re-executes them
//! on the vm and describes every transition (thread, where it starts, what it does
//! first, what it prints) and the violation at the end (the exception's stack, or every
//! thread of a deadlock). The same function serves `jvmc check` (to print what it
//! found) and `jvmc replay TRACE.json`, so both always show the same thing.
//!
//! A trace file ([`TraceFile`]) stores the program (so replay can rebuild it), the
//! options that shape transitions, the violation found, and the schedule.

use std::path::PathBuf;

use anyhow::{bail, Context};
use jvmc_search::{ThreadId, TransitionSystem, ViolationKind};
use serde::{Deserialize, Serialize};

use crate::system::VmSystem;

/// One transition of a counterexample, described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceStep {
    /// the thread that ran
    pub thread: ThreadId,
    /// its name
    pub thread_name: String,
    /// `Class.method(File.java:line)` where the transition starts
    pub location: String,
    /// the operation it starts with
    pub operation: String,
    /// what it printed (stdout and stderr, in order of the streams)
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub output: String,
}

/// A thread of a deadlocked state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StuckThread {
    /// its name
    pub name: String,
    /// what it waits for
    pub state: String,
    /// its Java frames, innermost first
    pub stack: Vec<String>,
}

/// A violation, described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViolationReport {
    /// `assertion`, `uncaught-exception` or `deadlock`
    pub kind: String,
    /// the exception (`java.lang.AssertionError: ...`) or a deadlock summary
    pub message: String,
    /// the thread that failed (none for a deadlock)
    pub thread: Option<String>,
    /// where the exception was thrown, innermost first
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<String>,
    /// the threads of a deadlock
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub threads: Vec<StuckThread>,
    /// the transitions that lead to it
    pub trace: Vec<TraceStep>,
}

/// What `jvmc replay` needs to rebuild the program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramSpec {
    /// `MAIN` as given (a class name, or an absolute path to a `.java` file)
    pub main: String,
    /// class path entries (absolute)
    pub classpath: Vec<PathBuf>,
    /// arguments of `main`
    pub args: Vec<String>,
    /// `-D` properties, `KEY=VALUE`
    pub properties: Vec<String>,
    /// `--disable-assertions`
    pub disable_assertions: bool,
    /// `--java-home`
    pub java_home: Option<PathBuf>,
    /// `--sched`
    pub sched: String,
    /// whether transitions continue while only their thread is enabled
    pub merge_single_thread: bool,
}

/// The contents of a `--trace` file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceFile {
    /// always `jvmc-trace`
    pub format: String,
    /// format version (1)
    pub version: u32,
    /// the program and options
    pub program: ProgramSpec,
    /// the thread choices, from the initial state
    pub schedule: Vec<ThreadId>,
    /// what was found
    pub violation: ViolationReport,
}

impl TraceFile {
    /// The name in [`TraceFile::format`].
    pub const FORMAT: &'static str = "jvmc-trace";

    /// Reads and checks a trace file.
    pub fn read(path: &std::path::Path) -> anyhow::Result<TraceFile> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading trace file {}", path.display()))?;
        let t: TraceFile = serde_json::from_str(&text).with_context(|| format!("{} is not a jvmc trace file", path.display()))?;
        if t.format != Self::FORMAT || t.version != 1 {
            bail!("{} is not a version-1 jvmc trace file (format {:?}, version {})", path.display(), t.format, t.version);
        }
        Ok(t)
    }
}

/// Re-executes `schedule` from the initial state and describes it. Returns the steps
/// and the violation the last state shows, if any.
pub fn replay(sys: &mut VmSystem, schedule: &[ThreadId]) -> anyhow::Result<(Vec<TraceStep>, Option<ViolationReport>)> {
    sys.reset().map_err(|e| anyhow::anyhow!(e))?;
    let mut steps = Vec::with_capacity(schedule.len());
    for (i, &tid) in schedule.iter().enumerate() {
        if !sys.enabled().contains(&tid) {
            bail!("the trace does not fit the program: at step {} thread {tid} cannot run (was the program changed?)", i + 1);
        }
        let next = sys.vm().describe_next(tid);
        let thread_name = sys.vm().thread_display_name(tid);
        let (out0, err0) = (sys.vm().output().stdout.len(), sys.vm().output().stderr.len());
        let step = sys.step(tid).map_err(|e| anyhow::anyhow!(e))?;
        let out = sys.vm().output();
        let mut output = String::from_utf8_lossy(out.stdout.get(out0..).unwrap_or_default()).into_owned();
        output.push_str(&String::from_utf8_lossy(out.stderr.get(err0..).unwrap_or_default()));
        steps.push(TraceStep { thread: tid, thread_name: thread_name.clone(), location: next.location, operation: next.operation, output });
        if let Some(v) = step.violation {
            if i + 1 != schedule.len() {
                bail!("the trace does not fit the program: a violation happened at step {} of {}", i + 1, schedule.len());
            }
            let stack = sys.last_step().uncaught.as_ref().map(|u| u.stack.clone()).unwrap_or_default();
            let kind = v.kind.name().to_string();
            let thread = v.thread.map(|t| sys.vm().thread_display_name(t));
            return Ok((steps.clone(), Some(ViolationReport { kind, message: v.message, thread, stack, threads: Vec::new(), trace: steps })));
        }
    }
    if !sys.is_terminal() && sys.enabled().is_empty() {
        let threads: Vec<StuckThread> =
            sys.vm().thread_reports().into_iter().map(|t| StuckThread { name: t.name, state: t.state, stack: t.stack }).collect();
        let summary = threads.iter().map(|t| format!("\"{}\" {}", t.name, t.state)).collect::<Vec<_>>().join("; ");
        let message = format!("no thread can run: {summary}");
        let kind = ViolationKind::Deadlock.name().to_string();
        return Ok((steps.clone(), Some(ViolationReport { kind, message, thread: None, stack: Vec::new(), threads, trace: steps })));
    }
    Ok((steps, None))
}
