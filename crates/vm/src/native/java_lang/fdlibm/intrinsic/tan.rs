//! `Math.tan` as computed by HotSpot's x86_64 intrinsic stub (Intel LIBM
//! algorithm).
//!
//! x is reduced both by pi/32 (index j of 32 breakpoints, remainder r) and by
//! pi/2 (remainder d, whose reciprocal handles the pole near pi/2); then
//! tan(x) = T_hi + Sigma*r + T_hl*r + p(r) - Tau/d with per-breakpoint
//! coefficients, summed with compensation.  Huge arguments first go through
//! the shared Payne-Hanek reduction (multiples of pi/2).

use super::reduce::payne_hanek;
use super::tan_tables::TAN_TBL;
use super::{f, top16};

const PI2INV: f64 = f(0x3fe45f306dc9c883); // 2/pi
const PI32INV: f64 = f(0x40245f306dc9c883); // 32/pi
const P1: (f64, f64) = (f(0x3fb921fb54444000), f(0x3fb921fb54440000));
const P2: (f64, f64) = (f(0xbd32e7b967674000), f(0x3d468c234c4c0000));
const P3: (f64, f64) = (f(0x3aa8a2e03707344a), f(0x3ae98a2e03707345));
const QQ2: f64 = f(0x3d32e7b9676733af);
const MASK_35: u64 = 0xffff_ffff_fffc_0000;
const PI2_HI: f64 = f(0x3fe921fb00000000); // the unit of the huge reduction
const PI2_LO: f64 = f(0x3e85110b4611a626);
const Q3: f64 = f(0x3fd5555555555612);
const Q5: f64 = f(0x3fc1111111092746);
const Q7: f64 = f(0x3faba1ba52c4c8ab);
const Q9: f64 = f(0x3f9664a0bf847a43);
const Q11: f64 = f(0x3f82609ab8fe4d77);

/// `Math.tan` on HotSpot/x86_64.
pub(crate) fn tan(x: f64) -> f64 {
    let top = top16(x);
    let e = (top & 0x7fff).wrapping_sub(16314);
    if e <= 270 {
        return kernel(x, None, 0);
    }
    if (e as i32) > 270 {
        if top & 0x7ff0 == 0x7ff0 {
            return x * f(0x8000000000000000); // NaN
        }
        let (y, tail, k) = payne_hanek(x, 30, PI2_HI, PI2_LO);
        return kernel(y, Some(tail), k);
    }
    // |x| < 0.1015625
    if top & 0x7ff0 == 0 {
        return x; // zero or subnormal
    }
    if top & 0x7fff < 15904 {
        return (x + f(0x4360000000000000) * x) * f(0x3c80000000000000);
    }
    let x2 = x * x;
    let x3 = x * x2;
    let q = (((Q11 * x2 + Q9) * x2 + Q7) * x2 + Q5) * x2 + Q3;
    x + q * x3
}

/// Integer conversion with truncation as `cvttsd2si` does it (out of range
/// and NaN give i32::MIN).
fn trunc_i32(v: f64) -> i32 {
    if v > -2147483649.0 && v < 2147483648.0 {
        v as i32
    } else {
        i32::MIN
    }
}

/// tan(y + tail + k*pi/2) for a reduced (or moderate) argument y.
fn kernel(y: f64, tail: Option<f64>, k: u32) -> f64 {
    let half = f(0.5f64.to_bits() | (y.to_bits() & (1 << 63)));
    let t = (y * PI2INV + half, y * PI32INV + half);
    let n32 = trunc_i32(t.1);
    let n = (16.0 * trunc_i32(t.0) as f64, trunc_i32(t.1) as f64);
    let j = (n32 as u32).wrapping_add(k << 4).wrapping_add(469248) & 31;
    let c = TAN_TBL[j as usize].map(f);
    // Reduction by pi/2 (lane 0) and by pi/32 (lane 1).
    let p1 = (n.0 * P1.0, n.1 * P1.1);
    let qq = QQ2 * n.0;
    let p2 = (n.0 * P2.0, n.1 * P2.1);
    let a = (y - p1.0, y - p1.1);
    let p3 = (n.0 * P3.0, n.1 * P3.1);
    let d = f((qq + a.0).to_bits() & MASK_35);
    let b = (a.0 - p2.0, a.1 - p2.1);
    let recip = 1.0 / d;
    let mut e = (((a.0 - b.0) - p2.0) - p3.0, ((a.1 - b.1) - p2.1) - p3.1);
    if let Some(t) = tail {
        e = (e.0 + t, e.1 + t);
    }
    let e0 = e.0 + (b.0 - d);
    let r = b.1;
    // Polynomial, high terms in lane 0 and low terms in lane 1.
    let r2 = r * r;
    let mut p = (c[0] + c[2] * r, c[1] + c[3] * r);
    let s = (c[4] + c[6] * r, c[5] + c[7] * r);
    p = (p.0 + s.0 * r2, p.1 + s.1 * r2);
    let mut u = (c[10] + c[12] * r, c[11] + c[13] * r);
    u = (u.0 + c[14] * r2, u.1 + c[15] * r2);
    let r4 = r2 * r2;
    p = (p.0 + c[8] * r4, p.1 + c[9] * r4);
    let r5 = r * r4;
    let r8 = r4 * r4;
    let rs = (r * c[18], r * c[19]);
    p = (p.0 + u.0 * r5, p.1 + u.1 * r5);
    let pol = r8 * p.0 + p.1;
    let med = rs.0 + rs.1;
    let med_lo = rs.1 + (rs.0 - med);
    let pol = pol + ((((c[18] + c[19]) * e.1) + c[17]) + med_lo);
    // Reciprocal part -Tau/d, with d split by Mask.
    let w = e0 * recip;
    let r_hi = f(recip.to_bits() & c[21].to_bits());
    let v = ((1.0 - d * r_hi) - w) * (recip * c[20]);
    let rt = r_hi - c[16];
    let s1 = med - rt;
    let s2 = rt + s1;
    ((pol + (med - s2)) - v) + s1
}
