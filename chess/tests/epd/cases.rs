//! Table-driven cases: the grammar, every opcode's operands, moves and variations, the
//! canonical form, conversion to and from FEN and JSON, the FEN layout's messages, ids across
//! lines and perft counts.

use chess::epd::{Epd, EpdJson, EpdParser, IdTracker, OpcodeKind};
use dfen::{Layout, Parser, Profile, Severity};

/// Reads `line` and returns its canonical form and every code found (position first), notes
/// last as `note:CODE`.
#[track_caller]
fn read(line: &str) -> (String, Vec<String>) {
    let parsed = EpdParser::new()
        .parse(line)
        .unwrap_or_else(|e| panic!("{line:?} is refused: {e}"));
    for finding in &parsed.findings {
        assert!(
            line.get(finding.span.clone()).is_some(),
            "{line}: {finding:?}"
        );
    }
    let mut codes: Vec<String> = parsed
        .position_findings
        .iter()
        .map(|f| f.code.to_string())
        .collect();
    codes.extend(parsed.findings.iter().map(|f| f.code.to_string()));
    codes.extend(parsed.notes.iter().map(|n| format!("note:{}", n.code)));
    (parsed.epd.to_string(), codes)
}

#[track_caller]
fn reads_as(line: &str, canonical: &str, codes: &[&str]) {
    let (written, found) = read(line);
    assert_eq!(written, canonical, "{line}");
    assert_eq!(found, codes, "{line}");
    // The canonical form reads back to itself, with no spelling left to fix.
    let (again, left) = read(&written);
    assert_eq!(again, written);
    assert!(
        left.iter().all(|code| !code.starts_with("EPD1")),
        "{written}: {left:?}"
    );
}

#[track_caller]
fn refused(line: &str, code: &str, span: std::ops::Range<usize>) {
    let error = EpdParser::new().parse(line).unwrap_err();
    assert_eq!(
        (error.code(), error.span()),
        (code, span),
        "{line}: {error}"
    );
}

const K: &str = "4k3/8/8/8/8/8/8/4K3 w - -";

#[test]
fn the_grammar_of_operations() {
    reads_as(K, K, &[]);
    reads_as(
        &format!("{K} id \"BK.01\";"),
        &format!("{K} id \"BK.01\";"),
        &[],
    );
    // A `;` inside a string belongs to it; escapes are undone and written again.
    reads_as(
        &format!(r#"{K} c0 "bm f7g8; am h5h1"; c1 "say \"hi\" \\o/";"#),
        &format!(r#"{K} c0 "bm f7g8; am h5h1"; c1 "say \"hi\" \\o/";"#),
        &[],
    );
    // No operands.
    reads_as(
        &format!("{K} noop; draw_offer;"),
        &format!("{K} noop; draw_offer;"),
        &[],
    );
    reads_as(&format!("{K} noop"), &format!("{K} noop;"), &["EPD101"]);
    reads_as(
        &format!("{K} noop;; id \"x\";"),
        &format!("{K} noop; id \"x\";"),
        &["EPD102"],
    );
    reads_as(
        &format!("{K}\tnoop ;  id \"x\"; "),
        &format!("{K} noop; id \"x\";"),
        &["EPD104", "EPD104", "EPD104", "EPD104"],
    );
    reads_as(
        &format!("{K} noop a 1 \"b c\";"),
        &format!("{K} noop a 1 \"b c\";"),
        &[],
    );
}

#[test]
fn clocks_where_the_operations_belong() {
    for (line, canonical) in [
        (format!("{K} 0 1"), format!("{K} hmvc 0; fmvn 1;")),
        (format!("{K} 0 1;"), format!("{K} hmvc 0; fmvn 1;")),
        (
            format!("{K} 8 47; id \"x\";"),
            format!("{K} hmvc 8; fmvn 47; id \"x\";"),
        ),
        (
            format!("{K} 1 9 id \"x\";"),
            format!("{K} hmvc 1; fmvn 9; id \"x\";"),
        ),
        (format!("{K} 5 id \"x\";"), format!("{K} hmvc 5; id \"x\";")),
    ] {
        reads_as(&line, &canonical, &["EPD105"]);
    }
    let parsed = EpdParser::new().parse(&format!("{K} 12 13")).unwrap();
    assert_eq!(
        parsed.epd.to_fen().unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 12 13"
    );
    // Clocks elsewhere are not an opcode.
    refused(&format!("{K} id \"x\"; 0 1;"), "EPD002", 34..35);
    // Not clocks: digits that run into letters.
    refused(&format!("{K} 12abc;"), "EPD002", 26..31);
}

#[test]
fn the_perft_layout_is_read_exactly() {
    reads_as(
        "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66",
        "4k3/8/8/8/8/8/8/4K2R w K - D1 15; D2 66;",
        &["EPD103"],
    );
    reads_as(
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197",
        "4k3/8/8/8/8/8/8/4K2R w K - hmvc 0; fmvn 1; D1 15; D2 66; D3 1197;",
        &["EPD105", "EPD103"],
    );
    let parsed = EpdParser::new()
        .parse("4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66")
        .unwrap();
    let counts: Vec<(u32, u64)> = parsed.epd.perft_counts().collect();
    assert_eq!(counts, [(1, 15), (2, 66)]);
    // A `;` before the first operation and after the last: an empty operation, not the layout.
    reads_as(&format!("{K} ; noop;"), &format!("{K} noop;"), &["EPD102"]);
}

#[test]
fn syntax_errors_stop_the_line() {
    refused(&format!("{K} c0 \"open;"), "EPD003", 29..35);
    refused(&format!("{K} id \"a\"b;"), "EPD004", 32..33);
    refused(&format!("{K} noop a\"b;"), "EPD005", 32..33);
    refused(&format!("{K} 9lives;"), "EPD002", 26..32);
    refused(&format!("{K} an_opcode_too_long;"), "EPD002", 26..44);
    refused(&format!("{K} gate-prone"), "EPD002", 26..36);
    refused("4k3/8/8/8/8/8/8/4K3 w -", "DFEN002", 23..23);
    refused("4k3/8/8/8/8/8/8/4K3 x - - id \"a\";", "DFEN007", 20..21);
    refused("", "DFEN021", 0..0);
    // Found by the epd_parse fuzz target: a carriage return inside an operand, which no line
    // (and no JSON form going back to a line) can hold.
    refused(
        "8/4P2k/8/8/8/8/8/4K3 b KQkq - w - - bm\re e8=K15;",
        "EPD006",
        38..39,
    );
    refused(&format!("{K} c0 \"a\nb\";"), "EPD006", 31..32);
    let long = format!("{K} c0 \"{}\";", "a".repeat(20_000));
    refused(&long, "EPD001", 16_384..long.len());
    // The longest opcode reads.
    reads_as(
        &format!("{K} a23456789012345;"),
        &format!("{K} a23456789012345;"),
        &["note:EPD209"],
    );
}

#[test]
fn every_opcode_takes_its_operands() {
    for (operations, codes) in [
        (
            "acd 5; acn 1000000000000; acs 0; rc 2; hmvc 3; fmvn 4;",
            &[][..],
        ),
        ("ce -15; dm -15; ce 0;", &["EPD205"]),
        ("tcgs 1; tcri \"a@b\" \"A B\"; tcsi \"c@d\" \"C D\";", &[]),
        ("eco \"B12\"; nic \"CK 1\"; v0 \"Caro\"; c9 \"x\";", &[]),
        ("acd -1;", &["EPD202"]),
        ("acd 1.5;", &["EPD202"]),
        ("acd \"5\";", &["EPD202"]),
        ("fmvn 0;", &["EPD202"]),
        ("hmvc 4294967296;", &["EPD202"]),
        ("acd;", &["EPD201"]),
        ("acd 1 2;", &["EPD201"]),
        ("resign now;", &["EPD201"]),
        ("id \"a\" \"b\";", &["EPD201"]),
        ("tcri \"a@b\";", &["EPD201"]),
        ("c0 hello world;", &["EPD201"]),
        ("c0 hello;", &["EPD106"]),
        ("ce 007;", &["EPD108"]),
        ("dm -0;", &["EPD108"]),
        ("bm \"Kd2\";", &["EPD202"]),
        ("pm Kd2 Ke2;", &["EPD201"]),
        ("wdl 2;", &["note:EPD209"]),
        ("D1 5; D2 -1;", &["EPD202"]),
    ] {
        let (_, found) = read(&format!("{K} {operations}"));
        assert_eq!(found, codes, "{operations}");
    }
    let parsed = EpdParser::new()
        .parse(&format!("{K} ce -15; acn 007;"))
        .unwrap();
    let values: Vec<Option<i64>> = parsed
        .epd
        .operations()
        .map(|op| op.operands().next().unwrap().integer())
        .collect();
    assert_eq!(values, [Some(-15), Some(7)]);
    assert_eq!(parsed.epd.to_string(), format!("{K} ce -15; acn 7;"));
    assert_eq!(
        parsed.epd.operation("ce").unwrap().kind(),
        OpcodeKind::Signed
    );
}

#[test]
fn moves_are_checked_against_the_position() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    // bm and am: each from the position.
    reads_as(
        &format!("{start} bm e4 d4 Nf3; am a3;"),
        &format!("{start} bm e4 d4 Nf3; am a3;"),
        &[],
    );
    // pv: played out, each move from the position after the ones before; the suffixes follow.
    reads_as(
        &format!("{start} pv f3 e5 g4 Qh4;"),
        &format!("{start} pv f3 e5 g4 Qh4#;"),
        &["EPD112"],
    );
    // Illegal in the middle of a variation: the rest is not read.
    let parsed = EpdParser::new()
        .parse(&format!("{start} pv e4 e4 Nf3;"))
        .unwrap();
    let codes: Vec<&str> = parsed.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["EPD203"]);
    let moves: Vec<String> = parsed
        .epd
        .operation("pv")
        .unwrap()
        .moves()
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["e2e4"]);
    // En passant in a variation, and a promotion with check.
    reads_as(
        "4k3/8/8/8/1p6/8/P7/4K3 w - - pv a4 bxa3 Kd2 a2 Kc3 a1=Q+;",
        "4k3/8/8/8/1p6/8/P7/4K3 w - - pv a4 bxa3 Kd2 a2 Kc3 a1=Q+;",
        &[],
    );
    // A position with an error is not searched for moves.
    let (_, codes) = read("4k3/8/8/8/8/8/8/3KK3 w - - bm Kd2;");
    assert_eq!(codes, ["DFEN202"]);
}

#[test]
fn strict_makes_spellings_errors() {
    let line = format!("{K} bm Kd2");
    let lenient = EpdParser::new().parse(&line).unwrap();
    assert!(!lenient.has_errors());
    let strict = EpdParser::new().strict(true).parse(&line).unwrap();
    assert!(strict.has_errors());
    assert!(strict.findings.iter().all(|f| f.fixable));
    // The position fields follow the profile.
    let repeated = "r3k2r/8/8/8/8/8/8/R3K2R w KKkq - bm O-O;";
    assert_eq!(
        EpdParser::new().parse(repeated).unwrap_err().code(),
        "DFEN009"
    );
    let parsed = EpdParser::new()
        .profile(Profile::Lenient)
        .parse(repeated)
        .unwrap();
    assert_eq!(parsed.position_findings[0].code.as_str(), "DFEN009");
    assert_eq!(
        parsed.epd.to_string(),
        "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - bm O-O;"
    );
}

#[test]
fn fmt_keeps_the_position_as_read() {
    // A castling right without its rook is a warning that EPD's fmt does not fix.
    let parsed = EpdParser::new()
        .parse("4k3/8/8/8/8/8/8/4K3 w K - id \"x\";")
        .unwrap();
    let finding = &parsed.position_findings[0];
    assert_eq!(finding.code.as_str(), "DFEN220");
    assert!(!finding.fixable);
    assert_eq!(
        parsed.fixed().to_string(),
        "4k3/8/8/8/8/8/8/4K3 w K - id \"x\";"
    );
    assert_eq!(parsed.fixed().position(), parsed.epd.position());
}

#[test]
fn fixed_is_idempotent_and_writes_the_canonical_operands() {
    let parsed = EpdParser::new()
        .parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 bm e1g1 0-0-0 Ra1b1!; c0 8; c1 \"a\\b\"")
        .unwrap();
    let fixed = parsed.fixed();
    assert_eq!(
        fixed.to_string(),
        r#"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - hmvc 0; fmvn 1; bm O-O O-O-O Rb1; c0 "8"; c1 "a\\b";"#
    );
    let again = EpdParser::new().parse(&fixed.to_string()).unwrap();
    assert!(again.findings.is_empty(), "{:?}", again.findings);
    assert_eq!(again.fixed(), fixed);
    assert_eq!(again.epd, fixed);
    // What was written is kept in the line as read.
    let written: Vec<&str> = parsed
        .epd
        .operation("bm")
        .unwrap()
        .operands()
        .map(|o| o.text())
        .collect();
    assert_eq!(written, ["e1g1", "0-0-0", "Ra1b1!"]);
}

#[test]
fn conversion_to_and_from_fen() {
    let parsed = EpdParser::new()
        .parse("4k3/8/8/8/8/8/8/4K3 b - - fmvn 30; hmvc 7; id \"x\";")
        .unwrap();
    assert_eq!(
        parsed.epd.to_fen().unwrap(),
        "4k3/8/8/8/8/8/8/4K3 b - - 7 30"
    );
    assert_eq!(
        EpdParser::new().parse(K).unwrap().epd.to_fen().unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
    );
    for (fen, epd) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - -"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 3 1",
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; fmvn 1;",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 9",
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 hmvc 0; fmvn 9;",
        ),
    ] {
        let position: dfen::Dfen = fen.parse().unwrap();
        let converted = Epd::from_fen(&position).unwrap();
        assert_eq!(converted.to_string(), epd);
        assert_eq!(converted.to_fen().unwrap(), fen);
    }
    let dice: dfen::Dfen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 PN".parse().unwrap();
    assert!(Epd::from_fen(&dice).is_err());
}

#[test]
fn json_form_and_back() {
    let line =
        r#"4k3/8/8/8/8/8/4P3/4K3 w - - bm e2e4 Kd2; c0 "say \"hi\""; hmvc 3; D1 7; class "x y";"#;
    let parsed = EpdParser::new().parse(line).unwrap();
    let json = serde_json::to_value(&parsed.epd).unwrap();
    assert_eq!(json["halfmove"], 3);
    assert_eq!(json["fullmove"], 1);
    assert_eq!(
        json["operations"],
        serde_json::json!([
            {"opcode": "bm", "operands": ["e2e4", "Kd2"], "moves": ["e2e4", "e1d2"]},
            {"opcode": "c0", "operands": ["say \"hi\""]},
            {"opcode": "hmvc", "operands": ["3"]},
            {"opcode": "D1", "operands": ["7"]},
            {"opcode": "class", "operands": ["x y"]},
        ])
    );
    let back: EpdJson = serde_json::from_value(json).unwrap();
    assert_eq!(
        back.to_line().unwrap(),
        r#"4k3/8/8/8/8/8/4P3/4K3 w - - bm e2e4 Kd2; c0 "say \"hi\""; hmvc 3; D1 7; class "x y";"#
    );
    assert_eq!(back.parse().unwrap().epd, parsed.epd);
    // The JSON form of the fixed line holds the canonical operands.
    let fixed = serde_json::to_value(parsed.fixed()).unwrap();
    assert_eq!(
        fixed["operations"][0]["operands"],
        serde_json::json!(["e4", "Kd2"])
    );
}

#[test]
fn json_forms_that_are_not_epd_are_refused() {
    let good = serde_json::to_value(
        EpdParser::new()
            .parse(&format!("{K} id \"x\";"))
            .unwrap()
            .epd,
    )
    .unwrap();
    let with = |key: &str, value: serde_json::Value| {
        let mut json = good.clone();
        json[key] = value;
        json
    };
    for (json, message) in [
        (
            with("dice", serde_json::json!(["P"])),
            "dice: expected none",
        ),
        (
            with("en_passant", serde_json::json!(["a3", "c3"])),
            "en_passant: expected at most one",
        ),
        (with("halfmove", serde_json::json!(5)), ""),
        (
            with(
                "operations",
                serde_json::json!([{"opcode": "1x", "operands": []}]),
            ),
            "expected an opcode",
        ),
        (
            with(
                "operations",
                serde_json::json!([{"opcode": "bm", "operands": ["Kd2 Ke2"]}]),
            ),
            "expected a move or integer",
        ),
        (
            with(
                "operations",
                serde_json::json!([{"opcode": "hmvc", "operands": ["4"]}]),
            ),
            "`hmvc` says 4",
        ),
        (
            with(
                "operations",
                serde_json::json!([{"opcode": "bm", "operands": ["Kd2"], "moves": ["e1e2"]}]),
            ),
            "but `moves` says",
        ),
        (
            with(
                "operations",
                serde_json::json!([{"opcode": "c0", "operands": ["a\nb"]}]),
            ),
            "line break",
        ),
        (with("extra", serde_json::json!(1)), "unknown key `extra`"),
    ] {
        let result = serde_json::from_value::<EpdJson>(json.clone())
            .map_err(|e| e.to_string())
            .and_then(|epd| epd.parse().map_err(|e| e.to_string()));
        if message.is_empty() {
            // A clock that no operation gives is written as one.
            let epd = serde_json::from_value::<EpdJson>(json).unwrap();
            assert_eq!(epd.to_line().unwrap(), format!("{K} id \"x\"; hmvc 5;"));
            continue;
        }
        let error = result.unwrap_err();
        assert!(error.contains(message), "{error} lacks {message}");
    }
}

#[test]
fn ids_repeat_across_lines() {
    let parser = EpdParser::new();
    let mut ids = IdTracker::new();
    let lines = [
        format!("{K} id \"a\";"),
        format!("{K} id \"b\";"),
        format!("{K} noop;"),
        format!("{K} id \"a\";"),
        format!("{K} id \"b\";"),
    ];
    let repeats: Vec<Option<String>> = lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            ids.check(i + 1, &parser.parse(line).unwrap())
                .map(|f| f.message.into_owned())
        })
        .collect();
    assert_eq!(
        repeats,
        [
            None,
            None,
            None,
            Some(r#"id repeated in the file: expected each id once, found "a" again (first on line 1)"#.to_owned()),
            Some(r#"id repeated in the file: expected each id once, found "b" again (first on line 2)"#.to_owned()),
        ]
    );
}

/// Published perft counts (depths 1 to 3) of the positions every perft suite starts with.
const PERFT: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ;D1 20 ;D2 400 ;D3 8902",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - ;D1 14 ;D2 191 ;D3 2812",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - ;D1 6 ;D2 264 ;D3 9467",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - ;D1 44 ;D2 1486 ;D3 62379",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - ;D1 46 ;D2 2079 ;D3 89890",
];

#[test]
fn published_perft_counts_verify() {
    for line in PERFT {
        let parsed = EpdParser::new().parse(line).unwrap();
        assert!(parsed.verify_perft(3).is_empty(), "{line}");
        // A corrupted count is caught at its operand.
        let corrupted = line.replacen(" ;D2 ", " ;D2 1", 1);
        let parsed = EpdParser::new().parse(&corrupted).unwrap();
        let wrong = parsed.verify_perft(3);
        assert_eq!(wrong.len(), 1, "{corrupted}");
        assert_eq!(wrong[0].severity, Severity::Error);
        let operand = &corrupted[wrong[0].span.clone()];
        assert!(operand.starts_with('1'), "{corrupted}: {operand}");
        assert!(parsed.verify_perft(1).is_empty());
    }
}

/// In a FEN file, a wrong number of fields never speaks of dice, under any profile.
#[test]
fn the_fen_layout_speaks_of_fen() {
    let fields = [
        "4k3/8/8/8/8/8/8/4K3",
        "w",
        "-",
        "-",
        "0",
        "1",
        "-",
        "x",
        "y",
    ];
    for profile in [Profile::Spec, Profile::Lenient, Profile::Engine] {
        let parser = Parser::new().profile(profile).layout(Layout::Fen);
        for count in 1..=fields.len() {
            let input = fields[..count].join(" ");
            match parser.parse(&input) {
                Ok(parsed) => {
                    assert!((4..=7).contains(&count), "{profile} {input}");
                    for finding in &parsed.findings {
                        let text = format!("{} {:?}", finding.message, finding.help);
                        assert!(!text.contains("dice"), "{profile} {input}: {text}");
                    }
                    if count < 6 {
                        assert_eq!(parsed.findings[0].code.as_str(), "DFEN109");
                        assert!(parsed.findings[0].fixable);
                    }
                }
                Err(error) => {
                    let text = format!("{error} {:?}", error.help());
                    assert!(!text.contains("dice"), "{profile} {input}: {text}");
                    assert_eq!(error.code().as_str(), "DFEN002", "{input}");
                }
            }
        }
    }
    // DFEN's own layout is unchanged.
    let error = Parser::new()
        .parse("4k3/8/8/8/8/8/8/4K3 w - -")
        .unwrap_err();
    assert_eq!(
        error.help(),
        Some("append ` 0 1 -`: the default clocks and no dice pending")
    );
    let epd_line = "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";";
    let error = Parser::new()
        .layout(Layout::Fen)
        .parse(epd_line)
        .unwrap_err();
    assert_eq!(
        error.help(),
        Some("this looks like an EPD operation: EPD lines belong in a .epd file")
    );
}
