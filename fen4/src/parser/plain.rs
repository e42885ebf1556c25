//! The fast path: one pass over the bytes of a literal that is already canonical.
//!
//! Most literals in a collection are canonical: `4d-fen v1:`, then for each piece in strictly
//! ascending square order a space-separated `SPEC@x,y,z,w` joined by `"; "`, nothing else. Such a
//! literal has no finding of its own and no error, so this scanner reads it with one table
//! lookup per spec, one 8-byte word per coordinate and one write per piece into a slot sized in
//! advance (reusing the caller's storage from the previous literal), counts the kings of both
//! sides with one addition per piece, and builds the placement already sorted.
//! At the first byte that leaves that shape it returns `None`, and the caller parses the whole
//! input again with the general parser, which produces the exact errors, findings and spans. So
//! the fast path changes speed, never results; a unit test in `parser.rs` checks that both paths
//! agree on thousands of mutated literals under every setting.

use super::Kings;
use crate::PREFIX;
use crate::model::{Color, Coord, Piece, Role};

/// What a piece spec selects in [`SPECS`]: a one-letter spec (followed by `@`) its letter's
/// entry, a pawn's two-letter spec the entry at the wrapping sum of its two bytes.
///
/// The four pawn sums are distinct (checked at compile time). An entry is the right one only if
/// its lead byte is the spec's first byte: for a pawn letter the sum then leaves one second
/// byte, the axis letter.
// Eight bytes, so that an entry's address is one scaled index.
#[derive(Clone, Copy)]
struct Spec {
    /// The piece, on a square that holds the lead byte (or [`NO_LEAD`] in the entries no spec
    /// selects): the pair is copied whole into the placement, then its square is written.
    pair: (Coord, Piece),
    /// Added up over a literal's pieces: the white kings in bits 0-12, the black kings in bits
    /// 13-25 (at most 4096 each).
    count: u32,
}

/// The counting unit of each side's kings in [`Spec::count`].
const WHITE_KING_UNIT: u32 = 1;
const BLACK_KING_UNIT: u32 = 1 << 13;
/// One side's count in [`Spec::count`] (4096 takes 13 bits).
const KING_COUNT_MASK: u32 = (1 << 13) - 1;

/// No UTF-8 text holds this byte, so the entries no spec selects match no input.
const NO_LEAD: u8 = 0xFF;

/// The entries no spec selects.
const NO_SPEC: Spec = Spec {
    pair: (lead_square(NO_LEAD), PIECES[0]),
    count: 0,
};

/// The square whose index is `lead`: where an entry of [`SPECS`] keeps its lead byte.
const fn lead_square(lead: u8) -> Coord {
    match Coord::from_index(lead as u16) {
        Some(square) => square,
        None => Coord::ORIGIN,
    }
}

/// The one-letter pieces by their letter, then the pawns at 256 plus the wrapping sum of their
/// spec's two bytes (see [`Spec`]).
// Evaluated at compile time: an index out of range or a collision fails the build.
#[allow(clippy::indexing_slicing)]
static SPECS: [Spec; 512] = {
    let mut table = [NO_SPEC; 512];
    let mut i = 0;
    while i < PIECES.len() {
        let piece = PIECES[i];
        let lead = piece.letter() as u8;
        let at = match piece.role {
            Role::Pawn(axis) => PAWNS + lead.wrapping_add(axis.letter() as u8) as usize,
            _ => lead as usize,
        };
        assert!(
            table[at].pair.0.index() == NO_LEAD as u16,
            "two specs share a sum"
        );
        let count = match (piece.role, piece.color) {
            (Role::King, Color::White) => WHITE_KING_UNIT,
            (Role::King, Color::Black) => BLACK_KING_UNIT,
            _ => 0,
        };
        table[at] = Spec {
            pair: (lead_square(lead), piece),
            count,
        };
        i += 1;
    }
    table
};

/// The pieces in [`Piece::ALL`]'s order.
const PIECES: [Piece; 14] = Piece::ALL;

/// `@0,0,0,0` as a little-endian word: XORed with the eight bytes after a spec, a canonical
/// coordinate leaves zero in the even bytes and the digit values 0-7 in the odd ones.
const TEMPLATE: u64 = u64::from_le_bytes(*b"@0,0,0,0");
/// The bits that must then be zero: all of each separator byte, all but the low three of each
/// digit byte.
const MASK: u64 = 0xF8FF_F8FF_F8FF_F8FF;
/// With the digits `x, y, z, w` at bits 0, 16, 32 and 48, one multiplication by this moves them
/// to bits 57, 54, 51 and 48, so bits 48..60 of the product are the square index
/// `x<<9 | y<<6 | z<<3 | w`; every other partial product lands below bit 48 without overlapping
/// another, or above bit 63.
const GATHER: u64 = 1 << 57 | 1 << 38 | 1 << 19 | 1;
/// `"; "` as a little-endian `u16`.
const SEPARATOR: u16 = u16::from_le_bytes(*b"; ");

/// Where the pawns' entries start in [`SPECS`].
const PAWNS: usize = 256;

/// The entry for a spec's first two bytes (see [`Spec`]), when the spec has `1 + EXTRA` bytes
/// (the second byte is '@' exactly when `EXTRA` is 0).
#[inline(always)]
fn spec<const EXTRA: usize>(lead: u8, second: u8) -> &'static Spec {
    let at = if EXTRA == 0 {
        usize::from(lead)
    } else {
        PAWNS + usize::from(lead.wrapping_add(second))
    };
    SPECS.get(at).unwrap_or(&NO_SPEC)
}

/// Whether `spec` is the entry of a spec that starts with `lead`.
#[inline(always)]
fn leads(spec: &Spec, lead: u8) -> bool {
    // The index holds a byte: its low byte is all of it.
    spec.pair.0.index() as u8 == lead
}

/// The square of a coordinate's eight bytes (`@x,y,z,w`), or `None` unless they are canonical.
#[inline(always)]
fn square(coord: [u8; 8]) -> Option<u16> {
    let coord = u64::from_le_bytes(coord) ^ TEMPLATE;
    if coord & MASK != 0 {
        return None;
    }
    // Four digits 0-7 make an index below 4096 (see GATHER).
    Some(((coord >> 8).wrapping_mul(GATHER) >> 48) as u16)
}

/// Reads a canonical literal into `squares`, or returns `None` for anything else.
///
/// `squares` is storage from an earlier parse: its contents are overwritten, never read, and
/// its capacity is kept. After `Some`, it holds exactly the literal's pieces in square order;
/// after `None`, its contents are unspecified and the caller must clear it.
pub(crate) fn scan(input: &str, squares: &mut Vec<(Coord, Piece)>) -> Option<Kings> {
    let counts = pieces::<true>(input, squares)?;
    Some(kings(input, counts))
}

/// Checks that `input` is a canonical literal, as [`scan`] does, without writing its pieces
/// anywhere: the kings, or `None` for anything else.
pub(crate) fn check(input: &str) -> Option<Kings> {
    // `pieces::<false>` neither reads nor writes the vector: an empty one allocates nothing.
    let counts = pieces::<false>(input, &mut Vec::new())?;
    Some(kings(input, counts))
}

/// The piece loop of [`scan`] and [`check`]: fills `squares` when `KEEP` (and leaves it alone
/// otherwise) and returns the kings' counts (see [`Spec::count`]).
// Kept apart so that its result comes back in a register: returning the whole `Kings` through
// memory would hold the destination's address in a register across the loop, and the loop
// needs every register it has.
#[inline(never)]
fn pieces<const KEEP: bool>(input: &str, squares: &mut Vec<(Coord, Piece)>) -> Option<u32> {
    let bytes = input.as_bytes();
    let body = bytes.strip_prefix(PREFIX.as_bytes())?;
    if body.is_empty() {
        if KEEP {
            squares.clear();
        }
        return Some(0);
    }
    let rest = body.strip_prefix(b" ")?;
    // A piece takes at least 9 bytes and 2 more for the separator after all but the last, so
    // no literal holds more pieces than this; the slots are written in place, without a length
    // or capacity update per piece, and the unused ones are cut off at the end. Slots left from
    // an earlier parse are simply overwritten: only those this scan writes are kept.
    let capacity = (rest.len() + 2) / 11;
    if KEEP && squares.len() < capacity {
        squares.resize(capacity, (Coord::ORIGIN, PIECES[0]));
    }
    let slots = squares.as_mut_slice();
    let mut state = State {
        used: 0,
        previous: -1,
        counts: 0,
    };
    let mut rest = rest;
    // While twelve bytes remain, the piece cannot be the last one (the last takes at most ten),
    // so "; " must follow it; a piece and its separator take at most twelve bytes.
    while let Some(chunk) = rest.first_chunk::<12>() {
        // A pawn's spec takes two bytes: the next is not '@' (and `SPECS` accepts only a
        // pawn's axis letter there). A branch, not a select: when the predictor guesses it,
        // the next piece's address does not wait for this piece's bytes, and each arm reads
        // at fixed offsets.
        if chunk[1] == b'@' {
            state.piece::<0, KEEP>(chunk, slots)?;
            rest = rest.get(11..)?;
        } else {
            state.piece::<1, KEEP>(chunk, slots)?;
            rest = rest.get(12..)?;
        }
    }
    let State {
        used,
        previous,
        mut counts,
    } = state;
    // The last piece: exactly its spec and coordinate remain.
    let [lead, second, ..] = *rest else {
        return None;
    };
    let extra = usize::from(second != b'@');
    if rest.len() != 9 + extra {
        return None;
    }
    let spec = if extra == 0 {
        spec::<0>(lead, second)
    } else {
        spec::<1>(lead, second)
    };
    let index = square(*rest.get(1 + extra..)?.first_chunk::<8>()?)?;
    if !leads(spec, lead) || i32::from(index) <= previous {
        return None;
    }
    counts += spec.count;
    if KEEP {
        place(slots.get_mut(used..=used)?, spec, index);
        squares.truncate(used + 1);
    }
    Some(counts)
}

/// What the scan carries from one piece to the next.
struct State {
    /// Pieces written so far.
    used: usize,
    /// The square of the previous piece (-1 before the first): strictly ascending squares
    /// mean no duplicate and nothing out of order.
    previous: i32,
    /// Kings of each side (see [`Spec::count`]).
    counts: u32,
}

impl State {
    /// Reads a piece that is not the last one, with a spec of `1 + EXTRA` bytes, from the start
    /// of `chunk`, and writes it to the next slot when `KEEP`.
    #[inline(always)]
    fn piece<const EXTRA: usize, const KEEP: bool>(
        &mut self,
        chunk: &[u8; 12],
        squares: &mut [(Coord, Piece)],
    ) -> Option<()> {
        let [lead, second, ..] = *chunk;
        // The spec's last byte, the coordinate and the separator.
        let [_, coord @ .., s0, s1] = *chunk.get(EXTRA..)?.first_chunk::<11>()?;
        if u16::from_le_bytes([s0, s1]) != SEPARATOR {
            return None;
        }
        let spec = spec::<EXTRA>(lead, second);
        if !leads(spec, lead) {
            return None;
        }
        let index = square(coord)?;
        if i32::from(index) <= self.previous {
            return None;
        }
        if KEEP {
            place(squares.get_mut(self.used..=self.used)?, spec, index);
            self.used += 1;
        }
        self.previous = i32::from(index);
        self.counts += spec.count;
        Some(())
    }
}

/// Writes the piece of `spec` on square `index` into the one-entry `slot`.
#[inline(always)]
fn place(slot: &mut [(Coord, Piece)], spec: &Spec, index: u16) {
    // One copy of the whole pair (a piece's fields would be copied one by one), then the square.
    slot.copy_from_slice(std::slice::from_ref(&spec.pair));
    if let Some(first) = slot.first_mut() {
        first.0 = Coord::from_index_trusted(index);
    }
}

/// The kings of each side from `counts` (see [`Spec::count`]), and where the second one of a
/// side was written in the canonical literal `input`.
fn kings(input: &str, counts: u32) -> Kings {
    let mut found = Kings::default();
    let [white, black] = &mut found.sides;
    white.0 = ((counts / WHITE_KING_UNIT) & KING_COUNT_MASK) as usize;
    black.0 = ((counts / BLACK_KING_UNIT) & KING_COUNT_MASK) as usize;
    // A canonical literal writes `K` and `k` only as kings: the prefix, the other pieces'
    // letters, the pawns' axes and the coordinates have neither. So a side's second king is
    // where its letter stands the second time, and a king's spec is 9 bytes (`K@0,0,0,0`).
    for (side, letter) in [(white, b'K'), (black, b'k')] {
        if side.0 >= 2 {
            side.1 = memchr::memchr_iter(letter, input.as_bytes())
                .nth(1)
                .map(|at| at..at + 9);
        }
    }
    found
}
