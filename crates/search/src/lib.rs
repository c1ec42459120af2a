//! Search strategies and partial-order reduction for jvmc, generic over a small
//! `TransitionSystem` trait so every algorithm can be unit-tested on tiny synthetic
//! systems.
//!
//! **Architecture invariant:** this crate depends on neither the vm nor the class-file
//! crate; it never looks inside a state.
#![deny(missing_docs)]
