//! The rules engine's errors: a stable code, a span, what was expected and what was found.

use std::fmt;
use std::ops::Range;

use super::moves::Move;

fenkit_diagnostics::codes! {
    /// The rules engine's stable codes, `RULExxx`: why it refused a request. `spec/rules.md`
    /// documents each; `spec/codes.md` lists them with every other code.
    ///
    /// ```
    /// use dfen::rules::RulesCode;
    /// use dfen::Category;
    /// assert_eq!(RulesCode::IllegalMove.as_str(), "RULE005");
    /// assert_eq!(RulesCode::IllegalMove.title(), "illegal move");
    /// assert_eq!(RulesCode::IllegalMove.category(), Category::Rule);
    /// assert_eq!("rule001".parse::<RulesCode>(), Ok(RulesCode::NoDice));
    /// assert_eq!(
    ///     "RULE999".parse::<RulesCode>().unwrap_err().to_string(),
    ///     "unknown code `RULE999`: expected a code from `RULE001` to `RULE007`"
    /// );
    /// ```
    pub enum RulesCode {
        /// The position has no pending dice; roll first.
        NoDice = "RULE001", Rule, "no dice to play: roll first";
        /// A roll was asked for while dice are still pending.
        AlreadyRolled = "RULE002", Rule, "dice already rolled";
        /// A roll that is not 1 to 3 dice of `PNBRQK` or `1`–`6`.
        BadRoll = "RULE003", Rule, "invalid roll";
        /// A move that is not UCI.
        BadMove = "RULE004", Rule, "invalid move syntax";
        /// A move that is not among the legal moves of the position.
        IllegalMove = "RULE005", Rule, "illegal move";
        /// A pass while a legal move exists.
        CannotPass = "RULE006", Rule, "cannot pass: a legal move exists";
        /// The game is over: a side has no king (a king was captured), so no side rolls or
        /// moves any more.
        GameOver = "RULE007", Rule, "game over: a king was captured";
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
/// assert_eq!(err.code(), dfen::rules::RulesCode::NoDice);
/// assert_eq!(
///     err.to_string(),
///     "RULE001: no dice to play: roll first: expected pending dice in field 7, found `-`"
/// );
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct RulesError {
    code: RulesCode,
    span: Range<usize>,
    expected: String,
    found: String,
    legal: Vec<Move>,
}

impl RulesError {
    pub(crate) fn new(
        code: RulesCode,
        span: Range<usize>,
        expected: String,
        found: String,
    ) -> RulesError {
        RulesError {
            code,
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

    /// What went wrong: the stable code, e.g. [`RulesCode::IllegalMove`] (`RULE005`).
    #[must_use]
    pub const fn code(&self) -> RulesCode {
        self.code
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
            self.code.as_str(),
            self.code.title(),
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
