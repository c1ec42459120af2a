//! The class path: where class bytes come from.
//!
//! Entries are searched in order: the JDK runtime image first (the boot class path),
//! then the user's directories and jars, as `java -cp` does. A lookup returns the raw
//! bytes and their [`Origin`]; parsing is [`crate::parse_class`]'s business.

use std::borrow::Cow;
use std::cell::RefCell;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::cache::ClassCache;
use crate::error::ClassPathError;
use crate::ir::ClassDef;
use crate::jimage::JImage;

/// Where a class's bytes were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// the JDK runtime image, in the named module
    Jdk {
        /// module name, e.g. `java.base`
        module: Box<str>,
    },
    /// a user class-path directory or jar
    User {
        /// the class file or `jar!/member` path, for messages
        location: Box<str>,
    },
}

impl Origin {
    /// Whether the class belongs to the JDK (boot class path).
    pub fn is_jdk(&self) -> bool {
        matches!(self, Origin::Jdk { .. })
    }
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Jdk { module } => write!(f, "jrt:/{module}"),
            Origin::User { location } => write!(f, "{location}"),
        }
    }
}

/// Class bytes and where they came from.
#[derive(Debug)]
pub struct ClassBytes<'a> {
    /// the class file
    pub bytes: Cow<'a, [u8]>,
    /// its origin
    pub origin: Origin,
}

struct Jar {
    path: PathBuf,
    archive: RefCell<zip::ZipArchive<File>>,
}

enum Entry {
    Dir(PathBuf),
    Jar(Jar),
}

/// The JDK image plus the user class path.
pub struct ClassPath {
    jdk: JImage,
    user: Vec<Entry>,
    cache: ClassCache,
}

impl std::fmt::Debug for ClassPath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClassPath").field("jdk", &self.jdk.path()).finish_non_exhaustive()
    }
}

impl ClassPath {
    /// A class path over the JDK at `java_home` and the user entries (directories or
    /// jars, in search order).
    pub fn new(java_home: &Path, user: &[PathBuf]) -> Result<ClassPath, ClassPathError> {
        let jdk = JImage::open(&java_home.join("lib").join("modules"))?;
        let mut entries = Vec::new();
        for p in user {
            let meta = std::fs::metadata(p).map_err(|source| ClassPathError::Io { path: p.clone(), source })?;
            if meta.is_dir() {
                entries.push(Entry::Dir(p.clone()));
            } else {
                let file = File::open(p).map_err(|source| ClassPathError::Io { path: p.clone(), source })?;
                let archive = zip::ZipArchive::new(file)
                    .map_err(|e| ClassPathError::BadJar { path: p.clone(), reason: e.to_string() })?;
                entries.push(Entry::Jar(Jar { path: p.clone(), archive: RefCell::new(archive) }));
            }
        }
        let cache = ClassCache::open(jdk.path());
        Ok(ClassPath { jdk, user: entries, cache })
    }

    /// The parsed class `internal_name` from the class-data cache (JDK classes only).
    pub fn cached(&self, internal_name: &str) -> Option<(ClassDef, Origin)> {
        let def = self.cache.get(internal_name)?;
        let package = internal_name.rfind('/').map(|i| &internal_name[..i])?;
        let module = self.jdk.module_of_package(package).ok()??;
        Some((def, Origin::Jdk { module }))
    }

    /// Remembers a parsed JDK class for the class-data cache.
    pub fn remember(&mut self, def: &ClassDef) {
        self.cache.insert(def);
    }

    /// Writes newly parsed JDK classes to the class-data cache.
    pub fn persist_cache(&mut self) {
        self.cache.persist();
    }

    /// The JDK runtime image.
    pub fn jdk(&self) -> &JImage {
        &self.jdk
    }

    /// Finds the class file of `internal_name` (`java/lang/String`).
    pub fn find(&self, internal_name: &str) -> Result<Option<ClassBytes<'_>>, ClassPathError> {
        if let Some((bytes, module)) = self.jdk.find_class(internal_name)? {
            return Ok(Some(ClassBytes { bytes: Cow::Borrowed(bytes), origin: Origin::Jdk { module } }));
        }
        let member = format!("{internal_name}.class");
        for e in &self.user {
            match e {
                Entry::Dir(d) => {
                    let p = d.join(&member);
                    match std::fs::read(&p) {
                        Ok(bytes) => {
                            return Ok(Some(ClassBytes {
                                bytes: Cow::Owned(bytes),
                                origin: Origin::User { location: p.display().to_string().into() },
                            }))
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                        Err(source) => return Err(ClassPathError::Io { path: p, source }),
                    }
                }
                Entry::Jar(j) => {
                    let mut archive = j.archive.borrow_mut();
                    let mut file = match archive.by_name(&member) {
                        Ok(f) => f,
                        Err(zip::result::ZipError::FileNotFound) => continue,
                        Err(e) => return Err(ClassPathError::BadJar { path: j.path.clone(), reason: e.to_string() }),
                    };
                    // the size is the archive's claim (up to 2^64 in zip64): pre-allocate
                    // no more than a plausible class file
                    let mut bytes = Vec::with_capacity(file.size().min(1 << 20) as usize);
                    file.read_to_end(&mut bytes)
                        .map_err(|e| ClassPathError::BadJar { path: j.path.clone(), reason: format!("{member}: {e}") })?;
                    return Ok(Some(ClassBytes {
                        bytes: Cow::Owned(bytes),
                        origin: Origin::User { location: format!("{}!/{member}", j.path.display()).into() },
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Reads a resource (`java/lang/uniName.dat`) from the runtime image (in the module
    /// that holds its package) or else the user class path.
    pub fn find_resource(&self, name: &str) -> Result<Option<Vec<u8>>, ClassPathError> {
        if let Some(package) = name.rfind('/').map(|i| &name[..i]) {
            if let Some(module) = self.jdk.module_of_package(package)? {
                if let Some(b) = self.jdk.find_resource(&format!("/{module}/{name}"))? {
                    return Ok(Some(b.to_vec()));
                }
            }
        }
        self.find_user_resource(name)
    }

    /// Reads a resource (not a class) from the user class path, e.g. a jar manifest.
    pub fn find_user_resource(&self, name: &str) -> Result<Option<Vec<u8>>, ClassPathError> {
        for e in &self.user {
            match e {
                Entry::Dir(d) => {
                    if let Ok(b) = std::fs::read(d.join(name)) {
                        return Ok(Some(b));
                    }
                }
                Entry::Jar(j) => {
                    let mut archive = j.archive.borrow_mut();
                    let Ok(mut file) = archive.by_name(name) else { continue };
                    let mut bytes = Vec::new();
                    file.read_to_end(&mut bytes)
                        .map_err(|e| ClassPathError::BadJar { path: j.path.clone(), reason: format!("{name}: {e}") })?;
                    return Ok(Some(bytes));
                }
            }
        }
        Ok(None)
    }
}
