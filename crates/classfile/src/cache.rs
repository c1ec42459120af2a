//! The class-data cache: parsed [`ClassDef`]s of JDK classes, kept on disk between
//! runs (HotSpot's class-data sharing plays the same role), so start-up does not pay
//! for parsing the same JDK classes again.
//!
//! One file per JDK image, named by a hash of the image's path, size and modification
//! time and of this crate's version, under `$JVMC_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/jvmc`, else `$HOME/.cache/jvmc` (`JVMC_CACHE_DIR=` empty disables
//! it). Entries are written by whoever parsed them, atomically (temporary file and
//! rename); a missing, unreadable or corrupt cache only means parsing again.
//! Only classes of the runtime image are cached: user classes change between runs.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use crate::codec::{Reader, Writer};
use crate::ir::ClassDef;

const MAGIC: &[u8; 8] = b"JVMCCLS1";

/// The cache of one JDK image.
#[derive(Default)]
pub struct ClassCache {
    file: Option<PathBuf>,
    data: Vec<u8>,
    index: FxHashMap<Box<str>, (usize, usize)>,
    fresh: Vec<(Box<str>, Vec<u8>)>,
}

impl std::fmt::Debug for ClassCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassCache").field("file", &self.file).field("entries", &self.index.len()).finish()
    }
}

fn cache_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("JVMC_CACHE_DIR") {
        return (!d.is_empty()).then(|| PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d).join("jvmc"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("jvmc"))
}

fn read_u64(b: &[u8], p: &mut usize) -> Option<u64> {
    let v = u64::from_le_bytes(b.get(*p..*p + 8)?.try_into().ok()?);
    *p += 8;
    Some(v)
}

impl ClassCache {
    /// A cache that never hits and never writes.
    pub fn disabled() -> ClassCache {
        ClassCache::default()
    }

    /// Opens the cache for the image at `image` (its `lib/modules`).
    pub fn open(image: &Path) -> ClassCache {
        let Some(dir) = cache_dir() else { return ClassCache::disabled() };
        let Ok(meta) = std::fs::metadata(image) else { return ClassCache::disabled() };
        let mut h = rustc_hash::FxHasher::default();
        image.hash(&mut h);
        meta.len().hash(&mut h);
        meta.modified().ok().hash(&mut h);
        env!("CARGO_PKG_VERSION").hash(&mut h);
        MAGIC.hash(&mut h);
        let file = dir.join(format!("classes-{:016x}.bin", h.finish()));
        let mut cache = ClassCache { file: Some(file.clone()), ..ClassCache::default() };
        if let Ok(data) = std::fs::read(&file) {
            if let Some(index) = Self::read_index(&data) {
                cache.index = index;
                cache.data = data;
            }
        }
        cache
    }

    fn read_index(data: &[u8]) -> Option<FxHashMap<Box<str>, (usize, usize)>> {
        if data.get(..8)? != MAGIC {
            return None;
        }
        let mut p = 8;
        let count = read_u64(data, &mut p)? as usize;
        let mut index = FxHashMap::default();
        for _ in 0..count.min(data.len()) {
            let name_len = read_u64(data, &mut p)? as usize;
            let name = std::str::from_utf8(data.get(p..p + name_len)?).ok()?;
            p += name_len;
            let start = read_u64(data, &mut p)? as usize;
            let len = read_u64(data, &mut p)? as usize;
            data.get(start..start.checked_add(len)?)?;
            index.insert(name.into(), (start, len));
        }
        Some(index)
    }

    /// The cached class `name`, if present and intact.
    pub fn get(&self, name: &str) -> Option<ClassDef> {
        let &(start, len) = self.index.get(name)?;
        let def = Reader::new(self.data.get(start..start + len)?).class()?;
        (&*def.name == name).then_some(def)
    }

    /// Records a freshly parsed class for the next [`ClassCache::persist`].
    pub fn insert(&mut self, def: &ClassDef) {
        if self.file.is_none() || self.index.contains_key(&def.name) {
            return;
        }
        let mut w = Writer::default();
        w.class(def);
        self.fresh.push((def.name.clone(), w.out));
    }

    /// Writes the cache file if classes were added since it was read. Failures are
    /// ignored: the cache is an optimisation.
    pub fn persist(&mut self) {
        let Some(file) = self.file.clone() else { return };
        if self.fresh.is_empty() {
            return;
        }
        let mut entries: Vec<(&str, &[u8])> = self.index.iter().map(|(n, &(s, l))| (&**n, &self.data[s..s + l])).collect();
        entries.extend(self.fresh.iter().map(|(n, b)| (&**n, &b[..])));
        entries.sort_by(|a, b| a.0.cmp(b.0));
        let header: usize = 16 + entries.iter().map(|(n, _)| 24 + n.len()).sum::<usize>();
        let mut out = Vec::with_capacity(header + entries.iter().map(|e| e.1.len()).sum::<usize>());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        let mut at = header;
        for (n, b) in &entries {
            out.extend_from_slice(&(n.len() as u64).to_le_bytes());
            out.extend_from_slice(n.as_bytes());
            out.extend_from_slice(&(at as u64).to_le_bytes());
            out.extend_from_slice(&(b.len() as u64).to_le_bytes());
            at += b.len();
        }
        for (_, b) in &entries {
            out.extend_from_slice(b);
        }
        let Some(dir) = file.parent() else { return };
        if std::fs::create_dir_all(dir).is_err() {
            return;
        }
        let tmp = dir.join(format!(".{}.{}.tmp", file.file_name().and_then(|f| f.to_str()).unwrap_or("cache"), std::process::id()));
        if std::fs::write(&tmp, &out).is_ok() && std::fs::rename(&tmp, &file).is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        self.fresh.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips_real_jdk_classes() {
        let home = crate::find_java_home(None).expect("a JDK");
        let image = crate::JImage::open(&home.join("lib").join("modules")).expect("image");
        let classes = image.all_classes();
        // a spread of classes through the image, not just the first package
        for (_, name) in classes.iter().step_by((classes.len() / 300).max(1)) {
            let (bytes, _) = image.find_class(name).unwrap().unwrap();
            let def = crate::parse_class(bytes, name).unwrap();
            let mut w = Writer::default();
            w.class(&def);
            let back = Reader::new(&w.out).class().expect("decodes");
            assert_eq!(back, def, "{name}");
            // any truncation is rejected, never misread
            for cut in [0, 1, w.out.len() / 2, w.out.len() - 1] {
                assert!(Reader::new(&w.out[..cut]).class().is_none());
            }
        }
    }
}
