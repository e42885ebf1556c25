//! Notations, their detection, and one uniform view of what the libraries find.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::Path;

/// The notation of a position file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, clap::ValueEnum)]
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
}

impl Notation {
    /// The name used on the command line and in reports.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Notation::Dfen => "dfen",
            Notation::Fen => "fen",
            Notation::Fen4 => "fen4",
            Notation::Ndjson4 => "ndjson4",
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

/// Options for reading positions, shared by `check`, `fmt`, `parse` and `snapshot`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ReadSettings {
    /// The DFEN dialect to read and (for `fmt`) to write. `lenient` writes `spec`.
    pub(crate) profile: dfen::Profile,
    /// Non-canonical forms become errors.
    pub(crate) strict: bool,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Severity {
    /// Reported; fails a check only with `--deny warnings`.
    Warning,
    /// The position is rejected.
    Error,
}

impl Severity {
    /// `error` or `warning`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A finding from either library (or from the CLI itself), with a byte span into the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    /// Stable code, e.g. `DFEN012`, `FEN4003`, `FENKIT001`.
    pub(crate) code: Cow<'static, str>,
    /// Error or warning.
    pub(crate) severity: Severity,
    /// Bytes of the record text.
    pub(crate) span: Range<usize>,
    /// One lowercase sentence.
    pub(crate) message: Cow<'static, str>,
    /// A hint: what the fix does, or how to repair the input.
    pub(crate) help: Option<Cow<'static, str>>,
    /// Whether `fmt` repairs it.
    pub(crate) fixable: bool,
    /// For rejected FEN4 input: the reference parsers' numeric code and character offset.
    pub(crate) reference: Option<(i32, usize)>,
}

impl Finding {
    /// A finding of the CLI itself.
    pub(crate) fn cli(
        code: &'static str,
        span: Range<usize>,
        message: impl Into<Cow<'static, str>>,
    ) -> Finding {
        Finding {
            code: Cow::Borrowed(code),
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
            fixable: false,
            reference: None,
        }
    }

    /// A DFEN library finding, as the CLI reports it.
    pub(crate) fn from_dfen(finding: dfen::Finding) -> Finding {
        Finding {
            code: Cow::Borrowed(finding.code.as_str()),
            severity: match finding.severity {
                dfen::Severity::Error => Severity::Error,
                dfen::Severity::Warning => Severity::Warning,
            },
            span: finding.span,
            message: finding.message,
            help: finding.help,
            fixable: finding.fixable,
            reference: None,
        }
    }

    fn from_dfen_error(error: &dfen::ParseError) -> Finding {
        Finding {
            code: Cow::Borrowed(error.code().as_str()),
            severity: Severity::Error,
            span: error.span(),
            message: error.to_string().into(),
            help: None,
            fixable: false,
            reference: None,
        }
    }

    fn from_fen4(finding: fen4::Finding) -> Finding {
        Finding {
            code: Cow::Borrowed(finding.code.as_str()),
            severity: match finding.severity {
                fen4::Severity::Error => Severity::Error,
                fen4::Severity::Warning => Severity::Warning,
            },
            span: finding.span,
            message: finding.message,
            help: finding.help,
            fixable: finding.fixable,
            reference: None,
        }
    }

    fn from_fen4_error(error: &fen4::ParseError) -> Finding {
        // Fixable exactly when only `strict` rejected the literal (a non-canonical form that
        // `fmt` rewrites), as for DFEN under `--strict`.
        let mut finding = Finding::from_fen4(error.to_finding());
        finding.reference = Some((error.ref_code(), error.offset()));
        finding
    }
}

/// Codes of findings the CLI itself reports.
pub(crate) mod codes {
    /// The record is not valid UTF-8.
    pub(crate) const INVALID_UTF8: &str = "FENKIT001";
    /// The record is longer than the line limit.
    pub(crate) const TOO_LONG: &str = "FENKIT002";
    /// A position in a `.fen` file that six fields cannot hold.
    pub(crate) const NOT_SIX_FIELDS: &str = "FENKIT003";
    /// `parse --batch --json-strings`: a line that is not a JSON string.
    pub(crate) const NOT_A_JSON_STRING: &str = "FENKIT004";
    /// A position in a `.fen` file written with a seventh field (`-`), which `fmt` drops.
    pub(crate) const SEVENTH_FIELD: &str = "FENKIT005";
    /// `moves`, `play`, `roll`, `perft`, `show` with `-`: standard input does not hold exactly
    /// one position.
    pub(crate) const NOT_ONE_POSITION: &str = "FENKIT006";
    /// An input that is not the JSON form it should be (`convert`), or not an NDJSON4 frame.
    pub(crate) const BAD_JSON_INPUT: &str = "FENKIT010";
    /// `check --duplicates`: a position that already appeared.
    pub(crate) const DUPLICATE: &str = "FENKIT020";
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
}

impl Analysis {
    fn rejected(findings: Vec<Finding>) -> Analysis {
        Analysis {
            findings: fixable_only_if_formatted(findings),
            canonical: None,
            rejected: true,
        }
    }

    fn accepted(findings: Vec<Finding>, canonical: Option<String>) -> Analysis {
        let rejected = findings.iter().any(|f| f.severity == Severity::Error);
        let findings = fixable_only_if_formatted(findings);
        Analysis {
            canonical: if rejected { None } else { canonical },
            findings,
            rejected,
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

/// Analyses the positions of one file, in order (NDJSON4 checks need the previous lines).
pub(crate) struct Analyzer {
    notation: Notation,
    settings: ReadSettings,
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
        }
    }

    fn analyze_dfen(&mut self, text: &str) -> Analysis {
        match dfen_parser(self.settings).parse(text) {
            Err(error) => Analysis::rejected(vec![Finding::from_dfen_error(&error)]),
            Ok(parsed) => {
                let profile = self.settings.profile;
                let canonical = match self.canonical {
                    CanonicalForms::Skip => None,
                    CanonicalForms::All | CanonicalForms::Changed => {
                        let fixed = parsed.fixed();
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
                Analysis::accepted(converted(parsed.findings, Finding::from_dfen), canonical)
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
            Err(error) => Analysis::rejected(vec![Finding::from_fen4_error(&error)]),
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
                    parsed.findings.drain(..).map(Finding::from_fen4).collect()
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
fn converted<T>(findings: Vec<T>, convert: fn(T) -> Finding) -> Vec<Finding> {
    if findings.is_empty() {
        return Vec::new();
    }
    findings.into_iter().map(convert).collect()
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
        Err(error) => Analysis::rejected(vec![Finding::from_dfen_error(&error)]),
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
                .map(Finding::from_dfen)
                .collect();
            let canonical = match fixed.to_fen() {
                Ok(fen) => {
                    if seventh {
                        findings.push(seventh_field(text, settings.strict));
                    }
                    Some(fen)
                }
                Err(error) => {
                    let mut finding = Finding::cli(
                        codes::NOT_SIX_FIELDS,
                        0..text.len(),
                        format!(
                            "a six-field FEN cannot hold this position: it would drop {}",
                            error.dropped.join(" and ")
                        ),
                    );
                    finding.help = Some(
                        "positions with dice or several en-passant squares belong in a .dfen file"
                            .into(),
                    );
                    findings.push(finding);
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
    let mut finding = Finding::cli(
        codes::SEVENTH_FIELD,
        start..content_end,
        format!(
            "seventh field in a six-field FEN: expected six fields in a .fen file, found a seventh, `{}`",
            text.get(start..content_end).unwrap_or_default()
        ),
    );
    finding.severity = if strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    finding.fixable = true;
    finding.help = Some("`fenkit fmt` drops it; positions with dice belong in a .dfen file".into());
    finding
}

fn analyze_ndjson4(validator: &mut fen4::Ndjson4Validator, line: usize, text: &str) -> Analysis {
    let findings: Vec<Finding> = validator
        .check_line(line, text)
        .into_iter()
        .map(Finding::from_fen4)
        .collect();
    Analysis::accepted(findings, None)
}
