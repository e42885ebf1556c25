//! Standard chess on the same generator: every role at once, one move per turn, and a legality
//! filter (the mover's king may not be left attacked; castling may not start in, pass through
//! or land on an attacked square). Castling is Chess960's, of which standard castling is one
//! case: the king ends on the g-file (c-file) and the rook beside it on the f-file (d-file).
//! It exists to check the generator against published perft counts.

use std::ops::ControlFlow;

use super::bitboard::Bits;
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
    let mut legal = |mv: Move| {
        if is_legal(pos, &mv) {
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

/// Plays a standard move on `pos` where it stands: the move, then the turn ends (what
/// [`after`] returns, without a copy of the position to return).
#[inline]
pub fn play(pos: &mut Pos, mv: &Move) {
    let _ = pos.make(mv);
    pos.end_turn();
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
