//! `check(text, options)`: every finding of a text as `fenkit check` reports it for the same
//! text on standard input, read by the notation library (`notation::reading::check_text`)
//! with the settings it resolves (`notation::settings`). The options are named as the command
//! line's flags are, and read by the library's names (`notation::choice`): this module names
//! no notation, variant or dialect of its own.

use serde::{Deserialize, Serialize};

use notation::reading::Checker;
use notation::settings::Resolved;

use crate::found::Source;
use crate::options::ReadOptions;

/// The options of `check`, as the JavaScript side passes them (JSON).
#[derive(Debug, Default, Deserialize)]
struct Options {
    #[serde(flatten)]
    read: ReadOptions,
    #[serde(default)]
    strict: bool,
}

/// One finding as `check` answers it: the `Finding` object, with its line and column.
#[derive(Serialize)]
struct Checked<'a> {
    code: &'static str,
    category: &'static str,
    severity: &'static str,
    span: [usize; 2],
    message: &'a str,
    help: Option<&'a str>,
    fixable: bool,
    /// The line its record starts on, from 1.
    line: usize,
    /// Where the span starts in its line, counted as the text is (UTF-16 code units for a
    /// string, bytes for bytes): the command line's column − 1 on an ASCII line.
    column: usize,
}

/// What `check` answers: the findings, or why the options do not go together.
#[derive(Serialize)]
#[serde(untagged)]
enum Answer<'a> {
    Findings { findings: Vec<Checked<'a>> },
    Refused { refused: String, help: String },
}

/// `options` (JSON) read and resolved once: the settings, or the refusal as `check` answers
/// it.
pub(crate) fn settings(options: &str) -> Result<Resolved, String> {
    let options: Options = serde_json::from_str(options).unwrap_or_default();
    options
        .read
        .names(options.strict)
        .request()
        .and_then(|request| request.resolve())
        .map_err(|error| {
            let refused = Answer::Refused {
                refused: error.message,
                help: error.help,
            };
            serde_json::to_string(&refused).unwrap_or_default()
        })
}

/// The answer of `check` for `text` (counted as `source` counts it) by `checker` (with the
/// settings [`settings`] resolved), a JSON object: `{"findings": [...]}`, or `{"refused": message, "help":
/// fix}`; for a text without a finding, the empty string.
pub(crate) fn check_with(source: Source<'_>, text: &str, checker: &mut Checker) -> String {
    let placed = match checker.check(text) {
        Ok(placed) => placed,
        Err(error) => {
            let refused = Answer::Refused {
                refused: error.message,
                help: error.help,
            };
            return serde_json::to_string(&refused).unwrap_or_default();
        }
    };
    if placed.is_empty() {
        return String::new();
    }
    let findings = placed
        .iter()
        .map(|placed| {
            let span = source.span(&placed.span());
            let line_start = placed.line_start(text);
            let finding = &placed.finding;
            Checked {
                code: finding.code.as_str(),
                category: finding.code.category().as_str(),
                severity: finding.severity.as_str(),
                span,
                message: &finding.message,
                help: finding.help.as_deref(),
                fixable: finding.fixable,
                line: placed.line,
                column: span[0] - source.span(&(line_start..line_start))[0],
            }
        })
        .collect();
    serde_json::to_string(&Answer::Findings { findings }).unwrap_or_default()
}

/// One comment command kept unread, as `commentCommands` answers it.
#[derive(Serialize)]
struct Command<'a> {
    name: &'a str,
    /// `unknown`, `malformed` or `rest-of-line`.
    kind: &'static str,
    /// From `[` to `]`, counted as the text is.
    span: [usize; 2],
    line: usize,
    column: usize,
    message: &'a str,
}

/// What `commentCommands` answers: the commands, or why the options do not go together.
#[derive(Serialize)]
#[serde(untagged)]
enum CommandsAnswer<'a> {
    Commands { commands: Vec<Command<'a>> },
    Refused { refused: String, help: String },
}

/// The answer of `commentCommands` for `text` (counted as `source` counts it) by `checker`,
/// a JSON object: `{"commands": [...]}` (`notation::reading::comment_commands`: every comment
/// command kept unread, which `fenkit check -v` notes), or `{"refused": message, "help": fix}`.
pub(crate) fn comment_commands_with(
    source: Source<'_>,
    text: &str,
    checker: &mut Checker,
) -> String {
    let placed = match checker.comment_commands(text) {
        Ok(placed) => placed,
        Err(error) => {
            let refused = CommandsAnswer::Refused {
                refused: error.message,
                help: error.help,
            };
            return serde_json::to_string(&refused).unwrap_or_default();
        }
    };
    let commands = placed
        .iter()
        .map(|placed| {
            let note = &placed.note;
            let span = source.span(&note.span);
            let line_start = placed.line_start(text);
            Command {
                name: &note.name,
                kind: note.kind.as_str(),
                span,
                line: placed.line,
                column: span[0] - source.span(&(line_start..line_start))[0],
                message: &note.message,
            }
        })
        .collect();
    serde_json::to_string(&CommandsAnswer::Commands { commands }).unwrap_or_default()
}

/// The answer of `check` for bytes that are not UTF-8: the one finding `fenkit check` gives
/// (`FENKIT001`), placed by byte.
pub(crate) fn not_utf8(bytes: &[u8], found: &crate::found::Found) -> String {
    let at = found.span.start.min(bytes.len());
    let before = bytes.get(..at).unwrap_or_default();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let checked = Checked {
        code: found.code,
        category: found.category,
        severity: found.severity.as_str(),
        span: [found.span.start, found.span.end],
        message: &found.message,
        help: found.help.as_deref(),
        fixable: found.fixable,
        line: 1 + before.iter().filter(|&&b| b == b'\n').count(),
        column: at - line_start,
    };
    serde_json::to_string(&Answer::Findings {
        findings: vec![checked],
    })
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(source: Source<'_>, text: &str, options: &str) -> String {
        match settings(options) {
            Ok(resolved) => check_with(source, text, &mut Checker::new(resolved)),
            Err(refused) => refused,
        }
    }

    #[test]
    fn findings_come_with_their_line_and_column() {
        let text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/4K3 w - - 0 1\n";
        let answer: serde_json::Value =
            serde_json::from_str(&check(Source::new(text, false), text, "{}")).unwrap();
        let finding = &answer["findings"][0];
        assert_eq!(finding["code"], "DFEN210");
        assert_eq!(
            (finding["line"].as_u64(), finding["column"].as_u64()),
            (Some(2), Some(0))
        );
    }

    #[test]
    fn comment_commands_come_with_their_kind_line_and_column() {
        let text = "1. e4 {é [%foo 1]} e5\n2. Nf3 ; [%clk 0:01:00]";
        let checker = || Checker::new(settings(r#"{"notation":"movetext"}"#).unwrap());
        let answer: serde_json::Value = serde_json::from_str(&comment_commands_with(
            Source::new(text, false),
            text,
            &mut checker(),
        ))
        .unwrap();
        let commands = answer["commands"].as_array().unwrap();
        let found: Vec<(&str, &str, u64, u64, u64)> = commands
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().unwrap(),
                    c["kind"].as_str().unwrap(),
                    c["span"][0].as_u64().unwrap(),
                    c["line"].as_u64().unwrap(),
                    c["column"].as_u64().unwrap(),
                )
            })
            .collect();
        // UTF-16 units: `é` is one, two bytes.
        assert_eq!(
            found,
            [
                ("foo", "unknown", 9, 1, 9),
                ("clk", "rest-of-line", 31, 2, 9)
            ]
        );
        // Bytes count bytes.
        let answer: serde_json::Value = serde_json::from_str(&comment_commands_with(
            Source::new(text, true),
            text,
            &mut checker(),
        ))
        .unwrap();
        assert_eq!(answer["commands"][0]["span"][0], 10);
    }

    #[test]
    fn settings_that_do_not_go_together_are_refused() {
        let answer: serde_json::Value = serde_json::from_str(&check(
            Source::new("x", false),
            "x",
            r#"{"notation":"fen4","variant":"antichess"}"#,
        ))
        .unwrap();
        assert!(
            answer["refused"]
                .as_str()
                .unwrap()
                .contains("judges chess positions")
        );
        let answer: serde_json::Value = serde_json::from_str(&check(
            Source::new("x", false),
            "x",
            r#"{"notation":"pgnx"}"#,
        ))
        .unwrap();
        assert!(
            answer["refused"]
                .as_str()
                .unwrap()
                .contains("unknown notation")
        );
    }
}
