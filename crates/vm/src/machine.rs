//! The machine: program state plus the stepping interface the schedulers drive.
//!
//! Invariant between steps: every live thread is stopped *at* a visible operation (or in a
//! wait state). [`Machine::step`] executes that operation and then the thread's local code
//! up to its next visible operation.

use crate::ending::End;
use crate::error::{ErrorKind, ProgramError};
use crate::journal::TraceEntry;
use crate::memory::{Fault, Memory, ObjKind};
use crate::site_stacks::{CallStack, StackFrame};
use crate::sync_state::SyncState;
use crate::thread::{Frame, FrameKind, Thread};
use ravel_ir::{FuncId, Program, SrcLoc};
use std::sync::Arc;

/// Which operations are scheduling points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Granularity {
    /// Synchronisation, atomics and thread operations only.
    Sync,
    /// Additionally every access to shared memory.
    All,
}

/// How timed waits are scheduled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TimeModel {
    /// A timed wait may end whenever the scheduler says (over-approximates real timing).
    #[default]
    Any,
    /// A timed wait ends only when no other thread can run, earliest deadline first
    /// (under-approximates real timing).
    Discrete,
}

impl TimeModel {
    /// The name users write (`--time`) and witnesses record.
    pub fn name(self) -> &'static str {
        match self {
            TimeModel::Any => "any",
            TimeModel::Discrete => "discrete",
        }
    }

    /// The model of a name, `None` for an unknown one.
    pub fn from_name(name: &str) -> Option<TimeModel> {
        match name {
            "any" => Some(TimeModel::Any),
            "discrete" => Some(TimeModel::Discrete),
            _ => None,
        }
    }
}

/// Settings of a machine.
#[derive(Clone, Debug)]
pub struct Config {
    pub granularity: Granularity,
    /// Write the program's stdout/stderr to the real ones.
    pub echo_output: bool,
    /// Program arguments, `argv[0]` included.
    pub argv: Vec<String>,
    /// The environment `main`'s third parameter points to, `NAME=value` each. Fixed rather
    /// than ravel's own, so that executions do not depend on where ravel runs.
    pub env: Vec<String>,
    /// Instructions one execution may run before stopping with a limit.
    pub max_steps: u64,
    /// Bytes ravel may hold (see [`crate::resident`]); sampled with the time limit.
    pub max_memory: Option<u64>,
    /// Stack bytes per thread before "stack overflow".
    pub stack_limit: u64,
    /// Relocking a normal mutex by its owner is reported as pthread misuse; otherwise the
    /// thread hangs, as it would natively (SV-COMP semantics).
    pub strict_pthread: bool,
    /// `abort()` and fatal signals end the path without an error, as SV-COMP tasks use
    /// them (`assume_abort_if_not`); otherwise abnormal termination is an error.
    pub abort_ends_path: bool,
    /// Record events for an explorer (see [`Machine::take_log`]).
    pub log_events: bool,
    /// Record every shared access with its values and let the explorer decide what the
    /// scheduled one reads (see [`Machine::take_value_events`]): for the execution-graph
    /// explorer, which realises the memory model itself (stores are never buffered).
    pub record_values: bool,
    /// Condition-variable waits may return without a signal (POSIX allows it).
    pub spurious_wakeups: bool,
    /// Which standard streams are terminals (`--tty`; bit 0 stdin, 1 stdout, 2 stderr):
    /// `isatty` answers 1 for them and `fstat` says character device. None by default, so
    /// a program's output does not depend on where ravel's own output goes.
    pub tty: u8,
    /// A signal wakes the longest waiting thread, as `ravel enforce`'s runtime does,
    /// instead of leaving the choice to the explorer.
    pub signal_longest_waiter: bool,
    /// Keep a readable trace of visible operations (for reports).
    pub record_trace: bool,
    /// Keep the call stacks of the places a report names (see `site_stacks`): each
    /// thread's latest access at each source location, thread creations and the trace's
    /// operations. For the replay of a found error; an exploration does without.
    pub site_stacks: bool,
    /// `pthread_create` stores 0 as the handle (for explorers that compare states up to
    /// thread permutation, on programs that never read handles).
    pub anonymous_handles: bool,
    /// A branch on symbolic inputs ends the step before it, as a visible operation would,
    /// so an explorer that compares states sees the loops such branches drive; and each
    /// step ends by pruning the path constraint of inputs nothing holds any more.
    pub pause_at_symbolic_branches: bool,
    /// Data races are reported. When they are not, stores into globals no load observes
    /// are not visible operations (nothing can tell their order apart).
    pub detect_races: bool,
    /// Keep the program's stdout (its first [`crate::output::CAPTURE_LIMIT`] bytes) in
    /// [`Machine::captured`] instead of writing it, so a JSON report on ravel's stdout
    /// stays parseable.
    pub capture_stdout: bool,
    /// Record the execution for predictive analysis (needs symbolic mode; see
    /// [`Machine::take_recording`]).
    pub record: bool,
    /// Record every access, heap allocation and mutex operation in
    /// [`Machine::recorded`] (for `ravel enforce`).
    pub record_accesses: bool,
    /// Keep the whole path constraint (`ravel schedules` needs the condition on every
    /// input), instead of dropping the parts over inputs nothing holds any more.
    pub keep_path_constraint: bool,
    /// When stores become visible to other threads.
    pub memory_model: crate::MemoryModel,
    /// Files the program finds in its file system besides copies of host files
    /// (`--file`, `--sym-file`).
    pub files: Vec<crate::os::FileSpec>,
    /// The scripted peer a socket of the program reaches (`--peer-script`, `--sym-packet`).
    pub peer: Option<std::sync::Arc<crate::os::Peer>>,
    /// When timed waits (sleeps, time-outs) end.
    pub time: TimeModel,
    /// The program's working directory at start (absolute): relative names resolve
    /// against it. Fixed per exploration and recorded in witnesses, so runs replay.
    pub cwd: String,
    /// Initialising a statically initialised lock again is reported in
    /// [`Machine::take_deferred`] and the execution goes on as with glibc (the object is
    /// reset), instead of ending it: for explorers that want every error.
    pub defer_reinit: bool,
    /// `exit` (and `main`'s return) ends the process only once no other thread can run:
    /// its atexit handlers run at once, racing with the other threads, and the final
    /// termination waits ([`crate::thread::Wait::Terminate`]). Exploring the points at
    /// which an exit cuts the other threads short adds only prefixes of the executions in
    /// which it waits, so explorers set this; a single run (`ravel run`) does not, and
    /// ends where the program does.
    pub defer_exit: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            granularity: Granularity::All,
            echo_output: true,
            argv: vec!["prog".into()],
            env: ["PATH=/usr/bin:/bin", "HOME=/", "LANG=C"].map(String::from).to_vec(),
            max_steps: u64::MAX,
            max_memory: None,
            stack_limit: 64 << 20,
            strict_pthread: true,
            abort_ends_path: false,
            log_events: false,
            record_values: false,
            tty: 0,
            spurious_wakeups: false,
            signal_longest_waiter: false,
            record_trace: true,
            site_stacks: false,
            anonymous_handles: false,
            pause_at_symbolic_branches: false,
            detect_races: true,
            capture_stdout: false,
            record: false,
            record_accesses: false,
            keep_path_constraint: false,
            memory_model: crate::MemoryModel::Sc,
            files: Vec::new(),
            peer: None,
            defer_exit: false,
            time: TimeModel::Any,
            cwd: crate::os::host_cwd(),
            defer_reinit: false,
        }
    }
}

impl Config {
    /// Whether stores wait in per-thread buffers: when the model says so, unless the
    /// explorer decides what each read reads ([`Config::record_values`]), which realises
    /// the model's reorderings itself over executions whose stores reach memory at once
    /// (the graph engine under TSO).
    pub(crate) fn store_buffers(&self) -> bool {
        self.memory_model.rules().store_buffers() && !self.record_values
    }
}

/// The source of nondeterminism the machine asks when the program leaves a choice open.
pub trait Chooser {
    /// A nondeterministic input of `bits` bits.
    fn nondet(&mut self, bits: u32, loc: SrcLoc) -> u64;
    /// One of `n` alternatives (which waiter a signal wakes, ...).
    fn choose(&mut self, n: usize) -> usize;
}

/// The state of one execution. Cloning it gives an independent snapshot (the unfolding
/// engine keeps some as standby states).
pub struct Machine {
    pub(crate) program: Arc<Program>,
    /// Shared by the clones of an execution (explorers clone machines at every snapshot).
    pub(crate) config: Arc<Config>,
    pub(crate) memory: Memory,
    /// Every thread created so far, and how many still run.
    pub(crate) threads: crate::thread_table::ThreadTable,
    pub(crate) sync: SyncState,
    /// How the execution ends: the end once reached and what comes with it.
    pub(crate) ending: crate::ending::Ending,
    /// Instructions executed.
    pub(crate) steps: u64,
    /// What the execution records for reports and detectors: trace, events, records.
    pub(crate) journal: crate::journal::Journal,
    /// The program's output: stdout on its way, or captured.
    pub(crate) output: crate::output::Output,
    /// `rand`'s state, shared with copies of the machine until one draws.
    pub(crate) rand_state: std::rc::Rc<crate::libc::random::Random>,
    /// Address of the `__ctype_b_loc` table pointer, allocated on first use.
    pub(crate) ctype_table: u64,
    /// The symbolic state, when inputs are symbolic (`None`: every value is concrete).
    pub(crate) sym: Option<crate::symbolic::SymState>,
    /// Each thread's stores not yet visible to the others (TSO only; indexed by thread).
    pub(crate) buffers: Vec<crate::store_buffer::StoreBuffer>,
    /// The process as the kernel sees it: clock, files, descriptors, signals.
    pub(crate) os: crate::copy_on_write::CopyOnWrite<crate::os::Os>,
    /// Accesses with their values, and the explorer's directions for the next one
    /// (only with [`Config::record_values`]).
    pub(crate) values: crate::value_events::Values,
}

crate::clone_reusing!(Machine {
    program,
    config,
    memory,
    threads,
    sync,
    ending,
    steps,
    journal,
    output,
    rand_state,
    ctype_table,
    sym,
    buffers,
    os,
    values,
});

/// What engines and reports read of a machine whose fields are the vm's own.
impl Machine {
    /// The program this machine executes.
    pub fn program(&self) -> &Arc<Program> {
        &self.program
    }

    /// The settings this execution runs under.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Every thread created so far, indexed by thread number (finished ones included).
    pub fn threads(&self) -> &[Thread] {
        &self.threads
    }

    /// How the execution ended, once it has.
    pub fn end(&self) -> Option<&End> {
        self.ending.end()
    }

    /// The error the execution ended with, for a detector above the vm to add what it
    /// knows (whether a use after free races with its free).
    pub fn ending_error_mut(&mut self) -> Option<&mut ProgramError> {
        self.ending.error_mut()
    }

    /// Instructions executed.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Lock and condition-variable calls made so far.
    pub fn sync_calls(&self) -> crate::sync_calls::SyncCalls {
        self.journal.sync_calls()
    }

    /// The latest visible operations executed, in order (see
    /// [`TRACE_KEEP`](crate::journal::TRACE_KEEP)).
    pub fn trace(&self) -> &[TraceEntry] {
        self.journal.trace()
    }

    /// Writes to memory so far: equal counts at two visits mean nothing was written in
    /// between (a spinning thread's loop).
    pub fn write_epoch(&self) -> u64 {
        self.memory.write_epoch
    }

    /// Why this execution's events may not capture every conflict, if so.
    pub fn imprecise(&self) -> Option<&crate::Imprecision> {
        self.ending.imprecise()
    }

    /// Where this execution made a symbolic value abstract (`ravel_abstract_*`), which it
    /// then followed at one value: its other values were not explored.
    pub fn abstracted(&self) -> Option<&crate::Abstraction> {
        self.ending.abstracted()
    }

    /// Takes the errors that did not end the execution (see [`Config::defer_reinit`]).
    pub fn take_deferred(&mut self) -> Vec<ProgramError> {
        self.ending.take_deferred()
    }

    /// Threads still running when main exited (reported in verbose mode).
    pub fn exited_with_running_threads(&self) -> usize {
        self.ending.exited_with_running_threads()
    }

    /// Visible operations executed in all, those dropped from `trace` included.
    pub fn trace_total(&self) -> u64 {
        self.journal.trace_total()
    }

    /// The program's stdout when [`Config::capture_stdout`] is set, and whether more was
    /// written than it keeps.
    pub fn captured(&self) -> (&[u8], bool) {
        self.output.captured()
    }

    /// With `Config::record_accesses`: what `ravel enforce` names, in execution order.
    pub fn recorded(&self) -> &[crate::native_record::Recorded] {
        self.journal.recorded()
    }

    /// Ends the execution with an error an engine found (a data race: race detection
    /// belongs to the engines, which see every execution's happens-before order).
    pub fn end_with_error(&mut self, error: ProgramError) {
        self.ending.fail(error);
    }

    /// Shows an operation the trace did not record (a plain access under sync
    /// granularity) at position `at` of the trace, or last if `at` is past its end.
    pub fn insert_trace(&mut self, at: usize, entry: TraceEntry) {
        self.journal.insert_trace(at, entry);
    }
}

/// Thread `t` stopped: why the interpreter loop returned.
pub(crate) enum Stop {
    /// At a visible operation (or blocked): control goes back to the scheduler.
    Yield,
    /// The execution ended.
    End,
}

impl Machine {
    /// Sets up globals, the main thread (arguments, constructors) and runs main's local
    /// prefix up to its first visible operation.
    pub fn new(
        program: Arc<Program>,
        config: Config,
        deadline: Option<std::time::Instant>,
        chooser: &mut dyn Chooser,
    ) -> Machine {
        Self::with_inputs(program, config, deadline, chooser, None)
    }

    /// Like [`Machine::new`]; with an engine, nondeterministic inputs are symbolic.
    pub fn with_inputs(
        program: Arc<Program>,
        config: Config,
        deadline: Option<std::time::Instant>,
        chooser: &mut dyn Chooser,
        symbolic: Option<crate::symbolic::SharedSym>,
    ) -> Machine {
        let config_files = config.files.clone();
        let config_cwd = config.cwd.clone();
        let output = crate::output::Output::new(config.capture_stdout, config.echo_output);
        let journal = crate::journal::Journal::new(config.site_stacks);
        let mut memory = Memory::new(program.model.ptr_bytes);
        for (i, g) in program.globals.iter().enumerate() {
            let id = memory.add_global(g, crate::images::initial(&program, i));
            if g.thread_local {
                memory.objects[id as usize].kind = ObjKind::ThreadLocal;
            }
        }
        let mut m = Machine {
            program: program.clone(),
            config: Arc::new(config),
            memory,
            threads: crate::thread_table::ThreadTable::new(Thread::new(Vec::new(), Memory::slot_for(&[]))),
            sync: SyncState::default(),
            ending: crate::ending::Ending::new(deadline),
            steps: 0,
            journal,
            output,
            rand_state: Default::default(),
            ctype_table: 0,
            values: Default::default(),
            sym: symbolic.map(crate::symbolic::SymState::new),
            buffers: Vec::new(),
            os: crate::copy_on_write::CopyOnWrite::new(crate::os::Os::new(&config_files, &config_cwd)),
        };
        if m.config.record {
            m.start_recording();
        }
        let main = program.main.expect("load checks that main exists");
        let argv = m.string_array(&m.config.argv.clone());
        let envp = m.string_array(&m.config.env.clone());
        m.os.envp = envp;
        m.os.fs.add_process_files(&m.config.argv, &m.config.env);
        m.set_environ(envp);
        if program.entry.is_some() {
            m.start_entry(main, chooser);
        } else {
            let args = [vec![m.config.argv.len() as u64], vec![argv], vec![envp]];
            m.push_frame(0, main, &args, &[], None, FrameKind::Start);
        }
        for &c in program.ctors.iter().rev() {
            m.push_frame(0, c, &[], &[], None, FrameKind::Ctor);
        }
        m.run_local(0, chooser);
        m.threads[0].arrived_ns = m.os.now_ns;
        m
    }

    /// Points the C library's `environ` (when the program declares it) at `envp`.
    fn set_environ(&mut self, envp: u64) {
        let pb = self.program.model.ptr_bytes as usize;
        let prog = self.program.clone();
        for g in prog.globals.iter().filter(|g| matches!(g.name.as_str(), "environ" | "__environ")) {
            if g.init.is_empty() && g.size as usize >= pb {
                let _ = self.memory.write(g.addr, &envp.to_le_bytes()[..pb]);
            }
        }
    }

    /// Builds a NULL-terminated array of C strings (`argv`, `envp`) in main's memory.
    fn string_array(&mut self, args: &[String]) -> u64 {
        let pb = self.program.model.ptr_bytes as u64;
        let n = args.len() as u64;
        let Some((_, arr)) = self.memory.allocate(0, (n + 1) * pb, pb, ObjKind::Global, 0, SrcLoc::default()) else {
            return 0;
        };
        for (i, a) in args.iter().enumerate() {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            if let Some((_, s)) = self.memory.allocate(0, bytes.len() as u64, 1, ObjKind::Global, 0, SrcLoc::default())
            {
                let _ = self.memory.write(s, &bytes);
                let _ = self.memory.write(arr + i as u64 * pb, &s.to_le_bytes()[..pb as usize]);
            }
        }
        arr
    }

    /// Pushes a frame calling `func` with argument values (each a list of words) on thread
    /// `t`; `var_args` are laid out in a variadic argument area.
    pub(crate) fn push_frame(
        &mut self,
        t: usize,
        func: FuncId,
        args: &[Vec<u64>],
        var_args: &[(Vec<u64>, u32, bool)],
        ret: Option<(u32, u32)>,
        kind: FrameKind,
    ) {
        let f = &self.program.functions[func as usize];
        let th = &mut self.threads[t];
        let base = th.regs.len();
        th.regs.resize(base + f.frame_words as usize, 0);
        for (i, (reg, words)) in f.params.iter().enumerate() {
            if let Some(v) = args.get(i) {
                let n = (*words as usize).min(v.len());
                th.regs[base + *reg as usize..base + *reg as usize + n].copy_from_slice(&v[..n]);
            }
        }
        th.stack_bytes += f.frame_words as u64 * 8 + 64;
        th.loop_count = 0;
        let atomic = f.atomic;
        if atomic {
            th.atomic_depth += 1;
        }
        th.calls = th.calls.wrapping_add(1);
        let serial = th.calls;
        th.frames.push(Frame { func, pc: 0, base, ret, allocas: Vec::new(), va_area: 0, kind, atomic, serial });
        if f.is_var_arg {
            let area = self.var_arg_area(t, var_args);
            if let Some(fr) = self.threads[t].frames.last_mut() {
                fr.va_area = area;
            }
        }
    }

    /// Lays out variadic arguments as the ABI's overflow area: 8-byte slots on 64-bit
    /// targets, 4-byte slots on 32-bit ones (doubles and 64-bit ints take two).
    fn var_arg_area(&mut self, t: usize, var_args: &[(Vec<u64>, u32, bool)]) -> u64 {
        let slot = if self.program.model.ptr_bytes == 8 { 8 } else { 4 };
        let mut bytes = Vec::new();
        for (words, size, _) in var_args {
            let mut b: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            b.truncate(*size as usize);
            let len = (*size as usize).max(1).next_multiple_of(slot);
            if slot == 8 && *size > 8 {
                bytes.resize(bytes.len().next_multiple_of(16), 0);
            }
            b.resize(len, 0);
            bytes.extend_from_slice(&b);
        }
        bytes.resize(bytes.len() + 16, 0);
        let th_slot = self.threads[t].slot;
        match self.memory.allocate(th_slot, bytes.len() as u64, 16, ObjKind::VaArgs, t, SrcLoc::default()) {
            Some((id, base)) => {
                self.memory.objects[id as usize].bytes = std::rc::Rc::from(bytes);
                if let Some(fr) = self.threads[t].frames.last_mut() {
                    fr.allocas.push(id);
                }
                base
            }
            None => 0,
        }
    }

    /// For each register word of thread `t`, whether it may still be read: a dead
    /// register cannot change the future, so state comparison and the pruning of the path
    /// constraint ignore it (see `ravel_ir::liveness`). Words above the top frame are dead.
    pub fn live_regs(&self, t: usize) -> Vec<bool> {
        let th = &self.threads[t];
        let mut live = vec![false; th.regs.len()];
        for fr in &th.frames {
            let f = &self.program.functions[fr.func as usize];
            let end = (fr.base + f.frame_words as usize).min(live.len());
            if fr.base < end {
                f.live.mark_live(fr.pc, &mut live[fr.base..end]);
            }
        }
        live
    }

    /// [`Machine::live_regs`] of every thread.
    pub fn live_masks(&self) -> Vec<Vec<bool>> {
        (0..self.threads.len()).map(|t| self.live_regs(t)).collect()
    }

    /// Thread `t`'s registers that hold symbolic values and may still be read (`live` is
    /// its [`Machine::live_regs`]), as (register, expression).
    pub fn live_shadows<'a>(
        &'a self,
        t: usize,
        live: &'a [bool],
    ) -> impl Iterator<Item = (u32, ravel_sym::ExprId)> + 'a {
        self.threads[t].sym_regs.iter().filter(|(&k, _)| live.get(k as usize) == Some(&true)).map(|(&k, &e)| (k, e))
    }

    /// True when thread `t`'s next step ends the program (main returning while other
    /// threads still run).
    pub fn exits_next(&self, t: usize) -> bool {
        self.threads.exits_next(t)
    }

    /// True when an error ended the execution. A data race found in the transition that
    /// ended it otherwise (the program exited, aborted, ...) still happened, so race
    /// detectors look at every transition unless this holds.
    pub fn ended_in_error(&self) -> bool {
        self.ending.ended_in_error()
    }

    /// True when the execution is over (exit, error, limit, ...).
    pub fn is_done(&self) -> bool {
        self.ending.is_done()
    }

    /// Ends the execution with an error in thread `t` at its current location.
    pub(crate) fn fail(&mut self, t: usize, kind: ErrorKind, message: impl Into<String>) {
        let loc = self.current_loc(t);
        self.ending.fail(ProgramError::at(kind, message.into(), t, loc));
    }

    pub(crate) fn fault(&mut self, t: usize, f: Fault) {
        if f.unsupported {
            return self.unsupported(t, f.message);
        }
        let loc = self.current_loc(t);
        let mut error = ProgramError::at(f.kind, f.message, t, loc);
        error.block = f.block;
        if let Some((by, at, lead)) = f.freed {
            let who = self.threads.get(by).map_or_else(|| format!("[{by}]"), |th| th.name());
            error.message.push_str(&format!(" ({lead} thread {who} at {}:{})", self.program.file_name(at), at.line));
            error.related.push((by, at));
        }
        self.ending.fail(error);
    }

    pub(crate) fn unsupported(&mut self, t: usize, what: impl Into<String>) {
        let loc = self.current_loc(t);
        self.ending.set(End::Unsupported { what: what.into(), loc, thread: t });
    }

    /// Thread `t`'s calls, innermost first: each function's name and where it is (the
    /// current instruction in the innermost frame, the call site in the others); frames
    /// without a source location (library stubs) are left out.
    pub fn call_stack(&self, t: usize) -> Vec<(String, SrcLoc)> {
        let names = |fr: StackFrame| (self.program.functions[fr.func as usize].name.clone(), fr.loc);
        self.stack_frames(t).into_iter().map(names).collect()
    }

    /// Thread `t`'s call stack, innermost frame first (frames without a source line left
    /// out).
    pub fn stack_frames(&self, t: usize) -> CallStack {
        let frames = &self.threads[t].frames;
        let innermost = frames.len().saturating_sub(1);
        frames
            .iter()
            .enumerate()
            .rev()
            .filter_map(|(i, fr)| {
                let f = &self.program.functions[fr.func as usize];
                // Callers stand after their call instruction.
                let pc = if i == innermost { fr.pc } else { fr.pc.saturating_sub(1) };
                let loc = f.locs.get(pc as usize).copied()?;
                (loc.line != 0).then_some(StackFrame { func: fr.func, loc })
            })
            .collect()
    }

    /// With [`Config::site_stacks`]: notes thread `t`'s stack at a shared access at `at`.
    pub(crate) fn note_site(&mut self, t: usize, at: SrcLoc) {
        if self.journal.site_stacks().is_some() {
            let stack = self.stack_frames(t);
            if let Some(s) = self.journal.site_stacks_mut() {
                s.note_access(t, at, stack);
            }
        }
    }

    /// With [`Config::site_stacks`]: notes that thread `t` allocated the heap block at
    /// `base`.
    pub(crate) fn note_allocation_site(&mut self, base: u64, t: usize) {
        if self.journal.site_stacks().is_some() && base != 0 {
            let stack = self.stack_frames(t);
            if let Some(s) = self.journal.site_stacks_mut() {
                s.note_allocation(base, t, stack);
            }
        }
    }

    /// With [`Config::site_stacks`]: notes that thread `creator`, at its current stack,
    /// created thread `child`.
    pub(crate) fn note_creation_site(&mut self, child: usize, creator: usize) {
        if self.journal.site_stacks().is_some() {
            let stack = self.stack_frames(creator);
            if let Some(s) = self.journal.site_stacks_mut() {
                s.note_creation(child, creator, stack);
            }
        }
    }

    /// The call stack of thread `t` at the place `loc` an error names: that of its latest
    /// shared access there, else its own if it stands there now (a blocked thread, a
    /// failed check), else that of its latest traced operation there. Empty without
    /// [`Config::site_stacks`].
    pub fn site_stack(&self, t: usize, loc: SrcLoc) -> CallStack {
        let Some(sites) = self.journal.site_stacks() else { return Vec::new() };
        if let Some(stack) = sites.access(t, loc) {
            return stack.clone();
        }
        if self.threads.get(t).is_some_and(|th| !th.finished) {
            let stack = self.stack_frames(t);
            if stack.first().is_some_and(|f| f.loc == loc) {
                return stack;
            }
        }
        self.journal.traced_stack(t, loc).cloned().unwrap_or_default()
    }

    /// With [`Config::site_stacks`]: which thread allocated the heap block starting at
    /// `base`, and its stack at the allocation.
    pub fn allocation_site(&self, base: u64) -> Option<&(usize, CallStack)> {
        self.journal.site_stacks()?.allocation(base)
    }

    /// The start of the heap block holding `addr`, freed or not.
    pub fn heap_block(&mut self, addr: u64) -> Option<u64> {
        let (id, _) = self.memory.find(addr)?;
        let obj = &self.memory.objects[id as usize];
        (obj.kind == ObjKind::Heap).then_some(obj.base)
    }

    /// With [`Config::site_stacks`]: which thread created thread `t`, and its stack at
    /// the `pthread_create`.
    pub fn creation_site(&self, t: usize) -> Option<&(usize, CallStack)> {
        self.journal.site_stacks()?.creation(t)
    }

    /// Source location of the instruction thread `t` is at (in a library stub: its
    /// caller's call site).
    pub fn current_loc(&self, t: usize) -> SrcLoc {
        let th = &self.threads[t];
        match th.frames.last() {
            Some(fr) => {
                let f = &self.program.functions[fr.func as usize];
                let loc = f.locs.get(fr.pc as usize).copied().unwrap_or_default();
                if loc.line == 0 {
                    // Stubs have no location: use the caller's call site.
                    th.frames
                        .iter()
                        .rev()
                        .skip(1)
                        .find_map(|c| {
                            let l = self.program.functions[c.func as usize]
                                .locs
                                .get(c.pc.saturating_sub(1) as usize)
                                .copied()?;
                            (l.line != 0).then_some(l)
                        })
                        .unwrap_or(loc)
                } else {
                    loc
                }
            }
            None => SrcLoc::default(),
        }
    }

    /// Ends the execution when ravel holds more memory than `max_memory`; returns whether
    /// it did.
    pub(crate) fn check_memory(&mut self) -> bool {
        let Some(limit) = self.config.max_memory.filter(|&l| crate::resident::exceeds(l)) else {
            return false;
        };
        self.ending.reach(crate::Limit::Memory(limit));
        true
    }

    /// After an allocation of `size` bytes failed in thread `t`'s region: ends the
    /// execution at [`crate::Limit::NarrowRegion`] when only the region's small size is to
    /// blame, and says whether it did.
    pub(crate) fn narrow_region_full(&mut self, t: usize, size: u64) -> bool {
        let short = self.memory.narrow_region_short(self.threads[t].slot, size);
        if short {
            self.ending.reach(crate::Limit::NarrowRegion);
        }
        short
    }

    /// Whether one operation may take `bytes` more memory (a library call filling or
    /// copying a large block) without going past `max_memory`; if not, the execution ends
    /// at the limit before the operation runs, rather than overshooting it by the block.
    pub(crate) fn room_for(&mut self, bytes: u64) -> bool {
        let Some(limit) = self.config.max_memory else { return true };
        let resident = crate::resident::resident_bytes().unwrap_or(0);
        // Memory holds a block's bytes and, once written, their shadow: about twice the size.
        if resident.saturating_add(bytes.saturating_mul(2)) <= limit {
            return true;
        }
        self.ending.reach(crate::Limit::Memory(limit));
        false
    }

    /// True when a thread waits to end the process ([`Config::defer_exit`]): a state in
    /// which the other threads can only spin or wait is then its end, not a hang.
    pub fn exit_waits(&self) -> bool {
        self.threads.exit_waits()
    }

    /// True when, with exits deferred ([`Config::defer_exit`]), the execution ended at a
    /// point where no other thread could run: that last step cuts nothing short.
    pub fn ended_alone(&self) -> bool {
        self.ending.ended_alone()
    }

    /// Ends the whole program with `status` (after atexit handlers ran).
    pub(crate) fn terminate(&mut self, status: i32) {
        self.ending.exit(status, self.threads.running_besides_main());
    }
}
