//! NDJSON4 replay files: one JSON object per line, each holding a FEN4 frame.
//!
//! A record has a required `fen4` string and optional `ply` (non-negative integer, each
//! one the previous plus one), `move_from` / `move_to` (arrays of four integers `0..=7`,
//! given together), and `promo` / `flags` (integers `0..=255`). Blank lines and header
//! records (objects with a `bridge_version` key) are skipped.
//!
//! [`Ndjson4Validator`] checks one line at a time, so a caller can stream a file; it keeps
//! the previous frame and ply to check continuity and moves. Findings carry byte spans
//! relative to the line. Besides errors, it emits portability warnings (`FEN435x`) for
//! constructs on which the reference readers are known to disagree.
//!
//! ```
//! use fen4::{Code, Ndjson4Validator};
//! let mut v = Ndjson4Validator::new();
//! assert!(v.check_line(1, r#"{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7"}"#).is_empty());
//! let f = v.check_line(2, r#"{"ply":1,"fen4":"4d-fen v1: K@0,0,0,1; k@7,7,7,7","move_from":[0,0,0,0],"move_to":[0,0,0,1]}"#);
//! assert!(f.is_empty());
//! let f = v.check_line(3, r#"{"ply":3,"fen4":"4d-fen v1: K@0,0,0,1; k@7,7,7,7"}"#);
//! assert_eq!(f[0].code, Code::PlyNotConsecutive);
//! assert_eq!(f[0].span, 7..8);
//! ```

use std::borrow::Cow;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::error::{Code, Finding, Severity};
use crate::model::{Coord, Placement};
use crate::parser::Parser;

/// A finding on a numbered line of an NDJSON4 file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct LineFinding {
    /// 1-based line number.
    pub line: usize,
    /// The finding; its span is relative to the start of that line.
    pub finding: Finding,
}

/// Validates a whole NDJSON4 text. Lines are split on `\n`; a `\r` before it is ignored, and
/// so is a BOM at the start of the text (spec/ndjson4.md §5): the spans of line 1 then count
/// from after it.
///
/// ```
/// let text = "{\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"}\n[1]\n";
/// let found = fen4::validate_ndjson4(text);
/// assert_eq!(found[0].line, 2);
/// assert_eq!(found[0].finding.code, fen4::Code::NotAnObject);
///
/// let with_bom = "\u{feff}{\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"}\n";
/// assert!(fen4::validate_ndjson4(with_bom).is_empty());
/// ```
pub fn validate_ndjson4(input: &str) -> Vec<LineFinding> {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let mut v = Ndjson4Validator::new();
    let mut out = Vec::new();
    for (i, line) in input.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        out.extend(
            v.check_line(i + 1, line)
                .into_iter()
                .map(|finding| LineFinding {
                    line: i + 1,
                    finding,
                }),
        );
    }
    out
}

/// Streaming NDJSON4 validator; feed it lines in order.
#[derive(Clone, Debug, Default)]
pub struct Ndjson4Validator {
    prev_ply: Option<(u64, usize)>,
    prev_frame: Option<Placement>,
}

impl Ndjson4Validator {
    /// A validator at the start of a file.
    pub fn new() -> Ndjson4Validator {
        Ndjson4Validator::default()
    }

    /// Checks one line (without its line terminator). `line_number` is used only in
    /// messages that refer to an earlier line. Spans are byte ranges into `line`; the
    /// findings come sorted by where their spans start.
    pub fn check_line(&mut self, line_number: usize, line: &str) -> Vec<Finding> {
        let mut out = self.findings_of(line_number, line);
        // Stable: findings that start at one place keep the order they were found in.
        out.sort_by_key(|f| f.span.start);
        out
    }

    /// The findings of [`Ndjson4Validator::check_line`], in the order they are found.
    fn findings_of(&mut self, line_number: usize, line: &str) -> Vec<Finding> {
        let mut out = Vec::new();
        if line.trim_matches(is_json_ws).is_empty() {
            return out;
        }
        let mut p = JsonParser {
            src: line.as_bytes(),
            pos: 0,
        };
        p.skip_ws();
        let value = match p.value(0) {
            Ok(v) => v,
            Err((at, what)) => {
                // `at` is always a character boundary: the reader only stops at one.
                let end = at
                    + line
                        .get(at..)
                        .and_then(|r| r.chars().next())
                        .map_or(0, char::len_utf8);
                out.push(
                    Finding::new(
                        Code::InvalidJson,
                        Severity::Error,
                        at..end,
                        format!("invalid json: {what}"),
                    )
                    .with_help("each line must be one json object"),
                );
                self.reset();
                return out;
            }
        };
        p.skip_ws();
        if p.pos < line.len() {
            out.push(
                Finding::new(
                    Code::TrailingText,
                    Severity::Warning,
                    p.pos..line.len(),
                    "text after the json value: reference readers disagree on such lines"
                        .to_owned(),
                )
                .with_help("remove everything after the closing '}'"),
            );
        }
        let JVal::Obj(members) = value.val else {
            out.push(Finding::new(
                Code::NotAnObject,
                Severity::Error,
                value.span.clone(),
                format!("expected a json object, found {}", value.val.type_name()),
            ));
            out.push(Finding::new(
                Code::NonObjectLine,
                Severity::Warning,
                value.span,
                "a line that is not an object: reference readers disagree on such lines",
            ));
            self.reset();
            return out;
        };
        for m in &members {
            if let Some(ws) = &m.space_before_colon {
                out.push(Finding::new(
                    Code::SpaceBeforeColon,
                    Severity::Warning,
                    ws.clone(),
                    format!(
                        "whitespace between key {:?} and its colon: reference readers disagree on it",
                        m.key
                    ),
                ));
            }
        }
        let get = |key: &str| members.iter().rev().find(|m| m.key == key);
        if get("bridge_version").is_some() {
            return out;
        }

        // fen4
        let frame = match get("fen4") {
            None => {
                out.push(Finding::new(
                    Code::MissingFen4,
                    Severity::Error,
                    value.span.clone(),
                    "missing required key \"fen4\"",
                ));
                None
            }
            Some(m) => match &m.value.val {
                JVal::Str { text, escaped } => {
                    let span = m.value.span.clone();
                    if *escaped {
                        out.push(Finding::new(
                            Code::Fen4Escapes,
                            Severity::Warning,
                            span.clone(),
                            "escape sequence inside the fen4 string: reference readers disagree on it"
                                .to_owned(),
                        ));
                    }
                    match Parser::new().parse(text) {
                        Ok(parsed) => Some(parsed.placement),
                        Err(e) => {
                            let espan = if *escaped {
                                span
                            } else {
                                let base = span.start + 1;
                                base + e.span().start..base + e.span().end
                            };
                            let mut finding = Finding::new(
                                Code::InvalidFen4,
                                Severity::Error,
                                espan,
                                format!(
                                    "invalid fen4: {e} ({}, reference code {} at offset {})",
                                    e.code(),
                                    e.ref_code(),
                                    e.offset()
                                ),
                            );
                            finding.help = e.help().map(|help| Cow::Owned(help.to_owned()));
                            out.push(finding);
                            None
                        }
                    }
                }
                other => {
                    out.push(Finding::new(
                        Code::Fen4NotString,
                        Severity::Error,
                        m.value.span.clone(),
                        format!(
                            "expected \"fen4\" to be a string, found {}",
                            other.type_name()
                        ),
                    ));
                    None
                }
            },
        };

        // ply
        let mut ply = None;
        if let Some(m) = get("ply") {
            let span = m.value.span.clone();
            match &m.value.val {
                JVal::Num { int: Some(n), .. } if *n >= 0 => match u64::try_from(*n) {
                    Ok(n) => ply = Some(n),
                    Err(_) => out.push(bad_ply(span, "an integer too large")),
                },
                JVal::Num { int: Some(_), .. } => out.push(bad_ply(span, "a negative integer")),
                JVal::Num { int: None, .. } | JVal::Bool => {
                    out.push(bad_ply(span.clone(), m.value.val.type_name()));
                    out.push(Finding::new(
                        Code::NonIntegerPly,
                        Severity::Warning,
                        span,
                        "a non-integer ply: reference readers disagree on it",
                    ));
                }
                other => out.push(bad_ply(span, other.type_name())),
            }
            if let (Some(n), Some((prev, prev_line))) = (ply, self.prev_ply)
                && Some(n) != prev.checked_add(1)
            {
                out.push(Finding::new(
                    Code::PlyNotConsecutive,
                    Severity::Error,
                    m.value.span.clone(),
                    format!(
                        "ply {n} does not follow ply {prev} on line {prev_line}: expected {}",
                        prev.saturating_add(1)
                    ),
                ));
            }
        }

        // moves
        let from = get("move_from").map(|m| move_coord(&mut out, "move_from", &m.value));
        let to = get("move_to").map(|m| move_coord(&mut out, "move_to", &m.value));
        match (get("move_from"), get("move_to")) {
            (Some(m), None) | (None, Some(m)) => out.push(Finding::new(
                Code::IncompleteMove,
                Severity::Error,
                m.key_span.clone(),
                format!(
                    "{:?} without {}: a move needs both move_from and move_to",
                    m.key,
                    if m.key == "move_from" {
                        "\"move_to\""
                    } else {
                        "\"move_from\""
                    }
                ),
            )),
            _ => {}
        }

        // promo, flags
        let mut promo = None;
        if let Some(m) = get("promo") {
            match &m.value.val {
                JVal::Num { int: Some(n), .. } if (0..=255).contains(n) => promo = Some(*n),
                JVal::Str { .. } => {
                    out.push(bad_byte(Code::BadPromo, "promo", &m.value));
                    out.push(Finding::new(
                        Code::PromoString,
                        Severity::Warning,
                        m.value.span.clone(),
                        "promo given as a string: reference readers disagree on it",
                    ));
                }
                _ => out.push(bad_byte(Code::BadPromo, "promo", &m.value)),
            }
        }
        if let Some(m) = get("flags") {
            match &m.value.val {
                JVal::Num { int: Some(n), .. } if (0..=255).contains(n) => {}
                JVal::Null => {
                    out.push(bad_byte(Code::BadFlags, "flags", &m.value));
                    out.push(Finding::new(
                        Code::FlagsNull,
                        Severity::Warning,
                        m.value.span.clone(),
                        "flags given as null: reference readers disagree on it",
                    ));
                }
                _ => out.push(bad_byte(Code::BadFlags, "flags", &m.value)),
            }
        }

        // move against the previous and this frame
        if let (Some(Some(from_c)), Some(Some(to_c)), Some(prev)) = (from, to, &self.prev_frame) {
            let span_of = |k: &str| get(k).map_or(0..0, |m| m.value.span.clone());
            match prev.get(from_c) {
                None => out.push(Finding::new(
                    Code::MoveFromEmpty,
                    Severity::Error,
                    span_of("move_from"),
                    format!("move from {from_c}, but that square is empty in the previous frame"),
                )),
                Some(moved) => {
                    if let Some(frame) = &frame {
                        let landed = frame.get(to_c);
                        let promoted = promo.is_some_and(|p| p != 0);
                        let ok = match landed {
                            Some(l) if promoted => l.color == moved.color,
                            Some(l) => l == moved,
                            None => false,
                        };
                        if !ok {
                            let found =
                                landed.map_or("an empty square".to_owned(), |l| format!("'{l}'"));
                            out.push(Finding::new(
                                Code::MoveToMismatch,
                                Severity::Error,
                                span_of("move_to"),
                                format!(
                                    "move to {to_c} should hold the moved piece '{moved}', found {found}"
                                ),
                            ));
                        }
                    }
                }
            }
        }

        self.prev_ply = ply.map(|n| (n, line_number));
        self.prev_frame = frame;
        out
    }

    fn reset(&mut self) {
        self.prev_ply = None;
        self.prev_frame = None;
    }
}

fn bad_ply(span: Range<usize>, found: &str) -> Finding {
    Finding::new(
        Code::BadPly,
        Severity::Error,
        span,
        format!("expected \"ply\" to be a non-negative integer, found {found}"),
    )
}

fn bad_byte(code: Code, key: &str, v: &Spanned) -> Finding {
    let found = match &v.val {
        JVal::Num { int: Some(n), .. } => format!("{n}"),
        other => other.type_name().to_owned(),
    };
    Finding::new(
        code,
        Severity::Error,
        v.span.clone(),
        format!("expected {key:?} to be an integer 0-255, found {found}"),
    )
}

/// Checks a move coordinate; `Some(coord)` when valid.
fn move_coord(out: &mut Vec<Finding>, key: &str, v: &Spanned) -> Option<Coord> {
    let shape = |out: &mut Vec<Finding>, found: String| {
        out.push(Finding::new(
            Code::BadMoveCoord,
            Severity::Error,
            v.span.clone(),
            format!("expected {key:?} to be an array of four integers, found {found}"),
        ));
    };
    let JVal::Arr(items) = &v.val else {
        shape(out, v.val.type_name().to_owned());
        return None;
    };
    if items.len() != 4 {
        shape(out, format!("{} elements", items.len()));
        return None;
    }
    let mut comps = [0u8; 4];
    let mut outside = false;
    for (item, slot) in items.iter().zip(comps.iter_mut()) {
        match &item.val {
            JVal::Num { int: Some(n), .. } => match u8::try_from(*n) {
                Ok(b) if b <= 7 => *slot = b,
                _ => {
                    outside = true;
                    out.push(Finding::new(
                        Code::MoveCoordOutOfRange,
                        Severity::Error,
                        item.span.clone(),
                        format!("{key} component out of range: expected 0-7, found {n}"),
                    ));
                }
            },
            other => {
                shape(out, format!("an element that is {}", other.type_name()));
                return None;
            }
        }
    }
    if outside {
        out.push(Finding::new(
            Code::CoordOutsideBoard,
            Severity::Warning,
            v.span.clone(),
            format!("{key} outside the board: reference readers disagree on such coordinates"),
        ));
        return None;
    }
    let [x, y, z, w] = comps;
    Coord::new(x, y, z, w)
}

// ---- a small JSON reader that keeps byte spans -------------------------------------------

fn is_json_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

#[derive(Debug)]
struct Spanned {
    val: JVal,
    span: Range<usize>,
}

#[derive(Debug)]
enum JVal {
    Null,
    Bool,
    /// `int` is set for literals without fraction or exponent that fit in `i128`.
    Num {
        int: Option<i128>,
    },
    Str {
        text: String,
        escaped: bool,
    },
    Arr(Vec<Spanned>),
    Obj(Vec<Member>),
}

impl JVal {
    fn type_name(&self) -> &'static str {
        match self {
            JVal::Null => "null",
            JVal::Bool => "a boolean",
            JVal::Num { int: Some(_) } => "an integer",
            JVal::Num { int: None } => "a non-integer number",
            JVal::Str { .. } => "a string",
            JVal::Arr(_) => "an array",
            JVal::Obj(_) => "an object",
        }
    }
}

#[derive(Debug)]
struct Member {
    key: String,
    key_span: Range<usize>,
    space_before_colon: Option<Range<usize>>,
    value: Spanned,
}

const MAX_DEPTH: usize = 128;

struct JsonParser<'a> {
    src: &'a [u8],
    pos: usize,
}

type JResult<T> = Result<T, (usize, String)>;

impl JsonParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn found(&self) -> String {
        match self
            .src
            .get(self.pos..)
            .and_then(|r| std::str::from_utf8(r).ok())
        {
            Some(rest) => match rest.chars().next() {
                Some(c) => format!("'{}'", c.escape_debug()),
                None => "end of line".to_owned(),
            },
            None => format!("byte 0x{:02x}", self.peek().unwrap_or(0)),
        }
    }

    fn fail<T>(&self, expected: &str) -> JResult<T> {
        Err((
            self.pos,
            format!("expected {expected}, found {}", self.found()),
        ))
    }

    fn value(&mut self, depth: usize) -> JResult<Spanned> {
        if depth > MAX_DEPTH {
            return Err((self.pos, format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        let start = self.pos;
        let val = match self.peek() {
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => {
                let (text, escaped) = self.string()?;
                JVal::Str { text, escaped }
            }
            Some(b't') => self.word("true", JVal::Bool)?,
            Some(b'f') => self.word("false", JVal::Bool)?,
            Some(b'n') => self.word("null", JVal::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number()?,
            _ => return self.fail("a json value"),
        };
        Ok(Spanned {
            val,
            span: start..self.pos,
        })
    }

    fn word(&mut self, w: &str, v: JVal) -> JResult<JVal> {
        if self
            .src
            .get(self.pos..)
            .is_some_and(|r| r.starts_with(w.as_bytes()))
        {
            self.pos += w.len();
            Ok(v)
        } else {
            self.fail("a json value")
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> JResult<JVal> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return self.fail("a digit"),
        }
        let mut integral = true;
        if self.peek() == Some(b'.') {
            integral = false;
            self.pos += 1;
            if self.digits() == 0 {
                return self.fail("a digit after '.'");
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            integral = false;
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return self.fail("a digit in the exponent");
            }
        }
        let int = if integral {
            self.src
                .get(start..self.pos)
                .and_then(|b| std::str::from_utf8(b).ok())
                .and_then(|s| s.parse::<i128>().ok())
        } else {
            None
        };
        if integral && int.is_none() {
            // Too large for i128: still an integer, but never a valid field value.
            return Ok(JVal::Num {
                int: Some(i128::MAX),
            });
        }
        Ok(JVal::Num { int })
    }

    fn hex4(&mut self) -> JResult<u32> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(b @ b'0'..=b'9') => b - b'0',
                Some(b @ b'a'..=b'f') => b - b'a' + 10,
                Some(b @ b'A'..=b'F') => b - b'A' + 10,
                _ => return self.fail("a hex digit"),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    /// A string; returns its text and whether it contained escape sequences.
    fn string(&mut self) -> JResult<(String, bool)> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        let mut escaped = false;
        loop {
            let run_start = self.pos;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.pos += 1;
            }
            if let Some(run) = self.src.get(run_start..self.pos) {
                match std::str::from_utf8(run) {
                    Ok(s) => out.push_str(s),
                    Err(_) => return Err((run_start, "invalid utf-8 in string".to_owned())),
                }
            }
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok((out, escaped));
                }
                Some(b'\\') => {
                    escaped = true;
                    self.pos += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi)
                                && self.src.get(self.pos..self.pos + 2) == Some(b"\\u")
                            {
                                let save = self.pos;
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                                } else {
                                    self.pos = save;
                                    0xFFFD
                                }
                            } else {
                                hi
                            };
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                            continue;
                        }
                        _ => return self.fail("an escape character"),
                    };
                    self.pos += 1;
                    out.push(c);
                }
                Some(_) => return self.fail("'\"' or a character other than a control character"),
                None => return self.fail("'\"' closing the string"),
            }
        }
    }

    fn array(&mut self, depth: usize) -> JResult<JVal> {
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(JVal::Arr(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(JVal::Arr(items));
                }
                _ => return self.fail("',' or ']'"),
            }
        }
    }

    fn object(&mut self, depth: usize) -> JResult<JVal> {
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(JVal::Obj(members));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some(b'"') {
                return self.fail("a key string");
            }
            let key_start = self.pos;
            let (key, _) = self.string()?;
            let key_span = key_start..self.pos;
            let ws_start = self.pos;
            self.skip_ws();
            let space_before_colon = (self.pos > ws_start).then_some(ws_start..self.pos);
            if self.peek() != Some(b':') {
                return self.fail("':'");
            }
            self.pos += 1;
            self.skip_ws();
            let value = self.value(depth + 1)?;
            members.push(Member {
                key,
                key_span,
                space_before_colon,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(JVal::Obj(members));
                }
                _ => return self.fail("',' or '}'"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Findings come sorted by where they start on every path, the early returns included.
    #[test]
    fn findings_are_sorted_on_every_path() {
        for line in [
            "{\"bridge_version\" :1} trailing",
            "[1] x",
            "{\"fen4\" : \"4d-fen v1: K@0,0,0,0\"} more",
        ] {
            let found = Ndjson4Validator::new().check_line(1, line);
            assert!(found.len() >= 2, "{line}: {found:?}");
            let starts: Vec<usize> = found.iter().map(|f| f.span.start).collect();
            let mut sorted = starts.clone();
            sorted.sort_unstable();
            assert_eq!(starts, sorted, "{line}");
        }
    }

    #[test]
    fn json_reader_agrees_with_serde_json_on_samples() {
        let samples = [
            "{}",
            "[]",
            "{\"a\":1}",
            "{\"a\" :1}",
            "[1,2,]",
            "{\"a\":}",
            "01",
            "-0",
            "1.",
            "1e5",
            "\"\\u00e9\"",
            "\"\\ud800\"",
            "\"a\u{1}\"",
            "[[[]]]",
            "tru",
            "nul",
            "{\"a\":1,}",
            "\"\\x\"",
            "-",
            "1.5e+3",
            "{\"a\":[1,{\"b\":null}]}",
        ];
        for s in samples {
            let mut p = JsonParser {
                src: s.as_bytes(),
                pos: 0,
            };
            let ours = p.value(0).is_ok() && p.pos == s.len();
            // serde_json rejects lone surrogates; we accept them like most readers.
            let theirs = serde_json::from_str::<serde_json::Value>(s).is_ok() || s == "\"\\ud800\"";
            assert_eq!(ours, theirs, "{s}");
        }
    }
}
