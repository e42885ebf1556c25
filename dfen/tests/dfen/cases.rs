//! Table-driven valid and invalid inputs.

use dfen::{Parser, Profile, Severity};

/// Parses `input` with `profile`, and checks the canonical (fixed) output and the finding codes.
#[track_caller]
fn accepts(profile: Profile, input: &str, canonical: &str, codes: &[&str]) {
    let parsed = Parser::new()
        .profile(profile)
        .parse(input)
        .unwrap_or_else(|e| panic!("{input:?} rejected under {profile}: {e}"));
    let found: Vec<&str> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(found, codes, "finding codes of {input:?} under {profile}");
    assert_eq!(
        parsed.fixed().display_as(profile).to_string(),
        canonical,
        "canonical form of {input:?}"
    );
}

/// Checks that `input` is rejected with `code` at `span` under `profile`.
#[track_caller]
fn rejects(profile: Profile, input: &str, code: &str, span: std::ops::Range<usize>) {
    match Parser::new().profile(profile).parse(input) {
        Ok(parsed) => panic!("{input:?} accepted under {profile} as {}", parsed.dfen),
        Err(err) => {
            assert_eq!(err.code().as_str(), code, "code for {input:?}: {err}");
            assert_eq!(err.span(), span, "span for {input:?}: {err}");
            assert!(
                input.get(err.span()).is_some(),
                "span is not on a char boundary"
            );
        }
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -";

#[test]
fn canonical_inputs_have_no_findings() {
    for input in [
        START,
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 rqk",
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295 -",
    ] {
        accepts(Profile::Spec, input, input, &[]);
    }
}

#[test]
fn seed_five_phase_states_are_canonical() {
    // The dice field across one White turn, as the DFEN seed's table describes it.
    for input in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPP",
        "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR w KQkq a3 0 1 PP",
        "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P",
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
    ] {
        accepts(Profile::Spec, input, input, &[]);
    }
}

#[test]
fn non_canonical_forms_are_fixable() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            START,
            &["DFEN107"],
        ),
        (
            "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw  KQkq - 0 1 - ",
            START,
            &["DFEN106", "DFEN106", "DFEN106", "DFEN106"],
        ),
        (
            "rnbqkbnr/pppppppp/2141/8/8/8/PPPPPPPP/RNBQKBNR w kqQK - 000 01 -",
            START,
            &["DFEN104", "DFEN103", "DFEN105", "DFEN105"],
        ),
        (
            "4k3/8/8/p7/P1P5/8/8/4K3 w - c3a6a3 0 1 P",
            "4k3/8/8/p7/P1P5/8/8/4K3 w - a3a6c3 0 1 P",
            &["DFEN101"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 kbr",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 brk",
            &["DFEN102"],
        ),
    ];
    for (input, canonical, codes) in cases {
        accepts(Profile::Spec, input, canonical, codes);
    }
}

#[test]
fn fixable_findings_are_warnings_unless_strict() {
    let input = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let loose = Parser::new().parse(input).unwrap();
    assert_eq!(loose.findings[0].severity, Severity::Warning);
    assert!(!loose.has_errors());
    let strict = Parser::new().strict(true).parse(input).unwrap();
    assert_eq!(strict.findings[0].severity, Severity::Error);
    assert!(strict.has_errors());
}

#[test]
fn position_fixes_drop_what_cannot_affect_play() {
    let cases: &[(&str, &str, &[&str])] = &[
        // No rooks: no reading keeps the rights, which are dropped.
        (
            "4k3/8/8/8/8/8/8/3K4 w KQkq - 0 1 -",
            "4k3/8/8/8/8/8/8/3K4 w - - 0 1 -",
            &["DFEN220", "DFEN220", "DFEN220", "DFEN220"],
        ),
        // King on d1 and a rook on h1: `K` reads as Chess960 (`DFEN224`) and stays, written
        // as its rook's file, which reads back as that rook with nothing to report (`DFEN120`);
        // the others have no rook on their side and go.
        (
            "4k3/8/8/8/8/8/8/3K3R w KQkq - 0 1 -",
            "4k3/8/8/8/8/8/8/3K3R w H - 0 1 -",
            &["DFEN120", "DFEN224", "DFEN220", "DFEN220", "DFEN220"],
        ),
        // No pushed pawn, occupied square, stale own square.
        (
            "4k3/8/8/8/4P3/2N5/8/4K3 w - a3c3e3 0 1 -",
            "4k3/8/8/8/4P3/2N5/8/4K3 w - - 0 1 -",
            &["DFEN221", "DFEN222", "DFEN223"],
        ),
        // Mid-turn, the mover's own new targets stay.
        (
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 PN",
            "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1 PN",
            &[],
        ),
    ];
    for (input, canonical, codes) in cases {
        accepts(Profile::Spec, input, canonical, codes);
    }
}

#[test]
fn lenient_accepts_what_spec_rejects() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w KKQ - 0 1 -",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1 -",
            &["DFEN009"],
        ),
        (
            "4k3/8/8/8/P7/8/8/4K3 b - a3a3 0 1 -",
            "4k3/8/8/8/P7/8/8/4K3 b - a3 0 1 -",
            &["DFEN013"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pn",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN",
            &["DFEN012"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pn",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN",
            &["DFEN016"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 3",
            "4k3/8/8/8/8/8/8/4K3 w - - 3 1 -",
            &["DFEN109"],
        ),
    ];
    for (input, canonical, codes) in cases {
        accepts(Profile::Lenient, input, canonical, codes);
        let err = Parser::new()
            .profile(Profile::Spec)
            .parse(input)
            .unwrap_err();
        assert_eq!(
            err.code().as_str(),
            if codes[0] == "DFEN109" {
                "DFEN002"
            } else {
                codes[0]
            }
        );
    }
}

#[test]
fn engine_dialect_reads_and_writes_its_own_form() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 PN",
            "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 PN",
            &[],
        ),
        (
            "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 PN",
            "4k3/8/8/p7/2P5/8/8/4K3 w - c3a6 0 1 PN",
            &["DFEN101"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &[],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &["DFEN108"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - -",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            &["DFEN109"],
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 KBB",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1 bbk",
            &["DFEN012", "DFEN102"],
        ),
    ];
    for (input, canonical, codes) in cases {
        accepts(Profile::Engine, input, canonical, codes);
    }
    rejects(
        Profile::Engine,
        "4k3/8/8/8/8/8/8/4K3 w - - 128 1",
        "DFEN020",
        26..29,
    );
}

#[test]
fn spec_and_engine_convert_losslessly() {
    for spec_form in [
        "4k3/8/8/p7/2P5/8/8/4K3 w - a6c3 0 1 PN",
        START,
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
        "4k3/8/8/8/8/8/8/4K3 b - - 127 9 bbk",
    ] {
        let dfen: dfen::Dfen = spec_form.parse().unwrap();
        let engine = dfen.display_as(Profile::Engine).to_string();
        let back = Parser::new()
            .profile(Profile::Engine)
            .parse(&engine)
            .unwrap();
        assert!(back.findings.is_empty(), "{engine}: {:?}", back.findings);
        assert_eq!(back.dfen, dfen);
        assert_eq!(back.dfen.to_string(), spec_form);
    }
}

#[test]
fn syntax_errors_have_codes_and_spans() {
    let s = Profile::Spec;
    rejects(s, "", "DFEN021", 0..0);
    rejects(s, "   ", "DFEN021", 0..3);
    rejects(s, "8/8/8/8/8/8/8/8 w - -", "DFEN002", 21..21);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 1 - x", "DFEN002", 28..29);
    rejects(s, "8/8/8/8/8/8/8 w - - 0 1 -", "DFEN003", 0..13);
    rejects(s, "8/8/8/8/8/8/8/8/8 w - - 0 1 -", "DFEN003", 0..17);
    rejects(s, "8/8/8/8/8/8/8/3x4 w - - 0 1 -", "DFEN004", 15..16);
    rejects(s, "8/8/8/8/8/8/8/3é4 w - - 0 1 -", "DFEN004", 15..17);
    rejects(s, "8/8/8/8/8/8/8/7 w - - 0 1 -", "DFEN005", 14..15);
    rejects(s, "8/8/8/8/8/8/8/8K w - - 0 1 -", "DFEN005", 14..16);
    rejects(s, "8/8/8/8/8/8/8/54 w - - 0 1 -", "DFEN005", 14..16);
    rejects(s, "8/8/8/8/8/8/8/08 w - - 0 1 -", "DFEN006", 14..15);
    rejects(s, "8/8/8/8/8/8/8/9 w - - 0 1 -", "DFEN006", 14..15);
    rejects(s, "8/8/8/8/8/8/8/４4 w - - 0 1 -", "DFEN006", 14..17);
    rejects(s, "8/8/8/8/8/8/8/8 white - - 0 1 -", "DFEN007", 16..21);
    rejects(s, "8/8/8/8/8/8/8/8 w K- - 0 1 -", "DFEN008", 19..20);
    // A file letter is Chess960's rook file (Shredder-FEN): read in every profile but the
    // engine's, whose reader knows only `KQkq`.
    rejects(s, "8/8/8/8/8/8/8/8 w KX - 0 1 -", "DFEN008", 19..20);
    rejects(
        Profile::Engine,
        "8/8/8/8/8/8/8/8 w HAha - 0 1",
        "DFEN008",
        18..19,
    );
    rejects(s, "8/8/8/8/8/8/8/8 w KK - 0 1 -", "DFEN009", 19..20);
    rejects(s, "8/8/8/8/8/8/8/8 w - e33 0 1 -", "DFEN010", 20..23);
    rejects(s, "8/8/8/8/8/8/8/8 w - e9 0 1 -", "DFEN010", 20..22);
    rejects(s, "8/8/8/8/8/8/8/8 w - E3 0 1 -", "DFEN010", 20..22);
    rejects(s, "8/8/8/8/8/8/8/8 w - e3é 0 1 -", "DFEN010", 22..24);
    rejects(s, "8/8/8/8/8/8/8/8 w - e3e5 0 1 -", "DFEN011", 22..24);
    rejects(s, "8/8/8/8/8/8/8/8 w - e3e3 0 1 -", "DFEN013", 22..24);
    rejects(s, "8/8/8/8/8/8/8/8 b - - 0 1 PNB", "DFEN012", 26..29);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 1 PPPP", "DFEN014", 29..30);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 1 P1", "DFEN015", 27..28);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 1 pP", "DFEN016", 26..28);
    rejects(s, "8/8/8/8/8/8/8/8 w - - +1 1 -", "DFEN017", 22..24);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 1.5 -", "DFEN017", 24..27);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 ٣ -", "DFEN017", 24..26);
    rejects(s, "8/8/8/8/8/8/8/8 w - - 0 4294967296 -", "DFEN018", 24..34);
    // Fullmove 0 is no error: a fixable warning, written as 1, under spec and lenient alike.
    accepts(
        s,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0 -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        &["DFEN019"],
    );
    accepts(
        Profile::Lenient,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0 -",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        &["DFEN019"],
    );
    let long = "8".repeat(dfen::MAX_INPUT_LEN + 1);
    rejects(
        s,
        &long,
        "DFEN001",
        dfen::MAX_INPUT_LEN..dfen::MAX_INPUT_LEN + 1,
    );
}

#[test]
fn limits_hold_at_their_edges() {
    // Exactly MAX_INPUT_LEN bytes is read (and fails later for other reasons); one more is not.
    let padded = format!("{START}{}", " ".repeat(dfen::MAX_INPUT_LEN - START.len()));
    assert_eq!(padded.len(), dfen::MAX_INPUT_LEN);
    let parsed = Parser::new().parse(&padded).unwrap();
    assert_eq!(parsed.fixed().to_string(), START);
    let over = format!("{padded} ");
    let err = Parser::new().parse(&over).unwrap_err();
    assert_eq!((err.code().as_str(), err.span()), ("DFEN001", 1024..1025));
    // A character across the limit: the span starts where it does, so it slices the input.
    let across = format!("{}é", "a".repeat(dfen::MAX_INPUT_LEN - 1));
    let err = Parser::new().parse(&across).unwrap_err();
    assert_eq!((err.code().as_str(), err.span()), ("DFEN001", 1023..1025));
    assert_eq!(across.get(err.span()), Some("é"));
    // Clock edges.
    accepts(
        Profile::Spec,
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1 -",
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1 -",
        &[],
    );
    rejects(
        Profile::Spec,
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1 -",
        "DFEN018",
        26..36,
    );
    accepts(
        Profile::Engine,
        "4k3/8/8/8/8/8/8/4K3 w - - 127 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 127 1",
        &[],
    );
    rejects(
        Profile::Engine,
        "4k3/8/8/8/8/8/8/4K3 w - - 128 1",
        "DFEN020",
        26..29,
    );
}

#[test]
fn to_fen_is_lossless_or_says_what_it_drops() {
    let fresh: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 -"
        .parse()
        .unwrap();
    assert_eq!(
        fresh.to_fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let multi: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
        .parse()
        .unwrap();
    let (fen, dropped) = multi.to_fen_lossy();
    assert_eq!(
        fen,
        "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        dropped,
        ["the en-passant squares `a3c3e3` (standard FEN holds one)"]
    );
    assert!(multi.to_fen().is_err());
}

#[test]
fn json_round_trips_and_rejects_bad_values() {
    let dfen: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR w KQkq a3c3e3 0 1 N"
        .parse()
        .unwrap();
    let json = serde_json::to_value(&dfen).unwrap();
    assert_eq!(json["en_passant"], serde_json::json!(["a3", "c3", "e3"]));
    assert_eq!(json["dice"], serde_json::json!(["N"]));
    let back: dfen::Dfen = serde_json::from_value(json).unwrap();
    assert_eq!(back, dfen);
    for (bad, message) in [
        (
            r#"{"board":{"i9":"K"},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#,
            r#"$.board.i9: expected a square name such as "e4" as key, found "i9""#,
        ),
        (
            r#"{"board":{},"side":"red","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#,
            r#"$.side: expected "white" or "black", found "red""#,
        ),
        (
            // The JSON form names the side in full (spec/dfen.md §8); the letter is the text form's.
            r#"{"board":{},"side":"w","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":[]}"#,
            r#"$.side: expected "white" or "black", found "w""#,
        ),
        (
            r#"{"board":{},"side":"white","castling":[],"en_passant":["e4"],"halfmove":0,"fullmove":1,"dice":[]}"#,
            r#"$.en_passant[0]: expected a square on rank 3 or 6, such as "e3", found "e4""#,
        ),
        (
            r#"{"board":{},"side":"white","castling":[],"en_passant":[],"halfmove":0,"fullmove":1,"dice":["P","P","P","P"]}"#,
            "$.dice[3]: expected at most 3 dice, found 4 dice",
        ),
    ] {
        // serde's reader and the text reader say the same (serde adds where it stopped).
        let err = serde_json::from_str::<dfen::Dfen>(bad)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with(message), "{err}");
        assert_eq!(dfen::Dfen::from_json(bad).unwrap_err().to_string(), message);
    }
}
