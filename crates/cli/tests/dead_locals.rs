//! Dead locals (`--dead-locals forget`, the default): local variables no path of their
//! method reads again are cleared at the end of each step. States that differ only
//! in them match, and every search gives the verdicts and outcomes of
//! `--dead-locals keep`.

mod support;

use std::path::Path;
use std::time::Duration;

use serde_json::Value;
use support::report_outcomes;

const TIMEOUT: Duration = Duration::from_secs(300);

fn check(dir: &Path, args: &[&str], class: &str) -> Value {
    support::check_report(dir, &[&["--workers", "1"], args].concat(), class, TIMEOUT)
}

fn states(j: &Value) -> u64 {
    j["stats"]["states_new"].as_u64().unwrap_or(0)
}

/// Checks `class` with dead locals forgotten (with `stateful`, a search that matches
/// states, proving with `--exact-states` that no two different states merge) and
/// kept: same verdict, violation kind and outcomes. Returns both reports, forgotten
/// first.
fn forget_and_keep(dir: &Path, search: &[&str], stateful: bool, class: &str) -> (Value, Value) {
    let exact: &[&str] = if stateful { &["--exact-states"] } else { &[] };
    let forget = check(dir, &[search, &["--dead-locals", "forget"], exact].concat(), class);
    let keep = check(dir, &[search, &["--dead-locals", "keep"]].concat(), class);
    assert_eq!(forget["verdict"], keep["verdict"], "{search:?} forget: {forget}\nkeep: {keep}");
    assert_eq!(forget["violation"]["kind"], keep["violation"]["kind"], "{search:?}");
    assert_eq!(report_outcomes(&forget), report_outcomes(&keep), "{search:?} forget: {forget}\nkeep: {keep}");
    (forget, keep)
}

const READER: &str = r#"
public class DeadReader {
    static volatile int x, y, z, out;
    static void reader() {
        int r = x;
        if (r > 1) throw new AssertionError();
        // r is dead from here on, yet it still says which write the read saw
        y = 1;
        y = 2;
        int saved = x;
        try {
            // saved stays live inside the try: the handler reads it
            z = 1;
            if (z == 1) throw new IllegalStateException();
        } catch (IllegalStateException e) {
            out = saved + 10;
        }
    }
    public static void main(String[] args) throws Exception {
        Thread a = new Thread(() -> { x = 1; z = 2; });
        Thread b = new Thread(DeadReader::reader);
        a.start(); b.start(); a.join(); b.join();
        System.out.println(out);
    }
}
"#;

/// The value a finished read left in its local keeps equal states apart until it is
/// forgotten; a local an exception handler reads is not forgotten inside its try.
#[test]
fn a_dead_read_value_no_longer_splits_states_and_a_handler_keeps_its_locals() {
    let dir = support::compile_source("DeadReader", READER, TIMEOUT);
    for (search, stateful) in [(&[][..], true), (&["--por", "odpor"], true), (&["--por", "dl-spor"], true), (&["--por", "optimal-dpor"], false)] {
        let (forget, keep) = forget_and_keep(dir.path(), search, stateful, "DeadReader");
        assert_eq!(forget["verdict"], "ok", "{search:?}: {forget}");
        let outcomes = report_outcomes(&forget);
        for o in ["0", "10", "11"] {
            assert!(outcomes.iter().any(|x| x.trim() == o), "{search:?}: outcome {o} missing from {outcomes:?}");
        }
        if search.is_empty() {
            assert!(states(&forget) < states(&keep), "nothing was forgotten: {} states forgotten, {} kept", states(&forget), states(&keep));
        }
    }
}

/// Programs of the concurrent suite whose states do change, and two whose bugs must
/// still be found: the same verdicts and outcomes with and without forgetting.
#[test]
fn suite_programs_keep_their_verdicts_and_outcomes() {
    let classes = ["TreiberStack", "WeakCasRetryLoopTerminates", "BrokenStack", "HandOverHandListBug"];
    let dir = support::compile_suite_programs(&classes, TIMEOUT);
    for class in classes {
        for search in [&[][..], &["--por", "odpor"]] {
            forget_and_keep(dir.path(), search, true, class);
        }
    }
}
