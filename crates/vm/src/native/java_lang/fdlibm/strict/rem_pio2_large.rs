//! fdlibm's `__kernel_rem_pio2` for huge arguments, specialised to double
//! precision output (`prec == 2`): the argument, given as up to three 24-bit
//! pieces scaled by 2^e0, is multiplied by as many 24-bit digits of 2/pi as
//! needed so that the fractional part is known to 53+ bits.

use super::{scalbn, words};

/// 2/pi as 24-bit digits: 2/pi = sum(TWO_OVER_PI[i] * 2^(-24(i+1))).
const TWO_OVER_PI: [i32; 66] = [
    0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62, 0x95993C, 0x439041, 0xFE5163, 0xABDEBB,
    0xC561B7, 0x246E3A, 0x424DD2, 0xE00649, 0x2EEA09, 0xD1921C, 0xFE1DEB, 0x1CB129, 0xA73EE8, 0x8235F5,
    0x2EBB44, 0x84E99C, 0x7026B4, 0x5F7E41, 0x3991D6, 0x398353, 0x39F49C, 0x845F8B, 0xBDF928, 0x3B1FF8,
    0x97FFDE, 0x05980F, 0xEF2F11, 0x8B5A0A, 0x6D1F6D, 0x367ECF, 0x27CB09, 0xB74F46, 0x3F669E, 0x5FEA2D,
    0x7527BA, 0xC7EBE5, 0xF17B3D, 0x0739F7, 0x8A5292, 0xEA6BFB, 0x5FB11F, 0x8D5D08, 0x560330, 0x46FC7B,
    0x6BABF0, 0xCFBC20, 0x9AF436, 0x1DA9E3, 0x91615E, 0xE61B08, 0x659985, 0x5F14A0, 0x68408D, 0xFFD880,
    0x4D7327, 0x310606, 0x1556CA, 0x73A8C9, 0x60E27B, 0xC08C6B,
];

/// pi/2 split into 24-bit pieces.
const PIO2: [f64; 8] = [
    words(0x3FF921FB, 0x40000000),
    words(0x3E74442D, 0x00000000),
    words(0x3CF84698, 0x80000000),
    words(0x3B78CC51, 0x60000000),
    words(0x39F01B83, 0x80000000),
    words(0x387A2520, 0x40000000),
    words(0x36E38222, 0x80000000),
    words(0x3569F31D, 0x00000000),
];

const TWO24: f64 = 16777216.0;
const TWON24: f64 = words(0x3E700000, 0); // 2^-24
/// Number of terms initially used for double precision (fdlibm's `init_jk[2]`).
const JK: usize = 4;
/// Size of the working arrays (as in fdlibm).
const N: usize = 20;

/// Digit `j` of 2/pi, zero before the binary point and past the table.
fn digit(j: isize) -> f64 {
    if j < 0 {
        0.0
    } else {
        TWO_OVER_PI.get(j as usize).map_or(0.0, |&d| d as f64)
    }
}

/// Returns (n mod 8, y0, y1) with x*2^e0 - n*pi/2 ~ y0 + y1, x given as the
/// 24-bit pieces `x` (1 to 3 of them, the first non-zero).
pub(super) fn rem_pio2_large(x: &[f64], e0: i32) -> (i32, f64, f64) {
    let jx = x.len() - 1;
    let jp = JK;
    let jv = ((e0 - 3) / 24).max(0) as usize;
    let mut q0 = e0 - 24 * (jv as i32 + 1);

    let mut f = [0.0f64; N];
    let mut q = [0.0f64; N];
    let mut fq = [0.0f64; N];
    let mut iq = [0i32; N];

    // f[0..=jx+jk] = the digits of 2/pi that matter; q[i] = sum x[j]*f[jx+i-j].
    let base = jv as isize - jx as isize;
    for (i, fi) in f.iter_mut().enumerate().take(jx + JK + 1) {
        *fi = digit(base + i as isize);
    }
    for i in 0..=JK {
        let mut fw = 0.0;
        for j in 0..=jx {
            fw += x[j] * f[jx + i - j];
        }
        q[i] = fw;
    }

    let mut jz = JK;
    let (n, ih, z) = loop {
        // Distill q[] into 24-bit integer digits iq[], most significant first.
        let mut z = q[jz];
        let mut i = 0;
        let mut j = jz;
        while j > 0 {
            let fw = ((TWON24 * z) as i32) as f64;
            iq[i] = (z - TWO24 * fw) as i32;
            z = q[j - 1] + fw;
            i += 1;
            j -= 1;
        }
        // Integer part (mod 8) and fraction of the leading digit.
        z = scalbn(z, q0);
        z -= 8.0 * (z * 0.125).floor();
        let mut n = z as i32;
        z -= n as f64;
        let mut ih = 0;
        if q0 > 0 {
            let i = iq[jz - 1] >> (24 - q0);
            n += i;
            iq[jz - 1] -= i << (24 - q0);
            ih = iq[jz - 1] >> (23 - q0);
        } else if q0 == 0 {
            ih = iq[jz - 1] >> 23;
        } else if z >= 0.5 {
            ih = 2;
        }
        if ih > 0 {
            // q > 0.5: use q - 1 instead (i.e. 1 - fraction, with sign flip later)
            n += 1;
            let mut carry = 0;
            for d in iq.iter_mut().take(jz) {
                let j = *d;
                if carry == 0 {
                    if j != 0 {
                        carry = 1;
                        *d = 0x1000000 - j;
                    }
                } else {
                    *d = 0xffffff - j;
                }
            }
            if q0 == 1 {
                iq[jz - 1] &= 0x7fffff;
            } else if q0 == 2 {
                iq[jz - 1] &= 0x3fffff;
            }
            if ih == 2 {
                z = 1.0 - z;
                if carry != 0 {
                    z -= scalbn(1.0, q0);
                }
            }
        }
        // Check whether more digits of 2/pi are needed (massive cancellation).
        if z == 0.0 {
            let mut j = 0;
            for i in (JK..jz).rev() {
                j |= iq[i];
            }
            if j == 0 {
                let mut k = 1;
                while k <= JK && iq[JK - k] == 0 {
                    k += 1;
                }
                if jz + k + jx >= N - 1 {
                    break (n, ih, z); // cannot happen for doubles; stay total
                }
                for i in jz + 1..=jz + k {
                    f[jx + i] = digit(jv as isize + i as isize);
                    let mut fw = 0.0;
                    for j in 0..=jx {
                        fw += x[j] * f[jx + i - j];
                    }
                    q[i] = fw;
                }
                jz += k;
                continue;
            }
        }
        break (n, ih, z);
    };

    // Chop off zero terms.
    let mut z = z;
    if z == 0.0 {
        jz -= 1;
        q0 -= 24;
        while jz > 0 && iq[jz] == 0 {
            jz -= 1;
            q0 -= 24;
        }
    } else {
        // Break z into 24-bit digits if necessary.
        z = scalbn(z, -q0);
        if z >= TWO24 {
            let fw = ((TWON24 * z) as i32) as f64;
            iq[jz] = (z - TWO24 * fw) as i32;
            jz += 1;
            q0 += 24;
            iq[jz] = fw as i32;
        } else {
            iq[jz] = z as i32;
        }
    }

    // Convert the integer digits back to floating point.
    let mut fw = scalbn(1.0, q0);
    for i in (0..=jz).rev() {
        q[i] = fw * iq[i] as f64;
        fw *= TWON24;
    }
    // Multiply by pi/2: fq[jz-i] = sum PIO2[k]*q[i+k].
    for i in (0..=jz).rev() {
        let mut fw = 0.0;
        let mut k = 0;
        while k <= jp && k <= jz - i {
            fw += PIO2[k] * q[i + k];
            k += 1;
        }
        fq[jz - i] = fw;
    }
    // Compress fq[] into y0 + y1.
    let mut fw = 0.0;
    for i in (0..=jz).rev() {
        fw += fq[i];
    }
    let y0 = if ih == 0 { fw } else { -fw };
    let mut fw = fq[0] - fw;
    for v in fq.iter().take(jz + 1).skip(1) {
        fw += *v;
    }
    let y1 = if ih == 0 { fw } else { -fw };
    (n & 7, y0, y1)
}
