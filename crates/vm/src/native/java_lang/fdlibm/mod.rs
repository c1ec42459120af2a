//! Bit-exact reproductions of HotSpot's floating-point library functions.
//!
//! * [`strict`]: the fdlibm 5.3 algorithms behind the `java.lang.StrictMath`
//!   natives (`sin cos tan asin acos atan atan2 log log10 log1p expm1 sinh
//!   cosh tanh IEEEremainder sqrt`),
//! * [`intrinsic`]: the x86_64 stubs (Intel LIBM algorithms) with which
//!   HotSpot replaces `java.lang.Math.sin/cos/tan/exp/log/log10/pow`; their
//!   results differ from `StrictMath`'s in the last bit for a few percent of
//!   the arguments.
//!
//! Both are checked against reference results recorded on HotSpot (OpenJDK 17,
//! x86_64) under `tests/fixtures/math/` by the tests in this module.

pub(crate) mod intrinsic;
pub(crate) mod strict;

#[cfg(test)]
mod tests;
