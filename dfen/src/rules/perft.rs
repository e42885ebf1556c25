//! Node counting (perft) in three modes: standard chess, one die at every ply, and full turns.

use std::ops::ControlFlow;

use super::filter::legal_first_moves;
use super::moves::{Move, MoveKind};
use super::position::{Dice, Pos};
use super::standard;
use crate::Role;

/// Standard chess: leaves at `depth` plies, counting the last ply in bulk.
pub(crate) fn standard_count(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    let _ = standard::generate(pos, &mut |mv| {
        nodes += if depth == 1 {
            1
        } else {
            standard_count(&standard::after(pos, &mv), depth - 1)
        };
        ControlFlow::Continue(())
    });
    nodes
}

/// Standard chess, visiting every leaf position.
pub(crate) fn standard_leaves(pos: &Pos, depth: u32, leaf: &mut impl FnMut(&Pos)) {
    if depth == 0 {
        leaf(pos);
        return;
    }
    let _ = standard::generate(pos, &mut |mv| {
        standard_leaves(&standard::after(pos, &mv), depth - 1, leaf);
        ControlFlow::Continue(())
    });
}

/// One die at every ply, the side to move never changing; a king capture ends the line.
pub(crate) fn die_leaves(pos: &Pos, die: Role, depth: u32, leaf: &mut impl FnMut(&Pos)) {
    if depth == 0 {
        leaf(pos);
        return;
    }
    let _ = pos.generate(die, false, &mut |mv| {
        let mut next = *pos;
        next.make(&mv);
        if mv.kind != MoveKind::KingCapture {
            die_leaves(&next, die, depth - 1, leaf);
        } else if depth == 1 {
            leaf(&next);
        }
        ControlFlow::Continue(())
    });
}

/// Every way to finish the turn from `pos` with `dice` left, under the Maximum Micro-moves
/// rule. `end` receives the position after the turn (side flipped) and whether a king fell.
pub(crate) fn walk_turn(pos: &Pos, dice: Dice, end: &mut impl FnMut(&Pos, bool)) {
    let (moves, _) = legal_first_moves(pos, dice);
    if moves.is_empty() {
        let mut next = *pos;
        next.end_turn();
        end(&next, false);
        return;
    }
    for mv in &moves {
        step(pos, mv, dice, end);
    }
}

/// Plays `mv` from `pos` and walks the rest of the turn.
pub(crate) fn step(pos: &Pos, mv: &Move, dice: Dice, end: &mut impl FnMut(&Pos, bool)) {
    let mut next = *pos;
    next.make(mv);
    let rest = dice.pay(mv);
    if mv.kind == MoveKind::KingCapture || rest.len() == 0 {
        next.end_turn();
        end(&next, mv.kind == MoveKind::KingCapture);
    } else {
        walk_turn(&next, rest, end);
    }
}

/// Full turns, each rolling `roll`; a king capture ends the game (no deeper turns).
pub(crate) fn roll_leaves(pos: &Pos, roll: Dice, turns: u32, leaf: &mut impl FnMut(&Pos)) {
    if turns == 0 {
        leaf(pos);
        return;
    }
    walk_turn(pos, roll, &mut |next, game_over| {
        if !game_over {
            roll_leaves(next, roll, turns - 1, leaf);
        } else if turns == 1 {
            leaf(next);
        }
    });
}
