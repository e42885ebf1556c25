//! What the API says about one text: the status a call returns at once, and the findings,
//! canonical forms and details that are built only when they are asked for.

use dfen::Profile;
use dfen::rules::{EpIdentity, Game};
use dfen::variant::{Dialect, PocketOrder, SubTurn, VariantFen};
use fenkit_diagnostics::Severity;
use serde_json::{Value, json};

use crate::found::{Failure, Found, InputCode, Source, fixable_as_formatted};
use crate::read::{Notation, Read, Reader, read};

/// Status bit: rejected. Reading (`parse*`): a syntax error. Checking: any error.
pub(crate) const REJECTED: u32 = 1;
/// Status bit: a finding has error severity.
pub(crate) const HAS_ERRORS: u32 = 2;
/// Status bit: the canonical form is the text itself.
pub(crate) const UNCHANGED: u32 = 4;
/// The findings are counted from this bit up.
pub(crate) const COUNT_SHIFT: u32 = 8;

/// How a call judges a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// As the libraries read it (`parseDfen`, `parseFen4`, `parseVariant`): a syntax error
    /// rejects it; findings are the library's, as read.
    Read,
    /// As `fenkit check` judges it (`check`, `canonical`): a syntax error is an error
    /// finding; any error rejects it; `fixable` says what `fenkit fmt` fixes.
    Check,
}

impl Mode {
    pub(crate) fn decode(mode: u32) -> Mode {
        if mode == 1 { Mode::Check } else { Mode::Read }
    }
}

fn pack(findings: usize, has_errors: bool, rejected: bool, unchanged: bool) -> u32 {
    let count = u32::try_from(findings).unwrap_or(u32::MAX >> COUNT_SHIFT);
    (count << COUNT_SHIFT)
        | if rejected { REJECTED } else { 0 }
        | if has_errors { HAS_ERRORS } else { 0 }
        | if unchanged { UNCHANGED } else { 0 }
}

/// The status of `text`: the bits above and the number of findings. This is the hot path of
/// the API: it builds no finding object and writes no text.
pub(crate) fn status(reader: &Reader, mode: Mode, text: &str) -> u32 {
    match mode {
        Mode::Read => match read(reader, text) {
            Err(_) => REJECTED,
            Ok(Read::Dfen(parsed)) => {
                let unchanged = reader.profile != Profile::Engine
                    && parsed.written_canonically()
                    && parsed.fixed() == parsed.dfen;
                pack(parsed.findings.len(), parsed.has_errors(), false, unchanged)
            }
            Ok(Read::Fen4(parsed)) => {
                let has_errors = parsed
                    .findings
                    .iter()
                    .any(|f| f.severity == Severity::Error);
                let unchanged = parsed.written_canonically();
                pack(parsed.findings.len(), has_errors, false, unchanged)
            }
            Ok(Read::Variant(parsed)) => {
                let unchanged = parsed.written_canonically()
                    && parsed.position.variant.has_dialect(reader.dialect)
                    && parsed.fixed() == parsed.position;
                pack(parsed.findings.len(), parsed.has_errors(), false, unchanged)
            }
        },
        Mode::Check => {
            let checked = check(reader, text, false);
            let has_errors = checked.findings.iter().any(Found::is_error);
            pack(checked.findings.len(), has_errors, has_errors, false)
        }
    }
}

/// What `fenkit check` finds in one position, and the canonical form `fenkit fmt` writes.
pub(crate) struct Checked {
    /// Every finding, a syntax error as an error finding; `fixable` as `fmt` acts.
    pub(crate) findings: Vec<Found>,
    /// The canonical form, when asked for and the position is not rejected.
    pub(crate) canonical: Option<String>,
    /// A syntax error, kept whole for the error it makes.
    pub(crate) syntax: Option<Failure>,
}

impl Checked {
    fn accepted(findings: Vec<Found>, canonical: Option<String>) -> Checked {
        let rejected = findings.iter().any(Found::is_error);
        Checked {
            findings: fixable_as_formatted(findings),
            canonical: if rejected { None } else { canonical },
            syntax: None,
        }
    }

    /// The error that rejects the position: the syntax error, or the first error finding.
    pub(crate) fn rejection(&self) -> Option<Failure> {
        if let Some(syntax) = &self.syntax {
            return Some(syntax.clone());
        }
        self.findings
            .iter()
            .find(|f| f.is_error())
            .map(|found| Failure::rejecting(found.clone()))
    }
}

/// Judges `text` as `fenkit check` (and `fenkit parse`, the adapter) does; with `canonical`,
/// also writes `fenkit fmt`'s form.
pub(crate) fn check(reader: &Reader, text: &str, canonical: bool) -> Checked {
    let notation = reader.notation(text);
    let read = match read(reader, text) {
        Ok(read) => read,
        Err(failure) => {
            return Checked {
                findings: vec![failure.found.clone()],
                canonical: None,
                syntax: Some(failure),
            };
        }
    };
    match read {
        Read::Dfen(parsed) if notation == Notation::Fen => {
            check_fen(reader, text, parsed, canonical)
        }
        Read::Dfen(parsed) => {
            let written = canonical.then(|| parsed.fixed().display_as(reader.profile).to_string());
            Checked::accepted(Found::all(parsed.findings), written)
        }
        Read::Fen4(parsed) => {
            let written = canonical.then(|| parsed.placement.to_string());
            Checked::accepted(Found::all(parsed.findings), written)
        }
        Read::Variant(parsed) => {
            let dialect = reader.write_dialect(parsed.position.variant);
            let written = canonical.then(|| parsed.fixed().display_as(dialect).to_string());
            Checked::accepted(Found::all(parsed.findings), written)
        }
    }
}

/// A standard FEN as `fenkit check` judges a `.fen` line: no missing dice field; a seventh
/// field is a fixable finding; a position six fields cannot hold (dice, several en-passant
/// squares) is an error.
fn check_fen(reader: &Reader, text: &str, parsed: dfen::Parsed, canonical: bool) -> Checked {
    let fixed = parsed.fixed();
    // A seventh field, unless the engine dialect already reports it (DFEN108).
    let seventh = text.split_ascii_whitespace().nth(6).is_some()
        && !parsed
            .findings
            .iter()
            .any(|f| f.code == dfen::Code::EngineEmptyDiceField);
    let mut findings: Vec<Found> = parsed
        .findings
        .into_iter()
        .filter(|f| f.code != dfen::Code::MissingDiceField)
        .map(Found::of)
        .collect();
    // What `Dfen::to_fen` refuses, known without writing the FEN.
    let fits = fixed.en_passant.len() <= 1 && fixed.dice.is_empty();
    let written = if fits {
        if seventh {
            findings.push(seventh_field(text, reader.strict));
        }
        canonical.then(|| fixed.to_fen_lossy().0)
    } else {
        let (_, dropped) = fixed.to_fen_lossy();
        let mut found = Found::input(
            InputCode::NotSixFields,
            0..text.len(),
            format!(
                "a six-field FEN cannot hold this position: it would drop {}",
                dropped.join(" and ")
            ),
        );
        found.help =
            Some("positions with dice or several en-passant squares belong in a .dfen file".into());
        findings.push(found);
        None
    };
    Checked::accepted(findings, written)
}

/// `FENKIT005`: a seventh field that six fields do without (no dice pending): fixable, as
/// `fmt` drops it; an error when strict.
fn seventh_field(text: &str, strict: bool) -> Found {
    let content_end = text.trim_end().len();
    let start = text
        .get(..content_end)
        .and_then(|content| content.rfind([' ', '\t']))
        .map_or(0, |space| space + 1);
    let mut found = Found::input(
        InputCode::SeventhField,
        start..content_end,
        format!(
            "seventh field in a six-field FEN: expected six fields in a .fen file, found a seventh, `{}`",
            text.get(start..content_end).unwrap_or_default()
        ),
    );
    found.severity = if strict {
        Severity::Error
    } else {
        Severity::Warning
    };
    found.fixable = true;
    found.help = Some("`fenkit fmt` drops it; positions with dice belong in a .dfen file".into());
    found
}

/// The findings of `text` as `mode` judges it, as a JSON array of `Finding` objects; in the
/// read mode, a syntax error is the `error` beside them.
pub(crate) fn report(reader: &Reader, mode: Mode, source: Source<'_>, text: &str) -> Value {
    let (findings, error) = match mode {
        Mode::Read => match read(reader, text) {
            Ok(read) => (read.into_findings(), None),
            Err(failure) => (Vec::new(), Some(failure)),
        },
        Mode::Check => (check(reader, text, false).findings, None),
    };
    json!({
        "findings": findings.iter().map(|f| f.to_json(source)).collect::<Vec<_>>(),
        "error": error.map(|e| e.to_json(source)),
    })
}

/// `fenkit fmt`'s form of `text`, or the error that rejects it.
pub(crate) fn canonical(reader: &Reader, text: &str) -> Result<String, Failure> {
    let checked = check(reader, text, true);
    match (checked.rejection(), checked.canonical) {
        (None, Some(written)) => Ok(written),
        (Some(failure), _) => Err(failure),
        // Not reached: an accepted position has its canonical form.
        (None, None) => Err(Failure::new(
            "syntax",
            Found::input(
                InputCode::BadJsonInput,
                0..text.len(),
                "no canonical form".into(),
            ),
        )),
    }
}

/// The side's name in the API: `white` or `black`.
pub(crate) fn color_name(color: dfen::Color) -> &'static str {
    match color {
        dfen::Color::White => "white",
        dfen::Color::Black => "black",
    }
}

/// A DFEN position as the API's `Position` object.
pub(crate) fn position_json(position: &dfen::Dfen) -> Value {
    let board: serde_json::Map<String, Value> = position
        .board
        .pieces()
        .map(|(square, piece)| (square.to_string(), Value::from(piece.letter().to_string())))
        .collect();
    json!({
        "dfen": position.to_string(),
        "board": board,
        "side": color_name(position.side),
        "castling": position.castling.to_string(),
        "enPassant": position
            .en_passant
            .iter_alphabetical()
            .map(|square| square.to_string())
            .collect::<Vec<_>>(),
        "halfmove": position.halfmove,
        "fullmove": position.fullmove.get(),
        "dice": position.dice.to_string_for(position.side),
    })
}

/// A variant position's slots and its text in each of its dialects.
fn variant_json(position: &VariantFen) -> Value {
    let dialects: serde_json::Map<String, Value> = Dialect::ALL
        .iter()
        .filter(|&&dialect| position.variant.has_dialect(dialect))
        .map(|&dialect| {
            (
                dialect.name().to_owned(),
                Value::from(position.display_as(dialect).to_string()),
            )
        })
        .collect();
    let holdings: String = position
        .holdings
        .pieces(PocketOrder::PawnFirst)
        .map(|p| p.letter())
        .collect();
    json!({
        "variant": position.variant.name(),
        "essay": position.to_string(),
        "dialects": dialects,
        "position": position_json(&position.fen),
        "checks": [position.checks.white, position.checks.black],
        "checkLimit": position.checks.limit,
        "holdings": holdings,
        "promoted": position
            .promoted
            .iter_alphabetical()
            .map(|square| square.to_string())
            .collect::<Vec<_>>(),
        "subTurn": match position.sub_turn {
            SubTurn::First => 1,
            SubTurn::Second => 2,
        },
        "fen": match position.to_fen() {
            Ok(fen) => json!({ "ok": fen }),
            Err(lossy) => json!({ "dropped": lossy.dropped, "message": lossy.to_string() }),
        },
    })
}

/// Everything a parse result shows besides its status, read again from `text`: the
/// canonical form, the findings, and the notation's own details.
pub(crate) fn details(reader: &Reader, source: Source<'_>, text: &str) -> Result<Value, Failure> {
    let findings = |list: &[Found]| list.iter().map(|f| f.to_json(source)).collect::<Vec<_>>();
    Ok(match read(reader, text)? {
        Read::Dfen(parsed) => {
            let fixed = parsed.fixed();
            let found = Found::all(parsed.findings.clone());
            json!({
                "canonical": fixed.display_as(reader.profile).to_string(),
                "findings": findings(&found),
                "position": position_json(&parsed.dfen),
                "fixed": position_json(&fixed),
                "engine": parsed.dfen.display_as(Profile::Engine).to_string(),
            })
        }
        Read::Fen4(parsed) => {
            let pieces: Vec<Value> = parsed
                .placement
                .iter()
                .map(|(at, piece)| json!({ "at": at.to_array(), "piece": piece.spec() }))
                .collect();
            json!({
                "canonical": parsed.placement.to_string(),
                "findings": findings(&Found::all(parsed.findings)),
                "pieces": pieces,
            })
        }
        Read::Variant(parsed) => {
            let fixed = parsed.fixed();
            let dialect = reader.write_dialect(fixed.variant);
            let mut value = variant_json(&fixed);
            if let Value::Object(map) = &mut value {
                map.insert(
                    "canonical".to_owned(),
                    Value::from(fixed.display_as(dialect).to_string()),
                );
                map.insert(
                    "findings".to_owned(),
                    Value::from(findings(&Found::all(parsed.findings))),
                );
                map.insert("dialect".to_owned(), Value::from(dialect.name()));
            }
            value
        }
    })
}

/// The identity key `fenkit dedupe` compares (`spec/identity.md`), of the position as fixed.
pub(crate) fn position_key(reader: &Reader, text: &str, legal_ep: bool) -> Result<String, Failure> {
    let ep = if legal_ep {
        EpIdentity::Legal
    } else {
        EpIdentity::Always
    };
    let notation = reader.notation(text);
    Ok(match read(reader, text)? {
        Read::Dfen(parsed) => {
            let game = if notation == Notation::Fen {
                Game::Standard
            } else {
                Game::DiceChess
            };
            parsed.identity_key(ep, game)
        }
        Read::Fen4(parsed) => parsed.placement.identity_key(),
        Read::Variant(parsed) => parsed.fixed().identity_key(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(notation: u32) -> Reader {
        Reader::decode(notation)
    }

    #[test]
    fn status_counts_and_flags() {
        let dfen = reader(1);
        let canonical = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -";
        assert_eq!(status(&dfen, Mode::Read, canonical), UNCHANGED);
        // Six fields: one fixable finding, DFEN107.
        let six = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(status(&dfen, Mode::Read, six), 1 << COUNT_SHIFT);
        assert_eq!(status(&dfen, Mode::Read, "x"), REJECTED);
        assert_eq!(
            status(&dfen, Mode::Check, "x"),
            REJECTED | HAS_ERRORS | (1 << COUNT_SHIFT)
        );
        // As standard FEN, six fields are canonical.
        assert_eq!(status(&reader(2), Mode::Check, six), 0);
    }

    #[test]
    fn fen_refuses_what_six_fields_cannot_hold() {
        let checked = check(&reader(2), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN", true);
        assert_eq!(checked.findings.len(), 1);
        assert_eq!(checked.findings[0].code, "FENKIT003");
        assert_eq!(checked.canonical, None);
        let checked = check(&reader(2), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -", true);
        assert_eq!(checked.findings[0].code, "FENKIT005");
        assert_eq!(checked.findings[0].span, 30..31);
        assert_eq!(
            checked.canonical.as_deref(),
            Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        );
    }

    #[test]
    fn canonical_is_refused_with_the_first_error() {
        let refused = canonical(&reader(1), "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -");
        assert_eq!(refused.map_err(|f| f.found.code), Err("DFEN202"));
    }
}
