//! The program's output streams: stdout buffered (or captured, with
//! `Config::capture_stdout`), stderr written through, and the C streams (`FILE *`) that
//! name them (`shims::file_stream` writes the other streams).

use crate::machine::{Machine, CAPTURE_LIMIT};
use std::io::Write;

impl Machine {
    /// Writes program output, to the real stream when echoing.
    pub(crate) fn output(&mut self, stream: usize, bytes: &[u8]) {
        if self.config.capture_stdout && stream != 2 {
            let room = CAPTURE_LIMIT - self.captured.len();
            self.captured.extend_from_slice(&bytes[..bytes.len().min(room)]);
            self.captured_truncated |= bytes.len() > room;
            return;
        }
        if !self.config.echo_output {
            return;
        }
        if stream == 2 {
            self.flush_stdout();
            let _ = std::io::stderr().write_all(bytes);
        } else {
            self.stdout.extend_from_slice(bytes);
            if self.stdout.len() > 1 << 16 {
                self.flush_stdout();
            }
        }
    }

    /// Flushes buffered program stdout.
    pub fn flush_stdout(&mut self) {
        if !self.stdout.is_empty() {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(&self.stdout);
            let _ = out.flush();
            self.stdout.clear();
        }
    }

    /// The real stream a `FILE *` names: 1 stdout, 2 stderr, `None` for any other.
    pub(crate) fn std_stream(&self, file: u64) -> Option<usize> {
        let s = self.program.std_streams;
        if file == s[1] {
            Some(1)
        } else if file == s[2] {
            Some(2)
        } else {
            None
        }
    }
}
