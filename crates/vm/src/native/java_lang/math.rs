//! `java.lang.StrictMath` natives (fdlibm semantics) and the bit conversions of
//! `Float`/`Double`.

use crate::native::{NativeRegistry, NativeResult, Ret};
use crate::value::Value;

pub(super) fn register(r: &mut NativeRegistry) {
    r.native("java/lang/Float", "floatToRawIntBits", "(F)I", |_, _, a| Ret::int(a.float(0)?.to_bits() as i32));
    r.native("java/lang/Float", "intBitsToFloat", "(I)F", |_, _, a| Ok(Ret::Val(Value::Float(f32::from_bits(a.int(0)? as u32)))));
    r.native("java/lang/Double", "doubleToRawLongBits", "(D)J", |_, _, a| Ret::long(a.double(0)?.to_bits() as i64));
    r.native("java/lang/Double", "longBitsToDouble", "(J)D", |_, _, a| Ok(Ret::Val(Value::Double(f64::from_bits(a.long(0)? as u64)))));
    let s = "java/lang/StrictMath";
    r.native(s, "sin", "(D)D", |_, _, a| d(libm::sin(a.double(0)?)));
    r.native(s, "cos", "(D)D", |_, _, a| d(libm::cos(a.double(0)?)));
    r.native(s, "tan", "(D)D", |_, _, a| d(libm::tan(a.double(0)?)));
    r.native(s, "asin", "(D)D", |_, _, a| d(libm::asin(a.double(0)?)));
    r.native(s, "acos", "(D)D", |_, _, a| d(libm::acos(a.double(0)?)));
    r.native(s, "atan", "(D)D", |_, _, a| d(libm::atan(a.double(0)?)));
    r.native(s, "log", "(D)D", |_, _, a| d(libm::log(a.double(0)?)));
    r.native(s, "log10", "(D)D", |_, _, a| d(libm::log10(a.double(0)?)));
    r.native(s, "sqrt", "(D)D", |_, _, a| d(a.double(0)?.sqrt()));
    r.native(s, "IEEEremainder", "(DD)D", |_, _, a| d(libm::remainder(a.double(0)?, a.double(1)?)));
    r.native(s, "atan2", "(DD)D", |_, _, a| d(libm::atan2(a.double(0)?, a.double(1)?)));
    r.native(s, "sinh", "(D)D", |_, _, a| d(libm::sinh(a.double(0)?)));
    r.native(s, "cosh", "(D)D", |_, _, a| d(libm::cosh(a.double(0)?)));
    r.native(s, "tanh", "(D)D", |_, _, a| d(libm::tanh(a.double(0)?)));
    r.native(s, "expm1", "(D)D", |_, _, a| d(libm::expm1(a.double(0)?)));
    r.native(s, "log1p", "(D)D", |_, _, a| d(libm::log1p(a.double(0)?)));
}

fn d(x: f64) -> NativeResult {
    Ok(Ret::Val(Value::Double(x)))
}

