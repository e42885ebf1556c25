//! Standard chess: the legal moves of a position, playing them, check and mate.
//!
//! This is the move generator behind `perft --standard` ([`rules::PerftMode::Standard`]),
//! offered for standard chess: one move per turn, every role at once, and a move that leaves
//! the mover's king attacked is illegal. It is what [`san`](crate::san) resolves moves
//! against and what [`epd`](crate::epd) checks the moves of an EPD line with. The Dice Chess
//! rules ([`rules`](crate::rules)) are separate and unchanged.
//!
//! A [`Position`] is read from a [`Dfen`] (its dice, if any, are ignored); [`ChessMove`]s come
//! only from its [`Position::legal_moves`] (or from parsing SAN or UCI against it), so a move
//! always carries what it does: the moving role, a capture, en passant, a promotion, castling.
//!
//! ```
//! use dfen::chess::{Castling, Position};
//!
//! let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
//! assert_eq!(dfen::chess::legal_moves(&start).len(), 20);
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

use crate::rules::moves::{Move, MoveKind};
use crate::rules::position::Pos;
use crate::rules::standard;
use crate::rules::{Perft, PerftMode};
use crate::{Color, Dfen, DicePool, Role, Square};

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
    /// assert_eq!(dfen::chess::Castling::QueenSide.san(), "O-O-O");
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
/// The move's SAN depends on the position: [`Position::san`].
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
    pub const fn uci(&self) -> crate::rules::UciMove {
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
/// use dfen::chess::Position;
/// let mated: dfen::Dfen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse()?;
/// let position = Position::new(&mated);
/// assert!(position.is_check() && position.is_checkmate());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pos: Pos,
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

    /// Visits the legal moves, in the generator's order, until `visit` breaks.
    pub(crate) fn visit_legal(&self, visit: &mut impl FnMut(ChessMove) -> ControlFlow<()>) {
        let _ = standard::generate(&self.pos, &mut |mv| visit(ChessMove(mv)));
    }

    /// Visits the legal moves of one role, in the generator's order.
    pub(crate) fn visit_role(&self, role: Role, visit: &mut impl FnMut(ChessMove)) {
        let pos = &self.pos;
        let _ = pos.generate(role, true, &mut |mv| {
            if standard::is_legal(pos, &mv) {
                visit(ChessMove(mv));
            }
            ControlFlow::Continue(())
        });
    }

    /// Visits the moves of one role that obey the piece rules but may leave the king attacked.
    pub(crate) fn visit_pseudo_legal(&self, role: Role, visit: &mut impl FnMut(ChessMove, bool)) {
        let pos = &self.pos;
        let _ = pos.generate(role, true, &mut |mv| {
            visit(ChessMove(mv), standard::is_legal(pos, &mv));
            ControlFlow::Continue(())
        });
    }

    /// The legal moves: by role (pawn first), then from-square, then to-square (a1 < b1 < …
    /// < h8), then promotion `q`, `r`, `b`, `n`.
    ///
    /// ```
    /// let position: dfen::Dfen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse()?;
    /// let moves = dfen::chess::Position::new(&position).legal_moves();
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
        moves.sort_unstable_by_key(|mv| crate::rules::sort_key(&mv.0));
        moves
    }

    /// Whether the side to move has a legal move.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        let mut any = false;
        self.visit_legal(&mut |_| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    /// Whether the king of the side to move is attacked.
    #[must_use]
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
    /// use dfen::chess::Position;
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

    /// Whether `mv` gives check, and whether it mates.
    pub(crate) fn check_after(&self, mv: &ChessMove) -> (bool, bool) {
        let next = self.after(mv);
        let check = next.is_check();
        (check, check && !next.has_legal_moves())
    }

    /// The leaves of the standard-chess move tree at `depth` plies (perft), as
    /// [`rules::Perft`](crate::rules::Perft) counts them with [`PerftMode::Standard`].
    ///
    /// ```
    /// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
    /// assert_eq!(dfen::chess::Position::new(&start).perft(3), 8_902);
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

/// The legal standard-chess moves of `position` ([`Position::legal_moves`]).
///
/// ```
/// let position: dfen::Dfen = "7k/8/8/8/8/8/8/K7 w - - 0 1".parse()?;
/// assert_eq!(dfen::chess::legal_moves(&position).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn legal_moves(position: &Dfen) -> Vec<ChessMove> {
    Position::new(position).legal_moves()
}
