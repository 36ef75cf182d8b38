//! Directories: making and removing them, the working directory, and reading a
//! directory's entries as `getdents64` does.

use super::fs::{Node, DT_DIR, DT_FIFO, DT_REG, DT_SOCK};
use super::path;
use super::Os;
use crate::errno::{EACCES, EBADF, EBUSY, EEXIST, EINVAL, ENOENT, ENOTDIR, ENOTEMPTY};
use std::rc::Rc;

/// One entry of a directory listing.
#[derive(Clone, Debug, Hash)]
pub struct DirEntry {
    pub name: Vec<u8>,
    /// The node (`st_ino` is one more).
    pub ino: u32,
    pub d_type: u8,
}

/// Where a `*at` call's name is relative to.
#[derive(Clone, Copy, Debug)]
pub enum At {
    /// The working directory (`AT_FDCWD`, or a call without a directory descriptor).
    Cwd,
    /// The directory open at this descriptor.
    Fd(u64),
}

/// Why a name cannot be resolved: an error number, or a directory descriptor whose
/// directory was removed (the model has no name left to resolve against).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unresolved {
    Errno(u64),
    Removed,
}

impl Os {
    /// The absolute name of `path` relative to `at` (an absolute `path` ignores `at`).
    pub fn at_path(&self, at: At, path: &[u8]) -> Result<Vec<u8>, Unresolved> {
        let At::Fd(fd) = at else { return Ok(self.fs.resolve(path)) };
        if path.first() == Some(&b'/') {
            return Ok(self.fs.resolve(path));
        }
        let d = self.fds.get(fd).ok_or(Unresolved::Errno(EBADF))?;
        let dir = d.rd.filter(|&n| matches!(self.fs.nodes[n as usize], Node::Dir));
        let dir = dir.ok_or(Unresolved::Errno(ENOTDIR))?;
        let name = self.fs.path_of(dir).ok_or(Unresolved::Removed)?;
        Ok(self.fs.resolve(&[&path::child_prefix(&name)[..], path].concat()))
    }

    /// `mkdir` of the absolute name `name` with permission bits `mode` (less the umask).
    pub fn mkdir(&mut self, name: &[u8], mode: u32) -> Result<u32, u64> {
        if self.fs.lookup(name)?.is_some() {
            return Err(EEXIST);
        }
        self.fs.make(name, Node::Dir, mode)
    }

    /// `rmdir` of the absolute name `name`: only an empty directory goes.
    pub fn rmdir(&mut self, name: &[u8]) -> Result<u32, u64> {
        let n = self.dir_node(name)?;
        if name == b"/" {
            return Err(EBUSY);
        }
        if !self.fs.entries(name).is_empty() {
            return Err(ENOTEMPTY);
        }
        self.fs.unlink(name);
        Ok(n)
    }

    /// `chdir` to the absolute name `name`.
    pub fn chdir(&mut self, name: &[u8]) -> Result<(), u64> {
        let n = self.dir_node(name)?;
        if self.fs.perm(n) & 0o100 == 0 {
            return Err(EACCES);
        }
        self.fs.cwd = name.to_vec();
        Ok(())
    }

    /// The directory node named `name` (absolute).
    pub fn dir_node(&mut self, name: &[u8]) -> Result<u32, u64> {
        match self.fs.lookup(name)? {
            Some(n) if matches!(self.fs.nodes[n as usize], Node::Dir) => Ok(n),
            Some(_) => Err(ENOTDIR),
            None => Err(ENOENT),
        }
    }

    /// `getdents64`: `struct linux_dirent64` records of the directory open at `fd`, from
    /// its offset (the index of the next entry) on, as many as fit in `room` bytes.
    pub fn dir_records(&mut self, fd: u64, room: u64) -> Result<Vec<u8>, u64> {
        let d = self.fds.get(fd).ok_or(EBADF)?;
        let ino = d.rd.ok_or(EBADF)?;
        if !matches!(self.fs.nodes[ino as usize], Node::Dir) {
            return Err(ENOTDIR);
        }
        let (start, kept) = (d.offset as usize, d.listing.clone());
        let listing = match kept {
            Some(l) if start > 0 => l,
            _ => self.listing(ino),
        };
        let mut out = Vec::new();
        let mut i = start;
        while let Some(e) = listing.get(i) {
            let reclen = (19 + e.name.len() + 1).next_multiple_of(8);
            if (out.len() + reclen) as u64 > room {
                break;
            }
            out.extend((e.ino as u64 + 1).to_le_bytes());
            out.extend((i as u64 + 1).to_le_bytes());
            out.extend((reclen as u16).to_le_bytes());
            out.push(e.d_type);
            out.extend(&e.name);
            out.resize(out.len() + reclen - 19 - e.name.len(), 0);
            i += 1;
        }
        if out.is_empty() && i < listing.len() {
            return Err(EINVAL);
        }
        if let Some(d) = self.fds.get_mut(fd) {
            d.offset = i as u64;
            d.listing = Some(listing);
        }
        Ok(out)
    }

    /// The entries of directory node `ino` now: `.`, `..`, then the others by name (none
    /// once the directory was removed, as on Linux).
    fn listing(&mut self, ino: u32) -> Rc<[DirEntry]> {
        let Some(name) = self.fs.path_of(ino) else { return Rc::new([]) };
        let parent = path::split(&name).map_or(name.clone(), |(p, _)| p.to_vec());
        let up = self.fs.lookup(&parent).ok().flatten().unwrap_or(ino);
        let own = |n: &[u8], ino| DirEntry { name: n.to_vec(), ino, d_type: DT_DIR };
        let mut all = vec![own(b".", ino), own(b"..", up)];
        for (name, n) in self.fs.entries(&name) {
            let d_type = match self.fs.nodes[n as usize] {
                Node::File { .. } | Node::Unmade { .. } => DT_REG,
                Node::Dir => DT_DIR,
                Node::Host { d_type } => d_type,
                Node::Pipe { .. } => DT_FIFO,
                Node::Socket(_) | Node::Sink { .. } => DT_SOCK,
                Node::Event { .. } | Node::Std(_) => 0,
            };
            all.push(DirEntry { name, ino: n, d_type });
        }
        all.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_entries_are_listed_in_name_order_and_rmdir_needs_an_empty_directory() {
        let mut os = Os::new(&[], "/nonexistent-ravel-test-dir");
        assert_eq!(os.mkdir(b"/nonexistent-ravel-test-dir", 0o777).map(|_| ()), Ok(()));
        os.fs.create(b"b", 0o666).unwrap();
        let d = os.mkdir(b"/nonexistent-ravel-test-dir/a", 0o777).unwrap();
        assert_eq!(os.fs.perm(d), 0o755, "the umask applies");
        let here = os.fs.lookup(b".").unwrap();
        let fd = os.open_desc(here, None, 0, false).unwrap();
        let recs = os.dir_records(fd, 4096).unwrap();
        let names: Vec<&[u8]> = {
            let mut at = 0;
            let mut v = Vec::new();
            while at < recs.len() {
                let len = u16::from_le_bytes([recs[at + 16], recs[at + 17]]) as usize;
                let name = &recs[at + 19..at + len];
                v.push(&name[..name.iter().position(|&c| c == 0).unwrap()]);
                at += len;
            }
            v
        };
        assert_eq!(names, [&b"."[..], b"..", b"a", b"b"]);
        assert_eq!(os.dir_records(fd, 4096), Ok(Vec::new()), "at the end");
        assert_eq!(os.rmdir(b"/nonexistent-ravel-test-dir"), Err(ENOTEMPTY));
        assert_eq!(os.rmdir(b"/nonexistent-ravel-test-dir/a"), Ok(d));
        assert_eq!(os.chdir(b"/nonexistent-ravel-test-dir/a"), Err(ENOENT));
    }
}
