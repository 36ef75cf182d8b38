//! The pthread and semaphore ABI: decodes arguments, reads attribute objects, maps results
//! to error numbers, and calls the semantics in `sync`.

use super::{fault_flow, Args, Flow, EAGAIN, EBUSY, EDEADLK, EINVAL, EPERM, ESRCH, ETIMEDOUT};
use crate::error::ErrorKind;
use crate::machine::{Chooser, Machine};
use crate::sync::mutex::LockMode;
use crate::sync::semaphore::SemMode;
use crate::sync::{barrier, condvar, join, keys, mutex, once, rwlock, semaphore, threads, Progress, SyncError};
use crate::sync_state::MutexKind;
use ravel_ir::Builtin;

/// `PTHREAD_BARRIER_SERIAL_THREAD`.
const BARRIER_SERIAL: u64 = u32::MAX as u64;

impl Machine {
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
            MutexLock | SpinLock => mutex::can_lock(self, t, a.get(0)),
            ThreadJoin => join::can_join(self, t, a.get(0)),
            RwRdLock => rwlock::can_read_lock(self, t, a.get(0)),
            RwWrLock => rwlock::can_write_lock(self, t, a.get(0)),
            SemWait => semaphore::can_wait(self, a.get(0)),
            Once => once::can_call(self, a.get(0)),
            _ => true,
        }
    }
}

fn misuse(m: &mut Machine, t: usize, msg: String) -> Flow {
    m.fail(t, ErrorKind::PthreadMisuse, msg);
    Flow::End
}

/// What the call returns after a synchronisation operation: 0 or its error number (a
/// misuse or fault ends the execution).
fn sync_flow(m: &mut Machine, t: usize, result: Result<Progress, SyncError>) -> Flow {
    match result {
        Ok(Progress::Done) => Flow::Return(0),
        Ok(Progress::Serial) => Flow::Return(BARRIER_SERIAL),
        Ok(Progress::Blocked) => Flow::Block,
        Ok(Progress::Running) => Flow::Stay,
        Err(SyncError::Busy) => Flow::Return(EBUSY),
        Err(SyncError::Deadlock) => Flow::Return(EDEADLK),
        Err(SyncError::TimedOut) => Flow::Return(ETIMEDOUT),
        Err(SyncError::Again) => Flow::Return(EAGAIN),
        Err(SyncError::NotOwner) => Flow::Return(EPERM),
        Err(SyncError::Invalid) => Flow::Return(EINVAL),
        Err(SyncError::NoSuchThread) => Flow::Return(ESRCH),
        Err(SyncError::Misuse(msg)) => misuse(m, t, msg),
        Err(SyncError::Fault(f)) => fault_flow(m, t, f),
    }
}

/// Like [`sync_flow`] for the semaphore calls, which return -1 and set errno on errors.
fn sem_flow(m: &mut Machine, t: usize, result: Result<Progress, SyncError>) -> Flow {
    let errno = match result {
        Err(SyncError::Again) => EAGAIN,
        Err(SyncError::TimedOut) => ETIMEDOUT,
        other => return sync_flow(m, t, other),
    };
    match set_errno(m, t, errno) {
        Ok(()) => Flow::Return(u64::MAX),
        Err(f) => fault_flow(m, t, f),
    }
}

#[inline]
pub(super) fn call(m: &mut Machine, t: usize, b: Builtin, a: &Args, chooser: &mut dyn Chooser) -> Option<Flow> {
    use Builtin::*;
    let p0 = a.get(0);
    m.journal.count_sync_call(b);
    let result = match b {
        ThreadCreate => return Some(create(m, t, a)),
        ThreadJoin => match join::join(m, t, p0, a.get(1) != 0) {
            Ok(Some(value)) if a.get(1) != 0 => return Some(write_ptr(m, t, a.get(1), value)),
            Ok(Some(_)) => Ok(Progress::Done),
            Ok(None) => Ok(Progress::Blocked),
            Err(e) => Err(e),
        },
        ThreadDetach => join::detach(m, p0),
        ThreadExit => {
            return Some(m.exit_thread(t, p0));
        }
        ThreadSelf => return Some(Flow::Return(crate::thread_table::ThreadTable::handle_of(t))),
        ThreadEqual => return Some(Flow::Return((p0 == a.get(1)) as u64)),
        AttrInit | AttrDestroy | MutexAttrInit | MutexAttrDestroy => return Some(write_u32(m, t, p0, 0)),
        AttrSetDetachState => return Some(write_u32(m, t, p0, a.get(1) as u32)),
        AttrGetDetachState | MutexAttrGetType => {
            let v = m.read_u32(p0).unwrap_or(0);
            return Some(write_u32(m, t, a.get(1), v));
        }
        AttrIgnored | MutexAttrIgnored | CondAttrIgnored | RwAttrIgnored | BarrierAttrIgnored => {
            return Some(Flow::Return(0))
        }
        MutexAttrSetType if a.get(1) > 3 => return Some(Flow::Return(EINVAL)),
        MutexAttrSetType => return Some(write_u32(m, t, p0, a.get(1) as u32)),
        MutexInit | SpinInit => {
            let attr = a.get(1);
            let kind =
                if b == MutexInit && attr != 0 { MutexKind::from_glibc(m.read_u32(attr)) } else { MutexKind::Normal };
            mutex::init(m, t, b.c_name(), p0, kind)
        }
        MutexLock | SpinLock => mutex::lock(m, t, p0, LockMode::Block),
        MutexTryLock | SpinTryLock => mutex::lock(m, t, p0, LockMode::Try),
        MutexTimedLock => mutex::lock(m, t, p0, LockMode::Timed),
        MutexUnlock | SpinUnlock => mutex::unlock(m, t, p0),
        MutexDestroy | SpinDestroy => mutex::destroy(m, p0),
        CondInit => condvar::init(m, t, b.c_name(), p0),
        CondDestroy => condvar::destroy(m, p0),
        CondWait => condvar::wait(m, t, p0, a.get(1), None),
        CondTimedWait => {
            let deadline = crate::shims::posix::timespec_ns(m, a.get(2)).unwrap_or(0);
            condvar::wait(m, t, p0, a.get(1), Some(deadline))
        }
        CondSignal => condvar::signal(m, p0, chooser),
        CondBroadcast => condvar::broadcast(m, p0),
        RwInit => rwlock::init(m, t, b.c_name(), p0),
        RwDestroy => rwlock::destroy(m, p0),
        RwRdLock | RwTryRdLock => rwlock::read_lock(m, t, p0, b == RwTryRdLock),
        RwWrLock | RwTryWrLock => rwlock::write_lock(m, t, p0, b == RwTryWrLock),
        RwUnlock => rwlock::unlock(m, t, p0),
        BarrierInit => barrier::init(m, p0, a.get(2) as u32),
        BarrierDestroy => barrier::destroy(m, p0),
        // A call lowered without result bits has a result nobody reads (`ravel_ir`).
        BarrierWait => barrier::wait(m, t, p0, a.ret_bits != 0),
        SemInit => semaphore::init(m, p0, a.get(2) as u32),
        SemDestroy => semaphore::destroy(m, p0),
        SemPost => semaphore::post(m, p0),
        SemWait => semaphore::wait(m, p0, SemMode::Block),
        SemTryWait | SemTimedWait => {
            let mode = if b == SemTryWait { SemMode::Try } else { SemMode::Timed };
            let result = semaphore::wait(m, p0, mode);
            return Some(sem_flow(m, t, result));
        }
        SemGetValue => {
            let v = semaphore::value(m, p0);
            return Some(write_u32(m, t, a.get(1), v));
        }
        Once => once::call(m, t, p0, a.get(1)),
        KeyCreate => {
            let key = keys::create(m, a.get(1));
            return Some(write_u32(m, t, p0, key));
        }
        KeyDelete => keys::delete(m, p0),
        SetSpecific => keys::set(m, t, p0, a.get(1)),
        GetSpecific => return Some(Flow::Return(keys::get(m, t, p0))),
        _ => return None,
    };
    Some(sync_flow(m, t, result))
}

/// Stores a 32-bit result at `addr` and returns 0.
fn write_u32(m: &mut Machine, t: usize, addr: u64, v: u32) -> Flow {
    match m.memory.write(addr, &v.to_le_bytes()) {
        Ok(()) => Flow::Return(0),
        Err(e) => fault_flow(m, t, e),
    }
}

/// Stores a pointer-sized result at `addr` and returns 0.
fn write_ptr(m: &mut Machine, t: usize, addr: u64, v: u64) -> Flow {
    match m.write_ptr(addr, v) {
        Ok(()) => Flow::Return(0),
        Err(e) => fault_flow(m, t, e),
    }
}

fn create(m: &mut Machine, t: usize, a: &Args) -> Flow {
    let Some(start) = m.program.function_at(a.get(2)) else {
        m.fail(t, ErrorKind::NullDereference, format!("pthread_create with an invalid start routine {:#x}", a.get(2)));
        return Flow::End;
    };
    let detached = a.get(1) != 0 && m.read_u32(a.get(1)) == Some(1);
    let Some(new) = threads::create(m, t, detached) else {
        return Flow::End;
    };
    if let Err(e) = m.write_ptr(a.get(0), threads::handle(m, new)) {
        return fault_flow(m, t, e);
    }
    threads::start(m, t, new, start, a.get(3));
    Flow::Spawned(new)
}

/// Sets the calling thread's errno.
pub(super) fn set_errno(m: &mut Machine, t: usize, v: u64) -> Result<(), crate::memory::Fault> {
    let addr = crate::tls::errno_cell(m, t);
    m.memory.write(addr, &(v as u32).to_le_bytes())
}
