//! `IEEEremainder` following fdlibm 5.3 (`e_remainder.c`).  The result is
//! exact, so the only observable choices are the NaN and signed-zero cases.

use super::{hi, lo, quiet, with_hi};

/// `StrictMath.IEEEremainder(x, p)`: x - p*n with n the integer nearest x/p
/// (ties to even).
pub(crate) fn remainder(x: f64, p: f64) -> f64 {
    let mut hx = hi(x);
    let lx = lo(x);
    let mut hp = hi(p);
    let lp = lo(p);
    let sx = hx as u32 & 0x80000000;
    hp &= 0x7fffffff;
    hx &= 0x7fffffff;
    if (hp as u32 | lp) == 0 {
        return (x * p) / (x * p); // p = 0
    }
    if p.is_nan() {
        return quiet(p); // HotSpot's build yields p's payload when both are NaN
    }
    if hx >= 0x7ff00000 {
        return (x * p) / (x * p); // x not finite
    }
    let mut x = x;
    let mut p = p;
    if hp <= 0x7fdfffff {
        x %= p + p; // now |x| < 2|p|
    }
    if (hx.wrapping_sub(hp) as u32 | lx.wrapping_sub(lp)) == 0 {
        return 0.0 * x;
    }
    x = x.abs();
    p = p.abs();
    if hp < 0x00200000 {
        if x + x > p {
            x -= p;
            if x + x >= p {
                x -= p;
            }
        }
    } else {
        let p_half = 0.5 * p;
        if x > p_half {
            x -= p;
            if x >= p_half {
                x -= p;
            }
        }
    }
    with_hi(x, (hi(x) as u32 ^ sx) as i32)
}
