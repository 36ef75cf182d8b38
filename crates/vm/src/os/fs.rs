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
    /// A directory (only seen through `stat`/`open`; no listing).
    Dir,
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
    pub names: BTreeMap<Vec<u8>, u32>,
    pub nodes: Vec<Node>,
    /// Names already looked up on the host (found or not), or removed: never again.
    pub looked_up: BTreeSet<Vec<u8>>,
    /// The host's modification times (ns since the epoch) of the files copied from it, by
    /// node: `stat` shows them, as programs that keep a file's time (archivers) expect.
    pub host_times: BTreeMap<u32, u64>,
    /// Bytes copied from host files so far, which the memory limit counts.
    pub copied_bytes: u64,
}

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

/// A path as a key: `./` prefixes and repeated slashes removed.
pub fn normalize(path: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    let mut rest = path;
    while let Some(r) = rest.strip_prefix(b"./") {
        rest = r;
    }
    for &c in rest {
        if c == b'/' && out.last() == Some(&b'/') {
            continue;
        }
        out.push(c);
    }
    if out.len() > 1 && out.last() == Some(&b'/') {
        out.pop();
    }
    out
}

impl Fs {
    /// The file system at start: the terminal (nodes 0..3) and the given files.
    pub fn new(specs: &[FileSpec]) -> Fs {
        let mut fs = Fs {
            names: BTreeMap::new(),
            nodes: (0..3).map(Node::Std).collect(),
            looked_up: BTreeSet::new(),
            host_times: BTreeMap::new(),
            copied_bytes: 0,
        };
        for s in specs {
            let name = normalize(s.name.as_bytes());
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
        let name = own_process_path(&normalize(path));
        if let Some(&ino) = self.names.get(&name) {
            return Ok(Some(ino));
        }
        if name.starts_with(format!("{PROCESS_DIR}/").as_bytes()) {
            return Err(super::fd::EACCES);
        }
        if !self.looked_up.insert(name.clone()) {
            return Ok(None);
        }
        let Ok(text) = std::str::from_utf8(&name) else { return Ok(None) };
        let Ok(meta) = std::fs::metadata(text) else { return Ok(None) };
        let node = if meta.is_dir() {
            Node::Dir
        } else if meta.is_file() {
            // Read at most one byte past the cap whatever size the host reports: files
            // under /proc and /sys say 0 and can be endless.
            let mut data = Vec::new();
            let read = std::fs::File::open(text).and_then(|f| f.take(MAX_HOST_FILE + 1).read_to_end(&mut data));
            if read.is_err() {
                return Err(super::fd::EACCES);
            }
            if data.len() as u64 > MAX_HOST_FILE {
                return Err(super::fd::EFBIG);
            }
            self.copied_bytes += data.len() as u64;
            Node::File { data: Rc::new(data), sym: Rc::default() }
        } else {
            // Devices, sockets, FIFOs of the host are not modelled.
            return Err(super::fd::EACCES);
        };
        let ino = self.add(node);
        self.names.insert(name, ino);
        if let Some(since) = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()) {
            self.host_times.insert(ino, since.as_nanos() as u64);
        }
        Ok(Some(ino))
    }

    /// Creates an empty regular file named `path`.
    pub fn create(&mut self, path: &[u8]) -> u32 {
        let name = normalize(path);
        let ino = self.add(Node::File { data: Rc::default(), sym: Rc::default() });
        self.looked_up.insert(name.clone());
        self.names.insert(name, ino);
        ino
    }

    /// Removes the name `path` (open descriptions keep the node). False when absent.
    pub fn unlink(&mut self, path: &[u8]) -> bool {
        let name = normalize(path);
        self.looked_up.insert(name.clone());
        self.names.remove(&name).is_some()
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
