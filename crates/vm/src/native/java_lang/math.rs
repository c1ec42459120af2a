//! `java.lang.StrictMath` natives, HotSpot's `java.lang.Math` intrinsics and
//! the bit conversions of `Float`/`Double`.
//!
//! The `StrictMath` natives are bit-exact with HotSpot's fdlibm 5.3 results
//! ([`fdlibm::strict`]).  HotSpot also replaces `Math.sin/cos/tan/exp/log/
//! log10/pow` (Java methods that delegate to `StrictMath`) by x86_64 stubs
//! whose results differ in the last bit for a few percent of the arguments;
//! [`register_math_intrinsics`] registers bit-exact reproductions of those
//! ([`fdlibm::intrinsic`]) as replacements of the Java methods.

use super::fdlibm::{intrinsic, strict};
use crate::native::{Args, NativeRegistry, NativeResult, Ret};
use crate::thread::ThreadStack;
use crate::value::Value;
use crate::vm::Vm;

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/lang/Float", "floatToRawIntBits", "(F)I", |_, _, a| Ret::int(a.float(0)?.to_bits() as i32));
    r.native("java/lang/Float", "intBitsToFloat", "(I)F", |_, _, a| Ok(Ret::Val(Value::Float(f32::from_bits(a.int(0)? as u32)))));
    r.native("java/lang/Double", "doubleToRawLongBits", "(D)J", |_, _, a| Ret::long(a.double(0)?.to_bits() as i64));
    r.native("java/lang/Double", "longBitsToDouble", "(J)D", |_, _, a| Ok(Ret::Val(Value::Double(f64::from_bits(a.long(0)? as u64)))));
    let s = "java/lang/StrictMath";
    r.native(s, "sin", "(D)D", |_, _, a| d(strict::sin(a.double(0)?)));
    r.native(s, "cos", "(D)D", |_, _, a| d(strict::cos(a.double(0)?)));
    r.native(s, "tan", "(D)D", |_, _, a| d(strict::tan(a.double(0)?)));
    r.native(s, "asin", "(D)D", |_, _, a| d(strict::asin(a.double(0)?)));
    r.native(s, "acos", "(D)D", |_, _, a| d(strict::acos(a.double(0)?)));
    r.native(s, "atan", "(D)D", |_, _, a| d(strict::atan(a.double(0)?)));
    r.native(s, "log", "(D)D", |_, _, a| d(strict::log(a.double(0)?)));
    r.native(s, "log10", "(D)D", |_, _, a| d(strict::log10(a.double(0)?)));
    r.native(s, "sqrt", "(D)D", |_, _, a| d(strict::sqrt(a.double(0)?)));
    r.native(s, "IEEEremainder", "(DD)D", |_, _, a| d(strict::remainder(a.double(0)?, a.double(1)?)));
    r.native(s, "atan2", "(DD)D", |_, _, a| d(strict::atan2(a.double(0)?, a.double(1)?)));
    r.native(s, "sinh", "(D)D", |_, _, a| d(strict::sinh(a.double(0)?)));
    r.native(s, "cosh", "(D)D", |_, _, a| d(strict::cosh(a.double(0)?)));
    r.native(s, "tanh", "(D)D", |_, _, a| d(strict::tanh(a.double(0)?)));
    r.native(s, "expm1", "(D)D", |_, _, a| d(strict::expm1(a.double(0)?)));
    r.native(s, "log1p", "(D)D", |_, _, a| d(strict::log1p(a.double(0)?)));
    register_math_intrinsics(r);
}

/// Replaces `java.lang.Math.sin/cos/tan/exp/log/log10/pow` by HotSpot's
/// x86_64 intrinsics.  In the JDK these Java methods call `StrictMath`, but
/// HotSpot never runs that bytecode (interpreter and compilers alike use the
/// stubs), so running it would give results that differ from HotSpot's.
fn register_math_intrinsics(r: &mut NativeRegistry) {
    let m = "java/lang/Math";
    r.replace(m, "sin", "(D)D", math_sin);
    r.replace(m, "cos", "(D)D", math_cos);
    r.replace(m, "tan", "(D)D", math_tan);
    r.replace(m, "exp", "(D)D", math_exp);
    r.replace(m, "log", "(D)D", math_log);
    r.replace(m, "log10", "(D)D", math_log10);
    r.replace(m, "pow", "(DD)D", math_pow);
}

/// `Math.sin(D)D` as HotSpot computes it.
pub(crate) fn math_sin(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::sin(a.double(0)?))
}

/// `Math.cos(D)D` as HotSpot computes it.
pub(crate) fn math_cos(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::cos(a.double(0)?))
}

/// `Math.tan(D)D` as HotSpot computes it.
pub(crate) fn math_tan(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::tan(a.double(0)?))
}

/// `Math.exp(D)D` as HotSpot computes it.
pub(crate) fn math_exp(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::exp(a.double(0)?))
}

/// `Math.log(D)D` as HotSpot computes it.
pub(crate) fn math_log(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::log(a.double(0)?))
}

/// `Math.log10(D)D` as HotSpot computes it.
pub(crate) fn math_log10(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::log10(a.double(0)?))
}

/// `Math.pow(DD)D` as HotSpot computes it.
pub(crate) fn math_pow(_: &mut Vm, _: &mut ThreadStack, a: Args<'_>) -> NativeResult {
    d(intrinsic::pow(a.double(0)?, a.double(1)?))
}

fn d(x: f64) -> NativeResult {
    Ok(Ret::Val(Value::Double(x)))
}
