//! The rules of chess and of the lichess variants: move generation, playing moves, validity,
//! game end, SAN and UCI, perft, and perft-suite files.
//!
//! # Module map
//!
//! | module | what it holds |
//! |---|---|
//! | [`bitboard`] | square sets as `u64`, attack tables, rays |
//! | `position` | [`Position`], [`Move`], [`Color`], [`Role`]; reading FEN through `dfen`, writing it as python-chess does |
//! | `plain` | the fast path of [`Position::from_fen`]: plain FEN text read straight into bitboards |
//! | `variant` | [`Variant`]: a variant's name, which positions and rules carry |
//! | `table` | [`TABLE`], the one list of variants: their names and aliases, their [`Rules`] |
//! | `rules` | the [`Rules`] interface, its standard behaviour (the validity flags of a position among it), and one implementation per variant |
//! | `game` | what a position offers through its rules: [`Position::legal_moves`], [`Position::perft`], [`Position::status`], [`Position::outcome`] (how a game ends) |
//! | `identity` | [`Position::identity_key`]: when two positions of a variant are the same position |
//! | `status` | [`Status`] (python-chess's validity flags), [`Outcome`], and what material cannot mate |
//! | `codes` | [`Code`], the `VARxxx` codes, and [`Finding`] |
//! | `validity` | [`check`]: a position's validity as findings with codes and spans |
//! | `san` | SAN and UCI: [`Position::san`], [`Position::parse_move`] |
//! | `suite` | [`Suite`]: perft-suite files read with spans, and verified |
//! | `epd` | [`Position::epd_move_findings`]: an EPD line's move operands judged by the variant |
//!
//! The library reads text and returns values; it does no I/O.
//!
//! ```
//! use variants::{Position, Variant};
//!
//! let variant: Variant = "Racing Kings".parse().unwrap();
//! let start = Position::start(variant);
//! assert_eq!(start.perft(2), 421);
//! assert!(start.status().is_valid());
//! ```

pub mod bitboard;
mod codes;
mod epd;
mod game;
mod identity;
mod plain;
mod position;
mod rules;
mod san;
mod status;
mod suite;
mod table;
mod validity;
mod variant;

pub use codes::{Code, Finding};
pub use position::{
    Color, Move, MoveKind, Pocket, Position, ReadError, Role, parse_square, square_name,
};
pub use rules::{
    Antichess, Atomic, Chess, Crazyhouse, Horde, KingOfTheHill, RacingKings, Rules, ThreeCheck,
    VariantEnd,
};
pub use status::{Outcome, Status, Termination};
pub use suite::{Case, Count, Line, Suite, orphan_count, wrong_count};
pub use table::{Entry, TABLE, UnknownVariant, Variant};
pub use validity::{Checked, check};
