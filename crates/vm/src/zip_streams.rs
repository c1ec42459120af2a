//! The zlib streams of `java.util.zip.Inflater` and `Deflater` (their native state),
//! as part of the model checker's state.
//!
//! A stream is named by the handle its `init` native returns (the Java object keeps
//! it in a `long`). Handles derive from the creating thread's stable id and how many
//! streams that thread created before (as heap stable ids do), so streams created by
//! different threads get the same handles in every order; the per-thread counters are
//! journaled but, like the heap's, not hashed (a handle is an opaque name).
//!
//! zlib's state cannot be copied, so a stream is kept as its creation parameters and
//! the log of the operations applied to it since (input bytes, output capacity, flush
//! mode, and what the operation did). The live `flate2` engine is a cache: undoing an
//! operation truncates the log and drops the engine, and the next operation rebuilds it
//! by replaying the log (checking that every replayed operation does what it did the
//! first time). A stream's hash chains over its parameters and log (so two paths that
//! fed it the same operations match); the table's hash is the sum over streams of
//! hash(handle, chain). Without the model checker nothing is logged.
//!
//! Knows nothing of Java: the natives (`native/java_util.rs`) move the bytes.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;
use xxhash_rust::xxh3::xxh3_128;

/// Mixed with the creating thread's id into handles.
const HANDLE_TAG: u64 = 0x5a49_5053_5452_4d53;

/// What a stream does and how it was created.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ZipKind {
    /// an `Inflater` (`zlib_header`: not `nowrap`)
    Inflate {
        /// expects a zlib header and trailer
        zlib_header: bool,
    },
    /// a `Deflater`
    Deflate {
        /// compression level (-1: default)
        level: i32,
        /// writes a zlib header and trailer
        zlib_header: bool,
    },
}

impl ZipKind {
    fn encode(self, out: &mut Vec<u8>) {
        match self {
            ZipKind::Inflate { zlib_header } => out.extend_from_slice(&[0, zlib_header as u8]),
            ZipKind::Deflate { level, zlib_header } => {
                out.extend_from_slice(&[1, zlib_header as u8]);
                out.extend_from_slice(&level.to_le_bytes());
            }
        }
    }
}

/// What one operation did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZipOutcome {
    /// input bytes consumed
    pub(crate) read: u64,
    /// output bytes produced
    pub(crate) written: u64,
    /// the stream ended
    pub(crate) finished: bool,
    /// zlib's complaint (corrupt input)
    pub(crate) error: Option<Box<str>>,
}

/// A logged operation.
#[derive(Clone, Debug)]
struct ZipOp {
    input: Box<[u8]>,
    out_cap: usize,
    /// `Deflater` flush mode (0 none, 2 sync, 3 full, 4 finish); 0 for inflating
    flush: u8,
    outcome: ZipOutcome,
}

impl ZipOp {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(self.flush);
        out.extend_from_slice(&(self.out_cap as u64).to_le_bytes());
        out.extend_from_slice(&(self.input.len() as u64).to_le_bytes());
        out.extend_from_slice(&self.input);
        out.extend_from_slice(&self.outcome.read.to_le_bytes());
        out.extend_from_slice(&self.outcome.written.to_le_bytes());
        out.push(self.outcome.finished as u8 | (self.outcome.error.is_some() as u8) << 1);
    }
}

enum Engine {
    Inflate(flate2::Decompress),
    Deflate(flate2::Compress),
}

impl Engine {
    fn new(kind: ZipKind) -> Engine {
        match kind {
            ZipKind::Inflate { zlib_header } => Engine::Inflate(flate2::Decompress::new(zlib_header)),
            ZipKind::Deflate { level, zlib_header } => {
                let level = if level < 0 { flate2::Compression::default() } else { flate2::Compression::new(level as u32) };
                Engine::Deflate(flate2::Compress::new(level, zlib_header))
            }
        }
    }

    fn apply(&mut self, input: &[u8], out: &mut [u8], flush: u8) -> ZipOutcome {
        let (before_in, before_out, finished, error) = match self {
            Engine::Inflate(s) => {
                let before = (s.total_in(), s.total_out());
                let status = s.decompress(input, out, flate2::FlushDecompress::None);
                let (finished, error) = match status {
                    Ok(st) => (st == flate2::Status::StreamEnd, None),
                    Err(e) => (false, Some(e.to_string().into_boxed_str())),
                };
                (before.0, before.1, finished, error)
            }
            Engine::Deflate(s) => {
                let before = (s.total_in(), s.total_out());
                let mode = match flush {
                    2 => flate2::FlushCompress::Sync,
                    3 => flate2::FlushCompress::Full,
                    4 => flate2::FlushCompress::Finish,
                    _ => flate2::FlushCompress::None,
                };
                let status = s.compress(input, out, mode);
                let (finished, error) = match status {
                    Ok(st) => (st == flate2::Status::StreamEnd, None),
                    Err(e) => (false, Some(e.to_string().into_boxed_str())),
                };
                (before.0, before.1, finished, error)
            }
        };
        let (total_in, total_out) = match self {
            Engine::Inflate(s) => (s.total_in(), s.total_out()),
            Engine::Deflate(s) => (s.total_in(), s.total_out()),
        };
        ZipOutcome { read: total_in - before_in, written: total_out - before_out, finished, error }
    }
}

struct Stream {
    kind: ZipKind,
    log: Vec<ZipOp>,
    /// `chain[i]`: the hash of the parameters and `log[..i]`
    chain: Vec<u128>,
    /// the live engine, in step with `log`; `None` until rebuilt
    engine: Option<Engine>,
    /// operated on before logging started: cannot be rebuilt
    unlogged: bool,
}

impl Stream {
    fn new(kind: ZipKind) -> Stream {
        Stream { kind, log: Vec::new(), chain: vec![kind_hash(kind)], engine: None, unlogged: false }
    }

    fn top(&self) -> u128 {
        self.chain.last().copied().unwrap_or(0)
    }
}

fn kind_hash(kind: ZipKind) -> u128 {
    let mut b = b"zip\0".to_vec();
    kind.encode(&mut b);
    xxh3_128(&b)
}

fn contribution(handle: u64, top: u128) -> u128 {
    let mut b = [0u8; 24];
    b[..8].copy_from_slice(&handle.to_le_bytes());
    b[8..].copy_from_slice(&top.to_le_bytes());
    xxh3_128(&b)
}

enum Undo {
    Created(u64),
    Ended(u64, Stream),
    /// an operation was logged; the log's length before
    Logged(u64, usize),
    /// `reset` or new parameters replaced the stream's parameters and log
    Replaced(u64, ZipKind, Vec<ZipOp>, Vec<u128>, bool),
    Counter(u64, u64),
}

/// Why a stream operation failed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ZipError {
    /// no stream has this handle
    NoStream(u64),
    /// rebuilding the stream after backtracking did not reproduce its log
    Replay(u64),
    /// the stream was used before model checking began and must be rebuilt
    Unlogged(u64),
}

impl std::fmt::Display for ZipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ZipError::NoStream(h) => write!(f, "no zip stream has handle {h}"),
            ZipError::Replay(h) => write!(f, "replaying zip stream {h} after backtracking gave different results"),
            ZipError::Unlogged(h) => write!(f, "zip stream {h} was used before model checking began and cannot be restored"),
        }
    }
}

/// A point the table can roll back to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ZipMark {
    entries: usize,
    sum: u128,
}

/// The vm's zlib streams by handle.
#[derive(Default)]
pub(crate) struct ZipStreams {
    streams: BTreeMap<u64, Stream>,
    counters: FxHashMap<u64, u64>,
    journal: Option<Vec<Undo>>,
    sum: u128,
}

impl std::fmt::Debug for ZipStreams {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ZipStreams").field("streams", &self.streams.len()).finish_non_exhaustive()
    }
}

impl ZipStreams {
    /// Turns on logging, journaling and hashing (the model checker's initial state).
    pub(crate) fn start_tracking(&mut self) {
        self.journal = Some(Vec::new());
        self.sum = self.streams.iter().fold(0u128, |s, (&h, st)| s.wrapping_add(contribution(h, st.top())));
    }

    fn record(&mut self, u: Undo) {
        if let Some(j) = &mut self.journal {
            j.push(u);
        }
    }

    fn stream(&mut self, handle: u64) -> Result<&mut Stream, ZipError> {
        self.streams.get_mut(&handle).ok_or(ZipError::NoStream(handle))
    }

    /// A new stream created by the thread with stable id `owner`; its handle
    /// (positive, never 0).
    pub(crate) fn create(&mut self, owner: u64, kind: ZipKind) -> u64 {
        let count = self.counters.get(&owner).copied().unwrap_or(0);
        self.counters.insert(owner, count + 1);
        self.record(Undo::Counter(owner, count));
        let mut handle = (crate::heap::mix_ids(owner ^ HANDLE_TAG, count) >> 2) | 1;
        while self.streams.contains_key(&handle) {
            handle = (handle + 2) & (u64::MAX >> 2);
        }
        let s = Stream::new(kind);
        self.sum = self.sum.wrapping_add(contribution(handle, s.top()));
        self.streams.insert(handle, s);
        self.record(Undo::Created(handle));
        handle
    }

    /// `end`: releases the stream.
    pub(crate) fn end(&mut self, handle: u64) -> Result<(), ZipError> {
        let s = self.streams.remove(&handle).ok_or(ZipError::NoStream(handle))?;
        self.sum = self.sum.wrapping_sub(contribution(handle, s.top()));
        self.record(Undo::Ended(handle, s));
        Ok(())
    }

    /// Replaces a stream's parameters and empties its log (the engine restarts).
    fn replace(&mut self, handle: u64, kind: ZipKind) -> Result<(), ZipError> {
        let s = self.stream(handle)?;
        let old_top = s.top();
        let old = (s.kind, std::mem::take(&mut s.log), std::mem::replace(&mut s.chain, vec![kind_hash(kind)]), s.unlogged);
        s.kind = kind;
        s.engine = None;
        s.unlogged = false;
        let new_top = s.top();
        self.sum = self.sum.wrapping_add(contribution(handle, new_top)).wrapping_sub(contribution(handle, old_top));
        self.record(Undo::Replaced(handle, old.0, old.1, old.2, old.3));
        Ok(())
    }

    /// `reset`: the stream starts over with the same parameters.
    pub(crate) fn reset(&mut self, handle: u64) -> Result<(), ZipError> {
        let kind = self.stream(handle)?.kind;
        self.replace(handle, kind)
    }

    /// A `Deflater`'s new level before any input: `Ok(false)` if input was consumed
    /// already (or the stream inflates).
    pub(crate) fn set_level(&mut self, handle: u64, level: i32) -> Result<bool, ZipError> {
        let s = self.stream(handle)?;
        let ZipKind::Deflate { zlib_header, .. } = s.kind else { return Ok(false) };
        if s.unlogged || s.log.iter().any(|op| op.outcome.read != 0) {
            return Ok(false);
        }
        self.replace(handle, ZipKind::Deflate { level, zlib_header })?;
        Ok(true)
    }

    /// Whether the stream inflates.
    pub(crate) fn kind(&self, handle: u64) -> Result<ZipKind, ZipError> {
        self.streams.get(&handle).map(|s| s.kind).ok_or(ZipError::NoStream(handle))
    }

    /// Feeds `input` to the stream with room for `out.len()` output bytes (`flush`:
    /// the `Deflater` flush mode), filling `out`.
    pub(crate) fn run(&mut self, handle: u64, input: &[u8], out: &mut [u8], flush: u8) -> Result<ZipOutcome, ZipError> {
        let tracking = self.journal.is_some();
        let s = self.stream(handle)?;
        if s.engine.is_none() {
            if s.unlogged {
                return Err(ZipError::Unlogged(handle));
            }
            let mut engine = Engine::new(s.kind);
            for op in &s.log {
                let mut scratch = vec![0u8; op.out_cap];
                if engine.apply(&op.input, &mut scratch, op.flush) != op.outcome {
                    return Err(ZipError::Replay(handle));
                }
            }
            s.engine = Some(engine);
        }
        let Some(engine) = s.engine.as_mut() else { return Err(ZipError::Replay(handle)) };
        let outcome = engine.apply(input, out, flush);
        if !tracking {
            s.unlogged = true;
            return Ok(outcome);
        }
        let op = ZipOp { input: input.into(), out_cap: out.len(), flush, outcome: outcome.clone() };
        let old_top = s.top();
        let mut b = old_top.to_le_bytes().to_vec();
        op.encode(&mut b);
        s.chain.push(xxh3_128(&b));
        s.log.push(op);
        let (new_top, len) = (s.top(), s.log.len() - 1);
        self.sum = self.sum.wrapping_add(contribution(handle, new_top)).wrapping_sub(contribution(handle, old_top));
        self.record(Undo::Logged(handle, len));
        Ok(outcome)
    }

    /// The hash of every stream (0 when there are none).
    pub(crate) fn hash(&self) -> u128 {
        self.sum
    }

    /// The canonical encoding (for `--exact-states`): each stream by handle with its
    /// parameters and log.
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&(self.streams.len() as u64).to_le_bytes());
        for (&h, s) in &self.streams {
            out.extend_from_slice(&h.to_le_bytes());
            s.kind.encode(out);
            out.extend_from_slice(&(s.log.len() as u64).to_le_bytes());
            for op in &s.log {
                op.encode(out);
            }
        }
    }

    /// A point to roll back to.
    pub(crate) fn mark(&self) -> ZipMark {
        ZipMark { entries: self.journal.as_ref().map_or(0, Vec::len), sum: self.sum }
    }

    /// Undoes every change since `mark`.
    pub(crate) fn rollback(&mut self, mark: &ZipMark) {
        let Some(j) = &mut self.journal else { return };
        while j.len() > mark.entries {
            match j.pop() {
                Some(Undo::Created(h)) => {
                    self.streams.remove(&h);
                }
                Some(Undo::Ended(h, s)) => {
                    self.streams.insert(h, s);
                }
                Some(Undo::Logged(h, n)) => {
                    if let Some(s) = self.streams.get_mut(&h) {
                        s.log.truncate(n);
                        s.chain.truncate(n + 1);
                        s.engine = None;
                    }
                }
                Some(Undo::Replaced(h, kind, log, chain, unlogged)) => {
                    if let Some(s) = self.streams.get_mut(&h) {
                        (s.kind, s.log, s.chain, s.engine, s.unlogged) = (kind, log, chain, None, unlogged);
                    }
                }
                Some(Undo::Counter(owner, old)) => {
                    if old == 0 {
                        self.counters.remove(&owner);
                    } else {
                        self.counters.insert(owner, old);
                    }
                }
                None => break,
            }
        }
        self.sum = mark.sum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deflated(data: &[u8]) -> Vec<u8> {
        let mut z = ZipStreams::default();
        let h = z.create(1, ZipKind::Deflate { level: -1, zlib_header: true });
        let mut out = vec![0u8; data.len() + 64];
        let o = z.run(h, data, &mut out, 4).expect("a stream");
        assert!(o.finished);
        out.truncate(o.written as usize);
        out
    }

    #[test]
    fn rollback_rebuilds_the_engine_by_replaying_the_log() {
        let data: Vec<u8> = (0..2000u32).map(|i| (i % 7) as u8).collect();
        let packed = deflated(&data);
        let mut z = ZipStreams::default();
        z.start_tracking();
        let empty = z.hash();
        let h = z.create(5, ZipKind::Inflate { zlib_header: true });
        let mut out = vec![0u8; 500];
        let first = z.run(h, &packed[..10], &mut out, 0).expect("a stream");
        let mark = z.mark();
        let at_mark = z.hash();
        let mut rest_a = vec![0u8; 3000];
        let a = z.run(h, &packed[first.read as usize..], &mut rest_a, 0).expect("a stream");
        assert_ne!(z.hash(), at_mark);
        z.rollback(&mark);
        assert_eq!(z.hash(), at_mark);
        // the rebuilt engine continues exactly where the original stood
        let mut rest_b = vec![0u8; 3000];
        let b = z.run(h, &packed[first.read as usize..], &mut rest_b, 0).expect("a stream");
        assert_eq!(a, b);
        assert_eq!(rest_a, rest_b);
        let mut all = out[..first.written as usize].to_vec();
        all.extend_from_slice(&rest_b[..b.written as usize]);
        assert_eq!(all, data);
        z.rollback(&ZipMark { entries: 0, sum: empty });
        assert_eq!(z.hash(), empty);
        assert_eq!(z.kind(h), Err(ZipError::NoStream(h)));
    }

    #[test]
    fn equal_logs_hash_equally_and_handles_do_not_depend_on_creation_order() {
        let mut x = ZipStreams::default();
        x.start_tracking();
        let a1 = x.create(1, ZipKind::Inflate { zlib_header: false });
        let b1 = x.create(2, ZipKind::Deflate { level: 3, zlib_header: true });
        let mut y = ZipStreams::default();
        y.start_tracking();
        let b2 = y.create(2, ZipKind::Deflate { level: 3, zlib_header: true });
        let a2 = y.create(1, ZipKind::Inflate { zlib_header: false });
        assert_eq!((a1, b1), (a2, b2));
        assert_eq!(x.hash(), y.hash());
        let mut out = [0u8; 64];
        x.run(b1, b"hello", &mut out, 0).expect("a stream");
        assert_ne!(x.hash(), y.hash());
        y.run(b2, b"hello", &mut out, 0).expect("a stream");
        assert_eq!(x.hash(), y.hash());
        let (mut ex, mut ey) = (Vec::new(), Vec::new());
        x.encode(&mut ex);
        y.encode(&mut ey);
        assert_eq!(ex, ey);
        // reset returns to the hash of a fresh stream, and is undone
        let before_reset = x.hash();
        let m = x.mark();
        x.reset(b1).expect("a stream");
        x.end(a1).expect("a stream");
        let mut fresh = ZipStreams::default();
        fresh.start_tracking();
        fresh.create(1, ZipKind::Inflate { zlib_header: false });
        let c = fresh.create(2, ZipKind::Deflate { level: 3, zlib_header: true });
        fresh.end(fresh.streams.keys().copied().find(|&k| k != c).expect("two streams")).expect("a stream");
        assert_eq!(x.hash(), fresh.hash());
        x.rollback(&m);
        assert_eq!(x.hash(), before_reset);
        assert!(x.run(a1, b"", &mut out, 0).is_ok(), "the ended stream is back");
    }

    #[test]
    fn corrupt_input_is_an_outcome_and_replays() {
        let mut z = ZipStreams::default();
        z.start_tracking();
        let h = z.create(1, ZipKind::Inflate { zlib_header: true });
        let m = z.mark();
        let mut out = [0u8; 16];
        let bad = z.run(h, &[0xff, 0xff, 0xff, 0xff], &mut out, 0).expect("a stream");
        assert!(bad.error.is_some());
        let m2 = z.mark();
        z.run(h, &[1], &mut out, 0).expect("a stream");
        z.rollback(&m2);
        assert!(z.run(h, &[1], &mut out, 0).is_ok(), "the log with the error replays");
        z.rollback(&m);
        assert_eq!(z.set_level(h, 1), Ok(false), "an inflater has no level");
    }

    #[test]
    fn streams_used_before_tracking_cannot_be_rebuilt() {
        let mut z = ZipStreams::default();
        let h = z.create(1, ZipKind::Deflate { level: -1, zlib_header: true });
        let mut out = [0u8; 64];
        z.run(h, b"abc", &mut out, 0).expect("a stream");
        z.start_tracking();
        let m = z.mark();
        z.run(h, b"def", &mut out, 0).expect("a stream");
        z.rollback(&m);
        assert_eq!(z.run(h, b"def", &mut out, 0), Err(ZipError::Unlogged(h)));
    }
}
