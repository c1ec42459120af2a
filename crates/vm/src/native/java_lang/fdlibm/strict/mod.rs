//! A Rust implementation of the fdlibm 5.3 algorithms behind the natives of
//! `java.lang.StrictMath` (bit-exact with HotSpot's).
//!
//! HotSpot's `StrictMath` natives (`sin cos tan asin acos atan atan2 log log10
//! log1p expm1 sinh cosh tanh IEEEremainder sqrt`) are specified to return the
//! results of fdlibm 5.3.  The musl-derived `libm` crate follows later FreeBSD
//! revisions of those algorithms whose results differ in the last bit for a
//! noticeable fraction of inputs, so this module re-implements the fdlibm 5.3
//! algorithms (same argument reductions, same polynomial coefficients, same
//! order of floating-point operations) to be bit-exact with HotSpot.
//!
//! The module owns:
//! * [`trig`] - `sin`, `cos`, `tan` and the argument reduction by pi/2,
//! * [`rem_pio2_large`] - the multi-precision reduction for huge arguments,
//! * [`inv_trig`] - `asin`, `acos`, `atan`, `atan2`,
//! * [`log`] - `log`, `log10`, `log1p`,
//! * [`exp`] - `exp` (internal helper, `StrictMath.exp` itself is Java code),
//!   `expm1`, `sinh`, `cosh`, `tanh`,
//! * [`remainder`] - `IEEEremainder`.
//!
//! Every function is total: any `f64` (including NaN, infinities and
//! subnormals) is accepted and nothing panics.

// fdlibm's `x - x`, `(x - x) / (x - x)`, `x * x` on special values produce
// its NaNs and infinities with the input's payload; they are intentional.
#![allow(clippy::eq_op)]

mod exp;
mod inv_trig;
mod log;
mod rem_pio2_large;
mod remainder;
mod trig;

#[allow(unused_imports)] // the same algorithm as the Java StrictMath.exp; checked by the tests
pub(crate) use exp::exp;
pub(crate) use exp::{cosh, expm1, sinh, tanh};
pub(crate) use inv_trig::{acos, asin, atan, atan2};
pub(crate) use log::{log, log10, log1p};
pub(crate) use remainder::remainder;
pub(crate) use trig::{cos, sin, tan};

/// `StrictMath.sqrt`: IEEE 754 square root, which is correctly rounded and
/// therefore identical to fdlibm's bit-by-bit `e_sqrt`.
pub(crate) fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// The NaN an x86 SSE operation produces from the NaN operand `nan`: the
/// same payload with the quiet bit set.  Used where a binary operation sees
/// two NaNs, whose result depends on the operand order the C compiler chose.
#[inline]
fn quiet(nan: f64) -> f64 {
    f64::from_bits(nan.to_bits() | 0x0008_0000_0000_0000)
}

/// High 32 bits of `x` as a signed word (fdlibm's `__HI`).
#[inline]
fn hi(x: f64) -> i32 {
    (x.to_bits() >> 32) as i32
}

/// Low 32 bits of `x` (fdlibm's `__LO`).
#[inline]
fn lo(x: f64) -> u32 {
    x.to_bits() as u32
}

/// `x` with its high word replaced by `h`.
#[inline]
fn with_hi(x: f64, h: i32) -> f64 {
    f64::from_bits((x.to_bits() & 0xffff_ffff) | ((h as u32 as u64) << 32))
}

/// `x` with its low word replaced by `l`.
#[inline]
fn with_lo(x: f64, l: u32) -> f64 {
    f64::from_bits((x.to_bits() & 0xffff_ffff_0000_0000) | l as u64)
}

/// The double whose high and low words are `h` and `l`.
#[inline]
const fn words(h: u32, l: u32) -> f64 {
    f64::from_bits(((h as u64) << 32) | l as u64)
}

/// `x * 2^n`, exact whenever the result is a normal number (fdlibm's
/// `scalbn`, used only on values where no rounding can occur).
fn scalbn(mut x: f64, mut n: i32) -> f64 {
    let p1023 = f64::from_bits(0x7fe0_0000_0000_0000);
    let m1022 = f64::from_bits(0x0010_0000_0000_0000);
    if n > 1023 {
        x *= p1023;
        n -= 1023;
        if n > 1023 {
            x *= p1023;
            n = (n - 1023).min(1023);
        }
    } else if n < -1022 {
        // Scale by 2^-1022 * 2^53 so that the intermediate keeps precision.
        x *= m1022 * f64::from_bits(0x4340_0000_0000_0000);
        n += 1022 - 53;
        if n < -1022 {
            x *= m1022 * f64::from_bits(0x4340_0000_0000_0000);
            n = (n + 1022 - 53).max(-1022);
        }
    }
    x * f64::from_bits(((0x3ff + n) as u64) << 52)
}
