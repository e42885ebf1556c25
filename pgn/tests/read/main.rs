//! The reader's integration tests: every planted fault caught at its token with its message
//! (snapshots), the fixes, the limits (deep variations, long games, huge comments), the
//! projections and the JSON form's round trip.

mod json;
mod limits;
mod variants;

use std::fmt::Write as _;

use pgn::{Keep, Notation, Reader};

const FAULTS: &str = include_str!("../../../tests/data/pgn/faults/faults.pgn");

/// The line and column (1-based, in characters) of byte `at`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Every finding of every game, as a report writes it, under the game's Event tag.
fn report(text: &str, reader: Reader) -> String {
    let mut out = String::new();
    for game in reader.games(text) {
        let event = game.tag("Event").unwrap_or_default();
        writeln!(out, "== {event}").unwrap();
        for finding in &game.findings {
            let (line, col) = line_col(text, finding.span.start);
            writeln!(
                out,
                "{}[{}] {line}:{col} `{}`: {}",
                finding.severity,
                finding.code,
                &text[finding.span.clone()],
                finding.message
            )
            .unwrap();
            if let Some(help) = &finding.help {
                writeln!(
                    out,
                    "  help: {help}{}",
                    if finding.fixable { " (fixable)" } else { "" }
                )
                .unwrap();
            }
        }
    }
    out
}

#[test]
fn every_planted_fault_is_caught_at_its_token() {
    insta::assert_snapshot!(report(FAULTS, Reader::new()));
}

#[test]
fn each_faulty_game_has_its_one_fault() {
    // The game's Event names the fault; its first finding's title is that fault.
    for game in Reader::new().games(FAULTS) {
        let event = game.tag("Event").unwrap().into_owned();
        let first = game
            .findings
            .first()
            .unwrap_or_else(|| panic!("{event}: no finding"));
        let title = first.code.title().to_owned();
        let expected = match event.as_str() {
            "illegal move in a variation" | "illegal drop in crazyhouse" => {
                "illegal move".to_owned()
            }
            "move after a three-check win" => "move after the game ended".to_owned(),
            "move after checkmate" | "move after stalemate" => {
                "move after the game ended".to_owned()
            }
            "missing check mark" | "wrong check mark" => "missing or wrong check mark".to_owned(),
            "comment never closes" | "variation never closes" | "unknown token" => title.clone(),
            "termination marker inside a variation" => "unknown token".to_owned(),
            "promotion without =" => "promotion not written as `=Q`".to_owned(),
            "capture mark missing" => "wrong capture mark".to_owned(),
            "en passant suffix" => "en passant marked with `ep`".to_owned(),
            "unsupported variant" => "variant not checked".to_owned(),
            "FEN without SetUp" => "FEN tag without SetUp \"1\"".to_owned(),
            "over-disambiguated" => "over-disambiguated move".to_owned(),
            "long algebraic" => "long algebraic move".to_owned(),
            "castling with zeros" => "castling written with zeros".to_owned(),
            "Seven Tag Roster tag missing" => "Seven Tag Roster tag missing".to_owned(),
            "result tag contradicts the marker" => {
                "result tag contradicts the termination marker".to_owned()
            }
            "closing parenthesis without a variation" => {
                "closing parenthesis without a variation".to_owned()
            }
            "missing termination marker" => "missing game termination marker".to_owned(),
            other => other.to_owned(),
        };
        assert_eq!(title, expected, "{event}: {:?}", game.findings);
    }
}

#[test]
fn fmt_fixes_the_fixable_faults_and_changes_nothing_else() {
    let fixed = pgn::fix(FAULTS, Notation::Pgn);
    insta::assert_snapshot!(fixed);
    // Fixed once, nothing is left to fix.
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);
    for game in Reader::new().games(&fixed) {
        assert!(
            game.findings.iter().all(|finding| !finding.fixable),
            "{:?}",
            game.findings
        );
    }
}

#[test]
fn a_movetext_column_needs_no_tags_and_no_marker() {
    let reader = Reader::new()
        .notation(Notation::Movetext)
        .keep(Keep::Mainline);
    let game = reader.games("1. e4 e5 2. Nf3 Nc6 3. Bb5").next().unwrap();
    assert!(game.findings.is_empty(), "{:?}", game.findings);
    assert_eq!(game.uci_mainline(), "e2e4 e7e5 g1f3 b8c6 f1b5");
    assert_eq!(
        pgn::fix("1. e4 e5 2. 0-0", Notation::Movetext),
        "1. e4 e5 2. 0-0"
    );
    assert_eq!(
        pgn::fix("1. e4 e5 2. Ng1f3", Notation::Movetext),
        "1. e4 e5 2. Nf3"
    );
    assert_eq!(reader.games("").count(), 1);
}

#[test]
fn after_an_illegal_move_the_next_variation_and_game_are_checked() {
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Ke3 Nc6 (2... Qxe4 3. Kf7) 3. Nf3 *\n\n[Event \"b\"]\n\n1. e4 (1. d4 d5 2. Kd3 Qxd4) e5 2. Bb5 (2. Ke2 Ke7 3. Kf7) *\n";
    let games: Vec<_> = Reader::new().games(text).collect();
    let codes = |index: usize| -> Vec<&str> {
        games[index]
            .findings
            .iter()
            .filter(|f| f.code.as_str().starts_with("PGN2"))
            .map(|f| &text[f.span.clone()])
            .collect()
    };
    // Game a: `Ke3` is illegal; nothing after it in the mainline is checked.
    assert_eq!(codes(0), ["Ke3"]);
    // Game b: each variation's own illegal move, the mainline fine.
    assert_eq!(codes(1), ["Kd3", "Kf7"]);
}

#[test]
fn the_projections_follow_python_chess() {
    let text = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 cxd4 10. O-O *";
    let game = Reader::new()
        .keep(Keep::Mainline)
        .fens(true)
        .games(text)
        .next()
        .unwrap();
    assert_eq!(game.variant, pgn::GameVariant::Chess960);
    assert_eq!(game.moves[0].uci, "g2g3");
    // `cxd4` is illegal: the mainline stops before it.
    assert_eq!(game.moves.len(), 1);
    let castle = "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1\"]\n\n1. O-O-O *";
    let game = Reader::new()
        .keep(Keep::Mainline)
        .fens(true)
        .games(castle)
        .next()
        .unwrap();
    assert_eq!(game.uci_mainline(), "e1b1");
    assert_eq!(
        game.moves[0].fen.as_deref(),
        Some("1r2k1r1/8/8/8/8/8/8/2KR2R1 b kq - 1 1")
    );
    // In a standard game castling is the king's move.
    let game = Reader::new()
        .keep(Keep::Mainline)
        .games("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *")
        .next()
        .unwrap();
    assert!(game.uci_mainline().ends_with("e1g1"));
    // En passant only when a capture is legal, as python-chess writes it.
    let game = Reader::new()
        .keep(Keep::Mainline)
        .fens(true)
        .games("1. e4 d5 2. e5 f5 *")
        .next()
        .unwrap();
    assert_eq!(
        game.moves[1].fen.as_deref(),
        Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    );
    assert_eq!(
        game.moves[3].fen.as_deref(),
        Some("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
    );
    // A null move is `0000`.
    let game = Reader::new()
        .keep(Keep::Mainline)
        .games("1. e4 -- 2. d4 *")
        .next()
        .unwrap();
    assert_eq!(game.uci_mainline(), "e2e4 0000 d2d4");
}

#[test]
fn comment_and_escape_lines_before_a_game_and_among_its_tags_are_skipped() {
    let text = "; generated\n% escape\n[Event \"a\"]\n; note\n[Site \"b\"]\n\n1. e4 *\n";
    let games: Vec<_> = Reader::new().keep(Keep::Mainline).games(text).collect();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tags.len(), 2);
    assert_eq!(games[0].uci_mainline(), "e2e4");
}

/// A game that starts later on a line, after the termination marker of the game before, gets
/// the tags `fmt` inserts on lines of their own, and the next `fmt` changes nothing.
#[test]
fn tags_inserted_before_a_game_later_on_a_line_start_their_own_lines() {
    let fixed = pgn::fix("1. e4 * e5\n", Notation::Pgn);
    assert!(fixed.contains("1. e4 * \n\n[Event \"?\"]\n"), "{fixed}");
    assert!(fixed.ends_with("[Result \"*\"]\n\ne5 *\n"), "{fixed}");
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);
}

/// A tag pair `fmt` cannot read may be the very tag the roster lacks (`[Event "x]`), so no
/// roster tag is inserted beside it; a game that is nothing but an unreadable tag pair gets no
/// termination marker either. The other games are fixed as usual.
#[test]
fn an_unreadable_tag_pair_gets_no_inserted_tags_and_nothing_but_it_no_marker() {
    let fixed = pgn::fix("1. e4 e5 2. Ngf3 ;\n*[\n", Notation::Pgn);
    assert!(fixed.ends_with("\n1. e4 e5 2. Nf3 ;\n*[\n"), "{fixed}");
    assert_eq!(fixed.matches("[Event \"?\"]").count(), 1, "{fixed}");
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);

    let broken_event = "[Event \"x]\n[Site \"?\"]\n\n1. e4 e5\n";
    let fixed = pgn::fix(broken_event, Notation::Pgn);
    assert_eq!(fixed, "[Event \"x]\n[Site \"?\"]\n\n1. e4 e5 *\n");
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);
}

/// A game of one tag pair that ends the input gets the roster's tags and its termination marker
/// at the same place: the tags go first, so that they stay in its tag section and the next
/// `fmt` changes nothing.
#[test]
fn tags_and_marker_inserted_at_one_place_keep_the_tags_first() {
    let fixed = pgn::fix("[ags \"x\"]", Notation::Pgn);
    assert!(fixed.starts_with("[ags \"x\"]\n[Event \"?\"]\n"), "{fixed}");
    assert!(fixed.ends_with("[Result \"*\"]\n\n*"), "{fixed}");
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);
}

/// A game whose last tag pair's line goes on (`[Evnt ""]*`) gets the roster's tags after that
/// pair, ending with a line end: the rest of the line starts a line of its own, so no text
/// follows a tag pair on its line and the next `fmt` changes nothing.
#[test]
fn tags_inserted_after_a_tag_whose_line_goes_on_end_their_line() {
    let fixed = pgn::fix("*[Evnt  \"\"]*\n81", Notation::Pgn);
    assert!(fixed.contains("[Evnt  \"\"]\n[Event \"?\"]\n"), "{fixed}");
    assert!(fixed.contains("[Result \"*\"]\n*\n"), "{fixed}");
    assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed);
}

/// A game of tags alone whose last tag pair's line ends with a line end (`[Event "x"]\n`) gets
/// the roster's tags right after that pair and its termination marker after them: the
/// inserted tags stay in the tag section, and the next `fmt` changes nothing.
#[test]
fn tags_alone_ending_their_line_get_the_roster_before_the_marker() {
    for text in [
        "[Event \"x\"]\n",
        "[Event \"x\"]\n\n",
        "[Event \"x\"]\r\n",
        "[A \"x\"]\n[B \"y\"]\n",
        "5.. \n[ags \"x\"]\n",
        "1. e4 *\n[Event \"x\"]\n",
    ] {
        let fixed = pgn::fix(text, Notation::Pgn);
        let roster = fixed
            .rfind("[Result \"*\"]")
            .expect("the roster is inserted");
        let after_roster = &fixed[roster + "[Result \"*\"]".len()..];
        assert!(
            after_roster.contains('*'),
            "{text:?} was fixed as {fixed:?}"
        );
        assert_eq!(pgn::fix(&fixed, Notation::Pgn), fixed, "{text:?}");
    }
}
