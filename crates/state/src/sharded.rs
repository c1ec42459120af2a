//! The visited set several threads share: [`ShardedVisitedSet`].
//!
//! The fingerprints are split over many shards, each a [`VisitedSet`] behind a mutex
//! of its own, so that threads inserting at the same time rarely wait for each other
//! (with 256 shards and a few threads, almost never). A fingerprint's shard comes from
//! a mix of both its halves, by a multiplier that is not [`VisitedSet`]'s: the bits
//! that pick the shard are not those that pick the home slot inside it, so every
//! shard fills evenly and its table keeps its load, as a single set would.
//!
//! How often a thread found its shard locked is counted ([`ShardedVisitedSet::contended`]):
//! `try_lock` first, and only on failure a count and a blocking `lock`.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard, TryLockError};

use crate::fingerprint::Fingerprint;
use crate::visited::VisitedSet;

/// An odd 64-bit multiplier (not [`VisitedSet`]'s) that spreads the fingerprints over
/// the shards.
const SHARD_MIX: u64 = 0xd6e8_feb8_6659_fd93;

/// One shard, on cache lines of its own (no false sharing between neighbours).
#[repr(align(128))]
#[derive(Debug)]
struct Shard(Mutex<VisitedSet>);

/// A set of fingerprints that threads share (see the module documentation).
#[derive(Debug)]
pub struct ShardedVisitedSet {
    shards: Box<[Shard]>,
    /// the memory of all shards, kept up to date as they grow
    bytes: AtomicU64,
    /// lookups that found their shard locked by another thread
    contended: AtomicU64,
}

/// A shard's lock: a thread that panicked holding it left a consistent set (a
/// [`VisitedSet`] insertion that panics midway is a bug that ends the search anyway).
fn lock(m: &Mutex<VisitedSet>) -> MutexGuard<'_, VisitedSet> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl ShardedVisitedSet {
    /// The number of shards [`Self::default`] makes.
    pub const DEFAULT_SHARDS: usize = 256;

    /// An empty set of `shards` shards (at least one).
    pub fn new(shards: usize) -> Self {
        let shards: Box<[Shard]> = (0..shards.max(1)).map(|_| Shard(Mutex::new(VisitedSet::new()))).collect();
        let bytes = shards.iter().map(|s| lock(&s.0).bytes()).sum();
        ShardedVisitedSet { shards, bytes: AtomicU64::new(bytes), contended: AtomicU64::new(0) }
    }

    /// The shard of `fp`: the top bits of a product of both its halves, reduced to the
    /// number of shards by multiply-shift.
    fn shard_index(&self, fp: Fingerprint) -> usize {
        let mixed = ((fp as u64) ^ ((fp >> 64) as u64)).wrapping_mul(SHARD_MIX);
        ((u128::from(mixed) * self.shards.len() as u128) >> 64) as usize
    }

    /// Locks the shard of `fp`, counting contention.
    fn shard(&self, fp: Fingerprint) -> MutexGuard<'_, VisitedSet> {
        let shard = &self.shards[self.shard_index(fp)].0;
        match shard.try_lock() {
            Ok(guard) => guard,
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) => {
                self.contended.fetch_add(1, Relaxed);
                lock(shard)
            }
        }
    }

    /// Adds a fingerprint; `true` if it was not in the set before (of several threads
    /// adding the same fingerprint, exactly one gets `true`).
    pub fn insert(&self, fp: Fingerprint) -> bool {
        let mut set = self.shard(fp);
        let before = set.bytes();
        let new = set.insert(fp);
        let grown = set.bytes().saturating_sub(before);
        drop(set);
        if grown > 0 {
            self.bytes.fetch_add(grown, Relaxed);
        }
        new
    }

    /// Whether a fingerprint is in the set.
    pub fn contains(&self, fp: Fingerprint) -> bool {
        self.shard(fp).contains(fp)
    }

    /// Number of fingerprints in the set (locks every shard in turn).
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| lock(&s.0).len()).sum()
    }

    /// Whether the set is empty (locks every shard in turn).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Memory of all shards, in bytes (without the shard array itself).
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Relaxed)
    }

    /// How many lookups found their shard locked by another thread and waited.
    pub fn contended(&self) -> u64 {
        self.contended.load(Relaxed)
    }

    /// The number of shards.
    pub fn shards(&self) -> usize {
        self.shards.len()
    }
}

impl Default for ShardedVisitedSet {
    fn default() -> Self {
        Self::new(Self::DEFAULT_SHARDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fingerprint::hash_bytes;
    use std::collections::HashSet;

    #[test]
    fn agrees_with_a_hash_set_across_threads() {
        let set = ShardedVisitedSet::default();
        let values: Vec<Fingerprint> = (0..20_000u64).map(|i| if i % 2 == 0 { hash_bytes(&(i / 4).to_le_bytes()) } else { u128::from(i / 4) }).collect();
        // four threads insert the same values: each one is new for exactly one of them
        let new: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4).map(|_| s.spawn(|| values.iter().filter(|&&v| set.insert(v)).count())).collect();
            handles.into_iter().map(|h| h.join().expect("thread")).sum()
        });
        let distinct: HashSet<Fingerprint> = values.iter().copied().collect();
        assert_eq!((new, set.len()), (distinct.len(), distinct.len()));
        assert!(distinct.iter().all(|&v| set.contains(v)));
        assert!(!set.contains(hash_bytes(b"never inserted")));
        assert!(set.bytes() >= 16 * distinct.len() as u64);
        let one = ShardedVisitedSet::new(0);
        assert_eq!((one.shards(), one.insert(7), one.insert(7), one.len()), (1, true, false, 1));
    }

    #[test]
    fn shards_fill_evenly() {
        let set = ShardedVisitedSet::default();
        let mut sizes = vec![0u32; set.shards()];
        for i in 0..256 * 400u64 {
            sizes[set.shard_index(hash_bytes(&i.to_le_bytes()))] += 1;
            sizes[set.shard_index(u128::from(i))] += 1; // small integers too
        }
        let (min, max) = (sizes.iter().min().copied().unwrap_or(0), sizes.iter().max().copied().unwrap_or(0));
        assert!(min > 600 && max < 1000, "{min}..{max}");
    }
}
