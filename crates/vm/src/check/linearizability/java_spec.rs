//! A user-written sequential specification (`--linearizability CLASS:SPEC`): a Java
//! class run on a vm of its own, beside the one being checked.
//!
//! The contract (the README and `docs/algorithms/linearizability.md` say it to users):
//! - each public instance method of `SPEC` (its own or inherited, except `Object`'s)
//!   is an operation; a call on the tracked object is one if `SPEC` has a method of
//!   that name and number of parameters (one per name and arity);
//! - the tracked object's constructor call builds a `SPEC` with a public constructor
//!   of the same arity, else with its no-argument one;
//! - `SPEC` is deterministic, and its `toString()` — which it must declare — shows its
//!   whole state: two specification states with the same text are the same state;
//! - arguments and results are primitives, their boxes, strings and `null`; an
//!   exception a method throws is its result.
//!
//! A state is its text and one sequence of calls that reaches it (the constructor's
//! first). Applying a call replays the sequence on a fresh `SPEC` object, makes the
//! call, and reads the new text; each (state, call) is run once and remembered. The
//! vm the search checks never runs specification code, so the specification adds no
//! states, scheduling points or accesses.
//!
//! This module owns the specification's vm and its cache; which calls are recorded
//! and how histories are checked is `mod.rs`'s and `history.rs`'s business.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use jvmc_classfile::access;
use jvmc_classfile::descriptor::{BasicType, MethodSig};

use super::history::Call;
use super::spec::Val;
use crate::class::{ClassId, MethodId};
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// A state of a Java specification: its `toString()` and a sequence of calls that
/// reaches it (the constructor first). Equal, ordered and hashed by the text only,
/// and shown as the text: the sequence is how to rebuild it, not part of the state.
#[derive(Clone)]
pub struct JavaState {
    text: Arc<str>,
    calls: Arc<Vec<Call>>,
}

impl PartialEq for JavaState {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl Eq for JavaState {}

impl PartialOrd for JavaState {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for JavaState {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.text.cmp(&other.text)
    }
}

impl std::hash::Hash for JavaState {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.text.hash(state);
    }
}

impl std::fmt::Debug for JavaState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.text)
    }
}

/// Evaluations between two garbage collections of the specification's vm.
const COLLECT_EVERY: u32 = 512;

/// A Java class as a sequential specification (see the module docs).
pub struct JavaSpec {
    vm: Box<Vm>,
    ts: ThreadStack,
    class: ClassId,
    /// its name with dots, for messages
    name: String,
    /// the operations, by name and number of parameters
    operations: BTreeMap<(String, usize), MethodId>,
    /// public constructors, by number of parameters
    constructors: BTreeMap<usize, MethodId>,
    /// what each call does to each state: the next state and the result
    cache: HashMap<(JavaState, Call), (JavaState, Val)>,
    evaluations: u32,
}

impl JavaSpec {
    /// `class` (binary name, dots or slashes) on `vm`, which must be booted and must
    /// not be checking: its operations and constructors, or why it cannot serve.
    pub fn new(mut vm: Vm, class: &str) -> Result<JavaSpec, String> {
        let internal = class.replace('.', "/");
        let name = internal.replace('/', ".");
        let Some(main) = vm.threads.first_mut() else { return Err("the specification's vm is not booted".into()) };
        let mut ts = std::mem::take(&mut main.stack);
        let kinds = super::SpecKind::ALL.map(|k| k.name()).join(", ");
        let c = vm.load_required(&internal).map_err(|e| format!("specification class {name}: {e} (not a built-in kind either: {kinds})"))?;
        vm.initialize_now(&mut ts, c).map_err(|e| format!("initialising specification class {name}: {}", describe(&vm, e)))?;
        let (mut operations, mut constructors) = (BTreeMap::new(), BTreeMap::new());
        let mut ambiguous = Vec::new();
        let mut declares_to_string = false;
        let mut at = Some(c);
        while let Some(k) = at.filter(|&k| &*vm.class(k).name != "java/lang/Object") {
            for &m in &vm.class(k).methods {
                let method = vm.method(m);
                if method.access & access::PUBLIC == 0 || method.is_static() || method.is_abstract() || &*method.name == "<clinit>" {
                    continue;
                }
                let arity = method.params.len();
                match &*method.name {
                    "<init>" if k == c => {
                        constructors.insert(arity, m);
                    }
                    "<init>" => {}
                    "toString" if arity == 0 => declares_to_string = true,
                    "equals" | "hashCode" | "toString" => {}
                    op => match operations.get(&(op.to_string(), arity)) {
                        // a subclass's method overrides its superclass's; two of one
                        // class with one name and arity cannot be told apart
                        Some(&other) if vm.method(other).class == k => ambiguous.push(format!("{op}/{arity}")),
                        Some(_) => {}
                        None => {
                            operations.insert((op.to_string(), arity), m);
                        }
                    },
                }
            }
            at = vm.class(k).super_class;
        }
        if !declares_to_string {
            return Err(format!("specification class {name}: it must declare toString(), showing its whole state (states are told apart by it)"));
        }
        if let Some(a) = ambiguous.first() {
            return Err(format!("specification class {name}: more than one public method {a} (name/parameters); operations are told apart by name and number of arguments"));
        }
        if operations.is_empty() {
            return Err(format!("specification class {name}: no public instance methods (the operations)"));
        }
        if !constructors.contains_key(&0) {
            return Err(format!("specification class {name}: no public constructor without parameters"));
        }
        Ok(JavaSpec { vm: Box::new(vm), ts, class: c, name, operations, constructors, cache: HashMap::new(), evaluations: 0 })
    }

    /// The class's name, with dots.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether `method` with `arity` arguments is an operation.
    pub fn is_operation(&self, method: &str, arity: usize) -> bool {
        method == "<init>" || self.operations.contains_key(&(method.to_string(), arity))
    }

    /// The state of a specification built for a tracked object constructed with
    /// `args` (its public constructor of that arity, else the one without).
    pub fn initial(&mut self, args: &[Val]) -> Result<JavaState, String> {
        let args = if self.constructors.contains_key(&args.len()) { args.to_vec() } else { Vec::new() };
        let calls = vec![Call { method: "<init>".into(), args }];
        let obj = self.replay(&calls)?;
        let text = self.text(obj)?;
        Ok(JavaState { text, calls: Arc::new(calls) })
    }

    /// What `call` does to `state`: the next state and the result.
    pub fn apply(&mut self, state: &JavaState, call: &Call) -> Result<(JavaState, Val), String> {
        let key = (state.clone(), call.clone());
        if let Some(known) = self.cache.get(&key) {
            return Ok(known.clone());
        }
        let obj = self.replay(&state.calls)?;
        let result = self.call(obj, call)?;
        let text = self.text(obj)?;
        let mut calls = (*state.calls).clone();
        calls.push(call.clone());
        let next = (JavaState { text, calls: Arc::new(calls) }, result);
        self.cache.insert(key, next.clone());
        self.evaluations += 1;
        if self.evaluations.is_multiple_of(COLLECT_EVERY) {
            self.vm.collect_garbage(&self.ts);
        }
        Ok(next)
    }

    /// A fresh specification object after `calls` (the constructor first).
    fn replay(&mut self, calls: &[Call]) -> Result<ObjRef, String> {
        let Some((init, rest)) = calls.split_first() else { return Err("no constructor call".into()) };
        let ctor = self.constructors.get(&init.args.len()).copied().ok_or_else(|| format!("{}: no public constructor with {} parameters", self.name, init.args.len()))?;
        let obj = self.vm.alloc_object(self.class);
        let mut args = vec![Value::obj(obj)];
        args.extend(self.arguments(ctor, &init.args)?);
        self.vm.call_java(&mut self.ts, ctor, &args).map_err(|e| format!("new {}({}): {}", self.name, super::spec::list(&init.args), describe(&self.vm, e)))?;
        for call in rest {
            self.call(obj, call)?;
        }
        Ok(obj)
    }

    /// Calls `call` on `obj`: its result (an exception it throws is its result).
    fn call(&mut self, obj: ObjRef, call: &Call) -> Result<Val, String> {
        let m = *self.operations.get(&(call.method.clone(), call.args.len())).ok_or_else(|| format!("{} has no operation {}/{}", self.name, call.method, call.args.len()))?;
        let target = self.vm.select_method(self.vm.heap.class_of(obj), m).unwrap_or(m);
        let mut args = vec![Value::obj(obj)];
        args.extend(self.arguments(target, &call.args)?);
        match self.vm.call_java(&mut self.ts, target, &args) {
            Ok(v) => Ok(match self.vm.method(target).ret {
                Some(t) => self.vm.spec_value(t, v.unwrap_or(Value::Top)),
                None => Val::Void,
            }),
            Err(Unwind::Throw(ex)) => Ok(Val::Thrown(self.vm.class(self.vm.heap.class_of(ex)).java_name())),
            Err(e) => Err(format!("{}.{call}: {}", self.name, describe(&self.vm, e))),
        }
    }

    /// The text of `obj`'s state.
    fn text(&mut self, obj: ObjRef) -> Result<Arc<str>, String> {
        let text = self.vm.call_virtual(&mut self.ts, obj, "toString", "()Ljava/lang/String;", &[]);
        match text.map_err(|e| format!("{}.toString(): {e}", self.name))? {
            Some(Value::Ref(Some(s))) => self.vm.string_to_rust(s).map(Arc::from).map_err(|e| format!("{}.toString(): {e}", self.name)),
            _ => Ok(Arc::from("null")),
        }
    }

    /// `vals` as the arguments of `m`.
    fn arguments(&mut self, m: MethodId, vals: &[Val]) -> Result<Vec<Value>, String> {
        let desc = self.vm.method(m).descriptor.clone();
        let sig = MethodSig::parse(&desc).ok_or_else(|| format!("malformed descriptor {desc}"))?;
        let mut out = Vec::with_capacity(vals.len());
        for ((t, d), v) in sig.params.iter().zip(vals) {
            out.push(self.argument(*t, d, v).map_err(|why| format!("{}: argument {v} for a parameter {d}: {why}", self.name))?);
        }
        Ok(out)
    }

    fn argument(&mut self, t: BasicType, descriptor: &str, v: &Val) -> Result<Value, String> {
        let int = |i: i64| Value::Int(i as i32);
        Ok(match (t, v) {
            (BasicType::Boolean, Val::Bool(b)) => Value::Int(i32::from(*b)),
            (BasicType::Long, Val::Int(i)) => Value::Long(*i),
            (BasicType::Float, Val::Float(bits)) => Value::Float(f64::from_bits(*bits) as f32),
            (BasicType::Double, Val::Float(bits)) => Value::Double(f64::from_bits(*bits)),
            (BasicType::Byte | BasicType::Char | BasicType::Short | BasicType::Int, Val::Int(i)) => int(*i),
            (BasicType::Reference, Val::Null) => Value::NULL,
            (BasicType::Reference, Val::Str(s)) => Value::obj(self.vm.new_string(s).map_err(|e| e.to_string())?),
            (BasicType::Reference, v) => {
                // a box of the parameter's type, or the natural one for `Object`
                let (prim, value) = match (descriptor, v) {
                    ("Ljava/lang/Long;", Val::Int(i)) => (BasicType::Long, Value::Long(*i)),
                    ("Ljava/lang/Short;", Val::Int(i)) => (BasicType::Short, int(*i)),
                    ("Ljava/lang/Byte;", Val::Int(i)) => (BasicType::Byte, int(*i)),
                    ("Ljava/lang/Character;", Val::Int(i)) => (BasicType::Char, int(*i)),
                    ("Ljava/lang/Float;", Val::Float(bits)) => (BasicType::Float, Value::Float(f64::from_bits(*bits) as f32)),
                    (_, Val::Int(i)) => (BasicType::Int, int(*i)),
                    (_, Val::Bool(b)) => (BasicType::Boolean, Value::Int(i32::from(*b))),
                    (_, Val::Float(bits)) => (BasicType::Double, Value::Double(f64::from_bits(*bits))),
                    _ => return Err("only primitives, their boxes, strings and null reach a Java specification".into()),
                };
                let boxed = self.vm.box_value(&mut self.ts, prim, value);
                Value::obj(boxed.map_err(|e| describe(&self.vm, e))?)
            }
            _ => return Err("its type does not fit".into()),
        })
    }
}

/// An unwinding of the specification's code, for a message.
fn describe(vm: &Vm, e: Unwind) -> String {
    match e {
        Unwind::Throw(ex) => vm.describe_throwable(ex),
        Unwind::Halt(code) => format!("it called System.exit({code})"),
        Unwind::Block | Unwind::Yield => "it blocked (a specification runs alone: it must not wait)".into(),
        Unwind::Fatal(e) => e.to_string(),
    }
}
