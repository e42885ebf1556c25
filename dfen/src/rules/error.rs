//! The rules engine's errors: a stable code, a span, what was expected and what was found.

use std::fmt;
use std::ops::Range;

use super::moves::Move;

/// What went wrong, with a stable code (`RULE001` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RulesErrorKind {
    /// `RULE001`: the position has no pending dice; roll first.
    NoDice,
    /// `RULE002`: a roll was asked for while dice are still pending.
    AlreadyRolled,
    /// `RULE003`: a roll that is not 1 to 3 dice of `PNBRQK` or `1`–`6`.
    BadRoll,
    /// `RULE004`: a move that is not UCI.
    BadMove,
    /// `RULE005`: a move that is not among the legal moves of the position.
    IllegalMove,
    /// `RULE006`: a pass while a legal move exists.
    CannotPass,
    /// `RULE007`: the game is over: a side has no king (a king was captured), so no side
    /// rolls or moves any more.
    GameOver,
}

impl RulesErrorKind {
    /// The stable code, e.g. `"RULE005"`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            RulesErrorKind::NoDice => "RULE001",
            RulesErrorKind::AlreadyRolled => "RULE002",
            RulesErrorKind::BadRoll => "RULE003",
            RulesErrorKind::BadMove => "RULE004",
            RulesErrorKind::IllegalMove => "RULE005",
            RulesErrorKind::CannotPass => "RULE006",
            RulesErrorKind::GameOver => "RULE007",
        }
    }

    /// A short lowercase title, the same for every occurrence.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            RulesErrorKind::NoDice => "no dice to play: roll first",
            RulesErrorKind::AlreadyRolled => "dice already rolled",
            RulesErrorKind::BadRoll => "invalid roll",
            RulesErrorKind::BadMove => "invalid move syntax",
            RulesErrorKind::IllegalMove => "illegal move",
            RulesErrorKind::CannotPass => "cannot pass: a legal move exists",
            RulesErrorKind::GameOver => "game over: a king was captured",
        }
    }
}

/// An error of the rules engine.
///
/// The span is a byte range of the text the error is about: the move or roll text for
/// `RULE003`–`RULE005`, field 7 of the position's canonical form (its
/// [`Display`](fmt::Display)) for `RULE001`, `RULE002` and `RULE006`, and field 1 (the board)
/// of the canonical form for `RULE007`.
///
/// ```
/// let fresh: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -".parse().unwrap();
/// let err = dfen::rules::legal_moves(&fresh).unwrap_err();
/// assert_eq!(err.code(), "RULE001");
/// assert_eq!(
///     err.to_string(),
///     "RULE001: no dice to play: roll first: expected pending dice in field 7, found `-`"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct RulesError {
    kind: RulesErrorKind,
    span: Range<usize>,
    expected: String,
    found: String,
    legal: Vec<Move>,
}

impl RulesError {
    pub(crate) fn new(
        kind: RulesErrorKind,
        span: Range<usize>,
        expected: String,
        found: String,
    ) -> RulesError {
        RulesError {
            kind,
            span,
            expected,
            found,
            legal: Vec::new(),
        }
    }

    pub(crate) fn with_legal(mut self, legal: Vec<Move>) -> RulesError {
        self.legal = legal;
        self
    }

    /// What went wrong.
    #[must_use]
    pub const fn kind(&self) -> RulesErrorKind {
        self.kind
    }

    /// The stable code, e.g. `"RULE005"`.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The byte range the error is about (see the type's documentation).
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// What was expected, in lowercase words.
    #[must_use]
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// What was found instead.
    #[must_use]
    pub fn found(&self) -> &str {
        &self.found
    }

    /// For an illegal move: the legal moves of the position (empty when the turn passes).
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: expected {}, found {}",
            self.kind.code(),
            self.kind.title(),
            self.expected,
            self.found
        )
    }
}

impl fmt::Debug for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} (at {}..{})", self.span.start, self.span.end)
    }
}

impl std::error::Error for RulesError {}
