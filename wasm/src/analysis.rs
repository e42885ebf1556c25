//! What the API says about one text: the status a call returns at once, and the findings,
//! canonical forms and details that are built only when they are asked for.

use chess::variant::{Dialect, PocketOrder, SubTurn};
use dfen::Profile;
use dfen::rules::{EpIdentity, Game};
use fenkit_diagnostics::Severity;
use serde::Serialize;

use crate::found::{
    Failure, FailureOut, FindingOut, Found, InputCode, Source, findings_out, fixable_as_formatted,
};
use crate::read::{Read, Reader, read};

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
            Ok(Read::Variant(parsed, rules)) => {
                let unchanged = parsed.written_canonically()
                    && parsed
                        .position
                        .variant
                        .has_dialect(reader.dialect_of(parsed.position.variant, text))
                    && parsed.fixed() == parsed.position;
                let has_errors = parsed.has_errors() || rules.iter().any(Found::is_error);
                pack(
                    parsed.findings.len() + rules.len(),
                    has_errors,
                    false,
                    unchanged,
                )
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
        Read::Dfen(parsed) => {
            let written = canonical.then(|| parsed.fixed().display_as(reader.profile).to_string());
            Checked::accepted(Found::all(parsed.findings), written)
        }
        Read::Fen4(parsed) => {
            let written = canonical.then(|| parsed.placement.to_string());
            Checked::accepted(Found::all(parsed.findings), written)
        }
        Read::Variant(parsed, rules) => {
            let dialect = reader.write_dialect(parsed.position.variant, text);
            let written = canonical.then(|| parsed.fixed().display_as(dialect).to_string());
            let mut findings = Found::all(parsed.findings);
            findings.extend(rules);
            Checked::accepted(findings, written)
        }
    }
}

/// What `report` answers: the findings, and in the read mode a syntax error beside them.
#[derive(Serialize)]
pub(crate) struct Report<'a> {
    findings: Vec<FindingOut<'a>>,
    error: Option<FailureOut<'a>>,
}

/// The findings of `text` as `mode` judges it, written as [`Report`] JSON.
pub(crate) fn report(reader: &Reader, mode: Mode, source: Source<'_>, text: &str) -> String {
    let (findings, error) = match mode {
        Mode::Read => match read(reader, text) {
            Ok(read) => (read.into_findings(), None),
            Err(failure) => (Vec::new(), Some(failure)),
        },
        Mode::Check => (check(reader, text, false).findings, None),
    };
    write_report(&findings, error.as_ref(), source)
}

/// The [`Report`] of bytes that are not UTF-8: the `FENKIT001` finding, as `mode` reports it.
pub(crate) fn report_invalid(mode: Mode, found: Found) -> String {
    let source = Source::new("", true);
    match mode {
        Mode::Read => write_report(&[], Some(&Failure::new("syntax", found)), source),
        Mode::Check => write_report(&[found], None, source),
    }
}

fn write_report(findings: &[Found], error: Option<&Failure>, source: Source<'_>) -> String {
    json(&Report {
        findings: findings_out(findings, source),
        error: error.map(|failure| failure.out(source)),
    })
}

/// `value` as JSON text. Writing the API's own types cannot fail; should it, the answer is
/// `null`, which the JavaScript side refuses loudly rather than misreads.
pub(crate) fn json(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
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

/// The pieces of a board as a JSON object: square name to FEN letter.
struct BoardOut<'a>(&'a dfen::Board);

impl Serialize for BoardOut<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            self.0
                .pieces()
                .map(|(square, piece)| (SquareName(square), piece.letter())),
        )
    }
}

/// A square's name (`e4`), written without allocating.
struct SquareName(dfen::Square);

impl Serialize for SquareName {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = [b'a' + self.0.file(), b'1' + self.0.rank()];
        serializer.serialize_str(std::str::from_utf8(&name).unwrap_or_default())
    }
}

/// A DFEN position as the API's `Position` object.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PositionOut<'a> {
    dfen: String,
    board: BoardOut<'a>,
    side: &'static str,
    castling: String,
    en_passant: Vec<String>,
    halfmove: u32,
    fullmove: u32,
    dice: String,
}

impl PositionOut<'_> {
    pub(crate) fn of(position: &dfen::Dfen) -> PositionOut<'_> {
        PositionOut {
            dfen: position.to_string(),
            board: BoardOut(&position.board),
            side: color_name(position.side),
            castling: position.castling.to_string(),
            en_passant: squares(position.en_passant),
            halfmove: position.halfmove,
            fullmove: position.fullmove.get(),
            dice: position.dice.to_string_for(position.side),
        }
    }
}

fn squares(set: dfen::SquareSet) -> Vec<String> {
    set.iter_alphabetical()
        .map(|square| square.to_string())
        .collect()
}

/// The details of a DFEN read.
#[derive(Serialize)]
struct DfenDetails<'a> {
    canonical: String,
    findings: Vec<FindingOut<'a>>,
    position: PositionOut<'a>,
    fixed: PositionOut<'a>,
    engine: String,
}

/// One FEN4 piece.
#[derive(Serialize)]
struct PieceOut {
    at: [u8; 4],
    piece: &'static str,
}

/// The details of a FEN4 read.
#[derive(Serialize)]
struct Fen4Details<'a> {
    canonical: String,
    findings: Vec<FindingOut<'a>>,
    pieces: Vec<PieceOut>,
}

/// Standard FEN of a variant position, or what it would drop.
#[derive(Serialize)]
#[serde(untagged)]
enum FenOut {
    Ok {
        ok: String,
    },
    Dropped {
        dropped: Vec<String>,
        message: String,
    },
}

/// The details of a variant read: its slots and its text in each of its dialects.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantDetails<'a> {
    canonical: String,
    findings: Vec<FindingOut<'a>>,
    variant: &'static str,
    dialect: &'static str,
    essay: String,
    dialects: std::collections::BTreeMap<&'static str, String>,
    position: PositionOut<'a>,
    checks: [u8; 2],
    check_limit: u8,
    holdings: String,
    promoted: Vec<String>,
    sub_turn: u8,
    fen: FenOut,
}

/// Everything a parse result shows besides its status, read again from `text` and written
/// as JSON: the canonical form, the findings, and the notation's own details.
pub(crate) fn details(reader: &Reader, source: Source<'_>, text: &str) -> Result<String, Failure> {
    Ok(match read(reader, text)? {
        Read::Dfen(parsed) => {
            let fixed = parsed.fixed();
            let findings = Found::all(parsed.findings.clone());
            json(&DfenDetails {
                canonical: fixed.display_as(reader.profile).to_string(),
                findings: findings_out(&findings, source),
                position: PositionOut::of(&parsed.dfen),
                fixed: PositionOut::of(&fixed),
                engine: parsed.dfen.display_as(Profile::Engine).to_string(),
            })
        }
        Read::Fen4(parsed) => {
            let findings = Found::all(parsed.findings);
            json(&Fen4Details {
                canonical: parsed.placement.to_string(),
                findings: findings_out(&findings, source),
                pieces: parsed
                    .placement
                    .iter()
                    .map(|(at, piece)| PieceOut {
                        at: at.to_array(),
                        piece: piece.spec(),
                    })
                    .collect(),
            })
        }
        Read::Variant(parsed, rules) => {
            let fixed = parsed.fixed();
            let dialect = reader.write_dialect(fixed.variant, text);
            let mut findings = Found::all(parsed.findings);
            findings.extend(rules);
            json(&VariantDetails {
                canonical: fixed.display_as(dialect).to_string(),
                findings: findings_out(&findings, source),
                variant: reader.variant_name(fixed.variant),
                dialect: dialect.name(),
                essay: fixed.to_string(),
                dialects: Dialect::ALL
                    .iter()
                    .filter(|&&d| fixed.variant.has_dialect(d))
                    .map(|&d| (d.name(), fixed.display_as(d).to_string()))
                    .collect(),
                position: PositionOut::of(&fixed.fen),
                checks: [fixed.checks.white, fixed.checks.black],
                check_limit: fixed.checks.limit,
                holdings: fixed
                    .holdings
                    .pieces(PocketOrder::PawnFirst)
                    .map(|piece| piece.letter())
                    .collect(),
                promoted: squares(fixed.promoted),
                sub_turn: match fixed.sub_turn {
                    SubTurn::First => 1,
                    SubTurn::Second => 2,
                },
                fen: match fixed.to_fen() {
                    Ok(ok) => FenOut::Ok { ok },
                    Err(lossy) => FenOut::Dropped {
                        message: lossy.to_string(),
                        dropped: lossy.dropped,
                    },
                },
            })
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
    Ok(match read(reader, text)? {
        Read::Dfen(parsed) => parsed.identity_key(ep, Game::DiceChess),
        Read::Fen4(parsed) => parsed.placement.identity_key(),
        Read::Variant(parsed, _) => parsed.fixed().identity_key(),
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
    }

    #[test]
    fn canonical_is_refused_with_the_first_error() {
        let refused = canonical(&reader(1), "4k3/8/8/8/8/8/8/3KK3 w - - 0 1 -");
        assert_eq!(refused.map_err(|f| f.found.code), Err("DFEN202"));
    }
}
