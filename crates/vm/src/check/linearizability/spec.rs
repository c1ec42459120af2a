//! The built-in sequential specifications of `--linearizability KIND:CLASS`: what
//! each operation of a set, map, queue, stack, counter or register does to an
//! abstract state and returns.
//!
//! This module is pure: values and states are plain data, and nothing here knows the
//! vm. A specification may be nondeterministic (a weak compare-and-set may fail
//! spuriously) or not applicable (`take()` on an empty queue blocks), so an operation
//! yields every (state, result) pair it allows, none when it cannot happen.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

use super::java_spec::JavaState;

/// An argument or result as a specification sees it: primitives and their boxes by
/// value, strings by content, other objects by stable identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Val {
    /// a `void` result
    Void,
    /// `null`
    Null,
    /// a `boolean` or a `Boolean`
    Bool(bool),
    /// any integral primitive (`char` too) or its box
    Int(i64),
    /// a `float` or `double` (or box), by the bits of the double
    Float(u64),
    /// a `String`, by content
    Str(String),
    /// another object, by its stable id
    Obj(u64),
    /// the call threw an exception of this class (binary name with dots); results only
    Thrown(String),
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Void => write!(f, "void"),
            Val::Null => write!(f, "null"),
            Val::Bool(b) => write!(f, "{b}"),
            Val::Int(i) => write!(f, "{i}"),
            Val::Float(bits) => write!(f, "{}", f64::from_bits(*bits)),
            Val::Str(s) => write!(f, "{s:?}"),
            Val::Obj(sid) => write!(f, "object#{sid:x}"),
            Val::Thrown(class) => write!(f, "throws {class}"),
        }
    }
}

/// Which specification: the `KIND` of `--linearizability KIND:CLASS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecKind {
    /// `java.util.Set`: add, remove, contains, isEmpty, size, clear
    Set,
    /// `java.util.Map` / `ConcurrentMap`: put, get, remove, putIfAbsent, replace,
    /// containsKey, getOrDefault, isEmpty, size, clear
    Map,
    /// a FIFO `Queue` / `BlockingQueue` (optionally bounded by its constructor's `int`)
    Queue,
    /// a LIFO stack (`Deque` as a stack): push, pop, peek, isEmpty, size
    Stack,
    /// a counter (`AtomicInteger`/`AtomicLong` arithmetic, `LongAdder`)
    Counter,
    /// a register (`AtomicReference`, `AtomicBoolean`, get/set/compare-and-set)
    Register,
    /// a user-written Java class (`java_spec.rs`); not among [`SpecKind::ALL`], whose
    /// kinds are built in
    Java,
}

impl SpecKind {
    /// Every kind, in the order the help text lists them.
    pub const ALL: [SpecKind; 6] = [SpecKind::Set, SpecKind::Map, SpecKind::Queue, SpecKind::Stack, SpecKind::Counter, SpecKind::Register];

    /// The kind's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SpecKind::Set => "set",
            SpecKind::Map => "map",
            SpecKind::Queue => "queue",
            SpecKind::Stack => "stack",
            SpecKind::Counter => "counter",
            SpecKind::Register => "register",
            SpecKind::Java => "java",
        }
    }

    /// The kind named `name`.
    pub fn parse(name: &str) -> Option<SpecKind> {
        SpecKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// Whether `method` with `arity` arguments is an operation of this kind (other
    /// methods of the tracked class, e.g. `toString`, are not part of the history).
    /// Constructors are: they set the initial state.
    pub fn is_operation(self, method: &str, arity: usize) -> bool {
        if method == "<init>" {
            return true;
        }
        let ops: &[(&str, usize)] = match self {
            SpecKind::Set => &[("add", 1), ("remove", 1), ("contains", 1), ("isEmpty", 0), ("size", 0), ("clear", 0)],
            SpecKind::Map => &[
                ("put", 2),
                ("get", 1),
                ("remove", 1),
                ("remove", 2),
                ("putIfAbsent", 2),
                ("replace", 2),
                ("replace", 3),
                ("containsKey", 1),
                ("getOrDefault", 2),
                ("isEmpty", 0),
                ("size", 0),
                ("clear", 0),
            ],
            SpecKind::Queue => &[
                ("offer", 1),
                ("offer", 3),
                ("add", 1),
                ("put", 1),
                ("poll", 0),
                ("poll", 2),
                ("take", 0),
                ("peek", 0),
                ("remove", 0),
                ("element", 0),
                ("isEmpty", 0),
                ("size", 0),
                ("clear", 0),
            ],
            SpecKind::Stack => &[("push", 1), ("pop", 0), ("peek", 0), ("isEmpty", 0), ("size", 0), ("clear", 0)],
            // the class's own methods decide (`JavaSpec::is_operation`)
            SpecKind::Java => &[],
            SpecKind::Counter => &[
                ("get", 0),
                ("intValue", 0),
                ("longValue", 0),
                ("sum", 0),
                ("set", 1),
                ("reset", 0),
                ("sumThenReset", 0),
                ("incrementAndGet", 0),
                ("getAndIncrement", 0),
                ("decrementAndGet", 0),
                ("getAndDecrement", 0),
                ("addAndGet", 1),
                ("getAndAdd", 1),
                ("increment", 0),
                ("decrement", 0),
                ("add", 1),
            ],
            SpecKind::Register => &[
                ("get", 0),
                ("getPlain", 0),
                ("getOpaque", 0),
                ("getAcquire", 0),
                ("set", 1),
                ("lazySet", 1),
                ("setPlain", 1),
                ("setOpaque", 1),
                ("setRelease", 1),
                ("getAndSet", 1),
                ("compareAndSet", 2),
                ("weakCompareAndSet", 2),
                ("weakCompareAndSetPlain", 2),
                ("weakCompareAndSetVolatile", 2),
                ("weakCompareAndSetAcquire", 2),
                ("weakCompareAndSetRelease", 2),
            ],
        };
        ops.contains(&(method, arity))
    }
}

/// The abstract state of one object under its specification.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SpecState {
    /// a set's elements
    Set(BTreeSet<Val>),
    /// a map's entries
    Map(BTreeMap<Val, Val>),
    /// a queue's or stack's elements, head (queue) or top (stack) first, and the
    /// capacity of a bounded queue
    Seq(VecDeque<Val>, Option<u32>),
    /// a counter's or register's value
    Value(Val),
    /// a Java specification's state (`java_spec.rs`): applied by its vm, not here
    Java(JavaState),
}

/// The exception an operation on an empty queue or stack throws.
const NO_SUCH_ELEMENT: &str = "java.util.NoSuchElementException";

impl SpecState {
    /// The state of an object constructed with `args` (of class `class`, binary name
    /// with dots), or why it cannot be modelled.
    pub fn new(kind: SpecKind, class: &str, args: &[Val]) -> Result<SpecState, String> {
        let unsupported = || format!("a {} constructed with ({}) is not modelled", kind.name(), list(args));
        match kind {
            // capacities and load factors do not change a set's or map's contents
            SpecKind::Set | SpecKind::Map if args.iter().all(|a| matches!(a, Val::Int(_) | Val::Float(_) | Val::Bool(_))) => Ok(if kind == SpecKind::Set {
                SpecState::Set(BTreeSet::new())
            } else {
                SpecState::Map(BTreeMap::new())
            }),
            SpecKind::Queue => match args {
                [] => Ok(SpecState::Seq(VecDeque::new(), None)),
                [Val::Int(n), ..] if args[1..].iter().all(|a| matches!(a, Val::Bool(_))) => Ok(SpecState::Seq(VecDeque::new(), Some((*n).clamp(0, u32::MAX as i64) as u32))),
                _ => Err(unsupported()),
            },
            SpecKind::Stack if args.iter().all(|a| matches!(a, Val::Int(_))) => Ok(SpecState::Seq(VecDeque::new(), None)),
            SpecKind::Counter | SpecKind::Register => match args {
                [] if kind == SpecKind::Register && class.contains("Reference") => Ok(SpecState::Value(Val::Null)),
                [] if kind == SpecKind::Register && class.contains("Boolean") => Ok(SpecState::Value(Val::Bool(false))),
                [] => Ok(SpecState::Value(Val::Int(0))),
                [v] => Ok(SpecState::Value(v.clone())),
                _ => Err(unsupported()),
            },
            _ => Err(unsupported()),
        }
    }

    /// Every (state, result) that `method(args)` may lead to from this state; empty
    /// when it cannot happen now (it would block). Only called for operations of the
    /// state's kind ([`SpecKind::is_operation`]).
    pub fn apply(&self, method: &str, args: &[Val]) -> Vec<(SpecState, Val)> {
        let same = |result: Val| vec![(self.clone(), result)];
        match (self, method, args) {
            (SpecState::Set(s), "add", [x]) => {
                let mut n = s.clone();
                let added = n.insert(x.clone());
                vec![(SpecState::Set(n), Val::Bool(added))]
            }
            (SpecState::Set(s), "remove", [x]) => {
                let mut n = s.clone();
                let removed = n.remove(x);
                vec![(SpecState::Set(n), Val::Bool(removed))]
            }
            (SpecState::Set(s), "contains", [x]) => same(Val::Bool(s.contains(x))),
            (SpecState::Set(s), "isEmpty", []) => same(Val::Bool(s.is_empty())),
            (SpecState::Set(s), "size", []) => same(Val::Int(s.len() as i64)),
            (SpecState::Set(_), "clear", []) => vec![(SpecState::Set(BTreeSet::new()), Val::Void)],

            (SpecState::Map(m), "get", [k]) => same(m.get(k).cloned().unwrap_or(Val::Null)),
            (SpecState::Map(m), "containsKey", [k]) => same(Val::Bool(m.contains_key(k))),
            (SpecState::Map(m), "getOrDefault", [k, d]) => same(m.get(k).unwrap_or(d).clone()),
            (SpecState::Map(m), "isEmpty", []) => same(Val::Bool(m.is_empty())),
            (SpecState::Map(m), "size", []) => same(Val::Int(m.len() as i64)),
            (SpecState::Map(_), "clear", []) => vec![(SpecState::Map(BTreeMap::new()), Val::Void)],
            (SpecState::Map(m), _, _) => {
                let mut n = m.clone();
                let old = m.get(&args[0]).cloned();
                let result = match (method, args) {
                    ("put", [k, v]) => {
                        n.insert(k.clone(), v.clone());
                        old.unwrap_or(Val::Null)
                    }
                    ("remove", [k]) => {
                        n.remove(k);
                        old.unwrap_or(Val::Null)
                    }
                    ("remove", [k, v]) => {
                        let hit = old.as_ref() == Some(v);
                        if hit {
                            n.remove(k);
                        }
                        Val::Bool(hit)
                    }
                    ("putIfAbsent", [k, v]) => {
                        if old.is_none() {
                            n.insert(k.clone(), v.clone());
                        }
                        old.unwrap_or(Val::Null)
                    }
                    ("replace", [k, v]) => {
                        if old.is_some() {
                            n.insert(k.clone(), v.clone());
                        }
                        old.unwrap_or(Val::Null)
                    }
                    ("replace", [k, expected, v]) => {
                        let hit = old.as_ref() == Some(expected);
                        if hit {
                            n.insert(k.clone(), v.clone());
                        }
                        Val::Bool(hit)
                    }
                    _ => return Vec::new(),
                };
                vec![(SpecState::Map(n), result)]
            }

            (SpecState::Seq(q, cap), _, _) => self.apply_seq(q, *cap, method, args),

            (SpecState::Value(v), _, _) => apply_value(v, method, args),
            _ => Vec::new(),
        }
    }

    /// Queue (FIFO: append at the back) and stack (LIFO: push at the front)
    /// operations; both take from the front.
    fn apply_seq(&self, q: &VecDeque<Val>, cap: Option<u32>, method: &str, args: &[Val]) -> Vec<(SpecState, Val)> {
        let same = |result: Val| vec![(self.clone(), result)];
        let with = |n: VecDeque<Val>, result: Val| vec![(SpecState::Seq(n, cap), result)];
        let full = cap.is_some_and(|c| q.len() >= c as usize);
        let take = |empty: Option<Val>| match q.front() {
            Some(head) => {
                let mut n = q.clone();
                n.pop_front();
                with(n, head.clone())
            }
            None => empty.map_or_else(Vec::new, same),
        };
        match (method, args) {
            ("offer" | "add" | "put", [x, ..]) if !full => {
                let mut n = q.clone();
                n.push_back(x.clone());
                with(n, if method == "put" { Val::Void } else { Val::Bool(true) })
            }
            // a full bounded queue: offer fails (a timed one after its wait), add
            // throws, put blocks
            ("offer", _) => same(Val::Bool(false)),
            ("add", _) => same(Val::Thrown("java.lang.IllegalStateException".into())),
            ("put", _) => Vec::new(),
            ("push", [x]) => {
                let mut n = q.clone();
                n.push_front(x.clone());
                with(n, Val::Void)
            }
            // a timed poll that times out returns null, as on an empty queue
            ("poll", _) => take(Some(Val::Null)),
            ("take", []) => take(None),
            ("remove" | "pop", []) => take(Some(Val::Thrown(NO_SUCH_ELEMENT.into()))),
            ("element", []) => same(q.front().cloned().unwrap_or_else(|| Val::Thrown(NO_SUCH_ELEMENT.into()))),
            ("peek", []) => same(q.front().cloned().unwrap_or(Val::Null)),
            ("isEmpty", []) => same(Val::Bool(q.is_empty())),
            ("size", []) => same(Val::Int(q.len() as i64)),
            ("clear", []) => with(VecDeque::new(), Val::Void),
            _ => Vec::new(),
        }
    }
}

/// Counter and register operations.
fn apply_value(v: &Val, method: &str, args: &[Val]) -> Vec<(SpecState, Val)> {
    let keep = |result: Val| vec![(SpecState::Value(v.clone()), result)];
    let set = |new: Val, result: Val| vec![(SpecState::Value(new), result)];
    let n = match v {
        Val::Int(n) => Some(*n),
        _ => None,
    };
    let delta = match args {
        [Val::Int(d)] => Some(*d),
        _ => None,
    };
    match (method, n, delta) {
        ("get" | "intValue" | "longValue" | "sum" | "getPlain" | "getOpaque" | "getAcquire", _, _) => keep(v.clone()),
        ("set" | "lazySet" | "setPlain" | "setOpaque" | "setRelease", _, _) => set(args[0].clone(), Val::Void),
        ("getAndSet", _, _) => set(args[0].clone(), v.clone()),
        ("reset", _, _) => set(Val::Int(0), Val::Void),
        ("sumThenReset", _, _) => set(Val::Int(0), v.clone()),
        ("compareAndSet", _, _) | ("weakCompareAndSet" | "weakCompareAndSetPlain" | "weakCompareAndSetVolatile" | "weakCompareAndSetAcquire" | "weakCompareAndSetRelease", _, _) => {
            let mut out = Vec::new();
            if *v == args[0] {
                out.push((SpecState::Value(args[1].clone()), Val::Bool(true)));
            }
            // a strong CAS fails only on a different value; a weak one may fail anyway
            if *v != args[0] || method != "compareAndSet" {
                out.push((SpecState::Value(v.clone()), Val::Bool(false)));
            }
            out
        }
        ("incrementAndGet", Some(n), _) => set(Val::Int(n + 1), Val::Int(n + 1)),
        ("getAndIncrement", Some(n), _) => set(Val::Int(n + 1), Val::Int(n)),
        ("decrementAndGet", Some(n), _) => set(Val::Int(n - 1), Val::Int(n - 1)),
        ("getAndDecrement", Some(n), _) => set(Val::Int(n - 1), Val::Int(n)),
        ("increment", Some(n), _) => set(Val::Int(n + 1), Val::Void),
        ("decrement", Some(n), _) => set(Val::Int(n - 1), Val::Void),
        ("addAndGet", Some(n), Some(d)) => set(Val::Int(n + d), Val::Int(n + d)),
        ("getAndAdd", Some(n), Some(d)) => set(Val::Int(n + d), Val::Int(n)),
        ("add", Some(n), Some(d)) => set(Val::Int(n + d), Val::Void),
        _ => Vec::new(),
    }
}

/// `a, b, c`.
pub(crate) fn list(vals: &[Val]) -> String {
    vals.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(state: &SpecState, method: &str, args: &[Val]) -> Vec<Val> {
        state.apply(method, args).into_iter().map(|(_, r)| r).collect()
    }

    #[test]
    fn a_set_adds_removes_and_answers() {
        let s = SpecState::new(SpecKind::Set, "S", &[]).unwrap();
        let (s, r) = s.apply("add", &[Val::Int(1)]).remove(0);
        assert_eq!(r, Val::Bool(true));
        assert_eq!(results(&s, "add", &[Val::Int(1)]), [Val::Bool(false)]);
        assert_eq!(results(&s, "contains", &[Val::Int(1)]), [Val::Bool(true)]);
        assert_eq!(results(&s, "size", &[]), [Val::Int(1)]);
        let (s, r) = s.apply("remove", &[Val::Int(1)]).remove(0);
        assert_eq!(r, Val::Bool(true));
        assert_eq!(results(&s, "remove", &[Val::Int(1)]), [Val::Bool(false)]);
        assert_eq!(results(&s, "isEmpty", &[]), [Val::Bool(true)]);
    }

    #[test]
    fn a_map_returns_previous_values() {
        let m = SpecState::new(SpecKind::Map, "M", &[Val::Int(16)]).unwrap();
        let (m, r) = m.apply("put", &[Val::Int(1), Val::Str("a".into())]).remove(0);
        assert_eq!(r, Val::Null);
        assert_eq!(results(&m, "putIfAbsent", &[Val::Int(1), Val::Str("b".into())]), [Val::Str("a".into())]);
        assert_eq!(results(&m, "replace", &[Val::Int(1), Val::Str("x".into()), Val::Str("c".into())]), [Val::Bool(false)]);
        assert_eq!(results(&m, "getOrDefault", &[Val::Int(2), Val::Int(7)]), [Val::Int(7)]);
        let (m, r) = m.apply("remove", &[Val::Int(1), Val::Str("a".into())]).remove(0);
        assert_eq!(r, Val::Bool(true));
        assert_eq!(results(&m, "get", &[Val::Int(1)]), [Val::Null]);
        assert!(SpecState::new(SpecKind::Map, "M", &[Val::Obj(3)]).is_err(), "a copy constructor is not modelled");
    }

    #[test]
    fn queues_are_fifo_stacks_lifo_and_empty_ones_block_or_fail() {
        let q = SpecState::new(SpecKind::Queue, "Q", &[]).unwrap();
        assert!(q.apply("take", &[]).is_empty(), "take on an empty queue blocks");
        assert_eq!(results(&q, "poll", &[]), [Val::Null]);
        assert_eq!(results(&q, "remove", &[]), [Val::Thrown(NO_SUCH_ELEMENT.into())]);
        let (q, _) = q.apply("offer", &[Val::Int(1)]).remove(0);
        let (q, _) = q.apply("offer", &[Val::Int(2)]).remove(0);
        assert_eq!(results(&q, "poll", &[]), [Val::Int(1)]);
        let bounded = SpecState::new(SpecKind::Queue, "java.util.concurrent.ArrayBlockingQueue", &[Val::Int(1)]).unwrap();
        let (bounded, r) = bounded.apply("offer", &[Val::Int(1)]).remove(0);
        assert_eq!(r, Val::Bool(true));
        assert_eq!(results(&bounded, "offer", &[Val::Int(2)]), [Val::Bool(false)]);
        assert!(bounded.apply("put", &[Val::Int(2)]).is_empty(), "put on a full queue blocks");
        let s = SpecState::new(SpecKind::Stack, "S", &[]).unwrap();
        let (s, _) = s.apply("push", &[Val::Int(1)]).remove(0);
        let (s, _) = s.apply("push", &[Val::Int(2)]).remove(0);
        assert_eq!(results(&s, "pop", &[]), [Val::Int(2)]);
        assert_eq!(results(&s, "peek", &[]), [Val::Int(2)]);
    }

    #[test]
    fn counters_count_and_registers_compare_and_set() {
        let c = SpecState::new(SpecKind::Counter, "C", &[Val::Int(5)]).unwrap();
        assert_eq!(results(&c, "getAndIncrement", &[]), [Val::Int(5)]);
        assert_eq!(results(&c, "addAndGet", &[Val::Int(3)]), [Val::Int(8)]);
        let r = SpecState::new(SpecKind::Register, "java.util.concurrent.atomic.AtomicReference", &[]).unwrap();
        assert_eq!(r, SpecState::Value(Val::Null));
        assert_eq!(results(&r, "compareAndSet", &[Val::Null, Val::Int(1)]), [Val::Bool(true)]);
        assert_eq!(results(&r, "compareAndSet", &[Val::Int(2), Val::Int(1)]), [Val::Bool(false)]);
        assert_eq!(results(&r, "weakCompareAndSet", &[Val::Null, Val::Int(1)]), [Val::Bool(true), Val::Bool(false)], "a weak CAS may fail spuriously");
        assert_eq!(SpecState::new(SpecKind::Register, "java.util.concurrent.atomic.AtomicBoolean", &[]).unwrap(), SpecState::Value(Val::Bool(false)));
    }

    #[test]
    fn kinds_name_their_operations() {
        assert!(SpecKind::Set.is_operation("add", 1));
        assert!(!SpecKind::Set.is_operation("toString", 0));
        assert!(!SpecKind::Set.is_operation("add", 2), "an arity the set does not have");
        assert!(SpecKind::Map.is_operation("<init>", 3));
        assert_eq!(SpecKind::parse("queue"), Some(SpecKind::Queue));
        assert_eq!(SpecKind::parse("list"), None);
    }
}
