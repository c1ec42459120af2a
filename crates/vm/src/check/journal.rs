//! The vm-level undo journal: everything outside the heap that a transition can
//! change — class states (statics, initialisation), threads, the open-file table, the
//! clock, captured output, the exit status — recorded before its first change after
//! each mark, and restored by [`Vm::rollback_to`]. The heap, off-heap memory
//! (`native_memory`) and the zip streams (`zip_streams.rs`) have journals of their own;
//! a [`VmMark`] covers them all.

use crate::class::{ClassId, ClassState, InitState};
use crate::heap::HeapMark;
use crate::native_memory::NativeMark;
use crate::zip_streams::ZipMark;
use crate::thread::JThread;
use crate::value::{ObjRef, Value};
use crate::vm::Vm;

/// One undo record.
pub(crate) enum VmUndo {
    /// a class state before its first change in an epoch
    ClassState(ClassId, ClassState),
    /// a thread before its first change in an epoch
    Thread(u32, JThread),
    /// the number of threads before a start
    ThreadCount(usize),
    /// a saved initialisation error was set
    InitError(ClassId, Option<ObjRef>),
    /// a slot of the open-file table before its first change in an epoch
    FileSlot(usize, crate::file_table::Slot),
    /// the number of open-file slots before one was added
    FileCount(usize),
    /// how much of standard input had been read
    StdinPosition(u64),
    /// the linearizability histories before a change
    Linearizability(Box<super::LinMonitor>),
}

/// A state the vm can return to.
#[derive(Clone, Debug)]
pub struct VmMark {
    pub(crate) heap: HeapMark,
    pub(crate) native: NativeMark,
    pub(crate) zip: ZipMark,
    pub(crate) journal: usize,
    pub(crate) clock: i64,
    pub(crate) stdout: usize,
    pub(crate) stderr: usize,
    pub(crate) exit: Option<i32>,
    pub(crate) heap_sum: u128,
    pub(crate) statics_sum: u128,
    pub(crate) stack_refs: std::rc::Rc<[u32]>,
    /// whether every hash was up to date (see [`Vm::save`])
    pub(crate) hashed: bool,
    /// how many times hashes had been brought up to date ([`CheckState::hash_runs`])
    pub(crate) hash_runs: u64,
    pub(crate) static_ref_dropped: bool,
}

impl VmMark {
    /// A mark outside model checking (nothing but the heap's and stores' positions).
    fn untracked(heap: HeapMark, native: NativeMark, zip: ZipMark) -> Self {
        VmMark {
            heap,
            native,
            zip,
            journal: 0,
            clock: 0,
            stdout: 0,
            stderr: 0,
            exit: None,
            heap_sum: 0,
            statics_sum: 0,
            stack_refs: std::rc::Rc::from([]),
            hashed: false,
            hash_runs: 0,
            static_ref_dropped: true,
        }
    }
}

impl Vm {
    fn journal_epoch(&self) -> Option<u32> {
        self.check.as_ref().map(|c| c.epoch)
    }

    /// A class state for changing it (journaled under the model checker; the class's
    /// hash is recomputed at the next fingerprint).
    pub(crate) fn class_state_mut(&mut self, c: ClassId) -> &mut ClassState {
        if let Some(epoch) = self.journal_epoch() {
            let st = &mut self.class_states[c.index()];
            if st.epoch != epoch {
                let copy = st.clone();
                st.epoch = epoch;
                if let Some(chk) = self.check.as_mut() {
                    chk.journal.push(VmUndo::ClassState(c, copy));
                }
            }
            let st = &mut self.class_states[c.index()];
            if !st.dirty {
                st.dirty = true;
                if let Some(chk) = self.check.as_mut() {
                    chk.dirty_classes.push(c);
                }
            }
            if let Some(chk) = self.check.as_mut() {
                let i = c.index();
                if i >= chk.changed_listed.len() {
                    chk.changed_listed.resize(i + 1, false);
                }
                if !chk.changed_listed[i] {
                    chk.changed_listed[i] = true;
                    chk.changed_classes.push(c);
                }
            }
        }
        &mut self.class_states[c.index()]
    }

    /// Writes a static field; a stored reference is published (every thread can
    /// read statics).
    pub(crate) fn set_static_slot(&mut self, c: ClassId, slot: usize, v: Value) {
        let mut dropped_ref = false;
        if let Some(s) = self.class_state_mut(c).statics.get_mut(slot) {
            dropped_ref = matches!(s, Value::Ref(Some(_)));
            *s = v;
        }
        if dropped_ref {
            if let Some(chk) = self.check.as_mut() {
                chk.static_ref_dropped = true;
            }
        }
        if let Value::Ref(Some(r)) = v {
            if self.heap.tracking() {
                self.heap.publish(r);
            }
        }
    }

    /// Sets a class's initialisation status.
    pub(crate) fn set_init_state(&mut self, c: ClassId, init: InitState) {
        self.class_state_mut(c).init = init;
    }

    /// A thread for changing it (journaled under the model checker).
    pub(crate) fn thread_mut(&mut self, tid: u32) -> &mut JThread {
        if let Some(epoch) = self.journal_epoch() {
            let t = &mut self.threads[tid as usize];
            if t.epoch != epoch {
                let copy = t.clone();
                t.epoch = epoch;
                if let Some(chk) = self.check.as_mut() {
                    chk.journal.push(VmUndo::Thread(tid, copy));
                }
            }
        }
        &mut self.threads[tid as usize]
    }

    /// Adds a thread (journaled).
    pub(crate) fn push_thread(&mut self, t: JThread) -> u32 {
        let n = self.threads.len();
        if let Some(chk) = self.check.as_mut() {
            chk.journal.push(VmUndo::ThreadCount(n));
        }
        let mut t = t;
        t.epoch = self.journal_epoch().unwrap_or(0);
        self.threads.push(t);
        n as u32
    }

    /// Records a class's saved initialisation error (journaled; part of the class's
    /// hash, so the class is marked changed).
    pub(crate) fn record_init_error_object(&mut self, c: ClassId, err: ObjRef) {
        self.class_state_mut(c);
        let old = self.init_errors.insert(c, err);
        if let Some(chk) = self.check.as_mut() {
            chk.journal.push(VmUndo::InitError(c, old));
        }
    }

    /// The current state as a mark (the caller keeps it).
    pub(crate) fn make_mark(&mut self) -> VmMark {
        let heap = self.heap.mark();
        let native = self.native_memory.mark();
        let zip = self.zip_streams.mark();
        let Some(chk) = self.check.as_mut() else { return VmMark::untracked(heap, native, zip) };
        chk.epoch = chk.next_epoch;
        chk.next_epoch += 1;
        VmMark {
            heap,
            native,
            zip,
            journal: chk.journal.len(),
            clock: self.nano_clock,
            stdout: self.output.stdout.len(),
            stderr: self.output.stderr.len(),
            exit: self.exit_status,
            heap_sum: chk.heap_sum,
            statics_sum: chk.statics_sum,
            stack_refs: chk.stack_refs.clone(),
            hashed: chk.hashes_current,
            hash_runs: chk.hash_runs,
            static_ref_dropped: chk.static_ref_dropped,
        }
    }

    /// Undoes everything since `mark`.
    ///
    /// The hash caches come back too: the dirty lists stay exact ([`Heap::rollback`];
    /// classes likewise: those listed now still flagged dirty, and those the journal
    /// restores dirty), and the hash sums follow the hashes the rollback restores. So
    /// a mark need not be taken with hashes up to date ([`Vm::save`]).
    ///
    /// [`Heap::rollback`]: crate::heap::Heap::rollback
    pub(crate) fn rollback_to(&mut self, mark: &VmMark) {
        let heap_delta = self.heap.rollback(&mark.heap);
        self.native_memory.rollback(&mark.native);
        self.zip_streams.rollback(&mark.zip);
        let Some(mut chk) = self.check.take() else { return };
        let mut statics_delta: u128 = 0;
        let mut dirty_classes = std::mem::take(&mut chk.dirty_classes);
        while chk.journal.len() > mark.journal {
            match chk.journal.pop() {
                Some(VmUndo::ClassState(c, st)) => {
                    statics_delta = statics_delta.wrapping_add(st.hash).wrapping_sub(self.class_states[c.index()].hash);
                    if st.dirty {
                        dirty_classes.push(c);
                    }
                    self.class_states[c.index()] = st;
                }
                Some(VmUndo::Thread(t, th)) => self.threads[t as usize] = th,
                Some(VmUndo::ThreadCount(n)) => self.threads.truncate(n),
                Some(VmUndo::InitError(c, old)) => match old {
                    Some(o) => {
                        self.init_errors.insert(c, o);
                    }
                    None => {
                        self.init_errors.remove(&c);
                    }
                },
                Some(VmUndo::FileSlot(i, slot)) => self.files.slots[i] = slot,
                Some(VmUndo::FileCount(n)) => self.files.slots.truncate(n),
                Some(VmUndo::StdinPosition(p)) => self.files.stdin_position = p,
                Some(VmUndo::Linearizability(m)) => chk.lin = Some(*m),
                None => break,
            }
        }
        dirty_classes.sort_unstable();
        dirty_classes.dedup();
        dirty_classes.retain(|c| self.class_states[c.index()].dirty);
        chk.dirty_classes = dirty_classes;
        chk.heap_sum = chk.heap_sum.wrapping_add(heap_delta);
        chk.statics_sum = chk.statics_sum.wrapping_add(statics_delta);
        chk.epoch = chk.next_epoch;
        chk.next_epoch += 1;
        chk.stack_refs = mark.stack_refs.clone();
        if chk.hash_runs == mark.hash_runs {
            // no young collection since: its hints are the mark's
            chk.static_ref_dropped = mark.static_ref_dropped;
        } else {
            // one ran since, and may have freed what the rollback brought back
            // without reaching it: collect at the next hashing
            chk.static_ref_dropped = true;
            self.heap.note_may_need_collection();
        }
        if mark.hashed {
            debug_assert!(chk.numbering.is_some() || (chk.heap_sum, chk.statics_sum) == (mark.heap_sum, mark.statics_sum));
            // every hash was up to date, right after a young collection
            chk.heap_sum = mark.heap_sum;
            chk.statics_sum = mark.statics_sum;
            chk.hashes_current = true;
            chk.static_ref_dropped = false;
            self.heap.note_collected();
        } else {
            chk.hashes_current = false;
            chk.verify_next_hashing = true;
        }
        self.check = Some(chk);
        self.nano_clock = mark.clock;
        self.output.stdout.truncate(mark.stdout);
        self.output.stderr.truncate(mark.stderr);
        self.exit_status = mark.exit;
    }
}
