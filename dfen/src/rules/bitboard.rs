//! Attack tables built at compile time, and sliding-piece attacks by ray scanning.
//!
//! A bitboard is a `u64` whose bit `i` stands for the square with index `i` (a1 = 0, h8 = 63).

/// The squares of rank 1.
pub const RANK_1: u64 = 0xff;
/// The squares of rank 3 (White's en-passant squares).
pub const RANK_3: u64 = RANK_1 << 16;
/// The squares of rank 6 (Black's en-passant squares).
pub const RANK_6: u64 = RANK_1 << 40;
/// The squares of rank 8.
pub const RANK_8: u64 = RANK_1 << 56;

const fn offset_table(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let file = (sq % 8) as i8;
        let rank = (sq / 8) as i8;
        let mut bits = 0u64;
        let mut i = 0;
        while i < deltas.len() {
            let f = file + deltas[i].0;
            let r = rank + deltas[i].1;
            if f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1u64 << (r * 8 + f);
            }
            i += 1;
        }
        table[sq] = bits;
        sq += 1;
    }
    table
}

/// The squares a knight on each square attacks.
pub static KNIGHT: [u64; 64] = offset_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

/// The squares a king on each square attacks.
pub static KING: [u64; 64] = offset_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

/// The squares a pawn of each colour (0 White, 1 Black) on each square attacks.
pub static PAWN: [[u64; 64]; 2] = [
    offset_table(&[(-1, 1), (1, 1)]),
    offset_table(&[(-1, -1), (1, -1)]),
];

/// The eight ray directions as (file, rank) steps. The first four increase the square index.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
    (-1, 0),
    (0, -1),
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
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            let mut bits = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                bits |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            tables[dir][sq] = bits;
            sq += 1;
        }
        dir += 1;
    }
    tables
}

/// `RAYS[d][s]`: every square from `s` (exclusive) to the edge in direction `d`.
static RAYS: [[u64; 64]; 8] = ray_tables();

/// Attacks along one direction, stopping at (and including) the first occupied square.
///
/// Without a branch on the board: a blocker is added on the far corner (h8 for the four
/// directions that increase the square index, a1 for the others), whose own ray that way is
/// empty, so that a ray with no blocker comes out whole.
#[inline(always)]
fn ray_attacks(dir: usize, sq: usize, occupied: u64) -> u64 {
    let ray = RAYS[dir][sq];
    let first = if dir < 4 {
        ((ray & occupied) | 1 << 63).trailing_zeros()
    } else {
        63 - ((ray & occupied) | 1).leading_zeros()
    };
    ray ^ RAYS[dir][first as usize]
}

/// Rook attacks from `sq` given the occupied squares.
#[inline]
pub fn rook_attacks(sq: usize, occupied: u64) -> u64 {
    ray_attacks(0, sq, occupied)
        | ray_attacks(1, sq, occupied)
        | ray_attacks(4, sq, occupied)
        | ray_attacks(5, sq, occupied)
}

/// Bishop attacks from `sq` given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: usize, occupied: u64) -> u64 {
    ray_attacks(2, sq, occupied)
        | ray_attacks(3, sq, occupied)
        | ray_attacks(6, sq, occupied)
        | ray_attacks(7, sq, occupied)
}

/// Iterates over the set bits of a bitboard as square indices, lowest first.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_in_the_corner_has_two_targets() {
        // a1 attacks b3 (17) and c2 (10).
        assert_eq!(KNIGHT[0], (1 << 17) | (1 << 10));
    }

    #[test]
    fn rook_stops_at_the_first_blocker() {
        // Rook on d4 (27), blockers on d6 (43) and b4 (25).
        let occ = (1u64 << 43) | (1 << 25);
        let attacks = rook_attacks(27, occ);
        let expected_squares = [43, 35, 28, 29, 30, 31, 26, 25, 19, 11, 3];
        let expected = expected_squares.iter().fold(0u64, |acc, s| acc | 1 << s);
        assert_eq!(attacks, expected);
    }

    /// The far corners' rays away from the board are empty: what the branchless ray relies on.
    #[test]
    fn the_far_corners_rays_off_the_board_are_empty() {
        for dir in 0..4 {
            assert_eq!(RAYS[dir][63], 0, "{dir}");
            assert_eq!(RAYS[dir + 4][0], 0, "{}", dir + 4);
        }
    }

    /// Every slider's attacks, for random boards, are the squares walked to the first blocker.
    #[test]
    fn slider_attacks_stop_at_the_first_blocker_everywhere() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed & (seed >> 3);
            for sq in 0..64 {
                let mut rook = 0u64;
                let mut bishop = 0u64;
                for &(df, dr) in &DIRECTIONS {
                    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
                    while (0..8).contains(&f) && (0..8).contains(&r) {
                        let bit = 1u64 << (r * 8 + f);
                        if df == 0 || dr == 0 {
                            rook |= bit;
                        } else {
                            bishop |= bit;
                        }
                        if occupied & bit != 0 {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
                assert_eq!(rook_attacks(sq, occupied), rook, "rook {sq} {occupied:x}");
                assert_eq!(
                    bishop_attacks(sq, occupied),
                    bishop,
                    "bishop {sq} {occupied:x}"
                );
            }
        }
    }

    #[test]
    fn bishop_on_an_empty_board_from_a1_sees_the_long_diagonal() {
        let diagonal = [9, 18, 27, 36, 45, 54, 63];
        let expected = diagonal.iter().fold(0u64, |acc, s| acc | 1 << s);
        assert_eq!(bishop_attacks(0, 0), expected);
    }

    #[test]
    fn white_pawn_attacks_go_up_black_down() {
        // e4 = 28: White attacks d5 (35) and f5 (37); Black attacks d3 (19) and f3 (21).
        assert_eq!(PAWN[0][28], (1 << 35) | (1 << 37));
        assert_eq!(PAWN[1][28], (1 << 19) | (1 << 21));
    }
}
