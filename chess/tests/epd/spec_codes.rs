//! Every EPD code has one example in `spec/epd.md`; each example produces its code, and the
//! messages of all of them are pinned in one snapshot. `spec/codes.md` lists every EPD code.

use std::fmt::Write as _;

use chess::epd::{Code, EpdParser, IdTracker};

const SPEC: &str = include_str!("../../../spec/epd.md");
const CODES: &str = include_str!("../../../spec/codes.md");

/// How an example is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// One line, as `EpdParser::new()` reads it.
    Line,
    /// Several lines of one file, through an `IdTracker`.
    Lines,
    /// One line, its perft counts verified to this depth.
    Perft(u32),
}

struct Example {
    code: Code,
    reading: Reading,
    lines: Vec<String>,
}

/// One line of an example: `` `a` + `b`×N ``, the pieces joined.
fn line_of(text: &str) -> String {
    text.split(" + ")
        .map(|piece| {
            let (quoted, repeat) = match piece.rsplit_once('×') {
                Some((quoted, count)) => (quoted, count.parse::<usize>().unwrap()),
                None => (piece, 1),
            };
            let inner = quoted
                .strip_prefix('`')
                .and_then(|q| q.strip_suffix('`'))
                .unwrap_or_else(|| panic!("example piece {piece:?} is not in backquotes"));
            inner.replace("\\r", "\r").repeat(repeat)
        })
        .collect()
}

fn examples() -> Vec<Example> {
    let mut out = Vec::new();
    let mut current: Option<Code> = None;
    for line in SPEC.lines() {
        if let Some(heading) = line.strip_prefix("#### ") {
            let name = heading.split_whitespace().next().unwrap_or("");
            current = Some(
                name.parse()
                    .unwrap_or_else(|e| panic!("spec heading {heading:?}: {e}")),
            );
            continue;
        }
        let Some(rest) = line.strip_prefix("Example") else {
            continue;
        };
        let code = current
            .take()
            .unwrap_or_else(|| panic!("example without a code heading: {line}"));
        let (reading, example) = if let Some(rest) = rest.strip_prefix(": ") {
            (Reading::Line, rest)
        } else if let Some(rest) = rest.strip_prefix(" (lines): ") {
            (Reading::Lines, rest)
        } else if let Some(rest) = rest.strip_prefix(" (verify-perft ") {
            let (depth, example) = rest.split_once("): ").unwrap();
            (Reading::Perft(depth.parse().unwrap()), example)
        } else {
            panic!("unreadable example line {line:?}");
        };
        let lines = match reading {
            Reading::Lines => example.split(" / ").map(line_of).collect(),
            _ => vec![line_of(example)],
        };
        out.push(Example {
            code,
            reading,
            lines,
        });
    }
    out
}

#[test]
fn every_code_has_exactly_one_documented_example() {
    let examples = examples();
    for code in Code::ALL {
        let count = examples.iter().filter(|e| e.code == *code).count();
        assert_eq!(count, 1, "{code} needs exactly one example in spec/epd.md");
    }
    assert_eq!(examples.len(), Code::ALL.len());
}

fn caret(input: &str, span: std::ops::Range<usize>) -> String {
    let shown: String = input
        .chars()
        .take(100)
        .collect::<String>()
        .replace('\r', "␍");
    let prefix = input.get(..span.start).map_or(0, |p| p.chars().count());
    let width = input
        .get(span.clone())
        .map_or(0, |s| s.chars().count())
        .max(1);
    format!(
        "  | {shown}\n  | {}{}",
        " ".repeat(prefix.min(100)),
        "^".repeat(width.min(100))
    )
}

#[test]
fn each_example_produces_its_code_and_messages_are_pinned() {
    let parser = EpdParser::new();
    let mut report = String::new();
    for example in examples() {
        let _ = writeln!(report, "{}:", example.code);
        let mut ids = IdTracker::new();
        let mut produced = false;
        for (index, input) in example.lines.iter().enumerate() {
            let parsed = match parser.parse(input) {
                Err(error) => {
                    assert_eq!(error.code(), example.code.as_str(), "{input}: {error}");
                    let _ = writeln!(report, "  error: {error}");
                    if let Some(help) = error.help() {
                        let _ = writeln!(report, "  help: {help}");
                    }
                    let _ = writeln!(report, "{}", caret(input, error.span()));
                    produced = true;
                    continue;
                }
                Ok(parsed) => parsed,
            };
            let mut findings = parsed.findings.clone();
            match example.reading {
                Reading::Lines => findings.extend(ids.check(index + 1, &parsed)),
                Reading::Perft(depth) => findings.extend(parsed.verify_perft(depth)),
                Reading::Line => {}
            }
            if let Some(finding) = findings.iter().find(|f| f.code == example.code) {
                let fixable = if finding.fixable { ", fixable" } else { "" };
                let _ = writeln!(
                    report,
                    "  {}{fixable}: {}",
                    finding.severity, finding.message
                );
                if let Some(help) = &finding.help {
                    let _ = writeln!(report, "  help: {help}");
                }
                let _ = writeln!(report, "{}", caret(input, finding.span.clone()));
                produced = true;
            }
            if let Some(note) = parsed.notes.iter().find(|n| n.code == example.code) {
                let _ = writeln!(report, "  note: {}", note.message);
                let _ = writeln!(report, "{}", caret(input, note.span.clone()));
                produced = true;
            }
        }
        assert!(
            produced,
            "the example of {} does not produce it",
            example.code
        );
    }
    insta::assert_snapshot!(report);
}

/// `spec/codes.md` lists every EPD code once, as the table defines it, in the command line's
/// table of every code (which the command line's tests check as a whole).
#[test]
fn the_codes_page_lists_every_epd_code() {
    for code in Code::ALL {
        let title = code.title().replace('|', "\\|");
        let row = format!("| `{code}` | {} | {title} |\n", code.category());
        assert_eq!(CODES.matches(&row).count(), 1, "spec/codes.md: {row}");
    }
}
