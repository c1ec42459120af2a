//! `Math.pow` as computed by HotSpot's x86_64 intrinsic stub (Intel LIBM
//! algorithm): pow(x, y) = 2^(y * log2(x)).
//!
//! log2(x) = k + log2(c/B) + p(r) with B ~ c/m from `rcpss` rounded to 9
//! bits (c = 1.4453125 ~ log2(e)), r = B*m - c split in high and low parts
//! and a degree-8 polynomial; for x in [1-1/32, 1+1/16) and |y| >= 2^12 a
//! double-double variant is used.  Then 2^(y*log2(x)) uses a 256-entry table
//! and a degree-5 polynomial, with two-step scaling near overflow/underflow.

use super::pow_tables::{EXP2_TBL, LOG2_TBL};
use super::{f, rcp, top16};

const LH_F32: f32 = 1.4453125; // bits 0x3fb90000
const LH: f64 = f(0x3ff7200000000000);
const ONE_BITS: u64 = 0x3ff0_0000_0000_0000;
const MANT: u64 = 0x000f_ffff_ffff_ffff;
const M_EXP: u64 = 0x77f0_0000_0000_0000;
const B_MASK: u64 = 0xffff_f800_0000_0000;
const SHIFT8: f64 = f(0x42b8000000000000); // 1.5 * 2^44: rounds to 1/256
const SHIFT52: f64 = f(0x4338000000000000); // 1.5 * 2^52: rounds to an integer
const LN2: f64 = f(0x3fe62e42fefa39ef);
const SIGN: u32 = 0x8000_0000;

// log2 polynomial (pairs are evaluated together by the stub).
const C0: f64 = f(0xbf8365786dc96112);
const C1: f64 = f(0xbf9b0301ee241472);
const C2: f64 = f(0xbfb528db9f95985a);
const C3: f64 = f(0xbfd619b6b3841d2a);
const C4: f64 = f(0x3f9004f2518775e3);
const C5: f64 = f(0x3fa76c9bac8349bb);
const C6: f64 = f(0x3fc4635e486ececc);
const C7: f64 = f(0xbf5dabe1161bb241);
// Accurate variant: C3 and C7 split into high parts and remainders.
const H1: f64 = f(0xbfd61a0000000000);
const H2: f64 = f(0xbf5dabe100000000);
const C3L: f64 = f(0x3ef2531ef8b5787d);
const C6L: f64 = f(0x3fc4635e486ececb);
const C7L: f64 = f(0xbdd61bb2412055cc);
// exp2 polynomial.
const E0: f64 = f(0x3f55d87fe78a6731);
const E1: f64 = f(0x3fac6b08d704a0c0);
const E2: f64 = f(0x3f83b2ab6fba4e77);
const E3: f64 = f(0x3fcebfbdff82c58f);

/// Index of the highest set bit (`bsr`); `v` must be non-zero.
fn bsr(v: u32) -> i32 {
    31 - v.leading_zeros() as i32
}

/// `x` with `add` added (as integers) to the high words of both halves of a
/// table pair: scales by a power of two and optionally flips the sign.
fn adjust(pair: (u64, u64), add: u32) -> (f64, f64) {
    let a = |b: u64| f(((((b >> 32) as u32).wrapping_add(add)) as u64) << 32 | (b & 0xffff_ffff));
    (a(pair.0), a(pair.1))
}

/// Bits of `rcpss(m) * c` for the leading mantissa bits of `x`, plus the
/// rounding increment to 9 bits.
fn recip(x: f64) -> u32 {
    let rin = f32::from_bits((((x.to_bits() | ONE_BITS) >> 27) as u32) >> 2);
    (rcp(rin) * LH_F32).to_bits().wrapping_add(0x2000)
}

/// B (9-bit reciprocal, as a tiny double) and the table pair for it.
fn table(bb: u32) -> (f64, (u64, u64)) {
    let b = f(((bb as u64) << 29) & B_MASK);
    let idx = (((bb & 0xffc000) >> 14) as usize).saturating_sub(228).min(LOG2_TBL.len() - 1);
    (b, LOG2_TBL[idx])
}

/// `Math.pow` on HotSpot/x86_64.
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    if y.to_bits() == 2.0f64.to_bits() {
        return x * x;
    }
    if y.to_bits() == 0.5f64.to_bits() && x.to_bits() as i64 >= 0 {
        return x.sqrt();
    }
    let top = top16(x);
    if top.wrapping_sub(16) >= 32736 {
        return special_x(x, y);
    }
    let k16 = (top & 0x7ff0) as i32 - 16368;
    log2_start(x, y, top as i32 - 16, k16, 0)
}

/// Entry for normal |x| (label 1 of the stub): `eax` = top16(|x|) - 16,
/// `k16` = 16 * (exponent estimate) used for the size of the high part.
fn log2_start(x: f64, y: f64, eax: i32, k16: i32, sign: u32) -> f64 {
    let bb = recip(x);
    let shift = (bsr((k16.unsigned_abs()).wrapping_add(16)) - 4) as u32;
    let mask = ((u32::MAX << (shift & 31)) as u64) << 32;
    let m = f((x.to_bits() & MANT) | M_EXP);
    let eax2 = eax.wrapping_sub(16351);
    let (b, pair) = table(bb);
    if (eax2 as u32) <= 1 {
        // x in [1-1/32, 1+1/16): round the high part of m.
        let m_hi = f(m.to_bits().wrapping_add(0x8000_0000) & mask);
        let ey16 = (top16(y) & 0x7ff0) as i32;
        if ey16 >= 16560 {
            let k = ((eax2.wrapping_add(16351) as u32) >> 4) as i32 - 1022;
            return near_one(x, y, m_hi * b, m - m_hi, b, k, bb, sign);
        }
        let k = (eax2 - 1) >> 4;
        return log2_main(x, y, m_hi * b, m - m_hi, b, k, pair, sign);
    }
    let m_hi = f(m.to_bits() & mask);
    let k = (eax2 - 1) >> 4;
    log2_main(x, y, m_hi * b, m - m_hi, b, k, pair, sign)
}

/// Entry for subnormal |x| (scaled by 2^128 first).
fn log2_subnormal(x: f64, y: f64, sign: u32) -> f64 {
    let xs = x * f(0x47f0_0000_0000_0000);
    let bb = recip(xs);
    let m = f((xs.to_bits() & MANT) | M_EXP);
    let m_hi = f(m.to_bits() & 0xffff_fc00_0000_0000);
    let (b, pair) = table(bb);
    let k = ((top16(xs) & 0x7ff0) as i32 - 18416) >> 4;
    log2_main(x, y, m_hi * b, m - m_hi, b, k, pair, sign)
}

/// log2(x) from the reduced argument (label 4), then 2^(y*log2(x)).
#[allow(clippy::too_many_arguments)]
fn log2_main(x: f64, y: f64, rh: f64, m_lo: f64, b: f64, k: i32, pair: (u64, u64), sign: u32) -> f64 {
    let rl = m_lo * b;
    let r_hi = rh - LH;
    let a = bsr(k.unsigned_abs() + 1);
    let r = rl + r_hi;
    let lhi0 = r_hi + f(pair.0);
    let llo0 = rl + f(pair.1);
    let r2 = r * r;
    let lhi = lhi0 + k as f64;
    let r3 = r * r2;
    let p6 = (C4 + C0 * r, C5 + C1 * r);
    let r4 = r2 * r2;
    let p0 = (C6 + C2 * r, C7 + C3 * r);
    let q6 = (r3 * p6.0, r * p6.1);
    let q0 = (r3 * p0.0, r * p0.1);
    let w3 = (r4 * q6.0, r4 * q6.1);
    let size = (a << 4) - 15872 + (top16(y) & 0x7ff0) as i32;
    if (size as u32) >= 624 {
        if size < 0 {
            return tiny_exponent(y, size, lhi, llo0, q0, w3, sign);
        }
        if size >= 752 {
            return out_of_range(x, y, sign);
        }
        return large_exponent(x, y, lhi, llo0, q0, w3, sign);
    }
    // Main path: |y * log2(x)| < 2^8 or so.
    let y_h = f(y.to_bits() & 0xffff_fff8_0000_0000);
    let y_l = y - y_h;
    let t = y_h * lhi;
    let q0a = q0.0 + llo0;
    let yl_lhi = y_l * lhi;
    let s = SHIFT8 + t;
    let w = (w3.0 + q0a, w3.1 + q0.1);
    let n = s.to_bits() as u32;
    let sn = s - SHIFT8;
    let llo = w.1 + w.0;
    let t2 = t - sn;
    let t3 = t2 + yl_lhi;
    let ylo = y * llo;
    let add = ((n << 12) ^ sign) & 0xfff0_0000;
    let z = ylo + t3;
    let (thi, tlo) = adjust(EXP2_TBL[(n & 255) as usize], add);
    let p = exp2_poly(z, thi, tlo);
    p + thi
}

/// The exp2 polynomial: returns the part of T*2^z - T computed by the stub.
fn exp2_poly(z: f64, thi: f64, tlo: f64) -> f64 {
    let lz = LN2 * z;
    let z2 = z * z;
    let a1 = lz * thi + tlo;
    let z4 = z2 * z2;
    let pe = (E2 + E0 * z, E3 + E1 * z);
    let pz = (z4 * pe.0, z2 * pe.1);
    (pz.0 * thi + a1) + pz.1 * thi
}

/// |y * log2(x)| tiny: 1 + y*log2(x)*ln2 (label 11).
#[allow(clippy::too_many_arguments)]
fn tiny_exponent(y: f64, size: i32, lhi: f64, llo0: f64, q0: (f64, f64), w3: (f64, f64), sign: u32) -> f64 {
    if size + 384 < 0 {
        return 1.0;
    }
    let lhi_y = lhi * y;
    let q0a = q0.0 + llo0;
    let w = (w3.0 + q0a, w3.1 + q0.1);
    let llo = w.0 + w.1;
    let ln = if sign != 0 { -LN2 } else { LN2 };
    let one = if sign != 0 { -1.0 } else { 1.0 };
    one + (lhi_y + y * llo) * ln
}

/// Possibly overflowing or underflowing result (label 5): log2(x) recomputed
/// as a double-double and the result scaled in two steps.
#[allow(clippy::too_many_arguments)]
fn large_exponent(x: f64, y: f64, lhi: f64, llo0: f64, q0: (f64, f64), w3: (f64, f64), sign: u32) -> f64 {
    const HALF: u64 = 0xffff_ffff_f800_0000;
    let q0a = q0.0 + llo0;
    let w = (w3.0 + q0a, w3.1 + q0.1);
    let llo = w.1 + w.0;
    let l = lhi + llo;
    let d1 = lhi - l;
    let l_h = f(l.to_bits() & HALF);
    let y_h = f(y.to_bits() & HALF);
    let d2 = l - l_h;
    let e = llo + d1;
    let y_l = y - y_h;
    let t = y_h * l_h;
    let l_l = e + d2;
    let y_ll = y * l_l;
    let yl_lh = y_l * l_h;
    let s = SHIFT8 + t;
    let n = s.to_bits() as u32 as i32;
    let sn = s - SHIFT8;
    let u = y_ll + yl_lh;
    let t2 = t - sn;
    let z = u + t2;
    let big = n >> 8;
    let half = big >> 1;
    let rest = big - half;
    let add = ((half << 20) as u32) ^ sign;
    if (top16(sn) & 0x7fff) > 16529 {
        return out_of_range(x, y, sign);
    }
    let (thi, tlo) = adjust(EXP2_TBL[(n & 255) as usize], add);
    let p = exp2_poly(z, thi, tlo);
    let scale = f(((((rest << 4) + 16368) as u32 & 0xffff) as u64) << 48);
    finish(p, thi, scale)
}

/// (p + T) * scale, with the stub's handling of subnormal results (label 13).
fn finish(p: f64, thi: f64, scale: f64) -> f64 {
    let res = (p + thi) * scale;
    if top16(res) & 0x7ff0 != 0 {
        return res;
    }
    let ecx = (top16(thi) & 0x7ff0) as i32 - 16368;
    let edx = (top16(scale) & 0x7ff0) as i32 + ecx;
    let shift = -31 - (edx >> 4);
    let mask = if shift <= 0 {
        u32::MAX
    } else if shift > 20 {
        return res;
    } else {
        u32::MAX << shift
    };
    let hi = f(thi.to_bits() & ((mask as u64) << 32));
    let lo = (thi - hi) + p;
    hi * scale + lo * scale
}

/// x in [1-1/32, 1+1/16) and |y| >= 2^12 (label 2): log2(x) as a
/// double-double.
#[allow(clippy::too_many_arguments)]
fn near_one(x: f64, y: f64, rh: f64, m_lo: f64, b: f64, k: i32, bb: u32, sign: u32) -> f64 {
    let (_, pair) = table(bb);
    let rl = m_lo * b;
    let r_hi = rh - LH;
    let r = rl + r_hi;
    let a7 = k as f64 + f(pair.0);
    let a7lo = 0.0 + f(pair.1);
    let x4 = H1 * r_hi;
    let x0 = H2 * r_hi;
    let x6 = H1 * rl;
    let x1 = H2 * rl;
    let x4 = x4 * r_hi;
    let x5 = r_hi + x0;
    let x2 = r_hi + r;
    let a = a7 + x5;
    let x6 = x6 * x2;
    let err1 = (a7 - a) + x5;
    let b1 = a + x4;
    let err2 = (x4 + (a - b1)) + err1;
    let c1 = b1 + rl;
    let x6 = x6 + err2;
    let err3 = (b1 - c1) + rl;
    let d1 = c1 + x1;
    let x6 = x6 + err3;
    let err4 = (c1 - d1) + x1;
    let e1 = d1 + a7lo;
    let err5 = (d1 - e1) + a7lo;
    let x6 = (x6 + err4) + err5;
    let r2 = r * r;
    let p0 = (C4 + C0 * r, C5 + C1 * r);
    let p5 = (C6L + C2 * r, C7L + C3L * r);
    let r3 = r * r2;
    let r4 = r2 * r2;
    let p0 = (r4 * (r3 * p0.0), r4 * (r * p0.1));
    let p5 = (r3 * p5.0, r * p5.1);
    let e1_h = f(e1.to_bits() & 0xffff_ffff_f800_0000);
    let p5 = ((p5.0 + x6) + p0.0, p5.1 + p0.1);
    let e_l1 = e1 - e1_h;
    let ee = (top16(e1) & 0x7ff0) as i32 - 16368;
    let ey16 = (top16(y) & 0x7ff0) as i32;
    if ey16 == 0x7ff0 {
        return y_not_finite(x, y);
    }
    if (ey16 + ee) as u32 >= 16576 {
        // overflow or underflow, by the signs of y and log2(x)
        return if (top16(y) ^ top16(e1_h)) & 0x8000 == 0 { overflow(sign) } else { underflow(sign) };
    }
    let pp = p5.0 + p5.1;
    let y_h = f(y.to_bits() & 0xffff_ffff_0000_0000);
    let y_l = y - y_h;
    let e_l = e_l1 + pp;
    let t = y_h * e1_h;
    let yl_h = y_l * e1_h;
    let ye_l = y * e_l;
    let s = SHIFT8 + t;
    let n = s.to_bits() as u32;
    let u = yl_h + ye_l;
    let sn = s - SHIFT8;
    let t2 = t - sn;
    let z = t2 + u;
    let big = n >> 8;
    let half = big >> 1;
    let rest = big.wrapping_sub(half);
    if (top16(sn) & 0x7fff) > 16529 {
        return out_of_range(x, y, sign);
    }
    let (thi, tlo) = adjust(EXP2_TBL[(n & 255) as usize], half << 20);
    let p = exp2_poly(z, thi, tlo);
    let scale = f(((rest.wrapping_add(1023) << 20 | sign) as u64) << 32);
    finish(p, thi, scale)
}

/// Certain overflow or underflow, or y infinite/NaN (label 12).
fn out_of_range(x: f64, y: f64, sign: u32) -> f64 {
    if top16(y) & 0x7ff0 == 0x7ff0 {
        return y_not_finite(x, y);
    }
    let ex = (top16(x) & 0x7ff0) as i32 - 16368;
    if (top16(y) as i32 ^ ex) & 0x8000 != 0 {
        underflow(sign)
    } else {
        overflow(sign)
    }
}

fn overflow(sign: u32) -> f64 {
    if sign != 0 {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    }
}

fn underflow(sign: u32) -> f64 {
    if sign != 0 {
        -0.0
    } else {
        0.0
    }
}

/// Positive x, y infinite or NaN (label 45).
fn y_not_finite(x: f64, y: f64) -> f64 {
    if top16(x - 1.0) == 0 {
        return f(0x7ff8_0000_0000_0000); // pow(1, inf or NaN)
    }
    if y.to_bits() & MANT != 0 {
        return y + y;
    }
    inf_or_zero(x, y)
}

/// +inf if |x| > 1 and y = +inf or |x| < 1 and y = -inf, +0 otherwise
/// (judged on the exponent of x, as the stub does).
fn inf_or_zero(x: f64, y: f64) -> f64 {
    let ex = (top16(x) & 0x7ff0) as i32 - 16368;
    if (ex ^ top16(y) as i32) & 0x8000 == 0 {
        f64::INFINITY
    } else {
        0.0
    }
}

/// Parity class of a finite y judged by the stub's integer test.
#[derive(PartialEq)]
enum Parity {
    Odd,
    Even,
    NotInteger,
}

/// Is `y` (with 1023 <= biased exponent <= 1073) an integer, and odd?
fn parity_by_rounding(y: f64, frac_mask: u32) -> Parity {
    let s = SHIFT52 + y;
    let frac = y + (SHIFT52 - s);
    if top16(frac) & frac_mask != 0 {
        Parity::NotInteger
    } else if s.to_bits() & 1 == 0 {
        Parity::Even
    } else {
        Parity::Odd
    }
}

/// x negative, zero, subnormal, infinite or NaN (label 0).
fn special_x(x: f64, y: f64) -> f64 {
    let top = top16(x);
    if top & 0x7ff0 == 0x7ff0 {
        return x_not_finite(x, y);
    }
    if top & 0x8000 != 0 {
        return x_negative(x, y);
    }
    if x == 0.0 {
        return x_zero(x, y);
    }
    log2_subnormal(x, y, 0)
}

/// x = +-inf or NaN (label 6).
fn x_not_finite(x: f64, y: f64) -> f64 {
    let y_zero = y.to_bits() << 1 == 0;
    if x.to_bits() & MANT != 0 {
        return if y_zero { 1.0 } else { x + x };
    }
    if y_zero {
        return 1.0;
    }
    if top16(y) & 0x7ff0 == 0x7ff0 && y.to_bits() & MANT != 0 {
        return y + y;
    }
    let y_neg = y.to_bits() >> 63 != 0;
    if top16(x) & 0x8000 == 0 {
        return if y_neg { 0.0 } else { x };
    }
    // x = -inf
    let ey = ((y.to_bits() >> 52) & 0x7ff) as u32;
    let odd = match ey {
        1075 => y.to_bits() & 1 != 0,
        1023..=1074 => parity_by_rounding(y, 0x7ff0) == Parity::Odd,
        _ => false,
    };
    match (odd, y_neg) {
        (true, true) => -0.0,
        (true, false) => x,
        (false, true) => 0.0,
        (false, false) => f64::INFINITY,
    }
}

/// x = +-0 (label 9).
fn x_zero(x: f64, y: f64) -> f64 {
    if top16(y) & 0x7ff0 == 0x7ff0 && y.to_bits() & MANT != 0 {
        return y + y;
    }
    let yb = y.to_bits();
    if yb << 1 == 0 {
        return 1.0;
    }
    let ey = ((yb >> 52) & 0x7ff) as u32;
    let odd = match ey {
        1075 => yb & 1 != 0,
        1023..=1074 => parity_by_rounding(y, 0x7ff0) == Parity::Odd,
        _ => false,
    };
    let y_neg = yb >> 63 != 0;
    if odd {
        return if y_neg { 1.0 / x } else { x };
    }
    if y_neg {
        1.0 / std::hint::black_box(0.0)
    } else {
        0.0
    }
}

/// Finite x < 0 (label 7).
fn x_negative(x: f64, y: f64) -> f64 {
    if x.to_bits() << 1 == 0 {
        return x_zero(x, y);
    }
    let yb = y.to_bits();
    if yb << 1 == 0 {
        return 1.0;
    }
    let ey16 = top16(y) & 0x7ff0;
    if ey16 == 0x7ff0 {
        if yb & MANT != 0 {
            return y + y;
        }
        if top16(x) == 0xbff0 && x.to_bits() & MANT == 0 {
            return f(0x7ff8_0000_0000_0000); // pow(-1, +-inf)
        }
        return inf_or_zero(x, y);
    }
    let parity = if ey16 > 17200 {
        Parity::Even
    } else if ey16 > 17184 {
        if yb & 1 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    } else if ey16 == 17184 {
        if yb & 1 != 0 {
            Parity::NotInteger
        } else if yb & 2 == 0 {
            Parity::Even
        } else {
            Parity::Odd
        }
    } else if ey16 < 16368 {
        Parity::NotInteger
    } else {
        parity_by_rounding(y, 0x7fff)
    };
    let sign = match parity {
        Parity::NotInteger => return invalid(),
        Parity::Even => 0,
        Parity::Odd => SIGN,
    };
    let eax = (top16(x) & 0x7fff) as i32 - 16;
    if eax < 0 {
        return log2_subnormal(x, y, sign);
    }
    let k16 = (eax & 0x7ff0) - 16368;
    log2_start(x, y, eax, k16, sign)
}

/// 0 * inf, the default NaN of x86 (evaluated at run time).
#[inline(never)]
fn invalid() -> f64 {
    std::hint::black_box(0.0) * std::hint::black_box(f64::INFINITY)
}
