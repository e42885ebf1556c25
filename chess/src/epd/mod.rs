//! EPD, the Extended Position Description of the PGN standard (1994), §16.2: the notation of
//! engine test suites (perft suites, Bratko-Kopec, WAC, STS, tablebase sets).
//!
//! A line is four position fields (placement, side, castling, en passant) and zero or more
//! operations. An operation is an opcode (a letter, then up to 14 letters, digits or
//! underscores), its operands separated by single spaces, and a `;`. A string operand is in
//! double quotes, with `\"` and `\\` as escapes; a `;` inside a string belongs to it.
//!
//! ```text
//! 1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";
//! ```
//!
//! # Read and check
//!
//! [`EpdParser::parse`] reads one line in one pass. The four position fields are read by the
//! DFEN parser ([`Layout::EpdPosition`](dfen::Layout::EpdPosition)), so their spellings and
//! problems are the `DFEN` findings of [`ParsedEpd::position_findings`]. Every operation is
//! then checked against what its opcode takes, and the moves of `am`, `bm`, `pm`, `pv` and
//! `sm` are read as SAN ([`san`](crate::san)) and checked legal in the position (`pv` move by
//! move); those findings, with their `EPD` codes, are [`ParsedEpd::findings`].
//!
//! ```
//! use chess::epd::EpdParser;
//!
//! let parsed = EpdParser::new()
//!     .parse(r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1; id "BK.01""#)?;
//! // `Qd1` gives check, and the line lacks its final `;`: two spellings `fmt` rewrites.
//! let codes: Vec<_> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
//! assert_eq!(codes, ["EPD112", "EPD101"]);
//! assert!(!parsed.has_errors());
//! assert_eq!(
//!     parsed.epd.to_string(),
//!     r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#
//! );
//!
//! // An illegal move is an error on its operand, saying why.
//! let parsed = EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd3;")?;
//! let finding = &parsed.findings[0];
//! assert_eq!((finding.code.as_str(), finding.span.clone()), ("EPD203", 29..32));
//! assert_eq!(
//!     finding.message,
//!     "illegal move: expected a legal move, found `Kd3`: no White king can move to d3"
//! );
//! # Ok::<(), chess::epd::Error>(())
//! ```
//!
//! # Write and convert
//!
//! [`Display`](std::fmt::Display) writes the canonical form: single spaces, `; ` between
//! operations and a final `;`, the operations in their written order, each move as its SAN
//! ([`San::of`](crate::san::San::of): the least disambiguation, the right `+` or `#`), strings
//! escaped again. [`ParsedEpd::fixed`] applies spelling fixes only: it never changes the
//! position or what an operation means. `hmvc` and `fmvn` are the position's clocks: they give
//! [`Epd::position`] its halfmove clock and fullmove number (else 0 and 1), and so
//! [`Epd::to_fen`] its clocks, while [`Epd::from_fen`] writes them when they are not `0 1`.
//!
//! ```
//! use chess::epd::{Epd, EpdParser};
//!
//! let parsed = EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 30; id \"x\";")?;
//! assert_eq!(parsed.epd.to_fen()?, "4k3/8/8/8/8/8/8/4K3 w - - 7 30");
//! let fen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse()?;
//! assert_eq!(Epd::from_fen(&fen)?.to_string(), "4k3/8/8/8/8/8/8/4K3 w - -");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The JSON form ([`EpdJson`]) is the position's JSON form, as a FEN's, with `"operations"`.
//! The grammar, every code and every decision are in `spec/epd.md`.

pub(crate) mod codes;
mod file;
mod json;
mod opcodes;
mod read;
mod write;

use std::fmt;
use std::ops::Range;

pub use codes::{Code, Finding, Note, SyntaxError};
pub use file::{IdTracker, RepeatedIdWords, is_comment, repeated_id, repeated_id_words};
pub use json::{EpdJson, OperationJson};
pub use opcodes::OpcodeKind;
#[doc(hidden)]
pub use read::VariantRead;

use crate::san::San;
use crate::standard::ChessMove;
use dfen::{Dfen, Profile, Severity};

/// The longest line the parser reads, in bytes.
pub const MAX_LINE_LEN: usize = 16 * 1024;

/// Why a line was not read: a syntax error in its position fields (a `DFEN` code) or in its
/// operations (an `EPD` code). Either one stops the parse.
#[derive(Clone, PartialEq, Eq)]
pub enum Error {
    /// The four position fields, as the DFEN parser reads them.
    Position(dfen::ParseError),
    /// The operations.
    Syntax(SyntaxError),
}

impl Error {
    /// The stable code, `DFEN0xx` or `EPD0xx`.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Error::Position(error) => error.code().as_str(),
            Error::Syntax(error) => error.code().as_str(),
        }
    }

    /// The byte range of the line that is wrong.
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        match self {
            Error::Position(error) => error.span(),
            Error::Syntax(error) => error.span(),
        }
    }

    /// How to fix it, when that is known.
    #[must_use]
    pub fn help(&self) -> Option<&str> {
        match self {
            Error::Position(error) => error.help(),
            Error::Syntax(error) => error.help(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Position(error) => fmt::Display::fmt(error, f),
            Error::Syntax(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Position(error) => fmt::Debug::fmt(error, f),
            Error::Syntax(error) => fmt::Debug::fmt(error, f),
        }
    }
}

impl std::error::Error for Error {}

impl From<dfen::ParseError> for Error {
    fn from(error: dfen::ParseError) -> Error {
        Error::Position(error)
    }
}

impl From<SyntaxError> for Error {
    fn from(error: SyntaxError) -> Error {
        Error::Syntax(error)
    }
}

/// EPD parser settings.
///
/// ```
/// use chess::epd::EpdParser;
/// // Under `strict`, a spelling `fmt` would rewrite is an error.
/// let parsed = EpdParser::new().strict(true).parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2")?;
/// assert!(parsed.has_errors());
/// # Ok::<(), chess::epd::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EpdParser {
    profile: Profile,
    strict: bool,
    castling: dfen::CastlingMode,
    standard_rules: bool,
    notes: bool,
}

impl Default for EpdParser {
    fn default() -> EpdParser {
        EpdParser::new()
    }
}

impl EpdParser {
    /// The default settings: the position fields under the `spec` profile, not strict.
    #[must_use]
    pub const fn new() -> EpdParser {
        EpdParser {
            profile: Profile::Spec,
            strict: false,
            castling: dfen::CastlingMode::Standard,
            standard_rules: true,
            notes: true,
        }
    }

    /// With `false`, no [`Note`] is made ([`ParsedEpd::notes`] stays empty): for a reader that
    /// would drop them unread (a suite can have one on every line). The findings are the same.
    ///
    /// ```
    /// use chess::epd::EpdParser;
    /// let line = "4k3/8/8/8/8/8/8/4K3 w - - wdl 2;";
    /// assert_eq!(EpdParser::new().parse(line)?.notes.len(), 1);
    /// assert!(EpdParser::new().notes(false).parse(line)?.notes.is_empty());
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub const fn notes(mut self, notes: bool) -> EpdParser {
        self.notes = notes;
        self
    }

    /// With `false`, the line is read for a chess variant whose rules another library
    /// judges: the position findings of standard chess (`DFEN2xx`) are skipped and the move
    /// operands are kept as written, unchecked; every other operation is checked as usual.
    ///
    /// ```
    /// use chess::epd::EpdParser;
    /// // Antichess has no check: the king may step next to the rook.
    /// let line = "4k3/8/8/8/8/8/r7/4K3 w - - bm Kd2;";
    /// assert!(EpdParser::new().parse(line)?.has_errors());
    /// let parsed = EpdParser::new().standard_rules(false).parse(line)?;
    /// assert!(!parsed.has_errors());
    /// assert_eq!(parsed.fixed().to_string(), line);
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub const fn standard_rules(mut self, standard: bool) -> EpdParser {
        self.standard_rules = standard;
        self
    }

    /// How the castling field is read: [`CastlingMode::Chess960`](dfen::CastlingMode) reads
    /// `K`/`Q` as the outermost rooks, and the moves (SAN `O-O`, perft) castle as Chess960
    /// does.
    ///
    /// ```
    /// use chess::epd::EpdParser;
    /// use dfen::CastlingMode;
    /// // Position 0 of Ethereal's Chess960 perft suite (fischer.epd), rights in Shredder form.
    /// let line = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - ;D2 528";
    /// let parsed = EpdParser::new().castling_mode(CastlingMode::Chess960).parse(line)?;
    /// assert!(parsed.verify_perft(2).is_empty());
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub const fn castling_mode(mut self, mode: dfen::CastlingMode) -> EpdParser {
        self.castling = mode;
        self
    }

    /// The DFEN profile the four position fields are read under (`lenient` repairs a repeated
    /// castling letter, for example).
    #[must_use]
    pub const fn profile(mut self, profile: Profile) -> EpdParser {
        self.profile = profile;
        self
    }

    /// With `true`, every fixable finding is reported as an error.
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> EpdParser {
        self.strict = strict;
        self
    }

    /// Reads one EPD line (without its line end) and checks every operation.
    ///
    /// # Errors
    /// [`Error::Position`] for a syntax error in the four position fields (`DFEN0xx`, or
    /// `DFEN002` for fewer than four), [`Error::Syntax`] for one in the operations
    /// (`EPD0xx`). Everything else is a finding.
    ///
    /// ```
    /// let err = chess::epd::EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w -").unwrap_err();
    /// assert_eq!(err.code(), "DFEN002");
    /// let err = chess::epd::EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;").unwrap_err();
    /// assert_eq!(err.code(), "EPD002");
    /// ```
    pub fn parse(&self, line: &str) -> Result<ParsedEpd, Error> {
        let mut out = ParsedEpd::empty();
        read::parse_into(self, line, &mut out, None)?;
        Ok(out)
    }

    /// [`EpdParser::parse`], read into `out` (made by [`ParsedEpd::empty`], or left by an
    /// earlier call): the line's copy and the operations read into the room `out` has, so a
    /// caller that keeps one place from line to line allocates neither again. On an error,
    /// what `out` holds is unspecified.
    #[doc(hidden)]
    pub fn parse_into(&self, line: &str, out: &mut ParsedEpd) -> Result<(), Error> {
        read::parse_into(self, line, out, None)
    }

    /// [`EpdParser::parse_into`], with the board's pieces read into `pieces` as the DFEN
    /// parser gathered them while it read the position fields: one set of squares per piece
    /// code (colour × 6 + role), as [`dfen::Board::piece_sets`] gives them, so that a caller
    /// building bitboards (a variant's rules) need not read the board again. On an error, what
    /// `out` and `pieces` hold is unspecified.
    ///
    /// ```
    /// use chess::epd::{EpdParser, ParsedEpd};
    /// let mut out = ParsedEpd::empty();
    /// let mut pieces = [0; 12];
    /// EpdParser::new()
    ///     .parse_into_counted("4k3/8/8/8/8/8/4P3/4K3 w - - id \"pawn\";", &mut out, &mut pieces)
    ///     .unwrap();
    /// assert_eq!(pieces, out.epd.position().board.piece_sets());
    /// ```
    #[doc(hidden)]
    pub fn parse_into_counted(
        &self,
        line: &str,
        out: &mut ParsedEpd,
        pieces: &mut [u64; 12],
    ) -> Result<(), Error> {
        read::parse_into(self, line, out, Some(pieces))
    }

    /// Reads an EPD line of a variant whose position fields, `line[..fields_end]`, `variant`
    /// reads: three-check's counter after the four fields, crazyhouse's pocket and promoted
    /// marks in the board. The line is read once, the fields by the variant parser's one-pass
    /// reader (with the clocks of `hmvc` and `fmvn`), the operations as [`EpdParser::parse`]
    /// reads them; [`Epd::position`] is the variant position's standard part, and spans are
    /// in `line`.
    ///
    /// The third part is the board's pieces, one set of squares per piece code (colour × 6 +
    /// role), as [`dfen::Board::piece_sets`] gives them: the reader found them on its way.
    ///
    /// `None` when that is not the whole story: a syntax error anywhere, a finding in the
    /// fields, fields the one-pass reader does not take, or settings under which the fields'
    /// findings are standard chess's ([`EpdParser::standard_rules`]) or another profile's than
    /// `spec`. Otherwise the result is what [`EpdParser::parse`] gives for the line with the
    /// variant's marks cut out (its spans moved back into `line`), and what `variant` gives
    /// for the fields with the clocks after them.
    ///
    /// ```
    /// use chess::epd::EpdParser;
    /// use chess::variant::{Dialect, Variant, VariantParser};
    ///
    /// let line = "4k3/8/8/8/8/8/8/4K3[Qn] w - - bm Qe7+;";
    /// let crazyhouse = VariantParser::new(Variant::Crazyhouse)
    ///     .dialect(Dialect::Stockfish)
    ///     .check_position(false);
    /// let (parsed, position, _pieces) = EpdParser::new()
    ///     .standard_rules(false)
    ///     .parse_variant(line, 29, &crazyhouse)
    ///     .unwrap();
    /// assert_eq!(parsed.epd.operations().len(), 1);
    /// assert_eq!(position.position.holdings.total(), 2);
    /// ```
    #[doc(hidden)]
    #[must_use]
    pub fn parse_variant(
        &self,
        line: &str,
        fields_end: usize,
        variant: &crate::variant::VariantParser,
    ) -> Option<(ParsedEpd, crate::variant::VariantParsed, [u64; 12])> {
        read::parse_variant(self, line, fields_end, variant)
    }

    /// [`EpdParser::parse_variant`], read into `out` (made by [`VariantRead::new`] for
    /// `variant`, or left by an earlier call): whether the line was read once. Where it was not,
    /// what `out` holds is unspecified. Nothing large is returned by value.
    #[doc(hidden)]
    pub fn parse_variant_into(
        &self,
        line: &str,
        fields_end: usize,
        variant: &crate::variant::VariantParser,
        out: &mut VariantRead,
    ) -> bool {
        read::parse_variant_into(self, line, fields_end, variant, out)
    }
}

/// A parsed EPD line and everything found about it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParsedEpd {
    /// The line as read.
    pub epd: Epd,
    /// The findings of the four position fields: their spellings and the position (`DFEN`).
    pub position_findings: Vec<dfen::Finding>,
    /// The findings of the operations (`EPD`), in line order.
    pub findings: Vec<Finding>,
    /// What is worth knowing but no problem: unknown opcodes.
    pub notes: Vec<Note>,
    /// Whether it was read by standard chess's rules ([`EpdParser::standard_rules`]).
    pub(crate) standard_rules: bool,
}

impl ParsedEpd {
    /// Nothing read yet: a place for [`EpdParser::parse_into`].
    #[doc(hidden)]
    #[must_use]
    pub fn empty() -> ParsedEpd {
        ParsedEpd {
            epd: Epd {
                line: String::new(),
                position: dfen::fen_parts::EMPTY,
                operations: Vec::new(),
                operands: Vec::new(),
            },
            position_findings: Vec::new(),
            findings: Vec::new(),
            notes: Vec::new(),
            standard_rules: false,
        }
    }

    /// Whether any finding, of the position or of the operations, is an error.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.position_findings
            .iter()
            .any(|f| f.severity == Severity::Error)
            || self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// The line with every spelling fix applied: what `fenkit fmt` writes, and what
    /// [`Display`](fmt::Display) of [`ParsedEpd::epd`] writes. Unlike [`Epd`] as read, its
    /// operands are written as the canonical form writes them (moves as SAN, strings quoted),
    /// so its JSON form shows them so. The position is as read: an EPD position is a key
    /// that suites and databases match, so `fmt` does not drop a castling right or an
    /// en-passant square that cannot be used (those stay warnings).
    ///
    /// ```
    /// let parsed = chess::epd::EpdParser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - bm e1e2; c0 8")?;
    /// let fixed = parsed.fixed();
    /// assert_eq!(fixed.to_string(), r#"4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; c0 "8";"#);
    /// let operands: Vec<&str> = fixed.operations().map(|op| op.operands().next().unwrap().text()).collect();
    /// assert_eq!(operands, ["Ke2", "8"]);
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn fixed(&self) -> Epd {
        let canonical = self.epd.to_string();
        EpdParser::new()
            .profile(Profile::Lenient)
            .standard_rules(self.standard_rules)
            .parse(&canonical)
            .map_or_else(|_| self.epd.clone(), |parsed| parsed.epd)
    }

    /// Checks each perft count `D1` … `D<depth>` against standard chess's perft, the counts of
    /// deeper levels only as syntax. A wrong count is an error (`EPD208`) on its operand,
    /// which states the right number.
    ///
    /// ```
    /// let parsed = chess::epd::EpdParser::new()
    ///     .parse("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66 ;D3 1198")?;
    /// let wrong = parsed.verify_perft(3);
    /// assert_eq!(wrong.len(), 1);
    /// assert_eq!(wrong[0].message, "perft count is wrong: expected 1197 leaves at depth 3, found 1198");
    /// assert!(parsed.verify_perft(2).is_empty());
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn verify_perft(&self, depth: u32) -> Vec<Finding> {
        file::verify_perft(&self.epd, depth)
    }
}

/// An operand's text: a span of the line, or text of its own (a string whose escapes were
/// undone, or an operand written by the library).
#[derive(Debug, Clone)]
enum Text {
    Span(Range<usize>),
    Static(&'static str),
    Owned(Box<str>),
}

impl Text {
    fn get<'a>(&'a self, line: &'a str) -> &'a str {
        match self {
            Text::Span(span) => line.get(span.clone()).unwrap_or_default(),
            Text::Static(text) => text,
            Text::Owned(text) => text,
        }
    }
}

/// What an operand holds beyond its text, once checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    /// Nothing checked, or nothing to check.
    None,
    /// A move, legal in its position, and its SAN.
    Move(ChessMove, San),
    /// An integer of an integer opcode.
    Integer(i64),
}

#[derive(Debug, Clone)]
struct OperandRecord {
    text: Text,
    quoted: bool,
    span: Range<usize>,
    value: Value,
}

#[derive(Debug, Clone)]
struct OperationRecord {
    opcode: Text,
    kind: OpcodeKind,
    /// The opcode's span in the line (for clocks written as fields, the clock's).
    span: Range<usize>,
    /// Its operands: a range of [`Epd::operands`].
    operands: Range<usize>,
}

/// One EPD line: its position and its operations.
///
/// Equality is of meaning: the position, and each operation's opcode and operands (their
/// text, whether each is a string, and its move), not where they stood in a line.
#[derive(Debug, Clone)]
pub struct Epd {
    line: String,
    position: Dfen,
    operations: Vec<OperationRecord>,
    operands: Vec<OperandRecord>,
}

impl PartialEq for Epd {
    fn eq(&self, other: &Epd) -> bool {
        self.position == other.position
            && self.operations.len() == other.operations.len()
            && self.operations().zip(other.operations()).all(|(a, b)| {
                a.opcode() == b.opcode()
                    && a.operand_count() == b.operand_count()
                    && a.operands().zip(b.operands()).all(|(x, y)| {
                        x.text() == y.text()
                            && x.is_string() == y.is_string()
                            && x.chess_move() == y.chess_move()
                    })
            })
    }
}

impl Eq for Epd {}

impl Epd {
    /// The position: the four fields, with the clocks of `hmvc` and `fmvn` (else 0 and 1) and
    /// no dice.
    #[must_use]
    pub fn position(&self) -> &Dfen {
        &self.position
    }

    /// The operations in written order.
    pub fn operations(&self) -> impl ExactSizeIterator<Item = Operation<'_>> + '_ {
        self.operations
            .iter()
            .map(move |record| Operation { epd: self, record })
    }

    /// The first operation with this opcode.
    ///
    /// ```
    /// let parsed = chess::epd::EpdParser::new().parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "a";"#)?;
    /// assert_eq!(parsed.epd.operation("id").unwrap().operands().next().unwrap().text(), "a");
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn operation(&self, opcode: &str) -> Option<Operation<'_>> {
        self.operations().find(|op| op.opcode() == opcode)
    }

    /// The line's `id`: the operand of its first `id` operation, when that has exactly one.
    ///
    /// ```
    /// let parsed = chess::epd::EpdParser::new().parse(r#"4k3/8/8/8/8/8/8/4K3 w - - id "BK.01";"#)?;
    /// assert_eq!(parsed.epd.id().map(|id| id.text()), Some("BK.01"));
    /// # Ok::<(), chess::epd::Error>(())
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<Operand<'_>> {
        // Only a text opcode can be `id`: the others' texts are not compared.
        let operation = self
            .operations()
            .find(|op| op.kind() == OpcodeKind::Text && op.opcode() == "id")?;
        let mut operands = operation.operands();
        let operand = operands.next()?;
        operands.next().is_none().then_some(operand)
    }

    /// Standard FEN: the position with its clocks (from `hmvc` and `fmvn`, else `0 1`).
    ///
    /// # Errors
    /// [`LossyConversion`](dfen::LossyConversion) when the position has more than one
    /// en-passant square (an error of the line, `EPD207`).
    pub fn to_fen(&self) -> Result<String, dfen::LossyConversion> {
        self.position.to_fen()
    }

    /// The EPD of a standard FEN position: its four position fields, and `hmvc` and `fmvn`
    /// operations only when its clocks are not `0 1`.
    ///
    /// # Errors
    /// [`LossyConversion`](dfen::LossyConversion) when the position has dice pending or more
    /// than one en-passant square, which standard chess cannot hold.
    ///
    /// ```
    /// let fen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 b - - 12 40".parse()?;
    /// let epd = chess::epd::Epd::from_fen(&fen)?;
    /// assert_eq!(epd.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - hmvc 12; fmvn 40;");
    /// assert_eq!(epd.position(), &fen);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(position: &Dfen) -> Result<Epd, dfen::LossyConversion> {
        position.to_fen()?;
        let mut line = String::with_capacity(96);
        write::write_position(&mut line, position, None).map_err(|_| dfen::LossyConversion {
            dropped: Vec::new(),
        })?;
        if position.halfmove != 0 || position.fullmove.get() != 1 {
            use fmt::Write as _;
            let _ = write!(
                line,
                " hmvc {}; fmvn {};",
                position.halfmove, position.fullmove
            );
        }
        EpdParser::new()
            .profile(Profile::Lenient)
            .parse(&line)
            .map(|parsed| parsed.epd)
            .map_err(|error| dfen::LossyConversion {
                dropped: vec![error.to_string()],
            })
    }

    /// The perft counts of the line: each `D<depth>` operation's depth and count, where the
    /// count is a non-negative integer.
    pub fn perft_counts(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.operations().filter_map(|op| match op.kind() {
            OpcodeKind::PerftCount(depth) => {
                let count = op.operands().next()?.integer()?;
                Some((depth, u64::try_from(count).ok()?))
            }
            _ => None,
        })
    }
}

/// One operation of an [`Epd`]: its opcode and its operands.
#[derive(Clone, Copy)]
pub struct Operation<'a> {
    epd: &'a Epd,
    record: &'a OperationRecord,
}

impl<'a> Operation<'a> {
    /// The opcode as written (`bm`; `hmvc` and `fmvn` for clocks written as FEN fields).
    #[must_use]
    pub fn opcode(&self) -> &'a str {
        self.record.opcode.get(&self.epd.line)
    }

    /// What the opcode takes.
    #[must_use]
    pub fn kind(&self) -> OpcodeKind {
        self.record.kind
    }

    /// The byte range of the opcode in the line.
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.record.span.clone()
    }

    /// How many operands it has.
    #[must_use]
    pub fn operand_count(&self) -> usize {
        self.record.operands.len()
    }

    /// The operands in written order.
    pub fn operands(&self) -> impl ExactSizeIterator<Item = Operand<'a>> + 'a {
        let epd = self.epd;
        epd.operands
            .get(self.record.operands.clone())
            .unwrap_or_default()
            .iter()
            .map(move |record| Operand { epd, record })
    }

    /// For a move opcode (`am`, `bm`, `pm`, `pv`, `sm`), its moves that were read legal, in
    /// order; `None` for every other opcode.
    #[must_use]
    pub fn moves(&self) -> Option<Vec<ChessMove>> {
        self.record
            .kind
            .takes_moves()
            .then(|| self.operands().filter_map(|o| o.chess_move()).collect())
    }
}

impl fmt::Debug for Operation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Operation")
            .field("opcode", &self.opcode())
            .field("operands", &self.operands().collect::<Vec<_>>())
            .finish()
    }
}

/// One operand of an [`Operation`].
#[derive(Clone, Copy)]
pub struct Operand<'a> {
    epd: &'a Epd,
    record: &'a OperandRecord,
}

impl<'a> Operand<'a> {
    /// The text as written; for a string, its content with the escapes undone.
    #[must_use]
    pub fn text(&self) -> &'a str {
        self.record.text.get(&self.epd.line)
    }

    /// Whether it was written as a string (in double quotes).
    #[must_use]
    pub fn is_string(&self) -> bool {
        self.record.quoted
    }

    /// The byte range of the operand in the line (with its quotes, for a string).
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.record.span.clone()
    }

    /// The legal move of a move operand, once read.
    #[must_use]
    pub fn chess_move(&self) -> Option<ChessMove> {
        match self.record.value {
            Value::Move(mv, _) => Some(mv),
            _ => None,
        }
    }

    /// The canonical SAN of a move operand, once read.
    #[must_use]
    pub fn san(&self) -> Option<San> {
        match self.record.value {
            Value::Move(_, san) => Some(san),
            _ => None,
        }
    }

    /// The value of an integer operand of an integer opcode, once read.
    #[must_use]
    pub fn integer(&self) -> Option<i64> {
        match self.record.value {
            Value::Integer(value) => Some(value),
            _ => None,
        }
    }
}

impl fmt::Debug for Operand<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_string() {
            write!(f, "{:?}", self.text())
        } else {
            f.write_str(self.text())
        }
    }
}
