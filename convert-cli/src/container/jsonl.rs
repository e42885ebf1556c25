//! JSON Lines: one string field of each line's object (`--field KEY`, a dotted path for a
//! nested object). Only that field is kept: the rest of the object is read past without being
//! built (`serde::de::IgnoredAny`), and the field's text is borrowed from the line.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::{Embedded, Escape, Extracted};
use crate::code::{CliCode, cli_error};

/// What a line's object holds at the path.
enum Found<'de> {
    /// The value, as written.
    Value(&'de RawValue),
    /// The object lacks the key.
    Missing,
    /// A value on the path is not an object (`depth`: at which part).
    NotObject(usize),
}

/// Finds `path[depth..]` in an object.
struct Pick<'p> {
    path: &'p [&'p str],
    depth: usize,
}

/// Whether a map key is the one wanted, read without allocating.
struct KeyIs<'p>(&'p str);

impl<'de> DeserializeSeed<'de> for KeyIs<'_> {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIs<'_> {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_str<E>(self, key: &str) -> Result<bool, E> {
        Ok(key == self.0)
    }
}

impl<'de> DeserializeSeed<'de> for Pick<'_> {
    type Value = Found<'de>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Found<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Pick<'_> {
    type Value = Found<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Found<'de>, A::Error> {
        let Some(&key) = self.path.get(self.depth) else {
            return Ok(Found::Missing);
        };
        let mut found = Found::Missing;
        while let Some(wanted) = map.next_key_seed(KeyIs(key))? {
            if wanted && matches!(found, Found::Missing) {
                found = if self.depth + 1 == self.path.len() {
                    Found::Value(map.next_value::<&'de RawValue>()?)
                } else {
                    map.next_value_seed(Pick {
                        path: self.path,
                        depth: self.depth + 1,
                    })?
                };
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Found<'de>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Found::NotObject(self.depth))
    }

    fn visit_str<E>(self, _: &str) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
    fn visit_unit<E>(self) -> Result<Found<'de>, E> {
        Ok(Found::NotObject(self.depth))
    }
}

/// The field `key` (dotted) of line `text`.
pub(super) fn extract<'a>(key: &str, path: &[&str], text: &'a str) -> Extracted<'a> {
    let whole = 0..text.trim_end().len();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let found = Pick { path, depth: 0 }
        .deserialize(&mut deserializer)
        .and_then(|found| deserializer.end().map(|()| found));
    let problem =
        |code, message: String| Extracted::Findings(vec![cli_error(code, whole.clone(), message)]);
    let raw = match found {
        Ok(Found::Value(raw)) => raw,
        Ok(Found::NotObject(0)) => {
            return problem(
                CliCode::NotAnObject,
                "expected a JSON object on this line, found another JSON value".to_owned(),
            );
        }
        Ok(Found::NotObject(depth)) => {
            return problem(
                CliCode::MissingKey,
                format!(
                    "expected `{}` to be an object holding `{}`, found another JSON value",
                    path[..depth].join("."),
                    path[depth]
                ),
            );
        }
        Ok(Found::Missing) => {
            return problem(
                CliCode::MissingKey,
                format!("expected a field `{key}` in this object, found none"),
            );
        }
        Err(error) => {
            return problem(
                CliCode::NotAnObject,
                format!(
                    "expected a JSON object on this line, found text that is not JSON: {error}"
                ),
            );
        }
    };
    let written = raw.get();
    // Where the value is in the line: its text is a slice of the line.
    let start = (written.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let span = start..start + written.len();
    let Some(inner) = written.strip_prefix('"').and_then(|w| w.strip_suffix('"')) else {
        return Extracted::Findings(vec![cli_error(
            CliCode::NotAJsonString,
            span,
            format!("expected the field `{key}` to be a string, found another JSON value"),
        )]);
    };
    let text_of = if inner.contains('\\') {
        match serde_json::from_str::<String>(written) {
            Ok(text) => Cow::Owned(text),
            Err(_) => Cow::Borrowed(inner),
        }
    } else {
        Cow::Borrowed(inner)
    };
    // Four fields (lichess evaluations): a position without clocks, by design.
    let clockless = text_of.split_ascii_whitespace().count() == 4;
    Extracted::Position(Embedded {
        span: span.start + 1..span.end - 1,
        text: text_of,
        variant: None,
        findings: Vec::new(),
        clockless,
        escape: Escape::Json,
    })
}

/// A string's contents as JSON writes them.
pub(super) fn escape(text: &str) -> Cow<'_, str> {
    if !text.contains(|c: char| c == '"' || c == '\\' || c.is_control()) {
        return Cow::Borrowed(text);
    }
    let quoted = serde_json::to_string(text).unwrap_or_default();
    Cow::Owned(
        quoted
            .get(1..quoted.len().saturating_sub(1))
            .unwrap_or_default()
            .to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(key: &str, line: &str) -> Result<String, String> {
        let path: Vec<&str> = key.split('.').collect();
        match extract(key, &path, line) {
            Extracted::Position(e) => {
                assert_eq!(&line[e.span.clone()].replace("\\\"", "\""), &*e.text);
                Ok(e.text.into_owned())
            }
            Extracted::Findings(f) => Err(f[0].code.to_string()),
            Extracted::Nothing => Err("nothing".into()),
        }
    }

    #[test]
    fn fields_are_found_at_any_depth() {
        assert_eq!(
            text_of("fen", r#"{"a":[1,{"fen":"x"}],"fen":"8/8 w - -","z":{}}"#),
            Ok("8/8 w - -".into())
        );
        assert_eq!(text_of("p.fen", r#"{"p":{"fen":"y"}}"#), Ok("y".into()));
        assert_eq!(text_of("fen", "[1,2]"), Err("FENKIT054".into()));
        assert_eq!(text_of("fen", "{\"fen\": 3}"), Err("FENKIT004".into()));
        assert_eq!(text_of("fen", "{\"x\": 3}"), Err("FENKIT055".into()));
        assert_eq!(text_of("fen", "{\"fen\": \"a\""), Err("FENKIT054".into()));
        assert_eq!(text_of("p.fen", "{\"p\": 1}"), Err("FENKIT055".into()));
    }
}
