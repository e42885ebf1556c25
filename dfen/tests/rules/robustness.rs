//! The rules on any valid DFEN, not only on positions reached by play: odd boards (nine queens,
//! two kings, pawns about to promote, castling rights with pieces at home, en-passant targets)
//! and any dice. Move generation, the Maximum Micro-moves filter and every legal move's
//! application must work, and every position they produce must parse back to itself. A board
//! where a side has no king is a finished game: every rules call refuses it with `RULE007`. The
//! `rules` fuzz target (`fuzz/`) checks the same over much longer runs.

use dfen::rules;
use dfen::{Color, Dfen, DicePool, Parser, Piece, Role, Square};
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

/// Whether each side has a king; without one the game is over.
fn both_kings(position: &Dfen) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .all(|color| position.board.count(color, Role::King) > 0)
}

/// The position with a king put on the first empty square (from a1 for White, from h8 for
/// Black) of each side that has none, so that the rules apply to it.
fn with_both_kings(mut position: Dfen) -> Dfen {
    for (color, squares) in [
        (Color::White, (0u8..64).collect::<Vec<_>>()),
        (Color::Black, (0u8..64).rev().collect()),
    ] {
        if position.board.count(color, Role::King) > 0 {
            continue;
        }
        let empty = squares
            .into_iter()
            .filter_map(Square::from_index)
            .find(|&square| position.board.get(square).is_none());
        if let Some(square) = empty {
            position.board.set(
                square,
                Some(Piece {
                    color,
                    role: Role::King,
                }),
            );
        }
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_side_without_a_king_has_finished_its_game(position in any_position()) {
        // The generator leaves a king out of most of its sparse boards.
        prop_assume!(!both_kings(&position));
        parses_back(&position);
        let fresh = Dfen { dice: DicePool::EMPTY, ..position.clone() };
        for err in [
            rules::legal_moves(&position).unwrap_err(),
            rules::pass(&position).unwrap_err(),
            rules::play_uci(&position, "a1a2").unwrap_err(),
            rules::roll(&fresh, position.dice).unwrap_err(),
            rules::Perft::new(rules::PerftMode::Roll(position.dice), 1)
                .count(&fresh)
                .unwrap_err(),
            rules::Rules::new().king_capture(rules::KingCapture::Any).legal_moves(&position).unwrap_err(),
            rules::Rules::new().turns(&position).unwrap_err(),
        ] {
            prop_assert_eq!(err.code(), dfen::rules::RulesCode::GameOver, "{} on {}", err, position);
            let board_len = position.to_string().find(' ').unwrap();
            prop_assert_eq!(err.span(), 0..board_len);
        }
    }

    #[test]
    fn every_legal_move_of_any_position_applies(position in any_position()) {
        let position = with_both_kings(position);
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
        prop_assert_eq!(rules::pass(&position).unwrap_err().code(), dfen::rules::RulesCode::CannotPass);
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
