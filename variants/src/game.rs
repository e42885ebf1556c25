//! What a position offers through its variant's rules: legal moves, playing a move, perft,
//! status and outcome. Each call dispatches once on the variant to code compiled for its
//! rules type, so that the hot loops call no rule through a pointer.

use crate::position::{Color, Move, Position};
use crate::rules::{
    self, Antichess, Atomic, Chess, Crazyhouse, Horde, KingOfTheHill, RacingKings, Rules,
    ThreeCheck, VariantEnd,
};
use crate::status::{Outcome, Status, Termination};
use crate::variant::Variant;

/// Runs `$body` with `$r` bound to the concrete rules of `$variant`.
macro_rules! with_rules {
    ($variant:expr, |$r:ident| $body:expr) => {
        match $variant {
            Variant::Chess => {
                let $r = &Chess;
                $body
            }
            Variant::Antichess => {
                let $r = &Antichess { castling: false };
                $body
            }
            Variant::Giveaway => {
                let $r = &Antichess { castling: true };
                $body
            }
            Variant::Atomic => {
                let $r = &Atomic;
                $body
            }
            Variant::Horde => {
                let $r = &Horde;
                $body
            }
            Variant::RacingKings => {
                let $r = &RacingKings;
                $body
            }
            Variant::KingOfTheHill => {
                let $r = &KingOfTheHill;
                $body
            }
            Variant::ThreeCheck => {
                let $r = &ThreeCheck;
                $body
            }
            Variant::Crazyhouse => {
                let $r = &Crazyhouse;
                $body
            }
        }
    };
}

impl Position {
    /// The legal moves, in no particular order.
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// // Antichess: a capture is possible, so only captures are legal.
    /// let pos = Position::from_fen(Variant::Antichess, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", false).unwrap();
    /// let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.uci(false)).collect();
    /// assert_eq!(moves, ["e4d5"]);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Appends the legal moves to `out`.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        with_rules!(self.variant, |r| r.legal_moves(self, out));
    }

    /// Plays `m`, which must be one of [`Position::legal_moves`] (anything else leaves an
    /// unspecified but well-formed position).
    pub fn play_unchecked(&mut self, m: Move) {
        with_rules!(self.variant, |r| rules::play(r, self, m));
    }

    /// The position after `m`.
    #[must_use]
    pub fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(m);
        next
    }

    /// The pieces giving check to the side to move (none in antichess, nor in atomic while the
    /// kings touch).
    #[must_use]
    pub fn checkers(&self) -> u64 {
        with_rules!(self.variant, |r| r.checkers(self))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// Whether the game has ended by the variant's own rule.
    #[must_use]
    pub fn is_variant_end(&self) -> bool {
        with_rules!(self.variant, |r| r.is_variant_end(self))
    }

    /// python-chess's `status()`: why the position is invalid in its variant.
    ///
    /// ```
    /// use variants::{Position, Status, Variant};
    /// let horde = Position::start(Variant::Horde);
    /// assert!(horde.status().is_valid());
    /// let kings = Position::from_fen(Variant::Horde, "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", false).unwrap();
    /// assert_eq!(kings.status(), Status::TOO_MANY_KINGS);
    /// ```
    #[must_use]
    pub fn status(&self) -> Status {
        with_rules!(self.variant, |r| r.status(self))
    }

    /// How the game has ended, as python-chess's `outcome()` says (repetitions aside).
    ///
    /// ```
    /// use variants::{Position, Termination, Variant};
    /// let hill = Position::from_fen(Variant::KingOfTheHill, "8/8/8/4k3/8/8/8/4K3 w - - 0 1", false).unwrap();
    /// assert_eq!(hill.outcome().unwrap().termination, Termination::VariantLoss);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        with_rules!(self.variant, |r| outcome(r, self))
    }

    /// The number of leaf positions `depth` plies from here.
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// assert_eq!(Position::start(Variant::Horde).perft(2), 128);
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        with_rules!(self.variant, |r| {
            let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
            perft_with(r, self, depth, &mut buffers)
        })
    }
}

fn perft_with<R: Rules>(rules: &R, pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((moves, rest)) = buffers.split_first_mut() else {
        return 0;
    };
    moves.clear();
    rules.legal_moves(pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let mut next = pos.clone();
        rules::play(rules, &mut next, m);
        nodes += perft_with(rules, &next, depth - 1, rest);
    }
    nodes
}

/// python-chess's `outcome()` without repetitions.
pub(crate) fn outcome<R: Rules + ?Sized>(rules: &R, pos: &Position) -> Option<Outcome> {
    let turn = pos.turn;
    let ended = |termination, winner| {
        Some(Outcome {
            termination,
            winner,
        })
    };
    match rules.variant_end(pos) {
        Some(VariantEnd::Loss) => return ended(Termination::VariantLoss, Some(turn.other())),
        Some(VariantEnd::Win) => return ended(Termination::VariantWin, Some(turn)),
        Some(VariantEnd::Draw) => return ended(Termination::VariantDraw, None),
        None => {}
    }
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let in_check = rules.checkers(pos) != 0;
    if in_check && moves.is_empty() {
        return ended(Termination::Checkmate, Some(turn.other()));
    }
    if rules.has_insufficient_material(pos, Color::White)
        && rules.has_insufficient_material(pos, Color::Black)
    {
        return ended(Termination::InsufficientMaterial, None);
    }
    if moves.is_empty() {
        return ended(Termination::Stalemate, None);
    }
    if pos.halfmove >= 150 && rules.variant() != crate::Variant::Crazyhouse {
        return ended(Termination::SeventyFiveMoves, None);
    }
    None
}
