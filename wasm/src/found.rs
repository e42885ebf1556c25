//! Findings and errors as the JavaScript API hands them over: JSON objects whose spans are
//! offsets into the text as JavaScript holds it.

use std::borrow::Cow;
use std::ops::Range;

use fenkit_diagnostics::{Code, Finding, Severity};
use serde::Serialize;

fenkit_diagnostics::codes! {
    /// The command line's codes that the package reports too, with the same meaning
    /// (`spec/codes.md`): text that is not text, and what six-field FEN cannot hold.
    pub(crate) enum InputCode {
        /// Bytes that are not UTF-8, or a string with a lone surrogate.
        InvalidUtf8 = "FENKIT001", Input, "invalid UTF-8";
        /// A position that six-field FEN cannot hold (dice, several en-passant squares).
        NotSixFields = "FENKIT003", Conversion, "position does not fit six-field FEN";
        /// A six-field FEN written with a seventh field, which `fmt` drops.
        SeventhField = "FENKIT005", NonCanonical, "seventh field in a six-field FEN";
        /// Input that is not the JSON form it should be.
        BadJsonInput = "FENKIT010", Conversion, "input is not the expected JSON form";
        /// A conversion between notations of different families (DFEN and FEN4).
        CrossFamily = "FENKIT011", Conversion, "no conversion between these notations";
    }
}

/// The text a call reads, and how its offsets are counted: in UTF-16 code units for a string
/// (what `String.prototype.slice` and an editor's cursor count), in bytes for a `Uint8Array`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Source<'a> {
    text: &'a str,
    bytes: bool,
}

impl<'a> Source<'a> {
    pub(crate) fn new(text: &'a str, bytes: bool) -> Source<'a> {
        Source { text, bytes }
    }

    /// A byte range of the UTF-8 text as offsets of the caller's text. Offsets inside a
    /// character widen the span to the whole character.
    pub(crate) fn span(&self, range: &Range<usize>) -> [usize; 2] {
        if self.bytes || self.text.is_ascii() {
            return [range.start, range.end];
        }
        [
            utf16_offset(self.text, range.start, false),
            utf16_offset(self.text, range.end, true),
        ]
    }
}

/// The UTF-16 offset of byte `byte` of `text`. A byte inside a character counts from the
/// character's start, or with `round_up` from its end; past the end is the end.
pub(crate) fn utf16_offset(text: &str, byte: usize, round_up: bool) -> usize {
    let mut units = 0;
    for (start, ch) in text.char_indices() {
        if start >= byte {
            return units;
        }
        let end = start + ch.len_utf8();
        if end > byte {
            return if round_up {
                units + ch.len_utf16()
            } else {
                units
            };
        }
        units += ch.len_utf16();
    }
    units
}

/// One finding of any table: what the API's `Finding` objects hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) code: &'static str,
    pub(crate) category: &'static str,
    pub(crate) severity: Severity,
    pub(crate) span: Range<usize>,
    pub(crate) message: Cow<'static, str>,
    pub(crate) help: Option<Cow<'static, str>>,
    pub(crate) fixable: bool,
}

impl Found {
    /// A library's finding.
    pub(crate) fn of<C: Code>(finding: Finding<C>) -> Found {
        Found {
            code: finding.code.as_str(),
            category: finding.code.category().as_str(),
            severity: finding.severity,
            span: finding.span,
            message: finding.message,
            help: finding.help,
            fixable: finding.fixable,
        }
    }

    /// Every finding of a library, in its order.
    pub(crate) fn all<C: Code>(findings: Vec<Finding<C>>) -> Vec<Found> {
        findings.into_iter().map(Found::of).collect()
    }

    /// An error of the package's own table.
    pub(crate) fn input(code: InputCode, span: Range<usize>, message: String) -> Found {
        Found::of(Finding::new(code, Severity::Error, span, message))
    }

    /// `FENKIT001` for bytes that are not UTF-8 from `at` on, as the command line words it.
    pub(crate) fn invalid_utf8(bytes: &[u8], at: usize) -> Found {
        let byte = bytes.get(at).copied().unwrap_or_default();
        Found::input(
            InputCode::InvalidUtf8,
            at..at + 1,
            format!("invalid UTF-8 at byte offset {at}: expected text, found byte 0x{byte:02x}"),
        )
    }

    pub(crate) fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The API's `Finding` object.
    pub(crate) fn out(&self, source: Source<'_>) -> FindingOut<'_> {
        FindingOut {
            code: self.code,
            category: self.category,
            severity: self.severity.as_str(),
            span: source.span(&self.span),
            message: &self.message,
            help: self.help.as_deref(),
            fixable: self.fixable,
        }
    }
}

/// A `Finding` object as JSON.
#[derive(Serialize)]
pub(crate) struct FindingOut<'a> {
    code: &'static str,
    category: &'static str,
    severity: &'static str,
    span: [usize; 2],
    message: &'a str,
    help: Option<&'a str>,
    fixable: bool,
}

/// Every finding of a list as `Finding` objects.
pub(crate) fn findings_out<'a>(findings: &'a [Found], source: Source<'_>) -> Vec<FindingOut<'a>> {
    findings.iter().map(|found| found.out(source)).collect()
}

/// Findings with `fixable` as `fenkit fmt` acts (and `fenkit check` reports it): a position
/// with an error that no fix repairs is left as written, so then nothing of it is fixable.
pub(crate) fn fixable_as_formatted(mut findings: Vec<Found>) -> Vec<Found> {
    if findings.iter().any(|f| f.is_error() && !f.fixable) {
        for finding in &mut findings {
            finding.fixable = false;
        }
    }
    findings
}

/// What the API throws as a `FenkitError`: the kind of failure, the finding that says it,
/// and what some kinds add. Boxed, so that a `Result` with it stays small.
#[derive(Debug, Clone)]
pub(crate) struct Failure(Box<Details>);

impl std::ops::Deref for Failure {
    type Target = Details;

    fn deref(&self) -> &Details {
        &self.0
    }
}

impl std::ops::DerefMut for Failure {
    fn deref_mut(&mut self) -> &mut Details {
        &mut self.0
    }
}

/// The fields of a [`Failure`].
#[derive(Debug, Clone)]
pub(crate) struct Details {
    /// `syntax`, `position`, `rules` or `conversion`.
    pub(crate) kind: &'static str,
    pub(crate) found: Found,
    pub(crate) expected: String,
    pub(crate) found_text: String,
    /// FEN4: the reference parsers' code and character offset.
    pub(crate) reference: Option<(i32, usize)>,
    /// Rules: the legal moves, for an illegal one.
    pub(crate) legal_moves: Vec<String>,
    /// Conversions: what a lossy conversion would drop.
    pub(crate) dropped: Vec<String>,
    /// PGN games converted: what the command line writes all the same.
    pub(crate) written: Option<String>,
    /// Where the spans point: `Some` when not into the text read (a move's own text).
    pub(crate) other_text: Option<String>,
}

impl Failure {
    pub(crate) fn new(kind: &'static str, found: Found) -> Failure {
        Failure(Box::new(Details {
            kind,
            found,
            expected: String::new(),
            found_text: String::new(),
            reference: None,
            legal_moves: Vec::new(),
            dropped: Vec::new(),
            written: None,
            other_text: None,
        }))
    }

    /// A DFEN or variant syntax error.
    pub(crate) fn dfen(error: &dfen::ParseError) -> Failure {
        let mut failure = Failure::new("syntax", Found::of(error.to_finding()));
        failure.expected = error.expected().to_owned();
        failure.found_text = error.found().to_owned();
        failure
    }

    /// A FEN4 syntax error, with the reference parsers' code and offset.
    pub(crate) fn fen4(error: &fen4::ParseError) -> Failure {
        let mut failure = Failure::new("syntax", Found::of(error.to_finding()));
        failure.expected = error.expected().to_owned();
        failure.found_text = error.found().to_owned();
        failure.reference = Some((error.ref_code(), error.offset()));
        failure
    }

    /// A finding that rejects the position (an error-severity finding of an accepted parse).
    pub(crate) fn rejecting(found: Found) -> Failure {
        let kind = if found.category == "syntax" {
            "syntax"
        } else if found.category == "conversion" {
            "conversion"
        } else {
            "position"
        };
        Failure::new(kind, found)
    }

    /// A refusal of the rules engine; its span points into `about` (the move, the dice) when
    /// given, else into the position text.
    pub(crate) fn rules(error: &dfen::rules::RulesError, about: Option<&str>) -> Failure {
        let found = Found {
            code: error.code().as_str(),
            category: "rule",
            severity: Severity::Error,
            span: error.span(),
            message: Cow::Owned(error.to_string()),
            help: None,
            fixable: false,
        };
        let mut failure = Failure::new("rules", found);
        failure.expected = error.expected().to_owned();
        failure.found_text = error.found().to_owned();
        failure.legal_moves = error.legal_moves().iter().map(|m| m.to_string()).collect();
        failure.other_text = about.map(str::to_owned);
        failure
    }

    /// The `FenkitError` fields, spans counted in `source` (or in the text the failure is
    /// about, for a move).
    pub(crate) fn out(&self, source: Source<'_>) -> FailureOut<'_> {
        let span = match &self.other_text {
            Some(other) => Source::new(other, false).span(&self.found.span),
            None => source.span(&self.found.span),
        };
        FailureOut {
            kind: self.kind,
            code: self.found.code,
            category: self.found.category,
            span,
            message: &self.found.message,
            help: self.found.help.as_deref(),
            expected: &self.expected,
            found: &self.found_text,
            ref_code: self.reference.map(|(code, _)| code),
            offset: self.reference.map(|(_, offset)| offset),
            legal_moves: &self.legal_moves,
            dropped: &self.dropped,
            written: self.written.as_deref(),
        }
    }
}

/// A `FenkitError`'s fields as JSON.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FailureOut<'a> {
    kind: &'static str,
    code: &'static str,
    category: &'static str,
    span: [usize; 2],
    message: &'a str,
    help: Option<&'a str>,
    expected: &'a str,
    found: &'a str,
    ref_code: Option<i32>,
    offset: Option<usize>,
    legal_moves: &'a [String],
    dropped: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    written: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_offsets_count_code_units() {
        // `é` is 2 bytes and 1 unit, `𝄞` 4 bytes and 2 units.
        let text = "aé𝄞b";
        assert_eq!(utf16_offset(text, 0, false), 0);
        assert_eq!(utf16_offset(text, 1, false), 1);
        assert_eq!(utf16_offset(text, 3, false), 2);
        assert_eq!(utf16_offset(text, 7, false), 4);
        assert_eq!(utf16_offset(text, 8, false), 5);
        assert_eq!(utf16_offset(text, 99, false), 5);
        // Inside `𝄞`: its start, or its end when rounding up.
        assert_eq!(utf16_offset(text, 4, false), 2);
        assert_eq!(utf16_offset(text, 4, true), 4);
    }

    #[test]
    fn spans_of_bytes_stay_bytes() {
        let text = "é x";
        assert_eq!(Source::new(text, false).span(&(3..4)), [2, 3]);
        assert_eq!(Source::new(text, true).span(&(3..4)), [3, 4]);
    }

    #[test]
    fn an_unfixable_error_makes_nothing_fixable() {
        let parsed = dfen::Parser::new()
            .parse("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")
            .unwrap_or_else(|error| panic!("{error}"));
        let raw = Found::all(parsed.findings);
        assert!(raw.iter().any(|f| f.fixable));
        assert!(fixable_as_formatted(raw).iter().all(|f| !f.fixable));
    }
}
