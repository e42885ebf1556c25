//! Distinct positions at the final depth of a perft, and how en passant enters their identity.

use std::collections::HashSet;

use super::position::Pos;
use super::standard;

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

/// A perft count with the distinct positions among its leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    standard: bool,
    seen: HashSet<Pos>,
    nodes: u64,
}

impl Distinct {
    pub(crate) fn new(ep: EpIdentity, standard: bool) -> Distinct {
        Distinct {
            ep,
            standard,
            seen: HashSet::new(),
            nodes: 0,
        }
    }

    /// The identity of `pos`: clocks zeroed, en passant reduced as asked.
    fn key(&self, pos: &Pos) -> Pos {
        let mut key = *pos;
        key.halfmove = 0;
        key.fullmove = 0;
        if self.ep == EpIdentity::Legal {
            key.ep = pos
                .ep_capture_moves()
                .filter(|mv| !self.standard || standard::is_legal(pos, mv))
                .fold(0, |acc, mv| acc | 1u64 << mv.to.index());
        }
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
