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
//! value by a path such as `$["4096"]` or `$[2].at[1]`, and the text readers also give its
//! byte span in the text.
//!
//! A [`Value`] keeps only one value per object key, so a repeated key is lost before
//! [`from_pieces_value`] or [`from_structured_value`] can see it. Read JSON *text* with
//! [`from_pieces_str`] or [`from_structured_str`] to have repeated keys reported
//! (`FEN4405` for a square named twice in a pieces object, `FEN4406` for a field given
//! twice in a structured entry).
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
use std::ops::Range;

use fenkit_diagnostics::json::{self as spanned, Node, NodeKind};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::{Code, Severity};
use crate::model::{Axis, Color, Coord, Piece, Placement, Role};

/// A problem in a JSON form, located by a path into the JSON value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
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
    /// The byte range of the offending value in the JSON text (of its key, for a key that is
    /// wrong or repeated), when the form was read from text ([`from_pieces_str`],
    /// [`from_structured_str`]); `None` when it was read from a [`Value`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub span: Option<Range<usize>>,
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
        span: None,
    }
}

impl JsonIssue {
    /// This issue at `span` of the text, when it is known.
    fn at(mut self, span: Option<Range<usize>>) -> JsonIssue {
        self.span = span;
        self
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
        return Err(not_a_pieces_object(type_name(v), None));
    };
    pieces_from_entries(map.iter().map(|(key, value)| (key.as_str(), value, None)))
}

/// Reads a pieces object from JSON text, reporting a square index given twice.
///
/// Unlike [`from_pieces_value`] this sees every key as written, in document order, so
/// `{"0": "K", "0": "k"}` is an error instead of silently keeping one of the kings.
///
/// # Errors
///
/// The codes of [`from_pieces_value`], plus `FEN4405` for a key repeated in the object
/// (the first piece is kept and the repetition is reported at its key), and `FEN4401`
/// when the text is not JSON at all.
///
/// ```
/// use fen4::{json, Code};
/// let errs = json::from_pieces_str(r#"{"0": "K", "0": "k"}"#).unwrap_err();
/// assert_eq!(errs.issues[0].code, Code::JsonDuplicateSquare);
/// assert_eq!(errs.issues[0].path, r#"$["0"]"#);
/// assert_eq!(errs.issues[0].message, "duplicate square 0,0,0,0: it already holds 'K'");
/// let ok = json::from_pieces_str(r#"{"0": "K", "4095": "k"}"#).unwrap();
/// assert_eq!(ok.placement.to_string(), "4d-fen v1: K@0,0,0,0; k@7,7,7,7");
/// ```
pub fn from_pieces_str(text: &str) -> Result<Converted, JsonErrors> {
    let root = read_text(text)?;
    match &root.kind {
        NodeKind::Object(members) => {
            let values: Vec<Value> = members.iter().map(|m| m.value.to_value()).collect();
            pieces_from_entries(
                members
                    .iter()
                    .zip(&values)
                    .map(|(member, value)| (member.key.as_str(), value, Some(member))),
            )
        }
        _ => Err(not_a_pieces_object(
            root.type_name(),
            Some(root.span.clone()),
        )),
    }
}

fn not_a_pieces_object(found: &str, span: Option<Range<usize>>) -> JsonErrors {
    JsonErrors {
        issues: vec![
            issue(
                Code::JsonShape,
                Severity::Error,
                "$".to_owned(),
                format!("expected a pieces object {{\"<square>\": \"<piece>\"}}, found {found}"),
            )
            .at(span),
        ],
    }
}

/// `text` as a JSON string literal, as a path writes a key in brackets.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// Checks the keys and values of a pieces object, in the order given; each entry's member of
/// the text, when it was read from text, places its issues.
fn pieces_from_entries<'a>(
    entries: impl Iterator<Item = (&'a str, &'a Value, Option<&'a spanned::Member>)>,
) -> Result<Converted, JsonErrors> {
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (key, value, member) in entries {
        let key_span = member.map(|m| m.key_span.clone());
        let value_span = member.map(|m| m.value.span.clone());
        let path = format!("$[{}]", json_string(key));
        let coord = parse_square_key(key);
        if coord.is_none() {
            issues.push(
                issue(
                    Code::BadSquareKey,
                    Severity::Error,
                    path.clone(),
                    format!("expected a square index 0-4095 as key, found {key:?}"),
                )
                .at(key_span.clone()),
            );
        }
        let piece = match value {
            Value::String(s) if s == "P" || s == "p" => {
                issues.push(
                    issue(
                        Code::BarePawnDefaultAxis,
                        Severity::Warning,
                        path.clone(),
                        format!("bare pawn {s:?} has no axis; it is read as \"{s}w\""),
                    )
                    .at(value_span.clone()),
                );
                Some(Piece::new(
                    if s == "P" { Color::White } else { Color::Black },
                    Role::Pawn(Axis::W),
                ))
            }
            Value::String(s) => match Piece::from_spec(s) {
                Some(p) => Some(p),
                None => {
                    issues.push(
                        issue(
                            Code::BadPieceValue,
                            Severity::Error,
                            path.clone(),
                            format!(
                                "expected a piece spec (N B R Q K Pw Py n b r q k pw py), found {s:?}"
                            ),
                        )
                        .at(value_span.clone()),
                    );
                    None
                }
            },
            other => {
                issues.push(
                    issue(
                        Code::BadPieceValue,
                        Severity::Error,
                        path.clone(),
                        format!("expected a piece spec string, found {}", type_name(other)),
                    )
                    .at(value_span.clone()),
                );
                None
            }
        };
        if let (Some(c), Some(p)) = (coord, piece)
            && let Some(prev) = placement.insert(c, p)
        {
            placement.insert(c, prev);
            issues.push(
                issue(
                    Code::JsonDuplicateSquare,
                    Severity::Error,
                    path,
                    format!("duplicate square {c}: it already holds '{prev}'"),
                )
                .at(key_span),
            );
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
///
/// // A field the form does not have is an error.
/// assert!(serde_json::from_str::<StructuredPiece>(
///     r#"{"piece":"P","color":"black","axis":"y","at":[7,6,7,7],"extra":1}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
// Unknown fields are errors (spec/fen4.md §6); the letter is checked by `to_piece`.
#[serde(deny_unknown_fields)]
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
        return Err(not_a_structured_array(type_name(v), None));
    };
    structured_from_entries(entries, &[], &[])
}

/// Reads the structured form from JSON text, reporting a field given twice in an entry.
///
/// Unlike [`from_structured_value`] this sees every field as written, so an entry such as
/// `{"piece":"K","color":"white","at":[0,0,0,0],"at":[1,0,0,0]}` is an error instead of
/// silently placing the king on one of the two squares.
///
/// # Errors
///
/// The codes of [`from_structured_value`], plus `FEN4406` for a field repeated in an
/// entry (reported at the repetition; the first value is the one checked), and `FEN4401`
/// when the text is not JSON at all.
///
/// ```
/// use fen4::{json, Code};
/// let text = r#"[{"piece":"K","color":"white","color":"black","at":[0,0,0,0]}]"#;
/// let errs = json::from_structured_str(text).unwrap_err();
/// assert_eq!(errs.issues[0].code, Code::BadEntryField);
/// assert_eq!(errs.issues[0].path, "$[0].color");
/// assert_eq!(
///     errs.issues[0].message,
///     r#"expected field "color" at most once, found it again with "black""#
/// );
/// ```
pub fn from_structured_str(text: &str) -> Result<Converted, JsonErrors> {
    let root = read_text(text)?;
    let NodeKind::Array(nodes) = &root.kind else {
        return Err(not_a_structured_array(
            root.type_name(),
            Some(root.span.clone()),
        ));
    };
    let mut repeated = Vec::with_capacity(nodes.len());
    let entries: Vec<Value> = nodes
        .iter()
        .enumerate()
        .map(|(i, node)| {
            let mut found = Vec::new();
            if let NodeKind::Object(fields) = &node.kind {
                for (at, field) in fields.iter().enumerate() {
                    let earlier = fields.get(..at).unwrap_or_default();
                    if earlier.iter().any(|earlier| earlier.key == field.key) {
                        found.push(
                            issue(
                                Code::BadEntryField,
                                Severity::Error,
                                format!("$[{i}]{}", spanned::member_step(&field.key)),
                                format!(
                                    "expected field {:?} at most once, found it again with {}",
                                    field.key,
                                    show_briefly(&field.value.to_value())
                                ),
                            )
                            .at(Some(field.key_span.clone())),
                        );
                    }
                }
            }
            repeated.push(found);
            node.to_value()
        })
        .collect();
    structured_from_entries(&entries, &repeated, nodes)
}

fn not_a_structured_array(found: &str, span: Option<Range<usize>>) -> JsonErrors {
    JsonErrors {
        issues: vec![
            issue(
                Code::JsonShape,
                Severity::Error,
                "$".to_owned(),
                format!("expected an array of piece entries, found {found}"),
            )
            .at(span),
        ],
    }
}

/// Checks the entries of the structured form; `repeated[i]` holds the issues for fields
/// repeated in entry `i`, and `nodes[i]` the entry as written (both empty when the entries come
/// from a [`Value`]), which places the issues in the text.
fn structured_from_entries(
    entries: &[Value],
    repeated: &[Vec<JsonIssue>],
    nodes: &[Node],
) -> Result<Converted, JsonErrors> {
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let base = format!("$[{i}]");
        let node = nodes.get(i);
        let entry_span = node.map(|node| node.span.clone());
        // Where a field's value is written; a missing field is placed at its entry.
        let value_span = |field: &str| {
            node.and_then(|node| node.member(field))
                .map(|member| member.value.span.clone())
                .or_else(|| entry_span.clone())
        };
        issues.extend(repeated.get(i).into_iter().flatten().cloned());
        let Value::Object(m) = entry else {
            issues.push(
                issue(
                    Code::JsonShape,
                    Severity::Error,
                    base,
                    format!("expected a piece entry object, found {}", type_name(entry)),
                )
                .at(entry_span),
            );
            continue;
        };
        let mut bad = |field: &str, message: String, span: Option<Range<usize>>| {
            issues.push(
                issue(
                    Code::BadEntryField,
                    Severity::Error,
                    format!("{base}{}", spanned::member_step(field)),
                    message,
                )
                .at(span),
            );
        };
        for key in m.keys() {
            if !matches!(key.as_str(), "piece" | "color" | "axis" | "at") {
                let key_span = node
                    .and_then(|node| node.member(key))
                    .map(|member| member.key_span.clone());
                bad(
                    key,
                    format!("unknown field {key:?}: expected piece, color, axis, at"),
                    key_span,
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
                    value_span("piece"),
                );
                None
            }
            None => {
                bad(
                    "piece",
                    "missing field: expected a role letter".to_owned(),
                    value_span("piece"),
                );
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
                    value_span("color"),
                );
                None
            }
            None => {
                bad(
                    "color",
                    "missing field: expected \"white\" or \"black\"".to_owned(),
                    value_span("color"),
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
                    value_span("axis"),
                );
                None
            }
            (_, Value::Null) => Some(None),
            (Some(l), other) => {
                bad(
                    "axis",
                    format!("expected null for piece \"{l}\", found {}", show(other)),
                    value_span("axis"),
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
                            let part_span = node
                                .and_then(|node| node.member("at"))
                                .and_then(|at| match &at.value.kind {
                                    NodeKind::Array(parts) => parts.get(k),
                                    _ => None,
                                })
                                .map(|part| part.span.clone());
                            issues.push(
                                issue(
                                    Code::BadEntryField,
                                    Severity::Error,
                                    format!("{base}.at[{k}]"),
                                    format!("expected an integer 0-7, found {}", show(part)),
                                )
                                .at(part_span),
                            );
                        }
                    }
                }
                let [x, y, z, w] = out;
                if ok { Coord::new(x, y, z, w) } else { None }
            }
            Some(other) => {
                issues.push(
                    issue(
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
                    )
                    .at(value_span("at")),
                );
                None
            }
            None => {
                issues.push(
                    issue(
                        Code::BadEntryField,
                        Severity::Error,
                        format!("{base}.at"),
                        "missing field: expected [x, y, z, w]".to_owned(),
                    )
                    .at(value_span("at")),
                );
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
                issues.push(
                    issue(
                        Code::JsonDuplicateSquare,
                        Severity::Error,
                        format!("{base}.at"),
                        format!("duplicate square {at}: it already holds '{prev}'"),
                    )
                    .at(value_span("at")),
                );
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

/// Like [`show`], but writes out a short array or object, e.g. `[1,0,0,0]`.
fn show_briefly(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= 32 {
        text
    } else {
        show(v)
    }
}

/// Reads JSON text into a [`Node`] that keeps every key as written and where each value is,
/// or reports why it is not JSON (`FEN4401`, at the byte where reading stopped).
fn read_text(text: &str) -> Result<Node, JsonErrors> {
    spanned::read(text).map_err(|error| JsonErrors {
        issues: vec![
            issue(
                Code::JsonShape,
                Severity::Error,
                "$".to_owned(),
                format!(
                    "expected JSON text, found a syntax error: {}",
                    error.message
                ),
            )
            .at(Some(error.span)),
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths write keys as JSON does: a key in brackets as a JSON string, and a member that
    /// is not a plain name in brackets too.
    #[test]
    fn paths_are_json_paths() {
        assert_eq!(json_string("\u{1}\"x"), "\"\\u0001\\\"x\"");
        let errors = from_pieces_str("{\"\\u0001\":\"K\"}").unwrap_err();
        assert_eq!(errors.issues[0].path, "$[\"\\u0001\"]");
        let errors = from_structured_str(
            r#"[{"piece":"K","color":"white","axis":null,"at":[0,0,0,0],"a.b c":1,"a.b c":2}]"#,
        )
        .unwrap_err();
        assert!(
            errors.issues.iter().any(|i| i.path == "$[0][\"a.b c\"]"),
            "{:?}",
            errors.issues
        );
    }

    /// The text readers place every issue at the offending value (or key) of the text.
    #[test]
    fn issues_of_text_point_at_the_offending_value() {
        let at = |text: &str, errors: &JsonErrors| -> Vec<(String, String)> {
            errors
                .issues
                .iter()
                .map(|i| (i.path.clone(), text[i.span.clone().unwrap()].to_owned()))
                .collect()
        };
        let text = r#"{"0": "K", "4096": "k", "9": "Pz", "0": "q", "7": 1}"#;
        let errors = from_pieces_str(text).unwrap_err();
        assert_eq!(
            at(text, &errors),
            [
                (r#"$["4096"]"#.to_owned(), r#""4096""#.to_owned()),
                (r#"$["9"]"#.to_owned(), r#""Pz""#.to_owned()),
                (r#"$["0"]"#.to_owned(), r#""0""#.to_owned()),
                (r#"$["7"]"#.to_owned(), "1".to_owned()),
            ]
        );
        let text = r#"[{"piece":"K","color":"red","at":[0,0,9,0],"at":[1,0,0,0],"x":1}, 5, {"piece":"Q","color":"white"}]"#;
        let errors = from_structured_str(text).unwrap_err();
        assert_eq!(
            at(text, &errors),
            [
                ("$[0].at".to_owned(), r#""at""#.to_owned()),
                ("$[0].x".to_owned(), r#""x""#.to_owned()),
                ("$[0].color".to_owned(), r#""red""#.to_owned()),
                ("$[0].at[2]".to_owned(), "9".to_owned()),
                ("$[1]".to_owned(), "5".to_owned()),
                (
                    "$[2].at".to_owned(),
                    r#"{"piece":"Q","color":"white"}"#.to_owned()
                ),
            ]
        );
        let errors = from_structured_str("[1,,]").unwrap_err();
        assert_eq!(errors.issues[0].span, Some(3..4));
        // A value has no text: no span.
        let errors = from_pieces_value(&serde_json::json!({"x": "K"})).unwrap_err();
        assert_eq!(errors.issues[0].span, None);
    }
}
