//! FEN4: the 4D placement literal (`4d-fen v1: K@0,0,0,0; k@7,7,7,7`).
//!
//! This crate reads and writes FEN4 v1 literals in exact parity with the reference
//! parsers (same accepted set, same numeric codes `-2..-6`, same character offsets),
//! explains every rejection with a [`ParseError`], reports non-canonical but accepted
//! forms as fixable [`Finding`]s, converts to and from the two JSON forms, and validates
//! NDJSON4 replay files line by line.
//!
//! # Module map
//!
//! | module | what it holds |
//! |---|---|
//! | `model` | the data: [`Coord`], [`Piece`], [`Placement`] |
//! | `parser` | the [`Parser`]: text → [`Parsed`], in parity with the reference parsers |
//! | `error` | the `FEN4` [`Code`]s, [`Finding`], and [`ParseError`] with the reference's answer ([`Reference`]) |
//! | [`json`] | the two JSON forms of a placement, read with spans and written |
//! | [`ndjson4`] | NDJSON4 replay files, validated line by line |
//!
//! # Forms accepted and what they become
//!
//! | accepted input | canonical output | finding |
//! |---|---|---|
//! | leading whitespace before `4d-fen v1:` | removed | `FEN4106` |
//! | `P/w`, `p/y` (slash between pawn letter and axis) | `Pw`, `py` | `FEN4101` |
//! | spaces or tabs around `@` or `;`, or missing/extra space after `;` or the prefix | `K@0,0,0,0; k@7,7,7,7` | `FEN4102` |
//! | line breaks where whitespace is allowed between the prefix and the last piece | one line | `FEN4103` |
//! | a `;` after the last piece | removed | `FEN4104` |
//! | pieces in any order | ascending square index | `FEN4105` |
//! | trailing whitespace | removed | `FEN4107` |
//!
//! [`Placement`]'s `Display` writes the one canonical form: `4d-fen v1: ` then the pieces
//! by ascending square index joined by `"; "`, or exactly `4d-fen v1:` for an empty board.
//!
//! ```
//! use fen4::{Parser, Placement};
//! let parsed = Parser::new().parse("4d-fen v1:\n  k @ 7,7,7,7 ;\n  K@0,0,0,0;\n").unwrap();
//! assert_eq!(parsed.placement.to_string(), "4d-fen v1: K@0,0,0,0; k@7,7,7,7");
//! assert!(parsed.findings.iter().all(|f| f.fixable));
//! ```
//!
//! # Validate
//!
//! A rejection is a [`ParseError`] with a stable code, the reference parsers' numeric code and
//! character offset, and a byte span. An accepted literal can still carry warnings about the
//! position (`FEN42xx`, such as a side with two kings, which the format allows); `strict`
//! turns every fixable finding into a rejection.
//!
//! ```
//! use fen4::{Code, Parser};
//!
//! let err = Parser::new().parse("4d-fen v1: K@0,0,0,8").unwrap_err();
//! assert_eq!(err.code(), Code::DigitOutOfRange);
//! assert_eq!(err.span(), 19..20); // the `8`
//!
//! let parsed = Parser::new().parse("4d-fen v1: K@0,0,0,0; K@1,0,0,0; k@7,7,7,7").unwrap();
//! assert_eq!(parsed.findings[0].code, Code::ExtraKing);
//! assert!(!parsed.findings[0].fixable);
//!
//! assert!(Parser::new().strict(true).parse("4d-fen v1: k@7,7,7,7; K@0,0,0,0").is_err());
//! ```
//!
//! # Convert
//!
//! [`json`] reads and writes the two JSON forms: the structured array and the reference
//! fixtures' `pieces` object, keyed by square index (`x·512 + y·64 + z·8 + w`). Readers report
//! every problem with a JSON path.
//!
//! ```
//! use fen4::{Placement, json};
//!
//! let placement: Placement = "4d-fen v1: K@0,0,0,0; Pw@1,0,0,0".parse().unwrap();
//! assert_eq!(json::to_pieces_string(&placement), r#"{"0":"K","512":"Pw"}"#);
//! let structured = json::to_structured_value(&placement);
//! assert_eq!(structured[1]["axis"], "w");
//! let back = json::from_structured_value(&structured).unwrap();
//! assert_eq!(back.placement, placement);
//!
//! let errors = json::from_pieces_str(r#"{"0":"K","0":"k"}"#).unwrap_err();
//! assert_eq!(errors.issues[0].path, r#"$["0"]"#);
//! ```
//!
//! # NDJSON4 replay files
//!
//! [`Ndjson4Validator`] checks a replay file line by line, as it streams (each frame's `fen4`
//! literal, and that the plies count up); [`validate_ndjson4`] does a whole text at once.
//!
//! ```
//! let mut validator = fen4::Ndjson4Validator::new();
//! let line = r#"{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7"}"#;
//! assert!(validator.check_line(1, line).is_empty());
//! let findings = validator.check_line(2, r#"{"ply":0,"fen4":"4d-fen v1: K@0,0,0,9"}"#);
//! assert!(!findings.is_empty());
//! ```
// Panic hygiene: no input may make the library panic. Outside tests, `unwrap`, `expect`,
// `panic!`-like macros and unchecked indexing or slicing are denied crate-wide; the one exception
// (in `fnv1a64`) says why. The fuzz targets in `fuzz/` check the same at run time.
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

mod error;
pub mod json;
mod model;
pub mod ndjson4;
mod parser;

pub use error::{
    Category, Code, Finding, InvalidValue, ParseError, Reference, Severity, reference_note,
};
pub use model::{Axis, Color, Coord, Piece, PieceSpecError, Placement, Role, SQUARES};
pub use ndjson4::{LineFinding, Ndjson4Validator, validate_ndjson4};
pub use parser::{Parsed, Parser};

/// The only version prefix this crate reads and writes.
pub const PREFIX: &str = "4d-fen v1:";

/// Whether `text` has the shape of chess.com's four-player chess position, which is also
/// called "FEN4" but is another format that this crate does not read:
/// `R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,…`. It starts with the side to move (`R`,
/// `B`, `Y` or `G`), then, separated by `-`, four fields of four comma-separated numbers (the
/// eliminated players, the castling rights on each side and the points). A tool can then say
/// once what the file holds, instead of rejecting each of its lines as a `4d-fen v1:` literal.
///
/// ```
/// let four_player = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x";
/// assert!(fen4::looks_like_four_player(four_player));
/// assert!(fen4::looks_like_four_player(&format!("  {four_player}\n")));
/// assert!(!fen4::looks_like_four_player("4d-fen v1: K@0,0,0,0; k@7,7,7,7"));
/// assert!(!fen4::looks_like_four_player("R-1,2,3"));
/// ```
#[must_use]
pub fn looks_like_four_player(text: &str) -> bool {
    let mut parts = text.trim().split('-');
    let side = parts.next().unwrap_or_default();
    let four_numbers = |part: Option<&str>| {
        part.is_some_and(|part| {
            let numbers: Vec<&str> = part.split(',').collect();
            numbers.len() == 4
                && numbers
                    .iter()
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
    };
    matches!(side, "R" | "B" | "Y" | "G")
        && four_numbers(parts.next())
        && four_numbers(parts.next())
        && four_numbers(parts.next())
        && four_numbers(parts.next())
}

/// FNV-1a, 64-bit: offset basis `0xcbf29ce484222325`, prime `0x100000001b3`.
///
/// Used by [`Placement::identity_hash`]; stable across releases and platforms.
///
/// ```
/// assert_eq!(fen4::fnv1a64(b""), 0xcbf29ce484222325);
/// assert_eq!(fen4::fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
/// ```
pub const fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        // `i < bytes.len()` is checked by the loop condition.
        #[allow(clippy::indexing_slicing)]
        let b = bytes[i];
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}
