//! The deterministic clock: `System.nanoTime` and `currentTimeMillis` advance with the
//! number of executed instructions (1 ns each) and with `sleep`/timed waits, never with
//! wall-clock time, so runs and explorations are reproducible.

use crate::vm::Vm;

/// `currentTimeMillis` at the start of every run: 2025-01-01T00:00:00Z.
pub(crate) const EPOCH_MILLIS: i64 = 1_735_689_600_000;

impl Vm {
    /// `System.nanoTime()`.
    pub(crate) fn nano_time(&mut self) -> i64 {
        self.nano_clock + self.instructions as i64
    }

    /// `System.currentTimeMillis()`.
    pub(crate) fn current_time_millis(&mut self) -> i64 {
        EPOCH_MILLIS + self.nano_time() / 1_000_000
    }

    /// Moves the clock forward (sleeps, timed waits).
    pub(crate) fn advance_clock(&mut self, nanos: i64) {
        self.nano_clock = self.nano_clock.saturating_add(nanos);
    }
}
