//! Library functions and intrinsics ravel models, resolved from their names once at load
//! time so the interpreter dispatches on an enum instead of strings.

macro_rules! builtins {
    ($($variant:ident = $first:literal $(| $name:literal)*;)*) => {
        /// A modelled library function or LLVM intrinsic.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Builtin { $($variant),* }

        impl Builtin {
            /// The model for a C library function name, if ravel has one.
            fn from_c_name(name: &str) -> Option<Builtin> {
                match name {
                    $($first $(| $name)* => Some(Builtin::$variant),)*
                    _ => None,
                }
            }

            /// The C name of the function, for messages.
            pub fn c_name(self) -> &'static str {
                match self {
                    $(Builtin::$variant => $first,)*
                }
            }
        }
    };
}

builtins! {
    // memory management
    Malloc = "malloc"; Calloc = "calloc"; Realloc = "realloc"; Free = "free";
    AlignedAlloc = "aligned_alloc" | "memalign"; PosixMemalign = "posix_memalign";
    // memory and strings
    Memcpy = "memcpy" | "llvm.memcpy" | "llvm.memcpy.inline" | "__builtin_memcpy";
    Memmove = "memmove" | "llvm.memmove"; Memset = "memset" | "llvm.memset" | "llvm.memset.inline";
    Memcmp = "memcmp" | "bcmp"; Memchr = "memchr"; Strlen = "strlen"; Strnlen = "strnlen";
    Strcpy = "strcpy"; Strncpy = "strncpy"; Strcat = "strcat"; Strncat = "strncat";
    Strcmp = "strcmp"; Strncmp = "strncmp"; Strchr = "strchr"; Strrchr = "strrchr";
    Strstr = "strstr"; Strdup = "strdup"; Strndup = "strndup";
    // stdio
    Printf = "printf"; Fprintf = "fprintf"; Sprintf = "sprintf"; Snprintf = "snprintf";
    Vprintf = "vprintf"; Vfprintf = "vfprintf"; Vsprintf = "vsprintf"; Vsnprintf = "vsnprintf";
    Puts = "puts"; Fputs = "fputs" | "fputs_unlocked"; Putchar = "putchar" | "putchar_unlocked";
    Fputc = "fputc" | "putc" | "_IO_putc" | "fputc_unlocked" | "putc_unlocked";
    Fflush = "fflush" | "fflush_unlocked"; Fwrite = "fwrite" | "fwrite_unlocked"; Getchar = "getchar"; Setvbuf = "setvbuf" | "setbuf";
    // process
    AssertFail = "__assert_fail" | "__assert" | "__assert_rtn" | "__assert_perror_fail";
    // non-local jumps and glibc's cleanup handlers (built on them)
    Setjmp = "setjmp" | "_setjmp" | "__sigsetjmp" | "sigsetjmp";
    Longjmp = "longjmp" | "_longjmp" | "siglongjmp" | "__longjmp_chk";
    CleanupPush = "__pthread_register_cancel" | "__pthread_register_cancel_defer";
    CleanupPop = "__pthread_unregister_cancel" | "__pthread_unregister_cancel_restore";
    CleanupNext = "__pthread_unwind_next";
    Abort = "abort"; Exit = "exit" | "_exit" | "_Exit" | "quick_exit"; Atexit = "atexit";
    ErrnoLocation = "__errno_location";
    // numbers
    Rand = "rand" | "random"; Srand = "srand" | "srandom";
    Strtol = "strtol"; Strtoll = "strtoll" | "strtoimax"; Strtoul = "strtoul";
    Strtoull = "strtoull" | "strtoumax"; Atoi = "atoi"; Atol = "atol"; Atoll = "atoll";
    Strtod = "strtod"; Atof = "atof"; Abs = "abs"; Labs = "labs"; Llabs = "llabs";
    Toupper = "toupper"; Tolower = "tolower"; CtypeB = "__ctype_b_loc";
    // time and scheduling: a virtual clock (see the vm's `os` module)
    Time = "time"; Clock = "clock"; Timestamp = "__ravel_rdtsc"; Gettimeofday = "gettimeofday"; ClockGettime = "clock_gettime"; ClockGetres = "clock_getres";
    Sleep = "sleep"; Usleep = "usleep"; Nanosleep = "nanosleep"; ClockNanosleep = "clock_nanosleep";
    SchedYield = "sched_yield" | "pthread_yield" | "thrd_yield";
    // POSIX process environment
    Getpid = "getpid"; Getppid = "getppid"; Getuid = "getuid" | "geteuid"; Getgid = "getgid" | "getegid";
    Sysconf = "sysconf"; Getrlimit = "getrlimit" | "getrlimit64"; Setrlimit = "setrlimit" | "setrlimit64";
    Getenv = "getenv" | "secure_getenv"; Mmap = "mmap" | "mmap64"; Munmap = "munmap";
    // POSIX signals
    Signal = "signal" | "sysv_signal" | "__sysv_signal" | "bsd_signal"; Sigaction = "sigaction";
    Sigprocmask = "sigprocmask"; PthreadSigmask = "pthread_sigmask"; Sigemptyset = "sigemptyset"; Sigfillset = "sigfillset";
    Sigaddset = "sigaddset"; Sigdelset = "sigdelset"; Sigismember = "sigismember";
    Raise = "raise"; Kill = "kill"; PthreadKill = "pthread_kill"; Sigwait = "sigwait";
    // POSIX file descriptors over the in-memory file system
    Open = "open" | "open64"; Openat = "openat" | "openat64"; Creat = "creat" | "creat64";
    Read = "read"; Write = "write"; Close = "close"; Lseek = "lseek" | "lseek64";
    Stat = "stat" | "stat64"; Fstat = "fstat" | "fstat64"; Lstat = "lstat" | "lstat64";
    Unlink = "unlink"; Access = "access"; Dup = "dup"; Dup2 = "dup2"; Fcntl = "fcntl" | "fcntl64";
    Pipe = "pipe"; Pipe2 = "pipe2"; Socketpair = "socketpair"; Eventfd = "eventfd"; Poll = "poll";
    Isatty = "isatty"; Readv = "readv"; Writev = "writev";
    Select = "select"; Pselect = "pselect";
    Pread = "pread" | "pread64"; Pwrite = "pwrite" | "pwrite64"; Ftruncate = "ftruncate" | "ftruncate64";
    Truncate = "truncate" | "truncate64"; Rename = "rename";
    Mkdir = "mkdir"; Mkdirat = "mkdirat"; Rmdir = "rmdir"; Unlinkat = "unlinkat"; Chdir = "chdir"; Fchdir = "fchdir";
    Getdents64 = "getdents64"; RavelGetcwd = "__ravel_getcwd"; RavelRealpath = "__ravel_realpath";
    Chmod = "chmod"; Fchmod = "fchmod"; Fchmodat = "fchmodat"; Chown = "chown" | "lchown"; Fchown = "fchown";
    Fchownat = "fchownat"; Umask = "umask"; Utimensat = "utimensat"; Futimens = "futimens";
    EpollCreate = "epoll_create"; EpollCreate1 = "epoll_create1"; EpollCtl = "epoll_ctl";
    EpollWait = "epoll_wait"; EpollPwait = "epoll_pwait";
    // POSIX stream sockets (connections inside the program or to the scripted peer)
    Socket = "socket"; Bind = "bind"; Listen = "listen"; Accept = "accept"; Accept4 = "accept4";
    Connect = "connect"; Send = "send"; Recv = "recv"; Sendto = "sendto"; Recvfrom = "recvfrom";
    Sendmsg = "sendmsg"; Recvmsg = "recvmsg"; Setsockopt = "setsockopt"; Getsockopt = "getsockopt";
    Getsockname = "getsockname"; Getpeername = "getpeername"; Shutdown = "shutdown";
    // ravel's libc (C code) stopping at something it does not model
    RavelUnsupported = "__ravel_unsupported";
    // libm
    // (the `long double` forms share a builtin: their argument's width tells them apart)
    Sqrt = "sqrt" | "llvm.sqrt" | "sqrtl"; Sqrtf = "sqrtf"; Fabs = "fabs" | "llvm.fabs" | "fabsl"; Fabsf = "fabsf";
    Floor = "floor" | "llvm.floor" | "floorl"; Ceil = "ceil" | "llvm.ceil" | "ceill";
    Round = "round" | "llvm.round" | "roundl"; Trunc = "trunc" | "llvm.trunc" | "truncl";
    Pow = "pow" | "llvm.pow" | "powl"; Exp = "exp" | "llvm.exp" | "expl";
    Log = "log" | "llvm.log" | "logl"; Sin = "sin" | "llvm.sin" | "sinl"; Cos = "cos" | "llvm.cos" | "cosl";
    Fmod = "fmod" | "fmodl"; Copysign = "copysign" | "llvm.copysign" | "copysignl";
    Fma = "fma" | "llvm.fma" | "llvm.fmuladd" | "fmal";
    MinNum = "fmin" | "llvm.minnum" | "fminl"; MaxNum = "fmax" | "llvm.maxnum" | "fmaxl";
    // threads
    ThreadCreate = "pthread_create"; ThreadJoin = "pthread_join"; ThreadDetach = "pthread_detach";
    ThreadExit = "pthread_exit"; ThreadSelf = "pthread_self"; ThreadEqual = "pthread_equal";
    AttrInit = "pthread_attr_init"; AttrDestroy = "pthread_attr_destroy";
    AttrSetDetachState = "pthread_attr_setdetachstate"; AttrGetDetachState = "pthread_attr_getdetachstate";
    AttrIgnored = "pthread_attr_setstacksize" | "pthread_attr_setscope" | "pthread_attr_setschedpolicy"
        | "pthread_attr_setinheritsched" | "pthread_attr_setguardsize";
    MutexInit = "pthread_mutex_init"; MutexLock = "pthread_mutex_lock";
    MutexTryLock = "pthread_mutex_trylock"; MutexTimedLock = "pthread_mutex_timedlock";
    MutexUnlock = "pthread_mutex_unlock"; MutexDestroy = "pthread_mutex_destroy";
    MutexAttrInit = "pthread_mutexattr_init"; MutexAttrDestroy = "pthread_mutexattr_destroy";
    MutexAttrSetType = "pthread_mutexattr_settype"; MutexAttrGetType = "pthread_mutexattr_gettype";
    MutexAttrIgnored = "pthread_mutexattr_setpshared" | "pthread_mutexattr_setprotocol" | "pthread_mutexattr_setrobust";
    CondInit = "pthread_cond_init"; CondWait = "pthread_cond_wait"; CondTimedWait = "pthread_cond_timedwait";
    CondSignal = "pthread_cond_signal"; CondBroadcast = "pthread_cond_broadcast"; CondDestroy = "pthread_cond_destroy";
    CondAttrIgnored = "pthread_condattr_init" | "pthread_condattr_destroy" | "pthread_condattr_setpshared" | "pthread_condattr_setclock";
    RwInit = "pthread_rwlock_init"; RwRdLock = "pthread_rwlock_rdlock"; RwWrLock = "pthread_rwlock_wrlock";
    RwTryRdLock = "pthread_rwlock_tryrdlock"; RwTryWrLock = "pthread_rwlock_trywrlock";
    RwUnlock = "pthread_rwlock_unlock"; RwDestroy = "pthread_rwlock_destroy";
    RwAttrIgnored = "pthread_rwlockattr_init" | "pthread_rwlockattr_destroy" | "pthread_rwlockattr_setpshared";
    BarrierInit = "pthread_barrier_init"; BarrierWait = "pthread_barrier_wait"; BarrierDestroy = "pthread_barrier_destroy";
    BarrierAttrIgnored = "pthread_barrierattr_init" | "pthread_barrierattr_destroy";
    SemInit = "sem_init"; SemWait = "sem_wait"; SemTryWait = "sem_trywait"; SemTimedWait = "sem_timedwait";
    SemPost = "sem_post"; SemGetValue = "sem_getvalue"; SemDestroy = "sem_destroy";
    Once = "pthread_once"; KeyCreate = "pthread_key_create"; KeyDelete = "pthread_key_delete";
    SetSpecific = "pthread_setspecific"; GetSpecific = "pthread_getspecific";
    SpinInit = "pthread_spin_init"; SpinLock = "pthread_spin_lock"; SpinTryLock = "pthread_spin_trylock";
    SpinUnlock = "pthread_spin_unlock"; SpinDestroy = "pthread_spin_destroy";
    // verification API (SV-COMP, KLEE, ravel.h)
    Nondet = "__VERIFIER_nondet_int" | "__VERIFIER_nondet_uint" | "__VERIFIER_nondet_long" | "__VERIFIER_nondet_ulong"
        | "__VERIFIER_nondet_char" | "__VERIFIER_nondet_uchar" | "__VERIFIER_nondet_short" | "__VERIFIER_nondet_ushort"
        | "__VERIFIER_nondet_bool" | "__VERIFIER_nondet_pointer" | "__VERIFIER_nondet_size_t" | "__VERIFIER_nondet_u32"
        | "__VERIFIER_nondet_loff_t" | "__VERIFIER_nondet_longlong" | "__VERIFIER_nondet_ulonglong"
        | "__VERIFIER_nondet_unsigned" | "__VERIFIER_nondet_unsigned_int" | "__VERIFIER_nondet_u8" | "__VERIFIER_nondet_u16"
        | "__VERIFIER_nondet_int128" | "__VERIFIER_nondet_uint128" | "klee_int" | "ravel_nondet_int"
        | "ravel_nondet_uint" | "ravel_nondet_long" | "ravel_nondet_char" | "ravel_nondet_bool";
    MakeSymbolic = "klee_make_symbolic" | "ravel_symbolic";
    // A nondeterministic input only ever compared with zero (see the canonicalisation pass).
    NondetZeroOne = "__ravel_nondet_zero_one";
    Assume = "__VERIFIER_assume" | "klee_assume" | "ravel_assume";
    AtomicBegin = "__VERIFIER_atomic_begin" | "ravel_atomic_begin"; AtomicEnd = "__VERIFIER_atomic_end" | "ravel_atomic_end";
    ReachError = "reach_error" | "__VERIFIER_error" | "ravel_reach_error";
    RavelAssert = "ravel_assert" | "klee_assert";
    // An epoch of `ravel schedules` starts (a no-op otherwise).
    Epoch = "ravel_epoch";
    // The argument, made abstract: its value is explored at one value (see ravel.h).
    Abstract = "ravel_abstract_int" | "ravel_abstract_long";
    // intrinsics
    NoOp = "llvm.lifetime.start" | "llvm.lifetime.end" | "llvm.dbg.declare" | "llvm.dbg.value" | "llvm.dbg.label"
        | "llvm.dbg.assign" | "llvm.assume" | "llvm.experimental.noalias.scope.decl" | "llvm.prefetch"
        | "llvm.invariant.end" | "llvm.var.annotation" | "llvm.codeview.annotation" | "llvm.sideeffect"
        | "llvm.stackrestore" | "llvm.va_end" | "va_end" | "llvm.donothing" | "pthread_setname_np"
        | "pthread_setcancelstate" | "pthread_setcanceltype";
    StackSave = "llvm.stacksave";
    InvariantStart = "llvm.invariant.start";
    VaStart = "llvm.va_start"; VaCopy = "llvm.va_copy";
    Expect = "llvm.expect" | "llvm.expect.with.probability" | "llvm.ssa.copy" | "llvm.annotation" | "llvm.launder.invariant.group" | "llvm.strip.invariant.group";
    Trap = "llvm.trap" | "llvm.debugtrap" | "llvm.ubsantrap";
    ThreadLocalAddress = "llvm.threadlocal.address";
    ObjectSize = "llvm.objectsize"; IsConstant = "llvm.is.constant";
    PtrMask = "llvm.ptrmask";
    SAddOverflow = "llvm.sadd.with.overflow"; UAddOverflow = "llvm.uadd.with.overflow";
    SSubOverflow = "llvm.ssub.with.overflow"; USubOverflow = "llvm.usub.with.overflow";
    SMulOverflow = "llvm.smul.with.overflow"; UMulOverflow = "llvm.umul.with.overflow";
    SAddSat = "llvm.sadd.sat"; UAddSat = "llvm.uadd.sat"; SSubSat = "llvm.ssub.sat"; USubSat = "llvm.usub.sat";
    SMin = "llvm.smin"; SMax = "llvm.smax"; UMin = "llvm.umin"; UMax = "llvm.umax"; IntAbs = "llvm.abs";
    Ctpop = "llvm.ctpop"; Ctlz = "llvm.ctlz"; Cttz = "llvm.cttz"; Bswap = "llvm.bswap";
    Bitreverse = "llvm.bitreverse"; Fshl = "llvm.fshl"; Fshr = "llvm.fshr";
}

impl Builtin {
    /// The model for a function or intrinsic name. Intrinsic names carry type suffixes
    /// (`llvm.memcpy.p0.p0.i64`), which are stripped until a known base name matches.
    pub fn from_name(name: &str) -> Option<Builtin> {
        if let Some(b) = Builtin::from_c_name(name) {
            return Some(b);
        }
        if name.starts_with("__ravel_nondet_zero_one_") {
            return Some(Builtin::NondetZeroOne);
        }
        if !name.starts_with("llvm.") {
            return None;
        }
        let mut base = name;
        while let Some(dot) = base.rfind('.') {
            base = &base[..dot];
            if let Some(b) = Builtin::from_c_name(base) {
                return Some(b);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::Builtin;

    #[test]
    fn resolves_intrinsics_with_type_suffixes() {
        assert_eq!(Builtin::from_name("llvm.memcpy.p0.p0.i64"), Some(Builtin::Memcpy));
        assert_eq!(Builtin::from_name("llvm.umul.with.overflow.i32"), Some(Builtin::UMulOverflow));
        assert_eq!(Builtin::from_name("llvm.umax.i8"), Some(Builtin::UMax));
        assert_eq!(Builtin::from_name("llvm.expect.with.probability.i64"), Some(Builtin::Expect));
        assert_eq!(Builtin::from_name("llvm.lifetime.start.p0"), Some(Builtin::NoOp));
        assert_eq!(Builtin::from_name("pthread_mutex_lock"), Some(Builtin::MutexLock));
        assert_eq!(Builtin::from_name("llvm.nonexistent.i32"), None);
        assert_eq!(Builtin::from_name("frobnicate"), None);
    }
}
