//! Position findings: what is wrong with a position beyond its spelling, and the fixes that keep
//! its meaning.

use std::ops::Range;

use crate::castling::{BackRank, CastlingLetter, back_rank, file_letter, read_as_chess960};
use crate::{
    CastlingMode, Code, Color, Dfen, Finding, Piece, Profile, Role, Severity, Square, SquareSet,
};

/// Where the fields of a parsed DFEN stood in the input, so findings can point at them. Spans
/// inside a field are found again only when a finding needs one, keeping the parse lean.
#[derive(Clone, Default)]
pub(crate) struct SourceMap<'a> {
    input: &'a str,
    /// Start and end of each field (inputs are at most [`MAX_INPUT_LEN`](crate::MAX_INPUT_LEN)).
    fields: [(u32, u32); 7],
}

impl<'a> SourceMap<'a> {
    pub(crate) fn new(input: &'a str) -> SourceMap<'a> {
        SourceMap {
            input,
            fields: Default::default(),
        }
    }

    pub(crate) fn set_field(&mut self, number: u8, span: Range<usize>) {
        if let Some(slot) = self.fields.get_mut(usize::from(number).wrapping_sub(1)) {
            *slot = (span.start as u32, span.end as u32);
        }
    }

    fn field(&self, number: usize) -> Range<usize> {
        self.fields
            .get(number.wrapping_sub(1))
            .map_or(0..0, |&(start, end)| start as usize..end as usize)
    }

    fn field_text(&self, number: usize) -> (usize, &'a [u8]) {
        let span = self.field(number);
        let text = self.input.as_bytes().get(span.clone()).unwrap_or_default();
        (span.start, text)
    }

    /// The byte of field 1 that put a piece on `square`.
    fn piece(&self, square: Square) -> Option<usize> {
        let (start, text) = self.field_text(1);
        let (mut rank, mut file) = (7u8, 0u8);
        for (i, &byte) in text.iter().enumerate() {
            match byte {
                b'/' => {
                    rank = rank.saturating_sub(1);
                    file = 0;
                }
                b'1'..=b'8' => file += byte - b'0',
                // A variant's promoted mark (crazyhouse): it stands after its piece.
                b'~' => {}
                _ => {
                    if Square::new(file, rank) == Some(square) {
                        return Some(start + i);
                    }
                    file += 1;
                }
            }
        }
        None
    }

    /// The first letter of field 3 that names `color`'s right for the rook on `file`, read as
    /// the parser read it, and where it stands.
    fn castling(
        &self,
        color: Color,
        file: u8,
        board: &crate::Board,
        mode: CastlingMode,
    ) -> Option<(usize, u8)> {
        let (start, text) = self.field_text(3);
        let ranks = if read_as_chess960(text, mode) {
            [Color::White, Color::Black].map(|color| Some(BackRank::of(board, color)))
        } else {
            [None, None]
        };
        text.iter().enumerate().find_map(|(i, &byte)| {
            let letter = CastlingLetter::of(byte)?;
            (letter.right(ranks) == (color, file)).then_some((start + i, byte))
        })
    }

    /// The first square name in field 4 equal to `square`.
    fn en_passant(&self, square: Square) -> Option<usize> {
        let (start, text) = self.field_text(4);
        let name = square.name_bytes();
        text.chunks(2)
            .position(|pair| pair == name)
            .map(|i| start + 2 * i)
    }
}

struct Spans<'m, 'a>(Option<&'m SourceMap<'a>>);

impl Spans<'_, '_> {
    fn field(&self, number: usize) -> Range<usize> {
        self.0.map_or(0..0, |map| map.field(number))
    }

    fn piece(&self, square: Square) -> Range<usize> {
        self.0
            .and_then(|map| map.piece(square))
            .map_or(0..0, |at| at..at + 1)
    }

    /// Where `color`'s right for the rook on `file` was written, and its letter: as written,
    /// or without source text as [`Dfen`]'s `Display` writes it.
    fn castling(
        &self,
        color: Color,
        file: u8,
        dfen: &Dfen,
        mode: CastlingMode,
    ) -> (Range<usize>, char) {
        match self
            .0
            .and_then(|map| map.castling(color, file, &dfen.board, mode))
        {
            Some((at, byte)) => (at..at + 1, char::from(byte)),
            None => (0..0, char::from(standard_letter(dfen, color, file))),
        }
    }

    fn en_passant(&self, square: Square) -> Range<usize> {
        self.0
            .and_then(|map| map.en_passant(square))
            .map_or(0..0, |at| at..at + 2)
    }
}

fn push(
    out: &mut Vec<Finding>,
    code: Code,
    severity: Severity,
    span: Range<usize>,
    message: String,
) {
    out.push(Finding::new(code, severity, span, message));
}

fn push_fixable(
    out: &mut Vec<Finding>,
    code: Code,
    span: Range<usize>,
    message: String,
    help: String,
) {
    out.push(
        Finding::new(code, Severity::Warning, span, message)
            .with_fixable(true)
            .with_help(help),
    );
}

/// The letter `Display` writes for `color`'s right for the rook on `file`.
fn standard_letter(dfen: &Dfen, color: Color, file: u8) -> u8 {
    let standard = dfen.castling.standard_letters_on(&dfen.board);
    match (standard, file, color) {
        (true, 7, Color::White) => b'K',
        (true, 0, Color::White) => b'Q',
        (true, 7, Color::Black) => b'k',
        (true, 0, Color::Black) => b'q',
        _ => file_letter(color, file),
    }
}

/// `White` or `Black`, as messages name a side.
pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The rank (0-based) of the en-passant squares a side's double pushes create.
const fn en_passant_rank(color: Color) -> u8 {
    match color {
        Color::White => 2,
        Color::Black => 5,
    }
}

/// The en-passant squares created by `color`'s double pushes.
pub(crate) fn own_en_passant(set: SquareSet, color: Color) -> SquareSet {
    set.on_rank(en_passant_rank(color))
}

/// Why an en-passant square cannot affect play, if it cannot.
fn dead_en_passant(dfen: &Dfen, square: Square) -> Option<(Code, String)> {
    let owner = if square.rank() == 2 {
        Color::White
    } else {
        Color::Black
    };
    if let Some(piece) = dfen.board.get(square) {
        return Some((
            Code::EnPassantOccupied,
            format!(
                "{}: expected an empty square at {square}, found `{}`",
                Code::EnPassantOccupied.title(),
                piece.letter()
            ),
        ));
    }
    let pushed = match owner {
        Color::White => square.up(),
        Color::Black => square.down(),
    };
    let pawn = Piece {
        color: owner,
        role: Role::Pawn,
    };
    if let Some(pushed) = pushed
        && dfen.board.get(pushed) != Some(pawn)
    {
        return Some((
            Code::EnPassantWithoutPawn,
            format!(
                "{}: expected a {} pawn on {pushed} in front of {square}, found {}",
                Code::EnPassantWithoutPawn.title(),
                color_name(owner),
                dfen.board
                    .get(pushed)
                    .map_or("an empty square".to_owned(), |p| format!(
                        "`{}`",
                        p.letter()
                    ))
            ),
        ));
    }
    if dfen.dice.is_empty() && owner == dfen.side {
        return Some((
            Code::EnPassantStale,
            format!(
                "{}: at a fresh turn only the targets of the side that just moved remain, found {square} of {} to move",
                Code::EnPassantStale.title(),
                color_name(owner)
            ),
        ));
    }
    None
}

/// Whether `square` is an en-passant square a double push could have left: on rank 3 or 6,
/// and none of `DFEN221`–`DFEN223` applies (the square empty, the pushed pawn in front of it,
/// and at a fresh turn not the side to move's own).
pub(crate) fn could_be_left_by_double_push(dfen: &Dfen, square: Square) -> bool {
    let on_its_rank = square.rank() == en_passant_rank(Color::White)
        || square.rank() == en_passant_rank(Color::Black);
    on_its_rank && dead_en_passant(dfen, square).is_none()
}

/// Where each kind of piece stands, gathered while the placement is read, so the position checks
/// need no second pass over the board: one 64-bit set per piece code (colour × 6 + role). Codes
/// 12–15 are scratch slots, so that callers may record non-pieces without a branch.
#[derive(Clone, Copy, Default)]
pub struct Census {
    by_code: [u64; 16],
}

/// The light squares (b1, a2, …): a1 is dark.
const LIGHT_SQUARES: u64 = 0x55aa_55aa_55aa_55aa;
/// Ranks 1 and 8.
const BACK_RANKS: u64 = 0xff00_0000_0000_00ff;

impl Census {
    /// Records `piece` on `square`.
    #[inline]
    pub(crate) fn add(&mut self, square: Square, piece: Piece) {
        self.add_code(
            piece.color.index() as u8 * 6 + piece.role as u8,
            square.index(),
        );
    }

    /// Records the piece with code `code` (colour × 6 + role) on the square with index `index`.
    #[inline(always)]
    pub(crate) fn add_code(&mut self, code: u8, index: u8) {
        if let Some(set) = self.by_code.get_mut(usize::from(code & 15)) {
            *set |= 1u64 << (index & 63);
        }
    }

    /// The squares recorded under `code`, which may be one of the parser's own slots above the
    /// twelve piece codes.
    pub fn slot(&self, code: u8) -> u64 {
        self.by_code.get(usize::from(code)).copied().unwrap_or(0)
    }

    /// The twelve piece codes' squares, as [`crate::Board::piece_sets`] gives them for the
    /// board that was read: one set per piece code (colour × 6 + role).
    ///
    /// ```
    /// use dfen::{Color, Parser, Role};
    /// let (parsed, census) = Parser::new()
    ///     .parse_counted("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 -")
    ///     .unwrap();
    /// assert_eq!(*census.piece_sets(), parsed.dfen.board.piece_sets());
    /// assert_eq!(census.piece_sets()[Color::White.index() * 6 + Role::Pawn as usize], 1 << 12);
    /// ```
    #[inline(always)]
    #[must_use]
    pub fn piece_sets(&self) -> &[u64; 12] {
        // (The first twelve of sixteen slots: never `None`.)
        self.by_code.first_chunk().unwrap_or(&[0; 12])
    }

    /// The squares of `color`'s `role` pieces.
    pub fn set(&self, color: Color, role: Role) -> u64 {
        self.by_code
            .get(color.index() * 6 + role as usize)
            .copied()
            .unwrap_or(0)
    }

    fn of(board: &crate::Board) -> Census {
        let mut census = Census::default();
        for (square, piece) in board.pieces() {
            census.add(square, piece);
        }
        census
    }
}

/// Whether `set` has at most one square (`at_most_two` for two), without counting.
const fn at_most_one(set: u64) -> bool {
    set & set.wrapping_sub(1) == 0
}

const fn at_most_two(set: u64) -> bool {
    at_most_one(set & set.wrapping_sub(1))
}

/// The fewest promoted pieces `color` must have: queens beyond 1, rooks and knights beyond 2,
/// bishops beyond 1 per square colour. Counted only when some kind is over its number.
fn promoted_at_least(census: &Census, color: Color) -> usize {
    if no_piece_over_its_number(census, color) {
        return 0;
    }
    let queens = census.set(color, Role::Queen);
    let rooks = census.set(color, Role::Rook);
    let knights = census.set(color, Role::Knight);
    let bishops = census.set(color, Role::Bishop);
    let light = bishops & LIGHT_SQUARES;
    let dark = bishops & !LIGHT_SQUARES;
    let over = |set: u64, allowed: usize| (set.count_ones() as usize).saturating_sub(allowed);
    over(queens, 1) + over(rooks, 2) + over(dark, 1) + over(light, 1) + over(knights, 2)
}

/// Whether `color` has at most the queens, rooks, knights and bishops (one per square colour)
/// of the starting position.
fn no_piece_over_its_number(census: &Census, color: Color) -> bool {
    let bishops = census.set(color, Role::Bishop);
    at_most_one(census.set(color, Role::Queen))
        && at_most_two(census.set(color, Role::Rook))
        && at_most_two(census.set(color, Role::Knight))
        && at_most_one(bishops & LIGHT_SQUARES)
        && at_most_one(bishops & !LIGHT_SQUARES)
}

/// Whether [`position_findings`] certainly finds nothing, decided with a few set operations: no
/// en-passant square, no pawn on a back rank, one king and at most the starting pieces and
/// pawns a side, and every castling right's king and rook at home. Most positions in a
/// collection are like that, and then the full checks are skipped. A position this says no to
/// may still be sound: the full checks decide. Inlined into every parse, which calls it once.
#[inline(always)]
fn clearly_sound(dfen: &Dfen, census: &Census) -> bool {
    // With no en-passant square there is no en-passant finding, and the turn's budget holds:
    // a dice pool has at most three dice.
    if !dfen.en_passant.is_empty() {
        return false;
    }
    let pawns = census.set(Color::White, Role::Pawn) | census.set(Color::Black, Role::Pawn);
    if pawns & BACK_RANKS != 0 {
        return false;
    }
    // One king, at most the starting pieces and at most 8 pawns: then at most 16 pieces too.
    let side_sound = |color: Color| {
        let king = census.set(color, Role::King);
        king != 0
            && at_most_one(king)
            && no_piece_over_its_number(census, color)
            && census.set(color, Role::Pawn).count_ones() <= 8
    };
    if !side_sound(Color::White) || !side_sound(Color::Black) {
        return false;
    }
    // Standard rights only (a- and h-file rooks), each with the king on e1 or e8 and its rook
    // at home: then no castling finding, in either mode.
    let rooks = dfen.castling.rook_squares().0;
    if rooks == 0 {
        return true;
    }
    let own_rooks = (census.set(Color::White, Role::Rook) & RANK_1)
        | (census.set(Color::Black, Role::Rook) & RANK_8);
    // The kings' home squares of the colours that hold a right.
    let kings_needed =
        (u64::from(rooks & RANK_1 != 0) << 4) | (u64::from(rooks & RANK_8 != 0) << 60);
    let kings = (census.set(Color::White, Role::King) & RANK_1)
        | (census.set(Color::Black, Role::King) & RANK_8);
    rooks & !(STANDARD_ROOK_SQUARES & own_rooks) == 0 && kings_needed & !kings == 0
}

/// Rank 1 and rank 8.
const RANK_1: u64 = 0xff;
const RANK_8: u64 = 0xff << 56;

/// a1, h1, a8 and h8: the rooks `KQkq` names.
const STANDARD_ROOK_SQUARES: u64 = 0x8100_0000_0000_0081;

/// Collects the position findings of `dfen` under `profile` and `mode` into `out`.
#[inline(always)]
pub(crate) fn position_findings(
    dfen: &Dfen,
    census: &Census,
    map: Option<&SourceMap<'_>>,
    profile: Profile,
    mode: CastlingMode,
    out: &mut Vec<Finding>,
) {
    if clearly_sound(dfen, census) {
        return;
    }
    all_position_findings(dfen, census, map, profile, mode, out);
}

/// The one pawn that the engine dialect keeps on a back rank: under [`Profile::Engine`], when a
/// side's opponent has no king and that side has exactly one pawn on its last rank, the pawn
/// took the king there and stayed a pawn (the game ended before it could promote), as the
/// reference engine and `fenkit play` write the final position.
fn king_capturing_pawn(census: &Census, profile: Profile) -> Option<Square> {
    if profile != Profile::Engine {
        return None;
    }
    [
        (Color::White, Color::Black, 7u8),
        (Color::Black, Color::White, 0u8),
    ]
    .into_iter()
    .find_map(|(color, opponent, last_rank)| {
        let on_last_rank = census.set(color, Role::Pawn) & (0xffu64 << (8 * last_rank));
        (census.set(opponent, Role::King) == 0 && on_last_rank.count_ones() == 1)
            .then(|| Square::from_index(on_last_rank.trailing_zeros() as u8))
            .flatten()
    })
}

/// The full checks behind [`position_findings`]: out of line, so that the common case, which
/// [`clearly_sound`] settles, pays nothing for them.
#[inline(never)]
fn all_position_findings(
    dfen: &Dfen,
    census: &Census,
    map: Option<&SourceMap<'_>>,
    profile: Profile,
    mode: CastlingMode,
    out: &mut Vec<Finding>,
) {
    let spans = Spans(map);
    let board = &dfen.board;
    let count = |color: Color, role: Role| census.set(color, role).count_ones() as usize;
    // 0, 1, or 2 for "two or more": all the checks need.
    let kings = [Color::White, Color::Black].map(|color| {
        let set = census.set(color, Role::King);
        usize::from(set != 0) + usize::from(!at_most_one(set))
    });
    let pawns_set = census.set(Color::White, Role::Pawn) | census.set(Color::Black, Role::Pawn);
    if pawns_set & BACK_RANKS != 0 {
        let king_capture = king_capturing_pawn(census, profile);
        for index in (0u8..8).chain(56..64) {
            let Some(square) = Square::from_index(index) else {
                continue;
            };
            let Some(piece) = board.get(square) else {
                continue;
            };
            if piece.role == Role::Pawn && king_capture == Some(square) {
                push(
                    out,
                    Code::PawnOnBackRank,
                    Severity::Warning,
                    spans.piece(square),
                    format!(
                        "{}: `{}` on {square} took the king there and stayed a pawn, as the engine dialect writes a finished game",
                        Code::PawnOnBackRank.title(),
                        piece.letter()
                    ),
                );
            } else if piece.role == Role::Pawn {
                push(
                    out,
                    Code::PawnOnBackRank,
                    Severity::Error,
                    spans.piece(square),
                    format!(
                        "{}: expected no pawn on rank {}, found `{}` on {square}",
                        Code::PawnOnBackRank.title(),
                        square.rank() + 1,
                        piece.letter()
                    ),
                );
            }
        }
    }
    for color in [Color::White, Color::Black] {
        if kings[color.index()] < 2 {
            continue;
        }
        let king = Piece {
            color,
            role: Role::King,
        };
        let second = board.pieces().filter(|(_, p)| *p == king).nth(1);
        if let Some((square, _)) = second {
            push(
                out,
                Code::TooManyKings,
                Severity::Error,
                spans.piece(square),
                format!(
                    "{}: expected at most one {} king, found another on {square}",
                    Code::TooManyKings.title(),
                    color_name(color)
                ),
            );
        }
    }
    for color in [Color::White, Color::Black] {
        let side = color.index();
        let name = color_name(color);
        // The sets are disjoint, so one count of their union counts the pieces.
        let pieces = Role::ALL
            .iter()
            .fold(0u64, |all, role| all | census.set(color, *role))
            .count_ones() as usize;
        if kings[side] == 0 {
            push(
                out,
                Code::MissingKing,
                Severity::Warning,
                spans.field(1),
                format!(
                    "{}: {name} has no king, which only a finished game has",
                    Code::MissingKing.title()
                ),
            );
        }
        if pieces > 16 {
            push(
                out,
                Code::TooManyPieces,
                Severity::Warning,
                spans.field(1),
                format!(
                    "{}: expected at most 16 {name} pieces, found {}",
                    Code::TooManyPieces.title(),
                    pieces
                ),
            );
        }
        let pawns = count(color, Role::Pawn);
        if pawns > 8 {
            push(
                out,
                Code::TooManyPawns,
                Severity::Warning,
                spans.field(1),
                format!(
                    "{}: expected at most 8 {name} pawns, found {pawns}",
                    Code::TooManyPawns.title()
                ),
            );
        }
        let promoted = promoted_at_least(census, color);
        let missing_pawns = 8usize.saturating_sub(pawns);
        if pawns <= 8 && promoted > missing_pawns {
            push(
                out,
                Code::TooManyPromoted,
                Severity::Warning,
                spans.field(1),
                format!(
                    "{}: {name} has at least {promoted} promoted piece{} but only {missing_pawns} missing pawn{}",
                    Code::TooManyPromoted.title(),
                    if promoted == 1 { "" } else { "s" },
                    if missing_pawns == 1 { "" } else { "s" }
                ),
            );
        }
        let own = own_en_passant(dfen.en_passant, color);
        if !own.is_empty() && own.len() > 3 {
            let own = own.len();
            push(
                out,
                Code::TooManyEnPassant,
                Severity::Error,
                spans.field(4),
                format!(
                    "{}: expected at most 3 {name} targets (one turn has 3 micro-moves), found {own}",
                    Code::TooManyEnPassant.title()
                ),
            );
        }
    }
    if !dfen.dice.is_empty() {
        let own = own_en_passant(dfen.en_passant, dfen.side).len();
        let dice = dfen.dice.len();
        if own + dice > 3 {
            push(
                out,
                Code::TurnOverBudget,
                Severity::Error,
                spans.field(7),
                format!(
                    "{}: expected at most 3 micro-moves in one turn, found {own} double push{} already played and {dice} {} left",
                    Code::TurnOverBudget.title(),
                    if own == 1 { "" } else { "es" },
                    if dice == 1 { "die" } else { "dice" }
                ),
            );
        }
    }
    if !dfen.castling.is_empty() {
        castling_findings(dfen, &spans, mode, out);
    }
    if dfen.en_passant.is_empty() {
        return;
    }
    for square in dfen.en_passant.iter_alphabetical() {
        // Text never holds such a square (the parser refuses it), but a value built field by
        // field can.
        if square.rank() != en_passant_rank(Color::White)
            && square.rank() != en_passant_rank(Color::Black)
        {
            push(
                out,
                Code::EnPassantRank,
                Severity::Error,
                spans.en_passant(square),
                format!(
                    "{}: expected a square on rank 3 or 6, found `{square}`",
                    Code::EnPassantRank.title()
                ),
            );
            continue;
        }
        if let Some((code, message)) = dead_en_passant(dfen, square) {
            push_fixable(
                out,
                code,
                spans.en_passant(square),
                message,
                format!("drop `{square}`: it cannot affect play"),
            );
        }
    }
}

/// How a castling right reads on its board (`spec/chess960.md`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Right {
    /// Sound in the mode it is judged in.
    Sound,
    /// Outside Chess960 mode, a right for the a- or h-file rook that standard chess cannot
    /// hold, but Chess960 can: the king on its back rank off the e-file, or a rook on that side
    /// of it off the corner. Kept: `DFEN224`.
    ReadsAsChess960,
    /// No reading keeps it: the king is not on its back rank, or the right's rook is not on
    /// its square. Dropped by the fix: `DFEN220`.
    Dead,
}

/// Judges `color`'s right for the rook on `file`, whose back rank is `rank`, in `mode`.
///
/// In Chess960 mode a right needs the king on its back rank and the right's rook on its file
/// there. Outside it, a right for the a- or h-file rook needs the king on e1 (e8) and the rook
/// in the corner; a right for a rook on another file can only come from a file letter, which
/// only Chess960 writes, and is judged as Chess960 judges it.
fn judge_right(rank: BackRank, file: u8, mode: CastlingMode) -> Right {
    let chess960_sound =
        rank.king.is_some_and(|king| king != file) && rank.rooks & (1 << file) != 0;
    let corner = file == 0 || file == 7;
    if mode == CastlingMode::Chess960 || !corner {
        return if chess960_sound {
            Right::Sound
        } else {
            Right::Dead
        };
    }
    if rank.king == Some(4) && rank.rooks & (1 << file) != 0 {
        return Right::Sound;
    }
    // The Chess960 reading of `K` (`Q`): a rook beyond the king on that side.
    let beyond = |king: u8| {
        if file == 7 {
            rank.rooks >> king > 1
        } else {
            rank.rooks & ((1u16 << king) - 1) as u8 != 0
        }
    };
    if rank.king.is_some_and(beyond) {
        Right::ReadsAsChess960
    } else {
        Right::Dead
    }
}

/// The castling findings: `DFEN220` (dead, dropped by the fix), `DFEN224` (reads as Chess960,
/// kept) and `DFEN225` (two rights on one side of the king).
fn castling_findings(
    dfen: &Dfen,
    spans: &Spans<'_, '_>,
    mode: CastlingMode,
    out: &mut Vec<Finding>,
) {
    for color in [Color::White, Color::Black] {
        let files = dfen.castling.files(color);
        if files == 0 {
            continue;
        }
        let rank = BackRank::of(&dfen.board, color);
        let name = color_name(color);
        let rank_number = back_rank(color) + 1;
        // The sound (or Chess960-plausible) rights on each side of the king, for DFEN225.
        let mut sides: [Vec<(Range<usize>, char)>; 2] = [Vec::new(), Vec::new()];
        for file in (0..8u8).rev() {
            if files & (1 << file) == 0 {
                continue;
            }
            let (span, letter) = spans.castling(color, file, dfen, mode);
            let square = Square::masked(back_rank(color) * 8 + file);
            let verdict = judge_right(rank, file, mode);
            if let (Some(king), Right::Sound | Right::ReadsAsChess960) = (rank.king, verdict)
                && let Some(side) = sides.get_mut(usize::from(file > king))
            {
                side.push((span.clone(), letter));
            }
            match verdict {
                Right::Sound => {}
                Right::ReadsAsChess960 => {
                    let king = rank.king.unwrap_or(4);
                    let rook = rank.outermost(file == 7);
                    let message = format!(
                        "{}: `{letter}` needs the {name} king on e{rank_number} and rook on {square} in standard chess, found the king on {} and the rook on {}, a Chess960 castling right",
                        Code::CastlingReadsAsChess960.title(),
                        Square::masked(back_rank(color) * 8 + king),
                        Square::masked(back_rank(color) * 8 + rook),
                    );
                    out.push(
                        Finding::new(Code::CastlingReadsAsChess960, Severity::Warning, span, message)
                            .with_help("say that the position is Chess960: pass `--chess960`, or set `chess960 = true` in fenkit.toml; `fmt` keeps the right"),
                    );
                }
                Right::Dead => {
                    let message = dead_right_message(dfen, color, file, letter, rank, mode);
                    push_fixable(
                        out,
                        Code::CastlingWithoutPieces,
                        span,
                        message,
                        format!("drop `{letter}`: it cannot affect play"),
                    );
                }
            }
        }
        for (side, name_of_side) in sides.iter().zip(["a-side", "h-side"]) {
            if let [first, second, ..] = side.as_slice() {
                let king = Square::masked(back_rank(color) * 8 + rank.king.unwrap_or(4));
                let letters: Vec<String> = side.iter().map(|(_, l)| format!("`{l}`")).collect();
                out.push(
                    Finding::new(
                        Code::CastlingSameSide,
                        Severity::Error,
                        first.0.start.min(second.0.start)..first.0.end.max(second.0.end),
                        format!(
                            "{}: expected at most one {name} right on the {name_of_side} of the king on {king}, found {}",
                            Code::CastlingSameSide.title(),
                            letters.join(" and ")
                        ),
                    )
                    .with_help(format!(
                        "a king castles once on each side: drop the right the game has lost (X-FEN readers keep the outer rook's, {})",
                        if name_of_side == "h-side" { letters.first() } else { letters.last() }.map_or("", String::as_str)
                    )),
                );
            }
        }
    }
}

/// Why `color`'s right for the rook on `file`, written `letter`, cannot affect play.
fn dead_right_message(
    dfen: &Dfen,
    color: Color,
    file: u8,
    letter: char,
    rank: BackRank,
    mode: CastlingMode,
) -> String {
    let name = color_name(color);
    let rank_number = back_rank(color) + 1;
    let square = Square::masked(back_rank(color) * 8 + file);
    let title = Code::CastlingWithoutPieces.title();
    let corner = file == 0 || file == 7;
    if mode == CastlingMode::Standard && corner {
        return format!(
            "{title}: `{letter}` needs the {name} king on e{rank_number} and rook on {square}"
        );
    }
    let Some(king) = rank.king else {
        return format!(
            "{title}: `{letter}` needs the {name} king on rank {rank_number}, found {}",
            if dfen.board.count(color, Role::King) > 1 {
                "more than one king"
            } else {
                "no king there"
            }
        );
    };
    let found = match dfen.board.get(square) {
        None => "an empty square".to_owned(),
        Some(piece) => format!("`{}`", piece.letter()),
    };
    let side = if file > king { "h-side" } else { "a-side" };
    let king_square = Square::masked(back_rank(color) * 8 + king);
    let kind = match letter {
        'K' | 'k' | 'Q' | 'q' => format!(
            ": `{letter}` is the outermost rook on the {side} of the king on {king_square}, and there is none"
        ),
        _ => String::new(),
    };
    format!("{title}: `{letter}` needs a {name} rook on {square}, found {found}{kind}")
}

impl Dfen {
    /// Every position finding of this value (spans are empty: there is no source text).
    ///
    /// ```
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K2P w - - 0 1 -".parse().unwrap();
    /// let codes: Vec<_> = dfen.validate().iter().map(|f| f.code.as_str()).collect();
    /// assert_eq!(codes, ["DFEN201"]);
    /// ```
    #[must_use]
    pub fn validate(&self) -> Vec<Finding> {
        self.validate_in(CastlingMode::Standard)
    }

    /// Every position finding of this value with its castling rights judged as `mode` says.
    ///
    /// ```
    /// use dfen::CastlingMode;
    /// // King on f1 and rook on h1: Chess960 castling, which standard chess reads as Chess960.
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/5K1R w K - 0 1 -".parse().unwrap();
    /// let codes: Vec<_> = dfen.validate().iter().map(|f| f.code.as_str()).collect();
    /// assert_eq!(codes, ["DFEN224"]);
    /// assert!(dfen.validate_in(CastlingMode::Chess960).is_empty());
    /// ```
    #[must_use]
    pub fn validate_in(&self, mode: CastlingMode) -> Vec<Finding> {
        let mut out = Vec::new();
        position_findings(
            self,
            &Census::of(&self.board),
            None,
            Profile::Spec,
            mode,
            &mut out,
        );
        out
    }

    /// This position with every fixable finding applied, its castling rights judged as
    /// standard chess judges them ([`Dfen::fixed_in`] with [`CastlingMode::Standard`]):
    /// castling rights that no reading keeps dropped, en-passant squares that cannot affect
    /// play dropped. A right that reads as Chess960 (`DFEN224`) is kept.
    ///
    /// ```
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 b KQ e3 0 1 -".parse().unwrap();
    /// assert_eq!(dfen.fixed().to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -");
    /// ```
    #[must_use]
    pub fn fixed(&self) -> Dfen {
        self.fixed_in(CastlingMode::Standard)
    }

    /// This position with every fixable finding applied, its castling rights judged as `mode`
    /// says: a right is dropped only when no reading of the position keeps it (`DFEN220`).
    ///
    /// ```
    /// use dfen::CastlingMode;
    /// // Shredder-FEN names the f1 rook; there is a knight there, so no reading keeps it.
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4KNR1 w F - 0 1 -".parse().unwrap();
    /// assert!(dfen.fixed_in(CastlingMode::Chess960).castling.is_empty());
    /// ```
    #[must_use]
    pub fn fixed_in(&self, mode: CastlingMode) -> Dfen {
        let mut fixed = self.clone();
        // Standard rights with their king and rook at home are sound in either mode: the
        // common case, answered without reading the back ranks.
        let standard_sound = self.castling.is_standard()
            && crate::CastlingSide::ALL.into_iter().all(|side| {
                let color = side.color();
                let at = |square, role| self.board.get(square) == Some(Piece { color, role });
                !self.castling.has(side)
                    || at(side.king_square(), Role::King) && at(side.rook_square(), Role::Rook)
            });
        for color in [Color::White, Color::Black] {
            if standard_sound {
                break;
            }
            let files = self.castling.files(color);
            if files == 0 {
                continue;
            }
            let rank = BackRank::of(&self.board, color);
            for file in 0..8u8 {
                if files & (1 << file) != 0 && judge_right(rank, file, mode) == Right::Dead {
                    fixed.castling.remove_rook_file(color, file);
                }
            }
        }
        for square in self.en_passant.iter() {
            // A square off ranks 3 and 6 is an error, not a form to fix: it stays.
            let on_its_rank = square.rank() == en_passant_rank(Color::White)
                || square.rank() == en_passant_rank(Color::Black);
            if on_its_rank && dead_en_passant(self, square).is_some() {
                fixed.en_passant.remove(square);
            }
        }
        fixed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingRights, CastlingSide, DicePool};

    /// A value built field by field can hold an en-passant square off ranks 3 and 6: that is
    /// an error of `validate`, and `fixed` does not hide it.
    #[test]
    fn en_passant_squares_off_their_ranks_are_errors() {
        for name in ["a1", "e4", "h8"] {
            let mut dfen: Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 P".parse().unwrap();
            let square = Square::from_name(name).unwrap();
            dfen.en_passant.insert(square);
            let findings = dfen.validate();
            assert_eq!(findings.len(), 1, "{name}: {findings:?}");
            assert_eq!(findings[0].code, Code::EnPassantRank, "{name}");
            assert_eq!(findings[0].severity, Severity::Error, "{name}");
            assert!(dfen.fixed().en_passant.contains(square), "{name}");
        }
    }

    use crate::test_strategies::Rng;

    /// A position near the sound ones: the starting pieces, thinned out, moved about, with now
    /// and then an extra king, queen, pawn or bishop, a missing king, a pawn on a back rank,
    /// random castling rights, en-passant squares and dice.
    fn near_sound(rng: &mut Rng) -> Dfen {
        let mut dfen: Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"
            .parse()
            .unwrap();
        for _ in 0..rng.below(16) {
            let from = Square::from_index(rng.below(64) as u8).unwrap();
            let to = Square::from_index(rng.below(64) as u8).unwrap();
            let piece = dfen.board.set(from, None);
            if rng.below(3) > 0 {
                dfen.board.set(to, piece);
            }
        }
        for _ in 0..rng.below(3) / 2 {
            let square = Square::from_index(rng.below(64) as u8).unwrap();
            let letter = b"KkQqPpBbNnRr"[rng.below(12)];
            dfen.board.set(square, Piece::from_letter(letter));
        }
        dfen.side = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        dfen.castling = CastlingRights::NONE;
        for side in CastlingSide::ALL {
            if rng.below(2) == 0 {
                dfen.castling.insert(side);
            }
        }
        // Now and then a Chess960 right, for a rook on any file.
        if rng.below(8) == 0 {
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            dfen.castling.insert_rook_file(color, rng.below(8) as u8);
        }
        if rng.below(4) == 0 {
            for _ in 0..1 + rng.below(4) {
                let rank = if rng.below(2) == 0 { 2 } else { 5 };
                dfen.en_passant
                    .insert(Square::new(rng.below(8) as u8, rank).unwrap());
            }
        }
        dfen.dice = DicePool::EMPTY;
        for _ in 0..rng.below(4) {
            dfen.dice.push(Role::ALL[rng.below(6)]);
        }
        dfen
    }

    /// The fix keeps exactly the rights that `judge_right` does not call dead, the shortcut
    /// for standard rights at home included, in both modes.
    #[test]
    fn fixed_keeps_what_is_not_dead() {
        let mut rng = Rng(0x5eed_0000_c1ea_2002);
        for _ in 0..20_000 {
            let dfen = near_sound(&mut rng);
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                let mut kept = CastlingRights::NONE;
                for color in [Color::White, Color::Black] {
                    let rank = BackRank::of(&dfen.board, color);
                    for file in 0..8u8 {
                        if dfen.castling.has_rook_file(color, file)
                            && judge_right(rank, file, mode) != Right::Dead
                        {
                            kept.insert_rook_file(color, file);
                        }
                    }
                }
                assert_eq!(dfen.fixed_in(mode).castling, kept, "{dfen} {mode}");
            }
        }
    }

    /// The shortcut must never hide a finding: whenever it says "sound", the full checks find
    /// nothing.
    #[test]
    fn clearly_sound_positions_have_no_findings() {
        let mut rng = Rng(0x5eed_0000_c1ea_2001);
        let (mut sound, mut with_findings) = (0usize, 0usize);
        for _ in 0..50_000 {
            let dfen = near_sound(&mut rng);
            let census = Census::of(&dfen.board);
            let mut full = Vec::new();
            all_position_findings(
                &dfen,
                &census,
                None,
                Profile::Spec,
                CastlingMode::Standard,
                &mut full,
            );
            with_findings += usize::from(!full.is_empty());
            let mut chess960 = Vec::new();
            all_position_findings(
                &dfen,
                &census,
                None,
                Profile::Spec,
                CastlingMode::Chess960,
                &mut chess960,
            );
            if clearly_sound(&dfen, &census) {
                sound += 1;
                assert!(full.is_empty(), "{dfen}: {full:?}");
                assert!(chess960.is_empty(), "{dfen} (Chess960): {chess960:?}");
            }
        }
        // Both kinds must be common, or the test would compare little.
        assert!(
            sound > 5_000 && with_findings > 5_000,
            "{sound} clearly sound, {with_findings} with findings"
        );
    }
}
