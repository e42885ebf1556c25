//! The rules a game's moves are read against, behind one small trait ([`Rules`]), and their
//! implementation for standard chess and Chess960 ([`Chess`], on `dfen`'s standard chess).
//!
//! The reader asks a position only what the trait offers: read a move's text (SAN, with the
//! spellings that `fmt` rewrites), play a move or a null move, write a move's SAN and UCI,
//! list the legal moves, say whether the side to move is in check or has a move, and write the
//! position as FEN. A variant's rules (crazyhouse drops, three-check) implement the same trait.
//!
//! ```
//! use pgn::rules::{Chess, Rules};
//!
//! let mut position = Chess::standard();
//! let read = position.read_move("Ng1f3").unwrap();
//! assert_eq!(&*read.san, "Nf3");
//! assert!(!read.faults.is_empty()); // long algebraic: `fmt` writes `Nf3`
//! assert_eq!(position.uci(&read.mv), "g1f3");
//! position.play(&read.mv);
//! assert_eq!(position.fen(), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
//! ```

use std::fmt;

use chess::san::{self, San, Spelling};
use chess::standard::{ChessMove, Position};
use dfen::{CastlingMode, CastlingNotation, EnPassantPolicy, Writer};

use crate::Code;

/// How a move's text differs from its SAN: a set of faults, each one a code `fmt` fixes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Faults(u8);

impl Faults {
    /// `0-0`, `0-0-0`, or castling written as the king's move.
    pub const CASTLING: Faults = Faults(1);
    /// Long algebraic or UCI: `e2e4`, `Ng1-f3`.
    pub const LONG_ALGEBRAIC: Faults = Faults(2);
    /// More or other disambiguation than SAN's.
    pub const DISAMBIGUATION: Faults = Faults(4);
    /// The `x` missing on a capture, or written on a quiet move.
    pub const CAPTURE_MARK: Faults = Faults(8);
    /// The `+` or `#` missing or wrong.
    pub const CHECK_MARK: Faults = Faults(16);
    /// A promotion without `=`, or with a lower-case letter.
    pub const PROMOTION: Faults = Faults(32);

    const ALL: [(Faults, Code); 6] = [
        (Faults::CASTLING, Code::CastlingZeros),
        (Faults::LONG_ALGEBRAIC, Code::LongAlgebraic),
        (Faults::DISAMBIGUATION, Code::Disambiguation),
        (Faults::CAPTURE_MARK, Code::CaptureMark),
        (Faults::CHECK_MARK, Code::CheckMark),
        (Faults::PROMOTION, Code::PromotionSpelling),
    ];

    /// No fault: the text is the move's SAN.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every fault of `other` is set.
    #[must_use]
    pub const fn contains(self, other: Faults) -> bool {
        self.0 & other.0 == other.0
    }

    /// The code of the first fault (the one a finding names); `None` when there is none.
    ///
    /// ```
    /// use pgn::rules::Faults;
    /// let both = Faults::CHECK_MARK | Faults::CASTLING;
    /// assert_eq!(both.code().map(|c| c.as_str()), Some("PGN101"));
    /// ```
    #[must_use]
    pub fn code(self) -> Option<Code> {
        Faults::ALL
            .iter()
            .find(|(flag, _)| self.contains(*flag))
            .map(|(_, code)| *code)
    }
}

impl std::ops::BitOr for Faults {
    type Output = Faults;

    fn bitor(self, other: Faults) -> Faults {
        Faults(self.0 | other.0)
    }
}

impl std::ops::BitOrAssign for Faults {
    fn bitor_assign(&mut self, other: Faults) {
        self.0 |= other.0;
    }
}

impl fmt::Debug for Faults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> = Faults::ALL
            .iter()
            .filter(|(flag, _)| self.contains(*flag))
            .map(|(_, code)| code.as_str())
            .collect();
        write!(f, "Faults({})", codes.join("|"))
    }
}

/// A move read from its text: the move, its SAN, and how the text differs from the SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadMove<M, S> {
    /// The legal move.
    pub mv: M,
    /// Its SAN as the rules write it.
    pub san: S,
    /// How the text was spelled differently; empty when it is the SAN.
    pub faults: Faults,
}

/// A text that is not one legal move: `PGN001` when it is no move at all (no SAN shape),
/// `PGN201` when no legal move matches it, `PGN202` when several do; with why, where the rules
/// know, and the candidates of an ambiguous move. The span is a byte range of the text.
pub type MoveError = fenkit_diagnostics::Rejection<Code, MoveContext>;

/// Why a move is refused and what it could have been: the context of a [`MoveError`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveContext {
    /// Why, where the rules know (`"no White knight can move to e5"`).
    pub reason: Option<String>,
    /// The SAN of each legal move an ambiguous text could be.
    pub candidates: Vec<String>,
}

impl fenkit_diagnostics::Context for MoveContext {}

/// A position of a game: what the reader asks of the rules of standard chess, Chess960 or a
/// variant.
pub trait Rules: Clone {
    /// A legal move of the position.
    type Move: Copy;
    /// The SAN of a move as the rules write it.
    type San: std::ops::Deref<Target = str> + Copy;

    /// Reads the text of one move (SAN, or a spelling `fmt` rewrites) against the position.
    ///
    /// # Errors
    /// [`MoveError`] when the text is no move, no legal move, or several.
    fn read_move(&self, text: &str) -> Result<ReadMove<Self::Move, Self::San>, MoveError>;

    /// Plays a legal move of this position.
    fn play(&mut self, mv: &Self::Move);

    /// Plays a null move: the turn passes.
    fn play_null(&mut self);

    /// The SAN of a legal move.
    fn san(&self, mv: &Self::Move) -> Self::San;

    /// The UCI spelling of a legal move, as python-chess writes it for this game.
    fn uci(&self, mv: &Self::Move) -> String;

    /// The SAN of every legal move, in the rules' order.
    fn legal_sans(&self) -> Vec<String>;

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Whether the side to move has a legal move.
    fn has_legal_moves(&self) -> bool;

    /// The fullmove number.
    fn fullmove(&self) -> u32;

    /// Whether White is to move.
    fn white_to_move(&self) -> bool;

    /// The position as FEN, as python-chess writes it (en passant only when a capture is
    /// legal).
    fn fen(&self) -> String;

    /// The position as FEN with the en-passant squares of `en_passant` (standard chess and
    /// Chess960; other variants write theirs as [`Rules::fen`]).
    fn fen_with(&self, en_passant: dfen::EnPassantPolicy) -> String {
        let _ = en_passant;
        self.fen()
    }

    /// How the game ended, for a position without a legal move: `checkmate`, `stalemate`, or
    /// a variant's own end.
    fn end_name(&self) -> &'static str {
        if self.is_check() {
            "checkmate"
        } else {
            "stalemate"
        }
    }
}

/// A position of standard chess or Chess960, on `dfen`'s standard chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chess {
    position: Position,
    chess960: bool,
}

/// The standard starting position.
pub(crate) const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Chess {
    /// The standard starting position.
    #[must_use]
    pub fn standard() -> Chess {
        // Parsed once: every game without a FEN tag starts here.
        static START: std::sync::LazyLock<Chess> = std::sync::LazyLock::new(|| {
            #[allow(clippy::expect_used)]
            let dfen = dfen::Parser::new()
                .parse(STANDARD_START)
                .map(|parsed| parsed.dfen)
                .expect("the standard start is a FEN");
            Chess {
                position: Position::new(&dfen),
                chess960: false,
            }
        });
        *START
    }

    /// The position of a FEN, in Chess960 mode or not; `None` with the reason when the text
    /// is no FEN a game can start from.
    ///
    /// # Errors
    /// The parser's message, or why the position cannot be played from.
    ///
    /// ```
    /// use pgn::rules::{Chess, Rules};
    /// let position = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false).unwrap();
    /// assert_eq!(position.legal_sans().len(), 15);
    /// assert!(Chess::from_fen("8/8 w", false).is_err());
    /// ```
    pub fn from_fen(text: &str, chess960: bool) -> Result<Chess, String> {
        let parsed = dfen::Parser::new()
            .castling_mode(if chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            })
            .parse(text.trim())
            .map_err(|error| error.to_string())?;
        if !parsed.dfen.dice.is_empty() {
            return Err("dice pending: not a standard-chess position".to_owned());
        }
        let mut start = parsed.dfen;
        outermost_rights(&mut start);
        Ok(Chess {
            position: Position::new(&start),
            chess960,
        })
    }

    /// Whether castling is written as in Chess960 (UCI `e1h1`, X-FEN).
    #[must_use]
    pub const fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The `dfen` position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    fn writer(&self) -> Writer {
        Writer::new()
            .en_passant(EnPassantPolicy::Legal, dfen::Game::Standard)
            .castling_mode(if self.chess960 {
                CastlingMode::Chess960
            } else {
                CastlingMode::Standard
            })
            .castling(CastlingNotation::XFen)
    }
}

impl Rules for Chess {
    type Move = ChessMove;
    type San = San;

    #[inline]
    fn read_move(&self, text: &str) -> Result<ReadMove<ChessMove, San>, MoveError> {
        match san::parse(&self.position, text) {
            Ok(read) => Ok(ReadMove {
                mv: read.mv,
                san: read.san,
                faults: if read.spelling.is_empty() {
                    Faults::default()
                } else {
                    faults_of(read.spelling, text)
                },
            }),
            Err(error) => Err(move_error(&error)),
        }
    }

    #[inline]
    fn play(&mut self, mv: &ChessMove) {
        // The move came from this position's `read_move`: it is legal.
        self.position.play_unchecked(mv);
    }

    fn play_null(&mut self) {
        self.position.play_null();
    }

    fn san(&self, mv: &ChessMove) -> San {
        San::of(&self.position, mv)
    }

    fn uci(&self, mv: &ChessMove) -> String {
        if self.chess960
            && let Some(rook) = self.position.castling_rook(mv)
        {
            return format!("{}{rook}", mv.from());
        }
        mv.to_string()
    }

    fn legal_sans(&self) -> Vec<String> {
        self.position
            .legal_moves()
            .iter()
            .map(|mv| San::of(&self.position, mv).to_string())
            .collect()
    }

    fn is_check(&self) -> bool {
        self.position.is_check()
    }

    fn has_legal_moves(&self) -> bool {
        self.position.has_legal_moves()
    }

    fn fullmove(&self) -> u32 {
        self.position.fullmove()
    }

    fn white_to_move(&self) -> bool {
        self.position.side() == dfen::Color::White
    }

    fn fen(&self) -> String {
        self.fen_with(EnPassantPolicy::Legal)
    }

    fn fen_with(&self, en_passant: EnPassantPolicy) -> String {
        let (fen, _) = self
            .writer()
            .en_passant(en_passant, dfen::Game::Standard)
            .to_fen_lossy(&self.position.to_dfen());
        fen
    }
}

/// Keeps at most one castling right on each side of each king, the outermost rook's, as
/// python-chess (and every X-FEN reader) reads a field such as `HFhf` with both rooks on the
/// king's side (`DFEN225`, reported with the `[FEN]` tag): a king castles once on each side.
fn outermost_rights(start: &mut dfen::Dfen) {
    for color in [dfen::Color::White, dfen::Color::Black] {
        let files = start.castling.files(color);
        if files.count_ones() < 2 {
            continue;
        }
        let rank = if color == dfen::Color::White { 0 } else { 7 };
        let king = dfen::Piece {
            color,
            role: dfen::Role::King,
        };
        let Some(king_file) = (0..8u8).find(|&file| {
            dfen::Square::new(file, rank).and_then(|square| start.board.get(square)) == Some(king)
        }) else {
            continue;
        };
        let below = files & ((1u8 << king_file) - 1);
        let above = files & !((2u16 << king_file) - 1) as u8;
        // The outermost right of each side: the lowest file below the king, the highest above.
        let keep =
            (below & below.wrapping_neg()) | above.checked_ilog2().map_or(0, |file| 1 << file);
        for file in 0..8u8 {
            if files & (1 << file) != 0 && keep & (1 << file) == 0 {
                start.castling.remove_rook_file(color, file);
            }
        }
    }
}

/// The faults of a move read by `dfen`'s SAN reader.
fn faults_of(spelling: Spelling, text: &str) -> Faults {
    let mut faults = Faults::default();
    for (flag, fault) in [
        (Spelling::UCI, Faults::LONG_ALGEBRAIC),
        (Spelling::CAPTURE_MARK, Faults::CAPTURE_MARK),
        (Spelling::CHECK_SUFFIX, Faults::CHECK_MARK),
        (Spelling::CASTLING, Faults::CASTLING),
        (Spelling::PROMOTION, Faults::PROMOTION),
    ] {
        if spelling.contains(flag) {
            faults |= fault;
        }
    }
    if spelling.contains(Spelling::DISAMBIGUATION) {
        // A dash between the squares, or both squares named: long algebraic.
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        let squares = body.bytes().filter(u8::is_ascii_digit).count();
        if body.contains('-') || squares >= 2 {
            faults |= Faults::LONG_ALGEBRAIC;
        } else {
            faults |= Faults::DISAMBIGUATION;
        }
    }
    faults
}

#[cold]
fn move_error(error: &san::SanError) -> MoveError {
    let code = match error.code() {
        chess::epd::Code::AmbiguousMove => Code::AmbiguousMove,
        chess::epd::Code::IllegalMove => Code::IllegalMove,
        _ => Code::UnknownToken,
    };
    MoveError::with_context(
        code,
        error.span(),
        error.expected().to_owned(),
        error.found(),
        MoveContext {
            reason: error.reason().map(str::to_owned),
            candidates: error.candidates().iter().map(ToString::to_string).collect(),
        },
    )
}

/// The SAN of a variant's move, held inline so that it is `Copy` as the reader wants.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ShortSan {
    len: u8,
    bytes: [u8; 15],
}

impl ShortSan {
    fn new(text: &str) -> ShortSan {
        let mut bytes = [0u8; 15];
        // SAN is ASCII and at most nine bytes (`Qa1xb2=Q#` cannot occur; `exd8=Q#` can).
        let len = text.len().min(bytes.len());
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        ShortSan {
            len: u8::try_from(len).unwrap_or(0),
            bytes,
        }
    }
}

impl std::ops::Deref for ShortSan {
    type Target = str;

    fn deref(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Debug for ShortSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for ShortSan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

/// A position of one of the lichess variants (antichess, atomic, crazyhouse, horde, racing
/// kings, king of the hill, three-check …), on `fenkit-variants`' rules.
///
/// ```
/// use pgn::rules::{Rules, VariantPosition};
/// use variants::Variant;
///
/// let mut position = VariantPosition::start(Variant::Crazyhouse);
/// for san in ["e4", "d5", "exd5", "Qxd5"] {
///     let read = position.read_move(san).unwrap();
///     position.play(&read.mv);
/// }
/// // White holds the pawn it took, Black the pawn it took back.
/// let read = position.read_move("P@e4").unwrap();
/// assert_eq!(position.uci(&read.mv), "P@e4");
/// assert!(position.read_move("N@e4").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantPosition {
    position: variants::Position,
}

impl VariantPosition {
    /// The variant's starting position.
    #[must_use]
    pub fn start(variant: variants::Variant) -> VariantPosition {
        VariantPosition {
            position: variants::Position::start(variant),
        }
    }

    /// The position of a FEN in `variant`.
    ///
    /// # Errors
    /// The FEN reader's message.
    pub fn from_fen(variant: variants::Variant, text: &str) -> Result<VariantPosition, String> {
        variants::Position::from_fen(variant, text.trim(), false)
            .map(|position| VariantPosition { position })
            .map_err(|error| error.to_string())
    }

    /// The `fenkit-variants` position.
    #[must_use]
    pub const fn position(&self) -> &variants::Position {
        &self.position
    }
}

impl Rules for VariantPosition {
    type Move = variants::Move;
    type San = ShortSan;

    fn read_move(&self, text: &str) -> Result<ReadMove<variants::Move, ShortSan>, MoveError> {
        match self.position.parse_move(text) {
            Ok(mv) => {
                let san = self.position.san(mv);
                Ok(ReadMove {
                    mv,
                    faults: variant_faults(text, &san),
                    san: ShortSan::new(&san),
                })
            }
            Err(finding) => Err(variant_move_error(&self.position, text, &finding)),
        }
    }

    fn play(&mut self, mv: &variants::Move) {
        self.position.play_unchecked(*mv);
    }

    fn play_null(&mut self) {
        // python-chess's null move: the turn passes, en passant goes, the clocks run.
        let fen = self.position.fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let mut fullmove = self.position.fullmove();
        if let Some(side) = fields.get_mut(1) {
            if *side == "w" {
                *side = "b";
            } else {
                *side = "w";
                fullmove += 1;
            }
        }
        if let Some(ep) = fields.get_mut(3) {
            *ep = "-";
        }
        let halfmove = fields
            .get(fields.len().saturating_sub(2))
            .and_then(|field| field.parse::<u32>().ok())
            .map_or(0, |clock| clock + 1);
        let len = fields.len();
        let halfmove = halfmove.to_string();
        let fullmove = fullmove.to_string();
        if len >= 2 {
            fields[len - 2] = &halfmove;
            fields[len - 1] = &fullmove;
        }
        if let Ok(position) =
            variants::Position::from_fen(self.position.variant(), &fields.join(" "), false)
        {
            self.position = position;
        }
    }

    fn san(&self, mv: &variants::Move) -> ShortSan {
        ShortSan::new(&self.position.san(*mv))
    }

    fn uci(&self, mv: &variants::Move) -> String {
        mv.uci(self.position.is_chess960())
    }

    fn legal_sans(&self) -> Vec<String> {
        self.position
            .legal_moves()
            .iter()
            .map(|&mv| self.position.san(mv))
            .collect()
    }

    fn is_check(&self) -> bool {
        self.position.is_check()
    }

    fn has_legal_moves(&self) -> bool {
        !self.position.legal_moves().is_empty()
    }

    fn fullmove(&self) -> u32 {
        self.position.fullmove()
    }

    fn white_to_move(&self) -> bool {
        self.position.turn() == variants::Color::White
    }

    fn fen(&self) -> String {
        self.position.fen()
    }

    fn end_name(&self) -> &'static str {
        if self.position.is_variant_end() {
            "the end of the game by the variant's rule"
        } else if self.is_check() {
            "checkmate"
        } else {
            "stalemate"
        }
    }
}

/// How a variant move's text differs from its SAN.
fn variant_faults(text: &str, san: &str) -> Faults {
    let mut faults = Faults::default();
    let body = text.trim_end_matches(['!', '?']);
    if body == san {
        return faults;
    }
    let core = body.trim_end_matches(['+', '#']);
    let san_core = san.trim_end_matches(['+', '#']);
    if body.get(core.len()..) != san.get(san_core.len()..) {
        faults |= Faults::CHECK_MARK;
    }
    // A pawn drop written `@e4`, as python-chess writes it, is read as it stands.
    if core == san_core || (core.starts_with('@') && san_core.strip_prefix('P') == Some(core)) {
        return faults;
    }
    if san_core.starts_with("O-O") {
        return faults | Faults::CASTLING;
    }
    let digits = |s: &str| s.bytes().filter(u8::is_ascii_digit).count();
    if core.contains('-') || digits(core) > digits(san_core) {
        return faults | Faults::LONG_ALGEBRAIC;
    }
    if san_core.contains('=')
        && (!core.contains('=') || core.ends_with(|c: char| c.is_ascii_lowercase()))
    {
        faults |= Faults::PROMOTION;
    }
    if core.contains('x') != san_core.contains('x') {
        faults |= Faults::CAPTURE_MARK;
    }
    let plain = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, 'x' | '='))
            .map(|c| {
                if c.is_ascii_lowercase() && matches!(c, 'n' | 'b' | 'r' | 'q' | 'k') {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect()
    };
    if plain(core) != plain(san_core) || faults.is_empty() {
        faults |= Faults::DISAMBIGUATION;
    }
    faults
}

#[cold]
fn variant_move_error(
    position: &variants::Position,
    text: &str,
    finding: &variants::Finding,
) -> MoveError {
    let (code, expected) = match finding.code {
        variants::Code::AmbiguousMove => (Code::AmbiguousMove, "one move"),
        variants::Code::IllegalMove => (Code::IllegalMove, "a legal move"),
        _ => (Code::UnknownToken, "a move in SAN"),
    };
    let mut candidates = Vec::new();
    if code == Code::AmbiguousMove {
        // The legal moves of the piece named to the square named.
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        let target = core.get(core.len().saturating_sub(2)..).unwrap_or_default();
        let letter = core.chars().next().filter(char::is_ascii_uppercase);
        for mv in position.legal_moves() {
            let san = position.san(mv);
            let san_core = san.trim_end_matches(['+', '#']);
            let same_piece = match letter {
                Some(letter) => san.starts_with(letter),
                None => san.starts_with(|c: char| c.is_ascii_lowercase()),
            };
            if same_piece
                && san_core
                    .trim_end_matches(|c: char| c == '=' || c.is_ascii_uppercase())
                    .ends_with(target)
            {
                candidates.push(san);
            }
        }
    }
    MoveError::with_context(
        code,
        0..text.len(),
        expected,
        format!("`{text}`"),
        MoveContext {
            reason: None,
            candidates,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `[FEN]` field with two rights on one side of the king (`DFEN225`): the outer rook's is
    /// kept, as python-chess reads it (`chess.Board(fen, chess960=True).fen()`).
    #[test]
    fn two_rights_on_one_side_keep_the_outer_rook() {
        for (fen, chess960, expected) in [
            (
                "4kr1r/pppppppp/8/8/8/8/PPPPPPPP/4KR1R w HFhf - 0 1",
                true,
                "4kr1r/pppppppp/8/8/8/8/PPPPPPPP/4KR1R w Kk - 0 1",
            ),
            (
                "4kr1r/pppppppp/8/8/8/8/PPPPPPPP/4KR1R w HFhf - 0 1",
                false,
                "4kr1r/pppppppp/8/8/8/8/PPPPPPPP/4KR1R w Kk - 0 1",
            ),
            (
                "rr1k3r/pppppppp/8/8/8/8/PPPPPPPP/RR1K3R w BAh - 0 1",
                true,
                "rr1k3r/pppppppp/8/8/8/8/PPPPPPPP/RR1K3R w Qk - 0 1",
            ),
            (
                "rr1k3r/pppppppp/8/8/8/8/PPPPPPPP/RR1K3R w HB - 0 1",
                true,
                "rr1k3r/pppppppp/8/8/8/8/PPPPPPPP/RR1K3R w KB - 0 1",
            ),
        ] {
            let position = Chess::from_fen(fen, chess960).unwrap();
            assert_eq!(position.fen(), expected, "{fen} (chess960: {chess960})");
        }
    }
}
