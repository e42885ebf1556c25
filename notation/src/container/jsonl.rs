//! JSON Lines: one string field of each line's object (`--field KEY`, a dotted path for a
//! nested object). Only that field is kept: the rest of the object is read past without being
//! built (`serde::de::IgnoredAny`), and the field's text is borrowed from the line.

use std::borrow::Cow;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::{Embedded, Escape, Extracted};
use crate::code::{FenkitCode, fenkit_error};

mod quick;

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
    // The common line goes by the quick scan; any other, and every problem, by serde_json.
    let written = match path {
        [only] => quick::field(only, text),
        _ => None,
    };
    match written {
        Some(written) => position(key, text, written, Escapes::None),
        None => extract_by_serde(key, path, text),
    }
}

/// For the fuzz target (`notation::fuzzing::jsonl_field`): where the quick scan finds top-level
/// `key` in `line`, and where serde_json finds it; `Err` says how they disagree. The quick scan
/// may leave a line to serde_json (it finds nothing), never find another value.
pub(crate) fn quick_scan_agrees(key: &str, line: &str) -> Result<(), String> {
    let Some(written) = quick::field(key, line) else {
        return Ok(());
    };
    let start = written.as_ptr() as usize - line.as_ptr() as usize;
    let quick = start + 1..(start + written.len()).saturating_sub(1);
    match extract_by_serde(key, &[key], line) {
        Extracted::Position(embedded) if embedded.span == quick => Ok(()),
        Extracted::Position(embedded) => Err(format!(
            "the quick scan found `{key}` at {quick:?}, serde_json at {:?}, in {line:?}",
            embedded.span
        )),
        _ => Err(format!(
            "the quick scan found `{key}` at {quick:?}, serde_json found no position, in {line:?}"
        )),
    }
}

/// The field `key` (dotted) of line `text`, read by serde_json.
fn extract_by_serde<'a>(key: &str, path: &[&str], text: &'a str) -> Extracted<'a> {
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
    position(key, text, raw.get(), Escapes::Maybe)
}

/// Whether a string value may hold escapes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escapes {
    /// None: the quick scan read it.
    None,
    /// It may.
    Maybe,
}

/// The position in `written`, the field's value as written (a slice of `text`).
fn position<'a>(key: &str, text: &'a str, written: &'a str, escapes: Escapes) -> Extracted<'a> {
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
    let text_of = if escapes == Escapes::Maybe && inner.contains('\\') {
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

    /// What the quick scan finds, and whether serde_json finds the same position there.
    #[track_caller]
    fn agrees(line: &str) -> bool {
        let quick = quick::field("fen", line);
        let serde = match extract_by_serde("fen", &["fen"], line) {
            Extracted::Position(e) => Some(e.span),
            _ => None,
        };
        if let Some(written) = quick {
            let start = written.as_ptr() as usize - line.as_ptr() as usize;
            assert_eq!(
                serde,
                Some(start + 1..start + written.len() - 1),
                "the quick scan found a position serde_json does not, in {line:?}"
            );
            assert_eq!(written.as_bytes().first(), Some(&b'"'));
        }
        quick.is_some()
    }

    #[test]
    fn the_quick_scan_reads_the_common_lines() {
        for line in [
            r#"{"fen":"8/6n1/8/8/8/6K1/8/2k5 w - -","evals":[{"pvs":[{"cp":-292,"line":"e2e4 e7e5"}],"knodes":403434,"depth":40}]}"#,
            r#" { "a" : [ 1 , { "fen" : "x" } , [] , {} ] , "fen" : "8/8 w - -" , "z" : { } } "#,
            "{\"fen\":\"\",\"n\":[-0,0.5,1e5,-2E-3,12345678901234567890,true,false,null]}\r",
            r#"{"x": 1, "x": 2, "fen": "é"}"#,
        ] {
            assert!(agrees(line), "{line}");
        }
        // Lines it leaves to serde_json.
        for line in [
            r#"{"fen": "a\"b"}"#,
            r#"{"fen": "a", "fen": "b"}"#,
            r#"{"fen": 3}"#,
            r#"{"x": 3}"#,
            r#"{"fen": "a", "x": 01}"#,
            r#"{"fen": "a", "x": 1.}"#,
            r#"{"fen": "a", "x": [1,]}"#,
            r#"{"fen": "a", "x": {"y"}}"#,
            r#"{"fen": "a"} x"#,
            r#"{"fen": "a", "x": tru}"#,
            "{\"fen\": \"a\u{1}\"}",
            "{\"fen\": \"rnbqkbnr/pppppppp\u{1}/8 w - -\"}",
            "{\"fen\": \"rnbqkbnr/pppppppp\\/8 w - -\"}",
            "{\"fen\": \"rnbqkbnr/pppppppp/8 w - -\", \"x\": \"long string\u{1f} here\"}",
            "\u{feff}{\"fen\": \"a\"}",
            "[1]",
            "",
        ] {
            assert!(!agrees(line), "{line}");
        }
        let deep = format!(
            "{{\"fen\":\"a\",\"x\":{}1{}}}",
            "[".repeat(64),
            "]".repeat(64)
        );
        assert!(agrees(&deep));
        let deeper = format!(
            "{{\"fen\":\"a\",\"x\":{}1{}}}",
            "[".repeat(65),
            "]".repeat(65)
        );
        assert!(!agrees(&deeper));
    }

    use proptest::prelude::*;

    /// JSON values as text, with the whitespace between tokens chosen at random.
    fn value() -> impl Strategy<Value = String> {
        let leaf = prop::sample::select(vec![
            "0",
            "-1",
            "12.5",
            "1e9",
            "-0.0E+2",
            "true",
            "false",
            "null",
            "\"\"",
            "\"ab c\"",
            "\"8/8 w - -\"",
            "\"é\"",
            "\"a\\\"b\"",
            "0",
            "10",
            "\"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"",
            "\"rnbqkbnr/pppppppp/8/8/8/8\\\\PPPPPPPP/RNBQKBNR w KQkq -\"",
        ])
        .prop_map(str::to_owned);
        leaf.prop_recursive(4, 32, 4, |inner| {
            let gap = prop::sample::select(vec!["", " ", "\t", "\r\n"]);
            prop_oneof![
                (prop::collection::vec(inner.clone(), 0..4), gap.clone())
                    .prop_map(|(items, gap)| format!("[{gap}{}]", items.join(","))),
                (
                    prop::collection::vec(
                        (prop::sample::select(vec!["fen", "x", "fen ", "FEN"]), inner),
                        0..4
                    ),
                    gap
                )
                    .prop_map(|(members, gap)| {
                        let members: Vec<String> = members
                            .into_iter()
                            .map(|(k, v)| format!("\"{k}\"{gap}:{gap}{v}"))
                            .collect();
                        format!("{{{gap}{}}}", members.join(&format!("{gap},")))
                    }),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The quick scan finds a position only where serde_json finds the same one, over
        /// objects as written and with one byte changed, inserted or removed.
        #[test]
        fn the_quick_scan_agrees_with_serde_json(
            members in prop::collection::vec(
                (prop::sample::select(vec!["fen", "x", "evals"]), value()), 0..4),
            fen in value(),
            at in 0usize..200,
            byte in prop::sample::select(b"{}[],:\" \\0-.e1tn\x01x".to_vec()),
            edit in 0u8..4,
        ) {
            let mut line = format!("{{\"fen\":{fen}");
            for (key, value) in members {
                line.push_str(&format!(",\"{key}\":{value}"));
            }
            line.push('}');
            agrees(&line);
            let mut bytes = line.into_bytes();
            let at = at % (bytes.len() + 1);
            match edit {
                0 if at < bytes.len() => bytes[at] = byte,
                1 => bytes.insert(at, byte),
                2 if at < bytes.len() => { bytes.remove(at); }
                _ => {}
            }
            if let Ok(line) = String::from_utf8(bytes) {
                agrees(&line);
            }
        }
    }
}
