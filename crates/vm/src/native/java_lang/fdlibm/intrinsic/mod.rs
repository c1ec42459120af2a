//! HotSpot's `java.lang.Math` intrinsics on x86_64, reproduced bit for bit.
//!
//! In the JDK, `Math.sin/cos/tan/exp/log/log10/pow` delegate to `StrictMath`
//! (fdlibm), but HotSpot replaces them, in the interpreter and in compiled
//! code alike, with stubs derived from Intel's LIBM whose results differ from
//! fdlibm's in the last bit for a few percent of the arguments.  This module
//! re-implements those stub algorithms (same table-driven reductions, same
//! tables and coefficients, same order of floating-point operations) so that
//! jvmc's `Math.X` agrees with HotSpot's.
//!
//! The module owns:
//! * [`exp`] - `Math.exp`,
//! * [`log`] - `Math.log`, `Math.log10`,
//! * [`pow`] (tables in [`pow_tables`]) - `Math.pow`,
//! * [`trig`] (tables in [`trig_tables`]) - `Math.sin`, `Math.cos`,
//! * [`tan`] (table in [`tan_tables`]) - `Math.tan`,
//! * [`reduce`] - the huge-argument reduction shared by the trigonometric stubs.
//!
//! `log`/`log10` start from the hardware reciprocal estimate `rcpps`, whose
//! exact bits are CPU-specific (Intel and AMD differ); on x86_64 the real
//! instruction is used, so jvmc matches the HotSpot running on the same CPU.
//!
//! Every function is total over `f64` and never panics.

mod exp;
mod log;
mod pow;
mod pow_tables;
mod reduce;
mod tan;
mod tan_tables;
mod trig;
mod trig_tables;

pub(crate) use exp::exp;
pub(crate) use log::{log, log10};
pub(crate) use pow::pow;
pub(crate) use tan::tan;
pub(crate) use trig::{cos, sin};

/// The double with bit pattern `bits`.
#[inline]
const fn f(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// The top 16 bits of `x` (what the stubs read with `pextrw $3`).
#[inline]
fn top16(x: f64) -> u32 {
    (x.to_bits() >> 48) as u32
}

/// The hardware reciprocal estimate of `x` (`rcpss`, ~12 bits).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(super) fn rcp(x: f32) -> f32 {
    use std::arch::x86_64::{_mm_cvtss_f32, _mm_rcp_ss, _mm_set_ss};
    // SAFETY: SSE is part of the x86_64 baseline; the intrinsics only
    // operate on registers.
    unsafe { _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x))) }
}

/// Portable stand-in for `rcpss` on other architectures: 1/x truncated to
/// 12 significant bits (results may then differ from HotSpot's in rare cases).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub(super) fn rcp(x: f32) -> f32 {
    f32::from_bits((1.0 / x).to_bits() & 0xffff_f800)
}
