//! The form a file writes its positions in, read from its first position: which notation a
//! text without one of its own holds (sniffing), whether its positions carry clocks, whether
//! an EPD file writes FEN clocks, and how a line spells Chess960 castling.
//!
//! Every rule here looks at one line and nothing else, so that a reader decides a whole file
//! from its first position and stays streaming: nothing later in the file changes what the
//! first position decided.
//!
//! ```
//! use dfen::form::{FileForm, TextNotation};
//! assert_eq!(
//!     TextNotation::of_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
//!     Some(TextNotation::Fen)
//! );
//! assert_eq!(
//!     TextNotation::of_line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"),
//!     None
//! );
//! let form = FileForm::of_first_position("8/8/8/8/8/8/8/K6k w - -");
//! assert!(form.clockless);
//! assert!(!form.clocks_as_fields);
//! ```

use crate::CastlingNotation;

/// The whitespace-separated fields of `line`.
fn fields(line: &str) -> impl Iterator<Item = &str> {
    line.split_ascii_whitespace()
}

/// Whether `field` is a placement's spelling: eight ranks of piece letters and digits.
fn is_placement(field: &str) -> bool {
    field.bytes().filter(|&b| b == b'/').count() == 7
        && field
            .bytes()
            .all(|b| b == b'/' || b"pnbrqkPNBRQK12345678".contains(&b))
}

/// Whether `field` is an en-passant field standard FEN can hold: `-` or one square.
fn is_one_en_passant(field: &str) -> bool {
    match field.as_bytes() {
        [b'-'] => true,
        [file, rank] => (b'a'..=b'h').contains(file) && matches!(rank, b'3' | b'6'),
        _ => false,
    }
}

/// The first six whitespace-separated fields of `line` (as `u8::is_ascii_whitespace` splits),
/// and how many there are of them (at most 6). Found eight bytes at a time while the only
/// whitespace is the space, a byte at a time otherwise: every text a binding checks is asked,
/// and the general split costs several times as much.
fn first_six_fields(line: &[u8]) -> ([&[u8]; 6], usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Where the fields start and end, in turn (a start first: the line's start counts as
    // whitespace before it).
    let mut edges = [0usize; 12];
    let mut found = 0;
    let mut after_space: u64 = 0x80;
    let mut base = 0;
    let mut words = line.chunks_exact(8);
    'words: for chunk in &mut words {
        let Ok(&chunk) = <&[u8; 8]>::try_from(chunk) else {
            break;
        };
        let word = u64::from_le_bytes(chunk);
        // As in `FileForm::is_clockless`: the high bit of each byte up to 0x20, and of each
        // space, exactly.
        let low = (ONES * 0xA0 - (word & !HIGH)) & !word & HIGH;
        let other = word ^ (ONES * u64::from(b' '));
        let space = !(((other & !HIGH) + !HIGH) | other) & HIGH;
        if low != space {
            return first_six_fields_bytewise(line);
        }
        // The bytes whose whitespace differs from the byte's before them.
        let mut changes = (space ^ ((space << 8) | after_space)) & HIGH;
        while changes != 0 {
            let Some(slot) = edges.get_mut(found) else {
                break 'words;
            };
            *slot = base + changes.trailing_zeros() as usize / 8;
            found += 1;
            changes &= changes - 1;
        }
        after_space = (space >> 56) & 0x80;
        base += 8;
    }
    let mut space_before = after_space != 0;
    for (at, byte) in words.remainder().iter().enumerate() {
        let space = byte.is_ascii_whitespace();
        if space != space_before {
            let Some(slot) = edges.get_mut(found) else {
                break;
            };
            *slot = base + at;
            found += 1;
        }
        space_before = space;
    }
    // A field still open ends with the line.
    if found % 2 == 1
        && let Some(slot) = edges.get_mut(found)
    {
        *slot = line.len();
        found += 1;
    }
    let mut fields: [&[u8]; 6] = [&[]; 6];
    for (field, edge) in fields.iter_mut().zip(edges.chunks_exact(2)).take(found / 2) {
        if let [start, end] = *edge {
            *field = line.get(start..end).unwrap_or_default();
        }
    }
    (fields, found / 2)
}

/// [`first_six_fields`] a byte at a time, for a line with tabs or other control bytes.
fn first_six_fields_bytewise(line: &[u8]) -> ([&[u8]; 6], usize) {
    let mut fields: [&[u8]; 6] = [&[]; 6];
    let mut count = 0;
    let split = line
        .split(u8::is_ascii_whitespace)
        .filter(|field| !field.is_empty());
    for (slot, field) in fields.iter_mut().zip(split) {
        *slot = field;
        count += 1;
    }
    (fields, count)
}

/// Whether `field` is a clock: digits only.
fn is_clock(field: &str) -> bool {
    is_clock_bytes(field.as_bytes())
}

/// [`is_clock`] of bytes.
fn is_clock_bytes(field: &[u8]) -> bool {
    !field.is_empty() && field.iter().all(u8::is_ascii_digit)
}

/// Whether `field` is a clock written canonically: digits without a leading zero.
fn is_canonical_clock_bytes(field: &[u8]) -> bool {
    is_clock_bytes(field) && (field.len() == 1 || field.first() != Some(&b'0'))
}

/// The notation a line of a text without a notation of its own (a `.txt` file, standard
/// input, a container's value) is read in, when its fields say so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextNotation {
    /// Standard FEN: six fields, or the first four (the clockless form of perft suites and
    /// evaluation dumps), with at most one en-passant square.
    Fen,
}

impl TextNotation {
    /// The notation `line` is surely written in, by its fields alone: [`TextNotation::Fen`]
    /// for six fields or four read as FEN (a placement, a side, a castling field and at most
    /// one en-passant square, then two clocks or none). `None` when the fields do not say,
    /// such as for dice (a seventh field) or several en-passant squares, which are DFEN's.
    #[must_use]
    pub fn of_line(line: &str) -> Option<TextNotation> {
        let mut fields = fields(line);
        let placement = fields.next()?;
        let side = fields.next()?;
        let castling = fields.next()?;
        let en_passant = fields.next()?;
        let rest: Vec<&str> = fields.take(3).collect();
        let clocks = match rest.as_slice() {
            [] => true,
            [halfmove, fullmove] => is_clock(halfmove) && is_clock(fullmove),
            _ => false,
        };
        let castling_field = castling == "-"
            || (castling.len() <= 4 && castling.bytes().all(|b| b.is_ascii_alphabetic()));
        (is_placement(placement)
            && matches!(side, "w" | "b")
            && castling_field
            && is_one_en_passant(en_passant)
            && clocks)
            .then_some(TextNotation::Fen)
    }
}

/// How a file writes its positions, decided by its first position (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct FileForm {
    /// The first position is written without clocks (four fields): the file is in the
    /// clockless form of perft suites and evaluation dumps, whose clockless lines are kept.
    pub clockless: bool,
    /// The first position writes its clocks as two FEN fields after the four position fields
    /// (`… w KQkq - 0 1`): in an EPD file, the convention of engine opening books, whose lines
    /// keep their clocks so.
    pub clocks_as_fields: bool,
}

impl FileForm {
    /// The form of a file whose first position is `line`.
    #[must_use]
    pub fn of_first_position(line: &str) -> FileForm {
        FileForm::of_first_position_bytes(line.as_bytes())
    }

    /// [`FileForm::of_first_position`] of a line's bytes, which need not be UTF-8 (a byte
    /// that is not is no whitespace, digit or `;`, as its replacement character is not).
    #[must_use]
    pub fn of_first_position_bytes(line: &[u8]) -> FileForm {
        const BOM: &[u8] = "\u{feff}".as_bytes();
        let mut line = line;
        while let Some(rest) = line.strip_prefix(BOM) {
            line = rest;
        }
        let (fields, count) = first_six_fields(line);
        let [_, _, _, _, fifth, sixth] = fields;
        FileForm {
            clockless: count == 4,
            // Only a form `fmt` keeps decides a file: two clocks, each canonical (a line
            // that writes them otherwise is rewritten, which would change the file's form).
            // Two canonical clocks, one space between them (`fifth` and `sixth` are slices of
            // `line`): what `clock_fields_canonical` keeps.
            clocks_as_fields: count >= 6
                && is_canonical_clock_bytes(fifth)
                && is_canonical_clock_bytes(sixth)
                && sixth.as_ptr() as usize - fifth.as_ptr() as usize == fifth.len() + 1
                && line.get(sixth.as_ptr() as usize - line.as_ptr() as usize - 1) == Some(&b' '),
        }
    }

    /// Whether `line` is written without clocks: four fields.
    #[must_use]
    pub fn is_clockless(line: &str) -> bool {
        // The fields of `fields`, counted as the bytes that start one (not whitespace, at the
        // start or after whitespace), eight bytes at a time while the only whitespace is the
        // space: the split costs several times as much, and every line of a JSON Lines or CSV
        // file of positions is asked.
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let bytes = line.as_bytes();
        let mut count = 0;
        // Whether the byte before is whitespace (the line's start counts so), as a high bit.
        let mut after_space: u64 = 0x80;
        let mut words = bytes.chunks_exact(8);
        for chunk in &mut words {
            let Ok(&chunk) = <&[u8; 8]>::try_from(chunk) else {
                break;
            };
            let word = u64::from_le_bytes(chunk);
            // The high bit of each byte up to 0x20, and of each space, exactly: no byte's
            // arithmetic borrows or carries into the next.
            let low = (ONES * 0xA0 - (word & !HIGH)) & !word & HIGH;
            let other = word ^ (ONES * u64::from(b' '));
            let space = !(((other & !HIGH) + !HIGH) | other) & HIGH;
            if low != space {
                return Self::is_clockless_bytewise(bytes);
            }
            count += (!space & HIGH & ((space << 8) | after_space)).count_ones();
            if count > 4 {
                return false;
            }
            after_space = (space >> 56) & 0x80;
        }
        for &byte in words.remainder() {
            let space = byte.is_ascii_whitespace();
            if !space && after_space != 0 {
                count += 1;
            }
            after_space = if space { 0x80 } else { 0 };
        }
        count == 4
    }

    /// [`FileForm::is_clockless`] a byte at a time, for a line with tabs or other control bytes.
    fn is_clockless_bytewise(bytes: &[u8]) -> bool {
        let mut count = 0;
        let mut in_field = false;
        for &byte in bytes {
            let space = byte.is_ascii_whitespace();
            if !space && !in_field {
                count += 1;
                if count > 4 {
                    return false;
                }
            }
            in_field = !space;
        }
        count == 4
    }
}

/// Whether `text` is two clocks written as FEN fields canonically: digits without leading
/// zeros, one space between them, nothing else. Clocks written otherwise (`0  1`, `007 1`,
/// `0 1;`, a halfmove clock alone) are no form to keep.
///
/// ```
/// use dfen::form::clock_fields_canonical;
/// assert!(clock_fields_canonical("0 1"));
/// assert!(clock_fields_canonical("12 40"));
/// assert!(!clock_fields_canonical("0  1"));
/// assert!(!clock_fields_canonical("00 1"));
/// assert!(!clock_fields_canonical("0 1;"));
/// assert!(!clock_fields_canonical("4"));
/// ```
#[must_use]
pub fn clock_fields_canonical(text: &str) -> bool {
    let mut clocks = text.split(' ');
    matches!(
        (clocks.next(), clocks.next(), clocks.next()),
        (Some(halfmove), Some(fullmove), None)
            if is_canonical_clock_bytes(halfmove.as_bytes())
                && is_canonical_clock_bytes(fullmove.as_bytes())
    )
}

/// How `field`, a castling field as written, spells Chess960 rights: X-FEN when it holds
/// `K`, `Q`, `k` or `q`, Shredder-FEN when it holds file letters only, `None` when it holds
/// no right (`-`) or is no castling field. A field of file letters reads the same in either
/// spelling when the rooks are inner ones, and is written back as Shredder-FEN either way.
///
/// ```
/// use dfen::CastlingNotation;
/// use dfen::form::castling_spelling;
/// assert_eq!(castling_spelling("HFhf"), Some(CastlingNotation::Shredder));
/// assert_eq!(castling_spelling("KQkq"), Some(CastlingNotation::XFen));
/// assert_eq!(castling_spelling("Kq"), Some(CastlingNotation::XFen));
/// assert_eq!(castling_spelling("-"), None);
/// ```
#[must_use]
pub fn castling_spelling(field: &str) -> Option<CastlingNotation> {
    if field
        .bytes()
        .any(|b| matches!(b, b'K' | b'Q' | b'k' | b'q'))
    {
        Some(CastlingNotation::XFen)
    } else if !field.is_empty()
        && field
            .bytes()
            .all(|b| matches!(b, b'A'..=b'H' | b'a'..=b'h'))
    {
        Some(CastlingNotation::Shredder)
    } else {
        None
    }
}

/// The castling field of a position line: its third field.
#[must_use]
pub fn castling_field(line: &str) -> Option<&str> {
    fields(line).nth(2)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::test_strategies::any_dfen;
    use crate::{CastlingMode, Layout, Parser, Writer};

    /// [`FileForm::of_first_position`] by the general split: the reference its byte split
    /// is held to.
    fn form_by_split(line: &str) -> FileForm {
        let line = line.trim_start_matches('\u{feff}');
        let mut fields = fields(line);
        let four = fields.by_ref().take(4).count() == 4;
        let fifth = fields.next();
        let sixth = fields.next();
        // Where each field starts and ends in `line`, by the characters' kinds.
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut open = false;
        for (at, c) in line.char_indices() {
            match (c.is_ascii_whitespace(), open) {
                (true, true) => {
                    if let Some(edge) = edges.last_mut() {
                        edge.1 = at;
                    }
                    open = false;
                }
                (false, false) => {
                    edges.push((at, line.len()));
                    open = true;
                }
                _ => {}
            }
        }
        FileForm {
            clockless: four && fifth.is_none(),
            clocks_as_fields: four
                && sixth.is_some()
                && edges
                    .get(4)
                    .zip(edges.get(5))
                    .is_some_and(|(fifth, sixth)| clock_fields_canonical(&line[fifth.0..sixth.1])),
        }
    }

    proptest! {
        /// Every standard FEN fenkit writes, and its first four fields, sniff as FEN and parse
        /// as FEN; a DFEN's seven fields never sniff as FEN. The first position's form follows
        /// its clocks.
        #[test]
        fn what_fenkit_writes_sniffs_as_written(dfen in any_dfen()) {
            prop_assert_eq!(TextNotation::of_line(&dfen.to_string()), None);
            if let Ok(fen) = dfen.to_fen() {
                prop_assert_eq!(TextNotation::of_line(&fen), Some(TextNotation::Fen));
                prop_assert!(Parser::new().layout(Layout::Fen).parse(&fen).is_ok(), "{}", fen);
                let form = FileForm::of_first_position(&fen);
                prop_assert!(form.clocks_as_fields && !form.clockless);
                let four: Vec<&str> = fen.split(' ').take(4).collect();
                let four = four.join(" ");
                prop_assert_eq!(TextNotation::of_line(&four), Some(TextNotation::Fen));
                prop_assert!(FileForm::of_first_position(&four).clockless);
                prop_assert!(FileForm::is_clockless(&four));
            }
        }

        /// `is_clockless` counts the fields as `fields` splits them, whatever the text (every
        /// ASCII whitespace byte, runs of them, fields at either end, non-ASCII bytes; lines
        /// whose only whitespace is the space, which are counted eight bytes at a time).
        #[test]
        fn clockless_counts_fields_as_they_split(
            line in "[ \t\n\r\x0Ca-h1-8/KQkqw-]{0,40}|\\PC{0,30}|([^ ]{1,3}[ \t]{1,2}){3,5}\
                     |[ a-h1-8/KQkqwé-]{0,48}|([a-h1-8é]{1,9} {1,3}){3,6}|[ a!\x01\x1f\x7f\u{a0}]{0,24}"
        ) {
            prop_assert_eq!(FileForm::is_clockless(&line), fields(&line).count() == 4);
        }

        /// The first position's form, split a byte at a time, is the form the whitespace
        /// split gives (whatever the text: clocks, `;`, byte order marks, non-ASCII), and the
        /// bytes of a line that is not UTF-8 give the form of its lossy text.
        #[test]
        fn the_form_splits_as_fields_split(
            line in "(\u{feff}){0,2}[ \t\r\x0C0-9;a-h/Kw-]{0,40}|\\PC{0,30}\
                     |([^ ]{1,4}[ \t]{1,2}){3,7}|([0-9;]{0,3} {1,2}){3,8}[0-9;]{0,3}",
            cut in 0usize..40,
        ) {
            prop_assert_eq!(FileForm::of_first_position(&line), form_by_split(&line));
            let bytes = &line.as_bytes()[..cut.min(line.len())];
            prop_assert_eq!(
                FileForm::of_first_position_bytes(bytes),
                form_by_split(&String::from_utf8_lossy(bytes))
            );
        }

        /// In Chess960 mode, a castling field written in either spelling is written back the
        /// same when the spelling is the one [`castling_spelling`] reads from it: what lets
        /// `fmt` keep each line's spelling.
        #[test]
        fn a_castling_field_keeps_its_spelling(dfen in any_dfen()) {
            let chess960 = Writer::new().castling_mode(CastlingMode::Chess960);
            for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
                let field = chess960.castling(notation).castling_field(&dfen);
                let kept = castling_spelling(&field).unwrap_or(notation);
                prop_assert_eq!(chess960.castling(kept).castling_field(&dfen), field);
            }
        }
    }

    #[test]
    fn six_or_four_fields_read_as_fen_are_fen() {
        for line in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "8/8/8/8/8/8/8/K6k w - -",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "  8/8/8/8/8/8/8/K6k   b -   - 12 40",
        ] {
            assert_eq!(
                TextNotation::of_line(line),
                Some(TextNotation::Fen),
                "{line}"
            );
        }
    }

    #[test]
    fn dice_and_several_en_passant_squares_are_not_fen() {
        for line in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN",
            "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;",
            "",
        ] {
            assert_eq!(TextNotation::of_line(line), None, "{line}");
        }
    }

    #[test]
    fn the_first_position_decides_the_form() {
        let clockless = FileForm::of_first_position("8/8/8/8/8/8/8/K6k w - -");
        assert!(clockless.clockless && !clockless.clocks_as_fields);
        let fen = FileForm::of_first_position("8/8/8/8/8/8/8/K6k w - - 0 1");
        assert!(!fen.clockless && fen.clocks_as_fields);
        let epd = FileForm::of_first_position("8/8/8/8/8/8/8/K6k w - - hmvc 0; fmvn 1;");
        assert_eq!(epd, FileForm::default());
        let perft = FileForm::of_first_position("8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3");
        assert!(perft.clocks_as_fields);
        // Clocks that `fmt` rewrites (a `;` after them, a leading zero, one alone) decide no
        // form: the rewritten first line would decide another.
        for line in [
            "8/8/8/8/8/8/8/K6k w - - 0 1;",
            "8/8/8/8/8/8/8/K6k w - - 00 1",
            "8/8/8/8/8/8/8/K6k w - - 0  1",
            "8/8/8/8/8/8/8/K6k w - - 4",
            "8/8/8/8/8/8/8/K6k w - - 15 ;id \"x\";",
        ] {
            assert!(
                !FileForm::of_first_position(line).clocks_as_fields,
                "{line}"
            );
        }
    }

    #[test]
    fn castling_spelling_follows_the_letters() {
        assert_eq!(castling_spelling("HAha"), Some(CastlingNotation::Shredder));
        assert_eq!(castling_spelling("Bb"), Some(CastlingNotation::Shredder));
        assert_eq!(castling_spelling("KQkq"), Some(CastlingNotation::XFen));
        assert_eq!(castling_spelling("Kb"), Some(CastlingNotation::XFen));
        assert_eq!(castling_spelling("-"), None);
        assert_eq!(castling_spelling(""), None);
        assert_eq!(castling_field("8/8/8/8/8/8/8/K6k w Hh - 0 1"), Some("Hh"));
    }
}
