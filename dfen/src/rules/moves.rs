//! Micro-moves and their UCI spelling, and the rules engine's rejection ([`RulesError`]), whose
//! context is the legal moves of the position.

use std::fmt;
use std::str::FromStr;

use super::error::RulesCode;
use crate::{Role, Square};

/// What a micro-move does, beyond moving a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum MoveKind {
    /// A move to an empty square (a single pawn push included).
    Quiet,
    /// A pawn's two-square advance from its start rank; it adds the passed square to the
    /// en-passant set.
    DoublePush,
    /// A capture of any piece but the king.
    Capture,
    /// A pawn capturing en passant onto a square of the en-passant set.
    EnPassant,
    /// Castling, written as the king's move (`e1g1`); it consumes the King and the Rook die.
    Castling,
    /// A capture of the opponent's king: the game is over.
    KingCapture,
}

impl MoveKind {
    /// The kind as written in JSON output: `quiet`, `double-push`, `capture`, `en-passant`,
    /// `castling` or `king-capture`.
    ///
    /// ```
    /// assert_eq!(dfen::rules::MoveKind::EnPassant.as_str(), "en-passant");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            MoveKind::Quiet => "quiet",
            MoveKind::DoublePush => "double-push",
            MoveKind::Capture => "capture",
            MoveKind::EnPassant => "en-passant",
            MoveKind::Castling => "castling",
            MoveKind::KingCapture => "king-capture",
        }
    }

    /// Whether the move removes an opposing piece.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        matches!(
            self,
            MoveKind::Capture | MoveKind::EnPassant | MoveKind::KingCapture
        )
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One micro-move of Dice Chess, as produced by the move generator.
///
/// [`Display`](fmt::Display) writes UCI: `e2e4`, `e7e8q`, castling as the king's move `e1g1`,
/// and a pawn's capture of the king on the last rank without a promotion letter (`e7d8`), since
/// the game ends there.
///
/// ```
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P".parse().unwrap();
/// let legal = dfen::rules::legal_moves(&position).unwrap();
/// let names: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
/// assert_eq!(names, ["e2e3", "e2e4"]);
/// assert_eq!(legal.moves()[1].kind, dfen::rules::MoveKind::DoublePush);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves (the king's square for castling).
    pub from: Square,
    /// The square the piece lands on (the king's destination for castling).
    pub to: Square,
    /// The role a pawn promotes to, if it does.
    pub promotion: Option<Role>,
    /// The die the move consumes: the moving piece's role. Castling also consumes a Rook die.
    pub die: Role,
    /// What the move does.
    pub kind: MoveKind,
}

impl Move {
    /// How many dice the move consumes: 2 for castling, 1 otherwise.
    #[must_use]
    pub const fn cost(&self) -> u8 {
        match self.kind {
            MoveKind::Castling => 2,
            _ => 1,
        }
    }

    /// The dice the move consumes: `[die]`, or King and Rook for castling.
    #[must_use]
    pub fn consumed(&self) -> Vec<Role> {
        match self.kind {
            MoveKind::Castling => vec![Role::King, Role::Rook],
            _ => vec![self.die],
        }
    }

    /// For a castling move, the side the king castles to: `Some(true)` towards the h-file
    /// (`O-O`), `Some(false)` towards the a-file (`O-O-O`); `None` for any other move. Chess960
    /// castling is written as the king taking its own rook (`f1h1`), standard castling as the
    /// king's move (`e1g1`); either way the destination lies on the side castled to.
    ///
    /// ```
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 RK".parse().unwrap();
    /// let legal = dfen::rules::legal_moves(&position).unwrap();
    /// let castling: Vec<_> = legal.iter().filter_map(|m| m.castles_king_side()).collect();
    /// assert_eq!(castling, [false, true]); // e1c1, then e1g1
    /// ```
    #[must_use]
    pub const fn castles_king_side(&self) -> Option<bool> {
        match self.kind {
            MoveKind::Castling => Some(self.to.file() > self.from.file()),
            _ => None,
        }
    }

    /// The move's UCI spelling as a value.
    #[must_use]
    pub const fn uci(&self) -> UciMove {
        UciMove {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.uci(), f)
    }
}

impl serde::Serialize for Move {
    /// `{"uci": "e7e8q", "from": "e7", "to": "e8", "promotion": "q", "die": "P", "kind":
    /// "quiet"}`: `promotion` is left out when the move does not promote (never `null`), and
    /// `die` is the die's letter `P N B R Q K` (upper case for either side).
    ///
    /// ```
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P".parse().unwrap();
    /// let legal = dfen::rules::legal_moves(&position).unwrap();
    /// assert_eq!(
    ///     serde_json::to_string(&legal.moves()[1]).unwrap(),
    ///     r#"{"uci":"e2e4","from":"e2","to":"e4","die":"P","kind":"double-push"}"#
    /// );
    /// ```
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = if self.promotion.is_some() { 6 } else { 5 };
        let mut s = serializer.serialize_struct("Move", fields)?;
        s.serialize_field("uci", &self.to_string())?;
        s.serialize_field("from", &self.from.to_string())?;
        s.serialize_field("to", &self.to.to_string())?;
        match self.promotion {
            Some(role) => {
                s.serialize_field("promotion", &role.upper().to_ascii_lowercase().to_string())?
            }
            None => s.skip_field("promotion")?,
        }
        s.serialize_field("die", &self.die.upper().to_string())?;
        s.serialize_field("kind", self.kind.as_str())?;
        s.end()
    }
}

/// A move as written in UCI: two squares and an optional promotion letter (`q`, `r`, `b`, `n`).
///
/// It says nothing about dice or kinds; [`play`](super::play) matches it against the legal
/// moves of a position.
///
/// ```
/// use dfen::rules::UciMove;
/// let mv: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(mv.to.to_string(), "e8");
/// assert_eq!(mv.to_string(), "e7e8q");
///
/// let err = "e7e9".parse::<UciMove>().unwrap_err();
/// assert_eq!(err.code(), dfen::rules::RulesCode::BadMove);
/// assert_eq!(err.span(), 2..4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UciMove {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece lands on.
    pub to: Square,
    /// The promotion role, if any.
    pub promotion: Option<Role>,
}

impl From<Move> for UciMove {
    fn from(mv: Move) -> UciMove {
        mv.uci()
    }
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.upper().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl FromStr for UciMove {
    type Err = RulesError;

    /// Parses `e2e4` or `e7e8q`. The promotion letter may be in either case.
    ///
    /// # Errors
    /// `RULE004` with the span of the offending part when the text is not four or five
    /// characters of the form square, square, optional `q`/`r`/`b`/`n`.
    fn from_str(text: &str) -> Result<UciMove, RulesError> {
        let bad = |span: std::ops::Range<usize>, expected: &str| {
            let found = text.get(span.clone()).unwrap_or(text);
            RulesError::new(
                RulesCode::BadMove,
                span,
                expected.to_owned(),
                if found.is_empty() {
                    "end of input".to_owned()
                } else {
                    format!("`{found}`")
                },
            )
        };
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(bad(
                0..text.len(),
                "a UCI move of 4 or 5 characters such as `e2e4` or `e7e8q`",
            ));
        }
        let from = text
            .get(0..2)
            .and_then(Square::from_name)
            .ok_or_else(|| bad(0..2, "a from-square `a1` to `h8`"))?;
        let to = text
            .get(2..4)
            .and_then(Square::from_name)
            .ok_or_else(|| bad(2..4, "a to-square `a1` to `h8`"))?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(letter) => match Role::from_letter(*letter) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
                _ => return Err(bad(4..5, "a promotion letter `q`, `r`, `b` or `n`")),
            },
        };
        Ok(UciMove {
            from,
            to,
            promotion,
        })
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
pub type RulesError = fenkit_diagnostics::Rejection<RulesCode, LegalChoices>;

/// For an illegal move, the legal moves of the position: the context of a [`RulesError`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegalChoices(pub(crate) Vec<Move>);

impl LegalChoices {
    /// For an illegal move: the legal moves of the position (empty when the turn passes).
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        &self.0
    }
}

impl fenkit_diagnostics::Context for LegalChoices {
    /// `{code}: {title}: expected {expected}, found {found}`.
    fn write_message<C: fenkit_diagnostics::Code>(
        &self,
        rejection: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let code = rejection.code();
        write!(f, "{}: {}: ", code.as_str(), code.title())?;
        rejection.write_expected_found(f)
    }

    /// The message, then `(at {start}..{end})`.
    fn write_debug<C: fenkit_diagnostics::Code>(
        &self,
        rejection: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let span = rejection.span();
        write!(f, "{rejection} (at {}..{})", span.start, span.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn rejects(text: &str, span: std::ops::Range<usize>, expected_fragment: &str) {
        let err = text.parse::<UciMove>().unwrap_err();
        assert_eq!(err.code(), dfen::rules::RulesCode::BadMove, "{text}");
        assert_eq!(err.span(), span, "{text}");
        assert!(
            err.to_string().contains(expected_fragment),
            "{text}: {err} lacks {expected_fragment}"
        );
    }

    #[test]
    fn uci_round_trips() {
        for text in ["e2e4", "a7a8q", "h2h1n", "e1g1", "b7c8r", "g2f1b"] {
            assert_eq!(text.parse::<UciMove>().unwrap().to_string(), text);
        }
        assert_eq!("e7e8Q".parse::<UciMove>().unwrap().to_string(), "e7e8q");
    }

    #[test]
    fn bad_uci_is_rejected_with_a_span() {
        rejects("", 0..0, "found end of input");
        rejects("e2", 0..2, "4 or 5 characters");
        rejects("e2e4qq", 0..6, "found `e2e4qq`");
        rejects("z2e4", 0..2, "from-square");
        rejects("e2e0", 2..4, "found `e0`");
        rejects("e7e8k", 4..5, "promotion letter");
        rejects("e7e8p", 4..5, "found `p`");
        rejects("é2e4", 0..5, "4 or 5 characters");
    }
}
