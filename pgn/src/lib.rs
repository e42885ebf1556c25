//! PGN read move by move: every move of every game, in the mainline and in every variation,
//! read against its position; findings with stable codes and byte spans; the fixes as edits;
//! and the projections `convert` writes (UCI, FEN after each move, JSON).
//!
//! The reader follows the PGN standard's import format (§3.1) and its movetext (§8.2): tag
//! pairs, move number indications, SAN with `+`/`#` and suffix annotations, NAGs, `{…}` and
//! `;` comments, `%` escape lines, nested variations and game termination markers. It does no
//! I/O: it is given the text and gives spans into it.
//!
//! # Modules
//!
//! | module | what it holds |
//! |---|---|
//! | [`codes`] | the `PGN` codes ([`Code`]) |
//! | [`rules`] | the [`Rules`](rules::Rules) a game's moves are read against, and [`Chess`](rules::Chess) (standard, Chess960) |
//! | [`read`] | the [`Reader`] and its settings: text → [`Game`]s |
//! | [`game`] | what a game holds: tags, moves, termination, findings, [`Edit`]s |
//! | [`command`] | the commands inside comments: `[%clk …]`, `[%eval …]`, `[%csl …]` … |
//! | [`json`] | the JSON form of a game and its inverse (JSON → PGN) |
//!
//! ```
//! use pgn::Reader;
//!
//! let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
//!             [White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n\
//!             1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7 1-0\n";
//! let game = Reader::new().games(text).next().unwrap();
//! let finding = &game.findings[0];
//! assert_eq!(finding.code.as_str(), "PGN105");
//! assert_eq!(finding.message, "expected the move's SAN `Qxf7#`, found `Qxf7`");
//! assert_eq!(&text[finding.span.clone()], "Qxf7");
//! // `fmt` applies the edits and changes nothing else.
//! assert!(game.fixed(text).ends_with("4. Qxf7# 1-0"));
//! ```

pub mod codes;
pub mod command;
pub mod game;
pub mod json;
pub mod read;
pub mod rules;

pub use codes::Code;
pub use game::{Edit, Game, GameVariant, Node, Tag, Termination, apply_edits, joined_comment};
pub use read::{Games, Keep, MAX_DEPTH, Notation, Reader};

/// Reads `text` (PGN) and returns it with every fixable finding fixed: what `fmt` writes.
/// Every byte outside the rewritten tokens and inserted tags stays as it is.
///
/// ```
/// let text = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///             [White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 {best} e5 2. Ng1f3 *\n";
/// assert!(pgn::fix(text, pgn::Notation::Pgn).ends_with("1. e4 {best} e5 2. Nf3 *\n"));
/// ```
#[must_use]
pub fn fix(text: &str, notation: Notation) -> String {
    let edits: Vec<Edit> = Reader::new()
        .notation(notation)
        .games(text)
        .flat_map(|game| game.edits)
        .collect();
    apply_edits(text, &edits)
}
