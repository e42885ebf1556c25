//! A position's identity in its variant (`spec/identity.md` §2.2): when two positions of one
//! variant are the same position, as `dedupe`, `check --duplicates` and `diff` ask.

use dfen::rules::EnPassantPolicy;

use crate::bitboard as bb;
use crate::position::{MoveKind, Position, square_name};
use crate::variant::Variant;

impl Position {
    /// The identity key: what decides the rest of the game, as the variant plays it, written
    /// as python-chess's EPD of the variant (`board[pocket] side castling en-passant`, then
    /// three-check's remaining checks as `W+B`), after the fixes `fmt` applies. Two positions
    /// of one variant are the same position exactly when their keys are equal.
    ///
    /// - The clocks do not count.
    /// - Castling rights count as the variant uses them: those python-chess keeps (a right
    ///   without its king and rook on their squares is dropped), and none in antichess, where
    ///   they are meaningless (`VAR102`).
    /// - The en-passant square counts as `en_passant` says: `always` and `fen` keep a square a
    ///   double push could have left (an impossible one, `VAR008`, is dropped); `xfen` one a
    ///   pawn of the side to move attacks; `legal` one onto which a legal move of the variant
    ///   captures now (antichess's forced captures and atomic's explosions included).
    /// - Crazyhouse's pockets and promoted pieces (`~`) count, and a pocket is written in one
    ///   order whatever order it was read in; three-check's remaining checks count.
    /// - A position without kings (antichess, horde) has a key like any other.
    ///
    /// ```
    /// use dfen::rules::EnPassantPolicy;
    /// use variants::{Position, Variant};
    /// let key = |variant, text| {
    ///     Position::from_fen(variant, text, false).unwrap().identity_key(EnPassantPolicy::Always)
    /// };
    /// // Pockets count, in any order; the clocks do not.
    /// assert_eq!(
    ///     key(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/Q~3K3[qP] w - - 0 9"),
    ///     key(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/Q~3K3[Pq] w - - 3 20"),
    /// );
    /// assert_ne!(
    ///     key(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/Q~3K3[Pq] w - - 0 9"),
    ///     key(Variant::Crazyhouse, "4k3/8/8/8/8/8/8/Q~3K3[P] w - - 0 9"),
    /// );
    /// // Three-check's counters count.
    /// assert_ne!(
    ///     key(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"),
    ///     key(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1"),
    /// );
    /// // Antichess: no kings is a position; castling rights do not count.
    /// assert_eq!(
    ///     key(Variant::Antichess, "8/8/8/8/8/8/1p6/R7 w KQ - 0 1"),
    ///     "8/8/8/8/8/8/1p6/R7 w - -",
    /// );
    /// ```
    #[must_use]
    pub fn identity_key(&self, en_passant: EnPassantPolicy) -> String {
        let mut fixed = self.clone();
        if self.variant == Variant::Antichess {
            fixed.castling = 0;
        }
        fixed.ep = self
            .identity_ep(en_passant)
            .and_then(|sq| u8::try_from(sq).ok());
        let mut key = fixed.fen();
        // The clocks are the last two fields.
        for _ in 0..2 {
            if let Some(cut) = key.rfind(' ') {
                key.truncate(cut);
            }
        }
        // `fen` writes en passant only where a pawn can capture: the key writes what the
        // policy kept.
        if fixed.ep.is_some() && !fixed.ep_written() {
            key = fixed.key_with_ep(&key);
        }
        key
    }

    /// The en-passant square `policy` keeps in the identity.
    fn identity_ep(&self, policy: EnPassantPolicy) -> Option<u32> {
        let ep = self.valid_ep_square()?;
        let capturers = self.role(crate::Role::Pawn)
            & self.pieces_of(self.turn)
            & bb::pawn(self.turn.other().index(), ep);
        match policy {
            EnPassantPolicy::Always | EnPassantPolicy::Fen => Some(ep),
            EnPassantPolicy::XFen => (capturers != 0).then_some(ep),
            EnPassantPolicy::Legal => (capturers != 0
                && self
                    .legal_moves()
                    .iter()
                    .any(|m| m.kind == MoveKind::EnPassant && u32::from(m.to) == ep))
            .then_some(ep),
        }
    }

    /// Whether [`Position::fen`] writes this position's en-passant square.
    fn ep_written(&self) -> bool {
        let Some(ep) = self.ep else { return true };
        self.role(crate::Role::Pawn)
            & self.pieces_of(self.turn)
            & bb::pawn(self.turn.other().index(), u32::from(ep))
            != 0
    }

    /// `key` (a key whose en-passant field is `-`) with this position's square written there.
    fn key_with_ep(&self, key: &str) -> String {
        let Some(ep) = self.ep else {
            return key.to_owned();
        };
        let mut fields: Vec<&str> = key.split(' ').collect();
        if let Some(field) = fields.get_mut(3) {
            *field = square_name(u32::from(ep));
        }
        fields.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(variant: Variant, text: &str, policy: EnPassantPolicy) -> String {
        Position::from_fen(variant, text, false)
            .unwrap()
            .identity_key(policy)
    }

    /// The key is the variant's EPD without clocks; each slot a variant adds counts.
    #[test]
    fn each_variant_keys_what_it_plays_with() {
        use EnPassantPolicy::Always;
        assert_eq!(
            key(
                Variant::Crazyhouse,
                "4k3/8/8/8/8/8/8/Q~3K3[qP] w - - 0 9",
                Always
            ),
            "4k3/8/8/8/8/8/8/Q~3K3[Pq] w - -"
        );
        assert_ne!(
            key(
                Variant::Crazyhouse,
                "4k3/8/8/8/8/8/8/Q~3K3[Pq] w - - 0 9",
                Always
            ),
            key(
                Variant::Crazyhouse,
                "4k3/8/8/8/8/8/8/Q3K3[Pq] w - - 0 9",
                Always
            ),
        );
        assert_eq!(
            key(
                Variant::ThreeCheck,
                "4k3/8/8/8/8/8/8/4K3 w - - 1+3 5 40",
                Always
            ),
            "4k3/8/8/8/8/8/8/4K3 w - - 1+3"
        );
        // Giveaway keeps castling rights; antichess drops them.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            key(Variant::Giveaway, start, Always),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
        );
        assert_eq!(
            key(Variant::Antichess, start, Always),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -"
        );
        // Rights without their rook are dropped, as `fmt` drops them.
        assert_eq!(
            key(
                Variant::Atomic,
                "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
                Always
            ),
            "r3k3/8/8/8/8/8/8/4K2R w Kq -"
        );
    }

    /// En passant counts as the policy says, judged by the variant's own moves.
    #[test]
    fn en_passant_follows_the_policy_in_the_variant() {
        use EnPassantPolicy::{Always, Fen, Legal, XFen};
        // After 1. e4 nothing can take on e3.
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert!(key(Variant::Atomic, after_e4, Always).ends_with(" e3"));
        assert!(key(Variant::Atomic, after_e4, Fen).ends_with(" e3"));
        assert!(key(Variant::Atomic, after_e4, XFen).ends_with(" -"));
        // Antichess: the capture is legal even though it leaves a king attacked (there is no
        // check), and it is forced.
        let pinned = "4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2";
        assert!(key(Variant::Antichess, pinned, Legal).ends_with(" c6"));
        assert!(key(Variant::Chess, pinned, Legal).ends_with(" -"));
        // An impossible square is dropped whatever the policy.
        assert!(key(Variant::Horde, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", Always).ends_with(" -"));
    }
}
