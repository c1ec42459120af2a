//! Off-heap memory as natives see it: `Unsafe.allocateMemory` and the raw-address
//! accesses of `Unsafe` (direct byte buffers use them), and any other native that
//! reads or writes memory at an address (NIO).
//!
//! The store is `store.rs` ([`NativeMemory`], the vm's `native_memory`: blocks,
//! journal, hash). This module is the API natives use — allocate, free, reallocate,
//! read, write, fill — so that every use of off-heap memory is journaled, hashed and
//! reported to the model checker the same way. A fault (an access outside every
//! block, freeing an address that starts no block) is `VmError::NativeMemory`: HotSpot
//! would crash or corrupt memory.
//!
//! Access records (what partial-order reduction sees), always visible — raw memory is
//! reachable by any thread that knows the address:
//! - an access to bytes of a block: the 8-byte words it touches (object: the block's
//!   id, field: the word index from the block's start), plus a read of the block's
//!   [`AccessRecord::BLOCK`] pseudo-field; an access spanning more than
//!   `MAX_WORD_RECORDS` words writes that pseudo-field instead of listing its words
//!   (conflicting with every access to the block);
//! - freeing or reallocating a block writes its `BLOCK` pseudo-field;
//! - allocating and reallocating write the allocator (its next address is state);
//!   an access outside every block reads it (only an allocation can change that).
//!
//! `check/policy.rs` labels the pending `Unsafe` operation with the same records
//! (computed in the state it runs from), so what a thread stands before and what its
//! transition did agree; natives that are not scheduling points (NIO) still report
//! their accesses through this API.

mod store;

pub(crate) use store::{NativeMark, NativeMemory};

use crate::check::AccessRecord;
use crate::error::VmError;
use crate::native::Unwind;
use crate::vm::Vm;
use store::Fault;

/// The stable id of the allocator (a pseudo-object).
const ALLOCATOR_ID: u64 = 0x4e41_5449_5645_414c;

/// Mixed with a block's address into its stable id.
const BLOCK_TAG: u64 = 0x4f46_4648_4541_5042;

/// Accesses spanning more words than this are recorded as one write of the block.
const MAX_WORD_RECORDS: u64 = 64;

fn fault_error(what: &str, f: Fault) -> Unwind {
    Unwind::Fatal(VmError::NativeMemory(format!(
        "{what} of {} bytes at address 0x{:x}, outside every allocated block (HotSpot would crash)",
        f.len, f.address
    )))
}

/// The stable id of the off-heap block that starts at `base`.
fn block_id(base: u64) -> u64 {
    crate::heap::mix_ids(BLOCK_TAG, base)
}

/// The access records of an access to `len` bytes at `address`, which lies in `block`
/// (its start and length) or in no block.
fn range_records(block: Option<(u64, u64)>, address: u64, len: u64, write: bool, out: &mut Vec<AccessRecord>) {
    if len == 0 {
        return;
    }
    let Some((base, block_len)) = block else {
        out.push(Vm::allocator_record(false));
        return;
    };
    let object = block_id(base);
    let first = (address - base) / 8;
    let last = (address - base).saturating_add(len - 1).min(block_len.saturating_sub(1)) / 8;
    if last - first >= MAX_WORD_RECORDS {
        out.push(AccessRecord { object, field: AccessRecord::BLOCK, write: true, update: false, visible: true, owner: AccessRecord::NO_OWNER });
        return;
    }
    out.push(AccessRecord { object, field: AccessRecord::BLOCK, write: false, update: false, visible: true, owner: AccessRecord::NO_OWNER });
    // a block is at most 4 GiB, so word indices stay below the pseudo-fields
    out.extend((first..=last).map(|w| AccessRecord { object, field: w as u32, write, update: false, visible: true, owner: AccessRecord::NO_OWNER }));
}

impl Vm {
    /// The access record of the allocator.
    pub(crate) fn allocator_record(write: bool) -> AccessRecord {
        AccessRecord { object: ALLOCATOR_ID, field: 0, write, update: false, visible: true, owner: AccessRecord::NO_OWNER }
    }

    /// The access records of an access to `len` bytes at `address` (see the module
    /// docs), appended to `out`.
    pub(crate) fn native_access_records(&self, address: u64, len: u64, write: bool, out: &mut Vec<AccessRecord>) {
        range_records(self.native_memory.block_of(address), address, len, write, out);
    }

    /// The access record of freeing (or reallocating) the block at `address`.
    pub(crate) fn native_block_record(&self, address: u64) -> AccessRecord {
        match self.native_memory.block_of(address) {
            Some((base, _)) if base == address => {
                AccessRecord { object: block_id(base), field: AccessRecord::BLOCK, write: true, update: false, visible: true, owner: AccessRecord::NO_OWNER }
            }
            _ => Self::allocator_record(false),
        }
    }

    /// Adds records to the running transition's accesses (each once).
    fn note_native_accesses(&mut self, records: &[AccessRecord]) {
        for r in records {
            self.note_access(*r);
        }
    }

    fn note_native_range(&mut self, address: u64, len: u64, write: bool) {
        if self.check.is_some() {
            let mut v = Vec::new();
            self.native_access_records(address, len, write, &mut v);
            self.note_native_accesses(&v);
        }
    }

    /// `malloc`: a zeroed block of `len` bytes; its address, or 0 when it is too large
    /// (jvmc's limit is 4 GiB a block).
    pub(crate) fn native_allocate(&mut self, len: u64) -> u64 {
        self.note_native_accesses(&[Self::allocator_record(true)]);
        self.native_memory.allocate(len).unwrap_or(0)
    }

    /// `realloc`: moves the block at `address` to a new block of `len` bytes; its
    /// address, or 0 when too large (the old block stays).
    pub(crate) fn native_reallocate(&mut self, address: u64, len: u64) -> Result<u64, Unwind> {
        let block = self.native_block_record(address);
        self.note_native_accesses(&[Self::allocator_record(true), block]);
        match self.native_memory.reallocate(address, len) {
            Ok(a) => Ok(a.unwrap_or(0)),
            Err(f) => Err(fault_error("reallocation", f)),
        }
    }

    /// `free`: frees the block that starts at `address`.
    pub(crate) fn native_free(&mut self, address: u64) -> Result<(), Unwind> {
        let block = self.native_block_record(address);
        self.note_native_accesses(&[block]);
        self.native_memory.free(address).map_err(|f| {
            Unwind::Fatal(VmError::NativeMemory(format!(
                "free of address 0x{:x}, which is not the start of an allocated block (HotSpot would crash)",
                f.address
            )))
        })
    }

    /// Reads `out.len()` bytes at `address`.
    pub(crate) fn native_read(&mut self, address: u64, out: &mut [u8]) -> Result<(), Unwind> {
        self.note_native_range(address, out.len() as u64, false);
        self.native_memory.read(address, out).map_err(|f| fault_error("a read", f))
    }

    /// Writes `bytes` at `address`.
    pub(crate) fn native_write(&mut self, address: u64, bytes: &[u8]) -> Result<(), Unwind> {
        self.note_native_range(address, bytes.len() as u64, true);
        self.native_memory.write(address, bytes).map_err(|f| fault_error("a write", f))
    }

    /// Sets `len` bytes at `address` to `value`.
    pub(crate) fn native_fill(&mut self, address: u64, len: u64, value: u8) -> Result<(), Unwind> {
        self.note_native_range(address, len, true);
        self.native_memory.fill(address, len, value).map_err(|f| fault_error("a write", f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(block: Option<(u64, u64)>, address: u64, len: u64, write: bool) -> Vec<(u64, u32, bool)> {
        let mut v = Vec::new();
        range_records(block, address, len, write, &mut v);
        assert!(v.iter().all(|r| r.visible), "raw memory is reachable by every thread");
        v.into_iter().map(|r| (r.object, r.field, r.write)).collect()
    }

    #[test]
    fn an_access_reads_its_block_and_touches_each_word() {
        let b = Some((0x1000, 64));
        let id = block_id(0x1000);
        assert_eq!(records(b, 0x1000, 4, false), vec![(id, AccessRecord::BLOCK, false), (id, 0, false)]);
        // an unaligned long spans two words
        assert_eq!(records(b, 0x1004, 8, true), vec![(id, AccessRecord::BLOCK, false), (id, 0, true), (id, 1, true)]);
        assert_eq!(records(b, 0x1000, 0, true), vec![]);
        // an access running past the end records the words inside the block
        assert_eq!(records(b, 0x1038, 16, false), vec![(id, AccessRecord::BLOCK, false), (id, 7, false)]);
    }

    #[test]
    fn large_accesses_write_the_block_and_strays_read_the_allocator() {
        let b = Some((0x1000, 4096));
        let id = block_id(0x1000);
        assert_eq!(records(b, 0x1000, 8 * MAX_WORD_RECORDS, false).len(), 1 + MAX_WORD_RECORDS as usize);
        assert_eq!(records(b, 0x1000, 8 * MAX_WORD_RECORDS + 1, false), vec![(id, AccessRecord::BLOCK, true)]);
        assert_eq!(records(None, 0x5000, 4, true), vec![(ALLOCATOR_ID, 0, false)]);
        assert_ne!(block_id(0x1000), block_id(0x1010));
    }
}
