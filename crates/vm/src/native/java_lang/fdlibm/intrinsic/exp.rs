//! `Math.exp` as computed by HotSpot's x86_64 intrinsic stub (Intel LIBM
//! algorithm): e^x = 2^n * T[j] * (1 + p(r)) with x = (64n + j) * ln2/64 + r,
//! T[j] = 2^(j/64) tabulated as a truncated high part and a relative low part.

use super::{f, top16};

const INV_LN2_64: f64 = f(0x40571547652b82fe); // 64/ln2
const LN2_64_HI: f64 = f(0x3f862e42fefa0000);
const LN2_64_LO: f64 = f(0x3d1cf79abc9e3b3a);
const SHIFTER: f64 = f(0x4338000000000000); // 1.5 * 2^52: rounds to an integer
const HALF: f64 = f(0x3fdffffffffffffe); // coefficient of r^2
const C3: f64 = f(0x3fc5555555548ba1);
const C4: f64 = f(0x3fa55555555b9e25);
const C5: f64 = f(0x3f811115c090cf0f);
const C6: f64 = f(0x3f56c15ce3289860);

/// (T_lo bits, T_hi mantissa bits): 2^(j/64) = T_hi * (1 + T_lo).
const TBL: [(u64, u64); 64] = [
    (0x0000000000000000, 0x0000000000000000),
    (0x3cad7bbf0e03754d, 0x00002c9a3e778060),
    (0x3c8cd2523567f613, 0x000059b0d3158574),
    (0x3c60f74e61e6c861, 0x0000874518759bc8),
    (0x3c979aa65d837b6c, 0x0000b5586cf9890f),
    (0x3c3ebe3d702f9cd1, 0x0000e3ec32d3d1a2),
    (0x3ca3516e1e63bcd8, 0x00011301d0125b50),
    (0x3ca4c55426f0387b, 0x0001429aaea92ddf),
    (0x3ca9515362523fb6, 0x000172b83c7d517a),
    (0x3c8b898c3f1353bf, 0x0001a35beb6fcb75),
    (0x3c9aecf73e3a2f5f, 0x0001d4873168b9aa),
    (0x3c8a6f4144a6c38d, 0x0002063b88628cd6),
    (0x3c968efde3a8a894, 0x0002387a6e756238),
    (0x3c80472b981fe7f2, 0x00026b4565e27cdd),
    (0x3c82f7e16d09ab31, 0x00029e9df51fdee1),
    (0x3c8b3782720c0ab3, 0x0002d285a6e4030b),
    (0x3c834d754db0abb6, 0x000306fe0a31b715),
    (0x3c8fdd395dd3f84a, 0x00033c08b26416ff),
    (0x3ca12f8ccc187d29, 0x000371a7373aa9ca),
    (0x3ca7d229738b5e8b, 0x0003a7db34e59ff6),
    (0x3c859f48a72a4c6d, 0x0003dea64c123422),
    (0x3ca8b846259d9205, 0x0004160a21f72e29),
    (0x3c4363ed60c2ac12, 0x00044e086061892d),
    (0x3c6ecce1daa10379, 0x000486a2b5c13cd0),
    (0x3c7690cebb7aafb0, 0x0004bfdad5362a27),
    (0x3ca083cc9b282a09, 0x0004f9b2769d2ca6),
    (0x3ca509b0c1aae707, 0x0005342b569d4f81),
    (0x3c93350518fdd78e, 0x00056f4736b527da),
    (0x3c9063e1e21c5409, 0x0005ab07dd485429),
    (0x3c9432e62b64c035, 0x0005e76f15ad2148),
    (0x3ca0128499f08c0a, 0x0006247eb03a5584),
    (0x3c99f0870073dc06, 0x0006623882552224),
    (0x3c998d4d0da05571, 0x0006a09e667f3bcc),
    (0x3ca52bb986ce4786, 0x0006dfb23c651a2e),
    (0x3ca32092206f0dab, 0x00071f75e8ec5f73),
    (0x3ca061228e17a7a6, 0x00075feb564267c8),
    (0x3ca244ac461e9f86, 0x0007a11473eb0186),
    (0x3c65ebe1abd66c55, 0x0007e2f336cf4e62),
    (0x3c96fe9fbbff67d0, 0x00082589994cce12),
    (0x3c951f1414c801df, 0x000868d99b4492ec),
    (0x3c8db72fc1f0eab4, 0x0008ace5422aa0db),
    (0x3c7bf68359f35f44, 0x0008f1ae99157736),
    (0x3ca360ba9c06283c, 0x00093737b0cdc5e4),
    (0x3c95e8d120f962aa, 0x00097d829fde4e4f),
    (0x3c71affc2b91ce27, 0x0009c49182a3f090),
    (0x3c9b6d34589a2ebd, 0x000a0c667b5de564),
    (0x3c95277c9ab89880, 0x000a5503b23e255c),
    (0x3c8469846e735ab3, 0x000a9e6b5579fdbf),
    (0x3c8c1a7792cb3387, 0x000ae89f995ad3ad),
    (0x3ca22466dc2d1d96, 0x000b33a2b84f15fa),
    (0x3ca1112eb19505ae, 0x000b7f76f2fb5e46),
    (0x3c74ffd70a5fddcd, 0x000bcc1e904bc1d2),
    (0x3c736eae30af0cb3, 0x000c199bdd85529c),
    (0x3c84e08fd10959ac, 0x000c67f12e57d14b),
    (0x3c676b2c6c921968, 0x000cb720dcef9069),
    (0x3c93700936df99b3, 0x000d072d4a07897b),
    (0x3c74a385a63d07a7, 0x000d5818dcfba487),
    (0x3c8e5a50d5c192ac, 0x000da9e603db3285),
    (0x3c98bb731c4a9792, 0x000dfc97337b9b5e),
    (0x3c74b604603a88d3, 0x000e502ee78b3ff6),
    (0x3c916f2792094926, 0x000ea4afa2a490d9),
    (0x3c8ec3bc41aa2008, 0x000efa1bee615a27),
    (0x3c8a64a931d185ee, 0x000f50765b6e4540),
    (0x3c77893b4d91cd9d, 0x000fa7c1819e90d8),
];

/// `Math.exp` on HotSpot/x86_64.
pub(crate) fn exp(x: f64) -> f64 {
    let top = top16(x) & 0x7fff;
    if !(0x3C90..=0x408F).contains(&top) {
        return special(x);
    }
    // m = round(x * 64/ln2) = 64n + j; r = x - m*ln2/64.
    let shifted = x * INV_LN2_64 + SHIFTER;
    let mbits = shifted.to_bits();
    let m = shifted - SHIFTER;
    let r = (x - m * LN2_64_HI) - m * LN2_64_LO;
    let mi = mbits as u32 as i32;
    let (tlo, thi) = TBL[(mi & 63) as usize];
    let n = mi >> 6;
    // 2^n in the exponent field (mod 2^11), or'ed onto the mantissa of T_hi.
    let scale = ((mbits & 0xffff_ffc0).wrapping_add(0xffc0)) << 46;
    let s = f(thi | scale);
    let r2 = r * r;
    let r3 = r * r2;
    let r5 = r3 * r2;
    let lo = (r + f(tlo)) + r5 * (C5 + C6 * r);
    let p = (r3 * (C3 + C4 * r) + lo) + r2 * HALF;
    if (n + 894) as u32 <= 1916 {
        return p * s + s;
    }
    scaled(p, s, n)
}

/// Result 2^n * s * (1 + p) when 2^n overflows or underflows on its own:
/// the stub scales in two steps and rounds subnormal results by hand.
fn scaled(p: f64, s: f64, n: i32) -> f64 {
    let edx = -1022 - n;
    let mask = if (edx as u32) < 64 { u64::MAX << edx } else { 0 };
    // xmm3 = (n >> 1) in the exponent field; s2 = s / 2^(n >> 1).
    let e3 = (((n >> 1) as u64 & 0xffff) << 52) >> 32;
    let sb = s.to_bits();
    let s2 = f((((sb >> 32) as u32).wrapping_sub(e3 as u32) as u64) << 32 | (sb & 0xffff_ffff));
    let t3 = f(((e3 as u32).wrapping_add(0x3ff00000) as u64) << 32); // 2^(n >> 1)
    let p2 = p * s2;
    if edx > 52 {
        return (p2 + s2) * t3;
    }
    let s2_hi = f(s2.to_bits() & mask);
    let p3 = p2 + (s2 - s2_hi);
    if n >= 1023 || (edx == 0 && p3.to_bits() >> 63 == 0) {
        return (p3 + s2_hi) * t3;
    }
    let res = (p3 + s2_hi) * t3;
    if top16(res) & 0x7ff0 != 0 {
        return res;
    }
    // Subnormal result: add the scaled parts as integers.
    let a = (p3 * t3).to_bits();
    let b = (s2_hi * t3).to_bits();
    let neg = if (a ^ b) >> 63 != 0 { u64::MAX } else { 0 };
    f((((a & !(1 << 63)) ^ neg).wrapping_add(neg >> 63)).wrapping_add(b))
}

/// |x| < 2^-54, |x| >= 1024, infinities and NaN.
fn special(x: f64) -> f64 {
    let bits = x.to_bits();
    let hi = (bits >> 32) as u32;
    let ahi = hi & 0x7fffffff;
    if ahi < 0x40900000 {
        return x + 1.0;
    }
    if ahi < 0x7ff00000 {
        return if hi >= 0x80000000 { 0.0 } else { f64::INFINITY };
    }
    if ahi > 0x7ff00000 || bits as u32 != 0 {
        return x + x; // NaN
    }
    if hi == 0x7ff00000 {
        f64::INFINITY
    } else {
        0.0
    }
}
