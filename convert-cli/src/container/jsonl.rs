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
    // A top-level string field of a plain line is found by the quick scan; anything else, and
    // every line it does not vouch for, is read by serde_json.
    let quick = match path {
        [only] => quick::string_field(only, text).and_then(|span| text.get(span)),
        _ => None,
    };
    let written = match quick {
        Some(written) => written,
        None => match value_of(key, path, text) {
            Ok(written) => written,
            Err(extracted) => return extracted,
        },
    };
    position(key, text, written)
}

/// The value at `path` in line `text` as written, read by serde_json (the object validated,
/// its other values read past); the findings of a line without one.
fn value_of<'a>(key: &str, path: &[&str], text: &'a str) -> Result<&'a str, Extracted<'a>> {
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
    match found {
        Ok(Found::Value(raw)) => Ok(raw.get()),
        Ok(Found::NotObject(0)) => problem(
            CliCode::NotAnObject,
            "expected a JSON object on this line, found another JSON value".to_owned(),
        ),
        Ok(Found::NotObject(depth)) => problem(
            CliCode::MissingKey,
            format!(
                "expected `{}` to be an object holding `{}`, found another JSON value",
                path[..depth].join("."),
                path[depth]
            ),
        ),
        Ok(Found::Missing) => problem(
            CliCode::MissingKey,
            format!("expected a field `{key}` in this object, found none"),
        ),
        Err(error) => problem(
            CliCode::NotAnObject,
            format!("expected a JSON object on this line, found text that is not JSON: {error}"),
        ),
    }
}

/// The position of the value `written` (a slice of line `text`) of the field `key`.
fn position<'a>(key: &str, text: &'a str, written: &'a str) -> Extracted<'a> {
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

/// The quick scan of a JSON Lines line: a validator of the JSON grammar that finds a string
/// field of the top-level object without building or converting anything. It answers only for
/// lines it can vouch for, exactly as serde_json reads them: an object whose wanted field is
/// a string, met once, with no backslash anywhere, numbers without an exponent and of at most
/// 15 digits (which serde_json reads without overflow), and nesting at most 64 deep. For every
/// other line it answers `None`, and serde_json reads the line (with its findings).
mod quick {
    use std::ops::Range;

    /// Containers nested deeper than this are left to serde_json.
    const MAX_DEPTH: usize = 64;
    /// Numbers with more digits than this are left to serde_json.
    const MAX_DIGITS: usize = 15;

    struct Scan<'a> {
        bytes: &'a [u8],
        at: usize,
    }

    /// Where the string value of field `key` of the object on line `text` is written, quotes
    /// included; `None` when the line is not one the scan vouches for.
    pub(super) fn string_field(key: &str, text: &str) -> Option<Range<usize>> {
        let mut scan = Scan {
            bytes: text.as_bytes(),
            at: 0,
        };
        scan.space();
        let found = scan.object(0, Some(key.as_bytes()))?;
        scan.space();
        (scan.at == scan.bytes.len()).then_some(found?)
    }

    impl Scan<'_> {
        fn peek(&self) -> Option<u8> {
            self.bytes.get(self.at).copied()
        }

        fn eat(&mut self, byte: u8) -> Option<()> {
            (self.peek()? == byte).then(|| self.at += 1)
        }

        fn space(&mut self) {
            while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                self.at += 1;
            }
        }

        /// A string without escapes or control characters; its contents' span.
        fn string(&mut self) -> Option<Range<usize>> {
            self.eat(b'"')?;
            let start = self.at;
            let rest = self.bytes.get(start..)?;
            let len = memchr::memchr(b'"', rest)?;
            let contents = rest.get(..len)?;
            if contents.iter().any(|&b| b < 0x20 || b == b'\\') {
                return None;
            }
            self.at = start + len + 1;
            Some(start..start + len)
        }

        fn digits(&mut self) -> usize {
            let start = self.at;
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.at += 1;
            }
            self.at - start
        }

        fn number(&mut self) -> Option<()> {
            let _ = self.eat(b'-');
            let whole = match self.peek()? {
                b'0' => {
                    self.at += 1;
                    1
                }
                b'1'..=b'9' => self.digits(),
                _ => return None,
            };
            let fraction = if self.eat(b'.').is_some() {
                match self.digits() {
                    0 => return None,
                    n => n,
                }
            } else {
                0
            };
            let exponent = matches!(self.peek(), Some(b'e' | b'E'));
            (!exponent && whole + fraction <= MAX_DIGITS).then_some(())
        }

        fn literal(&mut self, word: &[u8]) -> Option<()> {
            let end = self.at + word.len();
            (self.bytes.get(self.at..end)? == word).then(|| self.at = end)
        }

        fn value(&mut self, depth: usize) -> Option<()> {
            match self.peek()? {
                b'{' => self.object(depth + 1, None).map(|_| ()),
                b'[' => self.array(depth + 1),
                b'"' => self.string().map(|_| ()),
                b't' => self.literal(b"true"),
                b'f' => self.literal(b"false"),
                b'n' => self.literal(b"null"),
                _ => self.number(),
            }
        }

        fn array(&mut self, depth: usize) -> Option<()> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.eat(b'[')?;
            self.space();
            if self.eat(b']').is_some() {
                return Some(());
            }
            loop {
                self.value(depth)?;
                self.space();
                if self.eat(b']').is_some() {
                    return Some(());
                }
                self.eat(b',')?;
                self.space();
            }
        }

        /// An object; with `want`, the span (quotes included) of that key's string value, if
        /// the object has the key once.
        fn object(&mut self, depth: usize, want: Option<&[u8]>) -> Option<Option<Range<usize>>> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.eat(b'{')?;
            self.space();
            let mut found = None;
            if self.eat(b'}').is_some() {
                return Some(found);
            }
            loop {
                let key = self.string()?;
                self.space();
                self.eat(b':')?;
                self.space();
                if want.is_some_and(|want| self.bytes.get(key) == Some(want)) {
                    if found.is_some() || self.peek()? != b'"' {
                        return None;
                    }
                    let start = self.at;
                    self.string()?;
                    found = Some(start..self.at);
                } else {
                    self.value(depth)?;
                }
                self.space();
                if self.eat(b'}').is_some() {
                    return Some(found);
                }
                self.eat(b',')?;
                self.space();
            }
        }
    }
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

    /// Whenever the quick scan finds a field, serde_json finds the same value in a valid line;
    /// over mutations of evaluation lines (bytes inserted, dropped and changed among JSON's own)
    /// and a few lines written to catch each rule, which the scan must leave to serde_json.
    #[test]
    fn the_quick_scan_agrees_with_serde_json() {
        let lines = [
            r#"{"fen":"8/6n1/8/8/8/6K1/8/2k5 w - -","evals":[{"pvs":[{"cp":-292,"line":"e2e4 e7e5"}],"knodes":403434,"depth":40}]}"#,
            r#" { "evals" : [ ] , "fen" : "x" , "a" : { "b" : [ true , false , null , 0.5 , -0 ] } } "#,
            r#"{"fen":"a","fen":"b"}"#,
            r#"{"fen":1}"#,
            r#"{"fen":"a\"b"}"#,
            r#"{"fen":"a","n":1e5}"#,
            r#"{"fen":"a","n":12345678901234567890}"#,
            r#"{"fen":"a","n":01}"#,
            r#"{"fen":"a","n":1.}"#,
            r#"{"fen":"a","n":-}"#,
            r#"{"fen":"a",}"#,
            r#"{"fen":"a"} x"#,
            r#"["fen"]"#,
            r#"{"x":{"fen":"a"}}"#,
            "{\"fen\":\"a\tb\"}",
        ];
        let alphabet = b"{}[]:,\"\\ -.0123456789eEtrufalsn\tfenx";
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            usize::try_from(state % below as u64).unwrap_or(0)
        };
        let (mut quick_found, mut cases) = (0usize, 0usize);
        for round in 0..60_000 {
            let mut line = lines[round % lines.len()].as_bytes().to_vec();
            for _ in 0..next(4) {
                let at = next(line.len() + 1);
                match next(3) {
                    0 => line.insert(at, alphabet[next(alphabet.len())]),
                    1 if at < line.len() => {
                        line.remove(at);
                    }
                    _ if at < line.len() => line[at] = alphabet[next(alphabet.len())],
                    _ => {}
                }
            }
            let Ok(line) = std::str::from_utf8(&line) else {
                continue;
            };
            cases += 1;
            let Some(span) = quick::string_field("fen", line) else {
                continue;
            };
            quick_found += 1;
            match value_of("fen", &["fen"], line) {
                Ok(written) => assert_eq!(written, &line[span], "{line}"),
                Err(_) => panic!("the quick scan took a line serde_json refuses: {line}"),
            }
        }
        assert!(quick_found > cases / 20, "{quick_found} of {cases}");
        assert!(quick::string_field("fen", lines[0]).is_some());
        for refused in &lines[2..] {
            assert_eq!(quick::string_field("fen", refused), None, "{refused}");
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
