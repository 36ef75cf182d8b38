//! The in-memory file system: nodes (regular files, directories, pipes, event counters,
//! the terminal) and the names of files. Regular files are seeded from the host on first
//! use of their name (a copy: the host is never written) or from `--file` / `--sym-file`.

use ravel_sym::ExprId;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::rc::Rc;
use std::sync::Arc;

/// A file the program finds at start: its name and contents.
#[derive(Clone, Debug)]
pub struct FileSpec {
    pub name: String,
    pub contents: FileContents,
    /// The host file the bytes were copied from (for witnesses).
    pub source: Option<String>,
}

/// The host's `O_NONBLOCK` (ravel runs on Linux, where it is 0o4000 on every architecture
/// ravel builds for).
const HOST_O_NONBLOCK: i32 = 0o4000;

/// Opens a host file that ravel or the program takes as input, refusing anything but a
/// regular file. It is opened without blocking: opening a FIFO for reading would wait
/// for a writer, where no signal stops ravel cleanly.
pub fn open_regular(path: &std::path::Path) -> Result<std::fs::File, String> {
    let shown = path.display();
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(HOST_O_NONBLOCK)
        .open(path)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !meta.is_file() {
        return Err(format!("{shown} is not a regular file"));
    }
    Ok(file)
}

/// Reads a host file that ravel or the program takes as input ([`open_regular`]): at most
/// `cap` bytes whatever size it reports (files under `/proc` report 0 and can be
/// endless), so no input file can exhaust memory. The error says which rule it broke.
pub fn read_regular(path: &std::path::Path, cap: u64) -> Result<Vec<u8>, String> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > cap {
        return Err(format!("{} is larger than {}", path.display(), human_size(cap)));
    }
    Ok(bytes)
}

/// `bytes` in the largest whole binary unit (`64 MiB`).
fn human_size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

impl FileSpec {
    /// Parses `NAME=PATH` (`--file`): a copy of host file PATH named NAME.
    pub fn copy_of(flag: &str) -> Result<FileSpec, String> {
        let (name, path) = flag.split_once('=').ok_or_else(|| format!("`{flag}` is not NAME=PATH"))?;
        let bytes = read_regular(path.as_ref(), MAX_HOST_FILE)?;
        Ok(FileSpec { name: name.into(), contents: FileContents::Bytes(bytes.into()), source: Some(path.into()) })
    }

    /// Parses `NAME=SIZE` (`--sym-file`): SIZE symbolic bytes named NAME.
    pub fn symbolic(flag: &str) -> Result<FileSpec, String> {
        let (name, size) = flag.split_once('=').ok_or_else(|| format!("`{flag}` is not NAME=SIZE"))?;
        let size: u64 = size
            .parse()
            .ok()
            .filter(|&s| s <= 1 << 20)
            .ok_or_else(|| format!("`{size}` is not a file size in bytes (at most 1 MiB of symbolic bytes)"))?;
        Ok(FileSpec { name: name.into(), contents: FileContents::Symbolic(size), source: None })
    }

    /// The flag that makes this file: (`--sym-file`?, value).
    pub fn flag(&self) -> (bool, String) {
        match (&self.contents, &self.source) {
            (FileContents::Symbolic(n), _) => (true, format!("{}={n}", self.name)),
            (_, Some(path)) => (false, format!("{}={path}", self.name)),
            (FileContents::Bytes(_), None) => (false, self.name.clone()),
        }
    }
}

/// The contents of a [`FileSpec`].
#[derive(Clone, Debug)]
pub enum FileContents {
    /// These bytes (a copy of a host file).
    Bytes(Arc<[u8]>),
    /// This many symbolic input bytes, made when the file is first opened.
    Symbolic(u64),
}

/// Host files larger than this are not copied in (the program then gets `EFBIG`).
pub const MAX_HOST_FILE: u64 = 64 << 20;

/// One node of the file system.
#[derive(Clone, Debug, Hash)]
pub enum Node {
    /// A regular file: its bytes and the symbolic shadows of some of them (by offset).
    File { data: Rc<Vec<u8>>, sym: Rc<BTreeMap<u64, ExprId>> },
    /// A file of `--sym-file` whose inputs are not made yet.
    Unmade { size: u64 },
    /// A directory: its entries are the names one level below its own.
    Dir,
    /// An entry of a listed host directory not copied in yet (its `d_type`): the first
    /// lookup of its name copies it (see [`Fs::lookup`]).
    Host { d_type: u8 },
    /// A pipe (or one direction of a socket pair): bytes in flight and how many open
    /// descriptions read and write it.
    Pipe { buf: VecDeque<(u8, Option<ExprId>)>, readers: u32, writers: u32 },
    /// An `eventfd` counter.
    Event { count: u64, semaphore: bool },
    /// The terminal behind stdin (always at end of file) / stdout / stderr (by stream).
    Std(u8),
    /// A socket's addresses, listening queue and options (its data flows through pipes).
    Socket(Box<super::net::Socket>),
    /// Where the program's bytes to the scripted peer go: the peer takes everything.
    Sink { received: u64 },
}

/// Bytes a pipe holds before writers block.
pub const PIPE_CAPACITY: usize = 65536;

/// Names and nodes.
#[derive(Clone, Debug, Hash)]
pub struct Fs {
    /// Nodes by absolute name (see [`super::path::resolve`]).
    pub names: BTreeMap<Vec<u8>, u32>,
    pub nodes: Vec<Node>,
    /// Names already looked up on the host (found or not), or removed: never again.
    pub looked_up: BTreeSet<Vec<u8>>,
    /// Access and modification times (ns since the epoch) that stay put, by node: those
    /// of files copied from the host (archivers keep them) and those `utimensat` set.
    /// Other nodes show the virtual clock.
    pub times: BTreeMap<u32, (u64, u64)>,
    /// Permission bits of files and directories by node (defaults in [`Fs::perm`]).
    pub perms: BTreeMap<u32, u32>,
    /// The working directory (an absolute name).
    pub cwd: Vec<u8>,
    /// The file mode creation mask.
    pub umask: u32,
    /// Host directories whose entries were made names (once: later listings see them).
    pub listed: BTreeSet<Vec<u8>>,
    /// Bytes copied from host files so far, which the memory limit counts.
    pub copied_bytes: u64,
}

/// The names of the standard streams (nodes 0, 1 and 2).
const STREAM_NAMES: [&[u8]; 3] = [b"/dev/stdin", b"/dev/stdout", b"/dev/stderr"];

/// Where the program finds its own process's files.
const PROCESS_DIR: &str = "/proc/self";

/// `path` with the other names of the program's own process directory (`/proc/thread-self`,
/// `/proc/<its pid>`) spelled `/proc/self`.
fn own_process_path(path: &[u8]) -> Vec<u8> {
    let own_pid = format!("/proc/{}", super::PROCESS_ID);
    for alias in ["/proc/thread-self", own_pid.as_str()] {
        if let Some(rest) = path.strip_prefix(alias.as_bytes()) {
            if rest.is_empty() || rest.starts_with(b"/") {
                return [PROCESS_DIR.as_bytes(), rest].concat();
            }
        }
    }
    path.to_vec()
}

/// A node copied from the host: the node, its permission bits and modification time.
type HostNode = (Node, u32, Option<u64>);

/// `d_type` values (Linux).
pub const DT_FIFO: u8 = 1;
pub const DT_DIR: u8 = 4;
pub const DT_REG: u8 = 8;
pub const DT_LNK: u8 = 10;
pub const DT_SOCK: u8 = 12;

/// Entries (name, `d_type`) of a host directory.
type HostEntries = std::sync::Arc<[(Vec<u8>, u8)]>;

/// The entries of host directory `dir`, sorted by name. Read once per
/// ravel process, so every execution of an exploration lists the same entries even when
/// the host directory changes meanwhile.
fn host_entries(dir: &str) -> HostEntries {
    use std::os::unix::ffi::OsStringExt;
    use std::os::unix::fs::FileTypeExt;
    static SEEN: std::sync::Mutex<BTreeMap<String, HostEntries>> = std::sync::Mutex::new(BTreeMap::new());
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let entries = seen.entry(dir.to_string()).or_insert_with(|| {
        let mut found: Vec<(Vec<u8>, u8)> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| {
                let t = e.file_type().ok();
                let d_type = match t {
                    Some(t) if t.is_dir() => DT_DIR,
                    Some(t) if t.is_file() => DT_REG,
                    Some(t) if t.is_symlink() => DT_LNK,
                    Some(t) if t.is_fifo() => DT_FIFO,
                    Some(t) if t.is_socket() => DT_SOCK,
                    _ => 0,
                };
                (e.file_name().into_vec(), d_type)
            })
            .collect();
        found.sort();
        found.into()
    });
    entries.clone()
}

impl Fs {
    /// The file system at start: the terminal (nodes 0..3) and the given files (named
    /// relative to `cwd`, an absolute host directory; missing directories above them are
    /// made).
    pub fn new(specs: &[FileSpec], cwd: &str) -> Fs {
        let mut fs = Fs {
            names: BTreeMap::new(),
            nodes: (0..3).map(Node::Std).collect(),
            looked_up: BTreeSet::new(),
            times: BTreeMap::new(),
            perms: BTreeMap::new(),
            cwd: super::path::resolve(b"/", cwd.as_bytes()),
            umask: 0o022,
            listed: BTreeSet::new(),
            copied_bytes: 0,
        };
        // The standard streams' own names (programs write `fopen("/dev/stdout", "w")`).
        for (ino, name) in STREAM_NAMES.iter().enumerate() {
            fs.looked_up.insert(name.to_vec());
            fs.names.insert(name.to_vec(), ino as u32);
        }
        for s in specs {
            let name = fs.resolve(s.name.as_bytes());
            fs.make_parents(&name);
            let node = match &s.contents {
                FileContents::Bytes(b) => Node::File { data: Rc::new(b.to_vec()), sym: Rc::default() },
                FileContents::Symbolic(size) => Node::Unmade { size: *size },
            };
            let ino = fs.add(node);
            fs.looked_up.insert(name.clone());
            fs.names.insert(name, ino);
        }
        fs
    }

    /// Makes the directories above `name` that neither the model nor the host has.
    fn make_parents(&mut self, name: &[u8]) {
        let Some((dir, _)) = super::path::split(name) else { return };
        let dir = dir.to_vec();
        if let Ok(None) = self.lookup(&dir) {
            self.make_parents(&dir);
            let ino = self.add(Node::Dir);
            self.names.insert(dir, ino);
        }
    }

    /// `path` as an absolute name, resolved against the working directory.
    pub fn resolve(&self, path: &[u8]) -> Vec<u8> {
        own_process_path(&super::path::resolve(&self.cwd, path))
    }

    /// Adds a node; its number.
    pub fn add(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// Adds what `/proc/self` shows of the program's own process: its command line and
    /// environment (the host's `/proc/self` describes ravel, whose environment the program
    /// must not see). Everything else under it is not modelled.
    pub fn add_process_files(&mut self, argv: &[String], env: &[String]) {
        let nul_separated = |words: &[String]| words.iter().flat_map(|w| w.bytes().chain([0])).collect::<Vec<u8>>();
        for (name, data) in [("cmdline", nul_separated(argv)), ("environ", nul_separated(env))] {
            let ino = self.add(Node::File { data: Rc::new(data), sym: Rc::default() });
            let path = format!("{PROCESS_DIR}/{name}").into_bytes();
            self.looked_up.insert(path.clone());
            self.names.insert(path, ino);
        }
    }

    /// The node named `path`, copying a regular file or noting a directory of the host on
    /// first use. `Err(errno)` when the host file cannot be read.
    pub fn lookup(&mut self, path: &[u8]) -> Result<Option<u32>, u64> {
        if path.is_empty() {
            return Ok(None);
        }
        let name = self.resolve(path);
        if let Some(&ino) = self.names.get(&name) {
            if let Node::Host { .. } = self.nodes[ino as usize] {
                // A dangling symbolic link of the host is listed but names nothing.
                let Some(node) = self.host_node(&name)? else { return Ok(None) };
                self.place(ino, node);
            }
            return Ok(Some(ino));
        }
        if name.starts_with(format!("{PROCESS_DIR}/").as_bytes()) {
            return Err(crate::errno::EACCES);
        }
        if !self.looked_up.insert(name.clone()) {
            return Ok(None);
        }
        let Some(node) = self.host_node(&name)? else { return Ok(None) };
        let ino = self.add(Node::Host { d_type: 0 });
        self.place(ino, node);
        self.names.insert(name, ino);
        Ok(Some(ino))
    }

    /// Puts a node copied from the host at `ino`.
    fn place(&mut self, ino: u32, (node, perm, mtime): HostNode) {
        self.nodes[ino as usize] = node;
        self.perms.insert(ino, perm);
        if let Some(t) = mtime {
            self.times.insert(ino, (t, t));
        }
    }

    /// A copy of the host's regular file or directory `name` (`None` when there is none).
    fn host_node(&mut self, name: &[u8]) -> Result<Option<HostNode>, u64> {
        use std::os::unix::fs::PermissionsExt;
        let Ok(text) = std::str::from_utf8(name) else { return Ok(None) };
        let Ok(meta) = std::fs::metadata(text) else { return Ok(None) };
        let node = if meta.is_dir() {
            Node::Dir
        } else if meta.is_file() {
            // Read at most one byte past the cap whatever size the host reports: files
            // under /proc and /sys say 0 and can be endless.
            let mut data = Vec::new();
            let read = std::fs::File::open(text).and_then(|f| f.take(MAX_HOST_FILE + 1).read_to_end(&mut data));
            if read.is_err() {
                return Err(crate::errno::EACCES);
            }
            if data.len() as u64 > MAX_HOST_FILE {
                return Err(crate::errno::EFBIG);
            }
            self.copied_bytes += data.len() as u64;
            Node::File { data: Rc::new(data), sym: Rc::default() }
        } else {
            // Devices, sockets, FIFOs of the host are not modelled.
            return Err(crate::errno::EACCES);
        };
        let mtime = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
        Ok(Some((node, meta.permissions().mode() & 0o7777, mtime.map(|d| d.as_nanos() as u64))))
    }

    /// Checks that the directory `name` (absolute) would be made in exists.
    fn parent_is_dir(&mut self, name: &[u8]) -> Result<(), u64> {
        let Some((dir, _)) = super::path::split(name) else { return Err(crate::errno::EEXIST) };
        match self.lookup(dir)? {
            Some(n) if matches!(self.nodes[n as usize], Node::Dir) => Ok(()),
            Some(_) => Err(crate::errno::ENOTDIR),
            None => Err(crate::errno::ENOENT),
        }
    }

    /// Makes `node` named `path` (which does not exist yet) with permission bits `mode`
    /// less the creation mask; `Err(errno)` when its directory does not exist.
    pub fn make(&mut self, path: &[u8], node: Node, mode: u32) -> Result<u32, u64> {
        let name = self.resolve(path);
        self.parent_is_dir(&name)?;
        let ino = self.add(node);
        self.perms.insert(ino, mode & !self.umask & 0o7777);
        self.looked_up.insert(name.clone());
        self.names.insert(name, ino);
        Ok(ino)
    }

    /// Creates an empty regular file named `path` with permission bits `mode` (less the
    /// creation mask).
    pub fn create(&mut self, path: &[u8], mode: u32) -> Result<u32, u64> {
        self.make(path, Node::File { data: Rc::default(), sym: Rc::default() }, mode)
    }

    /// Removes the name `path` (open descriptions keep the node). False when absent.
    pub fn unlink(&mut self, path: &[u8]) -> bool {
        let name = self.resolve(path);
        self.looked_up.insert(name.clone());
        self.names.remove(&name).is_some()
    }

    /// The entries of directory `dir` (an absolute name), sorted by name: the names one
    /// level below it. The host directory's entries become names on the first listing
    /// (copied in when first looked up).
    pub fn entries(&mut self, dir: &[u8]) -> Vec<(Vec<u8>, u32)> {
        let prefix = super::path::child_prefix(dir);
        if self.listed.insert(dir.to_vec()) {
            let text = std::str::from_utf8(dir).unwrap_or_default();
            for (name, d_type) in host_entries(text).iter() {
                let key = [&prefix[..], name].concat();
                if self.looked_up.insert(key.clone()) {
                    let ino = self.add(Node::Host { d_type: *d_type });
                    self.names.insert(key, ino);
                }
            }
        }
        let below = self.names.range(prefix.clone()..).take_while(|(k, _)| k.starts_with(&prefix));
        let entries = below.filter(|(k, _)| k.len() > prefix.len() && !k[prefix.len()..].contains(&b'/'));
        entries.map(|(k, &n)| (k[prefix.len()..].to_vec(), n)).collect()
    }

    /// Whether `name` (absolute) is under `/proc`, whose host entries describe ravel's
    /// processes, not the program's: it is never listed.
    pub fn is_proc(name: &[u8]) -> bool {
        name == b"/proc" || name.starts_with(b"/proc/")
    }

    /// The name of directory node `ino` (`None` once removed).
    pub fn path_of(&self, ino: u32) -> Option<Vec<u8>> {
        self.names.iter().find(|(_, &n)| n == ino).map(|(k, _)| k.clone())
    }

    /// The permission bits of node `ino`: as set, else by kind.
    pub fn perm(&self, ino: u32) -> u32 {
        self.perms.get(&ino).copied().unwrap_or(match self.nodes[ino as usize] {
            Node::Dir => 0o755,
            Node::Socket(_) | Node::Sink { .. } => 0o777,
            Node::Pipe { .. } | Node::Std(_) | Node::Event { .. } => 0o600,
            _ => 0o644,
        })
    }

    /// The size `stat` reports.
    pub fn size(&self, ino: u32) -> u64 {
        match &self.nodes[ino as usize] {
            Node::File { data, .. } => data.len() as u64,
            Node::Unmade { size } => *size,
            Node::Pipe { buf, .. } => buf.len() as u64,
            _ => 0,
        }
    }
}
