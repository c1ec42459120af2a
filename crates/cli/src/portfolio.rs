//! `jvmc check --portfolio`: the stateful POR paper's suggested portfolio checker.
//! S-POR and DL-S-POR run side by side in threads of this process, each with its own
//! vm; to find a first error, each also in every order of the worker threads
//! (`sequential:2,1,3`, …: the paper finds that the order decides how soon an error
//! turns up). The first member to reach a verdict — a violation, or a complete search
//! — stops the others, and its report is the portfolio's.
//!
//! This module owns the members and the race between them; the searches and the
//! reports are `check.rs`'s.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

use jvmc_search::{SearchConfig, SearchListener, ThreadOrder, Verdict};
use jvmc_vm::check::Visibility;

use crate::check::{search_and_describe, Searched};
use crate::trace::ProgramSpec;

/// The algorithms of the portfolio: the paper's S-POR and DL-S-POR.
const ALGORITHMS: [&str; 2] = ["spor", "dl-spor"];

/// One member: an algorithm in an enumeration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// `--por`
    pub algorithm: &'static str,
    /// `--order`
    pub order: String,
}

/// The members: each algorithm in sequential order; to find a first error, in every
/// order of the worker threads `1..=threads` too.
pub fn members(first_error: bool, threads: u32) -> Vec<Member> {
    let orders = if first_error { permutations(&(1..=threads).collect::<Vec<_>>()) } else { vec![Vec::new()] };
    let mut out = Vec::new();
    for algorithm in ALGORITHMS {
        for o in &orders {
            let order = if o.is_empty() || o.iter().copied().eq(1..=threads) {
                "sequential".to_string()
            } else {
                format!("sequential:{}", o.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
            };
            out.push(Member { algorithm, order });
        }
    }
    out
}

/// Every order of `items`, the identity first.
fn permutations(items: &[u32]) -> Vec<Vec<u32>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let rest: Vec<u32> = items.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &x)| x).collect();
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Stops a member's search once another member has a verdict.
struct StopFlag(Arc<AtomicBool>);

impl SearchListener for StopFlag {
    fn on_state(&mut self, _stats: &jvmc_search::Stats) -> Result<bool, jvmc_search::ListenerError> {
        Ok(!self.0.load(Ordering::Relaxed))
    }
}

/// Runs `members` on `spec` at once; returns the index and result of the one that
/// reached a verdict first (or, if none did, of the first member).
pub fn race(spec: &ProgramSpec, cfg: &SearchConfig, hash_output: bool, visibility: &Visibility, members: &[Member]) -> anyhow::Result<(usize, Searched)> {
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        for (i, m) in members.iter().enumerate() {
            let (send, stop) = (send.clone(), stop.clone());
            let mut cfg = cfg.clone();
            cfg.order = ThreadOrder::parse(&m.order).unwrap_or(ThreadOrder::Sequential(Vec::new()));
            std::thread::Builder::new().name(format!("{} {}", m.algorithm, m.order)).stack_size(64 << 20).spawn_scoped(scope, move || {
                let result = search_and_describe(spec, &cfg, hash_output, visibility.clone(), m.algorithm, &mut StopFlag(stop.clone()));
                if result.as_ref().is_ok_and(|s| s.report.verdict() != Verdict::Incomplete) {
                    stop.store(true, Ordering::Relaxed);
                }
                // the receiver outlives the scope
                let _ = send.send((i, result));
            })?;
        }
        Ok(())
    })?;
    drop(send);
    let mut results: Vec<(usize, anyhow::Result<Searched>)> = receive.into_iter().collect();
    // finishing order: the first decisive result wins
    let winner = results.iter().position(|(_, r)| r.as_ref().is_ok_and(|s| s.report.verdict() != Verdict::Incomplete));
    let at = match winner {
        Some(at) => at,
        None => results.iter().position(|(i, _)| *i == 0).unwrap_or(0),
    };
    let (i, result) = results.swap_remove(at);
    Ok((i, result?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_error_members_cover_every_order_of_the_workers() {
        let m = members(true, 3);
        assert_eq!(m.len(), 2 * 6);
        assert_eq!(m[0], Member { algorithm: "spor", order: "sequential".into() });
        assert!(m.iter().any(|m| m.algorithm == "dl-spor" && m.order == "sequential:3,1,2"));
        let mut orders: Vec<&str> = m.iter().map(|m| m.order.as_str()).collect();
        orders.sort_unstable();
        orders.dedup();
        assert_eq!(orders.len(), 6);
        assert_eq!(members(false, 3), vec![Member { algorithm: "spor", order: "sequential".into() }, Member { algorithm: "dl-spor", order: "sequential".into() }]);
    }
}
