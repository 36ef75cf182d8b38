//! A global variable as the vm lays it out in memory.

/// A global variable with its address and initial memory image.
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    pub addr: u64,
    pub size: u64,
    /// The initial bytes, up to `size`: those past the end are zero (see [`Global::image`]).
    pub init: Vec<u8>,
    pub is_const: bool,
    pub thread_local: bool,
    /// No load can observe its contents (see `unread.rs`): stores into it may be skipped.
    pub unread: bool,
    /// Declared but defined by no linked file and not provided by ravel: its size and
    /// contents are unknown, so the vm refuses every access to it as unsupported (its
    /// address may still be taken and compared). [`addr::EXTERN_SPAN`] bytes are reserved.
    pub external: bool,
}

impl Global {
    /// The global's initial contents, `size` bytes. The zero tail comes from a zeroed
    /// allocation, which the system backs with memory only where it is written, so a
    /// huge zero-filled global costs what the program touches.
    /// An undefined external global has no contents (no access to it succeeds).
    pub fn image(&self) -> Vec<u8> {
        if self.external {
            return Vec::new();
        }
        let mut bytes = vec![0; self.size as usize];
        bytes[..self.init.len()].copy_from_slice(&self.init);
        bytes
    }
}
