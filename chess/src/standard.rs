//! Standard chess: the legal moves of a position, playing them, check and mate.
//!
//! This is the move generator behind `perft --standard` ([`dfen::rules::PerftMode::Standard`]),
//! offered for standard chess: one move per turn, every role at once, and a move that leaves
//! the mover's king attacked is illegal. It is what [`san`](crate::san) resolves moves
//! against and what [`epd`](crate::epd) checks the moves of an EPD line with. The Dice Chess
//! rules ([`rules`](dfen::rules)) are separate and unchanged.
//!
//! A [`Position`] is read from a [`Dfen`] (its dice, if any, are ignored); [`ChessMove`]s come
//! only from its [`Position::legal_moves`] (or from parsing SAN or UCI against it), so a move
//! always carries what it does: the moving role, a capture, en passant, a promotion, castling.
//!
//! ```
//! use chess::standard::{Castling, Position};
//!
//! let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! assert_eq!(chess::standard::legal_moves(&start).len(), 20);
//!
//! // Castling is a move of its own kind, king side or queen side.
//! let castle: dfen::Dfen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
//! let mut position = Position::new(&castle);
//! let short = position.legal_moves().into_iter().find(|m| m.castling() == Some(Castling::KingSide)).unwrap();
//! assert_eq!(short.to_string(), "e1g1"); // UCI
//! position.play(&short)?;
//! assert_eq!(position.to_dfen().to_string(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1 -");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use dfen::rules::bitboard::{
    Bits, KING, KNIGHT, PAWN, RANK_1, RANK_3, RANK_6, RANK_8, bishop_attacks, rook_attacks,
};
use dfen::rules::position::Pos;
use dfen::rules::standard;
use dfen::rules::{Move, MoveKind};
use dfen::rules::{Perft, PerftMode};
use dfen::{Color, Dfen, DicePool, Role, Square};

/// Which side a king castles to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Castling {
    /// Towards the h-file: `O-O`.
    KingSide,
    /// Towards the a-file: `O-O-O`.
    QueenSide,
}

impl Castling {
    /// The SAN of the castling: `O-O` or `O-O-O`.
    ///
    /// ```
    /// assert_eq!(chess::standard::Castling::QueenSide.san(), "O-O-O");
    /// ```
    #[must_use]
    pub const fn san(self) -> &'static str {
        match self {
            Castling::KingSide => "O-O",
            Castling::QueenSide => "O-O-O",
        }
    }
}

/// A legal move of a standard-chess [`Position`].
///
/// [`Display`](fmt::Display) writes UCI: `e2e4`, `e7e8q`, castling as the king's move (`e1g1`).
/// The move's SAN depends on the position: [`San::of`](crate::san::San::of).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChessMove(Move);

impl ChessMove {
    /// The role of the piece that moves (the king, for castling).
    #[must_use]
    pub const fn role(&self) -> Role {
        self.0.die
    }

    /// The square the piece leaves (the king's square, for castling).
    #[must_use]
    pub const fn from(&self) -> Square {
        self.0.from
    }

    /// The square the piece lands on (the king's destination, for castling).
    #[must_use]
    pub const fn to(&self) -> Square {
        self.0.to
    }

    /// The role a pawn promotes to, if it does.
    #[must_use]
    pub const fn promotion(&self) -> Option<Role> {
        self.0.promotion
    }

    /// Whether the move takes a piece (en passant included).
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.0.kind.is_capture()
    }

    /// Whether the move is a pawn's capture en passant.
    #[must_use]
    pub fn is_en_passant(&self) -> bool {
        self.0.kind == MoveKind::EnPassant
    }

    /// The side castled to, for a castling move.
    #[must_use]
    pub fn castling(&self) -> Option<Castling> {
        castling_of(&self.0)
    }

    /// The move's UCI spelling as a value.
    #[must_use]
    pub const fn uci(&self) -> dfen::rules::UciMove {
        self.0.uci()
    }
}

/// The side a castling move castles to; `None` for any other move. The one place that reads
/// the side from the squares of the move.
fn castling_of(mv: &Move) -> Option<Castling> {
    (mv.kind == MoveKind::Castling).then(|| {
        if mv.to.file() > mv.from.file() {
            Castling::KingSide
        } else {
            Castling::QueenSide
        }
    })
}

impl fmt::Display for ChessMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.uci(), f)
    }
}

/// A standard-chess position: the placement, the side to move, castling rights, the
/// en-passant square and the clocks of a [`Dfen`] (its dice are not part of it).
///
/// ```
/// use chess::standard::Position;
/// let mated: dfen::Dfen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse()?;
/// let position = Position::new(&mated);
/// assert!(position.is_check() && position.is_checkmate());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pos: Pos,
}

/// The one legal move [`Position::named_move`] found, whether it gives check, and whether other
/// pieces of its role may legally move to its square: any, one on its file, one on its rank.
pub(crate) struct Named {
    pub(crate) mv: ChessMove,
    pub(crate) check: bool,
    pub(crate) peers: (bool, bool, bool),
}

/// The error of [`Position::play`]: the move is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    mv: ChessMove,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move: expected a legal move of the position, found {}",
            self.mv
        )
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// The position of `dfen`, its dice ignored.
    #[must_use]
    pub fn new(dfen: &Dfen) -> Position {
        Position {
            pos: Pos::from_dfen(dfen),
        }
    }

    /// The position as a [`Dfen`] with no dice pending.
    #[must_use]
    pub fn to_dfen(&self) -> Dfen {
        self.pos.to_dfen(DicePool::EMPTY)
    }

    /// The side to move.
    #[must_use]
    pub const fn side(&self) -> Color {
        self.pos.side
    }

    /// The fullmove number: 1 at the start, one more after each of Black's moves.
    #[must_use]
    pub const fn fullmove(&self) -> u32 {
        self.pos.fullmove
    }

    /// Visits the legal moves, in the generator's order, until `visit` breaks.
    pub(crate) fn visit_legal(&self, visit: &mut impl FnMut(ChessMove) -> ControlFlow<()>) {
        let _ = standard::generate(&self.pos, &mut |mv| visit(ChessMove(mv)));
    }

    /// Visits the legal moves of one role, in the generator's order.
    pub(crate) fn visit_role(&self, role: Role, visit: &mut impl FnMut(ChessMove)) {
        self.visit_pseudo_legal(role, &mut |mv| {
            if self.is_legal(&mv) {
                visit(mv);
            }
        });
    }

    /// Visits the moves of one role that obey the piece rules but may leave the king attacked
    /// ([`Position::is_legal`] tells); for the king, its castling moves first.
    #[inline]
    pub(crate) fn visit_pseudo_legal(&self, role: Role, visit: &mut impl FnMut(ChessMove)) {
        if role == Role::King {
            self.visit_castling(visit);
        }
        let _ = self.pos.generate(role, false, &mut |mv| {
            visit(ChessMove(mv));
            ControlFlow::Continue(())
        });
    }

    /// Visits the castling moves that the rights and the pieces allow (they may still pass
    /// through an attacked square: [`Position::is_legal`] tells), Chess960's included (a king
    /// and a rook with a right wherever they stand on the back rank). The one place that asks
    /// the rules for castling.
    fn visit_castling(&self, visit: &mut impl FnMut(ChessMove)) {
        let _ = standard::generate_castling(&self.pos, &mut |mv| {
            visit(ChessMove(mv));
            ControlFlow::Continue(())
        });
    }

    /// Visits the moves of one role that land on `to` and obey the piece rules (they may leave
    /// the king attacked), as [`Position::visit_pseudo_legal`] gives them, found from the square
    /// they land on: the pieces that attack it, the pawns behind it. Reading SAN needs no other
    /// move.
    #[inline]
    pub(crate) fn visit_to(&self, role: Role, to: Square, visit: &mut impl FnMut(ChessMove)) {
        let pos = &self.pos;
        let us = pos.side.index();
        let them = us ^ 1;
        let target = usize::from(to.index());
        let bit = 1u64 << target;
        let occupied = pos.occupied();
        // A piece of the mover's own stands there: no move lands on it.
        if pos.colors.get(us).is_some_and(|own| own & bit != 0) {
            return;
        }
        let kind = if pos.pieces(them, Role::King) & bit != 0 {
            MoveKind::KingCapture
        } else if occupied & bit != 0 {
            MoveKind::Capture
        } else {
            MoveKind::Quiet
        };
        let attackers = match role {
            Role::Knight => KNIGHT.get(target).copied().unwrap_or(0),
            Role::Bishop => bishop_attacks(target, occupied),
            Role::Rook => rook_attacks(target, occupied),
            Role::Queen => bishop_attacks(target, occupied) | rook_attacks(target, occupied),
            Role::King => {
                if bit & (RANK_1 | RANK_8) != 0 {
                    self.visit_castling(&mut |mv| {
                        if mv.to() == to {
                            visit(mv);
                        }
                    });
                }
                KING.get(target).copied().unwrap_or(0)
            }
            Role::Pawn => return self.visit_pawns_to(to, kind, visit),
        };
        for from in Bits(attackers & pos.pieces(us, role)) {
            visit(move_of(role, from, to, None, kind));
        }
    }

    /// [`Position::visit_to`] for pawns: a push from behind, a double push from the start rank,
    /// a capture (en passant included) from a square diagonally behind; each move to the last
    /// rank once per promotion, queen first. `kind` is what stands on the target.
    #[inline]
    fn visit_pawns_to(&self, to: Square, kind: MoveKind, visit: &mut impl FnMut(ChessMove)) {
        let pos = &self.pos;
        let us = pos.side.index();
        let them = us ^ 1;
        let target = usize::from(to.index());
        let bit = 1u64 << target;
        let pawns = pos.pieces(us, Role::Pawn);
        let empty = !pos.occupied();
        let (behind, start_rank, last_rank, ep_rank) = match pos.side {
            Color::White => (bit >> 8, RANK_1 << 8, RANK_8, RANK_6),
            Color::Black => (bit << 8, RANK_8 >> 8, RANK_1, RANK_3),
        };
        let promotions: &[Option<Role>] = if bit & last_rank != 0 {
            &[
                Some(Role::Queen),
                Some(Role::Rook),
                Some(Role::Bishop),
                Some(Role::Knight),
            ]
        } else {
            &[None]
        };
        let mut each_promotion = |from: usize, kind: MoveKind| {
            for &promotion in promotions {
                visit(move_of(Role::Pawn, from, to, promotion, kind));
            }
        };
        if kind == MoveKind::Quiet {
            if behind & pawns != 0 {
                each_promotion(behind.trailing_zeros() as usize, MoveKind::Quiet);
            }
            let two_behind = match pos.side {
                Color::White => behind >> 8,
                Color::Black => behind << 8,
            };
            if behind & empty != 0 && two_behind & pawns & start_rank != 0 {
                let from = two_behind.trailing_zeros() as usize;
                each_promotion(from, MoveKind::DoublePush);
            }
        }
        // The squares from which a pawn of the mover's attacks the target.
        let sources = PAWN
            .get(them)
            .and_then(|table| table.get(target))
            .copied()
            .unwrap_or(0)
            & pawns;
        let capture = match kind {
            // A pawn that takes the king does not promote: the game is over.
            MoveKind::KingCapture => {
                for from in Bits(sources) {
                    visit(move_of(Role::Pawn, from, to, None, MoveKind::KingCapture));
                }
                return;
            }
            MoveKind::Capture => MoveKind::Capture,
            _ => {
                // En passant: onto a target square of the opponent's, with their pawn beyond.
                let beyond = match pos.side {
                    Color::White => bit >> 8,
                    Color::Black => bit << 8,
                };
                if pos.ep & ep_rank & bit == 0 || pos.pieces(them, Role::Pawn) & beyond == 0 {
                    return;
                }
                MoveKind::EnPassant
            }
        };
        for from in Bits(sources) {
            each_promotion(from, capture);
        }
    }

    /// The occupied squares after `mv`, a move that is not castling, and the square of the
    /// piece it takes (the pawn's, en passant), as bitboards: no position is made.
    #[inline]
    fn board_after(&self, mv: &ChessMove) -> (u64, u64) {
        let pos = &self.pos;
        let from_bit = 1u64 << mv.from().index();
        let to_bit = 1u64 << mv.to().index();
        let taken = if mv.is_en_passant() {
            match pos.side {
                Color::White => to_bit >> 8,
                Color::Black => to_bit << 8,
            }
        } else {
            to_bit
        };
        ((pos.occupied() & !from_bit & !taken) | to_bit, taken)
    }

    /// Whether the mover's king is not attacked after `mv`, a move of
    /// [`Position::visit_pseudo_legal`] that is not castling, on the board
    /// [`Position::board_after`] gives.
    #[inline]
    fn king_safe_after(&self, mv: &ChessMove, occupied: u64, taken: u64) -> bool {
        let pos = &self.pos;
        let us = pos.side.index();
        let them = us ^ 1;
        let theirs = |role: Role| pos.pieces(them, role) & !taken;
        let king = if mv.role() == Role::King {
            1u64 << mv.to().index()
        } else {
            pos.pieces(us, Role::King)
        };
        if king == 0 {
            return true;
        }
        let square = king.trailing_zeros() as usize;
        let queens = theirs(Role::Queen);
        let diagonal = theirs(Role::Bishop) | queens;
        let straight = theirs(Role::Rook) | queens;
        // The sliders on a line with the king, each of which attacks it when no piece stands
        // between them: one table look-up each, no ray walked.
        let sliders = (DIAGONALS.get(square).copied().unwrap_or(0) & diagonal)
            | (STRAIGHTS.get(square).copied().unwrap_or(0) & straight);
        let attacked = PAWN
            .get(us)
            .and_then(|table| table.get(square))
            .is_some_and(|attacks| attacks & theirs(Role::Pawn) != 0)
            || KNIGHT
                .get(square)
                .is_some_and(|attacks| attacks & theirs(Role::Knight) != 0)
            || KING
                .get(square)
                .is_some_and(|attacks| attacks & theirs(Role::King) != 0)
            || Bits(sliders).any(|slider| between(square, slider) & occupied == 0);
        !attacked
    }

    /// [`Position::is_legal`] by [`Position::king_safe_after`] for every move but castling:
    /// no position is made.
    #[inline]
    fn is_legal_here(&self, mv: &ChessMove) -> bool {
        if mv.castling().is_some() {
            return self.is_legal(mv);
        }
        let (occupied, taken) = self.board_after(mv);
        self.king_safe_after(mv, occupied, taken)
    }

    /// Whether `mv`, a move of [`Position::visit_pseudo_legal`], gives check, when it is legal;
    /// `None` when it is not. One move made answers both, for [`san`](crate::san).
    #[inline]
    pub(crate) fn check_if_legal(&self, mv: &ChessMove) -> Option<bool> {
        if mv.castling().is_some() {
            return self.is_legal(mv).then(|| self.after(mv).is_check());
        }
        let (occupied, taken) = self.board_after(mv);
        if !self.king_safe_after(mv, occupied, taken) {
            return None;
        }
        let pos = &self.pos;
        let them = pos.side.index() ^ 1;
        let theirs = |role: Role| pos.pieces(them, role) & !taken;
        let their_king = theirs(Role::King);
        if their_king == 0 {
            return Some(false);
        }
        Some(gives_check(
            pos,
            mv,
            occupied,
            their_king.trailing_zeros() as usize,
        ))
    }

    /// The one legal move that a piece of `role` on a square of `from` makes to `to`, read from
    /// the board in one pass: the pieces of that role that reach the square (their attacks
    /// from it, or the pawns behind it), then the legality and the check of each. `capture`
    /// is whether the text marks a capture; for a pawn it also says which kind of move (a
    /// push, or a capture along a diagonal, en passant included). `None` whenever the answer
    /// is not one legal move written with this capture mark and promotion (no move, several,
    /// a capture mark that does not match, a king taken, a castling): the full reader
    /// ([`Position::visit_to`]) answers those, with the reason.
    #[inline]
    pub(crate) fn named_move(
        &self,
        role: Role,
        to: Square,
        from: u64,
        capture: bool,
        promotion: Option<Role>,
    ) -> Option<Named> {
        let pos = &self.pos;
        let white = pos.side == Color::White;
        let us = pos.side.index();
        let them = us ^ 1;
        let target = usize::from(to.index());
        let bit = 1u64 << target;
        let occupied = pos.occupied();
        let theirs = pos.colors.get(them).copied().unwrap_or(0);
        // Onto a piece of the mover's own, or onto a king: the full reader's cases.
        if (occupied & !theirs | pos.pieces(them, Role::King)) & bit != 0 {
            return None;
        }
        let taken = theirs & bit != 0;
        let (kind, origins) = if role == Role::Pawn {
            let pawns = pos.pieces(us, Role::Pawn);
            let last = if white { RANK_8 } else { RANK_1 };
            if (bit & last != 0) != promotion.is_some() {
                return None;
            }
            if capture {
                let kind = if taken {
                    MoveKind::Capture
                } else {
                    let (ep_rank, beyond) = if white {
                        (RANK_6, bit >> 8)
                    } else {
                        (RANK_3, bit << 8)
                    };
                    if pos.ep & ep_rank & bit == 0 || pos.pieces(them, Role::Pawn) & beyond == 0 {
                        return None;
                    }
                    MoveKind::EnPassant
                };
                let sources = PAWN
                    .get(them)
                    .and_then(|table| table.get(target))
                    .copied()
                    .unwrap_or(0);
                (kind, sources & pawns)
            } else {
                if taken {
                    return None;
                }
                let behind = if white { bit >> 8 } else { bit << 8 };
                let (two_behind, start_rank) = if white {
                    (behind >> 8, RANK_1 << 8)
                } else {
                    (behind << 8, RANK_8 >> 8)
                };
                if behind & pawns != 0 {
                    (MoveKind::Quiet, behind)
                } else if behind & occupied == 0 && two_behind & pawns & start_rank != 0 {
                    (MoveKind::DoublePush, two_behind)
                } else {
                    return None;
                }
            }
        } else {
            if promotion.is_some() || capture != taken {
                return None;
            }
            let attacks = match role {
                Role::Knight => KNIGHT.get(target).copied().unwrap_or(0),
                Role::Bishop => bishop_attacks(target, occupied),
                Role::Rook => rook_attacks(target, occupied),
                Role::Queen => bishop_attacks(target, occupied) | rook_attacks(target, occupied),
                Role::King => KING.get(target).copied().unwrap_or(0),
                Role::Pawn => 0,
            };
            let kind = if taken {
                MoveKind::Capture
            } else {
                MoveKind::Quiet
            };
            (kind, attacks & pos.pieces(us, role))
        };
        let mut found = None;
        for square in Bits(origins & from) {
            let mv = move_of(role, square, to, promotion, kind);
            if let Some(check) = self.check_if_legal(&mv) {
                if found.is_some() {
                    return None;
                }
                found = Some((mv, check));
            }
        }
        let (mv, check) = found?;
        // The other pieces of the role that may legally move there, for the disambiguation.
        let moved = 1u64 << mv.from().index();
        let mut peers = (false, false, false);
        if role != Role::Pawn {
            for square in Bits(origins & !moved) {
                let other = move_of(role, square, to, None, kind);
                if self.check_if_legal(&other).is_some() {
                    let other = other.from();
                    peers.0 = true;
                    peers.1 |= other.file() == mv.from().file();
                    peers.2 |= other.rank() == mv.from().rank();
                }
            }
        }
        Some(Named { mv, check, peers })
    }

    /// Whether a move of [`Position::visit_pseudo_legal`] is legal: it does not leave the
    /// mover's king attacked, and castling does not start in, pass through or land on an
    /// attacked square.
    #[inline]
    pub(crate) fn is_legal(&self, mv: &ChessMove) -> bool {
        standard::is_legal(&self.pos, &mv.0)
    }

    /// The legal moves: by role (pawn first), then from-square, then to-square (a1 < b1 < …
    /// < h8), then promotion `q`, `r`, `b`, `n`.
    ///
    /// ```
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
    /// let moves = chess::standard::Position::new(&position).legal_moves();
    /// let names: Vec<String> = moves.iter().map(ToString::to_string).collect();
    /// assert_eq!(names, ["e2e3", "e2e4", "e1d1", "e1f1", "e1d2", "e1f2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> Vec<ChessMove> {
        let mut moves = Vec::with_capacity(48);
        self.visit_legal(&mut |mv| {
            moves.push(mv);
            ControlFlow::Continue(())
        });
        moves.sort_unstable_by_key(|mv| dfen::rules::sort_key(&mv.0));
        moves
    }

    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        // The king first: in check (when mate is asked about) its own moves are the likeliest
        // way out, and a king has few moves to try.
        [
            Role::King,
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
        .into_iter()
        .any(|role| {
            // Stopped at the first legal move.
            let mut legal = |mv: Move| {
                if self.is_legal_here(&ChessMove(mv)) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            (role == Role::King && standard::generate_castling(&self.pos, &mut legal).is_break())
                || self.pos.generate(role, false, &mut legal).is_break()
        })
    }

    /// Whether the king of the side to move is attacked.
    #[must_use]
    #[inline]
    pub fn is_check(&self) -> bool {
        let us = self.pos.side.index();
        let king = self.pos.pieces(us, Role::King);
        king != 0 && self.pos.attacked(king.trailing_zeros() as usize, us ^ 1)
    }

    /// Whether the side to move is in check and has no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// The position after `mv`, which must be a move of this position (unchecked).
    #[inline]
    pub(crate) fn after(&self, mv: &ChessMove) -> Position {
        Position {
            pos: standard::after(&self.pos, &mv.0),
        }
    }

    /// Plays `mv`: the move, then the turn passes to the other side (the clocks move as in
    /// FEN: the halfmove clock resets on pawn moves and captures, the fullmove number grows
    /// after Black's move).
    ///
    /// # Errors
    /// [`IllegalMove`] when `mv` is not a legal move of this position (a move of another
    /// position).
    ///
    /// ```
    /// use chess::standard::Position;
    /// let start: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
    /// let mut position = Position::new(&start);
    /// let push = position.legal_moves()[1];
    /// position.play(&push)?;
    /// assert_eq!(position.to_dfen().to_string(), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 -");
    /// assert!(position.play(&push).is_err()); // e2e4 again: not a move of this position
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: &ChessMove) -> Result<(), IllegalMove> {
        let mut legal = false;
        self.visit_role(mv.role(), &mut |candidate| legal |= candidate == *mv);
        if !legal {
            return Err(IllegalMove { mv: *mv });
        }
        *self = self.after(mv);
        Ok(())
    }

    /// Plays a null move (`--` in PGN, `0000` in UCI): nothing moves, the en-passant squares
    /// lapse, the halfmove clock grows and the turn passes.
    ///
    /// ```
    /// use chess::standard::Position;
    /// let e4: dfen::Dfen = "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1".parse()?;
    /// let mut position = Position::new(&e4);
    /// position.play_null();
    /// assert_eq!(position.to_dfen().to_string(), "4k3/8/8/8/3pP3/8/8/4K3 w - - 1 2 -");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) {
        self.pos = standard::after_null(&self.pos);
    }

    /// The square of the rook a castling move castles with; `None` for any other move. UCI's
    /// Chess960 spelling writes castling as the king taking this rook (`e1h1`).
    ///
    /// ```
    /// use chess::standard::Position;
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1".parse()?;
    /// let position = Position::new(&dfen);
    /// let castle = chess::san::parse(&position, "O-O")?.mv;
    /// assert_eq!(position.castling_rook(&castle).map(|s| s.to_string()).as_deref(), Some("h1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn castling_rook(&self, mv: &ChessMove) -> Option<Square> {
        mv.castling()?;
        let castle = dfen::rules::position::castling_squares(
            &mv.0,
            self.pos.pieces(self.pos.side.index(), Role::Rook),
        );
        Square::from_index(u8::try_from(castle.rook_from).ok()?)
    }

    /// Plays `mv`, a legal move that this position gave (from [`Position::legal_moves`], or
    /// read against it by [`san::parse`](crate::san::parse)), without checking it again: what
    /// a reader that has just resolved the move needs. A move of another position leaves the
    /// position unspecified (never a panic).
    ///
    /// ```
    /// use chess::standard::Position;
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
    /// let mut position = Position::new(&start);
    /// let mv = chess::san::parse(&position, "Nf3")?.mv;
    /// position.play_unchecked(&mv);
    /// assert_eq!(position.to_dfen().to_string(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1 -");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn play_unchecked(&mut self, mv: &ChessMove) {
        // Made where the position stands: no copy of it out and back.
        standard::play(&mut self.pos, &mv.0);
    }

    /// Whether `mv` gives check, and whether it mates.
    pub(crate) fn check_after(&self, mv: &ChessMove) -> (bool, bool) {
        let next = self.after(mv);
        let check = next.is_check();
        (check, check && !next.has_legal_moves())
    }

    /// Whether `mv`, a move known to give check, mates: the opponent has no legal move after
    /// it (the check is not looked for again).
    pub(crate) fn mate_after(&self, mv: &ChessMove) -> bool {
        !self.after(mv).has_legal_moves()
    }

    /// The leaves of the standard-chess move tree at `depth` plies (perft), as
    /// [`rules::Perft`](dfen::rules::Perft) counts them with [`PerftMode::Standard`].
    ///
    /// ```
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
    /// assert_eq!(chess::standard::Position::new(&start).perft(3), 8_902);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        // The standard mode cannot fail: it counts any board as it stands.
        Perft::new(PerftMode::Standard, depth)
            .count(&self.to_dfen())
            .unwrap_or(0)
    }

    /// The colour of the piece on `square`, if a piece stands there.
    pub(crate) fn color_at(&self, square: Square) -> Option<Color> {
        let bit = 1u64 << square.index();
        [Color::White, Color::Black].into_iter().find(|color| {
            self.pos
                .colors
                .get(color.index())
                .is_some_and(|set| set & bit != 0)
        })
    }

    /// The piece role on `square`, if a piece stands there.
    pub(crate) fn role_at(&self, square: Square) -> Option<Role> {
        let bit = 1u64 << square.index();
        if self.pos.occupied() & bit == 0 {
            return None;
        }
        Role::ALL.into_iter().find(|role| {
            self.pos
                .roles
                .get(*role as usize)
                .is_some_and(|set| set & bit != 0)
        })
    }
}

/// The squares on a diagonal with each square, on an empty board.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static DIAGONALS: [u64; 64] = lines_where(true);

/// The squares on a rank or file with each square, on an empty board.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static STRAIGHTS: [u64; 64] = lines_where(false);

/// The squares on a diagonal (`diagonal`) or on a rank or file with each square.
#[allow(clippy::indexing_slicing)]
const fn lines_where(diagonal: bool) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut square = 0;
    while square < 64 {
        let (file, rank) = ((square % 8) as i8, (square / 8) as i8);
        let mut bits = 0u64;
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i8, (other / 8) as i8);
            let (df, dr) = (f - file, r - rank);
            let on = if diagonal {
                df == dr || df == -dr
            } else {
                df == 0 || dr == 0
            };
            if other != square && on {
                bits |= 1u64 << other;
            }
            other += 1;
        }
        table[square] = bits;
        square += 1;
    }
    table
}

/// Whether `mv`, a legal move of `pos` that is not castling, attacks the opposing king on
/// `king`: the piece that moved attacks it from its new square, or it uncovered a rook, bishop
/// or queen of its side. `occupied` is the board's occupied squares after the move. The same
/// answer as the position after the move gives, found from the move rather than from all the
/// pieces.
#[inline]
fn gives_check(pos: &Pos, mv: &ChessMove, occupied: u64, king: usize) -> bool {
    let us = pos.side.index();
    let to = usize::from(mv.to().index());
    let to_bit = 1u64 << to;
    let king_bit = 1u64 << king;
    let diagonals = DIAGONALS.get(king).copied().unwrap_or(0);
    let straights = STRAIGHTS.get(king).copied().unwrap_or(0);
    // The piece on its new square attacks the king: a pawn or a knight by its attacks, a slider
    // when it stands on one of its lines with the king and nothing stands between them. Each
    // kind is chosen by the role as a value (conditional moves, no table on the stack), with no
    // branch on the role, which the processor could not foresee.
    let role = mv.promotion().unwrap_or(mv.role());
    let pawn = PAWN
        .get(us)
        .and_then(|table| table.get(to))
        .copied()
        .unwrap_or(0);
    let knight = KNIGHT.get(to).copied().unwrap_or(0);
    let jumps = match role {
        Role::Pawn => pawn,
        Role::Knight => knight,
        _ => 0,
    };
    let lines = match role {
        Role::Bishop => diagonals,
        Role::Rook => straights,
        Role::Queen => diagonals | straights,
        _ => 0,
    };
    let direct =
        jumps & king_bit != 0 || (lines & to_bit != 0 && between(to, king) & occupied == 0);
    if direct {
        return true;
    }
    // A discovered check needs an emptied square on a line with the king: the square moved from,
    // or the square of a pawn taken en passant.
    let moved = 1u64 << mv.from().index();
    let mut emptied = moved;
    if mv.is_en_passant() {
        emptied |= match pos.side {
            Color::White => to_bit >> 8,
            Color::Black => to_bit << 8,
        };
    }
    if (diagonals | straights) & emptied == 0 {
        return false;
    }
    // The mover's sliders other than the one that moved (its new square was looked at above)
    // on a line with the king, with nothing left between them.
    let queens = pos.pieces(us, Role::Queen) & !moved;
    let sliders = (diagonals & ((pos.pieces(us, Role::Bishop) & !moved) | queens))
        | (straights & ((pos.pieces(us, Role::Rook) & !moved) | queens));
    Bits(sliders).any(|slider| between(king, slider) & occupied == 0)
}

/// The squares strictly between two squares on one rank, file or diagonal; none for two
/// squares on no common line.
#[inline]
fn between(a: usize, b: usize) -> u64 {
    BETWEEN
        .get(a)
        .and_then(|row| row.get(b))
        .copied()
        .unwrap_or(0)
}

/// [`between`] for every pair of squares (32 KiB).
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let (file, rank) = ((a % 8) as i8, (a / 8) as i8);
        let mut b = 0;
        while b < 64 {
            let (df, dr) = ((b % 8) as i8 - file, (b / 8) as i8 - rank);
            if a != b && (df == 0 || dr == 0 || df == dr || df == -dr) {
                let (sf, sr) = (df.signum(), dr.signum());
                let (mut f, mut r) = (file + sf, rank + sr);
                let mut bits = 0u64;
                while f != file + df || r != rank + dr {
                    bits |= 1u64 << (r * 8 + f);
                    f += sf;
                    r += sr;
                }
                table[a][b] = bits;
            }
            b += 1;
        }
        a += 1;
    }
    table
};

/// A move of `role` from the square with index `from` to `to`.
fn move_of(
    role: Role,
    from: usize,
    to: Square,
    promotion: Option<Role>,
    kind: MoveKind,
) -> ChessMove {
    ChessMove(Move {
        from: dfen::rules::position::square(from),
        to,
        promotion,
        die: role,
        kind,
    })
}

/// The legal standard-chess moves of `position` ([`Position::legal_moves`]).
///
/// ```
/// let position: dfen::Dfen = "7k/8/8/8/8/8/8/K7 w - - 0 1".parse()?;
/// assert_eq!(chess::standard::legal_moves(&position).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn legal_moves(position: &Dfen) -> Vec<ChessMove> {
    Position::new(position).legal_moves()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_strategies::Rng;

    /// The moves found from the target square are exactly the generator's moves to it, for
    /// every role and square of positions from random play (the perft positions' castling,
    /// en passant and promotions included).
    #[test]
    fn moves_found_from_the_target_are_the_generators() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        let mut rng = Rng(0x7157_0000_0000_0001);
        let mut compared = 0usize;
        for start in starts {
            for _ in 0..20 {
                let mut position = Position::new(&start.parse().unwrap());
                for _ in 0..40 {
                    for role in Role::ALL {
                        let mut generated = Vec::new();
                        position.visit_pseudo_legal(role, &mut |mv| generated.push(mv));
                        for index in 0..64 {
                            let to = Square::from_index(index).unwrap();
                            let mut found = Vec::new();
                            position.visit_to(role, to, &mut |mv| found.push(mv));
                            let mut expected: Vec<ChessMove> = generated
                                .iter()
                                .copied()
                                .filter(|mv| mv.to() == to)
                                .collect();
                            let key = |mv: &ChessMove| dfen::rules::sort_key(&mv.0);
                            found.sort_by_key(key);
                            expected.sort_by_key(key);
                            assert_eq!(found, expected, "{} {role:?} to {to}", position.to_dfen());
                            compared += found.len();
                        }
                    }
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position = position.after(&moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(compared > 50_000, "{compared}");
    }

    /// The check a move gives, read from the move, is the check the position after it has,
    /// for every legal move of positions from random play (discovered checks, en passant,
    /// promotions and castling included); and a move is legal by that reading exactly when it
    /// is by the generator's.
    #[test]
    fn the_check_a_move_gives_is_the_check_after_it() {
        let starts = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 1",
            "3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1",
        ];
        let mut rng = Rng(0x7157_0000_0000_0002);
        let (mut moves_seen, mut checks, mut mates) = (0usize, 0usize, 0usize);
        for start in starts {
            for _ in 0..40 {
                let mut position = Position::new(&start.parse().unwrap());
                for _ in 0..60 {
                    let moves = position.legal_moves();
                    assert_eq!(position.has_legal_moves(), !moves.is_empty());
                    if moves.is_empty() {
                        break;
                    }
                    for role in Role::ALL {
                        position.visit_pseudo_legal(role, &mut |mv| {
                            assert_eq!(
                                position.check_if_legal(&mv).is_some(),
                                position.is_legal(&mv),
                                "{} {mv}",
                                position.to_dfen()
                            );
                        });
                    }
                    for mv in &moves {
                        let expected = position.after(mv).is_check();
                        assert_eq!(
                            position.check_if_legal(mv),
                            Some(expected),
                            "{} {mv}",
                            position.to_dfen()
                        );
                        moves_seen += 1;
                        checks += usize::from(expected);
                        if expected {
                            // Mate after a check: the early-stopping search against the
                            // generator's whole list.
                            let next = position.after(mv);
                            assert_eq!(
                                next.has_legal_moves(),
                                !next.legal_moves().is_empty(),
                                "{} {mv}",
                                position.to_dfen()
                            );
                            mates += usize::from(!next.has_legal_moves());
                        }
                    }
                    position = position.after(&moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(
            moves_seen > 100_000 && checks > 2_000 && mates > 10,
            "{moves_seen} {checks} {mates}"
        );
    }
}
