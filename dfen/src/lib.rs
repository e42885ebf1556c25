//! Dice Chess FEN (DFEN): the model, a strict parser, the canonical form, findings and the rules.
//!
//! A DFEN has seven space-separated fields:
//!
//! ```text
//! <placement> <side> <castling> <en-passant> <halfmove> <fullmove> <dice>
//! rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -
//! ```
//!
//! Field 4 may hold several en-passant squares (a turn has up to three micro-moves), written
//! alphabetically; field 7 holds the dice the side to move has left, or `-` at a fresh turn.
//!
//! ```
//! use dfen::{Dfen, Parser, Profile};
//!
//! // Parse loosely, print strictly.
//! let parsed = Parser::new()
//!     .parse("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")
//!     .unwrap();
//! let codes: Vec<_> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["DFEN101", "DFEN107"]);
//! assert_eq!(
//!     parsed.fixed().to_string(),
//!     "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
//! );
//! ```
//!
//! The grammar, every code and every decision against the source documents are in `spec/dfen.md`.

// Panic hygiene: input-facing code may not unwrap. The parser modules also deny
// `clippy::indexing_slicing`; the model and rules index fixed arrays by `Square`, whose index is
// below 64 by construction.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod display;
mod error;
mod finding;
mod json;
mod model;
mod parser;
pub mod rules;
mod validate;

pub use display::{LossyConversion, fnv1a64};
pub use error::ParseError;
pub use finding::{Code, Finding, Severity};
pub use json::DfenJson;
pub use model::{
    Board, CastlingRights, CastlingSide, Color, Dfen, DicePool, Piece, Role, Square, SquareSet,
};
pub use parser::{MAX_INPUT_LEN, Parsed, Parser, Profile};

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
