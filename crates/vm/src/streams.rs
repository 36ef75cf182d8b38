//! The C streams (`FILE *`) that name the program's standard output streams, which
//! `output` writes (`shims::file_stream` writes the other streams).

use crate::machine::Machine;

impl Machine {
    /// Writes the buffered program stdout.
    pub fn flush_stdout(&mut self) {
        self.output.flush();
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
