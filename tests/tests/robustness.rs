//! The libraries' limits (`spec/limits.md`) at their edges: the last value accepted and the
//! first one refused, with its code. Edges already pinned elsewhere are named in the spec and
//! not repeated here (the DFEN input length and clock overflow in `dfen/tests/dfen/cases.rs`,
//! the 4,096-piece FEN4 board in `fen4/tests/fen4/props.rs`); the CLI's limits are tested in
//! `convert-cli/tests/hostile.rs`.

use dfen::{Parser, Profile};

/// The codes of the findings of `input` (which must parse) under `profile`.
#[track_caller]
fn dfen_codes(profile: Profile, input: &str) -> Vec<&'static str> {
    match Parser::new().profile(profile).parse(input) {
        Ok(parsed) => parsed.findings.iter().map(|f| f.code.as_str()).collect(),
        Err(err) => panic!("{input:?} rejected under {profile}: {err}"),
    }
}

/// The code `input` is rejected with under `profile`.
#[track_caller]
fn dfen_rejection(profile: Profile, input: &str) -> &'static str {
    match Parser::new().profile(profile).parse(input) {
        Ok(parsed) => panic!("{input:?} accepted under {profile} as {}", parsed.dfen),
        Err(err) => err.code().as_str(),
    }
}

#[test]
fn dfen_clocks() {
    let k = "4k3/8/8/8/8/8/8/4K3 w - -";
    // The largest fullmove number; zero is a fixable warning (written as 1), refused only by
    // the engine dialect.
    assert!(dfen_codes(Profile::Spec, &format!("{k} 0 4294967295 -")).is_empty());
    assert_eq!(
        dfen_codes(Profile::Spec, &format!("{k} 0 0 -")),
        ["DFEN019"]
    );
    assert_eq!(
        dfen_rejection(Profile::Engine, &format!("{k} 0 0")),
        "DFEN019"
    );
    assert_eq!(
        dfen_codes(Profile::Lenient, &format!("{k} 0 0 -")),
        ["DFEN019"]
    );
    // Leading zeros do not count towards the range: only the value does.
    let padded = format!("{k} 0000000000004294967295 1 -");
    assert_eq!(dfen_codes(Profile::Spec, &padded), ["DFEN105"]);
    let parsed = Parser::new().parse(&padded).unwrap();
    assert_eq!(parsed.dfen.halfmove, u32::MAX);
    assert_eq!(
        dfen_rejection(Profile::Spec, &format!("{k} 0000000000004294967296 1 -")),
        "DFEN018"
    );
    // A fullmove number far past the range is refused, not wrapped.
    assert_eq!(
        dfen_rejection(Profile::Spec, &format!("{k} 0 {} -", "9".repeat(900))),
        "DFEN018"
    );
}

#[test]
fn dfen_dice_en_passant_and_piece_counts() {
    let s = Profile::Spec;
    // Three dice, not four.
    assert!(dfen_codes(s, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 KKK").is_empty());
    assert_eq!(
        dfen_rejection(s, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 KKKK"),
        "DFEN014"
    );
    // Three en-passant targets of one colour (a turn has at most three micro-moves), not four.
    assert!(dfen_codes(s, "4k3/8/8/8/P1P1P3/8/8/4K3 b - a3c3e3 0 1 -").is_empty());
    assert_eq!(
        dfen_codes(s, "4k3/8/8/8/P1P1P1P1/8/8/4K3 b - a3c3e3g3 0 1 -"),
        ["DFEN203"]
    );
    // Sixteen pieces of a colour, not seventeen; eight pawns, not nine.
    assert!(dfen_codes(s, "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -").is_empty());
    assert_eq!(
        dfen_codes(s, "4k3/8/8/8/8/P7/PPPPPPPP/RNBQKBNR w - - 0 1 -"),
        ["DFEN211", "DFEN212"]
    );
    assert_eq!(
        dfen_codes(s, "4k3/8/8/8/8/Q7/PPPPPPPP/RNBQKBNR w - - 0 1 -"),
        ["DFEN211", "DFEN213"]
    );
}

#[test]
fn fen4_coordinates_and_squares() {
    let parser = fen4::Parser::new();
    assert_eq!(
        parser
            .parse("4d-fen v1: K@7,7,7,7")
            .unwrap()
            .placement
            .len(),
        1
    );
    for (input, code) in [
        ("4d-fen v1: K@8,7,7,7", "FEN4008"),
        ("4d-fen v1: K@7,7,7,8", "FEN4008"),
        // A square holds one piece, so no literal has more than 4,096.
        ("4d-fen v1: K@0,0,0,0; k@0,0,0,0", "FEN4010"),
    ] {
        let err = parser.parse(input).unwrap_err();
        assert_eq!(err.code().as_str(), code, "{input}: {err}");
        assert!(input.get(err.span()).is_some());
    }
}

/// The findings' codes of one NDJSON4 line.
fn ndjson4_codes(line: &str) -> Vec<&'static str> {
    fen4::Ndjson4Validator::new()
        .check_line(1, line)
        .iter()
        .map(|f| f.code.as_str())
        .collect()
}

#[test]
fn ndjson4_numbers_and_nesting() {
    let frame = r#""fen4":"4d-fen v1: K@0,0,0,0""#;
    // JSON nesting: 128 levels below the record object are read, 129 are not.
    let nested = |levels: usize| {
        format!(
            "{{{frame},\"x\":{}{}}}",
            "[".repeat(levels),
            "]".repeat(levels)
        )
    };
    assert!(ndjson4_codes(&nested(128)).is_empty());
    assert_eq!(ndjson4_codes(&nested(129)), ["FEN4301"]);
    // promo and flags: 0 to 255.
    assert!(ndjson4_codes(&format!("{{{frame},\"promo\":255,\"flags\":0}}")).is_empty());
    assert_eq!(
        ndjson4_codes(&format!("{{{frame},\"promo\":256}}")),
        ["FEN4310"]
    );
    assert_eq!(
        ndjson4_codes(&format!("{{{frame},\"flags\":-1}}")),
        ["FEN4311"]
    );
    // ply: any integer that fits in 64 bits without sign.
    assert!(ndjson4_codes(&format!("{{\"ply\":18446744073709551615,{frame}}}")).is_empty());
    assert_eq!(
        ndjson4_codes(&format!("{{\"ply\":18446744073709551616,{frame}}}")),
        ["FEN4306"]
    );
    // Move coordinates: 0 to 7 on each axis.
    let mv = |to: &str| {
        format!(r#"{{"fen4":"4d-fen v1: K@0,0,0,7","move_from":[0,0,0,0],"move_to":[{to}]}}"#)
    };
    assert!(ndjson4_codes(&mv("0,0,0,7")).is_empty());
    assert!(ndjson4_codes(&mv("0,0,0,8")).contains(&"FEN4309"));
}
