//! Byte access to off-heap memory (`Unsafe.allocateMemory` blocks) for the I/O
//! natives: direct buffers, `NativeBuffer` paths, `iovec` arrays.
//!
//! The file natives read and write raw memory only through these functions, which go
//! through the vm's off-heap API (`native_memory/mod.rs`): journaled, hashed and
//! recorded as accesses under the model checker. An access outside an allocated block
//! is a checker failure naming the address, never a silent zero.

use crate::error::VmError;
use crate::native::Unwind;
use crate::vm::Vm;

/// `len` bytes at `addr`.
pub(crate) fn read_raw(vm: &mut Vm, addr: u64, len: usize) -> Result<Vec<u8>, Unwind> {
    let mut out = vec![0u8; len];
    if len > 0 {
        vm.native_read(addr, &mut out)?;
    }
    Ok(out)
}

/// Writes `bytes` at `addr`.
pub(crate) fn write_raw(vm: &mut Vm, addr: u64, bytes: &[u8]) -> Result<(), Unwind> {
    if bytes.is_empty() {
        return Ok(());
    }
    vm.native_write(addr, bytes)
}

/// The NUL-terminated string at `addr` (without the NUL), at most `PATH_MAX` bytes.
pub(crate) fn read_c_string(vm: &mut Vm, addr: u64) -> Result<Vec<u8>, Unwind> {
    let mut out = Vec::new();
    for k in 0..libc::PATH_MAX as u64 {
        match read_raw(vm, addr + k, 1)?[0] {
            0 => return Ok(out),
            b => out.push(b),
        }
    }
    Err(Unwind::Fatal(VmError::Unsupported(format!("native string at 0x{addr:x} longer than PATH_MAX"))))
}

/// A little-endian `u64` at `addr` (an `iovec` field).
pub(crate) fn read_u64(vm: &mut Vm, addr: u64) -> Result<u64, Unwind> {
    let b = read_raw(vm, addr, 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(&b);
    Ok(u64::from_le_bytes(a))
}

/// A new block of off-heap memory holding `bytes`; returns its address.
pub(crate) fn alloc_raw(vm: &mut Vm, bytes: &[u8]) -> Result<u64, Unwind> {
    let addr = vm.native_allocate(bytes.len() as u64);
    write_raw(vm, addr, bytes)?;
    Ok(addr)
}

/// Frees the block at `addr` (from [`alloc_raw`]).
pub(crate) fn free_raw(vm: &mut Vm, addr: u64) -> Result<(), Unwind> {
    vm.native_free(addr)
}
