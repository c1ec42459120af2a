//! Linearizability checking (`--linearizability KIND:CLASS`): every call a thread
//! makes on an object of `CLASS` (or a subclass) is an operation of the sequential
//! specification `KIND` (`spec.rs`); its invocation and its response are recorded as
//! the transition runs, and each response is checked at once against every order of
//! the calls so far (`history.rs`). A response no order explains is a violation, with
//! the object's history as a table.
//!
//! What counts as a call: the outermost call of a thread on a tracked object (calls
//! the object's own code makes on itself are inside it), to a method the
//! specification names with that many arguments, and the object's constructor, which
//! sets the initial state (an object whose constructor ran before checking starts
//! empty). Events are placed as tightly as the program allows: an invocation when
//! the thread's next transition begins (right before the call's first shared access,
//! [`Vm::lin_commit`]), a response when the call returns (in the transition of its
//! last shared access), so the search orders the events of different threads in
//! every way the program can. For partial-order reduction an invocation is labelled
//! as a read and a response as an update of the object's history pseudo-location.
//!
//! The histories' running calls and configurations are part of the state (hashed by
//! `fingerprint.rs`, journaled as a whole before every change); the logs are not.
//! This module owns the vm side — which calls count, values as the specification
//! sees them, the journal entry; it must not decide scheduling.

mod history;
mod java_spec;
mod spec;

use std::collections::BTreeMap;

use jvmc_classfile::descriptor::{BasicType, MethodSig};

pub use history::{Call, Event, ObjectHistory};
pub use java_spec::JavaSpec;
pub use spec::{SpecKind, SpecState, Val};

use super::journal::VmUndo;
use super::AccessRecord;
use crate::class::{ClassId, MethodId};
use crate::thread::ThreadStack;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// `--linearizability KIND:CLASS` or `SPEC:CLASS`: the specification and the class
/// it applies to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinSpec {
    /// the sequential specification ([`SpecKind::Java`]: `spec_class`)
    pub kind: SpecKind,
    /// the class whose objects are checked (internal name)
    pub class: String,
    /// a Java class as the specification (binary name with dots), run on a vm of its
    /// own ([`Vm::set_java_spec`])
    pub spec_class: Option<String>,
}

impl LinSpec {
    /// Parses `KIND:CLASS`, e.g. `set:LazyListSet` or
    /// `map:java.util.concurrent.ConcurrentHashMap`, or `SPEC:CLASS` with `SPEC` a
    /// Java class (anything but a built-in kind), e.g. `SetSpec:LazyListSet`.
    pub fn parse(text: &str) -> Result<LinSpec, String> {
        let kinds = SpecKind::ALL.map(|k| k.name()).join(", ");
        let Some((kind, class)) = text.split_once(':') else {
            return Err(format!("`{text}`: expected KIND:CLASS (KIND one of {kinds}) or SPEC:CLASS (SPEC a Java class)"));
        };
        if kind.is_empty() || class.is_empty() {
            return Err(format!("`{text}`: expected KIND:CLASS (KIND one of {kinds}) or SPEC:CLASS (SPEC a Java class)"));
        }
        let class = class.replace('.', "/");
        Ok(match SpecKind::parse(kind) {
            Some(kind) => LinSpec { kind, class, spec_class: None },
            None => LinSpec { kind: SpecKind::Java, class, spec_class: Some(kind.replace('/', ".")) },
        })
    }
}

/// The pseudo-field of an object's history in transition labels.
pub(crate) const HISTORY: u32 = u32::MAX - 4;

/// A response that no order of the calls explains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotLinearizable {
    /// the responding thread
    pub thread: u32,
    /// what happened, then the object's history as a table
    pub message: String,
}

/// The histories of the tracked objects, by stable id.
#[derive(Clone, Debug, Default)]
pub(crate) struct Monitor {
    objects: BTreeMap<u64, ObjectHistory>,
    /// tracked objects the specification cannot model (a copy constructor, a call
    /// it does not know); they are not checked
    unmodelled: std::collections::BTreeSet<u64>,
    /// per thread, the tracked objects whose calls it is inside, innermost last
    active: BTreeMap<u32, Vec<u64>>,
    /// per thread, invocations made since its last scheduling point, not yet in the
    /// history (see [`Vm::lin_commit`])
    deferred: BTreeMap<u32, Vec<(u64, Call)>>,
}

impl Monitor {
    /// Appends the part of the state the histories make to `out`.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        for (sid, h) in &self.objects {
            out.extend_from_slice(&sid.to_le_bytes());
            h.encode(out);
        }
        out.extend_from_slice(format!("{:?}{:?}{:?}", self.active, self.deferred, self.unmodelled).as_bytes());
    }
}

impl Vm {
    /// Whether `--linearizability` is on.
    #[inline]
    pub(crate) fn checks_linearizability(&self) -> bool {
        self.check.as_ref().is_some_and(|c| c.lin.is_some())
    }

    /// A frame of `m` was just entered with its arguments at `base`: records the
    /// invocation if it is a call of a tracked object's operation. Returns whether it
    /// is (the frame is then marked, and its return is the response).
    /// The specification objects of class `class` are checked against, if they are
    /// checked: the class is `--linearizability`'s or a subclass of it (decided once
    /// per class).
    fn lin_tracked(&mut self, class: ClassId) -> Option<SpecKind> {
        let check = self.check.as_ref()?;
        let kind = check.options.linearizability.as_ref()?.kind;
        let i = class.0 as usize;
        if let Some(tracked) = check.lin_classes.get(i).copied().flatten() {
            return tracked.then_some(kind);
        }
        let name = check.options.linearizability.as_ref()?.class.clone();
        let tracked = self.is_instance_of_named(class, &name);
        let check = self.check.as_mut()?;
        if check.lin_classes.len() <= i {
            check.lin_classes.resize(i + 1, None);
        }
        check.lin_classes[i] = Some(tracked);
        tracked.then_some(kind)
    }

    pub(crate) fn lin_enter(&mut self, ts: &ThreadStack, m: MethodId, base: usize) -> bool {
        if self.method(m).is_static() {
            return false;
        }
        let Some(Value::Ref(Some(receiver))) = ts.values.get(base).copied() else { return false };
        let Some(kind) = self.lin_tracked(self.heap.class_of(receiver)) else {
            return false;
        };
        let method = self.method(m);
        let sid = self.heap.get(receiver).sid;
        let Some(lin) = self.check.as_ref().and_then(|c| c.lin.as_ref()) else { return false };
        if lin.active.get(&ts.tid).is_some_and(|a| a.contains(&sid)) || lin.unmodelled.contains(&sid) {
            return false;
        }
        let name = method.name.to_string();
        let class = self.class(self.heap.class_of(receiver)).java_name();
        let Some(sig) = MethodSig::parse(&method.descriptor) else { return false };
        let is_operation = match (kind, self.check.as_ref().and_then(|c| c.java_spec.as_deref())) {
            (SpecKind::Java, Some(java)) => java.is_operation(&name, sig.params.len()),
            _ => kind.is_operation(&name, sig.params.len()),
        };
        if !is_operation {
            if !is_read_only(&name) {
                // a call the specification does not model may change the object
                self.lin_give_up(sid, format!("{class} object#{sid:x}: not checked for linearizability after its call of {name}, which the {} specification does not model", self.spec_name()));
            }
            return false;
        }
        let mut args = Vec::with_capacity(sig.params.len());
        let mut slot = base + 1;
        for (t, _) in &sig.params {
            args.push(self.spec_value(*t, ts.values.get(slot).copied().unwrap_or(Value::Top)));
            slot += t.slots();
        }
        // the constructor sets the initial state; an object constructed before
        // checking began starts from the specification's empty one
        let initial = match self.check.as_ref().and_then(|c| c.lin.as_ref()).filter(|l| name != "<init>" && l.objects.contains_key(&sid)) {
            Some(_) => None,
            None => match self.initial_spec_state(kind, &class, if name == "<init>" { &args } else { &[] }) {
                Ok(s) => Some(s),
                Err(why) => {
                    self.lin_give_up(sid, format!("{class} object#{sid:x}: not checked for linearizability: {why}"));
                    return false;
                }
            },
        };
        let mut lin = self.lin_for_change();
        let tid = ts.tid;
        if let Some(initial) = initial {
            lin.objects.insert(sid, ObjectHistory::new(kind, initial));
        }
        if name != "<init>" {
            lin.deferred.entry(tid).or_default().push((sid, Call { method: name, args }));
        }
        lin.active.entry(tid).or_default().push(sid);
        self.put_lin(lin);
        true
    }

    /// The specification state of a tracked object constructed with `args`.
    fn initial_spec_state(&mut self, kind: SpecKind, class: &str, args: &[Val]) -> Result<SpecState, String> {
        match (kind, self.check.as_mut().and_then(|c| c.java_spec.as_deref_mut())) {
            (SpecKind::Java, Some(java)) => java.initial(args).map(SpecState::Java),
            (SpecKind::Java, None) => Err("the Java specification's vm is missing".into()),
            _ => SpecState::new(kind, class, args),
        }
    }

    /// Uses `spec` as the sequential specification of `--linearizability SPEC:CLASS`
    /// (its vm is booted by the caller, with the program's class path).
    pub fn set_java_spec(&mut self, spec: JavaSpec) {
        if let Some(chk) = self.check.as_mut() {
            chk.java_spec = Some(Box::new(spec));
        }
    }

    /// Object `sid` is not checked from now on, for the reason `why` (kept for the
    /// report, [`Vm::linearizability_unchecked`]).
    fn lin_give_up(&mut self, sid: u64, why: String) {
        let mut lin = self.lin_for_change();
        lin.objects.remove(&sid);
        lin.unmodelled.insert(sid);
        self.put_lin(lin);
        if let Some(chk) = self.check.as_mut() {
            chk.lin_unchecked.insert(why);
        }
    }

    /// The history reads thread `tid`'s next transition makes ([`Vm::lin_commit`]).
    pub(crate) fn lin_deferred_reads(&self, tid: u32) -> Vec<AccessRecord> {
        let Some(calls) = self.check.as_ref().and_then(|c| c.lin.as_ref()).and_then(|l| l.deferred.get(&tid)) else { return Vec::new() };
        calls.iter().map(|(sid, _)| history_access(*sid, false)).collect()
    }

    /// Puts thread `tid`'s deferred invocations into their histories: called when
    /// its next transition begins, and before a response.
    ///
    /// An invocation is recorded as late as the thread's next scheduling point, not
    /// when the call is entered: between the two, the thread touches nothing another
    /// thread can see, so in the program it may as well have been that late, and a
    /// later invocation orders more calls before the call — an earlier one would let
    /// the check accept histories that a slower thread makes non-linearizable.
    pub(crate) fn lin_commit(&mut self, tid: u32) {
        if !self.check.as_ref().and_then(|c| c.lin.as_ref()).is_some_and(|l| l.deferred.contains_key(&tid)) {
            return;
        }
        let mut lin = self.lin_for_change();
        let calls = lin.deferred.remove(&tid).unwrap_or_default();
        let mut touched = Vec::new();
        for (sid, call) in calls {
            if let Some(h) = lin.objects.get_mut(&sid) {
                h.invoke(tid, call);
                touched.push(sid);
            }
        }
        self.put_lin(lin);
        for sid in touched {
            self.note_history_access(sid, false);
        }
    }

    /// The marked frame of thread `tid` running `m` returns `result` (`Err`: throws
    /// `ex`): records the response and checks it.
    pub(crate) fn lin_exit(&mut self, tid: u32, m: MethodId, result: Result<&[Value], ObjRef>) {
        let result = match result {
            Ok(slots) => match MethodSig::parse(&self.method(m).descriptor).and_then(|s| s.ret) {
                Some((t, _)) => self.spec_value(t, slots.first().copied().unwrap_or(Value::Top)),
                None => Val::Void,
            },
            Err(ex) => Val::Thrown(self.class(self.heap.class_of(ex)).java_name()),
        };
        self.lin_commit(tid);
        let mut lin = self.lin_for_change();
        let Some(sid) = lin.active.get_mut(&tid).and_then(|a| a.pop()) else {
            self.put_lin(lin);
            return;
        };
        if lin.active.get(&tid).is_some_and(|a| a.is_empty()) {
            lin.active.remove(&tid);
        }
        // a Java specification's calls run on its own vm; one that fails (throws an
        // error, blocks) leaves the object unchecked
        let mut java = self.check.as_mut().and_then(|c| c.java_spec.take());
        let mut spec_error = None;
        let mut apply = |state: &SpecState, call: &Call| match (state, java.as_deref_mut()) {
            (SpecState::Java(s), Some(java)) => match java.apply(s, call) {
                Ok((next, result)) => vec![(SpecState::Java(next), result)],
                Err(why) => {
                    spec_error.get_or_insert(why);
                    Vec::new()
                }
            },
            _ => state.apply(&call.method, &call.args),
        };
        let failure = lin.objects.get_mut(&sid).filter(|h| h.is_running(tid)).and_then(|h| (!h.respond_with(tid, result, &mut apply)).then(|| h.clone()));
        if let Some(chk) = self.check.as_mut() {
            chk.java_spec = java;
        }
        self.put_lin(lin);
        self.note_history_access(sid, true);
        if let Some(why) = spec_error {
            let name = self.spec_name();
            self.lin_give_up(sid, format!("{} object#{sid:x}: not checked for linearizability: the specification {name} failed: {why}", self.spec_class_name()));
            return;
        }
        if let Some(h) = failure {
            let name = |t: u32| self.thread_display_name(t);
            let (call, result) = last_call(&h, tid);
            let message = format!(
                "not linearizable: {}'s {call} returned {result}, and no order of the calls on {} object#{sid:x} (each taking effect between its invocation and its response) gives every call its result ({} specification)\n{}",
                name(tid),
                self.spec_class_name(),
                self.spec_name(),
                h.table(&name)
            );
            if let Some(chk) = self.check.as_mut() {
                chk.lin_failure.get_or_insert(NotLinearizable { thread: tid, message });
            }
        }
    }

    /// The monitor, taken out for a change that is journaled first.
    fn lin_for_change(&mut self) -> Monitor {
        let Some(chk) = self.check.as_mut() else { return Monitor::default() };
        let lin = chk.lin.take().unwrap_or_default();
        chk.journal.push(VmUndo::Linearizability(Box::new(lin.clone())));
        chk.hashes_current = false;
        lin
    }

    fn put_lin(&mut self, lin: Monitor) {
        if let Some(chk) = self.check.as_mut() {
            chk.lin = Some(lin);
        }
    }

    /// Why tracked objects went unchecked in some state of the search so far (a
    /// constructor or a call the specification does not model).
    pub fn linearizability_unchecked(&self) -> Vec<String> {
        self.check.as_ref().map_or_else(Vec::new, |c| c.lin_unchecked.iter().cloned().collect())
    }

    /// Labels the transition with an access to the object's history: an invocation
    /// reads it, a response updates it.
    fn note_history_access(&mut self, sid: u64, response: bool) {
        self.note_access(history_access(sid, response));
    }

    /// The specification's name: a built-in kind, or the Java class.
    fn spec_name(&self) -> String {
        match self.check.as_ref().and_then(|c| c.options.linearizability.as_ref()) {
            Some(LinSpec { spec_class: Some(class), .. }) => class.clone(),
            Some(spec) => spec.kind.name().to_string(),
            None => String::new(),
        }
    }

    fn spec_class_name(&self) -> String {
        self.check.as_ref().and_then(|c| c.options.linearizability.as_ref()).map_or_else(String::new, |s| s.class.replace('/', "."))
    }

    /// Whether class `c` is `name` (internal name) or a subclass of it.
    fn is_instance_of_named(&self, c: ClassId, name: &str) -> bool {
        let mut at = Some(c);
        while let Some(k) = at {
            let class = self.class(k);
            if &*class.name == name {
                return true;
            }
            at = class.super_class;
        }
        false
    }

    /// A slot of basic type `t` as the specification sees it.
    fn spec_value(&self, t: BasicType, v: Value) -> Val {
        match (t, v) {
            (BasicType::Boolean, Value::Int(i)) => Val::Bool(i != 0),
            (_, Value::Int(i)) => Val::Int(i as i64),
            (_, Value::Long(l)) => Val::Int(l),
            (_, Value::Float(f)) => Val::Float((f as f64).to_bits()),
            (_, Value::Double(d)) => Val::Float(d.to_bits()),
            (_, Value::Ref(None)) => Val::Null,
            (_, Value::Ref(Some(r))) => {
                if &*self.class(self.heap.class_of(r)).name == "java/lang/String" {
                    if let Ok(s) = self.string_to_rust(r) {
                        return Val::Str(s);
                    }
                }
                match self.unbox(r) {
                    Some((t, v)) => self.spec_value(t, v),
                    None => Val::Obj(self.heap.get(r).sid),
                }
            }
            (_, Value::Top) => Val::Void,
        }
    }
}

/// Methods that do not change an object: calling them does not stop its check.
fn is_read_only(method: &str) -> bool {
    matches!(
        method,
        "toString" | "hashCode" | "equals" | "getClass" | "iterator" | "spliterator" | "stream" | "forEach" | "keySet" | "values" | "entrySet" | "toArray"
            | "contains" | "containsKey" | "containsValue" | "get" | "peek" | "isEmpty" | "size" | "mappingCount" | "intValue" | "longValue" | "sum"
    )
}

/// The label of an invocation (a read) or a response (an update) of object `sid`'s
/// history.
fn history_access(sid: u64, response: bool) -> AccessRecord {
    AccessRecord { object: sid, field: HISTORY, write: false, update: response, visible: true, owner: AccessRecord::NO_OWNER }
}

/// The call `thread` made last in `h`'s log and its result.
fn last_call(h: &ObjectHistory, thread: u32) -> (String, String) {
    let mut call = String::new();
    let mut result = String::new();
    for e in h.log() {
        match e {
            Event::Invoke { thread: t, call: c } if *t == thread => call = c.to_string(),
            Event::Respond { thread: t, result: r } if *t == thread => result = r.to_string(),
            _ => {}
        }
    }
    (call, result)
}
