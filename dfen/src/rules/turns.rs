//! Complete legal turns, and a turn played move by move ([`TurnInProgress`]).

use super::filter;
use super::moves::RulesError;
use super::moves::{Move, MoveKind, UciMove};
use super::position::{Dice, Pos};
use super::settings::{KingCapture, Rules};
use super::unique::{Distinct, EpIdentity, Game};
use super::{LegalMoves, Outcome, require_dice, walk};
use crate::{Color, Dfen, DicePool};

/// One complete legal turn: its micro-moves and the position after it.
///
/// ```
/// use dfen::rules::Rules;
/// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP".parse()?;
/// let turns = Rules::new().turns(&position)?;
/// let lines: Vec<String> = turns.iter().map(|t| t.to_string()).collect();
/// assert_eq!(lines, ["e2e3 e3e4", "e2e4 e4e5"]);
/// assert_eq!(turns[1].position.to_string(), "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1 -");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Turn {
    /// The micro-moves in the order played; empty for a pass (no pending die can be played).
    pub moves: Vec<Move>,
    /// The position after the turn: the other side to move, field 7 `-`.
    pub position: Dfen,
    /// The side that captured the king, when the turn's last move did: the game is over.
    pub winner: Option<Color>,
}

impl std::fmt::Display for Turn {
    /// The micro-moves in UCI separated by spaces, or `0000` for a pass.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.moves.is_empty() {
            return f.write_str("0000");
        }
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        Ok(())
    }
}

/// A complete turn as [`Rules::for_each_turn`] hands it over, borrowed from the walk: reading it
/// costs nothing until [`position`](TurnEnd::position) builds the DFEN.
#[derive(Clone, Copy)]
pub struct TurnEnd<'a> {
    moves: &'a [Move],
    pos: &'a Pos,
    king_captured: bool,
}

impl TurnEnd<'_> {
    /// The micro-moves in the order played; empty for a pass.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.moves
    }

    /// The position after the turn: the other side to move, field 7 `-`.
    #[must_use]
    pub fn position(&self) -> Dfen {
        self.pos.to_dfen(DicePool::EMPTY)
    }

    /// The side that captured the king, when the turn's last move did.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.king_captured.then(|| self.pos.side.opposite())
    }
}

impl std::fmt::Debug for TurnEnd<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TurnEnd")
            .field("moves", &self.moves)
            .field("position", &self.position().to_string())
            .finish()
    }
}

/// How many complete legal turns a position has, and how many distinct positions they reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TurnCount {
    /// The complete legal turns (a pass counts as one).
    pub turns: u64,
    /// The distinct positions after them: positions that agree on every field but the clocks
    /// are one (the identity of `perft --unique` and `fenkit dedupe`).
    pub positions: u64,
}

impl Rules {
    /// Every complete legal turn from `position`, whose pending dice are taken as the whole
    /// turn: each sequence of micro-moves the rules allow, to the end of the turn, with the
    /// position after it. A king capture ends a turn early. When no die can be played there is
    /// one turn, the pass (no moves).
    ///
    /// The turns are sorted by their moves, each compared in the order of
    /// [`LegalMoves`]; every step of each is legal for [`TurnInProgress::play`] from
    /// `position`, and the step by step replay reaches the same position.
    ///
    /// # Errors
    /// `RULE007` when a side has no king; `RULE001` when no dice are pending.
    ///
    /// ```
    /// use dfen::rules::{KingCapture, Rules};
    /// let position: dfen::Dfen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ".parse()?;
    /// let has = |turns: &[dfen::rules::Turn], line: &str| turns.iter().any(|t| t.to_string() == line);
    /// let first = Rules::new().turns(&position)?;
    /// let any = Rules::new().king_capture(KingCapture::Any).turns(&position)?;
    /// assert!(!has(&first, "e7e8q a1h8") && has(&any, "e7e8q a1h8"));
    /// assert!(has(&first, "a1h8") && has(&any, "a1h8")); // a first move that takes the king
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turns(&self, position: &Dfen) -> Result<Vec<Turn>, RulesError> {
        let mut turns = Vec::new();
        self.for_each_turn(position, |end| {
            turns.push(Turn {
                moves: end.moves().to_vec(),
                position: end.position(),
                winner: end.winner(),
            });
        })?;
        Ok(turns)
    }

    /// Visits every complete legal turn in the order of [`Rules::turns`], without collecting
    /// them: the hot path of a bot or a referee. Nothing is allocated per node (a buffer of
    /// moves per micro-move of the turn is allocated once per call).
    ///
    /// # Errors
    /// As [`Rules::turns`].
    ///
    /// ```
    /// use dfen::rules::Rules;
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 NN".parse()?;
    /// let mut turns = 0;
    /// let mut winners = 0;
    /// Rules::new().for_each_turn(&position, |end| {
    ///     turns += 1;
    ///     winners += usize::from(end.winner().is_some());
    /// })?;
    /// assert_eq!((turns, winners), (53, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_turn(
        &self,
        position: &Dfen,
        mut visit: impl FnMut(TurnEnd<'_>),
    ) -> Result<(), RulesError> {
        let dice = require_dice(position)?;
        let pos = Pos::from_dfen(position);
        walk::turns(
            &pos,
            dice,
            self.get_king_capture(),
            &mut |moves, after, king| {
                visit(TurnEnd {
                    moves,
                    pos: after,
                    king_captured: king,
                });
            },
        );
        Ok(())
    }

    /// The number of complete legal turns and of distinct positions after them.
    ///
    /// # Errors
    /// As [`Rules::turns`].
    ///
    /// ```
    /// use dfen::rules::Rules;
    /// // Knights on b1 and g1, Knight, Knight: 53 turns, 33 positions (two orders of the same
    /// // two moves meet, and so do both lines that bring a knight home).
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 NN".parse()?;
    /// let count = Rules::new().count_turns(&position)?;
    /// assert_eq!((count.turns, count.positions), (53, 33));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_turns(&self, position: &Dfen) -> Result<TurnCount, RulesError> {
        let mut distinct = Distinct::new(EpIdentity::Always, Game::DiceChess);
        let dice = require_dice(position)?;
        let pos = Pos::from_dfen(position);
        walk::turns(&pos, dice, self.get_king_capture(), &mut |_, after, _| {
            distinct.add(after);
        });
        let count = distinct.finish();
        Ok(TurnCount {
            turns: count.nodes,
            positions: count.unique,
        })
    }

    /// Starts playing the turn of `position` move by move; its pending dice are taken as the
    /// whole turn.
    ///
    /// Under [`KingCapture::First`] a move's legality depends on the position alone. Under
    /// [`KingCapture::Any`] it also depends on the moves played earlier in the turn: after a
    /// move that was legal only because it leads to a king capture, the turn must go on to that
    /// capture. A [`TurnInProgress`] remembers what it needs for that; [`Rules::play`] from a
    /// position halfway through a turn cannot, and takes its pending dice as a fresh turn.
    ///
    /// # Errors
    /// `RULE007` when a side has no king; `RULE001` when no dice are pending.
    ///
    /// ```
    /// use dfen::rules::{KingCapture, Rules};
    /// let position: dfen::Dfen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1 PNQ".parse()?;
    /// let mut turn = Rules::new().king_capture(KingCapture::Any).begin_turn(&position)?;
    /// turn.play_uci("e7e8q")?;
    /// // A quiet queen move would leave the knight die unplayed: only the captures remain.
    /// let legal: Vec<String> = turn.legal_moves()?.iter().map(|m| m.to_string()).collect();
    /// assert_eq!(legal, ["a1h8", "e8h8"]);
    /// assert_eq!(turn.play_uci("a1a2").unwrap_err().code(), dfen::rules::RulesCode::IllegalMove);
    /// let outcome = turn.play_uci("a1h8")?;
    /// assert_eq!(outcome.winner, Some(dfen::Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_turn(&self, position: &Dfen) -> Result<TurnInProgress, RulesError> {
        let dice = require_dice(position)?;
        let need = match self.get_king_capture() {
            KingCapture::First => None,
            KingCapture::Any => filter::longest_kingless(&Pos::from_dfen(position), dice),
        };
        Ok(TurnInProgress {
            rules: *self,
            position: position.clone(),
            need,
        })
    }
}

/// A turn being played move by move under a [`Rules`] (see [`Rules::begin_turn`]).
///
/// Once the turn has ended, its position has no dice: a further move is `RULE001`, or
/// `RULE007` after a king capture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnInProgress {
    rules: Rules,
    position: Dfen,
    /// Under [`KingCapture::Any`]: the dice a turn that does not capture the king must still
    /// play (`None`: only a line that captures the king is legal now).
    need: Option<u8>,
}

impl TurnInProgress {
    /// The position now.
    #[must_use]
    pub fn position(&self) -> &Dfen {
        &self.position
    }

    /// The legal micro-moves now, with `L*` of the pending dice.
    ///
    /// # Errors
    /// `RULE007` when a side has no king; `RULE001` when no dice are pending (the turn is over).
    pub fn legal_moves(&self) -> Result<LegalMoves, RulesError> {
        let dice = require_dice(&self.position)?;
        let pos = Pos::from_dfen(&self.position);
        let (mut moves, max_len) = match self.rules.get_king_capture() {
            KingCapture::First => filter::legal_first_moves(&pos, dice),
            KingCapture::Any => (
                filter::legal_any_moves(&pos, dice, self.need),
                filter::max_len(&pos, dice),
            ),
        };
        super::sort_moves(&mut moves);
        Ok(LegalMoves { max_len, moves })
    }

    /// Plays one micro-move, validated against [`TurnInProgress::legal_moves`], and ends the
    /// turn when the pool is empty, when no remaining die can be played, or when the move
    /// captured the king.
    ///
    /// # Errors
    /// As [`TurnInProgress::legal_moves`], and `RULE005` when the move is not legal (the
    /// error's [`legal_moves`](crate::rules::LegalChoices::legal_moves) lists what is).
    pub fn play(&mut self, mv: UciMove) -> Result<Outcome, RulesError> {
        self.play_spanned(mv, 0..mv.to_string().len())
    }

    /// Parses a UCI move (or `0000`, the pass) and plays it.
    ///
    /// # Errors
    /// `RULE004` for text that is not UCI, and the errors of [`TurnInProgress::play`] and
    /// [`TurnInProgress::pass`].
    pub fn play_uci(&mut self, text: &str) -> Result<Outcome, RulesError> {
        if text == "0000" {
            return self.pass();
        }
        let uci: UciMove = text.parse()?;
        self.play_spanned(uci, 0..text.len())
    }

    /// Ends the turn without a move, which is legal exactly when no pending die can be played.
    ///
    /// # Errors
    /// As [`TurnInProgress::legal_moves`], and `RULE006` when a legal move exists.
    pub fn pass(&mut self) -> Result<Outcome, RulesError> {
        let legal = self.legal_moves()?;
        if !legal.is_empty() {
            return Err(super::cannot_pass(&self.position, legal));
        }
        let mut pos = Pos::from_dfen(&self.position);
        pos.end_turn();
        self.position = pos.to_dfen(DicePool::EMPTY);
        Ok(Outcome {
            played: None,
            position: self.position.clone(),
            turn_ended: true,
            winner: None,
        })
    }

    pub(super) fn play_spanned(
        &mut self,
        uci: UciMove,
        span: std::ops::Range<usize>,
    ) -> Result<Outcome, RulesError> {
        let legal = self.legal_moves()?;
        let Some(mv) = legal.find(uci) else {
            return Err(super::illegal(uci, span, legal));
        };
        let mut pos = Pos::from_dfen(&self.position);
        let captured = pos.make(&mv);
        let dice: Dice = Dice::from_pool(&self.position.dice).pay(&mv);
        let king_captured = mv.kind == MoveKind::KingCapture || captured == Some(crate::Role::King);
        let turn_ended = king_captured || filter::max_len(&pos, dice) == 0;
        let winner = king_captured.then_some(self.position.side);
        self.position = if turn_ended {
            pos.end_turn();
            pos.to_dfen(DicePool::EMPTY)
        } else {
            pos.to_dfen(dice.to_pool())
        };
        self.need = self.need.and_then(|n| n.checked_sub(mv.cost()));
        Ok(Outcome {
            played: Some(mv),
            position: self.position.clone(),
            turn_ended,
            winner,
        })
    }
}
