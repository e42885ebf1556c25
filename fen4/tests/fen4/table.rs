//! Table-driven tests: one row per rule, with our code, the reference code and offset.

use fen4::{Code, Parser, Severity};

#[track_caller]
fn rejects(input: &str, code: Code, ref_code: i32, offset: usize) {
    match Parser::new().parse(input) {
        Ok(p) => panic!("{input:?} was accepted as {}", p.placement),
        Err(e) => {
            assert_eq!(
                (e.code(), e.ref_code(), e.offset()),
                (code, ref_code, offset),
                "{input:?}: {e}"
            );
            assert!(e.span().end <= input.len());
            assert!(input.is_char_boundary(e.span().start) && input.is_char_boundary(e.span().end));
            // The strict parser rejects it the same way.
            let s = Parser::new().strict(true).parse(input).unwrap_err();
            assert_eq!(s, e);
        }
    }
}

#[test]
fn syntax_errors_have_reference_codes_and_offsets() {
    // prefix: -2 at the first non-whitespace character
    rejects("", Code::MissingPrefix, -2, 0);
    rejects("   ", Code::MissingPrefix, -2, 3);
    rejects("K@0,0,0,0", Code::MissingPrefix, -2, 0);
    rejects("4d-fen  v1:", Code::MissingPrefix, -2, 0);
    rejects("4d-fen\tv1:", Code::MissingPrefix, -2, 0);
    rejects(" \n4D-FEN V1:", Code::MissingPrefix, -2, 2);
    rejects("4d-fen v1", Code::MissingPrefix, -2, 0);
    rejects("\u{a0}4d-fen v1:", Code::MissingPrefix, -2, 0);
    rejects("4d-fen v2: K@0,0,0,0", Code::UnsupportedVersion, -2, 0);
    rejects("\t4d-fen v10:", Code::UnsupportedVersion, -2, 1);
    // piece specs: -3 at the piece
    rejects("4d-fen v1: X@0,0,0,0", Code::UnknownPiece, -3, 11);
    rejects("4d-fen v1: ;", Code::UnknownPiece, -3, 11);
    rejects("4d-fen v1: K@0,0,0,0;;", Code::UnknownPiece, -3, 21);
    rejects("4d-fen v1: @0,0,0,0", Code::UnknownPiece, -3, 11);
    rejects("4d-fen v1: P@0,0,0,0", Code::PawnMissingAxis, -3, 11);
    rejects("4d-fen v1: p", Code::PawnMissingAxis, -3, 11);
    rejects("4d-fen v1: P/@0,0,0,0", Code::PawnMissingAxis, -3, 11);
    rejects("4d-fen v1: P w@0,0,0,0", Code::PawnMissingAxis, -3, 11);
    rejects("4d-fen v1: P//w@0,0,0,0", Code::PawnMissingAxis, -3, 11);
    rejects("4d-fen v1: Pz@0,0,0,0", Code::UnknownAxis, -3, 11);
    rejects("4d-fen v1: pW@0,0,0,0", Code::UnknownAxis, -3, 11);
    rejects("4d-fen v1: P/x@0,0,0,0", Code::UnknownAxis, -3, 11);
    rejects("4d-fen v1: K0,0,0,0", Code::MissingAt, -3, 12);
    rejects("4d-fen v1: K", Code::MissingAt, -3, 12);
    rejects("4d-fen v1: K  ;", Code::MissingAt, -3, 14);
    rejects("4d-fen v1: Kw@0,0,0,0", Code::MissingAt, -3, 12);
    // coordinates: -4 where the digit or comma was expected
    rejects("4d-fen v1: K@", Code::ExpectedDigit, -4, 13);
    rejects("4d-fen v1: K@a,0,0,0", Code::ExpectedDigit, -4, 13);
    rejects("4d-fen v1: K@0, 0,0,0", Code::ExpectedDigit, -4, 15);
    rejects("4d-fen v1: K@0,0,0,", Code::ExpectedDigit, -4, 19);
    rejects("4d-fen v1: K@-1,0,0,0", Code::ExpectedDigit, -4, 13);
    rejects("4d-fen v1: K@8,0,0,0", Code::DigitOutOfRange, -4, 13);
    rejects("4d-fen v1: K@0,0,0,9", Code::DigitOutOfRange, -4, 19);
    rejects("4d-fen v1: K@0,0,0", Code::ExpectedComma, -4, 18);
    rejects("4d-fen v1: K@0,0,0;", Code::ExpectedComma, -4, 18);
    rejects("4d-fen v1: K@10,0,0,0", Code::ExpectedComma, -4, 14);
    rejects("4d-fen v1: K@0 ,0,0,0", Code::ExpectedComma, -4, 14);
    // duplicate square: -5 just after the duplicate's coordinate
    rejects(
        "4d-fen v1: K@0,0,0,0; k@0,0,0,0",
        Code::DuplicateSquare,
        -5,
        31,
    );
    rejects(
        "4d-fen v1: K@0,0,0,0; k@0,0,0,0 x",
        Code::DuplicateSquare,
        -5,
        31,
    );
    rejects(
        "4d-fen v1: Pw@1,2,3,4;P/y@1,2,3,4;",
        Code::DuplicateSquare,
        -5,
        33,
    );
    // trailing garbage: -6 where ';' or the end was expected
    rejects(
        "4d-fen v1: K@0,0,0,0 k@1,1,1,1",
        Code::TrailingInput,
        -6,
        21,
    );
    rejects("4d-fen v1: K@0,0,0,0 x", Code::TrailingInput, -6, 21);
    rejects("4d-fen v1: K@0,0,0,0,1", Code::CoordTooLong, -6, 20);
    // Once whitespace follows the coordinate, a `,` is no longer part of it (fen4.md §5.1).
    rejects("4d-fen v1: K@0,0,0,0 ,", Code::TrailingInput, -6, 21);
    rejects("4d-fen v1: K@0,0,0,01", Code::CoordTooLong, -6, 20);
    rejects("4d-fen v1: K@0,0,0,0 1", Code::TrailingInput, -6, 21);
    rejects("4d-fen v1: K@0,0,0,0\0", Code::NulByte, -6, 20);
    rejects("4d-fen v1: K@0,0,0,0\0; k@1,1,1,1", Code::NulByte, -6, 20);
    // offsets count characters, not bytes
    rejects("4d-fen v1: K@0,0,0,0 é", Code::TrailingInput, -6, 21);
    rejects("é", Code::MissingPrefix, -2, 0);
    rejects("4d-fen v1: 😀@0,0,0,0", Code::UnknownPiece, -3, 11);
}

#[test]
fn error_spans_cover_the_offending_text() {
    let cases: &[(&str, &str)] = &[
        ("4d-fen v1: K@0,0,0,0; k@0,0,0,0", "k@0,0,0,0"),
        ("4d-fen v1: Pz@0,0,0,0", "Pz"),
        ("4d-fen v1: P/x@0,0,0,0", "P/x"),
        ("4d-fen v1: K@0,0,é,0", "é"),
        ("4d-fen v2: K@0,0,0,0", "4d-fen v2:"),
        ("  4d-fen  v1: K@0,0,0,0", "4d-fen  v1"),
        ("4d-fen v1: K@0,0,0", ""),
    ];
    for (input, text) in cases {
        let e = Parser::new().parse(input).unwrap_err();
        assert_eq!(&input[e.span()], *text, "{input:?}");
    }
}

#[track_caller]
fn accepts(input: &str, canonical: &str, fixes: &[Code]) {
    let parsed = Parser::new()
        .parse(input)
        .unwrap_or_else(|e| panic!("{input:?} rejected: {e}"));
    assert_eq!(parsed.placement.to_string(), canonical, "{input:?}");
    let got: Vec<Code> = parsed
        .findings
        .iter()
        .filter(|f| f.fixable)
        .map(|f| f.code)
        .collect();
    assert_eq!(got, fixes, "{input:?}");
    for f in &parsed.findings {
        assert_eq!(f.severity, Severity::Warning);
        assert!(f.span.end <= input.len());
    }
    let strict = Parser::new().strict(true).parse(input);
    match fixes.first() {
        None => assert!(strict.is_ok(), "{input:?}"),
        Some(first) => {
            let e = strict.unwrap_err();
            assert_eq!((e.code(), e.ref_code()), (*first, 0), "{input:?}");
        }
    }
}

#[test]
fn accepted_forms_and_their_fixable_findings() {
    use Code::*;
    accepts("4d-fen v1:", "4d-fen v1:", &[]);
    accepts(
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        &[],
    );
    accepts("4d-fen v1: ", "4d-fen v1:", &[TrailingWhitespace]);
    accepts(" 4d-fen v1:", "4d-fen v1:", &[LeadingWhitespace]);
    accepts(
        "\r\n\t4d-fen v1: K@0,0,0,0",
        "4d-fen v1: K@0,0,0,0",
        &[LeadingWhitespace],
    );
    accepts(
        "4d-fen v1: P/w@0,1,0,0",
        "4d-fen v1: Pw@0,1,0,0",
        &[SlashPawn],
    );
    accepts(
        "4d-fen v1: p/y@0,1,0,0",
        "4d-fen v1: py@0,1,0,0",
        &[SlashPawn],
    );
    accepts("4d-fen v1:K@0,0,0,0", "4d-fen v1: K@0,0,0,0", &[Spacing]);
    accepts("4d-fen v1:  K@0,0,0,0", "4d-fen v1: K@0,0,0,0", &[Spacing]);
    accepts("4d-fen v1: K @0,0,0,0", "4d-fen v1: K@0,0,0,0", &[Spacing]);
    accepts("4d-fen v1: K@\t0,0,0,0", "4d-fen v1: K@0,0,0,0", &[Spacing]);
    accepts(
        "4d-fen v1: K@0,0,0,0 ;k@7,7,7,7",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        &[Spacing, Spacing],
    );
    accepts(
        "4d-fen v1: K@0,0,0,0;",
        "4d-fen v1: K@0,0,0,0",
        &[TrailingSemicolon],
    );
    accepts(
        "4d-fen v1: K@0,0,0,0 ; \n",
        "4d-fen v1: K@0,0,0,0",
        &[Spacing, TrailingSemicolon, TrailingWhitespace],
    );
    accepts(
        "4d-fen v1: K@0,0,0,0 ",
        "4d-fen v1: K@0,0,0,0",
        &[TrailingWhitespace],
    );
    accepts(
        "4d-fen v1:\nK@0,0,0,0",
        "4d-fen v1: K@0,0,0,0",
        &[MultiLine],
    );
    accepts(
        "4d-fen v1: K@0,0,0,0;\r\nk@7,7,7,7",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        &[MultiLine],
    );
    accepts(
        "4d-fen v1: k@7,7,7,7; K@0,0,0,0",
        "4d-fen v1: K@0,0,0,0; k@7,7,7,7",
        &[Unsorted],
    );
    // the seed's multi-line example
    accepts(
        "4d-fen v1:\n    K @ 0,0,0,0 ;\n    k @ 7,7,7,7 ;\n    Pw @ 0,1,0,0 ;\n",
        "4d-fen v1: K@0,0,0,0; Pw@0,1,0,0; k@7,7,7,7",
        &[
            MultiLine,
            Spacing,
            Spacing,
            Spacing,
            MultiLine,
            Spacing,
            Spacing,
            Spacing,
            MultiLine,
            Unsorted,
            Spacing,
            Spacing,
            Spacing,
            TrailingSemicolon,
            TrailingWhitespace,
        ],
    );
}

#[track_caller]
fn warns(input: &str, warnings: &[(Code, &str)]) {
    let parsed = Parser::new().strict(true).parse(input).unwrap();
    let got: Vec<(Code, String)> = parsed
        .findings
        .iter()
        .map(|f| (f.code, f.message.to_string()))
        .collect();
    let want: Vec<(Code, String)> = warnings
        .iter()
        .map(|(c, m)| (*c, (*m).to_owned()))
        .collect();
    assert_eq!(got, want, "{input:?}");
}

#[test]
fn semantic_warnings_never_change_the_verdict() {
    use Code::*;
    warns("4d-fen v1: K@0,0,0,0; k@7,7,7,7", &[]);
    warns(
        "4d-fen v1:",
        &[
            (MissingKing, "white has no king"),
            (MissingKing, "black has no king"),
        ],
    );
    warns(
        "4d-fen v1: K@0,0,0,0",
        &[(MissingKing, "black has no king")],
    );
    warns(
        "4d-fen v1: K@0,0,0,0; K@0,0,0,1; K@0,0,0,2; k@7,7,7,7",
        &[(ExtraKing, "white has 3 kings: expected at most one")],
    );
    let p = Parser::new()
        .parse("4d-fen v1: K@0,0,0,0; K@0,0,0,1; k@7,7,7,7")
        .unwrap();
    assert_eq!(p.findings[0].span, 22..31);
}

#[test]
fn version_two_message_names_the_version() {
    let e = Parser::new().parse("4d-fen v2: K@0,0,0,0").unwrap_err();
    assert_eq!(e.ref_code(), -2);
    assert!(e.to_string().contains("unsupported fen4 version v2"));
    assert!(e.to_string().contains("reads v1"));
}

#[track_caller]
fn strict_rejects(input: &str, code: Code, offset: usize, text: &str) {
    assert!(
        Parser::new().parse(input).is_ok(),
        "{input:?} accepted by default"
    );
    let e = Parser::new().strict(true).parse(input).unwrap_err();
    assert_eq!(
        (e.code(), e.ref_code(), e.offset()),
        (code, 0, offset),
        "{input:?}: {e}"
    );
    assert_eq!(&input[e.span()], text, "{input:?}");
}

#[test]
fn strict_mode_rejects_each_fixable_form_at_its_offset() {
    use Code::*;
    strict_rejects("4d-fen v1: P/w@0,1,0,0", SlashPawn, 12, "/");
    strict_rejects("4d-fen v1: K @0,0,0,0", Spacing, 12, " ");
    strict_rejects("4d-fen v1: K@ 0,0,0,0", Spacing, 13, " ");
    strict_rejects("4d-fen v1: K@0,0,0,0 ; k@7,7,7,7", Spacing, 20, " ");
    strict_rejects("4d-fen v1: K@0,0,0,0;k@7,7,7,7", Spacing, 21, "");
    strict_rejects("4d-fen v1: K@0,0,0,0;\tk@7,7,7,7", Spacing, 21, "\t");
    strict_rejects("4d-fen v1:K@0,0,0,0", Spacing, 10, "");
    strict_rejects("4d-fen v1:\r\n K@0,0,0,0", MultiLine, 10, "\r\n ");
    strict_rejects("4d-fen v1: K@0,0,0,0;", TrailingSemicolon, 20, ";");
    strict_rejects("4d-fen v1: K@0,0,0,1; k@0,0,0,0", Unsorted, 22, "k@0,0,0,0");
    strict_rejects("\n\n4d-fen v1:", LeadingWhitespace, 0, "\n\n");
    strict_rejects("4d-fen v1: K@0,0,0,0\n", TrailingWhitespace, 20, "\n");
    strict_rejects("4d-fen v1:  ", TrailingWhitespace, 10, "  ");
    strict_rejects("4d-fen v1: K@0,0,0,0;  k@7,7,7,7", Spacing, 21, "  ");
}
