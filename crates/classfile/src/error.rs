//! Errors of class-path lookup and class-file parsing.

use std::path::PathBuf;

/// A class file that cannot be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClassFormatError {
    /// The bytes are not a well-formed class file.
    #[error("malformed class file {origin}: {reason}")]
    Malformed {
        /// where the bytes came from
        origin: String,
        /// what is wrong
        reason: String,
    },
    /// The class file declares a different name than the one looked up.
    #[error("class file {origin} declares class {found}, expected {expected}")]
    WrongName {
        /// where the bytes came from
        origin: String,
        /// expected internal name
        expected: String,
        /// declared internal name
        found: String,
    },
    /// The class-file version is newer than this vm supports.
    #[error("class file {origin} has unsupported version {major}.{minor} (jvmc supports up to 61, Java 17)")]
    UnsupportedVersion {
        /// where the bytes came from
        origin: String,
        /// major version
        major: u16,
        /// minor version
        minor: u16,
    },
}

/// A failure to read a class-path entry.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClassPathError {
    /// An entry could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// the file or directory
        path: PathBuf,
        /// the cause
        source: std::io::Error,
    },
    /// A jar is not a valid zip archive, or a member cannot be decompressed.
    #[error("malformed jar {path}: {reason}")]
    BadJar {
        /// the jar
        path: PathBuf,
        /// what is wrong
        reason: String,
    },
    /// The JDK runtime image is malformed.
    #[error("malformed JDK runtime image {path}: {reason}")]
    BadImage {
        /// the `lib/modules` file
        path: PathBuf,
        /// what is wrong
        reason: String,
    },
    /// No JDK could be found.
    #[error("no JDK found: {0}")]
    NoJdk(String),
}
