//! `fenkit convert`: convert positions between notations, line by line.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::cli::{Failure, Global, Status};
use crate::diag::{Diagnostic, problem_finding, renderer};
use crate::input::{Kind, Origin, RecordReader};
use fenkit_diagnostics::Severity;

use crate::code::{CliCode, Code, Finding, finding_of};
use crate::notation::{Fen4Reference, Frame, Notation, VariantNotation, read_frame, write_dfen};
use crate::options::{DialectArg, ProfileArg, VariantArgs};

const AFTER_HELP: &str = "\
Examples:
  fenkit convert --to json games.dfen               DFEN to one JSON object per line
  fenkit convert --notation json --to dfen games.jsonl  and back (`--from` is the same flag)
  fenkit convert --to dfen-engine games.dfen        into the engine dialect
  fenkit convert --to fen games.dfen                six-field FEN; fails if that loses anything
  fenkit convert --to fen --lossy games.dfen        ... or drop it, saying exactly what was dropped
  fenkit convert --to fen4-pieces board.fen4        FEN4 to the reference fixture `pieces` object
  fenkit convert --to fen4 replay.ndjson4           the fen4 field of each replay frame

Variants (three-check, crazyhouse, two-move chess; spec/variants.md):
  fenkit convert --variant threecheck --dialect stockfish --to-dialect lichess 3check.fen
                                                    `... - 3+2 0 1` to `... - 0 1 +0+1`
  fenkit convert --variant crazyhouse --dialect lichess zh.fen
                                                    lichess's ninth rank to the essay form
  fenkit convert --variant crazyhouse --dialect essay --to-dialect stockfish zh.fen
                                                    the essay form to `[...]` pockets and `~`
  fenkit convert --variant threecheck --to fen 3check.fen
                                                    six-field FEN: fails unless no check was given

With --variant threecheck, crazyhouse or twomove, --dialect says how the input is written
(essay, the canonical form, by default) and --to-dialect how to write it (essay by default):
no other flag is needed, and nothing is lost between dialects. `--to fen` writes standard FEN
and refuses a position whose variant state (checks given, pockets, promoted pieces, the second
move of a turn) is not at its default, unless --lossy. `--variant chess` is `--from fen`, and
`--variant dice` is `--from dfen`.

Conversions: dfen <-> fen, dfen <-> json, dfen <-> dfen-engine, fen4 <-> json <-> fen4-pieces,
ndjson4 -> fen4. `json` means the DFEN structured form next to dfen, fen and dfen-engine, and
the FEN4 structured form next to fen4, fen4-pieces and ndjson4.

Lossy conversions: six-field FEN holds at most one en-passant square and no pending dice, and
the engine dialect (dfen-engine) holds a halfmove clock of at most 127. A position that the
target cannot hold is an error unless --lossy, which drops the en-passant squares and the dice,
writes a larger halfmove clock as 127, and says on stderr what it dropped.

DFEN and FEN text is read by the spec profile, as `fenkit check` reads it: a line that check
reports as an error is not converted. `--profile lenient` also reads such a line when its
meaning is clear (dice in the wrong case, missing clocks, a fullmove number of 0, ...), and
prints a warning for each thing it read that way; `--from dfen-engine` (or `--profile engine`)
reads the reference engine's dialect as its reader does, with the same warning for each form it
repairs (dice in the other side's case, missing clocks).

A position is converted as it was read: spellings become canonical, but castling rights and
en-passant squares that cannot affect play are kept (`fenkit fmt` drops them).

Text outputs keep comment and blank lines; JSON outputs drop them. NDJSON4 header records
(objects with a `bridge_version` key) are skipped; other records are judged as `check` judges
them (FEN43xx). A warning of the FEN4 JSON or NDJSON4 readers (such as FEN4404: a bare `P` in
a fen4-pieces object is read as `Pw`, or FEN4352: text after a record's object) is printed on
stderr and leaves the exit status 0. An input that cannot be converted is reported on stderr,
skipped, and makes the exit status 1.";

/// Convert between notations, streaming line by line to standard output.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The format to write [default with --variant: the variant's text, in --to-dialect]
    #[arg(long, value_name = "FORMAT", required_unless_present = "variant")]
    to: Option<Target>,

    /// The notation to read, as in every other command, or a JSON form [default: from the
    /// extension, else from the content]. `--from` is the same flag
    #[arg(long, visible_alias = "from", value_name = "NOTATION")]
    notation: Option<Format>,

    #[command(flatten)]
    variant: VariantArgs,

    /// With --variant threecheck, crazyhouse or twomove: the dialect to write [default: essay]
    #[arg(long, value_name = "DIALECT", conflicts_with = "to")]
    to_dialect: Option<DialectArg>,

    /// Convert even when the target cannot hold everything, and say what was dropped or changed
    #[arg(long)]
    lossy: bool,

    /// The DFEN dialect to read DFEN and FEN text in; `lenient` warns about each form `spec`
    /// would refuse [default: spec; engine for --from dfen-engine]
    #[arg(long, value_name = "PROFILE")]
    profile: Option<ProfileArg>,

    /// Write one output line for every input line, so that line N of the output answers line
    /// N of the input: a position that is refused gives `null` (JSON) or an empty line (text),
    /// and so do, in JSON output, comment and blank lines and NDJSON4 headers, and the
    /// continuation lines of a FEN4 record that spans several lines
    #[arg(long)]
    aligned: bool,

    /// Do not print the summary line (`converted N of M positions, K refused`)
    #[arg(long, short)]
    quiet: bool,

    /// Input files; `-` is standard input [default: -]
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,
}

/// Writes `count` placeholder rows: `null` for JSON output, empty lines for text.
fn placeholders(out: &mut impl Write, json: bool, count: usize) -> io::Result<()> {
    let row: &[u8] = if json { b"null\n" } else { b"\n" };
    for _ in 0..count {
        out.write_all(row)?;
    }
    Ok(())
}

/// A format `convert` reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// DFEN, canonical spec form (7 fields)
    Dfen,
    /// DFEN in the reference engine's dialect
    DfenEngine,
    /// standard six-field FEN
    Fen,
    /// JSON: the structured form of a DFEN or of a FEN4 (by the other side of the conversion)
    Json,
    /// the DFEN structured JSON form
    DfenJson,
    /// FEN4 placement literal
    Fen4,
    /// the FEN4 structured JSON form, `[{"at":[x,y,z,w],"axis":null,"color":"white","piece":"K"}]`
    Fen4Json,
    /// the reference fixtures' FEN4 `pieces` object, `{"<square index>":"K"}`
    Fen4Pieces,
    /// NDJSON4 replay frames (input only)
    Ndjson4,
}

/// A format `convert` writes: every format it reads but `ndjson4`, which holds replay frames
/// that a single position cannot make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// DFEN, canonical spec form (7 fields)
    Dfen,
    /// DFEN in the reference engine's dialect
    DfenEngine,
    /// standard six-field FEN
    Fen,
    /// JSON: the structured form of a DFEN or of a FEN4 (by the other side of the conversion)
    Json,
    /// the DFEN structured JSON form
    DfenJson,
    /// FEN4 placement literal
    Fen4,
    /// the FEN4 structured JSON form, `[{"at":[x,y,z,w],"axis":null,"color":"white","piece":"K"}]`
    Fen4Json,
    /// the reference fixtures' FEN4 `pieces` object, `{"<square index>":"K"}`
    Fen4Pieces,
}

impl From<Target> for Format {
    fn from(target: Target) -> Format {
        match target {
            Target::Dfen => Format::Dfen,
            Target::DfenEngine => Format::DfenEngine,
            Target::Fen => Format::Fen,
            Target::Json => Format::Json,
            Target::DfenJson => Format::DfenJson,
            Target::Fen4 => Format::Fen4,
            Target::Fen4Json => Format::Fen4Json,
            Target::Fen4Pieces => Format::Fen4Pieces,
        }
    }
}

/// Which model a format holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Dfen,
    Fen4,
}

impl Format {
    fn family(self) -> Option<Family> {
        match self {
            Format::Dfen | Format::DfenEngine | Format::Fen | Format::DfenJson => {
                Some(Family::Dfen)
            }
            Format::Fen4 | Format::Fen4Json | Format::Fen4Pieces | Format::Ndjson4 => {
                Some(Family::Fen4)
            }
            Format::Json => None,
        }
    }

    /// The name used on the command line.
    fn name(self) -> String {
        use clap::ValueEnum;
        self.to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }

    /// Resolves `json` by the family of the other side.
    fn resolve(self, family: Family) -> Format {
        match (self, family) {
            (Format::Json, Family::Dfen) => Format::DfenJson,
            (Format::Json, Family::Fen4) => Format::Fen4Json,
            (other, _) => other,
        }
    }

    fn is_json(self) -> bool {
        matches!(
            self,
            Format::Json
                | Format::DfenJson
                | Format::Fen4Json
                | Format::Fen4Pieces
                | Format::Ndjson4
        )
    }

    /// The format of a file's notation, as every command reads it by its extension.
    fn of_notation(notation: Notation) -> Format {
        match notation {
            Notation::Dfen => Format::Dfen,
            Notation::Fen => Format::Fen,
            Notation::Fen4 => Format::Fen4,
            Notation::Ndjson4 => Format::Ndjson4,
            // Never given by an extension: a variant is declared with `--variant`.
            Notation::Variant(_) => Format::Fen,
        }
    }

    /// Guesses the format of one line.
    fn sniff(line: &str, target: Family) -> Format {
        let line = line.trim_start();
        if line.starts_with("4d-fen") {
            return Format::Fen4;
        }
        if line.starts_with('[') {
            return Format::Fen4Json;
        }
        if line.starts_with('{') {
            return match serde_json::from_str::<serde_json::Value>(line) {
                Ok(serde_json::Value::Object(map))
                    if map.contains_key("fen4")
                        || matches!(read_frame(line), Ok(Frame::Header)) =>
                {
                    Format::Ndjson4
                }
                Ok(serde_json::Value::Object(map)) if map.contains_key("board") => Format::DfenJson,
                Ok(serde_json::Value::Object(_)) => Format::Fen4Pieces,
                _ if target == Family::Dfen => Format::DfenJson,
                _ => Format::Fen4Pieces,
            };
        }
        Format::Dfen
    }
}

/// A position in either model.
enum Value {
    Dfen(dfen::Dfen),
    Fen4(fen4::Placement),
}

/// What one input line held.
enum Input {
    /// A position, with the warnings found while reading it (reported, not fatal).
    Position(Value, Vec<Finding>),
    /// An NDJSON4 header record: nothing to convert.
    Header,
}

/// Why one input could not be converted: a finding (with a span into the input), and for a
/// FEN4 literal, where the reference parsers put the error.
struct Rejection {
    finding: Finding,
    reference: Option<Fen4Reference>,
}

impl From<Finding> for Rejection {
    fn from(finding: Finding) -> Rejection {
        Rejection {
            finding,
            reference: None,
        }
    }
}

/// Where a FEN4 JSON issue points: the offending value the library found in the text, else the
/// whole line.
fn issue_span(issue: &fen4::json::JsonIssue, text: &str) -> std::ops::Range<usize> {
    issue.span.clone().unwrap_or(0..text.len())
}

fn reject(
    code: impl Into<Code>,
    span: std::ops::Range<usize>,
    message: impl Into<std::borrow::Cow<'static, str>>,
) -> Rejection {
    Finding::new(code.into(), Severity::Error, span, message).into()
}

/// The first error-severity DFEN finding as a rejection: text input and JSON input are refused
/// alike. `span` overrides the finding's span (JSON input has no field spans).
fn dfen_error_finding(
    findings: &[dfen::Finding],
    span: Option<std::ops::Range<usize>>,
) -> Result<(), Rejection> {
    match findings
        .iter()
        .find(|f| f.severity == dfen::Severity::Error)
    {
        Some(finding) => Err(reject(
            finding.code,
            span.unwrap_or_else(|| finding.span.clone()),
            finding.message.clone(),
        )),
        None => Ok(()),
    }
}

/// Reads one line of `format`; DFEN and FEN text by `profile`.
fn read(format: Format, profile: dfen::Profile, text: &str) -> Result<Input, Rejection> {
    let dfen_error = |error: dfen::ParseError| Rejection::from(finding_of(error.to_finding()));
    let position = |value| Ok(Input::Position(value, Vec::new()));
    match format {
        Format::Dfen | Format::Fen | Format::DfenEngine => {
            let refused = match dfen::Parser::new().profile(profile).parse(text) {
                Err(error) => Err(dfen_error(error)),
                Ok(parsed) => match dfen_error_finding(&parsed.findings, None) {
                    Err(refusal) => Err(refusal),
                    Ok(()) => Ok(parsed),
                },
            };
            let parsed = refused.map_err(|mut refusal| {
                // Say when the lenient profile would have read it.
                if profile == dfen::Profile::Spec
                    && dfen::Parser::new()
                        .profile(dfen::Profile::Lenient)
                        .parse(text)
                        .is_ok_and(|lenient| !lenient.has_errors())
                {
                    refusal.finding.help = Some(
                        "`--profile lenient` reads it, with a warning for each form it repairs"
                            .into(),
                    );
                }
                refusal
            })?;
            // What a lenient or engine read repaired (a form the spec refuses) is said, not
            // hidden.
            let warnings = parsed
                .findings
                .into_iter()
                .filter(|f| f.severity == dfen::Severity::Warning && f.code.is_repair())
                .map(finding_of)
                .collect();
            Ok(Input::Position(Value::Dfen(parsed.dfen), warnings))
        }
        Format::Json | Format::DfenJson => {
            // The library's code (DFEN401-DFEN409), path and span of the offending value.
            let dfen = dfen::Dfen::from_json(text)
                .map_err(|error| Rejection::from(finding_of(error.to_finding())))?;
            // The same position findings as text input; JSON has no field spans, so an error
            // points at the whole line.
            dfen_error_finding(&dfen.validate(), Some(0..text.len()))?;
            position(Value::Dfen(dfen))
        }
        Format::Fen4 => fen4::Parser::new()
            .parse(text)
            .map(|parsed| Input::Position(Value::Fen4(parsed.placement), Vec::new()))
            .map_err(|error| {
                let mut rejection = reject(error.code(), error.span(), error.to_string());
                rejection.reference = Some(Fen4Reference::of(&error));
                rejection
            }),
        Format::Fen4Json | Format::Fen4Pieces => {
            // Read from the text, not a parsed value: a value has already lost a repeated key
            // (a square named twice), which the text readers report. Text that is not JSON
            // is their FEN4401.
            let converted = if format == Format::Fen4Pieces {
                fen4::json::from_pieces_str(text)
            } else {
                fen4::json::from_structured_str(text)
            };
            // The library's own code, path and span for the first problem; more are counted.
            let converted = converted.map_err(|errors| match errors.issues.first() {
                Some(first) => {
                    let more = errors.issues.len() - 1;
                    let mut message = format!("{}: {}", first.path, first.message);
                    if more > 0 {
                        message.push_str(&format!(" (and {more} more)"));
                    }
                    reject(first.code, issue_span(first, text), message)
                }
                None => reject(CliCode::BadJsonInput, 0..text.len(), errors.to_string()),
            })?;
            let warnings = converted
                .warnings
                .iter()
                .map(|issue| {
                    Finding::new(
                        Code::Fen4(issue.code),
                        issue.severity,
                        issue_span(issue, text),
                        format!("{}: {}", issue.path, issue.message),
                    )
                })
                .collect();
            Ok(Input::Position(Value::Fen4(converted.placement), warnings))
        }
        Format::Ndjson4 => {
            // The record is judged as `check` judges it (spec/ndjson4.md): its first error
            // refuses it with its own code, and its warnings (such as text after the object,
            // FEN4352) are passed on. A fresh validator: a conversion does not follow plies.
            let findings = fen4::Ndjson4Validator::new().check_line(1, text);
            let mut findings = findings.into_iter().map(finding_of);
            if let Some(error) = findings.clone().find(|f| f.severity == Severity::Error) {
                return Err(error.into());
            }
            let warnings = findings.by_ref().collect();
            let literal = match read_frame(text).map_err(Rejection::from)? {
                Frame::Header => return Ok(Input::Header),
                Frame::Literal(literal) => literal,
            };
            fen4::Parser::new()
                .parse(&literal)
                .map(|parsed| Input::Position(Value::Fen4(parsed.placement), warnings))
                .map_err(|error| reject(error.code(), 0..text.len(), format!("in `fen4`: {error}")))
        }
    }
}

/// Writes a value; `Ok((text, dropped))`, where `dropped` lists what a lossy conversion lost.
fn write(
    format: Format,
    value: &Value,
    lossy: bool,
    len: usize,
) -> Result<(String, Vec<String>), Rejection> {
    match (format, value) {
        (Format::Dfen, Value::Dfen(d)) => Ok((write_dfen(d, dfen::Profile::Spec), Vec::new())),
        (Format::DfenEngine, Value::Dfen(d)) => {
            // The clocks the engine dialect cannot hold: (code, name, value, most it holds).
            let engine = dfen::Profile::Engine;
            let over: Vec<(dfen::Code, &str, u32, u32)> = [
                (
                    dfen::Code::EngineHalfmoveRange,
                    "halfmove clock",
                    d.halfmove,
                    engine.max_halfmove(),
                ),
                (
                    dfen::Code::EngineFullmoveRange,
                    "fullmove number",
                    d.fullmove.get(),
                    engine.max_fullmove(),
                ),
            ]
            .into_iter()
            .filter(|&(_, _, value, most)| value > most)
            .collect();
            match over.first() {
                None => Ok((write_dfen(d, engine), Vec::new())),
                // The writer caps each clock at the most the dialect holds.
                Some(_) if lossy => Ok((
                    write_dfen(d, engine),
                    over.iter()
                        .map(|(_, name, value, most)| {
                            format!(
                                "the {name} `{value}` (the engine dialect holds at most {most}; \
                                 wrote {most})"
                            )
                        })
                        .collect(),
                )),
                Some(&(code, name, value, most)) => {
                    let mut rejection = reject(
                        code,
                        0..len,
                        format!(
                            "the engine dialect cannot hold this position: expected a {name} of \
                             at most {most}, found `{value}`"
                        ),
                    );
                    rejection.finding.help =
                        Some(format!("pass --lossy to write the {name} as {most}").into());
                    Err(rejection)
                }
            }
        }
        (Format::Fen, Value::Dfen(d)) => {
            let (fen, dropped) = d.to_fen_lossy();
            if dropped.is_empty() || lossy {
                Ok((fen, dropped))
            } else {
                let mut rejection = reject(
                    CliCode::NotSixFields,
                    0..len,
                    format!(
                        "six-field FEN cannot hold this position: it would drop {}",
                        dropped.join(", ")
                    ),
                );
                rejection.finding.help = Some("pass --lossy to convert anyway".into());
                Err(rejection)
            }
        }
        (Format::Json | Format::DfenJson, Value::Dfen(d)) => serde_json::to_string(d)
            .map(|json| (json, Vec::new()))
            .map_err(|error| reject(CliCode::BadJsonInput, 0..len, error.to_string())),
        (Format::Fen4, Value::Fen4(p)) => Ok((p.to_string(), Vec::new())),
        (Format::Json | Format::Fen4Json, Value::Fen4(p)) => {
            Ok((fen4::json::to_structured_value(p).to_string(), Vec::new()))
        }
        (Format::Fen4Pieces, Value::Fen4(p)) => Ok((fen4::json::to_pieces_string(p), Vec::new())),
        _ => Err(reject(
            CliCode::CrossFamily,
            0..len,
            "this conversion is not supported",
        )),
    }
}

/// What a variant position is converted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VariantTarget {
    /// The variant's own text, in a dialect.
    Dialect(dfen::variant::Dialect),
    /// Standard six-field FEN: the variant's state is dropped, which is refused unless lossy.
    Fen,
}

/// Reads one variant position and writes it as `target` asks; `Ok((text, dropped,
/// warnings))` as [`write`] and [`read`] give them. A position is converted as it was read,
/// as every other conversion does: spellings become canonical, nothing else is fixed.
fn convert_variant(
    notation: VariantNotation,
    target: VariantTarget,
    lossy: bool,
    text: &str,
) -> Result<(String, Vec<String>, Vec<Finding>), Rejection> {
    let parsed = notation.read(text).map_err(Rejection::from)?;
    dfen_error_finding(&parsed.findings, None)?;
    let position = parsed.position;
    match target {
        VariantTarget::Dialect(dialect) => Ok((
            position.display_as(dialect).to_string(),
            Vec::new(),
            Vec::new(),
        )),
        VariantTarget::Fen => {
            let dropped = position.dropped_by_standard_fen();
            if dropped.is_empty() || lossy {
                let (fen, _) = position.fen.to_fen_lossy();
                Ok((fen, dropped, Vec::new()))
            } else {
                let mut rejection = reject(
                    CliCode::NotSixFields,
                    0..text.len(),
                    format!(
                        "six-field FEN cannot hold this {} position: it would drop {}",
                        notation.variant,
                        dropped.join(" and ")
                    ),
                );
                rejection.finding.help = Some(
                    "pass --lossy to drop it, or convert between the variant's dialects with \
                     --to-dialect"
                        .into(),
                );
                Err(rejection)
            }
        }
    }
}

/// What `--variant` and `--to` ask for: the format to read (`None`: by extension or
/// content), the format to write, and for a variant its conversion.
type Plan = (
    Option<Format>,
    Format,
    Option<(VariantNotation, VariantTarget)>,
);

/// What `--variant` and `--to` ask for (see [`Plan`]).
fn plan(args: &Args) -> Result<Plan, Failure> {
    let notation = args.variant.notation(args.to_dialect, args.profile)?;
    let to = args.to.map(Format::from);
    match notation {
        None => match to {
            Some(to) => Ok((args.notation, to, None)),
            None => Err(Failure::Usage(
                "expected `--to FORMAT` (or `--variant` to convert between a variant's dialects)"
                    .to_owned(),
            )),
        },
        // `--variant chess` and `--variant dice` are standard FEN and DFEN, whose bare
        // conversion writes their own canonical form.
        Some(Notation::Fen) => Ok((Some(Format::Fen), to.unwrap_or(Format::Fen), None)),
        Some(Notation::Dfen) => Ok((Some(Format::Dfen), to.unwrap_or(Format::Dfen), None)),
        Some(Notation::Variant(mut variant)) => {
            // A bare conversion writes the canonical form.
            if args.to_dialect.is_none() {
                variant.write = dfen::variant::Dialect::Essay;
            }
            let target = match to {
                None => VariantTarget::Dialect(variant.write),
                Some(Format::Fen) => VariantTarget::Fen,
                Some(other) => {
                    return Err(Failure::hinted(
                        format!(
                            "a {} position converts to its dialects or to standard FEN: \
                             expected `--to-dialect DIALECT` or `--to fen`, found `--to {}`",
                            variant.variant,
                            other.name()
                        ),
                        "drop `--to` to write the essay form",
                    ));
                }
            };
            Ok((None, Format::Fen, Some((variant, target))))
        }
        Some(Notation::Fen4 | Notation::Ndjson4) => Err(Failure::Usage(
            "`--variant` names a variant of chess".to_owned(),
        )),
    }
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    let (from, to, variant) = plan(&args)?;
    if let (Some(from_family), Some(to_family)) = (from.and_then(Format::family), to.family())
        && from_family != to_family
    {
        return Err(Failure::Usage(format!(
            "cannot convert between DFEN and FEN4: `{}` and `{}` hold different things",
            from.map(Format::name).unwrap_or_default(),
            to.name()
        )));
    }
    if from == Some(Format::DfenEngine) && args.profile.is_some_and(|p| p != ProfileArg::Engine) {
        return Err(Failure::Usage(
            "`--from dfen-engine` reads the engine dialect: expected no `--profile` or \
             `--profile engine` with it"
                .to_owned(),
        ));
    }
    let family = to
        .family()
        .or(from.and_then(Format::family))
        .unwrap_or(Family::Dfen);
    // Only used to decide whether comment lines are copied; `json` is JSON either way.
    let target = to.resolve(family);
    let inputs: Vec<Origin> = if args.inputs.is_empty() {
        vec![Origin::Stdin]
    } else {
        args.inputs
            .iter()
            .map(|p| {
                if p.as_os_str() == "-" {
                    Origin::Stdin
                } else {
                    Origin::File(p.clone())
                }
            })
            .collect()
    };
    crate::options::refuse_fen4_with_variant(
        variant.map(|(notation, _)| Notation::Variant(notation)),
        &inputs,
    )?;
    let mut status = Status::Clean;
    let (mut positions, mut converted) = (0usize, 0usize);
    let mut stdout = global.data_stdout();
    let colored = anstream::AutoStream::choice(&io::stderr()) != anstream::ColorChoice::Never;
    for origin in &inputs {
        let path = origin.display();
        let declared = from.map(|f| f.resolve(family)).or_else(|| {
            origin
                .path()
                .and_then(Notation::from_extension)
                .map(Format::of_notation)
        });
        let reader = match origin.open() {
            Ok(reader) => reader,
            Err(error) => {
                global.error(crate::input::InputError::io(path.clone(), &error));
                status = Status::Error;
                continue;
            }
        };
        let continuation = variant.is_none() && declared.is_none_or(|f| f == Format::Fen4);
        let mut records = RecordReader::new(reader, continuation);
        loop {
            let record = match records.next_record() {
                Ok(Some(record)) => record,
                Ok(None) => break,
                Err(error) => {
                    global.error(crate::input::InputError::io(path.clone(), &error));
                    status = Status::Error;
                    break;
                }
            };
            // The input lines this record spans (a FEN4 record may go on over several).
            let lines = 1 + memchr::memchr_iter(b'\n', record.raw()).count();
            // With --aligned, rows for the lines that give no converted position.
            let skipped = if args.aligned { lines } else { 0 };
            if record.kind != Kind::Position {
                if !target.is_json() {
                    stdout.write_all(record.raw())?;
                    stdout.write_all(b"\n")?;
                } else {
                    placeholders(&mut stdout, true, skipped)?;
                }
                continue;
            }
            let outcome = match (&record.problem, record.text()) {
                (Some(problem), _) => Err(problem_finding(&record, problem).into()),
                (None, None) => {
                    placeholders(&mut stdout, target.is_json(), skipped)?;
                    continue;
                }
                (None, Some(text)) => match variant {
                    Some((notation, target)) => convert_variant(notation, target, args.lossy, text),
                    None => {
                        let source = declared.unwrap_or_else(|| Format::sniff(text, family));
                        let source = source.resolve(family);
                        let target = to.resolve(source.family().unwrap_or(family));
                        if source.family() != target.family() {
                            Err(reject(
                                CliCode::CrossFamily,
                                0..text.len(),
                                format!(
                                    "this line is {}, which cannot be converted to {}",
                                    if source.family() == Some(Family::Fen4) {
                                        "FEN4"
                                    } else {
                                        "DFEN"
                                    },
                                    if target.family() == Some(Family::Fen4) {
                                        "FEN4"
                                    } else {
                                        "DFEN"
                                    },
                                ),
                            ))
                        } else {
                            let profile = if source == Format::DfenEngine {
                                dfen::Profile::Engine
                            } else {
                                args.profile.unwrap_or_default().into()
                            };
                            match read(source, profile, text) {
                                Ok(Input::Header) => {
                                    placeholders(&mut stdout, target.is_json(), skipped)?;
                                    continue;
                                }
                                Ok(Input::Position(value, warnings)) => {
                                    write(target, &value, args.lossy, text.len())
                                        .map(|(text, dropped)| (text, dropped, warnings))
                                }
                                Err(finding) => Err(finding),
                            }
                        }
                    }
                },
            };
            let show = |rejection: Rejection| {
                let diagnostic = Diagnostic::new(&path, &record, rejection.finding)
                    .with_reference(rejection.reference);
                let _ = writeln!(
                    global.stderr(),
                    "{}\n",
                    diagnostic.render(&renderer(colored))
                );
            };
            positions += 1;
            match outcome {
                Ok((text, dropped, warnings)) => {
                    converted += 1;
                    writeln!(stdout, "{text}")?;
                    placeholders(&mut stdout, target.is_json(), skipped.saturating_sub(1))?;
                    if !warnings.is_empty() || !dropped.is_empty() {
                        stdout.flush()?;
                    }
                    for warning in warnings {
                        show(Rejection::from(warning));
                    }
                    if !dropped.is_empty() {
                        global.warning(format_args!(
                            "{path}:{}: dropped {}",
                            record.line,
                            dropped.join(", ")
                        ));
                    }
                }
                Err(finding) => {
                    placeholders(&mut stdout, target.is_json(), skipped)?;
                    stdout.flush()?;
                    show(finding);
                    status = status.worst(Status::Findings);
                }
            }
        }
    }
    stdout.flush()?;
    if !args.quiet {
        let _ = writeln!(
            global.stderr(),
            "converted {converted} of {}, {} refused",
            crate::output::plural(positions, "position", "positions"),
            positions - converted
        );
    }
    Ok(status)
}
