//! The heap: an object table indexed by [`ObjRef`]; each object has a header (class,
//! stable id, cached content hash, sharing flags, monitor) and a body of flat slots
//! (instance fields) or a typed [`Array`].
//!
//! Owns allocation, field/element storage, garbage collection (mark from roots the
//! caller supplies, sweep into a free list) and — when tracking is on, under the model
//! checker — the journal that makes every change undoable: an object is copied into
//! the journal before its first change after each [`Heap::mark`] (copy on first
//! write), allocations and frees are recorded, and [`Heap::rollback`] replays them
//! backwards. Tracking also lists the objects changed since the last
//! [`Heap::take_dirty`], so fingerprints are updated incrementally.
//!
//! A large primitive array (at least [`LARGE_ARRAY`] elements) costs no more per
//! element store than a small one: [`Heap::store_primitive`] journals the one element
//! (and the header) instead of copying the array, and keeps the array's body sum — a
//! sum of per-element hashes ([`Heap::body_sum`]) the fingerprint uses in place of the
//! elements — up to date. Without both, every state of a program that fills an
//! array would cost time in proportion to the array.
//!
//! **Invariant:** the heap never collects on its own; collection happens only when the
//! vm asks at a safepoint, when every live reference is in a root it passes. Natives
//! may therefore hold `ObjRef`s in Rust locals.
//! **Invariant:** every mutation goes through [`Heap::get_mut`] (directly or via
//! `set_field`, `array_mut`), so nothing escapes the journal.

mod array;

pub use array::Array;

use crate::class::ClassId;
use crate::monitor::Monitor;
use crate::value::{ObjRef, Value};

/// What an object holds.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// instance fields, one slot each, in layout order (see `Class::instance_slots`)
    Fields(Box<[Value]>),
    /// array elements
    Array(Array),
}

/// Header flag: another thread can reach this object (sharedness tracking).
pub const SHARED: u8 = 1;
/// Header flag: allocated after the model checker's initial state (collectable by the
/// young collection at state ends).
pub const YOUNG: u8 = 2;
/// Header flag: permanent (class mirrors, interned constants); hashed by identity.
pub const PINNED: u8 = 4;
/// Header flag: an old object written since the initial state (may point to young
/// objects; a root of the young collection).
pub const REMEMBERED: u8 = 8;
/// Header flag: content changed since its hash was computed.
const DIRTY: u8 = 16;
/// Header flag: a large primitive array's `body_sum` is up to date.
const SUMMED: u8 = 128;
/// Header flag: reached by the running young collection (transient).
const MARK: u8 = 32;
/// Header flag: kept by the running young collection's sweep (transient).
const KEPT: u8 = 64;

/// One heap object.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    /// the object's class (for arrays, the array class)
    pub class: ClassId,
    /// `SHARED`, `YOUNG`, `PINNED`, `REMEMBERED`
    pub flags: u8,
    /// journal epoch of the last copy (see module docs)
    epoch: u32,
    /// stable identity: the same object has the same id on every interleaving
    pub sid: u64,
    /// a young object's identity hash code, once the program asked for it (0 before;
    /// part of its content, see `native/java_lang/object.rs`)
    pub identity_hash: i32,
    /// content hash, valid unless dirty
    pub(crate) hash: u128,
    /// under heap symmetry, for a young or remembered object: a digest of the names its
    /// `hash` was computed with (`check/symmetry.rs`); 0 when the hash is stale
    pub(crate) canon_sig: u64,
    /// for a large primitive array, the sum of [`element_hash`] over its elements
    /// (valid when flagged `SUMMED`; see [`Heap::body_sum`])
    body_sum: u128,
    /// the object's monitor, once it was ever locked or waited on
    pub monitor: Option<Box<Monitor>>,
    /// fields or elements
    pub body: Body,
}

impl Object {
    /// A fresh object with an empty header.
    pub fn new(class: ClassId, body: Body) -> Object {
        Object { class, flags: 0, epoch: 0, sid: 0, identity_hash: 0, hash: 0, canon_sig: 0, body_sum: 0, monitor: None, body }
    }

    fn byte_size(&self) -> usize {
        64 + match &self.body {
            Body::Fields(f) => f.len() * 16,
            Body::Array(a) => a.byte_size(),
        }
    }

    /// Whether a header flag is set.
    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The elements, if this is a primitive array of at least [`LARGE_ARRAY`] of them.
    pub fn large_primitive_array(&self) -> Option<&Array> {
        match &self.body {
            Body::Array(a) if a.is_primitive() && a.len() >= LARGE_ARRAY => Some(a),
            _ => None,
        }
    }
}

/// Primitive arrays with at least this many elements are journaled by element and
/// fingerprinted by their body sum (module docs).
pub const LARGE_ARRAY: usize = 64;

/// What element `i` holding `bits` ([`Array::bits`]) adds to its array's body sum: 0
/// for a zero element, so a fresh array sums to 0.
pub(crate) fn element_hash(i: usize, bits: u64) -> u128 {
    if bits == 0 {
        return 0;
    }
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&(i as u64).to_le_bytes());
    b[8..].copy_from_slice(&bits.to_le_bytes());
    xxhash_rust::xxh3::xxh3_128(&b)
}

/// The sum of [`element_hash`] over a primitive array.
fn sum_elements(a: &Array) -> u128 {
    (0..a.len()).fold(0u128, |s, i| s.wrapping_add(element_hash(i, a.bits(i).unwrap_or(0))))
}

/// The header of an object as [`Entry::Element`] saves it.
struct SavedHeader {
    flags: u8,
    hash: u128,
    canon_sig: u64,
    body_sum: u128,
}

/// Why [`Heap::store_primitive`] stored nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreError {
    /// the index is not below this length
    OutOfBounds(usize),
    /// not an array
    NotAnArray,
    /// not an array of the value's type
    WrongType,
}

/// What an object held at a journal position ([`Heap::before_images`]).
pub enum BeforeImage<'a> {
    /// the whole object
    Object(&'a Object),
    /// one element of a large primitive array (index, [`Array::bits`])
    Element(u32, u64),
}

enum Entry {
    /// the object as it was before its first change in an epoch
    Saved(u32, Object),
    /// a slot was allocated (`true`: taken from the free list)
    Alloc(u32, bool),
    /// a slot was freed by the collector
    Freed(u32, Object),
    /// an allocation counter before it was incremented
    Counter(u64, u64),
    /// one element of a large primitive array (slot, index, bits) and the header
    /// before a store, in an epoch whose first change did not copy the array
    Element(u32, u32, u64, Box<SavedHeader>),
}

/// The undo journal of the heap.
struct Journal {
    entries: Vec<Entry>,
    epoch: u32,
    next_epoch: u32,
}

impl Journal {
    /// Starts an epoch no object was copied in yet.
    fn begin_epoch(&mut self) {
        self.epoch = self.next_epoch;
        self.next_epoch += 1;
    }
}

/// A point the heap can roll back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMark {
    entries: usize,
    /// the length of the dirty list then, and which list it was
    /// ([`Heap::dirty_generation`])
    dirty: usize,
    dirty_generation: u64,
    /// [`Heap::needs_young_collection`] then
    gc_hint: bool,
}

/// Bits of a slot's lock marks ([`Heap::mark_lock_slot`]).
pub(crate) struct LockMarks;

impl LockMarks {
    /// a lock candidate was listed for the slot
    pub(crate) const CANDIDATE: u8 = 1;
    /// every change to the slot's object moves [`Heap::lock_epoch`]
    pub(crate) const WATCHED: u8 = 2;
}

/// The object table.
pub struct Heap {
    objects: Vec<Option<Object>>,
    free: Vec<u32>,
    live_objects: usize,
    bytes_since_gc: usize,
    live_bytes_after_gc: usize,
    gc_threshold: usize,
    /// how many collections ran
    pub collections: u64,
    journal: Option<Journal>,
    dirty: Vec<u32>,
    /// bumped whenever the dirty list is taken or rebuilt (not only grown)
    dirty_generation: u64,
    /// identity source while tracking: the allocating thread's stable id, the
    /// allocation site, and a counter per (thread, site)
    alloc_thread_sid: u64,
    alloc_site: u64,
    site_counters: rustc_hash::FxHashMap<u64, u64>,
    next_boot_sid: u64,
    /// allocations are permanent (see [`Heap::set_permanent`]): the key of what they
    /// make, and how many objects they made so far
    permanent: Option<(u64, u64)>,
    /// slots that may hold young objects (tracking; stale entries are dropped by
    /// the next young collection)
    young: Vec<u32>,
    /// slots of every object that was ever remembered while tracking (old objects
    /// are never freed while tracking, so entries never go stale; one whose flag a
    /// rollback cleared holds its initial content again, which points only to old
    /// objects, so treating it as a root is harmless)
    remembered: Vec<u32>,
    /// membership of `remembered`, by slot
    in_remembered: Vec<bool>,
    /// an object was allocated, or a reference in an object may have been overwritten,
    /// since the last young collection, so some object may have become garbage (see
    /// [`Heap::needs_young_collection`])
    gc_hint: bool,
    /// by slot: what `check/guards.rs` knows of the objects there as locks
    /// ([`LockMarks`]); set through `&self`, since the policy finds synchronizers
    /// while classifying
    lock_marks: Vec<std::cell::Cell<u8>>,
    /// counts changes that may have changed which locks a thread holds, while
    /// tracking: a change to a watched object, a change of who holds a monitor, a
    /// rollback that restores a slot with lock marks, a collection
    lock_epoch: u64,
}

impl std::fmt::Debug for Heap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Heap").field("live_objects", &self.live_objects).finish_non_exhaustive()
    }
}

impl Default for Heap {
    fn default() -> Self {
        Heap::new()
    }
}

const MIN_GC_THRESHOLD: usize = 64 << 20;

/// Mixes two words into a stable id (splitmix64 finaliser).
pub(crate) fn mix_ids(a: u64, b: u64) -> u64 {
    let mut z = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_add(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Heap {
    /// An empty heap.
    pub fn new() -> Heap {
        Heap {
            objects: vec![None],
            free: Vec::new(),
            live_objects: 0,
            bytes_since_gc: 0,
            live_bytes_after_gc: 0,
            gc_threshold: MIN_GC_THRESHOLD,
            collections: 0,
            journal: None,
            dirty: Vec::new(),
            dirty_generation: 0,
            alloc_thread_sid: 0,
            alloc_site: 0,
            site_counters: Default::default(),
            next_boot_sid: 1,
            permanent: None,
            young: Vec::new(),
            remembered: Vec::new(),
            in_remembered: Vec::new(),
            gc_hint: false,
            lock_marks: Vec::new(),
            lock_epoch: 0,
        }
    }

    /// Turns on journaling and dirty tracking (the model checker's initial state).
    /// Every live object becomes old and shared, and all are dirty once so the first
    /// fingerprint hashes them.
    pub fn start_tracking(&mut self) {
        self.journal = Some(Journal { entries: Vec::new(), epoch: 1, next_epoch: 2 });
        self.dirty.clear();
        for (i, slot) in self.objects.iter_mut().enumerate() {
            if let Some(o) = slot {
                o.flags = (o.flags & !(YOUNG | REMEMBERED)) | SHARED | DIRTY;
                self.dirty.push(i as u32);
            }
        }
    }

    /// Whether journaling is on.
    #[inline]
    pub fn tracking(&self) -> bool {
        self.journal.is_some()
    }

    /// Sets the thread whose allocations follow (its stable id); the allocation site
    /// starts over.
    pub fn set_allocating_thread(&mut self, sid: u64) {
        self.alloc_thread_sid = sid;
        self.alloc_site = 0;
    }

    /// Sets the site of the allocations that follow (an instruction or a native).
    #[inline(always)]
    pub fn set_alloc_site(&mut self, site: u64) {
        self.alloc_site = site;
    }

    /// The next stable id. While tracking, an object's id is its allocating thread's
    /// id, its allocation site, and how many objects that thread allocated at that site
    /// before (JPF's search-global ids, refined by site): an allocation elsewhere, or
    /// by another thread, never shifts it, so the same object gets the same id on
    /// every interleaving that creates it.
    ///
    /// Before tracking (the boot, the same in every vm of a program) ids count up.
    /// A permanent object made while tracking is named by what it is (a class's
    /// mirror, an interned string's content) and its place among the objects made for
    /// it, so vms that create it on different paths, at different times (the workers
    /// of a parallel search), name it alike.
    fn next_sid(&mut self) -> u64 {
        if self.journal.is_none() {
            let s = self.next_boot_sid;
            self.next_boot_sid += 1;
            return s;
        }
        if let Some((key, made)) = &mut self.permanent {
            *made += 1;
            return mix_ids(*key, *made) | (1 << 61);
        }
        let key = mix_ids(self.alloc_thread_sid, self.alloc_site);
        let c = self.site_counters.entry(key).or_insert(0);
        let old = *c;
        *c += 1;
        if let Some(j) = &mut self.journal {
            j.entries.push(Entry::Counter(key, old));
        }
        mix_ids(key, old + 1) | (1 << 63)
    }

    /// Allocates an object and returns its reference.
    pub fn alloc(&mut self, mut obj: Object) -> ObjRef {
        if self.permanent.is_some() {
            return self.alloc_permanent(obj);
        }
        self.bytes_since_gc += obj.byte_size();
        self.live_objects += 1;
        obj.sid = self.next_sid();
        if let Some(j) = &self.journal {
            obj.flags |= YOUNG | DIRTY;
            obj.epoch = j.epoch;
        }
        let (index, from_free) = match self.free.pop() {
            Some(i) => {
                self.objects[i as usize] = Some(obj);
                (i, true)
            }
            None => {
                self.objects.push(Some(obj));
                self.grow_lock_marks();
                ((self.objects.len() - 1) as u32, false)
            }
        };
        if let Some(j) = &mut self.journal {
            j.entries.push(Entry::Alloc(index, from_free));
            self.dirty.push(index);
            self.young.push(index);
            self.gc_hint = true;
        }
        // index 0 is never handed out
        ObjRef::from_index(index).unwrap_or_else(|| unreachable!("object index 0 is reserved"))
    }

    /// Makes the following allocations permanent (`Some`) or ordinary again: class
    /// mirrors, interned constants and their arrays, the instances of non-capturing
    /// lambdas. A permanent object is pinned (never collected), never undone by a
    /// rollback, and shared; its sid comes from the boot counter, so it is the same on
    /// every path that later uses it. The fingerprint counts it by identity only (and
    /// its monitor, while in use).
    ///
    /// `Some(key)` starts permanent allocations for what `key` names (the same key in
    /// every vm, see [`Heap::next_sid`]); `None` ends them.
    pub fn set_permanent(&mut self, key: Option<u64>) {
        self.permanent = key.map(|k| (k, 0));
    }

    fn alloc_permanent(&mut self, mut obj: Object) -> ObjRef {
        obj.flags |= PINNED;
        if self.journal.is_some() {
            obj.flags |= SHARED;
        }
        obj.sid = self.next_sid();
        self.live_objects += 1;
        // while tracking, a free slot may still be claimed back by a rollback
        let reuse = if self.journal.is_none() { self.free.pop() } else { None };
        let index = match reuse {
            Some(i) => {
                self.objects[i as usize] = Some(obj);
                i
            }
            None => {
                self.objects.push(Some(obj));
                self.grow_lock_marks();
                (self.objects.len() - 1) as u32
            }
        };
        ObjRef::from_index(index).unwrap_or_else(|| unreachable!("object index 0 is reserved"))
    }

    /// An instance with the given field values.
    pub fn alloc_instance(&mut self, class: ClassId, fields: Box<[Value]>) -> ObjRef {
        self.alloc(Object::new(class, Body::Fields(fields)))
    }

    /// An array object.
    pub fn alloc_array(&mut self, class: ClassId, array: Array) -> ObjRef {
        self.alloc(Object::new(class, Body::Array(array)))
    }

    /// The object behind `r`.
    ///
    /// A live `ObjRef` always names an object; a dangling one is a jvmc bug and
    /// panics with a message saying so.
    #[inline(always)]
    pub fn get(&self, r: ObjRef) -> &Object {
        match self.objects.get(r.index()) {
            Some(Some(o)) => o,
            _ => dangling(r),
        }
    }

    /// The object behind `r`, if its slot holds one (a reference kept outside the
    /// heap's roots may outlive its object).
    pub fn try_get(&self, r: ObjRef) -> Option<&Object> {
        self.objects.get(r.index()).and_then(Option::as_ref)
    }

    /// The object behind `r`, for changing it (journaled when tracking).
    #[inline(always)]
    pub fn get_mut(&mut self, r: ObjRef) -> &mut Object {
        if self.journal.is_some() {
            self.touch(r);
        }
        match self.objects.get_mut(r.index()) {
            Some(Some(o)) => o,
            _ => dangling(r),
        }
    }

    #[cold]
    #[inline(never)]
    fn touch(&mut self, r: ObjRef) {
        let Some(j) = &mut self.journal else { return };
        let Some(Some(o)) = self.objects.get_mut(r.index()) else { dangling(r) };
        if o.epoch != j.epoch {
            let copy = o.clone();
            o.epoch = j.epoch;
            j.entries.push(Entry::Saved(r.index() as u32, copy));
        }
        if self.lock_marks.get(r.index()).is_some_and(|m| m.get() & LockMarks::WATCHED != 0) {
            self.lock_epoch += 1;
        }
        self.note_change(r);
    }

    /// Gives every slot its lock marks (never shrinking them: a slot the table gives
    /// back on a rollback keeps its marks for the next object there).
    fn grow_lock_marks(&mut self) {
        if self.lock_marks.len() < self.objects.len() {
            self.lock_marks.resize_with(self.objects.len(), Default::default);
        }
    }

    /// Sets the bits `bits` of `r`'s slot's lock marks (see [`LockMarks`]) and
    /// returns the marks before (all bits for a slot past the table's end, which
    /// cannot hold an object).
    pub(crate) fn mark_lock_slot(&self, r: ObjRef, bits: u8) -> u8 {
        self.lock_marks.get(r.index()).map_or(u8::MAX, |m| m.replace(m.get() | bits))
    }

    /// A number that has not moved since the last call unless an object whose slot is
    /// marked [`LockMarks::WATCHED`] changed, a rollback restored a slot with lock
    /// marks, or the heap was collected (only while tracking: see [`Heap::tracking`]).
    /// A monitor changing hands does not move it (`check/guards.rs` updates or
    /// forgets what it read for the two threads instead).
    pub(crate) fn lock_epoch(&self) -> u64 {
        self.lock_epoch
    }

    /// Marks `r` changed (tracking): dirty, and remembered if it is old.
    fn note_change(&mut self, r: ObjRef) {
        let Some(Some(o)) = self.objects.get_mut(r.index()) else { dangling(r) };
        if o.flags & DIRTY == 0 {
            o.flags |= DIRTY;
            self.dirty.push(r.index() as u32);
        }
        if o.flags & (YOUNG | REMEMBERED) == 0 {
            // old and permanent objects that change may now hold young ones
            o.flags |= REMEMBERED;
            let i = r.index();
            if self.in_remembered.len() <= i {
                self.in_remembered.resize(i + 1, false);
            }
            if !self.in_remembered[i] {
                self.in_remembered[i] = true;
                self.remembered.push(i as u32);
            }
        }
    }

    /// The class of `r`.
    #[inline(always)]
    pub fn class_of(&self, r: ObjRef) -> ClassId {
        self.get(r).class
    }

    /// Field slot `slot` of instance `r`.
    #[inline(always)]
    pub fn field(&self, r: ObjRef, slot: usize) -> Option<Value> {
        match &self.get(r).body {
            Body::Fields(f) => f.get(slot).copied(),
            Body::Array(_) => None,
        }
    }

    /// Sets field slot `slot` of instance `r`; `false` if there is no such slot.
    #[inline(always)]
    pub fn set_field(&mut self, r: ObjRef, slot: usize, v: Value) -> bool {
        let (stored, dropped_ref) = match &mut self.get_mut(r).body {
            Body::Fields(f) => match f.get_mut(slot) {
                Some(s) => (true, matches!(std::mem::replace(s, v), Value::Ref(Some(_)))),
                None => (false, false),
            },
            Body::Array(_) => (false, false),
        };
        if dropped_ref && self.journal.is_some() {
            self.gc_hint = true;
        }
        if let Value::Ref(Some(x)) = v {
            self.note_ref_store(r, x);
        }
        stored
    }

    /// A reference to `value` was stored into `container` (tracking only): if the
    /// container is shared, `value` is published (see [`Heap::publish`]).
    #[inline(always)]
    pub fn note_ref_store(&mut self, container: ObjRef, value: ObjRef) {
        if self.journal.is_some() && self.get(container).has(SHARED) && !self.get(value).has(SHARED) {
            self.publish(value);
        }
    }

    /// After a bulk store into the reference array `container` (`arraycopy`), publishes
    /// what it holds if it is shared.
    pub fn note_bulk_store(&mut self, container: ObjRef) {
        if self.journal.is_some() && self.get(container).has(SHARED) {
            let held: Vec<ObjRef> = self.references(container).filter(|c| !self.get(*c).has(SHARED)).collect();
            for c in held {
                self.publish(c);
            }
        }
    }

    /// Marks `obj` and everything reachable from it shared: another thread can now
    /// reach it (the `shared` scheduling policy). Every object that exists when
    /// tracking starts is shared (the JDK's objects hang off static fields); a new
    /// object is local to its thread until it is published — stored into a shared
    /// object or a static field, or reachable from a thread object when that thread
    /// starts. The publishing store is itself an access to a shared object, hence a
    /// scheduling point, so no interleaving is lost. Sharing only grows along a path
    /// and is undone with the objects (the flag lives in the header, so the first
    /// change of an epoch journals it); it is not part of the state, being a sound
    /// over-approximation of reachability, which the state determines.
    pub fn publish(&mut self, obj: ObjRef) {
        let mut work = vec![obj];
        while let Some(o) = work.pop() {
            if self.get(o).has(SHARED) {
                continue;
            }
            self.get_mut(o).flags |= SHARED;
            work.extend(self.references(o).filter(|c| !self.get(*c).has(SHARED)));
        }
    }

    /// The array behind `r`, if it is one.
    #[inline(always)]
    pub fn array(&self, r: ObjRef) -> Option<&Array> {
        match &self.get(r).body {
            Body::Array(a) => Some(a),
            Body::Fields(_) => None,
        }
    }

    /// The array behind `r`, for changing it, if it is one.
    #[inline(always)]
    pub fn array_mut(&mut self, r: ObjRef) -> Option<&mut Array> {
        if self.journal.is_some() && matches!(self.get(r).body, Body::Array(Array::Ref(_))) {
            // a reference element may be overwritten
            self.gc_hint = true;
        }
        let o = self.get_mut(r);
        // any element may change: the body sum is computed again when asked for
        o.flags &= !SUMMED;
        match &mut o.body {
            Body::Array(a) => Some(a),
            Body::Fields(_) => None,
        }
    }

    /// Stores `v` into element `i` of the primitive array `r` (an `xastore`): a large
    /// array, while tracking, journals only the element and keeps its body sum (module
    /// docs); anything else goes through [`Heap::array_mut`].
    pub fn store_primitive(&mut self, r: ObjRef, i: usize, v: Value) -> Result<(), StoreError> {
        let Some(j) = &mut self.journal else { return Self::store_into(self.array_mut(r), i, v) };
        let Some(Some(o)) = self.objects.get_mut(r.index()) else { dangling(r) };
        if o.large_primitive_array().is_none() {
            return Self::store_into(self.array_mut(r), i, v);
        }
        // copied in this epoch already: the copy restores the element
        let saved = o.epoch == j.epoch;
        let header = SavedHeader { flags: o.flags, hash: o.hash, canon_sig: o.canon_sig, body_sum: o.body_sum };
        let Body::Array(a) = &mut o.body else { unreachable!("a large primitive array") };
        let Some(old) = a.bits(i) else { return Err(StoreError::OutOfBounds(a.len())) };
        if !a.set(i, v) {
            return Err(StoreError::WrongType);
        }
        let new = a.bits(i).unwrap_or(0);
        if o.flags & SUMMED != 0 {
            o.body_sum = o.body_sum.wrapping_add(element_hash(i, new)).wrapping_sub(element_hash(i, old));
        }
        if !saved {
            j.entries.push(Entry::Element(r.index() as u32, i as u32, old, Box::new(header)));
        }
        self.note_change(r);
        Ok(())
    }

    fn store_into(a: Option<&mut Array>, i: usize, v: Value) -> Result<(), StoreError> {
        let Some(a) = a else { return Err(StoreError::NotAnArray) };
        if i >= a.len() {
            return Err(StoreError::OutOfBounds(a.len()));
        }
        if a.set(i, v) {
            Ok(())
        } else {
            Err(StoreError::WrongType)
        }
    }

    /// A large primitive array's body sum (computed and kept if it was not up to
    /// date); `None` for any other object.
    pub(crate) fn body_sum(&mut self, r: ObjRef) -> Option<u128> {
        let Some(Some(o)) = self.objects.get_mut(r.index()) else { dangling(r) };
        let a = o.large_primitive_array()?;
        if o.flags & SUMMED == 0 {
            // a cache of the content, like `hash`: not journaled
            o.body_sum = sum_elements(a);
            o.flags |= SUMMED;
        }
        Some(o.body_sum)
    }

    /// A large primitive array's body sum as [`Heap::body_sum`] gives it, without
    /// keeping it.
    pub(crate) fn peek_body_sum(o: &Object) -> Option<u128> {
        let a = o.large_primitive_array()?;
        Some(if o.has(SUMMED) { o.body_sum } else { sum_elements(a) })
    }

    /// Number of live objects.
    pub fn live_objects(&self) -> usize {
        self.live_objects
    }

    /// Whether enough was allocated since the last collection that one is due.
    #[inline(always)]
    pub fn wants_collection(&self) -> bool {
        self.journal.is_none() && self.bytes_since_gc > self.gc_threshold
    }

    /// Marks everything reachable from `roots`.
    fn mark_reachable(&self, roots: impl IntoIterator<Item = ObjRef>) -> Vec<bool> {
        let mut marked = vec![false; self.objects.len()];
        let mut work: Vec<ObjRef> = Vec::new();
        for r in roots {
            if !marked[r.index()] {
                marked[r.index()] = true;
                work.push(r);
            }
        }
        while let Some(r) = work.pop() {
            for c in self.references(r) {
                if !marked[c.index()] {
                    marked[c.index()] = true;
                    work.push(c);
                }
            }
        }
        marked
    }

    /// Sets the transient `MARK` flag on every young object reachable from `roots`
    /// through young objects (old objects are not traversed: the remembered set
    /// stands for them).
    fn mark_young(&mut self, roots: Vec<ObjRef>) {
        let mut work = roots;
        while let Some(r) = work.pop() {
            let Some(Some(o)) = self.objects.get_mut(r.index()) else { continue };
            if o.flags & (YOUNG | MARK) != YOUNG {
                continue;
            }
            o.flags |= MARK;
            let (fields, refs): (&[Value], &[Option<ObjRef>]) = match &o.body {
                Body::Fields(f) => (f, &[]),
                Body::Array(Array::Ref(a)) => (&[], a),
                Body::Array(_) => (&[], &[]),
            };
            for v in fields {
                if let Value::Ref(Some(c)) = v {
                    work.push(*c);
                }
            }
            work.extend(refs.iter().flatten());
        }
    }

    /// The references an object holds.
    pub fn references(&self, r: ObjRef) -> impl Iterator<Item = ObjRef> + '_ {
        let (fields, refs): (&[Value], &[Option<ObjRef>]) = match &self.get(r).body {
            Body::Fields(f) => (f, &[]),
            Body::Array(Array::Ref(a)) => (&[], a),
            Body::Array(_) => (&[], &[]),
        };
        fields.iter().filter_map(|v| match v {
            Value::Ref(c) => *c,
            _ => None,
        })
        .chain(refs.iter().filter_map(|c| *c))
    }

    /// Collects everything not reachable from `roots` (untracked execution only).
    /// Returns the number of objects freed.
    pub fn collect(&mut self, roots: impl IntoIterator<Item = ObjRef>) -> usize {
        self.lock_epoch += 1;
        let marked = self.mark_reachable(roots);
        let mut freed = 0;
        let mut live_bytes = 0;
        for (i, slot) in self.objects.iter_mut().enumerate().skip(1) {
            match slot {
                Some(o) if !marked[i] && !o.has(PINNED) => {
                    *slot = None;
                    self.free.push(i as u32);
                    freed += 1;
                }
                Some(o) => live_bytes += o.byte_size(),
                None => {}
            }
        }
        // reuse low indices first: deterministic and compact
        self.free.sort_unstable_by(|a, b| b.cmp(a));
        self.live_objects -= freed;
        self.collections += 1;
        self.bytes_since_gc = 0;
        self.live_bytes_after_gc = live_bytes;
        self.gc_threshold = MIN_GC_THRESHOLD.max(live_bytes);
        freed
    }

    /// Whether an object was allocated, or a reference field or element written,
    /// since the last young collection
    /// (or [`Heap::note_collected`]); if not, and no root changed, no object can have
    /// become garbage.
    pub fn needs_young_collection(&self) -> bool {
        self.gc_hint
    }

    /// Records that the heap is in a collected state (after a collection, or a
    /// rollback to a state taken after one).
    pub fn note_collected(&mut self) {
        self.gc_hint = false;
    }

    /// The young collection at the end of a transition (tracking only): frees young
    /// objects reachable neither from `roots` nor from remembered objects, recording
    /// the frees in the journal. Costs in proportion to the young objects and the
    /// remembered set, not to the heap. Returns the sum of the freed objects' counted
    /// hashes (what the heap's hash sum must lose).
    pub fn collect_young(&mut self, roots: impl IntoIterator<Item = ObjRef>) -> u128 {
        if self.journal.is_none() {
            return 0;
        }
        self.lock_epoch += 1;
        let mut all_roots: Vec<ObjRef> = roots.into_iter().collect();
        for &i in &self.remembered {
            if let Some(r) = ObjRef::from_index(i) {
                all_roots.extend(self.references(r).filter(|c| self.get(*c).has(YOUNG)));
            }
        }
        self.mark_young(all_roots);
        let mut freed_hashes: u128 = 0;
        let mut survivors = Vec::with_capacity(self.young.len());
        let young = std::mem::take(&mut self.young);
        for &i in &young {
            let Some(Some(o)) = self.objects.get_mut(i as usize) else { continue };
            if o.flags & YOUNG == 0 || o.flags & KEPT != 0 {
                continue; // a stale or duplicate entry
            }
            if o.flags & (MARK | PINNED) != 0 {
                o.flags = (o.flags & !MARK) | KEPT;
                survivors.push(i);
                continue;
            }
            if let Some(o) = self.objects[i as usize].take() {
                freed_hashes = freed_hashes.wrapping_add(o.hash);
                self.free.push(i);
                self.live_objects -= 1;
                if let Some(j) = &mut self.journal {
                    j.entries.push(Entry::Freed(i, o));
                }
            }
        }
        for &i in &survivors {
            if let Some(Some(o)) = self.objects.get_mut(i as usize) {
                o.flags &= !KEPT;
            }
        }
        self.young = survivors;
        self.gc_hint = false;
        freed_hashes
    }

    /// Where the journal stands, starting a new epoch: every object changed from now
    /// on is copied (or, for a large primitive array, its element saved) before its
    /// first change, so [`Heap::before_images`] finds what it held now. `None` when
    /// the heap is not tracked.
    pub fn open_epoch(&mut self) -> Option<usize> {
        let j = self.journal.as_mut()?;
        j.begin_epoch();
        Some(j.entries.len())
    }

    /// What the objects changed since journal position `from` ([`Heap::open_epoch`])
    /// held then, oldest first: the slot of each and its copy, or the element of a
    /// large primitive array and its bits.
    pub fn before_images(&self, from: usize) -> impl Iterator<Item = (u32, BeforeImage<'_>)> + '_ {
        let entries = self.journal.as_ref().map_or(&[][..], |j| j.entries.get(from..).unwrap_or(&[]));
        entries.iter().filter_map(|e| match e {
            Entry::Saved(i, o) => Some((*i, BeforeImage::Object(o))),
            Entry::Element(i, index, bits, _) => Some((*i, BeforeImage::Element(*index, *bits))),
            Entry::Alloc(..) | Entry::Freed(..) | Entry::Counter(..) => None,
        })
    }

    /// A point to roll back to; starts a new journal epoch.
    pub fn mark(&mut self) -> HeapMark {
        match &mut self.journal {
            Some(j) => {
                j.begin_epoch();
                HeapMark { entries: j.entries.len(), dirty: self.dirty.len(), dirty_generation: self.dirty_generation, gc_hint: self.gc_hint }
            }
            None => HeapMark { entries: 0, dirty: 0, dirty_generation: 0, gc_hint: false },
        }
    }

    /// Undoes every change since `mark`; returns how much the wrapping sum of the
    /// hashes stored in live objects changed.
    ///
    /// The dirty list stays exact (a live object is listed once exactly when it is
    /// flagged dirty). An object changed since the mark gets back the flags (dirty or
    /// not) and hash it had then: the journal's first copy of it after the mark
    /// holds them; any other object keeps its flags. So if the list has only grown
    /// since the mark, its first entries are the mark's list; if it was taken
    /// ([`Heap::take_dirty`]) or rebuilt since, the objects dirty now are those of
    /// the current list still flagged dirty and those the rollback restored dirty.
    pub fn rollback(&mut self, mark: &HeapMark) -> u128 {
        let Some(j) = &mut self.journal else { return 0 };
        // whether a slot with lock marks is restored (the lock epoch moves then)
        let marks = &self.lock_marks;
        let mut locks_restored = false;
        let mut lock_slot = |i: u32| locks_restored |= marks.get(i as usize).is_some_and(|m| m.get() != 0);
        let rebuild = mark.dirty_generation != self.dirty_generation;
        let mut delta: u128 = 0;
        let mut restored: Vec<u32> = Vec::new();
        let mut restore = |i: u32, flags: u8| {
            if rebuild && flags & DIRTY != 0 {
                restored.push(i);
            }
        };
        let hash_at = |objects: &[Option<Object>], i: u32| objects.get(i as usize).and_then(|o| o.as_ref()).map_or(0, |o| o.hash);
        while j.entries.len() > mark.entries {
            match j.entries.pop() {
                Some(Entry::Saved(i, o)) => {
                    lock_slot(i);
                    delta = delta.wrapping_add(o.hash).wrapping_sub(hash_at(&self.objects, i));
                    restore(i, o.flags);
                    self.objects[i as usize] = Some(o);
                }
                Some(Entry::Alloc(i, from_free)) => {
                    lock_slot(i);
                    delta = delta.wrapping_sub(hash_at(&self.objects, i));
                    self.objects[i as usize] = None;
                    self.live_objects -= 1;
                    // a permanent object allocated later may sit above this slot
                    if from_free || i as usize + 1 != self.objects.len() {
                        self.free.push(i);
                    } else {
                        self.objects.pop();
                    }
                }
                Some(Entry::Freed(i, o)) => {
                    lock_slot(i);
                    delta = delta.wrapping_add(o.hash);
                    restore(i, o.flags);
                    self.young.push(i);
                    self.objects[i as usize] = Some(o);
                    self.live_objects += 1;
                    if let Some(p) = self.free.iter().rposition(|&f| f == i) {
                        self.free.remove(p);
                    }
                }
                Some(Entry::Element(i, index, bits, header)) => {
                    lock_slot(i);
                    if let Some(Some(o)) = self.objects.get_mut(i as usize) {
                        if let Body::Array(a) = &mut o.body {
                            a.set_bits(index as usize, bits);
                        }
                        delta = delta.wrapping_add(header.hash).wrapping_sub(o.hash);
                        restore(i, header.flags);
                        o.flags = header.flags;
                        o.hash = header.hash;
                        o.canon_sig = header.canon_sig;
                        o.body_sum = header.body_sum;
                    }
                }
                Some(Entry::Counter(key, old)) => {
                    if old == 0 {
                        self.site_counters.remove(&key);
                    } else {
                        self.site_counters.insert(key, old);
                    }
                }
                None => break,
            }
        }
        // objects restored from the journal carry old epochs: never reuse one
        j.begin_epoch();
        if rebuild {
            restored.append(&mut self.dirty);
            restored.sort_unstable();
            restored.dedup();
            restored.retain(|&i| self.objects.get(i as usize).is_some_and(|o| o.as_ref().is_some_and(|o| o.flags & DIRTY != 0)));
            self.dirty = restored;
            self.dirty_generation += 1;
        } else {
            self.dirty.truncate(mark.dirty);
        }
        self.gc_hint = mark.gc_hint;
        if locks_restored {
            self.lock_epoch += 1;
        }
        delta
    }

    /// Records that some object may have become garbage since the last collection
    /// (the next young collection must run).
    pub fn note_may_need_collection(&mut self) {
        self.gc_hint = true;
    }

    /// The objects changed since the last call (their hashes are stale), clearing
    /// their dirty flags.
    pub fn take_dirty(&mut self) -> Vec<ObjRef> {
        self.dirty_generation += 1;
        let list = std::mem::take(&mut self.dirty);
        let mut out = Vec::with_capacity(list.len());
        for i in list {
            if let Some(Some(o)) = self.objects.get_mut(i as usize) {
                o.flags &= !DIRTY;
                out.extend(ObjRef::from_index(i));
            }
        }
        out
    }

    /// Stores a freshly computed content hash, returning the previous one. An object's
    /// `hash` is what the vm's heap hash sum counts for it (0 until first hashed).
    pub(crate) fn set_hash(&mut self, r: ObjRef, h: u128) -> u128 {
        match self.objects.get_mut(r.index()) {
            Some(Some(o)) => std::mem::replace(&mut o.hash, h),
            _ => dangling(r),
        }
    }

    /// Stores a young or remembered object's hash under heap symmetry with the digest of
    /// the names it was computed with (not journaled: it stays valid for the object's content,
    /// and a rollback restores older content with the cache it had).
    pub(crate) fn set_canon_hash(&mut self, r: ObjRef, sig: u64, h: u128) {
        match self.objects.get_mut(r.index()) {
            Some(Some(o)) => {
                o.canon_sig = sig;
                o.hash = h;
            }
            _ => dangling(r),
        }
    }

    /// Bytes held by live objects at the last collection.
    pub fn live_bytes_after_gc(&self) -> usize {
        self.live_bytes_after_gc
    }

    /// The number of object slots (every `ObjRef` index is below it).
    pub fn slots(&self) -> usize {
        self.objects.len()
    }

    /// Old objects that may point to young ones (see `remembered`), by slot.
    pub fn remembered(&self) -> &[u32] {
        &self.remembered
    }

    /// Iterates over all live objects.
    pub fn iter(&self) -> impl Iterator<Item = (ObjRef, &Object)> {
        self.objects.iter().enumerate().filter_map(|(i, o)| Some((ObjRef::from_index(i as u32)?, o.as_ref()?)))
    }
}

#[cold]
#[inline(never)]
fn dangling(r: ObjRef) -> ! {
    panic!("internal error (a jvmc bug): dangling object reference #{}", r.index())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collect_frees_unreachable_and_reuses_slots() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let a = h.alloc_instance(c, vec![Value::NULL].into());
        let b = h.alloc_instance(c, vec![Value::NULL].into());
        let garbage = h.alloc_instance(c, vec![Value::NULL].into());
        h.set_field(a, 0, Value::obj(b));
        assert_eq!(h.collect([a]), 1);
        assert_eq!(h.live_objects(), 2);
        let again = h.alloc_instance(c, vec![].into());
        assert_eq!(again, garbage);
    }

    #[test]
    fn collect_follows_reference_arrays() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let x = h.alloc_instance(c, vec![].into());
        let arr = h.alloc_array(c, Array::Ref(vec![Some(x)].into()));
        assert_eq!(h.collect([arr]), 0);
        assert_eq!(h.collect([]), 2);
    }

    /// The body sum kept by stores is the one computed from scratch.
    fn assert_sum_current(h: &mut Heap, r: ObjRef) {
        let scratch = sum_elements(h.array(r).expect("an array"));
        assert_eq!(Heap::peek_body_sum(h.get(r)), Some(scratch));
        assert_eq!(h.body_sum(r), Some(scratch));
    }

    #[test]
    fn large_arrays_journal_elements_and_keep_their_sum() {
        use jvmc_classfile::PrimitiveType;
        let mut h = Heap::new();
        let c = ClassId(0);
        let ints = h.alloc_array(c, Array::new_primitive(PrimitiveType::Int, 100));
        let doubles = h.alloc_array(c, Array::new_primitive(PrimitiveType::Double, LARGE_ARRAY));
        let small = h.alloc_array(c, Array::new_primitive(PrimitiveType::Int, LARGE_ARRAY - 1));
        h.start_tracking();
        assert_eq!(h.body_sum(ints), Some(0), "a zero array sums to 0");
        assert_eq!(h.body_sum(small), None);
        let before = h.get(ints).clone();
        let m = h.mark();
        h.store_primitive(ints, 3, Value::Int(7)).unwrap();
        h.store_primitive(ints, 3, Value::Int(8)).unwrap();
        h.store_primitive(ints, 99, Value::Int(-1)).unwrap();
        h.store_primitive(doubles, 0, Value::Double(-0.0)).unwrap();
        h.store_primitive(small, 0, Value::Int(1)).unwrap();
        assert_eq!(h.store_primitive(ints, 100, Value::Int(1)), Err(StoreError::OutOfBounds(100)));
        assert_eq!(h.store_primitive(ints, 0, Value::Long(1)), Err(StoreError::WrongType));
        assert_sum_current(&mut h, ints);
        assert_sum_current(&mut h, doubles);
        assert_ne!(h.body_sum(doubles), Some(0), "-0.0 is not 0.0");
        let m2 = h.mark();
        // a store the other way copies the array and forgets the sum; element stores
        // after it in the same epoch keep the copy as the undo record
        assert!(h.array_mut(ints).unwrap().set(50, Value::Int(5)));
        h.store_primitive(ints, 51, Value::Int(6)).unwrap();
        assert_sum_current(&mut h, ints);
        let m3 = h.mark();
        h.store_primitive(ints, 3, Value::Int(0)).unwrap();
        assert_sum_current(&mut h, ints);
        h.rollback(&m3);
        assert_eq!(h.array(ints).unwrap().get(3), Some(Value::Int(8)));
        assert_sum_current(&mut h, ints);
        h.rollback(&m2);
        assert_eq!(h.array(ints).unwrap().get(50), Some(Value::Int(0)));
        assert_eq!(h.array(ints).unwrap().get(51), Some(Value::Int(0)));
        assert_eq!(h.array(ints).unwrap().get(3), Some(Value::Int(8)));
        assert_sum_current(&mut h, ints);
        h.rollback(&m);
        let after = h.get(ints);
        assert_eq!((&after.body, after.flags, after.hash), (&before.body, before.flags, before.hash), "content and header are as they were");
        assert_eq!(h.array(small).unwrap().get(0), Some(Value::Int(0)));
        assert_sum_current(&mut h, ints);
        assert_sum_current(&mut h, doubles);
    }

    #[test]
    fn rollback_restores_fields_allocations_and_frees() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let root = h.alloc_instance(c, vec![Value::Int(1), Value::NULL].into());
        h.start_tracking();
        h.set_allocating_thread(7);
        let before: Vec<(ObjRef, Object)> = h.iter().map(|(r, o)| (r, o.clone())).collect();
        let m = h.mark();
        h.set_field(root, 0, Value::Int(2));
        h.set_field(root, 0, Value::Int(3));
        let young = h.alloc_instance(c, vec![Value::Int(9)].into());
        h.set_field(root, 1, Value::obj(young));
        let dead = h.alloc_instance(c, vec![].into());
        assert_eq!(h.live_objects(), 3);
        let freed = h.collect_young([root]);
        assert_eq!(freed, 0, "fresh objects were never hashed");
        assert_eq!(h.live_objects(), 2, "the unreachable young object is freed");
        let _ = dead;
        h.rollback(&m);
        let after: Vec<(ObjRef, Object)> = h.iter().map(|(r, o)| (r, o.clone())).collect();
        assert_eq!(before.len(), after.len());
        for ((r1, o1), (r2, o2)) in before.iter().zip(&after) {
            assert_eq!(r1, r2);
            assert_eq!(o1.body, o2.body);
            assert_eq!(o1.sid, o2.sid);
        }
        // the same allocations get the same ids again after rolling back
        let again = h.alloc_instance(c, vec![].into());
        assert_eq!(h.get(again).sid, h.get(again).sid);
        let m2 = h.mark();
        let x = h.alloc_instance(c, vec![].into());
        let sid_x = h.get(x).sid;
        h.rollback(&m2);
        let y = h.alloc_instance(c, vec![].into());
        assert_eq!(h.get(y).sid, sid_x, "identities depend on the thread's history, not on what was undone");
    }

    /// Hashes every dirty object with a stand-in hash (its field 0 plus one), as the
    /// vm's hashing does with real ones; returns how much the stored sum changed.
    fn hash_dirty(h: &mut Heap) -> u128 {
        let mut delta: u128 = 0;
        for r in h.take_dirty() {
            let new = match h.field(r, 0) {
                Some(Value::Int(v)) => v as u128 + 1,
                _ => 1,
            };
            delta = delta.wrapping_add(new).wrapping_sub(h.set_hash(r, new));
        }
        delta
    }

    fn stored_sum(h: &Heap) -> u128 {
        h.iter().fold(0u128, |s, (_, o)| s.wrapping_add(o.hash))
    }

    #[test]
    fn rollback_past_stale_hashes_restores_dirty_lists_and_sums() {
        let mut h = Heap::new();
        let c = ClassId(0);
        let a = h.alloc_instance(c, vec![Value::Int(1)].into());
        let b = h.alloc_instance(c, vec![Value::Int(2)].into());
        let d = h.alloc_instance(c, vec![Value::Int(3)].into());
        h.start_tracking();
        let mut sum = hash_dirty(&mut h);
        // a mark with stale hashes: `a` changed and is not hashed yet
        h.set_field(a, 0, Value::Int(10));
        let m = h.mark();
        // nothing hashed since: the dirty list is the mark's
        h.set_field(b, 0, Value::Int(20));
        sum = sum.wrapping_add(h.rollback(&m));
        assert_eq!(h.dirty, vec![a.index() as u32], "only `a` is dirty, as at the mark");
        assert_eq!(sum, stored_sum(&h));
        // hashed since, after `a` and `b` changed; `d` changes after that hashing
        h.set_field(a, 0, Value::Int(11));
        h.set_field(b, 0, Value::Int(20));
        sum = sum.wrapping_add(hash_dirty(&mut h));
        h.set_field(d, 0, Value::Int(30));
        let fresh = h.alloc_instance(c, vec![Value::Int(4)].into());
        sum = sum.wrapping_add(hash_dirty(&mut h));
        assert_eq!(sum, stored_sum(&h));
        sum = sum.wrapping_add(h.rollback(&m));
        assert!(h.try_get(fresh).is_none());
        assert_eq!(sum, stored_sum(&h), "the sum follows the restored hashes");
        // `a` was dirty at the mark and changed since: restored dirty, its content
        // the mark's; `b` and `d` were clean then
        let mut dirty = h.dirty.clone();
        dirty.sort_unstable();
        assert_eq!(dirty, vec![a.index() as u32]);
        assert!(h.get(a).flags & DIRTY != 0 && h.get(b).flags & DIRTY == 0 && h.get(d).flags & DIRTY == 0);
        assert_eq!(h.field(a, 0), Some(Value::Int(10)));
        // hashing now makes every stored hash its content's
        sum = sum.wrapping_add(hash_dirty(&mut h));
        for (r, v) in [(a, 10), (b, 2), (d, 3)] {
            assert_eq!(h.get(r).hash, v as u128 + 1);
        }
        assert_eq!(sum, stored_sum(&h));
        // two rollbacks in a row after hashing: `a`, dirty at both marks and changed
        // only after the later one, stays listed through the second (which restores
        // nothing of it)
        h.set_field(a, 0, Value::Int(12));
        let earlier = h.mark();
        let later = h.mark();
        h.set_field(a, 0, Value::Int(13));
        sum = sum.wrapping_add(hash_dirty(&mut h));
        sum = sum.wrapping_add(h.rollback(&later));
        sum = sum.wrapping_add(h.rollback(&earlier));
        assert_eq!(h.dirty, vec![a.index() as u32]);
        assert_eq!(h.field(a, 0), Some(Value::Int(12)));
        sum = sum.wrapping_add(hash_dirty(&mut h));
        assert_eq!(h.get(a).hash, 13);
        assert_eq!(sum, stored_sum(&h));
    }
}
