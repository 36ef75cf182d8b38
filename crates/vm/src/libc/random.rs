//! `rand`/`srand`: a deterministic generator, so that runs and replays agree.

/// The initial state (`srand(1)`, as C specifies).
pub const SEED: u64 = 1;

/// Advances `state` and returns the next value of `rand` (0..=RAND_MAX, 2^31 - 1): a
/// 64-bit linear congruential generator, high bits out.
pub fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (*state >> 33) & 0x7fff_ffff
}
