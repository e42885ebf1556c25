//! Writing DFEN: the canonical spec form, the engine dialect, standard FEN and the identity key.

use std::fmt;

use crate::rules::{EnPassantPolicy, Game};
use crate::{CastlingMode, CastlingNotation, Dfen, Profile, Square, SquareSet, castling};

/// The en-passant field of `set` in the order `profile` writes: alphabetical for `spec` and
/// `lenient`, square index (rank first) for `engine`; `-` when empty.
pub fn en_passant_string(set: SquareSet, profile: Profile) -> String {
    let mut out = String::with_capacity(2 * set.len().max(1));
    // Writing to a String cannot fail.
    let _ = write_en_passant(&mut out, set, profile);
    out
}

fn write_en_passant(out: &mut impl fmt::Write, set: SquareSet, profile: Profile) -> fmt::Result {
    if set.is_empty() {
        return out.write_char('-');
    }
    let mut write = |square: crate::Square| {
        let [file, rank] = square.name_bytes();
        out.write_char(file as char)?;
        out.write_char(rank as char)
    };
    match profile {
        Profile::Engine => set.iter().try_for_each(&mut write),
        Profile::Spec | Profile::Lenient => set.iter_alphabetical().try_for_each(&mut write),
    }
}

/// A fixed buffer that holds any DFEN this crate writes (at most about 140 bytes), so `Display`
/// fills it byte by byte and then makes one `write_str` call. Its 256 bytes let every write index
/// with `len & 255`, so no write needs a bounds check.
struct LineBuffer {
    bytes: [u8; 256],
    len: usize,
}

/// The FEN letter of each piece, by colour and role.
const LETTERS: [[u8; 6]; 2] = [*b"PNBRQK", *b"pnbrqk"];

/// The letter of each board byte (see `Board`): none for 0 (empty), then White's `PNBRQK`
/// and Black's `pnbrqk`.
const LETTER_OF_CODE: [u8; 16] = *b"\0PNBRQKpnbrqk\0\0\0";

/// A template token that stands for the letter of the piece on file `token & 7` (the high bit
/// marks it); other tokens are digits written as they are.
const FILE_TOKEN: u8 = 0x80;

/// How one rank is written for one occupancy mask (bit `f` set when file `f` holds a piece).
#[derive(Clone, Copy)]
struct RankTemplate {
    tokens: [u8; 8],
    len: u8,
}

// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static RANK_TEMPLATES: [RankTemplate; 256] = {
    let mut table = [RankTemplate {
        tokens: [0; 8],
        len: 0,
    }; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut template = RankTemplate {
            tokens: [0; 8],
            len: 0,
        };
        let mut empty = 0u8;
        let mut file = 0u8;
        while file < 8 {
            if mask & (1 << file) != 0 {
                if empty > 0 {
                    template.tokens[template.len as usize] = b'0' + empty;
                    template.len += 1;
                    empty = 0;
                }
                template.tokens[template.len as usize] = FILE_TOKEN | file;
                template.len += 1;
            } else {
                empty += 1;
            }
            file += 1;
        }
        if empty > 0 {
            template.tokens[template.len as usize] = b'0' + empty;
            template.len += 1;
        }
        table[mask] = template;
        mask += 1;
    }
    table
};

impl LineBuffer {
    const fn new() -> LineBuffer {
        LineBuffer {
            bytes: [0; 256],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, byte: u8) {
        self.put(byte, true);
    }

    /// Writes `byte` at the end and keeps it only if `keep`: a write without a branch.
    #[inline(always)]
    fn put(&mut self, byte: u8, keep: bool) {
        if let Some(slot) = self.bytes.get_mut(self.len & 255) {
            *slot = byte;
        }
        self.len += usize::from(keep);
    }

    fn as_str(&self) -> Result<&str, fmt::Error> {
        let bytes = self.bytes.get(..self.len).ok_or(fmt::Error)?;
        std::str::from_utf8(bytes).map_err(|_| fmt::Error)
    }

    /// The placement field: rank 8 first, runs of empty squares merged into one digit.
    ///
    /// Each rank is written from a precomputed template for its occupancy, eight bytes at a
    /// time, so no branch depends on where the pieces stand (a real position's pattern of
    /// pieces and gaps would mispredict on most ranks).
    #[inline(always)]
    fn placement(&mut self, board: &crate::Board) {
        for rank in (0..8u8).rev() {
            let mut letters = [0u8; 8];
            let mut occupied = 0u8;
            for (file, (letter, code)) in letters.iter_mut().zip(board.rank_codes(rank)).enumerate()
            {
                // A table lookup and a flag, no branch: which squares are empty follows the
                // position and would mispredict. Board byte 0 (empty) has no letter.
                *letter = LETTER_OF_CODE
                    .get(usize::from(code & 15))
                    .copied()
                    .unwrap_or(0);
                occupied |= u8::from(code != 0) << file;
            }
            let Some(template) = RANK_TEMPLATES.get(usize::from(occupied)) else {
                continue;
            };
            for (i, &token) in template.tokens.iter().enumerate() {
                // A select by mask, not a branch: whether a token is a letter or a digit
                // follows the position and would mispredict.
                let letter = letters.get(usize::from(token & 7)).copied().unwrap_or(b'?');
                let is_file = 0u8.wrapping_sub(token >> 7);
                let byte = token ^ ((token ^ letter) & is_file);
                if let Some(slot) = self.bytes.get_mut((self.len + i) & 255) {
                    *slot = byte;
                }
            }
            self.len += usize::from(template.len);
            self.put(b'/', rank > 0);
        }
    }

    fn en_passant(&mut self, set: SquareSet, profile: Profile) {
        if set.is_empty() {
            return self.push(b'-');
        }
        let mut write = |square: Square| {
            let [file, rank] = square.name_bytes();
            self.push(file);
            self.push(rank);
        };
        match profile {
            Profile::Engine => set.iter().for_each(&mut write),
            Profile::Spec | Profile::Lenient => set.iter_alphabetical().for_each(&mut write),
        }
    }

    #[inline(always)]
    fn number(&mut self, value: u32) {
        if value < 10 {
            return self.push(b'0' + value as u8);
        }
        let mut digits = [0u8; 10];
        let mut start = digits.len();
        let mut rest = value;
        while rest > 0 {
            start -= 1;
            if let Some(slot) = digits.get_mut(start) {
                *slot = b'0' + (rest % 10) as u8;
            }
            rest /= 10;
        }
        for &digit in digits.get(start..).unwrap_or_default() {
            self.push(digit);
        }
    }
}

/// How the castling field is written: outside Chess960 mode, or in it in one of its notations.
#[derive(Clone, Copy, PartialEq, Eq)]
struct CastlingSpelling {
    mode: CastlingMode,
    notation: CastlingNotation,
}

impl CastlingSpelling {
    const STANDARD: CastlingSpelling = CastlingSpelling {
        mode: CastlingMode::Standard,
        notation: CastlingNotation::XFen,
    };
}

impl Dfen {
    fn write(&self, out: &mut LineBuffer, profile: Profile, with_dice: bool) {
        self.write_spelled(out, profile, with_dice, CastlingSpelling::STANDARD);
    }

    #[inline(always)]
    fn write_spelled(
        &self,
        out: &mut LineBuffer,
        profile: Profile,
        with_dice: bool,
        castling: CastlingSpelling,
    ) {
        out.placement(&self.board);
        out.push(b' ');
        out.push(self.side.letter() as u8);
        out.push(b' ');
        if profile == Profile::Engine {
            // The engine dialect reads `KQkq` only: no file letter, whatever the board.
            self.castling.write_letters(&mut |byte| out.push(byte));
        } else if castling.mode == CastlingMode::Standard {
            self.castling
                .write_standard(&self.board, &mut |byte| out.push(byte));
        } else {
            castling::write_field(
                self.castling,
                &self.board,
                castling.mode,
                castling.notation,
                &mut |byte| out.push(byte),
            );
        }
        out.push(b' ');
        out.en_passant(self.en_passant, profile);
        out.push(b' ');
        // The engine dialect cannot hold larger numbers: they are written as its largest.
        out.number(self.halfmove.min(profile.max_halfmove()));
        out.push(b' ');
        out.number(self.fullmove.get().min(profile.max_fullmove()));
        if with_dice && (profile != Profile::Engine || !self.dice.is_empty()) {
            out.push(b' ');
            if self.dice.is_empty() {
                out.push(b'-');
            }
            let case = LETTERS.get(self.side.index());
            for role in self.dice.iter() {
                out.push(
                    case.and_then(|row| row.get(role as usize))
                        .copied()
                        .unwrap_or(b'?'),
                );
            }
        }
    }

    fn write_buffered(&self, f: &mut fmt::Formatter<'_>, profile: Profile) -> fmt::Result {
        let mut buffer = LineBuffer::new();
        self.write(&mut buffer, profile, true);
        f.write_str(buffer.as_str()?)
    }

    /// Writes this position in the dialect of `profile`.
    ///
    /// `spec` and `lenient` write the canonical form (what `Display` writes). `engine` omits the
    /// dice field when no dice are pending and orders en-passant squares by square index. The
    /// engine holds a halfmove clock of at most 127 and a fullmove number of at most
    /// 2,147,483,647 ([`Profile::max_halfmove`], [`Profile::max_fullmove`]): a larger number is
    /// written as that largest one, so that what is written in the engine dialect is always
    /// read back by it. (A clock of 127 keeps what the engine does with the clock: at 100 or
    /// more a draw may be claimed.) Check [`Dfen::halfmove`] first to refuse such a position
    /// instead, as `fenkit convert` does without `--lossy`.
    ///
    /// ```
    /// use dfen::{Dfen, Profile};
    /// let dfen: Dfen = "4k3/8/8/p7/8/8/8/4K3 w - a6 0 1 -".parse().unwrap();
    /// assert_eq!(dfen.display_as(Profile::Engine).to_string(), "4k3/8/8/p7/8/8/8/4K3 w - a6 0 1");
    ///
    /// let long_game: Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 130 90 -".parse().unwrap();
    /// assert_eq!(long_game.display_as(Profile::Engine).to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 127 90");
    /// ```
    #[must_use]
    pub fn display_as(&self, profile: Profile) -> impl fmt::Display + '_ {
        DisplayAs {
            dfen: self,
            profile,
        }
    }

    /// The six standard FEN fields, when that loses nothing.
    ///
    /// # Errors
    /// [`LossyConversion`] when dice are pending or there is more than one en-passant square:
    /// standard FEN can hold neither.
    ///
    /// ```
    /// let dfen: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    /// assert_eq!(dfen.to_fen().unwrap(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// let mid_turn: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN".parse().unwrap();
    /// assert_eq!(
    ///     mid_turn.to_fen().unwrap_err().to_string(),
    ///     "standard FEN cannot hold this position: it would drop the pending dice `PN`"
    /// );
    /// ```
    pub fn to_fen(&self) -> Result<String, LossyConversion> {
        let (fen, dropped) = self.to_fen_lossy();
        if dropped.is_empty() {
            Ok(fen)
        } else {
            Err(LossyConversion { dropped })
        }
    }

    /// The six standard FEN fields and a list of what had to be dropped to get them.
    ///
    /// More than one en-passant square becomes `-`; pending dice are dropped.
    #[must_use]
    pub fn to_fen_lossy(&self) -> (String, Vec<String>) {
        self.fen_lossy(CastlingSpelling::STANDARD)
    }

    /// [`Dfen::to_fen_lossy`] with the castling field spelled as `castling` says.
    fn fen_lossy(&self, castling: CastlingSpelling) -> (String, Vec<String>) {
        let dropped = self.dropped_by_fen();
        let mut buffer = LineBuffer::new();
        if self.en_passant.len() > 1 {
            let mut copy = self.clone();
            copy.en_passant = SquareSet::EMPTY;
            copy.write_spelled(&mut buffer, Profile::Spec, false, castling);
        } else {
            self.write_spelled(&mut buffer, Profile::Spec, false, castling);
        }
        (buffer.as_str().unwrap_or_default().to_owned(), dropped)
    }

    /// What six standard FEN fields cannot hold of this position, as the words of a
    /// [`LossyConversion`]: more than one en-passant square, pending dice.
    fn dropped_by_fen(&self) -> Vec<String> {
        let mut dropped = Vec::new();
        if self.en_passant.len() > 1 {
            dropped.push(format!(
                "the en-passant squares `{}` (standard FEN holds one)",
                en_passant_string(self.en_passant, Profile::Spec)
            ));
        }
        if !self.dice.is_empty() {
            dropped.push(format!(
                "the pending dice `{}`",
                self.dice.to_string_for(self.side)
            ));
        }
        dropped
    }

    /// The identity key: the canonical form without the clocks (halfmove and fullmove).
    ///
    /// Two positions are the same position exactly when their keys are equal.
    ///
    /// ```
    /// let a: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    /// let b: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 12 40 -".parse().unwrap();
    /// assert_eq!(a.identity_key(), "4k3/8/8/8/8/8/8/4K3 w - - -");
    /// assert_eq!(a.identity_hash(), b.identity_hash());
    /// ```
    #[must_use]
    pub fn identity_key(&self) -> String {
        let mut out = String::with_capacity(90);
        let _ = self.write_identity_key(&mut out);
        out
    }

    /// Writes [`identity_key`](Dfen::identity_key) to `out`.
    pub(crate) fn write_identity_key(&self, out: &mut impl fmt::Write) -> fmt::Result {
        self.board.write_placement(out)?;
        write!(out, " {} ", self.side.letter())?;
        let mut result = Ok(());
        self.castling.write_standard(&self.board, &mut |byte| {
            if result.is_ok() {
                result = out.write_char(char::from(byte));
            }
        });
        result?;
        out.write_char(' ')?;
        write_en_passant(out, self.en_passant, Profile::Spec)?;
        out.write_char(' ')?;
        if self.dice.is_empty() {
            return out.write_char('-');
        }
        self.dice
            .iter()
            .try_for_each(|role| out.write_char(role.letter(self.side)))
    }

    /// A stable 64-bit hash of [`identity_key`](Dfen::identity_key): FNV-1a over its bytes,
    /// hashed as they are written (no key is built).
    #[must_use]
    pub fn identity_hash(&self) -> u64 {
        let mut hasher = Fnv1a::new();
        let _ = self.write_identity_key(&mut hasher);
        hasher.finish()
    }
}

/// FNV-1a over the text written to it: [`fnv1a64`] of that text, with nothing stored.
pub(crate) struct Fnv1a(u64);

impl Fnv1a {
    pub(crate) fn new() -> Fnv1a {
        Fnv1a(FNV_OFFSET_BASIS)
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}

impl fmt::Write for Fnv1a {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.0 = fnv1a64_on(self.0, text.as_bytes());
        Ok(())
    }
}

/// FNV-1a's starting value.
const FNV_OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a of `bytes`, going on from the hash `hash`.
fn fnv1a64_on(mut hash: u64, bytes: &[u8]) -> u64 {
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// FNV-1a, 64-bit: a stable, documented hash for identity keys.
#[must_use]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    fnv1a64_on(FNV_OFFSET_BASIS, bytes)
}

/// How to write a position: the DFEN dialect ([`Profile`]), the spelling of the castling field
/// ([`CastlingMode`], [`CastlingNotation`]) and which en-passant squares to write
/// ([`EnPassantPolicy`]). The default writes what [`Display`](fmt::Display) writes: the
/// canonical spec form, castling outside Chess960 mode, every en-passant square kept.
///
/// In Chess960 mode the castling field is X-FEN (the default notation) or Shredder-FEN, the
/// standard start included (`HAha`). Outside it, a position whose rights are all for a- and
/// h-file rooks is written with `KQkq`, and any other with its rooks' files.
///
/// ```
/// use dfen::{CastlingMode, CastlingNotation, EnPassantPolicy, Game, Parser, Writer};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let dfen = Parser::new().parse(start).unwrap().dfen;
/// let shredder = Writer::new()
///     .castling_mode(CastlingMode::Chess960)
///     .castling(CastlingNotation::Shredder);
/// assert_eq!(shredder.to_fen(&dfen).unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
///
/// // After 1. e4 no black pawn can take on e3: `legal` (python-chess's default) leaves it out.
/// let e4 = Parser::new()
///     .parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
///     .unwrap()
///     .dfen;
/// let legal = Writer::new().en_passant(EnPassantPolicy::Legal, Game::Standard);
/// assert_eq!(legal.to_fen(&e4).unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(legal.write(&e4), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 -");
/// // Without a policy, what is written is kept.
/// assert_eq!(Writer::new().to_fen(&e4).unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Writer {
    profile: Profile,
    castling_mode: CastlingMode,
    castling: CastlingNotation,
    en_passant: EnPassantPolicy,
    game: Game,
}

impl Writer {
    /// The default: the spec profile, castling outside Chess960 mode, every en-passant square.
    #[must_use]
    pub const fn new() -> Writer {
        Writer {
            profile: Profile::Spec,
            castling_mode: CastlingMode::Standard,
            castling: CastlingNotation::XFen,
            en_passant: EnPassantPolicy::Always,
            game: Game::DiceChess,
        }
    }

    /// The DFEN dialect written by [`Writer::write`] ([`Dfen::display_as`]).
    #[must_use]
    pub const fn profile(mut self, profile: Profile) -> Writer {
        self.profile = profile;
        self
    }

    /// Whether the castling field is written as in Chess960 mode.
    #[must_use]
    pub const fn castling_mode(mut self, mode: CastlingMode) -> Writer {
        self.castling_mode = mode;
        self
    }

    /// The castling notation of Chess960 mode: X-FEN (the default) or Shredder-FEN. Outside
    /// Chess960 mode it changes nothing.
    #[must_use]
    pub const fn castling(mut self, notation: CastlingNotation) -> Writer {
        self.castling = notation;
        self
    }

    /// Which en-passant squares are written, with `game` deciding what a legal capture is
    /// ([`EnPassantPolicy::squares`]). [`EnPassantPolicy::Always`], the default, keeps every
    /// square the position holds.
    #[must_use]
    pub const fn en_passant(mut self, policy: EnPassantPolicy, game: Game) -> Writer {
        self.en_passant = policy;
        self.game = game;
        self
    }

    /// The settings' castling mode.
    #[must_use]
    pub const fn current_castling_mode(&self) -> CastlingMode {
        self.castling_mode
    }

    /// The settings' en-passant policy.
    #[must_use]
    pub const fn current_en_passant(&self) -> EnPassantPolicy {
        self.en_passant
    }

    /// Whether these settings write what `Display` writes (the canonical form) for every
    /// position: the spec profile, castling outside Chess960 mode and every en-passant square.
    /// [`Parsed::written_canonically`](crate::Parsed::written_canonically) speaks of that form.
    #[must_use]
    pub const fn writes_canonical_form(&self) -> bool {
        matches!(self.profile, Profile::Spec | Profile::Lenient)
            && matches!(self.castling_mode, CastlingMode::Standard)
            && matches!(self.en_passant, EnPassantPolicy::Always)
    }

    fn spelling(&self) -> CastlingSpelling {
        CastlingSpelling {
            mode: self.castling_mode,
            notation: self.castling,
        }
    }

    /// `dfen` with its en-passant squares reduced to those the policy writes.
    #[doc(hidden)]
    pub fn reduced<'a>(&self, dfen: &'a Dfen) -> std::borrow::Cow<'a, Dfen> {
        if self.en_passant == EnPassantPolicy::Always || dfen.en_passant.is_empty() {
            return std::borrow::Cow::Borrowed(dfen);
        }
        let mut reduced = dfen.clone();
        reduced.en_passant = self.en_passant.squares(dfen, self.game);
        std::borrow::Cow::Owned(reduced)
    }

    /// The position as a DFEN in the settings' profile, castling spelling and en-passant
    /// policy.
    #[must_use]
    pub fn write(&self, dfen: &Dfen) -> String {
        let mut buffer = LineBuffer::new();
        self.reduced(dfen)
            .write_spelled(&mut buffer, self.profile, true, self.spelling());
        buffer.as_str().unwrap_or_default().to_owned()
    }

    /// The six standard FEN fields, when that loses nothing (as [`Dfen::to_fen`]), with the
    /// settings' castling spelling and en-passant policy.
    ///
    /// # Errors
    /// [`LossyConversion`] when dice are pending or more than one en-passant square is left
    /// after the policy.
    pub fn to_fen(&self, dfen: &Dfen) -> Result<String, LossyConversion> {
        let (fen, dropped) = self.to_fen_lossy(dfen);
        if dropped.is_empty() {
            Ok(fen)
        } else {
            Err(LossyConversion { dropped })
        }
    }

    /// Whether six standard FEN fields hold `dfen` whole with these settings, as
    /// [`Writer::to_fen`] decides it, without writing them.
    ///
    /// # Errors
    /// [`LossyConversion`] when dice are pending or more than one en-passant square is left
    /// after the policy.
    ///
    /// ```
    /// let writer = dfen::Writer::default();
    /// let quiet: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -".parse().unwrap();
    /// assert!(writer.fits_fen(&quiet).is_ok());
    /// let mid_turn: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN".parse().unwrap();
    /// assert_eq!(
    ///     writer.fits_fen(&mid_turn).unwrap_err().dropped,
    ///     ["the pending dice `PN`"]
    /// );
    /// ```
    pub fn fits_fen(&self, dfen: &Dfen) -> Result<(), LossyConversion> {
        let dropped = self.reduced(dfen).dropped_by_fen();
        if dropped.is_empty() {
            Ok(())
        } else {
            Err(LossyConversion { dropped })
        }
    }

    /// The six standard FEN fields and what had to be dropped to get them (as
    /// [`Dfen::to_fen_lossy`]), with the settings' castling spelling and en-passant policy.
    #[must_use]
    pub fn to_fen_lossy(&self, dfen: &Dfen) -> (String, Vec<String>) {
        self.reduced(dfen).fen_lossy(self.spelling())
    }

    /// The castling field alone, as these settings write it.
    ///
    /// ```
    /// use dfen::{CastlingMode, CastlingNotation, Writer};
    /// let dfen: dfen::Dfen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1".parse().unwrap();
    /// assert_eq!(Writer::new().castling_field(&dfen), "KQkq");
    /// let chess960 = dfen::Parser::new()
    ///     .castling_mode(CastlingMode::Chess960)
    ///     .parse("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1")
    ///     .unwrap()
    ///     .dfen;
    /// let shredder = Writer::new().castling_mode(CastlingMode::Chess960).castling(CastlingNotation::Shredder);
    /// assert_eq!(shredder.castling_field(&chess960), "EAea");
    /// ```
    #[must_use]
    pub fn castling_field(&self, dfen: &Dfen) -> String {
        castling::field_string(
            dfen.castling,
            &dfen.board,
            self.castling_mode,
            self.castling,
        )
    }
}

struct DisplayAs<'a> {
    dfen: &'a Dfen,
    profile: Profile,
}

impl fmt::Display for DisplayAs<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.dfen.write_buffered(f, self.profile)
    }
}

impl fmt::Display for Dfen {
    /// The canonical spec form: seven fields, single spaces, `-` for an empty field 7.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_buffered(f, Profile::Spec)
    }
}

/// A conversion that would lose information, and what exactly it would drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LossyConversion {
    /// Each item that would be lost, as a phrase.
    pub dropped: Vec<String>,
}

impl fmt::Display for LossyConversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "standard FEN cannot hold this position: it would drop {}",
            self.dropped.join(" and ")
        )
    }
}

impl std::error::Error for LossyConversion {}

#[cfg(test)]
mod tests {
    use super::LETTER_OF_CODE;
    use crate::model::piece_code;
    use crate::{Color, Piece, Role};

    /// The writer's letter table agrees with the board's byte for every piece, and has no
    /// letter for an empty square.
    #[test]
    fn letters_follow_the_board_bytes() {
        assert_eq!(LETTER_OF_CODE[usize::from(piece_code(None))], 0);
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let code = usize::from(piece_code(Some(piece)));
                assert_eq!(
                    char::from(LETTER_OF_CODE[code]),
                    piece.letter(),
                    "{piece:?}"
                );
            }
        }
    }
}
