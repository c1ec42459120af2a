//! `jvmc check` and `jvmc replay`: build the program's transition system, run a
//! search strategy over it, describe what it found, and map the verdict to the exit
//! status of the CLI contract (0 ok, 1 violation, 3 incomplete; 2 and 4 are errors).

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{anyhow, bail, Context};
use jvmc_search::strategy::preemption_bound;
use jvmc_search::strategy::restarts::Restarting;
use jvmc_search::strategy::rb_config::RbConfig;
use jvmc_search::estimate::estimate_tree;
use jvmc_search::{por, strategy, Counterexample, NoListener, SearchConfig, SearchError, SearchListener, SearchReport, Strategy, ThreadOrder, Verdict};
use jvmc_vm::check::{CheckOptions, ChoiceOptions, JavaSpec, LibraryMode, LibraryPolicy, LinSpec, SchedPolicy, TimeoutPolicy, Visibility};
use jvmc_vm::{OutputMode, VmError};

use crate::graphs::GraphFiles;
use crate::html;
use crate::progress::{Goal, Progress};
use crate::report::{self, JsonReport};
use crate::system::VmSystem;
use crate::{parallel, portfolio};
use crate::trace::{self, ProgramSpec, TraceFile, ViolationReport};
use crate::CommonArgs;

/// Options of `jvmc check`.
#[derive(clap::Args, Clone)]
pub struct CheckArgs {
    /// Scheduling points: `all` (every heap access), `shared` (accesses to objects,
    /// and monitors of objects, more than one thread can reach), or
    /// `classes:PATTERN,...` (objects of matching classes, e.g.
    /// `classes:java.util.concurrent.*`, where synchronisation always counts)
    #[arg(long, default_value = "shared", value_name = "POLICY")]
    sched: String,
    /// Search strategy (dfs, bfs, random, dfs-rb — randomized early backtracking, see
    /// --rb —, pct — priority-based random walks, see --pct-depth —, pos — partial
    /// order sampling —, preemption-bounded — see --preemption-bound —, or a POR
    /// algorithm: see --por)
    #[arg(long = "search", visible_alias = "strategy", default_value = "dfs", value_name = "NAME")]
    search: String,
    /// Partial-order reduction: none, sleep (sleep sets: fewer transitions; and nothing beside a step nothing can touch, such as a join of an ended thread), spor, de-spor, dl-spor, de-jpf, dl-jpf, odpor, or a paper-faithful variant (de-spor-paper, dl-spor-paper, odpor-paper)
    /// (depth-first; names as in the stateful POR paper), sdpor (stateful DPOR), or
    /// stateless DPOR: dpor (Flanagan–Godefroid), source-dpor (source sets) or
    /// optimal-dpor (wakeup trees), all with sleep sets, or the DPOR engine
    /// (dpor-engine: data-race marker with replays; dpor-engine-every-access,
    /// dpor-engine-every-step; best with --sched all); stateless ones match no states.
    /// Default: sleep for stateful depth-first search in a fixed order, none otherwise
    /// (with --stateless, --order random or another --search)
    #[arg(long, value_name = "ALGORITHM")]
    por: Option<String>,
    /// POR visibility as in the paper: only accesses to objects and statics of these
    /// classes (`*` wildcards, comma-separated), synchronisation and CAS are visible.
    /// Sound only for clients that do nothing but call those classes. Default: an
    /// access is visible when another thread can reach what it touches
    #[arg(long = "visible-classes", value_name = "PATTERNS")]
    visible_classes: Option<String>,
    /// DFS, POR and DFS-RB enumeration order: sequential (ascending thread ids), sequential:2,0,1
    /// (these threads first, in this order) or random (with --seed)
    #[arg(long, default_value = "sequential", value_name = "ORDER")]
    order: String,
    /// POR: do not try transitions to already visited states first
    #[arg(long = "no-visited-first")]
    no_visited_first: bool,
    /// Stop at the first violation (the default; see --multiple-errors)
    #[arg(long = "first-error", conflicts_with = "multiple_errors")]
    first_error: bool,
    /// Do not store states: explore every path (bound it with --depth-limit)
    #[arg(long)]
    stateless: bool,
    /// Do not expand states this many transitions deep
    #[arg(long = "depth-limit", value_name = "N")]
    depth_limit: Option<usize>,
    /// Stop after this many new states
    #[arg(long = "max-states", value_name = "N")]
    max_states: Option<u64>,
    /// Stop after this much time (e.g. 90s, 5m, 1h; plain numbers are seconds)
    #[arg(long = "max-time", value_name = "TIME", value_parser = parse_duration)]
    max_time: Option<Duration>,
    /// Stop once the resident set exceeds this (e.g. 512M, 4G; plain numbers are bytes)
    #[arg(long = "max-memory", value_name = "SIZE", value_parser = parse_size)]
    max_memory: Option<u64>,
    /// Go on after a violation and report every one found
    #[arg(long = "multiple-errors")]
    multiple_errors: bool,
    /// With --multiple-errors: report (and replay) at most N counterexamples; the
    /// statistics still count every violation and their trace lengths
    #[arg(long = "keep-violations", value_name = "N", requires = "multiple_errors")]
    keep_violations: Option<usize>,
    /// Seed of randomised strategies
    #[arg(long, default_value_t = 0, value_name = "N")]
    seed: u64,
    /// Random search: number of walks
    #[arg(long, value_name = "N")]
    walks: Option<u64>,
    /// DFS-RB (--search dfs-rb): the configuration in the paper's tuple notation
    /// thb,thm,thr,stg,rtb,rtc (default I:5-10-20-50-100,pl,d,Lb,0.75,1.5), or @FILE: a
    /// file of `key = value` lines (thb, thm, thr, stg, rtb, rtc, iteration_time)
    #[arg(long, value_name = "CONFIG")]
    rb: Option<String>,
    /// PCT (--search pct): the bug depth d, d - 1 priority change points per walk
    #[arg(long = "pct-depth", value_name = "D", default_value_t = jvmc_search::strategy::pct::DEFAULT_DEPTH)]
    pct_depth: usize,
    /// Preemption-bounded search (--search preemption-bounded): at most N preemptions
    /// per execution (default: 0, 1, 2, ... in turn until a violation or a complete
    /// search: the counterexample with the fewest preemptions); with --search dfs-rb,
    /// DFS-RB that leaves out moves past N preemptions
    #[arg(long = "preemption-bound", value_name = "N")]
    preemption_bound: Option<usize>,
    /// Restart a randomized search (dfs with --order random, dfs-rb, random, pct,
    /// pos) from scratch with a new seed whenever a run has used its time budget
    /// without a result: fixed (every run one unit), luby (1, 1, 2, 1, 1, 2, 4, ...
    /// units) or walsh (1, √2, 2, ... units)
    #[arg(long, value_name = "fixed|luby|walsh", value_parser = ["fixed", "luby", "walsh"])]
    restarts: Option<String>,
    /// The base time unit of --restarts
    #[arg(long = "restart-unit", value_name = "TIME", default_value = "5s", value_parser = parse_duration)]
    restart_unit: Duration,
    /// After a violation is found: search for a counterexample of the same violation
    /// (same kind and message) with fewer preemptions — bounds 0, 1, ... in turn, each
    /// with the search's limits — and report the one with the fewest
    #[arg(long)]
    minimize: bool,
    /// DFS-RB: the time bound of each iteration of a threshold I:t1-...-tn (default 10s)
    #[arg(long = "rb-iteration-time", value_name = "TIME", value_parser = parse_duration)]
    rb_iteration_time: Option<Duration>,
    /// Write the JSON report to FILE (`-`: stdout, the human-readable report then goes to stderr)
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    /// Before the search, estimate the tree of unreduced stateless search with N
    /// random walks (Knuth's estimator, as GenMC and JMC do): its executions and
    /// transitions, with standard errors. The progress bar of `--stateless` search
    /// then shows what is left
    #[arg(long, value_name = "WALKS")]
    estimate: Option<u64>,
    #[command(flatten)]
    html: HtmlArgs,
    /// The DPOR engine (--por dpor-engine*): write the graph of every execution to
    /// DIR as Graphviz files (execution-000001.dot, …)
    #[arg(long = "engine-graphs", value_name = "DIR")]
    engine_graphs: Option<PathBuf>,
    /// Save the (first) counterexample to FILE for `jvmc replay`
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Collect the distinct outputs of end states, with counts
    #[arg(long)]
    outcomes: bool,
    /// Test mode: keep every state's full encoding and fail on a fingerprint collision
    #[arg(long = "exact-states")]
    exact_states: bool,
    /// Also copy the program's output to stderr while searching
    #[arg(long = "echo-output")]
    echo_output: bool,
    /// Give every scheduling point its own state, even when only one thread can run
    /// (`dpor` and the DPOR engine run so once the program has started a second thread)
    #[arg(long = "no-merge")]
    no_merge: bool,
    /// Do not look for livelocks (fair cycles: the program can run forever without
    /// ending, every thread that can run infinitely often doing so). On by default
    #[arg(long = "no-liveness")]
    no_liveness: bool,
    /// Instructions a thread may run without reaching a scheduling point before it is
    /// reported as not terminating
    #[arg(long = "transition-budget", value_name = "N", default_value_t = jvmc_vm::check::DEFAULT_TRANSITION_BUDGET)]
    transition_budget: u64,
    /// Which timed waits may time out: any, never, or those of at most DURATION
    /// (e.g. 1s, 500ms); longer ones behave as untimed
    #[arg(long, value_name = "any|never|DURATION", default_value = "1s", value_parser = parse_timeouts)]
    timeouts: String,
    /// Weak compare-and-set: may fail spuriously (spurious) or never does (strong)
    #[arg(long = "weak-cas", value_name = "spurious|strong", default_value = "spurious", value_parser = ["spurious", "strong"])]
    weak_cas: String,
    /// Random draws (Random, ThreadLocalRandom, SplittableRandom, Math.random):
    /// deterministic, or choice:N — each draw is a choice among at most N values
    #[arg(long, value_name = "deterministic|choice:N", default_value = "deterministic", value_parser = parse_random)]
    random: String,
    /// Trusted library calls (locks, atomics, latches, the linearizable operations of
    /// the concurrent collections): atomic — each runs as one step, split only where
    /// it blocks or yields; explore — every shared access inside the JDK is a
    /// scheduling point (to check the JDK itself)
    #[arg(long, value_name = "atomic|explore", default_value = "atomic", value_parser = ["atomic", "explore"])]
    library: String,
    /// With --library atomic: classes (`*` wildcards) whose every method is trusted too
    #[arg(long = "atomic-classes", value_name = "PATTERNS")]
    atomic_classes: Option<String>,
    /// With --library atomic: classes never trusted, whatever the table says
    #[arg(long = "explore-classes", value_name = "PATTERNS")]
    explore_classes: Option<String>,
    /// The locking discipline: on — a field or array access that no other thread can
    /// race with (its location is read-only since it became shared, or always
    /// accessed under a common lock) is no scheduling point; checked as the search
    /// runs, which restarts when an assumption fails; off — every shared access is one.
    /// Not under --sched all
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    lockset: String,
    /// Heap symmetry: on — objects allocated while checking are told apart by their
    /// place in the heap, not by which thread allocated them when (states equal up to
    /// such names match); off — by allocating thread, site and count. Only without
    /// partial-order reduction (--por none) or with sleep sets alone (--por sleep);
    /// the other POR algorithms always run with it off
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    symmetry: String,
    /// Dead locals: forget — at the end of each step, local variables no path of their
    /// method reads again are cleared, so states that differ only in such values
    /// match (sound for every search); keep — they stay part of the state
    #[arg(long, value_name = "forget|keep", default_value = "forget", value_parser = ["forget", "keep"])]
    dead_locals: String,
    /// Intrinsics: on — the vm makes a thread's exit (`Thread.exit` and its thread
    /// group's bookkeeping) itself, with the effects of the JDK's bytecode for it;
    /// off — that bytecode runs (the same transitions and states, more instructions)
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    intrinsics: String,
    /// Restored writes (partial-order reduction only): read — a write its transition
    /// undid (the location holds at the transition's end what it held at its start,
    /// as a lock taken and released inside one transition does) counts as a read, so
    /// two such transitions on disjoint data commute (not with `dpor`, `sdpor` and
    /// the DPOR engine, whose race rule it breaks); write — as a write
    #[arg(long, value_name = "read|write", default_value = "read", value_parser = ["read", "write"])]
    restored_writes: String,
    /// Check every call on objects of CLASS (or a subclass) against a sequential
    /// specification, KIND:CLASS with KIND one of set, map, queue, stack, counter,
    /// register (e.g. `set:LazyListSet`, `map:java.util.concurrent.ConcurrentHashMap`),
    /// or SPEC:CLASS with SPEC a Java class on the class path whose public methods are
    /// the operations and whose toString() shows its state (e.g. `SetSpec:LazyListSet`):
    /// each response must be explained by some order of the calls, each taking effect
    /// between its invocation and its response; a violation shows the history
    #[arg(long, value_name = "KIND:CLASS|SPEC:CLASS")]
    linearizability: Option<String>,
    /// The stateful POR paper's portfolio: S-POR and DL-S-POR in parallel threads,
    /// each with its own vm — to find a first error, each in every order of the worker
    /// threads 1..=N (--portfolio-threads) too; the first to a verdict stops the others
    /// and reports
    #[arg(long, conflicts_with_all = ["por", "search", "order", "minimize", "engine_graphs"])]
    portfolio: bool,
    /// With --portfolio in first-error mode: the worker threads whose orders it tries
    #[arg(long, value_name = "N", default_value_t = 3, requires = "portfolio")]
    portfolio_threads: u32,
    /// Search on N cores: N workers, each with its own vm, share the visited set and
    /// split the work (stateful dfs with --por none or sleep; livelocks are looked for in the
    /// logged state graph once the search is complete, which costs memory — use
    /// --workers 1 or --no-liveness to save it; a violation is reported as the
    /// one-worker search finds it, so traces stay deterministic). Default: the
    /// available cores where the search can run so, else 1
    #[arg(long, value_name = "N")]
    workers: Option<usize>,
    #[command(flatten)]
    common: CommonArgs,
}

/// Options of `jvmc replay`.
#[derive(clap::Args, Clone)]
pub struct ReplayArgs {
    /// A trace file written by `jvmc check --trace FILE`
    #[arg(value_name = "TRACE")]
    file: PathBuf,
    /// Write the replayed violation as JSON to FILE (`-`: stdout)
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    #[command(flatten)]
    html: HtmlArgs,
}

/// `--html` and where its page finds sources (`jvmc check` and `jvmc replay`).
#[derive(clap::Args, Clone, Debug, Default)]
pub struct HtmlArgs {
    /// Write a self-contained HTML report to FILE: the verdict, each counterexample
    /// as a table with one column per thread (library frames and source lines
    /// expandable), the outcomes and the statistics with a plot of states over time
    /// (`jvmc replay`: the replayed violation, without statistics)
    #[arg(long = "html", value_name = "FILE")]
    page: Option<PathBuf>,
    /// Where the HTML report looks for source files (directories separated by ':';
    /// the class path's directories and a `.java` main's directory are searched too)
    #[arg(long = "source-path", value_name = "DIRS")]
    source_path: Option<String>,
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, unit) = s.find(|c: char| c.is_ascii_alphabetic()).map_or((s, "s"), |i| s.split_at(i));
    let n: f64 = num.trim().parse().map_err(|_| format!("not a duration: {s:?} (use e.g. 30s, 5m, 1h)"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" | "min" => n * 60.0,
        "h" => n * 3600.0,
        _ => return Err(format!("unknown time unit {unit:?} in {s:?} (use ms, s, m or h)")),
    };
    if !(secs.is_finite() && secs >= 0.0) {
        return Err(format!("not a duration: {s:?}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// `--timeouts`: `any`, `never` or a duration.
fn parse_timeouts(s: &str) -> Result<String, String> {
    timeout_policy(s).map(|_| s.to_string())
}

fn timeout_policy(s: &str) -> Result<TimeoutPolicy, String> {
    match s {
        "any" => Ok(TimeoutPolicy::Any),
        "never" => Ok(TimeoutPolicy::Never),
        d => parse_duration(d).map(|d| TimeoutPolicy::UpTo(i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))),
    }
}

/// The most values `--random choice:N` may offer per draw.
const MAX_RANDOM_VALUES: u32 = 1 << 16;

/// `--random`: `deterministic` or `choice:N`.
fn parse_random(s: &str) -> Result<String, String> {
    random_values(s).map(|_| s.to_string())
}

fn random_values(s: &str) -> Result<Option<u32>, String> {
    if s == "deterministic" {
        return Ok(None);
    }
    let n = s.strip_prefix("choice:").and_then(|n| n.parse::<u32>().ok());
    match n {
        Some(n) if (1..=MAX_RANDOM_VALUES).contains(&n) => Ok(Some(n)),
        _ => Err(format!("not a random mode: {s:?} (use deterministic or choice:N with N from 1 to {MAX_RANDOM_VALUES})")),
    }
}

fn parse_size(s: &str) -> Result<u64, String> {
    let (num, unit) = s.find(|c: char| c.is_ascii_alphabetic()).map_or((s, ""), |i| s.split_at(i));
    let n: f64 = num.trim().parse().map_err(|_| format!("not a size: {s:?} (use e.g. 512M, 4G)"))?;
    let mult = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1.0,
        "K" | "KB" | "KIB" => 1024.0,
        "M" | "MB" | "MIB" => 1024.0 * 1024.0,
        "G" | "GB" | "GIB" => 1024.0 * 1024.0 * 1024.0,
        _ => return Err(format!("unknown size unit {unit:?} in {s:?} (use K, M or G)")),
    };
    if !(n.is_finite() && n >= 0.0) {
        return Err(format!("not a size: {s:?}"));
    }
    Ok((n * mult) as u64)
}

/// `--library`, `--atomic-classes`, `--explore-classes`.
fn library_policy(spec: &ProgramSpec) -> LibraryPolicy {
    let patterns = |s: &str| s.split(',').map(str::trim).filter(|p| !p.is_empty()).map(str::to_string).collect();
    LibraryPolicy {
        mode: if spec.library == "atomic" { LibraryMode::Atomic } else { LibraryMode::Explore },
        atomic_classes: patterns(&spec.atomic_classes),
        explore_classes: patterns(&spec.explore_classes),
    }
}

/// `spec` on the classes `prepared` holds for it, for another vm of the same program
/// (a parallel worker, a Java specification's): it compiles nothing again. A vm that
/// compiled a `.java` main itself would lose the directory with its own `Prepared`,
/// dropped where the vm is made, and fail on the first class it loads later (the
/// README's `jvmc check examples/Transfers.java` lost `Transfers$Account` on two
/// workers).
fn on_compiled(spec: &ProgramSpec, prepared: &crate::program::Prepared) -> ProgramSpec {
    ProgramSpec { main: prepared.main_class.clone(), classpath: prepared.class_path.clone(), ..spec.clone() }
}

/// Builds the transition system of `spec`: boot, main thread before `main`, checking on.
pub(crate) fn open_system(spec: &ProgramSpec, hash_output: bool, echo_output: bool, visibility: Visibility) -> anyhow::Result<(VmSystem, crate::program::Prepared)> {
    let policy = SchedPolicy::parse(&spec.sched)
        .ok_or_else(|| anyhow!("unknown scheduling policy {:?} (use all, shared or classes:PATTERN,...)", spec.sched))?;
    let timeouts = timeout_policy(&spec.timeouts).map_err(|e| anyhow!(e))?;
    let linearizability = if spec.linearizability.is_empty() { None } else { Some(LinSpec::parse(&spec.linearizability).map_err(|e| anyhow!("--linearizability {e}"))?) };
    let spec_class = linearizability.as_ref().and_then(|l| l.spec_class.clone());
    let choices = ChoiceOptions { spurious_weak_cas: spec.weak_cas == "spurious", random_values: random_values(&spec.random).map_err(|e| anyhow!(e))? };
    let (mut vm, prepared) = crate::open_vm(spec, OutputMode::Capture)?;
    vm.set_echo_output(echo_output);
    vm.prepare_main(&prepared.main_class, &spec.args)?;
    vm.start_checking(CheckOptions {
        policy,
        merging: spec.merging(),
        hash_output,
        visibility,
        choices,
        timeouts,
        transition_budget: spec.transition_budget,
        library: library_policy(spec),
        lockset: spec.lockset,
        symmetry: spec.symmetry,
        dead_locals: spec.dead_locals,
        linearizability,
        intrinsics: spec.intrinsics,
        restored_writes: spec.restored_writes,
    });
    vm.preset_racy_keys(&spec.racy);
    if let Some(class) = spec_class {
        // the specification runs on a vm of its own, never in the one checked
        let (spec_vm, _) = crate::open_vm(&on_compiled(spec, &prepared), OutputMode::Capture)?;
        vm.set_java_spec(JavaSpec::new(spec_vm, &class).map_err(|e| anyhow!("--linearizability: {e}"))?);
    }
    Ok((VmSystem::new(vm), prepared))
}

/// A search's result, its counterexamples described (replayed).
pub(crate) struct Searched {
    pub report: SearchReport,
    pub restarts: report::Restarts,
    pub violations: Vec<ViolationReport>,
    /// instructions the search ran
    pub instructions: u64,
    /// `--linearizability`: objects that went unchecked, and why
    pub unchecked: Vec<String>,
}

/// Runs strategy `name` over `sys` (with restarts) and describes what it found.
fn search_system(sys: &mut VmSystem, cfg: &SearchConfig, name: &str, listener: &mut dyn SearchListener) -> anyhow::Result<Searched> {
    let before = sys.vm().instructions();
    let (report, restarts) = search_with_restarts(sys, cfg, listener, by_name(name))?;
    let instructions = sys.vm().instructions() - before;
    let violations = report.violations.iter().map(|cex| describe(sys, cex)).collect::<anyhow::Result<Vec<_>>>()?;
    Ok(Searched { report, restarts, violations, instructions, unchecked: sys.vm().linearizability_unchecked() })
}

/// [`search_system`] on a system of its own for `spec` (a portfolio member's).
pub(crate) fn search_and_describe(spec: &ProgramSpec, cfg: &SearchConfig, hash_output: bool, visibility: Visibility, name: &str, listener: &mut dyn SearchListener) -> anyhow::Result<Searched> {
    let (mut sys, _prepared) = open_system(spec, hash_output, false, visibility)?;
    let searched = search_system(&mut sys, cfg, name, listener)?;
    sys.persist_class_cache();
    Ok(searched)
}

/// Runs strategy `name` over `sys` until a search completes without the locking
/// discipline failing an assumption it relied on (`jvmc_vm::VmError::Restart`);
/// each restart starts from the initial state with what the vm learnt. Time limits
/// cover all runs together; the report is the last run's.
fn search_with_restarts<R>(
    sys: &mut VmSystem,
    cfg: &SearchConfig,
    listener: &mut dyn SearchListener,
    mut search: impl FnMut(&mut VmSystem, &SearchConfig, &mut dyn SearchListener) -> Result<R, SearchError>,
) -> anyhow::Result<(R, report::Restarts)> {
    let started = std::time::Instant::now();
    let mut restarts = report::Restarts::default();
    loop {
        let mut run = cfg.clone();
        run.max_time = cfg.max_time.map(|t| t.saturating_sub(started.elapsed()));
        sys.begin_search();
        match search(sys, &run, listener) {
            Err(SearchError::System(e)) if matches!(e.downcast_ref::<VmError>(), Some(VmError::Restart)) => {
                restarts.restarts += 1;
                restarts.earlier_runs_ms = started.elapsed().as_millis();
                jvmc_search::TransitionSystem::reset(sys).map_err(|e| anyhow!(InternalError(e.to_string())))?;
            }
            result => {
                restarts.racy = sys.vm().racy_keys();
                return Ok((result.map_err(search_error)?, restarts));
            }
        }
    }
}

/// The search strategy `name` (restarted if `cfg.restarts` says so), as
/// [`search_with_restarts`] runs it.
fn by_name(name: &str) -> impl FnMut(&mut VmSystem, &SearchConfig, &mut dyn SearchListener) -> Result<SearchReport, SearchError> + '_ {
    move |sys, cfg, listener| match strategy::by_name(name) {
        Some(inner) => Restarting { inner }.search(sys, cfg, listener),
        None => Err(SearchError::System(format!("unknown search strategy {name:?}").into())),
    }
}

/// A counterexample described by replaying it; that the replay does not reproduce
/// the violation is an internal error.
fn describe(sys: &mut VmSystem, cex: &Counterexample) -> anyhow::Result<ViolationReport> {
    match trace::replay(sys, &cex.schedule(), cex.cycle_start)? {
        (_, Some(found)) => Ok(found),
        (_, None) => Err(anyhow!(InternalError(format!("replaying the counterexample of {:?} did not reproduce it", cex.violation.message)))),
    }
}

/// `--minimize`: a counterexample of the first violation with fewer preemptions and
/// no more transitions, if there is one within the limits (the bounded searches do
/// not go deeper than the counterexample is long); it replaces the first in `report`
/// and `violations`. Livelocks are left as they are (bounded search does not look
/// for cycles).
fn minimize(sys: &mut VmSystem, cfg: &SearchConfig, report: &mut SearchReport, violations: &mut [ViolationReport]) -> anyhow::Result<Option<(report::Minimized, report::Restarts)>> {
    let (Some(cex), Some(first)) = (report.violations.first(), violations.first()) else { return Ok(None) };
    if cex.cycle_start.is_some() {
        return Ok(None);
    }
    let target = cex.violation.clone();
    let from = trace::preemptions(&first.trace);
    let length = cex.trace.len();
    let cfg = SearchConfig { depth_limit: Some(cfg.depth_limit.map_or(length, |d| d.min(length))), ..cfg.clone() };
    let started = std::time::Instant::now();
    let mut progress = Progress::new(Goal::Unknown);
    let (found, restarts) = search_with_restarts(sys, &cfg, &mut progress, |sys, cfg, listener| preemption_bound::minimize(sys, cfg, &target, from, listener))?;
    progress.finish();
    let Some(found) = found else { return Ok(None) };
    let mut minimized = report::Minimized { from_preemptions: from, preemptions: from, from_transitions: length, transitions: length, stop: found.stop.name(), states: found.stats.states_new, elapsed_ms: started.elapsed().as_millis() };
    if let Some(better) = found.violations.into_iter().next() {
        minimized.transitions = better.trace.len();
        let replayed = describe(sys, &better)?;
        minimized.preemptions = trace::preemptions(&replayed.trace);
        report.violations[0] = better;
        violations[0] = replayed;
    }
    Ok(Some((minimized, restarts)))
}

/// The DFS-RB configuration of `--rb` (tuple or `@FILE`) and `--rb-iteration-time`;
/// `None` when neither is given.
fn rb_config(args: &CheckArgs) -> anyhow::Result<Option<RbConfig>> {
    let mut config = match args.rb.as_deref() {
        None => None,
        Some(text) => Some(match text.strip_prefix('@') {
            Some(file) => {
                let content = std::fs::read_to_string(file).with_context(|| format!("reading the DFS-RB configuration {file}"))?;
                RbConfig::parse_file(&content).with_context(|| format!("in {file}"))?
            }
            None => RbConfig::parse(text)?,
        }),
    };
    if let Some(t) = args.rb_iteration_time {
        config.get_or_insert_with(RbConfig::default).iteration_time = t;
    }
    Ok(config)
}

/// A failed search as an error of the right kind: the vm's own errors keep their type
/// (input errors exit with 2, internal ones with 4).
pub(crate) fn search_error(e: SearchError) -> anyhow::Error {
    match e {
        SearchError::System(inner) => match inner.downcast::<VmError>() {
            Ok(v) => anyhow::Error::new(*v),
            Err(other) => anyhow!(InternalError(other.to_string())),
        },
        other => anyhow!(InternalError(other.to_string())),
    }
}

/// An error that is jvmc's fault (exit status 4).
#[derive(Debug, thiserror::Error)]
#[error("internal error: {0}")]
pub struct InternalError(pub String);

/// Where the human-readable report goes: stdout, or stderr when stdout carries JSON.
fn human(json_to_stdout: bool) -> Box<dyn Write> {
    if json_to_stdout {
        Box::new(std::io::stderr())
    } else {
        Box::new(std::io::stdout())
    }
}

fn write_json(target: &str, value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(value)?;
    if target == "-" {
        println!("{text}");
    } else {
        std::fs::write(target, text + "\n").with_context(|| format!("writing {target}"))?;
    }
    Ok(())
}

/// The `--por` of a search that names none: sleep sets (every state, fewer
/// transitions; README, "Why `--por sleep` is the default") where the search is
/// stateful depth-first in a fixed order, else no reduction — sleep sets would change
/// what `--stateless`, `--order random` (a randomized search, restartable) and the
/// other strategies mean.
fn default_por(args: &CheckArgs) -> &'static str {
    if args.search == "dfs" && !args.stateless && args.order != "random" {
        "sleep"
    } else {
        "none"
    }
}

/// `jvmc check`.
pub fn check(args: CheckArgs) -> anyhow::Result<i32> {
    let name = match (args.por.as_deref().unwrap_or_else(|| default_por(&args)), args.search.as_str()) {
        ("none", search) => search,
        (por, "dfs") if por::ALGORITHMS.contains(&por) || por::STATELESS.contains(&por) => por,
        (por, "dfs") => bail!("unknown POR algorithm {por:?} (choose one of: none, {}, {})", por::ALGORITHMS.join(", "), por::STATELESS.join(", ")),
        (_, search) => bail!("--por works with depth-first search only, not --search {search}"),
    };
    if args.engine_graphs.is_some() && !name.starts_with("dpor-engine") {
        bail!("--engine-graphs needs the DPOR engine (--por dpor-engine, dpor-engine-every-access or dpor-engine-every-step), not {name}");
    }
    if (args.rb.is_some() || args.rb_iteration_time.is_some()) && name != "dfs-rb" {
        bail!("--rb and --rb-iteration-time configure --search dfs-rb, not {name}");
    }
    let rb = rb_config(&args)?;
    let randomized = matches!(name, "dfs-rb" | "random" | "pct" | "pos") || (name == "dfs" && args.order == "random");
    if args.restarts.is_some() && !randomized {
        bail!("--restarts restarts a randomized search (dfs with --order random, dfs-rb, random, pct or pos), not {name}{}", if name == "dfs" { " in sequential order" } else { "" });
    }
    if args.preemption_bound.is_some() && !matches!(name, "preemption-bounded" | "dfs-rb") {
        bail!("--preemption-bound bounds --search preemption-bounded or dfs-rb, not {name}");
    }
    let restarts = args.restarts.as_deref().and_then(|k| jvmc_search::RestartSchedule::parse(k, args.restart_unit));
    let Some((state_independent, symmetric)) = strategy::by_name(name).map(|s| (s.needs_state_independent_steps(), s.matches_up_to_symmetry())) else {
        bail!("unknown search strategy {name:?} (choose one of: {})", strategy::names().collect::<Vec<_>>().join(", "));
    };
    let Some(order) = ThreadOrder::parse(&args.order) else {
        bail!("unknown order {:?} (use sequential, sequential:T,T,... or random)", args.order);
    };
    let visibility = args.visible_classes.as_deref().map_or(Visibility::Reachable, Visibility::classes);
    let mut spec = args.common.spec(&args.sched, !args.no_merge);
    spec.merge_before_second_thread_only = state_independent;
    spec.timeouts = args.timeouts.clone();
    spec.weak_cas = args.weak_cas.clone();
    spec.random = args.random.clone();
    spec.transition_budget = args.transition_budget;
    spec.library = args.library.clone();
    spec.atomic_classes = args.atomic_classes.clone().unwrap_or_default();
    spec.explore_classes = args.explore_classes.clone().unwrap_or_default();
    // `--sched all` asks for a scheduling point at every access
    spec.lockset = args.lockset == "on" && args.sched != "all";
    let reduces = por::ALGORITHMS.contains(&name) || por::STATELESS.contains(&name);
    spec.symmetry = args.symmetry == "on" && symmetric;
    spec.dead_locals = args.dead_locals == "forget";
    spec.intrinsics = args.intrinsics == "on";
    // only a search that reads labels gains from it; not one that needs labels
    // independent of the state (Flanagan–Godefroid's race rule: `dpor`, `sdpor`, the
    // engine): a restored write's label depends on the state (a read where the
    // location already held the value), and random programs lost outcomes under them
    // (`por_soundness` seeds 58, 63 and 97 of 150: `System.arraycopy` within one
    // array, writing zeros over zeros)
    spec.restored_writes = args.restored_writes == "read" && reduces && !state_independent;
    spec.linearizability = args.linearizability.clone().unwrap_or_default();
    let cfg = SearchConfig {
        depth_limit: args.depth_limit,
        max_states: args.max_states,
        max_time: args.max_time,
        max_memory: args.max_memory,
        multiple_errors: args.multiple_errors,
        kept_violations: args.keep_violations,
        stateless: args.stateless,
        seed: args.seed,
        exact_states: args.exact_states,
        collect_outcomes: args.outcomes,
        walks: args.walks,
        order,
        visited_first: !args.no_visited_first,
        liveness: !args.no_liveness,
        rb,
        pct_depth: args.pct_depth,
        preemption_bound: args.preemption_bound,
        restarts,
    };
    let mut minimized = None;
    let mut won = None;
    let mut samples = Vec::new();
    let mut estimate = None;
    if args.portfolio && args.estimate.is_some() {
        bail!("--estimate walks before a single search, not before --portfolio");
    }
    let serial = match (args.portfolio, args.echo_output) {
        (true, _) => Some("--portfolio".to_string()),
        // the program's output, as it runs, would come from every worker
        (_, true) => Some("--echo-output".to_string()),
        _ => parallel::unsupported(name, &cfg, &spec),
    };
    let workers = match (args.workers, &serial) {
        (Some(0), _) => bail!("--workers needs at least 1"),
        (Some(n), Some(why)) if n > 1 => bail!("--workers {n}: the parallel search does not do {why}; use --workers 1"),
        (Some(n), _) => n,
        (None, None) => parallel::default_workers(),
        (None, Some(_)) => 1,
    };
    let mut handover = None;
    let searched = if args.portfolio {
        spec.symmetry = false;
        let members = portfolio::members(!args.multiple_errors, args.portfolio_threads);
        let (winner, searched) = portfolio::race(&spec, &cfg, args.outcomes, &visibility, &members)?;
        won = Some(report::PortfolioWinner { algorithm: members[winner].algorithm.to_string(), order: members[winner].order.clone(), members: members.len() });
        searched
    } else {
        let (mut sys, prepared) = open_system(&spec, args.outcomes, args.echo_output, visibility.clone())?;
        if let Some(walks) = args.estimate {
            let started = std::time::Instant::now();
            let depth = cfg.depth_limit.unwrap_or(ESTIMATE_DEPTH);
            let (e, _) = search_with_restarts(&mut sys, &cfg, &mut NoListener, |sys, cfg, _| estimate_tree(sys, walks, cfg.seed, depth).map_err(SearchError::System))?;
            jvmc_search::TransitionSystem::reset(&mut sys).map_err(|e| anyhow!(InternalError(e.to_string())))?;
            estimate = Some(report::JsonEstimate::new(&e, started.elapsed()));
        }
        let goal = match (&estimate, args.max_states, args.max_time) {
            (Some(e), _, _) if args.stateless && name == "dfs" => Goal::Transitions(e.transitions),
            (_, Some(n), _) => Goal::States(n),
            (_, None, Some(t)) => Goal::Time(t),
            _ => Goal::Unknown,
        };
        let mut progress = Progress::new(goal);
        let open = |spec: &ProgramSpec, visibility: Visibility| open_system(spec, args.outcomes, false, visibility).map(|(sys, _)| sys);
        let in_parallel = if workers > 1 { Some(parallel::search(&on_compiled(&spec, &prepared), &cfg, workers, &open, &visibility, name == "sleep", &mut progress)?) } else { None };
        // a violation found in parallel is searched for again by one worker, whose
        // trace is the deterministic one
        handover = in_parallel.as_ref().filter(|p| p.report.verdict() == Verdict::Violation).map(|p| parallel::handover_text(p, workers));
        let result = match in_parallel {
            Some(p) if handover.is_none() => Ok(Searched { report: p.report, restarts: p.restarts, violations: Vec::new(), instructions: p.instructions, unchecked: Vec::new() }),
            _ => match &args.engine_graphs {
                Some(dir) => {
                    let mut graphs = GraphFiles::new(dir.clone(), &mut progress).with_context(|| format!("creating {}", dir.display()))?;
                    search_system(&mut sys, &cfg, name, &mut graphs)
                }
                None => search_system(&mut sys, &cfg, name, &mut progress),
            },
        };
        progress.finish();
        let mut searched = result?;
        progress.finish_samples(&searched.report.stats);
        samples = progress.samples().to_vec();
        if args.minimize {
            if let Some((m, later)) = minimize(&mut sys, &cfg, &mut searched.report, &mut searched.violations)? {
                // the racy keys only grow: the later search's are those the trace needs
                searched.restarts.racy = later.racy;
                searched.restarts.restarts += later.restarts;
                minimized = Some(m);
            }
        }
        sys.persist_class_cache();
        searched
    };
    let Searched { report, restarts, violations, instructions, unchecked } = searched;
    spec.racy = restarts.racy.clone();

    let json_to_stdout = args.json.as_deref() == Some("-");
    let mut out = human(json_to_stdout);
    print_report(&mut out, &report, &violations, instructions, args.outcomes)?;
    // the lines under the statistics: printed here, and shown in the HTML report
    let mut notes: Vec<String> = Vec::new();
    if restarts.restarts > 0 {
        notes.push(report::restarts_text(&restarts));
    }
    notes.extend(handover);
    notes.extend(minimized.as_ref().map(report::minimized_text));
    notes.extend(won.as_ref().map(|w| format!("  portfolio     {} in order {} reached the verdict first, of {} members", w.algorithm, w.order, w.members)));
    notes.extend(unchecked.iter().map(|why| format!("  warning       {why}")));
    notes.extend(estimate.as_ref().map(report::estimate_text));
    for line in &notes {
        writeln!(out, "{line}")?;
    }
    let mut json = JsonReport::new(&report, &violations, instructions, args.outcomes);
    json.lockset = Some(restarts);
    json.minimized = minimized;
    json.linearizability_unchecked = unchecked;
    json.portfolio = won;
    json.estimate = estimate;
    if let Some(target) = &args.json {
        write_json(target, &json)?;
    }
    if let Some(path) = &args.html.page {
        // the page shows the statistics block's lines, then those under it
        let mut lines: Vec<String> = report::stats_text(&report, instructions).lines().skip(1).map(String::from).collect();
        lines.extend(notes);
        write_html(&mut out, path, &html::Page::of_check(command_line(), &json, &samples, lines), &spec, args.html.source_path.as_deref())?;
    }
    if let (Some(path), Some(first), Some(cex)) = (&args.trace, violations.first(), report.violations.first()) {
        let file = TraceFile {
            format: TraceFile::FORMAT.into(),
            version: 1,
            program: spec.clone(),
            schedule: cex.schedule().into_iter().map(trace::ScheduledMove::from).collect(),
            cycle_start: cex.cycle_start,
            violation: first.clone(),
        };
        write_json(&path.to_string_lossy(), &file)?;
        writeln!(out, "counterexample saved to {} (jvmc replay {})", path.display(), path.display())?;
    }
    Ok(match report.verdict() {
        Verdict::Ok => 0,
        Verdict::Violation => 1,
        Verdict::Incomplete => 3,
    })
}

/// Writes `page` to `path`, with source lines looked up under `source_path`, the
/// program's class path directories and a `.java` main's directory, and says so on
/// `out`.
fn write_html(out: &mut dyn Write, path: &std::path::Path, page: &html::Page, spec: &ProgramSpec, source_path: Option<&str>) -> anyhow::Result<()> {
    let mut roots: Vec<PathBuf> = source_path.map(|p| p.split(':').filter(|d| !d.is_empty()).map(PathBuf::from).collect()).unwrap_or_default();
    roots.extend(spec.classpath.iter().cloned());
    roots.extend(spec.main.ends_with(".java").then(|| PathBuf::from(&spec.main).parent().map(PathBuf::from)).flatten());
    let text = html::render(page, &mut html::sources::SourceFinder::new(roots));
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    writeln!(out, "HTML report written to {}", path.display())?;
    Ok(())
}

/// `--estimate`: walks stop this deep unless `--depth-limit` says otherwise.
const ESTIMATE_DEPTH: usize = 100_000;

/// How the user called jvmc, arguments with spaces or quotes quoted.
fn command_line() -> String {
    let quote = |a: String| if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '"' || c == '\'') { format!("'{}'", a.replace('\'', "'\\''")) } else { a };
    let mut args = std::env::args();
    let program = args.next().map(|p| std::path::Path::new(&p).file_name().map_or(p.clone(), |n| n.to_string_lossy().into_owned())).unwrap_or_else(|| "jvmc".into());
    std::iter::once(program).chain(args.map(quote)).collect::<Vec<_>>().join(" ")
}

fn print_report(out: &mut dyn Write, report: &SearchReport, violations: &[ViolationReport], instructions: u64, outcomes: bool) -> anyhow::Result<()> {
    for (i, v) in violations.iter().enumerate() {
        if violations.len() > 1 {
            writeln!(out, "=== violation {} of {} ===", i + 1, violations.len())?;
        }
        writeln!(out, "{}", report::violation_text(v))?;
    }
    if outcomes {
        writeln!(out, "{}", report::outcomes_text(report))?;
    }
    write!(out, "{}", report::stats_text(report, instructions))?;
    writeln!(out, "{}", report::verdict_line(report))?;
    Ok(())
}

/// `jvmc replay TRACE.json`.
pub fn replay(args: ReplayArgs) -> anyhow::Result<i32> {
    let file = TraceFile::read(&args.file)?;
    let (mut sys, _prepared) = open_system(&file.program, false, false, Visibility::Reachable)?;
    let schedule: Vec<jvmc_search::Move> = file.schedule.iter().map(|&m| m.into()).collect();
    let (steps, found) = trace::replay(&mut sys, &schedule, file.cycle_start)?;
    let json_to_stdout = args.json.as_deref() == Some("-");
    let mut out = human(json_to_stdout);
    let Some(found) = found else {
        write!(out, "{}", report::trace_text(&steps, file.cycle_start))?;
        return Err(anyhow!(InternalError(format!(
            "the replay ended without the recorded violation ({}: {})",
            file.violation.kind, file.violation.message
        ))));
    };
    writeln!(out, "{}", report::violation_text(&found))?;
    if found.kind != file.violation.kind || found.message != file.violation.message {
        writeln!(out, "note: the trace file recorded {}: {}", file.violation.kind, file.violation.message)?;
    }
    if let Some(target) = &args.json {
        write_json(target, &found)?;
    }
    if let Some(path) = &args.html.page {
        let page = html::Page { command: command_line(), verdict: "violation", violations: vec![&found], stats: None, outcomes: None, samples: &[], notes: Vec::new() };
        write_html(&mut out, path, &page, &file.program, args.html.source_path.as_deref())?;
    }
    Ok(1)
}
