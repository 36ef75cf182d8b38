//! `ravel check --explain KIND`: what an error kind means and how it is usually fixed,
//! for the kinds a report names (`error: KIND: ...`, the JSON `kind`, the SARIF rule).

/// Each kind: its name, what it means, how it is usually fixed.
const KINDS: &[(&str, &str, &str)] = &[
    (
        "data-race",
        "Two threads access the same memory, at least one of them writing, and nothing orders the two accesses (no lock held by both, no atomic operation, join or other synchronisation between them). C11 makes such a program's behaviour undefined; in practice a read may see a half-written or stale value and updates get lost.",
        "Protect every access to the shared object with the same mutex, make the object atomic (_Atomic, atomic_fetch_add), or order the accesses (join the writer before reading, hand the object over through a queue under a lock). The report gives both accesses with their call stacks: the fix belongs where one of them is not synchronised.",
    ),
    (
        "assertion-failure",
        "An assert() condition is false in some schedule (and for some inputs): the program's own invariant does not hold.",
        "Follow the interleaving in the report (or `ravel replay` the witness) to the writes that broke the invariant; usually a check and an update that must happen under one lock are split, or a thread reads a result before the writer is done.",
    ),
    ("reach-error", "A call to reach_error() (SV-COMP's error location) is reachable.", "As for an assertion failure: the interleaving shows the schedule that reaches it."),
    (
        "out-of-bounds",
        "A read or write outside the object the pointer points into: past the end of an array or heap block, before its start, or into no object at all.",
        "Check the index or length against the object's size; with threads, check that the size read is the size of the object used (a resize by another thread between the two is a race to fix first).",
    ),
    ("null-dereference", "A load or store through a null pointer.", "Check the pointer, or initialise it before other threads can use it (publish it after initialisation, under a lock or with a release store)."),
    (
        "use-after-free",
        "An access to memory that is no longer alive: a heap block after free or realloc, a local variable after its function returned (or a longjmp left it), thread-local storage after its thread exited. The report says who ended the object, where.",
        "Free a block only once no thread can use it any more: join the threads that use it first, or count references (atomically) and free at zero; never hand another thread the address of a local of a function that may return first.",
    ),
    ("double-free", "free() of a block that was freed already.", "Free each block in one place only; with threads, make sure exactly one of them frees it (the last user, by a reference count)."),
    ("invalid-free", "free() of something that is not the start of a heap block (a local, a global, a pointer into the middle of a block).", "Free exactly what malloc, calloc or realloc returned."),
    ("division-by-zero", "An integer division or remainder by zero.", "Check the divisor; if another thread writes it, read it once (under the lock) and check that copy."),
    (
        "deadlock",
        "Every live thread is blocked for good: each waits for a lock, a join, a condition variable, a barrier or a semaphore that only another blocked thread could release. The report says who waits for what, each with its call stack.",
        "Take locks in one global order everywhere (the classic fix for two locks taken in opposite orders), do not wait on a condition variable without a predicate another thread will make true, and do not join a thread that waits for the joiner.",
    ),
    (
        "hang",
        "No thread can make progress any more, although the program has not ended: every thread that can run only spins, re-reading values no other thread will ever change, the others blocked (a lost wake-up, a flag reset before the waiter saw it).",
        "Wait with a condition variable and a predicate loop instead of spinning on a flag, or make sure the value the spinning thread waits for is set last and never taken back.",
    ),
    ("abort", "The program ended abnormally: abort(), raise(SIGABRT) or a fatal signal without a handler (natively exit status 134). Library assertion macros usually end this way.", "Find the condition that made the program abort: the report's place and stack show the call."),
    (
        "pthread-misuse",
        "A pthread object used against POSIX's rules: unlocking a mutex the thread does not hold, relocking a normal mutex it holds, destroying a mutex or condition variable in use, joining a thread twice or a detached one, initialising a statically initialised object again.",
        "Pair each lock with one unlock on the same path, join each thread once, and initialise each object once (either PTHREAD_*_INITIALIZER or pthread_*_init).",
    ),
    ("stack-overflow", "A thread's calls used more stack than its limit (usually unbounded recursion).", "Bound the recursion or make it a loop."),
    ("trap", "__builtin_trap() or llvm.trap was executed (the compiler's marker for a state the program must never reach).", "Find why the trapping branch was taken: the report's place and stack show it."),
    ("unreachable", "Code marked unreachable was executed: undefined behaviour such as falling off the end of a non-void function or a __builtin_unreachable() that was reached.", "Return a value on every path, or fix the condition that was assumed impossible."),
    ("invalid-longjmp", "A longjmp into a function that has returned, to another thread's setjmp, or through a jmp_buf no setjmp filled.", "longjmp only to a setjmp of the same thread whose function is still running."),
];

/// The explanation of `kind`, or an error listing the kinds.
pub fn explain(kind: &str) -> anyhow::Result<String> {
    let Some((name, what, fix)) = KINDS.iter().find(|(name, ..)| *name == kind) else {
        let names: Vec<&str> = KINDS.iter().map(|(name, ..)| *name).collect();
        anyhow::bail!("no error kind `{kind}`; the kinds are: {}", names.join(", "));
    };
    Ok(format!("{name}\n\nWhat it means: {what}\n\nHow it is usually fixed: {fix}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ravel_vm::ErrorKind;

    /// Every kind a report can name has its explanation.
    #[test]
    fn every_error_kind_is_explained() {
        for k in ErrorKind::ALL {
            assert!(explain(k.name()).is_ok(), "{}", k.name());
        }
        assert!(explain("no-such-kind").is_err());
    }
}
