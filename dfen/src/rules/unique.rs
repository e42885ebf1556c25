//! Distinct positions at the final depth of a perft, and how en passant enters their identity.

use std::collections::HashSet;

use super::position::Pos;
use super::standard;
use crate::{Dfen, SquareSet};

/// How en-passant squares take part in a position's identity when counting distinct positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EpIdentity {
    /// Every en-passant square the position holds counts: exactly what the canonical DFEN
    /// keeps.
    #[default]
    Always,
    /// A square counts only when the side to move can capture onto it now: with a legal move in
    /// standard chess, with a pawn placed to take in Dice Chess. This is the identity behind
    /// the repetition rule of standard chess.
    Legal,
}

/// Whose rules decide whether an en-passant capture is legal, for [`EpIdentity::Legal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Game {
    /// Dice Chess: there is no check, so a capture counts whenever a pawn of the side to move
    /// stands placed to take (the dice are not consulted). What `perft --unique` uses with
    /// `--die` and `--roll`.
    #[default]
    DiceChess,
    /// Standard chess: the capture must also not leave the mover's own king attacked. What
    /// `perft --unique` uses with `--standard`.
    Standard,
}

impl EpIdentity {
    /// The en-passant squares of `pos` that take part in its identity.
    fn squares(self, pos: &Pos, game: Game) -> u64 {
        match self {
            EpIdentity::Always => pos.ep,
            EpIdentity::Legal => pos
                .ep_capture_moves()
                .filter(|mv| game == Game::DiceChess || standard::is_legal(pos, mv))
                .fold(0, |acc, mv| acc | 1u64 << mv.to.index()),
        }
    }
}

/// The identity key of `position` with en passant taken as `ep` asks: the key of
/// [`Dfen::identity_key`] (every field but the clocks), after dropping, for
/// [`EpIdentity::Legal`], each en-passant square the side to move cannot capture onto now
/// under `game`'s rules. This is the identity `perft --unique` counts, so files deduplicated
/// with it agree with perft's distinct positions.
///
/// With [`EpIdentity::Legal`] the side to move's own targets (left by its own double pushes
/// earlier in a Dice Chess turn) never count, since it cannot capture them itself.
///
/// ```
/// use dfen::rules::{identity_key, EpIdentity, Game};
/// // After 1. e4 nothing can capture on e3: the target is structural only.
/// let after_e4: dfen::Dfen =
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse().unwrap();
/// assert_eq!(
///     identity_key(&after_e4, EpIdentity::Always, Game::Standard),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 -"
/// );
/// assert_eq!(
///     identity_key(&after_e4, EpIdentity::Legal, Game::Standard),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - -"
/// );
/// ```
#[must_use]
pub fn identity_key(position: &Dfen, ep: EpIdentity, game: Game) -> String {
    match ep {
        EpIdentity::Always => position.identity_key(),
        EpIdentity::Legal => {
            let mut reduced = position.clone();
            reduced.en_passant = SquareSet(ep.squares(&Pos::from_dfen(position), game));
            reduced.identity_key()
        }
    }
}

/// A stable 64-bit hash of [`identity_key`]: FNV-1a ([`crate::fnv1a64`]) over its bytes. With
/// [`EpIdentity::Always`] it equals [`Dfen::identity_hash`].
///
/// ```
/// use dfen::rules::{identity_hash, EpIdentity, Game};
/// let a: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
/// assert_eq!(identity_hash(&a, EpIdentity::Always, Game::DiceChess), a.identity_hash());
/// ```
#[must_use]
pub fn identity_hash(position: &Dfen, ep: EpIdentity, game: Game) -> u64 {
    crate::fnv1a64(identity_key(position, ep, game).as_bytes())
}

/// A perft count with the distinct positions among its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct UniqueCount {
    /// Leaves (move sequences) at the final depth.
    pub nodes: u64,
    /// Distinct positions among them (clocks ignored).
    pub unique: u64,
    /// Leaves whose position an earlier leaf already reached (transpositions): `nodes - unique`.
    pub collisions: u64,
}

/// Collects leaf identities.
pub(crate) struct Distinct {
    ep: EpIdentity,
    game: Game,
    seen: HashSet<Pos>,
    nodes: u64,
}

impl Distinct {
    pub(crate) fn new(ep: EpIdentity, game: Game) -> Distinct {
        Distinct {
            ep,
            game,
            seen: HashSet::new(),
            nodes: 0,
        }
    }

    /// The identity of `pos`: clocks zeroed, en passant reduced as asked.
    fn key(&self, pos: &Pos) -> Pos {
        let mut key = *pos;
        key.halfmove = 0;
        key.fullmove = 0;
        key.ep = self.ep.squares(pos, self.game);
        key
    }

    pub(crate) fn add(&mut self, pos: &Pos) {
        self.nodes += 1;
        let key = self.key(pos);
        self.seen.insert(key);
    }

    pub(crate) fn finish(self) -> UniqueCount {
        let unique = self.seen.len() as u64;
        UniqueCount {
            nodes: self.nodes,
            unique,
            collisions: self.nodes - unique,
        }
    }
}
