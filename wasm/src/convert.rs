//! `convert`: one position from one notation or JSON form to another, as `fenkit convert`
//! converts a line. A position is converted as it was read: spellings become canonical,
//! nothing else is fixed; a conversion that would lose something is refused unless lossy.

use std::ops::Range;

use chess::variant::{Dialect, Variant};
use dfen::Profile;
use fenkit_diagnostics::Code;

use crate::found::{Failure, Found, InputCode};
use crate::read::{Notation, Reader};

/// The formats `from:` and `to:` name, in the order of their numbers.
pub(crate) const FORMATS: [&str; 8] = [
    "dfen",
    "dfen-engine",
    "fen",
    "json",
    "dfen-json",
    "fen4",
    "fen4-json",
    "fen4-pieces",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Dfen,
    DfenEngine,
    Fen,
    Json,
    DfenJson,
    Fen4,
    Fen4Json,
    Fen4Pieces,
}

const ALL: [Format; 8] = [
    Format::Dfen,
    Format::DfenEngine,
    Format::Fen,
    Format::Json,
    Format::DfenJson,
    Format::Fen4,
    Format::Fen4Json,
    Format::Fen4Pieces,
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Dfen,
    Fen4,
}

impl Format {
    /// 1 + an index into [`FORMATS`]; 0 is none.
    fn decode(number: u32) -> Option<Format> {
        (number as usize)
            .checked_sub(1)
            .and_then(|i| ALL.get(i).copied())
    }

    fn family(self) -> Option<Family> {
        match self {
            Format::Dfen | Format::DfenEngine | Format::Fen | Format::DfenJson => {
                Some(Family::Dfen)
            }
            Format::Fen4 | Format::Fen4Json | Format::Fen4Pieces => Some(Family::Fen4),
            Format::Json => None,
        }
    }

    /// The format of one text given none, as `fenkit convert` guesses it.
    fn sniff(text: &str, target: Family) -> Format {
        let text = text.trim_start();
        if text.starts_with("4d-fen") {
            Format::Fen4
        } else if text.starts_with('[') {
            Format::Fen4Json
        } else if text.starts_with('{') {
            match serde_json::from_str::<serde_json::Value>(text) {
                Ok(serde_json::Value::Object(map)) if map.contains_key("board") => Format::DfenJson,
                Ok(serde_json::Value::Object(_)) => Format::Fen4Pieces,
                _ if target == Family::Dfen => Format::DfenJson,
                _ => Format::Fen4Pieces,
            }
        } else {
            Format::Dfen
        }
    }
}

/// A position of either model.
enum Value {
    Dfen(dfen::Dfen),
    Fen4(fen4::Placement),
}

fn refuse(code: impl Code, span: Range<usize>, message: String) -> Failure {
    Failure::rejecting(Found::of(fenkit_diagnostics::Finding::new(
        code,
        fenkit_diagnostics::Severity::Error,
        span,
        message,
    )))
}

/// The first error-severity finding of a DFEN as the refusal; `span` overrides its span.
fn first_error(findings: &[dfen::Finding], span: Option<Range<usize>>) -> Result<(), Failure> {
    match findings
        .iter()
        .find(|f| f.severity == dfen::Severity::Error)
    {
        Some(finding) => Err(refuse(
            finding.code,
            span.unwrap_or_else(|| finding.span.clone()),
            finding.message.to_string(),
        )),
        None => Ok(()),
    }
}

fn read(format: Format, profile: Profile, text: &str) -> Result<Value, Failure> {
    match format {
        Format::Dfen | Format::Fen | Format::DfenEngine => {
            let parsed = dfen::Parser::new()
                .profile(profile)
                .parse(text)
                .map_err(|error| Failure::dfen(&error))
                .and_then(|parsed| first_error(&parsed.findings, None).map(|()| parsed));
            let parsed = parsed.map_err(|mut refusal| {
                // Say when the lenient profile would have read it.
                if profile == Profile::Spec
                    && dfen::Parser::new()
                        .profile(Profile::Lenient)
                        .parse(text)
                        .is_ok_and(|lenient| !lenient.has_errors())
                {
                    refusal.found.help = Some(
                        "`profile: 'lenient'` reads it, with a warning for each form it repairs"
                            .into(),
                    );
                }
                refusal
            })?;
            Ok(Value::Dfen(parsed.dfen))
        }
        Format::Json | Format::DfenJson => {
            let trimmed = text.trim_start();
            if !trimmed.starts_with('{') {
                let found = match trimmed.chars().next() {
                    Some('[') => "an array",
                    Some('"') => "a string",
                    Some('-' | '0'..='9') => "a number",
                    Some('t' | 'f') => "a boolean",
                    Some('n') => "null",
                    _ => "text that is not JSON",
                };
                return Err(refuse(
                    InputCode::BadJsonInput,
                    0..text.len(),
                    format!(
                        "not a DFEN JSON object: expected an object such as \
                         `{{\"board\":{{\"e1\":\"K\",\"e8\":\"k\"}},\"side\":\"white\",…}}`, \
                         found {found}"
                    ),
                ));
            }
            let dfen = serde_json::from_str::<dfen::Dfen>(text).map_err(|error| {
                refuse(
                    InputCode::BadJsonInput,
                    0..text.len(),
                    format!("not a DFEN JSON object: {error}"),
                )
            })?;
            first_error(&dfen.validate(), Some(0..text.len()))?;
            Ok(Value::Dfen(dfen))
        }
        Format::Fen4 => fen4::Parser::new()
            .parse(text)
            .map(|parsed| Value::Fen4(parsed.placement))
            .map_err(|error| Failure::fen4(&error)),
        Format::Fen4Json | Format::Fen4Pieces => {
            let converted = if format == Format::Fen4Pieces {
                fen4::json::from_pieces_str(text)
            } else {
                fen4::json::from_structured_str(text)
            };
            converted
                .map(|converted| Value::Fen4(converted.placement))
                .map_err(|errors| match errors.issues.first() {
                    Some(first) => {
                        let more = errors.issues.len() - 1;
                        let mut message = format!("{}: {}", first.path, first.message);
                        if more > 0 {
                            message.push_str(&format!(" (and {more} more)"));
                        }
                        refuse(first.code, 0..text.len(), message)
                    }
                    None => refuse(InputCode::BadJsonInput, 0..text.len(), errors.to_string()),
                })
        }
    }
}

/// Writes `value` as `format`, with what a lossy conversion drops.
fn write(format: Format, value: &Value, lossy: bool, len: usize) -> Result<String, Failure> {
    match (format, value) {
        (Format::Dfen, Value::Dfen(d)) => Ok(d.to_string()),
        (Format::DfenEngine, Value::Dfen(d)) => {
            let engine = Profile::Engine;
            let over = [
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
            .find(|&(_, _, value, most)| value > most);
            match over {
                Some((code, name, value, most)) if !lossy => {
                    let mut refusal = refuse(
                        code,
                        0..len,
                        format!(
                            "the engine dialect cannot hold this position: expected a {name} of \
                             at most {most}, found `{value}`"
                        ),
                    );
                    refusal.kind = "conversion";
                    refusal.found.help =
                        Some(format!("pass `lossy: true` to write the {name} as {most}").into());
                    Err(refusal)
                }
                // The writer caps each clock at the most the dialect holds.
                _ => Ok(d.display_as(engine).to_string()),
            }
        }
        (Format::Fen, Value::Dfen(d)) => {
            let (fen, dropped) = d.to_fen_lossy();
            if dropped.is_empty() || lossy {
                Ok(fen)
            } else {
                let mut refusal = refuse(
                    InputCode::NotSixFields,
                    0..len,
                    format!(
                        "six-field FEN cannot hold this position: it would drop {}",
                        dropped.join(", ")
                    ),
                );
                refusal.found.help = Some("pass `lossy: true` to convert anyway".into());
                refusal.dropped = dropped;
                Err(refusal)
            }
        }
        (Format::Json | Format::DfenJson, Value::Dfen(d)) => serde_json::to_string(d)
            .map_err(|error| refuse(InputCode::BadJsonInput, 0..len, error.to_string())),
        (Format::Fen4, Value::Fen4(p)) => Ok(p.to_string()),
        (Format::Json | Format::Fen4Json, Value::Fen4(p)) => {
            Ok(fen4::json::to_structured_value(p).to_string())
        }
        (Format::Fen4Pieces, Value::Fen4(p)) => Ok(fen4::json::to_pieces_string(p)),
        _ => Err(refuse(
            InputCode::CrossFamily,
            0..len,
            "this conversion is not supported".to_owned(),
        )),
    }
}

/// A variant position in another of its dialects (`to_dialect`), or as standard FEN
/// (`to_fen`), refused when that drops the variant's state unless `lossy`.
fn convert_variant(
    reader: &Reader,
    variant: Variant,
    to_dialect: Dialect,
    to_fen: bool,
    lossy: bool,
    text: &str,
) -> Result<String, Failure> {
    let parsed = reader
        .variant_parser(variant, text)
        .strict(false)
        .parse(text)
        .map_err(|error| Failure::dfen(&error))?;
    first_error(&parsed.findings, None)?;
    let position = parsed.position;
    if !to_fen {
        return Ok(position.display_as(to_dialect).to_string());
    }
    let dropped = position.dropped_by_standard_fen();
    if dropped.is_empty() || lossy {
        return Ok(position.fen.to_fen_lossy().0);
    }
    let mut refusal = refuse(
        InputCode::NotSixFields,
        0..text.len(),
        format!(
            "six-field FEN cannot hold this {} position: it would drop {}",
            variant.name(),
            dropped.join(" and ")
        ),
    );
    refusal.found.help = Some(
        "pass `lossy: true` to drop it, or convert between the variant's dialects with `toDialect`"
            .into(),
    );
    refusal.dropped = dropped;
    Err(refusal)
}

/// Converts `text`: `from` and `to` are 1 + an index into [`FORMATS`] (0: guessed, or for a
/// variant, its own text); `to_dialect` is 1 + an index into `Dialect::ALL` (0: `essay`).
pub(crate) fn convert(
    reader: &Reader,
    from: u32,
    to: u32,
    to_dialect: u32,
    lossy: bool,
    text: &str,
) -> Result<String, Failure> {
    let to = Format::decode(to);
    if let Notation::Variant(variant) = reader.notation(text) {
        let dialect = (to_dialect as usize)
            .checked_sub(1)
            .and_then(|i| Dialect::ALL.get(i).copied())
            .unwrap_or(Dialect::Essay);
        return convert_variant(
            reader,
            variant,
            dialect,
            to == Some(Format::Fen),
            lossy,
            text,
        );
    }
    let to = to.unwrap_or(match reader.notation(text) {
        Notation::Fen => Format::Fen,
        Notation::Fen4 => Format::Fen4,
        _ => Format::Dfen,
    });
    let family = to.family().unwrap_or(Family::Dfen);
    let from = Format::decode(from)
        .or(match reader.explicit_notation() {
            Some(Notation::Fen) => Some(Format::Fen),
            Some(Notation::Dfen) => Some(Format::Dfen),
            Some(Notation::Fen4) => Some(Format::Fen4),
            _ => None,
        })
        .unwrap_or_else(|| Format::sniff(text, family));
    let from = match (from, family) {
        (Format::Json, Family::Dfen) => Format::DfenJson,
        (Format::Json, Family::Fen4) => Format::Fen4Json,
        (other, _) => other,
    };
    let profile = if from == Format::DfenEngine {
        Profile::Engine
    } else {
        reader.profile
    };
    let value = read(from, profile, text)?;
    write(to, &value, lossy, text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(format: &str) -> u32 {
        1 + FORMATS.iter().position(|&f| f == format).unwrap_or(99) as u32
    }

    #[test]
    fn dfen_to_fen_refuses_what_it_would_drop() {
        let reader = Reader::decode(0);
        let text = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -";
        let refused = convert(&reader, 0, index("fen"), 0, false, text);
        let refusal = refused.err().map(|f| (f.found.code, f.dropped.len()));
        assert_eq!(refusal, Some(("FENKIT003", 1)));
        assert_eq!(
            convert(&reader, 0, index("fen"), 0, true, text)
                .ok()
                .as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq - 0 1")
        );
    }

    #[test]
    fn json_round_trips() {
        let reader = Reader::decode(0);
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
        let json = convert(&reader, 0, index("json"), 0, false, text).unwrap_or_default();
        assert!(json.starts_with("{\"board\""));
        let back = convert(&reader, 0, index("dfen"), 0, false, &json);
        assert_eq!(back.ok().as_deref(), Some(text));
    }

    #[test]
    fn across_families_is_refused() {
        let reader = Reader::decode(0);
        let refused = convert(
            &reader,
            0,
            index("fen4"),
            0,
            false,
            "8/8/8/8/8/8/8/8 w - - 0 1",
        );
        assert_eq!(refused.err().map(|f| f.found.code), Some("FENKIT011"));
    }
}
