//! Variant FENs: every dialect writes what it reads back, conversions between dialects keep the
//! position, and no input makes the variant parser panic or point outside the input.

use chess::variant::{Checks, Dialect, Holdings, SubTurn, Variant, VariantFen, VariantParser};
use dfen::{Color, Piece, Role, Square, SquareSet};
use proptest::prelude::*;

use crate::strategies::dfen_with;

const VARIANTS: [Variant; 4] = [
    Variant::Chess,
    Variant::ThreeCheck,
    Variant::Crazyhouse,
    Variant::TwoMove,
];

/// Any value of a variant whose dialects can all write it: standard fields with no dice and at
/// most one en-passant square, counters within the limit, marks only on occupied squares.
fn any_variant_fen() -> impl Strategy<Value = VariantFen> {
    (
        0usize..VARIANTS.len(),
        dfen_with(3, any::<u32>(), 1u32.., 0..=0),
        1u8..=7,
        (any::<u8>(), any::<u8>()),
        proptest::collection::vec((any::<bool>(), 0usize..5), 0..20),
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(
            |(variant, mut fen, limit, (white, black), held, marks, second)| {
                let variant = VARIANTS[variant];
                // One en-passant square at most: keep the lowest.
                if let Some(square) = fen.en_passant.iter().next() {
                    fen.en_passant = SquareSet::EMPTY;
                    fen.en_passant.insert(square);
                }
                let mut position = VariantFen::new(variant, fen);
                match variant {
                    Variant::ThreeCheck => {
                        position.checks = Checks {
                            white: white % (limit + 1),
                            black: black % (limit + 1),
                            limit,
                        };
                    }
                    Variant::Crazyhouse => {
                        let mut holdings = Holdings::default();
                        for (white, role) in held {
                            let color = if white { Color::White } else { Color::Black };
                            holdings.add(Piece {
                                color,
                                role: Role::ALL[role],
                            });
                        }
                        position.holdings = holdings;
                        let occupied: SquareSet = position
                            .fen
                            .board
                            .pieces()
                            .map(|(square, _)| square)
                            .collect();
                        position.promoted = SquareSet(marks & occupied.0);
                    }
                    Variant::TwoMove => {
                        position.sub_turn = if second {
                            SubTurn::Second
                        } else {
                            SubTurn::First
                        };
                    }
                    _ => {}
                }
                position
            },
        )
}

fn parser(position: &VariantFen, dialect: Dialect) -> VariantParser {
    VariantParser::new(position.variant)
        .dialect(dialect)
        .check_limit(position.checks.limit)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Whatever a dialect writes, it reads back as the same position; and converting through
    /// every other dialect and back changes nothing.
    #[test]
    fn every_dialect_reads_back_what_it_writes(position in any_variant_fen()) {
        for dialect in Dialect::ALL {
            if !position.variant.has_dialect(dialect) {
                continue;
            }
            let text = position.display_as(dialect).to_string();
            let parsed = parser(&position, dialect)
                .parse(&text)
                .unwrap_or_else(|e| panic!("{dialect}: {text:?}: {e}"));
            prop_assert_eq!(&parsed.position, &position, "{} {:?}", dialect, text);
            // Nothing non-canonical in what a dialect writes (position findings aside).
            for finding in &parsed.findings {
                prop_assert!(
                    finding.code.category() == dfen::Category::Position,
                    "{} {:?}: {}", dialect, text, finding
                );
            }
            if parsed.written_canonically() {
                prop_assert_eq!(parsed.position.display_as(dialect).to_string(), text.clone());
            }
            for other in Dialect::ALL {
                if !position.variant.has_dialect(other) {
                    continue;
                }
                let converted = parsed.position.display_as(other).to_string();
                let back = parser(&position, other).parse(&converted).unwrap();
                prop_assert_eq!(
                    back.position.display_as(dialect).to_string(),
                    position.display_as(dialect).to_string()
                );
            }
        }
    }

    /// Edited variant FENs: no panic, spans inside the input on character boundaries, and an
    /// accepted input's fixed form reads back to itself in the same dialect.
    #[test]
    fn edited_inputs_hold_the_invariants(
        position in any_variant_fen(),
        dialect in 0usize..3,
        edits in proptest::collection::vec((any::<u16>(), prop_oneof![
            Just(""), Just(" "), Just("~"), Just("["), Just("]"), Just("/"), Just("+"),
            Just(","), Just("-"), Just("K"), Just("q"), Just("9"), Just("é"), Just("\t"),
        ]), 0..4),
    ) {
        let dialect = Dialect::ALL[dialect];
        let mut text = position.display_as(dialect).to_string();
        for (at, insert) in edits {
            let mut at = usize::from(at) % (text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            if insert.is_empty() {
                let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
                text.replace_range(at..end, "");
            } else {
                text.insert_str(at, insert);
            }
        }
        holds_invariants(position.variant, dialect, &text);
    }

    /// Any text at all.
    #[test]
    fn arbitrary_text_holds_the_invariants(text in "\\PC{0,80}", variant in 0usize..4, dialect in 0usize..3) {
        holds_invariants(VARIANTS[variant], Dialect::ALL[dialect], &text);
    }
}

#[track_caller]
fn holds_invariants(variant: Variant, dialect: Dialect, input: &str) {
    let parser = VariantParser::new(variant).dialect(dialect);
    match parser.parse(input) {
        Err(err) => assert!(
            input.get(err.span()).is_some(),
            "{variant} {dialect}: span {:?} of {} is not on character boundaries of {input:?}",
            err.span(),
            err.code()
        ),
        Ok(parsed) => {
            for finding in &parsed.findings {
                assert!(
                    input.get(finding.span.clone()).is_some(),
                    "{variant} {dialect} {input:?}: {finding}"
                );
            }
            if !parsed.has_errors() {
                let fixed = parsed.fixed();
                let written = fixed.display_as(dialect).to_string();
                let again = parser.parse(&written).unwrap_or_else(|e| {
                    panic!("{variant} {dialect}: {input:?} fixed to {written:?}: {e}")
                });
                assert_eq!(again.position, fixed, "{input:?} -> {written:?}");
                assert!(
                    again.findings.iter().all(|f| !f.fixable),
                    "{input:?} -> {written:?}: {:?}",
                    again.findings
                );
            }
        }
    }
}

/// The three forms of one crazyhouse position, as python-chess, shakmaty and the essay write it.
#[test]
fn one_crazyhouse_position_in_every_form() {
    let forms = [
        (
            Dialect::Stockfish,
            "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q~1RK1[QBn] b - - 4 12",
        ),
        (
            Dialect::Stockfish,
            "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q~1RK1[BQn] b - - 4 12",
        ),
        (
            Dialect::Lichess,
            "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q~1RK1/BQn b - - 4 12",
        ),
        (
            Dialect::Essay,
            "r2q1rk1/ppp2ppp/2n1pn2/3p4/3P4/2PBPN2/PP3PP1/R2Q1RK1 b - - 4 12 BQn d1",
        ),
    ];
    let parser = VariantParser::new(Variant::Crazyhouse);
    let positions: Vec<_> = forms
        .iter()
        .map(|(dialect, text)| {
            let parsed = parser.dialect(*dialect).parse(text).unwrap();
            assert!(parsed.findings.is_empty(), "{text}: {:?}", parsed.findings);
            assert!(parsed.written_canonically(), "{text}");
            // Each is written back unchanged in its own dialect, pocket order included.
            assert_eq!(parsed.position.display_as(*dialect).to_string(), *text);
            parsed.position
        })
        .collect();
    for position in &positions[1..] {
        assert_eq!(position, &positions[0]);
    }
    let queen = Square::from_name("d1").unwrap();
    assert!(positions[0].promoted.contains(queen));
    assert_eq!(positions[0].holdings.count(Color::White, Role::Queen), 1);
    assert_eq!(positions[0].holdings.count(Color::Black, Role::Knight), 1);
}

/// Three-check's remaining counts depend on the limit; the given counts do not.
#[test]
fn remaining_checks_follow_the_limit() {
    let text = "4k3/8/8/8/8/8/8/4K3 w - - 4+5 0 30";
    let five = VariantParser::new(Variant::ThreeCheck)
        .dialect(Dialect::Stockfish)
        .check_limit(5)
        .parse(text)
        .unwrap();
    assert!(five.findings.is_empty(), "{:?}", five.findings);
    assert_eq!(
        five.position.to_string(),
        "4k3/8/8/8/8/8/8/4K3 w - - 0 30 1 0"
    );
    let three = VariantParser::new(Variant::ThreeCheck)
        .dialect(Dialect::Stockfish)
        .parse(text)
        .unwrap();
    let codes: Vec<_> = three.findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(codes, ["DFEN230", "DFEN230"]);
}

/// DFEN is the dice slot set: reading it as a variant changes nothing.
#[test]
fn dice_chess_reads_as_dfen() {
    let text = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -";
    let parsed = VariantParser::new(Variant::Dice).parse(text).unwrap();
    let direct = dfen::Parser::new().parse(text).unwrap();
    assert_eq!(parsed.position.fen, direct.dfen);
    assert_eq!(parsed.findings, direct.findings);
    assert_eq!(parsed.position.to_string(), text);
}

/// Every message of the variant layer that the spec's one example per code does not show, with
/// its span as a caret, pinned in one snapshot.
#[test]
fn messages_in_every_dialect() {
    use std::fmt::Write as _;
    let cases: &[(Variant, Dialect, &str)] = &[
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 2",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 01 0",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0 0 0",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0  0 ",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 3+x 0 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 3+3 00 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - -  3+3 0 9",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            Variant::ThreeCheck,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 1+1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Pp",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 P- -",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/3QK3 w - - 0 1 - d1,d1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - e1,e2",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/3Q~K3 w - - 0 1 - -",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3[Pp]x w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3[pP] w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "~4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 -",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3/P/p w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4KP~2/ w - - 0 1",
        ),
        (
            Variant::TwoMove,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
        ),
        (
            Variant::TwoMove,
            Dialect::Essay,
            "4k3/8/8/8/4p3/8/8/4K3 w - e6 0 7 2",
        ),
        (
            Variant::Chess,
            Dialect::Essay,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        ),
        (
            Variant::Chess,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
    ];
    let more: &[(Variant, Dialect, &str)] = &[
        // A variant position holds one en-passant square, as standard FEN does.
        (
            Variant::ThreeCheck,
            Dialect::Essay,
            "4k3/8/8/8/P1P5/8/8/4K3 b - a3c3 0 1 0 0",
        ),
        // Dice Chess's dialects are DFEN's profiles.
        (
            Variant::Dice,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -",
        ),
    ];
    let mut report = String::new();
    for (variant, dialect, input) in cases.iter().chain(more) {
        let _ = writeln!(report, "{variant} {dialect}: {input}");
        let caret = |span: std::ops::Range<usize>| {
            format!(
                "  | {input}\n  | {}{}",
                " ".repeat(span.start),
                "^".repeat(span.len().max(1))
            )
        };
        match VariantParser::new(*variant).dialect(*dialect).parse(input) {
            Err(err) => {
                let _ = writeln!(report, "  error {}: {err}", err.code());
                if let Some(help) = err.help() {
                    let _ = writeln!(report, "  help: {help}");
                }
                let _ = writeln!(report, "{}", caret(err.span()));
            }
            Ok(parsed) => {
                for finding in &parsed.findings {
                    let _ = writeln!(
                        report,
                        "  {} {}: {}",
                        finding.severity, finding.code, finding.message
                    );
                    if let Some(help) = &finding.help {
                        let _ = writeln!(report, "  help: {help}");
                    }
                    let _ = writeln!(report, "{}", caret(finding.span.clone()));
                }
                let _ = writeln!(report, "  fmt: {}", parsed.fixed().display_as(*dialect));
            }
        }
    }
    insta::assert_snapshot!(report);
}

/// The variant rows of `spec/identity.md` §2.1: each position's key is the one the spec gives.
#[test]
fn identity_keys_of_the_spec() {
    let spec = include_str!("../../../spec/identity.md");
    let section = spec
        .split("### 2.1 Variant keys")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .and_then(|rest| rest.split("\n### ").next())
        .unwrap();
    let mut rows = 0;
    for line in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line
            .split(" | ")
            .map(|c| c.trim_matches(['|', ' ', '`']))
            .collect();
        let (variant, dialect) = match cells[0].split_once("` (") {
            Some((variant, dialect)) => (variant, dialect.trim_end_matches(')')),
            None => (cells[0], "essay"),
        };
        let parsed = VariantParser::new(variant.parse().unwrap())
            .dialect(dialect.parse().unwrap())
            .parse(cells[1])
            .unwrap();
        assert_eq!(parsed.fixed().identity_key(), cells[2], "{line}");
        rows += 1;
    }
    assert_eq!(rows, 3);
}

/// Every kind of piece beyond crazyhouse's material at once: one finding each, pawns first,
/// then queens, rooks, bishops and knights, all pointing at the holdings.
#[test]
fn crazyhouse_material_findings_come_one_a_role_in_order() {
    let held = format!("{}NNNNNBBBBBRRRRRQQQ", "P".repeat(17));
    let input = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {held} -");
    let parsed = VariantParser::new(Variant::Crazyhouse)
        .parse(&input)
        .unwrap();
    let holdings = 30..30 + held.len();
    let found: Vec<(&str, String)> = parsed
        .findings
        .iter()
        .map(|f| {
            assert_eq!(f.span, holdings);
            let count = f.message.rsplit(' ').next().unwrap_or_default();
            let what = f.message.split(" on the board").next().unwrap_or_default();
            (
                f.code.as_str(),
                format!(
                    "{} {count}",
                    what.rsplit("at most ").next().unwrap_or_default()
                ),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("DFEN231", "16 pawns and promoted pieces 17".to_owned()),
            ("DFEN231", "2 unpromoted queens 3".to_owned()),
            ("DFEN231", "4 unpromoted rooks 5".to_owned()),
            ("DFEN231", "4 unpromoted bishops 5".to_owned()),
            ("DFEN231", "4 unpromoted knights 5".to_owned()),
        ]
    );
}

/// Clockless variant lines read leniently, each with the missing-clocks finding of a clockless
/// FEN (`DFEN109`), its counters where the dialect writes them, and the clocks' defaults when
/// written; without `lenient` they are a field-count error, as a clockless FEN is under `spec`.
#[test]
fn clockless_variant_lines_read_leniently() {
    let cases = [
        (
            Variant::Crazyhouse,
            Dialect::Stockfish,
            "2k5/8/8/8/8/8/8/4K3[Qn] w - -",
            "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1",
            29..29,
        ),
        (
            Variant::Crazyhouse,
            Dialect::Lichess,
            "2k5/8/8/8/8/8/8/4K3/Qn w - -",
            "2k5/8/8/8/8/8/8/4K3/Qn w - - 0 1",
            28..28,
        ),
        (
            Variant::ThreeCheck,
            Dialect::Stockfish,
            "4k3/8/8/8/8/8/8/4K3 w - - 2+3",
            "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1",
            29..29,
        ),
        (
            Variant::ThreeCheck,
            Dialect::Lichess,
            "4k3/8/8/8/8/8/8/4K3 w - - +1+0",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+0",
            30..30,
        ),
    ];
    for (variant, dialect, input, written, span) in cases {
        let parser = VariantParser::new(variant).dialect(dialect);
        let refused = parser.parse(input).unwrap_err();
        assert_eq!(refused.code().as_str(), "DFEN002", "{input}");
        let parsed = parser.lenient(true).parse(input).unwrap();
        let missing: Vec<_> = parsed
            .findings
            .iter()
            .filter(|f| f.code.as_str() == "DFEN109")
            .collect();
        assert_eq!(missing.len(), 1, "{input}: {:?}", parsed.findings);
        assert_eq!(missing[0].span, span, "{input}");
        assert!(missing[0].fixable, "{input}");
        assert_eq!(
            parsed.fixed().display_as(dialect).to_string(),
            written,
            "{input}"
        );
    }
}

/// A line's dialect is read off its shape: every dialect's writing of a position is detected
/// as that dialect, and reads back to the position.
#[test]
fn dialects_are_detected_line_by_line() {
    let positions = [
        (
            Variant::ThreeCheck,
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1 0",
        ),
        (
            Variant::Crazyhouse,
            "rnb1kbnr/pppp1ppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 6 Qp d1",
        ),
    ];
    for (variant, essay) in positions {
        let position = VariantParser::new(variant).parse(essay).unwrap().position;
        for dialect in Dialect::ALL {
            let line = position.display_as(dialect).to_string();
            assert_eq!(Dialect::detect(variant, &line), dialect, "{line}");
            let back = VariantParser::new(variant)
                .dialect(Dialect::detect(variant, &line))
                .parse(&line)
                .unwrap();
            assert_eq!(back.position, position, "{line}");
        }
    }
    // Without a counter or pocket, the essay form (whose missing fields are a finding).
    assert_eq!(
        Dialect::detect(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        Dialect::Essay
    );
}

/// Three-check counters in a plain FEN are errors of the DFEN parser whose help names the
/// variant and dialect to read them with.
#[test]
fn three_check_counters_in_a_plain_fen_hint_at_the_variant() {
    let cases = [
        (
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+0",
            "DFEN015",
            "--variant threecheck --dialect lichess",
        ),
        (
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2",
            "DFEN017",
            "--variant threecheck --dialect stockfish",
        ),
    ];
    for (input, code, hint) in cases {
        let error = dfen::Parser::new().parse(input).unwrap_err();
        assert_eq!(error.code().as_str(), code, "{input}");
        assert!(
            error.help().is_some_and(|help| help.contains(hint)),
            "{input}: {:?}",
            error.help()
        );
    }
    // Dice are not counters: no such hint.
    let error = dfen::Parser::new()
        .parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PX")
        .unwrap_err();
    assert_eq!(error.help(), None);
}
