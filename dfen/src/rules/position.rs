//! The engine's own position: bitboards, converted from and to [`Dfen`] at the boundary.
//!
//! Move generation is pseudo-legal Dice Chess generation per die (there is no check rule);
//! standard chess adds a legality filter on top in [`super::standard`].

use std::ops::ControlFlow;

use super::bitboard::{
    Bits, KING, KNIGHT, PAWN, RANK_1, RANK_3, RANK_6, RANK_8, bishop_attacks, rook_attacks,
};
use super::moves::{Move, MoveKind};
use crate::{Board, CastlingRights, Color, Dfen, DicePool, Piece, Role, Square, SquareSet};

pub(crate) const A1: Square = match Square::from_index(0) {
    Some(square) => square,
    None => panic!("a1 is a square"),
};

/// The square with index `index` (masked to 0–63).
#[inline(always)]
pub fn square(index: usize) -> Square {
    Square::from_index((index & 63) as u8).unwrap_or(A1)
}

/// The back rank of each colour: rank 1 for White, rank 8 for Black.
pub(crate) const BACK_RANK: [u64; 2] = [RANK_1, RANK_8];

/// A multiset of up to three dice, as counts per role.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Dice {
    counts: [u8; 6],
    len: u8,
}

impl Dice {
    pub(crate) fn from_pool(pool: &DicePool) -> Dice {
        let mut dice = Dice::default();
        for role in pool.iter() {
            dice.counts[role as usize] += 1;
            dice.len += 1;
        }
        dice
    }

    #[inline]
    pub(crate) fn len(self) -> u8 {
        self.len
    }

    #[inline]
    pub(crate) fn contains(self, role: Role) -> bool {
        self.counts[role as usize] > 0
    }

    /// The dice after removing one of `role` (unchanged when there is none).
    #[inline]
    pub(crate) fn without(mut self, role: Role) -> Dice {
        if self.counts[role as usize] > 0 {
            self.counts[role as usize] -= 1;
            self.len -= 1;
        }
        self
    }

    /// The dice after paying for `mv`.
    #[inline]
    pub(crate) fn pay(self, mv: &Move) -> Dice {
        match mv.kind {
            MoveKind::Castling => self.without(Role::King).without(Role::Rook),
            _ => self.without(mv.die),
        }
    }

    /// The distinct roles present, in die order.
    #[inline]
    pub(crate) fn distinct(self) -> impl Iterator<Item = Role> {
        Role::ALL
            .into_iter()
            .filter(move |r| self.counts[*r as usize] > 0)
    }

    /// The one role present, for a single die.
    pub(crate) fn first(self) -> Option<Role> {
        self.distinct().next()
    }

    pub(crate) fn to_pool(self) -> DicePool {
        let roles = Role::ALL
            .into_iter()
            .flat_map(|r| std::iter::repeat_n(r, self.counts[r as usize] as usize));
        DicePool::from_roles(roles).unwrap_or(DicePool::EMPTY)
    }
}

/// A position without its dice: bitboards per colour and per role, and the other fields.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Pos {
    /// The squares of each colour's pieces: White's, then Black's.
    pub colors: [u64; 2],
    /// The squares of each role's pieces, by [`Role`] as an index.
    pub roles: [u64; 6],
    /// The side to move.
    pub side: Color,
    /// The squares of the rooks with a castling right (White's on rank 1, Black's on rank 8).
    pub(crate) castling: u64,
    /// The en-passant squares.
    pub ep: u64,
    pub(crate) halfmove: u32,
    /// The fullmove number, at least 1.
    pub fullmove: u32,
}

impl Pos {
    /// The position of `dfen`, its dice left out.
    pub fn from_dfen(dfen: &Dfen) -> Pos {
        let mut pos = Pos {
            colors: [0; 2],
            roles: [0; 6],
            side: dfen.side,
            castling: dfen.castling.rook_squares().0,
            ep: dfen.en_passant.0,
            halfmove: dfen.halfmove,
            fullmove: dfen.fullmove.get(),
        };
        for (square, piece) in dfen.board.pieces() {
            let bit = 1u64 << square.index();
            pos.colors[piece.color.index()] |= bit;
            pos.roles[piece.role as usize] |= bit;
        }
        pos
    }

    /// This position as a [`Dfen`] with `dice`.
    pub fn to_dfen(self, dice: DicePool) -> Dfen {
        let mut board = Board::empty();
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for role in Role::ALL {
                for sq in Bits(self.colors[c] & self.roles[role as usize]) {
                    board.set(square(sq), Some(Piece { color, role }));
                }
            }
        }
        Dfen {
            board,
            side: self.side,
            castling: CastlingRights::from_rook_squares(SquareSet(self.castling)),
            en_passant: SquareSet(self.ep),
            halfmove: self.halfmove,
            // At least 1: read from a `Dfen`, and only ever incremented (saturating).
            fullmove: std::num::NonZeroU32::new(self.fullmove).unwrap_or(std::num::NonZeroU32::MIN),
            dice,
        }
    }

    /// The occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    /// The squares of the pieces of colour `color` (0 White, 1 Black) and `role`.
    #[inline(always)]
    pub fn pieces(&self, color: usize, role: Role) -> u64 {
        self.colors[color] & self.roles[role as usize]
    }

    /// The role on `sq`, which must be occupied.
    #[inline]
    fn role_at(&self, bit: u64) -> Role {
        for role in Role::ALL {
            if self.roles[role as usize] & bit != 0 {
                return role;
            }
        }
        Role::Pawn
    }

    /// The opponent's en-passant targets the side to move may capture onto now: on the
    /// opponent's rank (6 for White to move, 3 for Black), empty, with an opposing pawn just
    /// beyond.
    #[inline]
    fn capturable_ep(&self) -> u64 {
        let empty = !self.occupied();
        match self.side {
            Color::White => self.ep & RANK_6 & empty & (self.pieces(1, Role::Pawn) << 8),
            Color::Black => self.ep & RANK_3 & empty & (self.pieces(0, Role::Pawn) >> 8),
        }
    }

    /// The en-passant squares a double push could have left, whoever's they are: empty, with
    /// the pushed pawn of their owner in front of them (rank 3 White's, rank 6 Black's).
    #[inline]
    pub(crate) fn structural_ep(&self) -> u64 {
        let empty = !self.occupied();
        empty
            & ((RANK_3 & (self.pieces(0, Role::Pawn) >> 8))
                | (RANK_6 & (self.pieces(1, Role::Pawn) << 8)))
    }

    /// The en-passant targets the side to move could capture onto with a pawn now (pseudo-legal).
    #[inline]
    pub(crate) fn ep_capture_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let us = self.side.index();
        let pawns = self.pieces(us, Role::Pawn);
        Bits(self.capturable_ep()).flat_map(move |to| {
            Bits(PAWN[us ^ 1][to] & pawns).map(move |from| Move {
                from: square(from),
                to: square(to),
                promotion: None,
                die: Role::Pawn,
                kind: MoveKind::EnPassant,
            })
        })
    }

    /// Visits the pseudo-legal micro-moves of the side to move for one die. Castling is
    /// generated with the King die only when `castling_paid` says a Rook die is also at hand.
    #[inline]
    pub fn generate<F>(&self, die: Role, castling_paid: bool, f: &mut F) -> ControlFlow<()>
    where
        F: FnMut(Move) -> ControlFlow<()>,
    {
        let us = self.side.index();
        let own = self.colors[us];
        let them = self.colors[us ^ 1];
        let their_king = self.pieces(us ^ 1, Role::King);
        let occ = own | them;
        let pieces = own & self.roles[die as usize];
        match die {
            Role::Pawn => return self.generate_pawns(f),
            Role::King if castling_paid => {
                // Castling first in the visit; the public list is sorted anyway.
                self.generate_castling(f)?;
            }
            _ => {}
        }
        for from in Bits(pieces) {
            let targets = match die {
                Role::Knight => KNIGHT[from],
                Role::Bishop => bishop_attacks(from, occ),
                Role::Rook => rook_attacks(from, occ),
                Role::Queen => bishop_attacks(from, occ) | rook_attacks(from, occ),
                Role::King => KING[from],
                Role::Pawn => 0,
            } & !own;
            for to in Bits(targets) {
                let bit = 1u64 << to;
                let kind = if bit & their_king != 0 {
                    MoveKind::KingCapture
                } else if bit & them != 0 {
                    MoveKind::Capture
                } else {
                    MoveKind::Quiet
                };
                f(Move {
                    from: square(from),
                    to: square(to),
                    promotion: None,
                    die,
                    kind,
                })?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Dice Chess castling (`spec/rules.md`): the king on e1 (e8), a right for the rook in
    /// the corner and the squares between them empty.
    fn generate_castling<F>(&self, f: &mut F) -> ControlFlow<()>
    where
        F: FnMut(Move) -> ControlFlow<()>,
    {
        let us = self.side.index();
        let base = match self.side {
            Color::White => 0usize,
            Color::Black => 56usize,
        };
        let king_home = 1u64 << (base + 4);
        if self.pieces(us, Role::King) & king_home == 0 {
            return ControlFlow::Continue(());
        }
        let rooks = self.pieces(us, Role::Rook) & self.castling;
        let occ = self.occupied();
        if rooks & (1 << (base + 7)) != 0 && occ & (0b0110_0000 << base) == 0 {
            f(Move {
                from: square(base + 4),
                to: square(base + 6),
                promotion: None,
                die: Role::King,
                kind: MoveKind::Castling,
            })?;
        }
        if rooks & (1 << base) != 0 && occ & (0b0000_1110 << base) == 0 {
            f(Move {
                from: square(base + 4),
                to: square(base + 2),
                promotion: None,
                die: Role::King,
                kind: MoveKind::Castling,
            })?;
        }
        ControlFlow::Continue(())
    }

    fn generate_pawns<F>(&self, f: &mut F) -> ControlFlow<()>
    where
        F: FnMut(Move) -> ControlFlow<()>,
    {
        let us = self.side.index();
        let them = self.colors[us ^ 1];
        let their_king = self.pieces(us ^ 1, Role::King);
        let empty = !self.occupied();
        let ep = self.capturable_ep();
        let (start_rank, last_rank) = match self.side {
            Color::White => (RANK_1 << 8, RANK_8),
            Color::Black => (RANK_8 >> 8, RANK_1),
        };
        for from in Bits(self.pieces(us, Role::Pawn)) {
            let from_bit = 1u64 << from;
            let one = match self.side {
                Color::White => from_bit << 8,
                Color::Black => from_bit >> 8,
            };
            if one & empty != 0 {
                let to = one.trailing_zeros() as usize;
                pawn_move(f, from, to, one & last_rank != 0, MoveKind::Quiet)?;
                if from_bit & start_rank != 0 {
                    let two = match self.side {
                        Color::White => one << 8,
                        Color::Black => one >> 8,
                    };
                    if two & empty != 0 {
                        pawn_move(
                            f,
                            from,
                            two.trailing_zeros() as usize,
                            false,
                            MoveKind::DoublePush,
                        )?;
                    }
                }
            }
            let attacks = PAWN[us][from];
            for to in Bits(attacks & (them | ep)) {
                let bit = 1u64 << to;
                if bit & their_king != 0 {
                    // No promotion: the game is over.
                    pawn_move(f, from, to, false, MoveKind::KingCapture)?;
                } else if bit & them != 0 {
                    pawn_move(f, from, to, bit & last_rank != 0, MoveKind::Capture)?;
                } else {
                    pawn_move(f, from, to, false, MoveKind::EnPassant)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the side to move has any move for one die alone (castling needs two dice).
    #[inline]
    pub(crate) fn has_any_move(&self, die: Role) -> bool {
        let us = self.side.index();
        let own = self.colors[us];
        let occ = self.occupied();
        let pieces = own & self.roles[die as usize];
        if pieces == 0 {
            return false;
        }
        match die {
            Role::Pawn => {
                let pushes = match self.side {
                    Color::White => pieces << 8,
                    Color::Black => pieces >> 8,
                };
                if pushes & !occ != 0 {
                    return true;
                }
                let targets = self.colors[us ^ 1] | self.capturable_ep();
                Bits(pieces).any(|from| PAWN[us][from] & targets != 0)
            }
            Role::Knight => Bits(pieces).any(|from| KNIGHT[from] & !own != 0),
            Role::King => Bits(pieces).any(|from| KING[from] & !own != 0),
            Role::Bishop => Bits(pieces).any(|from| bishop_attacks(from, occ) & !own != 0),
            Role::Rook => Bits(pieces).any(|from| rook_attacks(from, occ) & !own != 0),
            Role::Queen => Bits(pieces)
                .any(|from| (bishop_attacks(from, occ) | rook_attacks(from, occ)) & !own != 0),
        }
    }

    /// Applies a micro-move of the side to move, which keeps the move: the side does not
    /// change and no turn ends. Returns the captured role, if any.
    #[inline]
    pub(crate) fn make(&mut self, mv: &Move) -> Option<Role> {
        let us = self.side.index();
        let them = us ^ 1;
        let from = mv.from.index() as usize;
        let to = mv.to.index() as usize;
        let from_bit = 1u64 << from;
        let to_bit = 1u64 << to;

        if mv.kind == MoveKind::Castling {
            let castle = castling_squares(mv, self.pieces(us, Role::Rook));
            let king_from = 1u64 << castle.king_from;
            let rook_from = 1u64 << castle.rook_from;
            let king_to = 1u64 << castle.king_to;
            let rook_to = 1u64 << castle.rook_to;
            // Both leave first: in Chess960 either may land where the other stood.
            self.colors[us] &= !(king_from | rook_from);
            self.roles[Role::King as usize] &= !king_from;
            self.roles[Role::Rook as usize] &= !rook_from;
            self.colors[us] |= king_to | rook_to;
            self.roles[Role::King as usize] |= king_to;
            self.roles[Role::Rook as usize] |= rook_to;
            self.castling &= !BACK_RANK[us];
            self.halfmove = self.halfmove.saturating_add(1);
            return None;
        }

        let moving = mv.die;
        let mut captured = None;
        if mv.kind == MoveKind::EnPassant {
            let victim = match self.side {
                Color::White => to_bit >> 8,
                Color::Black => to_bit << 8,
            };
            self.colors[them] &= !victim;
            self.roles[Role::Pawn as usize] &= !victim;
            captured = Some(Role::Pawn);
        } else if self.colors[them] & to_bit != 0 {
            let role = self.role_at(to_bit);
            self.colors[them] &= !to_bit;
            self.roles[role as usize] &= !to_bit;
            if role == Role::Pawn {
                // The captured pawn's own target, if it stood on its post-double-push square.
                self.ep &= !owned_target(them, to_bit);
            }
            captured = Some(role);
        }

        self.colors[us] ^= from_bit | to_bit;
        self.roles[moving as usize] &= !from_bit;
        self.roles[mv.promotion.unwrap_or(moving) as usize] |= to_bit;

        // Any piece landing on a target removes it.
        self.ep &= !to_bit;
        if moving == Role::Pawn {
            // A pawn leaving its post-double-push square takes its target with it.
            self.ep &= !owned_target(us, from_bit);
            if mv.kind == MoveKind::DoublePush {
                self.ep |= 1u64 << ((from + to) / 2);
            }
        }
        // A rook that leaves or is taken loses its right; a king that moves loses both.
        self.castling &= !(from_bit | to_bit);
        if moving == Role::King {
            self.castling &= !BACK_RANK[us];
        }
        if moving == Role::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        captured
    }

    /// Ends the turn: the side flips, the new side loses its own old en-passant targets, and
    /// the fullmove number grows after Black's turn.
    #[inline]
    pub(crate) fn end_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opposite();
        self.ep &= match self.side {
            Color::White => !RANK_3,
            Color::Black => !RANK_6,
        };
    }

    /// Whether `sq` is attacked by `by`'s pieces (pawn, knight, bishop, rook, queen, king).
    #[inline]
    pub fn attacked(&self, sq: usize, by: usize) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// Whether `sq` is attacked by `by`'s pieces, with the sliders seeing `occ` as the
    /// occupied squares.
    #[inline]
    pub(crate) fn attacked_with(&self, sq: usize, by: usize, occ: u64) -> bool {
        let theirs = self.colors[by];
        let queens = self.roles[Role::Queen as usize];
        PAWN[by ^ 1][sq] & theirs & self.roles[Role::Pawn as usize] != 0
            || KNIGHT[sq] & theirs & self.roles[Role::Knight as usize] != 0
            || KING[sq] & theirs & self.roles[Role::King as usize] != 0
            || bishop_attacks(sq, occ) & theirs & (self.roles[Role::Bishop as usize] | queens) != 0
            || rook_attacks(sq, occ) & theirs & (self.roles[Role::Rook as usize] | queens) != 0
    }
}

/// Where the king and the rook of a castling move go from and to (square indexes).
pub struct CastlingSquares {
    pub(crate) king_from: usize,
    pub(crate) king_to: usize,
    /// The rook's square before castling.
    pub rook_from: usize,
    pub(crate) rook_to: usize,
}

/// The squares of castling move `mv`, whose side's rooks are `rooks`. A castling move is
/// written as the king's move to its destination (`e1g1`, standard castling) or as the king
/// taking its own rook (`f1h1`, every other Chess960 castling): the king ends on the g-file
/// (c-file) and the rook next to it on the f-file (d-file).
#[inline]
pub fn castling_squares(mv: &Move, rooks: u64) -> CastlingSquares {
    let from = mv.from.index() as usize;
    let to = mv.to.index() as usize;
    let base = from & !7;
    let king_side = to > from;
    let rook_from = if rooks & (1u64 << to) != 0 {
        to
    } else if king_side {
        base + 7
    } else {
        base
    };
    let (king_to, rook_to) = if king_side {
        (base + 6, base + 5)
    } else {
        (base + 2, base + 3)
    };
    CastlingSquares {
        king_from: from,
        king_to,
        rook_from,
        rook_to,
    }
}

/// The target a pawn of `color` on `pawn_bit` owns if it stands on its post-double-push rank.
#[inline(always)]
fn owned_target(color: usize, pawn_bit: u64) -> u64 {
    if color == 0 {
        (pawn_bit & (RANK_1 << 24)) >> 8
    } else {
        (pawn_bit & (RANK_1 << 32)) << 8
    }
}

#[inline(always)]
fn pawn_move<F>(
    f: &mut F,
    from: usize,
    to: usize,
    promotes: bool,
    kind: MoveKind,
) -> ControlFlow<()>
where
    F: FnMut(Move) -> ControlFlow<()>,
{
    let base = Move {
        from: square(from),
        to: square(to),
        promotion: None,
        die: Role::Pawn,
        kind,
    };
    if promotes {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            f(Move {
                promotion: Some(role),
                ..base
            })?;
        }
        ControlFlow::Continue(())
    } else {
        f(base)
    }
}
