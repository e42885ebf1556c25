//! The fast path: one pass over the bytes of a literal that is already canonical.
//!
//! Most literals in a collection are canonical: `4d-fen v1:`, then for each piece in strictly
//! ascending square order a space-separated `SPEC@x,y,z,w` joined by `"; "`, nothing else. Such a
//! literal has no finding of its own and no error, so this scanner reads it with a byte table,
//! one 8-byte word per coordinate and one push per piece, and builds the placement already sorted.
//! At the first byte that leaves that shape it returns `None`, and the caller parses the whole
//! input again with the general parser, which produces the exact errors, findings and spans. So
//! the fast path changes speed, never results; a unit test in `parse.rs` checks that both paths
//! agree on thousands of mutated literals under every setting.

use std::ops::Range;

use crate::PREFIX;
use crate::model::{Color, Coord, Piece, Placement, Role};
use crate::parse::Kings;

/// What a piece spec's first two bytes select: the entry at the wrapping sum of those bytes.
///
/// A canonical spec and the byte after it are `X@` for a one-letter piece and `Pw`, `py`, ...
/// for a pawn, and the fourteen sums of those pairs are distinct (checked at compile time).
/// An entry is the right one only if its `lead` is the first byte: the byte after a one-letter
/// spec is checked to be `@` with the coordinate, so the sum then names the pair, and for a
/// pawn letter the sum leaves one second byte, the axis letter.
#[derive(Clone, Copy)]
struct Spec {
    /// The piece, on the square that is written over it.
    pair: (Coord, Piece),
    /// The first byte, or [`NO_LEAD`] in the entries no spec selects.
    lead: u8,
    /// Added up over a literal's pieces: the white kings in bits 0-20, the black kings in bits
    /// 21-41 and the other pieces above (at most 4096 each).
    count: u64,
}

/// The counting unit of each kind in [`Spec::count`].
const WHITE_KING_UNIT: u64 = 1;
const BLACK_KING_UNIT: u64 = 1 << 21;
const OTHER_UNIT: u64 = 1 << 42;

/// No UTF-8 text holds this byte, so the entries no spec selects match no input.
const NO_LEAD: u8 = 0xFF;

/// The pieces by the wrapping sum of their spec's first two bytes (see [`Spec`]).
// Evaluated at compile time: an index out of range or a collision fails the build.
#[allow(clippy::indexing_slicing)]
static SPECS: [Spec; 256] = {
    let mut table = [NO_SPEC; 256];
    let mut i = 0;
    while i < PIECES.len() {
        let piece = PIECES[i];
        let lead = piece.letter() as u8;
        let second = match piece.role {
            Role::Pawn(axis) => axis.letter() as u8,
            _ => b'@',
        };
        let at = lead.wrapping_add(second) as usize;
        assert!(table[at].lead == NO_LEAD, "two specs share a sum");
        let count = match (piece.role, piece.color) {
            (Role::King, Color::White) => WHITE_KING_UNIT,
            (Role::King, Color::Black) => BLACK_KING_UNIT,
            _ => OTHER_UNIT,
        };
        table[at] = Spec {
            lead,
            pair: (Coord::ORIGIN, piece),
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

/// The entry for a spec's first two bytes (see [`Spec`]).
#[inline(always)]
fn spec(lead: u8, second: u8) -> &'static Spec {
    SPECS
        .get(usize::from(lead.wrapping_add(second)))
        .unwrap_or(&NO_SPEC)
}

/// The entries no spec selects.
const NO_SPEC: Spec = Spec {
    lead: NO_LEAD,
    pair: (Coord::ORIGIN, PIECES[0]),
    count: 0,
};

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

/// Reads a canonical literal, or returns `None` for anything else.
pub(crate) fn scan(input: &str) -> Option<(Placement, Kings)> {
    let bytes = input.as_bytes();
    let body = bytes.strip_prefix(PREFIX.as_bytes())?;
    if body.is_empty() {
        return Some((Placement::new(), Kings::default()));
    }
    let rest = body.strip_prefix(b" ")?;
    // A piece takes at least 9 bytes and 2 more for the separator after all but the last, so
    // no literal holds more pieces than this; the slots are written in place, without a length
    // or capacity update per piece, and the unused ones are cut off at the end.
    let capacity = (rest.len() + 2) / 11;
    let mut squares = vec![(Coord::ORIGIN, PIECES[0]); capacity];
    let mut used = 0;
    // The square of the previous piece (-1 before the first): strictly ascending squares mean
    // no duplicate and nothing out of order.
    let mut previous: i32 = -1;
    // Kings of each side (see `Spec::count`).
    let mut counts: u64 = 0;
    let mut rest = rest;
    // While twelve bytes remain, the piece cannot be the last one (the last takes at most ten),
    // so "; " must follow it; a piece and its separator take at most twelve bytes.
    while let Some(chunk) = rest.first_chunk::<12>() {
        let [lead, second, ..] = *chunk;
        // A pawn's spec takes two bytes: the next is not '@' (and `SPECS` accepts only a
        // pawn's axis letter there).
        // A branch, not a select: when the predictor guesses it, the next piece's address does
        // not wait for this piece's bytes.
        let extra = match second {
            b'@' => 0,
            b'w' | b'y' => 1,
            _ => return None,
        };
        // The spec's last byte, the coordinate and the separator: `extra` is 0 or 1, so
        // the eleven bytes are always there.
        let [_, coord @ .., s0, s1] = *chunk.get(extra..)?.first_chunk::<11>()?;
        if u16::from_le_bytes([s0, s1]) != SEPARATOR {
            return None;
        }
        let spec = spec(lead, second);
        if spec.lead != lead {
            return None;
        }
        let index = square(coord)?;
        if i32::from(index) <= previous {
            return None;
        }
        place(squares.get_mut(used..=used)?, spec, index);
        used += 1;
        previous = i32::from(index);
        counts += spec.count;
        rest = rest.get(11 + extra..)?;
    }
    // The last piece: exactly its spec and coordinate remain.
    let [lead, second, ..] = *rest else {
        return None;
    };
    let extra = usize::from(second != b'@');
    if rest.len() != 9 + extra {
        return None;
    }
    let spec = spec(lead, second);
    let index = square(*rest.get(1 + extra..)?.first_chunk::<8>()?)?;
    if spec.lead != lead || i32::from(index) <= previous {
        return None;
    }
    place(squares.get_mut(used..=used)?, spec, index);
    counts += spec.count;
    squares.truncate(used + 1);
    let kings = kings(&squares, counts)?;
    Some((Placement::from_sorted(squares), kings))
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
/// side was written.
fn kings(squares: &[(Coord, Piece)], counts: u64) -> Option<Kings> {
    let mut found = Kings::default();
    for (side, (unit, king)) in found
        .sides
        .iter_mut()
        .zip([(WHITE_KING_UNIT, WHITE_KING), (BLACK_KING_UNIT, BLACK_KING)])
    {
        side.0 = ((counts / unit) & 0x1F_FFFF) as usize;
        if side.0 >= 2 {
            side.1 = second_span(squares, *PIECES.get(king)?);
        }
    }
    Some(found)
}

/// The indexes of the kings in [`PIECES`] (checked at compile time).
const WHITE_KING: usize = 4;
const BLACK_KING: usize = 11;
const _: () = {
    assert!(matches!(
        PIECES[WHITE_KING],
        Piece {
            color: Color::White,
            role: Role::King
        }
    ));
    assert!(matches!(
        PIECES[BLACK_KING],
        Piece {
            color: Color::Black,
            role: Role::King
        }
    ));
};

/// Where the second `piece` of a canonical literal was written: the layout of a canonical
/// literal follows from its pieces alone.
fn second_span(squares: &[(Coord, Piece)], piece: Piece) -> Option<Range<usize>> {
    let mut at = PREFIX.len() + 1;
    let mut seen = 0;
    for (_, p) in squares {
        let len = p.spec().len() + 8;
        if *p == piece {
            seen += 1;
            if seen == 2 {
                return Some(at..at + len);
            }
        }
        at += len + 2;
    }
    None
}
