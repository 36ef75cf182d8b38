//! The hash of state fingerprints and canonical states: 128 bits, so that accidental
//! equality of different states is out of practical reach. The states engine's canonical
//! states and the unfolding engine's fingerprints (both in `ravel-explore`) build on it.

use std::hash::{Hash, Hasher};

/// A 128-bit hasher: two 64-bit lanes with different multipliers and a final avalanche.
pub struct FpHasher {
    a: u64,
    b: u64,
}

impl FpHasher {
    /// A hasher for fragments of kind `domain` (equal values of different kinds differ).
    #[inline]
    pub fn new(domain: u64) -> FpHasher {
        FpHasher { a: 0x9e37_79b9_7f4a_7c15 ^ domain, b: 0xc2b2_ae3d_27d4_eb4f ^ domain.rotate_left(17) }
    }

    /// The full 128-bit hash.
    #[inline]
    pub fn finish128(&self) -> u128 {
        ((mix(self.a ^ self.b.rotate_left(29)) as u128) << 64) | mix(self.b ^ self.a.rotate_left(41)) as u128
    }
}

/// The murmur3 64-bit finaliser.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

impl Hasher for FpHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w) ^ ((chunk.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.a = (self.a ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(31);
        self.b = (self.b ^ mix(x)).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(27);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.finish128() as u64
    }
}

/// Hash of one fragment, tagged by its kind.
#[inline]
pub fn fragment(domain: u64, value: impl Hash) -> u128 {
    let mut h = FpHasher::new(domain);
    value.hash(&mut h);
    h.finish128()
}
