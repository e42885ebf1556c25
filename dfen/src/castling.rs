//! Castling rights as rook files, the two readings of `K` and `Q`, and the spellings of the
//! castling field.
//!
//! A castling right belongs to a rook: White's rights are files of rank 1, Black's files of
//! rank 8. Standard chess has four, `K` (h1), `Q` (a1), `k` (h8) and `q` (a8); a Chess960
//! position may hold a right for a rook on any file, with the king between its rooks. The field
//! is written three ways (`spec/chess960.md`):
//!
//! - `KQkq`: `K` is the h-file rook and `Q` the a-file rook (standard chess);
//! - Shredder-FEN: the rook's file, `A`–`H` for White and `a`–`h` for Black (`HAha`);
//! - X-FEN: `K`/`Q` for the outermost rook on that side of the king, the file letter for a rook
//!   with another rook further out on the same side.
//!
//! ```
//! use dfen::{CastlingMode, Color, Parser};
//!
//! // A Chess960 start in X-FEN: `K` is the rook on g1, the outermost on the king's h-side.
//! let input = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1";
//! let parsed = Parser::new().castling_mode(CastlingMode::Chess960).parse(input).unwrap();
//! let rooks: Vec<String> = parsed.dfen.castling.rook_squares().iter().map(|s| s.to_string()).collect();
//! assert_eq!(rooks, ["e1", "g1", "e8", "g8"]);
//! assert_eq!(parsed.dfen.castling.files(Color::White), 0b0101_0000);
//! ```

use std::fmt;

use crate::{Board, Color, Piece, Role, Square, SquareSet};

/// Castling rights: for each colour, the files of the rooks it may still castle with.
///
/// The standard rights have names ([`CastlingSide`]): `K` is White's right for the h-file rook.
/// A Chess960 right is a rook file of its own ([`CastlingRights::insert_rook_file`]).
///
/// ```
/// use dfen::{CastlingRights, CastlingSide, Color};
/// let mut rights = CastlingRights::NONE;
/// rights.insert(CastlingSide::WhiteKingside);
/// rights.insert_rook_file(Color::Black, 1); // Black's rook on b8
/// assert!(rights.has(CastlingSide::WhiteKingside));
/// assert!(rights.has_rook_file(Color::White, 7));
/// assert!(!rights.is_standard());
/// assert_eq!(rights.to_string(), "Hb");
/// assert_eq!(CastlingRights::ALL.to_string(), "KQkq");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u16);

/// One of the four standard castling rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// White castles on the king's side (`K`): the h1 rook.
    WhiteKingside,
    /// White castles on the queen's side (`Q`): the a1 rook.
    WhiteQueenside,
    /// Black castles on the king's side (`k`): the h8 rook.
    BlackKingside,
    /// Black castles on the queen's side (`q`): the a8 rook.
    BlackQueenside,
}

impl CastlingSide {
    /// The four rights in canonical order `K Q k q`.
    pub const ALL: [CastlingSide; 4] = [
        CastlingSide::WhiteKingside,
        CastlingSide::WhiteQueenside,
        CastlingSide::BlackKingside,
        CastlingSide::BlackQueenside,
    ];

    /// The letter, one of `KQkq`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            CastlingSide::WhiteKingside => 'K',
            CastlingSide::WhiteQueenside => 'Q',
            CastlingSide::BlackKingside => 'k',
            CastlingSide::BlackQueenside => 'q',
        }
    }

    /// The right for a letter of `KQkq`.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<CastlingSide> {
        match letter {
            b'K' => Some(CastlingSide::WhiteKingside),
            b'Q' => Some(CastlingSide::WhiteQueenside),
            b'k' => Some(CastlingSide::BlackKingside),
            b'q' => Some(CastlingSide::BlackQueenside),
            _ => None,
        }
    }

    /// Whose right it is.
    #[must_use]
    pub const fn color(self) -> Color {
        match self {
            CastlingSide::WhiteKingside | CastlingSide::WhiteQueenside => Color::White,
            CastlingSide::BlackKingside | CastlingSide::BlackQueenside => Color::Black,
        }
    }

    /// Whether it is a right on the king's side (`K`, `k`): the h-file rook.
    #[must_use]
    pub const fn is_king_side(self) -> bool {
        matches!(
            self,
            CastlingSide::WhiteKingside | CastlingSide::BlackKingside
        )
    }

    /// The file of the rook in standard chess: 7 (h) or 0 (a).
    #[must_use]
    pub const fn rook_file(self) -> u8 {
        if self.is_king_side() { 7 } else { 0 }
    }

    /// The king's home square in standard chess (`e1` or `e8`).
    #[must_use]
    pub const fn king_square(self) -> Square {
        Square::masked(back_rank(self.color()) * 8 + 4)
    }

    /// The rook's home square in standard chess (`h1`, `a1`, `h8` or `a8`).
    #[must_use]
    pub const fn rook_square(self) -> Square {
        Square::masked(back_rank(self.color()) * 8 + self.rook_file())
    }

    /// Its bit in [`CastlingRights`]: White's files in the low byte, Black's in the high one.
    const fn bit(self) -> u16 {
        match self {
            CastlingSide::WhiteKingside => 0x0080,
            CastlingSide::WhiteQueenside => 0x0001,
            CastlingSide::BlackKingside => 0x8000,
            CastlingSide::BlackQueenside => 0x0100,
        }
    }
}

/// The bit of `color`'s right for the rook on `file` (0–7).
const fn rook_bit(color: Color, file: u8) -> u16 {
    1 << (color.index() as u32 * 8 + (file & 7) as u32)
}

/// The back rank of `color`: 0 (rank 1) for White, 7 (rank 8) for Black.
pub(crate) const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// The rights for the rooks on the a- and h-files: the ones `KQkq` names.
const CORNER_FILES: u16 = 0x8181;

impl CastlingRights {
    /// No rights (`-`).
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four standard rights (`KQkq`).
    pub const ALL: CastlingRights = CastlingRights(CORNER_FILES);

    /// Whether the standard right `side` is held.
    #[must_use]
    pub const fn has(self, side: CastlingSide) -> bool {
        self.0 & side.bit() != 0
    }

    /// Grants the standard right `side`; returns whether it was new.
    pub fn insert(&mut self, side: CastlingSide) -> bool {
        let new = !self.has(side);
        self.0 |= side.bit();
        new
    }

    /// Removes the standard right `side`; returns whether it was held.
    pub fn remove(&mut self, side: CastlingSide) -> bool {
        let had = self.has(side);
        self.0 &= !side.bit();
        had
    }

    /// Whether no right is held.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every right held is for a rook on the a- or h-file: the rights `KQkq` can name.
    #[must_use]
    pub const fn is_standard(self) -> bool {
        self.0 & !CORNER_FILES == 0
    }

    /// The held standard rights in canonical order `K Q k q`. A right for a rook on another
    /// file (Chess960) is not among them: [`CastlingRights::rook_squares`] lists every right.
    pub fn iter(self) -> impl Iterator<Item = CastlingSide> {
        CastlingSide::ALL.into_iter().filter(move |s| self.has(*s))
    }

    /// The files of `color`'s rights as a bit set: bit 0 for the a-file, bit 7 for the h-file.
    #[must_use]
    pub const fn files(self, color: Color) -> u8 {
        (self.0 >> (color.index() * 8)) as u8
    }

    /// Whether `color` holds the right for its rook on `file` (0 = a to 7 = h).
    #[must_use]
    pub const fn has_rook_file(self, color: Color, file: u8) -> bool {
        file < 8 && self.0 & rook_bit(color, file) != 0
    }

    /// Grants `color` the right for its rook on `file` (0 = a to 7 = h); returns whether it was
    /// new (`false`, and nothing changes, for a file over 7).
    pub fn insert_rook_file(&mut self, color: Color, file: u8) -> bool {
        if file >= 8 || self.has_rook_file(color, file) {
            return false;
        }
        self.0 |= rook_bit(color, file);
        true
    }

    /// Removes `color`'s right for its rook on `file`; returns whether it was held.
    pub fn remove_rook_file(&mut self, color: Color, file: u8) -> bool {
        let had = self.has_rook_file(color, file);
        self.0 &= !rook_bit(color, file & 7);
        had
    }

    /// The squares of the rooks the rights are for: White's on rank 1, Black's on rank 8. This
    /// is how python-chess and shakmaty hold castling rights.
    ///
    /// ```
    /// use dfen::CastlingRights;
    /// assert_eq!(CastlingRights::ALL.rook_squares().0, 0x8100_0000_0000_0081);
    /// ```
    #[must_use]
    pub const fn rook_squares(self) -> SquareSet {
        SquareSet((self.0 & 0xff) as u64 | ((self.0 >> 8) as u64) << 56)
    }

    /// The rights for the rooks on `squares`: squares of rank 1 are White's, of rank 8
    /// Black's; squares on other ranks are not rights and are left out.
    ///
    /// ```
    /// use dfen::{CastlingRights, SquareSet};
    /// let rights = CastlingRights::from_rook_squares(SquareSet(0x8100_0000_0000_0081));
    /// assert_eq!(rights, CastlingRights::ALL);
    /// ```
    #[must_use]
    pub const fn from_rook_squares(squares: SquareSet) -> CastlingRights {
        CastlingRights((squares.0 & 0xff) as u16 | (((squares.0 >> 56) & 0xff) as u16) << 8)
    }

    /// Writes the field as it is written outside Chess960 mode on `board`: `KQkq` letters when
    /// [`CastlingRights::standard_letters_on`] says so, else the rooks' files (Shredder-FEN),
    /// which no reader takes for anything else.
    pub(crate) fn write_standard(self, board: &Board, push: &mut impl FnMut(u8)) {
        if self.standard_letters_on(board) {
            self.write_letters(push);
        } else {
            self.write_shredder(push);
        }
    }

    /// Writes `KQkq` letters when every right is for an a- or h-file rook, else the rooks'
    /// files, whatever the board: what the field holds, not how it reads on a board.
    pub(crate) fn write_letters(self, push: &mut impl FnMut(u8)) {
        if self.is_empty() {
            return push(b'-');
        }
        if self.is_standard() {
            for side in CastlingSide::ALL {
                if self.has(side) {
                    push(side.letter() as u8);
                }
            }
            return;
        }
        self.write_shredder(push);
    }

    /// Whether the field outside Chess960 mode writes these rights on `board` with `KQkq`
    /// letters (`spec/chess960.md` §4): every right is for an a- or h-file rook, and the
    /// letters read back as well as the rooks' files do. They do not for a right whose rook
    /// stands in its corner while the king stands on the back rank off the e-file (a Chess960
    /// right): `K` or `Q` would read as a standard right that needs the king on e1 (e8),
    /// `DFEN224`, and the file letter reads back as that rook with nothing to report. Such a
    /// right is written as its rook's file, unless another right of the position is a
    /// Chess960 right whose rook is off its corner: only `K` or `Q` keeps that one (its file
    /// letter would name an empty square), so the field stays `KQkq`.
    pub(crate) fn standard_letters_on(self, board: &Board) -> bool {
        if !self.is_standard() {
            return false;
        }
        // The common case: every right with its king on e1 (e8) and its rook in the corner.
        let at_home = CastlingSide::ALL.into_iter().all(|side| {
            let color = side.color();
            let at = |square, role| board.get(square) == Some(Piece { color, role });
            !self.has(side)
                || at(side.king_square(), Role::King) && at(side.rook_square(), Role::Rook)
        });
        if at_home {
            return true;
        }
        let (mut rook_in_corner, mut rook_off_corner) = (false, false);
        for color in [Color::White, Color::Black] {
            let files = self.files(color);
            if files == 0 {
                continue;
            }
            let rank = BackRank::of(board, color);
            let Some(king) = rank.king else {
                // No king on the back rank: no reading keeps the rights (`DFEN220`).
                continue;
            };
            for file in [0u8, 7] {
                if files & (1 << file) == 0 {
                    continue;
                }
                let in_corner = rank.rooks & (1 << file) != 0;
                if in_corner {
                    rook_in_corner |= king != 4;
                } else {
                    // A rook of the colour beyond the king on that side: the Chess960 reading
                    // of `K` (`Q`), which only the letter keeps.
                    rook_off_corner |= rank.outermost(file == 7) != file;
                }
            }
        }
        !rook_in_corner || rook_off_corner
    }

    /// Writes the field in Shredder-FEN: White's files upper case, then Black's lower case,
    /// each from the h-file to the a-file.
    pub(crate) fn write_shredder(self, push: &mut impl FnMut(u8)) {
        if self.is_empty() {
            return push(b'-');
        }
        for color in [Color::White, Color::Black] {
            let files = self.files(color);
            for file in (0..8u8).rev() {
                if files & (1 << file) != 0 {
                    push(file_letter(color, file));
                }
            }
        }
    }
}

/// The Shredder-FEN letter of `color`'s rook on `file`: `A`–`H` for White, `a`–`h` for Black.
pub(crate) const fn file_letter(color: Color, file: u8) -> u8 {
    match color {
        Color::White => b'A' + (file & 7),
        Color::Black => b'a' + (file & 7),
    }
}

impl fmt::Display for CastlingRights {
    /// The rights without their board: a subset of `KQkq` in that order when every right is for
    /// an a- or h-file rook, else the rooks' files (`HFhf`), or `-`. A position's castling
    /// field also reads its board: a right of a rook in its corner with the king off the e-file
    /// is written as the rook's file there (`spec/chess960.md` §4).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut result = Ok(());
        self.write_letters(&mut |byte| {
            if result.is_ok() {
                result = fmt::Write::write_char(f, char::from(byte));
            }
        });
        result
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

/// How the parser reads `K` and `Q`, and which rights it judges sound.
///
/// ```
/// use dfen::{CastlingMode, Parser};
/// let input = "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1";
/// // Read as standard chess, `K` is the h1 rook, which is not there: the finding says the
/// // position reads as Chess960, and nothing drops the rights.
/// let standard = Parser::new().parse(input).unwrap();
/// assert_eq!(standard.findings[1].code.as_str(), "DFEN224");
/// assert_eq!(standard.fixed().castling, standard.dfen.castling);
/// // In Chess960 mode it is one of the 960 starts, with nothing to report but field 7.
/// let chess960 = Parser::new().castling_mode(CastlingMode::Chess960).parse(input).unwrap();
/// assert_eq!(chess960.findings.len(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum CastlingMode {
    /// Standard chess: `K`/`Q` are the h- and a-file rooks. A file letter still names its rook
    /// (only Chess960 writes one), and a field that holds one is read as in Chess960 mode.
    #[default]
    Standard,
    /// Chess960: `K`/`Q` are the outermost rook on that side of the king, and a right needs the
    /// king and its rook on their back rank, the rook on the right's side of the king. Standard
    /// positions stay valid: the standard start is one of the 960.
    Chess960,
}

impl CastlingMode {
    /// `standard` or `chess960`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CastlingMode::Standard => "standard",
            CastlingMode::Chess960 => "chess960",
        }
    }

    /// [`CastlingMode::Chess960`] for `true`: how a `--chess960` flag or a `chess960 = true`
    /// setting chooses the mode.
    ///
    /// ```
    /// assert_eq!(dfen::CastlingMode::from_chess960(true), dfen::CastlingMode::Chess960);
    /// ```
    #[must_use]
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

impl fmt::Display for CastlingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the castling field is written in Chess960 mode. Outside it, a position whose rights are
/// all for a- and h-file rooks is always written with `KQkq`.
///
/// ```
/// use dfen::{CastlingMode, CastlingNotation, Parser, Writer};
/// let parsed = Parser::new()
///     .castling_mode(CastlingMode::Chess960)
///     .parse("nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1")
///     .unwrap();
/// let chess960 = Writer::new().castling_mode(CastlingMode::Chess960);
/// assert_eq!(chess960.to_fen(&parsed.dfen).unwrap(), "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1");
/// let shredder = chess960.castling(CastlingNotation::Shredder);
/// assert_eq!(shredder.to_fen(&parsed.dfen).unwrap(), "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w GEge - 0 1");
/// assert_eq!("shredder".parse::<CastlingNotation>(), Ok(CastlingNotation::Shredder));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum CastlingNotation {
    /// X-FEN: `K`/`Q` for the outermost rook on that side of the king, the file letter for an
    /// inner one. What lichess, python-chess, shakmaty and chessops write.
    #[default]
    XFen,
    /// Shredder-FEN: every right as its rook's file (`HAha` for the standard start). What
    /// engines write in Chess960 mode.
    Shredder,
}

impl CastlingNotation {
    /// `xfen` or `shredder`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            CastlingNotation::XFen => "xfen",
            CastlingNotation::Shredder => "shredder",
        }
    }
}

impl fmt::Display for CastlingNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for CastlingNotation {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<CastlingNotation, crate::InvalidValue> {
        match text {
            "xfen" => Ok(CastlingNotation::XFen),
            "shredder" => Ok(CastlingNotation::Shredder),
            other => Err(crate::InvalidValue::new(format!(
                "unknown castling notation `{other}`: expected `xfen` or `shredder`"
            ))),
        }
    }
}

/// What the back rank of one colour holds, for reading and writing its castling letters.
#[derive(Clone, Copy)]
pub(crate) struct BackRank {
    /// The king's file: the e-file when a king of the colour stands on e1 (e8), else the file
    /// of the one king on its back rank; `None` when there is none, or several off the e-file.
    pub(crate) king: Option<u8>,
    /// The files of the colour's rooks on its back rank, as a bit set.
    pub(crate) rooks: u8,
}

impl BackRank {
    pub(crate) fn of(board: &Board, color: Color) -> BackRank {
        let rank = back_rank(color);
        let (mut kings, mut king, mut rooks) = (0, None, 0u8);
        for file in 0..8u8 {
            match board.get(Square::masked(rank * 8 + file)) {
                Some(Piece {
                    color: c,
                    role: Role::King,
                }) if c == color => {
                    kings += 1;
                    king = Some(file);
                }
                Some(Piece {
                    color: c,
                    role: Role::Rook,
                }) if c == color => rooks |= 1 << file,
                _ => {}
            }
        }
        let on_e_file = board.get(Square::masked(rank * 8 + 4))
            == Some(Piece {
                color,
                role: Role::King,
            });
        BackRank {
            king: if on_e_file {
                Some(4)
            } else if kings == 1 {
                king
            } else {
                None
            },
            rooks,
        }
    }

    /// The file `K` (`king_side`) or `Q` names in the Chess960 reading: the outermost rook on
    /// that side of the king; the h- or a-file when there is no such rook, or no king on the
    /// back rank (as python-chess reads them).
    pub(crate) fn outermost(self, king_side: bool) -> u8 {
        let default = if king_side { 7 } else { 0 };
        let Some(king) = self.king else {
            return default;
        };
        let side = if king_side {
            self.rooks & !((2u16 << king) - 1) as u8
        } else {
            self.rooks & ((1u16 << king) - 1) as u8
        };
        if side == 0 {
            default
        } else if king_side {
            7 - side.leading_zeros() as u8
        } else {
            side.trailing_zeros() as u8
        }
    }

    /// The letter X-FEN writes for the right of `color`'s rook on `file`: `K`/`Q` (in the
    /// colour's case) when that letter reads back as this file, else the file letter.
    pub(crate) fn xfen_letter(self, color: Color, file: u8) -> u8 {
        let letter = match self.king {
            Some(king) if file > king && self.outermost(true) == file => b'K',
            Some(king) if file < king && self.outermost(false) == file => b'Q',
            _ => return file_letter(color, file),
        };
        match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }
}

/// A letter of the castling field: `K`/`Q` (in either case) or a rook's file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum CastlingLetter {
    /// `K` or `k`.
    KingSide(Color),
    /// `Q` or `q`.
    QueenSide(Color),
    /// `A`–`H` or `a`–`h`: the rook's file.
    File(Color, u8),
}

impl CastlingLetter {
    pub(crate) fn of(byte: u8) -> Option<CastlingLetter> {
        let color = if byte.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match byte.to_ascii_lowercase() {
            b'k' => Some(CastlingLetter::KingSide(color)),
            b'q' => Some(CastlingLetter::QueenSide(color)),
            file @ b'a'..=b'h' => Some(CastlingLetter::File(color, file - b'a')),
            _ => None,
        }
    }

    /// The right it names: the colour and the rook's file. With the back ranks (the Chess960
    /// reading), `K`/`Q` are the outermost rook on that side of the king; without, the h- and
    /// a-file rooks.
    pub(crate) fn right(self, ranks: [Option<BackRank>; 2]) -> (Color, u8) {
        let side = |color: Color, king_side: bool| {
            let default = if king_side { 7 } else { 0 };
            let rank = ranks.get(color.index()).copied().flatten();
            (
                color,
                rank.map_or(default, |rank| rank.outermost(king_side)),
            )
        };
        match self {
            CastlingLetter::KingSide(color) => side(color, true),
            CastlingLetter::QueenSide(color) => side(color, false),
            CastlingLetter::File(color, file) => (color, file),
        }
    }
}

/// Whether the castling field `text` is read as Chess960 reads it: in Chess960 mode, or when it
/// holds a file letter, which only Chess960 writes.
pub(crate) fn read_as_chess960(text: &[u8], mode: CastlingMode) -> bool {
    mode == CastlingMode::Chess960
        || text
            .iter()
            .any(|&byte| matches!(CastlingLetter::of(byte), Some(CastlingLetter::File(..))))
}

/// Writes the castling field of `rights` on `board` in `mode` and `notation`.
pub(crate) fn write_field(
    rights: CastlingRights,
    board: &Board,
    mode: CastlingMode,
    notation: CastlingNotation,
    push: &mut impl FnMut(u8),
) {
    match (mode, notation) {
        (CastlingMode::Standard, _) => rights.write_standard(board, push),
        (CastlingMode::Chess960, CastlingNotation::Shredder) => rights.write_shredder(push),
        (CastlingMode::Chess960, CastlingNotation::XFen) => {
            if rights.is_empty() {
                return push(b'-');
            }
            for color in [Color::White, Color::Black] {
                let files = rights.files(color);
                if files == 0 {
                    continue;
                }
                let rank = BackRank::of(board, color);
                for file in (0..8u8).rev() {
                    if files & (1 << file) != 0 {
                        push(rank.xfen_letter(color, file));
                    }
                }
            }
        }
    }
}

/// The castling field of `rights` on `board` in `mode` and `notation`, as a string.
pub fn field_string(
    rights: CastlingRights,
    board: &Board,
    mode: CastlingMode,
    notation: CastlingNotation,
) -> String {
    let mut out = String::with_capacity(4);
    write_field(rights, board, mode, notation, &mut |byte| {
        out.push(char::from(byte));
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rank(rooks: u8, king: Option<u8>) -> BackRank {
        BackRank { king, rooks }
    }

    #[test]
    fn outermost_rooks() {
        // Rooks on b, e and g; king on f.
        let back = rank(0b0101_0010, Some(5));
        assert_eq!(back.outermost(true), 6);
        assert_eq!(back.outermost(false), 1);
        // No rook on the king's side: the h-file, as python-chess reads it.
        let back = rank(0b0000_0011, Some(5));
        assert_eq!(back.outermost(true), 7);
        assert_eq!(back.outermost(false), 0);
        // King on h: nothing beyond it.
        assert_eq!(rank(0b0000_0001, Some(7)).outermost(true), 7);
        assert_eq!(rank(0b1000_0000, Some(0)).outermost(false), 0);
        assert_eq!(rank(0b1000_0000, None).outermost(false), 0);
    }

    #[test]
    fn xfen_letters() {
        // King on d1, rooks on b1 and c1: b1 is the outer one.
        let back = rank(0b0000_0110, Some(3));
        assert_eq!(back.xfen_letter(Color::White, 1), b'Q');
        assert_eq!(back.xfen_letter(Color::White, 2), b'C');
        assert_eq!(back.xfen_letter(Color::Black, 2), b'c');
        // No king on the back rank: the file letter.
        assert_eq!(rank(0b1000_0000, None).xfen_letter(Color::White, 7), b'H');
    }

    #[test]
    fn standard_sides_are_their_rooks_files() {
        for side in CastlingSide::ALL {
            assert_eq!(
                side.bit(),
                rook_bit(side.color(), side.rook_file()),
                "{side:?}"
            );
        }
    }

    #[test]
    fn rook_squares_round_trip() {
        for bits in [0u16, 0x8181, 0x0240, 0xffff, 0x0001, 0x8000] {
            let rights = CastlingRights(bits);
            assert_eq!(
                CastlingRights::from_rook_squares(rights.rook_squares()),
                rights
            );
        }
    }
}
