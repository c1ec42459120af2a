//! Tiny synthetic transition systems for the strategies' unit tests (compiled for
//! tests, and for the benchmarks with the `testkit` feature).
//!
//! - [`Graph`]: an explicit graph — nodes, edges labelled with a thread (several edges
//!   of one thread from a node are the branches of a choice), terminal nodes,
//!   violations on edges, and injectable fingerprint bugs.
//! - [`Program`]: threads running straight-line code of reads, writes, asserts,
//!   reentrant locks, waits and notifications, choices, starts and joins over shared
//!   integers (racy counters, lock-order deadlocks, lost wake-ups, ...), optionally
//!   with a lone thread's steps merged as the vm merges them.
//! - [`Counter`]: an infinite system (for time and memory limits).
//!
//! All of them are strict about the [`TransitionSystem`] contract: stepping a thread
//! that is not enabled is an error, and restoring a mark that is no longer valid
//! panics, so a strategy that misuses the system fails its tests.

use jvmc_state::hash_bytes;

use crate::system::{Access, AccessKind, Fingerprint, Move, SaveMark, Step, SystemError, ThreadId, Transition, TransitionSystem, Violation, ViolationKind};

/// Saves as the trait specifies: nested, a mark valid until it (or an earlier one) is
/// restored.
#[derive(Clone, Debug)]
pub struct Saves<S>(Vec<S>);

impl<S> Default for Saves<S> {
    fn default() -> Self {
        Saves(Vec::new())
    }
}

impl<S: Clone> Saves<S> {
    fn save(&mut self, state: &S) -> SaveMark {
        self.0.push(state.clone());
        SaveMark(self.0.len() - 1)
    }

    fn restore(&mut self, mark: SaveMark) -> S {
        assert!(mark.0 < self.0.len(), "restore of an invalid mark {mark:?} ({} saves)", self.0.len());
        self.0.truncate(mark.0 + 1);
        self.0.pop().expect("checked above")
    }

    fn clear(&mut self) {
        self.0.clear();
    }
}

fn not_enabled(mv: Move) -> SystemError {
    format!("move {mv} is not enabled").into()
}

/// An edge of a [`Graph`].
#[derive(Clone, Debug)]
pub struct Edge {
    thread: ThreadId,
    to: usize,
    violation: Option<Violation>,
}

/// An explicit graph system (see the module docs). Node 0 is initial.
#[derive(Clone, Debug)]
pub struct Graph {
    edges: Vec<Vec<Edge>>,
    terminal: Vec<bool>,
    fps: Vec<Fingerprint>,
    encodings: Vec<Vec<u8>>,
    outcomes: Vec<Option<String>>,
    current: usize,
    saves: Saves<usize>,
}

/// A graph of `nodes` nodes with `edges` `(from, thread, to)` and terminal nodes. The
/// edges of one thread from one node are its branches, in the order given.
pub fn graph(nodes: usize, edges: &[(usize, ThreadId, usize)], terminal: &[usize]) -> Graph {
    let mut g = Graph {
        edges: vec![Vec::new(); nodes],
        terminal: (0..nodes).map(|n| terminal.contains(&n)).collect(),
        fps: (0..nodes).map(|n| hash_bytes(&(n as u64).to_le_bytes())).collect(),
        encodings: (0..nodes).map(|n| (n as u64).to_le_bytes().to_vec()).collect(),
        outcomes: vec![None; nodes],
        current: 0,
        saves: Saves::default(),
    };
    for &(from, thread, to) in edges {
        g.edges[from].push(Edge { thread, to, violation: None });
        g.edges[from].sort_by_key(|e| e.thread); // stable: branches keep their order
    }
    g
}

impl Graph {
    /// The edge of `thread` from `from` raises an assertion violation.
    pub fn with_violation(mut self, from: usize, thread: ThreadId, message: &str) -> Self {
        let edge = self.edges[from].iter_mut().find(|e| e.thread == thread).expect("edge exists");
        edge.violation = Some(Violation { kind: ViolationKind::Assertion, message: message.to_string(), thread: Some(thread) });
        self
    }

    /// Node `b` gets node `a`'s fingerprint (a collision: different encodings).
    pub fn with_same_fingerprint(mut self, a: usize, b: usize) -> Self {
        self.fps[b] = self.fps[a];
        self
    }

    /// Node `b` gets node `a`'s encoding (an unstable fingerprint: the same state
    /// with two fingerprints).
    pub fn with_same_encoding(mut self, a: usize, b: usize) -> Self {
        self.encodings[b] = self.encodings[a].clone();
        self
    }

    /// Terminal node `node` shows `outcome`.
    pub fn with_outcome(mut self, node: usize, outcome: &str) -> Self {
        self.outcomes[node] = Some(outcome.to_string());
        self
    }
}

impl TransitionSystem for Graph {
    fn enabled(&mut self) -> Vec<ThreadId> {
        let mut threads: Vec<ThreadId> = self.edges[self.current].iter().map(|e| e.thread).collect();
        threads.dedup();
        threads
    }

    fn branches(&mut self, thread: ThreadId) -> u32 {
        self.edges[self.current].iter().filter(|e| e.thread == thread).count() as u32
    }

    fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
        let edge = self.edges[self.current].iter().filter(|e| e.thread == mv.thread).nth(mv.branch as usize).ok_or_else(|| not_enabled(mv))?;
        let access = Access::new(self.current as u64, 0, AccessKind::Write);
        let transition = Transition { thread: mv.thread, branch: mv.branch, accesses: vec![access] };
        let step = Step { transition, violation: edge.violation.clone() };
        self.current = edge.to;
        Ok(step)
    }

    fn save(&mut self) -> SaveMark {
        self.saves.save(&self.current)
    }

    fn restore(&mut self, mark: SaveMark) {
        self.current = self.saves.restore(mark);
    }

    fn reset(&mut self) -> Result<(), SystemError> {
        self.saves.clear();
        self.current = 0;
        Ok(())
    }

    fn fingerprint(&mut self) -> Fingerprint {
        self.fps[self.current]
    }

    fn is_terminal(&mut self) -> bool {
        self.terminal[self.current]
    }

    fn encode(&mut self) -> Option<Vec<u8>> {
        Some(self.encodings[self.current].clone())
    }

    fn outcome(&mut self) -> Option<String> {
        self.outcomes[self.current].clone()
    }
}

/// One instruction of a [`Program`] thread. Each is one transition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `var = value`
    Set(usize, i64),
    /// `reg = var` (each thread has one register)
    Load(usize),
    /// `var = reg + delta`
    Store(usize, i64),
    /// `to = from`, in one transition (a read and a write)
    Copy(usize, usize),
    /// `assert var == value`
    Assert(usize, i64),
    /// acquire lock `m` (not enabled while another thread holds it; reentrant, like a
    /// Java monitor: the holder's acquire counts up)
    Lock(usize),
    /// release lock `m` (once for each acquire)
    Unlock(usize),
    /// acquire lock `m` and `var += delta`, in one transition: a step of the vm that
    /// starts at a `monitorenter` and runs on through accesses that are no scheduling
    /// points (not enabled while another thread holds `m`)
    LockAdd(usize, usize, i64),
    /// `synchronized (m) { var += delta }` in one transition: [`Op::LockAdd`] and the
    /// release of `m`
    Sync(usize, usize, i64),
    /// `m.wait()`, holding `m`: releases `m` completely and waits (a step that stays
    /// where it is); once notified and `m` is free, re-acquires `m` as often as it
    /// held it and moves on (a second step). Waiting, it stands before the monitor, as
    /// a vm thread in `Object.wait` does
    Wait(usize),
    /// `while (var != value) m.wait()`, holding `m`: reads `var` and moves on if it is
    /// `value`, else waits as [`Op::Wait`]; each wake-up re-acquires `m` and reads
    /// `var` again in the same step (as the vm's step after `wait` returns runs on
    /// through the loop's guarded read). Waiting, it stands before the monitor alone
    WaitUntil(usize, usize, i64),
    /// `m.notify()`, holding `m`: one notification for the threads waiting on `m`
    /// now, which the first of them to wake consumes (as the vm keeps them). A write
    /// of the monitor
    Notify(usize),
    /// `m.notifyAll()`, holding `m`: a notification for each thread waiting on `m`
    NotifyAll(usize),
    /// `reg += 1`: touches nothing shared (an invisible transition)
    Local,
    /// spin until `var == value`: while it differs the thread reads it and stays
    /// (a self-loop), then it reads it and moves on
    Await(usize, i64),
    /// `reg = (var == expect); if so var = new` (compare-and-set, a write)
    Cas(usize, i64, i64),
    /// `reg = (var == expect); if so var = new`, or — its second branch — a spurious
    /// failure: `reg = 0` (a weak compare-and-set; both branches are labelled as the
    /// write the operation may make)
    WeakCas(usize, i64, i64),
    /// `var += delta`, atomically (a write)
    Add(usize, i64),
    /// `reg = b` for a branch `b` in `0..n` (a choice; touches nothing shared)
    Choose(u32),
    /// `while (!weakCompareAndSet(var, expect, new)) {}`: the first branch succeeds
    /// and moves on if `var == expect`, else stays; the second fails spuriously and
    /// stays
    CasLoop(usize, i64, i64),
    /// start thread `t`: a thread that some `Start` names is not enabled (nor
    /// blocked) until one has run, like a Java thread before `Thread.start`. Labelled
    /// as the vm labels a start, a write of the new thread's life cycle, which the
    /// new thread's own steps never touch
    Start(ThreadId),
    /// the thread's termination, as the vm labels it: a write of its own life cycle
    /// (conflicting with its start and with joins of it)
    Exit,
    /// wait until thread `t` has ended (not enabled before): a read of its life cycle
    Join(ThreadId),
    /// `System.exit`: the program ends, cutting every other thread short. Labelled
    /// [`Access::everything`], as the vm labels the program's end; each thread cut
    /// short then counts as disabled, standing before what it stood before and a
    /// read of the program's end (as in the vm)
    Halt,
}

/// A lock of a [`Program`]: its holder, how often it holds it, and the notifications
/// left for its waiters (`notify` leaves one for the threads waiting then,
/// `notifyAll` one for each; a waiter that wakes consumes its oldest and leaves the
/// others, as in the vm's monitors).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Lock {
    owner: Option<ThreadId>,
    count: u32,
    notifications: Vec<Vec<ThreadId>>,
}

/// The state of a [`Program`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProgramState {
    pcs: Vec<usize>,
    regs: Vec<i64>,
    vars: Vec<i64>,
    locks: Vec<Lock>,
    /// per thread, the lock it waits on and the count to restore when it wakes
    waiting: Vec<Option<(usize, u32)>>,
    /// per thread, whether it has started (see [`Op::Start`])
    started: Vec<bool>,
    /// a thread ran [`Op::Halt`]
    halted: bool,
    /// an order-dependent hash of the schedule so far (not part of the state; only
    /// used to inject an unstable fingerprint)
    history: u64,
}

/// Shared-variable threads (see the module docs).
#[derive(Clone, Debug)]
pub struct Program {
    code: Vec<Vec<Op>>,
    initial: ProgramState,
    state: ProgramState,
    saves: Saves<ProgramState>,
    /// keep only this many low bits of the fingerprint (inject collisions)
    fingerprint_bits: u32,
    /// mix the schedule's history into the fingerprint (inject instability)
    unstable: bool,
    /// a step runs on while its thread is the only enabled one (as the vm's
    /// transitions do): see [`Program::with_merging`]
    merge: bool,
    /// a deadlock is an end state with an outcome: see
    /// [`Program::with_deadlocks_as_outcomes`]
    deadlock_outcomes: bool,
}

impl Program {
    /// `vars` shared integers (all 0) and one thread per code vector.
    pub fn new(vars: usize, code: Vec<Vec<Op>>) -> Self {
        let locks = code.iter().flatten().filter_map(|&op| lock_of(op).map(|m| m + 1)).max().unwrap_or(0);
        let started = (0..code.len() as ThreadId).map(|t| !code.iter().flatten().any(|op| *op == Op::Start(t))).collect();
        let initial = ProgramState {
            pcs: vec![0; code.len()],
            regs: vec![0; code.len()],
            vars: vec![0; vars],
            locks: vec![Lock::default(); locks],
            waiting: vec![None; code.len()],
            started,
            halted: false,
            history: 0,
        };
        Program { code, state: initial.clone(), initial, saves: Saves::default(), fingerprint_bits: 128, unstable: false, merge: false, deadlock_outcomes: false }
    }

    /// Fingerprints keep only `bits` bits (so different states collide).
    pub fn with_fingerprint_bits(mut self, bits: u32) -> Self {
        self.fingerprint_bits = bits;
        self
    }

    /// Each thread's code.
    pub fn code(&self) -> &[Vec<Op>] {
        &self.code
    }

    /// With `merge`, a step runs on while its thread is the only enabled one, as the
    /// vm's transitions do (`--no-merge` turns that off): its label is the union of
    /// the ops' labels. It stops before a choice, when another thread is enabled, at
    /// a violation, and after a spin that stayed. A step's accesses then depend on
    /// whether other threads can run, not on its code alone
    /// ([`TransitionSystem::accesses_fixed_by_code`] says no).
    pub fn with_merging(mut self, merge: bool) -> Self {
        self.merge = merge;
        self
    }

    /// A state in which no thread can run but some have not ended is an end state
    /// (not a deadlock violation), whose outcome names the deadlock and where each
    /// thread stands: a search that reports outcomes then shows every deadlocked state
    /// it reached, not only that one was.
    pub fn with_deadlocks_as_outcomes(mut self) -> Self {
        self.deadlock_outcomes = true;
        self
    }

    /// Whether every thread that can still run is blocked.
    fn deadlocked(&self) -> bool {
        let s = &self.state;
        !s.halted && (0..self.code.len()).any(|t| s.pcs[t] < self.code[t].len()) && self.runnable().is_empty()
    }

    /// Fingerprints depend on the order threads ran in (so equal states differ).
    pub fn with_unstable_fingerprints(mut self) -> Self {
        self.unstable = true;
        self
    }

    /// Runs one op of the thread of `mv`.
    fn step_op(&mut self, mv: Move) -> Result<Step, SystemError> {
        let thread = mv.thread;
        if !self.enabled().contains(&thread) || mv.branch >= self.branches(thread) {
            return Err(not_enabled(mv));
        }
        let op = self.op(thread).ok_or_else(|| not_enabled(mv))?;
        // the label is exactly what the thread stood before
        let accesses = self.pending(thread);
        let t = thread as usize;
        let s = &mut self.state;
        let mut violation = None;
        // a spinning `Await` stays where it is
        let mut advance = true;
        match op {
            Op::Set(v, value) => {
                s.vars[v] = value;
            }
            Op::Load(v) => {
                s.regs[t] = s.vars[v];
            }
            Op::Store(v, delta) => {
                s.vars[v] = s.regs[t] + delta;
            }
            Op::Copy(from, to) => s.vars[to] = s.vars[from],
            Op::Assert(v, value) => {
                if s.vars[v] != value {
                    let message = format!("assert x{v} == {value} failed: x{v} is {}", s.vars[v]);
                    violation = Some(Violation { kind: ViolationKind::Assertion, message, thread: Some(thread) });
                }
            }
            Op::Lock(m) => s.acquire(m, thread, 1),
            Op::Unlock(m) => s.release(m),
            Op::LockAdd(m, v, delta) => {
                s.acquire(m, thread, 1);
                s.vars[v] += delta;
            }
            Op::Sync(_, v, delta) => s.vars[v] += delta,
            Op::Wait(m) | Op::WaitUntil(m, ..) if s.locks[m].owner != Some(thread) && s.waiting[t].is_none() => {
                let message = format!("IllegalMonitorStateException: wait on lock {m} without holding it");
                violation = Some(Violation { kind: ViolationKind::UncaughtException, message, thread: Some(thread) });
            }
            Op::Wait(m) => match s.waiting[t] {
                Some(_) => s.end_wait(m, thread),
                None => {
                    s.begin_wait(m, thread);
                    advance = false;
                }
            },
            Op::WaitUntil(m, v, value) => {
                if s.waiting[t].is_some() {
                    s.end_wait(m, thread);
                }
                if s.vars[v] != value {
                    s.begin_wait(m, thread);
                    advance = false;
                }
            }
            Op::Notify(m) | Op::NotifyAll(m) if s.locks[m].owner != Some(thread) => {
                let message = format!("IllegalMonitorStateException: notify of lock {m} without holding it");
                violation = Some(Violation { kind: ViolationKind::UncaughtException, message, thread: Some(thread) });
            }
            Op::Notify(m) => {
                let waiters: Vec<ThreadId> = s.waiters(m).collect();
                if !waiters.is_empty() {
                    s.locks[m].notifications.push(waiters);
                }
            }
            Op::NotifyAll(m) => {
                let waiters: Vec<ThreadId> = s.waiters(m).collect();
                s.locks[m].notifications.extend(waiters.into_iter().map(|w| vec![w]));
            }
            Op::Local => s.regs[t] += 1,
            Op::Add(v, delta) => s.vars[v] += delta,
            Op::Await(v, value) => advance = s.vars[v] == value,
            Op::Cas(v, expect, new) | Op::WeakCas(v, expect, new) => {
                let ok = s.vars[v] == expect && mv.branch == 0;
                if ok {
                    s.vars[v] = new;
                }
                s.regs[t] = i64::from(ok);
            }
            Op::Choose(_) => s.regs[t] = i64::from(mv.branch),
            Op::Start(u) => {
                if let Some(started) = s.started.get_mut(u as usize) {
                    *started = true;
                }
            }
            Op::Exit | Op::Join(_) => {}
            Op::Halt => s.halted = true,
            Op::CasLoop(v, expect, new) => {
                advance = s.vars[v] == expect && mv.branch == 0;
                if advance {
                    s.vars[v] = new;
                }
            }
        }
        if advance {
            s.pcs[t] += 1;
            s.history = s.history.wrapping_mul(31).wrapping_add(u64::from(thread) + 1);
        }
        Ok(Step { transition: Transition { thread, branch: mv.branch, accesses }, violation })
    }

    /// Whether `thread` can take lock `m` (free, or its own), and, waiting on it,
    /// has been notified.
    fn can_take(&self, m: usize, thread: ThreadId) -> bool {
        let lock = &self.state.locks[m];
        let free = lock.owner.is_none_or(|o| o == thread);
        match self.state.waiting[thread as usize] {
            Some(_) => free && lock.notifications.iter().any(|n| n.contains(&thread)),
            None => free,
        }
    }

    /// Whether thread `t` has run all its code.
    fn ended(&self, t: ThreadId) -> bool {
        let t = t as usize;
        self.state.started.get(t).is_some_and(|&s| s) && self.code.get(t).is_some_and(|c| self.state.pcs[t] == c.len())
    }

    /// The next op of `thread`; `None` when it has ended or not started.
    fn op(&self, thread: ThreadId) -> Option<Op> {
        let t = thread as usize;
        if !*self.state.started.get(t)? {
            return None;
        }
        self.code.get(t)?.get(self.state.pcs[t]).copied()
    }
}

/// The lock an op takes, releases, waits on or notifies.
fn lock_of(op: Op) -> Option<usize> {
    match op {
        Op::Lock(m) | Op::Unlock(m) | Op::LockAdd(m, ..) | Op::Sync(m, ..) | Op::Wait(m) | Op::WaitUntil(m, ..) | Op::Notify(m) | Op::NotifyAll(m) => Some(m),
        _ => None,
    }
}

impl ProgramState {
    fn acquire(&mut self, m: usize, thread: ThreadId, count: u32) {
        let lock = &mut self.locks[m];
        lock.owner = Some(thread);
        lock.count += count;
    }

    fn release(&mut self, m: usize) {
        let lock = &mut self.locks[m];
        lock.count = lock.count.saturating_sub(1);
        if lock.count == 0 {
            lock.owner = None;
        }
    }

    /// The threads waiting on lock `m`, in thread order.
    fn waiters(&self, m: usize) -> impl Iterator<Item = ThreadId> + '_ {
        (0..self.waiting.len() as ThreadId).filter(move |&w| self.waiting[w as usize].is_some_and(|(l, _)| l == m))
    }

    /// `thread` releases lock `m` completely and waits on it.
    fn begin_wait(&mut self, m: usize, thread: ThreadId) {
        let lock = &mut self.locks[m];
        self.waiting[thread as usize] = Some((m, lock.count));
        lock.owner = None;
        lock.count = 0;
    }

    /// `thread`, notified, consumes its oldest notification, leaves the others, and
    /// takes lock `m` back as often as it held it.
    fn end_wait(&mut self, m: usize, thread: ThreadId) {
        let count = self.waiting[thread as usize].take().map_or(1, |(_, c)| c);
        let lock = &mut self.locks[m];
        if let Some(i) = lock.notifications.iter().position(|n| n.contains(&thread)) {
            lock.notifications.remove(i);
        }
        lock.notifications.iter_mut().for_each(|n| n.retain(|&w| w != thread));
        lock.notifications.retain(|n| !n.is_empty());
        self.acquire(m, thread, count);
    }
}

impl Program {
    /// The enabled threads.
    fn runnable(&self) -> Vec<ThreadId> {
        if self.state.halted {
            return Vec::new();
        }
        (0..self.code.len() as ThreadId)
            .filter(|&t| match self.op(t) {
                None => false,
                Some(Op::Lock(m) | Op::LockAdd(m, ..) | Op::Sync(m, ..) | Op::Wait(m) | Op::WaitUntil(m, ..)) => self.can_take(m, t),
                Some(Op::Join(u)) => self.ended(u),
                Some(_) => true,
            })
            .collect()
    }
}

impl TransitionSystem for Program {
    fn enabled(&mut self) -> Vec<ThreadId> {
        self.runnable()
    }

    fn branches(&mut self, thread: ThreadId) -> u32 {
        match self.op(thread) {
            Some(Op::Choose(n)) => n.max(1),
            Some(Op::WeakCas(..) | Op::CasLoop(..)) => 2,
            _ => 1,
        }
    }

    fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
        let t = mv.thread as usize;
        let mut pc = self.state.pcs[t];
        let mut step = self.step_op(mv)?;
        // (a spin stays where it is: not merged, or it would never end)
        while self.merge && step.violation.is_none() && self.state.pcs[t] != pc && self.enabled() == [mv.thread] && self.branches(mv.thread) == 1 {
            pc = self.state.pcs[t];
            let next = self.step_op(Move::new(mv.thread, 0))?;
            step.transition.accesses.extend(next.transition.accesses);
            step.violation = next.violation;
        }
        Ok(step)
    }

    fn save(&mut self) -> SaveMark {
        self.saves.save(&self.state)
    }

    fn restore(&mut self, mark: SaveMark) {
        self.state = self.saves.restore(mark);
    }

    fn reset(&mut self) -> Result<(), SystemError> {
        self.saves.clear();
        self.state = self.initial.clone();
        Ok(())
    }

    fn fingerprint(&mut self) -> Fingerprint {
        let mut encoding = self.encode().unwrap_or_default();
        if self.unstable {
            encoding.extend_from_slice(&self.state.history.to_le_bytes());
        }
        let fp = hash_bytes(&encoding);
        if self.fingerprint_bits >= 128 {
            fp
        } else {
            fp & ((1u128 << self.fingerprint_bits) - 1)
        }
    }

    fn is_terminal(&mut self) -> bool {
        self.state.halted || (0..self.code.len()).all(|t| self.state.pcs[t] == self.code[t].len()) || (self.deadlock_outcomes && self.deadlocked())
    }

    fn thread_positions(&mut self) -> Option<Vec<u64>> {
        Some(self.state.pcs.iter().map(|&pc| pc as u64).collect())
    }

    fn encode(&mut self) -> Option<Vec<u8>> {
        let s = &self.state;
        let mut bytes = Vec::new();
        s.pcs.iter().for_each(|&pc| bytes.extend_from_slice(&(pc as u64).to_le_bytes()));
        s.regs.iter().chain(&s.vars).for_each(|&v| bytes.extend_from_slice(&v.to_le_bytes()));
        for lock in &s.locks {
            bytes.extend_from_slice(&lock.owner.map_or(u64::MAX, u64::from).to_le_bytes());
            bytes.extend_from_slice(&lock.count.to_le_bytes());
            for n in &lock.notifications {
                bytes.push(0xFE);
                n.iter().for_each(|&w| bytes.extend_from_slice(&w.to_le_bytes()));
            }
            bytes.push(0xFF);
        }
        for w in &s.waiting {
            let (m, count) = w.map_or((u64::MAX, 0), |(m, c)| (m as u64, c));
            bytes.extend_from_slice(&m.to_le_bytes());
            bytes.extend_from_slice(&count.to_le_bytes());
        }
        bytes.extend(s.started.iter().map(|&b| u8::from(b)));
        bytes.push(u8::from(s.halted));
        Some(bytes)
    }

    fn outcome(&mut self) -> Option<String> {
        let vars = self.state.vars.iter().enumerate().map(|(i, v)| format!("x{i}={v}")).collect::<Vec<_>>().join(" ");
        if self.deadlock_outcomes && self.deadlocked() {
            return Some(format!("{vars} deadlock at {:?}", self.state.pcs));
        }
        Some(vars)
    }

    fn disabled(&mut self) -> Vec<ThreadId> {
        let enabled = self.enabled();
        (0..self.code.len() as ThreadId).filter(|&t| self.op(t).is_some() && !enabled.contains(&t)).collect()
    }

    /// The life cycle of a thread that has ended (what [`Op::Join`] reads): nothing
    /// starts a thread twice.
    fn frozen(&mut self, access: &Access) -> bool {
        access.field == Access::LIFECYCLE && access.object.checked_sub(2000).and_then(|t| ThreadId::try_from(t).ok()).is_some_and(|t| self.ended(t))
    }

    /// Locations are fixed by the code, a merged step's extent is not.
    fn accesses_fixed_by_code(&self) -> bool {
        !self.merge
    }

    fn pending(&mut self, thread: ThreadId) -> Vec<Access> {
        let var = |v: usize, kind| Access::new(1, v as u32, kind);
        let monitor = |m: usize| Access::new(1000 + m as u64, Access::MONITOR, AccessKind::Write);
        let Some(op) = self.op(thread) else { return Vec::new() };
        let mut accesses = match op {
            Op::Local | Op::Choose(_) => vec![],
            Op::Set(v, _) | Op::Store(v, _) | Op::Add(v, _) | Op::Cas(v, _, _) | Op::WeakCas(v, _, _) | Op::CasLoop(v, _, _) => vec![var(v, AccessKind::Write)],
            Op::Load(v) | Op::Assert(v, _) | Op::Await(v, _) => vec![var(v, AccessKind::Read)],
            Op::Lock(m) | Op::Unlock(m) | Op::Wait(m) | Op::Notify(m) | Op::NotifyAll(m) => vec![monitor(m)],
            // blocked, it stands before the acquire only (as a vm thread does: what
            // it does once it holds the lock is not known yet)
            Op::LockAdd(m, v, _) | Op::Sync(m, v, _) if self.can_take(m, thread) => vec![monitor(m), var(v, AccessKind::Write)],
            Op::WaitUntil(m, v, _) if self.can_take(m, thread) => vec![monitor(m), var(v, AccessKind::Read)],
            Op::LockAdd(m, ..) | Op::Sync(m, ..) | Op::WaitUntil(m, ..) => vec![monitor(m)],
            Op::Start(u) => vec![Access::new(2000 + u64::from(u), Access::LIFECYCLE, AccessKind::Write)],
            Op::Exit => vec![Access::new(2000 + u64::from(thread), Access::LIFECYCLE, AccessKind::Write)],
            Op::Join(u) => vec![Access::new(2000 + u64::from(u), Access::LIFECYCLE, AccessKind::Read)],
            Op::Halt => vec![Access::everything()],
            Op::Copy(from, to) => vec![var(from, AccessKind::Read), var(to, AccessKind::Write)],
        };
        if self.state.halted {
            accesses.push(Access::new(3000, Access::LIFECYCLE, AccessKind::Read));
        }
        accesses
    }
}

/// An infinite system: two threads add 1 and 2 to a counter, forever.
#[derive(Clone, Debug, Default)]
pub struct Counter {
    value: u64,
    saves: Saves<u64>,
}

impl TransitionSystem for Counter {
    fn enabled(&mut self) -> Vec<ThreadId> {
        vec![0, 1]
    }

    fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
        self.value += u64::from(mv.thread) + 1;
        Ok(Step { transition: Transition::new(mv.thread, Vec::new()), violation: None })
    }

    fn save(&mut self) -> SaveMark {
        self.saves.save(&self.value)
    }

    fn restore(&mut self, mark: SaveMark) {
        self.value = self.saves.restore(mark);
    }

    fn reset(&mut self) -> Result<(), SystemError> {
        self.saves.clear();
        self.value = 0;
        Ok(())
    }

    fn fingerprint(&mut self) -> Fingerprint {
        hash_bytes(&self.value.to_le_bytes())
    }

    fn is_terminal(&mut self) -> bool {
        false
    }
}

/// Replays `schedule` on `sys` from its initial state; the steps taken.
pub fn replay(sys: &mut dyn TransitionSystem, schedule: &[Move]) -> Vec<Step> {
    sys.reset().expect("reset");
    schedule.iter().map(|&mv| sys.step(mv).expect("replayed step")).collect()
}

/// The classic lost update: two threads each do `x = x + 1` in two steps.
pub fn racy_counter() -> Program {
    Program::new(1, vec![vec![Op::Load(0), Op::Store(0, 1)], vec![Op::Load(0), Op::Store(0, 1)]])
}

/// Two threads take two locks in opposite orders.
pub fn lock_order_deadlock() -> Program {
    Program::new(0, vec![vec![Op::Lock(0), Op::Lock(1), Op::Unlock(1), Op::Unlock(0)], vec![Op::Lock(1), Op::Lock(0), Op::Unlock(0), Op::Unlock(1)]])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A thread named by a `Start` is neither enabled nor blocked before it runs; a
    /// `Join` blocks until its thread has run all its code; merged steps run on
    /// while their thread is alone, with the ops' labels joined.
    #[test]
    fn starts_joins_and_merged_steps() {
        let code = vec![vec![Op::Start(1), Op::Join(1), Op::Set(0, 2), Op::Local], vec![Op::Set(0, 1), Op::Exit]];
        let mut p = Program::new(1, code.clone());
        assert_eq!((p.enabled(), p.disabled()), (vec![0], vec![]));
        p.step(Move::new(0, 0)).expect("start");
        assert_eq!((p.enabled(), p.disabled()), (vec![1], vec![0]));
        assert_eq!(p.pending(0), vec![Access::new(2001, Access::LIFECYCLE, AccessKind::Read)]);
        let mut merged = Program::new(1, code).with_merging(true);
        let start = merged.step(Move::new(0, 0)).expect("start");
        assert_eq!(start.transition.accesses.len(), 1, "thread 1 can run after the start: no merging");
        let rest = merged.step(Move::new(1, 0)).expect("thread 1 alone");
        assert_eq!(rest.transition.accesses, vec![Access::new(1, 0, AccessKind::Write), Access::new(2001, Access::LIFECYCLE, AccessKind::Write)]);
        let main = merged.step(Move::new(0, 0)).expect("main alone");
        assert_eq!(main.transition.accesses.len(), 2, "the join and the write, then the local step");
        assert!(merged.is_terminal());
        assert_eq!(merged.outcome().as_deref(), Some("x0=2"));
    }

    /// A waiter releases its lock and stands blocked before the monitor until it is
    /// notified and the lock is free, then re-acquires it as often as it held it;
    /// locks are reentrant; a wait after the notification is a lost wake-up, which
    /// ends as a deadlocked state with its own outcome.
    #[test]
    fn waits_notifications_and_reentrant_locks() {
        let monitor = Access::new(1000, Access::MONITOR, AccessKind::Write);
        let waiter = vec![Op::Lock(0), Op::Lock(0), Op::WaitUntil(0, 0, 1), Op::Unlock(0), Op::Unlock(0)];
        let signaller = vec![Op::Lock(0), Op::Set(0, 1), Op::Notify(0), Op::Unlock(0)];
        let mut p = Program::new(1, vec![waiter, signaller.clone()]);
        p.step(Move::new(0, 0)).expect("lock");
        assert_eq!(p.enabled(), vec![0], "thread 1 is blocked, thread 0 re-acquires");
        p.step(Move::new(0, 0)).expect("lock again");
        p.step(Move::new(0, 0)).expect("x0 is 0: wait");
        assert_eq!((p.enabled(), p.disabled(), p.pending(0)), (vec![1], vec![0], vec![monitor]));
        for _ in 0..3 {
            p.step(Move::new(1, 0)).expect("lock, set, notify");
        }
        assert_eq!(p.enabled(), vec![1], "notified, but the lock is held");
        p.step(Move::new(1, 0)).expect("unlock");
        assert_eq!(p.pending(0), vec![monitor, Access::new(1, 0, AccessKind::Read)]);
        p.step(Move::new(0, 0)).expect("wake: x0 is 1");
        p.step(Move::new(0, 0)).expect("unlock once");
        assert_eq!(p.enabled(), vec![0], "thread 0 still holds the lock once");
        p.step(Move::new(0, 0)).expect("unlock twice");
        assert!(p.is_terminal());
        let mut lost = Program::new(1, vec![vec![Op::Lock(0), Op::Wait(0), Op::Unlock(0)], signaller]).with_deadlocks_as_outcomes();
        replay(&mut lost, &[Move::new(1, 0), Move::new(1, 0), Move::new(1, 0), Move::new(1, 0), Move::new(0, 0), Move::new(0, 0)]);
        assert!(lost.is_terminal());
        assert_eq!(lost.outcome().as_deref(), Some("x0=1 deadlock at [1, 4]"));
    }
}
