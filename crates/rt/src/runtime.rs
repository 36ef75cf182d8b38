//! The process-wide state: which memory is named, the admissible prefixes with the
//! completion flags of their events and the prefixes the run still follows, and (in trace
//! mode) the named accesses seen so far.
//!
//! A run *follows* a prefix when every event of the prefix it performed came after the
//! events the prefix orders before it, and no access outside a (non-complete) prefix came
//! before a prefix event of another thread it conflicts with. Starting an event keeps the
//! prefixes it is allowed by and drops the others; an event no followed prefix allows waits
//! (the run would leave the verified part). Once all events of a followed prefix have
//! happened, the run extends it, every extension is verified, and the run is free: the
//! runtime deactivates itself (except after an exhaustive prefix, a schedule of `ravel
//! schedules`, where it keeps checking that no synchronisation outside it happens).
//! Never deadlocks: for any followed prefix, the thread whose
//! next event comes first in that prefix's execution is allowed by it (the events before
//! it happened, since every thread has performed a prefix of its part and nothing
//! conflicting came in between), and a waiting thread is registered with every event it
//! waits for under any followed prefix.

use crate::constraints::{self, Object};
use crate::futex::{self, Flag};
use crate::thread_state::{IntMap, Kind, ThreadEvents, ThreadState};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

/// Whether any access must be looked at: the one branch an unconstrained run pays.
pub static ACTIVE: AtomicBool = AtomicBool::new(false);

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

/// How long a thread waits for one event before the run is declared stuck: the program
/// then left the verified schedules (it performs other events than the interpreter saw),
/// and stopping is the only way to stay inside what was verified.
const STUCK_AFTER: Duration = Duration::from_secs(10);

/// Checks of the awaited events before a waiting thread parks: a short wait (the other
/// thread is running) costs no system call.
const SPINS: u32 = 200;

/// No prefix, or not a single one.
const NONE: u32 = u32::MAX;

/// An event as one prefix lists it.
struct Listed {
    event: u32,
    /// The thread, as an index into the file's thread names.
    thread: u32,
    offset: u64,
    len: u64,
    write: bool,
    after: Vec<u32>,
}

struct Prefix {
    complete: bool,
    /// See [`constraints::Prefix::exhaustive`]: the run stays watched after its last event.
    exhaustive: bool,
    listed: Vec<Listed>,
    /// Event → its index in `listed`.
    index: IntMap<u32, u32>,
    /// Object → the indices in `listed` of its events (for conflicts with accesses outside
    /// the prefix).
    by_object: IntMap<u32, Vec<u32>>,
    /// Listed events that have not happened yet.
    remaining: AtomicU32,
}

/// Enforce mode: the admissible prefixes and where the run stands.
struct Enforce {
    per_thread: IntMap<String, ThreadEvents>,
    /// Thread name → index (for `Listed::thread`).
    threads: IntMap<String, u32>,
    prefixes: Vec<Prefix>,
    /// Event → the prefixes that list it.
    owners: Vec<Vec<u32>>,
    done: Vec<Flag>,
    /// The events as the file names them, and the names of their objects, for the message
    /// of a stuck run.
    events: Vec<constraints::Event>,
    object_names: Vec<String>,
    /// The prefixes the run still follows.
    following: Mutex<Vec<u32>>,
    /// The only prefix the run still follows, once one is left (read without the lock).
    single: AtomicU32,
}

/// What an event waits for: events that have not happened.
type Blockers = Vec<u32>;

#[derive(Clone, Copy)]
struct Range {
    start: usize,
    end: usize,
    obj: u32,
}

enum Mode {
    /// Wait before events the prefixes do not allow yet.
    Enforce(Box<Enforce>),
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
/// unconstrained. A schedule file (`schedules.rs`: `RAVEL_SCHEDULES` or `schedules`,
/// embedded) comes first: the constraints of the schedules the inputs select. `globals`
/// are the program's globals, by which constraints name memory.
pub fn init(globals: &[Global], embedded: &str, schedules: &str) {
    let (what, text) = match crate::schedules::selected(schedules) {
        Some((what, text)) => (what, Some(text)),
        None => constraint_source(embedded),
    };
    let trace = std::env::var("RAVEL_EVENTS_OUT").ok().filter(|s| !s.is_empty());
    let result = match (text, trace) {
        (Some(text), _) => text.and_then(|t| enforce(&t, globals)),
        (None, Some(out)) => traced(out, globals).map(Some),
        (None, None) => return,
    };
    match result {
        // Every schedule verified: nothing to enforce, stay inactive.
        Ok(None) => {}
        Ok(Some(rt)) => {
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

/// The constraint file `RAVEL_CONSTRAINTS` names (set but empty: none), else the embedded
/// constraints: where they come from and their text.
fn constraint_source(embedded: &str) -> (String, Option<Result<String, String>>) {
    match std::env::var("RAVEL_CONSTRAINTS") {
        Ok(path) if path.is_empty() => (path, None),
        Ok(path) => {
            let text = std::fs::read_to_string(&path);
            (path, Some(text.map_err(|e| e.to_string())))
        }
        Err(_) => {
            ("embedded in the program".to_string(), Some(Ok(embedded.to_string())).filter(|_| !embedded.is_empty()))
        }
    }
}

/// A global of the program, from the table `ravel enforce build` compiles into it (see
/// `ffi/globals.rs`): its symbol, run-time address and size.
pub struct Global<'a> {
    pub name: &'a [u8],
    pub addr: usize,
    pub size: usize,
}

fn enforce(text: &str, program_globals: &[Global]) -> Result<Option<Runtime>, String> {
    let file = constraints::load(text)?;
    if file.prefixes.iter().any(|p| p.events.is_empty()) {
        // Every schedule is verified: nothing to name or wait for.
        return Ok(None);
    }
    let mut globals = Vec::new();
    let mut wanted_heap = HashMap::new();
    let mut names = Vec::new();
    for (i, o) in file.objects.iter().enumerate() {
        match o {
            Object::Global { symbol } => {
                let s = program_globals
                    .iter()
                    .find(|g| g.name == symbol.as_bytes())
                    .ok_or_else(|| format!("no global `{symbol}` in the program"))?;
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
    let mut per_thread: IntMap<String, ThreadEvents> = IntMap::default();
    let mut threads: IntMap<String, u32> = IntMap::default();
    let mut event_thread = Vec::with_capacity(file.events.len());
    for (i, e) in file.events.iter().enumerate() {
        per_thread.entry(e.thread.clone()).or_default().insert((e.object, e.offset, e.k), i as u32);
        let n = threads.len() as u32;
        event_thread.push(*threads.entry(e.thread.clone()).or_insert(n));
    }
    let mut owners = vec![Vec::new(); file.events.len()];
    let mut prefixes = Vec::with_capacity(file.prefixes.len());
    for (p, prefix) in file.prefixes.into_iter().enumerate() {
        let mut index = IntMap::default();
        let mut by_object: IntMap<u32, Vec<u32>> = IntMap::default();
        let mut listed = Vec::with_capacity(prefix.events.len());
        for (i, e) in prefix.events.into_iter().enumerate() {
            let named = &file.events[e.event as usize];
            index.insert(e.event, i as u32);
            by_object.entry(named.object).or_default().push(i as u32);
            owners[e.event as usize].push(p as u32);
            listed.push(Listed {
                event: e.event,
                thread: event_thread[e.event as usize],
                offset: named.offset,
                len: e.len,
                write: e.write,
                after: e.after,
            });
        }
        let remaining = AtomicU32::new(listed.len() as u32);
        let (complete, exhaustive) = (prefix.complete, prefix.exhaustive);
        prefixes.push(Prefix { complete, exhaustive, listed, index, by_object, remaining });
    }
    let following: Vec<u32> = (0..prefixes.len() as u32).collect();
    let single = AtomicU32::new(if following.len() == 1 { 0 } else { NONE });
    let done = (0..file.events.len()).map(|_| Flag::default()).collect();
    let enforce = Enforce {
        per_thread,
        threads,
        prefixes,
        owners,
        done,
        events: file.events,
        object_names: names.clone(),
        following: Mutex::new(following),
        single,
    };
    Ok(Some(Runtime {
        mode: Mode::Enforce(Box::new(enforce)),
        globals,
        heap: RwLock::new(Vec::new()),
        has_heap: AtomicBool::new(false),
        wanted_heap,
        names: RwLock::new(names),
    }))
}

fn traced(out: String, program_globals: &[Global]) -> Result<Runtime, String> {
    let mut globals: Vec<Range> = program_globals
        .iter()
        .enumerate()
        .map(|(i, g)| Range { start: g.addr, end: g.addr + g.size, obj: i as u32 })
        .collect();
    globals.sort_by_key(|r| r.start);
    let names = program_globals.iter().map(|g| format!("global:{}", String::from_utf8_lossy(g.name))).collect();
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

/// An access about to happen, as the prefixes see it.
struct Access {
    event: Option<u32>,
    thread: u32,
    obj: u32,
    offset: u64,
    len: u64,
    write: bool,
}

impl Enforce {
    /// Whether prefix `p` allows `a` now; else the events it waits for.
    fn allows(&self, p: u32, a: &Access) -> Result<(), Blockers> {
        let prefix = &self.prefixes[p as usize];
        let pending = |e: u32| !self.done[e as usize].is_set();
        if let Some(&i) = a.event.and_then(|e| prefix.index.get(&e)) {
            let blockers: Blockers = prefix.listed[i as usize].after.iter().copied().filter(|&e| pending(e)).collect();
            return if blockers.is_empty() { Ok(()) } else { Err(blockers) };
        }
        // Outside the prefix. A whole execution's unlisted events depend on no other
        // thread's (and the run cannot leave it without an order its edges forbid).
        if prefix.complete {
            return Ok(());
        }
        let conflicts = prefix.by_object.get(&a.obj).into_iter().flatten().map(|&i| &prefix.listed[i as usize]);
        let blockers: Blockers = conflicts
            .filter(|l| {
                l.thread != a.thread
                    && (l.write || a.write)
                    && l.offset < a.offset + a.len
                    && a.offset < l.offset + l.len
                    && pending(l.event)
            })
            .map(|l| l.event)
            .collect();
        if blockers.is_empty() {
            Ok(())
        } else {
            Err(blockers)
        }
    }

    /// Starts access `a` if a followed prefix allows it, dropping the prefixes that do not;
    /// else the events the followed prefixes wait for.
    fn start(&self, a: &Access) -> Result<(), Blockers> {
        let single = self.single.load(Ordering::Acquire);
        if single != NONE {
            return self.allows(single, a);
        }
        let Ok(mut following) = self.following.lock() else { return Err(Vec::new()) };
        let mut allowed = Vec::new();
        let mut blockers = Vec::new();
        for &p in following.iter() {
            match self.allows(p, a) {
                Ok(()) => allowed.push(p),
                Err(b) => blockers.extend(b),
            }
        }
        if allowed.is_empty() {
            return Err(blockers);
        }
        if allowed.len() < following.len() {
            if allowed.len() == 1 {
                self.single.store(allowed[0], Ordering::Release);
            }
            *following = allowed;
        }
        Ok(())
    }

    /// Event `e` has happened: wakes its waiters, and frees the run when it completed a
    /// prefix the run follows.
    fn complete(&self, e: u32) {
        let Some(flag) = self.done.get(e as usize) else { return };
        flag.set();
        for &p in self.owners.get(e as usize).into_iter().flatten() {
            if self.prefixes[p as usize].remaining.fetch_sub(1, Ordering::AcqRel) != 1 {
                continue;
            }
            let single = self.single.load(Ordering::Acquire);
            let followed = single == p || (single == NONE && self.following.lock().is_ok_and(|f| f.contains(&p)));
            if followed && !self.prefixes[p as usize].exhaustive {
                // Sequentially consistent, with the waiter's check after its ticket: see
                // `futex::unpark_all`.
                ACTIVE.store(false, Ordering::SeqCst);
                futex::unpark_all();
            }
        }
    }

    /// Stops the run: access `a` of `ts` waited too long for `blockers`.
    fn stuck(&self, ts: &ThreadState, a: &Access, blockers: &[u32]) -> ! {
        let what = |i: u32| match self.events.get(i as usize) {
            Some(e) => {
                let object = self.object_names.get(e.object as usize).map_or("?", |n| n.as_str());
                format!("access {} of {} to {object}+{}", e.k, e.thread, e.offset)
            }
            None => "?".to_string(),
        };
        let access = match a.event {
            Some(e) => what(e),
            None => format!("its access to object {}+{}", a.obj, a.offset),
        };
        let awaited: Vec<String> = blockers.iter().map(|&b| what(b)).collect();
        eprintln!(
            "ravel-rt: the constrained run is stuck: thread {} waited {} s before {access} for {}, which has not happened; the run left the verified schedules",
            ts.name,
            STUCK_AFTER.as_secs(),
            if awaited.is_empty() { "an admissible prefix".to_string() } else { awaited.join(" or ") }
        );
        std::process::abort();
    }
}

fn find(ranges: &[Range], addr: usize) -> Option<(u32, u64)> {
    let i = ranges.partition_point(|r| r.start <= addr).checked_sub(1)?;
    let r = ranges[i];
    (addr < r.end).then(|| (r.obj, (addr - r.start) as u64))
}

impl Runtime {
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
            Mode::Enforce(_) => match self.wanted_heap.get(&(ts.name.clone(), ordinal)) {
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

    /// The named events of thread `name`, and its index among the threads the prefixes
    /// name ([`NONE`] if none).
    pub fn thread_of(&'static self, name: &str) -> (Option<&'static ThreadEvents>, u32) {
        match &self.mode {
            Mode::Enforce(e) => (e.per_thread.get(name), e.threads.get(name).copied().unwrap_or(NONE)),
            Mode::Trace { .. } => (None, NONE),
        }
    }

    /// Waits until the access of `ts` (event `event` if the prefixes name it) to `len`
    /// bytes at `obj`+`offset` keeps the run inside some admissible prefix, and starts it.
    pub fn admit(&self, ts: &ThreadState, event: Option<u32>, obj: u32, offset: u64, len: u64, write: bool) {
        let Mode::Enforce(en) = &self.mode else { return };
        let access = Access { event, thread: ts.tid, obj, offset, len, write };
        let started = Instant::now();
        let mut blockers = match en.start(&access) {
            Ok(()) => return,
            Err(b) => b,
        };
        loop {
            // Spin while the awaited events are being performed by running threads.
            for _ in 0..SPINS {
                if blockers.iter().any(|&b| en.done[b as usize].is_set()) || !ACTIVE.load(Ordering::Relaxed) {
                    break;
                }
                std::hint::spin_loop();
            }
            let ticket = futex::ticket(ts.slot);
            let registered = blockers.iter().all(|&b| en.done[b as usize].register(ts.slot));
            blockers = match en.start(&access) {
                Ok(()) => return,
                Err(b) => b,
            };
            if !ACTIVE.load(Ordering::SeqCst) {
                return;
            }
            if started.elapsed() > STUCK_AFTER {
                en.stuck(ts, &access, &blockers);
            }
            if registered {
                futex::park(ts.slot, ticket, Duration::from_millis(100));
            }
        }
    }

    /// Before synchronisation event `event` (if the file names it) of `ts` on
    /// `obj`+`offset`: stops the run when the one prefix it follows lists every
    /// synchronisation event and not this one. The run then synchronises otherwise than
    /// every execution verified for its inputs (a value made abstract decided it), and
    /// going on would run an unverified schedule.
    pub fn check_listed(&self, ts: &ThreadState, event: Option<u32>, obj: u32, offset: u64, k: u32) {
        let Mode::Enforce(en) = &self.mode else { return };
        let single = en.single.load(Ordering::Acquire);
        let Some(prefix) = en.prefixes.get(single as usize).filter(|p| p.exhaustive) else { return };
        if event.is_some_and(|e| prefix.index.contains_key(&e)) {
            return;
        }
        let object = en.object_names.get(obj as usize).map_or("?", |n| n.as_str());
        eprintln!(
            "ravel-rt: thread {} left the selected schedule: its synchronisation {k} on {object}+{offset} is not in it, so these inputs synchronise otherwise than every verified execution (does a value made abstract decide it?)",
            ts.name
        );
        std::process::abort();
    }

    /// Event `e` has happened.
    pub fn complete(&self, e: u32) {
        if let Mode::Enforce(en) = &self.mode {
            en.complete(e);
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
