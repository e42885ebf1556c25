//! Every code has an example in `spec/dfen.md` (the variants' codes in `spec/variants.md`,
//! Chess960's in `spec/chess960.md`, the JSON form's in `spec/dfen.md` §8); each example
//! produces its code, and the messages of all of them are pinned in one snapshot.

use std::fmt::Write as _;

use chess::variant::{Dialect, Variant, VariantParser};
use dfen::{CastlingMode, Code, Dfen, Finding, JsonError, ParseError, Parser, Profile};

const SPECS: [&str; 3] = [
    include_str!("../../../spec/dfen.md"),
    include_str!("../../../spec/variants.md"),
    include_str!("../../../spec/chess960.md"),
];

/// How an example is read: a DFEN profile, Chess960 mode (`chess960`, the spec profile), a
/// variant in a dialect, or the JSON form.
#[derive(Clone, Copy)]
enum Reading {
    Dfen(Profile),
    Chess960,
    Variant(Variant, Dialect),
    Json,
}

/// Why an example was refused: a syntax error of the text, or an error of the JSON form.
enum Refusal {
    Syntax(ParseError),
    Json(JsonError),
}

impl Reading {
    fn of(text: &str) -> Reading {
        match text.split_once(' ') {
            Some((variant, dialect)) => {
                Reading::Variant(variant.parse().unwrap(), dialect.parse().unwrap())
            }
            None if text == "json" => Reading::Json,
            None if text == "chess960" => Reading::Chess960,
            None => Reading::Dfen(text.parse().unwrap()),
        }
    }

    fn parse(self, input: &str) -> Result<Vec<Finding>, Refusal> {
        match self {
            Reading::Dfen(profile) => Parser::new()
                .profile(profile)
                .parse(input)
                .map(|parsed| parsed.findings)
                .map_err(Refusal::Syntax),
            Reading::Chess960 => Parser::new()
                .castling_mode(CastlingMode::Chess960)
                .parse(input)
                .map(|parsed| parsed.findings)
                .map_err(Refusal::Syntax),
            Reading::Variant(variant, dialect) => VariantParser::new(variant)
                .dialect(dialect)
                .parse(input)
                .map(|parsed| parsed.findings)
                .map_err(Refusal::Syntax),
            Reading::Json => Dfen::from_json(input)
                .map(|dfen| dfen.validate())
                .map_err(Refusal::Json),
        }
    }
}

impl std::fmt::Display for Reading {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reading::Dfen(profile) => write!(f, "{profile}"),
            Reading::Chess960 => write!(f, "chess960"),
            Reading::Variant(variant, dialect) => write!(f, "{variant} {dialect}"),
            Reading::Json => f.write_str("json"),
        }
    }
}

struct Example {
    code: Code,
    reading: Reading,
    input: String,
}

/// Turns the spec's example notation into input: `\t` is a tab, `` `x`×N `` is N copies of x.
fn unescape(example: &str) -> String {
    example.replace("\\t", "\t")
}

fn examples() -> Vec<Example> {
    let mut out = Vec::new();
    let mut current: Option<Code> = None;
    for line in SPECS.iter().flat_map(|spec| spec.lines()) {
        if let Some(heading) = line.strip_prefix("#### ") {
            let name = heading.split_whitespace().next().unwrap_or("");
            current = Some(
                name.parse()
                    .unwrap_or_else(|e| panic!("spec heading {heading:?}: {e}")),
            );
            continue;
        }
        let Some(rest) = line.strip_prefix("Example (") else {
            continue;
        };
        let code = current
            .take()
            .unwrap_or_else(|| panic!("example without a code heading: {line}"));
        let (reading, example) = rest.split_once("): ").unwrap();
        let reading = Reading::of(reading);
        let (quoted, repeat) = match example.split_once('×') {
            Some((quoted, count)) => (quoted, count.parse::<usize>().unwrap()),
            None => (example, 1),
        };
        let inner = quoted
            .strip_prefix('`')
            .and_then(|q| q.strip_suffix('`'))
            .unwrap();
        out.push(Example {
            code,
            reading,
            input: unescape(inner).repeat(repeat),
        });
    }
    out
}

#[test]
fn every_code_has_exactly_one_documented_example() {
    let examples = examples();
    for code in Code::ALL {
        let count = examples.iter().filter(|e| e.code == *code).count();
        assert_eq!(
            count, 1,
            "{code} needs exactly one example in spec/dfen.md, spec/variants.md or spec/chess960.md"
        );
    }
    assert_eq!(examples.len(), Code::ALL.len());
}

fn caret(input: &str, span: std::ops::Range<usize>) -> String {
    let shown: String = input
        .chars()
        .take(90)
        .collect::<String>()
        .replace('\t', "→");
    let prefix_chars = input.get(..span.start).map_or(0, |p| p.chars().count());
    let width = input
        .get(span.clone())
        .map_or(0, |s| s.chars().count())
        .max(1);
    format!(
        "  | {shown}\n  | {}{}",
        " ".repeat(prefix_chars.min(90)),
        "^".repeat(width.min(90))
    )
}

#[test]
fn each_example_produces_its_code_and_messages_are_pinned() {
    let mut report = String::new();
    for example in examples() {
        let _ = writeln!(report, "{} ({}):", example.code, example.reading);
        match example.reading.parse(&example.input) {
            Err(Refusal::Syntax(err)) => {
                assert_eq!(
                    err.code(),
                    example.code,
                    "example for {} gave {err}",
                    example.code
                );
                let _ = writeln!(report, "  error in field {:?}: {err}", err.field());
                if let Some(help) = err.help() {
                    let _ = writeln!(report, "  help: {help}");
                }
                let _ = writeln!(report, "{}", caret(&example.input, err.span()));
            }
            Err(Refusal::Json(err)) => {
                assert_eq!(
                    err.code(),
                    example.code,
                    "example for {} gave {err}",
                    example.code
                );
                let _ = writeln!(report, "  error: {err}");
                if let Some(help) = err.help() {
                    let _ = writeln!(report, "  help: {help}");
                }
                let _ = writeln!(report, "{}", caret(&example.input, err.span()));
            }
            Ok(findings) => {
                let finding = findings
                    .iter()
                    .find(|f| f.code == example.code)
                    .unwrap_or_else(|| panic!("example for {} gave {findings:?}", example.code));
                let _ = writeln!(report, "  {}: {}", finding.severity, finding.message);
                if let Some(help) = &finding.help {
                    let _ = writeln!(report, "  help: {help}");
                }
                let _ = writeln!(report, "{}", caret(&example.input, finding.span.clone()));
            }
        }
    }
    insta::assert_snapshot!(report);
}
