//! Proptest strategies for `Dfen` values, shared by the test binaries of this crate and of
//! `fenkit-chess` (`#[path = "../support/strategies.rs"] mod strategies;`).

#![allow(dead_code)]

use std::ops::RangeInclusive;

use dfen::{
    Board, CastlingRights, CastlingSide, Color, Dfen, DicePool, Piece, Role, Square, SquareSet,
};
use proptest::prelude::*;

/// A square's content: empty `empty_weight` times as often as it holds one of the twelve pieces.
pub(crate) fn square_content(empty_weight: u32) -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        empty_weight => Just(None),
        1 => (any::<bool>(), 0usize..6).prop_map(|(white, role)| Some(Piece {
            color: if white { Color::White } else { Color::Black },
            role: Role::ALL[role],
        })),
    ]
}

/// Any value the model can hold whose text parses back to it: any placement, rights and dice,
/// en-passant squares on ranks 3 and 6, clocks from the given strategies.
pub(crate) fn dfen_with(
    empty_weight: u32,
    halfmove: impl Strategy<Value = u32>,
    fullmove: impl Strategy<Value = u32>,
    dice: RangeInclusive<usize>,
) -> impl Strategy<Value = Dfen> {
    (
        proptest::collection::vec(square_content(empty_weight), 64),
        any::<bool>(),
        0u8..16,
        any::<u16>(),
        halfmove,
        fullmove,
        proptest::collection::vec(0usize..6, dice),
    )
        .prop_map(
            |(squares, white, castling, ep_bits, halfmove, fullmove, dice)| {
                let mut board = Board::empty();
                for (index, piece) in (0u8..).zip(squares) {
                    board.set(Square::from_index(index).unwrap(), piece);
                }
                let mut rights = CastlingRights::NONE;
                for (i, side) in CastlingSide::ALL.into_iter().enumerate() {
                    if castling & (1 << i) != 0 {
                        rights.insert(side);
                    }
                }
                let mut en_passant = SquareSet::EMPTY;
                for bit in 0..16u8 {
                    if ep_bits & (1 << bit) != 0 {
                        let rank = if bit < 8 { 2 } else { 5 };
                        en_passant.insert(Square::new(bit % 8, rank).unwrap());
                    }
                }
                Dfen {
                    board,
                    side: if white { Color::White } else { Color::Black },
                    castling: rights,
                    en_passant,
                    halfmove,
                    fullmove: std::num::NonZeroU32::new(fullmove)
                        .expect("a fullmove of at least 1"),
                    dice: DicePool::from_roles(dice.into_iter().map(|d| Role::ALL[d])).unwrap(),
                }
            },
        )
}

/// Any value with any clocks (fullmove at least 1) and 0 to 3 dice.
pub(crate) fn any_dfen() -> impl Strategy<Value = Dfen> {
    dfen_with(3, any::<u32>(), 1u32.., 0..=3)
}

/// A small deterministic generator (xorshift64), so a seeded corpus is the same on every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next number, from 0 to `n` (excluded).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// `text` with one or two random edits: a character of `alphabet` inserted or appended, a
/// character removed or replaced by one of `alphabet`.
pub(crate) fn mutate(rng: &mut Rng, text: &str, alphabet: &[char]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(2) {
        let at = rng.below(chars.len() + 1);
        let c = alphabet[rng.below(alphabet.len())];
        match rng.below(4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, c),
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}
