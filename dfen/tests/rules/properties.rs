//! Random play from random rolls: every position the engine produces parses again, prints the
//! same, carries no finding, and the Maximum Micro-moves bookkeeping adds up.

use dfen::rules::{self, MoveKind};
use dfen::{DicePool, Parser, Role};
use proptest::prelude::*;

use crate::dfen;

const STARTS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 -",
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 -",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 -",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 -",
];

/// Parses `text` with findings and checks it is clean and prints back unchanged.
#[track_caller]
fn check_clean(text: &str) {
    let parsed = Parser::new()
        .parse(text)
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
    assert_eq!(parsed.dfen.to_string(), text, "not canonical");
    assert!(
        parsed.findings.is_empty(),
        "{text} has findings: {:?}",
        parsed.findings
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_play_keeps_positions_valid_and_l_star_consistent(
        start in 0usize..STARTS.len(),
        rolls in prop::collection::vec(prop::array::uniform3(1u8..=6), 1..24),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 72),
    ) {
        let mut position = dfen(STARTS[start]);
        let mut picks = picks.into_iter();
        'game: for roll in rolls {
            let dice = DicePool::from_roles(roll.iter().filter_map(|d| Role::from_die(*d))).unwrap();
            position = rules::roll(&position, dice).unwrap();
            check_clean(&position.to_string());
            let side = position.side;
            loop {
                let legal = rules::legal_moves(&position).unwrap();
                prop_assert!(legal.max_len() as usize <= position.dice.len());
                if legal.is_empty() {
                    prop_assert_eq!(legal.max_len(), 0);
                    let passed = rules::pass(&position).unwrap();
                    position = passed.position;
                    prop_assert_eq!(position.side, side.opposite());
                    check_clean(&position.to_string());
                    break;
                }
                let Some(pick) = picks.next() else { break 'game };
                let mv = *pick.get(legal.moves());
                let outcome = rules::play(&position, mv.uci()).unwrap();
                let text = outcome.position.to_string();
                prop_assert_eq!(&dfen(&text), &outcome.position, "round trip of {}", text);
                if outcome.winner.is_some() {
                    prop_assert_eq!(mv.kind, MoveKind::KingCapture);
                    break 'game;
                }
                check_clean(&text);
                if outcome.turn_ended {
                    prop_assert!(outcome.position.dice.is_empty());
                    prop_assert_eq!(outcome.position.side, side.opposite());
                    position = outcome.position;
                    break;
                }
                // Mid-turn: the rest of the dice still reach L* minus what the move cost.
                let rest = rules::legal_moves(&outcome.position).unwrap();
                prop_assert_eq!(rest.max_len() + mv.cost(), legal.max_len(), "after {} in {}", mv, position);
                position = outcome.position;
            }
        }
    }
}
