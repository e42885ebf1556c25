//! The fast path: one pass over the bytes of an input that is already in plain form.
//!
//! Most inputs in a position collection are canonical DFEN or standard six-field FEN. For those,
//! the general parser's work (splitting fields, then reading each one with room for every
//! non-canonical spelling and every error message) is far more than needed. This scanner reads
//! such an input in a single left-to-right pass with a byte-class table and no allocation.
//!
//! It accepts only inputs for which the general parser would report no syntax error and no form
//! finding other than `DFEN107` (a standard six-field FEN under `spec` or `lenient`). At the first
//! byte that leaves that shape it gives up and returns `None`, and the caller parses the whole
//! input again with the general parser, which then produces the exact errors, findings and spans.
//! So the fast path can change speed, never results; a unit test in `parser.rs` checks that both
//! paths agree on a corpus and its mutations.

#![deny(clippy::indexing_slicing)]

use std::ops::Range;

use crate::model::piece_code;
use crate::validate::{Census, SourceMap};
use crate::{CastlingSide, Color, Dfen, Piece, Profile, Role, Square};

/// What a placement byte does, looked up once per byte so the placement loop has no
/// data-dependent branch (those mispredict on every rank of a real position). Eight bytes, so
/// that the lookup's address is one shift.
#[derive(Clone, Copy)]
#[repr(align(8))]
struct ByteInfo {
    /// The board byte it writes (see `piece_code`): its piece, or 0 for none.
    board: u8,
    /// The census slot: the piece code (colour × 6 + role), [`EMPTY_CODE`] for a digit,
    /// [`SLASH_CODE`] for a `/` or [`MARK_CODE`] for a `~`.
    code: u8,
    /// How many squares it moves along the rank: 1 for a piece, `n` for the digit `n`.
    advance: u8,
    /// What it is, for the bytes that must not follow it: [`DIGIT`], [`SLASH`], [`MARK`],
    /// [`UNMARKABLE`] or nothing.
    kind: u8,
    /// The kinds it must not follow (`44`, `//`, a `~` after anything but a queen, rook,
    /// bishop or knight).
    rejects: u8,
}

/// [`ByteInfo::advance`] of a byte the fast path does not take: more than a whole board, so
/// that the square count, which never goes down, cannot end at 64.
const NOT_TAKEN: u8 = 65;

/// The census slot of digits (never read).
const EMPTY_CODE: u8 = 12;
/// The census slot of slashes: its bits say where the slashes stood.
const SLASH_CODE: u8 = 13;
/// The census slot of `~` marks: the square after each marked piece.
const MARK_CODE: u8 = 14;
/// [`ByteInfo::kind`] of a digit 1–8.
const DIGIT: u8 = 1;
/// [`ByteInfo::kind`] of a `/`.
const SLASH: u8 = 2;
/// [`ByteInfo::kind`] of a `~`.
const MARK: u8 = 4;
/// [`ByteInfo::kind`] of a king or pawn: never promoted.
const UNMARKABLE: u8 = 8;
/// The kind of what precedes the first byte.
const START: u8 = 16;

/// The placement bytes of standard FEN and DFEN.
static INFO: [ByteInfo; 256] = byte_infos(false);

/// [`INFO`] with `~` after a promoted piece (a variant's promoted mark): it takes no square,
/// writes nothing to the board, and records the square after its piece under [`MARK_CODE`].
static INFO_MARKED: [ByteInfo; 256] = byte_infos(true);

// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
const fn byte_infos(marks: bool) -> [ByteInfo; 256] {
    let mut table = [ByteInfo {
        board: 0,
        code: EMPTY_CODE,
        advance: NOT_TAKEN,
        kind: 0,
        rejects: 0,
    }; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(piece) = Piece::from_letter(byte as u8) {
            table[byte] = ByteInfo {
                board: piece_code(Some(piece)),
                code: piece.color.index() as u8 * 6 + piece.role as u8,
                advance: 1,
                kind: match piece.role {
                    Role::King | Role::Pawn => UNMARKABLE,
                    _ => 0,
                },
                rejects: 0,
            };
        }
        byte += 1;
    }
    let mut digit = 1;
    while digit <= 8 {
        table[(b'0' + digit) as usize] = ByteInfo {
            board: 0,
            code: EMPTY_CODE,
            advance: digit,
            kind: DIGIT,
            rejects: DIGIT,
        };
        digit += 1;
    }
    table[b'/' as usize] = ByteInfo {
        board: 0,
        code: SLASH_CODE,
        advance: 0,
        kind: SLASH,
        rejects: SLASH,
    };
    if marks {
        table[b'~' as usize] = ByteInfo {
            board: 0,
            code: MARK_CODE,
            advance: 0,
            kind: MARK,
            rejects: DIGIT | SLASH | MARK | UNMARKABLE | START,
        };
    }
    table
}

/// The squares a `/` must stand before: a7, a6, …, a1 (after 8, 16, …, 56 squares in reading
/// order), as a set of square indexes (a1 = 0).
const RANK_BOUNDARIES: u64 = 0x0001_0101_0101_0101;

/// The placement read so far.
struct Placement {
    /// Squares in reading order (a8 = 0, h8 = 7, a7 = 8, …, h1 = 63).
    reading: usize,
    /// Non-zero once a byte followed one it must not follow.
    bad: u8,
    /// The kind of the byte before.
    previous_kind: u8,
}

impl Placement {
    /// Reads one byte of the placement with `table`; `None` for a byte no placement has.
    #[inline(always)]
    fn step(
        &mut self,
        table: &[ByteInfo; 256],
        byte: u8,
        dfen: &mut Dfen,
        census: &mut Census,
    ) -> Option<()> {
        let &info = table.get(usize::from(byte))?;
        let index = ((self.reading ^ 56) & 63) as u8;
        dfen.board.set_code(index, info.board);
        census.add_code(info.code, index);
        self.bad |= info.rejects & self.previous_kind;
        self.previous_kind = info.kind;
        self.reading += usize::from(info.advance);
        Some(())
    }
}

/// Where the scan stands in the input.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// Consumes one space (the field separator), or fails.
    #[inline(always)]
    fn space(&mut self) -> Option<()> {
        (self.peek()? == b' ').then(|| self.at += 1)
    }

    /// Reads a clock in plain form: 1–9 ASCII digits, no leading zero. Stops before the next
    /// byte, which the caller checks.
    #[inline(always)]
    fn clock(&mut self) -> Option<u32> {
        let start = self.at;
        let mut value: u32 = 0;
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            value = value.wrapping_mul(10).wrapping_add(u32::from(digit - b'0'));
            self.at += 1;
        }
        let len = self.at - start;
        // Nine digits cannot overflow a u32; a leading zero is a finding (DFEN105).
        let leading_zero = len > 1 && self.bytes.get(start) == Some(&b'0');
        ((1..=9).contains(&len) && !leading_zero).then_some(value)
    }
}

/// What a variant's dialect writes among the six standard fields, which the scan steps over and
/// reports in [`Slots`]. The standard parse asks for nothing ([`Among::NOTHING`]); each option is
/// decided when the scan is inlined, and costs the other callers nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Among {
    /// The board field ends with a pocket.
    pub pocket: Option<PocketSpelling>,
    /// A `~` after a piece marks it promoted.
    pub marks: bool,
    /// One field stands between en passant and the clocks.
    pub field_before_clocks: bool,
}

impl Among {
    /// Six standard fields and nothing among them.
    pub const NOTHING: Among = Among {
        pocket: None,
        marks: false,
        field_before_clocks: false,
    };
}

/// How a pocket ends the board field.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PocketSpelling {
    /// `[...]` right after the eighth rank.
    Bracketed,
    /// A ninth rank: `/` and the pocket's letters.
    NinthRank,
}

/// Where the scan found what [`Among`] asked for.
#[derive(Default)]
pub struct Slots {
    /// The pocket's letters, without their delimiters.
    pub pocket: Range<usize>,
    /// The squares of the pieces marked `~`, as a set of square indexes.
    pub marked: u64,
    /// The field between en passant and the clocks.
    pub before_clocks: Range<usize>,
    /// Where the board field ends.
    pub board_end: usize,
}

/// What the scan found besides the position: whether field 7 was present.
pub(super) enum Shape {
    /// Seven fields.
    Seven,
    /// Six fields: a standard FEN (field 7 absent).
    Six,
    /// Six fields, then one space at this offset and more text, which the caller reads (the
    /// variant layer's slot fields). Only when asked for with [`Rest::Caller`].
    SixThen(usize),
}

/// Who reads what follows field 6.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Rest {
    /// The scan: field 7, the dice.
    Dice,
    /// The caller: the scan stops after field 6.
    Caller,
}

/// Scans `input` in plain form into `dfen`, `census` and `map`, and what `among` asks for into
/// `slots`; `None` when the input is not in plain form for `profile` (the values written so far
/// are then meaningless).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn scan<'a>(
    input: &'a str,
    profile: Profile,
    rest: Rest,
    among: Among,
    dfen: &mut Dfen,
    census: &mut Census,
    slots: &mut Slots,
    map: &mut SourceMap<'a>,
    read_pocket: impl FnOnce(&[u8]) -> Option<usize>,
) -> Option<Shape> {
    let bytes = input.as_bytes();
    if bytes.len() > super::MAX_INPUT_LEN {
        return None;
    }

    // Field 1: the placement, with every rank adding up to 8 and no split digit runs.
    // `reading` counts squares in reading order (a8 = 0, h8 = 7, a7 = 8, …, h1 = 63); the square
    // index is `reading ^ 56`. Every byte writes its table entry unconditionally (a digit or `/`
    // writes "empty" to the next square, which is empty anyway), and every byte records itself
    // in the census, a `/` in its own slot: the field must end at 64 squares with slashes on
    // exactly the seven squares that start ranks 7 to 1. Two slashes on one square are two in a
    // row, caught with split digit runs in `bad`; a slash past square 63 would wrap round to
    // a8, which is not one of the seven. A byte that has no place in a placement moves the
    // count past 64 for good. Squares written after an error do not matter: the result is then
    // thrown away.
    //
    // A variant's pocket ends the board field: the placement is what comes before it. A `~`
    // after a queen, rook, bishop or knight marks it promoted and takes no square; any other
    // `~`, and one that ends the placement, is left to the general reader.
    let table = if among.marks { &INFO_MARKED } else { &INFO };
    let mut placement = Placement {
        reading: 0,
        bad: 0,
        previous_kind: START,
    };
    let (placement_end, field_end) = match among.pocket {
        None => {
            let field_end = memchr::memchr(b' ', bytes)?;
            let field = bytes.get(..field_end)?;
            // A `~` writes "empty" to the square after its piece, which the next byte writes
            // again; after the last square there is none (the index wraps round to a8).
            if among.marks && field.last() == Some(&b'~') {
                return None;
            }
            for &byte in field {
                placement.step(table, byte, dfen, census)?;
            }
            (field_end, field_end)
        }
        Some(spelling) => {
            // The placement ends at its 64th square (a `~` after it is left to the general
            // reader), and the pocket follows: `[letters]` or `/letters`, read by the caller.
            let at = match spelling {
                // No placement byte is a `[`: the placement is what comes before the first,
                // read as the standard field is, with no test of the square count after each
                // byte (a chain of dependent loads). A `[` before the 64th square, or bytes
                // after it, leave the count off 64 or a slash off its rank boundary.
                PocketSpelling::Bracketed => {
                    let at = memchr::memchr(b'[', bytes)?;
                    let field = bytes.get(..at)?;
                    if among.marks && field.last() == Some(&b'~') {
                        return None;
                    }
                    for &byte in field {
                        placement.step(table, byte, dfen, census)?;
                    }
                    at
                }
                // The ninth rank starts with a `/`, as the ranks do: up to the 64th square.
                PocketSpelling::NinthRank => {
                    let mut at = 0;
                    while placement.reading < 64 {
                        placement.step(table, *bytes.get(at)?, dfen, census)?;
                        at += 1;
                    }
                    if *bytes.get(at)? != b'/' {
                        return None;
                    }
                    at
                }
            };
            let start = at + 1;
            let mut end = start + read_pocket(bytes.get(start..)?)?;
            slots.pocket = start..end;
            if spelling == PocketSpelling::Bracketed {
                if *bytes.get(end)? != b']' {
                    return None;
                }
                end += 1;
            }
            if *bytes.get(end)? != b' ' {
                return None;
            }
            (at, end)
        }
    };
    slots.board_end = field_end;
    let Placement {
        reading,
        bad,
        previous_kind: _,
    } = placement;
    if bad != 0 || reading != 64 || census.slot(SLASH_CODE) != RANK_BOUNDARIES {
        return None;
    }
    if among.marks {
        // Each mark's bit stands on the square after its piece, in reading order.
        let mut after = census.slot(MARK_CODE);
        while after != 0 {
            let next_reading = (after.trailing_zeros() ^ 56) & 63;
            slots.marked |= 1u64 << ((next_reading.wrapping_sub(1) ^ 56) & 63);
            after &= after - 1;
        }
    }
    map.set_field(1, 0..placement_end);
    let mut cur = Cursor {
        bytes,
        at: field_end + 1,
    };

    // Field 2: the side to move.
    let side_at = cur.at;
    dfen.side = match cur.peek()? {
        b'w' => Color::White,
        b'b' => Color::Black,
        _ => return None,
    };
    cur.at += 1;
    map.set_field(2, side_at..cur.at);
    cur.space()?;

    // Field 3: castling, `-` or letters strictly in the order `KQkq`, read as standard chess
    // reads them (in Chess960 mode the caller leaves them to the general reader).
    let castling_at = cur.at;
    if cur.peek()? == b'-' {
        cur.at += 1;
    } else {
        let mut last: i8 = -1;
        while let Some(side) = CastlingSide::from_letter(cur.peek()?) {
            if (side as i8) <= last {
                return None;
            }
            last = side as i8;
            dfen.castling.insert(side);
            cur.at += 1;
        }
        if last < 0 {
            return None;
        }
    }
    map.set_field(3, castling_at..cur.at);
    cur.space()?;

    // Field 4: en passant, `-` or squares on ranks 3 and 6, strictly in the profile's order.
    let en_passant_at = cur.at;
    if cur.peek()? == b'-' {
        cur.at += 1;
    } else {
        let mut last: i16 = -1;
        loop {
            let file = cur.peek()?.wrapping_sub(b'a');
            let rank = cur.bytes.get(cur.at + 1)?.wrapping_sub(b'1');
            if file >= 8 || (rank != 2 && rank != 5) {
                return None;
            }
            let key = match profile {
                Profile::Engine => rank * 8 + file,
                Profile::Spec | Profile::Lenient => file * 8 + rank,
            };
            if i16::from(key) <= last {
                return None;
            }
            last = i16::from(key);
            dfen.en_passant.insert(Square::new(file, rank)?);
            cur.at += 2;
            if cur.peek()? == b' ' {
                break;
            }
        }
    }
    map.set_field(4, en_passant_at..cur.at);
    cur.space()?;

    if among.field_before_clocks {
        let start = cur.at;
        let len = bytes.get(start..)?.iter().position(|&byte| byte == b' ')?;
        if len == 0 {
            return None;
        }
        slots.before_clocks = start..start + len;
        cur.at += len + 1;
    }

    // Fields 5 and 6: the clocks.
    let half_at = cur.at;
    dfen.halfmove = cur.clock()?;
    if profile == Profile::Engine && dfen.halfmove > 127 {
        return None;
    }
    map.set_field(5, half_at..cur.at);
    cur.space()?;
    let full_at = cur.at;
    // Fullmove 0 is not plain: it is a finding (DFEN019) or an error.
    dfen.fullmove = std::num::NonZeroU32::new(cur.clock()?)?;
    map.set_field(6, full_at..cur.at);
    let Some(next) = cur.peek() else {
        return Some(Shape::Six);
    };
    if next != b' ' {
        return None;
    }
    if rest == Rest::Caller {
        return Some(Shape::SixThen(cur.at));
    }
    cur.at += 1;

    // Field 7: `-`, or 1–3 dice in the case of the side to move and in the order P N B R Q K.
    let dice_at = cur.at;
    let dice = cur.bytes.get(dice_at..)?;
    if dice == b"-" {
        if profile == Profile::Engine {
            return None;
        }
    } else {
        if dice.is_empty() || dice.len() > 3 {
            return None;
        }
        let mut previous = Role::Pawn;
        for &letter in dice {
            let matching_case = match dfen.side {
                Color::White => letter.is_ascii_uppercase(),
                Color::Black => letter.is_ascii_lowercase(),
            };
            let role = Role::from_letter(letter)?;
            if !matching_case || role < previous {
                return None;
            }
            previous = role;
            dfen.dice.push(role);
        }
    }
    map.set_field(7, dice_at..bytes.len());
    Some(Shape::Seven)
}
