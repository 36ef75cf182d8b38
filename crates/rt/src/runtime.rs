//! The process-wide state: which memory is named, the constrained events with their
//! completion flags, and (in trace mode) the named accesses seen so far.

use crate::constraints::{self, Object};
use crate::futex::Flag;
use crate::symtab;
use crate::thread::{Kind, ThreadState};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, RwLock};
use std::time::Duration;

/// Whether any access must be looked at: the one branch an unconstrained run pays.
pub static ACTIVE: AtomicBool = AtomicBool::new(false);

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

/// How long a thread waits for one event before the run is declared stuck: the program
/// then left the verified schedule (it performs other events than the interpreter saw),
/// and stopping is the only way to stay inside what was verified.
const STUCK_AFTER: Duration = Duration::from_secs(10);

/// The constrained events of one thread: (object, offset, k) → event index.
pub type ThreadEvents = HashMap<(u32, u64, u32), u32>;

#[derive(Clone, Copy)]
struct Range {
    start: usize,
    end: usize,
    obj: u32,
}

enum Mode {
    /// Wait before constrained events.
    Enforce { per_thread: HashMap<String, ThreadEvents>, after: Vec<Vec<u32>>, done: Vec<Flag>, events: Vec<String> },
    /// Name every access to a global or heap block and write the names at exit.
    Trace { out: String, seen: Mutex<Vec<String>> },
}

pub struct Runtime {
    mode: Mode,
    /// Named globals, sorted by address.
    globals: Vec<Range>,
    /// Named heap blocks, sorted by address.
    heap: RwLock<Vec<Range>>,
    has_heap: AtomicBool,
    /// Enforce mode: the heap blocks constraints name, by (thread, ordinal).
    wanted_heap: HashMap<(String, u32), u32>,
    /// Object names, by object index.
    names: RwLock<Vec<String>>,
}

/// The runtime, once [`init`] has run with a constraint or trace file.
pub fn get() -> Option<&'static Runtime> {
    RUNTIME.get()
}

/// Activates the runtime with the constraint file `RAVEL_CONSTRAINTS` names (set but
/// empty: none), else with the constraints `ravel enforce build --constraints` embedded
/// (`embedded`, possibly empty), else in trace mode when `RAVEL_EVENTS_OUT` is set. A
/// constraint file that cannot be used stops the program rather than letting it run
/// unconstrained. `anchor` is a function of this library and its address (to relocate
/// the executable's symbol table).
pub fn init(anchor: &str, anchor_addr: usize, embedded: &str) {
    let (what, text) = match std::env::var("RAVEL_CONSTRAINTS") {
        Ok(path) if path.is_empty() => (path, None),
        Ok(path) => {
            let text = std::fs::read_to_string(&path);
            (path, Some(text.map_err(|e| e.to_string())))
        }
        Err(_) => {
            ("embedded in the program".to_string(), Some(Ok(embedded.to_string())).filter(|_| !embedded.is_empty()))
        }
    };
    let trace = std::env::var("RAVEL_EVENTS_OUT").ok().filter(|s| !s.is_empty());
    let result = match (text, trace) {
        (Some(text), _) => text.and_then(|t| enforce(&t, anchor, anchor_addr)),
        (None, Some(out)) => traced(out, anchor, anchor_addr),
        (None, None) => return,
    };
    match result {
        // An empty constraint set (every schedule verified) costs nothing: stay inactive.
        Ok(rt) if rt.enforces_nothing() => {}
        Ok(rt) => {
            if RUNTIME.set(rt).is_ok() {
                ACTIVE.store(true, Ordering::Release);
            }
        }
        Err(e) => {
            eprintln!("ravel-rt: cannot use the constraints {what}: {e}");
            std::process::abort();
        }
    }
}

fn symbols(anchor: &str, anchor_addr: usize) -> Result<Vec<symtab::Symbol>, String> {
    let elf = std::fs::File::open("/proc/self/exe").map_err(|e| format!("cannot read /proc/self/exe: {e}"))?;
    symtab::objects(elf, anchor, anchor_addr).ok_or_else(|| "the executable has no usable symbol table".into())
}

fn enforce(text: &str, anchor: &str, anchor_addr: usize) -> Result<Runtime, String> {
    let file = constraints::load(text)?;
    let syms = symbols(anchor, anchor_addr)?;
    let by_name: HashMap<&str, &symtab::Symbol> = syms.iter().map(|s| (s.name.as_str(), s)).collect();
    let mut globals = Vec::new();
    let mut wanted_heap = HashMap::new();
    let mut names = Vec::new();
    for (i, o) in file.objects.iter().enumerate() {
        match o {
            Object::Global { symbol } => {
                let s = by_name.get(symbol.as_str()).ok_or_else(|| format!("no global `{symbol}` in the program"))?;
                globals.push(Range { start: s.addr, end: s.addr + s.size, obj: i as u32 });
                names.push(symbol.clone());
            }
            Object::Heap { thread, ordinal } => {
                wanted_heap.insert((thread.clone(), *ordinal), i as u32);
                names.push(format!("heap block {ordinal} of {thread}"));
            }
        }
    }
    globals.sort_by_key(|r| r.start);
    let mut per_thread: HashMap<String, ThreadEvents> = HashMap::new();
    let mut after = Vec::with_capacity(file.events.len());
    let mut events = Vec::with_capacity(file.events.len());
    for (i, e) in file.events.into_iter().enumerate() {
        per_thread.entry(e.thread.clone()).or_default().insert((e.object, e.offset, e.k), i as u32);
        events.push(format!("access {} of {} to {}+{}", e.k, e.thread, names[e.object as usize], e.offset));
        after.push(e.after);
    }
    let done = (0..after.len()).map(|_| Flag::default()).collect();
    Ok(Runtime {
        mode: Mode::Enforce { per_thread, after, done, events },
        globals,
        heap: RwLock::new(Vec::new()),
        has_heap: AtomicBool::new(false),
        wanted_heap,
        names: RwLock::new(names),
    })
}

fn traced(out: String, anchor: &str, anchor_addr: usize) -> Result<Runtime, String> {
    let syms = symbols(anchor, anchor_addr)?;
    let mut globals: Vec<Range> =
        syms.iter().enumerate().map(|(i, s)| Range { start: s.addr, end: s.addr + s.size, obj: i as u32 }).collect();
    globals.sort_by_key(|r| r.start);
    let names = syms.into_iter().map(|s| format!("global:{}", s.name)).collect();
    extern "C" fn write_at_exit() {
        if let Some(Runtime { mode: Mode::Trace { out, seen }, .. }) = get() {
            let lines = seen.lock().map(|s| s.join("")).unwrap_or_default();
            if let Err(e) = std::fs::write(out, lines) {
                eprintln!("ravel-rt: cannot write {out}: {e}");
            }
        }
    }
    extern "C" {
        fn atexit(f: extern "C" fn()) -> i32;
    }
    // SAFETY: registers a function without arguments that only reads the runtime.
    unsafe { atexit(write_at_exit) };
    Ok(Runtime {
        mode: Mode::Trace { out, seen: Mutex::new(Vec::new()) },
        globals,
        heap: RwLock::new(Vec::new()),
        has_heap: AtomicBool::new(false),
        wanted_heap: HashMap::new(),
        names: RwLock::new(names),
    })
}

fn find(ranges: &[Range], addr: usize) -> Option<(u32, u64)> {
    let i = ranges.partition_point(|r| r.start <= addr).checked_sub(1)?;
    let r = ranges[i];
    (addr < r.end).then(|| (r.obj, (addr - r.start) as u64))
}

impl Runtime {
    fn enforces_nothing(&self) -> bool {
        matches!(&self.mode, Mode::Enforce { after, .. } if after.is_empty())
    }

    /// The named object containing `addr`, with the offset.
    pub fn locate(&self, addr: usize) -> Option<(u32, u64)> {
        find(&self.globals, addr).or_else(|| {
            if !self.has_heap.load(Ordering::Acquire) {
                return None;
            }
            find(&self.heap.read().ok()?, addr)
        })
    }

    /// Thread `ts` allocated `size` bytes at `p`, its allocation number `ordinal`:
    /// names the block if constraints mention it (or, in trace mode, always).
    pub fn allocated(&self, ts: &ThreadState, ordinal: u32, p: usize, size: usize) {
        let obj = match &self.mode {
            Mode::Enforce { .. } => match self.wanted_heap.get(&(ts.name.clone(), ordinal)) {
                Some(&o) => o,
                None => return,
            },
            Mode::Trace { .. } => {
                let Ok(mut names) = self.names.write() else { return };
                names.push(format!("heap:{}#{ordinal}", ts.name));
                names.len() as u32 - 1
            }
        };
        let Ok(mut heap) = self.heap.write() else { return };
        let end = p + size.max(1);
        heap.retain(|r| r.end <= p || r.start >= end);
        let at = heap.partition_point(|r| r.start < p);
        heap.insert(at, Range { start: p, end, obj });
        self.has_heap.store(true, Ordering::Release);
    }

    /// The constrained events of thread `name`.
    pub fn events_of(&'static self, name: &str) -> Option<&'static ThreadEvents> {
        match &self.mode {
            Mode::Enforce { per_thread, .. } => per_thread.get(name),
            Mode::Trace { .. } => None,
        }
    }

    /// Waits until every event event `e` must follow has happened.
    pub fn wait_before(&self, e: u32, thread: &str) {
        let Mode::Enforce { after, done, events, .. } = &self.mode else { return };
        for &a in after.get(e as usize).into_iter().flatten() {
            let Some(flag) = done.get(a as usize) else { continue };
            if flag.wait(STUCK_AFTER).is_err() {
                let what = |i: u32| events.get(i as usize).map_or("?", |s| s.as_str());
                eprintln!(
                    "ravel-rt: the constrained run is stuck: thread {thread} waited {} s before {} for {}, which has not happened; the run left the verified schedule",
                    STUCK_AFTER.as_secs(),
                    what(e),
                    what(a)
                );
                std::process::abort();
            }
        }
    }

    /// Event `e` has happened.
    pub fn complete(&self, e: u32) {
        if let Mode::Enforce { done, .. } = &self.mode {
            if let Some(f) = done.get(e as usize) {
                f.set();
            }
        }
    }

    /// Trace mode: whether accesses are recorded.
    pub fn tracing(&self) -> bool {
        matches!(self.mode, Mode::Trace { .. })
    }

    /// Trace mode: records the `k`-th access of `thread` to `obj`+`offset`.
    pub fn record(&self, thread: &str, obj: u32, offset: u64, k: u32, kind: Kind) {
        if let Mode::Trace { seen, .. } = &self.mode {
            let name = self.names.read().ok().and_then(|n| n.get(obj as usize).cloned()).unwrap_or_default();
            let line = format!("{thread} {name}+{offset} #{k} {}\n", kind.as_str());
            if let Ok(mut s) = seen.lock() {
                s.push(line);
            }
        }
    }
}
