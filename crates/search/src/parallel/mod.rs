//! Multi-core stateful depth-first search, after LTSmin's multi-core backend (Laarman,
//! van de Pol and Weber, "Boosting multi-core reachability performance with shared
//! hash tables", FMCAD 2010): [`parallel_dfs`].
//!
//! # What it owns
//! - N worker threads, each with its own system (made by the caller's
//!   [`SystemFactory`] inside the worker's thread, so systems need not be `Send`),
//!   each running the stateful DFS of `strategy/dfs.rs` (iterative, `save`/`restore`,
//!   a state's moves in `cfg.order`) with its own `SearchRun` for the bookkeeping.
//! - `SharedStates`: the one visited set of fingerprints all workers match against
//!   (a [`ShardedVisitedSet`] of 256 independently locked shards), with `exact_states`
//!   one shared [`ExactStore`], and the global count of new states that `max_states`
//!   limits.
//! - Work sharing: a pool of `WorkItem`s. A busy worker that sees an idle worker and
//!   an empty pool gives away the untried moves of the bottom-most frame of its stack
//!   that has some; an idle worker takes an item, resets its system and replays the
//!   item's prefix (counted in [`Stats::replayed_transitions`], not in `transitions`;
//!   the replayed labels start its path, so counterexamples are full traces from the
//!   initial state), then explores exactly the item's moves.
//! - Termination (all workers idle and the pool empty, decided under the pool's
//!   mutex) and stopping (a shared flag every worker checks before each transition;
//!   the first stop reason or error wins).
//! - Livelock detection (`cfg.liveness`): Tarjan's algorithm follows one depth-first
//!   order, so it cannot run on the fly across workers. Each worker logs the graph it
//!   explores (expanded states with their moves, transitions with their targets);
//!   once the search is complete, `livelocks.rs` walks the logged graph — the graph
//!   the one-worker search explores — in the one-worker search's order with its cycle
//!   finder, and finds the same fair cycles. The log costs memory (reported as
//!   [`Stats::parallel_graph_bytes`]).
//! - The coordinator, on the calling thread: the caller's listener (which need not be
//!   `Send`) stays there and is called about every `TICK` (100 ms) with statistics gathered
//!   from the workers, and once for each counterexample the workers found, in the
//!   order found.
//!
//! # What it must not do
//! Count a state or a transition twice: a state is new for exactly one worker (the one
//! whose insertion into the shared set succeeded), and every move of an expanded state
//! is executed by exactly one worker. Replays are not exploration. It must not keep a
//! lock while running the system.
//!
//! # Determinism
//! On a complete search, `states_new`, `states_visited`, `transitions`, `end_states`,
//! the outcomes, the number and kinds of violations (with `multiple_errors`) and the
//! verdict equal those of the sequential stateful DFS. Which counterexample is found
//! first (and its trace), `max_depth`, the replayed transitions, and every count of a
//! search that was stopped early depend on timing.
//! With sleep sets ([`parallel_sleep_sets`], `sleep.rs`) the transitions (and,
//! through merged steps, a few states) of a complete search depend on timing too;
//! the verdict, violations and outcomes do not.
//!
//! Supported: every [`SearchConfig`] option of the stateful DFS but `stateless` and
//! `depth_limit`, which are refused ([`SearchError::Unsupported`]). A
//! random `order` shuffles each state's moves with a generator per worker (seeded with
//! `seed` and the worker's index).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Acquire, Ordering::Relaxed, Ordering::Release};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use jvmc_state::{ExactStore, ShardedVisitedSet};

use crate::config::SearchConfig;
use crate::error::SearchError;
use crate::listener::{ListenerError, SearchListener};
use crate::memory;
use crate::report::{Counterexample, SearchReport, Stats, StopReason};
use crate::rng::SearchRng;
use crate::run::{livelock_counterexample, Flow, Halt, Node, SearchRun};
use crate::system::{Fingerprint, Move, SaveMark, SystemError, ThreadId, Transition, TransitionSystem};

mod livelocks;
mod sleep;

use livelocks::GraphLog;
use sleep::{Sleeper, SleepStore};

/// Makes the system worker `w` explores (called once per worker, inside that worker's
/// thread; systems need not be `Send`). Every system it makes must be the same
/// deterministic system: a worker replays, on its own, paths another worker found.
pub type SystemFactory<'a> = dyn Fn(usize) -> Result<Box<dyn TransitionSystem>, SystemError> + Sync + 'a;

/// How often the coordinator reports progress and checks the time and memory limits.
const TICK: Duration = Duration::from_millis(100);
/// The stack of a worker thread (the vm interprets on it), as the CLI's portfolio.
const WORKER_STACK: usize = 64 << 20;

/// Locks a mutex; a worker that panicked holding it left consistent data (every
/// critical section here is a few assignments), so poisoning is ignored.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The state matching all workers share (see the module docs); a worker's
/// [`SearchRun`] uses it in place of its own visited set.
pub(crate) struct SharedStates {
    visited: ShardedVisitedSet,
    exact: Option<Mutex<ExactStore>>,
    /// new states admitted so far, all workers together (kept with `max_states` only)
    admitted: AtomicU64,
}

impl SharedStates {
    /// Adds the current state of `sys`, with fingerprint `fp` (checked against the
    /// exact store first, if there is one); `true` if no worker had added it before.
    pub(crate) fn insert(&self, sys: &mut dyn TransitionSystem, fp: Fingerprint) -> Result<bool, SearchError> {
        if let Some(exact) = &self.exact {
            let encoding = sys.encode().ok_or(SearchError::NoEncoding)?;
            lock(exact).insert(fp, &encoding)?;
        }
        Ok(self.visited.insert(fp))
    }

    /// Whether some worker added `fp`.
    pub(crate) fn contains(&self, fp: Fingerprint) -> bool {
        self.visited.contains(fp)
    }

    /// Counts one more new state against `max`; `false` (nothing counted) if that
    /// would exceed it.
    pub(crate) fn admit(&self, max: Option<u64>) -> bool {
        let Some(max) = max else { return true };
        self.admitted.fetch_update(Relaxed, Relaxed, |n| (n < max).then_some(n + 1)).is_ok()
    }

    /// Memory of the visited set (all shards), in bytes.
    pub(crate) fn bytes(&self) -> u64 {
        self.visited.bytes()
    }
}

/// A state a worker gave away: reached from the initial state by `prefix` (already
/// counted as visited by the donor), with `moves` still to explore.
struct WorkItem {
    prefix: Vec<Move>,
    moves: Vec<Move>,
    /// with sleep sets: the state's inherited sleep set, and the moves the donor
    /// explored from it (every branch of their threads)
    sleep: Vec<Sleeper>,
    done: Vec<Sleeper>,
    /// its fingerprint, to check the replay (`None`: not known)
    fp: Option<Fingerprint>,
}

/// The pool of work items, and who waits for one.
#[derive(Default)]
struct Pool {
    items: Vec<WorkItem>,
    idle: usize,
    /// every worker was idle with the pool empty: the search is complete
    done: bool,
}

/// How the search ended, if not by running out of work.
enum Ending {
    Stop(StopReason),
    Error(SearchError),
}

/// What the workers tell the coordinator.
#[derive(Default)]
struct Events {
    /// counterexamples not yet handed to the listener, in the order found
    found: Vec<Counterexample>,
    /// workers still running
    running: usize,
    /// the violations found (also those past `kept_violations`), counted in
    /// `violations` and the `violation_depth_*` figures
    counted: Stats,
}

/// A worker's counters as it last published them (on each new state), for progress;
/// on cache lines of its own.
#[repr(align(128))]
#[derive(Default)]
struct Progress(Mutex<Stats>);

/// Everything the workers and the coordinator share.
struct Shared<'c> {
    cfg: &'c SearchConfig,
    workers: usize,
    started: Instant,
    states: SharedStates,
    /// with sleep sets ([`parallel_sleep_sets`]): each explored state's sleep set
    sleep: Option<SleepStore>,
    /// with sleep sets: a worker met a state on its own stack, so the program has a
    /// cycle and the search stopped to run again without sleep sets
    met_cycle: AtomicBool,
    pool: Mutex<Pool>,
    /// signalled when an item is added, the search is done, or it stops
    work: Condvar,
    /// copies of `pool.idle` and `pool.items.len()`, read without the lock
    idle: AtomicUsize,
    queued: AtomicUsize,
    stop: AtomicBool,
    ending: Mutex<Option<Ending>>,
    events: Mutex<Events>,
    /// signalled on a counterexample, a worker's exit, or a stop
    event: Condvar,
    progress: Box<[Progress]>,
}

impl Shared<'_> {
    /// Whether the search stops; once it does, its ending is set (unless a thread
    /// panicked).
    fn stopped(&self) -> bool {
        self.stop.load(Acquire)
    }

    /// Ends the search (the first ending wins) and wakes everyone.
    fn end(&self, ending: Ending) {
        lock(&self.ending).get_or_insert(ending);
        self.halt();
    }

    /// Raises the stop flag and wakes everyone (the ending, if any, set before).
    fn halt(&self) {
        self.stop.store(true, Release);
        self.wake();
    }

    /// Wakes idle workers and the coordinator, taking each lock so that nobody
    /// between checking the stop flag and waiting misses the signal.
    fn wake(&self) {
        drop(lock(&self.pool));
        self.work.notify_all();
        drop(lock(&self.events));
        self.event.notify_all();
    }

    /// Whether a busy worker should give work away: someone is idle and the pool is
    /// empty.
    fn wants_work(&self) -> bool {
        self.idle.load(Relaxed) > 0 && self.queued.load(Relaxed) == 0
    }

    fn give(&self, item: WorkItem) {
        let mut pool = lock(&self.pool);
        pool.items.push(item);
        self.queued.store(pool.items.len(), Relaxed);
        drop(pool);
        self.work.notify_one();
    }

    /// Waits, idle, for a work item; `None` once the search is done or stopped.
    fn take(&self) -> Option<WorkItem> {
        let mut pool = lock(&self.pool);
        pool.idle += 1;
        self.idle.store(pool.idle, Relaxed);
        loop {
            if pool.done || self.stopped() {
                return None;
            }
            if let Some(item) = pool.items.pop() {
                pool.idle -= 1;
                self.idle.store(pool.idle, Relaxed);
                self.queued.store(pool.items.len(), Relaxed);
                return Some(item);
            }
            if pool.idle == self.workers {
                pool.done = true;
                drop(pool);
                self.work.notify_all();
                return None;
            }
            pool = self.work.wait(pool).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Records a counterexample for the coordinator; `false` if it is dropped (the
    /// search stops at the first violation and another worker found one).
    fn found(&self, found: &Counterexample) -> bool {
        let mut events = lock(&self.events);
        if !self.cfg.multiple_errors && events.counted.violations > 0 {
            return false;
        }
        events.counted.count_violation(found.trace.len());
        events.found.push(found.clone());
        if !self.cfg.multiple_errors {
            // the ending is set before the events lock is released: a worker that then
            // finds its violation dropped stops its run, and its stop must not come first
            lock(&self.ending).get_or_insert(Ending::Stop(StopReason::Violation));
        }
        drop(events);
        self.event.notify_all();
        if !self.cfg.multiple_errors {
            self.halt();
        }
        true
    }

    /// Sets the figures of `stats` the shared structures own: workers, time, memory
    /// of the visited set, contention, violations.
    fn fill(&self, stats: &mut Stats) {
        (stats.workers, stats.elapsed, stats.visited_set_bytes) = (self.workers as u32, self.started.elapsed(), self.states.bytes());
        stats.parallel_contended = self.states.visited.contended();
        let events = lock(&self.events);
        let c = &events.counted;
        (stats.violations, stats.violation_depth_min, stats.violation_depth_sum) = (c.violations, c.violation_depth_min, c.violation_depth_sum);
    }

    /// The statistics so far, gathered from what the workers published.
    fn snapshot(&self) -> Stats {
        let mut stats = Stats::default();
        for p in self.progress.iter() {
            stats.add(&lock(&p.0));
        }
        self.fill(&mut stats);
        stats
    }
}

/// The listener of a worker's [`SearchRun`]: publishes its counters, hands
/// counterexamples to the coordinator, and stops the run once the search stops.
struct WorkerListener<'s, 'c> {
    shared: &'s Shared<'c>,
    me: usize,
}

impl SearchListener for WorkerListener<'_, '_> {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        lock(&self.shared.progress[self.me].0).clone_from(stats);
        Ok(!self.shared.stopped())
    }

    /// A counterexample another worker's violation made redundant (the search stops at
    /// the first) stops this worker too.
    fn on_violation(&mut self, found: &Counterexample, _stats: &Stats) -> Result<bool, ListenerError> {
        Ok(self.shared.found(found))
    }
}

/// Stops the search if the thread holding it panics (a worker, or the coordinator in
/// the listener), so that the others leave and the panic reaches the caller.
struct StopOnPanic<'s, 'c>(&'s Shared<'c>);

impl Drop for StopOnPanic<'_, '_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.halt();
        }
    }
}

/// Counts a worker out when it leaves (also by a panic).
struct Leaving<'s, 'c>(&'s Shared<'c>);

impl Drop for Leaving<'_, '_> {
    fn drop(&mut self) {
        lock(&self.0.events).running -= 1;
        self.0.event.notify_all();
    }
}

/// A state on a worker's stack.
struct Frame {
    /// the moves this worker explores from it (those given away are removed)
    moves: Vec<Move>,
    /// index in `moves` of the next one to try
    next: usize,
    /// the save taken before the transition currently explored below it
    mark: Option<SaveMark>,
    /// its depth: the length of the path to it
    depth: usize,
    fp: Option<Fingerprint>,
    /// its number in the worker's graph log (with livelock detection)
    logged: u32,
    /// with sleep sets: its sleep set (threads whose moves are skipped), its threads,
    /// and the moves explored from it so far with their labels
    sleep: Vec<Sleeper>,
    asleep: crate::por::ThreadSet,
    done: Vec<Sleeper>,
}

/// What a worker counted.
struct WorkerOut {
    stats: Stats,
    outcomes: BTreeMap<String, u64>,
    /// with livelock detection: the graph it explored
    log: Option<GraphLog>,
}

/// Explores the system `make` makes with `workers` threads sharing one visited set
/// (see the module docs), as the stateful DFS would, reporting to `listener` from the
/// calling thread. The report's strategy is `dfs`; `stats.workers` is `workers`.
///
/// # Errors
/// [`SearchError::Unsupported`] for `workers == 0`, `cfg.stateless` or a depth
/// limit; otherwise as the sequential DFS: the first error of a system
/// (passed through unchanged in [`SearchError::System`], also one `make` returns), of
/// the exact-states check, or of the listener.
pub fn parallel_dfs(make: &SystemFactory<'_>, workers: usize, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
    search(make, workers, cfg, false, listener).map(|(report, _)| report)
}

/// [`parallel_dfs`] with sleep sets (`--por sleep` on several workers; `sleep.rs`,
/// `docs/algorithms/sleep.md`): fewer transitions, and no move from a state after a
/// step nothing can touch (`Reduction::cuts_after_untouchable_steps`). The workers log the
/// graph they explore; if it has a cycle the search runs again without sleep sets
/// (with the cycle finder if `cfg.liveness`), else the program has none. Unlike
/// [`parallel_dfs`], the counts of a complete search depend on timing (which worker
/// reaches a state first decides the sleep set it is explored with); the verdict and
/// the outcomes do not. The report's strategy is `sleep`.
pub fn parallel_sleep_sets(make: &SystemFactory<'_>, workers: usize, cfg: &SearchConfig, listener: &mut dyn SearchListener) -> Result<SearchReport, SearchError> {
    let started = Instant::now();
    let (mut first, cyclic) = search(make, workers, cfg, true, listener)?;
    first.strategy = "sleep";
    if !cyclic {
        return Ok(first);
    }
    let (mut second, _) = search(make, workers, &cfg.time_left(started), false, listener)?;
    second.strategy = "sleep";
    Ok(second.after_sleep_sets_met_a_cycle(&first, started))
}

/// The parallel search, with sleep sets if `sleep_sets`: its report, and (with sleep
/// sets, complete) whether the graph explored has a cycle.
fn search(make: &SystemFactory<'_>, workers: usize, cfg: &SearchConfig, sleep_sets: bool, listener: &mut dyn SearchListener) -> Result<(SearchReport, bool), SearchError> {
    check_supported(cfg, workers)?;
    let shared = Shared {
        cfg,
        workers,
        started: Instant::now(),
        states: SharedStates { visited: ShardedVisitedSet::default(), exact: cfg.exact_states.then(|| Mutex::new(ExactStore::new())), admitted: AtomicU64::new(0) },
        sleep: sleep_sets.then(SleepStore::new),
        met_cycle: AtomicBool::new(false),
        pool: Mutex::new(Pool::default()),
        work: Condvar::new(),
        idle: AtomicUsize::new(0),
        queued: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        ending: Mutex::new(None),
        events: Mutex::new(Events { running: workers, ..Events::default() }),
        event: Condvar::new(),
        progress: (0..workers).map(|_| Progress::default()).collect(),
    };
    let mut kept = Vec::new();
    let outs: Vec<WorkerOut> = std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(workers);
        for me in 0..workers {
            let shared = &shared;
            let spawned = std::thread::Builder::new().name(format!("jvmc-worker-{me}")).stack_size(WORKER_STACK).spawn_scoped(scope, move || worker(shared, make, me));
            match spawned {
                Ok(handle) => handles.push(handle),
                Err(e) => {
                    shared.end(Ending::Error(SearchError::System(Box::new(e))));
                    lock(&shared.events).running -= 1;
                }
            }
        }
        let stop_on_panic = StopOnPanic(&shared);
        coordinate(&shared, listener, &mut kept);
        drop(stop_on_panic);
        handles.into_iter().filter_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    let mut stop = match lock(&shared.ending).take() {
        Some(Ending::Error(e)) => return Err(e),
        Some(Ending::Stop(reason)) => reason,
        None => StopReason::Complete,
    };
    // counts summed, depths and memory the larger (the workers' violation counts
    // include those dropped: `fill` puts the shared ones in their place)
    let mut stats = Stats::default();
    let mut outcomes = BTreeMap::new();
    let mut logs = Vec::new();
    for out in outs {
        logs.extend(out.log);
        stats.add(&out.stats);
        stats.replayed_transitions += out.stats.replayed_transitions;
        for (outcome, count) in out.outcomes {
            *outcomes.entry(outcome).or_insert(0) += count;
        }
    }
    shared.fill(&mut stats);
    stats.visited_set_bytes += shared.sleep.as_ref().map_or(0, SleepStore::bytes);
    stats.parallel_graph_bytes = logs.iter().map(GraphLog::bytes).sum();
    let started = shared.started;
    // (a violation that ended the search is reported: sleep sets never make one up)
    let met_cycle = shared.met_cycle.load(Acquire) && stop != StopReason::Violation;
    // the visited set is not needed any more: its memory goes before the walk's comes
    drop(shared);
    let mut cyclic = false;
    if sleep_sets {
        // an acyclic graph explored with sleep sets proves the program acyclic: no
        // livelock (`docs/algorithms/sleep.md`); a cyclic one is searched again — at
        // once when a worker met a state on its own stack, else once the graph is
        // complete (a cycle through several workers' states shows only in the graph)
        cyclic = met_cycle || (stop == StopReason::Complete && livelocks::has_cycle(&mut logs));
    } else if cfg.liveness && stop == StopReason::Complete {
        stop = report_livelocks(logs, cfg, started, listener, &mut stats, &mut kept)?;
    }
    stats.elapsed = started.elapsed();
    stats.peak_rss_bytes = stats.peak_rss_bytes.max(memory::peak_resident_set_bytes().unwrap_or(0));
    Ok((SearchReport { strategy: "dfs", stop, violations: kept, stats, outcomes }, cyclic))
}

/// Looks for livelocks in the graph the workers logged, once they explored all of it,
/// and reports them as the one-worker search does (`SearchRun::livelock`); how the
/// search ends: at the time or memory limit if the walk reached one (the search began
/// at `started`).
fn report_livelocks(logs: Vec<GraphLog>, cfg: &SearchConfig, started: Instant, listener: &mut dyn SearchListener, stats: &mut Stats, kept: &mut Vec<Counterexample>) -> Result<StopReason, SearchError> {
    let limits = cfg.step_limits(started);
    let limit = || limits.exceeded().map(StopReason::from);
    let (cycles, walk_stopped) = livelocks::fair_cycles(logs, cfg.multiple_errors, &limit);
    for found in cycles {
        let cx = livelock_counterexample(&found.path, found.cycle);
        stats.count_violation(cx.trace.len());
        let go_on = listener.on_violation(&cx, stats).map_err(SearchError::Listener)?;
        if cfg.keeps_another(kept.len()) {
            kept.push(cx);
        }
        if !go_on {
            return Ok(StopReason::Listener);
        }
        if !cfg.multiple_errors {
            return Ok(StopReason::Violation);
        }
    }
    Ok(walk_stopped.unwrap_or(StopReason::Complete))
}


fn check_supported(cfg: &SearchConfig, workers: usize) -> Result<(), SearchError> {
    let refused = [(workers == 0, "no workers"), (cfg.stateless, "a stateless search"), (cfg.depth_limit.is_some(), "a depth limit")];
    match refused.iter().find(|(asked, _)| *asked) {
        Some((_, what)) => Err(SearchError::Unsupported(format!("the parallel search does not support {what}"))),
        None => Ok(()),
    }
}

/// The calling thread while the workers run: hands counterexamples and progress to
/// the listener, checks the time and memory limits; returns once every worker left.
fn coordinate(shared: &Shared<'_>, listener: &mut dyn SearchListener, kept: &mut Vec<Counterexample>) {
    let cfg = shared.cfg;
    let mut next_tick = Instant::now() + TICK;
    // the start, so that even a search shorter than a tick shows progress (the
    // samples of states over time begin here)
    tell(shared, listener.on_state(&shared.snapshot()));
    loop {
        let (found, finished) = {
            let mut events = lock(&shared.events);
            if events.found.is_empty() && events.running > 0 {
                let wait = next_tick.saturating_duration_since(Instant::now());
                events = shared.event.wait_timeout(events, wait).map(|(g, _)| g).unwrap_or_else(|e| e.into_inner().0);
            }
            (std::mem::take(&mut events.found), events.running == 0)
        };
        for cx in found {
            let answer = listener.on_violation(&cx, &shared.snapshot());
            if cfg.keeps_another(kept.len()) {
                kept.push(cx);
            }
            tell(shared, answer);
        }
        if finished {
            return;
        }
        if Instant::now() >= next_tick {
            next_tick = Instant::now() + TICK;
            if let Some(limit) = cfg.step_limits(shared.started).exceeded() {
                shared.end(Ending::Stop(limit.into()));
            }
            if !shared.stopped() {
                tell(shared, listener.on_state(&shared.snapshot()));
            }
        }
    }
}

/// Acts on the listener's answer.
fn tell(shared: &Shared<'_>, answer: Result<bool, ListenerError>) {
    match answer {
        Ok(true) => {}
        Ok(false) => shared.end(Ending::Stop(StopReason::Listener)),
        Err(e) => shared.end(Ending::Error(SearchError::Listener(e))),
    }
}

/// One worker: makes its system, explores until the search is done or stops, and
/// returns what it counted (`None` after an error, which ends the search).
fn worker(shared: &Shared<'_>, make: &SystemFactory<'_>, me: usize) -> Option<WorkerOut> {
    let _leaving = Leaving(shared);
    let _stop = StopOnPanic(shared);
    let mut sys = match make(me) {
        Ok(sys) => sys,
        Err(e) => {
            shared.end(match Halt::from(e) {
                Halt::Stop(reason) => Ending::Stop(reason),
                Halt::Error(e) => Ending::Error(e),
            });
            return None;
        }
    };
    // Counterexamples go to the coordinator, which keeps them; the run keeps none.
    let cfg = SearchConfig { kept_violations: Some(0), ..shared.cfg.clone() };
    let mut listener = WorkerListener { shared, me };
    let mut run = SearchRun::new_shared(&cfg, &mut listener, &shared.states, shared.started);
    let mut log = (shared.cfg.liveness || shared.sleep.is_some()).then(GraphLog::default);
    let result = explore(&mut *sys, &mut run, shared, me, &mut log);
    if let Err(Halt::Stop(reason)) = result {
        shared.end(Ending::Stop(reason));
    }
    match run.finish("dfs", result) {
        Ok(report) => Some(WorkerOut { stats: report.stats, outcomes: report.outcomes, log }),
        Err(e) => {
            shared.end(Ending::Error(e));
            None
        }
    }
}

/// What a worker keeps while it explores.
struct Local {
    rng: SearchRng,
    /// the transitions from the initial state to the top of the stack
    path: Vec<Transition>,
    stack: Vec<Frame>,
    /// with livelock detection: the graph it explored (`livelocks.rs`)
    log: Option<GraphLog>,
}

/// A worker's search: worker 0 starts at the initial state, every worker then takes
/// work from the pool whenever its stack runs empty.
fn explore(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, shared: &Shared<'_>, me: usize, log: &mut Option<GraphLog>) -> Flow<()> {
    run.begin(sys)?;
    let rng = SearchRng::new(run.cfg().seed ^ (me as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut local = Local { rng, path: Vec::new(), stack: Vec::new(), log: log.take() };
    let result = explore_from(sys, run, shared, me, &mut local);
    *log = local.log;
    result
}

fn explore_from(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, shared: &Shared<'_>, me: usize, local: &mut Local) -> Flow<()> {
    if me == 0 {
        let seen = run.observe(sys, 0)?;
        if let Some(log) = &mut local.log {
            log.initial = seen.fp;
        }
        if let Node::Expand(enabled) = run.classify(sys, 0, true, &local.path)? {
            if let (Some(store), Some(fp)) = (&shared.sleep, seen.fp) {
                store.explored(fp, crate::por::ThreadSet::new());
            }
            push(sys, run.cfg(), local, seen.fp, &enabled, 0, Vec::new());
        }
    }
    loop {
        if local.stack.is_empty() {
            let Some(item) = shared.take() else { return Ok(()) };
            start(sys, run, item, local)?;
        }
        dfs(sys, run, shared, local)?;
        if shared.stopped() {
            return Ok(());
        }
    }
}

/// Brings the system to the state of a work item (reset and replay of its prefix) and
/// makes it the bottom of the stack.
fn start(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, item: WorkItem, local: &mut Local) -> Flow<()> {
    sys.reset()?;
    local.path.clear();
    for &mv in &item.prefix {
        local.path.push(sys.step(mv)?.transition);
    }
    run.stats.replayed_transitions += item.prefix.len() as u64;
    if item.fp.is_some_and(|fp| fp != sys.fingerprint()) {
        let detail = format!("of {} moves, given from one worker to another, reached a state with another fingerprint", item.prefix.len());
        return Err(Halt::Error(SearchError::Nondeterministic { detail }));
    }
    let logged = match (&mut local.log, item.fp) {
        (Some(log), Some(fp)) => log.frame(fp, &item.moves, false),
        _ => 0,
    };
    let asleep = sleep::threads(&item.sleep);
    local.stack.push(Frame { moves: item.moves, next: 0, mark: None, depth: local.path.len(), fp: item.fp, logged, sleep: item.sleep, asleep, done: item.done });
    Ok(())
}

/// The DFS of `strategy/dfs.rs` until the stack is empty or the search stops, giving
/// work away whenever another worker waits for some.
fn dfs(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, shared: &Shared<'_>, local: &mut Local) -> Flow<()> {
    while let Some(top) = local.stack.last_mut() {
        if shared.stopped() {
            return Ok(());
        }
        // Back from the transition explored last (its subtree is done).
        if let Some(mark) = top.mark.take() {
            sys.restore(mark);
            local.path.pop();
        }
        // threads asleep here are not explored (sleep sets)
        while top.moves.get(top.next).is_some_and(|m| top.asleep.contains(m.thread)) {
            top.next += 1;
        }
        let Some(&mv) = top.moves.get(top.next) else {
            local.stack.pop();
            continue;
        };
        top.next += 1;
        top.mark = Some(sys.save());
        let (from, k) = (top.fp.map(|_| top.logged), top.next - 1);
        let may_cut = shared.sleep.is_some() && sys.branches(mv.thread) <= 1;
        let step = run.step(sys, mv)?;
        let child_sleep = match shared.sleep {
            Some(_) => {
                let child = sleep::inherit(&top.sleep, &top.done, &step.transition);
                top.done.push((mv.thread, step.transition.clone()));
                child
            }
            None => Vec::new(),
        };
        if may_cut && crate::por::sleep_sets::untouchable(sys, &step) {
            // a persistent set of one: nothing more from this state
            // (`Reduction::cuts_after_untouchable_steps`, `sleep.md`)
            top.moves.truncate(top.next);
        }
        local.path.push(step.transition);
        if let Some(violation) = step.violation {
            run.violation(violation, &local.path)?;
            continue;
        }
        let depth = local.path.len();
        let seen = run.observe(sys, depth)?;
        if let (Some(log), Some(from), Some(to)) = (&mut local.log, from, seen.fp) {
            log.edge(from, k, to);
        }
        if !seen.new {
            if let (Some(store), Some(fp)) = (&shared.sleep, seen.fp) {
                if local.stack.iter().any(|f| f.fp == Some(fp)) {
                    // a cycle: the search runs again without sleep sets, as the
                    // one-worker search does (`Explorer::stop_at_cycle`)
                    shared.met_cycle.store(true, Release);
                    shared.halt();
                    return Ok(());
                }
                explore_again(sys, run, store, local, fp, depth, child_sleep)?;
            }
            continue;
        }
        if let Node::Expand(enabled) = run.classify(sys, depth, true, &local.path)? {
            if let (Some(store), Some(fp)) = (&shared.sleep, seen.fp) {
                store.explored(fp, sleep::threads(&child_sleep));
            }
            push(sys, run.cfg(), local, seen.fp, &enabled, depth, child_sleep);
            if shared.wants_work() {
                if let Some(item) = donate(&mut local.stack, &local.path) {
                    shared.give(item);
                }
            }
        }
    }
    Ok(())
}

/// Sleep sets: the visited state `fp` at `depth`, reached with the sleep set `sleep`,
/// is explored again for the threads asleep when it was explored and awake now
/// (Godefroid's condition, [`SleepStore::revisit`]).
fn explore_again(sys: &mut dyn TransitionSystem, run: &mut SearchRun<'_>, store: &SleepStore, local: &mut Local, fp: Fingerprint, depth: usize, sleep: Vec<Sleeper>) -> Flow<()> {
    let Node::Expand(enabled) = run.classify(sys, depth, false, &local.path)? else { return Ok(()) };
    let woken = store.revisit(fp, &sleep::threads(&sleep), &crate::por::ThreadSet::of(&enabled));
    if !woken.is_empty() {
        run.stats.sleep_reexplored += 1;
        let threads: Vec<ThreadId> = woken.iter().collect();
        push_moves(local, SearchRun::moves(sys, &threads), Some(fp), depth, sleep, false);
    }
    Ok(())
}

/// Pushes the state at `depth`, with fingerprint `fp`, whose enabled threads are
/// `enabled` (and logs it, with livelock detection or sleep sets).
fn push(sys: &mut dyn TransitionSystem, cfg: &SearchConfig, local: &mut Local, fp: Option<Fingerprint>, enabled: &[ThreadId], depth: usize, sleep: Vec<Sleeper>) {
    let mut moves = SearchRun::moves(sys, enabled);
    cfg.order.arrange(&mut moves, |m| m.thread, &mut local.rng);
    push_moves(local, moves, fp, depth, sleep, true);
}

/// Pushes the state at `depth`, with fingerprint `fp`, to explore `moves` from it with
/// the sleep set `sleep` (and logs it, with livelock detection or sleep sets, as
/// `expanded` or explored again).
fn push_moves(local: &mut Local, moves: Vec<Move>, fp: Option<Fingerprint>, depth: usize, sleep: Vec<Sleeper>, expanded: bool) {
    let logged = match (&mut local.log, fp) {
        (Some(log), Some(fp)) => log.frame(fp, &moves, expanded),
        _ => 0,
    };
    let asleep = sleep::threads(&sleep);
    local.stack.push(Frame { moves, next: 0, mark: None, depth, fp, logged, sleep, asleep, done: Vec::new() });
}

/// Takes the untried moves of the bottom-most frame that has some (the top frame, just
/// pushed, keeps its first one) off the stack, as a work item.
fn donate(stack: &mut [Frame], path: &[Transition]) -> Option<WorkItem> {
    let top = stack.len().checked_sub(1)?;
    stack.iter_mut().enumerate().find_map(|(i, frame)| {
        let mut keep = frame.next + usize::from(i == top);
        // a thread's branches stay together: a worker that explored only some of
        // them may not put the thread to sleep (`sleep.rs`)
        while keep > 0 && keep < frame.moves.len() && frame.moves[keep].thread == frame.moves[keep - 1].thread {
            keep += 1;
        }
        (keep < frame.moves.len()).then(|| WorkItem {
            prefix: path[..frame.depth].iter().map(Transition::mv).collect(),
            moves: frame.moves.split_off(keep),
            fp: frame.fp,
            sleep: frame.sleep.clone(),
            done: frame.done.clone(),
        })
    })
}

#[cfg(test)]
mod tests;
