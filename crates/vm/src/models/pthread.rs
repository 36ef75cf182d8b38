//! The pthread and semaphore ABI: decodes arguments, reads attribute objects, maps results
//! to error numbers, and calls the semantics in `sync`.

use super::{fault_flow, Args, Flow, EAGAIN, EBUSY, EDEADLK, EINVAL, EPERM, ESRCH, ETIMEDOUT};
use crate::error::ErrorKind;
use crate::machine::{Chooser, Machine};
use crate::memory::Memory;
use crate::sync::{Barrier, LockOutcome, MutexKind};
use crate::thread::{FrameKind, Thread, Wait};
use ravel_ir::Builtin;

/// `PTHREAD_BARRIER_SERIAL_THREAD`.
const BARRIER_SERIAL: u64 = u32::MAX as u64;

impl Machine {
    /// Kind of the mutex at `addr`: as initialised, or as the static initialiser wrote it
    /// into the `__kind` field of glibc's layout.
    pub(crate) fn mutex_kind(&mut self, addr: u64) -> MutexKind {
        if let Some(m) = self.sync.mutexes.get(&addr) {
            return m.kind;
        }
        let off = if self.program.model.ptr_bytes == 8 { 16 } else { 12 };
        match self.memory.read(addr + off, 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])) {
            Ok(1) => MutexKind::Recursive,
            Ok(2) => MutexKind::ErrorCheck,
            _ => MutexKind::Normal,
        }
    }

    fn read_u32(&mut self, addr: u64) -> Option<u32> {
        self.memory.read(addr, 4).ok().map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn write_ptr(&mut self, addr: u64, v: u64) -> Result<(), crate::memory::Fault> {
        let pb = self.program.model.ptr_bytes as usize;
        self.memory.write(addr, &v.to_le_bytes()[..pb])
    }

    /// True when thread `t`, stopped at a pthread call, can execute it now.
    pub(crate) fn call_enabled(&mut self, t: usize, b: Builtin, a: &Args) -> bool {
        use Builtin::*;
        match b {
            MutexLock | SpinLock => {
                let kind = self.mutex_kind(a.get(0));
                self.sync.can_lock(a.get(0), kind, t)
            }
            ThreadJoin => self.thread_by_handle(a.get(0)).is_none_or(|j| {
                self.threads[j].finished || j == t || self.threads[j].detached || self.threads[j].joined
            }),
            RwRdLock => {
                self.sync.can_read_lock(a.get(0))
                    || self.sync.rwlocks.get(&a.get(0)).is_some_and(|r| r.writer == Some(t))
            }
            RwWrLock => {
                self.sync.can_write_lock(a.get(0))
                    || self.sync.rwlocks.get(&a.get(0)).is_some_and(|r| r.writer == Some(t) || r.readers.contains(&t))
            }
            SemWait => self.sync.sems.get(&a.get(0)).copied().unwrap_or(0) > 0,
            Once => self.read_u32(a.get(0)) != Some(1),
            _ => true,
        }
    }
}

fn misuse(m: &mut Machine, t: usize, msg: String) -> Flow {
    m.fail(t, ErrorKind::PthreadMisuse, msg);
    Flow::End
}

/// The misuse of initialising `addr` with `b` when its declaration initialised it
/// statically and it was not destroyed since (POSIX: undefined behaviour); otherwise
/// `None`, and the object counts as initialised from here on. Only under strict
/// pthread semantics.
fn initialised_statically(m: &mut Machine, t: usize, b: Builtin, addr: u64) -> Option<Flow> {
    // SV-COMP semantics (not strict) allow what glibc does: the zero bytes are overwritten.
    if !m.config.strict_pthread {
        return None;
    }
    let init = m.program.static_inits.get(&addr)?.clone();
    if m.sync.static_destroyed.remove(&addr) {
        return None;
    }
    let name = m.symbolize(addr);
    let file = init.file.rsplit('/').next().unwrap_or(&init.file);
    let message = format!(
        "{} of {name}, a {} already initialised by {} at {file}:{} (initialising an initialised object is undefined)",
        b.c_name(),
        init.kind.noun(),
        init.initializer,
        init.line
    );
    if m.config.defer_reinit {
        let loc = m.current_loc(t);
        m.deferred.push(crate::error::ProgramError::at(ErrorKind::PthreadMisuse, message, t, loc));
        return None;
    }
    Some(misuse(m, t, message))
}

/// Notes that a statically initialised object at `addr` was destroyed (it may be
/// initialised again).
fn destroyed(m: &mut Machine, addr: u64) {
    if m.program.static_inits.contains_key(&addr) {
        m.sync.static_destroyed.insert(addr);
    }
}

pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Option<Flow> {
    use Builtin::*;
    let p0 = a.get(0);
    Some(match b {
        ThreadCreate => create(m, t, a, chooser),
        ThreadJoin => join(m, t, a),
        ThreadDetach => match m.thread_by_handle(p0) {
            None => Flow::Return(ESRCH),
            Some(j) if m.threads[j].detached || m.threads[j].joined => Flow::Return(EINVAL),
            Some(j) => {
                m.threads[j].detached = true;
                Flow::Return(0)
            }
        },
        ThreadExit => {
            m.begin_thread_exit(t, p0);
            Flow::Stay
        }
        ThreadSelf => Flow::Return(Machine::handle_of(t)),
        ThreadEqual => Flow::Return((p0 == a.get(1)) as u64),
        AttrInit | AttrDestroy => match m.memory.write(p0, &[0; 4]) {
            Ok(()) => Flow::Return(0),
            Err(e) => fault_flow(m, t, e),
        },
        AttrSetDetachState => match m.memory.write(p0, &(a.get(1) as u32).to_le_bytes()) {
            Ok(()) => Flow::Return(0),
            Err(e) => fault_flow(m, t, e),
        },
        AttrGetDetachState => {
            let v = m.read_u32(p0).unwrap_or(0);
            match m.memory.write(a.get(1), &v.to_le_bytes()) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        AttrIgnored | MutexAttrIgnored | CondAttrIgnored | RwAttrIgnored | BarrierAttrIgnored => Flow::Return(0),
        MutexAttrInit | MutexAttrDestroy => match m.memory.write(p0, &[0; 4]) {
            Ok(()) => Flow::Return(0),
            Err(e) => fault_flow(m, t, e),
        },
        MutexAttrSetType => {
            if a.get(1) > 3 {
                return Some(Flow::Return(EINVAL));
            }
            match m.memory.write(p0, &(a.get(1) as u32).to_le_bytes()) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        MutexAttrGetType => {
            let v = m.read_u32(p0).unwrap_or(0);
            match m.memory.write(a.get(1), &v.to_le_bytes()) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        MutexInit | SpinInit => {
            let kind = match (b, a.get(1)) {
                (MutexInit, attr) if attr != 0 => match m.read_u32(attr) {
                    Some(1) => MutexKind::Recursive,
                    Some(2) => MutexKind::ErrorCheck,
                    _ => MutexKind::Normal,
                },
                _ => MutexKind::Normal,
            };
            if m.sync.mutexes.get(&p0).is_some_and(|mx| mx.owner.is_some()) {
                return Some(misuse(m, t, "initialisation of a locked mutex".into()));
            }
            if let Some(flow) = initialised_statically(m, t, b, p0) {
                return Some(flow);
            }
            m.sync.mutexes.insert(p0, crate::sync::Mutex { kind, owner: None, count: 0 });
            Flow::Return(0)
        }
        MutexLock | SpinLock | MutexTryLock | SpinTryLock | MutexTimedLock => lock(m, t, b, p0),
        MutexUnlock | SpinUnlock => {
            let kind = m.mutex_kind(p0);
            match m.sync.unlock(p0, kind, t) {
                Ok(()) => Flow::Return(0),
                Err(_) if kind != MutexKind::Normal => Flow::Return(EPERM),
                Err(None) => misuse(m, t, "unlock of a mutex that is not locked".into()),
                Err(Some(o)) => {
                    let owner = m.threads[o].name();
                    misuse(m, t, format!("unlock of a mutex owned by thread {owner}"))
                }
            }
        }
        MutexDestroy | SpinDestroy => {
            if m.sync.mutexes.get(&p0).is_some_and(|mx| mx.owner.is_some()) {
                return Some(misuse(m, t, "destroy of a locked mutex".into()));
            }
            if m.sync.conds.values().any(|_| false) {
                return Some(Flow::Return(EBUSY));
            }
            m.sync.mutexes.remove(&p0);
            destroyed(m, p0);
            Flow::Return(0)
        }
        CondInit => {
            if let Some(flow) = initialised_statically(m, t, b, p0) {
                return Some(flow);
            }
            m.sync.conds.insert(p0, Default::default());
            Flow::Return(0)
        }
        CondDestroy => {
            if m.sync.conds.get(&p0).is_some_and(|c| !c.waiters.is_empty()) {
                return Some(misuse(m, t, "destroy of a condition variable that threads wait on".into()));
            }
            m.sync.conds.remove(&p0);
            destroyed(m, p0);
            Flow::Return(0)
        }
        CondWait | CondTimedWait => {
            let mutex = a.get(1);
            let kind = m.mutex_kind(mutex);
            if m.sync.unlock(mutex, kind, t).is_err() {
                return Some(if kind == MutexKind::Normal {
                    misuse(m, t, "pthread_cond_wait with a mutex the thread does not hold".into())
                } else {
                    Flow::Return(EPERM)
                });
            }
            if let Some(mx) = m.sync.mutexes.get_mut(&mutex) {
                mx.owner = None;
                mx.count = 0;
            }
            m.sync.conds.entry(p0).or_default().waiters.push_back(t);
            let deadline = (b == CondTimedWait).then(|| crate::models::posix::timespec_ns(m, a.get(2)).unwrap_or(0));
            m.threads[t].wait = Wait::Cond { cond: p0, mutex, deadline };
            Flow::Block
        }
        CondSignal | CondBroadcast => {
            let cond = m.sync.conds.entry(p0).or_default();
            let woken: Vec<usize> = if cond.waiters.is_empty() {
                Vec::new()
            } else if b == CondBroadcast {
                cond.waiters.drain(..).collect()
            } else {
                let n = cond.waiters.len();
                let i = if n == 1 { 0 } else { chooser.choose(n) };
                cond.waiters.remove(i).into_iter().collect()
            };
            for w in woken {
                if let Wait::Cond { mutex, .. } = m.threads[w].wait {
                    m.threads[w].wait = Wait::Reacquire { mutex, timed_out: false };
                }
            }
            Flow::Return(0)
        }
        RwInit => {
            if let Some(flow) = initialised_statically(m, t, b, p0) {
                return Some(flow);
            }
            m.sync.rwlocks.insert(p0, Default::default());
            Flow::Return(0)
        }
        RwDestroy => {
            if m.sync.rwlocks.get(&p0).is_some_and(|r| r.writer.is_some() || !r.readers.is_empty()) {
                return Some(misuse(m, t, "destroy of a locked read-write lock".into()));
            }
            m.sync.rwlocks.remove(&p0);
            destroyed(m, p0);
            Flow::Return(0)
        }
        RwRdLock | RwTryRdLock => {
            let rw = m.sync.rwlocks.entry(p0).or_default();
            if rw.writer == Some(t) {
                Flow::Return(EDEADLK)
            } else if rw.writer.is_none() {
                rw.readers.push(t);
                Flow::Return(0)
            } else if b == RwTryRdLock {
                Flow::Return(EBUSY)
            } else {
                Flow::Block
            }
        }
        RwWrLock | RwTryWrLock => {
            let rw = m.sync.rwlocks.entry(p0).or_default();
            if rw.writer == Some(t) || rw.readers.contains(&t) {
                Flow::Return(EDEADLK)
            } else if rw.writer.is_none() && rw.readers.is_empty() {
                rw.writer = Some(t);
                Flow::Return(0)
            } else if b == RwTryWrLock {
                Flow::Return(EBUSY)
            } else {
                Flow::Block
            }
        }
        RwUnlock => {
            let rw = m.sync.rwlocks.entry(p0).or_default();
            if rw.writer == Some(t) {
                rw.writer = None;
                Flow::Return(0)
            } else if let Some(i) = rw.readers.iter().position(|&r| r == t) {
                rw.readers.remove(i);
                Flow::Return(0)
            } else {
                misuse(m, t, "unlock of a read-write lock the thread does not hold".into())
            }
        }
        BarrierInit => {
            let count = a.get(2) as u32;
            if count == 0 {
                return Some(Flow::Return(EINVAL));
            }
            m.sync.barriers.insert(p0, Barrier { count, arrived: 0, generation: 0 });
            Flow::Return(0)
        }
        BarrierDestroy => {
            m.sync.barriers.remove(&p0);
            Flow::Return(0)
        }
        BarrierWait => {
            let Some(bar) = m.sync.barriers.get_mut(&p0) else {
                return Some(misuse(m, t, "wait on an uninitialised barrier".into()));
            };
            bar.arrived += 1;
            if bar.arrived >= bar.count {
                bar.arrived = 0;
                bar.generation += 1;
                Flow::Return(BARRIER_SERIAL)
            } else {
                let generation = bar.generation;
                m.threads[t].wait = Wait::Barrier { addr: p0, generation };
                Flow::Block
            }
        }
        SemInit => {
            m.sync.sems.insert(p0, a.get(2) as u32);
            Flow::Return(0)
        }
        SemDestroy => {
            m.sync.sems.remove(&p0);
            Flow::Return(0)
        }
        SemPost => {
            *m.sync.sems.entry(p0).or_insert(0) += 1;
            Flow::Return(0)
        }
        SemWait | SemTryWait | SemTimedWait => {
            let v = m.sync.sems.entry(p0).or_insert(0);
            if *v > 0 {
                *v -= 1;
                Flow::Return(0)
            } else if b == SemWait {
                Flow::Block
            } else {
                let errno = if b == SemTryWait { EAGAIN } else { ETIMEDOUT };
                if let Err(f) = set_errno(m, t, errno) {
                    return Some(fault_flow(m, t, f));
                }
                Flow::Return(u64::MAX)
            }
        }
        SemGetValue => {
            let v = m.sync.sems.get(&p0).copied().unwrap_or(0);
            match m.memory.write(a.get(1), &v.to_le_bytes()) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        Once => match m.read_u32(p0) {
            Some(0) => {
                let _ = m.memory.write(p0, &1u32.to_le_bytes());
                match m.program.function_at(a.get(1)) {
                    Some(f) => {
                        m.push_frame(t, f, &[], &[], None, FrameKind::Once(p0));
                        Flow::Stay
                    }
                    None => {
                        m.fail(t, ErrorKind::NullDereference, "pthread_once with an invalid init routine");
                        Flow::End
                    }
                }
            }
            Some(_) => Flow::Return(0),
            None => {
                let f = m
                    .memory
                    .check(p0, 4, false)
                    .err()
                    .unwrap_or_else(|| crate::memory::Fault::new(ErrorKind::OutOfBounds, "bad once control"));
                fault_flow(m, t, f)
            }
        },
        KeyCreate => {
            let k = m.sync.keys.len() as u32;
            m.sync.keys.push(Some(a.get(1)));
            match m.memory.write(p0, &k.to_le_bytes()) {
                Ok(()) => Flow::Return(0),
                Err(e) => fault_flow(m, t, e),
            }
        }
        KeyDelete => match m.sync.keys.get_mut(p0 as usize) {
            Some(k @ Some(_)) => {
                *k = None;
                Flow::Return(0)
            }
            _ => Flow::Return(EINVAL),
        },
        SetSpecific => {
            if !matches!(m.sync.keys.get(p0 as usize), Some(Some(_))) {
                return Some(Flow::Return(EINVAL));
            }
            m.threads[t].specific.insert(p0 as u32, a.get(1));
            Flow::Return(0)
        }
        GetSpecific => Flow::Return(m.threads[t].specific.get(&(p0 as u32)).copied().unwrap_or(0)),
        _ => return None,
    })
}

fn create(m: &mut Machine, t: usize, a: &Args, chooser: &mut dyn Chooser) -> Flow {
    let Some(start) = m.program.function_at(a.get(2)) else {
        m.fail(t, ErrorKind::NullDereference, format!("pthread_create with an invalid start routine {:#x}", a.get(2)));
        return Flow::End;
    };
    let detached = a.get(1) != 0 && m.read_u32(a.get(1)) == Some(1);
    let mut path = m.threads[t].path.clone();
    path.push(m.threads[t].children);
    m.threads[t].children += 1;
    let new = m.threads.len();
    if m.region_clash(Memory::slot_for(&path)) {
        m.end = Some(crate::machine::End::Limit(
            "a new thread's memory region would overlap another's (too many threads for a 32-bit address space)".into(),
        ));
        return Flow::End;
    }
    let mut th = Thread::new(path.clone(), Memory::slot_for(&path));
    th.detached = detached;
    m.threads.push(th);
    m.live_threads += 1;
    let handle = if m.config.anonymous_handles { 0 } else { Machine::handle_of(new) };
    if let Err(e) = m.write_ptr(a.get(0), handle) {
        return fault_flow(m, t, e);
    }
    m.publish_words(&[a.get(3)]);
    if m.config.log_events {
        // Before the child's first code runs, so its accesses follow its creation.
        m.log.push(crate::events::LogEntry::Spawn { child: new });
    }
    m.record(t, crate::record::RecKind::Spawn { child: new });
    m.push_frame(new, start, &[vec![a.get(3)]], &[], None, FrameKind::Start);
    m.complete_call(t, Some(0));
    m.run_local(new, chooser);
    m.flush_guards(new);
    Flow::Stay
}

fn join(m: &mut Machine, t: usize, a: &Args) -> Flow {
    let Some(j) = m.thread_by_handle(a.get(0)) else {
        return Flow::Return(ESRCH);
    };
    if j == t {
        return Flow::Return(EDEADLK);
    }
    let name = m.threads[j].name();
    if m.threads[j].detached {
        return misuse(m, t, format!("join of detached thread {name}"));
    }
    if m.threads[j].joined {
        return misuse(m, t, format!("join of thread {name}, which was already joined"));
    }
    if !m.threads[j].finished {
        return Flow::Block;
    }
    m.threads[j].joined = true;
    let rv = m.threads[j].retval;
    if a.get(1) != 0 && m.threads[j].retval_symbolic {
        m.imprecise.get_or_insert_with(|| {
            format!("the value thread {name} returned depends on symbolic inputs; its other values were not explored")
        });
    }
    if a.get(1) != 0 {
        if let Err(e) = m.write_ptr(a.get(1), rv) {
            return fault_flow(m, t, e);
        }
    }
    Flow::Return(0)
}

fn lock(m: &mut Machine, t: usize, b: Builtin, addr: u64) -> Flow {
    use Builtin::*;
    let kind = m.mutex_kind(addr);
    match (m.sync.try_lock(addr, kind, t), b) {
        (LockOutcome::Acquired, _) => Flow::Return(0),
        (LockOutcome::Busy | LockOutcome::Deadlock | LockOutcome::SelfDeadlock, MutexTryLock | SpinTryLock) => {
            Flow::Return(EBUSY)
        }
        (LockOutcome::Busy | LockOutcome::SelfDeadlock, MutexTimedLock) => Flow::Return(ETIMEDOUT),
        (LockOutcome::Deadlock, _) => Flow::Return(EDEADLK),
        (LockOutcome::Busy, _) => Flow::Block,
        (LockOutcome::SelfDeadlock, _) if !m.config.strict_pthread => {
            m.threads[t].hung = true;
            Flow::Block
        }
        (LockOutcome::SelfDeadlock, _) => {
            misuse(m, t, "relock of a non-recursive mutex by the thread that holds it (self-deadlock)".into())
        }
    }
}

/// Sets the calling thread's errno.
pub(super) fn set_errno(m: &mut Machine, t: usize, v: u64) -> Result<(), crate::memory::Fault> {
    let addr = super::libc::errno_addr(m, t);
    m.memory.write(addr, &(v as u32).to_le_bytes())
}
