//! Checks every function against results recorded on HotSpot (OpenJDK 17,
//! x86_64): `tests/fixtures/math/<name>.txt` holds `StrictMath.<name>` and
//! `math_<name>.txt` holds `Math.<name>`, one `input_bits [input2_bits]
//! expected_bits` line (hex) per case.
//!
//! `Math.log`, `log10` and `pow` start from the CPU's `rcpss` estimate, whose
//! bits differ between CPU vendors (HotSpot's results differ the same way).
//! `rcpss.txt` records that estimate on the recording machine; on a CPU
//! whose estimate differs, those three are only required to agree with the
//! recorded results within one ulp, for all but a few percent of the cases.

use super::{intrinsic, strict};

/// A fixture name and the function it checks.
type Unary = (&'static str, fn(f64) -> f64);

fn fixture(name: &str) -> Vec<Vec<u64>> {
    let path = format!("{}/tests/fixtures/math/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|w| u64::from_str_radix(w, 16).unwrap_or_else(|e| panic!("{path}: {l}: {e}"))).collect())
        .collect()
}

/// Runs `f` on every case of a fixture and reports the mismatches.
fn check(name: &str, arity: usize, f: &dyn Fn(f64, f64) -> f64) -> Vec<String> {
    let cases = fixture(name);
    assert!(cases.len() >= 1000, "{name}: only {} cases", cases.len());
    let mut bad = Vec::new();
    for c in &cases {
        assert_eq!(c.len(), arity + 1, "{name}: malformed case {c:x?}");
        let x = f64::from_bits(c[0]);
        let y = if arity == 2 { f64::from_bits(c[1]) } else { 0.0 };
        let got = f(x, y).to_bits();
        let want = c[arity];
        if got != want {
            bad.push(format!("{name}({:016x}{}) = {got:016x}, HotSpot {want:016x}", c[0], if arity == 2 { format!(", {:016x}", c[1]) } else { String::new() }));
        }
    }
    bad
}

/// Whether this CPU's `rcpss` gives the bits recorded with the fixtures.
fn same_rcpss_as_recording() -> bool {
    fixture("rcpss").iter().all(|c| intrinsic::rcp(f32::from_bits(c[0] as u32)).to_bits() as u64 == c[1])
}

/// Like [`check`] for a function whose results depend on `rcpss`, on a CPU
/// whose `rcpss` differs from the recording machine's.
fn check_other_cpu(name: &str, arity: usize, f: &dyn Fn(f64, f64) -> f64) -> Vec<String> {
    let cases = fixture(name);
    let mut differ = 0;
    let mut bad = Vec::new();
    for c in &cases {
        let x = f64::from_bits(c[0]);
        let y = if arity == 2 { f64::from_bits(c[1]) } else { 0.0 };
        let (got, want) = (f(x, y).to_bits(), c[arity]);
        if got != want {
            differ += 1;
            if got.abs_diff(want) > 1 {
                bad.push(format!("{name}({:016x}, ..) = {got:016x}, HotSpot (other CPU) {want:016x}", c[0]));
            }
        }
    }
    if differ * 100 > cases.len() * 3 {
        bad.push(format!("{name}: {differ} of {} cases differ from the recording CPU's", cases.len()));
    }
    bad
}

fn report(bad: Vec<String>) {
    assert!(bad.is_empty(), "{} mismatches, first: {:#?}", bad.len(), &bad[..bad.len().min(10)]);
}

#[test]
fn strict_math_is_bit_exact() {
    let unary: [Unary; 15] = [
        ("sin", strict::sin),
        ("cos", strict::cos),
        ("tan", strict::tan),
        ("asin", strict::asin),
        ("acos", strict::acos),
        ("atan", strict::atan),
        ("log", strict::log),
        ("log10", strict::log10),
        ("sqrt", strict::sqrt),
        ("sinh", strict::sinh),
        ("cosh", strict::cosh),
        ("tanh", strict::tanh),
        ("expm1", strict::expm1),
        ("log1p", strict::log1p),
        // StrictMath.exp is Java code; fdlibm's exp is used inside sinh/cosh.
        ("exp", strict::exp),
    ];
    let mut bad = Vec::new();
    for (name, f) in unary {
        bad.extend(check(name, 1, &|x, _| f(x)));
    }
    bad.extend(check("atan2", 2, &strict::atan2));
    bad.extend(check("IEEEremainder", 2, &strict::remainder));
    report(bad);
}

#[test]
fn math_intrinsics_are_bit_exact() {
    let unary: [Unary; 4] = [
        ("math_sin", intrinsic::sin),
        ("math_cos", intrinsic::cos),
        ("math_tan", intrinsic::tan),
        ("math_exp", intrinsic::exp),
    ];
    let mut bad = Vec::new();
    for (name, f) in unary {
        bad.extend(check(name, 1, &|x, _| f(x)));
    }
    let with_rcpss: [Unary; 2] = [("math_log", intrinsic::log), ("math_log10", intrinsic::log10)];
    if same_rcpss_as_recording() {
        for (name, f) in with_rcpss {
            bad.extend(check(name, 1, &|x, _| f(x)));
        }
        bad.extend(check("math_pow", 2, &intrinsic::pow));
    } else {
        eprintln!("rcpss differs from the recording CPU's: Math.log/log10/pow checked within 1 ulp");
        for (name, f) in with_rcpss {
            bad.extend(check_other_cpu(name, 1, &|x, _| f(x)));
        }
        bad.extend(check_other_cpu("math_pow", 2, &intrinsic::pow));
    }
    report(bad);
}
