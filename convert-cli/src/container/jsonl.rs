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
    let quick = match path {
        [only] => quick_field(only, text).and_then(|range| text.get(range)),
        _ => None,
    };
    let written = match quick {
        Some(written) => written,
        None => match read_field(key, path, text) {
            Ok(written) => written,
            Err(problem) => return problem,
        },
    };
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

/// The value of the field `key` (dotted) of line `text` as written, read with serde_json; the
/// finding when the line holds none to read.
fn read_field<'a>(key: &str, path: &[&str], text: &'a str) -> Result<&'a str, Extracted<'a>> {
    let whole = 0..text.trim_end().len();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let found = Pick { path, depth: 0 }
        .deserialize(&mut deserializer)
        .and_then(|found| deserializer.end().map(|()| found));
    let problem = |code, message: String| {
        Err(Extracted::Findings(vec![cli_error(
            code,
            whole.clone(),
            message,
        )]))
    };
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
            let mut finding = cli_error(
                CliCode::RepeatedKey,
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
            return Err(Extracted::Findings(vec![finding]));
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
    Ok(raw.get())
}

/// The value of the top-level field `key` of the object on line `text` (its range, quotes
/// included), found by one pass over the line's bytes, for the lines it can vouch for that
/// serde_json reads the same: a JSON object holding `key` once, its value a string without a
/// backslash, and nothing in the whole line outside the plain subset of JSON (strings without
/// backslashes, numbers of at most 15 digits without an exponent, nesting less than 64 deep).
/// `None` for every other line, which [`read_field`] reads: that also gives each finding.
///
/// Reading a line of an evaluation dump with serde_json, every other field skipped, costs
/// about 2,400 instructions; this pass, a few a byte.
fn quick_field(key: &str, text: &str) -> Option<std::ops::Range<usize>> {
    let mut scan = Quick {
        bytes: text.as_bytes(),
        at: 0,
    };
    scan.space();
    scan.byte(b'{')?;
    let mut found = None;
    loop {
        scan.space();
        let name = scan.string()?;
        scan.space();
        scan.byte(b':')?;
        scan.space();
        if text.as_bytes().get(name) == Some(key.as_bytes()) {
            if found.is_some() || scan.peek()? != b'"' {
                return None;
            }
            let value = scan.string()?;
            found = Some(value.start - 1..value.end + 1);
        } else {
            scan.value(1)?;
        }
        scan.space();
        match scan.next()? {
            b',' => {}
            b'}' => break,
            _ => return None,
        }
    }
    scan.space();
    if scan.at != text.len() {
        return None;
    }
    found
}

/// The cursor of [`quick_field`]'s pass: each step returns `None` where the line leaves the
/// subset it reads.
struct Quick<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Quick<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        Some(byte)
    }

    fn byte(&mut self, wanted: u8) -> Option<()> {
        (self.next()? == wanted).then_some(())
    }

    /// JSON's whitespace.
    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// A string without a backslash or a control character: the range of its contents.
    /// Strings are short (keys, moves): a byte at a time beats a search's set-up.
    #[inline]
    fn string(&mut self) -> Option<std::ops::Range<usize>> {
        self.byte(b'"')?;
        let start = self.at;
        let rest = self.bytes.get(start..)?;
        let len = rest
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)?;
        if rest.get(len) != Some(&b'"') {
            return None;
        }
        self.at = start + len + 1;
        Some(start..start + len)
    }

    /// Digits: how many.
    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    /// A number: `-`, an integer part without a leading zero, a fraction; at most 15 digits,
    /// no exponent.
    fn number(&mut self) -> Option<()> {
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let first = self.peek()?;
        let mut count = self.digits();
        if count == 0 || (first == b'0' && count > 1) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            let fraction = self.digits();
            if fraction == 0 {
                return None;
            }
            count += fraction;
        }
        if count > 15 || matches!(self.peek(), Some(b'e' | b'E')) {
            return None;
        }
        Some(())
    }

    /// Any value, at nesting depth `depth`.
    fn value(&mut self, depth: usize) -> Option<()> {
        if depth >= 64 {
            return None;
        }
        match self.peek()? {
            b'"' => self.string().map(|_| ()),
            b'{' => {
                self.at += 1;
                self.space();
                if self.peek()? == b'}' {
                    self.at += 1;
                    return Some(());
                }
                loop {
                    self.space();
                    self.string()?;
                    self.space();
                    self.byte(b':')?;
                    self.space();
                    self.value(depth + 1)?;
                    self.space();
                    match self.next()? {
                        b',' => {}
                        b'}' => return Some(()),
                        _ => return None,
                    }
                }
            }
            b'[' => {
                self.at += 1;
                self.space();
                if self.peek()? == b']' {
                    self.at += 1;
                    return Some(());
                }
                loop {
                    self.space();
                    self.value(depth + 1)?;
                    self.space();
                    match self.next()? {
                        b',' => {}
                        b']' => return Some(()),
                        _ => return None,
                    }
                }
            }
            b't' => self.word(b"true"),
            b'f' => self.word(b"false"),
            b'n' => self.word(b"null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    fn word(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        if self.bytes.get(self.at..end)? != word {
            return None;
        }
        self.at = end;
        Some(())
    }
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
pub(crate) fn field_hint(first: &[u8]) -> Option<String> {
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

    /// Every line the quick pass reads, serde_json reads the same: the same value of the
    /// same field. Over lines built of JSON's tokens at random (most of them broken), lines of
    /// an evaluation dump with a token changed, and edge cases written out; and the pass
    /// reads the dump's lines themselves.
    #[test]
    fn the_quick_pass_reads_what_serde_json_reads() {
        let tokens = [
            "{",
            "}",
            "[",
            "]",
            ":",
            ",",
            " ",
            "\t",
            "\r",
            "\"fen\"",
            "\"x\"",
            "\"8/8 w - -\"",
            "\"a\\\"b\"",
            "\"\u{1}\"",
            "\"é\"",
            "1",
            "-",
            "0",
            "01",
            "1.5",
            "1.",
            "2e3",
            "-0",
            "1234567890123456",
            "true",
            "tru",
            "null",
            "false",
            "\"",
            "\\",
            "\"f\\u0065n\"",
            "{\"fen\":",
            "\"fen\":\"k7/8 b - -\"",
        ];
        let dump = r#"{"fen":"8/6n1/8/8/8/6K1/8/2k5 w - -","evals":[{"pvs":[{"cp":-292,"line":"e2e4 e7e5 g1f3"}],"knodes":403434,"depth":40}]}"#;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % below as u64).unwrap_or(0)
        };
        let mut lines: Vec<String> = vec![
            dump.to_owned(),
            r#"{"fen":"a"}"#.to_owned(),
            r#" { "x" : [ 1 , { "y" : null } ] , "fen" : "b" } "#.to_owned(),
            r#"{"fen":"a","fen":"b"}"#.to_owned(),
            r#"{"fen":1}"#.to_owned(),
            r#"{"fen":"a"} x"#.to_owned(),
            r#"{"fen":"a",}"#.to_owned(),
            r#"{"x":01,"fen":"a"}"#.to_owned(),
            r#"{"x":-,"fen":"a"}"#.to_owned(),
            r#"{"x":1.,"fen":"a"}"#.to_owned(),
            r#"{"x":[1,],"fen":"a"}"#.to_owned(),
            r#"{"x":{},"y":[],"fen":"a"}"#.to_owned(),
            "{\"fen\":\"a\u{7f}\"}".to_owned(),
            format!(
                "{}{}{}\"fen\":\"a\"}}",
                "{\"x\":",
                "[".repeat(70),
                "]".repeat(70) + ","
            ),
        ];
        for _ in 0..20_000 {
            let count = 1 + next(24);
            lines.push((0..count).map(|_| tokens[next(tokens.len())]).collect());
        }
        for _ in 0..20_000 {
            let mut line = dump.as_bytes().to_vec();
            for _ in 0..1 + next(2) {
                let at = next(line.len());
                let token = tokens[next(tokens.len())].as_bytes();
                match next(3) {
                    0 => drop(line.splice(at..=at, token.iter().copied())),
                    1 => drop(line.splice(at..at, token.iter().copied())),
                    _ => drop(line.remove(at)),
                }
            }
            if let Ok(line) = String::from_utf8(line) {
                lines.push(line);
            }
        }
        let mut quick = 0;
        for line in &lines {
            if let Some(range) = quick_field("fen", line) {
                quick += 1;
                let slow = read_field("fen", &["fen"], line).ok();
                let at = slow.map(|w| (w.as_ptr() as usize) - (line.as_ptr() as usize));
                assert_eq!(
                    (slow, at),
                    (line.get(range.clone()), Some(range.start)),
                    "{line}"
                );
            }
        }
        assert!(quick_field("fen", dump).is_some());
        assert!(quick > 2_000, "the quick pass read only {quick} lines");
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
