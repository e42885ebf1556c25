//! Distinct positions at the final depth of a perft, and how en passant enters their identity.

use std::collections::HashSet;

use super::position::Pos;
use super::standard;
use crate::{Dfen, SquareSet};

/// Which en-passant squares a position keeps: in what the [`Writer`](crate::Writer) writes,
/// and in a position's identity ([`identity_key`], `perft --unique`, `dedupe`). One setting
/// for both, so that a file written with a policy and deduplicated with it agree.
///
/// Each square is judged on its own, so the policies apply to DFEN's several squares as to
/// standard FEN's one (`spec/identity.md` §5):
///
/// - [`Always`](EnPassantPolicy::Always): every square the position holds: what is written is
///   kept.
/// - [`Fen`](EnPassantPolicy::Fen): every square a double push could have left, capture or not:
///   on its rank, empty, the pushed pawn in front of it, and at a fresh turn not the side to
///   move's own (what `DFEN221`–`DFEN223` drop). The original FEN rule.
/// - [`XFen`](EnPassantPolicy::XFen): a square onto which a pawn of the side to move can
///   capture, pseudo-legally: the opponent's square with a pawn of the side to move beside the
///   pushed pawn.
/// - [`Legal`](EnPassantPolicy::Legal): a square onto which a legal capture exists: under
///   [`Game::Standard`] it must not leave the mover's king attacked; Dice Chess has no check,
///   so under [`Game::DiceChess`] it is [`XFen`](EnPassantPolicy::XFen). python-chess's
///   default, and the identity behind standard chess's repetition rule.
///
/// With a policy, positions that differ only in a dead en-passant square share one identity.
///
/// ```
/// use dfen::{EnPassantPolicy, Game};
/// // d6 and f6: the e5 pawn can take on d6; nothing stands beside f5.
/// let dfen: dfen::Dfen = "4k3/8/8/3pPp2/8/8/8/4K3 w - d6 0 2".parse().unwrap();
/// let names = |policy: EnPassantPolicy| policy.squares(&dfen, Game::Standard).iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(names(EnPassantPolicy::Legal), ["d6"]);
/// assert_eq!("xfen".parse::<EnPassantPolicy>(), Ok(EnPassantPolicy::XFen));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EnPassantPolicy {
    /// Every square the position holds: exactly what the canonical DFEN keeps.
    #[default]
    Always,
    /// Every square a double push could have left, capture or not (`fen`).
    Fen,
    /// A square a pawn of the side to move can capture onto, pseudo-legally (`xfen`).
    XFen,
    /// A square a legal capture can be made onto now (`legal`). Under [`Game::Standard`] the
    /// capture must not leave the mover's king attacked.
    Legal,
}

/// The name `perft --unique` and `dedupe` first gave the en-passant identity: the same type.
pub type EpIdentity = EnPassantPolicy;

impl EnPassantPolicy {
    /// Every policy, in the order `--help` lists them.
    pub const ALL: [EnPassantPolicy; 4] = [
        EnPassantPolicy::Always,
        EnPassantPolicy::Fen,
        EnPassantPolicy::XFen,
        EnPassantPolicy::Legal,
    ];

    /// `always`, `fen`, `xfen` or `legal`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EnPassantPolicy::Always => "always",
            EnPassantPolicy::Fen => "fen",
            EnPassantPolicy::XFen => "xfen",
            EnPassantPolicy::Legal => "legal",
        }
    }

    /// The en-passant squares of `position` this policy keeps, with `game` deciding what a
    /// legal capture is.
    #[must_use]
    pub fn squares(self, position: &Dfen, game: Game) -> SquareSet {
        match self {
            EnPassantPolicy::Always => position.en_passant,
            EnPassantPolicy::Fen => SquareSet(
                position
                    .en_passant
                    .iter()
                    .filter(|&square| {
                        crate::validate::could_be_left_by_double_push(position, square)
                    })
                    .fold(0, |set, square| set | 1u64 << square.index()),
            ),
            EnPassantPolicy::XFen | EnPassantPolicy::Legal => {
                let fen = EnPassantPolicy::Fen.squares(position, game);
                let mut pos = Pos::from_dfen(position);
                pos.ep = fen.0;
                SquareSet(self.pos_squares(&pos, game))
            }
        }
    }

    /// The en-passant squares of `pos` that take part in its identity.
    fn pos_squares(self, pos: &Pos, game: Game) -> u64 {
        match self {
            EnPassantPolicy::Always => pos.ep,
            EnPassantPolicy::Fen => pos.ep & pos.structural_ep(),
            EnPassantPolicy::XFen => pos
                .ep_capture_moves()
                .fold(0, |acc, mv| acc | 1u64 << mv.to.index()),
            EnPassantPolicy::Legal => pos
                .ep_capture_moves()
                .filter(|mv| game == Game::DiceChess || standard::is_legal(pos, mv))
                .fold(0, |acc, mv| acc | 1u64 << mv.to.index()),
        }
    }
}

impl std::fmt::Display for EnPassantPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for EnPassantPolicy {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<EnPassantPolicy, crate::InvalidValue> {
        EnPassantPolicy::ALL
            .into_iter()
            .find(|policy| policy.name() == text)
            .ok_or_else(|| {
                crate::InvalidValue::new(format!(
                    "unknown en-passant policy `{text}`: expected `always`, `fen`, `xfen` or `legal`"
                ))
            })
    }
}

/// Whose rules decide whether an en-passant capture is legal, for [`EpIdentity::Legal`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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
    if ep == EnPassantPolicy::Always || position.en_passant.is_empty() {
        return position.identity_key();
    }
    let mut reduced = position.clone();
    reduced.en_passant = ep.squares(position, game);
    reduced.identity_key()
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
    if ep == EnPassantPolicy::Always || position.en_passant.is_empty() {
        return position.identity_hash();
    }
    let mut reduced = position.clone();
    reduced.en_passant = ep.squares(position, game);
    reduced.identity_hash()
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
        key.ep = self.ep.pos_squares(pos, self.game);
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
