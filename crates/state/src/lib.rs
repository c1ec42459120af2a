//! The state store of jvmc: 128-bit fingerprints, the visited set, and the exact store
//! that checks fingerprints in the test mode.
//!
//! # Roles
//! - [`fingerprint`]: [`Fingerprint`] (`u128`), xxh3-128 hashing of canonical bytes
//!   ([`hash_bytes`], [`StateHasher`]) and a commutative [`combine`] so that a state
//!   made of a multiset of parts (objects, threads) can be hashed incrementally
//!   ([`MultisetHash`]).
//! - [`visited`]: [`VisitedSet`], the compact set of fingerprints of states already
//!   explored (16 bytes a state plus table overhead, at most 24 in all once it holds
//!   more than about 60,000 states).
//! - [`sharded`]: [`ShardedVisitedSet`], the visited set the threads of a parallel
//!   search share: [`VisitedSet`]s behind one mutex each, contention counted.
//! - [`graph`]: [`StateGraph`], the explored transition graph (`L_r` of the stateful
//!   POR paper) with dense state ids and interned labels ([`LabelTable`]) that the
//!   dynamic POR algorithms re-traverse ([`TraversalMarks`]).
//! - [`exact`]: [`ExactStore`], which keeps the full canonical encoding of every state
//!   and fails loudly ([`FingerprintError`]) when a fingerprint merged two different
//!   states or one state got two fingerprints.
//!
//! # Example
//! ```
//! use jvmc_state::{hash_bytes, VisitedSet};
//!
//! let mut visited = VisitedSet::new();
//! let fp = hash_bytes(b"thread 0 at pc 4; x = 1");
//! assert!(visited.insert(fp));   // new
//! assert!(!visited.insert(fp));  // seen before
//! assert!(visited.contains(fp));
//! assert_eq!(visited.len(), 1);
//! ```
//!
//! **Architecture invariant:** this crate knows nothing about the vm or the search: it
//! stores fingerprints and bytes that others produce.
#![deny(missing_docs)]

pub mod exact;
pub mod fingerprint;
pub mod graph;
pub mod sharded;
pub mod visited;

pub use exact::{ExactStore, FingerprintError};
pub use fingerprint::{combine, hash_bytes, hash_bytes_seeded, uncombine, Fingerprint, MultisetHash, StateHasher};
pub use graph::{GraphEdge, LabelId, LabelTable, StateGraph, StateId, TraversalMarks, NO_STATE};
pub use sharded::ShardedVisitedSet;
pub use visited::VisitedSet;
