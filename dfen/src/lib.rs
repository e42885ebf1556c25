//! Dice Chess FEN (DFEN): the model, a strict parser, the canonical form, findings and the rules.
// Panic hygiene: input-facing code may not unwrap. The parser modules also deny
// `clippy::indexing_slicing`; the model and rules index fixed arrays by `Square`, whose index is
// below 64 by construction.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod model;

pub use model::{
    Board, CastlingRights, CastlingSide, Color, DicePool, Dfen, Piece, Role, Square, SquareSet,
};
