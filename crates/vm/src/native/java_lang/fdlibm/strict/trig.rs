//! `sin`, `cos`, `tan`: the fdlibm 5.3 kernels on [-pi/4, pi/4] and the
//! reduction of an argument modulo pi/2 (`__ieee754_rem_pio2`).

use super::rem_pio2_large::rem_pio2_large;
use super::{hi, lo, with_hi, with_lo, words};

// __kernel_sin coefficients: sin(x) ~ x + S1*x^3 + ... + S6*x^13 on [0, pi/4].
const S1: f64 = words(0xBFC55555, 0x55555549);
const S2: f64 = words(0x3F811111, 0x1110F8A6);
const S3: f64 = words(0xBF2A01A0, 0x19C161D5);
const S4: f64 = words(0x3EC71DE3, 0x57B1FE7D);
const S5: f64 = words(0xBE5AE5E6, 0x8A2B9CEB);
const S6: f64 = words(0x3DE5D93A, 0x5ACFD57C);

// __kernel_cos coefficients: cos(x) ~ 1 - x^2/2 + C1*x^4 + ... + C6*x^14.
const C1: f64 = words(0x3FA55555, 0x5555554C);
const C2: f64 = words(0xBF56C16C, 0x16C15177);
const C3: f64 = words(0x3EFA01A0, 0x19CB1590);
const C4: f64 = words(0xBE927E4F, 0x809C52AD);
const C5: f64 = words(0x3E21EE9E, 0xBDB4B1C4);
const C6: f64 = words(0xBDA8FAE9, 0xBE8838D4);

// __kernel_tan coefficients T[0..=12] and pi/4 split in two.
const T: [f64; 13] = [
    words(0x3FD55555, 0x55555563),
    words(0x3FC11111, 0x1110FE7A),
    words(0x3FABA1BA, 0x1BB341FE),
    words(0x3F9664F4, 0x8406D637),
    words(0x3F8226E3, 0xE96E8493),
    words(0x3F6D6D22, 0xC9560328),
    words(0x3F57DBC8, 0xFEE08315),
    words(0x3F4344D8, 0xF2F26501),
    words(0x3F3026F7, 0x1A8D1068),
    words(0x3F147E88, 0xA03792A6),
    words(0x3F12B80F, 0x32F0A7E9),
    words(0xBEF375CB, 0xDB605373),
    words(0x3EFB2A70, 0x74BF7AD4),
];
const PIO4: f64 = words(0x3FE921FB, 0x54442D18);
const PIO4_LO: f64 = words(0x3C81A626, 0x33145C07);

// Constants of the medium-size reduction: 2/pi and pi/2 split in 33-bit pieces.
const INVPIO2: f64 = words(0x3FE45F30, 0x6DC9C883);
const PIO2_1: f64 = words(0x3FF921FB, 0x54400000);
const PIO2_1T: f64 = words(0x3DD0B461, 0x1A626331);
const PIO2_2: f64 = words(0x3DD0B461, 0x1A600000);
const PIO2_2T: f64 = words(0x3BA3198A, 0x2E037073);
const PIO2_3: f64 = words(0x3BA3198A, 0x2E000000);
const PIO2_3T: f64 = words(0x397B839A, 0x252049C1);

/// High words of n*pi/2 for n = 1..=32 (cancellation check of the reduction).
const NPIO2_HW: [i32; 32] = [
    0x3FF921FB, 0x400921FB, 0x4012D97C, 0x401921FB, 0x401F6A7A, 0x4022D97C, 0x4025FDBB, 0x402921FB,
    0x402C463A, 0x402F6A7A, 0x4031475C, 0x4032D97C, 0x40346B9C, 0x4035FDBB, 0x40378FDB, 0x403921FB,
    0x403AB41B, 0x403C463A, 0x403DD85A, 0x403F6A7A, 0x40407E4C, 0x4041475C, 0x4042106C, 0x4042D97C,
    0x4043A28C, 0x40446B9C, 0x404534AC, 0x4045FDBB, 0x4046C6CB, 0x40478FDB, 0x404858EB, 0x404921FB,
];

/// sin(x + y) for |x| <= pi/4, where y is the tail of x; `iy == 0` means y is 0.
fn k_sin(x: f64, y: f64, iy: i32) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix < 0x3e400000 && x as i32 == 0 {
        return x; // |x| < 2^-27
    }
    let z = x * x;
    let v = z * x;
    let r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
    if iy == 0 {
        x + v * (S1 + z * r)
    } else {
        x - ((z * (0.5 * y - v * r) - y) - v * S1)
    }
}

/// cos(x + y) for |x| <= pi/4, where y is the tail of x.
fn k_cos(x: f64, y: f64) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix < 0x3e400000 && x as i32 == 0 {
        return 1.0; // |x| < 2^-27
    }
    let z = x * x;
    let r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
    if ix < 0x3FD33333 {
        // |x| < 0.3
        1.0 - (0.5 * z - (z * r - x * y))
    } else {
        let qx = if ix > 0x3fe90000 { 0.28125 } else { words((ix - 0x00200000) as u32, 0) };
        let hz = 0.5 * z - qx;
        let a = 1.0 - qx;
        a - (hz - (z * r - x * y))
    }
}

/// -1/(x + r) computed with extra care, where w = x + r rounded.
fn neg_recip(w: f64, x: f64, r: f64) -> f64 {
    let z = with_lo(w, 0);
    let v = r - (z - x); // z + v = r + x
    let a = -1.0 / w;
    let t = with_lo(a, 0);
    let s = 1.0 + t * z;
    t + a * (s + t * v)
}

/// tan(x + y) if `iy == 1`, -1/tan(x + y) if `iy == -1`, for |x| <= pi/4.
fn k_tan(mut x: f64, mut y: f64, iy: i32) -> f64 {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    if ix < 0x3e300000 && x as i32 == 0 {
        // |x| < 2^-28
        if ((ix as u32 | lo(x)) | (iy + 1) as u32) == 0 {
            return 1.0 / x.abs();
        }
        if iy == 1 {
            return x;
        }
        let w = x + y;
        return neg_recip(w, x, y);
    }
    let big = ix >= 0x3FE59428; // |x| >= 0.6744
    if big {
        if hx < 0 {
            x = -x;
            y = -y;
        }
        let z = PIO4 - x;
        let w = PIO4_LO - y;
        x = z + w;
        y = 0.0;
    }
    let z = x * x;
    let w = z * z;
    // Odd and even terms are summed separately to shorten the dependency chains.
    let r = T[1] + w * (T[3] + w * (T[5] + w * (T[7] + w * (T[9] + w * T[11]))));
    let v = z * (T[2] + w * (T[4] + w * (T[6] + w * (T[8] + w * (T[10] + w * T[12])))));
    let s = z * x;
    let mut r = y + z * (s * (r + v) + y);
    r += T[0] * s;
    let w = x + r;
    if big {
        let v = iy as f64;
        let sign = (1 - ((hx >> 30) & 2)) as f64;
        return sign * (v - 2.0 * (x - (w * w / (w + v) - r)));
    }
    if iy == 1 {
        w
    } else {
        neg_recip(w, x, r)
    }
}

/// Reduces x modulo pi/2: returns n and (y0, y1) with x - n*pi/2 = y0 + y1.
/// Only meaningful (and only called) for finite |x| > pi/4.
pub(super) fn rem_pio2(x: f64) -> (i32, f64, f64) {
    let hx = hi(x);
    let ix = hx & 0x7fffffff;
    if ix <= 0x3fe921fb {
        return (0, x, 0.0);
    }
    if ix < 0x4002d97c {
        // |x| < 3pi/4: n = +-1
        return if hx > 0 {
            let mut z = x - PIO2_1;
            if ix != 0x3ff921fb {
                let y0 = z - PIO2_1T;
                (1, y0, (z - y0) - PIO2_1T)
            } else {
                // near pi/2: use 33+33+53 bits of pi
                z -= PIO2_2;
                let y0 = z - PIO2_2T;
                (1, y0, (z - y0) - PIO2_2T)
            }
        } else {
            let mut z = x + PIO2_1;
            if ix != 0x3ff921fb {
                let y0 = z + PIO2_1T;
                (-1, y0, (z - y0) + PIO2_1T)
            } else {
                z += PIO2_2;
                let y0 = z + PIO2_2T;
                (-1, y0, (z - y0) + PIO2_2T)
            }
        };
    }
    if ix <= 0x413921fb {
        // |x| <= 2^19 * pi/2: medium size
        let t = x.abs();
        let n = (t * INVPIO2 + 0.5) as i32;
        let f_n = n as f64;
        let mut r = t - f_n * PIO2_1;
        let mut w = f_n * PIO2_1T; // first round good to 85 bits
        let mut y0 = r - w;
        if !((1..32).contains(&n) && ix != NPIO2_HW[(n - 1) as usize]) {
            let j = ix >> 20;
            let i = j - ((hi(y0) >> 20) & 0x7ff);
            if i > 16 {
                // second iteration, good to 118 bits
                let t = r;
                w = f_n * PIO2_2;
                r = t - w;
                w = f_n * PIO2_2T - ((t - r) - w);
                y0 = r - w;
                let i = j - ((hi(y0) >> 20) & 0x7ff);
                if i > 49 {
                    // third iteration, 151 bits
                    let t = r;
                    w = f_n * PIO2_3;
                    r = t - w;
                    w = f_n * PIO2_3T - ((t - r) - w);
                    y0 = r - w;
                }
            }
        }
        let y1 = (r - y0) - w;
        return if hx < 0 { (-n, -y0, -y1) } else { (n, y0, y1) };
    }
    if ix >= 0x7ff00000 {
        let nan = x - x;
        return (0, nan, nan);
    }
    // Huge argument: split |x| * 2^-e0 into three 24-bit pieces.
    let e0 = (ix >> 20) - 1046;
    let mut z = with_hi(with_lo(0.0, lo(x)), ix - (e0 << 20));
    let mut tx = [0.0f64; 3];
    for t in tx.iter_mut().take(2) {
        *t = (z as i32) as f64;
        z = (z - *t) * 16777216.0;
    }
    tx[2] = z;
    let mut nx = 3;
    while nx > 1 && tx[nx - 1] == 0.0 {
        nx -= 1;
    }
    let (n, y0, y1) = rem_pio2_large(&tx[..nx], e0);
    if hx < 0 {
        (-n, -y0, -y1)
    } else {
        (n, y0, y1)
    }
}

/// `StrictMath.sin`.
pub(crate) fn sin(x: f64) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix <= 0x3fe921fb {
        return k_sin(x, 0.0, 0);
    }
    if ix >= 0x7ff00000 {
        return x - x;
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => k_sin(y0, y1, 1),
        1 => k_cos(y0, y1),
        2 => -k_sin(y0, y1, 1),
        _ => -k_cos(y0, y1),
    }
}

/// `StrictMath.cos`.
pub(crate) fn cos(x: f64) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix <= 0x3fe921fb {
        return k_cos(x, 0.0);
    }
    if ix >= 0x7ff00000 {
        return x - x;
    }
    let (n, y0, y1) = rem_pio2(x);
    match n & 3 {
        0 => k_cos(y0, y1),
        1 => -k_sin(y0, y1, 1),
        2 => -k_cos(y0, y1),
        _ => k_sin(y0, y1, 1),
    }
}

/// `StrictMath.tan`.
pub(crate) fn tan(x: f64) -> f64 {
    let ix = hi(x) & 0x7fffffff;
    if ix <= 0x3fe921fb {
        return k_tan(x, 0.0, 1);
    }
    if ix >= 0x7ff00000 {
        return x - x;
    }
    let (n, y0, y1) = rem_pio2(x);
    k_tan(y0, y1, 1 - ((n & 1) << 1))
}
