//! This process's memory use, as the kernel counts it (`/proc/self/status`).
//!
//! Reading the file costs a few microseconds, so the search samples it rarely (see
//! `run.rs`). On systems without `/proc` every function returns `None`.

/// The current resident set size (`VmRSS`), in bytes.
pub fn resident_set_bytes() -> Option<u64> {
    status_field("VmRSS:")
}

/// The peak resident set size of the process so far (`VmHWM`), in bytes.
pub fn peak_resident_set_bytes() -> Option<u64> {
    status_field("VmHWM:")
}

fn status_field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_kib_field(&status, name)
}

/// Finds `name   1234 kB` in `/proc/self/status` text; the value in bytes.
fn parse_kib_field(status: &str, name: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(name))?;
    let mut words = line[name.len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    match words.next() {
        Some("kB") => value.checked_mul(1024),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_status_lines() {
        let text = "Name:\tx\nVmHWM:\t    2048 kB\nVmRSS:\t   1024 kB\nThreads:\t1\n";
        assert_eq!(parse_kib_field(text, "VmRSS:"), Some(1024 * 1024));
        assert_eq!(parse_kib_field(text, "VmHWM:"), Some(2048 * 1024));
        assert_eq!(parse_kib_field(text, "VmSwap:"), None);
        assert_eq!(parse_kib_field("VmRSS: lots\n", "VmRSS:"), None);
        assert_eq!(parse_kib_field("VmRSS: 12 MB\n", "VmRSS:"), None);
    }

    #[test]
    fn reads_this_process_on_linux() {
        if cfg!(target_os = "linux") {
            let rss = resident_set_bytes().unwrap_or(0);
            let peak = peak_resident_set_bytes().unwrap_or(0);
            assert!(rss > 0 && peak >= rss, "rss {rss}, peak {peak}");
        }
    }
}
