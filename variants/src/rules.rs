//! The rules interface ([`Rules`]) and its implementation for each variant.
//!
//! Standard chess is the default of every method; a variant overrides what it changes, as
//! python-chess's variant boards override its `Board`:
//!
//! | variant | what it overrides |
//! |---|---|
//! | [`Chess`] | nothing |
//! | [`Antichess`] | no check, captures compulsory, kings promote, the game ends with a side's last piece |
//! | [`Atomic`] | captures explode, kings may touch, a move is legal unless the mover's king explodes or stands in check |
//! | [`Horde`] | White has no king; the game ends with a side's last piece |
//! | [`RacingKings`] | no move may give check; the game ends when a king reaches rank 8 |
//! | [`KingOfTheHill`] | the game ends when a king stands on d4, e4, d5 or e5 |
//! | [`ThreeCheck`] | each check counts; the third ends the game |
//! | [`Crazyhouse`] | captures go to the pocket; pieces are dropped |
//!
//! Every method is called through a concrete type in the hot paths (move generation and
//! perft are generic over `R: Rules`), and through `&dyn Rules` from the [table](crate::TABLE).

use std::fmt;

use crate::bitboard::{self as bb, Squares};
use crate::position::{Color, Move, MoveKind, Position, Role};
use crate::status::{self, Status};
use crate::variant::Variant;

/// The roles that move as they attack, every role but the pawn: the move generators' loop
/// over a side's pieces, after its pawns.
const PIECE_ROLES: [Role; 5] = [
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// How a game ended by a variant's own rule, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VariantEnd {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// Drawn.
    Draw,
}

/// The rules of one variant.
pub trait Rules: Sync + Send + fmt::Debug {
    /// The variant these rules are for.
    fn variant(&self) -> Variant;

    /// Whether the game has ended by the variant's own rule (then no move is legal).
    fn is_variant_end(&self, _pos: &Position) -> bool {
        false
    }

    /// The variant's own result, if its rule decides the game.
    fn variant_end(&self, _pos: &Position) -> Option<VariantEnd> {
        None
    }

    /// The pieces giving check to the side to move.
    fn checkers(&self, pos: &Position) -> u64 {
        standard_checkers(pos)
    }

    /// Whether the side not to move stands in check (it moved into check).
    fn was_into_check(&self, pos: &Position) -> bool {
        standard_was_into_check(pos)
    }

    /// Whether any square of `path` is attacked by the opponent, `occupied` blocking
    /// (castling's test of the king's path).
    fn attacked_for_king(&self, pos: &Position, path: u64, occupied: u64) -> bool {
        Squares(path).any(|sq| pos.attackers(pos.turn.other(), sq, occupied) != 0)
    }

    /// Whether a pawn may promote to a king.
    fn king_promotions(&self) -> bool {
        false
    }

    /// Appends the legal moves to `out`.
    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        standard_legal(self, pos, out);
    }

    /// What a capture does besides taking the piece: crazyhouse pockets it, atomic explodes.
    /// Called after the capturing piece stands on `to`.
    fn after_capture(&self, _pos: &mut Position, _to: u32, _captured: Role, _was_promoted: bool) {}

    /// What a move does once played, the turn passed: three-check counts a check.
    fn after_move(&self, _pos: &mut Position, _mover: Color) {}

    /// python-chess's `status()`: every reason the position is invalid.
    fn status(&self, pos: &Position) -> Status {
        base_status(self, pos)
    }

    /// Whether `color` cannot win by any series of legal moves, as python-chess judges it.
    fn has_insufficient_material(&self, pos: &Position, color: Color) -> bool {
        status::standard_insufficient_material(pos, color)
    }
}

/// The attackers of the side to move's unique king.
#[inline(always)]
pub(crate) fn standard_checkers(pos: &Position) -> u64 {
    match pos.king_of(pos.turn) {
        Some(king) => pos.attackers_sparse(pos.turn.other(), king, pos.occupied()),
        None => 0,
    }
}

#[inline(always)]
pub(crate) fn standard_was_into_check(pos: &Position) -> bool {
    match pos.king_of(pos.turn.other()) {
        Some(king) => pos.attackers_sparse(pos.turn, king, pos.occupied()) != 0,
        None => false,
    }
}

#[inline(always)]
fn push_promotions<R: Rules + ?Sized>(
    rules: &R,
    out: &mut Vec<Move>,
    from: u32,
    to: u32,
    capture: Option<Role>,
) {
    let mut m = Move {
        from: from as u8,
        to: to as u8,
        role: Role::Pawn,
        capture,
        promotion: None,
        kind: MoveKind::Normal,
    };
    if (1u64 << to) & bb::BACK_RANKS != 0 {
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            m.promotion = Some(role);
            out.push(m);
        }
        if rules.king_promotions() {
            m.promotion = Some(Role::King);
            out.push(m);
        }
    } else {
        out.push(m);
    }
}

/// python-chess's pseudo-legal moves (castling included) whose target is in `to_mask`.
pub(crate) fn pseudo_moves<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    to_mask: u64,
    out: &mut Vec<Move>,
) {
    let turn = pos.turn;
    let us = pos.pieces_of(turn);
    let them = pos.pieces_of(turn.other());
    let occupied = us | them;
    let pawns = pos.role(Role::Pawn) & us;

    for role in PIECE_ROLES {
        for from in Squares(pos.role(role) & us) {
            let targets = pos.attacks_from(from, turn, role) & !us & to_mask;
            for to in Squares(targets) {
                let capture = if them & (1 << to) != 0 {
                    pos.role_at(to)
                } else {
                    None
                };
                out.push(Move {
                    from: from as u8,
                    to: to as u8,
                    role,
                    capture,
                    promotion: None,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    castling_moves(rules, pos, to_mask, out);

    if pawns == 0 {
        return;
    }
    for from in Squares(pawns) {
        for to in Squares(bb::pawn(turn.index(), from) & them & to_mask) {
            push_promotions(rules, out, from, to, pos.role_at(to));
        }
    }
    let (single, double) = match turn {
        Color::White => {
            let single = (pawns << 8) & !occupied;
            (
                single,
                (single << 8) & !occupied & (bb::rank(2) | bb::rank(3)),
            )
        }
        Color::Black => {
            let single = (pawns >> 8) & !occupied;
            (
                single,
                (single >> 8) & !occupied & (bb::rank(5) | bb::rank(4)),
            )
        }
    };
    for to in Squares(single & to_mask) {
        let from = if turn == Color::White { to - 8 } else { to + 8 };
        push_promotions(rules, out, from, to, None);
    }
    for to in Squares(double & to_mask) {
        let from = if turn == Color::White {
            to - 16
        } else {
            to + 16
        };
        out.push(Move {
            from: from as u8,
            to: to as u8,
            role: Role::Pawn,
            capture: None,
            promotion: None,
            kind: MoveKind::Normal,
        });
    }
    if let Some(ep) = pos.ep_square()
        && to_mask & (1 << ep) != 0
        && occupied & (1 << ep) == 0
    {
        let rank = if turn == Color::White { 4 } else { 3 };
        let capturers = pawns & bb::pawn(turn.other().index(), ep) & bb::rank(rank);
        for from in Squares(capturers) {
            out.push(Move {
                from: from as u8,
                to: ep as u8,
                role: Role::Pawn,
                capture: Some(Role::Pawn),
                promotion: None,
                kind: MoveKind::EnPassant,
            });
        }
    }
}

/// python-chess's castling moves: the king (the lowest non-promoted one on the back rank)
/// with each rook it has a right for, when the squares between are free and the king's path is
/// not attacked.
fn castling_moves<R: Rules + ?Sized>(rules: &R, pos: &Position, to_mask: u64, out: &mut Vec<Move>) {
    let back = pos.turn.back_rank();
    let candidates = pos.castling_rooks() & back & to_mask;
    if candidates == 0 {
        return;
    }
    let kings = pos.pieces_of(pos.turn) & pos.role(Role::King) & !pos.promoted() & back;
    if kings == 0 {
        return;
    }
    let king = kings & kings.wrapping_neg();
    let king_sq = king.trailing_zeros();
    let occupied = pos.occupied();
    let rank = king_sq & !7;
    for candidate in Squares(candidates) {
        let rook = 1u64 << candidate;
        let a_side = rook < king;
        let (king_to_sq, rook_to_sq) = if a_side {
            (rank + 2, rank + 3)
        } else {
            (rank + 6, rank + 5)
        };
        let (king_to, rook_to) = (1u64 << king_to_sq, 1u64 << rook_to_sq);
        let king_path = bb::between(king_sq, king_to_sq);
        let rook_path = bb::between(candidate, rook_to_sq);
        if (occupied ^ king ^ rook) & (king_path | rook_path | king_to | rook_to) != 0
            || rules.attacked_for_king(pos, king_path | king, occupied ^ king)
            || rules.attacked_for_king(pos, king_to, occupied ^ king ^ rook ^ rook_to)
        {
            continue;
        }
        out.push(Move {
            from: king_sq as u8,
            to: candidate as u8,
            role: Role::King,
            capture: None,
            promotion: None,
            kind: MoveKind::Castle,
        });
    }
}

/// Legal moves as standard chess has them: pseudo-legal moves after which the side's king
/// (the highest of its kings, as python-chess picks it) is not attacked; every pseudo-legal
/// move for a side without a king. While that king is in check, no other king of the side
/// moves (python-chess generates evasions for the one king only).
pub(crate) fn standard_legal<R: Rules + ?Sized>(rules: &R, pos: &Position, out: &mut Vec<Move>) {
    if rules.is_variant_end(pos) {
        return;
    }
    let start = out.len();
    pseudo_moves(rules, pos, !0, out);
    let kings = pos.role(Role::King) & pos.pieces_of(pos.turn);
    if kings == 0 {
        return;
    }
    let king = 63 - kings.leading_zeros();
    let them = pos.turn.other();
    // In check, python-chess lets only that king step, and no other king take or block.
    let in_check = pos.attackers(them, king, pos.occupied()) != 0;
    let pinned = if in_check {
        !0
    } else {
        pinned(pos, king, them)
    };
    let mut kept = start;
    for i in start..out.len() {
        let m = out[i];
        let other_king = in_check && m.role == Role::King && u32::from(m.from) != king;
        // Out of check, a move of a piece that is not pinned (or a pinned one along its pin)
        // leaves the king as safe as it was: only the king's own steps and en passant, which
        // takes a second piece off the board, need the full test.
        let from = u32::from(m.from);
        let plain = !in_check
            && matches!(m.kind, MoveKind::Normal | MoveKind::Drop)
            && from != king
            && (pinned & (1u64 << from) == 0 || bb::line(king, from) & (1u64 << m.to) != 0);
        if plain || !other_king && is_safe(rules, pos, king, them, m) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The pieces of the side to move that stand alone between its king on `king` and a rook,
/// bishop or queen of `them` on the same line: the pieces that may leave it only along it.
#[inline(always)]
fn pinned(pos: &Position, king: u32, them: Color) -> u64 {
    let theirs = pos.pieces_of(them);
    let straight = (pos.role(Role::Rook) | pos.role(Role::Queen)) & theirs;
    let diagonal = (pos.role(Role::Bishop) | pos.role(Role::Queen)) & theirs;
    let snipers = (bb::rook(king, 0) & straight) | (bb::bishop(king, 0) & diagonal);
    let occupied = pos.occupied();
    let mut pinned = 0;
    for sniper in Squares(snipers) {
        let blockers = bb::between(sniper, king) & occupied;
        if blockers.count_ones() == 1 {
            pinned |= blockers & pos.pieces_of(pos.turn);
        }
    }
    pinned
}

/// Whether `m` leaves the king on `king` unattacked.
#[inline(always)]
fn is_safe<R: Rules + ?Sized>(rules: &R, pos: &Position, king: u32, them: Color, m: Move) -> bool {
    if m.kind == MoveKind::Castle {
        // Its path was tested when it was generated.
        return true;
    }
    let from_bit = 1u64 << m.from;
    let to_bit = 1u64 << m.to;
    if u32::from(m.from) == king {
        // The king steps: the target must not be attacked once the king has left.
        let occupied = pos.occupied() ^ from_bit;
        let attackers = pos.attackers(them, u32::from(m.to), occupied | to_bit) & !to_bit;
        return attackers == 0;
    }
    let _ = rules;
    let mut occupied = (pos.occupied() ^ from_bit) | to_bit;
    let mut removed = to_bit;
    if m.kind == MoveKind::EnPassant {
        let captured = if pos.turn == Color::White {
            m.to - 8
        } else {
            m.to + 8
        };
        occupied ^= 1u64 << captured;
        removed |= 1u64 << captured;
    }
    pos.attackers(them, king, occupied) & !removed == 0
}

/// Plays `m` (legal, or at least pseudo-legal) as python-chess's `push` does.
pub(crate) fn play<R: Rules + ?Sized>(rules: &R, pos: &mut Position, m: Move) {
    play_inner(rules, pos, m);
    // Rights follow from the moves now: as read and as used are one.
    pos.raw_castling = pos.castling;
}

fn play_inner<R: Rules + ?Sized>(rules: &R, pos: &mut Position, m: Move) {
    let ep_before = pos.ep.take();
    pos.halfmove += 1;
    let mover = pos.turn;
    if mover == Color::Black {
        pos.fullmove += 1;
    }
    let from = u32::from(m.from);
    let to = u32::from(m.to);
    if m.kind == MoveKind::Drop {
        pos.put(to, mover, m.role, false);
        if let Some(count) = pos.pockets[mover.index()].get_mut(m.role as usize) {
            *count = count.saturating_sub(1);
        }
        pos.turn = mover.other();
        rules.after_move(pos, mover);
        return;
    }
    let from_bit = 1u64 << from;
    let to_bit = 1u64 << to;
    let touched = from_bit | to_bit;
    if touched & pos.role(Role::Pawn) != 0 || touched & pos.pieces_of(mover.other()) != 0 {
        pos.halfmove = 0;
    }
    let mut promoted = pos.promoted & from_bit != 0;
    let Some(mut piece) = pos.remove(from) else {
        pos.turn = mover.other();
        return;
    };
    let mut captured = pos.role_at(to);
    pos.castling &= !touched;
    if piece == Role::King && !promoted {
        pos.castling &= !mover.back_rank();
    } else if captured == Some(Role::King) && pos.promoted & to_bit == 0 {
        if mover == Color::White && to / 8 == 7 {
            pos.castling &= !bb::RANK_8;
        } else if mover == Color::Black && to / 8 == 0 {
            pos.castling &= !bb::RANK_1;
        }
    }
    if piece == Role::Pawn {
        let diff = to as i32 - from as i32;
        if diff == 16 && from / 8 == 1 {
            pos.ep = Some((from + 8) as u8);
        } else if diff == -16 && from / 8 == 6 {
            pos.ep = Some((from - 8) as u8);
        } else if ep_before == Some(to as u8) && matches!(diff.abs(), 7 | 9) && captured.is_none() {
            let square = if mover == Color::White {
                to - 8
            } else {
                to + 8
            };
            captured = pos.remove(square);
        }
    }
    if let Some(role) = m.promotion {
        promoted = true;
        piece = role;
    }
    if piece == Role::King && pos.pieces_of(mover) & to_bit != 0 {
        let a_side = to % 8 < from % 8;
        pos.remove(to);
        let rank = from & !7;
        let (king_to, rook_to) = if a_side {
            (rank + 2, rank + 3)
        } else {
            (rank + 6, rank + 5)
        };
        pos.put(king_to, mover, Role::King, false);
        pos.put(rook_to, mover, Role::Rook, false);
    } else {
        let was_promoted = pos.promoted & to_bit != 0;
        pos.remove(to);
        pos.put(to, mover, piece, promoted);
        if let Some(captured) = captured {
            rules.after_capture(pos, to, captured, was_promoted);
        }
    }
    pos.turn = mover.other();
    rules.after_move(pos, mover);
}

/// Standard chess.
#[derive(Debug, Clone, Copy, Default)]
pub struct Chess;

impl Rules for Chess {
    fn variant(&self) -> Variant {
        Variant::Chess
    }
}

/// Antichess (`castling: false`) and giveaway (`castling: true`): python-chess's
/// `AntichessBoard` and `GiveawayBoard`, which play alike.
#[derive(Debug, Clone, Copy)]
pub struct Antichess {
    /// Whether castling rights are meaningful (giveaway) or a warning (antichess).
    pub castling: bool,
}

impl Rules for Antichess {
    fn variant(&self) -> Variant {
        if self.castling {
            Variant::Giveaway
        } else {
            Variant::Antichess
        }
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        pos.pieces_of(Color::White) == 0 || pos.pieces_of(Color::Black) == 0
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        if pos.pieces_of(pos.turn) == 0 {
            return Some(VariantEnd::Win);
        }
        if pos.pieces_of(pos.turn.other()) == 0 {
            return None;
        }
        // Stalemate wins too (python-chess's giveaway rule).
        let mut moves = Vec::new();
        self.legal_moves(pos, &mut moves);
        moves.is_empty().then_some(VariantEnd::Win)
    }

    fn checkers(&self, _pos: &Position) -> u64 {
        0
    }

    fn was_into_check(&self, _pos: &Position) -> bool {
        false
    }

    fn attacked_for_king(&self, _pos: &Position, _path: u64, _occupied: u64) -> bool {
        false
    }

    fn king_promotions(&self) -> bool {
        true
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.is_variant_end(pos) {
            return;
        }
        let start = out.len();
        pseudo_moves(self, pos, !0, out);
        if out[start..].iter().any(Move::is_capture) {
            let mut kept = start;
            for i in start..out.len() {
                if out[i].is_capture() {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
    }

    fn status(&self, pos: &Position) -> Status {
        base_status(self, pos)
            - (Status::NO_WHITE_KING
                | Status::NO_BLACK_KING
                | Status::TOO_MANY_KINGS
                | Status::OPPOSITE_CHECK)
    }

    fn has_insufficient_material(&self, pos: &Position, color: Color) -> bool {
        status::antichess_insufficient_material(pos, color)
    }
}

/// Atomic chess.
#[derive(Debug, Clone, Copy, Default)]
pub struct Atomic;

/// Whether a White king stands next to a Black king.
#[inline(always)]
pub(crate) fn kings_connected(pos: &Position) -> bool {
    let kings = pos.role(Role::King);
    let black = kings & pos.pieces_of(Color::Black);
    Squares(kings & pos.pieces_of(Color::White)).any(|sq| bb::king(sq) & black != 0)
}

/// Whether the atomic capture `m` is legal, worked out on the board as it stands: the capture
/// explodes the capturing piece, the piece taken and every piece but a pawn around the target
/// square. It is legal when one of the mover's kings survives, and then when the other side
/// loses its kings, or a king of each side touches, or no piece left attacks the mover's king.
fn explosion_is_legal(pos: &Position, m: Move, our_kings: u64, their_kings: u64) -> bool {
    let us = pos.turn;
    let to = u32::from(m.to);
    let mut removed =
        (1u64 << m.from) | (1u64 << to) | (bb::king(to) & !pos.role(Role::Pawn) & pos.occupied());
    if m.kind == MoveKind::EnPassant {
        removed |= 1u64 << if us == Color::White { to - 8 } else { to + 8 };
    }
    let ours = our_kings & !removed;
    let theirs = their_kings & !removed;
    if ours == 0 {
        return false;
    }
    if theirs == 0 || Squares(ours).any(|k| bb::king(k) & theirs != 0) {
        return true;
    }
    // The king python-chess tests: the highest that was not promoted.
    let tested = ours & !pos.promoted();
    if tested == 0 {
        return true;
    }
    let king = 63 - tested.leading_zeros();
    pos.attackers(us.other(), king, pos.occupied() & !removed) & !removed == 0
}

impl Rules for Atomic {
    fn variant(&self) -> Variant {
        Variant::Atomic
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        let kings = pos.role(Role::King);
        kings & pos.pieces_of(Color::White) == 0 || kings & pos.pieces_of(Color::Black) == 0
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        let kings = pos.role(Role::King);
        if kings == 0 {
            return None;
        }
        if kings & pos.pieces_of(pos.turn) == 0 {
            Some(VariantEnd::Loss)
        } else if kings & pos.pieces_of(pos.turn.other()) == 0 {
            Some(VariantEnd::Win)
        } else {
            None
        }
    }

    fn checkers(&self, pos: &Position) -> u64 {
        if kings_connected(pos) {
            0
        } else {
            standard_checkers(pos)
        }
    }

    fn was_into_check(&self, pos: &Position) -> bool {
        !kings_connected(pos) && standard_was_into_check(pos)
    }

    fn attacked_for_king(&self, pos: &Position, path: u64, occupied: u64) -> bool {
        let mut path = path;
        for king in Squares(pos.role(Role::King) & pos.pieces_of(pos.turn.other())) {
            path &= !bb::king(king);
        }
        Squares(path).any(|sq| pos.attackers(pos.turn.other(), sq, occupied) != 0)
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.is_variant_end(pos) {
            return;
        }
        let start = out.len();
        pseudo_moves(self, pos, !0, out);
        let mut kept = start;
        let us = pos.turn;
        let our_kings = pos.role(Role::King) & pos.pieces_of(us);
        let their_kings = pos.role(Role::King) & pos.pieces_of(us.other());
        let king = pos.king_of(us);
        // Out of check, a quiet move of a piece that is not pinned leaves the king unattacked.
        let pinned = match king {
            Some(king) if pos.attackers(us.other(), king, pos.occupied()) == 0 => {
                pinned(pos, king, us.other())
            }
            _ => !0,
        };
        for i in start..out.len() {
            let m = out[i];
            let legal = match (m.is_capture() || m.kind != MoveKind::Normal, king) {
                (false, Some(king))
                    if u32::from(m.from) != king && pinned & (1u64 << m.from) == 0 =>
                {
                    true
                }
                // A quiet move explodes nothing: it is legal when the mover's king is not
                // attacked afterwards, or touches the other king.
                (false, Some(king)) => {
                    let kings_after = if m.role == Role::King {
                        our_kings ^ (1u64 << m.from) ^ (1u64 << m.to)
                    } else {
                        our_kings
                    };
                    Squares(kings_after).any(|k| bb::king(k) & their_kings != 0)
                        || is_safe(self, pos, king, us.other(), m)
                }
                (true, Some(_))
                    if m.is_capture()
                        && matches!(m.kind, MoveKind::Normal | MoveKind::EnPassant) =>
                {
                    explosion_is_legal(pos, m, our_kings, their_kings)
                }
                _ => {
                    let mut after = pos.clone();
                    play(self, &mut after, m);
                    let kings = after.role(Role::King);
                    let mover_kings = kings & after.pieces_of(after.turn.other());
                    let their_kings = kings & after.pieces_of(after.turn);
                    kings != 0
                        && mover_kings != 0
                        && (their_kings == 0 || !self.was_into_check(&after))
                }
            };
            if legal {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    fn after_capture(&self, pos: &mut Position, to: u32, _captured: Role, _was_promoted: bool) {
        let radius = bb::king(to) & !pos.role(Role::Pawn);
        pos.castling &= !radius;
        let kings = pos.role(Role::King) & !pos.promoted();
        if radius & kings & pos.pieces_of(Color::White) != 0 {
            pos.castling &= !bb::RANK_1;
        }
        if radius & kings & pos.pieces_of(Color::Black) != 0 {
            pos.castling &= !bb::RANK_8;
        }
        pos.remove(to);
        for sq in Squares(radius & pos.occupied()) {
            pos.remove(sq);
        }
    }

    fn status(&self, pos: &Position) -> Status {
        // python-chess's atomic drops the opposite check, so it is not worked out; the
        // checkers are worked out once.
        let (mut status, checkers) = status_and_checkers(self, pos, false);
        status -= if pos.turn == Color::White {
            Status::NO_WHITE_KING
        } else {
            Status::NO_BLACK_KING
        };
        if checkers.count_ones() <= 14 {
            status -= Status::TOO_MANY_CHECKERS;
        }
        if pos.valid_ep_square().is_none() {
            status -= Status::IMPOSSIBLE_CHECK;
        }
        status
    }

    fn has_insufficient_material(&self, pos: &Position, color: Color) -> bool {
        status::atomic_insufficient_material(pos, color)
    }
}

/// Horde.
#[derive(Debug, Clone, Copy, Default)]
pub struct Horde;

impl Rules for Horde {
    fn variant(&self) -> Variant {
        Variant::Horde
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        pos.pieces_of(Color::White) == 0 || pos.pieces_of(Color::Black) == 0
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        if pos.occupied() == 0 {
            Some(VariantEnd::Draw)
        } else if pos.pieces_of(pos.turn) == 0 {
            Some(VariantEnd::Loss)
        } else if pos.pieces_of(pos.turn.other()) == 0 {
            Some(VariantEnd::Win)
        } else {
            None
        }
    }

    /// The standard status with horde's material: White has no king and up to 36 pieces (its
    /// pawns then unlimited), and White's pawns may stand on rank 1. Judged directly, not as
    /// the standard flags taken back, so no count is made that the answer does not need.
    fn status(&self, pos: &Position) -> Status {
        horde_material_status(pos) | position_status(self, pos, true).0
    }

    fn has_insufficient_material(&self, pos: &Position, color: Color) -> bool {
        status::horde_insufficient_material(pos, color)
    }
}

/// Racing kings.
#[derive(Debug, Clone, Copy, Default)]
pub struct RacingKings;

impl Rules for RacingKings {
    fn variant(&self) -> Variant {
        Variant::RacingKings
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        let kings = pos.role(Role::King);
        if kings & bb::RANK_8 == 0 {
            return false;
        }
        let black_kings = kings & pos.pieces_of(Color::Black);
        if pos.turn == Color::White || black_kings & bb::RANK_8 != 0 || black_kings == 0 {
            return true;
        }
        // White has arrived; Black ends the game unless its king can still reach rank 8.
        let black_king = 63 - black_kings.leading_zeros();
        let targets = bb::king(black_king) & bb::RANK_8 & !pos.pieces_of(Color::Black);
        Squares(targets).all(|sq| pos.attackers(Color::White, sq, pos.occupied()) != 0)
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        let in_goal = pos.role(Role::King) & bb::RANK_8;
        if in_goal & pos.pieces_of(Color::White) != 0 && in_goal & pos.pieces_of(Color::Black) != 0
        {
            return Some(VariantEnd::Draw);
        }
        if !self.is_variant_end(pos) {
            return None;
        }
        if in_goal & pos.pieces_of(pos.turn) == 0 {
            Some(VariantEnd::Loss)
        } else if in_goal & pos.pieces_of(pos.turn.other()) == 0 {
            Some(VariantEnd::Win)
        } else {
            None
        }
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if !racing_non_checking(self, pos, out) {
            racing_filtered(self, pos, out);
        }
    }

    fn status(&self, pos: &Position) -> Status {
        // The checkers the standard status found, not asked for again.
        let (mut status, checkers) = status_and_checkers(self, pos, true);
        if checkers != 0 {
            status |= Status::RACE_CHECK | Status::TOO_MANY_CHECKERS | Status::IMPOSSIBLE_CHECK;
        }
        let kings = pos.role(Role::King);
        if pos.turn == Color::Black
            && [Color::White, Color::Black]
                .iter()
                .all(|&c| pos.pieces_of(c) & kings & bb::RANK_8 != 0)
        {
            status |= Status::RACE_OVER;
        }
        if pos.role(Role::Pawn) != 0 {
            status |= Status::RACE_MATERIAL;
        }
        for color in [Color::White, Color::Black] {
            let ours = pos.pieces_of(color);
            // Told by clearing the lowest bits, not counted (no `popcnt` on the baseline
            // target).
            if bb::more_than_two(ours & pos.role(Role::Knight))
                || bb::more_than_two(ours & pos.role(Role::Bishop))
                || bb::more_than_two(ours & pos.role(Role::Rook))
                || bb::more_than_one(ours & pos.role(Role::Queen))
            {
                status |= Status::RACE_MATERIAL;
            }
        }
        status
    }

    fn has_insufficient_material(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
}

/// Racing kings' legal moves: [`standard_legal`]'s, without those that give check.
fn racing_filtered(rules: &RacingKings, pos: &Position, out: &mut Vec<Move>) {
    let start = out.len();
    standard_legal(rules, pos, out);
    let mut kept = start;
    let Some(their_king) = pos.king_of(pos.turn.other()) else {
        return;
    };
    let info = CheckInfo::new(pos, their_king);
    for i in start..out.len() {
        let m = out[i];
        if !gives_check(rules, pos, m, &info) {
            out[kept] = m;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Racing kings' legal moves generated without the checking ones, for the positions the race
/// is played in: no pawn and no castling right of the side to move, nothing promoted, one
/// king each, neither side in check. `false`, with nothing written, for any other position,
/// which [`RacingKings::legal_moves`] filters after [`standard_legal`] instead. The moves
/// come in [`pseudo_moves`]' order, the order the filter leaves.
///
/// A piece off every line through the opponent's king can neither uncover a check nor stand
/// between the king and its target, so its targets are masked by the squares from which its
/// role would check ([`CheckInfo`]); a piece on such a line has each move judged by
/// [`gives_check`], as the filter judges it. A pinned piece keeps only the targets along its
/// pin; the king keeps the steps [`is_safe`] allows.
fn racing_non_checking(rules: &RacingKings, pos: &Position, out: &mut Vec<Move>) -> bool {
    let turn = pos.turn;
    let them = turn.other();
    let us = pos.pieces_of(turn);
    let theirs = pos.pieces_of(them);
    let kings = pos.role(Role::King);
    let our_kings = kings & us;
    let their_kings = kings & theirs;
    let one = |set: u64| set != 0 && set & set.wrapping_sub(1) == 0;
    if pos.role(Role::Pawn) & us != 0
        || pos.castling_rooks() & turn.back_rank() != 0
        || pos.promoted() != 0
        || !one(our_kings)
        || !one(their_kings)
    {
        return false;
    }
    let king = our_kings.trailing_zeros();
    let their_king = their_kings.trailing_zeros();
    let occupied = pos.occupied();
    if pos.attackers(them, king, occupied) != 0 {
        return false;
    }
    let info = CheckInfo::new(pos, their_king);
    // A piece of ours attacking the opponent's king (a position the race never reaches).
    let checking = PIECE_ROLES.iter().fold(0, |all, &role| {
        all | (info.squares[role as usize] & pos.role(role))
    });
    if checking & us != 0 {
        return false;
    }
    if rules.is_variant_end(pos) {
        return true;
    }
    let pinned = pinned(pos, king, them);
    for role in PIECE_ROLES {
        for from in Squares(pos.role(role) & us) {
            let mut targets = pos.attacks_from(from, turn, role) & !us;
            if pinned & (1u64 << from) != 0 {
                targets &= bb::line(king, from);
            }
            let on_a_line = bb::line(their_king, from) != 0;
            if !on_a_line {
                targets &= !info.squares[role as usize];
            }
            for to in Squares(targets) {
                let capture = if theirs & (1 << to) != 0 {
                    pos.role_at(to)
                } else {
                    None
                };
                let m = Move {
                    from: from as u8,
                    to: to as u8,
                    role,
                    capture,
                    promotion: None,
                    kind: MoveKind::Normal,
                };
                if role == Role::King && !is_safe(rules, pos, king, them, m) {
                    continue;
                }
                if on_a_line && gives_check(rules, pos, m, &info) {
                    continue;
                }
                out.push(m);
            }
        }
    }
    true
}

/// What tells, for each move of a position, whether it checks the opponent's king: the
/// squares from which each role would attack the king, and the pieces whose leaving uncovers
/// a slider's line to it.
struct CheckInfo {
    king: u32,
    squares: [u64; 6],
    discoverers: u64,
}

impl CheckInfo {
    fn new(pos: &Position, their_king: u32) -> CheckInfo {
        let occupied = pos.occupied();
        let us = pos.pieces_of(pos.turn);
        let rook_lines = bb::rook(their_king, 0);
        let bishop_lines = bb::bishop(their_king, 0);
        let rq = pos.role(Role::Rook) | pos.role(Role::Queen);
        let bq = pos.role(Role::Bishop) | pos.role(Role::Queen);
        let snipers = us & ((rook_lines & rq) | (bishop_lines & bq));
        let mut discoverers = 0;
        for sniper in Squares(snipers) {
            let between = bb::between(their_king, sniper) & occupied;
            if between.count_ones() == 1 {
                discoverers |= between & us;
            }
        }
        let bishop = bb::bishop(their_king, occupied);
        let rook = bb::rook(their_king, occupied);
        CheckInfo {
            king: their_king,
            squares: [
                bb::pawn(pos.turn.other().index(), their_king),
                bb::knight(their_king),
                bishop,
                rook,
                bishop | rook,
                bb::king(their_king),
            ],
            discoverers,
        }
    }
}

/// Whether `m` checks the opponent's king (standard chess's check).
fn gives_check<R: Rules + ?Sized>(rules: &R, pos: &Position, m: Move, info: &CheckInfo) -> bool {
    let from_bit = 1u64 << m.from;
    let to_bit = 1u64 << m.to;
    if m.kind != MoveKind::Normal
        || m.promotion.is_some()
        || m.capture == Some(Role::King)
        || bb::between(u32::from(m.to), info.king) & from_bit != 0
    {
        let mut after = pos.clone();
        play(rules, &mut after, m);
        return standard_checkers(&after) != 0;
    }
    if info.squares[m.role as usize] & to_bit != 0 {
        return true;
    }
    info.discoverers & from_bit != 0 && bb::line(info.king, u32::from(m.from)) & to_bit == 0
}

/// King of the hill.
#[derive(Debug, Clone, Copy, Default)]
pub struct KingOfTheHill;

impl Rules for KingOfTheHill {
    fn variant(&self) -> Variant {
        Variant::KingOfTheHill
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        pos.role(Role::King) & bb::CENTER != 0
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        let hill = pos.role(Role::King) & bb::CENTER;
        if hill & pos.pieces_of(pos.turn.other()) != 0 {
            Some(VariantEnd::Loss)
        } else if hill & pos.pieces_of(pos.turn) != 0 {
            Some(VariantEnd::Win)
        } else {
            None
        }
    }

    fn has_insufficient_material(&self, _pos: &Position, _color: Color) -> bool {
        false
    }
}

/// Three-check.
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreeCheck;

impl Rules for ThreeCheck {
    fn variant(&self) -> Variant {
        Variant::ThreeCheck
    }

    fn is_variant_end(&self, pos: &Position) -> bool {
        pos.remaining_checks.contains(&0)
    }

    fn variant_end(&self, pos: &Position) -> Option<VariantEnd> {
        let ours = pos.remaining_checks[pos.turn.index()];
        let theirs = pos.remaining_checks[pos.turn.other().index()];
        match (ours == 0, theirs == 0) {
            (true, true) => Some(VariantEnd::Draw),
            (true, false) => Some(VariantEnd::Win),
            (false, true) => Some(VariantEnd::Loss),
            (false, false) => None,
        }
    }

    fn after_move(&self, pos: &mut Position, mover: Color) {
        if standard_checkers(pos) != 0 {
            let count = &mut pos.remaining_checks[mover.index()];
            *count = count.saturating_sub(1);
        }
    }

    fn has_insufficient_material(&self, pos: &Position, color: Color) -> bool {
        pos.pieces_of(color) & !pos.role(Role::King) == 0
    }
}

/// Crazyhouse.
#[derive(Debug, Clone, Copy, Default)]
pub struct Crazyhouse;

impl Rules for Crazyhouse {
    fn variant(&self) -> Variant {
        Variant::Crazyhouse
    }

    fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        standard_legal(self, pos, out);
        let pocket = pos.pockets[pos.turn.index()];
        if pocket == [0; 5] {
            return;
        }
        let empty = !pos.occupied();
        let squares = match pos.king_of(pos.turn) {
            None => empty,
            Some(king) => {
                let checkers = pos.attackers(pos.turn.other(), king, pos.occupied());
                match checkers.count_ones() {
                    0 => empty,
                    1 => bb::between(king, checkers.trailing_zeros()) & empty,
                    _ => 0,
                }
            }
        };
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            if pocket[role as usize] == 0 {
                continue;
            }
            let targets = if role == Role::Pawn {
                squares & !bb::BACK_RANKS
            } else {
                squares
            };
            for to in Squares(targets) {
                out.push(Move {
                    from: to as u8,
                    to: to as u8,
                    role,
                    capture: None,
                    promotion: None,
                    kind: MoveKind::Drop,
                });
            }
        }
    }

    fn after_capture(&self, pos: &mut Position, _to: u32, captured: Role, was_promoted: bool) {
        let role = if was_promoted { Role::Pawn } else { captured };
        if role != Role::King {
            let mover = pos.turn;
            let count = &mut pos.pockets[mover.index()][role as usize];
            *count = count.saturating_add(1);
        }
    }

    fn status(&self, pos: &Position) -> Status {
        let mut status = base_status(self, pos);
        let pocket_pawns = u32::from(pos.pockets[0][0]) + u32::from(pos.pockets[1][0]);
        if pos.role(Role::Pawn).count_ones() + pocket_pawns <= 16 {
            status -= Status::TOO_MANY_WHITE_PAWNS | Status::TOO_MANY_BLACK_PAWNS;
        }
        let pocketed: u32 = pos.pockets.iter().flatten().map(|&n| u32::from(n)).sum();
        if pos.occupied().count_ones() + pocketed <= 32 {
            status -= Status::TOO_MANY_WHITE_PIECES | Status::TOO_MANY_BLACK_PIECES;
        }
        status
    }

    fn has_insufficient_material(&self, pos: &Position, _color: Color) -> bool {
        let pocketed: u32 = pos.pockets.iter().flatten().map(|&n| u32::from(n)).sum();
        let heavy_in_pockets = pos.pockets.iter().any(|p| {
            [Role::Pawn, Role::Rook, Role::Queen]
                .iter()
                .any(|&r| p[r as usize] > 0)
        });
        pos.occupied().count_ones() + pocketed <= 3
            && pos.promoted() == 0
            && pos.role(Role::Pawn) == 0
            && pos.role(Role::Rook) == 0
            && pos.role(Role::Queen) == 0
            && !heavy_in_pockets
    }
}

/// Standard chess's status, with the variant's hooks for check and castling paths.
pub(crate) fn base_status<R: Rules + ?Sized>(rules: &R, pos: &Position) -> Status {
    status_and_checkers(rules, pos, true).0
}

/// [`base_status`], and the checkers it found; `OPPOSITE_CHECK` is judged only when
/// `opposite_check` (atomic, which drops it, is spared the work).
#[inline(always)]
pub(crate) fn status_and_checkers<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    opposite_check: bool,
) -> (Status, u64) {
    let (status, checkers) = position_status(rules, pos, opposite_check);
    (standard_material_status(pos) | status, checkers)
}

/// Whether `cond`: then `s`.
#[inline(always)]
fn flag(cond: bool, s: Status) -> Status {
    if cond { s } else { Status::VALID }
}

/// The standard status's flags of the material: an empty board, the kings, too many pieces or
/// pawns, pawns on a back rank.
#[inline(always)]
fn standard_material_status(pos: &Position) -> Status {
    let mut status = Status::VALID;
    let occupied = pos.occupied();
    let kings = pos.role(Role::King);
    let white = pos.pieces_of(Color::White);
    let black = pos.pieces_of(Color::Black);
    let pawns = pos.role(Role::Pawn);
    status |= flag(occupied == 0, Status::EMPTY);
    status |= flag(white & kings == 0, Status::NO_WHITE_KING);
    status |= flag(black & kings == 0, Status::NO_BLACK_KING);
    // More than two kings: a third left after the lowest two are cleared (no `popcnt` on the
    // baseline target).
    status |= flag(bb::more_than_two(kings), Status::TOO_MANY_KINGS);
    status |= flag(white.count_ones() > 16, Status::TOO_MANY_WHITE_PIECES);
    status |= flag(black.count_ones() > 16, Status::TOO_MANY_BLACK_PIECES);
    status |= flag(
        (white & pawns).count_ones() > 8,
        Status::TOO_MANY_WHITE_PAWNS,
    );
    status |= flag(
        (black & pawns).count_ones() > 8,
        Status::TOO_MANY_BLACK_PAWNS,
    );
    status |= flag(pawns & bb::BACK_RANKS != 0, Status::PAWNS_ON_BACKRANK);
    status
}

/// [`standard_material_status`] in horde: python-chess's standard flags less those horde
/// takes back. White has no king (a white king is one too many), and more than 36 pieces
/// (then more than 8 pawns too) is too many; White's pawns may stand on rank 1.
#[inline(always)]
fn horde_material_status(pos: &Position) -> Status {
    let mut status = Status::VALID;
    let kings = pos.role(Role::King);
    let white = pos.pieces_of(Color::White);
    let black = pos.pieces_of(Color::Black);
    let pawns = pos.role(Role::Pawn);
    status |= flag(white | black == 0, Status::EMPTY);
    status |= flag(black & kings == 0, Status::NO_BLACK_KING);
    status |= flag(
        bb::more_than_two(kings) || white & kings != 0,
        Status::TOO_MANY_KINGS,
    );
    // White's pawns are counted only where its pieces are too many.
    if white.count_ones() > 36 {
        status |= Status::TOO_MANY_WHITE_PIECES;
        status |= flag(
            (white & pawns).count_ones() > 8,
            Status::TOO_MANY_WHITE_PAWNS,
        );
    }
    status |= flag(black.count_ones() > 16, Status::TOO_MANY_BLACK_PIECES);
    status |= flag(
        (black & pawns).count_ones() > 8,
        Status::TOO_MANY_BLACK_PAWNS,
    );
    status |= flag(
        pawns & bb::RANK_8 != 0 || black & pawns & bb::RANK_1 != 0,
        Status::PAWNS_ON_BACKRANK,
    );
    status
}

/// The standard status's flags of everything but the material ([`standard_material_status`]):
/// castling rights, the en-passant square, the side not to move in check (only when
/// `opposite_check`), the checkers; and the checkers.
#[inline(always)]
fn position_status<R: Rules + ?Sized>(
    rules: &R,
    pos: &Position,
    opposite_check: bool,
) -> (Status, u64) {
    let mut status = Status::VALID;
    let occupied = pos.occupied();
    let kings = pos.role(Role::King);
    status |= flag(
        pos.raw_castling != pos.clean_castling(),
        Status::BAD_CASTLING_RIGHTS,
    );
    let valid_ep = pos.valid_ep_square();
    status |= flag(pos.ep_square() != valid_ep, Status::INVALID_EP_SQUARE);
    status |= flag(
        opposite_check && rules.was_into_check(pos),
        Status::OPPOSITE_CHECK,
    );

    let checkers = rules.checkers(pos);
    let our_kings = kings & pos.pieces_of(pos.turn) & !pos.promoted();
    if checkers != 0 {
        let count = checkers.count_ones();
        status |= flag(count > 2, Status::TOO_MANY_CHECKERS);
        if let Some(ep) = valid_ep {
            let pushed_to = ep ^ 8;
            let pushed_from = ep ^ 24;
            let before = (occupied & !(1u64 << pushed_to)) | (1u64 << pushed_from);
            if count > 1
                || (63 - checkers.leading_zeros() != pushed_to
                    && rules.attacked_for_king(pos, our_kings, before))
            {
                status |= Status::IMPOSSIBLE_CHECK;
            }
        } else {
            let lsb = checkers.trailing_zeros();
            let msb = 63 - checkers.leading_zeros();
            if count > 2 || (count == 2 && bb::line(lsb, msb) & our_kings != 0) {
                status |= Status::IMPOSSIBLE_CHECK;
            }
        }
    }
    (status, checkers)
}

#[cfg(test)]
mod tests {
    use super::{Move, RacingKings, play, racing_filtered, racing_non_checking};
    use crate::position::Position;
    use crate::variant::Variant;
    use proptest::prelude::*;

    /// Horde's status as it was first written: the standard status, its flags taken back.
    fn horde_status_by_the_standard(pos: &Position) -> super::Status {
        use super::{Color, Role, Status, bb};
        let mut status = super::base_status(&super::Horde, pos) - Status::NO_WHITE_KING;
        if pos.pieces_of(Color::White).count_ones() <= 36 {
            status -= Status::TOO_MANY_WHITE_PIECES | Status::TOO_MANY_WHITE_PAWNS;
        }
        let pawns = pos.role(Role::Pawn);
        if pawns & bb::RANK_8 == 0 && pos.pieces_of(Color::Black) & pawns & bb::RANK_1 == 0 {
            status -= Status::PAWNS_ON_BACKRANK;
        }
        if pos.pieces_of(Color::White) & pos.role(Role::King) != 0 {
            status |= Status::TOO_MANY_KINGS;
        }
        status
    }

    proptest! {
        /// Horde's status judged directly is the standard one's flags taken back, on boards
        /// of every density (up to a full board of one side's pawns), with castling rights, en
        /// passant squares and either side to move.
        #[test]
        fn horde_status_agrees_with_the_standard_flags_taken_back(
            squares in proptest::collection::vec(0u8..40, 64),
            white_to_move in any::<bool>(),
            castling in any::<u8>(),
            ep in proptest::option::of(0u32..64),
        ) {
            use super::{Color, Rules, Role};
            let mut pos = Position::empty(Variant::Horde, false);
            for (sq, &piece) in squares.iter().enumerate() {
                // Most squares White's pawns or empty, as on a horde board; the rest any piece.
                let (color, role) = match piece {
                    0..=11 => (Color::White, Role::Pawn),
                    12..=23 => continue,
                    n => {
                        let n = n - 24;
                        let color = if n < 8 { Color::White } else { Color::Black };
                        (color, Role::ALL[usize::from(n % 6)])
                    }
                };
                pos.put(sq as u32, color, role, false);
            }
            pos.turn = if white_to_move { Color::White } else { Color::Black };
            let corners = [0u32, 7, 56, 63];
            for (i, corner) in corners.iter().enumerate() {
                if castling & (1 << i) != 0 {
                    pos.raw_castling |= 1 << corner;
                }
            }
            pos.castling = pos.clean_castling();
            pos.ep = ep.map(|sq| sq as u8);
            prop_assert_eq!(super::Horde.status(&pos), horde_status_by_the_standard(&pos));
        }
    }

    /// Racing kings' generator of non-checking moves gives the filter's list, in its order,
    /// on every position of seeded random games from the start and from the committed
    /// suite's positions, and applies to most of them.
    #[test]
    fn non_checking_moves_are_the_filtered_list() {
        let suite = include_str!("../tests/data/perft/racingkings.perft");
        let starts: Vec<&str> = std::iter::once(Variant::RacingKings.start_fen())
            .chain(suite.lines().filter_map(|line| line.strip_prefix("epd ")))
            .collect();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut fast, mut positions) = (0, 0);
        for start in starts {
            for _ in 0..40 {
                let mut pos = Position::from_fen(Variant::RacingKings, start, false).unwrap();
                for _ in 0..80 {
                    let mut generated: Vec<Move> = Vec::new();
                    let mut filtered: Vec<Move> = Vec::new();
                    racing_filtered(&RacingKings, &pos, &mut filtered);
                    positions += 1;
                    if racing_non_checking(&RacingKings, &pos, &mut generated) {
                        fast += 1;
                        assert_eq!(generated, filtered, "{}", pos.fen());
                    } else {
                        assert!(generated.is_empty());
                    }
                    if filtered.is_empty() {
                        break;
                    }
                    let m = filtered[(next() % filtered.len() as u64) as usize];
                    play(&RacingKings, &mut pos, m);
                }
            }
        }
        assert!(fast * 10 > positions * 9, "{fast} of {positions}");
    }
}
