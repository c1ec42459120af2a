//! The Payne-Hanek argument reduction shared by HotSpot's x86_64 `sin`,
//! `cos` and `tan` stubs for huge arguments: the mantissa is multiplied by
//! 2/pi in 64-bit integer arithmetic, the fraction is normalized and
//! converted back to a double-double times the reduction unit.

use super::trig_tables::PI_INV;
use super::{f, top16};

/// 192-bit subtraction (hi:mid:lo) = (a:0:0) - (b2:b1:b0).
fn neg_sub(a: u64, b2: u64, b1: u64, b0: u64) -> (u64, u64, u64) {
    let (lo, c0) = 0u64.overflowing_sub(b0);
    let (m, c1a) = 0u64.overflowing_sub(b1);
    let (mid, c1b) = m.overflowing_sub(c0 as u64);
    let hi = a.wrapping_sub(b2).wrapping_sub((c1a || c1b) as u64);
    (hi, mid, lo)
}

/// Payne-Hanek reduction of a finite huge |x| as done by the stubs, with
/// `q` = 29 (sin/cos: multiples of pi/4, `unit` = pi/4 in two parts) or
/// `q` = 30 (tan: multiples of pi/2).  Returns (y, tail, k) with
/// x ~ k*unit + y + tail; only the low bits of k are meaningful.
pub(super) fn payne_hanek(x: f64, q: u32, unit_hi: f64, unit_lo: f64) -> (f64, f64, u32) {
    let bits = x.to_bits();
    let top = top16(x);
    let off = (((top & 0x7ff0).wrapping_sub(16224)) >> 7) & 65532;
    let w = |k: u32| PI_INV.get(((off + k) / 4) as usize).copied().unwrap_or(0) as u64;
    let lo32 = bits & 0xffff_ffff;
    let hi21 = ((((bits >> 21) as u32) | 0x8000_0000) >> 11) as u64;
    // 64-bit products of the mantissa (hi21:lo32) with 7 words of 2/pi.
    let mut r10 = w(20).wrapping_mul(lo32);
    let mut r9 = w(20).wrapping_mul(hi21);
    let mut r8 = w(24).wrapping_mul(hi21);
    let mut rsi = w(16);
    let mut rdi = w(12);
    let mut r11 = r10 & 0xffff_ffff;
    r10 >>= 32;
    r9 = r9.wrapping_add(r10);
    r11 = r11.wrapping_add(r8);
    r8 = r11 & 0xffff_ffff;
    r11 >>= 32;
    r9 = r9.wrapping_add(r11);
    r10 = rsi.wrapping_mul(hi21);
    rsi = rsi.wrapping_mul(lo32);
    r11 = rdi;
    rdi = rdi.wrapping_mul(lo32);
    let mut rbx = rsi & 0xffff_ffff;
    rsi >>= 32;
    r9 = r9.wrapping_add(rbx);
    rbx = r9 & 0xffff_ffff;
    r9 >>= 32;
    r10 = r10.wrapping_add(rsi).wrapping_add(r9);
    r8 |= rbx << 32;
    r11 = r11.wrapping_mul(hi21);
    r9 = w(8);
    rsi = w(4);
    rbx = rdi & 0xffff_ffff;
    rdi >>= 32;
    r10 = r10.wrapping_add(rbx);
    rbx = r10 & 0xffff_ffff;
    r10 >>= 32;
    r11 = r11.wrapping_add(rdi).wrapping_add(r10);
    rdi = r9.wrapping_mul(hi21);
    r9 = r9.wrapping_mul(lo32);
    r10 = r9 & 0xffff_ffff;
    r9 >>= 32;
    r11 = r11.wrapping_add(r10);
    r10 = r11 & 0xffff_ffff;
    r11 >>= 32;
    rdi = rdi.wrapping_add(r9).wrapping_add(r11);
    r9 = rsi.wrapping_mul(hi21);
    rsi = rsi.wrapping_mul(lo32);
    r10 = (r10 << 32) | rbx;
    r11 = rsi & 0xffff_ffff;
    rsi >>= 32;
    rdi = rdi.wrapping_add(r11);
    r11 = rdi & 0xffff_ffff;
    rdi >>= 32;
    r9 = r9.wrapping_add(rsi).wrapping_add(rdi);
    let rdx = lo32.wrapping_mul(w(0));
    // Position of the binary point within the product.
    let sign = top & 32768;
    let e = ((top as i32 >> 4) & 2047) - 1023;
    let ecx = (off as i32) * 8 + 19 - e;
    r9 = r9.wrapping_add(rdx);
    let mut edx = ecx + 32;
    let mut neg = 0u32; // 32768 when the fraction was >= 1/2 and got negated
    let one_q = 1u32 << q;
    if ecx >= 30 - q as i32 {
        let sh = (29 - ecx) as u32 & 31;
        r9 = ((r9 as u32) << sh) as u64;
        rdi = r9;
        r9 &= (one_q - 1) as u64;
        if r9 & (one_q >> 1) as u64 != 0 {
            r9 = ((r9 as u32) >> sh) as u64;
            let b = ((one_q >> sh) as u64) << 32;
            r9 = (r9 << 32) | r11;
            rdi = (rdi as u32).wrapping_add(one_q) as u64;
            (r9, r10, r8) = neg_sub(b, r9, r10, r8);
            neg = 32768;
        } else {
            r9 = ((r9 as u32) >> sh) as u64;
            r9 = (r9 << 32) | r11;
        }
    } else {
        let sh = (29 - q as i32 - ecx) as u32;
        r9 = ((r9 << 32) | r11) << (sh & 63);
        rdi = r9;
        if r9 & 0x8000_0000 != 0 {
            r9 = ((r9 as u32) >> (sh & 31)) as u64;
            let b = 0x1_0000_0000u64 >> (sh & 63);
            (r9, r10, r8) = neg_sub(b, r9, r10, r8);
            neg = 32768;
            rdi = ((rdi >> (32 - q)) as u32).wrapping_add(one_q) as u64;
        } else {
            r9 = ((r9 as u32) >> (sh & 31)) as u64;
            rdi >>= 32 - q;
        }
    }
    // Normalize the fraction so that its leading bit is at position 29.
    if r9 == 0 {
        edx += 64;
        r9 = r10;
        r10 = r8;
        r8 = 0;
        if r9 == 0 {
            edx += 64;
            r9 = r10;
            r10 = r8;
            if r9 == 0 && q == 29 {
                return (0.0, 0.0, w(0) as u32); // sin/cos stub: k from a stale register
            }
        }
    }
    let lead = 63 - r9.leading_zeros() as i32; // -1 when r9 == 0 (tan stub)
    let c = if r9 == 0 { 0 } else { 29 - lead };
    if c > 0 {
        let c = c as u32;
        r9 = (r9 << c) | (r10 >> ((64 - c) & 63));
        r10 = (r10 << c) | (r8 >> ((64 - c) & 63));
        edx += c as i32;
    } else if c < 0 {
        let c = (-c) as u32;
        r10 = (r10 >> c) | (r9 << ((64 - c) & 63));
        r9 >>= c;
        edx -= c as i32;
    }
    let a0 = r9 as i64 as f64;
    let a1 = (r10 >> 1) as i64 as f64;
    let e1 = (16368i32.wrapping_sub(edx.wrapping_shl(4)) as u32 | sign) ^ neg;
    let scale1 = f(((e1 & 0xffff) as u64) << 48);
    let scale2 = f(((e1.wrapping_sub(1008) & 0xffff) as u64) << 48);
    let a = a0 * scale1;
    let b = a1 * scale2;
    let s = (((sign << 16) as i32) >> 31) as u32;
    let hi = a * unit_hi;
    let sum = a + b;
    let b_hi = b * unit_hi;
    let k = ((rdi as u32) >> q).wrapping_add(s) ^ s;
    let lo = unit_lo * sum + b_hi;
    let y = hi + lo;
    let tail = lo + (hi - y);
    (y, tail, k)
}
