//! Markers in position files: findings a repository expects or chooses to ignore.
//!
//! A comment line directly above a position (for FEN4, above the record) may carry a marker:
//!
//! ```text
//! # fenkit: expect[DFEN202]            the next position must give exactly these codes
//! # fenkit: ignore[DFEN107, DFEN210]   these findings of the next position are not reported
//! # fenkit: ignore-file[DFEN107]       in the leading comment block: for the whole file
//! ```
//!
//! Several markers may stand one above the other; they all apply to the position under them.
//! Expected and ignored findings are not failures: human and GitHub output leave them out,
//! machine output (JSON, SARIF) lists them as such, and the summary counts them. The markers
//! themselves are checked: an expected code that does not occur (`FENKIT030`), a code that does
//! not exist (`FENKIT031`), a marker with no position under it (`FENKIT032`) and a marker that
//! cannot be read (`FENKIT033`) are errors at the marker. `fmt` keeps marker lines, as it keeps
//! every comment.

use std::ops::Range;

use notation::code::{Code, FenkitCode, Finding, fenkit_error};

/// What the marker that covers a finding says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Suppression {
    /// An `expect` marker names it: the fixture is meant to produce it.
    Expected,
    /// An `ignore` or `ignore-file` marker names it.
    Ignored,
    /// The configuration's `per-file-ignores` names it for this file.
    Configured,
}

/// The three kinds of marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Directive {
    Expect,
    Ignore,
    IgnoreFile,
}

/// A marker read from a comment line, waiting for the position under it.
#[derive(Debug, Clone)]
struct Pending {
    directive: Directive,
    codes: Vec<Code>,
    /// The marker's record: its line, offset and text, to place errors about it.
    line: usize,
    offset: u64,
    text: String,
}

/// A problem with a marker: a finding on the marker's line.
#[derive(Debug, Clone)]
pub(crate) struct MarkerError {
    /// The marker line's number.
    pub(crate) line: usize,
    /// The marker line's byte offset in the file.
    pub(crate) offset: u64,
    /// The marker line's text.
    pub(crate) text: String,
    /// What is wrong, with a span into `text`.
    pub(crate) finding: Finding,
}

/// Whether a comment line is a marker (it may still be malformed).
/// A marker's comment starts with `#`, or in PGN with `;` or `{` (a brace comment on a line of
/// its own: `{ fenkit: expect[FENKIT051] }`).
pub(crate) fn is_marker(comment: &[u8]) -> bool {
    let comment = comment.trim_ascii_start();
    comment
        .strip_prefix(b"#")
        .or_else(|| comment.strip_prefix(b";"))
        .or_else(|| comment.strip_prefix(b"{"))
        .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"fenkit:"))
}

/// The markers of one file, read in file order.
#[derive(Debug, Default)]
pub(crate) struct Markers {
    /// Codes ignored in the whole file.
    file_ignores: Vec<Code>,
    /// Codes the configuration's `per-file-ignores` leaves unreported in this file.
    configured: Vec<Code>,
    /// Markers waiting for their position.
    pending: Vec<Pending>,
    /// Whether a position has been seen (`ignore-file` belongs before the first).
    past_leading_block: bool,
    /// Problems found, to be reported at the end of the file (or as they come).
    errors: Vec<MarkerError>,
}

impl Markers {
    /// The markers of a file whose configuration ignores `codes` in it.
    pub(crate) fn with_configured(codes: Vec<Code>) -> Markers {
        Markers {
            configured: codes,
            ..Markers::default()
        }
    }

    /// Reads a comment line: a marker is kept for the position under it; any other comment
    /// between a marker and its position leaves the marker without a position.
    pub(crate) fn comment(&mut self, line: usize, offset: u64, text: &str) {
        if !is_marker(text.as_bytes()) {
            self.orphan_pending();
            return;
        }
        match parse_marker(text) {
            Ok((directive, codes)) => {
                if directive == Directive::IgnoreFile {
                    if self.past_leading_block {
                        self.error(
                            line,
                            offset,
                            text,
                            FenkitCode::BadMarker,
                            0..text.trim_end().len(),
                            "`ignore-file` after the first position: expected it in the comment \
                             block at the top of the file, before any position"
                                .to_owned(),
                            Some("move it to the top of the file, or use `ignore[...]` above the position"),
                        );
                    } else {
                        self.file_ignores.extend(codes);
                    }
                    return;
                }
                self.pending.push(Pending {
                    directive,
                    codes,
                    line,
                    offset,
                    text: text.to_owned(),
                });
            }
            Err((code, span, message, help)) => {
                self.error(line, offset, text, code, span, message, help);
            }
        }
    }

    /// Reads a blank line: a marker above it has no position under it.
    pub(crate) fn blank(&mut self) {
        self.orphan_pending();
    }

    /// Whether a marker above the next position, a code ignored in the file or the
    /// configuration may cover one of its findings ([`Markers::position_if_any`] is `None`
    /// when not).
    pub(crate) fn may_cover(&self) -> bool {
        !(self.pending.is_empty() && self.file_ignores.is_empty() && self.configured.is_empty())
    }

    /// [`Markers::position`], or `None` when nothing can cover a finding of this position (no
    /// marker above it, no code ignored in the file or by the configuration): every
    /// finding is then uncovered, and no list of them is made (most files have no marker, and
    /// a suite can have a finding on every line).
    pub(crate) fn position_if_any(
        &mut self,
        findings: &[Finding],
    ) -> Option<Vec<Option<Suppression>>> {
        if !self.may_cover() {
            self.past_leading_block = true;
            return None;
        }
        Some(self.position(findings))
    }

    /// Applies the markers above a position to its findings: each finding gets the
    /// [`Suppression`] that covers it, if any (in the order of `findings`). An expected code
    /// that no finding has is an error at its marker.
    pub(crate) fn position(&mut self, findings: &[Finding]) -> Vec<Option<Suppression>> {
        self.past_leading_block = true;
        let pending = std::mem::take(&mut self.pending);
        let covered = findings
            .iter()
            .map(|finding| {
                let named = |directive: Directive| {
                    pending.iter().any(|marker| {
                        marker.directive == directive && marker.codes.contains(&finding.code)
                    })
                };
                if named(Directive::Expect) {
                    Some(Suppression::Expected)
                } else if named(Directive::Ignore) || self.file_ignores.contains(&finding.code) {
                    Some(Suppression::Ignored)
                } else if self.configured.contains(&finding.code) {
                    Some(Suppression::Configured)
                } else {
                    None
                }
            })
            .collect();
        for marker in pending.iter().filter(|m| m.directive == Directive::Expect) {
            let missing: Vec<&Code> = marker
                .codes
                .iter()
                .filter(|code| !findings.iter().any(|finding| finding.code == **code))
                .collect();
            if missing.is_empty() {
                continue;
            }
            let found: Vec<&str> = findings.iter().map(|f| f.code.as_str()).collect();
            let message = format!(
                "expected {} under this marker, found {}",
                list(missing.iter().map(|code| code.as_str())),
                if found.is_empty() {
                    "no finding".to_owned()
                } else {
                    list(found.into_iter())
                }
            );
            let text = marker.text.clone();
            self.error(
                marker.line,
                marker.offset,
                &text,
                FenkitCode::ExpectedNotFound,
                0..text.trim_end().len(),
                message,
                Some(
                    "the fixture no longer fails the way it claims: fix the position or the marker",
                ),
            );
        }
        covered
    }

    /// What covers a finding out of any marker's reach (a PGN game's movetext that no marker
    /// stands above): `ignore-file` and the configuration's `per-file-ignores`. Markers waiting
    /// for their position are left waiting.
    pub(crate) fn unmarked(&self, code: Code) -> Option<Suppression> {
        if self.file_ignores.contains(&code) {
            Some(Suppression::Ignored)
        } else if self.configured.contains(&code) {
            Some(Suppression::Configured)
        } else {
            None
        }
    }

    /// Ends the file: a marker still waiting has no position under it.
    pub(crate) fn end(&mut self) {
        self.orphan_pending();
    }

    /// Whether [`Markers::take_errors`] has any to give.
    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.is_empty()
    }

    /// The problems found so far, taken out.
    pub(crate) fn take_errors(&mut self) -> Vec<MarkerError> {
        std::mem::take(&mut self.errors)
    }

    fn orphan_pending(&mut self) {
        for marker in std::mem::take(&mut self.pending) {
            self.error(
                marker.line,
                marker.offset,
                &marker.text,
                FenkitCode::MarkerWithoutPosition,
                0..marker.text.trim_end().len(),
                "marker with no position under it: expected a position on the next line".to_owned(),
                Some("a marker applies to the position directly below it (other markers may stand between)"),
            );
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn error(
        &mut self,
        line: usize,
        offset: u64,
        text: &str,
        code: FenkitCode,
        span: Range<usize>,
        message: String,
        help: Option<&'static str>,
    ) {
        let mut finding = fenkit_error(code, span, message);
        finding.help = help.map(Into::into);
        self.errors.push(MarkerError {
            line,
            offset,
            text: text.to_owned(),
            finding,
        });
    }
}

/// `A`, `A and B`, `A, B and C`, each in backquotes.
fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.map(|item| format!("`{item}`")).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a malformed marker gets: code, span, message, help.
type Malformed = (FenkitCode, Range<usize>, String, Option<&'static str>);

/// Reads a marker line: `# fenkit: DIRECTIVE[CODE, CODE]`.
fn parse_marker(text: &str) -> Result<(Directive, Vec<Code>), Malformed> {
    let leader = text.find(['#', ';', '{']);
    // A brace comment's marker ends before its `}`.
    let content_end = match leader.and_then(|at| text.as_bytes().get(at)) {
        Some(b'{') => text
            .trim_end()
            .strip_suffix('}')
            .map_or(text.trim_end().len(), |inner| inner.trim_end().len()),
        _ => text.trim_end().len(),
    };
    let whole = 0..content_end;
    let after_hash = leader.map_or(0, |at| at + 1);
    let rest = text.get(after_hash..content_end).unwrap_or_default();
    let rest_start = after_hash + (rest.len() - rest.trim_start().len());
    let rest = rest.trim_start();
    let body = rest.strip_prefix("fenkit:").unwrap_or(rest);
    let body_start = rest_start + (rest.len() - body.len());
    let directive_start = body_start + (body.len() - body.trim_start().len());
    let body = body.trim_start();
    let malformed = |span: Range<usize>, found: &str| -> Malformed {
        (
            FenkitCode::BadMarker,
            span,
            format!(
                "unreadable marker: expected `expect[CODE, ...]`, `ignore[CODE, ...]` or \
                 `ignore-file[CODE, ...]` after `fenkit:`, found {found}"
            ),
            Some("write, for example, `# fenkit: expect[DFEN202]`"),
        )
    };
    let Some(open) = body.find('[') else {
        return Err(malformed(whole, &format!("`{body}`")));
    };
    let name = body.get(..open).unwrap_or_default().trim_end();
    let directive = match name {
        "expect" => Directive::Expect,
        "ignore" => Directive::Ignore,
        "ignore-file" => Directive::IgnoreFile,
        _ => {
            let span = directive_start..directive_start + name.len().max(1);
            return Err(malformed(span, &format!("`{name}`")));
        }
    };
    let inner_start = directive_start + open + 1;
    let after_open = body.get(open + 1..).unwrap_or_default();
    let Some(close) = after_open.find(']') else {
        return Err(malformed(whole, "no closing `]`"));
    };
    if !after_open
        .get(close + 1..)
        .unwrap_or_default()
        .trim()
        .is_empty()
    {
        let span = inner_start + close + 1..content_end;
        return Err(malformed(span, "text after the closing `]`"));
    }
    let mut codes = Vec::new();
    let mut at = inner_start;
    for item in after_open.get(..close).unwrap_or_default().split(',') {
        let name = item.trim();
        let start = at + (item.len() - item.trim_start().len());
        at += item.len() + 1;
        if name.is_empty() {
            continue;
        }
        match name.parse::<Code>() {
            Ok(code) => codes.push(code),
            Err(error) => {
                return Err((
                    FenkitCode::UnknownMarkerCode,
                    start..start + name.len(),
                    error.to_string(),
                    Some("the codes are listed in spec/codes.md"),
                ));
            }
        }
    }
    if codes.is_empty() {
        return Err(malformed(whole, "no code between `[` and `]`"));
    }
    Ok((directive, codes))
}

#[cfg(test)]
mod tests {
    use fenkit_diagnostics::Severity;

    use super::*;

    fn dfen(code: dfen::Code) -> Finding {
        Finding::new(Code::Dfen(code), Severity::Error, 0..1, "x")
    }

    #[test]
    fn markers_are_read_with_their_codes() {
        let (directive, codes) = parse_marker("# fenkit: ignore[DFEN107, dfen210]").unwrap();
        assert_eq!(directive, Directive::Ignore);
        assert_eq!(
            codes,
            [
                Code::Dfen(dfen::Code::MissingDiceField),
                Code::Dfen(dfen::Code::MissingKing)
            ]
        );
        let (directive, _) = parse_marker("#fenkit:ignore-file[FEN4201]").unwrap();
        assert_eq!(directive, Directive::IgnoreFile);
        let (_, codes) = parse_marker("# fenkit: expect[FENKIT005]").unwrap();
        assert_eq!(codes, [Code::Fenkit(FenkitCode::SeventhField)]);
    }

    #[test]
    fn malformed_markers_say_where() {
        let text = "# fenkit: expekt[DFEN202]";
        let (code, span, message, _) = parse_marker(text).unwrap_err();
        assert_eq!(code, FenkitCode::BadMarker);
        assert_eq!(&text[span], "expekt");
        assert!(message.contains("found `expekt`"), "{message}");
        let text = "# fenkit: expect[DFEN202, DFEN999]";
        let (code, span, message, _) = parse_marker(text).unwrap_err();
        assert_eq!(code, FenkitCode::UnknownMarkerCode);
        assert_eq!(&text[span], "DFEN999");
        assert!(message.contains("unknown code `DFEN999`"), "{message}");
        for text in [
            "# fenkit: expect[]",
            "# fenkit: expect[DFEN202",
            "# fenkit: expect[DFEN202] x",
        ] {
            assert_eq!(
                parse_marker(text).unwrap_err().0,
                FenkitCode::BadMarker,
                "{text}"
            );
        }
    }

    #[test]
    fn an_expected_code_that_does_not_occur_is_an_error_at_its_marker() {
        let mut markers = Markers::default();
        markers.comment(3, 40, "# fenkit: expect[DFEN202, DFEN210]");
        let covered = markers.position(&[dfen(dfen::Code::TooManyKings)]);
        assert_eq!(covered, [Some(Suppression::Expected)]);
        let errors = markers.take_errors();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line, 3);
        assert_eq!(
            errors[0].finding.code,
            Code::Fenkit(FenkitCode::ExpectedNotFound)
        );
        assert_eq!(
            errors[0].finding.message,
            "expected `DFEN210` under this marker, found `DFEN202`"
        );
    }

    #[test]
    fn markers_apply_to_the_next_position_only() {
        let mut markers = Markers::default();
        markers.comment(1, 0, "# fenkit: ignore-file[DFEN107]");
        markers.comment(2, 10, "# fenkit: ignore[DFEN202]");
        markers.comment(3, 20, "# fenkit: expect[DFEN201]");
        let findings = [
            dfen(dfen::Code::PawnOnBackRank),
            dfen(dfen::Code::TooManyKings),
            dfen(dfen::Code::MissingDiceField),
            dfen(dfen::Code::MissingKing),
        ];
        assert_eq!(
            markers.position(&findings),
            [
                Some(Suppression::Expected),
                Some(Suppression::Ignored),
                Some(Suppression::Ignored),
                None
            ]
        );
        // The next position: only the file's ignores hold.
        assert_eq!(
            markers.position(&findings[1..3]),
            [None, Some(Suppression::Ignored)]
        );
        assert!(markers.take_errors().is_empty());
    }

    #[test]
    fn a_marker_without_a_position_under_it_is_an_error() {
        for gap in ["blank", "comment", "end"] {
            let mut markers = Markers::default();
            markers.comment(4, 0, "# fenkit: expect[DFEN202]");
            match gap {
                "blank" => markers.blank(),
                "comment" => markers.comment(5, 30, "# a note"),
                _ => markers.end(),
            }
            let errors = markers.take_errors();
            assert_eq!(errors.len(), 1, "{gap}");
            assert_eq!(
                errors[0].finding.code,
                Code::Fenkit(FenkitCode::MarkerWithoutPosition)
            );
        }
        let mut markers = Markers::default();
        markers.position(&[]);
        markers.comment(9, 0, "# fenkit: ignore-file[DFEN107]");
        assert_eq!(
            markers.take_errors()[0].finding.code,
            Code::Fenkit(FenkitCode::BadMarker),
            "ignore-file after the first position"
        );
    }
}
