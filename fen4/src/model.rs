//! The FEN4 data model: coordinates, pieces and placements.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::PREFIX;

/// Number of squares on the 4D board, `8⁴`.
pub const SQUARES: usize = 4096;

/// A square of the 4D board `Z₈⁴`: four coordinates `x, y, z, w`, each in `0..=7`.
///
/// The linear square index is `((x*8 + y)*8 + z)*8 + w`, so `x` varies slowest.
///
/// ```
/// use fen4::Coord;
/// let c = Coord::new(7, 7, 7, 7).unwrap();
/// assert_eq!(c.index(), 4095);
/// assert_eq!(Coord::from_index(4095), Some(c));
/// assert_eq!(c.to_string(), "7,7,7,7");
/// assert!(Coord::new(8, 0, 0, 0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Coord {
    // Packed square index; ordering by index is square order.
    index: u16,
}

impl Coord {
    /// Builds a coordinate, or `None` when a component is above 7.
    pub const fn new(x: u8, y: u8, z: u8, w: u8) -> Option<Coord> {
        if x > 7 || y > 7 || z > 7 || w > 7 {
            return None;
        }
        let index = ((x as u16 * 8 + y as u16) * 8 + z as u16) * 8 + w as u16;
        Some(Coord { index })
    }

    /// Builds a coordinate from its square index, or `None` when the index is 4096 or more.
    pub const fn from_index(index: u16) -> Option<Coord> {
        if index as usize >= SQUARES {
            None
        } else {
            Some(Coord { index })
        }
    }

    /// The square `0,0,0,0`.
    pub(crate) const ORIGIN: Coord = Coord { index: 0 };

    /// The square with index `index`, which the caller has shown to be below 4096 (checked in
    /// tests only): the fast path's coordinates have four digits 0-7.
    pub(crate) fn from_index_trusted(index: u16) -> Coord {
        debug_assert!(usize::from(index) < SQUARES);
        Coord { index }
    }

    /// The square index `((x*8 + y)*8 + z)*8 + w`, in `0..4096`.
    pub const fn index(self) -> u16 {
        self.index
    }

    /// The `x` component (slowest varying).
    pub const fn x(self) -> u8 {
        (self.index >> 9) as u8 & 7
    }

    /// The `y` component.
    pub const fn y(self) -> u8 {
        (self.index >> 6) as u8 & 7
    }

    /// The `z` component.
    pub const fn z(self) -> u8 {
        (self.index >> 3) as u8 & 7
    }

    /// The `w` component (fastest varying).
    pub const fn w(self) -> u8 {
        self.index as u8 & 7
    }

    /// The four components as an array `[x, y, z, w]`.
    pub const fn to_array(self) -> [u8; 4] {
        [self.x(), self.y(), self.z(), self.w()]
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{},{},{}", self.x(), self.y(), self.z(), self.w())
    }
}

/// Reads `x,y,z,w`, each from 0 to 7, as [`Coord`]'s `Display` writes it.
///
/// ```
/// use fen4::Coord;
/// let coord: Coord = "1,2,3,4".parse().unwrap();
/// assert_eq!(coord.to_array(), [1, 2, 3, 4]);
/// assert_eq!(coord.to_string(), "1,2,3,4");
/// assert!("1,2,3".parse::<Coord>().is_err());
/// assert!("8,0,0,0".parse::<Coord>().is_err());
/// ```
impl FromStr for Coord {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<Coord, crate::InvalidValue> {
        let invalid = || {
            crate::InvalidValue::new(format!(
                "invalid coordinate: expected four numbers from 0 to 7 separated by commas \
                 (`x,y,z,w`), found `{text}`"
            ))
        };
        let mut parts = [0u8; 4];
        let mut fields = text.split(',');
        for part in &mut parts {
            let field = fields.next().ok_or_else(invalid)?;
            *part = match field.as_bytes() {
                &[digit @ b'0'..=b'7'] => digit - b'0',
                _ => return Err(invalid()),
            };
        }
        if fields.next().is_some() {
            return Err(invalid());
        }
        let [x, y, z, w] = parts;
        Coord::new(x, y, z, w).ok_or_else(invalid)
    }
}

impl Serialize for Coord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_array().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Coord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [x, y, z, w] = <[u8; 4]>::deserialize(d)?;
        Coord::new(x, y, z, w).ok_or_else(|| {
            serde::de::Error::custom(format_args!(
                "coordinate [{x},{y},{z},{w}] out of range: each component must be 0-7"
            ))
        })
    }
}

/// The side a piece belongs to. Upper-case letters are white, lower-case black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Upper-case piece letters.
    White,
    /// Lower-case piece letters.
    Black,
}

impl Color {
    /// `"white"` or `"black"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// Writes `white` or `black`, as the JSON forms do.
///
/// ```
/// use fen4::Color;
/// assert_eq!(Color::White.to_string(), "white");
/// assert_eq!("black".parse::<Color>(), Ok(Color::Black));
/// assert!("b".parse::<Color>().is_err());
/// ```
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Color {
    type Err = crate::InvalidValue;

    fn from_str(text: &str) -> Result<Color, crate::InvalidValue> {
        match text {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(crate::InvalidValue::new(format!(
                "invalid colour: expected `white` or `black`, found `{other}`"
            ))),
        }
    }
}

/// The axis along which a 4D pawn advances. The `z` axis is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Axis {
    /// The `w` axis, written `w`.
    W,
    /// The `y` axis, written `y`.
    Y,
}

impl Axis {
    /// The axis letter, `'w'` or `'y'`.
    pub const fn letter(self) -> char {
        match self {
            Axis::W => 'w',
            Axis::Y => 'y',
        }
    }

    /// Parses an axis letter.
    pub const fn from_letter(c: char) -> Option<Axis> {
        match c {
            'w' => Some(Axis::W),
            'y' => Some(Axis::Y),
            _ => None,
        }
    }
}

/// The kind of a piece; pawns carry their axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// `N` / `n`.
    Knight,
    /// `B` / `b`.
    Bishop,
    /// `R` / `r`.
    Rook,
    /// `Q` / `q`.
    Queen,
    /// `K` / `k`.
    King,
    /// `P` / `p` followed by the axis letter.
    Pawn(Axis),
}

impl Role {
    /// The upper-case letter of the role (`'P'` for pawns, without the axis).
    pub const fn letter(self) -> char {
        match self {
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
            Role::Pawn(_) => 'P',
        }
    }

    /// The pawn axis, or `None` for other roles.
    pub const fn axis(self) -> Option<Axis> {
        match self {
            Role::Pawn(axis) => Some(axis),
            _ => None,
        }
    }
}

/// A coloured piece, written as its canonical spec: `K`, `n`, `Pw`, `py`, ...
///
/// ```
/// use fen4::{Axis, Color, Piece, Role};
/// let p: Piece = "py".parse().unwrap();
/// assert_eq!(p, Piece::new(Color::Black, Role::Pawn(Axis::Y)));
/// assert_eq!(p.to_string(), "py");
/// assert!("P".parse::<Piece>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Which side.
    pub color: Color,
    /// Which kind, with the pawn axis.
    pub role: Role,
}

impl Piece {
    /// Builds a piece.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The piece letter with its colour's case (`'K'`, `'k'`, `'P'`, `'p'`, ...).
    pub const fn letter(self) -> char {
        let upper = self.role.letter();
        match self.color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    }

    /// The piece for a non-pawn letter (`NBRQK` white, `nbrqk` black).
    pub const fn from_letter(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let role = match c.to_ascii_uppercase() {
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        };
        Some(Piece { color, role })
    }

    /// The canonical spec as written in FEN4: one letter, or the pawn letter and its axis.
    pub const fn spec(self) -> &'static str {
        match (self.color, self.role) {
            (Color::White, Role::Knight) => "N",
            (Color::White, Role::Bishop) => "B",
            (Color::White, Role::Rook) => "R",
            (Color::White, Role::Queen) => "Q",
            (Color::White, Role::King) => "K",
            (Color::White, Role::Pawn(Axis::W)) => "Pw",
            (Color::White, Role::Pawn(Axis::Y)) => "Py",
            (Color::Black, Role::Knight) => "n",
            (Color::Black, Role::Bishop) => "b",
            (Color::Black, Role::Rook) => "r",
            (Color::Black, Role::Queen) => "q",
            (Color::Black, Role::King) => "k",
            (Color::Black, Role::Pawn(Axis::W)) => "pw",
            (Color::Black, Role::Pawn(Axis::Y)) => "py",
        }
    }

    /// All fourteen pieces, in a fixed order.
    pub const ALL: [Piece; 14] = [
        Piece::new(Color::White, Role::Knight),
        Piece::new(Color::White, Role::Bishop),
        Piece::new(Color::White, Role::Rook),
        Piece::new(Color::White, Role::Queen),
        Piece::new(Color::White, Role::King),
        Piece::new(Color::White, Role::Pawn(Axis::W)),
        Piece::new(Color::White, Role::Pawn(Axis::Y)),
        Piece::new(Color::Black, Role::Knight),
        Piece::new(Color::Black, Role::Bishop),
        Piece::new(Color::Black, Role::Rook),
        Piece::new(Color::Black, Role::Queen),
        Piece::new(Color::Black, Role::King),
        Piece::new(Color::Black, Role::Pawn(Axis::W)),
        Piece::new(Color::Black, Role::Pawn(Axis::Y)),
    ];

    /// Parses a canonical spec (`"K"`, `"Pw"`, ...). The slash form `P/w` is not a
    /// spec here; it is only accepted inside a FEN4 literal.
    pub fn from_spec(spec: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.spec() == spec)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec())
    }
}

/// Error returned when a string is not a canonical piece spec: a name that is not one of the
/// names it reads.
pub type PieceSpecError = crate::InvalidValue;

impl FromStr for Piece {
    type Err = PieceSpecError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Piece::from_spec(s).ok_or_else(|| {
            PieceSpecError::new(format!(
                "invalid piece spec: expected one of N B R Q K Pw Py n b r q k pw py, found {s:?}"
            ))
        })
    }
}

impl Serialize for Piece {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.spec())
    }
}

impl<'de> Deserialize<'de> for Piece {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A FEN4 placement: at most one piece on each of the 4096 squares.
///
/// `Display` writes the canonical form (pieces in ascending square order, joined by `"; "`),
/// `FromStr` reads a FEN4 v1 literal with the default (non-strict) [`Parser`](crate::Parser).
/// With serde it is a canonical FEN4 string.
///
/// ```
/// use fen4::{Coord, Piece, Placement};
/// let mut p = Placement::new();
/// p.insert(Coord::new(7, 7, 7, 7).unwrap(), "k".parse().unwrap());
/// p.insert(Coord::new(0, 0, 0, 0).unwrap(), "K".parse().unwrap());
/// assert_eq!(p.to_string(), "4d-fen v1: K@0,0,0,0; k@7,7,7,7");
/// assert_eq!("4d-fen v1: k@7,7,7,7;K@0,0,0,0".parse::<Placement>().unwrap(), p);
/// assert_eq!(Placement::new().to_string(), "4d-fen v1:");
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Placement {
    // Sorted by square, at most one entry per square. A sorted vector rather than a map: a
    // parse builds it in one push per piece (canonical input arrives in order) or one sort.
    squares: Vec<(Coord, Piece)>,
}

impl Placement {
    /// An empty board.
    pub const fn new() -> Placement {
        Placement {
            squares: Vec::new(),
        }
    }

    /// Entries that are already sorted by square with no square twice (checked in tests only).
    pub(crate) fn from_sorted(squares: Vec<(Coord, Piece)>) -> Placement {
        debug_assert!(squares.windows(2).all(|w| matches!(w, [a, b] if a.0 < b.0)));
        Placement { squares }
    }

    /// Takes the entries out and leaves an empty board. The vector keeps its capacity, so a
    /// parse can refill it and hand it back through [`Placement::from_sorted`]; an empty board
    /// in the meantime keeps the sorted invariant.
    pub(crate) fn take_squares(&mut self) -> Vec<(Coord, Piece)> {
        std::mem::take(&mut self.squares)
    }

    /// Puts `piece` on `at`, returning the piece that was there before.
    pub fn insert(&mut self, at: Coord, piece: Piece) -> Option<Piece> {
        // Appending in square order is the common case.
        if self.squares.last().is_none_or(|last| last.0 < at) {
            self.squares.push((at, piece));
            return None;
        }
        match self.squares.binary_search_by_key(&at, |e| e.0) {
            Ok(i) => self
                .squares
                .get_mut(i)
                .map(|slot| std::mem::replace(&mut slot.1, piece)),
            Err(i) => {
                self.squares.insert(i, (at, piece));
                None
            }
        }
    }

    /// Removes and returns the piece on `at`.
    pub fn remove(&mut self, at: Coord) -> Option<Piece> {
        let i = self.squares.binary_search_by_key(&at, |e| e.0).ok()?;
        Some(self.squares.remove(i).1)
    }

    /// The piece on `at`, if any.
    pub fn get(&self, at: Coord) -> Option<Piece> {
        let i = self.squares.binary_search_by_key(&at, |e| e.0).ok()?;
        self.squares.get(i).map(|e| e.1)
    }

    /// Number of pieces (0 to 4096).
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the board is empty.
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// Pieces in ascending square order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (Coord, Piece)> + ExactSizeIterator + '_ {
        self.squares.iter().copied()
    }

    /// The identity key of the placement: its canonical FEN4 string.
    ///
    /// Two literals describe the same placement exactly when their identity keys are equal.
    pub fn identity_key(&self) -> String {
        self.to_string()
    }

    /// A stable 64-bit hash of the placement: FNV-1a (64-bit) over the UTF-8 bytes of
    /// [`identity_key`](Placement::identity_key). It never changes between releases.
    ///
    /// ```
    /// use fen4::Placement;
    /// // FNV-1a 64 of the bytes "4d-fen v1:"
    /// assert_eq!(Placement::new().identity_hash(), fen4::fnv1a64(b"4d-fen v1:"));
    /// ```
    pub fn identity_hash(&self) -> u64 {
        crate::fnv1a64(self.identity_key().as_bytes())
    }
}

impl FromIterator<(Coord, Piece)> for Placement {
    /// Later pieces replace earlier ones on the same square.
    fn from_iter<T: IntoIterator<Item = (Coord, Piece)>>(iter: T) -> Self {
        let mut squares: Vec<(Coord, Piece)> = iter.into_iter().collect();
        // A stable sort keeps pieces on one square in input order; the dedup keeps the last.
        squares.sort_by_key(|e| e.0);
        squares.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = later.1;
            }
            same
        });
        Placement { squares }
    }
}

impl fmt::Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The same shape as a map from square to piece.
        let map = DebugSquares(&self.squares);
        f.debug_struct("Placement").field("squares", &map).finish()
    }
}

struct DebugSquares<'a>(&'a [(Coord, Piece)]);

impl fmt::Debug for DebugSquares<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(self.0.iter().map(|(c, p)| (c, p)))
            .finish()
    }
}

impl fmt::Display for Placement {
    /// The canonical literal. Pieces are written into a stack buffer, each as one fixed-size
    /// copy whose length is then advanced by what the piece took, and the buffer goes to the
    /// formatter half a kilobyte or so at a time: a literal of 4,096 pieces makes about a
    /// hundred calls.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The prefix without its colon: each piece starts with its separator, `: ` for the
        // first and `; ` after, and an empty board gets the bare colon.
        let head = PREFIX.strip_suffix(':').ok_or(fmt::Error)?.as_bytes();
        let mut buf = [0u8; DISPLAY_BUFFER + 16];
        buf.get_mut(..head.len())
            .ok_or(fmt::Error)?
            .copy_from_slice(head);
        let mut len = head.len();
        let mut separator = b':';
        for (at, piece) in self.iter() {
            if len > DISPLAY_BUFFER {
                flush(f, buf.get(..len).ok_or(fmt::Error)?)?;
                len = 0;
            }
            let spec = piece.spec().as_bytes();
            let [x, y, z, w] = at.to_array().map(u128::from);
            let first = u128::from(spec.first().copied().unwrap_or_default());
            let second = u128::from(spec.get(1).copied().unwrap_or_default());
            // The piece's text as one little-endian number, built in registers and stored
            // with one 16-byte write (assembling it in memory byte by byte and then copying it
            // would stall every load on the stores before it).
            let coordinate = COORDINATE_TEMPLATE + (x << 8 | y << 24 | z << 40 | w << 56);
            let text = u128::from(separator)
                | u128::from(b' ') << 8
                | first << 16
                | second << 24
                | coordinate << (8 * (2 + spec.len()));
            buf.get_mut(len..len + 16)
                .ok_or(fmt::Error)?
                .copy_from_slice(&text.to_le_bytes());
            len += 10 + spec.len();
            separator = b';';
        }
        if self.is_empty() {
            *buf.get_mut(len).ok_or(fmt::Error)? = b':';
            len += 1;
        }
        flush(f, buf.get(..len).ok_or(fmt::Error)?)
    }
}

/// After how many bytes [`Placement`]'s `Display` hands its buffer on.
const DISPLAY_BUFFER: usize = 512;
/// `@0,0,0,0` as a little-endian number: adding a digit value to bytes 1, 3, 5 and 7 writes it.
const COORDINATE_TEMPLATE: u128 = u64::from_le_bytes(*b"@0,0,0,0") as u128;

/// Writes `bytes`, which are ASCII, to `f`.
fn flush(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    f.write_str(std::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
}

impl FromStr for Placement {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::Parser::new().parse(s).map(|p| p.placement)
    }
}

impl Serialize for Placement {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    /// An operation on a placement: insert (`Some` piece index) or remove (`None`) at a square.
    fn op() -> impl Strategy<Value = (u16, Option<usize>)> {
        // A small range of squares, so that operations often meet on one square.
        (0u16..48, prop::option::of(0usize..Piece::ALL.len()))
    }

    proptest! {
        /// The sorted vector behaves as a map from square to piece.
        #[test]
        fn placement_behaves_as_a_map(ops in prop::collection::vec(op(), 0..200)) {
            let mut placement = Placement::new();
            let mut model = BTreeMap::new();
            for (index, piece) in ops {
                let at = Coord::from_index(index * 85).unwrap();
                match piece {
                    Some(i) => {
                        let piece = Piece::ALL[i];
                        prop_assert_eq!(placement.insert(at, piece), model.insert(at, piece));
                    }
                    None => prop_assert_eq!(placement.remove(at), model.remove(&at)),
                }
                prop_assert_eq!(placement.get(at), model.get(&at).copied());
                prop_assert_eq!(placement.len(), model.len());
            }
            let pairs: Vec<(Coord, Piece)> = placement.iter().collect();
            let expected: Vec<(Coord, Piece)> = model.iter().map(|(c, p)| (*c, *p)).collect();
            prop_assert_eq!(pairs, expected);
            prop_assert_eq!(
                format!("{placement:?}"),
                format!("Placement {{ squares: {model:?} }}")
            );
        }

        /// Collecting keeps the last piece given for each square, like a map.
        #[test]
        fn collect_keeps_the_last_piece_per_square(
            pairs in prop::collection::vec((0u16..64, 0usize..Piece::ALL.len()), 0..100)
        ) {
            let pairs: Vec<(Coord, Piece)> = pairs
                .into_iter()
                .map(|(i, p)| (Coord::from_index(i * 64).unwrap(), Piece::ALL[p]))
                .collect();
            let placement: Placement = pairs.iter().copied().collect();
            let model: BTreeMap<Coord, Piece> = pairs.into_iter().collect();
            let expected: Vec<(Coord, Piece)> = model.into_iter().collect();
            prop_assert_eq!(placement.iter().collect::<Vec<_>>(), expected);
        }
    }
}
