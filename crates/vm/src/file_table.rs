//! The open-file table: the files and directory streams the program opened, by
//! handle (`FIRST_HANDLE + slot`, the number a `FileDescriptor.fd` or a directory
//! stream's `long` holds; the lowest free slot is reused, as POSIX reuses the lowest
//! free descriptor).
//!
//! Under `jvmc run` an entry holds the real file and the operating system keeps its
//! position. Under `jvmc check` the file system is input that backtracking cannot
//! undo, so a file opened there is read whole into a snapshot at open and read from
//! the snapshot; its position, like every slot of the table, is program state —
//! journaled on its first change in an epoch (`check/journal.rs`) and hashed into the
//! fingerprint and the exact encoding (`check/fingerprint.rs`, via
//! [`Vm::write_file_table`]). Standard input is treated the same way: under the model
//! checker it is read whole at the first read and consumed at a journaled position.
//! Natives refuse every file-system write under the model
//! checker before they get here ([`Vm::refuse_fs_write`]); the table never writes to a
//! snapshot.
//!
//! This module owns the table and the host calls behind it. It does not know Java
//! objects: natives (`native/java_io/`, `native/sun_nio_fs/`, `native/sun_nio_ch.rs`)
//! turn Java arguments into handles and errno values into exceptions.

use std::ffi::CString;
use std::fs::{File, Metadata};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::FileExt;
use std::os::unix::io::FromRawFd;
use std::path::Path;
use std::rc::Rc;

use xxhash_rust::xxh3::xxh3_128;

use crate::check::journal::VmUndo;
use crate::error::VmError;
use crate::native::Unwind;
use crate::thread::ThreadStack;
use crate::vm::Vm;

/// Handle of slot 0 (handles below it are the standard streams 0–2 or invalid).
pub(crate) const FIRST_HANDLE: i64 = 1000;

/// The stable id of the open-file table as a location of the model checker: every
/// native that opens, closes, reads, moves or queries an entry of the table is a
/// scheduling point writing it (see [`touches_file_table`]), so any two such
/// operations of different threads are dependent. Coarse, but sound: positions, slot
/// reuse and close-versus-read races all order correctly.
pub(crate) const FILE_TABLE_SID: u64 = 0x4649_4c45_5441_424c;

/// Whether native `class.name` uses the open-file table (opens, closes, reads, writes,
/// seeks or queries an open file or directory stream).
pub(crate) fn touches_file_table(class: &str, name: &str) -> bool {
    match class {
        "java/io/FileInputStream" | "java/io/FileOutputStream" | "java/io/RandomAccessFile" => name != "initIDs",
        "java/io/FileDescriptor" => matches!(name, "close0" | "sync"),
        "java/io/FileCleanable" => name == "cleanupClose0",
        "sun/nio/fs/UnixNativeDispatcher" => {
            matches!(name, "open0" | "close0" | "opendir0" | "readdir" | "closedir" | "fstat" | "read" | "write" | "futimes" | "futimens" | "fchmod" | "fchown")
        }
        "sun/nio/fs/UnixCopyFile" => name == "transfer",
        "sun/nio/ch/FileDispatcherImpl" => !matches!(name, "init" | "canTransferToFromOverlappedMap0"),
        "sun/nio/ch/FileChannelImpl" => matches!(name, "transferTo0" | "map0"),
        "sun/nio/ch/FileKey" => name == "init",
        _ => false,
    }
}

/// An errno value (`libc::ENOENT`, ...).
pub(crate) type Errno = i32;

/// The errno of an I/O error (`EIO` when the error has none).
pub(crate) fn errno_of(e: &std::io::Error) -> Errno {
    e.raw_os_error().unwrap_or(libc::EIO)
}

/// What an entry reads from.
#[derive(Clone, Debug)]
pub(crate) enum Content {
    /// `jvmc run`: the real file; the operating system keeps the position
    Host(Rc<File>),
    /// `jvmc check`: the file's bytes at open (a directory opened as a file has none
    /// and fails reads with `EISDIR`)
    Snapshot {
        /// the bytes
        bytes: Rc<[u8]>,
        /// whether the file is a directory
        is_dir: bool,
    },
    /// a directory stream: the entry names (without `.` and `..`) at open
    Directory(Rc<[Box<[u8]>]>),
}

/// One open file or directory stream.
#[derive(Clone, Debug)]
pub(crate) struct OpenFile {
    /// what it reads from
    pub(crate) content: Content,
    /// the position of a snapshot, or the next entry of a directory stream
    pub(crate) position: u64,
    /// the file's attributes at open (answers `fstat` on a snapshot)
    pub(crate) metadata: Option<Rc<Metadata>>,
    /// hash of the path, the attributes at open and the contents (snapshots and
    /// directory streams; part of the state fingerprint)
    pub(crate) identity: u128,
    /// opened for reading
    pub(crate) readable: bool,
    /// opened for writing
    pub(crate) writable: bool,
}

/// A slot of the table with its journal epoch.
#[derive(Clone, Debug, Default)]
pub(crate) struct Slot {
    pub(crate) file: Option<OpenFile>,
    pub(crate) epoch: u32,
}

/// The open-file table.
#[derive(Debug, Default)]
pub(crate) struct FileTable {
    pub(crate) slots: Vec<Slot>,
    /// `jvmc check`: all of this process's standard input, read at the first read
    /// (permanent: input, the same on every explored path)
    stdin: Option<Rc<[u8]>>,
    /// `jvmc check`: how much of `stdin` the program has read (state)
    pub(crate) stdin_position: u64,
    stdin_epoch: u32,
}

fn slot_of(handle: i64) -> Option<usize> {
    usize::try_from(handle.checked_sub(FIRST_HANDLE)?).ok()
}

/// A path as a C string (`EINVAL` for an interior NUL, which `UnixPath` never lets
/// through).
pub(crate) fn c_path(path: &[u8]) -> Result<CString, Errno> {
    CString::new(path).map_err(|_| libc::EINVAL)
}

impl Vm {
    /// Whether the model checker is running (file-system writes are refused).
    pub(crate) fn checking(&self) -> bool {
        self.check.is_some()
    }

    /// Under the model checker: the error that refuses a file-system write, naming
    /// the Java call the program made (the outermost JDK frame above the program's
    /// own code) and the native with its arguments (`what`). `Ok` when just running.
    pub(crate) fn refuse_fs_write(&self, ts: &ThreadStack, what: impl FnOnce() -> String) -> Result<(), Unwind> {
        if !self.checking() {
            return Ok(());
        }
        let call = crate::native::api_call(self, ts);
        Err(Unwind::Fatal(VmError::FileSystemWrite { call, native: what() }))
    }

    fn file_slot(&self, handle: i64) -> Option<&OpenFile> {
        slot_of(handle).and_then(|i| self.files.slots.get(i)).and_then(|s| s.file.as_ref())
    }

    /// An open entry for changing it (journaled under the model checker).
    fn file_slot_mut(&mut self, handle: i64) -> Option<&mut OpenFile> {
        let i = slot_of(handle)?;
        self.files.slots.get(i)?.file.as_ref()?;
        self.journal_slot(i);
        self.files.slots[i].file.as_mut()
    }

    fn journal_slot(&mut self, i: usize) {
        let Some(chk) = self.check.as_mut() else { return };
        let slot = &mut self.files.slots[i];
        if slot.epoch != chk.epoch {
            chk.journal.push(VmUndo::FileSlot(i, slot.clone()));
            slot.epoch = chk.epoch;
        }
    }

    /// Puts `f` into the lowest free slot; returns its handle.
    fn insert_file(&mut self, f: OpenFile) -> i64 {
        let i = match self.files.slots.iter().position(|s| s.file.is_none()) {
            Some(i) => {
                self.journal_slot(i);
                i
            }
            None => {
                let n = self.files.slots.len();
                let epoch = match self.check.as_mut() {
                    Some(chk) => {
                        chk.journal.push(VmUndo::FileCount(n));
                        chk.epoch
                    }
                    None => 0,
                };
                self.files.slots.push(Slot { file: None, epoch });
                n
            }
        };
        self.files.slots[i].file = Some(f);
        FIRST_HANDLE + i as i64
    }

    /// `open(path, flags, mode)`: a handle, or the errno. Under the model checker the
    /// caller has refused every writing flag; the file is snapshotted, and a file that
    /// is neither regular nor a directory is an error (its contents are not input that
    /// stays the same on every path).
    pub(crate) fn open_host_file(&mut self, path: &[u8], flags: i32, mode: u32) -> Result<Result<i64, Errno>, VmError> {
        let cp = match c_path(path) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e)),
        };
        // SAFETY: `cp` is a valid NUL-terminated string; `open` has no other
        // preconditions, and the returned descriptor is owned by the `File`.
        let fd = unsafe { libc::open(cp.as_ptr(), flags | libc::O_CLOEXEC, mode as libc::c_uint) };
        if fd < 0 {
            return Ok(Err(errno_of(&std::io::Error::last_os_error())));
        }
        // SAFETY: `fd` was just opened and nothing else owns it.
        let mut file = unsafe { File::from_raw_fd(fd) };
        let readable = flags & libc::O_ACCMODE != libc::O_WRONLY;
        let writable = flags & libc::O_ACCMODE != libc::O_RDONLY;
        if !self.checking() {
            let metadata = file.metadata().ok().map(Rc::new);
            return Ok(Ok(self.insert_file(OpenFile { content: Content::Host(Rc::new(file)), position: 0, metadata, identity: 0, readable, writable })));
        }
        if writable {
            return Err(VmError::Internal("a file was opened for writing under the model checker".into()));
        }
        let metadata = match file.metadata() {
            Ok(m) => m,
            Err(e) => return Ok(Err(errno_of(&e))),
        };
        let is_dir = metadata.is_dir();
        if !is_dir && !metadata.is_file() {
            use std::os::unix::fs::FileTypeExt;
            let t = metadata.file_type();
            let kind = if t.is_char_device() {
                "a character device"
            } else if t.is_block_device() {
                "a block device"
            } else if t.is_fifo() {
                "a pipe"
            } else {
                "a socket"
            };
            return Err(VmError::Unsupported(format!(
                "jvmc check reads only regular files and directories, and {} is {kind}: what it returns could differ between explored paths (SecureRandom, UUID.randomUUID and File.createTempFile read /dev/random or /dev/urandom)",
                String::from_utf8_lossy(path)
            )));
        }
        let mut bytes = Vec::new();
        if !is_dir {
            if let Err(e) = file.read_to_end(&mut bytes) {
                return Ok(Err(errno_of(&e)));
            }
        }
        // everything the entry can answer: the path, the attributes `fstat` returns,
        // the contents
        let mut id = path.to_vec();
        id.push(0);
        {
            use std::os::unix::fs::MetadataExt;
            let m = &metadata;
            for v in [m.dev(), m.ino(), m.mode() as u64, m.nlink(), m.uid() as u64, m.gid() as u64, m.rdev(), m.size()] {
                id.extend_from_slice(&v.to_le_bytes());
            }
            for v in [m.atime(), m.atime_nsec(), m.mtime(), m.mtime_nsec(), m.ctime(), m.ctime_nsec()] {
                id.extend_from_slice(&v.to_le_bytes());
            }
        }
        id.extend_from_slice(&bytes);
        let identity = xxh3_128(&id);
        let content = Content::Snapshot { bytes: bytes.into(), is_dir };
        Ok(Ok(self.insert_file(OpenFile { content, position: 0, metadata: Some(Rc::new(metadata)), identity, readable: true, writable: false })))
    }

    /// `opendir(path)`: a directory stream over the names the directory holds now
    /// (in the order the operating system lists them), or the errno.
    pub(crate) fn open_host_dir(&mut self, path: &[u8]) -> Result<i64, Errno> {
        let p = Path::new(std::ffi::OsStr::from_bytes(path));
        let rd = std::fs::read_dir(p).map_err(|e| errno_of(&e))?;
        let mut names: Vec<Box<[u8]>> = Vec::new();
        for e in rd {
            let e = e.map_err(|e| errno_of(&e))?;
            names.push(e.file_name().as_bytes().into());
        }
        let mut id = path.to_vec();
        for n in &names {
            id.push(0);
            id.extend_from_slice(n);
        }
        let identity = xxh3_128(&id);
        Ok(self.insert_file(OpenFile { content: Content::Directory(names.into()), position: 0, metadata: None, identity, readable: true, writable: false }))
    }

    /// The next name of a directory stream (`None` at the end).
    pub(crate) fn read_dir_entry(&mut self, handle: i64) -> Result<Option<Box<[u8]>>, Errno> {
        let f = self.file_slot_mut(handle).ok_or(libc::EBADF)?;
        let Content::Directory(names) = &f.content else { return Err(libc::EBADF) };
        let next = names.get(f.position as usize).cloned();
        if next.is_some() {
            f.position += 1;
        }
        Ok(next)
    }

    /// Closes a file or directory stream.
    pub(crate) fn close_file(&mut self, handle: i64) -> Result<(), Errno> {
        let i = slot_of(handle).filter(|&i| self.files.slots.get(i).is_some_and(|s| s.file.is_some())).ok_or(libc::EBADF)?;
        self.journal_slot(i);
        self.files.slots[i].file = None;
        Ok(())
    }

    /// Reads at the current position and advances it.
    pub(crate) fn file_read(&mut self, handle: i64, buf: &mut [u8]) -> Result<usize, Errno> {
        let f = self.file_slot_mut(handle).ok_or(libc::EBADF)?;
        if !f.readable {
            return Err(libc::EBADF);
        }
        match &f.content {
            Content::Host(file) => (&**file).read(buf).map_err(|e| errno_of(&e)),
            Content::Snapshot { bytes, is_dir } => {
                if *is_dir {
                    return Err(libc::EISDIR);
                }
                let n = read_at(bytes, f.position, buf);
                f.position += n as u64;
                Ok(n)
            }
            Content::Directory(_) => Err(libc::EBADF),
        }
    }

    /// Reads at `pos` without moving the position.
    pub(crate) fn file_pread(&self, handle: i64, buf: &mut [u8], pos: u64) -> Result<usize, Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        if !f.readable {
            return Err(libc::EBADF);
        }
        match &f.content {
            Content::Host(file) => file.read_at(buf, pos).map_err(|e| errno_of(&e)),
            Content::Snapshot { bytes, is_dir } => {
                if *is_dir {
                    return Err(libc::EISDIR);
                }
                Ok(read_at(bytes, pos, buf))
            }
            Content::Directory(_) => Err(libc::EBADF),
        }
    }

    /// The real file behind a handle, for writing (`jvmc run` only: under the model
    /// checker nothing is open for writing).
    fn host_file(&self, handle: i64, write: bool) -> Result<Rc<File>, Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Host(file) if !write || f.writable => Ok(file.clone()),
            _ => Err(libc::EBADF),
        }
    }

    /// Writes at the current position (or the end, in append mode).
    pub(crate) fn file_write(&mut self, handle: i64, bytes: &[u8]) -> Result<usize, Errno> {
        let file = self.host_file(handle, true)?;
        (&*file).write(bytes).map_err(|e| errno_of(&e))
    }

    /// Writes at `pos` without moving the position.
    pub(crate) fn file_pwrite(&mut self, handle: i64, bytes: &[u8], pos: u64) -> Result<usize, Errno> {
        let file = self.host_file(handle, true)?;
        file.write_at(bytes, pos).map_err(|e| errno_of(&e))
    }

    /// `lseek`: moves the position; returns the new one.
    pub(crate) fn file_seek(&mut self, handle: i64, to: SeekFrom) -> Result<u64, Errno> {
        let f = self.file_slot_mut(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Host(file) => (&**file).seek(to).map_err(|e| errno_of(&e)),
            Content::Snapshot { bytes, .. } => {
                let target = match to {
                    SeekFrom::Start(p) => Some(p as i128),
                    SeekFrom::Current(d) => Some(f.position as i128 + d as i128),
                    SeekFrom::End(d) => Some(bytes.len() as i128 + d as i128),
                };
                match target {
                    Some(t) if (0..=i64::MAX as i128).contains(&t) => {
                        f.position = t as u64;
                        Ok(f.position)
                    }
                    _ => Err(libc::EINVAL),
                }
            }
            Content::Directory(_) => Err(libc::EBADF),
        }
    }

    /// The current position (without changing anything).
    pub(crate) fn file_position(&self, handle: i64) -> Result<u64, Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Host(file) => (&**file).stream_position().map_err(|e| errno_of(&e)),
            Content::Snapshot { .. } => Ok(f.position),
            Content::Directory(_) => Err(libc::EBADF),
        }
    }

    /// The file's attributes now (a snapshot: at open, with its size).
    pub(crate) fn file_metadata(&self, handle: i64) -> Result<Rc<Metadata>, Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Host(file) => file.metadata().map(Rc::new).map_err(|e| errno_of(&e)),
            _ => f.metadata.clone().ok_or(libc::EBADF),
        }
    }

    /// The file's size.
    pub(crate) fn file_size(&self, handle: i64) -> Result<u64, Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Snapshot { bytes, .. } => Ok(bytes.len() as u64),
            _ => self.file_metadata(handle).map(|m| m.len()),
        }
    }

    /// `ftruncate` (`jvmc run` only).
    pub(crate) fn file_truncate(&mut self, handle: i64, len: u64) -> Result<(), Errno> {
        let file = self.host_file(handle, true)?;
        file.set_len(len).map_err(|e| errno_of(&e))
    }

    /// `fsync`/`fdatasync`; a snapshot has nothing to sync.
    pub(crate) fn file_sync(&self, handle: i64, metadata: bool) -> Result<(), Errno> {
        let f = self.file_slot(handle).ok_or(libc::EBADF)?;
        match &f.content {
            Content::Host(file) => if metadata { file.sync_all() } else { file.sync_data() }.map_err(|e| errno_of(&e)),
            _ => Ok(()),
        }
    }

    /// The real file behind a handle (`jvmc run`), for calls that need its
    /// descriptor (`futimens`, `fchmod`).
    pub(crate) fn host_file_of(&self, handle: i64) -> Result<Rc<File>, Errno> {
        self.host_file(handle, false)
    }

    /// Reads standard input. Under the model checker all of it is read at the first
    /// read and later reads come from that copy at a journaled position, so every
    /// explored path sees the same input.
    pub(crate) fn read_stdin(&mut self, buf: &mut [u8]) -> Result<usize, Errno> {
        let Some(chk) = self.check.as_mut() else { return std::io::stdin().read(buf).map_err(|e| errno_of(&e)) };
        if self.files.stdin_epoch != chk.epoch {
            chk.journal.push(VmUndo::StdinPosition(self.files.stdin_position));
            self.files.stdin_epoch = chk.epoch;
        }
        let bytes = self.stdin_snapshot()?;
        let n = read_at(&bytes, self.files.stdin_position, buf);
        self.files.stdin_position += n as u64;
        Ok(n)
    }

    /// Bytes of standard input left to read without blocking: under the model checker
    /// what remains of the copy, otherwise `FIONREAD`.
    pub(crate) fn stdin_available(&mut self) -> Result<u64, Errno> {
        if self.checking() {
            let bytes = self.stdin_snapshot()?;
            return Ok((bytes.len() as u64).saturating_sub(self.files.stdin_position));
        }
        let mut n: libc::c_int = 0;
        // SAFETY: FIONREAD stores one int through the pointer, which is valid.
        let r = unsafe { libc::ioctl(0, libc::FIONREAD, &mut n) };
        Ok(if r < 0 { 0 } else { n.max(0) as u64 })
    }

    /// All of standard input, read once per process: every vm of the process (the
    /// workers of a parallel search) sees the same input.
    fn stdin_snapshot(&mut self) -> Result<Rc<[u8]>, Errno> {
        if let Some(b) = &self.files.stdin {
            return Ok(b.clone());
        }
        static PROCESS_STDIN: std::sync::OnceLock<Result<Vec<u8>, Errno>> = std::sync::OnceLock::new();
        let bytes = PROCESS_STDIN.get_or_init(|| {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).map(|_| bytes).map_err(|e| errno_of(&e))
        });
        let b: Rc<[u8]> = bytes.clone()?.into();
        self.files.stdin = Some(b.clone());
        Ok(b)
    }

    /// Writes the table into a state encoding: each open slot's number, kind, identity
    /// and position, and how much of standard input was read. Nothing when no file is
    /// open and no input was read, so programs without files keep their encodings.
    pub(crate) fn write_file_table(&self, s: &mut Vec<u8>) {
        let open = self.files.slots.iter().filter(|s| s.file.is_some()).count();
        if open == 0 && self.files.stdin_position == 0 {
            return;
        }
        s.extend_from_slice(&self.files.stdin_position.to_le_bytes());
        s.extend_from_slice(&(open as u32).to_le_bytes());
        for (i, slot) in self.files.slots.iter().enumerate() {
            let Some(f) = &slot.file else { continue };
            let kind: u8 = match f.content {
                Content::Host(_) => 0,
                Content::Snapshot { .. } => 1,
                Content::Directory(_) => 2,
            };
            s.extend_from_slice(&(i as u32).to_le_bytes());
            s.extend_from_slice(&[kind, f.readable as u8, f.writable as u8]);
            s.extend_from_slice(&f.identity.to_le_bytes());
            s.extend_from_slice(&f.position.to_le_bytes());
        }
    }
}

fn read_at(bytes: &[u8], pos: u64, buf: &mut [u8]) -> usize {
    let start = usize::try_from(pos).unwrap_or(usize::MAX).min(bytes.len());
    let n = buf.len().min(bytes.len() - start);
    buf[..n].copy_from_slice(&bytes[start..start + n]);
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_at_clamps_to_the_end() {
        let mut buf = [0u8; 4];
        assert_eq!(read_at(b"abcdef", 4, &mut buf), 2);
        assert_eq!(&buf[..2], b"ef");
        assert_eq!(read_at(b"abc", 10, &mut buf), 0);
        assert_eq!(read_at(b"abc", u64::MAX, &mut buf), 0);
    }

    #[test]
    fn handles_map_to_slots() {
        assert_eq!(slot_of(FIRST_HANDLE), Some(0));
        assert_eq!(slot_of(FIRST_HANDLE + 3), Some(3));
        assert_eq!(slot_of(2), None);
        assert_eq!(slot_of(-1), None);
    }
}
