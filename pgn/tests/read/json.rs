//! The JSON form and its inverse: read(write(x)) == x.

use chess::san::San;
use chess::standard::Position;
use pgn::{Keep, Reader, json};
use proptest::prelude::*;

/// Reads the first game of `text` into its JSON form.
fn form(text: &str) -> serde_json::Value {
    let game = Reader::new()
        .keep(Keep::Tree)
        .fens(true)
        .games(text)
        .next()
        .unwrap();
    json::to_json(&game)
}

/// A random game's PGN from seeded choices: legal moves, comments, NAGs and variations.
fn random_pgn(choices: &[u8]) -> String {
    let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        .parse()
        .unwrap();
    let mut out = String::from("[Event \"random\"]\n[Site \"?\"]\n\n");
    let mut position = Position::new(&start);
    let mut ply = 0u32;
    let mut picks = choices.iter().copied();
    while let Some(pick) = picks.next() {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(pick) % moves.len()];
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            out.push_str(&format!("{number}. "));
        } else {
            out.push_str(&format!("{number}... "));
        }
        out.push_str(&San::of(&position, &mv).to_string());
        out.push(' ');
        match picks.next().unwrap_or(0) % 8 {
            0 => out.push_str("{ a comment } "),
            1 => out.push_str("$14 "),
            2 => out.push_str("!? "),
            _ => {}
        }
        // A variation replacing this move, one legal move from the position before it.
        if pick % 5 == 0 {
            let alternatives = position.legal_moves();
            let other = alternatives[usize::from(pick / 5) % alternatives.len()];
            let side = if ply.is_multiple_of(2) {
                format!("{number}.")
            } else {
                format!("{number}...")
            };
            out.push_str(&format!(
                "( {side} {} {{ side }} ) ",
                San::of(&position, &other)
            ));
        }
        position.play_unchecked(&mv);
        ply += 1;
    }
    out.push_str("*\n");
    out
}

#[test]
fn the_json_form_of_a_game_with_everything() {
    let text = "[Event \"e\"]\n[White \"a \\\"b\\\"\"]\n\n{ intro } 1. e4 $1 { best } ( 1. d4 { also } d5 ( 1... Nf6 ) ) 1... e5 2. Nf3 *\n";
    let value = form(text);
    insta::assert_json_snapshot!(value);
    let written = json::to_pgn(&value).unwrap();
    assert_eq!(form(&written), value, "{written}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn reading_the_written_json_form_gives_it_back(choices in proptest::collection::vec(any::<u8>(), 0..120)) {
        let text = random_pgn(&choices);
        let value = form(&text);
        let written = json::to_pgn(&value).unwrap();
        prop_assert_eq!(form(&written), value, "{}", written);
    }
}

/// A random game with its moves misspelled in ways `fmt` fixes (long algebraic, castling with
/// zeros, check marks dropped or added, capture marks dropped, wrong move numbers).
fn misspelled_pgn(choices: &[u8]) -> (String, String) {
    let start: dfen::Dfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        .parse()
        .unwrap();
    let mut out = String::from("[Event \"misspelled\"]\n\n");
    let mut ucis = Vec::new();
    let mut position = Position::new(&start);
    let mut ply = 0u32;
    let mut picks = choices.iter().copied();
    while let Some(pick) = picks.next() {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(pick) % moves.len()];
        let san = San::of(&position, &mv).to_string();
        let spelled = match picks.next().unwrap_or(0) % 6 {
            0 => mv.to_string(),
            1 => san.replace('O', "0"),
            2 => san.trim_end_matches(['+', '#']).to_owned(),
            3 if !san.ends_with(['+', '#']) => format!("{san}+"),
            4 => san.replacen('x', "", 1),
            _ => san,
        };
        let number = ply / 2 + 1 + u32::from(pick % 7 == 0);
        if ply.is_multiple_of(2) {
            out.push_str(&format!("{number}. "));
        }
        out.push_str(&spelled);
        out.push(' ');
        ucis.push(mv.to_string());
        position.play_unchecked(&mv);
        ply += 1;
    }
    out.push('*');
    (out, ucis.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    /// `fmt` fixes every fixable finding of a misspelled game, changes no move, and a second
    /// `fmt` changes nothing.
    #[test]
    fn fmt_fixes_misspellings_and_keeps_the_moves(choices in proptest::collection::vec(any::<u8>(), 0..120)) {
        let (text, _) = misspelled_pgn(&choices);
        let reader = Reader::new().keep(Keep::Mainline);
        let before = reader.games(&text).next().unwrap();
        prop_assert!(!before.has_error(), "{:?}", before.findings);
        let fixed = pgn::fix(&text, pgn::Notation::Pgn);
        let after = reader.games(&fixed).next().unwrap();
        prop_assert_eq!(after.uci_mainline(), before.uci_mainline());
        prop_assert!(after.findings.iter().all(|f| !f.fixable), "{:?}\n{}", after.findings, fixed);
        prop_assert_eq!(pgn::fix(&fixed, pgn::Notation::Pgn), fixed);
    }
}
