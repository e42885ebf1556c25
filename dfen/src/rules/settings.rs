//! How the rules are read where the sources allow two readings: [`Rules`] and [`KingCapture`].

use std::fmt;
use std::str::FromStr;

/// Which lines the king-capture exemption of the Maximum Micro-moves rule lets through.
///
/// The Maximum Micro-moves document says two things. Its formal definition exempts only a
/// *first* move that captures the king: every other move must still start a sequence that
/// plays `L*` dice. Its pseudocode (`canContinueAfterMove` answers yes on a king capture at
/// any depth) lets any line that captures the king count as maximal. The two differ on a move
/// that does not reach `L*` but leads to a king capture later in the turn.
///
/// ```
/// use dfen::rules::{KingCapture, Rules};
/// // White rolled Pawn, Knight, Queen. e7e8q, then the queen on a1 takes the king on h8, is
/// // two micro-moves; e7e8n with a knight move and a queen move is three.
/// let position: dfen::Dfen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ".parse()?;
/// let first = Rules::new().legal_moves(&position)?;
/// assert!(first.iter().all(|m| m.to_string() != "e7e8q"));
/// let any = Rules::new().king_capture(KingCapture::Any).legal_moves(&position)?;
/// assert!(any.iter().any(|m| m.to_string() == "e7e8q"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum KingCapture {
    /// The formal definition (fenkit's default, and what the reference engine's
    /// `LegalMovesFilter` follows): a move is legal when it captures the king itself or starts
    /// a sequence that plays `L*` dice.
    #[default]
    First,
    /// The pseudocode's reading (what the reference engine's `TurnGenerator` follows): a
    /// complete turn is legal when it ends by capturing the king, at any micro-move, or when
    /// it does not capture the king and plays as many dice as any turn that does not.
    Any,
}

impl KingCapture {
    /// Both readings, [`First`](KingCapture::First) first.
    pub const ALL: [KingCapture; 2] = [KingCapture::First, KingCapture::Any];

    /// The reading's name: `first` or `any`.
    ///
    /// ```
    /// assert_eq!(dfen::rules::KingCapture::Any.as_str(), "any");
    /// ```
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            KingCapture::First => "first",
            KingCapture::Any => "any",
        }
    }
}

impl fmt::Display for KingCapture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a [`KingCapture`] from text that is neither `first` nor `any`: a
/// name that is not one of the names it reads.
pub type ParseKingCaptureError = crate::InvalidValue;

impl FromStr for KingCapture {
    type Err = ParseKingCaptureError;

    /// Parses `first` or `any` (lower case, as [`KingCapture::as_str`] writes them).
    ///
    /// # Errors
    /// Any other text.
    ///
    /// ```
    /// use dfen::rules::KingCapture;
    /// assert_eq!("any".parse::<KingCapture>().unwrap(), KingCapture::Any);
    /// assert_eq!(
    ///     "all".parse::<KingCapture>().unwrap_err().to_string(),
    ///     "expected a king-capture reading `first` or `any`, found `all`"
    /// );
    /// ```
    fn from_str(text: &str) -> Result<KingCapture, ParseKingCaptureError> {
        KingCapture::ALL
            .into_iter()
            .find(|reading| reading.as_str() == text)
            .ok_or_else(|| {
                ParseKingCaptureError::new(format!(
                    "expected a king-capture reading `first` or `any`, found `{text}`"
                ))
            })
    }
}

/// The rules engine with its settings: the entry point for legal moves, play, complete turns
/// and (through [`Perft::rules`](super::Perft::rules)) perft under a chosen reading.
///
/// [`Rules::new`] is fenkit's default reading, the one the free functions
/// [`legal_moves`](super::legal_moves), [`play`](super::play), [`play_uci`](super::play_uci)
/// and [`pass`](super::pass) use.
///
/// ```
/// use dfen::rules::{KingCapture, Rules};
/// const REFEREE: Rules = Rules::new().king_capture(KingCapture::Any);
/// assert_eq!(REFEREE.get_king_capture(), KingCapture::Any);
/// assert_eq!(Rules::new(), Rules::default());
///
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PN".parse()?;
/// let legal = REFEREE.legal_moves(&position)?;
/// assert_eq!(legal.len(), 2); // e2e3, e2e4: there is no knight
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    king_capture: KingCapture,
}

impl Rules {
    /// fenkit's default reading: [`KingCapture::First`].
    #[must_use]
    pub const fn new() -> Rules {
        Rules {
            king_capture: KingCapture::First,
        }
    }

    /// Sets the reading of the king-capture exemption.
    #[must_use]
    pub const fn king_capture(mut self, reading: KingCapture) -> Rules {
        self.king_capture = reading;
        self
    }

    /// The reading of the king-capture exemption.
    #[must_use]
    pub const fn get_king_capture(&self) -> KingCapture {
        self.king_capture
    }
}
