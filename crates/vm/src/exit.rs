//! Ending: the process's exit (its atexit handlers, then termination) and a thread's
//! (its key destructors, then the release of its stack and thread-local variables).

use crate::ending::End;
use crate::events::{AccessKind, Loc};
use crate::machine::Machine;
use crate::memory::ObjId;
use crate::thread::FrameKind;

impl Machine {
    /// Starts process exit with `status`: atexit handlers first, then termination.
    pub(crate) fn begin_exit(&mut self, t: usize, status: i32) {
        self.ending.begin_exit(status);
        self.continue_exit(t);
    }

    /// Runs the next atexit handler, or, when none is left, terminates the process (or
    /// waits for the other threads, when exits are deferred).
    pub(crate) fn continue_exit(&mut self, t: usize) {
        let prog = self.program.clone();
        while let Some(h) = self.ending.next_atexit() {
            if let Some(fid) = prog.function_at(h) {
                self.push_frame(t, fid, &[], &[], None, FrameKind::AtExit);
                return;
            }
        }
        let status = self.ending.exit_status();
        if self.config.defer_exit && self.threads.others_running(t) {
            self.threads[t].wait = crate::thread::Wait::Terminate { status };
            return;
        }
        // With exits deferred, one that finds every other thread finished cuts nothing.
        self.ending.set_alone(self.config.defer_exit);
        self.terminate(status);
    }

    /// Starts the exit of thread `t` (not the process) at `at` (its `pthread_exit` or the
    /// return of its start routine): key destructors, then finish.
    pub(crate) fn begin_thread_exit(&mut self, t: usize, retval: u64, at: ravel_ir::SrcLoc) {
        self.threads[t].retval = retval;
        self.threads[t].exit_at = at;
        self.memory.publish_words(&[retval]);
        self.continue_thread_exit(t);
    }

    /// Runs the next key destructor of thread `t`, or, when none is left, finishes it.
    pub(crate) fn continue_thread_exit(&mut self, t: usize) {
        let prog = self.program.clone();
        if self.threads[t].destructor_rounds < 4 {
            let keys: Vec<(u32, u64)> = self
                .sync
                .keys
                .iter()
                .enumerate()
                .filter_map(|(k, d)| Some((k as u32, (*d)?)))
                .filter(|(_, d)| *d != 0)
                .collect();
            for (k, d) in keys {
                let v = self.threads[t].specific.get(&k).copied().unwrap_or(0);
                if v != 0 {
                    self.threads[t].specific.insert(k, 0);
                    if let Some(fid) = prog.function_at(d) {
                        self.push_frame(t, fid, &[vec![v]], &[], None, FrameKind::Destructor);
                        return;
                    }
                }
            }
            self.threads[t].destructor_rounds = 4;
        }
        self.finish_thread(t);
    }

    /// Marks thread `t` finished with `retval` and frees its stack.
    pub(crate) fn finish_thread(&mut self, t: usize) {
        self.record(t, crate::record::RecKind::Exit);
        self.log_event(t, Loc::ThreadEnd(t), AccessKind::Write);
        self.memory.write_epoch += 1;
        self.threads.finish(t);
        let at = self.threads[t].exit_at;
        let th = &mut self.threads[t];
        let frames = std::mem::take(&mut th.frames);
        th.regs = Vec::new();
        // Its frames' locals, then its thread-local variables and errno cell (main's are
        // the templates, which live on with the process).
        let tls = if t == 0 { Default::default() } else { std::mem::take(&mut th.tls) };
        let tls: Vec<ObjId> = tls.into_values().filter_map(|addr| Some(self.memory.find(addr)?.0)).collect();
        for id in frames.into_iter().flat_map(|f| f.allocas).chain(tls) {
            self.log_object_end(t, id, at);
            self.memory.release(id, Some((t, at)));
        }
        // When main called pthread_exit, the process ends with the last thread.
        if self.threads.all_finished() {
            let status = self.ending.exit_status();
            self.ending.set_alone(self.config.defer_exit);
            self.ending.set(End::Exit(status));
        }
    }
}
