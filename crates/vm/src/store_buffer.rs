//! Total store order (x86-TSO, Owens, Sarkar, Sewell: "A Better x86 Memory Model"), as an
//! operational model: each thread's stores to shared memory wait in a FIFO store buffer
//! until a separate step — the buffer's, which an explorer schedules like a thread's —
//! makes the oldest one visible; the thread's own loads see its buffered stores first.
//! Operations that are full fences on x86 (locked read-modify-writes, `seq_cst` stores and
//! fences, library and pthread calls, a thread's end) wait until the buffer is empty.
//! Under sequential consistency no buffer is ever used.
//!
//! The explorers see a store entering the buffer as a write of `Loc::Buffered(thread,
//! seq)`, and the step that makes it visible as a write of that location and of its memory
//! word ([`LogEntry::Flush`](crate::events::LogEntry::Flush)), so happens-before orders the two; an operation that waited
//! for the buffer to empty reads the location of the last store made visible.

use crate::memory::ObjId;
use ravel_ir::{Builtin, Callee, FuncId, Inst, Ordering, SrcLoc};
use ravel_sym::ExprId;
use std::collections::VecDeque;

/// The memory model executions follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MemoryModel {
    /// Sequential consistency: a store is visible to every thread at once.
    #[default]
    Sc,
    /// Total store order: stores wait in a per-thread FIFO buffer (see the module docs).
    Tso,
    /// RC11, the repaired C11 model: axiomatic, explored over execution graphs only (no
    /// operational rule here: reads are decided by the explorer, see
    /// [`crate::Config::record_values`]).
    Rc11,
    /// IMM, the intermediate model between C11 and the hardware models (Podkopaev, Lahav,
    /// Vafeiadis, POPL 2019): axiomatic like [`MemoryModel::Rc11`].
    Imm,
}

impl MemoryModel {
    /// Every model, for looking one up by name.
    const ALL: [MemoryModel; 4] = [MemoryModel::Sc, MemoryModel::Tso, MemoryModel::Rc11, MemoryModel::Imm];

    /// What the model decides, asked where models differ (picked once per use site, never
    /// matched on elsewhere).
    pub fn rules(self) -> &'static dyn ModelRules {
        match self {
            MemoryModel::Sc => &SequentialConsistency,
            MemoryModel::Tso => &TotalStoreOrder,
            MemoryModel::Rc11 => &RepairedC11,
            MemoryModel::Imm => &Intermediate,
        }
    }

    /// The name users write (`--memory-model`) and witnesses record.
    pub fn name(self) -> &'static str {
        self.rules().name()
    }

    /// The model of a name, `None` for an unknown one.
    pub fn from_name(name: &str) -> Option<MemoryModel> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// The decisions in which memory models differ: one implementation per model, so a new
/// model is a type here and a variant of [`MemoryModel`], not an edit at every place that
/// asks.
pub trait ModelRules: Sync {
    /// The name users write (`--memory-model`) and witnesses record.
    fn name(&self) -> &'static str;
    /// The model in words, as a noun ("sequential consistency") for verdicts.
    fn noun(&self) -> &'static str;
    /// The model in words, as an adjective ("sequentially consistent") for notes.
    fn adjective(&self) -> &'static str;
    /// Whether stores wait in per-thread buffers until a step of their own makes them
    /// visible: explorers schedule those steps as agents of their own.
    fn store_buffers(&self) -> bool {
        false
    }
    /// Whether executing the program as it runs realises the model (false for a model
    /// given only by axioms: an explorer decides what each read reads).
    fn operational(&self) -> bool {
        true
    }
    /// Whether a store of `order` to shared writable memory, outside atomic sections,
    /// waits in its thread's buffer; `plain_interleaved`: plain accesses are scheduling
    /// points (`--interleave all`).
    fn buffers(&self, _order: Ordering, _plain_interleaved: bool) -> bool {
        false
    }
}

/// Sequential consistency: every store is visible at once.
struct SequentialConsistency;

impl ModelRules for SequentialConsistency {
    fn name(&self) -> &'static str {
        "sc"
    }
    fn noun(&self) -> &'static str {
        "sequential consistency"
    }
    fn adjective(&self) -> &'static str {
        "sequentially consistent"
    }
}

/// x86-TSO (see the module docs).
struct TotalStoreOrder;

impl ModelRules for TotalStoreOrder {
    fn name(&self) -> &'static str {
        "tso"
    }
    fn noun(&self) -> &'static str {
        "total store order (TSO)"
    }
    fn adjective(&self) -> &'static str {
        "TSO"
    }
    fn store_buffers(&self) -> bool {
        true
    }
    /// Every store but a `seq_cst` one (a locked exchange on x86). Unless plain accesses
    /// interleave, plain stores are written at once: a data-race-free program cannot tell,
    /// and a racy one is reported anyway.
    fn buffers(&self, order: Ordering, plain_interleaved: bool) -> bool {
        order != Ordering::SeqCst && (order != Ordering::NotAtomic || plain_interleaved)
    }
}

/// RC11 (see [`MemoryModel::Rc11`]): no store buffers; what a load reads is decided by
/// the explorer.
struct RepairedC11;

impl ModelRules for RepairedC11 {
    fn name(&self) -> &'static str {
        "rc11"
    }
    fn noun(&self) -> &'static str {
        "the C11 memory model (RC11)"
    }
    fn adjective(&self) -> &'static str {
        "RC11"
    }
    fn operational(&self) -> bool {
        false
    }
}

/// IMM (see [`MemoryModel::Imm`]): no store buffers; what a load reads is decided by the
/// explorer.
struct Intermediate;

impl ModelRules for Intermediate {
    fn name(&self) -> &'static str {
        "imm"
    }
    fn noun(&self) -> &'static str {
        "the intermediate memory model (IMM)"
    }
    fn adjective(&self) -> &'static str {
        "IMM"
    }
    fn operational(&self) -> bool {
        false
    }
}

/// A store not yet visible to other threads.
#[derive(Clone, Debug, Hash)]
pub(crate) struct BufferedStore {
    pub(crate) id: ObjId,
    pub(crate) off: usize,
    pub(crate) addr: u64,
    pub(crate) len: usize,
    pub(crate) value: u64,
    /// Position in the thread's sequence of buffered stores (names its `Loc::Buffered`).
    pub(crate) seq: u32,
    pub(crate) atomic: bool,
    pub(crate) at: SrcLoc,
    /// The value's expression over the symbolic inputs, when it has one.
    pub(crate) sym: Option<ExprId>,
}

/// One thread's store buffer.
#[derive(Clone, Debug, Default, Hash)]
pub(crate) struct StoreBuffer {
    pub(crate) entries: VecDeque<BufferedStore>,
    /// Stores buffered so far (the next one's `seq`).
    pub(crate) enqueued: u32,
    /// Stores whose being made visible a fence of the thread has read (see
    /// `Machine::note_fence`).
    pub(crate) fenced: u32,
}

/// How a library call relates to the store buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallFence {
    /// It touches no program memory: the buffer stays as it is.
    None,
    /// It is a full fence natively too (locked instructions: pthreads, stdio's locks,
    /// thread creation and exit).
    Fence,
    /// It touches memory without fencing natively (memcpy, strlen, malloc's fast path):
    /// ravel waits for the buffer to empty, which hides orders TSO allows, so an execution
    /// where the buffer was not empty there cannot support "safe".
    Approximate,
}

/// How a call of library function `b` relates to the caller's store buffer.
pub(crate) fn call_fence(b: Builtin) -> CallFence {
    use Builtin::*;
    match b {
        Nondet | NondetZeroOne | Assume | NoOp | Expect | StackSave | ObjectSize | IsConstant | ThreadSelf
        | ThreadEqual | Abs | Labs | Llabs | Toupper | Tolower | CtypeB | ErrnoLocation | Getpid | Getppid | Getuid
        | Getgid | Sysconf | SchedYield | Sleep | Usleep | Sqrt | Sqrtf | Fabs | Fabsf | Floor | Ceil | Round
        | Trunc | Pow | Exp | Log | Sin | Cos | Fmod | Copysign | Fma | MinNum | MaxNum | SAddOverflow
        | UAddOverflow | SSubOverflow | USubOverflow | SMulOverflow | UMulOverflow | SAddSat | UAddSat | SSubSat
        | USubSat | SMin | SMax | UMin | UMax | IntAbs | Ctpop | Ctlz | Cttz | Bswap | Bitreverse | Fshl | Fshr
        | ReachError | AssertFail | RavelAssert | Trap | Abort | AtomicEnd | RavelUnsupported | Epoch | Abstract => {
            CallFence::None
        }
        // The allocator touches only blocks no other thread can see yet (or frees one
        // without reading it); its own locking is no fence a program may count on.
        Malloc | Calloc | Free | AlignedAlloc | Rand | Srand | InvariantStart | ThreadLocalAddress | GetSpecific
        | SetSpecific => CallFence::None,
        Memcpy | Memmove | Memset | Memcmp | Memchr | Strlen | Strnlen | Strcpy | Strncpy | Strcat | Strncat
        | Strcmp | Strncmp | Strchr | Strrchr | Strstr | Strdup | Strndup | Sprintf | Snprintf | Vsprintf
        | Vsnprintf | Strtol | Strtoll | Strtoul | Strtoull | Atoi | Atol | Atoll | Strtod | Atof | MakeSymbolic
        | Realloc | PosixMemalign | VaStart | VaCopy | Time => CallFence::Approximate,
        // System calls move data between the kernel and memory directly; whether they drain
        // the store buffer natively is not something a program may count on.
        Clock | Gettimeofday | ClockGettime | ClockGetres | Nanosleep | ClockNanosleep | Getrlimit | Setrlimit
        | Getenv | Mmap | Munmap | Signal | Sigaction | Sigprocmask | PthreadSigmask | Sigemptyset | Sigfillset
        | Sigaddset | Sigdelset | Sigismember | Raise | Kill | PthreadKill | Sigwait | Open | Openat | Creat | Read
        | Write | Close | Lseek | Stat | Fstat | Lstat | Unlink | Access | Dup | Dup2 | Fcntl | Pipe | Pipe2
        | Socketpair | Eventfd | Poll | Select | Pselect | EpollCreate | EpollCreate1 | EpollCtl | EpollWait
        | EpollPwait | Isatty | Readv | Writev | Socket | Bind | Listen | Accept | Accept4 | Connect | Send | Recv
        | Sendto | Recvfrom | Sendmsg | Recvmsg | Setsockopt | Getsockopt | Getsockname | Getpeername | Shutdown => {
            CallFence::Approximate
        }
        _ => CallFence::Fence,
    }
}

/// Whether `inst` waits for the thread's store buffer to empty: an x86 locked instruction,
/// a `seq_cst` store or fence, a library call (its accesses are not buffered), entering an
/// atomic section, or the thread's final return (`depth`: its frames).
pub(crate) fn is_fence(inst: &Inst, depth: usize, atomic_fn: impl Fn(FuncId) -> bool) -> bool {
    match inst {
        Inst::Rmw { .. } | Inst::CmpXchg { .. } => true,
        Inst::Store { order, .. } | Inst::Fence { order } => *order == Ordering::SeqCst,
        Inst::Call { callee: Callee::Builtin(b), .. } => call_fence(*b) != CallFence::None,
        Inst::Call { callee: Callee::Func(g), .. } => atomic_fn(*g),
        Inst::Ret { .. } => depth == 1,
        _ => false,
    }
}
