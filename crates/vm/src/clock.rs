//! The deterministic clock: `System.nanoTime` and `currentTimeMillis` advance with
//! `sleep`/timed waits and never with wall-clock time, so runs and explorations are
//! reproducible. When just running, they also advance with the number of executed
//! instructions (1 ns each). Under the model checker the clock is part of the state,
//! so it must not count instructions (that would keep equal states apart); instead
//! every read advances it by 1 µs, so a loop polling the clock still ends.

use crate::vm::Vm;

/// `currentTimeMillis` at the start of every run: 2025-01-01T00:00:00Z.
pub(crate) const EPOCH_MILLIS: i64 = 1_735_689_600_000;

/// How far a clock read advances the clock under the model checker.
const CHECK_READ_NANOS: i64 = 1_000;

impl Vm {
    /// `System.nanoTime()`.
    pub(crate) fn nano_time(&mut self) -> i64 {
        if self.check.is_some() {
            self.nano_clock += CHECK_READ_NANOS;
            return self.nano_clock;
        }
        self.nano_clock + self.instructions as i64
    }

    /// `System.currentTimeMillis()`.
    pub(crate) fn current_time_millis(&mut self) -> i64 {
        EPOCH_MILLIS + self.nano_time() / 1_000_000
    }

    /// `currentTimeMillis` without advancing the clock (for computing timeouts).
    pub(crate) fn clock_millis(&self) -> i64 {
        EPOCH_MILLIS + self.nano_clock / 1_000_000
    }

    /// The timeout a timed wait of `nanos` gets: `Some(nanos)` if it may time out
    /// (always when just running; by the `TimeoutPolicy` under the model checker),
    /// else `None` — it then waits like an untimed one.
    pub(crate) fn timeout_for(&self, nanos: i64) -> Option<i64> {
        match &self.check {
            Some(chk) => chk.options.timeouts.may_time_out(nanos).then_some(nanos),
            None => Some(nanos),
        }
    }

    /// Moves the clock forward (sleeps, timed waits).
    pub(crate) fn advance_clock(&mut self, nanos: i64) {
        self.nano_clock = self.nano_clock.saturating_add(nanos);
    }
}
