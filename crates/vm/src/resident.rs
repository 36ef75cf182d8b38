//! The memory limit (`--max-memory`): how much memory ravel holds, read from the kernel,
//! so that running out turns into a verdict `unknown (memory limit)` instead of the
//! allocator aborting the process. The kernel's count (resident set size) sees every
//! allocation, the vm's and the explorers', at the cost of a file read, so callers sample
//! it every so often rather than at every step.

/// Bytes of physical memory ravel holds now (Linux: `VmRSS` in `/proc/self/status`), if
/// known.
pub fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The default limit: half the machine's memory, leaving room for the system and the
/// compilers, and below the point where the kernel would kill ravel.
pub fn default_limit() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024 / 2)
}

/// Whether ravel holds more than `limit` bytes (false when that cannot be told).
pub fn exceeds(limit: u64) -> bool {
    resident_bytes().is_some_and(|r| r > limit)
}
