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

use crate::PREFIX;
use crate::model::{Axis, Color, Coord, Piece, Placement, Role};
use crate::parse::Kings;

/// What the first byte of a piece spec starts.
#[derive(Clone, Copy)]
enum Lead {
    /// Not a piece letter.
    Other,
    /// A one-letter piece.
    Piece(Piece),
    /// A pawn letter of this colour; the axis letter follows.
    Pawn(Color),
}

// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static LEAD: [Lead; 256] = {
    let mut table = [Lead::Other; 256];
    let mut byte = 0;
    while byte < 128 {
        if let Some(piece) = Piece::from_letter(byte as u8 as char) {
            table[byte] = Lead::Piece(piece);
        }
        byte += 1;
    }
    table[b'P' as usize] = Lead::Pawn(Color::White);
    table[b'p' as usize] = Lead::Pawn(Color::Black);
    table
};

/// `@0,0,0,0` as a little-endian word: XORed with the eight bytes after a spec, a canonical
/// coordinate leaves zero in the even bytes and the digit values 0-7 in the odd ones.
const TEMPLATE: u64 = u64::from_le_bytes(*b"@0,0,0,0");
/// The bits that must then be zero: all of each separator byte, all but the low three of each
/// digit byte.
const MASK: u64 = 0xF8FF_F8FF_F8FF_F8FF;

/// Reads a canonical literal, or returns `None` for anything else.
pub(crate) fn scan(input: &str) -> Option<(Placement, Kings)> {
    let bytes = input.as_bytes();
    let mut kings = Kings::default();
    let rest = bytes.strip_prefix(PREFIX.as_bytes())?;
    if rest.is_empty() {
        return Some((Placement::new(), kings));
    }
    let mut at = PREFIX.len();
    if rest.first() != Some(&b' ') {
        return None;
    }
    at += 1;
    // The shortest canonical piece, `K@0,0,0,0; `, takes 11 bytes.
    let mut squares = Vec::with_capacity(rest.len() / 11 + 1);
    let mut last: Option<u16> = None;
    loop {
        let start = at;
        let piece = match LEAD.get(usize::from(*bytes.get(at)?))? {
            Lead::Piece(piece) => {
                at += 1;
                *piece
            }
            Lead::Pawn(color) => {
                let axis = match bytes.get(at + 1)? {
                    b'w' => Axis::W,
                    b'y' => Axis::Y,
                    _ => return None,
                };
                at += 2;
                Piece::new(*color, Role::Pawn(axis))
            }
            Lead::Other => return None,
        };
        let word: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
        let v = u64::from_le_bytes(word) ^ TEMPLATE;
        if v & MASK != 0 {
            return None;
        }
        let index = ((v >> 8 & 7) << 9 | (v >> 24 & 7) << 6 | (v >> 40 & 7) << 3 | v >> 56) as u16;
        // Strictly ascending: no duplicate square and nothing out of order.
        if last.is_some_and(|l| index <= l) {
            return None;
        }
        last = Some(index);
        at += 8;
        squares.push((Coord::from_index(index)?, piece));
        kings.add(piece, &(start..at));
        match bytes.get(at) {
            None => break,
            Some(b';') if bytes.get(at + 1) == Some(&b' ') => at += 2,
            Some(_) => return None,
        }
    }
    Some((Placement::from_sorted(squares), kings))
}
