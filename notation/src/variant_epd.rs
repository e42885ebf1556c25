//! EPD lines of three-check and crazyhouse, as python-chess reads and writes them
//! (`spec/variants.md` §11): the four position fields, three-check's remaining checks as a
//! fifth field `W+B`, crazyhouse's pocket after the board (`[Qn]`, or lichess's ninth rank)
//! and `~` after each promoted piece; then the operations, the clocks as `hmvc` and `fmvn`.
//!
//! The line is read twice over, each reader on its own part: `chess`'s EPD reader reads the
//! line without the variant's marks (the standard four fields and the operations), and
//! `chess`'s variant parser reads the position fields as the variant's dialect writes them;
//! the position is then judged by `fenkit-variants`.

use std::ops::Range;

use chess::epd::{Epd, ParsedEpd, VariantRead};
use chess::variant::{Dialect, Variant, VariantFen, VariantParser};

use super::analysis::{Identity, Unique, converted};
use super::{Analysis, ReadSettings, Rejection, Work};
use crate::code::{Finding, finding_of};

/// A three-check or crazyhouse EPD line: the variant's position (its clocks those of `hmvc`
/// and `fmvn`), the line's standard part (the four fields, as `chess::epd` reads them, and
/// the operations), and the dialect its variant state is written in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantEpd {
    /// The variant's position.
    pub position: VariantFen,
    /// The line without the variant's state: the four fields and the operations.
    pub epd: Epd,
    /// How the variant's state is written: python-chess's (`Stockfish`), or for crazyhouse
    /// the pocket as lichess's ninth rank (`Lichess`).
    pub dialect: Dialect,
}

/// The dialect variant of `rules` whose EPD lines carry state of their own: three-check's
/// checks, crazyhouse's pockets; `None` for every other variant, whose EPD is standard.
pub(super) fn epd_variant(rules: Option<variants::Variant>) -> Option<Variant> {
    match rules? {
        variants::Variant::ThreeCheck => Some(Variant::ThreeCheck),
        variants::Variant::Crazyhouse => Some(Variant::Crazyhouse),
        _ => None,
    }
}

/// The position fields of the variant's EPD form: three-check writes its counter as a fifth.
fn position_fields(variant: Variant) -> usize {
    if variant == Variant::ThreeCheck { 5 } else { 4 }
}

/// The byte ranges of the whitespace-separated words of `line`, in order.
fn word_ranges(line: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    let bytes = line.as_bytes();
    let space = |byte: u8| byte == b' ' || byte == b'\t';
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() && space(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && !space(bytes[at]) {
            at += 1;
        }
        Some(start..at)
    })
}

/// The byte ranges of the whitespace-separated words of `line`.
fn words(line: &str) -> Vec<Range<usize>> {
    word_ranges(line).collect()
}

/// Where a line's variant marks were cut out: each cut's offset in the line without them,
/// and the bytes cut there, in order.
#[derive(Debug, Default)]
pub(super) struct Cuts(Vec<(usize, usize)>);

impl Cuts {
    /// An offset of the line without the marks as an offset of the line.
    fn offset(&self, at: usize) -> usize {
        at + self
            .0
            .iter()
            .take_while(|(cut, _)| *cut <= at)
            .map(|(_, len)| len)
            .sum::<usize>()
    }

    /// A span of the line without the marks as a span of the line.
    pub(super) fn span(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.offset(span.start);
        start..start.max(self.offset(span.end))
    }
}

/// A line with the variant's marks cut out, and where they were.
struct Split<'a> {
    /// The line without them: standard EPD.
    standard: std::borrow::Cow<'a, str>,
    /// Where they were.
    cuts: Cuts,
    /// The end of the variant's position fields in the line.
    fields_end: usize,
    /// The dialect the variant's state is written in.
    dialect: Dialect,
}

/// Whether `word` is a three-check counter as python-chess writes it after the four fields:
/// digits, `+`, digits.
fn is_counter(word: &str) -> bool {
    let bytes = word.as_bytes();
    let Some(plus) = memchr::memchr(b'+', bytes) else {
        return false;
    };
    let (white, black) = (&bytes[..plus], &bytes[plus + 1..]);
    !white.is_empty() && !black.is_empty() && white.iter().chain(black).all(u8::is_ascii_digit)
}

/// Where the variant's position fields end in `line` (after three-check's counter, when the
/// fifth word is one), and the dialect its state is written in (crazyhouse's pocket as a
/// ninth rank is lichess's).
fn fields_of(variant: Variant, line: &str) -> (usize, Dialect) {
    let bytes = line.as_bytes();
    let space = |at: usize| bytes.get(at).is_some_and(|&b| b == b' ' || b == b'\t');
    // The words one after another, found without a vector (this runs on every line): the
    // board's end by a search, the short fields' a byte at a time.
    let mut at = 0;
    let mut next_word = |long: bool| {
        while space(at) {
            at += 1;
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        if long {
            at = memchr::memchr2(b' ', b'\t', &bytes[at..]).map_or(bytes.len(), |end| at + end);
        } else {
            while at < bytes.len() && !space(at) {
                at += 1;
            }
        }
        Some(start..at)
    };
    let board = next_word(true);
    let fourth = next_word(false)
        .and_then(|_| next_word(false))
        .and_then(|_| next_word(false));
    match variant {
        Variant::ThreeCheck => match (fourth, next_word(false)) {
            (Some(_), Some(counter)) if is_counter(&line[counter.clone()]) => {
                (counter.end, Dialect::Stockfish)
            }
            (fourth, _) => (fourth.map_or(line.len(), |w| w.end), Dialect::Stockfish),
        },
        _ => {
            let text = board.map_or(&b""[..], |board| &bytes[board]);
            let ninth_rank = memchr::memchr(b'[', text).is_none()
                && memchr::memchr_iter(b'/', text).nth(7).is_some();
            let dialect = if ninth_rank {
                Dialect::Lichess
            } else {
                Dialect::Stockfish
            };
            (fourth.map_or(line.len(), |w| w.end), dialect)
        }
    }
}

/// Cuts the variant's marks out of `line`: three-check's counter field, crazyhouse's pocket
/// and promoted marks.
fn split(variant: Variant, line: &str) -> Split<'_> {
    // The first five words: the position fields and three-check's counter.
    let mut words: [Option<Range<usize>>; 5] = Default::default();
    for (slot, word) in words.iter_mut().zip(word_ranges(line)) {
        *slot = Some(word);
    }
    let words: Vec<Range<usize>> = words.into_iter().map_while(|word| word).collect();
    let mut removed: Vec<Range<usize>> = Vec::new();
    let mut dialect = Dialect::Stockfish;
    let mut fields_end = words.get(3).map_or(line.len(), |w| w.end);
    match variant {
        Variant::ThreeCheck => {
            let counter = words.get(4).filter(|w| is_counter(&line[(*w).clone()]));
            if let (Some(counter), Some(before)) = (counter, words.get(3)) {
                removed.push(before.end..counter.end);
                fields_end = counter.end;
            }
        }
        _ => {
            if let Some(board) = words.first() {
                let text = &line[board.clone()];
                let pocket = text.find('[').or_else(|| {
                    text.match_indices('/')
                        .nth(7)
                        .map(|(i, _)| i)
                        .inspect(|_| dialect = Dialect::Lichess)
                });
                let marks_end = pocket.map_or(board.end, |p| board.start + p);
                for (i, _) in line[board.start..marks_end].match_indices('~') {
                    removed.push(board.start + i..board.start + i + 1);
                }
                if pocket.is_some() {
                    removed.push(marks_end..board.end);
                }
            }
        }
    }
    if removed.is_empty() {
        return Split {
            standard: std::borrow::Cow::Borrowed(line),
            cuts: Cuts::default(),
            fields_end,
            dialect,
        };
    }
    let mut standard = String::with_capacity(line.len());
    let mut cuts = Vec::with_capacity(removed.len());
    let mut at = 0;
    for range in removed {
        standard.push_str(&line[at..range.start]);
        cuts.push((standard.len(), range.len()));
        at = range.end;
    }
    standard.push_str(&line[at..]);
    Split {
        standard: std::borrow::Cow::Owned(standard),
        cuts: Cuts(cuts),
        fields_end,
        dialect,
    }
}

/// Whether a finding of the variant parser is about the variant's own state (its fields,
/// pockets, marks, counters), which `chess`'s EPD reader has not seen.
fn about_variant_state(finding: &dfen::Finding) -> bool {
    let code = finding.code.as_str();
    ["DFEN03", "DFEN11", "DFEN23"]
        .iter()
        .any(|prefix| code.starts_with(prefix))
}

/// A variant EPD line read, with every finding about it (spans in the line).
pub(super) struct Read {
    /// The line's standard part, as `chess::epd` read it (`line.parsed`), and the variant's
    /// position (`line.variant.position`).
    pub(super) line: Box<VariantRead>,
    /// How the variant's state is written.
    pub(super) dialect: Dialect,
    pub(super) findings: Vec<Finding>,
    /// The variant library's position, for its moves, perft and identity.
    pub(super) rules: variants::Position,
    /// What was cut out of the line for `parsed`, whose spans are in the line without it.
    pub(super) cuts: Cuts,
}

/// The variant parser of `variant`'s EPD position fields, in `dialect`.
fn variant_parser(variant: Variant, dialect: Dialect, settings: ReadSettings) -> VariantParser {
    VariantParser::new(variant)
        .dialect(dialect)
        .castling_mode(settings.castling_mode)
        .check_position(false)
}

/// Reads `line`, an EPD line of `variant`; `verify_perft` counts its `D<n>` operations up to
/// that depth. A line that cannot be read is refused.
///
/// A line in the form its dialect writes is read once ([`EpdParser::parse_variant`]); any
/// other is read by both readers ([`read_twice`]), which word every problem.
///
/// [`EpdParser::parse_variant`]: chess::epd::EpdParser::parse_variant
pub(super) fn read(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Result<Read, Rejection> {
    read_in(variant, line, settings, verify_perft, true, None)
}

/// [`read`]; with `once` false, by both readers whatever the line (to test that the two ways
/// agree).
fn read_in(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
    once: bool,
    places: Option<Box<VariantRead>>,
) -> Result<Read, Rejection> {
    let (fields_end, dialect) = fields_of(variant, line);
    let parser = variant_parser(variant, dialect, settings);
    // Read once, the line is read into its place in the result, not returned and moved; a
    // place given is used again, with the room its vectors have.
    let mut places = places.unwrap_or_else(|| Box::new(VariantRead::new(&parser)));
    let once = once
        && super::epd::parser(settings).parse_variant_into(line, fields_end, &parser, &mut places);
    let rules_variant = match variant {
        Variant::ThreeCheck => variants::Variant::ThreeCheck,
        _ => variants::Variant::Crazyhouse,
    };
    let chess960 = settings.castling_mode == dfen::CastlingMode::Chess960;
    // The board's pieces come with the line read once: the rules' bitboards are made from
    // them, not from the board read again.
    let mut read = if once {
        let findings = std::mem::take(&mut places.parsed.findings)
            .into_iter()
            .map(finding_of)
            .collect();
        let rules = variants::Position::from_variant_fen_with(
            rules_variant,
            &places.variant.position,
            &places.pieces,
            chess960,
        );
        Read {
            line: places,
            dialect,
            findings,
            rules,
            cuts: Cuts::default(),
        }
    } else {
        let (parsed, position, findings, cuts) = read_twice(variant, line, settings, parser)?;
        let rules = variants::Position::from_variant_fen(rules_variant, &position, chess960);
        places.parsed = parsed;
        places.variant.position = position;
        places.variant.findings.clear();
        Read {
            line: places,
            dialect,
            findings,
            rules,
            cuts,
        }
    };
    // The spans of the rules' findings are those of the fields' words: the clocks after them
    // are none of theirs.
    let fields = line.get(..fields_end).unwrap_or(line);
    let judged = super::rules::reported_position(&read.rules, fields, settings);
    let valid = !judged
        .iter()
        .chain(&read.findings)
        .any(|f| f.severity == dfen::Severity::Error);
    read.findings.extend(judged);
    if valid {
        for mut finding in super::rules::operation_findings(
            rules_variant,
            &read.rules,
            &read.line.parsed.epd,
            settings,
            verify_perft,
        ) {
            finding.span = read.cuts.span(&finding.span);
            read.findings.push(finding);
        }
    }
    read.findings.sort_by_key(|f| f.span.start);
    Ok(read)
}

impl Read {
    /// The line read, and its findings.
    pub(super) fn into_line(self) -> (VariantEpd, Vec<Finding>) {
        (
            VariantEpd {
                position: self.line.variant.position,
                epd: self.line.parsed.epd,
                dialect: self.dialect,
            },
            self.findings,
        )
    }
}

/// Reads `line` with both readers: `chess::epd`'s reads it with the variant's marks cut out,
/// `parser` reads its position fields with the clocks of the operations after them. Returns
/// the standard part, the variant's position and the findings of both (spans in the line).
fn read_twice(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
    parser: VariantParser,
) -> Result<(ParsedEpd, VariantFen, Vec<Finding>, Cuts), Rejection> {
    let split = split(variant, line);
    debug_assert_eq!(split.dialect, parser.current_dialect(), "{line:?}");
    let mut parsed = super::epd::parser(settings)
        .parse(&split.standard)
        .map_err(|error| {
            let mut finding = super::epd::error_finding(&error);
            finding.span = split.cuts.span(&finding.span);
            Rejection::from(finding)
        })?;
    let mut findings = converted(std::mem::take(&mut parsed.position_findings));
    findings.extend(
        std::mem::take(&mut parsed.findings)
            .into_iter()
            .map(finding_of),
    );
    for finding in &mut findings {
        finding.span = split.cuts.span(&finding.span);
    }
    // The variant's position fields, with the clocks the operations give (a line with its
    // clocks takes the variant parser's fast path).
    let standard = parsed.epd.position();
    let mut fen = String::with_capacity(split.fields_end + 8);
    fen.push_str(&line[..split.fields_end]);
    if standard.halfmove == 0 && standard.fullmove.get() == 1 {
        fen.push_str(" 0 1");
    } else {
        use std::fmt::Write as _;
        let _ = write!(fen, " {} {}", standard.halfmove, standard.fullmove);
    }
    let within =
        |span: &Range<usize>| span.start.min(split.fields_end)..span.end.min(split.fields_end);
    let variant_parsed = parser.parse(&fen).map_err(|error| {
        let mut finding = finding_of(error.to_finding());
        finding.span = within(&finding.span);
        Rejection::from(finding)
    })?;
    findings.extend(
        converted(
            variant_parsed
                .findings
                .into_iter()
                .filter(about_variant_state)
                .collect(),
        )
        .into_iter()
        .map(|mut finding| {
            finding.span = within(&finding.span);
            finding
        }),
    );
    Ok((parsed, variant_parsed.position, findings, split.cuts))
}

/// Reads `line` to use it (`convert`): refused on its first error.
pub(super) fn read_line(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
) -> Result<VariantEpd, Rejection> {
    let (line, findings) = read(variant, line, settings, None)?.into_line();
    match findings
        .into_iter()
        .find(|f| super::epd::refuses(f, settings))
    {
        Some(error) => Err(error.into()),
        None => Ok(line),
    }
}

/// Writes `epd` (the standard part of a line) with `position`'s state put back in, in
/// `dialect`: the counter after the four fields, the board with its marks and pocket.
fn write_with(epd: &Epd, position: &VariantFen, dialect: Dialect, writer: &dfen::Writer) -> String {
    let standard = epd.display_with(writer).to_string();
    let variant = position.display_as(dialect).to_string();
    let variant_words = words(&variant);
    let standard_words = words(&standard);
    match position.variant {
        Variant::ThreeCheck => {
            let at = standard_words.get(3).map_or(standard.len(), |w| w.end);
            let counter = variant_words.get(4).map_or("", |w| &variant[w.clone()]);
            format!("{} {counter}{}", &standard[..at], &standard[at..])
        }
        _ => {
            let at = standard_words.first().map_or(0, |w| w.end);
            let board = variant_words.first().map_or("", |w| &variant[w.clone()]);
            format!("{board}{}", &standard[at..])
        }
    }
}

impl VariantEpd {
    /// `position` as an EPD line without operations, in python-chess's form.
    ///
    /// # Errors
    /// What EPD cannot hold of the standard fields (several en-passant squares).
    pub fn from_variant(position: &VariantFen) -> Result<VariantEpd, dfen::LossyConversion> {
        Ok(VariantEpd {
            epd: Epd::from_fen(&position.fen)?,
            position: position.clone(),
            dialect: Dialect::Stockfish,
        })
    }

    /// The line as it was read, spellings canonical, written by `writer`.
    pub fn write(&self, writer: &dfen::Writer) -> String {
        write_with(&self.epd, &self.position, self.dialect, writer)
    }

    /// The variant's position fields (four, or five for three-check) as [`VariantEpd::write`]
    /// writes them, without the operations.
    pub fn position_fields(&self, writer: &dfen::Writer) -> String {
        let line = self.write(writer);
        let end = words(&line)
            .get(position_fields(self.position.variant) - 1)
            .map_or(line.len(), |w| w.end);
        line[..end].to_owned()
    }
}

/// `check` and `fmt` of a variant EPD line: its findings, its canonical form with the fixes
/// applied, its identity and its `id`.
pub(super) fn analyze(work: &mut Work, variant: Variant, text: &str) -> Analysis {
    let settings = work.settings;
    // The line read is used where `read` left it, not moved out of its `Result`, and its place
    // is kept for the next line.
    let places = PLACES.take();
    let mut result = read_in(variant, text, settings, work.verify_perft(), true, places);
    let read = match result {
        Ok(ref mut read) => read,
        Err(rejection) => return Analysis::rejected(rejection.finding, None),
    };
    let canonical = if work.wants_canonical() {
        let fixed = read.line.parsed.fixed();
        let position = read.line.variant.position.fixed_in(settings.castling_mode);
        let writer = settings
            .for_line(text)
            .writer(dfen::Profile::Spec, dfen::rules::Game::Standard);
        let written = write_with(&fixed, &position, read.dialect, &writer);
        work.canonical_form(text, |out| {
            out.push_str(&written);
            Ok(())
        })
    } else {
        None
    };
    let identity = work
        .identity()
        .map(|ep| Identity::of_key(read.rules.identity_key(ep)));
    let mut analysis = Analysis::accepted(std::mem::take(&mut read.findings), canonical, identity);
    analysis.unique = read.line.parsed.epd.id().map(|id| {
        Box::new(Unique {
            value: id.text().to_owned(),
            span: read.cuts.span(&id.span()),
        })
    });
    if let Ok(read) = result {
        PLACES.set(Some(read.line));
    }
    analysis
}

thread_local! {
    /// The place [`analyze`] reads a line into, kept from one line to the next.
    static PLACES: std::cell::Cell<Option<Box<VariantRead>>> = const { std::cell::Cell::new(None) };
}

#[cfg(test)]
#[path = "../../dfen/tests/support/strategies.rs"]
mod test_strategies;

#[cfg(test)]
mod tests {
    use super::test_strategies::{Rng, mutate};
    use super::*;

    /// Three-check and crazyhouse EPD lines in every form the readers take, with operations.
    const SEEDS: &[(Variant, &str)] = &[
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkb1r/pppp1ppp/5n2/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 bm Qxf7+; id \"t.1\";",
        ),
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 1+2 hmvc 0; fmvn 2; D1 30;",
        ),
        (
            Variant::ThreeCheck,
            "4k3/8/8/8/8/8/8/4K2R w K - 3+1 ;D1 15 ;D2 75",
        ),
        (
            Variant::ThreeCheck,
            "4k3/8/8/8/8/8/8/4K3 b - - bm Kd7; c0 \"no counter\";",
        ),
        (
            Variant::Crazyhouse,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq -",
        ),
        (
            Variant::Crazyhouse,
            "r1bqk2r/ppp2ppp/2n5/8/1Q~6/8/PPPP1PPP/R1B1K1NR[PPNpb] b KQkq - bm N@d4; id \"z\";",
        ),
        (
            Variant::Crazyhouse,
            "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - hmvc 3; fmvn 9; D1 100;",
        ),
        (
            Variant::Crazyhouse,
            "Q~3k3/8/8/8/8/8/8/4KR~2[] w - - id \"promoted\";",
        ),
        (
            Variant::Crazyhouse,
            "r1bqk2r/ppp2ppp/2n5/8/1Q~6/8/PPPP1PPP/R1B1K1NR/PPNpb b KQkq - am Qxb7;",
        ),
        (Variant::Crazyhouse, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"),
    ];

    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '0', '1', '3', '8', '/', ' ',
        '-', '+', '~', '[', ']', 'w', 'b', 'e', '\t', ';', '"', '@', 'D', 'x',
    ];

    /// Everything a read gives that a command shows: the findings, the line as read and as
    /// `fmt` writes it, the `id`'s span, the position's identity.
    fn shown(read: Result<Read, Rejection>) -> String {
        match read {
            Err(rejection) => format!("refused: {:?}", rejection.finding),
            Ok(read) => {
                let writer = dfen::Writer::new();
                let fixed = read.line.parsed.fixed();
                let position = read.line.variant.position.fixed();
                let id = read
                    .line
                    .parsed
                    .epd
                    .id()
                    .map(|id| read.cuts.span(&id.span()));
                let identity = read.rules.identity_key(dfen::rules::EpIdentity::Legal);
                let (line, findings) = read.into_line();
                // The line as read, by meaning: its `Epd` keeps the text it was read from.
                format!(
                    "{:?}\n{:?} {:?} {:?} {}\n{}\n{}\n{:?}\n{}",
                    findings,
                    line.position,
                    line.dialect,
                    line.epd.position(),
                    line.epd,
                    line.write(&writer),
                    write_with(&fixed, &position, line.dialect, &writer),
                    id,
                    identity,
                )
            }
        }
    }

    /// A line read once gives what both readers give: the findings, their spans and messages,
    /// the position, the canonical form.
    #[test]
    fn reading_once_agrees_with_both_readers() {
        let mut rng = Rng(0x0e9d_7a21_0039_0005);
        let mut lines: Vec<(Variant, String)> = SEEDS
            .iter()
            .map(|&(variant, line)| (variant, line.to_owned()))
            .collect();
        for _ in 0..8_000 {
            let (variant, seed) = SEEDS[rng.below(SEEDS.len())];
            lines.push((variant, mutate(&mut rng, seed, ALPHABET)));
        }
        let mut once = 0;
        let mut kept: Option<Box<VariantRead>> = None;
        for strict in [false, true] {
            for chess960 in [false, true] {
                for (variant, line) in &lines {
                    let rules = match variant {
                        Variant::ThreeCheck => variants::Variant::ThreeCheck,
                        _ => variants::Variant::Crazyhouse,
                    };
                    let settings = ReadSettings {
                        strict,
                        castling_mode: if chess960 {
                            dfen::CastlingMode::Chess960
                        } else {
                            dfen::CastlingMode::Standard
                        },
                        rules: Some(rules),
                        ..ReadSettings::default()
                    };
                    let (fields_end, dialect) = fields_of(*variant, line);
                    let split = split(*variant, line);
                    assert_eq!(
                        (fields_end, dialect),
                        (split.fields_end, split.dialect),
                        "{line:?}"
                    );
                    once += usize::from(
                        super::super::epd::parser(settings)
                            .parse_variant(
                                line,
                                fields_end,
                                &variant_parser(*variant, dialect, settings),
                            )
                            .is_some(),
                    );
                    let fresh = shown(read_in(*variant, line, settings, Some(1), true, None));
                    assert_eq!(
                        fresh,
                        shown(read_in(*variant, line, settings, Some(1), false, None)),
                        "{variant} strict={strict} chess960={chess960}: {line:?}"
                    );
                    // Read into the place the lines before left, as `analyze` reads: nothing
                    // of theirs may show.
                    let read = read_in(*variant, line, settings, Some(1), true, kept.take());
                    if let Ok(read) = &read {
                        kept = Some(read.line.clone());
                    }
                    assert_eq!(
                        fresh,
                        shown(read),
                        "{variant} strict={strict} chess960={chess960}, a place kept: {line:?}"
                    );
                }
            }
        }
        // Many lines must be read once, or this test would compare little.
        assert!(once > 2_000, "only {once} lines read once");
    }
}
