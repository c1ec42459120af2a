//! Failures that end a search without a report.
//!
//! A [`SearchError`] is never about the program under test (its violations are data in
//! the report): it means the system, the state hashing, a listener or the search
//! itself failed, and no verdict can be trusted.

use jvmc_state::FingerprintError;
use thiserror::Error;

use crate::listener::ListenerError;
use crate::system::SystemError;

/// Why a search could not finish.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The system under test failed (a vm error: bad input, unsupported feature, bug).
    #[error(transparent)]
    System(#[from] SystemError),
    /// The exact-states check caught a fingerprint bug.
    #[error(transparent)]
    Fingerprint(#[from] FingerprintError),
    /// A listener failed.
    #[error("search listener failed: {0}")]
    Listener(#[source] ListenerError),
    /// `exact_states` was asked for, but the system has no canonical encoding.
    #[error("--exact-states needs a canonical state encoding, but this system provides none")]
    NoEncoding,
    /// The search does not support this configuration (e.g. the parallel search and
    /// `stateless`, `liveness` or a depth limit); the message says what.
    #[error("unsupported search configuration: {0}")]
    Unsupported(String),
    /// Replaying a recorded schedule did not reproduce what was recorded: the system
    /// is not deterministic (an internal error of the system, not of the program).
    #[error("the system is not deterministic: replaying a recorded schedule {detail}")]
    Nondeterministic {
        /// what differed, and where
        detail: String,
    },
}
