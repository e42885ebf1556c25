//! Standard chess on the same generator: every role at once, one move per turn, and a legality
//! filter (the mover's king may not be left attacked; castling may not start in, pass through
//! or land on an attacked square). Castling is Chess960's, of which standard castling is one
//! case: the king ends on the g-file (c-file) and the rook beside it on the f-file (d-file).
//! It exists to check the generator against published perft counts.

use std::ops::ControlFlow;

use super::bitboard::{Bits, KING, KNIGHT, PAWN, bishop_attacks, ray_through, rook_attacks};
use super::moves::{Move, MoveKind};
use super::position::{BACK_RANK, Pos, castling_squares, square};
use crate::Role;

/// The squares of the rank from `a` to `b`, both included (two squares of one rank).
#[inline]
fn span(a: usize, b: usize) -> u64 {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    (u64::MAX >> (63 - high)) & (u64::MAX << low)
}

/// Whether the pseudo-legal `mv` is legal in standard chess.
#[inline]
pub fn is_legal(pos: &Pos, mv: &Move) -> bool {
    let us = pos.side.index();
    let them = us ^ 1;
    if mv.kind == MoveKind::Castling {
        // The king may not castle out of check nor through an attacked square; where it lands
        // is checked below, in the position after the move.
        let castle = castling_squares(mv, pos.pieces(us, Role::Rook));
        let without_king = pos.occupied() & !(1u64 << castle.king_from);
        // The king's own square always counts: a king that stays where it is (on g1 castling
        // towards h1) still may not castle out of check.
        let path = (span(castle.king_from, castle.king_to) & !(1u64 << castle.king_to))
            | 1u64 << castle.king_from;
        if Bits(path).any(|sq| pos.attacked_with(sq, them, without_king)) {
            return false;
        }
    }
    let mut next = *pos;
    next.make(mv);
    let king = next.pieces(us, Role::King);
    king == 0 || !next.attacked(king.trailing_zeros() as usize, them)
}

/// Whether the side to move's only king, on `king`, may step to `to` (a move that is not
/// castling): `to` is not attacked once the king has left its square.
#[inline]
fn king_step_is_legal(pos: &Pos, king: usize, to: usize) -> bool {
    let them = pos.side.index() ^ 1;
    !pos.attacked_with(to, them, pos.occupied() & !(1u64 << king))
}

/// Whether the pseudo-legal king move `mv` is legal, without working out a [`Legality`]:
/// the same answer as [`is_legal`], for the few king moves a mate test tries first.
#[inline]
pub fn king_move_is_legal(pos: &Pos, mv: &Move) -> bool {
    let kings = pos.pieces(pos.side.index(), Role::King);
    let from = mv.from.index() as usize;
    if mv.kind == MoveKind::Castling || kings != 1u64 << from {
        return is_legal(pos, mv);
    }
    king_step_is_legal(pos, from, mv.to.index() as usize)
}

/// What the legality of the side to move's moves depends on, worked out once for a position:
/// its king, the opposing pieces that attack the king, and its own pieces pinned to the king.
/// [`Legality::is_legal`] then answers for a move without making it, the same answer as
/// [`is_legal`]: a move of a piece that is not pinned is legal when there is no check, or when
/// it takes the one checker or lands between it and the king; a pinned piece's when there is
/// no check and it stays on the line of its pin; a king's when its new square is not attacked
/// with the king lifted off the board. Castling, en passant (which lifts two pieces off a
/// line) and a side with more than one king are given to [`is_legal`].
#[derive(Clone, Copy, Debug)]
pub struct Legality {
    /// The king's square; [`Legality::NO_KING`] or [`Legality::KINGS`] for none or several.
    king: u8,
    /// The opposing pieces that attack the king.
    checkers: u64,
    /// Where a move of a piece other than the king must land: anywhere when there is no check,
    /// on the checker or between it and the king when there is one, nowhere when two.
    answers: u64,
    /// The side to move's pieces that are the only piece between their king and an opposing
    /// rook, bishop or queen on a line with it.
    pinned: u64,
}

impl Legality {
    /// The king field of a side with no king: no move can leave it attacked.
    const NO_KING: u8 = 64;
    /// The king field of a side with several kings: every move gets the full test.
    const KINGS: u8 = 65;

    /// Works out the checkers and the pins of the side to move.
    #[inline]
    pub fn new(pos: &Pos) -> Legality {
        let us = pos.side.index();
        let them = us ^ 1;
        let kings = pos.pieces(us, Role::King);
        if kings == 0 || kings & (kings - 1) != 0 {
            return Legality {
                king: if kings == 0 {
                    Self::NO_KING
                } else {
                    Self::KINGS
                },
                checkers: 0,
                answers: u64::MAX,
                pinned: 0,
            };
        }
        let king = kings.trailing_zeros() as usize;
        let occupied = pos.occupied();
        let theirs = pos.colors[them];
        let queens = pos.pieces(them, Role::Queen);
        let diagonal = pos.pieces(them, Role::Bishop) | queens;
        let straight = pos.pieces(them, Role::Rook) | queens;
        let leapers = (PAWN[us][king] & pos.pieces(them, Role::Pawn))
            | (KNIGHT[king] & pos.pieces(them, Role::Knight))
            | (KING[king] & pos.pieces(them, Role::King));
        let mut checkers = leapers;
        let mut answers = 0u64;
        let mut pinned = 0u64;
        // Each opposing slider that sees the king through the mover's own pieces: with nothing
        // between it checks, with one of the mover's pieces between that piece is pinned.
        let king_bit = 1u64 << king;
        for (snipers, between) in [
            (
                bishop_attacks(king, theirs) & diagonal,
                bishop_attacks as fn(usize, u64) -> u64,
            ),
            (rook_attacks(king, theirs) & straight, rook_attacks),
        ] {
            for sniper in Bits(snipers) {
                let line = between(king, 1u64 << sniper) & between(sniper, king_bit);
                let blockers = line & occupied;
                if blockers == 0 {
                    checkers |= 1u64 << sniper;
                    answers |= line;
                } else if blockers & (blockers - 1) == 0 {
                    pinned |= blockers;
                }
            }
        }
        let answers = match checkers.count_ones() {
            0 => u64::MAX,
            1 => answers | checkers,
            _ => 0,
        };
        Legality {
            king: king as u8,
            checkers,
            answers,
            pinned: pinned & pos.colors[us],
        }
    }

    /// The opposing pieces that attack the side to move's king (none when it has no king or
    /// several).
    #[inline]
    pub fn checkers(&self) -> u64 {
        self.checkers
    }

    /// Whether only the king may move: it is in double check.
    #[inline]
    pub fn king_only(&self) -> bool {
        self.answers == 0
    }

    /// Whether the pseudo-legal `mv` of `pos`, the position this was worked out for, is legal:
    /// the same answer as [`is_legal`].
    #[inline]
    pub fn is_legal(&self, pos: &Pos, mv: &Move) -> bool {
        if matches!(mv.kind, MoveKind::Castling | MoveKind::EnPassant) || self.king == Self::KINGS {
            return is_legal(pos, mv);
        }
        if self.king == Self::NO_KING {
            return true;
        }
        let king = usize::from(self.king);
        let from = mv.from.index() as usize;
        let to = mv.to.index() as usize;
        if from == king {
            return king_step_is_legal(pos, king, to);
        }
        let to_bit = 1u64 << to;
        if self.pinned & (1u64 << from) != 0 {
            // Pinned: no move answers a check, and it may only move along its pin.
            return self.checkers == 0 && ray_through(king, from) & to_bit != 0;
        }
        self.answers & to_bit != 0
    }
}

/// Visits the castling moves of the side to move, pseudo-legal but for the squares between:
/// a right for a rook of its on the back rank, its king there too, and every square the king
/// and the rook pass or land on empty but for the two of them. Standard castling (king on the
/// e-file, rook in the corner) is written as the king's move (`e1g1`); any other as the king
/// taking its rook (`f1h1`), as UCI's Chess960 mode writes it.
pub fn generate_castling<F>(pos: &Pos, f: &mut F) -> ControlFlow<()>
where
    F: FnMut(Move) -> ControlFlow<()>,
{
    let us = pos.side.index();
    let back = BACK_RANK[us];
    let kings = pos.pieces(us, Role::King) & back;
    if kings == 0 {
        return ControlFlow::Continue(());
    }
    let king = kings.trailing_zeros() as usize;
    let base = king & !7;
    for rook in Bits(pos.castling & back & pos.pieces(us, Role::Rook)) {
        if rook == king {
            continue;
        }
        let king_side = rook > king;
        let (king_to, rook_to) = if king_side {
            (base + 6, base + 5)
        } else {
            (base + 2, base + 3)
        };
        let others = pos.occupied() & !(1u64 << king) & !(1u64 << rook);
        if others & (span(king, king_to) | span(rook, rook_to)) != 0 {
            continue;
        }
        let standard = king == base + 4 && (rook == base || rook == base + 7);
        f(Move {
            from: square(king),
            to: square(if standard { king_to } else { rook }),
            promotion: None,
            die: Role::King,
            kind: MoveKind::Castling,
        })?;
    }
    ControlFlow::Continue(())
}

/// Visits the legal standard-chess moves of the side to move.
pub fn generate<F>(pos: &Pos, f: &mut F) -> ControlFlow<()>
where
    F: FnMut(Move) -> ControlFlow<()>,
{
    let legality = Legality::new(pos);
    let mut legal = |mv: Move| {
        if legality.is_legal(pos, &mv) {
            f(mv)
        } else {
            ControlFlow::Continue(())
        }
    };
    generate_castling(pos, &mut legal)?;
    for role in Role::ALL {
        pos.generate(role, false, &mut legal)?;
    }
    ControlFlow::Continue(())
}

/// The position after a null move: nothing moves, the en-passant squares lapse, the halfmove
/// clock grows and the turn passes (as python-chess and UCI engines play `0000`).
#[inline]
pub fn after_null(pos: &Pos) -> Pos {
    let mut next = *pos;
    next.ep = 0;
    next.halfmove = next.halfmove.saturating_add(1);
    next.end_turn();
    next
}

/// The position after a standard move: the move, then the turn ends.
#[inline]
pub fn after(pos: &Pos, mv: &Move) -> Pos {
    let mut next = *pos;
    next.make(mv);
    next.end_turn();
    next
}

#[cfg(test)]
mod tests {
    use super::span;

    #[test]
    fn spans_of_a_rank() {
        assert_eq!(span(4, 6), 0b0111_0000);
        assert_eq!(span(6, 4), 0b0111_0000);
        assert_eq!(span(0, 0), 1);
        assert_eq!(span(56, 63), 0xff << 56);
    }
}
