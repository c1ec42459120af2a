//! `asin`, `acos`, `atan`, `atan2` following fdlibm 5.3 (`e_asin.c`,
//! `e_acos.c`, `s_atan.c`, `e_atan2.c`).

use super::{hi, lo, quiet, with_lo, words};

const HUGE: f64 = 1.0e300;
const TINY: f64 = 1.0e-300;
const PI: f64 = words(0x400921FB, 0x54442D18);
const PIO2_HI: f64 = words(0x3FF921FB, 0x54442D18);
const PIO2_LO: f64 = words(0x3C91A626, 0x33145C07);
const PIO4_HI: f64 = words(0x3FE921FB, 0x54442D18);

// Rational approximation of (asin(x) - x)/x^3 = R(x^2) = p(t)/q(t).
const PS0: f64 = words(0x3FC55555, 0x55555555);
const PS1: f64 = words(0xBFD4D612, 0x03EB6F7D);
const PS2: f64 = words(0x3FC9C155, 0x0E884455);
const PS3: f64 = words(0xBFA48228, 0xB5688F3B);
const PS4: f64 = words(0x3F49EFE0, 0x7501B288);
const PS5: f64 = words(0x3F023DE1, 0x0DFDF709);
const QS1: f64 = words(0xC0033A27, 0x1C8A2D4B);
const QS2: f64 = words(0x40002AE5, 0x9C598AC8);
const QS3: f64 = words(0xBFE6066C, 0x1B8D0159);
const QS4: f64 = words(0x3FB3B8C5, 0xB12E9282);

/// p(t) and q(t) of the asin/acos rational approximation.
fn pq(t: f64) -> (f64, f64) {
    let p = t * (PS0 + t * (PS1 + t * (PS2 + t * (PS3 + t * (PS4 + t * PS5)))));
    let q = 1.0 + t * (QS1 + t * (QS2 + t * (QS3 + t * QS4)));
    (p, q)
}

/// `StrictMath.asin`.
pub(crate) fn asin(x: f64) -> f64 {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    if ix >= 0x3ff00000 {
        // |x| >= 1
        if ((ix - 0x3ff00000) as u32 | lo(x)) == 0 {
            return x * PIO2_HI + x * PIO2_LO; // asin(+-1) = +-pi/2
        }
        return (x - x) / (x - x); // NaN
    }
    if ix < 0x3fe00000 {
        // |x| < 0.5
        if ix < 0x3e400000 && HUGE + x > 1.0 {
            return x; // |x| < 2^-27
        }
        let t = x * x;
        let (p, q) = pq(t);
        let w = p / q;
        return x + x * w;
    }
    // 1 > |x| >= 0.5
    let w = 1.0 - x.abs();
    let t = w * 0.5;
    let (p, q) = pq(t);
    let s = t.sqrt();
    let t = if ix >= 0x3FEF3333 {
        // |x| > 0.975
        let w = p / q;
        PIO2_HI - (2.0 * (s + s * w) - PIO2_LO)
    } else {
        let w = with_lo(s, 0);
        let c = (t - w * w) / (s + w);
        let r = p / q;
        let p = 2.0 * s * r - (PIO2_LO - 2.0 * c);
        let q = PIO4_HI - 2.0 * w;
        PIO4_HI - (p - q)
    };
    if hx > 0 {
        t
    } else {
        -t
    }
}

/// `StrictMath.acos`.
pub(crate) fn acos(x: f64) -> f64 {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    if ix >= 0x3ff00000 {
        // |x| >= 1
        if ((ix - 0x3ff00000) as u32 | lo(x)) == 0 {
            return if hx > 0 { 0.0 } else { PI + 2.0 * PIO2_LO };
        }
        return (x - x) / (x - x); // NaN
    }
    if ix < 0x3fe00000 {
        // |x| < 0.5
        if ix <= 0x3c600000 {
            return PIO2_HI + PIO2_LO; // |x| < 2^-57
        }
        let z = x * x;
        let (p, q) = pq(z);
        let r = p / q;
        return PIO2_HI - (x - (PIO2_LO - x * r));
    }
    if hx < 0 {
        // x < -0.5
        let z = (1.0 + x) * 0.5;
        let (p, q) = pq(z);
        let s = z.sqrt();
        let r = p / q;
        let w = r * s - PIO2_LO;
        return PI - 2.0 * (s + w);
    }
    // x > 0.5
    let z = (1.0 - x) * 0.5;
    let s = z.sqrt();
    let df = with_lo(s, 0);
    let c = (z - df * df) / (s + df);
    let (p, q) = pq(z);
    let r = p / q;
    let w = r * s + c;
    2.0 * (df + w)
}

const ATANHI: [f64; 4] = [
    words(0x3FDDAC67, 0x0561BB4F), // atan(0.5) hi
    words(0x3FE921FB, 0x54442D18), // atan(1.0) hi
    words(0x3FEF730B, 0xD281F69B), // atan(1.5) hi
    words(0x3FF921FB, 0x54442D18), // atan(inf) hi
];
const ATANLO: [f64; 4] = [
    words(0x3C7A2B7F, 0x222F65E2),
    words(0x3C81A626, 0x33145C07),
    words(0x3C700788, 0x7AF0CBBD),
    words(0x3C91A626, 0x33145C07),
];
const AT: [f64; 11] = [
    words(0x3FD55555, 0x5555550D),
    words(0xBFC99999, 0x9998EBC4),
    words(0x3FC24924, 0x920083FF),
    words(0xBFBC71C6, 0xFE231671),
    words(0x3FB745CD, 0xC54C206E),
    words(0xBFB3B0F2, 0xAF749A6D),
    words(0x3FB10D66, 0xA0D03D51),
    words(0xBFADDE2D, 0x52DEFD9A),
    words(0x3FA97B4B, 0x24760DEB),
    words(0xBFA2B444, 0x2C6A6C2F),
    words(0x3F90AD3A, 0xE322DA11),
];

/// `StrictMath.atan`.
pub(crate) fn atan(x: f64) -> f64 {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    let mut x = x;
    let id: i32;
    if ix >= 0x44100000 {
        // |x| >= 2^66
        if ix > 0x7ff00000 || (ix == 0x7ff00000 && lo(x) != 0) {
            return x + x; // NaN
        }
        return if hx > 0 { ATANHI[3] + ATANLO[3] } else { -ATANHI[3] - ATANLO[3] };
    }
    if ix < 0x3fdc0000 {
        // |x| < 0.4375
        if ix < 0x3e200000 && HUGE + x > 1.0 {
            return x; // |x| < 2^-29
        }
        id = -1;
    } else {
        x = x.abs();
        if ix < 0x3ff30000 {
            // |x| < 1.1875
            if ix < 0x3fe60000 {
                // 7/16 <= |x| < 11/16
                id = 0;
                x = (2.0 * x - 1.0) / (2.0 + x);
            } else {
                // 11/16 <= |x| < 19/16
                id = 1;
                x = (x - 1.0) / (x + 1.0);
            }
        } else if ix < 0x40038000 {
            // |x| < 2.4375
            id = 2;
            x = (x - 1.5) / (1.0 + 1.5 * x);
        } else {
            // 2.4375 <= |x| < 2^66
            id = 3;
            x = -1.0 / x;
        }
    }
    // Odd and even parts of the polynomial are evaluated separately.
    let z = x * x;
    let w = z * z;
    let s1 = z * (AT[0] + w * (AT[2] + w * (AT[4] + w * (AT[6] + w * (AT[8] + w * AT[10])))));
    let s2 = w * (AT[1] + w * (AT[3] + w * (AT[5] + w * (AT[7] + w * AT[9]))));
    if id < 0 {
        return x - x * (s1 + s2);
    }
    let id = id as usize;
    let z = ATANHI[id] - ((x * (s1 + s2) - ATANLO[id]) - x);
    if hx < 0 {
        -z
    } else {
        z
    }
}

const PI_O_4: f64 = words(0x3FE921FB, 0x54442D18);
const PI_O_2: f64 = words(0x3FF921FB, 0x54442D18);
const PI_LO: f64 = words(0x3CA1A626, 0x33145C07);

/// `StrictMath.atan2(y, x)`.
pub(crate) fn atan2(y: f64, x: f64) -> f64 {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    let lx = lo(x);
    let hy = hi(y);
    let iy = hy & 0x7fffffff;
    let ly = lo(y);
    let nz = |l: u32| ((l | l.wrapping_neg()) >> 31) as i32;
    if (ix | nz(lx)) > 0x7ff00000 || (iy | nz(ly)) > 0x7ff00000 {
        // x or y is NaN; fdlibm's `x + y` yields x's payload when both are.
        return if x.is_nan() { quiet(x) } else { quiet(y) };
    }
    if ((hx.wrapping_sub(0x3ff00000)) as u32 | lx) == 0 {
        return atan(y); // x = 1.0
    }
    let m = ((hy >> 31) & 1) | ((hx >> 30) & 2); // 2*sign(x) + sign(y)
    if (iy as u32 | ly) == 0 {
        // y = 0
        return match m {
            0 | 1 => y,
            2 => PI + TINY,
            _ => -PI - TINY,
        };
    }
    if (ix as u32 | lx) == 0 {
        // x = 0
        return if hy < 0 { -PI_O_2 - TINY } else { PI_O_2 + TINY };
    }
    if ix == 0x7ff00000 {
        // x is infinite
        return if iy == 0x7ff00000 {
            match m {
                0 => PI_O_4 + TINY,
                1 => -PI_O_4 - TINY,
                2 => 3.0 * PI_O_4 + TINY,
                _ => -3.0 * PI_O_4 - TINY,
            }
        } else {
            match m {
                0 => 0.0,
                1 => -0.0,
                2 => PI + TINY,
                _ => -PI - TINY,
            }
        };
    }
    if iy == 0x7ff00000 {
        return if hy < 0 { -PI_O_2 - TINY } else { PI_O_2 + TINY };
    }
    // Compute y/x.
    let k = (iy - ix) >> 20;
    let z = if k > 60 {
        PI_O_2 + 0.5 * PI_LO // |y/x| > 2^60
    } else if hx < 0 && k < -60 {
        0.0 // |y|/x < -2^60
    } else {
        atan((y / x).abs())
    };
    match m {
        0 => z,
        1 => -z,
        2 => PI - (z - PI_LO),
        _ => (z - PI_LO) - PI,
    }
}
