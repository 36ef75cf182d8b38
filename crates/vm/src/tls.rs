//! Thread-local storage: each thread's instances of the program's thread-local variables
//! and its `errno` cell, both made on the thread's first use and found again through
//! `Thread::tls` (keyed by the variable's template address; 0 for `errno`). The shims
//! (`llvm.threadlocal.address`, `__errno_location`, errno after a failed call) ask here.

use crate::machine::Machine;
use crate::memory::ObjKind;
use ravel_ir::SrcLoc;

/// Address of thread `t`'s `errno` cell, allocated on first use.
pub(crate) fn errno_cell(m: &mut Machine, t: usize) -> u64 {
    if let Some(a) = m.threads[t].tls.get(&0) {
        return *a;
    }
    let loc = m.current_loc(t);
    let slot = m.threads[t].slot;
    let Some((id, addr)) = m.memory.allocate(slot, 4, 4, ObjKind::ThreadLocal, t, loc) else {
        return 0;
    };
    m.memory.set_name(id, "errno");
    m.threads[t].tls.insert(0, addr);
    addr
}

/// The address of thread `t`'s instance of the thread-local variable whose template is at
/// `template`. Main uses the template itself; other threads get a fresh copy of the
/// initial value on first use.
pub(crate) fn variable(m: &mut Machine, t: usize, template: u64) -> u64 {
    if t == 0 {
        return template;
    }
    if let Some(a) = m.threads[t].tls.get(&template) {
        return *a;
    }
    let Some(g) = m.program.globals.iter().find(|g| g.addr == template).cloned() else {
        return template;
    };
    let slot = m.threads[t].slot;
    match m.memory.allocate(slot, g.size, 16, ObjKind::ThreadLocal, t, SrcLoc::default()) {
        Some((id, addr)) => {
            m.memory.objects[id as usize].bytes = crate::memory::copy_of(&g.image());
            m.memory.set_name(id, &g.name);
            m.threads[t].tls.insert(template, addr);
            addr
        }
        None => template,
    }
}
