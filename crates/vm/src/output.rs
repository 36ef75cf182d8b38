//! The program's output, a part of the machine's state of its own: stdout buffered on its
//! way to the real one (or captured, so that a JSON report on ravel's stdout stays
//! parseable), stderr written through. Which `FILE *` names which stream is `streams`'s.

use std::io::Write;

/// Bytes of program stdout a capturing machine keeps.
pub const CAPTURE_LIMIT: usize = 1 << 20;

/// Bytes of stdout buffered before they are written.
const BUFFERED: usize = 1 << 16;

/// Where the program's output goes, and what is still on its way.
#[derive(Default)]
pub(crate) struct Output {
    /// Keep stdout (its first [`CAPTURE_LIMIT`] bytes) instead of writing it
    /// (`Config::capture_stdout`).
    capture: bool,
    /// Write stdout and stderr to the real ones (`Config::echo_output`).
    echo: bool,
    /// Stdout not yet written.
    stdout: Vec<u8>,
    /// The stdout kept when capturing, and whether more was written than it keeps.
    captured: Vec<u8>,
    truncated: bool,
}

crate::clone_reusing!(Output { capture, echo, stdout, captured, truncated });

impl Output {
    /// Output that is captured (`capture`) or written to the real streams (`echo`), or
    /// dropped.
    pub(crate) fn new(capture: bool, echo: bool) -> Output {
        Output { capture, echo, ..Output::default() }
    }

    /// Writes `bytes` the program wrote to `stream` (1 stdout, 2 stderr).
    pub(crate) fn write(&mut self, stream: usize, bytes: &[u8]) {
        if self.capture && stream != 2 {
            let room = CAPTURE_LIMIT - self.captured.len();
            self.captured.extend_from_slice(&bytes[..bytes.len().min(room)]);
            self.truncated |= bytes.len() > room;
            return;
        }
        if !self.echo {
            return;
        }
        if stream == 2 {
            self.flush();
            let _ = std::io::stderr().write_all(bytes);
        } else {
            self.stdout.extend_from_slice(bytes);
            if self.stdout.len() > BUFFERED {
                self.flush();
            }
        }
    }

    /// Writes the buffered stdout.
    pub(crate) fn flush(&mut self) {
        if !self.stdout.is_empty() {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(&self.stdout);
            let _ = out.flush();
            self.stdout.clear();
        }
    }

    /// The stdout kept when capturing, and whether more was written than it keeps.
    pub(crate) fn captured(&self) -> (&[u8], bool) {
        (&self.captured, self.truncated)
    }
}
