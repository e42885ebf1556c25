//! [`Variant`]: the name of each variant whose rules this crate knows. Its names, aliases and
//! rules are the table's (`table`); positions and rules name a variant by it alone.

/// A variant whose rules this crate knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Standard chess.
    Chess,
    /// Antichess as lichess plays it: captures are compulsory, the king is an ordinary piece,
    /// losing every piece (or being stalemated) wins; no castling.
    Antichess,
    /// Giveaway: antichess with castling.
    Giveaway,
    /// Atomic: a capture explodes the capturing piece and every piece but pawns next to it.
    Atomic,
    /// Horde: White's horde of pawns and no king against Black's army.
    Horde,
    /// Racing kings: no checks, no pawns, the first king to rank 8 wins.
    RacingKings,
    /// King of the hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Three-check: the third check wins.
    ThreeCheck,
    /// Crazyhouse: captured pieces go to the captor's pocket and may be dropped.
    Crazyhouse,
}
