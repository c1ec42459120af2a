//! Progress during a search, and the samples of states over time the HTML report
//! plots.
//!
//! On a terminal, a live bar (`indicatif`) redrawn about ten times a second: states,
//! states per second, visited states, transitions, depth, the resident set, and how
//! much is left where that can be told — the share of a `--max-states` or
//! `--max-time` limit used, or of the estimated tree of an unreduced stateless search
//! (`--estimate`, see `jvmc_search::estimate`), with the time it would take at the
//! current rate. Elsewhere (a log, a pipe) one plain line a second. Either starts
//! after one second, so short searches stay quiet.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use jvmc_search::{ListenerError, SearchListener, Stats};

use crate::report::{bytes, thousands};

/// What the bar measures the search against.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// nothing known: a spinner
    Unknown,
    /// `--max-states`
    States(u64),
    /// `--max-time`
    Time(Duration),
    /// the estimated transitions of the unreduced stateless tree
    Transitions(f64),
}

/// The search's counters at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// seconds since the search started
    pub secs: f64,
    /// new states
    pub states: u64,
    pub transitions: u64,
}

impl Sample {
    /// The counters of `stats` now.
    fn of(stats: &Stats) -> Sample {
        Sample { secs: stats.elapsed.as_secs_f64(), states: stats.states_new, transitions: stats.transitions }
    }
}

/// Samples kept at most (then thinned to half).
const MAX_SAMPLES: usize = 512;

/// Bar positions: a goal is drawn as a share of this.
const BAR_LENGTH: u64 = 10_000;

/// Prints the search's progress (see the module docs) and keeps samples.
pub struct Progress {
    goal: Goal,
    /// the live bar on a terminal
    bar: Option<ProgressBar>,
    /// when to print or redraw next
    next: Duration,
    printed: bool,
    samples: Vec<Sample>,
    /// the time between samples: doubled (and every other sample dropped) whenever
    /// [`MAX_SAMPLES`] are held, so a long search keeps evenly spaced samples
    sample_every: Duration,
    next_sample: Duration,
}

impl Progress {
    /// A progress printer for stderr.
    pub fn new(goal: Goal) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = if goal == Goal::Unknown { ProgressBar::new_spinner() } else { ProgressBar::new(BAR_LENGTH) };
            let template = if goal == Goal::Unknown { "{spinner} {wide_msg}" } else { "{spinner} [{bar:24}] {percent:>3}% {wide_msg}" };
            bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()).progress_chars("=> "));
            bar.set_draw_target(ProgressDrawTarget::hidden());
            bar
        });
        Progress { goal, bar, next: Duration::from_secs(1), printed: false, samples: Vec::new(), sample_every: Duration::from_millis(10), next_sample: Duration::ZERO }
    }

    /// Ends the progress display (call before printing the report).
    pub fn finish(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// The samples taken, oldest first, ending with the search's final counters when
    /// [`Progress::finish_samples`] was called.
    pub fn samples(&self) -> &[Sample] {
        &self.samples
    }

    /// Adds the final counters as the last sample.
    pub fn finish_samples(&mut self, stats: &Stats) {
        self.samples.push(Sample::of(stats));
    }

    fn sample(&mut self, stats: &Stats) {
        if stats.elapsed < self.next_sample {
            return;
        }
        if self.samples.len() >= MAX_SAMPLES {
            let mut i = 0;
            self.samples.retain(|_| {
                i += 1;
                i % 2 == 1
            });
            self.sample_every *= 2;
        }
        self.samples.push(Sample::of(stats));
        self.next_sample = stats.elapsed + self.sample_every;
    }
}

/// The share of the goal reached (0 to 1), if there is a goal.
pub fn share(goal: Goal, stats: &Stats) -> Option<f64> {
    let share = match goal {
        Goal::Unknown => return None,
        Goal::States(max) => stats.states_new as f64 / max.max(1) as f64,
        Goal::Time(max) => stats.elapsed.as_secs_f64() / max.as_secs_f64().max(1e-9),
        Goal::Transitions(total) => stats.transitions as f64 / total.max(1.0),
    };
    Some(share.clamp(0.0, 1.0))
}

/// The progress line's text (without the bar).
pub fn line(goal: Goal, stats: &Stats, rss: Option<u64>) -> String {
    let secs = stats.elapsed.as_secs_f64().max(1e-9);
    let mut line = format!(
        "{secs:.0} s, {} states ({}/s), {} visited, {} transitions, depth {}",
        thousands(stats.states_new),
        thousands((stats.states_new as f64 / secs) as u64),
        thousands(stats.states_visited),
        thousands(stats.transitions),
        stats.max_depth
    );
    if let Some(rss) = rss {
        line.push_str(&format!(", {}", bytes(rss)));
    }
    if let (Goal::Transitions(total), Some(done)) = (goal, share(goal, stats)) {
        // at the rate so far; an estimate, not a promise
        let rate = stats.transitions as f64 / secs;
        let left = (total - stats.transitions as f64).max(0.0) / rate.max(1e-9);
        line.push_str(&if done < 1.0 { format!(", about {} left of ~{} estimated transitions", duration(left), thousands(total as u64)) } else { format!(", past the estimate of ~{} transitions", thousands(total as u64)) });
    }
    line
}

/// Seconds for people: `45 s`, `12 min`, `3.2 h`.
fn duration(secs: f64) -> String {
    if secs < 90.0 {
        format!("{secs:.0} s")
    } else if secs < 5400.0 {
        format!("{:.0} min", secs / 60.0)
    } else {
        format!("{:.1} h", secs / 3600.0)
    }
}

impl SearchListener for Progress {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        self.sample(stats);
        if stats.elapsed < self.next {
            return Ok(true);
        }
        let text = line(self.goal, stats, jvmc_search::resident_set_bytes());
        match &self.bar {
            Some(bar) => {
                bar.set_message(text);
                if let Some(done) = share(self.goal, stats) {
                    bar.set_position((done * BAR_LENGTH as f64) as u64);
                }
                if !self.printed {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                }
                bar.tick();
                self.next = stats.elapsed + Duration::from_millis(100);
            }
            None => {
                let mut err = std::io::stderr().lock();
                writeln!(err, "jvmc: {text}")?;
                err.flush()?;
                self.next = stats.elapsed + Duration::from_secs(1);
            }
        }
        self.printed = true;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(secs: u64, states: u64, transitions: u64) -> Stats {
        Stats { elapsed: Duration::from_secs(secs), states_new: states, transitions, ..Stats::default() }
    }

    #[test]
    fn the_share_follows_the_goal() {
        let s = stats(10, 500, 2_000);
        assert_eq!(share(Goal::Unknown, &s), None);
        assert_eq!(share(Goal::States(1_000), &s), Some(0.5));
        assert_eq!(share(Goal::Time(Duration::from_secs(40)), &s), Some(0.25));
        assert_eq!(share(Goal::Transitions(1_000.0), &s), Some(1.0));
    }

    #[test]
    fn the_line_tells_what_is_left_of_an_estimate() {
        let s = stats(10, 500, 2_000);
        assert_eq!(line(Goal::Transitions(8_000.0), &s, None), "10 s, 500 states (50/s), 0 visited, 2,000 transitions, depth 0, about 30 s left of ~8,000 estimated transitions");
        assert!(line(Goal::Transitions(1_000.0), &s, Some(2_000_000)).ends_with("2.0 MB, past the estimate of ~1,000 transitions"));
        assert_eq!(duration(7_200.0), "2.0 h");
    }

    #[test]
    fn samples_stay_few_and_evenly_spaced() {
        let mut p = Progress::new(Goal::Unknown);
        for ms in 0..100_000u64 {
            p.sample(&Stats { elapsed: Duration::from_millis(ms), states_new: ms, ..Stats::default() });
        }
        assert!(p.samples().len() <= MAX_SAMPLES && p.samples().len() > MAX_SAMPLES / 2, "{}", p.samples().len());
        let gaps: Vec<f64> = p.samples().windows(2).map(|w| w[1].secs - w[0].secs).collect();
        let (min, max) = gaps.iter().fold((f64::MAX, 0f64), |(a, b), &g| (a.min(g), b.max(g)));
        assert!(max <= 2.0 * min + 1e-9, "gaps from {min} to {max}");
    }
}
