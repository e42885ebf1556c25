//! Every complete legal turn from a position with dice, under either reading of the
//! king-capture exemption, depth first and in the stable order of the legal moves: the line so
//! far lives in a fixed array, the moves of each level in one buffer per level reused for the
//! whole walk (nothing is allocated per node once they have grown), and each end of a turn is
//! handed to a callback.

use std::ops::ControlFlow;

use super::filter::{longest_kingless, max_len};
use super::moves::{Move, MoveKind};
use super::position::{Dice, Pos};
use super::settings::KingCapture;
use crate::Role;

/// The micro-moves of the turn so far: at most three (castling is one move of two dice).
#[derive(Clone, Copy)]
pub(crate) struct Line {
    moves: [Move; 3],
    len: usize,
}

impl Line {
    const EMPTY_MOVE: Move = Move {
        from: super::position::A1,
        to: super::position::A1,
        promotion: None,
        die: Role::Pawn,
        kind: MoveKind::Quiet,
    };

    pub(crate) const fn new() -> Line {
        Line {
            moves: [Line::EMPTY_MOVE; 3],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn moves(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    #[inline]
    fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    #[inline]
    fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }
}

/// What a turn end hands its callback: the micro-moves of the turn (empty for a pass), the
/// position after the turn (side flipped) and whether the last move captured the king.
pub(crate) type End<'a> = dyn FnMut(&[Move], &Pos, bool) + 'a;

/// The move buffers of the three levels of a turn.
type Scratch = [Vec<Move>; 3];

/// Walks every complete legal turn from `pos` with `dice` under `reading`, sorted by their
/// moves (each in the order of `LegalMoves`). A position whose dice cannot be played has one
/// turn: the pass, an empty line.
pub(crate) fn turns(pos: &Pos, dice: Dice, reading: KingCapture, end: &mut End<'_>) {
    let mut line = Line::new();
    let mut scratch: Scratch = [
        Vec::with_capacity(64),
        Vec::with_capacity(64),
        Vec::with_capacity(64),
    ];
    match reading {
        KingCapture::First => {
            let target = max_len(pos, dice);
            if target == 0 {
                pass(pos, end);
            } else {
                first(pos, dice, target, &mut line, &mut scratch, end);
            }
        }
        KingCapture::Any => {
            if max_len(pos, dice) == 0 {
                pass(pos, end);
            } else {
                let need = longest_kingless(pos, dice);
                any(pos, dice, need, &mut line, &mut scratch, end);
            }
        }
    }
}

fn pass(pos: &Pos, end: &mut End<'_>) {
    let mut after = *pos;
    after.end_turn();
    end(&[], &after, false);
}

/// The playable micro-moves of `dice` in `pos` (castling with the King die only when a Rook
/// die is also at hand), in `buffer`, sorted.
#[inline]
fn sorted_moves<'b>(pos: &Pos, dice: Dice, buffer: &'b mut Vec<Move>) -> &'b [Move] {
    buffer.clear();
    for die in dice.distinct() {
        let castling_paid = die == Role::King && dice.contains(Role::Rook);
        let _ = pos.generate(die, castling_paid, &mut |mv| {
            buffer.push(mv);
            ControlFlow::Continue(())
        });
    }
    buffer.sort_unstable_by_key(super::sort_key);
    buffer
}

/// The formal reading: every step is a legal first move of what is left, so each non-capturing
/// move keeps the line on a sequence of `target` dice.
fn first(
    pos: &Pos,
    dice: Dice,
    target: u8,
    line: &mut Line,
    scratch: &mut [Vec<Move>],
    end: &mut End<'_>,
) {
    let Some((buffer, deeper)) = scratch.split_first_mut() else {
        return;
    };
    for &mv in sorted_moves(pos, dice, buffer) {
        let mut next = *pos;
        next.make(&mv);
        line.push(mv);
        if mv.kind == MoveKind::KingCapture {
            next.end_turn();
            end(line.moves(), &next, true);
        } else if let Some(left) = target.checked_sub(mv.cost()) {
            let rest = dice.pay(&mv);
            if max_len(&next, rest) == left {
                if left == 0 {
                    next.end_turn();
                    end(line.moves(), &next, false);
                } else {
                    first(&next, rest, left, line, deeper, end);
                }
            }
        }
        line.pop();
    }
}

/// The pseudocode's reading: a line that captures the king is a legal turn wherever the capture
/// falls; a line that does not must play `need` dice (the most any such turn plays).
fn any(
    pos: &Pos,
    dice: Dice,
    need: Option<u8>,
    line: &mut Line,
    scratch: &mut [Vec<Move>],
    end: &mut End<'_>,
) {
    let Some((buffer, deeper)) = scratch.split_first_mut() else {
        return;
    };
    for &mv in sorted_moves(pos, dice, buffer) {
        let mut next = *pos;
        next.make(&mv);
        line.push(mv);
        if mv.kind == MoveKind::KingCapture {
            next.end_turn();
            end(line.moves(), &next, true);
        } else {
            let rest = dice.pay(&mv);
            let left = need.and_then(|n| n.checked_sub(mv.cost()));
            if max_len(&next, rest) == 0 {
                if left == Some(0) {
                    next.end_turn();
                    end(line.moves(), &next, false);
                }
            } else if left.is_some() || super::filter::king_line(&next, rest) {
                any(&next, rest, left, line, deeper, end);
            }
        }
        line.pop();
    }
}
