//! The board and the position: pieces as bitboards, the side to move, castling rights as the
//! squares of their rooks (as python-chess and shakmaty hold them), en passant, the clocks,
//! crazyhouse's pockets and promoted pieces, three-check's remaining checks.
//!
//! A [`Position`] is read from FEN text through `dfen`'s variant parser
//! ([`Position::from_fen`]) and written back by [`Position::fen`] as python-chess writes it.

use std::fmt;

use chess::variant::{Dialect, VariantParser};
use dfen::{CastlingMode, Square};

use crate::bitboard::{self as bb, Squares};
use crate::variant::Variant;

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// White, who moves first.
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline(always)]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's back rank (rank 1 for White).
    #[inline(always)]
    #[must_use]
    pub const fn back_rank(self) -> u64 {
        match self {
            Color::White => bb::RANK_1,
            Color::Black => bb::RANK_8,
        }
    }

    /// `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

// `Position::from_dfen` takes `dfen`'s piece sets by role index: both orders are P N B R Q K,
// and both colour indices White 0, Black 1 (checked when the crate compiles).
const _: () = assert!(
    Role::Pawn as usize == dfen::Role::Pawn as usize
        && Role::Knight as usize == dfen::Role::Knight as usize
        && Role::Bishop as usize == dfen::Role::Bishop as usize
        && Role::Rook as usize == dfen::Role::Rook as usize
        && Role::Queen as usize == dfen::Role::Queen as usize
        && Role::King as usize == dfen::Role::King as usize
        && Color::White as usize == dfen::Color::White.index()
        && Color::Black as usize == dfen::Color::Black.index()
);

/// A kind of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// Every role, pawn to king.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The lowercase letter (`p`, `n`, `b`, `r`, `q`, `k`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase letter, as SAN writes a piece.
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter, either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    const fn to_dfen(self) -> dfen::Role {
        match self {
            Role::Pawn => dfen::Role::Pawn,
            Role::Knight => dfen::Role::Knight,
            Role::Bishop => dfen::Role::Bishop,
            Role::Rook => dfen::Role::Rook,
            Role::Queen => dfen::Role::Queen,
            Role::King => dfen::Role::King,
        }
    }
}

/// What a move does besides moving a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move or a capture on the target square.
    Normal,
    /// A pawn captures en passant.
    EnPassant,
    /// The king castles with the rook on `to`.
    Castle,
    /// A piece from the pocket is put on `to` (`from` equals `to`).
    Drop,
}

/// A move. Castling is held as the king taking its own rook (`to` is the rook's square), as
/// python-chess and shakmaty hold it; [`Move::uci`] writes it in each mode's spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left (the target square for a drop).
    pub from: u8,
    /// The target square (the rook's square for castling).
    pub to: u8,
    /// The piece moved or dropped.
    pub role: Role,
    /// The piece captured, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// The piece a pawn becomes.
    pub promotion: Option<Role>,
    /// What the move does.
    pub kind: MoveKind,
}

impl Move {
    /// Whether the move takes a piece of the opponent.
    #[inline(always)]
    #[must_use]
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// The square the king ends on (castling) or the target square.
    #[must_use]
    pub fn king_target(&self) -> u32 {
        if self.kind == MoveKind::Castle {
            let rank = u32::from(self.to) & !7;
            if self.to < self.from {
                rank + 2
            } else {
                rank + 6
            }
        } else {
            u32::from(self.to)
        }
    }

    /// The move in UCI as python-chess writes it: `e2e4`, `e7e8q`, `P@e4`; castling as the
    /// king's two-square step (`e1g1`) in standard mode, as the king taking its rook (`e1h1`)
    /// in Chess960 mode.
    #[must_use]
    pub fn uci(&self, chess960: bool) -> String {
        let mut s = String::with_capacity(5);
        if self.kind == MoveKind::Drop {
            s.push(self.role.upper_char());
            s.push('@');
            s.push_str(square_name(u32::from(self.to)));
            return s;
        }
        let to = if self.kind == MoveKind::Castle && !chess960 {
            // python-chess writes the standard two-square step only for a king on the e-file.
            if self.from % 8 == 4 && (self.to.is_multiple_of(8) || self.to % 8 == 7) {
                self.king_target()
            } else {
                u32::from(self.to)
            }
        } else {
            u32::from(self.to)
        };
        s.push_str(square_name(u32::from(self.from)));
        s.push_str(square_name(to));
        if let Some(role) = self.promotion {
            s.push(role.char());
        }
        s
    }
}

const SQUARE_NAMES: [&str; 64] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2",
    "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4",
    "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6",
    "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7", "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
];

/// The name of a square (`e4`).
#[must_use]
pub fn square_name(sq: u32) -> &'static str {
    SQUARE_NAMES[(sq & 63) as usize]
}

/// The square of a name (`e4`).
#[must_use]
pub fn parse_square(name: &[u8]) -> Option<u32> {
    match name {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(u32::from(r - b'1') * 8 + u32::from(f - b'a')),
        _ => None,
    }
}

/// Pieces a side holds in crazyhouse, by role (pawn to queen).
pub type Pocket = [u8; 5];

/// A position of one variant.
///
/// ```
/// use variants::{Position, Variant};
/// let position = Position::from_fen(Variant::Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false).unwrap();
/// assert_eq!(position.legal_moves().len(), 20);
/// assert_eq!(position.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [u64; 2],
    pub(crate) by_role: [u64; 6],
    pub(crate) promoted: u64,
    pub(crate) turn: Color,
    /// Castling rights as read, before they are cleaned (what validity judges).
    pub(crate) raw_castling: u64,
    /// Castling rights cleaned as python-chess cleans them: what moves use.
    pub(crate) castling: u64,
    pub(crate) ep: Option<u8>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) pockets: [Pocket; 2],
    pub(crate) remaining_checks: [u8; 2],
    pub(crate) variant: Variant,
    pub(crate) chess960: bool,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.variant.name(), self.fen())
    }
}

/// Why a FEN text cannot be read as a position.
pub type ReadError = dfen::ParseError;

impl Position {
    /// The variant's starting position.
    #[must_use]
    pub fn start(variant: Variant) -> Position {
        Position::from_fen(variant, variant.start_fen(), false)
            .expect("every starting position reads")
    }

    /// Reads a FEN (or the four EPD fields) of `variant`, in any dialect `dfen` reads for it:
    /// crazyhouse pockets as `[Qp]` or a ninth rank, `~` after promoted pieces, three-check
    /// counters as `3+3` (remaining) or `+0+0` (given). Clocks may be left out. In Chess960
    /// mode castling letters name the outermost rooks and Shredder-FEN files are read.
    ///
    /// # Errors
    /// The first syntax problem, as `dfen` words it (a `DFEN` code and a span).
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// let zh = Position::from_fen(Variant::Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3", false).unwrap();
    /// assert_eq!(zh.legal_moves().len(), 27);
    /// let err = Position::from_fen(Variant::Horde, "8/8/8 w - -", false).unwrap_err();
    /// assert_eq!(err.code().as_str(), "DFEN003");
    /// ```
    pub fn from_fen(variant: Variant, text: &str, chess960: bool) -> Result<Position, ReadError> {
        match crate::plain::read(variant, text, chess960) {
            Some(position) => Ok(position),
            None => Position::read_general(variant, text, chess960),
        }
    }

    /// [`Position::from_fen`] through `dfen`'s variant parser, for any text it reads.
    pub(crate) fn read_general(
        variant: Variant,
        text: &str,
        chess960: bool,
    ) -> Result<Position, ReadError> {
        let dvariant = variant.dfen_variant();
        let parser = |dialect| {
            VariantParser::new(dvariant)
                .dialect(dialect)
                .lenient(true)
                .check_position(false)
                .castling_mode(CastlingMode::from_chess960(chess960))
        };
        let parsed = match dvariant {
            // The stockfish dialect (python-chess's and shakmaty's text) first: a line it reads
            // is one `Dialect::detect` calls stockfish too (its `3+3` counter, its `[...]`
            // pocket), and the detection, which splits the line, is left for the others.
            chess::variant::Variant::ThreeCheck | chess::variant::Variant::Crazyhouse => {
                parser(Dialect::Stockfish)
                    .parse(text)
                    .or_else(|_| parser(Dialect::detect(dvariant, text)).parse(text))
            }
            _ => parser(Dialect::Essay).parse(text),
        }?;
        Ok(Position::from_variant_fen(
            variant,
            &parsed.position,
            chess960,
        ))
    }

    /// The position of `variant` that `dfen` read as `fen`: the board, side, castling rights as
    /// read, en passant square and clocks, as [`Position::from_fen`] reads the same text, so that
    /// a caller that has parsed the text with `dfen` need not read it again.
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    /// let parsed = dfen::Parser::new().check_position(false).parse(text).unwrap();
    /// let position = Position::from_dfen(Variant::Horde, &parsed.dfen, false);
    /// assert_eq!(position, Position::from_fen(Variant::Horde, text, false).unwrap());
    /// ```
    #[must_use]
    pub fn from_dfen(variant: Variant, fen: &dfen::Dfen, chess960: bool) -> Position {
        // Racing kings' boards hold 16 pieces at most: read a piece at a time, cheaper there
        // than the bit planes of a crowded board.
        let sets = if variant == Variant::RacingKings {
            fen.board.piece_sets_of_few()
        } else {
            fen.board.piece_sets()
        };
        Position::from_dfen_with(variant, fen, &sets, chess960)
    }

    /// [`Position::from_dfen`] with the board's pieces already gathered by the reader
    /// (`pieces`: one set of squares per piece code, colour × 6 + role, as
    /// [`dfen::Board::piece_sets`] gives them; `dfen`'s parser hands them on as its census), so
    /// the board is not read a second time.
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// let text = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
    /// let (parsed, census) = dfen::Parser::new().check_position(false).parse_counted(text).unwrap();
    /// let position = Position::from_dfen_with(Variant::Horde, &parsed.dfen, census.piece_sets(), false);
    /// assert_eq!(position, Position::from_fen(Variant::Horde, text, false).unwrap());
    /// ```
    #[inline]
    #[must_use]
    pub fn from_dfen_with(
        variant: Variant,
        fen: &dfen::Dfen,
        pieces: &[u64; 12],
        chess960: bool,
    ) -> Position {
        debug_assert_eq!(*pieces, fen.board.piece_sets());
        let mut pos = Position::empty(variant, chess960);
        pos.set_standard(fen, pieces);
        pos.castling = pos.clean_castling();
        pos
    }

    /// The position of `variant` that `dfen`'s variant parser read as `vf` (its pockets,
    /// promoted pieces and remaining checks with the standard fields), as
    /// [`Position::from_fen`] reads the same text.
    ///
    /// ```
    /// use chess::variant::{Dialect, VariantParser};
    /// use variants::{Position, Variant};
    /// let text = "4k3/8/8/8/8/8/8/4K3[Qp] w - - 0 1";
    /// let parsed = VariantParser::new(chess::variant::Variant::Crazyhouse)
    ///     .dialect(Dialect::Stockfish)
    ///     .check_position(false)
    ///     .parse(text)
    ///     .unwrap();
    /// let position = Position::from_variant_fen(Variant::Crazyhouse, &parsed.position, false);
    /// assert_eq!(position, Position::from_fen(Variant::Crazyhouse, text, false).unwrap());
    /// ```
    #[must_use]
    pub fn from_variant_fen(
        variant: Variant,
        vf: &chess::variant::VariantFen,
        chess960: bool,
    ) -> Position {
        Position::from_variant_fen_with(variant, vf, &vf.fen.board.piece_sets(), chess960)
    }

    /// [`Position::from_variant_fen`] with the board's pieces already gathered by the reader
    /// (`pieces`: one set of squares per piece code, colour × 6 + role, as
    /// [`dfen::Board::piece_sets`] gives them), so the board is not read a second time.
    #[must_use]
    pub fn from_variant_fen_with(
        variant: Variant,
        vf: &chess::variant::VariantFen,
        pieces: &[u64; 12],
        chess960: bool,
    ) -> Position {
        debug_assert_eq!(*pieces, vf.fen.board.piece_sets());
        let mut pos = Position::empty(variant, chess960);
        pos.set_standard(&vf.fen, pieces);
        for square in vf.promoted.iter() {
            if pos.occupied() & (1 << square.index()) != 0 {
                pos.promoted |= 1 << square.index();
            }
        }
        // Empty pockets (every three-check position) are the default.
        let held = !vf.holdings.is_empty();
        for color in [Color::White, Color::Black] {
            let dcolor = if color == Color::White {
                dfen::Color::White
            } else {
                dfen::Color::Black
            };
            if held {
                for role in &Role::ALL[..5] {
                    let n = vf.holdings.count(dcolor, role.to_dfen());
                    pos.pockets[color.index()][*role as usize] = u8::try_from(n).unwrap_or(u8::MAX);
                }
            }
            pos.remaining_checks[color.index()] = vf.checks.remaining(dcolor);
        }
        pos.castling = pos.clean_castling();
        pos
    }

    /// The six standard fields of `fen` on this (empty) position; castling rights as read.
    #[inline]
    fn set_standard(&mut self, fen: &dfen::Dfen, sets: &[u64; 12]) {
        // `dfen`'s sets by colour and role, in the order of `Role` here (P N B R Q K).
        let [wp, wn, wb, wr, wq, wk, bp, bn, bbishop, br, bq, bk] = *sets;
        self.by_color = [
            wp | wn | wb | wr | wq | wk,
            bp | bn | bbishop | br | bq | bk,
        ];
        self.by_role = [wp | bp, wn | bn, wb | bbishop, wr | br, wq | bq, wk | bk];
        self.turn = match fen.side {
            dfen::Color::White => Color::White,
            dfen::Color::Black => Color::Black,
        };
        self.raw_castling = fen.castling.rook_squares().0;
        self.ep = fen.en_passant.iter().next().map(|s| s.index());
        self.halfmove = fen.halfmove;
        self.fullmove = fen.fullmove.get();
    }

    /// An empty board of `variant`, White to move.
    #[must_use]
    pub const fn empty(variant: Variant, chess960: bool) -> Position {
        Position {
            by_color: [0; 2],
            by_role: [0; 6],
            promoted: 0,
            turn: Color::White,
            raw_castling: 0,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            pockets: [[0; 5]; 2],
            remaining_checks: [3, 3],
            variant,
            chess960,
        }
    }

    /// The same board read in another variant (pockets and check counters kept, used only
    /// where that variant has them).
    ///
    /// ```
    /// use variants::{Position, Variant};
    /// let race = Position::start(Variant::RacingKings);
    /// assert_eq!(race.perft(1), 21);
    /// assert_eq!(race.with_variant(Variant::Chess).perft(1), 23); // two of them give check
    /// ```
    #[must_use]
    pub fn with_variant(&self, variant: Variant) -> Position {
        let mut position = self.clone();
        position.variant = variant;
        position
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Color {
        self.turn
    }

    /// The fullmove number.
    #[must_use]
    pub const fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Whether castling is read and written in Chess960 mode.
    #[must_use]
    pub const fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Every occupied square.
    #[inline(always)]
    #[must_use]
    pub const fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    #[must_use]
    pub const fn pieces_of(&self, color: Color) -> u64 {
        self.by_color[color as usize]
    }

    /// The squares of every piece of `role`.
    #[inline(always)]
    #[must_use]
    pub const fn role(&self, role: Role) -> u64 {
        self.by_role[role as usize]
    }

    /// The squares of the promoted pieces.
    #[must_use]
    pub const fn promoted(&self) -> u64 {
        self.promoted
    }

    /// The castling rights in use, as the squares of their rooks.
    #[must_use]
    pub const fn castling_rooks(&self) -> u64 {
        self.castling
    }

    /// The en passant square as written, if any.
    #[must_use]
    pub fn ep_square(&self) -> Option<u32> {
        self.ep.map(u32::from)
    }

    /// How many pieces of `role` `color` holds in its pocket.
    #[must_use]
    pub const fn pocket(&self, color: Color, role: Role) -> u8 {
        if matches!(role, Role::King) {
            0
        } else {
            self.pockets[color as usize][role as usize]
        }
    }

    /// Checks `color` still has to give to win three-check.
    #[must_use]
    pub const fn remaining_checks(&self, color: Color) -> u8 {
        self.remaining_checks[color as usize]
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: u32) -> Option<(Color, Role)> {
        let bit = 1u64 << sq;
        if self.occupied() & bit == 0 {
            return None;
        }
        let color = if self.by_color[0] & bit != 0 {
            Color::White
        } else {
            Color::Black
        };
        Some((color, self.role_at(sq)?))
    }

    /// The role of the piece on `sq`.
    #[inline(always)]
    #[must_use]
    pub fn role_at(&self, sq: u32) -> Option<Role> {
        let bit = 1u64 << sq;
        Role::ALL
            .into_iter()
            .find(|&role| self.by_role[role as usize] & bit != 0)
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, sq: u32, color: Color, role: Role, promoted: bool) {
        let bit = 1u64 << sq;
        self.by_color[color as usize] |= bit;
        self.by_role[role as usize] |= bit;
        if promoted {
            self.promoted |= bit;
        } else {
            self.promoted &= !bit;
        }
    }

    /// Takes the piece off `sq`, returning its role.
    #[inline(always)]
    pub(crate) fn remove(&mut self, sq: u32) -> Option<Role> {
        let bit = 1u64 << sq;
        if self.occupied() & bit == 0 {
            return None;
        }
        let role = self.role_at(sq)?;
        self.by_role[role as usize] &= !bit;
        self.by_color[0] &= !bit;
        self.by_color[1] &= !bit;
        self.promoted &= !bit;
        Some(role)
    }

    /// The king of `color` python-chess's `king()` picks: the highest of its non-promoted kings.
    #[inline(always)]
    #[must_use]
    pub fn king_of(&self, color: Color) -> Option<u32> {
        let mask =
            self.by_color[color as usize] & self.by_role[Role::King as usize] & !self.promoted;
        if mask != 0 {
            Some(63 - mask.leading_zeros())
        } else {
            None
        }
    }

    /// The pieces of `color` that attack `sq` with `occupied` blocking slides.
    #[inline(always)]
    #[must_use]
    pub fn attackers(&self, color: Color, sq: u32, occupied: u64) -> u64 {
        let rq = self.by_role[Role::Rook as usize] | self.by_role[Role::Queen as usize];
        let bq = self.by_role[Role::Bishop as usize] | self.by_role[Role::Queen as usize];
        ((bb::king(sq) & self.by_role[Role::King as usize])
            | (bb::knight(sq) & self.by_role[Role::Knight as usize])
            | (bb::rook(sq, occupied) & rq)
            | (bb::bishop(sq, occupied) & bq)
            | (bb::pawn(color.other().index(), sq) & self.by_role[Role::Pawn as usize]))
            & self.by_color[color as usize]
    }

    /// [`Position::attackers`] for a question asked once of a position (who gives check):
    /// the rays are scanned only when a slider of `color` stands on one of their lines. The
    /// move generator's many questions about crowded lines (racing kings') keep the plain scan.
    #[inline(always)]
    #[must_use]
    pub fn attackers_sparse(&self, color: Color, sq: u32, occupied: u64) -> u64 {
        let them = self.by_color[color as usize];
        let rq = (self.by_role[Role::Rook as usize] | self.by_role[Role::Queen as usize]) & them;
        let bq = (self.by_role[Role::Bishop as usize] | self.by_role[Role::Queen as usize]) & them;
        let mut attackers = ((bb::king(sq) & self.by_role[Role::King as usize])
            | (bb::knight(sq) & self.by_role[Role::Knight as usize])
            | (bb::pawn(color.other().index(), sq) & self.by_role[Role::Pawn as usize]))
            & them;
        if bb::rook_lines(sq) & rq != 0 {
            attackers |= bb::rook(sq, occupied) & rq;
        }
        if bb::bishop_lines(sq) & bq != 0 {
            attackers |= bb::bishop(sq, occupied) & bq;
        }
        attackers
    }

    /// The squares the piece on `sq` attacks.
    #[inline(always)]
    #[must_use]
    pub fn attacks_from(&self, sq: u32, color: Color, role: Role) -> u64 {
        match role {
            Role::Pawn => bb::pawn(color.index(), sq),
            Role::Knight => bb::knight(sq),
            Role::Bishop => bb::bishop(sq, self.occupied()),
            Role::Rook => bb::rook(sq, self.occupied()),
            Role::Queen => bb::bishop(sq, self.occupied()) | bb::rook(sq, self.occupied()),
            Role::King => bb::king(sq),
        }
    }

    /// The castling rights python-chess keeps from `raw_castling`: a right needs its rook on
    /// the back rank and the (non-promoted) king on the back rank between the rooks; outside
    /// Chess960 the rooks on the corners and the king on the e-file.
    #[inline]
    #[must_use]
    pub fn clean_castling(&self) -> u64 {
        // (Most positions of a game have no right left to clean.)
        if self.raw_castling == 0 {
            return 0;
        }
        let castling = self.raw_castling & self.by_role[Role::Rook as usize];
        let kings = self.by_role[Role::King as usize] & !self.promoted;
        let mut result = 0;
        for color in [Color::White, Color::Black] {
            let back = color.back_rank();
            let mut side = castling & back & self.by_color[color as usize];
            let king = self.by_color[color as usize] & kings & back;
            if !self.chess960 {
                side &= back & 0x8100_0000_0000_0081;
                if king & back & 0x1000_0000_0000_0010 == 0 {
                    side = 0;
                }
                result |= side;
            } else {
                if king == 0 {
                    continue;
                }
                let king_sq = 63 - king.leading_zeros();
                let mut a_side = side & side.wrapping_neg();
                let mut h_side = if side != 0 {
                    1u64 << (63 - side.leading_zeros())
                } else {
                    0
                };
                if a_side != 0 && a_side.trailing_zeros() > king_sq {
                    a_side = 0;
                }
                if h_side != 0 && h_side.trailing_zeros() < king_sq {
                    h_side = 0;
                }
                result |= a_side | h_side;
            }
        }
        result
    }

    /// The en passant square if python-chess would keep it as valid (`_valid_ep_square`).
    #[must_use]
    pub fn valid_ep_square(&self) -> Option<u32> {
        let ep = u32::from(self.ep?);
        let bit = 1u64 << ep;
        let (ep_rank, pawn_mask, seventh) = match self.turn {
            Color::White => (5, bit >> 8, bit << 8),
            Color::Black => (2, bit << 8, bit >> 8),
        };
        if ep / 8 != ep_rank {
            return None;
        }
        if self.by_role[0] & self.by_color[self.turn.other() as usize] & pawn_mask == 0 {
            return None;
        }
        if self.occupied() & (bit | seventh) != 0 {
            return None;
        }
        Some(ep)
    }

    /// Whether an en passant capture is pseudo-legal (python-chess writes the square only then).
    fn has_ep_capturer(&self) -> bool {
        let Some(ep) = self.ep else { return false };
        let ep = u32::from(ep);
        if self.occupied() & (1 << ep) != 0 {
            return false;
        }
        let rank = if self.turn == Color::White { 4 } else { 3 };
        self.by_role[0]
            & self.by_color[self.turn as usize]
            & bb::pawn(self.turn.other().index(), ep)
            & bb::rank(rank)
            != 0
    }

    /// The board field, with `~` after promoted pieces when `promoted`.
    #[must_use]
    pub fn board_fen(&self, promoted: bool) -> String {
        let mut s = String::with_capacity(72);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = rank * 8 + file;
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((color, role)) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(if color == Color::White {
                            role.upper_char()
                        } else {
                            role.char()
                        });
                        if promoted && self.promoted & (1 << sq) != 0 {
                            s.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// The castling field as python-chess writes it (X-FEN letters; a rook's file letter when
    /// it is not the outermost).
    #[must_use]
    pub fn castling_fen(&self) -> String {
        let mut s = String::new();
        for color in [Color::White, Color::Black] {
            let back = color.back_rank();
            let rights = self.castling & back;
            // The king that castles (the lowest non-promoted one on the back rank, as the moves
            // take it) decides a right's side, so that the field reads back as written; a king
            // elsewhere only when none stands there.
            let on_back = self.by_color[color as usize]
                & self.by_role[Role::King as usize]
                & !self.promoted
                & back;
            let king = if on_back != 0 {
                Some(on_back.trailing_zeros())
            } else {
                self.king_of(color)
            };
            let rooks = self.by_color[color as usize] & self.by_role[Role::Rook as usize] & back;
            let mut letters: Vec<char> = Vec::new();
            for sq in Squares(rights).collect::<Vec<_>>().into_iter().rev() {
                let file = sq % 8;
                // The side of a right is its rook's file against the king's file (a rook on
                // the king's file is on the h-side, as python-chess counts it): the king (the
                // highest non-promoted one) may stand off the back rank when there are several.
                let letter = match king.map(|k| file < k % 8) {
                    Some(false) if sq == 63 - rooks.leading_zeros() => 'k',
                    Some(true) if sq == rooks.trailing_zeros() => 'q',
                    _ => char::from(b'a' + file as u8),
                };
                letters.push(letter);
            }
            for letter in letters {
                s.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The position as python-chess's `fen()` writes it: the pocket in brackets and `~` marks
    /// in crazyhouse, `3+3` remaining checks in three-check, en passant only when a pseudo-legal
    /// capture exists.
    #[must_use]
    pub fn fen(&self) -> String {
        let zh = self.variant == Variant::Crazyhouse;
        let mut s = self.board_fen(zh);
        if zh {
            s.push('[');
            for (color, upper) in [(Color::White, true), (Color::Black, false)] {
                for role in [
                    Role::King,
                    Role::Queen,
                    Role::Rook,
                    Role::Bishop,
                    Role::Knight,
                    Role::Pawn,
                ] {
                    for _ in 0..self.pocket(color, role) {
                        s.push(if upper {
                            role.upper_char()
                        } else {
                            role.char()
                        });
                    }
                }
            }
            s.push(']');
        }
        s.push(' ');
        s.push(if self.turn == Color::White { 'w' } else { 'b' });
        s.push(' ');
        s.push_str(&self.castling_fen());
        s.push(' ');
        match self.ep {
            Some(ep) if self.has_ep_capturer() => s.push_str(square_name(u32::from(ep))),
            _ => s.push('-'),
        }
        if self.variant == Variant::ThreeCheck {
            s.push_str(&format!(
                " {}+{}",
                self.remaining_checks[0], self.remaining_checks[1]
            ));
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }

    /// The square of a [`dfen::Square`].
    #[must_use]
    pub fn square_index(square: Square) -> u32 {
        u32::from(square.index())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
