//! The Dice Chess rules: micro-moves per die, turn transitions, the Maximum Micro-moves filter,
//! and perft in three modes.
//!
//! Given a [`Dfen`] with pending dice, [`legal_moves`] answers which micro-moves may be played
//! now, and [`play`] gives the DFEN that follows each one.
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
//!   later king capture must still reach `L*`. When `L*` is 0 the turn passes.
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

mod bitboard;
mod error;
mod filter;
mod moves;
mod perft;
mod position;
mod standard;
mod unique;

use std::ops::ControlFlow;

pub use error::{RulesError, RulesErrorKind};
pub use moves::{Move, MoveKind, UciMove};
pub use unique::{EpIdentity, Game, UniqueCount, identity_hash, identity_key};

use position::{Dice, Pos};

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
/// assert_eq!((err.code(), err.found()), ("RULE007", "no Black king"));
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
        RulesErrorKind::GameOver,
        board_span(position),
        "a king of each side on the board".to_owned(),
        found.to_owned(),
    ))
}

fn require_dice(position: &Dfen) -> Result<Dice, RulesError> {
    require_kings(position)?;
    if position.dice.is_empty() {
        return Err(RulesError::new(
            RulesErrorKind::NoDice,
            field7_span(position),
            "pending dice in field 7".to_owned(),
            "`-`".to_owned(),
        ));
    }
    Ok(Dice::from_pool(&position.dice))
}

fn sort_moves(moves: &mut [Move]) {
    let promotion_rank = |p: Option<Role>| match p {
        None => 0,
        Some(Role::Queen) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        Some(_) => 4,
    };
    moves.sort_unstable_by_key(|m| (m.die, m.from, m.to, promotion_rank(m.promotion)));
}

/// The legal first micro-moves under the Maximum Micro-moves rule, with `L*`.
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
/// assert_eq!(rules::legal_moves(&fresh).unwrap_err().code(), "RULE001");
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
    let dice = require_dice(position)?;
    let pos = Pos::from_dfen(position);
    let (mut moves, max_len) = filter::legal_first_moves(&pos, dice);
    sort_moves(&mut moves);
    Ok(LegalMoves { max_len, moves })
}

/// Plays one micro-move, validated against [`legal_moves`], and ends the turn when the pool
/// is empty, when no remaining die can be played, or when the move captured the king.
///
/// # Errors
/// `RULE007` when a side has no king; `RULE001` when no dice are pending; `RULE005` when the
/// move is not legal (the error's
/// [`legal_moves`](RulesError::legal_moves) lists what is).
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
    play_spanned(position, mv, 0..mv.to_string().len())
}

fn play_spanned(
    position: &Dfen,
    uci: UciMove,
    span: std::ops::Range<usize>,
) -> Result<Outcome, RulesError> {
    let legal = legal_moves(position)?;
    let Some(mv) = legal.find(uci) else {
        let expected = if legal.is_empty() {
            "no move: the turn passes (`0000`)".to_owned()
        } else {
            let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
            format!("one of {}", list.join(", "))
        };
        return Err(
            RulesError::new(RulesErrorKind::IllegalMove, span, expected, uci.to_string())
                .with_legal(legal.moves),
        );
    };
    let mut pos = Pos::from_dfen(position);
    let captured = pos.make(&mv);
    let dice = Dice::from_pool(&position.dice).pay(&mv);
    let king_captured = captured == Some(Role::King);
    let turn_ended = king_captured || filter::max_len(&pos, dice) == 0;
    let winner = king_captured.then_some(position.side);
    let position = if turn_ended {
        pos.end_turn();
        pos.to_dfen(DicePool::EMPTY)
    } else {
        pos.to_dfen(dice.to_pool())
    };
    Ok(Outcome {
        played: Some(mv),
        position,
        turn_ended,
        winner,
    })
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
/// assert_eq!(dfen::rules::play_uci(&position, "e1e2").unwrap_err().code(), "RULE005");
/// ```
pub fn play_uci(position: &Dfen, text: &str) -> Result<Outcome, RulesError> {
    if text == "0000" {
        return pass(position);
    }
    let uci: UciMove = text.parse()?;
    play_spanned(position, uci, 0..text.len())
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
    let legal = legal_moves(position)?;
    if !legal.is_empty() {
        let list: Vec<String> = legal.iter().map(ToString::to_string).collect();
        return Err(RulesError::new(
            RulesErrorKind::CannotPass,
            field7_span(position),
            format!("one of {}", list.join(", ")),
            "a pass".to_owned(),
        )
        .with_legal(legal.moves));
    }
    let mut pos = Pos::from_dfen(position);
    pos.end_turn();
    Ok(Outcome {
        played: None,
        position: pos.to_dfen(DicePool::EMPTY),
        turn_ended: true,
        winner: None,
    })
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
/// assert_eq!(rules::roll(&rolled, rules::parse_roll("P").unwrap()).unwrap_err().code(), "RULE002");
/// ```
pub fn roll(position: &Dfen, dice: DicePool) -> Result<Dfen, RulesError> {
    require_kings(position)?;
    if !position.dice.is_empty() {
        return Err(RulesError::new(
            RulesErrorKind::AlreadyRolled,
            field7_span(position),
            "a fresh turn (`-` in field 7)".to_owned(),
            format!("`{}`", position.dice.to_string_for(position.side)),
        ));
    }
    if dice.is_empty() {
        return Err(RulesError::new(
            RulesErrorKind::BadRoll,
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
/// assert_eq!((err.code(), err.span()), ("RULE003", 2..3));
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
                    RulesErrorKind::BadRoll,
                    i..i + ch.len_utf8(),
                    "a die `P N B R Q K` or `1`-`6`".to_owned(),
                    format!("`{ch}`"),
                ));
            }
        }
    }
    if roles.is_empty() || roles.len() > DicePool::CAPACITY {
        return Err(RulesError::new(
            RulesErrorKind::BadRoll,
            0..text.len(),
            "1 to 3 dice".to_owned(),
            format!("{} dice", roles.len()),
        ));
    }
    Ok(DicePool::from_roles(roles).unwrap_or(DicePool::EMPTY))
}

/// The deepest perft the functions here search: a larger `depth` is searched as this one.
///
/// It keeps the recursion (and so the stack) bounded. No tree that has nodes that deep can be
/// counted in practice, and a tree that ends sooner (a pawn-only line, say) gives the same
/// count either way.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A perft count split by first move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divide {
    /// Each first move (`None`: the turn passes) with the nodes below it, in the stable order
    /// of [`LegalMoves`].
    pub entries: Vec<(Option<Move>, u64)>,
    /// The sum of the entries.
    pub total: u64,
}

impl Divide {
    fn from_entries(entries: Vec<(Option<Move>, u64)>) -> Divide {
        let total = entries.iter().map(|(_, n)| n).sum();
        Divide { entries, total }
    }
}

fn standard_first_moves(pos: &Pos) -> Vec<Move> {
    let mut moves = Vec::with_capacity(64);
    let _ = standard::generate(pos, &mut |mv| {
        moves.push(mv);
        ControlFlow::Continue(())
    });
    sort_moves(&mut moves);
    moves
}

/// Standard chess perft: legal moves with check filtering, one move per turn, castling as a
/// king move without dice. The dice field is ignored.
///
/// ```
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// assert_eq!(dfen::rules::perft_standard(&start, 3), 8_902);
/// ```
#[must_use]
pub fn perft_standard(position: &Dfen, depth: u32) -> u64 {
    let depth = depth.min(MAX_PERFT_DEPTH);
    perft::standard_count(&Pos::from_dfen(position), depth)
}

/// [`perft_standard`] split by first move.
///
/// ```
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// let divide = dfen::rules::perft_standard_divide(&start, 2);
/// assert_eq!(divide.total, 400);
/// let (first, nodes) = divide.entries[0];
/// assert_eq!((first.unwrap().to_string(), nodes), ("a2a3".to_owned(), 20));
/// ```
#[must_use]
pub fn perft_standard_divide(position: &Dfen, depth: u32) -> Divide {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let pos = Pos::from_dfen(position);
    if depth == 0 {
        return Divide::from_entries(Vec::new());
    }
    let entries = standard_first_moves(&pos)
        .into_iter()
        .map(|mv| {
            let next = standard::after(&pos, &mv);
            (Some(mv), perft::standard_count(&next, depth - 1))
        })
        .collect();
    Divide::from_entries(entries)
}

/// Dice Chess micro-moves of the side to move with the die `die` at every ply; the side never
/// changes and a king capture ends its line. The dice field is ignored.
///
/// ```
/// use dfen::Role;
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// assert_eq!(dfen::rules::perft_die(&start, Role::Knight, 1), 4);
/// assert_eq!(dfen::rules::perft_die(&start, Role::Pawn, 1), 16);
/// ```
#[must_use]
pub fn perft_die(position: &Dfen, die: Role, depth: u32) -> u64 {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let mut nodes = 0;
    perft::die_leaves(&Pos::from_dfen(position), die, depth, &mut |_| nodes += 1);
    nodes
}

/// [`perft_die`] split by first move.
///
/// ```
/// use dfen::Role;
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// let divide = dfen::rules::perft_die_divide(&start, Role::Knight, 2);
/// let counts: Vec<(String, u64)> =
///     divide.entries.iter().map(|(m, n)| (m.unwrap().to_string(), *n)).collect();
/// assert_eq!(counts[0], ("b1a3".to_owned(), 5)); // a3 knight: b1, b5, c4; g1 knight: f3, h3
/// assert_eq!(divide.total, 24);
/// ```
#[must_use]
pub fn perft_die_divide(position: &Dfen, die: Role, depth: u32) -> Divide {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let pos = Pos::from_dfen(position);
    if depth == 0 {
        return Divide::from_entries(Vec::new());
    }
    let mut moves = Vec::new();
    let _ = pos.generate(die, false, &mut |mv| {
        moves.push(mv);
        ControlFlow::Continue(())
    });
    sort_moves(&mut moves);
    let entries = moves
        .into_iter()
        .map(|mv| {
            let mut next = pos;
            next.make(&mv);
            let nodes = if mv.kind == MoveKind::KingCapture {
                u64::from(depth == 1)
            } else {
                let mut n = 0;
                perft::die_leaves(&next, die, depth - 1, &mut |_| n += 1);
                n
            };
            (Some(mv), nodes)
        })
        .collect();
    Divide::from_entries(entries)
}

/// Full Dice Chess turns: every turn (the first one included) rolls `roll`, is played out
/// under the Maximum Micro-moves rule and ends as [`play`] ends it; a pass is one way to play
/// a turn. `depth` counts turns; the count is of distinct micro-move sequences, and a king
/// capture ends its line.
///
/// # Errors
/// As [`roll`]: `RULE007` when a side has no king, `RULE002` when the position already has
/// dice pending, `RULE003` for an empty roll.
///
/// ```
/// use dfen::rules::{parse_roll, perft_roll};
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
/// // Pawn then pawn: e2-e3 then e3-e4, or e2-e4 then e4-e5.
/// assert_eq!(perft_roll(&position, parse_roll("PP").unwrap(), 1).unwrap(), 2);
/// ```
pub fn perft_roll(position: &Dfen, roll: DicePool, depth: u32) -> Result<u64, RulesError> {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let rolled = self::roll(position, roll)?;
    let mut nodes = 0;
    perft::roll_leaves(
        &Pos::from_dfen(&rolled),
        Dice::from_pool(&roll),
        depth,
        &mut |_| nodes += 1,
    );
    Ok(nodes)
}

/// [`perft_roll`] split by the first micro-move of the first turn (`None` when it passes).
///
/// # Errors
/// As [`perft_roll`].
///
/// ```
/// use dfen::rules::{parse_roll, perft_roll_divide};
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// // No queen on the board: the turn passes, and that is the one way to play it.
/// let divide = perft_roll_divide(&position, parse_roll("Q").unwrap(), 1).unwrap();
/// assert_eq!(divide.entries, vec![(None, 1)]);
/// ```
pub fn perft_roll_divide(
    position: &Dfen,
    roll: DicePool,
    depth: u32,
) -> Result<Divide, RulesError> {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let rolled = self::roll(position, roll)?;
    if depth == 0 {
        return Ok(Divide::from_entries(Vec::new()));
    }
    let pos = Pos::from_dfen(&rolled);
    let dice = Dice::from_pool(&roll);
    let (mut first, _) = filter::legal_first_moves(&pos, dice);
    sort_moves(&mut first);
    let deeper = |after: &Pos, game_over: bool, n: &mut u64| {
        if !game_over {
            perft::roll_leaves(after, dice, depth - 1, &mut |_| *n += 1);
        } else if depth == 1 {
            *n += 1;
        }
    };
    if first.is_empty() {
        let mut after = pos;
        after.end_turn();
        let mut n = 0;
        deeper(&after, false, &mut n);
        return Ok(Divide::from_entries(vec![(None, n)]));
    }
    let entries = first
        .into_iter()
        .map(|mv| {
            let mut n = 0;
            perft::step(&pos, &mv, dice, &mut |after, game_over| {
                deeper(after, game_over, &mut n);
            });
            (Some(mv), n)
        })
        .collect();
    Ok(Divide::from_entries(entries))
}

/// Which tree a perft walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftMode {
    /// Standard chess, as [`perft_standard`].
    Standard,
    /// One die at every ply, as [`perft_die`].
    Die(Role),
    /// Full turns from a roll, as [`perft_roll`].
    Roll(DicePool),
}

/// A perft that also counts the distinct positions at the final depth and the collisions (leaves
/// that repeat a position already counted). Two positions are the same when they agree on every
/// field but the clocks; `ep` chooses how en-passant squares take part.
///
/// # Errors
/// As [`perft_roll`] for [`PerftMode::Roll`]; the other modes do not fail.
///
/// ```
/// use dfen::rules::{perft_unique, EpIdentity, PerftMode};
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse().unwrap();
/// let three = perft_unique(&start, PerftMode::Standard, 3, EpIdentity::Legal).unwrap();
/// assert_eq!((three.nodes, three.unique, three.collisions), (8_902, 5_362, 3_540));
/// ```
pub fn perft_unique(
    position: &Dfen,
    mode: PerftMode,
    depth: u32,
    ep: EpIdentity,
) -> Result<UniqueCount, RulesError> {
    let depth = depth.min(MAX_PERFT_DEPTH);
    let game = if mode == PerftMode::Standard {
        Game::Standard
    } else {
        Game::DiceChess
    };
    let mut distinct = unique::Distinct::new(ep, game);
    let pos = Pos::from_dfen(position);
    match mode {
        PerftMode::Standard => perft::standard_leaves(&pos, depth, &mut |p| distinct.add(p)),
        PerftMode::Die(die) => perft::die_leaves(&pos, die, depth, &mut |p| distinct.add(p)),
        PerftMode::Roll(dice) => {
            let rolled = self::roll(position, dice)?;
            perft::roll_leaves(
                &Pos::from_dfen(&rolled),
                Dice::from_pool(&dice),
                depth,
                &mut |p| distinct.add(p),
            );
        }
    }
    Ok(distinct.finish())
}
