//! The rules on any valid DFEN, not only on positions reached by play: odd boards (no king, nine
//! queens, pawns about to promote, castling rights with pieces at home, en-passant targets)
//! and any dice. Move generation, the Maximum Micro-moves filter and every legal move's
//! application must work, and every position they produce must parse back to itself. The
//! `rules` fuzz target (`fuzz/`) checks the same over much longer runs.

use dfen::rules;
use dfen::{
    Board, CastlingRights, CastlingSide, Color, Dfen, DicePool, Parser, Piece, Role, Square,
    SquareSet,
};
use proptest::prelude::*;

/// Boards with few pieces most of the time, so that the pieces can move.
fn square() -> impl Strategy<Value = Option<Piece>> {
    prop_oneof![
        6 => Just(None),
        1 => (any::<bool>(), 0usize..6).prop_map(|(white, role)| Some(Piece {
            color: if white { Color::White } else { Color::Black },
            role: Role::ALL[role],
        })),
    ]
}

prop_compose! {
    /// A position whose DFEN text parses back to it (en-passant squares on ranks 3 and 6).
    fn any_position()(
        squares in prop::collection::vec(square(), 64),
        white in any::<bool>(),
        castling in 0u8..16,
        ep in any::<u16>(),
        halfmove in 0u32..200,
        dice in prop::collection::vec(0usize..6, 1..=3),
    ) -> Dfen {
        let mut board = Board::empty();
        for (index, piece) in (0u8..).zip(squares) {
            board.set(Square::from_index(index).unwrap(), piece);
        }
        let mut rights = CastlingRights::NONE;
        for (i, side) in CastlingSide::ALL.into_iter().enumerate() {
            if castling & (1 << i) != 0 {
                rights.insert(side);
            }
        }
        let mut en_passant = SquareSet::EMPTY;
        for bit in 0..16u8 {
            if ep & (1 << bit) != 0 {
                en_passant.insert(Square::new(bit % 8, if bit < 8 { 2 } else { 5 }).unwrap());
            }
        }
        Dfen {
            board,
            side: if white { Color::White } else { Color::Black },
            castling: rights,
            en_passant,
            halfmove,
            fullmove: 1,
            dice: DicePool::from_roles(dice.into_iter().map(|d| Role::ALL[d])).unwrap(),
        }
    }
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
