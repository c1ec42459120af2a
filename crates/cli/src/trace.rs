//! Counterexamples as people and `jvmc replay` see them.
//!
//! The search records a counterexample as moves (a thread, and a branch when the
//! thread stood before a choice). [`replay`] re-executes them on the vm and describes
//! every transition (thread, where it starts, what it does first, what it prints) and
//! the violation at the end (the exception's stack; every thread of a deadlock; the
//! looping thread's stack for a non-termination; for a livelock, the cycle — checked to
//! come back to the state it started from — and every thread). The same function
//! serves `jvmc check` (to print what it found) and `jvmc replay TRACE.json`, so both
//! always show the same thing.
//!
//! A trace file ([`TraceFile`]) stores the program (so replay can rebuild it), the
//! options that shape transitions, the violation found, and the schedule.

use std::path::PathBuf;

use anyhow::{bail, Context};
use jvmc_search::strategy::preemption_bound::preempts;
use jvmc_search::{Move, ThreadId, TransitionSystem, ViolationKind};
use jvmc_vm::check::Merging;
use serde::{Deserialize, Serialize};

use crate::system::VmSystem;

/// One transition of a counterexample, described.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraceStep {
    /// the thread that ran
    pub thread: ThreadId,
    /// the branch it took, when it stood before a choice
    #[serde(default, skip_serializing_if = "is_zero")]
    pub branch: u32,
    /// its name
    pub thread_name: String,
    /// `Class.method(File.java:line)` where the transition starts
    pub location: String,
    /// the operation it starts with
    pub operation: String,
    /// inside a trusted library call (`--library atomic`): the library frames folded
    /// into the call, innermost first (`location` is the user frame that made it)
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub library_frames: Vec<String>,
    /// what it printed (stdout and stderr, in order of the streams)
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub output: String,
    /// it preempts: the thread of the step before could have gone on
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub preempts: bool,
}

/// How many steps of `trace` preempt (see [`TraceStep::preempts`]).
pub fn preemptions(trace: &[TraceStep]) -> usize {
    trace.iter().filter(|s| s.preempts).count()
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
    /// `assertion`, `uncaught-exception`, `deadlock`, `non-termination` or `livelock`
    pub kind: String,
    /// the exception (`java.lang.AssertionError: ...`), or a summary
    pub message: String,
    /// the thread that failed (none for a deadlock)
    pub thread: Option<String>,
    /// where the exception was thrown, innermost first
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<String>,
    /// the threads of a deadlock or a livelock
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub threads: Vec<StuckThread>,
    /// the transitions that lead to it
    pub trace: Vec<TraceStep>,
    /// a livelock: the index in `trace` where the cycle starts (the steps from there
    /// on repeat forever)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle_start: Option<usize>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// What `jvmc replay` needs to rebuild the program and its transitions. Fields added
/// after version 1 of the trace format default, when missing, to the behaviour of the
/// jvmc that could not set them.
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
    /// whether they do so only until the program starts a second thread (the
    /// searches that need unmerged steps)
    #[serde(default)]
    pub merge_before_second_thread_only: bool,
    /// `--timeouts`
    #[serde(default = "ProgramSpec::any_timeout")]
    pub timeouts: String,
    /// `--weak-cas`
    #[serde(default = "ProgramSpec::strong_cas")]
    pub weak_cas: String,
    /// `--random`
    #[serde(default = "ProgramSpec::deterministic")]
    pub random: String,
    /// `--transition-budget`
    #[serde(default = "ProgramSpec::default_budget")]
    pub transition_budget: u64,
    /// `--library`
    #[serde(default = "ProgramSpec::explore")]
    pub library: String,
    /// `--atomic-classes`
    #[serde(default)]
    pub atomic_classes: String,
    /// `--explore-classes`
    #[serde(default)]
    pub explore_classes: String,
    /// `--lockset on` (older trace files: off)
    #[serde(default)]
    pub lockset: bool,
    /// the keys the locking discipline had found racy when the trace was recorded:
    /// with them, the schedule's transitions end where they ended in the search
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub racy: Vec<String>,
    /// `--symmetry on` with `--por none` (older trace files: off): a livelock's cycle
    /// is a cycle up to the names of young objects
    #[serde(default)]
    pub symmetry: bool,
    /// `--dead-locals forget` (older trace files: keep): the states the schedule
    /// passes, and so a livelock's cycle, are those with dead locals cleared
    #[serde(default)]
    pub dead_locals: bool,
    /// `--linearizability KIND:CLASS` (empty: off)
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub linearizability: String,
    /// `--intrinsics on` (not recorded: the transitions are the same either way)
    #[serde(skip, default = "ProgramSpec::on")]
    pub intrinsics: bool,
    /// `--restored-writes read` with a reducing search (not recorded: it changes
    /// labels, not transitions)
    #[serde(skip, default = "ProgramSpec::on")]
    pub restored_writes: bool,
}

impl Default for ProgramSpec {
    /// The command line's defaults, for an empty `MAIN`.
    fn default() -> Self {
        ProgramSpec {
            main: String::new(),
            classpath: Vec::new(),
            args: Vec::new(),
            properties: Vec::new(),
            disable_assertions: false,
            java_home: None,
            sched: "shared".into(),
            merge_single_thread: true,
            merge_before_second_thread_only: false,
            timeouts: "1s".into(),
            weak_cas: "spurious".into(),
            random: Self::deterministic(),
            transition_budget: Self::default_budget(),
            library: "atomic".into(),
            atomic_classes: String::new(),
            explore_classes: String::new(),
            lockset: true,
            racy: Vec::new(),
            symmetry: true,
            dead_locals: true,
            linearizability: String::new(),
            intrinsics: true,
            restored_writes: true,
        }
    }
}

impl ProgramSpec {
    /// When the vm merges a thread's steps.
    pub fn merging(&self) -> Merging {
        match (self.merge_single_thread, self.merge_before_second_thread_only) {
            (false, _) => Merging::Never,
            (true, true) => Merging::BeforeSecondThread,
            (true, false) => Merging::WhileAlone,
        }
    }

    fn any_timeout() -> String {
        "any".into()
    }

    fn strong_cas() -> String {
        "strong".into()
    }

    fn explore() -> String {
        "explore".into()
    }

    fn on() -> bool {
        true
    }

    fn deterministic() -> String {
        "deterministic".into()
    }

    fn default_budget() -> u64 {
        jvmc_vm::check::DEFAULT_TRANSITION_BUDGET
    }
}

/// A move of a trace file's schedule: a thread id, or `[thread, branch]` for a branch
/// other than the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ScheduledMove {
    /// branch 0 of the thread
    Thread(ThreadId),
    /// `[thread, branch]`
    Branch([u32; 2]),
}

impl From<Move> for ScheduledMove {
    fn from(m: Move) -> Self {
        match m.branch {
            0 => ScheduledMove::Thread(m.thread),
            b => ScheduledMove::Branch([m.thread, b]),
        }
    }
}

impl From<ScheduledMove> for Move {
    fn from(m: ScheduledMove) -> Self {
        match m {
            ScheduledMove::Thread(t) => Move::new(t, 0),
            ScheduledMove::Branch([t, b]) => Move::new(t, b),
        }
    }
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
    /// the moves, from the initial state
    pub schedule: Vec<ScheduledMove>,
    /// a livelock: where in `schedule` the cycle starts
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle_start: Option<usize>,
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
/// and the violation the last state shows, if any. With `cycle_start` (a livelock) the
/// steps from there on must lead back to the state they started from.
pub fn replay(sys: &mut VmSystem, schedule: &[Move], cycle_start: Option<usize>) -> anyhow::Result<(Vec<TraceStep>, Option<ViolationReport>)> {
    // a replay is not bound by the limits of the search that found the schedule
    // (one that went on past violations may have run out of time since)
    sys.set_limits(jvmc_search::StepLimits::default());
    sys.reset().map_err(|e| anyhow::anyhow!(e))?;
    let mut steps = Vec::with_capacity(schedule.len());
    let mut cycle_fingerprint = None;
    for (i, &mv) in schedule.iter().enumerate() {
        if cycle_start == Some(i) {
            cycle_fingerprint = Some(sys.fingerprint());
        }
        let tid = mv.thread;
        let enabled = sys.enabled();
        if !enabled.contains(&tid) || mv.branch >= sys.branches(tid) {
            bail!("the trace does not fit the program: at step {} thread {tid} cannot run (was the program changed?)", i + 1);
        }
        let preempting = preempts(i.checked_sub(1).map(|p| schedule[p].thread), tid, enabled.iter().copied());
        let next = sys.vm().describe_next(tid, mv.branch);
        let thread_name = sys.vm().thread_display_name(tid);
        let (out0, err0) = (sys.vm().output().stdout.len(), sys.vm().output().stderr.len());
        let step = sys.step(mv).map_err(|e| anyhow::anyhow!(e))?;
        let out = sys.vm().output();
        let mut output = String::from_utf8_lossy(out.stdout.get(out0..).unwrap_or_default()).into_owned();
        output.push_str(&String::from_utf8_lossy(out.stderr.get(err0..).unwrap_or_default()));
        steps.push(TraceStep {
            thread: tid,
            branch: mv.branch,
            thread_name: thread_name.clone(),
            location: next.location,
            operation: next.operation,
            library_frames: next.library_frames,
            output,
            preempts: preempting,
        });
        if let Some(v) = step.violation {
            if i + 1 != schedule.len() {
                bail!("the trace does not fit the program: a violation happened at step {} of {}", i + 1, schedule.len());
            }
            let last = sys.last_step();
            let stack = match (&last.uncaught, &last.diverged) {
                (Some(u), _) => u.stack.clone(),
                (None, Some(d)) => d.stack.clone(),
                (None, None) => Vec::new(),
            };
            let kind = v.kind.name().to_string();
            let thread = v.thread.map(|t| sys.vm().thread_display_name(t));
            let report = ViolationReport { kind, message: v.message, thread, stack, threads: Vec::new(), trace: steps.clone(), cycle_start: None };
            return Ok((steps, Some(report)));
        }
    }
    if let Some(start) = cycle_start {
        if cycle_fingerprint != Some(sys.fingerprint()) || start >= schedule.len() {
            bail!("the trace does not fit the program: its cycle (from step {}) does not come back to where it started", start + 1);
        }
        let threads = stuck_threads(sys);
        let mut runners: Vec<&str> = steps[start..].iter().map(|s| s.thread_name.as_str()).collect();
        runners.sort_unstable();
        runners.dedup();
        let repeated = match steps.len() - start {
            1 => "the last transition".to_string(),
            n => format!("the last {n} transitions"),
        };
        let message = format!(
            "the program never ends: {} repeat{} {repeated} forever, and every thread that could run does",
            runners.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(" and "),
            if runners.len() == 1 { "s" } else { "" },
        );
        let kind = ViolationKind::Livelock.name().to_string();
        let report = ViolationReport { kind, message, thread: None, stack: Vec::new(), threads, trace: steps.clone(), cycle_start: Some(start) };
        return Ok((steps, Some(report)));
    }
    if !sys.is_terminal() && sys.enabled().is_empty() {
        let threads = stuck_threads(sys);
        let summary = threads.iter().map(|t| format!("\"{}\" {}", t.name, t.state)).collect::<Vec<_>>().join("; ");
        let message = format!("no thread can run: {summary}");
        let kind = ViolationKind::Deadlock.name().to_string();
        let report = ViolationReport { kind, message, thread: None, stack: Vec::new(), threads, trace: steps.clone(), cycle_start: None };
        return Ok((steps, Some(report)));
    }
    Ok((steps, None))
}

/// Every thread of the current state, with what it waits for and its stack.
fn stuck_threads(sys: &VmSystem) -> Vec<StuckThread> {
    sys.vm().thread_reports().into_iter().map(|t| StuckThread { name: t.name, state: t.state, stack: t.stack }).collect()
}
