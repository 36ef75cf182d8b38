//! `<ctype.h>` in the C locale: glibc's classification table (what `__ctype_b_loc`
//! returns, which the `isalpha` family's macros index) and the case mappings.

use crate::memory::{Memory, ObjKind};
use std::rc::Rc;

/// The classes of glibc's table in bit order (`_ISupper` … `_ISalnum`).
fn classes(c: u8) -> [bool; 12] {
    let ch = c as char;
    [
        ch.is_ascii_uppercase(),
        ch.is_ascii_lowercase(),
        ch.is_ascii_alphabetic(),
        ch.is_ascii_digit(),
        ch.is_ascii_hexdigit(),
        ch.is_ascii_whitespace() || c == 0x0b,
        (0x20..0x7f).contains(&c),
        ch.is_ascii_graphic(),
        c == b' ' || c == b'\t',
        ch.is_ascii_control(),
        ch.is_ascii_punctuation(),
        ch.is_ascii_alphanumeric(),
    ]
}

/// The table's bytes: 384 little-endian 16-bit masks for the characters -128..255 (only
/// ASCII has classes in the C locale), each class bit placed as glibc's big-endian
/// layout puts it.
fn table_bytes() -> Vec<u8> {
    let bit = |b: u32| -> u16 {
        if b < 8 {
            (1 << b) << 8
        } else {
            (1 << b) >> 8
        }
    };
    let mut table = vec![0u8; 384 * 2];
    for c in 0u8..128 {
        let v = classes(c).iter().enumerate().filter(|(_, on)| **on).fold(0u16, |v, (i, _)| v | bit(i as u32));
        let idx = (c as usize + 128) * 2;
        table[idx..idx + 2].copy_from_slice(&v.to_le_bytes());
    }
    table
}

/// Places the table and the pointer cell `__ctype_b_loc` returns (pointing at the entry
/// of character 0) in shared global memory on behalf of thread `t`; returns the cell's
/// address, or 0 when memory is exhausted.
pub fn install_table(mem: &mut Memory, ptr_bytes: u32, t: usize) -> u64 {
    let table = table_bytes();
    let pb = ptr_bytes as u64;
    let Some(tab) = mem.allocate(0, table.len() as u64, 16, ObjKind::Global, t, Default::default()) else {
        return 0;
    };
    mem.objects[tab.0 as usize].bytes = Rc::from(table);
    mem.share(tab.0);
    let Some(cell) = mem.allocate(0, pb, pb, ObjKind::Global, t, Default::default()) else {
        return 0;
    };
    let target = tab.1 + 256;
    mem.objects[cell.0 as usize].bytes = Rc::from(&target.to_le_bytes()[..pb as usize]);
    mem.share(cell.0);
    cell.1
}

/// `toupper`: ASCII lower-case letters mapped, every other value as it is.
pub fn to_upper(c: u64) -> u64 {
    if (b'a' as u64..=b'z' as u64).contains(&c) {
        c - 32
    } else {
        c
    }
}

/// `tolower`: ASCII upper-case letters mapped, every other value as it is.
pub fn to_lower(c: u64) -> u64 {
    if (b'A' as u64..=b'Z' as u64).contains(&c) {
        c + 32
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_marks_glibc_bits() {
        let t = table_bytes();
        let mask = |c: u8| u16::from_le_bytes([t[(c as usize + 128) * 2], t[(c as usize + 128) * 2 + 1]]);
        // glibc (little-endian host): _ISupper 0x100, _ISdigit 0x800, _ISspace 0x2000,
        // _ISblank 0x1, _ISalnum 0x8.
        assert_ne!(mask(b'A') & 0x100, 0);
        assert_eq!(mask(b'a') & 0x100, 0);
        assert_ne!(mask(b'7') & 0x800, 0);
        assert_ne!(mask(b'\t') & 0x2000, 0);
        assert_ne!(mask(b' ') & 0x1, 0);
        assert_ne!(mask(b'z') & 0x8, 0);
        assert_eq!(mask(0x80), 0);
        assert_eq!((to_upper(b'q' as u64), to_lower(b'Q' as u64), to_upper(200)), (b'Q' as u64, b'q' as u64, 200));
    }
}
