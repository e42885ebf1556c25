//! The JSON form of an EPD line: the position's JSON form (as `convert --to json` writes a
//! FEN) and its operations.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::{Epd, EpdParser, OpcodeKind, ParsedEpd, write};
use dfen::{Dfen, InvalidValue};

/// The JSON form of an EPD line.
///
/// ```json
/// {"board": {…}, "side": "black", "castling": [], "en_passant": [], "halfmove": 0,
///  "fullmove": 1, "dice": [],
///  "operations": [{"opcode": "bm", "operands": ["Qd1+"], "moves": ["d6d1"]},
///                 {"opcode": "id", "operands": ["BK.01"]}]}
/// ```
///
/// The position's keys are those of the FEN's JSON form (`spec/dfen.md` §8), its clocks those of
/// `hmvc` and `fmvn` (else 0 and 1). `operations` lists every operation in written order:
/// `operands` as written, a string's content with its escapes undone; `moves` only for the move
/// opcodes (`am`, `bm`, `pm`, `pv`, `sm`), each legal move in UCI.
///
/// ```
/// use chess::epd::{EpdJson, EpdParser};
///
/// let line = r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#;
/// let parsed = EpdParser::new().parse(line)?;
/// let json = serde_json::to_string(&EpdJson::from(&parsed.epd))?;
/// assert!(json.ends_with(
///     r#""dice":[],"operations":[{"opcode":"bm","operands":["Qd1+"],"moves":["d6d1"]},{"opcode":"id","operands":["BK.01"]}]}"#
/// ));
/// // And back: the JSON form is read into the line it came from.
/// let back: EpdJson = serde_json::from_str(&json)?;
/// assert_eq!(back.to_line()?, line);
/// assert_eq!(back.parse()?.epd, parsed.epd);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "EpdJsonInput")]
#[non_exhaustive]
pub struct EpdJson {
    /// The position, as the FEN JSON form has it.
    #[serde(flatten)]
    pub position: Dfen,
    /// Every operation in written order.
    pub operations: Vec<OperationJson>,
}

/// One operation of the JSON form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct OperationJson {
    /// The opcode.
    pub opcode: String,
    /// The operands as written; a string's content with its escapes undone.
    pub operands: Vec<String>,
    /// For a move opcode, its legal moves in UCI; absent for every other opcode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
}

/// What the reader takes: the JSON form, with the keys no field has collected to refuse.
#[derive(Deserialize)]
struct EpdJsonInput {
    #[serde(flatten)]
    position: Dfen,
    operations: Vec<OperationJson>,
    #[serde(flatten)]
    unknown: BTreeMap<String, serde::de::IgnoredAny>,
}

impl TryFrom<EpdJsonInput> for EpdJson {
    type Error = InvalidValue;

    fn try_from(input: EpdJsonInput) -> Result<EpdJson, InvalidValue> {
        if let Some(key) = input.unknown.keys().next() {
            return Err(InvalidValue::new(format!(
                "unknown key `{key}`: expected the keys of a position and `operations`"
            )));
        }
        Ok(EpdJson {
            position: input.position,
            operations: input.operations,
        })
    }
}

impl From<&Epd> for EpdJson {
    fn from(epd: &Epd) -> EpdJson {
        EpdJson {
            position: epd.position.clone(),
            operations: epd
                .operations()
                .map(|operation| OperationJson {
                    opcode: operation.opcode().to_owned(),
                    operands: operation.operands().map(|o| o.text().to_owned()).collect(),
                    moves: operation
                        .moves()
                        .map(|moves| moves.iter().map(ToString::to_string).collect()),
                })
                .collect(),
        }
    }
}

impl Serialize for Epd {
    /// The JSON form, [`EpdJson`].
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        EpdJson::from(self).serialize(serializer)
    }
}

/// Whether python-chess and every EPD reader take `text` as a number when it is written bare.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or_default();
    let fraction = parts.next();
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether `text` can stand as a bare operand.
fn is_bare(text: &str) -> bool {
    !text.is_empty() && !text.contains([' ', '\t', ';', '"'])
}

impl EpdJson {
    /// The EPD line this JSON form stands for, in the canonical form's layout: the inverse
    /// of the form [`EpdJson::from`] an [`Epd`] gives. Operands are written as their opcode
    /// takes them: moves and integers bare, strings quoted; an operand of `noop` or of an
    /// unknown opcode bare when it is a number, quoted otherwise. `hmvc` and `fmvn` are
    /// written where the operations do not have them and the clocks are not 0 and 1.
    ///
    /// # Errors
    /// [`InvalidValue`] when the JSON form cannot be an EPD line: dice pending, several
    /// en-passant squares, an invalid opcode, a move or integer operand that cannot stand
    /// bare, a line break in an operand, or clocks that `hmvc` or `fmvn` contradict.
    pub fn to_line(&self) -> Result<String, InvalidValue> {
        let position = &self.position;
        if !position.dice.is_empty() {
            return Err(InvalidValue::new(format!(
                "dice: expected none (EPD is standard chess), found `{}`",
                position.dice.to_string_for(dfen::Color::White)
            )));
        }
        if position.en_passant.len() > 1 {
            return Err(InvalidValue::new(format!(
                "en_passant: expected at most one square (standard chess), found {}",
                position.en_passant.len()
            )));
        }
        let mut line = String::with_capacity(128);
        let _ = write::write_position(&mut line, position, None);
        let mut clocks = [
            ("hmvc", position.halfmove, false),
            ("fmvn", position.fullmove.get(), false),
        ];
        for operation in &self.operations {
            let opcode = operation.opcode.as_str();
            if !super::read::valid_opcode(opcode) {
                return Err(InvalidValue::new(format!(
                    "operations: expected an opcode (a letter, then up to 14 letters, digits or underscores), found `{opcode}`"
                )));
            }
            let kind = OpcodeKind::of(opcode);
            if let Some((_, value, seen)) = clocks.iter_mut().find(|(name, ..)| *name == opcode) {
                *seen = true;
                let written = operation.operands.first().map(String::as_str);
                if operation.operands.len() == 1 && written != Some(value.to_string().as_str()) {
                    return Err(InvalidValue::new(format!(
                        "operations: `{opcode}` says {}, but the position's clock is {value}",
                        written.unwrap_or_default()
                    )));
                }
            }
            line.push(' ');
            line.push_str(opcode);
            for operand in &operation.operands {
                if operand.contains(['\n', '\r']) {
                    return Err(InvalidValue::new(format!(
                        "operations: expected an operand of `{opcode}` on one line, found a line break"
                    )));
                }
                line.push(' ');
                let bare = if kind.takes_moves() || kind.takes_integer() {
                    if !is_bare(operand) {
                        return Err(InvalidValue::new(format!(
                            "operations: expected a move or integer after `{opcode}`, found {operand:?}"
                        )));
                    }
                    true
                } else {
                    !kind.takes_strings() && is_number(operand)
                };
                if bare {
                    line.push_str(operand);
                } else {
                    let _ = write::write_string(&mut line, operand);
                }
            }
            line.push(';');
        }
        for (opcode, value, seen) in clocks {
            let default = if opcode == "hmvc" { 0 } else { 1 };
            if !seen && value != default {
                let _ = write!(line, " {opcode} {value};");
            }
        }
        Ok(line)
    }

    /// Reads the JSON form back into an EPD line and checks it as text is checked
    /// ([`EpdParser`]): the findings are those of [`EpdJson::to_line`]'s line.
    ///
    /// # Errors
    /// As [`EpdJson::to_line`]; and when the line it gives does not read, or when an
    /// operation's `moves` are not the moves its operands name.
    pub fn parse(&self) -> Result<ParsedEpd, InvalidValue> {
        let line = self.to_line()?;
        let parsed = EpdParser::new()
            .parse(&line)
            .map_err(|error| InvalidValue::new(format!("operations: {error}")))?;
        for (json, operation) in self.operations.iter().zip(parsed.epd.operations()) {
            let Some(moves) = &json.moves else { continue };
            let read: Vec<String> = operation
                .moves()
                .unwrap_or_default()
                .iter()
                .map(ToString::to_string)
                .collect();
            if *moves != read {
                return Err(InvalidValue::new(format!(
                    "operations: the moves of `{}` are {read:?} in UCI, but `moves` says {moves:?}",
                    json.opcode
                )));
            }
        }
        Ok(parsed)
    }
}
