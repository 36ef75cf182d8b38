//! Threads: call stacks with register files, and the blocking state of a thread.

use crate::memory::ObjId;
use ravel_ir::{FuncId, Pc, Reg};
use rustc_hash::FxHashMap;

/// Why a frame exists, which decides what happens when it returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrameKind {
    /// An ordinary call.
    Call,
    /// The bottom frame of a thread (main or a thread start routine).
    Start,
    /// A global constructor run before main.
    Ctor,
    /// An `atexit` handler.
    AtExit,
    /// A thread-specific data destructor.
    Destructor,
    /// The init routine of `pthread_once`; the address is the once control.
    Once(u64),
    /// A signal handler run inside a call, which returns this value after it.
    Signal(u64),
}

/// One activation.
#[derive(Debug)]
pub struct Frame {
    pub func: FuncId,
    pub pc: Pc,
    /// Offset of this frame's registers in [`Thread::regs`].
    pub base: usize,
    /// Where the caller wants the result.
    pub ret: Option<(Reg, u32)>,
    pub allocas: Vec<ObjId>,
    /// Address of the variadic argument area, 0 if none.
    pub va_area: u64,
    pub kind: FrameKind,
    /// The function runs atomically (`__VERIFIER_atomic_*`).
    pub atomic: bool,
    /// Which call of its thread this is (see [`Thread::calls`]): a `longjmp` checks that
    /// the frame its `setjmp` ran in is still the same activation.
    pub serial: u32,
}

crate::clone_reusing!(Frame { func, pc, base, ret, allocas, va_area, kind, atomic, serial });

/// What a thread waits for after the first half of a two-phase operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wait {
    None,
    /// `main` returned while other threads run: the process exits at this thread's next
    /// step, so other threads may still run before it (a scheduling point).
    Exit {
        status: i32,
    },
    /// In `pthread_cond_wait` on `cond`, mutex released; a timed wait (with its absolute
    /// deadline on the real-time clock, in ns) may time out.
    Cond {
        cond: u64,
        mutex: u64,
        deadline: Option<u64>,
    },
    /// Signalled: must re-acquire `mutex` before returning from the wait.
    Reacquire {
        mutex: u64,
        timed_out: bool,
    },
    /// Arrived at barrier `addr` in generation `generation`.
    Barrier {
        addr: u64,
        generation: u64,
    },
    /// Exiting the process with `status`, its atexit handlers done
    /// ([`crate::Config::defer_exit`]): it terminates once no other thread can run.
    Terminate {
        status: i32,
    },
}

/// A thread of the program.
#[derive(Debug)]
pub struct Thread {
    /// Hierarchical id: the path of child indices from main (main is empty).
    pub path: Vec<u32>,
    pub frames: Vec<Frame>,
    pub regs: Vec<u64>,
    pub finished: bool,
    pub wait: Wait,
    pub retval: u64,
    /// The return value was derived from symbolic inputs (its current value was kept).
    pub retval_symbolic: bool,
    pub detached: bool,
    pub joined: bool,
    /// Number of threads this thread created (for children's ids).
    pub children: u32,
    /// Depth of `__VERIFIER_atomic_begin` sections and atomic functions.
    pub atomic_depth: u32,
    /// Thread-local instances: template (global) address → this thread's copy.
    pub tls: FxHashMap<u64, u64>,
    /// `pthread_setspecific` values by key.
    pub specific: FxHashMap<u32, u64>,
    /// Allocation slot (address region).
    pub slot: usize,
    /// Bytes of stack in use, for the stack overflow check.
    pub stack_bytes: u64,
    /// Rounds of key destructors already run at exit.
    pub destructor_rounds: u32,
    /// Where the thread began to exit (its `pthread_exit` or its start routine's return):
    /// the place its stack and thread-local storage end.
    pub exit_at: ravel_ir::SrcLoc,
    /// Frames pushed so far (wrapping): the next frame's serial number.
    pub calls: u32,
    /// The thread's cleanup handlers (`pthread_cleanup_push`), innermost last: the
    /// addresses of their unwind buffers.
    pub cleanups: Vec<u64>,
    /// The value of a `pthread_exit` whose cleanup handlers are running.
    pub exiting_with: Option<u64>,
    /// Backward jumps since the thread's last visible operation, and the state saved for
    /// cycle detection (Brent's algorithm).
    pub loop_count: u64,
    pub loop_saved: Option<u64>,
    /// Set when the thread loops forever without side effects; holds the memory write
    /// counter at that moment (a write by another thread may release it).
    pub stuck: Option<u64>,
    /// Blocked forever (relock of a normal mutex by its owner, when that is not an error).
    pub hung: bool,
    /// Symbolic shadows of registers (index into `regs` → expression); empty unless the
    /// thread holds values derived from symbolic inputs.
    pub sym_regs: FxHashMap<u32, ravel_sym::ExprId>,
    /// Stopped before a branch on symbolic inputs (see
    /// [`Config::pause_at_symbolic_branches`](crate::Config)); its next step decides it.
    pub at_branch: bool,
    /// Virtual time at which the thread stopped at its current operation: when a sleep
    /// or time-out it is about to start began (see `crate::timers`).
    pub arrived_ns: u64,
    /// Dead objects of private `alloca`s of returned frames, by function and pc: the next
    /// activation of the same `alloca` takes one back instead of a fresh object (no
    /// pointer to them can exist, so no use after return is missed).
    pub spare_allocas: Vec<(FuncId, Pc, ObjId)>,
}

crate::clone_reusing!(Thread {
    path,
    frames,
    regs,
    finished,
    wait,
    retval,
    retval_symbolic,
    detached,
    joined,
    children,
    atomic_depth,
    tls,
    specific,
    slot,
    stack_bytes,
    destructor_rounds,
    exit_at,
    calls,
    cleanups,
    exiting_with,
    loop_count,
    loop_saved,
    stuck,
    hung,
    sym_regs,
    at_branch,
    arrived_ns,
    spare_allocas,
});

impl Thread {
    pub fn new(path: Vec<u32>, slot: usize) -> Thread {
        Thread {
            path,
            frames: Vec::new(),
            regs: Vec::new(),
            finished: false,
            wait: Wait::None,
            retval: 0,
            retval_symbolic: false,
            detached: false,
            joined: false,
            children: 0,
            atomic_depth: 0,
            tls: FxHashMap::default(),
            specific: FxHashMap::default(),
            slot,
            stack_bytes: 0,
            destructor_rounds: 0,
            exit_at: ravel_ir::SrcLoc::default(),
            calls: 0,
            cleanups: Vec::new(),
            exiting_with: None,
            loop_count: 0,
            loop_saved: None,
            stuck: None,
            hung: false,
            sym_regs: FxHashMap::default(),
            at_branch: false,
            arrived_ns: 0,
            spare_allocas: Vec::new(),
        }
    }

    /// The hierarchical id as text: `[0]` for main, `[0.1]` for its second child.
    pub fn name(&self) -> String {
        let mut s = String::from("[0");
        for p in &self.path {
            s.push('.');
            s.push_str(&(p + 1).to_string());
        }
        s.push(']');
        s
    }
}
