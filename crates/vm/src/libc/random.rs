//! `rand`/`srand` (and `random`/`srandom`) as glibc computes them, so that a program's
//! output under ravel is the output of its native build, and runs and replays agree.

/// glibc's default generator (`TYPE_3`): an additive feedback generator over 31 words,
/// `r[i] = r[i-3] + r[i-31]`, seeded by a Park–Miller sequence and run 310 steps before
/// its first value.
#[derive(Clone, Debug)]
pub struct Random {
    words: [u32; DEGREE],
    front: usize,
    rear: usize,
}

const DEGREE: usize = 31;
const SEPARATION: usize = 3;

impl Default for Random {
    /// The state before any `srand` (as `srand(1)`, which C specifies).
    fn default() -> Random {
        Random::seeded(1)
    }
}

impl Random {
    /// The state after `srand(seed)`.
    pub fn seeded(seed: u32) -> Random {
        let mut words = [0u32; DEGREE];
        let mut word = if seed == 0 { 1 } else { seed as i32 };
        words[0] = word as u32;
        for w in words.iter_mut().skip(1) {
            // 16807 * word % (2^31 - 1) without overflow (Schrage's method).
            let (hi, lo) = (word / 127_773, word % 127_773);
            word = 16_807 * lo - 2_836 * hi;
            if word < 0 {
                word += 2_147_483_647;
            }
            *w = word as u32;
        }
        let mut r = Random { words, front: SEPARATION, rear: 0 };
        for _ in 0..10 * DEGREE {
            r.draw();
        }
        r
    }

    /// The next value of `rand` (0..=RAND_MAX, 2^31 - 1).
    pub fn draw(&mut self) -> u64 {
        let value = self.words[self.front].wrapping_add(self.words[self.rear]);
        self.words[self.front] = value;
        self.front = (self.front + 1) % DEGREE;
        self.rear = (self.rear + 1) % DEGREE;
        u64::from(value >> 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Random;

    /// The values glibc's `rand()` gives (`srand(1)` or none, then `srand(42)`).
    #[test]
    fn the_sequence_is_glibcs() {
        let mut r = Random::default();
        let first: Vec<u64> = (0..3).map(|_| r.draw()).collect();
        assert_eq!(first, [1_804_289_383, 846_930_886, 1_681_692_777]);
        let mut r = Random::seeded(42);
        assert_eq!(r.draw(), 71_876_166);
    }
}
