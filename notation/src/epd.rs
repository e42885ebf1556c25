//! EPD, the engine test suites' notation (`spec/epd.md`): four position fields and operations,
//! every operation checked (moves as SAN, legal in the position), `%` lines as comments.

use chess::epd::{Epd, EpdJson, EpdParser, ParsedEpd};

use super::analysis::{Identity, Unique, converted};
use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Line, Notation, Position, Read,
    ReadSettings, Rejection, Suite, Work, Written,
};
use crate::code::{Code, FenkitCode, Finding, finding_of};

/// `epd`.
pub(super) static EPD: Entry = Entry {
    name: "epd",
    help: Help {
        notation: Some(
            "EPD: four position fields and operations (`bm Qd1+; id \"BK.01\";`), every \
             operation checked; `%` lines are comments (`.epd`)",
        ),
        variant: None,
        convert: Some("EPD: four position fields and operations; `hmvc` and `fmvn` are the clocks"),
    },
    extensions: &["epd"],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "DFEN positions",
    json: Json::No,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::Standard),
    columnar: false,
    reference_codes: false,
    suite: Some(Suite {
        file: "epd",
        parity: true,
    }),
    codec: &EpdCodec,
};

/// The EPD reader of `settings`: the one place where the read settings become an
/// [`EpdParser`] (the profile of the four position fields, strictness, Chess960 castling).
pub(super) fn parser(settings: ReadSettings) -> EpdParser {
    EpdParser::new()
        .profile(settings.profile)
        .strict(settings.strict)
        .castling_mode(settings.castling_mode)
        .standard_rules(settings.rules.is_none())
}

/// The writer of `settings` for an EPD line's position fields: Chess960 mode and its castling
/// spelling (`--chess960`, `--castling`), the en-passant policy (`--en-passant`) judged by
/// standard chess.
fn epd_writer(settings: ReadSettings) -> dfen::Writer {
    settings.writer(dfen::Profile::Spec, dfen::rules::Game::Standard)
}

/// A line that cannot be read, as a finding: a `DFEN` code for the position fields, an `EPD`
/// code for the operations.
pub(super) fn error_finding(error: &chess::epd::Error) -> Finding {
    match error {
        chess::epd::Error::Position(error) => finding_of(error.to_finding()),
        chess::epd::Error::Syntax(error) => finding_of(error.to_finding()),
    }
}

/// Every finding of a parsed line, in line order: the position's, the operations', and with
/// `verify_perft` the perft counts checked up to that depth.
fn findings_of(
    parsed: &ParsedEpd,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Vec<Finding> {
    let owned = Owned {
        position: parsed.position_findings.clone(),
        operations: parsed.findings.clone(),
    };
    findings_taken(parsed, owned, None, line, settings, verify_perft)
}

/// `parser`'s reading of `text` into `parsed`, and into `pieces` the board's pieces as the
/// DFEN parser gathered them. Kept out of [`EpdAnalyzer`]'s `analyze`, whose standard path
/// reads with [`chess::epd::EpdParser::parse_into`] alone.
#[inline(never)]
fn parse_counting(
    parser: &chess::epd::EpdParser,
    text: &str,
    parsed: &mut ParsedEpd,
    pieces: &mut Option<[u64; 12]>,
) -> Result<(), chess::epd::Error> {
    parser.parse_into_counted(text, parsed, pieces.insert([0; 12]))
}

/// The findings of a parsed line, taken out of it (see [`findings_taken`]).
struct Owned {
    position: Vec<dfen::Finding>,
    operations: Vec<chess::epd::Finding>,
}

/// [`findings_of`] for the findings `owned` taken out of `parsed`: moved, not copied (a suite
/// can have a finding on every line); `pieces`, the board's pieces as the parser gathered
/// them, if the caller has them.
fn findings_taken(
    parsed: &ParsedEpd,
    owned: Owned,
    pieces: Option<&[u64; 12]>,
    line: &str,
    settings: ReadSettings,
    verify_perft: Option<u32>,
) -> Vec<Finding> {
    let position_read = !owned
        .position
        .iter()
        .any(|f| f.severity == dfen::Severity::Error)
        && parsed.epd.position().en_passant.len() <= 1;
    // Most lines' findings are the operations' alone: converted in their own storage.
    let mut findings = if owned.position.is_empty() {
        owned.operations.into_iter().map(finding_of).collect()
    } else {
        let mut findings = converted(owned.position);
        findings.reserve(owned.operations.len());
        findings.extend(owned.operations.into_iter().map(finding_of));
        findings
    };
    if let Some(variant) = settings.rules {
        super::rules::with_epd_findings(
            &mut findings,
            variant,
            &parsed.epd,
            pieces,
            line,
            settings,
            verify_perft,
        );
        return findings;
    }
    if let (Some(depth), true) = (verify_perft, position_read) {
        findings.extend(parsed.verify_perft(depth).into_iter().map(finding_of));
        findings.sort_by_key(|f| f.span.start);
    }
    findings
}

/// The first error-severity finding of a parsed line, if it has one.
fn first_error(parsed: &ParsedEpd, line: &str, settings: ReadSettings) -> Option<Finding> {
    findings_of(parsed, line, settings, None)
        .into_iter()
        .find(|f| f.severity == dfen::Severity::Error)
}

/// Whether `finding` refuses a line to convert: an error, unless `settings` keep impossible
/// positions and it says the position is impossible ([`ReadSettings::keep_impossible`]).
pub(super) fn refuses(finding: &Finding, settings: ReadSettings) -> bool {
    finding.severity == dfen::Severity::Error
        && !(settings.keep_impossible
            && finding.code.category() == fenkit_diagnostics::Category::Position)
}

/// An EPD line to use (`convert`): refused on a syntax error or an error finding.
pub(super) fn read_line(text: &str, settings: ReadSettings) -> Result<ParsedEpd, Rejection> {
    let parsed = parser(settings)
        .parse(text)
        .map_err(|error| Rejection::from(error_finding(&error)))?;
    match findings_of(&parsed, text, settings, None)
        .into_iter()
        .find(|f| refuses(f, settings))
    {
        Some(error) => Err(error.into()),
        None => Ok(parsed),
    }
}

/// The JSON form of an EPD line (`{…, "operations": [...]}`), which the structured JSON form of
/// the DFEN family writes for an EPD line.
pub(super) fn to_json(epd: &Epd, len: usize) -> Result<Written, Rejection> {
    serde_json::to_string(&EpdJson::from(epd))
        .map(|json| (json, Vec::new()))
        .map_err(|error| Rejection::new(FenkitCode::BadJsonInput, 0..len, error.to_string()))
}

/// Whether a JSON object is the JSON form of an EPD line: it has `operations`.
pub(super) fn is_json(line: &Line<'_>) -> bool {
    line.json_object()
        .is_some_and(|map| map.contains_key("operations"))
}

/// Reads the JSON form of an EPD line, which is checked as the line it stands for is.
pub(super) fn from_json(text: &str) -> Result<Read, Rejection> {
    let refused =
        |message: String| Rejection::new(FenkitCode::BadJsonInput, 0..text.len(), message);
    let json: EpdJson = serde_json::from_str(text)
        .map_err(|error| refused(format!("the JSON form of an EPD line: {error}")))?;
    let parsed = json
        .parse()
        .map_err(|error| refused(format!("the JSON form of an EPD line: {error}")))?;
    if let Some(error) = first_error(&parsed, text, ReadSettings::default()) {
        return Err(refused(format!(
            "the EPD line of this JSON form has an error: {}",
            error.message
        )));
    }
    Ok(Read::Position(
        Position::Epd(Box::new(parsed.epd)),
        Vec::new(),
    ))
}

/// The refusal of a position that EPD cannot hold, naming what it would drop.
fn cannot_hold_finding(len: usize, dropped: &[String]) -> Finding {
    crate::code::fenkit_error(
        FenkitCode::NotEpd,
        0..len,
        format!(
            "EPD cannot hold this position: it would drop {}",
            dropped.join(" and ")
        ),
    )
    .with_help("EPD is standard chess; pass --lossy to drop it")
}

/// What EPD cannot hold of `position`: dice, several en-passant squares, a variant's state.
fn dropped_by_epd(position: &Position) -> Vec<String> {
    match position {
        Position::Dfen(position) => position.to_fen().err().map(|e| e.dropped),
        // Three-check's checks and crazyhouse's pockets have an EPD form of their own.
        Position::Variant(position) if holds_state(position) => {
            position.fen.to_fen().err().map(|e| e.dropped)
        }
        Position::Variant(position) => Some(position.dropped_by_standard_fen()),
        Position::Epd(_) | Position::VariantEpd(_) | Position::Fen4(_) => None,
    }
    .unwrap_or_default()
}

/// Whether EPD holds `position`'s variant state: three-check's and crazyhouse's, in the form
/// python-chess writes ([`super::variant_epd`]).
fn holds_state(position: &chess::variant::VariantFen) -> bool {
    matches!(
        position.variant,
        chess::variant::Variant::ThreeCheck | chess::variant::Variant::Crazyhouse
    )
}

struct EpdCodec;

impl Codec for EpdCodec {
    /// A `%` comment, or a line whose fifth field opens an operation (an opcode, or the perft
    /// layout's `;`), is surely EPD; no other notation has either.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        let start = line.start();
        if start.starts_with(b"%") {
            return 3;
        }
        let fifth = start
            .split(|byte| byte.is_ascii_whitespace())
            .filter(|field| !field.is_empty())
            .nth(4);
        match fifth.and_then(|field| field.first()) {
            Some(byte) if byte.is_ascii_alphabetic() || *byte == b';' => 3,
            _ => 0,
        }
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(EpdAnalyzer)
    }

    fn read(&self, _: Notation, text: &str, settings: ReadSettings) -> Result<Read, Rejection> {
        if let Some(variant) = super::variant_epd::epd_variant(settings.rules) {
            let line = super::variant_epd::read_line(variant, text, settings)?;
            return Ok(Read::Position(
                Position::VariantEpd(Box::new(line)),
                Vec::new(),
            ));
        }
        let parsed = read_line(text, settings)?;
        Ok(Read::Position(
            Position::Epd(Box::new(parsed.epd)),
            Vec::new(),
        ))
    }

    fn parse(
        &self,
        _: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        if let Some(variant) = super::variant_epd::epd_variant(settings.rules) {
            let (line, findings) =
                super::variant_epd::read(variant, text, settings, None)?.into_line();
            return Ok((Position::VariantEpd(Box::new(line)), findings));
        }
        let parsed = parser(settings)
            .parse(text)
            .map_err(|error| Rejection::from(error_finding(&error)))?;
        let findings = findings_of(&parsed, text, settings, None);
        Ok((Position::Epd(Box::new(parsed.epd)), findings))
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        settings: ReadSettings,
        lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        let writer = epd_writer(settings);
        let dropped = dropped_by_epd(position);
        if !dropped.is_empty() && !lossy {
            return Err(cannot_hold_finding(len, &dropped).into());
        }
        let board = match position {
            Position::Epd(epd) => return Ok((epd.display_with(&writer).to_string(), Vec::new())),
            Position::VariantEpd(line) => return Ok((line.write(&writer), Vec::new())),
            Position::Variant(position) if holds_state(position) => {
                let line = super::variant_epd::VariantEpd::from_variant(position)
                    .map_err(|error| Rejection::from(cannot_hold_finding(len, &error.dropped)))?;
                return Ok((line.write(&writer), Vec::new()));
            }
            Position::Dfen(position) => position,
            Position::Variant(position) => &position.fen,
            Position::Fen4(_) => return Err(super::unsupported(notation, position, len)),
        };
        // What standard chess holds of it: one en-passant square at most, no dice.
        let (fen, _) = board.to_fen_lossy();
        let standard: dfen::Dfen = fen
            .parse()
            .map_err(|_| Rejection::from(cannot_hold_finding(len, &dropped)))?;
        Epd::from_fen(&standard)
            .map(|epd| (epd.display_with(&writer).to_string(), dropped.clone()))
            .map_err(|error| Rejection::from(cannot_hold_finding(len, &error.dropped)))
    }

    fn writes(&self) -> bool {
        true
    }

    fn writes_whole(&self) -> bool {
        true
    }

    fn cannot_hold(&self, position: &Position, len: usize) -> Option<Finding> {
        let dropped = dropped_by_epd(position);
        (!dropped.is_empty()).then(|| cannot_hold_finding(len, &dropped))
    }

    fn comment_starts(&self) -> &'static [u8] {
        b"#%"
    }

    fn holds_chess_positions(&self) -> bool {
        true
    }

    fn repeated(&self, unique: &Unique, first: usize) -> Option<Finding> {
        Some(finding_of(chess::epd::repeated_id(
            &unique.value,
            unique.span.clone(),
            first,
        )))
    }

    fn repeated_words<'u>(&self, unique: &'u Unique) -> Option<crate::RepeatWords<'u>> {
        let words = chess::epd::repeated_id_words(&unique.value)?;
        Some(crate::RepeatWords {
            code: Code::Epd(chess::epd::Code::RepeatedId),
            severity: dfen::Severity::Warning,
            fixable: false,
            message: words.message,
            message_after: words.message_after,
            help: words.help,
            help_after: words.help_after,
        })
    }
}

/// EPD's analyser: stateless (an `id` repeated in the file is met in order by the scan).
struct EpdAnalyzer;

impl Analyze for EpdAnalyzer {
    fn analyze(&mut self, work: &mut Work, _line: usize, text: &str) -> Analysis {
        if let Some(variant) = super::variant_epd::epd_variant(work.settings.rules) {
            return super::variant_epd::analyze(work, variant, text);
        }
        // The line is read into a place kept from the line before on this thread: its copy
        // of the line and its operations' vectors are used again, not allocated and freed.
        let mut parsed = PLACE.take().unwrap_or_else(|| Box::new(ParsedEpd::empty()));
        let parser = parser(work.settings).notes(work.wants_notes());
        // A variant's rules build their bitboards from the pieces the parser gathered.
        let mut pieces = None;
        let read = match work.settings.rules {
            Some(_) => parse_counting(&parser, text, &mut parsed, &mut pieces),
            None => parser.parse_into(text, &mut parsed),
        };
        if let Err(error) = read {
            PLACE.set(Some(parsed));
            return Analysis::rejected(error_finding(&error), None);
        }
        let owned = Owned {
            position: std::mem::take(&mut parsed.position_findings),
            operations: std::mem::take(&mut parsed.findings),
        };
        let notes = std::mem::take(&mut parsed.notes);
        let mut findings = findings_taken(
            &parsed,
            owned,
            pieces.as_ref(),
            text,
            work.settings,
            work.verify_perft(),
        );
        // In a file whose first line writes FEN clocks (`… - 0 1`, the convention of engine
        // opening books), a line that writes them so keeps them, and is no finding unless
        // strict.
        let clocks_as_fields = work.settings.form.clocks_as_fields
            && !work.settings.strict
            && findings.iter().any(|f| {
                f.code == Code::Epd(chess::epd::Code::ClocksAsFields)
                    && text
                        .get(f.span.clone())
                        .is_some_and(dfen::form::clock_fields_canonical)
            });
        if clocks_as_fields {
            findings.retain(|f| f.code != Code::Epd(chess::epd::Code::ClocksAsFields));
        }
        let canonical = if work.wants_canonical() {
            let fixed = parsed.fixed();
            let writer = epd_writer(work.settings.for_line(text));
            work.canonical_form(text, |out| {
                use std::fmt::Write as _;
                if clocks_as_fields {
                    write!(out, "{}", fixed.display_clocks_as_fields(&writer))
                } else {
                    write!(out, "{}", fixed.display_with(&writer))
                }
            })
        } else {
            None
        };
        let identity = work.identity().map(|ep| match work.settings.rules {
            Some(variant) => {
                super::rules::dfen_identity(variant, parsed.epd.position(), work.settings, ep)
            }
            None => Identity::of_key(dfen::rules::identity_key(
                parsed.epd.position(),
                ep,
                dfen::rules::Game::Standard,
            )),
        });
        let mut analysis = Analysis::accepted(findings, canonical, identity);
        analysis.notes = notes
            .into_iter()
            .map(|note| {
                Finding::new(
                    note.code.into(),
                    dfen::Severity::Warning,
                    note.span,
                    note.message,
                )
            })
            .collect();
        analysis.unique = parsed.epd.id().map(|id| {
            Box::new(Unique {
                value: id.text().to_owned(),
                span: id.span(),
            })
        });
        PLACE.set(Some(parsed));
        analysis
    }
}

thread_local! {
    /// The place [`EpdAnalyzer`] reads a standard line into, kept from one line to the next.
    static PLACE: std::cell::Cell<Option<Box<ParsedEpd>>> = const { std::cell::Cell::new(None) };
}
