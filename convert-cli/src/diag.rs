//! Diagnostics: findings placed in a file, and how they are printed for people.

use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use fenkit_diagnostics::Severity;
use notation::records::{Problem, Record};

use crate::suppress::Suppression;
use notation::Fen4Reference;
use notation::code::Finding;

/// The lines a diagnostic points into.
#[derive(Debug, Clone)]
pub(crate) struct Source {
    /// The lines of the record that the span touches.
    pub(crate) text: String,
    /// The line number of the first of them.
    pub(crate) first_line: usize,
    /// The span, relative to `text`.
    pub(crate) span: Range<usize>,
}

/// The longest excerpt shown under a diagnostic. Longer lines (no DFEN is that long, but a FEN4
/// literal or a hostile line can be) get the `-->` location only: keeping and rendering a long
/// line once per finding costs time and memory in proportion to findings × line length.
const MAX_EXCERPT_BYTES: usize = 4096;

/// The lines of `text` (whose first line is `first_line`) that `span` touches, with the span
/// made relative to them; `None` when they are longer than [`MAX_EXCERPT_BYTES`].
fn excerpt(text: &str, first_line: usize, span: &Range<usize>) -> Option<Source> {
    let floor = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let start = floor(span.start);
    let end = floor(span.end).max(start);
    let from = text.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let to = text.get(end..)?.find('\n').map_or(text.len(), |i| end + i);
    if to - from > MAX_EXCERPT_BYTES {
        return None;
    }
    // The lines of a record that goes on over CRLF lines end in `\r`: that belongs to the line
    // end, not to the line, and would be drawn as a glyph. It is left out, and the span moved.
    let lines = text.get(from..to)?;
    let first_line = first_line + memchr::memchr_iter(b'\n', text.get(..from)?.as_bytes()).count();
    if memchr::memchr(b'\r', lines.as_bytes()).is_none() {
        return Some(Source {
            text: lines.to_owned(),
            first_line,
            span: start - from..end - from,
        });
    }
    let mut shown = String::with_capacity(lines.len());
    let (mut span_start, mut span_end) = (start - from, end - from);
    let bytes = lines.as_bytes();
    for (at, piece) in lines.char_indices() {
        let line_end = bytes.get(at + 1).is_none_or(|&next| next == b'\n');
        if piece == '\r' && line_end {
            span_start -= usize::from(at < start - from);
            span_end -= usize::from(at < end - from);
        } else {
            shown.push(piece);
        }
    }
    Some(Source {
        text: shown,
        first_line,
        span: span_start..span_end,
    })
}

/// A finding located in a file.
#[derive(Debug, Clone)]
pub(crate) struct Diagnostic {
    /// The file as named to the user.
    pub(crate) path: String,
    /// What was found.
    pub(crate) finding: Finding,
    /// 1-based line of the span's start.
    pub(crate) line: usize,
    /// 1-based column (in characters) of the span's start.
    pub(crate) column: usize,
    /// 1-based line of the span's end.
    pub(crate) end_line: usize,
    /// 1-based column just after the span's end.
    pub(crate) end_column: usize,
    /// Byte offsets of the span in the file.
    pub(crate) file_span: Range<u64>,
    /// The record text, for the snippet (absent when it is not text).
    pub(crate) source: Option<Source>,
    /// For a rejected FEN4 literal: where the reference parsers put the error.
    pub(crate) reference: Option<Fen4Reference>,
    /// Whether a marker in the file expects or ignores this finding.
    pub(crate) suppression: Option<Suppression>,
}

/// Line and column (both 1-based, the column in characters) of byte `at` in `text`.
pub(crate) fn line_col(text: &str, first_line: usize, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = first_line + memchr::memchr_iter(b'\n', before.as_bytes()).count();
    let line_start = memchr::memrchr(b'\n', before.as_bytes()).map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

impl Diagnostic {
    /// Places a finding about the text of a record whose first line is `first_line` and whose
    /// first byte is at `offset` in the file (spans are relative to `text`).
    pub(crate) fn in_text(
        path: &str,
        first_line: usize,
        offset: u64,
        text: &str,
        finding: Finding,
    ) -> Diagnostic {
        let file_span = offset + finding.span.start as u64..offset + finding.span.end as u64;
        let (line, column) = line_col(text, first_line, finding.span.start);
        // A span within one line ends on the line it starts on.
        let (end_line, end_column) = match text.get(finding.span.clone()) {
            Some(inside) if memchr::memchr(b'\n', inside.as_bytes()).is_none() => {
                (line, column + inside.chars().count())
            }
            _ => line_col(text, first_line, finding.span.end),
        };
        Diagnostic {
            path: path.to_owned(),
            line,
            column,
            end_line,
            end_column,
            file_span,
            source: excerpt(text, first_line, &finding.span),
            finding,
            reference: None,
            suppression: None,
        }
    }

    /// Places a finding about `record` (spans are relative to the record text).
    pub(crate) fn new(path: &str, record: &Record, finding: Finding) -> Diagnostic {
        let file_span =
            record.offset + finding.span.start as u64..record.offset + finding.span.end as u64;
        match record.text() {
            Some(text) => Diagnostic::in_text(path, record.line, record.offset, text, finding),
            None if matches!(record.problem, Some(Problem::InvalidUtf8 { .. })) => {
                // Show the line with the bad bytes replaced; the prefix up to the first bad
                // byte is unchanged, and that byte becomes U+FFFD (three bytes).
                let text = String::from_utf8_lossy(record.raw()).into_owned();
                let (line, column) = line_col(&text, record.line, finding.span.start);
                let mut finding = finding;
                finding.span = finding.span.start..finding.span.start + '\u{FFFD}'.len_utf8();
                Diagnostic {
                    path: path.to_owned(),
                    line,
                    column,
                    end_line: line,
                    end_column: column + 1,
                    file_span,
                    source: excerpt(&text, record.line, &finding.span),
                    finding,
                    reference: None,
                    suppression: None,
                }
            }
            None => {
                // Not text: count columns in bytes, which is all one can do.
                let before = &record.raw()[..finding.span.start.min(record.raw().len())];
                let line = record.line + before.iter().filter(|&&b| b == b'\n').count();
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let column = before.len() - line_start + 1;
                Diagnostic {
                    path: path.to_owned(),
                    line,
                    column,
                    end_line: line,
                    end_column: column + finding.span.len(),
                    file_span,
                    source: None,
                    finding,
                    reference: None,
                    suppression: None,
                }
            }
        }
    }

    /// This diagnostic as a marker in its file treats it.
    pub(crate) fn with_suppression(mut self, suppression: Option<Suppression>) -> Diagnostic {
        self.suppression = suppression;
        self
    }

    /// This diagnostic with the reference parsers' code and offset, for a rejected FEN4 literal.
    pub(crate) fn with_reference(mut self, reference: Option<Fen4Reference>) -> Diagnostic {
        self.reference = reference;
        self
    }

    /// [`Diagnostic::render`] without colours: the common case (one short ASCII line, no
    /// reference note) written directly, byte for byte as annotate-snippets writes it, and
    /// everything else by annotate-snippets. Rendering a snippet through annotate-snippets
    /// costs about 100,000 instructions, which made the report of a file with many findings
    /// (a real EPD suite) cost many times its parse.
    #[cfg(test)]
    pub(crate) fn render_plain(&self) -> String {
        let mut out = String::new();
        self.render_plain_into(&mut out);
        out
    }

    /// [`Diagnostic::render_plain`], appended to `out`.
    pub(crate) fn render_plain_into(&self, out: &mut String) {
        if !self.plain_into(out) {
            out.push_str(&self.render(&Renderer::plain()));
        }
    }

    /// Appends the report of [`Diagnostic::render_plain`] to `out` without annotate-snippets,
    /// when it is the simple case: a snippet of one line, at most [`PLAIN_MAX_LINE`] printable
    /// ASCII bytes with little indentation, and a title, path and help of one line each.
    /// Otherwise leaves `out` as it was and returns false.
    fn plain_into(&self, out: &mut String) -> bool {
        let (Some(source), Some(gutter)) = (self.source.as_ref(), self.plain_gutter()) else {
            return false;
        };
        if !plain_words(&self.finding) {
            return false;
        }
        out.reserve(
            160 + self.finding.message.len()
                + self.path.len()
                + 2 * source.text.len()
                + source.span.len(),
        );
        plain_head(&self.finding, out);
        self.write_body(source, out);
        plain_help(&self.finding, gutter, out);
        true
    }

    /// The width of the line numbers' column of the simple report [`Diagnostic::plain_into`]
    /// writes (the digits of the snippet's line number), when the snippet and path allow it;
    /// its message and help are not looked at.
    fn plain_gutter(&self) -> Option<usize> {
        let source = self.source.as_ref()?;
        let text = source.text.as_str();
        let simple = self.reference.is_none()
            && !text.is_empty()
            && text.len() <= PLAIN_MAX_LINE
            && printable_ascii(text)
            && !text.starts_with(PLAIN_MAX_INDENT)
            && source.span.start <= source.span.end
            && source.span.end <= text.len()
            && one_line(&self.path);
        simple.then(|| decimal_len(source.first_line))
    }

    /// The middle of the simple plain report, which the finding's message and help do not
    /// change: from the `-->` location to the carets under the span (no line end after
    /// them). Returns false, leaving `out` as it was, when the snippet or path are not the
    /// simple case.
    ///
    /// The tests hold [`SimpleRecord::body_into`] to it.
    #[cfg(test)]
    pub(crate) fn plain_body_into(&self, out: &mut String) -> bool {
        let (Some(source), Some(_)) = (self.source.as_ref(), self.plain_gutter()) else {
            return false;
        };
        self.write_body(source, out);
        true
    }

    /// Writes [`Diagnostic::plain_body_into`]'s part of the report, the snippet `source`
    /// being the simple case.
    fn write_body(&self, source: &Source, out: &mut String) {
        write_body(
            &self.path,
            (self.line, self.column),
            source.first_line,
            &source.text,
            source.span.clone(),
            out,
        );
    }

    /// Renders the rustc-style report: title, `-->` location, snippet with caret, help.
    pub(crate) fn render(&self, renderer: &Renderer) -> String {
        let level = match self.finding.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let title = level
            .primary_title(&*self.finding.message)
            .id(self.finding.code.as_str());
        let help = match (&self.finding.help, self.finding.fixable) {
            (Some(help), _) => Some(help.clone()),
            (None, true) => Some("`fenkit fmt` fixes this".into()),
            (None, false) => None,
        };
        let mut group = match &self.source {
            Some(source) => title.element(
                Snippet::source(source.text.as_str())
                    .line_start(source.first_line)
                    .path(self.path.as_str())
                    .annotation(AnnotationKind::Primary.span(source.span.clone())),
            ),
            None => title.element(
                annotate_snippets::Origin::path(self.path.as_str())
                    .line(self.line)
                    .char_column(self.column),
            ),
        };
        if let Some(help) = &help {
            group = group.element(Level::HELP.message(&**help));
        }
        if let Some(reference) = self.reference {
            group = group.element(Level::NOTE.message(fen4::reference_note(
                reference.code,
                usize::try_from(reference.offset).unwrap_or(usize::MAX),
            )));
        }
        let report: [Group<'_>; 1] = [group];
        renderer.render(&report)
    }
}

/// The middle of the simple plain report (see [`Diagnostic::plain_body_into`]): the `-->`
/// location of `path` at `place` (line, column), the snippet line `text` numbered `number`,
/// and the carets under `span`.
fn write_body(
    path: &str,
    place: (usize, usize),
    number: usize,
    text: &str,
    span: Range<usize>,
    out: &mut String,
) {
    // The line number is written twice (the place's line is nearly always the snippet's):
    // its digits are made once, and give the gutter's width.
    let mut digits = itoa::Buffer::new();
    let line = place.0;
    let same_line = line == number;
    let number = digits.format(number);
    let gutter = number.len();
    let carets = (span.end - span.start).max(1);
    repeat(out, ' ', gutter);
    out.push_str("--> ");
    out.push_str(path);
    out.push(':');
    if same_line {
        out.push_str(number);
    } else {
        fenkit_diagnostics::push_decimal(out, line);
    }
    out.push(':');
    fenkit_diagnostics::push_decimal(out, place.1);
    out.push('\n');
    repeat(out, ' ', gutter);
    out.push_str(" |\n");
    out.push_str(number);
    out.push_str(" | ");
    out.push_str(text);
    out.push('\n');
    repeat(out, ' ', gutter);
    out.push_str(" | ");
    repeat(out, ' ', span.start);
    repeat(out, '^', carets);
}

/// Whether every byte of `text` is printable ASCII or a space. It looks at every byte (no
/// early exit), which lets the compiler compare many at once: the lines it is asked about are
/// short, and nearly always pass.
fn printable_ascii(text: &str) -> bool {
    text.bytes()
        .fold(true, |ok, b| ok & (b.wrapping_sub(0x20) < 0x5f))
}

/// A record of one line of the file, on which the simple case of
/// [`Diagnostic::plain_gutter`] holds for every finding: `text` and `path` allow the simple
/// report, and `text` is one line (printable ASCII holds no line end). Then a byte is a column,
/// the snippet is `text` whole, and a finding's span is cut to `text`.
///
/// It is found once for all of the record's findings, which then ask only about their own
/// words.
#[derive(Clone, Copy)]
pub(crate) struct SimpleRecord<'a> {
    path: &'a str,
    text: &'a str,
}

impl<'a> SimpleRecord<'a> {
    /// `None` when `text` and `path` do not allow the simple report.
    pub(crate) fn of(path: &'a str, text: &'a str) -> Option<SimpleRecord<'a>> {
        let simple = !text.is_empty()
            && text.len() <= PLAIN_MAX_LINE
            && printable_ascii(text)
            && !text.starts_with(PLAIN_MAX_INDENT)
            && one_line(path);
        simple.then_some(SimpleRecord { path, text })
    }

    /// `span` cut to the record.
    fn clip(&self, span: &Range<usize>) -> Range<usize> {
        let start = span.start.min(self.text.len());
        start..span.end.min(self.text.len()).max(start)
    }

    /// [`plain_line_into`] of `finding` on this record, line `line`: `None`, `out` as it was,
    /// when the finding's title or help is not one line; else whether they hold only
    /// printable ASCII ([`printable_words`]).
    pub(crate) fn line_into(
        &self,
        line: usize,
        finding: &Finding,
        out: &mut String,
    ) -> Option<bool> {
        // Printable ASCII holds no line end: the common case is decided by the one look.
        let printable = printable_words(finding);
        if !printable && !plain_words(finding) {
            return None;
        }
        let span = self.clip(&finding.span);
        out.reserve(
            160 + finding.message.len() + self.path.len() + 2 * self.text.len() + span.len(),
        );
        plain_head(finding, out);
        self.body_into(line, &span, out);
        plain_help(finding, decimal_len(line), out);
        Some(printable)
    }

    /// [`plain_line_body_into`] at `span` of this record, line `line`.
    pub(crate) fn body_into(&self, line: usize, span: &Range<usize>, out: &mut String) {
        let span = self.clip(span);
        write_body(
            self.path,
            (line, span.start + 1),
            line,
            self.text,
            span,
            out,
        );
    }
}

/// The plain report of `finding` on the record `text` of one line, line `line` of `path`,
/// appended to `out` without placing a [`Diagnostic`] (which copies the path and the line):
/// byte for byte what `Diagnostic::in_text(path, line, _, text, finding)` renders with
/// [`Diagnostic::render_plain_into`], when that is the simple case. Otherwise returns false,
/// leaving `out` as it was. `check` renders the reports of a file's findings so, through
/// [`SimpleRecord`].
#[cfg(test)]
pub(crate) fn plain_line_into(
    path: &str,
    line: usize,
    text: &str,
    finding: &Finding,
    out: &mut String,
) -> bool {
    SimpleRecord::of(path, text)
        .and_then(|record| record.line_into(line, finding, out))
        .is_some()
}

/// [`Diagnostic::plain_body_into`] of a finding at `span` of the record `text` of one line,
/// line `line` of `path`, without placing a [`Diagnostic`]; false, `out` as it was, when that
/// is not the simple case.
#[cfg(test)]
pub(crate) fn plain_line_body_into(
    path: &str,
    line: usize,
    text: &str,
    span: &Range<usize>,
    out: &mut String,
) -> bool {
    let Some(record) = SimpleRecord::of(path, text) else {
        return false;
    };
    record.body_into(line, span, out);
    true
}

/// The simple plain report of a repeat of a unique value, first met on line `first`, whose
/// finding has `words` ([`notation::RepeatWords`]), around `body`, the middle that
/// [`SimpleRecord::body_into`] wrote at the value in its record, line `line`: byte for byte
/// [`SimpleRecord::line_into`] of that finding (without the blank line after a report). The
/// tests hold [`RepeatAround`], which the hand-on writes with, to it.
#[cfg(test)]
pub(crate) fn plain_repeat_around(
    words: &notation::RepeatWords<'_>,
    line: usize,
    first: usize,
    body: &str,
    out: &mut String,
) {
    let level = match words.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut digits = itoa::Buffer::new();
    let first = digits.format(first);
    let gutter = decimal_len(line);
    out.reserve(200 + body.len() + words.message[2].len());
    for piece in [level, "[", words.code.as_str(), "]: "] {
        out.push_str(piece);
    }
    for piece in words.message {
        out.push_str(piece);
    }
    for piece in [first, words.message_after, "\n", body, "\n"] {
        out.push_str(piece);
    }
    repeat(out, ' ', gutter);
    out.push_str(" |\n");
    repeat(out, ' ', gutter);
    for piece in [" = help: ", words.help, first, words.help_after] {
        out.push_str(piece);
    }
}

/// The middle of the simple plain report of a unique value's repeat, rendered before the line
/// it was first met on was known (`scan::Reports::end_repeat`); [`RepeatAround`] writes the
/// rest around it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RepeatReport<'a> {
    /// From the `-->` location to the carets under the value.
    pub(crate) body: &'a str,
    /// Whether it holds only printable ASCII and line feeds.
    pub(crate) printable: bool,
}

/// [`plain_repeat_around`] for one repeat after another: the pieces that stay the same from
/// one to the next (the title line up to the value, the help line up to the line first met
/// on) are joined once and kept, so that writing a report is a few copies.
#[derive(Debug, Default)]
pub(crate) struct RepeatAround {
    /// The code, the message's first two pieces, the help and the gutter the kept pieces were
    /// joined from.
    key: Option<(notation::code::Code, String, String, String, usize)>,
    /// The title line up to the message's third piece.
    head: String,
    /// From the line end after the carets to the help's line first met on.
    help: String,
}

impl RepeatAround {
    /// Appends what [`plain_repeat_around`] appends.
    pub(crate) fn write(
        &mut self,
        words: &notation::RepeatWords<'_>,
        line: usize,
        first: usize,
        body: &str,
        out: &mut String,
    ) {
        let gutter = decimal_len(line);
        let [one, two, three, four] = words.message;
        let same = self.key.as_ref().is_some_and(|(code, a, b, help, width)| {
            *code == words.code && a == one && b == two && help == words.help && *width == gutter
        });
        if !same {
            self.head.clear();
            let level = match words.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            for piece in [level, "[", words.code.as_str(), "]: ", one, two] {
                self.head.push_str(piece);
            }
            self.help.clear();
            self.help.push('\n');
            repeat(&mut self.help, ' ', gutter);
            self.help.push_str(" |\n");
            repeat(&mut self.help, ' ', gutter);
            self.help.push_str(" = help: ");
            self.help.push_str(words.help);
            self.key = Some((
                words.code,
                one.to_owned(),
                two.to_owned(),
                words.help.to_owned(),
                gutter,
            ));
        }
        let mut digits = itoa::Buffer::new();
        let first = digits.format(first);
        out.reserve(self.head.len() + self.help.len() + body.len() + 80);
        for piece in [
            self.head.as_str(),
            three,
            four,
            first,
            words.message_after,
            "\n",
            body,
            self.help.as_str(),
            first,
            words.help_after,
        ] {
            out.push_str(piece);
        }
    }
}

/// Whether `text` is one line.
fn one_line(text: &str) -> bool {
    memchr::memchr2(b'\n', b'\r', text.as_bytes()).is_none()
}

/// Whether the title and help of `finding` are one line each, as the simple plain report
/// needs.
fn plain_words(finding: &Finding) -> bool {
    one_line(&finding.message) && finding.help.as_deref().is_none_or(one_line)
}

/// Whether the title and help of `finding` hold only printable ASCII, so that its simple
/// plain report, written from a record and path that are printable ASCII too, holds nothing
/// but printable ASCII and line feeds (see `output::WritePrintable`).
pub(crate) fn printable_words(finding: &Finding) -> bool {
    printable_ascii(&finding.message) && finding.help.as_deref().is_none_or(printable_ascii)
}

/// Whether `path` is printable ASCII, as a report that is to be written unscanned needs.
pub(crate) fn printable_path(path: &str) -> bool {
    printable_ascii(path)
}

/// The title line of the simple plain report.
fn plain_head(finding: &Finding, out: &mut String) {
    let level = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    for piece in [
        level,
        "[",
        finding.code.as_str(),
        "]: ",
        &finding.message,
        "\n",
    ] {
        out.push_str(piece);
    }
}

/// The help of the simple plain report, after its carets, with a line numbers' column
/// `gutter` wide; nothing when there is no help.
fn plain_help(finding: &Finding, gutter: usize, out: &mut String) {
    let help = match (&finding.help, finding.fixable) {
        (Some(help), _) => &**help,
        (None, true) => "`fenkit fmt` fixes this",
        (None, false) => return,
    };
    out.push('\n');
    repeat(out, ' ', gutter);
    out.push_str(" |\n");
    repeat(out, ' ', gutter);
    out.push_str(" = help: ");
    out.push_str(help);
}

/// How many digits `n` has in decimal.
fn decimal_len(mut n: usize) -> usize {
    let mut len = 1;
    while n >= 10 {
        n /= 10;
        len += 1;
    }
    len
}

/// Appends `count` copies of the ASCII character `piece` (a space or a caret).
fn repeat(out: &mut String, piece: char, count: usize) {
    const SPACES: &str = "                                                                ";
    const CARETS: &str = "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^";
    let run = if piece == ' ' { SPACES } else { CARETS };
    let mut left = count;
    while left > 0 {
        let now = left.min(run.len());
        out.push_str(&run[..now]);
        left -= now;
    }
}

/// The longest snippet line [`Diagnostic::render_plain`] writes itself: with a gutter of up to
/// ten columns (a seven-digit line number), inside the 140 columns within which
/// annotate-snippets never shortens a line (`plain_reports_are_annotate_snippets_reports`
/// fails at 135).
const PLAIN_MAX_LINE: usize = 120;

/// Indentation at which annotate-snippets may start to cut a line's leading whitespace; a line
/// that starts so is left to it.
const PLAIN_MAX_INDENT: &str = "        ";

/// The renderer for human output: styled when colours are on (anstream strips them otherwise).
pub(crate) fn renderer(colored: bool) -> Renderer {
    if colored {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
}

#[cfg(test)]
mod tests {
    use super::{Diagnostic, PLAIN_MAX_LINE, excerpt, plain_line_body_into, plain_line_into};
    use annotate_snippets::Renderer;
    use notation::code::{FenkitCode, fenkit_error, fenkit_warning};

    /// The plain report written directly is annotate-snippets' own, byte for byte, over random
    /// lines (lengths up to past the direct writer's limit, spaces, indentation, trailing
    /// spaces, every
    /// printable byte and some that are not), spans (empty, one byte, the whole line, at its
    /// end), line numbers of one to seven digits, titles and helps; and the direct writer takes
    /// most of them.
    #[test]
    fn plain_reports_are_annotate_snippets_reports() {
        let mut rng = crate::rng::Rng::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |below: usize| rng.below(below);
        let alphabet: Vec<char> = (0x20u8..0x7f)
            .map(char::from)
            .chain([' ', ' ', ' '])
            .collect();
        let odd = ['\t', 'é', '\u{7f}', '\u{1b}', '字'];
        let mut direct = 0usize;
        let mut straight_from_record = 0usize;
        for case in 0..20_000 {
            let len = 1 + next(PLAIN_MAX_LINE + 40);
            let mut text: String = (0..len).map(|_| alphabet[next(alphabet.len())]).collect();
            if case % 5 == 0 {
                text.insert_str(0, &" ".repeat(next(30)));
            }
            if case % 10 == 1 {
                let mut at = next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.insert(at, odd[next(odd.len())]);
            }
            // Trailing spaces, which annotate-snippets keeps as they are, and lines of spaces
            // only.
            if case % 7 == 0 {
                text.push_str(&" ".repeat(next(12)));
            }
            if case % 97 == 5 {
                text = " ".repeat(1 + next(7));
            }
            let mut start = next(text.len() + 1);
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + next(12)).min(text.len());
            if case % 3 == 0 {
                end = start;
            }
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let message = format!("expected `{}`, found {}", next(1000), "x".repeat(next(30)));
            let mut finding = if case % 2 == 0 {
                fenkit_error(FenkitCode::BadJsonInput, start..end, message)
            } else {
                fenkit_warning(FenkitCode::BadJsonInput, start..end, message)
            };
            match case % 4 {
                0 => finding = finding.with_help(format!("write `{}`", next(99))),
                1 => finding.fixable = true,
                _ => {}
            }
            let line = [1, 9, 10, 99, 100, 12_345, 1_000_000][next(7)] + next(3);
            let path = ["a.epd", "dir/some file.fen", "-"][next(3)];
            // Spans past the line's end too, which the placing cuts.
            if case % 11 == 3 {
                finding.span = start..text.len() + next(3);
            }
            let mut straight = String::from("before");
            let from_record = plain_line_into(path, line, &text, &finding, &mut straight);
            let mut body = String::new();
            let body_from_record =
                plain_line_body_into(path, line, &text, &finding.span, &mut body);
            let diagnostic = Diagnostic::in_text(path, line, 0, &text, finding);
            let expected = diagnostic.render(&Renderer::plain());
            if diagnostic.plain_into(&mut String::new()) {
                direct += 1;
            }
            // Written from the record without placing it: the same report, in the same cases.
            assert_eq!(from_record, diagnostic.plain_into(&mut String::new()));
            if from_record {
                straight_from_record += 1;
                assert_eq!(straight, format!("before{expected}"), "{text:?}");
            } else {
                assert_eq!(straight, "before");
            }
            let mut placed_body = String::new();
            assert_eq!(
                body_from_record,
                diagnostic.plain_body_into(&mut placed_body)
            );
            assert_eq!(body, placed_body);
            assert_eq!(
                diagnostic.render_plain(),
                expected,
                "{text:?} {:?}",
                start..end
            );
        }
        assert!(direct > 8_000, "{direct} of 20,000 written directly");
        assert_eq!(straight_from_record, direct);
    }

    /// The `\r` of a CRLF line end inside a multi-line record is not part of the snippet, and
    /// the span still covers the same characters.
    #[test]
    fn crlf_inside_a_record_is_left_out_of_the_snippet() {
        let text = "4d-fen v1:\r\n  K@0,0,0,0\r\n  k@1,1,1,1";
        let k = text.find('K').unwrap();
        let source = excerpt(text, 7, &(k..text.len())).unwrap();
        assert_eq!(source.text, "  K@0,0,0,0\n  k@1,1,1,1");
        assert_eq!(source.first_line, 8);
        assert_eq!(&source.text[source.span.clone()], "K@0,0,0,0\n  k@1,1,1,1");
        // A span on one line: nothing to move.
        let source = excerpt(text, 7, &(k..k + 1)).unwrap();
        assert_eq!(source.text, "  K@0,0,0,0");
        assert_eq!(&source.text[source.span.clone()], "K");
        // A line end that is only `\n` is left as it is.
        let source = excerpt("a\nb", 1, &(0..3)).unwrap();
        assert_eq!(source.text, "a\nb");
        assert_eq!(source.span, 0..3);
    }
}
