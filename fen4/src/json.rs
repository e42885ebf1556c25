//! The two JSON forms of a placement.
//!
//! * The **pieces object** used by the reference fixtures: `{"<square index>": "<spec>"}`,
//!   e.g. `{"0": "K", "4095": "k", "8": "Pw"}`. Keys are decimal square indices `0..=4095`
//!   without leading zeros. A bare `"P"` / `"p"` is accepted with warning `FEN4404` and
//!   means a `w`-axis pawn, as in the fixture format.
//! * The **structured form**: an array of entries in square order,
//!   `[{"piece":"K","color":"white","axis":null,"at":[0,0,0,0]}, ...]`. `piece` is the
//!   upper-case role letter, `axis` is `"w"` / `"y"` for pawns and `null` (or absent) otherwise.
//!
//! Reading collects every problem in one pass; each [`JsonIssue`] names the offending
//! value by a path such as `$["4096"]` or `$[2].at[1]`.
//!
//! ```
//! use fen4::{json, Placement};
//! let p: Placement = "4d-fen v1: K@0,0,0,0; Py@0,1,0,0".parse().unwrap();
//! assert_eq!(json::to_pieces_string(&p), r#"{"0":"K","64":"Py"}"#);
//! let back = json::from_pieces_value(&json::to_pieces_value(&p)).unwrap();
//! assert_eq!(back.placement, p);
//! let s = json::to_structured_value(&p);
//! assert_eq!(s[1]["axis"], "y");
//! assert_eq!(json::from_structured_value(&s).unwrap().placement, p);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Code, Severity};
use crate::model::{Axis, Color, Coord, Piece, Placement, Role};

/// A problem in a JSON form, located by a path into the JSON value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonIssue {
    /// The stable code (`FEN44xx`).
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// Where: `$` is the whole value, `$["12"]` a key of the pieces object, `$[3].at[1]`
    /// a component of a structured entry.
    pub path: String,
    /// One lowercase sentence without a full stop.
    pub message: String,
}

impl fmt::Display for JsonIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{sev}[{}] at {}: {}", self.code, self.path, self.message)
    }
}

/// A placement read from JSON, with the warnings found on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Converted {
    /// The pieces.
    pub placement: Placement,
    /// Warnings (severity `Warning`), e.g. `FEN4404` for a bare pawn letter.
    pub warnings: Vec<JsonIssue>,
}

/// The errors (and any warnings) that stopped a conversion; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonErrors {
    /// Every issue found, errors and warnings, in document order.
    pub issues: Vec<JsonIssue>,
}

impl fmt::Display for JsonErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let errors: Vec<&JsonIssue> = self
            .issues
            .iter()
            .filter(|i| i.severity == Severity::Error)
            .collect();
        match errors.as_slice() {
            [one] => write!(f, "{}: {}", one.path, one.message),
            many => write!(
                f,
                "{} errors, the first at {}: {}",
                many.len(),
                many.first().map_or("$", |i| i.path.as_str()),
                many.first().map_or("", |i| i.message.as_str())
            ),
        }
    }
}

impl std::error::Error for JsonErrors {}

fn issue(code: Code, severity: Severity, path: String, message: String) -> JsonIssue {
    JsonIssue {
        code,
        severity,
        path,
        message,
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn finish(placement: Placement, issues: Vec<JsonIssue>) -> Result<Converted, JsonErrors> {
    if issues.iter().any(|i| i.severity == Severity::Error) {
        Err(JsonErrors { issues })
    } else {
        Ok(Converted {
            placement,
            warnings: issues,
        })
    }
}

/// The pieces object as a JSON value.
pub fn to_pieces_value(p: &Placement) -> Value {
    let map: Map<String, Value> = p
        .iter()
        .map(|(at, piece)| (at.index().to_string(), Value::from(piece.spec())))
        .collect();
    Value::Object(map)
}

/// The pieces object as compact JSON text, keys in ascending numeric order.
pub fn to_pieces_string(p: &Placement) -> String {
    let mut out = String::from("{");
    for (i, (at, piece)) in p.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&format!("\"{}\":\"{}\"", at.index(), piece.spec()));
    }
    out.push('}');
    out
}

/// Reads a pieces object.
///
/// # Errors
///
/// `FEN4401` when the value is not an object, `FEN4402` for a key that is not a square
/// index `0..=4095` written without leading zeros, `FEN4403` for a value that is not a
/// piece spec. Every problem is reported.
///
/// ```
/// use fen4::{json, Code};
/// let v = serde_json::json!({"0": "K", "9": "P", "4096": "k"});
/// let errs = json::from_pieces_value(&v).unwrap_err();
/// let codes: Vec<Code> = errs.issues.iter().map(|i| i.code).collect();
/// assert_eq!(codes, [Code::BadSquareKey, Code::BarePawnDefaultAxis]);
/// ```
pub fn from_pieces_value(v: &Value) -> Result<Converted, JsonErrors> {
    let Value::Object(map) = v else {
        return Err(JsonErrors {
            issues: vec![issue(
                Code::JsonShape,
                Severity::Error,
                "$".to_owned(),
                format!(
                    "expected a pieces object {{\"<square>\": \"<piece>\"}}, found {}",
                    type_name(v)
                ),
            )],
        });
    };
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (key, value) in map {
        let path = format!("$[{key:?}]");
        let coord = parse_square_key(key);
        if coord.is_none() {
            issues.push(issue(
                Code::BadSquareKey,
                Severity::Error,
                path.clone(),
                format!("expected a square index 0-4095 as key, found {key:?}"),
            ));
        }
        let piece = match value {
            Value::String(s) if s == "P" || s == "p" => {
                issues.push(issue(
                    Code::BarePawnDefaultAxis,
                    Severity::Warning,
                    path.clone(),
                    format!("bare pawn {s:?} has no axis; it is read as \"{s}w\""),
                ));
                Some(Piece::new(
                    if s == "P" { Color::White } else { Color::Black },
                    Role::Pawn(Axis::W),
                ))
            }
            Value::String(s) => match Piece::from_spec(s) {
                Some(p) => Some(p),
                None => {
                    issues.push(issue(
                        Code::BadPieceValue,
                        Severity::Error,
                        path.clone(),
                        format!(
                            "expected a piece spec (N B R Q K Pw Py n b r q k pw py), found {s:?}"
                        ),
                    ));
                    None
                }
            },
            other => {
                issues.push(issue(
                    Code::BadPieceValue,
                    Severity::Error,
                    path.clone(),
                    format!("expected a piece spec string, found {}", type_name(other)),
                ));
                None
            }
        };
        if let (Some(c), Some(p)) = (coord, piece) {
            placement.insert(c, p);
        }
    }
    finish(placement, issues)
}

/// A decimal square index without sign or leading zeros.
fn parse_square_key(key: &str) -> Option<Coord> {
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if key.len() > 1 && key.starts_with('0') {
        return None;
    }
    key.parse::<u16>().ok().and_then(Coord::from_index)
}

/// One entry of the structured form.
///
/// ```
/// use fen4::json::StructuredPiece;
/// let e: StructuredPiece = serde_json::from_str(
///     r#"{"piece":"P","color":"black","axis":"y","at":[7,6,7,7]}"#).unwrap();
/// assert_eq!(e.to_piece().unwrap().to_string(), "py");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StructuredPiece {
    /// The upper-case role letter: `N B R Q K P`.
    pub piece: char,
    /// The side.
    pub color: Color,
    /// The pawn axis; `None` for other pieces.
    pub axis: Option<Axis>,
    /// The square as `[x, y, z, w]`.
    pub at: Coord,
}

impl StructuredPiece {
    /// The entry for a piece on a square.
    pub fn new(at: Coord, piece: Piece) -> StructuredPiece {
        StructuredPiece {
            piece: piece.role.letter(),
            color: piece.color,
            axis: piece.role.axis(),
            at,
        }
    }

    /// The piece this entry describes, or `None` if letter and axis do not fit together.
    pub fn to_piece(&self) -> Option<Piece> {
        let role = match (self.piece, self.axis) {
            ('P', Some(axis)) => Role::Pawn(axis),
            ('N', None) => Role::Knight,
            ('B', None) => Role::Bishop,
            ('R', None) => Role::Rook,
            ('Q', None) => Role::Queen,
            ('K', None) => Role::King,
            _ => return None,
        };
        Some(Piece::new(self.color, role))
    }
}

/// The structured form as a JSON value (an array in square order).
pub fn to_structured_value(p: &Placement) -> Value {
    Value::Array(
        p.iter()
            .map(|(at, piece)| {
                let e = StructuredPiece::new(at, piece);
                let mut m = Map::new();
                m.insert("piece".to_owned(), Value::from(e.piece.to_string()));
                m.insert("color".to_owned(), Value::from(e.color.as_str()));
                m.insert(
                    "axis".to_owned(),
                    e.axis
                        .map_or(Value::Null, |a| Value::from(a.letter().to_string())),
                );
                m.insert(
                    "at".to_owned(),
                    Value::from(
                        e.at.to_array()
                            .iter()
                            .map(|&c| Value::from(c))
                            .collect::<Vec<_>>(),
                    ),
                );
                Value::Object(m)
            })
            .collect(),
    )
}

/// Reads the structured form.
///
/// # Errors
///
/// `FEN4401` when the value is not an array or an entry is not an object, `FEN4406` for
/// a missing, unknown or malformed field, `FEN4405` for two entries on one square.
///
/// ```
/// use fen4::{json, Code};
/// let v = serde_json::json!([{"piece":"P","color":"white","axis":null,"at":[0,1,0,9]}]);
/// let errs = json::from_structured_value(&v).unwrap_err();
/// assert_eq!(errs.issues[0].path, "$[0].axis");
/// assert_eq!(errs.issues[1].path, "$[0].at[3]");
/// ```
pub fn from_structured_value(v: &Value) -> Result<Converted, JsonErrors> {
    let Value::Array(entries) = v else {
        return Err(JsonErrors {
            issues: vec![issue(
                Code::JsonShape,
                Severity::Error,
                "$".to_owned(),
                format!("expected an array of piece entries, found {}", type_name(v)),
            )],
        });
    };
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let base = format!("$[{i}]");
        let Value::Object(m) = entry else {
            issues.push(issue(
                Code::JsonShape,
                Severity::Error,
                base,
                format!("expected a piece entry object, found {}", type_name(entry)),
            ));
            continue;
        };
        let mut bad = |field: &str, message: String| {
            issues.push(issue(
                Code::BadEntryField,
                Severity::Error,
                format!("{base}.{field}"),
                message,
            ));
        };
        for key in m.keys() {
            if !matches!(key.as_str(), "piece" | "color" | "axis" | "at") {
                bad(
                    key,
                    format!("unknown field {key:?}: expected piece, color, axis, at"),
                );
            }
        }
        let letter = match m.get("piece") {
            Some(Value::String(s)) if matches!(s.as_str(), "N" | "B" | "R" | "Q" | "K" | "P") => {
                s.chars().next()
            }
            Some(other) => {
                bad(
                    "piece",
                    format!(
                        "expected one of \"N\" \"B\" \"R\" \"Q\" \"K\" \"P\", found {}",
                        show(other)
                    ),
                );
                None
            }
            None => {
                bad("piece", "missing field: expected a role letter".to_owned());
                None
            }
        };
        let color = match m.get("color") {
            Some(Value::String(s)) if s == "white" => Some(Color::White),
            Some(Value::String(s)) if s == "black" => Some(Color::Black),
            Some(other) => {
                bad(
                    "color",
                    format!("expected \"white\" or \"black\", found {}", show(other)),
                );
                None
            }
            None => {
                bad(
                    "color",
                    "missing field: expected \"white\" or \"black\"".to_owned(),
                );
                None
            }
        };
        let axis_value = m.get("axis").unwrap_or(&Value::Null);
        let axis = match (letter, axis_value) {
            (Some('P'), Value::String(s)) if s == "w" => Some(Some(Axis::W)),
            (Some('P'), Value::String(s)) if s == "y" => Some(Some(Axis::Y)),
            (Some('P'), other) => {
                bad(
                    "axis",
                    format!("expected \"w\" or \"y\" for a pawn, found {}", show(other)),
                );
                None
            }
            (_, Value::Null) => Some(None),
            (Some(l), other) => {
                bad(
                    "axis",
                    format!("expected null for piece \"{l}\", found {}", show(other)),
                );
                None
            }
            (None, _) => None,
        };
        let at = match m.get("at") {
            Some(Value::Array(parts)) if parts.len() == 4 => {
                let mut out = [0u8; 4];
                let mut ok = true;
                for ((k, part), slot) in parts.iter().enumerate().zip(out.iter_mut()) {
                    match part.as_u64() {
                        Some(n) if n <= 7 => *slot = n as u8,
                        _ => {
                            ok = false;
                            issues.push(issue(
                                Code::BadEntryField,
                                Severity::Error,
                                format!("{base}.at[{k}]"),
                                format!("expected an integer 0-7, found {}", show(part)),
                            ));
                        }
                    }
                }
                let [x, y, z, w] = out;
                if ok { Coord::new(x, y, z, w) } else { None }
            }
            Some(other) => {
                issues.push(issue(
                    Code::BadEntryField,
                    Severity::Error,
                    format!("{base}.at"),
                    format!(
                        "expected [x, y, z, w] with four integers 0-7, found {}",
                        match other {
                            Value::Array(a) => format!("an array of {} elements", a.len()),
                            _ => show(other),
                        }
                    ),
                ));
                None
            }
            None => {
                issues.push(issue(
                    Code::BadEntryField,
                    Severity::Error,
                    format!("{base}.at"),
                    "missing field: expected [x, y, z, w]".to_owned(),
                ));
                None
            }
        };
        if let (Some(piece), Some(color), Some(axis), Some(at)) = (letter, color, axis, at) {
            let entry = StructuredPiece {
                piece,
                color,
                axis,
                at,
            };
            if let Some(p) = entry.to_piece()
                && let Some(prev) = placement.insert(at, p)
            {
                placement.insert(at, prev);
                issues.push(issue(
                    Code::JsonDuplicateSquare,
                    Severity::Error,
                    format!("{base}.at"),
                    format!("duplicate square {at}: it already holds '{prev}'"),
                ));
            }
        }
    }
    finish(placement, issues)
}

/// A short rendering of a JSON value for messages.
fn show(v: &Value) -> String {
    match v {
        Value::Array(_) | Value::Object(_) => type_name(v).to_owned(),
        other => other.to_string(),
    }
}
