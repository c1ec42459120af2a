//! One object's history under `--linearizability`, checked as it happens: the
//! just-in-time form of Wing and Gong's search (as in Lowe's linearizability
//! testers).
//!
//! Wing–Gong's search orders the calls of a complete history one at a time, each
//! between its invocation and its response, and memoises (set of calls linearized,
//! specification state). Here the history grows event by event, and the object keeps
//! the memo table's frontier: the set of *configurations* — a specification state and
//! the results of the calls still running that have already been linearized — that
//! some order of the calls so far reaches. An invocation adds a running call. A
//! response keeps the configurations in which the call can take its place with the
//! result it returned: it may be linearized now, after any running calls linearized
//! before it (each at a result the specification allows), or have been linearized
//! earlier with the same result. No configuration left means no order explains the
//! response: the history is not linearizable, and this response is where it fails.
//!
//! The configurations and the running calls are a function of the history's order
//! of invocations and responses that is exact for the future: two histories with
//! equal ones admit the same continuations. They are part of the model checker's
//! state (`fingerprint.rs`); the log of events is not (it only explains a failure).
//! Two invocations commute, and so do two responses (either order leaves every
//! order of the calls ending with both linearized), which is why the vm labels an
//! invocation as a read and a response as an update of the object's history.
//!
//! Pure: no vm types (a Java specification's calls come in through `apply`).

use std::collections::{BTreeMap, BTreeSet};

use super::spec::{list, SpecKind, SpecState, Val};

/// What a call does to a specification state: every (next state, result) it allows.
pub type Apply<'a> = dyn FnMut(&SpecState, &Call) -> Vec<(SpecState, Val)> + 'a;

/// A call: the method's name and its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Call {
    /// the method's name
    pub method: String,
    /// its arguments
    pub args: Vec<Val>,
}

impl std::fmt::Display for Call {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({})", self.method, list(&self.args))
    }
}

/// A point some order of the calls so far reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Config {
    /// the specification's state after the calls linearized so far
    state: SpecState,
    /// running calls (by thread) already linearized, with the results they got
    done: BTreeMap<u32, Val>,
}

/// An event of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `thread` invoked `call`
    Invoke { thread: u32, call: Call },
    /// `thread`'s running call returned `result`
    Respond { thread: u32, result: Val },
}

/// One object's history and what orders of it remain possible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectHistory {
    kind: SpecKind,
    /// the calls running now, by thread
    running: BTreeMap<u32, Call>,
    /// what some order of the calls so far reaches (empty: not linearizable)
    configs: BTreeSet<Config>,
    /// every event, in order (not part of the state)
    log: Vec<Event>,
}

impl ObjectHistory {
    /// The history of an object whose specification starts in `initial`.
    pub fn new(kind: SpecKind, initial: SpecState) -> ObjectHistory {
        ObjectHistory { kind, running: BTreeMap::new(), configs: BTreeSet::from([Config { state: initial, done: BTreeMap::new() }]), log: Vec::new() }
    }

    /// Whether an earlier response found the history not linearizable (further
    /// events are ignored).
    pub fn failed(&self) -> bool {
        self.configs.is_empty()
    }

    /// The events so far.
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Whether `thread` has a call running.
    pub fn is_running(&self, thread: u32) -> bool {
        self.running.contains_key(&thread)
    }

    /// `thread` invokes `call`.
    pub fn invoke(&mut self, thread: u32, call: Call) {
        if self.failed() {
            return;
        }
        self.log.push(Event::Invoke { thread, call: call.clone() });
        self.running.insert(thread, call);
    }

    /// `thread`'s running call returns `result`. `false`: no order of the calls
    /// explains it (the first failure; the history is then failed for good).
    #[cfg(test)]
    pub fn respond(&mut self, thread: u32, result: Val) -> bool {
        self.respond_with(thread, result, &mut |state, call| state.apply(&call.method, &call.args))
    }

    /// [`ObjectHistory::respond`], with `apply` telling what a call does to a
    /// specification state (`SpecState::apply` for the built-in kinds).
    pub fn respond_with(&mut self, thread: u32, result: Val, apply: &mut Apply<'_>) -> bool {
        if self.failed() || !self.running.contains_key(&thread) {
            return true;
        }
        self.log.push(Event::Respond { thread, result: result.clone() });
        let mut kept = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut work: Vec<Config> = self.configs.iter().cloned().collect();
        while let Some(c) = work.pop() {
            if let Some(r) = c.done.get(&thread) {
                if *r == result {
                    let mut c = c;
                    c.done.remove(&thread);
                    kept.insert(c);
                }
                continue;
            }
            // linearize one more running call, the responding one only with its
            // actual result
            for (&t, call) in self.running.iter().filter(|(t, _)| !c.done.contains_key(t)) {
                for (state, r) in apply(&c.state, call) {
                    if t == thread && r != result {
                        continue;
                    }
                    let mut done = c.done.clone();
                    done.insert(t, r);
                    let next = Config { state, done };
                    if seen.insert(next.clone()) {
                        work.push(next);
                    }
                }
            }
        }
        self.running.remove(&thread);
        self.configs = kept;
        !self.failed()
    }

    /// Appends what the state consists of (running calls and configurations) to
    /// `out`, for the fingerprint.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(format!("{:?}|{:?}|{:?}", self.kind, self.running, self.configs).as_bytes());
    }

    /// The log as a table: one column per thread (`name` names them), one row per
    /// event.
    pub fn table(&self, name: &dyn Fn(u32) -> String) -> String {
        let mut threads: Vec<u32> = self.log.iter().map(|e| match e {
            Event::Invoke { thread, .. } | Event::Respond { thread, .. } => *thread,
        }).collect();
        threads.sort_unstable();
        threads.dedup();
        let mut out = format!("| # | {} |\n|---|{}\n", threads.iter().map(|&t| name(t)).collect::<Vec<_>>().join(" | "), "---|".repeat(threads.len()));
        let mut calls: BTreeMap<u32, &Call> = BTreeMap::new();
        for (i, e) in self.log.iter().enumerate() {
            let (thread, cell) = match e {
                Event::Invoke { thread, call } => {
                    calls.insert(*thread, call);
                    (*thread, format!("{call} begins"))
                }
                Event::Respond { thread, result } => (*thread, match calls.get(thread) {
                    Some(call) => format!("{call} = {result}"),
                    None => format!("= {result}"),
                }),
            };
            let cells: Vec<String> = threads.iter().map(|&t| if t == thread { cell.clone() } else { String::new() }).collect();
            out.push_str(&format!("| {} | {} |\n", i + 1, cells.join(" | ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(method: &str, args: &[i64]) -> Call {
        Call { method: method.into(), args: args.iter().map(|&a| Val::Int(a)).collect() }
    }

    fn set() -> ObjectHistory {
        ObjectHistory::new(SpecKind::Set, SpecState::new(SpecKind::Set, "S", &[]).unwrap())
    }

    #[test]
    fn overlapping_calls_may_take_either_order() {
        // T1 add(1) and T2 contains(1) overlap: contains may see 1 or not
        for seen in [true, false] {
            let mut h = set();
            h.invoke(1, call("add", &[1]));
            h.invoke(2, call("contains", &[1]));
            assert!(h.respond(2, Val::Bool(seen)));
            assert!(h.respond(1, Val::Bool(true)));
        }
    }

    #[test]
    fn a_call_that_ended_before_another_began_comes_first() {
        // add(1) returned before contains(1) was invoked: contains must see it
        let mut h = set();
        h.invoke(1, call("add", &[1]));
        assert!(h.respond(1, Val::Bool(true)));
        h.invoke(2, call("contains", &[1]));
        assert!(!h.respond(2, Val::Bool(false)), "not linearizable");
        assert!(h.failed());
        let table = h.table(&|t| format!("T{t}"));
        assert!(table.contains("| 4 |  | contains(1) = false |"), "{table}");
    }

    #[test]
    fn a_running_call_linearized_early_keeps_its_result() {
        // T1 remove(1) runs; T2 add(1) and then contains(1) = false run inside it:
        // only remove(1) between them explains false, so remove must return true
        for (removed, ok) in [(true, true), (false, false)] {
            let mut h = set();
            h.invoke(1, call("remove", &[1]));
            h.invoke(2, call("add", &[1]));
            assert!(h.respond(2, Val::Bool(true)));
            h.invoke(2, call("contains", &[1]));
            assert!(h.respond(2, Val::Bool(false)));
            assert_eq!(h.respond(1, Val::Bool(removed)), ok);
        }
    }

    /// Herlihy and Wing's FIFO queue examples: two enqueues that overlap may be
    /// dequeued in either order, two that do not may not.
    #[test]
    fn the_classic_queue_histories() {
        let queue = || ObjectHistory::new(SpecKind::Queue, SpecState::new(SpecKind::Queue, "Q", &[]).unwrap());
        // A enq(x) and B enq(y) overlap; then A deq() = y: linearizable (y first)
        let mut h = queue();
        h.invoke(1, call("offer", &[10]));
        h.invoke(2, call("offer", &[20]));
        assert!(h.respond(1, Val::Bool(true)));
        assert!(h.respond(2, Val::Bool(true)));
        h.invoke(1, call("poll", &[]));
        assert!(h.respond(1, Val::Int(20)));
        // A enq(x) returns before B enq(y) begins; then A deq() = y: not linearizable
        let mut h = queue();
        h.invoke(1, call("offer", &[10]));
        assert!(h.respond(1, Val::Bool(true)));
        h.invoke(2, call("offer", &[20]));
        assert!(h.respond(2, Val::Bool(true)));
        h.invoke(1, call("poll", &[]));
        assert!(!h.respond(1, Val::Int(20)));
    }

    /// The classic register example: a read that returns the new value, then a later
    /// read that returns the old one while the write still runs (new-old inversion).
    #[test]
    fn the_classic_register_histories() {
        let register = || ObjectHistory::new(SpecKind::Register, SpecState::new(SpecKind::Register, "java.util.concurrent.atomic.AtomicInteger", &[Val::Int(0)]).unwrap());
        for (second, ok) in [(1, true), (0, false)] {
            let mut h = register();
            h.invoke(1, call("set", &[1]));
            h.invoke(2, call("get", &[]));
            assert!(h.respond(2, Val::Int(1)), "the read may see the running write");
            h.invoke(3, call("get", &[]));
            assert_eq!(h.respond(3, Val::Int(second)), ok, "a later read sees it too");
            if ok {
                assert!(h.respond(1, Val::Void));
            }
        }
        // both reads overlapping the write, neither after the other: either value
        let mut h = register();
        h.invoke(1, call("set", &[1]));
        h.invoke(2, call("get", &[]));
        h.invoke(3, call("get", &[]));
        assert!(h.respond(2, Val::Int(1)));
        assert!(h.respond(3, Val::Int(0)), "the second read began before the first returned");
    }

    /// Wing–Gong's search on a history: some order of the calls, each between its
    /// invocation and response (a call precedes another if it returned before the
    /// other was invoked), gives every returned call its result; a call still running
    /// may be left out or take effect with any result.
    fn offline(kind: SpecKind, log: &[Event]) -> bool {
        // (call, invocation index, response index and result if it returned)
        let mut calls: Vec<(Call, usize, Option<(usize, Val)>)> = Vec::new();
        let mut open: BTreeMap<u32, usize> = BTreeMap::new();
        for (i, e) in log.iter().enumerate() {
            match e {
                Event::Invoke { thread, call } => {
                    open.insert(*thread, calls.len());
                    calls.push((call.clone(), i, None));
                }
                Event::Respond { thread, result } => {
                    let at = open.remove(thread).unwrap();
                    calls[at].2 = Some((i, result.clone()));
                }
            }
        }
        type Memo = BTreeSet<(u64, SpecState)>;
        fn search(calls: &[(Call, usize, Option<(usize, Val)>)], used: u64, state: &SpecState, memo: &mut Memo) -> bool {
            if calls.iter().enumerate().all(|(i, c)| c.2.is_none() || used & (1 << i) != 0) {
                return true;
            }
            if !memo.insert((used, state.clone())) {
                return false;
            }
            for (i, (c, inv, end)) in calls.iter().enumerate() {
                let blocked = calls.iter().enumerate().any(|(j, other)| used & (1 << j) == 0 && j != i && other.2.as_ref().is_some_and(|(resp, _)| resp < inv));
                if used & (1 << i) != 0 || blocked {
                    continue;
                }
                for (next, r) in state.apply(&c.method, &c.args) {
                    if end.as_ref().map_or(true, |(_, result)| r == *result) && search(calls, used | (1 << i), &next, memo) {
                        return true;
                    }
                }
            }
            false
        }
        search(&calls, 0, &SpecState::new(kind, "", &[]).unwrap(), &mut BTreeSet::new())
    }

    /// The just-in-time check agrees with Wing–Gong's search on random histories of
    /// three threads calling a set and a queue with random (often wrong) results.
    #[test]
    fn agrees_with_wing_and_gong_on_random_histories() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut ok, mut bad) = (0, 0);
        for round in 0..3000 {
            let kind = if round % 2 == 0 { SpecKind::Set } else { SpecKind::Queue };
            let mut h = ObjectHistory::new(kind, SpecState::new(kind, "", &[]).unwrap());
            let mut verdict = true;
            let mut remaining = [3, 3, 3];
            let mut actual = SpecState::new(kind, "", &[]).unwrap();
            let mut running: [Option<Call>; 3] = [None, None, None];
            while remaining.iter().any(|&r| r > 0) || (0..3).any(|t| h.is_running(t)) {
                let t = next(3) as u32;
                if h.is_running(t) {
                    // the call takes effect now (so the history is linearizable) and
                    // returns its result, or, one time in eight, a random one
                    let c = running[t as usize].take().expect("running call");
                    let (state, r) = actual.apply(&c.method, &c.args).into_iter().next().unwrap_or((actual.clone(), Val::Void));
                    actual = state;
                    let result = if next(8) > 0 {
                        r
                    } else {
                        match kind {
                            SpecKind::Set => Val::Bool(next(2) == 0),
                            _ => match next(3) {
                                0 => Val::Null,
                                k => Val::Int(k as i64),
                            },
                        }
                    };
                    verdict = h.respond(t, result);
                    if !verdict {
                        break;
                    }
                } else if remaining[t as usize] > 0 {
                    remaining[t as usize] -= 1;
                    let c = match (kind, next(3)) {
                        (SpecKind::Set, 0) => call("add", &[1 + next(2) as i64]),
                        (SpecKind::Set, 1) => call("remove", &[1 + next(2) as i64]),
                        (SpecKind::Set, _) => call("contains", &[1 + next(2) as i64]),
                        (_, 0) => call("poll", &[]),
                        (_, _) => call("offer", &[1 + next(2) as i64]),
                    };
                    running[t as usize] = Some(c.clone());
                    h.invoke(t, c);
                }
            }
            // a prefix that failed is compared as it stands, calls still running too
            let log = h.log().to_vec();
            assert_eq!(verdict, offline(kind, &log), "round {round}: {:?}", h.log());
            if verdict {
                ok += 1;
            } else {
                bad += 1;
            }
        }
        assert!(ok > 300 && bad > 300, "both verdicts are exercised: {ok} linearizable, {bad} not");
    }
}
