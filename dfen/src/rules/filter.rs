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

/// Under [`KingCapture::Any`](super::KingCapture::Any): the most dice a complete turn that does
/// not capture the king can play from `pos` with `dice` (castling counts 2), or `None` when
/// every complete turn captures the king. A complete turn goes on while a die can be played; a
/// position where none can be played has the empty turn, of 0 dice.
pub(crate) fn longest_kingless(pos: &Pos, dice: Dice) -> Option<u8> {
    let full = dice.len();
    let mut playable = false;
    let mut best: Option<u8> = None;
    for die in dice.distinct() {
        let castling_paid = die == Role::King && dice.contains(Role::Rook);
        let _ = pos.generate(die, castling_paid, &mut |mv| {
            playable = true;
            if mv.kind != MoveKind::KingCapture {
                let mut next = *pos;
                next.make(&mv);
                if let Some(rest) = longest_kingless(&next, dice.pay(&mv)) {
                    best = best.max(Some(mv.cost() + rest));
                }
            }
            if best == Some(full) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if best == Some(full) {
            break;
        }
    }
    if playable { best } else { Some(0) }
}

/// Whether some sequence of playable micro-moves from `pos` with `dice` captures the king.
pub(crate) fn king_line(pos: &Pos, dice: Dice) -> bool {
    let mut found = false;
    for die in dice.distinct() {
        let castling_paid = die == Role::King && dice.contains(Role::Rook);
        let _ = pos.generate(die, castling_paid, &mut |mv| {
            found = mv.kind == MoveKind::KingCapture || {
                let mut next = *pos;
                next.make(&mv);
                king_line(&next, dice.pay(&mv))
            };
            if found {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if found {
            return true;
        }
    }
    false
}

/// Under [`KingCapture::Any`](super::KingCapture::Any): whether `mv` starts a legal rest of the
/// turn, when a turn that does not capture the king must still play `need` dice from here
/// (`None`: no such turn is legal any more, only a king capture).
#[inline]
pub(crate) fn starts_any_turn(pos: &Pos, mv: &Move, dice: Dice, need: Option<u8>) -> bool {
    if mv.kind == MoveKind::KingCapture {
        return true;
    }
    let mut next = *pos;
    next.make(mv);
    let rest = dice.pay(mv);
    let left = need.and_then(|n| n.checked_sub(mv.cost()));
    (left.is_some() && longest_kingless(&next, rest) == left) || king_line(&next, rest)
}

/// The legal first micro-moves (unsorted) under [`KingCapture::Any`](super::KingCapture::Any),
/// with `need` as for [`starts_any_turn`].
pub(crate) fn legal_any_moves(pos: &Pos, dice: Dice, need: Option<u8>) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    for die in dice.distinct() {
        let castling_paid = die == Role::King && dice.contains(Role::Rook);
        let _ = pos.generate(die, castling_paid, &mut |mv| {
            if starts_any_turn(pos, &mv, dice, need) {
                moves.push(mv);
            }
            ControlFlow::Continue(())
        });
    }
    moves
}
