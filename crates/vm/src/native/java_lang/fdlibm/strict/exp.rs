//! `exp`, `expm1`, `sinh`, `cosh`, `tanh` following fdlibm 5.3 (`e_exp.c`,
//! `s_expm1.c`, `e_sinh.c`, `e_cosh.c`, `s_tanh.c`).  `exp` is the same
//! algorithm as the JDK's Java `StrictMath.exp`; here it serves sinh/cosh.

use super::{hi, lo, with_hi, words};

const HUGE: f64 = 1.0e300;
const TINY: f64 = 1.0e-300;
const TWOM1000: f64 = words(0x01700000, 0); // 2^-1000
const O_THRESHOLD: f64 = words(0x40862E42, 0xFEFA39EF);
const U_THRESHOLD: f64 = words(0xc0874910, 0xD52D3051);
const LN2_HI: f64 = words(0x3fe62e42, 0xfee00000);
const LN2_LO: f64 = words(0x3dea39ef, 0x35793c76);
const INVLN2: f64 = words(0x3ff71547, 0x652b82fe);

// exp: R(r^2) = r - (P1*r^2 + ... + P5*r^10).
const P1: f64 = words(0x3FC55555, 0x5555553E);
const P2: f64 = words(0xBF66C16C, 0x16BEBD93);
const P3: f64 = words(0x3F11566A, 0xAF25DE2C);
const P4: f64 = words(0xBEBBBD41, 0xC5D26BF1);
const P5: f64 = words(0x3E663769, 0x72BEA4D0);

/// Adds `k` to the binary exponent of `y` by integer arithmetic on its high word.
fn add_exp(y: f64, k: i32) -> f64 {
    with_hi(y, hi(y).wrapping_add(k.wrapping_shl(20)))
}

/// e^x (fdlibm `__ieee754_exp`).
pub(crate) fn exp(x: f64) -> f64 {
    let mut x = x;
    let mut hx = hi(x);
    let xsb = (hx >> 31) & 1;
    hx &= 0x7fffffff;
    let mut hi_part = 0.0;
    let mut lo_part = 0.0;
    let mut k: i32 = 0;
    if hx >= 0x40862E42 {
        // |x| >= 709.78...
        if hx >= 0x7ff00000 {
            if ((hx & 0xfffff) as u32 | lo(x)) != 0 {
                return x + x; // NaN
            }
            return if xsb == 0 { x } else { 0.0 };
        }
        if x > O_THRESHOLD {
            return HUGE * HUGE; // overflow
        }
        if x < U_THRESHOLD {
            return TWOM1000 * TWOM1000; // underflow
        }
    }
    if hx > 0x3fd62e42 {
        // |x| > 0.5 ln2
        if hx < 0x3FF0A2B2 {
            // and |x| < 1.5 ln2
            if xsb == 0 {
                hi_part = x - LN2_HI;
                lo_part = LN2_LO;
            } else {
                hi_part = x + LN2_HI;
                lo_part = -LN2_LO;
            }
            k = 1 - xsb - xsb;
        } else {
            k = (INVLN2 * x + if xsb == 0 { 0.5 } else { -0.5 }) as i32;
            let t = k as f64;
            hi_part = x - t * LN2_HI; // t*ln2_hi is exact here
            lo_part = t * LN2_LO;
        }
        x = hi_part - lo_part;
    } else if hx < 0x3e300000 {
        // |x| < 2^-28
        if HUGE + x > 1.0 {
            return 1.0 + x;
        }
    }
    let t = x * x;
    let c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    if k == 0 {
        return 1.0 - ((x * c) / (c - 2.0) - x);
    }
    let y = 1.0 - ((lo_part - (x * c) / (2.0 - c)) - hi_part);
    if k >= -1021 {
        add_exp(y, k)
    } else {
        add_exp(y, k + 1000) * TWOM1000
    }
}

// expm1: scaled coefficients of R1(r^2) for r in [0, 0.5*ln2].
const Q1: f64 = words(0xBFA11111, 0x111110F4);
const Q2: f64 = words(0x3F5A01A0, 0x19FE5585);
const Q3: f64 = words(0xBF14CE19, 0x9EAADBB7);
const Q4: f64 = words(0x3ED0CFCA, 0x86E65239);
const Q5: f64 = words(0xBE8AFDB7, 0x6E09C32D);

/// `StrictMath.expm1`: e^x - 1.
pub(crate) fn expm1(x: f64) -> f64 {
    let mut x = x;
    let mut hx = hi(x);
    let xsb = hx as u32 & 0x80000000;
    hx &= 0x7fffffff;
    if hx >= 0x4043687A {
        // |x| >= 56*ln2
        if hx >= 0x40862E42 {
            // |x| >= 709.78...
            if hx >= 0x7ff00000 {
                if ((hx & 0xfffff) as u32 | lo(x)) != 0 {
                    return x + x; // NaN
                }
                return if xsb == 0 { x } else { -1.0 };
            }
            if x > O_THRESHOLD {
                return HUGE * HUGE; // overflow
            }
        }
        if xsb != 0 && x + TINY < 0.0 {
            return TINY - 1.0; // x < -56*ln2: -1 with inexact
        }
    }
    let k: i32;
    let mut c = 0.0;
    if hx > 0x3fd62e42 {
        // |x| > 0.5 ln2
        let (h, l);
        if hx < 0x3FF0A2B2 {
            // and |x| < 1.5 ln2
            if xsb == 0 {
                h = x - LN2_HI;
                l = LN2_LO;
                k = 1;
            } else {
                h = x + LN2_HI;
                l = -LN2_LO;
                k = -1;
            }
        } else {
            k = (INVLN2 * x + if xsb == 0 { 0.5 } else { -0.5 }) as i32;
            let t = k as f64;
            h = x - t * LN2_HI; // t*ln2_hi is exact here
            l = t * LN2_LO;
        }
        x = h - l;
        c = (h - x) - l;
    } else if hx < 0x3c900000 {
        // |x| < 2^-54: return x
        let t = HUGE + x;
        return x - (t - (HUGE + x));
    } else {
        k = 0;
    }
    // x is now in the primary range.
    let hfx = 0.5 * x;
    let hxs = x * hfx;
    let r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
    let t = 3.0 - r1 * hfx;
    let mut e = hxs * ((r1 - t) / (6.0 - x * t));
    if k == 0 {
        return x - (x * e - hxs); // c is 0
    }
    e = x * (e - c) - c;
    e -= hxs;
    if k == -1 {
        return 0.5 * (x - e) - 0.5;
    }
    if k == 1 {
        return if x < -0.25 { -2.0 * (e - (x + 0.5)) } else { 1.0 + 2.0 * (x - e) };
    }
    if k <= -2 || k > 56 {
        // suffices to return exp(x) - 1
        let y = 1.0 - (e - x);
        return add_exp(y, k) - 1.0;
    }
    if k < 20 {
        let t = words((0x3ff00000 - (0x200000 >> k)) as u32, 0); // 1 - 2^-k
        let y = t - (e - x);
        add_exp(y, k)
    } else {
        let t = words(((0x3ff - k) << 20) as u32, 0); // 2^-k
        let mut y = x - (e + t);
        y += 1.0;
        add_exp(y, k)
    }
}

const SHUGE: f64 = 1.0e307;

/// Whether |x| <= the overflow threshold of sinh/cosh (ln(MAX) + ln 2).
fn below_overflow(ix: i32, x: f64) -> bool {
    ix < 0x408633CE || (ix == 0x408633ce && lo(x) <= 0x8fb9f87d)
}

/// `StrictMath.sinh`.
pub(crate) fn sinh(x: f64) -> f64 {
    let jx = hi(x);
    let ix = jx & 0x7fffffff;
    if ix >= 0x7ff00000 {
        return x + x; // inf or NaN
    }
    let h = if jx < 0 { -0.5 } else { 0.5 };
    if ix < 0x40360000 {
        // |x| < 22
        if ix < 0x3e300000 && SHUGE + x > 1.0 {
            return x; // |x| < 2^-28
        }
        let t = expm1(x.abs());
        if ix < 0x3ff00000 {
            return h * (2.0 * t - t * t / (t + 1.0));
        }
        return h * (t + t / (t + 1.0));
    }
    if ix < 0x40862E42 {
        // |x| in [22, log(maxdouble)]
        return h * exp(x.abs());
    }
    if below_overflow(ix, x) {
        let w = exp(0.5 * x.abs());
        let t = h * w;
        return t * w;
    }
    x * SHUGE // overflow
}

/// `StrictMath.cosh`.
pub(crate) fn cosh(x: f64) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix >= 0x7ff00000 {
        return x * x; // inf or NaN
    }
    if ix < 0x3fd62e43 {
        // |x| in [0, 0.5*ln2]
        let t = expm1(x.abs());
        let w = 1.0 + t;
        if ix < 0x3c800000 {
            return w; // cosh(tiny) = 1
        }
        return 1.0 + (t * t) / (w + w);
    }
    if ix < 0x40360000 {
        // |x| in [0.5*ln2, 22]
        let t = exp(x.abs());
        return 0.5 * t + 0.5 / t;
    }
    if ix < 0x40862E42 {
        // |x| in [22, log(maxdouble)]
        return 0.5 * exp(x.abs());
    }
    if below_overflow(ix, x) {
        let w = exp(0.5 * x.abs());
        let t = 0.5 * w;
        return t * w;
    }
    HUGE * HUGE // overflow
}

/// `StrictMath.tanh`.
pub(crate) fn tanh(x: f64) -> f64 {
    let jx = hi(x);
    let ix = jx & 0x7fffffff;
    if ix >= 0x7ff00000 {
        // tanh(+-inf) = +-1, tanh(NaN) = NaN
        return if jx >= 0 { 1.0 / x + 1.0 } else { 1.0 / x - 1.0 };
    }
    let z = if ix < 0x40360000 {
        // |x| < 22
        if ix < 0x3c800000 {
            return x * (1.0 + x); // |x| < 2^-55
        }
        if ix >= 0x3ff00000 {
            // |x| >= 1
            let t = expm1(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = expm1(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0 - TINY // |x| >= 22: +-1 with inexact
    };
    if jx >= 0 {
        z
    } else {
        -z
    }
}
