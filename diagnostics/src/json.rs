//! JSON text read with the byte span of every value and key, so that a problem of a JSON form
//! points at the value it is about (feature `json`).
//!
//! [`read`] keeps every member of an object as written, repeated keys included, in document
//! order; serde_json reads the text (nothing here parses JSON by hand), and each value's span is
//! where serde_json's [`RawValue`] for it lies in the text.
//!
//! ```
//! use fenkit_diagnostics::json::{self, NodeKind};
//! let text = r#"{"side": "w", "dice": ["P", 7]}"#;
//! let node = json::read(text).unwrap();
//! let NodeKind::Object(members) = &node.kind else { panic!() };
//! assert_eq!(&text[members[0].key_span.clone()], r#""side""#);
//! assert_eq!(&text[members[0].value.span.clone()], r#""w""#);
//! let NodeKind::Array(dice) = &members[1].value.kind else { panic!() };
//! assert_eq!(&text[dice[1].span.clone()], "7");
//!
//! let error = json::read(r#"{"side": }"#).unwrap_err();
//! assert_eq!(error.message, "expected value");
//! assert_eq!(error.span, 9..10);
//! ```

use std::fmt;
use std::ops::Range;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Number, Value};

/// A JSON value and the byte range of its text (without the whitespace around it).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where the value is written.
    pub span: Range<usize>,
    /// The value.
    pub kind: NodeKind,
}

/// What a [`Node`] holds.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object: every member as written, repeated keys included, in document order.
    Object(Vec<Member>),
}

/// One member of an object.
#[derive(Debug, Clone, PartialEq)]
pub struct Member {
    /// The key, unescaped.
    pub key: String,
    /// Where the key is written, quotes included.
    pub key_span: Range<usize>,
    /// The value.
    pub value: Node,
}

/// Text that is not JSON: serde_json's message (without its line and column) and the byte at
/// which it stopped (empty at the end of the text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// What is wrong, e.g. `expected value`.
    pub message: String,
    /// The byte range of the text where reading stopped.
    pub span: Range<usize>,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message, self.span.start)
    }
}

impl std::error::Error for SyntaxError {}

impl Node {
    /// How messages name the kind of value: `null`, `a boolean`, `a number`, `a string`,
    /// `an array`, `an object`.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            NodeKind::Null => "null",
            NodeKind::Bool(_) => "a boolean",
            NodeKind::Number(_) => "a number",
            NodeKind::String(_) => "a string",
            NodeKind::Array(_) => "an array",
            NodeKind::Object(_) => "an object",
        }
    }

    /// The value as a [`Value`]; of a repeated key, the first value is kept.
    #[must_use]
    pub fn to_value(&self) -> Value {
        match &self.kind {
            NodeKind::Null => Value::Null,
            NodeKind::Bool(b) => Value::Bool(*b),
            NodeKind::Number(n) => Value::Number(n.clone()),
            NodeKind::String(s) => Value::String(s.clone()),
            NodeKind::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            NodeKind::Object(members) => {
                let mut map = Map::new();
                for member in members {
                    if !map.contains_key(&member.key) {
                        map.insert(member.key.clone(), member.value.to_value());
                    }
                }
                Value::Object(map)
            }
        }
    }

    /// The first member named `key`, when this is an object that has one.
    #[must_use]
    pub fn member(&self, key: &str) -> Option<&Member> {
        match &self.kind {
            NodeKind::Object(members) => members.iter().find(|member| member.key == key),
            _ => None,
        }
    }
}

/// The step of a path (`$.board.e1`, `$["4096"]`) to the member `key`: `.key` for a plain name
/// (a letter or `_`, then letters, digits and `_`), else the key as a JSON string in brackets.
///
/// ```
/// use fenkit_diagnostics::json::member_step;
/// assert_eq!(member_step("en_passant"), ".en_passant");
/// assert_eq!(member_step("4095"), r#"["4095"]"#);
/// assert_eq!(member_step("a \"b\""), r#"["a \"b\""]"#);
/// ```
#[must_use]
pub fn member_step(key: &str) -> String {
    let plain = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        format!(".{key}")
    } else {
        format!("[{}]", Value::from(key))
    }
}

/// Reads JSON text (one value, with whitespace around it) into a [`Node`].
///
/// # Errors
///
/// [`SyntaxError`] when the text is not one JSON value, or holds a number too large for a
/// 64-bit float.
pub fn read(text: &str) -> Result<Node, SyntaxError> {
    let raw: &RawValue =
        serde_json::from_str(text).map_err(|error| syntax_error(0, text, &error))?;
    node(text, raw)
}

/// The node of `raw`, a value inside `text`: its members and items are read the same way, each
/// from its own slice of `text`.
fn node(text: &str, raw: &RawValue) -> Result<Node, SyntaxError> {
    let part = raw.get();
    // `part` is a slice of `text` (serde_json borrows raw values from the text it reads).
    let start = (part.as_ptr() as usize)
        .checked_sub(text.as_ptr() as usize)
        .filter(|start| start + part.len() <= text.len())
        .unwrap_or(0);
    let span = start..start + part.len();
    let shallow: Shallow<'_> =
        serde_json::from_str(part).map_err(|error| syntax_error(start, part, &error))?;
    let kind = match shallow {
        Shallow::Leaf(Value::Null) => NodeKind::Null,
        Shallow::Leaf(Value::Bool(b)) => NodeKind::Bool(b),
        Shallow::Leaf(Value::Number(n)) => NodeKind::Number(n),
        Shallow::Leaf(Value::String(s)) => NodeKind::String(s),
        // A leaf is never an array or an object.
        Shallow::Leaf(_) => NodeKind::Null,
        Shallow::Array(items) => NodeKind::Array(
            items
                .into_iter()
                .map(|item| node(text, item))
                .collect::<Result<_, _>>()?,
        ),
        Shallow::Object(entries) => {
            let mut members = Vec::with_capacity(entries.len());
            // The first key follows the `{`; each other one follows the value before it.
            let mut after = span.start + 1;
            for (key, value) in entries {
                let value = node(text, value)?;
                let key_span = key_span(text, after, value.span.start);
                after = value.span.end;
                members.push(Member {
                    key,
                    key_span,
                    value,
                });
            }
            NodeKind::Object(members)
        }
    };
    Ok(Node { span, kind })
}

/// Where the key of a member is written: between `after` (the end of what came before it) and
/// the start of its value there are only whitespace, a comma, the key and a colon.
fn key_span(text: &str, after: usize, value_start: usize) -> Range<usize> {
    let between = text.get(after..value_start).unwrap_or_default();
    let open = between.find('"').map_or(after, |at| after + at);
    let close = text
        .get(open..value_start)
        .and_then(|key_and_colon| {
            let colon = key_and_colon.rfind(':')?;
            key_and_colon.get(..colon)?.rfind('"')
        })
        .map_or(value_start, |at| open + at + 1);
    open..close.max(open)
}

/// serde_json's error for `part`, which starts at byte `start` of the text, placed in the text.
fn syntax_error(start: usize, part: &str, error: &serde_json::Error) -> SyntaxError {
    let text = error.to_string();
    let message = match text.rfind(" at line ") {
        Some(at) if error.line() > 0 => text.get(..at).unwrap_or(&text).to_owned(),
        _ => text,
    };
    // serde_json counts lines from 1 and columns in bytes from 1.
    let line_start: usize = part
        .split_inclusive('\n')
        .take(error.line().saturating_sub(1))
        .map(str::len)
        .sum();
    let mut at = (line_start + error.column().saturating_sub(1)).min(part.len());
    while !part.is_char_boundary(at) {
        at -= 1;
    }
    let width = part
        .get(at..)
        .and_then(|rest| rest.chars().next())
        .map_or(0, char::len_utf8);
    SyntaxError {
        message,
        span: start + at..start + at + width,
    }
}

/// One level of a value: a leaf, or the raw text of each item or member value.
enum Shallow<'a> {
    Leaf(Value),
    Array(Vec<&'a RawValue>),
    Object(Vec<(String, &'a RawValue)>),
}

impl<'de> Deserialize<'de> for Shallow<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Shallow<'de>, D::Error> {
        deserializer.deserialize_any(ShallowVisitor)
    }
}

struct ShallowVisitor;

impl<'de> Visitor<'de> for ShallowVisitor {
    type Value = Shallow<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::Null))
    }

    fn visit_bool<E>(self, b: bool) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::Bool(b)))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::Number(n.into())))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::Number(n.into())))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(
            Number::from_f64(n).map_or(Value::Null, Value::Number),
        ))
    }

    fn visit_str<E>(self, s: &str) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::String(s.to_owned())))
    }

    fn visit_string<E>(self, s: String) -> Result<Shallow<'de>, E> {
        Ok(Shallow::Leaf(Value::String(s)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shallow<'de>, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<&'de RawValue>()? {
            items.push(item);
        }
        Ok(Shallow::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Shallow<'de>, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, &'de RawValue>()? {
            entries.push(entry);
        }
        Ok(Shallow::Object(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every span of a document, in document order: keys and values.
    fn spans<'t>(text: &'t str, node: &Node, out: &mut Vec<&'t str>) {
        out.push(&text[node.span.clone()]);
        match &node.kind {
            NodeKind::Array(items) => items.iter().for_each(|item| spans(text, item, out)),
            NodeKind::Object(members) => {
                for member in members {
                    out.push(&text[member.key_span.clone()]);
                    spans(text, &member.value, out);
                }
            }
            _ => {}
        }
    }

    /// Keys with escapes, colons and quotes, repeated keys, whitespace and multi-byte text: every
    /// span is exactly the text of its key or value.
    #[test]
    fn spans_are_the_text_of_each_key_and_value() {
        let text = " {\"a\\\":b\" :\n [1, -2.5e3 ,{\"x\":null}] , \"é\":\"ü\\n\",\"é\":true }\t";
        let node = read(text).unwrap();
        let mut found = Vec::new();
        spans(text, &node, &mut found);
        assert_eq!(
            found,
            [
                "{\"a\\\":b\" :\n [1, -2.5e3 ,{\"x\":null}] , \"é\":\"ü\\n\",\"é\":true }",
                "\"a\\\":b\"",
                "[1, -2.5e3 ,{\"x\":null}]",
                "1",
                "-2.5e3",
                "{\"x\":null}",
                "\"x\"",
                "null",
                "\"é\"",
                "\"ü\\n\"",
                "\"é\"",
                "true",
            ]
        );
        let NodeKind::Object(members) = &node.kind else {
            panic!("{node:?}")
        };
        assert_eq!(members[0].key, "a\":b");
        assert_eq!(members[1].value.kind, NodeKind::String("ü\n".to_owned()));
        // A value keeps the first of a repeated key, as the text readers report the second.
        assert_eq!(node.to_value()["é"], "ü\n");
    }

    /// Text that is not JSON: the message without serde_json's line and column, and the span of
    /// the byte where it stopped, on any line.
    #[test]
    fn syntax_errors_point_at_the_byte() {
        for (text, message, span) in [
            ("[1,]", "expected value", 3..4),
            ("{\n  \"a\": 1,\n  \"b\" 2}", "expected `:`", 18..19),
            ("", "EOF while parsing a value", 0..0),
            ("[1] x", "trailing characters", 4..5),
            ("{\"é\": ü}", "expected value", 7..9),
            ("[1e999]", "number out of range", 5..6),
        ] {
            let error = read(text).unwrap_err();
            assert_eq!(
                (error.message.as_str(), error.span.clone()),
                (message, span),
                "{text}"
            );
            assert!(text.get(error.span.clone()).is_some(), "{text}");
        }
    }
}
