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
        return Err(not_a_pieces_object(type_name(v)));
    };
    pieces_from_entries(map.iter().map(|(key, value)| (key.as_str(), value)))
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
    match read_text(text)? {
        Node::Object(entries) => {
            let entries: Vec<(String, Value)> = entries
                .into_iter()
                .map(|(key, node)| (key, node.into_value()))
                .collect();
            pieces_from_entries(entries.iter().map(|(key, value)| (key.as_str(), value)))
        }
        other => Err(not_a_pieces_object(other.type_name())),
    }
}

fn not_a_pieces_object(found: &str) -> JsonErrors {
    JsonErrors {
        issues: vec![issue(
            Code::JsonShape,
            Severity::Error,
            "$".to_owned(),
            format!("expected a pieces object {{\"<square>\": \"<piece>\"}}, found {found}"),
        )],
    }
}

/// `text` as a JSON string literal, as a path writes a key in brackets.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

/// The path step to the member `key`: `.key` for a plain name, `["key"]` for any other.
fn member(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        format!(".{key}")
    } else {
        format!("[{}]", json_string(key))
    }
}

/// Checks the keys and values of a pieces object, in the order given.
fn pieces_from_entries<'a>(
    entries: impl Iterator<Item = (&'a str, &'a Value)>,
) -> Result<Converted, JsonErrors> {
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (key, value) in entries {
        let path = format!("$[{}]", json_string(key));
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
        if let (Some(c), Some(p)) = (coord, piece)
            && let Some(prev) = placement.insert(c, p)
        {
            placement.insert(c, prev);
            issues.push(issue(
                Code::JsonDuplicateSquare,
                Severity::Error,
                path,
                format!("duplicate square {c}: it already holds '{prev}'"),
            ));
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
        return Err(not_a_structured_array(type_name(v)));
    };
    structured_from_entries(entries, &[])
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
    let nodes = match read_text(text)? {
        Node::Array(nodes) => nodes,
        other => return Err(not_a_structured_array(other.type_name())),
    };
    let mut repeated = Vec::with_capacity(nodes.len());
    let entries: Vec<Value> = nodes
        .into_iter()
        .enumerate()
        .map(|(i, node)| {
            let Node::Object(fields) = node else {
                repeated.push(Vec::new());
                return node.into_value();
            };
            let mut map = Map::new();
            let mut found = Vec::new();
            for (key, node) in fields {
                let value = node.into_value();
                if map.contains_key(&key) {
                    found.push(issue(
                        Code::BadEntryField,
                        Severity::Error,
                        format!("$[{i}]{}", member(&key)),
                        format!(
                            "expected field {key:?} at most once, found it again with {}",
                            show_briefly(&value)
                        ),
                    ));
                } else {
                    map.insert(key, value);
                }
            }
            repeated.push(found);
            Value::Object(map)
        })
        .collect();
    structured_from_entries(&entries, &repeated)
}

fn not_a_structured_array(found: &str) -> JsonErrors {
    JsonErrors {
        issues: vec![issue(
            Code::JsonShape,
            Severity::Error,
            "$".to_owned(),
            format!("expected an array of piece entries, found {found}"),
        )],
    }
}

/// Checks the entries of the structured form; `repeated[i]` holds the issues for fields
/// repeated in entry `i` (empty when the entries come from a [`Value`]).
fn structured_from_entries(
    entries: &[Value],
    repeated: &[Vec<JsonIssue>],
) -> Result<Converted, JsonErrors> {
    let mut placement = Placement::new();
    let mut issues = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let base = format!("$[{i}]");
        issues.extend(repeated.get(i).into_iter().flatten().cloned());
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

/// Like [`show`], but writes out a short array or object, e.g. `[1,0,0,0]`.
fn show_briefly(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() <= 32 {
        text
    } else {
        show(v)
    }
}

/// Reads JSON text into a [`Node`], or reports why it is not JSON.
fn read_text(text: &str) -> Result<Node, JsonErrors> {
    serde_json::from_str(text).map_err(|error| JsonErrors {
        issues: vec![issue(
            Code::JsonShape,
            Severity::Error,
            "$".to_owned(),
            format!("expected JSON text, found a syntax error: {error}"),
        )],
    })
}

/// A JSON value that keeps every key of an object as written, repeats included, in
/// document order (a [`Value`] keeps one value per key).
enum Node {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

impl Node {
    fn type_name(&self) -> &'static str {
        match self {
            Node::Null => "null",
            Node::Bool(_) => "a boolean",
            Node::Number(_) => "a number",
            Node::String(_) => "a string",
            Node::Array(_) => "an array",
            Node::Object(_) => "an object",
        }
    }

    /// The [`Value`]; of a repeated key, the first value is kept.
    fn into_value(self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(b),
            Node::Number(n) => Value::Number(n),
            Node::String(s) => Value::String(s),
            Node::Array(items) => Value::Array(items.into_iter().map(Node::into_value).collect()),
            Node::Object(fields) => {
                let mut map = Map::new();
                for (key, node) in fields {
                    if !map.contains_key(&key) {
                        map.insert(key, node.into_value());
                    }
                }
                Value::Object(map)
            }
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> serde::de::Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_none<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Node, D::Error> {
        Node::deserialize(d)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Node, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Node::Null, Node::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Node, E> {
        Ok(Node::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Node, E> {
        Ok(Node::String(s))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut fields = Vec::new();
        while let Some(entry) = map.next_entry::<String, Node>()? {
            fields.push(entry);
        }
        Ok(Node::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths write keys as JSON does: a key in brackets as a JSON string, and a member that
    /// is not a plain name in brackets too.
    #[test]
    fn paths_are_json_paths() {
        assert_eq!(json_string("\u{1}\"x"), "\"\\u0001\\\"x\"");
        assert_eq!(member("axis"), ".axis");
        assert_eq!(member("a.b c"), "[\"a.b c\"]");
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
}
