//! The data symbols of the running executable, read from the ELF symbol table of
//! `/proc/self/exe`: globals are named by symbol, and file-local (`static`) ones appear
//! only there, not in the dynamic symbol table `dlsym` searches.

use std::collections::HashSet;

/// A data object of the executable: its symbol, run-time address and size.
pub struct Symbol {
    pub name: String,
    pub addr: usize,
    pub size: usize,
}

const SHT_SYMTAB: u32 = 2;
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}
fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}
fn u64_at(b: &[u8], at: usize) -> Option<usize> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?) as usize)
}
/// Whether the NUL-terminated string at `at` of `b` is `name`.
fn names(b: &[u8], at: usize, name: &[u8]) -> bool {
    b.get(at..).is_some_and(|rest| rest.starts_with(name) && rest.get(name.len()) == Some(&0))
}

fn name_at(b: &[u8], at: usize) -> Option<&[u8]> {
    let rest = b.get(at..)?;
    let end = rest.iter().position(|&c| c == 0)?;
    Some(&rest[..end])
}

/// A file mapped into memory: only the pages of the headers, the symbol table and its
/// strings are ever read, and nothing is copied (reading and zeroing buffers for the
/// symbol table of a statically linked runtime was a measurable share of a short run).
pub struct Mapped {
    base: *const u8,
    len: usize,
}

extern "C" {
    fn mmap(addr: *mut u8, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut u8;
    fn munmap(addr: *mut u8, len: usize) -> i32;
}

const PROT_READ: i32 = 1;
const MAP_PRIVATE: i32 = 2;

impl Mapped {
    pub fn open(path: &str) -> Option<Mapped> {
        use std::os::fd::AsRawFd;
        let file = std::fs::File::open(path).ok()?;
        let len = file.metadata().ok()?.len() as usize;
        // SAFETY: a private read-only mapping of a regular file of `len` bytes; it stays
        // valid after the descriptor is closed, and is unmapped on drop.
        let base = unsafe { mmap(std::ptr::null_mut(), len, PROT_READ, MAP_PRIVATE, file.as_raw_fd(), 0) };
        (!base.is_null() && base as isize != -1).then_some(Mapped { base, len })
    }

    pub fn bytes(&self) -> &[u8] {
        // SAFETY: the mapping covers `len` readable bytes for as long as `self` lives.
        unsafe { std::slice::from_raw_parts(self.base, self.len) }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `open`.
        unsafe { munmap(self.base as *mut u8, self.len) };
    }
}

/// The object symbols of the little-endian ELF64 image `elf` (those `wanted` accepts by
/// name, or all) with their addresses moved so that function `anchor` lies at
/// `anchor_addr` (the load bias of a position-independent executable). Reads only the
/// headers, the symbol table and its strings (the executable's debug information can be
/// many megabytes).
pub fn objects(elf: &[u8], anchor: &str, anchor_addr: usize, wanted: Option<&HashSet<&[u8]>>) -> Option<Vec<Symbol>> {
    let at = |offset: usize, len: usize| elf.get(offset..offset.checked_add(len)?);
    let header = at(0, 64)?;
    if header.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let (shoff, shentsize, shnum) =
        (u64_at(header, 0x28)?, u16_at(header, 0x3a)? as usize, u16_at(header, 0x3c)? as usize);
    let sections = at(shoff, shentsize.checked_mul(shnum)?)?;
    let section = |i: usize| i * shentsize;
    let symtab = (0..shnum).map(section).find(|&s| u32_at(sections, s + 4) == Some(SHT_SYMTAB))?;
    let strtab = section(u32_at(sections, symtab + 40)? as usize);
    let entsize = u64_at(sections, symtab + 56)?.max(1);
    let syms = at(u64_at(sections, symtab + 24)?, u64_at(sections, symtab + 32)?)?;
    let strs = at(u64_at(sections, strtab + 24)?, u64_at(sections, strtab + 32)?)?;
    let mut out = Vec::new();
    let mut bias = None;
    for s in (0..syms.len()).step_by(entsize) {
        let kind = *syms.get(s + 4)? & 0xf;
        if kind != STT_FUNC && kind != STT_OBJECT {
            continue;
        }
        let (name_off, value, len) = (u32_at(syms, s)? as usize, u64_at(syms, s + 8)?, u64_at(syms, s + 16)?);
        // Names are measured only for candidates: a statically linked runtime brings
        // thousands of long function names, and measuring each was most of a short run.
        if kind == STT_FUNC {
            if names(strs, name_off, anchor.as_bytes()) {
                bias = Some(anchor_addr.wrapping_sub(value));
            }
            continue;
        }
        if len == 0 {
            continue;
        }
        let name = match wanted {
            // The few names constraints list, compared in place.
            Some(w) => match w.iter().find(|n| names(strs, name_off, n)) {
                Some(n) => *n,
                None => continue,
            },
            None => name_at(strs, name_off)?,
        };
        if !name.contains(&b'@') {
            let Ok(name) = std::str::from_utf8(name) else { continue };
            out.push(Symbol { name: name.to_string(), addr: value, size: len });
        }
    }
    let bias = bias?;
    for s in &mut out {
        s.addr = s.addr.wrapping_add(bias);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_its_own_statics() {
        static MARKER: [u8; 24] = [7; 24];
        #[inline(never)]
        fn anchor() -> usize {
            std::hint::black_box(MARKER.len())
        }
        let elf = std::fs::read("/proc/self/exe").unwrap();
        // The anchor's mangled name contains "symtab" and "anchor"; find it by scanning.
        let image = String::from_utf8_lossy(&elf);
        let name = image
            .split('\0')
            .find(|s| s.contains("symtab") && s.contains("6anchor") && s.starts_with("_ZN"))
            .unwrap()
            .to_string();
        let syms = super::objects(&elf, &name, anchor as *const () as usize, None).unwrap();
        let marker = syms.iter().find(|s| s.name.contains("MARKER")).unwrap();
        assert_eq!((marker.addr, marker.size), (MARKER.as_ptr() as usize, 24));
    }
}
