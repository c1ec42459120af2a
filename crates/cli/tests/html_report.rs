//! `jvmc check --html FILE` (`crates/cli/src/html/`): the page is opened in headless
//! Chromium, and what it renders — the DOM after its script ran, and a screenshot — is
//! checked against the `--json` document of the same run.
//!
//! Chromium is `$CHROMIUM`, else `chromium` on `PATH` (Debian's `chromium` package;
//! `.ci/run` installs it and sets `JVMC_REQUIRE_BROWSER=1`). Without it the tests say
//! so and pass, unless `JVMC_REQUIRE_BROWSER` is set.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use serde_json::Value;
use support::{compile_benchmarks, java_sources, javac, run};

const TIMEOUT: Duration = Duration::from_secs(300);

fn chromium() -> Option<PathBuf> {
    let candidate = std::env::var_os("CHROMIUM").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("chromium"));
    let found = Command::new(&candidate).arg("--version").output().is_ok_and(|o| o.status.success());
    if found {
        return Some(candidate);
    }
    assert!(std::env::var_os("JVMC_REQUIRE_BROWSER").is_none(), "JVMC_REQUIRE_BROWSER is set but {} does not run (apt-get install chromium)", candidate.display());
    eprintln!("SKIPPED: no Chromium ({}); install Debian's chromium package to run the HTML report tests", candidate.display());
    None
}

/// Chromium in headless mode on `page`, with the flags that keep it off the network
/// and out of the user's profile, plus `what` (`--dump-dom`, `--screenshot=...`).
fn headless(browser: &Path, page: &Path, what: &str) -> Vec<u8> {
    let profile = tempfile::tempdir().expect("temp dir");
    let mut cmd = Command::new(browser);
    cmd.args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1280,1600"])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(what)
        .arg(format!("file://{}", page.display()));
    let out = run(cmd, TIMEOUT).expect("chromium runs");
    assert_eq!(out.code(), Some(0), "chromium {what}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// `jvmc check --json - --html PAGE ARGS`: the exit code and the JSON document.
fn check(dir: &Path, page: &Path, args: &[&str]) -> (Option<i32>, Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["check", "--cp"]).arg(dir).args(["--json", "-", "--html"]).arg(page).args(args);
    let out = run(cmd, TIMEOUT).expect("jvmc runs");
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    (out.code(), json)
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// The text of the element with this id in a DOM dump.
fn text_of(dom: &str, id: &str) -> String {
    let start = dom.find(&format!("id=\"{id}\"")).unwrap_or_else(|| panic!("no #{id}"));
    let open = start + dom[start..].find('>').expect("tag ends");
    let close = open + dom[open..].find('<').expect("text ends");
    dom[open + 1..close].to_string()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[test]
fn a_deadlock_renders_with_thread_columns_library_frames_and_source() {
    let Some(browser) = chromium() else { return };
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/concurrent");
    let classes = tempfile::tempdir().expect("temp dir");
    let sources = java_sources(&src);
    javac(&sources.iter().map(PathBuf::as_path).collect::<Vec<_>>(), classes.path(), TIMEOUT).expect("javac");
    let page = classes.path().join("report.html");
    let source_path = src.canonicalize().expect("source dir");
    let trace_file = classes.path().join("trace.json");
    let (code, json) = check(classes.path(), &page, &["--source-path", source_path.to_str().expect("utf-8"), "--trace", trace_file.to_str().expect("utf-8"), "SemaphoreWrongPermits"]);
    assert_eq!(code, Some(1), "{json}");
    let violation = &json["violation"];
    assert_eq!(violation["kind"], "deadlock");
    let trace = violation["trace"].as_array().expect("a trace");

    let dom = String::from_utf8(headless(&browser, &page, "--dump-dom")).expect("utf-8 DOM");
    assert!(dom.contains("data-rendered=\"yes\""), "the page's script ran to its end");
    assert_eq!(text_of(&dom, "trace-summary"), format!("1 counterexample, {} transitions", trace.len()), "the script counted the table's steps");
    assert_eq!(text_of(&dom, "verdict"), "violation");
    // one column per thread, in the order the threads first run, one step per row
    let mut threads: Vec<&str> = Vec::new();
    for step in trace {
        let name = step["thread_name"].as_str().expect("a name");
        if !threads.contains(&name) {
            threads.push(name);
        }
    }
    assert!(threads.len() >= 2);
    assert!(dom.contains(&format!("data-threads=\"{}\"", threads.len())), "{} thread columns", threads.len());
    for (col, name) in threads.iter().enumerate() {
        assert!(dom.contains(&format!("<th class=\"thread\" data-col=\"{col}\" title=\"click to highlight\">{} ", escape(name))), "column {col} is thread {name}");
    }
    assert_eq!(count(&dom, "class=\"op\""), trace.len());
    for step in trace {
        assert!(dom.contains(&escape(step["operation"].as_str().expect("an operation"))));
    }
    // library frames folded, one fold per step that has them
    let folded = trace.iter().filter(|s| s["library_frames"].as_array().is_some_and(|f| !f.is_empty())).count();
    assert!(folded > 0, "the semaphore's frames are folded into the user's call");
    assert_eq!(count(&dom, "<details class=\"library\">"), folded);
    // the deadlocked threads, and the source line of the stuck acquire with its context
    for t in violation["threads"].as_array().expect("threads") {
        assert!(dom.contains(&escape(t["name"].as_str().expect("name"))));
    }
    let text = std::fs::read_to_string(src.join("SemaphoreWrongPermits.java")).expect("source");
    let line = text.lines().position(|l| l.contains("done.acquire(3);")).expect("the line") + 1;
    let here = format!("<span class=\"here\"><i>{line:>5}</i> {}</span>", escape(text.lines().nth(line - 1).expect("line")));
    assert!(dom.contains(&here), "source line {line} highlighted:\n{here}");

    // `jvmc replay --html`: the same counterexample, without the search's statistics
    let replayed = classes.path().join("replayed.html");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jvmc"));
    cmd.args(["replay", "--source-path", source_path.to_str().expect("utf-8"), "--html"]).arg(&replayed).arg(&trace_file);
    let out = run(cmd, TIMEOUT).expect("jvmc replay runs");
    assert_eq!(out.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let again = String::from_utf8(headless(&browser, &replayed, "--dump-dom")).expect("utf-8 DOM");
    assert!(again.contains("data-rendered=\"yes\""));
    assert_eq!(count(&again, "class=\"op\""), trace.len());
    assert!(again.contains(&here), "the same source line");
    assert!(!again.contains("id=\"statistics\""), "a replay has no search statistics");

    let png = classes.path().join("report.png");
    headless(&browser, &page, &format!("--screenshot={}", png.display()));
    let image = std::fs::read(&png).expect("a screenshot");
    assert!(image.starts_with(b"\x89PNG\r\n\x1a\n") && image.len() > 20_000, "a PNG with something drawn: {} bytes", image.len());
}

#[test]
fn a_complete_search_renders_its_outcomes_and_the_plot_of_states() {
    let Some(browser) = chromium() else { return };
    let classes = compile_benchmarks("por", TIMEOUT);
    let page = classes.path().join("report.html");
    let (code, json) = check(classes.path(), &page, &["--outcomes", "RwLockListSetHigh", "2"]);
    assert_eq!(code, Some(0), "{json}");
    let dom = String::from_utf8(headless(&browser, &page, "--dump-dom")).expect("utf-8 DOM");
    assert!(dom.contains("data-rendered=\"yes\""));
    assert_eq!(text_of(&dom, "verdict"), "ok");
    let outcomes = json["outcomes"].as_array().expect("outcomes");
    assert!(outcomes.len() >= 2);
    let table = &dom[dom.find("<table class=\"outcomes\">").expect("the histogram")..];
    let table = &table[..table.find("</table>").expect("its end")];
    assert_eq!(count(table, "<tr>"), outcomes.len());
    for o in outcomes {
        assert!(table.contains(&escape(o["output"].as_str().expect("output"))));
    }
    assert!(!dom.contains("class=\"trace\""), "no counterexample");
    assert!(dom.contains("<polyline class=\"states\""), "the plot of states over time");
    let states = json["stats"]["states_new"].as_u64().expect("states");
    assert!(dom.contains(&format!("{} new", support_thousands(states))));
}

fn support_thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
