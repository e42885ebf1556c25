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

use chess::epd::{Epd, ParsedEpd};
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

/// A line with the variant's marks cut out, and where they were.
struct Split<'a> {
    /// The line without them: standard EPD.
    standard: std::borrow::Cow<'a, str>,
    /// Each cut: its offset in `standard` and the bytes cut there, in order.
    cuts: Vec<(usize, usize)>,
    /// The end of the variant's position fields in the line.
    fields_end: usize,
    /// The dialect the variant's state is written in.
    dialect: Dialect,
}

impl Split<'_> {
    /// An offset of `standard` as an offset of the line.
    fn offset(&self, at: usize) -> usize {
        at + self
            .cuts
            .iter()
            .take_while(|(cut, _)| *cut <= at)
            .map(|(_, len)| len)
            .sum::<usize>()
    }

    /// A span of `standard` as a span of the line.
    fn span(&self, span: &Range<usize>) -> Range<usize> {
        let start = self.offset(span.start);
        start..start.max(self.offset(span.end))
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
            let counter = words.get(4).filter(|w| {
                line[(*w).clone()].split_once('+').is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
                })
            });
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
            cuts: Vec::new(),
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
        cuts,
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
    pub(super) line: VariantEpd,
    pub(super) parsed: ParsedEpd,
    pub(super) findings: Vec<Finding>,
    /// The variant library's position, for its moves, perft and identity.
    pub(super) rules: variants::Position,
}

/// Reads `line`, an EPD line of `variant`; `verify_perft` counts its `D<n>` operations up to
/// that depth. A line that cannot be read is refused.
pub(super) fn read(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Result<Read, Rejection> {
    let split = split(variant, line);
    let mut parsed = super::epd::parser(settings)
        .parse(&split.standard)
        .map_err(|error| {
            let mut finding = super::epd::error_finding(&error);
            finding.span = split.span(&finding.span);
            Rejection::from(finding)
        })?;
    let mut findings = converted(std::mem::take(&mut parsed.position_findings));
    findings.extend(
        std::mem::take(&mut parsed.findings)
            .into_iter()
            .map(finding_of),
    );
    for finding in &mut findings {
        finding.span = split.span(&finding.span);
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
    let variant_parsed = VariantParser::new(variant)
        .dialect(split.dialect)
        .castling_mode(settings.castling_mode)
        .check_position(false)
        .parse(&fen)
        .map_err(|error| {
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
    let rules_variant = match variant {
        Variant::ThreeCheck => variants::Variant::ThreeCheck,
        _ => variants::Variant::Crazyhouse,
    };
    let chess960 = settings.castling_mode == dfen::CastlingMode::Chess960;
    let rules =
        variants::Position::from_variant_fen(rules_variant, &variant_parsed.position, chess960);
    let mut judged = super::rules::reported_position(&rules, &fen, settings);
    for finding in &mut judged {
        finding.span = within(&finding.span);
    }
    let valid = !judged
        .iter()
        .chain(&findings)
        .any(|f| f.severity == dfen::Severity::Error);
    findings.extend(judged);
    if valid {
        for mut finding in super::rules::operation_findings(
            rules_variant,
            &rules,
            &parsed.epd,
            settings,
            verify_perft,
        ) {
            finding.span = split.span(&finding.span);
            findings.push(finding);
        }
    }
    findings.sort_by_key(|f| f.span.start);
    Ok(Read {
        line: VariantEpd {
            position: variant_parsed.position,
            epd: parsed.epd.clone(),
            dialect: split.dialect,
        },
        parsed,
        findings,
        rules,
    })
}

/// Reads `line` to use it (`convert`): refused on its first error.
pub(super) fn read_line(
    variant: Variant,
    line: &str,
    settings: ReadSettings,
) -> Result<VariantEpd, Rejection> {
    let read = read(variant, line, settings, None)?;
    match read
        .findings
        .into_iter()
        .find(|f| super::epd::refuses(f, settings))
    {
        Some(error) => Err(error.into()),
        None => Ok(read.line),
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
    let read = match read(variant, text, settings, work.verify_perft()) {
        Ok(read) => read,
        Err(rejection) => return Analysis::rejected(rejection.finding, None),
    };
    let canonical = if work.wants_canonical() {
        let fixed = read.parsed.fixed();
        let position = read.line.position.fixed_in(settings.castling_mode);
        let writer = settings
            .for_line(text)
            .writer(dfen::Profile::Spec, dfen::rules::Game::Standard);
        let written = write_with(&fixed, &position, read.line.dialect, &writer);
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
    let mut analysis = Analysis::accepted(read.findings, canonical, identity);
    analysis.unique = read.parsed.epd.id().map(|id| {
        Box::new(Unique {
            value: id.text().to_owned(),
            span: split(variant, text).span(&id.span()),
        })
    });
    analysis
}
