//! Every code's finding, as users read it: the code, the severity, the text under the span,
//! the message and the help.

use std::fmt::Write as _;

use variants::{Position, Suite, Variant, check};

fn render(variant: Variant, text: &str) -> String {
    let mut out = format!("{variant} {text}\n");
    match check(variant, text, false) {
        Err(err) => writeln!(out, "  unread: {err}").unwrap(),
        Ok(checked) => {
            for f in &checked.findings {
                writeln!(
                    out,
                    "  {}[{}] `{}`: {}{}{}",
                    f.severity,
                    f.code,
                    &text[f.span.clone()],
                    f.message,
                    f.help
                        .as_ref()
                        .map(|h| format!("\n    help: {h}"))
                        .unwrap_or_default(),
                    if f.fixable { " (fixable)" } else { "" },
                )
                .unwrap();
            }
            if checked.findings.is_empty() {
                out.push_str("  valid\n");
            }
        }
    }
    out
}

#[test]
fn each_code_has_its_finding() {
    let cases = [
        (Variant::Chess, "8/8/8/8/8/8/8/8 w - - 0 1"),
        (Variant::Chess, "8/8/8/8/8/8/8/4K3 w - - 0 1"),
        (Variant::Chess, "k7/8/8/8/8/8/8/K3K3 w - - 0 1"),
        (Variant::Chess, "4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1"),
        (Variant::Chess, "4k2P/8/8/8/8/8/8/4K3 w - - 0 1"),
        (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1"),
        (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        (Variant::Chess, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        (Variant::Chess, "4k3/8/8/8/1b6/8/4r3/4K3 w - - 0 1"),
        (Variant::Chess, "4k3/8/8/8/1b6/3n4/4r3/4K3 w - - 0 1"),
        (Variant::Chess, "4k3/8/8/8/8/8/8/r3K2q w - - 0 1"),
        (
            Variant::Crazyhouse,
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[PPp] w - - 0 1",
        ),
        (
            Variant::Crazyhouse,
            "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3[PPp] w - - 0 1",
        ),
        (
            Variant::Horde,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            Variant::Horde,
            "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        ),
        (
            Variant::Horde,
            "rnbqkbnr/ppppppp1/8/8/8/8/8/PPPPPPPp b kq - 0 1",
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/8/P7/krbnNBRK/qrbnNBRQ w - - 0 1",
        ),
        (
            Variant::RacingKings,
            "8/8/8/8/8/8/kr1nNBRK/qrbQNBRQ b - - 0 1",
        ),
        (Variant::RacingKings, "k5K1/8/8/8/8/8/8/8 b - - 0 1"),
        (Variant::RacingKings, "8/8/8/8/8/8/k6q/6RK w - - 0 1"),
        (
            Variant::KingOfTheHill,
            "rnbq1bnr/pppppppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        ),
        (
            Variant::Antichess,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (Variant::Antichess, "8/8/8/8/8/8/8/kkk5 w - - 0 1"),
        (Variant::Atomic, "8/8/8/8/8/8/1k6/K7 b - - 0 1"),
        (Variant::Atomic, "8/8/8/8/8/1k6/8/K7 b - - 0 1"),
        (Variant::Atomic, "8/8/8/8/8/8/r7/K1k5 b - - 0 1"),
        (Variant::Atomic, "8/8/8/8/8/8/8/K7 w - - 0 1"),
        (Variant::Atomic, "8/8/8/8/8/8/8/K7 b - - 0 1"),
        (Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0+3 0 1"),
    ];
    let rendered: String = cases.iter().map(|(v, t)| render(*v, t)).collect();
    insta::assert_snapshot!(rendered);
}

#[test]
fn suite_lines_that_do_not_read() {
    let text = "perft 1 20\nid start\nepd rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nperft one 20\nperft 1 20\ndepth 2 400\nepd 8/8/9/8/8/8/8/8 w - -\n";
    let suite = Suite::read(text, Variant::Chess, false);
    let mut out = String::new();
    for f in &suite.findings {
        writeln!(
            out,
            "{}[{}] `{}`: {}",
            f.severity,
            f.code,
            &text[f.span.clone()],
            f.message
        )
        .unwrap();
    }
    insta::assert_snapshot!(out);
}

#[test]
fn moves_that_do_not_read() {
    let position = Position::from_fen(
        Variant::Chess,
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        false,
    )
    .unwrap();
    let mut out = String::new();
    for text in ["Rd1", "Rb1", "Rab1", "Ke3", "Zz9", "O-O-O", "e1g1"] {
        match position.parse_move(text) {
            Ok(m) => writeln!(out, "{text}: {} ({})", position.san(m), m.uci(false)).unwrap(),
            Err(f) => writeln!(
                out,
                "{text}: {}[{}] {}{}",
                f.severity,
                f.code,
                f.message,
                f.help
                    .as_ref()
                    .map(|h| format!(" / help: {h}"))
                    .unwrap_or_default()
            )
            .unwrap(),
        }
    }
    insta::assert_snapshot!(out);
}

/// Fullmove 0 (issue 39 §3): every reader we know accepts it, and python-chess reads it as 1
/// (`max(fullmove, 1)`). Each variant reads it, writes 1, and finds nothing about it.
#[test]
fn fullmove_zero_reads_as_one_in_every_variant() {
    for entry in &variants::TABLE {
        let start = entry.variant.start_fen();
        let text = format!("{} 0", start.strip_suffix(" 1").unwrap());
        let checked = check(entry.variant, &text, false)
            .unwrap_or_else(|e| panic!("{} {text}: {e}", entry.name));
        assert_eq!(checked.position.fen(), start, "{}", entry.name);
        assert!(
            checked.findings.is_empty(),
            "{}: {:?}",
            entry.name,
            checked.findings
        );
        // The same with a halfmove clock and in Chess960 mode.
        let text = format!("{} 12 0", start.strip_suffix(" 0 1").unwrap());
        let checked = check(entry.variant, &text, true).unwrap();
        assert_eq!(
            checked.position.fen(),
            format!("{} 12 1", start.strip_suffix(" 0 1").unwrap())
        );
    }
}
