//! The Dice Chess rules: micro-moves per die, turn transitions, the Maximum Micro-moves filter,
//! complete legal turns, and perft.
//!
//! Given a [`Dfen`] with pending dice, [`legal_moves`] answers which micro-moves may be played
//! now, [`play`] gives the DFEN that follows each one, and [`Rules::turns`] lists every
//! complete legal turn. [`Rules`] holds the settings: where the sources allow two readings of
//! the king-capture exemption, [`KingCapture`] chooses one (the free functions use fenkit's
//! default, [`KingCapture::First`]). [`Perft`] counts the nodes of four trees
//! ([`PerftMode`]).
//!
//! # The rules in brief
//! - Die 1 is the pawn, 2 the knight, 3 the bishop, 4 the rook, 5 the queen and 6 the king. A
//!   micro-move moves one piece of the die's role and consumes that die.
//! - There is no check: a king may move into, through and stay in check. Capturing the king
//!   ends the game: in a position where a side has no king nothing can be rolled or played
//!   (`RULE007`).
//! - Castling needs the right, the king and rook on their home squares and empty squares
//!   between them (attacked squares do not matter). It is offered only when a King and a Rook
//!   die are both pending, and it consumes both.
//! - En passant may capture onto any square of the opponent's en-passant targets (rank 6 for
//!   White to move, rank 3 for Black) when the pawn that made it stands just beyond. A double
//!   push adds its passed square to the set; a target goes away when its pawn leaves its
//!   square or is captured, or when any piece lands on it.
//! - The halfmove clock resets on pawn moves and captures and otherwise counts micro-moves
//!   (castling counts one).
//! - **Maximum Micro-moves**: the player must play as many dice as possible. `L*` is the
//!   longest sequence of micro-moves the dice allow (castling counts 2; a king capture counts
//!   its own cost and ends the sequence). A first move is legal when some sequence starting
//!   with it reaches `L*`, or when it captures the king itself. A move that only *enables* a
//!   later king capture must still reach `L*`. When `L*` is 0 the turn passes. That is the
//!   formal definition, [`KingCapture::First`]; under [`KingCapture::Any`] a turn that
//!   captures the king at any micro-move counts as maximal too.
//! - **Turn end**: when the pool is empty, when no remaining die can be played, or when a king
//!   is captured. The side flips, the new side's own old en-passant targets are cleared (the
//!   ones it made on its previous turn), field 7 becomes `-`, and the fullmove number grows
//!   after Black's turn.
//!
//! # Example: the seed's five-phase turn
//!
//! ```
//! use dfen::rules;
//!
//! let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! let rolled = rules::roll(&start, rules::parse_roll("PPP")?)?;
//! assert_eq!(rolled.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP");
//!
//! let one = rules::play_uci(&rolled, "a2a4")?;
//! let two = rules::play_uci(&one.position, "c2c4")?;
//! let three = rules::play_uci(&two.position, "e2e4")?;
//! assert_eq!(two.position.to_string(), "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P");
//! assert!(three.turn_ended);
//! assert_eq!(
//!     three.position.to_string(),
//!     "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bitboard;
mod error;
mod filter;
pub(crate) mod moves;
mod perft;
pub mod position;
mod settings;
pub mod standard;
mod turns;
mod unique;
mod walk;

pub use error::RulesCode;
pub use moves::{LegalChoices, Move, MoveKind, RulesError, UciMove};
pub use perft::{Divide, MAX_PERFT_DEPTH, Perft, PerftMode};
pub use settings::{KingCapture, ParseKingCaptureError, Rules};
pub use turns::{Turn, TurnCount, TurnEnd, TurnInProgress};
pub use unique::{EnPassantPolicy, EpIdentity, Game, UniqueCount, identity_hash, identity_key};

use position::Dice;

use crate::{Color, Dfen, DicePool, Role};

/// The legal first micro-moves of a position and `L*`, the longest sequence its dice allow.
///
/// The moves are in a stable order: by die, then from-square, then to-square (a1 < b1 < … <
/// h8), then promotion `q`, `r`, `b`, `n`. An empty list means the turn passes.
///
/// With `serde` it is written as `{"l_star": 3, "moves": [...]}`, the names of the
/// conformance suite's rules cases; see [`Move`] for one move.
///
/// ```
/// let position: dfen::Dfen =
///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PRR".parse().unwrap();
/// let legal = dfen::rules::legal_moves(&position).unwrap();
/// // Only an a- or h-pawn move lets a rook out, and a rook can then move twice: L* is 3.
/// assert_eq!(legal.max_len(), 3);
/// let names: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
/// assert_eq!(names, ["a2a3", "a2a4", "h2h3", "h2h4"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct LegalMoves {
    #[serde(rename = "l_star")]
    max_len: u8,
    moves: Vec<Move>,
}

impl LegalMoves {
    /// The legal moves in their stable order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Iterates over the legal moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.moves.iter()
    }

    /// How many legal moves there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether there are none, in which case the turn passes.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// `L*`: the most micro-moves the pending dice allow in this position (castling counts 2).
    #[must_use]
    pub const fn max_len(&self) -> u8 {
        self.max_len
    }

    /// The legal move written as `uci`, if there is one.
    #[must_use]
    pub fn find(&self, uci: UciMove) -> Option<Move> {
        self.moves.iter().copied().find(|m| m.uci() == uci)
    }
}

impl<'a> IntoIterator for &'a LegalMoves {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

/// What follows a micro-move (or a pass).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Outcome {
    /// The move played, or `None` for a pass.
    pub played: Option<Move>,
    /// The position afterwards, turn transition included.
    pub position: Dfen,
    /// Whether the move (or pass) ended the turn.
    pub turn_ended: bool,
    /// The side that captured the king, when the move did: the game is over.
    pub winner: Option<Color>,
}

fn field7_span(position: &Dfen) -> std::ops::Range<usize> {
    let text = position.to_string();
    let start = text.rfind(' ').map_or(0, |i| i + 1);
    start..text.len()
}

fn board_span(position: &Dfen) -> std::ops::Range<usize> {
    let text = position.to_string();
    0..text.find(' ').unwrap_or(text.len())
}

/// Whether the game goes on: `RULE007` when a side has no king (a king was captured and the
/// game is over).
///
/// Every function here that rolls or plays checks this first, before anything else about
/// the position. A caller that also judges the position's findings should ask it first too:
/// a finished game legitimately holds what a game in play may not, such as the pawn that took
/// the king on the last rank (`DFEN201`).
///
/// # Errors
/// `RULE007`, with the span of the board in the position's canonical form.
///
/// ```
/// use dfen::rules;
/// let playing: dfen::Dfen = "3k4/4P3/8/8/8/8/8/4K3 w - - 0 1 P".parse().unwrap();
/// assert!(rules::require_kings(&playing).is_ok());
///
/// // The pawn took the king on d8 and stays a pawn there: the game is over.
/// let over = dfen::Parser::new().parse("3P4/8/8/8/8/8/8/4K3 b - - 0 1 -").unwrap().dfen;
/// let err = rules::require_kings(&over).unwrap_err();
/// assert_eq!((err.code(), err.found()), (dfen::rules::RulesCode::GameOver, "no Black king"));
/// ```
pub fn require_kings(position: &Dfen) -> Result<(), RulesError> {
    let white = position.board.count(Color::White, Role::King) > 0;
    let black = position.board.count(Color::Black, Role::King) > 0;
    let found = match (white, black) {
        (true, true) => return Ok(()),
        (false, true) => "no White king",
        (true, false) => "no Black king",
        (false, false) => "no king of either side",
    };
    Err(RulesError::new(
        RulesCode::GameOver,
        board_span(position),
        "a king of each side on the board".to_owned(),
        found.to_owned(),
    ))
}

fn require_dice(position: &Dfen) -> Result<Dice, RulesError> {
    require_kings(position)?;
    if position.dice.is_empty() {
        return Err(RulesError::new(
            RulesCode::NoDice,
            field7_span(position),
            "pending dice in field 7".to_owned(),
            "`-`".to_owned(),
        ));
    }
    Ok(Dice::from_pool(&position.dice))
}

/// The sort key of a move in the stable order of [`LegalMoves`].
pub fn sort_key(mv: &Move) -> (Role, crate::Square, crate::Square, u8) {
    let promotion_rank = match mv.promotion {
        None => 0,
        Some(Role::Queen) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        Some(_) => 4,
    };
    (mv.die, mv.from, mv.to, promotion_rank)
}

fn sort_moves(moves: &mut [Move]) {
    moves.sort_unstable_by_key(sort_key);
}

/// `RULE005` for `uci`, listing the legal moves.
fn illegal(uci: UciMove, span: std::ops::Range<usize>, legal: LegalMoves) -> RulesError {
    let expected = if legal.is_empty() {
        "no move: the turn passes (`0000`)".to_owned()
    } else {
        let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
        format!("one of {}", list.join(", "))
    };
    RulesError::with_context(
        RulesCode::IllegalMove,
        span,
        expected,
        uci.to_string(),
        LegalChoices(legal.moves),
    )
}

/// `RULE006`: a pass while `legal` is not empty.
fn cannot_pass(position: &Dfen, legal: LegalMoves) -> RulesError {
    let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
    RulesError::with_context(
        RulesCode::CannotPass,
        field7_span(position),
        format!("one of {}", list.join(", ")),
        "a pass".to_owned(),
        LegalChoices(legal.moves),
    )
}

impl Rules {
    /// The legal micro-moves of `position` under these rules, with `L*`; its pending dice are
    /// taken as the whole turn (see [`Rules::begin_turn`] for a turn played move by move).
    ///
    /// # Errors
    /// As [`legal_moves`].
    ///
    /// ```
    /// use dfen::rules::{KingCapture, Rules};
    /// // Pawn, Knight, Bishop and no knight: only e7e8n lets all three dice play. e7e8q (or r,
    /// // or b) then a1h8 takes the king with two.
    /// let position: dfen::Dfen = "7k/4P3/8/8/8/8/8/B3K3 w - - 0 1 PNB".parse()?;
    /// let first = Rules::new().legal_moves(&position)?;
    /// let any = Rules::new().king_capture(KingCapture::Any).legal_moves(&position)?;
    /// assert_eq!((first.max_len(), any.max_len()), (3, 3));
    /// // a1h8, the six other bishop moves and e7e8n; `any` adds e7e8q, e7e8r and e7e8b.
    /// assert_eq!((first.len(), any.len()), (8, 11));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self, position: &Dfen) -> Result<LegalMoves, RulesError> {
        self.begin_turn(position)?.legal_moves()
    }

    /// Plays one micro-move of `position` under these rules, its pending dice taken as the
    /// whole turn.
    ///
    /// # Errors
    /// As [`play`].
    pub fn play(&self, position: &Dfen, mv: UciMove) -> Result<Outcome, RulesError> {
        self.begin_turn(position)?.play(mv)
    }

    /// Parses a UCI move (or `0000`, the pass) and plays it with [`Rules::play`] (or
    /// [`Rules::pass`]).
    ///
    /// # Errors
    /// As [`play_uci`].
    pub fn play_uci(&self, position: &Dfen, text: &str) -> Result<Outcome, RulesError> {
        if text == "0000" {
            return self.pass(position);
        }
        let uci: UciMove = text.parse()?;
        self.begin_turn(position)?.play_spanned(uci, 0..text.len())
    }

    /// Ends the turn without a move, which is legal exactly when no pending die can be played
    /// (the same under either reading).
    ///
    /// # Errors
    /// As [`pass`].
    pub fn pass(&self, position: &Dfen) -> Result<Outcome, RulesError> {
        self.begin_turn(position)?.pass()
    }
}

/// The legal first micro-moves under the Maximum Micro-moves rule, with `L*`: [`Rules::new`]'s
/// [`Rules::legal_moves`] (the king-capture exemption read as [`KingCapture::First`]).
///
/// # Errors
/// `RULE007` when a side has no king (the game is over); `RULE001` when no dice are pending
/// (field 7 is `-`): roll first.
///
/// ```
/// use dfen::rules;
/// // White rolled King, Rook, Pawn: castling costs both the King and the Rook die.
/// let position: dfen::Dfen = "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 0 1 PRK".parse().unwrap();
/// let legal = rules::legal_moves(&position).unwrap();
/// assert_eq!(legal.max_len(), 3);
/// assert!(legal.iter().any(|m| m.to_string() == "e1g1"));
///
/// let fresh: dfen::Dfen = "r3k2r/8/8/8/8/8/P7/R3K2R w KQkq - 0 1 -".parse().unwrap();
/// assert_eq!(rules::legal_moves(&fresh).unwrap_err().code(), dfen::rules::RulesCode::NoDice);
///
/// // White took the black king: Black has dice but no game left to play them in.
/// let over: dfen::Dfen = "4Q3/8/8/8/8/8/8/4K3 b - - 0 1 k".parse().unwrap();
/// let err = rules::legal_moves(&over).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "RULE007: game over: a king was captured: expected a king of each side on the board, \
///      found no Black king"
/// );
/// ```
pub fn legal_moves(position: &Dfen) -> Result<LegalMoves, RulesError> {
    Rules::new().legal_moves(position)
}

/// Plays one micro-move, validated against [`legal_moves`], and ends the turn when the pool
/// is empty, when no remaining die can be played, or when the move captured the king:
/// [`Rules::new`]'s [`Rules::play`].
///
/// # Errors
/// `RULE007` when a side has no king; `RULE001` when no dice are pending; `RULE005` when the
/// move is not legal (the error's
/// [`legal_moves`](LegalChoices::legal_moves) lists what is).
///
/// ```
/// use dfen::rules::{self, UciMove};
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PN".parse().unwrap();
/// // No knight: after the pawn move nothing else can be played, so the turn ends.
/// let outcome = rules::play(&position, "e2e4".parse::<UciMove>().unwrap()).unwrap();
/// assert!(outcome.turn_ended);
/// assert_eq!(outcome.position.to_string(), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -");
///
/// let err = rules::play(&position, "e2e5".parse().unwrap()).unwrap_err();
/// assert_eq!(err.to_string(), "RULE005: illegal move: expected one of e2e3, e2e4, found e2e5");
/// ```
pub fn play(position: &Dfen, mv: UciMove) -> Result<Outcome, RulesError> {
    Rules::new().play(position, mv)
}

/// Parses a UCI move (or `0000`, the pass) and plays it with [`play`] (or [`pass`]).
///
/// # Errors
/// `RULE004` for text that is not UCI (the span points into `text`), and the errors of
/// [`play`] and [`pass`].
///
/// ```
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Q".parse().unwrap();
/// // No queen: the turn passes.
/// let outcome = dfen::rules::play_uci(&position, "0000").unwrap();
/// assert_eq!(outcome.position.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -");
/// assert_eq!(dfen::rules::play_uci(&position, "e1e2").unwrap_err().code(), dfen::rules::RulesCode::IllegalMove);
/// ```
pub fn play_uci(position: &Dfen, text: &str) -> Result<Outcome, RulesError> {
    Rules::new().play_uci(position, text)
}

/// Ends the turn without a move, which is legal exactly when no pending die can be played.
///
/// # Errors
/// `RULE007` when a side has no king; `RULE001` when no dice are pending; `RULE006` when a
/// legal move exists.
///
/// ```
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 b - - 0 7 qqq".parse().unwrap();
/// let outcome = dfen::rules::pass(&position).unwrap();
/// assert!(outcome.turn_ended && outcome.played.is_none());
/// assert_eq!(outcome.position.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 8 -");
/// ```
pub fn pass(position: &Dfen) -> Result<Outcome, RulesError> {
    Rules::new().pass(position)
}

/// Sets the dice of a fresh turn.
///
/// # Errors
/// `RULE007` when a side has no king (the game is over); `RULE002` when dice are already
/// pending; `RULE003` for an empty roll.
///
/// ```
/// use dfen::rules;
/// let start: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 b - - 0 1".parse().unwrap();
/// let rolled = rules::roll(&start, rules::parse_roll("6 6 1").unwrap()).unwrap();
/// assert_eq!(rolled.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 pkk");
/// assert_eq!(rules::roll(&rolled, rules::parse_roll("P").unwrap()).unwrap_err().code(), dfen::rules::RulesCode::AlreadyRolled);
/// ```
pub fn roll(position: &Dfen, dice: DicePool) -> Result<Dfen, RulesError> {
    require_kings(position)?;
    if !position.dice.is_empty() {
        return Err(RulesError::new(
            RulesCode::AlreadyRolled,
            field7_span(position),
            "a fresh turn (`-` in field 7)".to_owned(),
            format!("`{}`", position.dice.to_string_for(position.side)),
        ));
    }
    if dice.is_empty() {
        return Err(RulesError::new(
            RulesCode::BadRoll,
            0..0,
            "1 to 3 dice".to_owned(),
            "none".to_owned(),
        ));
    }
    Ok(Dfen {
        dice,
        ..position.clone()
    })
}

/// Parses a roll: 1 to 3 dice written as letters `PNBRQK` (either case) or digits `1`–`6`,
/// optionally separated by spaces or commas (`PNB`, `pnb`, `1 2 3`, `1,2,3`, `123`).
///
/// # Errors
/// `RULE003` with the span of the first bad character, or of the whole text when it holds
/// no dice or more than three.
///
/// ```
/// use dfen::rules::parse_roll;
/// assert_eq!(parse_roll("1 4 2").unwrap(), parse_roll("PRN").unwrap());
/// let err = parse_roll("PNX").unwrap_err();
/// assert_eq!((err.code(), err.span()), (dfen::rules::RulesCode::BadRoll, 2..3));
/// assert_eq!(parse_roll("PPPP").unwrap_err().span(), 0..4);
/// ```
pub fn parse_roll(text: &str) -> Result<DicePool, RulesError> {
    let mut roles = Vec::with_capacity(3);
    for (i, ch) in text.char_indices() {
        if ch == ' ' || ch == ',' {
            continue;
        }
        let role = if ch.is_ascii_digit() {
            Role::from_die(ch as u8 - b'0')
        } else if ch.is_ascii() {
            Role::from_letter(ch as u8)
        } else {
            None
        };
        match role {
            Some(role) => roles.push(role),
            None => {
                return Err(RulesError::new(
                    RulesCode::BadRoll,
                    i..i + ch.len_utf8(),
                    "a die `P N B R Q K` or `1`-`6`".to_owned(),
                    format!("`{ch}`"),
                ));
            }
        }
    }
    if roles.is_empty() || roles.len() > DicePool::CAPACITY {
        return Err(RulesError::new(
            RulesCode::BadRoll,
            0..text.len(),
            "1 to 3 dice".to_owned(),
            format!("{} dice", roles.len()),
        ));
    }
    Ok(DicePool::from_roles(roles).unwrap_or(DicePool::EMPTY))
}
