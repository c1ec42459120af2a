//! Semantics every strategy must share, checked on each registered one.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use super::*;
use crate::report::{Counterexample, Stats, StopReason, Verdict};
use crate::testkit::{graph, lock_order_deadlock, racy_counter, replay, Counter, Op, Program};
use crate::{FingerprintError, ListenerError, NoListener, SearchError, Transition, ViolationKind};

fn search(name: &str, sys: &mut dyn TransitionSystem, cfg: &SearchConfig) -> SearchReport {
    by_name(name).expect("registered").search(sys, cfg, &mut NoListener).expect("search")
}

/// Exhaustive strategies (random is checked separately: it is never complete).
const EXHAUSTIVE: [&str; 3] = ["dfs", "bfs", "sleep"];

/// A program with locks, lost updates and a final assertion that can fail.
fn mixed_program() -> Program {
    Program::new(
        2,
        vec![
            vec![Op::Lock(0), Op::Load(0), Op::Store(0, 1), Op::Unlock(0), Op::Set(1, 5)],
            vec![Op::Load(1), Op::Store(0, 2)],
            vec![Op::Lock(0), Op::Load(0), Op::Store(0, 10), Op::Unlock(0)],
        ],
    )
}

/// The states reachable from the initial one without going through a violating
/// transition, by brute force over clones (independent of any strategy).
fn reachable_states(program: &Program) -> usize {
    let mut start = program.clone();
    start.reset().expect("reset");
    let mut seen = HashSet::new();
    seen.insert(start.encode());
    let mut work = vec![start];
    while let Some(mut p) = work.pop() {
        for t in p.enabled() {
            for b in 0..p.branches(t) {
                let mut next = p.clone();
                if next.step(crate::Move::new(t, b)).expect("step").violation.is_none() && seen.insert(next.encode()) {
                    work.push(next);
                }
            }
        }
    }
    seen.len()
}

/// Replays a counterexample on a fresh system and checks it ends in the same
/// violation, with the same labels.
fn assert_replays(fresh: &mut dyn TransitionSystem, found: &Counterexample) {
    let steps = replay(fresh, &found.schedule());
    let labels: Vec<Transition> = steps.iter().map(|s| s.transition.clone()).collect();
    assert_eq!(labels, found.trace, "replayed labels");
    for step in steps.iter().rev().skip(1) {
        assert!(step.violation.is_none(), "a violation before the trace's end");
    }
    match found.violation.kind {
        ViolationKind::Deadlock => {
            if let Some(last) = steps.last() {
                assert!(last.violation.is_none());
            }
            assert!(fresh.enabled().is_empty() && !fresh.is_terminal(), "replay does not end in a deadlock");
        }
        _ => assert_eq!(steps.last().and_then(|s| s.violation.as_ref()), Some(&found.violation)),
    }
}

#[test]
fn registry_knows_every_strategy() {
    let names: Vec<&str> = names().collect();
    assert_eq!(names, ["dfs", "bfs", "random", "dfs-rb", "pct", "pos", "preemption-bounded", "max-preemption", "sleep", "spor", "de-spor", "de-spor-paper", "dl-spor", "dl-spor-paper", "de-jpf", "dl-jpf", "odpor", "odpor-paper", "sdpor", "dpor", "source-dpor", "optimal-dpor", "dpor-engine", "dpor-engine-every-access", "dpor-engine-every-step"]);
    assert!(crate::por::ALGORITHMS.iter().all(|a| names.contains(a)));
    for name in names {
        assert_eq!(by_name(name).expect("registered").name(), name);
    }
    assert!(by_name("nope").is_none());
    assert!(STRATEGIES.iter().all(|r| !r.summary.is_empty()));
}

#[test]
fn exhaustive_strategies_visit_exactly_the_reachable_states() {
    let program = mixed_program();
    let expected = reachable_states(&program) as u64;
    for name in EXHAUSTIVE {
        let report = search(name, &mut program.clone(), &SearchConfig::default());
        assert_eq!(report.stop, StopReason::Complete, "{name}");
        assert_eq!(report.verdict(), Verdict::Ok, "{name}");
        assert_eq!(report.stats.states_new, expected, "{name}");
        // every transition leads to a new state or a revisit
        assert_eq!(report.stats.transitions, report.stats.states_new - 1 + report.stats.states_visited, "{name}");
    }
}

#[test]
fn searches_are_deterministic() {
    for name in names() {
        let cfg = SearchConfig { walks: Some(10), seed: 3, collect_outcomes: true, ..SearchConfig::default() };
        let mut a = search(name, &mut mixed_program(), &cfg);
        let mut b = search(name, &mut mixed_program(), &cfg);
        for r in [&mut a, &mut b] {
            r.stats.elapsed = Duration::ZERO;
            r.stats.peak_rss_bytes = 0;
        }
        assert_eq!(a, b, "{name}");
    }
}

#[test]
fn outcomes_count_end_states_or_paths() {
    let cfg = SearchConfig { collect_outcomes: true, ..SearchConfig::default() };
    for name in EXHAUSTIVE {
        // Distinct end states: x=1 once (both loaded 0), x=2 twice (the registers
        // show which thread went first).
        let report = search(name, &mut racy_counter(), &cfg);
        assert_eq!(report.outcomes, BTreeMap::from([("x0=1".to_string(), 1), ("x0=2".to_string(), 2)]), "{name}");
        assert_eq!(report.stats.end_states, 3);
        assert_eq!(report.stats.states_new, 13);
    }
    // Paths: 6 interleavings, 2 of them serial (x=2), 4 lose an update (x=1).
    let stateless = SearchConfig { stateless: true, ..cfg.clone() };
    let report = search("dfs", &mut racy_counter(), &stateless);
    assert_eq!(report.outcomes, BTreeMap::from([("x0=1".to_string(), 4), ("x0=2".to_string(), 2)]));
    let without = search("dfs", &mut racy_counter(), &SearchConfig::default());
    assert!(without.outcomes.is_empty());
}

#[test]
fn deadlocks_are_found_and_replay() {
    for name in names() {
        let cfg = SearchConfig { walks: Some(1000), ..SearchConfig::default() };
        let report = search(name, &mut lock_order_deadlock(), &cfg);
        assert_eq!(report.stop, StopReason::Violation, "{name}");
        assert_eq!(report.verdict(), Verdict::Violation);
        let found = &report.violations[0];
        assert_eq!(found.violation.kind, ViolationKind::Deadlock, "{name}");
        assert_eq!(found.violation.thread, None);
        assert_eq!(found.trace.len(), 2, "{name}: both threads took their first lock");
        assert_replays(&mut lock_order_deadlock(), found);
    }
}

#[test]
fn assertion_violations_stop_or_accumulate_and_replay() {
    // Thread 1 asserts x1 == 0, which fails once thread 0 has set it; thread 2
    // asserts x0 == 10, which fails once another thread wrote x0 after it.
    let program = || {
        Program::new(
            2,
            vec![
                vec![Op::Lock(0), Op::Load(0), Op::Store(0, 1), Op::Unlock(0), Op::Set(1, 5)],
                vec![Op::Load(1), Op::Store(0, 2), Op::Assert(1, 0)],
                vec![Op::Lock(0), Op::Load(0), Op::Store(0, 10), Op::Unlock(0), Op::Assert(0, 10)],
            ],
        )
    };
    for name in names() {
        let first = search(name, &mut program(), &SearchConfig { walks: Some(500), ..SearchConfig::default() });
        assert_eq!(first.stop, StopReason::Violation, "{name}");
        assert_eq!(first.violations.len(), 1, "{name}");
        assert_replays(&mut program(), &first.violations[0]);

        let cfg = SearchConfig { multiple_errors: true, walks: Some(500), ..SearchConfig::default() };
        let all = search(name, &mut program(), &cfg);
        assert!(all.violations.len() > 1, "{name}: {}", all.violations.len());
        let messages: HashSet<&str> = all.violations.iter().map(|v| v.violation.message.as_str()).collect();
        assert!(messages.iter().any(|m| m.starts_with("assert x1")) && messages.iter().any(|m| m.starts_with("assert x0")), "{name}: {messages:?}");
        for found in &all.violations {
            assert_replays(&mut program(), found);
        }
        if !matches!(name, "random" | "pct" | "pos") {
            assert_eq!(all.stop, StopReason::Complete, "{name}");
        }
        // counted, each with its trace length, also beyond those kept
        let lengths: Vec<usize> = all.violations.iter().map(|v| v.trace.len()).collect();
        assert_eq!(all.stats.violations, lengths.len() as u64, "{name}");
        assert_eq!((all.stats.violation_depth_min, all.stats.violation_depth_sum), (lengths.iter().copied().min().unwrap_or(0), lengths.iter().sum::<usize>() as u64), "{name}");
        let kept = search(name, &mut program(), &SearchConfig { kept_violations: Some(1), ..cfg.clone() });
        assert_eq!((kept.violations.len(), kept.stats.violations), (1, all.stats.violations), "{name}");
    }
    // Stateless DFS reports every violating path.
    let cfg = SearchConfig { multiple_errors: true, stateless: true, ..SearchConfig::default() };
    let stateless = search("dfs", &mut program(), &cfg);
    let stateful = search("dfs", &mut program(), &SearchConfig { multiple_errors: true, ..SearchConfig::default() });
    assert!(stateless.violations.len() > stateful.violations.len());
}

#[test]
fn max_states_stops_cleanly() {
    for name in names() {
        let cfg = SearchConfig { max_states: Some(7), ..SearchConfig::default() };
        let report = search(name, &mut Counter::default(), &cfg);
        assert_eq!(report.stop, StopReason::MaxStates, "{name}");
        assert_eq!(report.verdict(), Verdict::Incomplete);
        assert_eq!(report.stats.states_new, 7, "{name}");
    }
    // A limit that is not reached does not make a search incomplete.
    let cfg = SearchConfig { max_states: Some(13), ..SearchConfig::default() };
    assert_eq!(search("dfs", &mut racy_counter(), &cfg).stop, StopReason::Complete);
}

#[test]
fn time_and_memory_limits_stop_cleanly() {
    // (the counter's transitions are all independent: partial-order reduction would
    // explore a single path, so only the unreduced strategies are tried)
    for name in ["dfs", "bfs", "random"] {
        // stateless and 64 deep: 2^64 paths, far more than 20 ms can explore
        let cfg = SearchConfig { max_time: Some(Duration::from_millis(20)), depth_limit: Some(64), stateless: true, ..SearchConfig::default() };
        let report = search(name, &mut Counter::default(), &cfg);
        assert_eq!(report.stop, StopReason::MaxTime, "{name}");
        assert!(report.stats.states_new > 0);

        let cfg = SearchConfig { max_memory: Some(1), depth_limit: Some(64), stateless: true, ..SearchConfig::default() };
        let report = search(name, &mut Counter::default(), &cfg);
        if cfg!(target_os = "linux") {
            assert_eq!(report.stop, StopReason::MaxMemory, "{name}");
            assert_eq!(report.stats.transitions, 1024, "{name}: sampled every 1024 transitions");
            assert!(report.stats.peak_rss_bytes > 0);
        }
    }
}

#[test]
fn a_limit_reached_inside_a_transition_stops_cleanly() {
    for name in names() {
        let mut sys = FailsAt::new(10, || Box::new(crate::LimitReached(crate::Limit::Time)));
        let cfg = SearchConfig { max_time: Some(Duration::from_secs(3600)), max_memory: Some(1 << 40), depth_limit: Some(20), ..SearchConfig::default() };
        let report = search(name, &mut sys, &cfg);
        assert_eq!(report.stop, StopReason::MaxTime, "{name}");
        assert_eq!(report.verdict(), Verdict::Incomplete, "{name}");
        let limits = sys.limits.expect("the system was told the limits");
        assert_eq!(limits.max_memory, Some(1 << 40), "{name}");
        assert!(limits.deadline.is_some(), "{name}");
    }
}

#[test]
fn every_strategy_reports_a_reachable_hang_as_a_livelock() {
    // thread 0 takes the lock and spins on x0, which only thread 1 (needing the lock)
    // would set; thread 2 is independent
    let hang = || Program::new(1, vec![vec![Op::Lock(0), Op::Await(0, 1), Op::Unlock(0)], vec![Op::Lock(0), Op::Set(0, 1), Op::Unlock(0)], vec![Op::Local]]);
    for name in names() {
        for stateless in [false, true] {
            let frontier = name == "bfs" || name == "max-preemption";
            if (stateless && (frontier || crate::por::ALGORITHMS.contains(&name))) || crate::por::STATELESS.contains(&name) || (stateless && name == "dfs-rb") || name == "preemption-bounded" {
                continue; // BFS keeps no edges; stateless POR has no state identities; preemption bounding looks for no cycles (nor stateless DFS-RB)
            }
            let cfg = SearchConfig { liveness: true, stateless, walks: Some(200), seed: 3, ..SearchConfig::default() };
            let report = search(name, &mut hang(), &cfg);
            if frontier {
                assert!(report.violations.is_empty(), "{name} does not look for cycles");
                continue;
            }
            assert_eq!(report.violations.len(), 1, "{name} stateless={stateless}: {:?}", report.stop);
            let found = &report.violations[0];
            assert_eq!(found.violation.kind, ViolationKind::Livelock, "{name}");
            let start = found.cycle_start.expect("a lasso");
            // the lasso: replayed, the stem's end state comes back after the cycle
            let mut sys = hang();
            let steps = replay(&mut sys, &found.schedule()[..start]);
            assert!(steps.iter().all(|s| s.violation.is_none()));
            let before = sys.fingerprint();
            for &mv in &found.schedule()[start..] {
                sys.step(mv).expect("the cycle replays");
            }
            assert_eq!(sys.fingerprint(), before, "{name}: the cycle closes");
            // without liveness the hang goes unreported (and the search still ends)
            let off = search(name, &mut hang(), &SearchConfig { liveness: false, stateless, walks: Some(20), depth_limit: Some(30), ..SearchConfig::default() });
            assert!(off.violations.is_empty(), "{name}");
        }
    }
}

#[test]
fn depth_limit_is_reported_by_every_exhaustive_strategy() {
    for name in EXHAUSTIVE {
        for stateless in [false, true] {
            let cfg = SearchConfig { depth_limit: Some(4), stateless, ..SearchConfig::default() };
            let report = search(name, &mut Counter::default(), &cfg);
            assert_eq!(report.stop, StopReason::DepthLimit, "{name}");
            assert_eq!(report.stats.max_depth, 4, "{name}");
            assert!(report.stats.depth_cutoffs > 0, "{name}");
        }
    }
    // Stateless: the full binary tree of depth 4.
    let cfg = SearchConfig { depth_limit: Some(4), stateless: true, ..SearchConfig::default() };
    let report = search("dfs", &mut Counter::default(), &cfg);
    assert_eq!(report.stats.states_new, 31);
    assert_eq!(report.stats.depth_cutoffs, 16);
}

#[test]
fn exact_states_catch_a_fingerprint_collision() {
    for name in names() {
        if crate::por::STATELESS.contains(&name) {
            continue; // nothing is matched, so nothing to check
        }
        let cfg = SearchConfig { exact_states: true, walks: Some(100), ..SearchConfig::default() };
        // four fingerprint values for 9 states
        let err = by_name(name).expect("registered").search(&mut racy_counter().with_fingerprint_bits(2), &cfg, &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::Fingerprint(FingerprintError::Collision { .. })), "{name}: {err}");
        assert!(err.to_string().contains("fingerprint collision"));

        let mut g = graph(3, &[(0, 0, 1), (1, 0, 2)], &[2]).with_same_fingerprint(1, 2);
        let err = by_name(name).expect("registered").search(&mut g, &cfg, &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::Fingerprint(FingerprintError::Collision { .. })), "{name}: {err}");
        // without the check the collision silently hides node 2
        let blind = search(name, &mut g, &SearchConfig { walks: Some(1), ..SearchConfig::default() });
        assert_eq!(blind.stats.end_states, 0, "{name}");
    }
}

#[test]
fn exact_states_catch_an_unstable_fingerprint() {
    for name in names() {
        if crate::por::STATELESS.contains(&name) {
            continue; // nothing is matched, so nothing to check
        }
        let cfg = SearchConfig { exact_states: true, walks: Some(100), ..SearchConfig::default() };
        let err = by_name(name).expect("registered").search(&mut racy_counter().with_unstable_fingerprints(), &cfg, &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::Fingerprint(FingerprintError::Unstable { .. })), "{name}: {err}");
        assert!(err.to_string().contains("unstable fingerprint"));

        let mut g = graph(3, &[(0, 0, 1), (1, 0, 2)], &[2]).with_same_encoding(1, 2);
        let err = by_name(name).expect("registered").search(&mut g, &cfg, &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::Fingerprint(FingerprintError::Unstable { .. })), "{name}: {err}");
    }
}

#[test]
fn exact_states_agree_with_fingerprints_on_a_correct_system() {
    for name in EXHAUSTIVE {
        let exact = search(name, &mut mixed_program(), &SearchConfig { exact_states: true, ..SearchConfig::default() });
        let plain = search(name, &mut mixed_program(), &SearchConfig::default());
        assert_eq!(exact.stats.states_new, plain.stats.states_new);
        assert_eq!(exact.stop, StopReason::Complete);
    }
}

/// A system without a canonical encoding.
struct NoEncoding(Counter);

impl TransitionSystem for NoEncoding {
    fn enabled(&mut self) -> Vec<crate::ThreadId> {
        self.0.enabled()
    }
    fn step(&mut self, mv: crate::Move) -> Result<crate::Step, crate::SystemError> {
        self.0.step(mv)
    }
    fn save(&mut self) -> crate::SaveMark {
        self.0.save()
    }
    fn restore(&mut self, mark: crate::SaveMark) {
        self.0.restore(mark)
    }
    fn reset(&mut self) -> Result<(), crate::SystemError> {
        self.0.reset()
    }
    fn fingerprint(&mut self) -> crate::Fingerprint {
        self.0.fingerprint()
    }
    fn is_terminal(&mut self) -> bool {
        false
    }
}

#[test]
fn exact_states_need_an_encoding() {
    let cfg = SearchConfig { exact_states: true, ..SearchConfig::default() };
    let err = DfsStrategy.search(&mut NoEncoding(Counter::default()), &cfg, &mut NoListener).unwrap_err();
    assert!(matches!(err, SearchError::NoEncoding), "{err}");
}

/// Counts events; stops after `stop_after` states.
struct Recorder {
    states: u64,
    violations: u64,
    stop_after: u64,
    last: Stats,
}

impl SearchListener for Recorder {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        self.states += 1;
        assert!(stats.elapsed >= self.last.elapsed && stats.states_new == self.states);
        self.last = stats.clone();
        Ok(self.states < self.stop_after)
    }

    fn on_violation(&mut self, found: &Counterexample, _stats: &Stats) -> Result<bool, ListenerError> {
        assert!(!found.trace.is_empty());
        self.violations += 1;
        Ok(true)
    }
}

#[test]
fn listeners_see_every_new_state_and_can_stop() {
    for name in names() {
        let mut rec = Recorder { states: 0, violations: 0, stop_after: u64::MAX, last: Stats::default() };
        let cfg = SearchConfig { walks: Some(50), ..SearchConfig::default() };
        let report = by_name(name).expect("registered").search(&mut lock_order_deadlock(), &cfg, &mut rec).expect("search");
        assert_eq!(rec.states, report.stats.states_new, "{name}");
        assert_eq!(rec.violations, 1, "{name}");

        let mut rec = Recorder { states: 0, violations: 0, stop_after: 3, last: Stats::default() };
        let report = by_name(name).expect("registered").search(&mut Counter::default(), &cfg, &mut rec).expect("search");
        assert_eq!(report.stop, StopReason::Listener, "{name}");
        assert_eq!(report.stats.states_new, 3, "{name}");
    }
}

/// A listener whose output broke.
struct Broken;

impl SearchListener for Broken {
    fn on_state(&mut self, _stats: &Stats) -> Result<bool, ListenerError> {
        Err("stdout closed".into())
    }
}

#[test]
fn listener_errors_abort_the_search() {
    let err = DfsStrategy.search(&mut Counter::default(), &SearchConfig::default(), &mut Broken).unwrap_err();
    assert!(matches!(err, SearchError::Listener(_)));
    assert!(err.to_string().contains("stdout closed"));
}

/// A counter whose step number `at` fails with `error()` (a system failure, or a
/// limit reached inside the transition), and that remembers the limits it was given.
struct FailsAt {
    inner: Counter,
    steps: u32,
    at: u32,
    error: fn() -> crate::SystemError,
    limits: Option<crate::StepLimits>,
}

impl FailsAt {
    fn new(at: u32, error: fn() -> crate::SystemError) -> Self {
        FailsAt { inner: Counter::default(), steps: 0, at, error, limits: None }
    }
}

impl TransitionSystem for FailsAt {
    fn enabled(&mut self) -> Vec<crate::ThreadId> {
        self.inner.enabled()
    }
    fn set_limits(&mut self, limits: crate::StepLimits) {
        self.limits = Some(limits);
    }
    fn step(&mut self, mv: crate::Move) -> Result<crate::Step, crate::SystemError> {
        self.steps += 1;
        if self.steps == self.at {
            return Err((self.error)());
        }
        self.inner.step(mv)
    }
    fn save(&mut self) -> crate::SaveMark {
        self.inner.save()
    }
    fn restore(&mut self, mark: crate::SaveMark) {
        self.inner.restore(mark)
    }
    fn reset(&mut self) -> Result<(), crate::SystemError> {
        self.inner.reset()
    }
    fn fingerprint(&mut self) -> crate::Fingerprint {
        self.inner.fingerprint()
    }
    fn is_terminal(&mut self) -> bool {
        false
    }
}

#[test]
fn system_errors_abort_the_search() {
    for name in names() {
        let err = by_name(name).expect("registered").search(&mut FailsAt::new(5, || "unsupported native method Foo.bar()V".into()), &SearchConfig::default(), &mut NoListener).unwrap_err();
        assert!(matches!(err, SearchError::System(_)), "{name}");
        assert_eq!(err.to_string(), "unsupported native method Foo.bar()V");
    }
}
