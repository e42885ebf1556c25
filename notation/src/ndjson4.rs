//! NDJSON4 replay files (`spec/ndjson4.md`, `.ndjson4`, `.jsonl`): one JSON object per line,
//! each a frame holding a FEN4 literal, or a header record. A frame's checks depend on the
//! frames before it, so a file is analysed in order.

use super::{
    Analysis, Analyze, Codec, EnPassant, Entry, Family, Help, Json, Line, Notation, Position, Read,
    ReadSettings, Rejection, Suite, Work,
};
use crate::code::{FenkitCode, Finding, fenkit_error, finding_of};
use fenkit_diagnostics::Severity;

/// `ndjson4`.
pub(super) static NDJSON4: Entry = Entry {
    name: "ndjson4",
    help: Help {
        notation: Some("NDJSON4 replay files, one JSON object per line (`.ndjson4`, `.jsonl`)"),
        variant: None,
        convert: Some("NDJSON4 replay frames (input only)"),
    },
    extensions: &["ndjson4"],
    shared_extensions: &[("jsonl", "whose first record has a `fen4` key")],
    family: Family::Fen4,
    positions: "FEN4 placements",
    json: Json::Other,
    continuation_lines: false,
    replay: Some(
        "an NDJSON4 record is a replay frame: take its placement with `fenkit convert --to \
         fen4` and show that",
    ),
    variant: None,
    dialects: false,
    en_passant: EnPassant::None,
    columnar: false,
    reference_codes: false,
    suite: Some(Suite {
        file: "ndjson4",
        parity: false,
    }),
    codec: &Ndjson4Codec,
};

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
    let bad = |message: String| fenkit_error(FenkitCode::BadJsonInput, 0..line.len(), message);
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

struct Ndjson4Codec;

impl Codec for Ndjson4Codec {
    /// A line that starts with `{` may be a frame; one whose object has a `fen4` key or is a
    /// header is one.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        if !line.start().starts_with(b"{") {
            return 0;
        }
        match line.json_object() {
            Some(map) if map.contains_key("fen4") || map.contains_key(HEADER_KEY) => 5,
            _ => 2,
        }
    }

    fn analyzer(&self) -> Box<dyn Analyze> {
        Box::new(Ndjson4Analyzer {
            validator: fen4::Ndjson4Validator::new(),
        })
    }

    /// A JSON Lines file is NDJSON4 when its first record is a frame or a header; any other
    /// (an event log, a data set) is not ours.
    fn claims(&self, first: &str) -> Result<(), &'static str> {
        match read_frame(first) {
            Ok(_) => Ok(()),
            Err(_) => Err("its first record is not an NDJSON4 frame (no `fen4` key)"),
        }
    }

    /// The record is judged as `check` judges it (spec/ndjson4.md): its first error refuses it
    /// with its own code, and its warnings (such as text after the object, FEN4352) are passed
    /// on. A fresh validator: a conversion does not follow plies.
    fn read(&self, _: Notation, text: &str, _: ReadSettings) -> Result<Read, Rejection> {
        let findings = fen4::Ndjson4Validator::new().check_line(1, text);
        let mut findings = findings.into_iter().map(finding_of);
        if let Some(error) = findings.clone().find(|f| f.severity == Severity::Error) {
            return Err(error.into());
        }
        let warnings = findings.by_ref().collect();
        let literal = match read_frame(text).map_err(Rejection::from)? {
            Frame::Header => {
                return Ok(Read::Nothing(
                    "expected an NDJSON4 frame, found a header record",
                ));
            }
            Frame::Literal(literal) => literal,
        };
        fen4::Parser::new()
            .parse(&literal)
            .map(|parsed| Read::Position(Position::Fen4(parsed.placement), warnings))
            .map_err(|error| {
                Rejection::new(error.code(), 0..text.len(), format!("in `fen4`: {error}"))
            })
    }

    /// The frame's literal, whatever else the frame holds (`diff`).
    fn parse(
        &self,
        notation: Notation,
        text: &str,
        settings: ReadSettings,
    ) -> Result<(Position, Vec<Finding>), Rejection> {
        match read_frame(text)? {
            Frame::Literal(literal) => super::fen4::FEN4.codec.parse(notation, &literal, settings),
            Frame::Header => Err(Rejection::new(
                FenkitCode::BadJsonInput,
                0..text.len(),
                "expected an NDJSON4 frame, found a header record",
            )),
        }
    }
}

/// NDJSON4's analyser: the validator follows the plies and frames of one file, in order.
struct Ndjson4Analyzer {
    validator: fen4::Ndjson4Validator,
}

impl Analyze for Ndjson4Analyzer {
    fn analyze(&mut self, _work: &mut Work, line: usize, text: &str) -> Analysis {
        let findings: Vec<Finding> = self
            .validator
            .check_line(line, text)
            .into_iter()
            .map(finding_of)
            .collect();
        Analysis::accepted(findings, None, None)
    }
}
