//! The rules on any valid DFEN, not only on positions reached by play: odd boards (no king, nine
//! queens, pawns about to promote, castling rights with pieces at home, en-passant targets)
//! and any dice. Move generation, the Maximum Micro-moves filter and every legal move's
//! application must work, and every position they produce must parse back to itself. The
//! `rules` fuzz target (`fuzz/`) checks the same over much longer runs.

use dfen::rules;
use dfen::{Dfen, Parser};
use proptest::prelude::*;

/// Boards with few pieces most of the time, so that the pieces can move, and 1 to 3 dice.
fn any_position() -> impl Strategy<Value = Dfen> {
    crate::strategies::dfen_with(6, 0u32..200, Just(1), 1..=3)
}

#[track_caller]
fn parses_back(position: &Dfen) {
    let text = position.to_string();
    match Parser::new().parse(&text) {
        Ok(parsed) => assert_eq!(&parsed.dfen, position, "{text} does not parse back"),
        Err(err) => panic!("the rules produced {text}, which does not parse: {err}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_legal_move_of_any_position_applies(position in any_position()) {
        parses_back(&position);
        let legal = rules::legal_moves(&position).unwrap();
        prop_assert!(usize::from(legal.max_len()) <= position.dice.len());
        if legal.is_empty() {
            let passed = rules::pass(&position).unwrap();
            prop_assert!(passed.turn_ended);
            prop_assert!(passed.position.dice.is_empty());
            parses_back(&passed.position);
            return Ok(());
        }
        prop_assert_eq!(rules::pass(&position).unwrap_err().code(), "RULE006");
        for mv in &legal {
            let outcome = rules::play(&position, mv.uci()).unwrap();
            parses_back(&outcome.position);
            if outcome.winner.is_some() {
                prop_assert_eq!(outcome.winner, Some(position.side));
                continue;
            }
            if outcome.turn_ended {
                prop_assert!(outcome.position.dice.is_empty());
                prop_assert_eq!(outcome.position.side, position.side.opposite());
            } else {
                // The rest of the turn still reaches L*.
                let rest = rules::legal_moves(&outcome.position).unwrap();
                prop_assert_eq!(rest.max_len() + mv.cost(), legal.max_len(), "after {} in {}", mv, position);
            }
        }
    }
}
