//! Standard algebraic notation (SAN) for standard chess: reading a move against a position,
//! with its legality, and writing it.
//!
//! [`parse`] reads one move and resolves it to the one legal [`ChessMove`] it names, or says
//! why it cannot: [`SanError`] has a stable code (`EPD020` not SAN, `EPD203` illegal, `EPD204`
//! ambiguous), a span into the text, what was expected and found, and help. A move that is
//! read but not written as [`San::of`] writes it comes back with its [`Spelling`]: what `fmt`
//! rewrites.
//!
//! # What is read
//!
//! | written | read as | spelling |
//! |---|---|---|
//! | `Nf3`, `exd5`, `e8=Q`, `O-O`, `O-O-O`, `Rxg7+`, `Qh7#` | SAN | canonical when it is exactly what [`San::of`] writes |
//! | `Rg7` for `Rxg7`, `Nxf3` for `Nf3`, `ed5` for `exd5` | the move | [`Spelling::CAPTURE_MARK`] |
//! | `Qd1` for `Qd1+`, `Qd1+` for `Qd1#`, `+` on a quiet move | the move | [`Spelling::CHECK_SUFFIX`] |
//! | `Ngf3` when `Nf3` is unique, `R1d2` for `Rad2`, `Ng1-f3`, `N-f3`, `e2-e4`, `2e4` | the move | [`Spelling::DISAMBIGUATION`] |
//! | `0-0`, `0-0-0`, `Kg1` for `O-O` | the castling | [`Spelling::CASTLING`] |
//! | `e8Q`, `e8=q`, `e8q` | the promotion | [`Spelling::PROMOTION`] |
//! | a glyph after the move: `!`, `?`, `!!`, `??`, `!?`, `?!` | the move (the glyph is dropped) | [`Spelling::ANNOTATION`] |
//! | UCI: `g1f3`, `e7e8q`, `e1g1` | the move | [`Spelling::UCI`] |
//!
//! Refused: a piece letter in lower case (`nf3`; `b` is a file), a `P` for a pawn, a pawn
//! capture without its file (`xd5`), a null move (`--`, `Z0`, `0000`), a promotion to a king or
//! pawn, a pawn move to the last rank without a promotion, and anything else that is not the
//! shape above.
//!
//! ```
//! use chess::standard::Position;
//! use chess::san::{self, Spelling};
//!
//! // Bratko-Kopec 1: the queen's move to d1 gives check.
//! let dfen: dfen::Dfen = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1".parse()?;
//! let position = Position::new(&dfen);
//! let read = san::parse(&position, "Qd1+")?;
//! assert_eq!(read.mv.to_string(), "d6d1");
//! assert_eq!(read.san.as_str(), "Qd1+");
//! assert!(read.spelling.is_empty());
//!
//! // Without its suffix: the same move, spelled differently.
//! let read = san::parse(&position, "Qd1")?;
//! assert_eq!(read.spelling, Spelling::CHECK_SUFFIX);
//! assert_eq!(read.san.as_str(), "Qd1+");
//!
//! // An illegal move: a stable code, a span and a reason.
//! let err = san::parse(&position, "Qd9").unwrap_err();
//! assert_eq!(err.code().as_str(), "EPD020");
//! let err = san::parse(&position, "Qh1").unwrap_err();
//! assert_eq!(err.code().as_str(), "EPD203");
//! assert_eq!(err.to_string(), "illegal move: expected a legal move, found `Qh1`: no Black queen can move to h1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use crate::epd::codes::Code;
use crate::standard::{Castling, ChessMove, Position};
use dfen::{Color, Role, Square};

/// The SAN of a move as [`San::of`] writes it: at most 8 ASCII bytes, held inline.
///
/// ```
/// use chess::standard::Position;
/// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1".parse()?;
/// let position = Position::new(&dfen);
/// let names: Vec<String> = position
///     .legal_moves()
///     .iter()
///     .map(|mv| chess::san::San::of(&position, mv).to_string())
///     .filter(|san| san.starts_with('O') || san.ends_with('+'))
///     .collect();
/// assert_eq!(names, ["Ra8+", "Rh8+", "O-O-O", "O-O"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San {
    bytes: [u8; 8],
    len: u8,
}

impl San {
    const EMPTY: San = San {
        bytes: [0; 8],
        len: 0,
    };

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_str(&mut self, text: &str) {
        for &byte in text.as_bytes() {
            self.push(byte);
        }
    }

    fn push_square(&mut self, square: Square) {
        for byte in square.name_bytes() {
            self.push(byte);
        }
    }

    /// The SAN of `mv`, a legal move of `position`: the piece letter, the least disambiguation
    /// that makes it unique (the file, else the rank, else both), `x` for a capture, the
    /// target square, `=` and the promotion letter, and `+` for check or `#` for mate.
    /// Castling is `O-O` or `O-O-O`, as its [`Castling`] side says.
    #[must_use]
    pub fn of(position: &Position, mv: &ChessMove) -> San {
        let (check, mate) = position.check_after(mv);
        San::write(mv, Suffix::of(check, mate), disambiguation(position, mv))
    }

    /// The SAN of `mv` with its check suffix and disambiguation known.
    #[inline]
    fn write(mv: &ChessMove, suffix: Suffix, (file, rank): (bool, bool)) -> San {
        let mut san = San::EMPTY;
        if let Some(side) = mv.castling() {
            san.push_str(side.san());
        } else {
            let role = mv.role();
            if role == Role::Pawn {
                if mv.is_capture() {
                    san.push(b'a' + mv.from().file());
                }
            } else {
                san.push(b"PNBRQK".get(role as usize).copied().unwrap_or(b'?'));
                if file {
                    san.push(b'a' + mv.from().file());
                }
                if rank {
                    san.push(b'1' + mv.from().rank());
                }
            }
            if mv.is_capture() {
                san.push(b'x');
            }
            san.push_square(mv.to());
            if let Some(promotion) = mv.promotion() {
                san.push(b'=');
                san.push(promotion.upper() as u8);
            }
        }
        match suffix {
            Suffix::None => {}
            Suffix::Check => san.push(b'+'),
            Suffix::Mate => san.push(b'#'),
        }
        san
    }

    /// Whether `text` is this SAN, byte for byte: the lengths, then the bytes one by one (at
    /// most 8; a copy of the text into a word would be a call to `memcpy` for its length).
    #[inline]
    fn is(&self, text: &str) -> bool {
        text.len() == usize::from(self.len)
            && text
                .as_bytes()
                .iter()
                .zip(self.bytes)
                .all(|(&given, own)| given == own)
    }

    /// The SAN as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or_default();
        // Only ASCII bytes are ever pushed.
        std::str::from_utf8(bytes).unwrap_or_default()
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "San({})", self.as_str())
    }
}

impl std::ops::Deref for San {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

/// Which of the from-square's file and rank a piece move needs to be unique: `(file, rank)`.
fn disambiguation(position: &Position, mv: &ChessMove) -> (bool, bool) {
    if mv.role() == Role::Pawn || mv.castling().is_some() {
        return (false, false);
    }
    let (mut others, mut same_file, mut same_rank) = (false, false, false);
    position.visit_to(mv.role(), mv.to(), &mut |other| {
        if other.from() != mv.from() && position.is_legal(&other) {
            others = true;
            same_file |= other.from().file() == mv.from().file();
            same_rank |= other.from().rank() == mv.from().rank();
        }
    });
    needed_disambiguation((others, same_file, same_rank))
}

/// The disambiguation a move needs, from whether other legal moves of its role reach its
/// square, and whether one of them starts on its file and one on its rank: the file, else the
/// rank, else both.
fn needed_disambiguation((others, same_file, same_rank): (bool, bool, bool)) -> (bool, bool) {
    if !others {
        (false, false)
    } else if !same_file {
        (true, false)
    } else if !same_rank {
        (false, true)
    } else {
        (true, true)
    }
}

/// A check suffix: none, `+` or `#`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Suffix {
    None,
    Check,
    Mate,
}

impl Suffix {
    fn of(check: bool, mate: bool) -> Suffix {
        match (check, mate) {
            (_, true) => Suffix::Mate,
            (true, false) => Suffix::Check,
            (false, false) => Suffix::None,
        }
    }
}

/// How a move that was read is spelled differently from its SAN: a set of flags.
///
/// Each flag is a spelling `fmt` rewrites, never a different move. [`Spelling::code`] gives
/// the stable code of each.
///
/// ```
/// use chess::san::Spelling;
/// let both = Spelling::CAPTURE_MARK | Spelling::CHECK_SUFFIX;
/// assert!(both.contains(Spelling::CHECK_SUFFIX));
/// assert_eq!(both.iter().map(|flag| flag.code().as_str()).collect::<Vec<_>>(), ["EPD111", "EPD112"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Spelling(u8);

impl Spelling {
    /// Written as UCI (`g1f3`).
    pub const UCI: Spelling = Spelling(1);
    /// The `x` is missing on a capture, or written on a move that takes nothing.
    pub const CAPTURE_MARK: Spelling = Spelling(2);
    /// The `+` or `#` is missing, or does not say what the move does.
    pub const CHECK_SUFFIX: Spelling = Spelling(4);
    /// More or other disambiguation than the least that makes the move unique, or a `-`
    /// between the squares (long algebraic).
    pub const DISAMBIGUATION: Spelling = Spelling(8);
    /// Castling written with zeros (`0-0`) or as the king's move (`Kg1`).
    pub const CASTLING: Spelling = Spelling(16);
    /// A promotion without `=` or with a lower-case letter (`e8Q`, `e8=q`).
    pub const PROMOTION: Spelling = Spelling(32);
    /// An annotation glyph after the move (`!`, `?!`).
    pub const ANNOTATION: Spelling = Spelling(64);

    const ALL: [Spelling; 7] = [
        Spelling::UCI,
        Spelling::CAPTURE_MARK,
        Spelling::CHECK_SUFFIX,
        Spelling::DISAMBIGUATION,
        Spelling::CASTLING,
        Spelling::PROMOTION,
        Spelling::ANNOTATION,
    ];

    /// No difference: the move was written as its SAN.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set.
    #[must_use]
    pub const fn contains(self, other: Spelling) -> bool {
        self.0 & other.0 == other.0
    }

    /// The flags that are set, one at a time, in the order of their codes.
    pub fn iter(self) -> impl Iterator<Item = Spelling> {
        Spelling::ALL
            .into_iter()
            .filter(move |flag| self.contains(*flag))
    }

    /// The stable code of one flag (`EPD110` to `EPD116`); of the first, for several.
    #[must_use]
    pub fn code(self) -> Code {
        match self.iter().next().unwrap_or(Spelling::UCI) {
            Spelling::UCI => Code::UciMove,
            Spelling::CAPTURE_MARK => Code::CaptureMark,
            Spelling::CHECK_SUFFIX => Code::CheckSuffix,
            Spelling::DISAMBIGUATION => Code::Disambiguation,
            Spelling::CASTLING => Code::CastlingSpelling,
            Spelling::PROMOTION => Code::PromotionSpelling,
            _ => Code::Annotation,
        }
    }
}

impl std::ops::BitOr for Spelling {
    type Output = Spelling;

    fn bitor(self, other: Spelling) -> Spelling {
        Spelling(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for Spelling {
    fn bitor_assign(&mut self, other: Spelling) {
        self.0 |= other.0;
    }
}

impl fmt::Debug for Spelling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(|flag| flag.code().as_str()).collect();
        write!(f, "Spelling({})", names.join("|"))
    }
}

/// A move read from SAN (or UCI): the legal move, its SAN as [`San::of`] writes it, and how the
/// text was spelled differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SanMove {
    /// The legal move the text names.
    pub mv: ChessMove,
    /// Its canonical SAN.
    pub san: San,
    /// How the text differs from `san`; empty when it is `san`.
    pub spelling: Spelling,
}

/// Why a text is not one legal move of the position: `EPD020` (not SAN), `EPD203` (no legal
/// move matches) or `EPD204` (several do).
///
/// The span is a byte range of the text given to [`parse`]; the message says what was expected
/// and found, and why a move is illegal where that is known.
///
/// ```
/// use chess::standard::Position;
/// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1".parse()?;
/// let err = chess::san::parse(&Position::new(&dfen), "Ne2").unwrap_err();
/// assert_eq!(err.code().as_str(), "EPD204");
/// assert_eq!(
///     err.to_string(),
///     "ambiguous move: expected one move, found `Ne2`: it could be `Nce2` or `Nge2`"
/// );
/// assert_eq!(err.help(), Some("write one of `Nce2`, `Nge2`"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SanError = fenkit_diagnostics::Rejection<Code, SanContext>;

/// Why a move is illegal and, for an ambiguous one, its candidates: the context of a
/// [`SanError`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SanContext {
    reason: Option<String>,
    candidates: Vec<San>,
}

impl SanContext {
    /// Why the move is illegal, where that is known (`"no Black queen can move to h1"`).
    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// For an ambiguous move, the SAN of each legal move it could be.
    #[must_use]
    pub fn candidates(&self) -> &[San] {
        &self.candidates
    }
}

impl fenkit_diagnostics::Context for SanContext {
    /// The shared message, then `: {reason}` where the reason is known.
    fn write_message<C: fenkit_diagnostics::Code>(
        &self,
        rejection: &fenkit_diagnostics::Rejection<C, Self>,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        write!(f, "{}: ", rejection.code().title())?;
        rejection.write_expected_found(f)?;
        if let Some(reason) = &self.reason {
            write!(f, ": {reason}")?;
        }
        Ok(())
    }
}

/// A [`SanError`] of `code` for the text `found`, quoted.
#[cold]
fn san_error(
    code: Code,
    span: Range<usize>,
    expected: impl Into<Cow<'static, str>>,
    found: &str,
) -> SanError {
    SanError::new(code, span, expected, dfen::fen_parts::quote(found))
}

/// Adds why a move is illegal to a [`SanError`].
trait Because {
    fn because(self, reason: impl Into<String>) -> Self;
}

impl Because for SanError {
    #[cold]
    fn because(mut self, reason: impl Into<String>) -> SanError {
        self.context_mut().reason = Some(reason.into());
        self
    }
}

/// The role of each SAN piece letter (`N B R Q K`); `None` for every other byte.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static PIECE_LETTERS: [Option<Role>; 256] = {
    let mut table = [None; 256];
    table[b'N' as usize] = Some(Role::Knight);
    table[b'B' as usize] = Some(Role::Bishop);
    table[b'R' as usize] = Some(Role::Rook);
    table[b'Q' as usize] = Some(Role::Queen);
    table[b'K' as usize] = Some(Role::King);
    table
};

/// What the text of a move says, before the position is asked.
#[derive(Debug, Clone, Copy, Default)]
struct Written {
    /// `None` for a pawn, or for a square-to-square move without a piece letter.
    role: Option<Role>,
    castling: Option<Castling>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    capture_mark: bool,
    /// A `-` between the squares, or after the piece letter.
    dash: bool,
    to: Option<Square>,
    promotion: Option<Role>,
    /// A promotion without `=`, or with a lower-case letter.
    promotion_spelling: bool,
    /// A promotion written with `=`.
    promotion_equals: bool,
    /// A promotion letter that no pawn promotes to (`K`, `P`).
    bad_promotion: Option<u8>,
    suffix: Option<Suffix>,
    annotation: bool,
    castling_zeros: bool,
    /// Square to square without a piece letter, separator or `=`: UCI.
    uci: bool,
}

/// The text without its trailing annotation glyphs and check suffix, and what they were.
#[inline]
fn strip_tail(text: &str) -> (&str, Option<Suffix>, bool) {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while end > 0 && matches!(bytes.get(end - 1), Some(b'!' | b'?')) {
        end -= 1;
    }
    // At most two glyphs make a PGN annotation (`!!`, `?!`, …).
    let annotation = end < bytes.len() && bytes.len() - end <= 2;
    if end < bytes.len() && !annotation {
        return (text, None, false);
    }
    let suffix = match bytes.get(end.wrapping_sub(1)) {
        Some(b'+') if end > 0 => {
            end -= 1;
            Some(Suffix::Check)
        }
        Some(b'#') if end > 0 => {
            end -= 1;
            Some(Suffix::Mate)
        }
        _ => None,
    };
    (text.get(..end).unwrap_or_default(), suffix, annotation)
}

/// Reads the shape of a move, or says it is not SAN.
#[inline]
fn read_written(text: &str) -> Result<Written, SanError> {
    let not_san = || {
        san_error(
            Code::MalformedSan,
            0..text.len(),
            "a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`",
            text,
        )
    };
    let (body, suffix, annotation) = strip_tail(text);
    let mut written = Written {
        suffix,
        annotation,
        ..Written::default()
    };
    // Castling and the null moves all start with one of these bytes; moves never do.
    if matches!(
        body.as_bytes().first(),
        Some(b'O' | b'0' | b'-' | b'Z' | b'@')
    ) {
        match body {
            "O-O" | "0-0" => {
                written.castling = Some(Castling::KingSide);
                written.castling_zeros = body.starts_with('0');
                return Ok(written);
            }
            "O-O-O" | "0-0-0" => {
                written.castling = Some(Castling::QueenSide);
                written.castling_zeros = body.starts_with('0');
                return Ok(written);
            }
            "--" | "Z0" | "0000" | "@@@@" => {
                return Err(not_san().because("a null move is not a move of the position"));
            }
            _ => {}
        }
    }
    let mut bytes = body.as_bytes();
    // The promotion: `=Q`, `Q` or `q` after the target square.
    if let Some((&letter, before)) = bytes.split_last()
        && letter.is_ascii_alphabetic()
    {
        let (before, equals) = match before.split_last() {
            Some((b'=', before)) => (before, true),
            _ => (before, false),
        };
        if let [.., b'a'..=b'h', b'1'..=b'8'] = before {
            let upper = letter.to_ascii_uppercase();
            match Role::from_letter(upper) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => {
                    written.promotion = Some(role);
                    written.promotion_equals = equals;
                    written.promotion_spelling = !equals || letter.is_ascii_lowercase();
                }
                Some(Role::King | Role::Pawn) => written.bad_promotion = Some(upper),
                None => return Err(not_san()),
            }
            bytes = before;
        }
    }
    // The target square.
    let [head @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = bytes else {
        return Err(not_san());
    };
    written.to = Square::new(file - b'a', rank - b'1');
    let mut head = head;
    match head {
        [rest @ .., b'x'] => {
            written.capture_mark = true;
            head = rest;
        }
        [rest @ .., b'-'] => {
            written.dash = true;
            head = rest;
        }
        _ => {}
    }
    if let [rest @ .., rank @ b'1'..=b'8'] = head {
        written.from_rank = Some(rank - b'1');
        head = rest;
    }
    if let [rest @ .., file @ b'a'..=b'h'] = head {
        written.from_file = Some(file - b'a');
        head = rest;
    }
    match head {
        [] => {}
        [letter] => {
            // A table, not a branch per letter: the piece letters of SAN (no `P`).
            written.role = PIECE_LETTERS.get(usize::from(*letter)).copied().flatten();
            if written.role.is_none() {
                return Err(not_san());
            }
        }
        _ => return Err(not_san()),
    }
    let square_to_square =
        written.role.is_none() && written.from_rank.is_some() && written.from_file.is_some();
    written.uci = square_to_square
        && !written.capture_mark
        && !written.dash
        && suffix.is_none()
        && !annotation
        && !written.promotion_equals;
    if written.role.is_none()
        && written.from_file.is_none()
        && written.from_rank.is_none()
        && written.capture_mark
    {
        return Err(not_san().because("a pawn capture names the pawn's file, as in `exd5`"));
    }
    Ok(written)
}

/// The name of a side and role in a reason: "black queen".
fn piece_name(color: Color, role: Role) -> String {
    let role = match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    };
    format!("{} {role}", dfen::fen_parts::color_name(color))
}

/// Reads one move written in SAN (or UCI) and resolves it to the one legal move of `position`
/// it names, with its canonical SAN and how the text was spelled differently.
///
/// # Errors
/// [`SanError`]: `EPD020` when the text is not SAN, `EPD203` when no legal move matches it
/// (with the reason where it is known: no such piece can reach the square, the move would leave
/// the king in check, castling that is not possible, a missing promotion), `EPD204` when several do (with
/// the candidates).
///
/// ```
/// use chess::standard::Position;
/// use chess::san::{self, Spelling};
///
/// let dfen: dfen::Dfen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
/// let position = Position::new(&dfen);
/// let read = san::parse(&position, "0-0")?;
/// assert_eq!((read.san.as_str(), read.spelling), ("O-O", Spelling::CASTLING));
/// let read = san::parse(&position, "e1c1")?;
/// assert_eq!((read.san.as_str(), read.spelling), ("O-O-O", Spelling::UCI));
///
/// let pinned: dfen::Dfen = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1".parse()?;
/// let err = san::parse(&Position::new(&pinned), "Nc3").unwrap_err();
/// assert_eq!(err.reason(), Some("it would leave the White king in check"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(position: &Position, text: &str) -> Result<SanMove, SanError> {
    if text.is_empty() || text.len() > 16 {
        return Err(san_error(
            Code::MalformedSan,
            0..text.len(),
            "a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`",
            text,
        ));
    }
    if let Some(read) = read_canonical(position, text) {
        return Ok(read);
    }
    parse_full(position, text)
}

/// [`parse`] for a text that is exactly the move's SAN (most moves of most files), read in one
/// pass: the text's parts, then the one legal move they name from the board
/// ([`Position::named_move`]), then whether the text's capture mark, disambiguation and check
/// suffix are exactly those the SAN has. No SAN is written to compare: the text is the SAN.
/// `None` for every other text (castling, another spelling, an illegal or ambiguous move),
/// which [`parse_full`] reads.
#[inline]
fn read_canonical(position: &Position, text: &str) -> Option<SanMove> {
    let bytes = text.as_bytes();
    let (body, suffix) = match bytes.split_last()? {
        (b'+', body) => (body, Suffix::Check),
        (b'#', body) => (body, Suffix::Mate),
        _ => (bytes, Suffix::None),
    };
    let (body, promotion) = match body {
        [rest @ .., b'=', letter] => (
            rest,
            Some(match letter {
                b'Q' => Role::Queen,
                b'R' => Role::Rook,
                b'B' => Role::Bishop,
                b'N' => Role::Knight,
                _ => return None,
            }),
        ),
        _ => (body, None),
    };
    let [head @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = body else {
        return None;
    };
    let to = Square::new(file - b'a', rank - b'1')?;
    let (head, capture) = match head {
        [rest @ .., b'x'] => (rest, true),
        _ => (head, false),
    };
    const FILE: u64 = 0x0101_0101_0101_0101;
    let piece = |letter: u8| PIECE_LETTERS.get(usize::from(letter)).copied().flatten();
    // The role, the squares it may start from, and whether the text names its file and rank.
    let (role, from, given) = match *head {
        [] if !capture => (Role::Pawn, !0, (false, false)),
        [file @ b'a'..=b'h'] if capture => (Role::Pawn, FILE << (file - b'a'), (true, false)),
        [letter] => (piece(letter)?, !0, (false, false)),
        [letter, file @ b'a'..=b'h'] => (piece(letter)?, FILE << (file - b'a'), (true, false)),
        [letter, rank @ b'1'..=b'8'] => {
            (piece(letter)?, 0xff << (8 * (rank - b'1')), (false, true))
        }
        _ => return None,
    };
    let named = position.named_move(role, to, from, capture, promotion)?;
    if role != Role::Pawn && needed_disambiguation(named.peers) != given {
        return None;
    }
    let check = match (named.check, suffix) {
        (false, Suffix::None) => Suffix::None,
        (true, Suffix::Check | Suffix::Mate) => {
            if position.mate_after(&named.mv) {
                Suffix::Mate
            } else {
                Suffix::Check
            }
        }
        _ => return None,
    };
    if check != suffix {
        return None;
    }
    // The text is the SAN: at most 7 bytes (`exd8=Q+`).
    let mut san = San::EMPTY;
    for &byte in bytes {
        san.push(byte);
    }
    Some(SanMove {
        mv: named.mv,
        san,
        spelling: Spelling::default(),
    })
}

/// [`parse`] for any text: the shape read into its parts, the move resolved from them, its
/// SAN written and compared with the text.
fn parse_full(position: &Position, text: &str) -> Result<SanMove, SanError> {
    let written = read_written(text)?;
    let Resolved {
        mv,
        disambiguation: wanted,
        check,
    } = match written.castling {
        Some(side) => Resolved {
            mv: resolve_castling(position, text, side)?,
            disambiguation: (false, false),
            check: None,
        },
        None => resolve(position, text, &written)?,
    };
    // Mate is looked for only after a check, which is rare.
    let (check, mate) = match check {
        Some(false) => (false, false),
        Some(true) => (true, position.mate_after(&mv)),
        None => position.check_after(&mv),
    };
    let suffix = Suffix::of(check, mate);
    let san = San::write(&mv, suffix, wanted);
    let mut spelling = Spelling::default();
    if san.is(text) {
        // Written as its SAN: nothing to compare (the common case).
    } else if written.uci {
        spelling |= Spelling::UCI;
    } else {
        if written.annotation {
            spelling |= Spelling::ANNOTATION;
        }
        if written.suffix.unwrap_or(Suffix::None) != suffix {
            spelling |= Spelling::CHECK_SUFFIX;
        }
        if mv.castling().is_some() {
            if written.castling_zeros || written.castling.is_none() {
                spelling |= Spelling::CASTLING;
            }
        } else {
            if written.capture_mark != mv.is_capture() {
                spelling |= Spelling::CAPTURE_MARK;
            }
            if written.promotion_spelling {
                spelling |= Spelling::PROMOTION;
            }
            let wanted = if mv.role() == Role::Pawn {
                (mv.is_capture(), false)
            } else {
                wanted
            };
            let given = (written.from_file.is_some(), written.from_rank.is_some());
            if given != wanted || written.dash || written.role.is_none() && mv.role() != Role::Pawn
            {
                spelling |= Spelling::DISAMBIGUATION;
            }
        }
    }
    Ok(SanMove { mv, san, spelling })
}

/// Reads a move in UCI (`g1f3`, `e7e8q`, castling as the king's move `e1g1`) and resolves it to
/// the legal move of `position` it names.
///
/// # Errors
/// `EPD020` when the text is not UCI, `EPD203` when it names no legal move.
///
/// ```
/// use chess::standard::Position;
/// let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse()?;
/// let position = Position::new(&start);
/// let mv = chess::san::parse_uci(&position, "b1c3")?;
/// assert_eq!(chess::san::San::of(&position, &mv).as_str(), "Nc3");
/// assert_eq!(chess::san::parse_uci(&position, "b1b3").unwrap_err().code().as_str(), "EPD203");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_uci(position: &Position, text: &str) -> Result<ChessMove, SanError> {
    let uci: dfen::rules::UciMove = text.parse().map_err(|_| {
        san_error(
            Code::MalformedSan,
            0..text.len(),
            "a move in UCI such as `g1f3` or `e7e8q`",
            text,
        )
    })?;
    let mut found = None;
    if let Some(role) = position.role_at(uci.from) {
        position.visit_role(role, &mut |mv| {
            if mv.uci() == uci {
                found = Some(mv);
            }
        });
    }
    found.ok_or_else(|| {
        san_error(Code::IllegalMove, 0..text.len(), "a legal move", text).because(format!(
            "no legal move goes from {} to {}",
            uci.from, uci.to
        ))
    })
}

fn resolve_castling(
    position: &Position,
    text: &str,
    side: Castling,
) -> Result<ChessMove, SanError> {
    let mut found = None;
    let mut pseudo = false;
    position.visit_pseudo_legal(Role::King, &mut |mv| {
        if mv.castling() == Some(side) {
            pseudo = true;
            if position.is_legal(&mv) {
                found = Some(mv);
            }
        }
    });
    found.ok_or_else(|| {
        let side_name = match side {
            Castling::KingSide => "king side",
            Castling::QueenSide => "queen side",
        };
        let reason = if pseudo {
            "the king is in check, or passes through or lands on an attacked square".to_owned()
        } else {
            format!(
                "{} cannot castle on the {side_name}: it has no right to, or the king and rook \
                 are not in place with the squares between them empty",
                dfen::fen_parts::color_name(position.side())
            )
        };
        san_error(Code::IllegalMove, 0..text.len(), "a legal move", text).because(reason)
    })
}

/// The move a SAN names, the disambiguation its SAN needs, and whether it gives check when
/// that is known already.
struct Resolved {
    mv: ChessMove,
    disambiguation: (bool, bool),
    check: Option<bool>,
}

/// The legal move a non-castling SAN names.
#[inline]
fn resolve(position: &Position, text: &str, written: &Written) -> Result<Resolved, SanError> {
    let Some(to) = written.to else {
        return Err(san_error(
            Code::MalformedSan,
            0..text.len(),
            "a move in SAN",
            text,
        ));
    };
    let us = position.side();
    if let Some(letter) = written.bad_promotion {
        return Err(
            san_error(Code::IllegalMove, 0..text.len(), "a legal move", text).because(format!(
                "a pawn promotes to a queen, rook, bishop or knight, not to `{}`",
                letter as char
            )),
        );
    }
    // A square-to-square move without a piece letter (`e2e4`, `g1-f3`) names the piece on its
    // from-square, whatever it is.
    let role = match (written.role, written.from_file, written.from_rank) {
        (Some(role), _, _) => role,
        (None, Some(file), Some(rank)) => {
            let from = Square::new(file, rank);
            match from.and_then(|from| Some((from, position.role_at(from)?))) {
                Some((from, role)) if position.color_at(from) == Some(us) => role,
                Some((from, _)) => {
                    return Err(
                        san_error(Code::IllegalMove, 0..text.len(), "a legal move", text).because(
                            format!(
                                "the piece on {from} is not {}'s",
                                dfen::fen_parts::color_name(us)
                            ),
                        ),
                    );
                }
                None => {
                    let from = from.map(|from| from.to_string()).unwrap_or_default();
                    return Err(
                        san_error(Code::IllegalMove, 0..text.len(), "a legal move", text)
                            .because(format!("no piece stands on {from}")),
                    );
                }
            }
        }
        (None, _, _) => Role::Pawn,
    };
    let from_matches = |mv: &ChessMove| {
        written.from_file.is_none_or(|file| mv.from().file() == file)
            && written.from_rank.is_none_or(|rank| mv.from().rank() == rank)
            // A pawn move without its file (or rank) is a push along the target's file.
            && (role != Role::Pawn
                || written.from_file.is_some()
                || written.from_rank.is_some()
                || mv.from().file() == to.file())
    };
    let names = |mv: &ChessMove| mv.promotion() == written.promotion && from_matches(mv);
    // The common case in one visit: the one legal move the text names and whether it gives
    // check, and where every other move to the square starts (for the disambiguation).
    let mut found: Option<(ChessMove, bool)> = None;
    let mut count = 0usize;
    let mut origins = 0u64;
    position.visit_to(role, to, &mut |mv| {
        origins |= 1u64 << mv.from().index();
        if names(&mv)
            && let Some(check) = position.check_if_legal(&mv)
        {
            count += 1;
            if found.is_none() {
                found = Some((mv, check));
            }
        }
    });
    // The moves to the square again, for what only an error or another origin needs.
    let candidates = || {
        let mut all = Vec::new();
        position.visit_to(role, to, &mut |mv| all.push(mv));
        all
    };
    let legal = |mv: &&ChessMove| position.is_legal(mv);
    // Whether other legal moves to the square start elsewhere, on the same file, on the same
    // rank as `mv`.
    let peers = |mv: ChessMove| {
        let mut peers = (false, false, false);
        position.visit_to(role, to, &mut |other| {
            if other.from() != mv.from() && position.is_legal(&other) {
                peers.0 = true;
                peers.1 |= other.from().file() == mv.from().file();
                peers.2 |= other.from().rank() == mv.from().rank();
            }
        });
        peers
    };
    match (count, found) {
        (1, Some((mv, check))) => Ok(Resolved {
            mv,
            disambiguation: if origins & !(1u64 << mv.from().index()) != 0 {
                needed_disambiguation(peers(mv))
            } else {
                (false, false)
            },
            check: Some(check),
        }),
        (0, _) | (_, None) => {
            let error = san_error(Code::IllegalMove, 0..text.len(), "a legal move", text);
            let piece = piece_name(us, role);
            let candidates = candidates();
            let illegal_match = candidates.iter().any(&names);
            let promotion_choices = written.promotion.is_none()
                && candidates
                    .iter()
                    .filter(legal)
                    .any(|mv| mv.promotion().is_some() && from_matches(mv));
            let other_origin = candidates
                .iter()
                .filter(legal)
                .any(|mv| mv.promotion() == written.promotion && !from_matches(mv));
            Err(if promotion_choices {
                let square = to.to_string();
                let prefix = text
                    .get(..text.find(&square).map_or(0, |at| at + 2))
                    .unwrap_or_default();
                error
                    .because("a pawn that reaches the last rank must promote")
                    .with_help(format!(
                        "write `{prefix}=Q`, `{prefix}=R`, `{prefix}=B` or `{prefix}=N`"
                    ))
            } else if illegal_match {
                error.because(format!(
                    "it would leave the {} king in check",
                    dfen::fen_parts::color_name(us)
                ))
            } else if written.promotion.is_some() && role == Role::Pawn {
                error.because(format!("no {piece} can promote on {to}"))
            } else if other_origin {
                error.because(format!(
                    "no {piece} from the square named can move to {to}, though another can"
                ))
            } else {
                error.because(format!("no {piece} can move to {to}"))
            })
        }
        _ => {
            let candidates: Vec<San> = candidates()
                .iter()
                .filter(|mv| names(mv))
                .filter(legal)
                .map(|mv| {
                    let disambiguation = needed_disambiguation(peers(*mv));
                    San::write(mv, Suffix::None, disambiguation)
                })
                .collect();
            let names: Vec<String> = candidates.iter().map(|san| format!("`{san}`")).collect();
            let mut error = san_error(Code::AmbiguousMove, 0..text.len(), "one move", text)
                .because(format!("it could be {}", names.join(" or ")))
                .with_help(format!("write one of {}", names.join(", ")));
            error.context_mut().candidates = candidates;
            Err(error)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::new(&fen.parse().unwrap())
    }

    #[track_caller]
    fn reads(fen: &str, text: &str, uci: &str, san: &str, spelling: Spelling) {
        let read = parse(&position(fen), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(read.mv.to_string(), uci, "{text}");
        assert_eq!(read.san.as_str(), san, "{text}");
        assert_eq!(read.spelling, spelling, "{text}");
    }

    #[track_caller]
    fn refuses(fen: &str, text: &str, code: &str, message: &str) {
        let err = parse(&position(fen), text).unwrap_err();
        assert_eq!(err.code().as_str(), code, "{text}: {err}");
        assert_eq!(err.to_string(), message, "{text}");
        assert!(text.get(err.span()).is_some());
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn canonical_san_reads_with_no_spelling() {
        let none = Spelling::default();
        reads(START, "e4", "e2e4", "e4", none);
        reads(START, "Nf3", "g1f3", "Nf3", none);
        reads(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            "exd5",
            "e4d5",
            "exd5",
            none,
        );
        reads(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e8=Q",
            "e7e8q",
            "e8=Q",
            none,
        );
        reads(
            "6k1/4P3/8/8/8/8/8/4K3 w - - 0 1",
            "e8=Q+",
            "e7e8q",
            "e8=Q+",
            none,
        );
        reads(
            "7k/8/6K1/8/8/8/8/Q7 w - - 0 1",
            "Qa8#",
            "a1a8",
            "Qa8#",
            none,
        );
        reads(
            "k7/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "exd6",
            "e5d6",
            "exd6",
            none,
        );
    }

    #[test]
    fn tolerated_spellings_read_with_their_flags() {
        reads(START, "Ngf3", "g1f3", "Nf3", Spelling::DISAMBIGUATION);
        reads(START, "Ng1f3", "g1f3", "Nf3", Spelling::DISAMBIGUATION);
        reads(START, "Ng1-f3", "g1f3", "Nf3", Spelling::DISAMBIGUATION);
        reads(START, "N-f3", "g1f3", "Nf3", Spelling::DISAMBIGUATION);
        reads(START, "e2-e4", "e2e4", "e4", Spelling::DISAMBIGUATION);
        reads(START, "2e4", "e2e4", "e4", Spelling::DISAMBIGUATION);
        reads(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            "4xd5",
            "e4d5",
            "exd5",
            Spelling::DISAMBIGUATION,
        );
        reads(START, "g1f3", "g1f3", "Nf3", Spelling::UCI);
        reads(START, "Nxf3", "g1f3", "Nf3", Spelling::CAPTURE_MARK);
        reads(START, "Nf3+", "g1f3", "Nf3", Spelling::CHECK_SUFFIX);
        reads(START, "Nf3!?", "g1f3", "Nf3", Spelling::ANNOTATION);
        reads(
            "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
            "ed5",
            "e4d5",
            "exd5",
            Spelling::CAPTURE_MARK,
        );
        reads(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e8Q",
            "e7e8q",
            "e8=Q",
            Spelling::PROMOTION,
        );
        reads(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e8=q",
            "e7e8q",
            "e8=Q",
            Spelling::PROMOTION,
        );
        reads(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e7e8q",
            "e7e8q",
            "e8=Q",
            Spelling::UCI,
        );
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        reads(castle, "O-O", "e1g1", "O-O", Spelling::default());
        reads(castle, "0-0-0", "e1c1", "O-O-O", Spelling::CASTLING);
        reads(castle, "Kg1", "e1g1", "O-O", Spelling::CASTLING);
        reads(castle, "e1g1", "e1g1", "O-O", Spelling::UCI);
        // Two rooks on the a-file: the rank tells them apart.
        let rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        reads(rooks, "R1a3", "a1a3", "R1a3", Spelling::default());
        reads(rooks, "Ra1a3", "a1a3", "R1a3", Spelling::DISAMBIGUATION);
        reads(rooks, "R5xa3", "a5a3", "R5a3", Spelling::CAPTURE_MARK);
    }

    #[test]
    fn refusals_say_why() {
        refuses(
            START,
            "Nf4",
            "EPD203",
            "illegal move: expected a legal move, found `Nf4`: no White knight can move to f4",
        );
        refuses(
            START,
            "nf3",
            "EPD020",
            "malformed SAN move: expected a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`, found `nf3`",
        );
        let cannot = "illegal move: expected a legal move, found `O-O`: White cannot castle on \
                      the king side: it has no right to, or the king and rook are not in place \
                      with the squares between them empty";
        refuses(START, "O-O", "EPD203", cannot);
        refuses("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", "EPD203", cannot);
        refuses(
            "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1",
            "O-O",
            "EPD203",
            "illegal move: expected a legal move, found `O-O`: the king is in check, or passes \
             through or lands on an attacked square",
        );
        refuses(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            "xd3",
            "EPD020",
            "malformed SAN move: expected a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`, found `xd3`: a pawn capture names the pawn's file, as in `exd5`",
        );
        refuses(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e8",
            "EPD203",
            "illegal move: expected a legal move, found `e8`: a pawn that reaches the last rank must promote",
        );
        refuses(
            "8/4P2k/8/8/8/8/8/4K3 w - - 0 1",
            "e8=K",
            "EPD203",
            "illegal move: expected a legal move, found `e8=K`: a pawn promotes to a queen, rook, bishop or knight, not to `K`",
        );
        refuses(
            "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1",
            "Ne2",
            "EPD204",
            "ambiguous move: expected one move, found `Ne2`: it could be `Nce2` or `Nge2`",
        );
        refuses(
            START,
            "--",
            "EPD020",
            "malformed SAN move: expected a move in SAN such as `Nf3`, `exd5`, `e8=Q` or `O-O`, found `--`: a null move is not a move of the position",
        );
    }

    /// Positions of random play from starts with pins, en passant, promotions, castling and
    /// discovered checks.
    const STARTS: [&str; 6] = [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "2r3k1/1q1n1ppp/8/3N4/2B5/8/1Q3PPP/2R1R1K1 w - - 0 1",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

        /// The one-pass reader of canonical SAN ([`read_canonical`]) and the full reader
        /// ([`parse_full`]) give the same answer for every text: each legal move's SAN, and
        /// that SAN with one or two random edits (another capture mark, suffix, disambiguation,
        /// an illegal or ambiguous move). And the one-pass reader does read every canonical SAN
        /// but castling and a disambiguation by file and rank, so that it is what is tested.
        #[test]
        fn the_one_pass_reader_agrees_with_the_full_reader(
            seed in 1u64..,
            start in 0usize..STARTS.len(),
        ) {
            let mut rng = crate::test_strategies::Rng(seed);
            let mut position = position(STARTS[start]);
            let alphabet: Vec<char> = "abcdefgh12345678NBRQKx+#=O-".chars().collect();
            for _ in 0..80 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let san = San::of(&position, mv);
                    let fast = read_canonical(&position, &san);
                    let doubly = san.as_bytes().get(1..3).is_some_and(|two| {
                        two[0].is_ascii_lowercase() && two[1].is_ascii_digit()
                            && san.as_bytes()[0].is_ascii_uppercase()
                            && san.len() > 4
                            && san.as_bytes()[3].is_ascii_lowercase()
                    });
                    if mv.castling().is_none() && !doubly {
                        proptest::prop_assert!(fast.is_some(), "{} {san}", position.to_dfen());
                    }
                    let full = parse_full(&position, &san);
                    proptest::prop_assert_eq!(parse(&position, &san), full.clone());
                    if let Some(fast) = fast {
                        proptest::prop_assert_eq!(Ok(fast), full);
                    }
                    for _ in 0..3 {
                        let text = crate::test_strategies::mutate(&mut rng, &san, &alphabet);
                        let full = parse_full(&position, &text);
                        proptest::prop_assert_eq!(
                            parse(&position, &text),
                            full.clone(),
                            "{} {}",
                            position.to_dfen(),
                            text
                        );
                        if let Some(fast) = read_canonical(&position, &text) {
                            proptest::prop_assert_eq!(Ok(fast), full, "{}", text);
                        }
                    }
                }
                position = position.after(&moves[rng.below(moves.len())]);
            }
        }
    }
}
