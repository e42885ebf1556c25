//! Stable codes, severities and findings.
//!
//! Every problem fenkit can report about a DFEN has a [`Code`] that never changes meaning. Syntax
//! problems stop the parse and come back as a [`ParseError`](crate::ParseError); everything else is
//! a [`Finding`] collected in one pass beside the parsed value.

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; does not fail a check unless warnings are denied.
    Warning,
    /// The input is wrong.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $text:literal, $title:literal;)*) => {
        /// A stable finding or error code such as `DFEN012`.
        ///
        /// The numbering: `DFEN0xx` are syntax problems, `DFEN1xx` non-canonical spellings that
        /// `fmt` rewrites, `DFEN2xx` problems of the position itself. `spec/dfen.md` documents
        /// each with an example.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $name,)*
        }

        impl Code {
            /// Every code, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$name,)*];

            /// The code as written in reports, e.g. `"DFEN012"`.
            ///
            /// ```
            /// assert_eq!(dfen::Code::DiceCaseMismatch.as_str(), "DFEN012");
            /// ```
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$name => $text,)* }
            }

            /// A short lowercase description of the problem, the same for every occurrence.
            #[must_use]
            pub const fn title(self) -> &'static str {
                match self { $(Code::$name => $title,)* }
            }
        }
    };
}

codes! {
    /// The input is longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN).
    InputTooLong = "DFEN001", "input is too long";
    /// Fewer or more fields than the profile allows.
    FieldCount = "DFEN002", "wrong number of fields";
    /// The placement does not have exactly eight ranks.
    RankCount = "DFEN003", "placement must have 8 ranks";
    /// A character in the placement that is neither a piece letter nor a digit.
    UnknownPiece = "DFEN004", "unknown piece letter";
    /// A rank whose pieces and empty squares do not add up to eight.
    RankWidth = "DFEN005", "rank does not add up to 8 squares";
    /// The digit 0 or 9, or a digit outside ASCII, in the placement.
    BadDigit = "DFEN006", "invalid digit in placement";
    /// Field 2 is not `w` or `b`.
    BadSide = "DFEN007", "side to move must be `w` or `b`";
    /// A castling letter outside `KQkq`, or `-` mixed with letters.
    BadCastling = "DFEN008", "invalid castling field";
    /// The same castling letter twice.
    RepeatedCastling = "DFEN009", "repeated castling letter";
    /// An en-passant field that is not `-` or a run of square names.
    BadEnPassant = "DFEN010", "malformed en-passant field";
    /// An en-passant square off ranks 3 and 6.
    EnPassantRank = "DFEN011", "en-passant square must be on rank 3 or 6";
    /// Dice written in the case of the side not to move.
    DiceCaseMismatch = "DFEN012", "dice letters must match the side to move";
    /// The same en-passant square twice.
    RepeatedEnPassant = "DFEN013", "repeated en-passant square";
    /// More than three dice.
    TooManyDice = "DFEN014", "more than 3 dice";
    /// A dice letter outside `PNBRQK`/`pnbrqk`.
    UnknownDie = "DFEN015", "unknown dice letter";
    /// Upper- and lower-case dice in one pool.
    MixedDiceCase = "DFEN016", "dice of mixed case";
    /// A clock that is not a non-negative integer.
    BadClock = "DFEN017", "clock must be a non-negative integer";
    /// A clock too large to hold.
    ClockOverflow = "DFEN018", "clock is too large";
    /// Fullmove number 0.
    FullmoveZero = "DFEN019", "fullmove number must be at least 1";
    /// A halfmove clock above the engine dialect's 127.
    EngineHalfmoveRange = "DFEN020", "halfmove clock out of the engine's range 0-127";
    /// The input is empty or only whitespace.
    EmptyInput = "DFEN021", "empty input";
    /// En-passant squares not in the profile's order.
    EnPassantOrder = "DFEN101", "en-passant squares out of order";
    /// Dice not in the order P N B R Q K.
    DiceOrder = "DFEN102", "dice out of order";
    /// Castling letters not in the order `KQkq`.
    CastlingOrder = "DFEN103", "castling letters out of order";
    /// Two digits in a row in a rank, such as `44`.
    SplitDigits = "DFEN104", "split run of empty squares";
    /// A clock written with leading zeros.
    ClockLeadingZeros = "DFEN105", "clock has leading zeros";
    /// Tabs, runs of spaces, or leading or trailing whitespace.
    Whitespace = "DFEN106", "non-canonical whitespace";
    /// A six-field FEN: the dice field is missing.
    MissingDiceField = "DFEN107", "dice field is missing";
    /// The engine dialect omits an empty dice field, but `-` was written.
    EngineEmptyDiceField = "DFEN108", "engine dialect omits an empty dice field";
    /// The clocks are missing and take their defaults.
    MissingClocks = "DFEN109", "clock fields are missing";
    /// A pawn on rank 1 or 8.
    PawnOnBackRank = "DFEN201", "pawn on rank 1 or 8";
    /// More than one king of a colour.
    TooManyKings = "DFEN202", "more than one king of a colour";
    /// More than three en-passant squares of one colour.
    TooManyEnPassant = "DFEN203", "more than 3 en-passant squares of one colour";
    /// The side to move's own en-passant squares plus its dice exceed three micro-moves.
    TurnOverBudget = "DFEN204", "en-passant squares and dice exceed one turn";
    /// A side without a king.
    MissingKing = "DFEN210", "side without a king";
    /// More than sixteen pieces of a colour.
    TooManyPieces = "DFEN211", "more than 16 pieces of a colour";
    /// More than eight pawns of a colour.
    TooManyPawns = "DFEN212", "more than 8 pawns of a colour";
    /// More promoted pieces than missing pawns allow.
    TooManyPromoted = "DFEN213", "more promoted pieces than missing pawns allow";
    /// A castling right whose king or rook is not on its home square.
    CastlingWithoutPieces = "DFEN220", "castling right without king and rook at home";
    /// An en-passant square with no pushed pawn in front of it.
    EnPassantWithoutPawn = "DFEN221", "en-passant square without a pushed pawn";
    /// An en-passant square that is occupied.
    EnPassantOccupied = "DFEN222", "en-passant square is occupied";
    /// At a fresh turn, an en-passant square of the side to move.
    EnPassantStale = "DFEN223", "stale en-passant square of the side to move";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Code {
    type Err = crate::InvalidValue;

    /// Parses `"DFEN012"` back into its code.
    fn from_str(text: &str) -> Result<Code, crate::InvalidValue> {
        Code::ALL
            .iter()
            .copied()
            .find(|code| code.as_str().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                crate::InvalidValue::new(format!(
                    "unknown code `{text}`: expected a code from `DFEN001` to `DFEN223`"
                ))
            })
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// One problem found in an accepted input.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub struct Finding {
    /// The stable code.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// The byte range of the input it is about.
    pub span: Range<usize>,
    /// One lowercase sentence saying what is wrong.
    pub message: Cow<'static, str>,
    /// Whether applying its fix keeps the position's meaning (`fmt` applies these).
    pub fixable: bool,
    /// What the fix does, for fixable findings.
    pub help: Option<Cow<'static, str>>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}] at {}..{}: {}",
            self.severity, self.code, self.span.start, self.span.end, self.message
        )
    }
}
