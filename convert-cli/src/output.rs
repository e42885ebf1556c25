//! Output formats for diagnostics: human (rustc style), JSON, JSON lines, GitHub workflow
//! annotations and SARIF 2.1.0.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde_json::{Value, json};

use crate::diag::{Diagnostic, renderer};
use crate::notation::Severity;

/// How `check` prints its findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum OutputFormat {
    /// rustc-style reports with the source line and a caret
    #[default]
    Human,
    /// One JSON document with every diagnostic and the summary
    Json,
    /// One JSON object per diagnostic, one per line
    JsonLines,
    /// GitHub Actions workflow commands (`::error file=…`)
    Github,
    /// SARIF 2.1.0, for code scanning
    Sarif,
}

impl OutputFormat {
    /// Whether diagnostics can be written as they are found.
    pub(crate) fn streams(self) -> bool {
        !matches!(self, OutputFormat::Json | OutputFormat::Sarif)
    }
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
}

impl Summary {
    /// Counts one diagnostic.
    pub(crate) fn count(&mut self, diagnostic: &Diagnostic) {
        match diagnostic.finding.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
        }
        if diagnostic.finding.fixable {
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
        })
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
    if let (Some((code, offset)), Some(object)) = (finding.reference, value.as_object_mut()) {
        object.insert("ref_code".to_owned(), json!(code));
        object.insert("ref_offset".to_owned(), json!(offset));
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

/// Writes diagnostics in one format.
pub(crate) struct Emitter<W: Write> {
    format: OutputFormat,
    out: W,
    colored: bool,
    held: Vec<Diagnostic>,
}

impl<W: Write> Emitter<W> {
    /// An emitter writing to `out`.
    pub(crate) fn new(format: OutputFormat, out: W, colored: bool) -> Emitter<W> {
        Emitter {
            format,
            out,
            colored,
            held: Vec::new(),
        }
    }

    /// Writes (or, for whole-document formats, holds) one diagnostic.
    pub(crate) fn emit(&mut self, diagnostic: Diagnostic) -> io::Result<()> {
        match self.format {
            OutputFormat::Human => {
                let text = diagnostic.render(&renderer(self.colored));
                writeln!(self.out, "{text}\n")
            }
            OutputFormat::JsonLines => writeln!(self.out, "{}", diagnostic_json(&diagnostic)),
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
                    github_property(&finding.code),
                    github_data(&message)
                )
            }
            OutputFormat::Json | OutputFormat::Sarif => {
                self.held.push(diagnostic);
                Ok(())
            }
        }
    }

    /// Finishes the document (for `json` and `sarif`) and flushes.
    pub(crate) fn finish(mut self, summary: &Summary) -> io::Result<()> {
        match self.format {
            OutputFormat::Json => {
                let document = json!({
                    "diagnostics": self.held.iter().map(diagnostic_json).collect::<Vec<_>>(),
                    "summary": summary.to_json(),
                });
                serde_json::to_writer_pretty(&mut self.out, &document)?;
                writeln!(self.out)?;
            }
            OutputFormat::Sarif => {
                serde_json::to_writer_pretty(&mut self.out, &sarif(&self.held))?;
                writeln!(self.out)?;
            }
            OutputFormat::Human | OutputFormat::JsonLines | OutputFormat::Github => {}
        }
        self.out.flush()
    }
}

/// The short description of a code, for SARIF rules.
fn rule_title(code: &str) -> Option<&'static str> {
    if let Ok(code) = code.parse::<dfen::Code>() {
        return Some(code.title());
    }
    match code {
        crate::notation::codes::INVALID_UTF8 => Some("invalid UTF-8"),
        crate::notation::codes::TOO_LONG => Some("line too long"),
        crate::notation::codes::NOT_SIX_FIELDS => Some("position does not fit six-field FEN"),
        _ => None,
    }
}

/// A SARIF 2.1.0 log of the diagnostics.
fn sarif(diagnostics: &[Diagnostic]) -> Value {
    let mut rules: BTreeMap<&str, String> = BTreeMap::new();
    for diagnostic in diagnostics {
        let code = &*diagnostic.finding.code;
        rules.entry(code).or_insert_with(|| {
            rule_title(code).map_or_else(|| diagnostic.finding.message.to_string(), str::to_owned)
        });
    }
    let index: BTreeMap<&str, usize> = rules
        .keys()
        .enumerate()
        .map(|(i, code)| (*code, i))
        .collect();
    let results: Vec<Value> = diagnostics
        .iter()
        .map(|diagnostic| {
            let finding = &diagnostic.finding;
            let mut text = finding.message.to_string();
            if let Some(help) = &finding.help {
                text.push_str("\nhelp: ");
                text.push_str(help);
            }
            json!({
                "ruleId": finding.code,
                "ruleIndex": index.get(&*finding.code),
                "level": finding.severity.name(),
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
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {
                "driver": {
                    "name": "fenkit",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules.iter().map(|(code, title)| json!({
                        "id": code,
                        "shortDescription": { "text": title },
                    })).collect::<Vec<_>>(),
                }
            },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }]
    })
}

/// A relative URI reference for a path as given (forward slashes, `./` dropped).
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
