//! `log`, `log10`, `log1p` following fdlibm 5.3 (`e_log.c`, `e_log10.c`,
//! `s_log1p.c`).

use super::{hi, lo, with_hi, words};

const ONE_THIRD: f64 = words(0x3FD55555, 0x55555555);
const TWO_THIRDS: f64 = words(0x3FE55555, 0x55555555);
const LN2_HI: f64 = words(0x3fe62e42, 0xfee00000);
const LN2_LO: f64 = words(0x3dea39ef, 0x35793c76);
const TWO54: f64 = words(0x43500000, 0x00000000);

// log(1+f) = f - s*(f - R) with R ~ Lg1*s^2 + ... + Lg7*s^14, s = f/(2+f).
const LG1: f64 = words(0x3FE55555, 0x55555593);
const LG2: f64 = words(0x3FD99999, 0x9997FA04);
const LG3: f64 = words(0x3FD24924, 0x94229359);
const LG4: f64 = words(0x3FCC71C5, 0x1D8E78AF);
const LG5: f64 = words(0x3FC74664, 0x96CB03DE);
const LG6: f64 = words(0x3FC39A09, 0xD078C69F);
const LG7: f64 = words(0x3FC2F112, 0xDF3E5244);

/// `StrictMath.log`.
pub(crate) fn log(x: f64) -> f64 {
    let mut x = x;
    let mut hx = hi(x);
    let lx = lo(x);
    let mut k: i32 = 0;
    if hx < 0x00100000 {
        // x < 2^-1022
        if ((hx & 0x7fffffff) as u32 | lx) == 0 {
            return -TWO54 / 0.0; // log(+-0) = -inf
        }
        if hx < 0 {
            return (x - x) / 0.0; // log(-#) = NaN
        }
        k -= 54;
        x *= TWO54; // scale up subnormal x
        hx = hi(x);
    }
    if hx >= 0x7ff00000 {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    hx &= 0x000fffff;
    let i = (hx + 0x95f64) & 0x100000;
    x = with_hi(x, hx | (i ^ 0x3ff00000)); // normalize x or x/2
    k += i >> 20;
    let f = x - 1.0;
    if (0x000fffff & (2 + hx)) < 3 {
        // |f| < 2^-20
        if f == 0.0 {
            if k == 0 {
                return 0.0;
            }
            let dk = k as f64;
            return dk * LN2_HI + dk * LN2_LO;
        }
        let r = f * f * (0.5 - ONE_THIRD * f);
        if k == 0 {
            return f - r;
        }
        let dk = k as f64;
        return dk * LN2_HI - ((r - dk * LN2_LO) - f);
    }
    let s = f / (2.0 + f);
    let dk = k as f64;
    let z = s * s;
    let mut i = hx - 0x6147a;
    let w = z * z;
    let j = 0x6b851 - hx;
    let t1 = w * (LG2 + w * (LG4 + w * LG6));
    let t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
    i |= j;
    let r = t2 + t1;
    if i > 0 {
        let hfsq = 0.5 * f * f;
        if k == 0 {
            f - (hfsq - s * (hfsq + r))
        } else {
            dk * LN2_HI - ((hfsq - (s * (hfsq + r) + dk * LN2_LO)) - f)
        }
    } else if k == 0 {
        f - s * (f - r)
    } else {
        dk * LN2_HI - ((s * (f - r) - dk * LN2_LO) - f)
    }
}

const IVLN10: f64 = words(0x3FDBCB7B, 0x1526E50E);
const LOG10_2HI: f64 = words(0x3FD34413, 0x509F6000);
const LOG10_2LO: f64 = words(0x3D59FEF3, 0x11F12B36);

/// `StrictMath.log10`: n*log10(2) + log10(m) with m in [1, 2).
pub(crate) fn log10(x: f64) -> f64 {
    let mut x = x;
    let mut hx = hi(x);
    let lx = lo(x);
    let mut k: i32 = 0;
    if hx < 0x00100000 {
        if ((hx & 0x7fffffff) as u32 | lx) == 0 {
            return -TWO54 / 0.0;
        }
        if hx < 0 {
            return (x - x) / 0.0;
        }
        k -= 54;
        x *= TWO54;
        hx = hi(x);
    }
    if hx >= 0x7ff00000 {
        return x + x;
    }
    k += (hx >> 20) - 1023;
    let i = ((k as u32) & 0x80000000) >> 31;
    let i = i as i32;
    hx = (hx & 0x000fffff) | ((0x3ff - i) << 20);
    let y = (k + i) as f64;
    x = with_hi(x, hx);
    let z = y * LOG10_2LO + IVLN10 * log(x);
    z + y * LOG10_2HI
}

/// `StrictMath.log1p`.
pub(crate) fn log1p(x: f64) -> f64 {
    let hx = hi(x);
    let ax = hx & 0x7fffffff;
    let mut k: i32 = 1;
    let mut f = 0.0;
    let mut hu: i32 = 0;
    let mut c = 0.0;
    if hx < 0x3FDA827A {
        // x < 0.41422
        if ax >= 0x3ff00000 {
            // x <= -1.0
            if x == -1.0 {
                return -TWO54 / 0.0; // log1p(-1) = -inf
            }
            return (x - x) / (x - x); // log1p(x < -1) = NaN
        }
        if ax < 0x3e200000 {
            // |x| < 2^-29
            if TWO54 + x > 0.0 && ax < 0x3c900000 {
                return x; // |x| < 2^-54
            }
            return x - x * x * 0.5;
        }
        if hx > 0 || hx <= 0xbfd2bec3u32 as i32 {
            // -0.2929 < x < 0.41422
            k = 0;
            f = x;
            hu = 1;
        }
    }
    if hx >= 0x7ff00000 {
        return x + x;
    }
    if k != 0 {
        let mut u;
        if hx < 0x43400000 {
            u = 1.0 + x;
            hu = hi(u);
            k = (hu >> 20) - 1023;
            c = if k > 0 { 1.0 - (u - x) } else { x - (u - 1.0) }; // correction term
            c /= u;
        } else {
            u = x;
            hu = hi(u);
            k = (hu >> 20) - 1023;
            c = 0.0;
        }
        hu &= 0x000fffff;
        if hu < 0x6a09e {
            u = with_hi(u, hu | 0x3ff00000); // normalize u
        } else {
            k += 1;
            u = with_hi(u, hu | 0x3fe00000); // normalize u/2
            hu = (0x00100000 - hu) >> 2;
        }
        f = u - 1.0;
    }
    let hfsq = 0.5 * f * f;
    let dk = k as f64;
    if hu == 0 {
        // |f| < 2^-20
        if f == 0.0 {
            if k == 0 {
                return 0.0;
            }
            c += dk * LN2_LO;
            return dk * LN2_HI + c;
        }
        let r = hfsq * (1.0 - TWO_THIRDS * f);
        if k == 0 {
            return f - r;
        }
        return dk * LN2_HI - ((r - (dk * LN2_LO + c)) - f);
    }
    let s = f / (2.0 + f);
    let z = s * s;
    let r = z * (LG1 + z * (LG2 + z * (LG3 + z * (LG4 + z * (LG5 + z * (LG6 + z * LG7))))));
    if k == 0 {
        f - (hfsq - s * (hfsq + r))
    } else {
        dk * LN2_HI - ((hfsq - (s * (hfsq + r) + (dk * LN2_LO + c))) - f)
    }
}
