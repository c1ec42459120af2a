//! Byte access to off-heap memory (`Unsafe.allocateMemory` blocks) for the I/O
//! natives: direct buffers, `NativeBuffer` paths, `iovec` arrays.
//!
//! Every read and write of raw memory by the file natives goes through [`read_raw`]
//! and [`write_raw`], so how off-heap memory is stored (and journaled) is decided in
//! one place. An access outside an allocated block is a checker failure naming the
//! address, never a silent zero.

use crate::error::VmError;
use crate::vm::Vm;

fn outside(addr: u64, len: usize) -> VmError {
    VmError::Unsupported(format!("native I/O access to unallocated native memory at 0x{addr:x} ({len} bytes)"))
}

/// `len` bytes at `addr`.
pub(crate) fn read_raw(vm: &Vm, addr: u64, len: usize) -> Result<Vec<u8>, VmError> {
    if len == 0 {
        return Ok(Vec::new());
    }
    let (&base, block) = vm.native_memory.range(..=addr).next_back().ok_or_else(|| outside(addr, len))?;
    let at = (addr - base) as usize;
    block.get(at..at.checked_add(len).ok_or_else(|| outside(addr, len))?).map(<[u8]>::to_vec).ok_or_else(|| outside(addr, len))
}

/// Writes `bytes` at `addr`.
pub(crate) fn write_raw(vm: &mut Vm, addr: u64, bytes: &[u8]) -> Result<(), VmError> {
    if bytes.is_empty() {
        return Ok(());
    }
    let (&base, block) = vm.native_memory.range_mut(..=addr).next_back().ok_or_else(|| outside(addr, bytes.len()))?;
    let at = (addr - base) as usize;
    let dst = block.get_mut(at..at + bytes.len()).ok_or_else(|| outside(addr, bytes.len()))?;
    dst.copy_from_slice(bytes);
    Ok(())
}

/// The NUL-terminated string at `addr` (without the NUL), at most `PATH_MAX` bytes.
pub(crate) fn read_c_string(vm: &Vm, addr: u64) -> Result<Vec<u8>, VmError> {
    let mut out = Vec::new();
    for k in 0..libc::PATH_MAX as u64 {
        match read_raw(vm, addr + k, 1)?[0] {
            0 => return Ok(out),
            b => out.push(b),
        }
    }
    Err(VmError::Unsupported(format!("native string at 0x{addr:x} longer than PATH_MAX")))
}

/// A little-endian `u64` at `addr` (an `iovec` field).
pub(crate) fn read_u64(vm: &Vm, addr: u64) -> Result<u64, VmError> {
    let b = read_raw(vm, addr, 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(&b);
    Ok(u64::from_le_bytes(a))
}

/// A new block of off-heap memory holding `bytes`; returns its address.
pub(crate) fn alloc_raw(vm: &mut Vm, bytes: &[u8]) -> Result<u64, VmError> {
    let addr = vm.allocate_native(bytes.len());
    write_raw(vm, addr, bytes)?;
    Ok(addr)
}

/// Frees the block at `addr` (from [`alloc_raw`]).
pub(crate) fn free_raw(vm: &mut Vm, addr: u64) {
    vm.native_memory.remove(&addr);
}
