//! Chess positions in FEN and Dice Chess FEN (DFEN): the model, the strict parser and its
//! profiles, Chess960 castling, validation, canonical forms, findings, the JSON form, and the
//! Dice Chess rules on a move generator that standard chess shares.
//!
//! Standard chess (legal moves, check and mate), SAN, EPD and the variant FENs are in the crate
//! `fenkit-chess` (library `chess`, `chess/`), which builds on this one.
//!
//! # Module map
//!
//! | module | what it holds |
//! |---|---|
//! | `model` | the position: [`Dfen`], [`Board`], [`Square`], [`Piece`], [`DicePool`] |
//! | `castling` | [`CastlingRights`] as rook files, [`CastlingMode`] (standard or Chess960) and the spellings ([`CastlingNotation`]) |
//! | `parser` (and `parser::plain`, its fast path) | the [`Parser`] and its [`Profile`]s: text → [`Parsed`] with every finding |
//! | `validate` | the findings of the position itself (`DFEN2xx`) and the fixes that keep it sound |
//! | `display` | writing: the canonical form, the engine dialect, standard FEN, [`Writer`], the identity key |
//! | `finding` | the `DFEN` [`Code`]s and [`Finding`] |
//! | `error` | [`ParseError`]: a syntax error with its field |
//! | `json` | the JSON form of a position, and [`JsonError`] |
//! | [`form`] | the form a file writes its positions in, read from its first position |
//! | [`rules`] | the Dice Chess rules: micro-moves, turns, the Maximum Micro-moves filter, perft; and the move generator that `chess::standard` plays on: [`rules::bitboard`], [`rules::position`] (the position it plays on), [`rules::standard`] (standard chess's moves) |
//! | [`fen_parts`] | the parts of the FEN reader and writer (quoting, a field's syntax error, the variants' slots, the census, the field writers) that `fenkit-chess` builds EPD, SAN and the variant readers from |
//!
//! The DFEN notation itself follows.
//!
//! # DFEN
//!
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
//! # Parse and validate
//!
//! [`Parser::parse`] reads one DFEN (or a standard FEN) and collects every finding in one pass:
//! non-canonical spellings (`DFEN1xx`, fixable) and problems of the position (`DFEN2xx`). A
//! syntax error (`DFEN0xx`) stops the parse and is the `Err`. **An `Ok` can still hold errors**:
//! a position with two white kings parses, and [`Parsed::has_errors`] says it is not sound.
//!
//! ```
//! use dfen::{Parser, Severity};
//!
//! // Parse loosely, print strictly: the squares are out of order and field 7 is missing.
//! let parsed = Parser::new()
//!     .parse("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")
//!     .unwrap();
//! let codes: Vec<_> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["DFEN101", "DFEN107"]);
//! assert!(!parsed.has_errors());
//! assert_eq!(
//!     parsed.fixed().to_string(),
//!     "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
//! );
//!
//! // Sound spelling, unsound position: parsed, with an error finding and its byte span.
//! let parsed = Parser::new().parse("4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -").unwrap();
//! let finding = &parsed.findings[0];
//! assert_eq!((finding.code.as_str(), finding.severity), ("DFEN202", Severity::Error));
//! assert!(parsed.has_errors());
//!
//! // A syntax error: a stable code, a message that says what was expected, and a span.
//! let err = Parser::new().parse("8/8/8/8/8/8/8/4X3 w - - 0 1 -").unwrap_err();
//! assert_eq!((err.code().as_str(), err.span()), ("DFEN004", 15..16));
//! ```
//!
//! `str::parse::<Dfen>()` ([`FromStr`](std::str::FromStr)) keeps the position and **drops the
//! findings**: use it for input you trust, and [`Parser`] for input you check.
//!
//! # Write and convert
//!
//! [`Display`](std::fmt::Display) writes the canonical form; [`Dfen::display_as`] writes a
//! dialect ([`Profile::Engine`], the reference engine's); [`Dfen::to_fen`] writes standard FEN
//! when that loses nothing; the JSON form comes with serde.
//!
//! ```
//! use dfen::{Dfen, Profile};
//!
//! let dfen: Dfen = "4k3/8/8/8/P1P5/8/8/4K3 b - c3a3 0 1".parse().unwrap();
//! assert_eq!(dfen.to_string(), "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 -");
//! assert_eq!(dfen.display_as(Profile::Engine).to_string(), "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1");
//! // Standard FEN holds one en-passant square at most.
//! assert!(dfen.to_fen().is_err());
//!
//! let json = serde_json::to_string(&dfen).unwrap();
//! assert_eq!(
//!     json,
//!     r#"{"board":{"a4":"P","c4":"P","e1":"K","e8":"k"},"side":"black","castling":[],"en_passant":["a3","c3"],"halfmove":0,"fullmove":1,"dice":[]}"#
//! );
//! assert_eq!(serde_json::from_str::<Dfen>(&json).unwrap(), dfen);
//! ```
//!
//! # Chess960 castling and en-passant policies
//!
//! Castling rights are rook files ([`CastlingRights`]). The parser reads `KQkq`, Shredder-FEN
//! (`HAha`) and X-FEN; in Chess960 mode ([`CastlingMode`]) `K`/`Q` are the outermost rooks.
//! [`Writer`] writes either spelling ([`CastlingNotation`]) and the en-passant squares an
//! [`EnPassantPolicy`] keeps; a fix never drops a right that Chess960 can hold
//! (`spec/chess960.md`).
//!
//! ```
//! use dfen::{CastlingMode, CastlingNotation, EnPassantPolicy, Game, Parser, Writer};
//!
//! let text = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1";
//! let parsed = Parser::new().castling_mode(CastlingMode::Chess960).parse(text).unwrap();
//! let shredder = Writer::new()
//!     .castling_mode(CastlingMode::Chess960)
//!     .castling(CastlingNotation::Shredder)
//!     .en_passant(EnPassantPolicy::Legal, Game::Standard);
//! assert_eq!(shredder.to_fen(&parsed.dfen).unwrap(), "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1");
//! // Read outside Chess960 mode, the rights are kept all the same (DFEN224 says why).
//! let standard = Parser::new().parse(text).unwrap();
//! assert_eq!(standard.fixed().castling.to_string(), "KQkq");
//! ```
//!
//! # The rules
//!
//! [`rules`] generates the legal micro-moves under the Maximum Micro-moves rule and plays them:
//!
//! ```
//! let position: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 KK".parse().unwrap();
//! let legal = dfen::rules::legal_moves(&position).unwrap();
//! assert_eq!(legal.len(), 5); // the king's five steps
//! let outcome = dfen::rules::play_uci(&position, "e1e2").unwrap();
//! assert_eq!(outcome.position.to_string(), "4k3/8/8/8/8/8/4K3/8 w - - 1 1 K");
//! ```
//!
//! The grammar, every code and every decision against the source documents are in
//! `spec/dfen.md` (the variants' `DFEN3xx` codes in `spec/variants.md`).

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

mod castling;
mod display;
mod error;
mod finding;
pub mod form;
mod json;
mod model;
mod parser;
// The rules engine indexes its 64-entry tables by square (a `Square`'s index, or a bit position
// of a `u64`: both below 64), its per-colour pairs by `Color::index()` (0 or 1) and its per-role
// tables by `Role as usize` (0 to 5). Checked access there would slow the move generator for
// nothing; the `rules` fuzz target and the property tests run it on arbitrary positions.
#[allow(clippy::indexing_slicing)]
pub mod rules;

// The unit tests share the integration tests' strategies, which name this crate `dfen`.
#[cfg(test)]
extern crate self as dfen;
#[cfg(test)]
#[path = "../tests/support/strategies.rs"]
mod test_strategies;
// Position checks count kings per colour in `[_; 2]` arrays indexed by `Color::index()` (0 or 1).
#[allow(clippy::indexing_slicing)]
mod validate;

pub use castling::{CastlingMode, CastlingNotation, CastlingRights, CastlingSide};
pub use display::{LossyConversion, Writer, fnv1a64};
pub use error::{FieldContext, InvalidValue, ParseError};
pub use finding::{Category, Code, Finding, Severity};
pub use json::{JsonError, JsonPath};
pub use model::{Board, Color, Dfen, DicePool, Piece, Role, Square, SquareSet};
pub use parser::{EPD_IN_FEN_HELP, Layout, MAX_INPUT_LEN, Parsed, Parser, Profile};
pub use rules::{EnPassantPolicy, Game};

/// The parts of the FEN reader and writer that the readers built on this crate share with it
/// (`fenkit-chess`: EPD, SAN and the variant FENs), so that a field is read, quoted, refused
/// and written in one way everywhere: quoting of what was found ([`fen_parts::quote`]), the
/// syntax error of one field ([`fen_parts::parse_error`], [`fen_parts::relocated`]) and the
/// finding of its whitespace, the empty position and the variants' extra slots (pockets,
/// check counters), the position checks' census of pieces, and the writers of the castling
/// and en-passant fields. Their shapes follow the parser: they change when it does.
pub mod fen_parts {
    pub use crate::castling::field_string;
    pub use crate::display::en_passant_string;
    pub use crate::error::{parse_error, relocated};
    pub use crate::parser::{Among, EMPTY, PocketSpelling, Slots, quote, whitespace_finding};
    pub use crate::validate::{Census, color_name};
}

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeDoctests;
