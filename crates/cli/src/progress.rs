//! The progress line on stderr during searches longer than a second.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use jvmc_search::{ListenerError, SearchListener, Stats};

use crate::report::thousands;

/// Prints the search's counters about once a second, starting after one second (so
/// short searches stay quiet). On a terminal the line is redrawn in place.
pub struct Progress {
    next: Duration,
    tty: bool,
    printed: bool,
}

impl Progress {
    /// A progress printer for stderr.
    pub fn new() -> Progress {
        Progress { next: Duration::from_secs(1), tty: std::io::stderr().is_terminal(), printed: false }
    }

    /// Ends the progress line (call before printing the report).
    pub fn finish(&mut self) {
        if self.printed && self.tty {
            eprintln!();
        }
    }
}

impl SearchListener for Progress {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        if stats.elapsed < self.next {
            return Ok(true);
        }
        self.next = stats.elapsed + Duration::from_secs(1);
        let secs = stats.elapsed.as_secs_f64();
        let line = format!(
            "jvmc: {secs:.0} s, {} states ({}/s), {} visited, {} transitions, depth {}",
            thousands(stats.states_new),
            thousands((stats.states_new as f64 / secs) as u64),
            thousands(stats.states_visited),
            thousands(stats.transitions),
            stats.max_depth
        );
        let mut err = std::io::stderr().lock();
        if self.tty {
            write!(err, "\r{line}\x1b[K")?;
        } else {
            writeln!(err, "{line}")?;
        }
        err.flush()?;
        self.printed = true;
        Ok(true)
    }
}
