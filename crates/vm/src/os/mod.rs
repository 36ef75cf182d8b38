//! The operating system a program sees, independent of the C ABI: a virtual clock, an
//! in-memory file system with file descriptors and pipes, signal dispositions and
//! resource limits. Everything here is part of the machine's state (cloned with it,
//! hashed into fingerprints), so executions and witnesses are deterministic.
//! `shims::posix` decodes the ABI and calls these.

mod dir;
mod epoll;
mod fd;
mod fs;
mod net;
mod path;
mod signal;

pub use dir::{At, Unresolved};
pub use epoll::{epoll_key, CtlError, Epoll};
pub use fd::{FdTable, Ready};
/// epoll flags and operations the ABI needs.
pub mod epoll_consts {
    pub use super::epoll::EPOLL_CTL_DEL;
}
pub use fs::{open_regular, read_regular, FileContents, FileSpec, Fs, Node};
pub use net::{Addr, Connected, Peer, Script, Waiting};
/// Socket families the ABI needs.
pub mod net_consts {
    pub use super::net::{AF_INET, AF_INET6, AF_UNIX};
}
pub use signal::{Action, Signals};
/// Flags and sizes of descriptors the ABI needs.
pub mod fd_consts {
    pub use super::fd::{O_APPEND, O_NONBLOCK, O_RDWR, O_WRONLY};
}
/// Signal numbers and flags the ABI needs.
pub mod signal_consts {
    pub use super::signal::{bit, Disposition, NSIG, SIGKILL, SIGPIPE, SIGSTOP};
}

/// Base of the synchronisation keys of OS objects: far above every address the memory
/// model hands out, so they never meet a program object in `Loc::Sync`.
const KEY_BASE: u64 = 0xffff_f000_0000_0000;
/// The key of the clock (reads advance it, so they conflict).
pub const CLOCK_KEY: u64 = KEY_BASE;
/// The key of the descriptor table and the file names (which descriptor `open` returns,
/// which names exist).
pub const TABLE_KEY: u64 = KEY_BASE + 1;
/// The key of the signal dispositions and masks.
pub const SIGNAL_KEY: u64 = KEY_BASE + 2;

/// The key of file-system node `ino` (its contents, pipe buffer, reader/writer counts).
pub fn node_key(ino: u32) -> u64 {
    KEY_BASE + 0x1000 + ino as u64
}

/// Virtual time starts at 2023-11-14 22:13:20 UTC, whatever the host clock says.
pub const EPOCH_NS: u64 = 1_700_000_000 * NS;
/// What every clock read advances virtual time by, so that loops waiting for time to pass
/// terminate.
pub const TICK_NS: u64 = 1_000;
const NS: u64 = 1_000_000_000;

/// The program's process id (`getpid`, `/proc/<pid>`): fixed, so runs replay.
pub const PROCESS_ID: u64 = 4242;

/// The host's working directory (ravel's), which the program starts in unless told
/// otherwise; `/` when it has no UTF-8 name.
pub fn host_cwd() -> String {
    std::env::current_dir().ok().and_then(|d| d.to_str().map(String::from)).unwrap_or_else(|| "/".into())
}

/// The process: everything the kernel keeps for it.
#[derive(Clone, Debug, Hash)]
pub struct Os {
    /// Virtual real time in nanoseconds since the Unix epoch; monotonic clocks count from
    /// [`EPOCH_NS`].
    pub now_ns: u64,
    pub fs: Fs,
    pub fds: FdTable,
    pub signals: Signals,
    /// `setrlimit` values by resource: (soft, hard).
    pub rlimits: Vec<(u32, u64, u64)>,
    /// Address of `main`'s `envp` array (what `getenv` searches).
    pub envp: u64,
    /// Anonymous mappings by address: their length.
    pub mapped: std::collections::BTreeMap<u64, u64>,
    /// The next ephemeral port (0: none handed out yet).
    pub next_port: u16,
    /// How many of the scripted peer's connections have been made (or queued at a
    /// listening socket).
    pub peer_made: u32,
    /// epoll instances by the index of their description.
    pub epolls: std::collections::BTreeMap<u32, Epoll>,
    /// Instances whose ready list an operation changed, until the ABI logs their events
    /// (empty between operations).
    pub woken: Vec<u32>,
}

impl Os {
    /// A fresh process with stdin, stdout and stderr open, the files of `specs` and the
    /// working directory `cwd` (absolute).
    pub fn new(specs: &[FileSpec], cwd: &str) -> Os {
        Os {
            now_ns: EPOCH_NS,
            fs: Fs::new(specs, cwd),
            fds: FdTable::with_std_streams(),
            signals: Signals::default(),
            rlimits: Vec::new(),
            envp: 0,
            mapped: Default::default(),
            next_port: 0,
            peer_made: 0,
            epolls: Default::default(),
            woken: Vec::new(),
        }
    }

    /// Advances the clock by `ns` and returns the new time.
    pub fn advance(&mut self, ns: u64) -> u64 {
        self.now_ns = self.now_ns.saturating_add(ns);
        self.now_ns
    }

    /// The soft and hard limit of resource `r` (Linux numbering).
    pub fn rlimit(&self, r: u32) -> (u64, u64) {
        if let Some(&(_, s, h)) = self.rlimits.iter().find(|l| l.0 == r) {
            return (s, h);
        }
        match r {
            RLIMIT_STACK => (8 << 20, u64::MAX),
            RLIMIT_CORE => (0, u64::MAX),
            RLIMIT_NOFILE => (1024, 4096),
            _ => (u64::MAX, u64::MAX),
        }
    }

    /// The most descriptors the program may hold (`RLIMIT_NOFILE`).
    pub fn max_fds(&self) -> usize {
        self.rlimit(RLIMIT_NOFILE).0.min(1 << 16) as usize
    }
}

pub const RLIMIT_STACK: u32 = 3;
pub const RLIMIT_CORE: u32 = 4;
pub const RLIMIT_NOFILE: u32 = 7;
