//! Reader for the JDK runtime image (`$JAVA_HOME/lib/modules`, the "jimage" format).
//!
//! The file is memory-mapped. Layout (all integers in the image's byte order, which
//! the magic `0xCAFEDADA` reveals): a 7-word header (magic, version, flags, resource
//! count, table length, locations size, strings size), a perfect-hash redirect table,
//! a location-offset table, the location attribute stream, the strings table, then the
//! resources. A name is found by hashing it (FNV-1a-like, multiplier `0x01000193`),
//! following the redirect entry, and verifying the location's reconstructed name.
//! A class's module is found through the `/packages/<package>` resource.
//!
//! This module only reads bytes out of the image; it knows nothing about class files.

use std::cell::RefCell;
use std::fs::File;
use std::path::{Path, PathBuf};

use memmap2::Mmap;
use rustc_hash::FxHashMap;

use crate::error::ClassPathError;

const MAGIC: u32 = 0xCAFE_DADA;
const HEADER_SIZE: usize = 7 * 4;
const HASH_MULTIPLIER: i32 = 0x0100_0193;

const ATTR_MODULE: usize = 1;
const ATTR_PARENT: usize = 2;
const ATTR_BASE: usize = 3;
const ATTR_EXTENSION: usize = 4;
const ATTR_OFFSET: usize = 5;
const ATTR_COMPRESSED: usize = 6;
const ATTR_UNCOMPRESSED: usize = 7;
const ATTR_COUNT: usize = 8;

/// An open runtime image.
pub struct JImage {
    path: PathBuf,
    map: Mmap,
    big_endian: bool,
    table_length: usize,
    redirect_start: usize,
    offsets_start: usize,
    locations_start: usize,
    locations_size: usize,
    strings_start: usize,
    strings_size: usize,
    index_size: usize,
    /// package (with `/`) -> module, cached; `None` when the package is not in the image
    modules_of_packages: RefCell<FxHashMap<Box<str>, Option<Box<str>>>>,
}

impl std::fmt::Debug for JImage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JImage").field("path", &self.path).finish_non_exhaustive()
    }
}

/// The hash the image's perfect-hash table is built with.
fn image_hash(name: &[u8], seed: i32) -> i32 {
    let mut h = seed;
    for &b in name {
        h = h.wrapping_mul(HASH_MULTIPLIER) ^ (b as i32);
    }
    h & 0x7FFF_FFFF
}

impl JImage {
    /// Opens and validates the image at `path`.
    pub fn open(path: &Path) -> Result<JImage, ClassPathError> {
        let bad = |reason: &str| ClassPathError::BadImage { path: path.to_path_buf(), reason: reason.to_string() };
        let file = File::open(path).map_err(|source| ClassPathError::Io { path: path.to_path_buf(), source })?;
        // SAFETY: the image is a read-only file of the installed JDK; we never write
        // through the map. A concurrent truncation by another process would be a
        // broken installation, as it would be for the JDK itself.
        let map = unsafe { Mmap::map(&file) }.map_err(|source| ClassPathError::Io { path: path.to_path_buf(), source })?;
        if map.len() < HEADER_SIZE {
            return Err(bad("file is shorter than the header"));
        }
        let le = u32::from_le_bytes([map[0], map[1], map[2], map[3]]);
        let big_endian = match le {
            MAGIC => false,
            _ if u32::from_be_bytes([map[0], map[1], map[2], map[3]]) == MAGIC => true,
            _ => return Err(bad("bad magic number")),
        };
        let word = |i: usize| -> usize {
            let b = [map[i * 4], map[i * 4 + 1], map[i * 4 + 2], map[i * 4 + 3]];
            (if big_endian { u32::from_be_bytes(b) } else { u32::from_le_bytes(b) }) as usize
        };
        let version = word(1);
        if version >> 16 != 1 {
            return Err(bad(&format!("unsupported image version {}.{}", version >> 16, version & 0xFFFF)));
        }
        let table_length = word(4);
        let locations_size = word(5);
        let strings_size = word(6);
        let redirect_start = HEADER_SIZE;
        let offsets_start = redirect_start + table_length * 4;
        let locations_start = offsets_start + table_length * 4;
        let strings_start = locations_start + locations_size;
        let index_size = strings_start + strings_size;
        if table_length == 0 || index_size > map.len() {
            return Err(bad("index tables exceed the file"));
        }
        Ok(JImage {
            path: path.to_path_buf(),
            map,
            big_endian,
            table_length,
            redirect_start,
            offsets_start,
            locations_start,
            locations_size,
            strings_start,
            strings_size,
            index_size,
            modules_of_packages: RefCell::new(FxHashMap::default()),
        })
    }

    /// The image file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn u32_at(&self, pos: usize) -> u32 {
        let b = [self.map[pos], self.map[pos + 1], self.map[pos + 2], self.map[pos + 3]];
        if self.big_endian {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        }
    }

    fn string_at(&self, offset: u64) -> Option<&[u8]> {
        // a corrupt location may claim any 8-byte offset: compare before adding
        let offset = usize::try_from(offset).ok().filter(|&o| o < self.strings_size)?;
        let start = self.strings_start + offset;
        let end_limit = self.strings_start + self.strings_size;
        let len = self.map[start..end_limit].iter().position(|&b| b == 0)?;
        Some(&self.map[start..start + len])
    }

    fn attributes(&self, location_offset: usize) -> Option<[u64; ATTR_COUNT]> {
        let mut attrs = [0u64; ATTR_COUNT];
        let mut p = self.locations_start + location_offset;
        let end = self.locations_start + self.locations_size;
        while p < end {
            let data = self.map[p];
            p += 1;
            if data <= 7 {
                return Some(attrs);
            }
            let kind = (data >> 3) as usize;
            let len = ((data & 7) + 1) as usize;
            if kind >= ATTR_COUNT || p + len > end {
                return None;
            }
            let mut v = 0u64;
            for i in 0..len {
                v = (v << 8) | self.map[p + i] as u64;
            }
            attrs[kind] = v;
            p += len;
        }
        None
    }

    fn location_name_matches(&self, attrs: &[u64; ATTR_COUNT], name: &[u8]) -> bool {
        let mut rebuilt = Vec::with_capacity(name.len());
        let part = |a: usize| self.string_at(attrs[a]).unwrap_or(b"");
        let module = part(ATTR_MODULE);
        if !module.is_empty() {
            rebuilt.push(b'/');
            rebuilt.extend_from_slice(module);
            rebuilt.push(b'/');
        }
        let parent = part(ATTR_PARENT);
        if !parent.is_empty() {
            rebuilt.extend_from_slice(parent);
            rebuilt.push(b'/');
        }
        rebuilt.extend_from_slice(part(ATTR_BASE));
        let ext = part(ATTR_EXTENSION);
        if !ext.is_empty() {
            rebuilt.push(b'.');
            rebuilt.extend_from_slice(ext);
        }
        rebuilt == name
    }

    /// The resource stored under the full image name (e.g.
    /// `/java.base/java/lang/String.class`), if present.
    pub fn find_resource(&self, name: &str) -> Result<Option<&[u8]>, ClassPathError> {
        let bytes = name.as_bytes();
        let count = self.table_length as i64;
        let slot = (image_hash(bytes, HASH_MULTIPLIER) as i64 % count) as usize;
        let redirect = self.u32_at(self.redirect_start + slot * 4) as i32;
        let index = match redirect {
            0 => return Ok(None),
            r if r < 0 => (-(r as i64) - 1) as usize,
            r => (image_hash(bytes, r) as i64 % count) as usize,
        };
        if index >= self.table_length {
            return Ok(None);
        }
        let loc = self.u32_at(self.offsets_start + index * 4) as usize;
        let Some(attrs) = self.attributes(loc) else {
            return Err(ClassPathError::BadImage { path: self.path.clone(), reason: format!("bad location for {name}") });
        };
        if !self.location_name_matches(&attrs, bytes) {
            return Ok(None);
        }
        if attrs[ATTR_COMPRESSED] != 0 {
            return Err(ClassPathError::BadImage {
                path: self.path.clone(),
                reason: format!("{name} is stored compressed (jlink --compress), which jvmc does not read"),
            });
        }
        // a corrupt location may claim any 8-byte offset and size: no overflow
        let start = (self.index_size as u64).checked_add(attrs[ATTR_OFFSET]);
        let range = start.and_then(|s| Some((s, s.checked_add(attrs[ATTR_UNCOMPRESSED])?)));
        let Some((start, end)) = range.filter(|&(_, e)| e <= self.map.len() as u64) else {
            return Err(ClassPathError::BadImage { path: self.path.clone(), reason: format!("{name} extends past the end") });
        };
        Ok(Some(&self.map[start as usize..end as usize]))
    }

    /// The module that holds `package` (internal form, `java/lang`), if any.
    pub fn module_of_package(&self, package: &str) -> Result<Option<Box<str>>, ClassPathError> {
        if let Some(m) = self.modules_of_packages.borrow().get(package) {
            return Ok(m.clone());
        }
        let dotted = package.replace('/', ".");
        let found = match self.find_resource(&format!("/packages/{dotted}"))? {
            None => None,
            Some(content) => {
                // pairs of (isEmpty, module-name string offset)
                let mut module = None;
                for pair in content.chunks_exact(8) {
                    let rd = |b: &[u8]| {
                        let a = [b[0], b[1], b[2], b[3]];
                        if self.big_endian {
                            u32::from_be_bytes(a)
                        } else {
                            u32::from_le_bytes(a)
                        }
                    };
                    if rd(&pair[0..4]) == 0 {
                        module = self.string_at(rd(&pair[4..8]) as u64).map(|s| Box::from(String::from_utf8_lossy(s).as_ref()));
                        break;
                    }
                }
                module
            }
        };
        self.modules_of_packages.borrow_mut().insert(package.into(), found.clone());
        Ok(found)
    }

    /// The class file for `internal_name` (e.g. `java/lang/String`) and its module.
    pub fn find_class(&self, internal_name: &str) -> Result<Option<(&[u8], Box<str>)>, ClassPathError> {
        let package = match internal_name.rfind('/') {
            Some(i) => &internal_name[..i],
            None => return Ok(None),
        };
        let Some(module) = self.module_of_package(package)? else { return Ok(None) };
        let name = format!("/{module}/{internal_name}.class");
        Ok(self.find_resource(&name)?.map(|b| (b, module)))
    }

    /// The service providers every module of the image declares (`provides S with
    /// P1, P2` in its `module-info`), as `(service, providers)` with internal names,
    /// sorted by module name for a deterministic order.
    pub fn service_providers(&self) -> Vec<(Box<str>, Vec<Box<str>>)> {
        let mut modules: Vec<Box<str>> = self.all_classes().into_iter().map(|(m, _)| m).collect();
        modules.sort();
        modules.dedup();
        let mut out = Vec::new();
        for m in modules {
            let Ok(Some(bytes)) = self.find_resource(&format!("/{m}/module-info.class")) else { continue };
            let Ok(Ok(cf)) = std::panic::catch_unwind(|| cafebabe::parse_class(bytes).map_err(|e| e.to_string())) else { continue };
            for a in &cf.attributes {
                if let cafebabe::attributes::AttributeData::Module(md) = &a.data {
                    for p in &md.provides {
                        out.push((
                            p.service_interface_name.as_ref().into(),
                            p.provides_with.iter().map(|w| Box::from(w.as_ref())).collect(),
                        ));
                    }
                }
            }
        }
        out
    }

    /// Every class in the image as `(module, internal name)`, in table order.
    pub fn all_classes(&self) -> Vec<(Box<str>, Box<str>)> {
        let mut out = Vec::new();
        for i in 0..self.table_length {
            let loc = self.u32_at(self.offsets_start + i * 4) as usize;
            let Some(attrs) = self.attributes(loc) else { continue };
            let part = |a: usize| String::from_utf8_lossy(self.string_at(attrs[a]).unwrap_or(b"")).into_owned();
            if part(ATTR_EXTENSION) != "class" {
                continue;
            }
            let module = part(ATTR_MODULE);
            let base = part(ATTR_BASE);
            if module.is_empty() || base == "module-info" {
                continue;
            }
            let parent = part(ATTR_PARENT);
            let name = if parent.is_empty() { base } else { format!("{parent}/{base}") };
            out.push((module.into(), name.into()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_matches_reference_values() {
        // seed-only hash of the empty string is the masked seed
        assert_eq!(image_hash(b"", HASH_MULTIPLIER), HASH_MULTIPLIER & 0x7FFF_FFFF);
        // one byte: (seed * M) ^ b
        let expect = (HASH_MULTIPLIER.wrapping_mul(HASH_MULTIPLIER) ^ b'a' as i32) & 0x7FFF_FFFF;
        assert_eq!(image_hash(b"a", HASH_MULTIPLIER), expect);
    }

    #[test]
    fn rejects_garbage() {
        let dir = std::env::temp_dir().join(format!("jvmc-jimage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("modules");
        std::fs::write(&p, b"not an image at all, longer than the header").unwrap();
        assert!(matches!(JImage::open(&p), Err(ClassPathError::BadImage { .. })));
    }
}
