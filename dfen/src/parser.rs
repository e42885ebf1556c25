//! The DFEN parser: profiles, settings and the one-pass collection of findings.
//!
//! # What each profile accepts
//!
//! | input | `spec` (default) | `lenient` | `engine` |
//! |---|---|---|---|
//! | 7 fields | canonical | canonical | `DFEN108` when field 7 is `-` (fixable) |
//! | 6 fields (standard FEN) | `DFEN107` (fixable) | `DFEN107` (fixable) | canonical |
//! | 4 or 5 fields | `DFEN002` | `DFEN109` (fixable) | `DFEN109` (fixable) |
//! | trailing spaces | `DFEN106` (fixable) | same | same |
//! | tabs, leading whitespace, runs of spaces | `DFEN106` (fixable) | same | `DFEN022` error |
//! | split digit runs (`44`) | `DFEN104` (fixable) | same | same |
//! | castling out of order (`qK`) | `DFEN103` (fixable) | same | same |
//! | repeated castling letter | `DFEN009` error | `DFEN009` (fixable) | `DFEN009` error |
//! | en-passant order | alphabetical, else `DFEN101` | alphabetical | square index, else `DFEN101` |
//! | repeated en-passant square | `DFEN013` error | `DFEN013` (fixable) | `DFEN013` error |
//! | clocks with leading zeros | `DFEN105` (fixable) | same | same |
//! | fullmove `0` | `DFEN019` (fixable, becomes 1) | `DFEN019` (fixable, becomes 1) | `DFEN019` error |
//! | halfmove over 127 | accepted | accepted | `DFEN020` error |
//! | fullmove over 2,147,483,647 | accepted | accepted | `DFEN023` error |
//! | dice out of order | `DFEN102` (fixable) | same | same |
//! | dice in the wrong case or mixed case | `DFEN012`/`DFEN016` error | fixable | fixable |
//! | the pawn that took the king, on its last rank | `DFEN201` error | same | `DFEN201` warning |
//!
//! `engine` reads what the reference engine's reader reads, less what it reads only by accident
//! of its implementation (`spec/dfen.md` §9 lists each difference). Every other syntax problem
//! is an error in every profile. A fixable finding is a warning, or an error with
//! [`Parser::strict`]. An error whose fix is certain says so ([`ParseError::help`]).

#![deny(clippy::indexing_slicing)]

use std::borrow::Cow;
use std::num::NonZeroU32;
use std::ops::Range;

use nom::IResult;
use nom::Parser as _;
use nom::bytes::complete::{take_till, take_while, take_while1};
use nom::combinator::all_consuming;

use crate::castling::{BackRank, CastlingLetter};
use crate::validate::{Census, SourceMap, position_findings};
use crate::{
    Board, CastlingMode, CastlingNotation, CastlingRights, CastlingSide, Code, Color, Dfen,
    DicePool, Finding, ParseError, Piece, Role, Severity, Square, SquareSet, castling,
};

/// The help of the error for a line with EPD operations where a FEN's clocks belong, read
/// with [`Layout::Fen`]: what tells a caller that a FEN file holds EPD lines.
pub const EPD_IN_FEN_HELP: &str =
    "this looks like an EPD operation: EPD lines belong in a .epd file";

/// The longest input the parser reads, in bytes. A canonical DFEN is at most about 110 bytes.
pub const MAX_INPUT_LEN: usize = 1024;

/// Which dialect of DFEN to read (and, for writing, which to produce).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Profile {
    /// fenkit's spec: 6 or 7 fields, canonical form with field 7 always present.
    #[default]
    Spec,
    /// Everything whose meaning is unambiguous, reported as findings.
    Lenient,
    /// The dialect the reference Dice Chess engine writes: field 7 omitted when empty, en-passant
    /// squares in square-index order, 4 to 7 fields, dice in any case, halfmove 0–127.
    Engine,
}

impl Profile {
    /// The largest halfmove clock the dialect holds: 127 for `engine`, whose clock is a 7-bit
    /// field, else `u32::MAX`. Writing the engine dialect writes a larger clock as 127.
    ///
    /// ```
    /// assert_eq!(dfen::Profile::Engine.max_halfmove(), 127);
    /// assert_eq!(dfen::Profile::Spec.max_halfmove(), u32::MAX);
    /// ```
    #[must_use]
    pub const fn max_halfmove(self) -> u32 {
        match self {
            Profile::Engine => 127,
            Profile::Spec | Profile::Lenient => u32::MAX,
        }
    }

    /// The largest fullmove number the dialect holds: 2,147,483,647 for `engine`, which keeps
    /// it in a signed 32-bit integer, else `u32::MAX`.
    ///
    /// ```
    /// assert_eq!(dfen::Profile::Engine.max_fullmove(), 2_147_483_647);
    /// ```
    #[must_use]
    pub const fn max_fullmove(self) -> u32 {
        match self {
            Profile::Engine => i32::MAX as u32,
            Profile::Spec | Profile::Lenient => u32::MAX,
        }
    }

    /// The profile's name as used on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Spec => "spec",
            Profile::Lenient => "lenient",
            Profile::Engine => "engine",
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Profile {
    type Err = crate::InvalidValue;

    /// ```
    /// assert_eq!("engine".parse::<dfen::Profile>(), Ok(dfen::Profile::Engine));
    /// ```
    fn from_str(text: &str) -> Result<Profile, crate::InvalidValue> {
        match text {
            "spec" => Ok(Profile::Spec),
            "lenient" => Ok(Profile::Lenient),
            "engine" => Ok(Profile::Engine),
            other => Err(crate::InvalidValue::new(format!(
                "unknown profile `{other}`: expected `spec`, `lenient` or `engine`"
            ))),
        }
    }
}

/// Which fields a line holds: a DFEN's, a standard FEN's, or the four position fields of an
/// EPD line. The layout decides how many fields are read and what a missing one is called; the
/// [`Profile`] still decides how each field is spelled.
///
/// | fields | [`Layout::Dfen`] | [`Layout::Fen`] | [`Layout::EpdPosition`] |
/// |---|---|---|---|
/// | 4 | `DFEN002` (`spec`), else `DFEN109` | `DFEN109` (fixable: append ` 0 1`) | read |
/// | 5 | `DFEN002` (`spec`), else `DFEN109` | `DFEN109` (fixable: append ` 1`) | `DFEN002` |
/// | 6 | `DFEN107` (fixable), none under `engine` | read | `DFEN002` |
/// | 7 | read | read, field 7 as dice, without `DFEN108` (the caller says what a seventh field means in a FEN file) | `DFEN002` |
///
/// The messages of [`Layout::Fen`] and [`Layout::EpdPosition`] speak of clocks and fields, never
/// of dice.
///
/// ```
/// use dfen::{Layout, Parser};
///
/// // A clockless position in a FEN file: a fixable warning, whatever the profile.
/// let parsed = Parser::new().layout(Layout::Fen).parse("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
/// assert_eq!(parsed.findings[0].code.as_str(), "DFEN109");
/// assert_eq!(parsed.findings[0].help.as_deref(), Some("append ` 0 1`: the default clocks"));
/// // A six-field FEN has no dice field to miss.
/// assert!(Parser::new().layout(Layout::Fen).parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().findings.is_empty());
/// // EPD operations in a FEN file: the help says where they belong.
/// let err = Parser::new().layout(Layout::Fen).parse("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;").unwrap_err();
/// assert_eq!(err.code().as_str(), "DFEN017");
/// assert_eq!(err.help(), Some("this looks like an EPD operation: EPD lines belong in a .epd file"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Layout {
    /// Dice Chess FEN: six or seven fields under `spec`, four to seven under `lenient` and
    /// `engine` (the profile table of `spec/dfen.md` section 4).
    #[default]
    Dfen,
    /// Standard FEN: six fields. Four or five (missing clocks) are the fixable `DFEN109` under
    /// every profile; six need no dice field (no `DFEN107`).
    Fen,
    /// The four position fields of an EPD line: placement, side, castling and en passant, and
    /// nothing else. The clocks are the caller's (EPD's `hmvc` and `fmvn`).
    EpdPosition,
}

/// Parser settings.
///
/// ```
/// use dfen::{Parser, Profile};
///
/// let parsed = Parser::new()
///     .profile(Profile::Engine)
///     .parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
///     .unwrap();
/// assert!(parsed.findings.is_empty());
/// assert_eq!(
///     parsed.dfen.to_string(),
///     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parser {
    profile: Profile,
    castling_mode: CastlingMode,
    strict: bool,
    check_position: bool,
    /// Read six fields as a whole standard FEN: no `DFEN107`. The variant layer's mode.
    six_fields: bool,
    layout: Layout,
}

impl Parser {
    /// The default settings: profile `spec`, not strict.
    #[must_use]
    pub const fn new() -> Parser {
        Parser {
            profile: Profile::Spec,
            castling_mode: CastlingMode::Standard,
            strict: false,
            check_position: true,
            six_fields: false,
            layout: Layout::Dfen,
        }
    }

    /// Which fields a line holds (see [`Layout`]): DFEN by default.
    #[must_use]
    pub const fn layout(mut self, layout: Layout) -> Parser {
        self.layout = layout;
        self
    }

    /// These settings reading exactly the six standard fields, with no dice field to miss: how
    /// the variant layer reads a variant FEN's standard part.
    #[doc(hidden)]
    pub const fn six_fields(mut self) -> Parser {
        self.six_fields = true;
        self
    }

    /// With `false`, only the spelling is checked: the position findings (`DFEN2xx`) are skipped.
    /// Useful for syntax-only checks of large collections; on by default.
    ///
    /// ```
    /// let input = "4k2P/8/8/8/8/8/8/4K3 w - - 0 1 -";
    /// assert_eq!(dfen::Parser::new().parse(input).unwrap().findings.len(), 1);
    /// let syntax_only = dfen::Parser::new().check_position(false);
    /// assert!(syntax_only.parse(input).unwrap().findings.is_empty());
    /// ```
    #[must_use]
    pub const fn check_position(mut self, check: bool) -> Parser {
        self.check_position = check;
        self
    }

    /// Chooses the dialect to read.
    #[must_use]
    pub const fn profile(mut self, profile: Profile) -> Parser {
        self.profile = profile;
        self
    }

    /// How `K` and `Q` are read and which castling rights are sound: standard chess (the
    /// default) or Chess960 ([`CastlingMode`]). A file letter (`HAha`, Shredder-FEN) names its
    /// rook in either mode.
    ///
    /// ```
    /// use dfen::{CastlingMode, Parser};
    /// let chess960 = Parser::new().castling_mode(CastlingMode::Chess960);
    /// // King on b1, rooks on a1 and c1: `K` is the c1 rook.
    /// let parsed = chess960.parse("rkr5/8/8/8/8/8/8/RKR5 w Kk - 0 1").unwrap();
    /// assert_eq!(parsed.dfen.castling.to_string(), "Cc");
    /// assert_eq!(chess960.current_castling_mode(), CastlingMode::Chess960);
    /// ```
    #[must_use]
    pub const fn castling_mode(mut self, mode: CastlingMode) -> Parser {
        self.castling_mode = mode;
        self
    }

    /// The castling mode in use.
    #[must_use]
    pub const fn current_castling_mode(&self) -> CastlingMode {
        self.castling_mode
    }

    /// With `true`, every fixable finding (a non-canonical form) is reported as an error.
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> Parser {
        self.strict = strict;
        self
    }

    /// The profile in use.
    #[must_use]
    pub const fn current_profile(&self) -> Profile {
        self.profile
    }

    /// Parses one DFEN and collects every finding in one pass.
    ///
    /// # Errors
    /// A [`ParseError`] for the first syntax problem: it stops the parse.
    ///
    /// ```
    /// use dfen::Parser;
    ///
    /// // A standard six-field FEN is accepted; the missing dice field is a fixable finding.
    /// let parsed = Parser::new()
    ///     .parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    ///     .unwrap();
    /// assert_eq!(parsed.findings[0].code.as_str(), "DFEN107");
    /// assert!(parsed.findings[0].fixable);
    ///
    /// // Dice in the wrong case are a syntax error under the default profile.
    /// let err = Parser::new()
    ///     .parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 pnb")
    ///     .unwrap_err();
    /// assert_eq!(err.code().as_str(), "DFEN012");
    /// assert_eq!(err.span(), 57..60);
    /// ```
    pub fn parse(&self, input: &str) -> Result<Parsed, ParseError> {
        self.parse_counted(input).map(|(parsed, _)| parsed)
    }

    /// [`Parser::parse`], with where each kind of piece stands: the variant layer's material
    /// checks read it instead of the board again.
    #[inline(always)]
    #[doc(hidden)]
    pub fn parse_counted(&self, input: &str) -> Result<(Parsed, Census), ParseError> {
        let mut parsed = Parsed {
            dfen: EMPTY,
            findings: Vec::new(),
            written_canonically: false,
            castling_reading: self.castling_mode,
        };
        let mut census = Census::default();
        let mut map = SourceMap::new(input);
        // Plain input (canonical DFEN or standard FEN) takes the one-pass fast path; anything else,
        // including every input with a syntax error, is parsed again from the start by the
        // general parser, so the results never depend on which path ran. The four fields of an
        // EPD position have no clocks, which the fast path needs.
        let scanned = if self.layout == Layout::EpdPosition {
            None
        } else {
            plain::scan(
                input,
                self.profile,
                plain::Rest::Dice,
                Among::NOTHING,
                &mut parsed.dfen,
                &mut census,
                &mut Slots::default(),
                &mut map,
                |_| None,
            )
        };
        match self.plain_castling(scanned, &parsed.dfen) {
            Some(plain::Shape::Seven) => {
                // The one-pass reader takes seven fields only in the spelling `Display` writes;
                // the engine profile's own orders differ from it.
                parsed.written_canonically = self.profile != Profile::Engine;
            }
            Some(plain::Shape::Six) if self.six_fields || self.layout == Layout::Fen => {
                parsed.written_canonically = self.profile != Profile::Engine;
            }
            Some(plain::Shape::Six) => {
                if self.profile != Profile::Engine {
                    // One exact allocation: most standard FENs have no other finding.
                    parsed.findings = vec![missing_dice_field(input.len())];
                }
            }
            Some(plain::Shape::SixThen(_)) | None => {
                let mut state = State::new(self.profile, self.castling_mode, input);
                state.layout = self.layout;
                state.parse()?;
                if self.six_fields {
                    state.findings.retain(|f| f.code != Code::MissingDiceField);
                }
                parsed = Parsed {
                    dfen: state.dfen,
                    findings: state.findings,
                    written_canonically: false,
                    castling_reading: state.castling_reading,
                };
                census = state.census;
                map = state.map;
            }
        }
        self.finish(
            &parsed.dfen,
            &mut parsed.findings,
            &census,
            &map,
            parsed.castling_reading,
        );
        Ok((parsed, census))
    }

    /// The four position fields of an EPD line, as [`Layout::EpdPosition`] reads them. Fields
    /// in plain form take the fast path: with the default clocks appended they are a plain
    /// six-field FEN, whose position and findings are those of the four fields.
    #[doc(hidden)]
    pub fn parse_epd_position(&self, fields: &str) -> Result<Parsed, ParseError> {
        match self.plain_epd_position(fields, &mut Census::default()) {
            Some(parsed) => Ok(parsed),
            None => self.layout(Layout::EpdPosition).parse(fields),
        }
    }

    /// [`Parser::parse_epd_position`], with where each kind of piece stands (as
    /// [`Parser::parse_counted`] gives it) read into `census`, which comes as
    /// [`Census::default`]: the variant layer builds its bitboards from it.
    #[doc(hidden)]
    pub fn parse_epd_position_counted(
        &self,
        fields: &str,
        census: &mut Census,
    ) -> Result<Parsed, ParseError> {
        match self.plain_epd_position(fields, census) {
            Some(parsed) => Ok(parsed),
            None => {
                let (parsed, counted) = self.layout(Layout::EpdPosition).parse_counted(fields)?;
                *census = counted;
                Ok(parsed)
            }
        }
    }

    /// The fast path of [`Parser::parse_epd_position`], its census read into `census` (which
    /// comes as [`Census::default`]): `None` where the fields are not in plain form.
    #[inline(always)]
    fn plain_epd_position(&self, fields: &str, census: &mut Census) -> Option<Parsed> {
        const CLOCKS: &[u8] = b" 0 1";
        let mut buffer = [0u8; 128];
        let len = fields.len() + CLOCKS.len();
        if let Some((head, tail)) = buffer
            .get_mut(..len)
            .and_then(|text| text.split_at_mut_checked(fields.len()))
        {
            head.copy_from_slice(fields.as_bytes());
            tail.copy_from_slice(CLOCKS);
            if let Some(text) = buffer
                .get(..len)
                .and_then(|text| std::str::from_utf8(text).ok())
            {
                let mut dfen = EMPTY;
                let mut map = SourceMap::new(text);
                let shape = plain::scan(
                    text,
                    self.profile,
                    plain::Rest::Dice,
                    Among::NOTHING,
                    &mut dfen,
                    census,
                    &mut Slots::default(),
                    &mut map,
                    |_| None,
                );
                if let Some(plain::Shape::Six) = self.plain_castling(shape, &dfen) {
                    let mut findings = Vec::new();
                    self.finish(&dfen, &mut findings, census, &map, self.castling_mode);
                    return Some(Parsed {
                        dfen,
                        findings,
                        written_canonically: false,
                        castling_reading: self.castling_mode,
                    });
                }
            }
        }
        None
    }

    /// The variant layer's one pass: the six standard fields at the start of `input` in plain
    /// form, with what `among` says the dialect writes among them, read into `dfen`, `census`
    /// and `slots`, and their position findings (and the strict setting) into `findings`. A
    /// pocket's letters are read by `read_pocket`, which says how many bytes they take.
    /// Returns where field 6 ends: the end of the input, or one space before more text, which
    /// the caller reads (the slot fields after the clocks). `None` when the input is not in
    /// that form: the caller then reads it with its general reader.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    #[doc(hidden)]
    pub fn scan_variant(
        &self,
        input: &str,
        among: Among,
        dfen: &mut Dfen,
        census: &mut Census,
        slots: &mut Slots,
        findings: &mut Vec<Finding>,
        read_pocket: impl FnOnce(&[u8]) -> Option<usize>,
    ) -> Option<usize> {
        let mut map = SourceMap::new(input);
        let shape = plain::scan(
            input,
            self.profile,
            plain::Rest::Caller,
            among,
            dfen,
            census,
            slots,
            &mut map,
            read_pocket,
        );
        let end = match self.plain_castling(shape, dfen)? {
            plain::Shape::SixThen(end) => end,
            plain::Shape::Six => input.len(),
            plain::Shape::Seven => return None,
        };
        self.finish(dfen, findings, census, &map, self.castling_mode);
        Some(end)
    }

    /// `shape`, unless Chess960 mode has castling letters to read: the fast path reads `KQkq`
    /// as standard chess does, and Chess960's outermost rooks are the general reader's. Nor
    /// when `KQkq` is not how the position's rights are written (a rook in its corner with the
    /// king off the e-file, written as the rook's file): the general reader reports the
    /// spelling.
    #[inline(always)]
    fn plain_castling(&self, shape: Option<plain::Shape>, dfen: &Dfen) -> Option<plain::Shape> {
        if !dfen.castling.is_empty()
            && (self.castling_mode == CastlingMode::Chess960
                || !dfen.castling.standard_letters_on(&dfen.board))
        {
            return None;
        }
        shape
    }

    /// The position findings and the strict setting, after either path.
    #[inline(always)]
    fn finish(
        &self,
        dfen: &Dfen,
        findings: &mut Vec<Finding>,
        census: &Census,
        map: &SourceMap<'_>,
        castling_reading: CastlingMode,
    ) {
        if self.check_position {
            position_findings(
                dfen,
                census,
                Some(map),
                self.profile,
                castling_reading,
                findings,
            );
        }
        if self.strict {
            for finding in findings {
                if finding.fixable {
                    finding.severity = Severity::Error;
                }
            }
        }
    }
}

/// `DFEN106` for the separator at `span` of `input`, unless it is one space between fields.
pub fn whitespace_finding(
    input: &str,
    span: Range<usize>,
    at_start: bool,
    at_end: bool,
) -> Option<Finding> {
    let text = input.get(span.clone()).unwrap_or_default();
    if text.is_empty() || (!at_start && !at_end && text == " ") {
        return None;
    }
    let what = if at_start {
        "leading whitespace"
    } else if at_end {
        "trailing whitespace"
    } else {
        "whitespace other than one space"
    };
    let message = format!(
        "{}: expected one space between fields, found {what} {}",
        Code::Whitespace.title(),
        quote(text)
    );
    let help = if at_start || at_end {
        "remove it"
    } else {
        "separate fields with one space"
    };
    Some(
        Finding::new(Code::Whitespace, Severity::Warning, span, message)
            .with_fixable(true)
            .with_help(help),
    )
}

/// The value every parse starts from.
pub const EMPTY: Dfen = Dfen {
    board: Board::empty(),
    side: Color::White,
    castling: CastlingRights::NONE,
    en_passant: SquareSet::EMPTY,
    halfmove: 0,
    fullmove: NonZeroU32::MIN,
    dice: DicePool::EMPTY,
};

/// `DFEN107` for a six-field input whose last field ends at `at`.
fn missing_dice_field(at: usize) -> Finding {
    Finding::new(
        Code::MissingDiceField,
        Severity::Warning,
        at..at,
        "dice field is missing: expected a seventh field (`-` when no dice are pending), found 6 fields",
    )
    .with_fixable(true)
    .with_help("append ` -`: no dice are pending")
}

impl Default for Parser {
    fn default() -> Parser {
        Parser::new()
    }
}

/// A parsed DFEN and everything found about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The position as written (fixable findings not yet applied), as far as the model can
    /// hold it: a repeated castling letter or en-passant square is held once, dice of the
    /// wrong case as dice, and a fullmove number of 0 as 1, what it means.
    pub dfen: Dfen,
    /// Every finding, in input order within each phase (form first, then position).
    pub findings: Vec<Finding>,
    /// See [`Parsed::written_canonically`].
    written_canonically: bool,
    /// See [`Parsed::castling_reading`].
    castling_reading: CastlingMode,
}

impl Parsed {
    /// The position with every fixable finding applied: what `fenkit fmt` writes.
    ///
    /// ```
    /// let parsed = dfen::Parser::new()
    ///     .parse("4k3/8/8/8/8/8/8/4K3  w KQ a6 00 1")
    ///     .unwrap();
    /// assert_eq!(parsed.fixed().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -");
    /// ```
    ///
    /// The castling rights are judged as the parser's [`CastlingMode`] says
    /// ([`Dfen::fixed_in`]): outside Chess960 mode, a right that reads as Chess960 is kept.
    #[must_use]
    pub fn fixed(&self) -> Dfen {
        self.dfen.fixed_in(self.castling_reading)
    }

    /// How the castling field was read and its rights judged: [`CastlingMode::Chess960`] in
    /// Chess960 mode, and also outside it when the field holds a file letter (`HFhf`), which
    /// only Chess960 writes; else [`CastlingMode::Standard`].
    ///
    /// ```
    /// use dfen::{CastlingMode, Parser};
    /// let parser = Parser::new();
    /// let shredder = parser.parse("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap();
    /// assert_eq!(shredder.castling_reading(), CastlingMode::Chess960);
    /// let start = parser.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    /// assert_eq!(start.castling_reading(), CastlingMode::Standard);
    /// ```
    #[must_use]
    pub const fn castling_reading(&self) -> CastlingMode {
        self.castling_reading
    }

    /// Whether the input was found to be spelled exactly as [`Display`](std::fmt::Display)
    /// writes [`Parsed::dfen`]: the canonical spec form, seven fields. `true` only when it is;
    /// `false` when it is not, and also for canonical input that the parser did not establish
    /// as such (under [`Profile::Engine`], or in the rare spellings left to the general
    /// parser, such as a ten-digit clock). A formatter may skip writing the canonical form of
    /// an input for which this holds and [`Parsed::fixed`] equals [`Parsed::dfen`]: it would
    /// write the input back.
    ///
    /// ```
    /// let parser = dfen::Parser::new();
    /// let canonical = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
    /// let parsed = parser.parse(canonical).unwrap();
    /// assert!(parsed.written_canonically());
    /// assert_eq!(parsed.dfen.to_string(), canonical);
    ///
    /// assert!(!parser.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().written_canonically());
    /// assert!(!parser.parse("4k3/8/8/8/8/8/8/4K3 w - - 00 1 -").unwrap().written_canonically());
    /// ```
    #[must_use]
    pub fn written_canonically(&self) -> bool {
        self.written_canonically
    }

    /// The identity key of the position as `fenkit dedupe` and `check --duplicates` compare
    /// it (`spec/identity.md`): the key of [`Parsed::fixed`], so that rights which cannot
    /// affect play are dropped first, with en passant taken as `ep` asks under `game`'s rules.
    /// Its hash is [`fnv1a64`](crate::fnv1a64) of the key.
    ///
    /// ```
    /// use dfen::rules::{EpIdentity, Game};
    /// let parser = dfen::Parser::new();
    /// // The castling rights have no king and rook at home: the fixed position drops them.
    /// let parsed = parser.parse("4k3/8/8/8/8/8/8/4K3 w KQ - 7 30").unwrap();
    /// let key = parsed.identity_key(EpIdentity::Always, Game::DiceChess);
    /// assert_eq!(key, "4k3/8/8/8/8/8/8/4K3 w - - -");
    /// let other = parser.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").unwrap();
    /// assert_eq!(other.identity_key(EpIdentity::Always, Game::DiceChess), key);
    /// ```
    #[must_use]
    pub fn identity_key(&self, ep: crate::rules::EpIdentity, game: crate::rules::Game) -> String {
        crate::rules::identity_key(&self.fixed(), ep, game)
    }

    /// [`crate::fnv1a64`] of [`identity_key`](Parsed::identity_key), worked out as the key
    /// is written, without building it.
    ///
    /// ```
    /// use dfen::rules::{EpIdentity, Game};
    /// let parsed = dfen::Parser::new().parse("4k3/8/8/8/8/8/8/4K3 w - - 3 9").unwrap();
    /// assert_eq!(
    ///     parsed.identity_hash(EpIdentity::Legal, Game::Standard),
    ///     dfen::fnv1a64(parsed.identity_key(EpIdentity::Legal, Game::Standard).as_bytes())
    /// );
    /// ```
    #[must_use]
    pub fn identity_hash(&self, ep: crate::rules::EpIdentity, game: crate::rules::Game) -> u64 {
        crate::rules::identity_hash(&self.fixed(), ep, game)
    }

    /// Whether any finding has error severity.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }
}

impl std::str::FromStr for Dfen {
    type Err = ParseError;

    /// Parses with the default settings ([`Parser::new`]) and keeps the position as written.
    /// Findings are dropped; use [`Parser::parse`] to see them.
    fn from_str(input: &str) -> Result<Dfen, ParseError> {
        Parser::new().parse(input).map(|parsed| parsed.dfen)
    }
}

mod plain;

pub use plain::{Among, PocketSpelling, Slots};

struct State<'a> {
    profile: Profile,
    castling_mode: CastlingMode,
    /// How the castling field was read: Chess960 in Chess960 mode, or when it holds a file
    /// letter.
    castling_reading: CastlingMode,
    layout: Layout,
    input: &'a str,
    findings: Vec<Finding>,
    map: SourceMap<'a>,
    census: Census,
    dfen: Dfen,
}

/// The first eight fields (enough to point at the first extra one) and how many there are.
struct Fields<'a> {
    items: [Option<Field<'a>>; 8],
    count: usize,
}

impl<'a> Fields<'a> {
    fn get(&self, index: usize) -> Option<Field<'a>> {
        self.items.get(index).copied().flatten()
    }
}

/// One field: its text and where it starts in the input.
#[derive(Clone, Copy)]
struct Field<'a> {
    number: u8,
    text: &'a [u8],
    start: usize,
}

impl Field<'_> {
    fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }

    fn sub(&self, range: Range<usize>) -> Range<usize> {
        self.start + range.start..self.start + range.end
    }
}

/// The names of the seven fields, as messages write them.
const FIELD_NAMES: [&str; 7] = [
    "placement",
    "side-to-move field",
    "castling field",
    "en-passant field",
    "halfmove clock",
    "fullmove number",
    "dice field",
];

fn is_separator(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

fn separator(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(is_separator).parse(input)
}

fn field_text(input: &[u8]) -> IResult<&[u8], &[u8]> {
    take_till(is_separator).parse(input)
}

fn decimal(input: &[u8]) -> IResult<&[u8], &[u8]> {
    all_consuming(take_while1(|b: u8| b.is_ascii_digit())).parse(input)
}

/// The piece for each byte, `None` for bytes that are not piece letters.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static PIECES: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = Piece::from_letter(byte as u8);
        byte += 1;
    }
    table
};

/// Quotes a piece of input for an error message: `` `x` `` or a description of what is there.
pub fn quote(text: &str) -> String {
    if text.is_empty() {
        return "nothing".to_owned();
    }
    let mut out = String::with_capacity(text.len() + 2);
    out.push('`');
    for c in text.chars() {
        match c {
            '\0' => out.push_str("\\0"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            // Also what would not show: whitespace other than a space (a no-break space),
            // a BOM, zero-width and combining characters (what `escape_debug` escapes).
            c if c.is_control()
                || (c.is_whitespace() && c != ' ')
                || (!c.is_ascii() && c.escape_debug().nth(1).is_some()) =>
            {
                out.push_str(&c.escape_unicode().to_string());
            }
            c => out.push(c),
        }
    }
    out.push('`');
    out
}

impl<'a> State<'a> {
    fn new(profile: Profile, castling_mode: CastlingMode, input: &'a str) -> State<'a> {
        State {
            profile,
            castling_mode,
            castling_reading: castling_mode,
            layout: Layout::Dfen,
            input,
            findings: Vec::new(),
            map: SourceMap::new(input),
            census: Census::default(),
            dfen: EMPTY,
        }
    }

    fn text(&self, span: Range<usize>) -> &'a str {
        self.input.get(span).unwrap_or("")
    }

    /// The character starting at `offset` and its byte length (input is `str`, and the parser only
    /// stops at ASCII bytes or at the first byte of a character, so `offset` is a boundary).
    fn char_at(&self, offset: usize) -> (char, usize) {
        match self
            .input
            .get(offset..)
            .and_then(|rest| rest.chars().next())
        {
            Some(c) => (c, c.len_utf8()),
            None => ('\u{fffd}', 1),
        }
    }

    /// The error for the character at byte `at` of field `field`, which is not what
    /// `expected` says.
    fn bad_char(&self, code: Code, field: u8, at: usize, expected: &'static str) -> ParseError {
        let (c, len) = self.char_at(at);
        crate::error::parse_error(
            code,
            Some(field),
            at..at + len,
            expected,
            quote(&c.to_string()),
        )
    }

    fn finding(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
        help: Option<impl Into<Cow<'static, str>>>,
    ) {
        let fixable = help.is_some();
        let severity = if fixable {
            Severity::Warning
        } else {
            Severity::Error
        };
        let mut finding = Finding::new(code, severity, span, message).with_fixable(fixable);
        finding.help = help.map(Into::into);
        self.findings.push(finding);
    }

    /// Whether the profile refuses a form with `code` that another profile repairs: `spec`
    /// refuses every one but fullmove 0 (which every reader we know takes as 1), `lenient`
    /// none, and `engine` what the reference engine's reader refuses (a repeated castling
    /// letter or en-passant square, fullmove 0).
    fn refuses(&self, code: Code) -> bool {
        match self.profile {
            Profile::Spec => code != Code::FullmoveZero,
            Profile::Lenient => false,
            Profile::Engine => matches!(
                code,
                Code::RepeatedCastling | Code::RepeatedEnPassant | Code::FullmoveZero
            ),
        }
    }

    /// A form that some profiles refuse (see [`State::refuses`]) and the others repair: an
    /// error with its certain fix as help, or a fixable finding.
    fn repair_or_refuse(
        &mut self,
        code: Code,
        field: u8,
        span: Range<usize>,
        expected: impl Into<Cow<'static, str>>,
        help: impl Into<Cow<'static, str>>,
    ) -> Result<(), ParseError> {
        let expected = expected.into();
        let found = quote(self.text(span.clone()));
        if self.refuses(code) {
            return Err(
                crate::error::parse_error(code, Some(field), span, expected, found).with_help(help),
            );
        }
        let message = format!("{}: expected {expected}, found {found}", code.title());
        self.finding(code, span, message, Some(help));
        Ok(())
    }

    /// Reads the halfmove clock into `self.dfen`; the engine dialect holds at most 127.
    fn halfmove(&mut self, half: Field<'a>) -> Result<(), ParseError> {
        self.dfen.halfmove = self.clock(half)?;
        if self.dfen.halfmove > self.profile.max_halfmove() {
            return Err(self.engine_range(half));
        }
        Ok(())
    }

    /// The error for a clock past the engine dialect's range (`DFEN020`, `DFEN023`).
    #[cold]
    fn engine_range(&self, field: Field<'a>) -> ParseError {
        let (code, expected) = if field.number == 5 {
            (Code::EngineHalfmoveRange, "a halfmove clock from 0 to 127")
        } else {
            (
                Code::EngineFullmoveRange,
                "a fullmove number from 1 to 2147483647",
            )
        };
        crate::error::parse_error(
            code,
            Some(field.number),
            field.span(),
            expected,
            quote(self.text(field.span())),
        )
    }

    /// Reads every field into `self.dfen`.
    fn parse(&mut self) -> Result<(), ParseError> {
        let input = self.input;
        if input.len() > MAX_INPUT_LEN {
            // The span starts at the first byte past the limit, moved back to the start of
            // the character that holds it, so that it can slice the input.
            let mut start = MAX_INPUT_LEN;
            while !input.is_char_boundary(start) {
                start -= 1;
            }
            return Err(crate::error::parse_error(
                Code::InputTooLong,
                None,
                start..input.len(),
                format!("at most {MAX_INPUT_LEN} bytes"),
                format!("{} bytes", input.len()),
            ));
        }
        let fields = self.split_fields()?;
        let (min, max) = match (self.layout, self.profile) {
            (Layout::Dfen, Profile::Spec) => (6, 7),
            (Layout::Dfen | Layout::Fen, _) => (4, 7),
            (Layout::EpdPosition, _) => (4, 4),
        };
        let count = fields.count;
        if self.layout != Layout::Dfen && (count < min || count > max) {
            return Err(self.field_count(&fields));
        }
        if count < min || count > max {
            let span = match fields.get(max) {
                Some(extra) => extra.start..input.trim_end_matches([' ', '\t']).len(),
                None => input.len()..input.len(),
            };
            let error = crate::error::parse_error(
                Code::FieldCount,
                None,
                span,
                format!("{min} to {max} fields separated by spaces"),
                format!("{count} field{}", if count == 1 { "" } else { "s" }),
            );
            // Missing clocks (and dice) have their defaults: the fix is certain.
            return Err(match count {
                4 => error.with_help("append ` 0 1 -`: the default clocks and no dice pending"),
                5 => error
                    .with_help("append ` 1 -`: the default fullmove number and no dice pending"),
                _ => error,
            });
        }
        let field = |n: usize| fields.get(n);

        if let Some(f) = field(0) {
            self.board(f)?;
        }
        if let Some(f) = field(1) {
            self.dfen.side = self.side(f)?;
        }
        if let Some(f) = field(2) {
            self.dfen.castling = self.castling(f)?;
        }
        if let Some(f) = field(3) {
            self.dfen.en_passant = self.en_passant(f)?;
        }
        if self.layout == Layout::Fen
            && let Some(f) = field(4)
            && f.text.first().is_some_and(u8::is_ascii_alphabetic)
        {
            // Text where the clocks belong that starts like an opcode: an EPD line.
            return Err(crate::error::parse_error(
                Code::BadClock,
                Some(5),
                f.span(),
                "a halfmove clock made of ASCII digits",
                quote(self.text(f.span())),
            )
            .with_help(EPD_IN_FEN_HELP));
        }
        match (field(4), field(5)) {
            (Some(half), Some(full)) => {
                self.halfmove(half)?;
                let fullmove = self.clock(full)?;
                if fullmove > self.profile.max_fullmove() {
                    return Err(self.engine_range(full));
                }
                self.dfen.fullmove = match NonZeroU32::new(fullmove) {
                    Some(fullmove) => fullmove,
                    None => {
                        self.repair_or_refuse(
                            Code::FullmoveZero,
                            6,
                            full.span(),
                            "a fullmove number of at least 1",
                            "write the fullmove number as 1",
                        )?;
                        // The number 0 means 1 (spec/dfen.md §4): the model cannot hold 0.
                        NonZeroU32::MIN
                    }
                };
            }
            (None, _) if self.layout == Layout::EpdPosition => {}
            (half, _) => {
                if let Some(half) = half {
                    self.halfmove(half)?;
                }
                let at = input.trim_end_matches([' ', '\t']).len();
                // Built without `format!`: every line of a four-field file (perft suites,
                // evaluation dumps) has this finding, which a clockless file then drops.
                let found = if half.is_some() {
                    "only the halfmove clock"
                } else {
                    "neither"
                };
                let mut message = String::with_capacity(80);
                for piece in [
                    Code::MissingClocks.title(),
                    ": expected halfmove and fullmove fields, found ",
                    found,
                ] {
                    message.push_str(piece);
                }
                self.finding(
                    Code::MissingClocks,
                    at..at,
                    message,
                    Some(if half.is_some() {
                        "append ` 1`: the default fullmove number"
                    } else {
                        "append ` 0 1`: the default clocks"
                    }),
                );
            }
        }
        match field(6) {
            Some(f) => self.dfen.dice = self.dice(f, self.dfen.side)?,
            None if self.profile != Profile::Engine
                && count == 6
                && self.layout == Layout::Dfen =>
            {
                let at = input.trim_end_matches([' ', '\t']).len();
                self.findings.push(missing_dice_field(at));
            }
            None => {}
        }
        Ok(())
    }

    /// `DFEN002` for a FEN or an EPD position with too few or too many fields, in words of
    /// that notation: clocks and fields, never dice.
    #[cold]
    fn field_count(&self, fields: &Fields<'a>) -> ParseError {
        let count = fields.count;
        let (expected, name) = match self.layout {
            Layout::EpdPosition => (
                "the 4 position fields of an EPD line (placement, side, castling, en passant)",
                "position field",
            ),
            Layout::Dfen | Layout::Fen => {
                ("6 fields separated by spaces (4 without clocks)", "field")
            }
        };
        let limit = if self.layout == Layout::EpdPosition {
            4
        } else {
            7
        };
        let span = match fields.get(limit) {
            Some(extra) => extra.start..self.input.trim_end_matches([' ', '\t']).len(),
            None => self.input.len()..self.input.len(),
        };
        let error = crate::error::parse_error(
            Code::FieldCount,
            None,
            span,
            expected,
            format!("{count} {name}{}", if count == 1 { "" } else { "s" }),
        );
        match fields.get(4) {
            Some(fifth)
                if self.layout == Layout::Fen
                    && fifth.text.first().is_some_and(u8::is_ascii_alphabetic) =>
            {
                error.with_help(EPD_IN_FEN_HELP)
            }
            _ => error,
        }
    }

    /// Splits the input into fields, reporting non-canonical whitespace.
    fn split_fields(&mut self) -> Result<Fields<'a>, ParseError> {
        let bytes = self.input.as_bytes();
        let mut fields = Fields {
            items: [None; 8],
            count: 0,
        };
        let mut rest = bytes;
        let mut offset = 0usize;
        while let Ok((after_sep, sep)) = separator(rest) {
            let sep_span = offset..offset + sep.len();
            offset += sep.len();
            let at_start = sep_span.start == 0;
            let at_end = after_sep.is_empty();
            if self.profile == Profile::Engine && !sep.is_empty() && !(at_start && at_end) {
                self.engine_separator(sep, sep_span.clone(), at_start, at_end, fields.count)?;
            }
            if let Some(finding) = whitespace_finding(self.input, sep_span, at_start, at_end) {
                self.findings.push(finding);
            }
            if at_end {
                break;
            }
            let Ok((after_field, text)) = field_text(after_sep) else {
                break;
            };
            if let Some(slot) = fields.items.get_mut(fields.count) {
                *slot = Some(Field {
                    number: fields.count as u8 + 1,
                    text,
                    start: offset,
                });
            }
            fields.count += 1;
            offset += text.len();
            rest = after_field;
        }
        if fields.count == 0 {
            return Err(crate::error::parse_error(
                Code::EmptyInput,
                None,
                0..self.input.len(),
                match self.layout {
                    Layout::Dfen => {
                        "a DFEN such as `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -`"
                    }
                    Layout::Fen => {
                        "a FEN such as `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`"
                    }
                    Layout::EpdPosition => {
                        "an EPD position such as `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -`"
                    }
                },
                if self.input.is_empty() {
                    "nothing".to_owned()
                } else {
                    "only whitespace".to_owned()
                },
            ));
        }
        Ok(fields)
    }

    /// The engine dialect's separators: the reference reader splits the line on single spaces
    /// and drops the empty fields at its end, so only trailing spaces are harmless. A tab stays
    /// inside a field, and leading whitespace or a run of spaces makes an empty field.
    /// `before` is the number of fields before `sep`.
    #[cold]
    fn engine_separator(
        &self,
        sep: &[u8],
        span: Range<usize>,
        at_start: bool,
        at_end: bool,
        before: usize,
    ) -> Result<(), ParseError> {
        let error = |span: Range<usize>, field, expected: String, found: String, help: &str| {
            Err(
                crate::error::parse_error(Code::EngineSeparator, field, span, expected, found)
                    .with_help(help.to_owned()),
            )
        };
        if let Some(tab) = sep.iter().position(|&b| b == b'\t') {
            let at = span.start + tab;
            let (expected, help) = if at_start {
                (
                    "the placement at the start of the line",
                    "remove the leading whitespace",
                )
            } else if at_end {
                ("nothing or spaces after the last field", "remove the tab")
            } else {
                ("one space between fields", "separate fields with one space")
            };
            return error(
                at..at + 1,
                None,
                expected.to_owned(),
                "a tab".to_owned(),
                help,
            );
        }
        if at_end {
            // Trailing spaces: the reference ignores them (`DFEN106` says they are not canonical).
            return Ok(());
        }
        if at_start {
            return error(
                span.clone(),
                Some(1),
                "the placement at the start of the line".to_owned(),
                format!("leading whitespace {}", quote(self.text(span))),
                "remove the leading whitespace",
            );
        }
        if sep.len() == 1 {
            return Ok(());
        }
        // A run of spaces: the first space ends the field before it, and each further one
        // stands for an empty field. The first empty field is the one to blame.
        let empty = before + 1;
        let name = FIELD_NAMES.get(empty - 1).copied().unwrap_or("field");
        error(
            span.start + 1..span.end,
            u8::try_from(empty).ok().filter(|n| *n <= 7),
            format!("the {name} after one space"),
            format!("an empty {name} ({} spaces in a row)", sep.len()),
            "separate fields with one space",
        )
    }

    /// Field 1, in one pass over its bytes.
    fn board(&mut self, field: Field<'a>) -> Result<(), ParseError> {
        let mut rank: u8 = 7;
        let mut file: u8 = 0;
        let mut rank_start = field.start;
        // Start of the current run of digits, and whether it has more than one digit.
        let mut digits_start = usize::MAX;
        let mut split = false;
        for (i, &byte) in field.text.iter().enumerate() {
            let at = field.start + i;
            if let Some(piece) = PIECES.get(usize::from(byte)).copied().flatten() {
                if split {
                    self.split_digits(digits_start, at);
                    split = false;
                }
                digits_start = usize::MAX;
                if file >= 8 {
                    return Err(self.rank_width(field, rank, rank_start, 9));
                }
                if let Some(square) = Square::new(file, rank) {
                    self.dfen.board.set(square, Some(piece));
                    self.census.add(square, piece);
                }
                file += 1;
                continue;
            }
            match byte {
                b'1'..=b'8' => {
                    if digits_start == usize::MAX {
                        digits_start = at;
                    } else {
                        split = true;
                    }
                    file += byte - b'0';
                    if file > 8 {
                        return Err(self.rank_width(field, rank, rank_start, file));
                    }
                }
                b'/' => {
                    if split {
                        self.split_digits(digits_start, at);
                        split = false;
                    }
                    digits_start = usize::MAX;
                    if rank == 0 {
                        return Err(self.rank_count(field));
                    }
                    if file < 8 {
                        return Err(self.rank_width(field, rank, rank_start, file));
                    }
                    rank -= 1;
                    file = 0;
                    rank_start = at + 1;
                }
                b'0' | b'9' => {
                    let error = crate::error::parse_error(
                        Code::BadDigit,
                        Some(1),
                        at..at + 1,
                        "a digit from 1 to 8",
                        quote(self.text(at..at + 1)),
                    );
                    // A `0` stands for no squares at all.
                    return Err(if byte == b'0' {
                        error.with_help("remove the `0`")
                    } else {
                        error
                    });
                }
                _ => {
                    let (c, len) = self.char_at(at);
                    if c.is_numeric() {
                        return Err(crate::error::parse_error(
                            Code::BadDigit,
                            Some(1),
                            at..at + len,
                            "an ASCII digit from 1 to 8",
                            format!("the non-ASCII digit {}", quote(&c.to_string())),
                        ));
                    }
                    let error = crate::error::parse_error(
                        Code::UnknownPiece,
                        Some(1),
                        at..at + len,
                        "a piece letter (PNBRQK or pnbrqk) or a digit from 1 to 8",
                        quote(&c.to_string()),
                    );
                    // A letter that lowercases to a piece letter (the Kelvin sign `K`) is
                    // certainly that piece.
                    let mut lower = c.to_lowercase();
                    return Err(match (lower.next(), lower.next()) {
                        (Some(l @ ('p' | 'n' | 'b' | 'r' | 'q' | 'k')), None) => {
                            let letter = if c.is_uppercase() {
                                l.to_ascii_uppercase()
                            } else {
                                l
                            };
                            error.with_help(format!("write the ASCII letter `{letter}`"))
                        }
                        _ => error,
                    });
                }
            }
        }
        if split {
            self.split_digits(digits_start, field.start + field.text.len());
        }
        if rank != 0 {
            return Err(self.rank_count(field));
        }
        if file < 8 {
            return Err(self.rank_width(field, rank, rank_start, file));
        }
        self.map.set_field(1, field.span());
        Ok(())
    }

    #[cold]
    fn rank_count(&self, field: Field<'a>) -> ParseError {
        let rank_count = field.text.split(|b| *b == b'/').count();
        let error = crate::error::parse_error(
            Code::RankCount,
            Some(1),
            field.span(),
            "8 ranks separated by `/`",
            format!(
                "{rank_count} rank{}",
                if rank_count == 1 { "" } else { "s" }
            ),
        );
        // Eight ranks and a `/` after the last one: the slash is the only thing wrong.
        match field.text.strip_suffix(b"/") {
            Some(ranks) if !ranks.ends_with(b"/") && ranks.split(|b| *b == b'/').count() == 8 => {
                error.with_help("remove the `/` after the last rank")
            }
            _ => error,
        }
    }

    #[cold]
    fn split_digits(&mut self, start: usize, end: usize) {
        let text = self.text(start..end);
        let sum: u32 = text.bytes().map(|b| u32::from(b - b'0')).sum();
        self.finding(
            Code::SplitDigits,
            start..end,
            format!(
                "{}: expected one digit for a run of empty squares, found {}",
                Code::SplitDigits.title(),
                quote(text)
            ),
            Some(format!("write `{sum}`")),
        );
    }

    #[cold]
    fn rank_width(&self, field: Field<'a>, rank: u8, rank_start: usize, squares: u8) -> ParseError {
        let rank_text = field
            .text
            .get(rank_start - field.start..)
            .unwrap_or_default();
        let rank_len = rank_text
            .iter()
            .position(|b| *b == b'/')
            .unwrap_or(rank_text.len());
        crate::error::parse_error(
            Code::RankWidth,
            Some(1),
            rank_start..rank_start + rank_len,
            format!("8 squares in rank {}", rank + 1),
            if squares > 8 {
                "more than 8".to_owned()
            } else {
                format!("{squares}")
            },
        )
    }

    fn side(&mut self, field: Field<'a>) -> Result<Color, ParseError> {
        self.map.set_field(2, field.span());
        match field.text {
            b"w" => Ok(Color::White),
            b"b" => Ok(Color::Black),
            other => {
                let error = crate::error::parse_error(
                    Code::BadSide,
                    Some(2),
                    field.span(),
                    "`w` or `b`",
                    quote(self.text(field.span())),
                );
                // Only spellings that certainly name one side get a fix.
                Err(match other.to_ascii_lowercase().as_slice() {
                    b"w" | b"white" => error.with_help("write `w`"),
                    b"b" | b"black" => error.with_help("write `b`"),
                    _ => error,
                })
            }
        }
    }

    fn castling(&mut self, field: Field<'a>) -> Result<CastlingRights, ParseError> {
        self.map.set_field(3, field.span());
        let mut rights = CastlingRights::NONE;
        if field.text == b"-" {
            return Ok(rights);
        }
        // A file letter can only mean Chess960: a field that holds one is read as Chess960
        // reads it, `K` and `Q` included.
        let chess960 = castling::read_as_chess960(field.text, self.castling_mode);
        if chess960 {
            self.castling_reading = CastlingMode::Chess960;
        }
        let ranks = if chess960 {
            [Color::White, Color::Black].map(|color| Some(BackRank::of(&self.dfen.board, color)))
        } else {
            [None, None]
        };
        // The letters that name a right for the first time, as written.
        let mut kept = Vec::with_capacity(field.text.len());
        for (i, &byte) in field.text.iter().enumerate() {
            let at = field.start + i;
            let letter = match CastlingLetter::of(byte) {
                Some(CastlingLetter::File(..)) if self.profile == Profile::Engine => {
                    return Err(self.bad_char(
                        Code::BadCastling,
                        3,
                        at,
                        "`-` alone, or letters from `KQkq` (the engine dialect has no Chess960 file letters)",
                    ));
                }
                Some(letter) => letter,
                None if self.profile == Profile::Engine => {
                    return Err(self.bad_char(
                        Code::BadCastling,
                        3,
                        at,
                        "`-` alone, or letters from `KQkq`",
                    ));
                }
                None => {
                    return Err(self.bad_char(
                        Code::BadCastling,
                        3,
                        at,
                        "`-` alone, or letters from `KQkq`, or the rook files `A`-`H` and `a`-`h` of Chess960",
                    ));
                }
            };
            let (color, file) = letter.right(ranks);
            if !rights.insert_rook_file(color, file) {
                let first = field
                    .text
                    .iter()
                    .find(|&&other| {
                        CastlingLetter::of(other).map(|l| l.right(ranks)) == Some((color, file))
                    })
                    .copied()
                    .unwrap_or(byte);
                let help = format!("drop the repeated `{}`", char::from(byte));
                if first == byte {
                    self.repair_or_refuse(
                        Code::RepeatedCastling,
                        3,
                        at..at + 1,
                        "each castling letter at most once",
                        help,
                    )?;
                } else {
                    let expected = format!(
                        "each castling right once (`{}` and `{}` name the same rook)",
                        char::from(first),
                        char::from(byte)
                    );
                    self.repair_or_refuse(Code::RepeatedCastling, 3, at..at + 1, expected, help)?;
                }
                continue;
            }
            kept.push(byte);
        }
        self.castling_spelling(field, rights, &kept);
        Ok(rights)
    }

    /// `DFEN103` or `DFEN120` when the castling letters of `field` (`kept`: each right's first
    /// letter) are not how the mode writes `rights`: outside Chess960 mode `KQkq` letters for
    /// a- and h-file rooks and Shredder-FEN for any other; in Chess960 mode X-FEN or
    /// Shredder-FEN.
    fn castling_spelling(&mut self, field: Field<'a>, rights: CastlingRights, kept: &[u8]) {
        let board = &self.dfen.board;
        // The engine dialect writes `KQkq` letters whatever the board: it has no others.
        let engine_letters = self.profile == Profile::Engine && rights.is_standard();
        let mut spellings = vec![if engine_letters {
            rights.to_string()
        } else {
            castling::field_string(rights, board, self.castling_mode, CastlingNotation::XFen)
        }];
        if self.castling_mode == CastlingMode::Chess960 {
            let shredder = castling::field_string(
                rights,
                board,
                self.castling_mode,
                CastlingNotation::Shredder,
            );
            if spellings.first() != Some(&shredder) {
                spellings.push(shredder);
            }
        }
        if spellings.iter().any(|spelling| spelling.as_bytes() == kept) {
            return;
        }
        let found = quote(self.text(field.span()));
        let mut sorted = kept.to_vec();
        sorted.sort_unstable();
        let reordered = spellings.iter().find(|spelling| {
            let mut letters = spelling.as_bytes().to_vec();
            letters.sort_unstable();
            letters == sorted
        });
        if let Some(spelling) = reordered {
            let order = if spelling
                .bytes()
                .all(|b| CastlingSide::from_letter(b).is_some())
            {
                "the order `KQkq`".to_owned()
            } else {
                "White's letters first, then Black's, each from the h-side to the a-side".to_owned()
            };
            let message = format!(
                "{}: expected {order}, found {found}",
                Code::CastlingOrder.title()
            );
            self.finding(
                Code::CastlingOrder,
                field.span(),
                message,
                Some(format!("write `{spelling}`")),
            );
            return;
        }
        let expected = match (self.castling_mode, spellings.as_slice()) {
            (CastlingMode::Chess960, [xfen, shredder]) => {
                format!("`{xfen}` (X-FEN) or `{shredder}` (Shredder-FEN) in Chess960 mode")
            }
            (CastlingMode::Chess960, [one, ..]) => format!("`{one}` in Chess960 mode"),
            (_, [one, ..]) if engine_letters || rights.standard_letters_on(board) => {
                format!("`{one}`, the letters of standard chess for the a- and h-file rooks")
            }
            (_, [one, ..]) => format!("`{one}`, each right as its rook's file (Shredder-FEN)"),
            (_, []) => String::new(),
        };
        let message = format!(
            "{}: expected {expected}, found {found}",
            Code::CastlingSpelling.title()
        );
        let help = format!("write `{}`", spellings.first().map_or("", String::as_str));
        self.finding(Code::CastlingSpelling, field.span(), message, Some(help));
    }

    fn en_passant(&mut self, field: Field<'a>) -> Result<SquareSet, ParseError> {
        self.map.set_field(4, field.span());
        let mut set = SquareSet::EMPTY;
        if field.text == b"-" {
            return Ok(set);
        }
        if !field.text.len().is_multiple_of(2) || !field.text.is_ascii() {
            // Find the first pair that is not a square to point at it.
            let mut at = 0;
            while let Some(pair) = field.text.get(at..at + 2) {
                if !is_square_name(pair) {
                    break;
                }
                at += 2;
            }
            let span = if at >= field.text.len().saturating_sub(1) {
                field.span()
            } else {
                // The pair is two characters, either of which may take several bytes.
                let (_, first) = self.char_at(field.start + at);
                let (_, second) = self.char_at(field.start + at + first);
                field.sub(at..(at + first + second).min(field.text.len()))
            };
            return Err(crate::error::parse_error(
                Code::BadEnPassant,
                Some(4),
                span.clone(),
                "`-` or square names such as `e3` or `a3c3e3`",
                quote(self.text(span)),
            ));
        }
        let mut previous: Option<Square> = None;
        let mut out_of_order = false;
        for (index, pair) in field.text.chunks(2).enumerate() {
            let span = field.sub(index * 2..index * 2 + 2);
            let square = match pair {
                &[file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Square::new(file - b'a', rank - b'1'),
                _ => None,
            };
            let Some(square) = square else {
                return Err(crate::error::parse_error(
                    Code::BadEnPassant,
                    Some(4),
                    span.clone(),
                    "a square name from `a1` to `h8`",
                    quote(self.text(span)),
                ));
            };
            if square.rank() != 2 && square.rank() != 5 {
                return Err(crate::error::parse_error(
                    Code::EnPassantRank,
                    Some(4),
                    span.clone(),
                    "a square on rank 3 or 6",
                    quote(self.text(span)),
                ));
            }
            if !set.insert(square) {
                self.repair_or_refuse(
                    Code::RepeatedEnPassant,
                    4,
                    span,
                    "each en-passant square at most once",
                    format!("drop the repeated `{square}`"),
                )?;
                continue;
            }
            if let Some(prev) = previous
                && self.order_key(prev) > self.order_key(square)
            {
                out_of_order = true;
            }
            previous = Some(square);
        }
        if out_of_order {
            let order = match self.profile {
                Profile::Engine => "square-index order (rank first)",
                Profile::Spec | Profile::Lenient => "alphabetical order",
            };
            let canonical = crate::display::en_passant_string(set, self.profile);
            self.finding(
                Code::EnPassantOrder,
                field.span(),
                format!(
                    "{}: expected {order}, found {}",
                    Code::EnPassantOrder.title(),
                    quote(self.text(field.span()))
                ),
                Some(format!("write `{canonical}`")),
            );
        }
        Ok(set)
    }

    fn order_key(&self, square: Square) -> u8 {
        match self.profile {
            Profile::Engine => square.index(),
            Profile::Spec | Profile::Lenient => square.file() * 8 + square.rank(),
        }
    }

    fn clock(&mut self, field: Field<'a>) -> Result<u32, ParseError> {
        self.map.set_field(field.number, field.span());
        let name = if field.number == 5 {
            "halfmove clock"
        } else {
            "fullmove number"
        };
        if decimal(field.text).is_err() {
            let error = crate::error::parse_error(
                Code::BadClock,
                Some(field.number),
                field.span(),
                format!("a {name} made of ASCII digits"),
                quote(self.text(field.span())),
            );
            return Err(
                if field.number == 5 && is_check_counter(field.text, false) {
                    error.with_help(
                    "three-check's remaining checks (`3+3`) stand here in Stockfish's FEN: read the line with `--variant threecheck --dialect stockfish`",
                )
                } else {
                    error
                },
            );
        }
        let mut value: u32 = 0;
        for &digit in field.text {
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u32::from(digit - b'0')))
            {
                Some(v) => v,
                // Past the engine dialect's range too: its own code says by how much.
                None if self.profile == Profile::Engine => return Err(self.engine_range(field)),
                None => {
                    return Err(crate::error::parse_error(
                        Code::ClockOverflow,
                        Some(field.number),
                        field.span(),
                        format!("a {name} of at most {}", u32::MAX),
                        quote(self.text(field.span())),
                    ));
                }
            };
        }
        if field.text.len() > 1 && field.text.first() == Some(&b'0') {
            self.finding(
                Code::ClockLeadingZeros,
                field.span(),
                format!(
                    "{}: expected `{value}`, found {}",
                    Code::ClockLeadingZeros.title(),
                    quote(self.text(field.span()))
                ),
                Some(format!("write `{value}`")),
            );
        }
        Ok(value)
    }

    fn dice(&mut self, field: Field<'a>, side: Color) -> Result<DicePool, ParseError> {
        self.map.set_field(7, field.span());
        if field.text == b"-" {
            // In a FEN file the caller says what a seventh field is.
            if self.profile == Profile::Engine && self.layout != Layout::Fen {
                self.finding(
                    Code::EngineEmptyDiceField,
                    field.span(),
                    format!(
                        "{}: expected no seventh field when no dice are pending, found `-`",
                        Code::EngineEmptyDiceField.title()
                    ),
                    Some("drop the seventh field"),
                );
            }
            return Ok(DicePool::EMPTY);
        }
        if field.text.first() == Some(&b'-') {
            // `-` followed by more: the whole field is what is wrong, not its `-`.
            return Err(crate::error::parse_error(
                Code::UnknownDie,
                Some(7),
                field.span(),
                "`-` alone or dice letters from `PNBRQK` (White) or `pnbrqk` (Black)",
                quote(&String::from_utf8_lossy(field.text)),
            ));
        }
        // Every letter is checked before the dice are counted: an unknown letter is named as
        // such however many dice come before it, and the count below is of dice, not bytes.
        if let Some(i) = field
            .text
            .iter()
            .position(|&byte| Role::from_letter(byte).is_none())
        {
            let error = self.bad_char(
                Code::UnknownDie,
                7,
                field.start + i,
                "`-` or dice letters from `PNBRQK` (White) or `pnbrqk` (Black)",
            );
            return Err(if is_check_counter(field.text, true) {
                error.with_help(
                    "three-check's checks given (`+1+0`) end lichess's FEN: read the line with `--variant threecheck --dialect lichess`",
                )
            } else {
                error
            });
        }
        let mut pool = DicePool::EMPTY;
        let mut upper = 0usize;
        let mut lower = 0usize;
        let mut previous: Option<Role> = None;
        let mut out_of_order = false;
        for (i, &byte) in field.text.iter().enumerate() {
            let at = field.start + i;
            // Every byte is a die letter (checked above).
            let Some(role) = Role::from_letter(byte) else {
                continue;
            };
            if !pool.push(role) {
                let span = at..field.start + field.text.len();
                return Err(crate::error::parse_error(
                    Code::TooManyDice,
                    Some(7),
                    span,
                    "at most 3 dice",
                    format!("{} dice", field.text.len()),
                ));
            }
            if byte.is_ascii_uppercase() {
                upper += 1;
            } else {
                lower += 1;
            }
            if previous.is_some_and(|prev| prev > role) {
                out_of_order = true;
            }
            previous = Some(role);
        }
        let expected_case = match side {
            Color::White => "upper-case dice for White (`w`)",
            Color::Black => "lower-case dice for Black (`b`)",
        };
        let matching = match side {
            Color::White => upper,
            Color::Black => lower,
        };
        let help = || format!("write `{}`", pool.to_string_for(side));
        if upper > 0 && lower > 0 {
            self.repair_or_refuse(Code::MixedDiceCase, 7, field.span(), expected_case, help())?;
        } else if matching == 0 {
            self.repair_or_refuse(
                Code::DiceCaseMismatch,
                7,
                field.span(),
                expected_case,
                help(),
            )?;
        }
        if out_of_order {
            self.finding(
                Code::DiceOrder,
                field.span(),
                format!(
                    "{}: expected the order P N B R Q K, found {}",
                    Code::DiceOrder.title(),
                    quote(self.text(field.span()))
                ),
                Some(help()),
            );
        }
        Ok(pool)
    }
}

/// Whether `text` is a three-check counter field: `3+3` (Stockfish, the checks remaining), or
/// with `leading_plus` `+1+0` (lichess, the checks given).
fn is_check_counter(text: &[u8], leading_plus: bool) -> bool {
    let rest = if leading_plus {
        match text.strip_prefix(b"+") {
            Some(rest) => rest,
            None => return false,
        }
    } else {
        text
    };
    let mut parts = rest.split(|&byte| byte == b'+');
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(white), Some(black), None)
            if !white.is_empty() && !black.is_empty()
                && white.iter().chain(black).all(u8::is_ascii_digit)
    )
}

fn is_square_name(pair: &[u8]) -> bool {
    matches!(pair, [b'a'..=b'h', b'1'..=b'8'])
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// The general parser alone, without the fast path.
    fn general(parser: &Parser, input: &str) -> Result<Parsed, ParseError> {
        let mut state = State::new(parser.profile, parser.castling_mode, input);
        state.parse()?;
        let mut parsed = Parsed {
            dfen: state.dfen,
            findings: state.findings,
            written_canonically: false,
            castling_reading: state.castling_reading,
        };
        parser.finish(
            &parsed.dfen,
            &mut parsed.findings,
            &state.census,
            &state.map,
            state.castling_reading,
        );
        Ok(parsed)
    }

    /// What both paths must agree on (the fast path alone says `written_canonically`).
    fn outcome(result: Result<Parsed, ParseError>) -> Result<(Dfen, Vec<Finding>), ParseError> {
        result.map(|parsed| (parsed.dfen, parsed.findings))
    }

    fn fast_path_taken(profile: Profile, input: &str) -> bool {
        let mut state = State::new(profile, CastlingMode::Standard, input);
        plain::scan(
            input,
            profile,
            plain::Rest::Dice,
            Among::NOTHING,
            &mut state.dfen,
            &mut state.census,
            &mut Slots::default(),
            &mut state.map,
            |_| None,
        )
        .is_some()
    }

    /// The engine dialect's halfmove range holds with the fullmove number missing too.
    #[test]
    fn engine_halfmove_range_holds_without_the_fullmove_number() {
        let engine = Parser::new().profile(Profile::Engine);
        for input in [
            "4k3/8/8/8/8/8/8/4K3 w - - 128",
            "4k3/8/8/8/8/8/8/4K3 w - - 128 1",
        ] {
            let error = engine.parse(input).unwrap_err();
            assert_eq!(error.code(), Code::EngineHalfmoveRange, "{input}");
        }
        assert_eq!(
            engine
                .parse("4k3/8/8/8/8/8/8/4K3 w - - 127")
                .unwrap()
                .dfen
                .halfmove,
            127
        );
    }

    /// Dice are counted as dice, and an unknown letter is named whatever comes before it.
    #[test]
    fn dice_errors_count_dice_and_name_unknown_letters() {
        let error = Parser::new()
            .parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PNBRQ")
            .unwrap_err();
        assert_eq!(error.code(), Code::TooManyDice);
        assert!(error.to_string().contains("found 5 dice"), "{error}");
        for (input, found) in [
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PNBRX", "`X`"),
            ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PNBR\u{e9}", "`\u{e9}`"),
        ] {
            let error = Parser::new().parse(input).unwrap_err();
            assert_eq!(error.code(), Code::UnknownDie, "{input}");
            assert!(error.to_string().contains(found), "{input}: {error}");
            assert!(input.get(error.span()).is_some(), "{input}");
        }
    }

    /// Characters that would not show are written as escapes in messages.
    #[test]
    fn invisible_characters_are_quoted_as_escapes() {
        assert_eq!(quote("\u{feff}"), "`\\u{feff}`");
        assert_eq!(quote("a\u{a0}b"), "`a\\u{a0}b`");
        assert_eq!(quote("\u{200b}"), "`\\u{200b}`");
        assert_eq!(quote("e\u{301}"), "`e\\u{301}`");
        assert_eq!(quote("K'\"é ♔"), "`K'\"é ♔`");
    }

    /// A fullmove number of 0 is read as 1 (with its fixable finding) under `spec` and
    /// `lenient`, so what is written of it reads back under every profile. The engine dialect
    /// refuses it, as the reference reader does.
    #[test]
    fn fullmove_zero_is_held_as_one() {
        let refused = Parser::new()
            .profile(Profile::Engine)
            .parse("4k3/8/8/8/8/8/8/4K3 w - - 0 0 -")
            .unwrap_err();
        assert_eq!(refused.code(), Code::FullmoveZero);
        let parsed = Parser::new()
            .profile(Profile::Lenient)
            .parse("4k3/8/8/8/8/8/8/4K3 w - - 0 0 -")
            .unwrap();
        assert_eq!(parsed.dfen.fullmove.get(), 1);
        assert!(parsed.findings.iter().any(|f| f.code == Code::FullmoveZero));
        let written = parsed.dfen.display_as(Profile::Lenient).to_string();
        assert!(Parser::new().parse(&written).is_ok(), "{written}");
        let engine = parsed.dfen.display_as(Profile::Engine).to_string();
        assert!(
            Parser::new()
                .profile(Profile::Engine)
                .parse(&engine)
                .is_ok(),
            "{engine}"
        );
    }

    /// Under the default profile fullmove 0 is a fixable warning whose help says to write 1,
    /// spanning the 0, and the canonical form writes 1.
    #[test]
    fn fullmove_zero_is_a_fixable_warning_by_default() {
        let input = "4k3/8/8/8/8/8/8/4K3 b - - 0 0 -";
        let parsed = Parser::new().parse(input).unwrap();
        let finding = parsed
            .findings
            .iter()
            .find(|f| f.code == Code::FullmoveZero)
            .unwrap();
        assert_eq!(finding.severity, Severity::Warning);
        assert!(finding.fixable);
        assert_eq!(finding.span, 28..29);
        assert!(finding.help.as_deref().unwrap().contains("as 1"));
        assert_eq!(parsed.dfen.to_string(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -");
        let strict = Parser::new().strict(true).parse(input).unwrap();
        assert_eq!(strict.findings[0].severity, Severity::Error);
    }

    const SEEDS: &[&str] = &[
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq c3a3 0 1 -",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w Kq c6 0 2 NB",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b Qk - 12 40 pbk",
        "4k3/8/8/8/8/8/8/4K2P w - - 0 1 -",
        "4k2K/8/8/p7/P7/8/8/4K3 w KQ a3a6 100 1 PP",
        "8/8/8/8/8/8/8/8 b - - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 4294967295 999999999 -",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2 K",
        "bbbbbbbb/bbbbbbbb/8/8/8/8/BBBBBBBB/BBBBBBBB w - - 0 1 -",
        "qqqqkqqq/8/8/8/8/8/8/QQQQKQQQ w - c3c6 0 1 QQQ",
        "nqbnrkrb/pppppppp/8/8/8/8/PPPPPPPP/NQBNRKRB w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 -",
    ];

    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '5', '6',
        '7', '8', '9', '/', ' ', '-', 'w', 'b', '0', 'a', 'c', 'e', 'f', 'h', '\t', 'A', 'H', 'G',
    ];

    use crate::test_strategies::{Rng, mutate};

    #[test]
    fn fast_path_takes_plain_inputs() {
        for seed in SEEDS {
            // Out-of-order squares, 10-digit clocks and castling file letters are left to the
            // general parser.
            let plain =
                !seed.contains("c3a3") && !seed.contains("4294967295") && !seed.contains("HFhf");
            assert_eq!(fast_path_taken(Profile::Spec, seed), plain, "{seed}");
        }
        assert!(!fast_path_taken(
            Profile::Spec,
            " 8/8/8/8/8/8/8/8 w - - 0 1 -"
        ));
        assert!(!fast_path_taken(
            Profile::Spec,
            "8/8/8/8/8/8/8/44 w - - 0 1 -"
        ));
        assert!(!fast_path_taken(
            Profile::Engine,
            "8/8/8/8/8/8/8/8 w - - 0 1 -"
        ));
        assert!(fast_path_taken(
            Profile::Engine,
            "8/8/8/8/8/8/8/8 b - c3a6 0 1"
        ));
        assert!(!fast_path_taken(
            Profile::Spec,
            "8/8/8/8/8/8/8/8 b - c3a6 0 1"
        ));
        // Every way a slash can stand in the wrong place, with the square count still 64.
        for placement in [
            "8/8/8/8/8/8/8/8/",
            "/8/8/8/8/8/8/8/8",
            "8//8/8/8/8/8/8/8",
            "4/4/8/8/8/8/8/8/8",
            "88/8/8/8/8/8/8",
            "8/8/8/8/8/8/88",
            "8/8/8/8/8/8/8/4/4",
            "8/8/8/8/8/8/8/8//",
            "8/8/8/8/8/8/8/7",
            "8/8/8/8/8/8/8/9",
        ] {
            let input = format!("{placement} w - - 0 1 -");
            assert!(!fast_path_taken(Profile::Spec, &input), "{input}");
            assert!(Parser::new().parse(&input).is_err(), "{input}");
        }
    }

    #[test]
    fn fast_path_agrees_with_the_general_parser() {
        let mut rng = Rng(0x5eed_1234_abcd_0001);
        let (mut fast, mut canonical) = (0usize, 0usize);
        let mut inputs: Vec<String> = SEEDS.iter().map(|s| (*s).to_owned()).collect();
        for _ in 0..4000 {
            let seed = SEEDS[rng.below(SEEDS.len())];
            inputs.push(mutate(&mut rng, seed, ALPHABET));
        }
        for input in &inputs {
            for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
                fast += usize::from(fast_path_taken(profile, input));
                for (strict, check, mode) in [
                    (false, false, CastlingMode::Standard),
                    (false, true, CastlingMode::Standard),
                    (true, false, CastlingMode::Standard),
                    (true, true, CastlingMode::Standard),
                    (false, true, CastlingMode::Chess960),
                    (true, true, CastlingMode::Chess960),
                ] {
                    {
                        let parser = Parser::new()
                            .profile(profile)
                            .strict(strict)
                            .check_position(check)
                            .castling_mode(mode);
                        let parsed = parser.parse(input);
                        if let Ok(parsed) = &parsed
                            && parsed.written_canonically()
                        {
                            assert_eq!(parsed.dfen.to_string(), *input, "{profile}");
                            canonical += 1;
                        }
                        assert_eq!(
                            outcome(parsed),
                            outcome(general(&parser, input)),
                            "{profile} strict={strict} check={check} {mode}: {input:?}"
                        );
                    }
                }
            }
        }
        // The mutations must leave many inputs plain, or this test would compare little.
        assert!(fast > 500, "only {fast} fast-path inputs");
        assert!(canonical > 500, "only {canonical} inputs known canonical");
    }

    /// The four fields of an EPD position read through the fast path (with clocks appended)
    /// give what the general reader of [`Layout::EpdPosition`] gives, under every setting.
    #[test]
    fn epd_positions_read_the_same_on_both_paths() {
        let mut rng = Rng(0x5eed_1234_abcd_0003);
        let mut inputs: Vec<String> = SEEDS
            .iter()
            .map(|seed| seed.split(' ').take(4).collect::<Vec<_>>().join(" "))
            .collect();
        for _ in 0..3000 {
            let seed = inputs[rng.below(SEEDS.len())].clone();
            inputs.push(mutate(&mut rng, &seed, ALPHABET));
        }
        // How many were read at all: the comparison must not be of refusals alone.
        let mut read = 0usize;
        for input in &inputs {
            for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
                for strict in [false, true] {
                    let parser = Parser::new().profile(profile).strict(strict);
                    let general = parser.layout(Layout::EpdPosition).parse(input);
                    read += usize::from(general.is_ok());
                    assert_eq!(
                        outcome(parser.parse_epd_position(input)),
                        outcome(general),
                        "{profile} strict={strict}: {input:?}"
                    );
                }
            }
        }
        assert!(read > 1000, "{read}");
    }

    /// The census the parser hands on (`parse_counted`, `parse_epd_position_counted`) is the
    /// board it read, piece code by piece code, on both paths and under every profile: the
    /// variant layer builds its bitboards from it instead of reading the board again.
    #[test]
    fn census_is_the_board_read() {
        let mut rng = Rng(0x5eed_1234_abcd_0004);
        let mut inputs: Vec<String> = SEEDS.iter().map(|s| (*s).to_owned()).collect();
        for _ in 0..4000 {
            let seed = SEEDS[rng.below(SEEDS.len())];
            inputs.push(mutate(&mut rng, seed, ALPHABET));
        }
        let (mut read, mut fast) = (0usize, 0usize);
        for input in &inputs {
            let fields = input.split(' ').take(4).collect::<Vec<_>>().join(" ");
            for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
                fast += usize::from(fast_path_taken(profile, input));
                for check in [false, true] {
                    let parser = Parser::new().profile(profile).check_position(check);
                    if let Ok((parsed, census)) = parser.parse_counted(input) {
                        read += 1;
                        assert_eq!(
                            *census.piece_sets(),
                            parsed.dfen.board.piece_sets(),
                            "{profile}: {input:?}"
                        );
                    }
                    let mut census = Census::default();
                    let counted = parser.parse_epd_position_counted(&fields, &mut census);
                    assert_eq!(
                        outcome(counted.clone()),
                        outcome(parser.parse_epd_position(&fields)),
                        "{profile}: {fields:?}"
                    );
                    if let Ok(parsed) = counted {
                        assert_eq!(
                            *census.piece_sets(),
                            parsed.dfen.board.piece_sets(),
                            "{profile}: {fields:?}"
                        );
                    }
                }
            }
        }
        // Both paths must read many inputs, or the test would compare little.
        assert!(read > 2000 && fast > 500, "{read} read, {fast} fast");
    }

    /// Placements built rank by rank, half of them well formed and the rest with one defect (a
    /// rank of 7 or 9 squares, a doubled, missing, leading or trailing slash, a split digit
    /// run): the fast path's placement checks against the general parser's.
    #[test]
    fn fast_path_agrees_on_near_miss_placements() {
        let mut rng = Rng(0x5eed_1234_abcd_0002);
        let (mut fast, mut rejected) = (0usize, 0usize);
        for _ in 0..20_000 {
            let defect = rng.below(14);
            let odd_rank = rng.below(8);
            let mut placement = String::new();
            for rank in 0..8 {
                if rank > 0 {
                    placement.push_str(match defect {
                        2 if rank == odd_rank => "//",
                        3 if rank == odd_rank => "",
                        _ => "/",
                    });
                }
                let width = match defect {
                    0 if rank == odd_rank => 7,
                    1 if rank == odd_rank => 9,
                    _ => 8,
                };
                let (mut filled, mut after_run) = (0, false);
                while filled < width {
                    after_run = !after_run && rng.below(3) == 0;
                    if after_run {
                        let run = 1 + rng.below(width - filled);
                        if defect == 6 && run >= 2 {
                            placement.push_str(&format!("1{}", run - 1));
                        } else {
                            placement.push_str(&run.to_string());
                        }
                        filled += run;
                    } else {
                        placement.push(char::from(b"PNBRQKpnbrqk"[rng.below(12)]));
                        filled += 1;
                    }
                }
            }
            match defect {
                4 => placement.insert(0, '/'),
                5 => placement.push('/'),
                _ => {}
            }
            let input = format!("{placement} w - - 0 1 -");
            let parser = Parser::new();
            let result = parser.parse(&input);
            rejected += usize::from(result.is_err());
            fast += usize::from(fast_path_taken(Profile::Spec, &input));
            if let Ok(parsed) = &result
                && parsed.written_canonically()
            {
                assert_eq!(parsed.dfen.to_string(), input);
            }
            assert_eq!(
                outcome(result),
                outcome(general(&parser, &input)),
                "{input:?}"
            );
        }
        // Both outcomes must be common, or the test would compare little.
        assert!(
            fast > 5_000 && rejected > 5_000,
            "{fast} fast, {rejected} rejected"
        );
    }
}
