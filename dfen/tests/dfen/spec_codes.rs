//! Every code has an example in `spec/dfen.md`; each example produces its code, and the messages
//! of all of them are pinned in one snapshot.

use std::fmt::Write as _;

use dfen::{Code, Parser, Profile};

const SPEC: &str = include_str!("../../../spec/dfen.md");

struct Example {
    code: Code,
    profile: Profile,
    input: String,
}

/// Turns the spec's example notation into input: `\t` is a tab, `` `x`×N `` is N copies of x.
fn unescape(example: &str) -> String {
    example.replace("\\t", "\t")
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
        let Some(rest) = line.strip_prefix("Example (") else {
            continue;
        };
        let code = current
            .take()
            .unwrap_or_else(|| panic!("example without a code heading: {line}"));
        let (profile, example) = rest.split_once("): ").unwrap();
        let profile: Profile = profile.parse().unwrap();
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
            profile,
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
        assert_eq!(count, 1, "{code} needs exactly one example in spec/dfen.md");
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
        let parser = Parser::new().profile(example.profile);
        let _ = writeln!(report, "{} ({}):", example.code, example.profile);
        match parser.parse(&example.input) {
            Err(err) => {
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
            Ok(parsed) => {
                let finding = parsed
                    .findings
                    .iter()
                    .find(|f| f.code == example.code)
                    .unwrap_or_else(|| {
                        panic!("example for {} gave {:?}", example.code, parsed.findings)
                    });
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
