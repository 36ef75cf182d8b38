//! Running the LLVM tools as child processes that never outlive their purpose: each is
//! killed when the compilation's deadline passes, when the user interrupts ravel (see
//! [`cancel`]), and (Linux) when ravel itself dies.

use crate::LoadError;
use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Set by [`cancel`]: running and later tool processes are killed at once.
static CANCELLED: AtomicBool = AtomicBool::new(false);

/// Asks the compilation in progress to stop (safe to call from a signal handler's
/// thread): its tool process is killed and loading fails with [`LoadError::Interrupted`].
pub fn cancel() {
    CANCELLED.store(true, Ordering::Relaxed);
}

/// Whether loading must stop before its next stage: [`cancel`] was called or `deadline`
/// passed.
pub(crate) fn check_deadline(deadline: Option<Instant>) -> Result<(), LoadError> {
    if CANCELLED.load(Ordering::Relaxed) {
        Err(LoadError::Interrupted)
    } else if deadline.is_some_and(|d| Instant::now() >= d) {
        Err(LoadError::Timeout)
    } else {
        Ok(())
    }
}

/// How often a waiting compilation looks at the clock and at [`cancel`].
const POLL: Duration = Duration::from_millis(10);

/// Runs `cmd` to its end, or kills it at `deadline` or on [`cancel`]. The inner result is
/// the tool's standard error output when it fails.
pub(crate) fn run(cmd: &mut Command, what: &str, deadline: Option<Instant>) -> Result<Result<(), String>, LoadError> {
    cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    die_with_parent(cmd);
    let stopped = || check_deadline(deadline).err();
    check_deadline(deadline)?;
    let mut child =
        cmd.spawn().map_err(|e| LoadError::Input(format!("cannot run {what}: {e} (is LLVM 19 installed?)")))?;
    // A reader thread drains standard error, so a chatty tool never blocks on a full pipe.
    let mut stderr = child.stderr.take().expect("standard error is piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let status = loop {
        if let Some(e) = stopped() {
            let _ = child.kill();
            let _ = child.wait();
            let _ = reader.join();
            return Err(e);
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(POLL),
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(LoadError::Input(format!("cannot wait for {what}: {e}")));
            }
        }
    };
    let text = reader.join().unwrap_or_default();
    Ok(if status.success() { Ok(()) } else { Err(String::from_utf8_lossy(&text).into_owned()) })
}

/// Makes the kernel kill the child when ravel dies, even by SIGKILL (Linux only).
#[cfg(target_os = "linux")]
fn die_with_parent(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
    unsafe {
        cmd.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_cmd: &mut Command) {}
