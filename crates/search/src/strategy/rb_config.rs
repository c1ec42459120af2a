//! The configuration of DFS-RB (Pavela, Parízek et al., "Fast Detection of Concurrency
//! Errors by State Space Traversal with Randomization and Early Backtracking",
//! `shared/papers/dfs-rb-randomized-backtracking.md`, Section 4): the six variables
//! ⟨thb, thm, thr, stg, rtb, rtc⟩, parsed from the paper's tuple notation
//! (`I:5-10-20-50-100,pl,d,Lb,0.75,1.5`) or from a configuration file, and the Luby
//! sequence of Section 4.3. Plain data and pure functions; the search itself is
//! `dfs_rb.rs`.

use std::fmt;
use std::time::Duration;

/// The threshold's base value `C.thb` (Section 4.1).
#[derive(Clone, Debug, PartialEq)]
pub enum ThresholdBase {
    /// a constant (the paper uses 5, 10, 20, 50, 100)
    Constant(u32),
    /// `L·f`: the length of the first explored path times `f`
    FirstPath(f64),
    /// `I:t1-…-tn`: one full search per value, each with its own time bound
    Iterate(Vec<u32>),
}

/// What the search depth and the threshold count (`C.thm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThresholdMode {
    /// `pl`: transitions on the path
    PathLength,
    /// `cs`: thread context switches on the path
    ContextSwitches,
}

/// Threshold reduction (`C.thr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThresholdReduction {
    /// `d`: none
    Disabled,
    /// `ncs`: less the scheduling choices on the path where the same thread went on
    NoContextSwitch,
}

/// The strategy for the length of backtrack jumps (`C.stg`, Section 4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpStrategy {
    /// `F`: one transition at a time
    Fixed,
    /// `R`: on while a random draw exceeds the ratio
    Random,
    /// `Lb`: the Luby sequence's next length
    Luby,
}

/// The ratio's base value `C.rtb` (Section 4.2); `d` is the search depth, `r` the
/// number of transitions of the same thread at the end of the path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RatioBase {
    /// a constant in ⟨0, 1⟩
    Constant(f64),
    /// `1-d/c`
    Depth(f64),
    /// `1-r/c`
    Run(f64),
    /// `c^r`
    Power(f64),
}

/// A DFS-RB configuration (Section 4), with the time bound of each iteration of
/// `I:t1-…-tn` (the paper leaves it to the user).
#[derive(Clone, Debug, PartialEq)]
pub struct RbConfig {
    /// the threshold's base value
    pub thb: ThresholdBase,
    /// what depth and threshold count
    pub thm: ThresholdMode,
    /// threshold reduction
    pub thr: ThresholdReduction,
    /// the length of backtrack jumps
    pub stg: JumpStrategy,
    /// the ratio's base value
    pub rtb: RatioBase,
    /// the ratio's factor right after a context switch (1: none)
    pub rtc: f64,
    /// `I:t1-…-tn`: how long each iteration may run
    pub iteration_time: Duration,
}

/// A configuration that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad DFS-RB configuration: {0}")]
pub struct RbConfigError(pub String);

impl Default for RbConfig {
    /// The top of the paper's combined ranking (Table 4): ⟨I, pl, d, Lb, 0.75, 1.5⟩,
    /// 10 s per iteration.
    fn default() -> Self {
        RbConfig {
            thb: ThresholdBase::Iterate(vec![5, 10, 20, 50, 100]),
            thm: ThresholdMode::PathLength,
            thr: ThresholdReduction::Disabled,
            stg: JumpStrategy::Luby,
            rtb: RatioBase::Constant(0.75),
            rtc: 1.5,
            iteration_time: Duration::from_secs(10),
        }
    }
}

fn bad(what: &str, value: &str, expected: &str) -> RbConfigError {
    RbConfigError(format!("{what} {value:?}: expected {expected}"))
}

fn number(what: &str, s: &str) -> Result<f64, RbConfigError> {
    s.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad(what, s, "a number"))
}

impl ThresholdBase {
    fn parse(s: &str) -> Result<Self, RbConfigError> {
        let s = s.trim();
        let expected = "a number, L*f (e.g. L*0.25) or I:t1-...-tn (I alone: I:5-10-20-50-100)";
        if s == "I" {
            return Ok(ThresholdBase::Iterate(vec![5, 10, 20, 50, 100]));
        }
        if let Some(seq) = s.strip_prefix("I:") {
            let values: Option<Vec<u32>> = seq.split('-').map(|v| v.trim().parse().ok()).collect();
            return values.filter(|v| !v.is_empty()).map(ThresholdBase::Iterate).ok_or_else(|| bad("threshold", s, expected));
        }
        if let Some(f) = s.strip_prefix("L*").or_else(|| s.strip_prefix("L·")) {
            let f = number("threshold factor", f)?;
            return if f > 0.0 { Ok(ThresholdBase::FirstPath(f)) } else { Err(bad("threshold factor", s, "a positive number")) };
        }
        s.parse().map(ThresholdBase::Constant).map_err(|_| bad("threshold", s, expected))
    }
}

impl RatioBase {
    fn parse(s: &str) -> Result<Self, RbConfigError> {
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        let expected = "a number in [0, 1], 1-d/c, 1-r/c or c^r";
        if let Some(c) = t.strip_prefix("1-d/") {
            let c = number("ratio", c)?;
            return if c > 0.0 { Ok(RatioBase::Depth(c)) } else { Err(bad("ratio", s, expected)) };
        }
        if let Some(c) = t.strip_prefix("1-r/") {
            let c = number("ratio", c)?;
            return if c > 0.0 { Ok(RatioBase::Run(c)) } else { Err(bad("ratio", s, expected)) };
        }
        if let Some(c) = t.strip_suffix("^r") {
            let c = number("ratio", c)?;
            return if (0.0..=1.0).contains(&c) { Ok(RatioBase::Power(c)) } else { Err(bad("ratio", s, "c^r with c in [0, 1]")) };
        }
        let c = number("ratio", &t).map_err(|_| bad("ratio", s, expected))?;
        if (0.0..=1.0).contains(&c) {
            Ok(RatioBase::Constant(c))
        } else {
            Err(bad("ratio", s, expected))
        }
    }

    /// The base value for search depth `d` and `r` transitions of the last thread
    /// at the end of the path (Fig. 3, line 2).
    pub fn eval(self, d: u32, r: u32) -> f64 {
        match self {
            RatioBase::Constant(c) => c,
            RatioBase::Depth(c) => 1.0 - f64::from(d) / c,
            RatioBase::Run(c) => 1.0 - f64::from(r) / c,
            RatioBase::Power(c) => c.powi(r as i32),
        }
    }
}

impl RbConfig {
    /// Parses the paper's tuple notation `thb,thm,thr,stg,rtb,rtc` (angle brackets
    /// optional): e.g. `I:5-10-20-50-100,pl,d,Lb,0.75,1.5` or `⟨L*0.25, pl, d, F,
    /// 1-d/100, 1.2⟩`.
    pub fn parse(text: &str) -> Result<RbConfig, RbConfigError> {
        let inner = text.trim().trim_start_matches(['<', '⟨', '(']).trim_end_matches(['>', '⟩', ')']);
        let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
        let [thb, thm, thr, stg, rtb, rtc] = parts.as_slice() else {
            return Err(RbConfigError(format!("{text:?}: expected six comma-separated values thb,thm,thr,stg,rtb,rtc (e.g. I:5-10-20-50-100,pl,d,Lb,0.75,1.5)")));
        };
        let mut config = RbConfig::default();
        config.set("thb", thb)?;
        config.set("thm", thm)?;
        config.set("thr", thr)?;
        config.set("stg", stg)?;
        config.set("rtb", rtb)?;
        config.set("rtc", rtc)?;
        Ok(config)
    }

    /// Reads a configuration file: one `key = value` per line (`thb`, `thm`, `thr`,
    /// `stg`, `rtb`, `rtc`, `iteration_time` in seconds or with `ms`/`s`/`m`), `#`
    /// comments; keys left out keep [`RbConfig::default`]'s values.
    pub fn parse_file(text: &str) -> Result<RbConfig, RbConfigError> {
        let mut config = RbConfig::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default().trim();
            if line.is_empty() {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(RbConfigError(format!("line {}: expected key = value, found {line:?}", n + 1)));
            };
            config.set(key.trim(), value.trim().trim_matches('"')).map_err(|e| RbConfigError(format!("line {}: {}", n + 1, e.0)))?;
        }
        Ok(config)
    }

    /// Sets one variable from its text.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RbConfigError> {
        match key {
            "thb" => self.thb = ThresholdBase::parse(value)?,
            "thm" => {
                self.thm = match value {
                    "pl" => ThresholdMode::PathLength,
                    "cs" => ThresholdMode::ContextSwitches,
                    _ => return Err(bad("threshold mode", value, "pl or cs")),
                }
            }
            "thr" => {
                self.thr = match value {
                    "d" => ThresholdReduction::Disabled,
                    "ncs" => ThresholdReduction::NoContextSwitch,
                    _ => return Err(bad("threshold reduction", value, "d or ncs")),
                }
            }
            "stg" => {
                self.stg = match value {
                    "F" => JumpStrategy::Fixed,
                    "R" => JumpStrategy::Random,
                    "Lb" => JumpStrategy::Luby,
                    _ => return Err(bad("strategy", value, "F, R or Lb")),
                }
            }
            "rtb" => self.rtb = RatioBase::parse(value)?,
            "rtc" => {
                let c = number("ratio coefficient", value)?;
                if c <= 0.0 {
                    return Err(bad("ratio coefficient", value, "a positive number"));
                }
                self.rtc = c;
            }
            "iteration_time" => self.iteration_time = parse_seconds(value).ok_or_else(|| bad("iteration_time", value, "a duration (10, 10s, 500ms, 2m)"))?,
            _ => return Err(RbConfigError(format!("unknown key {key:?} (thb, thm, thr, stg, rtb, rtc, iteration_time)"))),
        }
        Ok(())
    }

    /// How many searches the configuration runs (`I:t1-…-tn`: n; otherwise one).
    pub fn iterations(&self) -> usize {
        match &self.thb {
            ThresholdBase::Iterate(values) => values.len(),
            _ => 1,
        }
    }
}

fn parse_seconds(s: &str) -> Option<Duration> {
    let s = s.trim();
    let (digits, scale) = if let Some(v) = s.strip_suffix("ms") {
        (v, 0.001)
    } else if let Some(v) = s.strip_suffix('s') {
        (v, 1.0)
    } else if let Some(v) = s.strip_suffix('m') {
        (v, 60.0)
    } else {
        (s, 1.0)
    };
    let v: f64 = digits.trim().parse().ok()?;
    (v.is_finite() && v > 0.0).then(|| Duration::from_secs_f64(v * scale))
}

impl fmt::Display for RbConfig {
    /// The paper's tuple notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.thb {
            ThresholdBase::Constant(c) => write!(f, "{c}")?,
            ThresholdBase::FirstPath(x) => write!(f, "L*{x}")?,
            ThresholdBase::Iterate(v) => write!(f, "I:{}", v.iter().map(u32::to_string).collect::<Vec<_>>().join("-"))?,
        }
        let thm = if self.thm == ThresholdMode::PathLength { "pl" } else { "cs" };
        let thr = if self.thr == ThresholdReduction::Disabled { "d" } else { "ncs" };
        let stg = match self.stg {
            JumpStrategy::Fixed => "F",
            JumpStrategy::Random => "R",
            JumpStrategy::Luby => "Lb",
        };
        let rtb = match self.rtb {
            RatioBase::Constant(c) => format!("{c}"),
            RatioBase::Depth(c) => format!("1-d/{c}"),
            RatioBase::Run(c) => format!("1-r/{c}"),
            RatioBase::Power(c) => format!("{c}^r"),
        };
        write!(f, ",{thm},{thr},{stg},{rtb},{}", self.rtc)
    }
}

/// The `i`-th element (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, … (Section
/// 4.3): `l_i = 2^(n-1)` if `i = 2^n - 1`, else `l_(i - 2^(n-1) + 1)` for
/// `2^(n-1) ≤ i < 2^n - 1`.
pub fn luby(mut i: u64) -> u64 {
    loop {
        if i == 0 {
            return 1;
        }
        // the n with 2^(n-1) <= i < 2^n
        let n = 64 - u64::from(i.leading_zeros());
        if i == (1u64 << n) - 1 {
            return 1 << (n - 1);
        }
        i = i - (1 << (n - 1)) + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn the_papers_tuples_parse_and_print_back() {
        for text in ["I:5-10-20-50-100,pl,d,Lb,0.75,1.5", "L*0.25,pl,d,F,1-d/100,1.2", "20,cs,ncs,R,0.9^r,1", "5,pl,ncs,F,1-r/5,1.1"] {
            let c = RbConfig::parse(text).expect(text);
            assert_eq!(c.to_string(), text);
        }
        let c = RbConfig::parse("⟨I, pl, d, Lb, 0.75, 1.5⟩").expect("angle brackets");
        assert_eq!(c, RbConfig::default());
        assert_eq!(RbConfig::parse("I,pl,d,Lb,0.75,1.5").expect("I alone").thb, ThresholdBase::Iterate(vec![5, 10, 20, 50, 100]));
    }

    #[test]
    fn bad_configurations_are_errors_that_name_the_value() {
        for (text, needle) in [("I:5-10,pl,d,Lb,0.75", "six"), ("x,pl,d,F,0.5,1", "threshold"), ("5,pl,d,Q,0.5,1", "strategy"), ("5,pl,d,F,1.5,1", "ratio"), ("5,pl,d,F,0.5,-1", "coefficient"), ("5,xx,d,F,0.5,1", "mode"), ("5,pl,d,F,2^r,1", "ratio")] {
            let e = RbConfig::parse(text).expect_err(text);
            assert!(e.to_string().contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn files_set_what_they_name() {
        let c = RbConfig::parse_file("# best for variation\nthb = L*0.25\nstg = F\nrtb = 1-d/100\nrtc = 1.2\niteration_time = 500ms\n").expect("file");
        assert_eq!(c.to_string(), "L*0.25,pl,d,F,1-d/100,1.2");
        assert_eq!(c.iteration_time, Duration::from_millis(500));
        assert!(RbConfig::parse_file("thb 5").is_err());
        assert!(RbConfig::parse_file("speed = 5").unwrap_err().to_string().contains("unknown key"));
    }

    #[test]
    fn ratios_follow_figure_3s_expressions() {
        assert_eq!(RatioBase::Constant(0.75).eval(40, 3), 0.75);
        assert!((RatioBase::Depth(100.0).eval(25, 0) - 0.75).abs() < 1e-12);
        assert!((RatioBase::Run(5.0).eval(0, 2) - 0.6).abs() < 1e-12);
        assert!((RatioBase::Power(0.5).eval(0, 3) - 0.125).abs() < 1e-12);
    }
}
