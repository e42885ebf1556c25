//! Why a position is invalid ([`Status`], python-chess's `status()` flags), and the game's
//! end ([`Outcome`]) as python-chess's `outcome()` reads it (without repetitions, which need
//! the game's history).

use std::ops::{BitOr, BitOrAssign, Sub, SubAssign};

use crate::bitboard as bb;
use crate::position::{Color, Position, Role};

/// A set of reasons a position is invalid: python-chess's `STATUS_*` flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Status(pub u32);

impl Status {
    /// Nothing wrong.
    pub const VALID: Status = Status(0);
    /// White has no king.
    pub const NO_WHITE_KING: Status = Status(1 << 0);
    /// Black has no king.
    pub const NO_BLACK_KING: Status = Status(1 << 1);
    /// More than two kings (horde: White has a king).
    pub const TOO_MANY_KINGS: Status = Status(1 << 2);
    /// More than 8 White pawns.
    pub const TOO_MANY_WHITE_PAWNS: Status = Status(1 << 3);
    /// More than 8 Black pawns.
    pub const TOO_MANY_BLACK_PAWNS: Status = Status(1 << 4);
    /// A pawn on rank 1 or 8.
    pub const PAWNS_ON_BACKRANK: Status = Status(1 << 5);
    /// More than 16 White pieces.
    pub const TOO_MANY_WHITE_PIECES: Status = Status(1 << 6);
    /// More than 16 Black pieces.
    pub const TOO_MANY_BLACK_PIECES: Status = Status(1 << 7);
    /// Castling rights without their king and rook in place.
    pub const BAD_CASTLING_RIGHTS: Status = Status(1 << 8);
    /// An en passant square no double step can have left.
    pub const INVALID_EP_SQUARE: Status = Status(1 << 9);
    /// The side not to move is in check.
    pub const OPPOSITE_CHECK: Status = Status(1 << 10);
    /// No piece on the board.
    pub const EMPTY: Status = Status(1 << 11);
    /// Racing kings: a king in check.
    pub const RACE_CHECK: Status = Status(1 << 12);
    /// Racing kings: both kings on rank 8 with Black to move.
    pub const RACE_OVER: Status = Status(1 << 13);
    /// Racing kings: pawns, or more pieces of a kind than the start has.
    pub const RACE_MATERIAL: Status = Status(1 << 14);
    /// More checkers than a move can give.
    pub const TOO_MANY_CHECKERS: Status = Status(1 << 15);
    /// Checkers that no last move can have given together.
    pub const IMPOSSIBLE_CHECK: Status = Status(1 << 16);

    /// Every flag, in the order of their bits, with python-chess's name.
    pub const ALL: [(Status, &'static str); 17] = [
        (Status::NO_WHITE_KING, "STATUS_NO_WHITE_KING"),
        (Status::NO_BLACK_KING, "STATUS_NO_BLACK_KING"),
        (Status::TOO_MANY_KINGS, "STATUS_TOO_MANY_KINGS"),
        (Status::TOO_MANY_WHITE_PAWNS, "STATUS_TOO_MANY_WHITE_PAWNS"),
        (Status::TOO_MANY_BLACK_PAWNS, "STATUS_TOO_MANY_BLACK_PAWNS"),
        (Status::PAWNS_ON_BACKRANK, "STATUS_PAWNS_ON_BACKRANK"),
        (
            Status::TOO_MANY_WHITE_PIECES,
            "STATUS_TOO_MANY_WHITE_PIECES",
        ),
        (
            Status::TOO_MANY_BLACK_PIECES,
            "STATUS_TOO_MANY_BLACK_PIECES",
        ),
        (Status::BAD_CASTLING_RIGHTS, "STATUS_BAD_CASTLING_RIGHTS"),
        (Status::INVALID_EP_SQUARE, "STATUS_INVALID_EP_SQUARE"),
        (Status::OPPOSITE_CHECK, "STATUS_OPPOSITE_CHECK"),
        (Status::EMPTY, "STATUS_EMPTY"),
        (Status::RACE_CHECK, "STATUS_RACE_CHECK"),
        (Status::RACE_OVER, "STATUS_RACE_OVER"),
        (Status::RACE_MATERIAL, "STATUS_RACE_MATERIAL"),
        (Status::TOO_MANY_CHECKERS, "STATUS_TOO_MANY_CHECKERS"),
        (Status::IMPOSSIBLE_CHECK, "STATUS_IMPOSSIBLE_CHECK"),
    ];

    /// Whether nothing is wrong.
    #[must_use]
    pub const fn is_valid(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set.
    #[must_use]
    pub const fn contains(self, other: Status) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }
}

impl BitOr for Status {
    type Output = Status;
    fn bitor(self, rhs: Status) -> Status {
        Status(self.0 | rhs.0)
    }
}

impl BitOrAssign for Status {
    fn bitor_assign(&mut self, rhs: Status) {
        self.0 |= rhs.0;
    }
}

impl Sub for Status {
    type Output = Status;
    fn sub(self, rhs: Status) -> Status {
        Status(self.0 & !rhs.0)
    }
}

impl SubAssign for Status {
    fn sub_assign(&mut self, rhs: Status) {
        self.0 &= !rhs.0;
    }
}

/// Standard chess: only a lone king, a king and a knight, or kings and bishops on one colour
/// cannot mate, and only when the opponent has nothing to help a self-mate.
pub(crate) fn standard_insufficient_material(pos: &Position, color: Color) -> bool {
    let ours = pos.pieces_of(color);
    let theirs = pos.pieces_of(color.other());
    if ours & (pos.role(Role::Pawn) | pos.role(Role::Rook) | pos.role(Role::Queen)) != 0 {
        return false;
    }
    if ours & pos.role(Role::Knight) != 0 {
        return ours.count_ones() <= 2
            && theirs & !pos.role(Role::King) & !pos.role(Role::Queen) == 0;
    }
    if ours & pos.role(Role::Bishop) != 0 {
        let bishops = pos.role(Role::Bishop);
        let one_colour = bishops & bb::DARK_SQUARES == 0 || bishops & bb::LIGHT_SQUARES == 0;
        return one_colour && pos.role(Role::Pawn) == 0 && pos.role(Role::Knight) == 0;
    }
    true
}

/// Antichess: a side wins by losing everything, which only bishops that cannot meet, or two
/// knights on the wrong colours, cannot force.
pub(crate) fn antichess_insufficient_material(pos: &Position, color: Color) -> bool {
    let ours = pos.pieces_of(color);
    let theirs = pos.pieces_of(color.other());
    if ours == 0 {
        return false;
    }
    if theirs == 0 {
        return true;
    }
    let occupied = pos.occupied();
    if occupied == pos.role(Role::Bishop) {
        let some_light = ours & bb::LIGHT_SQUARES != 0;
        let some_dark = ours & bb::DARK_SQUARES != 0;
        let all_dark = theirs & bb::LIGHT_SQUARES == 0;
        let all_light = theirs & bb::DARK_SQUARES == 0;
        return (some_light && all_dark) || (some_dark && all_light);
    }
    if occupied == pos.role(Role::Knight) && pos.role(Role::Knight).count_ones() == 2 {
        let white_light = pos.pieces_of(Color::White) & bb::LIGHT_SQUARES != 0;
        let black_dark = pos.pieces_of(Color::Black) & bb::DARK_SQUARES != 0;
        return (pos.turn == color) ^ white_light ^ black_dark;
    }
    false
}

/// Atomic: a bare king cannot win; a lone minor piece or two knights cannot explode a bare
/// king; bishops alone cannot explode one another across colours.
pub(crate) fn atomic_insufficient_material(pos: &Position, color: Color) -> bool {
    let kings = pos.role(Role::King);
    let ours = pos.pieces_of(color);
    let theirs = pos.pieces_of(color.other());
    if theirs & kings == 0 {
        return false;
    }
    if ours & !kings == 0 {
        return true;
    }
    let bishops = pos.role(Role::Bishop);
    if theirs & !kings != 0 {
        if pos.occupied() == bishops | kings {
            let white_b = bishops & pos.pieces_of(Color::White);
            let black_b = bishops & pos.pieces_of(Color::Black);
            if white_b & bb::DARK_SQUARES == 0 {
                return black_b & bb::LIGHT_SQUARES == 0;
            }
            if white_b & bb::LIGHT_SQUARES == 0 {
                return black_b & bb::DARK_SQUARES == 0;
            }
        }
        return false;
    }
    if pos.role(Role::Queen) != 0 || pos.role(Role::Pawn) != 0 {
        return false;
    }
    let minors_rooks = pos.role(Role::Knight) | bishops | pos.role(Role::Rook);
    if minors_rooks.count_ones() == 1 {
        return true;
    }
    if pos.occupied() == pos.role(Role::Knight) | kings {
        return pos.role(Role::Knight).count_ones() <= 2;
    }
    false
}

/// Horde: Black can always win by taking the horde. For White, the counts python-chess
/// derives (stevepapazis/horde-insufficient-material-tests) are followed.
pub(crate) fn horde_insufficient_material(pos: &Position, color: Color) -> bool {
    if color == Color::Black {
        return false;
    }
    horde_white_insufficient(pos)
}

// The cases are listed as the mating patterns they stand for, not minimised.
#[allow(clippy::nonminimal_bool)]
fn horde_white_insufficient(pos: &Position) -> bool {
    let count = |bits: u64| bits.count_ones();
    let white = pos.pieces_of(Color::White);
    let black = pos.pieces_of(Color::Black);
    let queens = count(white & pos.role(Role::Queen));
    let pawns = count(white & pos.role(Role::Pawn));
    let rooks = count(white & pos.role(Role::Rook));
    let bishops = count(white & pos.role(Role::Bishop));
    let knights = count(white & pos.role(Role::Knight));
    let dark_b = count(bb::DARK_SQUARES & white & pos.role(Role::Bishop));
    let light_b = count(bb::LIGHT_SQUARES & white & pos.role(Role::Bishop));
    // The colour of the horde's bishops: light when it has any on light squares.
    let bishops_light = light_b >= 1;
    let horde = pawns + knights + rooks + queens + dark_b.min(2) + light_b.min(2);

    let b_pawns = count(black & pos.role(Role::Pawn));
    let b_bishops = count(black & pos.role(Role::Bishop));
    let b_knights = count(black & pos.role(Role::Knight));
    let b_rooks = count(black & pos.role(Role::Rook));
    let b_queens = count(black & pos.role(Role::Queen));
    let b_dark = count(bb::DARK_SQUARES & black & pos.role(Role::Bishop));
    let b_light = count(bb::LIGHT_SQUARES & black & pos.role(Role::Bishop));
    let b_all = count(black);
    // Black's bishops on the other colour than the horde's, and on the same.
    let (b_opposite, b_same) = if bishops_light {
        (b_dark, b_light)
    } else {
        (b_light, b_dark)
    };
    let not_of = |n: u32| b_all - n;
    let white_pair = light_b >= 1 && dark_b >= 1;
    let black_pair = b_light >= 1 && b_dark >= 1;

    if horde == 0 {
        return true;
    }
    if horde >= 4 {
        return false;
    }
    if (pawns >= 1 || queens >= 1) && horde >= 2 {
        return false;
    }
    if rooks >= 1
        && horde >= 2
        && !(horde == 2 && rooks == 1 && bishops == 1 && not_of(b_same) == 1)
    {
        return false;
    }
    match horde {
        1 => {
            if b_all == 1 {
                true
            } else if queens == 1 {
                !(b_pawns >= 1 || b_rooks >= 1 || b_light >= 2 || b_dark >= 2)
            } else if pawns == 1 {
                // Promote the pawn to a queen and to a knight: insufficient only when both are.
                let square = (white & pos.role(Role::Pawn)).trailing_zeros();
                [Role::Queen, Role::Knight].into_iter().all(|role| {
                    let mut promoted = pos.clone();
                    promoted.remove(square);
                    promoted.put(square, Color::White, role, false);
                    horde_white_insufficient(&promoted)
                })
            } else if rooks == 1 {
                !(b_pawns >= 2
                    || (b_rooks >= 1 && b_pawns >= 1)
                    || (b_rooks >= 1 && b_knights >= 1)
                    || (b_pawns >= 1 && b_knights >= 1))
            } else if bishops == 1 {
                !(b_opposite >= 2 || (b_opposite >= 1 && b_pawns >= 1) || b_pawns >= 2)
            } else if knights == 1 {
                !(b_all >= 4
                    && (b_knights >= 2
                        || b_pawns >= 2
                        || (b_rooks >= 1 && b_knights >= 1)
                        || (b_rooks >= 1 && b_bishops >= 1)
                        || (b_knights >= 1 && b_bishops >= 1)
                        || (b_rooks >= 1 && b_pawns >= 1)
                        || (b_knights >= 1 && b_pawns >= 1)
                        || (b_bishops >= 1 && b_pawns >= 1)
                        || (black_pair && b_pawns >= 1))
                    && (b_dark < 2 || not_of(b_dark) >= 3)
                    && (b_light < 2 || not_of(b_light) >= 3))
            } else {
                true
            }
        }
        2 => {
            if b_all == 1 {
                true
            } else if knights == 2 {
                b_pawns + b_bishops + b_knights < 1
            } else if white_pair {
                !(b_pawns >= 1 || b_bishops >= 1 || (b_knights >= 1 && b_rooks + b_queens >= 1))
            } else if bishops >= 1 && knights >= 1 {
                !(b_pawns >= 1 || b_opposite >= 1 || not_of(b_same) >= 3)
            } else {
                !((b_pawns >= 1 && b_opposite >= 1)
                    || (b_pawns >= 1 && b_knights >= 1)
                    || (b_opposite >= 1 && b_knights >= 1)
                    || b_opposite >= 2
                    || b_knights >= 2
                    || b_pawns >= 2)
            }
        }
        3 => {
            if (knights == 2 && bishops == 1) || knights == 3 || white_pair {
                false
            } else {
                b_all == 1
            }
        }
        _ => true,
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can win.
    InsufficientMaterial,
    /// 75 moves without a capture or pawn move.
    SeventyFiveMoves,
    /// The variant's rule: the side to move has won.
    VariantWin,
    /// The variant's rule: the side to move has lost.
    VariantLoss,
    /// The variant's rule: a draw.
    VariantDraw,
}

/// The end of a game: how, and who won (`None` for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// How the game ended.
    pub termination: Termination,
    /// The winner, if any.
    pub winner: Option<Color>,
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}
