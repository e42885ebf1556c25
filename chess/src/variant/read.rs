//! Reading a variant FEN: the dialect's slots are taken out of the text, the six standard
//! fields that remain are read once by the DFEN parser, and the slots are read on their own.

use std::ops::Range;

use super::check::{self, SlotSpans};
use super::{Checks, Dialect, Holdings, PocketOrder, SubTurn, Variant, VariantFen};
use dfen::fen_parts::{Census, color_name};
use dfen::{
    CastlingMode, Code, Color, Finding, MAX_INPUT_LEN, ParseError, Parser, Profile, Severity,
    Square, SquareSet,
};

/// Settings for reading variant FENs.
///
/// ```
/// use chess::variant::{Dialect, Variant, VariantParser};
///
/// // Field 7 of a two-move position says which move of the turn comes next.
/// let parsed = VariantParser::new(Variant::TwoMove)
///     .parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1")
///     .unwrap();
/// assert!(parsed.findings.is_empty());
///
/// // The essay form's fields may be left out: they take their defaults, a fixable finding.
/// let parsed = VariantParser::new(Variant::ThreeCheck)
///     .parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
///     .unwrap();
/// assert_eq!(parsed.findings[0].code.as_str(), "DFEN112");
/// assert_eq!(parsed.fixed().to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0 0");
///
/// // A syntax error in a slot has a code, a span and a message.
/// let err = VariantParser::new(Variant::Crazyhouse)
///     .dialect(Dialect::Stockfish)
///     .parse("4k3/8/8/8/8/8/8/4K3[Kp] w - - 0 1")
///     .unwrap_err();
/// assert_eq!((err.code().as_str(), err.span()), ("DFEN031", 20..21));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantParser {
    pub(super) variant: Variant,
    pub(super) dialect: Dialect,
    pub(super) check_limit: u8,
    pub(super) strict: bool,
    pub(super) check_position: bool,
    pub(super) lenient: bool,
    pub(super) castling_mode: CastlingMode,
}

impl VariantParser {
    /// Reads `variant` in the essay dialect, checks limit 3, not strict.
    #[must_use]
    pub const fn new(variant: Variant) -> VariantParser {
        VariantParser {
            variant,
            dialect: Dialect::Essay,
            check_limit: 3,
            strict: false,
            check_position: true,
            lenient: false,
            castling_mode: CastlingMode::Standard,
        }
    }

    /// With `true`, the standard fields are read as DFEN's `lenient` profile reads them
    /// ([`Profile::Lenient`]): a line without its clocks takes their defaults with the fixable
    /// `DFEN109`, as a clockless FEN does. A three-check counter field may then end such a line
    /// (`3+3` in the stockfish dialect, `+1+0` in lichess's).
    ///
    /// ```
    /// use chess::variant::{Dialect, Variant, VariantParser};
    /// let parsed = VariantParser::new(Variant::Crazyhouse)
    ///     .dialect(Dialect::Stockfish)
    ///     .lenient(true)
    ///     .parse("2k5/8/8/8/8/8/8/4K3[Qn] w - -")
    ///     .unwrap();
    /// assert_eq!(parsed.findings[0].code.as_str(), "DFEN109");
    /// assert_eq!(parsed.fixed().display_as(Dialect::Stockfish).to_string(), "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1");
    /// ```
    #[must_use]
    pub const fn lenient(mut self, lenient: bool) -> VariantParser {
        self.lenient = lenient;
        self
    }

    /// How the castling field is read and judged ([`Parser::castling_mode`]): Chess960 mode
    /// reads the variants' Chess960 starts (crazyhouse960, three-check960).
    #[must_use]
    pub const fn castling_mode(mut self, mode: CastlingMode) -> VariantParser {
        self.castling_mode = mode;
        self
    }

    /// The DFEN parser that reads the six standard fields, with these settings.
    pub(super) const fn standard(&self) -> Parser {
        self.standard_in(if self.lenient {
            Profile::Lenient
        } else {
            Profile::Spec
        })
    }

    /// [`VariantParser::standard`] in `profile`. The one-pass reader reads plain fields alike
    /// in `spec` and `lenient`, and is given `spec`, a constant it is compiled for.
    #[inline(always)]
    pub(super) const fn standard_in(&self, profile: Profile) -> Parser {
        Parser::new()
            .profile(profile)
            .castling_mode(self.castling_mode)
            .strict(self.strict)
            .check_position(self.check_position)
    }

    /// Chooses the dialect to read.
    #[must_use]
    pub const fn dialect(mut self, dialect: Dialect) -> VariantParser {
        self.dialect = dialect;
        self
    }

    /// The number of checks that wins three-check (3 unless told).
    #[must_use]
    pub const fn check_limit(mut self, limit: u8) -> VariantParser {
        self.check_limit = limit;
        self
    }

    /// With `true`, every fixable finding is an error.
    #[must_use]
    pub const fn strict(mut self, strict: bool) -> VariantParser {
        self.strict = strict;
        self
    }

    /// With `false`, only the spelling is checked: no position findings of standard chess, nor
    /// those a variant's rules judge (crazyhouse's material, two-move chess's sub-turn). The
    /// variant's fields are still judged against their own range: a three-check counter beyond
    /// the check limit (`DFEN230`), a promoted mark on a piece that cannot be promoted
    /// (`DFEN232`).
    #[must_use]
    pub const fn check_position(mut self, check: bool) -> VariantParser {
        self.check_position = check;
        self
    }

    /// The variant read.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The dialect read.
    #[must_use]
    pub const fn current_dialect(&self) -> Dialect {
        self.dialect
    }

    /// Parses one variant FEN and collects every finding in one pass.
    ///
    /// # Errors
    /// A [`ParseError`] for the first syntax problem, in the standard fields or in a slot.
    pub fn parse(&self, input: &str) -> Result<VariantParsed, ParseError> {
        let standard = self.standard();
        if self.variant == Variant::Dice {
            if self.dialect != Dialect::Essay {
                return Err(self.no_such_dialect(input));
            }
            let parsed = standard.parse(input)?;
            return Ok(VariantParsed {
                written_canonically: parsed.written_canonically(),
                castling_reading: parsed.castling_reading(),
                position: VariantFen::new(Variant::Dice, parsed.dfen),
                findings: parsed.findings,
            });
        }
        if !self.variant.has_dialect(self.dialect) {
            return Err(self.no_such_dialect(input));
        }
        if input.len() > MAX_INPUT_LEN {
            // Too long (DFEN001, before the fields are counted): the DFEN parser says it.
            return Err(standard
                .parse(input)
                .err()
                .unwrap_or_else(|| self.no_such_dialect(input)));
        }
        // Input in plain form takes the one-pass fast path; anything else, including every input
        // with a syntax error, is read again from the start here, so the results never depend
        // on which path ran.
        // Read in place in the value returned, so that nothing large is moved.
        let mut result = Ok(self.empty_parsed());
        if let Ok(parsed) = &mut result
            && self
                .read_plain(input, parsed, &mut Census::default())
                .is_some()
        {
            return result;
        }
        self.parse_general(input)
    }

    /// [`Self::parse`], with the board's pieces as the one-pass reader found them when it read
    /// `input` (one set of squares per piece code, colour × 6 + role, as
    /// [`dfen::Board::piece_sets`] gives them), so that a caller building bitboards need not
    /// read the board again; `None` beside a line the general reader read.
    pub fn parse_with_pieces(
        &self,
        input: &str,
    ) -> (Result<VariantParsed, ParseError>, Option<[u64; 12]>) {
        if self.variant == Variant::Dice
            || !self.variant.has_dialect(self.dialect)
            || input.len() > MAX_INPUT_LEN
        {
            return (self.parse(input), None);
        }
        // Read in place in the value returned, as `parse` reads, so that nothing large is moved.
        let mut result = (Ok(self.empty_parsed()), None);
        let mut census = Census::default();
        if let (Ok(parsed), pieces) = &mut result
            && self.read_plain(input, parsed, &mut census).is_some()
        {
            let sets = std::array::from_fn(|code| census.slot(code as u8));
            debug_assert_eq!(sets, parsed.position.fen.board.piece_sets(), "{input:?}");
            *pieces = Some(sets);
            return result;
        }
        (self.parse_general(input), None)
    }

    /// For `--dialect auto`, which reads each line in the dialect [`Dialect::detect`] finds:
    /// `input` read by the one-pass reader in this parser's dialect, with the board's pieces
    /// as [`Self::parse_with_pieces`] gives them, when that reading alone proves the line is
    /// written in the dialect (what `detect` would answer). The pieces are `None` when it does
    /// not (a line not in plain form, in another dialect, or a dialect whose plain reading
    /// proves nothing: crazyhouse's lichess form, whose ninth rank may be left off), and the
    /// result then holds nothing of use. Where the pieces are given, `detect` and
    /// `parse_with_pieces` give the same, so a caller that expects the dialect of the line
    /// before may ask this first and skip the detection.
    ///
    /// ```
    /// use chess::variant::{Dialect, Variant, VariantParser};
    /// let parser = VariantParser::new(Variant::ThreeCheck).dialect(Dialect::Stockfish);
    /// let (parsed, pieces) = parser.parse_plain_in_dialect("4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1");
    /// assert!(pieces.is_some());
    /// assert_eq!(parsed.map(|parsed| parsed.position.checks.white), Ok(1));
    /// let (_, pieces) = parser.parse_plain_in_dialect("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0");
    /// assert!(pieces.is_none());
    /// ```
    pub fn parse_plain_in_dialect(
        &self,
        input: &str,
    ) -> (Result<VariantParsed, ParseError>, Option<[u64; 12]>) {
        // Read in place in the value returned, as `parse_with_pieces` reads.
        let mut result = (Ok(self.empty_parsed()), None);
        let proves = match (self.variant, self.dialect) {
            (Variant::ThreeCheck, _) => true,
            (Variant::Crazyhouse, dialect) => dialect != Dialect::Lichess,
            _ => false,
        };
        if !proves || input.len() > MAX_INPUT_LEN {
            return result;
        }
        let mut census = Census::default();
        if let (Ok(parsed), pieces) = &mut result
            && self.read_plain(input, parsed, &mut census).is_some()
        {
            let sets = std::array::from_fn(|code| census.slot(code as u8));
            debug_assert_eq!(sets, parsed.position.fen.board.piece_sets(), "{input:?}");
            debug_assert_eq!(
                Dialect::detect(self.variant, input),
                self.dialect,
                "{input:?}"
            );
            *pieces = Some(sets);
        }
        result
    }

    /// The one-pass reader of [`Self::parse`] alone: `input` read when it is in plain form,
    /// else `None`. Where it reads `input`, [`Self::parse`] gives the same. For a reader that
    /// has a general reader of its own to fall back on (`chess::epd`'s, of a variant's EPD
    /// line).
    #[cfg(test)]
    pub(crate) fn parse_plain(&self, input: &str) -> Option<VariantParsed> {
        let mut parsed = self.empty_parsed();
        self.parse_plain_counted_into(input, &mut parsed)?;
        Some(parsed)
    }

    /// [`Self::parse_plain`], read into `parsed` (overwritten), with the board's pieces as the
    /// reader found them: one set of squares per piece code (colour × 6 + role), as
    /// [`dfen::Board::piece_sets`] gives them. `None` where the one-pass reader does not take
    /// `input`; what `parsed` holds then is unspecified.
    pub(crate) fn parse_plain_counted_into(
        &self,
        input: &str,
        parsed: &mut VariantParsed,
    ) -> Option<[u64; 12]> {
        if self.variant == Variant::Dice
            || !self.variant.has_dialect(self.dialect)
            || input.len() > MAX_INPUT_LEN
        {
            return None;
        }
        parsed.reset(self.variant, self.check_limit, self.castling_mode);
        let mut census = Census::default();
        self.read_plain(input, parsed, &mut census)?;
        let sets = std::array::from_fn(|code| census.slot(code as u8));
        debug_assert_eq!(sets, parsed.position.fen.board.piece_sets(), "{input:?}");
        Some(sets)
    }

    /// Nothing read yet: what [`Self::parse_plain_counted_into`] reads into.
    pub(crate) fn empty_parsed(&self) -> VariantParsed {
        VariantParsed::empty(self.variant, self.check_limit, self.castling_mode)
    }

    /// Reads `input` field by field, with every error and finding worded: what [`Self::parse`]
    /// does with an input that is not in plain form.
    pub(super) fn parse_general(&self, input: &str) -> Result<VariantParsed, ParseError> {
        let standard = self.standard();
        if input.trim_matches([' ', '\t']).is_empty() {
            // Empty (DFEN021, before the fields are counted): the DFEN parser says it.
            return Err(standard
                .parse(input)
                .err()
                .unwrap_or_else(|| self.no_such_dialect(input)));
        }
        let fields = split_fields(input);
        let mut reader = Reader {
            settings: self,
            input,
            fields,
            findings: Vec::new(),
            position: VariantFen::new(self.variant, dfen::fen_parts::EMPTY),
            cuts: Cuts::default(),
            spans: SlotSpans::default(),
            canonical: true,
        };
        reader.position.checks = Checks::new(self.check_limit);
        reader.read(standard)
    }

    #[cold]
    fn no_such_dialect(&self, input: &str) -> ParseError {
        dfen::fen_parts::parse_error(
            Code::DialectUnavailable,
            None,
            0..input.len(),
            format!("a dialect of {}: `essay`", self.variant.name()),
            format!("`{}`", self.dialect.name()),
        )
        .with_help(if self.variant == Variant::Dice {
            "read it with the essay dialect; DFEN's own dialects are the parser's profiles"
        } else {
            "read it with the essay dialect"
        })
    }
}

/// A parsed variant FEN and everything found about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantParsed {
    /// The position as written (fixable findings not yet applied).
    pub position: VariantFen,
    /// Every finding, spans in the input.
    pub findings: Vec<Finding>,
    pub(super) written_canonically: bool,
    /// How the castling field was read ([`dfen::Parsed::castling_reading`]).
    pub(super) castling_reading: CastlingMode,
}

impl VariantParsed {
    /// Nothing read yet: the standard fields empty, the slots at their defaults.
    #[inline(always)]
    pub(super) fn empty(
        variant: Variant,
        check_limit: u8,
        castling_reading: CastlingMode,
    ) -> VariantParsed {
        let mut position = VariantFen::new(variant, dfen::fen_parts::EMPTY);
        position.checks = Checks::new(check_limit);
        VariantParsed {
            position,
            findings: Vec::new(),
            written_canonically: false,
            castling_reading,
        }
    }

    /// Back to [`Self::empty`], in place: the findings' room kept.
    #[inline(always)]
    pub(super) fn reset(
        &mut self,
        variant: Variant,
        check_limit: u8,
        castling_reading: CastlingMode,
    ) {
        self.position.variant = variant;
        self.position.fen = dfen::fen_parts::EMPTY;
        self.position.checks = Checks::new(check_limit);
        self.position.holdings = Holdings::default();
        self.position.promoted = SquareSet::EMPTY;
        self.position.sub_turn = SubTurn::First;
        self.findings.clear();
        self.written_canonically = false;
        self.castling_reading = castling_reading;
    }

    /// The position with every fixable finding applied, its castling rights judged as they
    /// were read ([`VariantParsed::castling_reading`]).
    #[must_use]
    pub fn fixed(&self) -> VariantFen {
        self.position.fixed_in(self.castling_reading)
    }

    /// How the castling field was read and its rights judged, as
    /// [`Parsed::castling_reading`](dfen::Parsed::castling_reading) says.
    #[must_use]
    pub const fn castling_reading(&self) -> CastlingMode {
        self.castling_reading
    }

    /// Whether any finding has error severity.
    #[must_use]
    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(|f| f.severity == Severity::Error)
    }

    /// Whether the input was found to be spelled exactly as the dialect it was read in writes
    /// [`VariantParsed::position`]. `false` may also mean the parser did not establish it.
    #[must_use]
    pub fn written_canonically(&self) -> bool {
        self.written_canonically
    }
}

/// The fields of an input: where each of the first [`MAX_FIELDS`] stands, and how many there are.
struct Fields {
    spans: [(usize, usize); MAX_FIELDS],
    count: usize,
    /// Whether the separators are single spaces with no whitespace around the input.
    plain_spacing: bool,
}

const MAX_FIELDS: usize = 10;

impl Fields {
    fn span(&self, index: usize) -> Option<Range<usize>> {
        (index < self.count)
            .then(|| self.spans.get(index))
            .flatten()
            .map(|&(start, end)| start..end)
    }
}

/// Every field of `input`.
fn split_fields(input: &str) -> Fields {
    let fields = Fields {
        spans: [(0, 0); MAX_FIELDS],
        count: 0,
        plain_spacing: true,
    };
    split_from(input, fields, 0, None)
}

/// Adds the fields of `input` from `at` on to `fields`; `previous_end` is where the field
/// before `at` ended.
fn split_from(
    input: &str,
    mut fields: Fields,
    mut at: usize,
    mut previous_end: Option<usize>,
) -> Fields {
    let bytes = input.as_bytes();
    while at < bytes.len() {
        let rest = bytes.get(at..).unwrap_or_default();
        let start = at + rest.iter().take_while(|b| is_separator(**b)).count();
        if start == bytes.len() {
            fields.plain_spacing = false;
            break;
        }
        let rest = bytes.get(start..).unwrap_or_default();
        let end = start + rest.iter().take_while(|b| !is_separator(**b)).count();
        let gap_plain = match previous_end {
            None => start == 0,
            Some(previous) => start == previous + 1 && bytes.get(previous) == Some(&b' '),
        };
        fields.plain_spacing &= gap_plain;
        if let Some(slot) = fields.spans.get_mut(fields.count) {
            *slot = (start, end);
        }
        fields.count += 1;
        previous_end = Some(end);
        at = end;
    }
    fields
}

const fn is_separator(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// Byte ranges of the input left out of the standard text, in order, so that spans in the
/// standard text can be moved back into the input.
#[derive(Default)]
struct Cuts {
    removed: Vec<Range<usize>>,
}

impl Cuts {
    /// The input span of `span` in the standard text: a non-empty span ends right after its
    /// last byte, not after text cut out behind it.
    fn span_to_input(&self, span: Range<usize>) -> Range<usize> {
        let start = self.to_input(span.start);
        if span.is_empty() {
            return start..start;
        }
        start..self.to_input(span.end - 1) + 1
    }

    /// The input offset of `offset` in the standard text.
    fn to_input(&self, offset: usize) -> usize {
        let mut at = offset;
        for range in &self.removed {
            if range.start <= at {
                at += range.len();
            } else {
                break;
            }
        }
        at
    }
}

struct Reader<'s, 'a> {
    settings: &'s VariantParser,
    input: &'a str,
    fields: Fields,
    findings: Vec<Finding>,
    position: VariantFen,
    cuts: Cuts,
    /// Where the slots were written.
    spans: SlotSpans,
    /// Whether everything read so far is spelled as the dialect writes it.
    canonical: bool,
}

impl<'a> Reader<'_, 'a> {
    /// Reads the input.
    fn read(mut self, standard: Parser) -> Result<VariantParsed, ParseError> {
        let settings = *self.settings;
        let layout = self.layout()?;
        self.spans.board = layout.board.clone();
        let (parsed, census) = self.read_standard(standard, &layout)?;
        self.canonical &= parsed.written_canonically();
        let castling_reading = parsed.castling_reading();
        self.position.fen = parsed.dfen;
        if self.findings.is_empty() {
            self.findings = parsed.findings;
            for finding in &mut self.findings {
                finding.span = self.cuts.span_to_input(finding.span.clone());
            }
        } else {
            for mut finding in parsed.findings {
                finding.span = self.cuts.span_to_input(finding.span);
                self.findings.push(finding);
            }
        }
        if self.position.fen.en_passant.len() > 1 {
            let span = self.fields.span(3).unwrap_or_default();
            return Err(dfen::fen_parts::parse_error(
                Code::BadEnPassant,
                Some(4),
                span,
                "`-` or one square name",
                format!("{} squares", self.position.fen.en_passant.len()),
            ));
        }
        self.read_slots(&layout)?;
        self.trailing_spacing(&layout);
        check::position_findings(
            &self.position,
            &census,
            &self.spans,
            settings.check_position,
            &mut self.findings,
        );
        if settings.strict {
            for finding in &mut self.findings {
                if finding.fixable {
                    finding.severity = Severity::Error;
                }
            }
        }
        Ok(VariantParsed {
            written_canonically: self.canonical && self.findings.is_empty(),
            castling_reading,
            position: self.position,
            findings: self.findings,
        })
    }

    /// Reads the six standard fields with the DFEN parser: the input up to field 6, without
    /// the slots the dialect writes among them.
    fn read_standard(
        &self,
        standard: Parser,
        layout: &Layout,
    ) -> Result<(dfen::Parsed, Census), ParseError> {
        // The six standard fields, read once. Without a cut they are a prefix of the input.
        let six_end = layout.six_end;
        let text_buffer;
        let text: &str = if self.cuts.removed.is_empty() {
            self.input.get(..six_end).unwrap_or_default()
        } else {
            text_buffer = self.standard_text(six_end);
            &text_buffer
        };
        let parser = standard.six_fields();
        let field_shift = layout.checks_field_before_clocks;
        let settings = *self.settings;
        let (parsed, census) = parser.parse_counted(text).map_err(|error| {
            let help_tilde = error.code() == Code::UnknownPiece && error.found() == "`~`";
            let error = dfen::fen_parts::relocated(
                error,
                |span| self.cuts.span_to_input(span),
                |field| if field_shift && field >= 5 { field + 1 } else { field },
            );
            if help_tilde && settings.dialect == Dialect::Essay {
                error.with_help(
                    "the essay dialect lists promoted squares in field 8; `~` marks are read with --dialect stockfish or lichess",
                )
            } else {
                error
            }
        })?;
        Ok((parsed, census))
    }

    /// The standard text: the input up to `end` without the cut ranges.
    fn standard_text(&self, end: usize) -> String {
        let mut text = String::with_capacity(end);
        let mut at = 0;
        for range in &self.cuts.removed {
            text.push_str(self.input.get(at..range.start).unwrap_or_default());
            at = range.end;
        }
        text.push_str(self.input.get(at..end).unwrap_or_default());
        text
    }

    /// Finds the dialect's slots in the input, records what the standard text leaves out, and
    /// checks the field count.
    fn layout(&mut self) -> Result<Layout, ParseError> {
        let variant = self.settings.variant;
        let dialect = self.settings.dialect;
        let checks_field_before_clocks =
            variant == Variant::ThreeCheck && dialect == Dialect::Stockfish;
        // Fields after the six standard ones: (at least, at most).
        let (min_extra, max_extra) = match (variant, dialect) {
            (Variant::Chess, _) => (0, 0),
            (Variant::ThreeCheck, Dialect::Essay) => (0, 2),
            (Variant::ThreeCheck, Dialect::Stockfish) => (0, 1),
            (Variant::ThreeCheck, Dialect::Lichess) => (0, 1),
            (Variant::Crazyhouse, Dialect::Essay) => (0, 2),
            (Variant::Crazyhouse, _) => (0, 0),
            (Variant::TwoMove, _) => (0, 1),
            (Variant::Dice, _) => (1, 1),
        };
        let count = self.fields.count;
        let clockless = self.clockless();
        if clockless.is_none() && (count < 6 + min_extra || count > 6 + max_extra) {
            return Err(self.field_count_error(6 + min_extra, 6 + max_extra));
        }
        let mut layout = Layout {
            six_end: 0,
            checks_field_before_clocks: false,
            extra: None..None,
            board: self.fields.span(0).unwrap_or_default(),
            pocket: None,
        };
        if let Some(counters) = clockless {
            // Four standard fields, the clocks left out (the DFEN parser reports `DFEN109`),
            // and the counters, if any, as a fifth.
            layout.six_end = self.fields.span(3).unwrap_or_default().end;
            if counters {
                let before = self.fields.span(3).unwrap_or_default();
                let field = self.fields.span(4).unwrap_or_default();
                self.cuts.removed.push(before.end..field.end);
                layout.extra = Some(4)..Some(5);
            } else {
                layout.extra = Some(4)..Some(4);
            }
        } else if checks_field_before_clocks && count == 7 {
            // `board side castling ep W+B half full`: the counters come out of the standard text.
            let before = self.fields.span(3).unwrap_or_default();
            let counters = self.fields.span(4).unwrap_or_default();
            // The gap before the counters leaves with them: the DFEN parser will not see it.
            if let Some(finding) = dfen::fen_parts::whitespace_finding(
                self.input,
                before.end..counters.start,
                false,
                false,
            ) {
                self.canonical = false;
                self.findings.push(finding);
            }
            self.cuts.removed.push(before.end..counters.end);
            layout.checks_field_before_clocks = true;
            layout.extra = Some(4)..Some(5);
            layout.six_end = self.fields.span(6).unwrap_or_default().end;
        } else {
            layout.six_end = self.fields.span(5).unwrap_or_default().end;
            layout.extra = Some(6)..(count > 6).then_some(count);
        }
        if variant == Variant::Crazyhouse && dialect != Dialect::Essay {
            self.cut_board_slots(&mut layout)?;
        }
        Ok(layout)
    }

    /// For a line read leniently without its clocks: `Some(false)` for four fields,
    /// `Some(true)` for four and a three-check counter field in the dialect's own spelling
    /// (`3+3` for stockfish, `+1+0` for lichess); `None` otherwise.
    fn clockless(&self) -> Option<bool> {
        if !self.settings.lenient {
            return None;
        }
        match self.fields.count {
            4 => Some(false),
            5 if self.settings.variant == Variant::ThreeCheck => {
                let text = self.text(self.fields.span(4).unwrap_or_default());
                let counters = match self.settings.dialect {
                    Dialect::Stockfish => !text.starts_with('+') && text.contains('+'),
                    Dialect::Lichess => text.starts_with('+'),
                    Dialect::Essay => false,
                };
                counters.then_some(true)
            }
            _ => None,
        }
    }

    #[cold]
    fn field_count_error(&self, min: usize, max: usize) -> ParseError {
        let count = self.fields.count;
        let span = match self.fields.span(max) {
            Some(extra) => extra.start..self.input.trim_end_matches([' ', '\t']).len(),
            None => self.input.len()..self.input.len(),
        };
        let expected = if min == max {
            format!(
                "{min} fields separated by spaces in the {} dialect of {}",
                self.settings.dialect, self.settings.variant
            )
        } else {
            format!(
                "{min} to {max} fields separated by spaces in the {} dialect of {}",
                self.settings.dialect, self.settings.variant
            )
        };
        dfen::fen_parts::parse_error(
            Code::FieldCount,
            None,
            span,
            expected,
            format!("{count} field{}", if count == 1 { "" } else { "s" }),
        )
    }

    /// Takes the pocket (`[...]` or a ninth rank) and the `~` marks out of the board field.
    fn cut_board_slots(&mut self, layout: &mut Layout) -> Result<(), ParseError> {
        let board = layout.board.clone();
        let bytes = self.input.as_bytes();
        let text = bytes.get(board.clone()).unwrap_or_default();
        let (placement_len, pocket) = match self.settings.dialect {
            Dialect::Stockfish => match text.iter().position(|b| *b == b'[') {
                None => (text.len(), None),
                Some(open) => {
                    let close = text.iter().position(|b| *b == b']');
                    match close {
                        Some(close) if close + 1 == text.len() && close > open => {
                            (open, Some(board.start + open + 1..board.start + close))
                        }
                        Some(close) if close > open => {
                            return Err(dfen::fen_parts::parse_error(
                                Code::BadPocket,
                                Some(1),
                                board.start + close + 1..board.end,
                                "the pocket's `]` to end the board field",
                                quote_bytes(text.get(close + 1..).unwrap_or_default()),
                            )
                            .with_help("separate the side to move from the pocket with a space"));
                        }
                        _ => {
                            return Err(dfen::fen_parts::parse_error(
                                Code::BadPocket,
                                Some(1),
                                board.start + open..board.end,
                                "a pocket closed by `]`",
                                quote_bytes(text.get(open..).unwrap_or_default()),
                            ));
                        }
                    }
                }
            },
            _ => {
                let slashes: Vec<usize> = text
                    .iter()
                    .enumerate()
                    .filter_map(|(i, b)| (*b == b'/').then_some(i))
                    .collect();
                match slashes.len() {
                    0..=7 => (text.len(), None),
                    8 => {
                        let eighth = slashes.get(7).copied().unwrap_or_default();
                        (eighth, Some(board.start + eighth + 1..board.end))
                    }
                    n => {
                        let ninth = slashes.get(8).copied().unwrap_or_default();
                        return Err(dfen::fen_parts::parse_error(
                            Code::BadPocket,
                            Some(1),
                            board.start + ninth..board.end,
                            "eight ranks and a ninth for the pocket",
                            format!("{} ranks", n + 1),
                        ));
                    }
                }
            }
        };
        // The `~` marks: each after a piece letter, whose square is counted as the parser will.
        let (mut rank, mut file) = (7u8, 0u8);
        let mut last_square = None;
        for (i, &byte) in text
            .get(..placement_len)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            match byte {
                b'/' => {
                    rank = rank.saturating_sub(1);
                    file = 0;
                    last_square = None;
                }
                b'1'..=b'8' => {
                    file = file.saturating_add(byte - b'0');
                    last_square = None;
                }
                b'~' => {
                    let at = board.start + i;
                    self.spans.marks.push((at, last_square));
                    self.cuts.removed.push(at..at + 1);
                    last_square = None;
                }
                _ => {
                    last_square = Square::new(file, rank);
                    file = file.saturating_add(1);
                }
            }
        }
        match pocket {
            Some(pocket) => {
                // The pocket and its delimiters leave the standard text.
                self.cuts
                    .removed
                    .push(board.start + placement_len..board.end);
                layout.pocket = Some(pocket);
            }
            None => {
                let at = board.end;
                let (expected, help) = if self.settings.dialect == Dialect::Stockfish {
                    (
                        "the pocket as `[...]` after the board",
                        "append `[]`: an empty pocket",
                    )
                } else {
                    (
                        "the pocket as a ninth rank after the board",
                        "append `/`: an empty pocket",
                    )
                };
                self.missing_fields(at, expected, "none", help);
            }
        }
        Ok(())
    }

    /// Reads the slots after the standard fields are in.
    fn read_slots(&mut self, layout: &Layout) -> Result<(), ParseError> {
        let variant = self.settings.variant;
        let dialect = self.settings.dialect;
        // At most two slot fields: kept on the stack.
        let mut slots: [Range<usize>; 2] = [0..0, 0..0];
        let mut count = 0;
        if let (Some(first), Some(end)) = (layout.extra.start, layout.extra.end) {
            for (slot, index) in slots.iter_mut().zip(first..end) {
                if let Some(span) = self.fields.span(index) {
                    *slot = span;
                    count += 1;
                }
            }
        }
        let extra = slots.get(..count).unwrap_or_default();
        match (variant, dialect) {
            (Variant::ThreeCheck, Dialect::Essay) => {
                let mut given = [0u8; 2];
                for (slot, span) in given.iter_mut().zip(extra) {
                    *slot = self.counter(span.clone(), "a number of checks given, such as `0`")?;
                }
                self.position.checks.white = given[0];
                self.position.checks.black = given[1];
                if let (Some(first), Some(last)) = (extra.first(), extra.last()) {
                    self.spans.checks = Some(first.start..last.end);
                }
                if extra.len() < 2 {
                    let at = self.content_end();
                    let which = if extra.is_empty() {
                        "neither"
                    } else {
                        "only White's"
                    };
                    self.missing_fields(
                        at,
                        "the checks given by White and by Black as fields 7 and 8",
                        which,
                        if extra.is_empty() {
                            "append ` 0 0`: no check given"
                        } else {
                            "append ` 0`: no check given by Black"
                        },
                    );
                }
            }
            (Variant::ThreeCheck, Dialect::Stockfish) => match extra.first() {
                Some(span) => self.remaining_checks(span.clone())?,
                None => {
                    let at = self.fields.span(3).unwrap_or_default().end;
                    self.missing_fields(
                        at,
                        "the remaining checks (`3+3`) after the en-passant field",
                        "none",
                        "insert ` 3+3` after the en-passant field: no check given",
                    );
                }
            },
            (Variant::ThreeCheck, Dialect::Lichess) => match extra.first() {
                Some(span) => {
                    self.spans.checks = Some(span.clone());
                    self.given_checks(span.clone())?;
                }
                None => {
                    let at = self.content_end();
                    self.missing_fields(
                        at,
                        "the checks given (`+0+0`) after the clocks",
                        "none",
                        "append ` +0+0`: no check given",
                    );
                }
            },
            (Variant::Crazyhouse, Dialect::Essay) => {
                if let Some(span) = extra.first() {
                    self.spans.holdings = Some(span.clone());
                    self.holdings(span.clone(), true)?;
                }
                if let Some(span) = extra.get(1) {
                    self.spans.promoted = Some(span.clone());
                    self.promoted_squares(span.clone())?;
                }
                if extra.len() < 2 {
                    let at = self.content_end();
                    let which = if extra.is_empty() {
                        "neither"
                    } else {
                        "only the holdings"
                    };
                    self.missing_fields(
                        at,
                        "the holdings and the promoted squares as fields 7 and 8",
                        which,
                        if extra.is_empty() {
                            "append ` - -`: nothing held, nothing promoted"
                        } else {
                            "append ` -`: nothing promoted"
                        },
                    );
                }
            }
            (Variant::Crazyhouse, _) => {
                if let Some(pocket) = layout.pocket.clone() {
                    self.spans.holdings = Some(pocket.clone());
                    self.holdings(pocket, false)?;
                }
                for square in self.spans.marks.iter().filter_map(|(_, square)| *square) {
                    self.position.promoted.insert(square);
                }
            }
            (Variant::TwoMove, _) => match extra.first() {
                Some(span) => {
                    self.spans.sub_turn = Some(span.clone());
                    let text = self.text(span.clone());
                    self.position.sub_turn = match text {
                        "1" => SubTurn::First,
                        "2" => SubTurn::Second,
                        _ => {
                            return Err(dfen::fen_parts::parse_error(
                                Code::BadSubTurn,
                                Some(7),
                                span.clone(),
                                "`1` or `2`",
                                dfen::fen_parts::quote(text),
                            ));
                        }
                    };
                }
                None => {
                    let at = self.content_end();
                    self.missing_fields(
                        at,
                        "the sub-turn `1` or `2` as field 7",
                        "none",
                        "append ` 1`: the first move of the turn",
                    );
                }
            },
            (Variant::Chess | Variant::Dice, _) => {}
        }
        Ok(())
    }

    fn text(&self, span: Range<usize>) -> &'a str {
        self.input.get(span).unwrap_or_default()
    }

    /// Where the input's content ends (before trailing whitespace).
    fn content_end(&self) -> usize {
        self.input.trim_end_matches([' ', '\t']).len()
    }

    /// `DFEN112` at `at`: the slots the dialect writes there are missing and take their defaults.
    fn missing_fields(
        &mut self,
        at: usize,
        expected: &'static str,
        found: &'static str,
        help: &'static str,
    ) {
        self.canonical = false;
        let title = Code::MissingVariantFields.title();
        self.findings.push(
            Finding::new(
                Code::MissingVariantFields,
                Severity::Warning,
                at..at,
                format!("{title}: expected {expected}, found {found}"),
            )
            .with_fixable(true)
            .with_help(help),
        );
    }

    /// A check counter: `0`, or a number without leading zeros, at most 255.
    fn counter(&self, span: Range<usize>, expected: &'static str) -> Result<u8, ParseError> {
        let text = self.text(span.clone());
        match counter_value(text.as_bytes()) {
            Some(value) => Ok(value),
            None => Err(dfen::fen_parts::parse_error(
                Code::BadCheckCount,
                None,
                span,
                expected,
                dfen::fen_parts::quote(text),
            )),
        }
    }

    /// The stockfish dialect's `W+B`: checks remaining.
    fn remaining_checks(&mut self, span: Range<usize>) -> Result<(), ParseError> {
        let text = self.text(span.clone());
        let Some(plus) = remaining_plus(text.as_bytes()) else {
            return Err(dfen::fen_parts::parse_error(
                Code::BadCheckCount,
                Some(5),
                span,
                "the checks remaining to each side as `W+B`, such as `3+3`",
                dfen::fen_parts::quote(text),
            ));
        };
        let limit = self.settings.check_limit;
        let white = self.counter(
            span.start..span.start + plus,
            "the checks remaining to White, such as `3`",
        )?;
        let black = self.counter(
            span.start + plus + 1..span.end,
            "the checks remaining to Black, such as `3`",
        )?;
        for (remaining, color, at) in [
            (white, Color::White, span.start..span.start + plus),
            (black, Color::Black, span.start + plus + 1..span.end),
        ] {
            if remaining > limit {
                self.findings.push(Finding::new(
                    Code::ChecksBeyondLimit,
                    Severity::Error,
                    at,
                    format!(
                        "{}: expected at most {limit} checks remaining to {}, found {remaining}",
                        Code::ChecksBeyondLimit.title(),
                        color_name(color)
                    ),
                ));
            }
        }
        self.position.checks.white = limit.saturating_sub(white);
        self.position.checks.black = limit.saturating_sub(black);
        Ok(())
    }

    /// The lichess dialect's `+W+B`: checks given.
    fn given_checks(&mut self, span: Range<usize>) -> Result<(), ParseError> {
        let text = self.text(span.clone());
        let Some(second) = given_second_plus(text.as_bytes()) else {
            return Err(dfen::fen_parts::parse_error(
                Code::BadCheckCount,
                Some(7),
                span,
                "the checks given by each side as `+W+B`, such as `+0+0`",
                dfen::fen_parts::quote(text),
            ));
        };
        self.position.checks.white = self.counter(
            span.start + 1..span.start + second,
            "the checks given by White, such as `0`",
        )?;
        self.position.checks.black = self.counter(
            span.start + second + 1..span.end,
            "the checks given by Black, such as `0`",
        )?;
        Ok(())
    }

    /// A pocket's letters (`-` for none in the essay field), with the order finding.
    fn holdings(&mut self, span: Range<usize>, essay_field: bool) -> Result<(), ParseError> {
        let text = self.text(span.clone());
        let (mut holdings, order) = read_holdings(text.as_bytes(), essay_field)
            .map_err(|i| bad_holdings_letter(text, span.start, i, essay_field))?;
        match order {
            Some(order) => holdings.order = order,
            None => {
                self.canonical = false;
                let mut canonical = String::new();
                let _ = holdings.write_letters(&mut canonical, PocketOrder::PawnFirst);
                self.findings.push(
                    Finding::new(
                        Code::PocketOrder,
                        Severity::Warning,
                        span,
                        format!(
                            "{}: expected White's pieces first, each colour in the order P N B R Q, found `{text}`",
                            Code::PocketOrder.title()
                        ),
                    )
                    .with_fixable(true)
                    .with_help(format!("write `{canonical}`")),
                );
            }
        }
        self.position.holdings = holdings;
        Ok(())
    }

    /// The essay dialect's promoted squares: `-` or comma-separated square names.
    fn promoted_squares(&mut self, span: Range<usize>) -> Result<(), ParseError> {
        let text = self.text(span.clone());
        let (set, in_order) = match read_promoted(text) {
            Ok(read) => read,
            Err((name, repeated)) => {
                let at = span.start + name.start;
                let name = text.get(name).unwrap_or_default();
                let error = if repeated {
                    dfen::fen_parts::parse_error(
                        Code::BadPromotedSquares,
                        Some(8),
                        at..at + name.len(),
                        "each promoted square once",
                        format!("`{name}` again"),
                    )
                    .with_help(format!("remove the second `{name}`"))
                } else {
                    dfen::fen_parts::parse_error(
                        Code::BadPromotedSquares,
                        Some(8),
                        at..at + name.len(),
                        "`-` or square names separated by commas, such as `a8,h1`",
                        dfen::fen_parts::quote(name),
                    )
                };
                return Err(error);
            }
        };
        if !in_order {
            self.canonical = false;
            let mut canonical = String::new();
            let _ = super::write_squares(&mut canonical, set);
            self.findings.push(
                Finding::new(
                    Code::PromotedOrder,
                    Severity::Warning,
                    span,
                    format!(
                        "{}: expected the squares in alphabetical order, found `{text}`",
                        Code::PromotedOrder.title()
                    ),
                )
                .with_fixable(true)
                .with_help(format!("write `{canonical}`")),
            );
        }
        self.position.promoted = set;
        Ok(())
    }

    /// Whitespace after the last standard field: one space before each slot field, nothing
    /// at the end. (The DFEN parser has checked the standard part.)
    fn trailing_spacing(&mut self, layout: &Layout) {
        if self.fields.plain_spacing {
            return;
        }
        let bytes = self.input.as_bytes();
        let mut at = layout.six_end;
        while at < bytes.len() {
            let gap = bytes
                .get(at..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| is_separator(**b))
                .count();
            let end = at + gap;
            if let Some(finding) =
                dfen::fen_parts::whitespace_finding(self.input, at..end, false, end == bytes.len())
            {
                self.canonical = false;
                self.findings.push(finding);
            }
            let field = bytes
                .get(end..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| !is_separator(**b))
                .count();
            at = end + field;
        }
    }
}

/// Where a dialect put the slots of one input.
pub(super) struct Layout {
    /// The end of the last standard field (field 6, or 7 with the stockfish counters).
    six_end: usize,
    /// Whether the stockfish counters stood between en passant and the clocks.
    checks_field_before_clocks: bool,
    /// The indices of the slot fields: `start` is the first, `end` one past the last.
    extra: Range<Option<usize>>,
    /// The board field's span.
    pub(super) board: Range<usize>,
    /// The pocket's letters inside the board field (stockfish and lichess).
    pub(super) pocket: Option<Range<usize>>,
}

/// A check counter's value: `0`, or digits without a leading zero, at most 255.
pub(super) fn counter_value(bytes: &[u8]) -> Option<u8> {
    let mut value: Option<u8> = match bytes {
        [] | [b'0', _, ..] => None,
        _ => Some(0),
    };
    for &byte in bytes {
        value = value.and_then(|value| {
            let digit = byte.checked_sub(b'0').filter(|digit| *digit <= 9)?;
            value.checked_mul(10)?.checked_add(digit)
        });
    }
    value
}

/// Where the `+` of the stockfish dialect's `W+B` stands, with something before it.
fn remaining_plus(text: &[u8]) -> Option<usize> {
    text.iter()
        .position(|&byte| byte == b'+')
        .filter(|&plus| plus > 0)
}

/// Where the second `+` of the lichess dialect's `+W+B` stands.
fn given_second_plus(text: &[u8]) -> Option<usize> {
    let rest = text.strip_prefix(b"+")?;
    rest.iter().position(|&byte| byte == b'+').map(|i| i + 1)
}

/// A pocket's letters (`-` alone is none in the essay field): the holdings, and the order they
/// are written in (`None`: no order the dialect keeps). `Err` has the byte of a letter that is
/// not a piece that can be held.
pub(super) fn read_holdings(
    text: &[u8],
    essay_field: bool,
) -> Result<(Holdings, Option<PocketOrder>), usize> {
    if essay_field && text == b"-" {
        return Ok((Holdings::default(), Some(PocketOrder::PawnFirst)));
    }
    let (holdings, order, letters) = read_pocket_letters(text, essay_field);
    if letters < text.len() {
        return Err(letters);
    }
    Ok((holdings, order))
}

/// The pocket letters at the start of `text`, up to the first byte that is not a piece that can
/// be held: the holdings, the order they are written in (as [`read_holdings`] says it), and how
/// many bytes they take.
#[inline(always)]
pub(super) fn read_pocket_letters(
    text: &[u8],
    essay_field: bool,
) -> (Holdings, Option<PocketOrder>, usize) {
    // Whether the letters so far are in each order: White before Black, and within a
    // colour P N B R Q (the slot number rises) or Q R B N P (its queen-first key rises).
    let mut counts = [0u16; 16];
    let (mut pawn_first, mut queen_first) = (true, true);
    let (mut last_slot, mut last_queen_first) = (0u8, 0u8);
    let mut letters = 0;
    for &byte in text {
        let keys = POCKET_KEYS
            .get(usize::from(byte))
            .copied()
            .unwrap_or(NOT_HELD);
        if keys == NOT_HELD {
            break;
        }
        let (slot, queen_first_key) = (keys & 15, keys >> 4);
        if let Some(count) = counts.get_mut(usize::from(slot)) {
            // At most MAX_INPUT_LEN letters: no wrap.
            *count = count.wrapping_add(1);
        }
        pawn_first &= slot >= last_slot;
        queen_first &= queen_first_key >= last_queen_first;
        (last_slot, last_queen_first) = (slot, queen_first_key);
        letters += 1;
    }
    let mut holdings = Holdings::default();
    for (held, count) in holdings.counts.as_flattened_mut().iter_mut().zip(counts) {
        *held = count;
    }
    let order = if pawn_first {
        Some(PocketOrder::PawnFirst)
    } else if !essay_field && queen_first {
        Some(PocketOrder::QueenFirst)
    } else {
        None
    };
    (holdings, order, letters)
}

/// The essay dialect's promoted squares (`-`, or square names separated by commas): the set,
/// and whether the names are in alphabetical order. `Err` has the span in `text` of the first
/// name that is not a square, or (`true`) that names a square again.
pub(super) fn read_promoted(text: &str) -> Result<(SquareSet, bool), (Range<usize>, bool)> {
    let mut set = SquareSet::EMPTY;
    if text == "-" {
        return Ok((set, true));
    }
    let mut previous: Option<(u8, u8)> = None;
    let mut in_order = true;
    let mut at = 0;
    for name in text.split(',') {
        let span = at..at + name.len();
        let square = Square::from_name(name).ok_or((span.clone(), false))?;
        if !set.insert(square) {
            return Err((span, true));
        }
        let key = (square.file(), square.rank());
        in_order &= previous.is_none_or(|previous| previous < key);
        previous = Some(key);
        at += name.len() + 1;
    }
    Ok((set, in_order))
}

/// For each byte that is a piece that can be held, its two order keys: its pocket slot
/// (colour × 5 + the role's place in P N B R Q) in the low four bits, and the same for the order
/// Q R B N P in the high four. [`NOT_HELD`] for any other byte.
// Evaluated at compile time: an index out of range would fail the build, not panic.
#[allow(clippy::indexing_slicing)]
static POCKET_KEYS: [u8; 256] = {
    let mut table = [NOT_HELD; 256];
    let letters = *b"PNBRQpnbrq";
    let mut slot = 0;
    while slot < letters.len() {
        let queen_first = slot / 5 * 5 + (4 - slot % 5);
        table[letters[slot] as usize] = (queen_first << 4 | slot) as u8;
        slot += 1;
    }
    table
};

/// [`POCKET_KEYS`] of a byte that is not a piece that can be held.
const NOT_HELD: u8 = u8::MAX;

/// `DFEN031` for the letter at byte `i` of the holdings `text`, which starts at `start`.
#[cold]
fn bad_holdings_letter(text: &str, start: usize, i: usize, essay_field: bool) -> ParseError {
    // `i` may fall inside a character: point at the whole character.
    let mut at = i;
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let c = text
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or('?');
    let error = dfen::fen_parts::parse_error(
        Code::BadHoldingsLetter,
        Some(if essay_field { 7 } else { 1 }),
        start + at..start + at + c.len_utf8(),
        "a piece that can be held: one of `PNBRQ` for White, `pnbrq` for Black",
        dfen::fen_parts::quote(text.get(at..at + c.len_utf8()).unwrap_or_default()),
    );
    if c == '-' && essay_field {
        error.with_help("write `-` alone for empty holdings")
    } else if matches!(c, 'K' | 'k') {
        error.with_help("kings are never held: remove it")
    } else {
        error
    }
}

fn quote_bytes(bytes: &[u8]) -> String {
    dfen::fen_parts::quote(&String::from_utf8_lossy(bytes))
}
