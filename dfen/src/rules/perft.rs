//! Node counting (perft): one entry point, [`Perft`], over four trees ([`PerftMode`]), with
//! three shapes of answer (a total, a split by first move, distinct positions).

use std::ops::ControlFlow;

use super::moves::RulesError;
use super::moves::{Move, MoveKind};
use super::position::{Dice, Pos};
use super::settings::{KingCapture, Rules};
use super::standard;
use super::unique::{self, EpIdentity, Game, UniqueCount};
use super::walk;
use crate::{Dfen, DicePool, Role};

/// The deepest perft searches: a larger depth is searched as this one.
///
/// It keeps the recursion (and so the stack) bounded. No tree that has nodes that deep can be
/// counted in practice, and a tree that ends sooner (a pawn-only line, say) gives the same
/// count either way.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Which tree a perft walks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PerftMode {
    /// Standard chess: legal moves with check filtering, one move per turn, castling as a king
    /// move without dice. The dice field is ignored. Castling is Chess960's, of which standard
    /// castling is one case (`spec/chess960.md` §6): read a Chess960 position in Chess960 mode
    /// and count it.
    ///
    /// ```
    /// use dfen::rules::{Perft, PerftMode};
    /// use dfen::{CastlingMode, Parser};
    /// // Position 0 of Ethereal's Chess960 suite (fischer.epd).
    /// let position = Parser::new()
    ///     .castling_mode(CastlingMode::Chess960)
    ///     .parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?
    ///     .dfen;
    /// assert_eq!(Perft::new(PerftMode::Standard, 2).count(&position)?, 528);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Standard,
    /// Dice Chess micro-moves of the side to move with this die at every ply. The side never
    /// changes, a king capture ends its line, and castling is never generated (it needs a Rook
    /// die too). The dice field is ignored.
    Die(Role),
    /// The reference engine's test convention (its `perft_suite.json`), not a game rule: the
    /// side to move plays one micro-move with this die, then the turn ends and the other side
    /// gets the same die. The King die also castles (right held, king and rook at home, the
    /// squares between empty), and a king capture does not end the line. The dice field is
    /// ignored.
    AlternatingDie(Role),
    /// Full Dice Chess turns: every turn, the first one included, rolls these dice and is
    /// played out as [`Rules::play`] plays it, under the reading of [`Perft::rules`]. A pass
    /// is one way to play a turn; the depth counts turns; a king capture ends its line. The
    /// position must be at a fresh turn.
    Roll(DicePool),
}

/// A perft: the tree ([`PerftMode`]), the depth, and the rules that judge full turns.
///
/// One value answers in three shapes: [`count`](Perft::count) (the leaves),
/// [`divide`](Perft::divide) (the leaves under each first move) and
/// [`unique`](Perft::unique) (the distinct positions among the leaves).
///
/// ```
/// use dfen::Role;
/// use dfen::rules::{Perft, PerftMode, parse_roll};
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
/// assert_eq!(Perft::new(PerftMode::Standard, 3).count(&start)?, 8_902);
/// assert_eq!(Perft::new(PerftMode::Die(Role::Knight), 2).count(&start)?, 24);
/// // The reference engine's suite: the knight die, White then Black.
/// assert_eq!(Perft::new(PerftMode::AlternatingDie(Role::Knight), 2).count(&start)?, 16);
/// // One turn of Pawn, Pawn: 16 first pawn moves, then 15 for the second die each time.
/// let roll = PerftMode::Roll(parse_roll("PP")?);
/// assert_eq!(Perft::new(roll, 1).count(&start)?, 240);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Perft {
    mode: PerftMode,
    depth: u32,
    rules: Rules,
}

/// A perft count split by first move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Divide {
    /// Each first move (`None`: the turn passes) with the leaves below it, in the stable order
    /// of [`LegalMoves`](super::LegalMoves). Empty at depth 0.
    pub entries: Vec<(Option<Move>, u64)>,
    /// The sum of the entries (1 at depth 0).
    pub total: u64,
}

impl Perft {
    /// A perft of `mode` to `depth` (plies, or turns for [`PerftMode::Roll`]; at most
    /// [`MAX_PERFT_DEPTH`]) under fenkit's default rules.
    #[must_use]
    pub const fn new(mode: PerftMode, depth: u32) -> Perft {
        Perft {
            mode,
            depth,
            rules: Rules::new(),
        }
    }

    /// The rules that judge full turns ([`PerftMode::Roll`]); the other modes do not use them.
    ///
    /// ```
    /// use dfen::rules::{KingCapture, Perft, PerftMode, Rules, parse_roll};
    /// let position: dfen::Dfen = "7k/4P3/8/8/8/8/8/Q3K3 w - - 0 1".parse()?;
    /// let perft = Perft::new(PerftMode::Roll(parse_roll("PNQ")?), 1);
    /// let first = perft.count(&position)?;
    /// let any = perft.rules(Rules::new().king_capture(KingCapture::Any)).count(&position)?;
    /// assert!(any > first); // e7e8q then a queen's capture of the king, among others
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn rules(mut self, rules: Rules) -> Perft {
        self.rules = rules;
        self
    }

    /// The tree this perft walks.
    #[must_use]
    pub const fn mode(&self) -> PerftMode {
        self.mode
    }

    /// The depth searched: the one asked for, at most [`MAX_PERFT_DEPTH`].
    #[must_use]
    pub const fn depth(&self) -> u32 {
        if self.depth > MAX_PERFT_DEPTH {
            MAX_PERFT_DEPTH
        } else {
            self.depth
        }
    }

    /// The position the tree starts from, and the dice of its turns.
    fn root(&self, position: &Dfen) -> Result<(Pos, Dice), RulesError> {
        match self.mode {
            PerftMode::Roll(dice) => {
                let rolled = super::roll(position, dice)?;
                Ok((Pos::from_dfen(&rolled), Dice::from_pool(&dice)))
            }
            _ => Ok((Pos::from_dfen(position), Dice::default())),
        }
    }

    /// The leaves at the final depth.
    ///
    /// # Errors
    /// For [`PerftMode::Roll`], as [`roll`](super::roll): `RULE007` when a side has no king,
    /// `RULE002` when the position already has dice pending, `RULE003` for an empty roll. The
    /// other modes count any board as it stands and do not fail.
    ///
    /// ```
    /// use dfen::rules::{Perft, PerftMode, parse_roll};
    /// let rolled: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 P".parse()?;
    /// let perft = Perft::new(PerftMode::Roll(parse_roll("P")?), 1);
    /// assert_eq!(perft.count(&rolled).unwrap_err().code(), dfen::rules::RulesCode::AlreadyRolled);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, position: &Dfen) -> Result<u64, RulesError> {
        let (pos, dice) = self.root(position)?;
        let depth = self.depth();
        Ok(match self.mode {
            PerftMode::Standard => standard_count(&pos, depth),
            PerftMode::AlternatingDie(die) => alternating_count(&pos, die, depth),
            _ => {
                let mut nodes = 0;
                self.leaves(&pos, dice, depth, &mut |_| nodes += 1);
                nodes
            }
        })
    }

    /// The leaves under each first move (each first micro-move of the first turn for
    /// [`PerftMode::Roll`], `None` when that turn passes).
    ///
    /// # Errors
    /// As [`Perft::count`].
    ///
    /// ```
    /// use dfen::rules::{Perft, PerftMode};
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
    /// let divide = Perft::new(PerftMode::Standard, 2).divide(&start)?;
    /// assert_eq!(divide.total, 400);
    /// let (first, nodes) = divide.entries[0];
    /// assert_eq!((first.unwrap().to_string(), nodes), ("a2a3".to_owned(), 20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn divide(&self, position: &Dfen) -> Result<Divide, RulesError> {
        let (pos, dice) = self.root(position)?;
        let depth = self.depth();
        if depth == 0 {
            return Ok(Divide {
                entries: Vec::new(),
                total: 1,
            });
        }
        let mut entries: Vec<(Option<Move>, u64)> = Vec::new();
        if let PerftMode::Roll(_) = self.mode {
            let reading = self.rules.get_king_capture();
            walk::turns(&pos, dice, reading, &mut |line, next, game_over| {
                let first = line.first().copied();
                let mut nodes = 0;
                if !game_over {
                    roll_leaves(next, dice, reading, depth - 1, &mut |_| nodes += 1);
                } else if depth == 1 {
                    nodes = 1;
                }
                match entries.last_mut() {
                    Some((mv, n)) if *mv == first => *n += nodes,
                    _ => entries.push((first, nodes)),
                }
            });
        } else {
            for mv in self.first_moves(&pos) {
                let nodes = match self.mode {
                    PerftMode::Standard => standard_count(&standard::after(&pos, &mv), depth - 1),
                    PerftMode::AlternatingDie(die) => {
                        alternating_count(&alternated(&pos, &mv), die, depth - 1)
                    }
                    _ => {
                        let mut nodes = 0;
                        let mut next = pos;
                        next.make(&mv);
                        if mv.kind != MoveKind::KingCapture {
                            self.leaves(&next, dice, depth - 1, &mut |_| nodes += 1);
                        } else if depth == 1 {
                            nodes = 1;
                        }
                        nodes
                    }
                };
                entries.push((Some(mv), nodes));
            }
        }
        entries.sort_by_key(|(mv, _)| mv.map(|m| super::sort_key(&m)));
        let total = entries.iter().map(|(_, n)| n).sum();
        Ok(Divide { entries, total })
    }

    /// The leaves with the distinct positions among them and the collisions (leaves that
    /// repeat a position already counted). Two positions are the same when they agree on every
    /// field but the clocks; `ep` chooses how en-passant squares take part (standard chess's
    /// rules decide [`EpIdentity::Legal`] for [`PerftMode::Standard`], Dice Chess's for the
    /// others).
    ///
    /// # Errors
    /// As [`Perft::count`].
    ///
    /// ```
    /// use dfen::rules::{EpIdentity, Perft, PerftMode};
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
    /// let three = Perft::new(PerftMode::Standard, 3).unique(&start, EpIdentity::Legal)?;
    /// assert_eq!((three.nodes, three.unique, three.collisions), (8_902, 5_362, 3_540));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unique(&self, position: &Dfen, ep: EpIdentity) -> Result<UniqueCount, RulesError> {
        let (pos, dice) = self.root(position)?;
        let game = if self.mode == PerftMode::Standard {
            Game::Standard
        } else {
            Game::DiceChess
        };
        let mut distinct = unique::Distinct::new(ep, game);
        self.leaves(&pos, dice, self.depth(), &mut |p| distinct.add(p));
        Ok(distinct.finish())
    }

    /// Visits every leaf position at `depth`.
    fn leaves(&self, pos: &Pos, dice: Dice, depth: u32, leaf: &mut dyn FnMut(&Pos)) {
        match self.mode {
            PerftMode::Standard => standard_leaves(pos, depth, leaf),
            PerftMode::Die(die) => die_leaves(pos, die, depth, leaf),
            PerftMode::AlternatingDie(die) => alternating_leaves(pos, die, depth, leaf),
            PerftMode::Roll(_) => {
                roll_leaves(pos, dice, self.rules.get_king_capture(), depth, leaf);
            }
        }
    }

    /// The first moves of a one-move-per-ply mode.
    fn first_moves(&self, pos: &Pos) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        let mut push = |mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        };
        let _ = match self.mode {
            PerftMode::Standard => standard::generate(pos, &mut push),
            PerftMode::Die(die) => pos.generate(die, false, &mut push),
            PerftMode::AlternatingDie(die) => pos.generate(die, die == Role::King, &mut push),
            PerftMode::Roll(_) => ControlFlow::Continue(()),
        };
        moves
    }
}

/// Standard chess: leaves at `depth` plies, counting the last ply in bulk.
fn standard_count(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    let _ = standard::generate(pos, &mut |mv| {
        nodes += if depth == 1 {
            1
        } else {
            standard_count(&standard::after(pos, &mv), depth - 1)
        };
        ControlFlow::Continue(())
    });
    nodes
}

/// Standard chess, visiting every leaf position.
fn standard_leaves(pos: &Pos, depth: u32, leaf: &mut dyn FnMut(&Pos)) {
    if depth == 0 {
        leaf(pos);
        return;
    }
    let _ = standard::generate(pos, &mut |mv| {
        standard_leaves(&standard::after(pos, &mv), depth - 1, leaf);
        ControlFlow::Continue(())
    });
}

/// One die at every ply, the side to move never changing; a king capture ends the line.
fn die_leaves(pos: &Pos, die: Role, depth: u32, leaf: &mut dyn FnMut(&Pos)) {
    if depth == 0 {
        leaf(pos);
        return;
    }
    let _ = pos.generate(die, false, &mut |mv| {
        let mut next = *pos;
        next.make(&mv);
        if mv.kind != MoveKind::KingCapture {
            die_leaves(&next, die, depth - 1, leaf);
        } else if depth == 1 {
            leaf(&next);
        }
        ControlFlow::Continue(())
    });
}

/// The position after one micro-move of the alternating mode: the move, then the turn ends.
#[inline]
fn alternated(pos: &Pos, mv: &Move) -> Pos {
    let mut next = *pos;
    next.make(mv);
    next.end_turn();
    next
}

/// The alternating mode, counting the last ply in bulk.
fn alternating_count(pos: &Pos, die: Role, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0u64;
    let _ = pos.generate(die, die == Role::King, &mut |mv| {
        nodes += if depth == 1 {
            1
        } else {
            alternating_count(&alternated(pos, &mv), die, depth - 1)
        };
        ControlFlow::Continue(())
    });
    nodes
}

/// The alternating mode, visiting every leaf position.
fn alternating_leaves(pos: &Pos, die: Role, depth: u32, leaf: &mut dyn FnMut(&Pos)) {
    if depth == 0 {
        leaf(pos);
        return;
    }
    let _ = pos.generate(die, die == Role::King, &mut |mv| {
        alternating_leaves(&alternated(pos, &mv), die, depth - 1, leaf);
        ControlFlow::Continue(())
    });
}

/// Full turns, each rolling `roll`; a king capture ends the game (no deeper turns).
fn roll_leaves(
    pos: &Pos,
    roll: Dice,
    reading: KingCapture,
    turns: u32,
    leaf: &mut dyn FnMut(&Pos),
) {
    if turns == 0 {
        leaf(pos);
        return;
    }
    walk::turns(pos, roll, reading, &mut |_, next, game_over| {
        if !game_over {
            roll_leaves(next, roll, reading, turns - 1, leaf);
        } else if turns == 1 {
            leaf(next);
        }
    });
}
