//! The ranking of DFS-RB configurations of the DFS-RB paper, Section 6.1, and its
//! leave-one-out validation, Section 7.1 — pure computation over recorded runs.
//!
//! Per configuration and benchmark, from the runs (one per seed): `errp`, the
//! percentage of runs that found an error; the mean states to the error over those
//! runs; and the coefficient of variation of those states. Three scores, lower is
//! better:
//! 1. errors: `Π_b 100 / errp(cfg, b)` — the expected number of runs to find an
//!    error, infinite if some benchmark's runs never found one;
//! 2. distance: `Π_b mean(cfg, b) / best(b)`, `best(b)` the smallest mean of any
//!    configuration on `b` (the paper's "distance from the best achieved speed",
//!    combined over benchmarks like the first score; infinite where no error was
//!    found);
//! 3. variation: `Π_b (1 + cov(cfg, b))`, infinite where no error was found (there
//!    is no speed to vary; otherwise failing configurations, with few successful runs
//!    and so little variation, would win this list).
//!
//! Each score gives a rank (1 for the best; equal scores share a rank), the combined
//! rank orders by `r_e + r_d + r_v`, and each score is reported normalised so that
//! the best is 1. The paper measures speed in states (its machine-independent
//! metric) and variation in running time; we use states for both, since times of a
//! few milliseconds mostly measure noise.

use std::collections::BTreeMap;

/// One run: did it find an error, with how many states.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    pub found: bool,
    pub states: u64,
}

/// What the runs of one configuration on one benchmark say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    /// percentage of runs that found an error
    pub errp: f64,
    /// mean states over the runs that found one (`None`: none did)
    pub mean: Option<f64>,
    /// coefficient of variation of those states (0 for fewer than two)
    pub cov: f64,
}

impl Cell {
    pub fn of(runs: &[Run]) -> Cell {
        let found: Vec<f64> = runs.iter().filter(|r| r.found).map(|r| r.states as f64).collect();
        let errp = if runs.is_empty() { 0.0 } else { 100.0 * found.len() as f64 / runs.len() as f64 };
        if found.is_empty() {
            return Cell { errp, mean: None, cov: 0.0 };
        }
        let mean = found.iter().sum::<f64>() / found.len() as f64;
        let var = if found.len() < 2 { 0.0 } else { found.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (found.len() - 1) as f64 };
        let cov = if mean > 0.0 { var.sqrt() / mean } else { 0.0 };
        Cell { errp, mean: Some(mean), cov }
    }
}

/// A configuration's place in the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub config: String,
    /// scores normalised to the best (1), infinite for failing configurations
    pub errors: f64,
    pub distance: f64,
    pub variation: f64,
    /// ranks in the three lists, and the combined rank's sum
    pub ranks: [usize; 3],
    pub combined: usize,
}

/// The results: configuration → benchmark → cell.
pub type Results = BTreeMap<String, BTreeMap<String, Cell>>;

/// Ranks the configurations of `results` over `benches` (Section 6.1), best first.
pub fn rank(results: &Results, benches: &[&str]) -> Vec<Ranked> {
    let best: BTreeMap<&str, f64> = benches
        .iter()
        .map(|&b| (b, results.values().filter_map(|c| c.get(b).and_then(|c| c.mean)).fold(f64::INFINITY, f64::min)))
        .collect();
    let scores: Vec<(&String, [f64; 3])> = results
        .iter()
        .map(|(cfg, cells)| {
            let mut s = [1.0f64; 3];
            for &b in benches {
                let cell = cells.get(b).copied().unwrap_or(Cell { errp: 0.0, mean: None, cov: 0.0 });
                s[0] *= if cell.errp > 0.0 { 100.0 / cell.errp } else { f64::INFINITY };
                s[1] *= match (cell.mean, best[b]) {
                    (Some(m), bst) if bst > 0.0 && bst.is_finite() => m / bst,
                    (Some(_), _) => 1.0,
                    (None, _) => f64::INFINITY,
                };
                // no successful run: no speed to vary (a failure, like the distance)
                s[2] *= if cell.mean.is_some() { 1.0 + cell.cov } else { f64::INFINITY };
            }
            (cfg, s)
        })
        .collect();
    let ranks: Vec<Vec<usize>> = (0..3).map(|k| competition_ranks(&scores.iter().map(|(_, s)| s[k]).collect::<Vec<_>>())).collect();
    let sums: Vec<usize> = (0..scores.len()).map(|i| ranks[0][i] + ranks[1][i] + ranks[2][i]).collect();
    let combined = competition_ranks(&sums.iter().map(|&x| x as f64).collect::<Vec<_>>());
    let best_score = |k: usize| scores.iter().map(|(_, s)| s[k]).fold(f64::INFINITY, f64::min);
    let norm = |v: f64, k: usize| {
        let b = best_score(k);
        if b > 0.0 && b.is_finite() {
            v / b
        } else {
            v
        }
    };
    let mut out: Vec<Ranked> = scores
        .iter()
        .enumerate()
        .map(|(i, (cfg, s))| Ranked {
            config: (*cfg).clone(),
            errors: norm(s[0], 0),
            distance: norm(s[1], 1),
            variation: norm(s[2], 2),
            ranks: [ranks[0][i], ranks[1][i], ranks[2][i]],
            combined: combined[i],
        })
        .collect();
    out.sort_by(|a, b| a.combined.cmp(&b.combined).then_with(|| a.config.cmp(&b.config)));
    out
}

/// Standard competition ranks (1, 2, 2, 4, ...) of `scores`, lower is better.
fn competition_ranks(scores: &[f64]) -> Vec<usize> {
    scores.iter().map(|&s| 1 + scores.iter().filter(|&&o| o < s).count()).collect()
}

/// Spearman's ρ between two rankings of the same configurations (by the combined
/// rank of each), with average ranks for ties: the Pearson correlation of the ranks.
/// `None` for fewer than two configurations or a constant ranking.
pub fn spearman(a: &[Ranked], b: &[Ranked], only: impl Fn(&str) -> bool) -> Option<f64> {
    let pos = |list: &[Ranked]| -> BTreeMap<String, usize> { list.iter().filter(|r| only(&r.config)).map(|r| (r.config.clone(), r.combined)).collect() };
    let (pa, pb) = (pos(a), pos(b));
    let common: Vec<&String> = pa.keys().filter(|k| pb.contains_key(*k)).collect();
    if common.len() < 2 {
        return None;
    }
    let xs = average_ranks(&common.iter().map(|k| pa[*k] as f64).collect::<Vec<_>>());
    let ys = average_ranks(&common.iter().map(|k| pb[*k] as f64).collect::<Vec<_>>());
    pearson(&xs, &ys)
}

/// The ranks of `v` (1 = smallest), ties given the mean of the ranks they span.
fn average_ranks(v: &[f64]) -> Vec<f64> {
    v.iter()
        .map(|&x| {
            let below = v.iter().filter(|&&o| o < x).count() as f64;
            let equal = v.iter().filter(|&&o| o == x).count() as f64;
            below + (equal + 1.0) / 2.0
        })
        .collect()
}

fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let (vx, vy): (f64, f64) = (x.iter().map(|a| (a - mx).powi(2)).sum(), y.iter().map(|b| (b - my).powi(2)).sum());
    (vx > 0.0 && vy > 0.0).then(|| cov / (vx * vy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(found_states: &[Option<u64>]) -> Vec<Run> {
        found_states.iter().map(|s| Run { found: s.is_some(), states: s.unwrap_or(0) }).collect()
    }

    #[test]
    fn a_cell_counts_successes_and_their_spread() {
        let c = Cell::of(&runs(&[Some(100), Some(300), None, None]));
        assert_eq!(c.errp, 50.0);
        assert_eq!(c.mean, Some(200.0));
        assert!((c.cov - (20_000f64).sqrt() / 200.0).abs() < 1e-9);
        assert_eq!(Cell::of(&runs(&[None])).mean, None);
    }

    #[test]
    fn ranking_follows_the_three_criteria_and_failures_rank_last() {
        let mut results = Results::new();
        let put = |r: &mut Results, cfg: &str, b: &str, rs: &[Option<u64>]| {
            r.entry(cfg.to_string()).or_default().insert(b.to_string(), Cell::of(&runs(rs)));
        };
        // "good": always finds, fast, steady; "slow": always finds, 10x the states;
        // "flaky": finds half the time; "blind": never finds on b2
        for b in ["b1", "b2"] {
            put(&mut results, "good", b, &[Some(10), Some(10)]);
            put(&mut results, "slow", b, &[Some(100), Some(100)]);
            put(&mut results, "flaky", b, &[Some(10), None]);
        }
        put(&mut results, "blind", "b1", &[Some(10), Some(10)]);
        put(&mut results, "blind", "b2", &[None, None]);
        let r = rank(&results, &["b1", "b2"]);
        let order: Vec<&str> = r.iter().map(|x| x.config.as_str()).collect();
        assert_eq!(order[0], "good");
        assert_eq!(order.last(), Some(&"blind"));
        let good = &r[0];
        assert_eq!((good.errors, good.distance, good.variation), (1.0, 1.0, 1.0));
        let slow = r.iter().find(|x| x.config == "slow").expect("slow");
        assert_eq!(slow.distance, 100.0, "10x on each of two benchmarks");
        let flaky = r.iter().find(|x| x.config == "flaky").expect("flaky");
        assert_eq!(flaky.errors, 4.0, "two expected runs per benchmark");
        assert!(r.iter().find(|x| x.config == "blind").is_some_and(|x| x.errors.is_infinite() && x.variation.is_infinite()));
    }

    #[test]
    fn spearman_is_one_for_equal_orders_and_minus_one_for_reversed() {
        let list = |order: &[&str]| -> Vec<Ranked> {
            order.iter().enumerate().map(|(i, c)| Ranked { config: c.to_string(), errors: 1.0, distance: 1.0, variation: 1.0, ranks: [1; 3], combined: i + 1 }).collect()
        };
        let a = list(&["x", "y", "z"]);
        assert_eq!(spearman(&a, &list(&["x", "y", "z"]), |_| true), Some(1.0));
        assert!((spearman(&a, &list(&["z", "y", "x"]), |_| true).expect("rho") + 1.0).abs() < 1e-12);
        assert_eq!(spearman(&a, &list(&["x"]), |_| true), None);
    }
}
