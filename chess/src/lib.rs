//! Standard chess on `dfen`'s positions, and the notations that need its rules: SAN, EPD and
//! the variant FENs.
//!
//! The position model, the FEN/DFEN parser, the canonical forms, the findings and the Dice
//! Chess rules are `dfen`'s; this crate reads and writes what lies around a position (a move in
//! SAN, an EPD line's operations, a variant's extra fields) and plays standard chess on the
//! move generator `dfen::rules` shares with Dice Chess.
//!
//! # Module map
//!
//! | module | what it holds |
//! |---|---|
//! | [`standard`] | standard chess: the legal moves of a [`standard::Position`], playing them, check and mate, perft |
//! | [`san`] | SAN: a move read against a position, with why it is illegal, and written |
//! | [`epd`] | EPD lines: the four position fields and the operations, read, checked and written; EPD files; the JSON form |
//! | [`variant`] | variant FENs (three-check, crazyhouse, two-move): each dialect's extra slots around the six standard fields |
//!
//! ```
//! let parsed = chess::epd::EpdParser::new()
//!     .parse(r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#)?;
//! let bm = parsed.epd.operation("bm").unwrap();
//! assert_eq!(bm.moves().unwrap()[0].to_string(), "d6d1");
//! assert_eq!(parsed.epd.to_fen()?, "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The grammar and every code are in `spec/epd.md` (EPD and SAN) and `spec/variants.md` (the
//! variant FENs, whose codes are `dfen`'s `DFEN3xx`).

// Panic hygiene, as in `dfen`: no input may make the library panic. Outside tests, `unwrap`,
// `expect`, `panic!`-like macros and unchecked indexing or slicing are denied crate-wide; the
// fuzz targets in `fuzz/` (`epd_parse`, `variant_parse`) check the same at run time.
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

pub mod epd;
pub mod san;
pub mod standard;
pub mod variant;

#[cfg(test)]
#[path = "../../dfen/tests/support/strategies.rs"]
mod test_strategies;
