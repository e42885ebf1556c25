//! NDJSON4 validation: snapshots of every finding, and streaming state.

use std::collections::BTreeSet;
use std::fmt::Write;

use fen4::{Code, Ndjson4Validator, validate_ndjson4};

const FILE: &str = r#"{"bridge_version": "1.0"}
{"ply":0,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@1,1,0,0"}
{"ply":1,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@1,1,0,1","move_from":[1,1,0,0],"move_to":[1,1,0,1]}

{"ply":2,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7; Pw@1,1,0,1","move_from":[2,2,2,2],"move_to":[2,2,2,3]}
{"ply":3,"fen4":"4d-fen v1: K@0,0,0,0; k@7,7,7,7; Q@1,1,0,2"}
{"ply":5,"fen4":"4d-fen v1: K@0,0,0,1; k@7,7,7,7","move_from":[0,0,0,0],"move_to":[0,0,0,2],"promo":0,"flags":0}
{"ply":6,"fen4":"4d-fen v1: K@0,0,0,1; k@7,7,7,7; N@0,0,0,2","move_from":[0,0,0,1],"move_to":[0,0,0,2],"promo":3}
{"ply" :7, "fen4":"4d-fen v1: K@0,0,0,1;\u0020k@7,7,7,7"} trailing
[1,2,3]
{"ply":1.5,"fen4":5}
{"ply":true}
{"ply":-1,"fen4":"4d-fen v1:","move_from":[0,0,0,9],"promo":"3","flags":null}
{"fen4":"4d-fen v1:","move_from":[0,0,0],"move_to":"a","promo":256,"flags":[1]}
{"fen4":"4d-fen v1: K@0,0,0,0 k@1,1,1,1"}
{"fen4":"4d-fen v1:\tK@0,0,0,0 x"}
{"fen4": "4d-fen v1:"
{"fen4":"4d-fen v1:","move_from":[0,0,0,"a"],"move_to":[0,0,0,0]}
"#;

pub(crate) fn codes() -> BTreeSet<Code> {
    validate_ndjson4(FILE)
        .into_iter()
        .map(|f| f.finding.code)
        .collect()
}

#[test]
fn ndjson4_messages() {
    let mut text = String::new();
    let lines: Vec<&str> = FILE.split('\n').collect();
    for lf in validate_ndjson4(FILE) {
        let f = &lf.finding;
        let line = lines[lf.line - 1];
        writeln!(
            text,
            "line {} {f} span {:?} = {:?}{}",
            lf.line,
            f.span,
            &line[f.span.clone()],
            f.help
                .as_deref()
                .map(|h| format!("\n    help: {h}"))
                .unwrap_or_default()
        )
        .unwrap();
    }
    insta::assert_snapshot!(text);
}

#[test]
fn clean_file_has_no_findings() {
    let text = "{\"ply\":0,\"fen4\":\"4d-fen v1: K@0,0,0,0; k@7,7,7,7\"}\r\n\
                {\"ply\":1,\"fen4\":\"4d-fen v1: K@0,0,0,1; k@7,7,7,7\",\"move_from\":[0,0,0,0],\"move_to\":[0,0,0,1],\"promo\":0,\"flags\":0}\n";
    assert_eq!(validate_ndjson4(text), vec![]);
}

#[test]
fn streaming_matches_whole_file() {
    let mut v = Ndjson4Validator::new();
    let streamed: Vec<(usize, Code)> = FILE
        .split('\n')
        .enumerate()
        .flat_map(|(i, l)| {
            v.check_line(i + 1, l)
                .into_iter()
                .map(move |f| (i + 1, f.code))
        })
        .collect();
    let whole: Vec<(usize, Code)> = validate_ndjson4(FILE)
        .into_iter()
        .map(|f| (f.line, f.finding.code))
        .collect();
    assert_eq!(streamed, whole);
}

#[test]
fn invalid_json_resets_continuity() {
    let text = "{\"ply\":0,\"fen4\":\"4d-fen v1:\"}\n{oops\n{\"ply\":5,\"fen4\":\"4d-fen v1:\"}\n";
    let codes: Vec<(usize, Code)> = validate_ndjson4(text)
        .into_iter()
        .map(|f| (f.line, f.finding.code))
        .collect();
    assert_eq!(codes, vec![(2, Code::InvalidJson)]);
}
