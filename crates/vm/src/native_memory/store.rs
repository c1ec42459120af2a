//! The off-heap store: blocks of bytes at addresses handed out by a bump allocator,
//! with the undo journal and the incremental content hash that make them part of the
//! model checker's state.
//!
//! A block is a run of [`PAGE_SIZE`]-byte pages. A page that was never written is not
//! stored (it reads as zeros), so a large allocation costs only its page table until
//! it is used. When tracking is on (under the model checker), the store journals
//! exactly as the heap does (`heap/mod.rs`): a page is copied into the journal before
//! its first change after each [`NativeMemory::mark`] (pages of a block allocated in
//! the current epoch are not copied: undoing the allocation removes them), and
//! allocations, frees and the allocator's next address are recorded; [`NativeMemory::rollback`]
//! replays the journal backwards. The content hash is a sum of per-page hashes (an
//! all-zero page counts 0) and per-block header hashes (address, length); pages
//! changed since the last hash update are listed and only they are rehashed.
//!
//! Knows nothing of threads, scheduling points or Java: the vm's wrapper
//! (`native_memory/mod.rs`) turns faults into errors and reports accesses.

use std::collections::BTreeMap;

use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed};

/// Bytes per page: the unit of journaling and hashing.
pub(crate) const PAGE_SIZE: usize = 256;

/// The largest block the allocator hands out (a larger request fails, as `malloc`
/// would; `Unsafe` then throws `OutOfMemoryError`).
pub(crate) const MAX_BLOCK: u64 = 1 << 32;

/// The address of the first block.
const FIRST_ADDRESS: u64 = 0x7f00_0000_0000;

/// Block addresses are aligned to this, and consecutive blocks are at least this far
/// apart (so an access just past a block's end faults instead of reaching the next).
const ALIGN: u64 = 16;

/// One page of a block.
#[derive(Clone, Debug)]
struct Page {
    bytes: [u8; PAGE_SIZE],
    /// journal epoch of the last copy
    epoch: u32,
    /// the hash the store's sum counts for this page (stale while `dirty`)
    hash: u128,
    /// changed since `hash` was computed
    dirty: bool,
}

/// An allocated block.
#[derive(Clone, Debug)]
struct Block {
    len: u64,
    /// journal epoch of the allocation (its pages need no copies in that epoch)
    epoch: u32,
    /// pages; `None` reads as zeros
    pages: Vec<Option<Box<Page>>>,
}

impl Block {
    fn new(len: u64, epoch: u32) -> Block {
        Block { len, epoch, pages: vec![None; len.div_ceil(PAGE_SIZE as u64) as usize] }
    }
}

/// One undo record.
#[derive(Debug)]
enum Undo {
    /// a page (of the block at the address) before its first change in an epoch
    Page(u64, u32, Option<Box<Page>>),
    /// a block was allocated at this address
    Allocated(u64),
    /// a block was freed
    Freed(u64, Block),
    /// the allocator's next address before an allocation
    NextAddress(u64),
}

#[derive(Debug)]
struct Journal {
    entries: Vec<Undo>,
    epoch: u32,
    next_epoch: u32,
}

/// A point the store can roll back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NativeMark {
    entries: usize,
    sum: u128,
}

/// An access that is not inside one allocated block, or a free or reallocation of an
/// address that is not the start of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    /// the first byte
    pub(crate) address: u64,
    /// how many bytes
    pub(crate) len: u64,
}

/// Off-heap memory.
#[derive(Debug)]
pub(crate) struct NativeMemory {
    blocks: BTreeMap<u64, Block>,
    next_address: u64,
    journal: Option<Journal>,
    /// pages written since the last hash update (block address, page index; may
    /// repeat or name freed blocks)
    dirty: Vec<(u64, u32)>,
    /// the sum of the header hashes of the blocks and the hashes of their pages
    sum: u128,
}

impl Default for NativeMemory {
    fn default() -> Self {
        NativeMemory::new()
    }
}

fn header_hash(address: u64, len: u64) -> u128 {
    let mut b = [0u8; 20];
    b[..4].copy_from_slice(b"blk\0");
    b[4..12].copy_from_slice(&address.to_le_bytes());
    b[12..].copy_from_slice(&len.to_le_bytes());
    xxh3_128(&b)
}

fn page_hash(address: u64, index: u32, bytes: &[u8; PAGE_SIZE]) -> u128 {
    if bytes.iter().all(|&b| b == 0) {
        return 0;
    }
    let seed = crate::heap::mix_ids(address, index as u64);
    xxh3_128_with_seed(bytes, seed)
}

impl NativeMemory {
    /// No blocks.
    pub(crate) fn new() -> NativeMemory {
        NativeMemory { blocks: BTreeMap::new(), next_address: FIRST_ADDRESS, journal: None, dirty: Vec::new(), sum: 0 }
    }

    /// Turns on journaling and hashing (the model checker's initial state).
    pub(crate) fn start_tracking(&mut self) {
        self.journal = Some(Journal { entries: Vec::new(), epoch: 1, next_epoch: 2 });
        self.dirty.clear();
        let mut sum: u128 = 0;
        for (&address, block) in self.blocks.iter_mut() {
            sum = sum.wrapping_add(header_hash(address, block.len));
            for (i, page) in block.pages.iter_mut().enumerate() {
                if let Some(p) = page {
                    p.hash = page_hash(address, i as u32, &p.bytes);
                    p.dirty = false;
                    p.epoch = 0;
                    sum = sum.wrapping_add(p.hash);
                }
            }
            block.epoch = 0;
        }
        self.sum = sum;
    }

    fn epoch(&self) -> Option<u32> {
        self.journal.as_ref().map(|j| j.epoch)
    }

    fn record(&mut self, u: Undo) {
        if let Some(j) = &mut self.journal {
            j.entries.push(u);
        }
    }

    /// A zeroed block of `len` bytes; its address, or `None` when `len` exceeds
    /// [`MAX_BLOCK`].
    pub(crate) fn allocate(&mut self, len: u64) -> Option<u64> {
        if len > MAX_BLOCK {
            return None;
        }
        let address = self.next_address;
        self.record(Undo::NextAddress(address));
        self.next_address = address + len.div_ceil(ALIGN) * ALIGN + ALIGN;
        let epoch = self.epoch().unwrap_or(0);
        self.blocks.insert(address, Block::new(len, epoch));
        self.record(Undo::Allocated(address));
        if self.journal.is_some() {
            self.sum = self.sum.wrapping_add(header_hash(address, len));
        }
        Some(address)
    }

    /// Frees the block that starts at `address`.
    pub(crate) fn free(&mut self, address: u64) -> Result<(), Fault> {
        let block = self.blocks.remove(&address).ok_or(Fault { address, len: 0 })?;
        if self.journal.is_some() {
            let pages = block.pages.iter().flatten().fold(0u128, |s, p| s.wrapping_add(p.hash));
            self.sum = self.sum.wrapping_sub(header_hash(address, block.len)).wrapping_sub(pages);
        }
        self.record(Undo::Freed(address, block));
        Ok(())
    }

    /// Moves the block that starts at `address` to a new block of `len` bytes (its
    /// content up to `len`, zeros beyond) and frees the old one. Returns the new
    /// address, or `Ok(None)` when `len` exceeds [`MAX_BLOCK`] (the old block stays).
    pub(crate) fn reallocate(&mut self, address: u64, len: u64) -> Result<Option<u64>, Fault> {
        let Some(old) = self.blocks.get(&address) else { return Err(Fault { address, len: 0 }) };
        let keep = old.len.min(len);
        let pages: Vec<(usize, [u8; PAGE_SIZE])> =
            old.pages.iter().enumerate().filter_map(|(i, p)| p.as_ref().map(|p| (i, p.bytes))).collect();
        let Some(new) = self.allocate(len) else { return Ok(None) };
        for (i, bytes) in pages {
            let start = (i * PAGE_SIZE) as u64;
            if start >= keep {
                break;
            }
            let n = (keep - start).min(PAGE_SIZE as u64) as usize;
            self.write(new + start, &bytes[..n])?;
        }
        self.free(address)?;
        Ok(Some(new))
    }

    /// The block containing `address`: its start and length.
    pub(crate) fn block_of(&self, address: u64) -> Option<(u64, u64)> {
        let (&base, block) = self.blocks.range(..=address).next_back()?;
        (address < base + block.len).then_some((base, block.len))
    }

    /// The block holding all of `[address, address + len)`, or the fault.
    fn containing(&self, address: u64, len: u64) -> Result<u64, Fault> {
        let fault = Fault { address, len };
        let end = address.checked_add(len).ok_or(fault)?;
        match self.blocks.range(..=address).next_back() {
            Some((&base, block)) if end <= base + block.len && (len > 0 || address < base + block.len) => Ok(base),
            _ => Err(fault),
        }
    }

    /// Reads `out.len()` bytes from `address`.
    pub(crate) fn read(&self, address: u64, out: &mut [u8]) -> Result<(), Fault> {
        let base = self.containing(address, out.len() as u64)?;
        let block = &self.blocks[&base];
        let mut at = (address - base) as usize;
        let mut done = 0;
        while done < out.len() {
            let (page, within) = (at / PAGE_SIZE, at % PAGE_SIZE);
            let n = (PAGE_SIZE - within).min(out.len() - done);
            match &block.pages[page] {
                Some(p) => out[done..done + n].copy_from_slice(&p.bytes[within..within + n]),
                None => out[done..done + n].fill(0),
            }
            done += n;
            at += n;
        }
        Ok(())
    }

    /// The page `index` of the block at `base`, for changing it: copied into the
    /// journal before its first change in an epoch, created if absent, marked dirty.
    fn page_mut(&mut self, base: u64, index: usize) -> &mut Page {
        let epoch = self.epoch();
        let block = self.blocks.get_mut(&base).unwrap_or_else(|| unreachable!("page of a missing block"));
        let slot = &mut block.pages[index];
        if let Some(e) = epoch {
            let fresh = block.epoch == e;
            let stale = !matches!(slot, Some(p) if p.epoch == e);
            if stale && !fresh {
                let copy = slot.clone();
                if let Some(j) = &mut self.journal {
                    j.entries.push(Undo::Page(base, index as u32, copy));
                }
            }
        }
        let page = slot.get_or_insert_with(|| Box::new(Page { bytes: [0; PAGE_SIZE], epoch: 0, hash: 0, dirty: false }));
        if let Some(e) = epoch {
            page.epoch = e;
            if !page.dirty {
                page.dirty = true;
                self.dirty.push((base, index as u32));
            }
        }
        page
    }

    /// Writes `bytes` at `address`.
    pub(crate) fn write(&mut self, address: u64, bytes: &[u8]) -> Result<(), Fault> {
        let base = self.containing(address, bytes.len() as u64)?;
        let mut at = (address - base) as usize;
        let mut done = 0;
        while done < bytes.len() {
            let (page, within) = (at / PAGE_SIZE, at % PAGE_SIZE);
            let n = (PAGE_SIZE - within).min(bytes.len() - done);
            self.page_mut(base, page).bytes[within..within + n].copy_from_slice(&bytes[done..done + n]);
            done += n;
            at += n;
        }
        Ok(())
    }

    /// Sets `len` bytes from `address` to `value` (pages never written stay absent
    /// when `value` is 0).
    pub(crate) fn fill(&mut self, address: u64, len: u64, value: u8) -> Result<(), Fault> {
        let base = self.containing(address, len)?;
        let mut at = (address - base) as usize;
        let end = at + len as usize;
        while at < end {
            let (page, within) = (at / PAGE_SIZE, at % PAGE_SIZE);
            let n = (PAGE_SIZE - within).min(end - at);
            let absent = self.blocks.get(&base).is_some_and(|b| b.pages[page].is_none());
            if !(absent && value == 0) {
                self.page_mut(base, page).bytes[within..within + n].fill(value);
            }
            at += n;
        }
        Ok(())
    }

    /// Brings the content hash up to date (rehashing the pages written since).
    pub(crate) fn update_hash(&mut self) {
        if self.journal.is_none() {
            return;
        }
        let mut sum = self.sum;
        for (base, index) in std::mem::take(&mut self.dirty) {
            let Some(block) = self.blocks.get_mut(&base) else { continue };
            let Some(Some(page)) = block.pages.get_mut(index as usize) else { continue };
            if !page.dirty {
                continue;
            }
            page.dirty = false;
            let new = page_hash(base, index, &page.bytes);
            sum = sum.wrapping_add(new).wrapping_sub(std::mem::replace(&mut page.hash, new));
        }
        self.sum = sum;
    }

    /// The hash of the whole store (blocks, content, the allocator's next address).
    pub(crate) fn hash(&mut self) -> u128 {
        self.update_hash();
        let mut b = [0u8; 24];
        b[..16].copy_from_slice(&self.sum.to_le_bytes());
        b[16..].copy_from_slice(&self.next_address.to_le_bytes());
        xxh3_128(&b)
    }

    /// The canonical encoding of the store (for `--exact-states`): the allocator's
    /// next address, then each block by address with its length and its pages that
    /// are not all zero.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.next_address.to_le_bytes());
        out.extend_from_slice(&(self.blocks.len() as u64).to_le_bytes());
        for (&base, block) in &self.blocks {
            out.extend_from_slice(&base.to_le_bytes());
            out.extend_from_slice(&block.len.to_le_bytes());
            for (i, page) in block.pages.iter().enumerate() {
                if let Some(p) = page.as_ref().filter(|p| p.bytes.iter().any(|&b| b != 0)) {
                    out.extend_from_slice(&(i as u32).to_le_bytes());
                    out.extend_from_slice(&p.bytes);
                }
            }
            out.extend_from_slice(&u32::MAX.to_le_bytes());
        }
    }

    /// A point to roll back to (brings the hash up to date); starts a new epoch.
    pub(crate) fn mark(&mut self) -> NativeMark {
        self.update_hash();
        match &mut self.journal {
            Some(j) => {
                j.epoch = j.next_epoch;
                j.next_epoch += 1;
                NativeMark { entries: j.entries.len(), sum: self.sum }
            }
            None => NativeMark { entries: 0, sum: self.sum },
        }
    }

    /// Undoes every change since `mark`.
    pub(crate) fn rollback(&mut self, mark: &NativeMark) {
        let Some(j) = &mut self.journal else { return };
        while j.entries.len() > mark.entries {
            match j.entries.pop() {
                Some(Undo::Page(base, index, page)) => {
                    if let Some(slot) = self.blocks.get_mut(&base).and_then(|b| b.pages.get_mut(index as usize)) {
                        *slot = page;
                    }
                }
                Some(Undo::Allocated(base)) => {
                    self.blocks.remove(&base);
                }
                Some(Undo::Freed(base, block)) => {
                    self.blocks.insert(base, block);
                }
                Some(Undo::NextAddress(a)) => self.next_address = a,
                None => break,
            }
        }
        // pages restored from the journal carry old epochs: never reuse one
        j.epoch = j.next_epoch;
        j.next_epoch += 1;
        self.dirty.clear();
        self.sum = mark.sum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracked() -> NativeMemory {
        let mut m = NativeMemory::new();
        m.start_tracking();
        m
    }

    fn read_vec(m: &NativeMemory, a: u64, n: usize) -> Vec<u8> {
        let mut v = vec![0; n];
        m.read(a, &mut v).expect("in bounds");
        v
    }

    #[test]
    fn reads_what_was_written_and_zeros_elsewhere() {
        let mut m = NativeMemory::new();
        let a = m.allocate(1000).expect("small");
        assert_eq!(read_vec(&m, a, 8), vec![0; 8]);
        m.write(a + 250, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).expect("in bounds");
        assert_eq!(read_vec(&m, a + 248, 14), vec![0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0]);
        m.fill(a + 500, 300, 7).expect("in bounds");
        assert_eq!(read_vec(&m, a + 499, 3), vec![0, 7, 7]);
        assert_eq!(read_vec(&m, a + 799, 2), vec![7, 0]);
    }

    #[test]
    fn accesses_outside_every_block_fault() {
        let mut m = NativeMemory::new();
        let a = m.allocate(16).expect("small");
        let b = m.allocate(16).expect("small");
        assert!(b >= a + 32, "blocks are apart");
        let mut x = [0u8; 4];
        assert_eq!(m.read(a + 14, &mut x), Err(Fault { address: a + 14, len: 4 }));
        assert_eq!(m.write(a - 1, &[1]), Err(Fault { address: a - 1, len: 1 }));
        assert!(m.write(a + 16, &[1]).is_err());
        assert!(m.read(u64::MAX - 1, &mut x).is_err());
        assert_eq!(m.free(a + 8), Err(Fault { address: a + 8, len: 0 }));
        m.free(a).expect("a block");
        assert!(m.read(a, &mut x).is_err(), "freed memory faults");
        assert!(m.free(a).is_err(), "double free");
        assert_eq!(m.allocate(MAX_BLOCK + 1), None);
    }

    #[test]
    fn reallocate_keeps_the_prefix_and_frees_the_old_block() {
        let mut m = NativeMemory::new();
        let a = m.allocate(600).expect("small");
        m.fill(a, 600, 9).expect("in bounds");
        let b = m.reallocate(a, 300).expect("a block").expect("small");
        assert_ne!(a, b);
        assert!(m.block_of(a).is_none());
        assert_eq!(m.block_of(b + 299), Some((b, 300)));
        assert_eq!(read_vec(&m, b + 296, 4), vec![9; 4]);
        let c = m.reallocate(b, 1000).expect("a block").expect("small");
        assert_eq!(read_vec(&m, c + 298, 4), vec![9, 9, 0, 0]);
        assert!(m.reallocate(b, 8).is_err(), "b was freed");
    }

    #[test]
    fn rollback_restores_content_blocks_and_the_allocator() {
        let mut m = NativeMemory::new();
        let a = m.allocate(4096).expect("small");
        m.write(a, &[5; 300]).expect("in bounds");
        m.start_tracking();
        let h0 = m.hash();
        let mut enc0 = Vec::new();
        m.encode(&mut enc0);
        let mark = m.mark();
        m.write(a + 10, &[1, 2, 3]).expect("in bounds");
        m.write(a + 11, &[4]).expect("in bounds");
        m.fill(a + 1000, 2000, 8).expect("in bounds");
        let b = m.allocate(64).expect("small");
        m.write(b, &[6; 64]).expect("in bounds");
        let inner = m.mark();
        m.write(b + 1, &[0]).expect("in bounds");
        let c = m.reallocate(b, 128).expect("a block").expect("small");
        m.free(a).expect("a block");
        assert_ne!(m.hash(), h0);
        m.rollback(&inner);
        assert_eq!(read_vec(&m, b, 3), vec![6, 6, 6]);
        assert!(m.block_of(c).is_none());
        assert_eq!(read_vec(&m, a + 10, 3), vec![1, 4, 3]);
        m.rollback(&mark);
        assert_eq!(m.hash(), h0);
        let mut enc = Vec::new();
        m.encode(&mut enc);
        assert_eq!(enc, enc0);
        assert!(m.block_of(b).is_none());
        assert_eq!(read_vec(&m, a + 8, 4), vec![5; 4]);
        assert_eq!(read_vec(&m, a + 1000, 4), vec![0; 4]);
        // the allocator hands out the same address again
        assert_eq!(m.allocate(64), Some(b));
    }

    #[test]
    fn equal_contents_hash_equally_whatever_the_history() {
        let mut m = tracked();
        let a = m.allocate(1024).expect("small");
        let h_zero = m.hash();
        let mark = m.mark();
        m.write(a + 3, &[1, 2]).expect("in bounds");
        let h_written = m.hash();
        assert_ne!(h_written, h_zero);
        m.write(a + 3, &[0, 0]).expect("in bounds");
        assert_eq!(m.hash(), h_zero, "a page written back to zeros counts as never written");
        m.fill(a, 1024, 0).expect("in bounds");
        assert_eq!(m.hash(), h_zero);
        // the same content by a different route
        m.fill(a, 5, 1).expect("in bounds");
        m.write(a, &[0, 0, 0]).expect("in bounds");
        m.write(a + 4, &[2, 0]).expect("in bounds");
        m.write(a + 3, &[1]).expect("in bounds");
        m.write(a + 4, &[2]).expect("in bounds");
        assert_eq!(m.hash(), h_written);
        m.rollback(&mark);
        assert_eq!(m.hash(), h_zero);
        // a different address or length is a different state
        let mark = m.mark();
        m.write(a + 4, &[1, 2]).expect("in bounds");
        assert_ne!(m.hash(), h_written);
        m.rollback(&mark);
        let b = m.allocate(8).expect("small");
        let with_b = m.hash();
        m.free(b).expect("a block");
        assert_ne!(m.hash(), with_b);
        assert_ne!(m.hash(), h_zero, "the allocator moved on");
    }

    #[test]
    fn freeing_a_written_block_then_rolling_back_restores_its_hash() {
        let mut m = tracked();
        let a = m.allocate(512).expect("small");
        m.write(a + 300, &[7]).expect("in bounds");
        let h = m.hash();
        let mark = m.mark();
        m.write(a + 301, &[8]).expect("in bounds");
        m.free(a).expect("a block");
        let b = m.allocate(512).expect("small");
        m.write(b + 300, &[7]).expect("in bounds");
        assert_ne!(m.hash(), h);
        m.rollback(&mark);
        assert_eq!(m.hash(), h);
        assert_eq!(read_vec(&m, a + 300, 2), vec![7, 0]);
        // rehashing from scratch agrees with the incremental sum
        let incremental = m.hash();
        m.start_tracking();
        assert_eq!(m.hash(), incremental);
    }
}
