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

// Panic hygiene: no input may make the library panic. Outside tests, `unwrap`, `expect`,
// `panic!`-like macros and unchecked indexing or slicing are denied crate-wide. The exceptions
// index fixed-size arrays by values in range by construction; each one says why (the two
// module-wide ones are below, the item-level ones in `model.rs`). The fuzz targets in `fuzz/`
// check the same at run time, overflow checks included.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic,
        clippy::unreachable,
        clippy::todo,
        clippy::unimplemented
    )
)]

mod display;
mod error;
mod finding;
mod json;
mod model;
mod parser;
// The rules engine indexes its 64-entry tables by square (a `Square`'s index, or a bit position
// of a `u64`: both below 64), its per-colour pairs by `Color::index()` (0 or 1) and its per-role
// tables by `Role as usize` (0 to 5). Checked access there would slow the move generator for
// nothing; the `rules` fuzz target and the property tests run it on arbitrary positions.
#[allow(clippy::indexing_slicing)]
pub mod rules;
// Position checks count kings per colour in `[_; 2]` arrays indexed by `Color::index()` (0 or 1).
#[allow(clippy::indexing_slicing)]
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
