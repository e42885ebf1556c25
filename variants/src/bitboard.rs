//! Bitboards: a `u64` whose bit `i` is the square with index `i` (a1 = 0, b1 = 1, … h8 = 63).
//!
//! Leaper attacks come from tables built at compile time; sliding attacks scan each ray to its
//! first blocker (a ray towards higher squares stops at the lowest set bit, one towards lower
//! squares at the highest).

/// Rank 1.
pub const RANK_1: u64 = 0xff;
/// Rank 8.
pub const RANK_8: u64 = 0xff << 56;
/// Ranks 1 and 8.
pub const BACK_RANKS: u64 = RANK_1 | RANK_8;
/// d4, e4, d5 and e5: king of the hill's goal.
pub const CENTER: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);
/// The dark squares (a1 is dark).
pub const DARK_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;
/// The light squares.
pub const LIGHT_SQUARES: u64 = !DARK_SQUARES;

/// The mask of rank `rank` (0 = rank 1).
#[must_use]
pub const fn rank(rank: u32) -> u64 {
    RANK_1 << (8 * rank)
}

const fn offset_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                table[sq] |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = offset_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = offset_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    offset_table(&[(-1, 1), (1, 1)]),
    offset_table(&[(-1, -1), (1, -1)]),
];

/// Directions as (file, rank) steps: rook directions first, the first two of each kind
/// increasing the square index.
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

const fn ray_tables() -> [[u64; 64]; 8] {
    let mut tables = [[0u64; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let (df, dr) = DIRECTIONS[dir];
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                tables[dir][sq] |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            sq += 1;
        }
        dir += 1;
    }
    tables
}

static RAYS: [[u64; 64]; 8] = ray_tables();

/// Whether direction `dir` increases the square index.
const fn ascending(dir: usize) -> bool {
    let (df, dr) = DIRECTIONS[dir];
    dr > 0 || (dr == 0 && df > 0)
}

/// The squares a slider on `sq` attacks in direction `dir`: the ray up to and with its first
/// blocker. Without a branch on the board: a blocker on the far corner (h8 for the ascending
/// directions, a1 for the others) stands for none, since no ray of that direction leaves it.
#[inline(always)]
fn ray_attacks(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let blockers = ray & occupied;
    let first = if ascending(dir) {
        (blockers | 1 << 63).trailing_zeros()
    } else {
        63 - (blockers | 1).leading_zeros()
    };
    ray ^ RAYS[dir][first as usize]
}

const fn empty_board_tables(first: usize) -> [u64; 64] {
    let rays = ray_tables();
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] =
            rays[first][sq] | rays[first + 1][sq] | rays[first + 2][sq] | rays[first + 3][sq];
        sq += 1;
    }
    table
}

static ROOK_LINES: [u64; 64] = empty_board_tables(0);
static BISHOP_LINES: [u64; 64] = empty_board_tables(4);

/// The squares a rook on `sq` attacks on an empty board: a slider elsewhere cannot attack
/// `sq` along a rank or file, whatever stands between.
#[inline(always)]
#[must_use]
pub fn rook_lines(sq: u32) -> u64 {
    ROOK_LINES[sq as usize]
}

/// The squares a bishop on `sq` attacks on an empty board.
#[inline(always)]
#[must_use]
pub fn bishop_lines(sq: u32) -> u64 {
    BISHOP_LINES[sq as usize]
}

/// The squares a knight on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn knight(sq: u32) -> u64 {
    KNIGHT[sq as usize]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn king(sq: u32) -> u64 {
    KING[sq as usize]
}

/// The squares a pawn of `color` (0 White, 1 Black) on `sq` attacks.
#[inline(always)]
#[must_use]
pub fn pawn(color: usize, sq: u32) -> u64 {
    PAWN[color & 1][sq as usize]
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn rook(sq: u32, occupied: u64) -> u64 {
    let sq = sq as usize;
    ray_attacks(0, sq, occupied)
        | ray_attacks(1, sq, occupied)
        | ray_attacks(2, sq, occupied)
        | ray_attacks(3, sq, occupied)
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline(always)]
#[must_use]
pub fn bishop(sq: u32, occupied: u64) -> u64 {
    let sq = sq as usize;
    ray_attacks(4, sq, occupied)
        | ray_attacks(5, sq, occupied)
        | ray_attacks(6, sq, occupied)
        | ray_attacks(7, sq, occupied)
}

const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    // between[a][b]: the squares strictly between a and b on a line; line[a][b]: the whole
    // line through both (empty when they share none).
    let rays = ray_tables();
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut dir = 0;
        while dir < 8 {
            let mut b = 0;
            while b < 64 {
                if rays[dir][a] & (1u64 << b) != 0 {
                    let opposite = (dir & 4) | ((dir + 2) & 3);
                    between[a][b] = rays[dir][a] & !rays[dir][b] & !(1u64 << b);
                    line[a][b] = rays[dir][a] | rays[opposite][a] | (1u64 << a);
                }
                b += 1;
            }
            dir += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal.
#[inline(always)]
#[must_use]
pub fn between(a: u32, b: u32) -> u64 {
    LINES.0[a as usize][b as usize]
}

/// The whole rank, file or diagonal through `a` and `b`, or 0 when they share none.
#[inline(always)]
#[must_use]
pub fn line(a: u32, b: u32) -> u64 {
    LINES.1[a as usize][b as usize]
}

/// Whether `set` holds more than one square: its lowest cleared, something is left (no
/// `popcnt` on the baseline target, where `count_ones` is a dozen instructions).
#[inline(always)]
pub(crate) const fn more_than_one(set: u64) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Whether `set` holds more than two squares: its two lowest cleared, something is left.
#[inline(always)]
pub(crate) const fn more_than_two(set: u64) -> bool {
    more_than_one(set & set.wrapping_sub(1))
}

/// The squares of a bitboard, lowest first.
#[derive(Debug, Clone, Copy)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The bit-clearing tests say what counting says.
        #[test]
        fn more_than_agrees_with_counting(set in any::<u64>(), sparse in any::<u8>()) {
            // Sets of few squares too, where the answers change.
            for set in [set, set & (set >> 13) & (set >> 29), 1u64 << (sparse & 63), (1u64 << (sparse & 63)) | 1] {
                prop_assert_eq!(more_than_one(set), set.count_ones() > 1);
                prop_assert_eq!(more_than_two(set), set.count_ones() > 2);
            }
        }
    }

    #[test]
    fn sliding_attacks_stop_at_the_first_blocker() {
        // A rook on d4 with blockers on d6 and b4.
        let occupied = (1 << 43) | (1 << 25);
        let attacks = rook(27, occupied);
        assert!(attacks & (1 << 43) != 0 && attacks & (1 << 51) == 0);
        assert!(attacks & (1 << 25) != 0 && attacks & (1 << 24) == 0);
        assert_eq!(attacks.count_ones(), 2 + 4 + 2 + 3);
        assert_eq!(between(0, 63).count_ones(), 6);
        assert_eq!(between(0, 17), 0);
        assert_eq!(line(0, 9).count_ones(), 8);
        assert_eq!(bishop(0, 0).count_ones(), 7);
    }

    /// A slider's attacks stepped square by square.
    fn stepped(sq: u32, occupied: u64, directions: &[(i32, i32)]) -> u64 {
        let mut out = 0;
        for &(df, dr) in directions {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let bit = 1u64 << (r * 8 + f);
                out |= bit;
                if occupied & bit != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn sliding_attacks_match_stepping_on_every_square() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let rook_dirs = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let bishop_dirs = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        for i in 0..2_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Sparse and dense boards, and the corners (the sentinels) occupied or not.
            let occupied = match i % 4 {
                0 => seed & seed.rotate_left(17),
                1 => seed,
                2 => seed | 1 | 1 << 63,
                _ => seed & !(1 | 1 << 63),
            };
            for sq in 0..64 {
                assert_eq!(rook(sq, occupied), stepped(sq, occupied, &rook_dirs));
                assert_eq!(bishop(sq, occupied), stepped(sq, occupied, &bishop_dirs));
            }
        }
    }
}
