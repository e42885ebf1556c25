//! The JSON forms `convert` reads and writes: the DFEN structured form (`dfen-json`), the FEN4
//! structured form (`fen4-json`) and the reference fixtures' FEN4 `pieces` object
//! (`fen4-pieces`). They have no file extension: `convert` is told them, or tells them by
//! their content.

use super::{
    Codec, EnPassant, Entry, Family, Help, Json, Line, Notation, Position, Read, ReadSettings,
    Rejection, Written,
};
use crate::code::{Code, FenkitCode, Finding};

/// `dfen-json`.
pub(super) static DFEN_JSON: Entry = Entry {
    name: "dfen-json",
    help: Help {
        notation: None,
        variant: None,
        convert: Some("the DFEN structured JSON form"),
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Dfen,
    positions: "DFEN positions",
    json: Json::Form,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::Rules(dfen::rules::Game::DiceChess),
    columnar: false,
    reference_codes: false,
    suite: None,
    codec: &DfenJson,
};

/// `fen4-json`.
pub(super) static FEN4_JSON: Entry = Entry {
    name: "fen4-json",
    help: Help {
        notation: None,
        variant: None,
        convert: Some(
            "the FEN4 structured JSON form, `[{\"at\":[x,y,z,w],\"axis\":null,\"color\":\"white\",\"piece\":\"K\"}]`",
        ),
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Fen4,
    positions: "FEN4 placements",
    json: Json::Form,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::None,
    columnar: false,
    reference_codes: false,
    suite: None,
    codec: &Fen4Json { pieces: false },
};

/// `fen4-pieces`.
pub(super) static FEN4_PIECES: Entry = Entry {
    name: "fen4-pieces",
    help: Help {
        notation: None,
        variant: None,
        convert: Some("the reference fixtures' FEN4 `pieces` object, `{\"<square index>\":\"K\"}`"),
    },
    extensions: &[],
    shared_extensions: &[],
    family: Family::Fen4,
    positions: "FEN4 placements",
    json: Json::Other,
    continuation_lines: false,
    replay: None,
    variant: None,
    dialects: false,
    en_passant: EnPassant::None,
    columnar: false,
    reference_codes: false,
    suite: None,
    codec: &Fen4Json { pieces: true },
};

struct DfenJson;

impl Codec for DfenJson {
    /// An object with a `board` key is this form; so may be text that starts like an object
    /// but is not JSON.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        if !line.start().starts_with(b"{") {
            return 0;
        }
        match line.json_object() {
            Some(map) if map.contains_key("board") => 4,
            Some(_) => 0,
            None => 3,
        }
    }

    fn read(&self, _: Notation, text: &str, _: ReadSettings) -> Result<Read, Rejection> {
        // An EPD line's JSON form holds its operations as well.
        if super::epd::is_json(&Line::new(text.as_bytes())) {
            return super::epd::from_json(text);
        }
        // The library's code (DFEN401-DFEN409), path and span of the offending value.
        let dfen = dfen::Dfen::from_json(text)
            .map_err(|error| Rejection::from(crate::code::finding_of(error.to_finding())))?;
        // The same position findings as text input; JSON has no field spans, so an error
        // points at the whole line.
        super::dfen::first_error(&dfen.validate(), Some(0..text.len()))?;
        Ok(Read::Position(Position::Dfen(Box::new(dfen)), Vec::new()))
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        _: ReadSettings,
        _lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        match position {
            Position::Dfen(position) => serde_json::to_string(position)
                .map(|json| (json, Vec::new()))
                .map_err(|error| {
                    Rejection::new(FenkitCode::BadJsonInput, 0..len, error.to_string())
                }),
            Position::Epd(epd) => super::epd::to_json(epd, len),
            _ => Err(super::unsupported(notation, position, len)),
        }
    }

    fn writes(&self) -> bool {
        true
    }

    /// An EPD line is written with its operations.
    fn writes_whole(&self) -> bool {
        true
    }
}

/// The FEN4 JSON forms: the structured form, or the `pieces` object.
struct Fen4Json {
    pieces: bool,
}

impl Codec for Fen4Json {
    /// The structured form is an array; the `pieces` form an object (one that is not another
    /// form's), or text that starts like an object but is not JSON.
    fn sniff(&self, line: &Line<'_>) -> u8 {
        let start = line.start();
        match (self.pieces, start.first()) {
            (false, Some(b'[')) => 4,
            (true, Some(b'{')) => 3,
            _ => 0,
        }
    }

    fn read(&self, _: Notation, text: &str, _: ReadSettings) -> Result<Read, Rejection> {
        // Read from the text, not a parsed value: a value has already lost a repeated key
        // (a square named twice), which the text readers report. Text that is not JSON
        // is their FEN4401.
        let converted = if self.pieces {
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
                Rejection::new(first.code, issue_span(first, text), message)
            }
            None => Rejection::new(FenkitCode::BadJsonInput, 0..text.len(), errors.to_string()),
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
        Ok(Read::Position(
            Position::Fen4(converted.placement),
            warnings,
        ))
    }

    fn write(
        &self,
        notation: Notation,
        position: &Position,
        _: ReadSettings,
        _lossy: bool,
        len: usize,
    ) -> Result<Written, Rejection> {
        match position {
            Position::Fen4(placement) if self.pieces => {
                Ok((fen4::json::to_pieces_string(placement), Vec::new()))
            }
            Position::Fen4(placement) => Ok((
                fen4::json::to_structured_value(placement).to_string(),
                Vec::new(),
            )),
            _ => Err(super::unsupported(notation, position, len)),
        }
    }

    fn writes(&self) -> bool {
        true
    }
}

/// Where a FEN4 JSON issue points: the offending value the library found in the text, else the
/// whole line.
fn issue_span(issue: &fen4::json::JsonIssue, text: &str) -> std::ops::Range<usize> {
    issue.span.clone().unwrap_or(0..text.len())
}
