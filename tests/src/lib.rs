//! Workspace-level conformance tests live in `tests/`; this library holds what several of them
//! share.

/// A small deterministic generator (xorshift64*), so that a seeded corpus is the same on every
/// run.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}
