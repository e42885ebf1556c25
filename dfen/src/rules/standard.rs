//! Standard chess on the same generator: every role at once, one move per turn, and a legality
//! filter (the mover's king may not be left attacked; castling may not start in, pass through
//! or land on an attacked square). It exists to check the generator against published perft
//! counts.

use std::ops::ControlFlow;

use super::moves::{Move, MoveKind};
use super::position::Pos;
use crate::Role;

/// Whether the pseudo-legal `mv` is legal in standard chess.
#[inline]
pub(crate) fn is_legal(pos: &Pos, mv: &Move) -> bool {
    let us = pos.side.index();
    let them = us ^ 1;
    if mv.kind == MoveKind::Castling {
        let from = mv.from.index() as usize;
        let passed = (from + mv.to.index() as usize) / 2;
        if pos.attacked(from, them) || pos.attacked(passed, them) {
            return false;
        }
    }
    let mut next = *pos;
    next.make(mv);
    let king = next.pieces(us, Role::King);
    king == 0 || !next.attacked(king.trailing_zeros() as usize, them)
}

/// Visits the legal standard-chess moves of the side to move.
pub(crate) fn generate<F>(pos: &Pos, f: &mut F) -> ControlFlow<()>
where
    F: FnMut(Move) -> ControlFlow<()>,
{
    for role in Role::ALL {
        pos.generate(role, true, &mut |mv| {
            if is_legal(pos, &mv) {
                f(mv)
            } else {
                ControlFlow::Continue(())
            }
        })?;
    }
    ControlFlow::Continue(())
}

/// The position after a standard move: the move, then the turn ends.
#[inline]
pub(crate) fn after(pos: &Pos, mv: &Move) -> Pos {
    let mut next = *pos;
    next.make(mv);
    next.end_turn();
    next
}
