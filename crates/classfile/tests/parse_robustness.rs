//! Robustness of the class-file reader against malformed input.
//!
//! - `parse_class` on mutated real class files (bit flips, byte/u16/u32 overwrites,
//!   insertions, deletions, truncations, constant-pool tag/length/reference
//!   overwrites, code-array, code-length and exception-table overwrites): it must
//!   return `Ok` or a `ClassFormatError`, never panic, and an `Ok` class must be
//!   internally consistent (branch/switch/handler targets and pool indices in range).
//! - every truncation of a few classes must be an error;
//! - `JImage::open` and lookups on truncated and corrupted copies of the runtime
//!   image's index;
//! - `ClassPath` with random bytes named `.jar`, truncated and corrupted jars.
//!
//! `parse_class` wraps `cafebabe` in `catch_unwind`; the tests install a panic hook that
//! records (instead of printing) panics on the test's own thread, so they can tell
//! panics caught inside `parse_class` (cafebabe's) from panics that escape (ours).
//!
//! The tests need an installed JDK and skip (with a message) without one.
//! `PROPTEST_CASES` scales the randomized tests.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::{Once, OnceLock};

use jvmc_classfile::{
    find_java_home, parse_class, ClassDef, ClassFormatError, ClassPath, ClassPathError, Insn, JImage, PoolEntry,
    SwitchTable,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::strategy::ValueTree;
use proptest::test_runner::{TestCaseError, TestRunner};

// ---------------------------------------------------------------------------
// panic capture

thread_local! {
    static CAPTURE: Cell<bool> = const { Cell::new(false) };
    static CAUGHT: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CAPTURE.with(Cell::get) {
                let loc = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
                let msg = info
                    .payload()
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| info.payload().downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                CAUGHT.with(|c| c.borrow_mut().push(format!("{loc}: {msg}")));
            } else {
                default(info)
            }
        }));
    });
}

/// Runs `f`, recording instead of printing the panics raised on this thread (caught
/// ones included). Returns `Err` if a panic escaped `f`.
fn quietly<R>(f: impl FnOnce() -> R) -> (Result<R, ()>, Vec<String>) {
    install_hook();
    CAPTURE.with(|c| c.set(true));
    let r = catch_unwind(AssertUnwindSafe(f)).map_err(|_| ());
    CAPTURE.with(|c| c.set(false));
    (r, CAUGHT.with(|c| std::mem::take(&mut *c.borrow_mut())))
}

// ---------------------------------------------------------------------------
// the corpus: 50 real class files from the JDK image

fn java_home() -> Option<PathBuf> {
    match find_java_home(None) {
        Ok(h) => Some(h),
        Err(e) => {
            eprintln!("skipping: {e}");
            None
        }
    }
}

struct Sample {
    name: String,
    bytes: Vec<u8>,
}

/// 50 java.base classes of 500 B .. 12 KB, chosen deterministically, preferring ones
/// with switches, exception handlers, invokedynamic and wide/long-offset features.
fn corpus() -> Option<&'static [Sample]> {
    static CORPUS: OnceLock<Option<Vec<Sample>>> = OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let home = java_home()?;
            let image = JImage::open(&home.join("lib").join("modules")).expect("open image");
            let mut names: Vec<_> = image.all_classes().into_iter().filter(|(m, _)| &**m == "java.base").collect();
            names.sort();
            let mut features: [Vec<Sample>; 4] = Default::default();
            for (module, name) in names {
                let Some(bytes) = image.find_resource(&format!("/{module}/{name}.class")).expect("lookup") else {
                    continue;
                };
                if !(500..=12_000).contains(&bytes.len()) {
                    continue;
                }
                let class = parse_class(bytes, &name).expect("JDK class parses");
                let codes = || class.methods.iter().filter_map(|m| m.code.as_ref());
                let kind = if codes().any(|c| !c.switches.is_empty()) {
                    0
                } else if codes().any(|c| !c.handlers.is_empty()) {
                    1
                } else if codes().any(|c| c.insns.iter().any(|i| matches!(i, Insn::Invokedynamic(_)))) {
                    2
                } else {
                    3
                };
                if features[kind].len() < 13 {
                    features[kind].push(Sample { name: name.to_string(), bytes: bytes.to_vec() });
                }
            }
            let mut all: Vec<Sample> = features.into_iter().flatten().collect();
            all.truncate(50);
            assert!(all.len() >= 40, "only {} sample classes", all.len());
            Some(all)
        })
        .as_deref()
}

// ---------------------------------------------------------------------------
// a minimal class-file layout scanner, to aim mutations at interesting fields

#[derive(Debug, Default)]
struct Layout {
    /// offset of each constant-pool entry's tag byte, and the tag
    cp: Vec<(usize, u8)>,
    codes: Vec<CodeRegion>,
}

#[derive(Debug)]
struct CodeRegion {
    /// offset of the `code_length` u4
    code_len_at: usize,
    code_start: usize,
    code_len: usize,
    /// offset of the first exception-table entry
    exc_start: usize,
    exc_count: usize,
}

struct Reader<'a> {
    b: &'a [u8],
    p: usize,
}

impl Reader<'_> {
    fn u1(&mut self) -> Option<u8> {
        let v = *self.b.get(self.p)?;
        self.p += 1;
        Some(v)
    }
    fn u2(&mut self) -> Option<u16> {
        Some(((self.u1()? as u16) << 8) | self.u1()? as u16)
    }
    fn u4(&mut self) -> Option<u32> {
        Some(((self.u2()? as u32) << 16) | self.u2()? as u32)
    }
    fn skip(&mut self, n: usize) -> Option<()> {
        (self.p + n <= self.b.len()).then(|| self.p += n)
    }
}

fn layout(b: &[u8]) -> Option<Layout> {
    let mut r = Reader { b, p: 8 };
    let count = r.u2()?;
    let mut out = Layout::default();
    let mut utf8: BTreeMap<u16, &[u8]> = BTreeMap::new();
    let mut i = 1u16;
    while i < count {
        let at = r.p;
        let tag = r.u1()?;
        out.cp.push((at, tag));
        match tag {
            1 => {
                let len = r.u2()? as usize;
                let start = r.p;
                r.skip(len)?;
                utf8.insert(i, &b[start..start + len]);
            }
            3 | 4 | 9 | 10 | 11 | 12 | 17 | 18 => r.skip(4)?,
            5 | 6 => {
                r.skip(8)?;
                i += 1;
            }
            7 | 8 | 16 | 19 | 20 => r.skip(2)?,
            15 => r.skip(3)?,
            _ => return None,
        }
        i += 1;
    }
    r.skip(6)?;
    let ifaces = r.u2()? as usize;
    r.skip(2 * ifaces)?;
    for is_method in [false, true] {
        let n = r.u2()?;
        for _ in 0..n {
            r.skip(6)?;
            let attrs = r.u2()?;
            for _ in 0..attrs {
                let name = r.u2()?;
                let len = r.u4()? as usize;
                let start = r.p;
                if is_method && utf8.get(&name) == Some(&&b"Code"[..]) {
                    let mut c = Reader { b, p: start + 4 };
                    let code_len_at = c.p;
                    let code_len = c.u4()? as usize;
                    let code_start = c.p;
                    c.skip(code_len)?;
                    let exc_count = c.u2()? as usize;
                    out.codes.push(CodeRegion { code_len_at, code_start, code_len, exc_start: c.p, exc_count });
                }
                r.skip(len)?;
            }
        }
    }
    Some(out)
}

// ---------------------------------------------------------------------------
// mutations

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    SetByte(Index, u8),
    PutU16(Index, u16),
    PutU32(Index, u32),
    Insert(Index, Vec<u8>),
    Delete(Index, u8),
    Truncate(Index),
    /// overwrite a constant-pool entry's tag
    CpTag(Index, u8),
    /// overwrite the u16 after a constant-pool tag: a Utf8 length or an index
    CpOperand(Index, u16),
    /// overwrite a byte of a method's code array (opcodes, operands, branch offsets)
    CodeByte(Index, Index, u8),
    /// overwrite a method's `code_length`
    CodeLen(Index, u32),
    /// overwrite a field of an exception-table entry (start, end, handler, catch type)
    /// with a value chosen around the code length
    Handler(Index, Index, u8, u8, u16),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let idx = any::<Index>;
    prop_oneof![
        (idx(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        (idx(), any::<u8>()).prop_map(|(i, v)| Mutation::SetByte(i, v)),
        (idx(), prop_oneof![Just(0u16), Just(1), Just(0xFFFF), Just(0x7FFF), Just(0x8000), any::<u16>()])
            .prop_map(|(i, v)| Mutation::PutU16(i, v)),
        (idx(), prop_oneof![Just(0u32), Just(0xFFFF_FFFF), Just(0x7FFF_FFFF), Just(0x8000_0000), any::<u32>()])
            .prop_map(|(i, v)| Mutation::PutU32(i, v)),
        (idx(), prop::collection::vec(any::<u8>(), 1..8)).prop_map(|(i, v)| Mutation::Insert(i, v)),
        (idx(), 1u8..16).prop_map(|(i, n)| Mutation::Delete(i, n)),
        idx().prop_map(Mutation::Truncate),
        (idx(), prop_oneof![0u8..21, any::<u8>()]).prop_map(|(i, t)| Mutation::CpTag(i, t)),
        (idx(), any::<u16>()).prop_map(|(i, v)| Mutation::CpOperand(i, v)),
        (idx(), idx(), any::<u8>()).prop_map(|(m, i, v)| Mutation::CodeByte(m, i, v)),
        (idx(), prop_oneof![Just(0u32), Just(1), Just(0xFFFF), Just(0x1_0000), any::<u32>()])
            .prop_map(|(m, v)| Mutation::CodeLen(m, v)),
        (idx(), idx(), 0u8..4, 0u8..6, any::<u16>()).prop_map(|(m, e, f, s, v)| Mutation::Handler(m, e, f, s, v)),
    ]
}

fn put(b: &mut [u8], at: usize, v: &[u8]) {
    for (k, x) in v.iter().enumerate() {
        if let Some(slot) = b.get_mut(at + k) {
            *slot = *x;
        }
    }
}

fn apply(b: &mut Vec<u8>, m: &Mutation) {
    let pos = |i: &Index, b: &Vec<u8>| if b.is_empty() { 0 } else { i.index(b.len()) };
    match m {
        Mutation::FlipBit(i, bit) if !b.is_empty() => {
            let p = pos(i, b);
            b[p] ^= 1 << bit;
        }
        Mutation::SetByte(i, v) if !b.is_empty() => {
            let p = pos(i, b);
            b[p] = *v;
        }
        Mutation::PutU16(i, v) => {
            let p = pos(i, b);
            put(b, p, &v.to_be_bytes())
        }
        Mutation::PutU32(i, v) => {
            let p = pos(i, b);
            put(b, p, &v.to_be_bytes())
        }
        Mutation::Insert(i, v) => {
            let p = i.index(b.len() + 1);
            b.splice(p..p, v.iter().copied());
        }
        Mutation::Delete(i, n) if !b.is_empty() => {
            let p = pos(i, b);
            let end = (p + *n as usize).min(b.len());
            b.drain(p..end);
        }
        Mutation::Truncate(i) => {
            let n = i.index(b.len() + 1);
            b.truncate(n);
        }
        Mutation::CpTag(i, t) => {
            if let Some(l) = layout(b).filter(|l| !l.cp.is_empty()) {
                let (at, _) = l.cp[i.index(l.cp.len())];
                b[at] = *t;
            }
        }
        Mutation::CpOperand(i, v) => {
            if let Some(l) = layout(b).filter(|l| !l.cp.is_empty()) {
                let (at, _) = l.cp[i.index(l.cp.len())];
                put(b, at + 1, &v.to_be_bytes());
            }
        }
        Mutation::CodeByte(m, i, v) => {
            if let Some(l) = layout(b).filter(|l| !l.codes.is_empty()) {
                let c = &l.codes[m.index(l.codes.len())];
                if c.code_len > 0 {
                    b[c.code_start + i.index(c.code_len)] = *v;
                }
            }
        }
        Mutation::CodeLen(m, v) => {
            if let Some(l) = layout(b).filter(|l| !l.codes.is_empty()) {
                let at = l.codes[m.index(l.codes.len())].code_len_at;
                put(b, at, &v.to_be_bytes());
            }
        }
        Mutation::Handler(m, e, field, sel, raw) => {
            if let Some(l) = layout(b) {
                let with_handlers: Vec<_> = l.codes.iter().filter(|c| c.exc_count > 0).collect();
                if with_handlers.is_empty() {
                    return;
                }
                let c = with_handlers[m.index(with_handlers.len())];
                let len = c.code_len as u16;
                let v = match sel {
                    0 => 0,
                    1 => len,
                    2 => len.wrapping_sub(1),
                    3 => len.wrapping_add(1),
                    4 => len / 2,
                    _ => *raw,
                };
                let at = c.exc_start + 8 * e.index(c.exc_count) + 2 * *field as usize;
                put(b, at, &v.to_be_bytes());
            }
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------
// the property

/// A pool operand of an instruction, if it has one.
fn pool_operand(i: &Insn) -> Option<u16> {
    use Insn::*;
    match *i {
        Ldc(p) | Ldc2(p) | Getstatic(p) | Putstatic(p) | Getfield(p) | Putfield(p) | Invokevirtual(p)
        | Invokespecial(p) | Invokestatic(p) | Invokeinterface(p) | Invokedynamic(p) | New(p) | Anewarray(p)
        | Checkcast(p) | Instanceof(p) | Multianewarray(p, _) => Some(p),
        _ => None,
    }
}

/// The IR invariants the vm relies on.
fn check_invariants(class: &ClassDef) -> Result<(), String> {
    let pool = class.pool.len();
    for m in &class.methods {
        let Some(code) = &m.code else { continue };
        let n = code.insns.len();
        let bad = |what: String| Err(format!("{}{}: {what}", m.name, m.descriptor));
        if code.offsets.len() != n {
            return bad("offsets/insns length".into());
        }
        if !code.offsets.windows(2).all(|w| w[0] < w[1]) {
            return bad("offsets not increasing".into());
        }
        for (k, i) in code.insns.iter().enumerate() {
            if let Some(t) = i.branch_target() {
                if t as usize >= n {
                    return bad(format!("insn {k} branches to {t} of {n}"));
                }
            }
            if let Some(p) = pool_operand(i) {
                if p as usize >= pool {
                    return bad(format!("insn {k} pool index {p} of {pool}"));
                }
            }
            if let Insn::Tableswitch(s) | Insn::Lookupswitch(s) = i {
                if *s as usize >= code.switches.len() {
                    return bad(format!("insn {k} switch {s}"));
                }
            }
        }
        for s in &code.switches {
            let targets: Vec<u32> = match s {
                SwitchTable::Table { default, targets, .. } => std::iter::once(*default).chain(targets.iter().copied()).collect(),
                SwitchTable::Lookup { default, pairs } => std::iter::once(*default).chain(pairs.iter().map(|p| p.1)).collect(),
            };
            if targets.iter().any(|&t| t as usize >= n) {
                return bad("switch target out of range".into());
            }
        }
        for h in &code.handlers {
            if h.start >= h.end || h.end as usize > n || h.handler as usize >= n {
                return bad(format!("handler {h:?} with {n} insns"));
            }
            if let Some(c) = h.catch_type {
                if c as usize >= pool || !matches!(class.pool.get(c), PoolEntry::Class(_)) {
                    return bad(format!("catch type {c}"));
                }
            }
        }
        if code.lines.iter().any(|l| l.0 as usize > n) || code.local_names.iter().any(|l| l.end as usize > n) {
            return bad("line/local range out of range".into());
        }
    }
    Ok(())
}

#[derive(Debug, PartialEq)]
enum Outcome {
    Parsed,
    Rejected,
    /// rejected after a panic inside cafebabe, caught by `parse_class`
    CaughtPanic(Vec<String>),
}

/// Parses `bytes`: must not panic; an `Ok` class must satisfy the invariants; an error
/// must be a `ClassFormatError` with a message.
fn check_parse(bytes: &[u8]) -> Result<Outcome, String> {
    let (r, panics) = quietly(|| parse_class(bytes, "mutant"));
    match r {
        Err(()) => Err(format!("parse_class panicked: {panics:?}")),
        Ok(Ok(class)) => {
            if !panics.is_empty() {
                return Err(format!("parsed although a panic was caught: {panics:?}"));
            }
            check_invariants(&class)?;
            Ok(Outcome::Parsed)
        }
        Ok(Err(e)) => {
            if e.to_string().is_empty() {
                return Err("empty error message".into());
            }
            match e {
                ClassFormatError::Malformed { .. } | ClassFormatError::UnsupportedVersion { .. } => {}
                other => return Err(format!("unexpected error {other:?}")),
            }
            Ok(if panics.is_empty() { Outcome::Rejected } else { Outcome::CaughtPanic(panics) })
        }
    }
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(1500), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_classes_never_panic(class in any::<Index>(), muts in prop::collection::vec(mutation(), 1..5)) {
        let Some(corpus) = corpus() else { return Ok(()) };
        let s = &corpus[class.index(corpus.len())];
        let mut b = s.bytes.clone();
        for m in &muts {
            apply(&mut b, m);
        }
        check_parse(&b).map_err(|e| TestCaseError::fail(format!("{}: {e}", s.name)))?;
    }
}

/// The sample classes themselves parse and satisfy the invariants.
#[test]
fn samples_parse_cleanly() {
    let Some(corpus) = corpus() else { return };
    for s in corpus {
        assert_eq!(check_parse(&s.bytes), Ok(Outcome::Parsed), "{}", s.name);
        assert!(layout(&s.bytes).is_some(), "layout scanner fails on {}", s.name);
    }
}

/// Deterministic sweep reporting how the parser treats mutants, and in particular
/// which panics cafebabe raises (caught by `parse_class`).
#[test]
fn mutation_sweep_statistics() {
    let Some(corpus) = corpus() else { return };
    let mut runner = TestRunner::deterministic();
    let strat = prop::collection::vec(mutation(), 1..4);
    let (mut parsed, mut rejected, mut caught) = (0usize, 0usize, 0usize);
    let mut sites: BTreeMap<String, usize> = BTreeMap::new();
    let per_class = cases(1500) as usize / 10 + 20;
    for s in corpus {
        for _ in 0..per_class {
            let muts = strat.new_tree(&mut runner).expect("strategy").current();
            let mut b = s.bytes.clone();
            for m in &muts {
                apply(&mut b, m);
            }
            match check_parse(&b) {
                Ok(Outcome::Parsed) => parsed += 1,
                Ok(Outcome::Rejected) => rejected += 1,
                Ok(Outcome::CaughtPanic(p)) => {
                    caught += 1;
                    for site in p {
                        *sites.entry(site.split(": ").next().unwrap_or("").to_string()).or_default() += 1;
                    }
                }
                Err(e) => panic!("{} with {muts:?}: {e}", s.name),
            }
        }
    }
    eprintln!(
        "mutation sweep: {} mutants: {parsed} parsed, {rejected} rejected, {caught} rejected after a panic \
         inside cafebabe (caught by parse_class)",
        parsed + rejected + caught
    );
    for (site, n) in &sites {
        eprintln!("  cafebabe panic site {site}: {n}");
    }
    for site in sites.keys() {
        assert!(site.contains("cafebabe"), "a caught panic came from outside cafebabe: {site}");
    }
}

/// Every strict prefix of a class file is an error (and never a panic).
#[test]
fn every_truncation_is_an_error() {
    let Some(corpus) = corpus() else { return };
    let mut picked: Vec<&Sample> = corpus.iter().collect();
    picked.sort_by_key(|s| s.bytes.len());
    // the smallest class with a switch and the smallest with handlers, plus the smallest overall
    let with = |kind: fn(&ClassDef) -> bool| {
        picked.iter().copied().find(|s| kind(&parse_class(&s.bytes, &s.name).unwrap())).expect("sample kind")
    };
    let chosen = [
        picked[0],
        with(|c| c.methods.iter().filter_map(|m| m.code.as_ref()).any(|c| !c.switches.is_empty())),
        with(|c| c.methods.iter().filter_map(|m| m.code.as_ref()).any(|c| !c.handlers.is_empty())),
    ];
    let mut total = 0;
    for s in chosen {
        for len in 0..s.bytes.len() {
            total += 1;
            match check_parse(&s.bytes[..len]) {
                Ok(Outcome::Rejected | Outcome::CaughtPanic(_)) => {}
                other => panic!("{} truncated to {len} of {}: {other:?}", s.name, s.bytes.len()),
            }
        }
    }
    eprintln!("truncations: {total} prefixes of {:?}, all rejected", chosen.map(|s| &s.name));
}

/// Empty, tiny, all-zero, all-one and random-after-the-magic inputs are errors.
#[test]
fn garbage_and_degenerate_inputs() {
    let mut inputs: Vec<Vec<u8>> = vec![
        vec![],
        vec![0xCA],
        vec![0xCA, 0xFE, 0xBA, 0xBE],
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61],
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 0],
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0xFF, 0xFF],
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0xFF, 0xFF, 0xFF, 0xFF],
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 0x45, 0, 1],
        vec![0u8; 64],
        vec![0xFFu8; 64],
    ];
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for len in [1usize, 7, 8, 9, 10, 100, 1000, 10_000] {
        for _ in 0..20 {
            let mut v = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52];
            v.extend((0..len).map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            }));
            inputs.push(v);
        }
    }
    for b in &inputs {
        match check_parse(b) {
            Ok(Outcome::Rejected | Outcome::CaughtPanic(_)) => {}
            other => panic!("{:?}...: {other:?}", &b[..b.len().min(16)]),
        }
    }
    assert!(matches!(
        parse_class(&[0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 99, 0, 0], "v99"),
        Err(ClassFormatError::UnsupportedVersion { major: 99, .. })
    ));
}

// --- a hand-made class file, for exception tables cafebabe does not check -----------

/// `class T { static void m() { <code> } }` with the given exception table
/// (`start, end, handler, catch_type` where catch_type 0 or 7 = `java/lang/Throwable`).
fn tiny_class(code: &[u8], table: &[[u16; 4]]) -> Vec<u8> {
    let mut b = vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52];
    let utf8 = |b: &mut Vec<u8>, s: &str| {
        b.push(1);
        b.extend((s.len() as u16).to_be_bytes());
        b.extend(s.as_bytes());
    };
    b.extend(10u16.to_be_bytes()); // 9 entries
    utf8(&mut b, "T"); // 1
    b.extend([7, 0, 1]); // 2 Class T
    utf8(&mut b, "java/lang/Object"); // 3
    b.extend([7, 0, 3]); // 4 Class Object
    utf8(&mut b, "m"); // 5
    utf8(&mut b, "()V"); // 6
    b.extend([7, 0, 8]); // 7 Class Throwable
    utf8(&mut b, "java/lang/Throwable"); // 8
    utf8(&mut b, "Code"); // 9
    b.extend([0, 0x21, 0, 2, 0, 4, 0, 0, 0, 0]); // flags, this, super, no interfaces, no fields
    b.extend([0, 1, 0, 0x08, 0, 5, 0, 6, 0, 1, 0, 9]); // one static method m()V with one attribute: Code
    let mut attr = vec![0, 2, 0, 0];
    attr.extend((code.len() as u32).to_be_bytes());
    attr.extend(code);
    attr.extend((table.len() as u16).to_be_bytes());
    for e in table {
        for f in e {
            attr.extend(f.to_be_bytes());
        }
    }
    attr.extend([0, 0]);
    b.extend((attr.len() as u32).to_be_bytes());
    b.extend(attr);
    b.extend([0, 0]); // no class attributes
    b
}

#[test]
fn exception_table_bounds_are_checked() {
    // nop; nop; return   (offsets 0, 1, 2; code length 3)
    let code = [0x00, 0x00, 0xB1];
    let ok = tiny_class(&code, &[[0, 2, 2, 7], [0, 3, 1, 0]]);
    let class = parse_class(&ok, "T").expect("well-formed tiny class");
    let h = &class.methods[0].code.as_ref().unwrap().handlers;
    assert_eq!((h[0].start, h[0].end, h[0].handler), (0, 2, 2));
    assert_eq!((h[1].start, h[1].end, h[1].handler), (0, 3, 1));
    for (table, why) in [
        ([0, 2, 3, 0], "handler at the code length"),
        ([0, 2, 9, 0], "handler past the code"),
        ([1, 1, 0, 0], "empty range"),
        ([2, 1, 0, 0], "reversed range"),
        ([3, 3, 0, 0], "range at the code length"),
        ([0, 4, 0, 0], "end past the code"),
        ([0, 2, 0, 5], "catch type not a class"),
    ] {
        let r = check_parse(&tiny_class(&code, &[table]));
        assert!(matches!(r, Ok(Outcome::Rejected)), "{why}: {r:?}");
    }
}

// ---------------------------------------------------------------------------
// the runtime image

fn image_index(home: &Path) -> (Vec<u8>, usize) {
    let modules = std::fs::read(home.join("lib").join("modules")).expect("read image");
    let w = |i: usize| u32::from_le_bytes(modules[i * 4..i * 4 + 4].try_into().unwrap()) as usize;
    assert_eq!(w(0), 0xCAFE_DADA, "test assumes a little-endian image");
    let index_size = 28 + w(4) * 8 + w(5) + w(6);
    (modules, index_size)
}

const PROBES: [&str; 8] = [
    "java/lang/Object",
    "java/lang/String",
    "java/util/HashMap",
    "java/util/concurrent/ConcurrentHashMap",
    "sun/nio/cs/UTF_8",
    "javax/swing/JFrame",
    "no/such/Clazz",
    "Unnamed",
];

/// Opens `path` and exercises every lookup; panics are failures, errors are fine.
fn exercise_image(path: &Path) -> Result<bool, String> {
    let (r, panics) = quietly(|| {
        let img = match JImage::open(path) {
            Ok(i) => i,
            Err(ClassPathError::BadImage { .. } | ClassPathError::Io { .. }) => return false,
            Err(e) => panic!("unexpected error kind {e:?}"),
        };
        let classes = img.all_classes();
        for (module, name) in classes.iter().step_by(97).take(200) {
            let _ = img.find_resource(&format!("/{module}/{name}.class"));
        }
        for p in PROBES {
            let _ = img.find_class(p);
            let _ = img.module_of_package(p);
        }
        let _ = img.find_resource("/packages/java.lang");
        let _ = img.find_resource("");
        true
    });
    r.map_err(|()| format!("panicked: {panics:?}"))
}

#[test]
fn truncated_image_headers_are_errors() {
    let Some(home) = java_home() else { return };
    let (modules, index_size) = image_index(&home);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("modules");
    let lengths = (0..=64).chain([index_size / 2, index_size - 1]);
    for len in lengths {
        std::fs::write(&p, &modules[..len]).unwrap();
        let r = quietly(|| JImage::open(&p).map(|_| ()));
        match r {
            (Ok(Err(ClassPathError::BadImage { .. })), _) => {}
            other => panic!("image truncated to {len}: {other:?}"),
        }
    }
    // only the index, no resources: opens, but every lookup of a class is an error
    std::fs::write(&p, &modules[..index_size]).unwrap();
    let img = JImage::open(&p).expect("index-only image opens");
    assert!(img.all_classes().len() > 1000);
    assert!(matches!(img.find_class("java/lang/Object"), Err(ClassPathError::BadImage { .. })));
    assert_eq!(exercise_image(&p), Ok(true));
    // a big-endian magic with little-endian words: a bad version, not a panic
    let mut swapped = modules[..index_size].to_vec();
    swapped[..4].reverse();
    std::fs::write(&p, &swapped).unwrap();
    assert_eq!(exercise_image(&p), Ok(false));
}

#[test]
fn corrupted_image_header_words() {
    let Some(home) = java_home() else { return };
    let (modules, index_size) = image_index(&home);
    let index = &modules[..index_size];
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("modules");
    let (mut opened, mut rejected) = (0, 0);
    for word in 1..7 {
        let real = u32::from_le_bytes(index[word * 4..word * 4 + 4].try_into().unwrap());
        for v in [0, 1, 2, real.wrapping_sub(1), real.wrapping_add(1), real / 2, 0x7FFF_FFFF, 0x8000_0000, u32::MAX] {
            let mut b = index.to_vec();
            b[word * 4..word * 4 + 4].copy_from_slice(&v.to_le_bytes());
            std::fs::write(&p, &b).unwrap();
            match exercise_image(&p) {
                Ok(true) => opened += 1,
                Ok(false) => rejected += 1,
                Err(e) => panic!("header word {word} = {v:#x}: {e}"),
            }
        }
    }
    eprintln!("corrupted header words: {opened} opened, {rejected} rejected, no panics");
}

/// Random corruption of the image index (redirect table, offsets, locations, strings).
#[test]
fn corrupted_image_index() {
    let Some(home) = java_home() else { return };
    let (modules, index_size) = image_index(&home);
    let index = &modules[..index_size];
    let w = |i: usize| u32::from_le_bytes(index[i * 4..i * 4 + 4].try_into().unwrap()) as usize;
    let (table, locs, strs) = (w(4), w(5), w(6));
    // region boundaries: redirect, offsets, locations, strings
    let regions = [(28, 28 + 4 * table), (28 + 4 * table, 28 + 8 * table), (28 + 8 * table, 28 + 8 * table + locs), (
        28 + 8 * table + locs,
        28 + 8 * table + locs + strs,
    )];
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("modules");
    let mut runner = TestRunner::new(ProptestConfig { cases: cases(1500) / 30 + 8, failure_persistence: None, ..Default::default() });
    let strat = prop::collection::vec((0usize..4, any::<Index>(), any::<u32>(), 0u8..3), 1..40);
    let opened = Cell::new(0usize);
    runner
        .run(&strat, |edits| {
            let mut b = index.to_vec();
            for (region, at, v, width) in &edits {
                let (lo, hi) = regions[*region];
                let pos = lo + at.index(hi - lo);
                let bytes = v.to_le_bytes();
                let n = [1, 2, 4][*width as usize];
                put(&mut b, pos, &bytes[..n]);
            }
            std::fs::write(&p, &b).unwrap();
            match exercise_image(&p) {
                Ok(o) => {
                    opened.set(opened.get() + o as usize);
                    Ok(())
                }
                Err(e) => Err(TestCaseError::fail(e)),
            }
        })
        .unwrap();
    eprintln!("corrupted image indexes: {} opened and probed without panics", opened.get());
}

// ---------------------------------------------------------------------------
// jars on the class path

/// A jar with some JDK classes (deflated) and a manifest; returns it and the class names.
fn sample_jar() -> Option<(Vec<u8>, Vec<String>)> {
    let corpus = corpus()?;
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zw = zip::ZipWriter::new(&mut out);
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zw.start_file("META-INF/MANIFEST.MF", opts).unwrap();
    zw.write_all(b"Manifest-Version: 1.0\r\nMain-Class: p/Main\r\n\r\n").unwrap();
    let mut names = Vec::new();
    for s in corpus.iter().take(4) {
        // renamed into a package the JDK image does not have, so lookups reach the jar
        let name = format!("jartest/{}", s.name.rsplit('/').next().unwrap());
        let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        zw.start_file(format!("{name}.class"), if names.len() % 2 == 0 { opts } else { stored }).unwrap();
        zw.write_all(&s.bytes).unwrap();
        names.push(name);
    }
    zw.finish().unwrap();
    Some((out.into_inner(), names))
}

/// Builds a class path with `jar` and looks everything up; panics are failures.
fn exercise_jar(home: &Path, jar: &Path, names: &[String]) -> Result<bool, String> {
    let (r, panics) = quietly(|| {
        let cp = match ClassPath::new(home, &[jar.to_path_buf()]) {
            Ok(cp) => cp,
            Err(ClassPathError::BadJar { .. } | ClassPathError::Io { .. }) => return false,
            Err(e) => panic!("unexpected error kind {e:?}"),
        };
        for n in names.iter().map(|s| s.as_str()).chain(["jartest/Missing", "java/lang/Object"]) {
            match cp.find(n) {
                Ok(Some(found)) => {
                    // whatever bytes come out must be safe to parse
                    let _ = parse_class(&found.bytes, &found.origin.to_string());
                }
                Ok(None) | Err(ClassPathError::BadJar { .. }) => {}
                Err(e) => panic!("unexpected error kind {e:?}"),
            }
        }
        let _ = cp.find_user_resource("META-INF/MANIFEST.MF");
        true
    });
    r.map_err(|()| format!("panicked: {panics:?}"))
}

#[test]
fn random_bytes_named_jar_are_rejected() {
    let Some(home) = java_home() else { return };
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("junk.jar");
    let mut runner = TestRunner::new(ProptestConfig { cases: cases(1500) / 10 + 16, failure_persistence: None, ..Default::default() });
    runner
        .run(&prop::collection::vec(any::<u8>(), 0..4096), |bytes| {
            std::fs::write(&p, &bytes).unwrap();
            let (r, panics) = quietly(|| ClassPath::new(&home, std::slice::from_ref(&p)).map(|_| ()));
            match r {
                Ok(Err(ClassPathError::BadJar { .. })) => Ok(()),
                other => Err(TestCaseError::fail(format!("{other:?} {panics:?}"))),
            }
        })
        .unwrap();
    // an empty file and a directory-less path
    std::fs::write(&p, b"").unwrap();
    assert!(matches!(ClassPath::new(&home, std::slice::from_ref(&p)), Err(ClassPathError::BadJar { .. })));
    assert!(matches!(ClassPath::new(&home, &[dir.path().join("absent.jar")]), Err(ClassPathError::Io { .. })));
}

#[test]
fn truncated_jars_never_panic() {
    let Some(home) = java_home() else { return };
    let Some((jar, names)) = sample_jar() else { return };
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.jar");
    std::fs::write(&p, &jar).unwrap();
    assert_eq!(exercise_jar(&home, &p, &names), Ok(true));
    {
        let cp = ClassPath::new(&home, std::slice::from_ref(&p)).unwrap();
        for n in &names {
            let found = cp.find(n).unwrap().expect("class in jar");
            assert!(!found.origin.is_jdk());
            parse_class(&found.bytes, n).unwrap();
        }
    }
    let mut opened = 0;
    // every length near both ends, and a stride through the middle
    let lens: Vec<usize> =
        (0..jar.len().min(600)).chain((600..jar.len()).step_by(97)).chain(jar.len().saturating_sub(600)..jar.len()).collect();
    for &len in &lens {
        std::fs::write(&p, &jar[..len]).unwrap();
        match exercise_jar(&home, &p, &names) {
            Ok(o) => opened += o as usize,
            Err(e) => panic!("jar truncated to {len} of {}: {e}", jar.len()),
        }
    }
    eprintln!("truncated jars: {} lengths of a {}-byte jar, {opened} still opened", lens.len(), jar.len());
}

#[test]
fn corrupted_jars_never_panic() {
    let Some(home) = java_home() else { return };
    let Some((jar, names)) = sample_jar() else { return };
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("c.jar");

    // deterministic: every u32 field of the central directory and local headers set to
    // extreme values (sizes, offsets, lengths)
    let sigs = [[0x50, 0x4B, 0x01, 0x02], [0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06]];
    let headers: Vec<usize> = (0..jar.len().saturating_sub(4)).filter(|&i| sigs.iter().any(|s| jar[i..i + 4] == *s)).collect();
    assert!(headers.len() > 2 * names.len());
    let mut n = 0;
    for &h in &headers {
        for field in (4..46).step_by(2) {
            for v in [0u32, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x0001_0000] {
                let mut b = jar.clone();
                put(&mut b, h + field, &v.to_le_bytes());
                std::fs::write(&p, &b).unwrap();
                n += 1;
                if let Err(e) = exercise_jar(&home, &p, &names) {
                    panic!("header at {h}, field +{field} = {v:#x}: {e}");
                }
            }
        }
    }
    eprintln!("corrupted jar header fields: {n} variants, no panics");

    // random byte-level mutations
    let mut runner = TestRunner::new(ProptestConfig { cases: cases(1500) / 5 + 16, failure_persistence: None, ..Default::default() });
    runner
        .run(&prop::collection::vec(mutation(), 1..6), |muts| {
            let mut b = jar.clone();
            for m in &muts {
                apply(&mut b, m);
            }
            std::fs::write(&p, &b).unwrap();
            exercise_jar(&home, &p, &names).map(|_| ()).map_err(TestCaseError::fail)
        })
        .unwrap();
}

/// Location attributes carry up to 8-byte values; an image whose location of a real
/// class claims huge string offsets, resource offsets or sizes must give errors (or
/// `None`), never overflow.
#[test]
fn huge_location_attributes() {
    let Some(home) = java_home() else { return };
    let (modules, index_size) = image_index(&home);
    let index = &modules[..index_size];
    let w = |i: usize| u32::from_le_bytes(index[i * 4..i * 4 + 4].try_into().unwrap()) as usize;
    let (table, locs) = (w(4), w(5));
    let offsets_start = 28 + 4 * table;
    let locations_start = offsets_start + 4 * table;
    let strings_start = locations_start + locs;
    let string = |off: u64| -> String {
        let s = &index[strings_start + off as usize..];
        String::from_utf8_lossy(&s[..s.iter().position(|&c| c == 0).unwrap()]).into_owned()
    };
    // decode location `i`: (kind, value) pairs, and its resource name
    let decode = |i: usize| -> (usize, Vec<(u8, u64)>, usize) {
        let loc = locations_start + w(7 + table + i);
        let mut p = loc;
        let mut attrs = Vec::new();
        while index[p] > 7 {
            let (kind, len) = (index[p] >> 3, (index[p] & 7) as usize + 1);
            let v = index[p + 1..p + 1 + len].iter().fold(0u64, |a, &b| (a << 8) | b as u64);
            attrs.push((kind, v));
            p += 1 + len;
        }
        (loc, attrs, p + 1 - loc)
    };
    let name_of = |attrs: &[(u8, u64)]| -> String {
        let get = |k: u8| attrs.iter().find(|a| a.0 == k).map(|a| string(a.1)).unwrap_or_default();
        let (m, parent, base, ext) = (get(1), get(2), get(3), get(4));
        let mut n = String::new();
        if !m.is_empty() {
            n += &format!("/{m}/");
        }
        if !parent.is_empty() {
            n += &format!("{parent}/");
        }
        n += &base;
        if !ext.is_empty() {
            n += &format!(".{ext}");
        }
        n
    };
    // the first few class resources
    let victims: Vec<usize> = (0..table).filter(|&i| name_of(&decode(i).1).ends_with(".class")).take(3).collect();
    assert_eq!(victims.len(), 3);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("modules");
    let mut probes = 0;
    for &i in &victims {
        let (loc, attrs, _) = decode(i);
        let name = name_of(&attrs);
        for kind in 1u8..=7 {
            for v in [u64::MAX, u64::MAX - 7, 1 << 63, u32::MAX as u64 + 1, index_size as u64, modules.len() as u64] {
                let mut patched: Vec<(u8, u64)> = attrs.iter().copied().filter(|a| a.0 != kind).collect();
                patched.push((kind, v));
                if kind == 5 || kind == 7 {
                    // keep the resource uncompressed so the offset/size arithmetic is reached
                    patched.retain(|a| a.0 != 6);
                }
                let mut rec = Vec::new();
                for (k, val) in &patched {
                    rec.push((k << 3) | 7);
                    rec.extend(val.to_be_bytes());
                }
                rec.push(0);
                let mut b = index.to_vec();
                put(&mut b, loc, &rec);
                std::fs::write(&p, &b).unwrap();
                probes += 1;
                let (r, panics) = quietly(|| {
                    let img = JImage::open(&p).expect("header untouched");
                    let _ = img.all_classes();
                    let _ = img.find_resource(&name);
                });
                assert!(r.is_ok(), "location of {name}: attribute {kind} = {v:#x}: {panics:?}");
            }
        }
    }
    eprintln!("huge location attributes: {probes} patched images probed without panics");
}

/// Offsets of the zip64 extended-information extra fields' data (id 0x0001) in all
/// local and central headers of `jar`.
fn zip64_extras(jar: &[u8]) -> Vec<usize> {
    let le16 = |at: usize| u16::from_le_bytes([jar[at], jar[at + 1]]) as usize;
    let mut out = Vec::new();
    for h in 0..jar.len().saturating_sub(46) {
        let (name_len_at, extra_len_at, fixed) = match jar[h..h + 4] {
            [0x50, 0x4B, 0x03, 0x04] => (h + 26, h + 28, 30),
            [0x50, 0x4B, 0x01, 0x02] => (h + 28, h + 30, 46),
            _ => continue,
        };
        let mut p = h + fixed + le16(name_len_at);
        let end = (p + le16(extra_len_at)).min(jar.len());
        while p + 4 <= end {
            let (id, size) = (le16(p), le16(p + 2));
            if id == 1 {
                out.push(p + 4);
            }
            p += 4 + size;
        }
    }
    out
}

/// A jar member whose (consistent) local and central headers claim an enormous size
/// must not make the class path pre-allocate it.
#[test]
fn jar_member_claiming_huge_size() {
    let Some(home) = java_home() else { return };
    let Some(corpus) = corpus() else { return };
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zw = zip::ZipWriter::new(&mut out);
    for method in [zip::CompressionMethod::Stored, zip::CompressionMethod::Deflated] {
        let opts = zip::write::SimpleFileOptions::default().compression_method(method).large_file(true);
        zw.start_file(format!("jartest/Z{method:?}.class"), opts).unwrap();
        zw.write_all(&corpus[0].bytes).unwrap();
    }
    zw.finish().unwrap();
    let jar = out.into_inner();
    let extras = zip64_extras(&jar);
    assert!(extras.len() >= 2, "no zip64 extra fields written");
    let names = ["jartest/ZStored".to_string(), "jartest/ZDeflated".to_string()];
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("z.jar");
    std::fs::write(&p, &jar).unwrap();
    assert_eq!(exercise_jar(&home, &p, &names), Ok(true));
    for huge in [1u64 << 62, u64::MAX, 1 << 40, 0xFFFF_FFFF] {
        let mut b = jar.clone();
        // the first u64 of a zip64 extra field is the uncompressed size
        for &at in &extras {
            put(&mut b, at, &huge.to_le_bytes());
        }
        std::fs::write(&p, &b).unwrap();
        let r = exercise_jar(&home, &p, &names);
        assert!(r.is_ok(), "uncompressed size {huge:#x}: {r:?}");
    }
}

/// cafebabe 0.9 computes a `tableswitch`'s entry count as `high - low + 1` in `i32`:
/// with overflow checks (debug and test builds) a range of 2^31 or more panics inside
/// cafebabe. `parse_class` must turn that into a `ClassFormatError`.
#[test]
fn cafebabe_panic_is_contained() {
    let mut table = vec![0xAA, 0, 0, 0, 0, 0, 0, 8];
    table.extend(i32::MIN.to_be_bytes());
    table.extend(i32::MAX.to_be_bytes());
    table.push(0xB1);
    let r = check_parse(&tiny_class(&table, &[]));
    match &r {
        Ok(Outcome::CaughtPanic(p)) => assert!(p.iter().all(|m| m.contains("cafebabe")), "{p:?}"),
        Ok(Outcome::Rejected) => {} // built without overflow checks: cafebabe's own error
        other => panic!("{other:?}"),
    }
    let e = parse_class(&tiny_class(&table, &[]), "T").unwrap_err();
    assert!(matches!(e, ClassFormatError::Malformed { .. }), "{e:?}");
}

/// A `lookupswitch`/`tableswitch` whose declared entry count exceeds the code would
/// make cafebabe 0.9 pre-allocate the declared count (up to 16 GiB) before noticing
/// the code is too short, aborting the process where the allocation is refused. Our
/// bounds pre-scan (`prescan.rs`) rejects such classes before cafebabe decodes code;
/// `(ulimit -v 4000000; cargo test -p jvmc-classfile --test parse_robustness switch)`
/// shows it holds even when the allocation would be refused.
#[test]
fn switch_with_huge_declared_count() {
    // lookupswitch (opcode at 0, 3 padding bytes) with npairs = 0x7FFF_FFFF, then return
    let mut lookup = vec![0xAB, 0, 0, 0, 0, 0, 0, 8];
    lookup.extend(0x7FFF_FFFFu32.to_be_bytes());
    lookup.push(0xB1);
    // tableswitch low = 0, high = i32::MAX - 1: 2^31 - 1 jumps (8 GiB)
    let mut table = vec![0xAA, 0, 0, 0, 0, 0, 0, 8];
    table.extend(0i32.to_be_bytes());
    table.extend((i32::MAX - 1).to_be_bytes());
    table.push(0xB1);
    for code in [lookup, table] {
        let r = check_parse(&tiny_class(&code, &[]));
        assert!(matches!(r, Ok(Outcome::Rejected)), "{r:?}");
    }
}
