//! The C streams (`FILE *`) a program writes to: `stdout` and `stderr` are the machine's
//! output (`Machine::output`, which buffers or captures it); ravel models no other file
//! behind a `FILE *`.

use crate::error::ErrorKind;
use crate::machine::Machine;
use crate::memory::Fault;

impl Machine {
    /// The real stream a `FILE *` names: 1 stdout, 2 stderr, `None` for any other.
    fn stream_of(&self, file: u64) -> Option<usize> {
        let s = self.program.std_streams;
        if file == s[1] {
            Some(1)
        } else if file == s[2] {
            Some(2)
        } else {
            None
        }
    }

    /// Writes `bytes` to the stream `file` names; a null `FILE *` is the program's
    /// error, another file is unsupported.
    pub(crate) fn write_stream(&mut self, file: u64, bytes: &[u8]) -> Result<(), Fault> {
        match self.stream_of(file) {
            Some(s) => {
                self.output(s, bytes);
                Ok(())
            }
            None if file == 0 => Err(Fault::new(ErrorKind::NullDereference, "output to a null FILE pointer")),
            None => Err(Fault::unsupported("output to a FILE other than stdout/stderr")),
        }
    }
}
