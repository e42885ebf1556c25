//! The fast path of [`Position::from_fen`]: a FEN in plain form, as python-chess and shakmaty
//! write it, read in one pass straight into bitboards.
//!
//! Plain form: the board (crazyhouse: `~` after promoted pieces other than pawns and kings, and
//! the pocket in brackets, each letter of a pawn to a queen), `w` or `b`, the castling field
//! (`-`, or `KQkq` letters in that order outside Chess960 mode), `-` or an en passant square on
//! the rank the side to move captures onto, three-check's remaining checks (`3+3`, each 0 to 3),
//! and either both clocks (no leading zeros, fullmove at least 1) or none, fields separated by
//! one space, nothing after them. Anything else, and any text `dfen` would word a finding
//! about, makes [`read`] give up: `dfen`'s variant parser then reads the whole text, so this
//! path changes speed and never results (a unit test compares both readers over mutated lines).

use crate::position::{Color, Position};
use crate::variant::Variant;

/// A piece letter's colour (bit 3) and role plus one (bits 0–2: 1 for a pawn to 6 for a
/// king); 0 for any other byte.
const PIECES: [u8; 256] = {
    let mut table = [0u8; 256];
    let letters = *b"pnbrqk";
    let mut i = 0;
    while i < 6 {
        table[letters[i] as usize] = 8 | (i as u8 + 1);
        table[letters[i].to_ascii_uppercase() as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

/// Reads `text` if it is in plain form (see the module's documentation), else `None`.
#[inline]
pub(crate) fn read(variant: Variant, text: &str, chess960: bool) -> Option<Position> {
    let bytes = text.as_bytes();
    // A plain line is short; a longer one (which could not be plain) is left to `dfen`, and
    // the counts below cannot overflow.
    if bytes.len() > 512 {
        return None;
    }
    let zh = variant == Variant::Crazyhouse;
    let mut pos = Position::empty(variant, chess960);
    // The board, rank 8 first, into one local set per piece letter (indexed by the table's
    // value, so no bounds check), written to the position once at the end.
    let mut by_piece = [0u64; 16];
    let mut promoted = 0u64;
    let mut sq: u32 = 56;
    let mut file: u32 = 0;
    let mut i = 0;
    // A rank's length is checked at its end: a square past the eighth file shifts by its
    // index modulo 64 (no overflow), and the rank is then refused.
    while i < bytes.len() {
        let b = bytes[i];
        let piece = PIECES[usize::from(b)];
        if piece != 0 {
            by_piece[usize::from(piece & 15)] |= 1u64.wrapping_shl(sq + file);
            file += 1;
        } else if b.wrapping_sub(b'1') < 8 {
            file += u32::from(b - b'0');
        } else if b == b'/' {
            if file != 8 || sq == 0 {
                return None;
            }
            sq -= 8;
            file = 0;
        } else if b == b'~' && zh {
            // After a piece other than a pawn or a king.
            let before = PIECES[usize::from(*bytes.get(i.checked_sub(1)?)?)];
            if matches!(before & 7, 0 | 1 | 6) || file > 8 {
                return None;
            }
            promoted |= 1u64 << (sq + file - 1);
        } else {
            break;
        }
        i += 1;
    }
    if file != 8 || sq != 0 {
        return None;
    }
    for role in 0..6 {
        let (white, black) = (by_piece[role + 1], by_piece[role + 9]);
        pos.by_role[role] = white | black;
        pos.by_color[0] |= white;
        pos.by_color[1] |= black;
    }
    pos.promoted = promoted;
    if zh {
        if bytes.get(i) != Some(&b'[') {
            return None;
        }
        i += 1;
        loop {
            let b = *bytes.get(i)?;
            i += 1;
            if b == b']' {
                break;
            }
            let piece = PIECES[usize::from(b)];
            if piece == 0 || piece & 7 == 6 {
                return None;
            }
            let count = &mut pos.pockets[usize::from(piece >> 3)][usize::from(piece & 7) - 1];
            *count = count.checked_add(1)?;
        }
    }
    let mut fields = bytes.get(i..)?.split(|&b| b == b' ');
    if !fields.next()?.is_empty() {
        return None;
    }
    pos.turn = match fields.next()? {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => return None,
    };
    pos.raw_castling = match fields.next()? {
        b"-" => 0,
        b"" => return None,
        _ if chess960 => return None,
        letters => {
            let mut rooks = 0u64;
            let mut order = 0;
            for &b in letters {
                let (at, rook) = match b {
                    b'K' => (1, 1 << 7),
                    b'Q' => (2, 1 << 0),
                    b'k' => (3, 1 << 63),
                    b'q' => (4, 1 << 56),
                    _ => return None,
                };
                if at <= order {
                    return None;
                }
                order = at;
                rooks |= rook;
            }
            rooks
        }
    };
    pos.ep = match fields.next()? {
        b"-" => None,
        &[f @ b'a'..=b'h', r] => {
            let rank = match pos.turn {
                Color::White => b'6',
                Color::Black => b'3',
            };
            if r != rank {
                return None;
            }
            Some((r - b'1') * 8 + (f - b'a'))
        }
        _ => return None,
    };
    if variant == Variant::ThreeCheck {
        match fields.next()? {
            &[w @ b'0'..=b'3', b'+', b @ b'0'..=b'3'] => {
                pos.remaining_checks = [w - b'0', b - b'0'];
            }
            _ => return None,
        }
    }
    if let Some(half) = fields.next() {
        pos.halfmove = number(half)?;
        pos.fullmove = number(fields.next()?)?;
        if pos.fullmove == 0 || fields.next().is_some() {
            return None;
        }
    }
    pos.castling = pos.clean_castling();
    Some(pos)
}

/// A number of one to nine digits without leading zeros.
#[inline]
fn number(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() || digits.len() > 9 || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    let mut n = 0u32;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(d - b'0');
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::TABLE;

    /// Lines of every variant: the committed suites' positions, with and without clocks.
    fn lines() -> Vec<(Variant, String)> {
        let mut out = Vec::new();
        for entry in &TABLE {
            let variant = entry.variant;
            let start = variant.start_fen().to_owned();
            out.push((variant, start));
        }
        for (name, text) in [
            ("chess", include_str!("../tests/data/perft/chess.perft")),
            (
                "antichess",
                include_str!("../tests/data/perft/antichess.perft"),
            ),
            ("atomic", include_str!("../tests/data/perft/atomic.perft")),
            ("horde", include_str!("../tests/data/perft/horde.perft")),
            (
                "racingkings",
                include_str!("../tests/data/perft/racingkings.perft"),
            ),
            (
                "kingofthehill",
                include_str!("../tests/data/perft/kingofthehill.perft"),
            ),
            ("3check", include_str!("../tests/data/perft/3check.perft")),
            (
                "crazyhouse",
                include_str!("../tests/data/perft/crazyhouse.perft"),
            ),
        ] {
            let variant: Variant = name.parse().unwrap();
            for line in text.lines() {
                if let Some(epd) = line.strip_prefix("epd ") {
                    out.push((variant, epd.to_owned()));
                    out.push((variant, format!("{epd} 7 31")));
                    out.push((variant, format!("{epd} 0 0")));
                }
            }
        }
        out
    }

    /// A small seeded generator (xorshift), so the test needs no dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678/ -~[]+0123wbKQkqaeh36 \t";

    fn mutate(rng: &mut Rng, line: &str) -> String {
        let mut bytes = line.as_bytes().to_vec();
        for _ in 0..=rng.below(3) {
            let at = rng.below(bytes.len() + 1);
            let letter = ALPHABET[rng.below(ALPHABET.len())];
            match rng.below(3) {
                0 if at < bytes.len() => bytes[at] = letter,
                1 if at < bytes.len() => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, letter),
            }
        }
        String::from_utf8(bytes).unwrap()
    }

    /// The reader `Position::from_fen` falls back on, alone.
    fn general(variant: Variant, text: &str, chess960: bool) -> Option<Position> {
        Position::read_general(variant, text, chess960).ok()
    }

    #[test]
    fn plain_reads_as_the_general_reader() {
        let mut rng = Rng(0x5EED_1234_ABCD_0001);
        let mut read_plain = 0;
        for (variant, line) in lines() {
            for chess960 in [false, true] {
                for i in 0..300 {
                    let text = if i == 0 {
                        line.clone()
                    } else {
                        mutate(&mut rng, &line)
                    };
                    // Every variant's lines read in every variant too.
                    let variant = if i % 7 == 3 {
                        TABLE[rng.below(TABLE.len())].variant
                    } else {
                        variant
                    };
                    if let Some(fast) = read(variant, &text, chess960) {
                        read_plain += 1;
                        let slow = general(variant, &text, chess960);
                        assert_eq!(
                            Some(&fast),
                            slow.as_ref(),
                            "{} {text:?} chess960={chess960}",
                            variant.name()
                        );
                    }
                }
            }
        }
        // The suites' own lines and many mutations take the fast path.
        assert!(read_plain > 3_000, "{read_plain}");
    }

    #[test]
    fn long_lines_are_left_to_dfen() {
        let start = Variant::Chess.start_fen();
        let long = format!("{start}{}", " ".repeat(600));
        assert!(read(Variant::Chess, &long, false).is_none());
        assert_eq!(
            Position::from_fen(Variant::Chess, &long, false).unwrap(),
            Position::from_fen(Variant::Chess, start, false).unwrap()
        );
        let digits = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "8".repeat(600));
        assert!(Position::from_fen(Variant::Chess, &digits, false).is_err());
    }

    #[test]
    fn suite_lines_are_plain() {
        for (variant, line) in lines() {
            if line.ends_with(" 0 0") {
                assert!(read(variant, &line, false).is_none(), "{line}");
            } else {
                assert!(read(variant, &line, false).is_some(), "{line}");
            }
        }
    }
}
