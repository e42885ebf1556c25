//! JSON Lines: one string field of each line's object (`--field KEY`, a dotted path for a
//! nested object). Only that field is kept: the rest of the object is read past without being
//! built (`serde::de::IgnoredAny`), and the field's text is borrowed from the line.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::{Embedded, Escape, Extracted};
use crate::code::{FenkitCode, fenkit_error};

/// What a line's object holds at the path.
enum Found<'de> {
    /// The value, as written.
    Value(&'de RawValue),
    /// The object lacks the key.
    Missing,
    /// A value on the path is not an object (`depth`: at which part).
    NotObject(usize),
    /// An object on the path holds its key twice (`depth`: which part): the two values, as
    /// written. (JSON readers differ: some keep the first, Python's the last.)
    Repeated {
        depth: usize,
        first: &'de RawValue,
        second: &'de RawValue,
    },
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
        let mut first: Option<&'de RawValue> = None;
        while let Some(wanted) = map.next_key_seed(KeyIs(key))? {
            if !wanted {
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            let value = map.next_value::<&'de RawValue>()?;
            if let Some(first) = first {
                while map.next_key::<IgnoredAny>()?.is_some() {
                    map.next_value::<IgnoredAny>()?;
                }
                return Ok(Found::Repeated {
                    depth: self.depth,
                    first,
                    second: value,
                });
            }
            first = Some(value);
        }
        match first {
            None => Ok(Found::Missing),
            Some(raw) if self.depth + 1 == self.path.len() => Ok(Found::Value(raw)),
            // An object on the path: read on in its text, which is a slice of the line.
            Some(raw) => {
                let mut inner = serde_json::Deserializer::from_str(raw.get());
                Pick {
                    path: self.path,
                    depth: self.depth + 1,
                }
                .deserialize(&mut inner)
                .map_err(serde::de::Error::custom)
            }
        }
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
    let problem = |code, message: String| {
        Extracted::Findings(vec![fenkit_error(code, whole.clone(), message)])
    };
    let raw = match found {
        Ok(Found::Value(raw)) => raw,
        Ok(Found::NotObject(0)) => {
            return problem(
                FenkitCode::NotAnObject,
                "expected a JSON object on this line, found another JSON value".to_owned(),
            );
        }
        Ok(Found::NotObject(depth)) => {
            return problem(
                FenkitCode::MissingKey,
                format!(
                    "expected `{}` to be an object holding `{}`, found another JSON value",
                    path[..depth].join("."),
                    path[depth]
                ),
            );
        }
        Ok(Found::Repeated {
            depth,
            first,
            second,
        }) => {
            let name = path.get(depth).copied().unwrap_or(key);
            let (first, second) = (
                key_at(text, name, first.get()),
                key_at(text, name, second.get()),
            );
            let column = |at: usize| text.get(..at).map_or(at, |t| t.chars().count()) + 1;
            let mut finding = fenkit_error(
                FenkitCode::RepeatedKey,
                second..second + name.len() + 2,
                format!(
                    "expected the key `{name}` once in this object, found it twice, at columns \
                     {} and {}",
                    column(first),
                    column(second)
                ),
            );
            finding = finding.with_help(
                "keep one of them: JSON readers differ on which one counts (Python's keeps the \
                 last, others the first)",
            );
            return Extracted::Findings(vec![finding]);
        }
        Ok(Found::Missing) => {
            return problem(
                FenkitCode::MissingKey,
                format!("expected a field `{key}` in this object, found none"),
            );
        }
        Err(error) => {
            return problem(
                FenkitCode::NotAnObject,
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
        return Extracted::Findings(vec![fenkit_error(
            FenkitCode::NotAJsonString,
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
    let clockless = dfen::form::FileForm::is_clockless(&text_of);
    Extracted::Position(Embedded {
        span: span.start + 1..span.end - 1,
        text: text_of,
        variant: None,
        findings: Vec::new(),
        clockless,
        escape: Escape::Json,
    })
}

/// Where the key `name` whose value is `value` (a slice of `text`) starts in `text`: the
/// last `"name"` before the value (the value's own start when the key is written with
/// escapes).
fn key_at(text: &str, name: &str, value: &str) -> usize {
    let at = (value.as_ptr() as usize).saturating_sub(text.as_ptr() as usize);
    let quoted = format!("\"{name}\"");
    text.get(..at)
        .and_then(|before| before.rfind(&quoted))
        .unwrap_or(at)
}

/// The keys that hold a position's text in JSON Lines files other than NDJSON4.
const POSITION_KEYS: [&str; 4] = ["fen", "FEN", "epd", "dfen"];

/// For a `.jsonl` file about to be read as NDJSON4 (whose frames hold `fen4`): when its first
/// line (in `first`, the start of the file) is an object without `fen4` and with a string
/// under a key that holds positions elsewhere (`fen`), why it is not NDJSON4 and the flag
/// that reads it. Only the first object is read: the file may be a stream.
pub fn field_hint(first: &[u8]) -> Option<String> {
    let first = first.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(first);
    let line = first
        .split(|&byte| byte == b'\n')
        .find(|line| !line.trim_ascii().is_empty())?;
    // A line cut by the end of the buffer is not read.
    if line.len() == first.len() && !first.ends_with(b"\n") {
        return None;
    }
    let object: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(line.trim_ascii()).ok()?;
    if object.contains_key("fen4") {
        return None;
    }
    let key = POSITION_KEYS
        .iter()
        .find(|key| object.get(**key).is_some_and(serde_json::Value::is_string))?;
    Some(format!(
        "its first object holds a `{key}` key and no `fen4`: expected NDJSON4 frames, found \
         JSON Lines of positions; read them with `--field {key}`"
    ))
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
        // A key twice, on the path: at its end or on the way.
        assert_eq!(
            text_of("fen", r#"{"fen": "a", "x": 1, "fen": "b"}"#),
            Err("FENKIT056".into())
        );
        assert_eq!(
            text_of("p.fen", r#"{"p": {"fen": "a"}, "p": {"fen": "b"}}"#),
            Err("FENKIT056".into())
        );
        assert_eq!(
            text_of("p.fen", r#"{"p": {"fen": "a", "fen": "b"}}"#),
            Err("FENKIT056".into())
        );
        // Other keys may repeat: only the path is read.
        assert_eq!(
            text_of("fen", r#"{"x": 1, "x": 2, "fen": "a"}"#),
            Ok("a".into())
        );
    }
}
