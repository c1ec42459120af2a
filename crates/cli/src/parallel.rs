//! `jvmc check --workers N`: the stateful depth-first search on N cores
//! (`docs/algorithms/parallel.md`).
//!
//! Each worker boots a vm of its own ([`VmSystem`]); `jvmc_search::parallel` shares
//! the visited set and the work between them. This module decides when a search can
//! run that way, pools the workers' locking discipline
//! ([`jvmc_vm::check::SharedDiscipline`]), restarts all workers when the discipline
//! fails an assumption one of them relied on, and adds up what they ran. It does not
//! describe counterexamples: a parallel search that finds a violation hands over to
//! the single-worker search, whose trace is the deterministic one (`check.rs`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use jvmc_search::{parallel, SearchConfig, SearchError, SearchListener, SearchReport, SystemError, TransitionSystem};
use jvmc_vm::check::{SharedDiscipline, Visibility};
use jvmc_vm::VmError;

use crate::report;
use crate::trace::ProgramSpec;

/// What a search would need that the parallel one does not do, if anything: the
/// parallel search is a stateful DFS in sequential order without depth limit or
/// linearizability checking, that stops at the first violation.
pub(crate) fn unsupported(name: &str, cfg: &SearchConfig, spec: &ProgramSpec) -> Option<String> {
    let why = if name != "dfs" && name != "sleep" {
        format!("--search {name} (only dfs with --por none or sleep runs on several workers)")
    } else if cfg.stateless {
        "--stateless".to_string()
    } else if cfg.depth_limit.is_some() {
        "--depth-limit".to_string()
    } else if cfg.order != jvmc_search::ThreadOrder::default() {
        "an order other than sequential".to_string()
    } else if !spec.linearizability.is_empty() {
        "--linearizability".to_string()
    } else if cfg.multiple_errors {
        // every violation would be searched for again by one worker (the deterministic
        // traces): the parallel search would only add its own time
        "--multiple-errors".to_string()
    } else {
        return None;
    };
    Some(why)
}

/// The number of workers when `--workers` is not given: the cores this process may
/// use.
pub(crate) fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// A parallel search's result.
pub(crate) struct Searched {
    pub report: SearchReport,
    pub restarts: report::Restarts,
    /// instructions all workers ran, in every run
    pub instructions: u64,
}

/// Runs the parallel search of `spec` with `workers` vms until one run completes
/// without the locking discipline failing an assumption a worker relied on (as
/// `check::search_with_restarts` does for one vm). `open` boots one worker's system.
pub(crate) fn search(
    spec: &ProgramSpec,
    cfg: &SearchConfig,
    workers: usize,
    open: &(dyn Fn(&ProgramSpec, Visibility) -> anyhow::Result<crate::system::VmSystem> + Sync),
    visibility: &Visibility,
    sleep_sets: bool,
    listener: &mut dyn SearchListener,
) -> anyhow::Result<Searched> {
    let pool = Arc::new(SharedDiscipline::new());
    let instructions = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut restarts = report::Restarts::default();
    loop {
        let mut run = cfg.clone();
        run.max_time = cfg.max_time.map(|t| t.saturating_sub(started.elapsed()));
        pool.begin_search();
        let make = |_worker: usize| -> Result<Box<dyn TransitionSystem>, SystemError> {
            let mut sys = open(spec, visibility.clone()).map_err(|e| SystemError::from(format!("{e:#}")))?;
            sys.begin_search();
            Ok(Box::new(sys.into_worker(pool.clone(), instructions.clone())))
        };
        let result = if sleep_sets { parallel::parallel_sleep_sets(&make, workers, &run, listener) } else { parallel::parallel_dfs(&make, workers, &run, listener) };
        let restart = match &result {
            Err(SearchError::System(e)) => matches!(e.downcast_ref::<VmError>(), Some(VmError::Restart)),
            // a worker may have relied on a key that another found racy after the
            // first one's last step
            Ok(_) => pool.broken(),
            Err(_) => false,
        };
        if restart {
            restarts.restarts += 1;
            restarts.earlier_runs_ms = started.elapsed().as_millis();
            continue;
        }
        let mut racy = pool.racy_names();
        racy.extend(spec.racy.iter().cloned());
        racy.sort();
        racy.dedup();
        restarts.racy = racy;
        let report = result.map_err(crate::check::search_error)?;
        return Ok(Searched { report, restarts, instructions: instructions.load(Ordering::Relaxed) });
    }
}

/// The note under the statistics when a parallel search found a violation and the
/// one-worker search then found the one reported.
pub(crate) fn handover_text(found: &Searched, workers: usize) -> String {
    let stats = &found.report.stats;
    format!(
        "  parallel      {workers} workers found a violation after {} states in {:.2} s; the counterexample above is the one-worker search's",
        report::thousands(stats.states_new),
        stats.elapsed.as_secs_f64()
    )
}
