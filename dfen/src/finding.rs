//! Stable codes, severities and findings.
//!
//! Every problem fenkit can report about a DFEN has a [`Code`] that never changes meaning. Syntax
//! problems stop the parse and come back as a [`ParseError`](crate::ParseError); everything else is
//! a [`Finding`] collected in one pass beside the parsed value. [`Severity`], [`Category`] and
//! the shape of [`Finding`] are shared with the `fen4` crate and the command line.

pub use fenkit_diagnostics::{Category, Severity};

fenkit_diagnostics::codes! {
    /// A stable finding or error code such as `DFEN012`.
    ///
    /// The numbering: `DFEN0xx` are syntax problems, `DFEN1xx` non-canonical spellings that
    /// `fmt` rewrites, `DFEN2xx` problems of the position itself; within each, `x3x` and `11x`
    /// are the variants' extension fields (`chess::variant`, in `fenkit-chess`). `DFEN40x` are
    /// the JSON form's ([`Dfen::from_json`](crate::Dfen::from_json)). `spec/codes.md` lists
    /// every code; `spec/dfen.md` documents each with an example.
    ///
    /// ```
    /// use dfen::{Category, Code};
    /// assert_eq!(Code::DiceCaseMismatch.as_str(), "DFEN012");
    /// assert_eq!(Code::DiceCaseMismatch.category(), Category::Syntax);
    /// assert_eq!("dfen012".parse::<Code>(), Ok(Code::DiceCaseMismatch));
    /// assert_eq!(
    ///     "DFEN999".parse::<Code>().unwrap_err().to_string(),
    ///     "unknown code `DFEN999`: expected a code from `DFEN001` to `DFEN409`"
    /// );
    /// ```
    pub enum Code {
        /// The input is longer than [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN).
        InputTooLong = "DFEN001", Syntax, "input is too long";
        /// Fewer or more fields than the profile allows.
        FieldCount = "DFEN002", Syntax, "wrong number of fields";
        /// The placement does not have exactly eight ranks.
        RankCount = "DFEN003", Syntax, "placement must have 8 ranks";
        /// A character in the placement that is neither a piece letter nor a digit.
        UnknownPiece = "DFEN004", Syntax, "unknown piece letter";
        /// A rank whose pieces and empty squares do not add up to eight.
        RankWidth = "DFEN005", Syntax, "rank does not add up to 8 squares";
        /// The digit 0 or 9, or a digit outside ASCII, in the placement.
        BadDigit = "DFEN006", Syntax, "invalid digit in placement";
        /// Field 2 is not `w` or `b`.
        BadSide = "DFEN007", Syntax, "side to move must be `w` or `b`";
        /// A castling letter outside `KQkq` and the rook files `A`–`H`, `a`–`h`, or `-` mixed
        /// with letters.
        BadCastling = "DFEN008", Syntax, "invalid castling field";
        /// The same castling letter twice, or two letters for the same rook (`KH`).
        RepeatedCastling = "DFEN009", Syntax, "repeated castling letter";
        /// An en-passant field that is not `-` or a run of square names.
        BadEnPassant = "DFEN010", Syntax, "malformed en-passant field";
        /// An en-passant square off ranks 3 and 6.
        EnPassantRank = "DFEN011", Syntax, "en-passant square must be on rank 3 or 6";
        /// Dice written in the case of the side not to move.
        DiceCaseMismatch = "DFEN012", Syntax, "dice letters must match the side to move";
        /// The same en-passant square twice.
        RepeatedEnPassant = "DFEN013", Syntax, "repeated en-passant square";
        /// More than three dice.
        TooManyDice = "DFEN014", Syntax, "more than 3 dice";
        /// A dice letter outside `PNBRQK`/`pnbrqk`.
        UnknownDie = "DFEN015", Syntax, "unknown dice letter";
        /// Upper- and lower-case dice in one pool.
        MixedDiceCase = "DFEN016", Syntax, "dice of mixed case";
        /// A clock that is not a non-negative integer.
        BadClock = "DFEN017", Syntax, "clock must be a non-negative integer";
        /// A clock too large to hold.
        ClockOverflow = "DFEN018", Syntax, "clock is too large";
        /// Fullmove number 0.
        FullmoveZero = "DFEN019", Syntax, "fullmove number must be at least 1";
        /// A halfmove clock above the engine dialect's 127.
        EngineHalfmoveRange = "DFEN020", Syntax, "halfmove clock out of the engine's range 0-127";
        /// The input is empty or only whitespace.
        EmptyInput = "DFEN021", Syntax, "empty input";
        /// Under the engine dialect: a tab, leading whitespace, or a run of spaces between
        /// fields (the engine splits on single spaces, so that is an empty field).
        EngineSeparator = "DFEN022", Syntax, "engine dialect separates fields with single spaces";
        /// A fullmove number above the engine dialect's 2,147,483,647.
        EngineFullmoveRange = "DFEN023", Syntax, "fullmove number out of the engine's range 1-2147483647";
        /// A three-check counter field that is not the dialect's numbers (`0 0`, `3+3`, `+0+0`).
        BadCheckCount = "DFEN030", Syntax, "malformed check counter";
        /// A crazyhouse holdings letter that is not a piece that can be held (`PNBRQ`, `pnbrq`).
        BadHoldingsLetter = "DFEN031", Syntax, "holdings letter is not a piece that can be held";
        /// A crazyhouse pocket that is not where or how the dialect writes it: an unclosed `[`,
        /// text after `]`, or more than one rank after the board.
        BadPocket = "DFEN032", Syntax, "malformed pocket";
        /// A promoted-squares field that is not `-` or comma-separated square names, each once.
        BadPromotedSquares = "DFEN033", Syntax, "malformed promoted-squares field";
        /// A two-move sub-turn other than `1` or `2`.
        BadSubTurn = "DFEN034", Syntax, "sub-turn must be `1` or `2`";
        /// A dialect the variant is not written in (two-move chess has only the essay form).
        DialectUnavailable = "DFEN035", Syntax, "the variant has no such dialect";
        /// En-passant squares not in the profile's order.
        EnPassantOrder = "DFEN101", NonCanonical, "en-passant squares out of order";
        /// Dice not in the order P N B R Q K.
        DiceOrder = "DFEN102", NonCanonical, "dice out of order";
        /// Castling letters not in the order `KQkq`.
        CastlingOrder = "DFEN103", NonCanonical, "castling letters out of order";
        /// Two digits in a row in a rank, such as `44`.
        SplitDigits = "DFEN104", NonCanonical, "split run of empty squares";
        /// A clock written with leading zeros.
        ClockLeadingZeros = "DFEN105", NonCanonical, "clock has leading zeros";
        /// Tabs, runs of spaces, or leading or trailing whitespace.
        Whitespace = "DFEN106", NonCanonical, "non-canonical whitespace";
        /// A six-field FEN: the dice field is missing.
        MissingDiceField = "DFEN107", NonCanonical, "dice field is missing";
        /// The engine dialect omits an empty dice field, but `-` was written.
        EngineEmptyDiceField = "DFEN108", NonCanonical, "engine dialect omits an empty dice field";
        /// The clocks are missing and take their defaults.
        MissingClocks = "DFEN109", NonCanonical, "clock fields are missing";
        /// Crazyhouse holdings not in the dialect's order (white first, each colour P N B R Q;
        /// the `stockfish` and `lichess` dialects also take Q R B N P).
        PocketOrder = "DFEN110", NonCanonical, "pocket out of order";
        /// Promoted squares not in alphabetical order.
        PromotedOrder = "DFEN111", NonCanonical, "promoted squares out of order";
        /// A variant's extension fields are missing and take their defaults.
        MissingVariantFields = "DFEN112", NonCanonical, "variant fields are missing";
        /// Castling rights written in another spelling than the mode writes them: rook files
        /// (Shredder-FEN) for the rights `KQkq` names outside Chess960 mode, or a field that is
        /// neither X-FEN nor Shredder-FEN in Chess960 mode.
        CastlingSpelling = "DFEN120", NonCanonical, "castling rights in another spelling";
        /// A pawn on rank 1 or 8.
        PawnOnBackRank = "DFEN201", Position, "pawn on rank 1 or 8";
        /// More than one king of a colour.
        TooManyKings = "DFEN202", Position, "more than one king of a colour";
        /// More than three en-passant squares of one colour.
        TooManyEnPassant = "DFEN203", Position, "more than 3 en-passant squares of one colour";
        /// The side to move's own en-passant squares plus its dice exceed three micro-moves.
        TurnOverBudget = "DFEN204", Position, "en-passant squares and dice exceed one turn";
        /// A side without a king.
        MissingKing = "DFEN210", Position, "side without a king";
        /// More than sixteen pieces of a colour.
        TooManyPieces = "DFEN211", Position, "more than 16 pieces of a colour";
        /// More than eight pawns of a colour.
        TooManyPawns = "DFEN212", Position, "more than 8 pawns of a colour";
        /// More promoted pieces than missing pawns allow.
        TooManyPromoted = "DFEN213", Position, "more promoted pieces than missing pawns allow";
        /// A castling right whose king or rook is not on its home square, in no reading of the
        /// position.
        CastlingWithoutPieces = "DFEN220", Position, "castling right without king and rook at home";
        /// An en-passant square with no pushed pawn in front of it.
        EnPassantWithoutPawn = "DFEN221", Position, "en-passant square without a pushed pawn";
        /// An en-passant square that is occupied.
        EnPassantOccupied = "DFEN222", Position, "en-passant square is occupied";
        /// At a fresh turn, an en-passant square of the side to move.
        EnPassantStale = "DFEN223", Position, "stale en-passant square of the side to move";
        /// Outside Chess960 mode, a right for the a- or h-file rook that standard chess cannot
        /// hold and Chess960 can: the king off the e-file, or the rook off the corner. The
        /// position is kept as it is.
        CastlingReadsAsChess960 = "DFEN224", Position, "castling right reads as Chess960";
        /// Two castling rights of one colour on the same side of its king: a king castles once
        /// on each side.
        CastlingSameSide = "DFEN225", Position, "two castling rights on one side of the king";
        /// Three-check: more checks given than the limit (or more remaining than it).
        ChecksBeyondLimit = "DFEN230", Position, "checks beyond the limit";
        /// Crazyhouse: board and pockets hold more of a kind than the material allows.
        HoldingsExceedMaterial = "DFEN231", Position, "holdings exceed the material";
        /// Crazyhouse: a promoted mark on an empty square, a king or a pawn.
        PromotedMarkMisplaced = "DFEN232", Position, "promoted mark on an empty square, king or pawn";
        /// Two-move chess: a sub-turn the rest of the position rules out.
        SubTurnContradiction = "DFEN233", Position, "sub-turn contradicts the position";
        /// The JSON form: text that is not JSON, or JSON that is not an object.
        NotAJsonObject = "DFEN401", Conversion, "not a DFEN JSON object";
        /// The JSON form: a key missing, one it does not have, or one given twice.
        JsonKey = "DFEN402", Conversion, "key missing, unknown or repeated";
        /// The JSON form: `board` that is not an object of square names, each at most once.
        JsonBoard = "DFEN403", Conversion, "`board` key is not a square, or a square twice";
        /// The JSON form: a board value that is not a piece letter.
        JsonPiece = "DFEN404", Conversion, "`board` value is not a piece letter";
        /// The JSON form: `side` other than `"white"` or `"black"`.
        JsonSide = "DFEN405", Conversion, "`side` must be `white` or `black`";
        /// The JSON form: `castling` that is not a list of distinct letters of `KQkq`.
        JsonCastling = "DFEN406", Conversion, "invalid `castling` list";
        /// The JSON form: `en_passant` that is not a list of distinct squares on rank 3 or 6.
        JsonEnPassant = "DFEN407", Conversion, "invalid `en_passant` list";
        /// The JSON form: `halfmove` or `fullmove` that is not a whole number in its range.
        JsonClock = "DFEN408", Conversion, "clock out of range or not a whole number";
        /// The JSON form: `dice` that is not a list of at most 3 upper-case dice letters.
        JsonDice = "DFEN409", Conversion, "invalid `dice` list";
    }
}

impl Code {
    /// Whether a warning with this code is a **repair**: a form that the `spec` profile refuses
    /// and that `lenient` or `engine` read into a position, such as dice in the wrong case
    /// (`DFEN012`) or missing clocks (`DFEN109`). Commands that write what they read say so for
    /// each repair.
    ///
    /// ```
    /// use dfen::Code;
    /// assert!(Code::DiceCaseMismatch.is_repair());
    /// assert!(Code::MissingClocks.is_repair());
    /// // A non-canonical spelling that the spec also reads is not a repair.
    /// assert!(!Code::DiceOrder.is_repair());
    /// ```
    #[must_use]
    pub const fn is_repair(self) -> bool {
        matches!(self.category(), Category::Syntax) || matches!(self, Code::MissingClocks)
    }
}

/// One problem found in an accepted input: code, severity, byte span, message, help, and
/// whether `fmt` fixes it.
///
/// ```
/// let parsed = dfen::Parser::new().parse("8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
/// let finding: &dfen::Finding = &parsed.findings[0];
/// assert_eq!(finding.code, dfen::Code::MissingDiceField);
/// assert_eq!(finding.severity, dfen::Severity::Warning);
/// assert!(finding.fixable);
/// ```
pub type Finding = fenkit_diagnostics::Finding<Code>;
