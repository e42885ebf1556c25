//! insta snapshots of every user-visible message, and a check that every code has one.

use std::collections::BTreeSet;
use std::fmt::Write;

use fen4::{Code, Parser};

/// Inputs whose messages are pinned; together they produce every FEN40xx-42xx code.
pub(crate) const PARSE_CASES: &[&str] = &[
    "",
    "K@0,0,0,0",
    "4D-FEN V1: K@0,0,0,0",
    "4d-fen  v1: K@0,0,0,0",
    "4d-fen v2: K@0,0,0,0",
    "4d-fen v1: X@0,0,0,0",
    "4d-fen v1: K@0,0,0,0;;",
    "4d-fen v1: @0,0,0,0",
    "4d-fen v1: 0,0,0,0",
    "4d-fen v1: P@0,1,0,0",
    "4d-fen v1: Pz@0,1,0,0",
    "4d-fen v1: pW@0,1,0,0",
    "4d-fen v1: K0,0,0,0",
    "4d-fen v1: K;",
    "4d-fen v1: K@",
    "4d-fen v1: K@0,a,0,0",
    "4d-fen v1: K@0,0,8,0",
    "4d-fen v1: K@0,0,0",
    "4d-fen v1: K@10,0,0,0",
    "4d-fen v1: K@0,0,0,0; k@0,0,0,0",
    "4d-fen v1: K@0,0,0,0 k@7,7,7,7",
    "4d-fen v1: K@0,0,0,0 x",
    "4d-fen v1: K@0,0,0,0,0",
    "4d-fen v1: K@0,0,0,00",
    "4d-fen v1: K@0,0,0,0\0",
    " 4d-fen v1: P/w@0,1,0,0 ;k @7,7,7,7;\n",
    "4d-fen v1:\n  K@0,0,0,0;\n  k@7,7,7,7",
    "4d-fen v1:K@0,0,0,0;  k@7,7,7,7",
    "4d-fen v1: k@7,7,7,7; K@0,0,0,0; Q@0,0,0,1; q@0,0,0,2",
    "4d-fen v1: K@0,0,0,0; K@1,0,0,0; k@7,7,7,7; k@7,7,7,6",
    "4d-fen v1:",
];

fn render_parse(input: &str, strict: bool, codes: &mut BTreeSet<Code>) -> String {
    let mut out = String::new();
    let mode = if strict { "strict" } else { "default" };
    writeln!(out, "input {input:?} ({mode})").unwrap();
    match Parser::new().strict(strict).parse(input) {
        Err(e) => {
            codes.insert(e.code());
            writeln!(
                out,
                "  error {} ref {} offset {} span {:?}\n  expected: {}\n  found: {}\n  message: {}\n  help: {}",
                e.code(),
                e.ref_code(),
                e.offset(),
                e.span(),
                e.expected(),
                e.found(),
                e,
                e.help().unwrap_or("-")
            )
            .unwrap();
        }
        Ok(p) => {
            writeln!(out, "  ok {}", p.placement).unwrap();
            for f in &p.findings {
                codes.insert(f.code);
                writeln!(
                    out,
                    "  {f} span {:?} fixable {}{}",
                    f.span,
                    f.fixable,
                    f.help
                        .as_deref()
                        .map(|h| format!("\n    help: {h}"))
                        .unwrap_or_default()
                )
                .unwrap();
            }
        }
    }
    out
}

pub(crate) fn parse_codes() -> BTreeSet<Code> {
    let mut codes = BTreeSet::new();
    for input in PARSE_CASES {
        render_parse(input, false, &mut codes);
    }
    codes
}

#[test]
fn parse_messages() {
    let mut codes = BTreeSet::new();
    let text: String = PARSE_CASES
        .iter()
        .map(|i| render_parse(i, false, &mut codes))
        .collect();
    insta::assert_snapshot!(text);
}

#[test]
fn strict_messages() {
    let mut codes = BTreeSet::new();
    let text: String = PARSE_CASES[25..29]
        .iter()
        .map(|i| render_parse(i, true, &mut codes))
        .collect();
    insta::assert_snapshot!(text);
}

#[test]
fn every_code_has_a_pinned_message() {
    let mut seen = parse_codes();
    seen.extend(crate::json::codes());
    seen.extend(crate::ndjson4::codes());
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| !seen.contains(c))
        .map(|c| c.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a snapshot case: {missing:?}"
    );
}
