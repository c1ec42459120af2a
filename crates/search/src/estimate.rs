//! How big is the search tree? Knuth's estimator (D. E. Knuth, "Estimating the
//! efficiency of backtrack programs", Math. Comp. 1975), the estimator GenMC and JMC
//! run before exploring.
//!
//! A walk goes from the initial state to a leaf, choosing uniformly among the moves
//! of every state (an enabled thread, or one branch of a thread before a choice).
//! With `b_1, b_2, …` the numbers of moves along the walk and `P_i = b_1 ⋯ b_i`, the
//! walk's estimate of the tree's transitions is `P_1 + P_2 + …` (there are about `P_i`
//! transitions at depth `i`) and of its leaves — complete executions — the product of
//! all its `b_i`. Each is an unbiased estimate of the exact count; the mean over many
//! walks converges to it, slowly where the tree is lopsided (a few long walks carry
//! most of the weight). [`TreeEstimate`] reports the means and their standard errors.
//!
//! What it estimates is the tree of *unreduced stateless* search (`--stateless`,
//! `strategy/dfs.rs`): every path of the state graph, except that a state repeating
//! on its own path is not expanded again. The walks follow the same rule: a walk that
//! comes back to a state of its own path stops there. Only walks that end where the
//! program ended count as executions (the product of the walk times "it ended", which
//! keeps the estimate unbiased); a walk also stops at a deadlock, a violation or
//! `max_depth` (a cut walk: its estimate misses what lies below, reported in
//! [`TreeEstimate::cut_walks`]). A stateful search explores each state once, so the
//! estimate of its transitions is an upper bound, often a loose one; a
//! partial-order-reduced search explores a subtree the walks cannot see.
//!
//! This module only walks and counts; it stores no states and reports nothing found.

use rustc_hash::FxHashSet;

use crate::rng::SearchRng;
use crate::run::SearchRun;
use crate::system::{Fingerprint, SystemError, TransitionSystem};

/// Means of the walks' estimates (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TreeEstimate {
    /// walks made
    pub walks: u64,
    /// walks stopped at the depth bound
    pub cut_walks: u64,
    /// estimated complete executions (leaves of the tree)
    pub executions: f64,
    /// the standard error of `executions`
    pub executions_error: f64,
    /// estimated transitions (edges of the tree; its states are one more)
    pub transitions: f64,
    /// the standard error of `transitions`
    pub transitions_error: f64,
    /// the mean length of a walk
    pub mean_depth: f64,
}

/// Running mean and variance (Welford).
#[derive(Clone, Copy, Debug, Default)]
struct Moments {
    n: u64,
    mean: f64,
    m2: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        (self.m2 / (self.n - 1) as f64 / self.n as f64).sqrt()
    }
}

/// `walks` walks from the initial state with moves drawn from `seed`; each stops at
/// `max_depth` transitions at the latest. The system is reset before each walk and
/// left after the last.
pub fn estimate_tree(sys: &mut dyn TransitionSystem, walks: u64, seed: u64, max_depth: usize) -> Result<TreeEstimate, SystemError> {
    let mut rng = SearchRng::new(seed);
    let (mut executions, mut transitions, mut depth) = (Moments::default(), Moments::default(), Moments::default());
    let mut cut_walks = 0;
    let mut path: FxHashSet<Fingerprint> = FxHashSet::default();
    for _ in 0..walks {
        sys.reset()?;
        path.clear();
        let (mut product, mut sum, mut steps, mut ended) = (1.0f64, 0.0f64, 0usize, false);
        loop {
            if sys.is_terminal() {
                ended = true;
                break;
            }
            if !path.insert(sys.fingerprint()) {
                break;
            }
            let enabled = sys.enabled();
            let moves = SearchRun::moves(sys, &enabled);
            if moves.is_empty() {
                break;
            }
            if steps == max_depth {
                cut_walks += 1;
                break;
            }
            product *= moves.len() as f64;
            sum += product;
            steps += 1;
            if sys.step(moves[rng.below(moves.len())])?.violation.is_some() {
                break;
            }
        }
        executions.add(if ended { product } else { 0.0 });
        transitions.add(sum);
        depth.add(steps as f64);
    }
    Ok(TreeEstimate {
        walks,
        cut_walks,
        executions: executions.mean,
        executions_error: executions.error(),
        transitions: transitions.mean,
        transitions_error: transitions.error(),
        mean_depth: depth.mean,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{Op, Program};

    /// Exact counts of the unreduced tree, by enumeration.
    fn exact(sys: &mut dyn TransitionSystem) -> (u64, u64) {
        fn walk(sys: &mut dyn TransitionSystem, path: &mut Vec<Fingerprint>, leaves: &mut u64, edges: &mut u64) {
            if sys.is_terminal() {
                *leaves += 1;
                return;
            }
            let fp = sys.fingerprint();
            if path.contains(&fp) {
                return;
            }
            path.push(fp);
            let enabled = sys.enabled();
            for mv in SearchRun::moves(sys, &enabled) {
                let mark = sys.save();
                *edges += 1;
                if sys.step(mv).expect("steps").violation.is_none() {
                    walk(sys, path, leaves, edges);
                }
                sys.restore(mark);
            }
            path.pop();
        }
        sys.reset().expect("resets");
        let (mut leaves, mut edges) = (0, 0);
        walk(sys, &mut Vec::new(), &mut leaves, &mut edges);
        (leaves, edges)
    }

    #[test]
    fn a_path_is_estimated_exactly_by_every_walk() {
        let mut one = Program::new(3, vec![vec![Op::Set(0, 1), Op::Set(1, 1), Op::Set(2, 1)]]);
        let e = estimate_tree(&mut one, 10, 1, 100).expect("walks");
        assert_eq!((e.executions, e.transitions, e.executions_error), (1.0, 3.0, 0.0));
    }

    #[test]
    fn the_mean_converges_to_the_exact_counts() {
        let mut p = Program::new(3, vec![vec![Op::Set(0, 1), Op::Load(1), Op::Set(2, 1)], vec![Op::Load(0), Op::Store(1, 1)], vec![Op::Set(0, 2), Op::Set(2, 2)]]);
        let (leaves, edges) = exact(&mut p);
        let e = estimate_tree(&mut p, 20_000, 7, 1_000).expect("walks");
        assert_eq!(e.cut_walks, 0);
        for (what, estimate, error, exact) in [("executions", e.executions, e.executions_error, leaves), ("transitions", e.transitions, e.transitions_error, edges)] {
            assert!((estimate - exact as f64).abs() <= 4.0 * error + 1e-9, "{what}: {estimate} ± {error} against {exact}");
            assert!(error < 0.05 * exact as f64, "{what}: the error shrinks with many walks ({error})");
        }
    }

    #[test]
    fn spin_loops_are_cut_where_stateless_search_cuts_them() {
        let mut p = Program::new(2, vec![vec![Op::Set(0, 1), Op::Load(1)], vec![Op::Await(0, 1), Op::Set(1, 1)], vec![Op::CasLoop(1, 0, 2), Op::Load(0)]]);
        let (leaves, edges) = exact(&mut p);
        let cfg = crate::SearchConfig { stateless: true, liveness: false, ..crate::SearchConfig::default() };
        let dfs = crate::strategy::by_name("dfs").expect("dfs").search(&mut p, &cfg, &mut crate::NoListener).expect("searches");
        assert_eq!((dfs.stats.end_states, dfs.stats.transitions), (leaves, edges), "the enumeration is the stateless search's tree");
        let e = estimate_tree(&mut p, 20_000, 11, 1_000).expect("walks");
        assert!((e.executions - leaves as f64).abs() <= 4.0 * e.executions_error, "{} ± {} against {leaves}", e.executions, e.executions_error);
        assert!((e.transitions - edges as f64).abs() <= 4.0 * e.transitions_error, "{} ± {} against {edges}", e.transitions, e.transitions_error);
    }

    #[test]
    fn cut_walks_are_counted() {
        let mut p = Program::new(2, vec![vec![Op::Set(0, 1); 5], vec![Op::Set(1, 1); 5]]);
        let e = estimate_tree(&mut p, 50, 3, 4).expect("walks");
        assert_eq!((e.walks, e.cut_walks), (50, 50));
        assert_eq!(e.mean_depth, 4.0);
    }
}
