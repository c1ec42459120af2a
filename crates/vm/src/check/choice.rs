//! Choices: values a program does not determine, explored as the branches of one
//! transition (the search's `Move { thread, branch }`).
//!
//! - A weak compare-and-set (`Unsafe.weakCompareAndSet*`, a `VarHandle`'s
//!   `weakCompareAndSet*` access modes) may fail spuriously even when the value
//!   matches (the API allows it; ARM does it). With `--weak-cas spurious` (the
//!   default) branch 0 performs the call and branch 1 returns `false` without touching
//!   memory.
//! - With `--random choice:N`, a draw from `java.util.Random` (and its subclasses that
//!   do not override the method, `ThreadLocalRandom` and `SecureRandom` among them),
//!   `SplittableRandom` or `Math.random()` returns one of at most `N` values instead
//!   of the deterministic generator's: `nextInt(bound)` one of `0..min(N, bound)`,
//!   `nextInt()` one of `0..N`, `nextBoolean()` `false` or `true`, `nextDouble()` one
//!   of `0, 1/N, …, (N-1)/N` (scaled into `[origin, bound)` for the ranged forms), and
//!   likewise for `long` and `float`. Arguments the method would reject (a bound that
//!   is not positive, an empty range) leave the call alone, so it throws as it should.
//!   `nextGaussian`, `nextBytes` and streams stay deterministic.
//!
//! A thread stops before such a call (it is a scheduling point, [`Op::Choice`]); the
//! transition of branch `b` then performs the call, or replaces it by its result
//! without running it. Calls made while the vm runs Java code on its own behalf (class
//! initialisation) are not choices.
//!
//! This module must not decide scheduling; `policy.rs` classifies calls as choices.

use jvmc_classfile::descriptor::BasicType;

use super::policy::Span;
use super::AccessRecord;
use super::Op;
use crate::thread::ThreadStack;
use crate::value::Value;

/// The options that turn calls into choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChoiceOptions {
    /// weak compare-and-set calls may fail spuriously (`--weak-cas spurious`)
    pub spurious_weak_cas: bool,
    /// random draws are choices among at most this many values (`--random choice:N`)
    pub random_values: Option<u32>,
}

impl Default for ChoiceOptions {
    fn default() -> Self {
        ChoiceOptions { spurious_weak_cas: true, random_values: None }
    }
}

/// A call a thread stands before whose result is a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Choice {
    /// what is chosen
    pub kind: ChoiceKind,
    /// the operand-stack slots the call takes (receiver and arguments)
    pub arg_slots: u16,
}

/// What a [`Choice`] chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChoiceKind {
    /// a weak compare-and-set: performed (branch 0) or failing spuriously (branch 1);
    /// what performing it touches
    WeakCas(Performs),
    /// a random draw
    Draw(Draw),
}

/// What the call of a choice touches when it is performed: the scheduling
/// classification of the same call without the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Performs {
    /// nothing shared
    Nothing,
    /// one shared access
    Access(AccessRecord),
    /// an `Unsafe` memory operation on off-heap memory or array storage
    Memory(Span, Span),
}

impl From<Option<Op>> for Performs {
    fn from(op: Option<Op>) -> Performs {
        match op {
            Some(Op::Access(a)) => Performs::Access(a),
            Some(Op::Memory(a, b)) => Performs::Memory(a, b),
            _ => Performs::Nothing,
        }
    }
}

impl From<Performs> for Op {
    fn from(p: Performs) -> Op {
        match p {
            Performs::Nothing => Op::Local,
            Performs::Access(a) => Op::Access(a),
            Performs::Memory(a, b) => Op::Memory(a, b),
        }
    }
}

/// A random draw: the values of its branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Draw {
    /// `int` (or `boolean`) values `origin, origin + 1, …`
    Int { origin: i64, count: u32 },
    /// `long` values `origin, origin + 1, …`
    Long { origin: i64, count: u32 },
    /// `double` values `origin + span · b / count` (bits of `origin` and `span`)
    Double { origin: u64, span: u64, count: u32 },
    /// `float` values `origin + span · b / count`
    Float { origin: u32, span: u32, count: u32 },
}

impl Choice {
    /// The number of branches.
    pub fn branches(&self) -> u32 {
        match self.kind {
            ChoiceKind::WeakCas(_) => 2,
            ChoiceKind::Draw(Draw::Int { count, .. } | Draw::Long { count, .. } | Draw::Double { count, .. } | Draw::Float { count, .. }) => count.max(1),
        }
    }

    /// The result branch `b` returns without running the call, or `None` if branch
    /// `b` runs it.
    pub fn result(&self, b: u32) -> Option<Value> {
        match self.kind {
            ChoiceKind::WeakCas(_) => (b > 0).then_some(Value::Int(0)),
            ChoiceKind::Draw(d) => Some(match d {
                Draw::Int { origin, .. } => Value::Int((origin + i64::from(b)) as i32),
                Draw::Long { origin, .. } => Value::Long(origin.wrapping_add(i64::from(b))),
                Draw::Double { origin, span, count } => {
                    Value::Double(f64::from_bits(origin) + f64::from_bits(span) * f64::from(b) / f64::from(count.max(1)))
                }
                Draw::Float { origin, span, count } => {
                    Value::Float(f32::from_bits(origin) + f32::from_bits(span) * b as f32 / count.max(1) as f32)
                }
            }),
        }
    }

    /// Replaces the call `ts` stands before by branch `b`'s result: pops its
    /// arguments, pushes the result and moves past the invoke. `false` if branch `b`
    /// runs the call instead.
    pub fn apply(&self, ts: &mut ThreadStack, b: u32) -> bool {
        let Some(v) = self.result(b) else { return false };
        let keep = ts.values.len().saturating_sub(self.arg_slots as usize);
        ts.values.truncate(keep);
        ts.values.push(v);
        if v.is_wide() {
            ts.values.push(Value::Top);
        }
        if let Some(f) = ts.frames.last_mut() {
            f.pc += 1;
        }
        true
    }

    /// Words for a trace: what branch `b` does.
    pub fn describe(&self, b: u32) -> String {
        match (self.kind, self.result(b)) {
            (ChoiceKind::WeakCas(_), None) => "(the weak compare-and-set is attempted)".to_string(),
            (ChoiceKind::WeakCas(_), Some(_)) => "(the weak compare-and-set fails spuriously)".to_string(),
            (ChoiceKind::Draw(_), Some(v)) => {
                let shown = match v {
                    Value::Int(i) => i.to_string(),
                    Value::Long(l) => l.to_string(),
                    Value::Double(d) => d.to_string(),
                    Value::Float(f) => f.to_string(),
                    other => format!("{other:?}"),
                };
                format!("(draws {shown}: value {} of {})", b + 1, self.branches())
            }
            (ChoiceKind::Draw(_), None) => String::new(),
        }
    }
}

/// The classes whose draws become choices: the declaring class of the method that
/// runs must be one of them (a user's own override stays the user's code).
const RANDOM_CLASSES: &[&str] =
    &["java/util/Random", "java/util/concurrent/ThreadLocalRandom", "java/util/SplittableRandom", "java/util/random/RandomGenerator"];

/// The draw a call of `class.name desc` is, with the operand stack `ts` holding its
/// arguments, when draws are choices among at most `n` values.
pub(crate) fn random_draw(ts: &ThreadStack, class: &str, name: &str, desc: &str, n: u32) -> Option<Draw> {
    let math = matches!(class, "java/lang/Math" | "java/lang/StrictMath") && name == "random" && desc == "()D";
    if !math && !RANDOM_CLASSES.contains(&class) {
        return None;
    }
    let vals = &ts.values;
    // the value `depth` slots below the top (a long/double's value is below its Top)
    let at = |depth: usize| vals.len().checked_sub(depth + 1).and_then(|i| vals.get(i)).copied();
    let int = |depth| at(depth).and_then(|v| v.as_int()).map(i64::from);
    let long = |depth| at(depth).and_then(|v| v.as_long());
    let double = |depth| match at(depth) {
        Some(Value::Double(d)) => Some(d),
        _ => None,
    };
    let float = |depth| match at(depth) {
        Some(Value::Float(f)) => Some(f),
        _ => None,
    };
    let count = |range: i128| u32::try_from(range.min(i128::from(n))).ok().filter(|&c| c > 0);
    let draw = match (if math { "nextDouble" } else { name }, desc) {
        ("nextInt", "()I") => Draw::Int { origin: 0, count: n },
        ("nextInt", "(I)I") => Draw::Int { origin: 0, count: count(i128::from(int(0)?))? },
        ("nextInt", "(II)I") => {
            let (origin, bound) = (int(1)?, int(0)?);
            Draw::Int { origin, count: count(i128::from(bound) - i128::from(origin))? }
        }
        ("nextLong", "()J") => Draw::Long { origin: 0, count: n },
        ("nextLong", "(J)J") => Draw::Long { origin: 0, count: count(i128::from(long(1)?))? },
        ("nextLong", "(JJ)J") => {
            let (origin, bound) = (long(3)?, long(1)?);
            Draw::Long { origin, count: count(i128::from(bound) - i128::from(origin))? }
        }
        ("nextBoolean", "()Z") => Draw::Int { origin: 0, count: n.min(2) },
        ("nextDouble", "()D") => Draw::Double { origin: 0f64.to_bits(), span: 1f64.to_bits(), count: n },
        ("nextDouble", "(D)D") => {
            let bound = double(1)?;
            (bound > 0.0 && bound.is_finite()).then_some(Draw::Double { origin: 0f64.to_bits(), span: bound.to_bits(), count: n })?
        }
        ("nextDouble", "(DD)D") => {
            let (origin, bound) = (double(3)?, double(1)?);
            (origin < bound && (bound - origin).is_finite()).then_some(Draw::Double { origin: origin.to_bits(), span: (bound - origin).to_bits(), count: n })?
        }
        ("nextFloat", "()F") => Draw::Float { origin: 0f32.to_bits(), span: 1f32.to_bits(), count: n },
        ("nextFloat", "(F)F") => {
            let bound = float(0)?;
            (bound > 0.0 && bound.is_finite()).then_some(Draw::Float { origin: 0f32.to_bits(), span: bound.to_bits(), count: n })?
        }
        ("nextFloat", "(FF)F") => {
            let (origin, bound) = (float(1)?, float(0)?);
            (origin < bound && (bound - origin).is_finite()).then_some(Draw::Float { origin: origin.to_bits(), span: (bound - origin).to_bits(), count: n })?
        }
        _ => return None,
    };
    Some(draw)
}

/// The operand-stack slots of a call to a method with these parameters (plus the
/// receiver unless static).
pub(crate) fn call_slots(params: &[BasicType], is_static: bool) -> u16 {
    (params.iter().map(|p| p.slots()).sum::<usize>() + usize::from(!is_static)) as u16
}

impl Op {
    /// The choice this operation is, if any.
    pub(crate) fn choice(self) -> Option<Choice> {
        match self {
            Op::Choice(c) => Some(c),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stack(values: &[Value]) -> ThreadStack {
        let mut ts = ThreadStack::default();
        ts.values.extend_from_slice(values);
        ts
    }

    #[test]
    fn draws_take_their_bounds_from_the_arguments() {
        let ts = stack(&[Value::NULL, Value::Int(3)]);
        let d = random_draw(&ts, "java/util/Random", "nextInt", "(I)I", 8).expect("a draw");
        let c = Choice { kind: ChoiceKind::Draw(d), arg_slots: 2 };
        assert_eq!(c.branches(), 3, "min(N, bound)");
        assert_eq!(c.result(2), Some(Value::Int(2)));
        // a bound the method rejects leaves the call alone
        assert_eq!(random_draw(&stack(&[Value::NULL, Value::Int(0)]), "java/util/Random", "nextInt", "(I)I", 8), None);
        // a user class is not a JDK generator
        assert_eq!(random_draw(&ts, "my/Dice", "nextInt", "(I)I", 8), None);
        let ts = stack(&[Value::NULL, Value::Int(10), Value::Int(12)]);
        let d = random_draw(&ts, "java/util/concurrent/ThreadLocalRandom", "nextInt", "(II)I", 8).expect("a draw");
        assert_eq!(d, Draw::Int { origin: 10, count: 2 });
        let m = random_draw(&stack(&[]), "java/lang/Math", "random", "()D", 4).expect("Math.random");
        let c = Choice { kind: ChoiceKind::Draw(m), arg_slots: 0 };
        assert_eq!((0..4).map(|b| c.result(b)).collect::<Vec<_>>(), [0.0, 0.25, 0.5, 0.75].map(|x| Some(Value::Double(x))));
        let ts = stack(&[Value::NULL, Value::Long(5), Value::Top, Value::Long(7), Value::Top]);
        assert_eq!(random_draw(&ts, "java/util/SplittableRandom", "nextLong", "(JJ)J", 8), Some(Draw::Long { origin: 5, count: 2 }));
    }

    #[test]
    fn applying_a_branch_replaces_the_call() {
        let mut ts = stack(&[Value::Int(7), Value::NULL, Value::Int(3)]);
        ts.frames.push(crate::thread::Frame::new(crate::class::MethodId(0), 4, 0, crate::thread::FrameKind::Java));
        let c = Choice { kind: ChoiceKind::WeakCas(Performs::Nothing), arg_slots: 2 };
        assert!(!c.apply(&mut ts, 0), "branch 0 performs the call");
        assert!(c.apply(&mut ts, 1));
        assert_eq!(ts.values, vec![Value::Int(7), Value::Int(0)]);
        assert_eq!(ts.frames[0].pc, 5);
    }
}
