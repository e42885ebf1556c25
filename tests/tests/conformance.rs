//! fenkit's own libraries against the whole conformance suite (`spec/conformance/`).
//!
//! The suite is read here with nothing but `serde_json`, the way any other project would read
//! it, and each case is answered by calling `dfen` and `fen4` directly (not through the CLI), so
//! this test fails when a library and the suite disagree, whichever of the two is wrong.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chess::variant::{Dialect, Variant, VariantParser};
use serde_json::Value;

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../spec/conformance/v1")
}

/// One case as a plain JSON object, with its input bytes decoded.
struct Case {
    json: Value,
    input: Vec<u8>,
}

impl Case {
    fn str(&self, key: &str) -> &str {
        self.json.get(key).and_then(Value::as_str).unwrap_or("")
    }

    fn name(&self) -> &str {
        self.str("name")
    }

    fn strings(&self, key: &str) -> Vec<String> {
        self.json
            .get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Standard base64 with padding; the suite uses it for inputs that are not valid UTF-8 or
/// hold NUL bytes.
fn base64_decode(text: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for byte in text.bytes() {
        let value = match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            other => panic!("bad base64 byte {other:#x}"),
        };
        buffer = (buffer << 6) | u32::from(value);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    out
}

fn load(file: &str) -> Vec<Case> {
    let path = suite_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let json: Value = serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("{file}:{}: not JSON: {error}", i + 1));
            let input = match json.get("input_base64").and_then(Value::as_str) {
                Some(b64) => base64_decode(b64),
                None => json
                    .get("input")
                    .and_then(Value::as_str)
                    .unwrap_or_else(|| panic!("{file}:{}: no input", i + 1))
                    .as_bytes()
                    .to_vec(),
            };
            Case { json, input }
        })
        .collect()
}

/// What an implementation answered for one case, in the suite's terms.
#[derive(Debug, PartialEq)]
enum Answer {
    Accept {
        canonical: String,
        findings: Vec<String>,
    },
    Reject {
        code: String,
        ref_code: Option<i64>,
        offset: Option<u64>,
    },
}

fn expected(case: &Case) -> Answer {
    match case.str("verdict") {
        "accept" => Answer::Accept {
            canonical: case.str("canonical").to_owned(),
            findings: case.strings("findings"),
        },
        "reject" => Answer::Reject {
            code: case.str("code").to_owned(),
            ref_code: case.json.get("ref_code").and_then(Value::as_i64),
            offset: case.json.get("offset").and_then(Value::as_u64),
        },
        other => panic!("{}: unknown verdict {other:?}", case.name()),
    }
}

fn codes<'a>(codes: impl Iterator<Item = &'a str>) -> Vec<String> {
    codes
        .map(str::to_owned)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn answer_dfen(case: &Case) -> Answer {
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return Answer::Reject {
            code: "FENKIT001".to_owned(),
            ref_code: None,
            offset: None,
        };
    };
    let profile: dfen::Profile = case.str("profile").parse().expect("a DFEN profile");
    // A case read in Chess960 mode (v1/chess960.jsonl) says so.
    let mode = dfen::CastlingMode::from_chess960(case.str("castling") == "chess960");
    match dfen::Parser::new()
        .profile(profile)
        .castling_mode(mode)
        .parse(text)
    {
        Err(error) => Answer::Reject {
            code: error.code().as_str().to_owned(),
            ref_code: None,
            offset: None,
        },
        Ok(parsed) => {
            if let Some(error) = parsed
                .findings
                .iter()
                .find(|f| f.severity == dfen::Severity::Error)
            {
                return Answer::Reject {
                    code: error.code.as_str().to_owned(),
                    ref_code: None,
                    offset: None,
                };
            }
            // The engine dialect's answer is the position as read, as the reference
            // engine's writer writes it: spelling fixes only (spec/dfen.md §10).
            let answer = match profile {
                dfen::Profile::Engine => parsed.dfen.clone(),
                _ => parsed.fixed(),
            };
            let writer = dfen::Writer::new().profile(profile).castling_mode(mode);
            Answer::Accept {
                canonical: writer.write(&answer),
                findings: codes(parsed.findings.iter().map(|f| f.code.as_str())),
            }
        }
    }
}

fn answer_fen4(case: &Case) -> Answer {
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return Answer::Reject {
            code: "FENKIT001".to_owned(),
            ref_code: None,
            offset: None,
        };
    };
    match fen4::Parser::new().parse(text) {
        Err(error) => Answer::Reject {
            code: error.code().as_str().to_owned(),
            ref_code: Some(i64::from(error.ref_code())),
            offset: Some(error.offset() as u64),
        },
        Ok(parsed) => Answer::Accept {
            canonical: parsed.placement.to_string(),
            findings: codes(parsed.findings.iter().map(|f| f.code.as_str())),
        },
    }
}

/// A variant case, answered by `chess::variant`: the canonical form is the fixed position in
/// the dialect read, as `fenkit fmt` writes it (spec/conformance.md section 2). Three-check's
/// and crazyhouse's positions are judged by the `variants` library's rules, handed what `dfen`
/// read, as every surface of fenkit judges them (spec/variants.md §11).
fn answer_variant(case: &Case) -> Answer {
    let reject = |code: &str| Answer::Reject {
        code: code.to_owned(),
        ref_code: None,
        offset: None,
    };
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return reject("FENKIT001");
    };
    let variant: Variant = case
        .str("variant")
        .parse()
        .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
    let dialect: Dialect = case
        .str("dialect")
        .parse()
        .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
    let rules = match variant {
        Variant::ThreeCheck => Some(variants::Variant::ThreeCheck),
        Variant::Crazyhouse => Some(variants::Variant::Crazyhouse),
        _ => None,
    };
    let parser = VariantParser::new(variant)
        .dialect(dialect)
        .check_position(rules.is_none());
    match parser.parse(text) {
        Err(error) => reject(error.code().as_str()),
        Ok(parsed) => {
            let mut found: Vec<(String, bool)> = parsed
                .findings
                .iter()
                .map(|f| {
                    (
                        f.code.as_str().to_owned(),
                        f.severity == dfen::Severity::Error,
                    )
                })
                .collect();
            if let Some(rules) = rules {
                let position = variants::Position::from_variant_fen(rules, &parsed.position, false);
                found.extend(position.findings(text).iter().map(|f| {
                    (
                        f.code.as_str().to_owned(),
                        f.severity == dfen::Severity::Error,
                    )
                }));
            }
            match found.iter().find(|(_, error)| *error) {
                Some((code, _)) => reject(code),
                None => Answer::Accept {
                    canonical: parsed.fixed().display_as(dialect).to_string(),
                    findings: codes(found.iter().map(|(code, _)| code.as_str())),
                },
            }
        }
    }
}

/// Runs every case of a notation and returns the report of disagreements.
fn disagreements(cases: &[Case], answer: impl Fn(&Case) -> Answer) -> String {
    let mut report = String::new();
    for case in cases {
        let want = expected(case);
        let mut got = answer(case);
        // The suite pins the reference code and offset only where it states them.
        if let (
            Answer::Reject {
                ref_code: want_ref,
                offset: want_offset,
                ..
            },
            Answer::Reject {
                ref_code, offset, ..
            },
        ) = (&want, &mut got)
        {
            if want_ref.is_none() {
                *ref_code = None;
            }
            if want_offset.is_none() {
                *offset = None;
            }
        }
        if got != want {
            let _ = writeln!(
                report,
                "{}\n  input:    {:?}\n  expected: {want:?}\n  got:      {got:?}",
                case.name(),
                String::from_utf8_lossy(&case.input)
            );
        }
    }
    report
}

#[test]
fn dfen_cases_match_the_library() {
    let cases = load("dfen.jsonl");
    assert!(cases.len() >= 150, "only {} DFEN cases", cases.len());
    let report = disagreements(&cases, answer_dfen);
    assert!(report.is_empty(), "DFEN disagreements:\n{report}");
}

/// The cases read in Chess960 mode (`v1/chess960.jsonl`), each with `"castling": "chess960"`.
#[test]
fn chess960_cases_match_the_library() {
    let cases = load("chess960.jsonl");
    assert!(cases.len() >= 10, "only {} Chess960 cases", cases.len());
    for case in &cases {
        assert_eq!(case.str("castling"), "chess960", "{}", case.name());
    }
    let report = disagreements(&cases, answer_dfen);
    assert!(report.is_empty(), "Chess960 disagreements:\n{report}");
}

#[test]
fn fen4_cases_match_the_library() {
    let cases = load("fen4.jsonl");
    assert!(cases.len() >= 100, "only {} FEN4 cases", cases.len());
    let report = disagreements(&cases, answer_fen4);
    assert!(report.is_empty(), "FEN4 disagreements:\n{report}");
}

#[test]
fn variant_cases_match_the_library() {
    let cases = load("variants.jsonl");
    assert!(cases.len() >= 100, "only {} variant cases", cases.len());
    let report = disagreements(&cases, answer_variant);
    assert!(report.is_empty(), "variant disagreements:\n{report}");
}

/// The case files of the variants' rules (one per variant: `v1/antichess.jsonl` …), each
/// answered by the `variants` library: a text it cannot read is rejected with the `DFEN` code,
/// a position with an error finding with the first `VAR0xx` code; otherwise the position as
/// python-chess writes it and the codes of the warnings (spec/conformance.md section 2).
fn answer_rules_variant(case: &Case) -> Answer {
    let reject = |code: &str| Answer::Reject {
        code: code.to_owned(),
        ref_code: None,
        offset: None,
    };
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return reject("FENKIT001");
    };
    let variant: variants::Variant = case
        .str("variant")
        .parse()
        .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
    match variants::check(variant, text, false) {
        Err(error) => reject(error.code().as_str()),
        Ok(checked) => match checked
            .findings
            .iter()
            .find(|f| f.severity == dfen::Severity::Error)
        {
            Some(error) => reject(error.code.as_str()),
            None => Answer::Accept {
                canonical: checked.position.fen(),
                findings: codes(checked.findings.iter().map(|f| f.code.as_str())),
            },
        },
    }
}

/// The variants with a case file of their rules.
const RULES_VARIANTS: [&str; 8] = [
    "antichess",
    "giveaway",
    "atomic",
    "horde",
    "racingkings",
    "kingofthehill",
    "threecheck",
    "crazyhouse",
];

#[test]
fn rules_variant_cases_match_the_library() {
    let mut report = String::new();
    for name in RULES_VARIANTS {
        let cases = load(&format!("{name}.jsonl"));
        assert!(cases.len() >= 3, "only {} {name} cases", cases.len());
        let (mut accepted, mut rejected) = (0, 0);
        for case in &cases {
            assert_eq!(case.str("variant"), name, "{}", case.name());
            match case.str("verdict") {
                "accept" => accepted += 1,
                _ => rejected += 1,
            }
        }
        assert!(
            accepted > 0 && rejected > 0,
            "{name}: cases of both verdicts"
        );
        report.push_str(&disagreements(&cases, answer_rules_variant));
    }
    assert!(report.is_empty(), "variant rules disagreements:\n{report}");
}

/// Every code of a position's validity (`VAR0xx`, `VAR1xx`) appears in the variants' rules
/// files, as the code of a rejected case or among the findings of an accepted one.
#[test]
fn every_validity_code_is_covered() {
    let mut seen = BTreeSet::new();
    for name in RULES_VARIANTS {
        for case in load(&format!("{name}.jsonl")) {
            seen.insert(case.str("code").to_owned());
            seen.extend(case.strings("findings"));
        }
    }
    let missing: Vec<&str> = <variants::Code as fenkit_diagnostics::Code>::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| (c.starts_with("VAR0") || c.starts_with("VAR1")) && !seen.contains(*c))
        .collect();
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
}

/// Each variant has cases in each of its dialects, accepted and rejected, and the same
/// position is written in each dialect (cases whose names differ only by the dialect).
#[test]
fn variant_cases_cover_every_dialect() {
    let cases = load("variants.jsonl");
    let mut seen = BTreeSet::new();
    for case in &cases {
        seen.insert((
            case.str("variant").to_owned(),
            case.str("dialect").to_owned(),
            case.str("verdict").to_owned(),
        ));
    }
    for (variant, dialects) in [
        ("threecheck", &["essay", "stockfish", "lichess"][..]),
        ("crazyhouse", &["essay", "stockfish", "lichess"][..]),
        ("twomove", &["essay"][..]),
    ] {
        for dialect in dialects {
            for verdict in ["accept", "reject"] {
                let key = (
                    variant.to_owned(),
                    (*dialect).to_owned(),
                    verdict.to_owned(),
                );
                assert!(
                    seen.contains(&key),
                    "no {verdict} case for {variant} {dialect}"
                );
            }
        }
    }
    // The same position in each dialect: the essay form of every accepted case named
    // `y_<variant>_<dialect>_<rest>` is the same for each dialect that has `<rest>`.
    for rest in ["one_given", "promoted_rook", "pawn_first", "queen_first"] {
        let mut essays = BTreeSet::new();
        let mut dialects = 0;
        for case in &cases {
            if case.str("verdict") != "accept" || !case.name().ends_with(rest) {
                continue;
            }
            let variant: Variant = case.str("variant").parse().unwrap();
            let dialect: Dialect = case.str("dialect").parse().unwrap();
            let parsed = VariantParser::new(variant)
                .dialect(dialect)
                .parse(case.str("canonical"))
                .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
            essays.insert(parsed.fixed().to_string());
            dialects += 1;
        }
        assert!(dialects >= 2, "{rest}: only {dialects} dialects");
        assert_eq!(essays.len(), 1, "{rest}: {essays:?}");
    }
}

#[test]
fn rules_cases_match_the_library() {
    let cases = load("rules.jsonl");
    let mut report = String::new();
    for case in &cases {
        let text = std::str::from_utf8(&case.input).expect("rules inputs are text");
        let position: dfen::Dfen = text
            .parse()
            .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
        // The reading of the king-capture exemption the case is under (`first` unless it says).
        let reading: dfen::rules::KingCapture = case
            .json
            .get("king_capture")
            .and_then(Value::as_str)
            .unwrap_or("first")
            .parse()
            .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
        let legal = dfen::rules::Rules::new()
            .king_capture(reading)
            .legal_moves(&position)
            .unwrap_or_else(|error| panic!("{}: {error}", case.name()));
        let got: BTreeSet<String> = legal.iter().map(ToString::to_string).collect();
        let want: BTreeSet<String> = case.strings("moves").into_iter().collect();
        let want_len = case.json.get("l_star").and_then(Value::as_u64);
        if got != want || want_len != Some(u64::from(legal.max_len())) {
            let _ = writeln!(
                report,
                "{}\n  input: {text}\n  missing: {:?}\n  extra: {:?}\n  L*: expected {want_len:?}, got {}",
                case.name(),
                want.difference(&got).collect::<Vec<_>>(),
                got.difference(&want).collect::<Vec<_>>(),
                legal.max_len()
            );
        }
    }
    assert!(report.is_empty(), "rules disagreements:\n{report}");
}

#[test]
fn ndjson4_cases_match_the_library() {
    let mut report = String::new();
    for case in load("ndjson4.jsonl") {
        let text = std::str::from_utf8(&case.input).expect("NDJSON4 inputs are text");
        let found = fen4::validate_ndjson4(text);
        let got: Vec<String> = found
            .iter()
            .map(|f| format!("{}:{}", f.line, f.finding.code))
            .collect();
        let want: Vec<String> = case
            .json
            .get("findings")
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .map(|item| {
                        format!(
                            "{}:{}",
                            item.get("line").and_then(Value::as_u64).unwrap_or(0),
                            item.get("code").and_then(Value::as_str).unwrap_or("")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let rejected = found
            .iter()
            .any(|f| f.finding.severity == fen4::Severity::Error);
        let want_rejected = case.str("verdict") == "reject";
        let mut got_sorted = got.clone();
        got_sorted.sort();
        let mut want_sorted = want.clone();
        want_sorted.sort();
        if got_sorted != want_sorted || rejected != want_rejected {
            let _ = writeln!(
                report,
                "{}\n  input: {text:?}\n  expected: {} {want_sorted:?}\n  got: {} {got_sorted:?}",
                case.name(),
                case.str("verdict"),
                if rejected { "reject" } else { "accept" }
            );
        }
    }
    assert!(report.is_empty(), "NDJSON4 disagreements:\n{report}");
}

/// An EPD case, answered by `chess::epd`: refused on a syntax error or at its first error
/// finding; else the canonical line with every spelling fixed, the codes of every finding, and
/// the operations of the JSON form (spec/epd.md §6), which the case's `operations` must equal.
fn answer_epd(case: &Case) -> Answer {
    let reject = |code: &str| Answer::Reject {
        code: code.to_owned(),
        ref_code: None,
        offset: None,
    };
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return reject("FENKIT001");
    };
    let parsed = match chess::epd::EpdParser::new().parse(text) {
        Ok(parsed) => parsed,
        Err(error) => return reject(error.code()),
    };
    let mut codes_found: Vec<&str> = parsed
        .position_findings
        .iter()
        .map(|f| f.code.as_str())
        .collect();
    codes_found.extend(parsed.findings.iter().map(|f| f.code.as_str()));
    let first_error = parsed
        .position_findings
        .iter()
        .filter(|f| f.severity == dfen::Severity::Error)
        .map(|f| f.code.as_str())
        .chain(
            parsed
                .findings
                .iter()
                .filter(|f| f.severity == dfen::Severity::Error)
                .map(|f| f.code.as_str()),
        )
        .next();
    if let Some(code) = first_error {
        return reject(code);
    }
    let operations = serde_json::to_value(&chess::epd::EpdJson::from(&parsed.epd).operations)
        .expect("operations serialise");
    assert_eq!(
        Some(&operations),
        case.json.get("operations"),
        "{}: operations",
        case.name()
    );
    Answer::Accept {
        canonical: parsed.fixed().to_string(),
        findings: codes(codes_found.into_iter()),
    }
}

#[test]
fn epd_cases_match_the_library() {
    let cases = load("epd.jsonl");
    assert!(cases.len() >= 25, "only {} EPD cases", cases.len());
    let report = disagreements(&cases, answer_epd);
    assert!(report.is_empty(), "EPD disagreements:\n{report}");
}

/// A PGN case (`v1/pgn.jsonl`), answered by the `pgn` library over the whole input: rejected
/// at its first error (with that error's byte offset); else the text with every game's edits
/// applied and the codes of every finding. Every finding's code and byte span must equal the
/// case's `spans`, in the library's order.
fn answer_pgn(case: &Case) -> Answer {
    let Ok(text) = std::str::from_utf8(&case.input) else {
        return Answer::Reject {
            code: "FENKIT001".to_owned(),
            ref_code: None,
            offset: None,
        };
    };
    let mut findings = Vec::new();
    let mut edits = Vec::new();
    for game in pgn::Reader::new().games(text) {
        findings.extend(game.findings);
        edits.extend(game.edits);
    }
    let spans: Vec<Value> = findings
        .iter()
        .map(|f| serde_json::json!({"code": f.code.as_str(), "start": f.span.start, "end": f.span.end}))
        .collect();
    assert_eq!(
        Some(&Value::Array(spans)),
        case.json.get("spans"),
        "{}: spans",
        case.name()
    );
    if let Some(error) = findings
        .iter()
        .find(|f| f.severity == fenkit_diagnostics::Severity::Error)
    {
        return Answer::Reject {
            code: error.code.as_str().to_owned(),
            ref_code: None,
            offset: Some(error.span.start as u64),
        };
    }
    Answer::Accept {
        canonical: pgn::apply_edits(text, &edits),
        findings: codes(findings.iter().map(|f| f.code.as_str())),
    }
}

#[test]
fn pgn_cases_match_the_library() {
    let cases = load("pgn.jsonl");
    assert!(cases.len() >= 30, "only {} PGN cases", cases.len());
    let report = disagreements(&cases, answer_pgn);
    assert!(report.is_empty(), "PGN disagreements:\n{report}");
}

/// Every PGN code of the library is planted in some game of `v1/pgn.jsonl`, at its token.
#[test]
fn every_pgn_code_is_covered() {
    let mut seen = BTreeSet::new();
    for case in load("pgn.jsonl") {
        for span in case.json["spans"].as_array().expect("spans") {
            seen.insert(span["code"].as_str().expect("a code").to_owned());
        }
    }
    let missing: Vec<&str> = pgn::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !seen.contains(*c))
        .collect();
    assert!(missing.is_empty(), "PGN codes without a case: {missing:?}");
}

/// Every DFEN code and every FEN4 parse code appears in the suite, as the code of a rejected
/// case or among the findings of an accepted one.
#[test]
fn every_code_is_covered() {
    let mut seen = BTreeSet::new();
    for file in [
        "dfen.jsonl",
        "fen4.jsonl",
        "ndjson4.jsonl",
        "variants.jsonl",
    ] {
        for case in load(file) {
            seen.insert(case.str("code").to_owned());
            seen.extend(case.strings("findings"));
            if let Some(items) = case.json.get("findings").and_then(Value::as_array) {
                for item in items {
                    if let Some(code) = item.get("code").and_then(Value::as_str) {
                        seen.insert(code.to_owned());
                    }
                }
            }
        }
    }
    // DFEN40x and FEN44xx belong to the JSON forms, which the suite does not cover (their
    // examples are in spec/dfen.md §8 and spec/fen4.md, checked by each library's tests).
    // DFEN231, crazyhouse's material counted by `dfen`, is the library's alone: the suite's
    // crazyhouse positions are judged by the rules (VAR004, VAR005; spec/variants.md §11).
    let mut missing: Vec<&str> = dfen::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !c.starts_with("DFEN4") && *c != "DFEN231" && !seen.contains(*c))
        .collect();
    missing.extend(
        fen4::Code::ALL
            .iter()
            .map(|c| c.as_str())
            .filter(|c| !c.starts_with("FEN44") && !seen.contains(*c)),
    );
    assert!(missing.is_empty(), "codes without a case: {missing:?}");
}

/// Case names are unique, carry their verdict prefix, and the manifest counts them right.
#[test]
fn names_and_manifest() {
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(suite_dir().join("manifest.json")).expect("the manifest"),
    )
    .expect("the manifest is JSON");
    let mut names = BTreeSet::new();
    // The variants' rules files are listed apart, under `variant_rules`, one per variant.
    let rules_files = manifest["variant_rules"]
        .as_array()
        .expect("the variants' rules files");
    let listed: Vec<&str> = rules_files
        .iter()
        .map(|entry| entry["notation"].as_str().expect("a notation"))
        .collect();
    assert_eq!(listed, RULES_VARIANTS);
    for entry in manifest["files"]
        .as_array()
        .expect("a file list")
        .iter()
        .chain(rules_files)
    {
        let path = entry["path"].as_str().expect("a path");
        let notation = entry["notation"].as_str().expect("a notation");
        let cases = load(path);
        assert_eq!(
            Some(cases.len() as u64),
            entry["cases"].as_u64(),
            "case count of {path}"
        );
        for case in &cases {
            let name = case.name();
            assert!(names.insert(name.to_owned()), "duplicate case {name}");
            assert_eq!(case.str("notation"), notation, "{name}");
            assert!(!case.str("reason").is_empty(), "{name} has no reason");
            // Variant cases, and only they, name their variant and dialect; the cases of a
            // variant's rules name their variant, which is their file's.
            let rules_variant = RULES_VARIANTS.contains(&notation);
            assert_eq!(
                case.json.get("variant").is_some(),
                notation == "variants" || rules_variant,
                "{name}: `variant`"
            );
            assert_eq!(
                case.json.get("dialect").is_some(),
                notation == "variants",
                "{name}: `dialect`"
            );
            // The Chess960 cases, and only they, say how castling is read.
            assert_eq!(
                case.json.get("castling").is_some(),
                notation == "chess960",
                "{name}: `castling`"
            );
            let ok = match notation {
                "rules" => name.starts_with("rules_"),
                _ => {
                    let verdict = case.str("verdict");
                    (name.starts_with("y_") && verdict == "accept")
                        || (name.starts_with("n_") && verdict == "reject")
                        || name.starts_with("i_")
                }
            };
            assert!(ok, "{name}: prefix does not match its verdict");
            assert!(
                name.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{name}: names are lower case, digits and underscores"
            );
        }
    }
}
