//! Output formats for diagnostics: human (rustc style), JSON, JSON lines, GitHub workflow
//! annotations and SARIF 2.1.0.

use std::io::{self, Write};

use serde_json::{Value, json};

use crate::diag::{Diagnostic, renderer};
use crate::input::InputError;
use crate::suppress::Suppression;
use fenkit_diagnostics::Severity;
use notation::code::Code;

/// How `check` prints its findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum OutputFormat {
    /// rustc-style reports with the source line and a caret
    #[default]
    Human,
    /// one JSON document with every diagnostic and the summary
    Json,
    /// one JSON object per diagnostic, one per line
    JsonLines,
    /// GitHub Actions workflow commands (`::error file=…`)
    Github,
    /// SARIF 2.1.0, for code scanning
    Sarif,
}

/// Counts for the summary line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Files read (stdin counts as one).
    pub(crate) files: usize,
    /// Positions read (blank and comment lines excluded).
    pub(crate) positions: usize,
    /// Findings with error severity.
    pub(crate) errors: usize,
    /// Findings with warning severity.
    pub(crate) warnings: usize,
    /// Findings `fmt` can fix.
    pub(crate) fixable: usize,
    /// Files that could not be read.
    pub(crate) unreadable: usize,
    /// Findings an `expect` marker names: not failures.
    pub(crate) expected: usize,
    /// Findings an `ignore` or `ignore-file` marker names: not reported.
    pub(crate) ignored: usize,
    /// Findings the configuration's `per-file-ignores` names: not reported.
    pub(crate) configured: usize,
    /// Warnings in files whose configuration or flags make warnings fail (`deny`).
    pub(crate) denied: usize,
    /// DFEN positions with findings that the reference engine's dialect reads cleanly (counted
    /// per file, for [`Summary::engine_hint`]; not added up across files).
    pub(crate) engine_explained: usize,
    /// DFEN positions with findings, read under another profile than the engine's.
    pub(crate) with_findings: usize,
}

impl Summary {
    /// Counts one diagnostic.
    pub(crate) fn count(&mut self, diagnostic: &Diagnostic) {
        self.count_finding(&diagnostic.finding, diagnostic.suppression);
    }

    /// Counts one finding, as a marker in its file treats it.
    pub(crate) fn count_finding(
        &mut self,
        finding: &notation::code::Finding,
        suppression: Option<Suppression>,
    ) {
        match suppression {
            Some(Suppression::Expected) => return self.expected += 1,
            Some(Suppression::Ignored) => return self.ignored += 1,
            Some(Suppression::Configured) => return self.configured += 1,
            None => {}
        }
        self.count_found(finding.severity, finding.fixable);
    }

    /// Counts a finding that no marker suppresses, of `severity`, `fixable` or not.
    pub(crate) fn count_found(&mut self, severity: Severity, fixable: bool) {
        match severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        if fixable {
            self.fixable += 1;
        }
    }

    /// Adds another summary's counts.
    pub(crate) fn add(&mut self, other: &Summary) {
        self.files += other.files;
        self.positions += other.positions;
        self.errors += other.errors;
        self.warnings += other.warnings;
        self.fixable += other.fixable;
        self.unreadable += other.unreadable;
        self.expected += other.expected;
        self.ignored += other.ignored;
        self.configured += other.configured;
        self.denied += other.denied;
    }

    /// For one file: whether enough of its positions fail only in the ways the reference
    /// engine's dialect explains that `--profile engine` is worth suggesting (at least three,
    /// and at least half of the positions with findings).
    pub(crate) fn engine_hint(&self, path: &str) -> Option<String> {
        (self.engine_explained >= 3 && self.engine_explained * 2 >= self.with_findings).then(|| {
            format!(
                "{} of `{path}` read without an error in the reference engine's dialect: if the \
                 file is written in it, check it with `--profile engine` (or set `profile = \
                 \"engine\"` in fenkit.toml)",
                plural(self.engine_explained, "position", "positions")
            )
        })
    }

    /// The one-line summary, e.g. `checked 3 files, 12 positions: 1 error, 2 warnings (2 fixable
    /// with `fenkit fmt`)`.
    pub(crate) fn line(&self) -> String {
        let mut text = format!(
            "checked {}, {}",
            plural(self.files, "file", "files"),
            plural(self.positions, "position", "positions")
        );
        if self.errors == 0 && self.warnings == 0 {
            text.push_str(": no findings");
        } else {
            text.push_str(&format!(
                ": {}, {}",
                plural(self.errors, "error", "errors"),
                plural(self.warnings, "warning", "warnings")
            ));
            if self.fixable > 0 {
                text.push_str(&format!(" ({} fixable with `fenkit fmt`)", self.fixable));
            }
        }
        let marked: Vec<String> = [(self.expected, "expected"), (self.ignored, "ignored")]
            .into_iter()
            .filter(|&(count, _)| count > 0)
            .map(|(count, what)| format!("{count} {what}"))
            .collect();
        if !marked.is_empty() {
            text.push_str(&format!("; {} by markers", marked.join(", ")));
        }
        if self.configured > 0 {
            text.push_str(&format!("; {} ignored by configuration", self.configured));
        }
        if self.unreadable > 0 {
            text.push_str(&format!(
                "; {} could not be read",
                plural(self.unreadable, "file", "files")
            ));
        }
        text
    }

    fn to_json(self) -> Value {
        json!({
            "files": self.files,
            "positions": self.positions,
            "errors": self.errors,
            "warnings": self.warnings,
            "fixable": self.fixable,
            "unreadable": self.unreadable,
            "expected": self.expected,
            "ignored": self.ignored,
            "configured": self.configured,
        })
    }
}

/// A finding as the JSON answers of `parse --batch` and `moves` write it: any library's
/// finding, or the command line's, in the same keys.
#[derive(serde::Serialize)]
pub(crate) struct FindingJson<'a> {
    code: &'static str,
    severity: Severity,
    message: &'a str,
    span: [usize; 2],
    fixable: bool,
}

impl<'a, C: Copy + Into<Code>> From<&'a fenkit_diagnostics::Finding<C>> for FindingJson<'a> {
    fn from(finding: &'a fenkit_diagnostics::Finding<C>) -> Self {
        FindingJson {
            code: finding.code.into().as_str(),
            severity: finding.severity,
            message: &finding.message,
            span: [finding.span.start, finding.span.end],
            fixable: finding.fixable,
        }
    }
}

/// `1 file`, `2 files`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// One diagnostic as a JSON object (the `json` and `json-lines` formats).
pub(crate) fn diagnostic_json(diagnostic: &Diagnostic) -> Value {
    let finding = &diagnostic.finding;
    let mut value = json!({
        "path": diagnostic.path,
        "code": finding.code,
        "severity": finding.severity,
        "message": finding.message,
        "help": finding.help,
        "fixable": finding.fixable,
        "line": diagnostic.line,
        "column": diagnostic.column,
        "end_line": diagnostic.end_line,
        "end_column": diagnostic.end_column,
        "offset": diagnostic.file_span.start,
        "end_offset": diagnostic.file_span.end,
    });
    if let Some(object) = value.as_object_mut() {
        if let Some(reference) = diagnostic.reference {
            object.insert("ref_code".to_owned(), json!(reference.code));
            object.insert("ref_offset".to_owned(), json!(reference.offset));
        }
        if let Some(suppression) = diagnostic.suppression {
            object.insert("suppression".to_owned(), json!(suppression));
        }
    }
    value
}

/// Escapes the message part of a GitHub workflow command.
fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value of a GitHub workflow command.
fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// Appends the report of one diagnostic that no marker suppresses to `out`, as [`Emitter`]
/// writes it in `format`, for the formats that write each diagnostic on its own: `human` and
/// `json-lines`. Returns false, leaving `out` as it was, for the other formats.
///
/// `check` renders its reports with this on the threads that analyse the positions, and has
/// [`Emitter::write_rendered`] write them in order.
pub(crate) fn render_one(
    format: OutputFormat,
    colored: bool,
    diagnostic: &Diagnostic,
    out: &mut String,
) -> bool {
    match format {
        OutputFormat::Human => {
            if colored {
                out.push_str(&diagnostic.render(&renderer(true)));
            } else {
                diagnostic.render_plain_into(out);
            }
            out.push_str("\n\n");
            true
        }
        OutputFormat::JsonLines => {
            use std::fmt::Write as _;
            let _ = writeln!(out, "{}", diagnostic_json(diagnostic));
            true
        }
        OutputFormat::Json | OutputFormat::Github | OutputFormat::Sarif => false,
    }
}

/// A stream that may be handed text known to hold only printable ASCII and line feeds (a report
/// written from a record that is such text, with a path and words that are too), which
/// standard output (`context::Stdout`) writes without scanning it for escape codes.
pub(crate) trait WritePrintable: Write {
    /// Writes `buf`, which holds only printable ASCII and line feeds, as `write_all` would.
    fn write_printable(&mut self, buf: &[u8]) -> io::Result<()> {
        self.write_all(buf)
    }
}

impl WritePrintable for Vec<u8> {}

impl<T: WritePrintable + ?Sized> WritePrintable for &mut T {
    fn write_printable(&mut self, buf: &[u8]) -> io::Result<()> {
        (**self).write_printable(buf)
    }
}

/// Writes diagnostics in one format.
pub(crate) struct Emitter<W: Write> {
    format: OutputFormat,
    out: W,
    colored: bool,
    /// SARIF's rules: each code found, in the order first found. A result names its rule by
    /// its index here, known as soon as the code is first seen, so results are written as they
    /// come and only the rules wait for the end.
    rules: Vec<Code>,
    /// The `json` document's diagnostics or the SARIF log's results, written as they come (the
    /// document's opening is written by [`Emitter::new`]).
    diagnostics: PrettyArray,
    /// The human report of one diagnostic, kept from one to the next for its storage.
    text: String,
    /// The pieces of a repeat's report kept from one to the next ([`Emitter::write_repeat`]).
    around: crate::diag::RepeatAround,
}

impl<W: WritePrintable> Emitter<W> {
    /// [`Emitter::write_rendered`] of a report known to hold only printable ASCII and line
    /// feeds (`scan::Reports::end_printable`): written unscanned for escape codes.
    pub(crate) fn write_rendered_printable(&mut self, report: &str) -> io::Result<()> {
        self.out.write_printable(report.as_bytes())
    }

    /// Writes the plain human report of a unique value's repeat on the record's line `line`,
    /// first met on line `first`, which no marker suppresses: the words of its finding
    /// (`words`) around the middle the thread that analysed the record rendered.
    pub(crate) fn write_repeat(
        &mut self,
        report: &crate::diag::RepeatReport<'_>,
        words: &notation::RepeatWords<'_>,
        line: usize,
        first: usize,
    ) -> io::Result<()> {
        self.text.clear();
        self.around
            .write(words, line, first, report.body, &mut self.text);
        self.text.push_str("\n\n");
        if report.printable {
            self.out.write_printable(self.text.as_bytes())
        } else {
            self.out.write_all(self.text.as_bytes())
        }
    }
}

impl<W: Write> Emitter<W> {
    /// An emitter writing to `out`; for `json`, the document's opening is written at once.
    pub(crate) fn new(format: OutputFormat, mut out: W, colored: bool) -> io::Result<Emitter<W>> {
        let depth = match format {
            OutputFormat::Json => {
                out.write_all(b"{\n  \"diagnostics\": ")?;
                1
            }
            OutputFormat::Sarif => {
                out.write_all(SARIF_OPENING)?;
                3
            }
            OutputFormat::Human | OutputFormat::JsonLines | OutputFormat::Github => 0,
        };
        Ok(Emitter {
            format,
            out,
            colored,
            rules: Vec::new(),
            diagnostics: PrettyArray::new(depth),
            text: String::new(),
            around: crate::diag::RepeatAround::default(),
        })
    }

    /// Writes the report of one diagnostic that no marker suppresses, as [`render_one`]
    /// rendered it for this emitter's format and colours.
    pub(crate) fn write_rendered(&mut self, report: &str) -> io::Result<()> {
        self.out.write_all(report.as_bytes())
    }

    /// Writes (or, for whole-document formats, holds) one diagnostic.
    pub(crate) fn emit(&mut self, diagnostic: Diagnostic) -> io::Result<()> {
        // What a marker expects or ignores is no news to a person or a CI log; the machine
        // formats list it, marked.
        if diagnostic.suppression.is_some()
            && matches!(self.format, OutputFormat::Human | OutputFormat::Github)
        {
            return Ok(());
        }
        match self.format {
            OutputFormat::Human | OutputFormat::JsonLines => {
                // One write a report: a plain one goes on unscanned for colour codes when it
                // holds none (`crate::context::Plain`).
                self.text.clear();
                render_one(self.format, self.colored, &diagnostic, &mut self.text);
                self.out.write_all(self.text.as_bytes())
            }
            OutputFormat::Github => {
                let finding = &diagnostic.finding;
                let command = match finding.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                let mut message = finding.message.to_string();
                if let Some(help) = &finding.help {
                    message.push_str("\nhelp: ");
                    message.push_str(help);
                }
                writeln!(
                    self.out,
                    "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}",
                    github_property(&diagnostic.path),
                    diagnostic.line,
                    diagnostic.column,
                    diagnostic.end_line,
                    diagnostic.end_column,
                    github_property(finding.code.as_str()),
                    github_data(&message)
                )
            }
            OutputFormat::Json => {
                // The document is written as it grows, so that memory does not grow with the
                // number of findings; it comes out byte for byte as a whole pretty-printed
                // document would.
                self.diagnostics
                    .push(&mut self.out, &diagnostic_json(&diagnostic))
            }
            OutputFormat::Sarif => {
                let code = diagnostic.finding.code;
                let index = match self.rules.iter().position(|&rule| rule == code) {
                    Some(index) => index,
                    None => {
                        self.rules.push(code);
                        self.rules.len() - 1
                    }
                };
                self.diagnostics
                    .push(&mut self.out, &sarif_result(&diagnostic, index))
            }
        }
    }

    /// Finishes the document (for `json` and `sarif`) and flushes. `run_errors` are the
    /// messages of what stopped the run short of a file (a file that could not be read): they
    /// are on stderr already, and machine formats carry them too, so that a report read on its
    /// own does not pass for a clean run of every file.
    pub(crate) fn finish(mut self, summary: &Summary, run_errors: &[InputError]) -> io::Result<()> {
        let run_errors: Vec<String> = run_errors.iter().map(ToString::to_string).collect();
        let run_errors = &run_errors[..];
        match self.format {
            OutputFormat::Json => {
                let diagnostics = std::mem::replace(&mut self.diagnostics, PrettyArray::new(1));
                diagnostics.finish(&mut self.out)?;
                self.out.write_all(b",\n  \"errors\": ")?;
                write_pretty_indented(&mut self.out, &run_errors, "  ")?;
                self.out.write_all(b",\n  \"summary\": ")?;
                write_pretty_indented(&mut self.out, &summary.to_json(), "  ")?;
                self.out.write_all(b"\n}\n")?;
            }
            OutputFormat::Sarif => {
                let results = std::mem::replace(&mut self.diagnostics, PrettyArray::new(3));
                results.finish(&mut self.out)?;
                write_sarif_closing(&mut self.out, &self.rules, run_errors)?;
                writeln!(self.out)?;
            }
            OutputFormat::Github => {
                for message in run_errors {
                    writeln!(self.out, "::error title=fenkit::{}", github_data(message))?;
                }
            }
            // Human output has them on stderr; a JSON line is a diagnostic, and these are not.
            OutputFormat::Human | OutputFormat::JsonLines => {}
        }
        self.out.flush()
    }
}

/// Writes `value` pretty-printed (two spaces a level) as if it stood nested in a larger
/// document, its lines after the first indented by `indent`. Pretty JSON has no line breaks
/// inside strings (they are escaped), so indenting after each line break is exact.
fn write_pretty_indented(
    out: &mut impl Write,
    value: &impl serde::Serialize,
    indent: &str,
) -> io::Result<()> {
    let text = serde_json::to_vec_pretty(value).map_err(io::Error::other)?;
    let mut lines = text.split(|&byte| byte == b'\n');
    if let Some(first) = lines.next() {
        out.write_all(first)?;
    }
    for line in lines {
        out.write_all(b"\n")?;
        out.write_all(indent.as_bytes())?;
        out.write_all(line)?;
    }
    Ok(())
}

/// A JSON array written one element at a time, exactly as the pretty printer writes it when it
/// stands `depth` levels (two spaces each) deep in a larger document: `[]` when it stays
/// empty. The caller writes what comes before it (the key) and after it.
pub(crate) struct PrettyArray {
    depth: usize,
    len: usize,
}

impl PrettyArray {
    /// An array whose key stands `depth` levels deep.
    pub(crate) fn new(depth: usize) -> PrettyArray {
        PrettyArray { depth, len: 0 }
    }

    /// Writes the next element (and the opening bracket before the first).
    pub(crate) fn push(
        &mut self,
        out: &mut impl Write,
        element: &impl serde::Serialize,
    ) -> io::Result<()> {
        let indent = "  ".repeat(self.depth + 1);
        out.write_all(if self.len == 0 { b"[\n" } else { b",\n" })?;
        out.write_all(indent.as_bytes())?;
        write_pretty_indented(out, element, &indent)?;
        self.len += 1;
        Ok(())
    }

    /// Writes the closing bracket.
    pub(crate) fn finish(self, out: &mut impl Write) -> io::Result<()> {
        if self.len == 0 {
            out.write_all(b"[]")
        } else {
            write!(out, "\n{}]", "  ".repeat(self.depth))
        }
    }
}

/// The start of a SARIF 2.1.0 log, up to its results: the log is written as the
/// pretty-printed document would be, keys in order, one result at a time, so that it is never
/// built in memory.
const SARIF_OPENING: &[u8] = b"{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"runs\": [\n    {\n      \"columnKind\": \"unicodeCodePoints\",\n      \"results\": ";

/// The rest of a SARIF log after its results: the tool, with `rules` (each code with its
/// title, in the order their indexes were given), then, when the run was cut short of some file, an
/// invocation that did not succeed with a notification for each `run_errors` message, and
/// the version.
fn write_sarif_closing(
    out: &mut impl Write,
    rules: &[Code],
    run_errors: &[String],
) -> io::Result<()> {
    out.write_all(b",\n      \"tool\": ")?;
    let tool = json!({
        "driver": {
            "name": "fenkit",
            "version": env!("CARGO_PKG_VERSION"),
            "rules": rules.iter().map(|code| json!({
                "id": code.as_str(),
                "shortDescription": { "text": code.title() },
                "properties": { "tags": [code.category().as_str()] },
            })).collect::<Vec<_>>(),
        }
    });
    write_pretty_indented(out, &tool, "      ")?;
    if !run_errors.is_empty() {
        // After the results, which are written as they come: these are known only at the end.
        out.write_all(b",\n      \"invocations\": ")?;
        let invocations = json!([{
            "executionSuccessful": false,
            "toolExecutionNotifications": run_errors.iter().map(|message| json!({
                "level": "error",
                "message": { "text": message },
            })).collect::<Vec<_>>(),
        }]);
        write_pretty_indented(out, &invocations, "      ")?;
    }
    out.write_all(b"\n    }\n  ],\n  \"version\": \"2.1.0\"\n}")
}

/// One SARIF result; `rule_index` is the code's place in the log's list of rules.
fn sarif_result(diagnostic: &Diagnostic, rule_index: usize) -> Value {
    let finding = &diagnostic.finding;
    let mut text = finding.message.to_string();
    if let Some(help) = &finding.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let mut result = json!({
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": finding.severity.as_str(),
        "message": { "text": text },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": sarif_uri(&diagnostic.path) },
                "region": {
                    "startLine": diagnostic.line,
                    "startColumn": diagnostic.column,
                    "endLine": diagnostic.end_line,
                    "endColumn": diagnostic.end_column,
                    "byteOffset": diagnostic.file_span.start,
                    "byteLength": diagnostic.file_span.end - diagnostic.file_span.start,
                }
            }
        }],
        "properties": { "fixable": finding.fixable },
    });
    if let (Some(suppression), Some(object)) = (diagnostic.suppression, result.as_object_mut()) {
        let justification = match suppression {
            Suppression::Expected => "expected by a `# fenkit: expect[...]` marker",
            Suppression::Ignored => "ignored by a `# fenkit: ignore[...]` marker",
            Suppression::Configured => "ignored by `per-file-ignores` in the configuration",
        };
        let kind = match suppression {
            Suppression::Expected | Suppression::Ignored => "inSource",
            Suppression::Configured => "external",
        };
        object.insert(
            "suppressions".to_owned(),
            json!([{ "kind": kind, "justification": justification }]),
        );
    }
    result
}

fn sarif_uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let mut uri = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// A unified diff of two versions of a file, coloured when `colored`.
pub(crate) fn unified_diff(path: &str, old: &[u8], new: &[u8], colored: bool) -> String {
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    let diff = similar::TextDiff::from_lines(old.as_ref(), new.as_ref());
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string();
    if !colored {
        return text;
    }
    let red = anstyle::AnsiColor::Red.on_default();
    let green = anstyle::AnsiColor::Green.on_default();
    let cyan = anstyle::AnsiColor::Cyan.on_default();
    let bold = anstyle::Style::new().bold();
    text.split_inclusive('\n')
        .map(|line| {
            let style = if line.starts_with("+++") || line.starts_with("---") {
                bold
            } else if line.starts_with('+') {
                green
            } else if line.starts_with('-') {
                red
            } else if line.starts_with("@@") {
                cyan
            } else {
                return line.to_owned();
            };
            let body = line.trim_end_matches('\n');
            let end = &line[body.len()..];
            format!("{style}{body}{style:#}{end}")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::code::Finding;

    fn diagnostic(code: &str, line: usize, message: &str) -> Diagnostic {
        let code = code
            .parse::<dfen::Code>()
            .map(Code::Dfen)
            .or_else(|_| code.parse::<fen4::Code>().map(Code::Fen4))
            .unwrap();
        let mut finding = Finding::new(
            code,
            Severity::Warning,
            3..5,
            format!("{message} \"quoted\"\nand a line break"),
        )
        .with_fixable(line.is_multiple_of(2));
        if line.is_multiple_of(2) {
            finding = finding.with_help("write `x`");
        }
        Diagnostic {
            path: format!("dir/a file {line}.dfen"),
            finding,
            reference: None,
            suppression: None,
            line,
            column: 4,
            end_line: line,
            end_column: 6,
            file_span: 100..102,
            source: None,
        }
    }

    /// Emits `diagnostics` in `format` and returns what was written.
    fn emitted(format: OutputFormat, diagnostics: &[Diagnostic]) -> String {
        let mut out = Vec::new();
        let mut emitter = Emitter::new(format, &mut out, false).unwrap();
        let mut summary = Summary::default();
        for diagnostic in diagnostics {
            summary.count(diagnostic);
            emitter.emit(diagnostic.clone()).unwrap();
        }
        emitter.finish(&summary, &[]).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// What the pretty printer writes for the document that `text` holds: the streamed text
    /// must be exactly that (keys in order, the same indentation), or a consumer comparing
    /// bytes with an earlier run would see a change.
    fn repretty(text: &str) -> String {
        let value: Value = serde_json::from_str(text).unwrap();
        serde_json::to_string_pretty(&value).unwrap() + "\n"
    }

    fn samples(count: usize) -> Vec<Diagnostic> {
        let codes = ["DFEN104", "DFEN012", "FEN4003", "DFEN012"];
        (0..count)
            .map(|i| diagnostic(codes[i % codes.len()], i + 1, &format!("finding {i}")))
            .collect()
    }

    /// An array written element by element, at any depth, is what the pretty printer writes
    /// for the same array nested that deep.
    #[test]
    fn a_pretty_array_matches_the_pretty_printer_at_any_depth() {
        for depth in 1..=4 {
            for len in [0, 1, 3] {
                let elements: Vec<Value> = (0..len)
                    .map(|i| json!({"n": i, "list": [i, {"deep": "x\ny"}], "empty": []}))
                    .collect();
                // `{"k": {"k": … {"k": ARRAY}}}`, the array's key `depth` levels deep.
                let mut out = Vec::new();
                for level in 0..depth {
                    write!(out, "{{\n{}\"k\": ", "  ".repeat(level + 1)).unwrap();
                }
                let mut array = PrettyArray::new(depth);
                for element in &elements {
                    array.push(&mut out, element).unwrap();
                }
                array.finish(&mut out).unwrap();
                for level in (0..depth).rev() {
                    write!(out, "\n{}}}", "  ".repeat(level)).unwrap();
                }
                let mut whole = Value::Array(elements);
                for _ in 0..depth {
                    whole = json!({ "k": whole });
                }
                let text = String::from_utf8(out).unwrap();
                assert_eq!(
                    text,
                    serde_json::to_string_pretty(&whole).unwrap(),
                    "{depth} {len}"
                );
            }
        }
    }

    #[test]
    fn streamed_json_is_the_pretty_document() {
        for count in [0, 1, 2, 5] {
            let text = emitted(OutputFormat::Json, &samples(count));
            assert_eq!(text, repretty(&text), "{count} diagnostics");
            let document: Value = serde_json::from_str(&text).unwrap();
            let listed = document["diagnostics"].as_array().unwrap();
            assert_eq!(listed.len(), count);
            assert_eq!(document["summary"]["warnings"], count);
            for (i, entry) in listed.iter().enumerate() {
                assert_eq!(entry["line"], i + 1);
            }
        }
    }

    #[test]
    fn streamed_sarif_is_the_pretty_log_with_rule_indexes() {
        for count in [0, 1, 2, 5] {
            let text = emitted(OutputFormat::Sarif, &samples(count));
            assert_eq!(text, repretty(&text), "{count} diagnostics");
            let log: Value = serde_json::from_str(&text).unwrap();
            let run = &log["runs"][0];
            let results = run["results"].as_array().unwrap();
            assert_eq!(results.len(), count);
            let rules: Vec<&str> = run["tool"]["driver"]["rules"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rule| rule["id"].as_str().unwrap())
                .collect();
            // Each code once, in the order it was first found.
            let mut first_found: Vec<&str> = Vec::new();
            for result in results {
                let id = result["ruleId"].as_str().unwrap();
                if !first_found.contains(&id) {
                    first_found.push(id);
                }
                let index = result["ruleIndex"].as_u64().unwrap() as usize;
                assert_eq!(result["ruleId"], rules[index]);
            }
            assert_eq!(
                rules, first_found,
                "rules are listed once each, as first found"
            );
        }
    }
}
