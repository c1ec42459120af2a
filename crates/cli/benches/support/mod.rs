//! What the end-to-end benches share: reading figures out of a `jvmc check --json`
//! report without a JSON dependency.

/// The number field `name` of a JSON report (the first occurrence).
pub fn field(report: &str, name: &str) -> f64 {
    let at = report.find(&format!("\"{name}\":")).unwrap_or_else(|| panic!("no {name} in the report"));
    let rest = &report[at + name.len() + 3..];
    let end = rest.find([',', '\n', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().unwrap_or_else(|_| panic!("{name} is not a number"))
}
