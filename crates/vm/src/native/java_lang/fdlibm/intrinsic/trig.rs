//! `Math.sin` and `Math.cos` as computed by HotSpot's x86_64 intrinsic stubs
//! (Intel LIBM algorithm).
//!
//! x = N*pi/32 + r with pi/32 split in three parts (|x| < ~90112), or, for
//! larger |x|, a Payne-Hanek reduction to a multiple of pi/4 done in 64-bit
//! integer arithmetic followed by the same reduction by pi/32.  Then
//! sin(B + r) with B = M*pi/32 from a 64-entry table (cos uses M + 16),
//! evaluated as sigma*r + sin(B) + (cos(B) - sigma)*r + polynomial terms with
//! compensated summation.

use super::reduce::payne_hanek;
use super::trig_tables::CTABLE;
use super::{f, top16};

const PI32INV: f64 = f(0x40245f306dc9c883); // 32/pi
const P1: f64 = f(0x3fb921fb54400000); // pi/32 in three parts
const P2: f64 = f(0x3d90b4611a600000);
const P3: f64 = f(0x3b63198a2e037073);
const SC4: (f64, f64) = (f(0x3ec71de3a556c734), f(0x3efa01a01a01a01a));
const SC3: (f64, f64) = (f(0xbf2a01a01a01a01a), f(0xbf56c16c16c16c17));
const SC2: (f64, f64) = (f(0x3f81111111111111), f(0x3fa5555555555555));
const SC1: (f64, f64) = (f(0xbfc5555555555555), f(0xbfe0000000000000));
const PI4_HI: f64 = f(0x3fe921fb40000000); // pi/4 in two parts
const PI4_LO: f64 = f(0x3e64442d18469899);

/// `Math.sin` on HotSpot/x86_64.
pub(crate) fn sin(x: f64) -> f64 {
    let hi = (x.to_bits() >> 32) as u32;
    let e = (hi & 0x7fff_0000).wrapping_sub(0x3030_0000);
    if e <= 0x10c5_0000 {
        let n = round_n(x);
        return kernel(x, n, (n & 63) as usize, None);
    }
    if (e as i32) > 0x10c5_0000 {
        return huge(x, 0);
    }
    // |x| < 2^-252
    if e >> 20 == 3325 {
        return x * f(0x3fefffffffffffff);
    }
    (f(0x4360000000000000) * x - x) * f(0x3c80000000000000)
}

/// `Math.cos` on HotSpot/x86_64.
pub(crate) fn cos(x: f64) -> f64 {
    let hi = (x.to_bits() >> 32) as u32;
    let e = (hi & 0x7fff_0000).wrapping_sub(0x3030_0000);
    if e <= 0x10c5_0000 {
        let n = round_n(x);
        return kernel(x, n, ((n as u32).wrapping_add(16) & 63) as usize, None);
    }
    if (e as i32) > 0x10c5_0000 {
        return huge(x, 16);
    }
    1.0 - x.abs() // |x| < 2^-252
}

/// N = x*32/pi rounded half away from zero (as the stub's truncation of
/// x*32/pi + copysign(0.5, x)).
fn round_n(y: f64) -> i32 {
    let half = f(0.5f64.to_bits() | (y.to_bits() & (1 << 63)));
    (PI32INV * y + half) as i32
}

/// Arguments beyond the main range: NaN for infinities and NaN, otherwise
/// reduction modulo pi/4 then the kernel (table offset `off`: 0 sin, 16 cos).
fn huge(x: f64, off: u32) -> f64 {
    if top16(x) & 0x7ff0 == 0x7ff0 {
        return x * f(0x8000000000000000);
    }
    let (y, tail, oct) = payne_hanek(x, 29, PI4_HI, PI4_LO);
    let n = round_n(y);
    let m = (n as u32).wrapping_add(oct << 3).wrapping_add(off) & 63;
    kernel(y, n, m as usize, Some(tail))
}

/// sin(N*pi/32 + r) where y = N*pi/32 + r (+ `tail`), using table entry `m`.
fn kernel(y: f64, n: i32, m: usize, tail: Option<f64>) -> f64 {
    let [chl, shi, slo, sigma] = CTABLE[m].map(f);
    let nd = n as f64;
    let m1 = P1 * nd;
    let m2 = P2 * nd;
    let m3 = nd * P3;
    let r1 = y - m1;
    let r = r1 - m2;
    let psc4 = (SC4.0 * r1, SC4.1 * r1);
    let shi_r = shi * r;
    let c1 = r1 - r;
    let msc4 = (psc4.0 * r, psc4.1 * r);
    let r2 = r * r;
    let c2 = c1 - m2;
    let mut neg_c = m3 - c2;
    if let Some(t) = tail {
        neg_c -= t;
    }
    let cs = chl + sigma;
    let neg_d = shi_r - cs;
    let cs_r = cs * r;
    let msc2 = (SC2.0 * r2, SC2.1 * r2);
    let rs = sigma * r;
    let weights = (cs_r * r2, shi * r2);
    let r4 = r2 * r2;
    let psc3 = (SC3.0 + msc4.0, SC3.1 + msc4.1);
    let med = r * chl;
    let psc1 = (SC1.0 + msc2.0, SC1.1 + msc2.1);
    let msc3 = (psc3.0 * r4, psc3.1 * r4);
    let res_int = rs + shi;
    let corr = neg_c * neg_d;
    let res_hi = med + res_int;
    let pols = ((psc1.0 + msc3.0) * weights.0, (psc1.1 + msc3.1) * weights.1);
    let k2 = (shi - res_int) + rs;
    let k3 = (res_int - res_hi) + med;
    let lo = ((((corr + slo) + k2) + k3) + pols.0) + pols.1;
    res_hi + lo
}
