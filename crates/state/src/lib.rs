//! The state store of jvmc: canonical state encodings, 128-bit fingerprints, the
//! visited set and the explored transition graph.
//!
//! Filled in by the model-checking issue; the interpreter (issue 2) does not need it.
#![deny(missing_docs)]
