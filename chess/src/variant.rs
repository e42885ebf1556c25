//! Variant FENs: standard FEN's six fields, read once, plus each variant's extension slots.
//!
//! A variant keeps the six fields of standard FEN and declares its own state as typed **slots**,
//! each with a default and a canonical writer ([`Slot`]):
//!
//! | variant | slots |
//! |---|---|
//! | [`Variant::Chess`] | none |
//! | [`Variant::Dice`] | dice pool, several en-passant squares (DFEN itself) |
//! | [`Variant::ThreeCheck`] | check counters, with the check limit as a parameter |
//! | [`Variant::Crazyhouse`] | holdings (a multiset of pieces), promoted squares (a set) |
//! | [`Variant::TwoMove`] | the sub-turn |
//!
//! A [`Dialect`] says where each slot is written. `essay` appends every slot as fields after the
//! clocks, as DFEN appends its dice; it is the canonical form. `stockfish` is what Stockfish,
//! Fairy-Stockfish, python-chess and shakmaty write (`3+3` after en passant, `[...]` after the
//! board, `~` after a promoted piece), `lichess` what lichess writes (`+a+b` after the clocks, a
//! ninth rank for the pocket). The forms are ambiguous by content (`PPPrbq` could be dice or a
//! pocket), so the variant and the dialect are always declared.
//!
//! ```
//! use chess::variant::{Dialect, Variant, VariantParser};
//!
//! // A crazyhouse position as Stockfish writes it: pocket in brackets, `~` after a promoted queen.
//! let parsed = VariantParser::new(Variant::Crazyhouse)
//!     .dialect(Dialect::Stockfish)
//!     .parse("rnb1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQ~KBNR[Qp] w KQkq - 0 6")
//!     .unwrap();
//! assert!(parsed.findings.is_empty());
//! let position = &parsed.position;
//! assert_eq!(position.holdings.total(), 2);
//! // The canonical form: the six fields unchanged, then holdings and promoted squares.
//! assert_eq!(
//!     position.to_string(),
//!     "rnb1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 6 Qp d1"
//! );
//! assert_eq!(
//!     position.display_as(Dialect::Lichess).to_string(),
//!     "rnb1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQ~KBNR/Qp w KQkq - 0 6"
//! );
//!
//! // Three-check: lichess counts checks given after the clocks; Stockfish counts those remaining.
//! let parsed = VariantParser::new(Variant::ThreeCheck)
//!     .dialect(Dialect::Lichess)
//!     .parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+0")
//!     .unwrap();
//! assert_eq!(
//!     parsed.position.display_as(Dialect::Stockfish).to_string(),
//!     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2"
//! );
//! ```
//!
//! The grammar of every dialect, every code and the decisions are in `spec/variants.md`.

use std::fmt::{self, Write as _};

use dfen::{Color, Dfen, Piece, Role, SquareSet};

mod check;
mod plain;
mod read;

pub use read::{VariantParsed, VariantParser};

/// A chess variant whose positions fenkit reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess: the six fields, no slot.
    Chess,
    /// Dice Chess: DFEN, whose dice pool and en-passant squares are its slots.
    Dice,
    /// Three-check: a side that gives its limit of checks (3 by default) wins.
    ThreeCheck,
    /// Crazyhouse: captured pieces change colour and go to the captor's pocket, to be dropped.
    Crazyhouse,
    /// Two-move (Marseillais) chess: each turn after White's first is two moves.
    TwoMove,
}

impl Variant {
    /// Every variant, in the order `--help` lists them.
    pub const ALL: [Variant; 5] = [
        Variant::Chess,
        Variant::Dice,
        Variant::ThreeCheck,
        Variant::Crazyhouse,
        Variant::TwoMove,
    ];

    /// The name used on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Dice => "dice",
            Variant::ThreeCheck => "threecheck",
            Variant::Crazyhouse => "crazyhouse",
            Variant::TwoMove => "twomove",
        }
    }

    /// The slots the variant adds to the six standard fields.
    ///
    /// ```
    /// use chess::variant::{Slot, Variant};
    /// assert_eq!(Variant::Crazyhouse.slots(), [Slot::Holdings, Slot::Promoted]);
    /// assert!(Variant::Chess.slots().is_empty());
    /// ```
    #[must_use]
    pub const fn slots(self) -> &'static [Slot] {
        match self {
            Variant::Chess => &[],
            Variant::Dice => &[Slot::Dice, Slot::EnPassantSquares],
            Variant::ThreeCheck => &[Slot::Checks],
            Variant::Crazyhouse => &[Slot::Holdings, Slot::Promoted],
            Variant::TwoMove => &[Slot::SubTurn],
        }
    }

    /// Whether positions of the variant are written in `dialect`. Every variant has `essay`;
    /// two-move chess and Dice Chess have no other (DFEN's own dialects are
    /// [`Profile`](dfen::Profile)s); standard chess is the same in all three.
    ///
    /// ```
    /// use chess::variant::{Dialect, Variant};
    /// assert!(Variant::ThreeCheck.has_dialect(Dialect::Lichess));
    /// assert!(!Variant::TwoMove.has_dialect(Dialect::Stockfish));
    /// ```
    #[must_use]
    pub const fn has_dialect(self, dialect: Dialect) -> bool {
        match self {
            Variant::Chess | Variant::ThreeCheck | Variant::Crazyhouse => true,
            Variant::Dice | Variant::TwoMove => matches!(dialect, Dialect::Essay),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = dfen::InvalidValue;

    /// ```
    /// use chess::variant::Variant;
    /// assert_eq!("threecheck".parse::<Variant>(), Ok(Variant::ThreeCheck));
    /// assert_eq!(
    ///     "atomic".parse::<Variant>().unwrap_err().to_string(),
    ///     "unknown variant `atomic`: expected `chess`, `dice`, `threecheck`, `crazyhouse` or `twomove`"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<Variant, dfen::InvalidValue> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == text)
            .ok_or_else(|| {
                dfen::InvalidValue::new(format!(
                    "unknown variant `{text}`: expected `chess`, `dice`, `threecheck`, `crazyhouse` or `twomove`"
                ))
            })
    }
}

/// Where a variant's slots are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Dialect {
    /// Every slot appended as fields after the clocks: the canonical form.
    #[default]
    Essay,
    /// Stockfish, Fairy-Stockfish, python-chess and shakmaty: remaining checks as `3+3` after
    /// en passant; the pocket as `[...]` after the board; `~` after each promoted piece.
    Stockfish,
    /// lichess: checks given as `+a+b` after the clocks; the pocket as a ninth rank; `~` marks.
    Lichess,
}

/// The non-empty fields of `line`, split at spaces and tabs: the first field's end (the
/// board, the longest) found with `memchr2`, in a vector search, the short ones after it byte
/// by byte.
fn fields_of(line: &[u8]) -> Fields<'_> {
    Fields {
        rest: line,
        first: true,
    }
}

/// The iterator of [`fields_of`].
struct Fields<'a> {
    /// What is left of the line.
    rest: &'a [u8],
    /// No field has been given yet.
    first: bool,
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let is_separator = |b: &u8| *b == b' ' || *b == b'\t';
        let start = self.rest.iter().position(|b| !is_separator(b))?;
        let rest = self.rest.get(start..)?;
        let end = if self.first {
            self.first = false;
            memchr::memchr2(b' ', b'\t', rest)
        } else {
            rest.iter().position(is_separator)
        }
        .unwrap_or(rest.len());
        let (field, after) = rest.split_at_checked(end)?;
        self.rest = after;
        Some(field)
    }
}

/// Whether the fifth field of `line` (split at spaces and tabs, as [`fields_of`] splits it)
/// is a plain three-check counter, digits on both sides of one `+` (`3+3`): the board's end
/// found with `memchr2`, the three short fields after it and the counter byte by byte.
fn fifth_field_is_plain_counter(line: &[u8]) -> bool {
    let is_separator = |b: u8| b == b' ' || b == b'\t';
    let byte = |i: usize| line.get(i).copied();
    let mut i = 0;
    while byte(i).is_some_and(is_separator) {
        i += 1;
    }
    let Some(board_end) = line
        .get(i..)
        .and_then(|rest| memchr::memchr2(b' ', b'\t', rest))
    else {
        return false;
    };
    i += board_end;
    for _ in 0..3 {
        while byte(i).is_some_and(is_separator) {
            i += 1;
        }
        if byte(i).is_none() {
            return false;
        }
        while byte(i).is_some_and(|b| !is_separator(b)) {
            i += 1;
        }
    }
    while byte(i).is_some_and(is_separator) {
        i += 1;
    }
    let digits_from = |mut i: usize| {
        let start = i;
        while byte(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        (i > start).then_some(i)
    };
    let Some(plus) = digits_from(i) else {
        return false;
    };
    if byte(plus) != Some(b'+') {
        return false;
    }
    digits_from(plus + 1).is_some_and(|end| byte(end).is_none_or(is_separator))
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 3] = [Dialect::Essay, Dialect::Stockfish, Dialect::Lichess];

    /// The name used on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::Essay => "essay",
            Dialect::Stockfish => "stockfish",
            Dialect::Lichess => "lichess",
        }
    }

    /// The dialect a line of `variant` is written in, judged by its shape alone, for files that
    /// mix dialects (`--dialect auto`): for crazyhouse, a pocket in brackets after the board is
    /// `stockfish` and a ninth rank `lichess`, and a line with no pocket at all and nothing
    /// after its clocks (a standard FEN) `stockfish` too, whose empty pocket `fmt` writes as
    /// `[]`; for three-check, a counter field `3+3` is
    /// `stockfish` and a field `+1+0` `lichess`; anything else, and every other variant, is
    /// `essay`. The line is then read in the dialect chosen, which reports what is wrong with
    /// it as that dialect.
    ///
    /// ```
    /// use chess::variant::{Dialect, Variant};
    /// let detect = |line| Dialect::detect(Variant::ThreeCheck, line);
    /// assert_eq!(detect("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"), Dialect::Stockfish);
    /// assert_eq!(detect("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +0+0"), Dialect::Lichess);
    /// assert_eq!(detect("4k3/8/8/8/8/8/8/4K3 w - - 0 1 0 0"), Dialect::Essay);
    /// assert_eq!(Dialect::detect(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1"), Dialect::Stockfish);
    /// assert_eq!(Dialect::detect(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3/Pp w - - 0 1"), Dialect::Lichess);
    /// assert_eq!(Dialect::detect(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), Dialect::Stockfish);
    /// assert_eq!(Dialect::detect(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pp -"), Dialect::Essay);
    /// ```
    #[must_use]
    pub fn detect(variant: Variant, line: &str) -> Dialect {
        // The fields found with `memchr`, without a vector: every line of a file with
        // `--dialect auto` is judged here before it is read.
        let mut fields = fields_of(line.as_bytes());
        match variant {
            Variant::Crazyhouse => {
                let board = fields.next().unwrap_or_default();
                if board.contains(&b'[') {
                    Dialect::Stockfish
                } else if board.iter().filter(|&&b| b == b'/').count() >= 8 {
                    Dialect::Lichess
                } else if fields.count() < 7 {
                    // No pocket anywhere and no fields after the clocks: a standard FEN line,
                    // which reads as the bracket form with its empty pocket left off (what
                    // python-chess and Stockfish read), not as an essay line missing two fields.
                    Dialect::Stockfish
                } else {
                    Dialect::Essay
                }
            }
            Variant::ThreeCheck => {
                // The common line first: a plain counter as the fifth field (Stockfish's
                // place for it), found without splitting the line into fields.
                if fifth_field_is_plain_counter(line.as_bytes()) {
                    return Dialect::Stockfish;
                }
                // `3+3` (digits on both sides of one `+`), after a `+` when `plus`.
                let is_counter = |field: &[u8], plus: bool| {
                    let rest = if plus {
                        field.strip_prefix(b"+")
                    } else {
                        Some(field)
                    };
                    rest.and_then(|rest| {
                        let mut sides = rest.splitn(2, |&b| b == b'+');
                        Some((sides.next()?, sides.next()?))
                    })
                    .is_some_and(|(white, black)| {
                        !white.is_empty()
                            && !black.is_empty()
                            && white.iter().chain(black).all(u8::is_ascii_digit)
                    })
                };
                // A plain counter anywhere after the first four fields wins over a `+1+0`.
                let mut lichess = false;
                for field in fields.skip(4) {
                    if is_counter(field, false) {
                        return Dialect::Stockfish;
                    }
                    lichess = lichess || is_counter(field, true);
                }
                if lichess {
                    Dialect::Lichess
                } else {
                    Dialect::Essay
                }
            }
            Variant::Chess | Variant::Dice | Variant::TwoMove => Dialect::Essay,
        }
    }

    /// Where the dialect writes `slot`; `None` for a slot it does not write (the dice, which
    /// only DFEN's own dialects hold).
    ///
    /// ```
    /// use chess::variant::{Dialect, Placement, Slot};
    /// assert_eq!(Dialect::Essay.placement(Slot::Checks), Some(Placement::Appended));
    /// assert_eq!(Dialect::Stockfish.placement(Slot::Checks), Some(Placement::AfterEnPassant));
    /// assert_eq!(Dialect::Lichess.placement(Slot::Holdings), Some(Placement::NinthRank));
    /// assert_eq!(Dialect::Stockfish.placement(Slot::Promoted), Some(Placement::BoardMarker));
    /// ```
    #[must_use]
    pub const fn placement(self, slot: Slot) -> Option<Placement> {
        match (self, slot) {
            (Dialect::Essay, _) => Some(Placement::Appended),
            (Dialect::Stockfish, Slot::Checks) => Some(Placement::AfterEnPassant),
            (Dialect::Lichess, Slot::Checks) => Some(Placement::AppendedPlusPair),
            (Dialect::Stockfish, Slot::Holdings) => Some(Placement::BoardSuffix),
            (Dialect::Lichess, Slot::Holdings) => Some(Placement::NinthRank),
            (Dialect::Stockfish | Dialect::Lichess, Slot::Promoted) => Some(Placement::BoardMarker),
            (Dialect::Stockfish | Dialect::Lichess, Slot::EnPassantSquares) => {
                Some(Placement::EnPassantField)
            }
            (Dialect::Stockfish | Dialect::Lichess, Slot::Dice | Slot::SubTurn) => None,
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Dialect {
    type Err = dfen::InvalidValue;

    /// ```
    /// use chess::variant::Dialect;
    /// assert_eq!("lichess".parse::<Dialect>(), Ok(Dialect::Lichess));
    /// ```
    fn from_str(text: &str) -> Result<Dialect, dfen::InvalidValue> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| dialect.name() == text)
            .ok_or_else(|| {
                dfen::InvalidValue::new(format!(
                    "unknown dialect `{text}`: expected `essay`, `stockfish` or `lichess`"
                ))
            })
    }
}

/// One piece of state a variant adds to standard FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Slot {
    /// Three-check: checks given by each side; default `0 0`.
    Checks,
    /// Crazyhouse: the pieces each side holds; default none.
    Holdings,
    /// Crazyhouse: the squares of promoted pieces; default none.
    Promoted,
    /// Two-move chess: the move of the turn; default the first.
    SubTurn,
    /// Dice Chess: the dice left to the side to move; default none.
    Dice,
    /// Dice Chess: several en-passant squares in field 4; default none.
    EnPassantSquares,
}

/// Where a dialect writes a slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Placement {
    /// As fields after the clocks, in the variant's slot order.
    Appended,
    /// As one field `+a+b` after the clocks.
    AppendedPlusPair,
    /// As one field `a+b` between en passant and the clocks.
    AfterEnPassant,
    /// In brackets right after the board: `[...]`.
    BoardSuffix,
    /// As a ninth rank of the board: `/...`.
    NinthRank,
    /// As `~` after each marked piece in the board.
    BoardMarker,
    /// In the en-passant field, several squares in a row.
    EnPassantField,
}

/// Three-check's counters: the checks each side has given, and the limit that wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Checks {
    /// Checks given by White.
    pub white: u8,
    /// Checks given by Black.
    pub black: u8,
    /// The number of checks that wins (3 in three-check).
    pub limit: u8,
}

impl Checks {
    /// No check given yet, under `limit`.
    #[must_use]
    pub const fn new(limit: u8) -> Checks {
        Checks {
            white: 0,
            black: 0,
            limit,
        }
    }

    /// Checks given by `color`.
    #[must_use]
    pub const fn given(self, color: Color) -> u8 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Checks `color` still has to give to win: the limit less those given (0 past it).
    ///
    /// ```
    /// let checks = chess::variant::Checks { white: 1, black: 0, limit: 3 };
    /// assert_eq!(checks.remaining(dfen::Color::White), 2);
    /// ```
    #[must_use]
    pub const fn remaining(self, color: Color) -> u8 {
        self.limit.saturating_sub(self.given(color))
    }
}

impl Default for Checks {
    fn default() -> Checks {
        Checks::new(3)
    }
}

/// The order a pocket's letters were written in, kept so that a dialect's text is written
/// back as it was read (python-chess and shakmaty order pockets differently).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum PocketOrder {
    /// Each colour P N B R Q, White first: the canonical order, DFEN's dice order.
    #[default]
    PawnFirst,
    /// Each colour Q R B N P, White first: python-chess's order.
    QueenFirst,
}

/// The order roles are written in, [`PocketOrder::PawnFirst`].
const POCKET_ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

/// Crazyhouse holdings: how many of each piece each side has in hand. Kings are never held.
///
/// Two holdings are equal when they hold the same pieces, whatever order they were written in.
///
/// ```
/// use chess::variant::Holdings;
/// use dfen::{Color, Piece, Role};
/// let mut holdings = Holdings::default();
/// holdings.add(Piece { color: Color::Black, role: Role::Queen });
/// holdings.add(Piece { color: Color::White, role: Role::Pawn });
/// holdings.add(Piece { color: Color::White, role: Role::Pawn });
/// assert_eq!(holdings.count(Color::White, Role::Pawn), 2);
/// assert_eq!(holdings.to_string(), "PPq");
/// ```
#[derive(Debug, Clone, Copy, Default, Eq)]
pub struct Holdings {
    /// Counts per colour, per role in [`POCKET_ROLES`] order.
    counts: [[u16; 5]; 2],
    /// How the pocket was written.
    pub order: PocketOrder,
}

impl PartialEq for Holdings {
    fn eq(&self, other: &Holdings) -> bool {
        self.counts == other.counts
    }
}

impl std::hash::Hash for Holdings {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.counts.hash(state);
    }
}

const fn pocket_index(role: Role) -> Option<usize> {
    match role {
        Role::Pawn => Some(0),
        Role::Knight => Some(1),
        Role::Bishop => Some(2),
        Role::Rook => Some(3),
        Role::Queen => Some(4),
        Role::King => None,
    }
}

impl Holdings {
    /// How many `role` pieces `color` holds (0 for the king).
    #[must_use]
    pub fn count(&self, color: Color, role: Role) -> usize {
        pocket_index(role)
            .and_then(|index| self.counts.get(color.index())?.get(index))
            .map_or(0, |count| usize::from(*count))
    }

    /// Adds one piece; `false` (and nothing added) for a king, which cannot be held.
    pub fn add(&mut self, piece: Piece) -> bool {
        let slot = pocket_index(piece.role)
            .and_then(|index| self.counts.get_mut(piece.color.index())?.get_mut(index));
        match slot {
            Some(count) => {
                *count = count.saturating_add(1);
                true
            }
            None => false,
        }
    }

    /// How many pieces are held in all.
    #[must_use]
    pub fn total(&self) -> usize {
        self.counts.iter().flatten().map(|c| usize::from(*c)).sum()
    }

    /// Whether nothing is held.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Every held piece, White's first, each colour in `order`.
    pub fn pieces(&self, order: PocketOrder) -> impl Iterator<Item = Piece> + '_ {
        let roles = match order {
            PocketOrder::PawnFirst => POCKET_ROLES,
            PocketOrder::QueenFirst => {
                let mut reversed = POCKET_ROLES;
                reversed.reverse();
                reversed
            }
        };
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(move |color| {
                roles.into_iter().flat_map(move |role| {
                    std::iter::repeat_n(Piece { color, role }, self.count(color, role))
                })
            })
    }

    /// Writes the pocket's letters in `order` (nothing when empty).
    fn write_letters(&self, out: &mut impl fmt::Write, order: PocketOrder) -> fmt::Result {
        for piece in self.pieces(order) {
            out.write_char(piece.letter())?;
        }
        Ok(())
    }
}

impl fmt::Display for Holdings {
    /// The letters in the canonical order, `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_char('-');
        }
        self.write_letters(f, PocketOrder::PawnFirst)
    }
}

/// Two-move chess: which move of the turn the side to move is about to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SubTurn {
    /// The first move of the turn (`1`).
    #[default]
    First,
    /// The second move of the turn (`2`).
    Second,
}

impl SubTurn {
    /// `1` or `2`.
    #[must_use]
    pub const fn digit(self) -> char {
        match self {
            SubTurn::First => '1',
            SubTurn::Second => '2',
        }
    }
}

/// A variant position: the six standard fields and the variant's slots. A slot the variant
/// does not declare keeps its default.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantFen {
    /// The variant.
    pub variant: Variant,
    /// The six standard fields (and, for [`Variant::Dice`], the dice and en-passant squares).
    pub fen: Dfen,
    /// Three-check's counters.
    pub checks: Checks,
    /// Crazyhouse's holdings.
    pub holdings: Holdings,
    /// Crazyhouse's promoted pieces: the squares they stand on.
    pub promoted: SquareSet,
    /// Two-move chess's sub-turn.
    pub sub_turn: SubTurn,
}

impl VariantFen {
    /// `fen` as a position of `variant`, every slot at its default (checks under the limit 3).
    ///
    /// ```
    /// use chess::variant::{Variant, VariantFen};
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
    /// let position = VariantFen::new(Variant::ThreeCheck, start);
    /// assert_eq!(position.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 0");
    /// ```
    #[must_use]
    pub fn new(variant: Variant, fen: Dfen) -> VariantFen {
        VariantFen {
            variant,
            fen,
            checks: Checks::default(),
            holdings: Holdings::default(),
            promoted: SquareSet::EMPTY,
            sub_turn: SubTurn::First,
        }
    }

    /// Writes the position in `dialect`. A dialect the variant has not
    /// ([`Variant::has_dialect`]) writes the essay form.
    ///
    /// ```
    /// use chess::variant::{Dialect, Variant, VariantParser};
    /// let parsed = VariantParser::new(Variant::ThreeCheck)
    ///     .parse("4k3/8/8/8/8/8/8/4K2R b K - 3 20 2 1")
    ///     .unwrap();
    /// let position = &parsed.position;
    /// assert_eq!(position.display_as(Dialect::Stockfish).to_string(), "4k3/8/8/8/8/8/8/4K2R b K - 1+2 3 20");
    /// assert_eq!(position.display_as(Dialect::Lichess).to_string(), "4k3/8/8/8/8/8/8/4K2R b K - 3 20 +2+1");
    /// ```
    #[must_use]
    pub fn display_as(&self, dialect: Dialect) -> impl fmt::Display + '_ {
        DisplayAs {
            position: self,
            dialect: if self.variant.has_dialect(dialect) {
                dialect
            } else {
                Dialect::Essay
            },
        }
    }

    /// The position with every fixable finding applied: dead castling rights and en-passant
    /// squares dropped (as [`Dfen::fixed`]), promoted marks on empty squares, kings and pawns
    /// dropped. Pocket and square orders are fixed by writing.
    #[must_use]
    pub fn fixed(&self) -> VariantFen {
        self.fixed_in(dfen::CastlingMode::Standard)
    }

    /// [`VariantFen::fixed`] with the castling rights judged as `mode` says
    /// ([`Dfen::fixed_in`]).
    #[must_use]
    pub fn fixed_in(&self, mode: dfen::CastlingMode) -> VariantFen {
        let mut fixed = self.clone();
        fixed.fen = self.fen.fixed_in(mode);
        fixed.promoted = check::promotable(&self.fen, self.promoted);
        fixed
    }

    /// What standard FEN's six fields cannot hold of this position: one description for each
    /// slot away from its default; empty when writing standard FEN loses nothing.
    ///
    /// ```
    /// use chess::variant::{Variant, VariantParser};
    /// let parsed = VariantParser::new(Variant::Crazyhouse)
    ///     .parse("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 Pp d1")
    ///     .unwrap();
    /// assert_eq!(
    ///     parsed.position.dropped_by_standard_fen(),
    ///     ["the holdings `Pp`", "the promoted squares `d1`"]
    /// );
    /// ```
    #[must_use]
    pub fn dropped_by_standard_fen(&self) -> Vec<String> {
        let mut dropped = Vec::new();
        match self.variant {
            Variant::Chess => {}
            Variant::Dice => dropped = self.fen.to_fen_lossy().1,
            Variant::ThreeCheck => {
                if self.checks.white > 0 || self.checks.black > 0 {
                    dropped.push(format!(
                        "the checks given `{} {}`",
                        self.checks.white, self.checks.black
                    ));
                }
            }
            Variant::Crazyhouse => {
                if !self.holdings.is_empty() {
                    dropped.push(format!("the holdings `{}`", self.holdings));
                }
                if !self.promoted.is_empty() {
                    let mut squares = String::new();
                    let _ = write_squares(&mut squares, self.promoted);
                    dropped.push(format!("the promoted squares `{squares}`"));
                }
            }
            Variant::TwoMove => {
                if self.sub_turn == SubTurn::Second {
                    dropped.push("the sub-turn `2`".to_owned());
                }
            }
        }
        dropped
    }

    /// The six standard fields, when that loses nothing (as [`Dfen::to_fen`]).
    ///
    /// # Errors
    /// [`LossyConversion`](dfen::LossyConversion), naming each slot away from its default
    /// ([`VariantFen::dropped_by_standard_fen`]).
    ///
    /// ```
    /// use chess::variant::{Variant, VariantParser};
    /// let parser = VariantParser::new(Variant::TwoMove);
    /// let first = parser.parse("4k3/8/8/8/8/8/8/4K3 b - - 0 5 1").unwrap().position;
    /// assert_eq!(first.to_fen().unwrap(), "4k3/8/8/8/8/8/8/4K3 b - - 0 5");
    /// let second = parser.parse("4k3/8/8/8/8/8/8/4K3 b - - 0 5 2").unwrap().position;
    /// assert_eq!(
    ///     second.to_fen().unwrap_err().to_string(),
    ///     "standard FEN cannot hold this position: it would drop the sub-turn `2`"
    /// );
    /// ```
    pub fn to_fen(&self) -> Result<String, dfen::LossyConversion> {
        let dropped = self.dropped_by_standard_fen();
        if dropped.is_empty() {
            Ok(self.fen.to_fen_lossy().0)
        } else {
            Err(dfen::LossyConversion { dropped })
        }
    }

    /// The identity key: the essay form without the clocks. Two positions of a variant are the
    /// same position exactly when their keys are equal.
    ///
    /// ```
    /// use chess::variant::{Variant, VariantParser};
    /// let parser = VariantParser::new(Variant::TwoMove);
    /// let a = parser.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 9 2").unwrap().position;
    /// let b = parser.parse("4k3/8/8/8/8/8/8/4K3 w - - 7 30 2").unwrap().position;
    /// assert_eq!(a.identity_key(), b.identity_key());
    /// assert_eq!(a.identity_key(), "4k3/8/8/8/8/8/8/4K3 w - - 2");
    /// ```
    #[must_use]
    pub fn identity_key(&self) -> String {
        let mut key = self.fen.identity_key();
        if self.variant != Variant::Dice {
            // The standard key ends with the (empty) dice field: the variant's slots replace it.
            if let Some(cut) = key.rfind(' ') {
                key.truncate(cut);
            }
            let _ = self.write_appended_slots(&mut key);
        }
        key
    }

    /// Writes the essay form's fields after the clocks, each after a space.
    fn write_appended_slots(&self, out: &mut impl fmt::Write) -> fmt::Result {
        match self.variant {
            Variant::Chess | Variant::Dice => Ok(()),
            Variant::ThreeCheck => write!(out, " {} {}", self.checks.white, self.checks.black),
            Variant::Crazyhouse => {
                write!(out, " {} ", self.holdings)?;
                write_squares(out, self.promoted)
            }
            Variant::TwoMove => write!(out, " {}", self.sub_turn.digit()),
        }
    }

    fn write(&self, out: &mut impl fmt::Write, dialect: Dialect) -> fmt::Result {
        if self.variant == Variant::Dice {
            return write!(out, "{}", self.fen);
        }
        // Standard FEN's six fields; a `Dice` slot never reaches here, and a variant's
        // position holds one en-passant square at most (more is an error of its own parse).
        let (six, _) = self.fen.to_fen_lossy();
        let (board, rest) = six.split_once(' ').unwrap_or((six.as_str(), ""));
        match (self.variant, dialect) {
            (Variant::ThreeCheck, Dialect::Stockfish) => {
                // `rest` is `side castling ep half full`: the counters go after en passant.
                let mut parts = rest.splitn(4, ' ');
                let (side, castling, ep, clocks) = (
                    parts.next().unwrap_or_default(),
                    parts.next().unwrap_or_default(),
                    parts.next().unwrap_or_default(),
                    parts.next().unwrap_or_default(),
                );
                write!(
                    out,
                    "{board} {side} {castling} {ep} {}+{} {clocks}",
                    self.checks.remaining(Color::White),
                    self.checks.remaining(Color::Black)
                )
            }
            (Variant::ThreeCheck, Dialect::Lichess) => {
                write!(out, "{six} +{}+{}", self.checks.white, self.checks.black)
            }
            (Variant::Crazyhouse, Dialect::Stockfish | Dialect::Lichess) => {
                write_marked_board(out, &self.fen, self.promoted)?;
                if dialect == Dialect::Stockfish {
                    out.write_char('[')?;
                    self.holdings.write_letters(out, self.holdings.order)?;
                    out.write_char(']')?;
                } else {
                    out.write_char('/')?;
                    self.holdings.write_letters(out, self.holdings.order)?;
                }
                write!(out, " {rest}")
            }
            _ => {
                out.write_str(&six)?;
                self.write_appended_slots(out)
            }
        }
    }
}

/// The board with `~` after each piece on a square of `promoted`.
fn write_marked_board(out: &mut impl fmt::Write, fen: &Dfen, promoted: SquareSet) -> fmt::Result {
    for rank in (0u8..8).rev() {
        let mut empty = 0u8;
        for file in 0u8..8 {
            let Some(square) = dfen::Square::new(file, rank) else {
                continue;
            };
            match fen.board.get(square) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        out.write_char(char::from(b'0' + empty))?;
                        empty = 0;
                    }
                    out.write_char(piece.letter())?;
                    if promoted.contains(square) {
                        out.write_char('~')?;
                    }
                }
            }
        }
        if empty > 0 {
            out.write_char(char::from(b'0' + empty))?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    Ok(())
}

/// Squares comma-separated in alphabetical order (as DFEN writes en-passant squares), `-`
/// when none.
fn write_squares(out: &mut impl fmt::Write, squares: SquareSet) -> fmt::Result {
    if squares.is_empty() {
        return out.write_char('-');
    }
    for (i, square) in squares.iter_alphabetical().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(out, "{square}")?;
    }
    Ok(())
}

struct DisplayAs<'a> {
    position: &'a VariantFen,
    dialect: Dialect,
}

impl fmt::Display for DisplayAs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.position.write(f, self.dialect)
    }
}

impl fmt::Display for VariantFen {
    /// The canonical (essay) form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Dialect::Essay)
    }
}

#[cfg(test)]
mod tests {
    use super::{Dialect, Variant};
    use proptest::prelude::*;

    /// `Dialect::detect` as it was written before it split the line on bytes (a vector of the
    /// fields after the fourth): the reference the faster form must agree with.
    fn detect_by_fields(variant: Variant, line: &str) -> Dialect {
        let mut fields = line.split([' ', '\t']).filter(|field| !field.is_empty());
        match variant {
            Variant::Crazyhouse => {
                let board = fields.next().unwrap_or_default();
                if board.contains('[') {
                    Dialect::Stockfish
                } else if board.matches('/').count() >= 8 {
                    Dialect::Lichess
                } else if fields.count() < 7 {
                    Dialect::Stockfish
                } else {
                    Dialect::Essay
                }
            }
            Variant::ThreeCheck => {
                let is_counter = |field: &str, plus: bool| {
                    let rest = if plus {
                        field.strip_prefix('+')
                    } else {
                        Some(field)
                    };
                    rest.and_then(|rest| rest.split_once('+'))
                        .is_some_and(|(white, black)| {
                            !white.is_empty()
                                && !black.is_empty()
                                && white
                                    .bytes()
                                    .chain(black.bytes())
                                    .all(|b| b.is_ascii_digit())
                        })
                };
                let rest: Vec<&str> = fields.skip(4).collect();
                if rest.iter().any(|field| is_counter(field, false)) {
                    Dialect::Stockfish
                } else if rest.iter().any(|field| is_counter(field, true)) {
                    Dialect::Lichess
                } else {
                    Dialect::Essay
                }
            }
            Variant::Chess | Variant::Dice | Variant::TwoMove => Dialect::Essay,
        }
    }

    proptest! {
        /// Lines made of the characters that decide a dialect (and a few that do not, some of
        /// them multi-byte) are judged as the field-vector reference judges them.
        #[test]
        fn detect_agrees_with_the_field_reference(
            line in "([0-9+/\\[\\] \\t\\-wkKé]|0 1|3\\+3|\\+1\\+0| ){0,40}",
        ) {
            for variant in [Variant::ThreeCheck, Variant::Crazyhouse, Variant::Chess] {
                prop_assert_eq!(
                    Dialect::detect(variant, &line),
                    detect_by_fields(variant, &line),
                    "{:?} {:?}", variant, line
                );
            }
        }

        /// Lines shaped as FEN lines, with a fifth field that is, or nearly is, a plain
        /// counter: the fast test of the fifth field judges them as the reference does.
        #[test]
        fn fifth_field_counter_agrees_with_the_field_reference(
            line in "[ \t]{0,2}[a-z1-8/]{0,12}([ \t]{1,2}[wb-]{0,2}){0,3}[ \t]{0,2}\
                     (3\\+3|\\+1\\+0|0|3\\+|\\+3|12\\+0a|3\\+3é|3\\+\\+3|1\\+2\\+3)?\
                     ([ \t]{1,2}[0-9+]{0,4}){0,3}[ \t]{0,2}",
        ) {
            prop_assert_eq!(
                Dialect::detect(Variant::ThreeCheck, &line),
                detect_by_fields(Variant::ThreeCheck, &line),
                "{:?}", line
            );
        }
    }
}
