//! Linux error numbers that the library shims and the synchronisation semantics return
//! (those only files and sockets return are in `os`).

pub(crate) const EPERM: u64 = 1;
pub(crate) const ESRCH: u64 = 3;
pub const EAGAIN: u64 = 11;
pub(crate) const EBUSY: u64 = 16;
pub const EINVAL: u64 = 22;
pub(crate) const ERANGE: u64 = 34;
pub(crate) const EDEADLK: u64 = 35;
pub(crate) const ETIMEDOUT: u64 = 110;
