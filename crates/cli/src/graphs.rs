//! `--engine-graphs DIR`: the DPOR engine's graph of every execution written as a
//! Graphviz file (`DIR/execution-000001.dot`, …), as the engine paper's tool emits one
//! when an execution ends. A listener that wraps another (the progress line) and
//! passes everything else on; it writes nothing but those files.

use std::path::PathBuf;

use jvmc_search::{Counterexample, ListenerError, SearchListener, Stats};

/// Writes each graph it is handed into its directory.
pub struct GraphFiles<'a> {
    dir: PathBuf,
    inner: &'a mut dyn SearchListener,
}

impl<'a> GraphFiles<'a> {
    /// Graphs into `dir` (created if missing); other events go to `inner`.
    pub fn new(dir: PathBuf, inner: &'a mut dyn SearchListener) -> std::io::Result<Self> {
        std::fs::create_dir_all(&dir)?;
        Ok(GraphFiles { dir, inner })
    }
}

impl SearchListener for GraphFiles<'_> {
    fn on_state(&mut self, stats: &Stats) -> Result<bool, ListenerError> {
        self.inner.on_state(stats)
    }

    fn on_violation(&mut self, found: &Counterexample, stats: &Stats) -> Result<bool, ListenerError> {
        self.inner.on_violation(found, stats)
    }

    fn wants_graphs(&self) -> bool {
        true
    }

    fn on_graph(&mut self, execution: u64, dot: &str) -> Result<bool, ListenerError> {
        let path = self.dir.join(format!("execution-{execution:06}.dot"));
        std::fs::write(&path, dot).map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(true)
    }
}
