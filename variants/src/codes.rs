//! The crate's stable codes, `VARxxx`, and its finding type.
//!
//! `VAR0xx`: a position invalid in its variant (python-chess's `is_valid()` is false exactly
//! when one of these is an error). `VAR1xx`: a position that is valid but worth a word (the game
//! has already ended, rights that mean nothing in the variant). `VAR2xx`: perft-suite files.
//! `VAR3xx`: moves (UCI and SAN). `spec/variants.md` documents each; `spec/codes.md` lists them.

fenkit_diagnostics::codes! {
    /// A stable code of the variant rules.
    ///
    /// ```
    /// use variants::Code;
    /// use fenkit_diagnostics::Code as _;
    /// assert_eq!(Code::HordeWhiteKing.as_str(), "VAR012");
    /// assert_eq!("var012".parse::<Code>(), Ok(Code::HordeWhiteKing));
    /// ```
    pub enum Code {
        /// No piece stands on the board.
        EmptyBoard = "VAR001", Position, "empty board";
        /// A side that must have a king has none.
        MissingKing = "VAR002", Position, "missing king";
        /// More than one king of a side.
        TooManyKings = "VAR003", Position, "too many kings";
        /// More pieces of a side than the variant starts with.
        TooManyPieces = "VAR004", Position, "too many pieces";
        /// More pawns of a side than the variant starts with.
        TooManyPawns = "VAR005", Position, "too many pawns";
        /// A pawn on a rank where none can stand.
        PawnOnBackRank = "VAR006", Position, "pawn on a back rank";
        /// A castling right without its king and rook in place.
        BadCastlingRights = "VAR007", Position, "castling right without its king and rook";
        /// An en passant square that no double step can have left.
        BadEnPassant = "VAR008", Position, "impossible en passant square";
        /// The side not to move stands in check.
        OppositeCheck = "VAR009", Position, "side not to move is in check";
        /// More pieces give check than one move can uncover.
        TooManyCheckers = "VAR010", Position, "too many checkers";
        /// Checkers that no last move can have given together.
        ImpossibleCheck = "VAR011", Position, "impossible check";
        /// Horde: White has a king.
        HordeWhiteKing = "VAR012", Position, "king in the horde";
        /// Racing kings: a king is in check.
        RaceCheck = "VAR013", Position, "check in racing kings";
        /// Racing kings: both kings on rank 8 with Black to move.
        RaceOver = "VAR014", Position, "racing kings race already over";
        /// Racing kings: pawns, or more pieces of a kind than the start has.
        RaceMaterial = "VAR015", Position, "material racing kings cannot have";
        /// The game has already ended by the variant's rule.
        GameOver = "VAR101", Position, "game already over";
        /// Antichess: castling rights, which lichess's antichess does not have.
        AntichessCastling = "VAR102", NonCanonical, "castling rights in antichess";
        /// A perft-suite line that is not `id`, `epd`, `perft` or a comment.
        SuiteLine = "VAR201", Syntax, "unknown perft-suite line";
        /// A `perft` line whose depth or count is not a number.
        SuiteNumber = "VAR202", Syntax, "perft depth or count is not a number";
        /// A `perft` line before any `epd` line.
        SuiteOrphan = "VAR203", Syntax, "perft line without a position";
        /// An `epd` line whose position cannot be read.
        SuitePosition = "VAR204", Syntax, "unreadable perft-suite position";
        /// A perft count that differs from the count of the position's moves.
        WrongCount = "VAR205", Rule, "wrong perft count";
        /// A move that is not UCI or SAN.
        BadMove = "VAR301", Syntax, "invalid move syntax";
        /// A move that is not legal in the position.
        IllegalMove = "VAR302", Rule, "illegal move";
        /// A SAN move that several legal moves match.
        AmbiguousMove = "VAR303", Rule, "ambiguous move";
    }
}

/// A finding of this crate: a code, a severity, a byte span, a message, help.
pub type Finding = fenkit_diagnostics::Finding<Code>;
