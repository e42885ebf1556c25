//! Stable codes, findings and the parse error.

use std::fmt;
use std::ops::Range;

fenkit_diagnostics::codes! {
    /// A stable diagnostic code. The string form (`"FEN4001"`) never changes meaning.
    ///
    /// * `FEN40xx`: syntax errors (the reference parsers reject the input too)
    /// * `FEN41xx`: accepted but not canonical; fixable, errors under `strict`
    /// * `FEN42xx`: semantic warnings about the position
    /// * `FEN43xx`: NDJSON4 line problems; `FEN435x` are portability warnings
    /// * `FEN44xx`: JSON form conversions
    ///
    /// ```
    /// use fen4::{Category, Code};
    /// assert_eq!(Code::DuplicateSquare.as_str(), "FEN4010");
    /// assert_eq!(Code::DuplicateSquare.to_string(), "FEN4010");
    /// assert_eq!(Code::DuplicateSquare.title(), "two pieces on the same square");
    /// assert_eq!(Code::Unsorted.category(), Category::NonCanonical);
    /// assert_eq!("FEN4010".parse::<Code>(), Ok(Code::DuplicateSquare));
    /// assert_eq!(
    ///     "FEN4999".parse::<Code>().unwrap_err().to_string(),
    ///     "unknown code `FEN4999`: expected a code from `FEN4001` to `FEN4406`"
    /// );
    /// ```
    pub enum Code {
        /// The `4d-fen v1:` prefix is missing or misspelt (reference code -2).
        MissingPrefix = "FEN4001", Syntax, "the `4d-fen v1:` prefix is missing or misspelt";
        /// The prefix names another version, e.g. `4d-fen v2:` (reference code -2).
        UnsupportedVersion = "FEN4002", Syntax, "the prefix names another version, e.g. `4d-fen v2:`";
        /// A piece letter outside `NBRQKP nbrqkp` (reference code -3).
        UnknownPiece = "FEN4003", Syntax, "a piece letter outside `NBRQKP nbrqkp`";
        /// A pawn letter without its axis (reference code -3).
        PawnMissingAxis = "FEN4004", Syntax, "a pawn letter without its axis";
        /// A pawn axis letter other than `w` or `y` (reference code -3).
        UnknownAxis = "FEN4005", Syntax, "a pawn axis letter other than `w` or `y`";
        /// No `@` after a piece spec (reference code -3).
        MissingAt = "FEN4006", Syntax, "no `@` after a piece spec";
        /// A coordinate digit was expected but something else was found (reference code -4).
        ExpectedDigit = "FEN4007", Syntax, "a coordinate digit was expected but something else was found";
        /// A coordinate digit `8` or `9` (reference code -4).
        DigitOutOfRange = "FEN4008", Syntax, "a coordinate digit `8` or `9`";
        /// A `,` between coordinate digits was expected (reference code -4).
        ExpectedComma = "FEN4009", Syntax, "a `,` between coordinate digits was expected";
        /// Two pieces on the same square (reference code -5).
        DuplicateSquare = "FEN4010", Syntax, "two pieces on the same square";
        /// Something other than `;` or the end after a piece (reference code -6).
        TrailingInput = "FEN4011", Syntax, "something other than `;` or the end after a piece";
        /// A fifth coordinate component or a second digit in the `w` component (reference code -6).
        CoordTooLong = "FEN4012", Syntax, "a fifth coordinate component or a second digit in the `w` component";
        /// A NUL byte where `;` or the end was expected (reference code -6).
        NulByte = "FEN4013", Syntax, "a NUL byte where `;` or the end was expected";
        /// A pawn written with a slash, `P/w`.
        SlashPawn = "FEN4101", NonCanonical, "a pawn written with a slash, `P/w`";
        /// Whitespace around `@` or `;`, or other than one space after `;` or the prefix.
        Spacing = "FEN4102", NonCanonical, "whitespace around `@` or `;`, or other than one space after `;` or the prefix";
        /// A line break inside the literal.
        MultiLine = "FEN4103", NonCanonical, "a line break inside the literal";
        /// A `;` after the last piece.
        TrailingSemicolon = "FEN4104", NonCanonical, "a `;` after the last piece";
        /// Pieces not in ascending square order.
        Unsorted = "FEN4105", NonCanonical, "pieces not in ascending square order";
        /// Whitespace before the prefix.
        LeadingWhitespace = "FEN4106", NonCanonical, "whitespace before the prefix";
        /// Whitespace at the end of the literal.
        TrailingWhitespace = "FEN4107", NonCanonical, "whitespace at the end of the literal";
        /// A side has more than one king.
        ExtraKing = "FEN4201", Position, "a side has more than one king";
        /// A side has no king.
        MissingKing = "FEN4202", Position, "a side has no king";
        /// An NDJSON4 line is not valid JSON.
        InvalidJson = "FEN4301", Record, "an NDJSON4 line is not valid JSON";
        /// An NDJSON4 line is JSON but not an object.
        NotAnObject = "FEN4302", Record, "an NDJSON4 line is JSON but not an object";
        /// An NDJSON4 record has no `fen4` key.
        MissingFen4 = "FEN4303", Record, "an NDJSON4 record has no `fen4` key";
        /// The `fen4` value is not a string.
        Fen4NotString = "FEN4304", Record, "the `fen4` value is not a string";
        /// The `fen4` string is not a valid FEN4 v1 literal.
        InvalidFen4 = "FEN4305", Record, "the `fen4` string is not a valid FEN4 v1 literal";
        /// `ply` is not a non-negative integer.
        BadPly = "FEN4306", Record, "`ply` is not a non-negative integer";
        /// `ply` does not follow the previous record's ply.
        PlyNotConsecutive = "FEN4307", Record, "`ply` does not follow the previous record's ply";
        /// `move_from` / `move_to` is not an array of four integers.
        BadMoveCoord = "FEN4308", Record, "`move_from` / `move_to` is not an array of four integers";
        /// A `move_from` / `move_to` component outside `0..=7`.
        MoveCoordOutOfRange = "FEN4309", Record, "a `move_from` / `move_to` component outside `0..=7`";
        /// `promo` is not an integer in `0..=255`.
        BadPromo = "FEN4310", Record, "`promo` is not an integer in `0..=255`";
        /// `flags` is not an integer in `0..=255`.
        BadFlags = "FEN4311", Record, "`flags` is not an integer in `0..=255`";
        /// The move's from-square is empty in the previous frame.
        MoveFromEmpty = "FEN4312", Record, "the move's from-square is empty in the previous frame";
        /// The move's to-square does not hold the moved piece.
        MoveToMismatch = "FEN4313", Record, "the move's to-square does not hold the moved piece";
        /// Only one of `move_from` and `move_to` is present.
        IncompleteMove = "FEN4314", Record, "only one of `move_from` and `move_to` is present";
        /// Portability: whitespace between a key and its colon.
        SpaceBeforeColon = "FEN4351", Record, "portability: whitespace between a key and its colon";
        /// Portability: text after the JSON value.
        TrailingText = "FEN4352", Record, "portability: text after the JSON value";
        /// Portability: escape sequences inside the `fen4` string.
        Fen4Escapes = "FEN4353", Record, "portability: escape sequences inside the `fen4` string";
        /// Portability: a `ply` that is not an integer (`1.5`, `true`).
        NonIntegerPly = "FEN4354", Record, "portability: a `ply` that is not an integer (`1.5`, `true`)";
        /// Portability: move coordinates outside `0..=7`.
        CoordOutsideBoard = "FEN4355", Record, "portability: move coordinates outside `0..=7`";
        /// Portability: `promo` given as a string.
        PromoString = "FEN4356", Record, "portability: `promo` given as a string";
        /// Portability: `flags: null`.
        FlagsNull = "FEN4357", Record, "portability: `flags: null`";
        /// Portability: a line that is not a JSON object.
        NonObjectLine = "FEN4358", Record, "portability: a line that is not a JSON object";
        /// The JSON value has the wrong shape (not an object / array / entry object).
        JsonShape = "FEN4401", Conversion, "the JSON value has the wrong shape (not an object / array / entry object)";
        /// A "pieces" key that is not a square index `0..=4095`.
        BadSquareKey = "FEN4402", Conversion, "a \"pieces\" key that is not a square index `0..=4095`";
        /// A piece value that is not a valid spec.
        BadPieceValue = "FEN4403", Conversion, "a piece value that is not a valid spec";
        /// A bare `P` / `p` in a "pieces" object; the axis defaults to `w`.
        BarePawnDefaultAxis = "FEN4404", Conversion, "a bare `P` / `p` in a \"pieces\" object; the axis defaults to `w`";
        /// Two structured entries on the same square.
        JsonDuplicateSquare = "FEN4405", Conversion, "two structured entries on the same square";
        /// A structured entry field is missing or malformed.
        BadEntryField = "FEN4406", Conversion, "a structured entry field is missing or malformed";
    }
}

pub use fenkit_diagnostics::{Category, Severity};

/// One problem found in an input, with a byte span into that input (for NDJSON4: into the
/// line): code, severity, message, help, and whether writing the canonical form removes it.
/// The shape is shared with the `dfen` crate and the command line.
pub type Finding = fenkit_diagnostics::Finding<Code>;

/// Why a FEN4 literal was rejected.
///
/// Carries our own [`Code`], the reference parsers' numeric code and character offset,
/// a byte span into the input, and what was expected and found. `Display` writes one
/// lowercase sentence.
///
/// ```
/// let err = "4d-fen v1: K@0,0,8,0".parse::<fen4::Placement>().unwrap_err();
/// assert_eq!(err.code(), fen4::Code::DigitOutOfRange);
/// assert_eq!(err.ref_code(), -4);
/// assert_eq!(err.offset(), 17);
/// assert_eq!(err.span(), 17..18);
/// assert_eq!(err.expected(), "a digit 0-7");
/// assert_eq!(err.found(), "'8'");
/// assert_eq!(err.to_string(), "coordinate z out of range: expected a digit 0-7, found '8'");
/// ```
pub type ParseError = fenkit_diagnostics::Rejection<Code, Reference>;

/// What the reference FEN4 parsers answer, and the sentence that says what is wrong: the
/// context of a [`ParseError`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reference {
    ref_code: i32,
    offset: usize,
    message: String,
}

impl Reference {
    /// The reference parsers' numeric code, `-1` to `-6`; `0` when the reference accepts
    /// the input and only `strict` mode rejected it.
    pub fn ref_code(&self) -> i32 {
        self.ref_code
    }

    /// The reference-compatible offset: a count of characters (Unicode scalar values)
    /// from the start of the input.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What the reference parsers answer for the input, in words for a user: whether they
    /// reject it too, where (counting characters from 1) and why. A report can add it as a
    /// note to the error.
    ///
    /// ```
    /// let err = "4d-fen v1: K@0,0,8,0".parse::<fen4::Placement>().unwrap_err();
    /// assert_eq!(
    ///     err.reference_note(),
    ///     "the reference FEN4 parsers reject it too, at character 18: a bad coordinate"
    /// );
    /// let err = "R-0,0,0,0-1,1,1,1".parse::<fen4::Placement>().unwrap_err();
    /// assert_eq!(
    ///     err.reference_note(),
    ///     "the reference FEN4 parsers reject it too, at character 1: it does not start with `4d-fen v1:`"
    /// );
    /// ```
    #[must_use]
    pub fn reference_note(&self) -> String {
        reference_note(self.ref_code, self.offset)
    }
}

impl fenkit_diagnostics::Context for Reference {
    /// The parser's own sentence, which says what was expected and what was found.
    fn write_message<C: fenkit_diagnostics::Code>(
        &self,
        _: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        f.write_str(&self.message)
    }

    /// `{code} (ref {ref_code} at {offset}, bytes {span:?}): {message}`.
    fn write_debug<C: fenkit_diagnostics::Code>(
        &self,
        rejection: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(
            f,
            "{} (ref {} at {}, bytes {:?}): {}",
            rejection.code(),
            self.ref_code,
            self.offset,
            rejection.span(),
            self.message
        )
    }

    /// A form the reference accepts, rejected only by the strict setting: `fmt` fixes it.
    fn fixable(&self) -> bool {
        self.ref_code == 0
    }
}

/// A [`ParseError`] from its parts.
#[allow(clippy::too_many_arguments)]
#[cold]
pub(crate) fn parse_error(
    code: Code,
    ref_code: i32,
    offset: usize,
    span: Range<usize>,
    expected: String,
    found: String,
    message: String,
    help: Option<String>,
) -> ParseError {
    let error = ParseError::with_context(
        code,
        span,
        expected,
        found,
        Reference {
            ref_code,
            offset,
            message,
        },
    );
    match help {
        Some(help) => error.with_help(help),
        None => error,
    }
}

pub use fenkit_diagnostics::InvalidValue;

/// What the reference FEN4 parsers answer with `code` (`0`, or `-1` to `-6`) at character
/// `offset` (from 0), in words for a user: [`Reference::reference_note`] for an error kept
/// only as its numbers.
///
/// ```
/// assert_eq!(
///     fen4::reference_note(-4, 17),
///     "the reference FEN4 parsers reject it too, at character 18: a bad coordinate"
/// );
/// ```
#[must_use]
pub fn reference_note(code: i32, offset: usize) -> String {
    let why = match code {
        0 => {
            return "the reference FEN4 parsers accept it; only the strict setting rejects it"
                .to_owned();
        }
        -1 => "there is no input",
        -2 => "it does not start with `4d-fen v1:`",
        -3 => "a bad piece letter, or no `@` after it",
        -4 => "a bad coordinate",
        -5 => "a second piece on the same square",
        _ => "text where `;` or the end was expected",
    };
    format!(
        "the reference FEN4 parsers reject it too, at character {}: {why}",
        offset.saturating_add(1)
    )
}
