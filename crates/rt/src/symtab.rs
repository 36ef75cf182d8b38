//! The data symbols of the running executable, read from the ELF symbol table of
//! `/proc/self/exe`: globals are named by symbol, and file-local (`static`) ones appear
//! only there, not in the dynamic symbol table `dlsym` searches.

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
fn name_at(b: &[u8], at: usize) -> Option<&str> {
    let rest = b.get(at..)?;
    let end = rest.iter().position(|&c| c == 0)?;
    std::str::from_utf8(&rest[..end]).ok()
}

/// Reads `len` bytes at `offset` of the ELF file.
pub trait Source {
    fn bytes(&mut self, offset: usize, len: usize) -> Option<Vec<u8>>;
}

impl Source for &[u8] {
    fn bytes(&mut self, offset: usize, len: usize) -> Option<Vec<u8>> {
        self.get(offset..offset.checked_add(len)?).map(<[u8]>::to_vec)
    }
}

impl Source for std::fs::File {
    fn bytes(&mut self, offset: usize, len: usize) -> Option<Vec<u8>> {
        use std::io::{Read, Seek, SeekFrom};
        self.seek(SeekFrom::Start(offset as u64)).ok()?;
        let mut buf = vec![0; len];
        self.read_exact(&mut buf).ok()?;
        Some(buf)
    }
}

/// The object symbols of the little-endian ELF64 file `elf` with their addresses moved
/// so that function `anchor` lies at `anchor_addr` (the load bias of a position-
/// independent executable). Reads only the headers, the symbol table and its strings
/// (the executable's debug information can be many megabytes).
pub fn objects(mut elf: impl Source, anchor: &str, anchor_addr: usize) -> Option<Vec<Symbol>> {
    let header = elf.bytes(0, 64)?;
    if header.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let (shoff, shentsize, shnum) =
        (u64_at(&header, 0x28)?, u16_at(&header, 0x3a)? as usize, u16_at(&header, 0x3c)? as usize);
    let sections = elf.bytes(shoff, shentsize.checked_mul(shnum)?)?;
    let section = |i: usize| i * shentsize;
    let symtab = (0..shnum).map(section).find(|&s| u32_at(&sections, s + 4) == Some(SHT_SYMTAB))?;
    let strtab = section(u32_at(&sections, symtab + 40)? as usize);
    let entsize = u64_at(&sections, symtab + 56)?.max(1);
    let syms = elf.bytes(u64_at(&sections, symtab + 24)?, u64_at(&sections, symtab + 32)?)?;
    let strs = elf.bytes(u64_at(&sections, strtab + 24)?, u64_at(&sections, strtab + 32)?)?;
    let mut out = Vec::new();
    let mut bias = None;
    for s in (0..syms.len()).step_by(entsize) {
        let kind = *syms.get(s + 4)? & 0xf;
        let name = name_at(&strs, u32_at(&syms, s)? as usize)?;
        let (value, len) = (u64_at(&syms, s + 8)?, u64_at(&syms, s + 16)?);
        if kind == STT_FUNC && name == anchor {
            bias = Some(anchor_addr.wrapping_sub(value));
        } else if kind == STT_OBJECT && len > 0 && !name.contains('@') {
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
        let syms = super::objects(elf.as_slice(), &name, anchor as *const () as usize).unwrap();
        let marker = syms.iter().find(|s| s.name.contains("MARKER")).unwrap();
        assert_eq!((marker.addr, marker.size), (MARKER.as_ptr() as usize, 24));
    }
}
