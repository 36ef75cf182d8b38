//! Linux error numbers (x86_64 values), the one table every model returns them from: the
//! synchronisation semantics, the library shims and the operating system (`os`).

pub(crate) const EPERM: u64 = 1;
pub(crate) const ENOENT: u64 = 2;
pub(crate) const ESRCH: u64 = 3;
pub(crate) const EBADF: u64 = 9;
pub(crate) const EAGAIN: u64 = 11;
pub(crate) const ENOMEM: u64 = 12;
pub(crate) const EACCES: u64 = 13;
pub(crate) const EBUSY: u64 = 16;
pub(crate) const EEXIST: u64 = 17;
pub(crate) const ENOTDIR: u64 = 20;
pub(crate) const EISDIR: u64 = 21;
pub(crate) const EINVAL: u64 = 22;
pub(crate) const EMFILE: u64 = 24;
pub(crate) const ENOTTY: u64 = 25;
pub(crate) const EFBIG: u64 = 27;
pub(crate) const ESPIPE: u64 = 29;
pub(crate) const EPIPE: u64 = 32;
pub(crate) const ERANGE: u64 = 34;
pub(crate) const EDEADLK: u64 = 35;
pub(crate) const ENAMETOOLONG: u64 = 36;
pub(crate) const ENOTEMPTY: u64 = 39;
pub(crate) const ENOTSOCK: u64 = 88;
pub(crate) const EAFNOSUPPORT: u64 = 97;
pub(crate) const EADDRINUSE: u64 = 98;
pub(crate) const EISCONN: u64 = 106;
pub(crate) const ENOTCONN: u64 = 107;
pub(crate) const ETIMEDOUT: u64 = 110;
pub(crate) const ECONNREFUSED: u64 = 111;
