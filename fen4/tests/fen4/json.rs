//! JSON form conversions, with snapshots of every issue message.

use std::collections::BTreeSet;
use std::fmt::Write;

use fen4::json::{self, JsonErrors};
use fen4::{Code, Placement};
use serde_json::{Value, json};

fn cases() -> Vec<(&'static str, Value)> {
    vec![
        (
            "pieces ok",
            json!({"0": "K", "4095": "k", "64": "Py", "8": "pw"}),
        ),
        ("pieces bare pawn", json!({"1": "P", "2": "p"})),
        ("pieces not object", json!(["K"])),
        (
            "pieces bad keys",
            json!({"4096": "K", "-1": "K", "01": "K", "x": "K", "": "k"}),
        ),
        (
            "pieces bad values",
            json!({"0": "X", "1": 5, "2": "P/w", "3": "Pz", "4": null}),
        ),
        (
            "structured ok",
            json!([{"piece":"K","color":"white","axis":null,"at":[0,0,0,0]},
                                 {"piece":"P","color":"black","axis":"y","at":[7,6,7,7]},
                                 {"piece":"Q","color":"black","at":[1,1,1,1]}]),
        ),
        ("structured not array", json!({"piece": "K"})),
        (
            "structured bad entries",
            json!([
                5,
                {"piece":"k","color":"white","axis":null,"at":[0,0,0,0]},
                {"piece":"P","color":"red","axis":"z","at":[0,0,0]},
                {"piece":"K","color":"white","axis":"w","at":[0,0,0,8], "extra": 1},
                {},
                {"piece":"K","color":"white","at":"0,0,0,0"},
            ]),
        ),
        (
            "structured duplicate",
            json!([
                {"piece":"K","color":"white","axis":null,"at":[0,0,0,0]},
                {"piece":"k","color":"black","axis":null,"at":[0,0,0,0]},
                {"piece":"K","color":"black","axis":null,"at":[0,0,0,0]},
            ]),
        ),
    ]
}

fn render(name: &str, v: &Value, codes: &mut BTreeSet<Code>) -> String {
    let result = if name.starts_with("pieces") {
        json::from_pieces_value(v)
    } else {
        json::from_structured_value(v)
    };
    let mut out = format!("{name}: {v}\n");
    for code in write_outcome(&mut out, result) {
        codes.insert(code);
    }
    out
}

/// Writes a reading's outcome under its case (`ok` and the placement, then each warning or
/// error) and returns the codes it reported.
fn write_outcome(out: &mut String, result: Result<json::Converted, JsonErrors>) -> Vec<Code> {
    let issues = match result {
        Ok(c) => {
            writeln!(out, "  ok {}", c.placement).unwrap();
            c.warnings
        }
        Err(JsonErrors { issues }) => issues,
    };
    for i in &issues {
        writeln!(out, "  {i}").unwrap();
    }
    issues.into_iter().map(|i| i.code).collect()
}

pub(crate) fn codes() -> BTreeSet<Code> {
    let mut codes = BTreeSet::new();
    for (name, v) in cases() {
        render(name, &v, &mut codes);
    }
    codes
}

#[test]
fn json_messages() {
    let mut codes = BTreeSet::new();
    let text: String = cases()
        .iter()
        .map(|(n, v)| render(n, v, &mut codes))
        .collect();
    insta::assert_snapshot!(text);
}

#[test]
fn error_display_summarises() {
    let e = json::from_pieces_value(&json!({"0": "X", "5000": "K"})).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2 errors, the first at $[\"0\"]: expected a piece spec (N B R Q K Pw Py n b r q k pw py), found \"X\""
    );
}

#[test]
fn forms_have_documented_shape() {
    let p: Placement = "4d-fen v1: K@0,0,0,1; py@7,6,7,7".parse().unwrap();
    assert_eq!(json::to_pieces_string(&p), r#"{"1":"K","4031":"py"}"#);
    assert_eq!(json::to_pieces_value(&p), json!({"1": "K", "4031": "py"}));
    assert_eq!(
        json::to_structured_value(&p),
        json!([
            {"piece":"K","color":"white","axis":null,"at":[0,0,0,1]},
            {"piece":"P","color":"black","axis":"y","at":[7,6,7,7]},
        ])
    );
    // The typed entry serialises to the same shape.
    let typed: Vec<json::StructuredPiece> = p
        .iter()
        .map(|(at, pc)| json::StructuredPiece::new(at, pc))
        .collect();
    assert_eq!(
        serde_json::to_value(&typed).unwrap(),
        json::to_structured_value(&p)
    );
}

#[test]
fn serde_of_model_types() {
    let p: Placement = "4d-fen v1: P/w@0,1,0,0; K@0,0,0,0".parse().unwrap();
    let s = serde_json::to_string(&p).unwrap();
    assert_eq!(s, "\"4d-fen v1: K@0,0,0,0; Pw@0,1,0,0\"");
    assert_eq!(serde_json::from_str::<Placement>(&s).unwrap(), p);
    let err = serde_json::from_str::<Placement>("\"4d-fen v1: K@9,0,0,0\"").unwrap_err();
    assert!(
        err.to_string().contains("coordinate x out of range"),
        "{err}"
    );
    let c = fen4::Coord::new(1, 2, 3, 4).unwrap();
    assert_eq!(serde_json::to_string(&c).unwrap(), "[1,2,3,4]");
    assert!(serde_json::from_str::<fen4::Coord>("[1,2,3,8]").is_err());
    assert_eq!(
        serde_json::to_string(&Code::Unsorted).unwrap(),
        "\"FEN4105\""
    );
    assert_eq!(
        serde_json::from_str::<Code>("\"FEN4105\"").unwrap(),
        Code::Unsorted
    );
}

/// JSON text with repeated keys, read by the text functions, which see every key.
fn text_cases() -> Vec<(&'static str, &'static str)> {
    vec![
        ("pieces repeated square", r#"{"0":"K","0":"k"}"#),
        (
            "pieces repeated square thrice",
            r#"{"4095":"k","0":"K","4095":"Q","4095":"k"}"#,
        ),
        ("pieces repeated bad key", r#"{"x":"K","x":"k"}"#),
        ("pieces escaped repeat", r#"{"1":"N","\u0031":"n"}"#),
        ("pieces not json", r#"{"0":"K""#),
        ("pieces not object text", r#"["K"]"#),
        (
            "structured repeated fields",
            r#"[{"piece":"K","color":"white","at":[0,0,0,0],"at":[1,0,0,0]},
                {"piece":"Q","piece":"K","color":"black","color":"black","axis":null,"at":[7,7,7,7]}]"#,
        ),
        ("structured not json", "[{]"),
        ("structured not array text", r#"{"piece":"K"}"#),
    ]
}

#[test]
fn json_text_messages() {
    let mut out = String::new();
    for (name, text) in text_cases() {
        let result = if name.starts_with("pieces") {
            json::from_pieces_str(text)
        } else {
            json::from_structured_str(text)
        };
        writeln!(out, "{name}: {text}").unwrap();
        let (ok, issues) = match result {
            Ok(converted) => (Some(converted.placement), converted.warnings),
            Err(JsonErrors { issues }) => (None, issues),
        };
        if let Some(placement) = ok {
            writeln!(out, "  ok {placement}").unwrap();
        }
        // Each issue, and the text it points at.
        for issue in &issues {
            let span = issue.span.clone().expect("text readers place every issue");
            writeln!(
                out,
                "  {issue}\n    at `{}` ({span:?})",
                &text[span.clone()]
            )
            .unwrap();
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn pieces_text_rejects_a_repeated_square() {
    let errs = json::from_pieces_str(r#"{"0":"K","0":"k"}"#).unwrap_err();
    assert_eq!(errs.issues.len(), 1);
    assert_eq!(errs.issues[0].code, Code::JsonDuplicateSquare);
    assert_eq!(errs.issues[0].code.as_str(), "FEN4405");
    assert_eq!(errs.issues[0].path, r#"$["0"]"#);
    assert_eq!(
        errs.to_string(),
        r#"$["0"]: duplicate square 0,0,0,0: it already holds 'K'"#
    );
}

#[test]
fn structured_text_rejects_a_repeated_field() {
    let text = r#"[{"piece":"K","color":"white","at":[0,0,0,0],"at":[1,0,0,0]}]"#;
    let errs = json::from_structured_str(text).unwrap_err();
    assert_eq!(errs.issues.len(), 1);
    assert_eq!(errs.issues[0].code, Code::BadEntryField);
    assert_eq!(
        errs.to_string(),
        "$[0].at: expected field \"at\" at most once, found it again with [1,0,0,0]"
    );
}

/// The same issues, but for their spans: a value has none, text has one each.
#[test]
fn text_and_value_readers_agree_without_repeats() {
    let without_spans = |issues: &mut Vec<json::JsonIssue>| {
        for issue in issues {
            assert!(issue.span.is_some(), "{issue}");
            issue.span = None;
        }
    };
    for (name, v) in cases() {
        let text = v.to_string();
        let (mut from_text, from_value) = if name.starts_with("pieces") {
            (json::from_pieces_str(&text), json::from_pieces_value(&v))
        } else {
            (
                json::from_structured_str(&text),
                json::from_structured_value(&v),
            )
        };
        match &mut from_text {
            Ok(converted) => without_spans(&mut converted.warnings),
            Err(errors) => without_spans(&mut errors.issues),
        }
        assert_eq!(from_text, from_value, "{name}: {text}");
    }
}
