//! Games at the limits: linear time and bounded memory, or a clear finding.

use pgn::{Keep, Reader};

#[test]
fn ten_thousand_nested_variations_are_a_finding_not_a_stack_overflow() {
    let mut text = String::from("1. e4 ");
    for _ in 0..10_000 {
        text.push_str("( 1. d4 ");
    }
    for _ in 0..10_000 {
        text.push_str(") ");
    }
    text.push_str("e5 *");
    for keep in [Keep::Findings, Keep::Tree] {
        let game = Reader::new().keep(keep).games(&text).next().unwrap();
        let codes: Vec<&str> = game.findings.iter().map(|f| f.code.as_str()).collect();
        assert!(codes.contains(&"PGN005"), "{codes:?}");
        assert_eq!(
            game.termination.as_ref().map(|(t, _)| t.as_str()),
            Some("*")
        );
        assert_eq!(game.moves_checked, 2 + pgn::MAX_DEPTH as u64);
    }
    // With a higher limit, every one is read.
    let game = Reader::new().max_depth(20_000).games(&text).next().unwrap();
    assert_eq!(game.moves_checked, 2 + 10_000);
    assert!(game.findings.iter().all(|f| f.code.as_str() == "PGN109"));
}

#[test]
fn a_game_of_a_hundred_thousand_moves_is_read() {
    let mut text = String::with_capacity(2_000_000);
    for number in 1..=25_000 {
        let number = number * 2 - 1;
        text.push_str(&format!("{number}. Nf3 Nf6 {}. Ng1 Ng8 ", number + 1));
    }
    text.push('*');
    let game = Reader::new()
        .keep(Keep::Mainline)
        .games(&text)
        .next()
        .unwrap();
    assert_eq!(game.moves_checked, 100_000);
    assert_eq!(game.moves.len(), 100_000);
    // Only the missing tags: no other finding.
    assert_eq!(
        game.findings.len(),
        1,
        "{:?}",
        &game.findings[..2.min(game.findings.len())]
    );
}

#[test]
fn a_huge_comment_is_one_span() {
    let body = "a comment line\n".repeat(1_000_000);
    let text = format!("1. e4 {{{body}}} e5 *");
    let game = Reader::new()
        .keep(Keep::Mainline)
        .games(&text)
        .next()
        .unwrap();
    assert_eq!(game.uci_mainline(), "e2e4 e7e5");
    assert_eq!(game.moves[0].comments[0].len(), body.len());
    // Unclosed, it runs to the end of the input: one finding at its `{`, its lines counted.
    let text = format!("1. e4 {{{body} e5 *");
    let game = Reader::new().games(&text).next().unwrap();
    let finding = &game.findings[0];
    assert_eq!(
        (finding.code.as_str(), finding.span.clone()),
        ("PGN002", 6..7)
    );
    assert!(
        finding.message.contains("(1000000 lines later)"),
        "{}",
        finding.message
    );
}

#[test]
fn an_unclosed_comment_resumes_at_the_next_tag_section() {
    let text = "[Event \"a\"]\n\n1. e4 { never closed\n2. d4 *\n\n[Event \"b\"]\n\n1. d4 d5 *\n";
    let games: Vec<_> = Reader::new().keep(Keep::Mainline).games(text).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].tag("Event").as_deref(), Some("b"));
    assert_eq!(games[1].uci_mainline(), "d2d4 d7d5");
    let finding = &games[0].findings[0];
    assert_eq!(finding.code.as_str(), "PGN002");
    assert_eq!(
        finding.message,
        "expected `}` to close the comment, found the next tag section (3 lines later); reading goes on there"
    );
}

#[test]
fn no_input_panics_on_odd_bytes() {
    for text in [
        "",
        "[",
        "[E",
        "[E \"",
        "[E \"x\"",
        "{",
        "(",
        ")",
        "$",
        "$99999999",
        "1.",
        "1-0",
        "--",
        "Z0",
        "0000",
        "!!!",
        "é",
        "1. e4 é e5",
        "\u{feff}",
        "[A \"\\\"]",
        "%x\n1. e4",
        ";x",
        "e4 (",
        "e4 ( e5",
        "1. e8=Q",
        "1. O-O-O-O",
        "1/2",
        "*)",
        "((((",
        "))))",
        "1. e4 { } } *",
    ] {
        for keep in [Keep::Findings, Keep::Mainline, Keep::Tree] {
            for game in Reader::new().keep(keep).fens(true).games(text) {
                for finding in &game.findings {
                    assert!(
                        text.get(finding.span.clone()).is_some()
                            || finding.span.end <= text.len() + 1,
                        "{text:?} {finding}"
                    );
                }
                let _ = pgn::json::to_pgn(&pgn::json::to_json(&game));
                let _ = game.fixed(text);
            }
            let _ = pgn::fix(text, pgn::Notation::Pgn);
            let _ = pgn::fix(text, pgn::Notation::Movetext);
        }
    }
}
