//! SplitMix64, the one seeded generator of the command line: the parity fuzzer's mutations
//! (`parity::fuzz`) and the randomised tests of the modules above it (`diag`, `context`) draw
//! from it. Small, fast and the same on every platform, so that a seed names one run.

/// A SplitMix64 generator.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub(crate) const fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            // The remainder is below `n`, a `usize`.
            (self.next_u64() % n as u64) as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn splitmix_matches_its_published_first_outputs() {
        // SplitMix64 seeded with 0 starts 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4.
        let mut rng = Rng::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn below_stays_below_and_zero_gives_zero() {
        let mut rng = Rng::new(7);
        assert_eq!(rng.below(0), 0);
        assert!((0..1000).all(|_| rng.below(3) < 3));
        let mut seen = [false; 3];
        for _ in 0..100 {
            seen[rng.below(3)] = true;
        }
        assert_eq!(seen, [true; 3], "every value comes up");
    }
}
