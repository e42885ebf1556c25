//! The Maximum Micro-moves filter: L*, the king-capture exemption, castling's cost of 2.
//!
//! `L*(S, D)` is 0 for no dice, and otherwise the best over every playable first move `m` of
//! `cost(m)` when `m` captures the king, or `cost(m) + L*(S', D − consumed(m))` when it does not.
//! The search stops as soon as a sequence uses every die: no longer one can exist.

use std::ops::ControlFlow;

use super::moves::{Move, MoveKind};
use super::position::{Dice, Pos};
use crate::Role;

/// `L*(pos, dice)`.
pub(crate) fn max_len(pos: &Pos, dice: Dice) -> u8 {
    match dice.len() {
        0 => 0,
        1 => match dice.first() {
            Some(die) => u8::from(pos.has_any_move(die)),
            None => 0,
        },
        full => {
            let mut best = 0;
            for die in dice.distinct() {
                let castling_paid = die == Role::King && dice.contains(Role::Rook);
                let _ = pos.generate(die, castling_paid, &mut |mv| {
                    best = best.max(sequence_len(pos, &mv, dice));
                    if best == full {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                if best == full {
                    break;
                }
            }
            best
        }
    }
}

/// The longest sequence that starts with `mv`: `cost(mv)` for a king capture (the game ends),
/// `cost(mv) + L*` of the rest otherwise.
#[inline]
pub(crate) fn sequence_len(pos: &Pos, mv: &Move, dice: Dice) -> u8 {
    if mv.kind == MoveKind::KingCapture {
        return mv.cost();
    }
    let mut next = *pos;
    next.make(mv);
    mv.cost() + max_len(&next, dice.pay(mv))
}

/// The legal first micro-moves (unsorted) and L*.
pub(crate) fn legal_first_moves(pos: &Pos, dice: Dice) -> (Vec<Move>, u8) {
    let mut scored: Vec<(Move, u8)> = Vec::with_capacity(64);
    for die in dice.distinct() {
        let castling_paid = die == Role::King && dice.contains(Role::Rook);
        let _ = pos.generate(die, castling_paid, &mut |mv| {
            scored.push((mv, sequence_len(pos, &mv, dice)));
            ControlFlow::Continue(())
        });
    }
    let best = scored.iter().map(|(_, len)| *len).max().unwrap_or(0);
    let moves = scored
        .into_iter()
        .filter(|(mv, len)| mv.kind == MoveKind::KingCapture || (*len == best && best > 0))
        .map(|(mv, _)| mv)
        .collect();
    (moves, best)
}
