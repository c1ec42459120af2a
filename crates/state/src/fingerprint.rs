//! 128-bit state fingerprints: xxh3-128 over canonical bytes, and a commutative
//! combination for multisets.
//!
//! This module owns the choice of hash function. Everything that fingerprints a state
//! goes through it, so the whole checker agrees on what a fingerprint is:
//! - [`hash_bytes`] / [`StateHasher`]: the fingerprint of a canonical byte encoding
//!   (one shot, or streamed part by part; both give the same value for the same bytes).
//! - [`combine`] / [`uncombine`] / [`MultisetHash`]: the fingerprint of a *multiset* of
//!   parts (wrapping addition of the parts' fingerprints). It does not depend on the
//!   order the parts are added in, and a part can be taken out again, so a state made
//!   of many objects can be re-hashed in proportion to what a transition changed.
//!
//! Values are stable: the same bytes give the same fingerprint on every platform and
//! every run (xxh3 is specified byte-exactly and little-endian here), so fingerprints
//! can be stored in traces and compared across runs.

use xxhash_rust::xxh3::{xxh3_128, xxh3_128_with_seed, Xxh3};

/// A 128-bit fingerprint of a state (or of a part of one).
pub type Fingerprint = u128;

/// The fingerprint of a byte string (xxh3-128, seed 0).
#[inline]
pub fn hash_bytes(bytes: &[u8]) -> Fingerprint {
    xxh3_128(bytes)
}

/// The fingerprint of a byte string under a seed. Different seeds give independent
/// hash functions (useful to hash different kinds of parts apart).
#[inline]
pub fn hash_bytes_seeded(bytes: &[u8], seed: u64) -> Fingerprint {
    xxh3_128_with_seed(bytes, seed)
}

/// Adds a part to a multiset fingerprint. Commutative and associative, with `0` as
/// the empty multiset: `combine(combine(0, a), b) == combine(combine(0, b), a)`.
#[inline]
pub fn combine(acc: Fingerprint, part: Fingerprint) -> Fingerprint {
    acc.wrapping_add(part)
}

/// Takes a part out of a multiset fingerprint: `uncombine(combine(acc, p), p) == acc`.
#[inline]
pub fn uncombine(acc: Fingerprint, part: Fingerprint) -> Fingerprint {
    acc.wrapping_sub(part)
}

/// An incrementally maintained fingerprint of a multiset of parts.
///
/// Each part should itself be a well-mixed fingerprint (from [`hash_bytes`] or a
/// [`StateHasher`]); adding the same part twice counts it twice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MultisetHash(Fingerprint);

impl MultisetHash {
    /// The fingerprint of the empty multiset.
    pub const fn new() -> Self {
        MultisetHash(0)
    }

    /// Adds one occurrence of `part`.
    #[inline]
    pub fn insert(&mut self, part: Fingerprint) {
        self.0 = combine(self.0, part);
    }

    /// Removes one occurrence of `part` (which must have been added).
    #[inline]
    pub fn remove(&mut self, part: Fingerprint) {
        self.0 = uncombine(self.0, part);
    }

    /// Replaces one occurrence of `old` by `new` (a part that changed).
    #[inline]
    pub fn replace(&mut self, old: Fingerprint, new: Fingerprint) {
        self.0 = combine(uncombine(self.0, old), new);
    }

    /// The current fingerprint.
    #[inline]
    pub fn value(&self) -> Fingerprint {
        self.0
    }
}

/// A streaming xxh3-128 hasher: feeding it bytes in pieces gives the same fingerprint
/// as [`hash_bytes`] over their concatenation. Integers are written little-endian.
#[derive(Clone)]
pub struct StateHasher(Xxh3);

impl StateHasher {
    /// A hasher with seed 0 (the one [`hash_bytes`] uses).
    pub fn new() -> Self {
        StateHasher(Xxh3::new())
    }

    /// A hasher with a seed (the one [`hash_bytes_seeded`] uses).
    pub fn with_seed(seed: u64) -> Self {
        StateHasher(Xxh3::with_seed(seed))
    }

    /// Feeds bytes.
    #[inline]
    pub fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// Feeds one byte.
    #[inline]
    pub fn write_u8(&mut self, v: u8) {
        self.0.update(&[v]);
    }

    /// Feeds a `u32`, little-endian.
    #[inline]
    pub fn write_u32(&mut self, v: u32) {
        self.0.update(&v.to_le_bytes());
    }

    /// Feeds a `u64`, little-endian.
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        self.0.update(&v.to_le_bytes());
    }

    /// Feeds a `u128`, little-endian.
    #[inline]
    pub fn write_u128(&mut self, v: u128) {
        self.0.update(&v.to_le_bytes());
    }

    /// The fingerprint of everything fed so far (the hasher can go on being fed).
    #[inline]
    pub fn finish(&self) -> Fingerprint {
        self.0.digest128()
    }
}

impl Default for StateHasher {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for StateHasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StateHasher({:032x})", self.finish())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_xxh3_128_and_distinguishes_inputs() {
        assert_eq!(hash_bytes(b"abc"), xxh3_128(b"abc"));
        assert_ne!(hash_bytes(b"abc"), hash_bytes(b"abd"));
        assert_ne!(hash_bytes(b""), hash_bytes(b"\0"));
        assert_ne!(hash_bytes_seeded(b"abc", 1), hash_bytes(b"abc"));
        assert_eq!(hash_bytes_seeded(b"abc", 0), hash_bytes(b"abc"));
    }

    #[test]
    fn hash_values_are_stable() {
        // xxh3-128 of the empty input with seed 0 (the reference implementation's
        // test vector): fingerprints stored in traces must not change.
        assert_eq!(hash_bytes(b""), 0x99aa06d3014798d86001c324468d497f);
    }

    #[test]
    fn streaming_equals_one_shot() {
        let data: Vec<u8> = (0..1000u32).map(|i| (i * 31 % 251) as u8).collect();
        for split in [0, 1, 7, 64, 239, 240, 241, 500, 1000] {
            let mut h = StateHasher::new();
            h.write(&data[..split]);
            h.write(&data[split..]);
            assert_eq!(h.finish(), hash_bytes(&data), "split at {split}");
        }
        let mut h = StateHasher::with_seed(9);
        h.write_u8(1);
        h.write_u32(2);
        h.write_u64(3);
        h.write_u128(4);
        let mut bytes = vec![1u8];
        bytes.extend_from_slice(&2u32.to_le_bytes());
        bytes.extend_from_slice(&3u64.to_le_bytes());
        bytes.extend_from_slice(&4u128.to_le_bytes());
        assert_eq!(h.finish(), hash_bytes_seeded(&bytes, 9));
    }

    #[test]
    fn multiset_hash_ignores_order_and_supports_removal() {
        let parts: Vec<Fingerprint> = (0..20u8).map(|i| hash_bytes(&[i])).collect();
        let mut forward = MultisetHash::new();
        parts.iter().for_each(|&p| forward.insert(p));
        let mut backward = MultisetHash::new();
        parts.iter().rev().for_each(|&p| backward.insert(p));
        assert_eq!(forward, backward);

        let mut m = forward;
        m.remove(parts[3]);
        assert_ne!(m, forward);
        m.insert(parts[3]);
        assert_eq!(m, forward);

        m.replace(parts[5], hash_bytes(b"changed"));
        m.replace(hash_bytes(b"changed"), parts[5]);
        assert_eq!(m, forward);

        // a multiset: the same part twice is not the same as once
        let mut twice = MultisetHash::new();
        twice.insert(parts[0]);
        twice.insert(parts[0]);
        let mut once = MultisetHash::new();
        once.insert(parts[0]);
        assert_ne!(twice, once);
        assert_eq!(combine(0, parts[0]), once.value());
        assert_eq!(uncombine(once.value(), parts[0]), 0);
    }
}
