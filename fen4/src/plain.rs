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
use crate::model::{Axis, Color, Coord, Piece, Placement, Role};
use crate::parse::Kings;

/// The first byte of a piece spec: its index in [`PIECES`], with [`PAWN`] set for a pawn letter
/// (the axis letter follows and selects the piece), or [`OTHER`].
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static LEAD: [u8; 256] = {
    let mut table = [OTHER; 256];
    let mut i = 0;
    while i < PIECES.len() {
        let piece = PIECES[i];
        let byte = piece.letter() as usize;
        table[byte] = match piece.role {
            Role::Pawn(Axis::W) => i as u8 | PAWN,
            Role::Pawn(Axis::Y) => table[byte],
            _ => i as u8,
        };
        i += 1;
    }
    table
};

/// Not a piece letter.
const OTHER: u8 = 0x40;
/// A pawn letter.
const PAWN: u8 = 0x80;

/// The pieces in [`LEAD`]'s order; each pawn with axis `w` comes right before its `y` twin.
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

/// Reads a canonical literal, or returns `None` for anything else.
pub(crate) fn scan(input: &str) -> Option<(Placement, Kings)> {
    let bytes = input.as_bytes();
    let mut kings = Kings::default();
    let body = bytes.strip_prefix(PREFIX.as_bytes())?;
    if body.is_empty() {
        return Some((Placement::new(), kings));
    }
    let mut rest = body.strip_prefix(b" ")?;
    // The shortest canonical piece, `K@0,0,0,0; `, takes 11 bytes.
    let mut squares = Vec::with_capacity(rest.len() / 11 + 1);
    // The lowest square the next piece may stand on: strictly ascending squares mean no
    // duplicate and nothing out of order.
    let mut lowest: u16 = 0;
    // Pieces by kind, counted without a branch (in random boards kings come at random).
    let mut counts = [0usize; PIECES.len()];
    // While sixteen bytes remain, the piece cannot be the last one (a piece and its separator
    // take at most twelve), so it must be followed by "; ", and no read needs a length check.
    while let Some(chunk) = rest.first_chunk::<16>() {
        let (code, index, spec_len) = decode(chunk)?;
        if index < lowest {
            return None;
        }
        lowest = index + 1;
        squares.push((Coord::from_index(index)?, *PIECES.get(code)?));
        if let Some(count) = counts.get_mut(code) {
            *count += 1;
        }
        if chunk.get(spec_len + 8..spec_len + 10)? != b"; " {
            return None;
        }
        rest = rest.get(spec_len + 10..)?;
    }
    // The last piece or two, from a zero-padded copy; the length checks keep every decision on
    // bytes of the input.
    loop {
        let mut padded = [0u8; 16];
        padded.get_mut(..rest.len())?.copy_from_slice(rest);
        let (code, index, spec_len) = decode(&padded)?;
        if index < lowest || rest.len() < spec_len + 8 {
            return None;
        }
        lowest = index + 1;
        squares.push((Coord::from_index(index)?, *PIECES.get(code)?));
        if let Some(count) = counts.get_mut(code) {
            *count += 1;
        }
        if rest.len() == spec_len + 8 {
            break;
        }
        if rest.len() < spec_len + 10 || padded.get(spec_len + 8..spec_len + 10)? != b"; " {
            return None;
        }
        rest = rest.get(spec_len + 10..)?;
    }
    for (side, king) in kings.sides.iter_mut().zip([WHITE_KING, BLACK_KING]) {
        side.0 = counts.get(king).copied().unwrap_or_default();
        if side.0 >= 2 {
            side.1 = second_span(&squares, PIECES.get(king).copied()?);
        }
    }
    Some((Placement::from_sorted(squares), kings))
}

/// Reads the piece spec and coordinate at the start of `chunk`: the piece's index in [`PIECES`],
/// the square index and the spec's length (1 or 2); `None` unless both are canonical.
#[inline(always)]
fn decode(chunk: &[u8; 16]) -> Option<(usize, u16, usize)> {
    let [b0, b1, ..] = *chunk;
    // A branch on the spec's length, not a select: the predictor usually guesses it right,
    // and then the next piece's address does not wait for this one's table lookup.
    let lead = *LEAD.get(usize::from(b0))?;
    let (code, spec_len) = if lead & PAWN == 0 {
        if lead == OTHER {
            return None;
        }
        (usize::from(lead), 1)
    } else {
        let axis_y = match b1 {
            b'w' => false,
            b'y' => true,
            _ => return None,
        };
        (usize::from(lead & 0x0F) + usize::from(axis_y), 2)
    };
    let coord = u64::from_le_bytes(*chunk.get(spec_len..)?.first_chunk::<8>()?) ^ TEMPLATE;
    if coord & MASK != 0 {
        return None;
    }
    let index = ((coord >> 8).wrapping_mul(GATHER) >> 48) as u16 & 0x0FFF;
    Some((code, index, spec_len))
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
