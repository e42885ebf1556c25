//! Notations, their detection, and one uniform view of what the libraries find.

use std::fmt::Write as _;
use std::path::Path;

use fenkit_diagnostics::Severity;

use crate::code::{CliCode, Code, Finding, cli_error, finding_of};

/// The notation of a position file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Notation {
    /// Dice Chess FEN, seven fields (`.dfen`).
    Dfen,
    /// Standard six-field FEN, read with the DFEN parser and written back with six fields (`.fen`).
    Fen,
    /// 4D placement literals (`.fen4`); a literal may continue on lines that start with
    /// whitespace.
    Fen4,
    /// NDJSON4 replay files, one JSON object per line (`.ndjson4`, `.jsonl`).
    Ndjson4,
    /// A chess variant's FEN (three-check, crazyhouse, two-move chess) in one of its dialects:
    /// chosen with `--variant` and `--dialect`, never by extension or content.
    Variant(VariantNotation),
}

/// The notations `--notation` names (a variant is chosen with `--variant`).
const NAMED: [Notation; 4] = [
    Notation::Dfen,
    Notation::Fen,
    Notation::Fen4,
    Notation::Ndjson4,
];

impl clap::ValueEnum for Notation {
    fn value_variants<'a>() -> &'a [Self] {
        &NAMED
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        use clap::builder::PossibleValue;
        let (name, help) = match self {
            Notation::Dfen => ("dfen", "Dice Chess FEN, seven fields (`.dfen`)"),
            Notation::Fen => (
                "fen",
                "Standard six-field FEN, read with the DFEN parser and written back with six \
                 fields (`.fen`)",
            ),
            Notation::Fen4 => (
                "fen4",
                "4D placement literals (`.fen4`); a literal may continue on lines that start \
                 with whitespace",
            ),
            Notation::Ndjson4 => (
                "ndjson4",
                "NDJSON4 replay files, one JSON object per line (`.ndjson4`, `.jsonl`)",
            ),
            Notation::Variant(_) => return None,
        };
        Some(PossibleValue::new(name).help(help))
    }
}

impl std::fmt::Display for Notation {
    /// The name, and for a variant its dialect (and check limit, when not 3): what a golden
    /// report's header says it read.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())?;
        if let Notation::Variant(notation) = self {
            write!(f, " ({} dialect", notation.dialect)?;
            if notation.variant == dfen::variant::Variant::ThreeCheck && notation.check_limit != 3 {
                write!(f, ", check limit {}", notation.check_limit)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// How a variant's positions are read and written: three-check, crazyhouse or two-move chess
/// (standard chess is [`Notation::Fen`], Dice Chess [`Notation::Dfen`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct VariantNotation {
    /// The variant.
    pub(crate) variant: dfen::variant::Variant,
    /// The dialect read.
    pub(crate) dialect: dfen::variant::Dialect,
    /// The dialect the canonical form is written in (`fmt --to-dialect`; else `dialect`).
    pub(crate) write: dfen::variant::Dialect,
    /// Three-check's number of checks that wins.
    pub(crate) check_limit: u8,
}

impl VariantNotation {
    /// The library's parser for this variant and dialect. Every command reads variant
    /// positions through it.
    pub(crate) fn parser(self) -> dfen::variant::VariantParser {
        dfen::variant::VariantParser::new(self.variant)
            .dialect(self.dialect)
            .check_limit(self.check_limit)
    }

    /// Reads one position, its syntax error as a finding.
    pub(crate) fn read(self, text: &str) -> Result<dfen::variant::VariantParsed, Finding> {
        self.parser()
            .parse(text)
            .map_err(|error| dfen_error_finding(&error))
    }
}

impl Notation {
    /// The name used on the command line and in reports (a variant's name for a variant).
    pub(crate) fn name(self) -> &'static str {
        match self {
            Notation::Dfen => "dfen",
            Notation::Fen => "fen",
            Notation::Fen4 => "fen4",
            Notation::Ndjson4 => "ndjson4",
            Notation::Variant(notation) => notation.variant.name(),
        }
    }

    /// The notation implied by a file extension.
    pub(crate) fn from_extension(path: &Path) -> Option<Notation> {
        match path.extension()?.to_str()? {
            "dfen" => Some(Notation::Dfen),
            "fen" => Some(Notation::Fen),
            "fen4" => Some(Notation::Fen4),
            "ndjson4" | "jsonl" => Some(Notation::Ndjson4),
            _ => None,
        }
    }

    /// Guesses the notation from the first position line of a file.
    pub(crate) fn sniff(first_position: &[u8]) -> Notation {
        let trimmed = first_position.trim_ascii_start();
        if trimmed.starts_with(b"4d-fen") {
            Notation::Fen4
        } else if trimmed.starts_with(b"{") {
            Notation::Ndjson4
        } else {
            Notation::Dfen
        }
    }

    /// Guesses the notation of a text from its first position line: the first line, after a
    /// BOM, that is neither blank nor a `#` comment (DFEN when there is none).
    pub(crate) fn sniff_text(text: &[u8]) -> Notation {
        Notation::sniff_start(text, true).unwrap_or(Notation::Dfen)
    }

    /// [`Notation::sniff_text`] of the start of a text, `at_end` when nothing follows it.
    /// `Err(skip)` while the start does not tell yet: the first position line has not begun,
    /// or has too few bytes to tell. `skip` is the length of the BOM and the whole blank and
    /// comment lines at the start, which the next call, on the text grown longer, need not
    /// read again (it is given the text after them).
    pub(crate) fn sniff_start(text: &[u8], at_end: bool) -> Result<Notation, usize> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        if !at_end && text.len() < BOM.len() && BOM.starts_with(text) {
            return Err(0);
        }
        let mut skip = if text.starts_with(BOM) { BOM.len() } else { 0 };
        loop {
            let rest = text.get(skip..).unwrap_or_default();
            let line = match memchr::memchr(b'\n', rest) {
                Some(end) => rest.get(..end).unwrap_or_default(),
                None => rest,
            };
            let complete = line.len() < rest.len();
            let content = line.trim_ascii();
            if content.is_empty() || content.starts_with(b"#") {
                if complete {
                    skip += line.len() + 1;
                    continue;
                }
                return if at_end {
                    Ok(Notation::Dfen)
                } else {
                    Err(skip)
                };
            }
            // "4d-fen" is the longest start that tells.
            return if complete || at_end || line.trim_ascii_start().len() >= 6 {
                Ok(Notation::sniff(line))
            } else {
                Err(skip)
            };
        }
    }

    /// Whether positions may continue on following lines that start with whitespace.
    pub(crate) fn has_continuation_lines(self) -> bool {
        self == Notation::Fen4
    }
}

/// The key that makes an NDJSON4 record a header (spec/ndjson4.md §1), not a frame.
const HEADER_KEY: &str = "bridge_version";

/// What one NDJSON4 line holds, read as `check` reads it: the first JSON value of the line
/// (text after it is a portability warning, FEN4352, not a different record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Frame {
    /// A header record: no position.
    Header,
    /// A frame, with its `fen4` literal.
    Literal(String),
}

/// Reads one NDJSON4 line as a [`Frame`]; the error (`FENKIT010`, spanning the line) says what
/// was expected and what was found. Every command that takes the literal out of a frame does
/// it here.
pub(crate) fn read_frame(line: &str) -> Result<Frame, Finding> {
    let bad = |message: String| cli_error(CliCode::BadJsonInput, 0..line.len(), message);
    let first = serde_json::Deserializer::from_str(line)
        .into_iter::<serde_json::Value>()
        .next();
    let map = match first {
        Some(Ok(serde_json::Value::Object(map))) => map,
        Some(Ok(_)) => {
            return Err(bad(
                "expected an NDJSON4 frame (a JSON object), found another JSON value".to_owned(),
            ));
        }
        Some(Err(error)) => {
            return Err(bad(format!(
                "expected an NDJSON4 frame (a JSON object), found text that is not JSON: {error}"
            )));
        }
        None => {
            return Err(bad(
                "expected an NDJSON4 frame, found an empty line".to_owned()
            ));
        }
    };
    if map.contains_key(HEADER_KEY) {
        return Ok(Frame::Header);
    }
    match map.get("fen4").and_then(serde_json::Value::as_str) {
        Some(literal) => Ok(Frame::Literal(literal.to_owned())),
        None => Err(bad(
            "expected an NDJSON4 frame with a `fen4` string, found none".to_owned(),
        )),
    }
}

/// Options for reading positions, shared by `check`, `fmt`, `parse` and `snapshot`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ReadSettings {
    /// The DFEN dialect to read and (for `fmt`) to write. `lenient` writes `spec`.
    pub(crate) profile: dfen::Profile,
    /// Non-canonical forms become errors.
    pub(crate) strict: bool,
}

/// Where the FEN4 reference parsers put a rejection: their numeric code and character
/// offset, reported beside fenkit's own code so that users of the references can match them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fen4Reference {
    /// The reference parsers' code, `-1` to `-6` (`0` when only `--strict` rejected it).
    pub(crate) code: i32,
    /// The offset in characters.
    pub(crate) offset: usize,
}

impl Fen4Reference {
    pub(crate) fn of(error: &fen4::ParseError) -> Fen4Reference {
        Fen4Reference {
            code: error.ref_code(),
            offset: error.offset(),
        }
    }
}

/// A DFEN syntax error as a finding, with its help where the fix is certain.
fn dfen_error_finding(error: &dfen::ParseError) -> Finding {
    finding_of(error.to_finding())
}

/// What was found about one position.
#[derive(Debug, Clone, Default)]
pub(crate) struct Analysis {
    /// Every finding, in the library's order.
    pub(crate) findings: Vec<Finding>,
    /// The canonical form with every fixable finding applied; `None` when the position is
    /// rejected (a syntax error or an error-severity finding), the notation has no canonical
    /// form (NDJSON4 lines are kept as written), or the analyser was asked to skip it (always,
    /// or when it equals the text as written).
    pub(crate) canonical: Option<String>,
    /// Whether the position was rejected.
    pub(crate) rejected: bool,
    /// For a rejected FEN4 literal: where the reference parsers put the error.
    pub(crate) reference: Option<Fen4Reference>,
}

impl Analysis {
    fn rejected(finding: Finding, reference: Option<Fen4Reference>) -> Analysis {
        Analysis {
            findings: fixable_only_if_formatted(vec![finding]),
            canonical: None,
            rejected: true,
            reference,
        }
    }

    fn accepted(findings: Vec<Finding>, canonical: Option<String>) -> Analysis {
        let rejected = findings.iter().any(|f| f.severity == Severity::Error);
        let findings = fixable_only_if_formatted(findings);
        Analysis {
            canonical: if rejected { None } else { canonical },
            findings,
            rejected,
            reference: None,
        }
    }
}

/// A position's findings with `fixable` as `fmt` will act: `fmt` leaves a position with an
/// error it cannot fix exactly as written, so then none of its findings is fixable, however
/// easily the library could repair it alone. (Under `--strict`, errors that are only
/// non-canonical forms stay fixable: `fmt`, which reads without `--strict`, fixes them.)
fn fixable_only_if_formatted(mut findings: Vec<Finding>) -> Vec<Finding> {
    if findings
        .iter()
        .any(|f| f.severity == Severity::Error && !f.fixable)
    {
        for finding in &mut findings {
            finding.fixable = false;
        }
    }
    findings
}

/// Which canonical forms an [`Analyzer`] writes into [`Analysis::canonical`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CanonicalForms {
    /// None (`check` needs only the findings).
    Skip,
    /// Every accepted position's.
    All,
    /// Only those that differ from the text as written (`fmt`): the rest are never allocated.
    Changed,
}

/// Which fixes a DFEN's canonical form has applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fixes {
    /// Spellings and position fixes (dead castling rights and en-passant squares dropped), as
    /// `fmt` writes.
    All,
    /// Spellings only: the position as read, as the reference engine's writer writes it.
    Spelling,
}

/// Analyses the positions of one file, in order (NDJSON4 checks need the previous lines).
pub(crate) struct Analyzer {
    notation: Notation,
    settings: ReadSettings,
    fixes: Fixes,
    ndjson: Option<fen4::Ndjson4Validator>,
    canonical: CanonicalForms,
    /// Where canonical forms are written before they are compared with the input.
    scratch: String,
    /// The FEN4 parse of the line before, whose storage the next line reuses.
    fen4: fen4::Parsed,
}

impl Analyzer {
    /// An analyser for one file.
    pub(crate) fn new(notation: Notation, settings: ReadSettings) -> Analyzer {
        let ndjson = (notation == Notation::Ndjson4).then(fen4::Ndjson4Validator::new);
        Analyzer {
            notation,
            settings,
            fixes: Fixes::All,
            ndjson,
            canonical: CanonicalForms::All,
            scratch: String::new(),
            fen4: fen4::Parsed::new(),
        }
    }

    /// This analyser without the canonical form: [`Analysis::canonical`] stays `None` for DFEN
    /// and FEN4 (standard FEN still converts, since that conversion can add a finding).
    pub(crate) fn without_canonical(mut self) -> Analyzer {
        self.canonical = CanonicalForms::Skip;
        self
    }

    /// This analyser with [`Analysis::canonical`] set only when the canonical form differs
    /// from the text as written, which saves an allocation per canonical line.
    pub(crate) fn changed_canonical_only(mut self) -> Analyzer {
        self.canonical = CanonicalForms::Changed;
        self
    }

    /// The analyser whose canonical form is the adapter answer (`spec/adapter-protocol.md`):
    /// `fmt`'s form, except in the engine dialect, whose answer is what the reference engine's
    /// writer writes, with spelling fixes only (`spec/dfen.md` §10).
    pub(crate) fn adapter(notation: Notation, settings: ReadSettings) -> Analyzer {
        let mut analyzer = Analyzer::new(notation, settings);
        if settings.profile == dfen::Profile::Engine {
            analyzer.fixes = Fixes::Spelling;
        }
        analyzer
    }

    /// Whether each position is analysed on its own (every notation but NDJSON4, whose checks
    /// depend on the lines before).
    pub(crate) fn is_stateless(&self) -> bool {
        self.ndjson.is_none()
    }

    /// A copy for another thread, when positions are analysed each on its own.
    pub(crate) fn stateless_copy(&self) -> Option<Analyzer> {
        self.is_stateless().then(|| Analyzer {
            notation: self.notation,
            settings: self.settings,
            fixes: self.fixes,
            ndjson: None,
            canonical: self.canonical,
            scratch: String::new(),
            fen4: fen4::Parsed::new(),
        })
    }

    /// The notation this analyser reads.
    pub(crate) fn notation(&self) -> Notation {
        self.notation
    }

    /// Analyses one position; `line` is its line number (used by NDJSON4 findings).
    pub(crate) fn analyze(&mut self, line: usize, text: &str) -> Analysis {
        match self.notation {
            Notation::Dfen => self.analyze_dfen(text),
            Notation::Fen => analyze_fen(text, self.settings),
            Notation::Fen4 => self.analyze_fen4(text),
            Notation::Ndjson4 => match &mut self.ndjson {
                Some(validator) => analyze_ndjson4(validator, line, text),
                None => Analysis::default(),
            },
            Notation::Variant(notation) => self.analyze_variant(notation, text),
        }
    }

    /// A variant position, as a DFEN is analysed: its findings, and its canonical form in the
    /// dialect the notation writes.
    fn analyze_variant(&mut self, notation: VariantNotation, text: &str) -> Analysis {
        match notation.parser().strict(self.settings.strict).parse(text) {
            Err(error) => Analysis::rejected(dfen_error_finding(&error), None),
            Ok(parsed) => {
                let canonical = match self.canonical {
                    CanonicalForms::Skip => None,
                    CanonicalForms::All | CanonicalForms::Changed => {
                        let fixed = match self.fixes {
                            Fixes::All => parsed.fixed(),
                            Fixes::Spelling => parsed.position.clone(),
                        };
                        let unchanged = self.canonical == CanonicalForms::Changed
                            && notation.write == notation.dialect
                            && parsed.written_canonically()
                            && fixed == parsed.position;
                        if unchanged {
                            None
                        } else {
                            self.canonical_form(text, |out| {
                                write!(out, "{}", fixed.display_as(notation.write))
                            })
                        }
                    }
                };
                Analysis::accepted(converted(parsed.findings), canonical)
            }
        }
    }

    fn analyze_dfen(&mut self, text: &str) -> Analysis {
        match dfen_parser(self.settings).parse(text) {
            Err(error) => Analysis::rejected(dfen_error_finding(&error), None),
            Ok(parsed) => {
                let profile = self.settings.profile;
                let canonical = match self.canonical {
                    CanonicalForms::Skip => None,
                    CanonicalForms::All | CanonicalForms::Changed => {
                        let fixed = match self.fixes {
                            Fixes::All => parsed.fixed(),
                            Fixes::Spelling => parsed.dfen.clone(),
                        };
                        // Most positions of a formatted file are written canonically already:
                        // then (the library says so, and no fix changes the position) the
                        // canonical form is the text itself, and `fmt` need not write it to
                        // find that out.
                        let unchanged = self.canonical == CanonicalForms::Changed
                            && parsed.written_canonically()
                            && fixed == parsed.dfen;
                        if unchanged {
                            None
                        } else {
                            self.canonical_form(text, |out| write_dfen_to(out, &fixed, profile))
                        }
                    }
                };
                Analysis::accepted(converted(parsed.findings), canonical)
            }
        }
    }

    fn analyze_fen4(&mut self, text: &str) -> Analysis {
        // One `Parsed` serves every line, so its storage is allocated once.
        let mut parsed = std::mem::take(&mut self.fen4);
        let result = fen4::Parser::new()
            .strict(self.settings.strict)
            .parse_into(text, &mut parsed);
        let analysis = match result {
            Err(error) => Analysis::rejected(
                finding_of(error.to_finding()),
                Some(Fen4Reference::of(&error)),
            ),
            Ok(()) => {
                // As for DFEN: a literal written canonically is its own canonical form.
                let canonical =
                    if self.canonical == CanonicalForms::Changed && parsed.written_canonically() {
                        None
                    } else {
                        self.canonical_form(text, |out| write!(out, "{}", parsed.placement))
                    };
                let findings = if parsed.findings.is_empty() {
                    Vec::new()
                } else {
                    parsed.findings.drain(..).map(finding_of).collect()
                };
                Analysis::accepted(findings, canonical)
            }
        };
        self.fen4 = parsed;
        analysis
    }

    /// The canonical form `write` produces, as [`CanonicalForms`] asks.
    fn canonical_form(
        &mut self,
        text: &str,
        write: impl FnOnce(&mut String) -> std::fmt::Result,
    ) -> Option<String> {
        match self.canonical {
            CanonicalForms::Skip => None,
            CanonicalForms::All => {
                let mut out = String::with_capacity(text.len());
                write(&mut out).ok()?;
                Some(out)
            }
            CanonicalForms::Changed => {
                self.scratch.clear();
                write(&mut self.scratch).ok()?;
                (self.scratch != text).then(|| self.scratch.clone())
            }
        }
    }
}

/// A library's findings in the CLI's form. Most positions have none, and then nothing is done.
fn converted<C: Into<Code>>(findings: Vec<fenkit_diagnostics::Finding<C>>) -> Vec<Finding> {
    if findings.is_empty() {
        return Vec::new();
    }
    findings.into_iter().map(finding_of).collect()
}

/// Whether the reference engine's dialect explains the `findings` a DFEN position has under
/// another profile: it reads the position with no error, and either the other profile found an
/// error or the engine's dialect finds nothing at all. A sign that the position's file is
/// written in that dialect (four fields, a missing dice field, dice in either case).
pub(crate) fn engine_dialect_explains(text: &str, findings: &[Finding]) -> bool {
    let had_error = findings.iter().any(|f| f.severity == Severity::Error);
    dfen::Parser::new()
        .profile(dfen::Profile::Engine)
        .parse(text)
        .is_ok_and(|parsed| {
            let engine_error = parsed
                .findings
                .iter()
                .any(|f| f.severity == Severity::Error);
            !engine_error && (had_error || parsed.findings.is_empty())
        })
}

fn dfen_parser(settings: ReadSettings) -> dfen::Parser {
    dfen::Parser::new()
        .profile(settings.profile)
        .strict(settings.strict)
}

/// The text `fmt` writes for a DFEN in the requested dialect.
pub(crate) fn write_dfen(position: &dfen::Dfen, profile: dfen::Profile) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_dfen_to(&mut out, position, profile);
    out
}

/// Writes the text `fmt` writes for a DFEN in the requested dialect to `out`.
fn write_dfen_to(
    out: &mut impl std::fmt::Write,
    position: &dfen::Dfen,
    profile: dfen::Profile,
) -> std::fmt::Result {
    write!(out, "{}", position.display_as(profile))
}

fn analyze_fen(text: &str, settings: ReadSettings) -> Analysis {
    match dfen_parser(settings).parse(text) {
        Err(error) => Analysis::rejected(dfen_error_finding(&error), None),
        Ok(parsed) => {
            let fixed = parsed.fixed();
            // A seventh field, unless the engine dialect already reports it (DFEN108).
            let seventh = text.split_ascii_whitespace().nth(6).is_some()
                && !parsed
                    .findings
                    .iter()
                    .any(|f| f.code == dfen::Code::EngineEmptyDiceField);
            let mut findings: Vec<Finding> = parsed
                .findings
                .into_iter()
                .filter(|f| f.code != dfen::Code::MissingDiceField)
                .map(finding_of)
                .collect();
            let canonical = match fixed.to_fen() {
                Ok(fen) => {
                    if seventh {
                        findings.push(seventh_field(text, settings.strict));
                    }
                    Some(fen)
                }
                Err(error) => {
                    findings.push(
                        cli_error(
                            CliCode::NotSixFields,
                            0..text.len(),
                            format!(
                                "a six-field FEN cannot hold this position: it would drop {}",
                                error.dropped.join(" and ")
                            ),
                        )
                        .with_help(
                            "positions with dice or several en-passant squares belong in a .dfen file",
                        ),
                    );
                    None
                }
            };
            Analysis::accepted(findings, canonical)
        }
    }
}

/// The finding for a `.fen` line with a seventh field that six fields can do without (no
/// dice pending): fixable, as `fmt` drops it; an error under `--strict`.
fn seventh_field(text: &str, strict: bool) -> Finding {
    let content_end = text.trim_end().len();
    let start = text
        .get(..content_end)
        .and_then(|content| content.rfind([' ', '\t']))
        .map_or(0, |space| space + 1);
    let severity = if strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    Finding::new(
        Code::Cli(CliCode::SeventhField),
        severity,
        start..content_end,
        format!(
            "seventh field in a six-field FEN: expected six fields in a .fen file, found a seventh, `{}`",
            text.get(start..content_end).unwrap_or_default()
        ),
    )
    .with_fixable(true)
    .with_help("`fenkit fmt` drops it; positions with dice belong in a .dfen file")
}

fn analyze_ndjson4(validator: &mut fen4::Ndjson4Validator, line: usize, text: &str) -> Analysis {
    let findings: Vec<Finding> = validator
        .check_line(line, text)
        .into_iter()
        .map(finding_of)
        .collect();
    Analysis::accepted(findings, None)
}
