//! The exact store: proof, in the test mode (`--exact-states`), that fingerprints
//! neither merge different states nor split equal ones.
//!
//! [`ExactStore`] keeps the full canonical encoding of every state seen together with
//! its fingerprint, in both directions, and checks each new observation against both:
//! - the same fingerprint with a different encoding is a *collision*
//!   ([`FingerprintError::Collision`]): the search would have wrongly treated a new
//!   state as visited and pruned it;
//! - the same encoding with a different fingerprint is an *unstable* fingerprint
//!   ([`FingerprintError::Unstable`]): equal states were not matched (incremental
//!   hashing forgot an update, or hashed garbage, allocation order, ...).
//!
//! Either one is a checker bug, never a property of the program under test, and is
//! reported as an error that stops the search. The store costs the full size of every
//! state, so it is only for testing.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::fingerprint::Fingerprint;

/// A fingerprint failed the exact check. Both cases are bugs in the checker's state
/// hashing, not in the program under test.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum FingerprintError {
    /// Two different canonical states have the same fingerprint.
    #[error(
        "fingerprint collision: two different states have fingerprint {fp:032x} \
         (encodings of {first_len} and {second_len} bytes, first difference at byte \
         {first_difference}); state matching would have pruned an unexplored state"
    )]
    Collision {
        /// the shared fingerprint
        fp: Fingerprint,
        /// length of the encoding stored first
        first_len: usize,
        /// length of the encoding seen now
        second_len: usize,
        /// the first byte offset where they differ
        first_difference: usize,
    },
    /// The same canonical state got two different fingerprints.
    #[error(
        "unstable fingerprint: the same state (encoding of {len} bytes) has fingerprints \
         {first:032x} and {second:032x}; state matching missed a visited state"
    )]
    Unstable {
        /// the fingerprint the state had first
        first: Fingerprint,
        /// the fingerprint it has now
        second: Fingerprint,
        /// length of the encoding
        len: usize,
    },
}

/// Every state seen, as fingerprint ↔ canonical encoding (see the module docs).
/// `Send` and `Sync`, so that the workers of a parallel search can share one behind
/// a mutex.
#[derive(Clone, Debug, Default)]
pub struct ExactStore {
    by_fp: FxHashMap<Fingerprint, Arc<[u8]>>,
    by_encoding: FxHashMap<Arc<[u8]>, Fingerprint>,
    encoded_bytes: u64,
}

impl ExactStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records that a state with this canonical `encoding` has fingerprint `fp`.
    /// `Ok(true)` if the state is new, `Ok(false)` if it was seen before (same
    /// fingerprint, same encoding), or the inconsistency found.
    pub fn insert(&mut self, fp: Fingerprint, encoding: &[u8]) -> Result<bool, FingerprintError> {
        if let Some(known) = self.by_fp.get(&fp) {
            if **known == *encoding {
                return Ok(false);
            }
            let first_difference = known.iter().zip(encoding).position(|(a, b)| a != b).unwrap_or(known.len().min(encoding.len()));
            return Err(FingerprintError::Collision { fp, first_len: known.len(), second_len: encoding.len(), first_difference });
        }
        if let Some(&first) = self.by_encoding.get(encoding) {
            return Err(FingerprintError::Unstable { first, second: fp, len: encoding.len() });
        }
        let shared: Arc<[u8]> = Arc::from(encoding);
        self.encoded_bytes += encoding.len() as u64;
        self.by_encoding.insert(Arc::clone(&shared), fp);
        self.by_fp.insert(fp, shared);
        Ok(true)
    }

    /// Number of distinct states stored.
    pub fn len(&self) -> usize {
        self.by_fp.len()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.by_fp.is_empty()
    }

    /// Total size of the stored encodings, in bytes (without map overhead).
    pub fn encoded_bytes(&self) -> u64 {
        self.encoded_bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_and_known_states() {
        let mut store = ExactStore::new();
        assert_eq!(store.insert(1, b"a"), Ok(true));
        assert_eq!(store.insert(2, b"b"), Ok(true));
        assert_eq!(store.insert(1, b"a"), Ok(false));
        assert_eq!(store.len(), 2);
        assert!(!store.is_empty());
        assert_eq!(store.encoded_bytes(), 2);
    }

    #[test]
    fn collision_is_reported_with_details() {
        let mut store = ExactStore::new();
        store.insert(7, b"state-A").ok();
        let err = store.insert(7, b"state-B!").unwrap_err();
        assert_eq!(err, FingerprintError::Collision { fp: 7, first_len: 7, second_len: 8, first_difference: 6 });
        let message = err.to_string();
        assert!(message.contains("fingerprint collision"), "{message}");
        assert!(message.contains("00000000000000000000000000000007"), "{message}");

        // a prefix: the difference is where the shorter one ends
        let err = store.insert(7, b"state").unwrap_err();
        assert!(matches!(err, FingerprintError::Collision { first_difference: 5, .. }));
    }

    #[test]
    fn unstable_fingerprint_is_reported() {
        let mut store = ExactStore::new();
        store.insert(1, b"same").ok();
        let err = store.insert(2, b"same").unwrap_err();
        assert_eq!(err, FingerprintError::Unstable { first: 1, second: 2, len: 4 });
        assert!(err.to_string().contains("unstable fingerprint"));
        assert!(err.to_string().contains("missed a visited state"));
    }
}
