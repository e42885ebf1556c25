//! Stable codes, findings and the parse error.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use serde::{Deserialize, Serialize};

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident = $s:literal => $title:literal, )*) => {
        /// A stable diagnostic code. The string form (`"FEN4001"`) never changes meaning.
        ///
        /// * `FEN40xx`: syntax errors (the reference parsers reject the input too)
        /// * `FEN41xx`: accepted but not canonical; fixable, errors under `strict`
        /// * `FEN42xx`: semantic warnings about the position
        /// * `FEN43xx`: NDJSON4 line problems; `FEN435x` are portability warnings
        /// * `FEN44xx`: JSON form conversions
        ///
        /// ```
        /// assert_eq!(fen4::Code::DuplicateSquare.as_str(), "FEN4010");
        /// assert_eq!(fen4::Code::DuplicateSquare.to_string(), "FEN4010");
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $name, )*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The stable string form, e.g. `"FEN4101"`.
            pub const fn as_str(&self) -> &'static str {
                match self {
                    $(Code::$name => $s,)*
                }
            }

            /// Looks a code up by its string form.
            pub fn from_code_str(s: &str) -> Option<Code> {
                match s {
                    $($s => Some(Code::$name),)*
                    _ => None,
                }
            }

            /// A short lowercase description of the problem, the same for every occurrence.
            ///
            /// ```
            /// assert_eq!(fen4::Code::DuplicateSquare.title(), "two pieces on the same square");
            /// ```
            #[must_use]
            pub const fn title(&self) -> &'static str {
                match self {
                    $(Code::$name => $title,)*
                }
            }
        }
    };
}

codes! {
    /// The `4d-fen v1:` prefix is missing or misspelt (reference code -2).
    MissingPrefix = "FEN4001" => "the `4d-fen v1:` prefix is missing or misspelt",
    /// The prefix names another version, e.g. `4d-fen v2:` (reference code -2).
    UnsupportedVersion = "FEN4002" => "the prefix names another version, e.g. `4d-fen v2:`",
    /// A piece letter outside `NBRQKP nbrqkp` (reference code -3).
    UnknownPiece = "FEN4003" => "a piece letter outside `NBRQKP nbrqkp`",
    /// A pawn letter without its axis (reference code -3).
    PawnMissingAxis = "FEN4004" => "a pawn letter without its axis",
    /// A pawn axis letter other than `w` or `y` (reference code -3).
    UnknownAxis = "FEN4005" => "a pawn axis letter other than `w` or `y`",
    /// No `@` after a piece spec (reference code -3).
    MissingAt = "FEN4006" => "no `@` after a piece spec",
    /// A coordinate digit was expected but something else was found (reference code -4).
    ExpectedDigit = "FEN4007" => "a coordinate digit was expected but something else was found",
    /// A coordinate digit `8` or `9` (reference code -4).
    DigitOutOfRange = "FEN4008" => "a coordinate digit `8` or `9`",
    /// A `,` between coordinate digits was expected (reference code -4).
    ExpectedComma = "FEN4009" => "a `,` between coordinate digits was expected",
    /// Two pieces on the same square (reference code -5).
    DuplicateSquare = "FEN4010" => "two pieces on the same square",
    /// Something other than `;` or the end after a piece (reference code -6).
    TrailingInput = "FEN4011" => "something other than `;` or the end after a piece",
    /// A fifth coordinate component or a second digit in the `w` component (reference code -6).
    CoordTooLong = "FEN4012" => "a fifth coordinate component or a second digit in the `w` component",
    /// A NUL byte where `;` or the end was expected (reference code -6).
    NulByte = "FEN4013" => "a NUL byte where `;` or the end was expected",

    /// A pawn written with a slash, `P/w`.
    SlashPawn = "FEN4101" => "a pawn written with a slash, `P/w`",
    /// Whitespace around `@` or `;`, or other than one space after `;` or the prefix.
    Spacing = "FEN4102" => "whitespace around `@` or `;`, or other than one space after `;` or the prefix",
    /// A line break inside the literal.
    MultiLine = "FEN4103" => "a line break inside the literal",
    /// A `;` after the last piece.
    TrailingSemicolon = "FEN4104" => "a `;` after the last piece",
    /// Pieces not in ascending square order.
    Unsorted = "FEN4105" => "pieces not in ascending square order",
    /// Whitespace before the prefix.
    LeadingWhitespace = "FEN4106" => "whitespace before the prefix",
    /// Whitespace at the end of the literal.
    TrailingWhitespace = "FEN4107" => "whitespace at the end of the literal",

    /// A side has more than one king.
    ExtraKing = "FEN4201" => "a side has more than one king",
    /// A side has no king.
    MissingKing = "FEN4202" => "a side has no king",

    /// An NDJSON4 line is not valid JSON.
    InvalidJson = "FEN4301" => "an NDJSON4 line is not valid JSON",
    /// An NDJSON4 line is JSON but not an object.
    NotAnObject = "FEN4302" => "an NDJSON4 line is JSON but not an object",
    /// An NDJSON4 record has no `fen4` key.
    MissingFen4 = "FEN4303" => "an NDJSON4 record has no `fen4` key",
    /// The `fen4` value is not a string.
    Fen4NotString = "FEN4304" => "the `fen4` value is not a string",
    /// The `fen4` string is not a valid FEN4 v1 literal.
    InvalidFen4 = "FEN4305" => "the `fen4` string is not a valid FEN4 v1 literal",
    /// `ply` is not a non-negative integer.
    BadPly = "FEN4306" => "`ply` is not a non-negative integer",
    /// `ply` does not follow the previous record's ply.
    PlyNotConsecutive = "FEN4307" => "`ply` does not follow the previous record's ply",
    /// `move_from` / `move_to` is not an array of four integers.
    BadMoveCoord = "FEN4308" => "`move_from` / `move_to` is not an array of four integers",
    /// A `move_from` / `move_to` component outside `0..=7`.
    MoveCoordOutOfRange = "FEN4309" => "a `move_from` / `move_to` component outside `0..=7`",
    /// `promo` is not an integer in `0..=255`.
    BadPromo = "FEN4310" => "`promo` is not an integer in `0..=255`",
    /// `flags` is not an integer in `0..=255`.
    BadFlags = "FEN4311" => "`flags` is not an integer in `0..=255`",
    /// The move's from-square is empty in the previous frame.
    MoveFromEmpty = "FEN4312" => "the move's from-square is empty in the previous frame",
    /// The move's to-square does not hold the moved piece.
    MoveToMismatch = "FEN4313" => "the move's to-square does not hold the moved piece",
    /// Only one of `move_from` and `move_to` is present.
    IncompleteMove = "FEN4314" => "only one of `move_from` and `move_to` is present",

    /// Portability: whitespace between a key and its colon.
    SpaceBeforeColon = "FEN4351" => "portability: whitespace between a key and its colon",
    /// Portability: text after the JSON value.
    TrailingText = "FEN4352" => "portability: text after the JSON value",
    /// Portability: escape sequences inside the `fen4` string.
    Fen4Escapes = "FEN4353" => "portability: escape sequences inside the `fen4` string",
    /// Portability: a `ply` that is not an integer (`1.5`, `true`).
    NonIntegerPly = "FEN4354" => "portability: a `ply` that is not an integer (`1.5`, `true`)",
    /// Portability: move coordinates outside `0..=7`.
    CoordOutsideBoard = "FEN4355" => "portability: move coordinates outside `0..=7`",
    /// Portability: `promo` given as a string.
    PromoString = "FEN4356" => "portability: `promo` given as a string",
    /// Portability: `flags: null`.
    FlagsNull = "FEN4357" => "portability: `flags: null`",
    /// Portability: a line that is not a JSON object.
    NonObjectLine = "FEN4358" => "portability: a line that is not a JSON object",

    /// The JSON value has the wrong shape (not an object / array / entry object).
    JsonShape = "FEN4401" => "the JSON value has the wrong shape (not an object / array / entry object)",
    /// A "pieces" key that is not a square index `0..=4095`.
    BadSquareKey = "FEN4402" => "a \"pieces\" key that is not a square index `0..=4095`",
    /// A piece value that is not a valid spec.
    BadPieceValue = "FEN4403" => "a piece value that is not a valid spec",
    /// A bare `P` / `p` in a "pieces" object; the axis defaults to `w`.
    BarePawnDefaultAxis = "FEN4404" => "a bare `P` / `p` in a \"pieces\" object; the axis defaults to `w`",
    /// Two structured entries on the same square.
    JsonDuplicateSquare = "FEN4405" => "two structured entries on the same square",
    /// A structured entry field is missing or malformed.
    BadEntryField = "FEN4406" => "a structured entry field is missing or malformed",
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Code::from_code_str(&s)
            .ok_or_else(|| serde::de::Error::custom(format_args!("unknown fen4 code {s:?}")))
    }
}

/// How serious a finding is. Ordered as in the `dfen` crate: `Warning < Error`, so the most
/// serious of several findings is their `max()`.
///
/// ```
/// assert!(fen4::Severity::Warning < fen4::Severity::Error);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The input is accepted; the finding is advice.
    Warning,
    /// The input is rejected (or would be, under `strict`).
    Error,
}

/// One problem found in an input, with a byte span into that input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Finding {
    /// The stable code.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// Byte range into the input (for NDJSON4: into the line).
    pub span: Range<usize>,
    /// One lowercase sentence without a full stop; borrowed when the text is always the same,
    /// so most findings allocate nothing for it.
    pub message: Cow<'static, str>,
    /// Whether writing the canonical form removes the problem.
    pub fixable: bool,
    /// An optional hint on how to fix it.
    pub help: Option<Cow<'static, str>>,
}

impl Finding {
    pub(crate) fn new(
        code: Code,
        severity: Severity,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Finding {
            code,
            severity,
            span,
            message: message.into(),
            fixable: false,
            help: None,
        }
    }

    pub(crate) fn fixable(mut self) -> Self {
        self.fixable = true;
        self
    }

    pub(crate) fn help(mut self, help: impl Into<Cow<'static, str>>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{sev}[{}]: {}", self.code, self.message)
    }
}

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
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError(pub(crate) Box<ErrorInner>);

#[derive(Clone, PartialEq, Eq)]
pub(crate) struct ErrorInner {
    pub(crate) code: Code,
    pub(crate) ref_code: i32,
    pub(crate) offset: usize,
    pub(crate) span: Range<usize>,
    pub(crate) expected: String,
    pub(crate) found: String,
    pub(crate) message: String,
    pub(crate) help: Option<String>,
}

impl ParseError {
    /// Our stable code.
    pub fn code(&self) -> Code {
        self.0.code
    }

    /// The reference parsers' numeric code, `-1` to `-6`; `0` when the reference accepts
    /// the input and only `strict` mode rejected it.
    pub fn ref_code(&self) -> i32 {
        self.0.ref_code
    }

    /// The reference-compatible offset: a count of characters (Unicode scalar values)
    /// from the start of the input.
    pub fn offset(&self) -> usize {
        self.0.offset
    }

    /// The byte span of the offending text in the input (empty at the end of input).
    pub fn span(&self) -> Range<usize> {
        self.0.span.clone()
    }

    /// What the parser expected at this point.
    pub fn expected(&self) -> &str {
        &self.0.expected
    }

    /// What it found instead (quoted text, or `end of input`).
    pub fn found(&self) -> &str {
        &self.0.found
    }

    /// An optional hint on how to fix the input.
    pub fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }

    /// The error as a [`Finding`] with severity `Error`.
    pub fn to_finding(&self) -> Finding {
        Finding {
            code: self.0.code,
            severity: Severity::Error,
            span: self.0.span.clone(),
            message: self.0.message.clone().into(),
            fixable: self.0.ref_code == 0,
            help: self.0.help.clone().map(Into::into),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl fmt::Debug for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (ref {} at {}, bytes {:?}): {}",
            self.0.code, self.0.ref_code, self.0.offset, self.0.span, self.0.message
        )
    }
}

impl std::error::Error for ParseError {}

/// A name that is not one a conversion reads, such as a code that does not exist. The message
/// says what was expected and what was found.
///
/// ```
/// assert_eq!("FEN4010".parse::<fen4::Code>(), Ok(fen4::Code::DuplicateSquare));
/// let error = "FEN4999".parse::<fen4::Code>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown code `FEN4999`: expected a code from `FEN4001` to `FEN4406`"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidValue(String);

impl InvalidValue {
    /// The message: what was expected and what was found.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InvalidValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InvalidValue {}

impl std::str::FromStr for Code {
    type Err = InvalidValue;

    /// Reads a code's string form, as [`Code::from_code_str`] does (case-insensitively).
    fn from_str(text: &str) -> Result<Code, InvalidValue> {
        Code::ALL
            .iter()
            .copied()
            .find(|code| code.as_str().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                InvalidValue(format!(
                    "unknown code `{text}`: expected a code from `FEN4001` to `FEN4406`"
                ))
            })
    }
}
