//! The position model: board, side to move, castling rights, en-passant set, clocks and dice.
//!
//! Every type here holds a *meaning*, not a spelling: two inputs that differ only in form (tabs,
//! split digit runs, unsorted en-passant squares) parse to equal values. The canonical spelling is
//! produced by [`Display`](std::fmt::Display) on [`Dfen`](crate::Dfen).

use std::fmt;

use crate::CastlingRights;

/// A side: White or Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that starts, written `w` and with upper-case letters.
    White,
    /// The second side, written `b` and with lower-case letters.
    Black,
}

impl Color {
    /// The other side.
    ///
    /// ```
    /// use dfen::Color;
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The side-to-move letter, `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `0` for White, `1` for Black: handy for indexing per-side tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }
}

/// A kind of piece. Its die value is its position in the order P N B R Q K, counted from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn, die 1.
    Pawn,
    /// Knight, die 2.
    Knight,
    /// Bishop, die 3.
    Bishop,
    /// Rook, die 4.
    Rook,
    /// Queen, die 5.
    Queen,
    /// King, die 6.
    King,
}

impl Role {
    /// All roles in die order.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The die value, 1 (pawn) to 6 (king).
    ///
    /// ```
    /// use dfen::Role;
    /// assert_eq!(Role::Rook.die(), 4);
    /// ```
    #[must_use]
    pub const fn die(self) -> u8 {
        self as u8 + 1
    }

    /// The role a die value stands for, or `None` outside 1–6.
    ///
    /// ```
    /// use dfen::Role;
    /// assert_eq!(Role::from_die(6), Some(Role::King));
    /// assert_eq!(Role::from_die(7), None);
    /// ```
    #[must_use]
    pub const fn from_die(value: u8) -> Option<Role> {
        match value {
            1 => Some(Role::Pawn),
            2 => Some(Role::Knight),
            3 => Some(Role::Bishop),
            4 => Some(Role::Rook),
            5 => Some(Role::Queen),
            6 => Some(Role::King),
            _ => None,
        }
    }

    /// The upper-case letter, `P N B R Q K`.
    #[must_use]
    pub const fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role for a letter of either case.
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Role> {
        match letter.to_ascii_uppercase() {
            b'P' => Some(Role::Pawn),
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        }
    }

    /// The letter in the case of `color`.
    #[must_use]
    pub const fn letter(self, color: Color) -> char {
        match color {
            Color::White => self.upper(),
            Color::Black => self.upper().to_ascii_lowercase(),
        }
    }
}

/// A piece: a role of a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White, lower case for Black.
    ///
    /// ```
    /// use dfen::{Color, Piece, Role};
    /// assert_eq!(Piece { color: Color::Black, role: Role::Knight }.letter(), 'n');
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        self.role.letter(self.color)
    }

    /// The piece for a FEN letter (`PNBRQK` White, `pnbrqk` Black).
    #[must_use]
    pub const fn from_letter(letter: u8) -> Option<Piece> {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_letter(letter) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// A square of the 8×8 board, `a1` = 0 up to `h8` = 63 (index = rank × 8 + file).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `index` (0–63), or `None`.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), or `None` when either is over 7.
    ///
    /// ```
    /// use dfen::Square;
    /// assert_eq!(Square::new(4, 2).unwrap().to_string(), "e3");
    /// ```
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: for indexes that are in range by construction.
    pub(crate) const fn masked(index: u8) -> Square {
        Square(index & 63)
    }

    /// The index, 0–63.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, 0 (a) to 7 (h).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Parses a square name such as `e3`.
    ///
    /// ```
    /// use dfen::Square;
    /// assert_eq!(Square::from_name("h8").map(|s| s.index()), Some(63));
    /// assert_eq!(Square::from_name("i1"), None);
    /// ```
    #[must_use]
    pub fn from_name(name: &str) -> Option<Square> {
        match name.as_bytes() {
            &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
            _ => None,
        }
    }

    /// The two-byte name, for example `*b"e3"`.
    #[must_use]
    pub const fn name_bytes(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }

    /// The square one rank closer to White's side, if any.
    #[must_use]
    pub const fn down(self) -> Option<Square> {
        if self.0 >= 8 {
            Some(Square(self.0 - 8))
        } else {
            None
        }
    }

    /// The square one rank closer to Black's side, if any.
    #[must_use]
    pub const fn up(self) -> Option<Square> {
        if self.0 < 56 {
            Some(Square(self.0 + 8))
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.name_bytes();
        write!(f, "{}{}", file as char, rank as char)
    }
}

/// The one byte of `text`, when it is exactly one byte long.
fn single_byte(text: &str) -> Option<u8> {
    match text.as_bytes() {
        &[byte] => Some(byte),
        _ => None,
    }
}

/// Reads a small model value from its text, or says what was expected and what was found.
fn read_value<T>(
    text: &str,
    what: &str,
    expected: &str,
    read: impl FnOnce(&str) -> Option<T>,
) -> Result<T, crate::InvalidValue> {
    read(text).ok_or_else(|| {
        crate::InvalidValue::new(format!(
            "invalid {what}: expected {expected}, found `{text}`"
        ))
    })
}

/// Writes the side-to-move letter.
///
/// ```
/// use dfen::Color;
/// assert_eq!(Color::Black.to_string(), "b");
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// assert!("white".parse::<Color>().is_err());
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

impl std::str::FromStr for Color {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<Color, crate::InvalidValue> {
        read_value(text, "side", "`w` or `b`", |text| match text {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            _ => None,
        })
    }
}

/// Writes the lower-case letter, as a die is named (`n` for a knight).
///
/// ```
/// use dfen::Role;
/// assert_eq!(Role::Knight.to_string(), "n");
/// assert_eq!("Q".parse::<Role>(), Ok(Role::Queen));
/// assert_eq!("q".parse::<Role>(), Ok(Role::Queen));
/// assert!("x".parse::<Role>().is_err());
/// ```
impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter(Color::Black))
    }
}

impl std::str::FromStr for Role {
    type Err = crate::InvalidValue;

    /// Reads one role letter of either case.
    fn from_str(text: &str) -> Result<Role, crate::InvalidValue> {
        read_value(text, "role", "one of `pnbrqk` in either case", |text| {
            single_byte(text).and_then(Role::from_letter)
        })
    }
}

/// Writes the FEN letter: upper case for White, lower case for Black.
///
/// ```
/// use dfen::{Color, Piece, Role};
/// let knight = Piece { color: Color::Black, role: Role::Knight };
/// assert_eq!(knight.to_string(), "n");
/// assert_eq!("n".parse::<Piece>(), Ok(knight));
/// assert!("nn".parse::<Piece>().is_err());
/// ```
impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.letter())
    }
}

impl std::str::FromStr for Piece {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<Piece, crate::InvalidValue> {
        read_value(text, "piece", "one of `PNBRQK` or `pnbrqk`", |text| {
            single_byte(text).and_then(Piece::from_letter)
        })
    }
}

/// Reads a square name such as `e3`, as [`Square::from_name`] does.
///
/// ```
/// use dfen::Square;
/// let square: Square = "e3".parse().unwrap();
/// assert_eq!(square.to_string(), "e3");
/// assert!("e9".parse::<Square>().is_err());
/// ```
impl std::str::FromStr for Square {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<Square, crate::InvalidValue> {
        read_value(
            text,
            "square",
            "a file `a`-`h` and a rank `1`-`8`",
            Square::from_name,
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares as a 64-bit mask (bit `i` = square index `i`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(pub u64);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// Whether the set has no squares.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether `square` is in the set.
    #[must_use]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.0) != 0
    }

    /// Adds `square`; returns whether it was new.
    pub fn insert(&mut self, square: Square) -> bool {
        let new = !self.contains(square);
        self.0 |= 1 << square.0;
        new
    }

    /// Removes `square`; returns whether it was there.
    pub fn remove(&mut self, square: Square) -> bool {
        let had = self.contains(square);
        self.0 &= !(1 << square.0);
        had
    }

    /// The squares on one rank (0 = rank 1).
    #[must_use]
    pub const fn on_rank(self, rank: u8) -> SquareSet {
        SquareSet(self.0 & (0xff << (8 * (rank as u32 & 7))))
    }

    /// The squares in ascending index order (a1, b1, …, h8): rank first, then file.
    ///
    /// ```
    /// use dfen::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// set.insert(Square::from_name("a6").unwrap());
    /// set.insert(Square::from_name("c3").unwrap());
    /// let names: Vec<String> = set.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["c3", "a6"]);
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square(index))
        })
    }

    /// The squares in alphabetical order of their names (a3 < a6 < c3): file first, then rank.
    ///
    /// ```
    /// use dfen::{Square, SquareSet};
    /// let mut set = SquareSet::EMPTY;
    /// set.insert(Square::from_name("c3").unwrap());
    /// set.insert(Square::from_name("a6").unwrap());
    /// let names: Vec<String> = set.iter_alphabetical().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["a6", "c3"]);
    /// ```
    pub fn iter_alphabetical(self) -> impl Iterator<Item = Square> {
        (0u8..8).flat_map(move |file| {
            (0u8..8).filter_map(move |rank| {
                let square = Square(rank * 8 + file);
                self.contains(square).then_some(square)
            })
        })
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

/// The 8×8 placement of pieces.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    // One byte per square, a1 first: 0 for an empty square, else `1 + colour × 6 + role` (see
    // [`piece_code`]). One byte rather than an `Option<Piece>` (two): the board is half the size
    // to copy, and a rank's eight squares are one 8-byte word for the writer.
    squares: [u8; 64],
}

/// The board byte of a square holding `piece`: 0 for none, else `1 + colour × 6 + role`.
pub(crate) const fn piece_code(piece: Option<Piece>) -> u8 {
    match piece {
        None => 0,
        Some(piece) => 1 + piece.color.index() as u8 * 6 + piece.role as u8,
    }
}

/// The piece of each board byte; bytes 13–15 never occur.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
const PIECE_OF_CODE: [Option<Piece>; 16] = {
    let mut table = [None; 16];
    let mut color = 0;
    while color < 2 {
        let mut role = 0;
        while role < 6 {
            let piece = Piece {
                color: if color == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                role: Role::ALL[role],
            };
            table[piece_code(Some(piece)) as usize] = Some(piece);
            role += 1;
        }
        color += 1;
    }
    table
};

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board { squares: [0; 64] }
    }

    /// The piece on `square`, if any.
    #[must_use]
    // A `Square` holds an index below 64 by construction (its field is private), and a board
    // byte is below 16.
    #[allow(clippy::indexing_slicing)]
    pub const fn get(&self, square: Square) -> Option<Piece> {
        PIECE_OF_CODE[(self.squares[square.0 as usize] & 15) as usize]
    }

    /// Puts `piece` on `square` (or clears it with `None`), returning what was there.
    // A `Square` holds an index below 64 by construction (its field is private).
    #[allow(clippy::indexing_slicing)]
    pub fn set(&mut self, square: Square, piece: Option<Piece>) -> Option<Piece> {
        let before = self.get(square);
        self.squares[square.0 as usize] = piece_code(piece);
        before
    }

    /// Writes the board byte `code` (see [`piece_code`]) to the square with index `index & 63`.
    #[inline(always)]
    pub(crate) fn set_code(&mut self, index: u8, code: u8) {
        if let Some(slot) = self.squares.get_mut(usize::from(index & 63)) {
            *slot = code;
        }
    }

    /// The board bytes of one rank (0 = rank 1), file a first.
    #[inline(always)]
    pub(crate) fn rank_codes(&self, rank: u8) -> [u8; 8] {
        let start = usize::from(rank & 7) * 8;
        self.squares
            .get(start..start + 8)
            .and_then(|codes| codes.first_chunk::<8>())
            .copied()
            .unwrap_or_default()
    }

    /// The squares of each kind of piece as 64-bit sets (bit `i` is the square with index
    /// `i`, a1 = 0), indexed by `colour × 6 + role` in [`Role::ALL`]'s order: White's pawns
    /// first, Black's king last. For readers that keep bitboards: the board's bytes cut into
    /// four bit planes, a rank at a time, at the same cost for every board, no piece decoded
    /// ([`Board::piece_sets_of_few`] is cheaper below about 20 pieces).
    ///
    /// ```
    /// use dfen::{Color, Role};
    /// let parsed = dfen::Parser::new().parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -").unwrap();
    /// let sets = parsed.dfen.board.piece_sets();
    /// assert_eq!(sets[Color::White.index() * 6 + Role::Pawn as usize], 1 << 12); // e2
    /// assert_eq!(sets[Color::Black.index() * 6 + Role::King as usize], 1 << 60); // e8
    /// ```
    #[must_use]
    pub fn piece_sets(&self) -> [u64; 12] {
        // The board bytes' four bits as four bitboards (bit planes), at one cost whatever the
        // number of pieces.
        let [p0, p1, p2, p3] = self.bit_planes();
        // Board byte `code` (1–12) is the squares where each plane's bit is the code's bit.
        let (n0, n1, n2, n3) = (!p0, !p1, !p2, !p3);
        [
            p0 & n1 & n2 & n3,
            n0 & p1 & n2 & n3,
            p0 & p1 & n2 & n3,
            n0 & n1 & p2 & n3,
            p0 & n1 & p2 & n3,
            n0 & p1 & p2 & n3,
            p0 & p1 & p2 & n3,
            n0 & n1 & n2 & p3,
            p0 & n1 & n2 & p3,
            n0 & p1 & n2 & p3,
            p0 & p1 & n2 & p3,
            n0 & n1 & p2 & p3,
        ]
    }

    /// The board bytes' four bits as four bitboards (bit `i` of plane `k` is bit `k` of square
    /// `i`'s byte), two ranks (sixteen bytes) at a time in one word: rank `r`'s bytes in the
    /// low nibbles and rank `r + 4`'s in the high ones, read as an 8 × 8 bit matrix (a byte a
    /// row, one per file) and transposed, so that byte `k` is plane `k`'s file bits on rank
    /// `r` and byte `k + 4` on rank `r + 4`. The four words' bytes are then two 4 × 4 byte
    /// matrices side by side (ranks 1–4, ranks 5–8), both transposed at once into the four
    /// planes.
    #[inline(always)]
    fn bit_planes(&self) -> [u64; 4] {
        // Exchanges the bits of `x` under `mask` with those `shift` places above them.
        #[inline(always)]
        const fn swap(x: u64, mask: u64, shift: u32) -> u64 {
            let t = (x ^ (x >> shift)) & mask;
            x ^ t ^ (t << shift)
        }
        let mut words = [0u64; 4];
        for (rank, word) in (0u8..).zip(words.iter_mut()) {
            let low = u64::from_le_bytes(self.rank_codes(rank));
            let high = u64::from_le_bytes(self.rank_codes(rank + 4));
            // A board byte is below 16: the two ranks' nibbles never overlap.
            let mut x = low | (high << 4);
            // The 8 × 8 transpose: bit `j` of byte `i` to bit `i` of byte `j`.
            x = swap(x, 0x00AA_00AA_00AA_00AA, 7);
            x = swap(x, 0x0000_CCCC_0000_CCCC, 14);
            x = swap(x, 0x0000_0000_F0F0_F0F0, 28);
            *word = x;
        }
        // Byte `k` of word `r` is plane `k` on rank `r`, byte `k + 4` plane `k` on rank
        // `r + 4`: each half's 4 × 4 transpose of bytes.
        let [mut w0, mut w1, mut w2, mut w3] = words;
        let exchange = |a: &mut u64, b: &mut u64, mask: u64, shift: u32| {
            let t = ((*a >> shift) ^ *b) & mask;
            *b ^= t;
            *a ^= t << shift;
        };
        exchange(&mut w0, &mut w1, 0x00FF_00FF_00FF_00FF, 8);
        exchange(&mut w2, &mut w3, 0x00FF_00FF_00FF_00FF, 8);
        exchange(&mut w0, &mut w2, 0x0000_FFFF_0000_FFFF, 16);
        exchange(&mut w1, &mut w3, 0x0000_FFFF_0000_FFFF, 16);
        [w0, w1, w2, w3]
    }

    /// The bit planes a rank (eight bytes, one word) at a time: bit `k` of each byte moved to
    /// the byte's lowest bit and the eight gathered into one byte by a multiplication, file a
    /// lowest, as `occupied` gathers its high bits. The reference `bit_planes` is tested
    /// against.
    #[cfg(test)]
    fn bit_planes_by_words(&self) -> [u64; 4] {
        let mut planes = [0u64; 4];
        for rank in 0..8u8 {
            let codes = u64::from_le_bytes(self.rank_codes(rank));
            for (k, plane) in planes.iter_mut().enumerate() {
                let low_bits = (codes >> k) & 0x0101_0101_0101_0101;
                let files = low_bits.wrapping_mul(0x0102_0408_1020_4080) >> 56;
                *plane |= files << (rank * 8);
            }
        }
        planes
    }

    /// [`Board::piece_sets`] read a piece at a time: cheaper on a board of few pieces (below
    /// about 20, where the bit planes' fixed cost is more than the pieces'), dearer on a
    /// crowded one. Racing kings' positions, of 16 pieces at most, are read so.
    ///
    /// ```
    /// let parsed = dfen::Parser::new().parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -").unwrap();
    /// let board = &parsed.dfen.board;
    /// assert_eq!(board.piece_sets_of_few(), board.piece_sets());
    /// ```
    #[must_use]
    pub fn piece_sets_of_few(&self) -> [u64; 12] {
        // Indexed by board byte: 0 (empty) and 13-15 never receive a square.
        let mut by_code = [0u64; 16];
        let mut occupied = self.occupied().0;
        while occupied != 0 {
            let square = occupied.trailing_zeros();
            occupied &= occupied - 1;
            let code = self.squares.get(square as usize).copied().unwrap_or(0) & 15;
            if let Some(set) = by_code.get_mut(usize::from(code)) {
                *set |= 1 << square;
            }
        }
        let mut sets = [0u64; 12];
        for (set, by) in sets.iter_mut().zip(by_code.iter().skip(1)) {
            *set = *by;
        }
        sets
    }

    /// [`Board::piece_sets`] a square at a time: the reference its two readings are tested
    /// against.
    #[cfg(test)]
    fn piece_sets_by_square(&self) -> [u64; 12] {
        let mut sets = [0u64; 12];
        for (square, &code) in self.squares.iter().enumerate() {
            if let Some(set) = usize::from(code)
                .checked_sub(1)
                .and_then(|i| sets.get_mut(i))
            {
                *set |= 1 << square;
            }
        }
        sets
    }

    /// The occupied squares with their pieces, in index order (a1 first).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .iter()
            .filter_map(|square| self.get(square).map(|piece| (square, piece)))
    }

    /// The occupied squares, found a rank (eight board bytes) at a time.
    fn occupied(&self) -> SquareSet {
        let mut set = 0u64;
        for rank in 0..8u8 {
            let codes = u64::from_le_bytes(self.rank_codes(rank));
            // A board byte is below 16: adding 0x7f sets its high bit exactly when it is not 0,
            // and never carries into the next byte.
            let high = codes.wrapping_add(0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
            // The eight high bits, gathered into one byte, file a lowest.
            let files = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
            set |= files << (rank * 8);
        }
        SquareSet(set)
    }

    /// How many pieces of `color` with `role` stand on the board.
    #[must_use]
    pub fn count(&self, color: Color, role: Role) -> usize {
        let code = piece_code(Some(Piece { color, role }));
        self.squares.iter().filter(|&&c| c == code).count()
    }

    /// Writes the placement field canonically: rank 8 first, runs of empty squares merged.
    // `rank * 8 + file` is below 64: both loops run over 0..8.
    #[allow(clippy::indexing_slicing)]
    #[doc(hidden)]
    pub fn write_placement(&self, out: &mut impl fmt::Write) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0u8;
            for file in 0..8u8 {
                match self.get(Square(rank * 8 + file)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.write_char((b'0' + empty) as char)?;
                            empty = 0;
                        }
                        out.write_char(piece.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.write_char((b'0' + empty) as char)?;
            }
            if rank > 0 {
                out.write_char('/')?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The placement field, canonically.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_placement(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(")?;
        self.write_placement(f)?;
        write!(f, ")")
    }
}

/// The dice the side to move still has to play this turn: 0 to 3 dice, kept sorted P < N < B < R < Q < K.
///
/// An empty pool means a fresh turn (`-`): the dice are still to be rolled.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DicePool {
    dice: [Option<Role>; 3],
}

impl DicePool {
    /// The most dice a pool holds.
    pub const CAPACITY: usize = 3;

    /// An empty pool: a fresh turn.
    pub const EMPTY: DicePool = DicePool { dice: [None; 3] };

    /// A pool of the given dice, or `None` when there are more than three.
    ///
    /// ```
    /// use dfen::{DicePool, Role};
    /// let pool = DicePool::from_roles([Role::Bishop, Role::Pawn]).unwrap();
    /// assert_eq!(pool.to_string_for(dfen::Color::White), "PB");
    /// assert!(DicePool::from_roles([Role::Pawn; 4]).is_none());
    /// ```
    #[must_use]
    pub fn from_roles(roles: impl IntoIterator<Item = Role>) -> Option<DicePool> {
        let mut pool = DicePool::EMPTY;
        for role in roles {
            if !pool.push(role) {
                return None;
            }
        }
        Some(pool)
    }

    /// Adds a die, keeping the order; returns `false` (and changes nothing) when the pool is full.
    pub fn push(&mut self, role: Role) -> bool {
        let len = self.len();
        let Some(slot) = self.dice.get_mut(len) else {
            return false;
        };
        *slot = Some(role);
        // Empty slots sort last, so sorting the whole array keeps them at the end.
        self.dice
            .sort_unstable_by_key(|d| d.map_or(u8::MAX, Role::die));
        true
    }

    /// Removes one die of `role`; returns whether there was one.
    pub fn remove(&mut self, role: Role) -> bool {
        let Some(slot) = self.dice.iter_mut().find(|d| **d == Some(role)) else {
            return false;
        };
        *slot = None;
        // Empty slots sort last: the remaining dice close up in order.
        self.dice
            .sort_unstable_by_key(|d| d.map_or(u8::MAX, Role::die));
        true
    }

    /// The number of dice, 0–3.
    #[must_use]
    pub fn len(&self) -> usize {
        self.dice.iter().take_while(|d| d.is_some()).count()
    }

    /// Whether no dice are pending (a fresh turn).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.dice[0].is_none()
    }

    /// Whether a die of `role` is in the pool.
    #[must_use]
    pub fn contains(&self, role: Role) -> bool {
        self.dice.contains(&Some(role))
    }

    /// How many dice of `role` are in the pool.
    #[must_use]
    pub fn count(&self, role: Role) -> usize {
        self.dice.iter().filter(|d| **d == Some(role)).count()
    }

    /// The dice in order P < N < B < R < Q < K.
    pub fn iter(&self) -> impl Iterator<Item = Role> + '_ {
        self.dice.iter().map_while(|d| *d)
    }

    /// Field 7 as written for the side `color`: letters in its case, or `-` when empty.
    #[must_use]
    pub fn to_string_for(&self, color: Color) -> String {
        if self.is_empty() {
            return "-".to_owned();
        }
        self.iter().map(|r| r.letter(color)).collect()
    }
}

impl fmt::Debug for DicePool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DicePool({})", self.to_string_for(Color::White))
    }
}

/// A whole Dice Chess position: the seven DFEN fields.
///
/// Build one by parsing (`"…".parse::<Dfen>()`, or [`Parser`](crate::Parser) for options and
/// findings) or field by field. [`Display`](fmt::Display) writes the canonical spec form.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dfen {
    /// Field 1: the placement.
    pub board: Board,
    /// Field 2: the side to move.
    pub side: Color,
    /// Field 3: the castling rights.
    pub castling: CastlingRights,
    /// Field 4: the en-passant target squares.
    pub en_passant: SquareSet,
    /// Field 5: micro-moves since the last pawn move or capture.
    pub halfmove: u32,
    /// Field 6: the turn number, starting at 1 and incremented after Black's turn. Never 0:
    /// text that says 0 is read as 1 with a fixable warning (`DFEN019`), or refused by the
    /// engine dialect.
    ///
    /// ```
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 12 -".parse().unwrap();
    /// assert_eq!(dfen.fullmove.get(), 12);
    /// ```
    pub fullmove: std::num::NonZeroU32,
    /// Field 7: the dice still to play this turn; empty at a fresh turn.
    pub dice: DicePool,
}

#[cfg(test)]
mod tests {
    use super::{Board, Color, Piece, Role, Square};
    use proptest::prelude::*;

    proptest! {
        /// The bit planes give each piece code's squares as reading the board a square at a
        /// time does, on boards of every density (empty squares drawn as often as pieces, or
        /// rarely).
        #[test]
        fn piece_sets_by_planes_agree_with_the_squares(
            codes in proptest::collection::vec(0u8..25, 64),
        ) {
            let mut board = Board::empty();
            for (index, &code) in codes.iter().enumerate() {
                // 13–24 leave the square empty: about half the squares are.
                let piece = match code {
                    1..=12 => Some(Piece {
                        color: if code <= 6 { Color::White } else { Color::Black },
                        role: Role::ALL[usize::from(code - 1) % 6],
                    }),
                    _ => None,
                };
                board.set(Square::from_index(index as u8).unwrap(), piece);
            }
            prop_assert_eq!(board.piece_sets(), board.piece_sets_by_square());
            prop_assert_eq!(board.piece_sets_of_few(), board.piece_sets_by_square());
            prop_assert_eq!(board.bit_planes(), board.bit_planes_by_words());
        }
    }

    /// Every piece, and no piece, reads back from every square as it was put there, and `set`
    /// returns what stood there before.
    #[test]
    fn a_board_gives_back_what_was_put_on_it() {
        let mut pieces = vec![None];
        for color in [Color::White, Color::Black] {
            pieces.extend(Role::ALL.map(|role| Some(Piece { color, role })));
        }
        let mut board = Board::empty();
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            let mut before = None;
            for &piece in pieces.iter().chain([&pieces[usize::from(index) % 13]]) {
                assert_eq!(board.set(square, piece), before);
                assert_eq!(board.get(square), piece);
                before = piece;
            }
        }
        let expected: Vec<_> = (0..64u8)
            .filter_map(|i| {
                pieces[usize::from(i) % 13].map(|p| (Square::from_index(i).unwrap(), p))
            })
            .collect();
        assert_eq!(board.pieces().collect::<Vec<_>>(), expected);
        assert_eq!(
            board.count(Color::White, Role::Pawn),
            expected.iter().filter(|(_, p)| p.letter() == 'P').count()
        );
    }
}
