//! `fenkit parse`: the adapter protocol spoken by parity runners (see `spec/adapter-protocol.md`).

use crate::choices::choices;
use std::io::{self, BufRead, Read, Write};

use crate::context::{Failure, Global, Status};
use crate::input::Origin;
use fenkit_diagnostics::Severity;
use notation::records::MAX_RECORD_BYTES;

use crate::output::FindingJson;
use notation::code::{FenkitCode, Finding};
use notation::{Analysis, Analyzer, Fen4Reference, Notation, ReadSettings};
use notation::{DialectArg, ProfileArg};

const AFTER_HELP: &str = "\
Examples:
  echo '8/8/8/8/8/8/8/8 w - - 0 1' | fenkit parse
  printf '4d-fen v1: K@0,0,0,0' | fenkit parse --notation fen4
  fenkit parse --batch --notation fen4 < inputs.txt > verdicts.jsonl
  fenkit parse --batch --json-strings < quoted-inputs.jsonl
  echo '4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0' | fenkit parse --variant threecheck --dialect lichess
  echo 'k7/8/8/8/8/8/8/KK6 w - - 0 1' | fenkit parse --variant antichess

Per-case mode: one input on stdin (one final line end is dropped). Accepted: the canonical
form on stdout, exit 0. Rejected: `CODE: message` on stderr, exit 1.

Batch mode: one input per line, one JSON object per line on stdout, flushed after each line:
  {\"ok\":true,\"canonical\":\"...\",\"findings\":[...]}
  {\"ok\":false,\"code\":\"FEN4008\",\"ref_code\":-4,\"offset\":17,\"message\":\"...\"}";

/// Parse positions from stdin and answer in the adapter protocol.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub(crate) struct Args {
    /// The notation of the input [default: fen4 if it starts with `4d-fen`, ndjson4 if it
    /// starts with `{`, else dfen]
    #[arg(long, value_name = "NOTATION", value_parser = choices::<Notation>())]
    notation: Option<Notation>,

    #[command(flatten)]
    variant: crate::options::VariantArgs,

    /// With --variant threecheck, crazyhouse or twomove: the dialect of the canonical form
    /// [default: the one read]
    #[arg(long, value_name = "DIALECT", value_parser = choices::<DialectArg>())]
    to_dialect: Option<DialectArg>,

    /// The DFEN dialect to read and write [default: spec]
    #[arg(long, value_name = "PROFILE", value_parser = choices::<ProfileArg>())]
    profile: Option<ProfileArg>,

    /// Treat every non-canonical form as an error
    #[arg(long)]
    strict: bool,

    /// Read castling as Chess960 (Fischer random) does: `K`/`Q` are the outermost rooks on
    /// each side of the king [file letters such as `HAha` are read in either case]
    #[arg(long)]
    chess960: bool,

    /// Read one input per line and answer each with one JSON object per line
    #[arg(long)]
    batch: bool,

    /// In batch mode, each line is a JSON string holding the input (for inputs with line breaks
    /// or other awkward bytes)
    #[arg(long, requires = "batch")]
    json_strings: bool,
}

struct Settings {
    notation: Option<Notation>,
    read: ReadSettings,
}

impl Settings {
    fn analyze(&self, text: &str) -> Analysis {
        let notation = self
            .notation
            .unwrap_or_else(|| Notation::sniff_adapter(text.as_bytes()));
        Analyzer::adapter(notation, self.read).analyze(1, text)
    }
}

/// The finding that rejects an input: the first error.
fn rejection(analysis: &Analysis) -> Option<&Finding> {
    analysis
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)
}

fn invalid_utf8(bytes: &[u8]) -> Option<Finding> {
    let error = std::str::from_utf8(bytes).err()?;
    let at = error.valid_up_to();
    Some(notation::code::fenkit_error(
        FenkitCode::InvalidUtf8,
        at..at + 1,
        format!(
            "invalid UTF-8 at byte offset {at}: expected text, found byte 0x{:02x}",
            bytes[at]
        ),
    ))
}

/// Drops one final `\n` or `\r\n` (a `\r` alone is part of the input).
fn strip_line_end(bytes: &[u8]) -> &[u8] {
    match bytes.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => bytes,
    }
}

fn per_case(settings: &Settings, global: &Global) -> Result<Status, Failure> {
    let bytes = match Origin::Stdin.read_limited(MAX_RECORD_BYTES as u64) {
        Ok(bytes) => bytes,
        Err(error) => {
            global.error(format_args!(
                "cannot read standard input: {}",
                crate::input::describe(&error)
            ));
            return Ok(Status::Error);
        }
    };
    let input = strip_line_end(&bytes);
    if let Some(finding) = invalid_utf8(input) {
        writeln!(io::stderr().lock(), "{}: {}", finding.code, finding.message)?;
        return Ok(Status::Findings);
    }
    let text = std::str::from_utf8(input).unwrap_or_default();
    let analysis = settings.analyze(text);
    if let Some(finding) = rejection(&analysis) {
        writeln!(io::stderr().lock(), "{}: {}", finding.code, finding.message)?;
        return Ok(Status::Findings);
    }
    let mut stdout = io::stdout().lock();
    writeln!(stdout, "{}", analysis.canonical.unwrap_or_default())?;
    stdout.flush()?;
    Ok(Status::Clean)
}

/// One batch answer; fields in protocol order, absent ones left out.
#[derive(serde::Serialize)]
struct Answer<'a> {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    canonical: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ref_code: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<[usize; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    findings: Option<Vec<FindingJson<'a>>>,
}

impl<'a> Answer<'a> {
    fn reject(finding: &'a Finding, reference: Option<Fen4Reference>) -> Answer<'a> {
        Answer {
            ok: false,
            canonical: None,
            code: Some(finding.code.as_str()),
            ref_code: reference.map(|reference| reference.code),
            offset: Some(
                reference.map_or(finding.span.start, |reference| reference.offset as usize),
            ),
            span: Some([finding.span.start, finding.span.end]),
            message: Some(&finding.message),
            findings: None,
        }
    }
}

fn to_line(answer: &Answer<'_>) -> String {
    serde_json::to_string(answer).unwrap_or_else(|error| {
        format!(
            "{{\"ok\":false,\"code\":\"{}\",\"message\":\"cannot encode the answer: {error}\"}}",
            FenkitCode::UnencodableAnswer
        )
    })
}

/// The JSON answer for one input.
fn answer(settings: &Settings, input: &[u8]) -> String {
    if let Some(finding) = invalid_utf8(input) {
        return to_line(&Answer::reject(&finding, None));
    }
    let text = std::str::from_utf8(input).unwrap_or_default();
    let notation = settings
        .notation
        .unwrap_or_else(|| Notation::sniff_adapter(text.as_bytes()));
    let analysis = settings.analyze(text);
    let findings = Some(analysis.findings.iter().map(FindingJson::from).collect());
    match rejection(&analysis) {
        None => to_line(&Answer {
            ok: true,
            canonical: analysis.canonical.as_deref(),
            code: None,
            ref_code: None,
            offset: None,
            span: None,
            message: None,
            findings,
        }),
        Some(finding) => {
            let mut answer = Answer::reject(finding, analysis.reference);
            if notation.entry().reference_codes && answer.ref_code.is_none() {
                // Rejected only by `--strict`: the reference parsers accept it.
                answer.ref_code = Some(0);
            }
            answer.findings = findings;
            to_line(&answer)
        }
    }
}

fn failure_line(code: FenkitCode, message: String) -> String {
    let finding = notation::code::fenkit_error(code, 0..0, message);
    to_line(&Answer::reject(&finding, None))
}

fn batch(settings: &Settings, json_strings: bool) -> Result<Status, Failure> {
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(1 << 16, stdin.lock());
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = (&mut reader)
            .take(MAX_RECORD_BYTES as u64 + 2)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            break;
        }
        let ends = line.ends_with(b"\n");
        let value = if !ends && line.len() > MAX_RECORD_BYTES {
            // Skip the rest of an over-long line.
            let mut rest = 0usize;
            loop {
                let buf = reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match memchr::memchr(b'\n', buf) {
                    Some(at) => {
                        reader.consume(at + 1);
                        break;
                    }
                    None => {
                        rest += buf.len();
                        let len = buf.len();
                        reader.consume(len);
                    }
                }
            }
            failure_line(
                FenkitCode::TooLong,
                format!(
                    "line is too long: expected at most {MAX_RECORD_BYTES} bytes, found {}",
                    line.len() + rest
                ),
            )
        } else {
            let input = strip_line_end(&line);
            if json_strings {
                match serde_json::from_slice::<String>(input) {
                    Ok(text) => answer(settings, text.as_bytes()),
                    Err(error) => failure_line(
                        FenkitCode::NotAJsonString,
                        format!("expected a JSON string, found invalid JSON: {error}"),
                    ),
                }
            } else {
                answer(settings, input)
            }
        };
        writeln!(stdout, "{value}")?;
        stdout.flush()?;
    }
    // Rejections are answers, not failures: batch mode exits 0 unless I/O fails.
    Ok(Status::Clean)
}

pub(crate) fn run(args: Args, global: &Global) -> Result<Status, Failure> {
    // The flags resolved as every command resolves them.
    let resolved = notation::settings::Request {
        notation: args.notation,
        profile: args.profile,
        strict: args.strict,
        chess960: args.chess960,
        ..args.variant.request(args.to_dialect)
    }
    .resolve()?;
    // A variant judged by rules only (antichess, atomic, …) reads standard FEN unless
    // `--notation` names another notation of chess positions.
    let by_rules = args
        .variant
        .variant
        .filter(|name| name.notation().is_none())
        .and_then(|_| Notation::of_variant(chess::variant::Variant::Chess));
    let settings = Settings {
        notation: resolved.notation.or(by_rules),
        read: resolved.read_settings(),
    };
    if args.batch {
        batch(&settings, args.json_strings)
    } else {
        per_case(&settings, global)
    }
}
