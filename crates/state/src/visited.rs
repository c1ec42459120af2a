//! The visited set: which fingerprints the search has already seen.
//!
//! [`VisitedSet`] is the hottest and biggest structure of a stateful search, so it is
//! built for memory: a single flat array of `u128` slots, no per-entry metadata, no
//! pointers. The design target is at most 24 bytes per stored state including all
//! table overhead (a 16-byte fingerprint at a load factor of at least 2/3).
//!
//! # How it works
//! An *ordered* linear-probing hash table (Amble and Knuth's "ordered hash tables",
//! equivalently Robin Hood hashing with the fingerprint as the hash):
//! - The stored key is the fingerprint multiplied by an odd constant. That is a
//!   bijection on `u128` (nothing is lost, `0` stays `0`) which spreads the bits, so even
//!   badly distributed fingerprints (small integers in tests) fill the table evenly.
//!   There is no other hash function: the key's own high 64 bits pick the home slot
//!   by multiply-shift range reduction, which is *monotone* in the key.
//! - The non-empty slots are kept in strictly ascending key order, every key sits at or
//!   after its home slot, and the slots between its home and its position are all
//!   occupied. A lookup starts at the home slot and stops at the key, at an empty slot,
//!   or at a bigger key; an insertion shifts the rest of the cluster one slot right.
//! - `0` marks an empty slot; the fingerprint `0` is remembered in a separate flag.
//! - Clusters may run past the last home slot into a small tail (1/128 of the table),
//!   which is extended on demand, so there is no wrap-around.
//!
//! # Growth
//! When more than 7/8 of the home slots are used the table grows: it doubles while it
//! has fewer than 2^16 home slots (1 MiB), and grows by a quarter after that. Because
//! the slots are sorted and home slots are monotone for *any* table size, growth is
//! one in-place pass over a reallocated array (`realloc`, which large allocations do
//! with `mremap`, without copying): the keys are compacted to the end, then placed
//! forward at their new positions. So a large table never needs its old and new
//! copies at once, and its load stays between 0.7 and 0.875: 18.3 to 23.1 bytes per
//! state with the tail.
//!
//! Lookups and insertions cost an expected `O(1/(1-load))` slot reads (about 4.5 at the
//! maximal load), on consecutive memory.

use crate::fingerprint::Fingerprint;

/// An odd multiplier (the 128-bit golden-ratio constant, made odd), so that
/// multiplying by it is a bijection on `u128`.
const SCRAMBLE: u128 = 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835 | 1;

/// Home slots of a new set.
const INITIAL_CAPACITY: usize = 64;

/// Below this many home slots the table doubles; from here on it grows by a quarter.
const DOUBLING_LIMIT: usize = 1 << 16;

/// A compact set of fingerprints (see the module documentation).
#[derive(Clone, Debug)]
pub struct VisitedSet {
    /// `capacity` home slots followed by the tail; `0` is empty; non-zero keys
    /// ascending.
    slots: Vec<u128>,
    /// number of home slots (keys map to `0..capacity`)
    capacity: usize,
    /// number of non-zero keys stored
    len: usize,
    /// whether the fingerprint `0` is in the set
    has_zero: bool,
}

#[inline]
fn key_of(fp: Fingerprint) -> u128 {
    fp.wrapping_mul(SCRAMBLE)
}

#[inline]
fn home(key: u128, capacity: usize) -> usize {
    (((key >> 64) * capacity as u128) >> 64) as usize
}

#[inline]
fn tail_len(capacity: usize) -> usize {
    16 + capacity / 128
}

#[inline]
fn max_len(capacity: usize) -> usize {
    capacity / 8 * 7
}

impl VisitedSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// An empty set that can hold `states` fingerprints before it first grows.
    pub fn with_capacity(states: usize) -> Self {
        let mut capacity = INITIAL_CAPACITY;
        while max_len(capacity) < states && capacity < usize::MAX / 8 {
            capacity = next_capacity(capacity);
        }
        let total = capacity + tail_len(capacity);
        let mut slots = Vec::new();
        slots.reserve_exact(total);
        slots.resize(total, 0);
        VisitedSet { slots, capacity, len: 0, has_zero: false }
    }

    /// Adds a fingerprint; `true` if it was not in the set before.
    pub fn insert(&mut self, fp: Fingerprint) -> bool {
        if fp == 0 {
            return !std::mem::replace(&mut self.has_zero, true);
        }
        let key = key_of(fp);
        let mut at = match self.find(key) {
            Ok(_) => return false,
            Err(at) => at,
        };
        if self.len >= max_len(self.capacity) {
            self.grow();
            at = match self.find(key) {
                Ok(_) => unreachable!("a key absent before growing is absent after"),
                Err(at) => at,
            };
        }
        self.place(at, key);
        self.len += 1;
        true
    }

    /// Whether a fingerprint is in the set.
    pub fn contains(&self, fp: Fingerprint) -> bool {
        if fp == 0 {
            return self.has_zero;
        }
        self.find(key_of(fp)).is_ok()
    }

    /// Number of fingerprints in the set.
    pub fn len(&self) -> usize {
        self.len + usize::from(self.has_zero)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Memory the set uses, in bytes: its slot array (as allocated) and its header.
    pub fn bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<u128>() + std::mem::size_of::<Self>()) as u64
    }

    /// `Ok(position)` of `key`, or `Err(position)` where it would be inserted (possibly
    /// `slots.len()`, past the end).
    #[inline]
    fn find(&self, key: u128) -> Result<usize, usize> {
        let mut i = home(key, self.capacity);
        while let Some(&s) = self.slots.get(i) {
            if s == key {
                return Ok(i);
            }
            if s == 0 || s > key {
                return Err(i);
            }
            i += 1;
        }
        Err(i)
    }

    /// Puts `key` at `at` (where [`Self::find`] said), shifting the rest of the cluster
    /// right by one slot.
    fn place(&mut self, at: usize, key: u128) {
        let free = match self.slots.get(at..).and_then(|rest| rest.iter().position(|&s| s == 0)) {
            Some(offset) => at + offset,
            None => {
                let end = self.slots.len();
                self.extend_tail(1);
                end
            }
        };
        self.slots.copy_within(at..free, at + 1);
        self.slots[at] = key;
    }

    /// Adds at least `needed` empty slots at the end (a cluster ran past the tail).
    fn extend_tail(&mut self, needed: usize) {
        let extra = needed.max(tail_len(self.capacity));
        self.slots.reserve_exact(extra);
        self.slots.resize(self.slots.len() + extra, 0);
    }

    /// Grows the table in place (see the module documentation).
    fn grow(&mut self) {
        let capacity = next_capacity(self.capacity);
        let old_len = self.slots.len();
        let new_len = (capacity + tail_len(capacity)).max(old_len);
        self.slots.reserve_exact(new_len - old_len);
        self.slots.resize(new_len, 0);
        self.capacity = capacity;

        // 1. Compact every key to the end, keeping their order. A key never moves
        //    left, so it never overwrites one not yet moved.
        let mut write = new_len;
        for read in (0..old_len).rev() {
            let key = self.slots[read];
            if key != 0 {
                write -= 1;
                self.slots[read] = 0;
                self.slots[write] = key;
            }
        }

        // 2. Place them forward at `max(home, previous + 1)`. A key moves left unless
        //    the table is too full near the end, in which case the keys not yet
        //    placed are pushed further right first.
        let mut next_free = 0;
        let mut read = write;
        while read < self.slots.len() {
            let key = self.slots[read];
            let target = home(key, capacity).max(next_free);
            if target > read {
                let shift = target - read;
                let end = self.slots.len();
                self.extend_tail(shift);
                self.slots.copy_within(read..end, read + shift);
                self.slots[read..read + shift].fill(0);
                read += shift;
            }
            self.slots[read] = 0;
            self.slots[target] = key;
            next_free = target + 1;
            read += 1;
        }
    }

    /// Checks the table's invariants (tests only).
    #[cfg(test)]
    fn check_invariants(&self) {
        let mut prev = 0u128;
        let mut count = 0;
        for (i, &key) in self.slots.iter().enumerate() {
            if key == 0 {
                continue;
            }
            count += 1;
            assert!(key > prev, "keys ascending at {i}");
            prev = key;
            let h = home(key, self.capacity);
            assert!(h <= i, "key at {i} before its home {h}");
            assert!(self.slots[h..i].iter().all(|&s| s != 0), "gap between home {h} and {i}");
        }
        assert_eq!(count, self.len);
    }
}

impl Default for VisitedSet {
    fn default() -> Self {
        Self::new()
    }
}

fn next_capacity(capacity: usize) -> usize {
    if capacity < DOUBLING_LIMIT {
        capacity * 2
    } else {
        capacity + capacity / 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fingerprint::hash_bytes;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// The fingerprint whose key is `key` (the inverse of the scrambling bijection).
    fn fp_of_key(key: u128) -> u128 {
        // Newton's iteration for the inverse of an odd number modulo 2^128.
        let mut inverse = SCRAMBLE;
        for _ in 0..7 {
            inverse = inverse.wrapping_mul(2u128.wrapping_sub(SCRAMBLE.wrapping_mul(inverse)));
        }
        assert_eq!(SCRAMBLE.wrapping_mul(inverse), 1);
        key.wrapping_mul(inverse)
    }

    #[test]
    fn insert_contains_len() {
        let mut set = VisitedSet::new();
        assert!(set.is_empty());
        assert!(set.insert(5));
        assert!(!set.insert(5));
        assert!(set.contains(5));
        assert!(!set.contains(6));
        assert_eq!(set.len(), 1);
        set.check_invariants();
    }

    #[test]
    fn zero_is_an_ordinary_fingerprint() {
        let mut set = VisitedSet::new();
        assert!(!set.contains(0));
        assert!(set.insert(0));
        assert!(!set.insert(0));
        assert!(set.contains(0));
        assert!(set.insert(1));
        assert_eq!(set.len(), 2);
        assert!(!set.is_empty());
    }

    #[test]
    fn extreme_and_clustered_fingerprints() {
        // Values whose keys pile up at the start and at the end of the table, and
        // small integers, all through several growths.
        let mut set = VisitedSet::new();
        let mut reference = HashSet::new();
        let mut values = Vec::new();
        for i in 0..3000u128 {
            values.push(i);
            values.push(u128::MAX - i);
            values.push(i << 64);
            values.push(fp_of_key(1 + i)); // keys at the very start of the table
            values.push(fp_of_key(u128::MAX - i)); // keys at the very end: into the tail
            values.push(fp_of_key((u128::MAX >> 1) - i)); // one big cluster in the middle
        }
        for v in values {
            assert_eq!(set.insert(v), reference.insert(v), "insert {v:#x}");
        }
        set.check_invariants();
        assert_eq!(set.len(), reference.len());
        for &v in &reference {
            assert!(set.contains(v));
        }
        assert!(!set.contains(123_456_789));
    }

    #[test]
    fn grows_past_the_doubling_limit_and_keeps_everything() {
        let mut set = VisitedSet::new();
        let n = 200_000u64;
        for i in 0..n {
            assert!(set.insert(hash_bytes(&i.to_le_bytes())));
        }
        set.check_invariants();
        assert!(set.capacity > DOUBLING_LIMIT);
        for i in 0..n {
            assert!(set.contains(hash_bytes(&i.to_le_bytes())));
            assert!(!set.insert(hash_bytes(&i.to_le_bytes())));
        }
        assert!(!set.contains(hash_bytes(&n.to_le_bytes())));
        assert_eq!(set.len() as u64, n);
    }

    #[test]
    fn with_capacity_does_not_grow_early() {
        let mut set = VisitedSet::with_capacity(10_000);
        let before = set.capacity;
        for i in 0..10_000u64 {
            set.insert(hash_bytes(&i.to_le_bytes()));
        }
        assert_eq!(set.capacity, before);
    }

    /// The design target: at most 24 bytes a state, including the table's overhead,
    /// at every fill from 100,000 to 1,000,000 states (a whole growth cycle and more).
    #[test]
    fn at_most_24_bytes_per_state() {
        let mut set = VisitedSet::new();
        let mut worst: f64 = 0.0;
        let mut sum = 0.0;
        let mut samples = 0;
        for i in 0..1_000_000u64 {
            set.insert(hash_bytes(&i.to_le_bytes()));
            let n = i + 1;
            if n >= 100_000 && n % 10_000 == 0 {
                let per_state = set.bytes() as f64 / set.len() as f64;
                worst = worst.max(per_state);
                sum += per_state;
                samples += 1;
            }
        }
        let mean = sum / samples as f64;
        eprintln!("visited set: {worst:.2} bytes/state at worst, {mean:.2} on average");
        assert!(worst <= 24.0, "{worst} bytes per state");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The set agrees with `std::collections::HashSet` on any sequence of inserts
        /// and lookups, including repeats, zero and clustered values.
        #[test]
        fn agrees_with_std_hash_set(ops in prop::collection::vec((0u8..4, any::<u128>(), 0u16..64), 1..3000)) {
            let mut set = VisitedSet::new();
            let mut reference = HashSet::new();
            let mut seen = Vec::new();
            for (kind, random, small) in ops {
                let fp = match kind {
                    0 => random,
                    1 => u128::from(small),
                    2 => seen.get(usize::from(small) % seen.len().max(1)).copied().unwrap_or(0),
                    _ => u128::MAX - u128::from(small),
                };
                prop_assert_eq!(set.contains(fp), reference.contains(&fp));
                prop_assert_eq!(set.insert(fp), reference.insert(fp));
                seen.push(fp);
                prop_assert_eq!(set.len(), reference.len());
            }
            set.check_invariants();
            for fp in reference {
                prop_assert!(set.contains(fp));
            }
        }
    }
}
