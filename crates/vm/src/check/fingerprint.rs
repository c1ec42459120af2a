//! State fingerprints (DESIGN.md "State matching").
//!
//! A state's fingerprint combines: the sum of per-object hashes over the heap, the
//! sum of per-class hashes of initialised classes (statics and status), the sum of
//! per-thread hashes (stacks with references as stable ids), the hash of off-heap
//! memory (`native_memory`: per-page sums, only written pages rehashed) and of the zip
//! streams (`zip_streams.rs`), the exit status and — when outcomes are collected — the
//! output. References are hashed as the referent's
//! stable id (allocating thread, allocation site, count), so states that differ only
//! in allocation order or object-table slots match (heap symmetry);
//! sums make the combination independent of table order. Classes and methods are
//! written as their stable ids (`class::stable_key`), not their ids in load order,
//! so vms that load classes in different orders give equal states equal
//! fingerprints (the workers of a parallel search share one visited set). Per-object and per-class
//! hashes are cached and recomputed only for what a transition changed (the heap's
//! dirty list), after the young collection has removed garbage so that unreachable
//! objects never make equal states differ.
//!
//! The open-file table (positions of open files and directory streams, see
//! `file_table.rs`) is part of the state, written with the globals.
//!
//! The virtual clock is not part of the state (as in JPF): it only moves forward, so
//! with it a program that sleeps or polls the time in a loop would never revisit a
//! state. States that differ only in the time are matched; the search explores the
//! future of the first one it reaches.
//!
//! [`Vm::encode_state`] writes the same information as a canonical byte string, for
//! `--exact-states` to prove fingerprints neither merge different states nor split
//! equal ones.

use std::hash::Hasher;

use xxhash_rust::xxh3::xxh3_128;

use crate::class::{ClassId, InitState};
use crate::heap::{Array, Body, Heap, PINNED, REMEMBERED, YOUNG};
use crate::thread::{FrameKind, JThread, ThreadStatus};
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// Little-endian writes into an encoding buffer (hashed in one go with xxh3-128, or
/// kept whole by `--exact-states`).
trait Sink {
    fn bytes(&mut self, b: &[u8]);
    fn u64(&mut self, v: u64);
    fn u32(&mut self, v: u32);
}

impl Sink for Vec<u8> {
    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        self.extend_from_slice(b);
    }
    #[inline(always)]
    fn u64(&mut self, v: u64) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    #[inline(always)]
    fn u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
}

impl Vm {
    /// Where each thread stands in its code, by thread (the search's
    /// `thread_positions`): a hash of its frames' methods, pcs and kinds and of its
    /// primitive values (references count only as null or not: their names depend on
    /// heap symmetry). The fingerprint holds all of them, and only the thread's own
    /// steps change them.
    pub fn thread_positions(&self) -> Vec<u64> {
        self.threads.iter().map(|t| {
            let mut h = rustc_hash::FxHasher::default();
            self.hash_position(t, &mut h);
            h.finish()
        }).collect()
    }

    /// One hash of every thread's position ([`Vm::thread_positions`] without a
    /// hash per thread: the search's `positions_hash`).
    pub fn positions_hash(&self) -> u64 {
        let mut h = rustc_hash::FxHasher::default();
        h.write_usize(self.threads.len());
        for t in &self.threads {
            self.hash_position(t, &mut h);
        }
        h.finish()
    }

    /// Feeds where thread `t` stands into `h` (see [`Vm::thread_positions`]).
    fn hash_position(&self, t: &JThread, h: &mut rustc_hash::FxHasher) {
        h.write_usize(t.stack.frames.len());
        for f in &t.stack.frames {
            h.write_u64(self.method(f.method).stable);
            h.write_u32(f.pc);
            h.write_u8(kind_code(f.kind));
        }
        h.write_usize(t.stack.values.len());
        for v in &t.stack.values {
            match *v {
                Value::Top => h.write_u8(0),
                Value::Int(i) => h.write_i32(i),
                Value::Long(l) => h.write_i64(l),
                Value::Float(f) => h.write_u32(f.to_bits()),
                Value::Double(d) => h.write_u64(d.to_bits()),
                Value::Ref(r) => h.write_u8(1 + u8::from(r.is_some())),
            }
        }
    }

    /// The name the state gives `r`: its stable id, or for a young object under heap
    /// symmetry its position (`symmetry.rs`); 0 for null.
    fn sid_of(&self, r: Option<ObjRef>) -> u64 {
        let Some(r) = r else { return 0 };
        let o = self.heap.get(r);
        if o.has(YOUNG) {
            if let Some(name) = self.check.as_ref().and_then(|c| c.numbering.as_ref()).and_then(|n| n.name(r.index())) {
                return name;
            }
        }
        o.sid
    }

    fn thread_sid(&self, tid: u32) -> u64 {
        self.threads.get(tid as usize).map_or(u64::MAX, |t| t.sid)
    }

    fn write_value(&self, s: &mut Vec<u8>, v: Value) {
        match v {
            Value::Top => s.bytes(&[0]),
            Value::Int(i) => {
                s.bytes(&[1]);
                s.u32(i as u32)
            }
            Value::Long(l) => {
                s.bytes(&[2]);
                s.u64(l as u64)
            }
            Value::Float(f) => {
                s.bytes(&[3]);
                s.u32(f.to_bits())
            }
            Value::Double(d) => {
                s.bytes(&[4]);
                s.u64(d.to_bits())
            }
            Value::Ref(r) => {
                s.bytes(&[5]);
                s.u64(self.sid_of(r))
            }
        }
    }

    /// Whether an object counts in the state: every ordinary object; a permanent one
    /// (mirror, interned constant) only while its monitor is in use — its content is
    /// immutable or a cache, and it exists on every path from its creation on.
    fn counts(&self, r: ObjRef) -> bool {
        let o = self.heap.get(r);
        !o.has(PINNED) || o.monitor.is_some()
    }

    /// The hash an object adds to the heap sum (0 for one that does not count).
    fn object_hash(&mut self, buf: &mut Vec<u8>, r: ObjRef) -> u128 {
        if !self.counts(r) {
            return 0;
        }
        // kept for the next time (`write_object` would compute it afresh)
        let _ = self.heap.body_sum(r);
        buf.clear();
        self.write_object(buf, r, Elements::Summed);
        xxh3_128(buf)
    }

    /// Writes an object; a large primitive array's elements as their sum
    /// (`heap/mod.rs`) for a fingerprint, one by one for an exact encoding.
    fn write_object(&self, s: &mut Vec<u8>, r: ObjRef, elements: Elements) {
        let o = self.heap.get(r);
        s.u64(self.sid_of(Some(r)));
        s.u32(o.identity_hash as u32);
        let pinned = o.has(PINNED);
        if !pinned {
            s.u64(self.class(o.class).stable);
        }
        match &o.monitor {
            None => s.bytes(&[0]),
            Some(m) => {
                s.bytes(&[1]);
                s.u64(if m.count > 0 { self.thread_sid(m.owner) } else { 0 });
                s.u32(m.count);
                let mut waiters: Vec<u64> = m.waiters.iter().map(|&w| self.thread_sid(w)).collect();
                waiters.sort_unstable();
                s.u32(waiters.len() as u32);
                for w in waiters {
                    s.u64(w);
                }
                let mut tokens: Vec<Vec<u64>> = m
                    .tokens
                    .iter()
                    .map(|t| {
                        let mut v: Vec<u64> = t.iter().map(|&w| self.thread_sid(w)).collect();
                        v.sort_unstable();
                        v
                    })
                    .collect();
                tokens.sort();
                s.u32(tokens.len() as u32);
                for t in tokens {
                    s.u32(t.len() as u32);
                    for w in t {
                        s.u64(w);
                    }
                }
            }
        }
        if pinned {
            return;
        }
        match &o.body {
            Body::Fields(f) => {
                s.u32(f.len() as u32);
                for v in f.iter() {
                    self.write_value(s, *v);
                }
            }
            Body::Array(a) => {
                s.u32(a.len() as u32);
                if elements == Elements::Summed {
                    if let Some(sum) = Heap::peek_body_sum(o) {
                        s.bytes(&sum.to_le_bytes());
                        return;
                    }
                }
                match a {
                    Array::Boolean(x) | Array::Byte(x) => s.bytes(&x.iter().map(|&b| b as u8).collect::<Vec<_>>()),
                    Array::Char(x) => x.iter().for_each(|&c| s.bytes(&c.to_le_bytes())),
                    Array::Short(x) => x.iter().for_each(|&c| s.bytes(&c.to_le_bytes())),
                    Array::Int(x) => x.iter().for_each(|&c| s.bytes(&c.to_le_bytes())),
                    Array::Long(x) => x.iter().for_each(|&c| s.bytes(&c.to_le_bytes())),
                    Array::Float(x) => x.iter().for_each(|&c| s.bytes(&c.to_bits().to_le_bytes())),
                    Array::Double(x) => x.iter().for_each(|&c| s.bytes(&c.to_bits().to_le_bytes())),
                    Array::Ref(x) => x.iter().for_each(|&c| s.u64(self.sid_of(c))),
                }
            }
        }
    }

    fn write_class(&self, s: &mut Vec<u8>, c: ClassId) -> bool {
        let st = &self.class_states[c.index()];
        let init = match st.init {
            InitState::Uninitialized => return false,
            InitState::InProgress(t) => self.thread_sid(t),
            InitState::Initialized => 1,
            InitState::Failed => 2,
        };
        s.u64(self.class(c).stable);
        s.u64(init);
        if st.init == InitState::Failed {
            // the saved error, the cause of later `NoClassDefFoundError`s
            s.u64(self.sid_of(self.init_errors.get(&c).copied()));
        }
        for v in st.statics.iter() {
            self.write_value(s, *v);
        }
        true
    }

    fn write_thread(&self, s: &mut Vec<u8>, tid: u32) {
        let t = &self.threads[tid as usize];
        s.u64(t.sid);
        match t.status {
            ThreadStatus::Runnable => s.bytes(&[0]),
            // the timeout's length only moves the clock, which is not part of the state
            ThreadStatus::Waiting { monitor, count, timeout } => {
                s.bytes(&[1, timeout.is_some() as u8]);
                s.u64(self.sid_of(Some(monitor)));
                s.u32(count);
            }
            ThreadStatus::Parked { timeout } => s.bytes(&[2, timeout.is_some() as u8]),
            ThreadStatus::Terminated => {
                s.bytes(&[3]);
                return;
            }
        }
        // a thread that found a class being initialised by another thread is disabled
        // until that finishes, though it stands where it stood before trying: without
        // this the futile attempt would lead back to the same state and a deadlock
        // behind it would go unseen
        let init_wait = matches!(t.blocked, Some(super::BlockReason::ClassInit(_)));
        s.bytes(&[t.permit as u8, t.daemon as u8, init_wait as u8]);
        s.u32(t.identity_hashes);
        s.u32(t.stack.frames.len() as u32);
        for f in &t.stack.frames {
            s.u64(self.method(f.method).stable);
            s.u32(f.pc);
            s.bytes(&[kind_code(f.kind), f.atomic as u8, f.library as u8, f.lin as u8, f.bookkeeping as u8]);
            if let FrameKind::ClassInit { class, .. } = f.kind {
                s.u64(self.class(class).stable);
            }
            if let FrameKind::VarHandleResult { from, to } = f.kind {
                s.u64(self.class(from).stable);
                s.u64(self.class(to).stable);
            }
        }
        s.u32(t.stack.values.len() as u32);
        for v in &t.stack.values {
            self.write_value(s, *v);
        }
    }

    fn write_globals(&self, s: &mut Vec<u8>) {
        match self.exit_status {
            None => s.bytes(&[0]),
            Some(c) => {
                s.bytes(&[1]);
                s.u32(c as u32)
            }
        }
        if self.check.as_ref().is_some_and(|c| c.options.hash_output) {
            s.u64(self.output.stdout.len() as u64);
            s.bytes(&self.output.stdout);
        }
        self.write_file_table(s);
        if let Some(lin) = self.check.as_ref().and_then(|c| c.lin.as_ref()) {
            lin.encode(s);
        }
    }

    /// The young objects the thread stacks reference (slots, sorted, distinct).
    fn young_stack_refs(&self) -> Vec<u32> {
        let mut refs: Vec<u32> = Vec::new();
        for t in &self.threads {
            for v in &t.stack.values {
                if let Value::Ref(Some(r)) = v {
                    if self.heap.get(*r).has(crate::heap::YOUNG) {
                        refs.push(r.index() as u32);
                    }
                }
            }
        }
        refs.sort_unstable();
        refs.dedup();
        refs
    }

    /// Runs the young collection and brings every cached hash up to date.
    pub(crate) fn update_hashes(&mut self) {
        match &self.check {
            None => return,
            Some(chk) if chk.hashes_current => return,
            Some(_) => {}
        }
        if let Some(chk) = self.check.as_mut() {
            chk.hash_runs += 1;
        }
        // a young object becomes garbage only when a reference to it disappears: from
        // an object (a reference field or element written), a static, or the stacks;
        // with none of these since the last collection, it is skipped
        let stack_refs = self.young_stack_refs();
        let freed = match self.check.as_mut() {
            Some(chk) if !is_subset(&chk.stack_refs, &stack_refs) || chk.static_ref_dropped || self.heap.needs_young_collection() => {
                chk.stack_refs = stack_refs.into();
                chk.static_ref_dropped = false;
                let roots = self.young_roots();
                self.heap.collect_young(roots)
            }
            _ => 0,
        };
        let dirty = self.heap.take_dirty();
        let symmetric = self.symmetric();
        // under symmetry young objects are not in the heap sum (`symmetric_sums`), and
        // only young objects are freed
        let mut heap_delta: u128 = if symmetric { 0 } else { 0u128.wrapping_sub(freed) };
        let mut buf = self.check.as_mut().map(|c| std::mem::take(&mut c.buf)).unwrap_or_default();
        for r in dirty {
            // under symmetry the hash of a young or remembered object is a cache
            // `symmetric_sums` fills (`canon_sig` != 0), not counted here; a
            // remembered object's first time here takes its counted hash out
            let o = self.heap.get(r);
            if symmetric && o.flags & (YOUNG | REMEMBERED) != 0 {
                if o.canon_sig == 0 && !o.has(YOUNG) {
                    heap_delta = heap_delta.wrapping_sub(o.hash);
                }
                self.heap.set_canon_hash(r, 0, 0);
                continue;
            }
            let new = self.object_hash(&mut buf, r);
            let old = self.heap.set_hash(r, new);
            heap_delta = heap_delta.wrapping_add(new).wrapping_sub(old);
        }
        let dirty_classes = self.check.as_mut().map(|c| std::mem::take(&mut c.dirty_classes)).unwrap_or_default();
        let mut statics_delta: u128 = 0;
        for c in dirty_classes {
            buf.clear();
            let named_by_position = symmetric && self.class_states[c.index()].statics.iter().any(|v| super::symmetry::is_young(&self.heap, v));
            if named_by_position {
                if let Some(n) = self.check.as_mut().and_then(|chk| chk.numbering.as_mut()) {
                    n.note_young_statics(c);
                }
            }
            let new = if !named_by_position && self.write_class(&mut buf, c) { xxh3_128(&buf) } else { 0 };
            let st = &mut self.class_states[c.index()];
            st.dirty = false;
            statics_delta = statics_delta.wrapping_add(new).wrapping_sub(std::mem::replace(&mut st.hash, new));
        }
        if let Some(chk) = self.check.as_mut() {
            chk.heap_sum = chk.heap_sum.wrapping_add(heap_delta);
            chk.statics_sum = chk.statics_sum.wrapping_add(statics_delta);
            chk.hashes_current = true;
            chk.buf = buf;
        }
        #[cfg(debug_assertions)]
        if let Some(chk) = self.check.as_mut() {
            if chk.hash_runs % 64 == 1 || std::mem::take(&mut chk.verify_next_hashing) {
                self.verify_hashes();
            }
        }
    }

    /// Debug builds, every 64th hashing and the first after a rollback to a mark
    /// taken with stale hashes: every object's and class's cached hash is
    /// what hashing it afresh gives, and the sums are the sums of the cached hashes
    /// (what lazy saves and their rollbacks, `journal.rs`, must keep true). Not under
    /// heap symmetry, whose sums leave young objects out.
    #[cfg(debug_assertions)]
    fn verify_hashes(&mut self) {
        if self.symmetric() {
            return;
        }
        let mut buf = Vec::new();
        let mut sum: u128 = 0;
        for i in 0..self.heap.slots() {
            let Some(r) = ObjRef::from_index(i as u32) else { continue };
            let Some(stored) = self.heap.try_get(r).map(|o| o.hash) else { continue };
            let fresh = self.object_hash(&mut buf, r);
            assert_eq!(stored, fresh, "the cached hash of object {i} is stale");
            sum = sum.wrapping_add(stored);
        }
        let mut statics: u128 = 0;
        for c in 0..self.class_states.len() {
            let st = &self.class_states[c];
            if !st.dirty && st.hash == 0 {
                // never changed while checking (a class spun since, a lambda's, is
                // created initialised): counted by no state
                continue;
            }
            buf.clear();
            let fresh = if self.write_class(&mut buf, ClassId(c as u32)) { xxh3_128(&buf) } else { 0 };
            let st = &self.class_states[c];
            assert!(!st.dirty && st.hash == fresh, "the cached hash of class {} is stale", self.class(ClassId(c as u32)).name);
            statics = statics.wrapping_add(st.hash);
        }
        let chk = self.check.as_ref().expect("hashing while checking");
        assert_eq!((chk.heap_sum, chk.statics_sum), (sum, statics), "hash sums differ from the cached hashes");
    }

    /// Under heap symmetry, the sums of the hashes of the objects and of the classes
    /// that may name young objects (young objects, remembered old ones, classes with
    /// young statics), which `update_hashes` leaves out of the cached sums; 0
    /// otherwise. They add to those sums: an object's hash does not depend on which
    /// sum counts it, and an old object moves between them when a rollback clears
    /// its remembered mark.
    fn symmetric_sums(&mut self, buf: &mut Vec<u8>) -> (u128, u128) {
        self.number_young_objects();
        let Some(n) = self.check.as_ref().and_then(|c| c.numbering.as_ref()) else { return (0, 0) };
        let mut sum: u128 = 0;
        let mut stale = Vec::new();
        for (r, sig) in n.objects() {
            let o = self.heap.get(r);
            if o.canon_sig == sig {
                sum = sum.wrapping_add(o.hash);
            } else {
                stale.push((r, sig));
            }
        }
        let mut classes: u128 = 0;
        for &c in &n.classes {
            buf.clear();
            if self.write_class(buf, c) {
                classes = classes.wrapping_add(xxh3_128(buf));
            }
        }
        for (r, sig) in stale {
            let h = self.object_hash(buf, r);
            sum = sum.wrapping_add(h);
            self.heap.set_canon_hash(r, sig, h);
        }
        (sum, classes)
    }

    /// The fingerprint of the current state.
    pub fn fingerprint(&mut self) -> u128 {
        self.update_hashes();
        let mut buf = self.check.as_mut().map(|c| std::mem::take(&mut c.buf)).unwrap_or_default();
        let (young_objects, young_classes) = self.symmetric_sums(&mut buf);
        let mut threads: u128 = 0;
        for t in 0..self.threads.len() as u32 {
            buf.clear();
            self.write_thread(&mut buf, t);
            threads = threads.wrapping_add(xxh3_128(&buf));
        }
        let (heap_sum, statics_sum) = self.check.as_ref().map_or((0, 0), |c| (c.heap_sum.wrapping_add(young_objects), c.statics_sum.wrapping_add(young_classes)));
        buf.clear();
        buf.extend_from_slice(&heap_sum.to_le_bytes());
        buf.extend_from_slice(&statics_sum.to_le_bytes());
        buf.extend_from_slice(&threads.to_le_bytes());
        buf.extend_from_slice(&self.native_memory.hash().to_le_bytes());
        buf.extend_from_slice(&self.zip_streams.hash().to_le_bytes());
        self.write_globals(&mut buf);
        let fp = xxh3_128(&buf);
        if let Some(chk) = self.check.as_mut() {
            chk.buf = buf;
        }
        fp
    }

    /// The canonical encoding of the current state (objects, classes and threads by
    /// stable id): what the fingerprint hashes, spelled out.
    pub fn encode_state(&mut self) -> Vec<u8> {
        self.update_hashes();
        self.number_young_objects();
        let mut out = Vec::new();
        // exactly what the fingerprint counts: objects and classes with a hash, and
        // under symmetry those hashed at every state
        let numbering = self.check.as_ref().and_then(|c| c.numbering.as_ref());
        // (under symmetry the `hash` of a young or remembered object is a cache, not a
        // sign it counts)
        let cached = |o: &crate::heap::Object| o.hash != 0 && !(numbering.is_some() && o.flags & (YOUNG | REMEMBERED) != 0);
        let mut objects: Vec<(u64, ObjRef)> = self.heap.iter().filter(|(_, o)| cached(o)).map(|(r, _)| (self.sid_of(Some(r)), r)).collect();
        let mut classes: Vec<ClassId> = (0..self.class_states.len() as u32).map(ClassId).filter(|c| self.class_states[c.index()].hash != 0).collect();
        if let Some(n) = numbering {
            objects.extend(n.objects().map(|(r, _)| r).filter(|&r| self.counts(r)).map(|r| (self.sid_of(Some(r)), r)));
            classes.extend(n.classes.iter().copied());
        }
        classes.sort_unstable_by_key(|&c| self.class(c).stable);
        objects.sort_unstable();
        out.u32(objects.len() as u32);
        for (_, r) in objects {
            self.write_object(&mut out, r, Elements::Exact);
        }
        for c in classes {
            self.write_class(&mut out, c);
        }
        let mut threads: Vec<(u64, u32)> = (0..self.threads.len() as u32).map(|t| (self.threads[t as usize].sid, t)).collect();
        threads.sort_unstable();
        for (_, t) in threads {
            self.write_thread(&mut out, t);
        }
        self.native_memory.encode(&mut out);
        self.zip_streams.encode(&mut out);
        self.write_globals(&mut out);
        out
    }
}

/// How [`Vm::write_object`] writes a large primitive array's elements.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Elements {
    /// as the sum of their hashes (fingerprints)
    Summed,
    /// one by one (`encode_state`)
    Exact,
}

/// A frame's kind as the fingerprint writes it.
fn kind_code(kind: FrameKind) -> u8 {
    match kind {
        FrameKind::Java => 0,
        FrameKind::Native => 1,
        FrameKind::Barrier => 2,
        FrameKind::ThreadEntry { stage } => 16 + stage,
        FrameKind::ClassInit { stage, .. } => 32 + stage,
        FrameKind::Reflective { .. } => 3,
        FrameKind::VarHandleResult { .. } => 4,
    }
}

/// Whether every element of the sorted `a` is in the sorted `b`.
fn is_subset(a: &[u32], b: &[u32]) -> bool {
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            return false;
        }
    }
    true
}
